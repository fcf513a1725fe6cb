//! A heat map as a picture (SVG, pure).
//!
//! The map is drawn as in the other pictures (`render/svg.rs`): brown
//! walls, in units of 24 a cell scaled to the cell size asked for. Each
//! free cell is one square of its value's colour, with the value as its
//! tooltip (`<title>`): the escape's colour on the scale, or a caught
//! hero's magenta stripes, or an endless game's grey dots. The exit is
//! drawn over its cell, small enough to leave its colour seen; the fixed
//! piece full size on the floor of its cell, which has no value; the
//! varying piece, small, on its own start. Under the map, in pixels: what
//! the cells show, the rules, the colour bar with its move counts, the
//! swatches and the counts.

use std::fmt::Write as _;

use super::{CAUGHT, CAUGHT_INK, Cell, ENDLESS, ENDLESS_INK, HeatMap, Rgb, viridis, wrap};
use crate::puzzle::Pos;
use crate::render::svg::{
    CHAR, FLOOR, LINE, Sprite, UNIT, WALL, escape, map_scale, num, open, runs,
};
use crate::search::Value;

/// The narrowest the picture may be, in pixels: the text under the map
/// is wrapped to the picture's width.
const MIN_WIDTH: usize = 480;
/// About the width of a character of the bold title, in pixels.
const BOLD: usize = 9;
/// The colour bar's length and height, in pixels.
const BAR: usize = 300;
const BAR_HEIGHT: usize = 14;
/// The sides of a swatch, in pixels.
const SWATCH: usize = 18;
/// How large the exit and the varying piece are drawn on their cells.
const SMALL: f64 = 0.6;

/// The fill of a value: a colour of the scale, or a pattern's reference.
fn fill(heat: &HeatMap, value: Value) -> String {
    match value {
        Value::Escape { moves } => heat.scale().color(moves).hex(),
        Value::Caught { .. } => "url(#caught)".to_owned(),
        Value::Endless => "url(#endless)".to_owned(),
    }
}

/// The sprite of a piece.
fn sprite(piece: &str) -> Sprite {
    if piece == "hero" {
        Sprite::Hero
    } else {
        Sprite::Dragon
    }
}

/// One entry of the swatches' rows.
enum Swatch {
    /// A square of this fill.
    Fill(String),
    /// A sprite on a floor square, at a scale.
    Sprite(Sprite, f64),
}

impl HeatMap {
    /// The heat map as an SVG document, `cell` pixels a cell (at least 1).
    pub fn svg(&self, cell: usize) -> String {
        let cell = cell.max(1);
        let legend = self.legend();
        let map_width = self.width * cell;
        let map_height = self.height * cell;
        let swatches = self.swatches();
        let width = map_width.max(MIN_WIDTH);
        let title = wrap(&legend.title, (width - 8) / BOLD);
        let rules = wrap(&legend.rules, (width - 8) / CHAR);
        let mut counts = wrap(&legend.start_value, (width - 8) / CHAR);
        counts.extend(wrap(&legend.counts, (width - 8) / CHAR));
        let rows = swatch_rows(&swatches, width);
        let bar_height = LINE + BAR_HEIGHT + 18;
        let lines = title.len() + rules.len() + counts.len();
        let footer = lines * LINE + 16 + bar_height + rows.len() * (SWATCH + 10) + 8;
        let height = map_height + footer;

        let mut out = String::new();
        open(&mut out, width, height, &legend.title);
        defs(&mut out);
        self.draw_map(&mut out, cell);

        let mut top = map_height + 8;
        for line in &title {
            text(&mut out, 4, top + LINE - 6, 14, "bold", line);
            top += LINE;
        }
        for line in &rules {
            text(&mut out, 4, top + LINE - 6, 13, "normal", line);
            top += LINE;
        }
        top += 8;
        self.bar(&mut out, top);
        top += bar_height;
        for row in &rows {
            let mut x = 4;
            for (swatch, label) in row {
                swatch_at(&mut out, swatch, x, top);
                text(
                    &mut out,
                    x + SWATCH + 6,
                    top + SWATCH - 4,
                    13,
                    "normal",
                    label,
                );
                x += swatch_width(label);
            }
            top += SWATCH + 10;
        }
        for line in &counts {
            text(&mut out, 4, top + LINE - 8, 13, "normal", line);
            top += LINE;
        }
        out.push_str("</svg>\n");
        out
    }

