//! Play mode's tests: refusals and their reasons, undo and restart, hints,
//! the end reported against the optimum, and the rule variants.

use super::*;
use crate::render::map::MapStyle;
use crate::search::rules::{Rules, Ties};
use crate::search::solution::Ending;
use crate::search::{Value, solve};
use Direction::{Down, Left, Right, Up};

#[test]
fn the_status_line_gives_a_faster_dragons_speed() {
    let puzzle: Puzzle = "H.E....D\n".parse().unwrap();
    let mut options = Options::default();
    let caught = Outcome::Caught {
        line: Ending::Stuck,
    };
    let official = Play::new(puzzle.clone(), options, caught).unwrap();
    assert!(!official.frame(None).status.contains("speed"));
    options.rules.speed = "2".parse().unwrap();
    let fast = Play::new(puzzle, options, caught).unwrap();
    assert!(
        fast.frame(None).status.ends_with("  dragon speed 2"),
        "{}",
        fast.frame(None).status
    );
}

const ASCII: MapStyle = MapStyle {
    ascii: true,
    color: false,
};

fn game(map: &str, ties: Ties) -> Play {
    let puzzle: Puzzle = map.parse().unwrap();
    let options = Options {
        rules: Rules {
            ties,
            ..Rules::default()
        },
        ..Options::default()
    };
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    Play::new(puzzle, options, optimum).unwrap()
}

const BACKSTEP: &str = "\
######
#H..##
#.#.##
#..D.E
######";

/// A faster dragon's reach is refused with its own reason, and the
/// dragon answers with its two steps.
#[test]
fn a_faster_dragon_refuses_its_reach() {
    let puzzle: Puzzle = "H.E...D".parse().unwrap();
    let options = Options {
        rules: Rules {
            speed: "2".parse().unwrap(),
            ..Rules::default()
        },
        ..Options::default()
    };
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    let mut play = Play::new(puzzle, options, optimum).unwrap();
    play.apply(Command::Move(Right)).unwrap();
    assert_eq!(play.dragon(), Pos::new(0, 4));
    // The exit is two steps from the dragon: in its reach.
    assert_eq!(play.apply(Command::Move(Right)), Err(Refusal::InReach));
    assert!(Refusal::InReach.to_string().contains("reach you"));
}

/// A wait is refused without waiting; with it, the hero stays, the
/// dragon answers, the wait counts as a move and undo takes it back.
#[test]
fn the_hero_waits_only_when_the_rules_allow() {
    let mut play = game(BACKSTEP, Ties::default());
    assert_eq!(play.apply(Command::Wait), Err(Refusal::NoWaiting));
    assert!(Refusal::NoWaiting.to_string().contains("--wait"));
    let puzzle: Puzzle = BACKSTEP.parse().unwrap();
    let options = Options {
        rules: Rules {
            wait: true,
            ..Rules::default()
        },
        ..Options::default()
    };
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    assert_eq!(optimum.steps(), Some(7));
    let mut play = Play::new(puzzle, options, optimum).unwrap();
    assert!(matches!(
        play.hint(),
        Some(Hint::Escape {
            step: Move::Wait,
            steps: 7
        })
    ));
    play.apply(Command::Wait).unwrap();
    assert_eq!(
        (play.hero(), play.dragon()),
        (Pos::new(1, 1), Pos::new(2, 3))
    );
    assert_eq!(play.moves(), 1);
    play.apply(Command::Undo).unwrap();
    assert_eq!((play.moves(), play.dragon()), (0, Pos::new(3, 3)));
}

#[test]
fn refusals_have_reasons() {
    let mut play = game(BACKSTEP, Ties::default());
    assert_eq!(play.apply(Command::Move(Up)), Err(Refusal::Wall));
    assert_eq!(play.apply(Command::Move(Left)), Err(Refusal::Wall));
    assert_eq!(play.moves(), 0);
    play.apply(Command::Move(Right)).unwrap();
    // The dragon answered by stepping up towards the hero.
    assert_eq!(play.dragon(), Pos::new(2, 3));
    assert_eq!(play.apply(Command::Move(Right)), Err(Refusal::NextToDragon));
    assert_eq!(
        Refusal::NextToDragon.to_string(),
        "too close: the dragon would catch you there"
    );
}

