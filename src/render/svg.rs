//! A picture of the map with the hero's and the dragon's routes (pure SVG).
//!
//! Everything is drawn with shapes, never with text symbols, so every
//! viewer shows the same picture whatever fonts it has: walls are brown
//! squares on a light green floor; the hero is a blue disc with a white
//! figure, the dragon an orange spiky star, the exit a white door with an
//! arrow, and where the hero is caught a yellow burst is drawn under it.
//! The hero's route is a solid blue line from its start to where the line
//! ends, the dragon's a dashed orange line; a dot marks where each ends,
//! and a white ring marks each cell where the hero steps straight back.
//! The two lines are drawn slightly apart so that both stay visible where
//! they share a corridor. When there is no path, the cells the hero could
//! reach are shaded blue. Under the map, the result and a legend. With the
//! rule variants, every dragon is drawn at its start with its route; keys
//! are yellow keys, doors brown doors, drawn open (a dashed frame, the
//! leaf swung in) when the line opens them.
//!
//! The colours come from a palette that people with the common forms of
//! colour blindness tell apart (blue and orange), and the pieces differ in
//! shape as well. The map is drawn in units of 24 per cell and scaled to
//! the cell size asked for ([`SvgOptions::cell`]); the text under it is not
//! scaled. The same picture is the background of the animation
//! ([`animate`](super::animate)).

use std::fmt::Write as _;

use crate::graph::{Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
use crate::render::film::result_sentence;

use crate::search::solution::{Ending, Outcome, Solution};

/// The side of a cell in the map's own units (scaled to [`SvgOptions::cell`]).
pub(crate) const UNIT: usize = 24;
/// The height of one line of text under the map, in pixels.
pub(crate) const LINE: usize = 22;
/// About the width of one caption character, in pixels.
pub(crate) const CHAR: usize = 7;
/// The narrowest the text under the map may be, in pixels.
const MIN_TEXT_WIDTH: usize = 360;

pub(crate) const FLOOR: &str = "#d8eccf";
pub(crate) const WALL: &str = "#7b5a43";
const REACH: &str = "#9cc3f5";
/// Blue and orange (vermillion) from a palette safe for colour blindness.
pub(crate) const HERO: &str = "#0072b2";
pub(crate) const DRAGON: &str = "#d55e00";

/// The largest map area, in pixels, of a picture whose cell size is not
/// given: with the result and the legend under it, the whole picture fits
/// a 1920x1080 screen, so a viewer shows it at its own size, legend
/// readable, instead of shrinking it to fit.
pub const SCREEN_MAP: (usize, usize) = (1600, 1000);

/// The largest default cell, in pixels (a small map is not blown up).
pub const LARGEST_CELL: usize = 24;

/// The side of a cell, in pixels, at which a `width` x `height` map fits
/// [`SCREEN_MAP`]: at most [`LARGEST_CELL`], and at least 1 (a map wider
/// than 1600 or taller than 1000 cells is one pixel a cell, larger than
/// the screen).
///
/// ```
/// use dragon_escape::render::svg::screen_cell;
/// assert_eq!(screen_cell(41, 41), 24);
/// assert_eq!(screen_cell(201, 201), 4);
/// assert_eq!(screen_cell(1001, 1001), 1);
/// ```
pub fn screen_cell(width: usize, height: usize) -> usize {
    let (w, h) = SCREEN_MAP;
    (w / width.max(1))
        .min(h / height.max(1))
        .clamp(1, LARGEST_CELL)
}

/// The smallest cell, in pixels, a piece is drawn for: in smaller cells the
/// hero, the dragons, the exit, keys and doors are drawn as in a cell this
/// large (a hero of about 13 pixels), on a halo, so they stay visible at
/// any scale.
pub const PIECE_CELL: f64 = 16.0;

/// The narrowest the hero's route is drawn, in pixels (the dragon's is
/// three fifths of it); a picture wider than 1000 pixels draws it at least
/// a 500th of its larger side.
pub const ROUTE_WIDTH: f64 = 2.0;

/// How much larger than its cell a piece is drawn in cells of `cell`
/// pixels (1 from [`PIECE_CELL`] up).
pub(crate) fn piece_scale(cell: usize) -> f64 {
    (PIECE_CELL / cell.max(1) as f64).max(1.0)
}

/// How much wider than at 24 pixels a cell the routes (their strokes,
/// dashes, end dots and the back-step rings) are drawn in cells of `cell`
/// pixels on a map of `side` cells at its larger side, so that the hero's
/// is at least [`ROUTE_WIDTH`] pixels wide, or a 500th of the picture.
pub(crate) fn route_scale(cell: usize, side: usize) -> f64 {
    let cell = cell.max(1) as f64;
    let least = ROUTE_WIDTH.max(side as f64 * cell / 500.0);
    // The hero's route is 5 units wide, a cell 24.
    (least / (5.0 * cell / UNIT as f64)).max(1.0)
}

/// How to draw a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// The side of a cell, in pixels (at least 1).
    pub cell: usize,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions { cell: 24 }
    }
}

