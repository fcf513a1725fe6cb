//! Benchmarks of the maze generator, with fixed seeds.
//!
//! - `carve/<algorithm>`: carving a 1001x1001-cell maze, reported in cells
//!   per second.
//! - `default-2001`: the default algorithm on a 2001x2001-cell maze, carving
//!   alone and with braiding and the tile grid (what `generate-maze
//!   --no-verify` does before placing the pieces).
//!
//! Run with `cargo bench --features mapgen --bench generate`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dragon_escape::mapgen::{Algorithm, Config, Tuning, braid};

const SEED: u64 = 2024;

fn carve(c: &mut Criterion) {
    let side = 1001;
    let mut group = c.benchmark_group("carve");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements((side * side) as u64));
    for algorithm in Algorithm::ALL {
        group.bench_function(BenchmarkId::new(algorithm.name(), side), |b| {
            b.iter(|| algorithm.maze(side, side, &Tuning::default(), SEED));
        });
    }
    group.finish();
}

fn default_2001(c: &mut Criterion) {
    let side = 2001;
    let algorithm = Algorithm::default();
    let mut group = c.benchmark_group("default-2001");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements((side * side) as u64));
    group.bench_function(BenchmarkId::new("carve", algorithm.name()), |b| {
        b.iter(|| algorithm.maze(side, side, &Tuning::default(), SEED));
    });
    group.bench_function(
        BenchmarkId::new("carve+braid+grid", algorithm.name()),
        |b| {
            b.iter(|| {
                let mut maze = algorithm.maze(side, side, &Tuning::default(), SEED);
                braid(&mut maze, Config::DEFAULT_BRAID, SEED);
                black_box(maze.walls())
            });
        },
    );
    group.finish();
}

criterion_group!(benches, carve, default_2001);
criterion_main!(benches);
