//! `solve-maze`: solve map files and print the answers.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};

use super::{
    ColorChoice, EXIT_ERROR, EXIT_ESCAPED, EXIT_NO_ESCAPE, emit, fail, read_input, write_atomically,
};
use crate::play::Play;
use crate::render::cast::{CastOptions, Recorder, cast};
use crate::render::frames::Film;
use crate::render::map::{MapStyle, route_map};
use crate::render::svg::svg;
use crate::render::text;
use crate::tile;
use crate::viewer::{PLAY_KEYS, PLAYBACK_KEYS, help_text};
use crate::{
    Error, Options, OracleKind, Priority, Puzzle, Resource, Rules, Solution, Solver, Ties,
};

const PROGRAM: &str = "solve-maze";

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
  generate-maze | solve-maze -
  solve-maze --format json --ties adversarial examples/mazes/*.txt
  solve-maze -p examples/mazes/official-2.txt
  solve-maze --play --ties adversarial examples/mazes/tie-dependent.txt
  solve-maze --record escape.cast --svg escape.svg examples/mazes/official-1.txt",
        legend = tile::legend(),
        aliases = tile::spellings(true),
        playback_keys = help_text(PLAYBACK_KEYS),
        play_keys = help_text(PLAY_KEYS),
    )
}

/// Raw command-line arguments of `solve-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version,
    about = "Find the hero's shortest safe escape from a dragon-escape map",
    after_help = after_help()
)]
pub struct Args {
    /// Map files to solve; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Also print the hero's moves and their count.
    #[arg(short, long)]
    steps: bool,

    /// Also draw the map with the hero's route.
    #[arg(short, long)]
    map: bool,

    /// Output format: sentences, or one JSON object per file (JSON Lines).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// How the dragon chooses among several shortest steps.
    #[arg(long, value_enum, default_value_t = TiesArg::Priority)]
    ties: TiesArg,

    /// The dragon's tie order for `--ties priority`: the letters U, L, D, R.
    #[arg(long, default_value = "ULDR", value_name = "ORDER")]
    priority: Priority,

    /// How the dragon's shortest steps are computed (same answers; the
    /// Floyd–Warshall reference is slow and limited to small maps).
    #[arg(long, value_enum, default_value_t = OracleArg::Bfs)]
    oracle: OracleArg,

    /// About how much memory a solve may use, e.g. 512M, 2G, 1.5GiB; a map
    /// that needs more ends with an error instead of exhausting the machine.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size)]
    max_memory: usize,

    /// Solve this many files at once (0: one per processor core). Answers
    /// still come in the order of the files; each solve has its own
    /// --max-memory.
    #[arg(short, long, value_name = "N", default_value_t = 1)]
    jobs: usize,

    /// Draw maps with ASCII aliases instead of emoji.
    #[arg(long)]
    ascii: bool,

    /// When to colour the map.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,

    /// Play the escape back in the terminal, frame by frame (keys below).
    #[arg(short, long, conflicts_with_all = ["steps", "map", "format"], help_heading = "Playback and play")]
    playback: bool,

    /// How long each playback frame stays, in milliseconds.
    #[arg(
        short,
        long,
        value_name = "MS",
        default_value_t = 300,
        value_parser = clap::value_parser!(u64).range(1..=60_000),
        help_heading = "Playback and play"
    )]
    frame_length: u64,

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
    /// Breadth-first search from the hero, stopped at the dragon (fast; the default).
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
    /// The recording's style: colour unless `--color never` or `NO_COLOR`.
    record_style: MapStyle,
    /// The recording's largest screen: columns, rows.
    record_size: (u16, u16),
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
    exports: Exports,
}

impl Args {
    /// Checks the arguments and resolves defaults that depend on the terminal.
    ///
    /// # Errors
    /// A sentence for option combinations that make no sense.
    pub fn into_config(self, stdout_is_terminal: bool) -> Result<Config, String> {
        let json = self.format == Format::Json;
        if json && !cfg!(feature = "json") {
            return Err("this build has no JSON support (cargo feature `json`)".into());
        }
        if json && (self.steps || self.map) {
            return Err(
                "--steps and --map print text; the JSON report already holds the moves".into(),
            );
        }
        let ties = match self.ties {
            TiesArg::Priority => Ties::Priority(self.priority),
            TiesArg::Adversarial => Ties::Adversarial,
            TiesArg::Optimistic => Ties::Optimistic,
        };
        let oracle = match self.oracle {
            OracleArg::Bfs => OracleKind::Bfs,
            OracleArg::FloydWarshall => OracleKind::FloydWarshall,
        };
        let single = self.playback || self.play || self.record.is_some() || self.svg.is_some();
        if single && self.files.len() != 1 {
            return Err("--playback, --play, --record and --svg take exactly one map file".into());
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
                rules: Rules { ties },
                oracle,
                max_memory: self.max_memory,
                ..Options::default()
            },
            show: Show {
                steps: self.steps,
                map: self.map,
                json,
            },
            style: MapStyle {
                ascii: self.ascii,
                color: self.color.enabled(stdout_is_terminal),
            },
            mode,
            frame_length: Duration::from_millis(self.frame_length),
            exports: Exports {
                record: self.record,
                svg: self.svg,
                record_style: MapStyle {
                    ascii: self.ascii,
                    color: self.color.enabled(true),
                },
                record_size: self.record_size,
            },
        })
    }
}

/// The entry point of the `solve-maze` binary.
pub fn main() -> ExitCode {
    let args = Args::parse();
    match args.into_config(io::stdout().is_terminal()) {
        Ok(config) => run(&config, &mut io::stdout().lock()),
        Err(message) => fail(PROGRAM, &message),
    }
}

/// What solving one file gives: the puzzle, its solution and the report
/// text, or an error message.
type Solved = Result<(Puzzle, Solution, String), String>;

/// Solves every file of `config`, writing answers to `out` and problems to
/// standard error, and returns the exit code. With several jobs, files are
/// solved on worker threads and answered in their order as they complete.
pub fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    let mut status = EXIT_ESCAPED;
    let jobs = config.jobs.clamp(1, config.files.len().max(1));
    if jobs == 1 || config.mode != Mode::Report {
        for i in 0..config.files.len() {
            if let Some(code) = answer(config, i, solve_file(config, i), &mut status, out) {
                return code;
            }
        }
        return ExitCode::from(status);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel();
        for _ in 0..jobs {
            let (send, next, stop) = (send.clone(), &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.files.len() || send.send((i, solve_file(config, i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Answer in file order: hold results that arrive early.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, solved) in receive {
            waiting.insert(i, solved);
            while let Some(solved) = waiting.remove(&due) {
                if let Some(code) = answer(config, due, solved, &mut status, out) {
                    stop.store(true, Ordering::Relaxed);
                    return code;
                }
                due += 1;
            }
        }
        ExitCode::from(status)
    })
}

/// Reads, parses, solves and renders the `i`th file of `config`.
fn solve_file(config: &Config, i: usize) -> Solved {
    let path = &config.files[i];
    let name = path.display().to_string();
    let bytes = read_input(path)?;
    let puzzle = Puzzle::parse(&bytes).map_err(|e| format!("{name}: {e}"))?;
    drop(bytes);
    let started = Instant::now();
    let solver = Solver::new(&puzzle);
    let solution = solver
        .solve(&config.options)
        .map_err(|e| format!("{name}: {e}{}", budget_hint(&e, config.options.oracle)))?;
    let elapsed = started.elapsed();
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

/// The pointer to `--max-memory` for an error that a larger budget can cure.
fn budget_hint(error: &Error, oracle: OracleKind) -> &'static str {
    match (error, oracle) {
        (
            Error::TooLarge {
                resource: Resource::Positions,
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
        ) => " (see --max-memory)",
        // The grid limit is absolute, and the reference oracle's message
        // already names the way out.
        _ => "",
    }
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
                || (config.exports.record.is_some() && config.mode != Mode::Play);
            let film = needs_film.then(|| Film::new(&puzzle, &solution));
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
        Err(message) => {
            fail(PROGRAM, &message);
            *status = EXIT_ERROR;
            None
        }
    }
}

/// Writes `text` to `path` through a temporary file, so no half-written
/// file is ever left behind.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
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
/// line (`film`; play mode records the game itself, in [`present`]).
fn export(
    config: &Config,
    name: &str,
    puzzle: &Puzzle,
    solution: &Solution,
    film: Option<&Film>,
) -> Result<(), String> {
    if let Some(path) = &config.exports.svg {
        write_file(path, &svg(puzzle, solution))?;
    }
    if let (Some(path), Some(film)) = (&config.exports.record, film) {
        film.measure_all(&config.options).map_err(|e| {
            format!(
                "{name}: cannot record: {e}{}",
                budget_hint(&e, OracleKind::Bfs)
            )
        })?;
        write_file(path, &cast(film, &cast_options(config, name)))?;
    }
    Ok(())
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
            terminal::playback(film, config.frame_length, config.style)
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
            let text = terminal::play(&mut play, config.style, recorder.as_mut())
                .map_err(|e| format!("cannot play on the terminal: {e}"))?;
            if let (Some(path), Some(recorder)) = (&config.exports.record, recorder) {
                write_file(path, &recorder.finish())?;
            }
            text
        }
        _ => report.to_owned(),
    };
    written(emit(out, &text))
}

/// The terminal drivers, or stand-ins that are never called when the
/// `playback` feature is off (the configuration refuses those modes).
#[cfg(feature = "playback")]
mod terminal {
    use super::{Film, MapStyle, Play, Recorder};
    use crate::playback::{farewell, play_on_terminal, playback_on_terminal};
    use std::io;
    use std::time::Duration;

    /// Plays back, then returns what to leave on the normal screen.
    pub(super) fn playback(
        film: &Film,
        frame_length: Duration,
        style: MapStyle,
    ) -> io::Result<String> {
        let shown = playback_on_terminal(film, frame_length, style)?;
        Ok(farewell(film.board(), &shown, style))
    }

    /// Plays, then returns what to leave on the normal screen.
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
    use super::{Film, MapStyle, Play, Recorder};
    use std::io;
    use std::time::Duration;

    pub(super) fn playback(_: &Film, _: Duration, _: MapStyle) -> io::Result<String> {
        unreachable!("playback is refused without the playback feature")
    }

    pub(super) fn play(_: &mut Play, _: MapStyle, _: Option<&mut Recorder>) -> io::Result<String> {
        unreachable!("play is refused without the playback feature")
    }
}

fn render(
    config: &Config,
    name: &str,
    separate: bool,
    puzzle: &Puzzle,
    solver: &Solver,
    solution: &Solution,
    elapsed: std::time::Duration,
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
    elapsed: std::time::Duration,
) -> String {
    let report = crate::render::json::Report::new(
        Some(name),
        puzzle,
        solution,
        solver.free_distance(),
        Some(elapsed),
    );
    report.to_json_line() + "\n"
}

#[cfg(not(feature = "json"))]
fn json_line(_: &str, _: &Puzzle, _: &Solver, _: &Solution, _: std::time::Duration) -> String {
    unreachable!("--format json is refused without the json feature")
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

/// A size in bytes: a number (fractions allowed) with an optional unit K, M,
/// G or T (powers of 1024; `KB`, `KiB` and friends mean the same).
fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size; try 512M or 2G"))?;
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("unknown unit in '{text}'; use K, M, G or T")),
    };
    let bytes = number * (1u64 << shift) as f64;
    if !(1.0..=usize::MAX as f64).contains(&bytes) {
        return Err(format!("'{text}' is out of range"));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::{parse_screen, parse_size};

    #[test]
    fn screen_sizes() {
        assert_eq!(parse_screen("100x40"), Ok((100, 40)));
        assert_eq!(parse_screen("80X24"), Ok((80, 24)));
        assert!(parse_screen("80").is_err());
        assert!(parse_screen("5x5").is_err());
        assert!(parse_screen("axb").is_err());
    }

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(parse_size("64 kb"), Ok(64 << 10));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3X").is_err());
        assert!(parse_size("0").is_err());
    }
}
