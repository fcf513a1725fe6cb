//! `generate-maze`: draw new dragon-escape puzzles (feature `mapgen`).

use std::fs;
use std::hash::{BuildHasher, RandomState};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use super::shell::Installation;
use super::{EXIT_ERROR, cleanup, emit, fail, parse_size, write_file};
use crate::error::plural;
use crate::mapgen::report::Report;
use crate::mapgen::{
    self, Algorithm, Analysis, Bias, Difficulty, Endpoints, GenerateError, Generated, Knobs, Order,
    Search, Strategy, Tuning,
};
use crate::{MAX_DRAGONS, MAX_KEYS, Speed};

const PROGRAM: &str = "generate-maze";

/// Exit code: the bounded search found no puzzle meeting the requirements.
pub const EXIT_GAVE_UP: u8 = 1;

/// Why `--format json` is refused in a build without the `json` feature.
const NO_JSON: &str = "this build has no JSON support (cargo feature `json`)";

const AFTER_HELP: &str = "\
Sizes are in cells: a W x H maze is printed as a (2W+1) x (2H+1) grid of
tiles, walls included. Coordinates (--hero, --exit, --dragon) are ROW,COL in
cells from 0,0 at the top left; cell ROW,COL is tile 2*ROW+1, 2*COL+1.

The dragon is placed so that the puzzle is solvable under the default rules
(checked with the solver) and meets the requirements. --difficulty stands
for requirements: easy = solvable; medium = --min-detour 2; hard =
--min-detour 6 --require-backstep. Explicit flags override it.

--dragons N (up to 4) and --keys N (up to 16, each with a door) add the
pieces of two rule variants (docs/RULES.md): every dragon must matter
(taking any one away changes the answer) and the solution must open a door.
solve-maze reads such maps as they are. A required back-step (and so
--difficulty hard) cannot be checked with them, and --stats leaves out
whether a back-step is needed. Their searches grow fast with the pieces:
several dragons under --stats' adversarial rule, or many keys, can take
seconds to minutes on mid-sized mazes.

The same --seed and options give the same bytes on every platform. Without
--seed a seed is picked and reported on standard error. With --count, puzzle
i uses seed S+i and is written to DIR/maze-<seed>.txt (or .json); --force
replaces files that exist.

Checking placements and --stats cost the solver more as mazes grow (well
under a second at 200x200 cells, seconds at 500x500, within --max-memory,
4 GiB by default); --no-verify skips the checks.

Exit status: 0 puzzles written, 1 no puzzle met the requirements within the
effort, 2 bad usage or an output error.

Examples:
  generate-maze | solve-maze -
  generate-maze --seed 7 --difficulty hard --stats
  generate-maze -W 30 -H 20 --algorithm kruskal --braid 0.8 --notation ascii
  generate-maze --algorithm binary-tree --bias north=2,east=1
  generate-maze -W 10 -H 10 --dragons 2 --keys 1 | solve-maze -
  generate-maze --seed 7 --stats --format json -o puzzle.txt
  generate-maze --count 100 --out-dir puzzles --difficulty medium";

