//! Manhattan cones: whether the dragon reaches its target by a staircase
//! path, and then its shortest steps, by a word-parallel sweep over the
//! rectangle between the two: no search, a few machine words a row.
//!
//! **Why the answer is exact.** Every step changes the Manhattan distance
//! to the target `t` by exactly one, so `dist(x, t) >= |x - t|₁` for every
//! cell `x`, with equality exactly when a *monotone* path joins them: one
//! whose every step goes towards `t` (a staircase inside the rectangle
//! spanned by `x` and `t`). Call such cells the cone of `t`. When the
//! dragon `d` is in the cone, `dist(d, t) = |d - t|₁`, and a neighbour `n`
//! lies on a shortest path exactly when `dist(n, t) = |d - t|₁ - 1`: a
//! neighbour away from `t` has `|n - t|₁ = |d - t|₁ + 1`, too far already;
//! a neighbour towards `t` has `|n - t|₁ = |d - t|₁ - 1`, so it qualifies
//! exactly when it is in the cone too. The answer is the set of the (at
//! most two) neighbours towards `t` that are in the cone, which is not
//! empty, as `d`'s own staircase leaves through one of them. When `d` is
//! not in the cone, [`Cone::steps`] says so and another method answers.
//!
//! **The sweep.** Orient the rectangle so that `t` is at its origin: lines
//! (rows, or columns when those are fewer words) are taken from `t`'s to
//! `d`'s, and along each line, bit `i` is the cell `i` steps from `t`'s
//! line position towards `d`'s. A cell of a line is in the cone when it is
//! free and, moving towards bit 0 along free cells, it meets a *seed*: on
//! `t`'s line `t` itself, on each next line a free cell whose neighbour on
//! the line before (one step towards `t`) is in the cone. That fill runs
//! through runs of free bits towards higher bits, which is what a carry
//! does: with `f` the free bits and `s` the seeds (`s ⊆ f`),
//! `((f + s) ^ f) & f | s` is every free bit from a seed up to the end of
//! its run (the carry flips each run from its lowest seed up, and the
//! seeds above that one are put back by `| s`); the carry runs on from
//! word to word. A line with no cell in the cone ends the sweep: every
//! monotone path from farther lines crosses it.
//!
//! The cost is the rectangle's lines times its words a line, `⌈w / 64⌉`
//! for the longer side `w` (lines along it): for a dragon 1,000 tiles away
//! across an open room about 16,000 word operations, where a search
//! settles every cell of a shortest path's level, up to the whole
//! rectangle. In a maze the cone dies within a few lines.

use crate::graph::{CellId, DirSet, Direction, Graph};

/// One orientation of the map's free tiles: a line of bits per row (or
/// column), each line padded to whole words.
struct Lines {
    /// Words a line.
    stride: usize,
    words: Vec<u64>,
}

impl Lines {
    fn new(lines: usize, bits: usize) -> Lines {
        let stride = bits.div_ceil(64);
        Lines {
            stride,
            words: vec![0; lines * stride],
        }
    }

    fn set(&mut self, line: usize, at: usize) {
        self.words[line * self.stride + at / 64] |= 1 << (at % 64);
    }

    /// Bits `from..from + count` of `line` into the first
    /// `count.div_ceil(64)` words of `out`, the bits past `count` clear.
    #[inline]
    fn extract(&self, line: usize, from: usize, count: usize, out: &mut [u64]) {
        let words = &self.words[line * self.stride..][..self.stride];
        let shift = from % 64;
        let first = from / 64;
        let k = count.div_ceil(64);
        for (i, slot) in out[..k].iter_mut().enumerate() {
            let low = words.get(first + i).copied().unwrap_or(0) >> shift;
            let high = if shift == 0 {
                0
            } else {
                words.get(first + i + 1).copied().unwrap_or(0) << (64 - shift)
            };
            *slot = low | high;
        }
        if count % 64 != 0 {
            out[k - 1] &= (1 << (count % 64)) - 1;
        }
    }
}

/// The map's free tiles by rows and by columns, each also mirrored, and
/// scratch for the sweep.
pub(super) struct Cone {
    height: usize,
    width: usize,
    /// `[rows, rows right to left, columns, columns bottom to top]`.
    lines: [Lines; 4],
    line: Vec<u64>,
    reach: Vec<u64>,
    before: Vec<u64>,
}

impl Cone {
    /// The extent of `graph`'s free cells: rows and columns up to the last
    /// one that holds a cell.
    fn extent(graph: &Graph) -> (usize, usize) {
        (0..graph.len() as u32).fold((0, 0), |(h, w), c| {
            let p = graph.pos(CellId(c));
            (h.max(p.row + 1), w.max(p.col + 1))
        })
    }

    /// About how many bytes a cone for `graph` takes.
    pub(super) fn bytes_needed(graph: &Graph) -> usize {
        let (height, width) = Self::extent(graph);
        let scratch = 3 * height.max(width).div_ceil(64);
        (2 * height * width.div_ceil(64) + 2 * width * height.div_ceil(64) + scratch)
            * size_of::<u64>()
    }

    /// The cone's bit lines for `graph`.
    pub(super) fn new(graph: &Graph) -> Cone {
        let (height, width) = Self::extent(graph);
        let mut lines = [
            Lines::new(height, width),
            Lines::new(height, width),
            Lines::new(width, height),
            Lines::new(width, height),
        ];
        for c in 0..graph.len() as u32 {
            let p = graph.pos(CellId(c));
            lines[0].set(p.row, p.col);
            lines[1].set(p.row, width - 1 - p.col);
            lines[2].set(p.col, p.row);
            lines[3].set(p.col, height - 1 - p.row);
        }
        let longest = height.max(width).div_ceil(64);
        Cone {
            height,
            width,
            lines,
            line: vec![0; longest],
            reach: vec![0; longest],
            before: vec![0; longest],
        }
    }

