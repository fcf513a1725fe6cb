//! A heat map as a still GIF (feature `gif`; pure: the bytes are built
//! in memory).
//!
//! The cells are coloured as in the SVG picture (`svg.rs`): the escapes
//! on the scale in 224 steps, a caught hero's cells striped magenta, an
//! endless game's dotted grey; the walls, the exit and the pieces are
//! those of the animated GIF (`render/gif.rs`), the exit and the varying
//! piece small on their cells so that the cells' colours show. The legend
//! under the map is written in a small bitmap font (`font.rs`), in
//! capitals.

use std::borrow::Cow;

use super::{CAUGHT, CAUGHT_INK, Cell, ENDLESS, ENDLESS_INK, HeatMap, Rgb, font, wrap};
use crate::error::bytes;
use crate::puzzle::Pos;
use crate::render::gif::{FLOOR, MAX_SIDE, PALETTE, WALL, WHITE, paint};
use crate::render::map::Mark;
use crate::search::Value;

/// The palette's own entries, after the animated GIF's sixteen.
const CAUGHT_AT: u8 = 16;
const CAUGHT_INK_AT: u8 = 17;
const ENDLESS_AT: u8 = 18;
const ENDLESS_INK_AT: u8 = 19;
const TEXT: u8 = 20;
const GREY: u8 = 21;
/// The scale's colours: `LEVELS` of them from `SCALE_AT` on.
const SCALE_AT: u8 = 32;
const LEVELS: usize = 224;

/// The font's pixels, in picture pixels.
const FONT: usize = 2;
/// The margin, a line of text and the narrowest picture, in pixels.
const MARGIN: usize = 6;
const LINE: usize = font::HEIGHT * FONT + 8;
const MIN_WIDTH: usize = 640;
/// The colour bar's length and height, and a swatch's side.
const BAR: usize = 240;
const BAR_HEIGHT: usize = 14;
const SWATCH: usize = 18;
/// The exit and the varying piece are drawn this much of a cell.
const SMALL: (usize, usize) = (3, 5);

/// The palette: the animated GIF's, the caught and endless colours, the
/// text, then the scale.
fn palette() -> Vec<u8> {
    let mut palette = vec![0u8; 256 * 3];
    palette[..PALETTE.len()].copy_from_slice(&PALETTE);
    let mut set = |i: u8, Rgb(r, g, b): Rgb| {
        let at = usize::from(i) * 3;
        palette[at..at + 3].copy_from_slice(&[r, g, b]);
    };
    set(CAUGHT_AT, CAUGHT);
    set(CAUGHT_INK_AT, CAUGHT_INK);
    set(ENDLESS_AT, ENDLESS);
    set(ENDLESS_INK_AT, ENDLESS_INK);
    set(TEXT, Rgb(0x22, 0x22, 0x22));
    set(GREY, Rgb(0x44, 0x44, 0x44));
    for k in 0..LEVELS {
        set(
            SCALE_AT + k as u8,
            super::viridis(k as f64 / (LEVELS - 1) as f64),
        );
    }
    palette
}

/// The scale's entry at `place`, from 0 to 1.
fn level(place: f64) -> u8 {
    SCALE_AT + (place.clamp(0.0, 1.0) * (LEVELS - 1) as f64).round() as u8
}

/// The pixels of a picture, rows `width` wide.
struct Canvas {
    pixels: Vec<u8>,
    width: usize,
}

impl Canvas {
    fn rect(&mut self, (y, x): (usize, usize), (h, w): (usize, usize), colour: u8) {
        for row in y..y + h {
            self.pixels[row * self.width + x..row * self.width + x + w].fill(colour);
        }
    }