/// Raw command-line arguments of `generate-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version = super::version(),
    about = "Generate dragon-escape puzzles (emoji grids that solve-maze reads)",
    after_help = AFTER_HELP
)]
pub struct Args {
    /// Maze width in cells.
    #[arg(
        short = 'W',
        long,
        default_value_t = 15,
        value_name = "CELLS",
        help_heading = "Maze"
    )]
    width: usize,

    /// Maze height in cells.
    #[arg(
        short = 'H',
        long,
        default_value_t = 10,
        value_name = "CELLS",
        help_heading = "Maze"
    )]
    height: usize,

    /// The maze algorithm.
    #[arg(short, long, value_enum, default_value_t = Algorithm::default(), help_heading = "Maze")]
    algorithm: Algorithm,

    /// Binary tree only: the two directions and their weights, e.g.
    /// north=2,east=1 (north twice as often as east).
    #[arg(long, value_name = "SPEC", help_heading = "Maze")]
    bias: Option<Bias>,

    /// Growing tree only: how often (percent) to grow from the newest cell
    /// rather than a random one.
    #[arg(long, value_name = "PERCENT", help_heading = "Maze")]
    newest: Option<u8>,

    /// Share of dead ends (0 to 1) to open into loops; loops let the hero
    /// get around the dragon.
    #[arg(long, default_value_t = mapgen::Config::DEFAULT_BRAID, value_name = "F", help_heading = "Maze")]
    braid: f64,

    /// Open rooms (2 to 4 cells a side) to add before braiding.
    #[arg(long, default_value_t = 0, value_name = "N", help_heading = "Maze")]
    rooms: usize,

    /// Where the hero and the exit go unless given: the two ends of the
    /// longest path (the default), or random cells.
    #[arg(long, value_enum, help_heading = "Puzzle")]
    endpoints: Option<Endpoints>,

    /// The hero's cell.
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle")]
    hero: Option<(usize, usize)>,

    /// The exit's cell.
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle")]
    exit: Option<(usize, usize)>,

    /// The dragon's cell (still checked unless --no-verify).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, help_heading = "Puzzle")]
    dragon: Option<(usize, usize)>,

    /// How many dragons, 1 to 4 (a rule variant: docs/RULES.md, "Several
    /// dragons"). With more than one, each must matter: taking any one away
    /// changes the answer.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_dragons, help_heading = "Puzzle")]
    dragons: usize,

    /// How many keys, 0 to 16, each with a door (a rule variant:
    /// docs/RULES.md, "Keys and doors"). The doors close passages of the
    /// hero's shortest route, and the solution must open one.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = parse_keys, help_heading = "Puzzle")]
    keys: usize,

    /// A named set of requirements.
    #[arg(long, value_enum, help_heading = "Puzzle")]
    difficulty: Option<Difficulty>,

    /// The answer must be at least N steps.
    #[arg(long, value_name = "N", help_heading = "Puzzle")]
    min_steps: Option<usize>,

    /// The dragon must force at least N extra steps over the dragon-free path.
    #[arg(long, value_name = "N", help_heading = "Puzzle")]
    min_detour: Option<usize>,

    /// Every optimal line must step straight back at least once.
    #[arg(long, help_heading = "Puzzle")]
    require_backstep: bool,

    /// The answer must not depend on how the dragon breaks ties (the same
    /// under the default, adversarial and optimistic rules).
    #[arg(long, help_heading = "Puzzle")]
    tie_independent: bool,

    /// Check the puzzle against a dragon of N steps a turn, 1 to 8 (a rule
    /// variant: solve it with `solve-maze --dragon-speed N`).
    #[arg(long, value_name = "N", default_value_t = Speed::ONE, help_heading = "Puzzle")]
    dragon_speed: Speed,

    /// Check the puzzle with waiting allowed (a rule variant: solve it with
    /// `solve-maze --wait`).
    #[arg(long, help_heading = "Puzzle")]
    wait: bool,

    /// Do not check the puzzle with the solver: the dragon goes to a random
    /// tile (or --dragon) and may catch the hero.
    #[arg(long, help_heading = "Puzzle")]
    no_verify: bool,

    /// The seed of every random choice.
    #[arg(long, value_name = "S", help_heading = "Output")]
    seed: Option<u64>,

    /// How the map is written: the emoji grid, ASCII aliases, or the JSON
    /// matrix (all three are what solve-maze reads).
    #[arg(long, value_enum, default_value_t = NotationArg::Emoji, help_heading = "Output")]
    notation: NotationArg,

    /// How --stats describes each puzzle: text, or one JSON object per
    /// puzzle (JSON Lines).
    #[arg(long, value_enum, default_value_t = FormatArg::Text, help_heading = "Output")]
    format: FormatArg,

    /// How many puzzles to write (needs --out-dir).
    #[arg(
        short = 'n',
        long,
        default_value_t = 1,
        value_name = "N",
        help_heading = "Output"
    )]
    count: usize,

    /// Write the puzzle to FILE instead of standard output (complete or not
    /// at all; an existing FILE is replaced).
    #[arg(
        short,
        long,
        value_name = "FILE",
        conflicts_with = "out_dir",
        help_heading = "Output"
    )]
    output: Option<PathBuf>,

    /// Write the puzzles as files DIR/maze-SEED.txt (.json with
    /// --notation json); DIR is created if missing.
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    out_dir: Option<PathBuf>,

    /// Replace files that already exist in --out-dir (without it, an
    /// existing file stops the run before anything is written).
    #[arg(long, help_heading = "Output")]
    force: bool,

    /// Describe each puzzle on standard error: dead ends, longest path,
    /// solution, detour, back-steps, tie dependence, search effort (as JSON
    /// with --format json).
    #[arg(long, help_heading = "Output")]
    stats: bool,

    /// How the placement search spends its effort: one candidate per maze
    /// then a new maze, every candidate of a maze, or a bounded number
    /// (both, the default).
    #[arg(long, value_enum, help_heading = "Search")]
    search: Option<Strategy>,

    /// The order of dragon candidates: most constraining first (the
    /// default; by how early the dragon reaches the hero's route), or random.
    #[arg(long, value_enum, help_heading = "Search")]
    order: Option<Order>,

    /// Candidates tried per maze with --search both (default: 4).
    #[arg(long, value_name = "N", help_heading = "Search")]
    per_maze: Option<usize>,

    /// Give up after this many solver runs for one puzzle (default: 1000).
    #[arg(long, value_name = "RUNS", help_heading = "Search")]
    effort: Option<u64>,

    /// About how much memory generating may use, e.g. 512M, 2G: a maze too
    /// large for it is refused at once, and each solver run has this budget.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size, help_heading = "Search")]
    max_memory: usize,

    #[command(flatten)]
    installation: Installation,
}

