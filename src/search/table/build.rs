//! Building a table: the retrograde passes over dense position numbers.
//!
//! Position (hero, dragon) is number `hero * n + dragon` on a map of `n`
//! cells. Two passes, each a breadth-first sweep backwards in the order of
//! the values it gives:
//!
//! 1. **Escapes.** On the exit a position is worth 0; those with a legal
//!    move onto it are worth 1. When a position `q = (h, d)` is worth `v`,
//!    each predecessor `p = (h', d')` not valued yet (the hero one move
//!    from `h`, the dragon within its speed of `d`) whose move onto `h` is
//!    legal and whose dragon may reply onto `d` learns: under a priority
//!    rule (one reply) or the optimistic bound (the hero picks the reply)
//!    it is worth `v + 1`, the first time; under the adversarial rule the
//!    move is settled once its last reply is, worth one more than that
//!    reply (the largest, since values come in order), and the position
//!    takes its first settled move. This is the retrograde analysis of the
//!    adversarial search (`backward::guaranteed`) with the edges found from
//!    the cells instead of stored.
//! 2. **Losses.** Among the positions left, those where the hero has no
//!    legal move are lost at once; a move is lost once a reply to it is
//!    (the dragon picks it; under a priority rule its only reply), worth
//!    one more than that reply, and a position once all its moves are,
//!    worth its last (largest) move: the survival analysis
//!    (`backward::survival`). What is left can run forever.
//!
//! Every candidate predecessor is checked by the turn itself
//! ([`hero_moves`], [`Game::dragon_replies`]), with the dragon's steps from
//! a table of every pair's ([`StepTable`]).

use std::collections::VecDeque;

use super::{ENDLESS, LOST, MOST_MOVES, NOT_A_POSITION, Table, Values};
use crate::dragon::StepTable;
use crate::error::{Error, Resource, bytes, bytes_apart};
use crate::graph::{CellId, Graph};
use crate::search::rules::{Rules, Ties};
use crate::search::solution::Move;
use crate::search::turn::{Game, hero_move, hero_moves};
use crate::search::{Options, Progress, Solver, stopped};

/// A move's place among a position's moves: its direction's (0 to 3), or
/// this for the wait.
const WAIT: usize = 4;

/// How many positions are valued between two looks at the progress.
const REPORT_EVERY: usize = 1 << 16;

/// The bytes a build under `ties` takes a position: its value, its lost
/// moves, its place in the queue at worst, and under the adversarial rule
/// each move's replies still to settle.
fn bytes_per_position(ties: Ties) -> usize {
    let counters = if ties == Ties::Adversarial {
        WAIT + 1
    } else {
        0
    };
    2 + 1 + 4 + counters
}

/// The bytes a table of a map of `cells` cells takes to build under
/// `rules`, the dragon's step table included.
pub(crate) fn bytes_needed(cells: usize, rules: Rules) -> usize {
    cells
        .saturating_mul(cells)
        .saturating_mul(bytes_per_position(rules.ties))
        .saturating_add(StepTable::bytes_needed(cells))
}

