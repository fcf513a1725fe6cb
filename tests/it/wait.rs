//! Waiting (`--wait`, docs/RULES.md "Waiting") against the brute force,
//! which offers the hero its own cell as one more move under the same
//! safety rule: every tie mode (priority in random orders, adversarial,
//! optimistic), alone and with a dragon of speed 2, on random small maps,
//! mazes with and without loops (the closed form stands aside and the walk
//! of loop-free maps takes over; the dead-end rule's replacement lines
//! wait) and the hard families, and the adversarial search from many
//! starts.

use dragon_escape::{
    Direction, IllegalMove, Method, Move, Outcome, Pos, Puzzle, Rules, Solver, Ties, solve,
};
use proptest::prelude::*;

use crate::support::check::{
    check_all_with, check_many_starts_with, line_text, options, options_with, priority_strategy,
};
use crate::support::random::{Placement, any_family, maze_map, small_map};

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn small_maps_agree_with_brute_force(
        map in small_map(5),
        priority in priority_strategy(),
        speed in 1..=2usize,
    ) {
        check_all_with(&map, priority, speed, true).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mazes_agree_with_brute_force(
        map in prop_oneof![maze_map(4, 0.0, 0.2), maze_map(4, 0.25, 0.1)],
        priority in priority_strategy(),
        speed in 1..=2usize,
    ) {
        check_all_with(&map, priority, speed, true).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn families_agree_with_brute_force(
        map in prop_oneof![
            any_family(Placement::Anywhere),
            any_family(Placement::DragonNearExit),
            any_family(Placement::DragonFar),
        ],
        priority in priority_strategy(),
        speed in 1..=2usize,
    ) {
        check_all_with(&map, priority, speed, true).map_err(TestCaseError::fail)?;
    }

    /// About 30 starts with the dragon near the exit and 30 anywhere, per map.
    #[test]
    fn adversarial_from_many_starts_agrees_with_brute_force(
        map in any_family(Placement::Anywhere),
        speed in 1..=2usize,
    ) {
        check_many_starts_with(&map, 30, speed, true).map_err(TestCaseError::fail)?;
    }

    /// A loop-free maze takes the walk of `pair::acyclic` with waiting (the
    /// closed form counts every move a step): the outcome, and an escape's
    /// line, come without a search, never endless, and agree with the brute
    /// force from many starts.
    #[test]
    fn perfect_mazes_take_the_walk(map in maze_map(6, 0.0, 0.0)) {
        let puzzle: Puzzle = map.parse().unwrap();
        for ties in [Ties::default(), Ties::Adversarial] {
            let options = options_with(ties, 1, true).with_caught_line(false);
            let solution = solve(&puzzle, &options).unwrap();
            prop_assert_eq!(solution.stats.method, Method::LoopFree);
            prop_assert!(!solution.endless());
        }
        check_many_starts_with(&map, 30, 1, true).map_err(TestCaseError::fail)?;
    }
}

/// The worked example of docs/RULES.md: on the back-step map one wait lures
/// the dragon up the ring, and the hero escapes in 7, an odd number of
/// moves over a free distance of 6.
#[test]
fn the_rules_pages_waiting_example() {
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mazes/backstep.txt"),
    )
    .unwrap();
    let puzzle = Puzzle::parse(&bytes).unwrap();
    let without = solve(&puzzle, &options(Ties::default())).unwrap();
    assert_eq!(without.outcome.steps(), Some(8));
    let with = solve(&puzzle, &options_with(Ties::default(), 1, true)).unwrap();
    let line = line_text(&with);
    assert_eq!(
        line,
        [
            "Wait (1,1) dragon (2,3)",
            "Down (2,1) dragon (1,3)",
            "Down (3,1) dragon (1,2)",
            "Right (3,2) dragon (1,1)",
            "Right (3,3) dragon (2,1)",
            "Right (3,4) dragon (3,1)",
            "Right (3,5) dragon (3,1)",
        ]
    );
}

