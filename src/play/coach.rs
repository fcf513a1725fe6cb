//! Play mode's coach: the whole-map table behind instant hints and the
//! word after a mistake.
//!
//! When the map's table fits ([`Coach::build`]: one dragon, no keys or
//! doors, a table small enough to build at start and within the budget),
//! a hint is a look-up and every move is judged against the position's
//! other moves ([`judge`]). A move is a mistake when its value, what the
//! hero can still make of the game after it under the tie rule, is worse
//! than the best move's. Under the adversarial rule that is what the hero
//! can guarantee whatever the dragon picks, so the move is judged, not the
//! dragon's reply: a dragon that then plays less than its best does not
//! make a mistake good. When the table does not fit, play goes on with a
//! solve per hint and no judging, and [`NoTable`] says why, once.

use std::fmt;

use super::Hint;
use crate::error::{Error, plural};
use crate::puzzle::Pos;
use crate::search::solution::Move;
use crate::search::{Options, Progress, Solver, Table, Value};

/// The most bytes a table may take to build for play, so that a game
/// starts within a few seconds: a 101x101 maze's, under any tie rule (the
/// build's time grows with its bytes).
pub const TABLE_LIMIT: usize = 384 << 20;

/// What a mistake cost the hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// The escape got this many moves longer than the best move's.
    Moves(usize),
    /// The hero could escape, and after the move it cannot.
    Escape,
    /// The hero could run from the dragon forever, and after the move it
    /// is caught.
    Endless,
    /// The hero is caught either way, this many moves sooner.
    Survival(usize),
}

/// A move worse than the position's best (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mistake {
    /// The move made.
    pub step: Move,
    /// What it cost.
    pub loss: Loss,
}

impl fmt::Display for Mistake {
    /// The word after the move: `that step cost 4 moves`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = match self.step {
            Move::Step(_) => "step",
            Move::Wait => "wait",
        };
        match self.loss {
            Loss::Moves(n) => write!(f, "that {step} cost {}", plural(n, "move")),
            Loss::Escape => write!(f, "that {step} lost the escape: undo with u"),
            Loss::Endless => write!(
                f,
                "that {step} lets the dragon catch you, where you could run forever: undo with u"
            ),
            Loss::Survival(n) => write!(
                f,
                "that {step} shortens your survival by {}",
                plural(n, "move")
            ),
        }
    }
}

/// Whether `step`, among a position's `moves` (each with its value, as
/// [`Table::moves`] gives them), was a mistake, and what it cost; `None`
/// for a best move, or a move not among them.
pub fn judge(moves: &[(Move, Value)], step: Move) -> Option<Mistake> {
    let best = best(moves)?.1;
    let &(_, made) = moves.iter().find(|&&(m, _)| m == step)?;
    let loss = match (best, made) {
        (Value::Escape { moves: a }, Value::Escape { moves: b }) if b > a => Loss::Moves(b - a),
        (Value::Escape { .. }, Value::Caught { .. } | Value::Endless) => Loss::Escape,
        (Value::Endless, Value::Caught { .. }) => Loss::Endless,
        (Value::Caught { moves: a }, Value::Caught { moves: b }) if b < a => Loss::Survival(a - b),
        _ => return None,
    };
    Some(Mistake { step, loss })
}

/// The best of `moves`, the first in their order among equals.
fn best(moves: &[(Move, Value)]) -> Option<(Move, Value)> {
    moves
        .iter()
        .copied()
        .reduce(|a, b| if b.1.is_better_than(a.1) { b } else { a })
}

/// The hint for a position whose moves are `moves`: the best one, the
/// first in the official order among equals.
pub(super) fn hint(moves: &[(Move, Value)]) -> Hint {
    match best(moves) {
        None => Hint::NoEscape,
        Some((step, Value::Escape { moves })) => Hint::Escape { step, steps: moves },
        Some((step, Value::Caught { moves })) => Hint::Survive { step, moves },
        Some((step, Value::Endless)) => Hint::Run { step },
    }
}

