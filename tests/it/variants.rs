//! The rule variants' pieces (docs/RULES.md "Several dragons", "Keys and
//! doors"): the brute force checked by hand on tiny maps, its modes
//! bounding each other on random maps, and the library against it in every
//! tie mode, at dragon speeds 1 and 2, with and without waiting, its line
//! of play replayed under the rules.
//!
//! Cells are (row, column) from 0 at the top left.

use dragon_escape::{Ending, Outcome, Priority, Puzzle, Ties, solve};
use proptest::prelude::*;

use crate::support::brute::{Answer, Brute, Mode, Position};
use crate::support::check::{
    answer, brute_mode, check_variant_line, label, options_with, priority_strategy,
};
use crate::support::random::{
    Placement, loop_free_with_doors, small_map, variant_family, variant_map,
};

const OFFICIAL: Mode = Mode::Priority([0, 1, 2, 3]);

/// The brute force's answers under the default order, adversarially and
/// optimistically.
fn answers(map: &str, speed: usize, wait: bool) -> [Answer; 3] {
    let brute = Brute::from_ascii(map).at_speed(speed).with_wait(wait);
    [OFFICIAL, Mode::Adversarial, Mode::Optimistic].map(|mode| brute.solve(mode))
}

/// The same answer in all three modes.
fn all(answer: Answer) -> [Answer; 3] {
    [answer; 3]
}

/// Two routes of 4 round a pillar from the hero (0,1) to the exit (2,1).
///
/// With one dragon on (1,0) the left route is barred: (0,0) is next to it.
/// The hero goes right (0,2), 3 from the dragon over the top and 5 round
/// the bottom; the dragon's only shortest step is up to (0,0). The hero
/// goes on down (1,2), the dragon follows to (0,1); down (2,2), dragon
/// (0,2); the exit (2,1) is then 3 from the dragon round the right and 5
/// round the left, so not next to it. Escaped in 4, the free
/// distance, and every dragon step was the only shortest one: 4 in every
/// mode.
///
/// A second dragon on (2,2), by the exit, bars the right route: the hero's
/// only step is still right to (0,2) (2 from the new dragon), both dragons
/// have a single shortest step, to (0,0) and (1,2), and the hero on (0,2)
/// has (0,1) next to the first and (1,2) under the second: caught after 1
/// move, in every mode.
#[test]
fn a_second_dragon_bars_the_other_route() {
    let one = ".H.\nD#.\n.E.\n";
    let two = ".H.\nD#.\n.ED\n";
    for speed_one in [one, two] {
        let b = Brute::from_ascii(speed_one);
        assert_eq!(b.hero_moves(b.hero, b.dragon), [(0, 2)], "{speed_one}");
    }
    assert_eq!(answers(one, 1, false), all(Answer::Escaped(4)));
    assert_eq!(answers(two, 1, false), all(Answer::Caught));
    let b = Brute::from_ascii(two);
    let start = b.start();
    assert_eq!(start.dragons, [(1, 0), (2, 2)]);
    let moves = b.moves(&start);
    assert_eq!(moves.len(), 1);
    assert_eq!(
        b.dragon_replies(Mode::Adversarial, &moves[0]),
        [vec![(0, 0), (1, 2)]]
    );
    for mode in [OFFICIAL, Mode::Adversarial] {
        assert_eq!(b.survival(mode), Some(1));
    }
}

