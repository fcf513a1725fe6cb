//! The generator with the rule variants' pieces (`--dragons`, `--keys`):
//! the asked counts, solvable under the asked rules, and pieces that bite
//! (every dragon changes the answer when taken away; the line opens a
//! door), reproducible, with bad counts refused.

use dragon_escape::mapgen::{Config, Endpoints, GenerateError, generate};
use dragon_escape::{Options, Outcome, Pos, Puzzle, Rules, Speed};

/// The rules a configuration's puzzles are checked under.
fn options(config: &Config) -> Options {
    Options::default().with_rules(
        Rules::default()
            .with_speed(config.speed)
            .with_wait(config.wait),
    )
}

/// `puzzle` without its dragon number `left_out` (keys and doors kept).
fn without(puzzle: &Puzzle, left_out: usize) -> Puzzle {
    let rest: Vec<Pos> = (0..puzzle.dragons().len())
        .filter(|&i| i != left_out)
        .map(|i| puzzle.dragons()[i])
        .collect();
    puzzle
        .clone()
        .with_pieces(rest, puzzle.keys().to_vec(), puzzle.doors().to_vec())
        .unwrap()
}

/// Checks a generated puzzle against everything `config` asked of it.
fn check(puzzle: &Puzzle, config: &Config, case: &str) {
    assert_eq!(puzzle.dragons().len(), config.dragons, "{case}");
    assert_eq!(puzzle.keys().len(), config.keys, "{case}");
    assert_eq!(puzzle.doors().len(), config.keys, "{case}");
    assert_eq!(
        puzzle.has_variant_pieces(),
        config.dragons > 1 || config.keys > 0
    );
    // Every door closes a corridor: two free neighbours, opposite.
    for &door in puzzle.doors() {
        let free = |r: usize, c: usize| puzzle.is_free(Pos::new(r, c));
        let across = free(door.row, door.col - 1) && free(door.row, door.col + 1);
        let down = free(door.row - 1, door.col) && free(door.row + 1, door.col);
        assert!(across != down, "{case}: the door at {door} is no corridor");
        if across {
            assert!(!free(door.row - 1, door.col) && !free(door.row + 1, door.col));
        }
    }
    let options = options(config);
    let solution = dragon_escape::solve(puzzle, &options).unwrap();
    assert!(
        matches!(solution.outcome, Outcome::Escaped { .. }),
        "{case}: {:?}\n{puzzle}",
        solution.outcome
    );
    if config.keys > 0 {
        let last = solution.pieces.last().expect("a line of one turn or more");
        assert_ne!(last.locks.opened, 0, "{case}: no door opened\n{puzzle}");
        assert_eq!(solution.pieces.len(), solution.turns.len(), "{case}");
    }
    if config.dragons > 1 {
        for left_out in 0..config.dragons {
            let other = dragon_escape::solve(&without(puzzle, left_out), &options).unwrap();
            assert_ne!(
                other.outcome,
                solution.outcome,
                "{case}: the dragon at {} changes nothing\n{puzzle}",
                puzzle.dragons()[left_out]
            );
        }
    }
}

/// A small maze with the given pieces and rules.
fn config(dragons: usize, keys: usize, wait: bool, speed: u32) -> Config {
    let mut config = Config::new(8, 8);
    config.dragons = dragons;
    config.keys = keys;
    config.wait = wait;
    config.speed = Speed::new(speed).unwrap();
    if speed > 1 {
        // A faster dragon catches a hero with a whole maze to cross.
        config.endpoints = Endpoints::Random;
    }
    config
}

#[test]
fn variant_puzzles_have_their_pieces_and_the_pieces_bite() {
    for (dragons, keys, wait, speed, seed) in [
        (2, 0, false, 1, 1),
        (2, 0, false, 1, 2),
        (3, 0, false, 1, 1),
        (1, 1, false, 1, 1),
        (1, 1, false, 1, 2),
        (1, 2, false, 1, 1),
        (1, 2, false, 1, 3),
        (2, 1, false, 1, 1),
        (2, 0, true, 1, 1),
        (1, 1, true, 1, 1),
        (1, 2, false, 2, 1),
        (1, 1, true, 2, 2),
    ] {
        let config = config(dragons, keys, wait, speed);
        let case =
            format!("--dragons {dragons} --keys {keys} wait {wait} speed {speed} seed {seed}");
        let generated = generate(&config, seed).unwrap_or_else(|e| panic!("{case}: {e}"));
        check(&generated.puzzle, &config, &case);
        let again = generate(&config, seed).unwrap();
        assert_eq!(
            again.puzzle.to_emoji(),
            generated.puzzle.to_emoji(),
            "{case}: not reproducible"
        );
        assert_eq!(again.effort, generated.effort, "{case}");
    }
}

