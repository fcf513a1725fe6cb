//! `--heat-map`: the map's whole table, drawn.
//!
//! The options (`--heat-map FILE`, `--vary PIECE`) are flattened into
//! [`super::Args`] and checked into a [`Heat`]; [`make`] builds the
//! table before the solve, watched as a solve is (the progress line,
//! `--max-time`, Ctrl-C: `cli/watch.rs`, `cli/interrupt.rs`), turns it
//! into a [`HeatMap`] and drops it, so the solve after it has the whole
//! memory budget again. A file is written whole or not at all
//! ([`write_file`]); `-` gives the text that standard output shows
//! instead of the report.

use std::path::{Path, PathBuf};

use super::args::Args;
use super::config::Config;
use super::output::{GIF_SIDE, SVG_CELL};
use super::{Share, over_budget};
use crate::cli::watch::Watch;
use crate::cli::{interrupt, seconds, write_file};
use crate::render::heat::{Colors, HeatMap, Vary};
use crate::{Error, Puzzle, Solver};

/// The heat map's options, as clap reads them.
#[derive(Debug, clap::Args)]
pub(crate) struct HeatArgs {
    /// Also write a heat map of every start to FILE (.svg, .gif, .json, -).
    ///
    /// Every free cell is
    /// coloured by the escape of a game that starts there (see --vary),
    /// caught and endless starts apart, with a legend. The extension
    /// chooses the format: .svg, .gif or .json; `-` prints the heat map on
    /// standard output instead of the report (in the terminal's colours,
    /// or as JSON with --format json). For one-dragon maps without keys or
    /// doors; it takes more memory and time than a solve.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["playback", "play"],
        help_heading = "Heat map"
    )]
    heat_map: Option<PathBuf>,

    /// Which piece's start the heat map varies from cell to cell; the
    /// other stays where the map puts it [default: hero].
    #[arg(
        long,
        value_enum,
        value_name = "PIECE",
        help_heading = "Heat map",
        hide_short_help = true
    )]
    vary: Option<Vary>,
}

/// Where the heat map goes, in which format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// Standard output, instead of the report: text, or JSON with
    /// `--format json`.
    Stdout,
    Svg(PathBuf),
    Gif(PathBuf),
    Json(PathBuf),
}

/// The heat map asked for, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Heat {
    pub(super) to: Target,
    pub(super) vary: Vary,
}

impl Heat {
    /// Whether the heat map is drawn on standard output.
    pub(super) fn on_stdout(&self) -> bool {
        self.to == Target::Stdout
    }

    /// Whether it is a picture (`--cell-size` sizes it).
    pub(super) fn is_picture(&self) -> bool {
        matches!(self.to, Target::Svg(_) | Target::Gif(_))
    }
}

/// Checks the heat map's options against the others of `args`, whose
/// files are settled (standard input when none was named).
///
/// # Errors
/// A sentence for options that make no sense together.
pub(super) fn check(args: &Args) -> Result<Option<Heat>, String> {
    let heat = &args.heat;
    let Some(path) = &heat.heat_map else {
        if heat.vary.is_some() {
            return Err(
                "--vary chooses the piece a heat map varies: use it with --heat-map".into(),
            );
        }
        return Ok(None);
    };
    if args.files.len() != 1 {
        return Err("--heat-map takes exactly one map file".into());
    }
    let to = target(path)?;
    if matches!(to, Target::Json(_)) && !cfg!(feature = "json") {
        return Err("this build has no JSON support (cargo feature `json`)".into());
    }
    if to == Target::Stdout {
        let flag = [
            (args.steps, "--steps"),
            (args.map, "--map"),
            (args.timing, "--timing"),
        ]
        .into_iter()
        .find_map(|(on, flag)| on.then_some(flag));
        if let Some(flag) = flag {
            return Err(format!(
                "--heat-map - prints the heat map instead of the report: {flag} would do nothing"
            ));
        }
    }
    Ok(Some(Heat {
        to,
        vary: heat.vary.unwrap_or_default(),
    }))
}

/// Where `path` sends the heat map: `-` is standard output, a file's
/// extension is its format.
fn target(path: &Path) -> Result<Target, String> {
    if path == Path::new("-") {
        return Ok(Target::Stdout);
    }
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => Ok(Target::Svg(path.to_owned())),
        Some("gif") => Ok(Target::Gif(path.to_owned())),
        Some("json") => Ok(Target::Json(path.to_owned())),
        _ => Err(format!(
            "{}: a heat map's format comes from its extension: .svg, .gif or .json \
             (or - for standard output)",
            path.display()
        )),
    }
}

