//! The README's library example (README.md, "Library"), kept identical
//! to it by `tests/it/readme.rs` and run as a doctest of the crate.

use dragon_escape::{Options, Outcome, Puzzle, Rules, Solver, Ties, Value};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Puzzle = std::fs::read_to_string("examples/mazes/backstep.txt")?.parse()?;
    let solver = Solver::new(&puzzle);
    let solution = solver.solve(&Options::default())?;
    assert_eq!(solution.outcome, Outcome::Escaped { steps: 8 });
    // Every start at once, against a dragon that picks its worst step.
    let rules = Rules::default().with_ties(Ties::Adversarial);
    let table = solver.table(&Options::default().with_rules(rules))?;
    assert_eq!(
        table.value(puzzle.hero(), puzzle.dragon()),
        Some(Value::Escape { moves: 8 })
    );
    Ok(())
}
