//! The hard-puzzle search: change a small board's walls and pieces to make
//! its optimal escape as long as possible under a rule set
//! (`generate-maze --hardest`).
//!
//! The search is hill climbing that also takes sideways steps: each
//! iteration changes the current board a little ([`Board::changed`]: a
//! tile turned from wall to free or back, the exit, a key or a door moved)
//! and keeps the change when its escape is at least as long. Most changes
//! leave the escape as it is, so the walk drifts across the plateaus
//! between improvements instead of stopping on the first. Late acceptance
//! hill climbing (Burke and Bykov, 2017: also keep a change no worse than
//! the board of L iterations ago), which walks down out of local optima
//! as simulated annealing does but with whole numbers only, found shorter
//! escapes on average at every history length tried under the official
//! rules (L from 20 to 200: four seeds of 2,000 iterations on 7x7 and
//! 11x11 boards, 11x11 losing a fifth at L = 50; L of 5 and 20: three
//! seeds of 8,000 on 11x11); two or three changes at a time did no
//! better. Simulated annealing's `exp` may also differ in its last bits
//! across platforms, and an evolutionary search would need crossovers of
//! grids, which mostly cut corridors in two. The walk
//! does not depend on how many iterations it is given, so a run cut short
//! by a time limit is replayed exactly by passing the iterations it made.
//!
//! Each change is valued by the solver from the board's own start (the
//! changes also move the hero and the dragons), which takes a fraction of
//! a millisecond on these boards; each board that beats the best so far
//! then gets its whole-map table when it fits the budget, and its hero and
//! dragons go on the table's best start, a look-up among every start
//! ([`score`]). Valuing every change by its table instead, which places
//! the pieces at their best each time, made 10 to 20 times fewer
//! iterations in the same time and found shorter escapes: in 10 s on 15x15
//! boards, three seeds, 162 to 183 moves against 226 to 232 this way (the
//! solver alone: 227 to 239; on 7x7, 52 to 55 against 54 to 56). Only
//! starts where every variant piece matters count. The first board is a
//! braided maze cropped to the board; every random choice comes from the
//! seed, so the same seed and number of iterations give the same board.

mod board;
mod score;

use std::fmt;
use std::ops::ControlFlow;

use board::Board;
pub use score::Evaluator;
use score::Scorer;

use super::GenerateError;
use super::placement::table::Start;
use super::random::seeded;
use crate::error::plural;
use crate::puzzle::{MAX_DRAGONS, MAX_KEYS, Puzzle};
use crate::search::Options;
use crate::search::rules::{Rules, Speed};

/// The smallest side of a board, in tiles.
const MIN_SIDE: usize = 3;
/// The largest side of a board, in tiles: the search is for small boards,
/// whose tables take milliseconds.
const MAX_SIDE: usize = 64;

/// What the hard-puzzle search is asked for: made with
/// [`HardSearch::new`] and the `with_` methods, so that a new setting is
/// not a breaking change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HardSearch {
    /// The board's width in tiles: the whole map, no border wall added
    /// (outside the grid is wall by the rules).
    pub width: usize,
    /// The board's height in tiles.
    pub height: usize,
    /// How many dragons, 1 to [`MAX_DRAGONS`]; with several, every dragon
    /// must matter (taking any one away changes the answer).
    pub dragons: usize,
    /// How many keys, 0 to [`MAX_KEYS`], each with a door; with keys,
    /// walling up the doors must change the answer.
    pub keys: usize,
    /// The dragon's steps a turn.
    pub speed: Speed,
    /// Whether the hero may wait.
    pub wait: bool,
    /// How many changes to try: the search's budget, and with the seed
    /// what decides its result.
    pub iterations: u64,
    /// About how many bytes each valuation may use: the tables when the
    /// table of the board with every tile free fits half of it, else the
    /// solver.
    pub max_memory: usize,
}

impl HardSearch {
    /// The default number of iterations.
    pub const DEFAULT_ITERATIONS: u64 = 2000;

