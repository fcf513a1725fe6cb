//! The fuzz targets (`fuzz/src/lib.rs`, run by cargo-fuzz on nightly) on
//! stable, bounded in cases so they take seconds: the example maps and the
//! saved regression inputs (`fuzz/regressions/<target>/`), as grids and as
//! JSON matrices, with random bytes flipped, inserted, deleted or cut off;
//! random JSON-shaped token strings; long inputs (a map on one line, a
//! symbol or a JSON cell string of up to a quarter of a megabyte); random
//! small maps for the solver; mazes and rooms of up to a few thousand
//! tiles with up to four dragons and sixteen keys and doors for the
//! variants; and random bytes for the generator's configuration.
//!
//! One more target is here only, as it runs the programs: [`cli`] runs
//! `solve-maze` (and `generate-maze`) on such inputs, larger ones too (a
//! line of up to a few megabytes), under an address-space cap a little
//! over the `--max-memory` it gives them (`ulimit -v`): a program that
//! keeps within its budget ends with an answer or a sentence and exit 2,
//! and one that does not aborts, which fails the target. The cap bounds
//! the peak of the memory the program touches too.
//!
//! `fuzz_for_a_while` runs all the targets on such inputs for a fixed time
//! (`DRAGON_ESCAPE_FUZZ_SECONDS`, 5 by default; CI gives it 60) from a new
//! seed each run, printed so a failure can be replayed with
//! `DRAGON_ESCAPE_FUZZ_SEED`, and says how many inputs each target had and
//! what they reached (the largest map, the most pieces, the longest line).

use proptest::prelude::*;

use dragon_escape::{Puzzle, Tile};

#[path = "../../fuzz/src/lib.rs"]
#[allow(
    unreachable_pub,
    reason = "the fuzz crate's public functions, included in this binary"
)]
mod targets;

/// The example maps as bytes, in both forms, read once.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(read_seeds)
}

/// The saved inputs of one target (every file in its folder, if any).
fn regression_inputs(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
}

fn read_seeds() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mazes");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    let regressions = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    for target in ["parse", "solve"] {
        paths.extend(regression_inputs(&regressions.join(target)));
    }
    paths.sort();
    let mut all = Vec::new();
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        if let Ok(puzzle) = Puzzle::parse(&bytes) {
            all.push(puzzle.to_json_matrix().into_bytes());
        }
        all.push(bytes);
    }
    assert!(all.len() >= 10, "the examples are there");
    all
}

/// Pieces to insert: every map symbol, blanks, line ends, JSON punctuation
/// and escapes, a variation selector, a skin tone, a NUL, a stray byte.
fn pieces() -> Vec<Vec<u8>> {
    let mut pieces: Vec<Vec<u8>> = Tile::ALL
        .iter()
        .flat_map(|t| [t.emoji().as_bytes().to_vec(), vec![t.ascii() as u8]])
        .collect();
    for piece in [
        "\n",
        "\r\n",
        " ",
        "\t",
        "[",
        "]",
        ",",
        "\"",
        "\\",
        "\\u",
        "\\ud83d",
        "\\udfeb",
        "\u{FE0F}",
        "\u{1F3FD}",
        "\u{200D}",
        "\0",
        "x",
        "[[",
        "]]",
        "\"\"",
    ] {
        pieces.push(piece.as_bytes().to_vec());
    }
    pieces.push(vec![0xFF]);
    pieces.push(vec![0xF0, 0x9F]);
    pieces
}

#[derive(Clone, Debug)]
enum Edit {
    Flip(usize, u8),
    Insert(usize, usize),
    Delete(usize, usize),
    Cut(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Flip(at, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(at, p)| Edit::Insert(at, p)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Edit::Delete(at, n)),
        any::<usize>().prop_map(Edit::Cut),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit], pieces: &[Vec<u8>]) -> Vec<u8> {
    for edit in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *edit {
            Edit::Flip(i, b) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] = b;
            }
            Edit::Flip(..) => {}
            Edit::Insert(i, p) => {
                let i = at(i, bytes.len());
                let piece = &pieces[p % pieces.len()];
                bytes.splice(i..i, piece.iter().copied());
            }
            Edit::Delete(i, n) => {
                let i = at(i, bytes.len());
                let end = (i + n).min(bytes.len());
                bytes.drain(i..end);
            }
            Edit::Cut(i) => {
                let i = at(i, bytes.len());
                bytes.truncate(i);
            }
        }
    }
    bytes
}

