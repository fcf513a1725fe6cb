//! Whether a hero that cannot escape may run forever, when each of its
//! moves has one reply (a priority tie rule): a depth-first search for a
//! cycle, which enters each position once and keeps no moves.
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
//! entered and those done, tell the colours ([`PairColours`],
//! [`endless_pairs`]), where a hash table of numbers took two fifths of
//! the time. One search serves both ([`Colours`]).

use super::{Kind, Pairs};
use crate::graph::CellId;
use crate::search::pair::state::PairBits;
use crate::search::position::{StateId, Table};
use crate::search::solution::Stats;
use crate::search::turn::Game;

/// A position's colour: not yet entered.
const NEW: u8 = 0;
/// Entered, and on the stack.
const OPEN: u8 = 1;
/// Entered, and every position it reaches searched.
const DONE: u8 = 2;

/// Where the search keeps each position's colour, and what stands for a
/// position on its stack: a number in a table of positions
/// ([`Numbered`]), or the pair itself with a bit a pair ([`PairColours`]).
trait Colours {
    /// A position as the stack holds it.
    type Node: Copy + PartialEq;
    /// The position itself.
    type Position: Copy;
    /// The node of `at`, made if new (then [`NEW`]).
    fn node(&mut self, at: Self::Position) -> Self::Node;
    /// The position of a node.
    fn position(&self, node: Self::Node) -> Self::Position;
    fn colour(&self, node: Self::Node) -> u8;
    /// Marks a node [`OPEN`] as it goes on the stack.
    fn open(&mut self, node: Self::Node);
    /// Marks a node [`DONE`] as it leaves the stack.
    fn close(&mut self, node: Self::Node);
    /// The positions stored.
    fn len(&self) -> usize;
    fn bytes(&self) -> usize;
}

/// Colours by number, for any kind of position: its table and a colour a
/// number.
struct Numbered<T> {
    table: T,
    colour: Vec<u8>,
}

impl<T: Table> Colours for Numbered<T> {
    type Node = StateId;
    type Position = T::Position;

    fn node(&mut self, at: T::Position) -> StateId {
        let (id, new) = self.table.intern(at);
        if new {
            self.colour.push(NEW);
        }
        id
    }

    fn position(&self, node: StateId) -> T::Position {
        self.table.get(node)
    }

    fn colour(&self, node: StateId) -> u8 {
        self.colour[node as usize]
    }

    fn open(&mut self, node: StateId) {
        self.colour[node as usize] = OPEN;
    }

    fn close(&mut self, node: StateId) {
        self.colour[node as usize] = DONE;
    }

    fn len(&self) -> usize {
        self.table.len()
    }

    fn bytes(&self) -> usize {
        self.table.bytes() + self.colour.len()
    }
}

/// Colours of the official game's pairs in two [`PairBits`], the pairs
/// entered and the pairs done: on the stack is entered and not done.
struct PairColours {
    entered: PairBits,
    done: PairBits,
    count: usize,
}

impl Colours for PairColours {
    type Node = (CellId, CellId);
    type Position = (CellId, CellId);

    fn node(&mut self, at: (CellId, CellId)) -> (CellId, CellId) {
        at
    }

    fn position(&self, node: (CellId, CellId)) -> (CellId, CellId) {
        node
    }

    fn colour(&self, node: (CellId, CellId)) -> u8 {
        match (self.entered.contains(node), self.done.contains(node)) {
            (false, _) => NEW,
            (true, false) => OPEN,
            (true, true) => DONE,
        }
    }

    fn open(&mut self, node: (CellId, CellId)) {
        self.entered.insert(node);
        self.count += 1;
    }

    fn close(&mut self, node: (CellId, CellId)) {
        self.done.insert(node);
    }

    fn len(&self) -> usize {
        self.count
    }

    fn bytes(&self) -> usize {
        self.entered.bytes() + self.done.bytes()
    }
}

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
    let colours = Numbered {
        table: kind.table(),
        colour: Vec::new(),
    };
    search(game, kind, colours, start, stats)
}

