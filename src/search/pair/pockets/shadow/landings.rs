//! The shadow rule's landings, each handed out only where no earlier jump
//! landed with the dragon on the same end in no more moves (see "Landings
//! made twice" in [`super`]), found without looking at the others.
//!
//! A jump lands on a range of its corridor's path cells of one colour
//! (either, with waiting) and on the tree cells one deep hanging from the
//! range's path cells of the other colour (but the range's two ends).
//! Scanning the whole range for the few cells whose least arrival is still
//! above the jump's was most of a waiting hero's search: on a sparse braid
//! of 1001 tiles a side (708983), 287,812 jumps looked at 1.09 billion
//! cells to hand out 11,902 landings, 65 % of the search's time.
//!
//! Here every path cell and every tree cell one deep is a *slot*, and the
//! slots are grouped by corridor and *class*: a path cell's class is the
//! parity of its steps `p` from the end `a`, a tree cell's the other
//! parity of its path cell's, so that the cells one jump lands on are
//! those of one class (both with waiting) within a range of `p`, a
//! contiguous run of slots. Within a group the slots go by `p`, a path
//! cell's tree cells in the order of [`Graph::neighbors`]. Over all the
//! slots, per end, a tree of maxima of the least arrivals lets a jump
//! visit only the slots above its own arrival: `O((k + 1) log n)` for `k`
//! landings, instead of the range's length. The landings go out in the
//! order the scan gave them: by steps from the near end, a path cell
//! before the tree cells hanging from it.

use super::{Corridors, NONE};
use crate::graph::{CellId, Graph};

/// A jump's landing ground: its corridor, whether the near end is `a`,
/// the hero's steps from the near end, the dragon's turns to it and the
/// path cells in the shadow (see [`super::Jump`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ground {
    pub(super) corridor: u32,
    pub(super) near_a: bool,
    pub(super) hero: u32,
    pub(super) turns: u32,
    pub(super) size: u32,
}

/// The least arrival at every slot, per end (see the module's
/// documentation).
pub(super) struct Landings {
    /// Per slot: its cell, its path cell's steps from `a`, and 0 for a
    /// path cell or `1 + i` for its `i`-th tree cell.
    cell: Vec<u32>,
    place: Vec<u32>,
    sub: Vec<u8>,
    /// Per corridor and class (`2k + class`): where its slots start; the
    /// slots' count last.
    groups: Vec<u32>,
    /// Leaves' count of the trees: a power of two, at least the slots'.
    width: usize,
    /// Per end (`b` first, then `a`): a tree of maxima, the root at 1 and
    /// the leaves from `width` on, each the least turn a jump landed on
    /// the slot with the dragon on that end, or [`NONE`].
    least: [Vec<u32>; 2],
    /// Scratch: the slots a jump lands on, and the descent's stack.
    found: Vec<u32>,
    stack: Vec<(usize, usize, usize)>,
}

