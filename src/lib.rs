//! Exact solver for the dragon-escape grid puzzle.
//!
//! A hero must leave a maze by the shortest safe route while a dragon chases
//! it: each turn the hero steps onto a free cell that is neither the dragon's
//! nor next to it, then the dragon steps along a shortest path towards the
//! hero. The rules are those of the project's rules page, `docs/RULES.md`; the answer depends
//! on how the dragon breaks ties, which [`Ties`] makes explicit.
//!
//! # Example
//! ```
//! use dragon_escape::{solve, Options, Outcome, Puzzle};
//!
//! let puzzle: Puzzle = "\
//! 🟫🏃🟫🟫🟫🟫🟫
//! 🟫🟩🟩🟩🟩🟩🟫
//! 🟫🟩🟫🟫🟫🟩🟫
//! 🟫🟩🟩🟩🟫🟩🟫
//! 🟫🐉🟫🟩🟫🟩🟫
//! 🟫🟩🟩🟩🟫🟩🟫
//! 🟫🟩🟫🟫🟫🟩🟫
//! 🟫🟩🟩🟩🟩🟩🟫
//! 🟫❎🟫🟫🟫🟫🟫".parse()?;
//! let solution = solve(&puzzle, &Options::default())?;
//! assert_eq!(solution.outcome, Outcome::Escaped { steps: 16 });
//! # Ok::<(), dragon_escape::Error>(())
//! ```
//!
//! # Pipeline
//! text → [`Puzzle`] ([`tile`] knows the symbols) → [`Graph`] → a
//! [`dragon`] oracle → the search ([`Solver`]) → [`Solution`] → [`render`].
//!
//! # Features
//! - `cli` (default): the `solve-maze` and `generate-maze` command lines
//!   (clap, indicatif, signal-hook).
//! - `json` (default): the versioned JSON report (serde).
//! - `playback` (default): terminal playback and play (crossterm,
//!   signal-hook).
//! - `mapgen`: the maze and puzzle generator (`mapgen` module) and the
//!   `generate-maze` binary (rand_core, rand_chacha).
//!
//! With `--no-default-features` the library parses, solves, renders text and
//! runs the play-mode rules with two small dependencies (`rustc-hash`, and
//! `hashbrown` without its default features).

pub mod board;
pub mod dragon;
mod error;
pub mod graph;
mod parse;
pub mod play;
mod puzzle;
pub mod render;
mod search;
pub mod tile;
pub mod viewer;

// The binaries' front end, not API: `src/bin/*.rs` call `cli::solve::main`
// and `cli::generate::main`, and the integration tests parse and check
// options through `cli::parse_from` and the two `Args`; the rest is
// `pub(crate)`.
#[cfg(feature = "cli")]
#[doc(hidden)]
#[allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "the command lines own standard output and standard error"
)]
pub mod cli;
#[cfg(feature = "mapgen")]
pub mod mapgen;
#[cfg(feature = "playback")]
pub mod playback;

pub use dragon::OracleKind;
pub use error::{Error, Location, ParseValueError, Resource};
pub use graph::{CellId, Direction, Graph};
pub use puzzle::{Locks, MAX_DRAGONS, MAX_KEYS, Notation, Pos, Puzzle};
pub use search::rules::{Priority, Rules, Speed, Ties};
pub use search::solution::{Ending, Method, Move, Others, Outcome, Pieces, Solution, Stats, Turn};
pub use search::{IllegalMove, Mismatch, Options, Progress, Solver, Table, Value, solve};
pub use tile::Tile;

/// The README's library example (`examples/library.rs`), run as a doctest.
#[cfg(doctest)]
#[doc = concat!("```\n", include_str!("../examples/library.rs"), "\n```")]
struct ReadmeLibraryExample;
