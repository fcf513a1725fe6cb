//! The real terminal: raw mode and the alternate screen, keys from the
//! terminal, and signals.
//!
//! [`Terminal::enter`] switches to raw mode, the alternate screen and a
//! hidden cursor, and puts everything back when it is dropped (normal end,
//! quit, an error), when the program panics and when it is told to end
//! (SIGTERM, SIGHUP, SIGINT, SIGQUIT: [`TerminalKeys`] reports them as
//! [`Input::Terminate`], the driver returns, the guard restores the
//! terminal, and [`Terminal::finish`] or, once what must be saved is saved,
//! [`end_if_signalled`] then ends the process by the signal).
//! A terminal that goes away (closed, or its connection dropped: the end
//! of its input, or an error reading or writing it) ends the program the
//! same way, as the hang-up it is: [`TerminalKeys`] reports it as
//! [`Input::Terminate`] within a slice of its wait, and the program then
//! ends by SIGHUP, what can be restored restored and a recording saved.
//! Ctrl-Z (and SIGTSTP) restore the terminal and stop the process; `fg`
//! takes the terminal again and the driver draws everything anew.
//! [`TerminalKeys`] reads keys from the terminal itself (`/dev/tty` when
//! standard input is not one), so the map may come from a pipe: on Unix
//! through a thread of its own (`input.rs`), elsewhere through crossterm's
//! events.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once, OnceLock};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyModifiers};
use crossterm::terminal;
use crossterm::{cursor, execute};

use super::Keys;
use crate::viewer::{Input, Key};

/// Whether a [`Terminal`] is in force (for the panic hook and signals).
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
        signals::install();
        if let Err(e) = take() {
            // Whatever was switched is switched back.
            restore();
            return Err(e);
        }
        Ok(Terminal { _private: () })
    }

    /// The terminal's size: columns and rows.
    ///
    /// # Errors
    /// When the size cannot be read.
    pub fn size(&self) -> io::Result<(u16, u16)> {
        terminal::size()
    }

    /// Restores the terminal and, if a signal asked the program to end,
    /// ends it by that signal (as if the program had not caught it).
    pub fn finish(self) {
        drop(self);
        end_if_signalled();
    }
}

/// Whether a signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT) that arrived while
/// a [`Terminal`] was in force asked the program to end, or the terminal
/// went away (a hang-up).
pub fn ending_signalled() -> bool {
    signals::asked()
}

/// Ends the process by the first signal that asked it to end while a
/// [`Terminal`] was in force (as if the program had not caught it), if one
/// did; returns otherwise. Call it once the terminal is restored.
pub fn end_if_signalled() {
    signals::end_if_asked();
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

/// The terminal's output: a write that fails (but for an interruption)
/// means the terminal went away, and asks the program to end as a hang-up
/// does ([`ending_signalled`]), so that a recording is saved and the
/// program ends by SIGHUP.
#[derive(Debug)]
pub(crate) struct TerminalOut<W: Write>(pub(crate) W);

impl<W: Write> TerminalOut<W> {
    fn checked<T>(result: io::Result<T>) -> io::Result<T> {
        result.inspect_err(|e| {
            if !matches!(
                e.kind(),
                io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
            ) {
                signals::hang_up();
            }
        })
    }
}

impl<W: Write> Write for TerminalOut<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        Self::checked(self.0.write(bytes))
    }

    fn flush(&mut self) -> io::Result<()> {
        Self::checked(self.0.flush())
    }
}

/// Raw mode, the alternate screen and a hidden cursor.
fn take() -> io::Result<()> {
    terminal::enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    signals::inside(true);
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)
}

/// Turns raw mode off, shows the cursor and leaves the alternate screen,
/// once. Raw mode goes first, so that whoever sees the normal screen again
/// (a shell after Ctrl-Z, a terminal emulator reading the output) finds
/// line editing and echo already back.
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
        signals::inside(false);
    }
}

/// Keys from the terminal (`/dev/tty` when standard input is not one),
/// and the signals that concern the screen.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalKeys;

/// How long a wait lasts at most before signals are looked at again.
const SLICE: Duration = Duration::from_millis(50);