impl Landings {
    /// The slots of `corridors`' path cells and of the tree cells one deep
    /// hanging from them, on `graph`.
    pub(super) fn new(graph: &Graph, corridors: &Corridors) -> Landings {
        let (mut cell, mut place, mut sub) = (Vec::new(), Vec::new(), Vec::new());
        let mut groups = Vec::with_capacity(corridors.corridors.len() * 2 + 1);
        for (k, corridor) in corridors.corridors.iter().enumerate() {
            let k = k as u32;
            for class in 0..2 {
                groups.push(cell.len() as u32);
                for p in 1..corridor.len {
                    let x = corridors.cell(k, p);
                    if p % 2 == class {
                        cell.push(x.0);
                        place.push(p);
                        sub.push(0);
                        continue;
                    }
                    let trees = graph.neighbors(x).map(|(_, m)| m).filter(|&m| {
                        corridors.place[m.index()] == NONE && corridors.home[m.index()] == k
                    });
                    for (i, m) in trees.enumerate() {
                        cell.push(m.0);
                        place.push(p);
                        sub.push(1 + i as u8);
                    }
                }
            }
        }
        groups.push(cell.len() as u32);
        let width = cell.len().next_power_of_two();
        Landings {
            cell,
            place,
            sub,
            groups,
            width,
            least: [vec![NONE; 2 * width], vec![NONE; 2 * width]],
            found: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        (self.cell.len() + self.place.len() + self.groups.len()) * size_of::<u32>()
            + self.sub.len()
            + (self.least[0].len() + self.least[1].len() + self.found.capacity()) * size_of::<u32>()
            + self.stack.capacity() * size_of::<(usize, usize, usize)>()
    }

    /// Lands a jump on `ground` after `arrival` turns, `len` the length of
    /// its corridor: hands to `out`, in the scan's order, each cell a walk
    /// of `turns` moves inside the shadow reaches (with the parity of
    /// `turns`, unless the hero `waits`) that no jump landed on with the
    /// dragon on the same end in `arrival` turns or fewer, and keeps
    /// `arrival` as that cell's least.
    pub(super) fn land(
        &mut self,
        ground: Ground,
        len: u32,
        waits: bool,
        arrival: u32,
        mut out: impl FnMut(CellId),
    ) {
        let Ground {
            corridor,
            near_a,
            hero,
            turns,
            size,
        } = ground;
        let (low, high) = (hero.saturating_sub(turns).max(1), (hero + turns).min(size));
        if low > high {
            return;
        }
        let (p_low, p_high) = if near_a {
            (low, high)
        } else {
            (len - high, len - low)
        };
        // A path cell `s` steps from the near end is landed on when
        // `turns - |s - hero|` is even, a tree cell under it when that is
        // odd: `s` is `p`, or `len - p` from `b`.
        let wanted = (hero + turns + if near_a { 0 } else { len }) % 2;
        let side = usize::from(near_a);
        self.found.clear();
        for class in 0..2 {
            if !waits && class != wanted {
                continue;
            }
            let group = (corridor * 2 + class) as usize;
            let (start, end) = (self.groups[group] as usize, self.groups[group + 1] as usize);
            let places = &self.place[start..end];
            let from = start + places.partition_point(|&p| p < p_low);
            let to = start + places.partition_point(|&p| p <= p_high);
            self.above((from, to), side, arrival);
        }
        let steps = |p: u32| if near_a { p } else { len - p };
        let (place, sub) = (&self.place, &self.sub);
        // A tree cell hangs one step further: not from the range's ends.
        self.found
            .retain(|&i| sub[i as usize] == 0 || steps(place[i as usize]).abs_diff(hero) < turns);
        self.found
            .sort_unstable_by_key(|&i| (steps(place[i as usize]), sub[i as usize]));
        for k in 0..self.found.len() {
            let i = self.found[k] as usize;
            self.set(side, i, arrival);
            out(CellId(self.cell[i]));
        }
    }

    /// Adds to `found` the slots in `from..to` whose least on end `side`
    /// is above `bound`, descending the tree only where its maximum is.
    fn above(&mut self, (from, to): (usize, usize), side: usize, bound: u32) {
        let least = &self.least[side];
        self.stack.clear();
        self.stack.push((1, 0, self.width));
        while let Some((node, low, high)) = self.stack.pop() {
            if high <= from || to <= low || least[node] <= bound {
                continue;
            }
            if node >= self.width {
                self.found.push((node - self.width) as u32);
                continue;
            }
            let middle = (low + high) / 2;
            self.stack.push((2 * node + 1, middle, high));
            self.stack.push((2 * node, low, middle));
        }
    }

    /// Lowers slot `i`'s least on end `side` to `arrival`.
    fn set(&mut self, side: usize, i: usize, arrival: u32) {
        let least = &mut self.least[side];
        let mut node = self.width + i;
        least[node] = arrival;
        while node > 1 {
            node /= 2;
            least[node] = least[2 * node].max(least[2 * node + 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::search::Solver;
    use crate::search::tests::xorshift;

    /// The cells a jump lands on, as the scan of its whole range gives
    /// them, with the least arrivals kept per cell and end in `landed`.
    fn scanned(
        graph: &Graph,
        corridors: &Corridors,
        landed: &mut [u32],
        (ground, waits, arrival): (Ground, bool, u32),
    ) -> Vec<CellId> {
        let (corridor, near_a) = (ground.corridor, ground.near_a);
        let (hero, turns, size) = (ground.hero, ground.turns, ground.size);
        let len = corridors.corridors[corridor as usize].len;
        let near_cell = |s: u32| corridors.cell(corridor, if near_a { s } else { len - s });
        let mut cells = Vec::new();
        let mut land_on = |x: CellId| {
            let was = &mut landed[x.index() * 2 + usize::from(near_a)];
            if *was > arrival {
                *was = arrival;
                cells.push(x);
            }
        };
        for s in hero.saturating_sub(turns).max(1)..=(hero + turns).min(size) {
            let x = near_cell(s);
            let apart = s.abs_diff(hero);
            if waits || (turns - apart) % 2 == 0 {
                land_on(x);
            }
            if apart < turns && (waits || (turns - apart - 1) % 2 == 0) {
                for (_, m) in graph.neighbors(x) {
                    if corridors.place[m.index()] == NONE && corridors.home[m.index()] == corridor {
                        land_on(m);
                    }
                }
            }
        }
        cells
    }

    /// On a braid with long corridors and dead ends hanging from them,
    /// random jumps (any corridor, either end, any hero cell, turns and
    /// arrival, with and without waiting) land on the same cells in the
    /// same order as the scan of their whole range.
    #[test]
    fn the_landings_are_the_scans() {
        let map = "\
###############
#H......#.....#
#.#####.#.###.#
#.#...#...#...#
#.#.#.#####.#.#
#...#.......#.#
###.#######.#.#
#...#D....#.#.#
#.###.###.#.#.#
#.....#.....#E#
###############
";
        let puzzle = Puzzle::parse(map.as_bytes()).unwrap();
        let solver = Solver::new(&puzzle);
        let graph = solver.graph();
        let corridors = Corridors::new(graph, &solver.hanging);
        let long: Vec<u32> = (0..corridors.corridors.len() as u32)
            .filter(|&k| corridors.corridors[k as usize].len >= 3)
            .collect();
        assert!(long.len() >= 2, "the map has corridors to land on");
        let has_trees =
            (0..graph.len()).any(|c| corridors.place[c] == NONE && corridors.home[c] != NONE);
        assert!(has_trees, "the map has dead ends hanging from corridors");
        let mut next = xorshift(27);
        let mut below = |n: u32| next(n as usize) as u32;
        for waits in [false, true] {
            let mut landings = Landings::new(graph, &corridors);
            let mut landed = vec![NONE; graph.len() * 2];
            let mut handed = 0;
            for _ in 0..3000 {
                let corridor = long[below(long.len() as u32) as usize];
                let len = corridors.corridors[corridor as usize].len;
                let size = 1 + below(len - 1);
                // Short jumps too, whose range ends inside the shadow.
                let reach = if below(2) == 0 { 4 } else { 2 * len - 2 };
                let ground = Ground {
                    corridor,
                    near_a: below(2) == 1,
                    hero: 1 + below(size),
                    turns: 2 + below(reach),
                    size,
                };
                let arrival = below(60);
                let want = scanned(graph, &corridors, &mut landed, (ground, waits, arrival));
                let mut got = Vec::new();
                landings.land(ground, len, waits, arrival, |x| got.push(x));
                assert_eq!(got, want, "{ground:?}, waits {waits}, arrival {arrival}");
                handed += got.len();
            }
            assert!(handed > 100, "the jumps landed ({handed})");
        }
    }
}
