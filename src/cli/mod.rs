//! Command-line front ends (feature `cli`).
//!
//! Each binary in `src/bin` only calls a `main` here. Arguments are parsed
//! with clap into a raw struct, checked into a configuration, and handed to
//! the library; everything that touches the process (files, stdin, the
//! environment, exit codes) stays in this module.
//!
//! Public only for the binaries (`main`) and the integration tests (the
//! options parsed and checked): hidden from the documentation, not API.

pub(crate) mod cleanup;
#[cfg(feature = "mapgen")]
pub mod generate;
mod help;
mod interrupt;
mod jobs;
pub(crate) mod shell;
pub mod solve;
mod watch;

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::LazyLock;
use std::time::Duration;

use clap::{Command, CommandFactory, Parser};

/// Exit code: every map was solved and the hero escapes.
pub(crate) const EXIT_ESCAPED: u8 = 0;
/// Exit code: a map has no escape (no path, or caught).
pub(crate) const EXIT_NO_ESCAPE: u8 = 1;
/// Exit code: bad usage or unreadable or malformed input.
pub(crate) const EXIT_ERROR: u8 = 2;

/// `A`'s command line, with negative numbers taken as values wherever an
/// option takes one, so `--braid -0.1` meets the option's range check
/// instead of passing for an unknown flag `-0`.
pub(crate) fn command<A: CommandFactory>() -> Command {
    A::command().mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
}

/// Parses `args` (the program's name first) into `A` through `command`
/// (negative numbers taken as values).
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
pub(crate) fn features() -> Vec<&'static str> {
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
pub(crate) fn version() -> &'static str {
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
pub(crate) enum ColorChoice {
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
    pub(crate) fn enabled(self, is_terminal: bool) -> bool {
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

/// How much of an input is looked at before the rest is read: when the
/// input is longer and this much of it already holds a NUL byte or bytes
/// that are not UTF-8 (never part of a map), the error is found here, so
/// `/dev/zero` or `/dev/urandom` end at once.
const PROBE: usize = 1 << 20;

/// Reads a whole input, at most half of `budget` bytes (the map's wall
/// grid takes as much again): a file, or standard input for `-`. Memory is
/// reserved with `try_reserve`, so a machine short of memory gives an
/// error, not an abort.
///
/// # Errors
/// A sentence naming the file and what went wrong: unreadable, larger than
/// half the budget (the sentence names the budget, and ends with `see` in
/// parentheses: where the budget is set), or, for an input longer than a
/// megabyte, the map error its first megabyte already shows (a NUL byte or
/// bytes that are not UTF-8).
pub(crate) fn read_input(path: &Path, budget: usize, see: &str) -> Result<Vec<u8>, String> {
    let name = path.display().to_string();
    if path == Path::new("-") {
        return read_limited(&mut io::stdin().lock(), &name, None, budget, see);
    }
    if path.is_dir() {
        return Err(format!("{name}: is a directory, not a map file"));
    }
    let mut file = fs::File::open(path).map_err(|e| {
        let why = match e.kind() {
            io::ErrorKind::NotFound => "no such file".to_owned(),
            io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            _ => e.to_string(),
        };
        format!("{name}: {why}")
    })?;
    // A regular file says its size; devices and pipes say 0.
    let size = file
        .metadata()
        .ok()
        .filter(fs::Metadata::is_file)
        .and_then(|m| usize::try_from(m.len()).ok());
    read_limited(&mut file, &name, size, budget, see)
}

/// Reads `input` to its end, refusing more than half of `budget` bytes;
/// `size` is its length when known in advance.
fn read_limited(
    input: &mut impl Read,
    name: &str,
    size: Option<usize>,
    budget: usize,
    see: &str,
) -> Result<Vec<u8>, String> {
    let limit = budget / 2;
    let too_large = || {
        format!(
            "{name}: the input is larger than {}, half the memory budget of {} ({see})",
            crate::error::bytes(limit),
            crate::error::bytes(budget)
        )
    };
    let no_room = |len: usize| {
        format!(
            "{name}: there is not enough memory to hold the input ({} read)",
            crate::error::bytes(len)
        )
    };
    if size.is_some_and(|size| size > limit) {
        return Err(too_large());
    }
    let mut bytes: Vec<u8> = Vec::new();
    if let Some(size) = size {
        // One byte more, to see the end without growing.
        bytes
            .try_reserve_exact(size.saturating_add(1).min(limit))
            .map_err(|_| no_room(0))?;
    }
    let mut chunk = vec![0; 64 << 10];
    let mut probed = false;
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => {
                // What doubling reserved and the input did not take goes
                // back: the map's wall flags take as much as the input.
                bytes.shrink_to_fit();
                return Ok(bytes);
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("{name}: cannot read: {e}")),
        };
        if n > limit - bytes.len() {
            return Err(too_large());
        }
        if bytes.capacity() - bytes.len() < n {
            // Grow by doubling, but never past the limit.
            let wanted = bytes
                .capacity()
                .saturating_mul(2)
                .clamp(bytes.len() + n, limit);
            bytes
                .try_reserve_exact(wanted - bytes.len())
                .map_err(|_| no_room(bytes.len()))?;
        }
        bytes.extend_from_slice(&chunk[..n]);
        if !probed && bytes.len() > PROBE {
            probed = true;
            probe(&bytes[..PROBE]).map_err(|e| format!("{name}: {e}"))?;
        }
    }
}

