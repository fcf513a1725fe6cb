//! Keys from the bytes a terminal sends, and the thread that reads them.
//!
//! On Unix the keys are read from the terminal by a thread of their own
//! ([`Feed`]) rather than through crossterm's event reader, which, once the
//! terminal is gone, reads an end of input forever without returning: a
//! closed terminal window would leave the player spinning. Here the end of
//! input and a read error end the feed, and the driver hears of it within
//! a slice of its wait ([`super::terminal`] then ends the program as a
//! hang-up does). [`Decoder`] turns the bytes into keys as crossterm does
//! for the keys the viewer knows: characters, control keys, the arrows,
//! Home and End, and Esc (a lone escape byte at the end of what a read
//! gave).

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyModifiers};

use super::terminal::key_of;
use crate::viewer::Key;

/// The escape byte that starts a sequence (or is the Esc key alone).
const ESC: u8 = 0x1B;

/// The most bytes of an unfinished sequence kept for the next read: more
/// is no key the viewer knows, and is dropped.
const MOST_PENDING: usize = 64;

/// Turns the bytes a terminal sends into keys, keeping an unfinished
/// sequence or character for the next read.
#[derive(Debug, Default)]
pub(crate) struct Decoder {
    pending: Vec<u8>,
}

/// What the start of some bytes holds.
#[derive(Debug, PartialEq, Eq)]
enum Parsed {
    /// A key (or `None`: something that is no key, such as a mouse report),
    /// and how many bytes it takes.
    Done(Option<Key>, usize),
    /// The start of a sequence or character: more bytes must follow.
    Unfinished,
}

impl Decoder {
    /// Reads the keys in `bytes`, what one read gave, onto `keys`. `more`
    /// says the read filled its buffer, so more bytes may follow at once: a
    /// lone escape byte at the end is then the start of a sequence, not the
    /// Esc key.
    pub(crate) fn feed(&mut self, bytes: &[u8], more: bool, keys: &mut VecDeque<Key>) {
        self.pending.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.pending.len() {
            match parse(&self.pending[at..], more) {
                Parsed::Done(key, len) => {
                    keys.extend(key);
                    at += len;
                }
                Parsed::Unfinished => break,
            }
        }
        self.pending.drain(..at);
        if self.pending.len() > MOST_PENDING {
            self.pending.clear();
        }
    }
}

/// The key at the start of `bytes` (not empty).
fn parse(bytes: &[u8], more: bool) -> Parsed {
    let key = |code: KeyCode, modifiers: KeyModifiers, len: usize| {
        Parsed::Done(Some(key_of(code, modifiers)), len)
    };
    let none = KeyModifiers::NONE;
    let control = KeyModifiers::CONTROL;
    match bytes[0] {
        ESC => match bytes.get(1) {
            None if more => Parsed::Unfinished,
            None => key(KeyCode::Esc, none, 1),
            Some(b'O') => match bytes.get(2) {
                None => Parsed::Unfinished,
                Some(&last) => Parsed::Done(final_key(last, &[]), 3),
            },
            Some(b'[') => csi(bytes),
            Some(&ESC) => key(KeyCode::Esc, none, 2),
            // Alt and a key: the key.
            Some(_) => match parse(&bytes[1..], more) {
                Parsed::Done(key, len) => Parsed::Done(key, len + 1),
                Parsed::Unfinished => Parsed::Unfinished,
            },
        },
        b'\r' | b'\n' => key(KeyCode::Enter, none, 1),
        b'\t' => key(KeyCode::Tab, none, 1),
        0x7F => key(KeyCode::Backspace, none, 1),
        c @ 0x01..=0x1A => key(KeyCode::Char((c - 1 + b'a') as char), control, 1),
        c @ 0x1C..=0x1F => key(KeyCode::Char((c - 0x1C + b'4') as char), control, 1),
        0 => key(KeyCode::Char(' '), control, 1),
        _ => utf8(bytes),
    }
}

/// The character at the start of `bytes`, if they hold a whole one.
fn utf8(bytes: &[u8]) -> Parsed {
    let len = match bytes[0] {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        // A continuation byte or no UTF-8 at all: skipped.
        _ => return Parsed::Done(None, 1),
    };
    let Some(whole) = bytes.get(..len) else {
        return Parsed::Unfinished;
    };
    match std::str::from_utf8(whole)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Parsed::Done(Some(key_of(KeyCode::Char(c), KeyModifiers::NONE)), len),
        None => Parsed::Done(None, 1),
    }
}