    /// The map: walls, one square a free cell with its tooltip, the exit
    /// and the pieces.
    fn draw_map(&self, out: &mut String, cell: usize) {
        let (w, h) = (self.width, self.height);
        let _ = writeln!(
            out,
            "<g transform=\"scale({})\" shape-rendering=\"crispEdges\">",
            map_scale(cell)
        );
        let walls = runs(w, h, &|p| self.cell(p) == Some(Cell::Wall));
        if !walls.is_empty() {
            let _ = writeln!(out, "<path fill=\"{WALL}\" d=\"{walls}\"/>");
        }
        for (row, cells) in self.rows().enumerate() {
            for (col, &c) in cells.iter().enumerate() {
                let pos = Pos::new(row, col);
                let (fill, title) = match c {
                    Cell::Wall => continue,
                    Cell::Fixed => (FLOOR.to_owned(), format!("the {}", self.vary.fixed_name())),
                    Cell::Start(value) => (fill(self, value), value.to_string()),
                };
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{fill}\">\
                     <title>{}: {}</title></rect>",
                    col * UNIT,
                    row * UNIT,
                    super::place(pos),
                    escape(&title)
                );
            }
        }
        let at = |out: &mut String, sprite: Sprite, p: Pos, scale: f64| {
            let half = (UNIT / 2) as f64;
            let (x, y) = ((p.col * UNIT) as f64 + half, (p.row * UNIT) as f64 + half);
            sprite.at(out, x, y, scale);
        };
        // The pieces take no pointer, so every cell keeps its tooltip.
        out.push_str("<g pointer-events=\"none\">\n");
        at(out, Sprite::Exit, self.exit, SMALL);
        at(out, sprite(self.vary.fixed_name()), self.fixed(), 1.0);
        at(out, sprite(self.vary.name()), self.own_start(), SMALL);
        out.push_str("</g>\n</g>\n");
    }

    /// The colour bar with its name and its ticks, from `top` down.
    fn bar(&self, out: &mut String, top: usize) {
        let label = self.legend().scale;
        text(out, 4, top + BAR_HEIGHT - 2, 13, "normal", label);
        let left = 4 + label.len() * CHAR + 12;
        let Some(_) = self.counts.escapes else {
            text(
                out,
                left,
                top + BAR_HEIGHT - 2,
                13,
                "normal",
                "(no start escapes)",
            );
            return;
        };
        let scale = self.scale();
        // Escapes all of one length have one colour.
        let fill = if scale.shortest == scale.longest {
            scale.color(scale.shortest).hex()
        } else {
            "url(#scale)".to_owned()
        };
        let _ = writeln!(
            out,
            "<rect x=\"{left}\" y=\"{top}\" width=\"{BAR}\" height=\"{BAR_HEIGHT}\" \
             fill=\"{fill}\" stroke=\"#444444\" stroke-width=\"0.5\"/>"
        );
        for moves in scale.ticks() {
            let x = left as f64 + scale.place(moves) * BAR as f64;
            let _ = writeln!(
                out,
                "<path d=\"M{} {}v5\" stroke=\"#444444\" stroke-width=\"1\"/>",
                num(x),
                top + BAR_HEIGHT
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" \
                 fill=\"#444444\" text-anchor=\"middle\">{moves}</text>",
                num(x),
                top + BAR_HEIGHT + 17
            );
        }
    }

    /// The swatches and what they mean.
    fn swatches(&self) -> Vec<(Swatch, String)> {
        let legend = self.legend();
        let mut swatches = vec![
            (
                Swatch::Fill("url(#caught)".into()),
                legend.caught.to_owned(),
            ),
            (
                Swatch::Fill("url(#endless)".into()),
                legend.endless.to_owned(),
            ),
        ];
        swatches.push((Swatch::Fill(WALL.to_owned()), "wall".to_owned()));
        swatches.push((Swatch::Sprite(Sprite::Exit, SMALL), "exit".to_owned()));
        swatches.push((
            Swatch::Sprite(sprite(self.vary.fixed_name()), 0.75),
            legend.fixed,
        ));
        swatches.push((
            Swatch::Sprite(sprite(self.vary.name()), SMALL),
            legend.start,
        ));
        swatches
    }
}

