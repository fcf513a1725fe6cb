//! Heat maps of a whole-map [`Table`]: every free cell coloured by the
//! value of a game that starts there.
//!
//! One piece's start varies ([`Vary`]) and the other stays where the map
//! puts it: by default each cell holds the escape of a hero starting there
//! against the dragon where it stands; with [`Vary::Dragon`], the hero's
//! escape when the dragon starts there instead. A [`HeatMap`] takes those
//! values from the table once ([`Table::with_dragon`],
//! [`Table::with_hero`]) and its renderers draw them:
//!
//! - `svg.rs`: a picture, each cell a square with its value as a tooltip;
//! - `text.rs`: the terminal's colours (true colour or the 256 of xterm),
//!   or, without colour, a digit a cell by band;
//! - `gif.rs` (feature `gif`): the same picture as a still GIF;
//! - `json.rs` (feature `json`): a versioned record a script can read.
//!
//! Escapes take a colour scale from dark purple (the shortest) to yellow
//! (the longest), viridis, which people with the common forms of colour
//! blindness read in order; a caught hero's cells are hatched magenta and
//! an endless game's hatched grey, off the scale, and every output says
//! so in a legend built from the same sentences (`Legend`).

#[cfg(feature = "gif")]
mod font;
#[cfg(feature = "gif")]
mod gif;
#[cfg(feature = "json")]
mod json;
mod svg;
#[cfg(test)]
mod tests;
mod text;

#[cfg(feature = "json")]
pub use json::{CellReport, CountsReport, FixedReport, HeatReport, MovesReport, VERSION};
pub use text::Colors;

use crate::error::plural;
use crate::puzzle::{Pos, Puzzle};
use crate::search::rules::{Rules, Ties};
use crate::search::{Table, Value};

/// Which piece's start a heat map varies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Vary {
    /// The hero starts on each cell in turn; the dragon stays where it
    /// stands
    #[default]
    Hero,
    /// The dragon starts on each cell in turn; the hero stays at its start
    Dragon,
}

impl Vary {
    /// The name of the piece that varies: `hero` or `dragon`.
    pub fn name(self) -> &'static str {
        match self {
            Vary::Hero => "hero",
            Vary::Dragon => "dragon",
        }
    }

    /// The name of the piece that stays.
    pub fn fixed_name(self) -> &'static str {
        match self {
            Vary::Hero => "dragon",
            Vary::Dragon => "hero",
        }
    }
}

/// What one tile of a heat map holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    /// A wall.
    Wall,
    /// The fixed piece's own cell: no position has both pieces there.
    Fixed,
    /// A free cell: the value of the game with the varying piece there.
    Start(Value),
}

/// How the starts of a heat map end, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Free cells on the map (the fixed piece's own included).
    pub cells: usize,
    /// Starts the hero escapes from.
    pub escaped: usize,
    /// Starts where the dragon catches the hero.
    pub caught: usize,
    /// Starts where the hero can neither escape nor be caught.
    pub endless: usize,
    /// The shortest and the longest escape, if any start escapes.
    pub escapes: Option<(usize, usize)>,
}

/// The values a heat map shows (see the module's documentation).
///
/// # Example
/// ```
/// use dragon_escape::render::heat::{HeatMap, Vary};
/// use dragon_escape::{Options, Pos, Puzzle, Solver, Value};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let table = Solver::new(&puzzle).table(&Options::default())?;
/// let heat = HeatMap::new(&table, &puzzle, Vary::Hero);
/// assert_eq!(heat.value(Pos::new(0, 0)), Some(Value::Escape { moves: 2 }));
/// assert_eq!(heat.value(Pos::new(0, 5)), None, "the dragon's own cell");
/// assert_eq!(heat.counts().escaped, 5);
/// assert!(heat.svg(24).contains("an escape in 2 moves"));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct HeatMap {
    width: usize,
    height: usize,
    /// Row-major, a tile each.
    cells: Vec<Cell>,
    vary: Vary,
    rules: Rules,
    /// The pieces as the map places them, and the exit.
    hero: Pos,
    dragon: Pos,
    exit: Pos,
    counts: Counts,
    /// Whether the map's own hero start reaches the exit without the
    /// dragon: when it does not, the solver says "no path" of the map
    /// (docs/RULES.md, "Outcomes"), and the legend says so beside the
    /// game's value.
    start_has_path: bool,
}

