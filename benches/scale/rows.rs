//! One map (a family, a seed, a side) and what each engine did on it: its
//! building, its cases, the progress lines, and the checks that the engines
//! agree.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use dragon_escape::{Graph, Outcome, Puzzle};

use crate::cases::{Measured, Settings, Status, median};
use crate::engines::Engine;
use crate::families::Kind;
use crate::selection::Selection;
use crate::tables::{ms, outcome};

/// The cases that went over a limit, by family, seed and engine (`None`:
/// the map could not be built): larger sizes of the same family and seed
/// skip them.
pub(crate) type GivenUp = HashSet<(&'static str, Option<u64>, Option<Engine>)>;

/// One map and its cases, in [`Engine::ALL`] order.
pub(crate) struct Row {
    pub(crate) kind: &'static Kind,
    /// `None` for a family without randomness.
    pub(crate) seed: Option<u64>,
    pub(crate) tiles: usize,
    /// What the map is, or what stopped its building.
    pub(crate) built: Result<Built, Status>,
    pub(crate) runs: usize,
    pub(crate) cases: [Status; 12],
}

/// A map that was built.
pub(crate) struct Built {
    pub(crate) free_tiles: usize,
    /// The hero's dragon-free distance to the exit.
    pub(crate) free_path: Option<u32>,
    /// The median time to parse its text.
    pub(crate) parse_ms: f64,
}

impl Row {
    pub(crate) fn case(&self, engine: Engine) -> &Status {
        &self.cases[engine as usize]
    }

    pub(crate) fn done(&self, engine: Engine) -> Option<&Measured> {
        match self.case(engine) {
            Status::Done(m) => Some(m),
            _ => None,
        }
    }

    /// The map's name: family, seed and side, as `rooms 123456 201`.
    pub(crate) fn map(&self) -> String {
        format!("{} {}", self.family(), self.tiles)
    }

    /// The family and the seed, as `rooms 123456` (`lattice` alone).
    pub(crate) fn family(&self) -> String {
        match self.seed {
            Some(seed) => format!("{} {seed}", self.kind.name),
            None => self.kind.name.into(),
        }
    }

    /// The seed as the tables show it.
    pub(crate) fn seed_text(&self) -> String {
        self.seed.map_or("—".into(), |s| s.to_string())
    }
}

/// Builds one map, times its parsing, and runs the selected engines.
pub(crate) fn measure_map(
    (kind, seed): (&'static Kind, Option<u64>),
    tiles: usize,
    selection: &Selection,
    settings: &Settings,
    maps: &Path,
    given_up: &mut GivenUp,
) -> Row {
    let file = match seed {
        Some(seed) => format!("{}-{seed}-{tiles}.txt", kind.name),
        None => format!("{}-{tiles}.txt", kind.name),
    };
    let path = maps.join(file);
    let runs = selection.runs(tiles);
    let mut row = Row {
        kind,
        seed,
        tiles,
        built: Err(Status::Skipped),
        runs,
        cases: Engine::ALL.map(|_| Status::NotRun),
    };
    let map = row.map();
    let started = Instant::now();
    let text = match given_up.contains(&(kind.name, seed, None)) {
        true => Err(Status::Skipped),
        false => settings.build_map(kind, seed.unwrap_or(0), tiles, &path),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => {
            eprintln!("{map}: map not built: {}", describe(&status));
            given_up.insert((kind.name, seed, None));
            row.built = Err(status);
            return row;
        }
    };
    if started.elapsed() > Duration::from_secs(1) {
        let took = started.elapsed().as_secs_f64();
        eprintln!("{map}: map built in {took:.1} s");
    }
    let puzzle = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
    let parse_ms: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let parsed = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            assert_eq!(parsed, puzzle, "every parse gives the same puzzle");
            ms
        })
        .collect();
    let graph = Graph::new(&puzzle);
    row.built = Ok(Built {
        free_tiles: puzzle.walls().iter().filter(|&&wall| !wall).count(),
        free_path: graph.distance(graph.hero(), graph.exit()),
        parse_ms: median(&parse_ms),
    });
    drop((graph, puzzle, text));
    row.cases = Engine::ALL.map(|engine| {
        let status = if !selection.wants_engine(engine)
            || (engine == Engine::FloydWarshall && tiles > settings.fw_max_tiles)
        {
            Status::NotRun
        } else if given_up.contains(&(kind.name, seed, Some(engine))) {
            Status::Skipped
        } else {
            settings.run_case(&path, engine, runs)
        };
        if matches!(status, Status::Timeout | Status::OverMemory) {
            given_up.insert((kind.name, seed, Some(engine)));
        }
        if !matches!(status, Status::NotRun) {
            eprintln!("{map} / {}: {}", engine.name(), describe(&status));
        }
        status
    });
    row
}

pub(crate) fn describe(status: &Status) -> String {
    match status {
        Status::Done(m) => format!(
            "{}, median {} ms of {}, {:.1} MB, {} expanded",
            outcome(m.outcome),
            ms(m.median()),
            m.ms.len(),
            m.peak_mb,
            m.expanded
        ),
        Status::Timeout => "timeout".into(),
        Status::OverMemory => "over the memory limit".into(),
        Status::Failed(e) => format!("FAILED: {e}"),
        Status::Refused(e) => format!("refused: {e}"),
        Status::NotRun => "not run".into(),
        Status::Unplaced(e) => format!("no room for the pieces: {e}"),
        Status::Skipped => "skipped".into(),
    }
}

/// The disagreements between engines on one map: each is a bug.
pub(crate) fn check(row: &Row) -> Vec<String> {
    let mut problems = Vec::new();
    let map = row.map();
    if let Err(Status::Failed(e)) = &row.built {
        problems.push(format!("{map}: building the map failed: {e}"));
    }
    for engine in Engine::ALL {
        if let Status::Failed(e) = row.case(engine) {
            problems.push(format!("{map}: {} failed: {e}", engine.name()));
        }
    }
    let Some(default) = row.done(Engine::Default).map(|m| m.outcome) else {
        return problems;
    };
    let mut differs = |engine: Engine, bad: &dyn Fn(Outcome) -> bool, what: &str| {
        if let Some(m) = row.done(engine).filter(|m| bad(m.outcome)) {
            problems.push(format!(
                "{map}: {} gives {} but default {}: {what}",
                engine.name(),
                outcome(m.outcome),
                outcome(default)
            ));
        }
    };
    // Caught and no path count as infinitely many steps.
    let rank = |o: Outcome| o.steps().unwrap_or(usize::MAX);
    let no_path = |o: Outcome| o == Outcome::NoPath;
    differs(Engine::FloydWarshall, &|o| o != default, "must be equal");
    differs(Engine::Pathfinding, &|o| o != default, "must be equal");
    differs(
        Engine::Adversarial,
        &|o| rank(o) < rank(default) || no_path(o) != no_path(default),
        "adversarial can only be longer",
    );
    differs(
        Engine::Wait,
        &|o| rank(o) > rank(default) || no_path(o) != no_path(default),
        "waiting only adds moves, so it can only be shorter",
    );
    differs(
        Engine::Floor,
        &|o| rank(o) > rank(default) || no_path(o) != no_path(default),
        "the dragon-free path can only be shorter",
    );
    problems
}
