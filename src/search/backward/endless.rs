//! Whether a hero that cannot escape may run forever, when each of its
//! moves has one reply (a priority tie rule): a depth-first search for a
//! cycle, which numbers each position once and keeps no moves.
//!
//! **Why it is the survival analysis's answer.** [`super::survival`] values
//! a position lost once all its moves are, and a move lost once a reply is;
//! a move onto the exit is never lost. With one reply to each move, a
//! position is never lost exactly when some line from it goes on forever
//! or reaches the exit: if every line from it ends, on positions with no
//! legal move, then by induction on the longest line left each position on
//! the way is lost; and a position with a move whose reply is never lost is
//! never lost. The positions reachable from the start are finitely many, so
//! a line that goes on forever repeats one: the start is never lost exactly
//! when a cycle, or a move onto the exit, is reachable from it. A
//! depth-first search meets a cycle as a move whose reply is on its stack,
//! and when it meets none it has entered every position reachable. It
//! follows the same moves as the explored tree, with or without the
//! dead-end rule (`Kind::moves`), so it answers what
//! [`super::survival::endless`] answers on that tree.
//!
//! **What it saves.** The tree keeps every move and reply, then their
//! reverse links and a value a position; this keeps a colour a position
//! and a stack, and it stops at the first cycle. With several replies to a
//! move (a choosing dragon) a cycle is not enough, and the tree serves.
//! The official game's pairs on a map small enough for a bit a pair
//! ([`PairBits`]) need no numbers at all: two sets of bits, the pairs
//! entered and those done, tell the colours ([`endless_pairs`]), where a
//! hash table of numbers took two fifths of the time.

use super::{Kind, Pairs};
use crate::graph::CellId;
use crate::search::pair::state::PairBits;
use crate::search::position::{StateId, Table};
use crate::search::solution::Stats;
use crate::search::turn::Game;

/// A position's colour: numbered, not yet entered.
const NEW: u8 = 0;
/// Entered, and on the stack.
const OPEN: u8 = 1;
/// Entered, and every position it reaches searched.
const DONE: u8 = 2;

/// A position's place on the stack: its replies `next[first..end]`, those
/// before `cursor` followed.
struct Frame {
    first: usize,
    cursor: usize,
    end: usize,
}

/// Whether the hero may run forever from `start` in `game` (see the
/// module's documentation), each move having one reply. `None` when the
/// search outgrew its budget ([`Game::over_budget`]).
pub(in crate::search) fn endless<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    start: K::Position,
    stats: &mut Stats,
) -> Option<bool> {
    let mut search: Search<K> = Search {
        table: kind.table(),
        colour: Vec::new(),
        stack: Vec::new(),
        next: Vec::new(),
        moves: Vec::with_capacity(5),
        entered: 0,
    };
    let (root, _) = search.table.intern(start);
    search.colour.push(NEW);
    let answer = search.run(game, kind, root);
    stats.states_stored = stats.states_stored.max(search.table.len() as u64);
    stats.states_expanded += search.entered;
    game.record(search.table.len(), search.bytes());
    answer
}

/// The search's state.
struct Search<K: Kind> {
    table: K::Table,
    colour: Vec<u8>,
    stack: Vec<(StateId, Frame)>,
    /// The replies of the positions on the stack, each one's after its
    /// parent's.
    next: Vec<StateId>,
    moves: Vec<(CellId, K::Position)>,
    entered: u64,
}

