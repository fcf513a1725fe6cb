//! What a solved map gives: the text or JSON report, the files written
//! beside it (a picture, animations, a recording) and the playback or the
//! game on the terminal.

use std::io::{self, Write};
use std::time::Duration;

use super::{Config, Failure, Mode, PROGRAM, Share, hint_for, over_budget};
use crate::cli::watch::Watch;
use crate::cli::{emit, fail, write_file};
use crate::play::Play;
use crate::render::animate::{
    ANIMATION_LENGTH, AnimationOptions, Sampling, Shown, animated_svg, animation_within, paced,
};
use crate::render::cast::{CastOptions, Recorder, cast};
use crate::render::film::Film;
use crate::render::map::{MapStyle, route_map};
use crate::render::svg::{SvgOptions, screen_cell, svg_with};
use crate::render::text;
use crate::viewer::AtEnd;
use crate::{OracleKind, Progress, Puzzle, Solution};

/// The side of a cell in the heat map's SVG picture by default, in pixels.
pub(super) const SVG_CELL: usize = 24;
/// About the largest side of a heat map's GIF whose cell size is not
/// given, in pixels.
pub(super) const GIF_SIDE: usize = 2048;

/// The side of a cell in the pictures of `puzzle` (`--svg`,
/// `--svg-animate`, `--gif`): `--cell-size` if given, else the one that
/// fits the map on a screen ([`screen_cell`]).
fn picture_cell(config: &Config, puzzle: &Puzzle) -> usize {
    config
        .exports
        .cell
        .unwrap_or_else(|| screen_cell(puzzle.width(), puzzle.height()))
}

