//! Solving benchmarks: the default engine and the Floyd–Warshall reference
//! on mazes made by the project's generator with fixed seeds.
//!
//! Run with `cargo bench --features mapgen --bench solve`. Each case prints
//! its puzzle's outcome and search statistics once before it is timed.

#![allow(
    clippy::print_stderr,
    reason = "a benchmark prints what each case solves"
)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dragon_escape::mapgen::{Config, generate};
use dragon_escape::{Options, OracleKind, Puzzle, Rules, Solver, Ties};

/// Maze sizes in cells: 20 and 100 cells a side are 41 and 201 tiles. The
/// 1001-tile case takes tens of seconds a solve for a far dragon today, too
/// long for repeated sampling; it is timed with `solve-maze --format json`
/// (see the README's performance section).
const SIZES: [usize; 2] = [20, 100];
/// Perfect mazes, and mazes with half their dead ends braided into loops.
const BRAIDS: [f64; 2] = [0.0, 0.5];
const SEED: u64 = 2026;

/// A generated puzzle. The dragon goes to a seeded random cell without
/// verification, so the set covers escapes and catches alike.
fn puzzle(cells: usize, braid: f64) -> Puzzle {
    let config = Config {
        braid,
        verify: false,
        ..Config::new(cells, cells)
    };
    generate(&config, SEED)
        .expect("the generator makes a puzzle")
        .puzzle
}

fn label(cells: usize, braid: f64) -> String {
    let side = 2 * cells + 1;
    if braid == 0.0 {
        format!("{side}x{side} perfect")
    } else {
        format!("{side}x{side} braid {braid}")
    }
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for cells in SIZES {
        for braid in BRAIDS {
            let puzzle = puzzle(cells, braid);
            let name = label(cells, braid);
            let mut engines = vec![
                ("default", OracleKind::Bfs, Ties::default()),
                ("adversarial", OracleKind::Bfs, Ties::Adversarial),
            ];
            if cells <= 20 {
                engines.push(("floyd-warshall", OracleKind::FloydWarshall, Ties::default()));
            }
            for (engine, oracle, ties) in engines {
                let options = Options::default()
                    .with_oracle(oracle)
                    .with_rules(Rules::default().with_ties(ties))
                    .with_oracle_memory(1 << 30);
                let solution = Solver::new(&puzzle).solve(&options).unwrap();
                eprintln!(
                    "{name} / {engine}: {:?}, {} states expanded, {} dragon queries",
                    solution.outcome, solution.stats.states_expanded, solution.stats.dragon_queries
                );
                group.bench_with_input(BenchmarkId::new(engine, &name), &puzzle, |b, p| {
                    b.iter(|| Solver::new(p).solve(&options).unwrap())
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, solving);
criterion_main!(benches);