/// Reads `bytes` as the parse target does.
fn check_reading(bytes: &[u8]) -> Result<(), TestCaseError> {
    targets::parse(bytes);
    Ok(())
}

/// A map for the variants: a braided maze of up to 30 x 30 cells (59 x 59
/// tiles), an open room with pillars of up to 60 x 60 tiles, or a maze
/// with rooms, with up to four dragons and sixteen keys and doors.
fn many_pieces_map() -> BoxedStrategy<String> {
    use crate::support::random::{Placement, carved_maze, maze_map, pillar_room, with_many_pieces};
    with_many_pieces(prop_oneof![
        maze_map(30, 0.3, 0.05),
        pillar_room(60, true, Placement::Anywhere),
        carved_maze(30, 0.2, Placement::Anywhere),
    ])
    .boxed()
}

/// A map for the variants target: two settings bytes, then the map.
fn variants_input() -> BoxedStrategy<Vec<u8>> {
    (any::<[u8; 2]>(), many_pieces_map())
        .prop_map(|(settings, map)| [settings.as_slice(), map.as_bytes()].concat())
        .boxed()
}

/// A long input of up to `max` bytes or so: a map on a single line (its
/// tiles ASCII or emoji, sometimes with a stray piece somewhere in it), a
/// symbol as long (a letter joined by zero-width joiners, or a tile with
/// that many variation selectors, which is still the tile), a JSON cell
/// string as long (plain, or escapes), or a first row short and a second
/// as long.
fn long_input(max: usize) -> BoxedStrategy<Vec<u8>> {
    let stray = any::<prop::sample::Index>();
    (0..6u8, 0..=max, any::<prop::sample::Index>(), stray)
        .prop_map(|(kind, len, at, piece)| {
            let repeat = |unit: &str| unit.repeat(len / unit.len().max(1));
            let mut bytes = match kind {
                0 => format!("H{}DE\n", repeat(".")).into_bytes(),
                1 => format!("🏃{}🐉❎\n", repeat("🟩")).into_bytes(),
                2 => format!("HDE\nx{}\n", repeat("\u{200d}")).into_bytes(),
                3 => format!("H{}DE\n", repeat("\u{fe0f}")).into_bytes(),
                4 => format!(r#"[["H","D","E","{}"]]"#, repeat(["x", "\\u200d"][len % 2]))
                    .into_bytes(),
                _ => format!("HDE\n{}\n", repeat("#")).into_bytes(),
            };
            if kind < 2 && len % 3 == 0 {
                let pieces = pieces();
                let i = at.index(bytes.len());
                bytes.splice(i..i, piece.get(&pieces).iter().copied());
            }
            bytes
        })
        .boxed()
}

/// What [`cli`] gave, for the fuzz harness's summary.
#[cfg(all(unix, feature = "cli"))]
#[derive(Clone, Copy, Debug, Default)]
struct Ran {
    /// How long the run took.
    took: std::time::Duration,
    /// Its peak resident memory over its budget, in bytes (0 if within).
    over: usize,
    /// The run went over its budget in the search or the dragon's oracle
    /// (a known overshoot: see [`in_the_search`]).
    search_overshoot: bool,
}

/// Whether a program that went over its budget (`stderr`) did so in the
/// search or the dragon's oracle: it aborted there (an allocation that
/// failed, by its backtrace), or it got that far: it did not end before
/// the solve began (reading the input, reading the map, or the graph
/// refused for the budget, which are strictly held to it). Their tables
/// can still outgrow the budget for a moment, as a hash table doubles
/// between two looks at the budget (issue 30), which is theirs to fix:
/// such a run is counted and its input kept, not failed. Over the budget
/// anywhere else fails the target.
#[cfg(all(unix, feature = "cli"))]
fn in_the_search(code: Option<i32>, stderr: &str) -> bool {
    let aborted_there = stderr
        .lines()
        .filter_map(|line| line.split_once(": ").map(|(_, frame)| frame.trim()))
        .find(|frame| frame.starts_with("dragon_escape::"))
        .is_some_and(|frame| {
            frame.starts_with("dragon_escape::search::")
                || frame.starts_with("dragon_escape::dragon::")
        });
    // The sentences of what ends a run before the solve.
    let before = [
        ", column ",
        "the input is",
        "the map has no",
        "invalid map",
        "not enough memory",
        "cannot read",
        "the graph of its cells needs",
        "maze needs about",
    ];
    let ended_before = code == Some(2) && before.iter().any(|words| stderr.contains(words));
    aborted_there || (code.is_some() && !ended_before)
}

/// Runs `solve-maze` on the input in `data[3..]` (standard input), or with
/// `data[0]` odd `generate-maze` with a configuration drawn from the
/// bytes, under a budget `data[1]` picks (16, 32 or 64 MiB), with options
/// `data[2]` picks (`--ties`, `--dragon-speed`, `--wait`, `--format json`;
/// `--max-time 1s`), under an address-space cap, its peak memory watched.
///
/// # Panics
/// When the program does not end by itself (an abort, a signal) with exit
/// 0, 1 or 2, goes over its budget outside the search, a failure says
/// nothing, or a message is longer than a sentence that quotes a short
/// excerpt. The input of a run that failed or went over is kept in the
/// temporary folder, to become a regression input.
#[cfg(all(unix, feature = "cli"))]
fn cli(data: &[u8]) -> Ran {
    use crate::support::{Capped, SLACK, cap_for, capped};
    let [program, budget, options, input @ ..] = data else {
        return Ran::default();
    };
    let budget: usize = (16 << 20) << (budget % 3);
    let generate = program % 2 == 1 && cfg!(feature = "mapgen");
    let bin = if generate {
        env!("CARGO_BIN_EXE_solve-maze").replace("solve-maze", "generate-maze")
    } else {
        env!("CARGO_BIN_EXE_solve-maze").to_owned()
    };
    let mut cmd = capped(&bin, cap_for(budget));
    // Where an allocation failed, if one does (see in_the_search).
    cmd.env("RUST_BACKTRACE", "1");
    cmd.args(["--max-memory", &format!("{}M", budget >> 20)]);
    if options & 4 != 0 {
        cmd.arg("--wait");
    }
    cmd.args(["--dragon-speed", &(1 + options % 3 / 2).to_string()]);
    let json = options & 8 != 0 && cfg!(feature = "json");
    let stdin = if generate {
        let byte = |i: usize| usize::from(input.get(i).copied().unwrap_or(0));
        let seed = input
            .iter()
            .fold(0u64, |s, &b| s.rotate_left(8) ^ u64::from(b))
            & ((1 << 53) - 1);
        cmd.args([
            "-W",
            &(2 + byte(0) % 5).to_string(),
            "-H",
            &(2 + byte(1) % 5).to_string(),
        ]);
        cmd.args(["--dragons", &(1 + byte(2) % 4).to_string()]);
        cmd.args([
            "--keys",
            &(byte(3) % 17).to_string(),
            "--endpoints",
            "random",
        ]);
        cmd.args([
            "--effort",
            &(1 + byte(4) % 3).to_string(),
            "--seed",
            &seed.to_string(),
        ]);
        if options & 16 != 0 {
            cmd.arg("--stats");
            if json {
                cmd.args(["--format", "json"]);
            }
        }
        Vec::new()
    } else {
        let ties = ["priority", "adversarial", "optimistic"][usize::from(options >> 5) % 3];
        cmd.args(["--ties", ties, "--max-time", "1s"]);
        if json {
            cmd.args(["--format", "json"]);
        }
        cmd.arg("-");
        input.to_vec()
    };
    // Only a hang takes this long: --max-time or a small maze ends sooner.
    let ran = Capped::run(cmd, stdin, std::time::Duration::from_secs(60));
    let program = if generate {
        "generate-maze"
    } else {
        "solve-maze"
    };
    let code = ran.status.code();
    let over = ran.peak.saturating_sub(budget + SLACK);
    let keep = || {
        let saved = std::env::temp_dir().join(format!("dragon-escape-cli-{}.bin", data.len()));
        let _ = std::fs::write(&saved, data);
        saved
    };
    let ended = matches!(code, Some(0..=2));
    if !ended || over > 0 {
        let saved = keep();
        if in_the_search(code, &ran.stderr) {
            return Ran {
                took: ran.took,
                over,
                search_overshoot: true,
            };
        }
        panic!(
            "{program} with a budget of {} MiB ended with {}, its peak {} MiB (the input: {}): {}",
            budget >> 20,
            ran.status,
            ran.peak >> 20,
            saved.display(),
            ran.stderr.chars().take(2000).collect::<String>()
        );
    }
    if code == Some(2) {
        assert!(
            ran.stderr.contains(&format!("{program}: ")),
            "exit 2 says nothing"
        );
    }
    for line in ran.stderr.lines().filter(|l| l.starts_with(program)) {
        assert!(
            line.len() <= targets::LONGEST_MESSAGE + 200,
            "a message of {} bytes: {}…",
            line.len(),
            line.chars().take(300).collect::<String>()
        );
    }
    if !generate && code != Some(2) {
        assert!(!ran.stdout.is_empty(), "an answer says something");
    }
    Ran {
        took: ran.took,
        over: 0,
        search_overshoot: false,
    }
}

/// Settings for [`cli`]: which program, the budget and the options.
#[cfg(all(unix, feature = "cli"))]
fn cli_input() -> BoxedStrategy<Vec<u8>> {
    let settings = any::<[u8; 3]>();
    let input = prop_oneof![
        3 => many_pieces_map().prop_map(String::into_bytes),
        1 => long_input(6 << 20),
        1 => long_input(64 << 10),
    ];
    (settings, input)
        .prop_map(|(settings, input)| [settings.as_slice(), &input].concat())
        .boxed()
}

/// Every saved regression input passes its target again.
#[test]
fn regression_inputs_pass_their_targets() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut count = 0;
    for (target, run) in [
        ("parse", targets::parse as fn(&[u8])),
        ("solve", targets::solve),
        ("variants", targets::variants),
        #[cfg(all(unix, feature = "cli"))]
        ("cli", |data| {
            cli(data);
        }),
        #[cfg(feature = "mapgen")]
        ("generate", |data| {
            targets::generate(data);
        }),
    ] {
        for path in regression_inputs(&dir.join(target)) {
            run(&std::fs::read(&path).unwrap());
            count += 1;
        }
    }
    assert!(count >= 3, "the regression inputs are there");
}

