//! The solver against the brute-force oracle, on fixed and random maps.

use dragon_escape::dragon::{BfsFields, DragonOracle, FloydWarshall};
use dragon_escape::{
    CellId, Graph, Method, Options, OracleKind, Puzzle, Rules, Solution, Ties, solve,
};
use proptest::prelude::*;

use crate::support::brute::{Brute, Cell};
use crate::support::check::{
    answer, brute_mode, check_all, check_line, options, priority_strategy,
};
use crate::support::random::{maze_map, small_map};

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_brute_force_on_random_maps(map in small_map(5), priority in priority_strategy()) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn oracles_agree_on_every_pair(map in small_map(7)) {
        let puzzle: Puzzle = map.parse().unwrap();
        let graph = Graph::new(&puzzle);
        let mut bfs = BfsFields::new(&graph, 1 << 20).unwrap();
        let mut fw = FloydWarshall::new(&graph, 1 << 20).unwrap();
        for a in 0..graph.len() as u32 {
            for b in 0..graph.len() as u32 {
                if a != b {
                    prop_assert_eq!(
                        bfs.shortest_steps(CellId(a), CellId(b)),
                        fw.shortest_steps(CellId(a), CellId(b))
                    );
                }
            }
        }
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            same_as_reference(&map, ties)?;
        }
    }
}

/// Solves with the default engine (oracle and shortcuts) and with the
/// reference (Floyd–Warshall, full search) and compares: the same line,
/// except that the loop-free closed form may pick another longest survival
/// line of the same length, and the pocket rule's jumps (a priority tie
/// rule) another line of the same length, which the rules must allow.
fn same_as_reference(map: &str, ties: Ties) -> Result<(), TestCaseError> {
    let puzzle: &Puzzle = &map.parse().unwrap();
    let with = |oracle| solve(puzzle, &options(ties).with_oracle(oracle)).unwrap();
    let (fast, reference) = (with(OracleKind::Bfs), with(OracleKind::FloydWarshall));
    if fast.stats.method == Method::Proof {
        // The proof search plays the line the retrograde analysis plays; its
        // work is its own.
        prop_assert_eq!(fast.outcome, reference.outcome);
        prop_assert_eq!(fast.turns, reference.turns);
    } else if fast.stats.method == Method::LoopFree {
        prop_assert_eq!(fast.outcome, reference.outcome);
        prop_assert_eq!(fast.endless(), reference.endless());
        prop_assert_eq!(fast.turns.len(), reference.turns.len());
        if !fast.outcome.is_caught() {
            prop_assert_eq!(fast.turns, reference.turns);
        }
    } else if matches!(ties, Ties::Priority(_)) {
        prop_assert_eq!(fast.outcome, reference.outcome);
        prop_assert_eq!(fast.turns.len(), reference.turns.len());
        check_line(&Brute::from_ascii(map), ties, &fast).map_err(TestCaseError::fail)?;
    } else {
        prop_assert_eq!(fast, reference.clone_with(OracleKind::Bfs));
    }
    Ok(())
}

// The fast paths on maze-shaped maps: perfect mazes (the loop-free closed
// form), braided ones (loops: the search and its oracle), some cut in two
// (a sleeping dragon, or no path), with the dragon starting anywhere from
// next to the hero to the far end.
proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn perfect_mazes_agree_with_brute_force(map in maze_map(4, 0.0, 0.2), priority in priority_strategy()) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn braided_mazes_agree_with_brute_force(map in maze_map(4, 0.25, 0.1), priority in priority_strategy()) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn whole_perfect_mazes_take_the_closed_form(map in maze_map(8, 0.0, 0.0)) {
        let solution = solve(&map.parse().unwrap(), &Options::default()).unwrap();
        prop_assert_eq!(solution.stats.method, Method::LoopFree);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn larger_mazes_match_the_reference(
        map in prop_oneof![maze_map(12, 0.0, 0.1), maze_map(12, 0.03, 0.05), maze_map(12, 0.3, 0.05)],
    ) {
        for ties in [Ties::default(), Ties::Adversarial] {
            same_as_reference(&map, ties)?;
        }
    }
}

trait CloneWith {
    fn clone_with(self, oracle: OracleKind) -> Self;
}

impl CloneWith for Solution {
    /// The same solution labelled with another oracle, to compare the rest.
    fn clone_with(mut self, oracle: OracleKind) -> Self {
        self.oracle = oracle;
        self
    }
}

