//! The map with the hero's route drawn over it.

use crate::puzzle::{Pos, Puzzle};
use crate::search::solution::Solution;
use crate::tile::{ROUTE_ASCII, ROUTE_EMOJI, Tile};

/// How to draw a map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapStyle {
    /// ASCII aliases instead of emoji.
    pub ascii: bool,
    /// ANSI colours (for a terminal that wants them).
    pub color: bool,
}

const RESET: &str = "\x1b[0m";

/// The ANSI colour for a symbol in ASCII mode (emoji carry their own colour).
fn color_of(tile: Option<Tile>) -> &'static str {
    match tile {
        None => "\x1b[1;33m",
        Some(Tile::Wall) => "\x1b[2m",
        Some(Tile::Free) => "",
        Some(Tile::Hero) => "\x1b[1;32m",
        Some(Tile::Dragon) => "\x1b[1;31m",
        Some(Tile::Exit) => "\x1b[1;36m",
    }
}

/// The map with every cell the hero passes through marked (🟨 or `*`),
/// keeping the start, the exit and the dragon's start visible.
///
/// ```
/// use dragon_escape::{render::map::{route_map, MapStyle}, solve, Options, Puzzle};
/// let puzzle: Puzzle = "H..E\n#.##\n#.#D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let style = MapStyle { ascii: true, color: false };
/// assert_eq!(route_map(&puzzle, &solution, style), "H**E\n#.##\n#.#D\n");
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn route_map(puzzle: &Puzzle, solution: &Solution, style: MapStyle) -> String {
    let mut on_route = vec![false; puzzle.width() * puzzle.height()];
    for turn in &solution.turns {
        on_route[turn.hero.row * puzzle.width() + turn.hero.col] = true;
    }
    let mut out = String::new();
    for row in 0..puzzle.height() {
        for col in 0..puzzle.width() {
            let pos = Pos::new(row, col);
            let tile = puzzle.tile(pos).unwrap_or(Tile::Wall);
            let route = tile == Tile::Free && on_route[row * puzzle.width() + col];
            let shown = (!route).then_some(tile);
            let color = if style.color && style.ascii {
                color_of(shown)
            } else {
                ""
            };
            out.push_str(color);
            match (style.ascii, shown) {
                (true, Some(t)) => out.push(t.ascii()),
                (true, None) => out.push(ROUTE_ASCII),
                (false, Some(t)) => out.push_str(t.emoji()),
                (false, None) => out.push_str(ROUTE_EMOJI),
            }
            if !color.is_empty() {
                out.push_str(RESET);
            }
        }
        out.push('\n');
    }
    out
}
