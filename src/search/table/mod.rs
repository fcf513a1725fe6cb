//! Every position at once: the value of every (hero, dragon) position of a
//! map under a rule set, as a chess endgame tablebase holds every position
//! of an endgame. Then any question about the map is a look-up: the escape
//! from any start, the hardest start, the cost of a move.
//!
//! A position is the hero's cell and the dragon's, the hero to move
//! (docs/RULES.md, "Positions and back-steps"); every pair of different
//! free cells is one, whether or not a game from the map's start reaches
//! it. Its value ([`Value`]) is the escape in the least number of moves the
//! hero can guarantee under the tie rule, or, when it cannot escape, how
//! many moves it survives before it is stuck, or that it can run forever.
//! Values are two bytes a position.
//!
//! The table is built backwards ([`build`]), by the retrograde passes of
//! [`super::backward`] made dense: first the escapes, from the positions one
//! move from the exit, in order of their values; then, among the rest, the
//! positions the dragon wins, from those where the hero has no legal move.
//! Each position's predecessors are found from its cells, and every move
//! and reply is the turn's ([`super::turn`]): the dragon's steps come from
//! a table of every pair's shortest steps ([`crate::dragon::StepTable`]).
//! [`Table::verify`] checks a table in one pass, position by position,
//! with another oracle and none of the builder's bookkeeping.
//!
//! The table takes one dragon and no keys or doors, at any speed, with or
//! without waiting, under every tie rule. Under the optimistic bound a
//! caught position's survival is the default rule's, as the solver shows
//! it.

mod build;
mod judge;
#[cfg(test)]
mod tests;
mod verify;

use std::fmt;

pub(crate) use build::{build, bytes_needed};
pub use verify::Mismatch;

use crate::Pos;
use crate::graph::{CellId, Graph};
use crate::search::rules::Rules;
use crate::search::solution::Move;

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
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    graph: Graph,
    /// The value of position (hero, dragon) at `hero * cells + dragon`.
    values: Vec<u16>,
}

impl Table {
    /// The rules the table was built under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How many free cells the map has (the table holds their square).
    pub fn cells(&self) -> usize {
        self.graph.len()
    }

    /// About how many bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.values.len() * size_of::<u16>() + self.graph.bytes()
    }

    fn cell(&self, pos: Pos) -> Option<usize> {
        self.graph.cell_at(pos).map(CellId::index)
    }

    /// The word of position (`hero`, `dragon`).
    fn word(&self, hero: CellId, dragon: CellId) -> u16 {
        self.values[hero.index() * self.cells() + dragon.index()]
    }

    /// The value of the position with the hero on `hero` and the dragon on
    /// `dragon`, the hero to move; `None` when either is not a free cell,
    /// or both are the same.
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
        let (h, d) = (self.cell(hero)?, self.cell(dragon)?);
        Value::decode(self.values[h * self.cells() + d])
    }

    /// Every free cell with the value of a hero starting there against the
    /// dragon on `dragon` (`None` on the dragon's own cell), in row-major
    /// order.
    pub fn with_dragon(&self, dragon: Pos) -> impl Iterator<Item = (Pos, Option<Value>)> + '_ {
        let d = self.cell(dragon);
        self.every_cell().map(move |(h, pos)| {
            let value = d.and_then(|d| Value::decode(self.values[h * self.cells() + d]));
            (pos, value)
        })
    }

    /// Every free cell with the value of the position where the dragon
    /// starts there and the hero on `hero`, in row-major order.
    pub fn with_hero(&self, hero: Pos) -> impl Iterator<Item = (Pos, Option<Value>)> + '_ {
        let h = self.cell(hero);
        self.every_cell().map(move |(d, pos)| {
            let value = h.and_then(|h| Value::decode(self.values[h * self.cells() + d]));
            (pos, value)
        })
    }

    /// Every cell's number and place.
    fn every_cell(&self) -> impl Iterator<Item = (usize, Pos)> + '_ {
        (0..self.cells()).map(|c| (c, self.graph.pos(CellId(c as u32))))
    }

    /// The hero's legal moves from the position with the hero on `hero`
    /// and the dragon on `dragon`, in the official order, each with the
    /// value of the position it leads to after the dragon's reply, counted
    /// from here (the best is the position's value); `None` when the
    /// position is not one.
    ///
    /// Each call looks at the map around the position afresh (a few
    /// breadth-first searches): quick enough for a move at a time.
    pub fn moves(&self, hero: Pos, dragon: Pos) -> Option<Vec<(Move, Value)>> {
        let (h, d) = (self.graph.cell_at(hero)?, self.graph.cell_at(dragon)?);
        if h == d {
            return None;
        }
        Some(judge::Judge::new(self).moves(h, d))
    }
}
