//! A solve watched while it runs: the progress line on standard error and
//! the time limit.
//!
//! `solve-maze` solves on the calling thread; a [`Watch`] runs beside it on
//! a thread of its own. On a terminal, a solve that takes longer than a
//! second shows a spinner with what it has done so far ([`progress_line`]:
//! positions, memory, the fewest moves an escape can still take, or the
//! bounds of a caught hero's longest line), cleared
//! when it ends. With `--max-time`, the watch asks the solve to stop
//! ([`Progress::stop`]) once the time has passed; the solve then ends with
//! [`Error::Stopped`], which says how far it got.
//!
//! [`Error::Stopped`]: crate::Error::Stopped

use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::Progress;

/// How long a solve runs before its progress shows.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// How often the progress line is written again.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// How a solve is watched while it runs.
pub(crate) struct Watch<'a> {
    /// The file's name, for the progress line.
    pub(crate) name: &'a str,
    /// The running solve's figures, and its stop flag.
    pub(crate) progress: &'a Progress,
    /// The memory budget, for the progress line.
    pub(crate) budget: usize,
    /// Whether to show the progress line.
    pub(crate) show: bool,
    /// When to stop the solve.
    pub(crate) max_time: Option<Duration>,
}

impl Watch<'_> {
    /// Runs `solve`. With `show`, once it has taken [`QUIET_FOR`], shows a
    /// spinner with the progress ([`progress_line`]) on standard error until
    /// it ends, then clears it; with `max_time`, asks it to stop once that
    /// has passed.
    pub(crate) fn run<T>(&self, solve: impl FnOnce() -> T) -> T {
        std::thread::scope(|scope| {
            let (done, ended) = mpsc::channel::<()>();
            scope.spawn(move || {
                let started = Instant::now();
                let deadline = self.max_time.map(|time| started + time);
                let mut spinner: Option<ProgressBar> = None;
                loop {
                    let now = Instant::now();
                    let show_at = match &spinner {
                        Some(_) => Some(now + PROGRESS_EVERY),
                        None => self.show.then_some(started + QUIET_FOR),
                    };
                    let stop_at = deadline.filter(|_| !self.progress.is_stopped());
                    let wake = match (show_at, stop_at) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                    let waited = match wake {
                        Some(wake) => ended.recv_timeout(wake.saturating_duration_since(now)),
                        None => ended
                            .recv()
                            .map_err(|_| mpsc::RecvTimeoutError::Disconnected),
                    };
                    if waited != Err(mpsc::RecvTimeoutError::Timeout) {
                        break;
                    }
                    let now = Instant::now();
                    if stop_at.is_some_and(|at| now >= at) {
                        self.progress.stop();
                    }
                    if self.show && spinner.is_none() && now >= started + QUIET_FOR {
                        // The message is cut to the terminal's width, so the
                        // line never wraps.
                        let style = ProgressStyle::with_template("{spinner} {elapsed} {wide_msg}")
                            .expect("a valid progress template");
                        let bar = ProgressBar::new_spinner().with_style(style);
                        bar.enable_steady_tick(Duration::from_millis(120));
                        spinner = Some(bar);
                    }
                    if let Some(bar) = &spinner {
                        bar.set_message(progress_line(self.name, self.progress, self.budget));
                    }
                }
                if let Some(bar) = spinner {
                    bar.finish_and_clear();
                }
            });
            let solved = solve();
            drop(done);
            solved
        })
    }
}

/// What a running solve of `name` has done: the positions and memory it
/// holds against `budget`, and the fewest moves an escape can still take
/// (or, once the hero is caught, the bounds of its longest line).
/// The line is cut to the terminal's width (80 columns hold all but the
/// name): the spinner and the time taken say that it is searching, and the
/// file's name comes last.
fn progress_line(name: &str, progress: &Progress, budget: usize) -> String {
    let bound = progress
        .at_least()
        .map(|moves| format!(", no escape under {moves} moves"))
        .filter(|_| !progress.caught())
        .or_else(|| progress.caught().then(|| ", no escape at all".to_owned()))
        .unwrap_or_default();
    let line = match progress.survives().filter(|_| progress.caught()) {
        Some((at_least, at_most)) => format!(", longest line {at_least} to {at_most} moves"),
        None => String::new(),
    };
    format!(
        "{} positions, {} of {}{bound}{line} ({name})",
        progress.positions(),
        crate::error::bytes(progress.bytes()),
        crate::error::bytes(budget)
    )
}

#[cfg(test)]
mod tests {
    use super::{Watch, progress_line};
    use crate::{Options, Progress, Puzzle, Solver};
    use std::time::Duration;

    fn watch(progress: &Progress, max_time: Option<Duration>) -> Watch<'_> {
        Watch {
            name: "m.txt",
            progress,
            budget: 4 << 30,
            show: false,
            max_time,
        }
    }

    /// The progress line names the figures, the bound once there is one,
    /// and the file last.
    #[test]
    fn the_progress_line() {
        let progress = Progress::default();
        assert_eq!(
            progress_line("m.txt", &progress, 4 << 30),
            "0 positions, 0 bytes of 4 GiB (m.txt)"
        );
        let map = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/mazes/backstep.txt");
        let puzzle: Puzzle = std::fs::read_to_string(map).unwrap().parse().unwrap();
        let solution = Solver::new(&puzzle)
            .solve_watched(&Options::default(), &progress)
            .unwrap();
        let steps = solution.outcome.steps().unwrap();
        let line = progress_line("m.txt", &progress, 4 << 30);
        let expected = format!(
            "{} positions, {} of 4 GiB, no escape under {steps} moves (m.txt)",
            progress.positions(),
            crate::error::bytes(progress.bytes())
        );
        assert_eq!(line, expected);
        // A caught hero: no escape at all, whatever bound came before.
        let caught = Progress::default();
        let map = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/mazes/waiting.txt");
        let puzzle: Puzzle = std::fs::read_to_string(map).unwrap().parse().unwrap();
        Solver::new(&puzzle)
            .solve_watched(&Options::default(), &caught)
            .unwrap();
        assert!(
            progress_line("m.txt", &caught, 4 << 30).ends_with(", no escape at all (m.txt)"),
            "{}",
            progress_line("m.txt", &caught, 4 << 30)
        );
        // A faster dragon's longest line, while it is searched: its bounds.
        caught.survival(12, 40);
        assert!(
            progress_line("m.txt", &caught, 4 << 30)
                .ends_with(", no escape at all, longest line 12 to 40 moves (m.txt)"),
            "{}",
            progress_line("m.txt", &caught, 4 << 30)
        );
    }

    /// A solve that runs past its time limit is asked to stop; the solve
    /// here waits for that.
    #[test]
    fn the_time_limit_stops_a_solve() {
        let progress = Progress::default();
        let stopped = watch(&progress, Some(Duration::from_millis(1))).run(|| {
            // A long bound, so a watch that never stops the solve fails
            // instead of hanging; it is never reached otherwise.
            for _ in 0..60_000 {
                if progress.is_stopped() {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            false
        });
        assert!(stopped);
    }

    /// A solve that ends first is left alone, and its answer returned at
    /// once, even with a far time limit.
    #[test]
    fn a_solve_within_its_time_is_not_stopped() {
        for max_time in [None, Some(Duration::from_secs(3600))] {
            let progress = Progress::default();
            assert_eq!(watch(&progress, max_time).run(|| 7), 7);
            assert!(!progress.is_stopped());
        }
    }
}
