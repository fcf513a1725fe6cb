//! Command-line front ends (feature `cli`).
//!
//! Each binary in `src/bin` only calls a `main` here. Arguments are parsed
//! with clap into a raw struct, checked into a configuration, and handed to
//! the library; everything that touches the process (files, stdin, the
//! environment, exit codes) stays in this module.

#[cfg(feature = "mapgen")]
pub mod generate;
pub mod shell;
pub mod solve;

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::LazyLock;

use clap::{Command, CommandFactory, Parser};

/// Exit code: every map was solved and the hero escapes.
pub const EXIT_ESCAPED: u8 = 0;
/// Exit code: a map has no escape (no path, or caught).
pub const EXIT_NO_ESCAPE: u8 = 1;
/// Exit code: bad usage or unreadable or malformed input.
pub const EXIT_ERROR: u8 = 2;

/// `A`'s command line, with negative numbers taken as values wherever an
/// option takes one, so `--braid -0.1` meets the option's range check
/// instead of passing for an unknown flag `-0`.
pub fn command<A: CommandFactory>() -> Command {
    A::command().mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
}

/// Parses `args` (the program's name first) into `A` through [`command`].
///
/// # Errors
/// clap's usage error, which `exit` prints with status 2.
pub fn parse_from<A, I, T>(args: I) -> Result<A, clap::Error>
where
    A: Parser,
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut matches = command::<A>().try_get_matches_from(args)?;
    A::from_arg_matches_mut(&mut matches)
}

/// The cargo features this build was compiled with, in a fixed order.
pub fn features() -> Vec<&'static str> {
    [
        ("cli", cfg!(feature = "cli")),
        ("json", cfg!(feature = "json")),
        ("playback", cfg!(feature = "playback")),
        ("mapgen", cfg!(feature = "mapgen")),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect()
}

/// What `--version` prints after the program's name: the version and the
/// features of the build, so a lean build is recognisable
/// (`0.1.0 (features: cli, json, playback, mapgen)`).
pub fn version() -> &'static str {
    static VERSION: LazyLock<String> = LazyLock::new(|| {
        format!(
            "{} (features: {})",
            env!("CARGO_PKG_VERSION"),
            features().join(", ")
        )
    });
    VERSION.as_str()
}

/// When to use colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour a stream that is (or is not) a terminal.
    pub fn enabled(self, is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                is_terminal
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
            }
        }
    }
}

/// Reads a whole input: a file, or standard input for `-`.
///
/// # Errors
/// A sentence naming the file and what went wrong.
pub fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(bytes);
    }
    if path.is_dir() {
        return Err(format!(
            "{}: is a directory, not a map file",
            path.display()
        ));
    }
    std::fs::read(path).map_err(|e| {
        let why = match e.kind() {
            io::ErrorKind::NotFound => "no such file".to_owned(),
            io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            _ => e.to_string(),
        };
        format!("{}: {why}", path.display())
    })
}

/// Whether an I/O error means the reader went away (`solve-maze … | head`).
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Writes `text` to `out`; `Ok(false)` when the pipe is closed, which ends
/// the program normally.
///
/// # Errors
/// Any write error other than a broken pipe.
pub fn emit(out: &mut impl Write, text: &str) -> io::Result<bool> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if is_broken_pipe(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Prints `program: message` on standard error and returns [`EXIT_ERROR`].
pub fn fail(program: &str, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "{program}: {message}");
    ExitCode::from(EXIT_ERROR)
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over
/// `path`; on any error the temporary file is removed, so a file is either
/// complete or absent.
///
/// # Errors
/// Any error creating, writing or renaming the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temp_name = OsString::from(".");
    temp_name.push(file_name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}