    /// A search on a `width` x `height` tile board under the official
    /// rules, [`HardSearch::DEFAULT_ITERATIONS`] iterations, the default
    /// memory budget.
    pub fn new(width: usize, height: usize) -> HardSearch {
        HardSearch {
            width,
            height,
            dragons: 1,
            keys: 0,
            speed: Speed::ONE,
            wait: false,
            iterations: HardSearch::DEFAULT_ITERATIONS,
            max_memory: Options::default().max_memory,
        }
    }

    /// The search with `dragons` dragons.
    #[must_use]
    pub fn with_dragons(self, dragons: usize) -> HardSearch {
        HardSearch { dragons, ..self }
    }

    /// The search with `keys` keys, each with a door.
    #[must_use]
    pub fn with_keys(self, keys: usize) -> HardSearch {
        HardSearch { keys, ..self }
    }

    /// The search against a dragon of `speed` steps a turn.
    #[must_use]
    pub fn with_speed(self, speed: Speed) -> HardSearch {
        HardSearch { speed, ..self }
    }

    /// The search with waiting allowed or not.
    #[must_use]
    pub fn with_wait(self, wait: bool) -> HardSearch {
        HardSearch { wait, ..self }
    }

    /// The search making `iterations` changes.
    #[must_use]
    pub fn with_iterations(self, iterations: u64) -> HardSearch {
        HardSearch { iterations, ..self }
    }

    /// The search with a budget of about `max_memory` bytes.
    #[must_use]
    pub fn with_max_memory(self, max_memory: usize) -> HardSearch {
        HardSearch { max_memory, ..self }
    }

    /// The rules boards are valued under: the default tie rule with the
    /// dragon's speed and waiting.
    pub fn rules(&self) -> Rules {
        Rules {
            speed: self.speed,
            wait: self.wait,
            ..Rules::default()
        }
    }

    /// Checks that the search can work.
    ///
    /// # Errors
    /// [`GenerateError::Config`] with a sentence saying what is wrong.
    pub fn check(&self) -> Result<(), GenerateError> {
        let (w, h) = (self.width, self.height);
        let sides = MIN_SIDE..=MAX_SIDE;
        if !sides.contains(&w) || !sides.contains(&h) {
            return Err(GenerateError::Config(format!(
                "a {w}x{h} board is outside what the hard-puzzle search takes: \
                 {MIN_SIDE} to {MAX_SIDE} tiles a side"
            )));
        }
        if !(1..=MAX_DRAGONS).contains(&self.dragons) || self.keys > MAX_KEYS {
            return Err(GenerateError::Config(format!(
                "{} and {}: a map holds 1 to {MAX_DRAGONS} dragons and at most {MAX_KEYS} keys",
                plural(self.dragons, "dragon"),
                plural(self.keys, "key")
            )));
        }
        Ok(())
    }
}

/// Where the search stands after an iteration, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tick {
    /// Iterations made.
    pub iteration: u64,
    /// The longest escape found so far.
    pub best: usize,
    /// The current board's escape.
    pub current: usize,
    /// Whether this iteration found a longer escape than any before.
    pub improved: bool,
}

/// A board and its escape (0 when no start of it counts).
#[derive(Clone, Debug)]
struct Placed {
    board: Board,
    moves: usize,
}

/// What the hard-puzzle search found.
#[derive(Clone, Debug)]
pub struct Hardest {
    /// The hardest board found, its hero and dragons on its best start.
    pub puzzle: Puzzle,
    /// Its optimal escape, in moves, as the solver confirms it.
    pub moves: usize,
    /// The first board's, to compare (0 when no start of it counted).
    pub first: usize,
    /// The iteration that found it (0: the first board).
    pub found_at: u64,
    /// The iterations made: the budget, or fewer when stopped.
    pub iterations: u64,
    /// How boards were valued.
    pub evaluator: Evaluator,
}

impl fmt::Display for Hardest {
    /// `an escape in 48 moves (the first board: 20), found at iteration
    /// 1234 of 2000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an escape in {} moves (the first board: {}), found at iteration {} of {}",
            self.moves, self.first, self.found_at, self.iterations
        )
    }
}

