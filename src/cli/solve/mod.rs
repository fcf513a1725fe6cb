//! `solve-maze`: solve map files and print the answers.
//!
//! The command line is read by clap (`args.rs`) and checked into a
//! [`Config`] (`config.rs`); `run` solves the files with the library, in
//! parallel with `-j` (`super::jobs`), and `output.rs` writes what each
//! answer gives. [`main`] maps it all onto an exit code.

mod args;
mod config;
mod heat;
mod output;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

pub use args::Args;
use config::Mode;
pub use config::{Config, Terminals};
use output::{export, json_error_line, present, render};

use super::jobs;
use super::watch::Watch;
use super::{EXIT_ERROR, EXIT_ESCAPED, EXIT_NO_ESCAPE, emit, fail, read_input, seconds};
use crate::render::film::Film;
use crate::{Error, Location, OracleKind, Puzzle, Resource, Solution, Solver};

/// The program's name, which its messages begin with.
const PROGRAM: &str = "solve-maze";

/// The entry point of the `solve-maze` binary.
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
    match args.into_config(Terminals::detect()) {
        Ok(config) => {
            if config.mode == Mode::Report {
                // Ctrl-C stops a long solve with how far it got. (Playback
                // and play restore the terminal on a signal instead.)
                super::interrupt::stop_solves_on_signal();
                super::cleanup::say_on_signal(|signal| format!("{PROGRAM}: stopped by {signal}"));
            }
            run(&config, &mut io::stdout().lock())
        }
        Err(message) => fail(PROGRAM, &message),
    }
}

/// What solving one file gives: the puzzle, its solution and the report
/// text, or why not.
type Solved = Result<(Puzzle, Solution, String), Failure>;

/// Why a file has no answer.
#[derive(Debug)]
struct Failure {
    /// A sentence that names the file.
    message: String,
    /// Where in the input, for a malformed map.
    #[cfg_attr(
        not(feature = "json"),
        expect(dead_code, reason = "only the JSON error record reads it")
    )]
    location: Option<Location>,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            message,
            location: None,
        }
    }
}

/// Solves every file of `config`, writing answers to `out` and problems to
/// standard error, and returns the exit code. With several jobs, files are
/// solved on worker threads and answered in their order as they complete
/// (`jobs::in_order`); a lone solve shows its progress.
pub(crate) fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    let mut status = EXIT_ESCAPED;
    let jobs = match config.mode {
        Mode::Report => config.jobs.clamp(1, config.files.len().max(1)),
        Mode::Playback { .. } | Mode::Play => 1,
    };
    let share = Share::of(config, jobs);
    let watch = jobs == 1 && config.progress;
    let answered = jobs::in_order(
        config.files.len(),
        jobs,
        |i| solve_file(config, i, watch, &share),
        |i, solved| {
            let code = answer(config, i, solved, &mut status, out);
            end_if_signalled(out);
            match code {
                Some(code) => ControlFlow::Break(code),
                None => ControlFlow::Continue(()),
            }
        },
    );
    match answered {
        ControlFlow::Break(code) => code,
        ControlFlow::Continue(()) => ExitCode::from(status),
    }
}

/// After a signal stopped the solves (see [`super::interrupt`]), ends the
/// program by it once `out` has what was answered so far.
fn end_if_signalled(out: &mut impl Write) {
    if super::interrupt::signalled().is_some() {
        let _ = out.flush();
        super::interrupt::end_if_signalled();
    }
}

/// What each of the files solved at once may use: `--max-memory` is the
/// budget of the whole run, split equally among its jobs, and with
/// several jobs each solve keeps to one thread.
pub(super) struct Share {
    /// The solve options, with the job's share of the budget.
    pub(super) options: crate::Options,
    /// How many solves share the budget.
    jobs: usize,
}

impl Share {
    /// The share of each of `jobs` solves at once under `config`.
    fn of(config: &Config, jobs: usize) -> Share {
        Share {
            options: crate::Options {
                max_memory: config.options.max_memory / jobs.max(1),
                // Several files at once keep each solve to one thread.
                threads: if jobs > 1 { 1 } else { config.options.threads },
                ..config.options
            },
            jobs,
        }
    }

    /// Where a message about the budget points: `--max-memory`, and with
    /// several jobs how it is split.
    pub(super) fn see(&self) -> String {
        match self.jobs {
            1 => "see --max-memory".to_owned(),
            n => format!(
                "see --max-memory; -j {n} splits it among the files solved at once, \
                 so fewer jobs give each more"
            ),
        }
    }
}

/// Reads, parses, solves and renders the `i`th file of `config` within its
/// `share` of the budget; with `watch`, a solve that takes long shows its
/// progress on standard error.
fn solve_file(config: &Config, i: usize, watch: bool, share: &Share) -> Solved {
    let options = &share.options;
    let path = &config.files[i];
    let name = path.display().to_string();
    let bytes = read_input(path, options.max_memory, &share.see())?;
    let puzzle = Puzzle::parse(&bytes).map_err(|e| Failure {
        message: format!("{name}: {e}"),
        location: e.location(),
    })?;
    drop(bytes);
    let started = Instant::now();
    let solver = Solver::within(&puzzle, options.max_memory)
        .map_err(|e| format!("{name}: {e}{}", budget_hint(&e, config, share)))?;
    let heat = match &config.heat {
        Some(heat) => heat::make(config, share, heat, &name, &puzzle, &solver, watch)?,
        None => None,
    };
    let running = super::interrupt::Running::new();
    let progress = running.progress();
    let solve = || solver.solve_watched(options, progress);
    let solved = if watch || config.max_time.is_some() {
        let watch = Watch {
            name: &name,
            progress,
            budget: options.max_memory,
            show: watch,
            max_time: config.max_time,
        };
        watch.run(solve)
    } else {
        solve()
    };
    drop(running);
    // A signal or the time limit stops a solve here.
    let solution = solved.map_err(|e| match (e, super::interrupt::signalled(), config.max_time) {
        (Error::Stopped { message }, Some(signal), _) => {
            // This sentence says it: the end by the signal adds none.
            super::cleanup::say_nothing();
            format!("{name}: the solve was stopped by {signal} {message}")
        }
        (Error::Stopped { message }, None, Some(time)) => format!(
            "{name}: the solve reached its time limit of {} {message} (try a larger --max-time)",
            seconds(time)
        ),
        (e, _, _) => format!("{name}: {e}{}", budget_hint(&e, config, share)),
    })?;
    let elapsed = config.show.timing.then(|| started.elapsed());
    // The graph is not drawn: the report has room without it.
    drop(solver);
    let label = config.files.len() > 1;
    // `--heat-map -` shows the heat map instead of the report.
    let report = match heat {
        Some(text) => text,
        None => render(
            config,
            &name,
            label && i > 0,
            &puzzle,
            &solution,
            elapsed,
            share,
        )?,
    };
    Ok((puzzle, solution, report))
}

