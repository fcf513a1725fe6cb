//! Text → [`Puzzle`]: format detection, the grid reader and the JSON matrix
//! reader. Both readers feed the cells, in reading order, to one [`Builder`]
//! that turns them into a puzzle and reports the first problem.
//!
//! The JSON matrix is read by a small dedicated scanner rather than a general
//! JSON library: it needs the line and column of every cell for error
//! messages, and it must work in builds without the `json` feature.
//!
//! # Speed
//!
//! A large map is megabytes of the same few symbols, so both readers first
//! try [`tile::plain_symbol`], which compares bytes and decodes nothing: a
//! grid line of plain symbols and trailing ASCII blanks, or a JSON cell
//! string holding one plain symbol and no escape. Everything else (skin
//! tones, other blanks, escapes, anything wrong) goes through the general
//! path, [`tile::symbols`] and [`Tile::from_symbol`] or the character-wise
//! JSON string reader, which gives the same cells for plain input (a grid
//! line hands the general path its rest from its last plain symbol on).
//!
//! # Memory
//!
//! The map's wall flags take about as much as the text of an ASCII map, so
//! the reader holds nothing else that grows with it: room for the flags is
//! made once, for as many cells as the input has characters, and the
//! cells go into it as they are read (a single line of any length included);
//! an unknown symbol or a JSON cell string of any length is read in
//! constant memory (`tile::Reading`).
//!
//! Neither reader checks the whole input for UTF-8 first: the plain path
//! only takes valid UTF-8, and the general path decodes what it reads. A
//! successful read has therefore seen valid UTF-8 only, and a failed one is
//! reported as [`Error::InvalidUtf8`] when the input holds invalid UTF-8
//! anywhere, exactly as if it had been checked first.

use crate::error::{Error, Location, Resource};
use crate::puzzle::{MAX_DRAGONS, MAX_KEYS, Pos, Puzzle};
use crate::tile::{self, Reading, Tile};

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

pub(crate) fn parse(input: &[u8]) -> Result<Puzzle, Error> {
    parse_with(input, true)
}

/// Reads a puzzle; `plain` turns the fast path on (the tests compare the
/// two ways).
fn parse_with(input: &[u8], plain: bool) -> Result<Puzzle, Error> {
    if is_utf16(input) {
        return Err(Error::Utf16);
    }
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let read = if starts_like_json(input) {
        read_json(input, plain)
    } else {
        read_grid(input, plain)
    };
    read.map_err(|problem| match std::str::from_utf8(input) {
        Err(e) => Error::InvalidUtf8 {
            at: location_of(input, e.valid_up_to()),
        },
        Ok(_) => problem,
    })
}

/// Whether the input is UTF-16: it starts with a UTF-16 byte-order mark,
/// or with two ASCII characters in UTF-16 (each beside a zero byte, on
/// the same side). Neither is a map in UTF-8, whose symbols hold no zero
/// byte, so no map is refused that would have been read.
fn is_utf16(input: &[u8]) -> bool {
    let ascii = |b: u8| b != 0 && b.is_ascii();
    match *input {
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => true,
        [a, 0, c, 0, ..] => ascii(a) && ascii(c),
        [0, b, 0, d, ..] => ascii(b) && ascii(d),
        _ => false,
    }
}

/// Whether the first character after any leading whitespace is `[`.
fn starts_like_json(input: &[u8]) -> bool {
    let mut rest = input;
    while let Some(c) = char_at(rest) {
        if !c.is_whitespace() {
            return c == '[';
        }
        rest = &rest[c.len_utf8()..];
    }
    false
}

