//! The report `generate-maze --stats` gives on each puzzle: how it was
//! asked for, what came out and its [`Analysis`], as aligned lines of text
//! ([`Report::to_text`]) or, with the `json` feature, one line of JSON
//! ([`Report::to_json_line`], a versioned contract like `solve-maze`'s
//! report). Both are pure: they build a string and print nothing.
//!
//! # Example
//! ```
//! use dragon_escape::mapgen::report::Report;
//! use dragon_escape::mapgen::{Analysis, Config, generate};
//!
//! let config = Config::new(8, 6);
//! let generated = generate(&config, 3)?;
//! let analysis = Analysis::under(&generated.puzzle, config.rules())?;
//! let report = Report {
//!     seed: 3,
//!     config: &config,
//!     generated: &generated,
//!     analysis: &analysis,
//! };
//! assert!(report.to_text().starts_with("seed          3\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "json")]
mod json;

use std::fmt::Write as _;

use super::{Analysis, Config, Generated};
use crate::error::plural;
use crate::search::solution::Outcome;

/// A generated puzzle as the `--stats` report describes it.
#[derive(Clone, Copy, Debug)]
pub struct Report<'a> {
    /// The seed the puzzle was generated from.
    pub seed: u64,
    /// The configuration it was generated for.
    pub config: &'a Config,
    /// The puzzle, its maze and the work it took.
    pub generated: &'a Generated,
    /// Its analysis, under [`Config::rules`].
    pub analysis: &'a Analysis,
}

