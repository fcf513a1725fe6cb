//! The head-on rule: a dragon in the hero's corridor that walks straight
//! at it.
//!
//! **Rule.** Let the hero stand on the path cell `p` of a corridor (see
//! [`super`]) and the dragon on its path cell `q`, `p < q` (mirrored,
//! `q < p` with `b` for `a`), under a priority rule at the official speed,
//! with or without waiting; the exit at neither end, `a ≠ b`. Let `D =
//! dist(a, b)`, and let `2q < L + D`. Then the shortest escape from `(p,
//! q)` is `p` plus the shortest escape from `(a, q - p)`: the hero walks
//! straight to `a`, and the dragon follows it `p` cells along the path.
//!
//! **Why.** From the dragon on path cell `q` to a cell `x` between it and
//! `a` (a path cell, `a`, or a cell of a tree hanging from a path cell
//! there), a path either goes along the corridor, `q - x` steps (and down
//! the tree), or leaves by `b` and comes back by `a`: at least `L - q + D +
//! x` steps, as the way from `b` to `a` outside is no shorter than `D`.
//! The trees hanging from the dragon's cell are dead ends. With `2q < L +
//! D` the first is the shorter by a strict margin, so the dragon's one
//! shortest step, under any tie rule, is to `q - 1`, and the margin only
//! grows as `q` falls. So while the hero keeps between `a` and the dragon
//! (or in the trees there), the dragon walks `q, q - 1, …` one cell a turn
//! whatever the hero does.
//!
//! The exit is not on the path or in its trees, and the hero can never
//! pass the dragon on the path: so every escape from `(p, q)` first steps
//! onto `a` at some turn `t >= p`, the dragon then on `q - t >= 1` (the
//! hero may not step next to it): the position `(a, q - t)` after `t`
//! turns. Without waiting `t - p` is even (every move is a step), and from
//! the jump's landing `(a, q - p)` after `p` turns the hero reaches that
//! position by stepping back and forth between `a` and the path cell `1`.
//! Every such step is legal: before turn `j`'s step the dragon is on `q -
//! j + 1`, at least 2 cells past the hero's target (cell 1 at turns `j <=
//! t - 1`, with `q - j >= q - t + 1 >= 2`; `a` at turn `t`), and on the
//! walk to `a` it stays `q - p + 1 >= 2` past it. With waiting the hero
//! waits on `a` instead, legal for the same reason: the dragon is not next
//! to `a` before turn `t`. The search expands the landing, whose step back
//! to cell 1 the rule jumps again (and whose wait it takes): so it finds
//! every such position in no more moves, and the walk to `a` is a line of
//! play. The jump costs `p` moves and the free distance falls by at most
//! `p` along it, so the search stays in order and exact.
//!
//! `D` is asked of the oracle once a corridor (where it does not know it,
//! the rule stands aside). On a sparse braid of 1001 tiles a side, 846960,
//! the hero waits in a corridor of 2,000 to 3,000 cells for the dragon to
//! come down it: 2.58 M of the 3.54 M positions the search stored had
//! both on one corridor's path, every cell of the hero's with every cell
//! of the dragon's ahead of it. With the rule it stores 1.15 M in all.

use super::{Corridor, NONE, Shadows};
use crate::graph::CellId;
use crate::search::pair::pockets::Landing;
use crate::search::pair::state::StateId;
use crate::search::turn::Game;

/// [`Shadows::ends`] of a corridor whose ends' distance the oracle did not
/// tell.
const UNKNOWN: u32 = NONE - 1;

impl Shadows {
    /// Applies the head-on rule to `state`, `(hero, dragon)`, both in the
    /// corridor `k` with the hero on its path, and tells whether it did:
    /// its jump goes to `out`.
    pub(super) fn head_on(
        &mut self,
        game: &mut Game<'_>,
        (state, (hero, dragon)): (StateId, (CellId, CellId)),
        k: u32,
        out: impl FnOnce(Landing),
    ) -> bool {
        let corridors = &self.corridors;
        let (p, q) = (
            corridors.place[hero.index()],
            corridors.place[dragon.index()],
        );
        if q == NONE {
            return false;
        }
        let Corridor { a, b, len, .. } = corridors.corridors[k as usize];
        // The hero's and the dragon's steps from the near end.
        let (near_a, s, t) = if p < q {
            (true, p, q)
        } else {
            (false, len - p, len - q)
        };
        let Some(ends) = self.ends(game, k) else {
            return false;
        };
        if 2 * t >= len + ends {
            return false;
        }
        let corridors = &self.corridors;
        let (near, reply) = if near_a {
            (a, corridors.cell(k, q - p))
        } else {
            (b, corridors.cell(k, q + s))
        };
        self.jumped += 1;
        self.head_on += 1;
        out(Landing::ShadowJump(state, near, reply, s, near_a));
        true
    }

    /// The distance between the ends of the corridor `k`, asked of the
    /// oracle once, if it tells it.
    fn ends(&mut self, game: &mut Game<'_>, k: u32) -> Option<u32> {
        let known = &mut self.ends[k as usize];
        if *known == NONE {
            let Corridor { a, b, .. } = self.corridors.corridors[k as usize];
            *known = game.dragon_replies_apart(a, b, |_| {}).unwrap_or(UNKNOWN);
        }
        (*known != UNKNOWN).then_some(*known)
    }
}
