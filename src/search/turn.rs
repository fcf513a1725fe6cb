//! One turn of the game, defined once: the hero's legal moves, the dragon's
//! replies under the tie rule, and how the dragon ranks its replies when it
//! may choose. Every search, the line of play, play mode, the generator's
//! analysis and the renderers go through this module.

use std::cmp::Reverse;

use super::solution::{Ending, Move, Solution};
use super::{Options, Progress, Solver};
use crate::dragon::{DragonOracle, Measured, Ruler};
use crate::error::Error;
use crate::graph::{CellId, Direction, Graph};
use crate::puzzle::Pos;
use crate::search::rules::{Priority, Rules, Speed, Ties};

/// The hero's legal moves from `hero` with the dragon on `dragon` at
/// `speed`: onto a free cell out of the dragon's reach, that is more than
/// `speed` steps from it by path (or joined to it by none). At speed 1
/// that is neither the dragon's cell nor next to it. In direction order,
/// then, with `wait`, the wait when the hero's own cell is out of reach.
#[inline]
pub(crate) fn hero_moves(
    graph: &Graph,
    speed: Speed,
    wait: bool,
    hero: CellId,
    dragon: CellId,
) -> impl Iterator<Item = (Move, CellId)> + '_ {
    let stay = wait && !in_reach(graph, speed, dragon, hero);
    graph
        .neighbors(hero)
        .filter(move |&(_, to)| !in_reach(graph, speed, dragon, to))
        .map(|(d, to)| (Move::Step(d), to))
        .chain(stay.then_some((Move::Wait, hero)))
}

/// Whether the dragon on `dragon` at `speed` would reach `cell` in its move:
/// its path distance to it is at most `speed`.
#[inline]
fn in_reach(graph: &Graph, speed: Speed, dragon: CellId, cell: CellId) -> bool {
    if speed.is_one() {
        graph.touches(cell, dragon)
    } else {
        graph.within(dragon, cell, speed.steps())
    }
}

/// See [`Game::over_budget`].
const BUDGET_EVERY: usize = 64;

/// The dragon's half of a turn: a graph, an oracle and the tie rule.
pub(crate) struct Game<'a, 'g> {
    pub(crate) graph: &'g Graph,
    /// The (hero, dragon) position the search starts from.
    pub(crate) start: (CellId, CellId),
    pub(crate) oracle: &'a mut dyn DragonOracle,
    pub(crate) ties: Ties,
    /// The dragon's steps a turn.
    pub(crate) speed: Speed,
    /// Whether the hero may wait.
    pub(crate) wait: bool,
    pub(crate) queries: u64,
    /// The most positions a search may store, and the most bytes it and
    /// the oracle may hold together; past either, the search stops and
    /// sets `exceeded`, and `stored` tells how many positions it had.
    pub(crate) max_positions: usize,
    pub(crate) memory: usize,
    pub(crate) exceeded: bool,
    pub(crate) stored: usize,
    /// The positions stored when the search last weighed them
    /// ([`Game::over_budget`]).
    weighed: usize,
    /// Whether the search stopped because its [`Progress`] asked it to
    /// (then `exceeded` is set too).
    pub(crate) stopped: bool,
    /// Where the search notes what it holds and the bounds it proves, for
    /// a progress display.
    pub(crate) progress: Option<&'a Progress>,
}

impl<'a, 'g> Game<'a, 'g> {
    /// A game from `start` under `rules`, whose search and oracle may hold
    /// at most `memory` bytes together.
    pub(crate) fn new(
        graph: &'g Graph,
        start: (CellId, CellId),
        oracle: &'a mut dyn DragonOracle,
        rules: Rules,
        memory: usize,
    ) -> Self {
        Game {
            graph,
            start,
            oracle,
            ties: rules.ties,
            speed: rules.speed,
            wait: rules.wait,
            queries: 0,
            max_positions: usize::MAX,
            memory,
            exceeded: false,
            stored: 0,
            weighed: 0,
            stopped: false,
            progress: None,
        }
    }

    /// Leaves a finished search's figures, `stored` positions in `bytes`
    /// with what the oracle holds, on the progress display.
    pub(crate) fn record(&self, stored: usize, bytes: usize) {
        if let Some(progress) = self.progress {
            progress.record(stored, bytes.saturating_add(self.oracle.bytes()));
        }
    }

