//! Checks of the library's solutions against the brute-force solver: the
//! answer in every tie mode, the bounds between the modes, and the line
//! itself replayed under the rules.

use std::collections::HashMap;

use dragon_escape::{
    Direction, Ending, Move, Options, Outcome, Pos, Priority, Puzzle, Rules, Solution, Solver,
    Speed, Ties, solve,
};
use proptest::prelude::*;

use crate::support::brute::{Answer, Brute, Cell, DIRS, Mode, Position};

/// The default options with the tie rule `ties`.
pub(crate) fn options(ties: Ties) -> Options {
    options_at(ties, 1)
}

/// The default options with the tie rule `ties` and a dragon of `speed`
/// steps a turn.
pub(crate) fn options_at(ties: Ties, speed: usize) -> Options {
    options_with(ties, speed, false)
}

/// [`options_at`], with waiting when `wait`.
pub(crate) fn options_with(ties: Ties, speed: usize, wait: bool) -> Options {
    Options::default().with_rules(
        Rules::default()
            .with_ties(ties)
            .with_speed(Speed::new(speed as u32).expect("a speed from 1 to 8"))
            .with_wait(wait),
    )
}

/// A line as the rules pages write it, a turn a string:
/// `Down (2,1) dragon (3,2)`, in (row, column) from 0.
pub(crate) fn line_text(solution: &Solution) -> Vec<String> {
    solution
        .turns
        .iter()
        .map(|t| {
            format!(
                "{} ({},{}) dragon ({},{})",
                t.step, t.hero.row, t.hero.col, t.dragon.row, t.dragon.col
            )
        })
        .collect()
}

/// The solution's outcome in the brute force's terms.
pub(crate) fn answer(solution: &Solution) -> Answer {
    match solution.outcome {
        Outcome::Escaped { steps } => Answer::Escaped(steps),
        Outcome::NoPath => Answer::NoPath,
        Outcome::Caught { .. } => Answer::Caught,
    }
}

/// The brute force's mode for a tie rule.
pub(crate) fn brute_mode(ties: Ties) -> Mode {
    match ties {
        Ties::Priority(p) => Mode::Priority(p.order().map(|d| d as usize)),
        Ties::Adversarial => Mode::Adversarial,
        Ties::Optimistic => Mode::Optimistic,
    }
}

/// The tie rule as failure messages name it, with the order for priority.
pub(crate) fn label(ties: Ties) -> String {
    match ties {
        Ties::Priority(p) => format!("priority {p}"),
        _ => ties.name().into(),
    }
}

/// A position in the brute force's terms.
pub(crate) fn cell(pos: dragon_escape::Pos) -> Cell {
    (pos.row as i64, pos.col as i64)
}

/// Any of the 24 direction orders.
pub(crate) fn priority_strategy() -> impl Strategy<Value = Priority> {
    Just(Direction::ALL)
        .prop_shuffle()
        .prop_map(|order| Priority::new(order).unwrap())
}

/// Any tie rule: a random priority order, adversarial or optimistic.
pub(crate) fn any_ties() -> impl Strategy<Value = Ties> {
    prop_oneof![
        priority_strategy().prop_map(Ties::Priority),
        Just(Ties::Adversarial),
        Just(Ties::Optimistic),
    ]
}