impl HeatMap {
    /// The heat map of `table`, the table of `puzzle`, with `vary`'s start
    /// varied and the other piece where `puzzle` places it.
    pub fn new(table: &Table, puzzle: &Puzzle, vary: Vary) -> HeatMap {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut cells = vec![Cell::Wall; width * height];
        let values: Box<dyn Iterator<Item = (Pos, Option<Value>)>> = match vary {
            Vary::Hero => Box::new(table.with_dragon(puzzle.dragon())),
            Vary::Dragon => Box::new(table.with_hero(puzzle.hero())),
        };
        let mut counts = Counts::default();
        for (pos, value) in values {
            counts.cells += 1;
            cells[pos.row * width + pos.col] = match value {
                None => Cell::Fixed,
                Some(value) => {
                    match value {
                        Value::Escape { moves } => {
                            counts.escaped += 1;
                            let (low, high) = counts.escapes.unwrap_or((moves, moves));
                            counts.escapes = Some((low.min(moves), high.max(moves)));
                        }
                        Value::Caught { .. } => counts.caught += 1,
                        Value::Endless => counts.endless += 1,
                    }
                    Cell::Start(value)
                }
            };
        }
        HeatMap {
            width,
            height,
            cells,
            vary,
            rules: table.rules(),
            hero: puzzle.hero(),
            dragon: puzzle.dragon(),
            exit: puzzle.exit(),
            counts,
            start_has_path: table.reaches_exit(puzzle.hero()),
        }
    }

    /// The map's width in tiles.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The map's height in tiles.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Which piece's start varies.
    pub fn vary(&self) -> Vary {
        self.vary
    }

    /// The rules the values follow.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The value of the game with the varying piece on `pos`; `None` on a
    /// wall, off the map and on the fixed piece's own cell.
    pub fn value(&self, pos: Pos) -> Option<Value> {
        match self.cell(pos) {
            Some(Cell::Start(value)) => Some(value),
            _ => None,
        }
    }

    /// How the starts end, counted.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The tile at `pos`, if on the map.
    pub(crate) fn cell(&self, pos: Pos) -> Option<Cell> {
        (pos.row < self.height && pos.col < self.width)
            .then(|| self.cells[pos.row * self.width + pos.col])
    }

    /// The tiles, row by row.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &[Cell]> + '_ {
        self.cells.chunks(self.width.max(1))
    }

    /// Where the piece that stays stands.
    pub(crate) fn fixed(&self) -> Pos {
        match self.vary {
            Vary::Hero => self.dragon,
            Vary::Dragon => self.hero,
        }
    }

    /// Where the piece that varies starts on the map.
    pub(crate) fn own_start(&self) -> Pos {
        match self.vary {
            Vary::Hero => self.hero,
            Vary::Dragon => self.dragon,
        }
    }

    /// The value of the map's own start.
    pub(crate) fn start_value(&self) -> Option<Value> {
        self.value(self.own_start())
    }

    /// The scale of the escapes' colours.
    pub(crate) fn scale(&self) -> Scale {
        let (shortest, longest) = self.counts.escapes.unwrap_or((0, 0));
        Scale { shortest, longest }
    }

    /// The legend's sentences.
    pub(crate) fn legend(&self) -> Legend {
        Legend::new(self)
    }
}

/// A colour: red, green, blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

impl Rgb {
    /// `#rrggbb`.
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    fn mix(self, other: Rgb, t: f64) -> Rgb {
        let channel =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(
            channel(self.0, other.0),
            channel(self.1, other.1),
            channel(self.2, other.2),
        )
    }
}

