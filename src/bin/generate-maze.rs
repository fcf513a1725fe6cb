//! `generate-maze`: emits new dragon-escape puzzles.

fn main() -> std::process::ExitCode {
    dragon_escape::cli::generate::main()
}
