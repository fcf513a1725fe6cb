//! Tile symbols: the only module that knows how a map is spelled.
//!
//! Every map format (emoji grid, JSON matrix, ASCII aliases) is a sequence of
//! *symbols*, one per cell. This module turns a symbol into a [`Tile`] and a
//! tile back into its emoji or ASCII spelling.
//!
//! | tile   | emoji | ASCII |
//! |--------|-------|-------|
//! | wall   | 🟫    | `#`   |
//! | free   | 🟩    | `.`   |
//! | hero   | 🏃    | `H`   |
//! | dragon | 🐉    | `D`   |
//! | exit   | ❎    | `E`   |
//! | key    | 🔑    | `k`   |
//! | door   | 🚪    | `+`   |
//!
//! Output only, never read: the hero's route or trail (🟨, `*`), where the
//! hero is caught (💥, `X`) and the cells the hero could reach when there is
//! no path (🟦, `:`), a door the hero has opened (🔓, `/`), an endless
//! start on a heat map (🔁, `~`), and a dragon or exit beyond the edge of the screen
//! (`d`, `e`; beside emoji `D>`, `E^`…). Every emoji here is two terminal
//! columns wide, like each of those pairs.
//!
//! Variation selectors (U+FE0E, U+FE0F), skin-tone modifiers and the
//! gendered forms of the runner (🏃‍♀️, 🏃‍♂️) are accepted and ignored.

use std::fmt;

/// What one cell of a map holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Nobody enters a wall.
    Wall,
    /// A free cell.
    Free,
    /// The hero's start (a free cell).
    Hero,
    /// The dragon's start (a free cell).
    Dragon,
    /// The exit (a free cell).
    Exit,
    /// A key, picked up when the hero steps on it (docs/RULES.md, "Keys
    /// and doors").
    Key,
    /// A closed door: a wall until the hero opens it with a key.
    Door,
}

/// The symbol drawn for a cell on the hero's route (not a map tile: output only).
pub(crate) const ROUTE_EMOJI: &str = "🟨";
/// The ASCII symbol drawn for a cell on the hero's route (output only).
pub(crate) const ROUTE_ASCII: char = '*';
/// The symbol drawn where the dragon catches the hero (output only).
pub(crate) const CAUGHT_EMOJI: &str = "💥";
/// The ASCII symbol drawn where the dragon catches the hero (output only).
pub(crate) const CAUGHT_ASCII: char = 'X';
/// The symbol drawn on the cells the hero could reach without the dragon,
/// to show why there is no path (output only).
pub(crate) const REACH_EMOJI: &str = "🟦";
/// The ASCII symbol for a cell the hero could reach (output only).
pub(crate) const REACH_ASCII: char = ':';
/// The symbol drawn on a door the hero has opened (output only).
pub(crate) const OPEN_DOOR_EMOJI: &str = "🔓";
/// The ASCII symbol drawn on a door the hero has opened (output only).
pub(crate) const OPEN_DOOR_ASCII: char = '/';
/// The symbol a heat map draws on a start from which the hero can neither
/// escape nor be caught: the chase goes round forever (output only).
pub(crate) const ENDLESS_EMOJI: &str = "🔁";
/// The ASCII symbol a heat map draws on an endless start (output only).
pub(crate) const ENDLESS_ASCII: char = '~';

/// The upper half block: one terminal cell shows two map cells, the upper
/// in the foreground colour, the lower in the background (the overview of
/// a large map; output only).
#[cfg(feature = "playback")]
pub(crate) const HALF_BLOCK: char = '\u{2580}';

/// How a piece outside the part of a large map on screen is marked on the
/// edge cell nearest to it (output only): in ASCII its letter in lower
/// case (`d`, `e`); beside emoji, which are two columns wide, its letter
/// and an arrow pointing towards it (`D>`, `E^`).
pub(crate) fn edge_marker(tile: Tile, toward: crate::graph::Direction, ascii: bool) -> String {
    use crate::graph::Direction;
    let letter = tile.ascii();
    if ascii {
        return letter.to_ascii_lowercase().to_string();
    }
    let arrow = match toward {
        Direction::Up => '^',
        Direction::Left => '<',
        Direction::Down => 'v',
        Direction::Right => '>',
    };
    format!("{letter}{arrow}")
}

impl Tile {
    /// All tiles, in the order the legend lists them.
    pub const ALL: [Tile; 7] = [
        Tile::Wall,
        Tile::Free,
        Tile::Hero,
        Tile::Dragon,
        Tile::Exit,
        Tile::Key,
        Tile::Door,
    ];

