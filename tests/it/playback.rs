//! Playback, play mode and the exports through the real `solve-maze`: on a
//! pseudo-terminal (keys in, the screen read back through a terminal
//! emulator, the terminal checked at exit), and on pipes and files.
//!
//! Waits have a generous upper bound only so that a broken build fails
//! instead of hanging; no assertion depends on how long anything takes.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use nix::sys::termios::LocalFlags;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const BIN: &str = env!("CARGO_BIN_EXE_solve-maze");
const ROWS: u16 = 30;
const COLS: u16 = 90;
/// Only a hang takes this long.
const LIMIT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn maze(name: &str) -> String {
    root()
        .join("examples/mazes")
        .join(name)
        .display()
        .to_string()
}

/// `args` as words for `sh`, each quoted.
fn sh(args: &[&str]) -> String {
    let words: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    words.join(" ")
}

/// A program running on a pseudo-terminal, with everything it writes fed
/// to a terminal emulator.
struct Session {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    screen: Arc<Mutex<(vt100::Parser, Vec<u8>)>>,
    reader: Option<JoinHandle<()>>,
}

impl Session {
    /// Runs `sh -c script` in the repository root on a fresh terminal, as
    /// its controlling terminal, with `TERM` as given.
    fn start(script: &str, term: &str) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", script]);
        cmd.cwd(root());
        cmd.env("TERM", term);
        cmd.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(cmd).expect("sh starts");
        // Only the child holds the terminal's other end now, so reading
        // ends when it exits.
        drop(pty.slave);
        let screen = Arc::new(Mutex::new((
            vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 0),
            Vec::new(),
        )));
        let mut source = pty.master.try_clone_reader().unwrap();
        let sink = Arc::clone(&screen);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = source.read(&mut buf) {
                let mut screen = sink.lock().unwrap();
                screen.0.process(&buf[..n]);
                screen.1.extend_from_slice(&buf[..n]);
            }
        });
        let writer = pty.master.take_writer().unwrap();
        Session {
            master: pty.master,
            writer,
            child,
            screen,
            reader: Some(reader),
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().0.screen().contents()
    }

    /// Waits until the screen shows `text`; returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let contents = self.contents();
            if contents.contains(text) {
                return contents;
            }
            assert!(
                start.elapsed() < LIMIT,
                "never saw {text:?}; the screen:\n{contents}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the program to end; returns its exit code.
    fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                if let Some(reader) = self.reader.take() {
                    reader.join().unwrap();
                }
                return status.exit_code();
            }
            if start.elapsed() > LIMIT {
                let _ = self.child.kill();
                panic!("the program did not end; the screen:\n{}", self.contents());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Checks that the terminal is back to normal: main screen, cursor
    /// shown, line editing and echo on (raw mode off).
    fn assert_restored(&self) {
        let screen = self.screen.lock().unwrap();
        assert!(
            !screen.0.screen().alternate_screen(),
            "still on the alternate screen"
        );
        assert!(
            !screen.0.screen().hide_cursor(),
            "the cursor is still hidden"
        );
        let termios = self.master.get_termios().expect("the terminal's settings");
        assert!(
            termios.local_flags.contains(LocalFlags::ICANON),
            "raw mode is still on"
        );
        assert!(
            termios.local_flags.contains(LocalFlags::ECHO),
            "echo is still off"
        );
    }
}

impl Drop for Session {
    /// A failed test leaves no program behind.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
    }
}

const RIGHT: &str = "\x1b[C";
const LEFT: &str = "\x1b[D";
const UP: &str = "\x1b[A";

/// `--exit-at-end` ends a playback nobody touches, restoring the terminal
/// and leaving the outcome on the normal screen.
#[test]
fn exit_at_end_ends_by_itself() {
    let script = format!(
        "exec {}",
        sh(&[
            BIN,
            "-p",
            "--exit-at-end",
            "-f",
            "5",
            &maze("official-1.txt")
        ])
    );
    let mut s = Session::start(&script, "xterm-256color");
    assert_eq!(s.exit_code(), 0);
    let screen = s.screen.lock().unwrap();
    assert!(!screen.0.screen().alternate_screen());
    let contents = screen.0.screen().contents();
    assert!(
        contents.contains("The shortest path is 16 steps."),
        "{contents}"
    );
}

