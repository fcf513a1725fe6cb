//! Sidewinder: row by row, runs of cells joined east, each run closed by one
//! passage north from a random member. The top row is one long corridor.

use rand_core::Rng;

use super::random::{below, coin};
use super::{Carve, Maze};
use crate::graph::Direction;

/// Carve east or close the run with a fair coin; a closed run opens north
/// from one of its cells.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sidewinder;

impl Carve for Sidewinder {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let (width, height) = (maze.width(), maze.height());
        for col in 0..width.saturating_sub(1) {
            maze.carve(maze.cell(0, col), Direction::Right);
        }
        for row in 1..height {
            let mut run_start = 0;
            for col in 0..width {
                let at_east_edge = col + 1 == width;
                if at_east_edge || coin(rng) {
                    let member = run_start + below(rng, col - run_start + 1);
                    maze.carve(maze.cell(row, member), Direction::Up);
                    run_start = col + 1;
                } else {
                    maze.carve(maze.cell(row, col), Direction::Right);
                }
            }
        }
    }
}
