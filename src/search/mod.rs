//! The state-space search over (hero cell, dragon cell) positions.
//!
//! - `chase`: best-first search (A* with the exact dragon-free distance to
//!   the exit as heuristic) for a deterministic dragon, and for the
//!   optimistic bound where the hero picks the dragon's ties.
//! - `guaranteed`: the AND-OR game for the adversarial dragon, solved by
//!   retrograde analysis over every reachable position (`tree`).
//! - `proof`: a depth-first proof search for the adversarial dragon, which
//!   takes over from `guaranteed` where the positions are too many.
//! - `survival`: when there is no escape, the longest line the hero
//!   survives (or an endless evasion), for playback and reports.
//! - `acyclic`: the closed form for loop-free maps (perfect mazes), used
//!   instead of searching with the default oracle and the official speed.
//!
//! A faster dragon (`Rules::speed` above 1) changes the turn only: the
//! searches above take its moves from `turn` like any other. The shortcuts
//! whose arguments count one dragon step a turn stand aside: the closed
//! form, the dead-end rule (`hanging`) and the proof search (its frames
//! hold one step's replies); the proof search's bounds in steps of two
//! would stay right, as they are the hero's parity.
//!
//! Waiting (`Rules::wait`) adds a move that keeps the hero's cell; the
//! searches take it from `turn` too. It breaks the hero's parity and the
//! "every move is a step" arguments, so the closed form, the dead-end rule
//! and the proof search stand aside; the best-first search's heuristic (the
//! free distance) stays a lower bound, and the analysis checks its bounds
//! rather than assuming their parity.
//!
//! All follow docs/RULES.md through one definition of a turn, `turn` (the
//! hero's moves, the dragon's replies and how a choosing dragon ranks them),
//! which the library also offers as [`Solver::hero_step`],
//! [`Solver::dragon_reply`] and friends; the closed form is checked against
//! it and the brute force by the tests.

mod acyclic;
mod chase;
mod cuts;
mod guaranteed;
mod hanging;
mod memory;
mod progress;
mod proof;
pub mod rules;
pub mod solution;
mod state;
mod survival;
mod tree;
mod turn;
mod variant;
pub(crate) use variant::Start;

use crate::dragon::OracleKind;
use crate::error::{Error, Resource};
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
pub use progress::Progress;
use rules::{Rules, Ties};
use solution::{Ending, Method, Move, Others, Outcome, Solution, Stats, Turn};
pub use turn::IllegalMove;
pub(crate) use turn::{Game, Prospect, hero_moves, worst_reply};

/// Settings for a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// What every solve may need per cell of the map, counted against
/// [`Options::max_memory`] before it starts: the closed form's four arrays
/// and two paths, and a line of play as long as the map (a cell pair and a
/// [`Turn`] per step). A search needs more: its oracle alone takes over
/// half the budget at more than this per cell.
const BYTES_PER_CELL: usize = 4 * 4 + 2 * 4 + 8 + size_of::<Turn>();

impl Options {
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
        }
    }
}

/// How many positions the adversarial analysis may store before the proof
/// search takes over: at least this, or two per cell of the map.
const ANALYSIS_FIRST: usize = 1 << 16;

/// How much work (positions worked out) the adversarial proof search may do
/// before the retrograde analysis takes over: at least this, or four per
/// cell of the map.
const PROOF_WORK: u64 = 1 << 23;

/// The most extra moves over the free distance the proof search tries.
const PROOF_DETOUR: u32 = 16;

/// A game the hero cannot win against the adversarial dragon: every
/// reachable position and its escape values, for the survival analysis.
type Lost = Box<(tree::Tree, Vec<u32>)>;

/// A puzzle prepared for solving: its graph and the distances to the exit.
///
/// Reuse one `Solver` to solve the same map under several rule sets, and to
/// ask about single turns ([`Solver::hero_step`], [`Solver::dragon_reply`]).
#[derive(Clone, Debug)]
pub struct Solver {
    graph: Graph,
    exit_distance: Vec<u32>,
    hanging: hanging::Hanging,
    /// Several dragons, keys or doors: the variant search plays them.
    layout: Option<variant::Layout>,
}

