//! The maze being carved: a grid of cells and the passages between them.
//!
//! A `width` x `height` cell maze becomes a `(2 * width + 1)` x
//! `(2 * height + 1)` tile grid: cell `(r, c)` is the free tile
//! `(2r + 1, 2c + 1)`, the tile between two cells is free when a passage
//! joins them, and every other tile is wall.

use rand_core::Rng;

use super::random::below;
use crate::graph::Direction;
use crate::puzzle::Pos;

const UNSEEN: u32 = u32::MAX;

/// A rectangular maze of cells with passages between neighbouring cells.
///
/// Cells are numbered row-major from 0 (`row * width + col`). The passages
/// are kept symmetric: carving from a cell towards a neighbour also opens the
/// neighbour's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    width: usize,
    height: usize,
    /// Per cell, a bit per [`Direction`] whose passage is open.
    open: Vec<u8>,
}

impl Maze {
    /// A maze of `width` x `height` cells with every wall standing.
    ///
    /// # Panics
    /// If a side is 0 or the cell count overflows.
    pub fn new(width: usize, height: usize) -> Maze {
        assert!(width > 0 && height > 0, "a maze needs at least one cell");
        let cells = width
            .checked_mul(height)
            .expect("the cell count fits in usize");
        Maze {
            width,
            height,
            open: vec![0; cells],
        }
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.open.len()
    }

    /// Whether the maze has no cells (never true: [`Maze::new`] forbids it).
    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        debug_assert!(row < self.height && col < self.width);
        row * self.width + col
    }

    /// The row and column of `cell`.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    /// The neighbouring cell of `cell` in direction `d`, if inside the maze.
    #[inline]
    pub fn neighbor(&self, cell: usize, d: Direction) -> Option<usize> {
        let (row, col) = self.row_col(cell);
        match d {
            Direction::Up => (row > 0).then(|| cell - self.width),
            Direction::Left => (col > 0).then(|| cell - 1),
            Direction::Down => (row + 1 < self.height).then(|| cell + self.width),
            Direction::Right => (col + 1 < self.width).then(|| cell + 1),
        }
    }

    /// A uniformly random step from `cell` to a neighbour inside the grid
    /// (walls ignored): the direction and the neighbour. One draw from `rng`.
    pub(crate) fn random_step(&self, cell: usize, rng: &mut dyn Rng) -> (Direction, usize) {
        let mut options = [Direction::Up; 4];
        let mut n = 0;
        for d in Direction::ALL {
            if self.neighbor(cell, d).is_some() {
                options[n] = d;
                n += 1;
            }
        }
        let d = options[below(rng, n)];
        (d, self.neighbor(cell, d).expect("chosen among neighbours"))
    }

    /// Whether the passage from `cell` in direction `d` is open.
    #[inline]
    pub fn is_open(&self, cell: usize, d: Direction) -> bool {
        self.open[cell] & bit(d) != 0
    }

    /// Opens the passage from `cell` in direction `d` (both sides).
    ///
    /// # Panics
    /// If there is no cell in that direction.
    #[inline]
    pub(crate) fn carve(&mut self, cell: usize, d: Direction) {
        let next = self
            .neighbor(cell, d)
            .expect("carving stays inside the maze");
        self.open[cell] |= bit(d);
        self.open[next] |= bit(d.opposite());
    }

    /// Closes the passage from `cell` in direction `d` (both sides).
    ///
    /// # Panics
    /// If there is no cell in that direction.
    #[inline]
    pub(crate) fn build_wall(&mut self, cell: usize, d: Direction) {
        let next = self.neighbor(cell, d).expect("walls stay inside the maze");
        self.open[cell] &= !bit(d);
        self.open[next] &= !bit(d.opposite());
    }

    /// Opens every passage between neighbouring cells.
    pub fn open_all(&mut self) {
        for cell in 0..self.len() {
            for d in [Direction::Down, Direction::Right] {
                if self.neighbor(cell, d).is_some() {
                    self.carve(cell, d);
                }
            }
        }
    }

    /// The open directions of `cell`, in the official order.
    pub fn exits(&self, cell: usize) -> impl Iterator<Item = Direction> + '_ {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.is_open(cell, d))
    }

    /// How many passages leave `cell`.
    #[inline]
    pub fn degree(&self, cell: usize) -> u32 {
        self.open[cell].count_ones()
    }

    /// Whether `cell` is a dead end: exactly one passage leaves it.
    pub fn is_dead_end(&self, cell: usize) -> bool {
        self.degree(cell) == 1
    }

    /// The number of dead ends.
    pub fn dead_ends(&self) -> usize {
        (0..self.len()).filter(|&c| self.is_dead_end(c)).count()
    }

    /// The number of passages (each counted once).
    pub fn passages(&self) -> usize {
        self.open
            .iter()
            .map(|b| b.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// Breadth-first distances in cells from `source` ([`u32::MAX`] where
    /// unreachable).
    pub fn distances_from(&self, source: usize) -> Vec<u32> {
        let mut dist = vec![UNSEEN; self.len()];
        let mut queue = Vec::with_capacity(self.len());
        dist[source] = 0;
        queue.push(source);
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            for d in self.exits(cell) {
                let next = self.neighbor(cell, d).expect("open passages lead to cells");
                if dist[next] == UNSEEN {
                    dist[next] = dist[cell] + 1;
                    queue.push(next);
                }
            }
        }
        dist
    }

    /// Whether every cell can reach every other.
    pub fn is_connected(&self) -> bool {
        self.distances_from(0).iter().all(|&d| d != UNSEEN)
    }

    /// Whether the maze is perfect: connected, with exactly one path between
    /// any two cells (so `passages == cells - 1`).
    pub fn is_perfect(&self) -> bool {
        self.passages() + 1 == self.len() && self.is_connected()
    }

    /// The tile grid's width: `2 * width + 1`.
    pub fn tile_width(&self) -> usize {
        2 * self.width + 1
    }

    /// The tile grid's height: `2 * height + 1`.
    pub fn tile_height(&self) -> usize {
        2 * self.height + 1
    }

    /// The tile of `cell` in the tile grid.
    pub fn tile(&self, cell: usize) -> Pos {
        let (row, col) = self.row_col(cell);
        Pos::new(2 * row + 1, 2 * col + 1)
    }

    /// The cell whose tile is `tile`, if it is one.
    pub fn cell_at_tile(&self, tile: Pos) -> Option<usize> {
        let (row, col) = (tile.row.checked_sub(1)?, tile.col.checked_sub(1)?);
        (row % 2 == 0 && col % 2 == 0 && row / 2 < self.height && col / 2 < self.width)
            .then(|| self.cell(row / 2, col / 2))
    }

    /// The row-major wall flags of the tile grid (`true` for a wall).
    pub fn walls(&self) -> Vec<bool> {
        let tw = self.tile_width();
        let mut walls = vec![true; tw * self.tile_height()];
        for cell in 0..self.len() {
            let Pos { row, col } = self.tile(cell);
            walls[row * tw + col] = false;
            if self.is_open(cell, Direction::Right) {
                walls[row * tw + col + 1] = false;
            }
            if self.is_open(cell, Direction::Down) {
                walls[(row + 1) * tw + col] = false;
            }
        }
        walls
    }
}

