//! The child processes: a map built, or one case run, each in a process of
//! its own (this bench's binary run again with a few environment variables)
//! so that a case's peak memory is its own, and the parent that starts them
//! within the time and memory limits and reads back what they measured.

use std::env;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use dragon_escape::{Outcome, Puzzle};

use crate::engines::{CAUGHT, Engine};
use crate::families::Kind;

/// The environment variables that make this binary run one case: the
/// engine, the map file, the runs and the time budget for them.
pub(crate) const CASE: &str = "SCALE_CASE";
const MAP: &str = "SCALE_MAP";
const RUNS: &str = "SCALE_CASE_RUNS";
const BUDGET_MS: &str = "SCALE_CASE_BUDGET_MS";
/// The environment variables that make this binary build one map (into
/// `SCALE_MAP`): the family, its seed and its side in tiles.
pub(crate) const BUILD: &str = "SCALE_BUILD";
const BUILD_SEED: &str = "SCALE_BUILD_SEED";
const BUILD_TILES: &str = "SCALE_BUILD_TILES";

/// The child: runs one case and prints what it measured.
pub(crate) fn child(engine: &str) {
    let engine = Engine::named(engine).expect("the parent names a known engine");
    let runs: usize = var(RUNS).parse().expect("a run count");
    let budget = Duration::from_millis(var(BUDGET_MS).parse().expect("a budget"));
    let text = fs::read(var(MAP)).expect("the map file is readable");
    let puzzle = Puzzle::parse(&text).expect("the map parses");
    drop(text);
    // A map without room for a variant's pieces is not the solver's failure.
    let placed = match engine.place(&puzzle) {
        Ok(placed) => placed,
        Err(why) => return println!("unplaced {why}"),
    };
    let puzzle = placed.unwrap_or(puzzle);
    // "5" resets the peak resident set size to the current one (Linux >= 4.0).
    let _ = fs::write("/proc/self/clear_refs", "5");
    let (started, mut ms, mut asked) = (Instant::now(), Vec::new(), Vec::new());
    let run = loop {
        let start = Instant::now();
        let result = engine.run(&puzzle);
        let took = start.elapsed();
        ms.push(took.as_secs_f64() * 1e3);
        match result {
            Err(e) => return println!("error {e}"),
            Ok(run) => {
                asked.extend(run.asked_ms);
                if ms.len() >= runs || started.elapsed() + took > budget {
                    break run;
                }
            }
        }
    };
    let outcome = run
        .outcome
        .steps()
        .map_or(run.outcome.name().into(), |s| s.to_string());
    let stored = run.stored.map_or("-".into(), |s| s.to_string());
    let queries = run.queries.map_or("-".into(), |q| q.to_string());
    let asked = if asked.is_empty() {
        "-".into()
    } else {
        format!("{:.4}", median(&asked))
    };
    let peak_kb = proc_kb("/proc/self/status", "VmHWM").unwrap_or(0);
    let ms: Vec<String> = ms.iter().map(|t| format!("{t:.4}")).collect();
    // The parent reads this line back with `Measured::parse`.
    let expanded = run.expanded;
    println!(
        "{outcome} {expanded} {stored} {queries} {asked} {peak_kb} {}",
        ms.join(" ")
    );
}

/// The child that builds a map: checks it and writes it to `SCALE_MAP` as
/// the emoji text `generate-maze` writes, then prints `built` (or `error`
/// and the generator's reason).
pub(crate) fn build_child(kind: &str) {
    let kind = Kind::named(kind).expect("the parent names a known kind");
    let tiles = var(BUILD_TILES).parse().expect("a side in tiles");
    let seed = var(BUILD_SEED).parse().expect("a seed");
    let puzzle = match (kind.build)(tiles, seed) {
        Ok(puzzle) => puzzle,
        Err(e) => return println!("error {e}"),
    };
    // `Puzzle::new` checked that the pieces stand on three different free tiles.
    assert!(
        !puzzle.hero().touches(puzzle.dragon()),
        "{} {seed} {tiles}: the dragon starts next to the hero",
        kind.name
    );
    let text = puzzle.to_emoji();
    let parsed = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
    assert_eq!(parsed, puzzle, "the emoji text round-trips");
    fs::write(var(MAP), text).expect("the map file is writable");
    println!("built");
}

