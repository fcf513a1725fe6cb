//! Answering a question no field holds: the skeleton once bought, a walk
//! down a root field, the cones, else a goal-directed search (and maybe a
//! new root or field bought for the next questions), in the order the
//! credits say.

use super::{
    BfsFields, CONE_CREDIT_MAX, LEVEL_RETRY_EVERY, RETRY_EVERY, RETRY_WORK, WALK_CREDIT_MAX, guide,
};
use crate::dragon::cone::Cone;
use crate::dragon::directed::Outcome;
use crate::dragon::steps_from_field;
use crate::graph::{CellId, DirSet, UNREACHABLE};

impl BfsFields<'_> {
    /// The dragon's steps towards `target`, `apart` steps away, once a
    /// directed search from one of its neighbours gave up (adding the work
    /// to `cost`). Finishing the first search's level costs about every cell
    /// on a shortest path between them: a few in a maze, a rectangle of
    /// about apart² / 2 cells in open ground. When the recent finishes cost
    /// a quarter of the map (a search settles a cell about four times slower
    /// than a field's pass), the target's full field is cheaper, and stays
    /// for its next questions.
    fn settle_level(
        &mut self,
        dragon: CellId,
        target: CellId,
        apart: u32,
        cost: &mut usize,
    ) -> DirSet {
        let graph = self.graph;
        let wide = self.finish_work >= graph.len() as u64 / 4;
        if let Some(slot) = if wide { self.promote(target) } else { None } {
            *cost += graph.len();
            // Forget a little, so a change of ground is noticed.
            self.finish_work -= self.finish_work / 8;
            let field = &self.fields[slot];
            return steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE)
                .expect("the dragon is connected to its target")
                .0;
        }
        let before = *cost;
        let steps = self.directed.finish_level(
            graph,
            guide(&self.shared, self.trial),
            dragon,
            apart - 1,
            cost,
        );
        let spent = (*cost - before) as u64;
        self.finish_work = self.finish_work - self.finish_work / 8 + spent / 8;
        steps
    }

    /// The dragon's steps for a question no field holds: a walk down a root
    /// field, else goal-directed searches (and maybe a new root or field);
    /// with the distance, when the method that answered knew it.
    pub(super) fn answer(
        &mut self,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, Option<u32>)> {
        let graph = self.graph;
        self.questions += 1;
        // Once the skeleton is bought it answers before the walks and the
        // cones' level sweeps: a label read costs a few hundred entries,
        // a sweep up to its budget of words (on open rooms in a maze,
        // where both answer, the sweeps made a solve a third slower), and
        // a walk over a braided maze's forks as much as the labels when it
        // answers and more when it does not (see the module's
        // documentation).
        let skeleton_first = self.reader.is_some();
        // Where the cones answer most questions (open ground), they go
        // first: a walk there may spread over every cell between the two.
        let cones_first = self.cone_credit > 0;
        if cones_first {
            if let Some(steps) = self.through_cone(dragon, target) {
                return Some(steps);
            }
        }
        if skeleton_first {
            if let Some(steps) = self.through_skeleton(dragon, target) {
                return Some(steps);
            }
        }
        let tried = self.walk_credit > 0 || self.questions % RETRY_EVERY == 0;
        if tried {
            let cap = if self.walk_credit > 0 {
                usize::MAX
            } else {
                RETRY_WORK
            };
            let (steps, cost) = self.through_root(dragon, target, cap);
            self.charge(target, cost);
            // A walk earns credit when it answers cheaply: one that
            // answers past the retries' cap counts as a failure.
            if steps.is_some() && cost <= RETRY_WORK {
                self.walk_credit = (self.walk_credit + 2).min(WALK_CREDIT_MAX);
            } else {
                self.walk_credit = (self.walk_credit - 1).max(-WALK_CREDIT_MAX);
            }
            if steps.is_some() {
                return steps;
            }
        }
        // Where they keep failing (far questions in a maze), the cones too
        // are tried only now and then.
        let cones_later =
            self.cone_credit > -CONE_CREDIT_MAX / 2 || self.questions % RETRY_EVERY == 0;
        if !cones_first && cones_later {
            if let Some(steps) = self.through_cone(dragon, target) {
                return Some(steps);
            }
        }
        if !skeleton_first {
            // (Bought here once it is due.)
            if let Some(steps) = self.through_skeleton(dragon, target) {
                return Some(steps);
            }
        }
        if skeleton_first && (cones_first || cones_later) {
            if let Some(steps) = self.through_levels(dragon, target) {
                return Some(steps);
            }
        }
        // A search settles a cell about four times slower than a field's
        // pass: past a quarter of the map's cells the target's full field
        // is cheaper (and stays for its next questions), so a question
        // costs at most about two fields whatever the ground.
        let cap = if self.field_room(target) {
            graph.len() / 4
        } else {
            usize::MAX
        };
        let (outcome, mut cost) = self.directed.steps_or_stop(
            graph,
            guide(&self.shared, self.trial),
            dragon,
            target,
            cap,
        );
        let capped = outcome == Outcome::Capped;
        let found = match outcome {
            Outcome::Apart | Outcome::Capped => None,
            Outcome::Found(steps, apart) => Some((
                steps.unwrap_or_else(|| self.settle_level(dragon, target, apart, &mut cost)),
                apart,
            )),
        };
        self.charge(target, cost);
        self.unrooted += cost as u64;
        self.directed_work += cost as u64;
        // A search settles a cell about four times slower than a pass.
        self.spend(cost.saturating_mul(4));
        let span = u64::from(graph.manhattan(dragon, target)).max(1);
        self.excess = self.excess - self.excess / 8 + 16 * cost as u64 / span / 8;
        self.judge_landmarks();
        if capped {
            return self.through_field(dragon, target);
        }
        let (steps, apart) = found?;
        let answer = (steps, Some(apart));
        // Ski rental: once the work spent on this target reaches the price of
        // a field (a visit per cell), buy one for its next questions.
        if self
            .spent
            .get(target.index())
            .is_some_and(|&s| s as usize >= graph.len())
        {
            self.promote(target);
        } else if tried && self.unrooted >= self.root_cost {
            self.reroot(dragon, apart);
        }
        Some(answer)
    }

    /// The dragon's steps read off the target's full field, bought (and
    /// counted towards the skeleton) once a directed search reached its cap.
    fn through_field(&mut self, dragon: CellId, target: CellId) -> Option<(DirSet, Option<u32>)> {
        let graph = self.graph;
        self.spend(graph.len());
        let slot = self
            .promote(target)
            .expect("a directed search is capped only with room for a field");
        let field = &self.fields[slot];
        steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE)
            .map(|(steps, apart)| (steps, Some(apart)))
    }

    /// The dragon's steps when a staircase joins it to `target`, or, until
    /// the skeleton is bought (then it is asked first), a path with a few
    /// steps away from it (see `dragon/cone.rs`), the cones built first if
    /// the room holds them.
    fn through_cone(&mut self, dragon: CellId, target: CellId) -> Option<(DirSet, Option<u32>)> {
        if self.cone.is_none() {
            let graph = self.graph;
            let bytes = *self
                .cone_bytes
                .get_or_insert_with(|| Cone::bytes_needed(graph));
            if !self.fits(bytes) {
                return None;
            }
            self.cone = Some(Cone::new(graph));
        }
        let cone = self.cone.as_mut()?;
        let (steps, work) = cone.steps(self.graph, dragon, target);
        // The order of the methods follows the staircases alone.
        self.cone_credit = credit(self.cone_credit, steps.is_some());
        self.charge(target, work);
        self.coned += u64::from(steps.is_some());
        match steps {
            // The cone knows the distance.
            Some((steps, distance)) => Some((steps, Some(distance))),
            None if self.reader.is_none() => self.through_levels(dragon, target),
            None => None,
        }
    }

    /// The dragon's steps along a path with a few steps away from `target`
    /// (the cones' level sweeps), when their credit or a retry allows, once
    /// no staircase joins the two.
    fn through_levels(&mut self, dragon: CellId, target: CellId) -> Option<(DirSet, Option<u32>)> {
        let levels =
            self.level_credit > -CONE_CREDIT_MAX / 2 || self.questions % LEVEL_RETRY_EVERY == 0;
        if !levels {
            return None;
        }
        let cone = self.cone.as_mut()?;
        let (found, work) = cone.steps_away(self.graph, dragon, target);
        // No reset on an answer: the sweeps cost as much when they fail as
        // when they answer, so they must answer most questions.
        let change = if found.is_some() { 1 } else { -2 };
        self.level_credit = (self.level_credit + change).clamp(-CONE_CREDIT_MAX, CONE_CREDIT_MAX);
        self.charge(target, work);
        self.coned += u64::from(found.is_some());
        found.map(|(steps, distance)| (steps, Some(distance)))
    }
}

/// A cone's credit after a question: one more when it answered (from zero
/// at least), two less when it did not, within `CONE_CREDIT_MAX` either
/// way.
fn credit(credit: i32, answered: bool) -> i32 {
    if answered {
        (credit.max(0) + 1).min(CONE_CREDIT_MAX)
    } else {
        (credit - 2).max(-CONE_CREDIT_MAX)
    }
}