/// Replays a solution's line under the rules, checking every move.
pub(crate) fn check_line(brute: &Brute, ties: Ties, solution: &Solution) -> Result<(), String> {
    let escaped = solution.outcome.steps().is_some();
    let steps = solution.turns.len();
    if let Some(n) = solution.outcome.steps() {
        if n != steps {
            return Err(format!("{steps} turns for {n} steps"));
        }
    }
    if solution.outcome == Outcome::NoPath && steps > 0 {
        return Err("a line without a path".into());
    }
    let (mut hero, mut dragon) = (brute.hero, brute.dragon);
    for (i, turn) in solution.turns.iter().enumerate() {
        let to = moved_to(brute, hero, turn, i)?;
        if !brute.legal(to, dragon) {
            return Err(format!(
                "turn {i}: illegal move to {to:?} with the dragon on {dragon:?}"
            ));
        }
        hero = to;
        if escaped && i + 1 == steps {
            if hero != brute.exit || cell(turn.dragon) != dragon {
                return Err("the last move must reach the exit with the dragon still".into());
            }
        } else {
            if hero == brute.exit {
                return Err(format!("turn {i}: reached the exit early"));
            }
            // Survival lines of the optimistic bound follow the official rule.
            let mode = match ties {
                Ties::Optimistic if !escaped => Mode::Priority([0, 1, 2, 3]),
                _ => brute_mode(ties),
            };
            let replies = brute.replies(mode, dragon, hero);
            if !replies.contains(&cell(turn.dragon)) {
                return Err(format!(
                    "turn {i}: the dragon cannot move to {}",
                    turn.dragon
                ));
            }
            dragon = cell(turn.dragon);
        }
    }
    if solution.outcome.is_caught() {
        check_survival(brute, ties, solution, steps)?;
        let stuck = brute.hero_moves(hero, dragon).is_empty();
        let repeats = solution.turns[..steps.saturating_sub(1)]
            .iter()
            .map(|t| (cell(t.hero), cell(t.dragon)))
            .chain([(brute.hero, brute.dragon)])
            .any(|p| p == (hero, dragon));
        if solution.endless() && !repeats || !solution.endless() && !stuck {
            return Err("a caught line must end stuck, or in a repeat when endless".into());
        }
    }
    Ok(())
}

/// Checks an adversarial escape line from the brute force's start against
/// its guaranteed `values` (from [`Brute::guaranteed_values`]): each position
/// on it is worth exactly the moves the line has left (the hero's moves are
/// optimal), and each dragon reply is a worst case, a shortest step of
/// maximal value (no guarantee counting as infinity).
pub(crate) fn check_worst_replies(
    brute: &Brute,
    values: &HashMap<(Cell, Cell), usize>,
    solution: &Solution,
) -> Result<(), String> {
    let value = |hero: Cell, dragon: Cell| values.get(&(hero, dragon)).copied();
    let rank = |v: Option<usize>| v.unwrap_or(usize::MAX);
    let steps = solution.turns.len();
    let (mut hero, mut dragon) = (brute.hero, brute.dragon);
    for (i, turn) in solution.turns.iter().enumerate() {
        let worth = value(hero, dragon);
        if worth != Some(steps - i) {
            return Err(format!(
                "turn {i}: hero {hero:?}, dragon {dragon:?} is worth {worth:?} moves, \
                 the line takes {}",
                steps - i
            ));
        }
        hero = cell(turn.hero);
        if i + 1 == steps {
            break;
        }
        let reply = cell(turn.dragon);
        let worst = brute
            .replies(Mode::Adversarial, dragon, hero)
            .into_iter()
            .map(|r| value(hero, r))
            .max_by_key(|&v| rank(v))
            .expect("the dragon has a reply");
        if rank(value(hero, reply)) != rank(worst) {
            return Err(format!(
                "turn {i}: the dragon replies {reply:?} (worth {:?}), a worst case is worth {worst:?}",
                value(hero, reply)
            ));
        }
        dragon = reply;
    }
    Ok(())
}

/// Solves `map` in one mode and checks it against the brute force: the
/// answer, the line, and for adversarial escapes its worst-case replies.
/// The dragon takes `speed` steps a turn.
pub(crate) fn check_mode_with(
    map: &str,
    ties: Ties,
    speed: usize,
    wait: bool,
) -> Result<Answer, String> {
    let fail = |e: String| {
        format!(
            "{} ties, dragon speed {speed}, waiting {wait}: {e}\n{map}",
            label(ties)
        )
    };
    let puzzle: Puzzle = map.parse().map_err(|e| fail(format!("{e}")))?;
    let brute = Brute::from_ascii(map).at_speed(speed).with_wait(wait);
    let options = options_with(ties, speed, wait);
    let solution = solve(&puzzle, &options).map_err(|e| fail(format!("{e}")))?;
    let expected = brute.solve(brute_mode(ties));
    if answer(&solution) != expected {
        return Err(fail(format!(
            "solver says {:?}, brute force {expected:?}",
            answer(&solution)
        )));
    }
    check_line(&brute, ties, &solution).map_err(fail)?;
    if ties == Ties::Adversarial && solution.outcome.steps().is_some() {
        check_worst_replies(&brute, &brute.guaranteed_values(), &solution).map_err(fail)?;
    }
    check_without_caught_line(&puzzle, &options, &solution).map_err(fail)?;
    Ok(expected)
}

