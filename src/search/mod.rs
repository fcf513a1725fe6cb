//! The state-space search: the game under every rule set, from a position
//! to the exit (docs/RULES.md).
//!
//! - `position`: what a position is (the hero, every dragon, the keys and
//!   doors), and the tables that number positions.
//! - `turn`: one turn, written once: the hero's legal moves, the dragons'
//!   replies under the tie rule at any speed, the key and door step, and
//!   how a choosing dragon ranks its replies. `ground`: the map as its
//!   doors stand and the dragons' oracles on it.
//! - `dispatch`: which shortcuts a rule set gets, in one table.
//! - `pair`: the official game's specialisation over dense (hero, dragon)
//!   pairs, with the shortcuts that need one dragon.
//! - `general`: every rule set over whole positions (several dragons, keys
//!   and doors).
//! - `backward`: the retrograde analyses both use: the adversarial
//!   valuation, the longest survival, and the deepening loop.
//! - `table`: every position's value at once, by retrograde passes over
//!   dense position numbers, and its verifier.
//! - `single`: single turns for play mode, playback and the generator.
//! - `rules`, `solution`, `progress`, `memory`: the rules asked for, what a
//!   solve answers, what a long solve shows, and how memory is counted.
//!
//! All follow docs/RULES.md through one definition of a turn, which the
//! library also offers as [`Solver::hero_step`], [`Solver::dragon_reply`]
//! and friends; the shortcuts are checked against the full search and the
//! brute force by the tests.

mod backward;
mod dispatch;
mod general;
mod ground;
mod horizon;
mod memory;
mod pair;
mod position;
mod progress;
pub(crate) mod rules;
mod single;
pub(crate) mod solution;
mod table;
#[cfg(test)]
mod tests;
mod turn;

use crate::dragon::OracleKind;
use crate::error::{Error, Resource};
use crate::graph::{CellId, Graph};
use crate::puzzle::{Pos, Puzzle};
use position::Layout;
pub(crate) use position::Position;
pub use progress::Progress;
use rules::Rules;
use solution::{Ending, Move, Others, Outcome, Pieces, Solution, Stats, Turn};
#[cfg(feature = "mapgen")]
pub(crate) use table::subsets;
pub use table::{Mismatch, Table, Value};
pub use turn::IllegalMove;

/// Settings for a solve.
///
/// Made from [`Options::default`] and the `with_` methods, so that a new
/// setting is never a breaking change; the fields can be read and set.
///
/// ```
/// use dragon_escape::{Options, Rules, Ties};
/// let options = Options::default()
///     .with_rules(Rules::default().with_ties(Ties::Adversarial))
///     .with_max_memory(256 << 20);
/// assert_eq!(options.rules.ties, Ties::Adversarial);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The rules of the game.
    pub rules: Rules,
    /// Which dragon oracle to use. The default one also allows shortcuts
    /// (a closed form for loop-free maps); the reference,
    /// [`OracleKind::FloydWarshall`], always runs the full search, so the two
    /// can be compared.
    pub oracle: OracleKind,
    /// About how many bytes the dragon oracle may use; it gets at most half
    /// of `max_memory`. The default sets no limit of its own, so the
    /// oracle's share follows `max_memory`.
    pub oracle_memory: usize,
    /// About how many bytes the whole solve may use: the oracle and the
    /// positions the search stores. A solve that would need more ends with
    /// [`Error::TooLarge`] instead of exhausting the machine.
    pub max_memory: usize,
    /// When the hero cannot escape, also work out the longest line it
    /// survives ([`Solution::turns`], ending [`Ending::Stuck`] or
    /// [`Ending::Endless`]). That means visiting every position the hero can
    /// reach, which can take many times longer than showing that no escape
    /// exists. Off, a caught solution ends [`Ending::Skipped`] with no
    /// turns, unless the solve holds what the line needs anyway (the
    /// closed form of loop-free maps, the adversarial analysis, the search
    /// of maps with several dragons, keys or doors). On by default.
    pub caught_line: bool,
    /// The most threads a solve may use; 0, the default, for as many as
    /// the machine has. A faster dragon's longest line on a large map asks
    /// its questions on two, and several dragons' oracles on a large map
    /// are built on two; every other search uses one.
    pub threads: usize,
}

