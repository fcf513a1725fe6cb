//! The generation loop: carve a maze, add loops, place the hero and the
//! exit, then try dragon candidates with the solver until one meets the
//! knobs or the effort is spent; and what comes out of it ([`Generated`],
//! [`GenerateError`]).

use std::fmt;

use rand_core::Rng;

use super::candidates::{Layout, endpoints, unchecked_pieces};
use super::{Config, Knobs};
use crate::error::{Error, plural};
use crate::mapgen::analysis::needs_back_step;
use crate::mapgen::braid::{Braided, add_rooms, braid_with};
use crate::mapgen::maze::Maze;
use crate::mapgen::random::{below, seeded};
use crate::puzzle::{Pos, Puzzle};
use crate::search::rules::{Rules, Ties};
use crate::search::solution::Solution;
use crate::search::{Options, Solver};

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

/// Generates a puzzle for `config`, drawing every random choice from a
/// generator seeded with `seed` (ChaCha8): the same configuration and seed
/// give the same puzzle on every platform.
///
/// # Errors
/// [`GenerateError::Config`] for a configuration that cannot work,
/// [`GenerateError::GaveUp`] when the bounded search found no placement that
/// meets the knobs.
pub fn generate(config: &Config, seed: u64) -> Result<Generated, GenerateError> {
    config.check()?;
    let rng: &mut dyn Rng = &mut seeded(seed);
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
        let braided = braid_with(&mut maze, config.braid, rng);
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
        rules: config.rules(),
        // What generating holds stays held while the solver runs.
        max_memory: config.max_memory.saturating_sub(config.bytes_needed()),
        // A caught candidate is rejected: how long it survives is not asked.
        caught_line: false,
        ..Options::default()
    };
    let solver = Solver::new(puzzle);
    // The solve finds the dragon-free distance first, within its budget
    // (with keys and doors a search of its own); without a path it ends
    // there, and is not counted as a solver run.
    let solution = solver.solve(&options)?;
    let Some(free) = solution.free_distance else {
        return Ok(false);
    };
    effort.solves += 1;
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
