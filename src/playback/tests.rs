//! Playback's and play's tests, on a fake terminal, clock and key source:
//! playing, pausing, seeking, quitting, signals, suspending, the help
//! overlay, windows on a small terminal, the overview and the farewell.

use super::*;
use crate::puzzle::{Pos, Puzzle};
use crate::render::cast::CastOptions;
use crate::search::{Options, solve};
use std::cell::Cell;
use std::collections::VecDeque;
use std::rc::Rc;

const ASCII: MapStyle = MapStyle {
    ascii: true,
    color: false,
};

/// A clock that moves only when the script waits.
struct FakeClock(Rc<Cell<Duration>>);

impl Clock for FakeClock {
    fn now(&self) -> Duration {
        self.0.get()
    }
}

/// Inputs at given times on the fake clock; waiting moves the clock.
struct Script {
    clock: Rc<Cell<Duration>>,
    inputs: VecDeque<(Duration, Input)>,
    waits: Vec<Option<Duration>>,
    suspended: usize,
}

impl Script {
    fn new(inputs: &[(u64, Input)]) -> (FakeClock, Script) {
        let clock = Rc::new(Cell::new(Duration::ZERO));
        let inputs = inputs
            .iter()
            .map(|&(ms, input)| (Duration::from_millis(ms), input))
            .collect();
        let script = Script {
            clock: Rc::clone(&clock),
            inputs,
            waits: Vec::new(),
            suspended: 0,
        };
        (FakeClock(clock), script)
    }
}

impl Keys for Script {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Input>> {
        self.waits.push(timeout);
        let now = self.clock.get();
        let ready = self
            .inputs
            .front()
            .is_some_and(|&(at, _)| timeout.is_none_or(|t| at <= now + t));
        if ready {
            let (at, input) = self.inputs.pop_front().expect("checked above");
            self.clock.set(now.max(at));
            Ok(Some(input))
        } else if let Some(t) = timeout {
            self.clock.set(now + t);
            Ok(None)
        } else {
            Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the script ran out",
            ))
        }
    }

    fn suspend(&mut self) -> io::Result<Option<(u16, u16)>> {
        self.suspended += 1;
        Ok(Some((60, 20)))
    }
}

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).unwrap()
}

fn key(c: char) -> Input {
    Input::Key(Key::Char(c))
}

const BACKSTEP: &str = "######\n#H..##\n#.#.##\n#..D.E\n######";

fn backstep() -> (Puzzle, Film) {
    let puzzle: Puzzle = BACKSTEP.parse().unwrap();
    let options = Options::default();
    let film = Film::new(&puzzle, &solve(&puzzle, &options).unwrap());
    (puzzle, film)
}

fn settings(ms: u64) -> Settings {
    Settings {
        frame_length: Duration::from_millis(ms),
        style: ASCII,
        size: (80, 24),
        at_end: AtEnd::Wait,
    }
}

/// The status lines drawn, in order.
fn statuses(out: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(out);
    text.split("\x1b[K")
        .filter_map(|part| {
            // Each line is drawn as `ESC [ row ; col H`, the text, `ESC [ K`.
            let moved = &part[part.rfind("\x1b[")?..];
            let line = &moved[moved.find('H')? + 1..];
            (line.starts_with("step ") || line.starts_with("moves ")).then(|| line.to_owned())
        })
        .collect()
}

fn screen(out: &[u8], cols: u16, rows: u16) -> vt100::Parser {
    let mut parser = vt100::Parser::new(nz(rows), nz(cols), 0);
    parser.process(out);
    parser
}