/// The pieces and marks drawn as shapes, each centred on (0, 0) in a cell
/// of [`UNIT`] units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sprite {
    Hero,
    Dragon,
    Exit,
    Caught,
    BackStep,
    /// A key not yet taken (docs/RULES.md, "Keys and doors").
    Key,
    /// A closed door.
    Door,
    /// A door the hero has opened.
    OpenDoor,
}

impl Sprite {
    /// The shape's markup.
    pub(crate) fn shape(self) -> &'static str {
        match self {
            Sprite::Hero => concat!(
                "<circle r=\"10\" fill=\"#0072b2\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                "<circle cy=\"-5\" r=\"2.3\" fill=\"#ffffff\"/>",
                "<path d=\"M0 -2.5V3.5M-4.5 0.5H4.5M0 3.5L-3.5 8M0 3.5L3.5 8\" fill=\"none\" ",
                "stroke=\"#ffffff\" stroke-width=\"1.8\" stroke-linecap=\"round\"/>"
            ),
            Sprite::Dragon => concat!(
                "<polygon points=\"0,-11 3,-5 10,-8 6,-1 11,6 3,4 0,11 -3,4 -11,6 -6,-1 -10,-8 -3,-5\" ",
                "fill=\"#d55e00\" stroke=\"#4a1a00\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>",
                "<circle cx=\"-2.5\" cy=\"-1\" r=\"1.5\" fill=\"#ffffff\"/>",
                "<circle cx=\"2.5\" cy=\"-1\" r=\"1.5\" fill=\"#ffffff\"/>"
            ),
            Sprite::Exit => concat!(
                "<rect x=\"-8\" y=\"-10.5\" width=\"16\" height=\"21\" fill=\"#ffffff\" ",
                "stroke=\"#1a1a1a\" stroke-width=\"2.5\"/>",
                "<path d=\"M-5 0H4M0.5 -4L4.5 0L0.5 4\" fill=\"none\" stroke=\"#1a1a1a\" ",
                "stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            ),
            Sprite::Caught => concat!(
                "<polygon points=\"0,-12.5 2.7,-6.5 8.8,-8.8 6.5,-2.7 12.5,0 6.5,2.7 8.8,8.8 ",
                "2.7,6.5 0,12.5 -2.7,6.5 -8.8,8.8 -6.5,2.7 -12.5,0 -6.5,-2.7 -8.8,-8.8 -2.7,-6.5\" ",
                "fill=\"#f0e442\" stroke=\"#1a1a1a\" stroke-width=\"1\" stroke-linejoin=\"round\"/>"
            ),
            Sprite::BackStep => {
                "<circle r=\"4.5\" fill=\"#ffffff\" stroke=\"#0072b2\" stroke-width=\"2.5\"/>"
            }
            Sprite::Key => concat!(
                "<circle cx=\"-4.5\" r=\"4.5\" fill=\"none\" stroke=\"#1a1a1a\" stroke-width=\"4.5\"/>",
                "<circle cx=\"-4.5\" r=\"4.5\" fill=\"none\" stroke=\"#f0e442\" stroke-width=\"2.5\"/>",
                "<path d=\"M0 0H10M7 0V4.5M10 0V3.5\" fill=\"none\" stroke=\"#1a1a1a\" ",
                "stroke-width=\"4.5\" stroke-linecap=\"round\"/>",
                "<path d=\"M0 0H10M7 0V4.5M10 0V3.5\" fill=\"none\" stroke=\"#f0e442\" ",
                "stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
            ),
            Sprite::Door => concat!(
                "<rect x=\"-9\" y=\"-11\" width=\"18\" height=\"22\" fill=\"#a0522d\" ",
                "stroke=\"#3b2410\" stroke-width=\"2\"/>",
                "<path d=\"M-4.5 -11V11M0 -11V11M4.5 -11V11\" stroke=\"#3b2410\" stroke-width=\"0.8\"/>",
                "<circle cx=\"5\" cy=\"1\" r=\"1.8\" fill=\"#f0e442\" stroke=\"#1a1a1a\" stroke-width=\"0.6\"/>"
            ),
            Sprite::OpenDoor => concat!(
                "<rect x=\"-9\" y=\"-11\" width=\"18\" height=\"22\" fill=\"none\" ",
                "stroke=\"#3b2410\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
                "<path d=\"M-9 -11L-3 -8V8L-9 11Z\" fill=\"#a0522d\" stroke=\"#3b2410\" ",
                "stroke-width=\"1.2\" stroke-linejoin=\"round\"/>"
            ),
        }
    }

