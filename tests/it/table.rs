//! The whole-map table (`Solver::table`) is exact: on random small maps
//! and the families where bugs live (open rooms, pillars, rings, dragon
//! near the exit, no border walls), under every tie rule, at speeds 1 and
//! 2, with and without waiting, its value of every position is the brute
//! force's (value iteration over every position, written from
//! docs/RULES.md alone), the forward solver's from a sample of starts, and
//! its own verifier passes. With several dragons, keys and doors the same
//! holds at every start the table takes (the hero on any free cell but
//! the exit and the keys, the dragons on any other cells, nothing taken),
//! and the forward solver agrees at the map's own start.

use dragon_escape::{Ending, Options, Outcome, Pos, Puzzle, Solution, Solver, Table, Ties, Value};
use proptest::prelude::*;

use crate::support::brute::{self, Brute, Cell, Worth};
use crate::support::check::{any_ties, brute_mode, label, options_with};
use crate::support::random::{Placement, family, small_map, variant_map};

/// How many starts per map the forward solver is asked about, at most.
const STARTS: usize = 150;

fn pos(cell: Cell) -> Pos {
    Pos::new(cell.0 as usize, cell.1 as usize)
}

/// The brute force's worth as the table's value.
fn value_of(worth: Worth) -> Value {
    match worth {
        Worth::Escape(moves) => Value::Escape { moves },
        Worth::Caught(moves) => Value::Caught { moves },
        Worth::Endless => Value::Endless,
    }
}

/// A map's case: its table built and verified under the rules, the
/// brute force under the same rules, and how a failure names the case.
struct Case<F> {
    fail: F,
    puzzle: Puzzle,
    options: Options,
    solver: Solver,
    table: Table,
    /// The positions the verifier checked.
    checked: usize,
    brute: Brute,
}

/// The case of `map` under `ties` at `speed` (with waiting when `wait`).
fn case(
    map: &str,
    ties: Ties,
    speed: usize,
    wait: bool,
) -> Result<Case<impl Fn(String) -> String + '_>, String> {
    let rules = format!(
        "{} at speed {speed}{}",
        label(ties),
        if wait { " with waiting" } else { "" }
    );
    let fail = move |what: String| format!("{what} ({rules}) on\n{map}");
    let puzzle: Puzzle = map.parse().map_err(|e| fail(format!("{e}")))?;
    let options = options_with(ties, speed, wait);
    let solver = Solver::new(&puzzle);
    let table = solver
        .table(&options)
        .map_err(|e| fail(format!("no table: {e}")))?;
    let checked = table.verify().map_err(|m| fail(m.to_string()))?;
    let brute = Brute::from_ascii(map).at_speed(speed).with_wait(wait);
    Ok(Case {
        fail,
        puzzle,
        options,
        solver,
        table,
        checked,
        brute,
    })
}

/// Whether the forward solver's `solution` says what the table's `value`
/// does: the same escape, no path where the table says caught or endless,
/// or as long a survival.
fn agrees(solution: &Solution, value: Value) -> bool {
    match (solution.outcome, value) {
        (Outcome::Escaped { steps }, Value::Escape { moves }) => steps == moves,
        (Outcome::NoPath, Value::Caught { .. } | Value::Endless) => true,
        (
            Outcome::Caught {
                line: Ending::Stuck,
            },
            Value::Caught { moves },
        ) => solution.turns.len() == moves,
        (
            Outcome::Caught {
                line: Ending::Endless,
            },
            Value::Endless,
        ) => true,
        _ => false,
    }
}

/// Builds and verifies the table of `map` under `ties` at `speed` (with
/// waiting when `wait`), then checks it against the brute force at every
/// position and the forward solver from up to [`STARTS`] starts.
fn check_table(map: &str, ties: Ties, speed: usize, wait: bool) -> Result<(), String> {
    let Case {
        fail,
        puzzle: _,
        options,
        solver,
        table,
        checked,
        brute,
    } = case(map, ties, speed, wait)?;
    let worths = brute.every_position(brute_mode(ties));
    if checked != worths.len() {
        return Err(fail(format!(
            "the verifier checked {checked} positions of {}",
            worths.len()
        )));
    }
    let mut pairs: Vec<(&(Cell, Cell), &Worth)> = worths.iter().collect();
    pairs.sort_by_key(|&(&cells, _)| cells);
    for &(&(h, d), &worth) in &pairs {
        let held = table.value(pos(h), pos(d));
        if held != Some(value_of(worth)) {
            return Err(fail(format!(
                "hero {h:?}, dragon {d:?}: the table holds {held:?}, the brute force {worth:?}"
            )));
        }
    }
    let every = pairs.len().div_ceil(STARTS).max(1);
    for &(&(h, d), &worth) in pairs.iter().step_by(every) {
        if h == brute.exit {
            continue;
        }
        let solution = solver
            .solve_from(pos(h), pos(d), &options)
            .map_err(|e| fail(format!("hero {h:?}, dragon {d:?}: {e}")))?;
        if !agrees(&solution, value_of(worth)) {
            return Err(fail(format!(
                "hero {h:?}, dragon {d:?}: the solver says {:?} in {} turns, the table {worth:?}",
                solution.outcome,
                solution.turns.len()
            )));
        }
    }
    Ok(())
}

