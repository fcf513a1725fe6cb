//! One turn of the game, defined once for every rule set: the hero's legal
//! moves (rules 1 and 2, and the key and door step), the dragons' replies
//! under the tie rule at any speed (rule 4, every dragon, dragons that meet
//! merging), and how a choosing dragon ranks its replies. Every search, the
//! line of play, play mode, the generator's analysis and the renderers go
//! through this module (docs/RULES.md, "One turn", "Rule variants").
//!
//! The official game's pair search asks the same functions through a
//! specialised door: [`hero_moves`] and [`Game::dragon_replies`] for one
//! dragon on a map without doors, whose positions it numbers densely.
//!
//! A faster dragon under a priority rule takes its later steps of a turn
//! from a cell with two neighbours without asking the oracle: it came from
//! one of them along a shortest path to the hero, so that one is a step
//! farther, and a cell on a shortest path has a shortest step onwards: the
//! other. On a maze drawn on the generator's grid of cells and passages
//! every first step of a speed-2 dragon ends on a passage, and the turn
//! costs one question instead of two.

use std::cmp::Reverse;
use std::iter;

use super::ground::{Oracles, Terrain};
use super::position::{Dragons, Layout, NONE, Position};
use super::solution::{Ending, Move, Outcome, Solution};
use super::{Progress, Rules};
use crate::dragon::DragonOracle;
use crate::graph::{CellId, DirSet, Direction, Graph};
use crate::puzzle::{Locks, MAX_DRAGONS};
use crate::search::rules::{Speed, Ties};

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

/// Whether a dragon on `dragon` at `speed` would reach `cell` in its move
/// on `map`: its path distance to it is at most `speed`. At speed 1 that
/// is the dragon's own cell and the four next to it, whatever the doors (a
/// door is a cell, never something between two cells).
#[inline]
fn in_reach(map: &Graph, speed: Speed, dragon: CellId, cell: CellId) -> bool {
    if speed.is_one() {
        map.touches(cell, dragon)
    } else {
        map.within(dragon, cell, speed.steps())
    }
}

/// The hero's moves a turn may try, in the official order: the four steps,
/// then the wait when the rules allow it.
#[inline]
fn candidates(wait: bool) -> impl Iterator<Item = Move> + Clone {
    Direction::ALL
        .into_iter()
        .map(Move::Step)
        .chain(wait.then_some(Move::Wait))
}

/// Rules 1 and 2 of a turn and the key and door step, written once: where
/// `step` takes the hero on `hero` holding `locks`, with the dragons on
/// `dragons`, and the locks after it; or why the rules forbid it.
///
/// A step goes onto a free neighbour (`Wall` otherwise); with `layout`, a
/// closed door needs a key and a key is taken ([`Layout::after_step`]).
/// The cell must be out of every dragon's reach on the map as its doors
/// stand after the step (`map` of the doors opened): not a dragon's cell,
/// not next to one, at speed N not within N steps of one by path. A wait
/// (only with `wait`) keeps the cell and the locks, under the same reach
/// rule.
#[allow(
    clippy::too_many_arguments,
    reason = "the whole of a turn's first half"
)]
#[inline]
fn step_rule<'m>(
    base: &Graph,
    layout: Option<&Layout>,
    map: impl Fn(u16) -> &'m Graph,
    speed: Speed,
    wait: bool,
    (hero, locks): (CellId, Locks),
    dragons: impl Iterator<Item = CellId> + Clone,
    step: Move,
) -> Result<(CellId, Locks), IllegalMove> {
    let (to, after) = match step {
        Move::Wait if !wait => return Err(IllegalMove::NoWaiting),
        Move::Wait => (hero, locks),
        Move::Step(d) => {
            let to = base.neighbor(hero, d).ok_or(IllegalMove::Wall)?;
            match layout {
                Some(layout) => (to, layout.after_step(locks, to)?),
                None => (to, locks),
            }
        }
    };
    if dragons.clone().any(|d| d == to) {
        return Err(IllegalMove::Dragon);
    }
    if dragons.clone().any(|d| base.touches(d, to)) {
        return Err(IllegalMove::NextToDragon);
    }
    if !speed.is_one() {
        let map = map(after.opened);
        if dragons.clone().any(|d| in_reach(map, speed, d, to)) {
            return Err(IllegalMove::InReach);
        }
    }
    Ok((to, after))
}