    /// The tile's name in the legends: wall, free, hero, dragon, exit,
    /// key or door.
    #[cfg(feature = "cli")]
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Free => "free",
            Tile::Hero => "hero",
            Tile::Dragon => "dragon",
            Tile::Exit => "exit",
            Tile::Key => "key",
            Tile::Door => "door",
        }
    }

    /// The official emoji for this tile.
    pub const fn emoji(self) -> &'static str {
        match self {
            Tile::Wall => "🟫",
            Tile::Free => "🟩",
            Tile::Hero => "🏃",
            Tile::Dragon => "🐉",
            Tile::Exit => "❎",
            Tile::Key => "🔑",
            Tile::Door => "🚪",
        }
    }

    /// The ASCII alias for this tile.
    pub const fn ascii(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Free => '.',
            Tile::Hero => 'H',
            Tile::Dragon => 'D',
            Tile::Exit => 'E',
            Tile::Key => 'k',
            Tile::Door => '+',
        }
    }

    /// Whether a piece may stand on this tile at the start: everything but
    /// a wall and a closed door.
    pub fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall | Tile::Door)
    }

    /// Reads one symbol (a character and the selectors, skin tones and
    /// joined characters that follow it), in emoji or ASCII form.
    ///
    /// Returns `None` for anything that is not a map symbol.
    ///
    /// ```
    /// use dragon_escape::Tile;
    /// assert_eq!(Tile::from_symbol("🐉"), Some(Tile::Dragon));
    /// assert_eq!(Tile::from_symbol("#"), Some(Tile::Wall));
    /// assert_eq!(Tile::from_symbol("🏃\u{200d}\u{2640}\u{fe0f}"), Some(Tile::Hero));
    /// assert_eq!(Tile::from_symbol("x"), None);
    /// ```
    pub fn from_symbol(symbol: &str) -> Option<Tile> {
        let mut reading = Reading::default();
        for c in symbol.chars() {
            reading.push(c);
            if reading.is_unknown() {
                return None;
            }
        }
        reading.tile()
    }
}

/// A symbol read one character at a time, in constant memory, however
/// long it is: what [`Tile::from_symbol`] looks at (the first character,
/// and the others that are not variation selectors, which may be at most a
/// skin tone, a joiner and a sign) and the start of it that a message
/// quotes ([`Reading::describe`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reading {
    /// The characters read.
    chars: usize,
    /// The first [`EXCERPT`] characters.
    start: [char; EXCERPT],
    /// The characters after the first that are not variation selectors,
    /// as far as a tile's spelling can go (one more makes it unknown).
    rest: [char; 3],
    rest_len: usize,
    /// More characters followed the first than any tile's spelling has.
    too_long: bool,
}

/// How many characters of an unknown symbol a message quotes.
const EXCERPT: usize = 16;

impl Reading {
    /// Reads the next character of the symbol.
    pub(crate) fn push(&mut self, c: char) {
        if self.chars < EXCERPT {
            self.start[self.chars] = c;
        }
        if self.chars > 0 && !is_variation_selector(c) {
            match self.rest.get_mut(self.rest_len) {
                Some(slot) => {
                    *slot = c;
                    self.rest_len += 1;
                }
                None => self.too_long = true,
            }
        }
        self.chars += 1;
    }

    /// Whether the symbol is already known not to be a tile's, whatever
    /// follows.
    pub(crate) fn is_unknown(&self) -> bool {
        self.too_long
    }

    /// The tile the symbol read so far spells, if any.
    pub(crate) fn tile(&self) -> Option<Tile> {
        if self.chars == 0 || self.too_long {
            return None;
        }
        let base = self.start[0];
        let tile = match base {
            '\u{1F7EB}' | '#' => Tile::Wall,
            '\u{1F7E9}' | '.' => Tile::Free,
            '\u{1F3C3}' | 'H' => Tile::Hero,
            '\u{1F409}' | 'D' => Tile::Dragon,
            '\u{274E}' | 'E' => Tile::Exit,
            '\u{1F511}' | 'k' => Tile::Key,
            '\u{1F6AA}' | '+' => Tile::Door,
            _ => return None,
        };
        // Only the runner takes skin tones and a gendered ZWJ suffix; every
        // emoji may carry a variation selector. ASCII letters take nothing.
        let ok = match &self.rest[..self.rest_len] {
            [] => true,
            _ if base.is_ascii() => false,
            [tone] => tile == Tile::Hero && is_skin_tone(*tone),
            [ZWJ, sign] => tile == Tile::Hero && is_gender_sign(*sign),
            [tone, ZWJ, sign] => tile == Tile::Hero && is_skin_tone(*tone) && is_gender_sign(*sign),
            _ => false,
        };
        ok.then_some(tile)
    }

