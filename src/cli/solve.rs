//! `solve-maze`: solve map files and print the answers.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};

use super::jobs;
use super::shell::Installation;
use super::watch::Watch;
use super::{
    ColorChoice, EXIT_ERROR, EXIT_ESCAPED, EXIT_NO_ESCAPE, emit, fail, parse_size, parse_time,
    read_input, seconds, write_file,
};
use crate::play::Play;
use crate::render::animate::{AnimationOptions, Sampling, animated_svg, animation_within};
use crate::render::cast::{CastOptions, Recorder, cast};
use crate::render::film::Film;
use crate::render::map::{MapStyle, route_map};
use crate::render::svg::{SvgOptions, svg_with};
use crate::render::text;
use crate::tile;
use crate::viewer::AtEnd;
use crate::viewer::{PLAY_KEYS, PLAYBACK_KEYS, help_text};
use crate::{
    Error, Location, Options, OracleKind, Priority, Puzzle, Resource, Rules, Solution, Solver,
    Speed, Ties,
};

const PROGRAM: &str = "solve-maze";
/// How long a playback frame stays by default, in milliseconds.
const FRAME_MS: u64 = 300;
/// The side of a cell in the SVG pictures by default, in pixels.
const SVG_CELL: usize = 24;
/// About the largest side of a GIF whose cell size is not given, in pixels.
const GIF_SIDE: usize = 2048;