    /// A square of a value's fill: its colour on the scale, or the caught
    /// stripes or the endless dots, laid on the whole picture so that
    /// they run on from cell to cell.
    fn value(&mut self, (y, x): (usize, usize), side: usize, fill: Fill) {
        for row in y..y + side {
            for col in x..x + side {
                self.pixels[row * self.width + col] = match fill {
                    Fill::Colour(colour) => colour,
                    Fill::Caught if (row + col) / 3 % 2 == 0 => CAUGHT_INK_AT,
                    Fill::Caught => CAUGHT_AT,
                    Fill::Endless if row % 6 >= 2 && row % 6 < 4 && col % 6 >= 2 && col % 6 < 4 => {
                        ENDLESS_INK_AT
                    }
                    Fill::Endless => ENDLESS_AT,
                };
            }
        }
    }

    /// `mark` (a piece, the exit) over the square at (`y`, `x`), `size`
    /// pixels a side, centred in a square `side` pixels a side.
    fn piece(&mut self, (y, x): (usize, usize), side: usize, size: usize, mark: Mark) {
        let size = size.clamp(1, side);
        let mut piece = vec![FLOOR; size * size];
        paint(&mut piece, size, 0, 0, size, mark);
        let offset = (side - size) / 2;
        for dy in 0..size {
            for dx in 0..size {
                let colour = piece[dy * size + dx];
                if colour != FLOOR || size == side {
                    self.pixels[(y + offset + dy) * self.width + x + offset + dx] = colour;
                }
            }
        }
    }

    fn text(&mut self, at: (usize, usize), words: &str) {
        font::write(&mut self.pixels, self.width, at, FONT, TEXT, words);
    }
}

/// How a square of a value is filled.
#[derive(Clone, Copy)]
enum Fill {
    Colour(u8),
    Caught,
    Endless,
}

/// The mark of a piece.
fn mark(piece: &str) -> Mark {
    if piece == "hero" {
        Mark::Hero
    } else {
        Mark::Dragon
    }
}

