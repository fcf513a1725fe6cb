//! A faster dragon's horizon: how many moves the hero can still make
//! against a dragon of speed `s >= 2`, and so the longest escape.
//!
//! **Claim.** Let an awake dragon stand `δ` steps (by path, on the map as
//! its doors stand) from the hero, whose turn it is. Then the hero makes at
//! most `K(δ) = ⌊(δ − s) / (s − 1)⌋ + 1` more moves (none when `δ < s`),
//! whatever it and the dragons do; so an escape from this position takes at
//! most `K(δ)` moves, and, when the hero cannot escape, it is caught within
//! that many: the game is finite, never endless.
//!
//! **Why.** Say the hero moves from `h` to `h'` (a step or a wait). Then
//! `dist(d, h') <= δ + 1`: opening a door only adds paths, so no distance
//! grows. The move is legal only if `dist(d, h') > s`, so `δ >= s`. The
//! dragon then takes `s` steps along shortest paths towards `h'`, each one
//! closer, and stands `δ' = dist(d, h') − s <= δ + 1 − s` from it: at least
//! `s − 1` closer than before the turn. So before the hero's `k`-th move
//! the dragon is at most `δ − (k − 1)(s − 1)` away, which must be at least
//! `s`: `k <= (δ − s) / (s − 1) + 1`. Other dragons only take moves away,
//! and a dragon asleep now (no path to the hero) may wake behind a door but
//! never brings an awake one farther. Every tie rule, waiting, several
//! dragons and keys and doors keep each step of the argument.
//!
//! The searches use it at the start: an escape takes at most the least
//! `K` over the awake dragons, so the best-first search stops at that many
//! moves and the adversarial deepening never raises its bound past it; a
//! hero with no escape is caught and, as the game is finite, never
//! endlessly (the survival line, when asked for, is still searched). The
//! pair search also asks it of every move, with the distance it keeps for
//! each position (`pair::chase`'s gaps), and the longest line against one
//! faster dragon is bounded the same way (`pair::given_up`).

use super::Solver;
use super::ground::{DoorMaps, Terrain};
use super::position::Position;
use super::rules::Rules;
use crate::graph::UNREACHABLE;

/// `K(δ)` for a dragon of `speed` steps a turn (see the module's
/// documentation).
pub(super) fn moves_left(delta: u32, speed: u32) -> u32 {
    if delta < speed {
        0
    } else {
        (delta - speed) / (speed - 1) + 1
    }
}

impl Solver {
    /// The most moves the hero of `at` can still make against the awake
    /// dragons under `rules`: `None` at the official speed, or when no
    /// dragon can reach the hero (then nothing bounds the game).
    pub(super) fn horizon(&self, at: &Position, rules: Rules) -> Option<u32> {
        let speed = rules.speed.steps();
        if speed < 2 {
            return None;
        }
        let maps = DoorMaps::new(self.layout.doors().len());
        let terrain = Terrain::new(&self.graph, &self.layout, &maps);
        let field = terrain.map(at.locks.opened).distances_from(at.hero);
        at.dragons
            .live()
            .map(|d| field[d.index()])
            .filter(|&delta| delta != UNREACHABLE)
            .map(|delta| moves_left(delta, speed))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::search::{Options, Solver};

    #[test]
    fn the_moves_left_shrink_with_the_distance() {
        // Speed 2: one move fewer for each step nearer.
        assert_eq!(moves_left(1, 2), 0);
        assert_eq!(moves_left(2, 2), 1);
        assert_eq!(moves_left(9, 2), 8);
        // Speed 3: half a move a step.
        assert_eq!(moves_left(3, 3), 1);
        assert_eq!(moves_left(4, 3), 1);
        assert_eq!(moves_left(5, 3), 2);
    }

    /// No escape is longer than the horizon, and a caught hero is caught
    /// within it, on random maps under every tie rule, at speeds 2 and 3,
    /// with and without waiting.
    #[test]
    fn no_line_outlasts_the_horizon() {
        let mut lines = 0;
        for seed in 0..400 {
            let Some(puzzle) = crate::search::tests::random_map(seed) else {
                continue;
            };
            let solver = Solver::new(&puzzle);
            let at = solver.start_position();
            for rules in crate::search::tests::every_rule_set() {
                let Some(horizon) = solver.horizon(&at, rules) else {
                    continue;
                };
                let options = Options {
                    rules,
                    ..Options::default()
                };
                let solution = solver.solve(&options).unwrap();
                assert!(
                    solution.turns.len() <= horizon as usize,
                    "seed {seed}, {rules:?}: {} moves, horizon {horizon}\n{}",
                    solution.turns.len(),
                    puzzle.to_ascii()
                );
                assert!(!solution.endless(), "seed {seed}, {rules:?}");
                lines += 1;
            }
        }
        assert!(lines > 2000, "{lines}");
    }

    /// A map the hero crosses only slowly: the dragon of speed 2 two steps
    /// nearer than the exit leaves the hero no time.
    #[test]
    fn a_far_exit_is_past_the_horizon() {
        let puzzle: Puzzle = "E.....H...D".parse().unwrap();
        let solver = Solver::new(&puzzle);
        let rules = Rules {
            speed: "2".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(solver.horizon(&solver.start_position(), rules), Some(3));
        let options = Options {
            rules,
            ..Options::default()
        };
        assert!(solver.solve(&options).unwrap().outcome.is_caught());
    }
}
