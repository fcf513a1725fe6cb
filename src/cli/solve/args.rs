//! The command line of `solve-maze` as clap reads it: the options, their
//! help and the parsers of their values. `config.rs` checks what they say
//! into the configuration a run works from ([`Args::into_config`]).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, ValueEnum};

use super::PROGRAM;
use crate::cli::help::Manual;
use crate::cli::shell::Installation;
use crate::cli::{
    ColorChoice, EXIT_ERROR, EXIT_ESCAPED, EXIT_NO_ESCAPE, parse_size, parse_time, whole,
};
use crate::tile;
use crate::viewer::{PLAY_KEYS, PLAYBACK_KEYS, help_text};
use crate::{OracleKind, Priority, Speed, Ties};

/// The text beyond the options: `-h`'s summary, `--help`'s sections and
/// the man page's.
pub(crate) fn manual() -> Manual {
    let pipe = if cfg!(feature = "mapgen") {
        ""
    } else {
        "   (generate-maze: install with --features mapgen)"
    };
    let example = |command: &str, what| (command.to_owned(), what);
    Manual {
        summary: format!(
            "Maps are emoji grids ({}), their ASCII aliases ({}) or a JSON matrix \
             of one-symbol strings; the rules are in docs/RULES.md. -p plays the \
             escape back and --play lets you play it: --help lists their keys.",
            tile::legend(),
            tile::spellings(true)
        ),
        sections: vec![
            (
                "Maps",
                vec![
                    "Maps are emoji grids, the same with ASCII aliases, or a JSON \
                     matrix of one-symbol strings; the format is detected:"
                        .to_owned(),
                    tile::legend_lines(4),
                    "Rules: see docs/RULES.md. By default the dragon breaks ties \
                     between shortest steps in the order up, left, down, right."
                        .to_owned(),
                ],
            ),
            (
                "Playback (-p)",
                vec![
                    "Each turn is two frames, the hero's move, then the dragon's answer. \
                     When standard output is not a terminal, or TERM is dumb, the frames \
                     are printed as plain text instead."
                        .to_owned(),
                    format!("Keys: {}.", help_text(PLAYBACK_KEYS)),
                ],
            ),
            (
                "Play (--play)",
                vec![
                    format!("Keys: {}.", help_text(PLAY_KEYS)),
                    "Keys are read from the terminal, so the map may come from standard \
                     input. On a map with one dragon and no keys or doors, up to about \
                     101x101, play first builds the table of every position: hints are \
                     then instant, and a move worse than the best is called out (\"that \
                     step cost 4 moves\") and counted in the result. With -p and --play \
                     too, the exit status describes the map, not the game played."
                        .to_owned(),
                ],
            ),
            (
                "Recordings (--record)",
                vec![
                    "With -p or alone, the solver's line; with --play, your own game as \
                     you played it, undos and all. The recording's screen is the map's \
                     size, at most --record-size; a larger map is seen through a window \
                     that follows the hero."
                        .to_owned(),
                ],
            ),
        ],
        exit_status: &[
            (EXIT_ESCAPED, "every map escaped"),
            (
                EXIT_NO_ESCAPE,
                "some map has no escape (no path, or the dragon catches the hero)",
            ),
            (
                EXIT_ERROR,
                "bad usage or input, a limit reached (--max-memory, --max-time), \
                 or an output error",
            ),
        ],
        examples: vec![
            example(
                "solve-maze examples/mazes/official-1.txt",
                "The length of the hero's shortest safe escape.",
            ),
            example(
                "solve-maze --steps --map examples/mazes/backstep.txt",
                "Its moves, and the map with the route drawn.",
            ),
            example(
                "solve-maze -p examples/mazes/official-2.txt",
                "The escape played back in the terminal.",
            ),
            (
                format!("generate-maze | solve-maze{pipe}"),
                "A new puzzle, read from standard input.",
            ),
            example(
                "solve-maze --format json --ties adversarial examples/mazes/*.txt",
                "A JSON line a map, against a dragon that picks its worst step.",
            ),
            example(
                "solve-maze --play --ties adversarial examples/mazes/tie-dependent.txt",
                "The puzzle to play yourself.",
            ),
            example(
                "solve-maze --record escape.cast --svg escape.svg examples/mazes/official-1.txt",
                "A terminal recording (asciicast) and a picture of the escape.",
            ),
            example(
                "solve-maze --svg-animate escape.svg -f 150 examples/mazes/official-2.txt",
                "An animated SVG that a browser plays, 150 ms a frame.",
            ),
            example(
                "solve-maze --gif escape.gif --cell-size 12 examples/mazes/official-2.txt",
                "An animated GIF with cells of 12 pixels.",
            ),
            example(
                "solve-maze --heat-map heat.svg examples/mazes/official-2.txt",
                "Every start's escape against the dragon where it stands, coloured.",
            ),
            example(
                "solve-maze --heat-map - --vary dragon examples/mazes/official-1.txt",
                "The same on the terminal, with the dragon's start varied.",
            ),
        ],
        short: 4,
    }
}

