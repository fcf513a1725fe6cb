//! Terminal playback and play mode (feature `playback`, crossterm).
//!
//! The drivers show frames built by [`render::frames`](crate::render::frames)
//! and react to keys; they know nothing of the search. [`playback`] and
//! [`play`] take their clock ([`Clock`]), key source ([`Keys`]) and output
//! (`impl Write`) as parameters, so tests run them with a scripted clock and
//! scripted keys into a byte buffer, without a terminal and without
//! sleeping.
//!
//! On a real terminal, [`Terminal::enter`] switches to raw mode, the
//! alternate screen and a hidden cursor, and puts everything back when it is
//! dropped (normal end, quit, Ctrl-C, an error) and when the program panics.
//! [`TerminalKeys`] reads keys from the terminal itself (`/dev/tty` when
//! standard input is not one), so the map may come from a pipe:
//! `generate-maze | solve-maze -p -`.
//!
//! Playback keys: space pause/play (replay at the end), right or `.` one
//! frame forward, left or `,` one frame back, Home/End first/last frame,
//! `+`/`-` faster/slower, `q`, Esc or Ctrl-C quit. Play keys: arrows or WASD
//! move, `u` undo, `r` restart, `h` hint, `q`, Esc or Ctrl-C quit.

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::Print;
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};

use crate::graph::Direction;
use crate::play::{Command, Done, Play};
use crate::render::frames::{Frame, legend, play_legend};
use crate::render::map::MapStyle;

/// A key, as the drivers understand it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Escape.
    Esc,
    /// Ctrl-C.
    Interrupt,
    /// Anything else.
    Other,
}

/// Something the terminal reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A key press.
    Key(Key),
    /// The terminal now has this size.
    Resize {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
}

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

/// Keys from the terminal (crossterm events; `/dev/tty` when standard input
/// is not a terminal).
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalKeys;

impl Keys for TerminalKeys {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Input>> {
        loop {
            if let Some(t) = timeout {
                if !event::poll(t)? {
                    return Ok(None);
                }
            }
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    return Ok(Some(Input::Key(key_of(k.code, k.modifiers))));
                }
                Event::Resize(cols, rows) => return Ok(Some(Input::Resize { cols, rows })),
                // Releases, focus, mouse and paste events are not ours; with
                // a timeout, the next poll waits afresh (a little longer than
                // asked at worst, which only delays a frame).
                _ => {}
            }
        }
    }
}

fn key_of(code: KeyCode, modifiers: KeyModifiers) -> Key {
    match code {
        KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => Key::Interrupt,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Esc => Key::Esc,
        _ => Key::Other,
    }
}

/// The fastest and slowest frame lengths `+` and `-` reach.
const FASTEST: Duration = Duration::from_millis(10);
const SLOWEST: Duration = Duration::from_secs(10);

/// How to show frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long a frame stays while playing.
    pub frame_length: Duration,
    /// Emoji or ASCII, colour or not.
    pub style: MapStyle,
    /// The terminal's size: columns and rows.
    pub size: (u16, u16),
}

/// Where a playback stands: a pure state machine driven by ticks and keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer {
    /// The frame shown.
    pub index: usize,
    /// How many frames there are (at least one).
    pub frames: usize,
    /// Whether playing is paused.
    pub paused: bool,
    /// How long a frame stays while playing.
    pub frame_length: Duration,
}

/// What a key did to a [`Viewer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Nothing.
    Ignored,
    /// The view changed: draw again and start the frame's time afresh.
    Changed,
    /// Stop.
    Quit,
}

impl Viewer {
    /// At the first of `frames` frames, playing.
    pub fn new(frames: usize, frame_length: Duration) -> Viewer {
        Viewer {
            index: 0,
            frames: frames.max(1),
            paused: false,
            frame_length,
        }
    }

    /// Whether the last frame is shown.
    pub fn at_end(&self) -> bool {
        self.index + 1 >= self.frames
    }

