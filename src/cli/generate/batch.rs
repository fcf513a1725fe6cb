//! Writing a batch of puzzles into a directory (`--count N --out-dir
//! DIR`): one file per seed, each complete or absent, and what a signal
//! that stops the batch says.

use std::fs;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

use super::{Config, PROGRAM, make, note};
use crate::Notation;
use crate::cli::{cleanup, fail, write_file_then};
use crate::error::plural;

/// Writes `config.count` puzzles into `dir`, each through [`write_file_then`], so
/// a regular file is either complete or absent. Unless `force`, a file that
/// already exists stops the run before any is written.
pub(super) fn write_files(config: &Config, dir: &Path, force: bool) -> ExitCode {
    if let Err(e) = fs::create_dir_all(dir) {
        return fail(
            PROGRAM,
            &format!("{}: cannot create the directory: {e}", dir.display()),
        );
    }
    // The temporary files of runs that were killed go first.
    let swept = cleanup::sweep(dir, is_batch_file);
    if swept > 0 {
        let said = note(&format!(
            "{}: removed {} left by an interrupted run",
            dir.display(),
            plural(swept, "temporary file")
        ));
        if let Err(code) = said {
            return code;
        }
    }
    let ext = if config.notation == Notation::Json {
        "json"
    } else {
        "txt"
    };
    let path_of = |i: usize| {
        let seed = super::seed_at(config.seed, i);
        dir.join(format!("maze-{seed}.{ext}"))
    };
    if !force {
        let existing: Vec<PathBuf> = (0..config.count)
            .map(path_of)
            .filter(|path| path.exists())
            .collect();
        if let Some(first) = existing.first() {
            let more = match existing.len() {
                1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            return fail(
                PROGRAM,
                &format!(
                    "{}: already exists{more}; --force replaces existing files",
                    first.display()
                ),
            );
        }
    }
    BATCH.store(config.count, Ordering::SeqCst);
    // Statistics print a paragraph per puzzle, which is progress enough.
    let progress = if config.count > 1 && io::stderr().is_terminal() && !config.stats {
        let style = ProgressStyle::with_template("[{bar:30}] {pos}/{len} puzzles, {eta} left")
            .expect("a valid progress template")
            .progress_chars("#>-");
        ProgressBar::new(config.count as u64).with_style(style)
    } else {
        ProgressBar::hidden()
    };
    for i in 0..config.count {
        let seed = super::seed_at(config.seed, i);
        let text = match make(config, seed, false) {
            Ok(text) => text,
            Err(code) => {
                progress.finish();
                return code;
            }
        };
        let path = path_of(i);
        // Counted as the file is complete, before a signal can say how
        // many are.
        let counted = || {
            WRITTEN.fetch_add(1, Ordering::SeqCst);
        };
        if let Err(message) = write_file_then(&path, text.as_bytes(), counted) {
            progress.finish();
            return fail(PROGRAM, &message);
        }
        progress.inc(1);
    }
    progress.finish();
    ExitCode::SUCCESS
}

/// The puzzles a batch has written so far, and how many it writes.
static WRITTEN: AtomicUsize = AtomicUsize::new(0);
static BATCH: AtomicUsize = AtomicUsize::new(0);

/// What a signal that ends the program says (see [`cleanup::say_on_signal`]).
pub(super) fn stopped(signal: &str) -> String {
    match BATCH.load(Ordering::SeqCst) {
        0 => format!("{PROGRAM}: stopped by {signal}"),
        count => format!(
            "{PROGRAM}: stopped by {signal} after writing {} of {count} puzzles",
            WRITTEN.load(Ordering::SeqCst)
        ),
    }
}

/// Whether `name` is one a batch writes: `maze-SEED.txt` or `maze-SEED.json`.
fn is_batch_file(name: &str) -> bool {
    name.strip_prefix("maze-")
        .and_then(|rest| {
            rest.strip_suffix(".txt")
                .or_else(|| rest.strip_suffix(".json"))
        })
        .is_some_and(|seed| !seed.is_empty() && seed.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_knows_its_own_files() {
        for name in ["maze-0.txt", "maze-42.json", "maze-9007199254740991.txt"] {
            assert!(is_batch_file(name), "{name}");
        }
        for name in [
            "maze-.txt",
            "maze-4a.txt",
            "maze-4.svg",
            "notes.txt",
            "maze-4.txt.tmp",
        ] {
            assert!(!is_batch_file(name), "{name}");
        }
    }
}