/// What every solve may need per cell of the map, counted against
/// [`Options::max_memory`] before it starts: a line of play as long as the
/// map (a [`Position`] a step) beside, first, the closed form's four arrays
/// and two paths that find it, then the [`Turn`]s the solution is made of
/// (on maps with several dragons, keys or doors a [`Pieces`] a step too:
/// see [`Solver::line_bytes`]). The search's own tables and its oracle are
/// weighed as they grow.
const BYTES_PER_CELL: usize = size_of::<Position>()
    + if 4 * 4 + 2 * 4 > size_of::<Turn>() {
        4 * 4 + 2 * 4
    } else {
        size_of::<Turn>()
    };

impl Options {
    /// These options under `rules`.
    #[must_use]
    pub fn with_rules(self, rules: Rules) -> Self {
        Options { rules, ..self }
    }

    /// These options with the dragon oracle `oracle`.
    #[must_use]
    pub fn with_oracle(self, oracle: OracleKind) -> Self {
        Options { oracle, ..self }
    }

    /// These options with the oracle's memory limited to `bytes`
    /// ([`Options::oracle_memory`]).
    #[must_use]
    pub fn with_oracle_memory(self, bytes: usize) -> Self {
        Options {
            oracle_memory: bytes,
            ..self
        }
    }

    /// These options with the whole solve's memory limited to `bytes`
    /// ([`Options::max_memory`]).
    #[must_use]
    pub fn with_max_memory(self, bytes: usize) -> Self {
        Options {
            max_memory: bytes,
            ..self
        }
    }

    /// These options with the caught hero's line worked out or not
    /// ([`Options::caught_line`]).
    #[must_use]
    pub fn with_caught_line(self, caught_line: bool) -> Self {
        Options {
            caught_line,
            ..self
        }
    }

    /// These options with at most `threads` threads a solve
    /// ([`Options::threads`]; 0 for as many as the machine has).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Self {
        Options { threads, ..self }
    }

    /// Whether a solve may use a second thread.
    pub(crate) fn two_threads(&self) -> bool {
        match self.threads {
            0 => std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2),
            n => n >= 2,
        }
    }

    /// The dragon oracle's share of the budget.
    pub(crate) fn oracle_budget(&self) -> usize {
        self.oracle_memory.min(self.max_memory / 2)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rules: Rules::default(),
            oracle: OracleKind::default(),
            oracle_memory: usize::MAX,
            max_memory: 4 << 30,
            caught_line: true,
            threads: 0,
        }
    }
}

/// A puzzle prepared for solving: its graph and the distances to the exit.
///
/// Reuse one `Solver` to solve the same map under several rule sets, and to
/// ask about single turns ([`Solver::hero_step`], [`Solver::dragon_reply`]).
#[derive(Clone, Debug)]
pub struct Solver {
    graph: Graph,
    exit_distance: Vec<u32>,
    hanging: pair::hanging::Hanging,
    /// On a loop-free map with keys or doors, its tree from the exit (see
    /// `pair::acyclic::way`).
    way: Option<pair::acyclic::Way>,
    /// Where the dragons, keys and doors are.
    layout: Layout,
}

