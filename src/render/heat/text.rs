//! A heat map as text for a terminal (pure).
//!
//! With colour, each cell is a block of its band's colour (the escapes in
//! at most ten bands, as the legend lists them), in true colour or the
//! nearest of xterm's 256; caught cells are magenta with `x` marks,
//! endless ones grey with `~`. Without colour, each escape is its band's
//! digit, a caught start the caught mark and an endless one the endless
//! mark (`X` and `~` in ASCII). Walls, the exit and the pieces are the
//! map's own symbols (`tile.rs`); emoji are two columns wide, so beside
//! them a cell is two columns (full-width digits without colour).

use std::fmt::Write as _;

use super::{CAUGHT, CAUGHT_INK, Cell, ENDLESS, ENDLESS_INK, FLOOR, HeatMap, Rgb, WALL};
use crate::puzzle::Pos;
use crate::render::map::RESET;
use crate::search::Value;
use crate::tile::{CAUGHT_ASCII, CAUGHT_EMOJI, ENDLESS_ASCII, ENDLESS_EMOJI, Tile};

/// Which colours a terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Colors {
    /// None: digits by band.
    #[default]
    Off,
    /// The 256 colours of xterm.
    Palette256,
    /// Any colour (24-bit).
    TrueColor,
}

impl Colors {
    /// The control sequence that sets the background (`ground` 48) or the
    /// foreground (38) to `rgb`.
    fn set(self, ground: u8, rgb: Rgb) -> String {
        match self {
            Colors::Off => String::new(),
            Colors::Palette256 => format!("\x1b[{ground};5;{}m", xterm(rgb)),
            Colors::TrueColor => format!("\x1b[{ground};2;{};{};{}m", rgb.0, rgb.1, rgb.2),
        }
    }
}

/// The colour of xterm's 256 nearest `rgb`: of its 6x6x6 cube or its 24
/// greys.
pub(crate) fn xterm(rgb: Rgb) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let nearest = |c: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(c)).abs())
            .unwrap_or(0)
    };
    let distance = |a: Rgb| {
        let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2);
        d(a.0, rgb.0) + d(a.1, rgb.1) + d(a.2, rgb.2)
    };
    let (r, g, b) = (nearest(rgb.0), nearest(rgb.1), nearest(rgb.2));
    let cube = Rgb(LEVELS[r], LEVELS[g], LEVELS[b]);
    let mean = (u32::from(rgb.0) + u32::from(rgb.1) + u32::from(rgb.2)) / 3;
    let grey = (mean.saturating_sub(3) / 10).min(23) as u8;
    let level = 8 + 10 * grey;
    if distance(Rgb(level, level, level)) < distance(cube) {
        232 + grey
    } else {
        16 + 36 * r as u8 + 6 * g as u8 + b as u8
    }
}

/// Black or white, whichever reads better on `background`.
fn ink(background: Rgb) -> Rgb {
    let luma = 299 * u32::from(background.0)
        + 587 * u32::from(background.1)
        + 114 * u32::from(background.2);
    if luma > 128_000 {
        Rgb(0, 0, 0)
    } else {
        Rgb(255, 255, 255)
    }
}

/// How one cell is drawn: its background, if coloured, and its text.
struct Drawn {
    background: Option<Rgb>,
    ink: Option<Rgb>,
    text: String,
}

