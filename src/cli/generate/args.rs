//! The command line of `generate-maze`: its arguments as clap parses
//! them, before they are checked (`config.rs`), and the parsers of the
//! values clap cannot read alone.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, ValueEnum};

use super::{EXIT_GAVE_UP, PROGRAM};
use crate::cli::help::Manual;
use crate::cli::shell::Installation;
use crate::cli::{ColorChoice, EXIT_ERROR, EXIT_ESCAPED, parse_size, parse_time, whole};
use crate::mapgen::{self, Algorithm, Bias, Difficulty, Endpoints, Order, Strategy};
use crate::{MAX_DRAGONS, MAX_KEYS, Notation, Speed};

/// The text beyond the options: `-h`'s summary, `--help`'s sections and
/// the man page's.
pub(super) fn manual() -> Manual {
    let text = |paragraph: &str| paragraph.to_owned();
    let example = |command: &str, what| (command.to_owned(), what);
    Manual {
        summary: text(
            "Sizes are in cells (a W x H maze is (2W+1) x (2H+1) tiles); the dragon is \
             placed so the puzzle is solvable; a --seed gives the same bytes anywhere.",
        ),
        sections: vec![
            (
                "Sizes and places",
                vec![text(
                    "Sizes are in cells: a W x H maze is printed as a (2W+1) x (2H+1) \
                     grid of tiles, walls included. Coordinates (--hero, --exit, \
                     --dragon) are ROW,COL in cells from 0,0 at the top left; cell \
                     ROW,COL is tile 2*ROW+1, 2*COL+1.",
                )],
            ),
            (
                "Placement",
                vec![
                    text(
                        "The dragon is placed so that the puzzle is solvable under the \
                         default rules (checked with the solver) and meets the \
                         requirements. --difficulty stands for requirements: easy = \
                         solvable; medium = --min-detour 2; hard = --min-detour 6 \
                         --require-backstep. Explicit flags override it.",
                    ),
                    text(
                        "--dragons N (up to 4) and --keys N (up to 16, each with a door) \
                         add the pieces of two rule variants (docs/RULES.md): every \
                         dragon must matter (taking any one away changes the answer) and \
                         the solution must open a door. solve-maze reads such maps as \
                         they are. A required back-step (and so --difficulty hard) cannot \
                         be checked with them, and --stats leaves out whether a back-step \
                         is needed. Their searches grow fast with the pieces: several \
                         dragons under --stats' adversarial rule, or many keys, can take \
                         seconds to minutes on mid-sized mazes.",
                    ),
                    text(
                        "Checking placements and --stats cost the solver more as mazes \
                         grow (well under a second at 200x200 cells, seconds at 500x500, \
                         within --max-memory, 4 GiB by default); --no-verify skips the \
                         checks.",
                    ),
                ],
            ),
            (
                "Seeds and files",
                vec![text(
                    "The same --seed and options give the same bytes on every platform. \
                     Without --seed a seed is picked and reported on standard error (as \
                     a JSON record with --stats --format json). With --count, puzzle i \
                     uses seed S+i (S+N-1 at most 2^53 - 1) and is written to \
                     DIR/maze-<seed>.txt (or .json); \
                     --force replaces files that exist.",
                )],
            ),
        ],
        exit_status: &[
            (EXIT_ESCAPED, "puzzles written"),
            (
                EXIT_GAVE_UP,
                "no puzzle met the requirements within the effort",
            ),
            (
                EXIT_ERROR,
                "bad usage, a limit reached (--max-memory, --max-time), or an output error",
            ),
        ],
        examples: vec![
            example("generate-maze | solve-maze -", "A new puzzle, solved."),
            example(
                "generate-maze --seed 7 --difficulty hard --stats",
                "A hard puzzle that needs a back-step, described on standard error.",
            ),
            example(
                "generate-maze -W 30 -H 20 --algorithm kruskal --braid 0.8 --ascii",
                "A wide maze with loops, in ASCII.",
            ),
            example(
                "generate-maze --algorithm binary-tree --bias north=2,east=1",
                "A maze with a direction preferred.",
            ),
            example(
                "generate-maze -W 10 -H 10 --dragons 2 --keys 1 | solve-maze -",
                "Two dragons, a key and its door.",
            ),
            example(
                "generate-maze --seed 7 --stats --format json -o puzzle.txt",
                "The puzzle in a file, its description as JSON.",
            ),
            example(
                "generate-maze --count 100 --out-dir puzzles --difficulty medium",
                "A hundred puzzles, one file each.",
            ),
        ],
        short: 3,
    }
}