/// Solved without the caught line, `puzzle` has the same answer as
/// `solution` (solved with it under `options`): when the line is skipped,
/// the same endless verdict and no turns, otherwise the same solution.
fn check_without_caught_line(
    puzzle: &Puzzle,
    options: &Options,
    solution: &Solution,
) -> Result<(), String> {
    let options = (*options).with_caught_line(false);
    let lean = solve(puzzle, &options).map_err(|e| format!("without the caught line: {e}"))?;
    match lean.outcome {
        Outcome::Caught {
            line: Ending::Skipped { endless },
        } => {
            if !solution.outcome.is_caught() || endless != solution.endless() {
                return Err(format!(
                    "without the caught line: {:?}, endless {endless}; with it: {:?}, endless {}",
                    lean.outcome,
                    solution.outcome,
                    solution.endless()
                ));
            }
            if !lean.turns.is_empty() {
                return Err(format!(
                    "a skipped line must be caught and empty: {:?}, {} turns",
                    lean.outcome,
                    lean.turns.len()
                ));
            }
        }
        _ if lean != *solution => {
            return Err(format!(
                "without the caught line the solution changed:\n{lean:?}\nagainst\n{solution:?}"
            ));
        }
        _ => {}
    }
    Ok(())
}

/// Checks every mode and the ordering optimistic <= priority <= adversarial.
pub(crate) fn check_all(map: &str, priority: Priority) -> Result<(), String> {
    check_all_at(map, priority, 1)
}

/// [`check_all`] with a dragon of `speed` steps a turn.
pub(crate) fn check_all_at(map: &str, priority: Priority, speed: usize) -> Result<(), String> {
    check_all_with(map, priority, speed, false)
}

/// [`check_all_at`], with waiting when `wait`.
pub(crate) fn check_all_with(
    map: &str,
    priority: Priority,
    speed: usize,
    wait: bool,
) -> Result<(), String> {
    let optimistic = check_mode_with(map, Ties::Optimistic, speed, wait)?;
    let official = check_mode_with(map, Ties::default(), speed, wait)?;
    let custom = check_mode_with(map, Ties::Priority(priority), speed, wait)?;
    let adversarial = check_mode_with(map, Ties::Adversarial, speed, wait)?;
    for (order, rule) in [(Priority::OFFICIAL, official), (priority, custom)] {
        if !(optimistic.rank() <= rule.rank() && rule.rank() <= adversarial.rank()) {
            return Err(format!(
                "bounds broken: optimistic {optimistic:?} <= priority {order} {rule:?} \
                 <= adversarial {adversarial:?}\n{map}"
            ));
        }
    }
    Ok(())
}

/// Solves `map` adversarially from many starts and checks each against the
/// brute force's guaranteed values, computed once for the map: the answer,
/// and for escapes the line and its worst-case replies. The starts are about
/// `starts` positions spread evenly over those with the dragon 1 to 3 steps
/// from the exit, and as many over all positions (the hero off the exit).
pub(crate) fn check_many_starts(map: &str, starts: usize) -> Result<(), String> {
    check_many_starts_at(map, starts, 1)
}

/// [`check_many_starts`] with a dragon of `speed` steps a turn.
pub(crate) fn check_many_starts_at(map: &str, starts: usize, speed: usize) -> Result<(), String> {
    check_many_starts_with(map, starts, speed, false)
}

