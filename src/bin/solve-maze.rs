//! `solve-maze`: find the hero's shortest safe escape. See `solve-maze --help`.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a binary owns standard output and standard error"
)]

fn main() -> std::process::ExitCode {
    dragon_escape::cli::solve::main()
}
