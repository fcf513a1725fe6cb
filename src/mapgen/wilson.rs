//! Wilson's algorithm: loop-erased random walks from each cell outside the
//! tree until they hit it. Like Aldous–Broder it draws a uniform spanning
//! tree, but much faster once the tree has grown.

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze};
use crate::graph::Direction;

/// Grow the tree by loop-erased random walks, started from the cells in
/// row-major order.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wilson;

impl Carve for Wilson {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut in_tree = vec![false; maze.len()];
        in_tree[below(rng, maze.len())] = true;
        // The direction the current walk last left each cell by: following
        // it from the walk's start gives the loop-erased path.
        let mut exit_dir = vec![Direction::Up; maze.len()];
        for start in 0..maze.len() {
            if in_tree[start] {
                continue;
            }
            let mut cell = start;
            while !in_tree[cell] {
                let (d, next) = maze.random_step(cell, rng);
                exit_dir[cell] = d;
                cell = next;
            }
            let mut cell = start;
            while !in_tree[cell] {
                let d = exit_dir[cell];
                in_tree[cell] = true;
                maze.carve(cell, d);
                cell = maze.neighbor(cell, d).expect("the walk stayed inside");
            }
        }
    }
}