/// A wait obeys the same rule as a step onto the hero's own cell: refused
/// next to the dragon (or within a faster dragon's reach), and refused
/// altogether without waiting.
#[test]
fn a_wait_is_legal_only_out_of_reach() {
    let puzzle: Puzzle = "H..D.E".parse().unwrap();
    let solver = Solver::new(&puzzle);
    let dragon = puzzle.dragon();
    let waiting = Rules::default().with_wait(true);
    let fast = waiting.with_speed("2".parse().unwrap());
    let at = |col| Pos::new(0, col);
    assert_eq!(
        solver.hero_step(at(0), dragon, Move::Wait, Rules::default()),
        Err(IllegalMove::NoWaiting)
    );
    assert_eq!(
        solver.hero_step(at(0), dragon, Move::Wait, waiting),
        Ok(at(0))
    );
    assert_eq!(
        solver.hero_step(at(1), dragon, Move::Wait, waiting),
        Ok(at(1))
    );
    assert_eq!(
        solver.hero_step(at(2), dragon, Move::Wait, waiting),
        Err(IllegalMove::NextToDragon)
    );
    assert_eq!(
        solver.hero_step(at(1), dragon, Move::Wait, fast),
        Err(IllegalMove::InReach)
    );
    // The wait comes after the four steps.
    let moves: Vec<Move> = solver
        .hero_moves(at(1), dragon, waiting)
        .map(|(m, _)| m)
        .collect();
    assert_eq!(moves, [Move::Step(Direction::Left), Move::Wait]);
    // Its only step next to the dragon, the hero is stuck unless it may
    // wait; once the dragon is next to it, it is stuck all the same.
    let cornered: Puzzle = "H.D.E".parse().unwrap();
    let solver = Solver::new(&cornered);
    let (hero, dragon) = (cornered.hero(), cornered.dragon());
    assert!(solver.is_stuck(hero, dragon, Rules::default()));
    assert!(!solver.is_stuck(hero, dragon, waiting));
    assert!(solver.is_stuck(hero, Pos::new(0, 1), waiting));
    let caught = solve(&cornered, &options_with(Ties::default(), 1, true)).unwrap();
    assert!(caught.outcome.is_caught());
    assert_eq!(caught.moves().collect::<Vec<_>>(), [Move::Wait]);
}

/// Waiting only adds moves, and the dragon's reply depends on the hero's
/// move alone, so no answer gets worse with it, in any mode.
#[test]
fn waiting_never_hurts() {
    for file in [
        "official-1.txt",
        "official-2.txt",
        "backstep.txt",
        "caught.txt",
        "sleeping-dragon.txt",
        "tie-dependent.txt",
        "no-path.txt",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/mazes")
            .join(file);
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let puzzle = Puzzle::parse(&bytes).unwrap();
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            let rank = |o: Outcome| o.steps().unwrap_or(usize::MAX);
            let without = solve(&puzzle, &options(ties)).unwrap().outcome;
            let with = solve(&puzzle, &options_with(ties, 1, true))
                .unwrap()
                .outcome;
            assert!(rank(with) <= rank(without), "{file}, {ties:?}");
        }
    }
}

/// Playback shows a wait as a frame where the hero stays: its status line
/// names the wait, the hero's cell is unchanged and the dragon answers in
/// the next frame.
#[test]
fn a_wait_is_a_frame_where_the_hero_stays() {
    use dragon_escape::board::Event;
    use dragon_escape::render::film::Film;
    let puzzle: Puzzle = "H.D.E\n.....".parse().unwrap();
    let solution = solve(&puzzle, &options_with(Ties::default(), 1, true)).unwrap();
    assert_eq!(solution.turns.first().map(|t| t.step), Some(Move::Wait));
    let film = Film::new(&puzzle, &solution);
    let waited = film.frame(1);
    assert_eq!(waited.event, Event::Hero(Move::Wait));
    assert_eq!(waited.hero, puzzle.hero());
    assert!(waited.status.contains("hero: wait"), "{}", waited.status);
    assert_ne!(film.frame(2).dragon, puzzle.dragon());
}
