//! What a maze designer wants to know about a puzzle: dead ends, the longest
//! path, the answer and its detour, back-steps, and whether the answer
//! depends on how the dragon breaks ties.

use crate::error::Error;
use crate::graph::{CellId, Graph};
use crate::puzzle::Puzzle;
use crate::search::rules::{Rules, Speed, Ties};
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

/// A description of a puzzle under the default rules (or a faster dragon:
/// [`Analysis::at_speed`]). Maps with several dragons, keys or doors are
/// described too, all but [`Analysis::needs_back_step`]; their free
/// distance uses the keys and doors as they lie.
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
    /// escapes in the optimal number of steps. `None` when not computed: on
    /// a map with several dragons, keys or doors (the back-step search
    /// plays the official game only).
    pub needs_back_step: Option<bool>,
    /// The answer under each tie rule.
    pub ties: TieAnswers,
    /// Doors the default rule's line opens (0 on a map without doors).
    pub doors_opened: usize,
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
    /// assert!(a.needs_back_step == Some(true) && a.ties.independent());
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn of(puzzle: &Puzzle) -> Result<Analysis, Error> {
        Analysis::at_speed(puzzle, Speed::ONE)
    }

    /// [`Analysis::of`] against a dragon of `speed` steps a turn.
    ///
    /// # Errors
    /// When the solver cannot fit its memory budget.
    pub fn at_speed(puzzle: &Puzzle, speed: Speed) -> Result<Analysis, Error> {
        Analysis::under(
            puzzle,
            Rules {
                speed,
                ..Rules::default()
            },
        )
    }

    /// [`Analysis::of`] under the variants of `rules` (its tie rule is not
    /// used: every tie rule is asked). With waiting, a back-step is a step
    /// straight back onto the cell the hero has just left; a wait leaves
    /// none.
    ///
    /// # Errors
    /// When the solver cannot fit its memory budget.
    pub fn under(puzzle: &Puzzle, rules: Rules) -> Result<Analysis, Error> {
        Analysis::within(puzzle, rules, Options::default().max_memory)
    }

    /// [`Analysis::under`], each solve within `max_memory` bytes
    /// ([`Options::max_memory`]), the dragon-free distance included.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when a solve outgrows `max_memory`.
    pub fn within(puzzle: &Puzzle, rules: Rules, max_memory: usize) -> Result<Analysis, Error> {
        let solver = Solver::new(puzzle);
        let graph = solver.graph();
        let with = |ties| Options {
            rules: Rules { ties, ..rules },
            max_memory,
            ..Options::default()
        };
        let solution = solver.solve(&with(Ties::default()))?;
        // The other rules' outcomes alone are asked: not their caught lines.
        let outcome = |ties| {
            let options = Options {
                caught_line: false,
                ..with(ties)
            };
            solver.solve(&options).map(|s| s.outcome)
        };
        let ties = TieAnswers {
            optimistic: outcome(Ties::Optimistic)?,
            priority: solution.outcome,
            adversarial: outcome(Ties::Adversarial)?,
        };
        let needs_back_step = if solver.has_variant_pieces() {
            None
        } else {
            Some(needs_back_step(&solver, &solution, &with(Ties::default()))?)
        };
        Ok(Analysis {
            dead_ends: (0..graph.len())
                .filter(|&c| graph.neighbors(CellId(c as u32)).count() == 1)
                .count(),
            longest_path: longest_path(graph),
            free_distance: solution.free_distance,
            outcome: solution.outcome,
            back_steps: back_steps(&solution),
            needs_back_step,
            ties,
            doors_opened: solution
                .pieces
                .last()
                .map_or(0, |p| p.locks.opened.count_ones() as usize),
        })
    }

    /// Extra steps the dragon forces over the dragon-free path.
    pub fn detour(&self) -> Option<usize> {
        Some(self.outcome.steps()? - self.free_distance?)
    }
}

/// Immediate reversals in a solution's line.
pub(crate) fn back_steps(solution: &Solution) -> usize {
    let cells: Vec<_> = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    // A wait stays on its cell: it leaves none to step back to.
    cells
        .windows(3)
        .filter(|w| w[0] == w[2] && w[0] != w[1])
        .count()
}

/// The double sweep: the farthest tile from tile 0, then the farthest from it.
fn longest_path(graph: &Graph) -> usize {
    if graph.is_empty() {
        return 0;
    }
    let (end, _) = graph.farthest_from(CellId(0));
    graph.farthest_from(end).1 as usize
}

