//! The `--stats` report as one line of JSON (feature `json`): the serde
//! record behind [`Report::to_json_line`], which documents its fields.

use serde::Serialize;

use super::Report;
use crate::search::solution::Outcome;

/// The current version of the record.
const VERSION: u32 = 1;

/// One puzzle's record, as serialised (its fields are documented on
/// [`Report::to_json_line`]).
#[derive(Serialize)]
struct Record {
    version: u32,
    seed: u64,
    algorithm: &'static str,
    maze: Size,
    size: Size,
    braid: f64,
    rooms: usize,
    dead_ends_before_braid: usize,
    dead_ends: usize,
    longest_path: usize,
    free_distance: Option<usize>,
    outcome: &'static str,
    steps: Option<usize>,
    detour: Option<usize>,
    back_steps: usize,
    needs_back_step: Option<bool>,
    ties: Ties,
    tie_independent: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    dragon_speed: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    waiting: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    dragons: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keys: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    doors: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    doors_opened: Option<usize>,
    mazes: u64,
    solver_runs: u64,
}

/// A width and a height.
#[derive(Serialize)]
struct Size {
    width: usize,
    height: usize,
}

/// The answer under each tie rule.
#[derive(Serialize)]
struct Ties {
    optimistic: Answer,
    priority: Answer,
    adversarial: Answer,
}

/// Steps when escaped, else the outcome's name.
#[derive(Serialize)]
#[serde(untagged)]
enum Answer {
    Steps(usize),
    Outcome(&'static str),
}

impl From<Outcome> for Answer {
    fn from(outcome: Outcome) -> Answer {
        outcome
            .steps()
            .map_or(Answer::Outcome(outcome.name()), Answer::Steps)
    }
}

impl Report<'_> {
    /// The report as one JSON object on one line (no newline at the end), a
    /// versioned contract like `solve-maze`'s report.
    ///
    /// | field | type | meaning |
    /// |---|---|---|
    /// | `version` | number | the format version, `1`; bumped on any incompatible change |
    /// | `seed` | number | the puzzle's seed |
    /// | `algorithm` | string | the maze algorithm, as `--algorithm` spells it |
    /// | `maze` | object | `width` and `height` in maze cells (`-W`, `-H`) |
    /// | `size` | object | `width` and `height` in tiles, walls included (as in `solve-maze`'s report) |
    /// | `braid`, `rooms` | number | as asked |
    /// | `dead_ends_before_braid`, `dead_ends` | number | dead ends before and after braiding |
    /// | `longest_path` | number | the longest shortest path, in steps |
    /// | `free_distance` | number or null | the hero's distance to the exit ignoring the dragon |
    /// | `outcome` | string | `escaped`, `no_path` or `caught`, under the default rule |
    /// | `steps`, `detour` | number or null | the answer, and its excess over `free_distance` |
    /// | `back_steps` | number | immediate reversals in the solver's line |
    /// | `needs_back_step` | bool or null | every optimal line needs one; null when not computed (several dragons, keys or doors) |
    /// | `ties` | object | `optimistic`, `priority`, `adversarial`: steps, or the outcome's name |
    /// | `tie_independent` | bool | the three agree |
    /// | `dragon_speed` | number, absent at 1 | the dragon's steps a turn the answers are under (`--dragon-speed`), only when more than 1 |
    /// | `waiting` | bool, absent unless true | the answers allow the hero to wait (`--wait`) |
    /// | `dragons` | number, absent at 1 | the dragons on the map (`--dragons`), only when more than 1 |
    /// | `keys`, `doors` | number, absent without keys | the keys and doors on the map (`--keys`) |
    /// | `doors_opened` | number, absent without keys | doors the default rule's line opens |
    /// | `mazes`, `solver_runs` | number | the placement search's effort |
    ///
    /// Fields may be added without bumping `version`; a field removed or
    /// renamed raises it. No field depends on the clock: the same seed and
    /// options give the same bytes. The JSON Schema
    /// `schemas/generate-stats.schema.json` describes each field and its unit.
    pub fn to_json_line(&self) -> String {
        let (g, a) = (self.config, self.analysis);
        let generated = self.generated;
        let p = &generated.puzzle;
        let has_keys = !p.keys().is_empty() || !p.doors().is_empty();
        let record = Record {
            version: VERSION,
            seed: self.seed,
            algorithm: g.algorithm.name(),
            maze: Size {
                width: g.width,
                height: g.height,
            },
            size: Size {
                width: p.width(),
                height: p.height(),
            },
            braid: g.braid,
            rooms: g.rooms,
            dead_ends_before_braid: generated.braided.dead_ends_before,
            dead_ends: a.dead_ends,
            longest_path: a.longest_path,
            free_distance: a.free_distance,
            outcome: a.outcome.name(),
            steps: a.outcome.steps(),
            detour: a.detour(),
            back_steps: a.back_steps,
            needs_back_step: a.needs_back_step,
            ties: Ties {
                optimistic: a.ties.optimistic.into(),
                priority: a.ties.priority.into(),
                adversarial: a.ties.adversarial.into(),
            },
            tie_independent: a.ties.independent(),
            dragon_speed: (!g.speed.is_one()).then(|| g.speed.steps()),
            waiting: g.wait,
            dragons: (p.dragons().len() > 1).then_some(p.dragons().len()),
            keys: has_keys.then_some(p.keys().len()),
            doors: has_keys.then_some(p.doors().len()),
            doors_opened: has_keys.then_some(a.doors_opened),
            mazes: generated.effort.mazes,
            solver_runs: generated.effort.solves,
        };
        serde_json::to_string(&record).expect("a stats record always serialises")
    }
}
