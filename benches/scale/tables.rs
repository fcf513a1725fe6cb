//! The report: the summary (per family, size and engine, the median and the
//! worst seed), the maps, every case, and the header that says where and
//! on what the run was made, as Markdown tables padded for reading as text.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::process::Command;

use dragon_escape::Outcome;

use crate::cases::{Measured, Settings, Status, proc_kb};
use crate::engines::Engine;
use crate::rows::Row;
use crate::selection::Selection;

/// An outcome in a few words.
pub(crate) fn outcome(o: Outcome) -> String {
    match o {
        Outcome::Escaped { steps } => format!("{steps} steps"),
        Outcome::Caught { .. } => "caught".into(),
        Outcome::NoPath => "no path".into(),
    }
}

/// Milliseconds with three or so significant digits.
pub(crate) fn ms(v: f64) -> String {
    match v {
        v if v < 1.0 => format!("{v:.3}"),
        v if v < 10.0 => format!("{v:.2}"),
        v if v < 100.0 => format!("{v:.1}"),
        v => format!("{v:.0}"),
    }
}

/// A count in a narrow column: 9999, 12k, 3.4M.
fn count(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A cell for a case that did not finish, else `None`.
fn unfinished(status: &Status, settings: &Settings) -> Option<String> {
    Some(match status {
        Status::Done(_) => return None,
        Status::Timeout => format!("timeout (> {} s)", settings.timeout.as_secs()),
        Status::OverMemory => format!("> {} MB", settings.memory_kb / 1024),
        Status::Failed(_) => "FAILED".into(),
        Status::Refused(_) => "refused".into(),
        Status::NotRun => "—".into(),
        Status::Unplaced(_) => "no room for the pieces".into(),
        Status::Skipped => "skipped".into(),
    })
}

/// Why a map was not built.
fn not_built(status: &Status, settings: &Settings) -> String {
    match status {
        Status::Timeout => format!("timeout (> {} s)", settings.build_timeout.as_secs()),
        Status::Refused(e) => e.clone(),
        Status::Skipped => "failed on a smaller map".into(),
        other => unfinished(other, settings).unwrap_or_default(),
    }
}

/// Every case: one row per (map, engine) that ran.
pub(crate) fn details(rows: &[Row], settings: &Settings) -> String {
    let header: Vec<&str> =
        "map|engine|outcome|runs|median ms|min ms|max ms|peak MB|expanded|stored|questions"
            .split('|')
            .collect();
    let mut table = Vec::new();
    for row in rows {
        for engine in Engine::ALL {
            let status = row.case(engine);
            if matches!(status, Status::NotRun) {
                continue;
            }
            let mut cells = vec![row.map(), engine.name().into()];
            match status {
                Status::Done(m) => {
                    let (min, max) =
                        m.ms.iter()
                            .fold((f64::MAX, 0.0f64), |(lo, hi), &t| (lo.min(t), hi.max(t)));
                    cells.extend([
                        outcome(m.outcome),
                        m.ms.len().to_string(),
                        ms(m.median()),
                        ms(min),
                        ms(max),
                        format!("{:.1}", m.peak_mb),
                        m.expanded.to_string(),
                        m.stored.map_or(String::new(), |s| s.to_string()),
                        m.queries.map_or(String::new(), |q| q.to_string()),
                    ]);
                }
                Status::Refused(e) | Status::Unplaced(e) => {
                    let why = match status {
                        Status::Refused(_) => "refused",
                        _ => "no room for the pieces",
                    };
                    cells.push(format!("{why}: {e}"));
                    cells.resize(header.len(), String::new());
                }
                other => {
                    cells.push(unfinished(other, settings).unwrap_or_default());
                    cells.resize(header.len(), String::new());
                }
            }
            table.push(cells);
        }
    }
    markdown(&header, &table)
}

/// A Markdown table, padded for reading as text; numbers are right-aligned.
fn markdown(header: &[&str], rows: &[Vec<String>]) -> String {
    let width = |i: usize| {
        rows.iter()
            .map(|r| r[i].chars().count())
            .chain([header[i].chars().count(), 3])
            .max()
            .unwrap_or(3)
    };
    let widths: Vec<usize> = (0..header.len()).map(width).collect();
    let left = |i: usize| ["map", "family", "engine", "outcome", "outcomes"].contains(&header[i]);
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| match left(i) {
                true => format!("{c:<w$}"),
                false => format!("{c:>w$}"),
            })
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(header.iter().map(|h| h.to_string()).collect());
    out += &line(
        widths
            .iter()
            .enumerate()
            .map(|(i, &w)| match left(i) {
                true => "-".repeat(w),
                false => format!("{}:", "-".repeat(w - 1)),
            })
            .collect(),
    );
    for row in rows {
        out += &line(row.clone());
    }
    out
}

