//! Temporary files that an interrupted run must not leave behind.
//!
//! [`super::write_atomically`] writes each output into a hidden temporary
//! file beside it (`.NAME.PID.tmp`) and renames it into place. The file
//! being written is registered here while it exists, so that after
//! [`remove_on_signal`] a SIGINT, SIGTERM, SIGHUP or SIGQUIT removes it before the
//! process ends the way the signal asks (after a sentence, if
//! `say_on_signal` gave one). A run killed outright (SIGKILL, a
//! power cut) can still leave one: [`sweep`] removes those of processes
//! that have ended.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The temporary files being written (one, unless threads write at once).
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A sentence for standard error, given a signal's name (`SIGINT`).
type Say = fn(&str) -> String;

/// What the handler of [`remove_on_signal`] says on standard error before
/// the process ends, if anything.
static SAY: Mutex<Option<Say>> = Mutex::new(None);

/// From now on, the handler of [`remove_on_signal`] first writes
/// `say(signal name)` on standard error, on a line of its own (clearing a
/// spinner's when standard error is a terminal).
pub(crate) fn say_on_signal(say: Say) {
    *SAY.lock().unwrap_or_else(PoisonError::into_inner) = Some(say);
}

/// From now on, the handler says nothing: what ends the run was said
/// already (a stopped solve's sentence).
pub(crate) fn say_nothing() {
    *SAY.lock().unwrap_or_else(PoisonError::into_inner) = None;
}

/// A signal's name (`SIGINT`).
#[cfg(unix)]
pub(crate) fn signal_name(signal: i32) -> &'static str {
    signal_hook::low_level::signal_name(signal).unwrap_or("a signal")
}

#[cfg(not(unix))]
pub(crate) fn signal_name(_: i32) -> &'static str {
    "a signal"
}

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The name of the temporary file for an output named `file_name`, written
/// by the process `pid`.
pub(crate) fn temp_name(file_name: &OsStr, pid: u32) -> std::ffi::OsString {
    let mut name = std::ffi::OsString::from(".");
    name.push(file_name);
    name.push(format!(".{pid}.tmp"));
    name
}

/// Runs `create` (which makes the temporary file `temp`) and registers
/// `temp` if it succeeds, both before a signal can be handled, so a
/// temporary file never exists unregistered.
pub(crate) fn created<T>(temp: &Path, create: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    let mut pending = pending();
    let made = create()?;
    pending.push(temp.to_path_buf());
    Ok(made)
}

/// Runs `finish` (which renames or removes the temporary file `temp`) and
/// forgets the file, both before a signal can be handled.
pub(crate) fn finished<T>(temp: &Path, finish: impl FnOnce() -> T) -> T {
    let mut pending = pending();
    let done = finish();
    pending.retain(|path| path != temp);
    done
}

/// The signals that end the program, which [`remove_on_signal`] and the
/// solves' interrupt handle: SIGINT, SIGTERM, SIGHUP and SIGQUIT.
#[cfg(unix)]
pub(crate) const ENDING: [i32; 4] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
];

/// From now on, SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporary
/// file being written, then end the process as the signal would have.
/// Returns whether the handler could be installed.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
#[cfg(unix)]
pub(crate) fn remove_on_signal() -> bool {
    use signal_hook::iterator::Signals;
    let Ok(mut signals) = Signals::new(ENDING) else {
        return false;
    };
    std::thread::Builder::new()
        .name("cleanup".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                end_by(signal);
            }
        })
        .is_ok()
}

/// Says what [`say_on_signal`] gave, if anything, removes the temporary
/// files being written, then ends the process by `signal` (as if it had not
/// been caught).
#[cfg(unix)]
pub(crate) fn end_by(signal: i32) -> ! {
    // The lock is kept to the end: no new temporary file can be made, and
    // none can be renamed half-way, so the sentence counts the outputs as
    // they are left.
    let pending = pending();
    say_and_remove(&pending, signal_name(signal));
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}

/// Writes what [`say_on_signal`] gave, if anything, for what ends the run
/// (a signal's name, or a time limit), then removes the temporary files
/// `pending` (the registry, locked by the caller to the end).
fn say_and_remove(pending: &[PathBuf], ended_by: &str) {
    let say = *SAY.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(say) = say {
        use std::io::{IsTerminal, Write};
        let mut err = io::stderr().lock();
        let clear = if err.is_terminal() { "\r\x1b[2K" } else { "" };
        let _ = writeln!(err, "{clear}{}", say(ended_by));
    }
    for temp in pending {
        let _ = fs::remove_file(temp);
    }
}