#[test]
fn playback_steps_with_keys_and_restores_the_terminal() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "-p", "-f", "60000", &maze("official-1.txt")])
    );
    let mut s = Session::start(&script, "xterm-256color");
    let screen = s.wait_for("step 0 of 16  start  dragon 4 steps away");
    // The legend comes from the key table; at 90 columns it takes two lines.
    assert!(screen.contains("[space] pause  [right/.] step  [left/,] back"));
    assert!(screen.contains("[?] keys"));
    assert!(screen.contains("[q] quit"));
    assert!(s.screen.lock().unwrap().0.screen().alternate_screen());
    s.send(" ");
    s.wait_for("paused at frame 1/32, speed 1x (60000 ms a frame)");
    s.send("-");
    s.wait_for("speed 0.5x (120000 ms a frame)");
    s.send("+");
    s.send("+");
    s.wait_for("speed 2x (30000 ms a frame)");
    s.send(".");
    s.wait_for("step 1 of 16  hero: down  dragon 3 steps away");
    s.send(RIGHT);
    s.wait_for("step 1 of 16  dragon: up  dragon 2 steps away");
    {
        // Emoji take two columns each and the grid stays aligned: the exit
        // (row 8, column 1) is in screen column 2.
        let screen = s.screen.lock().unwrap();
        let cell = screen.0.screen().cell(8, 2).unwrap();
        assert_eq!(cell.contents(), "❎");
        assert!(cell.is_wide());
        assert_eq!(screen.0.screen().cell(8, 4).unwrap().contents(), "🟫");
    }
    s.send(LEFT);
    s.wait_for("step 1 of 16  hero: down  dragon 3 steps away");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
    // The last frame stays on the main screen.
    assert!(s.contents().contains("step 1 of 16  hero: down"));
}

#[test]
fn keys_come_from_the_terminal_when_the_map_comes_from_a_pipe() {
    let script = format!(
        "cat {} | {}",
        sh(&[&maze("backstep.txt")]),
        sh(&[BIN, "-p", "-f", "1", "-"])
    );
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("The shortest path is 8 steps.");
    s.wait_for("the end (16/16): [space] replay");
    s.send("\x03"); // Ctrl-C
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
    assert!(s.contents().contains("step 8 of 8  hero: right  escaped!"));
}

#[test]
fn caught_maps_play_back_and_exit_with_one() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "-p", "-f", "1", "--ascii", &maze("caught.txt")])
    );
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("no safe move left  caught");
    s.send("\x1b"); // Esc
    assert_eq!(s.exit_code(), 1);
    s.assert_restored();
}

#[test]
fn play_mode_refuses_hints_and_escapes() {
    let script = format!("exec {}", sh(&[BIN, "--play", &maze("backstep.txt")]));
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("[arrows/WASD] move  [u] undo  [r] restart  [h] hint");
    s.send(UP);
    s.wait_for("a wall blocks the way");
    s.send("h");
    s.wait_for("hint: down (the exit in 8 steps)");
    s.send("s");
    s.wait_for("moves 1  dragon 2 steps away");
    s.send("u");
    s.wait_for("moves 0  dragon 4 steps away");
    for keys in ["s", "w", RIGHT, "d", "s", "s", "d", "d"] {
        s.send(keys);
    }
    s.wait_for("You escaped in 8 steps. That is the optimum!");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
    assert!(s.contents().contains("You escaped in 8 steps."));
}

/// With the map's table, a costly step is called out at once and counted
/// in the status line and in the result: on the back-step map, stepping
/// left at the tail's corner instead of right costs 8 moves.
#[test]
fn play_mode_calls_out_a_mistake_and_counts_it() {
    let script = format!("exec {}", sh(&[BIN, "--play", &maze("backstep.txt")]));
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("moves 0  dragon 4 steps away");
    for keys in ["s", "w", RIGHT, "d", "s", "s"] {
        s.send(keys);
    }
    s.wait_for("moves 6  dragon 2 steps away");
    s.send(LEFT);
    s.wait_for("that step cost 8 moves");
    s.wait_for("optimum 8 steps  mistakes 1");
    s.send("h");
    s.wait_for("hint: left (the exit in 9 steps)");
    for keys in ["a", "w", UP, "d", "d", "s", "s", "d", "d"] {
        s.send(keys);
    }
    s.wait_for("You escaped in 16 steps. The optimum is 8 steps. 1 mistake, which cost 8 moves.");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
}