/// The walls, as in the other pictures (`svg.rs`).
pub(crate) const WALL: Rgb = Rgb(0x7b, 0x5a, 0x43);
/// The fixed piece's own cell, which has no value: the other pictures'
/// floor.
pub(crate) const FLOOR: Rgb = Rgb(0xd8, 0xec, 0xcf);
/// A caught hero's cells: light magenta, hatched darker.
pub(crate) const CAUGHT: Rgb = Rgb(0xf1, 0xb6, 0xda);
pub(crate) const CAUGHT_INK: Rgb = Rgb(0xc5, 0x1b, 0x7d);
/// An endless game's cells: light grey, hatched darker.
pub(crate) const ENDLESS: Rgb = Rgb(0xe0, 0xe0, 0xe0);
pub(crate) const ENDLESS_INK: Rgb = Rgb(0x6b, 0x6b, 0x6b);

/// The viridis colour map at eleven even steps, from 0 to 1.
const VIRIDIS: [Rgb; 11] = [
    Rgb(0x44, 0x01, 0x54),
    Rgb(0x48, 0x24, 0x75),
    Rgb(0x41, 0x44, 0x87),
    Rgb(0x35, 0x5f, 0x8d),
    Rgb(0x2a, 0x78, 0x8e),
    Rgb(0x21, 0x91, 0x8c),
    Rgb(0x22, 0xa8, 0x84),
    Rgb(0x44, 0xbf, 0x70),
    Rgb(0x7a, 0xd1, 0x51),
    Rgb(0xbd, 0xdf, 0x26),
    Rgb(0xfd, 0xe7, 0x25),
];

/// The colour at `t`, from 0 to 1, of the viridis map.
pub(crate) fn viridis(t: f64) -> Rgb {
    let at = t.clamp(0.0, 1.0) * (VIRIDIS.len() - 1) as f64;
    let i = (at.floor() as usize).min(VIRIDIS.len() - 2);
    VIRIDIS[i].mix(VIRIDIS[i + 1], at - i as f64)
}

/// The most bands a scale splits into where colours or digits are few.
pub(crate) const MAX_BANDS: usize = 10;

/// The colours of the escapes, from the shortest to the longest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scale {
    pub(crate) shortest: usize,
    pub(crate) longest: usize,
}

impl Scale {
    /// Where `moves` falls, from 0 (the shortest) to 1 (the longest).
    pub(crate) fn place(self, moves: usize) -> f64 {
        if self.longest == self.shortest {
            return 0.0;
        }
        (moves.saturating_sub(self.shortest)) as f64 / (self.longest - self.shortest) as f64
    }

    /// The colour of an escape in `moves`.
    pub(crate) fn color(self, moves: usize) -> Rgb {
        viridis(self.place(moves))
    }

    /// How many moves each band spans: the bands are at most
    /// [`MAX_BANDS`], each as wide as the others.
    fn band_width(self) -> usize {
        (self.longest - self.shortest + 1).div_ceil(MAX_BANDS)
    }

    /// The bands, each its least and most moves.
    pub(crate) fn bands(self) -> Vec<(usize, usize)> {
        let width = self.band_width();
        (self.shortest..=self.longest)
            .step_by(width)
            .map(|low| (low, (low + width - 1).min(self.longest)))
            .collect()
    }

    /// The band of an escape in `moves`.
    pub(crate) fn band(self, moves: usize) -> usize {
        moves.saturating_sub(self.shortest) / self.band_width()
    }

    /// The colour of band `k`: its middle's.
    pub(crate) fn band_color(self, k: usize) -> Rgb {
        let (low, high) = self.bands()[k];
        self.color(low + (high - low) / 2)
    }