impl Solver {
    /// Prepares `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Self {
        let graph = Graph::new(puzzle);
        let exit_distance = graph.distances_from(graph.exit());
        let hanging = hanging::Hanging::new(&graph);
        let layout = variant::Layout::new(puzzle, &graph);
        Solver {
            graph,
            exit_distance,
            hanging,
            layout,
        }
    }

    /// What a search and its oracle may hold under `options`: the budget
    /// less what the solver itself holds.
    fn search_memory(&self, options: &Options) -> usize {
        let solver = self.graph.bytes() + self.exit_distance.len() * size_of::<u32>();
        options
            .max_memory
            .saturating_sub(solver + self.hanging.bytes())
            .saturating_sub(self.layout.as_ref().map_or(0, variant::Layout::bytes))
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
    pub fn free_distance(&self) -> Option<usize> {
        match &self.layout {
            Some(layout) => variant::free_distance(&self.graph, layout, &layout.start(&self.graph)),
            None => self.free_distance_from(self.graph.hero()),
        }
    }

    /// Whether the map has several dragons, keys or doors
    /// ([`Puzzle::has_variant_pieces`]).
    pub fn has_variant_pieces(&self) -> bool {
        self.layout.is_some()
    }

    fn free_distance_from(&self, hero: CellId) -> Option<usize> {
        let d = self.exit_distance[hero.index()];
        (d != UNREACHABLE).then_some(d as usize)
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
        let graph = &self.graph;
        if let Some(layout) = &self.layout {
            return variant::solve(self, &layout.start(graph), options, progress);
        }
        let start = self.cells(graph.pos(graph.hero()), graph.pos(graph.dragon()))?;
        self.solve_cells(start, options, progress)
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
        if self.layout.is_some() {
            return Err(Error::Unsupported {
                message: "solving from the middle of a game does not take several dragons, \
                          keys or doors yet"
                    .into(),
            });
        }
        let start = self.cells(hero, dragon)?;
        self.solve_cells(start, options, &Progress::default())
    }

    /// [`Solver::solve_from`] from cells, writing into `progress`.
    fn solve_cells(
        &self,
        start: (CellId, CellId),
        options: &Options,
        progress: &Progress,
    ) -> Result<Solution, Error> {
        let graph = &self.graph;
        let (hero, dragon) = (graph.pos(start.0), graph.pos(start.1));
        let mut stats = Stats {
            cells: graph.len() as u64,
            ..Stats::default()
        };
        let mut turns = Vec::new();
        let (mut endless, mut skipped) = (false, false);
        let outcome = if start.0 == graph.exit() {
            Outcome::Escaped { steps: 0 }
        } else if self.free_distance_from(start.0).is_none() {
            Outcome::NoPath
        } else if graph.len().saturating_mul(BYTES_PER_CELL) > options.max_memory {
            let (needed, budget) = crate::error::bytes_apart(
                graph.len().saturating_mul(BYTES_PER_CELL),
                options.max_memory,
            );
            return Err(Error::TooLarge {
                resource: Resource::Positions,
                message: format!(
                    "a solve over {} cells needs at least {needed}, over the memory budget of {budget}",
                    graph.len()
                ),
            });
        } else if let Some(closed) = (options.oracle == OracleKind::Bfs
            // The closed form's argument counts one dragon step a turn, and
            // every hero move a step.
            && options.rules.speed.is_one()
            && !options.rules.wait)
            .then(|| acyclic::solve(graph, start.0, start.1))
            .flatten()
        {
            turns = self.turns(&closed.line);
            stats.method = Method::LoopFree;
            if closed.escaped {
                Outcome::Escaped { steps: turns.len() }
            } else {
                Outcome::Caught
            }
        } else {
            let mut oracle = options.oracle.build(graph, self.oracle_budget(options)?)?;
            // The dead-end rule's argument counts one dragon step a turn,
            // and every hero move a step (its parity).
            let hanging =
                (options.rules.speed.is_one() && !options.rules.wait).then_some(&self.hanging);
            // The pocket rule's too, and it needs a dragon whose walk the
            // hero's cell does not choose. Like the closed form, it is a
            // shortcut of the default oracle: the reference searches all.
            // It is left out where its tables would take over a quarter
            // of the search's memory, against which they count.
            let mut pockets = (hanging.is_some()
                && matches!(options.rules.ties, Ties::Priority(_))
                && options.oracle == OracleKind::Bfs
                && cuts::Pockets::most_bytes(graph.len()) * 4 <= self.search_memory(options))
            .then(|| cuts::Pockets::new(&self.hanging, &self.exit_distance));
            let mut game = Game::new(
                graph,
                start,
                oracle.as_mut(),
                options.rules,
                self.search_memory(options),
            );
            game.progress = Some(progress);
            let escape = match options.rules.ties {
                Ties::Priority(_) | Ties::Optimistic => {
                    let reversals = chase::Reversals::Allowed;
                    chase::search(
                        &mut game,
                        &self.exit_distance,
                        reversals,
                        hanging,
                        pockets.as_mut(),
                        usize::MAX,
                        &mut stats,
                    )
                    .ok_or(None)
                }
                // Like the closed form, the proof search is a shortcut of the
                // default oracle; the reference always runs the analysis.
                // Its frames hold one dragon step's replies (four at most),
                // and a faster dragon may end on more cells: the analysis
                // takes any number. (Its bounds going up in twos stay
                // right at any speed: they are the hero's parity.) A wait
                // breaks that parity, so with waiting it stands aside too.
                Ties::Adversarial => {
                    let prove = options.oracle == OracleKind::Bfs
                        && options.rules.speed.is_one()
                        && !options.rules.wait;
                    self.guaranteed(&mut game, prove, &mut stats).map_err(Some)
                }
            };
            let outcome = match escape {
                Ok(line) => {
                    turns = self.turns(&line);
                    Outcome::Escaped { steps: turns.len() }
                }
                Err(_) if game.exceeded => return Err(outgrown(options, &game)),
                Err(explored) => {
                    // The optimistic bound is no rule to play by: when even it
                    // finds no escape, show the official rule's chase.
                    if game.ties == Ties::Optimistic {
                        game.ties = Ties::default();
                    }
                    let (line, forever) = match explored.as_deref() {
                        Some((tree, value)) => survival::longest_line(tree, Some(value)),
                        None => {
                            // Without the line, whether it is endless is
                            // all that is asked, and the dead-end rule keeps
                            // that answer (see `survival::endless`).
                            skipped = !options.caught_line;
                            let dead_ends = if skipped { hanging } else { None };
                            let tree = tree::Tree::explore(&mut game, None, dead_ends);
                            if game.exceeded {
                                // A tree cut short has positions without
                                // moves: the survival analysis needs it whole.
                                return Err(outgrown(options, &game));
                            }
                            if skipped {
                                (Vec::new(), survival::endless(&tree))
                            } else {
                                survival::longest_line(&tree, None)
                            }
                        }
                    };
                    turns = self.turns(&line);
                    endless = forever;
                    Outcome::Caught
                }
            };
            if game.exceeded {
                // The survival line's exploration outgrew the budget.
                return Err(outgrown(options, &game));
            }
            stats.dragon_queries = game.queries;
            outcome
        };
        let ending = match outcome {
            Outcome::Escaped { .. } => Ending::Escaped,
            Outcome::NoPath => Ending::NoPath,
            Outcome::Caught if skipped => Ending::Skipped { endless },
            Outcome::Caught if endless => Ending::Endless,
            Outcome::Caught => Ending::Stuck,
        };
        debug_assert!(
            ending != Ending::Stuck
                || turns
                    .last()
                    .map_or(self.is_stuck(hero, dragon, options.rules), |t| self
                        .is_stuck(t.hero, t.dragon, options.rules)),
            "a caught line ends with the hero stuck"
        );
        Ok(Solution {
            outcome,
            rules: options.rules,
            oracle: options.oracle,
            hero,
            dragon,
            others: Others::NONE,
            pieces: Vec::new(),
            exit: graph.pos(graph.exit()),
            turns,
            ending,
            stats,
        })
    }

    /// The least number of hero moves to the exit, if at most `limit`, when
    /// the hero may never step straight back onto the cell it has just
    /// left: the generator's test whether a puzzle needs a back-step. The
    /// same search as [`Solver::solve`]'s under a priority rule (or the
    /// optimistic bound), within the same budget.
    ///
    /// # Errors
    /// [`Error::TooLarge`] as for [`Solver::solve`]; [`Error::Unsupported`]
    /// on a map with several dragons, keys or doors.
    #[cfg_attr(
        not(feature = "mapgen"),
        expect(dead_code, reason = "only the generator's analysis asks")
    )]
    pub(crate) fn escape_without_back_steps(
        &self,
        options: &Options,
        limit: usize,
    ) -> Result<Option<usize>, Error> {
        debug_assert_ne!(options.rules.ties, Ties::Adversarial);
        if self.layout.is_some() {
            return Err(Error::Unsupported {
                message: "the back-step test does not take several dragons, keys or doors".into(),
            });
        }
        let graph = &self.graph;
        if graph.len() > (u32::MAX / 5) as usize {
            return Err(Error::TooLarge {
                resource: Resource::Grid,
                message: format!(
                    "{} cells; the back-step analysis counts at most {}",
                    graph.len(),
                    u32::MAX / 5
                ),
            });
        }
        let mut oracle = options.oracle.build(graph, self.oracle_budget(options)?)?;
        let mut game = Game::new(
            graph,
            (graph.hero(), graph.dragon()),
            oracle.as_mut(),
            options.rules,
            self.search_memory(options),
        );
        let reversals = chase::Reversals::Forbidden;
        let mut stats = Stats::default();
        let line = chase::search(
            &mut game,
            &self.exit_distance,
            reversals,
            None,
            None,
            limit,
            &mut stats,
        );
        if game.exceeded {
            return Err(outgrown(options, &game));
        }
        Ok(line.map(|line| line.len() - 1))
    }

    /// The adversarial search. The retrograde analysis ([`Self::analysis`])
    /// is fastest where the positions a short line can pass are few, as in
    /// mazes; in open rooms they are legion. So with `prove`, the analysis
    /// first runs within a small share of positions; past it, a depth-first
    /// proof search ([`proof`]), which stores about one position per
    /// (hero, dragon) pair its strategy meets, tries bounds from the free
    /// distance up in steps of two within a fixed amount of work; if it
    /// gives up, the analysis runs again within the whole budget.
    ///
    /// On failure, returns the complete tree and its values.
    fn guaranteed(
        &self,
        game: &mut Game<'_, '_>,
        prove: bool,
        stats: &mut Stats,
    ) -> Result<Vec<(CellId, CellId)>, Lost> {
        if !prove {
            return self.analysis(game, stats);
        }
        game.max_positions = ANALYSIS_FIRST.max(2 * self.graph.len());
        let first = self.analysis(game, stats);
        game.max_positions = usize::MAX;
        if !game.exceeded || game.stopped {
            return first;
        }
        game.exceeded = false;
        drop(first);

        let start = game.start;
        let free = self.exit_distance[start.0.index()];
        let work = PROOF_WORK.max(4 * self.graph.len() as u64);
        let mut prover = proof::Prover::new(&self.exit_distance, work);
        let mut bound = free;
        let proved = loop {
            match prover.proves(game, start, bound) {
                Some(true) => break prover.line(game, start, bound),
                Some(false) if bound < free.saturating_add(PROOF_DETOUR) => bound += 2,
                Some(false) | None => break None,
            }
        };
        stats.states_expanded += prover.expanded;
        stats.states_stored = stats.states_stored.max(prover.len() as u64);
        if let Some(line) = proved {
            stats.method = Method::Proof;
            return Ok(line);
        }
        if game.exceeded {
            return Err(Box::new((tree::Tree::empty(), Vec::new())));
        }
        drop(prover);
        self.analysis(game, stats)
    }

    /// The retrograde analysis by iterative deepening: explore only the
    /// positions that a line of at most `bound` moves can pass, raise the
    /// bound (by growing steps) until the hero can guarantee an escape
    /// within it, or until nothing was left out (then it cannot).
    ///
    /// On failure, returns the complete tree and its values.
    fn analysis(
        &self,
        game: &mut Game<'_, '_>,
        stats: &mut Stats,
    ) -> Result<Vec<(CellId, CellId)>, Lost> {
        let mut bound = self.exit_distance[game.start.0.index()];
        let mut raise = 2;
        loop {
            let tree = tree::Tree::explore(game, Some((bound, &self.exit_distance)), None);
            if game.exceeded {
                stats.states_expanded += tree.len() as u64;
                return Err(Box::new((tree, Vec::new())));
            }
            match guaranteed::search(&tree, stats) {
                // Left-out positions count as lost, so a line found in a
                // pruned tree is only an upper bound on the answer: exact
                // when it fits the bound (every line of at most `bound`
                // moves was explored), otherwise a shorter line may pass
                // positions the bound left out.
                Ok(line) if !tree.pruned || line.len() - 1 <= bound as usize => return Ok(line),
                Ok(line) => bound = (line.len() - 1) as u32,
                Err(value) if !tree.pruned => return Err(Box::new((tree, value))),
                Err(_) => {
                    bound = bound.saturating_add(raise);
                    raise = raise.saturating_mul(2);
                }
            }
        }
    }

    /// Turns a line of positions (start first) into turns.
    fn turns(&self, line: &[(CellId, CellId)]) -> Vec<Turn> {
        line.windows(2)
            .map(|pair| {
                let (from, to) = (self.graph.pos(pair[0].0), self.graph.pos(pair[1].0));
                Turn {
                    step: Move::between(from, to)
                        .expect("consecutive hero cells are adjacent or the same (a wait)"),
                    hero: to,
                    dragon: self.graph.pos(pair[1].1),
                }
            })
            .collect()
    }
}

