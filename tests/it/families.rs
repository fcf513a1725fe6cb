//! The solver against the brute force on families of maps up to about 12x12
//! tiles, where tie-breaking and the adversarial search get hard: open rooms
//! with pillars, rooms with a ring to circle, mazes with rooms carved in,
//! the dragon next to the exit or far away, and maps without border walls.
//! Every tie mode is checked (see `check_all`): the answer, the bounds
//! between the modes, the line, and the adversarial line's worst cases; the
//! adversarial mode also from many starts on each map, which finds the rare
//! position where a search goes wrong far sooner than new maps do.

use dragon_escape::{Method, OracleKind, Outcome, Priority, Puzzle, Ties, solve};
use proptest::prelude::*;

use crate::support::brute::Brute;
use crate::support::check::{
    check_all, check_line, check_many_starts, check_worst_replies, options, priority_strategy,
};
use crate::support::random::{Placement, carved_maze, family, pillar_room, ring_room};

/// The largest side of the rooms, in tiles.
const SIDE: usize = 12;

/// The largest side of the carved mazes, in maze cells (`2 cells - 1`
/// tiles: 11).
const CELLS: usize = 6;

/// Any room or carved maze, with or without border walls, with the pieces
/// placed by `placement`.
fn any_family(placement: Placement) -> impl Strategy<Value = String> {
    family(SIDE, CELLS, placement)
}

// Case counts: the whole module takes about 30 s of one core's time, so
// about 15 s in a parallel run on two cores.
proptest! {
    #![proptest_config(ProptestConfig { cases: 250, ..ProptestConfig::default() })]

    #[test]
    fn pillar_rooms_agree_with_brute_force(
        map in pillar_room(SIDE, true, Placement::Anywhere),
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn ring_rooms_agree_with_brute_force(
        map in ring_room(SIDE, true, Placement::Anywhere),
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn carved_mazes_agree_with_brute_force(
        map in prop_oneof![
            carved_maze(CELLS, 0.0, Placement::Anywhere),
            carved_maze(CELLS, 0.3, Placement::Anywhere),
        ],
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn borderless_rooms_agree_with_brute_force(
        map in prop_oneof![
            pillar_room(SIDE, false, Placement::Anywhere),
            ring_room(SIDE, false, Placement::Anywhere),
        ],
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn dragon_near_the_exit_agrees_with_brute_force(
        map in any_family(Placement::DragonNearExit),
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn dragon_far_away_agrees_with_brute_force(
        map in any_family(Placement::DragonFar),
        priority in priority_strategy(),
    ) {
        check_all(&map, priority).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// About 50 starts with the dragon near the exit and 50 anywhere, per map.
    #[test]
    fn adversarial_from_many_starts_agrees_with_brute_force(map in any_family(Placement::Anywhere)) {
        check_many_starts(&map, 50).map_err(TestCaseError::fail)?;
    }
}

/// An open room with the dragon beside the exit on the top edge: the
/// guaranteed escape takes 22 moves (a pruned search once answered 24).
const OPEN_ROOM: &str = "\
#########ED
##........#
##.#...#.##
##.......##
###.#...###
###.....###
###.#######
###.#######
###.#######
H...#######
";

#[test]
fn open_room_with_the_dragon_at_the_exit() {
    let solution = solve(
        &OPEN_ROOM.parse::<Puzzle>().unwrap(),
        &options(Ties::Adversarial),
    )
    .unwrap();
    assert_eq!(solution.outcome, Outcome::Escaped { steps: 22 });
    let brute = Brute::from_ascii(OPEN_ROOM);
    check_worst_replies(&brute, &brute.guaranteed_values(), &solution).unwrap();
    for p in ["ULDR", "RDLU", "DRUL"] {
        check_all(OPEN_ROOM, p.parse::<Priority>().unwrap()).unwrap();
    }
}

/// Open rooms with scattered pillars, the hero in one corner and the exit
/// and the dragon in two others: too many positions for the retrograde
/// analysis's first share, so the proof search answers. It must give the
/// reference's answer, and the reference's line or one the brute force
/// confirms: every position on it worth the moves left, every reply a
/// worst case (the proof breaks the hero's ties nearest the exit first).
#[test]
fn open_rooms_proved_by_the_proof_search_match_the_reference() {
    let (mut proved, mut differed) = (0, 0);
    for n in [31, 35] {
        let corners = [(1, n - 2), (n - 2, 1), (n - 2, n - 2)];
        for (dragon, exit) in [(0, 2), (1, 2), (2, 0)] {
            let map = pillar_map(n, corners[dragon], corners[exit]);
            let puzzle: Puzzle = map.parse().unwrap();
            let with = |oracle| {
                let options = options(Ties::Adversarial).with_oracle(oracle);
                solve(&puzzle, &options).unwrap()
            };
            let (fast, reference) = (with(OracleKind::Bfs), with(OracleKind::FloydWarshall));
            assert_eq!(fast.outcome, reference.outcome, "{map}");
            assert_eq!(fast.turns.len(), reference.turns.len(), "{map}");
            let brute = Brute::from_ascii(&map);
            check_line(&brute, Ties::Adversarial, &fast).unwrap();
            // The brute force's values take long on the larger rooms.
            if fast.turns != reference.turns && n == 31 {
                check_worst_replies(&brute, &brute.guaranteed_values(), &fast).unwrap();
                differed += 1;
            }
            proved += usize::from(fast.stats.method == Method::Proof);
        }
    }
    assert!(
        proved >= 2 && differed >= 1,
        "the proof search answered {proved} of the rooms, {differed} with another line"
    );
}

/// An open `n` x `n` room with a border, pillars on a sparse grid, the hero
/// at the top left and the dragon and the exit where given.
fn pillar_map(n: usize, dragon: (usize, usize), exit: (usize, usize)) -> String {
    let mut map = String::new();
    for r in 0..n {
        for c in 0..n {
            let border = r == 0 || c == 0 || r == n - 1 || c == n - 1;
            let pillar = r % 6 == 3 && c % 7 == 2;
            map.push(match (r, c) {
                (1, 1) => 'H',
                at if at == dragon => 'D',
                at if at == exit => 'E',
                _ if border || pillar => '#',
                _ => '.',
            });
        }
        map.push('\n');
    }
    map
}
