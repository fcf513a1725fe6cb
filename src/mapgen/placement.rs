//! From a configuration to a puzzle: carve a maze, add loops, place the
//! hero and the exit, then search for a dragon cell that meets the knobs,
//! checking each candidate with the solver.
//!
//! The search follows the lesson of knight's-tour solvers: candidates are
//! tried most constraining first (a cheap ordering computed from distance
//! fields, randomised within bands), a maze gets a bounded number of
//! candidates (bounded backtracking), and when they are spent a new maze is
//! drawn (a random restart). The whole search stops after a bounded number
//! of solver runs. [`Strategy`] selects restarts only, backtracking only or
//! both.
//!
//! The default, both with 4 candidates per maze in the constrained order,
//! won a measurement over 40 fixed seeds and four sets of knobs (medium,
//! hard, hard and tie-independent, a detour of 10 in a lightly braided
//! maze): the fewest solver runs in total and the best worst case. Restarts
//! alone came close; backtracking alone (exhausting one maze) cost 10 to 20
//! times more, because success depends far more on the maze than on the
//! dragon's cell.

use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use super::analysis::needs_back_step;
use super::braid::{Braided, add_rooms, braid};
use super::maze::Maze;
use super::random::{below, shuffle};
use super::{Algorithm, Tuning};
use crate::error::{Error, plural};
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::puzzle::{MAX_DRAGONS, MAX_KEYS, Pos, Puzzle};
use crate::search::rules::{Rules, Speed, Ties};
use crate::search::solution::Solution;
use crate::search::{Options, Solver};

/// Requirements a generated puzzle must meet under the default rules
/// (beyond being solvable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Knobs {
    /// The answer is at least this many steps.
    pub min_steps: usize,
    /// The answer exceeds the dragon-free distance by at least this many
    /// steps (always even: a grid has no odd detours).
    pub min_detour: usize,
    /// Every optimal line needs a back-step (stepping straight back onto the
    /// cell just left).
    pub require_backstep: bool,
    /// The answer is the same under every tie rule (the optimistic bound
    /// equals the adversarial one, hence the default rule agrees too).
    pub tie_independent: bool,
}

impl Knobs {
    /// Whether these knobs can only be met in a maze with loops (in a
    /// perfect maze the hero can never get around the dragon, so the answer
    /// is the dragon-free distance or nothing).
    pub fn need_loops(&self) -> bool {
        self.min_detour > 0 || self.require_backstep
    }
}

impl fmt::Display for Knobs {
    /// A short list such as `min-detour 4, require-backstep`, or `solvable`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec!["solvable".to_owned()];
        if self.min_steps > 0 {
            parts.push(format!("min-steps {}", self.min_steps));
        }
        if self.min_detour > 0 {
            parts.push(format!("min-detour {}", self.min_detour));
        }
        if self.require_backstep {
            parts.push("require-backstep".into());
        }
        if self.tie_independent {
            parts.push("tie-independent".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// Named difficulty levels: each stands for a set of knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Any solvable placement.
    Easy,
    /// The dragon forces a detour of at least 2 steps.
    Medium,
    /// A detour of at least 6 steps and a needed back-step.
    Hard,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The knobs of this level.
    pub fn knobs(self) -> Knobs {
        match self {
            Difficulty::Easy => Knobs::default(),
            Difficulty::Medium => Knobs {
                min_detour: 2,
                ..Knobs::default()
            },
            Difficulty::Hard => Knobs {
                min_detour: 6,
                require_backstep: true,
                ..Knobs::default()
            },
        }
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown difficulty '{s}'; choose easy, medium or hard"))
    }
}

/// Where the hero and the exit go when no coordinates are given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Endpoints {
    /// At the two ends of the longest shortest path: the farthest cell from
    /// the first cell, and the farthest cell from that one (the hero starts
    /// at the first end). With one piece given, the other goes to the cell
    /// farthest from it.
    #[default]
    Farthest,
    /// At random, different cells.
    Random,
}

/// How the dragon search spends its solver runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// One candidate per maze, then a new maze.
    Restarts,
    /// Every candidate of a maze before a new maze.
    Backtracking,
    /// Up to [`Search::per_maze`] candidates per maze, then a new maze
    /// (the default: it needed the fewest solver runs when measured).
    #[default]
    Both,
}

/// The order in which dragon candidates are tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Most constraining first: the tiles from which the dragon reaches the
    /// hero's dragon-free route earliest compared with the hero, in four
    /// bands, random order within a band.
    #[default]
    Constrained,
    /// Uniformly random.
    Random,
}

