//! Recursive backtracker: a depth-first search with an explicit stack, as in
//! the classic Ruby Quiz maze. Long, winding corridors and few dead ends.

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze, unvisited_neighbors};

/// Walk to a random unvisited neighbour while there is one; otherwise step
/// back along the stack until a cell with an unvisited neighbour appears.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Backtracker;

impl Carve for Backtracker {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut visited = vec![false; maze.len()];
        let start = below(rng, maze.len());
        visited[start] = true;
        let mut stack = vec![start];
        let mut options = Vec::with_capacity(4);
        while let Some(&cell) = stack.last() {
            unvisited_neighbors(maze, cell, &visited, &mut options);
            if options.is_empty() {
                stack.pop();
                continue;
            }
            let (d, next) = options[below(rng, options.len())];
            maze.carve(cell, d);
            visited[next] = true;
            stack.push(next);
        }
    }
}