/// Builds the table of `solver`'s map under `options.rules` (see the
/// module's documentation), within `options.max_memory`, stopped when
/// `progress` asks.
///
/// # Errors
/// [`Error::Unsupported`] on a map with several dragons, keys or doors, or
/// a value past the table's range; [`Error::TooLarge`] when it does not
/// fit the budget, naming one that would do; [`Error::Stopped`].
pub(crate) fn build(
    solver: &Solver,
    options: &Options,
    progress: &Progress,
) -> Result<Table, Error> {
    let graph = &solver.graph;
    if solver.layout.is_wide() {
        return Err(Error::Unsupported {
            message: "the table takes maps with one dragon and no keys or doors".into(),
        });
    }
    let n = graph.len();
    let positions = n.saturating_mul(n);
    let rules = options.rules;
    let need = bytes_needed(n, rules);
    let room = solver.search_memory(options);
    if need > room || u32::try_from(positions).is_err() {
        let enough = options.max_memory.saturating_sub(room).saturating_add(need);
        let (need, room) = bytes_apart(need, room);
        return Err(Error::TooLarge {
            resource: Resource::Positions,
            message: format!(
                "the table of its {positions} positions ({n} free cells, squared) needs {need}, \
                 over the {room} the memory budget leaves it; a budget of {} holds it",
                bytes(enough.div_ceil(1 << 20).saturating_mul(1 << 20))
            ),
        });
    }
    let steps = StepTable::new(graph, need)?;
    let start = (graph.hero(), graph.dragon());
    let mut builder = Builder {
        graph,
        n,
        game: Game::new(graph, start, Box::new(steps), rules, usize::MAX),
        values: vec![ENDLESS; positions],
        counters: if rules.ties == Ties::Adversarial {
            vec![u8::MAX; positions * (WAIT + 1)]
        } else {
            Vec::new()
        },
        lost: vec![0; positions],
        queue: VecDeque::new(),
        replies: Vec::with_capacity(8),
        ball: Vec::new(),
        progress,
        valued: 0,
    };
    for c in 0..n {
        builder.values[c * n + c] = NOT_A_POSITION;
    }
    builder.escapes()?;
    if rules.ties == Ties::Optimistic {
        // The optimistic bound is no rule for a dragon that wins: a caught
        // hero's chase is the default rule's, as the solver shows it.
        builder.game.ties = Ties::default();
    }
    builder.losses()?;
    Ok(Table {
        rules,
        graph: graph.clone(),
        layout: solver.layout.clone(),
        values: Values::Pairs(builder.values),
    })
}

/// The state of a build.
struct Builder<'a> {
    graph: &'a Graph,
    n: usize,
    game: Game<'a>,
    values: Vec<u16>,
    /// Under the adversarial rule, each (position, move)'s replies not
    /// settled yet (`u8::MAX` before it is first met).
    counters: Vec<u8>,
    /// Each position's lost moves, a bit a move, for the losses.
    lost: Vec<u8>,
    queue: VecDeque<u32>,
    /// Scratch: a move's replies, and the cells a dragon may come from.
    replies: Vec<CellId>,
    ball: Vec<CellId>,
    progress: &'a Progress,
    valued: usize,
}