/// The dragon search's plan and bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Restarts, backtracking or both.
    pub strategy: Strategy,
    /// Candidate order.
    pub order: Order,
    /// Candidates tried per maze under [`Strategy::Both`].
    pub per_maze: usize,
    /// The bound: at most this many solver runs (and as many mazes) in all.
    pub max_solves: u64,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            strategy: Strategy::default(),
            order: Order::default(),
            per_maze: 4,
            max_solves: 1000,
        }
    }
}

impl Search {
    fn candidates_per_maze(&self) -> usize {
        match self.strategy {
            Strategy::Restarts => 1,
            Strategy::Backtracking => usize::MAX,
            Strategy::Both => self.per_maze.max(1),
        }
    }
}

/// Everything that decides a generated puzzle (with the seed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Width in cells (the grid is `2 * width + 1` tiles wide).
    pub width: usize,
    /// Height in cells (the grid is `2 * height + 1` tiles high).
    pub height: usize,
    /// The maze algorithm.
    pub algorithm: Algorithm,
    /// Its parameters.
    pub tuning: Tuning,
    /// Open rooms to add (before braiding).
    pub rooms: usize,
    /// Share of dead ends to remove, 0 to 1.
    pub braid: f64,
    /// Where unplaced hero and exit go.
    pub endpoints: Endpoints,
    /// The hero's cell (row, column in cells), if given.
    pub hero: Option<(usize, usize)>,
    /// The exit's cell, if given.
    pub exit: Option<(usize, usize)>,
    /// The dragon's cell, if given.
    pub dragon: Option<(usize, usize)>,
    /// How many dragons, 1 to [`MAX_DRAGONS`] (docs/RULES.md, "Several
    /// dragons"). With more than one, every dragon must matter: taking any
    /// one away changes the answer.
    pub dragons: usize,
    /// How many keys, 0 to [`MAX_KEYS`], each with a door (docs/RULES.md,
    /// "Keys and doors"). With keys, the solution's line must open a door.
    pub keys: usize,
    /// Requirements on the puzzle.
    pub knobs: Knobs,
    /// The dragon's steps a turn under which the puzzle is checked (a rule
    /// variant; docs/RULES.md, "A faster dragon"). The puzzle file does not
    /// say it: solve it with the same speed.
    pub speed: Speed,
    /// Whether the puzzle is checked with waiting allowed (a rule variant;
    /// docs/RULES.md, "Waiting"): solve it with `--wait`.
    pub wait: bool,
    /// Check each candidate with the solver. Without it the dragon goes to a
    /// random free tile (or its given cell) and the knobs are not checked.
    pub verify: bool,
    /// How to search for a placement.
    pub search: Search,
    /// About how many bytes generating may use: a maze whose size needs
    /// more ([`Config::bytes_needed`]) is refused by [`Config::check`], and
    /// each solver run has what that leaves ([`Options::max_memory`]).
    pub max_memory: usize,
}

impl Config {
    /// The braid fraction of [`Config::new`]: half the dead ends become
    /// loops, so the hero can get around the dragon.
    pub const DEFAULT_BRAID: f64 = 0.5;

    /// A `width` x `height` cell maze with every other setting at its
    /// default: backtracker, no rooms, braid [`Config::DEFAULT_BRAID`],
    /// farthest endpoints, verified, no knobs.
    pub fn new(width: usize, height: usize) -> Config {
        Config {
            width,
            height,
            algorithm: Algorithm::default(),
            tuning: Tuning::default(),
            rooms: 0,
            braid: Config::DEFAULT_BRAID,
            endpoints: Endpoints::default(),
            hero: None,
            exit: None,
            dragon: None,
            dragons: 1,
            keys: 0,
            knobs: Knobs::default(),
            speed: Speed::ONE,
            wait: false,
            verify: true,
            search: Search::default(),
            max_memory: Options::default().max_memory,
        }
    }

    /// Whether the puzzle holds pieces of the rule variants: several dragons,
    /// or keys and doors.
    pub fn has_variant_pieces(&self) -> bool {
        self.dragons > 1 || self.keys > 0
    }