/// Raw command-line arguments of `generate-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version = crate::cli::version(),
    about = "Generate dragon-escape puzzles (emoji grids that solve-maze reads)",
    after_help = manual().short_help(),
    after_long_help = manual().long_help()
)]
pub struct Args {
    /// Maze width in cells.
    #[arg(
        short = 'W',
        long,
        default_value_t = 15,
        value_name = "CELLS",
        help_heading = "Maze",
        value_parser = whole("a width in cells", 0_usize..)
    )]
    pub(super) width: usize,

    /// Maze height in cells.
    #[arg(
        short = 'H',
        long,
        default_value_t = 10,
        value_name = "CELLS",
        help_heading = "Maze",
        value_parser = whole("a height in cells", 0_usize..)
    )]
    pub(super) height: usize,

    /// The maze algorithm.
    #[arg(short, long, value_enum, default_value_t = Algorithm::default(), help_heading = "Maze")]
    pub(super) algorithm: Algorithm,

    /// Binary tree only: the two directions and their weights, e.g.
    /// north=2,east=1 (north twice as often as east).
    #[arg(
        long,
        value_name = "SPEC",
        help_heading = "Maze",
        hide_short_help = true
    )]
    pub(super) bias: Option<Bias>,

    /// Growing tree only: how often (percent) to grow from the newest cell
    /// rather than a random one.
    #[arg(
        long,
        value_name = "PERCENT",
        help_heading = "Maze",
        hide_short_help = true,
        value_parser = whole("a percent", 0..=100_u8)
    )]
    pub(super) newest: Option<u8>,

    /// Share of dead ends (0 to 1) to open into loops.
    ///
    /// Loops let the hero get around the dragon.
    #[arg(long, default_value_t = mapgen::Config::DEFAULT_BRAID, value_name = "F", help_heading = "Maze")]
    pub(super) braid: f64,

    /// Open rooms (2 to 4 cells a side) to add before braiding.
    #[arg(
        long,
        default_value_t = 0,
        value_name = "N",
        help_heading = "Maze",
        hide_short_help = true,
        value_parser = whole("a number of rooms", 0_usize..)
    )]
    pub(super) rooms: usize,

    /// Where the hero and the exit go unless given: the two ends of the
    /// longest path (the default), or random cells.
    #[arg(long, value_enum, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) endpoints: Option<Endpoints>,

    /// The hero's cell.
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle", hide_short_help = true, allow_hyphen_values = true)]
    pub(super) hero: Option<(usize, usize)>,

    /// The exit's cell.
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle", hide_short_help = true, allow_hyphen_values = true)]
    pub(super) exit: Option<(usize, usize)>,

    /// The dragon's cell (still checked unless --no-verify).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle", hide_short_help = true, allow_hyphen_values = true)]
    pub(super) dragon: Option<(usize, usize)>,

    /// How many dragons, 1 to 4 (a rule variant).
    ///
    /// docs/RULES.md, "Several dragons". With more than one, each must
    /// matter: taking any one away changes the answer.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_dragons, help_heading = "Puzzle")]
    pub(super) dragons: usize,

    /// How many keys, 0 to 16, each with a door (a rule variant).
    ///
    /// docs/RULES.md, "Keys and doors". The doors close passages of the
    /// hero's shortest route, and the solution must open one.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = parse_keys, help_heading = "Puzzle")]
    pub(super) keys: usize,

    /// A named set of requirements.
    #[arg(long, value_enum, value_name = "LEVEL", help_heading = "Puzzle")]
    pub(super) difficulty: Option<Difficulty>,

    /// The answer must be at least N steps.
    #[arg(
        long,
        value_name = "N",
        help_heading = "Puzzle",
        hide_short_help = true,
        value_parser = whole("a number of steps", 0_usize..)
    )]
    pub(super) min_steps: Option<usize>,

    /// The dragon must force at least N extra steps over the dragon-free path.
    #[arg(
        long,
        value_name = "N",
        help_heading = "Puzzle",
        hide_short_help = true,
        value_parser = whole("a number of steps", 0_usize..)
    )]
    pub(super) min_detour: Option<usize>,

    /// Every optimal line must step straight back at least once.
    #[arg(long, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) require_backstep: bool,

    /// The answer must not depend on how the dragon breaks ties (the same
    /// under the default, adversarial and optimistic rules).
    #[arg(long, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) tie_independent: bool,

    /// Check the puzzle against a dragon of N steps a turn, 1 to 8 (a rule
    /// variant: solve it with `solve-maze --dragon-speed N`).
    #[arg(long, value_name = "N", default_value_t = Speed::ONE, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) dragon_speed: Speed,

    /// Check the puzzle with waiting allowed (a rule variant: solve it with
    /// `solve-maze --wait`).
    #[arg(long, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) wait: bool,

    /// Do not check the puzzle with the solver: the dragon goes to a random
    /// tile (or --dragon) and may catch the hero.
    #[arg(long, help_heading = "Puzzle", hide_short_help = true)]
    pub(super) no_verify: bool,

    /// The seed of every random choice, 0 to 2^53 - 1.
    #[arg(
        long,
        value_name = "S",
        value_parser = whole("a seed", 0..=super::MAX_SEED),
        help_heading = "Output"
    )]
    pub(super) seed: Option<u64>,

    /// How the map is written: the emoji grid, ASCII aliases, or the JSON
    /// matrix (all three are what solve-maze reads).
    #[arg(long, value_enum, default_value_t = Notation::Emoji, help_heading = "Output", hide_short_help = true)]
    pub(super) notation: Notation,

    /// Write the map with ASCII aliases: --notation ascii, as solve-maze
    /// spells it.
    #[arg(long, conflicts_with = "notation", help_heading = "Output")]
    pub(super) ascii: bool,

    /// When to colour the output [default: auto]. generate-maze writes
    /// nothing in colour; it takes the option so that one alias serves
    /// both tools.
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        help_heading = "Output",
        hide_short_help = true
    )]
    pub(super) color: Option<ColorChoice>,

    /// How --stats describes each puzzle: text, or a JSON line each.
    ///
    /// JSON Lines: one object per puzzle
    /// (schemas/generate-stats.schema.json).
    #[arg(long, value_enum, default_value_t = FormatArg::Text, help_heading = "Output", hide_short_help = true)]
    pub(super) format: FormatArg,

    /// How many puzzles to write (needs --out-dir).
    #[arg(
        short = 'n',
        long,
        default_value_t = 1,
        value_name = "N",
        help_heading = "Output",
        value_parser = whole("a number of puzzles", 0_usize..)
    )]
    pub(super) count: usize,

    /// Write the puzzle to FILE instead of standard output.
    ///
    /// The file is complete or not written at all; an existing FILE is
    /// replaced.
    #[arg(
        short,
        long,
        value_name = "FILE",
        conflicts_with = "out_dir",
        help_heading = "Output"
    )]
    pub(super) output: Option<PathBuf>,

    /// Write the puzzles as files DIR/maze-SEED.txt (.json with
    /// --notation json); DIR is created if missing.
    #[arg(
        long,
        value_name = "DIR",
        help_heading = "Output",
        hide_short_help = true
    )]
    pub(super) out_dir: Option<PathBuf>,

    /// Replace files that already exist in --out-dir (without it, an
    /// existing file stops the run before anything is written).
    #[arg(long, help_heading = "Output", hide_short_help = true)]
    pub(super) force: bool,

    /// Describe each puzzle on standard error.
    ///
    /// Dead ends, longest path, solution, detour, back-steps, tie
    /// dependence, search effort (as JSON with --format json).
    #[arg(long, help_heading = "Output")]
    pub(super) stats: bool,

    /// How the placement search spends its effort: one candidate per maze
    /// then a new maze, every candidate of a maze, or a bounded number
    /// (both, the default); or table: every start of the maze valued at
    /// once by its whole-map table, the hero and the dragons where the
    /// escape is longest (a maze whose table does not fit --max-memory
    /// gets the candidate loop of both instead).
    #[arg(long, value_enum, help_heading = "Search", hide_short_help = true)]
    pub(super) search: Option<Strategy>,

    /// The order of dragon candidates: most constraining first (the
    /// default; by how early the dragon reaches the hero's route), or random.
    #[arg(long, value_enum, help_heading = "Search", hide_short_help = true)]
    pub(super) order: Option<Order>,

    /// Candidates tried per maze with --search both, or best starts with
    /// --search table [default: 4].
    #[arg(
        long,
        value_name = "N",
        help_heading = "Search",
        hide_short_help = true,
        value_parser = whole("a number of candidates", 0_usize..)
    )]
    pub(super) per_maze: Option<usize>,

    /// Give up after this many solver runs, or this many mazes drawn, for
    /// one puzzle; with --search table each maze drawn also costs its
    /// whole-map table [default: 1000].
    #[arg(
        long,
        value_name = "RUNS",
        help_heading = "Search",
        hide_short_help = true,
        value_parser = whole("a number of solver runs", 0_u64..)
    )]
    pub(super) effort: Option<u64>,

    /// Search for the hardest puzzle on a board of WxH tiles, e.g. 9x9.
    ///
    /// 3 to 64 a side (9 is 9x9): the whole map, no border wall added.
    /// Its walls, exit, keys and doors change (hill climbing that keeps
    /// sideways steps) to make the optimal escape under the rules asked
    /// (--dragons, --keys, --dragon-speed, --wait) longest, every dragon
    /// and door mattering; the hero and the dragons go on the best start.
    #[arg(
        long,
        value_name = "WxH",
        value_parser = parse_board,
        help_heading = "Hardest",
        conflicts_with_all = MAZE_ONLY
    )]
    pub(super) hardest: Option<(usize, usize)>,

    /// How many changes --hardest tries [default: 2000]: with --seed, what
    /// decides the board found.
    #[arg(
        long,
        value_name = "N",
        help_heading = "Hardest",
        hide_short_help = true,
        value_parser = whole("a number of changes", 0_u64..)
    )]
    pub(super) iterations: Option<u64>,

    /// Stop after this long, e.g. 30s, 5m [default: no limit].
    ///
    /// A number alone is seconds. --hardest ends with the best board so
    /// far, and says which --iterations replays it; any other run ends
    /// with a sentence and exit status 2, a batch keeping the files it
    /// completed and no partial one.
    #[arg(long, value_name = "TIME", value_parser = parse_time, help_heading = "Search", allow_hyphen_values = true)]
    pub(super) max_time: Option<Duration>,

    /// About how much memory generating may use, e.g. 512M, 2G: a maze too
    /// large for it is refused at once, and each solver run has this budget.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size, help_heading = "Search", hide_short_help = true, allow_hyphen_values = true)]
    pub(super) max_memory: usize,

    #[command(flatten)]
    pub(super) installation: Installation,
}