/// The median of `values` (the mean of the middle two for an even count).
pub(crate) fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (v[(n - 1) / 2] + v[n / 2]) / 2.0
}

/// An environment variable the parent sets for its children.
fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("{name} is set"))
}

/// A `kB` field of a `/proc` file such as `/proc/self/status`.
pub(crate) fn proc_kb(file: &str, key: &str) -> Option<u64> {
    let status = fs::read_to_string(file).ok()?;
    let line = status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}

/// What became of a case.
pub(crate) enum Status {
    Done(Measured),
    Timeout,
    OverMemory,
    Failed(String),
    /// The library declined, e.g. the oracle would not fit its memory budget.
    Refused(String),
    /// Not run: an opt-in engine, or filtered out by the arguments.
    NotRun,
    /// Not run: the variant's pieces found no place on the map.
    Unplaced(String),
    /// Not run: the same engine timed out or ran out of memory on a smaller
    /// map of the same family and seed.
    Skipped,
}

/// What a finished case measured.
pub(crate) struct Measured {
    pub(crate) outcome: Outcome,
    /// The time of each run.
    pub(crate) ms: Vec<f64>,
    pub(crate) peak_mb: f64,
    pub(crate) expanded: u64,
    pub(crate) stored: Option<u64>,
    /// The questions asked of the dragon's oracle in one run.
    pub(crate) queries: Option<u64>,
    /// The median time those questions took, where the engine times them
    /// apart from its set-up.
    pub(crate) asked_ms: Option<f64>,
}

impl Measured {
    /// The median time of its runs.
    pub(crate) fn median(&self) -> f64 {
        median(&self.ms)
    }

    /// The positions it stored, or expanded where it stores none.
    pub(crate) fn positions(&self) -> u64 {
        self.stored.unwrap_or(self.expanded)
    }

    /// The oracle's questions per second: of the median run, or of the
    /// questions alone where the engine times them apart.
    pub(crate) fn questions_per_second(&self) -> Option<f64> {
        let ms = self.asked_ms.unwrap_or_else(|| self.median());
        Some(self.queries? as f64 / (ms / 1e3))
    }

    /// Reads the child's line: outcome (steps, `caught` or `no_path`),
    /// states expanded, states stored (or `-`), the oracle's questions (or
    /// `-`), the time they took when timed apart (or `-`), peak kB, then
    /// the times.
    fn parse(output: &str) -> Result<Status, String> {
        if let Some(e) = output.strip_prefix("error ") {
            return Ok(Status::Refused(e.trim().into()));
        }
        if let Some(e) = output.strip_prefix("unplaced ") {
            return Ok(Status::Unplaced(e.trim().into()));
        }
        let bad = || format!("unexpected output from the case: {output:?}");
        let mut words = output.split_whitespace();
        let mut next = || words.next().ok_or_else(bad);
        let outcome = match next()? {
            "caught" => CAUGHT,
            "no_path" => Outcome::NoPath,
            steps => Outcome::Escaped {
                steps: steps.parse().map_err(|_| bad())?,
            },
        };
        let expanded = next()?.parse().map_err(|_| bad())?;
        let stored = next()?.parse().ok();
        let queries = next()?.parse().ok();
        let asked_ms = next()?.parse().ok();
        let peak_mb = next()?.parse::<f64>().map_err(|_| bad())? / 1024.0;
        let ms = words.map(|w| w.parse().map_err(|_| bad()));
        let ms = ms.collect::<Result<Vec<f64>, _>>()?;
        if ms.is_empty() {
            return Err(bad());
        }
        Ok(Status::Done(Measured {
            outcome,
            ms,
            peak_mb,
            expanded,
            stored,
            queries,
            asked_ms,
        }))
    }
}