    /// About how many bytes generating a puzzle takes, before any solver
    /// run: per cell the maze, a distance field and its queue; per tile two
    /// wall grids and the text; and with `verify` per free tile (about two
    /// a cell) the graphs, candidates and distance fields of the placement.
    pub fn bytes_needed(&self) -> usize {
        /// The maze's passages, a `u32` distance and a `usize` queue entry.
        const PER_CELL: u128 = 1 + 4 + 8;
        /// Two grids of wall flags and up to four bytes of text.
        const PER_TILE: u128 = 2 + 4;
        /// Two graphs (32 bytes a cell each), a candidate (a `Pos`) and
        /// three distance fields.
        const PER_FREE_TILE: u128 = 2 * 32 + 16 + 3 * 4;
        // Sizes near `usize::MAX` each way overflow even a u128: such a
        // maze needs more than any budget, so the sums saturate.
        let (w, h) = (self.width as u128, self.height as u128);
        let cells = w * h;
        let tiles = (2 * w + 1).saturating_mul(2 * h + 1);
        let verify = if self.verify {
            cells.saturating_mul(2 * PER_FREE_TILE)
        } else {
            0
        };
        let bytes = cells
            .saturating_mul(PER_CELL)
            .saturating_add(tiles.saturating_mul(PER_TILE))
            .saturating_add(verify);
        usize::try_from(bytes).unwrap_or(usize::MAX)
    }

    /// Checks that the configuration can work.
    ///
    /// # Errors
    /// [`GenerateError::Config`] with a sentence saying what is wrong.
    pub fn check(&self) -> Result<(), GenerateError> {
        let bad = |message: String| Err(GenerateError::Config(message));
        let (w, h) = (self.width, self.height);
        if w < 2 || h < 2 {
            return bad(format!(
                "a {w}x{h} maze is too small: a puzzle needs at least 2 cells each way"
            ));
        }
        let tiles = (2 * w as u128 + 1).saturating_mul(2 * h as u128 + 1);
        if tiles >= u128::from(u32::MAX) {
            return bad(format!(
                "a {w}x{h} maze has {tiles} tiles; at most {} fit in a puzzle",
                u32::MAX - 1
            ));
        }
        let needed = self.bytes_needed();
        if needed > self.max_memory {
            let (needed, budget) = crate::error::bytes_apart(needed, self.max_memory);
            return bad(format!(
                "a {w}x{h} maze needs about {needed}, over the memory budget of {budget}"
            ));
        }
        // A room covers four cells or more: more rooms than that add nothing.
        let most_rooms = w * h / 4;
        if self.rooms > most_rooms {
            return bad(format!(
                "{} do not fit in a {w}x{h} maze: at most {most_rooms}, as a room covers 4 cells or more",
                plural(self.rooms, "room")
            ));
        }
        if !(0.0..=1.0).contains(&self.braid) {
            return bad(format!(
                "the braid fraction {} is not between 0 and 1",
                self.braid
            ));
        }
        if self.tuning.newest > 100 {
            return bad(format!(
                "the newest share {}% is over 100%",
                self.tuning.newest
            ));
        }
        for (name, at) in [
            ("hero", self.hero),
            ("exit", self.exit),
            ("dragon", self.dragon),
        ] {
            if let Some((row, col)) = at {
                if row >= h || col >= w {
                    return bad(format!(
                        "the {name} cell {row},{col} is outside the {w}x{h} maze (rows 0 to {}, columns 0 to {})",
                        h - 1,
                        w - 1
                    ));
                }
            }
        }
        let given = [self.hero, self.exit, self.dragon];
        for i in 0..3 {
            for j in i + 1..3 {
                if given[i].is_some() && given[i] == given[j] {
                    return bad("the hero, the exit and the dragon need different cells".into());
                }
            }
        }
        if !(1..=MAX_DRAGONS).contains(&self.dragons) {
            return bad(format!(
                "{} dragons: a puzzle holds 1 to {MAX_DRAGONS}",
                self.dragons
            ));
        }
        if self.keys > MAX_KEYS {
            return bad(format!(
                "{} keys: a puzzle holds 0 to {MAX_KEYS} (each with a door)",
                self.keys
            ));
        }
        // The hero, the exit, the dragons and the keys each take a cell of
        // their own; the doors take passages between cells, of which a
        // connected maze has at least one fewer than cells.
        let pieces = 2 + self.dragons + self.keys;
        if pieces > w * h {
            return bad(format!(
                "the hero, the exit, {} and {} do not fit in a {w}x{h} maze of {} cells",
                plural(self.dragons, "dragon"),
                plural(self.keys, "key"),
                w * h
            ));
        }
        if self.has_variant_pieces() && self.knobs.require_backstep && self.verify {
            return bad(
                "a required back-step cannot be checked with several dragons or with keys: \
                 the back-step check plays the official game; drop --require-backstep \
                 (--difficulty hard asks for it: use --min-detour instead)"
                    .into(),
            );
        }
        let perfect = self.braid == 0.0 && self.rooms == 0;
        if perfect && self.knobs.need_loops() {
            return bad(format!(
                "{} needs a maze with loops: in a perfect maze the hero can never get around \
                 the dragon; add braiding or rooms",
                if self.knobs.min_detour > 0 {
                    "a minimum detour"
                } else {
                    "a required back-step"
                }
            ));
        }
        let farthest_ends =
            self.endpoints == Endpoints::Farthest && self.hero.is_none() && self.exit.is_none();
        if perfect && farthest_ends && self.verify {
            // A side branch at route tile p that is deeper than the hero's
            // distance to p would make a longer path than the longest one, so
            // wherever the dragon starts it reaches the route first.
            return bad(
                "in a perfect maze with the hero and the exit at the two ends of the \
                        longest path the dragon always catches the hero; add braiding or rooms, \
                        or place the hero and the exit another way"
                    .into(),
            );
        }
        if self.search.max_solves == 0 {
            return bad("the search needs an effort of at least 1 solver run".into());
        }
        Ok(())
    }
}