// The report's format is a choice of the command line only: the library
// writes each report with its own function, so there is no library enum to
// derive it from. The map's notation is the library's `Notation`.

/// How `--stats` describes a puzzle (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum FormatArg {
    /// Aligned lines of text.
    Text,
    /// One JSON object per puzzle.
    Json,
}

/// The options that shape a maze or its placement search, which a board
/// of --hardest has no use for.
const MAZE_ONLY: [&str; 25] = [
    "width",
    "height",
    "algorithm",
    "bias",
    "newest",
    "braid",
    "rooms",
    "endpoints",
    "hero",
    "exit",
    "dragon",
    "difficulty",
    "min_steps",
    "min_detour",
    "require_backstep",
    "tie_independent",
    "no_verify",
    "count",
    "out_dir",
    "force",
    "stats",
    "search",
    "order",
    "per_maze",
    "effort",
];

/// `WxH` or `N` (a square) → `(width, height)` in tiles.
fn parse_board(s: &str) -> Result<(usize, usize), String> {
    let err = || format!("'{s}' is not a board size: write WxH in tiles, e.g. 9x9, or one side");
    let text = s.trim().to_ascii_lowercase();
    let (w, h) = text.split_once('x').unwrap_or((&text, &text));
    Ok((
        w.trim().parse().map_err(|_| err())?,
        h.trim().parse().map_err(|_| err())?,
    ))
}

