//! A board the hard-puzzle search changes: a grid of tiles with its walls,
//! the exit, keys and doors, the hero and the dragons; where it starts (a
//! braided maze, cropped to the board) and the small changes the search
//! tries on it.

use rand_core::Rng;

use crate::error::Error;
use crate::graph::{CellId, Graph};
use crate::mapgen::braid::braid_with;
use crate::mapgen::maze::Maze;
use crate::mapgen::random::below;
use crate::mapgen::{Algorithm, Tuning};
use crate::puzzle::{Pos, Puzzle};

/// A board: `width` x `height` tiles, every piece on a free tile of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    width: usize,
    height: usize,
    walls: Vec<bool>,
    exit: Pos,
    hero: Pos,
    dragons: Vec<Pos>,
    keys: Vec<Pos>,
    doors: Vec<Pos>,
}

impl Board {
    /// The first board of a search: a maze drawn by the backtracker with
    /// half its dead ends braided, its cells two tiles apart, cropped to
    /// `width` x `height` tiles (the maze's top and left border walls cut
    /// off, and its bottom and right ones when the side is odd); the hero
    /// and the exit at the two ends of its longest path, the `dragons`
    /// dragons, the `keys` keys and as many doors on other free tiles at
    /// random. `None` when the pieces do not fit.
    pub(super) fn first(
        width: usize,
        height: usize,
        dragons: usize,
        keys: usize,
        rng: &mut dyn Rng,
    ) -> Option<Board> {
        let (cells_w, cells_h) = (width.div_ceil(2), height.div_ceil(2));
        let mut maze = Maze::new(cells_w, cells_h);
        Algorithm::Backtracker
            .carver(&Tuning::default())
            .carve(&mut maze, rng);
        braid_with(&mut maze, 0.5, rng);
        let full = maze.walls();
        let tile_width = maze.tile_width();
        let walls: Vec<bool> = (0..height)
            .flat_map(|row| (0..width).map(move |col| (row, col)))
            .map(|(row, col)| full[(row + 1) * tile_width + col + 1])
            .collect();
        let mut board = Board {
            width,
            height,
            walls,
            exit: Pos::new(0, 0),
            hero: Pos::new(0, 0),
            dragons: Vec::new(),
            keys: Vec::new(),
            doors: Vec::new(),
        };
        let free: Vec<Pos> = board.free_tiles().collect();
        if free.len() < 2 + dragons + 2 * keys {
            return None;
        }
        let (hero, exit) = board.ends();
        board.hero = hero;
        board.exit = exit;
        for _ in 0..dragons {
            let at = board.random_empty(rng)?;
            board.dragons.push(at);
        }
        for _ in 0..keys {
            let at = board.random_empty(rng)?;
            board.keys.push(at);
            let at = board.random_empty(rng)?;
            board.doors.push(at);
        }
        board.dragons.sort_unstable();
        Some(board)
    }

    /// The board as a puzzle.
    pub(super) fn puzzle(&self) -> Result<Puzzle, Error> {
        Puzzle::new(
            self.width,
            self.height,
            self.walls.clone(),
            self.hero,
            self.dragons[0],
            self.exit,
        )?
        .with_pieces(self.dragons.clone(), self.keys.clone(), self.doors.clone())
    }

    /// The board with every tile free, its pieces where they stand.
    pub(super) fn opened(&self) -> Board {
        Board {
            walls: vec![false; self.walls.len()],
            ..self.clone()
        }
    }

    /// The board with the hero on `hero` and the dragons on `dragons`
    /// (free tiles with no other piece).
    pub(super) fn with_start(&self, hero: Pos, dragons: &[Pos]) -> Board {
        Board {
            hero,
            dragons: dragons.to_vec(),
            ..self.clone()
        }
    }

    /// A copy of the board changed a little: most often (seven times in
    /// ten) a tile turned from wall to free or back (never one under the
    /// exit, a key or a door), else the exit, a key or a door, or the hero
    /// or a dragon moved to another free tile. The hero and the dragons
    /// give way: one whose tile became a wall moves to the first free tile
    /// left.
    pub(super) fn changed(&self, rng: &mut dyn Rng) -> Board {
        let mut next = self.clone();
        let locks = self.keys.len() + self.doors.len();
        match below(rng, 10) {
            7 => {
                if let Some(at) = next.random_empty(rng) {
                    next.exit = at;
                }
            }
            8 if locks > 0 => {
                if let Some(at) = next.random_empty(rng) {
                    let i = below(rng, locks);
                    if i < self.keys.len() {
                        next.keys[i] = at;
                    } else {
                        next.doors[i - self.keys.len()] = at;
                    }
                }
            }
            9 => {
                if let Some(at) = next.random_empty(rng) {
                    let i = below(rng, 1 + self.dragons.len());
                    if i == 0 {
                        next.hero = at;
                    } else {
                        next.dragons[i - 1] = at;
                    }
                }
            }
            _ => {
                let fixed: Vec<Pos> = std::iter::once(self.exit)
                    .chain(self.keys.iter().copied())
                    .chain(self.doors.iter().copied())
                    .collect();
                let tiles = self.width * self.height;
                let i = below(rng, tiles);
                let at = Pos::new(i / self.width, i % self.width);
                if !fixed.contains(&at) {
                    next.walls[i] = !next.walls[i];
                }
            }
        }
        next.give_way();
        next
    }

