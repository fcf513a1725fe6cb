//! Aldous–Broder: a random walk that carves into every cell it enters for
//! the first time. Slow (it must cover the whole grid) but it draws a
//! uniform spanning tree: every perfect maze is equally likely.

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze};

/// Walk at random until every cell has been visited.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AldousBroder;

impl Carve for AldousBroder {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut visited = vec![false; maze.len()];
        let mut cell = below(rng, maze.len());
        visited[cell] = true;
        let mut remaining = maze.len() - 1;
        while remaining > 0 {
            let (d, next) = maze.random_step(cell, rng);
            if !visited[next] {
                maze.carve(cell, d);
                visited[next] = true;
                remaining -= 1;
            }
            cell = next;
        }
    }
}