// The map's notation and the report's format are choices of the command
// line only: the library writes each notation with its own method
// (`Puzzle::to_emoji`, `to_ascii`, `to_json_matrix`) and each report with
// its own function, so there is no library enum to derive these from.

/// How the map is written (`--notation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum NotationArg {
    /// The official emoji grid.
    Emoji,
    /// ASCII aliases: # . H D E.
    Ascii,
    /// The JSON matrix of one-emoji strings.
    Json,
}

/// How `--stats` describes a puzzle (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// Aligned lines of text.
    Text,
    /// One JSON object per puzzle.
    Json,
}

/// Where the puzzles go.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// Standard output.
    Stdout,
    /// One file (`-o FILE`).
    File(PathBuf),
    /// Files named by their seeds in a directory (`--out-dir DIR`).
    Dir {
        /// The directory.
        dir: PathBuf,
        /// Whether existing files may be replaced (`--force`).
        force: bool,
    },
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

/// The checked configuration a run works from.
#[derive(Debug)]
pub struct Config {
    generator: mapgen::Config,
    seed: u64,
    seed_was_picked: bool,
    notation: NotationArg,
    format: FormatArg,
    count: usize,
    destination: Destination,
    stats: bool,
}

impl Args {
    /// Checks the arguments; `pick_seed` supplies a seed when none is given.
    ///
    /// # Errors
    /// A sentence for option combinations that cannot work.
    pub fn into_config(self, pick_seed: impl FnOnce() -> u64) -> Result<Config, String> {
        let algorithm = self.algorithm;
        if self.bias.is_some() && algorithm != Algorithm::BinaryTree {
            return Err("--bias applies to --algorithm binary-tree only".into());
        }
        if self.newest.is_some() && algorithm != Algorithm::GrowingTree {
            return Err("--newest applies to --algorithm growing-tree only".into());
        }
        if self.count == 0 {
            return Err("--count must be at least 1".into());
        }
        if self.count > 1 && self.out_dir.is_none() {
            return Err("--count writes files: give a directory with --out-dir DIR".into());
        }
        if self.force && self.out_dir.is_none() {
            return Err("--force replaces files in --out-dir; give --out-dir DIR".into());
        }
        if self.format == FormatArg::Json && !cfg!(feature = "json") {
            return Err(NO_JSON.into());
        }
        if self.format == FormatArg::Json && !self.stats {
            return Err(
                "--format json is how --stats describes the puzzle: add --stats \
                 (the map's own notation is --notation json)"
                    .into(),
            );
        }
        self.refuse_idle_knobs()?;
        if let Some(file) = self.output.as_ref().filter(|f| f.is_dir()) {
            return Err(format!(
                "{}: is a directory; -o names a file (--out-dir DIR writes files into a directory)",
                file.display()
            ));
        }
        let base = self.difficulty.unwrap_or(Difficulty::Easy).knobs();
        let knobs = Knobs {
            min_steps: self.min_steps.unwrap_or(base.min_steps),
            min_detour: self.min_detour.unwrap_or(base.min_detour),
            require_backstep: self.require_backstep || base.require_backstep,
            tie_independent: self.tie_independent || base.tie_independent,
        };
        if self.no_verify && knobs != Knobs::default() {
            return Err(format!(
                "--no-verify skips the solver, so it cannot also require {}",
                knobs.to_string().trim_start_matches("solvable, ")
            ));
        }
        let search = Search::default();
        let generator = mapgen::Config {
            width: self.width,
            height: self.height,
            algorithm,
            tuning: Tuning {
                bias: self.bias.unwrap_or_default(),
                newest: self.newest.unwrap_or(Tuning::default().newest),
            },
            rooms: self.rooms,
            braid: self.braid,
            endpoints: self.endpoints.unwrap_or_default(),
            hero: self.hero,
            exit: self.exit,
            dragon: self.dragon,
            dragons: self.dragons,
            keys: self.keys,
            knobs,
            speed: self.dragon_speed,
            wait: self.wait,
            verify: !self.no_verify,
            search: Search {
                strategy: self.search.unwrap_or(search.strategy),
                order: self.order.unwrap_or(search.order),
                per_maze: self.per_maze.unwrap_or(search.per_maze),
                max_solves: self.effort.unwrap_or(search.max_solves),
            },
            max_memory: self.max_memory,
        };
        generator.check().map_err(|e| {
            let hint = if generator.bytes_needed() > generator.max_memory {
                " (see --max-memory)"
            } else {
                ""
            };
            format!("{e}{hint}")
        })?;
        Ok(Config {
            generator,
            seed: self.seed.unwrap_or_else(pick_seed),
            seed_was_picked: self.seed.is_none(),
            notation: self.notation,
            format: self.format,
            count: self.count,
            destination: match (self.output, self.out_dir) {
                (Some(file), _) => Destination::File(file),
                (None, Some(dir)) => Destination::Dir {
                    dir,
                    force: self.force,
                },
                (None, None) => Destination::Stdout,
            },
            stats: self.stats,
        })
    }
}