impl Keys for TerminalKeys {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Input>> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(input) = signals::pending() {
                return Ok(Some(input));
            }
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            if left == Some(Duration::ZERO) {
                return Ok(None);
            }
            if let Some(input) = keys::next(left.map_or(SLICE, |l| l.min(SLICE)))? {
                return Ok(Some(input));
            }
        }
    }

    fn suspend(&mut self) -> io::Result<Option<(u16, u16)>> {
        restore();
        let _ = io::stdout().flush();
        signals::stop();
        take()?;
        terminal::size().map(Some)
    }
}

/// Reading the keys on Unix: a thread reads the terminal
/// ([`Feed`](super::input::Feed)), so that its end is seen.
#[cfg(unix)]
mod keys {
    use std::sync::{Mutex, PoisonError};

    use super::super::input::{Feed, Got};
    use super::*;

    /// The terminal's feed of keys, started on first use.
    static FEED: Mutex<Option<Feed>> = Mutex::new(None);

    /// What the terminal sent within `wait`, if anything. Once the
    /// terminal's input has ended, that is a hang-up: the program is asked
    /// to end as SIGHUP asks it ([`signals::hang_up`]), and the next look at
    /// the signals says so.
    ///
    /// # Errors
    /// When the terminal cannot be opened for reading.
    pub(super) fn next(wait: Duration) -> io::Result<Option<Input>> {
        let mut feed = FEED.lock().unwrap_or_else(PoisonError::into_inner);
        let feed = match &mut *feed {
            Some(feed) => feed,
            empty => empty.insert(Feed::start(tty()?)?),
        };
        Ok(match feed.next(wait) {
            Got::Key(key) => Some(Input::Key(key)),
            Got::Nothing => None,
            Got::Ended(..) => {
                signals::hang_up();
                None
            }
        })
    }

    /// The terminal to read: standard input when it is one, else
    /// `/dev/tty`.
    fn tty() -> io::Result<std::fs::File> {
        use std::io::IsTerminal;
        use std::os::fd::AsFd;
        let stdin = io::stdin();
        if stdin.is_terminal() {
            return Ok(std::fs::File::from(stdin.as_fd().try_clone_to_owned()?));
        }
        std::fs::File::open("/dev/tty")
    }
}

/// Reading the keys elsewhere: crossterm's events.
#[cfg(not(unix))]
mod keys {
    use super::*;
    use crossterm::event::{self, Event, KeyEventKind};

    /// What the terminal sent within `wait`, if anything.
    ///
    /// # Errors
    /// When the terminal cannot be read.
    pub(super) fn next(wait: Duration) -> io::Result<Option<Input>> {
        match event::poll(wait) {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            // A signal arrived while waiting: look at the flags.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(None),
            Err(e) => return Err(e),
        }
        Ok(match event::read()? {
            Event::Key(k) if k.kind != KeyEventKind::Release => {
                Some(Input::Key(key_of(k.code, k.modifiers)))
            }
            Event::Resize(cols, rows) => Some(Input::Resize { cols, rows }),
            // Releases, focus, mouse and paste events are not ours.
            _ => None,
        })
    }
}