impl HeatMap {
    /// The heat map as a still GIF, `cell` pixels a cell (at least 1),
    /// its legend under the map; making it may hold at most half of
    /// `max_memory` bytes.
    ///
    /// # Errors
    /// A sentence when the picture is larger than a GIF may be (65,535
    /// pixels a side), needs more than half of `max_memory`, or cannot be
    /// encoded.
    pub fn gif(&self, cell: usize, max_memory: usize) -> Result<Vec<u8>, String> {
        let cell = cell.max(1);
        let legend = self.legend();
        let (map_width, map_height) = (self.width * cell, self.height * cell);
        let width = map_width.max(MIN_WIDTH);
        let chars = (width - 2 * MARGIN) / font::advance(FONT);
        let title = wrap(&legend.title, chars);
        let rules = wrap(&legend.rules, chars);
        let mut counts = wrap(&legend.start_value, chars);
        counts.extend(wrap(&legend.counts, chars));
        let swatches = self.gif_swatches();
        let rows = swatch_rows(&swatches, width);
        let bar = 2 * LINE + BAR_HEIGHT;
        let height = map_height
            + MARGIN
            + (title.len() + rules.len() + counts.len()) * LINE
            + bar
            + rows.len() * (SWATCH + 8)
            + MARGIN;
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(format!(
                "a GIF is at most {MAX_SIDE} pixels a side; this one would be {width}x{height} \
                 (try a smaller --cell-size)"
            ));
        }
        // The pixels, and their encoding at worst as many bytes again.
        let needed = width.saturating_mul(height).saturating_mul(2);
        if needed > max_memory / 2 {
            return Err(format!(
                "the GIF would take about {}, more than half the memory budget of {} \
                 (see --max-memory, --cell-size)",
                bytes(needed),
                bytes(max_memory)
            ));
        }
        let mut canvas = Canvas {
            pixels: vec![WHITE; width * height],
            width,
        };
        self.gif_map(&mut canvas, cell);
        let mut y = map_height + MARGIN;
        for line in title.iter().chain(&rules) {
            canvas.text((y, MARGIN), line);
            y += LINE;
        }
        self.gif_bar(&mut canvas, y);
        y += bar;
        for row in &rows {
            let mut x = MARGIN;
            for (swatch, label) in row {
                match *swatch {
                    Swatch::Fill(fill) => canvas.value((y, x), SWATCH, fill),
                    Swatch::Mark(mark, scale) => {
                        canvas.rect((y, x), (SWATCH, SWATCH), FLOOR);
                        canvas.piece((y, x), SWATCH, SWATCH * scale.0 / scale.1, mark);
                    }
                }
                canvas.text(
                    (y + (SWATCH - font::HEIGHT * FONT) / 2, x + SWATCH + 6),
                    label,
                );
                x += swatch_width(label);
            }
            y += SWATCH + 8;
        }
        for line in &counts {
            canvas.text((y, MARGIN), line);
            y += LINE;
        }
        let failed = |e: ::gif::EncodingError| format!("cannot encode the GIF: {e}");
        let mut encoder = ::gif::Encoder::new(Vec::new(), width as u16, height as u16, &palette())
            .map_err(failed)?;
        encoder
            .write_frame(&::gif::Frame {
                width: width as u16,
                height: height as u16,
                buffer: Cow::Borrowed(&canvas.pixels),
                ..::gif::Frame::default()
            })
            .map_err(failed)?;
        encoder.into_inner().map_err(failed)
    }

    /// The map: walls, cells, the exit and the pieces.
    fn gif_map(&self, canvas: &mut Canvas, cell: usize) {
        let small = cell * SMALL.0 / SMALL.1;
        let scale = self.scale();
        for (row, cells) in self.rows().enumerate() {
            for (col, &c) in cells.iter().enumerate() {
                let at = (row * cell, col * cell);
                let value = match c {
                    Cell::Wall => {
                        canvas.rect(at, (cell, cell), WALL);
                        continue;
                    }
                    Cell::Fixed => {
                        canvas.piece(at, cell, cell, mark(self.vary.fixed_name()));
                        continue;
                    }
                    Cell::Start(value) => value,
                };
                let fill = match value {
                    Value::Escape { moves } => Fill::Colour(level(scale.place(moves))),
                    Value::Caught { .. } => Fill::Caught,
                    Value::Endless => Fill::Endless,
                };
                canvas.value(at, cell, fill);
                let pos = Pos::new(row, col);
                if pos == self.exit {
                    canvas.piece(at, cell, small, Mark::Exit);
                } else if pos == self.own_start() {
                    canvas.piece(at, cell, small, mark(self.vary.name()));
                }
            }
        }
    }

    /// The colour bar with its name and its ticks, from `y` down.
    fn gif_bar(&self, canvas: &mut Canvas, y: usize) {
        let label = self.legend().scale;
        canvas.text((y, MARGIN), label);
        let top = y + LINE;
        let Some(_) = self.counts.escapes else {
            canvas.text((top, MARGIN), "(no start escapes)");
            return;
        };
        let left = MARGIN + font::advance(FONT);
        let scale = self.scale();
        for dx in 0..BAR {
            // Escapes all of one length have one colour.
            let place = if scale.shortest == scale.longest {
                0.0
            } else {
                dx as f64 / (BAR - 1) as f64
            };
            canvas.rect((top, left + dx), (BAR_HEIGHT, 1), level(place));
        }
        let half = font::advance(FONT) / 2;
        for moves in scale.ticks() {
            let x = left + (scale.place(moves) * (BAR - 1) as f64).round() as usize;
            canvas.rect((top + BAR_HEIGHT, x), (4, 1), GREY);
            let number = moves.to_string();
            let from = x.saturating_sub(number.len() * half);
            canvas.text((top + BAR_HEIGHT + 6, from), &number);
        }
    }

    /// The swatches and what they mean.
    fn gif_swatches(&self) -> Vec<(Swatch, String)> {
        let legend = self.legend();
        let small = SMALL;
        vec![
            (Swatch::Fill(Fill::Caught), legend.caught.to_owned()),
            (Swatch::Fill(Fill::Endless), legend.endless.to_owned()),
            (Swatch::Mark(Mark::Wall, (1, 1)), "wall".to_owned()),
            (Swatch::Mark(Mark::Exit, small), "exit".to_owned()),
            (
                Swatch::Mark(mark(self.vary.fixed_name()), (1, 1)),
                legend.fixed,
            ),
            (Swatch::Mark(mark(self.vary.name()), small), legend.start),
        ]
    }
}

