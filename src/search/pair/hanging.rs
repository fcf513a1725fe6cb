//! Dead-end trees, and why an escape never needs to go deep into one.
//!
//! Peel the map: remove, again and again, a cell with at most one free
//! neighbour left, except the exit. What remains is the *core*; each
//! removed cell belongs to a *hanging tree*, joined to the core at one cell,
//! its *attachment* `a`, and holding no exit. A cell's *depth* is its
//! distance from `a` inside the tree, and its *branch* is its ancestor at
//! depth 1 (two trees hanging from the same `a` are different branches).
//!
//! **Rule.** When the dragon is neither in the branch `T` nor on its
//! attachment `a`, an escape never needs the hero to step from depth `k >= 1`
//! to depth `k + 1` in `T`. So the escape search may leave such moves out;
//! the shortest escape keeps its length. (Back-steps must be allowed: the
//! replacement below uses them.)
//!
//! **Why.** Every path from the dragon `d` to a cell `t` of `T` passes `a`,
//! so `dist(n, t) = dist(n, a) + dist(a, t)` for each neighbour `n` of `d`:
//! the dragon's shortest steps towards any cell of `T` are its shortest
//! steps towards `a`, whatever the tie rule, and each brings it one closer
//! to `a`. Take a line that escapes, and a stretch of it where the hero
//! goes down from depth 1 and comes back to depth 1 (the exit is not in
//! `T`, so it comes back, through `a`), or, for a hero that starts deep in
//! `T`, the stretch until it first reaches depth 1. Replace the stretch by
//! as many steps back and forth between the depth-1 cell `t₁` and `a` (and,
//! for a deep start, the walk straight up first): the parity of the length
//! matches, since the grid is bipartite. The dragon's replies stay the same
//! (it heads for `a` either way), so the line after the stretch is
//! unchanged. The new steps are legal: when the original line steps back
//! onto `a` the dragon is at least 2 from it, and the dragon's distance to
//! `a` only shrank until then, so it was at least 2 at every earlier step
//! onto `a`, and at least 3 from `t₁`. Doing this for every stretch gives an
//! escape of the same length that never steps to depth 2 or more while the
//! dragon is outside `T` and off `a`; in the optimistic rule the hero picks
//! the same dragon steps, and in the guaranteed one the dragon has the same
//! choices.

//!
//! **Per rule set** (see `search::dispatch`):
//! - *Several dragons*: the rule leaves a step out when no dragon is in `T`
//!   or on `a`. Each dragon outside `T` and off `a` heads for `a` whatever
//!   the hero does in `T`, and the dragons move independently (merging
//!   changes no cell any of them goes to), so the replacement above keeps
//!   every dragon's replies, and its new steps are legal against each
//!   dragon by the argument for one.
//! - *Keys and doors*: a branch that holds a key or a door is kept whole
//!   (its cells count as the core's): a key deep in a dead end is worth the
//!   walk, and a door there changes what the hero holds. Other branches
//!   hold neither, so the replacement keeps the locks too; a closed door
//!   elsewhere only removes paths, and every path from a dragon outside `T`
//!   into `T` still passes `a`.
//! - *Waiting*: yes, with waits in place of the steps back and forth: the
//!   stretch is replaced by as many waits on `t₁` (for a deep start, the
//!   walk straight up first, then waits), which keeps the line's length
//!   whatever its parity. The dragon heads for `a` either way, and it is
//!   never on `a` during the stretch (the line then steps back onto `t₁`,
//!   which the dragon on `a` would bar, and the dragon on `a` never leaves
//!   it but into `T`), so it is never next to `t₁` and every wait is
//!   legal. An endless line stays endless the same way.
//! - *A faster dragon* (speed `N`): yes. During a stretch that comes back
//!   to depth 1 the dragon never starts a turn within `N` of `a`: its `N`
//!   steps towards the hero in `T` would take it onto `a` and on into
//!   `T`, between the hero and the exit, and the hero would never come
//!   back. So it walks `N` steps towards `a` each turn without reaching
//!   it, whatever the hero does in `T` or on `a`, and its replies to the
//!   new line are the old ones. The new moves are legal: after the stretch
//!   the line steps onto `a` (the exit is not in `T`; a hero that stayed
//!   in `T` for good would be caught, which no escape or endless line
//!   is), so the dragon is then more than `N` from `a`, and it was further
//!   at every earlier turn (its distance to `a` only shrinks meanwhile):
//!   each step onto `a` or `t₁`, and each wait on `t₁`, of the new line is
//!   out of its reach.

use crate::graph::{CellId, Graph};

const NONE: u32 = u32::MAX;

/// Each cell's parent in its hanging tree and its branch, or [`NONE`] for
/// core cells.
#[derive(Clone, Debug)]
pub(in crate::search) struct Hanging {
    parent: Vec<u32>,
    branch: Vec<u32>,
    /// Whether the exit's part of the map peels to the exit alone: it has
    /// no loop.
    loop_free: bool,
}