impl Args {
    /// Refuses the search and placement options that the other options
    /// leave with nothing to do.
    fn refuse_idle_knobs(&self) -> Result<(), String> {
        let search_knobs = [
            ("--search", self.search.is_some()),
            ("--order", self.order.is_some()),
            ("--per-maze", self.per_maze.is_some()),
        ];
        let given = search_knobs
            .iter()
            .find(|(_, given)| *given)
            .map(|(flag, _)| flag);
        if let (true, Some(flag)) = (self.no_verify, given) {
            return Err(format!(
                "--no-verify places the dragon at random without a search, so {flag} would do nothing"
            ));
        }
        // The effort also bounds the mazes drawn again when the hero or the
        // exit lands on a given dragon's cell, which needs --dragon and a
        // placed hero or exit.
        let redraws = self.dragon.is_some() && (self.hero.is_none() || self.exit.is_none());
        if self.no_verify && self.effort.is_some() && !redraws {
            return Err(
                "--effort bounds the solver runs and --no-verify makes none, so it would do nothing"
                    .into(),
            );
        }
        // With several dragons, --order still ranks the others' cells.
        let idle_with_dragon = search_knobs
            .iter()
            .find(|(flag, given)| *given && (*flag != "--order" || self.dragons == 1))
            .map(|(flag, _)| flag);
        if let (Some(_), Some(flag)) = (self.dragon, idle_with_dragon) {
            return Err(format!(
                "--dragon is the only candidate the search tries, so {flag} would do nothing"
            ));
        }
        if let (Some(_), Some(strategy)) = (self.per_maze, self.search) {
            if strategy != Strategy::Both {
                let name = strategy
                    .to_possible_value()
                    .map_or_else(String::new, |v| v.get_name().to_owned());
                return Err(format!(
                    "--per-maze counts the candidates of --search both; with --search {name} it would do nothing"
                ));
            }
        }
        if self.endpoints.is_some() && self.hero.is_some() && self.exit.is_some() {
            return Err(
                "--endpoints places the hero and the exit, and --hero and --exit are both given, so it would do nothing"
                    .into(),
            );
        }
        Ok(())
    }
}

