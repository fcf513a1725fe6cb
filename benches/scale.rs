//! Scale benchmarks: every engine on maps of several families from 41 to
//! 2001 tiles a side, each map drawn from a fresh seed on every run, several
//! seeds per family and size, each (map, engine) case timed in its own child
//! process so that its peak memory is its own. `BENCHMARKS.md` explains what
//! is measured.
//!
//! Run with `cargo bench --all-features --bench scale`. Arguments pick cases:
//! sizes in tiles (`201`), families and engines (`default`, `adversarial`,
//! `floyd-warshall`, `pathfinding`, `floor`; and, only when named, `oracle`
//! and the rule variants `speed-2`, `speed-2-line` (with the line a caught
//! hero survives, as `--format json` asks), `wait`, `dragons-2`,
//! `dragons-3` and `keys-2`), e.g. `-- 201 braided`. The last three add
//! pieces to the map before solving it by the default rule (`with_pieces`
//! in `benches/scale/engines.rs`); placing them is not timed.
//!
//! Seeds: every run draws new seeds from the operating system, five per
//! family (`seeds=N` or `SCALE_SEEDS=N` for another count), prints them,
//! and prints the arguments that replay the run. `seed=S,S…` (or
//! `SCALE_SEED=S,S…`) runs every family on the seeds given, and
//! `FAMILY=S,S…` (e.g. `rooms=123456`) one family on its own seeds; `fixed`
//! runs the fixed seeds of the older tables in BENCHMARKS.md (2026 for the
//! usual three and the pillar rooms, 1 to 4 for the others). `runs=N` (or
//! `SCALE_RUNS=N`) sets the runs of each case (5 up to 201 tiles, 3 above).
//!
//! The families, one function each in `benches/scale/families.rs`: the
//! usual `perfect`, `braided` and `placed`, run when no family is named;
//! and the hard ones, run only when named or all at once with `hard`
//! (`all` runs every family): `rooms` (braided with open rooms of 5 to 25
//! tiles a side, the dragon on the tile farthest from the hero),
//! `small-rooms` (the generator's rooms of 2 to 4 cells), `pillars` (one
//! open room with 5 % single-tile pillars, the hero and the exit in one
//! corner, the dragon in the far one), `pillars-across` (the same room,
//! the pieces in three corners), `lattice` (an open grid with a wall on
//! every (even, even) tile: no randomness, one map a size), `sparse`
//! (braid 0.01, a random dragon) and `wilson` (the generator's default
//! puzzle with Wilson's algorithm). Every family runs at every size. E.g.
//! `SCALE_TIMEOUT=60 cargo bench --all-features --bench scale -- 201 hard
//! default adversarial floor`.
//!
//! The summary has a row per family, size and engine: the seed of the
//! median time and the slowest seed, each with its time, peak memory,
//! positions, the oracle's questions per second and its time over the
//! dragon-free floor on the same map. The maps and every case follow.
//!
//! The environment sets the limits: `SCALE_TIMEOUT` (seconds per case,
//! default 60), `SCALE_BUILD_TIMEOUT` (seconds to build a map, 600: a
//! checked placement runs the solver), `SCALE_MEMORY_MB` (per case or
//! build, 8192) and `SCALE_FW_MAX_TILES` (the largest map the
//! Floyd–Warshall reference runs on, 41). The Markdown tables go to
//! standard output and to `<target dir>/scale.md`; the maps of the last
//! run to `<target dir>/scale-maps/`.
//!
//! Each map is built by this binary run again with `SCALE_BUILD` naming the
//! family (and `SCALE_BUILD_SEED`, `SCALE_BUILD_TILES`): it writes the map
//! file to `SCALE_MAP`. A case is this binary run again with `SCALE_CASE`
//! naming the engine: it parses the map file, resets its peak-memory mark,
//! runs the engine a few times and prints what it measured as one line.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark prints its tables and progress"
)]