/// A corridor of 369,571 tiles, the dragon beside the exit and waiting
/// allowed, under a 64 MiB budget (found by the harness): the search's
/// buckets, one for each f up to the corridor's length, are weighed with
/// the rest, so the process keeps within its budget (it went 9 MiB past
/// budget and slack when they were not).
#[cfg(all(unix, feature = "cli"))]
#[test]
fn a_long_corridors_search_keeps_within_its_budget() {
    let mut data = vec![b'X', 0x83, 0xcf];
    data.extend(format!("H{}DE\n", ".".repeat(369_568)).bytes());
    let ran = cli(&data);
    assert!(!ran.search_overshoot && ran.over == 0, "{ran:?}");
}

/// An open map of 44x44 tiles with three dragons, keys and doors, solved
/// adversarially under a 64 MiB budget (found by the harness): the quick
/// try that walks the default rule's line against every choice of the
/// dragons weighs the set of positions it holds, so the process keeps
/// within its budget (a rehash of that set asked for 121 MB, and the
/// process aborted, when it did not).
#[cfg(all(unix, feature = "cli"))]
#[test]
fn every_choice_of_three_dragons_keeps_within_its_budget() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions/cli/three-dragons-every-choice.bin");
    let ran = cli(&std::fs::read(path).unwrap());
    assert!(!ran.search_overshoot && ran.over == 0, "{ran:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_examples_read_without_panic(
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 0..6),
    ) {
        let bytes = apply(seed.get(seeds()).clone(), &edits, &pieces());
        check_reading(&bytes)?;
    }

    #[test]
    fn json_shaped_tokens_read_without_panic(
        tokens in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let pieces = pieces();
        let bytes: Vec<u8> = tokens.iter().flat_map(|t| t.get(&pieces).clone()).collect();
        check_reading(&bytes)?;
    }

    #[test]
    fn mutated_examples_solve_alike(
        settings in any::<[u8; 2]>(),
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 0..4),
    ) {
        let mut bytes = settings.to_vec();
        bytes.extend(apply(seed.get(seeds()).clone(), &edits, &pieces()));
        targets::solve(&bytes);
    }

    #[test]
    fn random_small_maps_solve_alike(
        settings in any::<[u8; 2]>(),
        map in crate::support::random::small_map(6),
    ) {
        let mut bytes = settings.to_vec();
        bytes.extend(map.into_bytes());
        targets::solve(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn long_inputs_read_in_short_messages(bytes in long_input(256 << 10)) {
        check_reading(&bytes)?;
    }

    #[test]
    fn maps_with_many_pieces_solve_within_their_limits(bytes in variants_input()) {
        targets::variants(&bytes);
    }
}

#[cfg(all(unix, feature = "cli"))]
proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn the_programs_keep_within_their_budget(bytes in cli_input()) {
        cli(&bytes);
    }
}

