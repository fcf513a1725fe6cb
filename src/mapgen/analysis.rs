//! What a maze designer wants to know about a puzzle: dead ends, the longest
//! path, the answer and its detour, back-steps, and whether the answer
//! depends on how the dragon breaks ties.

use rustc_hash::FxHashSet;

use crate::error::Error;
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::puzzle::Puzzle;
use crate::search::rules::{Priority, Rules, Ties};
use crate::search::solution::{Outcome, Solution};
use crate::search::{Options, Solver};

/// The answer under the three tie rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieAnswers {
    /// The hero picks the dragon's ties (a lower bound, not a rule).
    pub optimistic: Outcome,
    /// The default rule: fixed priority up, left, down, right.
    pub priority: Outcome,
    /// The dragon picks its worst tie for the hero (guaranteed escape).
    pub adversarial: Outcome,
}

impl TieAnswers {
    /// Whether every tie rule gives the same answer: the optimistic bound
    /// equals the adversarial one, so every deterministic rule (the default
    /// included) lies between them and agrees.
    pub fn independent(&self) -> bool {
        self.optimistic == self.adversarial
    }
}

/// A description of a puzzle under the default rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Free tiles with exactly one free neighbour.
    pub dead_ends: usize,
    /// The longest shortest path between two free tiles, in steps, found by
    /// a double sweep (exact in a perfect maze, a lower bound with loops).
    pub longest_path: usize,
    /// Steps from the hero to the exit if there were no dragon.
    pub free_distance: Option<usize>,
    /// The default rules' answer.
    pub outcome: Outcome,
    /// Immediate reversals (a step back onto the cell just left) in the
    /// solver's optimal line.
    pub back_steps: usize,
    /// Whether every optimal line needs a back-step: no line without one
    /// escapes in the optimal number of steps.
    pub needs_back_step: bool,
    /// The answer under each tie rule.
    pub ties: TieAnswers,
}

impl Analysis {
    /// Analyses `puzzle` (four searches: three tie rules and one without
    /// back-steps).
    ///
    /// # Errors
    /// When the solver cannot fit its memory budget.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::mapgen::Analysis;
    /// let a = Analysis::of(&"######\n#H..##\n#.#.##\n#..D.E\n######".parse()?)?;
    /// assert_eq!(a.outcome.steps(), Some(8));
    /// assert_eq!((a.free_distance, a.detour()), (Some(6), Some(2)));
    /// assert!(a.needs_back_step && a.ties.independent());
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn of(puzzle: &Puzzle) -> Result<Analysis, Error> {
        let solver = Solver::new(puzzle);
        let graph = solver.graph();
        let with = |ties| Options {
            rules: Rules { ties },
            ..Options::default()
        };
        let solution = solver.solve(&Options::default())?;
        let ties = TieAnswers {
            optimistic: solver.solve(&with(Ties::Optimistic))?.outcome,
            priority: solution.outcome,
            adversarial: solver.solve(&with(Ties::Adversarial))?.outcome,
        };
        let needs_back_step = match solution.outcome.steps() {
            Some(steps) => shortest_escape(graph, default_priority(), true, steps)?.is_none(),
            None => false,
        };
        Ok(Analysis {
            dead_ends: (0..graph.len())
                .filter(|&c| graph.neighbors(CellId(c as u32)).count() == 1)
                .count(),
            longest_path: longest_path(graph),
            free_distance: solver.free_distance(),
            outcome: solution.outcome,
            back_steps: back_steps(&solution),
            needs_back_step,
            ties,
        })
    }

    /// Extra steps the dragon forces over the dragon-free path.
    pub fn detour(&self) -> Option<usize> {
        Some(self.outcome.steps()? - self.free_distance?)
    }
}

/// The tie-breaking order of the default rules.
pub(crate) fn default_priority() -> Priority {
    match Rules::default().ties {
        Ties::Priority(p) => p,
        Ties::Adversarial | Ties::Optimistic => Priority::OFFICIAL,
    }
}