    /// The halo drawn under a piece enlarged past its cell: a pale disc
    /// ringed in the piece's colour, which clears the walls around it.
    pub(crate) fn halo(self) -> &'static str {
        match self {
            Sprite::Hero => {
                "<circle r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"#0072b2\" stroke-width=\"2.5\"/>"
            }
            Sprite::Dragon => {
                "<circle r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"#d55e00\" stroke-width=\"2.5\"/>"
            }
            Sprite::Key | Sprite::Caught => {
                "<circle r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"#1a1a1a\" stroke-width=\"1.5\"/>"
            }
            Sprite::Exit | Sprite::Door | Sprite::OpenDoor | Sprite::BackStep => {
                "<circle r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"#1a1a1a\" stroke-width=\"2.5\"/>"
            }
        }
    }

    /// The shape as a piece on a map of `cell` pixels a cell, centred on
    /// `(x, y)`: enlarged on its halo in cells smaller than
    /// [`PIECE_CELL`], and then by `scale` (1 for a whole cell).
    pub(crate) fn piece(self, out: &mut String, x: f64, y: f64, cell: usize, scale: f64) {
        let grown = piece_scale(cell);
        if grown > 1.0 {
            let _ = writeln!(
                out,
                "<g transform=\"translate({} {}) scale({})\">{}{}</g>",
                num(x),
                num(y),
                num_to(grown * scale, 4),
                self.halo(),
                self.shape()
            );
        } else {
            self.at(out, x, y, scale);
        }
    }

    /// The shape, scaled by `scale` (1 for a whole cell), centred on `(x, y)`.
    pub(crate) fn at(self, out: &mut String, x: f64, y: f64, scale: f64) {
        let _ = write!(out, "<g transform=\"translate({} {})", num(x), num(y));
        if scale != 1.0 {
            let _ = write!(out, " scale({})", num(scale));
        }
        let _ = writeln!(out, "\">{}</g>", self.shape());
    }
}

/// `x` with at most two decimals and no trailing zeros (`12`, `3.5`).
pub(crate) fn num(x: f64) -> String {
    num_to(x, 2)
}

/// `x` rounded up to two decimals, no trailing zeros: a width that must be
/// at least `x`.
pub(crate) fn num_up(x: f64) -> String {
    num((x * 100.0).ceil() / 100.0)
}

