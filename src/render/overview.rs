//! A large map shrunk to fit the screen (pure): the overview.
//!
//! Each terminal cell stands for two blocks of map cells, one above the
//! other: with colour, an upper half block ([`HALF_BLOCK`]) in the upper
//! block's colour on the lower block's; without, one ASCII symbol per
//! block of twice the height. A block shows the most telling thing in it:
//! the hero, the dragon, the exit, the trail, then walls if they are the
//! majority, else floor.

use crate::board::{Board, Frame};
use crate::puzzle::Pos;
use crate::render::map::{MapStyle, Mark, RESET, draw};
use crate::tile::HALF_BLOCK;

/// The map's cells per side of a block so that the whole map fits `cols` x
/// `rows` terminal cells (two blocks a cell, one above the other).
pub(crate) fn scale(board: &Board, cols: usize, rows: usize) -> usize {
    let (cols, rows) = (cols.max(1), rows.max(1));
    board
        .width()
        .div_ceil(cols)
        .max(board.height().div_ceil(2 * rows))
        .max(1)
}

/// What a block of `side` x `side` cells from `top`, `left` shows.
fn block(board: &Board, frame: &Frame, top: usize, left: usize, side: usize) -> Mark {
    let rows = top..(top + side).min(board.height());
    let cols = left..(left + side).min(board.width());
    let inside = |p: Pos| rows.contains(&p.row) && cols.contains(&p.col);
    if inside(frame.hero) {
        return board.mark(frame, frame.hero);
    }
    if inside(frame.dragon) || board.pieces(frame).others.iter().any(inside) {
        return Mark::Dragon;
    }
    if inside(board.exit()) {
        return Mark::Exit;
    }
    let (mut walls, mut cells, mut trail) = (0, 0, false);
    let (mut key, mut door) = (false, None);
    for row in rows.clone() {
        for col in cols.clone() {
            cells += 1;
            match board.mark(frame, Pos::new(row, col)) {
                Mark::Wall => walls += 1,
                Mark::Trail => trail = true,
                Mark::Key => key = true,
                mark @ (Mark::Door | Mark::OpenDoor) => door = door.or(Some(mark)),
                _ => {}
            }
        }
    }
    if cells == 0 {
        Mark::Free
    } else if key {
        Mark::Key
    } else if let Some(door) = door.filter(|_| !trail) {
        door
    } else if trail {
        Mark::Trail
    } else if 2 * walls > cells {
        Mark::Wall
    } else {
        Mark::Free
    }
}

/// The 256-colour palette number of a block.
fn colour(mark: Mark) -> u8 {
    match mark {
        Mark::Wall => 94,
        Mark::Free | Mark::Reach => 28,
        Mark::Exit => 51,
        Mark::Trail => 226,
        Mark::Hero | Mark::Caught => 15,
        Mark::Dragon | Mark::Away(..) => 196,
        Mark::Key => 220,
        Mark::Door => 130,
        Mark::OpenDoor => 28,
    }
}

/// The whole map in at most `cols` x `rows` terminal cells (see the module
/// docs), and how many map cells a block's side spans.
pub(crate) fn overview(
    board: &Board,
    frame: &Frame,
    style: MapStyle,
    cols: usize,
    rows: usize,
) -> (Vec<String>, usize) {
    let side = scale(board, cols, rows);
    let width = board.width().div_ceil(side);
    let height = board.height().div_ceil(side);
    let mut lines = Vec::new();
    for pair in (0..height).step_by(2) {
        let mut line = String::new();
        if style.color {
            for c in 0..width {
                let upper = block(board, frame, pair * side, c * side, side);
                let lower = if pair + 1 < height {
                    colour(block(board, frame, (pair + 1) * side, c * side, side))
                } else {
                    0
                };
                line.push_str(&format!(
                    "\x1b[38;5;{}m\x1b[48;5;{lower}m{HALF_BLOCK}",
                    colour(upper)
                ));
            }
            line.push_str(RESET);
        } else {
            // One symbol per block, the upper and lower blocks together.
            let marks: Vec<Mark> = (0..width)
                .map(|c| {
                    let upper = block(board, frame, pair * side, c * side, side);
                    let lower = if pair + 1 < height {
                        block(board, frame, (pair + 1) * side, c * side, side)
                    } else {
                        upper
                    };
                    most_telling(upper, lower)
                })
                .collect();
            draw(
                &marks,
                MapStyle {
                    ascii: true,
                    color: false,
                },
                &mut line,
            );
        }
        lines.push(line);
    }
    (lines, side)
}