#[test]
fn plays_to_the_end_then_waits_for_a_key() {
    let (_, film) = backstep();
    let (clock, mut keys) = Script::new(&[(60_000, key('q'))]);
    let mut out = Vec::new();
    let shown = playback(&film, &settings(100), &clock, &mut keys, &mut out).unwrap();
    assert_eq!(shown.frame, film.frame(film.len() - 1));
    assert!(!shown.terminated);
    let drawn = statuses(&out);
    // Every frame's status differs from the one before: each is drawn once.
    assert_eq!(drawn.len(), film.len());
    assert_eq!(drawn[0], "step 0 of 8  start  dragon 4 steps away");
    assert_eq!(drawn.last().unwrap(), "step 8 of 8  hero: right  escaped!");
    // One wait per frame, then an open wait at the end.
    assert_eq!(keys.waits.len(), film.len());
    assert_eq!(keys.waits.last(), Some(&None));
    let contents = screen(&out, 80, 24).screen().contents();
    assert!(
        contents.contains("The shortest path is 8 steps."),
        "{contents}"
    );
    assert!(
        contents.contains("the end (16/16): [space] replay"),
        "{contents}"
    );
    // The screen was cleared once, then only changed lines were written.
    assert_eq!(String::from_utf8_lossy(&out).matches("\x1b[2J").count(), 1);
}

#[test]
fn exit_at_end_returns_after_the_last_frame_and_loop_starts_again() {
    let (_, film) = backstep();
    let frames = film.len() as u64;
    // No key at all: the playback ends by itself one frame after the last.
    let (clock, mut keys) = Script::new(&[]);
    let exit = Settings {
        at_end: AtEnd::Exit,
        ..settings(100)
    };
    let shown = playback(&film, &exit, &clock, &mut keys, &mut Vec::new()).unwrap();
    assert_eq!(shown.frame, film.frame(film.len() - 1));
    assert_eq!(clock.now(), Duration::from_millis(100 * frames));
    // Looping: after the last frame's time the first comes again, and
    // the end is never waited on.
    let (clock, mut keys) = Script::new(&[(100 * frames + 150, key('q'))]);
    let repeat = Settings {
        at_end: AtEnd::Loop,
        ..settings(100)
    };
    let mut out = Vec::new();
    let shown = playback(&film, &repeat, &clock, &mut keys, &mut out).unwrap();
    assert_eq!(shown.frame, film.frame(1));
    assert!(keys.waits.iter().all(Option::is_some), "{:?}", keys.waits);
    let drawn = statuses(&out);
    assert_eq!(drawn[film.len()], drawn[0], "the first frame again");
    // Paused, a loop waits for a key like the default.
    let (clock, mut keys) = Script::new(&[(50, key(' ')), (60_000, key('q'))]);
    playback(&film, &repeat, &clock, &mut keys, &mut Vec::new()).unwrap();
    assert_eq!(keys.waits.last(), Some(&None));
}

#[test]
fn the_state_line_shows_how_far_the_line_is() {
    let mut viewer = Viewer::new(11, Duration::from_millis(100));
    assert_eq!(viewer.progress_bar(10), "[----------]");
    viewer.index = 5;
    assert_eq!(viewer.progress_bar(10), "[#####-----]");
    viewer.index = 10;
    assert_eq!(viewer.progress_bar(10), "[##########]");
    assert!(
        viewer
            .state_line()
            .ends_with(&format!("[{}]", "#".repeat(20)))
    );
    assert_eq!(Viewer::new(1, Duration::ZERO).progress_bar(4), "[----]");
}

