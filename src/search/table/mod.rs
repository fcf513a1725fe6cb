//! Every position at once: the value of every position of a map under a
//! rule set, as a chess endgame tablebase holds every position of an
//! endgame. Then any question about the map is a look-up: the escape from
//! any start, the hardest start, the cost of a move.
//!
//! A position is the hero's cell and the dragons', the keys taken and the
//! doors opened, the hero to move (docs/RULES.md, "Positions and
//! back-steps"). Its value ([`Value`]) is the escape in the least number of
//! moves the hero can guarantee under the tie rule, or, when it cannot
//! escape, how many moves it survives before it is stuck, or that it can
//! run forever. Under the optimistic bound a caught position's survival is
//! the default rule's, as the solver shows it. Values take two bytes.
//!
//! - One dragon, no keys or doors ([`build()`]): every pair of different free
//!   cells is a position, numbered densely, and the table is built
//!   backwards by the retrograde passes of [`super::backward`] made dense,
//!   each position's predecessors found from its cells, every move and
//!   reply the turn's ([`super::turn`]), the dragon's steps from a table of
//!   every pair's ([`crate::dragon::StepTable`]).
//! - Several dragons, keys or doors ([`wide`]): every position reachable
//!   from every start (the hero and the dragons on any cells, nothing taken
//!   or opened) is explored and valued by the solver's own backward
//!   analyses, within the budget.
//!
//! [`Table::verify`] checks a table in one pass, position by position, with
//! another oracle and none of the builders' bookkeeping ([`judge`]).

mod build;
mod judge;
#[cfg(test)]
mod tests;
mod verify;
mod wide;
#[cfg(feature = "mapgen")]
pub(crate) use wide::subsets;

use std::fmt;

pub use verify::Mismatch;

use crate::Pos;
use crate::error::Error;
use crate::graph::{CellId, Graph};
use crate::search::position::{Dragons, Layout, Position, WideTable};
use crate::search::rules::Rules;
use crate::search::solution::Move;
use crate::search::{Options, Progress, Solver};

/// A value's bits: an escape in `v` moves is `v`; a loss after `k` moves is
/// `LOST | k`; then the two marks.
const LOST: u16 = 0x8000;
/// The hero can run forever (and, while building, a position not valued).
const ENDLESS: u16 = 0xFFFE;
/// Not a position: the hero and the dragon on one cell.
const NOT_A_POSITION: u16 = 0xFFFF;
/// The largest number of moves a value holds.
const MOST_MOVES: u32 = 0x7FFD;

/// What a position promises the hero when both play their best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The hero escapes in this many moves (guaranteed ones under the
    /// adversarial rule; 0 on the exit).
    Escape {
        /// The least number of moves.
        moves: usize,
    },
    /// The hero is caught: it survives this many moves, then has no legal
    /// move.
    Caught {
        /// The most moves it makes before it is stuck.
        moves: usize,
    },
    /// The hero cannot escape but can run from the dragon forever.
    Endless,
}

impl Value {
    /// Whether the hero would rather have this value than `other`: the
    /// shorter escape, then running forever, then the longer survival.
    pub fn is_better_than(self, other: Value) -> bool {
        self.rank() < other.rank()
    }

    /// The number of moves, if the hero escapes.
    pub fn escape(self) -> Option<usize> {
        match self {
            Value::Escape { moves } => Some(moves),
            Value::Caught { .. } | Value::Endless => None,
        }
    }

    /// The value's place in the hero's preference, least first.
    fn rank(self) -> (u8, usize) {
        match self {
            Value::Escape { moves } => (0, moves),
            Value::Endless => (1, 0),
            Value::Caught { moves } => (2, usize::MAX - moves),
        }
    }

    /// The value one move earlier.
    fn after_move(self) -> Value {
        match self {
            Value::Escape { moves } => Value::Escape { moves: moves + 1 },
            Value::Caught { moves } => Value::Caught { moves: moves + 1 },
            Value::Endless => Value::Endless,
        }
    }