/// On a map the table does not take, the first screen says so, and the
/// game goes on with solved hints.
#[test]
fn play_mode_says_why_mistakes_go_unsaid() {
    let script = format!("exec {}", sh(&[BIN, "--play", &maze("two-dragons.txt")]));
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("mistakes are not called out");
    s.send("h");
    s.wait_for("hint: ");
    assert!(!s.contents().contains("mistakes are not called out"));
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
}

/// With --wait the legend offers the wait key, and `.` waits: the hero
/// stays and the dragon takes the first of its steps, up.
#[test]
fn play_mode_waits_with_wait() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "--play", "--wait", &maze("backstep.txt")])
    );
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("[arrows/WASD] move  [./space] wait  [u] undo");
    s.send("h");
    s.wait_for("hint: wait (the exit in 7 steps)");
    s.send(".");
    s.wait_for("moves 1  dragon 3 steps away  optimum 7 steps");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
}

#[test]
fn a_dumb_terminal_gets_plain_frames_without_control_codes() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "-p", "--ascii", &maze("backstep.txt")])
    );
    let mut s = Session::start(&script, "dumb");
    assert_eq!(s.exit_code(), 0);
    let bytes = s.screen.lock().unwrap().1.clone();
    let text = String::from_utf8(bytes).unwrap();
    assert!(!text.contains('\x1b'), "{text:?}");
    assert!(text.contains("step 0 of 8  start"));
    assert!(text.contains("The shortest path is 8 steps."));
}

#[test]
fn plain_frames_when_stdout_is_not_a_terminal() {
    let out = Command::new(BIN)
        .args(["-p", "--ascii", "--color", "auto", &maze("backstep.txt")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'));
    let frames: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(frames.len(), 1 + 2 * 7 + 1);
    assert_eq!(
        frames.last().unwrap().trim_end(),
        "######\n#***##\n#*#D##\n#..**H\n######\nstep 8 of 8  hero: right  escaped!\nThe shortest path is 8 steps."
    );
}

#[test]
fn play_needs_a_terminal() {
    Command::new(BIN)
        .args(["--play", &maze("backstep.txt")])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--play needs a terminal"));
    Command::new(BIN)
        .args(["-p", &maze("backstep.txt"), &maze("caught.txt")])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("exactly one map file"));
}

/// Files in `dir`, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn record_and_svg_are_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("escape.cast");
    let svg = dir.path().join("escape.svg");
    Command::new(BIN)
        .args([
            "--record",
            cast.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "-f",
            "100",
        ])
        .arg(maze("official-1.txt"))
        .assert()
        .code(0)
        .stdout("The shortest path is 16 steps.\n");
    assert_eq!(names(dir.path()), ["escape.cast", "escape.svg"]);
    let recording = std::fs::read_to_string(&cast).unwrap();
    let mut lines = recording.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with(r#"{"version": 2, "width": "#),
        "{header}"
    );
    let events: Vec<&str> = lines.collect();
    // Start, 15 turns of two half-steps, the escape, and the closing event.
    assert_eq!(events.len(), 1 + 30 + 1 + 1);
    assert!(events[1].starts_with("[0.100000, \"o\", "));
    assert!(events[events.len() - 2].contains("The shortest path is 16 steps."));
    #[cfg(feature = "json")]
    for line in recording.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg "));
    assert!(picture.trim_end().ends_with("</svg>"));
}

#[test]
fn a_failed_export_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/escape.cast");
    Command::new(BIN)
        .args(["--record", missing.to_str().unwrap(), &maze("backstep.txt")])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("escape.cast: cannot write"));
    // A directory in the way of the rename: the temporary file is removed.
    std::fs::create_dir(dir.path().join("taken.svg")).unwrap();
    std::fs::write(dir.path().join("taken.svg/inside"), "x").unwrap();
    let taken = dir.path().join("taken.svg");
    Command::new(BIN)
        .args(["--svg", taken.to_str().unwrap(), &maze("backstep.txt")])
        .assert()
        .code(2);
    assert_eq!(names(dir.path()), ["taken.svg"]);
}