#[test]
fn pause_step_back_seek_and_speed() {
    let (_, film) = backstep();
    let (clock, mut keys) = Script::new(&[
        (250, key(' ')), // pause on frame 2
        (5_000, Input::Key(Key::Right)),
        (5_001, key('.')),
        (5_002, Input::Key(Key::Left)),
        (5_003, key('+')),
        (5_004, key(' ')), // play on, at 2x: 50 ms a frame
        (5_060, key('5')), // frame 4 was shown at 5054; jump to half way
        (5_055, Input::Key(Key::End)),
        (5_056, Input::Key(Key::Home)),
        (5_057, key('-')),
        (5_058, key('-')),
        (5_059, key('q')),
    ]);
    let mut out = Vec::new();
    let shown = playback(&film, &settings(100), &clock, &mut keys, &mut out).unwrap();
    assert_eq!(shown.frame, film.frame(0));
    let drawn: Vec<String> = statuses(&out).iter().map(|s| s[..6].to_owned()).collect();
    let expected = [
        "step 0", "step 1", "step 1", // frames 0, 1, 2 at 0, 100, 200 ms
        "step 2", "step 2", "step 2", // right, '.', left: frames 3, 4, 3
        "step 2", // 50 ms later: frame 4
        "step 4", // '5': frame 7 of 0..=15
        "step 8", // End
        "step 0", // Home
    ];
    assert_eq!(drawn, expected);
    let contents = screen(&out, 80, 24).screen().contents();
    assert!(
        contents.contains("playing frame 1/16, speed 0.5x (200 ms a frame)"),
        "{contents}"
    );
}

#[test]
fn quits_with_escape_and_ctrl_c() {
    let (_, film) = backstep();
    for k in [Key::Esc, Key::Interrupt, Key::Char('q')] {
        let (clock, mut keys) = Script::new(&[(150, Input::Key(k))]);
        let shown = playback(&film, &settings(100), &clock, &mut keys, &mut Vec::new()).unwrap();
        assert_eq!(shown.frame, film.frame(1));
    }
}

#[test]
fn a_signal_ends_playback_and_play() {
    let (puzzle, film) = backstep();
    let (clock, mut keys) = Script::new(&[(150, Input::Terminate)]);
    let shown = playback(&film, &settings(100), &clock, &mut keys, &mut Vec::new()).unwrap();
    assert!(shown.terminated);
    let optimum = solve(&puzzle, &Options::default()).unwrap().outcome;
    let mut game = Play::new(puzzle, Options::default(), optimum).unwrap();
    let (clock, mut keys) = Script::new(&[(0, Input::Key(Key::Down)), (0, Input::Terminate)]);
    let shown = play(
        &mut game,
        &settings(0),
        &clock,
        &mut keys,
        &mut Vec::new(),
        None,
    )
    .unwrap();
    assert!(shown.terminated);
    assert_eq!(shown.frame.step, 1);
}

#[test]
fn suspend_and_resume_draw_the_whole_screen_again() {
    let (_, film) = backstep();
    let (clock, mut keys) = Script::new(&[
        (0, key(' ')),
        (1, Input::Key(Key::Suspend)),
        (2, Input::Resumed),
        (3, key('q')),
    ]);
    let mut out = Vec::new();
    let shown = playback(&film, &settings(100), &clock, &mut keys, &mut out).unwrap();
    assert_eq!(keys.suspended, 1);
    // The size after the suspension is the terminal's then.
    assert_eq!(shown.size, (60, 20));
    // The first draw, after the suspension, after the resume.
    assert_eq!(String::from_utf8_lossy(&out).matches("\x1b[2J").count(), 3);
}

#[test]
fn help_opens_and_closes_over_the_map() {
    let (_, film) = backstep();
    let (clock, mut keys) =
        Script::new(&[(0, key(' ')), (1, key('?')), (2, key('x')), (3, key('?'))]);
    let mut out = Vec::new();
    let mut parser = vt100::Parser::new(nz(24), nz(80), 0);
    // Run until the script runs out (an error), looking at the screen
    // after the first '?'.
    let _ = playback(&film, &settings(100), &clock, &mut keys, &mut out);
    parser.process(&out);
    let contents = parser.screen().contents();
    // Closed again at the end: the map is back.
    assert!(contents.starts_with("######"), "{contents}");
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("Keys (? closes this list):"));
    for binding in PLAYBACK_KEYS {
        assert!(text.contains(binding.long), "{}", binding.long);
    }
}

