//! Play mode's judged moves and table hints agree with the forward solver:
//! on random small maps and the families where bugs live, under every tie
//! rule, at speeds 1 and 2, with and without waiting, every legal move
//! from the positions of a played line is called a mistake exactly when
//! the solver, asked from the position before and the one after the
//! dragon's reply, says the move did worse than the best, and by as much;
//! the hint's value is the solver's. Games without a table say why.

use dragon_escape::play::{Command, Done, Hint, Loss, Mistake, NoTable, Play, State};
use dragon_escape::{Direction, Ending, Options, Outcome, Puzzle, Solver, Ties, solve};
use proptest::prelude::*;

use crate::support::check::{any_ties, label, options_with};
use crate::support::random::{Placement, family, small_map};

/// How many moves of a line are played and judged, at most.
const MOVES: usize = 8;

/// What the solver says a position is worth: as the table's values, with
/// no path apart (the solver gives no survival line there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Worth {
    Escape(usize),
    Caught(usize),
    Endless,
    NoPath,
}

impl Worth {
    fn of(solver: &Solver, play: &Play, options: &Options) -> Result<Worth, String> {
        if play.hero() == play.puzzle().exit() {
            return Ok(Worth::Escape(0));
        }
        let solution = solver
            .solve_from(play.hero(), play.dragon(), options)
            .map_err(|e| e.to_string())?;
        Ok(match solution.outcome {
            Outcome::Escaped { steps } => Worth::Escape(steps),
            Outcome::NoPath => Worth::NoPath,
            Outcome::Caught {
                line: Ending::Endless,
            } => Worth::Endless,
            Outcome::Caught { .. } => Worth::Caught(solution.turns.len()),
        })
    }

    /// One move earlier.
    fn before(self) -> Worth {
        match self {
            Worth::Escape(n) => Worth::Escape(n + 1),
            Worth::Caught(n) => Worth::Caught(n + 1),
            other => other,
        }
    }
}

/// The loss of a move worth `made` where the best is worth `best`, as the
/// rules say it: the longer escape, the escape lost, the endless run lost,
/// the shorter survival; `None` for as good a move. With no path only the
/// kind is known: a move is no mistake there unless judged by survival.
fn loss(best: Worth, made: Worth) -> Option<Option<Loss>> {
    Some(match (best, made) {
        (Worth::Escape(a), Worth::Escape(b)) => (b > a).then(|| Loss::Moves(b - a)),
        (Worth::Escape(_), _) => Some(Loss::Escape),
        (Worth::Endless, Worth::Caught(_)) => Some(Loss::Endless),
        (Worth::Caught(a), Worth::Caught(b)) => (b < a).then(|| Loss::Survival(a - b)),
        (Worth::NoPath, _) => return None,
        _ => None,
    })
}

fn moves(wait: bool) -> Vec<Command> {
    let mut all: Vec<Command> = Direction::ALL.into_iter().map(Command::Move).collect();
    if wait {
        all.push(Command::Wait);
    }
    all
}