/// A corridor (1,0)..(1,4) with the hero on (1,2) and the exit on (1,4);
/// two dragons on (0,1) and (2,1) whose only way out is (1,1).
///
/// Speed 1: (1,1) is next to both dragons, so the hero steps right to (1,3)
/// (3 from each). Both dragons step onto (1,1) and merge: one dragon,
/// drawn once. The exit (1,4) is 3 from it: escaped in 2, in every mode.
///
/// Speed 2: (1,3) is 3 away, more than 2, so the first step is the same;
/// each dragon takes two steps, (1,1) then (1,2), and they merge there. The
/// hero on (1,3) has the dragon on its left and the exit 2 from it, not
/// more than 2: no legal step, and with waiting its own cell is 1 from the
/// dragon: caught after 1 move, waiting or not.
#[test]
fn two_dragons_merge() {
    let map = "#D###\n..H.E\n#D###\n";
    assert_eq!(answers(map, 1, false), all(Answer::Escaped(2)));
    let b = Brute::from_ascii(map);
    let start = b.start();
    assert_eq!(start.dragons, [(0, 1), (2, 1)]);
    let moves = b.moves(&start);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].hero, (1, 3));
    for mode in [OFFICIAL, Mode::Adversarial, Mode::Optimistic] {
        assert_eq!(b.dragon_replies(mode, &moves[0]), [vec![(1, 1)]]);
    }
    for wait in [false, true] {
        assert_eq!(answers(map, 2, wait), all(Answer::Caught));
        let fast = Brute::from_ascii(map).at_speed(2).with_wait(wait);
        assert_eq!(
            fast.dragon_replies(OFFICIAL, &moves[0]),
            [vec![(1, 2)]],
            "merged on (1,2)"
        );
        assert_eq!(fast.survival(OFFICIAL), Some(1));
        assert_eq!(fast.survival(Mode::Adversarial), Some(1));
    }
    // One dragon where the two merge plays the same game.
    let one = "#D###\n..H.E\n#####\n";
    assert_eq!(answers(one, 1, false), all(Answer::Escaped(2)));
    assert_eq!(answers(one, 2, false), all(Answer::Caught));
}

/// The exit (0,3) lies behind a door (0,2); the key is on (1,0), under the
/// hero's start (0,0). The dragon sleeps in a pocket of its own, (0,5) and
/// (1,5), walled off for good.
///
/// The hero steps down onto the key (takes it), back up, right to (0,1),
/// into the door (opens it, using the key), and onto the exit: escaped in
/// 5, in every mode (a sleeping dragon never moves). Without the key there
/// is no way through the door: with the key behind it (`H.+Ek` ...) the
/// exit is out of reach even without the dragon: no path.
#[test]
fn a_key_opens_the_door_to_the_exit() {
    let map = "H.+E#D\nk####.\n";
    for speed in [1, 2] {
        for wait in [false, true] {
            assert_eq!(answers(map, speed, wait), all(Answer::Escaped(5)));
        }
    }
    let b = Brute::from_ascii(map);
    assert!(!b.no_path());
    // Down onto the key takes it; right takes nothing.
    let start = b.start();
    let moves = b.moves(&start);
    let heroes: Vec<_> = moves.iter().map(|m| (m.hero, m.taken, m.held())).collect();
    assert_eq!(heroes, [((1, 0), 1, 1), ((0, 1), 0, 0)]);
    // Without a key the door is a wall: from (0,1) the only step is back.
    let at_door = moves[1].clone();
    let heroes: Vec<_> = b.moves(&at_door).into_iter().map(|m| m.hero).collect();
    assert_eq!(heroes, [(0, 0)]);
    // With the key, stepping in opens the door and uses the key.
    let at_door = Position {
        hero: (0, 1),
        ..moves[0].clone()
    };
    let into = b.moves(&at_door);
    let opened = into
        .iter()
        .find(|m| m.hero == (0, 2))
        .expect("the door opens");
    assert_eq!((opened.opened, opened.held()), (1, 0));
    // The key behind the door: no path, in every mode.
    let locked = "H.+Ek#D\n";
    assert!(Brute::from_ascii(locked).no_path());
    assert_eq!(answers(locked, 1, false), all(Answer::NoPath));
}