#[test]
fn small_terminal_shows_a_window_around_the_hero() {
    let (_, film) = backstep();
    let (clock, mut keys) = Script::new(&[(0, Input::Resize { cols: 4, rows: 7 }), (1, key('q'))]);
    let mut out = Vec::new();
    let shown = playback(&film, &settings(100), &clock, &mut keys, &mut out).unwrap();
    let parser = screen(&out, 4, 7);
    // 7 rows: 2 of map, where the window is, status, message, the state
    // and one legend line; 4 columns.
    let rows: Vec<String> = parser.screen().rows(0, 4).collect();
    // The dragon, off to the right, is marked on the edge.
    assert_eq!(rows, ["####", "#H.d", "rows", "step", "", "play", "[?] "]);
    assert_eq!(shown.window.rows, 2);
}

#[test]
fn panning_moves_the_window_and_c_follows_the_hero_again() {
    let puzzle: Puzzle = "H.............................E\n..............................D"
        .parse()
        .unwrap();
    let options = Options::default();
    let film = Film::new(&puzzle, &solve(&puzzle, &options).unwrap());
    let run = |inputs: &[(u64, Input)]| {
        let (clock, mut keys) = Script::new(inputs);
        let mut out = Vec::new();
        let small = Settings {
            size: (10, 12),
            ..settings(100_000)
        };
        playback(&film, &small, &clock, &mut keys, &mut out)
            .unwrap()
            .window
    };
    let still = run(&[(0, key(' ')), (1, key('q'))]);
    assert_eq!(still.left, 0);
    let panned = run(&[(0, key(' ')), (1, key('l')), (2, key('l')), (3, key('q'))]);
    assert_eq!(panned.left, 2 * Camera::PAN_STEP as usize - 5);
    let back = run(&[(0, key(' ')), (1, key('l')), (2, key('c')), (3, key('q'))]);
    assert_eq!(back, still);
}

#[test]
fn z_shows_the_whole_map_shrunk_and_back() {
    let map = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mazes/large-101.txt"
    ))
    .unwrap();
    let puzzle: Puzzle = map.parse().unwrap();
    let film = Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
    let small = Settings {
        size: (60, 30),
        ..settings(100_000)
    };
    let (clock, mut keys) = Script::new(&[(0, key(' ')), (1, key('z'))]);
    let mut out = Vec::new();
    let _ = playback(&film, &small, &clock, &mut keys, &mut out);
    let parser = screen(&out, 60, 30);
    let rows: Vec<String> = parser.screen().rows(0, 60).collect();
    // 101 columns and rows in 60 x 24: blocks of 2.1, 48 wide, 24 lines.
    let said = rows
        .iter()
        .find(|r| r.starts_with("the whole map"))
        .unwrap();
    assert_eq!(
        said,
        "the whole map: a character for 2.1x4.2 cells; [z] back"
    );
    assert_eq!(rows[0].chars().count(), 48, "{rows:?}");
    assert!(rows[0].starts_with('H'), "{rows:?}");
    assert_eq!(rows.iter().filter(|r| r.contains('E')).count(), 1);
    // z again: the window around the hero.
    let (clock, mut keys) = Script::new(&[(0, key(' ')), (1, key('z')), (2, key('z'))]);
    let mut again = Vec::new();
    let _ = playback(&film, &small, &clock, &mut keys, &mut again);
    let rows: Vec<String> = screen(&again, 60, 30).screen().rows(0, 60).collect();
    assert!(rows.iter().any(|r| r.starts_with("rows 1-")), "{rows:?}");
}

#[test]
fn emoji_grid_is_aligned_on_screen() {
    let (puzzle, film) = backstep();
    let (clock, mut keys) = Script::new(&[(0, key('q'))]);
    let mut out = Vec::new();
    let emoji = Settings {
        style: MapStyle::default(),
        ..settings(100)
    };
    playback(&film, &emoji, &clock, &mut keys, &mut out).unwrap();
    let parser = screen(&out, 80, 24);
    // Every symbol takes two columns: the exit is at column 2 * 5.
    let exit = puzzle.exit();
    let cell = parser
        .screen()
        .cell(exit.row as u16, 2 * exit.col as u16)
        .unwrap();
    assert_eq!(cell.contents(), "❎");
    assert!(cell.is_wide());
}

