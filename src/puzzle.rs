//! The parsed map: a dense row-major grid of walls and free cells, plus where
//! the hero, the dragon and the exit start.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Resource};
use crate::tile::Tile;

/// A cell position: 0-based row (from the top) and column (from the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// Row, from 0 at the top.
    pub row: usize,
    /// Column, from 0 at the left.
    pub col: usize,
}

impl Pos {
    /// A position from row and column.
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// Whether the two positions are the same or orthogonally next to each other.
    pub fn touches(self, other: Pos) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) <= 1
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// The most dragons a map may hold (docs/RULES.md, "Several dragons").
pub const MAX_DRAGONS: usize = 4;

/// The most keys, and the most doors, a map may hold (docs/RULES.md, "Keys
/// and doors").
pub const MAX_KEYS: usize = 16;

/// A dragon-escape map: walls, free cells, hero, dragon and exit, and in
/// the rule variants more dragons, keys and doors.
///
/// Build one with [`Puzzle::parse`] (any supported text format) or
/// [`Puzzle::new`] (from a wall grid, e.g. in a generator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    width: usize,
    height: usize,
    walls: Vec<bool>,
    hero: Pos,
    /// Every dragon, in row-major order; the first is [`Puzzle::dragon`].
    dragons: Vec<Pos>,
    exit: Pos,
    /// The keys and the doors, each in row-major order.
    keys: Vec<Pos>,
    doors: Vec<Pos>,
}

impl Puzzle {
    /// Builds a puzzle from a row-major wall grid and the three pieces.
    ///
    /// # Errors
    /// [`Error::InvalidMap`] when the grid is empty or not `width * height`
    /// long, when a piece is outside the grid or on a wall, or when two
    /// pieces share a cell.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Pos, Puzzle};
    /// let walls = vec![false; 5];
    /// let p = Puzzle::new(5, 1, walls, Pos::new(0, 0), Pos::new(0, 4), Pos::new(0, 2))?;
    /// assert_eq!(p.to_ascii(), "H.E.D\n");
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn new(
        width: usize,
        height: usize,
        walls: Vec<bool>,
        hero: Pos,
        dragon: Pos,
        exit: Pos,
    ) -> Result<Puzzle, Error> {
        let invalid = |message: String| Err(Error::InvalidMap { message });
        if width == 0 || height == 0 {
            return invalid(format!("a {width}x{height} grid has no cells"));
        }
        if width.checked_mul(height) != Some(walls.len()) {
            return invalid(format!(
                "{} wall flags for a {width}x{height} grid",
                walls.len()
            ));
        }
        let cell_count = width * height;
        if u32::try_from(cell_count).is_err() || cell_count == u32::MAX as usize {
            return Err(Error::TooLarge {
                resource: Resource::Grid,
                message: format!("{cell_count} cells; at most {} are supported", u32::MAX - 1),
            });
        }
        for (tile, pos) in [
            (Tile::Hero, hero),
            (Tile::Dragon, dragon),
            (Tile::Exit, exit),
        ] {
            if pos.row >= height || pos.col >= width {
                return invalid(format!("the {tile} at {pos} is outside the grid"));
            }
            if walls[pos.row * width + pos.col] {
                return invalid(format!("the {tile} at {pos} stands on a wall"));
            }
        }
        if hero == dragon || hero == exit || dragon == exit {
            return invalid("the hero, the dragon and the exit need three different cells".into());
        }
        Ok(Puzzle {
            width,
            height,
            walls,
            hero,
            dragons: vec![dragon],
            exit,
            keys: Vec::new(),
            doors: Vec::new(),
        })
    }