    /// Moves the hero and each dragon standing on a wall, or on another
    /// piece, to the first free tile with no piece, in row-major order.
    fn give_way(&mut self) {
        let mut movers: Vec<Pos> = std::iter::once(self.hero)
            .chain(self.dragons.iter().copied())
            .collect();
        let fixed: Vec<Pos> = std::iter::once(self.exit)
            .chain(self.keys.iter().copied())
            .chain(self.doors.iter().copied())
            .collect();
        for i in 0..movers.len() {
            let at = movers[i];
            let clash = self.is_wall(at) || fixed.contains(&at) || movers[..i].contains(&at);
            if clash {
                let free: Vec<Pos> = self.free_tiles().collect();
                if let Some(&to) = free
                    .iter()
                    .find(|p| !fixed.contains(p) && !movers.contains(p))
                {
                    movers[i] = to;
                }
            }
        }
        self.hero = movers[0];
        self.dragons = movers[1..].to_vec();
        self.dragons.sort_unstable();
    }

    /// Whether every piece stands on a free tile of its own.
    pub(super) fn is_valid(&self) -> bool {
        let mut all: Vec<Pos> = [self.hero, self.exit]
            .into_iter()
            .chain(self.dragons.iter().copied())
            .chain(self.keys.iter().copied())
            .chain(self.doors.iter().copied())
            .collect();
        if all.iter().any(|&p| self.is_wall(p)) {
            return false;
        }
        all.sort_unstable();
        all.windows(2).all(|pair| pair[0] != pair[1])
    }

    fn is_wall(&self, at: Pos) -> bool {
        self.walls[at.row * self.width + at.col]
    }

    /// The free tiles, in row-major order.
    fn free_tiles(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.walls.len())
            .filter(|&i| !self.walls[i])
            .map(|i| Pos::new(i / self.width, i % self.width))
    }

    /// A free tile with no piece, at random; `None` when there is none.
    fn random_empty(&self, rng: &mut dyn Rng) -> Option<Pos> {
        let taken: Vec<Pos> = [self.hero, self.exit]
            .into_iter()
            .chain(self.dragons.iter().copied())
            .chain(self.keys.iter().copied())
            .chain(self.doors.iter().copied())
            .collect();
        let empty: Vec<Pos> = self.free_tiles().filter(|p| !taken.contains(p)).collect();
        (!empty.is_empty()).then(|| empty[below(rng, empty.len())])
    }

    /// Two free tiles at the ends of a longest shortest path of the
    /// largest-reaching kind: the farthest tile from the first free tile,
    /// and the farthest from that one (ties in row-major order).
    fn ends(&self) -> (Pos, Pos) {
        let mut free = self.free_tiles();
        let first = free.next().expect("a maze has free tiles");
        let second = free.next().expect("a maze of two cells or more");
        let probe = Puzzle::new(
            self.width,
            self.height,
            self.walls.clone(),
            first,
            second,
            free.next().unwrap_or(second),
        );
        let Ok(probe) = probe else {
            return (first, second);
        };
        let graph = Graph::new(&probe);
        let (a, _) = graph.farthest_from(CellId(0));
        let (b, _) = graph.farthest_from(a);
        if a == b {
            (first, second)
        } else {
            (graph.pos(a), graph.pos(b))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::random::seeded;

    #[test]
    fn the_first_board_is_the_size_asked_with_its_pieces() {
        for (w, h) in [(5, 5), (6, 6), (7, 5), (15, 15)] {
            let board = Board::first(w, h, 2, 1, &mut seeded(1)).unwrap();
            let puzzle = board.puzzle().unwrap();
            assert_eq!((puzzle.width(), puzzle.height()), (w, h));
            assert_eq!(
                (
                    puzzle.dragons().len(),
                    puzzle.keys().len(),
                    puzzle.doors().len()
                ),
                (2, 1, 1)
            );
        }
    }

    #[test]
    fn changes_keep_the_board_valid() {
        let mut rng = seeded(2);
        let mut board = Board::first(7, 7, 2, 1, &mut rng).unwrap();
        for _ in 0..2000 {
            board = board.changed(&mut rng);
            assert!(board.is_valid(), "{board:?}");
            assert!(board.puzzle().is_ok());
        }
    }
}
