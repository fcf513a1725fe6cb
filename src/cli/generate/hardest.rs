//! `generate-maze --hardest WxH`: the hard-puzzle search run with its
//! progress on standard error (a bar on a terminal, and a line for every
//! longer escape found), stopped by `--max-time`, and the command that
//! replays what it found. The search does not depend on its budget, so
//! the iteration of each progress line, given as `--iterations`, also
//! replays the board it found; a signal ends the run with a sentence, as
//! it ends the generator's.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::config::{Destination, Hunt};
use super::{Config, EXIT_GAVE_UP, PROGRAM, note};
use crate::cli::{EXIT_ERROR, emit, fail, seconds, write_file};
use crate::mapgen::{GenerateError, HardSearch, Hardest, find_hardest};

/// Runs the search of `hunt` from `config.seed` and writes the board it
/// found to `out` or `-o FILE`.
pub(super) fn run(config: &Config, hunt: &Hunt, out: &mut impl Write) -> ExitCode {
    let search = &hunt.search;
    let started = Instant::now();
    let bar = if io::stderr().is_terminal() {
        let style = ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} iterations, best {msg}, {elapsed} ({eta} left)",
        )
        .expect("a valid progress template")
        .progress_chars("#>-");
        ProgressBar::new(search.iterations).with_style(style)
    } else {
        ProgressBar::hidden()
    };
    // A line on standard error; its exit code when standard error is gone.
    let say = |line: String| -> Result<(), ExitCode> {
        if bar.is_hidden() {
            note(&line)
        } else {
            bar.println(format!("{PROGRAM}: {line}"));
            Ok(())
        }
    };
    if let Err(code) = say(format!(
        "searching {}x{} boards ({}) for {} iterations from seed {}",
        search.width,
        search.height,
        rules(search),
        search.iterations,
        config.seed
    )) {
        return code;
    }
    let mut stopped = false;
    let mut gone = None;
    let found = find_hardest(search, config.seed, &mut |tick| {
        if tick.improved {
            if let Err(code) = say(format!(
                "iteration {}: an escape in {} moves",
                tick.iteration, tick.best
            )) {
                gone = Some(code);
                return ControlFlow::Break(());
            }
        }
        bar.set_position(tick.iteration);
        bar.set_message(format!("{} moves", tick.best));
        if hunt
            .max_time
            .is_some_and(|limit| started.elapsed() >= limit)
        {
            stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    bar.finish_and_clear();
    if let Some(code) = gone {
        return code;
    }
    let found = match found {
        Ok(found) => found,
        Err(e) => {
            let code = match e {
                GenerateError::NothingFound { .. } => EXIT_GAVE_UP,
                _ => EXIT_ERROR,
            };
            let _ = writeln!(io::stderr(), "{PROGRAM}: seed {}: {e}", config.seed);
            return ExitCode::from(code);
        }
    };
    let took = seconds(started.elapsed());
    let mut notes = Vec::new();
    if stopped {
        notes.push(format!(
            "stopped by --max-time after {} of {} iterations",
            found.iterations, search.iterations
        ));
    }
    notes.push(format!(
        "the hardest {}x{} board found: {found}, in {took}",
        search.width, search.height
    ));
    notes.push(format!("replay: {}", replay(config.seed, search, &found)));
    for line in notes {
        if let Err(code) = note(&line) {
            return code;
        }
    }
    let text = found.puzzle.write(config.notation);
    let written = match &config.destination {
        Destination::File(path) => write_file(path, text.as_bytes()),
        _ => emit(out, &text)
            .map(|_| ())
            .map_err(|e| format!("cannot write the output: {e}")),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(PROGRAM, &message),
    }
}

/// The rules in words: `official rules`, or the variants asked.
fn rules(search: &HardSearch) -> String {
    let mut parts = Vec::new();
    if search.dragons > 1 {
        parts.push(format!("{} dragons", search.dragons));
    }
    if search.keys > 0 {
        parts.push(format!(
            "{} and {}",
            crate::error::plural(search.keys, "key"),
            crate::error::plural(search.keys, "door")
        ));
    }
    if !search.speed.is_one() {
        parts.push(format!("dragon speed {}", search.speed));
    }
    if search.wait {
        parts.push("waiting".into());
    }
    if parts.is_empty() {
        "official rules".into()
    } else {
        parts.join(", ")
    }
}

/// The command that makes the same board: the search's options, the seed
/// and the iterations it made.
pub(super) fn replay(seed: u64, search: &HardSearch, found: &Hardest) -> String {
    let mut command = format!(
        "{PROGRAM} --hardest {}x{} --seed {seed} --iterations {}",
        search.width, search.height, found.iterations
    );
    if search.dragons > 1 {
        command.push_str(&format!(" --dragons {}", search.dragons));
    }
    if search.keys > 0 {
        command.push_str(&format!(" --keys {}", search.keys));
    }
    if !search.speed.is_one() {
        command.push_str(&format!(" --dragon-speed {}", search.speed));
    }
    if search.wait {
        command.push_str(" --wait");
    }
    if search.max_memory != HardSearch::new(3, 3).max_memory {
        command.push_str(&format!(" --max-memory {}", search.max_memory));
    }
    command
}