impl<K: Kind> Search<K> {
    fn run(&mut self, game: &mut Game<'_>, kind: &K, root: StateId) -> Option<bool> {
        if self.enter(game, kind, root)? {
            return Some(true);
        }
        while let Some((at, frame)) = self.stack.last_mut() {
            if frame.cursor == frame.end {
                self.colour[*at as usize] = DONE;
                self.next.truncate(frame.first);
                self.stack.pop();
                continue;
            }
            let reply = self.next[frame.cursor];
            frame.cursor += 1;
            let colour = self.colour[reply as usize];
            if colour == OPEN || (colour == NEW && self.enter(game, kind, reply)?) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Puts position `at` on the stack with its replies numbered: `true`
    /// when one of its moves reaches the exit, `None` past the budget.
    fn enter(&mut self, game: &mut Game<'_>, kind: &K, at: StateId) -> Option<bool> {
        if game.over_budget(self.table.len(), || self.bytes()) {
            return None;
        }
        self.entered += 1;
        self.colour[at as usize] = OPEN;
        let exit = game.graph.exit();
        let position = self.table.get(at);
        self.moves.clear();
        kind.moves(game, &position, &mut self.moves);
        let first = self.next.len();
        for (to, moved) in self.moves.drain(..) {
            if to == exit {
                return Some(true);
            }
            let (table, colour, next) = (&mut self.table, &mut self.colour, &mut self.next);
            let before = next.len();
            kind.replies(game, &moved, |reply| {
                let (id, new) = table.intern(reply);
                if new {
                    colour.push(NEW);
                }
                next.push(id);
            });
            debug_assert!(
                next[before..].iter().all(|&r| r == next[before]),
                "a move has one reply"
            );
        }
        let end = self.next.len();
        self.stack.push((
            at,
            Frame {
                first,
                cursor: first,
                end,
            },
        ));
        Some(false)
    }

    /// The bytes it holds.
    fn bytes(&self) -> usize {
        self.table.bytes()
            + self.colour.len()
            + self.stack.capacity() * size_of::<(StateId, Frame)>()
            + self.next.capacity() * size_of::<StateId>()
    }
}

/// [`endless`] for the official game's pairs with a bit a pair: the
/// pairs entered and the pairs done in two [`PairBits`] (on the stack is
/// entered and not done), the pairs themselves on the stack. `None` when
/// the bits would not fit the game's memory; `Some(None)` past the budget.
pub(in crate::search) fn endless_pairs(
    game: &mut Game<'_>,
    pairs: &Pairs<'_>,
    start: (CellId, CellId),
    stats: &mut Stats,
) -> Option<Option<bool>> {
    let cells = game.graph.len();
    let entered = PairBits::within(cells, cells, game.memory / 2)?;
    let done = PairBits::within(cells, cells, game.memory / 2)?;
    let mut search = PairSearch {
        entered,
        done,
        stack: Vec::new(),
        next: Vec::new(),
        moves: Vec::with_capacity(5),
        count: 0,
    };
    let answer = search.run(game, pairs, start);
    stats.states_stored = stats.states_stored.max(search.count);
    stats.states_expanded += search.count;
    game.record(search.count as usize, search.bytes());
    Some(answer)
}

/// [`endless_pairs`]'s state: a frame is the pair and its replies
/// `next[first..end]`, those before `cursor` followed.
struct PairSearch {
    entered: PairBits,
    done: PairBits,
    stack: Vec<((CellId, CellId), Frame)>,
    next: Vec<(CellId, CellId)>,
    moves: Vec<(CellId, (CellId, CellId))>,
    count: u64,
}

impl PairSearch {
    fn run(
        &mut self,
        game: &mut Game<'_>,
        pairs: &Pairs<'_>,
        root: (CellId, CellId),
    ) -> Option<bool> {
        if self.enter(game, pairs, root)? {
            return Some(true);
        }
        while let Some((at, frame)) = self.stack.last_mut() {
            if frame.cursor == frame.end {
                self.done.insert(*at);
                self.next.truncate(frame.first);
                self.stack.pop();
                continue;
            }
            let reply = self.next[frame.cursor];
            frame.cursor += 1;
            let open = self.entered.contains(reply) && !self.done.contains(reply);
            if open || (!self.entered.contains(reply) && self.enter(game, pairs, reply)?) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Puts `at` on the stack with its replies: `true` when one of its
    /// moves reaches the exit, `None` past the budget.
    fn enter(
        &mut self,
        game: &mut Game<'_>,
        pairs: &Pairs<'_>,
        at: (CellId, CellId),
    ) -> Option<bool> {
        if game.over_budget(self.count as usize, || self.bytes()) {
            return None;
        }
        self.count += 1;
        self.entered.insert(at);
        let exit = game.graph.exit();
        self.moves.clear();
        pairs.moves(game, &at, &mut self.moves);
        let first = self.next.len();
        for (to, moved) in self.moves.drain(..) {
            if to == exit {
                return Some(true);
            }
            let next = &mut self.next;
            pairs.replies(game, &moved, |reply| next.push(reply));
        }
        let end = self.next.len();
        self.stack.push((
            at,
            Frame {
                first,
                cursor: first,
                end,
            },
        ));
        Some(false)
    }

    /// The bytes it holds.
    fn bytes(&self) -> usize {
        self.entered.bytes()
            + self.done.bytes()
            + self.stack.capacity() * size_of::<((CellId, CellId), Frame)>()
            + self.next.capacity() * size_of::<(CellId, CellId)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OracleKind;
    use crate::graph::{CellId, UNREACHABLE};
    use crate::search::backward::{Pairs, Tree, Wide, survival};
    use crate::search::rules::{Rules, Speed, Ties};
    use crate::search::tests::random_map;
    use crate::search::{Solver, ground};

    /// The cycle search and the survival analysis on the explored tree
    /// give the same answer, on the pair game (numbered, and with a bit a
    /// pair) and on whole positions, with
    /// and without the dead-end rule, for every rule set with one reply
    /// to a move, from several starts of many random maps.
    #[test]
    fn the_search_for_a_cycle_is_the_analysis_on_the_tree() {
        let (mut endless_seen, mut finite_seen) = (0, 0);
        for seed in 0..150 {
            let Some(puzzle) = random_map(seed) else {
                continue;
            };
            let solver = Solver::new(&puzzle);
            let graph = solver.graph();
            let n = graph.len() as u32;
            let starts = (0..4u32).map(|k| match k {
                0 => (graph.hero(), graph.dragon()),
                _ => {
                    let pick = (seed as u32)
                        .wrapping_mul(2_654_435_761)
                        .wrapping_add(k * 7919);
                    (CellId(pick % n), CellId(pick / 7 % n))
                }
            });
            for (hero, dragon) in starts.filter(|(h, d)| h != d && *h != graph.exit()) {
                if solver.exit_distance[hero.index()] == UNREACHABLE {
                    continue;
                }
                for (order, speed, wait) in [
                    ("ULDR", 1, false),
                    ("RDLU", 1, false),
                    ("ULDR", 1, true),
                    ("ULDR", 2, false),
                ] {
                    let rules = Rules {
                        ties: Ties::Priority(order.parse().unwrap()),
                        speed: Speed::new(speed).unwrap(),
                        wait,
                    };
                    let maps = ground::DoorMaps::new(0);
                    let terrain = ground::Terrain::new(graph, &solver.layout, &maps);
                    let oracles =
                        ground::Oracles::built(&terrain, OracleKind::Bfs, 1 << 24, false).unwrap();
                    let mut game = Game::on(terrain, (hero, dragon), oracles, rules, usize::MAX);
                    let context = format!("seed {seed}, {hero:?} {dragon:?}, {rules:?}");
                    for dead_ends in [None, Some(&solver.hanging)] {
                        let pairs = Pairs { dead_ends };
                        let start = (hero, dragon);
                        let tree = Tree::explore(&mut game, &pairs, start, None);
                        let expected = survival::endless(&tree);
                        let stats = &mut Stats::default();
                        let found = endless(&mut game, &pairs, start, stats);
                        assert_eq!(found, Some(expected), "pairs, {context}");
                        let found = endless_pairs(&mut game, &pairs, start, stats);
                        assert_eq!(found, Some(Some(expected)), "pairs' bits, {context}");
                        let wide = Wide {
                            dragons: 1,
                            stride: solver.layout.stride(),
                            dead_ends,
                        };
                        let at = crate::search::position::Position::pair(hero, dragon);
                        let found = endless(&mut game, &wide, at, stats);
                        assert_eq!(found, Some(expected), "whole positions, {context}");
                        // An escape counts as never lost: count the games
                        // where only a cycle can make one endless.
                        let escapes = tree.escapes.iter().any(|&e| e);
                        if !escapes {
                            endless_seen += usize::from(expected);
                            finite_seen += usize::from(!expected);
                        }
                    }
                }
            }
        }
        assert!(
            endless_seen > 100 && finite_seen > 100,
            "too few cases: {endless_seen} endless, {finite_seen} finite"
        );
    }
}