#[test]
fn the_optimal_line_escapes_and_the_end_is_reported() {
    let mut play = game(BACKSTEP, Ties::default());
    for d in [Down, Up, Right, Right, Down, Down, Right, Right] {
        assert_eq!(play.state(), State::Playing);
        play.apply(Command::Move(d)).unwrap();
    }
    assert_eq!(play.state(), State::Escaped);
    assert_eq!(
        play.result().unwrap(),
        "You escaped in 8 steps. That is the optimum!"
    );
    assert_eq!(play.apply(Command::Move(Left)), Err(Refusal::Over));
    assert_eq!(play.hint(), None);
    insta::assert_snapshot!(play.board().text(&play.frame(None), ASCII), @r"
    ######
    #***##
    #*#D##
    #..**H
    ######
    moves 8  dragon 3 steps away  optimum 8 steps
    You escaped in 8 steps. That is the optimum!
    ");
}

#[test]
fn undo_and_restart() {
    let mut play = game(BACKSTEP, Ties::default());
    assert_eq!(play.apply(Command::Undo), Ok(Done::Undone(false)));
    play.apply(Command::Move(Down)).unwrap();
    let after_one = (play.hero(), play.dragon());
    play.apply(Command::Move(Up)).unwrap();
    assert_eq!(play.apply(Command::Undo), Ok(Done::Undone(true)));
    assert_eq!((play.hero(), play.dragon()), after_one);
    play.apply(Command::Restart).unwrap();
    assert_eq!(play.moves(), 0);
    assert_eq!(
        (play.hero(), play.dragon()),
        (Pos::new(1, 1), Pos::new(3, 3))
    );
}

#[test]
fn undo_and_restart_take_the_trail_back_too() {
    // However a line was reached, the picture is that of the line.
    let text = |play: &Play| play.board().text(&play.frame(None), ASCII);
    let moves = |play: &mut Play, line: &[Direction]| {
        for &d in line {
            play.apply(Command::Move(d)).unwrap();
        }
    };
    let mut direct = game(BACKSTEP, Ties::default());
    moves(&mut direct, &[Down, Up, Right]);
    let mut winding = game(BACKSTEP, Ties::default());
    moves(&mut winding, &[Down, Up, Right, Right]);
    winding.apply(Command::Restart).unwrap();
    assert_eq!(text(&winding), text(&game(BACKSTEP, Ties::default())));
    moves(&mut winding, &[Down, Up, Right, Right, Down]);
    for _ in 0..3 {
        winding.apply(Command::Undo).unwrap();
    }
    moves(&mut winding, &[Right]);
    assert_eq!(text(&winding), text(&direct));
    // The start is trail, the hero stands right of it, and the dragon
    // has followed onto the cell below the start.
    assert!(
        text(&direct).starts_with("######\n#*H.##\n#D#"),
        "{}",
        text(&direct)
    );
}

#[test]
fn hints_follow_the_solver_to_the_exit() {
    let mut play = game(BACKSTEP, Ties::default());
    let mut moves = 0;
    while play.state() == State::Playing {
        let Some(Hint::Escape { step, steps }) = play.hint() else {
            panic!("no escaping hint at move {moves}");
        };
        assert_eq!(steps, 8 - moves);
        play.apply(step.into()).unwrap();
        moves += 1;
    }
    assert_eq!((play.state(), moves), (State::Escaped, 8));
    assert_eq!(
        Hint::Escape {
            step: Move::Step(Down),
            steps: 8
        }
        .to_string(),
        "hint: down (the exit in 8 steps)"
    );
}

#[test]
fn caught_when_no_safe_move_is_left() {
    // The dragon blocks the corridor; the hero backs into the dead end.
    let mut play = game("H....D.E", Ties::default());
    assert!(play.optimum().is_caught());
    for d in [Right, Right, Left] {
        play.apply(Command::Move(d)).unwrap();
        assert_eq!(play.state(), State::Playing);
    }
    assert_eq!(play.apply(Command::Move(Right)), Err(Refusal::Dragon));
    play.apply(Command::Move(Left)).unwrap();
    assert_eq!(
        (play.hero(), play.dragon()),
        (Pos::new(0, 0), Pos::new(0, 1))
    );
    assert_eq!(play.state(), State::Caught);
    assert_eq!(
        play.result().unwrap(),
        "Caught after 4 steps: no safe move left. There was no escape."
    );
    assert_eq!(
        play.board().mark(&play.frame(None), play.hero()),
        crate::render::map::Mark::Caught
    );
    assert_eq!(play.apply(Command::Move(Right)), Err(Refusal::Over));
    assert_eq!(play.apply(Command::Undo), Ok(Done::Undone(true)));
    assert_eq!(play.state(), State::Playing);
}

#[test]
fn caught_at_the_start() {
    let mut play = game(
        "#######\n#D....E\n#.#####\n#H#####\n#######",
        Ties::default(),
    );
    assert_eq!(play.state(), State::Caught);
    assert_eq!(play.apply(Command::Move(Up)), Err(Refusal::Over));
    assert_eq!(play.hint(), None);
}

#[test]
fn adversarial_dragon_takes_the_worst_step() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mazes/tie-dependent.txt"
    );
    let map = std::fs::read_to_string(path).unwrap();
    // Following the hints against the adversarial dragon takes exactly the
    // guaranteed number of steps: the dragon never lets the hero do better.
    let mut play = game(&map, Ties::Adversarial);
    assert_eq!(play.optimum(), Outcome::Escaped { steps: 12 });
    let mut moves = 0;
    while let Some(Hint::Escape { step, steps }) = play.hint() {
        assert_eq!(steps, 12 - moves);
        play.apply(step.into()).unwrap();
        moves += 1;
    }
    assert_eq!((play.state(), moves), (State::Escaped, 12));
    // Against the priority dragon the same map takes 8.
    let mut play = game(&map, Ties::default());
    while let Some(Hint::Escape { step, .. }) = play.hint() {
        play.apply(step.into()).unwrap();
    }
    assert_eq!(play.moves(), 8);
}