/// A maze larger than the random ones, where the tie rule matters: an open
/// room gives the dragon many equal shortest steps.
#[test]
fn larger_open_rooms_agree_with_brute_force() {
    let maps = [
        "H.....\n......\n..##..\n......\n.....D\n....E.\n",
        "......\n.H..#.\n......\n.#..D.\n......\nE.....\n",
        "E..#...\n.#...#.\n...H...\n.#...#.\n...#..D\n",
    ];
    for map in maps {
        for p in ["ULDR", "RDLU", "DLUR"] {
            check_all(map, p.parse().unwrap()).unwrap();
        }
    }
}

#[test]
fn a_small_cache_gives_the_same_answers() {
    let map = "H.....\n......\n..##..\n......\n.....D\n....E.\n";
    let puzzle: Puzzle = map.parse().unwrap();
    let cells = Graph::new(&puzzle).len();
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let roomy = solve(&puzzle, &options(ties)).unwrap();
        // Room for two distance fields beside the scratch space, so the
        // cache must evict.
        let tight = options(ties).with_oracle_memory(BfsFields::bytes_needed(cells, 2));
        assert_eq!(solve(&puzzle, &tight).unwrap(), roomy);
    }
}

#[test]
fn floyd_warshall_refuses_maps_over_its_budget() {
    let puzzle: Puzzle = "H.........E.........D".parse().unwrap();
    let tiny = Options::default()
        .with_oracle(OracleKind::FloydWarshall)
        .with_oracle_memory(100);
    let err = solve(&puzzle, &tiny).unwrap_err();
    assert!(err.to_string().contains("Floyd–Warshall"), "{err}");
}

/// The top-left corner of the large example as a puzzle of its own: a maze
/// big enough for the default oracle's bounded searches to stop early.
fn maze_corner(side: usize) -> Puzzle {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/mazes/large-101.txt");
    let large = Puzzle::parse(&std::fs::read(path).unwrap()).unwrap();
    let walls: Vec<bool> = (0..side * side)
        .map(|i| !large.is_free(dragon_escape::Pos::new(i / side, i % side)))
        .collect();
    let free: Vec<dragon_escape::Pos> = (0..side * side)
        .filter(|&i| !walls[i])
        .map(|i| dragon_escape::Pos::new(i / side, i % side))
        .collect();
    let (hero, dragon, exit) = (free[0], free[free.len() / 2], free[free.len() - 1]);
    Puzzle::new(side, side, walls, hero, dragon, exit).unwrap()
}

/// The default oracle agrees with the reference on every pair, with room
/// to spare, with two cached fields (evicting), with room for one root
/// field that moves off the start and back, and with no room for a field
/// or a moving root (every answer from the start's root or a directed
/// search).
#[test]
fn default_oracle_matches_floyd_warshall_on_a_maze() {
    let puzzle = maze_corner(31);
    let graph = Graph::new(&puzzle);
    let n = graph.len();
    let mut fw = FloydWarshall::new(&graph, 64 << 20).unwrap();
    let moving = BfsFields::bytes_needed(n, 0) + n * size_of::<u32>();
    for budget in [
        64 << 20,
        BfsFields::bytes_needed(n, 2),
        moving,
        BfsFields::bytes_needed(n, 0),
    ] {
        let mut bfs = BfsFields::new(&graph, budget).unwrap();
        for a in 0..n as u32 {
            for b in (0..n as u32).filter(|&b| b != a) {
                assert_eq!(
                    bfs.shortest_steps(CellId(a), CellId(b)),
                    fw.shortest_steps(CellId(a), CellId(b)),
                    "dragon {a}, target {b}, budget {budget}"
                );
            }
        }
        if budget == 64 << 20 {
            assert!(
                bfs.fields_built() < n as u64,
                "some searches must stop early"
            );
        }
        // Pairs in different components (the exit's is not the dragon's)
        // add their numbers, a `u32` a cell, which a game never asks for.
        let components = n * size_of::<u32>();
        assert!(
            bfs.bytes() <= budget + components,
            "{} over {budget}",
            bfs.bytes()
        );
        if budget <= moving {
            assert_eq!(bfs.fields_built(), 0, "no room for a field");
        }
        if budget == moving {
            assert!(bfs.roots_built() > 2, "the one root moves and comes back");
        }
        if budget == BfsFields::bytes_needed(n, 0) {
            assert_eq!(bfs.roots_built(), 1, "no room for a component number");
        }
    }
    let short = BfsFields::bytes_needed(n, 0) - 1;
    assert!(BfsFields::new(&graph, short).is_err());
}

