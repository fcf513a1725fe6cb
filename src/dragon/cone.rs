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
//! rectangle. In a maze the cone dies within a few lines. A sweep that
//! finds no staircase costs no more than one that does: for a Manhattan
//! distance `m`, with sides `a <= b` (`a + b = m + 2`), at most
//! `a * ⌈b / 64⌉ <= (m + 2)² / 256 + a` words, while the search it hands
//! over to pops at least `m` cells, each dearer than a word: at most
//! about `m / 256` words a popped cell, eight at 2,000 tiles apart.

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
        // A cell without neighbours (a closed door, cut off by
        // `Graph::with_closed`, or a tile walled in) is left out: no path
        // passes it, and every two cells left in that touch are joined.
        for c in (0..graph.len() as u32).filter(|&c| graph.neighbors(CellId(c)).next().is_some()) {
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
pub(super) mod tests {
    use super::*;
    use crate::graph::UNREACHABLE;
    use crate::puzzle::{Pos, Puzzle};

    use crate::dragon::Random;

    /// The families of maps, as wall grids of `height` x `width` tiles.
    #[derive(Clone, Copy, Debug)]
    pub(in crate::dragon) enum Family {
        /// Walls anywhere, with a random density.
        Scattered,
        /// One open room.
        Open,
        /// One open room with single-tile pillars.
        Pillars,
        /// A wall on every (even, even) tile, or (odd, odd).
        Lattice,
        /// A perfect maze (a depth-first spanning tree of cells two tiles apart).
        Perfect,
        /// A braided maze with open rectangular rooms carved in.
        Rooms,
    }

    pub(in crate::dragon) const FAMILIES: [Family; 6] = [
        Family::Scattered,
        Family::Open,
        Family::Pillars,
        Family::Lattice,
        Family::Perfect,
        Family::Rooms,
    ];

    fn walls(family: Family, height: usize, width: usize, random: &mut Random) -> Vec<bool> {
        let mut walls = vec![false; height * width];
        match family {
            Family::Scattered => {
                let density = [5, 15, 30, 45][random.below(4) as usize];
                walls.iter_mut().for_each(|w| *w = random.chance(density));
            }
            Family::Open => {}
            Family::Pillars => {
                let density = 2 + random.below(25);
                for r in 0..height {
                    for c in 0..width {
                        let touched = (r.saturating_sub(1)..(r + 2).min(height)).any(|rr| {
                            (c.saturating_sub(1)..(c + 2).min(width))
                                .any(|cc| walls[rr * width + cc])
                        });
                        walls[r * width + c] = !touched && random.chance(density);
                    }
                }
            }
            Family::Lattice => {
                let odd = random.below(2) as usize;
                for r in 0..height {
                    for c in 0..width {
                        walls[r * width + c] = r % 2 == odd && c % 2 == odd;
                    }
                }
            }
            Family::Perfect | Family::Rooms => {
                walls.fill(true);
                let (rows, cols) = (height.div_ceil(2), width.div_ceil(2));
                let mut seen = vec![false; rows * cols];
                let mut stack = vec![(0, 0)];
                seen[0] = true;
                walls[0] = false;
                while let Some(&(r, c)) = stack.last() {
                    let next: Vec<(usize, usize)> = [(0_usize, 1_usize), (2, 1), (1, 0), (1, 2)]
                        .into_iter()
                        .filter_map(|(dr, dc)| {
                            let (r, c) = ((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?);
                            (r < rows && c < cols && !seen[r * cols + c]).then_some((r, c))
                        })
                        .collect();
                    if next.is_empty() {
                        stack.pop();
                        continue;
                    }
                    let (nr, nc) = next[random.below(next.len() as u64) as usize];
                    seen[nr * cols + nc] = true;
                    walls[(r + nr) * width + c + nc] = false;
                    walls[2 * nr * width + 2 * nc] = false;
                    stack.push((nr, nc));
                }
                if let Family::Rooms = family {
                    // Loops, then a few rooms.
                    for r in 0..height {
                        for c in 0..width {
                            if (r + c) % 2 == 1 && random.chance(10) {
                                walls[r * width + c] = false;
                            }
                        }
                    }
                    for _ in 0..1 + height * width / 300 {
                        let (h, w) = (2 + random.below(12) as usize, 2 + random.below(12) as usize);
                        let (r0, c0) = (
                            random.below(height as u64) as usize,
                            random.below(width as u64) as usize,
                        );
                        for r in r0..(r0 + h).min(height) {
                            walls[r * width + c0..r * width + (c0 + w).min(width)].fill(false);
                        }
                    }
                }
            }
        }
        walls
    }

    /// A map of `family` of 60 to 159 tiles a side, wider and taller than
    /// a word, drawn until one has a graph.
    pub(in crate::dragon) fn large_map(family: Family, random: &mut Random) -> Graph {
        loop {
            let (height, width) = (
                60 + random.below(100) as usize,
                60 + random.below(100) as usize,
            );
            if let Some(graph) = map(family, height, width, random) {
                return graph;
            }
        }
    }

    /// A random map of `family`, a border of walls around it or not, with
    /// a few of its cells closed (doors, cut off as `Graph::with_closed`
    /// does) or none; `None` when it has too few free tiles.
    pub(in crate::dragon) fn map(
        family: Family,
        height: usize,
        width: usize,
        random: &mut Random,
    ) -> Option<Graph> {
        let inner = walls(family, height, width, random);
        let border = random.chance(50);
        let (h, w) = if border {
            (height + 2, width + 2)
        } else {
            (height, width)
        };
        let walls: Vec<bool> = (0..h * w)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                if border {
                    r == 0 || c == 0 || r == h - 1 || c == w - 1 || inner[(r - 1) * width + c - 1]
                } else {
                    inner[i]
                }
            })
            .collect();
        let free: Vec<Pos> = (0..h * w)
            .filter(|&i| !walls[i])
            .map(|i| Pos::new(i / w, i % w))
            .collect();
        if free.len() < 3 {
            return None;
        }
        let puzzle = Puzzle::new(w, h, walls, free[0], free[1], free[2]).ok()?;
        let graph = Graph::new(&puzzle);
        Some(if random.chance(25) {
            let closed: Vec<CellId> = (0..graph.len() as u32)
                .filter(|_| random.chance(3))
                .map(CellId)
                .collect();
            graph.with_closed(&closed)
        } else {
            graph
        })
    }

    /// Asks the cone about every dragon for each of `targets`: it answers
    /// exactly when the distance is the Manhattan distance, and then with
    /// the neighbours one closer (the breadth-first distances' answer). How
    /// many pairs it answered.
    fn check(graph: &Graph, targets: impl Iterator<Item = CellId>) -> usize {
        let mut cone = Cone::new(graph);
        let mut answered = 0;
        for target in targets {
            let field = graph.distances_from(target);
            for dragon in (0..graph.len() as u32).map(CellId).filter(|&d| d != target) {
                let dist = field[dragon.index()];
                let expected = (dist != UNREACHABLE && dist == graph.manhattan(dragon, target))
                    .then(|| {
                        graph
                            .neighbors(dragon)
                            .filter(|&(_, n)| field[n.index()] + 1 == dist)
                            .map(|(dir, _)| dir)
                            .collect::<DirSet>()
                    });
                let (steps, work) = cone.steps(graph, dragon, target);
                assert_eq!(
                    steps,
                    expected,
                    "dragon {:?}, target {:?}",
                    graph.pos(dragon),
                    graph.pos(target)
                );
                let (d, t) = (graph.pos(dragon), graph.pos(target));
                let lines = d.row.abs_diff(t.row).min(d.col.abs_diff(t.col)) + 1;
                let longest = d.row.abs_diff(t.row).max(d.col.abs_diff(t.col)) + 1;
                assert!(work <= (lines * longest.div_ceil(64)).max(longest * lines.div_ceil(64)));
                answered += usize::from(steps.is_some());
            }
        }
        answered
    }

    /// Every pair of cells of many small random maps of every family, with
    /// and without border walls and closed cells.
    #[test]
    fn the_cone_answers_exactly_the_manhattan_pairs() {
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        for family in FAMILIES {
            let (mut maps, mut answered) = (0, 0);
            while maps < 60 {
                let (height, width) = if maps % 10 == 0 {
                    (1 + random.below(6) as usize, 60 + random.below(80) as usize)
                } else {
                    (1 + random.below(14) as usize, 1 + random.below(14) as usize)
                };
                let (height, width) = if random.chance(50) {
                    (height, width)
                } else {
                    (width, height)
                };
                let Some(graph) = map(family, height, width, &mut random) else {
                    continue;
                };
                maps += 1;
                answered += check(&graph, (0..graph.len() as u32).map(CellId));
            }
            assert!(answered > 0, "{family:?}: the cone answered some pairs");
        }
    }

    /// Every dragon for a few targets on larger maps of every family, wider
    /// and taller than a word, where the sweep's carries cross words.
    #[test]
    fn the_cone_answers_exactly_across_words() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for family in FAMILIES {
            for _ in 0..3 {
                let graph = large_map(family, &mut random);
                let n = graph.len() as u64;
                let targets: Vec<CellId> = (0..6).map(|_| CellId(random.below(n) as u32)).collect();
                check(&graph, targets.into_iter());
            }
        }
    }

    /// The default oracle, with its cones, against the Floyd–Warshall
    /// reference on every pair of random maps of every family, with room to
    /// spare, with room for nothing past its fixed part (no cone, no
    /// field, no landmarks), and with its skeleton bought at the first
    /// question no walk answers (and no cones: in every family with loops
    /// the skeleton answers some); and with a few targets on larger maps
    /// against breadth-first distances, with room for the cones only. A
    /// distance told with the steps is the reference's.
    #[test]
    fn the_default_oracle_answers_as_the_reference() {
        use crate::dragon::{BfsFields, DragonOracle, FloydWarshall};
        let mut random = Random(0x0123_4567_89ab_cdef);
        for family in FAMILIES {
            let (mut maps, mut skeletal, mut distances_told) = (0, 0, 0);
            while maps < 16 {
                let (height, width) =
                    (1 + random.below(16) as usize, 1 + random.below(16) as usize);
                let Some(graph) = map(family, height, width, &mut random) else {
                    continue;
                };
                maps += 1;
                let n = graph.len() as u32;
                let mut reference = FloydWarshall::new(&graph, 1 << 26).unwrap();
                for way in ["spare", "squeezed", "skeleton"] {
                    let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
                    match way {
                        "squeezed" => oracle.set_room(oracle.bytes()),
                        "skeleton" => oracle.skeleton_first(),
                        _ => {}
                    }
                    for t in (0..n).map(CellId) {
                        for d in (0..n).map(CellId).filter(|&d| d != t) {
                            let answer = oracle.shortest_steps_apart(d, t);
                            let expected = reference.shortest_steps_apart(d, t);
                            let at = (family, graph.pos(d), graph.pos(t));
                            assert_eq!(answer.map(|a| a.0), expected.map(|e| e.0), "{at:?}");
                            // A distance told is the distance.
                            let told = answer.and_then(|a| a.1);
                            if told.is_some() {
                                assert_eq!(told, expected.and_then(|e| e.1), "{at:?}");
                            }
                            distances_told += u32::from(told.is_some());
                        }
                    }
                    skeletal += oracle.skeletal();
                }
            }
            if !matches!(family, Family::Perfect) {
                assert!(skeletal > 0, "{family:?}: the skeleton answered");
                assert!(distances_told > 0, "{family:?}: distances were told");
            }
            for _ in 0..2 {
                let graph = large_map(family, &mut random);
                let n = graph.len() as u64;
                let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
                oracle.set_room(oracle.bytes() + Cone::bytes_needed(&graph));
                for _ in 0..4 {
                    let target = CellId(random.below(n) as u32);
                    let field = graph.distances_from(target);
                    for d in (0..n as u32).map(CellId).filter(|&d| d != target) {
                        let expected = (field[d.index()] != UNREACHABLE).then(|| {
                            graph
                                .neighbors(d)
                                .filter(|&(_, c)| field[c.index()] + 1 == field[d.index()])
                                .map(|(dir, _)| dir)
                                .collect::<DirSet>()
                        });
                        let answer = oracle.shortest_steps_apart(d, target);
                        assert_eq!(answer.map(|a| a.0), expected, "{family:?}");
                        if let Some((_, Some(told))) = answer {
                            assert_eq!(told, field[d.index()], "{family:?}");
                        }
                    }
                }
                if matches!(family, Family::Open | Family::Pillars | Family::Lattice) {
                    assert!(oracle.coned() > 0, "{family:?}: the cones answered");
                }
            }
        }
    }
}