/// [`check_many_starts_at`], with waiting when `wait`.
pub(crate) fn check_many_starts_with(
    map: &str,
    starts: usize,
    speed: usize,
    wait: bool,
) -> Result<(), String> {
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}\n{map}"))?;
    let solver = Solver::new(&puzzle);
    let mut brute = Brute::from_ascii(map).at_speed(speed).with_wait(wait);
    let values = brute.guaranteed_values();
    let exit = brute.exit;
    let mut cells: Vec<Cell> = brute.free.iter().copied().collect();
    cells.sort();
    let all: Vec<(Cell, Cell)> = cells
        .iter()
        .flat_map(|&h| cells.iter().map(move |&d| (h, d)))
        .filter(|&(h, d)| h != d && h != exit)
        .collect();
    let near: Vec<(Cell, Cell)> = all
        .iter()
        .copied()
        .filter(|&(_, d)| {
            brute
                .distance(d, exit)
                .is_some_and(|n| (1..=3).contains(&n))
        })
        .collect();
    let pos = |c: Cell| Pos::new(c.0 as usize, c.1 as usize);
    for (hero, dragon) in spread(&near, starts).chain(spread(&all, starts)) {
        let fail = |e: String| {
            format!(
                "adversarial ties, dragon speed {speed}, waiting {wait}, \
                 from hero {hero:?}, dragon {dragon:?} \
                 (row, column): {e}\n{}",
                with_pieces(map, hero, dragon)
            )
        };
        (brute.hero, brute.dragon) = (hero, dragon);
        let solution = solver
            .solve_from(
                pos(hero),
                pos(dragon),
                &options_with(Ties::Adversarial, speed, wait),
            )
            .map_err(|e| fail(format!("{e}")))?;
        let expected = match values.get(&(hero, dragon)) {
            _ if brute.distance(hero, exit).is_none() => Answer::NoPath,
            Some(&n) => Answer::Escaped(n),
            None => Answer::Caught,
        };
        if answer(&solution) != expected {
            return Err(fail(format!(
                "solver says {:?}, brute force {expected:?}",
                answer(&solution)
            )));
        }
        if let Answer::Escaped(_) = expected {
            check_line(&brute, Ties::Adversarial, &solution).map_err(fail)?;
            check_worst_replies(&brute, &values, &solution).map_err(fail)?;
        }
    }
    Ok(())
}

/// `map` with the hero and the dragon moved to `hero` and `dragon` (a
/// dragon on the exit is not shown).
fn with_pieces(map: &str, hero: Cell, dragon: Cell) -> String {
    let mut out = String::new();
    for (r, line) in map.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let here = (r as i64, c as i64);
            out.push(match ch {
                'E' => 'E',
                _ if here == hero => 'H',
                _ if here == dragon => 'D',
                'H' | 'D' => '.',
                _ => ch,
            });
        }
        out.push('\n');
    }
    out
}

/// About `n` items spread evenly over `items`.
fn spread<T: Copy>(items: &[T], n: usize) -> impl Iterator<Item = T> + '_ {
    let stride = items.len().div_ceil(n.max(1)).max(1);
    items.iter().copied().step_by(stride)
}