/// Plays a line on `map` under the rules, choosing the moves by `choices`,
/// and checks every legal move of every position on it, and the hint.
fn check_judged(
    map: &str,
    ties: Ties,
    speed: usize,
    wait: bool,
    choices: &[usize],
) -> Result<(), String> {
    let rules = format!(
        "{} at speed {speed}{}",
        label(ties),
        if wait { " with waiting" } else { "" }
    );
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let options = options_with(ties, speed, wait);
    let solver = Solver::new(&puzzle);
    let optimum = solve(&puzzle, &options).map_err(|e| e.to_string())?.outcome;
    let mut play = Play::new(puzzle, options, optimum).map_err(|e| e.to_string())?;
    play.build_table(&Default::default())
        .map_err(|e| e.to_string())?;
    for &choice in choices.iter().take(MOVES) {
        if play.state() != State::Playing {
            break;
        }
        let at = format!(
            "hero {}, dragon {} ({rules}) on\n{map}",
            play.hero(),
            play.dragon()
        );
        let best = Worth::of(&solver, &play, &options)?;
        let hint = play.hint().ok_or_else(|| format!("no hint at {at}"))?;
        let hinted = match (hint, best) {
            (Hint::Escape { steps, .. }, Worth::Escape(n)) => steps == n,
            (Hint::Survive { moves, .. }, Worth::Caught(n)) => moves == n,
            (Hint::Run { .. }, Worth::Endless) => true,
            (Hint::Survive { .. } | Hint::Run { .. }, Worth::NoPath) => true,
            _ => false,
        };
        if !hinted {
            return Err(format!("{hint:?} where the solver says {best:?}, at {at}"));
        }
        let mut legal = Vec::new();
        for command in moves(wait) {
            let mut after = play.clone();
            let Ok(Done::Moved { mistake, .. }) = after.apply(command) else {
                continue;
            };
            let made = Worth::of(&solver, &after, &options)?.before();
            let said = mistake.map(|m: Mistake| m.loss);
            if let Some(expected) = loss(best, made) {
                if said != expected {
                    return Err(format!(
                        "{command:?}: judged {said:?}, the solver says {expected:?} \
                         ({best:?} at best, {made:?} made) at {at}"
                    ));
                }
            } else if matches!(said, Some(Loss::Moves(_) | Loss::Escape)) {
                return Err(format!("{command:?}: {said:?} with no path, at {at}"));
            }
            let hinted_step = match hint {
                Hint::Escape { step, .. } | Hint::Survive { step, .. } | Hint::Run { step } => {
                    Some(step)
                }
                _ => None,
            };
            if hinted_step.map(Command::from) == Some(command) && said.is_some() {
                return Err(format!("the hint {hint:?} is a mistake, at {at}"));
            }
            legal.push(after);
        }
        if legal.is_empty() {
            return Err(format!("no legal move while playing, at {at}"));
        }
        let next = legal.swap_remove(choice % legal.len());
        // The mistakes of the line are those said move by move.
        let before: Vec<Mistake> = play.mistakes().collect();
        let after: Vec<Mistake> = next.mistakes().collect();
        if after.len() < before.len() || after[..before.len()] != before[..] {
            return Err(format!("the line's mistakes changed: {after:?}, at {at}"));
        }
        play = next;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn small_maps_judge_as_the_solver(
        map in small_map(5),
        ties in any_ties(),
        speed in 1..=2usize,
        wait in any::<bool>(),
        choices in proptest::collection::vec(any::<usize>(), MOVES),
    ) {
        check_judged(&map, ties, speed, wait, &choices).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn families_judge_as_the_solver(
        map in prop_oneof![
            family(7, 4, Placement::Anywhere),
            family(7, 4, Placement::DragonNearExit),
        ],
        ties in any_ties(),
        speed in 1..=2usize,
        wait in any::<bool>(),
        choices in proptest::collection::vec(any::<usize>(), MOVES),
    ) {
        check_judged(&map, ties, speed, wait, &choices).map_err(TestCaseError::fail)?;
    }
}

const BACKSTEP: &str = "\
######
#H..##
#.#.##
#..D.E
######";

fn game(map: &str, options: Options) -> Play {
    let puzzle: Puzzle = map.parse().unwrap();
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    Play::new(puzzle, options, optimum).unwrap()
}

/// On the back-step map, stepping left at the tail's corner costs the
/// escape eight moves: the word after it, the count in the status line,
/// undo forgetting it, and the summary of the game that escapes late.
#[test]
fn a_costly_step_is_said_and_counted() {
    use Direction::{Down, Left, Right, Up};
    let mut play = game(BACKSTEP, Options::default());
    play.build_table(&Default::default()).unwrap();
    for d in [Down, Up, Right, Right, Down, Down] {
        let done = play.apply(Command::Move(d));
        assert!(
            matches!(done, Ok(Done::Moved { mistake: None, .. })),
            "{d:?}"
        );
    }
    let Ok(Done::Moved {
        mistake: Some(mistake),
        ..
    }) = play.apply(Command::Move(Left))
    else {
        panic!("left is a mistake");
    };
    assert_eq!(mistake.to_string(), "that step cost 8 moves");
    assert!(play.frame(None).status.ends_with("  mistakes 1"));
    play.apply(Command::Undo).unwrap();
    assert_eq!(play.mistakes().count(), 0);
    assert!(!play.frame(None).status.contains("mistakes"));
    play.apply(Command::Move(Left)).unwrap();
    while let Some(Hint::Escape { step, .. }) = play.hint() {
        play.apply(step.into()).unwrap();
    }
    assert_eq!(
        play.result().unwrap(),
        "You escaped in 16 steps. The optimum is 8 steps. 1 mistake, which cost 8 moves."
    );
}

/// On official example 1, stepping back up after the first step down
/// loses the escape, and the hero is caught at once: the result counts it.
#[test]
fn a_lost_escape_is_counted_when_the_game_ends() {
    let map = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mazes/official-1.txt"
    ))
    .unwrap();
    let mut play = game(&map, Options::default());
    play.build_table(&Default::default()).unwrap();
    play.apply(Command::Move(Direction::Down)).unwrap();
    let done = play.apply(Command::Move(Direction::Up)).unwrap();
    let Done::Moved {
        mistake: Some(mistake),
        ..
    } = done
    else {
        panic!("up is a mistake: {done:?}");
    };
    assert_eq!(
        mistake.to_string(),
        "that step lost the escape: undo with u"
    );
    assert_eq!(play.state(), State::Caught);
    assert_eq!(
        play.result().unwrap(),
        "Caught after 2 steps: no safe move left. The optimum is 16 steps. \
         1 mistake, which lost the escape."
    );
}

/// An open room of `side` x `side` cells: the hero and the exit at the
/// ends of the top row, the dragon at the bottom left.
fn room(side: usize) -> String {
    let mut rows = vec![".".repeat(side); side];
    rows[0] = format!("H{}E", ".".repeat(side - 2));
    rows[side - 1] = format!("D{}", ".".repeat(side - 1));
    rows.join("\n")
}

/// Without a table, the game says why, still hints and judges nothing.
#[test]
fn no_table_says_why() {
    let mut play = game("H..E\n....\nD..D", Options::default());
    assert_eq!(
        play.build_table(&Default::default()),
        Err(NoTable::Variants)
    );
    assert!(
        play.note()
            .unwrap()
            .to_string()
            .ends_with("hints take longer, and mistakes are not called out")
    );
    assert!(play.table().is_none());
    // 8100 cells: 66 million positions, past the limit.
    let mut play = game(&room(90), Options::default());
    assert!(matches!(
        play.build_table(&Default::default()),
        Err(NoTable::TooLarge { .. })
    ));
    let budget = Options::default().with_max_memory(48 << 20);
    let mut play = game(&room(60), budget);
    assert_eq!(
        play.build_table(&Default::default()),
        Err(NoTable::OverBudget)
    );
    assert!(matches!(play.hint(), Some(Hint::Escape { .. })));
    play.apply(Command::Move(Direction::Down)).unwrap();
    play.apply(Command::Move(Direction::Up)).unwrap();
    assert_eq!(play.mistakes().count(), 0);
}
