//! The search's budgets, and the two engines against each other.

use super::*;
use crate::search::rules::Ties;

/// A small random map (xorshift from `seed`): open, with pillars and
/// walls at the given per-mille density, sometimes without a border.
pub(super) fn random_map(seed: u64) -> Option<Puzzle> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let (h, w) = (3 + next(10) as usize, 3 + next(10) as usize);
    let density = next(350);
    let mut walls: Vec<bool> = (0..h * w).map(|_| next(1000) < density).collect();
    let mut cell = || {
        let i = next((h * w) as u64) as usize;
        Pos::new(i / w, i % w)
    };
    let (hero, dragon, exit) = (cell(), cell(), cell());
    for p in [hero, dragon, exit] {
        walls[p.row * w + p.col] = false;
    }
    if hero == dragon || hero == exit || dragon == exit {
        return None;
    }
    Puzzle::new(w, h, walls, hero, dragon, exit).ok()
}

/// An open room takes the adversarial search many positions: a budget
/// that holds the oracle but not them ends in the positions' error,
/// naming how many were stored; a larger one solves.
#[test]
fn the_search_stops_at_its_budget() {
    let side = 30;
    let walls = vec![false; side * side];
    let puzzle = Puzzle::new(
        side,
        side,
        walls,
        Pos::new(0, 0),
        Pos::new(0, side - 1),
        Pos::new(side - 1, side - 1),
    )
    .unwrap();
    let solver = Solver::new(&puzzle);
    let with = |max_memory| {
        let mut options = Options {
            max_memory,
            ..Options::default()
        };
        options.rules.ties = Ties::Adversarial;
        solver.solve(&options)
    };
    match with(512 << 10) {
        Err(Error::TooLarge {
            resource: Resource::Positions,
            message,
        }) => assert!(message.contains("positions"), "{message}"),
        other => panic!("expected the positions' budget error, got {other:?}"),
    }
    assert!(with(256 << 20).is_ok());
}

/// A budget whose half cannot hold the default oracle's fixed part,
/// but whose rest after the graph can, still solves, with the same
/// answers (the oracle caches no field); with less, the error names a
/// budget that does.
#[test]
fn an_oracle_past_half_the_budget_still_solves() {
    // A serpentine corridor with one shortcut (a loop, so no closed
    // form), the hero on its last straight: the positions are few.
    let side = 41;
    let walls: Vec<bool> = (0..side * side)
        .map(|i| {
            let (row, col) = (i / side, i % side);
            let turn = if row / 2 % 2 == 0 { side - 1 } else { 0 };
            row % 2 == 1 && col != turn && !(row == 1 && col == side / 2)
        })
        .collect();
    let puzzle = Puzzle::new(
        side,
        side,
        walls,
        Pos::new(side - 1, 0),
        Pos::new(side / 2, side / 2),
        Pos::new(side - 1, side - 1),
    )
    .unwrap();
    let solver = Solver::new(&puzzle);
    let n = solver.graph.len();
    let fixed = crate::dragon::BfsFields::bytes_needed(n, 0);
    let held = solver.graph.bytes() + n * size_of::<u32>() + solver.hanging.bytes();
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let mut options = Options::default();
        options.rules.ties = ties;
        let roomy = solver.solve(&options).unwrap();
        let tight = Options {
            max_memory: held + fixed + fixed / 4,
            ..options
        };
        assert!(tight.max_memory / 2 < fixed, "{n} cells, {held} held");
        assert_eq!(solver.solve(&tight).unwrap(), roomy, "{ties:?}");
        let short = Options {
            max_memory: (held + fixed - 1).max(n * BYTES_PER_CELL),
            ..options
        };
        let error = solver.solve(&short).unwrap_err().to_string();
        assert!(
            error.contains("dragon oracle") && error.contains("or more"),
            "{error}"
        );
    }
}

#[test]
fn the_oracle_share_follows_the_budget() {
    for max_memory in [1 << 20, 4 << 30, 16 << 30] {
        let options = Options {
            max_memory,
            ..Options::default()
        };
        assert_eq!(options.oracle_budget(), max_memory / 2);
    }
    let capped = Options {
        oracle_memory: 1 << 20,
        ..Options::default()
    };
    assert_eq!(capped.oracle_budget(), 1 << 20);
}
