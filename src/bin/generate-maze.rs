//! `generate-maze`: emits new dragon-escape puzzles.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a binary owns standard output and standard error"
)]

fn main() -> std::process::ExitCode {
    dragon_escape::cli::generate::main()
}