    /// Whether a search storing `stored` positions in `bytes()` is past the
    /// budget, with what the oracle holds (and records it), or was asked to
    /// stop. Tells the oracle the room the search leaves it.
    ///
    /// The weighing is done at each of the first [`BUDGET_EVERY`]
    /// positions, then when the count has moved by [`BUDGET_EVERY`] since
    /// the last, past the cap on positions, and at once when asked to
    /// stop; in between the answer stands. What a few positions add is far
    /// below any budget, and weighing them each time cost a search with a
    /// cheap step (a sparse braid) about 6 % of its instructions.
    #[inline]
    pub(crate) fn over_budget(&mut self, stored: usize, bytes: impl FnOnce() -> usize) -> bool {
        let due = stored < BUDGET_EVERY
            || stored.abs_diff(self.weighed) >= BUDGET_EVERY
            || stored > self.max_positions
            || self.progress.is_some_and(Progress::is_stopped);
        if !due {
            return self.exceeded;
        }
        self.weighed = stored;
        let bytes = bytes();
        self.oracle.set_room(self.memory.saturating_sub(bytes));
        let held = bytes.saturating_add(self.oracle.bytes());
        if let Some(progress) = self.progress {
            progress.record(stored, held);
            if !self.exceeded && progress.is_stopped() {
                self.stopped = true;
            }
        }
        if !self.exceeded && (stored > self.max_positions || held > self.memory || self.stopped) {
            self.exceeded = true;
            self.stored = stored;
        }
        self.exceeded
    }

    /// Calls `reply` with each cell the dragon may move to once the hero stands
    /// on `hero`: one cell under a priority rule, every shortest step under
    /// the adversarial and optimistic rules, its own cell when it sleeps.
    /// The cells come in the official direction order. A faster dragon
    /// takes its steps one by one, each by the tie rule: under the
    /// adversarial and optimistic rules, every cell some sequence of
    /// shortest steps ends on, each once, in the direction order of the
    /// first sequence reaching it.
    #[inline]
    pub(crate) fn dragon_replies(
        &mut self,
        dragon: CellId,
        hero: CellId,
        mut reply: impl FnMut(CellId),
    ) {
        if self.speed.is_one() {
            return self.dragon_step(dragon, hero, reply);
        }
        match self.ties {
            Ties::Priority(_) => {
                let mut at = dragon;
                for _ in 0..self.speed.steps() {
                    let mut next = at;
                    self.dragon_step(at, hero, |r| next = r);
                    if next == at {
                        // It sleeps (only ever on its first step).
                        break;
                    }
                    at = next;
                    debug_assert_ne!(at, hero, "the hero stepped into the dragon's reach");
                }
                reply(at);
            }
            Ties::Adversarial | Ties::Optimistic => {
                // The cells the dragon may stand on after each step: at most
                // the cells at one distance from the hero within `speed`
                // of the dragon, a few dozen.
                let mut ends = vec![dragon];
                let mut next = Vec::with_capacity(8);
                for _ in 0..self.speed.steps() {
                    next.clear();
                    for &at in &ends {
                        self.dragon_step(at, hero, |r| {
                            if !next.contains(&r) {
                                next.push(r);
                            }
                        });
                    }
                    if next == ends {
                        // It sleeps.
                        break;
                    }
                    debug_assert!(
                        !next.contains(&hero),
                        "the hero stepped into the dragon's reach"
                    );
                    std::mem::swap(&mut ends, &mut next);
                }
                ends.into_iter().for_each(reply);
            }
        }
    }

    /// One step of the dragon's (all of them when it may choose): the
    /// official game's whole reply.
    #[inline]
    fn dragon_step(&mut self, dragon: CellId, hero: CellId, mut reply: impl FnMut(CellId)) {
        self.queries += 1;
        let Some(steps) = self.oracle.shortest_steps(dragon, hero) else {
            return reply(dragon);
        };
        let to = |d: Direction| {
            self.graph
                .neighbor(dragon, d)
                .expect("oracles only name steps onto free cells")
        };
        match self.ties {
            Ties::Priority(order) => {
                let d = order
                    .first_in(steps)
                    .expect("a reachable hero leaves the dragon a shortest step");
                reply(to(d));
            }
            Ties::Adversarial | Ties::Optimistic => steps.iter().for_each(|d| reply(to(d))),
        }
    }
}

