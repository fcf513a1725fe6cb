//! The map with the hero's route drawn over it.

use crate::graph::Direction;
use crate::puzzle::Puzzle;
use crate::search::solution::Solution;
use crate::tile::{
    CAUGHT_ASCII, CAUGHT_EMOJI, OPEN_DOOR_ASCII, OPEN_DOOR_EMOJI, REACH_ASCII, REACH_EMOJI,
    ROUTE_ASCII, ROUTE_EMOJI, Tile, edge_marker,
};

/// How to draw a map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapStyle {
    /// ASCII aliases instead of emoji.
    pub ascii: bool,
    /// ANSI colours (for a terminal that wants them).
    pub color: bool,
}

/// Ends an ANSI colour.
pub(crate) const RESET: &str = "\x1b[0m";

/// What one drawn cell shows: a tile, or a mark of the game on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A wall.
    Wall,
    /// A free cell.
    Free,
    /// The exit, while nobody stands on it.
    Exit,
    /// A cell the hero has already passed through.
    Trail,
    /// A cell the hero could reach without the dragon (shown when there is
    /// no path, to say why).
    Reach,
    /// The hero, now.
    Hero,
    /// The dragon, now.
    Dragon,
    /// The hero, caught: it has no safe move left.
    Caught,
    /// A key not yet picked up.
    Key,
    /// A closed door.
    Door,
    /// A door the hero has opened: a free cell from then on.
    OpenDoor,
    /// The dragon or the exit, outside the window shown: marked on the
    /// window's edge, towards where it is.
    Away(Tile, Direction),
}

impl Mark {
    /// How this mark is spelled in `style` (emoji are two columns wide).
    fn symbol(self, ascii: bool) -> Symbol {
        let tile = |t: Tile| {
            if ascii {
                Symbol::Char(t.ascii())
            } else {
                Symbol::Str(t.emoji())
            }
        };
        let pick = |e: &'static str, a: char| {
            if ascii {
                Symbol::Char(a)
            } else {
                Symbol::Str(e)
            }
        };
        match self {
            Mark::Wall => tile(Tile::Wall),
            Mark::Free => tile(Tile::Free),
            Mark::Exit => tile(Tile::Exit),
            Mark::Hero => tile(Tile::Hero),
            Mark::Dragon => tile(Tile::Dragon),
            Mark::Trail => pick(ROUTE_EMOJI, ROUTE_ASCII),
            Mark::Reach => pick(REACH_EMOJI, REACH_ASCII),
            Mark::Caught => pick(CAUGHT_EMOJI, CAUGHT_ASCII),
            Mark::Key => tile(Tile::Key),
            Mark::Door => tile(Tile::Door),
            Mark::OpenDoor => pick(OPEN_DOOR_EMOJI, OPEN_DOOR_ASCII),
            Mark::Away(tile, toward) => Symbol::Owned(edge_marker(tile, toward, ascii)),
        }
    }

    /// The ANSI colour of the ASCII symbol (emoji carry their own colours).
    fn color(self) -> &'static str {
        match self {
            Mark::Wall => "\x1b[2m",
            Mark::Free => "",
            Mark::Exit => "\x1b[1;36m",
            Mark::Trail => "\x1b[1;33m",
            Mark::Reach => "\x1b[34m",
            Mark::Hero => "\x1b[1;32m",
            Mark::Dragon => "\x1b[1;31m",
            Mark::Caught => "\x1b[1;35m",
            Mark::Key => "\x1b[1;33m",
            Mark::Door | Mark::OpenDoor => "\x1b[33m",
            Mark::Away(..) => "\x1b[7m",
        }
    }
}

enum Symbol {
    Str(&'static str),
    Char(char),
    Owned(String),
}

/// Appends `marks`, one row of cells, to `out` in `style`. With
/// `style.color`, ASCII symbols are coloured (emoji carry their own colours).
pub(crate) fn draw(marks: &[Mark], style: MapStyle, out: &mut String) {
    for &mark in marks {
        // Emoji carry their own colours; the edge markers are letters.
        let color = if style.color && (style.ascii || matches!(mark, Mark::Away(..))) {
            mark.color()
        } else {
            ""
        };
        out.push_str(color);
        match mark.symbol(style.ascii) {
            Symbol::Str(s) => out.push_str(s),
            Symbol::Char(c) => out.push(c),
            Symbol::Owned(s) => out.push_str(&s),
        }
        if !color.is_empty() {
            out.push_str(RESET);
        }
    }
}

/// The map with every cell the hero passes through marked (🟨 or `*`),
/// keeping the start, the exit and the dragons' starts visible, and the
/// keys and doors: a door the line opens is drawn open (🔓 or `/`).
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
    let width = puzzle.width();
    let mut marks: Vec<Mark> = puzzle
        .rows()
        .flatten()
        .map(|tile| match tile {
            Tile::Wall => Mark::Wall,
            Tile::Free => Mark::Free,
            Tile::Hero => Mark::Hero,
            Tile::Dragon => Mark::Dragon,
            Tile::Exit => Mark::Exit,
            Tile::Key => Mark::Key,
            Tile::Door => Mark::Door,
        })
        .collect();
    for turn in &solution.turns {
        let mark = &mut marks[turn.hero.row * width + turn.hero.col];
        if *mark == Mark::Free {
            *mark = Mark::Trail;
        }
    }
    let locks = solution.pieces_after(solution.turns.len()).locks;
    for (i, door) in puzzle.doors().iter().enumerate() {
        if locks.is_open(i) {
            marks[door.row * width + door.col] = Mark::OpenDoor;
        }
    }
    let mut out = String::new();
    for row in marks.chunks(width) {
        draw(row, style, &mut out);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_map_keeps_keys_and_opens_doors_the_line_opens() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let style = MapStyle {
            ascii: true,
            color: false,
        };
        assert_eq!(
            route_map(&puzzle, &solution, style),
            "H*k/**E\n#.###.#\nD.....D\n"
        );
        let emoji = route_map(
            &puzzle,
            &solution,
            MapStyle {
                ascii: false,
                color: false,
            },
        );
        assert!(emoji.starts_with("🏃🟨🔑🔓🟨🟨❎\n"), "{emoji}");
    }
}