/// A control sequence: `ESC [`, parameters, and a final byte.
fn csi(bytes: &[u8]) -> Parsed {
    // An old-style mouse report: `ESC [ M` and three bytes.
    if bytes.get(2) == Some(&b'M') {
        return if bytes.len() < 6 {
            Parsed::Unfinished
        } else {
            Parsed::Done(None, 6)
        };
    }
    for (i, &b) in bytes.iter().enumerate().skip(2) {
        match b {
            0x20..=0x3F => {}
            0x40..=0x7E => return Parsed::Done(final_key(b, &bytes[2..i]), i + 1),
            // Not a sequence after all: skip what was read of it.
            _ => return Parsed::Done(None, i),
        }
    }
    Parsed::Unfinished
}

/// The key a sequence's final byte (with its `parameters`) stands for, if
/// it is a key: a mouse, focus or cursor report is none.
fn final_key(last: u8, parameters: &[u8]) -> Option<Key> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'~' => match parameters.split(|&b| b == b';').next().unwrap_or_default() {
            b"1" | b"7" => KeyCode::Home,
            b"4" | b"8" => KeyCode::End,
            // Insert, Delete, the pages and function keys.
            _ => KeyCode::Null,
        },
        // F1 to F4, and Shift-Tab.
        b'P' | b'Q' | b'S' | b'Z' => KeyCode::Null,
        _ => return None,
    };
    Some(key_of(code, KeyModifiers::NONE))
}

/// What the reading thread sends.
#[derive(Debug)]
enum Chunk {
    /// What one read gave, and whether it filled the buffer.
    Bytes(Vec<u8>, bool),
    /// The input ended (the terminal closed) or could not be read.
    End(io::Error),
}

/// How large a read is: what a terminal gives at once.
const READ: usize = 1024;

/// Keys read from a terminal by a thread of their own: the thread reads
/// until the input ends or fails, and the keys wait here until asked for.
#[derive(Debug)]
pub(crate) struct Feed {
    chunks: Receiver<Chunk>,
    decoder: Decoder,
    keys: VecDeque<Key>,
    /// Why the input ended, once it has (and every key before was taken).
    ended: Option<(io::ErrorKind, String)>,
}

/// What [`Feed::next`] got.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Got {
    /// A key.
    Key(Key),
    /// Nothing within the wait.
    Nothing,
    /// The input ended or failed, for this reason; no key will come.
    Ended(io::ErrorKind, String),
}

impl Feed {
    /// Starts a thread reading `source` (a terminal) to its end.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub(crate) fn start(source: impl Read + Send + 'static) -> io::Result<Feed> {
        let (send, chunks) = mpsc::channel();
        std::thread::Builder::new()
            .name("keys".into())
            .spawn(move || read_all(source, &send))?;
        Ok(Feed::from(chunks))
    }

    fn from(chunks: Receiver<Chunk>) -> Feed {
        Feed {
            chunks,
            decoder: Decoder::default(),
            keys: VecDeque::new(),
            ended: None,
        }
    }

    /// The next key, waiting at most `wait` for one; once the input has
    /// ended, every key read before it and then why it ended.
    pub(crate) fn next(&mut self, wait: Duration) -> Got {
        loop {
            if let Some(key) = self.keys.pop_front() {
                return Got::Key(key);
            }
            if let Some((kind, why)) = &self.ended {
                return Got::Ended(*kind, why.clone());
            }
            let chunk = match self.chunks.recv_timeout(wait) {
                Ok(chunk) => chunk,
                Err(RecvTimeoutError::Timeout) => return Got::Nothing,
                Err(RecvTimeoutError::Disconnected) => {
                    Chunk::End(io::Error::other("the terminal's reader stopped"))
                }
            };
            match chunk {
                Chunk::Bytes(bytes, more) => self.decoder.feed(&bytes, more, &mut self.keys),
                Chunk::End(e) => self.ended = Some((e.kind(), e.to_string())),
            }
        }
    }
}

