//! The fuzz targets (`fuzz/src/lib.rs`, run by cargo-fuzz on nightly) on
//! stable, bounded in cases so they take seconds: the example maps and the
//! saved regression inputs (`fuzz/regressions/<target>/`), as grids and as
//! JSON matrices, with random bytes flipped, inserted, deleted or cut off;
//! random JSON-shaped token strings; random small maps for the solver and
//! random bytes for the generator's configuration.
//!
//! `fuzz_for_a_while` runs all the targets on such inputs for a fixed time
//! (`DRAGON_ESCAPE_FUZZ_SECONDS`, 5 by default; CI gives it 60) from a new
//! seed each run, printed so a failure can be replayed with
//! `DRAGON_ESCAPE_FUZZ_SEED`.

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

/// Every saved regression input passes its target again.
#[test]
fn regression_inputs_pass_their_targets() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut count = 0;
    for (target, run) in [
        ("parse", targets::parse as fn(&[u8])),
        ("solve", targets::solve),
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
    use std::time::{Duration, Instant, SystemTime};

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

    let (started, limit) = (Instant::now(), Duration::from_secs(seconds));
    let mut inputs = [0u64; 5];
    while started.elapsed() < limit {
        for _ in 0..16 {
            targets::parse(&draw(&mutated));
            targets::parse(&draw(&tokens));
            targets::solve(&draw(&small));
            targets::solve(&draw(&mutated_settings));
            inputs[..4].iter_mut().for_each(|n| *n += 1);
            #[cfg(feature = "mapgen")]
            if inputs[4] < inputs[0] / 16 {
                targets::generate(&draw(&config));
                inputs[4] += 1;
            }
        }
    }
    let took = started.elapsed().as_secs_f64();
    let total: u64 = inputs.iter().sum();
    eprintln!(
        "{total} inputs in {took:.1} s ({:.0} a second): parse {} + {}, solve {} + {}, generate {}",
        total as f64 / took,
        inputs[0],
        inputs[1],
        inputs[2],
        inputs[3],
        inputs[4]
    );
    assert!(total > 0);
}
