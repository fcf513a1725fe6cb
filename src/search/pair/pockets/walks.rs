//! The dragon's walks towards cut cells for the pocket rule (see the
//! parent module, "What it costs"): how many turns a walk takes (the
//! dragon's distance, or, where the oracle does not tell it, the walk
//! asked a few steps at a time and kept by cell), and where the dragon
//! stands after a number of turns.

use super::{NONE, Pockets, WALK_PER_JUMP, WALK_QUESTIONS, walk_key};
use crate::graph::CellId;
use crate::search::turn::Game;

impl Pockets<'_> {
    /// The dragon's cell `steps` turns after `dragon` on its walk to `c`,
    /// which passes `top` after `to_top` turns. Past `top` the walk goes
    /// down the cut tree: every shortest path from `top` to `c` passes each
    /// cut cell `m` between them, `e(m) − e(top)` steps from `top`, so the
    /// walk is asked of the oracle only inside the block it is in then
    /// (steps kept with the walks).
    pub(super) fn after_steps(
        &mut self,
        game: &mut Game<'_>,
        dragon: CellId,
        (top, to_top): (CellId, u32),
        c: CellId,
        steps: u32,
    ) -> CellId {
        if steps <= to_top {
            return self.walk_on(game, dragon, top, steps);
        }
        let at = self.exit_distance[top.index()] + (steps - to_top);
        let (cell, exact) = self.cuts().on_the_way(self.exit_distance, top, c, at);
        if exact {
            return cell;
        }
        let left = at - self.exit_distance[cell.index()];
        self.walk_on(game, cell, c, left)
    }

    /// The dragon's cell `turns` turns after `at` on its walk to `c`, which
    /// it does not pass: on a corridor the walk goes on
    /// ([`crate::graph::Graph::onward`]), elsewhere it takes the step kept
    /// with the walks, or asks the oracle and keeps it.
    fn walk_on(&mut self, game: &mut Game<'_>, mut at: CellId, c: CellId, turns: u32) -> CellId {
        let mut from = None;
        for _ in 0..turns {
            debug_assert_ne!(at, c, "a walk stops at its end");
            let onward = from.and_then(|from| game.graph.onward(at, from));
            let key = walk_key(at, c);
            let next = match onward.or_else(|| self.walks.get(&key).map(|&(next, _)| next)) {
                Some(next) => next,
                None => {
                    let mut next = at;
                    game.dragon_replies(at, c, |reply| next = reply);
                    self.walks.insert(key, (next, NONE));
                    next
                }
            };
            (from, at) = (Some(at), next);
        }
        at
    }

    /// How many turns the dragon on `dragon` takes to reach `c`, with the
    /// hero in `c`'s pocket: its distance, when the oracle tells it.
    /// Otherwise the walk is stepped out: `None` if finding out would ask
    /// the oracle more new steps than [`WALK_QUESTIONS`] or the steps known
    /// before (those asked are kept), or when the walks are past their
    /// budget and this one is not known to its end (see
    /// [`WALK_BUDGET`](super::WALK_BUDGET)).
    pub(super) fn turns(&mut self, game: &mut Game<'_>, dragon: CellId, c: CellId) -> Option<u32> {
        if dragon == c {
            return Some(0);
        }
        // The walk takes a shortest step a turn: its turns are the
        // dragon's distance, when the oracle tells it.
        if self.distances {
            if let Some(apart) = game.dragon_distance(dragon, c) {
                return Some(apart);
            }
        }
        let key = |cell: CellId| walk_key(cell, c);
        let share = self.stored.checked_div(self.walk_share).unwrap_or(0);
        if self.asked >= self.walk_budget + WALK_PER_JUMP * self.applied + share {
            // Past the budget, only walks known to their end.
            return match self.walks.get(&key(dragon)) {
                Some(&(_, known)) if known != NONE => Some(known),
                _ => None,
            };
        }
        self.walk.clear();
        let mut at = dragon;
        let mut left = 0;
        let mut asked = 0;
        while at != c {
            match self.walks.get(&key(at)) {
                Some(&(_, known)) if known != NONE => {
                    left = known;
                    break;
                }
                Some(&(next, _)) => {
                    self.walk.push(at);
                    at = next;
                }
                None => {
                    // As many questions as steps were known: a long walk
                    // takes a few positions, not one per few steps.
                    if asked >= WALK_QUESTIONS.max(self.walk.len() as u32 - asked) {
                        return None;
                    }
                    asked += 1;
                    self.asked += 1;
                    let mut next = at;
                    game.dragon_replies(at, c, |reply| next = reply);
                    debug_assert_ne!(next, at, "the dragon has a way to the pocket");
                    self.walks.insert(key(at), (next, NONE));
                    self.walk.push(at);
                    at = next;
                }
            }
        }
        for &cell in self.walk.iter().rev() {
            left += 1;
            self.walks.insert(key(cell), (at, left));
            at = cell;
        }
        Some(self.walks.get(&key(dragon)).map_or(0, |&(_, turns)| turns))
    }
}