    /// A printable description of the symbol for a message: its first
    /// characters (control characters shown as U+FFFD) and their code
    /// points, and for a long symbol how many characters it has in all:
    /// `'x' (U+0078)`, or `'xxxxxxxxxxxxxxxx…' (U+0078 … U+0078 …; 40000000
    /// characters)`. However long the symbol, the description is short.
    pub(crate) fn describe(&self) -> String {
        use fmt::Write as _;
        let quoted = &self.start[..self.chars.min(EXCERPT)];
        let mut shown = String::new();
        let mut points = String::new();
        for (i, &c) in quoted.iter().enumerate() {
            shown.push(if c.is_control() { '\u{FFFD}' } else { c });
            let space = if i == 0 { "" } else { " " };
            let _ = write!(points, "{space}U+{:04X}", c as u32);
        }
        if self.chars == 0 {
            // A JSON cell may hold no symbol at all: `""`.
            "'' (an empty cell)".to_string()
        } else if self.chars > EXCERPT {
            format!("'{shown}…' ({points} …; {} characters)", self.chars)
        } else {
            format!("'{shown}' ({points})")
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Tile::Wall => "wall",
            Tile::Free => "free cell",
            Tile::Hero => "hero",
            Tile::Dragon => "dragon",
            Tile::Exit => "exit",
            Tile::Key => "key",
            Tile::Door => "door",
        };
        write!(f, "{name} ({} or {})", self.emoji(), self.ascii())
    }
}

/// The tiles' emoji, or with `ascii` their ASCII aliases, in [`Tile::ALL`]
/// order and separated by spaces, for messages: `🟫 🟩 🏃 🐉 ❎ 🔑 🚪` or
/// `# . H D E k +`.
pub(crate) fn spellings(ascii: bool) -> String {
    let spelled: Vec<String> = Tile::ALL
        .iter()
        .map(|&tile| {
            if ascii {
                tile.ascii().to_string()
            } else {
                tile.emoji().to_owned()
            }
        })
        .collect();
    spelled.join(" ")
}

/// The tiles' emoji with short names, in [`Tile::ALL`] order, for help
/// texts: `🟫 wall, 🟩 free, 🏃 hero, 🐉 dragon, ❎ exit, 🔑 key, 🚪 door`.
#[cfg(feature = "cli")]
pub(crate) fn legend() -> String {
    let named: Vec<String> = Tile::ALL
        .iter()
        .map(|&tile| format!("{} {}", tile.emoji(), tile.name()))
        .collect();
    named.join(", ")
}

/// Every tile as its emoji, its name and its ASCII alias, `per_line` to a
/// line: `🟫 wall (#), 🟩 free (.), …`.
#[cfg(feature = "cli")]
pub(crate) fn legend_lines(per_line: usize) -> String {
    let named: Vec<String> = Tile::ALL
        .iter()
        .map(|&tile| format!("{} {} ({})", tile.emoji(), tile.name(), tile.ascii()))
        .collect();
    named
        .chunks(per_line.max(1))
        .map(|line| line.join(", "))
        .collect::<Vec<_>>()
        .join(",\n")
}

const ZWJ: char = '\u{200D}';

fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE0E}' | '\u{FE0F}')
}

fn is_skin_tone(c: char) -> bool {
    ('\u{1F3FB}'..='\u{1F3FF}').contains(&c)
}

fn is_gender_sign(c: char) -> bool {
    matches!(c, '\u{2640}' | '\u{2642}')
}

/// The variation selectors as text (every emoji may carry them; they change
/// nothing).
const VARIATION_SELECTORS: [&str; 2] = ["\u{FE0E}", "\u{FE0F}"];

/// The tile of each ASCII alias, by its byte: a lookup rather than a chain
/// of comparisons that a map's random mix of walls and free cells would keep
/// mispredicting.
const ASCII_TILES: [Option<Tile>; 128] = {
    let mut table = [None; 128];
    let mut i = 0;
    while i < Tile::ALL.len() {
        table[Tile::ALL[i].ascii() as usize] = Some(Tile::ALL[i]);
        i += 1;
    }
    table
};