/// The map error the start of a long input already shows, if it holds
/// bytes that are not UTF-8 or a NUL byte. The start is read as a map up to
/// the first such byte: invalid UTF-8 gives exactly the whole input's error
/// (the first invalid byte is reported, wherever other problems are); a
/// NUL byte gives the first problem at or before it.
fn probe(start: &[u8]) -> Result<(), crate::Error> {
    let invalid = match std::str::from_utf8(start) {
        Err(e) if e.error_len().is_some() => Some(e.valid_up_to()),
        _ => None,
    };
    match invalid.or_else(|| start.iter().position(|&b| b == 0)) {
        Some(cut) => crate::Puzzle::parse(&start[..=cut]).map(drop),
        None => Ok(()),
    }
}

/// A parser of a whole number in `range` for an option whose value is
/// `what` ("a number of jobs"): text that is not one, a negative number
/// included, is refused with a sentence that names what was expected,
/// instead of the number parser's own words ("invalid digit found in
/// string"). A range open above reads "from 0 up".
pub(crate) fn whole<T, R>(
    what: &'static str,
    range: R,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Send + Sync + 'static,
    R: std::ops::RangeBounds<T> + Clone + Send + Sync + 'static,
{
    use std::ops::Bound;
    move |text: &str| {
        text.trim()
            .parse::<T>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                let least = match range.start_bound() {
                    Bound::Included(least) => least.to_string(),
                    _ => "0".to_owned(),
                };
                match range.end_bound() {
                    Bound::Included(most) => format!(
                        "'{text}' is not {what}: give a whole number from {least} to {most}"
                    ),
                    _ => format!("'{text}' is not {what}: give a whole number from {least} up"),
                }
            })
    }
}

/// The smallest budget [`parse_size`] takes: even the smallest map needs
/// more.
const MIN_SIZE: usize = 1 << 10;

/// A size in bytes, as `--max-memory` takes it: a number (fractions
/// allowed) with an optional unit K, M, G or T (powers of 1024; `KB`, `KiB`
/// and friends mean the same). Worked out in whole numbers, so a size past
/// what the machine can count is refused, not rounded.
///
/// # Errors
/// A sentence for text that is not a size, a size under 1 KiB, or one
/// larger than `usize::MAX` bytes.
pub(crate) fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (number, unit) = number_and_unit(text);
    let not_a_size = || format!("'{text}' is not a size; try 512M or 2G");
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if (whole.is_empty() && fraction.is_empty()) || fraction.contains('.') {
        return Err(not_a_size());
    }
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("unknown unit in '{text}'; use K, M, G or T")),
    };
    let too_large = || format!("'{text}' is too large: at most {} bytes", usize::MAX);
    // Digits only, so a failed parse is an overflow.
    let whole: u128 = match whole.trim_start_matches('0') {
        "" => 0,
        digits => digits.parse().map_err(|_| too_large())?,
    };
    // Past 20 decimals a fraction of a terabyte is under a byte.
    let fraction = &fraction[..fraction.len().min(20)];
    let part: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().map_err(|_| not_a_size())?
    };
    let bytes = whole
        .checked_mul(1 << shift)
        .and_then(|b| b.checked_add((part << shift) / 10u128.pow(fraction.len() as u32)))
        .ok_or_else(too_large)?;
    match usize::try_from(bytes) {
        Ok(bytes) if bytes < MIN_SIZE => Err(format!(
            "'{text}' is too small: no map fits in less than 1K; give at least 1K"
        )),
        Ok(bytes) => Ok(bytes),
        Err(_) => Err(too_large()),
    }
}

