//! The generator: perfect mazes from every algorithm, braiding, puzzles that
//! meet their knobs (checked against the brute-force solver), reproducible
//! bytes, and the `generate-maze` command line.

use std::collections::{HashSet, VecDeque};

use dragon_escape::mapgen::{
    Algorithm, Bias, Config, Difficulty, Endpoints, GenerateError, Knobs, Maze, Tuning, braid,
    generate,
};
use dragon_escape::{Direction, Options, Outcome, Puzzle, Rules, Solver, Ties};

use crate::support::brute::{Answer, Brute, Cell, DIRS, Mode};

/// A spread of sizes, including one-cell-wide and one-cell-high mazes.
fn sizes(seed: u64) -> (usize, usize) {
    let w = 1 + (seed * 7 % 13) as usize;
    let h = 1 + (seed * 5 % 9) as usize;
    (w, h)
}

fn tunings() -> Vec<Tuning> {
    let mut all = vec![Tuning::default()];
    for (bias, newest) in [
        ("south=1,west=3", 0),
        ("north=5,west=1", 100),
        ("s=2,e=1", 25),
    ] {
        all.push(Tuning {
            bias: bias.parse::<Bias>().unwrap(),
            newest,
        });
    }
    all
}

#[test]
fn every_algorithm_draws_perfect_mazes() {
    for algorithm in Algorithm::ALL {
        for tuning in tunings() {
            for seed in 0..40 {
                let (w, h) = sizes(seed);
                let maze = algorithm.maze(w, h, &tuning, seed);
                assert!(
                    maze.is_connected(),
                    "{algorithm} {w}x{h} seed {seed}: not connected"
                );
                assert_eq!(
                    maze.passages(),
                    maze.len() - 1,
                    "{algorithm} {w}x{h} seed {seed}: has a loop"
                );
            }
        }
    }
}

#[test]
fn algorithms_differ_and_seeds_matter() {
    let draw = |a: Algorithm, seed| a.maze(12, 9, &Tuning::default(), seed).walls();
    let mut seen = HashSet::new();
    for a in Algorithm::ALL {
        assert_eq!(draw(a, 3), draw(a, 3), "{a} is not reproducible");
        assert_ne!(draw(a, 3), draw(a, 4), "{a} ignores the seed");
        seen.insert(draw(a, 3));
    }
    assert_eq!(seen.len(), Algorithm::ALL.len());
}

#[test]
fn binary_tree_follows_the_weights() {
    let tuning = Tuning {
        bias: "north=3,east=1".parse().unwrap(),
        ..Tuning::default()
    };
    let maze = Algorithm::BinaryTree.maze(200, 200, &tuning, 9);
    let (mut north, mut east) = (0.0, 0.0);
    // Cells with both choices: not in the top row, not in the east column.
    for row in 1..maze.height() {
        for col in 0..maze.width() - 1 {
            let cell = maze.cell(row, col);
            north += f64::from(u8::from(maze.is_open(cell, Direction::Up)));
            east += f64::from(u8::from(maze.is_open(cell, Direction::Right)));
        }
    }
    let ratio = north / east;
    assert!((2.7..3.3).contains(&ratio), "north/east = {ratio}");
}

#[test]
fn braiding_removes_the_requested_share_of_dead_ends() {
    for algorithm in Algorithm::ALL {
        for fraction in [0.0, 0.1, 0.25, 0.5, 0.75, 1.0] {
            for seed in 0..12 {
                let (w, h) = sizes(seed);
                let (w, h) = (w.max(2), h.max(2));
                let mut maze = algorithm.maze(w, h, &Tuning::default(), seed);
                let before = maze.dead_ends();
                let passages = maze.passages();
                let report = braid(&mut maze, fraction, seed);
                let removed = before - maze.dead_ends();
                let target = (fraction * before as f64).round() as usize;
                let case = format!("{algorithm} {w}x{h} braid {fraction} seed {seed}");
                assert_eq!(report.dead_ends_before, before, "{case}");
                assert_eq!(report.target, target, "{case}");
                assert_eq!(report.removed, removed, "{case}");
                assert!(
                    removed == target || removed == target + 1,
                    "{case}: removed {removed} of {before}, wanted {target}"
                );
                assert!(maze.is_connected(), "{case}");
                assert!(maze.passages() > passages || target == 0, "{case}");
                if fraction == 1.0 {
                    assert_eq!(maze.dead_ends(), 0, "{case}");
                }
            }
        }
    }
}