impl Report<'_> {
    /// The report as aligned lines of text, each ending in a newline: the
    /// seed, the maze, dead ends, the longest path, the rule variants and
    /// pieces when there are any, the solution and its detour, back-steps,
    /// tie dependence and the search's effort.
    pub fn to_text(&self) -> String {
        let (g, a) = (self.config, self.analysis);
        let generated = self.generated;
        let p = &generated.puzzle;
        let steps = |o: Outcome| {
            o.steps()
                .map_or_else(|| o.name().replace('_', " "), |s| s.to_string())
        };
        let mut s = String::new();
        let _ = writeln!(s, "seed          {}", self.seed);
        let _ = writeln!(
            s,
            "maze          {}x{} cells ({}x{} tiles), {}, braid {}, {} rooms",
            g.width,
            g.height,
            p.width(),
            p.height(),
            g.algorithm,
            g.braid,
            g.rooms
        );
        let _ = writeln!(
            s,
            "dead ends     {} ({} before braiding)",
            a.dead_ends, generated.braided.dead_ends_before
        );
        let _ = writeln!(s, "longest path  {} steps", a.longest_path);
        if !g.speed.is_one() {
            let _ = writeln!(s, "dragon speed  {} steps a turn", g.speed);
        }
        if g.wait {
            let _ = writeln!(s, "waiting       the hero may wait a turn");
        }
        if p.dragons().len() > 1 {
            let _ = writeln!(
                s,
                "dragons       {}{}",
                p.dragons().len(),
                if g.verify {
                    ", each one changes the answer"
                } else {
                    ""
                }
            );
        }
        if !p.keys().is_empty() || !p.doors().is_empty() {
            let _ = writeln!(
                s,
                "keys          {} and {}; the solution opens {}",
                plural(p.keys().len(), "key"),
                plural(p.doors().len(), "door"),
                a.doors_opened
            );
        }
        let free = a.free_distance.map_or("none".to_owned(), |d| d.to_string());
        match (a.outcome.steps(), a.detour()) {
            (Some(n), Some(detour)) => {
                let _ = writeln!(
                    s,
                    "solution      {n} steps (dragon-free {free}, detour {detour})"
                );
            }
            _ => {
                let _ = writeln!(s, "solution      {} (dragon-free {free})", steps(a.outcome));
            }
        }
        let _ = writeln!(
            s,
            "back-steps    {} in the solution; {}",
            a.back_steps,
            match a.needs_back_step {
                Some(true) => "needed",
                Some(false) => "not needed",
                None => "whether needed is not computed with several dragons or keys",
            }
        );
        let ties = &a.ties;
        if ties.independent() {
            let _ = writeln!(
                s,
                "ties          independent ({} under every rule)",
                steps(ties.priority)
            );
        } else {
            let _ = writeln!(
                s,
                "ties          dependent (optimistic {}, default {}, adversarial {})",
                steps(ties.optimistic),
                steps(ties.priority),
                steps(ties.adversarial)
            );
        }
        let _ = writeln!(
            s,
            "search        {}, {}",
            plural(generated.effort.mazes as usize, "maze"),
            plural(generated.effort.solves as usize, "solver run")
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Speed;
    use crate::mapgen::{Difficulty, Endpoints, generate};

    /// The report on the puzzle of `seed` for `config`, as text and, with
    /// the `json` feature, as JSON.
    fn describe(config: Config, seed: u64) -> (String, Option<String>) {
        let generated = generate(&config, seed).unwrap();
        let analysis = Analysis::under(&generated.puzzle, config.rules()).unwrap();
        let report = Report {
            seed,
            config: &config,
            generated: &generated,
            analysis: &analysis,
        };
        #[cfg(feature = "json")]
        let json = Some(report.to_json_line());
        #[cfg(not(feature = "json"))]
        let json = None;
        (report.to_text(), json)
    }

    /// `generate-maze --seed 7 -W 10 -H 6 --difficulty hard --stats`.
    #[test]
    fn a_hard_puzzle() {
        let config = Config {
            knobs: Difficulty::Hard.knobs(),
            ..Config::new(10, 6)
        };
        let (text, json) = describe(config, 7);
        insta::assert_snapshot!(text, @r"
        seed          7
        maze          10x6 cells (21x13 tiles), backtracker, braid 0.5, 0 rooms
        dead ends     3 (7 before braiding)
        longest path  74 steps
        solution      108 steps (dragon-free 74, detour 34)
        back-steps    18 in the solution; needed
        ties          independent (108 under every rule)
        search        1 maze, 2 solver runs
        ");
        if let Some(json) = json {
            insta::assert_snapshot!(json, @r#"{"version":1,"seed":7,"algorithm":"backtracker","maze":{"width":10,"height":6},"size":{"width":21,"height":13},"braid":0.5,"rooms":0,"dead_ends_before_braid":7,"dead_ends":3,"longest_path":74,"free_distance":74,"outcome":"escaped","steps":108,"detour":34,"back_steps":18,"needs_back_step":true,"ties":{"optimistic":108,"priority":108,"adversarial":108},"tie_independent":true,"mazes":1,"solver_runs":2}"#);
        }
    }

    /// `generate-maze --seed 11 -W 8 -H 8 --dragons 2 --keys 1 --stats`:
    /// the pieces get their lines and fields; a needed back-step is not
    /// computed.
    #[test]
    fn a_puzzle_with_two_dragons_and_a_key() {
        let config = Config {
            dragons: 2,
            keys: 1,
            ..Config::new(8, 8)
        };
        let (text, json) = describe(config, 11);
        insta::assert_snapshot!(text, @r"
        seed          11
        maze          8x8 cells (17x17 tiles), backtracker, braid 0.5, 0 rooms
        dead ends     3 (7 before braiding)
        longest path  56 steps
        dragons       2, each one changes the answer
        keys          1 key and 1 door; the solution opens 1
        solution      80 steps (dragon-free 56, detour 24)
        back-steps    3 in the solution; whether needed is not computed with several dragons or keys
        ties          dependent (optimistic 80, default 80, adversarial 108)
        search        6 mazes, 31 solver runs
        ");
        if let Some(json) = json {
            insta::assert_snapshot!(json, @r#"{"version":1,"seed":11,"algorithm":"backtracker","maze":{"width":8,"height":8},"size":{"width":17,"height":17},"braid":0.5,"rooms":0,"dead_ends_before_braid":7,"dead_ends":3,"longest_path":56,"free_distance":56,"outcome":"escaped","steps":80,"detour":24,"back_steps":3,"needs_back_step":null,"ties":{"optimistic":80,"priority":80,"adversarial":108},"tie_independent":false,"dragons":2,"keys":1,"doors":1,"doors_opened":1,"mazes":6,"solver_runs":31}"#);
        }
    }

    /// `generate-maze --seed 5 -W 9 -H 7 --dragon-speed 2 --endpoints
    /// random --wait --stats`: the rule variants get their lines and fields.
    #[test]
    fn a_puzzle_for_a_fast_dragon_and_a_waiting_hero() {
        let config = Config {
            speed: Speed::new(2).unwrap(),
            wait: true,
            endpoints: Endpoints::Random,
            ..Config::new(9, 7)
        };
        let (text, json) = describe(config, 5);
        insta::assert_snapshot!(text, @r"
        seed          5
        maze          9x7 cells (19x15 tiles), backtracker, braid 0.5, 0 rooms
        dead ends     4 (9 before braiding)
        longest path  74 steps
        dragon speed  2 steps a turn
        waiting       the hero may wait a turn
        solution      10 steps (dragon-free 10, detour 0)
        back-steps    0 in the solution; not needed
        ties          independent (10 under every rule)
        search        2 mazes, 7 solver runs
        ");
        if let Some(json) = json {
            insta::assert_snapshot!(json, @r#"{"version":1,"seed":5,"algorithm":"backtracker","maze":{"width":9,"height":7},"size":{"width":19,"height":15},"braid":0.5,"rooms":0,"dead_ends_before_braid":9,"dead_ends":4,"longest_path":74,"free_distance":10,"outcome":"escaped","steps":10,"detour":0,"back_steps":0,"needs_back_step":false,"ties":{"optimistic":10,"priority":10,"adversarial":10},"tie_independent":true,"dragon_speed":2,"waiting":true,"mazes":2,"solver_runs":7}"#);
        }
    }
}
