//! A position's value from its moves' in one table: what the verifier
//! checks every position against, and what play mode's hints ask. Written
//! apart from the builders: no queues, no counters, no game graph, and
//! another oracle for the dragons' steps (fields of its own, [`Fields`],
//! where the dense builder has a table of every pair's steps; the
//! reference, Floyd–Warshall, where the other builder has the default
//! oracle), only the turn shared.

use super::{Table, Value, Values};
use crate::dragon::{DragonOracle, OracleKind};
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};
use crate::search::Options;
use crate::search::ground::{DoorMaps, Oracles, Terrain};
use crate::search::position::Position;
use crate::search::rules::{Rules, Ties};
use crate::search::solution::Move;
use crate::search::turn::Game;

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

/// The largest map whose tables are judged with Floyd–Warshall's steps
/// (a few megabytes of distances); larger ones take the breadth-first
/// oracle.
const FLOYD_WARSHALL_CELLS: usize = 1500;

/// The door states' maps a [`Judge`] of `table` plays on.
pub(super) fn maps(table: &Table) -> DoorMaps {
    DoorMaps::new(table.layout.doors().len())
}

/// Values positions of one table from their successors' values.
pub(super) struct Judge<'a> {
    table: &'a Table,
    game: Game<'a>,
    /// Under the optimistic bound, the default rule's game, which values
    /// the moves that do not escape.
    caught: Option<Game<'a>>,
    replies: Vec<Position>,
}

impl<'a> Judge<'a> {
    /// A judge of `table`'s positions on the door states' `maps`.
    pub(super) fn new(table: &'a Table, maps: &'a DoorMaps) -> Self {
        let graph = &table.graph;
        let start = (graph.hero(), graph.dragon());
        let game = |rules: Rules| {
            let terrain = Terrain::new(graph, &table.layout, maps);
            let oracles = match table.values {
                Values::Pairs(_) => Oracles::given(Box::new(Fields::new(graph))),
                Values::Wide { .. } => {
                    let kind = if graph.len() <= FLOYD_WARSHALL_CELLS {
                        OracleKind::FloydWarshall
                    } else {
                        OracleKind::Bfs
                    };
                    Oracles::built(&terrain, kind, Options::default().max_memory, false)
                        .expect("the oracles fit the default budget whenever the table did")
                }
            };
            Game::on(terrain, start, oracles, rules, usize::MAX)
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

    /// The value of the hero's move to `moved` (the position after it, the
    /// dragons where they stood): 1 onto the exit, else one more than the
    /// reply's value, the reply the dragons' under the tie rule (the worst
    /// for the hero under the adversarial rule; the best under the
    /// optimistic bound when it escapes, else the default rule's).
    fn move_value(&mut self, moved: &Position) -> Value {
        if moved.hero == self.table.graph.exit() {
            return Value::Escape { moves: 1 };
        }
        let value = reply_value(self.table, &mut self.game, &mut self.replies, moved);
        let value = match (&mut self.caught, value) {
            (Some(game), Value::Caught { .. } | Value::Endless) => {
                reply_value(self.table, game, &mut self.replies, moved)
            }
            _ => value,
        };
        value.after_move()
    }

    /// The hero's legal moves from `at`, each with its value.
    pub(super) fn moves(&mut self, at: &Position) -> Vec<(Move, Value)> {
        let rules = self.game.rules();
        let moves: Vec<(Move, Position)> = self
            .game
            .terrain
            .moves(rules, at)
            .map(|(step, hero, locks)| (step, Position { hero, locks, ..*at }))
            .collect();
        moves
            .into_iter()
            .map(|(step, moved)| (step, self.move_value(&moved)))
            .collect()
    }

    /// The value of `at` its moves give: 0 on the exit, caught at once with
    /// no legal move, else its best move's.
    pub(super) fn value(&mut self, at: &Position) -> Value {
        if at.hero == self.table.graph.exit() {
            return Value::Escape { moves: 0 };
        }
        self.moves(at)
            .into_iter()
            .map(|(_, value)| value)
            .min_by_key(|&value| value.rank())
            .unwrap_or(Value::Caught { moves: 0 })
    }
}

/// The value, in `table`, of the dragons' reply of `game` to the hero's
/// move to `moved`: the one reply under a priority rule, the worst for the
/// hero under the adversarial rule, the best under the optimistic bound.
fn reply_value(
    table: &Table,
    game: &mut Game,
    replies: &mut Vec<Position>,
    moved: &Position,
) -> Value {
    replies.clear();
    game.replies(moved, |r| replies.push(*r));
    let values = replies.iter().map(|r| {
        table
            .value_of(r)
            .expect("the table holds every position its positions reach")
    });
    match game.ties {
        Ties::Optimistic => values.min_by_key(|&v| v.rank()),
        Ties::Priority(_) | Ties::Adversarial => values.max_by_key(|&v| v.rank()),
    }
    .expect("the dragons always reply")
}