/// Immediate reversals in a solution's line.
pub(crate) fn back_steps(solution: &Solution) -> usize {
    let cells: Vec<_> = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    cells.windows(3).filter(|w| w[0] == w[2]).count()
}

/// The double sweep: the farthest tile from tile 0, then the farthest from it.
fn longest_path(graph: &Graph) -> usize {
    if graph.is_empty() {
        return 0;
    }
    let farthest = |from: CellId| {
        let dist = graph.distances_from(from);
        let (cell, &d) = dist
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != UNREACHABLE)
            .max_by_key(|&(i, &d)| (d, std::cmp::Reverse(i)))
            .expect("the source reaches itself");
        (CellId(cell as u32), d as usize)
    };
    let (end, _) = farthest(CellId(0));
    farthest(end).1
}

const NO_CELL: u32 = u32::MAX;

/// The least number of steps to escape under a priority dragon, searched
/// breadth-first up to `limit` steps; with `forbid_reversal`, the hero may
/// never step straight back onto the cell it just left.
///
/// This replays the turn of docs/RULES.md (the hero steps onto a free cell that
/// is neither the dragon's nor next to it; escaping ends the game; the
/// dragon takes its first shortest step in `priority` order, or sleeps). The
/// tests check it against the solver with reversals allowed.
///
/// # Errors
/// When the dragon oracle cannot fit its memory budget.
pub(crate) fn shortest_escape(
    graph: &Graph,
    priority: Priority,
    forbid_reversal: bool,
    limit: usize,
) -> Result<Option<usize>, Error> {
    let mut oracle = Options::default()
        .oracle
        .build(graph, Options::default().oracle_memory)?;
    let start = (graph.hero().0, graph.dragon().0, NO_CELL);
    let mut seen: FxHashSet<(u32, u32, u32)> = FxHashSet::default();
    seen.insert(start);
    let mut level = vec![start];
    let mut next = Vec::new();
    for depth in 1..=limit {
        next.clear();
        for &(hero, dragon, previous) in &level {
            let dragon = CellId(dragon);
            for (_, to) in graph.neighbors(CellId(hero)) {
                if graph.touches(to, dragon) || (forbid_reversal && to.0 == previous) {
                    continue;
                }
                if to == graph.exit() {
                    return Ok(Some(depth));
                }
                let reply = match oracle.shortest_steps(dragon, to) {
                    None => dragon,
                    Some(steps) => {
                        let d = priority
                            .first_in(steps)
                            .expect("a reachable hero leaves the dragon a shortest step");
                        graph
                            .neighbor(dragon, d)
                            .expect("oracles name steps onto free cells")
                    }
                };
                let state = (to.0, reply.0, if forbid_reversal { hero } else { NO_CELL });
                if seen.insert(state) {
                    next.push(state);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(&mut level, &mut next);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::{Config, generate, seeded};

    #[test]
    fn the_replayed_turn_agrees_with_the_solver() {
        let mut config = Config::new(6, 5);
        config.braid = 0.6;
        for seed in 0..40 {
            let puzzle = generate(&config, &mut seeded(seed)).unwrap().puzzle;
            let solver = Solver::new(&puzzle);
            let answer = solver.solve(&Options::default()).unwrap().outcome.steps();
            let replayed =
                shortest_escape(solver.graph(), default_priority(), false, 1000).unwrap();
            assert_eq!(replayed, answer, "seed {seed}");
        }
    }

    #[test]
    fn a_perfect_maze_never_needs_a_back_step() {
        let mut config = Config::new(7, 5);
        config.braid = 0.0;
        config.endpoints = crate::mapgen::Endpoints::Random;
        for seed in 0..10 {
            let a = Analysis::of(&generate(&config, &mut seeded(seed)).unwrap().puzzle).unwrap();
            assert_eq!(a.detour(), Some(0));
            assert!(!a.needs_back_step);
            assert_eq!(a.back_steps, 0);
        }
    }
}