impl Builder<'_> {
    /// Gives position `p` the value `word` and queues it, looking at the
    /// progress (and the stop asked for) now and then.
    fn settle(&mut self, p: usize, word: u16) -> Result<(), Error> {
        self.values[p] = word;
        self.queue.push_back(p as u32);
        self.valued += 1;
        if self.valued % REPORT_EVERY == 0 {
            let held = self.values.len() * 3
                + self.counters.len()
                + self.queue.capacity() * size_of::<u32>();
            self.progress.record(self.valued, held);
            if self.progress.is_stopped() {
                return Err(stopped(self.valued, Some(self.progress)));
            }
        }
        Ok(())
    }

    /// One move more than `v`, or the error past the table's range.
    fn next(v: u16) -> Result<u16, Error> {
        if u32::from(v) >= MOST_MOVES {
            return Err(Error::Unsupported {
                message: format!(
                    "a position is worth more than {MOST_MOVES} moves, past what a table holds"
                ),
            });
        }
        Ok(v + 1)
    }

    /// The hero's moves from `from` with the dragon on `dragon`: how many
    /// there are, and whether one goes onto `to` (the turn's rule).
    fn moves(&self, from: CellId, dragon: CellId, to: CellId) -> (u32, bool) {
        let game = &self.game;
        hero_moves(self.graph, game.speed, game.wait, from, dragon)
            .fold((0, false), |(count, onto), (_, t)| {
                (count + 1, onto || t == to)
            })
    }

    /// Into `ball`, the cells within `radius` steps of `center`, `center`
    /// first.
    fn fill_ball(&mut self, center: CellId, radius: u32) {
        self.ball.clear();
        self.ball.push(center);
        let mut head = 0;
        for _ in 0..radius {
            let level = self.ball.len();
            while head < level {
                let at = self.ball[head];
                head += 1;
                for (_, m) in self.graph.neighbors(at) {
                    if !self.ball.contains(&m) {
                        self.ball.push(m);
                    }
                }
            }
        }
    }

    /// Whether the dragon on `from` may end its move on `d` once the hero
    /// stands on `hero`; the replies are left in `replies`.
    fn replies_onto(&mut self, from: CellId, hero: CellId, d: CellId) -> bool {
        let mut replies = std::mem::take(&mut self.replies);
        replies.clear();
        self.game.dragon_replies(from, hero, |r| replies.push(r));
        let onto = replies.contains(&d);
        self.replies = replies;
        onto
    }

    /// Calls `learn` with each position not valued yet one turn before
    /// `q` (see the module's documentation) and the place of its move: the
    /// hero one move from `q`'s (a step onto it, or the wait), the dragon
    /// within its speed of `q`'s (the cells its move may start from).
    fn predecessors(
        &mut self,
        q: u32,
        mut learn: impl FnMut(&mut Self, usize, usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let n = self.n as u32;
        let (h, d) = (CellId(q / n), CellId(q % n));
        self.fill_ball(d, self.game.speed.steps());
        let mut heroes = [(Move::Wait, h); WAIT + 1];
        let mut count = 0;
        for (dir, from) in self.graph.neighbors(h) {
            heroes[count] = (Move::Step(dir.opposite()), from);
            count += 1;
        }
        if self.game.wait {
            heroes[count] = (Move::Wait, h);
            count += 1;
        }
        let (speed, wait) = (self.game.speed, self.game.wait);
        for &(step, from) in &heroes[..count] {
            let place = match step {
                Move::Step(dir) => dir as usize,
                Move::Wait => WAIT,
            };
            for k in 0..self.ball.len() {
                let dragon = self.ball[k];
                let p = from.index() * self.n + dragon.index();
                if self.values[p] != ENDLESS
                    || hero_move(self.graph, speed, wait, from, dragon, step).is_none()
                    || !self.replies_onto(dragon, h, d)
                {
                    continue;
                }
                learn(self, p, place)?;
            }
        }
        Ok(())
    }

    /// Pass 1: the escapes (see the module's documentation).
    fn escapes(&mut self) -> Result<(), Error> {
        let (n, exit) = (self.n, self.graph.exit());
        for d in (0..n).filter(|&d| d != exit.index()) {
            self.values[exit.index() * n + d] = 0;
        }
        let next_to_exit: Vec<CellId> = self.graph.neighbors(exit).map(|(_, c)| c).collect();
        for from in next_to_exit {
            for d in (0..n as u32).map(CellId).filter(|&d| d != from) {
                if self.moves(from, d, exit).1 {
                    self.settle(from.index() * n + d.index(), 1)?;
                }
            }
        }
        let adversarial = self.game.ties == Ties::Adversarial;
        while let Some(q) = self.queue.pop_front() {
            let v = Self::next(self.values[q as usize])?;
            self.predecessors(q, |builder, p, place| {
                if adversarial {
                    let replies = builder.replies.len() as u8;
                    let left = &mut builder.counters[p * (WAIT + 1) + place];
                    if *left == u8::MAX {
                        *left = replies;
                    }
                    *left -= 1;
                    if *left > 0 {
                        return Ok(());
                    }
                }
                builder.settle(p, v)
            })?;
        }
        Ok(())
    }

    /// Pass 2: the losses among the positions left (see the module's
    /// documentation).
    fn losses(&mut self) -> Result<(), Error> {
        let n = self.n;
        // A hero with a free neighbour has no legal move only with the
        // dragon within its speed of that neighbour.
        let radius = self.game.speed.steps() + 1;
        for h in (0..n as u32).map(CellId) {
            if self.graph.neighbors(h).next().is_none() {
                self.ball = (0..n as u32).map(CellId).collect();
            } else {
                self.fill_ball(h, radius);
            }
            for k in 0..self.ball.len() {
                let p = h.index() * n + self.ball[k].index();
                if self.values[p] == ENDLESS && self.moves(h, self.ball[k], h).0 == 0 {
                    self.settle(p, LOST)?;
                }
            }
        }
        while let Some(q) = self.queue.pop_front() {
            let k = Self::next(self.values[q as usize] & !LOST)?;
            let to = CellId(q / n as u32);
            self.predecessors(q, |builder, p, place| {
                if builder.lost[p] >> place & 1 == 1 {
                    return Ok(());
                }
                builder.lost[p] |= 1 << place;
                let (h, d) = (CellId((p / n) as u32), CellId((p % n) as u32));
                if builder.lost[p].count_ones() == builder.moves(h, d, to).0 {
                    builder.settle(p, LOST | k)?;
                }
                Ok(())
            })?;
        }
        Ok(())
    }
}
