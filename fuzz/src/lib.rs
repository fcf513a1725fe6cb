//! What the fuzz targets check, one function per target, each taking raw
//! bytes and panicking only when an invariant breaks: cargo-fuzz runs them
//! on nightly (`fuzz_targets/*.rs`), and `tests/it/fuzz.rs` includes this
//! file and runs them on stable for a fixed number of cases.
//!
//! - [`parse`]: any bytes read to a puzzle or an error; a puzzle survives
//!   writing back (ASCII, emoji, JSON matrix) and reading again, and a small
//!   one solves within a small budget or runs out of it.
//! - [`solve`]: a small map (the bytes after two settings bytes) solves the
//!   same with the default oracle and the reference under every tie rule,
//!   within a budget the settings pick; every move of a line is legal.
//! - [`generate`]: a generator configuration drawn from the bytes is
//!   refused with a sentence or gives a puzzle that reads back the same and
//!   solves.
//! - [`variants`]: a map of up to a few thousand tiles, with up to four
//!   dragons and sixteen keys and doors, solves under every tie rule within
//!   a budget and a time the bytes pick, or stops at them with the error
//!   that says so; the answers that come keep their order (optimistic,
//!   then the rule, then adversarial) and their lines are whole.

use std::sync::mpsc;
use std::time::Duration;

use dragon_escape::{Error, Method, Options, OracleKind, Outcome, Progress, Puzzle, Solver};
use dragon_escape::{Priority, Rules, Speed, Ties};

/// The largest map (in tiles) that [`parse`] solves and [`solve`] compares
/// with the reference (Floyd–Warshall is cubic in the cells).
const SMALL: usize = 144;

/// The largest map (in tiles) that [`variants`] solves.
pub const LARGE: usize = 4096;

/// How long a message about bad input may be: it quotes a short excerpt
/// of the input, never the input.
pub const LONGEST_MESSAGE: usize = 600;

/// Reads `data` as a map.
///
/// # Panics
/// When a puzzle does not read back the same from its own writing, a
/// small one fails to solve with anything but a budget error, or an error
/// message is longer than [`LONGEST_MESSAGE`].
pub fn parse(data: &[u8]) {
    let puzzle = match Puzzle::parse(data) {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.len() <= LONGEST_MESSAGE,
                "a message of {} bytes: {}…",
                message.len(),
                message.chars().take(200).collect::<String>()
            );
            return;
        }
    };
    for text in [
        puzzle.to_ascii(),
        puzzle.to_emoji(),
        puzzle.to_json_matrix(),
    ] {
        let again = Puzzle::parse(text.as_bytes());
        assert_eq!(again.as_ref(), Ok(&puzzle), "{text}");
    }
    if puzzle.width() * puzzle.height() <= SMALL {
        let options = Options::default().with_max_memory(1 << 20);
        match Solver::within(&puzzle, options.max_memory).and_then(|s| s.solve(&options)) {
            Ok(_) | Err(Error::TooLarge { .. }) => {}
            Err(e) => panic!("a map that reads failed to solve: {e}"),
        }
    }
}

/// The tie rules [`solve`] tries: a priority order (one of four, the
/// official one first), the adversarial and the optimistic rules.
fn rules(pick: u8) -> [Ties; 3] {
    let orders = ["ULDR", "RDLU", "DRUL", "LURD"];
    let order: Priority = orders[usize::from(pick) % orders.len()]
        .parse()
        .unwrap_or_default();
    [Ties::Priority(order), Ties::Adversarial, Ties::Optimistic]
}