/// Whether the time limit of [`end_after`] still ends the run: the run
/// disarms it ([`disarm`]) once its work is done and only its output is
/// left to write.
static ARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// After `time`, unless [`disarm`]ed by then, does what a signal does
/// (says what [`say_on_signal`] gave, with `limit` for the signal's name,
/// and removes the temporary files being written), then ends the process
/// with status 2: a limit reached.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
pub(crate) fn end_after(time: std::time::Duration, limit: String) {
    let _ = std::thread::Builder::new()
        .name("time limit".into())
        .spawn(move || {
            std::thread::sleep(time);
            let pending = pending();
            if !ARMED.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            say_and_remove(&pending, &limit);
            std::process::exit(2);
        });
}

/// Keeps the time limit of [`end_after`] from ending the run from now on.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
pub(crate) fn disarm() {
    // Under the lock: a limit that fires now either ended the run before
    // this, or sees the run disarmed.
    let _pending = pending();
    ARMED.store(false, std::sync::atomic::Ordering::SeqCst);
}

/// Signals are left to their default on this platform.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
#[cfg(not(unix))]
pub(crate) fn remove_on_signal() -> bool {
    false
}

/// Removes from `dir` the temporary files that `write_atomically` left for
/// outputs whose names `ours` accepts, when the process that wrote them is
/// no longer running (or, where that cannot be known, when they are an hour
/// old). Returns how many were removed.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
pub(crate) fn sweep(dir: &Path, ours: impl Fn(&str) -> bool) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let me = std::process::id();
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let Some((output, pid)) = name.to_str().and_then(parse_temp_name) else {
                return false;
            };
            ours(output)
                && pid != me
                && entry.file_type().is_ok_and(|t| t.is_file())
                && is_stale(pid, &entry.path())
        })
        .filter(|entry| fs::remove_file(entry.path()).is_ok())
        .count()
}

/// `.NAME.PID.tmp` → `(NAME, PID)`.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
fn parse_temp_name(name: &str) -> Option<(&str, u32)> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (output, pid) = rest.rsplit_once('.')?;
    let pid_ok = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    (pid_ok && !output.is_empty()).then_some((output, pid.parse().ok()?))
}

/// Whether the temporary file at `path`, written by process `pid`, belongs
/// to a run that has ended.
#[cfg_attr(not(feature = "mapgen"), allow(dead_code))]
fn is_stale(pid: u32, path: &Path) -> bool {
    let proc = Path::new("/proc");
    if proc.join("self").exists() {
        return !proc.join(pid.to_string()).exists();
    }
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age.as_secs() >= 3600)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_read_back() {
        let name = temp_name(OsStr::new("maze-7.txt"), 42);
        assert_eq!(name, ".maze-7.txt.42.tmp");
        assert_eq!(
            parse_temp_name(".maze-7.txt.42.tmp"),
            Some(("maze-7.txt", 42))
        );
        for other in [
            ".maze-7.txt.tmp",
            "maze-7.txt.42.tmp",
            ".maze-7.txt.4x.tmp",
            "..42.tmp",
        ] {
            assert_eq!(parse_temp_name(other), None, "{other}");
        }
    }

    #[test]
    fn sweep_removes_ours_of_ended_runs_only() {
        let dir = tempfile::tempdir().unwrap();
        // No process has this number (above the largest Linux allows).
        let ended = 4_194_305;
        let me = std::process::id();
        let names = [
            format!(".maze-1.txt.{ended}.tmp"),
            format!(".maze-2.txt.{me}.tmp"),
            format!(".notes.txt.{ended}.tmp"),
            "maze-3.txt".to_owned(),
        ];
        for name in &names {
            fs::write(dir.path().join(name), "x").unwrap();
        }
        let removed = sweep(dir.path(), |name| name.starts_with("maze-"));
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        if Path::new("/proc/self").exists() {
            assert_eq!(removed, 1);
            assert_eq!(left, [names[1].clone(), names[2].clone(), names[3].clone()]);
        } else {
            assert_eq!(removed, 0, "too new to be known stale");
        }
    }
}
