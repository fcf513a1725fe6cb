//! Every shipped example against its recorded answers
//! (`examples/mazes/expected.tsv`, and `expected-variants.tsv` under rule
//! variants).

use std::path::{Path, PathBuf};

use dragon_escape::{Options, OracleKind, Outcome, Puzzle, Rules, Speed, Ties, solve};

use crate::support::brute::{Answer, Brute, Mode};
use crate::support::check::line_text;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mazes")
}

/// One line of a table: a map, the variant part of the rules, and the
/// answers `[default, adversarial, optimistic]`.
struct Expected {
    file: String,
    speed: Speed,
    wait: bool,
    answers: [String; 3],
}

/// The official rules' table and the variants' table together.
fn expected() -> Vec<Expected> {
    let mut lines = table("expected.tsv", false);
    lines.extend(table("expected-variants.tsv", true));
    lines
}

/// The lines of `name`; with `variants`, the second column gives the rules
/// as `key=value` pairs and bare flags joined by commas (`dragon-speed=N`,
/// `wait`).
fn table(name: &str, variants: bool) -> Vec<Expected> {
    let text = std::fs::read_to_string(folder().join(name)).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f: Vec<&str> = l.split('\t').collect();
            let mut speed = Speed::default();
            let mut wait = false;
            if variants {
                assert_eq!(f.len(), 5, "bad line in {name}: {l}");
                for pair in f.remove(1).split(',') {
                    match pair.split_once('=') {
                        Some(("dragon-speed", n)) => speed = n.parse().unwrap(),
                        None if pair == "wait" => wait = true,
                        _ => panic!("unknown rule '{pair}' in {name}: {l}"),
                    }
                }
            }
            assert_eq!(f.len(), 4, "bad line in {name}: {l}");
            Expected {
                file: f[0].to_owned(),
                speed,
                wait,
                answers: [f[1], f[2], f[3]].map(str::to_owned),
            }
        })
        .collect()
}

fn written(outcome: Outcome) -> String {
    match outcome {
        Outcome::Escaped { steps } => steps.to_string(),
        other => other.name().to_owned(),
    }
}

const MODES: [Ties; 3] = [
    Ties::Priority(dragon_escape::Priority::OFFICIAL),
    Ties::Adversarial,
    Ties::Optimistic,
];

#[test]
fn every_example_has_its_recorded_answer() {
    for Expected {
        file,
        speed,
        wait,
        answers,
    } in expected()
    {
        let bytes = std::fs::read(folder().join(&file)).unwrap();
        let puzzle = Puzzle::parse(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (ties, want) in MODES.into_iter().zip(&answers) {
            let options = Options::default().with_rules(
                Rules::default()
                    .with_ties(ties)
                    .with_speed(speed)
                    .with_wait(wait),
            );
            let got = solve(&puzzle, &options).unwrap();
            assert_eq!(
                &written(got.outcome),
                want,
                "{file}, {} ties, dragon speed {speed}, waiting {wait}",
                ties.name()
            );
        }
    }
}

#[test]
fn small_examples_agree_with_brute_force_and_the_reference_oracle() {
    for Expected {
        file,
        speed,
        wait,
        answers,
    } in expected()
    {
        let bytes = std::fs::read(folder().join(&file)).unwrap();
        let puzzle = Puzzle::parse(&bytes).unwrap();
        if puzzle.width() * puzzle.height() > 150 {
            continue;
        }
        let brute = Brute::from_ascii(&puzzle.to_ascii())
            .at_speed(speed.steps() as usize)
            .with_wait(wait);
        let modes = [
            Mode::Priority([0, 1, 2, 3]),
            Mode::Adversarial,
            Mode::Optimistic,
        ];
        for ((ties, mode), want) in MODES.into_iter().zip(modes).zip(&answers) {
            let brute_says = match brute.solve(mode) {
                Answer::Escaped(n) => n.to_string(),
                Answer::NoPath => "no_path".into(),
                Answer::Caught => "caught".into(),
            };
            assert_eq!(
                &brute_says,
                want,
                "{file}: brute force, {} ties, dragon speed {speed}, waiting {wait}",
                ties.name()
            );
            let reference = Options::default()
                .with_rules(
                    Rules::default()
                        .with_ties(ties)
                        .with_speed(speed)
                        .with_wait(wait),
                )
                .with_oracle(OracleKind::FloydWarshall);
            assert_eq!(
                &written(solve(&puzzle, &reference).unwrap().outcome),
                want,
                "{file}, dragon speed {speed}, waiting {wait}"
            );
        }
    }
}

/// The record boards of the hard-puzzle search (`examples/records`,
/// docs/RECORDS.md) each have a line in one of the tables, named
/// `../records/FILE`.
#[test]
fn every_record_board_is_in_a_table() {
    let listed: Vec<String> = expected().into_iter().map(|e| e.file).collect();
    let records = folder().join("../records");
    let mut count = 0;
    for entry in std::fs::read_dir(records).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".txt") {
            count += 1;
            let line = format!("../records/{name}");
            assert!(listed.contains(&line), "{name} has no line in a table");
        }
    }
    assert!(count > 0, "no record boards");
}

#[test]
fn every_map_file_is_in_the_table() {
    let listed: Vec<String> = table("expected.tsv", false)
        .into_iter()
        .map(|e| e.file)
        .collect();
    for entry in std::fs::read_dir(folder()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".txt") {
            assert!(listed.contains(&name), "{name} has no line in expected.tsv");
        }
    }
}