/// Reads `source` until it ends or fails, sending what each read gave,
/// then why it stopped.
fn read_all(mut source: impl Read, send: &Sender<Chunk>) {
    let mut buffer = [0; READ];
    loop {
        let chunk = match source.read(&mut buffer) {
            Ok(0) => Chunk::End(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the terminal closed",
            )),
            Ok(n) => Chunk::Bytes(buffer[..n].to_vec(), n == READ),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => Chunk::End(e),
        };
        let end = matches!(chunk, Chunk::End(_));
        if send.send(chunk).is_err() || end {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Key> {
        let mut keys = VecDeque::new();
        Decoder::default().feed(bytes, false, &mut keys);
        keys.into()
    }

    #[test]
    fn characters_arrows_and_control_keys() {
        assert_eq!(
            keys(b"q. s\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA"),
            [
                Key::Char('q'),
                Key::Char('.'),
                Key::Char(' '),
                Key::Char('s'),
                Key::Up,
                Key::Down,
                Key::Right,
                Key::Left,
                Key::Up,
            ]
        );
        assert_eq!(keys(b"\x03\x1a"), [Key::Interrupt, Key::Suspend]);
        assert_eq!(
            keys(b"\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1bOH\x1bOF"),
            [
                Key::Home,
                Key::End,
                Key::Home,
                Key::End,
                Key::Home,
                Key::End,
                Key::Home,
                Key::End
            ]
        );
        // With a modifier, an arrow is still the arrow.
        assert_eq!(keys(b"\x1b[1;5C"), [Key::Right]);
        assert_eq!(keys("é🐉".as_bytes()), [Key::Char('é'), Key::Char('🐉')]);
        assert_eq!(
            keys(b"\r\t\x7f\x1b[3~\x1bOP"),
            [Key::Other, Key::Other, Key::Other, Key::Other, Key::Other]
        );
    }

    #[test]
    fn esc_alone_and_esc_before_a_key() {
        assert_eq!(keys(b"\x1b"), [Key::Esc]);
        assert_eq!(keys(b"\x1b\x1b"), [Key::Esc]);
        // Alt-q is q.
        assert_eq!(keys(b"\x1bq"), [Key::Char('q')]);
        // A full read may stop inside a sequence: the rest comes next.
        let mut decoder = Decoder::default();
        let mut got = VecDeque::new();
        decoder.feed(b"a\x1b", true, &mut got);
        assert_eq!(Vec::from(got.clone()), [Key::Char('a')]);
        decoder.feed(b"[D", false, &mut got);
        assert_eq!(Vec::from(got), [Key::Char('a'), Key::Left]);
    }

    #[test]
    fn split_characters_and_sequences_wait_for_their_rest() {
        let mut decoder = Decoder::default();
        let mut got = VecDeque::new();
        let dragon = "🐉".as_bytes();
        decoder.feed(&dragon[..2], false, &mut got);
        decoder.feed(b"", false, &mut got);
        assert!(got.is_empty());
        decoder.feed(&dragon[2..], false, &mut got);
        decoder.feed(b"\x1b[1;", false, &mut got);
        decoder.feed(b"2B", false, &mut got);
        assert_eq!(Vec::from(got), [Key::Char('🐉'), Key::Down]);
    }

    #[test]
    fn reports_and_garbage_are_no_keys() {
        // A mouse report (old and new style), focus, a stray continuation
        // byte, a broken sequence.
        assert_eq!(keys(b"\x1b[M abq"), [Key::Char('q')]);
        assert_eq!(keys(b"\x1b[<0;3;4Mq\x1b[I"), [Key::Char('q')]);
        assert_eq!(keys(b"\x80q"), [Key::Char('q')]);
        assert_eq!(keys(b"\x1b[1\x01q"), [Key::Char('a'), Key::Char('q')]);
        // An endless sequence is dropped, and what follows is read.
        let mut decoder = Decoder::default();
        let mut got = VecDeque::new();
        decoder.feed(
            &[b"\x1b[".as_slice(), &[b'1'; 100]].concat(),
            false,
            &mut got,
        );
        assert!(got.is_empty());
        decoder.feed(b"q", false, &mut got);
        assert_eq!(Vec::from(got), [Key::Char('q')]);
    }

    /// The feed hands on the keys read, then says the input ended, as
    /// often as it is asked.
    #[test]
    fn a_feed_ends_with_its_input() {
        let mut feed = Feed::start(io::Cursor::new(b"ab\x1b[A".to_vec())).unwrap();
        let wait = Duration::from_secs(60);
        assert_eq!(feed.next(wait), Got::Key(Key::Char('a')));
        assert_eq!(feed.next(wait), Got::Key(Key::Char('b')));
        assert_eq!(feed.next(wait), Got::Key(Key::Up));
        for _ in 0..2 {
            assert_eq!(
                feed.next(wait),
                Got::Ended(io::ErrorKind::UnexpectedEof, "the terminal closed".into())
            );
        }
    }

    /// A read error ends the feed too; a wait with nothing read is nothing.
    #[test]
    fn a_feed_ends_with_a_read_error() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("input/output error"))
            }
        }
        let mut feed = Feed::start(Failing).unwrap();
        assert_eq!(
            feed.next(Duration::from_secs(60)),
            Got::Ended(io::ErrorKind::Other, "input/output error".into())
        );
        let (_send, chunks) = mpsc::channel();
        let mut idle = Feed::from(chunks);
        assert_eq!(idle.next(Duration::ZERO), Got::Nothing);
    }
}