/// Parses a time such as `30s`, `5m`, `1.5h` or `500ms`; a number alone is
/// seconds.
///
/// # Errors
/// A sentence for text that is not a time, or a time not above zero or too
/// long to count.
pub(crate) fn parse_time(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = number_and_unit(text);
    let not_a_time = || format!("'{text}' is not a time; try 30s, 5m or 1.5h");
    let seconds: f64 = number.parse().map_err(|_| not_a_time())?;
    let scale = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "s" | "sec" | "secs" => 1.0,
        "ms" => 1e-3,
        "m" | "min" | "mins" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("unknown unit in '{text}'; use ms, s, m or h")),
    };
    let seconds = seconds * scale;
    if seconds <= 0.0 {
        return Err(format!("'{text}' is no time at all; give more than 0"));
    }
    // Times are shown to the millisecond, and nothing is done in less.
    if seconds < 1e-3 {
        return Err(format!(
            "'{text}' is less than a millisecond; give at least 1ms"
        ));
    }
    // At most a year, far past any solve: the deadline must stay countable.
    if seconds > 366.0 * 24.0 * 3600.0 {
        return Err(format!("'{text}' is too long: at most a year"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// `text` split where its leading digits and dots end: `("1.5", "G")`.
fn number_and_unit(text: &str) -> (&str, &str) {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    text.split_at(split)
}

/// A time as a short phrase: `1.5 s`, `90 s`.
pub(crate) fn seconds(time: Duration) -> String {
    let text = format!("{:.3}", time.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

/// Whether an I/O error means the reader went away (`solve-maze … | head`).
pub(crate) fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Writes `text` to `out`; `Ok(false)` when the pipe is closed, which ends
/// the program normally.
///
/// # Errors
/// Any write error other than a broken pipe.
pub(crate) fn emit(out: &mut impl Write, text: &str) -> io::Result<bool> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if is_broken_pipe(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Prints `program: message` on standard error and returns [`EXIT_ERROR`].
pub(crate) fn fail(program: &str, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "{program}: {message}");
    ExitCode::from(EXIT_ERROR)
}

/// Writes `bytes` to the file named `path` the way a shell redirection
/// would, but never leaves a half-written file:
///
/// - the file behind standard output or standard error (such as
///   `/dev/stdout`) is written through that stream;
/// - a symbolic link is followed: its target is written or replaced, and the
///   link stays;
/// - a FIFO or a character device (`/dev/null`, a terminal) is written into;
///   a socket or a block device is refused;
/// - a regular file, or a new one, is replaced atomically
///   ([`write_atomically`]), keeping an existing file's permissions.
///
/// A broken pipe (a FIFO or stream whose reader went away) is a normal end.
///
/// # Errors
/// A sentence naming the path and what went wrong.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_file_then(path, bytes, || {})
}

/// [`write_file`], calling `then` once the output is complete: for a
/// regular file, as it is renamed into place, before a signal can end the
/// program (so what a signal's sentence counts is what is on disk).
///
/// # Errors
/// As for [`write_file`]; `then` is not called.
pub(crate) fn write_file_then(
    path: &Path,
    bytes: &[u8],
    then: impl FnOnce(),
) -> Result<(), String> {
    let fail = |why: String| format!("{}: cannot write: {why}", path.display());
    let ended = |written: io::Result<()>| match written {
        Err(e) if !is_broken_pipe(&e) => Err(fail(why(&e, path))),
        _ => Ok(()),
    };
    if let Some(stream) = standard_stream(path) {
        let written = ended(match stream {
            Stream::Stdout => io::stdout()
                .lock()
                .write_all(bytes)
                .and_then(|()| io::stdout().flush()),
            Stream::Stderr => io::stderr().lock().write_all(bytes),
        });
        return written.map(|()| then());
    }
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(fail("it is a directory".into())),
        Ok(meta) if meta.is_file() => {
            let target = fs::canonicalize(path).map_err(|e| fail(why(&e, path)))?;
            write_atomically(&target, bytes, Some(meta.permissions()), then)
                .map_err(|e| fail(why(&e, &target)))
        }
        Ok(meta) => {
            if let Some(kind) = refused_kind(&meta) {
                return Err(fail(format!(
                    "it is a {kind}; write to a file, a pipe or a character device"
                )));
            }
            let written = ended(
                fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .and_then(|mut file| file.write_all(bytes)),
            );
            written.map(|()| then())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A new file, or a link to one that does not exist yet.
            let target = link_target(path).map_err(|e| fail(why(&e, path)))?;
            write_atomically(&target, bytes, None, then).map_err(|e| fail(why(&e, &target)))
        }
        Err(e) => Err(fail(why(&e, path))),
    }
}

/// Whether writing to `output` would write into the input `input` (`-`:
/// standard input) is read from: the same file, by its device and inode,
/// whatever links, `..` or hard links lead to it. An output that does not
/// exist yet is no input.
pub(crate) fn is_input(output: &Path, input: &Path) -> bool {
    let Ok(written) = fs::metadata(output) else {
        return false;
    };
    if input == Path::new("-") {
        return stdin_metadata().is_some_and(|read| same_file(&written, &read));
    }
    fs::metadata(input).is_ok_and(|read| same_file(&written, &read))
}

/// Whether two outputs name one file: the same regular file if both
/// exist (a device such as `/dev/null` takes any number of writers), else
/// the same name in the same directory (`./a.svg` and `a.svg`, or through
/// a link to the directory).
pub(crate) fn same_output(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) {
        return a.is_file() && same_file(&a, &b);
    }
    let place = |path: &Path| {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        Some((fs::canonicalize(dir).ok()?, path.file_name()?.to_owned()))
    };
    place(a).is_some_and(|a| place(b) == Some(a))
}

/// Whether `path` names the file behind standard output (`/dev/stdout`,
/// or the file it is redirected to).
pub(crate) fn is_standard_output(path: &Path) -> bool {
    matches!(standard_stream(path), Some(Stream::Stdout))
}

/// Whether two files' metadata are of the same file.
#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// The metadata of the file behind standard input.
#[cfg(unix)]
fn stdin_metadata() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    fs::File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
fn stdin_metadata() -> Option<fs::Metadata> {
    None
}

/// A standard stream of this process.
enum Stream {
    Stdout,
    Stderr,
}

/// Which standard stream `path` names: `-` is standard output, and so is
/// the very file (same device and inode) behind it; likewise standard
/// error.
#[cfg(unix)]
fn standard_stream(path: &Path) -> Option<Stream> {
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::fs::MetadataExt;
    if path == Path::new("-") {
        return Some(Stream::Stdout);
    }
    let wanted = fs::metadata(path).ok()?;
    let is = |fd: BorrowedFd<'_>| {
        fd.try_clone_to_owned()
            .ok()
            .and_then(|fd| fs::File::from(fd).metadata().ok())
            .is_some_and(|m| m.dev() == wanted.dev() && m.ino() == wanted.ino())
    };
    if is(io::stdout().as_fd()) {
        Some(Stream::Stdout)
    } else if is(io::stderr().as_fd()) {
        Some(Stream::Stderr)
    } else {
        None
    }
}

#[cfg(not(unix))]
fn standard_stream(path: &Path) -> Option<Stream> {
    (path == Path::new("-")).then_some(Stream::Stdout)
}

/// The kind of a special file that is not written into, if it is one.
#[cfg(unix)]
fn refused_kind(meta: &fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_socket() {
        Some("socket")
    } else if kind.is_block_device() {
        Some("block device")
    } else {
        None
    }
}

#[cfg(not(unix))]
fn refused_kind(_: &fs::Metadata) -> Option<&'static str> {
    None
}

