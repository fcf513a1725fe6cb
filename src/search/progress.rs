//! What a running solve has done so far, for a progress display, and a way
//! to stop it.
//!
//! [`Solver::solve_watched`](super::Solver::solve_watched) writes into a
//! [`Progress`] as it goes, and another thread reads it, or asks it to
//! stop ([`Progress::stop`]: a time limit, a user who gave up). The figures are
//! single atomic words, written with relaxed ordering: each is a value the
//! search really had at some moment, but two read one after the other may
//! come from different moments.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A solve's running figures (see the module documentation).
///
/// # Example
/// ```
/// use dragon_escape::{Options, Progress, Puzzle, Solver};
/// let puzzle: Puzzle = "🏃🟩🟩🟩❎\n🟫🟫🟫🟫🐉".parse()?;
/// let progress = Progress::default();
/// let solution = Solver::new(&puzzle).solve_watched(&Options::default(), &progress)?;
/// assert!(progress.positions() as u64 <= solution.stats.states_stored + 1);
/// # Ok::<(), dragon_escape::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    positions: AtomicUsize,
    bytes: AtomicUsize,
    /// One more than the bound, so that 0 means none yet.
    at_least: AtomicUsize,
    /// Whether the search has shown that the hero cannot escape.
    caught: AtomicBool,
    /// One more than the bounds of the caught hero's longest line, so that
    /// 0 means none yet: the longest found, the most any can take.
    survives: [AtomicUsize; 2],
    stop: AtomicBool,
}

impl Progress {
    /// The positions the search holds now.
    pub fn positions(&self) -> usize {
        self.positions.load(Ordering::Relaxed)
    }

    /// The bytes the search and its dragon oracle hold now: what is
    /// counted against [`Options::max_memory`](super::Options::max_memory).
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The fewest moves an escape can take, as far as the search has shown
    /// so far; `None` until a best-first search has shown any. It only
    /// grows, and it never passes the answer.
    pub fn at_least(&self) -> Option<usize> {
        self.at_least.load(Ordering::Relaxed).checked_sub(1)
    }

    /// Whether the search has shown that the dragon catches the hero on
    /// every path: it is now working out the line the hero survives.
    pub fn caught(&self) -> bool {
        self.caught.load(Ordering::Relaxed)
    }

    /// While the line a caught hero survives longest is searched best
    /// first (one dragon faster than the hero, a priority rule): the
    /// longest line found so far and the most moves any line can still
    /// take, as far as the search has shown. The two meet at the answer.
    pub fn survives(&self) -> Option<(usize, usize)> {
        let [at_least, at_most] = &self.survives;
        let at_least = at_least.load(Ordering::Relaxed).checked_sub(1)?;
        let at_most = at_most.load(Ordering::Relaxed).checked_sub(1)?;
        Some((at_least, at_most))
    }

    /// Asks the solve watched through this to stop: it ends soon after
    /// with [`Error::Stopped`](crate::Error::Stopped), its figures left as
    /// they were. A solve that needs no search (a loop-free map, a map with
    /// no path) may still end with its answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Notes what the search holds.
    #[inline]
    pub(crate) fn record(&self, positions: usize, bytes: usize) {
        self.positions.store(positions, Ordering::Relaxed);
        self.bytes.store(bytes, Ordering::Relaxed);
    }

    /// Notes that the hero cannot escape.
    pub(crate) fn shown_caught(&self) {
        self.caught.store(true, Ordering::Relaxed);
    }

    /// Notes that the caught hero's longest line takes from `at_least` to
    /// `at_most` moves.
    pub(crate) fn survival(&self, at_least: usize, at_most: usize) {
        debug_assert!(at_least <= at_most, "bounds in order");
        // Every bound ever stored holds (the lower ones only rise to the
        // answer, the upper ones only fall to it), so a reader that gets
        // one from an older note than the other still reads them in order.
        self.survives[1].store(at_most.saturating_add(1), Ordering::Relaxed);
        self.survives[0].store(at_least.saturating_add(1), Ordering::Relaxed);
    }