/// Searches for the board of `search`'s size with the longest optimal
/// escape under its rules, drawing every random choice from `seed`
/// (ChaCha8), for `search.iterations` iterations or until `watch` breaks;
/// `watch` hears of every iteration.
///
/// The same search, seed and number of iterations give the same board on
/// every platform, however long each took.
///
/// # Errors
/// [`GenerateError::Config`] for a search that cannot work (the pieces do
/// not fit the board), [`GenerateError::NothingFound`] when no start of
/// any board tried counted,
/// [`GenerateError::Solver`] when the solver fails on a board,
/// [`GenerateError::Unconfirmed`] if the solver does not confirm the
/// best board's escape.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use dragon_escape::mapgen::{HardSearch, find_hardest};
///
/// let search = HardSearch::new(5, 5).with_iterations(30);
/// let found = find_hardest(&search, 1, &mut |_| ControlFlow::Continue(()))?;
/// assert!(found.moves >= found.first);
/// let again = find_hardest(&search, 1, &mut |_| ControlFlow::Continue(()))?;
/// assert_eq!(found.puzzle.to_ascii(), again.puzzle.to_ascii());
/// # Ok::<(), dragon_escape::mapgen::GenerateError>(())
/// ```
pub fn find_hardest(
    search: &HardSearch,
    seed: u64,
    watch: &mut dyn FnMut(&Tick) -> ControlFlow<()>,
) -> Result<Hardest, GenerateError> {
    search.check()?;
    let rng = &mut seeded(seed);
    let Some(first) = Board::first(
        search.width,
        search.height,
        search.dragons,
        search.keys,
        rng,
    ) else {
        return Err(GenerateError::Config(format!(
            "the pieces do not fit on a {}x{} board",
            search.width, search.height
        )));
    };
    let options = Options {
        rules: search.rules(),
        max_memory: search.max_memory,
        caught_line: false,
        ..Options::default()
    };
    let scorer = Scorer::new(&first, options)?;
    let tables = scorer.evaluator() == Evaluator::Table;
    // A board with its best start on it.
    let placed = |board: Board, start: Option<Start>| match start {
        Some(start) => Placed {
            moves: start.moves,
            board: board.with_start(start.hero, &start.dragons),
        },
        None => Placed { board, moves: 0 },
    };
    // The board with its pieces on its table's best start, when that is
    // longer (with tables).
    let polish = |current: Placed| -> Result<Placed, GenerateError> {
        if !tables {
            return Ok(current);
        }
        match scorer.by_table(&current.board)? {
            Some(start) if start.moves > current.moves => Ok(placed(current.board, Some(start))),
            _ => Ok(current),
        }
    };
    let start = scorer.by_solver(&first)?;
    let mut current = polish(placed(first, start))?;
    let first_moves = current.moves;
    let mut best = current.clone();
    let mut found_at = 0;
    let mut done = 0;
    while done < search.iterations {
        done += 1;
        let next = current.board.changed(rng);
        let start = scorer.by_solver(&next)?;
        let next = placed(next, start);
        if next.moves >= current.moves {
            current = next;
        }
        let improved = current.moves > best.moves;
        if improved {
            current = polish(current)?;
            best = current.clone();
            found_at = done;
        }
        let tick = Tick {
            iteration: done,
            best: best.moves,
            current: current.moves,
            improved,
        };
        if watch(&tick).is_break() {
            break;
        }
    }
    if best.moves == 0 {
        return Err(GenerateError::NothingFound { boards: done + 1 });
    }
    let puzzle = best.board.puzzle()?;
    let confirmed = score::confirm(&puzzle, &options)?;
    if confirmed != Some(best.moves) {
        return Err(GenerateError::Unconfirmed(format!(
            "the solver gives {} for the best board, where its valuation gave an escape in {} moves",
            confirmed.map_or("no escape with every piece mattering".into(), |m| format!(
                "an escape in {m} moves"
            )),
            best.moves
        )));
    }
    Ok(Hardest {
        puzzle,
        moves: best.moves,
        first: first_moves,
        found_at,
        iterations: done,
        evaluator: scorer.evaluator(),
    })
}

#[cfg(test)]
mod tests;