/// `x` with at most `places` decimals and no trailing zeros.
fn num_to(x: f64, places: usize) -> String {
    let text = format!("{x:.places$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// The centre of a cell in map units, shifted by `offset` units on both axes.
pub(crate) fn centre(p: Pos, offset: isize) -> (isize, isize) {
    let half = (UNIT / 2) as isize;
    (
        (p.col * UNIT) as isize + half + offset,
        (p.row * UNIT) as isize + half + offset,
    )
}

/// An entry of the legend: a sprite or a line sample, and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    Sprite(Sprite, &'static str),
    Line(&'static str, &'static str, &'static str),
    Area(&'static str, &'static str),
}

impl Key {
    fn label(self) -> &'static str {
        match self {
            Key::Sprite(_, label) | Key::Line(_, _, label) | Key::Area(_, label) => label,
        }
    }

    fn width(self) -> usize {
        UNIT + 6 + self.label().len() * CHAR + 18
    }
}

/// The legend's entries for `solution`.
pub(crate) fn keys(solution: &Solution, back_steps: bool, caught: bool) -> Vec<Key> {
    let mut keys = vec![
        Key::Sprite(Sprite::Hero, "hero"),
        Key::Sprite(Sprite::Dragon, "dragon"),
        Key::Sprite(Sprite::Exit, "exit"),
    ];
    if solution.outcome == Outcome::NoPath {
        keys.push(Key::Area(REACH, "cells the hero can reach"));
        return keys;
    }
    keys.push(Key::Line(HERO, "stroke-width=\"5\"", "hero's route"));
    keys.push(Key::Line(
        DRAGON,
        "stroke-width=\"3\" stroke-dasharray=\"6 4\"",
        "dragon's route",
    ));
    if back_steps {
        keys.push(Key::Sprite(Sprite::BackStep, "hero steps straight back"));
    }
    if caught {
        keys.push(Key::Sprite(Sprite::Caught, "caught"));
    }
    keys
}

/// The legend's entries for the rule variants' pieces of `puzzle`: none
/// in the official game; `key` and `door` when the map has them, and
/// `opened door` when the line opens one.
pub(crate) fn variant_keys(puzzle: &Puzzle, solution: &Solution) -> Vec<Key> {
    let mut keys = Vec::new();
    if !puzzle.keys().is_empty() {
        keys.push(Key::Sprite(Sprite::Key, "key"));
    }
    if !puzzle.doors().is_empty() {
        keys.push(Key::Sprite(Sprite::Door, "door"));
        if solution.pieces_after(solution.turns.len()).locks.opened != 0 {
            keys.push(Key::Sprite(Sprite::OpenDoor, "opened door"));
        }
    }
    keys
}

/// Each other dragon's cells (its start first), in row-major order of the
/// start: the `k`th other dragon of each turn, up to the turn where it has
/// met another (the list is shorter then).
pub(crate) fn other_routes(solution: &Solution) -> Vec<Vec<Pos>> {
    (0..solution.others.len())
        .map(|k| {
            (0..=solution.turns.len())
                .map_while(|i| solution.pieces_after(i).others.iter().nth(k))
                .collect()
        })
        .collect()
}

/// How the text under the map is laid out: the width of the picture and the
/// rows of the legend.
pub(crate) struct Footer {
    pub(crate) width: usize,
    pub(crate) height: usize,
    rows: Vec<Vec<Key>>,
    pub(crate) summary: String,
}

impl Footer {
    /// The result sentence and the legend under a map `map_width` pixels wide.
    pub(crate) fn new(summary: String, keys: Vec<Key>, map_width: usize) -> Footer {
        let width = map_width
            .max(MIN_TEXT_WIDTH)
            .max(summary.chars().count() * CHAR + 8);
        let mut rows: Vec<Vec<Key>> = Vec::new();
        let mut used = width;
        for key in keys {
            if used + key.width() > width {
                rows.push(Vec::new());
                used = 4;
            }
            used += key.width();
            if let Some(row) = rows.last_mut() {
                row.push(key);
            }
        }
        let height = LINE + 8 + rows.len() * (UNIT + 6) + 4;
        Footer {
            width,
            height,
            rows,
            summary,
        }
    }

    /// Draws the result and the legend from `top` down.
    pub(crate) fn draw(&self, out: &mut String, top: usize) {
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" fill=\"#222222\">{}</text>",
            top + LINE - 4,
            escape(&self.summary)
        );
        for (r, row) in self.rows.iter().enumerate() {
            let y = top + LINE + 8 + r * (UNIT + 6);
            let mid = (y + UNIT / 2) as f64;
            let mut x = 4;
            for key in row {
                match *key {
                    Key::Sprite(sprite, _) => sprite.at(out, (x + UNIT / 2) as f64, mid, 1.0),
                    Key::Line(color, stroke, _) => {
                        let _ = writeln!(
                            out,
                            "<path d=\"M{} {}h{}\" stroke=\"{color}\" {stroke} stroke-linecap=\"round\"/>",
                            x + 2,
                            num(mid),
                            UNIT - 4
                        );
                    }
                    Key::Area(color, _) => {
                        let _ = writeln!(
                            out,
                            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{color}\"/>",
                            x + 2,
                            y + 2,
                            UNIT - 4,
                            UNIT - 4
                        );
                    }
                }
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#444444\">{}</text>",
                    x + UNIT + 6,
                    y + UNIT / 2 + 5,
                    escape(key.label())
                );
                x += key.width();
            }
        }
    }
}

/// Opens the document: the root element, its title and a white page.
pub(crate) fn open(out: &mut String, width: usize, height: usize, title: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{}\">",
        escape(title)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
}