/// The official emoji and their tiles by the low six bits of the emoji's
/// last byte, which differ from emoji to emoji (building the table checks).
const EMOJI_TILES: [Option<(Tile, &str)>; 64] = {
    let mut table = [None; 64];
    let mut i = 0;
    while i < Tile::ALL.len() {
        let emoji = Tile::ALL[i].emoji();
        let key = (emoji.as_bytes()[emoji.len() - 1] & 0x3F) as usize;
        assert!(table[key].is_none(), "two emoji share a key");
        table[key] = Some((Tile::ALL[i], emoji));
        i += 1;
    }
    table
};

/// The tile spelled plainly at the start of `bytes`, and how many bytes the
/// spelling takes.
///
/// A plain spelling is an official emoji or an ASCII alias followed by any
/// number of variation selectors: what maps are made of, megabytes of it in
/// a large one. This compares bytes and decodes nothing, so the readers use
/// it as their fast path; anything else (bytes that are not UTF-8, say)
/// gives `None`, and the reader falls back to [`symbols`] and
/// [`Tile::from_symbol`], which give the same tile for a plain spelling and
/// accept more.
///
/// A plain spelling is valid UTF-8, and no symbol continues with its first
/// character. The caller checks what follows it: a plain spelling followed
/// by a skin tone or a zero-width joiner is only the start of a symbol.
#[inline]
pub(crate) fn plain_symbol(bytes: &[u8]) -> Option<(Tile, usize)> {
    let &first = bytes.first()?;
    let (tile, mut len) = if first.is_ascii() {
        (ASCII_TILES[first as usize]?, 1)
    } else {
        // The emoji's last byte picks the one candidate.
        let len = match first {
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return None,
        };
        let last = *bytes.get(len - 1)?;
        let (tile, emoji) = EMOJI_TILES[usize::from(last & 0x3F)]?;
        // Fixed-size comparisons, where `starts_with` would call `memcmp`.
        let whole = match *emoji.as_bytes() {
            [a, b, c, d] => bytes.first_chunk() == Some(&[a, b, c, d]),
            [a, b, c] => bytes.first_chunk() == Some(&[a, b, c]),
            _ => false,
        };
        if !whole {
            return None;
        }
        // The same as emoji.len(), but known sooner: the next symbol's
        // reading need not wait for the table.
        (tile, len)
    };
    while let Some(selector) = VARIATION_SELECTORS
        .into_iter()
        .find(|s| bytes[len..].starts_with(s.as_bytes()))
    {
        len += selector.len();
    }
    Some((tile, len))
}

/// Whether `c` continues the symbol before it rather than starting a new one.
fn continues_symbol(c: char) -> bool {
    is_variation_selector(c) || is_skin_tone(c) || c == ZWJ
}

/// Splits one row of an emoji or ASCII grid into symbols.
///
/// Yields `(column, symbol)` pairs, with 1-based columns counted in symbols.
/// A symbol is one character plus any variation selectors, skin tones and
/// zero-width-joined characters that follow it.
pub(crate) fn symbols(row: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = row;
    let mut column = 0;
    std::iter::from_fn(move || {
        let mut chars = rest.char_indices();
        let (_, _) = chars.next()?;
        let mut end = rest.len();
        let mut joined = false;
        for (i, c) in chars {
            if joined || continues_symbol(c) {
                joined = c == ZWJ;
            } else {
                end = i;
                break;
            }
        }
        let (symbol, tail) = rest.split_at(end);
        rest = tail;
        column += 1;
        Some((column, symbol))
    })
}