    /// About five round numbers of moves from the shortest escape to the
    /// longest, both included, for the ticks of a colour bar.
    pub(crate) fn ticks(self) -> Vec<usize> {
        let span = self.longest - self.shortest;
        if span == 0 {
            return vec![self.shortest];
        }
        let step = [1, 2, 5]
            .into_iter()
            .flat_map(|m| (0..12).map(move |e| m * 10usize.pow(e)))
            .filter(|&s| span / s <= 5)
            .min()
            .unwrap_or(span);
        let mut ticks = vec![self.shortest];
        let mut next = (self.shortest / step + 1) * step;
        while next < self.longest {
            // Not crowding the ends.
            if 5 * (next - self.shortest) >= 3 * step && 5 * (self.longest - next) >= 3 * step {
                ticks.push(next);
            }
            next += step;
        }
        ticks.push(self.longest);
        ticks
    }
}

/// The rule set in a few words: `priority ULDR`, `adversarial ties`,
/// `the optimistic bound`, then the variants (`dragon speed 2`,
/// `waiting`).
pub(crate) fn rules_phrase(rules: Rules) -> String {
    let mut words = vec![match rules.ties {
        Ties::Priority(order) => format!("priority {order}"),
        Ties::Adversarial => "adversarial ties".to_owned(),
        Ties::Optimistic => "the optimistic bound".to_owned(),
    }];
    if !rules.speed.is_one() {
        words.push(format!("dragon speed {}", rules.speed));
    }
    if rules.wait {
        words.push("waiting".to_owned());
    }
    words.join(", ")
}

/// `text` cut into lines of at most `chars` characters, between words (a
/// longer word on a line of its own).
pub(crate) fn wrap(text: &str, chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= chars => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// A position for people: `row 3, col 5` (from 0, as in the JSON).
pub(crate) fn place(pos: Pos) -> String {
    format!("row {}, col {}", pos.row, pos.col)
}

/// The legend's sentences, the same in every output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Legend {
    /// What each cell shows.
    pub(crate) title: String,
    /// The rules.
    pub(crate) rules: String,
    /// The colour scale's name.
    pub(crate) scale: &'static str,
    pub(crate) caught: &'static str,
    pub(crate) endless: &'static str,
    /// The fixed piece's name in the legend.
    pub(crate) fixed: String,
    /// The varying piece's own start.
    pub(crate) start: String,
    /// The value of the map's own start.
    pub(crate) start_value: String,
    /// The counts.
    pub(crate) counts: String,
}

impl Legend {
    fn new(heat: &HeatMap) -> Legend {
        let (varies, fixed) = (heat.vary.name(), heat.vary.fixed_name());
        let title = match heat.vary {
            Vary::Hero => {
                "Heat map: each cell is the escape of a hero starting there, \
                 against the dragon where it stands"
            }
            Vary::Dragon => {
                "Heat map: each cell is the hero's escape from its start \
                 when the dragon starts there"
            }
        };
        let start_value = match heat.start_value() {
            Some(value) if !heat.start_has_path => format!(
                "The map's own start: no path to the exit, even without the dragon ({value})."
            ),
            Some(value) => format!("The map's own start: {value}."),
            None => "The map's own start is not a position.".to_owned(),
        };
        let c = heat.counts;
        let escapes = match c.escapes {
            Some((low, high)) if low == high => format!(" in {}", plural(low, "move")),
            Some((low, high)) => format!(" in {low} to {high} moves"),
            None => String::new(),
        };
        let counts = format!(
            "{} of {}: {} escape{escapes}, {} caught, {} endless",
            plural(c.escaped + c.caught + c.endless, "start"),
            plural(c.cells, "free cell"),
            c.escaped,
            c.caught,
            c.endless
        );
        Legend {
            title: title.to_owned(),
            rules: format!("Rules: {}.", rules_phrase(heat.rules)),
            scale: "escape in moves",
            caught: "caught",
            endless: "endless: no escape, no capture",
            fixed: format!("the {fixed}, fixed"),
            start: format!("the {varies}'s own start"),
            start_value,
            counts,
        }
    }
}