/// Solves the map in `data[2..]` (if it reads and is small) under every
/// tie rule, with a budget picked by `data[1]`, and compares the default
/// oracle with the reference.
///
/// # Panics
/// When the two disagree, a line makes an illegal move, or a solve fails
/// with anything but a budget error.
pub fn solve(data: &[u8]) {
    let [pick, budget, map @ ..] = data else {
        return;
    };
    let Ok(puzzle) = Puzzle::parse(map) else {
        return;
    };
    if puzzle.width() * puzzle.height() > SMALL {
        return;
    }
    // From 4 KiB (often too small) to 4 MiB (always enough here).
    let max_memory = 4096 << (budget % 11);
    let Ok(solver) = Solver::within(&puzzle, max_memory) else {
        return;
    };
    for ties in rules(*pick) {
        let options = |oracle| {
            Options::default()
                .with_rules(Rules::default().with_ties(ties))
                .with_oracle(oracle)
                .with_max_memory(max_memory)
        };
        let fast = match solver.solve(&options(OracleKind::Bfs)) {
            Ok(solution) => solution,
            Err(Error::TooLarge { .. }) => continue,
            Err(e) => panic!("{ties:?}: {e}"),
        };
        let reference = solver
            .solve(&options(OracleKind::FloydWarshall).with_max_memory(1 << 26))
            .unwrap_or_else(|e| panic!("the reference failed under {ties:?}: {e}"));
        assert_eq!(fast.outcome, reference.outcome, "{ties:?}");
        if !fast.outcome.is_caught() || fast.stats.method != Method::LoopFree {
            // A caught hero's survival line may differ in the closed form.
            assert_eq!(fast.turns.len(), reference.turns.len(), "{ties:?}");
        }
        let (mut hero, mut dragon) = (fast.hero, fast.dragon);
        for turn in &fast.turns {
            let step = solver.hero_step(hero, dragon, turn.step, Rules::default());
            assert_eq!(step, Ok(turn.hero), "{ties:?}: an illegal move");
            (hero, dragon) = (turn.hero, turn.dragon);
        }
    }
}

/// Draws a generator configuration from `data` and generates; says
/// whether a puzzle came out.
///
/// # Panics
/// When a configuration that passes its check fails with anything but a
/// "no puzzle found" answer, or the puzzle does not read back or solve.
#[cfg(feature = "mapgen")]
pub fn generate(data: &[u8]) -> bool {
    use dragon_escape::mapgen::{Algorithm, Config, GenerateError, generate};
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    // Sizes from 1 (refused) to 9 cells a side.
    let mut config = Config::new(1 + usize::from(byte(0) % 9), 1 + usize::from(byte(1) % 9));
    config.algorithm = Algorithm::ALL[usize::from(byte(2)) % Algorithm::ALL.len()];
    config.rooms = usize::from(byte(3) % 8);
    config.braid = f64::from(byte(4)) / 200.0;
    config.verify = byte(5) % 2 == 0;
    config.knobs.min_steps = usize::from(byte(6) % 16);
    config.knobs.min_detour = usize::from(byte(7) % 5);
    config.knobs.require_backstep = byte(8) % 7 == 0;
    config.knobs.tie_independent = byte(9) % 5 == 0;
    config.search.max_solves = 1 + u64::from(byte(10) % 20);
    let cell = |i: usize| {
        (byte(i) % 4 == 1).then(|| (usize::from(byte(i + 1) % 9), usize::from(byte(i + 2) % 9)))
    };
    config.hero = cell(11);
    config.exit = cell(14);
    config.dragon = cell(17);
    // From 4 KiB (refused) to 64 MiB, mostly enough.
    config.max_memory = 4096 << (byte(20) % 15);
    let seed = data
        .iter()
        .skip(21)
        .fold(0u64, |s, &b| s.rotate_left(8) ^ u64::from(b));
    if config.check().is_err() {
        return false;
    }
    let generated = match generate(&config, seed) {
        Ok(generated) => generated,
        Err(GenerateError::Config(message)) => {
            assert!(!message.is_empty());
            return false;
        }
        Err(_) => return false,
    };
    let puzzle = generated.puzzle;
    let text = puzzle.to_emoji();
    assert_eq!(Puzzle::parse(text.as_bytes()).as_ref(), Ok(&puzzle));
    let options = Options::default().with_max_memory(1 << 24);
    if let Err(e) = Solver::new(&puzzle).solve(&options) {
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    }
    true
}

