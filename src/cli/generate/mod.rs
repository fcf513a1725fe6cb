//! `generate-maze`: draw new dragon-escape puzzles (feature `mapgen`).
//!
//! The command line is defined in `args.rs` and checked into a [`Config`]
//! in `config.rs`; this module runs it, one puzzle at a time, to standard
//! output, to a file or (`batch.rs`) into a directory, with the `--stats`
//! report ([`mapgen::report`]) on standard error.

mod args;
mod batch;
mod config;
mod hardest;

use std::hash::{BuildHasher, RandomState};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

pub use args::Args;
use args::FormatArg;
use batch::{stopped, write_files};
pub use config::Config;
use config::Destination;

use super::{EXIT_ERROR, cleanup, emit, fail, write_file};
use crate::mapgen::report::Report;
use crate::mapgen::{self, Analysis, Endpoints, GenerateError, Generated, Placement};

const PROGRAM: &str = "generate-maze";

/// Exit code: the bounded search found no puzzle meeting the requirements.
pub(crate) const EXIT_GAVE_UP: u8 = 1;

/// Why `--format json` is refused in a build without the `json` feature.
const NO_JSON: &str = "this build has no JSON support (cargo feature `json`)";

/// A seed from the operating system's randomness (through the standard
/// library's hash keys), for runs without `--seed`.
fn fresh_seed() -> u64 {
    RandomState::new().hash_one(std::process::id()) & MAX_SEED
}

/// The largest seed, 2^53 - 1: every seed is a JSON number that
/// JavaScript and jq read exactly (an f64 holds every integer up to it).
pub(crate) const MAX_SEED: u64 = (1 << 53) - 1;

/// The seed of the `i`th puzzle of a run from `seed`: `seed + i`, wrapping
/// past [`MAX_SEED`] to 0.
pub(crate) fn seed_at(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(i as u64) & MAX_SEED
}

/// The entry point of the `generate-maze` binary.
pub fn main() -> ExitCode {
    let args = super::parse_from::<Args, _, _>(std::env::args_os()).unwrap_or_else(|e| e.exit());
    if let Some(asset) = args.installation.asked() {
        return asset.print(
            super::command::<Args>(),
            &args::manual(),
            PROGRAM,
            &mut io::stdout().lock(),
        );
    }
    match args.into_config(fresh_seed) {
        Ok(config) => run(&config, &mut io::stdout().lock()),
        Err(message) => fail(PROGRAM, &message),
    }
}

/// Generates the puzzles of `config`: to `out`, to `-o FILE`, or as files
/// with `--out-dir`. Notes, statistics and progress go to standard error.
pub(crate) fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    // With --format json the seed is in each record: standard error holds
    // nothing but JSON lines.
    if config.seed_was_picked && config.format != FormatArg::Json {
        if let Err(code) = note(&format!("seed {0} (repeat with --seed {0})", config.seed)) {
            return code;
        }
    }
    // Ctrl-C says so, and while a file is written leaves no temporary file.
    cleanup::say_on_signal(stopped);
    cleanup::remove_on_signal();
    if let Some(hunt) = &config.hardest {
        return hardest::run(config, hunt, out);
    }
    if let Some(time) = config.max_time {
        // As a signal would: the sentence, no partial file, exit status 2.
        cleanup::end_after(
            time,
            format!(
                "its time limit of {} (--max-time)",
                crate::cli::seconds(time)
            ),
        );
    }
    let one = || {
        let made = make(config, config.seed, io::stderr().is_terminal());
        // The puzzle is made: the time limit does not cut its output.
        cleanup::disarm();
        made
    };
    match &config.destination {
        Destination::Stdout => match one() {
            Ok(text) => match emit(out, &text) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(PROGRAM, &format!("cannot write the output: {e}")),
            },
            Err(code) => code,
        },
        Destination::File(path) => match one() {
            Ok(text) => match write_file(path, text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => fail(PROGRAM, &message),
            },
            Err(code) => code,
        },
        Destination::Dir { dir, force } => write_files(config, dir, *force),
    }
}

