//! The explicit game graph: every (hero, dragon) position reachable from the
//! start, each hero move from it, and each dragon reply to that move.
//!
//! Built by the retrograde analyses ([`super::guaranteed`] and
//! [`super::survival`]), which need all positions before they can value any.
//! Everything is stored in flat `Vec`s (compressed sparse rows).

use super::hanging::Hanging;
use super::state::{StateId, StateTable};
use super::{Game, hero_moves};
use crate::graph::CellId;

/// Marks a position whose value is not (yet) known.
pub(super) const UNRESOLVED: u32 = u32::MAX;

/// Stands, among a move's replies, for a position left out by the bound of
/// [`Tree::explore`]: it is never resolved.
pub(super) const OUTSIDE: StateId = StateId::MAX;

/// The explored game.
pub(super) struct Tree {
    pub(super) table: StateTable,
    /// Moves of position `s` are `move_first[s]..move_first[s + 1]`.
    move_first: Vec<u32>,
    /// Replies of move `m` are `reply_first[m]..reply_first[m + 1]`; a move
    /// onto the exit has none and is marked in `escapes`.
    reply_first: Vec<u32>,
    pub(super) escapes: Vec<bool>,
    hero_to: Vec<u32>,
    replies: Vec<StateId>,
    /// Whether the bound left any position out.
    pub(super) pruned: bool,
}

impl Tree {
    /// Explores every position reachable from the start under `game`'s tie
    /// rule (every shortest step for the adversarial and optimistic rules).
    ///
    /// With `bound = Some((b, exit_distance))`, a position first reached in
    /// g moves is left out (as [`OUTSIDE`]) when g plus its dragon-free
    /// distance to the exit exceeds b: no line of at most b moves passes it.
    ///
    /// With `dead_ends`, the moves its rule finds needless (deep into a
    /// dead-end tree the dragon is not in) are left out; the positions
    /// then lack moves, so only [`super::survival::endless`] may value them.
    pub(super) fn explore(
        game: &mut Game<'_, '_>,
        bound: Option<(u32, &[u32])>,
        dead_ends: Option<&Hanging>,
    ) -> Tree {
        let graph = game.graph;
        let (speed, wait) = (game.speed, game.wait);
        let exit = graph.exit();
        let mut tree = Tree::empty();
        tree.table.intern(game.start.0, game.start.1);
        // Breadth-first: positions are numbered in discovery order, so the
        // table is the queue and `depth` is each position's least depth.
        let mut depth: Vec<u32> = vec![0];
        let held = |tree: &Tree, depth: &[u32]| tree.bytes() + size_of_val(depth);
        let mut next: StateId = 0;
        while (next as usize) < tree.table.len() {
            if game.over_budget(tree.table.len(), || held(&tree, &depth)) {
                break;
            }
            let (hero, dragon) = tree.table.get(next);
            let g = depth[next as usize] + 1;
            next += 1;
            for (_, to) in hero_moves(graph, speed, wait, hero, dragon)
                .filter(|&(_, to)| dead_ends.is_none_or(|h| !h.needless(hero, to, dragon)))
            {
                tree.hero_to.push(to.0);
                tree.escapes.push(to == exit);
                let outside = bound.is_some_and(|(b, h)| g + h[to.index()] > b);
                if to != exit {
                    let (table, replies) = (&mut tree.table, &mut tree.replies);
                    let pruned = &mut tree.pruned;
                    game.dragon_replies(dragon, to, |reply| {
                        if outside {
                            *pruned = true;
                            replies.push(OUTSIDE);
                            return;
                        }
                        let (id, new) = table.intern(to, reply);
                        if new {
                            depth.push(g);
                        }
                        replies.push(id);
                    });
                }
                tree.reply_first.push(tree.replies.len() as u32);
            }
            tree.move_first.push(tree.escapes.len() as u32);
        }
        game.record(tree.table.len(), held(&tree, &depth));
        tree
    }

    /// The bytes the tree holds, and those its retrograde analyses
    /// (`guaranteed`, `survival`) will add: per position a value, a queue
    /// entry and the first of its reverse links; per move its owner and its
    /// pending replies; per reply a reverse link.
    fn bytes(&self) -> usize {
        let (positions, moves, replies) = (self.len(), self.escapes.len(), self.replies.len());
        self.table.bytes() + positions * (4 + 12) + moves * (4 + 4 + 1 + 8) + replies * (4 + 4)
    }

    /// A tree of no positions.
    pub(super) fn empty() -> Tree {
        Tree {
            table: StateTable::default(),
            move_first: vec![0],
            reply_first: vec![0],
            escapes: Vec::new(),
            hero_to: Vec::new(),
            replies: Vec::new(),
            pruned: false,
        }
    }

    /// The number of positions.
    pub(super) fn len(&self) -> usize {
        self.table.len()
    }

    /// The moves of position `s`, in direction order.
    pub(super) fn moves(&self, s: StateId) -> std::ops::Range<usize> {
        self.move_first[s as usize] as usize..self.move_first[s as usize + 1] as usize
    }

    /// The dragon's replies to move `m`, in the official direction order.
    pub(super) fn replies(&self, m: usize) -> &[StateId] {
        &self.replies[self.reply_first[m] as usize..self.reply_first[m + 1] as usize]
    }

    /// The hero's cell after move `m`.
    pub(super) fn hero_to(&self, m: usize) -> CellId {
        CellId(self.hero_to[m])
    }

    /// The position each move is made from.
    pub(super) fn owners(&self) -> Vec<StateId> {
        (0..self.len() as StateId)
            .flat_map(|s| self.moves(s).map(move |_| s))
            .collect()
    }

    /// For each position, the moves that have it as a reply, in CSR form:
    /// `(first, moves)` with position `s`'s at `moves[first[s]..first[s + 1]]`.
    pub(super) fn reverse(&self) -> (Vec<u32>, Vec<u32>) {
        let states = self.len();
        let mut first = vec![0u32; states + 1];
        for &r in self.replies.iter().filter(|&&r| r != OUTSIDE) {
            first[r as usize + 1] += 1;
        }
        for i in 0..states {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut moves = vec![0u32; first[states] as usize];
        for m in 0..self.escapes.len() {
            for &r in self.replies(m).iter().filter(|&&r| r != OUTSIDE) {
                moves[fill[r as usize] as usize] = m as u32;
                fill[r as usize] += 1;
            }
        }
        (first, moves)
    }
}
