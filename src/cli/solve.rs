//! `solve-maze`: solve map files and print the answers.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};

use super::{ColorChoice, EXIT_ERROR, EXIT_ESCAPED, EXIT_NO_ESCAPE, emit, fail, read_input};
use crate::render::map::{MapStyle, route_map};
use crate::render::text;
use crate::{OracleKind, Options, Priority, Puzzle, Rules, Solution, Solver, Ties};

const PROGRAM: &str = "solve-maze";

const AFTER_HELP: &str = "\
Maps are emoji grids (🟫 wall, 🟩 free, 🏃 hero, 🐉 dragon, ❎ exit), the same
with ASCII aliases (# . H D E), or a JSON matrix of one-symbol strings; the
format is detected. Rules: see PUZZLE.md. By default the dragon breaks ties
between shortest steps in the order up, left, down, right.

Exit status: 0 every map escaped, 1 some map has no escape (no path or
caught), 2 bad usage or unreadable or malformed input.

Examples:
  solve-maze examples/mazes/official-1.txt
  solve-maze --steps --map examples/mazes/backstep.txt
  generate-maze | solve-maze -
  solve-maze --format json --ties adversarial examples/mazes/*.txt";

/// Raw command-line arguments of `solve-maze`.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version,
    about = "Find the hero's shortest safe escape from a dragon-escape map",
    after_help = AFTER_HELP
)]
pub struct Args {
    /// Map files to solve; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Also print the hero's moves and their count.
    #[arg(short, long)]
    steps: bool,

    /// Also draw the map with the hero's route.
    #[arg(short, long)]
    map: bool,

    /// Output format: sentences, or one JSON object per file (JSON Lines).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// How the dragon chooses among several shortest steps.
    #[arg(long, value_enum, default_value_t = TiesArg::Priority)]
    ties: TiesArg,

    /// The dragon's tie order for `--ties priority`: the letters U, L, D, R.
    #[arg(long, default_value = "ULDR", value_name = "ORDER")]
    priority: Priority,

    /// How the dragon's shortest steps are computed (same answers; the
    /// Floyd–Warshall reference is slow and limited to small maps).
    #[arg(long, value_enum, default_value_t = OracleArg::Bfs)]
    oracle: OracleArg,

    /// Draw maps with ASCII aliases instead of emoji.
    #[arg(long)]
    ascii: bool,

    /// When to colour the map.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Plain sentences.
    Text,
    /// The versioned JSON report.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TiesArg {
    /// First shortest step in the `--priority` order (the official rule).
    Priority,
    /// Any shortest step: the answer is what the hero can guarantee.
    Adversarial,
    /// The hero picks the dragon's step (a lower bound, not a rule).
    Optimistic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OracleArg {
    /// Breadth-first distance fields (fast; the default).
    Bfs,
    /// All-pairs Floyd–Warshall (the reference).
    FloydWarshall,
}

/// What to print for each map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Show {
    steps: bool,
    map: bool,
    json: bool,
}

/// The checked configuration a run works from.
#[derive(Debug)]
pub struct Config {
    files: Vec<PathBuf>,
    options: Options,
    show: Show,
    style: MapStyle,
}

impl Args {
    /// Checks the arguments and resolves defaults that depend on the terminal.
    ///
    /// # Errors
    /// A sentence for option combinations that make no sense.
    pub fn into_config(self, stdout_is_terminal: bool) -> Result<Config, String> {
        let json = self.format == Format::Json;
        if json && !cfg!(feature = "json") {
            return Err("this build has no JSON support (cargo feature `json`)".into());
        }
        if json && (self.steps || self.map) {
            return Err("--steps and --map print text; the JSON report already holds the moves".into());
        }
        let ties = match self.ties {
            TiesArg::Priority => Ties::Priority(self.priority),
            TiesArg::Adversarial => Ties::Adversarial,
            TiesArg::Optimistic => Ties::Optimistic,
        };
        let oracle = match self.oracle {
            OracleArg::Bfs => OracleKind::Bfs,
            OracleArg::FloydWarshall => OracleKind::FloydWarshall,
        };
        Ok(Config {
            files: self.files,
            options: Options {
                rules: Rules { ties },
                oracle,
                ..Options::default()
            },
            show: Show {
                steps: self.steps,
                map: self.map,
                json,
            },
            style: MapStyle {
                ascii: self.ascii,
                color: self.color.enabled(stdout_is_terminal),
            },
        })
    }
}

/// The entry point of the `solve-maze` binary.
pub fn main() -> ExitCode {
    let args = Args::parse();
    match args.into_config(io::stdout().is_terminal()) {
        Ok(config) => run(&config, &mut io::stdout().lock()),
        Err(message) => fail(PROGRAM, &message),
    }
}

/// Solves every file of `config`, writing answers to `out` and problems to
/// standard error, and returns the exit code.
pub fn run(config: &Config, out: &mut impl Write) -> ExitCode {
    let label = config.files.len() > 1;
    let mut status = EXIT_ESCAPED;
    for (i, path) in config.files.iter().enumerate() {
        let name = path.display().to_string();
        let solved = read_input(path).and_then(|bytes| {
            let puzzle = Puzzle::parse(&bytes).map_err(|e| format!("{name}: {e}"))?;
            let started = Instant::now();
            let solver = Solver::new(&puzzle);
            let solution = solver
                .solve(&config.options)
                .map_err(|e| format!("{name}: {e}"))?;
            let elapsed = started.elapsed();
            let report = render(config, &name, label && i > 0, &puzzle, &solver, &solution, elapsed);
            Ok((solution, report))
        });
        match solved {
            Ok((solution, report)) => {
                if solution.outcome.steps().is_none() {
                    status = status.max(EXIT_NO_ESCAPE);
                }
                match emit(out, &report) {
                    Ok(true) => {}
                    Ok(false) => return ExitCode::from(status),
                    Err(e) => return fail(PROGRAM, &format!("cannot write the output: {e}")),
                }
            }
            Err(message) => {
                fail(PROGRAM, &message);
                status = EXIT_ERROR;
            }
        }
    }
    ExitCode::from(status)
}

fn render(
    config: &Config,
    name: &str,
    separate: bool,
    puzzle: &Puzzle,
    solver: &Solver<'_>,
    solution: &Solution,
    elapsed: std::time::Duration,
) -> String {
    if config.show.json {
        return json_line(name, puzzle, solver, solution, elapsed);
    }
    let label = config.files.len() > 1;
    let mut out = String::new();
    if separate && (config.show.steps || config.show.map) {
        out.push('\n');
    }
    if label {
        out.push_str(name);
        out.push_str(": ");
    }
    out.push_str(&text::summary(solution));
    out.push('\n');
    if config.show.steps {
        out.push_str(&text::steps(solution));
    }
    if config.show.map {
        out.push_str(&route_map(puzzle, solution, config.style));
    }
    out
}

#[cfg(feature = "json")]
fn json_line(
    name: &str,
    puzzle: &Puzzle,
    solver: &Solver<'_>,
    solution: &Solution,
    elapsed: std::time::Duration,
) -> String {
    let report = crate::render::json::Report::new(
        Some(name),
        puzzle,
        solution,
        solver.free_distance(),
        Some(elapsed),
    );
    report.to_json_line() + "\n"
}

#[cfg(not(feature = "json"))]
fn json_line(
    _: &str,
    _: &Puzzle,
    _: &Solver<'_>,
    _: &Solution,
    _: std::time::Duration,
) -> String {
    unreachable!("--format json is refused without the json feature")
}