#[test]
fn plays_a_game_with_keys_and_records_it() {
    let puzzle: Puzzle = BACKSTEP.parse().unwrap();
    let options = Options::default();
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    let mut game = Play::new(puzzle, options, optimum).unwrap();
    let arrows = [Key::Down, Key::Up, Key::Right, Key::Right];
    let mut inputs: Vec<(u64, Input)> = vec![(0, Input::Key(Key::Up)), (10, key('h'))];
    inputs.extend(arrows.iter().map(|&k| (100, Input::Key(k))));
    inputs.extend("ssdd".chars().map(|c| (200, key(c))));
    inputs.push((300, key('x')));
    inputs.push((400, Input::Key(Key::Interrupt)));
    let (clock, mut keys) = Script::new(&inputs);
    let mut out = Vec::new();
    let mut recorder = Recorder::new(
        game.board(),
        CastOptions {
            frame_length: Duration::from_millis(100),
            style: ASCII,
            title: None,
            size: (80, 24),
        },
        2,
    );
    let shown = play(
        &mut game,
        &settings(0),
        &clock,
        &mut keys,
        &mut out,
        Some(&mut recorder),
    )
    .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("a wall blocks the way"));
    assert!(text.contains("hint: down (the exit in 8 steps)"));
    assert!(text.contains("You escaped in 8 steps. That is the optimum!"));
    assert_eq!(
        shown.frame.message.as_deref(),
        Some("use the arrows or WASD to move; [?] lists the keys")
    );
    let contents = screen(&out, 80, 24).screen().contents();
    assert!(contents.contains("[arrows/WASD] move"), "{contents}");
    assert_eq!(
        statuses(&out).last().unwrap(),
        "moves 8  dragon 3 steps away  optimum 8 steps"
    );
    // The recording is the game as played: the refusal, the hint and the
    // escape, with the times they were shown.
    let cast = recorder.finish();
    assert!(cast.contains("a wall blocks the way"));
    assert!(cast.contains("hint: down"));
    let times: Vec<f64> = cast
        .lines()
        .skip(1)
        .map(|l| l[1..l.find(',').unwrap()].parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert!(times.contains(&0.2) && times.contains(&0.3));
}

/// With the map's table, a mistake is said after the move, gone with the
/// next key, counted in the result, and kept in the recording: a
/// recorded game, played back by any asciicast player, shows the word on
/// the screens after the mistake.
#[test]
fn a_mistake_is_said_counted_and_recorded() {
    let puzzle: Puzzle = BACKSTEP.parse().unwrap();
    let options = Options::default();
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    let mut game = Play::new(puzzle, options, optimum).unwrap();
    game.build_table(&crate::search::Progress::default())
        .unwrap();
    // Left at the tail's corner costs 8 moves; then the hints' line.
    let inputs: Vec<(u64, Input)> = "swddssaawwddssdd"
        .chars()
        .enumerate()
        .map(|(i, c)| (100 * i as u64, key(c)))
        .chain([(2000, Input::Key(Key::Interrupt))])
        .collect();
    let (clock, mut keys) = Script::new(&inputs);
    let mut out = Vec::new();
    let mut recorder = Recorder::new(
        game.board(),
        CastOptions {
            frame_length: Duration::from_millis(100),
            style: ASCII,
            title: None,
            size: (80, 24),
        },
        2,
    );
    let shown = play(
        &mut game,
        &settings(0),
        &clock,
        &mut keys,
        &mut out,
        Some(&mut recorder),
    )
    .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert_eq!(text.matches("that step cost 8 moves").count(), 1, "{text}");
    let summary = "You escaped in 16 steps. The optimum is 8 steps. 1 mistake, which cost 8 moves.";
    assert_eq!(shown.frame.message.as_deref(), Some(summary));
    assert_eq!(
        statuses(&out).last().unwrap(),
        "moves 16  dragon 3 steps away  optimum 8 steps  mistakes 1"
    );
    let cast = recorder.finish();
    assert!(cast.contains("that step cost 8 moves"), "{cast}");
    // The result, wrapped to the recording's 72 columns.
    assert!(cast.contains("1 mistake, which cost"), "{cast}");
}