/// Whether every optimal line of `solution` (solved under `options`, a
/// priority rule) needs a back-step: none without one escapes as fast. Free
/// when the solver's own line has none.
///
/// # Errors
/// When the search outgrows the memory budget of `options`.
pub(crate) fn needs_back_step(
    solver: &Solver,
    solution: &Solution,
    options: &Options,
) -> Result<bool, Error> {
    let Some(steps) = solution.outcome.steps() else {
        return Ok(false);
    };
    if back_steps(solution) == 0 {
        return Ok(false);
    }
    Ok(solver.escape_without_back_steps(options, steps)?.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::{Config, generate};

    use crate::puzzle::Pos;
    use std::collections::{HashSet, VecDeque};

    /// Written apart from `search/`: breadth-first over (hero, dragon, last
    /// hero cell) with tuples, the dragon's step by fresh distances and the
    /// official order, the hero never stepping straight back.
    fn brute_no_back_steps(puzzle: &Puzzle) -> Option<usize> {
        let (h, w) = (puzzle.height() as i64, puzzle.width() as i64);
        let free = |(r, c): (i64, i64)| {
            r >= 0 && c >= 0 && r < h && c < w && puzzle.is_free(Pos::new(r as usize, c as usize))
        };
        let dirs = [(-1, 0), (0, -1), (1, 0), (0, 1)];
        let distances = |from: (i64, i64)| {
            let mut d = std::collections::HashMap::from([(from, 0usize)]);
            let mut queue = VecDeque::from([from]);
            while let Some(p) = queue.pop_front() {
                for (dr, dc) in dirs {
                    let q = (p.0 + dr, p.1 + dc);
                    if free(q) && !d.contains_key(&q) {
                        d.insert(q, d[&p] + 1);
                        queue.push_back(q);
                    }
                }
            }
            d
        };
        let at = |p: Pos| (p.row as i64, p.col as i64);
        let (exit, start) = (
            at(puzzle.exit()),
            (at(puzzle.hero()), at(puzzle.dragon()), None),
        );
        let mut seen = HashSet::from([start]);
        let mut level = vec![start];
        for depth in 1.. {
            let mut next = Vec::new();
            for &(hero, dragon, last) in &level {
                for (dr, dc) in dirs {
                    let to = (hero.0 + dr, hero.1 + dc);
                    let near = (to.0 - dragon.0).abs() + (to.1 - dragon.1).abs() <= 1;
                    if !free(to) || near || Some(to) == last {
                        continue;
                    }
                    if to == exit {
                        return Some(depth);
                    }
                    let d = distances(to);
                    let reply = match d.get(&dragon) {
                        None => dragon,
                        Some(&n) => dirs
                            .iter()
                            .map(|(dr, dc)| (dragon.0 + dr, dragon.1 + dc))
                            .find(|q| d.get(q) == Some(&(n - 1)))
                            .expect("a shortest step"),
                    };
                    let state = (to, reply, Some(hero));
                    if seen.insert(state) {
                        next.push(state);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            level = next;
        }
        unreachable!()
    }

    #[test]
    fn the_back_step_test_agrees_with_a_brute_force() {
        let mut config = Config::new(5, 4);
        config.braid = 0.7;
        config.endpoints = crate::mapgen::Endpoints::Random;
        let mut needed = 0;
        for seed in 0..60 {
            let puzzle = generate(&config, seed).unwrap().puzzle;
            let a = Analysis::of(&puzzle).unwrap();
            let brute = brute_no_back_steps(&puzzle);
            let expected = a.outcome.steps().is_some() && brute != a.outcome.steps();
            assert_eq!(a.needs_back_step, Some(expected), "seed {seed}:\n{puzzle}");
            needed += usize::from(expected);
        }
        assert!(
            needed > 0,
            "no puzzle needed a back-step: the test proves nothing"
        );
    }

    #[test]
    fn a_perfect_maze_never_needs_a_back_step() {
        let mut config = Config::new(7, 5);
        config.braid = 0.0;
        config.endpoints = crate::mapgen::Endpoints::Random;
        for seed in 0..10 {
            let a = Analysis::of(&generate(&config, seed).unwrap().puzzle).unwrap();
            assert_eq!(a.detour(), Some(0));
            assert_eq!(a.needs_back_step, Some(false));
            assert_eq!(a.back_steps, 0);
        }
    }
}