/// Run by [`a_panic_restores_the_terminal`] in a child process on a
/// pseudo-terminal; does nothing in a normal test run.
#[test]
fn panic_while_the_terminal_is_taken() {
    if std::env::var_os("DRAGON_ESCAPE_PANIC_CHILD").is_none() {
        return;
    }
    let _terminal = dragon_escape::playback::Terminal::enter().unwrap();
    panic!("boom in playback");
}

#[test]
fn a_panic_restores_the_terminal() {
    let me = std::env::current_exe().unwrap();
    let me = me.to_str().unwrap();
    let test = "playback::panic_while_the_terminal_is_taken";
    let args = [me, "--exact", test, "--nocapture", "--test-threads=1"];
    let script = format!(
        "DRAGON_ESCAPE_PANIC_CHILD=1 RUST_BACKTRACE=0 exec {}",
        sh(&args)
    );
    let mut s = Session::start(&script, "xterm-256color");
    assert_ne!(s.exit_code(), 0);
    let bytes = s.screen.lock().unwrap().1.clone();
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("\x1b[?1049h"),
        "the child never took the terminal: {text:?}"
    );
    s.assert_restored();
    // The panic message comes after the restore, on the main screen.
    let left = text
        .rfind("\x1b[?1049l")
        .expect("the alternate screen is left");
    assert!(text[left..].contains("boom in playback"), "{text:?}");
}

/// The pid of the program a session runs (`exec`ed by its shell).
fn pid(s: &Session) -> String {
    s.child.process_id().expect("a running child").to_string()
}

fn kill(signal: &str, pid: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, pid])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn ending_signals_restore_the_terminal() {
    for (signal, args) in [
        ("-TERM", vec!["-p", "-f", "60000"]),
        ("-HUP", vec!["-p", "-f", "60000"]),
        ("-QUIT", vec!["-p", "-f", "60000"]),
        ("-INT", vec!["--play"]),
        ("-TERM", vec!["--play"]),
        ("-QUIT", vec!["--play"]),
    ] {
        let mut command = vec![BIN];
        command.extend(&args);
        let map = maze("official-1.txt");
        command.push(&map);
        // SIGQUIT ends the program with a core dump, which nobody wants here.
        let script = format!("ulimit -c 0; exec {}", sh(&command));
        let mut s = Session::start(&script, "xterm-256color");
        s.wait_for("dragon 4 steps away");
        assert!(s.screen.lock().unwrap().0.screen().alternate_screen());
        kill(signal, &pid(&s));
        // Ended by the signal, not by a normal exit.
        assert_ne!(s.exit_code(), 0, "{signal} {args:?}");
        s.assert_restored();
    }
}

/// A solve that runs past a second shows its progress on standard error:
/// the positions stored, the memory held against the budget and what it
/// has shown of the answer. (The longest chase a dragon twice as fast
/// leaves the hero on a sparse braid of 1001x1001 tiles keeps the search
/// busy for minutes, once it has shown that there is no escape at all.)
#[cfg(feature = "mapgen")]
#[test]
fn a_long_solve_shows_its_progress() {
    let dir = tempfile::tempdir().unwrap();
    let map = crate::support::slow_map(dir.path());
    let script = format!(
        "exec {}",
        sh(&[BIN, "--dragon-speed", "2", "--map", map.to_str().unwrap()])
    );
    let mut s = Session::start(&script, "xterm-256color");
    let screen = s.wait_for(" positions, ");
    let line = screen
        .lines()
        .find(|l| l.contains(" positions, "))
        .unwrap()
        .to_owned();
    // The line is cut to the terminal's width: the file's name comes last.
    for part in [" of 4 GiB", ", no escape at all"] {
        assert!(line.contains(part), "{part:?} in {line:?}");
    }
    kill("-INT", &pid(&s));
    assert_ne!(s.exit_code(), 0);
}