/// What a position (the hero to move) promises the hero when both play their
/// best, ordered from the dragon's favourite to the hero's: caught sooner,
/// caught later, an endless chase, a longer escape, a shorter escape.
///
/// A dragon that may choose among its shortest steps (the adversarial rule)
/// takes the least prospect, the first in direction order among equals; the
/// optimistic bound gives the hero the greatest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Prospect {
    /// Caught after this many more hero moves.
    Lost(u32),
    /// Never caught, never out.
    Endless,
    /// Out in this many more hero moves (reversed: fewer is better for the hero).
    Escape(Reverse<u32>),
}

impl Prospect {
    /// The prospect of a position worth `moves` to a guaranteed escape.
    pub(crate) fn escape(moves: u32) -> Prospect {
        Prospect::Escape(Reverse(moves))
    }

    /// The prospect a solution from the position gives.
    pub(super) fn of(solution: &Solution) -> Prospect {
        let moves = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match solution.ending {
            Ending::Escaped => Prospect::escape(moves(solution.turns.len())),
            Ending::Endless => Prospect::Endless,
            Ending::Stuck => Prospect::Lost(moves(solution.turns.len())),
            // The exit is out of reach from every reply alike.
            Ending::NoPath => Prospect::Lost(0),
            // Never asked for: the solves behind a choice keep the line.
            Ending::Skipped { .. } => {
                unreachable!("a dragon's choice is solved with its caught line")
            }
        }
    }
}

/// The reply a choosing dragon takes: the one of least prospect, the first
/// among equals (replies come in the official direction order).
pub(crate) fn worst_reply<T: Copy>(
    replies: impl IntoIterator<Item = T>,
    prospect: impl Fn(T) -> Prospect,
) -> Option<T> {
    replies
        .into_iter()
        .map(|r| (prospect(r), r))
        .reduce(|a, b| if b.0 < a.0 { b } else { a })
        .map(|(_, r)| r)
}

/// Why the hero may not make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// A wall, or the edge of the map.
    Wall,
    /// The dragon stands there.
    Dragon,
    /// The cell is next to the dragon: it would catch the hero.
    NextToDragon,
    /// A faster dragon would reach the cell in its move: it is at most the
    /// dragon's speed away by path.
    InReach,
    /// A wait, and the rules do not allow waiting.
    NoWaiting,
    /// A closed door, and the hero holds no key (docs/RULES.md, "Keys and
    /// doors").
    LockedDoor,
}

impl Solver {
    /// The cells of a position, or why it is not one.
    pub(super) fn cells(&self, hero: Pos, dragon: Pos) -> Result<(CellId, CellId), Error> {
        let cell = |pos: Pos, what: &str| {
            self.graph.cell_at(pos).ok_or_else(|| Error::InvalidMap {
                message: format!("the {what} at {pos} is not on a free cell"),
            })
        };
        let cells = (cell(hero, "hero")?, cell(dragon, "dragon")?);
        if cells.0 == cells.1 {
            return Err(Error::InvalidMap {
                message: format!("the hero and the dragon share the cell {hero}"),
            });
        }
        Ok(cells)
    }