    /// The same map with the pieces of the rule variants: `dragons` (all
    /// of them, replacing the one given to [`Puzzle::new`]), `keys` and
    /// `doors` (docs/RULES.md, "Several dragons", "Keys and doors"). A door
    /// stands on a cell that is not a wall: it is a cell that starts closed.
    ///
    /// # Errors
    /// [`Error::InvalidMap`] when a piece is outside the grid or on a wall,
    /// when two pieces share a cell, when there is no dragon, more than
    /// [`MAX_DRAGONS`] dragons or more than [`MAX_KEYS`] keys or doors, or
    /// a door but no key.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Pos, Puzzle};
    /// let p = Puzzle::new(7, 1, vec![false; 7], Pos::new(0, 0), Pos::new(0, 6), Pos::new(0, 4))?
    ///     .with_pieces(vec![Pos::new(0, 5), Pos::new(0, 6)], vec![Pos::new(0, 1)], vec![Pos::new(0, 3)])?;
    /// assert_eq!(p.to_ascii(), "Hk.+EDD\n");
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn with_pieces(
        mut self,
        mut dragons: Vec<Pos>,
        mut keys: Vec<Pos>,
        mut doors: Vec<Pos>,
    ) -> Result<Puzzle, Error> {
        let invalid = |message: String| Err(Error::InvalidMap { message });
        for (list, tile) in [
            (&mut dragons, Tile::Dragon),
            (&mut keys, Tile::Key),
            (&mut doors, Tile::Door),
        ] {
            list.sort_unstable();
            let max = if tile == Tile::Dragon {
                MAX_DRAGONS
            } else {
                MAX_KEYS
            };
            if list.len() > max {
                return invalid(format!(
                    "{} {tile}s; a map may hold at most {max}",
                    list.len()
                ));
            }
            for &pos in list.iter() {
                if pos.row >= self.height || pos.col >= self.width {
                    return invalid(format!("the {tile} at {pos} is outside the grid"));
                }
                if self.walls[pos.row * self.width + pos.col] {
                    return invalid(format!("the {tile} at {pos} stands on a wall"));
                }
            }
        }
        if dragons.is_empty() {
            return Err(Error::Missing { tile: Tile::Dragon });
        }
        if !doors.is_empty() && keys.is_empty() {
            return invalid(no_key_message(doors.len()));
        }
        let mut all: Vec<Pos> = [self.hero, self.exit]
            .into_iter()
            .chain(dragons.iter().chain(&keys).chain(&doors).copied())
            .collect();
        all.sort_unstable();
        if let Some(pair) = all.windows(2).find(|pair| pair[0] == pair[1]) {
            return invalid(format!("two pieces share the cell {}", pair[0]));
        }
        self.dragons = dragons;
        self.keys = keys;
        self.doors = doors;
        Ok(self)
    }

    /// Reads a map in any supported format, detected automatically: the emoji
    /// grid, the ASCII alias grid, or the JSON matrix of one-symbol strings.
    ///
    /// Tolerates a UTF-8 byte-order mark, CRLF line ends, trailing spaces,
    /// blank lines around the map and emoji variation selectors.
    ///
    /// # Errors
    /// Any malformed input, with the line and column where it goes wrong.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::Puzzle;
    /// let p = Puzzle::parse("#H#\n#.#\n#D#\n#E#\n".as_bytes())?;
    /// assert_eq!((p.width(), p.height()), (3, 4));
    /// assert!(Puzzle::parse(b"#H#\n#x#\n").unwrap_err().to_string().starts_with("line 2, column 2"));
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn parse(input: &[u8]) -> Result<Puzzle, Error> {
        crate::parse::parse(input)
    }

    /// Grid width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Grid height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The hero's start.
    pub fn hero(&self) -> Pos {
        self.hero
    }

    /// The dragon's start; with several dragons, the first in row-major
    /// order.
    pub fn dragon(&self) -> Pos {
        self.dragons[0]
    }

    /// Every dragon's start, in row-major order: one in the official game.
    pub fn dragons(&self) -> &[Pos] {
        &self.dragons
    }

    /// The keys, in row-major order (docs/RULES.md, "Keys and doors").
    pub fn keys(&self) -> &[Pos] {
        &self.keys
    }

    /// The doors, closed at the start, in row-major order.
    pub fn doors(&self) -> &[Pos] {
        &self.doors
    }

    /// Whether the map uses a rule variant's pieces: several dragons, keys
    /// or doors.
    pub fn has_variant_pieces(&self) -> bool {
        self.dragons.len() > 1 || !self.keys.is_empty() || !self.doors.is_empty()
    }

    /// The exit.
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// Whether `pos` is inside the grid and not a wall.
    pub fn is_free(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width && !self.walls[pos.row * self.width + pos.col]
    }

    /// The row-major wall flags (`true` for a wall; a door is no wall but
    /// a cell that starts closed).
    pub fn walls(&self) -> &[bool] {
        &self.walls
    }

