//! Every shipped example against its recorded answers (`examples/mazes/expected.tsv`).

use std::path::{Path, PathBuf};

use dragon_escape::{Options, OracleKind, Outcome, Puzzle, Rules, Ties, solve};

use crate::support::brute::{Answer, Brute, Mode};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mazes")
}

/// `(file, [default, adversarial, optimistic])` from the table.
fn expected() -> Vec<(String, [String; 3])> {
    let table = std::fs::read_to_string(folder().join("expected.tsv")).unwrap();
    table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad line in expected.tsv: {l}");
            (f[0].to_owned(), [f[1], f[2], f[3]].map(str::to_owned))
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
    for (file, answers) in expected() {
        let bytes = std::fs::read(folder().join(&file)).unwrap();
        let puzzle = Puzzle::parse(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (ties, want) in MODES.into_iter().zip(&answers) {
            let options = Options {
                rules: Rules {
                    ties,
                    ..Rules::default()
                },
                ..Options::default()
            };
            let got = solve(&puzzle, &options).unwrap();
            assert_eq!(&written(got.outcome), want, "{file}, {} ties", ties.name());
        }
    }
}

#[test]
fn small_examples_agree_with_brute_force_and_the_reference_oracle() {
    for (file, answers) in expected() {
        let bytes = std::fs::read(folder().join(&file)).unwrap();
        let puzzle = Puzzle::parse(&bytes).unwrap();
        if puzzle.width() * puzzle.height() > 150 {
            continue;
        }
        let brute = Brute::from_ascii(&puzzle.to_ascii());
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
                "{file}: brute force, {} ties",
                ties.name()
            );
            let reference = Options {
                rules: Rules {
                    ties,
                    ..Rules::default()
                },
                oracle: OracleKind::FloydWarshall,
                ..Options::default()
            };
            assert_eq!(
                &written(solve(&puzzle, &reference).unwrap().outcome),
                want,
                "{file}"
            );
        }
    }
}

#[test]
fn every_map_file_is_in_the_table() {
    let listed: Vec<String> = expected().into_iter().map(|(f, _)| f).collect();
    for entry in std::fs::read_dir(folder()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".txt") {
            assert!(listed.contains(&name), "{name} has no line in expected.tsv");
        }
    }
}