/// Raw command-line arguments of `solve-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version = crate::cli::version(),
    about = "Find the hero's shortest safe escape from a dragon-escape map",
    after_help = manual().short_help(),
    after_long_help = manual().long_help()
)]
pub struct Args {
    /// Map files to solve; `-` reads standard input. Without a file,
    /// standard input is read when it is not a terminal.
    #[arg(value_name = "FILE")]
    pub(super) files: Vec<PathBuf>,

    /// Also print the hero's moves and their count.
    #[arg(short, long)]
    pub(super) steps: bool,

    /// Also draw the map with the hero's route.
    #[arg(short, long)]
    pub(super) map: bool,

    /// Output format: sentences, or one JSON line per file.
    ///
    /// JSON Lines: one JSON object per file, a file that fails included
    /// (schemas/solve-report.schema.json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(super) format: Format,

    /// Time each solve: in the JSON report (`elapsed_ms`), or on standard
    /// error beside the text report; without it the report is the same,
    /// byte for byte, on every run.
    #[arg(long, hide_short_help = true)]
    pub(super) timing: bool,

    /// How the dragon chooses among several shortest steps.
    #[arg(long, value_enum, default_value_t = TiesArg::Priority)]
    pub(super) ties: TiesArg,

    /// The dragon's tie order for `--ties priority`: the letters U, L, D, R
    /// [default: ULDR].
    #[arg(long, value_name = "ORDER", hide_short_help = true)]
    pub(super) priority: Option<Priority>,

    /// The dragon's steps a turn, from 1 to 8 (a rule variant).
    ///
    /// 2 is the Minotaur's pace. The hero may not step within that many
    /// steps of the dragon by path.
    #[arg(long, value_name = "N", default_value_t = Speed::ONE)]
    pub(super) dragon_speed: Speed,

    /// Let the hero wait a turn instead of stepping (a rule variant).
    ///
    /// A wait counts as a move, and is legal only out of the dragon's
    /// reach.
    #[arg(long)]
    pub(super) wait: bool,

    /// How the dragon's shortest steps are computed (same answers; the
    /// Floyd–Warshall reference is slow and limited to small maps).
    #[arg(long, value_enum, default_value_t = OracleKind::Bfs, hide_short_help = true)]
    pub(super) oracle: OracleKind,

    /// About how much memory solving may use, e.g. 512M, 2G, 1.5GiB.
    ///
    /// A map that needs more ends with an error instead of exhausting the
    /// machine. It is the budget of the whole run: with -j N, each of the N
    /// files solved at once has an equal share of it.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size, allow_hyphen_values = true)]
    pub(super) max_memory: usize,

    /// Stop a solve that runs longer than this, e.g. 30s, 5m, 1.5h
    /// [default: no limit].
    ///
    /// A number alone is seconds. The solve ends with an error that says
    /// how far it got, as a search past --max-memory does.
    #[arg(long, value_name = "TIME", value_parser = parse_time, allow_hyphen_values = true)]
    pub(super) max_time: Option<Duration>,