#[path = "scale/cases.rs"]
mod cases;
#[path = "scale/engines.rs"]
mod engines;
#[path = "scale/families.rs"]
mod families;
#[path = "scale/rows.rs"]
mod rows;
#[path = "scale/selection.rs"]
mod selection;
#[path = "scale/tables.rs"]
mod tables;

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process;

use cases::{BUILD, CASE, Settings};
use rows::{GivenUp, check, measure_map};
use selection::Selection;

/// Sides in tiles; the generator's side in cells is `(tiles - 1) / 2`.
const SIZES: [usize; 6] = [41, 101, 201, 501, 1001, 2001];

/// Where cargo put this binary's target directory (`<target>/release/deps/scale-…`).
fn target_dir() -> PathBuf {
    env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// The map directory, emptied of the maps of earlier runs.
fn map_dir(target: &std::path::Path) -> PathBuf {
    let maps = target.join("scale-maps");
    fs::create_dir_all(&maps).expect("the map directory can be created");
    for entry in fs::read_dir(&maps).into_iter().flatten().flatten() {
        if entry.path().extension().is_some_and(|e| e == "txt") {
            let _ = fs::remove_file(entry.path());
        }
    }
    maps
}

fn main() {
    if let Ok(engine) = env::var(CASE) {
        return cases::child(&engine);
    }
    if let Ok(kind) = env::var(BUILD) {
        return cases::build_child(&kind);
    }
    let selection = Selection::from_args().unwrap_or_else(|e| {
        eprintln!("scale: {e}");
        process::exit(2);
    });
    let settings = Settings::from_env();
    for (kind, seeds, origin) in &selection.kinds {
        let seeds: Vec<String> = seeds.iter().flatten().map(|s| format!(" {s}")).collect();
        eprintln!("scale: {} ({}){}", kind.name, origin.name(), seeds.concat());
    }
    eprintln!("scale: replay with {}", selection.replay());
    let target = target_dir();
    let maps = map_dir(&target);
    let (mut rows, mut given_up, mut problems) = (Vec::new(), GivenUp::new(), Vec::new());
    for &tiles in &selection.sizes {
        for (kind, seeds, _) in &selection.kinds {
            for &seed in seeds {
                let row = measure_map(
                    (kind, seed),
                    tiles,
                    &selection,
                    &settings,
                    &maps,
                    &mut given_up,
                );
                problems.extend(check(&row));
                rows.push(row);
            }
        }
    }
    let mut report = format!(
        "# Scale benchmark\n\n{}\n## Median and worst seed\n\n{}\n\
         Per family, size and engine: the seed of the median time (the lower one of an even \
         count) and the slowest seed; a case that did not finish counts as the slowest. ms is \
         the median of a case's runs, MB its peak resident memory while solving, positions the \
         positions stored (expanded for engines that store none), questions/s the oracle's \
         questions over the time, × floor the time over the dragon-free floor on the same map. \
         Not run: Floyd–Warshall runs up to SCALE_FW_MAX_TILES = {} tiles. skipped: the engine \
         timed out or ran out of memory on a smaller map of the same family and seed.\n\n\
         ## Maps\n\n{}\n## Every case\n\n{}",
        tables::header(&selection, &settings),
        tables::summary(&rows, &settings),
        settings.fw_max_tiles,
        tables::maps(&rows, &settings),
        tables::details(&rows, &settings)
    );
    if !problems.is_empty() {
        report += "\n## Problems (each is a bug)\n\n";
        problems.iter().for_each(|p| report += &format!("- {p}\n"));
    }
    print!("{report}");
    let out = target.join("scale.md");
    match fs::write(&out, &report) {
        Ok(()) => eprintln!("written to {}", out.display()),
        Err(e) => eprintln!("scale: cannot write {}: {e}", out.display()),
    }
    if !problems.is_empty() {
        eprintln!("scale: failures or disagreements between engines (each is a bug):");
        problems.iter().for_each(|p| eprintln!("  {p}"));
        process::exit(1);
    }
}
