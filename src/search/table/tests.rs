//! The tables' own checks: the verifier catches a changed value, and the
//! budget and the starts are refused in sentences that name what would do.

use super::*;
use crate::error::Resource;
use crate::search::tests::{every_rule_set, random_map};
use crate::search::{Options, Solver};
use crate::{Error, Puzzle};

/// The verifier finds a table that was changed at any one position, to
/// any other value.
#[test]
fn the_verifier_catches_any_changed_value() {
    let mut caught = 0;
    for seed in 0..60 {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        for rules in every_rule_set() {
            let options = Options {
                rules,
                ..Options::default()
            };
            let table = Solver::new(&puzzle).table(&options).unwrap();
            assert!(table.verify().is_ok(), "seed {seed}, {rules:?}");
            let n = table.cells();
            let p = (seed as usize * 7919) % (n * n);
            // A hero on the exit has escaped, whatever the table holds.
            if p / n == p % n || p / n == table.graph.exit().index() {
                continue;
            }
            let Values::Pairs(values) = &table.values else {
                panic!("one dragon, no keys or doors: a dense table");
            };
            for word in [0, 1, 7, LOST, LOST | 3, ENDLESS] {
                if word == values[p] {
                    continue;
                }
                let mut changed = table.clone();
                if let Values::Pairs(values) = &mut changed.values {
                    values[p] = word;
                }
                assert!(
                    changed.verify().is_err(),
                    "seed {seed}, {rules:?}, word {word:#x}"
                );
                caught += 1;
            }
        }
    }
    assert!(caught > 1000, "only {caught} changes tried");
}

/// A table past the budget is refused before it is built, with a sentence
/// naming a budget that holds it, and that budget does.
#[test]
fn a_table_past_the_budget_names_one_that_holds_it() {
    let map = "H.........\n..........\n..........\n..........\n.........D\n\
               ..........\n..........\n..........\n..........\nE.........";
    let puzzle: Puzzle = map.parse().unwrap();
    let solver = Solver::new(&puzzle);
    let small = Options {
        max_memory: 50_000,
        ..Options::default()
    };
    let Err(Error::TooLarge { resource, message }) = solver.table(&small) else {
        panic!("a 100-cell table fits 50 kB");
    };
    assert_eq!(resource, Resource::Positions);
    let mib = message
        .split("a budget of ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" MiB holds it"))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("no budget named: {message}"));
    let enough = Options {
        max_memory: mib << 20,
        ..Options::default()
    };
    assert!(solver.table(&enough).is_ok());
    assert!(solver.table_bytes_needed(small.rules) > small.max_memory);
}

/// A map of several dragons whose starts do not fit the budget is refused
/// before anything is built, with their count.
#[test]
fn variant_starts_past_the_budget_are_counted() {
    let puzzle: Puzzle = "H.........\n..........\n....DD....\n..........\n.........E"
        .parse()
        .unwrap();
    let options = Options {
        max_memory: 1 << 20,
        ..Options::default()
    };
    let error = Solver::new(&puzzle).table(&options).unwrap_err();
    let Error::TooLarge { resource, message } = &error else {
        panic!("{error}");
    };
    assert_eq!(*resource, Resource::Positions);
    // 49 hero cells, each with two dragons on any 2 of the 49 others.
    assert!(message.contains("57624 positions"), "{message}");
}
