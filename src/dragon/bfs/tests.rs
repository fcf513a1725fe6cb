//! The default oracle's tests: its ways of answering against breadth-first
//! distances (the Floyd–Warshall comparison over every family, skeleton
//! included, is in `cone.rs`).

use super::*;
use crate::puzzle::Puzzle;

/// A square map of `side` tiles a side, the tile at `row`, `col` being
/// `tile(row, col)`.
fn square(side: usize, tile: impl Fn(usize, usize) -> char) -> String {
    let mut map = String::new();
    for r in 0..side {
        map.extend((0..side).map(|c| tile(r, c)));
        map.push('\n');
    }
    map
}

/// A serpentine corridor of `side` tiles a side (every odd row a wall
/// but at one end, the ends alternating), with `gaps` a gap in every
/// sixteenth wall.
fn serpentine(side: usize, gaps: bool) -> String {
    square(side, |r, c| {
        let turn = if r / 2 % 2 == 0 { side - 1 } else { 0 };
        let gap = gaps && r % 32 == 3 && c == side / 2;
        if r % 2 == 1 && c != turn && !gap {
            '#'
        } else {
            '.'
        }
    })
}

/// The dragon's steps towards the target whose distances are `field`.
fn by_field(graph: &Graph, field: &[u32], dragon: CellId) -> DirSet {
    graph
        .neighbors(dragon)
        .filter(|&(_, c)| field[c.index()] + 1 == field[dragon.index()])
        .map(|(dir, _)| dir)
        .collect()
}

/// With searches from the neighbours that give up at once, every tie
/// to settle finishes a level; once those cost a quarter of the map,
/// full fields answer instead. Each target is asked three times only,
/// so no field is bought for a busy target: the answers agree with
/// breadth-first distances both ways. The cones are kept out (they would
/// answer most questions in the room before a search could).
#[test]
fn wide_levels_give_way_to_full_fields() {
    let side = 20;
    let map = square(side, |r, c| match (r, c) {
        (0, 0) => 'H',
        (0, 1) => 'E',
        _ if r == side - 1 && c == side - 1 => 'D',
        _ if r % 6 == 3 && c % 7 == 3 => '#',
        _ => '.',
    });
    let puzzle: Puzzle = map.parse().unwrap();
    let graph = Graph::new(&puzzle);
    let n = graph.len() as u32;
    let mut oracle = BfsFields::new(&graph, 1 << 24).unwrap();
    oracle.cone_bytes = Some(usize::MAX);
    oracle.directed.set_patience((0, 0));
    let mut finished_before_fields = false;
    for t in 0..n {
        let field = graph.distances_from(CellId(t));
        for d in [(t + n / 2) % n, n - 1 - t, (t * 7 + 3) % n] {
            if d == t {
                continue;
            }
            let dragon = CellId(d);
            let expected = by_field(&graph, &field, dragon);
            let fields = oracle.fields_built();
            assert_eq!(oracle.shortest_steps(dragon, CellId(t)), Some(expected));
            finished_before_fields |= fields == 0 && oracle.finish_work > 0;
        }
    }
    assert!(finished_before_fields, "levels were finished first");
    assert!(oracle.fields_built() > 0, "then full fields answered");
}