/// The official game's legal moves (one dragon, no keys or doors): from
/// `hero` with the dragon on `dragon` at `speed`, onto a free cell out of
/// the dragon's reach, in direction order, then, with `wait`, the wait when
/// the hero's own cell is out of reach. The pair search's door to
/// [`step_rule`].
#[inline]
pub(crate) fn hero_moves(
    graph: &Graph,
    speed: Speed,
    wait: bool,
    hero: CellId,
    dragon: CellId,
) -> impl Iterator<Item = (Move, CellId)> + '_ {
    candidates(wait)
        .filter_map(move |step| Some((step, hero_move(graph, speed, wait, hero, dragon, step)?)))
}

/// One of the official game's moves: where `step` takes the hero from
/// `hero` with the dragon on `dragon`, if the rules allow it (see
/// [`hero_moves`]).
#[inline]
pub(crate) fn hero_move(
    graph: &Graph,
    speed: Speed,
    wait: bool,
    hero: CellId,
    dragon: CellId,
    step: Move,
) -> Option<CellId> {
    let at = (hero, Locks::default());
    let dragons = iter::once(dragon);
    let (to, _) = step_rule(graph, None, |_| graph, speed, wait, at, dragons, step).ok()?;
    Some(to)
}

impl Terrain<'_> {
    /// Where `step` takes the hero of `at`, and the locks after it, or why
    /// `rules` forbid it (see [`step_rule`]).
    #[inline]
    pub(crate) fn step(
        &self,
        rules: Rules,
        at: &Position,
        step: Move,
    ) -> Result<(CellId, Locks), IllegalMove> {
        let layout = self.layout.has_locks().then_some(self.layout);
        step_rule(
            self.base,
            layout,
            |opened| self.map(opened),
            rules.speed,
            rules.wait,
            (at.hero, at.locks),
            at.dragons.live(),
            step,
        )
    }

    /// The hero's legal moves from `at` under `rules`, with the cell and
    /// the locks after each, in the official order (up, left, down, right,
    /// wait).
    #[inline]
    pub(crate) fn moves<'p>(
        &'p self,
        rules: Rules,
        at: &'p Position,
    ) -> impl Iterator<Item = (Move, CellId, Locks)> + 'p {
        candidates(rules.wait).filter_map(move |step| {
            let (to, locks) = self.step(rules, at, step).ok()?;
            Some((step, to, locks))
        })
    }
}

impl Layout {
    /// The key and door step, written once (docs/RULES.md, "Keys and
    /// doors"): the locks after the hero holding `locks` steps onto `to`.
    /// A closed door opens with a key, which is used up; a key on `to` is
    /// taken. A closed door and no key held: [`IllegalMove::LockedDoor`].
    /// (A wait takes nothing and opens nothing: the caller does not ask.)
    #[inline]
    pub(crate) fn after_step(&self, locks: Locks, to: CellId) -> Result<Locks, IllegalMove> {
        if !self.has_locks() {
            return Ok(locks);
        }
        let mut after = locks;
        if let Some(i) = self.door_at(to).filter(|&i| !locks.is_open(i)) {
            if locks.held() == 0 {
                return Err(IllegalMove::LockedDoor);
            }
            after.opened |= 1 << i;
        }
        if let Some(j) = self.key_at(to) {
            after.taken |= 1 << j;
        }
        Ok(after)
    }
}

/// The plain official layout, for a pair game built without a solver.
pub(crate) static PLAIN: Layout = Layout::EMPTY;

/// See [`Game::over_budget`].
pub(super) const BUDGET_EVERY: usize = 64;

/// A game under a set of rules on a terrain: the dragons' oracles and the
/// tie rule, with what a search may hold.
pub(crate) struct Game<'a> {
    pub(crate) graph: &'a Graph,
    /// The map as its doors stand.
    pub(crate) terrain: Terrain<'a>,
    /// The (hero, dragon) position the pair search starts from.
    pub(crate) start: (CellId, CellId),
    oracles: Oracles<'a>,
    pub(crate) ties: Ties,
    /// The dragon's steps a turn.
    pub(crate) speed: Speed,
    /// Whether the hero may wait.
    pub(crate) wait: bool,
    pub(crate) queries: u64,
    /// The most positions a search may store, and the most bytes it and
    /// the oracles may hold together; past either, the search stops and
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
    /// Scratch: each dragon's end cells.
    ends: Vec<Vec<u32>>,
    /// How many games share the room the search leaves the oracles: two
    /// for a game and its helper ([`Game::helper`]).
    parts: usize,
}