#[test]
fn ctrl_z_suspends_and_continuing_draws_again() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "-p", "-f", "60000", "--ascii", &maze("official-1.txt")])
    );
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("step 0 of 16  start  dragon 4 steps away");
    s.send("\x1a"); // Ctrl-Z
    let start = Instant::now();
    // Stopped: the terminal is given back while the program waits. Raw
    // mode goes off before the screen is left, so once the screen shows
    // the normal page the settings must be back too.
    while s.screen.lock().unwrap().0.screen().alternate_screen() {
        assert!(start.elapsed() < LIMIT, "never left the alternate screen");
        std::thread::sleep(Duration::from_millis(10));
    }
    s.assert_restored();
    assert!(s.child.try_wait().unwrap().is_none(), "stopped, not ended");
    kill("-CONT", &pid(&s));
    while !s.screen.lock().unwrap().0.screen().alternate_screen() {
        assert!(start.elapsed() < LIMIT, "never took the terminal again");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Everything is drawn again, and the keys work.
    s.wait_for("step 0 of 16  start  dragon 4 steps away");
    s.send(".");
    s.wait_for("step 1 of 16  hero: down");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
}

#[test]
fn quitting_a_map_larger_than_the_terminal_leaves_one_line_of_where() {
    let script = format!(
        "exec {}",
        sh(&[BIN, "-p", "-f", "60000", &maze("large-101.txt")])
    );
    let mut s = Session::start(&script, "xterm-256color");
    let screen = s.wait_for("step 0 of 478  start");
    // The window says where it is and where the exit lies.
    assert!(screen.contains("rows 1-"), "{screen}");
    assert!(screen.contains("; exit "), "{screen}");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    s.assert_restored();
    let bytes = s.screen.lock().unwrap().1.clone();
    let text = String::from_utf8_lossy(&bytes);
    let after = &text[text
        .rfind("\x1b[?1049l")
        .expect("the alternate screen is left")..];
    // No map on the normal screen: the status and where the window was.
    assert!(after.contains("step 0 of 478  start"), "{after:?}");
    assert!(
        after.contains("The map does not fit the terminal"),
        "{after:?}"
    );
    assert!(
        !after.contains(dragon_escape::Tile::Wall.emoji()),
        "{after:?}"
    );
}

#[test]
fn play_record_writes_the_game_played() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("game.cast");
    let script = format!(
        "exec {}",
        sh(&[
            BIN,
            "--play",
            "--ascii",
            "--record",
            cast.to_str().unwrap(),
            &maze("backstep.txt")
        ])
    );
    let mut s = Session::start(&script, "xterm-256color");
    s.wait_for("moves 0  dragon 4 steps away");
    s.send(UP);
    s.wait_for("a wall blocks the way");
    s.send("s");
    s.wait_for("moves 1");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    let recording = std::fs::read_to_string(&cast).unwrap();
    assert!(recording.contains("a wall blocks the way"), "{recording}");
    assert!(
        recording.contains("moves 1  dragon 2 steps away"),
        "{recording}"
    );
    // Never the solver's line, which ends in an escape.
    assert!(!recording.contains("escaped"), "{recording}");
}