/// The closing summary of a game's `mistakes`: `2 mistakes: 1 cost 6
/// moves, 1 lost the escape.`, or `No mistakes.`
pub(super) fn summary(mistakes: &[Mistake]) -> String {
    /// A loss's kind, in the summary's order, and the moves it cost.
    fn kind(loss: Loss) -> (usize, usize) {
        match loss {
            Loss::Moves(n) => (0, n),
            Loss::Escape => (1, 0),
            Loss::Endless => (2, 0),
            Loss::Survival(n) => (3, n),
        }
    }
    /// What `count` mistakes of a kind did, costing `moves` in all.
    fn said(kind: usize, count: usize, moves: usize) -> String {
        let moves = match count {
            1 => plural(moves, "move"),
            _ => format!("{} in all", plural(moves, "move")),
        };
        match kind {
            0 => format!("cost {moves}"),
            1 => "lost the escape".into(),
            2 => "let the dragon catch you".into(),
            _ => format!("shortened your survival by {moves}"),
        }
    }
    if let [one] = mistakes {
        let (k, moves) = kind(one.loss);
        return format!("1 mistake, which {}.", said(k, 1, moves));
    }
    if mistakes.is_empty() {
        return "No mistakes.".into();
    }
    let mut kinds = [(0, 0); 4];
    for mistake in mistakes {
        let (k, moves) = kind(mistake.loss);
        kinds[k].0 += 1;
        kinds[k].1 += moves;
    }
    let parts: Vec<String> = (0..kinds.len())
        .filter(|&k| kinds[k].0 > 0)
        .map(|k| format!("{} {}", kinds[k].0, said(k, kinds[k].0, kinds[k].1)))
        .collect();
    format!(
        "{}: {}.",
        plural(mistakes.len(), "mistake"),
        parts.join(", ")
    )
}

/// Why a game has no table: hints then take a solve each and mistakes are
/// not called out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTable {
    /// Several dragons, keys or doors: play takes no table for them yet
    /// (its look-ups reach only the positions with nothing taken or
    /// opened and no dragons merged).
    Variants,
    /// The table would take this many bytes to build, past
    /// [`TABLE_LIMIT`]: too long a wait at start.
    TooLarge {
        /// The bytes it needs.
        bytes: usize,
    },
    /// The table does not fit the memory budget.
    OverBudget,
    /// The build was stopped (the time limit).
    Stopped,
    /// Any other reason, as the library gives it.
    Refused(String),
}

impl fmt::Display for NoTable {
    /// The note play mode shows once, on its first screen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTable::Variants => {
                f.write_str(
                    "play has no table of every position for several dragons, keys or doors yet",
                )?;
            }
            NoTable::TooLarge { bytes } => write!(
                f,
                "the map is too large for a quick table of every position ({} to build)",
                crate::error::bytes(*bytes)
            )?,
            NoTable::OverBudget => {
                f.write_str("the table of every position does not fit --max-memory")?;
            }
            NoTable::Stopped => f.write_str("the table of every position ran out of time")?,
            NoTable::Refused(why) => write!(f, "no table of every position: {why}")?,
        }
        f.write_str(": hints take longer, and mistakes are not called out")
    }
}

/// A game's table, for hints and judging moves.
#[derive(Clone, Debug)]
pub(super) struct Coach {
    table: Table,
}

impl Coach {
    /// The table of `solver`'s map under `options.rules`, when the map
    /// takes one and it is within [`TABLE_LIMIT`] and the budget; built
    /// watched by `progress`.
    pub(super) fn build(
        solver: &Solver,
        options: &Options,
        progress: &Progress,
    ) -> Result<Coach, NoTable> {
        if solver.has_variant_pieces() {
            return Err(NoTable::Variants);
        }
        let bytes = solver.table_bytes_needed(options.rules);
        if bytes > TABLE_LIMIT {
            return Err(NoTable::TooLarge { bytes });
        }
        match solver.table_watched(options, progress) {
            Ok(table) => Ok(Coach { table }),
            Err(Error::TooLarge { .. }) => Err(NoTable::OverBudget),
            Err(Error::Stopped { .. }) => Err(NoTable::Stopped),
            Err(e) => Err(NoTable::Refused(e.to_string())),
        }
    }

    /// The hero's legal moves from (`hero`, `dragon`) with their values.
    pub(super) fn moves(&self, hero: Pos, dragon: Pos) -> Vec<(Move, Value)> {
        self.table.moves(hero, dragon).unwrap_or_default()
    }

