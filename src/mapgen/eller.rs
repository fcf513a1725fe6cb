//! Eller's algorithm: one row at a time with sets of connected cells, so
//! memory grows with the width only. Random joins within a row, then at
//! least one passage down from every set; the last row joins all sets.

use rand_core::Rng;

use super::kruskal::UnionFind;
use super::random::{below, coin};
use super::{Carve, Maze};
use crate::graph::Direction;

const NONE: u32 = u32::MAX;

/// Row-by-row set joining; sets are relabelled `0..width` on each row.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Eller;

impl Carve for Eller {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let (width, height) = (maze.width(), maze.height());
        // Per column, the set label of the cell in the current row (NONE:
        // not connected from above yet). Labels are below `width`.
        let mut label = vec![NONE; width];
        let mut sets = UnionFind::new(width);
        let mut members: Vec<(u32, u32)> = Vec::with_capacity(width);
        let mut relabel = vec![NONE; width];
        for row in 0..height {
            let last = row + 1 == height;
            // Give fresh labels to the cells nobody reached from above.
            let mut used = vec![false; width];
            label
                .iter()
                .filter(|&&l| l != NONE)
                .for_each(|&l| used[l as usize] = true);
            let mut free = (0..width as u32).filter(|&l| !used[l as usize]);
            for l in label.iter_mut().filter(|l| **l == NONE) {
                *l = free.next().expect("a row has as many labels as cells");
            }
            sets.reset();
            for col in 0..width.saturating_sub(1) {
                let (a, b) = (label[col] as usize, label[col + 1] as usize);
                if sets.find(a) != sets.find(b) && (last || coin(rng)) {
                    sets.union(a, b);
                    maze.carve(maze.cell(row, col), Direction::Right);
                }
            }
            if last {
                break;
            }
            members.clear();
            members
                .extend((0..width).map(|col| (sets.find(label[col] as usize) as u32, col as u32)));
            members.sort_unstable();
            label.fill(NONE);
            relabel.fill(NONE);
            let mut next_label = 0;
            for group in members.chunk_by(|a, b| a.0 == b.0) {
                let mut down: Vec<u32> = group
                    .iter()
                    .filter(|_| coin(rng))
                    .map(|&(_, c)| c)
                    .collect();
                if down.is_empty() {
                    down.push(group[below(rng, group.len())].1);
                }
                let root = group[0].0 as usize;
                if relabel[root] == NONE {
                    relabel[root] = next_label;
                    next_label += 1;
                }
                for col in down {
                    maze.carve(maze.cell(row, col as usize), Direction::Down);
                    label[col as usize] = relabel[root];
                }
            }
        }
    }
}