/// `ROW,COL` → `(row, col)`.
fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let err = || format!("'{s}' is not a cell: write ROW,COL, e.g. 0,3");
    let (row, col) = s.split_once(',').ok_or_else(err)?;
    Ok((
        row.trim().parse().map_err(|_| err())?,
        col.trim().parse().map_err(|_| err())?,
    ))
}

/// A number of dragons, 1 to [`MAX_DRAGONS`].
fn parse_dragons(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_DRAGONS).contains(n))
        .ok_or_else(|| {
            format!("'{s}' is not a number of dragons: give a whole number from 1 to {MAX_DRAGONS}")
        })
}

/// A number of keys (and doors), 0 to [`MAX_KEYS`].
fn parse_keys(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n <= MAX_KEYS)
        .ok_or_else(|| {
            format!(
                "'{s}' is not a number of keys: give a whole number from 0 to {MAX_KEYS} \
                 (each key comes with a door)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::Search;

    #[test]
    fn help_names_the_defaults_of_the_search() {
        let help = crate::cli::command::<Args>().render_long_help().to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let search = Search::default();
        assert!(
            help.contains(&format!("[default: {}]", search.per_maze)),
            "{help}"
        );
        assert!(
            help.contains(&format!("[default: {}]", search.max_solves)),
            "{help}"
        );
        assert_eq!(search.strategy, Strategy::Both);
        assert_eq!(search.order, Order::Constrained);
        assert_eq!(Endpoints::default(), Endpoints::Farthest);
    }
}