    /// Solve this many files at once (0: one per processor core), each
    /// with an equal share of --max-memory (the budget is the total, split
    /// among the jobs). Answers still come in the order of the files.
    #[arg(
        short,
        long,
        value_name = "N",
        default_value_t = 1,
        hide_short_help = true,
        value_parser = whole("a number of jobs", 0_usize..)
    )]
    pub(super) jobs: usize,

    /// The most threads one solve may use (0: as many as the machine has).
    /// A dragon faster than the hero, caught, has its longest line found on
    /// two threads on a large map, and several dragons' oracles are built
    /// on two; every other search uses one. With several jobs each solve
    /// uses one.
    #[arg(long, value_name = "N", default_value_t = 0, hide_short_help = true, value_parser = whole("a number of threads", 0_usize..))]
    pub(super) threads: usize,

    /// Draw maps (--map, -p, --play, --record) with ASCII aliases instead
    /// of emoji.
    #[arg(long)]
    pub(super) ascii: bool,

    /// When to colour the drawn map [default: auto].
    #[arg(long, value_enum, value_name = "WHEN")]
    pub(super) color: Option<ColorChoice>,

    /// Play the escape back in the terminal, frame by frame.
    #[arg(short, long, conflicts_with_all = ["steps", "map", "format"], help_heading = "Playback and play")]
    pub(super) playback: bool,

    /// How long each frame of the playback (-p), the recording (--record)
    /// or an animation (--svg-animate, --gif) stays, in milliseconds
    /// [default: 300; an animation lasts about 20 s, 20 to 300 ms a frame].
    #[arg(
        short,
        long,
        value_name = "MS",
        value_parser = whole("a frame length in milliseconds", 1..=60_000_u64),
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) frame_length: Option<u64>,

    /// Start the playback (-p) again after its last frame, for demos.
    #[arg(
        long = "loop",
        conflicts_with = "exit_at_end",
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) repeat: bool,

    /// End the playback (-p) once its last frame has had its time, for
    /// scripts.
    #[arg(long, help_heading = "Playback and play", hide_short_help = true)]
    pub(super) exit_at_end: bool,

    /// Play the puzzle yourself against the dragon.
    #[arg(long, conflicts_with_all = ["playback", "steps", "map", "format"], help_heading = "Playback and play")]
    pub(super) play: bool,

    /// Also write an asciicast v2 recording to FILE: the solver's line, or
    /// with --play your own game.
    #[arg(
        long,
        value_name = "FILE",
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) record: Option<PathBuf>,

    /// The largest screen a recording uses, as COLSxROWS; a larger map is
    /// seen through a window that follows the hero.
    #[arg(
        long,
        value_name = "COLSxROWS",
        default_value = "100x40",
        value_parser = parse_screen,
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) record_size: (u16, u16),

    /// Also write a picture of the map with the hero's and the dragon's
    /// routes to FILE, as SVG.
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    pub(super) svg: Option<PathBuf>,

    /// Also write the playback as an animated SVG to FILE, which a web
    /// browser plays (about 20 s long, or paced by -f).
    #[arg(
        long,
        value_name = "FILE",
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) svg_animate: Option<PathBuf>,

    /// Also write the playback as an animated GIF to FILE (about 20 s long,
    /// or paced by -f).
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    pub(super) gif: Option<PathBuf>,

    /// The most frames an animation (--svg-animate, --gif) shows; a longer
    /// playback shows one frame in every k, evenly spaced, the last always
    /// [default: 3000].
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_max_frames,
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) animate_max_frames: Option<usize>,

    /// The side of a map cell in the pictures (--svg, --svg-animate,
    /// --gif), in pixels, from 1 to 100 [default: the largest, at most 24,
    /// that fits the map in 1600x1000 pixels, so the picture fits a screen].
    #[arg(
        long,
        value_name = "PX",
        value_parser = parse_cell_size,
        help_heading = "Playback and play",
        hide_short_help = true
    )]
    pub(super) cell_size: Option<usize>,

    #[command(flatten)]
    pub(super) heat: super::heat::HeatArgs,

    #[command(flatten)]
    pub(super) installation: Installation,
}