/// The error of a search that stopped at its budget of positions, or
/// because its progress asked it to.
fn outgrown(options: &Options, game: &Game<'_, '_>) -> Error {
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
pub(super) fn stopped(positions: usize, progress: Option<&Progress>) -> Error {
    Error::Stopped {
        message: format!("after {positions} positions{}", shown(progress)),
    }
}

/// What a search that stopped early had shown of the answer, for its error.
pub(super) fn shown(progress: Option<&Progress>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small random map (xorshift from `seed`): open, with pillars and
    /// walls at the given per-mille density, sometimes without a border.
    fn random_map(seed: u64) -> Option<Puzzle> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let (h, w) = (3 + next(10) as usize, 3 + next(10) as usize);
        let density = next(350);
        let mut walls: Vec<bool> = (0..h * w).map(|_| next(1000) < density).collect();
        let mut cell = || {
            let i = next((h * w) as u64) as usize;
            Pos::new(i / w, i % w)
        };
        let (hero, dragon, exit) = (cell(), cell(), cell());
        for p in [hero, dragon, exit] {
            walls[p.row * w + p.col] = false;
        }
        if hero == dragon || hero == exit || dragon == exit {
            return None;
        }
        Puzzle::new(w, h, walls, hero, dragon, exit).ok()
    }

    /// Calls `each(seed, start, solver, hero, dragon)` for one in `every`
    /// of the starts on the random maps of seeds `0..seeds`: the hero off
    /// the exit and able to reach it, the dragon not next to it.
    fn each_start(seeds: u64, every: u32, mut each: impl FnMut(u64, u32, &Solver, CellId, CellId)) {
        for seed in 0..seeds {
            let Some(puzzle) = random_map(seed) else {
                continue;
            };
            let solver = Solver::new(&puzzle);
            let graph = solver.graph();
            let n = graph.len() as u32;
            for start in 0..n * n {
                let (hero, dragon) = (CellId(start / n), CellId(start % n));
                if start % every != seed as u32 % every || graph.touches(hero, dragon) {
                    continue;
                }
                if hero == graph.exit() || solver.exit_distance[hero.index()] == UNREACHABLE {
                    continue;
                }
                each(seed, start, &solver, hero, dragon);
            }
        }
    }

    /// Calls `each(seed, start, solver, (hero, dragon), rules)` for the
    /// starts of [`each_start`] the pocket rule's tests use, under two
    /// priority rules.
    fn each_priority_start(mut each: impl FnMut(u64, u32, &Solver, (CellId, CellId), Rules)) {
        each_start(150, 7, |seed, start, solver, hero, dragon| {
            for ties in [Ties::default(), Ties::Priority("RDLU".parse().unwrap())] {
                let rules = Rules {
                    ties,
                    ..Rules::default()
                };
                each(seed, start, solver, (hero, dragon), rules);
            }
        });
    }

    /// Leaving out the steps deep into dead ends (see [`hanging`]) never
    /// changes whether or how fast the hero escapes, under priority rules
    /// and the optimistic one, from many starts on many maps.
    #[test]
    fn the_dead_end_rule_keeps_every_escape_length() {
        let (mut pruned, mut escapes) = (0, 0);
        each_start(100, 11, |seed, start, solver, hero, dragon| {
            let graph = solver.graph();
            for ties in [
                Ties::default(),
                Ties::Priority("RDLU".parse().unwrap()),
                Ties::Optimistic,
            ] {
                let rules = Rules {
                    ties,
                    ..Rules::default()
                };
                let mut lengths = [None, None];
                let mut stored = [0, 0];
                for (i, hanging) in [None, Some(&solver.hanging)].into_iter().enumerate() {
                    let mut oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
                    let mut game =
                        Game::new(graph, (hero, dragon), oracle.as_mut(), rules, usize::MAX);
                    let mut stats = Stats::default();
                    let line = chase::search(
                        &mut game,
                        &solver.exit_distance,
                        chase::Reversals::Allowed,
                        hanging,
                        None,
                        usize::MAX,
                        &mut stats,
                    );
                    lengths[i] = line.map(|l| l.len());
                    stored[i] = stats.states_stored;
                }
                assert_eq!(
                    lengths[0], lengths[1],
                    "seed {seed}, start {start}, {ties:?}"
                );
                escapes += usize::from(lengths[0].is_some());
                pruned += usize::from(stored[1] < stored[0]);
            }
        });
        assert!(
            escapes > 20_000 && pruned > 500,
            "too few cases: {escapes} escapes, {pruned} pruned"
        );
    }

    /// Jumping over the dragon's walks to pockets (see [`cuts`]) never
    /// changes whether or how fast the hero escapes, under two priority
    /// rules, from many starts on many maps; the line it gives is one the
    /// rules allow: a step a turn, never onto or next to the dragon, and
    /// the dragon's replies its own.
    #[test]
    fn the_pocket_rule_keeps_every_escape_length() {
        let (mut jumped, mut escapes, mut budgeted) = (0, 0, 0);
        each_priority_start(|seed, start, solver, (hero, dragon), rules| {
            let graph = solver.graph();
            let ties = rules.ties;
            // Without the rule, with it, and with its walks soon out of
            // questions (then only walks known to their end serve).
            let mut lines = [None, None, None];
            let mut stored = [0, 0, 0];
            for (i, budget) in [None, Some(u64::MAX / 4), Some(6)].into_iter().enumerate() {
                let mut pockets = budget.map(|budget| {
                    let mut pockets = cuts::Pockets::new(&solver.hanging, &solver.exit_distance);
                    pockets.walk_budget = budget;
                    pockets
                });
                let mut oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
                let mut game = Game::new(graph, (hero, dragon), oracle.as_mut(), rules, usize::MAX);
                let mut stats = Stats::default();
                lines[i] = chase::search(
                    &mut game,
                    &solver.exit_distance,
                    chase::Reversals::Allowed,
                    Some(&solver.hanging),
                    pockets.as_mut(),
                    usize::MAX,
                    &mut stats,
                );
                stored[i] = stats.states_stored;
            }
            let lengths = lines.each_ref().map(|l| l.as_ref().map(Vec::len));
            assert_eq!(
                lengths[0], lengths[1],
                "seed {seed}, start {start}, {ties:?}"
            );
            assert_eq!(
                lengths[0], lengths[2],
                "seed {seed}, start {start}, {ties:?}, few questions"
            );
            budgeted += usize::from(stored[2] != stored[1]);
            let [_, Some(line), budgeted_line] = &lines else {
                return;
            };
            for line in [Some(line), budgeted_line.as_ref()].into_iter().flatten() {
                let mut oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
                let mut game = Game::new(graph, (hero, dragon), oracle.as_mut(), rules, 0);
                assert_eq!(line[0], (hero, dragon));
                for pair in line.windows(2) {
                    let ((from, dragon), (to, reply)) = (pair[0], pair[1]);
                    assert!(graph.neighbors(from).any(|(_, n)| n == to), "a step");
                    assert!(
                        !graph.touches(to, dragon),
                        "seed {seed}: next to the dragon"
                    );
                    if to != graph.exit() {
                        let mut replies = Vec::new();
                        game.dragon_replies(dragon, to, |d| replies.push(d));
                        assert_eq!(replies, [reply], "seed {seed}: the dragon's reply");
                    }
                }
            }
            escapes += 1;
            jumped += usize::from(stored[1] < stored[0]);
        });
        assert!(
            escapes > 5_000 && jumped > 500 && budgeted > 100,
            "too few cases: {escapes} escapes, {jumped} with jumps, {budgeted} short of questions"
        );
    }

    /// Every position the pocket rule leaves out as covered by an
    /// arrival's first jump (see [`cuts`]) is one the game reaches from the
    /// first jump's position in the turns between: the hero steps back and
    /// forth with a neighbour in the pocket, never onto or next to the
    /// dragon, and the dragon, replying, ends on the left-out position's
    /// cell.
    #[test]
    fn a_left_out_position_is_reached_from_the_first_jump() {
        let mut checked = 0;
        each_priority_start(|seed, start, solver, (hero, dragon), rules| {
            let graph = solver.graph();
            let ties = rules.ties;
            let mut pockets = cuts::Pockets::new(&solver.hanging, &solver.exit_distance);
            let mut oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
            let mut game = Game::new(graph, (hero, dragon), oracle.as_mut(), rules, usize::MAX);
            chase::search(
                &mut game,
                &solver.exit_distance,
                chase::Reversals::Allowed,
                Some(&solver.hanging),
                Some(&mut pockets),
                usize::MAX,
                &mut Stats::default(),
            );
            let covers = pockets.covers.take();
            let pocket = cuts::Cuts::new(graph);
            for (left_out, g, c, ((at, first), first_g)) in covers {
                let other = graph
                    .neighbors(at)
                    .map(|(_, n)| n)
                    .find(|&n| pocket.in_pocket(n, c))
                    .expect("the hero has a neighbour in its pocket");
                let (mut hero, mut dragon) = (at, first);
                for turn in 0..g - first_g {
                    hero = if turn % 2 == 0 { other } else { at };
                    assert!(
                        hero != dragon && !graph.touches(hero, dragon),
                        "seed {seed}, start {start}: a legal step"
                    );
                    game.dragon_replies(dragon, hero, |reply| dragon = reply);
                }
                assert_eq!(
                    (hero, dragon),
                    left_out,
                    "seed {seed}, start {start}, {ties:?}"
                );
                checked += 1;
            }
        });
        assert!(checked > 1000, "too few positions left out: {checked}");
    }

    /// The cut tree's pockets and climbs agree with their definitions: the
    /// pocket of `c` is what the exit cannot reach without `c`, and the
    /// rule's pocket for `(hero, dragon)` is the smallest such one holding
    /// the hero (not on `c`) but not the dragon; the climb's end is the
    /// largest.
    #[test]
    fn pockets_are_what_the_exit_cannot_reach_without_their_cut_cell() {
        let mut pockets = 0;
        for seed in 0..300 {
            let Some(puzzle) = random_map(seed) else {
                continue;
            };
            let graph = Graph::new(&puzzle);
            let cuts = cuts::Cuts::new(&graph);
            let n = graph.len();
            let reach = |without: usize| {
                let mut seen = vec![false; n];
                let mut stack = vec![graph.exit()];
                seen[graph.exit().index()] = true;
                while let Some(at) = stack.pop() {
                    for (_, m) in graph.neighbors(at) {
                        if m.index() != without && !seen[m.index()] {
                            seen[m.index()] = true;
                            stack.push(m);
                        }
                    }
                }
                seen
            };
            let everywhere = reach(usize::MAX);
            // The pocket of each cell that splits the exit's part.
            let mut of: Vec<(CellId, Vec<bool>)> = Vec::new();
            for c in (0..n).filter(|&c| everywhere[c] && c != graph.exit().index()) {
                let without = reach(c);
                let pocket: Vec<bool> = (0..n)
                    .map(|x| x == c || (everywhere[x] && !without[x]))
                    .collect();
                if pocket.iter().filter(|&&p| p).count() > 1 {
                    for (x, &inside) in pocket.iter().enumerate() {
                        assert_eq!(cuts.in_pocket(CellId(x as u32), CellId(c as u32)), inside);
                    }
                    of.push((CellId(c as u32), pocket));
                }
            }
            for hero in (0..n).filter(|&x| everywhere[x]) {
                for dragon in (0..n).filter(|&x| everywhere[x] && x != hero) {
                    let holding = of
                        .iter()
                        .filter(|(c, p)| c.index() != hero && p[hero] && !p[dragon]);
                    let size = |(_, p): &&(CellId, Vec<bool>)| p.iter().filter(|&&x| x).count();
                    let nearest = holding.clone().min_by_key(size).map(|(c, _)| *c);
                    let farthest = holding.max_by_key(size).map(|(c, _)| *c);
                    let found = cuts.pocket(CellId(hero as u32), CellId(dragon as u32));
                    assert_eq!(found.map(|f| f.0), nearest, "seed {seed}");
                    assert_eq!(found.map(|f| f.1), farthest, "seed {seed}");
                    pockets += usize::from(found.is_some());
                }
            }
        }
        assert!(pockets > 10_000, "too few pockets: {pockets}");
    }

    /// The proof search and the retrograde analysis agree on the value and
    /// the whole line (the analysis is checked against the brute force by
    /// the integration tests; the proof search is reached there only on
    /// maps too large for it).
    #[test]
    fn the_proof_search_plays_as_the_analysis() {
        let (mut proved, mut lost) = (0, 0);
        for seed in 0..3000 {
            let Some(puzzle) = random_map(seed) else {
                continue;
            };
            let solver = Solver::new(&puzzle);
            let graph = solver.graph();
            let start = (graph.hero(), graph.dragon());
            let free = solver.exit_distance[start.0.index()];
            if free == UNREACHABLE || start.0 == graph.exit() {
                continue;
            }
            let options = Options::default();
            let mut oracle = options.oracle.build(graph, 1 << 24).unwrap();
            let rules = Rules {
                ties: Ties::Adversarial,
                ..Rules::default()
            };
            let mut game = Game::new(graph, start, oracle.as_mut(), rules, usize::MAX);
            let analysis = solver.analysis(&mut game, &mut Stats::default());
            let mut prover = proof::Prover::new(&solver.exit_distance, u64::MAX);
            let proves = |prover: &mut proof::Prover<'_>, game: &mut Game<'_, '_>, r| {
                prover.proves(game, start, r).unwrap()
            };
            match analysis {
                Ok(line) => {
                    let v = (line.len() - 1) as u32;
                    assert!(
                        proves(&mut prover, &mut game, v),
                        "seed {seed}: not proved in {v}"
                    );
                    if v >= 2 {
                        assert!(
                            !proves(&mut prover, &mut game, v - 2),
                            "seed {seed}: proved in less"
                        );
                    }
                    assert_eq!(
                        prover.line(&mut game, start, v).unwrap(),
                        line,
                        "seed {seed}"
                    );
                    proved += 1;
                }
                Err(_) => {
                    for r in (free..free + 40).step_by(2) {
                        assert!(
                            !proves(&mut prover, &mut game, r),
                            "seed {seed}: lost, proved in {r}"
                        );
                    }
                    lost += 1;
                }
            }
        }
        assert!(
            proved > 500 && lost > 50,
            "too few cases: {proved} proved, {lost} lost"
        );
    }

    /// An open room takes the adversarial search many positions: a budget
    /// that holds the oracle but not them ends in the positions' error,
    /// naming how many were stored; a larger one solves.
    #[test]
    fn the_search_stops_at_its_budget() {
        let side = 30;
        let walls = vec![false; side * side];
        let puzzle = Puzzle::new(
            side,
            side,
            walls,
            Pos::new(0, 0),
            Pos::new(0, side - 1),
            Pos::new(side - 1, side - 1),
        )
        .unwrap();
        let solver = Solver::new(&puzzle);
        let with = |max_memory| {
            let mut options = Options {
                max_memory,
                ..Options::default()
            };
            options.rules.ties = Ties::Adversarial;
            solver.solve(&options)
        };
        match with(512 << 10) {
            Err(Error::TooLarge {
                resource: Resource::Positions,
                message,
            }) => assert!(message.contains("positions"), "{message}"),
            other => panic!("expected the positions' budget error, got {other:?}"),
        }
        assert!(with(256 << 20).is_ok());
    }

    /// A budget whose half cannot hold the default oracle's fixed part,
    /// but whose rest after the graph can, still solves, with the same
    /// answers (the oracle caches no field); with less, the error names a
    /// budget that does.
    #[test]
    fn an_oracle_past_half_the_budget_still_solves() {
        // A serpentine corridor with one shortcut (a loop, so no closed
        // form), the hero on its last straight: the positions are few.
        let side = 41;
        let walls: Vec<bool> = (0..side * side)
            .map(|i| {
                let (row, col) = (i / side, i % side);
                let turn = if row / 2 % 2 == 0 { side - 1 } else { 0 };
                row % 2 == 1 && col != turn && !(row == 1 && col == side / 2)
            })
            .collect();
        let puzzle = Puzzle::new(
            side,
            side,
            walls,
            Pos::new(side - 1, 0),
            Pos::new(side / 2, side / 2),
            Pos::new(side - 1, side - 1),
        )
        .unwrap();
        let solver = Solver::new(&puzzle);
        let n = solver.graph.len();
        let fixed = crate::dragon::BfsFields::bytes_needed(n, 0);
        let held = solver.graph.bytes() + n * size_of::<u32>() + solver.hanging.bytes();
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            let mut options = Options::default();
            options.rules.ties = ties;
            let roomy = solver.solve(&options).unwrap();
            let tight = Options {
                max_memory: held + fixed + fixed / 4,
                ..options
            };
            assert!(tight.max_memory / 2 < fixed, "{n} cells, {held} held");
            assert_eq!(solver.solve(&tight).unwrap(), roomy, "{ties:?}");
            let short = Options {
                max_memory: (held + fixed - 1).max(n * BYTES_PER_CELL),
                ..options
            };
            let error = solver.solve(&short).unwrap_err().to_string();
            assert!(
                error.contains("dragon oracle") && error.contains("or more"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_oracle_share_follows_the_budget() {
        for max_memory in [1 << 20, 4 << 30, 16 << 30] {
            let options = Options {
                max_memory,
                ..Options::default()
            };
            assert_eq!(options.oracle_budget(), max_memory / 2);
        }
        let capped = Options {
            oracle_memory: 1 << 20,
            ..Options::default()
        };
        assert_eq!(capped.oracle_budget(), 1 << 20);
    }
}
