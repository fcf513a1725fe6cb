//! The JSON report: a documented, versioned contract.
//!
//! `solve-maze --format json` prints one [`Report`] per input file, each on
//! its own line (JSON Lines). Version 1 has these fields:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `version` | number | the format version, `1`; bumped on any incompatible change |
//! | `file` | string or null | the input's name as given (`-` for stdin) |
//! | `outcome` | string | `escaped`, `no_path` or `caught` |
//! | `steps` | number or null | hero moves when escaped |
//! | `free_distance` | number or null | the hero's distance to the exit ignoring the dragon |
//! | `rules.ties` | string | `priority`, `adversarial` or `optimistic` |
//! | `rules.priority` | string or null | the tie order for `priority`, e.g. `ULDR` |
//! | `rules.waiting` | bool | whether the hero may wait (`--wait`; docs/RULES.md, "Waiting") |
//! | `rules.dragon_speed` | number, absent at 1 | the dragon's steps a turn, given only when it is more than 1 (`--dragon-speed`) |
//! | `rules.dragons` | number, absent at 1 | how many dragons the map starts with, given only when more than 1 (docs/RULES.md, "Several dragons") |
//! | `rules.keys`, `rules.doors` | numbers, absent without keys | how many keys and doors the map holds, given only when it has keys (docs/RULES.md, "Keys and doors") |
//! | `size` | object | `width` and `height` of the grid in tiles (walls included) |
//! | `start` | object | `hero`, `dragon`, `exit`: each `{"row": r, "col": c}`, 0-based (`dragon`: the first in row-major order); with several dragons also `dragons`, every dragon's; with keys also `keys` and `doors`, arrays of positions |
//! | `turns` | array | one object per hero move, in order: `step` (1-based), `move` (`up`, `left`, `down`, `right`, or `wait` with waiting on), `hero` and `dragon` positions after the turn. With several dragons also `dragons` (every dragon after the turn; dragons that met count once); with keys also `keys_held` (a number) and `doors_opened` (the open doors' positions). Escaped: an optimal line. Caught: the longest line the hero survives |
//! | `ending` | string | how `turns` ends: `escaped` (on the exit), `stuck` (the hero has no legal move: caught), `endless` (caught, but the hero can evade forever; the line ends where a position repeats), `no_path` (no line) |
//! | `endless` | bool | `ending` is `endless` (kept for earlier readers) |
//! | `stats` | object | `cells` (walkable tiles), `states_expanded`, `states_stored`, `dragon_queries`, `oracle` (`bfs` or `floyd-warshall`), `method` (`search`, `loop-free` or `proof`), `elapsed_ms` (number, or null unless timing was asked for: `solve-maze --timing`) |
//!
//! In `solve-maze --format json`, an input that cannot be read, parsed or
//! solved gives an error record instead, so every input has its line:
//! `version`, `file`, `outcome` (`error`) and `error`, an object with
//! `message` (the sentence printed on standard error, which names the
//! file) and `line` and `column` (from 1, columns counted in symbols; null
//! when the error has no place in the input).
//!
//! Fields may be added in a later version without bumping `version`;
//! consumers should ignore fields they do not know. A field removed or
//! renamed raises it. The JSON Schema `schemas/solve-report.schema.json`
//! describes both records field by field, and the tests check real output
//! against it (`docs/JSON.md`).

use serde::Serialize;

use crate::error::Location;
use crate::puzzle::{Pos, Puzzle};
use crate::search::rules::{Rules, Ties};
use crate::search::solution::{Move, Solution};

/// The current report format version.
pub const VERSION: u32 = 1;

/// One solved file, as serialised (see the module docs for the contract).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Format version, [`VERSION`].
    pub version: u32,
    /// The input's name.
    pub file: Option<String>,
    /// `escaped`, `no_path` or `caught`.
    pub outcome: &'static str,
    /// Hero moves when escaped.
    pub steps: Option<usize>,
    /// Distance to the exit ignoring the dragon.
    pub free_distance: Option<usize>,
    /// The rules used.
    pub rules: RulesReport,
    /// Grid size.
    pub size: SizeReport,
    /// Start positions.
    pub start: StartReport,
    /// The line of play.
    pub turns: Vec<TurnReport>,
    /// How the line ends: `escaped`, `stuck`, `endless` or `no_path`.
    pub ending: &'static str,
    /// Caught, but able to evade forever.
    pub endless: bool,
    /// Work counters.
    pub stats: StatsReport,
}

