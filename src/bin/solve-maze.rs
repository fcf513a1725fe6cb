//! `solve-maze`: find the hero's shortest safe escape. See `solve-maze --help`.

fn main() -> std::process::ExitCode {
    dragon_escape::cli::solve::main()
}