    /// Whether frames advance by themselves.
    pub fn running(&self) -> bool {
        !self.paused && !self.at_end()
    }

    /// A frame's time is up.
    pub fn tick(&mut self) {
        if self.running() {
            self.index += 1;
        }
    }

    /// Reacts to a key.
    pub fn key(&mut self, key: Key) -> Reaction {
        match key {
            Key::Char(' ') if self.at_end() => {
                self.index = 0;
                self.paused = false;
            }
            Key::Char(' ') => self.paused = !self.paused,
            Key::Right | Key::Char('.') => {
                self.paused = true;
                self.index = (self.index + 1).min(self.frames - 1);
            }
            Key::Left | Key::Char(',') => {
                self.paused = true;
                self.index = self.index.saturating_sub(1);
            }
            Key::Home => self.index = 0,
            Key::End => self.index = self.frames - 1,
            Key::Char('+' | '=') => self.frame_length = (self.frame_length * 2 / 3).max(FASTEST),
            Key::Char('-' | '_') => self.frame_length = (self.frame_length * 3 / 2).min(SLOWEST),
            Key::Char('q' | 'Q') | Key::Esc | Key::Interrupt => return Reaction::Quit,
            _ => return Reaction::Ignored,
        }
        Reaction::Changed
    }
}

/// Plays `frames` back on `out`, a terminal in raw mode, until the person
/// quits; returns the index of the frame shown last.
///
/// Frames advance every `settings.frame_length` while playing; at the end
/// the last frame stays until a key says what next. Maps larger than the
/// terminal are shown through a window that follows the hero.
///
/// # Errors
/// When the keys cannot be read or the output cannot be written.
pub fn playback(
    frames: &[Frame],
    settings: &Settings,
    clock: &impl Clock,
    keys: &mut impl Keys,
    out: &mut impl Write,
) -> io::Result<usize> {
    if frames.is_empty() {
        return Ok(0);
    }
    let mut viewer = Viewer::new(frames.len(), settings.frame_length);
    let mut size = settings.size;
    let mut due = clock.now() + viewer.frame_length;
    loop {
        let ms = u64::try_from(viewer.frame_length.as_millis()).unwrap_or(u64::MAX);
        let extra = legend(viewer.paused, viewer.at_end(), ms);
        draw(out, &frames[viewer.index], settings.style, size, &extra)?;
        let wait = viewer.running().then(|| due.saturating_sub(clock.now()));
        match keys.next(wait)? {
            None => {
                viewer.tick();
                due = clock.now() + viewer.frame_length;
            }
            Some(Input::Resize { cols, rows }) => size = (cols, rows),
            Some(Input::Key(key)) => match viewer.key(key) {
                Reaction::Quit => return Ok(viewer.index),
                Reaction::Changed => due = clock.now() + viewer.frame_length,
                Reaction::Ignored => {}
            },
        }
    }
}

/// The play-mode command for a key, if any.
pub fn command(key: Key) -> Option<Command> {
    Some(match key {
        Key::Up | Key::Char('w' | 'W') => Command::Move(Direction::Up),
        Key::Left | Key::Char('a' | 'A') => Command::Move(Direction::Left),
        Key::Down | Key::Char('s' | 'S') => Command::Move(Direction::Down),
        Key::Right | Key::Char('d' | 'D') => Command::Move(Direction::Right),
        Key::Char('u' | 'U') => Command::Undo,
        Key::Char('r' | 'R') => Command::Restart,
        Key::Char('h' | 'H') => Command::Hint,
        Key::Char('q' | 'Q') | Key::Esc | Key::Interrupt => Command::Quit,
        _ => return None,
    })
}