/// Runs `work` with a [`Progress`] that asks it to stop after `limit`, as
/// `solve-maze --max-time` does.
fn within_time<T>(limit: Duration, work: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::default();
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let progress = &progress;
        scope.spawn(move || {
            if finished.recv_timeout(limit) == Err(mpsc::RecvTimeoutError::Timeout) {
                progress.stop();
            }
        });
        let result = work(progress);
        drop(done);
        result
    })
}

/// An outcome as a number of moves to compare: no escape counts as more
/// than any.
fn moves(outcome: Outcome) -> usize {
    outcome.steps().unwrap_or(usize::MAX)
}

/// Solves the map in `data[2..]` (if it reads and has at most [`LARGE`]
/// tiles) under the three tie rules, with the dragon's speed and waiting
/// picked by `data[0]` and a budget (256 KiB to 16 MiB) and a time (100 to
/// 400 ms) by `data[1]`.
///
/// # Panics
/// When a solve fails with anything but a budget error or a stop, an
/// escape's line is not as long as its answer or does not end on the
/// exit, the answer is shorter than the dragon-free distance, the rules
/// disagree on whether there is a path, or the answers that came are out
/// of order (optimistic, then the rule, then adversarial).
pub fn variants(data: &[u8]) {
    let [pick, budget, map @ ..] = data else {
        return;
    };
    let Ok(puzzle) = Puzzle::parse(map) else {
        return;
    };
    if puzzle.width() * puzzle.height() > LARGE {
        return;
    }
    let max_memory = (256 << 10) << (budget % 7);
    let time = Duration::from_millis(100 * (1 + u64::from(budget / 7 % 4)));
    let Ok(solver) = Solver::within(&puzzle, max_memory) else {
        return;
    };
    let speed = Speed::new(1 + u32::from(pick % 3)).unwrap_or_default();
    let wait = pick & 4 != 0;
    let [priority, adversarial, optimistic] = rules(pick >> 3);
    let mut answers = Vec::new();
    for ties in [optimistic, priority, adversarial] {
        let options = Options::default()
            .with_rules(
                Rules::default()
                    .with_ties(ties)
                    .with_speed(speed)
                    .with_wait(wait),
            )
            .with_max_memory(max_memory);
        let solved = within_time(time, |progress| solver.solve_watched(&options, progress));
        let solution = match solved {
            Ok(solution) => solution,
            Err(Error::TooLarge { .. } | Error::Stopped { .. }) => {
                answers.push(None);
                continue;
            }
            Err(e) => panic!("{ties:?}: {e}"),
        };
        if let Outcome::Escaped { steps } = solution.outcome {
            assert_eq!(solution.turns.len(), steps, "{ties:?}: the line's length");
            let last = solution.turns.last().map_or(solution.hero, |t| t.hero);
            assert_eq!(last, solution.exit, "{ties:?}: the line ends on the exit");
            let free = solution.free_distance.expect("an escape has a path");
            assert!(
                steps >= free,
                "{ties:?}: {steps} moves, under the free {free}"
            );
        }
        answers.push(Some(solution.outcome));
    }
    let came: Vec<Outcome> = answers.iter().flatten().copied().collect();
    let no_path = came.iter().filter(|o| **o == Outcome::NoPath).count();
    assert!(no_path == 0 || no_path == came.len(), "{answers:?}");
    for pair in answers.windows(2).chain([&[answers[0], answers[2]][..]]) {
        if let [Some(lower), Some(higher)] = *pair {
            assert!(
                moves(lower) <= moves(higher),
                "out of order (optimistic, rule, adversarial): {answers:?}"
            );
        }
    }
}