impl Solver {
    /// Prepares `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Self {
        let graph = Graph::new(puzzle);
        let exit_distance = graph.distances_from(graph.exit());
        let layout = Layout::new(puzzle, &graph);
        // The dead-end rule keeps whole the branches that hold a key or a
        // door (see `general`).
        let kept: Vec<CellId> = layout
            .keys()
            .iter()
            .chain(layout.doors())
            .copied()
            .collect();
        let hanging = pair::hanging::Hanging::new(&graph, &kept);
        let way = (layout.has_locks() && hanging.loop_free())
            .then(|| pair::acyclic::Way::new(&graph, layout.doors()))
            .flatten();
        Solver {
            graph,
            exit_distance,
            hanging,
            way,
            layout,
        }
    }

    /// What a search and its oracle may hold under `options`: the budget
    /// less what the solver itself holds.
    /// The bytes a line of play as long as the map takes while the
    /// solution is made from it (see [`BYTES_PER_CELL`]).
    fn line_bytes(&self) -> usize {
        let per_cell = BYTES_PER_CELL
            + if self.layout.is_wide() {
                size_of::<Pieces>()
            } else {
                0
            };
        self.graph.len().saturating_mul(per_cell)
    }

    fn search_memory(&self, options: &Options) -> usize {
        let solver = self.graph.bytes() + self.exit_distance.len() * size_of::<u32>();
        // The door states' maps and oracles count as the search goes.
        options
            .max_memory
            .saturating_sub(solver + self.hanging.bytes())
            .saturating_sub(self.way.as_ref().map_or(0, pair::acyclic::Way::bytes))
            .saturating_sub(self.layout.bytes())
    }

    /// What the oracle may hold under `options`: its share of the budget
    /// ([`Options::oracle_budget`]) or, for the default oracle when more,
    /// its fixed part and half of what that leaves of the room the graph
    /// leaves, or room for a second root field (as much of it as the room
    /// holds) if that is more (the search counts what the oracle holds, and tells it the room it
    /// leaves, so the oracle never grows past what the search has not
    /// taken).
    ///
    /// # Errors
    /// [`Error::TooLarge`] (resource [`Resource::Oracle`]) when even the
    /// fixed part does not fit, naming a budget that would do.
    pub(crate) fn oracle_budget(&self, options: &Options) -> Result<usize, Error> {
        let share = options.oracle_budget();
        if options.oracle != OracleKind::Bfs {
            return Ok(share);
        }
        let n = self.graph.len();
        let fixed = crate::dragon::BfsFields::bytes_needed(n, 0);
        let room = self.search_memory(options);
        if fixed <= share.max(room) {
            // The cache may also take half of what the fixed part leaves of
            // the room, so a tight budget keeps a few fields.
            // A cap set in `Options::oracle_memory` holds, above the fixed part.
            let cap = options.oracle_memory.max(fixed);
            let mut budget = share.max(fixed + room.saturating_sub(fixed) / 2);
            // A second root field (or as much towards it as the room
            // holds) comes before the search's half: it is only built when
            // needed, within the room the search leaves.
            let second = crate::dragon::BfsFields::bytes_with_second_root(n);
            budget = budget.max(second.min(room));
            return Ok(budget.min(cap));
        }
        let (need, left) = crate::error::bytes_apart(fixed, room);
        // The graph, the oracle and what every solve needs per cell, rounded
        // up to a mebibyte.
        let enough = (options.max_memory - room)
            .saturating_add(fixed)
            .saturating_add(n.saturating_mul(BYTES_PER_CELL))
            .div_ceil(1 << 20)
            .saturating_mul(1 << 20);
        Err(Error::TooLarge {
            resource: Resource::Oracle,
            message: format!(
                "the dragon oracle for {n} cells needs {need}, over the {left} the graph leaves \
                 of the memory budget of {}; a budget of {} or more leaves it room",
                crate::error::bytes(options.max_memory),
                crate::error::bytes(enough)
            ),
        })
    }

    /// About how many bytes [`Solver::new`] takes for `puzzle`: the graph
    /// of its cells, their distances to the exit and a queue to find them,
    /// and the dead ends' parents and branches.
    pub fn bytes_needed(puzzle: &Puzzle) -> usize {
        let cells = puzzle.walls().iter().filter(|&&wall| !wall).count();
        Graph::bytes_needed(cells, puzzle.walls().len(), puzzle.width())
            .saturating_add(cells.saturating_mul(4 * size_of::<u32>()))
    }

    /// Prepares `puzzle` like [`Solver::new`], but only if that fits in
    /// `max_memory` bytes ([`Solver::bytes_needed`]); a solve then has what
    /// is left of [`Options::max_memory`].
    ///
    /// # Errors
    /// [`Error::TooLarge`] (resource [`Resource::Graph`]) when the map's
    /// graph would not fit, before anything is built.
    pub fn within(puzzle: &Puzzle, max_memory: usize) -> Result<Self, Error> {
        let needed = Self::bytes_needed(puzzle);
        if needed > max_memory {
            let (needed, budget) = crate::error::bytes_apart(needed, max_memory);
            return Err(Error::TooLarge {
                resource: Resource::Graph,
                message: format!(
                    "the graph of its cells needs {needed}, over the memory budget of {budget}"
                ),
            });
        }
        Ok(Self::new(puzzle))
    }

    /// The graph of walkable cells.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The dragon-free distance from the hero's start to the exit (with
    /// keys and doors, using them as they lie).
    ///
    /// With keys and doors this is a search of its own, within the default
    /// memory budget; [`Solution::free_distance`] has it within the
    /// solve's.
    pub fn free_distance(&self) -> Option<usize> {
        let start = self.layout.start(self.graph.hero());
        general::free_distance(self, &start, &Options::default(), &Progress::default())
            .ok()
            .flatten()
    }

    /// Whether the map has several dragons, keys or doors
    /// ([`Puzzle::has_variant_pieces`]).
    pub fn has_variant_pieces(&self) -> bool {
        self.layout.is_wide()
    }

    /// Solves under `options`.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the chosen oracle cannot fit its memory
    /// budget, or the search outgrows [`Options::max_memory`].
    pub fn solve(&self, options: &Options) -> Result<Solution, Error> {
        self.solve_watched(options, &Progress::default())
    }

    /// Solves under `options` as [`Solver::solve`] does, writing into
    /// `progress` as it goes, for another thread to show (see [`Progress`]),
    /// and stopping when another thread asks it to ([`Progress::stop`]).
    ///
    /// # Errors
    /// As for [`Solver::solve`], and [`Error::Stopped`] when it stopped.
    pub fn solve_watched(&self, options: &Options, progress: &Progress) -> Result<Solution, Error> {
        let start = self.layout.start(self.graph.hero());
        self.solve_at(&start, options, progress)
    }

    /// The value of every position of the map under `options.rules`, as
    /// a [`Table`]: built within `options.max_memory`, and refused before
    /// anything is built when it would not fit. The map must have one
    /// dragon and no keys or doors.
    ///
    /// # Errors
    /// [`Error::TooLarge`] (resource [`Resource::Positions`]) when the
    /// table does not fit the budget, naming a budget that would do;
    /// [`Error::Unsupported`] on a map with several dragons, keys or doors.
    pub fn table(&self, options: &Options) -> Result<Table, Error> {
        self.table_watched(options, &Progress::default())
    }

    /// Builds the table as [`Solver::table`] does, writing into `progress`
    /// as it goes and stopping when asked ([`Progress::stop`]).
    ///
    /// # Errors
    /// As for [`Solver::table`], and [`Error::Stopped`] when it stopped.
    pub fn table_watched(&self, options: &Options, progress: &Progress) -> Result<Table, Error> {
        table::build(self, options, progress)
    }

    /// About how many bytes [`Solver::table`] needs under `rules` (the
    /// map's own graph apart).
    pub fn table_bytes_needed(&self, rules: Rules) -> usize {
        table::bytes_needed(self, rules)
    }

    /// Solves from another position of the same map: the hero on `hero` and
    /// the dragon on `dragon`, about to move (as in the middle of a game).
    /// A hero already on the exit has escaped in 0 steps.
    ///
    /// # Errors
    /// [`Error::InvalidMap`] when a piece is not on a free cell or both share
    /// one; [`Error::TooLarge`] when the chosen oracle cannot fit its memory
    /// budget, or the search outgrows [`Options::max_memory`].
    pub fn solve_from(&self, hero: Pos, dragon: Pos, options: &Options) -> Result<Solution, Error> {
        if self.layout.is_wide() {
            return Err(Error::Unsupported {
                message: "solving from the middle of a game does not take several dragons, \
                          keys or doors yet"
                    .into(),
            });
        }
        let (hero, dragon) = self.cells(hero, dragon)?;
        self.solve_at(&Position::pair(hero, dragon), options, &Progress::default())
    }

    /// Solves from position `at` of the map (its start, or the middle of
    /// a game), writing into `progress`: the official game by the pair
    /// search, any other by the general engine.
    pub(crate) fn solve_at(
        &self,
        at: &Position,
        options: &Options,
        progress: &Progress,
    ) -> Result<Solution, Error> {
        if self.layout.is_wide() {
            self.solve_with(at, options, progress, Engine::General)
        } else {
            self.solve_with(at, options, progress, Engine::Pair)
        }
    }

    /// Solves from `at` with `engine`: the outcomes every engine shares
    /// (the hero on the exit, no path), the memory a line needs, then the
    /// engine's search, and the solution made from its line.
    fn solve_with(
        &self,
        at: &Position,
        options: &Options,
        progress: &Progress,
        engine: Engine,
    ) -> Result<Solution, Error> {
        let graph = &self.graph;
        let mut stats = Stats {
            cells: graph.len() as u64,
            ..Stats::default()
        };
        let free = general::free_distance(self, at, options, progress)?;
        let found = if at.hero == graph.exit() {
            Found {
                line: vec![*at],
                end: End::Escaped,
            }
        } else if free.is_none() {
            Found {
                line: vec![*at],
                end: End::NoPath,
            }
        } else if self.line_bytes() > self.search_memory(options) {
            let (needed, room) =
                crate::error::bytes_apart(self.line_bytes(), self.search_memory(options));
            return Err(Error::TooLarge {
                resource: Resource::Positions,
                message: format!(
                    "a solve over {} cells needs at least {needed}, over the {room} the map's \
                     graph leaves of the memory budget of {}",
                    graph.len(),
                    crate::error::bytes(options.max_memory)
                ),
            });
        } else {
            match engine {
                Engine::Pair => {
                    let start = (at.hero, at.dragons.first());
                    self.solve_pair(start, options, progress, &mut stats)?
                }
                Engine::General => general::solve(self, at, options, progress, &mut stats)?,
            }
        };
        Ok(self.solution(at, found, free, options, stats))
    }

    /// The solution of a search from `at`: its outcome, and its line as
    /// turns (the hero's move and where every piece stands after it).
    fn solution(
        &self,
        at: &Position,
        found: Found,
        free: Option<usize>,
        options: &Options,
        stats: Stats,
    ) -> Solution {
        let graph = &self.graph;
        let outcome = match found.end {
            End::Escaped => Outcome::Escaped {
                steps: found.line.len().saturating_sub(1),
            },
            End::NoPath => Outcome::NoPath,
            End::Caught(line) => Outcome::Caught { line },
        };
        let line = found.line.get(1..).unwrap_or_default();
        let wide = self.layout.is_wide();
        let mut turns = Vec::with_capacity(line.len());
        // The official game's turns say where its one dragon is.
        let mut pieces = Vec::with_capacity(if wide { line.len() } else { 0 });
        let mut from = at.hero;
        for after in line {
            let (dragon, others) = self.dragons_at(after);
            turns.push(Turn {
                step: Move::between(graph.pos(from), graph.pos(after.hero))
                    .expect("consecutive hero cells are adjacent or the same (a wait)"),
                hero: graph.pos(after.hero),
                dragon,
            });
            if wide {
                pieces.push(Pieces {
                    others,
                    locks: after.locks,
                });
            }
            from = after.hero;
        }
        let (dragon, others) = self.dragons_at(at);
        Solution {
            outcome,
            rules: options.rules,
            oracle: options.oracle,
            hero: graph.pos(at.hero),
            dragon,
            others,
            pieces,
            exit: graph.pos(graph.exit()),
            turns,
            free_distance: free,
            stats,
        }
    }

    /// The first dragon of `at` (row-major) and the others.
    fn dragons_at(&self, at: &Position) -> (Pos, Others) {
        let mut cells = at.dragons.sorted().into_iter().map(|d| self.graph.pos(d));
        let first = cells.next().expect("a position has a dragon");
        (first, Others::new(cells))
    }
}