impl Config {
    /// The generator's configuration, as checked.
    pub fn generator(&self) -> &mapgen::Config {
        &self.generator
    }

    /// The seed of the first puzzle.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

/// A seed from the operating system's randomness (through the standard
/// library's hash keys), for runs without `--seed`.
fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id())
}

/// The entry point of the `generate-maze` binary.
pub fn main() -> ExitCode {
    let args = super::parse_from::<Args, _, _>(std::env::args_os()).unwrap_or_else(|e| e.exit());
    if let Some(asset) = args.installation.asked() {
        return asset.print(super::command::<Args>(), PROGRAM, &mut io::stdout().lock());
    }
    match args.into_config(fresh_seed) {
        Ok(config) => run(&config, &mut io::stdout().lock()),
        Err(message) => fail(PROGRAM, &message),
    }
}

/// Generates the puzzles of `config`: to `out`, to `-o FILE`, or as files
/// with `--out-dir`. Notes, statistics and progress go to standard error.
pub fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    if config.seed_was_picked {
        note(&format!("seed {0} (repeat with --seed {0})", config.seed));
    }
    let one = || make(config, config.seed, io::stderr().is_terminal());
    // Ctrl-C says so, and while a file is written leaves no temporary file.
    cleanup::say_on_signal(stopped);
    cleanup::remove_on_signal();
    match &config.destination {
        Destination::Stdout => match one() {
            Ok(text) => match emit(out, &text) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(PROGRAM, &format!("cannot write the output: {e}")),
            },
            Err(code) => code,
        },
        Destination::File(path) => match one() {
            Ok(text) => match write_file(path, text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => fail(PROGRAM, &message),
            },
            Err(code) => code,
        },
        Destination::Dir { dir, force } => write_files(config, dir, *force),
    }
}

