//! How the dragon moves: oracles that tell which of its steps lie on a
//! shortest path to the hero.
//!
//! Every oracle answers the same question, [`DragonOracle::shortest_steps`],
//! and they must agree exactly; the tie rule that picks one of the steps lives
//! in the search ([`crate::Ties`]), never here, so no oracle's cell numbering can leak
//! into the game.
//!
//! The default oracle ([`BfsFields`]) keeps answers exact by only ever
//! reading off exact distances: a root field's levels (on a tree, its one
//! path), a cached field, the Manhattan distance where a cone proves it is
//! the distance (`cone.rs`: the distance is never shorter, and equal
//! exactly when a staircase path joins the two; `2j` longer when the
//! fewest steps away from the target a path takes is `j`, which its level
//! sweeps find for small `j`), or searches whose bounds
//! are admissible and consistent (`directed.rs`). The tie rule needs every
//! neighbour one step closer, not one shortest path; each method yields
//! the whole set.

mod bfs;
mod cone;
mod directed;
mod floyd_warshall;
mod hierarchy;
mod landmarks;
mod root;
mod ruler;
mod skeleton;
mod steps;

/// A small xorshift generator for the oracles' tests, which need no seeded
/// crate.
#[cfg(test)]
struct Random(u64);

#[cfg(test)]
impl Random {
    /// A number below `n`.
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

pub use bfs::BfsFields;
pub(crate) use bfs::Shared;
pub use floyd_warshall::FloydWarshall;
pub(crate) use ruler::Ruler;
pub(crate) use steps::StepTable;

use crate::error::Error;
use crate::graph::{CellId, DirSet, Graph};

/// Answers which steps bring the dragon closer to the hero along a shortest path.
pub trait DragonOracle {
    /// The directions from `dragon` whose neighbour lies on a shortest path
    /// to `target`, or `None` when no path joins them (the dragon sleeps).
    ///
    /// `dragon` and `target` are different cells.
    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet>;

    /// [`DragonOracle::shortest_steps`], with the distance between the two
    /// cells when the oracle knew it without more work (`None` otherwise):
    /// a search that needs that distance then need not ask again.
    fn shortest_steps_apart(
        &mut self,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, Option<u32>)> {
        self.shortest_steps(dragon, target)
            .map(|steps| (steps, None))
    }

    /// About how many bytes the oracle holds now (it may grow within the
    /// budget it was built with). The solver counts it against
    /// [`crate::Options::max_memory`] with the search's own; an oracle
    /// that does not say counts as nothing.
    fn bytes(&self) -> usize {
        0
    }

    /// How many bytes the oracle may hold from now on: the search's word
    /// (its budget less what it holds itself), given as it grows. An
    /// oracle that grows lazily buys nothing more past it; one that does
    /// not grow may ignore it.
    fn set_room(&mut self, _bytes: usize) {}
}

/// Which oracle to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OracleKind {
    /// Distance fields and goal-directed searches (fast; the default)
    #[default]
    Bfs,
    /// All-pairs Floyd–Warshall (the reference)
    FloydWarshall,
}

impl OracleKind {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            OracleKind::Bfs => "bfs",
            OracleKind::FloydWarshall => "floyd-warshall",
        }
    }

    /// Builds this oracle for `graph`, using at most about `memory_budget` bytes.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the oracle cannot fit the budget.
    pub(crate) fn build<'g>(
        self,
        graph: &'g Graph,
        memory_budget: usize,
    ) -> Result<Box<dyn DragonOracle + Send + 'g>, Error> {
        Ok(match self {
            OracleKind::Bfs => Box::new(BfsFields::new(graph, memory_budget)?),
            OracleKind::FloydWarshall => Box::new(FloydWarshall::new(graph, memory_budget)?),
        })
    }

    /// [`OracleKind::build`], the default oracle sharing `tables` (its
    /// landmarks and skeleton) with the other oracles built on them: a
    /// helper on another thread ([`OracleKind::helper`]).
    ///
    /// # Errors
    /// As [`OracleKind::build`].
    pub(crate) fn build_sharing<'g>(
        self,
        graph: &'g Graph,
        memory_budget: usize,
        tables: &Shared,
    ) -> Result<Box<dyn DragonOracle + Send + 'g>, Error> {
        match self {
            OracleKind::Bfs => Ok(Box::new(BfsFields::sharing(
                graph,
                memory_budget,
                graph.dragon(),
                Shared::clone(tables),
            )?)),
            OracleKind::FloydWarshall => self.build(graph, memory_budget),
        }
    }

    /// A second oracle of this kind on `tables`, for a search that asks
    /// questions on two threads: the default oracle only (the reference's
    /// table would be built twice).
    pub(crate) fn helper<'g>(
        self,
        graph: &'g Graph,
        memory_budget: usize,
        tables: &Shared,
    ) -> Option<Box<dyn DragonOracle + Send + 'g>> {
        (self == OracleKind::Bfs)
            .then(|| self.build_sharing(graph, memory_budget, tables).ok())
            .flatten()
    }
}

/// The steps from `dragon` whose neighbour is one closer to the target,
/// according to `distance_to_target` (shared by the oracles), and the
/// dragon's distance.
#[inline]
fn steps_from_field(
    graph: &Graph,
    dragon: CellId,
    distance_to_target: impl Fn(CellId) -> u32,
    unreachable: u32,
) -> Option<(DirSet, u32)> {
    let here = distance_to_target(dragon);
    if here == unreachable {
        return None;
    }
    debug_assert_ne!(here, 0, "the dragon never stands on its target");
    let steps = graph
        .neighbors(dragon)
        .filter(|&(_, n)| distance_to_target(n) == here - 1)
        .map(|(d, _)| d)
        .collect();
    Some((steps, here))
}