/// Without a table the first screen says why, once.
#[test]
fn the_first_screen_says_why_there_is_no_table() {
    let puzzle: Puzzle = "H..E\n....\nD..D".parse().unwrap();
    let options = Options::default();
    let optimum = solve(&puzzle, &options).unwrap().outcome;
    let mut game = Play::new(puzzle, options, optimum).unwrap();
    assert!(
        game.build_table(&crate::search::Progress::default())
            .is_err()
    );
    let (clock, mut keys) = Script::new(&[(0, key('d')), (10, Input::Key(Key::Interrupt))]);
    let mut out = Vec::new();
    play(&mut game, &settings(0), &clock, &mut keys, &mut out, None).unwrap();
    let text = String::from_utf8_lossy(&out);
    assert_eq!(
        text.matches("mistakes are not called out").count(),
        1,
        "{text}"
    );
}

#[test]
fn farewell_keeps_the_frame_only_when_it_fits() {
    let (_, film) = backstep();
    let frame = film.frame(film.len() - 1);
    let board = film.board();
    let shown = |size: (u16, u16)| Shown {
        frame: frame.clone(),
        window: board.around(frame.hero, 3, 4),
        size,
        terminated: false,
    };
    let top = Shown {
        window: board.around(Pos::new(0, 0), 2, 2),
        ..shown((20, 24))
    };
    assert!(
        farewell(board, &top, ASCII).ends_with(
            "the window showed rows 1-2 of 5, columns 1-2 of 6; dragon 1 down 2 right; \
             exit 2 down 4 right.\n"
        ),
        "{}",
        farewell(board, &top, ASCII)
    );
    assert_eq!(
        farewell(board, &shown((80, 24)), ASCII),
        board.text(&frame, ASCII)
    );
    let small = farewell(board, &shown((20, 24)), ASCII);
    assert_eq!(
        small,
        "step 8 of 8  hero: right  escaped!\nThe shortest path is 8 steps.\n\
         The map does not fit the terminal; the window showed rows 3-5 of 5, \
         columns 3-6 of 6.\n"
    );
    // Too few rows is not fitting either.
    assert_ne!(
        farewell(board, &shown((80, 6)), ASCII),
        board.text(&frame, ASCII)
    );
}

/// The README's playback snippet is the screen the player draws:
/// official-1 in emoji without colour, paused on frame 14 of 32.
#[test]
fn the_readme_shows_the_screen_the_player_draws() {
    let puzzle: Puzzle = include_str!("../../examples/mazes/official-1.txt")
        .parse()
        .unwrap();
    let film = Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
    let (clock, mut keys) = Script::new(&[(13 * 300 + 150, key(' ')), (60_000, key('q'))]);
    let emoji = Settings {
        style: MapStyle {
            ascii: false,
            color: false,
        },
        ..settings(300)
    };
    let mut out = Vec::new();
    playback(&film, &emoji, &clock, &mut keys, &mut out).unwrap();
    let contents = screen(&out, 80, 24).screen().contents();
    let shown: Vec<&str> = contents.lines().map(str::trim_end).collect();
    let readme = include_str!("../../README.md");
    let block = readme
        .split("`solve-maze -p FILE` shows each turn")
        .nth(1)
        .and_then(|after| after.split("```\n").nth(1))
        .expect("the README's playback snippet");
    let snippet: Vec<&str> = block.lines().map(str::trim_end).collect();
    assert_eq!(
        shown.join("\n").trim_end(),
        snippet.join("\n").trim_end(),
        "the screen:\n{contents}"
    );
}