/// The limits from the environment.
pub(crate) struct Settings {
    pub(crate) timeout: Duration,
    pub(crate) build_timeout: Duration,
    pub(crate) memory_kb: u64,
    pub(crate) fw_max_tiles: usize,
}

impl Settings {
    pub(crate) fn from_env() -> Settings {
        let get = |name, default: u64| {
            env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        Settings {
            timeout: Duration::from_secs(get("SCALE_TIMEOUT", 60)),
            build_timeout: Duration::from_secs(get("SCALE_BUILD_TIMEOUT", 600)),
            memory_kb: get("SCALE_MEMORY_MB", 8192) * 1024,
            fw_max_tiles: get("SCALE_FW_MAX_TILES", 41) as usize,
        }
    }

    /// Runs one case in a child process within the limits.
    pub(crate) fn run_case(&self, map: &Path, engine: Engine, runs: usize) -> Status {
        let mut command = this_binary();
        command
            .env(CASE, engine.name())
            .env(MAP, map)
            .env(RUNS, runs.to_string())
            .env(BUDGET_MS, (self.timeout.as_millis() / 2).to_string());
        match self.run_child(command, self.timeout) {
            Ok(out) => Measured::parse(&out).unwrap_or_else(Status::Failed),
            Err(status) => status,
        }
    }

    /// Builds a map in a child process within the memory limit and
    /// `SCALE_BUILD_TIMEOUT` (a checked placement runs the solver), writes it
    /// to `path` and returns its text.
    pub(crate) fn build_map(
        &self,
        kind: &Kind,
        seed: u64,
        tiles: usize,
        path: &Path,
    ) -> Result<String, Status> {
        let mut command = this_binary();
        command
            .env(BUILD, kind.name)
            .env(BUILD_SEED, seed.to_string())
            .env(BUILD_TILES, tiles.to_string())
            .env(MAP, path);
        let out = self.run_child(command, self.build_timeout)?;
        match out.trim() {
            "built" => fs::read_to_string(path).map_err(|e| Status::Failed(e.to_string())),
            out => Err(match out.strip_prefix("error ") {
                Some(e) => Status::Refused(e.into()),
                None => Status::Failed(format!("unexpected output from the build: {out:?}")),
            }),
        }
    }

    /// Runs `command` (this binary as a child) within `timeout` and the
    /// memory limit: its standard output, or what stopped it.
    fn run_child(&self, mut command: Command, timeout: Duration) -> Result<String, Status> {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Status::Failed(e.to_string()))?;
        let (start, status) = (Instant::now(), format!("/proc/{}/status", child.id()));
        let over = loop {
            match child.try_wait() {
                Ok(Some(_)) => break None,
                Ok(None) => {}
                Err(e) => return Err(Status::Failed(e.to_string())),
            }
            if start.elapsed() > timeout {
                break Some(Status::Timeout);
            }
            if proc_kb(&status, "VmRSS").is_some_and(|kb| kb > self.memory_kb) {
                break Some(Status::OverMemory);
            }
            sleep(Duration::from_millis(20));
        };
        if let Some(status) = over {
            let _ = child.kill();
            let _ = child.wait();
            return Err(status);
        }
        match child.wait_with_output() {
            Ok(out) if out.status.success() => Ok(String::from_utf8_lossy(&out.stdout).into()),
            Ok(out) => Err(Status::Failed(format!(
                "the child process ended with {}",
                out.status
            ))),
            Err(e) => Err(Status::Failed(e.to_string())),
        }
    }
}

/// This bench's own binary, to run as a child.
fn this_binary() -> Command {
    Command::new(env::current_exe().expect("the bench knows its own path"))
}