/// The path a write to `path` should create: `path` itself, or the end of
/// its chain of symbolic links when it is a link to nothing yet.
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Why an operation on `path` failed, as a phrase.
fn why(e: &io::Error, path: &Path) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => {
            let dir = path
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            format!("the directory {} does not exist", dir.display())
        }
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over
/// `path`; on any error the temporary file is removed, so a file is either
/// complete or absent. Whatever `path` is (a link, a device) is replaced:
/// outputs go through [`write_file`], which calls this for regular files
/// only. The new file gets `permissions` (those of the file it replaces),
/// and `then` is called as it is renamed into place, before a signal can
/// end the program.
///
/// # Errors
/// Any error creating, writing or renaming the file.
fn write_atomically(
    path: &Path,
    bytes: &[u8],
    permissions: Option<fs::Permissions>,
    then: impl FnOnce(),
) -> io::Result<()> {
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temp = dir.join(cleanup::temp_name(file_name, std::process::id()));
    // The temporary file is registered while it exists, so a signal
    // removes it (`cleanup::remove_on_signal`).
    let written = cleanup::created(&temp, || {
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
    })
    .and_then(|mut file| {
        file.write_all(bytes)?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()
    });
    cleanup::finished(&temp, || {
        let renamed = written.and_then(|()| fs::rename(&temp, path));
        match renamed {
            Ok(()) => then(),
            Err(_) => {
                let _ = fs::remove_file(&temp);
            }
        }
        renamed
    })
}