/// The puzzle as the brute-force solver's ASCII.
fn brute(puzzle: &Puzzle) -> Brute {
    Brute::from_ascii(&puzzle.to_ascii())
}

/// The least number of steps to escape without ever stepping straight back,
/// by plain breadth-first search over (hero, dragon, previous hero cell),
/// written from docs/RULES.md with the brute-force solver's helpers.
fn escape_without_back_steps(b: &Brute, limit: usize) -> Option<usize> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(b.hero, b.dragon, None::<Cell>, 0)]);
    while let Some((hero, dragon, previous, steps)) = queue.pop_front() {
        if steps == limit {
            continue;
        }
        for (dr, dc) in DIRS {
            let to = (hero.0 + dr, hero.1 + dc);
            if !b.free.contains(&to) || !b.legal(to, dragon) || Some(to) == previous {
                continue;
            }
            if to == b.exit {
                return Some(steps + 1);
            }
            for reply in b.replies(Mode::Priority([0, 1, 2, 3]), dragon, to) {
                if seen.insert((to, reply, hero)) {
                    queue.push_back((to, reply, Some(hero), steps + 1));
                }
            }
        }
    }
    None
}

/// Checks one generated puzzle against its knobs with the library's solver
/// and, for small maps, the brute-force solver.
fn check_knobs(puzzle: &Puzzle, knobs: &Knobs, case: &str) {
    let solver = Solver::new(puzzle);
    let free = solver.free_distance().expect("the exit is reachable");
    let rule = |ties| Options::default().with_rules(Rules::default().with_ties(ties));
    let steps = solver
        .solve(&Options::default())
        .unwrap()
        .outcome
        .steps()
        .unwrap_or_else(|| panic!("{case}: the hero does not escape"));
    assert!(steps >= knobs.min_steps, "{case}: {steps} steps");
    assert!(
        steps - free >= knobs.min_detour,
        "{case}: detour {}",
        steps - free
    );
    if knobs.tie_independent {
        for ties in [Ties::Optimistic, Ties::Adversarial] {
            let outcome = solver.solve(&rule(ties)).unwrap().outcome;
            assert_eq!(outcome, Outcome::Escaped { steps }, "{case}: {ties:?}");
        }
    }
    if puzzle.width() * puzzle.height() <= 200 {
        let b = brute(puzzle);
        assert_eq!(
            b.solve(Mode::Priority([0, 1, 2, 3])).rank(),
            steps,
            "{case}: brute force"
        );
        if knobs.tie_independent {
            assert_eq!(
                b.solve(Mode::Adversarial).rank(),
                steps,
                "{case}: brute adversarial"
            );
        }
    }
    if knobs.require_backstep {
        let without = escape_without_back_steps(&brute(puzzle), steps);
        assert_eq!(
            without, None,
            "{case}: escapes in {steps} without a back-step"
        );
    }
}

#[test]
fn emitted_puzzles_meet_their_knobs() {
    let mut configs = Vec::new();
    for difficulty in Difficulty::ALL {
        let mut c = Config::new(9, 6);
        c.knobs = difficulty.knobs();
        configs.push((difficulty.name().to_owned(), c));
    }
    let mut c = Config::new(6, 4);
    c.knobs = Knobs {
        min_detour: 2,
        tie_independent: true,
        ..Knobs::default()
    };
    c.rooms = 1;
    configs.push(("small, detour and ties".into(), c));
    let mut c = Config::new(5, 4);
    c.knobs.require_backstep = true;
    c.algorithm = Algorithm::Kruskal;
    c.braid = 1.0;
    configs.push(("small back-step".into(), c));
    let mut c = Config::new(8, 8);
    c.knobs.min_steps = 70;
    c.algorithm = Algorithm::Prim;
    configs.push(("min steps".into(), c));
    let mut c = Config::new(7, 5);
    c.braid = 0.0;
    c.endpoints = Endpoints::Random;
    configs.push(("perfect, random ends".into(), c));
    let mut c = Config::new(7, 5);
    c.hero = Some((0, 0));
    c.exit = Some((4, 6));
    c.algorithm = Algorithm::Eller;
    configs.push(("given ends".into(), c));

    for (name, config) in &configs {
        for seed in 0..12 {
            let case = format!("{name}, seed {seed}");
            let generated = generate(config, seed).unwrap_or_else(|e| panic!("{case}: {e}"));
            let text = generated.puzzle.to_emoji();
            let puzzle = Puzzle::parse(text.as_bytes()).unwrap();
            assert_eq!(
                puzzle, generated.puzzle,
                "{case}: the text does not read back"
            );
            assert_eq!(
                (puzzle.width(), puzzle.height()),
                (2 * config.width + 1, 2 * config.height + 1),
                "{case}"
            );
            if let (Some((hr, hc)), Some((er, ec))) = (config.hero, config.exit) {
                assert_eq!(
                    puzzle.hero(),
                    dragon_escape::Pos::new(2 * hr + 1, 2 * hc + 1)
                );
                assert_eq!(
                    puzzle.exit(),
                    dragon_escape::Pos::new(2 * er + 1, 2 * ec + 1)
                );
            }
            check_knobs(&puzzle, &config.knobs, &case);
        }
    }
}