#[cfg(feature = "mapgen")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_generator_configurations_generate_or_refuse(
        bytes in prop::collection::vec(any::<u8>(), 0..32),
    ) {
        targets::generate(&bytes);
    }
}

/// The generator's target is no string of refusals: of fixed pseudo-random
/// inputs, a fair share give a puzzle.
#[cfg(feature = "mapgen")]
#[test]
fn generator_inputs_often_generate() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut generated = 0;
    for _ in 0..100 {
        let bytes: Vec<u8> = (0..24)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        generated += usize::from(targets::generate(&bytes));
    }
    assert!(generated >= 20, "{generated} of 100 generated");
}

/// Every target on random inputs for a while, from a seed that changes from
/// run to run (see the module's doc).
#[test]
#[expect(
    clippy::print_stderr,
    reason = "the seed and the rate are what a reader of the log needs"
)]
fn fuzz_for_a_while() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    use std::time::{Instant, SystemTime};

    let number = |name: &str| std::env::var(name).ok().map(|v| v.parse::<u64>().unwrap());
    let seconds = number("DRAGON_ESCAPE_FUZZ_SECONDS").unwrap_or(5);
    let seed = number("DRAGON_ESCAPE_FUZZ_SEED").unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap();
        now.as_nanos() as u64
    });
    eprintln!("fuzzing for {seconds} s from DRAGON_ESCAPE_FUZZ_SEED={seed}");
    let mut key = [0; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &key);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let mut draw =
        |strategy: &BoxedStrategy<Vec<u8>>| strategy.new_tree(&mut runner).unwrap().current();
    let pieces = pieces();
    let mutated = (
        any::<prop::sample::Index>(),
        prop::collection::vec(edit(), 0..6),
    )
        .prop_map({
            let pieces = pieces.clone();
            move |(seed, edits)| apply(seed.get(seeds()).clone(), &edits, &pieces)
        })
        .boxed();
    let tokens = prop::collection::vec(any::<prop::sample::Index>(), 0..40)
        .prop_map(move |t| t.iter().flat_map(|t| t.get(&pieces).clone()).collect())
        .boxed();
    let with_settings = |map: BoxedStrategy<Vec<u8>>| {
        (any::<[u8; 2]>(), map)
            .prop_map(|(settings, map)| {
                let mut bytes = settings.to_vec();
                bytes.extend(map);
                bytes
            })
            .boxed()
    };
    let small = with_settings(
        crate::support::random::small_map(6)
            .prop_map(String::into_bytes)
            .boxed(),
    );
    let mutated_settings = with_settings(mutated.clone());
    #[cfg(feature = "mapgen")]
    let config = prop::collection::vec(any::<u8>(), 0..32).boxed();
    let long = long_input(256 << 10);
    let variants = variants_input();
    #[cfg(all(unix, feature = "cli"))]
    let programs = cli_input();

    let (started, limit) = (Instant::now(), Duration::from_secs(seconds));
    // parse (mutated, tokens, long), solve (small, mutated), generate,
    // variants, programs.
    let mut inputs = [0u64; 8];
    let mut reach = Reach::default();
    // The small inputs and the large ones (a long input, a map with many
    // pieces, a program's run) share the time about equally: the large
    // ones take a round's slice when they have had less than the small.
    let (mut small_time, mut large_time) = (Duration::ZERO, Duration::ZERO);
    let mut large = 0u64;
    while started.elapsed() < limit {
        let round = Instant::now();
        for _ in 0..16 {
            targets::parse(&draw(&mutated));
            targets::parse(&draw(&tokens));
            targets::solve(&draw(&small));
            targets::solve(&draw(&mutated_settings));
            inputs[0] += 1;
            inputs[1] += 1;
            inputs[3] += 1;
            inputs[4] += 1;
            #[cfg(feature = "mapgen")]
            if inputs[5] < inputs[0] / 16 {
                targets::generate(&draw(&config));
                inputs[5] += 1;
            }
        }
        small_time += round.elapsed();
        while large_time < small_time {
            let round = Instant::now();
            match large % 3 {
                0 => {
                    let bytes = draw(&long);
                    reach.line = reach.line.max(bytes.len());
                    targets::parse(&bytes);
                    inputs[2] += 1;
                }
                1 => {
                    let bytes = draw(&variants);
                    reach.map(&bytes[2..]);
                    targets::variants(&bytes);
                    inputs[6] += 1;
                }
                _ => {
                    #[cfg(all(unix, feature = "cli"))]
                    {
                        let bytes = draw(&programs);
                        reach.program(&bytes, cli(&bytes));
                        inputs[7] += 1;
                    }
                }
            }
            large += 1;
            large_time += round.elapsed();
        }
    }
    let took = started.elapsed().as_secs_f64();
    let total: u64 = inputs.iter().sum();
    eprintln!(
        "{total} inputs in {took:.1} s ({:.0} a second): parse {} + {} + {} long, \
         solve {} + {}, generate {}, variants {}, programs under a cap {}",
        total as f64 / took,
        inputs[0],
        inputs[1],
        inputs[2],
        inputs[3],
        inputs[4],
        inputs[5],
        inputs[6],
        inputs[7]
    );
    eprintln!("reached: {reach}");
    assert!(total > 0);
}

