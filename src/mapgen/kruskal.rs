//! Randomised Kruskal: every wall in random order, opened when it separates
//! two cells that are not yet connected (a union-find forest decides).

use rand_core::Rng;

use super::random::shuffle;
use super::{Carve, Maze};
use crate::graph::Direction;

/// Open the shuffled walls that join two different trees.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Kruskal;

impl Carve for Kruskal {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        // A wall is a cell and 0 (down) or 1 (right), packed as 2 * cell + side.
        let mut walls: Vec<u32> = (0..maze.len())
            .flat_map(|cell| {
                let down = maze
                    .neighbor(cell, Direction::Down)
                    .map(|_| 2 * cell as u32);
                let right = maze
                    .neighbor(cell, Direction::Right)
                    .map(|_| 2 * cell as u32 + 1);
                down.into_iter().chain(right)
            })
            .collect();
        shuffle(rng, &mut walls);
        let mut forest = UnionFind::new(maze.len());
        let mut joined = 1;
        for wall in walls {
            let cell = (wall / 2) as usize;
            let d = if wall % 2 == 0 {
                Direction::Down
            } else {
                Direction::Right
            };
            let next = maze.neighbor(cell, d).expect("walls lie between cells");
            if forest.union(cell, next) {
                maze.carve(cell, d);
                joined += 1;
                if joined == maze.len() {
                    return;
                }
            }
        }
    }
}

/// A union-find forest over `0..n` with path halving and union by size.
pub(crate) struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    /// Makes every element a singleton again.
    pub(crate) fn reset(&mut self) {
        for (i, p) in self.parent.iter_mut().enumerate() {
            *p = i as u32;
        }
        self.size.fill(1);
    }

    /// The representative of `x`'s set.
    pub(crate) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grandparent = self.parent[self.parent[x] as usize];
            self.parent[x] = grandparent;
            x = grandparent as usize;
        }
        x
    }

    /// Joins the sets of `a` and `b`; `false` if they were already one.
    pub(crate) fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        true
    }
}