/// The hand-checked line of `examples/mazes/README.md` for the faster
/// dragon: one step up lures it over the top of the ring.
#[test]
fn the_fast_dragon_example_plays_as_the_readme_says() {
    let bytes = std::fs::read(folder().join("fast-dragon.txt")).unwrap();
    let puzzle = Puzzle::parse(&bytes).unwrap();
    let options = Options::default().with_rules(Rules::default().with_speed("2".parse().unwrap()));
    let solution = solve(&puzzle, &options).unwrap();
    let line = line_text(&solution);
    assert_eq!(
        line,
        [
            "Up (2,3) dragon (3,1)",
            "Down (3,3) dragon (1,1)",
            "Down (4,3) dragon (1,3)",
            "Down (5,3) dragon (3,3)",
            "Down (6,3) dragon (3,3)",
        ]
    );
}

/// The hand-checked lines of `examples/mazes/README.md` for waiting: caught
/// without it; with it, Wait, Up by the default order, and an endless chase
/// against the adversarial dragon.
#[test]
fn the_waiting_example_plays_as_the_readme_says() {
    let bytes = std::fs::read(folder().join("waiting.txt")).unwrap();
    let puzzle = Puzzle::parse(&bytes).unwrap();
    let with = |ties, wait| {
        Options::default().with_rules(Rules::default().with_ties(ties).with_wait(wait))
    };
    for ties in MODES {
        let stuck = solve(&puzzle, &with(ties, false)).unwrap();
        assert!(stuck.outcome.is_caught());
        assert!(
            stuck.turns.is_empty(),
            "{ties:?}: no legal step at the start"
        );
    }
    let solution = solve(&puzzle, &with(Ties::default(), true)).unwrap();
    let line = line_text(&solution);
    assert_eq!(line, ["Wait (2,2) dragon (2,1)", "Up (1,2) dragon (2,1)"]);
    let chase = solve(&puzzle, &with(Ties::Adversarial, true)).unwrap();
    assert!(chase.outcome.is_caught());
    assert!(chase.endless());
    assert_eq!(
        (chase.turns[0].step, chase.turns[0].dragon),
        (dragon_escape::Move::Wait, puzzle.exit())
    );
}

/// Every turn of `solution` as `Move (hero) dragons (a) (b)…`, all dragons
/// in row-major order, and `key N` while the hero holds keys.
fn variant_line(solution: &dragon_escape::Solution) -> Vec<String> {
    let at = |p: dragon_escape::Pos| format!("({},{})", p.row, p.col);
    solution
        .turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let pieces = solution.pieces_after(i + 1);
            let dragons: Vec<String> = std::iter::once(turn.dragon)
                .chain(pieces.others.iter())
                .map(at)
                .collect();
            let keys = match pieces.locks.held() {
                0 => String::new(),
                n => format!(" keys {n}"),
            };
            format!(
                "{} {} dragons {}{keys}",
                turn.step,
                at(turn.hero),
                dragons.join(" ")
            )
        })
        .collect()
}

/// The hand-checked lines of `examples/mazes/README.md` for several dragons
/// and for keys and doors, in every tie mode (every dragon step in them is
/// the only shortest one).
#[test]
fn the_variant_examples_play_as_the_readme_says() {
    let lines: [(&str, &[&str]); 2] = [
        (
            "two-dragons.txt",
            &[
                "Right (0,2) dragons (0,4) (2,3)",
                "Left (0,1) dragons (0,3) (1,3)",
                "Left (0,0) dragons (0,2) (0,3)",
                "Down (1,0) dragons (0,1) (0,2)",
                "Down (2,0) dragons (0,0) (0,1)",
                "Right (2,1) dragons (0,0) (1,0)",
                "Right (2,2) dragons (1,0) (2,0)",
                "Right (2,3) dragons (2,0) (2,1)",
                "Up (1,3) dragons (2,1) (2,2)",
                "Up (0,3) dragons (2,1) (2,2)",
            ],
        ),
        (
            "key-and-door.txt",
            &[
                "Right (2,1) dragons (0,2)",
                "Right (2,2) dragons (1,2) keys 1",
                "Left (2,1) dragons (2,2) keys 1",
                "Left (2,0) dragons (2,1) keys 1",
                "Up (1,0) dragons (2,0)",
                "Up (0,0) dragons (1,0)",
                "Right (0,1) dragons (0,0)",
                "Right (0,2) dragons (0,1)",
                "Down (1,2) dragons (0,1)",
            ],
        ),
    ];
    for (file, expected) in lines {
        let bytes = std::fs::read(folder().join(file)).unwrap();
        let puzzle = Puzzle::parse(&bytes).unwrap();
        for ties in MODES {
            let options = Options::default().with_rules(Rules::default().with_ties(ties));
            let solution = solve(&puzzle, &options).unwrap();
            assert_eq!(variant_line(&solution), expected, "{file} {ties:?}");
        }
    }
    // The door opened on the fifth move stays open.
    let puzzle = Puzzle::parse(&std::fs::read(folder().join("key-and-door.txt")).unwrap()).unwrap();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    let opened: Vec<u16> = (1..=9)
        .map(|i| solution.pieces_after(i).locks.opened)
        .collect();
    assert_eq!(opened, [0, 0, 0, 0, 1, 1, 1, 1, 1]);
}
