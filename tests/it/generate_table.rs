//! Placement from a whole-map table (`Strategy::Table`): the start it
//! picks has the longest escape of every start of the maze, as the forward
//! solver finds solving each one; the same seed gives the same puzzle; a
//! maze whose table does not fit falls back to the candidate loop.

use dragon_escape::mapgen::{Config, Placement, Strategy, generate};
use dragon_escape::{Options, Pos, Puzzle, Solver};

fn by_table(width: usize, height: usize) -> Config {
    let mut config = Config::new(width, height);
    config.search.strategy = Strategy::Table;
    config
}

/// The longest escape of `puzzle`'s map under `config`'s rules over every
/// start the generator may pick: the hero on any free tile but the exit,
/// the dragon on any free tile but the exit, not on or next to the hero;
/// each start solved by the forward solver.
fn longest_of_every_start(puzzle: &Puzzle, config: &Config) -> usize {
    let options = Options::default().with_rules(config.rules());
    let free: Vec<Pos> = (0..puzzle.height())
        .flat_map(|row| (0..puzzle.width()).map(move |col| Pos::new(row, col)))
        .filter(|p| !puzzle.walls()[p.row * puzzle.width() + p.col] && *p != puzzle.exit())
        .collect();
    let mut longest = 0;
    for &hero in &free {
        for &dragon in free.iter().filter(|d| !d.touches(hero)) {
            let start = Puzzle::new(
                puzzle.width(),
                puzzle.height(),
                puzzle.walls().to_vec(),
                hero,
                dragon,
                puzzle.exit(),
            )
            .unwrap();
            let solved = Solver::new(&start).solve(&options).unwrap();
            if let Some(moves) = solved.outcome.steps() {
                longest = longest.max(moves);
            }
        }
    }
    longest
}

#[test]
fn the_table_places_the_longest_escape_of_every_start() {
    for seed in 0..6 {
        let mut config = by_table(3 + seed as usize % 3, 3 + seed as usize % 2);
        match seed {
            4 => config.speed = "2".parse().unwrap(),
            5 => config.wait = true,
            _ => {}
        }
        let generated = generate(&config, seed).unwrap();
        assert!(
            matches!(generated.placement, Placement::Table { .. }),
            "seed {seed}: {:?}",
            generated.placement
        );
        let puzzle = &generated.puzzle;
        let options = Options::default().with_rules(config.rules());
        let placed = Solver::new(puzzle).solve(&options).unwrap().outcome;
        assert_eq!(
            placed.steps(),
            Some(longest_of_every_start(puzzle, &config)),
            "seed {seed}\n{}",
            puzzle.to_ascii()
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_table_placement() {
    let config = by_table(6, 5);
    let ascii = |seed| generate(&config, seed).unwrap().puzzle.to_ascii();
    assert_eq!(ascii(3), ascii(3));
    assert_ne!(ascii(3), ascii(4));
    let mut two = by_table(5, 4);
    two.dragons = 2;
    let ascii = |seed| generate(&two, seed).unwrap().puzzle.to_ascii();
    assert_eq!(ascii(7), ascii(7));
}

/// A budget that holds the maze and its solves but not its table: the
/// candidates of `Strategy::Both` place the pieces, and the generated
/// puzzle says why.
#[test]
fn a_table_over_the_budget_falls_back_to_the_candidates() {
    let mut config = by_table(30, 30);
    config.max_memory = 4 << 20;
    let generated = generate(&config, 1).unwrap();
    match &generated.placement {
        Placement::TooLarge { why } => assert!(why.contains("budget"), "{why}"),
        other => panic!("expected the candidates, got {other:?}"),
    }
    let mut both = config;
    both.search.strategy = Strategy::Both;
    let loop_made = generate(&both, 1).unwrap();
    assert_eq!(loop_made.puzzle, generated.puzzle);
}

/// `generate-maze --search table` says when the maze's table did not fit
/// and the candidates placed the pieces.
#[cfg(feature = "cli")]
#[test]
fn the_command_line_says_when_the_table_did_not_fit() {
    use predicates::prelude::*;
    let run = |memory: &str| {
        assert_cmd::Command::cargo_bin("generate-maze")
            .unwrap()
            .args(["-W", "30", "-H", "30", "--seed", "1", "--search", "table"])
            .args(["--max-memory", memory])
            .assert()
            .success()
    };
    run("4M").stderr(
        predicate::str::contains("the candidates of --search both placed the pieces")
            // The budget named is the table's share, said to be one.
            .and(predicate::str::contains("the memory budget leaves it")),
    );
    run("4G").stderr("");
}

/// With `--dragon`, the table places the hero around the dragon given.
#[cfg(feature = "cli")]
#[test]
fn the_table_places_the_hero_around_a_given_dragon() {
    let out = assert_cmd::Command::cargo_bin("generate-maze")
        .unwrap()
        .args(["-W", "6", "-H", "5", "--dragon", "2,2", "--search", "table"])
        .args(["--seed", "1", "--notation", "ascii"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let puzzle = Puzzle::parse(&out.stdout).unwrap();
    assert_eq!(puzzle.dragon(), Pos::new(5, 5));
}
