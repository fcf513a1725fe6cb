//! The parser's tests: the grid and JSON forms agree, errors name their
//! line and column (the first in reading order), and the fast path for
//! plain lines reads as the general one.

use super::*;
use proptest::prelude::*;

fn err(input: &str) -> Error {
    parse(input.as_bytes()).unwrap_err()
}

fn err_bytes(input: &[u8]) -> Error {
    parse(input).unwrap_err()
}

#[test]
fn location_counts_chars() {
    assert_eq!(
        location_of("ab\n🟫x".as_bytes(), 7),
        Location { line: 2, column: 2 }
    );
}

#[test]
fn grid_and_json_agree() {
    let grid = "🟫🏃🟫\n🟩🐉❎\n";
    let json = r#"[["🟫","🏃","🟫"],["🟩","🐉","❎"]]"#;
    let escaped = r##"[["\ud83d\udfeb","H","#"],[".","D","E"]]"##;
    let a = parse(grid.as_bytes()).unwrap();
    assert_eq!(a, parse(json.as_bytes()).unwrap());
    assert_eq!(a, parse(escaped.as_bytes()).unwrap());
}

/// A map saved as UTF-16, with or without its byte-order mark, is named
/// as such; a map in UTF-8 with the same symbols is read.
#[test]
fn utf16_is_named() {
    let map = "#HDE.\n";
    let utf16 = |big: bool, bom: bool| -> Vec<u8> {
        let units = bom.then_some(0xFEFF).into_iter().chain(map.encode_utf16());
        units
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect()
    };
    for big in [false, true] {
        for bom in [false, true] {
            assert_eq!(err_bytes(&utf16(big, bom)), Error::Utf16, "{big} {bom}");
        }
    }
    assert!(parse(map.as_bytes()).is_ok());
    // Zero bytes elsewhere are symbols no map uses, in their place.
    assert!(matches!(err_bytes(b"#\0\0H"), Error::UnknownSymbol { .. }));
}

#[test]
fn json_errors_are_located() {
    assert_eq!(
        err("[[\"H\",\n \"x\"]]").location(),
        Some(Location { line: 2, column: 2 })
    );
    assert!(matches!(err("[[\"H\" \"D\"]]"), Error::Json { .. }));
    assert!(matches!(err("[[\"H\"]] x"), Error::Json { .. }));
    assert!(matches!(err("[[\"\\ud83d\"]]"), Error::Json { .. }));
    assert!(matches!(err("[[\"HD\"]]"), Error::UnknownSymbol { .. }));
    // An empty cell is named as one, not as an empty quote.
    assert_eq!(
        err("[[\"#\",\"H\",\"E\"],\n[\"#\",\"D\",\"\"]]"),
        Error::UnknownSymbol {
            at: Location {
                line: 2,
                column: 10
            },
            symbol: "'' (an empty cell)".into()
        }
    );
    assert_eq!(err("[]"), Error::Empty);
    assert_eq!(err("[[],[]]"), Error::Empty);
}

#[test]
fn ragged_rows_say_where() {
    let e = err("HDE.\n..\n");
    assert_eq!(
        e,
        Error::RaggedRow {
            at: Location { line: 2, column: 3 },
            row: 2,
            len: 2,
            expected: 4
        }
    );
    let e = err("HDE\n....\n");
    assert_eq!(e.location(), Some(Location { line: 2, column: 4 }));
}

#[test]
fn the_first_problem_in_reading_order_wins() {
    // A JSON syntax error beats a bad cell before it.
    assert!(matches!(
        err("[[\"x\"], [\"H\" \"D\"]]"),
        Error::Json { .. }
    ));
    // Invalid UTF-8 beats everything, wherever it is.
    let mut bytes = b"#x#\n#H#\n".to_vec();
    bytes.push(0xFF);
    assert_eq!(
        parse(&bytes).unwrap_err(),
        Error::InvalidUtf8 {
            at: Location { line: 3, column: 1 }
        }
    );
    // A long row counts all its symbols, even unknown ones past the end.
    assert_eq!(
        err("HD\n.E.x\n"),
        Error::RaggedRow {
            at: Location { line: 2, column: 3 },
            row: 2,
            len: 4,
            expected: 2
        }
    );
    // A blank line inside the map is a short row; around it, nothing.
    assert_eq!(parse(b"\n \r\nHDE\n\n\t\n").unwrap().height(), 1);
    assert_eq!(
        err("HDE\n\n...\n").location(),
        Some(Location { line: 2, column: 1 })
    );
}