    /// Where `step` takes the hero from `hero` with the dragon on `dragon`,
    /// or why `rules` forbid it. The move is a [`Direction`] or a [`Move`]
    /// (a wait is legal only with [`Rules::wait`], and only out of the
    /// dragon's reach, as a step onto the hero's own cell would be).
    ///
    /// # Errors
    /// The reason the move is illegal.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Direction, IllegalMove, Move, Pos, Puzzle, Rules, Solver, Speed};
    /// let puzzle: Puzzle = "H..D.E".parse()?;
    /// let solver = Solver::new(&puzzle);
    /// let (hero, dragon, rules) = (puzzle.hero(), puzzle.dragon(), Rules::default());
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Right, rules), Ok(Pos::new(0, 1)));
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Up, rules), Err(IllegalMove::Wall));
    /// // A dragon of speed 2 would reach (0, 1) in its move.
    /// let fast = Rules { speed: "2".parse().unwrap(), ..rules };
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Right, fast), Err(IllegalMove::InReach));
    /// // Waiting is a rule variant.
    /// assert_eq!(solver.hero_step(hero, dragon, Move::Wait, rules), Err(IllegalMove::NoWaiting));
    /// let patient = Rules { wait: true, ..rules };
    /// assert_eq!(solver.hero_step(hero, dragon, Move::Wait, patient), Ok(hero));
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn hero_step(
        &self,
        hero: Pos,
        dragon: Pos,
        step: impl Into<Move>,
        rules: Rules,
    ) -> Result<Pos, IllegalMove> {
        let to = match step.into() {
            Move::Step(d) => d.step(hero),
            Move::Wait if rules.wait => Some(hero),
            Move::Wait => return Err(IllegalMove::NoWaiting),
        };
        let to = to
            .filter(|&p| self.graph.cell_at(p).is_some())
            .ok_or(IllegalMove::Wall)?;
        let reach = || {
            let cells = self.graph.cell_at(to).zip(self.graph.cell_at(dragon));
            cells.is_some_and(|(to, dragon)| in_reach(&self.graph, rules.speed, dragon, to))
        };
        if to == dragon {
            Err(IllegalMove::Dragon)
        } else if to.touches(dragon) {
            Err(IllegalMove::NextToDragon)
        } else if !rules.speed.is_one() && reach() {
            Err(IllegalMove::InReach)
        } else {
            Ok(to)
        }
    }

    /// The hero's legal moves under `rules` from `hero` with the dragon on
    /// `dragon`, in the official direction order, then the wait when the
    /// rules allow it.
    pub fn hero_moves(
        &self,
        hero: Pos,
        dragon: Pos,
        rules: Rules,
    ) -> impl Iterator<Item = (Move, Pos)> {
        let wait = rules.wait.then_some(Move::Wait);
        Direction::ALL
            .into_iter()
            .map(Move::Step)
            .chain(wait)
            .filter_map(move |m| Some((m, self.hero_step(hero, dragon, m, rules).ok()?)))
    }

    /// Whether the hero on `hero` has no legal move under `rules`: the
    /// dragon catches it. A hero on the exit has escaped and is never stuck.
    pub fn is_stuck(&self, hero: Pos, dragon: Pos, rules: Rules) -> bool {
        hero != self.graph.pos(self.graph.exit())
            && self.hero_moves(hero, dragon, rules).next().is_none()
    }

    /// Where the dragon on `dragon` goes once the hero has stepped onto
    /// `hero`, under `options.rules`: its first shortest step in the
    /// priority order; in adversarial mode the step worst for the hero (the
    /// one that catches it soonest, else runs the longest chase, else leaves
    /// the longest guaranteed escape); in optimistic mode the step best for
    /// the hero, or, when no step lets it escape, the official rule's. It
    /// stays where it is when it has no path to the hero, or when the hero
    /// has escaped. Among equal steps, the first in the official order.
    ///
    /// The steps are found by a search from the hero that stops at the
    /// dragon (its cost is the cells nearer the hero than the dragon, not
    /// the map). The adversarial and optimistic rules solve the game from
    /// each step, within `options.max_memory`.
    ///
    /// # Errors
    /// [`Error::InvalidMap`] when a piece is not on a free cell, or both
    /// share one; [`Error::TooLarge`] when the oracle or those solves do not
    /// fit the memory budget.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Options, Pos, Puzzle, Solver};
    /// let puzzle: Puzzle = "H..D.E".parse()?;
    /// let solver = Solver::new(&puzzle);
    /// let reply = solver.dragon_reply(Pos::new(0, 1), puzzle.dragon(), &Options::default())?;
    /// assert_eq!(reply, Pos::new(0, 2));
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn dragon_reply(&self, hero: Pos, dragon: Pos, options: &Options) -> Result<Pos, Error> {
        self.dragon_reply_measured(hero, dragon, options, &mut Ruler::default())
    }

    /// [`Solver::dragon_reply`] with a ruler kept between questions (a game
    /// in play asks one a move).
    pub(crate) fn dragon_reply_measured(
        &self,
        hero: Pos,
        dragon: Pos,
        options: &Options,
        ruler: &mut Ruler,
    ) -> Result<Pos, Error> {
        let (h, d) = self.cells(hero, dragon)?;
        if h == self.graph.exit() {
            return Ok(dragon);
        }
        if in_reach(&self.graph, options.rules.speed, d, h) {
            // No legal step leads here; the dragon would reach the hero.
            return Ok(hero);
        }
        // The replies' solves need the oracle: refuse as they would.
        self.oracle_budget(options)?;
        let replies = self.dragon_replies(h, d, options, ruler);
        if let [only] = replies[..] {
            return Ok(self.graph.pos(only));
        }
        let ranked = |ties| -> Result<Vec<(Pos, Prospect)>, Error> {
            let options = Options {
                rules: Rules {
                    ties,
                    ..options.rules
                },
                // A caught reply is ranked by how long the hero survives it.
                caught_line: true,
                ..*options
            };
            replies
                .iter()
                .map(|&r| {
                    let solution = self.solve_from(hero, self.graph.pos(r), &options)?;
                    Ok((self.graph.pos(r), Prospect::of(&solution)))
                })
                .collect()
        };
        let chosen = match options.rules.ties {
            Ties::Priority(_) => self.graph.pos(replies[0]),
            Ties::Adversarial => {
                let ranked = ranked(Ties::Adversarial)?;
                worst_reply(ranked, |(_, p)| p)
                    .expect("the dragon always has a reply")
                    .0
            }
            Ties::Optimistic => {
                let ranked = ranked(Ties::Optimistic)?;
                match ranked
                    .iter()
                    .copied()
                    .reduce(|a, b| if b.1 > a.1 { b } else { a })
                {
                    Some((pos, Prospect::Escape(_))) => pos,
                    // No step lets the hero out: as the solver's line, follow
                    // the official rule, whose step is the first in the
                    // official order.
                    _ => self.graph.pos(replies[0]),
                }
            }
        };
        Ok(chosen)
    }

    /// The cell-level form of [`Solver::hero_moves`], for engines of their
    /// own that number positions by [`CellId`]: the hero's legal moves under
    /// `rules` from `hero` with the dragon on `dragon`, in the official
    /// direction order, then the wait when the rules allow it.
    pub fn legal_moves(
        &self,
        hero: CellId,
        dragon: CellId,
        rules: Rules,
    ) -> impl Iterator<Item = (Move, CellId)> + '_ {
        hero_moves(&self.graph, rules.speed, rules.wait, hero, dragon)
    }

    /// The cell-level form of [`Solver::dragon_reply`] under a priority
    /// rule, for engines of their own that keep an oracle between
    /// questions: where the dragon on `dragon` at `speed` goes once the
    /// hero stands on `hero` (not the exit, out of its reach), asking
    /// `oracle`.
    pub fn priority_reply(
        &self,
        oracle: &mut dyn DragonOracle,
        hero: CellId,
        dragon: CellId,
        order: Priority,
        speed: Speed,
    ) -> CellId {
        let rules = Rules {
            ties: Ties::Priority(order),
            speed,
            ..Rules::default()
        };
        let mut game = Game::new(&self.graph, (hero, dragon), oracle, rules, usize::MAX);
        let mut reply = dragon;
        game.dragon_replies(dragon, hero, |r| reply = r);
        reply
    }

    /// Every cell the dragon on `d` may step to under `options.rules` once
    /// the hero stands on `h` (its own cell when it sleeps), in the
    /// official order, measured with `ruler`.
    fn dragon_replies(
        &self,
        h: CellId,
        d: CellId,
        options: &Options,
        ruler: &mut Ruler,
    ) -> Vec<CellId> {
        let mut oracle = Measured {
            graph: &self.graph,
            ruler,
        };
        let mut game = Game::new(&self.graph, (h, d), &mut oracle, options.rules, usize::MAX);
        let mut replies = Vec::with_capacity(4);
        game.dragon_replies(d, h, |r| replies.push(r));
        replies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prospects_rank_from_the_dragons_favourite() {
        let order = [
            Prospect::Lost(0),
            Prospect::Lost(5),
            Prospect::Endless,
            Prospect::escape(9),
            Prospect::escape(2),
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        // The first among equals.
        let replies = [
            (1, Prospect::escape(4)),
            (2, Prospect::escape(4)),
            (3, Prospect::escape(7)),
        ];
        assert_eq!(
            worst_reply(replies, |(_, p)| p),
            Some((3, Prospect::escape(7)))
        );
        let replies = [(1, Prospect::Lost(3)), (2, Prospect::Lost(3))];
        assert_eq!(worst_reply(replies, |(_, p)| p).map(|r| r.0), Some(1));
    }
}