/// Lets the person play `game` on `out`, a terminal in raw mode, until they
/// quit; returns the last frame shown.
///
/// # Errors
/// When the keys cannot be read or the output cannot be written.
pub fn play(
    game: &mut Play,
    settings: &Settings,
    keys: &mut impl Keys,
    out: &mut impl Write,
) -> io::Result<Frame> {
    let mut size = settings.size;
    let mut message: Option<String> = None;
    let extra = [String::new(), play_legend().to_owned()];
    loop {
        let frame = game.frame(message.take());
        draw(out, &frame, settings.style, size, &extra)?;
        let key = match keys.next(None)? {
            Some(Input::Key(key)) => key,
            Some(Input::Resize { cols, rows }) => {
                size = (cols, rows);
                message = frame.message;
                continue;
            }
            None => continue,
        };
        let Some(command) = command(key) else {
            message = Some("use the arrows or WASD to move; the keys are below".into());
            continue;
        };
        message = match game.apply(command) {
            Ok(Done::Quit) => return Ok(frame),
            Ok(Done::Hinted(Some(hint))) => Some(hint.to_string()),
            Ok(Done::Hinted(None)) => None,
            Ok(Done::Undone(false)) => Some("nothing to undo".into()),
            Ok(Done::Moved { .. } | Done::Undone(true) | Done::Restarted) => None,
            Err(refusal) => Some(refusal.to_string()),
        };
    }
}

/// Draws a frame and the legend lines under it from the top left corner,
/// clearing what was there. Text lines are wrapped (the message) or cut
/// (the rest) to the terminal's width; the grid is windowed around the hero.
fn draw(
    out: &mut impl Write,
    frame: &Frame,
    style: MapStyle,
    (cols, rows): (u16, u16),
    extra: &[String],
) -> io::Result<()> {
    let (cols, rows) = (usize::from(cols.max(1)), usize::from(rows.max(1)));
    let cell = if style.ascii { 1 } else { 2 };
    let mut message = frame
        .message
        .as_deref()
        .map_or_else(Vec::new, |m| wrap(m, cols));
    if style.color {
        message = message
            .iter()
            .map(|l| format!("\x1b[1m{l}\x1b[0m"))
            .collect();
    }
    // A message line stays reserved, so the map does not jump when a
    // message comes and goes.
    let text_rows = 1 + message.len().max(1) + extra.len();
    let window = frame.around_hero(rows.saturating_sub(text_rows).max(1), (cols / cell).max(1));
    let mut lines = frame.lines(style, window);
    lines.truncate(window.rows);
    lines.push(clip(&frame.status, cols).into_owned());
    if message.is_empty() {
        lines.push(String::new());
    }
    lines.extend(message);
    lines.extend(extra.iter().map(|l| clip(l, cols).into_owned()));
    lines.truncate(rows);
    for (row, line) in lines.iter().enumerate() {
        let row = u16::try_from(row).unwrap_or(u16::MAX);
        queue!(
            out,
            cursor::MoveTo(0, row),
            Print(line),
            terminal::Clear(ClearType::UntilNewLine)
        )?;
    }
    if lines.len() < rows {
        let row = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        queue!(
            out,
            cursor::MoveTo(0, row),
            terminal::Clear(ClearType::FromCursorDown)
        )?;
    }
    out.flush()
}

/// Plain text cut to `cols` characters (the text lines are ASCII).
fn clip(line: &str, cols: usize) -> Cow<'_, str> {
    match line.char_indices().nth(cols) {
        Some((i, _)) => Cow::Owned(line[..i].to_owned()),
        None => Cow::Borrowed(line),
    }
}

