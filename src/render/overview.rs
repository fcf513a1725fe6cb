//! A large map shrunk to fit the screen (pure): the overview.
//!
//! Each terminal cell stands for two blocks of map cells, one above the
//! other: with colour, an upper half block ([`HALF_BLOCK`]) in the upper
//! block's colour on the lower block's; without, one ASCII symbol per
//! block of twice the height. The blocks are as small as the screen
//! allows, a fractional number of map cells a side (a 41-cell map in 20
//! lines keeps 40 of its 41 rows, instead of halving them). A block shows
//! the most telling thing in it: the hero, the dragon, the exit, a key, a
//! door, the trail; else the wall or the floor of the one cell at its
//! centre. Sampling keeps corridors and walls as they are where the blocks
//! are near a cell; averaging a block's walls (a wall if most of it is
//! wall) would draw a maze's even rows of walls and odd rows of passages
//! as a regular lattice that is not in the map.

use crate::board::{Board, Frame};
use crate::puzzle::Pos;
use crate::render::map::{MapStyle, Mark, RESET, draw};
use crate::tile::HALF_BLOCK;

/// The map's cells per side of a block (at least 1, perhaps fractional)
/// so that the whole map fits `cols` x `rows` terminal cells (two blocks a
/// cell, one above the other).
pub(crate) fn scale(board: &Board, cols: usize, rows: usize) -> f64 {
    let (cols, rows) = (cols.max(1) as f64, rows.max(1) as f64);
    (board.width() as f64 / cols)
        .max(board.height() as f64 / (2.0 * rows))
        .max(1.0)
}

/// The map's cells in the `k`th block of `side` cells (of `len` cells in
/// all), and the one at its centre.
fn span(k: usize, side: f64, len: usize) -> (std::ops::Range<usize>, usize) {
    let first = ((k as f64 * side) as usize).min(len);
    let end = (((k + 1) as f64 * side) as usize).clamp(first + 1, len.max(first + 1));
    (first..end.min(len), (first + end - 1) / 2)
}