impl HeatMap {
    /// The heat map for a terminal, its legend under it: in ASCII or with
    /// emoji, in `colors`.
    pub fn text(&self, ascii: bool, colors: Colors) -> String {
        let style = Style {
            ascii,
            colors,
            color: colors != Colors::Off,
        };
        let mut out = String::new();
        for (row, cells) in self.rows().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                paint(
                    &mut out,
                    &self.draw(Pos::new(row, col), cell, style),
                    colors,
                );
            }
            out.push('\n');
        }
        self.key(&mut out, style);
        out
    }

    /// How the cell `cell` at `pos` is drawn: the exit and the varying
    /// piece's own start show their symbols over their cells' colours.
    fn draw(&self, pos: Pos, cell: Cell, style: Style) -> Drawn {
        match cell {
            Cell::Start(value) if pos == self.exit => {
                style.piece(Tile::Exit, self.background(value))
            }
            Cell::Start(value) if pos == self.own_start() => {
                style.piece(self.varying_tile(), self.background(value))
            }
            _ => self.look(cell, style),
        }
    }

    /// How a cell holding `cell` looks, with no piece on it.
    fn look(&self, cell: Cell, style: Style) -> Drawn {
        let value = match cell {
            Cell::Wall if style.color => return style.block(WALL),
            Cell::Wall => return style.piece(Tile::Wall, WALL),
            Cell::Fixed => return style.piece(self.fixed_tile(), FLOOR),
            Cell::Start(value) => value,
        };
        if style.color {
            let (ink, mark) = match value {
                Value::Escape { .. } => return style.block(self.background(value)),
                Value::Caught { .. } => (CAUGHT_INK, 'x'),
                Value::Endless => (ENDLESS_INK, ENDLESS_ASCII),
            };
            let width = if style.ascii { 1 } else { 2 };
            return Drawn {
                background: Some(self.background(value)),
                ink: Some(ink),
                text: mark.to_string().repeat(width),
            };
        }
        let text = match (value, style.ascii) {
            (Value::Escape { moves }, _) => style.digit(self.scale().band(moves)),
            (Value::Caught { .. }, true) => CAUGHT_ASCII.to_string(),
            (Value::Caught { .. }, false) => CAUGHT_EMOJI.to_owned(),
            (Value::Endless, true) => ENDLESS_ASCII.to_string(),
            (Value::Endless, false) => ENDLESS_EMOJI.to_owned(),
        };
        Drawn {
            background: None,
            ink: None,
            text,
        }
    }

    /// The background of a start of `value`: its band's colour, or the
    /// caught or endless colour.
    fn background(&self, value: Value) -> Rgb {
        match value {
            Value::Escape { moves } => {
                let scale = self.scale();
                scale.band_color(scale.band(moves))
            }
            Value::Caught { .. } => CAUGHT,
            Value::Endless => ENDLESS,
        }
    }

    fn fixed_tile(&self) -> Tile {
        piece_tile(self.vary.fixed_name())
    }

    fn varying_tile(&self) -> Tile {
        piece_tile(self.vary.name())
    }

    /// The legend, under the map.
    fn key(&self, out: &mut String, style: Style) {
        let legend = self.legend();
        let _ = writeln!(out, "{}", legend.title);
        let _ = writeln!(out, "{}", legend.rules);
        let _ = write!(out, "{}:", legend.scale);
        if self.counts.escapes.is_none() {
            out.push_str(" (no start escapes)");
        } else {
            let scale = self.scale();
            for (k, (low, high)) in scale.bands().into_iter().enumerate() {
                out.push(' ');
                let swatch = if style.color {
                    style.block(scale.band_color(k))
                } else {
                    Drawn {
                        background: None,
                        ink: None,
                        text: style.digit(k),
                    }
                };
                paint(out, &swatch, style.colors);
                if low == high {
                    let _ = write!(out, " {low} ");
                } else {
                    let _ = write!(out, " {low}-{high} ");
                }
            }
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
        let line = |out: &mut String, entries: &[(Drawn, &str)]| {
            for (i, (drawn, label)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str("   ");
                }
                paint(out, drawn, style.colors);
                let _ = write!(out, " {label}");
            }
            out.push('\n');
        };
        line(
            out,
            &[
                (
                    self.look(Cell::Start(Value::Caught { moves: 0 }), style),
                    legend.caught,
                ),
                (
                    self.look(Cell::Start(Value::Endless), style),
                    legend.endless,
                ),
                (self.look(Cell::Wall, style), "wall"),
                (style.piece(Tile::Exit, FLOOR), "exit"),
            ],
        );
        line(
            out,
            &[
                (self.look(Cell::Fixed, style), &legend.fixed),
                (style.piece(self.varying_tile(), FLOOR), &legend.start),
            ],
        );
        let _ = writeln!(out, "{}", legend.start_value);
        let _ = writeln!(out, "{}", legend.counts);
    }
}

/// How the text is drawn: the symbols' spelling and the colours.
#[derive(Clone, Copy)]
struct Style {
    ascii: bool,
    colors: Colors,
    /// Whether there are colours at all.
    color: bool,
}

impl Style {
    /// A map symbol on `background` (in colour).
    fn piece(self, tile: Tile, background: Rgb) -> Drawn {
        Drawn {
            background: self.color.then_some(background),
            ink: (self.color && self.ascii).then(|| ink(background)),
            text: if self.ascii {
                tile.ascii().to_string()
            } else {
                tile.emoji().to_owned()
            },
        }
    }

    /// A cell's width of `background`.
    fn block(self, background: Rgb) -> Drawn {
        Drawn {
            background: Some(background),
            ink: None,
            text: if self.ascii { " " } else { "  " }.to_owned(),
        }
    }

    /// The digit of band `k` (there are at most ten), beside emoji in its
    /// full-width form, two columns wide.
    fn digit(self, k: usize) -> String {
        let digit = k.min(9) as u32;
        match char::from_digit(digit, 10) {
            Some(c) if self.ascii => c.to_string(),
            _ => char::from_u32(0xFF10 + digit).map_or_else(String::new, String::from),
        }
    }
}

/// The map tile of a piece.
fn piece_tile(piece: &str) -> Tile {
    if piece == "hero" {
        Tile::Hero
    } else {
        Tile::Dragon
    }
}

/// Appends `drawn` to `out` in `colors`.
fn paint(out: &mut String, drawn: &Drawn, colors: Colors) {
    let mut painted = false;
    if let Some(background) = drawn.background {
        out.push_str(&colors.set(48, background));
        painted = colors != Colors::Off;
    }
    if let Some(ink) = drawn.ink {
        out.push_str(&colors.set(38, ink));
        painted = colors != Colors::Off;
    }
    out.push_str(&drawn.text);
    if painted {
        out.push_str(RESET);
    }
}
