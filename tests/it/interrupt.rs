//! Interrupted batches: a signal while `generate-maze --count N --out-dir
//! DIR` writes leaves no temporary file, every file left is complete, the
//! generator says how many it wrote, and the temporary files of a killed
//! run are swept at the next run. A signal while `solve-maze` draws its
//! files ends it with a sentence too.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// A batch of large mazes (about 6 MB a file), so each file takes a while
/// to write.
fn batch(dir: &Path, seed: u64) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
        .args(["-W", "600", "-H", "600", "--no-verify", "--count", "8"])
        .args(["--seed", &seed.to_string(), "--out-dir"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn temporary(dir: &Path) -> Vec<String> {
    names(dir)
        .into_iter()
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

/// Waits (up to a minute) until `ready` holds, polling often.
/// Runs `command` with its standard error piped, sends it SIGINT `after`
/// (a run that has ended by then is not reaped yet, so the signal finds it
/// and does nothing), and gives its output and standard error as text.
fn interrupted(command: &mut Command, after: Duration) -> (std::process::Output, String) {
    let child = command.stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(after);
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    (output, stderr)
}

fn wait_for(mut ready: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if ready() {
            return true;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    false
}

#[test]
fn a_signal_during_a_batch_leaves_no_temporary_file() {
    let mut caught_writing: u64 = 0;
    let tries: u64 = 10;
    for i in 0..tries {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let seed = 100 * i;
        let mut child = batch(&out, seed);
        let signal = if i % 3 == 2 {
            Signal::SIGTERM
        } else {
            Signal::SIGINT
        };
        // Even tries: the moment a temporary file is there (the first or,
        // later, the second); odd tries: after a growing delay.
        if i % 2 == 0 {
            let wanted_files = if i % 4 == 0 { 0 } else { 1 };
            assert!(wait_for(|| {
                let all = names(&out);
                let done = all.iter().filter(|n| !n.ends_with(".tmp")).count();
                done >= wanted_files && all.iter().any(|n| n.ends_with(".tmp"))
                    || child.try_wait().unwrap().is_some()
            }));
            caught_writing += u64::from(!temporary(&out).is_empty());
        } else {
            std::thread::sleep(Duration::from_millis(150 * i));
        }
        let _ = kill(Pid::from_raw(child.id() as i32), signal);
        let output = child.wait_with_output().unwrap();
        let (status, stderr) = (output.status, String::from_utf8(output.stderr).unwrap());
        let left = temporary(&out);
        assert!(left.is_empty(), "try {i} ({signal}, {status}): {left:?}");
        // Each file left is whole: the puzzle its seed makes.
        for name in names(&out) {
            let text = std::fs::read(out.join(&name)).unwrap();
            let puzzle = dragon_escape::Puzzle::parse(&text)
                .unwrap_or_else(|e| panic!("try {i}: {name} is not whole: {e}"));
            assert_eq!((puzzle.width(), puzzle.height()), (1201, 1201), "{name}");
        }
        if let Some(code) = status.code() {
            assert_eq!(code, 0, "try {i}: finished before the signal");
            assert_eq!(names(&out).len(), 8);
        } else {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(signal as i32), "try {i}");
            let said = format!(
                "generate-maze: stopped by {} after writing {} of 8 puzzles\n",
                signal.as_str(),
                names(&out).len()
            );
            assert!(stderr.ends_with(&said), "try {i}: {stderr:?}");
        }
    }
    assert!(
        caught_writing >= tries / 4,
        "only {caught_writing} signals came while a file was written"
    );
}

/// A signal while one puzzle is made (here, checked for how hard it is)
/// ends the generator with a sentence, by the signal, and nothing on
/// standard output.
#[test]
fn a_signal_while_a_puzzle_is_made_says_so() {
    for signal in [Signal::SIGINT, Signal::SIGHUP] {
        let child = Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
            .args(["-W", "300", "-H", "300", "--braid", "0.02"])
            .args(["--difficulty", "hard", "--seed", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        kill(Pid::from_raw(child.id() as i32), signal).unwrap();
        let output = child.wait_with_output().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(output.status.signal(), Some(signal as i32));
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            format!("generate-maze: stopped by {}\n", signal.as_str())
        );
        assert!(output.stdout.is_empty());
    }
}

/// A signal during the hard-puzzle search ends it with the same
/// sentence, by the signal, after the progress lines (whose iterations
/// replay what they found), and nothing on standard output.
#[test]
fn a_signal_during_the_hard_search_says_so() {
    let child = Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
        .args(["--hardest", "15x15", "--seed", "1"])
        .args(["--iterations", "100000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(output.status.signal(), Some(Signal::SIGINT as i32));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("generate-maze: searching 15x15 boards"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("generate-maze: stopped by SIGINT\n"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn a_batch_sweeps_the_temporary_files_of_killed_runs() {
    let dir = tempfile::tempdir().unwrap();
    // No process has this number (above the largest Linux allows)...
    let dead = dir.path().join(".maze-3.txt.4194305.tmp");
    // ...and this one is running: the test itself.
    let running = dir
        .path()
        .join(format!(".maze-4.txt.{}.tmp", std::process::id()));
    let unrelated = dir.path().join(".notes.txt.4194305.tmp");
    let plain = dir.path().join("maze-3.txt.4194305.tmp");
    for path in [&dead, &running, &unrelated, &plain] {
        std::fs::write(path, "half a maze").unwrap();
    }
    let out = Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
        .args(["--seed", "1", "--count", "2", "--out-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("removed 1 temporary file left by an interrupted run"),
        "{stderr}"
    );
    assert!(!dead.exists(), "the dead run's file is swept");
    assert!(running.exists(), "a running process's file is its own");
    assert!(unrelated.exists() && plain.exists(), "other files stay");
    assert!(dir.path().join("maze-1.txt").exists() && dir.path().join("maze-2.txt").exists());
}

/// Ctrl-C during a long solve stops it with how far it got, then ends
/// `solve-maze` by the signal. A signal that comes before the search
/// starts (reading the map, building the graph) ends it at once, without a
/// sentence: the test then waits longer and tries again.
#[test]
fn ctrl_c_during_a_solve_says_how_far_it_got() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let map = crate::support::slow_map(dir.path());
    let mut said = None;
    for wait in [2, 4, 8, 16, 32] {
        let mut solve = Command::new(assert_cmd::cargo::cargo_bin("solve-maze"));
        solve.args(["--dragon-speed", "2", "--map"]).arg(&map);
        let (output, stderr) = interrupted(solve.stdout(Stdio::piped()), Duration::from_secs(wait));
        assert_eq!(
            output.status.signal(),
            Some(Signal::SIGINT as i32),
            "{}: {stderr}",
            output.status
        );
        assert!(output.stdout.is_empty());
        if !stderr.is_empty() {
            said = Some(stderr);
            break;
        }
    }
    let stderr = said.expect("the search never started");
    let (_, rest) =
        crate::support::positions_after(&stderr, "big.txt: the solve was stopped by SIGINT after ");
    assert!(
        rest.starts_with("positions, having shown that the dragon catches the hero"),
        "{stderr}"
    );
}

/// A signal while `solve-maze` draws its files (no solve running) ends it
/// by the signal with a sentence, and leaves each file whole or absent.
#[test]
fn a_signal_while_the_solver_draws_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("big.txt");
    let made = Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
        .args([
            "-W",
            "500",
            "-H",
            "500",
            "-a",
            "backtracker",
            "--braid",
            "0",
            "--no-verify",
        ])
        .args(["--seed", "1"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    std::fs::write(&map, made.stdout).unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // A perfect maze is solved at once: the signal comes while the files
    // are drawn (or, on a slow machine, while the solve still runs, which
    // says so itself).
    let mut stopped = 0;
    for delay in [200, 400, 800, 1600] {
        for name in names(&out) {
            std::fs::remove_file(out.join(name)).unwrap();
        }
        let mut solve = Command::new(assert_cmd::cargo::cargo_bin("solve-maze"));
        solve
            .arg("--gif")
            .arg(out.join("big.gif"))
            .arg("--svg-animate")
            .arg(out.join("big.svg"))
            .arg("--record")
            .arg(out.join("big.cast"))
            .arg(&map);
        let (output, stderr) =
            interrupted(solve.stdout(Stdio::null()), Duration::from_millis(delay));
        assert!(temporary(&out).is_empty(), "{:?}", names(&out));
        use std::os::unix::process::ExitStatusExt;
        if output.status.signal() == Some(Signal::SIGINT as i32) {
            let drawing = stderr.ends_with("solve-maze: stopped by SIGINT\n");
            stopped += usize::from(drawing);
            assert!(
                drawing || stderr.contains("the solve was stopped by SIGINT"),
                "after {delay} ms: {stderr:?}"
            );
        } else {
            // Drawn before the signal came: this map's dragon catches the
            // hero, which is status 1.
            assert_eq!(output.status.code(), Some(1), "{stderr}");
            assert_eq!(names(&out).len(), 3);
        }
    }
    assert!(stopped > 0, "no signal came while the files were drawn");
}