/// Which engine plays a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// The official game's pair search.
    Pair,
    /// The general engine, for any rule set.
    General,
}

/// What an engine found from a position: the line of positions (the start
/// first; an escape's last on the exit; empty when a caught line was not
/// asked for) and how it ends.
struct Found {
    line: Vec<Position>,
    end: End,
}

impl Found {
    /// What a loop-free map's closed form or walk settles (see
    /// `pair::acyclic`): its escape, or a caught hero when its line is not
    /// asked for. Else whether it showed the hero caught, for the search
    /// that finds the line.
    fn settled(verdict: pair::acyclic::Verdict, caught_line: bool) -> Result<Found, bool> {
        use pair::acyclic::Verdict;
        match verdict {
            Verdict::Escaped(line) => Ok(Found {
                line,
                end: End::Escaped,
            }),
            Verdict::Caught if !caught_line => Ok(Found {
                line: Vec::new(),
                end: End::Caught(Ending::Skipped { endless: false }),
            }),
            Verdict::Caught => Err(true),
            Verdict::Open => Err(false),
        }
    }
}

/// How an engine's line ends: the outcome, less the escape's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Escaped,
    NoPath,
    Caught(Ending),
}

/// The error of a search that stopped at its budget of positions, because
/// its progress asked it to, or because a door state's oracles did not fit.
pub(crate) fn outgrown(options: &Options, game: &mut turn::Game<'_>) -> Error {
    if let Some(failure) = game.failure() {
        return failure;
    }
    if game.stopped {
        return stopped(game.stored, game.progress);
    }
    Error::TooLarge {
        resource: Resource::Positions,
        message: format!(
            "the search outgrew its memory budget of {} after {} positions{}",
            crate::error::bytes(options.max_memory),
            game.stored,
            shown(game.progress)
        ),
    }
}

