//! The maze and puzzle generator (feature `mapgen`).
//!
//! The pipeline: a [`Maze`] of cells with every wall standing → an
//! [`Algorithm`] carves it into a perfect maze (one file per algorithm,
//! behind the crate's `Carve` trait) → optional rooms and [`braid()`] add
//! loops → [`generate`] places the hero, the exit and the dragon, checking
//! each candidate with the library's solver against the requested
//! [`Knobs`] → a [`Puzzle`]. [`Analysis`] describes any puzzle for a maze
//! designer, and [`report`] writes that description as `generate-maze
//! --stats` gives it.
//!
//! Randomness comes only from the seed: every choice is drawn from a ChaCha8
//! generator seeded with it, through sampling helpers of this crate's own
//! (`mapgen/random.rs`), so the same seed and [`Config`] give the same
//! puzzle on every platform and with every version of the dependencies.
//!
//! # Example
//! ```
//! use dragon_escape::mapgen::{Config, generate};
//! use dragon_escape::{solve, Options};
//!
//! let config = Config::new(8, 6);
//! let generated = generate(&config, 42)?;
//! let again = generate(&config, 42)?;
//! assert_eq!(generated.puzzle.to_emoji(), again.puzzle.to_emoji());
//! let solution = solve(&generated.puzzle, &Options::default()).unwrap();
//! assert!(solution.outcome.steps().is_some());
//! # Ok::<(), dragon_escape::mapgen::GenerateError>(())
//! ```

mod aldous_broder;
mod analysis;
mod backtracker;
mod binary_tree;
mod braid;
mod division;
mod eller;
mod growing_tree;
mod hardest;
mod hunt_and_kill;
mod kruskal;
mod maze;
mod placement;
mod prim;
mod random;
pub mod report;
mod sidewinder;
mod wilson;

use crate::error::ParseValueError;
use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use aldous_broder::AldousBroder;
pub use analysis::{Analysis, TieAnswers};
use backtracker::Backtracker;
pub use binary_tree::Bias;
use binary_tree::BinaryTree;
pub use braid::{Braided, braid};
use division::Division;
use eller::Eller;
use growing_tree::GrowingTree;
pub use hardest::{Evaluator, HardSearch, Hardest, Tick, find_hardest};
use hunt_and_kill::HuntAndKill;
use kruskal::Kruskal;
pub use maze::Maze;
pub use placement::{
    Config, Difficulty, Effort, Endpoints, GenerateError, Generated, Knobs, Order, Placement,
    Search, Strategy, generate,
};
use prim::Prim;
use random::seeded;
use sidewinder::Sidewinder;
use wilson::Wilson;

#[cfg(doc)]
use crate::Puzzle;
use crate::graph::Direction;

/// A maze algorithm.
///
/// `carve` receives a maze with every wall standing and leaves a perfect
/// maze: every cell connected, with exactly one path between any two. It
/// draws all its randomness from `rng`.
pub(crate) trait Carve {
    /// Carves `maze` into a perfect maze.
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng);
}

/// The maze algorithms, by name.
///
/// With the `cli` feature this is also the choice of `generate-maze
/// --algorithm`: the values are the [`Algorithm::name`]s, in this order,
/// each with a line of help of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algorithm {
    /// Depth-first with a stack: long winding corridors
    #[default]
    Backtracker,
    /// Binary tree: one of two directions per cell (see --bias)
    BinaryTree,
    /// Sidewinder: runs east closed by a passage north
    Sidewinder,
    /// Aldous–Broder random walk: uniform, slow
    AldousBroder,
    /// Wilson's loop-erased walks: uniform
    Wilson,
    /// Hunt-and-kill: walks, then hunts for a new start
    HuntAndKill,
    /// Randomised Kruskal: random walls joining trees
    Kruskal,
    /// Randomised Prim: grows from a random frontier
    Prim,
    /// Growing tree: newest or random active cell (see --newest)
    GrowingTree,
    /// Eller: row by row with sets
    Eller,
    /// Recursive division: walls with one gap
    Division,
}

/// The tuning of the algorithms that take parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Directions and weights of the binary tree.
    pub bias: Bias,
    /// The growing tree's share (percent) of growth from the newest cell.
    pub newest: u8,
}

impl Default for Tuning {
    /// `north=1,east=1` for the binary tree, 50% newest for the growing tree.
    fn default() -> Self {
        Tuning {
            bias: Bias::default(),
            newest: GrowingTree::default().newest,
        }
    }
}

