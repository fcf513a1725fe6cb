//! `generate-maze --hardest WxH`: the board it writes escapes in the
//! moves it reports, as the solver finds; the same seed and iterations
//! write the same board, and the replay line it prints does; --max-time
//! stops it; sizes and flags it cannot take end with a sentence and exit 2.

use assert_cmd::Command;
use dragon_escape::{Options, Puzzle, Rules, Solver};
use predicates::prelude::*;

fn generate_maze() -> Command {
    Command::cargo_bin("generate-maze").unwrap()
}

/// Standard output and standard error of a run that succeeds.
fn run(args: &[&str]) -> (String, String) {
    let out = generate_maze().args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The moves of `an escape in N moves` in the summary line.
fn reported_moves(stderr: &str) -> usize {
    let line = stderr
        .lines()
        .find(|l| l.contains("board found: an escape in"))
        .unwrap_or_else(|| panic!("no summary in {stderr}"));
    let after = line.split("board found: an escape in ").nth(1).unwrap();
    after.split(' ').next().unwrap().parse().unwrap()
}

/// The arguments of the `replay:` line, without the program's name.
fn replay_args(stderr: &str) -> Vec<String> {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("generate-maze: replay: generate-maze "))
        .unwrap_or_else(|| panic!("no replay line in {stderr}"));
    line.split(' ').map(str::to_owned).collect()
}

#[test]
fn the_board_escapes_in_the_moves_reported() {
    for (args, rules) in [
        (vec![], Rules::default()),
        (
            vec!["--dragon-speed", "2"],
            Rules::default().with_speed("2".parse().unwrap()),
        ),
        (vec!["--dragons", "2"], Rules::default()),
        (vec!["--keys", "1"], Rules::default()),
    ] {
        let mut all = vec![
            "--hardest",
            "6x5",
            "--seed",
            "4",
            "--iterations",
            "300",
            "--notation",
            "ascii",
        ];
        all.extend(&args);
        let (board, stderr) = run(&all);
        let puzzle = Puzzle::parse(board.as_bytes()).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (6, 5), "{args:?}");
        let solved = Solver::new(&puzzle)
            .solve(&Options::default().with_rules(rules))
            .unwrap();
        assert_eq!(
            solved.outcome.steps(),
            Some(reported_moves(&stderr)),
            "{args:?}\n{board}{stderr}"
        );
        assert!(stderr.contains("searching 6x5 boards"), "{stderr}");
    }
}

#[test]
fn the_same_seed_and_iterations_write_the_same_board() {
    let args = ["--hardest", "7", "--seed", "9", "--iterations", "400"];
    let (a, _) = run(&args);
    let (b, stderr) = run(&args);
    assert_eq!(a, b);
    // The replay line names the seed and the iterations, and replays it.
    let replay = replay_args(&stderr);
    assert!(
        replay.join(" ").contains("--seed 9 --iterations 400"),
        "{stderr}"
    );
    let (c, _) = run(&replay.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(a, c);
    let (other, _) = run(&["--hardest", "7", "--seed", "10", "--iterations", "400"]);
    assert_ne!(a, other);
}

/// A run stopped by --max-time says so, and its replay line (the
/// iterations it made) writes the same board.
#[test]
fn max_time_stops_the_search_and_its_replay_gives_the_same_board() {
    let (board, stderr) = run(&[
        "--hardest",
        "9x9",
        "--seed",
        "2",
        "--iterations",
        "100000000",
        "--max-time",
        "0.3",
    ]);
    assert!(stderr.contains("stopped by --max-time after"), "{stderr}");
    let replay = replay_args(&stderr);
    assert!(!replay.join(" ").contains("100000000"), "{stderr}");
    let (again, _) = run(&replay.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(board, again);
}

#[test]
fn sizes_and_flags_it_cannot_take_end_with_a_sentence() {
    for (args, words) in [
        (vec!["--hardest", "2x9"], "3 to 64 tiles a side"),
        (vec!["--hardest", "65"], "3 to 64 tiles a side"),
        (vec!["--hardest", "0x0"], "3 to 64 tiles a side"),
        (vec!["--hardest", "nine"], "is not a board size"),
        (vec!["--hardest", "9x"], "is not a board size"),
        (vec!["--iterations", "10"], "without --hardest"),
        (vec!["--hardest", "9", "-W", "9"], "cannot be used with"),
        (
            vec!["--hardest", "3x3", "--dragons", "4", "--keys", "16"],
            "do not fit",
        ),
    ] {
        generate_maze()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(words));
    }
}
