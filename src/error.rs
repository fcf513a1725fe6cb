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
    /// The grid itself: more tiles than cell numbers can count. No budget
    /// helps.
    Grid,
    /// The dragon oracle's share of the memory budget.
    Oracle,
    /// The memory budget for the positions a search stores.
    Positions,
}

impl Error {
    /// Where in the input the error is, if it has a place.
    pub fn location(&self) -> Option<Location> {
        match self {
            Error::InvalidUtf8 { at }
            | Error::UnknownSymbol { at, .. }
            | Error::RaggedRow { at, .. }
            | Error::Duplicate { at, .. }
            | Error::Json { at, .. } => Some(*at),
            Error::Empty
            | Error::Missing { .. }
            | Error::InvalidMap { .. }
            | Error::TooLarge { .. } => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Empty => write!(f, "the input is empty: expected a map"),
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
            Error::Missing { tile } => write!(f, "the map has no {tile}"),
            Error::Json { at, message } => write!(f, "{at}: {message}"),
            Error::InvalidMap { message } => write!(f, "invalid map: {message}"),
            Error::TooLarge { message, .. } => write!(f, "the map is too large: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// `"1 step"`, `"2 steps"`.
pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A byte count for messages: `"300 MiB"`, `"2 KiB"` or `"512 bytes"`.
pub(crate) fn bytes(n: usize) -> String {
    if n >= 1 << 20 {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}