/// A directed search misled by the Manhattan distance (from one end of a
/// serpentine corridor to the other, across its turns) stops once it has
/// settled a quarter of the map's cells, and the target's field answers
/// instead; with no room for a field the search goes on to its end. Both
/// answer as the distances say. The cones, the skeleton and the walks are
/// kept out.
#[test]
fn a_search_past_a_quarter_of_the_map_gives_way_to_the_field() {
    let mut map: Vec<char> = serpentine(41, false).chars().collect();
    (map[0], map[1], map[2]) = ('H', 'E', 'D');
    let puzzle: Puzzle = map.iter().collect::<String>().parse().unwrap();
    let graph = Graph::new(&puzzle);
    let n = graph.len();
    let (target, dragon) = (CellId(0), CellId(n as u32 - 1));
    let expected = by_field(&graph, &graph.distances_from(target), dragon);
    for (budget, fields) in [(1 << 24, 1), (BfsFields::bytes_needed(n, 0), 0)] {
        let mut oracle = BfsFields::new(&graph, budget).unwrap();
        oracle.cone_bytes = Some(usize::MAX);
        let _ = oracle.shared.skeleton.set(None);
        oracle.walk_credit = -WALK_CREDIT_MAX;
        assert_eq!(oracle.shortest_steps(dragon, target), Some(expected));
        assert_eq!(oracle.fields_built(), fields, "budget {budget}");
        let capped = oracle.directed_work as usize <= n / 4;
        assert_eq!(
            capped,
            fields == 1,
            "{} cells settled of {n}",
            oracle.directed_work
        );
    }
}

/// The landmarks are tried once the directed searches cost their price:
/// kept in a serpentine corridor (with a few loops), where the Manhattan distance misleads
/// the searches, set aside in an open room, where it guides them as
/// well. Either way the answers stay those of the distances. The
/// cones are kept out (they would answer every question in the room
/// before a search could).
#[test]
fn landmarks_are_kept_where_they_cut_the_searches() {
    let open = |side: usize| square(side, |_, _| '.');
    for (map, kept) in [(serpentine(41, true), true), (open(60), false)] {
        let mut map: Vec<char> = map.chars().collect();
        // The pieces: the hero and the exit in the first corner, the
        // dragon in the last free one.
        map[0] = 'H';
        map[1] = 'E';
        let last = map.iter().rposition(|&c| c == '.').unwrap();
        map[last] = 'D';
        let puzzle: Puzzle = map.iter().collect::<String>().parse().unwrap();
        let graph = Graph::new(&puzzle);
        let n = graph.len() as u32;
        let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
        oracle.cone_bytes = Some(usize::MAX);
        // No skeleton either: the searches are what is tried.
        let _ = oracle.shared.skeleton.set(None);
        // Far questions: a field is bought only where a search passes its
        // cap, so the trial judges the searches.
        let mut t = 0;
        while !matches!(oracle.trial, Trial::Kept | Trial::Aside) {
            let (target, dragon) = (CellId(t % n), CellId((t * 7 + n / 2) % n));
            t += 1;
            if target == dragon {
                continue;
            }
            let expected = by_field(&graph, &graph.distances_from(target), dragon);
            assert_eq!(oracle.shortest_steps(dragon, target), Some(expected));
            assert!(t < 100 * n, "the trial never ended");
        }
        assert_eq!(oracle.trial == Trial::Kept, kept, "{}x cells", n);
    }
}

/// Where the cones answer most questions (an open room with pillars) they
/// are asked before the walks, and where they rarely do (a braided maze)
/// after them; the answers are the distances' either way.
#[test]
fn the_cones_go_first_where_they_answer() {
    use crate::dragon::Random;
    use crate::dragon::cone::tests::{Family, large_map};
    let mut random = Random(0x5851_f42d_4c95_7f2d);
    for (family, first) in [(Family::Pillars, true), (Family::Rooms, false)] {
        let graph = large_map(family, &mut random);
        let n = graph.len() as u64;
        let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
        for _ in 0..40 {
            let target = CellId(random.below(n) as u32);
            let field = graph.distances_from(target);
            for _ in 0..50 {
                let dragon = CellId(random.below(n) as u32);
                if dragon == target || field[dragon.index()] == UNREACHABLE {
                    continue;
                }
                assert_eq!(
                    oracle.shortest_steps(dragon, target),
                    Some(by_field(&graph, &field, dragon)),
                    "{family:?}"
                );
            }
        }
        assert_eq!(
            oracle.cone_credit > 0,
            first,
            "{family:?}: {}",
            oracle.cone_credit
        );
    }
}