/// What the block in block row `row` and column `col` shows, blocks of
/// `side` cells.
fn block(board: &Board, frame: &Frame, row: usize, col: usize, side: f64) -> Mark {
    let (rows, centre_row) = span(row, side, board.height());
    let (cols, centre_col) = span(col, side, board.width());
    if rows.is_empty() || cols.is_empty() {
        return Mark::Free;
    }
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
    let (mut trail, mut key, mut door) = (false, false, None);
    for row in rows.clone() {
        for col in cols.clone() {
            match board.mark(frame, Pos::new(row, col)) {
                Mark::Trail => trail = true,
                Mark::Key => key = true,
                mark @ (Mark::Door | Mark::OpenDoor) => door = door.or(Some(mark)),
                _ => {}
            }
        }
    }
    if key {
        Mark::Key
    } else if let Some(door) = door.filter(|_| !trail) {
        door
    } else if trail {
        Mark::Trail
    } else if board.mark(frame, Pos::new(centre_row, centre_col)) == Mark::Wall {
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
/// docs), and how many map cells a block's side spans (perhaps
/// fractional).
pub(crate) fn overview(
    board: &Board,
    frame: &Frame,
    style: MapStyle,
    cols: usize,
    rows: usize,
) -> (Vec<String>, f64) {
    let side = scale(board, cols, rows);
    let blocks = |cells: usize| ((cells as f64 / side).ceil() as usize).max(1);
    let (width, height) = (blocks(board.width()), blocks(board.height()));
    let mut lines = Vec::new();
    for pair in (0..height).step_by(2) {
        let mut line = String::new();
        if style.color {
            for c in 0..width {
                let upper = block(board, frame, pair, c, side);
                let lower = if pair + 1 < height {
                    colour(block(board, frame, pair + 1, c, side))
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
                    let upper = block(board, frame, pair, c, side);
                    let lower = if pair + 1 < height {
                        block(board, frame, pair + 1, c, side)
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
        assert_eq!(scale(board, 10, 3), 4.0);
        let plain = MapStyle {
            ascii: true,
            color: false,
        };
        let (lines, side) = overview(board, &frame, plain, 10, 3);
        assert_eq!(side, 4.0);
        // Three rows of blocks, two to a line; a block whose centre is a
        // wall is a wall even with a corridor through it.
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
        // Blocks of 1.5 x 1.5 cells, two block rows a line: the key's
        // block shows the key, the door's the door, the second dragon's
        // block (under the exit's) the dragon.
        let (lines, side) = overview(film.board(), &film.frame(0), plain, 7, 1);
        assert_eq!(side, 1.5);
        assert_eq!(lines, ["Hk+.D"]);
        let (lines, side) = overview(film.board(), &film.frame(0), plain, 80, 24);
        assert_eq!(side, 1.0);
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
        assert_eq!(side, 1.0);
        // Two rows of cells per line, the more telling one shown.
        assert_eq!(lines, ["H..E", "#.D#"]);
    }

    /// A perfect maze of `cells` x `cells` cells as a map, `2 cells + 1`
    /// tiles a side: the hero in the top left cell, the dragon in the top
    /// right, the exit in the bottom right.
    #[cfg(feature = "mapgen")]
    fn maze(cells: usize, seed: u64) -> String {
        use crate::graph::Direction;
        use crate::mapgen::{Algorithm, Tuning};
        let maze = Algorithm::Backtracker.maze(cells, cells, &Tuning::default(), seed);
        let side = 2 * cells + 1;
        let mut tiles = vec![vec!['#'; side]; side];
        for row in 0..cells {
            for col in 0..cells {
                let cell = maze.cell(row, col);
                tiles[2 * row + 1][2 * col + 1] = '.';
                if maze.is_open(cell, Direction::Right) {
                    tiles[2 * row + 1][2 * col + 2] = '.';
                }
                if maze.is_open(cell, Direction::Down) {
                    tiles[2 * row + 2][2 * col + 1] = '.';
                }
            }
        }
        tiles[1][1] = 'H';
        tiles[1][side - 2] = 'D';
        tiles[side - 2][side - 2] = 'E';
        let rows: Vec<String> = tiles.into_iter().map(String::from_iter).collect();
        rows.join("\n")
    }

    /// The blocks of a coloured overview, row by row: `Some(true)` for a
    /// wall, `Some(false)` for the floor, `None` for anything else.
    #[cfg(feature = "mapgen")]
    fn walls(lines: &[String]) -> Vec<Vec<Option<bool>>> {
        let kind = |n: &str| match n {
            "94" => Some(true),
            "28" => Some(false),
            _ => None,
        };
        let mut rows = Vec::new();
        for line in lines {
            let (mut upper, mut lower) = (Vec::new(), Vec::new());
            for cell in line.split("\x1b[38;5;").skip(1) {
                let (fg, rest) = cell.split_once('m').unwrap();
                let bg = rest.trim_start_matches("\x1b[48;5;");
                let bg = &bg[..bg.find('m').unwrap()];
                upper.push(kind(fg));
                lower.push(kind(bg));
            }
            rows.push(upper);
            rows.push(lower);
        }
        rows
    }

    #[cfg(feature = "mapgen")]
    const COLOUR: MapStyle = MapStyle {
        ascii: true,
        color: true,
    };

    /// A 41-tile maze in 80 x 20 terminal cells keeps 40 of its 41 rows
    /// and columns, each shown as it is (blocks of averaged 2 x 2 cells
    /// lost the maze).
    #[test]
    #[cfg(feature = "mapgen")]
    fn a_41_maze_keeps_its_rows_and_columns() {
        let film = film(&maze(20, 5));
        let board = film.board();
        let (lines, side) = overview(board, &film.frame(0), COLOUR, 80, 20);
        assert_eq!((lines.len(), side), (20, 1.025));
        // 41 rows in 40 blocks: one row left out.
        let blocks = walls(&lines);
        let f = scale(board, 80, 20);
        let mut shown = Vec::new();
        for (y, row) in blocks.iter().enumerate() {
            assert_eq!(row.len(), 40);
            let (_, tile_row) = span(y, f, 41);
            shown.push(tile_row);
            for (x, wall) in row.iter().enumerate() {
                if let Some(wall) = wall {
                    let (_, tile_col) = span(x, f, 41);
                    let mark = board.mark(&film.frame(0), Pos::new(tile_row, tile_col));
                    assert_eq!(*wall, mark == Mark::Wall, "block {y}, {x}");
                }
            }
        }
        shown.dedup();
        assert_eq!(shown.len(), 40, "{shown:?}");
    }

    /// A 1001-tile maze in 80 x 22 terminal cells: walls and passages both
    /// show, in no regular lattice (averaging made every other block a
    /// wall: a moire pattern).
    #[test]
    #[cfg(feature = "mapgen")]
    fn a_1001_maze_shows_walls_and_passages_without_a_lattice() {
        let film = film(&maze(500, 5));
        let (lines, _) = overview(film.board(), &film.frame(0), COLOUR, 80, 22);
        let blocks = walls(&lines);
        let all: Vec<bool> = blocks.iter().flatten().flatten().copied().collect();
        let walls = all.iter().filter(|&&w| w).count();
        assert!(
            walls * 4 > all.len() && walls * 4 < 3 * all.len(),
            "{walls} walls of {}",
            all.len()
        );
        // Neighbours alike about as often as not, as in the maze; a
        // lattice alternates (or repeats) at every step.
        let (mut alike, mut pairs) = (0, 0);
        for row in &blocks {
            for pair in row.windows(2) {
                if let [Some(a), Some(b)] = pair {
                    pairs += 1;
                    alike += usize::from(a == b);
                }
            }
        }
        for pair in blocks.windows(2) {
            for (a, b) in pair[0].iter().zip(&pair[1]) {
                if let (Some(a), Some(b)) = (a, b) {
                    pairs += 1;
                    alike += usize::from(a == b);
                }
            }
        }
        assert!(
            alike * 4 > pairs && alike * 4 < 3 * pairs,
            "{alike} of {pairs} neighbours alike"
        );
    }
}