/// The more telling of two blocks shown as one symbol.
fn most_telling(a: Mark, b: Mark) -> Mark {
    let rank = |m: Mark| match m {
        Mark::Hero | Mark::Caught => 6,
        Mark::Dragon => 5,
        Mark::Exit | Mark::Key => 4,
        Mark::Trail | Mark::Door => 3,
        Mark::Free | Mark::Reach | Mark::OpenDoor => 2,
        Mark::Wall | Mark::Away(..) => 1,
    };
    if rank(b) > rank(a) { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::render::film::Film;
    use crate::search::{Options, solve};

    fn film(map: &str) -> Film {
        let puzzle: Puzzle = map.parse().unwrap();
        Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap())
    }

    #[test]
    fn a_map_shrinks_to_fit_and_keeps_the_pieces() {
        // 40 x 12 cells into 10 x 3 terminal cells: blocks of 4.
        let mut rows = vec![format!("H{}", ".".repeat(39))];
        for _ in 0..10 {
            rows.push(format!(".{}", "#".repeat(39)));
        }
        rows.push(format!("D{}E", ".".repeat(38)));
        let film = film(&rows.join("\n"));
        let board = film.board();
        let frame = film.frame(0);
        assert_eq!(scale(board, 10, 3), 4);
        let plain = MapStyle {
            ascii: true,
            color: false,
        };
        let (lines, side) = overview(board, &frame, plain, 10, 3);
        assert_eq!(side, 4);
        // Three rows of blocks, two to a line; a block of mostly walls is a
        // wall even with a corridor through it.
        assert_eq!(lines, ["H#########", "D########E"]);
        let colour = MapStyle {
            ascii: true,
            color: true,
        };
        let (lines, _) = overview(board, &frame, colour, 10, 3);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].matches(HALF_BLOCK).count(), 10);
        // The hero's block is white over a wall's brown.
        assert!(
            lines[0].starts_with("\x1b[38;5;15m\x1b[48;5;94m"),
            "{:?}",
            lines[0]
        );
    }

    #[test]
    fn every_dragon_and_the_key_show_in_blocks() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        let plain = MapStyle {
            ascii: true,
            color: false,
        };
        // Blocks of 2 x 2 cells, two block rows a line: the key's block
        // shows the key, the second dragon's block (under the exit's) the
        // dragon.
        let (lines, side) = overview(film.board(), &film.frame(0), plain, 7, 1);
        assert_eq!(side, 2);
        assert_eq!(lines, ["Hk.D"]);
        let (lines, side) = overview(film.board(), &film.frame(0), plain, 80, 24);
        assert_eq!(side, 1);
        assert_eq!(lines, ["H.k+..E", "D.....D"]);
        let (lines, _) = overview(film.board(), &film.frame(7), plain, 80, 24);
        assert_eq!(lines, ["***/H.E", "..D.D.."]);
    }

    #[test]
    fn a_small_map_is_shown_cell_by_cell() {
        let film = film("H..E\n#.##\n#.D#");
        let (lines, side) = overview(
            film.board(),
            &film.frame(0),
            MapStyle {
                ascii: true,
                color: false,
            },
            80,
            24,
        );
        assert_eq!(side, 1);
        // Two rows of cells per line, the more telling one shown.
        assert_eq!(lines, ["H..E", "#.D#"]);
    }
}