/// The machine, the toolchain and the code measured.
fn machine() -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("model name"))?;
            Some(line.split_once(':')?.1.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = proc_kb("/proc/meminfo", "MemTotal").map_or(0, |kb| kb >> 20);
    let kernel = fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let rustc = Command::new(env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("--version")
        .output()
        .map_or("rustc (unknown version)".into(), |o| {
            String::from_utf8_lossy(&o.stdout).trim().to_string()
        });
    let git = |args: &[&str]| {
        let out = Command::new("git").args(args).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let code = match (
        git(&["rev-parse", "--short", "HEAD"]),
        git(&["status", "--porcelain", "src"]),
    ) {
        (Some(head), Some(changes)) if !changes.is_empty() => {
            format!("{head} with uncommitted changes in src/")
        }
        (Some(head), _) => head,
        _ => "unknown".into(),
    };
    format!(
        "Machine: {cpu}, {cores} cores, {memory} GiB; Linux {}; {rustc}; code {code}.",
        kernel.trim()
    )
}

/// The report's header: the machine, how the cases ran, each family with
/// its seeds, and the command that replays the run.
pub(crate) fn header(selection: &Selection, settings: &Settings) -> String {
    let runs: Vec<String> = selection
        .sizes
        .iter()
        .map(|&tiles| selection.runs(tiles))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|n| n.to_string())
        .collect();
    let mut out = format!(
        "{}\n\nEach case runs in its own process: median of {} runs (fewer when they would take \
         over half the limit), limits {} s and {} MB a case, {} s to build a map.\n\n\
         Families and seeds (fresh: drawn for this run):\n\n",
        machine(),
        runs.join(" or "),
        settings.timeout.as_secs(),
        settings.memory_kb / 1024,
        settings.build_timeout.as_secs(),
    );
    for (kind, seeds, origin) in &selection.kinds {
        let seeds: Vec<String> = seeds.iter().flatten().map(u64::to_string).collect();
        let seeds = match seeds.is_empty() {
            true => origin.name().to_string(),
            false => format!("{} seeds {}", origin.name(), seeds.join(", ")),
        };
        let _ = writeln!(out, "- {} ({seeds}): {}.", kind.name, kind.about);
    }
    let _ = write!(out, "\nReplay: `{}`\n", selection.replay());
    out
}

/// One seed's case in the summary: measured, or why not.
enum Entry<'a> {
    Done(&'a Row, &'a Measured),
    Unfinished(&'a Row, String),
}

impl Entry<'_> {
    /// The seed, time, memory, positions, questions per second and ratio
    /// to the floor of the same map.
    fn cells(&self, engine: Engine) -> [String; 6] {
        match *self {
            Entry::Unfinished(row, ref why) => [
                row.seed_text(),
                why.clone(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ],
            Entry::Done(row, m) => {
                let floor = row.done(Engine::Floor).filter(|_| engine != Engine::Floor);
                let time = match m.ms.len() {
                    n if n >= row.runs => ms(m.median()),
                    1 => format!("{} (1 run)", ms(m.median())),
                    n => format!("{} ({n} runs)", ms(m.median())),
                };
                [
                    row.seed_text(),
                    time,
                    format!("{:.1}", m.peak_mb),
                    count(m.positions()),
                    m.questions_per_second()
                        .map_or(String::new(), |q| count(q as u64)),
                    floor.map_or(String::new(), |f| ratio(m.median() / f.median())),
                ]
            }
        }
    }
}

/// A ratio: 3.4×, 12×.
fn ratio(r: f64) -> String {
    match r {
        r if r < 10.0 => format!("{r:.1}×"),
        r => format!("{r:.0}×"),
    }
}

/// The summary: for each family, size and engine, the seed of the median
/// time and the slowest seed (a case that did not finish counts as the
/// slowest; a map without room for a variant's pieces as neither), each with its time, peak memory, positions, oracle questions
/// per second and time over the floor on the same map.
pub(crate) fn summary(rows: &[Row], settings: &Settings) -> String {
    let header: Vec<&str> = "family|tiles|engine|seeds|outcomes|median seed|ms|MB|positions|\
        questions/s|× floor|worst seed|ms|MB|positions|questions/s|× floor"
        .split('|')
        .collect();
    let mut table = Vec::new();
    for group in rows.chunk_by(|a, b| a.kind.name == b.kind.name && a.tiles == b.tiles) {
        let (kind, tiles) = (group[0].kind, group[0].tiles);
        let ran: Vec<Engine> = Engine::ALL
            .into_iter()
            .filter(|&e| group.iter().any(|r| !matches!(r.case(e), Status::NotRun)))
            .collect();
        if ran.is_empty() {
            let mut cells = vec![kind.name.into(), tiles.to_string(), "—".into()];
            cells.push(group.len().to_string());
            cells.push(outcomes(
                group.iter().map(|r| Err(built_or_not(r, settings))),
            ));
            cells.resize(header.len(), String::new());
            table.push(cells);
            continue;
        }
        for engine in ran {
            let (mut entries, mut unplaced) = (Vec::new(), 0);
            for row in group {
                entries.push(match (&row.built, row.case(engine)) {
                    (Err(_), _) => Entry::Unfinished(row, built_or_not(row, settings)),
                    (Ok(_), Status::NotRun) => continue,
                    // Not the solver's: counted, but neither median nor worst.
                    (Ok(_), Status::Unplaced(_)) => {
                        unplaced += 1;
                        continue;
                    }
                    (Ok(_), Status::Done(m)) => Entry::Done(row, m),
                    (Ok(_), other) => {
                        Entry::Unfinished(row, unfinished(other, settings).unwrap_or_default())
                    }
                });
            }
            // Fastest first; the unfinished after every finished one.
            entries.sort_by(|a, b| match (a, b) {
                (Entry::Done(_, x), Entry::Done(_, y)) => x.median().total_cmp(&y.median()),
                (Entry::Done(..), Entry::Unfinished(..)) => std::cmp::Ordering::Less,
                (Entry::Unfinished(..), Entry::Done(..)) => std::cmp::Ordering::Greater,
                _ => std::cmp::Ordering::Equal,
            });
            let results = entries.iter().map(|e| match e {
                Entry::Done(_, m) => Ok(m.outcome),
                Entry::Unfinished(_, why) => Err(why.clone()),
            });
            let aside = (0..unplaced).map(|_| Err("no room for the pieces".to_string()));
            let mut cells = vec![
                kind.name.into(),
                tiles.to_string(),
                engine.name().into(),
                (entries.len() + unplaced).to_string(),
                outcomes(results.chain(aside)),
            ];
            if let Some(worst) = entries.last() {
                cells.extend(entries[(entries.len() - 1) / 2].cells(engine));
                cells.extend(worst.cells(engine));
            }
            cells.resize(header.len(), String::new());
            table.push(cells);
        }
    }
    markdown(&header, &table)
}

/// Why a row has no case: its map was not built.
fn built_or_not(row: &Row, settings: &Settings) -> String {
    match &row.built {
        Ok(_) => String::new(),
        Err(status) => format!("map not built: {}", not_built(status, settings)),
    }
}

/// How many seeds ended each way: `4 escaped, 1 timeout (> 60 s)`.
fn outcomes(results: impl Iterator<Item = Result<Outcome, String>>) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for result in results {
        let word = match result {
            Ok(Outcome::Escaped { .. }) => "escaped".into(),
            Ok(o) => outcome(o),
            Err(why) => why,
        };
        match counts.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => counts.push((word, 1)),
        }
    }
    let counts: Vec<String> = counts.iter().map(|(w, n)| format!("{n} {w}")).collect();
    counts.join(", ")
}

/// The maps: one row per family, seed and side.
pub(crate) fn maps(rows: &[Row], settings: &Settings) -> String {
    let header: Vec<&str> = "map|cells|free tiles|free path|parse ms"
        .split('|')
        .collect();
    let table: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let cells = match row.kind.on_cells {
                true => format!("{0}×{0}", (row.tiles - 1) / 2),
                false => "—".into(),
            };
            let mut line = vec![row.map(), cells];
            match &row.built {
                Ok(built) => line.extend([
                    built.free_tiles.to_string(),
                    built.free_path.map_or("none".into(), |d| d.to_string()),
                    ms(built.parse_ms),
                ]),
                Err(_) => {
                    line.push(built_or_not(row, settings));
                    line.resize(header.len(), String::new());
                }
            }
            line
        })
        .collect();
    markdown(&header, &table)
}