/// The scale from map units to `cell` pixels a cell, precise enough that a
/// map 10000 cells wide is its stated size give or take a hundredth of a
/// pixel (two decimals would draw a cell of 3 pixels 3.12 wide, a wide map
/// past the picture's edge and a tall one over the text under it).
pub(crate) fn map_scale(cell: usize) -> String {
    num_to(cell as f64 / UNIT as f64, 8)
}

/// Opens the map: a group in map units scaled to `cell` pixels a cell,
/// with the floor and the walls (each run of wall tiles in a row as one
/// rectangle) and, if given, shaded cells. Close it with `</g>`. (A group,
/// not a nested `<svg>`: some browsers give a nested one a clock of its
/// own, and the animation needs one clock.)
pub(crate) fn open_map(out: &mut String, puzzle: &Puzzle, cell: usize, shaded: Option<&[bool]>) {
    let (w, h) = (puzzle.width(), puzzle.height());
    let _ = writeln!(
        out,
        "<g transform=\"scale({})\" shape-rendering=\"crispEdges\">",
        map_scale(cell)
    );
    let _ = writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"{FLOOR}\"/>",
        w * UNIT,
        h * UNIT
    );
    let walls = runs(w, h, &|p| !puzzle.is_free(p));
    if !walls.is_empty() {
        let _ = writeln!(out, "<path fill=\"{WALL}\" d=\"{walls}\"/>");
    }
    if let Some(shaded) = shaded {
        let cells = runs(w, h, &|p| shaded[p.row * w + p.col]);
        if !cells.is_empty() {
            let _ = writeln!(out, "<path fill=\"{REACH}\" d=\"{cells}\"/>");
        }
    }
}

/// The path, in map units, of the cells of a `w` x `h` map that `keep`
/// picks: each run of them in a row as one rectangle.
pub(crate) fn runs(w: usize, h: usize, keep: &dyn Fn(Pos) -> bool) -> String {
    let mut d = String::new();
    for row in 0..h {
        let mut col = 0;
        while col < w {
            if !keep(Pos::new(row, col)) {
                col += 1;
                continue;
            }
            let first = col;
            while col < w && keep(Pos::new(row, col)) {
                col += 1;
            }
            let _ = write!(
                d,
                "M{} {}h{}v{UNIT}h-{}z",
                first * UNIT,
                row * UNIT,
                (col - first) * UNIT,
                (col - first) * UNIT
            );
        }
    }
    d
}

/// The cells the hero passes (its start first), and the dragon's.
pub(crate) fn routes(solution: &Solution) -> (Vec<Pos>, Vec<Pos>) {
    let hero = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    let dragon = std::iter::once(solution.dragon)
        .chain(solution.turns.iter().map(|t| t.dragon))
        .collect();
    (hero, dragon)
}

/// The cells where the hero turns straight back: it came from the cell it
/// steps onto next.
pub(crate) fn back_steps(route: &[Pos]) -> Vec<Pos> {
    route
        .windows(3)
        .filter(|w| w[0] == w[2] && w[0] != w[1])
        .map(|w| w[1])
        .collect()
}

/// The points of a route shifted by `offset` units (`x,y x,y …`), cells
/// repeated in a row (a sleeping dragon) once.
pub(crate) fn points(cells: &[Pos], offset: isize) -> String {
    let mut list = String::new();
    let mut last = None;
    for &p in cells {
        if last == Some(p) {
            continue;
        }
        last = Some(p);
        let (x, y) = centre(p, offset);
        if !list.is_empty() {
            list.push(' ');
        }
        let _ = write!(list, "{x},{y}");
    }
    list
}

/// The SVG document for `solution` on `puzzle` (see the module docs), at 24
/// pixels a cell.
///
/// ```
/// use dragon_escape::{render::svg::svg, solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let picture = svg(&puzzle, &solve(&puzzle, &Options::default())?);
/// assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(picture.contains("The shortest path is 2 steps."));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    svg_with(puzzle, solution, SvgOptions::default())
}