/// The driver's key for a terminal key.
pub(crate) fn key_of(code: KeyCode, modifiers: KeyModifiers) -> Key {
    let control = modifiers.contains(KeyModifiers::CONTROL);
    match code {
        KeyCode::Char('c') if control => Key::Interrupt,
        KeyCode::Char('z') if control => Key::Suspend,
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

/// Signals: flags set by handlers, read by [`TerminalKeys`].
#[cfg(unix)]
mod signals {
    use super::*;
    use signal_hook::consts::{
        SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGSTOP, SIGTERM, SIGTSTP, SIGWINCH,
    };

    /// The signals that end the program, then SIGTSTP and SIGCONT.
    const ENDING: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

    struct Flags {
        /// Whether each of [`ENDING`] has arrived.
        ending: [Arc<AtomicBool>; 4],
        stop: Arc<AtomicBool>,
        resumed: Arc<AtomicBool>,
        /// The terminal changed its size (SIGWINCH).
        resized: Arc<AtomicBool>,
        /// True while the terminal is not taken: the signals then do what
        /// they would do without this program's handlers.
        outside: Arc<AtomicBool>,
    }

    static FLAGS: OnceLock<Option<Flags>> = OnceLock::new();

    /// Installs the handlers, once. Without them the terminal is still
    /// restored on every other path.
    pub(super) fn install() {
        FLAGS.get_or_init(|| {
            let flags = Flags {
                ending: Default::default(),
                stop: Arc::default(),
                resumed: Arc::default(),
                resized: Arc::default(),
                outside: Arc::new(AtomicBool::new(true)),
            };
            let mut ok = true;
            for (signal, flag) in ENDING.iter().zip(&flags.ending) {
                ok &= signal_hook::flag::register(*signal, Arc::clone(flag)).is_ok();
                ok &= signal_hook::flag::register_conditional_default(
                    *signal,
                    Arc::clone(&flags.outside),
                )
                .is_ok();
            }
            ok &= signal_hook::flag::register(SIGTSTP, Arc::clone(&flags.stop)).is_ok();
            ok &= signal_hook::flag::register_conditional_default(
                SIGTSTP,
                Arc::clone(&flags.outside),
            )
            .is_ok();
            ok &= signal_hook::flag::register(SIGCONT, Arc::clone(&flags.resumed)).is_ok();
            ok &= signal_hook::flag::register(SIGWINCH, Arc::clone(&flags.resized)).is_ok();
            ok.then_some(flags)
        });
    }

    fn flags() -> Option<&'static Flags> {
        FLAGS.get().and_then(Option::as_ref)
    }

    /// Whether the terminal is taken.
    pub(super) fn inside(taken: bool) {
        if let Some(flags) = flags() {
            flags.outside.store(!taken, Ordering::SeqCst);
        }
    }

    /// What the signals that arrived ask of the driver, most urgent first.
    pub(super) fn pending() -> Option<Input> {
        let flags = flags()?;
        if asked() {
            return Some(Input::Terminate);
        }
        if flags.stop.swap(false, Ordering::SeqCst) {
            return Some(Input::Key(Key::Suspend));
        }
        if flags.resumed.swap(false, Ordering::SeqCst) {
            return Some(Input::Resumed);
        }
        if flags.resized.swap(false, Ordering::SeqCst) {
            if let Ok((cols, rows)) = terminal::size() {
                return Some(Input::Resize { cols, rows });
            }
        }
        None
    }

    /// The terminal went away: the program is asked to end as a hang-up
    /// asks it (the end is by SIGHUP, [`end_if_asked`]).
    pub(super) fn hang_up() {
        if let Some(flags) = flags() {
            let hang_up = ENDING.iter().position(|&s| s == SIGHUP);
            if let Some(i) = hang_up {
                flags.ending[i].store(true, Ordering::SeqCst);
            }
        }
    }

    /// Stops the process until it is continued (the terminal is restored).
    pub(super) fn stop() {
        let _ = signal_hook::low_level::raise(SIGSTOP);
        if let Some(flags) = flags() {
            // Continuing is what we were waiting for, not news.
            flags.resumed.store(false, Ordering::SeqCst);
        }
    }

    /// Whether an ending signal arrived.
    pub(super) fn asked() -> bool {
        flags().is_some_and(|flags| flags.ending.iter().any(|f| f.load(Ordering::SeqCst)))
    }

    /// Ends the process by the first ending signal that arrived, if any.
    pub(super) fn end_if_asked() {
        let Some(flags) = flags() else { return };
        for (signal, flag) in ENDING.iter().zip(&flags.ending) {
            if flag.load(Ordering::SeqCst) {
                let _ = signal_hook::low_level::emulate_default_handler(*signal);
            }
        }
    }
}

#[cfg(not(unix))]
mod signals {
    use super::Input;

    pub(super) fn install() {}
    pub(super) fn inside(_: bool) {}
    pub(super) fn pending() -> Option<Input> {
        None
    }
    pub(super) fn hang_up() {}
    pub(super) fn stop() {}
    pub(super) fn asked() -> bool {
        false
    }
    pub(super) fn end_if_asked() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_keys() {
        assert_eq!(
            key_of(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Key::Interrupt
        );
        assert_eq!(
            key_of(KeyCode::Char('z'), KeyModifiers::CONTROL),
            Key::Suspend
        );
        assert_eq!(
            key_of(KeyCode::Char('c'), KeyModifiers::NONE),
            Key::Char('c')
        );
        assert_eq!(key_of(KeyCode::F(1), KeyModifiers::NONE), Key::Other);
    }
}
