//! Growing tree: keep a list of active cells; grow from the newest one (like
//! the backtracker) or from a random one (like Prim), mixed by a percentage.

use rand_core::Rng;

use super::random::{below, chance};
use super::{Carve, Maze, unvisited_neighbors};

/// Grow from the newest active cell with probability `newest` percent,
/// otherwise from a random active cell; retire cells with no unvisited
/// neighbour.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GrowingTree {
    /// How often, in percent (0 to 100), to grow from the newest cell.
    pub(crate) newest: u8,
}

impl Default for GrowingTree {
    /// Half newest, half random.
    fn default() -> Self {
        GrowingTree { newest: 50 }
    }
}

impl Carve for GrowingTree {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut visited = vec![false; maze.len()];
        let start = below(rng, maze.len());
        visited[start] = true;
        let mut active = vec![start as u32];
        let mut options = Vec::with_capacity(4);
        let newest = usize::from(self.newest.min(100));
        while !active.is_empty() {
            let i = if chance(rng, newest, 100) {
                active.len() - 1
            } else {
                below(rng, active.len())
            };
            let cell = active[i] as usize;
            unvisited_neighbors(maze, cell, &visited, &mut options);
            if options.is_empty() {
                // Retiring by swap keeps this linear; the last cell takes the
                // retired one's place in the list.
                active.swap_remove(i);
                continue;
            }
            let (d, next) = options[below(rng, options.len())];
            maze.carve(cell, d);
            visited[next] = true;
            active.push(next as u32);
        }
    }
}
