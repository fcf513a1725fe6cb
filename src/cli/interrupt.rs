//! Ctrl-C during a solve: the solve stops and says how far it got.
//!
//! After [`stop_solves_on_signal`], a SIGINT, SIGTERM, SIGHUP or SIGQUIT that comes
//! while solves are running (each registered by a [`Running`]) asks them to
//! stop ([`Progress::stop`]); each then ends with [`Error::Stopped`], which
//! `solve-maze` prints with the signal's name, and the program ends by the
//! signal once that is written ([`end_if_signalled`]). A signal that comes
//! while no solve runs (reading, building the graph, drawing), or a second
//! one, ends the program at once, saying `solve-maze: stopped by SIGINT`;
//! so does the end of a run whose solves finished before they saw the
//! signal (a stopped solve's own sentence stands instead). Either way the
//! temporary files of outputs being written are removed first
//! ([`super::cleanup`]): each output file is whole or absent.
//!
//! [`Error::Stopped`]: crate::Error::Stopped

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::Progress;

/// The solves running now.
static RUNNING: Mutex<Vec<Arc<Progress>>> = Mutex::new(Vec::new());

/// The signal that stopped the solves, or 0.
static SIGNALLED: AtomicI32 = AtomicI32::new(0);

fn running() -> MutexGuard<'static, Vec<Arc<Progress>>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A solve's progress, registered for a signal to stop while this lives.
pub(crate) struct Running(Arc<Progress>);

impl Running {
    /// Registers a new progress. A solve that starts after a signal was
    /// taken is stopped at once.
    pub(crate) fn new() -> Running {
        let progress = Arc::new(Progress::default());
        let mut running = running();
        if signalled().is_some() {
            progress.stop();
        }
        running.push(Arc::clone(&progress));
        Running(progress)
    }

    pub(crate) fn progress(&self) -> &Progress {
        &self.0
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        running().retain(|p| !Arc::ptr_eq(p, &self.0));
    }
}

/// The name of the signal that stopped the solves (`SIGINT`), if one did.
pub(crate) fn signalled() -> Option<&'static str> {
    match SIGNALLED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(super::cleanup::signal_name(signal)),
    }
}

/// Ends the program by the signal that stopped the solves, if one did.
pub(crate) fn end_if_signalled() {
    #[cfg(unix)]
    match SIGNALLED.load(Ordering::SeqCst) {
        0 => {}
        signal => super::cleanup::end_by(signal),
    }
}

/// From now on, a SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the running solves (see
/// the module's documentation). Returns whether the handler could be
/// installed.
#[cfg(unix)]
pub(crate) fn stop_solves_on_signal() -> bool {
    use signal_hook::iterator::Signals;
    let Ok(mut signals) = Signals::new(super::cleanup::ENDING) else {
        return false;
    };
    std::thread::Builder::new()
        .name("interrupt".into())
        .spawn(move || {
            for signal in signals.forever() {
                let running = running();
                if running.is_empty() || SIGNALLED.load(Ordering::SeqCst) != 0 {
                    drop(running);
                    super::cleanup::end_by(signal);
                }
                SIGNALLED.store(signal, Ordering::SeqCst);
                for progress in running.iter() {
                    progress.stop();
                }
            }
        })
        .is_ok()
}

/// Signals are left to their default on this platform.
#[cfg(not(unix))]
pub(crate) fn stop_solves_on_signal() -> bool {
    false
}