#[cfg(test)]
mod tests {
    use super::{parse_size, parse_time, seconds};
    use std::time::Duration;

    #[test]
    fn times_take_units_and_seconds_alone() {
        assert_eq!(parse_time("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_time("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_time("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_time("1.5h"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_time("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_time(" 2 min "), Ok(Duration::from_secs(120)));
        assert!(parse_time("0").unwrap_err().contains("more than 0"));
        assert!(parse_time("0ms").unwrap_err().contains("more than 0"));
        assert!(
            parse_time("0.0000000001")
                .unwrap_err()
                .contains("at least 1ms")
        );
        assert_eq!(parse_time("1ms"), Ok(Duration::from_millis(1)));
        assert!(parse_time("-1").unwrap_err().contains("not a time"));
        assert!(parse_time("soon").unwrap_err().contains("not a time"));
        assert!(parse_time("").unwrap_err().contains("not a time"));
        assert!(parse_time("1.2.3").unwrap_err().contains("not a time"));
        assert!(parse_time("3d").unwrap_err().contains("unknown unit"));
        assert!(parse_time("1e3").unwrap_err().contains("unknown unit"));
        assert!(parse_time("9000h").unwrap_err().contains("at most a year"));
        assert!(
            parse_time(&"9".repeat(400))
                .unwrap_err()
                .contains("at most a year")
        );
    }

    #[test]
    fn times_read_as_seconds() {
        assert_eq!(seconds(Duration::from_secs(90)), "90 s");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(seconds(Duration::from_millis(250)), "0.25 s");
    }

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("1024"), Ok(1024));
        assert_eq!(parse_size("64 kb"), Ok(64 << 10));
        assert_eq!(parse_size("1.5K"), Ok(1536));
        assert!(parse_size(".5K").unwrap_err().contains("at least 1K"));
        assert!(parse_size("1").unwrap_err().contains("too small"));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3X").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size(".").is_err());
        assert!(parse_size("1.2.3").is_err());
    }

    #[test]
    fn sizes_past_the_machine_are_refused_not_rounded() {
        assert_eq!(parse_size(&usize::MAX.to_string()), Ok(usize::MAX));
        let over = (usize::MAX as u128 + 1).to_string();
        assert!(parse_size(&over).unwrap_err().contains("too large"));
        assert!(parse_size("99999999999999999999999999999999999999999").is_err());
        assert!(parse_size("17179869184G").is_err());
    }
}