    /// The tile at `pos`, or `None` outside the grid.
    pub fn tile(&self, pos: Pos) -> Option<Tile> {
        if pos.row >= self.height || pos.col >= self.width {
            None
        } else if pos == self.hero {
            Some(Tile::Hero)
        } else if self.dragons.contains(&pos) {
            Some(Tile::Dragon)
        } else if pos == self.exit {
            Some(Tile::Exit)
        } else if self.keys.contains(&pos) {
            Some(Tile::Key)
        } else if self.doors.contains(&pos) {
            Some(Tile::Door)
        } else if self.walls[pos.row * self.width + pos.col] {
            Some(Tile::Wall)
        } else {
            Some(Tile::Free)
        }
    }

    /// The tiles row by row.
    pub fn rows(&self) -> impl Iterator<Item = impl Iterator<Item = Tile> + '_> + '_ {
        (0..self.height).map(move |row| {
            (0..self.width).map(move |col| self.tile(Pos::new(row, col)).unwrap_or(Tile::Wall))
        })
    }

    /// The map as an emoji grid, one row per line (the official form).
    pub fn to_emoji(&self) -> String {
        let mut out = String::with_capacity(self.height * (self.width * 4 + 1));
        for row in self.rows() {
            row.for_each(|t| out.push_str(t.emoji()));
            out.push('\n');
        }
        out
    }

    /// The map in ASCII aliases, one row per line.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.height * (self.width + 1));
        for row in self.rows() {
            out.extend(row.map(Tile::ascii));
            out.push('\n');
        }
        out
    }

    /// The map as the official JSON matrix of one-emoji strings.
    pub fn to_json_matrix(&self) -> String {
        let rows: Vec<String> = self
            .rows()
            .map(|row| {
                let cells: Vec<String> = row.map(|t| format!("\"{}\"", t.emoji())).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[\n{}\n]\n", rows.join(",\n"))
    }
}

/// How a map is written: the forms a map is read in (docs/RULES.md, "The
/// map").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Notation {
    /// The official emoji grid
    #[default]
    Emoji,
    /// ASCII aliases: # . H D E
    Ascii,
    /// The JSON matrix of one-emoji strings
    Json,
}

impl Puzzle {
    /// The map written in `notation`.
    pub fn write(&self, notation: Notation) -> String {
        match notation {
            Notation::Emoji => self.to_emoji(),
            Notation::Ascii => self.to_ascii(),
            Notation::Json => self.to_json_matrix(),
        }
    }
}

impl FromStr for Puzzle {
    type Err = Error;

    fn from_str(s: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(s.as_bytes())
    }
}

impl fmt::Display for Puzzle {
    /// Writes the emoji grid.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_emoji())
    }
}

/// Which keys the hero has taken and which doors it has opened: bit `i`
/// stands for the `i`-th key of [`Puzzle::keys`] and
/// the `i`-th door of [`Puzzle::doors`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Locks {
    /// The keys taken.
    pub taken: u16,
    /// The doors opened.
    pub opened: u16,
}

impl Locks {
    /// The keys the hero holds: taken and not yet used on a door.
    pub fn held(self) -> u32 {
        self.taken.count_ones() - self.opened.count_ones()
    }

    /// Whether the `i`-th key has been taken.
    pub fn is_taken(self, i: usize) -> bool {
        self.taken >> i & 1 == 1
    }

    /// Whether the `i`-th door is open.
    pub fn is_open(self, i: usize) -> bool {
        self.opened >> i & 1 == 1
    }

    /// The locks as one word, keys taken in the low half and doors opened
    /// in the high half, for tables of positions.
    pub(crate) fn word(self) -> u32 {
        u32::from(self.taken) | u32::from(self.opened) << 16
    }

    /// The locks of a [`Locks::word`].
    pub(crate) fn from_word(word: u32) -> Locks {
        Locks {
            taken: word as u16,
            opened: (word >> 16) as u16,
        }
    }
}

/// Why a map with doors and no key is refused.
pub(crate) fn no_key_message(doors: usize) -> String {
    let doors = if doors == 1 {
        "a door".to_owned()
    } else {
        format!("{doors} doors")
    };
    format!(
        "the map has {doors} but no key: a door nobody can open is a wall, so draw {} or add a {}",
        Tile::Wall.emoji(),
        Tile::Key.emoji()
    )
}
