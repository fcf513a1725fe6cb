//! Manhattan cones: whether the dragon reaches its target by a staircase
//! path, and then its shortest steps, by a word-parallel sweep over the
//! rectangle between the two: no search, a few machine words a row; and,
//! when none does, whether a path with a few steps away from the target
//! does, by a sweep a step away at a time.
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
//!
//! **Steps away.** On open ground scattered with pillars, a dragon nearly
//! in line with its target often has no staircase (a pillar stands on
//! every monotone path) and is a few steps longer: 4 to 28 over the
//! Manhattan distance on a room of 1,001 tiles a side with 5 % pillars,
//! more than 32 over for some pairs at 2,001.
//! Every step changes the Manhattan distance by one, so a path with `j`
//! steps away from `t` is `|x - t|₁ + 2j` long, and `dist(x, t) = |x -
//! t|₁ + 2j` for the least such `j`. Call the cells with a path of at most
//! `j` steps away level `j` (level 0 is the cone). A free cell is on level
//! `j` exactly when it is `t`, or one of its steps towards `t` is on level
//! `j`, or one of its steps away is on level `j - 1` (the first step of
//! its path is one or the other). So each level is a sweep like the
//! cone's: seeds from the line before (towards `t`), from the last level
//! on the same line one place further and on the next line (away), filled
//! along free runs towards higher bits by the same carry. A path from the
//! dragon with `j` steps away never strays more than `j` lines or places
//! outside the rectangle (each step outside is one away), so the sweeps
//! cover the rectangle grown by `AWAY` on every side, where the places and
//! lines behind the target's step towards it the other way round (kept in
//! a word of their own, filled the same way). A level computed over the
//! grown rectangle is exact within `AWAY - j` of the rectangle, which is
//! all the answer reads: the dragon is on level `j` and not on `j - 1`
//! when its distance is `|d - t|₁ + 2j`, and then a neighbour is one step
//! closer exactly when it is a step towards `t` on level `j` or a step away
//! on level `j - 1` (towards, a neighbour on `j - 1` would put the dragon
//! there; away, its Manhattan distance is one more). The sweeps stop at
//! the first level that holds the dragon, after `AWAY` levels, or before a
//! level that could take them past a budget (`level_budget`: twice the
//! rectangle's cells in words and 64 words a step of the distance, as a
//! search pops a good part of those cells, each dearer than a word); on
//! each level they stop at the first empty line on each
//! side, so where the levels stay near `t` (in a maze) they cost little.
//! They are asked only when the cone finds no staircase, and where they
//! keep failing only now and then (`BfsFields`).

use crate::graph::{CellId, DirSet, Direction, Graph};

/// The most steps away from the target a path found by the level sweeps
/// may take (see "Steps away"): distances up to the Manhattan distance
/// plus twice this. At most 64, so that the places behind the target's
/// fit in a word.
const AWAY: usize = 32;

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
    /// (Inlined by force: the staircase sweep's inner loop calls it a line
    /// at a time, and the level sweeps call it too.)
    #[inline(always)]
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
    /// The level sweeps' lines (see "Steps away"): one level's and the
    /// last one's, in turn.
    levels: [Vec<u64>; 2],
}