/// The text after the options in `--help`.
fn after_help() -> String {
    format!(
        "\
Maps are emoji grids ({legend}), the same
with ASCII aliases ({aliases}), or a JSON matrix of one-symbol strings; the
format is detected. Rules: see docs/RULES.md. By default the dragon breaks ties
between shortest steps in the order up, left, down, right.

Exit status: 0 every map escaped, 1 some map has no escape (no path or
caught), 2 bad usage or unreadable or malformed input. With -p and --play too,
the status describes the map, not the game played.

Playback (-p): each turn is two frames, the hero's move, then the dragon's
answer. When standard output is not a terminal, or TERM is dumb, the frames
are printed as plain text instead. Keys: {playback_keys}.

Play (--play) keys: {play_keys}. Keys are read from the terminal, so the map
may come from standard input.

Recordings (--record): with -p or alone, the solver's line; with --play, your
own game as you played it, undos and all. The recording's screen is the map's
size, at most --record-size; a larger map is seen through a window that
follows the hero.

Examples:
  solve-maze examples/mazes/official-1.txt
  solve-maze --steps --map examples/mazes/backstep.txt
  generate-maze | solve-maze{pipe_note}
  solve-maze --format json --ties adversarial examples/mazes/*.txt
  solve-maze -p examples/mazes/official-2.txt
  solve-maze --play --ties adversarial examples/mazes/tie-dependent.txt
  solve-maze --record escape.cast --svg escape.svg examples/mazes/official-1.txt
  solve-maze --svg-animate escape.svg -f 150 examples/mazes/official-2.txt
  solve-maze --gif escape.gif --cell-size 12 examples/mazes/official-2.txt",
        legend = tile::legend(),
        aliases = tile::spellings(true),
        pipe_note = if cfg!(feature = "mapgen") {
            ""
        } else {
            "   (generate-maze: install with --features mapgen)"
        },
        playback_keys = help_text(PLAYBACK_KEYS),
        play_keys = help_text(PLAY_KEYS),
    )
}

/// Raw command-line arguments of `solve-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version = super::version(),
    about = "Find the hero's shortest safe escape from a dragon-escape map",
    after_help = after_help()
)]
pub struct Args {
    /// Map files to solve; `-` reads standard input. Without a file,
    /// standard input is read when it is not a terminal.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Also print the hero's moves and their count.
    #[arg(short, long)]
    steps: bool,

    /// Also draw the map with the hero's route.
    #[arg(short, long)]
    map: bool,

    /// Output format: sentences, or one JSON object per file (JSON Lines),
    /// a file that fails included.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Time each solve and give it in the JSON report (`elapsed_ms`); without
    /// it the report is the same, byte for byte, on every run.
    #[arg(long)]
    timing: bool,

    /// How the dragon chooses among several shortest steps.
    #[arg(long, value_enum, default_value_t = TiesArg::Priority)]
    ties: TiesArg,

    /// The dragon's tie order for `--ties priority`: the letters U, L, D, R
    /// [default: ULDR].
    #[arg(long, value_name = "ORDER")]
    priority: Option<Priority>,

    /// The dragon's steps a turn, from 1 to 8 (a rule variant; 2 is the
    /// Minotaur's pace): the hero may not step within that many steps of
    /// it by path.
    #[arg(long, value_name = "N", default_value_t = Speed::ONE)]
    dragon_speed: Speed,

    /// Let the hero wait a turn on its cell instead of stepping (a rule
    /// variant): a wait counts as a move, and is legal only out of the
    /// dragon's reach.
    #[arg(long)]
    wait: bool,

    /// How the dragon's shortest steps are computed (same answers; the
    /// Floyd–Warshall reference is slow and limited to small maps).
    #[arg(long, value_enum, default_value_t = OracleArg::Bfs)]
    oracle: OracleArg,

    /// About how much memory a solve may use, e.g. 512M, 2G, 1.5GiB; a map
    /// that needs more ends with an error instead of exhausting the machine.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size)]
    max_memory: usize,

    /// Stop a solve that runs longer than this, e.g. 30s, 5m, 1.5h (a
    /// number alone is seconds): it ends with an error that says how far it
    /// got, as a search past --max-memory does [default: no limit].
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    max_time: Option<Duration>,

    /// Solve this many files at once (0: one per processor core). Answers
    /// still come in the order of the files; each solve has its own
    /// --max-memory.
    #[arg(short, long, value_name = "N", default_value_t = 1)]
    jobs: usize,

    /// Draw maps (--map, -p, --play, --record) with ASCII aliases instead
    /// of emoji.
    #[arg(long)]
    ascii: bool,

    /// When to colour the drawn map [default: auto].
    #[arg(long, value_enum, value_name = "WHEN")]
    color: Option<ColorChoice>,

    /// Play the escape back in the terminal, frame by frame (keys below).
    #[arg(short, long, conflicts_with_all = ["steps", "map", "format"], help_heading = "Playback and play")]
    playback: bool,

    /// How long each frame of the playback (-p) or the recording (--record)
    /// stays, in milliseconds [default: 300].
    #[arg(
        short,
        long,
        value_name = "MS",
        value_parser = clap::value_parser!(u64).range(1..=60_000),
        help_heading = "Playback and play"
    )]
    frame_length: Option<u64>,

    /// Start the playback (-p) again after its last frame, for demos.
    #[arg(
        long = "loop",
        conflicts_with = "exit_at_end",
        help_heading = "Playback and play"
    )]
    repeat: bool,

    /// End the playback (-p) once its last frame has had its time, for
    /// scripts.
    #[arg(long, help_heading = "Playback and play")]
    exit_at_end: bool,

    /// Play the puzzle yourself against the dragon (keys below).
    #[arg(long, conflicts_with_all = ["playback", "steps", "map", "format"], help_heading = "Playback and play")]
    play: bool,

    /// Also write an asciicast v2 recording to FILE: the solver's line, or
    /// with --play your own game.
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    record: Option<PathBuf>,

    /// The largest screen a recording uses, as COLSxROWS; a larger map is
    /// seen through a window that follows the hero.
    #[arg(
        long,
        value_name = "COLSxROWS",
        default_value = "100x40",
        value_parser = parse_screen,
        help_heading = "Playback and play"
    )]
    record_size: (u16, u16),

    /// Also write a picture of the map with the hero's and the dragon's
    /// routes to FILE, as SVG.
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    svg: Option<PathBuf>,

    /// Also write the playback as an animated SVG to FILE, which a web
    /// browser plays (paced by -f).
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    svg_animate: Option<PathBuf>,

    /// Also write the playback as an animated GIF to FILE (paced by -f).
    #[arg(long, value_name = "FILE", help_heading = "Playback and play")]
    gif: Option<PathBuf>,

    /// The most frames an animation (--svg-animate, --gif) shows; a longer
    /// playback shows one frame in every k, evenly spaced, the last always
    /// [default: 3000].
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_max_frames,
        help_heading = "Playback and play"
    )]
    animate_max_frames: Option<usize>,

    /// The side of a map cell in the pictures (--svg, --svg-animate,
    /// --gif), in pixels, from 1 to 100 [default: 24; for --gif, at most 24
    /// and small enough for a picture about 2000 pixels a side].
    #[arg(
        long,
        value_name = "PX",
        value_parser = parse_cell_size,
        help_heading = "Playback and play"
    )]
    cell_size: Option<usize>,

    #[command(flatten)]
    installation: Installation,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Plain sentences.
    Text,
    /// The versioned JSON report.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TiesArg {
    /// First shortest step in the `--priority` order (the official rule).
    Priority,
    /// Any shortest step: the answer is what the hero can guarantee.
    Adversarial,
    /// The hero picks the dragon's step (a lower bound, not a rule).
    Optimistic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OracleArg {
    /// Distance fields and goal-directed searches (fast; the default).
    Bfs,
    /// All-pairs Floyd–Warshall (the reference).
    FloydWarshall,
}

/// What to print for each map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Show {
    steps: bool,
    map: bool,
    json: bool,
    timing: bool,
}

/// How a solved map is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The text or JSON report.
    Report,
    /// The playback: animated on a terminal, else plain frames.
    Playback {
        /// Whether to animate (standard output is a capable terminal).
        animate: bool,
    },
    /// The person plays.
    Play,
}

/// Files to write besides the output.
#[derive(Debug)]
struct Exports {
    record: Option<PathBuf>,
    svg: Option<PathBuf>,
    svg_animate: Option<PathBuf>,
    gif: Option<PathBuf>,
    /// The most frames an animation shows.
    max_frames: usize,
    /// The side of a cell in the pictures, in pixels, if given.
    cell: Option<usize>,
    /// The recording's style: colour unless `--color never` or `NO_COLOR`.
    record_style: MapStyle,
    /// The recording's largest screen: columns, rows.
    record_size: (u16, u16),
}

/// Which standard streams are terminals: the defaults depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminals {
    /// Standard input is a terminal (so no map is being piped in).
    pub stdin: bool,
    /// Standard output is a terminal (colour, animated playback, play).
    pub stdout: bool,
    /// Standard error is a terminal (progress on a long solve).
    pub stderr: bool,
}

/// The checked configuration a run works from.
#[derive(Debug)]
pub struct Config {
    files: Vec<PathBuf>,
    jobs: usize,
    options: Options,
    show: Show,
    style: MapStyle,
    mode: Mode,
    frame_length: Duration,
    at_end: AtEnd,
    exports: Exports,
    /// Show a long solve's progress on standard error (a terminal).
    progress: bool,
    /// How long a solve may run.
    max_time: Option<Duration>,
}

impl Args {
    /// Checks the arguments and resolves defaults that depend on the terminal.
    ///
    /// # Errors
    /// A sentence for option combinations that make no sense.
    pub fn into_config(mut self, terminals: Terminals) -> Result<Config, String> {
        let stdout_is_terminal = terminals.stdout;
        if self.files.is_empty() {
            if terminals.stdin {
                return Err("no map given: name a map file (solve-maze MAP.txt), \
                     or pipe one in (generate-maze | solve-maze)"
                    .into());
            }
            self.files.push(PathBuf::from("-"));
        }
        let json = self.format == Format::Json;
        if json && !cfg!(feature = "json") {
            return Err("this build has no JSON support (cargo feature `json`)".into());
        }
        if self.timing && !json {
            return Err(
                "--timing adds the time to the JSON report: use it with --format json".into(),
            );
        }
        if json && (self.steps || self.map) {
            return Err(
                "--steps and --map print text; the JSON report already holds the moves".into(),
            );
        }
        let ties = match self.ties {
            TiesArg::Priority => Ties::Priority(self.priority.unwrap_or_default()),
            TiesArg::Adversarial => Ties::Adversarial,
            TiesArg::Optimistic => Ties::Optimistic,
        };
        if self.priority.is_some() && self.ties != TiesArg::Priority {
            return Err(format!(
                "--priority orders the ties of --ties priority; with --ties {} it would do nothing",
                ties.name()
            ));
        }
        let draws = self.map || self.playback || self.play || self.record.is_some();
        if (self.ascii || self.color.is_some()) && !draws {
            let flag = if self.ascii { "--ascii" } else { "--color" };
            return Err(format!(
                "{flag} styles a drawn map: use it with --map, -p, --play or --record"
            ));
        }
        if (self.repeat || self.exit_at_end) && !self.playback {
            let flag = if self.repeat {
                "--loop"
            } else {
                "--exit-at-end"
            };
            return Err(format!("{flag} ends a playback: use it with -p"));
        }
        let animates = self.svg_animate.is_some() || self.gif.is_some();
        if self.frame_length.is_some() && !self.playback && self.record.is_none() && !animates {
            return Err(
                "--frame-length (-f) paces the playback: use it with -p, --record, --svg-animate or --gif"
                    .into(),
            );
        }
        if self.animate_max_frames.is_some() && !animates {
            return Err(
                "--animate-max-frames limits an animation: use it with --svg-animate or --gif"
                    .into(),
            );
        }
        if self.cell_size.is_some() && self.svg.is_none() && !animates {
            return Err(
                "--cell-size sizes a picture: use it with --svg, --svg-animate or --gif".into(),
            );
        }
        let oracle = match self.oracle {
            OracleArg::Bfs => OracleKind::Bfs,
            OracleArg::FloydWarshall => OracleKind::FloydWarshall,
        };
        let single =
            self.playback || self.play || self.record.is_some() || self.svg.is_some() || animates;
        if single && self.files.len() != 1 {
            return Err(
                "--playback, --play, --record, --svg, --svg-animate and --gif take exactly one map file"
                    .into(),
            );
        }
        if (self.playback || self.play) && !cfg!(feature = "playback") {
            return Err("this build has no terminal playback (cargo feature `playback`)".into());
        }
        let capable = stdout_is_terminal && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        if self.play && !capable {
            return Err(
                "--play needs a terminal on standard output (and TERM other than dumb)".into(),
            );
        }
        let mode = if self.play {
            Mode::Play
        } else if self.playback {
            Mode::Playback { animate: capable }
        } else {
            Mode::Report
        };
        Ok(Config {
            jobs: match self.jobs {
                0 => std::thread::available_parallelism().map_or(1, usize::from),
                n => n,
            },
            files: self.files,
            options: Options {
                rules: Rules {
                    ties,
                    speed: self.dragon_speed,
                    wait: self.wait,
                },
                oracle,
                max_memory: self.max_memory,
                // The plain sentences name the outcome alone: the line a
                // caught hero survives is only worked out to be shown.
                caught_line: json
                    || self.map
                    || mode != Mode::Report
                    || self.record.is_some()
                    || self.svg.is_some()
                    || animates,
                ..Options::default()
            },
            show: Show {
                steps: self.steps,
                map: self.map,
                json,
                timing: self.timing,
            },
            style: MapStyle {
                ascii: self.ascii,
                color: self.color.unwrap_or_default().enabled(stdout_is_terminal),
            },
            mode,
            frame_length: Duration::from_millis(self.frame_length.unwrap_or(FRAME_MS)),
            at_end: if self.repeat {
                AtEnd::Loop
            } else if self.exit_at_end {
                AtEnd::Exit
            } else {
                AtEnd::Wait
            },
            exports: Exports {
                record: self.record,
                svg: self.svg,
                svg_animate: self.svg_animate,
                gif: self.gif,
                max_frames: self
                    .animate_max_frames
                    .unwrap_or(AnimationOptions::default().max_frames),
                cell: self.cell_size,
                record_style: MapStyle {
                    ascii: self.ascii,
                    color: self.color.unwrap_or_default().enabled(true),
                },
                record_size: self.record_size,
            },
            progress: terminals.stderr,
            max_time: self.max_time,
        })
    }
}

impl Config {
    /// The solve options, as checked.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

/// The entry point of the `solve-maze` binary.
pub fn main() -> ExitCode {
    let args = super::parse_from::<Args, _, _>(std::env::args_os()).unwrap_or_else(|e| e.exit());
    if let Some(asset) = args.installation.asked() {
        return asset.print(super::command::<Args>(), PROGRAM, &mut io::stdout().lock());
    }
    let terminals = Terminals {
        stdin: io::stdin().is_terminal(),
        stdout: io::stdout().is_terminal(),
        stderr: io::stderr().is_terminal(),
    };
    match args.into_config(terminals) {
        Ok(config) => {
            if config.mode == Mode::Report {
                // Ctrl-C stops a long solve with how far it got. (Playback
                // and play restore the terminal on a signal instead.)
                super::interrupt::stop_solves_on_signal();
            }
            run(&config, &mut io::stdout().lock())
        }
        Err(message) => fail(PROGRAM, &message),
    }
}

/// What solving one file gives: the puzzle, its solution and the report
/// text, or why not.
type Solved = Result<(Puzzle, Solution, String), Failure>;

/// Why a file has no answer.
#[derive(Debug)]
struct Failure {
    /// A sentence that names the file.
    message: String,
    /// Where in the input, for a malformed map.
    #[cfg_attr(
        not(feature = "json"),
        expect(dead_code, reason = "only the JSON error record reads it")
    )]
    location: Option<Location>,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            message,
            location: None,
        }
    }
}

/// Solves every file of `config`, writing answers to `out` and problems to
/// standard error, and returns the exit code. With several jobs, files are
/// solved on worker threads and answered in their order as they complete
/// ([`jobs::in_order`]); a lone solve shows its progress.
pub fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    let mut status = EXIT_ESCAPED;
    let jobs = match config.mode {
        Mode::Report => config.jobs.clamp(1, config.files.len().max(1)),
        Mode::Playback { .. } | Mode::Play => 1,
    };
    let watch = jobs == 1 && config.progress;
    let answered = jobs::in_order(
        config.files.len(),
        jobs,
        |i| solve_file(config, i, watch),
        |i, solved| {
            let code = answer(config, i, solved, &mut status, out);
            end_if_signalled(out);
            match code {
                Some(code) => ControlFlow::Break(code),
                None => ControlFlow::Continue(()),
            }
        },
    );
    match answered {
        ControlFlow::Break(code) => code,
        ControlFlow::Continue(()) => ExitCode::from(status),
    }
}

/// After a signal stopped the solves (see [`super::interrupt`]), ends the
/// program by it once `out` has what was answered so far.
fn end_if_signalled(out: &mut impl Write) {
    if super::interrupt::signalled().is_some() {
        let _ = out.flush();
        super::interrupt::end_if_signalled();
    }
}

/// Reads, parses, solves and renders the `i`th file of `config`; with
/// `watch`, a solve that takes long shows its progress on standard error.
fn solve_file(config: &Config, i: usize, watch: bool) -> Solved {
    let path = &config.files[i];
    let name = path.display().to_string();
    let bytes = read_input(path, config.options.max_memory)?;
    let puzzle = Puzzle::parse(&bytes).map_err(|e| Failure {
        message: format!("{name}: {e}"),
        location: e.location(),
    })?;
    drop(bytes);
    let started = Instant::now();
    let solver = Solver::within(&puzzle, config.options.max_memory).map_err(|e| {
        format!(
            "{name}: {e}{}",
            budget_hint(&e, config.options.oracle, config.options.max_memory)
        )
    })?;
    let running = super::interrupt::Running::new();
    let progress = running.progress();
    let solve = || solver.solve_watched(&config.options, progress);
    let solved = if watch || config.max_time.is_some() {
        let watch = Watch {
            name: &name,
            progress,
            budget: config.options.max_memory,
            show: watch,
            max_time: config.max_time,
        };
        watch.run(solve)
    } else {
        solve()
    };
    drop(running);
    // A signal or the time limit stops a solve here.
    let solution = solved.map_err(|e| match (e, super::interrupt::signalled(), config.max_time) {
        (Error::Stopped { message }, Some(signal), _) => {
            format!("{name}: the solve was stopped by {signal} {message}")
        }
        (Error::Stopped { message }, None, Some(time)) => format!(
            "{name}: the solve reached its time limit of {} {message} (try a larger --max-time)",
            seconds(time)
        ),
        (e, _, _) => format!(
            "{name}: {e}{}",
            budget_hint(&e, config.options.oracle, config.options.max_memory)
        ),
    })?;
    let elapsed = config.show.timing.then(|| started.elapsed());
    let label = config.files.len() > 1;
    let report = render(
        config,
        &name,
        label && i > 0,
        &puzzle,
        &solver,
        &solution,
        elapsed,
    );
    Ok((puzzle, solution, report))
}

/// The pointer to `--max-memory` for an error that a larger budget can cure:
/// for a search that outgrew `budget`, twice that as a value to try.
fn budget_hint(error: &Error, oracle: OracleKind, budget: usize) -> String {
    match (error, oracle) {
        (
            Error::TooLarge {
                resource: Resource::Positions,
                ..
            },
            _,
        ) => format!(
            " (try a larger --max-memory, such as {})",
            size_arg(budget.saturating_mul(2))
        ),
        (
            Error::TooLarge {
                resource: Resource::Graph,
                ..
            },
            _,
        )
        | (
            Error::TooLarge {
                resource: Resource::Oracle,
                ..
            },
            OracleKind::Bfs,
        ) => " (see --max-memory)".to_owned(),
        // The grid limit is absolute, and the reference oracle's message
        // already names the way out.
        _ => String::new(),
    }
}

/// What an exceeded budget says: an [`Error::TooLarge`]'s message, without
/// the "the map is too large" its display begins with (there the film or a
/// picture of a solved map is too large); any other error as displayed.
fn over_budget(error: &Error) -> String {
    match error {
        Error::TooLarge { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

/// `bytes` as a `--max-memory` value: in the largest unit that keeps it
/// whole, rounded up to a whole mebibyte past one.
fn size_arg(bytes: usize) -> String {
    const MIB: usize = 1 << 20;
    let bytes = if bytes > MIB {
        bytes.div_ceil(MIB).saturating_mul(MIB)
    } else {
        bytes
    };
    for (shift, unit) in [(40, "T"), (30, "G"), (20, "M"), (10, "K")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{unit}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// Presents one file's answer (and exports), raising `status` as needed;
/// `Some(code)` when the run must end now (the output was closed, or it
/// failed).
fn answer(
    config: &Config,
    i: usize,
    solved: Solved,
    status: &mut u8,
    out: &mut impl Write,
) -> Option<ExitCode> {
    let name = config.files[i].display().to_string();
    match solved {
        Ok((puzzle, solution, report)) => {
            if solution.outcome.steps().is_none() {
                *status = (*status).max(EXIT_NO_ESCAPE);
            }
            let needs_film = matches!(config.mode, Mode::Playback { .. })
                || (config.exports.record.is_some() && config.mode != Mode::Play)
                || config.exports.svg_animate.is_some()
                || config.exports.gif.is_some();
            // The film lives beside the map and the line, not the solve.
            let film = match needs_film
                .then(|| Film::within(&puzzle, &solution, config.options.max_memory))
                .transpose()
            {
                Ok(film) => film,
                Err(e) => {
                    let message = format!("{name}: {} (see --max-memory)", over_budget(&e));
                    return Some(fail(PROGRAM, &message));
                }
            };
            if let Err(message) = export(config, &name, &puzzle, &solution, film.as_ref()) {
                fail(PROGRAM, &message);
                *status = EXIT_ERROR;
            }
            match present(
                config,
                &name,
                puzzle,
                &solution,
                film.as_ref(),
                &report,
                out,
            ) {
                Ok(true) => None,
                Ok(false) => Some(ExitCode::from(*status)),
                Err(message) => Some(fail(PROGRAM, &message)),
            }
        }
        Err(failure) => {
            fail(PROGRAM, &failure.message);
            *status = EXIT_ERROR;
            if !config.show.json {
                return None;
            }
            let record = json_error_line(&name, &failure);
            match emit(out, &record) {
                Ok(true) => None,
                Ok(false) => Some(ExitCode::from(*status)),
                Err(e) => Some(fail(PROGRAM, &format!("cannot write the output: {e}"))),
            }
        }
    }
}

/// How `--record` records.
fn cast_options(config: &Config, name: &str) -> CastOptions {
    CastOptions {
        frame_length: config.frame_length,
        style: config.exports.record_style,
        title: Some(format!("dragon-escape: {name}")),
        size: config.exports.record_size,
    }
}

/// Writes the `--svg` picture and the `--record` recording of the solver's
/// line (`film`; play mode records the game itself, in [`present`]) through
/// [`write_file`]: a regular file is replaced whole or not at all, a link is
/// followed, a pipe or device is written into.
fn export(
    config: &Config,
    name: &str,
    puzzle: &Puzzle,
    solution: &Solution,
    film: Option<&Film>,
) -> Result<(), String> {
    if let Some(path) = &config.exports.svg {
        let options = SvgOptions {
            cell: config.exports.cell.unwrap_or(SVG_CELL),
        };
        write_file(path, svg_with(puzzle, solution, options).as_bytes())?;
    }
    if let (Some(path), Some(film)) = (&config.exports.svg_animate, film) {
        let options = AnimationOptions {
            cell: config.exports.cell.unwrap_or(SVG_CELL),
            frame_length: config.frame_length,
            max_frames: config.exports.max_frames,
        };
        let hint = "(see --max-memory, --animate-max-frames)";
        animation_within(puzzle, solution, film, &options, config.options.max_memory)
            .map_err(|e| format!("{name}: {} {hint}", over_budget(&e)))?;
        write_file(
            path,
            animated_svg(puzzle, solution, film, &options).as_bytes(),
        )?;
    }
    if let (Some(path), Some(film)) = (&config.exports.gif, film) {
        gif_export(config, name, path, puzzle, solution, film)?;
    }
    if let Some(film) =
        film.filter(|_| config.exports.svg_animate.is_some() || config.exports.gif.is_some())
    {
        let sampling = Sampling::new(film.len(), config.exports.max_frames);
        if sampling.is_sampled() {
            note(&format!(
                "{name}: the animation shows one frame in {} of the playback's {} \
                 ({} frames, --animate-max-frames {})",
                sampling.every, sampling.frames, sampling.shown, config.exports.max_frames
            ));
        }
    }
    if let (Some(path), Some(film)) = (&config.exports.record, film) {
        film.measure_all(&config.options).map_err(|e| {
            format!(
                "{name}: cannot record: {e}{}",
                budget_hint(&e, OracleKind::Bfs, config.options.max_memory)
            )
        })?;
        write_file(path, cast(film, &cast_options(config, name)).as_bytes())?;
    }
    Ok(())
}

/// Writes the `--gif` animation (the `cli` feature brings the `gif` one).
fn gif_export(
    config: &Config,
    name: &str,
    path: &std::path::Path,
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
) -> Result<(), String> {
    use crate::render::gif::{GifOptions, fitting_cell, gif, gif_within};
    let cell = config
        .exports
        .cell
        .unwrap_or_else(|| fitting_cell(puzzle, SVG_CELL, GIF_SIDE));
    let options = GifOptions {
        cell,
        centiseconds: u16::try_from(config.frame_length.as_millis().div_ceil(10))
            .unwrap_or(u16::MAX),
        max_frames: config.exports.max_frames,
    };
    let hint = "(see --max-memory, --cell-size)";
    gif_within(puzzle, film, &options, config.options.max_memory)
        .map_err(|e| format!("{name}: {} {hint}", over_budget(&e)))?;
    let bytes = gif(puzzle, solution, film, &options).map_err(|e| format!("{name}: {e}"))?;
    write_file(path, &bytes)
}

/// Shows one solved map as `config.mode` says; `Ok(false)` when the reader
/// of standard output went away.
fn present(
    config: &Config,
    name: &str,
    puzzle: Puzzle,
    solution: &Solution,
    film: Option<&Film>,
    report: &str,
    out: &mut impl Write,
) -> Result<bool, String> {
    let written =
        |result: io::Result<bool>| result.map_err(|e| format!("cannot write the output: {e}"));
    let text = match (config.mode, film) {
        (Mode::Playback { animate: false }, Some(film)) => {
            // Frame by frame, so the first comes at once on any map.
            for (i, frame) in film.frames().enumerate() {
                let separator = if i == 0 { "" } else { "\n" };
                let text = format!("{separator}{}", film.board().text(&frame, config.style));
                if !written(emit(out, &text))? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        (Mode::Playback { animate: true }, Some(film)) => {
            terminal::playback(film, config.frame_length, config.style, config.at_end)
                .map_err(|e| format!("cannot play back on the terminal: {e}"))?
        }
        (Mode::Play, _) => {
            let mut play =
                Play::new(puzzle, config.options, solution.outcome).map_err(|e| e.to_string())?;
            let mut recorder = config
                .exports
                .record
                .as_ref()
                .map(|_| Recorder::new(play.board(), cast_options(config, name), 2));
            let played = terminal::play(&mut play, config.style, recorder.as_mut())
                .map_err(|e| format!("cannot play on the terminal: {e}"));
            // The game played so far is saved however it ended, a signal
            // included (the terminal may have gone with a SIGHUP); then the
            // signal ends the program.
            let signalled = terminal::ending_signalled();
            let saved = match (&config.exports.record, recorder) {
                (Some(path), Some(recorder)) if played.is_ok() || signalled => {
                    write_file(path, recorder.finish().as_bytes())
                }
                _ => Ok(()),
            };
            if signalled {
                if let Err(message) = &saved {
                    fail(PROGRAM, message);
                }
                terminal::end_if_signalled();
            }
            saved?;
            played?
        }
        _ => report.to_owned(),
    };
    written(emit(out, &text))
}

/// The terminal drivers, or stand-ins that are never called when the
/// `playback` feature is off (the configuration refuses those modes).
#[cfg(feature = "playback")]
mod terminal {
    use super::{AtEnd, Film, MapStyle, Play, Recorder};
    pub(super) use crate::playback::{end_if_signalled, ending_signalled};
    use crate::playback::{farewell, play_on_terminal, playback_on_terminal};
    use std::io;
    use std::time::Duration;

    /// Plays back, then returns what to leave on the normal screen.
    pub(super) fn playback(
        film: &Film,
        frame_length: Duration,
        style: MapStyle,
        at_end: AtEnd,
    ) -> io::Result<String> {
        let shown = playback_on_terminal(film, frame_length, style, at_end)?;
        Ok(farewell(film.board(), &shown, style))
    }

    /// Plays, then returns what to leave on the normal screen; a signal
    /// that asks the program to end is left to [`end_if_signalled`].
    pub(super) fn play(
        play: &mut Play,
        style: MapStyle,
        record: Option<&mut Recorder>,
    ) -> io::Result<String> {
        let shown = play_on_terminal(play, style, record)?;
        Ok(farewell(play.board(), &shown, style))
    }
}

#[cfg(not(feature = "playback"))]
mod terminal {
    use super::{AtEnd, Film, MapStyle, Play, Recorder};
    use std::io;
    use std::time::Duration;

    pub(super) fn playback(_: &Film, _: Duration, _: MapStyle, _: AtEnd) -> io::Result<String> {
        unreachable!("playback is refused without the playback feature")
    }

    pub(super) fn play(_: &mut Play, _: MapStyle, _: Option<&mut Recorder>) -> io::Result<String> {
        unreachable!("play is refused without the playback feature")
    }

    pub(super) fn ending_signalled() -> bool {
        false
    }

    pub(super) fn end_if_signalled() {}
}

fn render(
    config: &Config,
    name: &str,
    separate: bool,
    puzzle: &Puzzle,
    solver: &Solver,
    solution: &Solution,
    elapsed: Option<Duration>,
) -> String {
    if config.show.json {
        return json_line(name, puzzle, solver, solution, elapsed);
    }
    let label = config.files.len() > 1;
    let mut out = String::new();
    if separate && (config.show.steps || config.show.map) {
        out.push('\n');
    }
    if label {
        out.push_str(name);
        out.push_str(": ");
    }
    out.push_str(&text::summary(solution));
    out.push('\n');
    if config.show.steps {
        out.push_str(&text::steps(solution));
    }
    if config.show.map {
        out.push_str(&route_map(puzzle, solution, config.style));
    }
    out
}

#[cfg(feature = "json")]
fn json_line(
    name: &str,
    puzzle: &Puzzle,
    solver: &Solver,
    solution: &Solution,
    elapsed: Option<Duration>,
) -> String {
    let report = crate::render::json::Report::new(
        Some(name),
        puzzle,
        solution,
        solver.free_distance(),
        elapsed,
    );
    report.to_json_line() + "\n"
}

/// The JSON record of a file that has no answer.
#[cfg(feature = "json")]
fn json_error_line(name: &str, failure: &Failure) -> String {
    crate::render::json::ErrorReport::new(Some(name), &failure.message, failure.location)
        .to_json_line()
        + "\n"
}

#[cfg(not(feature = "json"))]
fn json_line(_: &str, _: &Puzzle, _: &Solver, _: &Solution, _: Option<Duration>) -> String {
    unreachable!("--format json is refused without the json feature")
}

#[cfg(not(feature = "json"))]
fn json_error_line(_: &str, _: &Failure) -> String {
    unreachable!("--format json is refused without the json feature")
}

/// Says something on standard error that is not an error.
fn note(message: &str) {
    let _ = writeln!(io::stderr(), "{PROGRAM}: {message}");
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
    use super::{Args, Config, PathBuf, Terminals, parse_screen};

    fn config(args: &[&str], stdin: bool) -> Result<Config, String> {
        let args = super::super::parse_from::<Args, _, _>(
            std::iter::once("solve-maze").chain(args.iter().copied()),
        )
        .map_err(|e| e.to_string())?;
        args.into_config(Terminals {
            stdin,
            stdout: false,
            stderr: false,
        })
    }

    #[test]
    fn screen_sizes() {
        assert_eq!(parse_screen("100x40"), Ok((100, 40)));
        assert_eq!(parse_screen("80X24"), Ok((80, 24)));
        assert!(parse_screen("80").is_err());
        assert!(parse_screen("5x5").is_err());
        assert!(parse_screen("axb").is_err());
    }

    #[test]
    fn options_that_would_do_nothing_are_refused() {
        for (args, words) in [
            (
                &["--ties", "adversarial", "--priority", "RDLU", "a.txt"][..],
                "with --ties adversarial it would do nothing",
            ),
            (
                &["--ties", "optimistic", "--priority", "RDLU", "a.txt"],
                "with --ties optimistic",
            ),
            (&["-f", "100", "a.txt"], "use it with -p, --record"),
            (
                &["--loop", "a.txt"],
                "--loop ends a playback: use it with -p",
            ),
            (
                &["--exit-at-end", "--record", "a.cast", "a.txt"],
                "use it with -p",
            ),
            (&["-j", "-1", "a.txt"], "invalid digit"),
            (&["--ascii", "a.txt"], "--ascii styles a drawn map"),
            (
                &["--color", "always", "--format", "json", "a.txt"],
                "--color styles a drawn map",
            ),
        ] {
            let err = config(args, true).unwrap_err();
            assert!(err.contains(words), "{args:?}: {err}");
        }
        assert!(config(&["--priority", "RDLU", "a.txt"], true).is_ok());
        assert!(config(&["-f", "100", "--record", "a.cast", "a.txt"], true).is_ok());
        assert!(config(&["--ascii", "--color", "never", "-m", "a.txt"], true).is_ok());
    }

    #[test]
    fn without_a_file_standard_input_is_read_unless_it_is_a_terminal() {
        assert_eq!(config(&[], false).unwrap().files, [PathBuf::from("-")]);
        let err = config(&[], true).unwrap_err();
        assert!(err.contains("name a map file"), "{err}");
        assert_eq!(
            config(&["a.txt"], true).unwrap().files,
            [PathBuf::from("a.txt")]
        );
    }
}
