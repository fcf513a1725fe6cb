//! The pocket rule's own tests (the rule against the full search is in
//! `pair::tests`).

use super::*;
use crate::dragon::OracleKind;
use crate::puzzle::{Pos, Puzzle};
use crate::search::{Rules, Solver};

/// A later position is covered by an arrival's first jump only when the
/// first dragon's walk passes the later dragon's cell. Here the hero's
/// pocket is the ring below (cut cell at row 6, column 4), reached from
/// the loop above through a corridor. A first jump with the dragon on
/// the loop's left side covers the dragon two steps from the ring at
/// turn 4, where its walk must pass; not a dragon as far as the first
/// on the loop's right side: it reaches the ring at the same turn, but
/// from the other side of the loop.
#[test]
fn a_first_jump_covers_only_where_its_dragon_walks() {
    let map = "\
#########
#...E...#
#.#####.#
#D#####.#
#.......#
####.####
###...###
###.#.###
###.H.###
#########
";
    let puzzle = Puzzle::parse(map.as_bytes()).unwrap();
    let solver = Solver::new(&puzzle);
    let graph = solver.graph();
    let cell = |row, col| graph.cell_at(Pos::new(row, col)).unwrap();
    let (hero, first) = (cell(8, 4), cell(3, 1));
    let mut pockets = Pockets::new(&solver.hanging, &solver.exit_distance, false);
    let oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
    let mut game = Game::new(graph, (hero, first), oracle, Rules::default(), 0);
    assert!(pockets.jumps(&mut game, 0, (hero, first), 0, |_| {}));
    // The dragon 6 steps from the ring's cut cell, so 10 from the hero.
    assert_eq!(pockets.arrivals[0].cost, 6);
    // On the first dragon's walk: two steps from the ring at turn 4,
    // and four at turn 2 (on the loop: no cut cell, so not known).
    assert!(pockets.covered((hero, cell(4, 4)), 4, 6));
    assert!(!pockets.covered((hero, cell(4, 2)), 2, 8));
    // As far on the other side at the start, and the first dragon's
    // cell at the wrong turn.
    assert!(!pockets.covered((hero, cell(3, 7)), 0, 10));
    assert!(!pockets.covered((hero, cell(4, 4)), 2, 6));
    // Another hero cell in the ring, as far from the cut cell.
    assert!(!pockets.covered((cell(7, 3), cell(4, 4)), 4, 4));
    assert_eq!(pockets.covers.take().len(), 1);
}