#[test]
fn farthest_endpoints_are_the_ends_of_a_longest_path() {
    for seed in 0..20 {
        let mut config = Config::new(8, 5);
        config.verify = false;
        let g = generate(&config, seed).unwrap();
        let maze: &Maze = &g.maze;
        let hero = maze.cell_at_tile(g.puzzle.hero()).unwrap();
        let exit = maze.cell_at_tile(g.puzzle.exit()).unwrap();
        let from_hero = maze.distances_from(hero);
        assert_eq!(
            from_hero[exit],
            *from_hero.iter().max().unwrap(),
            "seed {seed}"
        );
    }
}

/// A puzzle made with waiting escapes with it, as the brute force also
/// finds, and the --stats analysis answers under the same rules.
#[test]
fn puzzles_made_with_waiting_escape_with_it() {
    for seed in 0..8 {
        let mut config = Config::new(4 + seed as usize % 3, 4);
        config.wait = true;
        config.knobs.min_detour = 1;
        let generated = generate(&config, seed).unwrap();
        let rules = Rules::default().with_wait(true);
        let options = Options::default().with_rules(rules);
        let outcome = Solver::new(&generated.puzzle)
            .solve(&options)
            .unwrap()
            .outcome;
        let brute = brute(&generated.puzzle).with_wait(true);
        assert_eq!(
            brute.solve(Mode::Priority([0, 1, 2, 3])),
            Answer::Escaped(outcome.steps().expect("it escapes")),
            "seed {seed}\n{}",
            generated.puzzle.to_ascii()
        );
        let analysis = dragon_escape::mapgen::Analysis::under(&generated.puzzle, rules).unwrap();
        assert_eq!(analysis.outcome, outcome, "seed {seed}");
    }
}