#[test]
fn dragon_on_the_exit_still_gets_a_hint() {
    // The dragon's only way to the hero runs through the exit.
    let map = "\
#########
#H.....##
#.####.##
#.####E.D
#......##";
    let mut play = game(map, Ties::default());
    let Outcome::Escaped { steps: optimum } = play.optimum() else {
        panic!("the map has an escape");
    };
    let mut on_exit = 0;
    while let Some(Hint::Escape { step, steps }) = play.hint() {
        assert_eq!(steps, optimum - play.moves());
        play.apply(step.into()).unwrap();
        on_exit += usize::from(play.dragon() == play.puzzle().exit());
    }
    assert!(on_exit > 0, "the line never had the dragon on the exit");
    assert_eq!((play.state(), play.moves()), (State::Escaped, optimum));
}

#[test]
fn playing_frame_shows_the_message() {
    let mut play = game(BACKSTEP, Ties::default());
    play.apply(Command::Move(Down)).unwrap();
    let frame = play.frame(Some(Refusal::Wall.to_string()));
    insta::assert_snapshot!(play.board().text(&frame, ASCII), @r"
    ######
    #*..##
    #H#.##
    #.D..E
    ######
    moves 1  dragon 2 steps away  optimum 8 steps
    a wall blocks the way
    ");
}

/// Every position a game on `map` reaches under `ties`, with the table
/// built: each legal move is judged as [`judge`] judges it among the
/// table's moves, and the move's value there is one more than the table's
/// value of the position the game's dragon leaves (under the adversarial
/// rule, its worst reply; under the optimistic bound, its best when the
/// hero escapes). So play's dragon and the table agree, and a move is
/// judged on what it can guarantee. Returns how many moves were mistakes.
fn check_judged_everywhere(map: &str, ties: Ties) -> usize {
    let mut start = game(map, ties);
    start.build_table(&Progress::default()).unwrap();
    let table = start.table().unwrap().clone();
    let mut seen = std::collections::HashSet::new();
    let mut queue = vec![start];
    let mut judged = 0;
    while let Some(play) = queue.pop() {
        if !seen.insert((play.hero(), play.dragon())) || play.state() != State::Playing {
            continue;
        }
        let moves = table.moves(play.hero(), play.dragon()).unwrap();
        for &(step, value) in &moves {
            let mut after = play.clone();
            let Ok(Done::Moved { mistake, .. }) = after.apply(step.into()) else {
                panic!("{step:?} is legal at {} {}", play.hero(), play.dragon());
            };
            assert_eq!(mistake, judge(&moves, step));
            let reached = if after.hero() == after.puzzle().exit() {
                Value::Escape { moves: 0 }
            } else {
                table.value(after.hero(), after.dragon()).unwrap()
            };
            let one_more = match reached {
                Value::Escape { moves } => Value::Escape { moves: moves + 1 },
                Value::Caught { moves } => Value::Caught { moves: moves + 1 },
                Value::Endless => Value::Endless,
            };
            assert_eq!(
                one_more,
                value,
                "{step:?} at {} {} under {ties:?}",
                play.hero(),
                play.dragon()
            );
            judged += usize::from(mistake.is_some());
            queue.push(after);
        }
        // The hint is the best move, the first among equals.
        let best = moves
            .iter()
            .find(|&&(_, v)| !moves.iter().any(|&(_, w)| w.is_better_than(v)));
        let hinted = match play.hint() {
            Some(Hint::Escape { step, .. } | Hint::Survive { step, .. } | Hint::Run { step }) => {
                Some(step)
            }
            _ => None,
        };
        assert_eq!(hinted, best.map(|&(step, _)| step));
    }
    judged
}

#[test]
fn moves_are_judged_by_the_table_under_every_rule() {
    let tie_dependent = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mazes/tie-dependent.txt"
    ))
    .unwrap();
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let judged: usize = [BACKSTEP, &tie_dependent, "H....D.E", "..H..\n.#.#.\n..D.E"]
            .iter()
            .map(|map| check_judged_everywhere(map, ties))
            .sum();
        assert!(judged > 0, "no mistake to judge under {ties:?}");
    }
}

/// A game without a table says why once it has asked for one, hints by
/// solving and judges nothing.
#[test]
fn a_game_without_a_table_says_why() {
    let mut play = game("H..E\n....\nD..D", Ties::default());
    assert_eq!(play.note(), None);
    assert_eq!(
        play.build_table(&Progress::default()),
        Err(NoTable::Variants)
    );
    assert_eq!(play.note(), Some(&NoTable::Variants));
    assert!(matches!(play.hint(), Some(Hint::Escape { .. })));
    let done = play.apply(Command::Move(Right)).unwrap();
    assert!(matches!(done, Done::Moved { mistake: None, .. }));
    assert!(!play.frame(None).status.contains("mistakes"));
}