#[test]
fn unchecked_variant_puzzles_still_have_their_pieces() {
    let mut config = config(4, 16, false, 1);
    config.verify = false;
    for seed in 0..5 {
        let puzzle = generate(&config, seed).unwrap().puzzle;
        assert_eq!(puzzle.dragons().len(), 4);
        assert_eq!((puzzle.keys().len(), puzzle.doors().len()), (16, 16));
    }
}

#[test]
fn impossible_variant_requests_are_refused_or_give_up() {
    let refused = |config: &Config, words: &str| match generate(config, 1) {
        Err(GenerateError::Config(message)) => {
            assert!(message.contains(words), "{message}");
        }
        other => panic!("{words}: {other:?}"),
    };
    refused(&config(0, 0, false, 1), "1 to 4");
    refused(&config(5, 0, false, 1), "1 to 4");
    refused(&config(1, 17, false, 1), "0 to 16");
    let mut small = config(4, 16, false, 1);
    (small.width, small.height) = (3, 3);
    refused(&small, "do not fit in a 3x3 maze");
    let mut backstep = config(2, 0, false, 1);
    backstep.knobs.require_backstep = true;
    refused(&backstep, "back-step");
    // A bounded search that finds nothing says so, with what to change.
    let mut tight = config(4, 0, false, 1);
    tight.search.max_solves = 3;
    match generate(&tight, 1) {
        Err(e @ GenerateError::GaveUp { .. }) => {
            let message = e.to_string();
            assert!(message.contains("4 dragons that each matter"), "{message}");
            assert!(message.contains("fewer dragons or keys"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// The command line.
#[cfg(feature = "cli")]
mod cli {
    use assert_cmd::Command;
    use dragon_escape::Puzzle;
    use predicates::prelude::*;

    fn generate_maze() -> Command {
        Command::cargo_bin("generate-maze").unwrap()
    }

    fn run(args: &[&str]) -> (Vec<u8>, String) {
        let out = generate_maze().args(args).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(out.status.success(), "{args:?}: {stderr}");
        (out.stdout, stderr)
    }

    #[test]
    fn cli_places_dragons_keys_and_doors_reproducibly() {
        for extra in [
            &["--dragons", "2"][..],
            &["--keys", "2", "--notation", "ascii"],
            &[
                "--dragons",
                "2",
                "--keys",
                "1",
                "--wait",
                "--notation",
                "json",
            ],
        ] {
            let args: Vec<&str> = ["--seed", "1", "-W", "8", "-H", "8", "--stats"]
                .into_iter()
                .chain(extra.iter().copied())
                .collect();
            let (map, stats) = run(&args);
            let puzzle = Puzzle::parse(&map).unwrap();
            let count = |flag: &str, default: usize| {
                extra
                    .iter()
                    .position(|&a| a == flag)
                    .map_or(default, |i| extra[i + 1].parse().unwrap())
            };
            assert_eq!(puzzle.dragons().len(), count("--dragons", 1), "{args:?}");
            assert_eq!(puzzle.keys().len(), count("--keys", 0), "{args:?}");
            assert_eq!(puzzle.doors().len(), count("--keys", 0), "{args:?}");
            assert!(
                stats.contains("not computed with several dragons or keys"),
                "{stats}"
            );
            if puzzle.dragons().len() > 1 {
                assert!(stats.contains("each one changes the answer"), "{stats}");
            }
            if !puzzle.keys().is_empty() {
                assert!(stats.contains("the solution opens"), "{stats}");
            }
            assert_eq!(run(&args), (map, stats), "{args:?}: the same bytes");
        }
    }

    #[test]
    fn cli_refuses_bad_counts() {
        for (args, words) in [
            (&["--dragons", "0"][..], "'0' is not a number of dragons"),
            (&["--dragons", "5"], "from 1 to 4"),
            (&["--keys", "17"], "'17' is not a number of keys"),
            (&["--keys", "x"], "from 0 to 16"),
            (&["--keys", "-1"], "is not a number of keys"),
            (&["-W", "2", "-H", "2", "--keys", "3"], "do not fit"),
            (
                &["--dragons", "2", "--difficulty", "hard"],
                "a required back-step cannot be checked",
            ),
        ] {
            generate_maze()
                .args(args)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(words));
        }
        generate_maze()
            .args(["--seed", "1", "-W", "4", "-H", "4", "--dragons", "4"])
            .args(["--effort", "3"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("no puzzle met the requirements"))
            .stderr(predicate::str::contains("fewer dragons or keys"));
    }
}