/// The pointer to `--max-memory` for an error that a larger budget can cure
/// (the `share` of it that each of the files solved at once has): for a
/// search that outgrew its share, twice the whole budget as a value to try.
fn budget_hint(error: &Error, config: &Config, share: &Share) -> String {
    let Some(hint) = hint_text(error, config.options.oracle, config.options.max_memory) else {
        return String::new();
    };
    match share.jobs {
        1 => format!(" ({hint})"),
        jobs => format!(
            " ({hint}; -j {jobs} splits --max-memory among the files solved at once, \
             so fewer jobs give each more)"
        ),
    }
}

/// [`budget_hint`] for a solve with the whole `budget`: `" (see
/// --max-memory)"` or nothing.
pub(super) fn hint_for(error: &Error, oracle: OracleKind, budget: usize) -> String {
    hint_text(error, oracle, budget).map_or_else(String::new, |hint| format!(" ({hint})"))
}

/// What [`budget_hint`] says, if a larger budget can cure `error`.
fn hint_text(error: &Error, oracle: OracleKind, budget: usize) -> Option<String> {
    match (error, oracle) {
        (
            Error::TooLarge {
                resource: Resource::Positions,
                ..
            },
            _,
        ) => Some(format!(
            "try a larger --max-memory, such as {}",
            size_arg(budget.saturating_mul(2))
        )),
        (
            Error::TooLarge {
                resource: Resource::Graph,
                ..
            },
            _,
        )
        | (
            Error::TooLarge {
                resource: Resource::Oracle,
                ..
            },
            OracleKind::Bfs,
        ) => Some("see --max-memory".to_owned()),
        // The grid limit is absolute, and the reference oracle's message
        // already names the way out.
        _ => None,
    }
}

/// What an exceeded budget says: an [`Error::TooLarge`]'s message, without
/// the "the map is too large" its display begins with (there the film or a
/// picture of a solved map is too large); any other error as displayed.
fn over_budget(error: &Error) -> String {
    match error {
        Error::TooLarge { message, .. } => message.clone(),
        other => other.to_string(),
    }
}

/// `bytes` as a `--max-memory` value: in the largest unit that keeps it
/// whole, rounded up to a whole mebibyte past one.
fn size_arg(bytes: usize) -> String {
    const MIB: usize = 1 << 20;
    let bytes = if bytes > MIB {
        bytes.div_ceil(MIB).saturating_mul(MIB)
    } else {
        bytes
    };
    for (shift, unit) in [(40, "T"), (30, "G"), (20, "M"), (10, "K")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{unit}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// Presents one file's answer (and exports), raising `status` as needed;
/// `Some(code)` when the run must end now (the output was closed, or it
/// failed).
fn answer(
    config: &Config,
    i: usize,
    solved: Solved,
    status: &mut u8,
    out: &mut impl Write,
) -> Option<ExitCode> {
    let name = config.files[i].display().to_string();
    match solved {
        Ok((puzzle, solution, report)) => {
            if solution.outcome.steps().is_none() {
                *status = (*status).max(EXIT_NO_ESCAPE);
            }
            let needs_film = matches!(config.mode, Mode::Playback { .. })
                || (config.exports.record.is_some() && config.mode != Mode::Play)
                || config.exports.svg_animate.is_some()
                || config.exports.gif.is_some();
            // The film lives beside the map and the line, not the solve.
            let film = match needs_film
                .then(|| Film::within(&puzzle, &solution, config.options.max_memory))
                .transpose()
            {
                Ok(film) => film,
                Err(e) => {
                    let message = format!("{name}: {} (see --max-memory)", over_budget(&e));
                    return Some(fail(PROGRAM, &message));
                }
            };
            if let Err(message) = export(config, &name, &puzzle, &solution, film.as_ref()) {
                fail(PROGRAM, &message);
                *status = EXIT_ERROR;
            }
            match present(
                config,
                &name,
                puzzle,
                &solution,
                film.as_ref(),
                &report,
                out,
            ) {
                Ok(true) => None,
                Ok(false) => Some(ExitCode::from(*status)),
                Err(message) => Some(fail(PROGRAM, &message)),
            }
        }
        Err(failure) => {
            fail(PROGRAM, &failure.message);
            *status = EXIT_ERROR;
            if !config.show.json {
                return None;
            }
            let record = json_error_line(&name, &failure);
            match emit(out, &record) {
                Ok(true) => None,
                Ok(false) => Some(ExitCode::from(*status)),
                Err(e) => Some(fail(PROGRAM, &format!("cannot write the output: {e}"))),
            }
        }
    }
}