/// A printable description of an unknown symbol, however long: its start
/// and code points, and its length when long ([`Reading::describe`]).
pub(crate) fn describe_symbol(symbol: &str) -> String {
    let mut reading = Reading::default();
    symbol.chars().for_each(|c| reading.push(c));
    reading.describe()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emoji_and_ascii_round_trip() {
        for tile in Tile::ALL {
            assert_eq!(Tile::from_symbol(tile.emoji()), Some(tile));
            assert_eq!(Tile::from_symbol(&tile.ascii().to_string()), Some(tile));
        }
    }

    #[test]
    fn symbols_group_modifiers() {
        let row = "🟫\u{fe0f}🏃\u{1F3FD}\u{200d}\u{2642}\u{fe0f}#.";
        let got: Vec<_> = symbols(row).collect();
        assert_eq!(got.len(), 4);
        assert_eq!(got[1].0, 2);
        assert_eq!(Tile::from_symbol(got[1].1), Some(Tile::Hero));
        assert_eq!(got[3], (4, "."));
    }

    #[test]
    fn modifiers_only_where_they_belong() {
        assert_eq!(Tile::from_symbol("#\u{fe0f}"), Some(Tile::Wall));
        assert_eq!(Tile::from_symbol("#\u{1F3FB}"), None);
        assert_eq!(Tile::from_symbol("🐉\u{1F3FB}"), None);
        assert_eq!(Tile::from_symbol("🐉\u{fe0f}"), Some(Tile::Dragon));
        assert_eq!(Tile::from_symbol("🏃\u{200d}🐉"), None);
    }

    #[test]
    fn plain_symbols_are_read_from_bytes() {
        for tile in Tile::ALL {
            let emoji = tile.emoji();
            assert_eq!(plain_symbol(emoji.as_bytes()), Some((tile, emoji.len())));
            let ascii = tile.ascii().to_string();
            assert_eq!(plain_symbol(ascii.as_bytes()), Some((tile, 1)));
            let selected = format!("{emoji}\u{fe0f}\u{fe0e}#");
            assert_eq!(
                plain_symbol(selected.as_bytes()),
                Some((tile, emoji.len() + 6))
            );
        }
        for selector in VARIATION_SELECTORS {
            assert!(selector.chars().all(is_variation_selector));
        }
        // Not plain: the general path decides.
        for other in ["", "x", " ", "\u{fe0f}#", "\u{200d}", "🟨", "h"] {
            assert_eq!(plain_symbol(other.as_bytes()), None, "{other:?}");
        }
        assert_eq!(plain_symbol(b"\xF0\x9F\x9F"), None);
        // 🚫 ends in the same byte as 🟫: the rest must match too.
        assert_eq!(plain_symbol("\u{1F6AB}".as_bytes()), None);
        // Only the start of a longer symbol: the caller looks further.
        let toned = "🏃\u{1F3FB}";
        assert_eq!(plain_symbol(toned.as_bytes()), Some((Tile::Hero, 4)));
    }

    #[test]
    fn messages_spell_every_tile() {
        assert_eq!(spellings(false), "🟫 🟩 🏃 🐉 ❎ 🔑 🚪");
        assert_eq!(spellings(true), "# . H D E k +");
        #[cfg(feature = "cli")]
        assert_eq!(
            legend(),
            "🟫 wall, 🟩 free, 🏃 hero, 🐉 dragon, ❎ exit, 🔑 key, 🚪 door"
        );
    }

    #[test]
    fn describe_shows_code_points() {
        assert_eq!(describe_symbol("x"), "'x' (U+0078)");
        assert_eq!(describe_symbol("a\u{1b}"), "'a\u{FFFD}' (U+0061 U+001B)");
        let sixteen = "x".repeat(16);
        assert_eq!(
            describe_symbol(&sixteen),
            format!("'{sixteen}' ({})", ["U+0078"; 16].join(" "))
        );
    }

    /// A long symbol is quoted by its first 16 characters and its length,
    /// whatever its length.
    #[test]
    fn describe_quotes_a_long_symbol_by_its_start() {
        let long = format!("x{}", "\u{200d}".repeat(1_000_000));
        let described = describe_symbol(&long);
        assert!(described.len() < 200, "{described}");
        assert!(
            described.ends_with("U+200D …; 1000001 characters)"),
            "{described}"
        );
        assert!(described.starts_with("'x\u{200d}"), "{described}");
        // Read a character at a time, as the JSON reader does: the same.
        let mut reading = Reading::default();
        long.chars().for_each(|c| reading.push(c));
        assert_eq!(reading.describe(), described);
        assert_eq!(reading.tile(), None);
    }

    /// However many variation selectors follow a symbol, it is read the
    /// same, and a fourth other character makes it unknown at once.
    #[test]
    fn readings_accept_selectors_anywhere_after_the_first() {
        let selected = format!("#{}", "\u{fe0f}".repeat(100));
        assert_eq!(Tile::from_symbol(&selected), Some(Tile::Wall));
        let hero = "🏃\u{fe0f}\u{1F3FB}\u{fe0e}\u{200d}\u{2640}\u{fe0f}";
        assert_eq!(Tile::from_symbol(hero), Some(Tile::Hero));
        let mut reading = Reading::default();
        for c in "🏃\u{1F3FB}\u{200d}\u{2640}".chars() {
            reading.push(c);
        }
        assert!(!reading.is_unknown());
        reading.push('x');
        assert!(reading.is_unknown());
        assert_eq!(reading.tile(), None);
        assert_eq!(Tile::from_symbol(""), None);
    }
}