    fn decode(word: u16) -> Option<Value> {
        match word {
            NOT_A_POSITION => None,
            ENDLESS => Some(Value::Endless),
            w if w & LOST != 0 => Some(Value::Caught {
                moves: usize::from(w & !LOST),
            }),
            w => Some(Value::Escape {
                moves: usize::from(w),
            }),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |moves: usize| if moves == 1 { "" } else { "s" };
        match *self {
            Value::Escape { moves } => write!(f, "an escape in {moves} move{}", plural(moves)),
            Value::Caught { moves } => {
                write!(f, "caught after {moves} move{}", plural(moves))
            }
            Value::Endless => f.write_str("no escape, but no capture either"),
        }
    }
}

/// The value of every position of a map under a rule set (see the module's
/// documentation).
#[derive(Clone)]
pub struct Table {
    rules: Rules,
    graph: Graph,
    layout: Layout,
    values: Values,
}

/// A table's values, by the kind of its positions.
#[derive(Clone)]
enum Values {
    /// One dragon, no keys or doors: position (hero, dragon) at
    /// `hero * cells + dragon`.
    Pairs(Vec<u16>),
    /// Every position reachable from the starts, numbered, each one's value.
    Wide {
        positions: WideTable,
        values: Vec<u16>,
    },
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("rules", &self.rules)
            .field("cells", &self.cells())
            .field("positions", &self.positions())
            .finish_non_exhaustive()
    }
}

/// Builds the table of `solver`'s map under `options.rules` within
/// `options.max_memory`, stopped when `progress` asks (see
/// [`Solver::table`]).
pub(crate) fn build(
    solver: &Solver,
    options: &Options,
    progress: &Progress,
) -> Result<Table, Error> {
    if solver.layout.is_wide() {
        wide::build(solver, options, progress)
    } else {
        build::build(solver, options, progress)
    }
}

/// About how many bytes the table of `solver`'s map takes to build under
/// `rules`: exactly for one dragon, for the starts alone with several
/// dragons, keys or doors (the positions they reach are found as it goes).
pub(crate) fn bytes_needed(solver: &Solver, rules: Rules) -> usize {
    if solver.layout.is_wide() {
        wide::starts_bytes(solver)
    } else {
        build::bytes_needed(solver.graph.len(), rules)
    }
}

impl Table {
    /// The rules the table was built under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How many free cells the map has.
    pub fn cells(&self) -> usize {
        self.graph.len()
    }

    /// How many positions the table holds.
    pub fn positions(&self) -> usize {
        match &self.values {
            Values::Pairs(values) => values.len() - self.cells(),
            Values::Wide { values, .. } => values.len(),
        }
    }

    /// About how many bytes the table holds.
    pub fn bytes(&self) -> usize {
        let values = match &self.values {
            Values::Pairs(values) => values.len() * size_of::<u16>(),
            Values::Wide { positions, values } => {
                use crate::search::position::Table as _;
                positions.bytes() + values.len() * size_of::<u16>()
            }
        };
        values + self.graph.bytes() + self.layout.bytes()
    }

    /// Whether a hero on `hero` reaches the exit without the dragon (the
    /// solver's "no path" when it does not).
    pub(crate) fn reaches_exit(&self, hero: Pos) -> bool {
        self.graph
            .cell_at(hero)
            .is_some_and(|cell| self.graph.distance(cell, self.graph.exit()).is_some())
    }

    /// The word of a position, `None` when the table does not hold it.
    fn word(&self, at: &Position) -> Option<u16> {
        if at.hero == self.graph.exit() {
            return Some(0);
        }
        match &self.values {
            Values::Pairs(values) => {
                let dragon = at.dragons.get(0)?;
                Some(values[at.hero.index() * self.cells() + dragon.index()])
            }
            Values::Wide { positions, values } => positions.find(at).map(|id| values[id as usize]),
        }
    }

    /// The value of a position, `None` when the table does not hold it.
    fn value_of(&self, at: &Position) -> Option<Value> {
        Value::decode(self.word(at)?)
    }

