//! The skeleton's tests: its steps exact on every family of maps, small
//! and larger, open rooms included, and rings and loops traced.

use super::*;
use crate::dragon::Random;
use crate::dragon::cone::tests::{FAMILIES, Family, large_map, map};
use crate::graph::UNREACHABLE;

/// Checks every dragon against `targets` with a reader keeping labels
/// of `bytes`; the number of questions the skeleton answered.
fn check(graph: &Graph, targets: impl Iterator<Item = CellId>, bytes: usize) -> usize {
    let skeleton = Skeleton::of(graph);
    let mut reader = Reader::new(&skeleton, bytes);
    let mut answered = 0;
    for target in targets {
        let field = graph.distances_from(target);
        for dragon in (0..graph.len() as u32).map(CellId) {
            if dragon == target || field[dragon.index()] == UNREACHABLE {
                continue;
            }
            let Some(steps) = reader.steps(&skeleton, graph, dragon, target) else {
                continue;
            };
            assert_eq!(
                Some(steps),
                crate::dragon::steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE),
                "dragon {:?}, target {:?}",
                graph.pos(dragon),
                graph.pos(target)
            );
            answered += 1;
        }
    }
    answered
}

/// Every pair of cells of many small random maps of every family (with
/// and without border walls and closed cells), with room for every
/// label and for almost none (the labels are forgotten again and
/// again): every answer is exact, and in every family with loops the
/// skeleton answers.
#[test]
fn the_skeleton_answers_exactly() {
    let mut random = Random(0x5851_f42d_4c95_7f2d);
    for family in FAMILIES {
        let (mut maps, mut answered) = (0, 0);
        while maps < 40 {
            let (height, width) = if maps % 10 == 0 {
                (1 + random.below(5) as usize, 30 + random.below(60) as usize)
            } else {
                (1 + random.below(16) as usize, 1 + random.below(16) as usize)
            };
            let Some(graph) = map(family, height, width, &mut random) else {
                continue;
            };
            maps += 1;
            let bytes = if maps % 2 == 0 { 1 << 20 } else { 64 };
            answered += check(&graph, (0..graph.len() as u32).map(CellId), bytes);
        }
        if !matches!(family, Family::Perfect) {
            assert!(answered > 0, "{family:?}: the skeleton answered");
        }
    }
}

/// Every dragon for a few targets on larger maps of every family.
#[test]
fn the_skeleton_answers_exactly_on_larger_maps() {
    let mut random = Random(0x2127_599b_f432_5c37);
    for family in FAMILIES {
        let graph = large_map(family, &mut random);
        let n = graph.len() as u64;
        let targets: Vec<CellId> = (0..5).map(|_| CellId(random.below(n) as u32)).collect();
        let answered = check(&graph, targets.into_iter(), 1 << 20);
        if !matches!(family, Family::Perfect) {
            assert!(answered > 0, "{family:?}: the skeleton answered");
        }
    }
}

/// A reader whose labels outgrow its room, on larger maps of every
/// family: past the first time it forgets them, it merges a label only
/// when the labels above are kept and else searches for it alone, and
/// every answer stays exact.
#[test]
fn a_crowded_reader_answers_exactly() {
    let mut random = Random(0x4f1b_bcdc_bfa5_3e0b);
    for family in FAMILIES {
        let graph = large_map(family, &mut random);
        let skeleton = Skeleton::of(&graph);
        let mut reader = Reader::new(&skeleton, 16 << 10);
        let n = graph.len() as u64;
        for _ in 0..4 {
            let target = CellId(random.below(n) as u32);
            let field = graph.distances_from(target);
            for dragon in (0..graph.len() as u32).map(CellId) {
                if dragon == target || field[dragon.index()] == UNREACHABLE {
                    continue;
                }
                if let Some(steps) = reader.steps(&skeleton, &graph, dragon, target) {
                    let want = |c: CellId| field[c.index()];
                    assert_eq!(
                        Some(steps),
                        crate::dragon::steps_from_field(&graph, dragon, want, UNREACHABLE),
                        "{family:?}: dragon {:?}, target {:?}",
                        graph.pos(dragon),
                        graph.pos(target)
                    );
                }
            }
        }
        if skeleton.junctions() > 1000 {
            assert!(reader.crowded, "{family:?}: the labels outgrew the room");
        }
    }
}

/// Open rooms are found in open ground and in the rooms family, and
/// every pair of their cells (inside, ring, outside) is answered
/// exactly, with their insides left out of the junctions.
#[test]
fn open_rooms_answer_exactly() {
    let mut random = Random(0x6c07_8965_d4a5_93c1);
    for family in [Family::Open, Family::Rooms, Family::Pillars] {
        let mut found = 0;
        for _ in 0..12 {
            let (height, width) = (8 + random.below(14) as usize, 8 + random.below(14) as usize);
            let Some(graph) = map(family, height, width, &mut random) else {
                continue;
            };
            let skeleton = Skeleton::of(&graph);
            found += skeleton.shape.rooms.len();
            let inside: usize = skeleton
                .shape
                .rooms
                .iter()
                .map(|r| ((r.bottom - r.top + 1) * (r.right - r.left + 1)) as usize)
                .sum();
            assert!(skeleton.junctions() + inside <= graph.len());
            check(&graph, (0..graph.len() as u32).map(CellId), 1 << 20);
        }
        if !matches!(family, Family::Pillars) {
            assert!(found > 0, "{family:?}: rooms were found");
        }
    }
}

/// A ring of cells with no junction, a loop hanging from one junction
/// and a chain between two: the corner cases of the tracing.
#[test]
fn rings_and_loops_are_traced() {
    use crate::puzzle::Puzzle;
    for text in [
        // A ring alone (no junction: one cell is made one).
        "#####\n#HD.#\n#.#.#\n#..E#\n#####\n",
        // A ring with a tail: the tail's end is a tree of a junction.
        "#######\n#H..D.#\n#.###.#\n#.....#\n###.###\n###E###\n",
        // Two rings sharing a wall.
        "#######\n#H.#.D#\n#.....#\n#..#.E#\n#######\n",
    ] {
        let puzzle = Puzzle::parse(text.as_bytes()).unwrap();
        let graph = Graph::new(&puzzle);
        let n = graph.len() as u32;
        let answered = check(&graph, (0..n).map(CellId), 1 << 20);
        assert!(answered > 0, "{text}");
    }
}