/// Replays a solution's line on a map with the variants' pieces
/// (docs/RULES.md "Several dragons", "Keys and doors") under the brute
/// force's rules: every move legal, the keys taken and doors opened as the
/// move says, every set of dragons (the first in [`Turn`]'s `dragon`, the
/// others in [`Solution::pieces_after`], in row-major order, merged ones
/// once) allowed by the tie rule, an escape ending on the exit after N
/// moves with the dragons still, an adversarial escape worth exactly its
/// remaining moves at every position (optimal hero moves, worst replies),
/// and a caught line as long as the hero can survive, ending stuck or, when
/// endless, in a repeat.
///
/// [`Turn`]: dragon_escape::Turn
pub(crate) fn check_variant_line(
    brute: &Brute,
    ties: Ties,
    puzzle: &Puzzle,
    solution: &Solution,
) -> Result<(), String> {
    let cells = |list: &[Pos]| list.iter().map(|&p| cell(p)).collect::<Vec<Cell>>();
    if cells(puzzle.keys()) != brute.keys || cells(puzzle.doors()) != brute.doors {
        return Err("the puzzle's keys or doors are not the map's, in reading order".into());
    }
    let steps = solution.turns.len();
    let escaped = solution.outcome.steps().is_some();
    if let Some(n) = solution.outcome.steps() {
        if n != steps {
            return Err(format!("{steps} turns for {n} steps"));
        }
    }
    if solution.outcome == Outcome::NoPath && steps > 0 {
        return Err("a line without a path".into());
    }
    // The dragons after `i` turns, as the solution draws them.
    let dragons_after = |i: usize| -> Result<Vec<Cell>, String> {
        let first = match i {
            0 => solution.dragon,
            _ => solution.turns[i - 1].dragon,
        };
        let all: Vec<Cell> = [first]
            .into_iter()
            .chain(solution.pieces_after(i).others.iter())
            .map(cell)
            .collect();
        if all.windows(2).any(|pair| pair[0] >= pair[1]) {
            return Err(format!(
                "after {i} turns: the dragons {all:?} are not in row-major order, each once"
            ));
        }
        Ok(all)
    };
    let mut position = brute.start();
    if cell(solution.hero) != position.hero || dragons_after(0)? != position.dragons {
        return Err("the line does not start on the map's pieces".into());
    }
    let values = (ties == Ties::Adversarial && escaped)
        .then(|| brute.values_from(std::slice::from_ref(&position)));
    let mut seen: Vec<Position> = vec![position.clone()];
    for (i, turn) in solution.turns.iter().enumerate() {
        if let Some(values) = &values {
            let worth = values.get(&position).copied();
            if worth != Some(steps - i) {
                return Err(format!(
                    "turn {i}: {position:?} is worth {worth:?} moves, the line takes {}",
                    steps - i
                ));
            }
        }
        let to = moved_to(brute, position.hero, turn, i)?;
        let Some(half) = brute.moves(&position).into_iter().find(|m| m.hero == to) else {
            return Err(format!(
                "turn {i}: illegal move {} from {position:?}",
                turn.step
            ));
        };
        let locks = solution.pieces_after(i + 1).locks;
        if (u32::from(locks.taken), u32::from(locks.opened)) != (half.taken, half.opened) {
            return Err(format!(
                "turn {i}: keys taken {:#b}, doors opened {:#b}; the rules say {:#b}, {:#b}",
                locks.taken, locks.opened, half.taken, half.opened
            ));
        }
        let dragons = dragons_after(i + 1)?;
        if escaped && i + 1 == steps {
            if half.hero != brute.exit || dragons != position.dragons {
                return Err("the last move must reach the exit with the dragons still".into());
            }
            position = half;
            break;
        }
        if half.hero == brute.exit {
            return Err(format!("turn {i}: reached the exit early"));
        }
        // Survival lines of the optimistic bound follow the official rule.
        let mode = match ties {
            Ties::Optimistic if !escaped => Mode::Priority([0, 1, 2, 3]),
            _ => brute_mode(ties),
        };
        if !brute.dragon_replies(mode, &half).contains(&dragons) {
            return Err(format!(
                "turn {i}: the dragons cannot move to {dragons:?} from {:?}",
                position.dragons
            ));
        }
        position = Position { dragons, ..half };
        seen.push(position.clone());
    }
    if escaped && position.hero != brute.exit {
        return Err("an escape that does not end on the exit".into());
    }
    if solution.outcome.is_caught() {
        check_survival(brute, ties, solution, steps)?;
        let stuck = brute.moves(&position).is_empty();
        let repeats = seen[..seen.len() - 1].contains(&position);
        if solution.endless() && !repeats || !solution.endless() && !stuck {
            return Err("a caught line must end stuck, or in a repeat when endless".into());
        }
    }
    Ok(())
}

/// Where turn `i`'s move takes the hero from `hero`, checked against the
/// cell the turn names.
fn moved_to(
    brute: &Brute,
    hero: Cell,
    turn: &dragon_escape::Turn,
    i: usize,
) -> Result<Cell, String> {
    let to = match turn.step {
        Move::Step(d) => {
            let (dr, dc) = DIRS[d as usize];
            (hero.0 + dr, hero.1 + dc)
        }
        Move::Wait if brute.wait => hero,
        Move::Wait => return Err(format!("turn {i}: a wait, and waiting is off")),
    };
    if cell(turn.hero) != to {
        return Err(format!(
            "turn {i}: the move {} does not lead to {}",
            turn.step, turn.hero
        ));
    }
    Ok(to)
}

/// A caught line's length against the brute force's longest survival
/// (`None`: endless), under the default order for the optimistic bound.
fn check_survival(
    brute: &Brute,
    ties: Ties,
    solution: &Solution,
    steps: usize,
) -> Result<(), String> {
    let mode = match ties {
        Ties::Optimistic => Mode::Priority([0, 1, 2, 3]),
        _ => brute_mode(ties),
    };
    let expected = brute.survival(mode);
    let got = (!solution.endless()).then_some(steps);
    if got != expected {
        return Err(format!(
            "survives {got:?} turns, brute force says {expected:?}"
        ));
    }
    Ok(())
}
