//! Hostile inputs: endless or huge streams end at once with a sentence, and
//! a map whose graph would not fit the memory budget is refused before it
//! is built.

use assert_cmd::Command;
use predicates::prelude::*;

use dragon_escape::{Error, Puzzle, Resource, Solver};

fn solve_maze() -> Command {
    let mut cmd = Command::cargo_bin("solve-maze").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// An open room of `side` x `side` tiles with the pieces in its corners.
fn room(side: usize) -> String {
    let mut rows = vec![vec!['.'; side]; side];
    rows[0][0] = 'H';
    rows[side - 1][0] = 'D';
    rows[side - 1][side - 1] = 'E';
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

#[cfg(unix)]
#[test]
fn dev_zero_ends_with_the_first_problem() {
    solve_maze()
        .arg("/dev/zero")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "solve-maze: /dev/zero: line 1, column 1: unknown symbol",
        ));
}

#[test]
fn a_long_stream_of_bytes_that_are_not_utf8_ends_early() {
    let mut noise = b"H.D.E\n".repeat(1000);
    noise.extend(std::iter::repeat_n(0xFF, 2 << 20));
    solve_maze()
        .arg("-")
        .write_stdin(noise)
        .assert()
        .code(2)
        .stderr("solve-maze: -: line 1001, column 1: the input is not valid UTF-8\n");
}