/// Builds the table of `puzzle` (`name`), watched as a solve is, and
/// makes the heat map `heat` asks for: written to its file, or, for
/// standard output, returned as the text to show there instead of the
/// report.
///
/// # Errors
/// A sentence naming the file: the table does not fit `--max-memory`,
/// the map has pieces the table does not take, the build was stopped (by
/// a signal or `--max-time`), or the file cannot be written.
pub(super) fn make(
    config: &Config,
    share: &Share,
    heat: &Heat,
    name: &str,
    puzzle: &Puzzle,
    solver: &Solver,
    watch: bool,
) -> Result<Option<String>, String> {
    if puzzle.has_variant_pieces() {
        // The library's table takes them, but a picture of one piece's
        // start varied does not say which dragon, key or door it means.
        return Err(format!(
            "{name}: cannot make the heat map: it is drawn for maps with one dragon \
             and no keys or doors"
        ));
    }
    let options = &share.options;
    let running = interrupt::Running::new();
    let progress = running.progress();
    let build = || solver.table_watched(options, progress);
    let built = if watch || config.max_time.is_some() {
        // The progress line counts the positions valued: say of how many,
        // before the file's name (a narrow terminal cuts the line's end).
        let cells = puzzle.walls().iter().filter(|&&wall| !wall).count() as u128;
        let label = format!("of {} in the heat map's table: {name}", cells * cells);
        let watch = Watch {
            name: &label,
            progress,
            budget: options.max_memory,
            show: watch,
            max_time: config.max_time,
        };
        watch.run(build)
    } else {
        build()
    };
    drop(running);
    let table = built.map_err(|e| why(&e, name, config, share))?;
    let map = HeatMap::new(&table, puzzle, heat.vary);
    // The solve after this has the whole budget again.
    drop(table);
    let cell = config.exports.cell;
    match &heat.to {
        Target::Stdout if config.show.json => Ok(Some(json(&map, puzzle, name))),
        Target::Stdout => Ok(Some(map.text(config.style.ascii, colors(config)))),
        Target::Svg(path) => {
            write_file(path, map.svg(cell.unwrap_or(SVG_CELL)).as_bytes())?;
            Ok(None)
        }
        Target::Json(path) => {
            write_file(path, json(&map, puzzle, name).as_bytes())?;
            Ok(None)
        }
        Target::Gif(path) => {
            let bytes = gif(&map, puzzle, cell, options.max_memory)
                .map_err(|e| format!("{name}: cannot make the heat map: {e}"))?;
            write_file(path, &bytes)?;
            Ok(None)
        }
    }
}

/// Why the table of `name` could not be built, in a sentence.
fn why(error: &Error, name: &str, config: &Config, share: &Share) -> String {
    match (error, interrupt::signalled(), config.max_time) {
        (Error::Stopped { message }, Some(signal), _) => {
            // This sentence says it: the end by the signal adds none.
            crate::cli::cleanup::say_nothing();
            format!("{name}: the heat map's table was stopped by {signal} {message}")
        }
        (Error::Stopped { message }, None, Some(time)) => format!(
            "{name}: the heat map's table reached its time limit of {} {message} \
             (try a larger --max-time)",
            seconds(time)
        ),
        (Error::TooLarge { .. }, _, _) => format!(
            "{name}: cannot make the heat map: {} ({})",
            over_budget(error),
            share.see()
        ),
        (Error::Unsupported { message }, _, _) => {
            format!("{name}: cannot make the heat map: {message}")
        }
        (e, _, _) => format!("{name}: cannot make the heat map: {e}"),
    }
}

/// The colours of the terminal's heat map: none unless the map is drawn
/// in colour (`--color`, `NO_COLOR`), then true colour where `COLORTERM`
/// says the terminal has it, else xterm's 256.
fn colors(config: &Config) -> Colors {
    if !config.style.color {
        return Colors::Off;
    }
    match std::env::var("COLORTERM").as_deref() {
        Ok("truecolor" | "24bit") => Colors::TrueColor,
        _ => Colors::Palette256,
    }
}

/// The heat map's JSON record, with its line end.
#[cfg(feature = "json")]
fn json(map: &HeatMap, puzzle: &Puzzle, name: &str) -> String {
    crate::render::heat::HeatReport::new(Some(name), map, puzzle).to_json_line() + "\n"
}

#[cfg(not(feature = "json"))]
fn json(_: &HeatMap, _: &Puzzle, _: &str) -> String {
    unreachable!("a JSON heat map is refused without the json feature")
}

/// The heat map as a still GIF, `cell` pixels a cell if given (else as
/// for `--gif`: at most 24, about 2000 pixels a side), within half of
/// `max_memory`.
fn gif(
    map: &HeatMap,
    puzzle: &Puzzle,
    cell: Option<usize>,
    max_memory: usize,
) -> Result<Vec<u8>, String> {
    use crate::render::gif::fitting_cell;
    let cell = cell.unwrap_or_else(|| fitting_cell(puzzle, SVG_CELL, GIF_SIDE));
    map.gif(cell, max_memory)
}