/// [`check_table`] for a map of several dragons, keys or doors: every
/// start the table takes against the brute force, the map's own against
/// the forward solver.
fn check_variant_table(map: &str, ties: Ties, speed: usize, wait: bool) -> Result<(), String> {
    let Case {
        fail,
        puzzle,
        options,
        solver,
        table,
        checked: _,
        brute,
    } = case(map, ties, speed, wait)?;
    let count = puzzle.dragons().len();
    let mut free: Vec<Cell> = brute.free.iter().copied().collect();
    free.sort();
    let mut starts = Vec::new();
    for &hero in free
        .iter()
        .filter(|&&c| c != brute.exit && !brute.keys.contains(&c))
    {
        let others: Vec<Cell> = free.iter().copied().filter(|&c| c != hero).collect();
        for mask in 0u32..1 << others.len() {
            if mask.count_ones() as usize == count {
                let dragons = (0..others.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| others[i])
                    .collect();
                starts.push(brute::Position {
                    hero,
                    dragons,
                    taken: 0,
                    opened: 0,
                });
            }
        }
    }
    let worths = brute.worths(brute_mode(ties), &starts);
    for (start, worth) in starts.iter().zip(worths) {
        let dragons: Vec<Pos> = start.dragons.iter().map(|&d| pos(d)).collect();
        let held = table.value_with(pos(start.hero), &dragons);
        if held != Some(value_of(worth)) {
            return Err(fail(format!(
                "hero {:?}, dragons {:?}: the table holds {held:?}, the brute force {worth:?}",
                start.hero, start.dragons
            )));
        }
    }
    let solution = solver.solve(&options).map_err(|e| fail(e.to_string()))?;
    let held = table.value_with(puzzle.hero(), puzzle.dragons());
    if !held.is_some_and(|value| agrees(&solution, value)) {
        return Err(fail(format!(
            "the solver says {:?} in {} turns, the table {held:?}",
            solution.outcome,
            solution.turns.len()
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn small_maps_agree_everywhere(
        map in small_map(5),
        ties in any_ties(),
        speed in 1..=2usize,
        wait in any::<bool>(),
    ) {
        check_table(&map, ties, speed, wait).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn families_agree_everywhere(
        map in prop_oneof![
            family(7, 4, Placement::Anywhere),
            family(7, 4, Placement::DragonNearExit),
        ],
        ties in any_ties(),
        speed in 1..=2usize,
        wait in any::<bool>(),
    ) {
        check_table(&map, ties, speed, wait).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn variant_maps_agree_at_every_start(
        map in variant_map(4, 0.25),
        ties in any_ties(),
        speed in 1..=2usize,
        wait in any::<bool>(),
    ) {
        check_variant_table(&map, ties, speed, wait).map_err(TestCaseError::fail)?;
    }
}

/// The table's moves: from every position, the best move's value is the
/// position's, and a hero with no move is caught at once.
#[test]
fn the_best_move_is_the_position() {
    let puzzle: Puzzle =
        "#########\n#H......#\n#.##.##.#\n#...D...#\n#.##.##.#\n#......E#\n#########"
            .parse()
            .unwrap();
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let table = Solver::new(&puzzle)
            .table(&options_with(ties, 1, false))
            .unwrap();
        let cells: Vec<Pos> = table.with_dragon(puzzle.dragon()).map(|(p, _)| p).collect();
        for &hero in &cells {
            for &dragon in cells
                .iter()
                .filter(|&&d| d != hero && hero != puzzle.exit())
            {
                let value = table.value(hero, dragon).unwrap();
                let moves = table.moves(hero, dragon).unwrap();
                let best = moves
                    .iter()
                    .map(|&(_, v)| v)
                    .reduce(|a, b| if b.is_better_than(a) { b } else { a });
                assert_eq!(
                    best.unwrap_or(Value::Caught { moves: 0 }),
                    value,
                    "{hero} {dragon}"
                );
            }
        }
    }
}