/// [`endless`] for the official game's pairs with a bit a pair
/// ([`PairColours`]), the pairs themselves on the stack. `None` when the
/// bits would not fit the game's memory; `Some(None)` past the budget.
pub(in crate::search) fn endless_pairs(
    game: &mut Game<'_>,
    pairs: &Pairs<'_>,
    start: (CellId, CellId),
    stats: &mut Stats,
) -> Option<Option<bool>> {
    let cells = game.graph.len();
    let colours = PairColours {
        entered: PairBits::within(cells, cells, game.memory / 2)?,
        done: PairBits::within(cells, cells, game.memory / 2)?,
        count: 0,
    };
    Some(search(game, pairs, colours, start, stats))
}

/// The depth-first search of [`endless`], its colours in `colours`.
fn search<K: Kind, C: Colours<Position = K::Position>>(
    game: &mut Game<'_>,
    kind: &K,
    colours: C,
    start: K::Position,
    stats: &mut Stats,
) -> Option<bool> {
    let mut search = Search {
        colours,
        stack: Vec::new(),
        next: Vec::new(),
        moves: Vec::with_capacity(5),
        entered: 0,
    };
    let root = search.colours.node(start);
    let answer = search.run(game, kind, root);
    stats.states_stored = stats.states_stored.max(search.colours.len() as u64);
    stats.states_expanded += search.entered;
    game.record(search.colours.len(), search.bytes());
    answer
}

/// The search's state.
struct Search<C: Colours, P> {
    colours: C,
    stack: Vec<(C::Node, Frame)>,
    /// The replies of the positions on the stack, each one's after its
    /// parent's.
    next: Vec<C::Node>,
    moves: Vec<(CellId, P)>,
    entered: u64,
}

impl<P: Copy, C: Colours<Position = P>> Search<C, P> {
    fn run<K: Kind<Position = P>>(
        &mut self,
        game: &mut Game<'_>,
        kind: &K,
        root: C::Node,
    ) -> Option<bool> {
        if self.enter(game, kind, root)? {
            return Some(true);
        }
        while let Some((at, frame)) = self.stack.last_mut() {
            if frame.cursor == frame.end {
                self.colours.close(*at);
                self.next.truncate(frame.first);
                self.stack.pop();
                continue;
            }
            let reply = self.next[frame.cursor];
            frame.cursor += 1;
            let colour = self.colours.colour(reply);
            if colour == OPEN || (colour == NEW && self.enter(game, kind, reply)?) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Puts `at` on the stack with its replies: `true` when one of its
    /// moves reaches the exit, `None` past the budget.
    fn enter<K: Kind<Position = P>>(
        &mut self,
        game: &mut Game<'_>,
        kind: &K,
        at: C::Node,
    ) -> Option<bool> {
        if game.over_budget(self.colours.len(), || self.bytes()) {
            return None;
        }
        self.entered += 1;
        self.colours.open(at);
        let exit = game.graph.exit();
        let position = self.colours.position(at);
        self.moves.clear();
        kind.moves(game, &position, &mut self.moves);
        let first = self.next.len();
        for (to, moved) in self.moves.drain(..) {
            if to == exit {
                return Some(true);
            }
            let (colours, next) = (&mut self.colours, &mut self.next);
            let before = next.len();
            kind.replies(game, &moved, |reply| next.push(colours.node(reply)));
            debug_assert!(
                next[before..].windows(2).all(|w| w[0] == w[1]),
                "a move has one reply"
            );
        }
        let end = self.next.len();
        let frame = Frame {
            first,
            cursor: first,
            end,
        };
        self.stack.push((at, frame));
        Some(false)
    }

    /// The bytes it holds.
    fn bytes(&self) -> usize {
        self.colours.bytes()
            + self.stack.capacity() * size_of::<(C::Node, Frame)>()
            + self.next.capacity() * size_of::<C::Node>()
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
