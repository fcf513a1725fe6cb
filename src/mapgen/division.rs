//! Recursive division: start from an open field and split each chamber with
//! a wall that has one gap, until chambers are one cell wide. Long straight
//! walls and a boxy look.

use rand_core::Rng;

use super::random::{below, coin};
use super::{Carve, Maze};
use crate::graph::Direction;

/// Split chambers (kept on an explicit stack, not the call stack) across
/// their longer side, at a random place, leaving a random gap.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Division;

/// A rectangle of cells: top row, left column, height, width.
#[derive(Clone, Copy)]
struct Chamber {
    row: usize,
    col: usize,
    height: usize,
    width: usize,
}

impl Carve for Division {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        maze.open_all();
        let mut chambers = vec![Chamber {
            row: 0,
            col: 0,
            height: maze.height(),
            width: maze.width(),
        }];
        while let Some(c) = chambers.pop() {
            if c.height < 2 && c.width < 2 {
                continue;
            }
            let horizontal = if c.width < c.height {
                true
            } else if c.height < c.width {
                false
            } else {
                coin(rng)
            };
            if horizontal {
                // A wall below row `c.row + k - 1`, with one gap.
                let k = 1 + below(rng, c.height - 1);
                let gap = c.col + below(rng, c.width);
                for col in (c.col..c.col + c.width).filter(|&col| col != gap) {
                    maze.build_wall(maze.cell(c.row + k - 1, col), Direction::Down);
                }
                chambers.push(Chamber { height: k, ..c });
                chambers.push(Chamber {
                    row: c.row + k,
                    height: c.height - k,
                    ..c
                });
            } else {
                let k = 1 + below(rng, c.width - 1);
                let gap = c.row + below(rng, c.height);
                for row in (c.row..c.row + c.height).filter(|&row| row != gap) {
                    maze.build_wall(maze.cell(row, c.col + k - 1), Direction::Right);
                }
                chambers.push(Chamber { width: k, ..c });
                chambers.push(Chamber {
                    col: c.col + k,
                    width: c.width - k,
                    ..c
                });
            }
        }
    }
}