/// The same corridor as above, but the dragon's pocket is the exit's own
/// corner: the dragon on (1,3) below the exit (0,3), and the door (0,2) the
/// pocket's only way out.
///
/// With the door closed the dragon sleeps and the hero may walk its side
/// forever. When the hero opens the door on (0,2) (2 from the dragon by
/// the open door: legal), the dragon's reply that same turn goes through:
/// its only shortest step is up onto the exit (0,3), next to the hero. The
/// exit's only other neighbour is the dragon's side, so the dragon stands
/// between the hero and the exit for good on a map without loops: the
/// hero can never escape. It survives forever by leaving the door shut:
/// caught, endless (no finite survival), in every mode.
#[test]
fn an_opened_door_lets_the_dragon_through() {
    let map = "H.+E\nk##D\n";
    assert_eq!(answers(map, 1, false), all(Answer::Caught));
    let b = Brute::from_ascii(map);
    assert!(!b.no_path());
    for mode in [OFFICIAL, Mode::Adversarial] {
        assert_eq!(b.survival(mode), None);
    }
    let before = Position {
        hero: (0, 1),
        dragons: vec![(1, 3)],
        taken: 1,
        opened: 0,
    };
    // The dragon sleeps while the door is shut.
    assert_eq!(b.dragon_replies(Mode::Adversarial, &before), [vec![(1, 3)]]);
    let opened = b
        .moves(&before)
        .into_iter()
        .find(|m| m.hero == (0, 2))
        .expect("the door opens");
    assert_eq!(opened.opened, 1);
    assert_eq!(b.dragon_replies(Mode::Adversarial, &opened), [vec![(0, 3)]]);
    // A wait opens nothing: with waiting, the wait by the door keeps it shut.
    let waiting = Brute::from_ascii(map).with_wait(true);
    let wait = waiting
        .moves(&before)
        .into_iter()
        .find(|m| m.hero == (0, 1))
        .expect("a wait");
    assert_eq!((wait.taken, wait.opened), (1, 0));
    assert_eq!(answers(map, 1, true), all(Answer::Caught));
}

/// A corridor (0,0)..(0,8): the dragon on 0, the key on 5, the hero on 6,
/// a door on 7 and the exit on 8 (columns). The door needs the key, so the
/// hero's first step is left onto it; there are no ties in one row.
///
/// Speed 1: key 5 (the dragon 5 away; it steps to 1), back to 6 (dragon
/// 2), into the door on 7 (5 away; dragon 3), onto the exit 8 (5 away):
/// escaped in 4, the least with the detour to the key.
///
/// Speed 2: key 5 (5 away, more than 2; the dragon steps to 2), back to 6
/// (4 away; dragon 4); 5 is then next to the dragon, so into the door on 7
/// (3 away, legal; the dragon comes through 5 to 6). On 7 the exit is 2
/// from the dragon, not more than 2, the other side is the dragon, and a
/// wait is 1 from it: caught after 3 moves. Waiting does not help: every
/// wait only lets the dragon nearer.
#[test]
fn keys_with_a_faster_dragon() {
    let map = "D....kH+E\n";
    assert_eq!(answers(map, 1, false), all(Answer::Escaped(4)));
    assert_eq!(answers(map, 1, true), all(Answer::Escaped(4)));
    assert_eq!(answers(map, 2, false), all(Answer::Caught));
    assert_eq!(answers(map, 2, true), all(Answer::Caught));
    let fast = Brute::from_ascii(map).at_speed(2);
    assert_eq!(fast.survival(OFFICIAL), Some(3));
    assert_eq!(fast.survival(Mode::Adversarial), Some(3));
}

/// An open 3x3 room, the hero just stepped onto the corner (2,2), dragons
/// on (0,1) and (1,0), each 3 from it with two shortest steps.
///
/// Speed 1: the dragon on (0,1) may go down to (1,1) or right to (0,2);
/// the one on (1,0) right to (1,1) or down to (2,0). Under the choosing
/// rules the dragons together may take any of the 4 combinations, one of
/// which merges them on (1,1). Under the default order (up, left, down,
/// right) each takes its first: down, to (1,1) and (2,0).
///
/// Speed 2: each dragon ends next to the hero, on (1,2) or (2,1), by some
/// path: the sets {(1,2)}, {(2,1)} (merged) and {(1,2), (2,1)}. Under the
/// default order the first goes down (1,1), down (2,1); the second down
/// (2,0) (up to (0,0) is farther), right (2,1): both end on (2,1) and merge.
#[test]
fn the_dragons_reply_together() {
    let map = "ED.\nD..\n..H\n";
    let after = Position {
        hero: (2, 2),
        dragons: vec![(0, 1), (1, 0)],
        taken: 0,
        opened: 0,
    };
    let b = Brute::from_ascii(map);
    let choices = [
        vec![(0, 2), (1, 1)],
        vec![(0, 2), (2, 0)],
        vec![(1, 1)],
        vec![(1, 1), (2, 0)],
    ];
    for mode in [Mode::Adversarial, Mode::Optimistic] {
        assert_eq!(b.dragon_replies(mode, &after), choices);
    }
    assert_eq!(b.dragon_replies(OFFICIAL, &after), [vec![(1, 1), (2, 0)]]);
    let fast = Brute::from_ascii(map).at_speed(2);
    let choices = [vec![(1, 2)], vec![(1, 2), (2, 1)], vec![(2, 1)]];
    for mode in [Mode::Adversarial, Mode::Optimistic] {
        assert_eq!(fast.dragon_replies(mode, &after), choices);
    }
    assert_eq!(fast.dragon_replies(OFFICIAL, &after), [vec![(2, 1)]]);
}