/// The work a generation took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Mazes carved.
    pub mazes: u64,
    /// Solver runs (each tie rule and each back-step check counts one).
    pub solves: u64,
}

/// A generated puzzle and how it was made.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The maze it was drawn on (after rooms and braiding).
    pub maze: Maze,
    /// What braiding did.
    pub braided: Braided,
    /// The work it took.
    pub effort: Effort,
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The configuration cannot work.
    Config(String),
    /// The search spent its bound without meeting the knobs.
    GaveUp {
        /// The requirements.
        knobs: Knobs,
        /// The dragons asked for ([`Config::dragons`]): each must matter.
        dragons: usize,
        /// The keys asked for ([`Config::keys`]): the line must open a door.
        keys: usize,
        /// The work spent.
        effort: Effort,
    },
    /// The solver failed (it ran out of its memory budget).
    Solver(Error),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Config(message) => f.write_str(message),
            GenerateError::GaveUp {
                knobs,
                dragons,
                keys,
                effort,
            } => {
                let mut wanted = knobs.to_string();
                if *dragons > 1 {
                    wanted.push_str(&format!(", {dragons} dragons that each matter"));
                }
                if *keys > 0 {
                    wanted.push_str(&format!(
                        ", {} and a line that opens a door",
                        plural(*keys, "key")
                    ));
                }
                let fewer = if *dragons > 1 || *keys > 0 {
                    ", fewer dragons or keys"
                } else {
                    ""
                };
                write!(
                    f,
                    "no puzzle met the requirements ({wanted}) after {} and {}; \
                     try a larger or more braided maze, weaker requirements{fewer} or more effort",
                    plural(effort.mazes as usize, "maze"),
                    plural(effort.solves as usize, "solver run")
                )
            }
            GenerateError::Solver(e @ Error::TooLarge { .. }) => write!(
                f,
                "checking the puzzle needs more memory than generating leaves of the budget: {e}"
            ),
            GenerateError::Solver(e) => write!(f, "the solver failed: {e}"),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<Error> for GenerateError {
    fn from(e: Error) -> Self {
        GenerateError::Solver(e)
    }
}