    /// The table.
    pub(super) fn table(&self) -> &Table {
        &self.table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Direction::{Down, Left, Right, Up};

    fn escape(moves: usize) -> Value {
        Value::Escape { moves }
    }

    fn caught(moves: usize) -> Value {
        Value::Caught { moves }
    }

    const UP: Move = Move::Step(Up);
    const LEFT: Move = Move::Step(Left);
    const DOWN: Move = Move::Step(Down);
    const RIGHT: Move = Move::Step(Right);

    /// Every kind of loss, judged against the best move, never against a
    /// move of equal value.
    #[test]
    fn a_move_is_judged_against_the_best() {
        let moves = [
            (UP, escape(9)),
            (LEFT, escape(5)),
            (DOWN, caught(7)),
            (RIGHT, escape(5)),
        ];
        assert_eq!(judge(&moves, LEFT), None);
        assert_eq!(judge(&moves, RIGHT), None);
        let cost = judge(&moves, UP).unwrap();
        assert_eq!(cost.loss, Loss::Moves(4));
        assert_eq!(cost.to_string(), "that step cost 4 moves");
        let lost = judge(&moves, DOWN).unwrap();
        assert_eq!(lost.loss, Loss::Escape);
        assert_eq!(lost.to_string(), "that step lost the escape: undo with u");
        let endless = [(UP, Value::Endless), (Move::Wait, caught(3))];
        assert_eq!(judge(&endless, Move::Wait).unwrap().loss, Loss::Endless);
        let survival = [(UP, caught(2)), (DOWN, caught(6)), (Move::Wait, caught(5))];
        let shorter = judge(&survival, Move::Wait).unwrap();
        assert_eq!(shorter.loss, Loss::Survival(1));
        assert_eq!(
            shorter.to_string(),
            "that wait shortens your survival by 1 move"
        );
        assert_eq!(judge(&survival, UP).unwrap().loss, Loss::Survival(4));
        assert_eq!(judge(&survival, LEFT), None);
        assert_eq!(judge(&[], LEFT), None);
    }

    #[test]
    fn the_hint_is_the_first_best_move() {
        let moves = [(UP, escape(9)), (DOWN, escape(5)), (RIGHT, escape(5))];
        assert_eq!(
            hint(&moves),
            Hint::Escape {
                step: DOWN,
                steps: 5
            }
        );
        assert_eq!(
            hint(&[(LEFT, caught(2)), (RIGHT, caught(3))]).to_string(),
            "hint: no escape from here; right survives longest (3 moves)"
        );
        assert_eq!(
            hint(&[(LEFT, caught(2)), (RIGHT, Value::Endless)]),
            Hint::Run { step: RIGHT }
        );
        assert_eq!(hint(&[]), Hint::NoEscape);
    }

    #[test]
    fn the_summary_counts_each_kind() {
        let m = |loss| Mistake { step: UP, loss };
        assert_eq!(summary(&[]), "No mistakes.");
        assert_eq!(
            summary(&[m(Loss::Moves(6))]),
            "1 mistake, which cost 6 moves."
        );
        assert_eq!(
            summary(&[m(Loss::Escape)]),
            "1 mistake, which lost the escape."
        );
        assert_eq!(
            summary(&[m(Loss::Moves(6)), m(Loss::Escape)]),
            "2 mistakes: 1 cost 6 moves, 1 lost the escape."
        );
        assert_eq!(
            summary(&[
                m(Loss::Moves(2)),
                m(Loss::Moves(4)),
                m(Loss::Escape),
                m(Loss::Survival(1))
            ]),
            "4 mistakes: 2 cost 6 moves in all, 1 lost the escape, \
             1 shortened your survival by 1 move."
        );
        assert_eq!(
            summary(&[m(Loss::Endless), m(Loss::Endless)]),
            "2 mistakes: 2 let the dragon catch you."
        );
    }

    #[test]
    fn the_note_says_why_and_what_follows() {
        assert_eq!(
            NoTable::TooLarge { bytes: 1 << 30 }.to_string(),
            "the map is too large for a quick table of every position (1 GiB to build): \
             hints take longer, and mistakes are not called out"
        );
    }
}
