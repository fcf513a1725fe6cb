//! The verifier: every position's value checked against its moves' in one
//! pass ([`Table::verify`]), as tablebase generators ship a checker apart
//! from the builder.
//!
//! Local consistency is the whole proof. An escape's value falls by one
//! along its best move, so the escapes are well founded from the exit; a
//! survival's falls along every move, so a position marked caught is
//! caught; and a position whose true value is an escape (or a loss) has a
//! move (or only moves) whose successors carry smaller true values, marked
//! right by induction, so it cannot be marked otherwise and pass.

use std::fmt;

use super::judge::{self, Judge};
use super::{Table, Value, Values};
use crate::Pos;
use crate::graph::CellId;
use crate::search::position::{Position, StateId, Table as _};

/// A position whose value disagrees with its moves'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The hero's cell.
    pub hero: Pos,
    /// The dragons' cells.
    pub dragons: Vec<Pos>,
    /// The value the table holds.
    pub held: Value,
    /// The value its moves give.
    pub moves_give: Value,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position with the hero at {} and the dragons at {} holds {}, but its moves \
             give {}",
            self.hero,
            self.dragons
                .iter()
                .map(Pos::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            self.held,
            self.moves_give
        )
    }
}

impl std::error::Error for Mismatch {}

impl Table {
    /// Checks every position's value against the values of its moves (see
    /// the module's documentation) and returns how many positions it
    /// checked.
    ///
    /// # Errors
    /// The first [`Mismatch`] in position order.
    pub fn verify(&self) -> Result<usize, Mismatch> {
        let maps = judge::maps(self);
        let mut judge = Judge::new(self, &maps);
        let mut checked = 0;
        let mut check = |at: Position| {
            let held = self
                .value_of(&at)
                .expect("the table holds its own positions");
            let moves_give = judge.value(&at);
            if held != moves_give {
                return Err(Mismatch {
                    hero: self.graph.pos(at.hero),
                    dragons: at
                        .dragons
                        .sorted()
                        .iter()
                        .map(|&d| self.graph.pos(d))
                        .collect(),
                    held,
                    moves_give,
                });
            }
            checked += 1;
            Ok(())
        };
        match &self.values {
            Values::Pairs(_) => {
                let n = self.cells() as u32;
                for h in (0..n).map(CellId) {
                    for d in (0..n).map(CellId).filter(|&d| d != h) {
                        check(Position::pair(h, d))?;
                    }
                }
            }
            Values::Wide { positions, .. } => {
                for id in 0..positions.len() as StateId {
                    check(positions.get(id))?;
                }
            }
        }
        Ok(checked)
    }
}
