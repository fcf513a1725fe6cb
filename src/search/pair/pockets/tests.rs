//! The pocket rule's own tests (the rule against the full search is in
//! `pair::tests`).

use super::*;
use crate::dragon::OracleKind;
use crate::puzzle::{Pos, Puzzle};
use crate::search::pair::tests::{each_priority_start, fresh_game, jumping_chase};
use crate::search::{Rules, Solver, Stats};

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

/// Every cell a spreading stops at covers what lies beyond it: from the
/// covering first jump's position, the game reaches each landing within
/// the stopped cell's turns to spare of it. The hero walks there inside
/// the pocket first, then steps back and forth with a neighbour in the
/// pocket (after a wait, when the turns left are odd), never onto or next
/// to the dragon, and the dragon, replying, ends on the cut cell at the
/// arrival's turn.
#[test]
fn a_spreading_stops_only_where_a_first_jump_covers_what_lies_beyond() {
    let (mut stops, mut landings) = (0, 0);
    each_priority_start(|seed, start, solver, (hero, dragon), rules| {
        let graph = solver.graph();
        let mut pockets = Pockets::new(&solver.hanging, &solver.exit_distance, rules.wait);
        let mut game = fresh_game(graph, (hero, dragon), rules);
        jumping_chase(&mut game, solver, Some(&mut pockets), &mut Stats::default());
        let cuts = Cuts::new(graph);
        for (x, spare, c, arrive, ((at, first), first_g)) in pockets.stops.take() {
            assert_eq!(at, x, "seed {seed}, start {start}: the first jump's hero");
            stops += 1;
            // Breadth first from `x` inside the pocket, within `spare`:
            // each cell with its depth and the one it was reached from.
            let mut seen = vec![(x, 0u32, None)];
            let mut head = 0;
            while let Some(&(cell, depth, _)) = seen.get(head) {
                head += 1;
                for (_, n) in graph.neighbors(cell) {
                    let new = !seen.iter().any(|&(s, ..)| s == n);
                    if depth < spare && new && cuts.in_pocket(n, c) {
                        seen.push((n, depth + 1, Some(head - 1)));
                    }
                }
            }
            for (k, &(to, depth, _)) in seen.iter().enumerate() {
                if to == c || !(rules.wait || (spare - depth) % 2 == 0) {
                    continue;
                }
                let mut walk = Vec::new();
                let mut at = Some(k);
                while let Some(i) = at {
                    walk.push(seen[i].0);
                    at = seen[i].2;
                }
                walk.pop();
                walk.reverse();
                let other = graph
                    .neighbors(to)
                    .map(|(_, n)| n)
                    .find(|&n| cuts.in_pocket(n, c))
                    .expect("a cell of the pocket has a neighbour in it");
                let turns = arrive - first_g;
                if (turns - depth) % 2 == 1 {
                    walk.push(to);
                }
                while (walk.len() as u32) < turns {
                    walk.extend([other, to]);
                }
                assert_eq!(walk.len() as u32, turns, "seed {seed}, start {start}");
                let (mut hero, mut dragon) = (x, first);
                for &cell in &walk {
                    hero = cell;
                    assert!(
                        hero != dragon && !graph.touches(hero, dragon),
                        "seed {seed}, start {start}: a legal step"
                    );
                    game.dragon_replies(dragon, hero, |reply| dragon = reply);
                }
                assert_eq!((hero, dragon), (to, c), "seed {seed}, start {start}");
                landings += 1;
            }
        }
    });
    assert!(
        stops > 3_000 && landings > 20_000,
        "too few: {stops} stops, {landings} landings beyond"
    );
}

/// A spreading into the pocket of the corridor's cut cell (row 4,
/// column 2) stops at the hero's cell in the room below the ring only
/// as far as a first jump from there covers: with its dragon on the
/// corridor, whose walk passes the cut cell, and as many turns to spare
/// as its turns beyond the cut cell; not with its dragon on the ring,
/// inside the pocket, however far.
#[test]
fn a_spreading_stops_only_as_far_as_the_first_jump_covers() {
    let map = "\
###########
#E#.......#
#D#.#####.#
#.#.#####.#
#...#####.#
###.......#
#####.#####
####...####
####.H.####
####...####
###########
";
    let puzzle = Puzzle::parse(map.as_bytes()).unwrap();
    let solver = Solver::new(&puzzle);
    let graph = solver.graph();
    let cell = |row, col| graph.cell_at(Pos::new(row, col)).unwrap();
    let (hero, corridor, ring, near) = (cell(8, 5), cell(2, 1), cell(1, 6), cell(4, 1));
    let (c, deeper) = (cell(4, 2), cell(7, 5));
    let mut pockets = Pockets::new(&solver.hanging, &solver.exit_distance, false);
    let oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
    let mut game = Game::new(graph, (hero, corridor), oracle, Rules::default(), 0);
    for (state, dragon) in [(0, corridor), (1, ring), (2, near)] {
        // A long walk is asked of the oracle over a few tries.
        let jumped = (0..5).any(|_| pockets.jumps(&mut game, state, (hero, dragon), 0, |_| {}));
        assert!(jumped);
    }
    // Both first jumps from the hero's cell into the dead end's pocket.
    let firsts: Vec<_> = pockets
        .arrivals
        .iter()
        .map(|a| (a.c, a.hero, a.cost))
        .collect();
    assert_eq!(
        firsts,
        [(deeper, hero, 9), (deeper, hero, 11), (deeper, hero, 7)]
    );
    // The corridor's dragon reaches `c` at turn 3, six steps above
    // `deeper`: it covers 3 turns to spare, not 4.
    assert!(pockets.beyond_cover(hero, c, 3, 3));
    assert!(!pockets.beyond_cover(hero, c, 3, 4));
    // The ring's dragon is 11 steps from `deeper`, 5 more than `c`, but
    // inside the pocket: it never passes `c`.
    assert!(!pockets.beyond_cover(hero, c, 5, 1));
    // A dragon one step from `c`: the rule of the pocket wants two.
    assert!(!pockets.beyond_cover(hero, c, 1, 1));
    assert_eq!(pockets.stops.take().len(), 1);
}
