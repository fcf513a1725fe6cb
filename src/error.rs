//! The library's one error type.
//!
//! Input errors carry the 1-based line and column (counted in symbols) where
//! the problem is. "Caught" and "no path" are not errors: they are
//! [`Outcome`](crate::Outcome)s.

use std::fmt;

use crate::tile::{self, Tile};

/// A 1-based line and column in the input text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line number, from 1.
    pub line: usize,
    /// Column number, from 1, counted in symbols (an emoji is one column).
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Everything that can go wrong when reading or solving a map.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input holds no map at all.
    Empty,
    /// The input is UTF-16 (it starts with a UTF-16 byte-order mark, or a
    /// zero byte stands beside its first character): a map is UTF-8.
    Utf16,
    /// The bytes are not UTF-8.
    InvalidUtf8 {
        /// Where the first invalid byte is.
        at: Location,
    },
    /// A symbol that is not a map tile.
    UnknownSymbol {
        /// Where the symbol is.
        at: Location,
        /// A printable description of the symbol with its code points.
        symbol: String,
    },
    /// A row whose length differs from the first row's.
    RaggedRow {
        /// Where the row deviates (its end, or its first extra symbol).
        at: Location,
        /// The 1-based row number within the map.
        row: usize,
        /// The row's length in symbols.
        len: usize,
        /// The first row's length in symbols.
        expected: usize,
    },
    /// A second hero, dragon or exit.
    Duplicate {
        /// Which piece.
        tile: Tile,
        /// Where the second one is.
        at: Location,
        /// Where the first one is.
        first: Location,
    },
    /// More dragons, keys or doors than a map may hold.
    TooMany {
        /// Which piece.
        tile: Tile,
        /// Where the first one too many is.
        at: Location,
        /// How many a map may hold.
        max: usize,
    },
    /// No hero, dragon or exit on the map.
    Missing {
        /// Which piece.
        tile: Tile,
    },
    /// The JSON matrix form is malformed.
    Json {
        /// Where the problem is.
        at: Location,
        /// What was expected there.
        message: String,
    },
    /// A map built in code is inconsistent (a piece on a wall, out of bounds…).
    InvalidMap {
        /// What is wrong.
        message: String,
    },
    /// A valid map that this part of the library does not take: the
    /// official game's mid-game solve
    /// ([`Solver::solve_from`](crate::Solver::solve_from), whose position
    /// has one dragon and no keys) and the generator's back-step test, on
    /// a map with several dragons, keys or doors. Solves from the start,
    /// play mode and playback take every map.
    Unsupported {
        /// What is not supported, as a sentence.
        message: String,
    },
    /// The solve was stopped before it ended, through its
    /// [`Progress`](crate::Progress) ([`Progress::stop`](crate::Progress::stop)).
    Stopped {
        /// How far it got, in a short phrase.
        message: String,
    },
    /// The map is too large for the chosen engine or memory budget.
    TooLarge {
        /// What ran out.
        resource: Resource,
        /// What ran out, in a short phrase.
        message: String,
    },
}

/// What a map too large for a solve ran out of ([`Error::TooLarge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Resource {
    /// The grid itself: more tiles than cell numbers can count, or than
    /// the memory can hold the wall flags of while the map is read. No
    /// budget helps.
    Grid,
    /// The memory budget for the map's graph of cells, checked before it
    /// is built ([`Solver::within`](crate::Solver::within)).
    Graph,
    /// The dragon oracle's share of the memory budget.
    Oracle,
    /// The memory budget for the positions a search stores.
    Positions,
    /// The memory budget for a playback's film, checked before it is made
    /// ([`Film::within`](crate::render::film::Film::within)).
    Film,
    /// Half the memory budget, which an animated SVG or GIF may take
    /// (`render::animate::animation_within`, `render::gif::gif_within`).
    Animation,
}