/// Generates a puzzle for `config`, drawing every random choice from `rng`.
///
/// # Errors
/// [`GenerateError::Config`] for a configuration that cannot work,
/// [`GenerateError::GaveUp`] when the bounded search found no placement that
/// meets the knobs.
pub fn generate(config: &Config, rng: &mut dyn Rng) -> Result<Generated, GenerateError> {
    config.check()?;
    let carver = config.algorithm.carver(&config.tuning);
    let per_maze = config.search.candidates_per_maze();
    let mut effort = Effort::default();
    let gave_up = |effort| GenerateError::GaveUp {
        knobs: config.knobs,
        dragons: config.dragons,
        keys: config.keys,
        effort,
    };
    loop {
        if effort.solves >= config.search.max_solves || effort.mazes >= config.search.max_solves {
            return Err(gave_up(effort));
        }
        effort.mazes += 1;
        let mut maze = Maze::new(config.width, config.height);
        carver.carve(&mut maze, rng);
        add_rooms(&mut maze, config.rooms, rng);
        let braided = braid(&mut maze, config.braid, rng);
        let (hero, exit) = endpoints(&maze, config, rng);
        let given = config.dragon.map(|(r, c)| maze.cell(r, c));
        if given.is_some_and(|dragon| dragon == hero || dragon == exit) {
            // The hero or the exit landed on the dragon's given cell: this
            // maze cannot hold the three pieces; draw another.
            continue;
        }
        if !config.verify {
            // Cells are two tiles apart, so any other cell is a legal start
            // that does not touch the hero: no graph is needed.
            let dragon = given.unwrap_or_else(|| {
                loop {
                    let cell = below(rng, maze.len());
                    if cell != hero && cell != exit {
                        break cell;
                    }
                }
            });
            let mut puzzle = Puzzle::new(
                maze.tile_width(),
                maze.tile_height(),
                maze.walls(),
                maze.tile(hero),
                maze.tile(dragon),
                maze.tile(exit),
            )?;
            if config.has_variant_pieces() {
                puzzle = unchecked_pieces(&maze, puzzle, config, rng)?;
            }
            return Ok(Generated {
                puzzle,
                maze,
                braided,
                effort,
            });
        }
        let layout = Layout::new(&maze, hero, exit)?;
        let done = |puzzle: Puzzle, effort| -> Result<Generated, GenerateError> {
            Ok(Generated {
                puzzle,
                maze: maze.clone(),
                braided,
                effort,
            })
        };
        let candidates = match given {
            Some(dragon) => vec![maze.tile(dragon)],
            None => layout.ordered_candidates(config.search.order, rng),
        };
        // The other dragons come from the same ranking (the whole one when
        // the first dragon is given).
        let pool = match (config.has_variant_pieces(), given) {
            (false, _) => Vec::new(),
            (true, None) => candidates.clone(),
            (true, Some(_)) => layout.ordered_candidates(config.search.order, rng),
        };
        for dragon in candidates.into_iter().take(per_maze) {
            if effort.solves >= config.search.max_solves {
                return Err(gave_up(effort));
            }
            let puzzle = if config.has_variant_pieces() {
                match layout.with_pieces(dragon, &pool, config, rng)? {
                    Some(puzzle) => puzzle,
                    None => continue,
                }
            } else {
                layout.puzzle(dragon)?
            };
            if meets(&puzzle, config, &mut effort)? {
                return done(puzzle, effort);
            }
        }
    }
}