/// The SVG document for `solution` on `puzzle`, drawn as `options` say.
pub fn svg_with(puzzle: &Puzzle, solution: &Solution, options: SvgOptions) -> String {
    let cell = options.cell.max(1);
    let (w, h) = (puzzle.width() * cell, puzzle.height() * cell);
    let (hero_route, dragon_route) = routes(solution);
    let hero_end = *hero_route.last().unwrap_or(&solution.hero);
    let caught = solution.outcome
        == Outcome::Caught {
            line: Ending::Stuck,
        };
    let turns = back_steps(&hero_route);
    let mut legend = keys(solution, !turns.is_empty(), caught);
    legend.extend(variant_keys(puzzle, solution));
    let footer = Footer::new(result_sentence(solution, caught), legend, w);
    let (width, height) = (footer.width, h + footer.height);

    let mut out = String::new();
    open(&mut out, width, height, &footer.summary);
    let shaded = (solution.outcome == Outcome::NoPath).then(|| reachable(puzzle, solution.hero));
    open_map(&mut out, puzzle, cell, shaded.as_deref());
    let at = |out: &mut String, sprite: Sprite, p: Pos, scale: f64| {
        let (x, y) = centre(p, 0);
        sprite.piece(out, x as f64, y as f64, cell, scale);
    };
    // Routes stay visible at any scale: wider, and further apart.
    let wide = route_scale(cell, puzzle.width().max(puzzle.height()));
    let apart = (3.0 * wide).round() as isize;
    at(&mut out, Sprite::Exit, solution.exit, 1.0);
    // The doors as the line leaves them; the keys, as at the start, over
    // the routes.
    let locks = solution.pieces_after(solution.turns.len()).locks;
    for (i, &p) in puzzle.doors().iter().enumerate() {
        let sprite = if locks.is_open(i) {
            Sprite::OpenDoor
        } else {
            Sprite::Door
        };
        at(&mut out, sprite, p, 1.0);
    }
    let others = other_routes(solution);
    for cells in std::iter::once(&dragon_route).chain(&others) {
        let stroke = format!(
            "stroke-width=\"{}\" stroke-dasharray=\"{} {}\"",
            num_up(3.0 * wide),
            num(6.0 * wide),
            num(4.0 * wide)
        );
        route(&mut out, cells, apart, DRAGON, &stroke, wide);
    }
    let stroke = format!(
        "stroke-width=\"{}\" stroke-opacity=\"0.85\"",
        num_up(5.0 * wide)
    );
    route(&mut out, &hero_route, -apart, HERO, &stroke, wide);
    for &p in &turns {
        let (x, y) = centre(p, -apart);
        Sprite::BackStep.at(&mut out, x as f64, y as f64, wide);
    }
    for &p in puzzle.keys() {
        at(&mut out, Sprite::Key, p, 1.0);
    }
    at(&mut out, Sprite::Dragon, solution.dragon, 1.0);
    for other in solution.others.iter() {
        at(&mut out, Sprite::Dragon, other, 1.0);
    }
    at(&mut out, Sprite::Hero, solution.hero, 1.0);
    if caught {
        // The burst under the hero: both stay visible.
        at(&mut out, Sprite::Caught, hero_end, 1.0);
        at(&mut out, Sprite::Hero, hero_end, 0.7);
    }
    out.push_str("</g>\n");
    footer.draw(&mut out, h);
    out.push_str("</svg>\n");
    out
}

/// Which tiles (row-major) the hero could reach from `hero` without the
/// dragon.
fn reachable(puzzle: &Puzzle, hero: Pos) -> Vec<bool> {
    let graph = Graph::new(puzzle);
    let mut shaded = vec![false; puzzle.width() * puzzle.height()];
    let Some(start) = graph.cell_at(hero) else {
        return shaded;
    };
    for (i, d) in graph.distances_from(start).into_iter().enumerate() {
        if d != UNREACHABLE {
            let p = graph.pos(crate::graph::CellId(i as u32));
            shaded[p.row * puzzle.width() + p.col] = true;
        }
    }
    shaded
}

/// A route as a polyline with a dot at its end, `wide` times the dot at 24
/// pixels a cell (nothing for a route that never moves).
fn route(out: &mut String, cells: &[Pos], offset: isize, color: &str, stroke: &str, wide: f64) {
    let list = points(cells, offset);
    if !list.contains(' ') {
        return;
    }
    let _ = writeln!(
        out,
        "<polyline fill=\"none\" stroke=\"{color}\" {stroke} stroke-linejoin=\"round\" \
         stroke-linecap=\"round\" points=\"{list}\"/>",
    );
    if let Some(&end) = cells.last() {
        let (x, y) = centre(end, offset);
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{color}\"/>",
            num(4.0 * wide)
        );
    }
}

/// `s` with the characters XML reserves escaped.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests;