/// Plain text broken at spaces into lines of at most `cols` characters
/// (longer words are cut).
fn wrap(text: &str, cols: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > cols {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .into_iter()
        .map(|l| clip(&l, cols).into_owned())
        .collect()
}

/// Whether a [`Terminal`] is in force (for the panic hook).
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// The terminal in playback mode: raw mode, alternate screen, hidden
/// cursor. Dropping it (or a panic) restores the terminal.
#[derive(Debug)]
pub struct Terminal {
    _private: (),
}

impl Terminal {
    /// Switches the terminal on standard output to playback mode.
    ///
    /// # Errors
    /// When there is no terminal to switch; the terminal is then left as it
    /// was.
    pub fn enter() -> io::Result<Terminal> {
        PANIC_HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let guard = Terminal { _private: () };
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(guard)
    }

    /// The terminal's size: columns and rows.
    ///
    /// # Errors
    /// When the size cannot be read.
    pub fn size(&self) -> io::Result<(u16, u16)> {
        terminal::size()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves the alternate screen, shows the cursor and turns raw mode off,
/// once.
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
    }
}

/// [`playback`] on the real terminal; returns the index of the frame shown
/// last. The terminal is restored before this returns.
///
/// # Errors
/// When the terminal cannot be set up, read or written.
pub fn playback_on_terminal(
    frames: &[Frame],
    frame_length: Duration,
    style: MapStyle,
) -> io::Result<usize> {
    let terminal = Terminal::enter()?;
    let settings = Settings {
        frame_length,
        style,
        size: terminal.size()?,
    };
    let shown = playback(
        frames,
        &settings,
        &SystemClock::new(),
        &mut TerminalKeys,
        &mut io::stdout().lock(),
    );
    drop(terminal);
    shown
}

/// [`play`] on the real terminal; returns the last frame shown. The
/// terminal is restored before this returns.
///
/// # Errors
/// When the terminal cannot be set up, read or written.
pub fn play_on_terminal(game: &mut Play, style: MapStyle) -> io::Result<Frame> {
    let terminal = Terminal::enter()?;
    let settings = Settings {
        frame_length: Duration::ZERO,
        style,
        size: terminal.size()?,
    };
    let last = play(game, &settings, &mut TerminalKeys, &mut io::stdout().lock());
    drop(terminal);
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::render::frames::frames;
    use crate::search::{Options, solve};
    use std::cell::Cell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    const ASCII: MapStyle = MapStyle {
        ascii: true,
        color: false,
    };

    /// A clock that moves only when the script waits.
    struct FakeClock(Rc<Cell<Duration>>);

    impl Clock for FakeClock {
        fn now(&self) -> Duration {
            self.0.get()
        }
    }

    /// Inputs at given times on the fake clock; waiting moves the clock.
    struct Script {
        clock: Rc<Cell<Duration>>,
        inputs: VecDeque<(Duration, Input)>,
        waits: Vec<Option<Duration>>,
    }

    impl Script {
        fn new(inputs: &[(u64, Input)]) -> (FakeClock, Script) {
            let clock = Rc::new(Cell::new(Duration::ZERO));
            let inputs = inputs
                .iter()
                .map(|&(ms, input)| (Duration::from_millis(ms), input))
                .collect();
            let script = Script {
                clock: Rc::clone(&clock),
                inputs,
                waits: Vec::new(),
            };
            (FakeClock(clock), script)
        }
    }

    impl Keys for Script {
        fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Input>> {
            self.waits.push(timeout);
            let now = self.clock.get();
            let ready = self
                .inputs
                .front()
                .is_some_and(|&(at, _)| timeout.is_none_or(|t| at <= now + t));
            if ready {
                let (at, input) = self.inputs.pop_front().expect("checked above");
                self.clock.set(now.max(at));
                Ok(Some(input))
            } else if let Some(t) = timeout {
                self.clock.set(now + t);
                Ok(None)
            } else {
                Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the script ran out",
                ))
            }
        }
    }

    fn nz(n: u16) -> std::num::NonZeroU16 {
        std::num::NonZeroU16::new(n).unwrap()
    }

    fn key(c: char) -> Input {
        Input::Key(Key::Char(c))
    }

    const BACKSTEP: &str = "######\n#H..##\n#.#.##\n#..D.E\n######";

    fn backstep() -> (Puzzle, Vec<Frame>) {
        let puzzle: Puzzle = BACKSTEP.parse().unwrap();
        let frames = frames(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
        (puzzle, frames)
    }

    fn settings(ms: u64) -> Settings {
        Settings {
            frame_length: Duration::from_millis(ms),
            style: ASCII,
            size: (80, 24),
        }
    }

    /// The status lines drawn, in order.
    fn statuses(out: &[u8]) -> Vec<String> {
        let text = String::from_utf8_lossy(out);
        text.split("\x1b[K")
            .filter_map(|part| {
                // Each line is drawn as `ESC [ row ; col H`, the text, `ESC [ K`.
                let moved = &part[part.rfind("\x1b[")?..];
                let line = &moved[moved.find('H')? + 1..];
                (line.starts_with("step ") || line.starts_with("moves ")).then(|| line.to_owned())
            })
            .collect()
    }

    fn screen(out: &[u8]) -> vt100::Parser {
        let mut parser = vt100::Parser::new(nz(24), nz(80), 0);
        parser.process(out);
        parser
    }

    #[test]
    fn plays_to_the_end_then_waits_for_a_key() {
        let (_, frames) = backstep();
        let (clock, mut keys) = Script::new(&[(60_000, key('q'))]);
        let mut out = Vec::new();
        let last = playback(&frames, &settings(100), &clock, &mut keys, &mut out).unwrap();
        assert_eq!(last, frames.len() - 1);
        let shown = statuses(&out);
        assert_eq!(shown.len(), frames.len());
        assert_eq!(shown[0], "step 0 of 8  start  distance 4");
        assert_eq!(shown.last().unwrap(), "step 8 of 8  hero: right  escaped!");
        // One wait per frame, then an open wait at the end.
        assert_eq!(keys.waits.len(), frames.len());
        assert_eq!(keys.waits.last(), Some(&None));
        let contents = screen(&out).screen().contents();
        assert!(
            contents.contains("The shortest path is 8 steps."),
            "{contents}"
        );
        assert!(contents.contains("the end: [space] replay"), "{contents}");
    }

    #[test]
    fn pause_step_back_and_speed() {
        let (_, frames) = backstep();
        let (clock, mut keys) = Script::new(&[
            (250, key(' ')), // pause on frame 2
            (5_000, Input::Key(Key::Right)),
            (5_001, key('.')),
            (5_002, Input::Key(Key::Left)),
            (5_003, key('+')),
            (5_004, key(' ')), // play on, faster
            (5_104, key('q')),
        ]);
        let mut out = Vec::new();
        let last = playback(&frames, &settings(100), &clock, &mut keys, &mut out).unwrap();
        let shown: Vec<String> = statuses(&out).iter().map(|s| s[..6].to_owned()).collect();
        let expected = [
            "step 0", "step 1", "step 1", // frames 0, 1, 2 at 0, 100, 200 ms
            "step 1", // paused at 250 ms
            "step 2", "step 2", "step 2", // right, '.', left: frames 3, 4, 3
            "step 2", "step 2", // faster; play on
            "step 2", // 66 ms later: frame 4
        ];
        assert_eq!(shown, expected);
        assert_eq!(last, 4);
        assert!(
            screen(&out)
                .screen()
                .contents()
                .contains("playing, 66 ms a frame")
        );
        // While paused the driver waits for a key, not for the clock.
        assert!(keys.waits.contains(&None));
    }

    #[test]
    fn quits_with_escape_and_ctrl_c() {
        let (_, frames) = backstep();
        for k in [Key::Esc, Key::Interrupt, Key::Char('q')] {
            let (clock, mut keys) = Script::new(&[(150, Input::Key(k))]);
            let last =
                playback(&frames, &settings(100), &clock, &mut keys, &mut Vec::new()).unwrap();
            assert_eq!(last, 1);
        }
    }

    #[test]
    fn replay_from_the_end() {
        let (_, frames) = backstep();
        let (clock, mut keys) = Script::new(&[(10_000, key(' ')), (10_050, key('q'))]);
        let mut out = Vec::new();
        assert_eq!(
            playback(&frames, &settings(100), &clock, &mut keys, &mut out).unwrap(),
            0
        );
    }

    #[test]
    fn small_terminal_shows_a_window_around_the_hero() {
        let (_, frames) = backstep();
        let (clock, mut keys) =
            Script::new(&[(0, Input::Resize { cols: 4, rows: 7 }), (1, key('q'))]);
        let mut out = Vec::new();
        playback(&frames, &settings(100), &clock, &mut keys, &mut out).unwrap();
        let mut parser = vt100::Parser::new(nz(7), nz(4), 0);
        parser.process(&out);
        // 7 rows: 3 of map, status, message, two legend lines; 4 columns.
        let rows: Vec<String> = parser.screen().rows(0, 4).collect();
        assert_eq!(rows, ["####", "#H..", "#.#.", "step", "", "play", "[spa"]);
    }

    #[test]
    fn emoji_grid_is_aligned_on_screen() {
        let (puzzle, frames) = backstep();
        let (clock, mut keys) = Script::new(&[(0, key('q'))]);
        let mut out = Vec::new();
        let emoji = Settings {
            style: MapStyle::default(),
            ..settings(100)
        };
        playback(&frames, &emoji, &clock, &mut keys, &mut out).unwrap();
        let parser = screen(&out);
        // Every symbol takes two columns: the exit is at column 2 * 5.
        let exit = puzzle.exit();
        let cell = parser
            .screen()
            .cell(exit.row as u16, 2 * exit.col as u16)
            .unwrap();
        assert_eq!(cell.contents(), "❎");
        assert!(cell.is_wide());
        assert_eq!(parser.screen().cursor_position().1, 0);
    }

    #[test]
    fn plays_a_game_with_keys() {
        let puzzle: Puzzle = BACKSTEP.parse().unwrap();
        let options = Options::default();
        let optimum = solve(&puzzle, &options).unwrap().outcome;
        let mut game = Play::new(puzzle, options, optimum).unwrap();
        let arrows = [Key::Down, Key::Up, Key::Right, Key::Right];
        let mut inputs: Vec<(u64, Input)> = vec![(0, Input::Key(Key::Up)), (0, key('h'))];
        inputs.extend(arrows.iter().map(|&k| (0, Input::Key(k))));
        inputs.extend("ssdd".chars().map(|c| (0, key(c))));
        inputs.push((0, key('x')));
        inputs.push((0, Input::Key(Key::Interrupt)));
        let (_, mut keys) = Script::new(&inputs);
        let mut out = Vec::new();
        let last = play(&mut game, &settings(0), &mut keys, &mut out).unwrap();
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains("a wall blocks the way"));
        assert!(text.contains("hint: down (the exit in 8 steps)"));
        assert!(text.contains("You escaped in 8 steps. That is the optimum!"));
        assert_eq!(
            last.message.as_deref(),
            Some("use the arrows or WASD to move; the keys are below")
        );
        let contents = screen(&out).screen().contents();
        assert!(contents.contains(play_legend()), "{contents}");
        assert_eq!(
            statuses(&out).last().unwrap(),
            "moves 8  distance 3  optimum 8 steps"
        );
    }

    #[test]
    fn clip_and_wrap() {
        assert_eq!(clip("abcdef", 4), "abcd");
        assert_eq!(clip("abc", 4), "abc");
        assert_eq!(
            wrap("the dragon sleeps here", 10),
            ["the dragon", "sleeps", "here"]
        );
        assert_eq!(wrap("abcdefghijkl xy", 5), ["abcde", "xy"]);
        assert_eq!(wrap("", 5), [""]);
    }

    #[test]
    fn play_keys() {
        assert_eq!(command(Key::Char('w')), Some(Command::Move(Direction::Up)));
        assert_eq!(
            command(Key::Char('D')),
            Some(Command::Move(Direction::Right))
        );
        assert_eq!(command(Key::Esc), Some(Command::Quit));
        assert_eq!(command(Key::Char('z')), None);
        assert_eq!(
            key_of(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Key::Interrupt
        );
        assert_eq!(
            key_of(KeyCode::Char('c'), KeyModifiers::NONE),
            Key::Char('c')
        );
    }
}
