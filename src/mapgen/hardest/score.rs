//! How hard a board is: the escape of its own start by the solver, and
//! the longest escape of its best start by its whole-map table (every
//! start at once) when that fits the budget. Only starts where every
//! variant piece matters count: with several dragons, taking any one away
//! changes the answer; with doors, walling them all up changes it (so
//! every optimal line opens one).

use std::fmt;

use crate::error::Error;
use crate::mapgen::placement::table::{Built, Start, Wanted, best_starts, build, dragon_may_start};
use crate::puzzle::{Pos, Puzzle};
use crate::search::{Options, Solver, Table, Value};

use super::board::Board;

/// How the hard-puzzle search values boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluator {
    /// The solver values each change from the board's own start, and the
    /// whole-map table of each new best board puts its hero and dragons
    /// on its best start.
    Table,
    /// The solver alone: a table of the board with every tile free would
    /// not fit half the memory budget.
    Solver,
}

impl fmt::Display for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Evaluator::Table => "the solver, each new best placed by its table",
            Evaluator::Solver => "the solver alone (no table fits the budget)",
        })
    }
}

/// Values boards under one rule set and budget.
pub(super) struct Scorer {
    options: Options,
    evaluator: Evaluator,
}

impl Scorer {
    /// A scorer for boards like `board` under `options`, with tables when
    /// the table of `board` with every tile free fits half the budget (the
    /// most a board of that size can need; the tables that check the
    /// pieces share the other half).
    pub(super) fn new(board: &Board, options: Options) -> Result<Scorer, Error> {
        let widest = board.opened().puzzle()?;
        let needed = Solver::new(&widest).table_bytes_needed(options.rules);
        let evaluator = if needed <= options.max_memory / 2 {
            Evaluator::Table
        } else {
            Evaluator::Solver
        };
        Ok(Scorer { options, evaluator })
    }

    /// Whether boards get tables.
    pub(super) fn evaluator(&self) -> Evaluator {
        self.evaluator
    }

    /// The best start of `board` by its table and its escape, among the
    /// starts where every variant piece matters (ties in row-major order);
    /// `None` when no start counts, or when a table outgrows the budget.
    ///
    /// # Errors
    /// A solver error other than an exceeded budget.
    pub(super) fn by_table(&self, board: &Board) -> Result<Option<Start>, Error> {
        if !board.is_valid() {
            return Ok(None);
        }
        self.table_of(&board.puzzle()?)
    }

    /// The escape of `board`'s own start by the solver, if every variant
    /// piece matters and no dragon starts on or next to the hero (so that
    /// the start is one of those a table ranks).
    ///
    /// # Errors
    /// A solver error other than an exceeded budget.
    pub(super) fn by_solver(&self, board: &Board) -> Result<Option<Start>, Error> {
        if !board.is_valid() {
            return Ok(None);
        }
        let puzzle = board.puzzle()?;
        let (hero, exit) = (puzzle.hero(), puzzle.exit());
        if !puzzle
            .dragons()
            .iter()
            .all(|&d| dragon_may_start(d, hero, exit))
        {
            return Ok(None);
        }
        Ok(confirm(&puzzle, &self.options)?.map(|moves| Start {
            hero,
            dragons: puzzle.dragons().to_vec(),
            moves,
        }))
    }

    fn table_of(&self, puzzle: &Puzzle) -> Result<Option<Start>, Error> {
        let half = Options {
            max_memory: self.options.max_memory / 2,
            ..self.options
        };
        let quarter = Options {
            max_memory: self.options.max_memory / 4,
            ..self.options
        };
        let Built::Table(table) = build(puzzle, &half)? else {
            return Ok(None);
        };
        let judges = match Judges::new(puzzle, &quarter)? {
            Some(judges) => judges,
            None => return Ok(None),
        };
        let starts = best_starts(&table, puzzle, &Wanted::default(), 1, |start| {
            judges.matter(start)
        });
        Ok(starts.into_iter().next())
    }
}