/// One puzzle for `seed`, rendered; statistics (if asked) go to standard
/// error, and with `spin` a spinner shows while the work is under way. On
/// failure the message is already printed.
fn make(config: &Config, seed: u64, spin: bool) -> Result<String, ExitCode> {
    let spinner = if spin {
        let style = ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .expect("a valid progress template");
        let spinner = ProgressBar::new_spinner()
            .with_style(style)
            .with_message("generating and checking the puzzle");
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
        spinner
    } else {
        ProgressBar::hidden()
    };
    let generated = mapgen::generate(&config.generator, &mut mapgen::seeded(seed));
    let report = match (&generated, config.stats) {
        (Ok(generated), true) => {
            spinner.set_message("analysing the puzzle");
            Some(stats(config, seed, generated))
        }
        _ => None,
    };
    spinner.finish_and_clear();
    let generated = generated.map_err(|e| {
        let code = match e {
            GenerateError::GaveUp { .. } => EXIT_GAVE_UP,
            GenerateError::Config(_) | GenerateError::Solver(_) => EXIT_ERROR,
        };
        // A faster dragon closes in on a hero that runs from it, so the
        // farthest endpoints (a whole maze to cross) rarely escape.
        let hint = match e {
            GenerateError::GaveUp { .. }
                if !config.generator.speed.is_one()
                    && config.generator.endpoints == Endpoints::Farthest
                    && (config.generator.hero.is_none() || config.generator.exit.is_none()) =>
            {
                "; a faster dragon catches a hero with a whole maze to cross: \
                 try --endpoints random"
            }
            _ => "",
        };
        let _ = writeln!(io::stderr(), "{PROGRAM}: seed {seed}: {e}{hint}");
        ExitCode::from(code)
    })?;
    if let Some(report) = report {
        let report = report.map_err(|e| fail(PROGRAM, &e))?;
        let _ = io::stderr().write_all(report.as_bytes());
    }
    let p = &generated.puzzle;
    Ok(match config.notation {
        NotationArg::Emoji => p.to_emoji(),
        NotationArg::Ascii => p.to_ascii(),
        NotationArg::Json => p.to_json_matrix(),
    })
}

