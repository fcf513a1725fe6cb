//! One definition of a turn: the solver's lines, `Solver::dragon_reply`,
//! `Solver::hero_step` and play mode agree move for move.

use dragon_escape::play::Play;
use dragon_escape::{
    Direction, Ending, IllegalMove, Move, Options, Outcome, Pos, Puzzle, Rules, Solver, Ties,
};
use proptest::prelude::*;

use crate::support::check::{options, options_at, options_with, priority_strategy};
use crate::support::random::{maze_map, small_map};

/// Replays the solver's line with the public turn API: every hero move is
/// legal, every dragon answer is `dragon_reply`'s, and the line ends as
/// `Solution::ending` says.
fn line_follows_the_turn_api(map: &str, options: Options) -> Result<(), String> {
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let solver = Solver::new(&puzzle);
    let rules = options.rules;
    let solution = solver.solve(&options).map_err(|e| format!("{e}"))?;
    let (mut hero, mut dragon) = (puzzle.hero(), puzzle.dragon());
    for (i, turn) in solution.turns.iter().enumerate() {
        let to = solver
            .hero_step(hero, dragon, turn.step, rules)
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
    let stuck = solver.is_stuck(hero, dragon, rules);
    let ends_right = match solution.outcome {
        Outcome::Escaped { .. } => hero == puzzle.exit() && !stuck,
        Outcome::Caught {
            line: Ending::Stuck,
        } => stuck,
        Outcome::Caught {
            line: Ending::Endless,
        } => !stuck && !solution.turns.is_empty(),
        Outcome::NoPath
        | Outcome::Caught {
            line: Ending::Skipped { .. },
        } => solution.turns.is_empty(),
    };
    if !ends_right {
        return Err(format!(
            "the line ends at hero {hero}, dragon {dragon} (stuck: {stuck}), but the solution says {:?}",
            solution.outcome
        ));
    }
    Ok(())
}

/// Plays the solver's moves in play mode and checks that the dragon answers
/// as in the line.
fn play_follows_the_line(map: &str, options: Options) -> Result<(), String> {
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let solution = Solver::new(&puzzle)
        .solve(&options)
        .map_err(|e| format!("{e}"))?;
    let mut play = Play::new(puzzle, options, solution.outcome).map_err(|e| format!("{e}"))?;
    for (i, turn) in solution.turns.iter().enumerate() {
        play.apply(turn.step.into())
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
            line_follows_the_turn_api(&map, options(ties))
                .map_err(|e| TestCaseError::fail(format!("{}, {e}\n{map}", ties.name())))?;
        }
    }

    #[test]
    fn play_mode_answers_as_the_line(map in prop_oneof![small_map(5), maze_map(4, 0.3, 0.1)]) {
        for ties in [Ties::default(), Ties::Adversarial] {
            play_follows_the_line(&map, options(ties))
                .map_err(|e| TestCaseError::fail(format!("{}, {e}\n{map}", ties.name())))?;
        }
    }

    /// The same for a faster dragon: its replies in the lines, in
    /// `dragon_reply` and in play mode are the same N steps.
    #[test]
    fn a_faster_dragon_plays_as_the_line(
        map in prop_oneof![small_map(5), maze_map(4, 0.3, 0.1)],
        priority in priority_strategy(),
        speed in 2..=3usize,
    ) {
        for ties in [Ties::Priority(priority), Ties::Adversarial] {
            let fail = |e| TestCaseError::fail(format!("{}, speed {speed}, {e}\n{map}", ties.name()));
            line_follows_the_turn_api(&map, options_at(ties, speed)).map_err(fail)?;
            play_follows_the_line(&map, options_at(ties, speed)).map_err(fail)?;
        }
    }

    /// The same with waiting: a line's waits are legal `Move::Wait`s, the
    /// dragon answers them as `dragon_reply` does, and play mode's wait
    /// command plays them.
    #[test]
    fn waits_play_as_the_line(
        map in prop_oneof![small_map(5), maze_map(4, 0.3, 0.1)],
        priority in priority_strategy(),
        speed in 1..=2usize,
    ) {
        for ties in [Ties::Priority(priority), Ties::Adversarial] {
            let fail = |e| TestCaseError::fail(format!("{}, speed {speed}, waiting, {e}\n{map}", ties.name()));
            let options = options_with(ties, speed, true);
            line_follows_the_turn_api(&map, options).map_err(fail)?;
            play_follows_the_line(&map, options).map_err(fail)?;
        }
    }
}