impl Error {
    /// Where in the input the error is, if it has a place.
    pub fn location(&self) -> Option<Location> {
        match self {
            Error::InvalidUtf8 { at }
            | Error::UnknownSymbol { at, .. }
            | Error::RaggedRow { at, .. }
            | Error::Duplicate { at, .. }
            | Error::TooMany { at, .. }
            | Error::Json { at, .. } => Some(*at),
            Error::Empty
            | Error::Utf16
            | Error::Missing { .. }
            | Error::InvalidMap { .. }
            | Error::Unsupported { .. }
            | Error::Stopped { .. }
            | Error::TooLarge { .. } => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Empty => write!(f, "the input is empty: expected a map"),
            Error::Utf16 => write!(
                f,
                "the input is UTF-16, and a map is UTF-8: save it as UTF-8"
            ),
            Error::InvalidUtf8 { at } => write!(f, "{at}: the input is not valid UTF-8"),
            Error::UnknownSymbol { at, symbol } => write!(
                f,
                "{at}: unknown symbol {symbol}; a map uses {} or {}",
                tile::spellings(false),
                tile::spellings(true)
            ),
            Error::RaggedRow {
                at,
                row,
                len,
                expected,
            } => write!(
                f,
                "{at}: row {row} has {}, but the first row has {expected} (all rows must be equally long)",
                plural(*len, "symbol")
            ),
            Error::Duplicate { tile, at, first } => {
                write!(f, "{at}: a second {tile}; the first is at {first}")
            }
            Error::TooMany { tile, at, max } => {
                write!(f, "{at}: one {tile} too many; a map may hold at most {max}")
            }
            Error::Missing { tile } => write!(f, "the map has no {tile}"),
            Error::Json { at, message } => write!(f, "{at}: {message}"),
            Error::InvalidMap { message } => write!(f, "invalid map: {message}"),
            Error::Unsupported { message } => f.write_str(message),
            Error::Stopped { message } => write!(f, "the solve was stopped: {message}"),
            Error::TooLarge { message, .. } => write!(f, "the map is too large: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// A setting that does not read as one: a direction order, a dragon speed,
/// a maze algorithm, a bias, a difficulty. Its message says what was given
/// and what would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseValueError {
    message: String,
}

impl ParseValueError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParseValueError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseValueError {}

/// `"1 step"`, `"2 steps"`.
pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A byte count for messages: `"4 GiB"`, `"300 MiB"`, `"2 KiB"`, `"512 bytes"`
/// or `"1 byte"`, in whole units rounded down.
pub(crate) fn bytes(n: usize) -> String {
    let (unit, name) = match n {
        n if n >= 1 << 30 => (30, "GiB"),
        n if n >= 1 << 20 => (20, "MiB"),
        n if n >= 1 << 10 => (10, "KiB"),
        _ => return exact(n),
    };
    format!("{} {name}", n >> unit)
}

/// Two byte counts for a message that compares them (`needs A, over the
/// budget of B`): in whole units when their units differ, else in their
/// unit with as many decimals (up to three, rounded down) as it takes to
/// tell them apart, or exact byte counts when even three do not.
pub(crate) fn bytes_apart(a: usize, b: usize) -> (String, String) {
    let unit = |n: usize| match n {
        n if n >= 1 << 30 => Some((1u128 << 30, "GiB")),
        n if n >= 1 << 20 => Some((1 << 20, "MiB")),
        n if n >= 1 << 10 => Some((1 << 10, "KiB")),
        _ => None,
    };
    if unit(a) != unit(b) {
        // In different units, whole units already tell them apart.
        return (bytes(a), bytes(b));
    }
    let Some((unit, name)) = unit(a) else {
        return (exact(a), exact(b));
    };
    for decimals in 0..=3u32 {
        let scale = 10u128.pow(decimals);
        let show = |n: usize| {
            let whole = n as u128 * scale / unit;
            if decimals == 0 {
                format!("{whole} {name}")
            } else {
                let (int, frac) = (whole / scale, whole % scale);
                format!("{int}.{frac:0width$} {name}", width = decimals as usize)
            }
        };
        let (x, y) = (show(a), show(b));
        if x != y || a == b {
            return (x, y);
        }
    }
    (exact(a), exact(b))
}

/// `"1 byte"`, `"2047 bytes"`.
fn exact(n: usize) -> String {
    plural(n, "byte")
}

#[cfg(test)]
mod tests {
    use super::{bytes, bytes_apart};

    #[test]
    fn byte_counts_that_differ_read_differently() {
        assert_eq!(bytes(1), "1 byte");
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(2 << 10), "2 KiB");
        assert_eq!(bytes(4 << 30), "4 GiB");
        assert_eq!(bytes((3 << 20) + 5), "3 MiB");
        let pair = |a, b| {
            let (x, y) = bytes_apart(a, b);
            format!("{x} / {y}")
        };
        assert_eq!(pair(2100, 2048), "2.05 KiB / 2.00 KiB");
        assert_eq!(pair(3 << 20, 1 << 20), "3 MiB / 1 MiB");
        assert_eq!(pair(2 << 20, 2 << 20), "2 MiB / 2 MiB");
        assert_eq!(pair(32 << 10, 1), "32 KiB / 1 byte");
        assert_eq!(pair(1 << 20, (1 << 20) - 1), "1 MiB / 1023 KiB");
        assert_eq!(
            pair((1 << 30) + 1, 1 << 30),
            "1073741825 bytes / 1073741824 bytes"
        );
    }
}
