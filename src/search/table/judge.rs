//! A position's value from its moves' in one table: what the verifier
//! checks every position against, and what play mode's hints ask. Written
//! apart from the builder: no queues, no counters, and the dragon's steps
//! from fields of its own ([`Fields`]), only the turn shared.

use super::{Table, Value};
use crate::dragon::DragonOracle;
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};
use crate::search::rules::{Rules, Ties};
use crate::search::solution::Move;
use crate::search::turn::{Game, hero_moves};

/// How many targets' distance fields [`Fields`] keeps: every cell a hero's
/// move may go to.
const KEPT: usize = 5;

/// A dragon oracle of breadth-first distance fields, one per target, the
/// last [`KEPT`] kept.
struct Fields<'g> {
    graph: &'g Graph,
    kept: Vec<(CellId, Vec<u32>)>,
    /// The field replaced next.
    next: usize,
    queue: Vec<u32>,
}

impl<'g> Fields<'g> {
    fn new(graph: &'g Graph) -> Self {
        Fields {
            graph,
            kept: Vec::with_capacity(KEPT),
            next: 0,
            queue: Vec::new(),
        }
    }

    /// The distances to `target`.
    fn field(&mut self, target: CellId) -> &[u32] {
        let at = match self.kept.iter().position(|(t, _)| *t == target) {
            Some(at) => at,
            None => {
                let mut dist = if self.kept.len() < KEPT {
                    vec![UNREACHABLE; self.graph.len()]
                } else {
                    std::mem::take(&mut self.kept[self.next].1)
                };
                dist.fill(UNREACHABLE);
                self.graph
                    .fill_distances(target, &mut dist, &mut self.queue);
                if self.kept.len() < KEPT {
                    self.kept.push((target, dist));
                    self.kept.len() - 1
                } else {
                    let at = self.next;
                    self.kept[at] = (target, dist);
                    self.next = (at + 1) % KEPT;
                    at
                }
            }
        };
        &self.kept[at].1
    }
}

impl DragonOracle for Fields<'_> {
    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        let graph = self.graph;
        let dist = self.field(target);
        let here = dist[dragon.index()];
        (here != UNREACHABLE).then(|| {
            graph
                .neighbors(dragon)
                .filter(|&(_, m)| dist[m.index()].wrapping_add(1) == here)
                .map(|(d, _)| d)
                .collect()
        })
    }
}

/// Values positions of one table from their successors' values.
pub(super) struct Judge<'a> {
    table: &'a Table,
    game: Game<'a>,
    /// Under the optimistic bound, the default rule's game, which values
    /// the moves that do not escape.
    caught: Option<Game<'a>>,
    replies: Vec<CellId>,
}

impl<'a> Judge<'a> {
    pub(super) fn new(table: &'a Table) -> Self {
        let graph = &table.graph;
        let start = (graph.hero(), graph.dragon());
        let game = |rules: Rules| {
            Game::new(
                graph,
                start,
                Box::new(Fields::new(graph)),
                rules,
                usize::MAX,
            )
        };
        let caught = (table.rules.ties == Ties::Optimistic).then(|| {
            game(Rules {
                ties: Ties::default(),
                ..table.rules
            })
        });
        Judge {
            table,
            game: game(table.rules),
            caught,
            replies: Vec::with_capacity(8),
        }
    }

    /// The value of the hero's move onto `to` with the dragon on `dragon`
    /// (a legal move): 1 onto the exit, else one more than the reply's
    /// value, the reply the dragon's under the tie rule (the worst for the
    /// hero under the adversarial rule; the best under the optimistic
    /// bound when it escapes, else the default rule's).
    fn move_value(&mut self, to: CellId, dragon: CellId) -> Value {
        if to == self.table.graph.exit() {
            return Value::Escape { moves: 1 };
        }
        let value = reply_value(self.table, &mut self.game, &mut self.replies, to, dragon);
        let value = match (&mut self.caught, value) {
            (Some(game), Value::Caught { .. } | Value::Endless) => {
                reply_value(self.table, game, &mut self.replies, to, dragon)
            }
            _ => value,
        };
        value.after_move()
    }

    /// The hero's legal moves from (`hero`, `dragon`), each with its value.
    pub(super) fn moves(&mut self, hero: CellId, dragon: CellId) -> Vec<(Move, Value)> {
        let (speed, wait) = (self.game.speed, self.game.wait);
        let moves: Vec<(Move, CellId)> =
            hero_moves(&self.table.graph, speed, wait, hero, dragon).collect();
        moves
            .into_iter()
            .map(|(step, to)| (step, self.move_value(to, dragon)))
            .collect()
    }

    /// The value of (`hero`, `dragon`) its moves give: 0 on the exit, caught
    /// at once with no legal move, else its best move's.
    pub(super) fn value(&mut self, hero: CellId, dragon: CellId) -> Value {
        if hero == self.table.graph.exit() {
            return Value::Escape { moves: 0 };
        }
        self.moves(hero, dragon)
            .into_iter()
            .map(|(_, value)| value)
            .min_by_key(|&value| value.rank())
            .unwrap_or(Value::Caught { moves: 0 })
    }
}

/// The value, in `table`, of the reply of `game`'s dragon on `dragon` to a
/// hero on `hero`: the one reply under a priority rule, the worst for the
/// hero under the adversarial rule, the best under the optimistic bound.
fn reply_value(
    table: &Table,
    game: &mut Game,
    replies: &mut Vec<CellId>,
    hero: CellId,
    dragon: CellId,
) -> Value {
    replies.clear();
    game.dragon_replies(dragon, hero, |r| replies.push(r));
    let values = replies
        .iter()
        .map(|&r| Value::decode(table.word(hero, r)).expect("a dragon never ends on the hero"));
    match game.ties {
        Ties::Optimistic => values.min_by_key(|&v| v.rank()),
        Ties::Priority(_) | Ties::Adversarial => values.max_by_key(|&v| v.rank()),
    }
    .expect("a dragon always has a reply")
}
