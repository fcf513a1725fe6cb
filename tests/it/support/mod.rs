//! Shared helpers for the integration tests.

pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod random;

/// How far over its `--max-memory` budget a program's peak resident memory
/// may go: the program itself and its libraries.
#[cfg(all(unix, feature = "cli"))]
pub(crate) const SLACK: usize = 8 << 20;

/// The address-space cap ([`capped`]) for a program given `budget`: twice
/// the budget and 64 MiB, room for what is reserved and never touched (a
/// vector's capacity, the allocator's arenas, thread stacks), so that only
/// a runaway reaches it; what is touched is held to the budget by
/// [`Capped::peak`].
#[cfg(all(unix, feature = "cli"))]
pub(crate) fn cap_for(budget: usize) -> usize {
    2 * budget + (64 << 20)
}

/// A command that runs `program` (then the arguments given to it) under an
/// address-space cap of `bytes` (`ulimit -v`): an allocation past the cap
/// fails, so a program that keeps within it ends as usual, and one that
/// does not aborts unless it checks its allocations. The C library's
/// allocator keeps one arena (`MALLOC_ARENA_MAX=1`), so that the address
/// space counts what is allocated, not the 64 MiB it sets aside for each
/// thread that allocates.
#[cfg(all(unix, feature = "cli"))]
pub(crate) fn capped(program: &str, bytes: usize) -> std::process::Command {
    let mut cmd = std::process::Command::new("sh");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.env("MALLOC_ARENA_MAX", "1");
    cmd.args([
        "-c",
        &format!("ulimit -v {} && exec \"$0\" \"$@\"", bytes / 1024),
        program,
    ]);
    cmd
}

/// How a program run by [`Capped::run`] ended.
#[cfg(all(unix, feature = "cli"))]
#[derive(Debug)]
pub(crate) struct Capped {
    pub(crate) status: std::process::ExitStatus,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
    /// The peak of its resident memory, in bytes (`VmHWM`, read from
    /// `/proc` every millisecond while it runs: a high-water mark, so only
    /// what it adds in its last millisecond could be missed).
    pub(crate) peak: usize,
    pub(crate) took: std::time::Duration,
}

#[cfg(all(unix, feature = "cli"))]
impl Capped {
    /// Runs `cmd` with `stdin` on its standard input, watching its memory;
    /// kills it after `limit` (only a hang takes that long).
    pub(crate) fn run(
        mut cmd: std::process::Command,
        stdin: Vec<u8>,
        limit: std::time::Duration,
    ) -> Capped {
        use std::io::{Read, Write};
        use std::process::Stdio;
        let started = std::time::Instant::now();
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&stdin);
        });
        let drain = |mut from: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = from.read_to_end(&mut bytes);
                bytes
            })
        };
        let out = drain(Box::new(child.stdout.take().unwrap()));
        let err = drain(Box::new(child.stderr.take().unwrap()));
        let status_file = format!("/proc/{}/status", child.id());
        let mut peak = 0;
        let status = loop {
            if let Ok(text) = std::fs::read_to_string(&status_file) {
                let hwm = text
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches(" kB").parse::<usize>().ok());
                peak = peak.max(hwm.unwrap_or(0) << 10);
            }
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > limit {
                let _ = child.kill();
                panic!("still running after {limit:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        writer.join().unwrap();
        Capped {
            status,
            stdout: out.join().unwrap(),
            stderr: String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
            peak,
            took: started.elapsed(),
        }
    }
}

/// Writes into `dir` a sparse braid of 1001x1001 tiles (`generate-maze -W
/// 500 -H 500 --braid 0.01 --seed 5 --no-verify`) and returns its path.
/// With a dragon twice as fast (`--dragon-speed 2`) the hero is caught,
/// which the search shows at once, but the longest chase it survives
/// (`--map`) takes minutes: the hero has room to give up little distance
/// for a long time, and the best-first search takes every position that
/// might still lie on a longer line (more than 2 GB after 60 s).
#[cfg(feature = "mapgen")]
pub(crate) fn slow_map(dir: &std::path::Path) -> std::path::PathBuf {
    let map = dir.join("big.txt");
    let generated = std::process::Command::new(env!("CARGO_BIN_EXE_generate-maze"))
        .args(["-W", "500", "-H", "500", "--braid", "0.01", "--seed", "5"])
        .args(["--no-verify", "-o"])
        .arg(&map)
        .status()
        .unwrap();
    assert!(generated.success());
    map
}

/// In a stopped solve's message `stderr`, the number of positions after
/// `lead` (which ends with "after "), checked to be some, and what follows
/// it.
#[cfg(feature = "mapgen")]
pub(crate) fn positions_after<'a>(stderr: &'a str, lead: &str) -> (usize, &'a str) {
    let (_, rest) = stderr
        .split_once(lead)
        .unwrap_or_else(|| panic!("{stderr}"));
    let (count, rest) = rest.split_once(' ').unwrap_or_else(|| panic!("{stderr}"));
    let positions: usize = count.parse().unwrap_or_else(|_| panic!("{stderr}"));
    assert!(positions > 0, "{stderr}");
    (positions, rest)
}