impl Hanging {
    /// Peels `graph` (see the module's documentation). A branch that holds
    /// a cell of `kept` (a key or a door) is kept whole: its cells count
    /// as the core's, and the rule never leaves a step into it out.
    pub(in crate::search) fn new(graph: &Graph, kept: &[CellId]) -> Hanging {
        let n = graph.len();
        let mut degree: Vec<u8> = (0..n)
            .map(|c| graph.neighbors(CellId(c as u32)).count() as u8)
            .collect();
        let mut removed = vec![false; n];
        let exit = graph.exit().index();
        let mut stack: Vec<u32> = (0..n as u32)
            .filter(|&c| degree[c as usize] <= 1 && c as usize != exit)
            .collect();
        while let Some(c) = stack.pop() {
            let c = c as usize;
            if removed[c] {
                continue;
            }
            removed[c] = true;
            for (_, m) in graph.neighbors(CellId(c as u32)) {
                let m = m.index();
                if !removed[m] {
                    degree[m] -= 1;
                    if degree[m] <= 1 && m != exit {
                        stack.push(m as u32);
                    }
                }
            }
        }
        // The exit's part keeps a core beyond the exit only around a loop
        // (the core of a connected part stays connected).
        let loop_free = degree[exit] == 0;
        // Down from the core: parents and branches. A component with no
        // exit peels away whole and has no core; its cells stay NONE.
        let mut parent = vec![NONE; n];
        let mut branch = vec![NONE; n];
        let mut queue: Vec<u32> = Vec::new();
        for a in (0..n).filter(|&c| !removed[c]) {
            for (_, t) in graph.neighbors(CellId(a as u32)) {
                if removed[t.index()] && parent[t.index()] == NONE {
                    parent[t.index()] = a as u32;
                    branch[t.index()] = t.0;
                    queue.push(t.0);
                }
            }
        }
        let mut head = 0;
        while let Some(&c) = queue.get(head) {
            head += 1;
            for (_, m) in graph.neighbors(CellId(c)) {
                let mi = m.index();
                if removed[mi] && parent[mi] == NONE && parent[c as usize] != m.0 {
                    parent[mi] = c;
                    branch[mi] = branch[c as usize];
                    queue.push(m.0);
                }
            }
        }
        let kept_branches: Vec<u32> = kept
            .iter()
            .map(|c| branch[c.index()])
            .filter(|&b| b != NONE)
            .collect();
        if !kept_branches.is_empty() {
            for c in 0..n {
                if branch[c] != NONE && kept_branches.contains(&branch[c]) {
                    parent[c] = NONE;
                    branch[c] = NONE;
                }
            }
        }
        Hanging {
            parent,
            branch,
            loop_free,
        }
    }

    /// The bytes it holds.
    pub(in crate::search) fn bytes(&self) -> usize {
        (self.parent.len() + self.branch.len()) * size_of::<u32>()
    }

    /// Whether the exit's part of the map has no loop.
    pub(in crate::search) fn loop_free(&self) -> bool {
        self.loop_free
    }

    /// Whether `cell` lies in a hanging tree (not in the core).
    #[inline]
    pub(super) fn in_tree(&self, cell: CellId) -> bool {
        self.parent[cell.index()] != NONE
    }

    /// The attachment of the hanging tree `cell` lies in, and the cell's
    /// depth there; `None` for a core cell.
    pub(super) fn attachment(&self, cell: CellId) -> Option<(CellId, u32)> {
        let (mut at, mut depth) = (cell.0, 0);
        while self.parent[at as usize] != NONE {
            at = self.parent[at as usize];
            depth += 1;
        }
        (depth > 0).then_some((CellId(at), depth))
    }

    /// Whether `cell` lies in a hanging tree, in the branch of `of`.
    #[inline]
    pub(super) fn in_branch_of(&self, cell: CellId, of: CellId) -> bool {
        let branch = self.branch[of.index()];
        branch != NONE && self.branch[cell.index()] == branch
    }

    /// Whether the rule leaves out the hero's step from `hero` to `to` with
    /// the dragon on `dragon`: a step one deeper, to depth 2 or more, into
    /// a branch the dragon is neither in nor at the attachment of.
    #[inline]
    pub(in crate::search) fn needless(&self, hero: CellId, to: CellId, dragon: CellId) -> bool {
        let t = to.index();
        if self.parent[t] != hero.0 || self.parent[hero.index()] == NONE {
            return false;
        }
        let branch = self.branch[t];
        branch != self.branch[dragon.index()] && dragon.0 != self.parent[branch as usize]
    }

    /// The attachment of the branch when the hero's step from `hero` to
    /// `to` goes one deeper, to depth 2 or more: the steps [`Self::needless`]
    /// leaves out whenever the dragon is neither in that branch nor on the
    /// attachment.
    #[inline]
    pub(super) fn deeper(&self, hero: CellId, to: CellId) -> Option<CellId> {
        let t = to.index();
        (self.parent[t] == hero.0 && self.parent[hero.index()] != NONE)
            .then(|| CellId(self.parent[self.branch[t] as usize]))
    }
}