/// Writes `config.count` puzzles into `dir`, each through [`write_file`], so
/// a regular file is either complete or absent. Unless `force`, a file that
/// already exists stops the run before any is written.
fn write_files(config: &Config, dir: &Path, force: bool) -> ExitCode {
    if let Err(e) = fs::create_dir_all(dir) {
        return fail(
            PROGRAM,
            &format!("{}: cannot create the directory: {e}", dir.display()),
        );
    }
    // The temporary files of runs that were killed go first.
    let swept = cleanup::sweep(dir, is_batch_file);
    if swept > 0 {
        note(&format!(
            "{}: removed {} left by an interrupted run",
            dir.display(),
            plural(swept, "temporary file")
        ));
    }
    let ext = if config.notation == NotationArg::Json {
        "json"
    } else {
        "txt"
    };
    let path_of = |i: usize| {
        let seed = config.seed.wrapping_add(i as u64);
        dir.join(format!("maze-{seed}.{ext}"))
    };
    if !force {
        let existing: Vec<PathBuf> = (0..config.count)
            .map(path_of)
            .filter(|path| path.exists())
            .collect();
        if let Some(first) = existing.first() {
            let more = match existing.len() {
                1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            return fail(
                PROGRAM,
                &format!(
                    "{}: already exists{more}; --force replaces existing files",
                    first.display()
                ),
            );
        }
    }
    BATCH.store(config.count, Ordering::SeqCst);
    // Statistics print a paragraph per puzzle, which is progress enough.
    let progress = if config.count > 1 && io::stderr().is_terminal() && !config.stats {
        let style = ProgressStyle::with_template("[{bar:30}] {pos}/{len} puzzles, {eta} left")
            .expect("a valid progress template")
            .progress_chars("#>-");
        ProgressBar::new(config.count as u64).with_style(style)
    } else {
        ProgressBar::hidden()
    };
    for i in 0..config.count {
        let seed = config.seed.wrapping_add(i as u64);
        let text = match make(config, seed, false) {
            Ok(text) => text,
            Err(code) => {
                progress.finish();
                return code;
            }
        };
        let path = path_of(i);
        if let Err(message) = write_file(&path, text.as_bytes()) {
            progress.finish();
            return fail(PROGRAM, &message);
        }
        WRITTEN.fetch_add(1, Ordering::SeqCst);
        progress.inc(1);
    }
    progress.finish();
    ExitCode::SUCCESS
}

/// The puzzles a batch has written so far, and how many it writes.
static WRITTEN: AtomicUsize = AtomicUsize::new(0);
static BATCH: AtomicUsize = AtomicUsize::new(0);

/// What a signal that ends the program says (see [`cleanup::say_on_signal`]).
fn stopped(signal: &str) -> String {
    match BATCH.load(Ordering::SeqCst) {
        0 => format!("{PROGRAM}: stopped by {signal}"),
        count => format!(
            "{PROGRAM}: stopped by {signal} after writing {} of {count} puzzles",
            WRITTEN.load(Ordering::SeqCst)
        ),
    }
}

/// Whether `name` is one a batch writes: `maze-SEED.txt` or `maze-SEED.json`.
fn is_batch_file(name: &str) -> bool {
    name.strip_prefix("maze-")
        .and_then(|rest| {
            rest.strip_suffix(".txt")
                .or_else(|| rest.strip_suffix(".json"))
        })
        .is_some_and(|seed| !seed.is_empty() && seed.bytes().all(|b| b.is_ascii_digit()))
}

/// The `--stats` report: text, or one JSON object with `--format json`.
fn stats(config: &Config, seed: u64, generated: &Generated) -> Result<String, String> {
    let g = &config.generator;
    let analysis = Analysis::under(&generated.puzzle, g.rules()).map_err(|e| e.to_string())?;
    let report = Report {
        seed,
        config: g,
        generated,
        analysis: &analysis,
    };
    match config.format {
        FormatArg::Text => Ok(report.to_text()),
        FormatArg::Json => json_line(&report),
    }
}

/// The `--stats` report as a line of JSON.
#[cfg(feature = "json")]
fn json_line(report: &Report<'_>) -> Result<String, String> {
    Ok(report.to_json_line() + "\n")
}

/// Without the `json` feature the configuration refuses `--format json`.
#[cfg(not(feature = "json"))]
fn json_line(_: &Report<'_>) -> Result<String, String> {
    Err(NO_JSON.into())
}

/// Prints `generate-maze: message` on standard error: information, not a failure.
fn note(message: &str) {
    let _ = writeln!(io::stderr(), "{PROGRAM}: {message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<Config, String> {
        let args = super::super::parse_from::<Args, _, _>(
            std::iter::once(PROGRAM).chain(args.iter().copied()),
        )
        .map_err(|e| e.to_string())?;
        args.into_config(|| 99)
    }

    #[test]
    fn difficulty_maps_onto_knobs_and_flags_override() {
        let c = config(&["--difficulty", "hard", "--min-detour", "4"]).unwrap();
        let k = c.generator.knobs;
        assert_eq!((k.min_detour, k.require_backstep), (4, true));
        assert_eq!(c.seed, 99);
        assert!(c.seed_was_picked);
        assert!(!config(&["--seed", "5"]).unwrap().seed_was_picked);
    }

    #[test]
    fn knobs_are_taken_where_they_do_something() {
        for args in [
            &["--per-maze", "2"][..],
            &["--search", "both", "--per-maze", "2"],
            &["--search", "restarts", "--order", "random", "--effort", "9"],
            // The effort bounds the mazes drawn again when the hero or the
            // exit lands on the given dragon.
            &["--no-verify", "--dragon", "1,1", "--effort", "3"],
            &[
                "--no-verify",
                "--dragon",
                "1,1",
                "--hero",
                "0,0",
                "--effort",
                "3",
            ],
            &["--dragon", "1,1", "--effort", "3"],
            &["--hero", "0,0", "--endpoints", "random"],
            &["--exit", "0,0", "--endpoints", "farthest"],
            &["--dragons", "4", "--keys", "16"],
            &["--dragons", "2", "--dragon", "1,1"],
            &["--dragons", "2", "--dragon", "1,1", "--order", "random"],
            // Unchecked, a back-step is not asked for.
            &["--keys", "2", "--no-verify"],
        ] {
            assert!(config(args).is_ok(), "{args:?}: {:?}", config(args).err());
        }
        let c = config(&["--seed", "1"]).unwrap();
        assert_eq!((c.generator.dragons, c.generator.keys), (1, 0));
        assert_eq!(c.generator.search, Search::default());
        assert_eq!(c.generator.endpoints, Endpoints::Farthest);
    }

    #[test]
    fn help_names_the_defaults_of_the_search() {
        let help = super::super::command::<Args>().render_help().to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let search = Search::default();
        assert!(
            help.contains(&format!("(default: {})", search.per_maze)),
            "{help}"
        );
        assert!(
            help.contains(&format!("(default: {})", search.max_solves)),
            "{help}"
        );
        assert_eq!(search.strategy, Strategy::Both);
        assert_eq!(search.order, Order::Constrained);
        assert_eq!(Endpoints::default(), Endpoints::Farthest);
    }

    #[test]
    fn bad_combinations_are_refused() {
        for (args, words) in [
            (&["--bias", "north=1,east=1"][..], "binary-tree"),
            (&["--newest", "10"], "growing-tree"),
            (&["--count", "3"], "--out-dir"),
            (&["--force"], "--out-dir"),
            (&["--format", "json"], "add --stats"),
            (&["-o", "a.txt", "--out-dir", "d"], "cannot be used"),
            (&["--width", "1"], "too small"),
            (&["--braid", "1.5"], "between 0 and 1"),
            (&["--braid", "-0.1"], "between 0 and 1"),
            (&["--width", "-3"], "invalid digit"),
            (&["--braid", "0"], "always catches"),
            (
                &["--braid", "0", "--min-detour", "2", "--endpoints", "random"],
                "loops",
            ),
            (&["--no-verify", "--tie-independent"], "tie-independent"),
            (&["--hero", "0,0", "--exit", "0,0"], "different cells"),
            (&["--hero", "3"], "ROW,COL"),
            (&["--dragons", "0"], "'0' is not a number of dragons"),
            (&["--dragons", "5"], "from 1 to 4"),
            (&["--keys", "17"], "from 0 to 16"),
            (&["--keys", "two"], "'two' is not a number of keys"),
            (&["-W", "2", "-H", "2", "--dragons", "3"], "do not fit"),
            (
                &["--keys", "1", "--require-backstep"],
                "a required back-step cannot be checked",
            ),
            (&["--dragon", "10,0"], "outside"),
            (
                &[
                    "--algorithm",
                    "binary-tree",
                    "--bias",
                    "north=4294967295,east=1",
                ],
                "add up to more than",
            ),
            (
                &["-W", "30000", "-H", "30000", "--no-verify"],
                "memory budget",
            ),
            (
                &["-W", "300", "-H", "300", "--max-memory", "10M"],
                "memory budget",
            ),
            (&["--rooms", "1000000000"], "at most 37"),
            (
                &["-W", "130839946903644830", "-H", "11768112516666978687"],
                "at most 4294967294 fit",
            ),
            (
                &["-W", "18446744073709551615", "-H", "18446744073709551615"],
                "at most 4294967294 fit",
            ),
            (&["--max-memory", "18446744073709551616"], "too large"),
            (
                &["--no-verify", "--search", "restarts"],
                "--search would do nothing",
            ),
            (
                &["--no-verify", "--order", "random"],
                "--order would do nothing",
            ),
            (
                &["--no-verify", "--per-maze", "2"],
                "--per-maze would do nothing",
            ),
            (&["--no-verify", "--effort", "5"], "--effort bounds"),
            (
                &[
                    "--no-verify",
                    "--effort",
                    "5",
                    "--dragon",
                    "1,1",
                    "--hero",
                    "0,0",
                    "--exit",
                    "2,2",
                ],
                "--effort bounds",
            ),
            (
                &["--dragon", "1,1", "--order", "random"],
                "--dragon is the only",
            ),
            (
                &["--dragon", "1,1", "--per-maze", "9"],
                "--dragon is the only",
            ),
            (
                &["--search", "restarts", "--per-maze", "2"],
                "with --search restarts it would do nothing",
            ),
            (
                &["--search", "backtracking", "--per-maze", "2"],
                "with --search backtracking",
            ),
            (
                &["--hero", "0,0", "--exit", "2,2", "--endpoints", "random"],
                "--endpoints places",
            ),
        ] {
            let err = config(args).unwrap_err();
            assert!(err.contains(words), "{args:?}: {err}");
        }
    }
}
