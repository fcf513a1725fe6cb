//! Text → [`Puzzle`]: format detection, the grid reader and the JSON matrix
//! reader. Both readers produce rows of located symbols; one builder turns
//! them into a puzzle and reports the first problem in reading order.
//!
//! The JSON matrix is read by a small dedicated scanner rather than a general
//! JSON library: it needs the line and column of every cell for error
//! messages, and it must work in builds without the `json` feature.

use crate::error::{Error, Location};
use crate::puzzle::{Pos, Puzzle};
use crate::tile::{self, Tile};

/// One cell as read: where it is and its symbol text.
struct Cell<'a> {
    at: Location,
    symbol: std::borrow::Cow<'a, str>,
}

/// One row as read: its cells and where the row ends (for short rows).
struct Row<'a> {
    cells: Vec<Cell<'a>>,
    end: Location,
}

pub(crate) fn parse(input: &[u8]) -> Result<Puzzle, Error> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let text = std::str::from_utf8(input).map_err(|e| Error::InvalidUtf8 {
        at: location_of(input, e.valid_up_to()),
    })?;
    let rows = if text.trim_start().starts_with('[') {
        json_rows(text)?
    } else {
        grid_rows(text)
    };
    build(rows)
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

fn grid_rows(text: &str) -> Vec<Row<'_>> {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l).trim_end())
        .collect();
    let first = lines.iter().position(|l| !l.is_empty());
    let last = lines.iter().rposition(|l| !l.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Vec::new();
    };
    (first..=last)
        .map(|i| {
            let line = i + 1;
            let cells: Vec<Cell<'_>> = tile::symbols(lines[i])
                .map(|(column, symbol)| Cell {
                    at: Location { line, column },
                    symbol: symbol.into(),
                })
                .collect();
            let end = Location {
                line,
                column: cells.len() + 1,
            };
            Row { cells, end }
        })
        .collect()
}

fn build(rows: Vec<Row<'_>>) -> Result<Puzzle, Error> {
    let width = rows.first().map_or(0, |r| r.cells.len());
    if width == 0 && rows.iter().all(|r| r.cells.is_empty()) {
        return Err(Error::Empty);
    }
    let mut walls = Vec::with_capacity(width * rows.len());
    let mut pieces: [Option<(Pos, Location)>; 3] = [None; 3];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.cells.iter().enumerate() {
            if c == width {
                return Err(ragged(r, row, width, cell.at));
            }
            let tile = Tile::from_symbol(&cell.symbol).ok_or_else(|| Error::UnknownSymbol {
                at: cell.at,
                symbol: tile::describe_symbol(&cell.symbol),
            })?;
            walls.push(tile == Tile::Wall);
            let slot = match tile {
                Tile::Hero => 0,
                Tile::Dragon => 1,
                Tile::Exit => 2,
                Tile::Wall | Tile::Free => continue,
            };
            if let Some((_, first)) = pieces[slot] {
                return Err(Error::Duplicate {
                    tile,
                    at: cell.at,
                    first,
                });
            }
            pieces[slot] = Some((Pos::new(r, c), cell.at));
        }
        if row.cells.len() < width {
            return Err(ragged(r, row, width, row.end));
        }
    }
    let [hero, dragon, exit] =
        [(0, Tile::Hero), (1, Tile::Dragon), (2, Tile::Exit)].map(|(slot, tile)| {
            pieces[slot]
                .map(|(pos, _)| pos)
                .ok_or(Error::Missing { tile })
        });
    Puzzle::new(width, rows.len(), walls, hero?, dragon?, exit?)
}

fn ragged(r: usize, row: &Row<'_>, width: usize, at: Location) -> Error {
    Error::RaggedRow {
        at,
        row: r + 1,
        len: row.cells.len(),
        expected: width,
    }
}

/// A cursor over the JSON text that tracks line and column.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner {
            text,
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
        self.text[self.pos..].chars().next()
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
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.bump();
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

    fn string(&mut self) -> Result<String, Error> {
        self.expect('"', "a '\"' to open a cell string")?;
        let mut out = String::new();
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

fn json_rows(text: &str) -> Result<Vec<Row<'static>>, Error> {
    let mut sc = Scanner::new(text);
    let mut rows = Vec::new();
    sc.list("the map", |sc| {
        let mut cells = Vec::new();
        let end = sc.list("a row", |sc| {
            sc.skip_ws();
            let at = sc.at();
            let symbol = sc.string()?;
            cells.push(Cell {
                at,
                symbol: symbol.into(),
            });
            Ok(())
        })?;
        rows.push(Row { cells, end });
        Ok(())
    })?;
    sc.skip_ws();
    if sc.peek().is_some() {
        return sc.fail(format!(
            "expected the end of the input after the map, found {}",
            sc.found()
        ));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> Error {
        parse(input.as_bytes()).unwrap_err()
    }

    #[test]
    fn location_counts_chars() {
        assert_eq!(
            location_of("ab\n🟫x".as_bytes(), 7),
            Location { line: 2, column: 2 }
        );
    }

    #[test]
    fn grid_and_json_agree() {
        let grid = "🟫🏃🟫\n🟩🐉❎\n";
        let json = r#"[["🟫","🏃","🟫"],["🟩","🐉","❎"]]"#;
        let escaped = r##"[["\ud83d\udfeb","H","#"],[".","D","E"]]"##;
        let a = parse(grid.as_bytes()).unwrap();
        assert_eq!(a, parse(json.as_bytes()).unwrap());
        assert_eq!(a, parse(escaped.as_bytes()).unwrap());
    }

    #[test]
    fn json_errors_are_located() {
        assert_eq!(
            err("[[\"H\",\n \"x\"]]").location(),
            Some(Location { line: 2, column: 2 })
        );
        assert!(matches!(err("[[\"H\" \"D\"]]"), Error::Json { .. }));
        assert!(matches!(err("[[\"H\"]] x"), Error::Json { .. }));
        assert!(matches!(err("[[\"\\ud83d\"]]"), Error::Json { .. }));
        assert!(matches!(err("[[\"HD\"]]"), Error::UnknownSymbol { .. }));
        assert_eq!(err("[]"), Error::Empty);
        assert_eq!(err("[[],[]]"), Error::Empty);
    }

    #[test]
    fn ragged_rows_say_where() {
        let e = err("HDE.\n..\n");
        assert_eq!(
            e,
            Error::RaggedRow {
                at: Location { line: 2, column: 3 },
                row: 2,
                len: 2,
                expected: 4
            }
        );
        let e = err("HDE\n....\n");
        assert_eq!(e.location(), Some(Location { line: 2, column: 4 }));
    }
}