/// One entry of the swatches' rows.
#[derive(Clone, Copy)]
enum Swatch {
    Fill(Fill),
    /// A mark on a floor square, this fraction of its side.
    Mark(Mark, (usize, usize)),
}

/// How wide a swatch and its label are, in pixels.
fn swatch_width(label: &str) -> usize {
    SWATCH + 6 + label.len() * font::advance(FONT) + 18
}

/// The swatches in rows that fit `width`.
fn swatch_rows(swatches: &[(Swatch, String)], width: usize) -> Vec<Vec<(Swatch, &str)>> {
    let mut rows: Vec<Vec<(Swatch, &str)>> = Vec::new();
    let mut used = width;
    for (swatch, label) in swatches {
        if used + swatch_width(label) > width {
            rows.push(Vec::new());
            used = MARGIN;
        }
        used += swatch_width(label);
        if let Some(row) = rows.last_mut() {
            row.push((*swatch, label));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::super::Vary;
    use super::super::tests::heat;
    use super::*;

    /// Decodes a still GIF into its size and palette indices.
    fn picture(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).unwrap();
        let (w, h) = (decoder.width() as usize, decoder.height() as usize);
        let frame = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((frame.width as usize, frame.height as usize), (w, h));
        let pixels = frame.buffer.to_vec();
        assert!(decoder.read_next_frame().unwrap().is_none(), "one frame");
        (w, h, pixels)
    }

    /// Each cell has its value's colour at its corner, where no piece is
    /// drawn, and the legend is under the map.
    #[test]
    fn each_cell_has_its_colour() {
        let heat = heat("#######\n#H..#E#\n#.#.#.#\n#...D.#\n#######", Vary::Hero);
        let bytes = heat.gif(10, 1 << 30).unwrap();
        let (w, h, pixels) = picture(&bytes);
        assert_eq!(w, MIN_WIDTH);
        assert!(h > 5 * 10 + 4 * LINE, "{h}");
        let scale = heat.scale();
        for (row, cells) in heat.rows().enumerate() {
            for (col, &c) in cells.iter().enumerate() {
                let corner = pixels[row * 10 * w + col * 10 + 1];
                let expected = match c {
                    Cell::Wall => WALL,
                    Cell::Fixed => FLOOR,
                    Cell::Start(Value::Escape { moves }) => level(scale.place(moves)),
                    Cell::Start(Value::Caught { .. }) => CAUGHT_AT,
                    Cell::Start(Value::Endless) => ENDLESS_AT,
                };
                let expected = if matches!(c, Cell::Start(Value::Caught { .. })) {
                    [CAUGHT_AT, CAUGHT_INK_AT].contains(&corner)
                } else {
                    corner == expected
                };
                assert!(expected, "{row}, {col}: {corner}");
            }
        }
        // The legend's text.
        assert!(pixels[5 * 10 * w..].contains(&TEXT));
    }

    #[test]
    fn too_large_is_a_sentence() {
        let heat = heat("H.E..D", Vary::Dragon);
        let err = heat.gif(100, 64 << 10).unwrap_err();
        assert!(
            err.contains("more than half the memory budget of 64 KiB"),
            "{err}"
        );
        assert!(heat.gif(100, 1 << 30).is_ok());
    }
}
