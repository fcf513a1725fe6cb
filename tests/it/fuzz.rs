//! A fuzz-like property test of the map reader, bounded in cases so it
//! takes seconds: the example maps, as grids and as JSON matrices, with
//! random bytes flipped, inserted, deleted or cut off, and random
//! JSON-shaped token strings. Reading never panics, and a map that reads is
//! written back and read again to the same puzzle; small ones solve within
//! a small budget, which may run out but never panics.

use proptest::prelude::*;

use dragon_escape::{Error, Options, Puzzle, Solver, Tile};

/// The example maps as bytes, in both forms, read once.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(read_seeds)
}

fn read_seeds() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mazes");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
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

/// Reads `bytes`; a map that reads must survive a round trip, and a small
/// one a solve within a small budget.
fn check_reading(bytes: &[u8]) -> Result<(), TestCaseError> {
    let Ok(puzzle) = Puzzle::parse(bytes) else {
        return Ok(());
    };
    let again = Puzzle::parse(puzzle.to_ascii().as_bytes()).unwrap();
    prop_assert_eq!(&again, &puzzle);
    if puzzle.width() * puzzle.height() <= 400 {
        let options = Options {
            max_memory: 1 << 20,
            ..Options::default()
        };
        match Solver::within(&puzzle, options.max_memory).and_then(|s| s.solve(&options)) {
            Ok(_) | Err(Error::TooLarge { .. }) => {}
            Err(e) => prop_assert!(false, "a map that reads failed to solve: {e}"),
        }
    }
    Ok(())
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
}