/// How the answers are written (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// Plain sentences.
    Text,
    /// The versioned JSON report.
    Json,
}

/// The kind of tie rule (`--ties`): [`Ties`]'s variants without their data.
/// It mirrors the library's enum because `Ties::Priority` carries its
/// order, which `--priority` gives apart, so clap cannot take the choice
/// from [`Ties`] itself; [`TiesArg::with`] makes the rule, and a test checks
/// that the two agree, kind for kind and name for name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum TiesArg {
    /// First shortest step in the `--priority` order (the official rule).
    Priority,
    /// Any shortest step: the answer is what the hero can guarantee.
    Adversarial,
    /// The hero picks the dragon's step (a lower bound, not a rule).
    Optimistic,
}

impl TiesArg {
    /// The tie rule of this kind; `order` is the priority rule's.
    pub(super) fn with(self, order: Priority) -> Ties {
        match self {
            TiesArg::Priority => Ties::Priority(order),
            TiesArg::Adversarial => Ties::Adversarial,
            TiesArg::Optimistic => Ties::Optimistic,
        }
    }
}

/// `--animate-max-frames`: from 2 to 100000.
fn parse_max_frames(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (2..=100_000).contains(&n) => Ok(n),
        Ok(_) => Err(format!(
            "'{text}': an animation shows from 2 frames (the first and the last) to 100000"
        )),
        Err(_) => Err(format!("'{text}' is not a number of frames; try 3000")),
    }
}

/// `--cell-size`: from 1 to 100 pixels.
fn parse_cell_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=100).contains(&n) => Ok(n),
        Ok(_) => Err(format!("'{text}': a cell is from 1 to 100 pixels")),
        Err(_) => Err(format!("'{text}' is not a number of pixels; try 24")),
    }
}

/// A screen size, `COLSxROWS` (`100x40`), each from 10 to 1000.
fn parse_screen(text: &str) -> Result<(u16, u16), String> {
    let bad = || format!("'{text}' is not a screen size; try 100x40");
    let (cols, rows) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let cols: u16 = cols.trim().parse().map_err(|_| bad())?;
    let rows: u16 = rows.trim().parse().map_err(|_| bad())?;
    if !(10..=1000).contains(&cols) || !(10..=1000).contains(&rows) {
        return Err(format!("'{text}': columns and rows go from 10 to 1000"));
    }
    Ok((cols, rows))
}

#[cfg(test)]
mod tests {
    use super::{OracleKind, Priority, Ties, TiesArg, parse_screen};
    use clap::ValueEnum;

    /// The name `--ties` takes for a kind.
    fn name(kind: impl ValueEnum) -> String {
        kind.to_possible_value()
            .expect("no kind is skipped")
            .get_name()
            .to_owned()
    }

    /// Each kind of `--ties` makes the rule of that kind, named alike, and
    /// every kind of rule has one.
    #[test]
    fn the_tie_kinds_are_the_library_rules() {
        let order = Priority::default();
        for &kind in TiesArg::value_variants() {
            let ties = kind.with(order);
            // Exhaustive: a new kind of rule does not compile until it has
            // its `--ties` value.
            let back = match ties {
                Ties::Priority(_) => TiesArg::Priority,
                Ties::Adversarial => TiesArg::Adversarial,
                Ties::Optimistic => TiesArg::Optimistic,
            };
            assert_eq!(back, kind);
            assert_eq!(name(kind), ties.name());
        }
        assert_eq!(TiesArg::Priority.with(order), Ties::default());
    }

    /// `--oracle` takes the names the library gives its oracles.
    #[test]
    fn the_oracles_go_by_their_names() {
        for &kind in OracleKind::value_variants() {
            assert_eq!(name(kind), kind.name());
        }
    }

    #[test]
    fn screen_sizes() {
        assert_eq!(parse_screen("100x40"), Ok((100, 40)));
        assert_eq!(parse_screen("80X24"), Ok((80, 24)));
        assert!(parse_screen("80").is_err());
        assert!(parse_screen("5x5").is_err());
        assert!(parse_screen("axb").is_err());
    }
}