/// A puzzle made for a faster dragon escapes at that speed, as the brute
/// force also finds; the same seed gives the same puzzle.
#[test]
fn puzzles_for_a_faster_dragon_escape_at_its_speed() {
    for seed in 0..12 {
        let mut config = Config::new(4 + seed as usize % 3, 4);
        config.endpoints = Endpoints::Random;
        config.speed = "2".parse().unwrap();
        let generated = generate(&config, seed).unwrap();
        let options = Options::default().with_rules(Rules::default().with_speed(config.speed));
        let outcome = Solver::new(&generated.puzzle)
            .solve(&options)
            .unwrap()
            .outcome;
        let brute = brute(&generated.puzzle).at_speed(2);
        assert_eq!(
            brute.solve(Mode::Priority([0, 1, 2, 3])),
            Answer::Escaped(outcome.steps().expect("it escapes")),
            "seed {seed}\n{}",
            generated.puzzle.to_ascii()
        );
        let again = generate(&config, seed).unwrap();
        assert_eq!(again.puzzle, generated.puzzle, "seed {seed}");
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let mut config = Config::new(10, 7);
    config.knobs = Difficulty::Medium.knobs();
    let bytes = |seed| generate(&config, seed).unwrap().puzzle.to_emoji();
    assert_eq!(bytes(5), bytes(5));
    assert_ne!(bytes(5), bytes(6));
}

#[test]
fn impossible_requests_give_up_or_are_refused() {
    let mut config = Config::new(4, 3);
    config.knobs.min_steps = 10_000;
    config.search.max_solves = 30;
    match generate(&config, 1) {
        Err(e @ GenerateError::GaveUp { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains("no puzzle met the requirements"),
                "{message}"
            );
            assert!(message.contains("min-steps 10000"), "{message}");
        }
        other => panic!("expected to give up, got {other:?}"),
    }
    let mut config = Config::new(4, 3);
    config.braid = 0.0;
    assert!(matches!(
        generate(&config, 1),
        Err(GenerateError::Config(_))
    ));
}

/// The `generate-maze` command line.
#[cfg(feature = "cli")]
mod cli {
    use std::io::Read;
    use std::process::Stdio;

    use assert_cmd::Command;
    use dragon_escape::{Options, Puzzle, Rules, Solver};
    use predicates::prelude::*;

    fn generate_maze() -> Command {
        Command::cargo_bin("generate-maze").unwrap()
    }

    /// `--max-time` ends a run that takes longer with a sentence and exit
    /// status 2, on time, writing nothing partial: a single puzzle whose
    /// placement runs on (four dragons, sixteen keys, the fastest dragon),
    /// and a batch, which keeps the files it completed.
    #[test]
    fn the_time_limit_ends_a_run_with_a_sentence() {
        let started = std::time::Instant::now();
        generate_maze()
            .args(["-W", "40", "-H", "40", "--dragons", "4", "--keys", "16"])
            .args([
                "--dragon-speed",
                "8",
                "--wait",
                "--seed",
                "1",
                "--max-time",
                "1",
            ])
            .assert()
            .code(2)
            .stdout("")
            .stderr("generate-maze: stopped by its time limit of 1 s (--max-time)\n");
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        let dir = tempfile::tempdir().unwrap();
        let out = generate_maze()
            .args([
                "-W",
                "60",
                "-H",
                "60",
                "--seed",
                "1",
                "--no-verify",
                "--count",
                "100000",
            ])
            .arg("--out-dir")
            .arg(dir.path())
            .args(["--max-time", "1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(
            names
                .iter()
                .all(|n| n.starts_with("maze-") && n.ends_with(".txt")),
            "{names:?}"
        );
        let said = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            said,
            format!(
                "generate-maze: stopped by its time limit of 1 s (--max-time) after writing {} of 100000 puzzles\n",
                names.len()
            )
        );
    }

    /// The solver's checks get what generating leaves of `--max-memory`:
    /// a budget that holds the maze but not both ends with a sentence.
    #[test]
    fn the_solver_gets_what_generating_leaves_of_the_budget() {
        generate_maze()
            .args([
                "-W",
                "60",
                "-H",
                "60",
                "--seed",
                "1",
                "--max-memory",
                "800K",
            ])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "checking the puzzle needs more memory than generating leaves of the budget",
            ));
        generate_maze()
            .args(["-W", "60", "-H", "60", "--seed", "1", "--max-memory", "2M"])
            .assert()
            .success();
    }

    fn stdout_of(cmd: &mut Command) -> Vec<u8> {
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    #[test]
    fn cli_round_trip_into_the_solver() {
        for (format, seed) in [("emoji", 1), ("ascii", 2), ("json", 3)] {
            let map = stdout_of(generate_maze().args([
                "--seed",
                &seed.to_string(),
                "--notation",
                format,
            ]));
            let puzzle = Puzzle::parse(&map).unwrap();
            let steps = dragon_escape::solve(&puzzle, &Options::default())
                .unwrap()
                .outcome
                .steps()
                .expect("a generated puzzle is solvable");
            Command::cargo_bin("solve-maze")
                .unwrap()
                .arg("-")
                .write_stdin(map)
                .assert()
                .success()
                .stdout(predicate::str::contains(steps.to_string()));
        }
    }

    #[test]
    fn cli_is_reproducible_and_reports_a_picked_seed() {
        let args = [
            "--seed",
            "77",
            "--difficulty",
            "medium",
            "-W",
            "12",
            "-H",
            "8",
        ];
        assert_eq!(
            stdout_of(generate_maze().args(args)),
            stdout_of(generate_maze().args(args))
        );
        let out = generate_maze().output().unwrap();
        assert!(out.status.success());
        let stderr = String::from_utf8(out.stderr).unwrap();
        let seed: u64 = stderr
            .split("--seed ")
            .nth(1)
            .and_then(|rest| rest.trim_end().trim_end_matches(')').parse().ok())
            .unwrap_or_else(|| panic!("no seed reported: {stderr}"));
        assert_eq!(
            out.stdout,
            stdout_of(generate_maze().args(["--seed", &seed.to_string()]))
        );
    }

    #[test]
    fn cli_writes_complete_files() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("puzzles");
        generate_maze()
            .args([
                "--seed",
                "40",
                "--count",
                "3",
                "--difficulty",
                "easy",
                "--out-dir",
            ])
            .arg(&out)
            .assert()
            .success();
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["maze-40.txt", "maze-41.txt", "maze-42.txt"]);
        for seed in 40..43 {
            let file = std::fs::read(out.join(format!("maze-{seed}.txt"))).unwrap();
            let single = stdout_of(generate_maze().args([
                "--seed",
                &seed.to_string(),
                "--difficulty",
                "easy",
            ]));
            assert_eq!(file, single, "seed {seed}");
        }
    }

    #[test]
    fn cli_output_file_and_directory_never_surprise() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("my.txt");
        generate_maze()
            .args(["--seed", "5", "-o"])
            .arg(&file)
            .assert()
            .success()
            .stdout("");
        assert!(file.is_file(), "-o FILE writes a file, not a directory");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            stdout_of(generate_maze().args(["--seed", "5"]))
        );
        generate_maze()
            .args(["--seed", "5", "-o"])
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is a directory; -o names a file"));
        let batch = |extra: &[&str]| {
            let mut cmd = generate_maze();
            cmd.args(["--seed", "8", "--count", "2", "--out-dir"])
                .arg(dir.path())
                .args(extra);
            cmd.assert()
        };
        batch(&[]).success();
        let before = std::fs::read(dir.path().join("maze-8.txt")).unwrap();
        batch(&["--notation", "json"]).success(); // other names: maze-8.json, maze-9.json
        batch(&[]).code(2).stderr(predicate::str::contains(
            "maze-8.txt: already exists (and 1 more); --force replaces",
        ));
        batch(&["--force"]).success();
        assert_eq!(
            std::fs::read(dir.path().join("maze-8.txt")).unwrap(),
            before
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn cli_stats_describe_the_puzzle() {
        generate_maze()
            .args(["--seed", "3", "--stats", "--difficulty", "hard"])
            .assert()
            .success()
            .stderr(predicate::str::contains("dead ends"))
            .stderr(predicate::str::contains("back-steps"))
            .stderr(predicate::str::contains("needed"))
            .stderr(predicate::str::contains("ties"));
        let args = [
            "--seed",
            "3",
            "--stats",
            "--format",
            "json",
            "--tie-independent",
        ];
        let out = generate_maze().args(args).output().unwrap();
        let stats: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
        assert_eq!(stats["version"], 1);
        assert_eq!(stats["seed"], 3);
        assert_eq!(stats["maze"]["width"], 15, "maze cells, the default -W");
        assert_eq!(stats["size"]["width"], 31, "tiles: 2 * 15 + 1");
        assert_eq!(stats["tie_independent"], true);
        assert_eq!(stats["ties"]["adversarial"], stats["steps"]);
        let again = generate_maze().args(args).output().unwrap();
        assert_eq!(again.stderr, out.stderr, "the same bytes on every run");
    }

    /// Statistics that cannot be written (a full device on standard
    /// error) fail the run instead of passing unseen; so does the seed a
    /// run picked. A reader that goes away (a closed pipe) is an end.
    #[cfg(unix)]
    #[test]
    fn cli_statistics_not_written_fail_the_run() {
        let full = || {
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap()
        };
        for args in [&["--seed", "3", "--stats"][..], &[]] {
            let status = std::process::Command::new(env!("CARGO_BIN_EXE_generate-maze"))
                .args(args)
                .stdout(std::process::Stdio::null())
                .stderr(full())
                .status()
                .unwrap();
            assert_eq!(status.code(), Some(2), "{args:?}");
        }
    }

    /// `--dragon-speed` checks the puzzle against a faster dragon and says
    /// so in the statistics; across a whole maze it hints at random
    /// endpoints.
    #[test]
    fn cli_makes_puzzles_for_a_faster_dragon() {
        let args = ["--seed", "1", "-W", "5", "-H", "5", "--dragon-speed", "2"];
        let out = generate_maze()
            .args(args)
            .args(["--endpoints", "random", "--stats"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let stats = String::from_utf8(out.stderr).unwrap();
        assert!(stats.contains("dragon speed  2 steps a turn"), "{stats}");
        let puzzle: Puzzle = String::from_utf8(out.stdout).unwrap().parse().unwrap();
        let options =
            Options::default().with_rules(Rules::default().with_speed("2".parse().unwrap()));
        let solution = Solver::new(&puzzle).solve(&options).unwrap();
        assert!(solution.outcome.steps().is_some(), "{stats}");
        generate_maze()
            .args(["--seed", "1", "-W", "4", "-H", "4", "--dragon-speed", "3"])
            .args(["--effort", "40"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("try --endpoints random"));
        generate_maze()
            .args(["--dragon-speed", "9"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("from 1 to 8"));
    }

    /// `--wait` checks the puzzle with waiting and says so in the
    /// statistics.
    #[test]
    fn cli_makes_puzzles_with_waiting() {
        let out = generate_maze()
            .args(["--seed", "1", "-W", "5", "-H", "5", "--wait", "--stats"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let stats = String::from_utf8(out.stderr).unwrap();
        assert!(
            stats.contains("waiting       the hero may wait a turn"),
            "{stats}"
        );
        let puzzle: Puzzle = String::from_utf8(out.stdout).unwrap().parse().unwrap();
        let options = Options::default().with_rules(Rules::default().with_wait(true));
        let solution = Solver::new(&puzzle).solve(&options).unwrap();
        assert!(solution.outcome.steps().is_some(), "{stats}");
    }

    #[cfg(not(feature = "json"))]
    #[test]
    fn cli_without_json_refuses_json_stats() {
        generate_maze()
            .args(["--seed", "3", "--stats", "--format", "json"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cargo feature `json`"));
    }

    #[test]
    fn cli_errors_are_clear() {
        for (args, words) in [
            (&["--width", "0"][..], "too small"),
            (&["--braid", "2"], "between 0 and 1"),
            (&["--count", "2"], "--out"),
            (
                &["--bias", "north=1,south=1", "-a", "binary-tree"],
                "vertical",
            ),
            (&["--algorithm", "dfs"], "backtracker"),
            (
                &["--no-verify", "--search", "backtracking"],
                "generate-maze: --no-verify places the dragon at random without a search, \
                 so --search would do nothing\n",
            ),
            (
                &["--no-verify", "--order", "random"],
                "--order would do nothing",
            ),
            (
                &["--no-verify", "--per-maze", "3"],
                "--per-maze would do nothing",
            ),
            (
                &["--no-verify", "--effort", "9"],
                "--effort bounds the solver runs and --no-verify makes none",
            ),
            (
                &["--dragon", "2,2", "--search", "restarts"],
                "--dragon is the only candidate",
            ),
            (
                &["--search", "restarts", "--per-maze", "3"],
                "--per-maze counts the candidates of --search both",
            ),
            (
                &["--hero", "0,0", "--exit", "1,1", "--endpoints", "farthest"],
                "--endpoints places the hero and the exit",
            ),
        ] {
            generate_maze()
                .args(args)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(words));
        }
        generate_maze()
            .args([
                "--seed",
                "1",
                "-W",
                "4",
                "-H",
                "3",
                "--min-steps",
                "5000",
                "--effort",
                "20",
            ])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("no puzzle met the requirements"));
    }

    #[test]
    fn cli_ends_quietly_on_a_closed_pipe() {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("generate-maze"))
            .args(["--seed", "1", "-W", "400", "-H", "400", "--no-verify"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is dropped here: the rest of the output meets a closed pipe.
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The output for a seed is a promise across builds and platforms: these
/// snapshots catch any change to the random stream or to an algorithm.
#[test]
fn seeded_output_is_stable_across_builds() {
    let mut all = String::new();
    for algorithm in Algorithm::ALL {
        let config = Config {
            algorithm,
            ..Config::new(8, 4)
        };
        let generated = generate(&config, 1).unwrap();
        all.push_str(&format!(
            "{}\n{}\n",
            algorithm.name(),
            generated.puzzle.to_ascii()
        ));
    }
    insta::assert_snapshot!(all);
}