/// The rules block.
#[derive(Clone, Debug, Serialize)]
pub struct RulesReport {
    /// `priority`, `adversarial` or `optimistic`.
    pub ties: &'static str,
    /// The priority order, for `priority`.
    pub priority: Option<String>,
    /// Whether waiting is allowed.
    pub waiting: bool,
    /// The dragon's steps a turn, only when more than one: a report under
    /// the official rules stays as it was, byte for byte.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon_speed: Option<u32>,
    /// How many dragons the map starts with, only when more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragons: Option<usize>,
    /// How many keys the map holds, only when it has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<usize>,
    /// How many doors the map holds, only when it has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doors: Option<usize>,
}

/// The grid size.
#[derive(Clone, Debug, Serialize)]
pub struct SizeReport {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

/// Where the pieces start.
#[derive(Clone, Debug, Serialize)]
pub struct StartReport {
    /// The hero's start.
    pub hero: Pos,
    /// The dragon's start.
    pub dragon: Pos,
    /// The exit.
    pub exit: Pos,
    /// Every dragon, only when there are several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragons: Option<Vec<Pos>>,
    /// The keys, only when the map has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<Vec<Pos>>,
    /// The doors, only when the map has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doors: Option<Vec<Pos>>,
}

/// One turn.
#[derive(Clone, Debug, Serialize)]
pub struct TurnReport {
    /// 1-based step number.
    pub step: usize,
    /// The hero's move: a direction's name, or `wait`.
    #[serde(rename = "move")]
    pub direction: Move,
    /// The hero after the move.
    pub hero: Pos,
    /// The dragon after its reply.
    pub dragon: Pos,
    /// Every dragon after the turn, only when the map has several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragons: Option<Vec<Pos>>,
    /// The keys the hero holds after the turn, only when the map has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys_held: Option<u32>,
    /// The doors open after the turn, only when the map has keys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doors_opened: Option<Vec<Pos>>,
}

/// Work counters.
#[derive(Clone, Debug, Serialize)]
pub struct StatsReport {
    /// Walkable cells.
    pub cells: u64,
    /// Positions expanded.
    pub states_expanded: u64,
    /// Positions stored.
    pub states_stored: u64,
    /// Oracle questions.
    pub dragon_queries: u64,
    /// The oracle's name.
    pub oracle: &'static str,
    /// How the answer was found: `search` or `loop-free`.
    pub method: &'static str,
    /// Wall-clock time of the solve, when measured.
    pub elapsed_ms: Option<f64>,
}

impl RulesReport {
    /// The rules block of a map's answers under `rules`.
    pub(crate) fn new(rules: Rules, puzzle: &Puzzle) -> RulesReport {
        let several = puzzle.dragons().len() > 1;
        let keys = !puzzle.keys().is_empty();
        RulesReport {
            ties: rules.ties.name(),
            priority: match rules.ties {
                Ties::Priority(p) => Some(p.to_string()),
                Ties::Adversarial | Ties::Optimistic => None,
            },
            waiting: rules.wait,
            dragon_speed: (!rules.speed.is_one()).then(|| rules.speed.steps()),
            dragons: several.then(|| puzzle.dragons().len()),
            keys: keys.then(|| puzzle.keys().len()),
            doors: keys.then(|| puzzle.doors().len()),
        }
    }
}

impl Report {
    /// Builds the report for one solved file.
    pub fn new(
        file: Option<&str>,
        puzzle: &Puzzle,
        solution: &Solution,
        free_distance: Option<usize>,
        elapsed: Option<std::time::Duration>,
    ) -> Report {
        let several = puzzle.dragons().len() > 1;
        let keys = !puzzle.keys().is_empty();
        let dragons = |i: usize, first: Pos| {
            several.then(|| {
                std::iter::once(first)
                    .chain(solution.pieces_after(i).others.iter())
                    .collect()
            })
        };
        Report {
            version: VERSION,
            file: file.map(str::to_owned),
            outcome: solution.outcome.name(),
            steps: solution.outcome.steps(),
            free_distance,
            rules: RulesReport::new(solution.rules, puzzle),
            size: SizeReport {
                width: puzzle.width(),
                height: puzzle.height(),
            },
            start: StartReport {
                hero: solution.hero,
                dragon: solution.dragon,
                exit: solution.exit,
                dragons: dragons(0, solution.dragon),
                keys: keys.then(|| puzzle.keys().to_vec()),
                doors: keys.then(|| puzzle.doors().to_vec()),
            },
            turns: solution
                .turns
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let locks = solution.pieces_after(i + 1).locks;
                    TurnReport {
                        step: i + 1,
                        direction: t.step,
                        hero: t.hero,
                        dragon: t.dragon,
                        dragons: dragons(i + 1, t.dragon),
                        keys_held: keys.then(|| locks.held()),
                        doors_opened: keys.then(|| {
                            (puzzle.doors().iter().enumerate())
                                .filter(|&(d, _)| locks.is_open(d))
                                .map(|(_, &pos)| pos)
                                .collect()
                        }),
                    }
                })
                .collect(),
            ending: solution.outcome.ending_name(),
            endless: solution.endless(),
            stats: StatsReport {
                cells: solution.stats.cells,
                states_expanded: solution.stats.states_expanded,
                states_stored: solution.stats.states_stored,
                dragon_queries: solution.stats.dragon_queries,
                oracle: solution.oracle.name(),
                method: solution.stats.method.name(),
                elapsed_ms: elapsed.map(|d| (d.as_micros() as f64) / 1000.0),
            },
        }
    }

    /// The report as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a report always serialises")
    }
}