#[test]
fn input_over_the_budget_names_it_and_the_flag() {
    let text = room(800);
    let expected =
        "the input is larger than 512 KiB, half the memory budget of 1 MiB (see --max-memory)";
    solve_maze()
        .args(["--max-memory", "1M", "-"])
        .write_stdin(text.clone())
        .assert()
        .code(2)
        .stderr(format!("solve-maze: -: {expected}\n"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("room.txt");
    std::fs::write(&file, text).unwrap();
    solve_maze()
        .args(["--max-memory", "1M"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(format!("solve-maze: {}: {expected}\n", file.display()));
}

#[test]
fn a_graph_over_the_budget_is_refused_before_it_is_built() {
    // 40,000 bytes of text fit in half of 1 MiB; 40,000 cells at 40 bytes
    // do not fit in 1 MiB.
    solve_maze()
        .args(["--max-memory", "1M", "-"])
        .write_stdin(room(200))
        .assert()
        .code(2)
        .stderr(
            "solve-maze: -: the map is too large: the graph of its cells needs 1.5 MiB, \
             over the memory budget of 1.0 MiB (see --max-memory)\n",
        );
    solve_maze()
        .args(["--max-memory", "16M", "-"])
        .write_stdin(room(200))
        .assert()
        .success();
}

#[test]
fn solver_within_checks_before_building() {
    let puzzle: Puzzle = room(20).parse().unwrap();
    let needed = Solver::bytes_needed(&puzzle);
    assert!(needed >= 400 * 28, "{needed}");
    assert!(Solver::within(&puzzle, needed).is_ok());
    let error = Solver::within(&puzzle, needed - 1).unwrap_err();
    assert!(
        matches!(
            error,
            Error::TooLarge {
                resource: Resource::Graph,
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains("needs 15.863 KiB, over the memory budget of 15.862 KiB"),
        "{error}"
    );
}

/// A best-first search stopped by its budget says how far it got: no
/// escape is shorter than a bound, between the free distance (424) and
/// the answer (478).
#[test]
fn a_search_over_its_budget_says_what_it_has_shown() {
    let map = "examples/mazes/large-101.txt";
    let mut bounds = Vec::new();
    for kib in (400..=600).step_by(10) {
        let output = solve_maze()
            .args(["--max-memory", &format!("{kib}K"), map])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        let Some((_, rest)) = stderr.split_once("no escape takes fewer than ") else {
            continue;
        };
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("the search outgrew its memory budget"),
            "{stderr}"
        );
        let moves: usize = rest.split(' ').next().unwrap().parse().unwrap();
        bounds.push(moves);
    }
    assert!(!bounds.is_empty(), "no budget stopped the search");
    assert!(
        bounds.iter().all(|&b| (424..=478).contains(&b)),
        "{bounds:?}"
    );
}

/// A solve past `--max-time` stops with a sentence that says how far it
/// got and which flag to raise, and exit 2: here the longest chase a dragon
/// twice as fast leaves the hero on a sparse braid of 1001x1001 tiles,
/// which keeps the search busy for minutes (the sentence gives the bounds
/// of that line shown so far, once it is searched). With time enough, the answer is
/// the same as without a limit.
#[cfg(feature = "mapgen")]
#[test]
fn a_solve_past_its_time_limit_says_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let map = crate::support::slow_map(dir.path());
    let started = std::time::Instant::now();
    let output = solve_maze()
        .args(["--dragon-speed", "2", "--map", "--max-time", "1.5s"])
        .arg(&map)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty());
    crate::support::positions_after(
        &stderr,
        ": the solve reached its time limit of 1.5 s after ",
    );
    let (_, shown) = stderr
        .split_once(" positions, having shown that the dragon catches the hero on every path")
        .unwrap_or_else(|| panic!("{stderr}"));
    // Once the longest line is searched, its bounds so far.
    let bounds = shown
        .strip_suffix(" (try a larger --max-time)\n")
        .unwrap_or_else(|| panic!("{stderr}"));
    if !bounds.is_empty() {
        let (at_least, at_most) = bounds
            .strip_prefix(" and that its longest line takes ")
            .and_then(|b| b.strip_suffix(" moves"))
            .and_then(|b| b.split_once(" to "))
            .unwrap_or_else(|| panic!("{stderr}"));
        let (at_least, at_most): (usize, usize) =
            (at_least.parse().unwrap(), at_most.parse().unwrap());
        assert!(at_least <= at_most, "{stderr}");
    }
    // Not a timing assertion: a limit not kept would run for minutes.
    assert!(started.elapsed() < std::time::Duration::from_secs(120));

    let plain = solve_maze()
        .args(["examples/mazes/large-101.txt"])
        .output()
        .unwrap();
    solve_maze()
        .args(["--max-time", "1h", "examples/mazes/large-101.txt"])
        .assert()
        .success()
        .stdout(plain.stdout);
}

#[test]
fn a_time_limit_that_is_no_time_is_refused() {
    for (value, says) in [
        ("0", "more than 0"),
        ("soon", "not a time"),
        ("3d", "unknown unit"),
        ("9000h", "at most a year"),
    ] {
        solve_maze()
            .args(["--max-time", value, "examples/mazes/official-1.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn a_search_over_its_budget_names_a_budget_to_try() {
    let map = "examples/mazes/open-room.txt";
    solve_maze()
        .args(["--ties", "adversarial", "--max-memory", "8K", map])
        .assert()
        .code(2)
        .stderr(
            // The default rule's answer, the first bound, proves the least
            // an escape can take.
            predicate::str::contains("the search outgrew its memory budget of 8 KiB after")
                .and(predicate::str::contains(
                    "positions, having shown that no escape takes fewer than 18 moves",
                ))
                .and(predicate::str::ends_with(
                    " (try a larger --max-memory, such as 16K)\n",
                )),
        );
    solve_maze()
        .args(["--ties", "adversarial", "--max-memory", "16K", map])
        .assert()
        .success();
}

/// An unknown symbol of any length is quoted by its first 16 characters
/// and its length, never whole: in the grid (a letter joined to a million
/// zero-width joiners), in a JSON cell, and in the JSON error record.
#[test]
fn a_long_unknown_symbol_is_quoted_by_its_start() {
    let joined = format!("HDE\nx{}\n", "\u{200d}".repeat(1_000_000));
    let cell = format!(r#"[["H","D","E","{}"]]"#, "y".repeat(3_000_000));
    for (map, args, says) in [
        (
            joined,
            &["-"][..],
            "-: line 2, column 1: unknown symbol 'x\u{200d}",
        ),
        (
            cell.clone(),
            &["-"],
            "-: line 1, column 15: unknown symbol 'yyyyyyyyyyyyyyyy…'",
        ),
        (
            cell,
            &["--format", "json", "-"],
            "-: line 1, column 15: unknown symbol 'yyyyyyyyyyyyyyyy…'",
        ),
    ] {
        let output = solve_maze().args(args).write_stdin(map).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.len() < 400, "{} bytes: {stderr}", stderr.len());
        assert!(
            stderr.starts_with(&format!("solve-maze: {says}")),
            "{stderr}"
        );
        assert!(
            stderr.contains(" …; 1000001 characters); a map uses ")
                || stderr.contains(" …; 3000000 characters); a map uses "),
            "{stderr}"
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.len() < 600, "{} bytes: {stdout}", stdout.len());
        #[cfg(feature = "json")]
        if args.contains(&"json") {
            let record: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(record["outcome"], "error", "{stdout}");
            assert_eq!(record["error"]["column"], 15, "{stdout}");
            assert!(
                record["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("3000000 characters"),
                "{stdout}"
            );
        }
    }
}

/// A map on a single line of 24 MiB, under a budget of 64M whose half its
/// text fits in, is read in about its size again (its wall flags), from a
/// file and from standard input: it ends with a sentence, its peak within
/// the budget (under an address-space cap, so a runaway aborts).
#[cfg(unix)]
#[test]
fn a_single_long_line_is_read_within_the_budget() {
    use crate::support::{Capped, SLACK, cap_for, capped};
    let line = format!("H{}DE\n", ".".repeat(24 << 20));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("line.txt");
    std::fs::write(&file, &line).unwrap();
    let budget = 64 << 20;
    for stdin in [false, true] {
        let mut cmd = capped(env!("CARGO_BIN_EXE_solve-maze"), cap_for(budget));
        cmd.args(["--max-memory", "64M"]);
        let input = if stdin {
            cmd.arg("-");
            line.clone().into_bytes()
        } else {
            cmd.arg(&file);
            Vec::new()
        };
        let ran = Capped::run(cmd, input, std::time::Duration::from_secs(120));
        assert_eq!(ran.status.code(), Some(2), "{}", ran.stderr);
        assert!(
            ran.stderr
                .contains("the map is too large: the graph of its cells needs"),
            "{}",
            ran.stderr
        );
        assert!(
            ran.peak <= budget + SLACK,
            "a peak of {} MiB (stdin: {stdin})",
            ran.peak >> 20
        );
    }
}

/// `--max-memory` is the budget of the whole run: `-j N` gives each of the
/// N files solved at once an equal share. An open room of 200x200 tiles
/// solves in 4M alone, not in a half of it, and the message says how the
/// budget is split.
#[test]
fn jobs_split_the_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let maps: Vec<_> = (0..2)
        .map(|i| {
            let path = dir.path().join(format!("room-{i}.txt"));
            std::fs::write(&path, room(200)).unwrap();
            path
        })
        .collect();
    solve_maze()
        .args(["-j", "1", "--max-memory", "4M"])
        .args(&maps)
        .assert()
        .success();
    solve_maze()
        .args(["-j", "2", "--max-memory", "8M"])
        .args(&maps)
        .assert()
        .success();
    let output = solve_maze()
        .args(["-j", "2", "--max-memory", "4M"])
        .args(&maps)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    for line in stderr.lines() {
        assert!(line.contains("the memory budget of 2"), "{line}");
        assert!(
            line.ends_with(
                "; -j 2 splits --max-memory among the files solved at once, so fewer \
                 jobs give each more)"
            ),
            "{line}"
        );
    }
}

/// A caught hero's line can be far longer than the map is wide: its JSON
/// report is weighed before it is made, and one that would take more than
/// half the budget is refused with a sentence (a corridor of 90,000 tiles
/// with the dragon by the exit: as many moves, about 26 MiB of report).
#[cfg(all(unix, feature = "json"))]
#[test]
fn a_json_report_too_large_for_the_budget_is_refused() {
    use crate::support::{Capped, SLACK, cap_for, capped};
    let corridor = format!("H{}DE\n", ".".repeat(90_000));
    let budget = 16 << 20;
    let mut cmd = capped(env!("CARGO_BIN_EXE_solve-maze"), cap_for(budget));
    cmd.args(["--max-memory", "16M", "--format", "json", "-"]);
    let ran = Capped::run(
        cmd,
        corridor.clone().into_bytes(),
        std::time::Duration::from_secs(120),
    );
    assert_eq!(ran.status.code(), Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr
            .starts_with("solve-maze: -: the JSON report of its 90000 moves needs about "),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .ends_with(", half the memory budget of 16 MiB (see --max-memory)\n"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.peak <= budget + SLACK,
        "a peak of {} MiB",
        ran.peak >> 20
    );
    // The error record stands in for the report.
    let record: serde_json::Value = serde_json::from_slice(&ran.stdout).unwrap();
    assert_eq!(record["outcome"], "error");
    // With room for it, the report is made.
    solve_maze()
        .args(["--max-memory", "256M", "--format", "json", "-"])
        .write_stdin(corridor)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(r#""outcome":"caught""#));
}