impl Algorithm {
    /// Every algorithm, the default first.
    pub const ALL: [Algorithm; 11] = [
        Algorithm::Backtracker,
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::AldousBroder,
        Algorithm::Wilson,
        Algorithm::HuntAndKill,
        Algorithm::Kruskal,
        Algorithm::Prim,
        Algorithm::GrowingTree,
        Algorithm::Eller,
        Algorithm::Division,
    ];

    /// The name used on the command line: `backtracker`, `binary-tree`, ….
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracker => "backtracker",
            Algorithm::BinaryTree => "binary-tree",
            Algorithm::Sidewinder => "sidewinder",
            Algorithm::AldousBroder => "aldous-broder",
            Algorithm::Wilson => "wilson",
            Algorithm::HuntAndKill => "hunt-and-kill",
            Algorithm::Kruskal => "kruskal",
            Algorithm::Prim => "prim",
            Algorithm::GrowingTree => "growing-tree",
            Algorithm::Eller => "eller",
            Algorithm::Division => "division",
        }
    }

    /// The algorithm, ready to carve, with `tuning` where it applies.
    pub(crate) fn carver(self, tuning: &Tuning) -> Box<dyn Carve> {
        match self {
            Algorithm::Backtracker => Box::new(Backtracker),
            Algorithm::BinaryTree => Box::new(BinaryTree { bias: tuning.bias }),
            Algorithm::Sidewinder => Box::new(Sidewinder),
            Algorithm::AldousBroder => Box::new(AldousBroder),
            Algorithm::Wilson => Box::new(Wilson),
            Algorithm::HuntAndKill => Box::new(HuntAndKill),
            Algorithm::Kruskal => Box::new(Kruskal),
            Algorithm::Prim => Box::new(Prim),
            Algorithm::GrowingTree => Box::new(GrowingTree {
                newest: tuning.newest,
            }),
            Algorithm::Eller => Box::new(Eller),
            Algorithm::Division => Box::new(Division),
        }
    }

    /// A `width` x `height` perfect maze drawn with this algorithm, its
    /// random choices drawn from `seed`.
    ///
    /// # Panics
    /// If a side is 0.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::mapgen::{Algorithm, Tuning};
    /// let maze = Algorithm::Wilson.maze(20, 10, &Tuning::default(), 1);
    /// assert!(maze.is_perfect());
    /// assert_eq!(maze, Algorithm::Wilson.maze(20, 10, &Tuning::default(), 1));
    /// ```
    pub fn maze(self, width: usize, height: usize, tuning: &Tuning, seed: u64) -> Maze {
        let mut maze = Maze::new(width, height);
        self.carver(tuning).carve(&mut maze, &mut seeded(seed));
        maze
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = ParseValueError;

    /// Reads a name from [`Algorithm::name`] (case and `_`/`-` ignored).
    fn from_str(s: &str) -> Result<Algorithm, ParseValueError> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == wanted)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                ParseValueError::new(format!(
                    "unknown algorithm '{s}'; choose one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// Fills `out` with the directions and cells of `cell`'s unvisited neighbours.
#[inline]
fn unvisited_neighbors(
    maze: &Maze,
    cell: usize,
    visited: &[bool],
    out: &mut Vec<(Direction, usize)>,
) {
    out.clear();
    for d in Direction::ALL {
        if let Some(next) = maze.neighbor(cell, d) {
            if !visited[next] {
                out.push((d, next));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_draws_perfect_mazes() {
        for algorithm in Algorithm::ALL {
            for (seed, (w, h)) in [
                (1, (1, 1)),
                (2, (1, 7)),
                (3, (7, 1)),
                (4, (2, 2)),
                (5, (9, 6)),
            ] {
                let maze = algorithm.maze(w, h, &Tuning::default(), seed);
                assert!(maze.is_perfect(), "{algorithm} {w}x{h}");
            }
        }
    }

    /// `--algorithm` offers [`Algorithm::ALL`] in order, by their names.
    #[cfg(feature = "cli")]
    #[test]
    fn the_command_line_spells_the_names() {
        use clap::ValueEnum;
        let offered: Vec<String> = Algorithm::value_variants()
            .iter()
            .filter_map(|a| a.to_possible_value())
            .map(|v| v.get_name().to_owned())
            .collect();
        assert_eq!(offered, Algorithm::ALL.map(Algorithm::name));
    }

    #[test]
    fn names_round_trip() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
        }
        assert_eq!(
            "Hunt_And_Kill".parse::<Algorithm>(),
            Ok(Algorithm::HuntAndKill)
        );
        assert!(
            "dfs"
                .parse::<Algorithm>()
                .unwrap_err()
                .to_string()
                .contains("backtracker")
        );
    }
}