/// Whether `puzzle` is solvable under the default rules (at the dragon's
/// speed of `config`, with its waiting) and meets `knobs`, counting the solver runs in
/// `effort`. Cheap checks first.
fn meets(puzzle: &Puzzle, config: &Config, effort: &mut Effort) -> Result<bool, Error> {
    let knobs = &config.knobs;
    let options = Options {
        rules: Rules {
            speed: config.speed,
            wait: config.wait,
            ..Rules::default()
        },
        // What generating holds stays held while the solver runs.
        max_memory: config.max_memory.saturating_sub(config.bytes_needed()),
        // A caught candidate is rejected: how long it survives is not asked.
        caught_line: false,
        ..Options::default()
    };
    let solver = Solver::new(puzzle);
    let Some(free) = solver.free_distance() else {
        return Ok(false);
    };
    effort.solves += 1;
    let solution = solver.solve(&options)?;
    let Some(steps) = solution.outcome.steps() else {
        return Ok(false);
    };
    if steps < knobs.min_steps || steps - free < knobs.min_detour {
        return Ok(false);
    }
    if knobs.require_backstep {
        effort.solves += 1;
        if !needs_back_step(&solver, &solution, &options)? {
            return Ok(false);
        }
    }
    if config.has_variant_pieces() && !variant_pieces_bite(puzzle, &solution, &options, effort)? {
        return Ok(false);
    }
    if knobs.tie_independent {
        let with = |ties| Options {
            rules: Rules {
                ties,
                ..options.rules
            },
            ..options
        };
        effort.solves += 1;
        let optimistic = solver.solve(&with(Ties::Optimistic))?.outcome;
        if optimistic.steps() != Some(steps) {
            return Ok(false);
        }
        effort.solves += 1;
        if solver.solve(&with(Ties::Adversarial))?.outcome != optimistic {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the variant pieces of `puzzle` matter to `solution` (solved
/// under `options`): with keys, its line opens a door; with several
/// dragons, taking any one away changes the answer (one solver run each,
/// counted in `effort`).
fn variant_pieces_bite(
    puzzle: &Puzzle,
    solution: &Solution,
    options: &Options,
    effort: &mut Effort,
) -> Result<bool, Error> {
    if !puzzle.doors().is_empty() && solution.pieces.last().is_none_or(|p| p.locks.opened == 0) {
        return Ok(false);
    }
    let dragons = puzzle.dragons();
    if dragons.len() < 2 {
        return Ok(true);
    }
    for left_out in 0..dragons.len() {
        let rest: Vec<Pos> = (0..dragons.len())
            .filter(|&i| i != left_out)
            .map(|i| dragons[i])
            .collect();
        let without = without_dragon(puzzle, rest)?;
        effort.solves += 1;
        if Solver::new(&without).solve(options)?.outcome == solution.outcome {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `puzzle` with only the dragons `rest` (its keys and doors kept).
fn without_dragon(puzzle: &Puzzle, rest: Vec<Pos>) -> Result<Puzzle, Error> {
    puzzle
        .clone()
        .with_pieces(rest, puzzle.keys().to_vec(), puzzle.doors().to_vec())
}

/// The variant pieces of `config` placed at random, unchecked
/// (`--no-verify`): the other dragons and the keys on free cells, the doors
/// on passages between cells.
fn unchecked_pieces(
    maze: &Maze,
    puzzle: Puzzle,
    config: &Config,
    rng: &mut dyn Rng,
) -> Result<Puzzle, Error> {
    let mut taken = vec![puzzle.hero(), puzzle.exit(), puzzle.dragon()];
    let mut cells: Vec<Pos> = (0..maze.len())
        .map(|cell| maze.tile(cell))
        .filter(|p| !taken.contains(p))
        .collect();
    shuffle(rng, &mut cells);
    let mut dragons = vec![puzzle.dragon()];
    dragons.extend(cells.drain(..config.dragons - 1));
    let keys: Vec<Pos> = cells.drain(..config.keys).collect();
    taken.extend(dragons.iter().chain(&keys));
    let mut passages = passages(puzzle.walls(), puzzle.width());
    shuffle(rng, &mut passages);
    let doors = passages.into_iter().take(config.keys).collect();
    puzzle.with_pieces(dragons, keys, doors)
}

/// The passages between cells: free tiles with one coordinate even, each
/// between two cells (a wall post on either side, so a door there closes
/// exactly one way), in row-major order.
fn passages(walls: &[bool], width: usize) -> Vec<Pos> {
    (0..walls.len())
        .filter(|&i| !walls[i])
        .map(|i| Pos::new(i / width, i % width))
        .filter(|p| (p.row % 2 == 0) != (p.col % 2 == 0))
        .collect()
}

/// The hero's and the exit's cells: given, or placed by `config.endpoints`.
fn endpoints(maze: &Maze, config: &Config, rng: &mut dyn Rng) -> (usize, usize) {
    let at = |(row, col)| maze.cell(row, col);
    let other_end = |from: usize, rng: &mut dyn Rng| match config.endpoints {
        Endpoints::Farthest => farthest(maze, from),
        Endpoints::Random => {
            let k = below(rng, maze.len() - 1);
            if k >= from { k + 1 } else { k }
        }
    };
    match (config.hero.map(at), config.exit.map(at)) {
        (Some(hero), Some(exit)) => (hero, exit),
        (Some(hero), None) => (hero, other_end(hero, rng)),
        (None, Some(exit)) => (other_end(exit, rng), exit),
        (None, None) => {
            let first = match config.endpoints {
                Endpoints::Farthest => farthest(maze, 0),
                Endpoints::Random => below(rng, maze.len()),
            };
            (first, other_end(first, rng))
        }
    }
}

/// The first cell (in row-major order) at the greatest distance from `from`.
fn farthest(maze: &Maze, from: usize) -> usize {
    let dist = maze.distances_from(from);
    let max = dist
        .iter()
        .copied()
        .filter(|&d| d != u32::MAX)
        .max()
        .unwrap_or(0);
    dist.iter().position(|&d| d == max).unwrap_or(from)
}

/// How many bands of equal size the constrained order cuts the candidates
/// into (see `Layout::ordered_candidates`).
const BANDS: usize = 4;

/// A maze's tile grid with the hero and the exit placed, ready to try dragons.
struct Layout {
    width: usize,
    height: usize,
    walls: Vec<bool>,
    hero: Pos,
    exit: Pos,
    graph: Graph,
}

impl Layout {
    fn new(maze: &Maze, hero: usize, exit: usize) -> Result<Layout, Error> {
        let (hero, exit) = (maze.tile(hero), maze.tile(exit));
        let walls = maze.walls();
        let (width, height) = (maze.tile_width(), maze.tile_height());
        // The graph does not depend on the dragon: any third free tile will do.
        let spare = (0..walls.len())
            .map(|i| Pos::new(i / width, i % width))
            .find(|&p| !walls[p.row * width + p.col] && p != hero && p != exit)
            .expect("a maze of two cells or more has three free tiles");
        let probe = Puzzle::new(width, height, walls, hero, spare, exit)?;
        let graph = Graph::new(&probe);
        let walls = probe.walls().to_vec();
        Ok(Layout {
            width,
            height,
            walls,
            hero,
            exit,
            graph,
        })
    }

    fn puzzle(&self, dragon: Pos) -> Result<Puzzle, Error> {
        Puzzle::new(
            self.width,
            self.height,
            self.walls.clone(),
            self.hero,
            dragon,
            self.exit,
        )
    }

    /// The puzzle with its first dragon on `first` and the variant pieces of
    /// `config`, or `None` when they do not fit in this maze.
    ///
    /// The other dragons come from the less constraining half of `pool`
    /// (the ranked candidates), at random: with them from the more
    /// constraining half, 3 dragons on 8x8 mazes needed about as many
    /// solver runs but five times the time, spent on puzzles where the
    /// hero is caught. The doors go on passages (a
    /// free tile between two cells, with a wall post on either side) of the
    /// hero's dragon-free shortest routes, so each one closes the way the
    /// hero would take; then on other passages. The keys go on cells the
    /// hero reaches with every door closed, off those routes first, so
    /// fetching one costs a detour that a door has to repay. The solver
    /// then decides whether the pieces bite.
    fn with_pieces(
        &self,
        first: Pos,
        pool: &[Pos],
        config: &Config,
        rng: &mut dyn Rng,
    ) -> Result<Option<Puzzle>, Error> {
        let graph = &self.graph;
        let mut taken = vec![self.hero, self.exit, first];
        let extra = config.dragons - 1;
        let free_of = |list: &[Pos], taken: &[Pos]| -> Vec<Pos> {
            list.iter()
                .copied()
                .filter(|p| !taken.contains(p))
                .collect()
        };
        // The less constraining half: the first dragon already commands
        // the hero's route, and two commanding dragons mostly catch it.
        let mut choices = free_of(&pool[pool.len() / 2..], &taken);
        if choices.len() < extra {
            choices = free_of(pool, &taken);
        }
        if choices.len() < extra {
            return Ok(None);
        }
        shuffle(rng, &mut choices);
        let mut dragons = vec![first];
        dragons.extend_from_slice(&choices[..extra]);
        taken.extend_from_slice(&choices[..extra]);
        let cell = |p: Pos| graph.cell_at(p).expect("pieces stand on free tiles");
        let from_hero = graph.distances_from(cell(self.hero));
        let to_exit = graph.distances_from(cell(self.exit));
        let d = from_hero[cell(self.exit).index()];
        let on_route = |p: Pos| {
            let (a, b) = (from_hero[cell(p).index()], to_exit[cell(p).index()]);
            a != UNREACHABLE && b != UNREACHABLE && a + b == d
        };
        let (mut doors, mut others): (Vec<Pos>, Vec<Pos>) =
            free_of(&passages(&self.walls, self.width), &taken)
                .into_iter()
                .partition(|&p| on_route(p));
        shuffle(rng, &mut doors);
        shuffle(rng, &mut others);
        doors.extend(others);
        if doors.len() < config.keys {
            return Ok(None);
        }
        doors.truncate(config.keys);
        // The cells the hero reaches with every door closed.
        let mut reached = vec![false; graph.len()];
        let mut blocked = vec![false; graph.len()];
        for &door in &doors {
            blocked[cell(door).index()] = true;
        }
        let mut queue = vec![cell(self.hero)];
        reached[cell(self.hero).index()] = true;
        while let Some(at) = queue.pop() {
            for (_, next) in graph.neighbors(at) {
                if !reached[next.index()] && !blocked[next.index()] {
                    reached[next.index()] = true;
                    queue.push(next);
                }
            }
        }
        let (mut keys, mut near): (Vec<Pos>, Vec<Pos>) = (0..graph.len())
            .map(|i| graph.pos(CellId(i as u32)))
            .filter(|p| p.row % 2 == 1 && p.col % 2 == 1 && reached[cell(*p).index()])
            .filter(|p| !taken.contains(p))
            .partition(|&p| !on_route(p));
        shuffle(rng, &mut keys);
        shuffle(rng, &mut near);
        keys.extend(near);
        if keys.len() < config.keys {
            return Ok(None);
        }
        keys.truncate(config.keys);
        Ok(Some(self.puzzle(first)?.with_pieces(dragons, keys, doors)?))
    }

    /// Free tiles for the dragon: not the exit, not on or next to the hero.
    fn candidates(&self) -> Vec<Pos> {
        (0..self.graph.len())
            .map(|i| self.graph.pos(CellId(i as u32)))
            .filter(|&p| p != self.exit && !p.touches(self.hero))
            .collect()
    }

    /// The candidates in `order`.
    ///
    /// The constrained order puts first the dragon tiles that constrain the
    /// hero most: those that can reach the hero's dragon-free route earliest
    /// compared with the hero,
    /// `m(x) = min over tiles p on a shortest hero-exit path of
    /// dist(x, p) - dist(hero, p)`. The tiles are ranked by `m` and cut into
    /// [`BANDS`] bands of equal size, most constraining band first, random
    /// order within a band: a strict ranking would always start with the
    /// tile next to the exit (whose answer, for one, usually depends on the
    /// dragon's ties), and every puzzle would look alike. One multi-source
    /// breadth-first pass gives `m` for every tile: on a shortest path
    /// `dist(hero, p) = D - dist(p, exit)`, so `m(x) + D` is the distance
    /// from `x` to the exit through the route.
    ///
    /// A dragon with `m >= 1` never reaches the route before the hero and
    /// changes nothing; the further below 0, the earlier it commands the
    /// route and the likelier it forces the hero around a loop. Solving
    /// every candidate of 30 braided mazes showed the share of placements
    /// with a forced detour rising steadily as `m` falls (about 5% near 0,
    /// 20% at -20, 60% at -80, all at -160), while the share caught stays
    /// low at the far end.
    fn ordered_candidates(&self, order: Order, rng: &mut dyn Rng) -> Vec<Pos> {
        let mut candidates = self.candidates();
        shuffle(rng, &mut candidates);
        if order == Order::Random {
            return candidates;
        }
        let graph = &self.graph;
        let (hero, exit) = (
            graph
                .cell_at(self.hero)
                .expect("the hero is on a free tile"),
            graph
                .cell_at(self.exit)
                .expect("the exit is on a free tile"),
        );
        let from_hero = graph.distances_from(hero);
        let to_exit = graph.distances_from(exit);
        let d = from_hero[exit.index()];
        if d == UNREACHABLE {
            return candidates;
        }
        let route: Vec<(u32, u32)> = (0..graph.len() as u32)
            .filter(|&c| {
                let (a, b) = (from_hero[c as usize], to_exit[c as usize]);
                a != UNREACHABLE && b != UNREACHABLE && a + b == d
            })
            .map(|c| (to_exit[c as usize], c))
            .collect();
        let via_route = offset_distances(graph, &route);
        candidates.sort_by_key(|p| {
            via_route[graph
                .cell_at(*p)
                .expect("candidates are free tiles")
                .index()]
        });
        let band = candidates.len().div_ceil(BANDS).max(1);
        for chunk in candidates.chunks_mut(band) {
            shuffle(rng, chunk);
        }
        candidates
    }
}

/// Breadth-first distances from several sources that start at different
/// offsets: `min over (offset, s) of offset + dist(s, x)`, by a bucket queue.
fn offset_distances(graph: &Graph, sources: &[(u32, u32)]) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; graph.len()];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, at: u32, cell: u32| {
        let at = at as usize;
        if buckets.len() <= at {
            buckets.resize_with(at + 1, Vec::new);
        }
        buckets[at].push(cell);
    };
    for &(offset, cell) in sources {
        if offset < dist[cell as usize] {
            dist[cell as usize] = offset;
            push(&mut buckets, offset, cell);
        }
    }
    let mut level = 0;
    while level < buckets.len() {
        for cell in std::mem::take(&mut buckets[level]) {
            if dist[cell as usize] != level as u32 {
                continue;
            }
            for (_, n) in graph.neighbors(CellId(cell)) {
                if dist[n.index()] > level as u32 + 1 {
                    dist[n.index()] = level as u32 + 1;
                    push(&mut buckets, level as u32 + 1, n.0);
                }
            }
        }
        level += 1;
    }
    dist
}
