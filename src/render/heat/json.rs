//! A heat map as JSON: a documented, versioned contract (feature `json`).
//!
//! `solve-maze --heat-map FILE.json` writes one [`HeatReport`], and
//! `--heat-map - --format json` prints it on standard output, on one line.
//! Version 1 has these fields:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `version` | number | the format version, `1`; raised on any incompatible change |
//! | `file` | string or null | the input's name as given (`-` for stdin) |
//! | `rules` | object | the rules the values follow, as in the solve report (`ties`, `priority`, `waiting`, `dragon_speed` when more than 1) |
//! | `size` | object | `width` and `height` of the grid in tiles (walls included) |
//! | `varies` | string | the piece whose start varies from cell to cell: `hero` or `dragon` |
//! | `fixed` | object | the other piece: `piece` (`dragon` or `hero`) and `at`, where it stands |
//! | `start` | object | the map's own `hero`, `dragon` and `exit` |
//! | `start_value` | cell | the value of the map's own start |
//! | `counts` | object | `cells` (free cells, the fixed piece's included), and how many starts give `escaped`, `caught` and `endless` |
//! | `escape_moves` | object or null | `shortest` and `longest` escape over every start; null when none escapes |
//! | `values` | array | `height` rows of `width` cells, row-major: a cell is null on a wall and on the fixed piece's own cell, else the value of the game with the varying piece starting there |
//!
//! A cell's value is `{"outcome": "escaped", "moves": n}` (the hero
//! escapes in `n` moves: guaranteed ones under adversarial ties, a lower
//! bound under the optimistic one), `{"outcome": "caught", "moves": n}`
//! (it survives `n` moves, then has no legal move) or `{"outcome":
//! "endless", "moves": null}` (no escape, but no capture either).
//! Positions are `{"row": r, "col": c}`, from 0, in tiles. The JSON
//! Schema `schemas/heat-map.schema.json` describes every field; fields
//! may be added without raising `version` (`docs/JSON.md`).

use serde::Serialize;

use super::{Cell, HeatMap};
use crate::puzzle::{Pos, Puzzle};
use crate::render::json::{RulesReport, SizeReport, StartReport};
use crate::search::Value;

/// The heat map's format version.
pub const VERSION: u32 = 1;

/// A heat map, as serialised (see the module docs for the contract).
#[derive(Clone, Debug, Serialize)]
pub struct HeatReport {
    /// Format version, [`VERSION`].
    pub version: u32,
    /// The input's name.
    pub file: Option<String>,
    /// The rules the values follow.
    pub rules: RulesReport,
    /// Grid size.
    pub size: SizeReport,
    /// The piece whose start varies: `hero` or `dragon`.
    pub varies: &'static str,
    /// The piece that stays, and where.
    pub fixed: FixedReport,
    /// The map's own start.
    pub start: StartReport,
    /// The value of the map's own start.
    pub start_value: Option<CellReport>,
    /// How the starts end, counted.
    pub counts: CountsReport,
    /// The shortest and the longest escape, if any.
    pub escape_moves: Option<MovesReport>,
    /// Row-major cells: null on walls and the fixed piece's cell.
    pub values: Vec<Vec<Option<CellReport>>>,
}

/// The piece that stays.
#[derive(Clone, Debug, Serialize)]
pub struct FixedReport {
    /// `dragon` or `hero`.
    pub piece: &'static str,
    /// Where it stands.
    pub at: Pos,
}

/// One start's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellReport {
    /// `escaped`, `caught` or `endless`.
    pub outcome: &'static str,
    /// The moves to the exit, or survived; null when endless.
    pub moves: Option<usize>,
}

impl From<Value> for CellReport {
    fn from(value: Value) -> CellReport {
        match value {
            Value::Escape { moves } => CellReport {
                outcome: "escaped",
                moves: Some(moves),
            },
            Value::Caught { moves } => CellReport {
                outcome: "caught",
                moves: Some(moves),
            },
            Value::Endless => CellReport {
                outcome: "endless",
                moves: None,
            },
        }
    }
}

/// The starts counted.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CountsReport {
    /// Free cells, the fixed piece's own included.
    pub cells: usize,
    /// Starts the hero escapes from.
    pub escaped: usize,
    /// Starts where it is caught.
    pub caught: usize,
    /// Starts where it runs forever.
    pub endless: usize,
}

/// The shortest and the longest escape.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MovesReport {
    /// The fewest moves over every start that escapes.
    pub shortest: usize,
    /// The most.
    pub longest: usize,
}

impl HeatReport {
    /// The record of `heat`, the heat map of `puzzle`, read from `file`.
    pub fn new(file: Option<&str>, heat: &HeatMap, puzzle: &Puzzle) -> HeatReport {
        let c = heat.counts();
        HeatReport {
            version: VERSION,
            file: file.map(str::to_owned),
            rules: RulesReport::new(heat.rules(), puzzle),
            size: SizeReport {
                width: heat.width(),
                height: heat.height(),
            },
            varies: heat.vary().name(),
            fixed: FixedReport {
                piece: heat.vary().fixed_name(),
                at: heat.fixed(),
            },
            start: StartReport {
                hero: puzzle.hero(),
                dragon: puzzle.dragon(),
                exit: puzzle.exit(),
                dragons: None,
                keys: None,
                doors: None,
            },
            start_value: heat.start_value().map(CellReport::from),
            counts: CountsReport {
                cells: c.cells,
                escaped: c.escaped,
                caught: c.caught,
                endless: c.endless,
            },
            escape_moves: c
                .escapes
                .map(|(shortest, longest)| MovesReport { shortest, longest }),
            values: heat
                .rows()
                .map(|cells| {
                    cells
                        .iter()
                        .map(|cell| match *cell {
                            Cell::Start(value) => Some(value.into()),
                            Cell::Wall | Cell::Fixed => None,
                        })
                        .collect()
                })
                .collect(),
        }
    }

    /// The record as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a heat map always serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::heat::Vary;
    use crate::search::{Options, Solver};
    use serde_json::json;

    #[test]
    fn a_small_heat_map_in_json() {
        let puzzle: Puzzle = "H.E\n#.#\n#D#".parse().unwrap();
        let table = Solver::new(&puzzle).table(&Options::default()).unwrap();
        let heat = HeatMap::new(&table, &puzzle, Vary::Hero);
        let line = HeatReport::new(Some("m.txt"), &heat, &puzzle).to_json_line();
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["varies"], "hero");
        assert_eq!(
            value["fixed"],
            json!({"piece": "dragon", "at": {"row": 2, "col": 1}})
        );
        assert_eq!(value["values"].as_array().unwrap().len(), 3);
        assert_eq!(value["values"][1][0], serde_json::Value::Null);
        assert_eq!(value["values"][2][1], serde_json::Value::Null);
        assert_eq!(
            value["values"][0][2],
            json!({"outcome": "escaped", "moves": 0})
        );
        assert_eq!(value["start_value"], value["values"][0][0]);
        assert!(!line.contains('\n'));
    }
}
