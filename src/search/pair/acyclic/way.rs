//! The dragon in the way on a loop-free map with keys and doors.
//!
//! Doors change the map under the dragons, so neither the closed form nor
//! the walk of the parent module carries; what does is the dragon in the
//! way. Take the map with every door open, a tree around the exit,
//! rooted there. When a dragon stands on the one path from the hero to the
//! exit (the exit included), the hero never escapes, any number of
//! dragons, any tie rule, any speed, with waits: the map as the doors
//! stand is part of the tree, so a dragon that can reach the hero does so
//! along that path, and one that cannot stays; whatever the hero does
//! (a step on along the path, a step off it, a wait, a door opened), the
//! dragon stays on the hero's path to the exit, between the two. The hero
//! reaches the exit only through every cell of that path, the dragon's
//! among them, and it never steps onto a dragon. The same holds when a
//! dragon will get there first: let the dragon's path to the exit meet
//! the hero's at `j`, `k` cells from the hero. Until the hero first steps
//! onto `j` (it must, and takes at least `k` moves), the dragon's way to
//! the hero passes `j`; if no closed door lies on it the dragon is awake,
//! stays so (doors only open) and walks towards `j`, `s` cells a turn,
//! `s(m - 1)` cells before the hero's `m`-th move. The hero may step onto
//! `j` only when the dragon is more than `s` cells from it (rule 2, the
//! exit too), so at its `m`-th move, `m >= k`, only if the dragon's
//! distance to `j` exceeds `sm >= sk`. So when `sk` is at least that
//! distance, no escape passes the position either. The search leaves such
//! positions out. And a hero whose part of the map (the doors as they
//! stand) holds a dragon is caught in finite time, as on any tree: that
//! dragon can always reach it (doors only open), and each turn it steps
//! into the hero's side of the tree, which shrinks; with no dragon in its
//! part the hero may stay there forever.

use super::Rooted;
use crate::graph::{CellId, Graph};
use crate::puzzle::Locks;
use crate::search::position::Position;

/// The tree of a loop-free map with every door open, rooted at the exit:
/// whether a dragon stands in the hero's way, or gets there first (see the
/// module's documentation).
#[derive(Clone, Debug)]
pub(in crate::search) struct Way {
    /// The breadth-first tree from the exit.
    tree: Rooted,
    /// Per cell: where it enters a preorder numbering of the tree and how
    /// many cells its subtree holds (0 outside the exit's part); a cell is
    /// on the path from `c` to the exit when `c` enters within its span.
    enter: Vec<u32>,
    size: Vec<u32>,
    /// Per cell: its nearest proper ancestor at a depth that is a multiple
    /// of [`JUMP`] (the exit for the exit).
    jump: Vec<u32>,
    /// The doors, in the order of the locks' bits.
    doors: Vec<CellId>,
}

/// How far apart [`Way`]'s jumps land, in depth.
const JUMP: u32 = 64;

impl Way {
    /// The tree of `graph` (a loop-free map, every door open) from its
    /// exit, with its `doors`; `None` if the exit's part has a loop.
    pub(in crate::search) fn new(graph: &Graph, doors: &[CellId]) -> Option<Way> {
        let exit = graph.exit();
        let tree = Rooted::new(graph, exit)?;
        let n = graph.len();
        let (mut enter, mut size, mut jump) = (vec![0; n], vec![0; n], vec![exit.0; n]);
        // Subtree sizes bottom-up, then preorder places and jumps top-down
        // (a parent comes before its children in breadth-first order).
        for &cell in tree.order.iter().rev() {
            size[cell as usize] += 1;
            if let Some(up) = tree.parent(CellId(cell)) {
                size[up.index()] += size[cell as usize];
            }
        }
        // The next free place below each cell.
        let mut next = vec![0; n];
        next[exit.index()] = 1;
        for &cell in &tree.order[1..] {
            let c = CellId(cell);
            let up = tree.parent(c).expect("below the root");
            enter[c.index()] = next[up.index()];
            next[up.index()] += size[c.index()];
            next[c.index()] = enter[c.index()] + 1;
            let at_jump = tree.depth(up).is_some_and(|d| d % JUMP == 0);
            jump[c.index()] = if at_jump { up.0 } else { jump[up.index()] };
        }
        Some(Way {
            tree,
            enter,
            size,
            jump,
            doors: doors.to_vec(),
        })
    }

    /// The bytes it holds.
    pub(in crate::search) fn bytes(&self) -> usize {
        (self.tree.depth.len() * 6 + self.doors.len()) * size_of::<u32>()
    }

    /// Whether `a` is `b` or on the path from `b` to the exit.
    #[inline]
    fn above(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.enter[a] <= self.enter[b] && self.enter[b] < self.enter[a] + self.size[a]
    }

    /// Where the path from `d` to the exit meets the one from `h` (both in
    /// the exit's part).
    fn meeting(&self, h: u32, d: u32) -> u32 {
        let mut x = d;
        while !self.above(self.jump[x as usize], h) {
            x = self.jump[x as usize];
        }
        while !self.above(x, h) {
            x = self.tree.parent[x as usize] - 1;
        }
        x
    }

    /// Whether no escape passes `at` (a dragon `s` steps a turn): a dragon
    /// stands on the one path from the hero to the exit, or, awake, comes
    /// near enough where its way to the hero joins that path before the
    /// hero can pass there.
    pub(in crate::search) fn barred(&self, at: &Position, s: u32) -> bool {
        let h = at.hero.0;
        if self.size[h as usize] == 0 {
            return false;
        }
        at.dragons.live().any(|d| {
            let d = d.0;
            if self.size[d as usize] == 0 {
                return false;
            }
            let j = self.meeting(h, d);
            if j == d {
                return true;
            }
            // The hero needs `k` moves to reach `j`, and may take the
            // `m`-th only while the dragon, coming along the one path
            // through `j`, is more than `sm` from it.
            let depth = &self.tree.depth;
            let k = depth[h as usize] - depth[j as usize];
            let apart = depth[d as usize] - depth[j as usize];
            k > 0 && s.saturating_mul(k) >= apart && self.awake(at.locks, h, d, j)
        })
    }

    /// Whether no closed door lies on the path between `h` and `d`, which
    /// meet at `j`: the dragon reaches the hero, now and from then on
    /// (doors only open).
    fn awake(&self, locks: Locks, h: u32, d: u32, j: u32) -> bool {
        self.doors.iter().enumerate().all(|(i, door)| {
            let c = door.0;
            locks.opened & (1 << i) != 0
                || !(self.above(j, c) && (self.above(c, h) || self.above(c, d)))
        })
    }
}