    /// About how many bytes the cone holds.
    pub(super) fn bytes(&self) -> usize {
        (self.lines.iter().map(|l| l.words.len()).sum::<usize>()
            + self.line.len()
            + self.reach.len()
            + self.before.len())
            * size_of::<u64>()
    }

    /// The dragon's shortest steps towards `target` (a different cell)
    /// when a monotone path joins them, `None` when none does (then the
    /// distance is longer than the Manhattan distance); and the work done
    /// (words swept).
    pub(super) fn steps(
        &mut self,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> (Option<DirSet>, usize) {
        let (d, t) = (graph.pos(dragon), graph.pos(target));
        let rows = d.row.abs_diff(t.row) + 1;
        let cols = d.col.abs_diff(t.col) + 1;
        // Lines along the side that takes fewer words in all.
        let by_rows = rows * cols.div_ceil(64) <= cols * rows.div_ceil(64);
        let (vertical, horizontal) = (
            if d.row > t.row {
                Direction::Up
            } else {
                Direction::Down
            },
            if d.col > t.col {
                Direction::Left
            } else {
                Direction::Right
            },
        );
        // The lines from the target's to the dragon's, the target's place
        // along them, how many bits, and the directions of the dragon's
        // step along a line and across lines.
        let (which, first, last, from, count, along, across) = if by_rows {
            let (which, from) = if d.col >= t.col {
                (0, t.col)
            } else {
                (1, self.width - 1 - t.col)
            };
            (which, t.row, d.row, from, cols, horizontal, vertical)
        } else {
            let (which, from) = if d.row >= t.row {
                (2, t.row)
            } else {
                (3, self.height - 1 - t.row)
            };
            (which, t.col, d.col, from, rows, vertical, horizontal)
        };
        let lines = &self.lines[which];
        let k = count.div_ceil(64);
        let (line, reach, before) = (
            &mut self.line[..k],
            &mut self.reach[..k],
            &mut self.before[..k],
        );
        let step = |y: usize| if last > first { y + 1 } else { y - 1 };
        let mut y = first;
        let mut work = 0;
        // The target's own line is seeded by the target.
        reach.fill(0);
        reach[0] = 1;
        loop {
            lines.extract(y, from, count, line);
            work += k;
            let mut carry = false;
            let mut any = 0;
            for i in 0..k {
                let free = line[i];
                let seeds = reach[i] & free;
                let (sum, c1) = free.overflowing_add(seeds);
                let (sum, c2) = sum.overflowing_add(u64::from(carry));
                carry = c1 | c2;
                before[i] = reach[i];
                reach[i] = (sum ^ free) & free | seeds;
                any |= reach[i];
            }
            if any == 0 {
                return (None, work);
            }
            if y == last {
                break;
            }
            y = step(y);
        }
        let bit = |words: &[u64], i: usize| words[i / 64] >> (i % 64) & 1 == 1;
        let end = count - 1;
        if !bit(reach, end) {
            return (None, work);
        }
        let mut steps = DirSet::EMPTY;
        if end > 0 && bit(reach, end - 1) {
            steps.insert(along);
        }
        if first != last && bit(before, end) {
            steps.insert(across);
        }
        debug_assert!(!steps.is_empty(), "a staircase leaves through a neighbour");
        (Some(steps), work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::UNREACHABLE;
    use crate::puzzle::{Pos, Puzzle};

    /// A small xorshift generator: the test needs no seeded crate.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// Every pair of cells of many random maps, some wider than a word:
    /// the cone answers exactly when the distance is the Manhattan
    /// distance, and then with the neighbours one closer.
    #[test]
    fn the_cone_answers_exactly_the_manhattan_pairs() {
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        let mut maps = 0;
        while maps < 300 {
            let (height, width) = if maps % 10 == 0 {
                (2 + random.below(6) as usize, 60 + random.below(80) as usize)
            } else {
                (2 + random.below(12) as usize, 2 + random.below(12) as usize)
            };
            let density = [0, 5, 15, 30, 45][random.below(5) as usize];
            let walls: Vec<bool> = (0..height * width)
                .map(|_| random.below(100) < density)
                .collect();
            let free: Vec<Pos> = (0..height * width)
                .filter(|&i| !walls[i])
                .map(|i| Pos::new(i / width, i % width))
                .collect();
            if free.len() < 3 {
                continue;
            }
            let Ok(puzzle) = Puzzle::new(width, height, walls, free[0], free[1], free[2]) else {
                continue;
            };
            maps += 1;
            let graph = Graph::new(&puzzle);
            let mut cone = Cone::new(&graph);
            for t in 0..graph.len() as u32 {
                let field = graph.distances_from(CellId(t));
                for d in (0..graph.len() as u32).filter(|&d| d != t) {
                    let (dragon, target) = (CellId(d), CellId(t));
                    let dist = field[d as usize];
                    let expected = (dist != UNREACHABLE && dist == graph.manhattan(dragon, target))
                        .then(|| {
                            graph
                                .neighbors(dragon)
                                .filter(|&(_, n)| field[n.index()] + 1 == dist)
                                .map(|(dir, _)| dir)
                                .collect::<DirSet>()
                        });
                    assert_eq!(
                        cone.steps(&graph, dragon, target).0,
                        expected,
                        "dragon {:?}, target {:?}, {height}x{width}",
                        graph.pos(dragon),
                        graph.pos(target)
                    );
                }
            }
        }
    }
}