#[test]
fn hero_steps_are_refused_with_the_rule_they_break() {
    let puzzle: Puzzle = "######\n#H.D.E\n#.####".parse().unwrap();
    let solver = Solver::new(&puzzle);
    let (hero, dragon) = (puzzle.hero(), puzzle.dragon());
    let rules = Rules::default();
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Up, rules),
        Err(IllegalMove::Wall)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Left, rules),
        Err(IllegalMove::Wall)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Right, rules),
        Err(IllegalMove::NextToDragon)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Down, rules),
        Ok(Pos::new(2, 1))
    );
    assert_eq!(
        solver.hero_step(Pos::new(1, 2), dragon, Direction::Right, rules),
        Err(IllegalMove::Dragon)
    );
    let moves: Vec<_> = solver.hero_moves(hero, dragon, rules).collect();
    assert_eq!(moves, [(Move::Step(Direction::Down), Pos::new(2, 1))]);
    assert!(!solver.is_stuck(hero, dragon, rules));
    assert!(solver.is_stuck(Pos::new(2, 1), Pos::new(1, 1), rules));
    // Never stuck on the exit.
    assert!(!solver.is_stuck(puzzle.exit(), Pos::new(1, 3), rules));
}

/// A faster dragon's reach is counted along paths, not across walls: at
/// speed 3 the hero may not step to 2 steps from it, nor to 3, but may
/// stand 2 tiles from it across a wall when the path round is longer.
#[test]
fn a_faster_dragon_reaches_along_paths() {
    // Row 1: the hero at column 1, the dragon at column 5; row 3 is
    // joined to row 1 only through column 1 and column 7.
    let puzzle: Puzzle = "#########\n#H...D..#\n#.#####.#\n#.......#\n####E####"
        .parse()
        .unwrap();
    let solver = Solver::new(&puzzle);
    let (hero, dragon) = (puzzle.hero(), puzzle.dragon());
    let at = |speed: &str| Rules::default().with_speed(speed.parse().unwrap());
    // (1,2) is 3 steps from the dragon: too close at speed 3, fine at 2.
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Right, at("3")),
        Err(IllegalMove::InReach)
    );
    assert_eq!(
        solver.hero_step(hero, dragon, Direction::Right, at("2")),
        Ok(Pos::new(1, 2))
    );
    // (3,5) is 2 tiles below the dragon across the wall, but 6 steps round
    // by column 7: safe at speed 3 even from (3,4)'s neighbour.
    assert_eq!(
        solver.hero_step(Pos::new(3, 4), dragon, Direction::Right, at("3")),
        Ok(Pos::new(3, 5))
    );
    // Stuck: at speed 8 every cell the hero could step to is in reach.
    assert!(solver.is_stuck(Pos::new(2, 1), dragon, at("8")));
    assert!(!solver.is_stuck(Pos::new(2, 1), dragon, at("3")));
}

/// The worked example of docs/RULES.md: `H.E..D` escapes in 2 at speed 1
/// and is caught at speed 2, after the hero steps out and back.
#[test]
fn the_rules_pages_fast_dragon_example() {
    let puzzle: Puzzle = "H.E..D".parse().unwrap();
    let slow = dragon_escape::solve(&puzzle, &options(Ties::default())).unwrap();
    assert_eq!(slow.outcome.steps(), Some(2));
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let fast = dragon_escape::solve(&puzzle, &options_at(ties, 2)).unwrap();
        assert!(fast.outcome.is_caught(), "{ties:?}");
        let line: Vec<_> = fast
            .turns
            .iter()
            .map(|t| (t.hero.col, t.dragon.col))
            .collect();
        assert_eq!(line, [(1, 3), (0, 1)], "{ties:?}");
    }
}

#[test]
fn a_reply_past_the_budget_is_an_error_not_a_guess() {
    let puzzle: Puzzle = "H..D.E".parse().unwrap();
    let solver = Solver::new(&puzzle);
    let tiny = options(Ties::Adversarial).with_max_memory(64);
    assert!(matches!(
        solver.dragon_reply(Pos::new(0, 1), puzzle.dragon(), &tiny),
        Err(dragon_escape::Error::TooLarge { .. })
    ));
}
