//! Shared helpers for the integration tests.

pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod random;

/// Writes into `dir` a braided 1001x1001 maze (`generate-maze -W 500 -H 500
/// --seed 5 --no-verify`) and returns its path. With a dragon twice as fast
/// (`--dragon-speed 2`) the hero is caught, which the search shows at once
/// (the dragon's horizon), but the longest chase it survives (`--map`)
/// takes minutes: every position the hero can reach within the horizon.
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