/// Told that the search leaves it no more room than it holds, the oracle
/// buys no field and no root, and still answers as the reference does.
#[test]
fn the_oracle_grows_no_further_than_the_room_the_search_leaves() {
    let puzzle = maze_corner(31);
    let graph = Graph::new(&puzzle);
    let n = graph.len() as u32;
    let mut fw = FloydWarshall::new(&graph, 64 << 20).unwrap();
    for squeezed in [false, true] {
        let mut bfs = BfsFields::new(&graph, 64 << 20).unwrap();
        if squeezed {
            bfs.set_room(bfs.bytes());
        }
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let (a, b) = (CellId(a), CellId(b));
                assert_eq!(bfs.shortest_steps(a, b), fw.shortest_steps(a, b));
            }
        }
        let grew = bfs.fields_built() > 0 || bfs.roots_built() > 1;
        assert_eq!(
            grew,
            !squeezed,
            "fields {}, roots {}",
            bfs.fields_built(),
            bfs.roots_built()
        );
    }
}

proptest! {
    /// Any input at all gives a puzzle or an error, never a panic; map-like
    /// inputs (the symbols, brackets, quotes and line ends) most of all.
    #[test]
    fn parsing_never_panics(
        bytes in proptest::collection::vec(any::<u8>(), 0..64),
        text in "[#.HDE🟫🟩🏃🐉❎\\[\\]\",\\\\u \r\n\u{feff}\u{fe0f}x]{0,80}",
    ) {
        for input in [&bytes[..], text.as_bytes()] {
            if let Ok(puzzle) = Puzzle::parse(input) {
                // Whatever parses also solves and prints back.
                let again = Puzzle::parse(puzzle.to_ascii().as_bytes()).unwrap();
                prop_assert_eq!(&again, &puzzle);
                solve(&puzzle, &Options::default()).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Solving from a mid-game position (the dragon may even stand on the
    /// exit, which no map can say) agrees with the brute force started there.
    #[test]
    fn solving_from_any_position_agrees_with_brute_force(
        map in small_map(5),
        picks in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
    ) {
        let puzzle: Puzzle = map.parse().unwrap();
        let mut brute = Brute::from_ascii(&map);
        let mut free: Vec<Cell> = brute.free.iter().copied().collect();
        free.sort();
        let hero = free[picks.0.index(free.len())];
        let dragon = free[picks.1.index(free.len())];
        prop_assume!(hero != dragon && hero != brute.exit);
        (brute.hero, brute.dragon) = (hero, dragon);
        let pos = |c: Cell| dragon_escape::Pos::new(c.0 as usize, c.1 as usize);
        let solver = dragon_escape::Solver::new(&puzzle);
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            let solution = solver.solve_from(pos(hero), pos(dragon), &options(ties)).unwrap();
            prop_assert_eq!(answer(&solution), brute.solve(brute_mode(ties)), "{} ties\n{}", ties.name(), map);
        }
    }
}

/// A serpentine corridor of `rows` runs of `width` cells: the hero at one
/// end, the exit at the other and the dragon halfway. A small loop beside
/// the hero's start (a 2x2 room) keeps the map from being a tree, so the
/// search runs, and the hero needs it to lure the dragon out of the way.
fn serpentine(rows: usize, width: usize) -> String {
    let mut map = String::new();
    for r in 0..rows * 2 - 1 {
        for c in 0..width {
            let free = r % 2 == 0
                || (r / 2 % 2 == 0 && c == width - 1)
                || (r / 2 % 2 == 1 && c == 0)
                || (r == 1 && c < 2);
            map.push(match (r, c) {
                (0, 0) => 'H',
                _ if r == rows * 2 - 2 && c == if rows % 2 == 1 { width - 1 } else { 0 } => 'E',
                _ if r == rows - 1 && c == width / 2 => 'D',
                _ if free => '.',
                _ => '#',
            });
        }
        map.push('\n');
    }
    map
}

#[test]
fn a_search_past_its_memory_budget_ends_with_an_error() {
    let puzzle: Puzzle = serpentine(9, 40).parse().unwrap();
    // Optimistic ties: the pocket rule (priority ties) would store far
    // fewer positions.
    let options = Options::default().with_rules(Rules::default().with_ties(Ties::Optimistic));
    let roomy = solve(&puzzle, &options).unwrap();
    assert_eq!(roomy.stats.method, Method::Search);
    // Room for the oracle (with a field to spare) in its half of the
    // budget, but the other half holds far fewer positions than it stores.
    let cells = Graph::new(&puzzle).len();
    let tight = options.with_max_memory(2 * BfsFields::bytes_needed(cells, 2));
    assert!(roomy.stats.states_stored as usize > 4 * tight.max_memory / 64);
    let error = solve(&puzzle, &tight).unwrap_err();
    assert!(error.to_string().contains("memory budget"), "{error}");
}
