//! Terminal playback and play mode (feature `playback`, crossterm).
//!
//! The drivers show frames made on demand by a [`Film`] or a [`Play`] and
//! react to keys as the tables in [`crate::viewer`] say; they know
//! nothing of the search. [`playback`] and [`play`] take their clock
//! ([`Clock`]), key source ([`Keys`]) and output (`impl Write`) as
//! parameters, so tests run them with a scripted clock and scripted keys
//! into a byte buffer, without a terminal and without sleeping. Each screen
//! is laid out as `render/screen.rs` says and only its changed lines are
//! written, so a step costs a few lines on any map.
//!
//! The real terminal, its keys and signals are in `playback/terminal.rs`:
//! [`playback_on_terminal`] and [`play_on_terminal`] put them together.

#[cfg(unix)]
mod input;
mod terminal;

use std::io::{self, Write};
use std::time::{Duration, Instant};

use self::terminal::TerminalOut;
pub use self::terminal::{Terminal, TerminalKeys, end_if_signalled, ending_signalled};
use crate::board::{Board, Frame};
use crate::play::{Command, Done, Play, State};
use crate::render::board::Window;
use crate::render::cast::Recorder;
use crate::render::film::Film;
use crate::render::map::MapStyle;
use crate::render::overview::overview;
use crate::render::screen;
use crate::viewer::{self, Action, Camera, PLAYBACK_KEYS, Reaction, Viewer};
pub use crate::viewer::{AtEnd, Input, Key};

/// A monotonic clock.
pub trait Clock {
    /// Time since some fixed start.
    fn now(&self) -> Duration;
}

/// A source of keys.
pub trait Keys {
    /// Waits at most `timeout` (forever for `None`) for the next input;
    /// `Ok(None)` when the time is up.
    ///
    /// # Errors
    /// When the terminal cannot be read.
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Input>>;

    /// Gives the terminal back and stops the program until it is continued,
    /// then takes the terminal again; returns its size then, if known. Does
    /// nothing where there is no terminal.
    ///
    /// # Errors
    /// When the terminal cannot be taken again.
    fn suspend(&mut self) -> io::Result<Option<(u16, u16)>> {
        Ok(None)
    }
}

/// The system's monotonic clock.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    start: Instant,
}

impl SystemClock {
    /// A clock starting now.
    pub fn new() -> SystemClock {
        SystemClock {
            start: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// How to show frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long a frame stays while playing at 1x.
    pub frame_length: Duration,
    /// Emoji or ASCII, colour or not.
    pub style: MapStyle,
    /// The terminal's size: columns and rows.
    pub size: (u16, u16),
    /// What to do once the last frame has had its time.
    pub at_end: AtEnd,
}

/// What was on the screen when the driver returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The frame.
    pub frame: Frame,
    /// The part of the grid shown.
    pub window: Window,
    /// The terminal's size then: columns and rows.
    pub size: (u16, u16),
    /// Whether a signal asked the program to end.
    pub terminated: bool,
}

/// The screen as last drawn, to write only what changes.
struct Painter {
    before: Option<Vec<String>>,
    window: Option<Window>,
    size: (u16, u16),
    style: MapStyle,
    bytes: String,
}

impl Painter {
    /// What is on the screen: `frame`, drawn in `window`.
    fn shown(&self, frame: Frame, window: Window, terminated: bool) -> Shown {
        Shown {
            frame,
            window,
            size: self.size,
            terminated,
        }
    }

    fn new(settings: &Settings) -> Painter {
        Painter {
            before: None,
            window: None,
            size: settings.size,
            style: settings.style,
            bytes: String::new(),
        }
    }

    /// The next screen must be drawn whole (a resize, a resume).
    fn forget(&mut self) {
        self.before = None;
        self.window = None;
    }

    /// How many legend lines to offer: two when there is room, else one.
    fn legend_lines(&self) -> usize {
        if self.size.1 >= 12 { 2 } else { 1 }
    }

    fn cols(&self) -> usize {
        usize::from(self.size.0.max(1))
    }