/// A signal that ends the program (SIGTERM, SIGHUP, SIGINT) still saves
/// the recording made so far, whole, before the program ends by it; with
/// -p the solver's line was saved before the playback began.
#[test]
fn an_ending_signal_keeps_the_recording_made_so_far() {
    for (signal, args) in [
        ("-TERM", vec!["--play", "--ascii"]),
        ("-HUP", vec!["--play", "--ascii"]),
        ("-INT", vec!["--play", "--ascii"]),
        ("-QUIT", vec!["--play", "--ascii"]),
        ("-TERM", vec!["-p", "-f", "60000", "--ascii"]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let cast = dir.path().join("game.cast");
        let mut command = vec![BIN];
        command.extend(&args);
        let map = maze("backstep.txt");
        command.extend(["--record", cast.to_str().unwrap(), &map]);
        let script = format!("ulimit -c 0; exec {}", sh(&command));
        let mut s = Session::start(&script, "xterm-256color");
        let playing = args[0] == "--play";
        if playing {
            s.wait_for("moves 0  dragon 4 steps away");
            s.send("s");
            s.wait_for("moves 1  dragon 2 steps away");
        } else {
            s.wait_for("step 0 of ");
        }
        kill(signal, &pid(&s));
        // Ended by the signal, not by a normal exit.
        assert_ne!(s.exit_code(), 0, "{signal} {args:?}");
        s.assert_restored();
        // Written whole: no temporary file beside it.
        assert_eq!(names(dir.path()), ["game.cast"], "{signal} {args:?}");
        let recording = std::fs::read_to_string(&cast).unwrap();
        let header = recording.lines().next().unwrap();
        #[cfg(feature = "json")]
        {
            let header: serde_json::Value = serde_json::from_str(header).unwrap();
            assert_eq!(header["version"], 2, "{header}");
            for line in recording.lines().skip(1) {
                let event: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(event[1], "o", "{line}");
            }
        }
        assert!(header.starts_with(r#"{"version": 2, "#), "{header}");
        if playing {
            // The frames so far: the start, and the move made.
            assert!(
                recording.contains("moves 0  dragon 4 steps away"),
                "{recording}"
            );
            assert!(
                recording.contains("moves 1  dragon 2 steps away"),
                "{recording}"
            );
        } else {
            assert!(recording.contains("escaped"), "{recording}");
        }
    }
}

#[test]
fn the_help_and_the_readme_list_the_keys_of_the_tables() {
    use dragon_escape::viewer::{PLAY_KEYS, PLAYBACK_KEYS, help_text};
    let out = Command::new(BIN).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    // clap wraps the text: compare with the line breaks as spaces.
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for table in [PLAYBACK_KEYS, PLAY_KEYS] {
        let keys = help_text(table);
        let keys = keys.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&keys), "--help lacks: {keys}\n{help}");
    }
    // The README's key lists are the tables' text, wrapped.
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let flat_readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for table in [PLAYBACK_KEYS, PLAY_KEYS] {
        let keys = help_text(table);
        let keys = keys.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat_readme.contains(&keys), "README lacks: {keys}");
    }
    // The README's picture of the playback screen, legend included, is
    // the screen the player draws: `playback::tests` checks it whole.
}

/// Closing the terminal under a running player (the terminal window shut,
/// the connection dropped) ends it within a moment, by the hang-up, with
/// its recording saved whole; the playback ends the same way.
#[test]
fn closing_the_terminal_ends_the_player_and_keeps_its_recording() {
    // Not an assertion on speed: a player left spinning never ends.
    const GONE: Duration = Duration::from_secs(5);
    for args in [
        vec!["--play", "--ascii"],
        vec!["-p", "-f", "60000", "--ascii"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let cast = dir.path().join("game.cast");
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(BIN);
        cmd.args(&args);
        cmd.args(["--record", cast.to_str().unwrap(), &maze("backstep.txt")]);
        cmd.cwd(root());
        cmd.env("TERM", "xterm-256color");
        let mut child = pty.slave.spawn_command(cmd).expect("solve-maze starts");
        drop(pty.slave);
        // Read until the game is on the screen, then let go of the
        // terminal's reading end: with the writing end and the master
        // dropped, nothing holds the terminal open.
        let mut source = pty.master.try_clone_reader().unwrap();
        let (shown, on_screen) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = source.read(&mut buffer) {
                text.extend_from_slice(&buffer[..n]);
                if String::from_utf8_lossy(&text).contains("dragon 4 steps away") {
                    let _ = shown.send(());
                    return;
                }
            }
        });
        on_screen
            .recv_timeout(LIMIT)
            .unwrap_or_else(|_| panic!("{args:?}: the game never showed"));
        let writer = pty.master.take_writer().unwrap();
        drop(writer);
        drop(pty.master);
        let closed = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if closed.elapsed() > GONE {
                let _ = child.kill();
                panic!("{args:?}: still running {GONE:?} after its terminal closed");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        // Ended by the hang-up, not as if it had finished.
        assert!(!status.success(), "{args:?}: {status:?}");
        assert_eq!(names(dir.path()), ["game.cast"], "{args:?}");
        let recording = std::fs::read_to_string(&cast).unwrap();
        assert!(
            recording.starts_with(r#"{"version": 2, "#),
            "{args:?}: {recording}"
        );
        assert!(recording.contains("dragon 4 steps away"), "{recording}");
    }
}