#[inline]
fn bit(d: Direction) -> u8 {
    1 << d as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carving_is_symmetric_and_counted_once() {
        let mut m = Maze::new(3, 2);
        m.carve(0, Direction::Right);
        m.carve(1, Direction::Down);
        assert!(m.is_open(1, Direction::Left));
        assert!(m.is_open(4, Direction::Up));
        assert_eq!(m.passages(), 2);
        assert_eq!(m.dead_ends(), 2);
        assert!(!m.is_connected());
        m.build_wall(4, Direction::Up);
        assert_eq!(m.passages(), 1);
    }

    #[test]
    fn walls_follow_the_passages() {
        let mut m = Maze::new(2, 1);
        m.carve(0, Direction::Right);
        let text: String = m
            .walls()
            .chunks(m.tile_width())
            .map(|row| {
                row.iter()
                    .map(|&w| if w { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        assert_eq!(text, "#####\n#...#\n#####\n");
        assert_eq!(m.cell_at_tile(Pos::new(1, 3)), Some(1));
        assert_eq!(m.cell_at_tile(Pos::new(1, 2)), None);
    }

    #[test]
    fn an_open_maze_has_every_passage() {
        let mut m = Maze::new(4, 3);
        m.open_all();
        assert_eq!(m.passages(), 3 * 3 + 4 * 2);
        assert!(m.is_connected());
        assert!(!m.is_perfect());
    }
}