/// The text or JSON report of the solved map `name`; `separate` when it is
/// not the run's first file, so its steps or map are set apart by a blank
/// line.
///
/// # Errors
/// A sentence when the JSON report would take more than half the `share`
/// of the budget the file has (a caught hero's line can be far longer
/// than the map).
pub(super) fn render(
    config: &Config,
    name: &str,
    separate: bool,
    puzzle: &Puzzle,
    solution: &Solution,
    elapsed: Option<Duration>,
    share: &Share,
) -> Result<String, String> {
    if config.show.json {
        return json_line(name, puzzle, solution, elapsed, share);
    }
    if let Some(elapsed) = elapsed {
        // The text report stays the same on every run: the time goes to
        // standard error.
        // A closed standard error loses the time, not the report.
        let _ = writeln!(
            io::stderr(),
            "{}: {name}: solved in {} ms",
            super::PROGRAM,
            elapsed.as_millis()
        );
    }
    if config.exports.to_stdout() {
        // The export written there is the output.
        return Ok(String::new());
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
    Ok(out)
}

/// The JSON report of a solved map, as one line.
///
/// # Errors
/// A sentence when it would take more than half the `share` of the budget
/// the file has ([`json_bytes`]).
#[cfg(feature = "json")]
fn json_line(
    name: &str,
    puzzle: &Puzzle,
    solution: &Solution,
    elapsed: Option<Duration>,
    share: &Share,
) -> Result<String, String> {
    let budget = share.options.max_memory;
    let needed = json_bytes(puzzle, solution);
    if needed > budget / 2 {
        let (needed, half) = crate::error::bytes_apart(needed, budget / 2);
        return Err(format!(
            "{name}: the JSON report of its {} needs about {needed}, over {half}, half the \
             memory budget of {} ({})",
            crate::error::plural(solution.turns.len(), "move"),
            crate::error::bytes(budget),
            share.see()
        ));
    }
    // The free distance the solve found within its budget and time.
    let report = crate::render::json::Report::new(
        Some(name),
        puzzle,
        solution,
        solution.free_distance,
        elapsed,
    );
    Ok(report.to_json_line() + "\n")
}

/// About how many bytes the JSON report of `solution` takes while it is
/// made: each turn's record, and its text twice over (as it grows), with
/// every dragon and open door it names.
#[cfg(feature = "json")]
fn json_bytes(puzzle: &Puzzle, solution: &Solution) -> usize {
    /// A turn's text with one dragon: `{"step":…,"move":"right","hero":…}`.
    const TEXT: usize = 100;
    /// A position's text, `{"row":…,"col":…},`.
    const POSITION: usize = 32;
    let dragons = puzzle.dragons().len();
    let doors = if puzzle.keys().is_empty() {
        0
    } else {
        puzzle.doors().len()
    };
    let named = if dragons > 1 { dragons } else { 0 } + doors;
    let record = size_of::<crate::render::json::TurnReport>() + named * size_of::<crate::Pos>();
    let text = TEXT + named * POSITION;
    solution
        .turns
        .len()
        .saturating_mul(record + 2 * text)
        .saturating_add(64 << 10)
}

/// The JSON record of a file that has no answer.
#[cfg(feature = "json")]
pub(super) fn json_error_line(name: &str, failure: &Failure) -> String {
    crate::render::json::ErrorReport::new(Some(name), &failure.message, failure.location)
        .to_json_line()
        + "\n"
}

#[cfg(not(feature = "json"))]
fn json_line(
    _: &str,
    _: &Puzzle,
    _: &Solution,
    _: Option<Duration>,
    _: &Share,
) -> Result<String, String> {
    unreachable!("--format json is refused without the json feature")
}

#[cfg(not(feature = "json"))]
pub(super) fn json_error_line(_: &str, _: &Failure) -> String {
    unreachable!("--format json is refused without the json feature")
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
pub(super) fn export(
    config: &Config,
    name: &str,
    puzzle: &Puzzle,
    solution: &Solution,
    film: Option<&Film>,
) -> Result<(), String> {
    if let Some(path) = &config.exports.svg {
        let options = SvgOptions {
            cell: picture_cell(config, puzzle),
        };
        write_file(path, svg_with(puzzle, solution, options).as_bytes())?;
    }
    let pace = film.map(|film| pace(config, film));
    if let (Some(path), Some(film), Some((frame_length, max_frames))) =
        (&config.exports.svg_animate, film, pace)
    {
        let options = AnimationOptions {
            cell: picture_cell(config, puzzle),
            frame_length,
            max_frames,
        };
        let hint = "(see --max-memory, --animate-max-frames)";
        animation_within(puzzle, solution, film, &options, config.options.max_memory)
            .map_err(|e| format!("{name}: {} {hint}", over_budget(&e)))?;
        write_file(
            path,
            animated_svg(puzzle, solution, film, &options).as_bytes(),
        )?;
    }
    if let (Some(path), Some(film), Some(pace)) = (&config.exports.gif, film, pace) {
        gif_export(config, name, path, puzzle, solution, film, pace)?;
    }
    let animated = config.exports.svg_animate.is_some() || config.exports.gif.is_some();
    if let (true, Some(film), Some((_, max_frames))) = (animated, film, pace) {
        let sampling = Sampling::new(film.len(), max_frames);
        if sampling.is_sampled() {
            let why = if max_frames == config.exports.max_frames {
                format!("--animate-max-frames {max_frames}")
            } else {
                format!(
                    "{} ms each to last about {} s; -f sets a frame length",
                    frame_length_ms(pace),
                    ANIMATION_LENGTH.as_secs()
                )
            };
            note(&format!(
                "{name}: the animation shows one frame in {} of the playback's {} ({} frames, \
                 {why})",
                sampling.every,
                sampling.frames,
                Shown::new(film, max_frames).len()
            ));
        }
    }
    if let (Some(path), Some(film)) = (&config.exports.record, film) {
        film.measure_all(&config.options).map_err(|e| {
            format!(
                "{name}: cannot record: {e}{}",
                hint_for(&e, OracleKind::Bfs, config.options.max_memory)
            )
        })?;
        write_file(path, cast(film, &cast_options(config, name)).as_bytes())?;
    }
    Ok(())
}

/// The frame length of `pace`, in whole milliseconds.
fn frame_length_ms(pace: Option<(Duration, usize)>) -> u128 {
    pace.map_or(0, |(frame, _)| frame.as_millis())
}

/// How the animations of `film` are paced: each frame as long as `-f`
/// says, at most `--animate-max-frames` shown; else to last about
/// [`ANIMATION_LENGTH`] ([`paced`]). The frame length and the most frames
/// shown.
fn pace(config: &Config, film: &Film) -> (Duration, usize) {
    if config.exports.frame_length_given {
        (config.frame_length, config.exports.max_frames)
    } else {
        paced(film, config.exports.max_frames, ANIMATION_LENGTH)
    }
}

/// Writes the `--gif` animation (the `cli` feature brings the `gif` one),
/// paced by `pace` ([`pace`]).
fn gif_export(
    config: &Config,
    name: &str,
    path: &std::path::Path,
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    (frame_length, max_frames): (Duration, usize),
) -> Result<(), String> {
    use crate::render::animate::HOLD_FRAMES;
    use crate::render::gif::{GifOptions, gif, gif_lasting, gif_within};
    let options = GifOptions {
        cell: picture_cell(config, puzzle),
        centiseconds: u16::try_from(frame_length.as_millis().div_ceil(10)).unwrap_or(u16::MAX),
        max_frames,
    };
    let hint = "(see --max-memory, --cell-size)";
    gif_within(puzzle, film, &options, config.options.max_memory)
        .map_err(|e| format!("{name}: {} {hint}", over_budget(&e)))?;
    let bytes = if config.exports.frame_length_given {
        gif(puzzle, solution, film, &options)
    } else {
        // The frames share the length to the hundredth.
        let shown = Shown::new(film, max_frames).len();
        let length = frame_length * u32::try_from(shown + HOLD_FRAMES).unwrap_or(u32::MAX);
        gif_lasting(puzzle, solution, film, &options, length)
    }
    .map_err(|e| format!("{name}: {e}"))?;
    write_file(path, &bytes)
}

/// Shows one solved map as `config.mode` says; `Ok(false)` when the reader
/// of standard output went away.
pub(super) fn present(
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
            coach(config, name, &mut play);
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

/// Builds the table behind play's instant hints and judged moves, showing
/// its progress as a long solve's; without one the game says why on its
/// first screen.
fn coach(config: &Config, name: &str, play: &mut Play) {
    let progress = Progress::default();
    let watch = Watch {
        name: &format!("the table of every position of {name}"),
        progress: &progress,
        budget: config.options.max_memory,
        show: config.progress,
        max_time: config.max_time,
    };
    // Without a table, the game goes on with a solve per hint.
    let _ = watch.run(|| play.build_table(&progress));
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

/// Says something on standard error that is not an error.
fn note(message: &str) {
    let _ = writeln!(io::stderr(), "{PROGRAM}: {message}");
}
