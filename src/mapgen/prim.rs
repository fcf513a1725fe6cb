//! Randomised Prim: grow one tree by joining a random frontier cell (an
//! unvisited cell next to the tree) to a random tree neighbour. Many short
//! dead ends radiating from the start.

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze};
use crate::graph::Direction;

/// Pick a random frontier cell, join it to a random visited neighbour.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Prim;

const UNSEEN: u8 = 0;
const FRONTIER: u8 = 1;
const IN_TREE: u8 = 2;

impl Carve for Prim {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut state = vec![UNSEEN; maze.len()];
        let mut frontier: Vec<u32> = Vec::new();
        let add = |maze: &Maze, state: &mut [u8], frontier: &mut Vec<u32>, cell: usize| {
            state[cell] = IN_TREE;
            for d in Direction::ALL {
                if let Some(n) = maze.neighbor(cell, d) {
                    if state[n] == UNSEEN {
                        state[n] = FRONTIER;
                        frontier.push(n as u32);
                    }
                }
            }
        };
        add(maze, &mut state, &mut frontier, below(rng, maze.len()));
        let mut joins = [Direction::Up; 4];
        while !frontier.is_empty() {
            let cell = frontier.swap_remove(below(rng, frontier.len())) as usize;
            let mut n = 0;
            for d in Direction::ALL {
                if maze.neighbor(cell, d).is_some_and(|x| state[x] == IN_TREE) {
                    joins[n] = d;
                    n += 1;
                }
            }
            maze.carve(cell, joins[below(rng, n)]);
            add(maze, &mut state, &mut frontier, cell);
        }
    }
}