/// A rectangle's frame for the sweeps: which of the map's line sets, the
/// target's line and place along it, the dragon's line, how many bits
/// from the target's place to the dragon's, and how many lines the set has.
struct Frame {
    which: usize,
    first: usize,
    last: usize,
    from: usize,
    count: usize,
    lines: usize,
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
        let scratch =
            3 * (height.max(width) + AWAY).div_ceil(64) + 2 * Self::level_words(height, width);
        (2 * height * width.div_ceil(64) + 2 * width * height.div_ceil(64) + scratch)
            * size_of::<u64>()
    }

    /// The most words the level sweeps keep for each of their two levels:
    /// every line of the largest rectangle grown by `AWAY` on each side,
    /// a word more a line for the places behind the target's.
    fn level_words(height: usize, width: usize) -> usize {
        let longest = height.max(width);
        (longest + 2 * AWAY + 1) * ((longest + AWAY).div_ceil(64) + 1)
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
        let longest = (height.max(width) + AWAY).div_ceil(64);
        let level = Self::level_words(height, width);
        Cone {
            height,
            width,
            lines,
            line: vec![0; longest],
            reach: vec![0; longest],
            before: vec![0; longest],
            levels: [vec![0; level], vec![0; level]],
        }
    }

    /// About how many bytes the cone holds.
    pub(super) fn bytes(&self) -> usize {
        (self.lines.iter().map(|l| l.words.len()).sum::<usize>()
            + self.line.len()
            + self.reach.len()
            + self.before.len()
            + self.levels.iter().map(Vec::len).sum::<usize>())
            * size_of::<u64>()
    }

    /// The rectangle between `dragon` and `target` as lines along the side
    /// that takes fewer words in all, from the target's to the dragon's.
    fn frame(&self, graph: &Graph, dragon: CellId, target: CellId) -> Frame {
        let (d, t) = (graph.pos(dragon), graph.pos(target));
        let rows = d.row.abs_diff(t.row) + 1;
        let cols = d.col.abs_diff(t.col) + 1;
        let by_rows = rows * cols.div_ceil(64) <= cols * rows.div_ceil(64);
        let (which, first, last, from, count) = if by_rows {
            let (which, from) = if d.col >= t.col {
                (0, t.col)
            } else {
                (1, self.width - 1 - t.col)
            };
            (which, t.row, d.row, from, cols)
        } else {
            let (which, from) = if d.row >= t.row {
                (2, t.row)
            } else {
                (3, self.height - 1 - t.row)
            };
            (which, t.col, d.col, from, rows)
        };
        Frame {
            which,
            first,
            last,
            from,
            count,
            lines: if by_rows { self.height } else { self.width },
        }
    }

    /// The dragon's shortest steps towards `target` (a different cell) and
    /// its distance, the Manhattan distance, when a monotone path joins
    /// them, `None` when none does (then the distance is longer); and the
    /// work done (words swept).
    pub(super) fn steps(
        &mut self,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> (Option<(DirSet, u32)>, usize) {
        let frame = self.frame(graph, dragon, target);
        let (which, first, last) = (frame.which, frame.first, frame.last);
        let (from, count) = (frame.from, frame.count);
        // The directions of the dragon's step along a line and across
        // lines, towards the target.
        let (along, across) = back(which, last > first);
        let rows = first.abs_diff(last) + 1;
        let cols = count;
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
                before[i] = reach[i];
                reach[i] = fill_step(line[i], reach[i] & line[i], &mut carry);
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
        let manhattan = (rows - 1 + cols - 1) as u32;
        (Some((steps, manhattan)), work)
    }

    /// The dragon's shortest steps towards `target` and its distance when
    /// no staircase joins them (see "Steps away"), when the distance is at
    /// most the Manhattan distance plus `2 * AWAY`; `None` when it is
    /// longer, or the sweeps would cost more than a search; and the work
    /// done.
    pub(super) fn steps_away(
        &mut self,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> (Option<(DirSet, u32)>, usize) {
        let Frame {
            which,
            first,
            last,
            from,
            count,
            lines: height,
        } = self.frame(graph, dragon, target);
        // Places `b` from -AWAY to `count - 1 + AWAY` along a line from the
        // target's (0) towards the dragon's (`count - 1`): those from 0 up
        // in the line's words, those below 0 in one more word (bit `i` for
        // `b = -1 - i`). Lines `l` from -AWAY to `depth + AWAY` likewise,
        // at `l + AWAY`.
        let depth = first.abs_diff(last);
        let span = count + AWAY;
        let words = span.div_ceil(64);
        let stride = words + 1;
        let lines = depth + 2 * AWAY + 1;
        let budget = level_budget(count * (depth + 1), count - 1 + depth);
        let outwards = last > first;
        let set = &self.lines[which];
        // The map's line `l` lines away from the target's, if any.
        let line_at = |l: isize| -> Option<usize> {
            let y = first as isize + if outwards { l } else { -l };
            (0..height as isize).contains(&y).then_some(y as usize)
        };
        // Line `l`'s free places from 0 up into `out`, and those below 0.
        let read = |l: isize, out: &mut [u64]| -> u64 {
            let Some(y) = line_at(l) else {
                out.fill(0);
                return 0;
            };
            set.extract(y, from, span, out);
            let start = from.saturating_sub(AWAY);
            let below = from - start;
            if below == 0 {
                return 0;
            }
            let mut word = [0];
            set.extract(y, start, below, &mut word);
            word[0].reverse_bits() >> (64 - below)
        };
        let (free, seeds) = (&mut self.line[..words], &mut self.reach[..words]);
        let [now, then] = &mut self.levels;
        let (mut now, mut then) = (&mut now[..lines * stride], &mut then[..lines * stride]);
        let bit = |words: &[u64], i: usize| words[i / 64] >> (i % 64) & 1 == 1;
        let at = |l: isize| (l + AWAY as isize) as usize * stride;
        let (low, high) = (-(AWAY as isize), (depth + AWAY) as isize);
        let (end, dragon) = (count - 1, depth as isize);
        // The lines the last level reached (none before the first): beyond
        // them its lines are empty, and are not read.
        let (mut reached_low, mut reached_high) = (1, -1);
        let mut work = 0;
        for level in 0..=AWAY {
            // The sweep stops before a level that could take it past its
            // budget.
            if work + lines * stride > budget {
                return (None, work);
            }
            let (last_low, last_high) = (reached_low, reached_high);
            let before = |l: isize| (last_low..=last_high).contains(&l);
            // Outwards from the target's line on each side, each line after
            // the one it steps towards, up to an empty line: every line
            // beyond it is empty too. (By induction on the level: a line's
            // cells come from the line before it on this level, or from
            // itself and the next one on the last level; a line empty now
            // was empty on the last level, whose cells are among this
            // level's, so the lines beyond it were empty there too.)
            for (side, range) in [(1, 0..=high), (-1, 1..=-low)] {
                for l in range.map(|l| side * l) {
                    work += stride;
                    let below = read(l, free);
                    let towards = (l != 0).then(|| l - side);
                    seeds.fill(0);
                    let mut seed_low = 0;
                    if let Some(t) = towards {
                        let line = &now[at(t)..][..stride];
                        for i in 0..words {
                            seeds[i] = line[i] & free[i];
                        }
                        seed_low = line[words] & below;
                    } else if level == 0 {
                        seeds[0] = free[0] & 1;
                    }
                    if level > 0 {
                        // A level's cells include the last one's; a step
                        // away onto one of the last level's cells costs a
                        // level.
                        let outer: &[isize] = if l == 0 { &[-1, 1] } else { &[l + side] };
                        let mut away_low = 0;
                        for &o in outer.iter().filter(|&&o| before(o)) {
                            let line = &then[at(o)..][..stride];
                            for i in 0..words {
                                seeds[i] |= free[i] & line[i];
                            }
                            away_low |= line[words];
                        }
                        if before(l) {
                            let own = &then[at(l)..][..stride];
                            away_low |= own[words] >> 1;
                            for i in 0..words {
                                let next = if i + 1 < words { own[i + 1] << 63 } else { 0 };
                                let mut away = own[i] >> 1 | next;
                                if i == 0 {
                                    away |= own[words] & 1;
                                }
                                seeds[i] |= own[i] | free[i] & away;
                            }
                            seed_low |= own[words];
                        }
                        seed_low |= below & away_low;
                    }
                    let out = &mut now[at(l)..][..stride];
                    fill(free, seeds, &mut out[..words]);
                    // Below the target's place, the steps towards it go up.
                    seed_low |= below & out[0] & 1;
                    out[words] = fill_step(below, seed_low, &mut false);
                    if out.iter().all(|&w| w == 0) {
                        break;
                    }
                    reached_low = reached_low.min(l);
                    reached_high = reached_high.max(l);
                }
            }
            if reached_high >= dragon && bit(&now[at(dragon)..], end) {
                // Towards the target onto this level's cells, away from it
                // onto the last level's.
                let (back_along, back_across) = back(which, outwards);
                let mut steps = DirSet::EMPTY;
                let mut step = |yes: bool, direction: Direction| {
                    if yes {
                        steps.insert(direction);
                    }
                };
                step(bit(&now[at(dragon)..], end - 1), back_along);
                step(depth > 0 && bit(&now[at(dragon - 1)..], end), back_across);
                step(
                    before(dragon) && bit(&then[at(dragon)..], end + 1),
                    back_along.opposite(),
                );
                step(
                    before(dragon + 1) && bit(&then[at(dragon + 1)..], end),
                    back_across.opposite(),
                );
                step(
                    depth == 0 && before(-1) && bit(&then[at(-1)..], end),
                    back_across,
                );
                debug_assert!(
                    !steps.is_empty(),
                    "a shortest path leaves through a neighbour"
                );
                let distance = (end + depth + 2 * level) as u32;
                return (Some((steps, distance)), work);
            }
            std::mem::swap(&mut now, &mut then);
        }
        (None, work)
    }
}

/// The most words the level sweeps may cost for a rectangle of `cells`
/// cells between cells `manhattan` apart: twice its cells and 64 words a
/// step of the distance (a search pops at least that many cells, each
/// dearer than a word), and room for all the levels of a small rectangle.
pub(super) fn level_budget(cells: usize, manhattan: usize) -> usize {
    2 * cells + 64 * manhattan + 16_384
}

/// The directions of a step back along a line (towards the target's
/// place) and back across lines (towards the target's line), for the line
/// set `which` and lines numbered outwards (away from the target) or not.
fn back(which: usize, outwards: bool) -> (Direction, Direction) {
    let along = [
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::Down,
    ][which];
    let across = match (which < 2, outwards) {
        (true, true) => Direction::Up,
        (true, false) => Direction::Down,
        (false, true) => Direction::Left,
        (false, false) => Direction::Right,
    };
    (along, across)
}

/// Every free bit from a seed up to the end of its run, into `out` (see
/// "The sweep"; `seeds` within `free`).
fn fill(free: &[u64], seeds: &[u64], out: &mut [u64]) {
    let mut carry = false;
    for ((&free, &seeds), out) in free.iter().zip(seeds).zip(out) {
        *out = fill_step(free, seeds, &mut carry);
    }
}

/// One word of [`fill`], the carry from the word below in and out.
#[inline(always)]
fn fill_step(free: u64, seeds: u64, carry: &mut bool) -> u64 {
    let (sum, c1) = free.overflowing_add(seeds);
    let (sum, c2) = sum.overflowing_add(u64::from(*carry));
    *carry = c1 | c2;
    (sum ^ free) & free | seeds
}

#[cfg(test)]
pub(super) mod tests;
