//! The hard-puzzle search: reproducible, within its budget, and better
//! than where it starts.

use std::ops::ControlFlow;

use super::*;
use crate::puzzle::{Pos, Puzzle};
use crate::search::{Solver, Value};

fn run(search: &HardSearch, seed: u64) -> (Hardest, Vec<Tick>) {
    let mut ticks = Vec::new();
    let found = find_hardest(search, seed, &mut |tick| {
        ticks.push(*tick);
        ControlFlow::Continue(())
    })
    .unwrap();
    (found, ticks)
}

#[test]
fn the_search_improves_on_its_first_board_within_its_budget() {
    let search = HardSearch {
        iterations: 300,
        ..HardSearch::new(7, 7)
    };
    let (found, ticks) = run(&search, 3);
    assert_eq!(found.iterations, 300);
    assert_eq!(ticks.len(), 300);
    assert!(found.found_at >= 1 && found.found_at <= 300, "{found}");
    assert!(found.moves > found.first, "{found}");
    assert_eq!(ticks.last().unwrap().best, found.moves);
    // The board's table agrees: no start of it escapes later.
    let table = Solver::new(&found.puzzle)
        .table(&Options::default())
        .unwrap();
    assert_eq!(
        table.value(found.puzzle.hero(), found.puzzle.dragon()),
        Some(Value::Escape { moves: found.moves })
    );
}

#[test]
fn the_same_seed_and_iterations_give_the_same_board() {
    for search in [
        HardSearch {
            iterations: 60,
            ..HardSearch::new(6, 5)
        },
        HardSearch {
            iterations: 40,
            keys: 1,
            ..HardSearch::new(5, 5)
        },
        HardSearch {
            iterations: 40,
            speed: Speed::new(2).unwrap(),
            ..HardSearch::new(5, 6)
        },
    ] {
        let (a, _) = run(&search, 11);
        let (b, _) = run(&search, 11);
        assert_eq!(a.puzzle.to_ascii(), b.puzzle.to_ascii());
        assert_eq!((a.moves, a.found_at), (b.moves, b.found_at));
    }
}

/// A run stopped after k iterations ends where a run of k iterations
/// does: the walk does not depend on the budget.
#[test]
fn a_stopped_run_is_replayed_by_its_iterations() {
    let long = HardSearch {
        iterations: 500,
        ..HardSearch::new(6, 6)
    };
    let stopped = find_hardest(&long, 5, &mut |tick| {
        if tick.iteration == 120 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap();
    assert_eq!(stopped.iterations, 120);
    let (replayed, _) = run(
        &HardSearch {
            iterations: 120,
            ..long
        },
        5,
    );
    assert_eq!(stopped.puzzle.to_ascii(), replayed.puzzle.to_ascii());
    assert_eq!(stopped.moves, replayed.moves);
}

#[test]
fn a_small_budget_values_boards_with_the_solver() {
    // Enough for the solver, not for half the table of the open board.
    let open = Puzzle::new(
        9,
        9,
        vec![false; 81],
        Pos::new(0, 0),
        Pos::new(8, 8),
        Pos::new(0, 8),
    )
    .unwrap();
    let table = Solver::new(&open).table_bytes_needed(Rules::default());
    let max_memory = table / 2 - 1;
    assert!(Solver::bytes_needed(&open) < max_memory);
    let search = HardSearch {
        iterations: 80,
        max_memory,
        ..HardSearch::new(9, 9)
    };
    let (found, _) = run(&search, 2);
    assert_eq!(found.evaluator, Evaluator::Solver);
    let solved = Solver::new(&found.puzzle)
        .solve(&Options::default())
        .unwrap();
    assert_eq!(solved.outcome.steps(), Some(found.moves));
}

#[test]
fn searches_that_cannot_work_say_why() {
    for (search, words) in [
        (HardSearch::new(2, 9), "3 to 64 tiles a side"),
        (HardSearch::new(65, 9), "3 to 64 tiles a side"),
        (
            HardSearch {
                dragons: 4,
                keys: 16,
                ..HardSearch::new(3, 3)
            },
            "do not fit",
        ),
    ] {
        let err = find_hardest(&search, 1, &mut |_| ControlFlow::Continue(()))
            .unwrap_err()
            .to_string();
        assert!(err.contains(words), "{err}");
    }
}