/// One puzzle for `seed`, rendered; statistics (if asked) go to standard
/// error, and with `spin` a spinner shows while the work is under way. On
/// failure the message is already printed.
fn make(config: &Config, seed: u64, spin: bool) -> Result<String, ExitCode> {
    let spinner = if spin {
        let style = ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .expect("a valid progress template");
        let spinner = ProgressBar::new_spinner()
            .with_style(style)
            .with_message("generating and checking the puzzle");
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
        spinner
    } else {
        ProgressBar::hidden()
    };
    let generated = mapgen::generate(&config.generator, seed);
    let report = match (&generated, config.stats) {
        (Ok(generated), true) => {
            spinner.set_message("analysing the puzzle");
            Some(stats(config, seed, generated))
        }
        _ => None,
    };
    spinner.finish_and_clear();
    let generated = generated.map_err(|e| {
        let code = match e {
            GenerateError::GaveUp { .. } => EXIT_GAVE_UP,
            GenerateError::Config(_)
            | GenerateError::Solver(_)
            | GenerateError::Unconfirmed(_)
            | GenerateError::NothingFound { .. } => EXIT_ERROR,
        };
        // A faster dragon closes in on a hero that runs from it, so the
        // farthest endpoints (a whole maze to cross) rarely escape.
        let hint = match e {
            GenerateError::GaveUp { .. }
                if !config.generator.speed.is_one()
                    && config.generator.endpoints == Endpoints::Farthest
                    && (config.generator.hero.is_none() || config.generator.exit.is_none()) =>
            {
                "; a faster dragon catches a hero with a whole maze to cross: \
                 try --endpoints random"
            }
            _ => "",
        };
        let _ = writeln!(io::stderr(), "{PROGRAM}: seed {seed}: {e}{hint}");
        ExitCode::from(code)
    })?;
    // --search table asked for a table the budget did not hold: said once,
    // for one puzzle (a batch's mazes have about the same size).
    if let (Placement::TooLarge { why }, 1) = (&generated.placement, config.count) {
        note(&format!(
            "seed {seed}: {why}; the candidates of --search both placed the pieces"
        ))?;
    }
    if let Some(report) = report {
        let report = report.map_err(|e| fail(PROGRAM, &e))?;
        // Asked for, so not written is a failure (a closed pipe is an end).
        if let Err(e) = emit(&mut io::stderr(), &report) {
            return Err(fail(
                PROGRAM,
                &format!("cannot write the statistics to standard error: {e}"),
            ));
        }
    }
    Ok(generated.puzzle.write(config.notation))
}

/// The `--stats` report: text, or one JSON object with `--format json`.
fn stats(config: &Config, seed: u64, generated: &Generated) -> Result<String, String> {
    let g = &config.generator;
    // What generating holds stays held while the analysis solves.
    let budget = g.max_memory.saturating_sub(g.bytes_needed());
    let analysis = Analysis::within(&generated.puzzle, g.rules(), budget).map_err(|e| match e {
        crate::Error::TooLarge { .. } => format!(
            "seed {seed}: analysing the puzzle (--stats) needs more memory than \
                 generating leaves of the budget: {e} (see --max-memory)"
        ),
        e => format!("seed {seed}: analysing the puzzle (--stats) failed: {e}"),
    })?;
    let report = Report {
        seed,
        config: g,
        generated,
        analysis: &analysis,
    };
    match config.format {
        FormatArg::Text => Ok(report.to_text()),
        FormatArg::Json => json_line(&report),
    }
}

/// The `--stats` report as a line of JSON.
#[cfg(feature = "json")]
fn json_line(report: &Report<'_>) -> Result<String, String> {
    Ok(report.to_json_line() + "\n")
}

/// Without the `json` feature the configuration refuses `--format json`.
#[cfg(not(feature = "json"))]
fn json_line(_: &Report<'_>) -> Result<String, String> {
    Err(NO_JSON.into())
}

/// Prints `generate-maze: message` on standard error: information, not a
/// failure, but information the person needs (the seed to repeat a run),
/// so a write that fails (other than to a closed pipe) ends the run.
///
/// # Errors
/// The exit code of the failure, its sentence tried on standard error.
fn note(message: &str) -> Result<(), ExitCode> {
    match emit(&mut io::stderr(), &format!("{PROGRAM}: {message}\n")) {
        Ok(_) => Ok(()),
        Err(e) => Err(fail(
            PROGRAM,
            &format!("cannot write to standard error: {e}"),
        )),
    }
}