    /// Notes that no escape takes fewer than `moves` moves.
    pub(crate) fn bound(&self, moves: usize) {
        self.at_least
            .fetch_max(moves.saturating_add(1), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Outcome, Puzzle, Rules, Solver, Ties};

    fn with(ties: Ties) -> Options {
        Options {
            rules: Rules {
                ties,
                ..Rules::default()
            },
            ..Options::default()
        }
    }

    fn example(name: &str) -> Puzzle {
        let path = format!("{}/examples/mazes/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap().parse().unwrap()
    }

    /// After a solve, the figures are the search's last: its positions, and
    /// a bound between the free distance and the answer.
    #[test]
    fn a_watched_solve_leaves_its_figures() {
        for name in [
            "backstep.txt",
            "large-101.txt",
            "two-dragons.txt",
            "key-and-door.txt",
        ] {
            let puzzle = example(name);
            let solver = Solver::new(&puzzle);
            let free = solver.free_distance().unwrap();
            for ties in [Ties::default(), Ties::Optimistic] {
                let options = with(ties);
                let progress = Progress::default();
                let solution = solver.solve_watched(&options, &progress).unwrap();
                assert_eq!(solution, solver.solve(&options).unwrap(), "{name}");
                let Outcome::Escaped { steps } = solution.outcome else {
                    panic!("{name} escapes");
                };
                assert!(progress.positions() > 0, "{name}");
                assert_eq!(
                    progress.positions() as u64,
                    solution.stats.states_stored,
                    "{name} {ties:?}"
                );
                assert!(progress.bytes() > 0, "{name}");
                let bound = progress.at_least().expect("a bound");
                assert!(
                    free <= bound && bound <= steps,
                    "{name}: {free} {bound} {steps}"
                );
            }
        }
    }

    /// A solve whose progress was asked to stop ends with `Stopped`, in
    /// every tie mode and with the variants' search too; a solve watched
    /// by another progress is unaffected. A loop-free map needs no search,
    /// and still gets its answer.
    #[test]
    fn a_stopped_solve_says_so() {
        let loop_free = Solver::new(&example("caught.txt"));
        let stopped = Progress::default();
        stopped.stop();
        let solution = loop_free
            .solve_watched(&Options::default(), &stopped)
            .unwrap();
        assert_eq!(solution.stats.method, crate::Method::LoopFree);
        for name in [
            "large-101.txt",
            "open-room.txt",
            "tie-dependent.txt",
            "two-dragons.txt",
            "key-and-door.txt",
        ] {
            let puzzle = example(name);
            let solver = Solver::new(&puzzle);
            for ties in [Ties::default(), Ties::Optimistic, Ties::Adversarial] {
                let options = with(ties);
                let stopped = Progress::default();
                stopped.stop();
                assert!(stopped.is_stopped());
                match solver.solve_watched(&options, &stopped) {
                    Err(crate::Error::Stopped { message }) => {
                        assert!(message.starts_with("after "), "{name}: {message}");
                        assert!(message.contains(" positions"), "{name}: {message}");
                    }
                    other => panic!("{name} {ties:?}: {other:?}"),
                }
                let running = Progress::default();
                assert!(!running.is_stopped());
                assert!(solver.solve_watched(&options, &running).is_ok(), "{name}");
            }
        }
    }

    /// Against a faster dragon, the caught hero's longest line is searched
    /// best first: its bounds are there when the solve ends, met at the
    /// line's length (the search may have shown wider ones on the way).
    /// A caught hero whose line is found otherwise has none.
    #[test]
    fn a_faster_dragons_longest_line_is_bounded() {
        use crate::Speed;
        let puzzle = example("large-101.txt");
        let solver = Solver::new(&puzzle);
        let speed = Rules::default().with_speed(Speed::new(2).unwrap());
        let options = Options {
            rules: speed,
            ..Options::default()
        };
        let progress = Progress::default();
        let solution = solver.solve_watched(&options, &progress).unwrap();
        assert!(matches!(solution.outcome, Outcome::Caught { .. }));
        let moves = solution.turns.len();
        assert!(moves > 1, "a line of {moves} moves");
        assert!(progress.caught());
        assert_eq!(progress.survives(), Some((moves, moves)));
        // Speed 1: the survival line comes from the whole analysis.
        let caught = Solver::new(&example("waiting.txt"));
        let progress = Progress::default();
        let solution = caught
            .solve_watched(&Options::default(), &progress)
            .unwrap();
        assert!(matches!(solution.outcome, Outcome::Caught { .. }));
        assert_eq!(progress.survives(), None);
        // The bounds are read back as noted.
        let progress = Progress::default();
        progress.survival(3, 9);
        assert_eq!(progress.survives(), Some((3, 9)));
    }

    /// The bound only grows.
    #[test]
    fn the_bound_never_falls() {
        let progress = Progress::default();
        assert_eq!(progress.at_least(), None);
        progress.bound(7);
        progress.bound(3);
        assert_eq!(progress.at_least(), Some(7));
        progress.bound(0);
        assert_eq!(progress.at_least(), Some(7));
    }
}