/// The patterns of the caught and endless cells, and the colour bar's
/// gradient.
fn defs(out: &mut String) {
    let hex = Rgb::hex;
    let _ = writeln!(
        out,
        "<defs>\n\
         <pattern id=\"caught\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" \
         patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"{}\"/>\
         <rect width=\"3\" height=\"8\" fill=\"{}\"/></pattern>\n\
         <pattern id=\"endless\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"8\" height=\"8\" fill=\"{}\"/>\
         <circle cx=\"4\" cy=\"4\" r=\"1.8\" fill=\"{}\"/></pattern>",
        hex(CAUGHT),
        hex(CAUGHT_INK),
        hex(ENDLESS),
        hex(ENDLESS_INK)
    );
    out.push_str("<linearGradient id=\"scale\">");
    for k in 0..=10 {
        let t = k as f64 / 10.0;
        let _ = write!(
            out,
            "<stop offset=\"{}\" stop-color=\"{}\"/>",
            num(t),
            viridis(t).hex()
        );
    }
    out.push_str("</linearGradient>\n</defs>\n");
}

/// A line of text whose baseline is at (`x`, `y`).
fn text(out: &mut String, x: usize, y: usize, size: usize, weight: &str, words: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"{size}\" \
         font-weight=\"{weight}\" fill=\"#222222\">{}</text>",
        escape(words)
    );
}

/// How wide a swatch and its label are, in pixels.
fn swatch_width(label: &str) -> usize {
    SWATCH + 6 + label.len() * CHAR + 18
}

/// The swatches in rows that fit `width`.
fn swatch_rows(swatches: &[(Swatch, String)], width: usize) -> Vec<Vec<(&Swatch, &str)>> {
    let mut rows: Vec<Vec<(&Swatch, &str)>> = Vec::new();
    let mut used = width;
    for (swatch, label) in swatches {
        if used + swatch_width(label) > width {
            rows.push(Vec::new());
            used = 4;
        }
        used += swatch_width(label);
        if let Some(row) = rows.last_mut() {
            row.push((swatch, label));
        }
    }
    rows
}

/// Draws a swatch with its top left corner at (`x`, `y`).
fn swatch_at(out: &mut String, swatch: &Swatch, x: usize, y: usize) {
    let fill = match swatch {
        Swatch::Fill(fill) => fill.as_str(),
        Swatch::Sprite(..) => FLOOR,
    };
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{SWATCH}\" height=\"{SWATCH}\" fill=\"{fill}\" \
         stroke=\"#444444\" stroke-width=\"0.5\"/>"
    );
    if let Swatch::Sprite(sprite, scale) = swatch {
        let centre = SWATCH as f64 / 2.0;
        let scale = scale * SWATCH as f64 / UNIT as f64;
        sprite.at(out, x as f64 + centre, y as f64 + centre, scale);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Vary;
    use super::super::tests::heat;
    use super::*;

    /// Every free cell is one square, its tooltip its value; the fixed
    /// piece's cell says whose it is.
    #[test]
    fn one_square_a_free_cell() {
        let heat = heat("H.E..D\n#.##.#\n#....#", Vary::Hero);
        let picture = heat.svg(24);
        assert_eq!(picture.matches("<title>row ").count(), 12, "{picture}");
        assert!(picture.contains("<title>row 0, col 0: an escape in 2 moves</title>"));
        assert!(picture.contains("<title>row 0, col 5: the dragon</title>"));
        assert!(picture.contains(">exit</text>"));
        assert!(picture.is_ascii());
    }

    #[test]
    fn the_swatches_wrap_to_the_width() {
        let heat = heat("H.E..D", Vary::Dragon);
        let swatches = heat.swatches();
        let rows = swatch_rows(&swatches, 300);
        assert!(rows.len() > 1);
        for row in &rows {
            let used: usize = 4 + row.iter().map(|(_, l)| swatch_width(l)).sum::<usize>();
            assert!(used <= 300 || row.len() == 1, "{used}");
        }
    }
}