/// A line whose plain symbols give way to something else is read on
/// from its last plain symbol, which what follows may continue.
#[test]
fn a_plain_line_hands_its_rest_to_the_general_path() {
    for map in [
        "#H\u{1F3FD}#\n#D.E\n",
        "#🏃\u{1F3FD}\u{200d}\u{2640}#\n#D.E\n",
        "#H.\u{200d}#\n#D.E\n",
        "#HD  E\n",
        "HDE \t\u{3000}\n",
        "HDE\u{fe0f}\u{fe0f}x\n",
        "#.\u{fe0f}H\u{1F3FB}DE\n",
        "HDE.\n...\u{1F3FB}\n",
    ] {
        let fast = parse_with(map.as_bytes(), true);
        let general = parse_with(map.as_bytes(), false);
        assert_eq!(fast, general, "{map:?}");
    }
    assert_eq!(
        err("HDE.\n..x.\n"),
        Error::UnknownSymbol {
            at: Location { line: 2, column: 3 },
            symbol: "'x' (U+0078)".into()
        }
    );
}

/// Cell spellings by tile: the plain ones first, then ones that only
/// the general path reads.
const WALLS: &[&str] = &["#", "🟫", "🟫\u{fe0f}", "#\u{fe0e}"];
const FREE: &[&str] = &[".", "🟩", "🟩\u{fe0f}\u{fe0e}"];
const HEROES: &[&str] = &["H", "🏃", "🏃\u{1F3FD}", "🏃\u{200d}\u{2640}\u{fe0f}"];
const DRAGONS: &[&str] = &["D", "🐉\u{fe0f}", "🐉\u{1F3FB}"];
const EXITS: &[&str] = &["E", "❎", "❎\u{fe0f}"];
/// Things that do not belong in a row.
const NOISE: &[&str] = &[
    "x",
    " ",
    "\u{3000}",
    "\u{fe0f}",
    "🟨",
    "H\u{1F3FB}",
    "\r",
    "\"",
];
const LINE_ENDS: &[&str] = &[
    "\n",
    "\r\n",
    " \n",
    "\t\r\n",
    "\x0B\x0C\n",
    "\u{3000}\n",
    "\n\n",
];

/// A map in the grid or JSON form that mixes every kind of spelling,
/// sometimes with noise, a ragged row or a corrupted byte.
fn mixed_map() -> impl Strategy<Value = Vec<u8>> {
    let index = || any::<prop::sample::Index>();
    (
        (1..5usize, 3..6usize, any::<bool>()),
        prop::collection::vec((index(), index()), 20),
        prop::collection::vec(index(), 3),
        prop::collection::vec(index(), 4),
        prop::option::weighted(0.3, (index(), index(), index())),
        prop::option::weighted(0.2, (index(), any::<bool>())),
        prop::option::weighted(0.05, (index(), any::<u8>())),
    )
        .prop_map(
            |((h, w, json), cells, pieces, ends, noise, ragged, corrupt)| {
                let mut rows: Vec<Vec<&str>> = (0..h)
                    .map(|r| {
                        let row = cells[r * 5..][..w].iter();
                        row.map(|(kind, spelling)| {
                            let kind = [WALLS, FREE][kind.index(2)];
                            kind[spelling.index(kind.len())]
                        })
                        .collect()
                    })
                    .collect();
                let mut free: Vec<usize> = (0..h * w).collect();
                for (i, kind) in [HEROES, DRAGONS, EXITS].into_iter().enumerate() {
                    let at = free.remove(pieces[i].index(free.len()));
                    rows[at / w][at % w] = kind[pieces[i].index(kind.len())];
                }
                if let Some((row, col, what)) = noise {
                    // Often at the end of a row, where blanks are trimmed.
                    let row = &mut rows[row.index(h)];
                    let at = col.index(2 * row.len() + 2).min(row.len());
                    row.insert(at, NOISE[what.index(NOISE.len())]);
                }
                if let Some((row, longer)) = ragged {
                    let row = &mut rows[row.index(h)];
                    if longer {
                        row.push("#")
                    } else {
                        row.pop();
                    }
                }
                let mut text = String::new();
                if json {
                    let quoted: Vec<String> = rows
                        .iter()
                        .map(|row| {
                            let cells: Vec<String> =
                                row.iter().map(|c| format!("\"{c}\"")).collect();
                            format!("[{}]", cells.join(","))
                        })
                        .collect();
                    text = format!("[{}]", quoted.join(",\n "));
                } else {
                    for (r, row) in rows.iter().enumerate() {
                        text.extend(row.iter().copied());
                        text.push_str(LINE_ENDS[ends[r].index(LINE_ENDS.len())]);
                    }
                }
                let mut bytes = text.into_bytes();
                if let Some((at, byte)) = corrupt {
                    let at = at.index(bytes.len());
                    bytes[at] = byte;
                }
                bytes
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// The plain fast path changes nothing: with it and without it, a
    /// map reads as the same puzzle or fails with the same error.
    #[test]
    fn the_fast_path_reads_as_the_general_path(map in mixed_map()) {
        let fast = parse_with(&map, true);
        let general = parse_with(&map, false);
        prop_assert_eq!(fast, general, "{:?}", String::from_utf8_lossy(&map));
    }
}