/// What the slower targets' inputs reached in a run.
#[derive(Debug, Default)]
struct Reach {
    /// The most tiles of a map the variants solved.
    tiles: usize,
    /// The most dragons, keys and doors on one map.
    pieces: [usize; 3],
    /// The longest input read whole (bytes).
    line: usize,
    /// The longest input given to a program (bytes), the longest run, and
    /// the runs whose search went over the budget (see [`in_the_search`])
    /// and by how much at most.
    program: usize,
    slowest: Duration,
    search_overshoots: usize,
    most_over: usize,
}

impl Reach {
    /// Notes the map `bytes`, if it reads.
    fn map(&mut self, bytes: &[u8]) {
        if let Ok(puzzle) = Puzzle::parse(bytes) {
            self.tiles = self.tiles.max(puzzle.width() * puzzle.height());
            let counts = [
                puzzle.dragons().len(),
                puzzle.keys().len(),
                puzzle.doors().len(),
            ];
            for (most, count) in self.pieces.iter_mut().zip(counts) {
                *most = (*most).max(count);
            }
        }
    }

    /// Notes a program's input `bytes` and run.
    #[cfg(all(unix, feature = "cli"))]
    fn program(&mut self, bytes: &[u8], ran: Ran) {
        self.program = self.program.max(bytes.len());
        self.slowest = self.slowest.max(ran.took);
        self.search_overshoots += usize::from(ran.search_overshoot);
        self.most_over = self.most_over.max(ran.over);
    }
}

use std::time::Duration;

impl std::fmt::Display for Reach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [dragons, keys, doors] = self.pieces;
        write!(
            f,
            "maps of up to {} tiles with up to {dragons} dragons, {keys} keys and {doors} doors; \
             long inputs of up to {} bytes; programs on inputs of up to {} bytes, the slowest \
             run {:.1} s; {} whose search went over the budget, by up to {} MiB (kept in {})",
            self.tiles,
            self.line,
            self.program,
            self.slowest.as_secs_f64(),
            self.search_overshoots,
            self.most_over >> 20,
            std::env::temp_dir().display()
        )
    }
}