/// The character at the start of `bytes`; `None` at the end of the bytes or
/// where they are not UTF-8.
fn char_at(bytes: &[u8]) -> Option<char> {
    let len = match *bytes.first()? {
        b if b.is_ascii() => return Some(b as char),
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    std::str::from_utf8(bytes.get(..len)?).ok()?.chars().next()
}

/// The location of byte `offset` in `bytes` (valid UTF-8 up to `offset`).
fn location_of(bytes: &[u8], offset: usize) -> Location {
    let before = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Location {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}

/// Turns cells, given in reading order, into a puzzle, and finds the first
/// problem in that order.
#[derive(Default)]
struct Builder {
    /// The length of the first row, once it is complete.
    width: Option<usize>,
    /// The number of complete rows.
    rows: usize,
    /// The number of cells in the current row so far.
    len: usize,
    /// The first cell of the current row beyond the first row's length.
    overflow: Option<Location>,
    /// The row-major wall flags of the cells placed so far.
    walls: Vec<bool>,
    /// The hero and the exit: where each is and was read.
    pieces: [Option<(Pos, Location)>; 2],
    /// The dragons, the keys and the doors, in reading order.
    dragons: Vec<Pos>,
    keys: Vec<Pos>,
    doors: Vec<Pos>,
}

impl Builder {
    /// Adds the next cell of the current row, spelled `symbol`, read at `at`.
    fn symbol(&mut self, at: Location, symbol: &str) -> Result<(), Error> {
        self.spelled(at, Tile::from_symbol(symbol), || {
            tile::describe_symbol(symbol)
        })
    }

    /// Adds the next cell of the current row, read at `at` as `reading`.
    fn reading(&mut self, at: Location, reading: &Reading) -> Result<(), Error> {
        self.spelled(at, reading.tile(), || reading.describe())
    }

    /// Adds the next cell of the current row, read at `at`: `tile`, or
    /// `None` for an unknown symbol that `describe` describes.
    fn spelled(
        &mut self,
        at: Location,
        tile: Option<Tile>,
        describe: impl FnOnce() -> String,
    ) -> Result<(), Error> {
        if self.count(at) {
            let tile = tile.ok_or_else(|| Error::UnknownSymbol {
                at,
                symbol: describe(),
            })?;
            self.place(tile, at)?;
        }
        Ok(())
    }

    /// Adds the next cell of the current row, already read as `tile`.
    fn tile(&mut self, at: Location, tile: Tile) -> Result<(), Error> {
        if self.count(at) {
            self.place(tile, at)?;
        }
        Ok(())
    }

    /// Counts one more cell in the current row. `false` when the row has
    /// grown longer than the first row: the cell is then only counted, for
    /// the message, and the row's length is the problem.
    fn count(&mut self, at: Location) -> bool {
        if self.overflow.is_none() && self.width == Some(self.len) {
            self.overflow = Some(at);
        }
        self.len += 1;
        self.overflow.is_none()
    }

    /// Places the cell just counted.
    fn place(&mut self, tile: Tile, at: Location) -> Result<(), Error> {
        self.walls.push(tile == Tile::Wall);
        let pos = Pos::new(self.rows, self.len - 1);
        let (list, max) = match tile {
            Tile::Hero | Tile::Exit => (None, 1),
            Tile::Dragon => (Some(&mut self.dragons), MAX_DRAGONS),
            Tile::Key => (Some(&mut self.keys), MAX_KEYS),
            Tile::Door => (Some(&mut self.doors), MAX_KEYS),
            Tile::Wall | Tile::Free => return Ok(()),
        };
        if let Some(list) = list {
            if list.len() == max {
                return Err(Error::TooMany { tile, at, max });
            }
            list.push(pos);
            return Ok(());
        }
        let slot = usize::from(tile == Tile::Exit);
        if let Some((_, first)) = self.pieces[slot] {
            return Err(Error::Duplicate { tile, at, first });
        }
        self.pieces[slot] = Some((pos, at));
        Ok(())
    }

    /// Ends the current row, which ends at `end` (where a short row is
    /// reported). The first row sets the width.
    fn end_row(&mut self, end: Location) -> Result<(), Error> {
        let len = std::mem::take(&mut self.len);
        let expected = *self.width.get_or_insert(len);
        let short = (len < expected).then_some(end);
        if let Some(at) = self.overflow.take().or(short) {
            return Err(Error::RaggedRow {
                at,
                row: self.rows + 1,
                len,
                expected,
            });
        }
        self.rows += 1;
        Ok(())
    }

    /// A builder for a map read from `input`, with room for its wall flags
    /// made at once: every cell takes a character or more, so the
    /// characters of the input bound the cells, and the flags never grow
    /// (a vector that doubles would need up to twice the map's flags at a
    /// time, and a copy).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the memory for the flags cannot be had.
    fn for_input(input: &[u8]) -> Result<Builder, Error> {
        // UTF-8 continuation bytes start no character.
        let chars = input.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let mut walls = Vec::new();
        walls
            .try_reserve_exact(chars)
            .map_err(|_| Error::TooLarge {
                resource: Resource::Grid,
                message: format!(
                    "there is not enough memory for the wall flags of its up to {chars} tiles"
                ),
            })?;
        Ok(Builder {
            walls,
            ..Builder::default()
        })
    }

    /// The puzzle, once every row has ended.
    fn finish(mut self) -> Result<Puzzle, Error> {
        // What the characters of the input bounded and the cells did not
        // take (most of it in a JSON matrix) goes back.
        self.walls.shrink_to_fit();
        // A row with cells after an empty first row is a ragged row, so a
        // zero width means that no row holds any cell.
        let width = self.width.unwrap_or(0);
        if width == 0 {
            return Err(Error::Empty);
        }
        let [hero, exit] = [(0, Tile::Hero), (1, Tile::Exit)].map(|(slot, tile)| {
            self.pieces[slot]
                .map(|(pos, _)| pos)
                .ok_or(Error::Missing { tile })
        });
        let hero = hero?;
        let dragon = *self
            .dragons
            .first()
            .ok_or(Error::Missing { tile: Tile::Dragon })?;
        let exit = exit?;
        if !self.doors.is_empty() && self.keys.is_empty() {
            return Err(Error::InvalidMap {
                message: crate::puzzle::no_key_message(self.doors.len()),
            });
        }
        let puzzle = Puzzle::new(width, self.rows, self.walls, hero, dragon, exit)?;
        if self.dragons.len() == 1 && self.keys.is_empty() {
            return Ok(puzzle);
        }
        puzzle.with_pieces(self.dragons, self.keys, self.doors)
    }
}

/// Reads the emoji or ASCII grid: one row per line, trailing blanks and blank
/// lines around the map ignored.
fn read_grid(input: &[u8], plain: bool) -> Result<Puzzle, Error> {
    let mut builder = Builder::for_input(input)?;
    // The first blank line since the last row: a short row if more follow.
    let mut blank = None;
    let mut start = 0;
    for line in 1.. {
        let rest = &input[start..];
        let len = if plain && tile::plain_symbol(rest).is_some() {
            if let Some(blank) = blank.take() {
                builder.end_row(Location {
                    line: blank,
                    column: 1,
                })?;
            }
            read_plain_row(&mut builder, input, start, line)?
        } else {
            let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let text = std::str::from_utf8(&rest[..len]).map_err(|e| Error::InvalidUtf8 {
                at: location_of(input, start + e.valid_up_to()),
            })?;
            let text = text.trim_end();
            if !text.is_empty() {
                if let Some(blank) = blank.take() {
                    builder.end_row(Location {
                        line: blank,
                        column: 1,
                    })?;
                }
                read_text_row(&mut builder, line, 0, text)?;
            } else if builder.rows > 0 {
                // Blank lines before the map are no rows.
                blank = blank.or(Some(line));
            }
            len
        };
        start += len + 1;
        if start > input.len() {
            break;
        }
    }
    builder.finish()
}

/// Reads the line at `input[start..]`, on line `line`, whose first symbol
/// is plain ([`tile::plain_symbol`]), giving the builder each cell as it is
/// read (a line of any length needs no buffer of its own). Where the line
/// holds anything but plain symbols and trailing ASCII blanks, the general
/// path reads the rest of it, from the last plain symbol on (a skin tone or
/// a joiner after it would make it the start of a longer symbol).
///
/// Returns the line's length in bytes (up to the `'\n'` or the end of the
/// input).
fn read_plain_row(
    builder: &mut Builder,
    input: &[u8],
    start: usize,
    line: usize,
) -> Result<usize, Error> {
    let rest = &input[start..];
    let mut at = 0;
    // The cells given to the builder, and the last plain symbol read (its
    // tile and where it starts), given once the next one is read.
    let mut cells = 0;
    let mut last = None;
    while let Some((tile, len)) = tile::plain_symbol(&rest[at..]) {
        if let Some((tile, _)) = last {
            cells += 1;
            builder.tile(
                Location {
                    line,
                    column: cells,
                },
                tile,
            )?;
        }
        last = Some((tile, at));
        at += len;
    }
    let (tile, from) = last.expect("the line starts with a plain symbol");
    let mut end = at;
    while rest.get(end).is_some_and(|&b| is_ascii_blank(b)) {
        end += 1;
    }
    if matches!(rest.get(end), None | Some(b'\n')) {
        cells += 1;
        builder.tile(
            Location {
                line,
                column: cells,
            },
            tile,
        )?;
        builder.end_row(Location {
            line,
            column: cells + 1,
        })?;
        return Ok(end);
    }
    let len = rest[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(rest.len(), |i| from + i);
    let text = std::str::from_utf8(&rest[from..len]).map_err(|e| Error::InvalidUtf8 {
        at: location_of(input, start + from + e.valid_up_to()),
    })?;
    read_text_row(builder, line, cells, text.trim_end())?;
    Ok(len)
}

/// Reads the rest of a row of the grid, on line `line`, by the general path:
/// `text`, its trailing blanks trimmed, after `before` cells.
fn read_text_row(
    builder: &mut Builder,
    line: usize,
    before: usize,
    text: &str,
) -> Result<(), Error> {
    let mut len = before;
    for (column, symbol) in tile::symbols(text) {
        len = before + column;
        builder.symbol(Location { line, column: len }, symbol)?;
    }
    builder.end_row(Location {
        line,
        column: len + 1,
    })
}

/// Whether an ASCII byte is whitespace to [`str::trim_end`] (unlike
/// [`u8::is_ascii_whitespace`], that includes the vertical tab).
fn is_ascii_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C')
}

/// A cursor over the JSON text that tracks line and column.
///
/// It decodes characters as it goes: bytes that are not UTF-8 read as the
/// end of the input, which is always an error here, so a map that is read
/// to the end was valid UTF-8.
struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Scanner<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Scanner {
            bytes,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    fn at(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<char> {
        match *self.bytes.get(self.pos)? {
            b if b.is_ascii() => Some(b as char),
            _ => char_at(&self.bytes[self.pos..]),
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b' ' | b'\t' | b'\r' => self.column += 1,
                _ => return,
            }
            self.pos += 1;
        }
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, Error> {
        Err(Error::Json {
            at: self.at(),
            message: message.into(),
        })
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".into(),
            Some(c) => tile::describe_symbol(&c.to_string()),
        }
    }

    fn expect(&mut self, want: char, what: &str) -> Result<(), Error> {
        self.skip_ws();
        if self.peek() == Some(want) {
            self.bump();
            Ok(())
        } else {
            self.fail(format!("expected {what}, found {}", self.found()))
        }
    }

    /// Parses `[` item (`,` item)* `]`, calling `item` for each element.
    fn list(
        &mut self,
        what: &str,
        mut item: impl FnMut(&mut Self) -> Result<(), Error>,
    ) -> Result<Location, Error> {
        self.expect('[', &format!("'[' to open {what}"))?;
        self.skip_ws();
        if self.peek() == Some(']') {
            let end = self.at();
            self.bump();
            return Ok(end);
        }
        loop {
            item(self)?;
            self.skip_ws();
            let end = self.at();
            match self.bump() {
                Some(',') => continue,
                Some(']') => return Ok(end),
                _ => {
                    self.line = end.line;
                    self.column = end.column;
                    return self.fail(format!("expected ',' or ']' in {what}"));
                }
            }
        }
    }

    /// Reads a string that holds one plain symbol ([`tile::plain_symbol`])
    /// and no escape; `None`, having read nothing, for any other string.
    fn plain_string(&mut self) -> Option<Tile> {
        let [b'"', inner @ ..] = &self.bytes[self.pos..] else {
            return None;
        };
        let (tile, len) = tile::plain_symbol(inner)?;
        if inner.get(len) != Some(&b'"') {
            return None;
        }
        // The quotes and the symbol's characters (UTF-8 continuation bytes
        // start no character).
        let chars = inner[..len].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.pos += len + 2;
        self.column += chars + 2;
        Some(tile)
    }

    /// Reads a cell string, keeping only what its reading needs: a string
    /// of any length takes constant memory.
    fn string(&mut self) -> Result<Reading, Error> {
        self.expect('"', "a '\"' to open a cell string")?;
        let mut out = Reading::default();
        loop {
            match self.bump() {
                None => return self.fail("unterminated string"),
                Some('"') => return Ok(out),
                Some('\\') => {
                    let escaped = match self.bump() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('/') => '/',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('u') => self.unicode_escape()?,
                        _ => return self.fail("invalid escape in string"),
                    };
                    out.push(escaped);
                }
                Some(c) if (c as u32) < 0x20 => return self.fail("control character in string"),
                Some(c) => out.push(c),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut value = 0;
        for _ in 0..4 {
            let Some(digit) = self.peek().and_then(|c| c.to_digit(16)) else {
                return self.fail("expected four hex digits after \\u");
            };
            self.bump();
            value = value * 16 + digit;
        }
        Ok(value)
    }

    fn unicode_escape(&mut self) -> Result<char, Error> {
        let high = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&high) {
            if self.bump() != Some('\\') || self.bump() != Some('u') {
                return self.fail("expected a low surrogate \\uDC00-\\uDFFF");
            }
            let low = self.hex4()?;
            if !(0xDC00..0xE000).contains(&low) {
                return self.fail("expected a low surrogate \\uDC00-\\uDFFF");
            }
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else {
            high
        };
        match char::from_u32(code) {
            Some(c) => Ok(c),
            None => self.fail("lone surrogate in \\u escape"),
        }
    }
}

/// The builder of a JSON map, fed until its first problem. That problem is
/// reported only after the whole text has been scanned: a JSON syntax error
/// anywhere comes first.
struct Deferred {
    builder: Builder,
    problem: Option<Error>,
}

impl Deferred {
    fn feed(&mut self, step: impl FnOnce(&mut Builder) -> Result<(), Error>) {
        if self.problem.is_none() {
            if let Err(e) = step(&mut self.builder) {
                self.problem = Some(e);
            }
        }
    }
}

/// Reads the JSON matrix: an array of rows, each an array of cell strings
/// that hold one symbol each.
fn read_json(input: &[u8], plain: bool) -> Result<Puzzle, Error> {
    let mut sc = Scanner::new(input);
    let mut map = Deferred {
        builder: Builder::for_input(input)?,
        problem: None,
    };
    sc.list("the map", |sc| {
        let end = sc.list("a row", |sc| {
            sc.skip_ws();
            let at = sc.at();
            if let Some(tile) = plain.then(|| sc.plain_string()).flatten() {
                map.feed(|b| b.tile(at, tile));
            } else {
                let symbol = sc.string()?;
                map.feed(|b| b.reading(at, &symbol));
            }
            Ok(())
        })?;
        map.feed(|b| b.end_row(end));
        Ok(())
    })?;
    sc.skip_ws();
    if sc.pos < input.len() {
        return sc.fail(format!(
            "expected the end of the input after the map, found {}",
            sc.found()
        ));
    }
    match map.problem {
        Some(problem) => Err(problem),
        None => map.builder.finish(),
    }
}

#[cfg(test)]
mod tests;