    /// Draws `frame` with `extra` lines under it (or the help over it) and
    /// returns the window shown.
    fn draw(
        &mut self,
        out: &mut impl Write,
        board: &Board,
        frame: &Frame,
        camera: &mut Camera,
        extra: &[String],
        help: &[String],
    ) -> io::Result<Window> {
        let (cols, rows) = (self.cols(), usize::from(self.size.1.max(1)));
        camera.clamp(frame.hero, board.height(), board.width());
        let centre = camera.centre(frame.hero, board.height(), board.width());
        // Panned, the window goes where the person puts it.
        let previous = self.window.filter(|_| camera.pan == (0, 0));
        let mut shown = screen::compose(
            board,
            frame,
            self.style,
            (centre, previous),
            (cols, rows),
            extra,
        );
        if camera.overview {
            let grid = shown.window.rows.min(shown.lines.len());
            let (mut small, side) = overview(board, frame, self.style, cols, grid);
            small.resize(grid, String::new());
            shown.lines.splice(..grid, small);
            if !shown.fits && grid < shown.lines.len() {
                shown.lines[grid] = screen::clip(
                    &format!(
                        "the whole map: a character for {}x{} cells; [z] back",
                        tenths(side),
                        tenths(2.0 * side)
                    ),
                    cols,
                )
                .into_owned();
            }
        }
        if camera.help {
            shown.lines = help
                .iter()
                .take(rows)
                .map(|text| screen::clip(text, cols).into_owned())
                .collect();
        }
        self.bytes.clear();
        screen::repaint(self.before.as_deref(), &shown.lines, &mut self.bytes);
        out.write_all(self.bytes.as_bytes())?;
        out.flush()?;
        self.before = Some(shown.lines);
        self.window = Some(shown.window);
        Ok(shown.window)
    }
}

/// Plays `film` back on `out`, a terminal in raw mode, until the person
/// quits (or a signal says to end); returns what was shown last.
///
/// Frames advance every frame length while playing; at the end the last
/// frame stays until a key says what next. Maps larger than the terminal
/// are shown through a window that follows the hero (or where the person
/// pans it). Each frame is made when it is shown.
///
/// # Errors
/// When the keys cannot be read or the output cannot be written.
pub fn playback(
    film: &Film,
    settings: &Settings,
    clock: &impl Clock,
    keys: &mut impl Keys,
    out: &mut impl Write,
) -> io::Result<Shown> {
    let mut viewer = Viewer::new(film.len(), settings.frame_length);
    let mut painter = Painter::new(settings);
    let help = viewer::help(PLAYBACK_KEYS);
    let mut due = clock.now() + viewer.frame_length();
    let mut frame = film.frame(0);
    let mut terminated = false;
    loop {
        let mut extra = vec![viewer.state_line()];
        extra.extend(viewer::legend(
            PLAYBACK_KEYS,
            painter.cols(),
            painter.legend_lines(),
        ));
        let window = painter.draw(out, film.board(), &frame, &mut viewer.camera, &extra, &help)?;
        let shown = |frame: Frame, terminated| painter.shown(frame, window, terminated);
        if terminated {
            return Ok(shown(frame, true));
        }
        // Past the last frame only to loop or to end.
        let ending = viewer.at_end() && !viewer.paused && settings.at_end != AtEnd::Wait;
        let wait = (viewer.running() || ending).then(|| due.saturating_sub(clock.now()));
        let before = viewer.index;
        match keys.next(wait)? {
            None if ending => match settings.at_end {
                AtEnd::Exit => return Ok(shown(frame, false)),
                _ => {
                    viewer.index = 0;
                    due = clock.now() + viewer.frame_length();
                }
            },
            None => {
                viewer.tick();
                due = clock.now() + viewer.frame_length();
            }
            Some(Input::Resize { cols, rows }) => {
                painter.size = (cols, rows);
                painter.forget();
            }
            Some(Input::Resumed) => painter.forget(),
            Some(Input::Terminate) => terminated = true,
            Some(Input::Key(key)) => {
                let reaction = viewer::action(PLAYBACK_KEYS, key)
                    .map_or(Reaction::Ignored, |action| viewer.apply(action));
                match reaction {
                    Reaction::Quit => return Ok(shown(frame, false)),
                    Reaction::Suspend => {
                        if let Some(size) = keys.suspend()? {
                            painter.size = size;
                        }
                        painter.forget();
                    }
                    Reaction::Changed => due = clock.now() + viewer.frame_length(),
                    Reaction::Ignored => {}
                }
            }
        }
        if viewer.index != before {
            frame = film.frame(viewer.index);
        }
    }
}

/// Lets the person play `game` on `out`, a terminal in raw mode, until they
/// quit (or a signal says to end); returns what was shown last. With
/// `record`, every screen is also recorded, with its time on `clock`.
///
/// # Errors
/// When the keys cannot be read or the output cannot be written.
pub fn play(
    game: &mut Play,
    settings: &Settings,
    clock: &impl Clock,
    keys: &mut impl Keys,
    out: &mut impl Write,
    mut record: Option<&mut Recorder>,
) -> io::Result<Shown> {
    let mut painter = Painter::new(settings);
    let mut camera = Camera::default();
    // Said once: why hints take a solve and mistakes go unsaid.
    let mut message: Option<String> = game.note().map(ToString::to_string);
    let keys_table = viewer::play_keys(game.rules().wait);
    let help = viewer::help(&keys_table);
    let mut terminated = false;
    loop {
        let frame = game.frame(message.take());
        let extra = viewer::legend(&keys_table, painter.cols(), painter.legend_lines());
        let window = painter.draw(out, game.board(), &frame, &mut camera, &extra, &help)?;
        if let Some(recorder) = record.as_deref_mut() {
            recorder.record(clock.now(), game.board(), &frame);
        }
        let shown = |frame: Frame, terminated| painter.shown(frame, window, terminated);
        if terminated {
            return Ok(shown(frame, true));
        }
        let key = match keys.next(None)? {
            Some(Input::Key(key)) => key,
            Some(Input::Resize { cols, rows }) => {
                painter.size = (cols, rows);
                painter.forget();
                message = frame.message;
                continue;
            }
            Some(Input::Resumed) => {
                painter.forget();
                message = frame.message;
                continue;
            }
            Some(Input::Terminate) => {
                terminated = true;
                message = frame.message;
                continue;
            }
            None => continue,
        };
        let Some(action) = viewer::action(&keys_table, key) else {
            message = Some("use the arrows or WASD to move; [?] lists the keys".into());
            continue;
        };
        let command = match action {
            Action::Move(d) => Command::Move(d),
            Action::Wait => Command::Wait,
            Action::Undo => Command::Undo,
            Action::Restart => Command::Restart,
            Action::Hint => Command::Hint,
            Action::Quit => return Ok(shown(frame, false)),
            Action::Suspend => {
                if let Some(size) = keys.suspend()? {
                    painter.size = size;
                }
                painter.forget();
                message = frame.message;
                continue;
            }
            other => {
                camera.apply(other);
                message = frame.message;
                continue;
            }
        };
        if matches!(command, Command::Move(_) | Command::Wait) {
            // A move brings the window back to the hero.
            camera.pan = (0, 0);
        }
        message = match game.apply(command) {
            Ok(Done::Quit) => return Ok(shown(frame, false)),
            Ok(Done::Hinted(Some(hint))) => Some(hint.to_string()),
            Ok(Done::Hinted(None)) => None,
            Ok(Done::Undone(false)) => Some("nothing to undo".into()),
            // A mistake that ends the game is counted in the result.
            Ok(Done::Moved { mistake, .. }) => mistake
                .filter(|_| game.state() == State::Playing)
                .map(|m| m.to_string()),
            Ok(Done::Undone(true) | Done::Restarted) => None,
            Err(refusal) => Some(refusal.to_string()),
        };
    }
}

/// What to leave on the normal screen after the terminal is given back:
/// the last frame as text when it fits in `size`, else its status, its
/// message and which part of the map was shown.
pub fn farewell(board: &Board, shown: &Shown, style: MapStyle) -> String {
    let (cols, rows) = (usize::from(shown.size.0), usize::from(shown.size.1));
    let frame = &shown.frame;
    let lines = board.height() + 1 + usize::from(frame.message.is_some());
    // The last row stays free for the shell's prompt.
    let fits = board.columns(style.ascii) <= cols
        && lines < rows
        && std::iter::once(&frame.status)
            .chain(&frame.message)
            .all(|l| l.chars().count() <= cols);
    if fits {
        return board.text(frame, style);
    }
    let mut out = String::new();
    out.push_str(&shown.frame.status);
    out.push('\n');
    if let Some(message) = &shown.frame.message {
        out.push_str(message);
        out.push('\n');
    }
    out.push_str("The map does not fit the terminal; the window showed ");
    out.push_str(&screen::whereabouts(board, &shown.frame, shown.window));
    out.push_str(".\n");
    out
}

/// [`playback`] on the real terminal; returns what was shown last. The
/// terminal is restored before this returns; if a signal asked the program
/// to end, it ends by that signal once the terminal is restored.
///
/// # Errors
/// When the terminal cannot be set up, read or written.
pub fn playback_on_terminal(
    film: &Film,
    frame_length: Duration,
    style: MapStyle,
    at_end: AtEnd,
) -> io::Result<Shown> {
    let terminal = Terminal::enter()?;
    let settings = Settings {
        frame_length,
        style,
        size: terminal.size()?,
        at_end,
    };
    let shown = playback(
        film,
        &settings,
        &SystemClock::new(),
        &mut TerminalKeys,
        &mut TerminalOut(io::stdout().lock()),
    );
    terminal.finish();
    shown
}

/// [`play`] on the real terminal; returns what was shown last. The
/// terminal is restored before this returns. A signal that asks the program
/// to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or the terminal going away
/// (the end of its input, an error reading or writing it: a hang-up), ends
/// the game but not the program, so that the caller can save the game
/// played so far (`record`): it returns (`Shown::terminated`, or an error
/// if the terminal went away), [`ending_signalled`] says so, and the caller
/// then ends the program with [`end_if_signalled`].
///
/// # Errors
/// When the terminal cannot be set up, read or written.
pub fn play_on_terminal(
    game: &mut Play,
    style: MapStyle,
    record: Option<&mut Recorder>,
) -> io::Result<Shown> {
    let terminal = Terminal::enter()?;
    let settings = Settings {
        frame_length: Duration::ZERO,
        style,
        size: terminal.size()?,
        at_end: AtEnd::Wait,
    };
    let last = play(
        game,
        &settings,
        &SystemClock::new(),
        &mut TerminalKeys,
        &mut TerminalOut(io::stdout().lock()),
        record,
    );
    // The terminal is restored; ending by a signal is the caller's, after
    // the recording is saved.
    drop(terminal);
    last
}

/// `x` to one decimal, without a trailing `.0` (`2`, `2.1`).
fn tenths(x: f64) -> String {
    let text = format!("{x:.1}");
    text.strip_suffix(".0").unwrap_or(&text).to_owned()
}

#[cfg(test)]
mod tests;
