//! Shared helpers for the integration tests.

pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod random;

/// What an address-space cap leaves over a memory budget
/// ([`capped`]): the program, its libraries, and its threads' stacks.
#[cfg(all(unix, feature = "cli"))]
pub(crate) const SLACK: usize = 24 << 20;

/// A command that runs `program` (then the arguments given to it) under an
/// address-space cap of `bytes` (`ulimit -v`): an allocation past the cap
/// fails, so a program that keeps within a budget `SLACK` below it ends as
/// usual, and one that does not aborts unless it checks its allocations.
/// The cap bounds the peak of the memory it touches too.
#[cfg(all(unix, feature = "cli"))]
pub(crate) fn capped(program: &str, bytes: usize) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.args([
        "-c",
        &format!("ulimit -v {} && exec \"$0\" \"$@\"", bytes / 1024),
        program,
    ]);
    cmd
}

/// Writes into `dir` a braided 1001x1001 maze (`generate-maze -W 500 -H 500
/// --seed 5 --no-verify`) and returns its path. With a dragon twice as fast
/// (`--dragon-speed 2`), its search runs for minutes.
#[cfg(feature = "mapgen")]
pub(crate) fn slow_map(dir: &std::path::Path) -> std::path::PathBuf {
    let map = dir.join("big.txt");
    let generated = std::process::Command::new(env!("CARGO_BIN_EXE_generate-maze"))
        .args(["-W", "500", "-H", "500", "--seed", "5", "--no-verify", "-o"])
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