/// Small random maps with 1 to 3 dragons, keys and doors: 200 cases.
fn variant_maps() -> impl Strategy<Value = String> {
    variant_map(6, 0.2)
}

/// The library's outcome and line on `map` in every tie mode (`priority`
/// for the priority rule), at speeds 1 and 2, waiting or not, against the
/// brute force (the line replayed by [`check_variant_line`]), and the
/// bounds between the modes.
fn agrees_with_the_brute_force(map: &str, priority: Priority) -> Result<(), TestCaseError> {
    let puzzle: Puzzle = map
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{map}")))?;
    for speed in [1, 2] {
        for wait in [false, true] {
            let brute = Brute::from_ascii(map).at_speed(speed).with_wait(wait);
            let mut ranks = Vec::new();
            for ties in [
                Ties::Optimistic,
                Ties::Priority(priority),
                Ties::Adversarial,
            ] {
                let context = format!("{} ties, dragon speed {speed}, waiting {wait}", label(ties));
                let expected = brute.solve(brute_mode(ties));
                let solution = solve(&puzzle, &options_with(ties, speed, wait))
                    .map_err(|e| TestCaseError::fail(format!("{context}: {e}\n{map}")))?;
                prop_assert_eq!(
                    answer(&solution),
                    expected,
                    "{}: solver and brute force\n{}",
                    context,
                    map
                );
                check_variant_line(&brute, ties, &puzzle, &solution)
                    .map_err(|e| TestCaseError::fail(format!("{context}: {e}\n{map}")))?;
                ranks.push(expected.rank());
            }
            prop_assert!(
                ranks[0] <= ranks[1] && ranks[1] <= ranks[2],
                "speed {speed}, waiting {wait}: bounds broken {ranks:?}\n{map}"
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The dragon-free distance with keys and doors (an A* over cells and
    /// locks, bounded by the distance through open doors) is the brute
    /// force's breadth-first one.
    #[test]
    fn the_free_distance_is_the_brute_forces(map in variant_map(7, 0.25)) {
        let puzzle: Puzzle = map.parse().unwrap();
        let brute = Brute::from_ascii(&map);
        prop_assert_eq!(dragon_escape::Solver::new(&puzzle).free_distance(), brute.free_distance(), "{}", map);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// optimistic <= priority (the default order and a random one) <=
    /// adversarial on the brute force itself, at speeds 1 and 2, waiting or
    /// not; and under a priority order more dragons never help the hero:
    /// the first dragon alone does at least as well for it.
    #[test]
    fn brute_force_modes_bound_each_other_on_variant_maps(
        map in variant_maps(),
        priority in priority_strategy(),
        speed in 1..=2usize,
        wait in any::<bool>(),
    ) {
        let brute = Brute::from_ascii(&map).at_speed(speed).with_wait(wait);
        let optimistic = brute.solve(Mode::Optimistic);
        let adversarial = brute.solve(Mode::Adversarial);
        let custom = brute_mode(Ties::Priority(priority));
        for mode in [OFFICIAL, custom] {
            let rule = brute.solve(mode);
            prop_assert!(
                optimistic.rank() <= rule.rank() && rule.rank() <= adversarial.rank(),
                "speed {speed}, waiting {wait}: optimistic {optimistic:?} <= {mode:?} {rule:?} \
                 <= adversarial {adversarial:?}\n{map}"
            );
        }
        let mut alone = Brute::from_ascii(&map).at_speed(speed).with_wait(wait);
        alone.others.clear();
        prop_assert!(
            alone.solve(OFFICIAL).rank() <= brute.solve(OFFICIAL).rank(),
            "speed {speed}, waiting {wait}: one dragon does worse than all\n{map}"
        );
    }

    /// The library's outcome and line in every tie mode, at speeds 1 and 2,
    /// waiting or not, against the brute force (the line replayed by
    /// [`check_variant_line`]), and the bounds between the modes.
    #[test]
    fn library_agrees_with_the_brute_force_on_variant_maps(
        map in variant_maps(),
        priority in priority_strategy(),
    ) {
        agrees_with_the_brute_force(&map, priority)?;
    }

    /// The same on the families where the shortcuts' arguments live (dead
    /// ends a dragon waits in, loop-free mazes, open rooms, rings, no
    /// border), with two or three dragons and sometimes a key and a door:
    /// the closed form and the dead-end rule against the brute force.
    #[test]
    fn library_agrees_with_the_brute_force_on_variant_families(
        map in variant_family(7, 4, Placement::Anywhere, 0.2, 0.3),
        priority in priority_strategy(),
    ) {
        agrees_with_the_brute_force(&map, priority)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Loop-free mazes with keys and doors, where no escape passes a dragon
    /// in the hero's way and a caught hero's ending comes without the
    /// search: against the brute force in every tie mode, speed and
    /// waiting, and the plain answer (no caught line) ends as the whole
    /// analysis says (endless or not).
    #[test]
    fn loop_free_maps_with_doors_agree_with_the_brute_force(
        map in loop_free_with_doors(5),
        priority in priority_strategy(),
    ) {
        agrees_with_the_brute_force(&map, priority)?;
        let puzzle: Puzzle = map.parse().unwrap();
        for speed in [1, 2] {
            for wait in [false, true] {
                for ties in [Ties::Optimistic, Ties::Priority(priority), Ties::Adversarial] {
                    let options = options_with(ties, speed, wait);
                    let whole = solve(&puzzle, &options).unwrap();
                    let plain = solve(&puzzle, &options.with_caught_line(false)).unwrap();
                    let ending = |outcome| match outcome {
                        Outcome::Caught { line: Ending::Endless } => Some(true),
                        Outcome::Caught { line: Ending::Stuck } => Some(false),
                        Outcome::Caught { line: Ending::Skipped { endless } } => Some(endless),
                        _ => None,
                    };
                    prop_assert_eq!(
                        answer(&plain),
                        answer(&whole),
                        "{} ties, speed {}, waiting {}\n{}", label(ties), speed, wait, map
                    );
                    prop_assert_eq!(
                        ending(plain.outcome),
                        ending(whole.outcome),
                        "{} ties, speed {}, waiting {}: endless?\n{}", label(ties), speed, wait, map
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// [`check_variant_line`] on maps without the variants' pieces, which
    /// the library already solves: it accepts the library's lines in every
    /// mode, at speeds 1 and 2, waiting or not, escapes and caught lines
    /// (stuck or endless) alike.
    #[test]
    fn the_variant_line_check_accepts_official_lines(
        map in small_map(5),
        priority in priority_strategy(),
    ) {
        let puzzle: Puzzle = map.parse().unwrap();
        for speed in [1, 2] {
            for wait in [false, true] {
                let brute = Brute::from_ascii(&map).at_speed(speed).with_wait(wait);
                for ties in [Ties::Optimistic, Ties::Priority(priority), Ties::Adversarial] {
                    let solution = solve(&puzzle, &options_with(ties, speed, wait)).unwrap();
                    check_variant_line(&brute, ties, &puzzle, &solution).map_err(|e| {
                        TestCaseError::fail(format!(
                            "{} ties, dragon speed {speed}, waiting {wait}: {e}\n{map}",
                            label(ties)
                        ))
                    })?;
                }
            }
        }
    }
}

/// Where everyone stands in play: the hero, every dragon (row-major) and
/// the locks, read from the frame the board draws.
fn play_position(
    game: &dragon_escape::play::Play,
) -> (
    dragon_escape::Pos,
    Vec<dragon_escape::Pos>,
    dragon_escape::Locks,
) {
    let frame = game.frame(None);
    let pieces = game.board().pieces(&frame);
    let dragons = std::iter::once(frame.dragon)
        .chain(pieces.others.iter())
        .collect();
    (frame.hero, dragons, pieces.locks)
}

/// Play mode on the variants: the solver's line played move by move gives
/// the same positions, turn after turn, and ends as the solver says; the
/// hint is the line's first move; undo comes back.
fn play_follows_the_solver(map: &str, ties: Ties, speed: usize, wait: bool) -> Result<(), String> {
    use dragon_escape::play::{Command, Hint, Play, State};
    let puzzle: Puzzle = map.parse().map_err(|e| format!("{e}"))?;
    let options = options_with(ties, speed, wait);
    let solution = solve(&puzzle, &options).map_err(|e| e.to_string())?;
    let mut game =
        Play::new(puzzle.clone(), options, solution.outcome).map_err(|e| e.to_string())?;
    if let (Some(first), Some(Hint::Escape { step, steps })) = (solution.turns.first(), game.hint())
    {
        // The hint is the solver's own first move from the start.
        if solution.outcome.steps() != Some(steps) || first.step != step {
            return Err(format!(
                "hint {step} in {steps} against {} in {:?}",
                first.step, solution.outcome
            ));
        }
    }
    let start = play_position(&game);
    for (i, turn) in solution.turns.iter().enumerate() {
        game.apply(Command::from(turn.step))
            .map_err(|e| format!("move {} ({}) refused: {e}", i + 1, turn.step))?;
        let pieces = solution.pieces_after(i + 1);
        let want: Vec<_> = std::iter::once(turn.dragon)
            .chain(pieces.others.iter())
            .collect();
        let got = play_position(&game);
        if got != (turn.hero, want.clone(), pieces.locks) {
            return Err(format!(
                "after move {}: play {got:?}, solver {:?}",
                i + 1,
                (turn.hero, want, pieces.locks)
            ));
        }
    }
    let end = match solution.outcome {
        dragon_escape::Outcome::Escaped { .. } => Some(State::Escaped),
        dragon_escape::Outcome::Caught {
            line: dragon_escape::Ending::Stuck,
        } => Some(State::Caught),
        dragon_escape::Outcome::Caught {
            line: dragon_escape::Ending::Endless,
        } => Some(State::Playing),
        // Play knows no "no path": the hero plays on, or is stuck.
        dragon_escape::Outcome::NoPath => None,
        // No line to play along.
        dragon_escape::Outcome::Caught {
            line: dragon_escape::Ending::Skipped { .. },
        } => None,
    };
    if end.is_some_and(|end| game.state() != end) {
        return Err(format!("play ends {:?}, the solver {end:?}", game.state()));
    }
    game.apply(Command::Restart).map_err(|e| e.to_string())?;
    if play_position(&game) != start {
        return Err("restart does not come back to the start".into());
    }
    Ok(())
}

#[test]
fn play_mode_plays_the_variant_examples() {
    use dragon_escape::play::{Command, Play, Refusal};
    for file in ["two-dragons.txt", "key-and-door.txt"] {
        let map = std::fs::read_to_string(format!("examples/mazes/{file}")).unwrap();
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            play_follows_the_solver(&map, ties, 1, false).unwrap_or_else(|e| panic!("{file}: {e}"));
        }
    }
    // The door at (1,0) above the hero is locked until it holds the key.
    let puzzle: Puzzle = "...D\n+#E#\nH.k#\n".parse().unwrap();
    let optimum = dragon_escape::Outcome::Caught {
        line: dragon_escape::Ending::Stuck,
    };
    let mut game = Play::new(puzzle, Default::default(), optimum).unwrap();
    assert_eq!(
        game.apply(Command::Move(dragon_escape::Direction::Up)),
        Err(Refusal::LockedDoor)
    );
    assert!(
        game.frame(None).status.contains("keys 0"),
        "{}",
        game.frame(None).status
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Play mode agrees with the solver's lines on random variant maps,
    /// under the default rule (the dragons' replies are the solver's) at
    /// speeds 1 and 2, waiting or not.
    #[test]
    fn play_mode_follows_the_solver_on_variant_maps(map in variant_map(6, 0.25)) {
        for speed in [1, 2] {
            for wait in [false, true] {
                play_follows_the_solver(&map, Ties::default(), speed, wait)
                    .map_err(|e| TestCaseError::fail(format!("speed {speed}, waiting {wait}: {e}\n{map}")))?;
            }
        }
    }
}