/// The escape of `puzzle`'s own start by the solver under `options`, if
/// every variant piece of it matters (see the module's documentation); `None`
/// otherwise, or when a solve outgrows the budget.
///
/// # Errors
/// A solver error other than an exceeded budget.
pub(super) fn confirm(puzzle: &Puzzle, options: &Options) -> Result<Option<usize>, Error> {
    let Some(moves) = escape(puzzle, options)? else {
        return Ok(None);
    };
    for other in without_pieces(puzzle)? {
        if escape(&other, options)? == Some(moves) {
            return Ok(None);
        }
    }
    Ok(Some(moves))
}

/// The escape of `puzzle`'s start under `options`, `None` when there is
/// none or the solve outgrows the budget.
fn escape(puzzle: &Puzzle, options: &Options) -> Result<Option<usize>, Error> {
    match Solver::new(puzzle).solve(&Options {
        caught_line: false,
        ..*options
    }) {
        Ok(solution) => Ok(solution.outcome.steps()),
        Err(Error::TooLarge { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The puzzles `puzzle` must answer differently from for its variant
/// pieces to matter: each with one dragon taken away (with two or more),
/// and the one with its doors walled up and its keys gone (with doors).
fn without_pieces(puzzle: &Puzzle) -> Result<Vec<Puzzle>, Error> {
    let mut others = Vec::new();
    let dragons = puzzle.dragons();
    if dragons.len() > 1 {
        for i in 0..dragons.len() {
            let mut rest = dragons.to_vec();
            rest.remove(i);
            others.push(puzzle.clone().with_pieces(
                rest,
                puzzle.keys().to_vec(),
                puzzle.doors().to_vec(),
            )?);
        }
    }
    if !puzzle.doors().is_empty() {
        others.push(walled(puzzle)?);
    }
    Ok(others)
}

/// `puzzle` with its doors walled up and its keys taken off.
fn walled(puzzle: &Puzzle) -> Result<Puzzle, Error> {
    let mut walls = puzzle.walls().to_vec();
    for door in puzzle.doors() {
        walls[door.row * puzzle.width() + door.col] = true;
    }
    Puzzle::new(
        puzzle.width(),
        puzzle.height(),
        walls,
        puzzle.hero(),
        puzzle.dragon(),
        puzzle.exit(),
    )?
    .with_pieces(puzzle.dragons().to_vec(), Vec::new(), Vec::new())
}

/// The tables that say whether a start's variant pieces matter.
struct Judges {
    /// With one dragon fewer (when there are two or more).
    fewer: Option<Table>,
    /// With the doors walled up (when there are doors).
    walled: Option<Table>,
}

impl Judges {
    /// The tables for `puzzle`, `None` when one does not fit `options`.
    fn new(puzzle: &Puzzle, options: &Options) -> Result<Option<Judges>, Error> {
        let table = |board: Puzzle| -> Result<Option<Table>, Error> {
            match build(&board, options)? {
                Built::Table(table) => Ok(Some(*table)),
                Built::TooLarge(_) => Ok(None),
            }
        };
        let dragons = puzzle.dragons();
        let fewer = if dragons.len() > 1 {
            let board = puzzle.clone().with_pieces(
                dragons[1..].to_vec(),
                puzzle.keys().to_vec(),
                puzzle.doors().to_vec(),
            )?;
            match table(board)? {
                Some(table) => Some(table),
                None => return Ok(None),
            }
        } else {
            None
        };
        let walled = if puzzle.doors().is_empty() {
            None
        } else {
            match table(walled(puzzle)?)? {
                Some(table) => Some(table),
                None => return Ok(None),
            }
        };
        Ok(Some(Judges { fewer, walled }))
    }

    /// Whether every variant piece of `start` matters: taking any one
    /// dragon away changes its escape, and so does walling up the doors.
    fn matter(&self, start: &Start) -> bool {
        let same = Value::Escape { moves: start.moves };
        if let Some(fewer) = &self.fewer {
            let mut rest: Vec<Pos> = Vec::with_capacity(start.dragons.len());
            for i in 0..start.dragons.len() {
                rest.clear();
                rest.extend(
                    (0..start.dragons.len())
                        .filter(|&j| j != i)
                        .map(|j| start.dragons[j]),
                );
                if fewer.value_with(start.hero, &rest) == Some(same) {
                    return false;
                }
            }
        }
        if let Some(walled) = &self.walled {
            if walled.value_with(start.hero, &start.dragons) == Some(same) {
                return false;
            }
        }
        true
    }
}