    /// The position of the hero on `hero` and the dragons on `dragons`,
    /// nothing taken or opened, if they are the map's number of dragons on
    /// free cells, none on the hero's.
    fn position(&self, hero: Pos, dragons: &[Pos]) -> Option<Position> {
        if dragons.len() != self.layout.dragons().len().max(1) {
            return None;
        }
        let hero = self.graph.cell_at(hero)?;
        let cells = dragons
            .iter()
            .map(|&d| self.graph.cell_at(d).filter(|&c| c != hero))
            .collect::<Option<Vec<CellId>>>()?;
        Some(Position {
            hero,
            dragons: Dragons::new(&cells),
            locks: Default::default(),
        })
    }

    /// The value of the position with the hero on `hero` and the dragon on
    /// `dragon`, the hero to move (and, on a map of keys and doors, nothing
    /// taken or opened); `None` when it is not a position of the table: a
    /// piece off the free cells, both on one, or a map of several dragons
    /// ([`Table::value_with`]).
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Options, Puzzle, Solver, Value};
    /// let puzzle: Puzzle = "H.E..D".parse()?;
    /// let table = Solver::new(&puzzle).table(&Options::default())?;
    /// assert_eq!(table.value(puzzle.hero(), puzzle.dragon()), Some(Value::Escape { moves: 2 }));
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn value(&self, hero: Pos, dragon: Pos) -> Option<Value> {
        self.value_with(hero, &[dragon])
    }

    /// The value of the position with the hero on `hero` and the dragons
    /// on `dragons` (as many as the map has), nothing taken or opened;
    /// `None` when it is not a position of the table.
    pub fn value_with(&self, hero: Pos, dragons: &[Pos]) -> Option<Value> {
        self.value_of(&self.position(hero, dragons)?)
    }

    /// Every free cell with the value of a hero starting there against the
    /// dragon on `dragon` (`None` where that is no position: the dragon's
    /// own cell, and on a map of several dragons everywhere; see
    /// [`Table::with_dragons`]), in row-major order.
    pub fn with_dragon(&self, dragon: Pos) -> impl Iterator<Item = (Pos, Option<Value>)> + '_ {
        self.with_dragons(vec![dragon])
    }

    /// Every free cell with the value of a hero starting there against the
    /// dragons on `dragons`, in row-major order.
    pub fn with_dragons(
        &self,
        dragons: Vec<Pos>,
    ) -> impl Iterator<Item = (Pos, Option<Value>)> + '_ {
        self.every_cell()
            .map(move |pos| (pos, self.value_with(pos, &dragons)))
    }

    /// Every free cell with the value of the position where the dragon
    /// starts there and the hero on `hero`, in row-major order (`None`
    /// everywhere on a map of several dragons).
    pub fn with_hero(&self, hero: Pos) -> impl Iterator<Item = (Pos, Option<Value>)> + '_ {
        self.every_cell()
            .map(move |pos| (pos, self.value(hero, pos)))
    }

    /// Every free cell's place, in row-major order.
    fn every_cell(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells() as u32).map(|c| self.graph.pos(CellId(c)))
    }

    /// The hero's legal moves from the position with the hero on `hero`
    /// and the dragon on `dragon`, in the official order, each with the
    /// value of the position it leads to after the dragon's reply, counted
    /// from here (the best is the position's value); `None` when the
    /// position is not one (see [`Table::value`]). [`Table::moves_with`]
    /// for several dragons.
    ///
    /// Each call looks at the map around the position afresh (a few
    /// breadth-first searches): quick enough for a move at a time.
    pub fn moves(&self, hero: Pos, dragon: Pos) -> Option<Vec<(Move, Value)>> {
        self.moves_with(hero, &[dragon])
    }

    /// [`Table::moves`] with the dragons on `dragons`.
    pub fn moves_with(&self, hero: Pos, dragons: &[Pos]) -> Option<Vec<(Move, Value)>> {
        let at = self.position(hero, dragons)?;
        self.value_of(&at)?;
        let maps = judge::maps(self);
        Some(judge::Judge::new(self, &maps).moves(&at))
    }
}