impl<'a> Game<'a> {
    /// The official game on `graph` from `start` under `rules`, with one
    /// `oracle`, whose search and oracle may hold at most `memory` bytes
    /// together.
    pub(crate) fn new(
        graph: &'a Graph,
        start: (CellId, CellId),
        oracle: Box<dyn DragonOracle + Send + 'a>,
        rules: Rules,
        memory: usize,
    ) -> Self {
        let terrain = Terrain::plain(graph, &PLAIN);
        Game::on(terrain, start, Oracles::given(oracle), rules, memory)
    }

    /// A game on `terrain` with `oracles`.
    pub(crate) fn on(
        terrain: Terrain<'a>,
        start: (CellId, CellId),
        oracles: Oracles<'a>,
        rules: Rules,
        memory: usize,
    ) -> Self {
        Game {
            graph: terrain.base,
            terrain,
            start,
            oracles,
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
            ends: vec![Vec::new(); MAX_DRAGONS],
            parts: 1,
        }
    }

    /// A game like this one (a pair game, without doors) whose questions
    /// `oracle` answers, to ask them on another thread; the two share the
    /// room the search leaves the oracles from now on.
    pub(crate) fn helper(&mut self, oracle: Box<dyn DragonOracle + Send + 'a>) -> Game<'a> {
        debug_assert_eq!(self.terrain.bytes(), 0, "no door states");
        self.parts = 2;
        let mut helper = Game::on(
            self.terrain,
            self.start,
            Oracles::given(oracle),
            self.rules(),
            self.memory,
        );
        helper.parts = 2;
        helper
    }

    /// Takes back a helper's work: its questions count as this game's, and
    /// the room is this game's oracles' alone again.
    pub(crate) fn join(&mut self, helper: Game<'a>) {
        self.queries += helper.queries;
        self.parts = 1;
    }

    /// The rules the game plays.
    pub(crate) fn rules(&self) -> Rules {
        Rules {
            ties: self.ties,
            speed: self.speed,
            wait: self.wait,
        }
    }

    /// What the oracles and the door states' maps hold.
    pub(crate) fn ground_bytes(&self) -> usize {
        self.oracles.bytes().saturating_add(self.terrain.bytes())
    }

    /// The error of a door state whose oracles did not fit the budget, if
    /// one did not (the search stopped for it).
    pub(crate) fn failure(&mut self) -> Option<crate::Error> {
        self.oracles.failure()
    }

    /// Leaves a finished search's figures, `stored` positions in `bytes`
    /// with what the oracles hold, on the progress display.
    pub(crate) fn record(&self, stored: usize, bytes: usize) {
        if let Some(progress) = self.progress {
            progress.record(stored, bytes.saturating_add(self.ground_bytes()));
        }
    }

    /// Whether a search storing `stored` positions in `bytes()` is past the
    /// budget, with what the oracles hold (and records it), or was asked to
    /// stop, or a door state's oracles did not fit. Tells the oracles the
    /// room the search leaves them.
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
            || self.oracles.failed()
            || self.progress.is_some_and(Progress::is_stopped);
        if !due {
            return self.exceeded;
        }
        self.weighed = stored;
        let bytes = bytes();
        self.oracles.set_room(
            self.memory
                .saturating_sub(bytes)
                .saturating_sub(self.terrain.bytes())
                / self.parts,
        );
        let held = bytes.saturating_add(self.ground_bytes());
        if let Some(progress) = self.progress {
            progress.record(stored, held);
            if !self.exceeded && progress.is_stopped() {
                self.stopped = true;
            }
        }
        let over = stored > self.max_positions || held > self.memory || self.oracles.failed();
        if !self.exceeded && (over || self.stopped) {
            self.exceeded = true;
            self.stored = stored;
        }
        self.exceeded
    }