/// An input that gave no answer, as serialised (see the module docs).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ErrorReport {
    /// Format version, [`VERSION`].
    pub(crate) version: u32,
    /// The input's name.
    pub(crate) file: Option<String>,
    /// Always `error`.
    pub(crate) outcome: &'static str,
    /// What went wrong, and where.
    pub(crate) error: ErrorDetail,
}

/// What went wrong with an input, and where.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ErrorDetail {
    /// The sentence, naming the file.
    pub(crate) message: String,
    /// The line, from 1, when the error has a place in the input.
    pub(crate) line: Option<usize>,
    /// The column, from 1, when the error has a place in the input.
    pub(crate) column: Option<usize>,
}

impl ErrorReport {
    /// Builds the record for an input that failed with `message`.
    pub(crate) fn new(
        file: Option<&str>,
        message: &str,
        location: Option<Location>,
    ) -> ErrorReport {
        ErrorReport {
            version: VERSION,
            file: file.map(str::to_owned),
            outcome: "error",
            error: ErrorDetail {
                message: message.to_owned(),
                line: location.map(|at| at.line),
                column: location.map(|at| at.column),
            },
        }
    }

    /// The record as one line of JSON.
    pub(crate) fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("an error record always serialises")
    }
}

/// A move is written in lower case: `up`, `left`, `down`, `right` or `wait`.
impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(crate::board::lower(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The schema, with no field it leaves out allowed.
    fn strict_schema() -> Value {
        fn close(value: &mut Value) {
            match value {
                Value::Object(map) => {
                    if map.get("type") == Some(&Value::from("object"))
                        && map.contains_key("properties")
                    {
                        map.insert("additionalProperties".into(), Value::Bool(false));
                    }
                    map.values_mut().for_each(close);
                }
                Value::Array(items) => items.iter_mut().for_each(close),
                _ => {}
            }
        }
        let text = include_str!("../../schemas/solve-report.schema.json");
        let mut schema: Value = serde_json::from_str(text).unwrap();
        close(&mut schema);
        schema
    }

    #[test]
    fn a_variant_report_lists_every_dragon_key_and_door() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let report = Report::new(Some("v.txt"), &puzzle, &solution, Some(6), None);
        let value: Value = serde_json::from_str(&report.to_json_line()).unwrap();
        let at = |row: usize, col: usize| json!({"row": row, "col": col});
        assert_eq!(
            value["rules"],
            json!({"ties": "priority", "priority": "ULDR", "waiting": false,
                   "dragons": 2, "keys": 1, "doors": 1})
        );
        assert_eq!(value["start"]["dragons"], json!([at(2, 0), at(2, 6)]));
        assert_eq!(value["start"]["keys"], json!([at(0, 2)]));
        assert_eq!(value["start"]["doors"], json!([at(0, 3)]));
        let turns = value["turns"].as_array().unwrap();
        assert_eq!(turns[0]["dragons"], json!([at(2, 1), at(2, 5)]));
        assert_eq!(turns[0]["keys_held"], 0);
        assert_eq!(turns[0]["doors_opened"], json!([]));
        assert_eq!(turns[1]["keys_held"], 1);
        assert_eq!(turns[2]["keys_held"], 0);
        assert_eq!(turns[2]["doors_opened"], json!([at(0, 3)]));
        // The dragons met on turn 5: one is left.
        assert_eq!(turns[4]["dragons"], json!([at(2, 3)]));
        let validator = jsonschema::draft202012::new(&strict_schema()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
    }

    #[test]
    fn an_official_report_has_no_variant_field() {
        let puzzle: Puzzle = "H.E..D".parse().unwrap();
        let solution = crate::solve(&puzzle, &crate::Options::default()).unwrap();
        let line = Report::new(None, &puzzle, &solution, Some(2), None).to_json_line();
        for field in ["dragons", "keys", "doors", "keys_held", "doors_opened"] {
            assert!(!line.contains(&format!("\"{field}\"")), "{line}");
        }
    }
}
