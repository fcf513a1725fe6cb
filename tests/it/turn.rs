//! One definition of a turn: the solver's lines, `Solver::dragon_reply`,
//! `Solver::hero_step` and play mode agree move for move.

use dragon_escape::play::{Command, Play};
use dragon_escape::{Direction, Ending, IllegalMove, Options, Pos, Puzzle, Solver, Ties};
use proptest::prelude::*;

use crate::support::check::{options, priority_strategy};
use crate::support::random::{maze_map, small_map};

/// Replays the solver's line with the public turn API: every hero move is
/// legal, every dragon answer is `dragon_reply`'s, and the line ends as
/// `Solution::ending` says.
fn line_follows_the_turn_api(map: &str, ties: Ties) -> Result<(), String> {
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let solver = Solver::new(&puzzle);
    let options = options(ties);
    let solution = solver.solve(&options).map_err(|e| format!("{e}"))?;
    let (mut hero, mut dragon) = (puzzle.hero(), puzzle.dragon());
    for (i, turn) in solution.turns.iter().enumerate() {
        let to = solver
            .hero_step(hero, dragon, turn.step)
            .map_err(|e| format!("turn {i}: {:?} is illegal ({e:?})", turn.step))?;
        if to != turn.hero {
            return Err(format!(
                "turn {i}: the move leads to {to}, the line says {}",
                turn.hero
            ));
        }
        let reply = solver
            .dragon_reply(to, dragon, &options)
            .map_err(|e| format!("{e}"))?;
        if reply != turn.dragon {
            return Err(format!(
                "turn {i}: the line's dragon goes to {}, dragon_reply says {reply}",
                turn.dragon
            ));
        }
        (hero, dragon) = (to, reply);
    }
    let stuck = solver.is_stuck(hero, dragon);
    let ends_right = match solution.ending {
        Ending::Escaped => hero == puzzle.exit() && !stuck,
        Ending::Stuck => stuck,
        Ending::Endless => !stuck && !solution.turns.is_empty(),
        Ending::NoPath => solution.turns.is_empty(),
    };
    if !ends_right {
        return Err(format!(
            "the line ends at hero {hero}, dragon {dragon} (stuck: {stuck}), but the solution says {:?}",
            solution.ending
        ));
    }
    Ok(())
}

/// Plays the solver's moves in play mode and checks that the dragon answers
/// as in the line.
fn play_follows_the_line(map: &str, ties: Ties) -> Result<(), String> {
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let options = options(ties);
    let solution = Solver::new(&puzzle)
        .solve(&options)
        .map_err(|e| format!("{e}"))?;
    let mut play = Play::new(puzzle, options, solution.outcome).map_err(|e| format!("{e}"))?;
    for (i, turn) in solution.turns.iter().enumerate() {
        play.apply(Command::Move(turn.step))
            .map_err(|e| format!("turn {i}: play refused {:?}: {e}", turn.step))?;
        if (play.hero(), play.dragon()) != (turn.hero, turn.dragon) {
            return Err(format!(
                "turn {i}: play has hero {} dragon {}, the line {} {}",
                play.hero(),
                play.dragon(),
                turn.hero,
                turn.dragon
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn lines_follow_the_turn_api(
        map in prop_oneof![small_map(5), maze_map(4, 0.3, 0.1)],
        priority in priority_strategy(),
    ) {
        for ties in [Ties::Priority(priority), Ties::Adversarial] {
            line_follows_the_turn_api(&map, ties)
                .map_err(|e| TestCaseError::fail(format!("{}, {e}\n{map}", ties.name())))?;
        }
    }

    #[test]
    fn play_mode_answers_as_the_line(map in prop_oneof![small_map(5), maze_map(4, 0.3, 0.1)]) {
        for ties in [Ties::default(), Ties::Adversarial] {
            play_follows_the_line(&map, ties)
                .map_err(|e| TestCaseError::fail(format!("{}, {e}\n{map}", ties.name())))?;
        }
    }
}

#[test]
fn hero_steps_are_refused_with_the_rule_they_break() {
    let puzzle: Puzzle = "######\n#H.D.E\n#.####".parse().unwrap();
    let solver = Solver::new(&puzzle);
    let (hero, dragon) = (puzzle.hero(), puzzle.dragon());
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Up),
        Err(IllegalMove::Wall)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Left),
        Err(IllegalMove::Wall)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Right),
        Err(IllegalMove::NextToDragon)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Down),
        Ok(Pos::new(2, 1))
    );
    assert_eq!(
        solver.hero_step(Pos::new(1, 2), dragon, Direction::Right),
        Err(IllegalMove::Dragon)
    );
    let moves: Vec<_> = solver.hero_moves(hero, dragon).collect();
    assert_eq!(moves, [(Direction::Down, Pos::new(2, 1))]);
    assert!(!solver.is_stuck(hero, dragon));
    assert!(solver.is_stuck(Pos::new(2, 1), Pos::new(1, 1)));
    // Never stuck on the exit.
    assert!(!solver.is_stuck(puzzle.exit(), Pos::new(1, 3)));
}

#[test]
fn a_reply_past_the_budget_is_an_error_not_a_guess() {
    let puzzle: Puzzle = "H..D.E".parse().unwrap();
    let solver = Solver::new(&puzzle);
    let tiny = Options {
        max_memory: 64,
        ..options(Ties::Adversarial)
    };
    assert!(matches!(
        solver.dragon_reply(Pos::new(0, 1), puzzle.dragon(), &tiny),
        Err(dragon_escape::Error::TooLarge { .. })
    ));
}