/// The error of a search stopped by its progress after `positions`.
pub(crate) fn stopped(positions: usize, progress: Option<&Progress>) -> Error {
    Error::Stopped {
        message: format!("after {positions} positions{}", shown(progress)),
    }
}

/// What a search that stopped early had shown of the answer, for its error.
fn shown(progress: Option<&Progress>) -> String {
    if progress.is_some_and(Progress::caught) {
        let line = match progress.and_then(Progress::survives) {
            Some((at_least, at_most)) => {
                format!(" and that its longest line takes {at_least} to {at_most} moves")
            }
            None => String::new(),
        };
        return format!(", having shown that the dragon catches the hero on every path{line}");
    }
    progress
        .and_then(Progress::at_least)
        .map(|moves| format!(", having shown that no escape takes fewer than {moves} moves"))
        .unwrap_or_default()
}

/// Solves `puzzle` under `options`.
///
/// # Errors
/// [`Error::TooLarge`] when the chosen oracle cannot fit its memory budget,
/// or the search outgrows [`Options::max_memory`].
///
/// # Example
/// ```
/// use dragon_escape::{solve, Options, Outcome, Puzzle};
/// let puzzle: Puzzle = "\
/// 🟫🟫🟫🟫🟫🟫
/// 🟫🏃🟩🟩🟫🟫
/// 🟫🟩🟫🟩🟫🟫
/// 🟫🟩🟩🐉🟩❎
/// 🟫🟫🟫🟫🟫🟫".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// assert_eq!(solution.outcome, Outcome::Escaped { steps: 8 });
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Solution, Error> {
    Solver::new(puzzle).solve(options)
}
