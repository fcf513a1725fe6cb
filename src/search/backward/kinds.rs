//! How a game's positions are numbered and reached ([`Kind`]): the
//! official game's (hero, dragon) pairs ([`Pairs`]) and whole positions
//! for any rule set ([`Wide`]).

use crate::graph::CellId;
use crate::search::pair::hanging::Hanging;
use crate::search::pair::state::StateTable;
use crate::search::position::{Position, Table, WideTable};
use crate::search::solution::Stats;
use crate::search::turn::{Game, hero_moves};

/// How a game's positions are numbered and reached: the hero's legal moves
/// and the dragons' replies, from [`crate::search::turn`].
pub(in crate::search) trait Kind {
    /// A position, hero to move.
    type Position: Copy;
    /// The table that numbers positions.
    type Table: Table<Position = Self::Position>;
    /// An empty table.
    fn table(&self) -> Self::Table;
    /// The hero's cell of a position.
    fn hero(at: &Self::Position) -> CellId;
    /// The position as a table keys it: the same for every numbering of the
    /// same dragons.
    fn canonical(at: Self::Position) -> Self::Position {
        at
    }
    /// Pushes onto `out` the hero's legal moves from `at`: the hero's cell
    /// after each, and the position after the hero's half of the turn.
    fn moves(&self, game: &Game<'_>, at: &Self::Position, out: &mut Vec<(CellId, Self::Position)>);
    /// Calls `reply` with each position the dragons may leave after the
    /// hero's half `moved`.
    fn replies(
        &self,
        game: &mut Game<'_>,
        moved: &Self::Position,
        reply: impl FnMut(Self::Position),
    );
    /// Whether every dragon of `at` is out of reach of every shortest way
    /// out (see [`super::proof`], "Out of reach"): more than `N` times as far
    /// from the exit as the hero, on a map without doors.
    fn out_of_reach(&self, game: &Game<'_>, at: &Self::Position, exit_distance: &[u32]) -> bool;
    /// Whether the hero may run forever from `start`, each move having one
    /// reply, by a search for a cycle that keeps a bit a position where
    /// the kind has one ([`super::endless::endless_pairs`]): `None` where
    /// it has none, `Some(None)` past the budget.
    fn endless_by_bits(
        &self,
        _game: &mut Game<'_>,
        _start: Self::Position,
        _stats: &mut Stats,
    ) -> Option<Option<bool>> {
        None
    }
}

/// Whether a dragon on `dragon` is out of reach of every shortest way out
/// of a hero on `hero` at speed `n` (see [`super::proof`], "Out of reach").
#[inline]
fn beyond(exit_distance: &[u32], n: u32, hero: CellId, dragon: CellId) -> bool {
    let e = |cell: CellId| u64::from(exit_distance[cell.index()]);
    e(dragon) > u64::from(n) * e(hero)
}

/// The official game: (hero, dragon) pairs in the pair search's table.
pub(in crate::search) struct Pairs<'h> {
    /// The dead-end rule's trees ([`crate::search::pair::hanging`]): the moves it
    /// finds needless are left out, so only [`super::survival::endless`] may value
    /// such a tree.
    pub(in crate::search) dead_ends: Option<&'h Hanging>,
}

impl Kind for Pairs<'_> {
    type Position = (CellId, CellId);
    type Table = StateTable;

    fn table(&self) -> StateTable {
        StateTable::default()
    }

    fn hero(&(hero, _): &(CellId, CellId)) -> CellId {
        hero
    }

    #[inline]
    fn moves(
        &self,
        game: &Game<'_>,
        &(hero, dragon): &(CellId, CellId),
        out: &mut Vec<(CellId, (CellId, CellId))>,
    ) {
        let moves = hero_moves(game.graph, game.speed, game.wait, hero, dragon)
            .filter(|&(_, to)| self.dead_ends.is_none_or(|h| !h.needless(hero, to, dragon)));
        out.extend(moves.map(|(_, to)| (to, (to, dragon))));
    }

    #[inline]
    fn replies(
        &self,
        game: &mut Game<'_>,
        &(hero, dragon): &(CellId, CellId),
        mut reply: impl FnMut((CellId, CellId)),
    ) {
        game.dragon_replies(dragon, hero, |r| reply((hero, r)));
    }

    #[inline]
    fn out_of_reach(
        &self,
        game: &Game<'_>,
        &(hero, dragon): &(CellId, CellId),
        exit_distance: &[u32],
    ) -> bool {
        beyond(exit_distance, game.speed.steps(), hero, dragon)
    }

    fn endless_by_bits(
        &self,
        game: &mut Game<'_>,
        start: (CellId, CellId),
        stats: &mut Stats,
    ) -> Option<Option<bool>> {
        super::endless::endless_pairs(game, self, start, stats)
    }
}

/// Any rule set: whole positions (every dragon, the locks).
#[derive(Clone, Copy)]
pub(in crate::search) struct Wide<'h> {
    /// The dragons the map starts with.
    pub(in crate::search) dragons: usize,
    /// Words a position takes ([`crate::search::position::Layout::stride`]).
    pub(in crate::search) stride: usize,
    /// The dead-end rule's trees, as for [`Pairs`]: a step is left out
    /// when the rule finds it needless against every dragon.
    pub(in crate::search) dead_ends: Option<&'h Hanging>,
}

impl Kind for Wide<'_> {
    type Position = Position;
    type Table = WideTable;

    fn table(&self) -> WideTable {
        WideTable::new(self.stride, self.dragons)
    }

    fn hero(at: &Position) -> CellId {
        at.hero
    }

    fn canonical(at: Position) -> Position {
        Position {
            dragons: at.dragons.canonical(),
            ..at
        }
    }

    #[inline]
    fn moves(&self, game: &Game<'_>, at: &Position, out: &mut Vec<(CellId, Position)>) {
        let terrain = game.terrain;
        let needed = |to: CellId| {
            self.dead_ends
                .is_none_or(|h| at.dragons.live().any(|d| !h.needless(at.hero, to, d)))
        };
        let moves = terrain
            .moves(game.rules(), at)
            .filter(|&(_, to, _)| needed(to));
        let moves = moves.map(|(_, to, locks)| {
            let moved = Position {
                hero: to,
                locks,
                ..*at
            };
            (to, moved)
        });
        out.extend(moves);
    }

    #[inline]
    fn replies(&self, game: &mut Game<'_>, moved: &Position, mut reply: impl FnMut(Position)) {
        game.replies(moved, |p| reply(*p));
    }

    #[inline]
    fn out_of_reach(&self, game: &Game<'_>, at: &Position, exit_distance: &[u32]) -> bool {
        // A door may stand on every shortest way out.
        !game.terrain.layout.has_locks()
            && at
                .dragons
                .live()
                .all(|d| beyond(exit_distance, game.speed.steps(), at.hero, d))
    }
}