    /// One step of dragon `which` from `dragon` towards `hero` on the map
    /// with the doors of `opened` open, the rule 4 of a turn: its first
    /// shortest step in the priority order, or every shortest step under
    /// the choosing rules; its own cell when no path joins them (rule 5).
    /// When `asked`, tells the distance between `dragon` and `hero` if the
    /// oracle knew it.
    #[inline]
    fn dragon_step(
        &mut self,
        (which, opened): (usize, u16),
        (dragon, hero): (CellId, CellId),
        asked: bool,
        mut reply: impl FnMut(CellId),
    ) -> Option<u32> {
        self.queries += 1;
        let Some((steps, apart)) =
            self.oracles
                .steps(&self.terrain, opened, which, (dragon, hero), asked)
        else {
            reply(dragon);
            return None;
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
        apart
    }

    /// The hero's steps that bring it one closer to the one dragon of the
    /// official game (no doors): the dragon's oracle asked the other way
    /// round, a distance by path being the same both ways. A question
    /// like a dragon's, and counted as one.
    pub(crate) fn hero_steps_toward(&mut self, hero: CellId, dragon: CellId) -> Option<DirSet> {
        self.queries += 1;
        let (steps, _) = self
            .oracles
            .steps(&self.terrain, 0, 0, (hero, dragon), false)?;
        Some(steps)
    }

    /// The cells dragon `which` on `dragon` may end its move on once the
    /// hero stands on `hero`, the doors of `opened` open, into `ends`: one
    /// under a priority rule, every cell some sequence of shortest steps
    /// ends on under the choosing rules (each once, in the direction order
    /// of the first sequence reaching it), its own cell when it sleeps. A
    /// faster dragon takes its steps one by one, each by the tie rule.
    /// When `asked`, tells the distance between `dragon` and `hero` if the
    /// oracle knew it.
    fn dragon_ends(
        &mut self,
        (which, opened): (usize, u16),
        (dragon, hero): (CellId, CellId),
        asked: bool,
        ends: &mut Vec<u32>,
    ) -> Option<u32> {
        ends.clear();
        let on = (which, opened);
        if self.speed.is_one() {
            return self.dragon_step(on, (dragon, hero), asked, |r| ends.push(r.0));
        }
        let mut apart = None;
        match self.ties {
            Ties::Priority(_) => {
                let map = self.terrain.map(opened);
                let (mut at, mut came_from) = (dragon, None);
                for step in 0..self.speed.steps() {
                    // A later step from a cell with two neighbours goes on
                    // to the one it did not come from, with no question:
                    // the other is a step farther from the hero, and a cell
                    // on a shortest path has a shortest step onwards.
                    let onward = came_from.and_then(|from| map.onward(at, from));
                    let next = match onward {
                        Some(next) => next,
                        None => {
                            let mut next = at;
                            let first = asked && step == 0;
                            let told = self.dragon_step(on, (at, hero), first, |r| next = r);
                            if step == 0 {
                                apart = told;
                            }
                            next
                        }
                    };
                    if next == at {
                        // It sleeps (only ever on its first step).
                        break;
                    }
                    came_from = Some(at);
                    at = next;
                    debug_assert_ne!(at, hero, "the hero stepped into the dragon's reach");
                }
                ends.push(at.0);
            }
            Ties::Adversarial | Ties::Optimistic => {
                // The cells the dragon may stand on after each step: at most
                // the cells at one distance from the hero within `speed`
                // of the dragon, a few dozen.
                ends.push(dragon.0);
                let mut next = Vec::with_capacity(8);
                for step in 0..self.speed.steps() {
                    next.clear();
                    for &at in ends.iter() {
                        let first = asked && step == 0;
                        let told = self.dragon_step(on, (CellId(at), hero), first, |r| {
                            if !next.contains(&r.0) {
                                next.push(r.0);
                            }
                        });
                        if step == 0 {
                            apart = told;
                        }
                    }
                    if next == *ends {
                        // It sleeps.
                        break;
                    }
                    debug_assert!(
                        !next.contains(&hero.0),
                        "the hero stepped into the dragon's reach"
                    );
                    std::mem::swap(ends, &mut next);
                }
            }
        }
        apart
    }

    /// The official game's reply: calls `reply` with each cell the one
    /// dragon may move to once the hero stands on `hero`, on a map without
    /// doors (see [`Game::replies`]).
    #[inline]
    pub(crate) fn dragon_replies(
        &mut self,
        dragon: CellId,
        hero: CellId,
        reply: impl FnMut(CellId),
    ) {
        self.one_dragons_replies(dragon, hero, false, reply);
    }

    /// [`Game::dragon_replies`], telling the distance between `dragon` and
    /// `hero` when the oracle knew it (with its first step's answer).
    #[inline]
    pub(crate) fn dragon_replies_apart(
        &mut self,
        dragon: CellId,
        hero: CellId,
        reply: impl FnMut(CellId),
    ) -> Option<u32> {
        self.one_dragons_replies(dragon, hero, true, reply)
    }

    /// The dragon's distance from `dragon` to `cell` (0 on the cell
    /// itself), when the oracle tells it with the dragon's step towards it.
    pub(crate) fn dragon_distance(&mut self, dragon: CellId, cell: CellId) -> Option<u32> {
        if dragon == cell {
            return Some(0);
        }
        self.dragon_replies_apart(dragon, cell, |_| {})
    }

    #[inline]
    fn one_dragons_replies(
        &mut self,
        dragon: CellId,
        hero: CellId,
        asked: bool,
        mut reply: impl FnMut(CellId),
    ) -> Option<u32> {
        if self.speed.is_one() {
            return self.dragon_step((0, 0), (dragon, hero), asked, reply);
        }
        let mut ends = std::mem::take(&mut self.ends[0]);
        let apart = self.dragon_ends((0, 0), (dragon, hero), asked, &mut ends);
        ends.iter().for_each(|&e| reply(CellId(e)));
        self.ends[0] = ends;
        apart
    }

    /// The dragons' half of a turn, the hero having moved: calls `reply`
    /// with each position the dragons may leave (`moved` is the position
    /// after the hero's move, the dragons where they stood). Each dragon
    /// moves as if it were alone ([`Game::dragon_ends`]) on the map as the
    /// doors stand after the hero's move; every combination of their ends
    /// is a reply (one under a priority rule), in order, the last dragon's
    /// end varying fastest, and dragons that end on one cell merge. Two
    /// combinations may give the same position.
    pub(crate) fn replies(&mut self, moved: &Position, mut reply: impl FnMut(&Position)) {
        let count = moved.dragons.count();
        let opened = moved.locks.opened;
        let mut ends = std::mem::take(&mut self.ends);
        for (i, list) in ends.iter_mut().enumerate().take(count) {
            match moved.dragons.get(i) {
                Some(d) => {
                    self.dragon_ends((i, opened), (d, moved.hero), false, list);
                }
                None => {
                    list.clear();
                    list.push(NONE);
                }
            }
        }
        let mut pick = [0usize; MAX_DRAGONS];
        let mut after = *moved;
        'combos: loop {
            let mut dragons = Dragons::blank(count);
            for (i, (&k, list)) in pick.iter().zip(&ends).take(count).enumerate() {
                dragons.set(i, list[k]);
            }
            dragons.merge();
            after.dragons = dragons;
            reply(&after);
            // The next combination, the last dragon fastest.
            let mut i = count;
            loop {
                if i == 0 {
                    break 'combos;
                }
                i -= 1;
                pick[i] += 1;
                if pick[i] < ends[i].len() {
                    break;
                }
                pick[i] = 0;
            }
        }
        self.ends = ends;
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
        match solution.outcome {
            Outcome::Escaped { steps } => Prospect::escape(moves(steps)),
            Outcome::Caught {
                line: Ending::Endless,
            } => Prospect::Endless,
            Outcome::Caught {
                line: Ending::Stuck,
            } => Prospect::Lost(moves(solution.turns.len())),
            // The exit is out of reach from every reply alike.
            Outcome::NoPath => Prospect::Lost(0),
            // Never asked for: the solves behind a choice keep the line.
            Outcome::Caught {
                line: Ending::Skipped { .. },
            } => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Pos, Puzzle};

    #[test]
    fn a_door_opens_with_a_key_and_a_key_is_taken() {
        let puzzle: Puzzle = "Hk+E\n.D..\n".parse().unwrap();
        let graph = Graph::new(&puzzle);
        let layout = Layout::new(&puzzle, &graph);
        let cell = |row, col| graph.cell_at(Pos::new(row, col)).unwrap();
        let none = Locks::default();
        assert_eq!(
            layout.after_step(none, cell(0, 2)),
            Err(IllegalMove::LockedDoor)
        );
        let taken = layout.after_step(none, cell(0, 1)).unwrap();
        assert_eq!(
            taken,
            Locks {
                taken: 1,
                opened: 0
            }
        );
        let opened = layout.after_step(taken, cell(0, 2)).unwrap();
        assert_eq!(
            opened,
            Locks {
                taken: 1,
                opened: 1
            }
        );
        assert_eq!(opened.held(), 0);
        // An open door stays open, and lets the hero through with no key.
        assert_eq!(layout.after_step(opened, cell(0, 2)), Ok(opened));
        assert_eq!(layout.after_step(none, cell(1, 0)), Ok(none));
    }

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

#[cfg(test)]
mod send_check {
    fn send<T: Send>() {}
    #[test]
    fn a_game_and_its_oracle_go_to_another_thread() {
        send::<crate::dragon::BfsFields<'static>>();
        send::<super::Game<'static>>();
    }
}
