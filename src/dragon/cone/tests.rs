//! The cones' tests: every pair of many small random maps of every family
//! against breadth-first distances, and the default oracle with its cones
//! against the Floyd–Warshall reference. The map families live here, for
//! the oracle's other tests too.

use super::*;
use crate::graph::UNREACHABLE;
use crate::puzzle::{Pos, Puzzle};

use crate::dragon::Random;

/// The families of maps, as wall grids of `height` x `width` tiles.
#[derive(Clone, Copy, Debug)]
pub(in crate::dragon) enum Family {
    /// Walls anywhere, with a random density.
    Scattered,
    /// One open room.
    Open,
    /// One open room with single-tile pillars.
    Pillars,
    /// A wall on every (even, even) tile, or (odd, odd).
    Lattice,
    /// A perfect maze (a depth-first spanning tree of cells two tiles apart).
    Perfect,
    /// A braided maze with open rectangular rooms carved in.
    Rooms,
}

pub(in crate::dragon) const FAMILIES: [Family; 6] = [
    Family::Scattered,
    Family::Open,
    Family::Pillars,
    Family::Lattice,
    Family::Perfect,
    Family::Rooms,
];

fn walls(family: Family, height: usize, width: usize, random: &mut Random) -> Vec<bool> {
    let mut walls = vec![false; height * width];
    match family {
        Family::Scattered => {
            let density = [5, 15, 30, 45][random.below(4) as usize];
            walls.iter_mut().for_each(|w| *w = random.chance(density));
        }
        Family::Open => {}
        Family::Pillars => {
            let density = 2 + random.below(25);
            for r in 0..height {
                for c in 0..width {
                    let touched = (r.saturating_sub(1)..(r + 2).min(height)).any(|rr| {
                        (c.saturating_sub(1)..(c + 2).min(width)).any(|cc| walls[rr * width + cc])
                    });
                    walls[r * width + c] = !touched && random.chance(density);
                }
            }
        }
        Family::Lattice => {
            let odd = random.below(2) as usize;
            for r in 0..height {
                for c in 0..width {
                    walls[r * width + c] = r % 2 == odd && c % 2 == odd;
                }
            }
        }
        Family::Perfect | Family::Rooms => {
            walls.fill(true);
            let (rows, cols) = (height.div_ceil(2), width.div_ceil(2));
            let mut seen = vec![false; rows * cols];
            let mut stack = vec![(0, 0)];
            seen[0] = true;
            walls[0] = false;
            while let Some(&(r, c)) = stack.last() {
                let next: Vec<(usize, usize)> = [(0_usize, 1_usize), (2, 1), (1, 0), (1, 2)]
                    .into_iter()
                    .filter_map(|(dr, dc)| {
                        let (r, c) = ((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?);
                        (r < rows && c < cols && !seen[r * cols + c]).then_some((r, c))
                    })
                    .collect();
                if next.is_empty() {
                    stack.pop();
                    continue;
                }
                let (nr, nc) = next[random.below(next.len() as u64) as usize];
                seen[nr * cols + nc] = true;
                walls[(r + nr) * width + c + nc] = false;
                walls[2 * nr * width + 2 * nc] = false;
                stack.push((nr, nc));
            }
            if let Family::Rooms = family {
                // Loops, then a few rooms.
                for r in 0..height {
                    for c in 0..width {
                        if (r + c) % 2 == 1 && random.chance(10) {
                            walls[r * width + c] = false;
                        }
                    }
                }
                for _ in 0..1 + height * width / 300 {
                    let (h, w) = (2 + random.below(12) as usize, 2 + random.below(12) as usize);
                    let (r0, c0) = (
                        random.below(height as u64) as usize,
                        random.below(width as u64) as usize,
                    );
                    for r in r0..(r0 + h).min(height) {
                        walls[r * width + c0..r * width + (c0 + w).min(width)].fill(false);
                    }
                }
            }
        }
    }
    walls
}

/// A map of `family` of 60 to 159 tiles a side, wider and taller than
/// a word, drawn until one has a graph.
pub(in crate::dragon) fn large_map(family: Family, random: &mut Random) -> Graph {
    loop {
        let (height, width) = (
            60 + random.below(100) as usize,
            60 + random.below(100) as usize,
        );
        if let Some(graph) = map(family, height, width, random) {
            return graph;
        }
    }
}

/// The graph of a `w` x `h` map with these walls (row-major), the pieces
/// on its first three free cells; `None` with fewer.
pub(in crate::dragon) fn graph_of(w: usize, h: usize, walls: Vec<bool>) -> Option<Graph> {
    let free: Vec<Pos> = (0..h * w)
        .filter(|&i| !walls[i])
        .map(|i| Pos::new(i / w, i % w))
        .collect();
    if free.len() < 3 {
        return None;
    }
    let puzzle = Puzzle::new(w, h, walls, free[0], free[1], free[2]).ok()?;
    Some(Graph::new(&puzzle))
}

/// A random map of `family`, a border of walls around it or not, with
/// a few of its cells closed (doors, cut off as `Graph::with_closed`
/// does) or none; `None` when it has too few free tiles.
pub(in crate::dragon) fn map(
    family: Family,
    height: usize,
    width: usize,
    random: &mut Random,
) -> Option<Graph> {
    let inner = walls(family, height, width, random);
    let border = random.chance(50);
    let (h, w) = if border {
        (height + 2, width + 2)
    } else {
        (height, width)
    };
    let walls: Vec<bool> = (0..h * w)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            if border {
                r == 0 || c == 0 || r == h - 1 || c == w - 1 || inner[(r - 1) * width + c - 1]
            } else {
                inner[i]
            }
        })
        .collect();
    let graph = graph_of(w, h, walls)?;
    Some(if random.chance(25) {
        let closed: Vec<CellId> = (0..graph.len() as u32)
            .filter(|_| random.chance(3))
            .map(CellId)
            .collect();
        graph.with_closed(&closed)
    } else {
        graph
    })
}

/// Asks the cone about every dragon for each of `targets`: what it
/// answers is exact (the neighbours one closer, by the breadth-first
/// distances, and the distance), it answers every pair a staircase
/// joins, and, when `every` is set, every pair at most `2 * AWAY` over
/// the Manhattan distance (on small maps the level sweeps' budget
/// always allows them all). How many pairs it answered by a staircase,
/// and how many by the level sweeps.
fn check(graph: &Graph, targets: impl Iterator<Item = CellId>, every: bool) -> (usize, usize) {
    let mut cone = Cone::new(graph);
    let (mut staircases, mut levels) = (0, 0);
    for target in targets {
        let field = graph.distances_from(target);
        for dragon in (0..graph.len() as u32).map(CellId).filter(|&d| d != target) {
            let dist = field[dragon.index()];
            let manhattan = graph.manhattan(dragon, target);
            let expected = (dist != UNREACHABLE).then(|| {
                let steps = graph
                    .neighbors(dragon)
                    .filter(|&(_, n)| field[n.index()] + 1 == dist)
                    .map(|(dir, _)| dir)
                    .collect::<DirSet>();
                (steps, dist)
            });
            let (answer, mut work) = cone.steps(graph, dragon, target);
            let answer = answer.or_else(|| {
                let (answer, more) = cone.steps_away(graph, dragon, target);
                work += more;
                answer
            });
            let at = (graph.pos(dragon), graph.pos(target));
            match answer {
                Some(answer) => assert_eq!(Some(answer), expected, "{at:?}"),
                None => {
                    let within = dist != UNREACHABLE && dist <= manhattan + 2 * AWAY as u32;
                    assert!(dist != manhattan, "a staircase is always found: {at:?}");
                    assert!(!(every && within), "within the levels: {at:?}");
                }
            }
            // A staircase sweeps the rectangle once; the level sweeps
            // stay within their budget.
            let (d, t) = (graph.pos(dragon), graph.pos(target));
            let (rows, cols) = (d.row.abs_diff(t.row) + 1, d.col.abs_diff(t.col) + 1);
            let words = |lines: usize, bits: usize| lines * bits.div_ceil(64);
            let once = words(rows, cols).min(words(cols, rows));
            let budget = level_budget(rows * cols, rows + cols - 2);
            assert!(work <= once + budget, "work {work}");
            if answer.is_some() {
                staircases += usize::from(dist == manhattan);
                levels += usize::from(dist > manhattan);
            }
        }
    }
    (staircases, levels)
}

/// Every pair of cells of many small random maps of every family, with
/// and without border walls and closed cells.
#[test]
fn the_cone_answers_exactly_the_pairs_a_few_steps_away_over_manhattan() {
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    for family in FAMILIES {
        let (mut maps, mut staircases, mut levels) = (0, 0, 0);
        while maps < 60 {
            let (height, width) = if maps % 10 == 0 {
                (1 + random.below(6) as usize, 60 + random.below(80) as usize)
            } else {
                (1 + random.below(14) as usize, 1 + random.below(14) as usize)
            };
            let (height, width) = if random.chance(50) {
                (height, width)
            } else {
                (width, height)
            };
            let Some(graph) = map(family, height, width, &mut random) else {
                continue;
            };
            maps += 1;
            let (s, l) = check(&graph, (0..graph.len() as u32).map(CellId), true);
            staircases += s;
            levels += l;
        }
        assert!(staircases > 0, "{family:?}: the cone answered some pairs");
        if !matches!(family, Family::Open) {
            assert!(
                levels > 0,
                "{family:?}: the level sweeps answered some pairs"
            );
        }
    }
}

/// Every dragon for a few targets on larger maps of every family, wider
/// and taller than a word, where the sweep's carries cross words.
#[test]
fn the_cone_answers_exactly_across_words() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    for family in FAMILIES {
        for _ in 0..3 {
            let graph = large_map(family, &mut random);
            let n = graph.len() as u64;
            let targets: Vec<CellId> = (0..6).map(|_| CellId(random.below(n) as u32)).collect();
            check(&graph, targets.into_iter(), false);
        }
    }
}

/// The default oracle, with its cones, against the Floyd–Warshall
/// reference on every pair of random maps of every family, with room to
/// spare, with room for nothing past its fixed part (no cone, no
/// field, no landmarks), and with its skeleton bought at the first
/// question no walk answers (and no cones: in every family with loops
/// the skeleton answers some); and with a few targets on larger maps
/// against breadth-first distances, with room for the cones only. A
/// distance told with the steps is the reference's.
#[test]
fn the_default_oracle_answers_as_the_reference() {
    use crate::dragon::{BfsFields, DragonOracle, FloydWarshall};
    let mut random = Random(0x0123_4567_89ab_cdef);
    for family in FAMILIES {
        let (mut maps, mut skeletal, mut distances_told) = (0, 0, 0);
        while maps < 16 {
            let (height, width) = (1 + random.below(16) as usize, 1 + random.below(16) as usize);
            let Some(graph) = map(family, height, width, &mut random) else {
                continue;
            };
            maps += 1;
            let n = graph.len() as u32;
            let mut reference = FloydWarshall::new(&graph, 1 << 26).unwrap();
            for way in ["spare", "squeezed", "skeleton"] {
                let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
                match way {
                    "squeezed" => oracle.set_room(oracle.bytes()),
                    "skeleton" => oracle.skeleton_first(),
                    _ => {}
                }
                for t in (0..n).map(CellId) {
                    for d in (0..n).map(CellId).filter(|&d| d != t) {
                        let answer = oracle.shortest_steps_apart(d, t);
                        let expected = reference.shortest_steps_apart(d, t);
                        let at = (family, graph.pos(d), graph.pos(t));
                        assert_eq!(answer.map(|a| a.0), expected.map(|e| e.0), "{at:?}");
                        // A distance told is the distance.
                        let told = answer.and_then(|a| a.1);
                        if told.is_some() {
                            assert_eq!(told, expected.and_then(|e| e.1), "{at:?}");
                        }
                        distances_told += u32::from(told.is_some());
                    }
                }
                skeletal += oracle.skeletal();
            }
        }
        if !matches!(family, Family::Perfect) {
            assert!(skeletal > 0, "{family:?}: the skeleton answered");
            assert!(distances_told > 0, "{family:?}: distances were told");
        }
        for _ in 0..2 {
            let graph = large_map(family, &mut random);
            let n = graph.len() as u64;
            let mut oracle = BfsFields::new(&graph, 1 << 26).unwrap();
            oracle.set_room(oracle.bytes() + Cone::bytes_needed(&graph));
            for _ in 0..4 {
                let target = CellId(random.below(n) as u32);
                let field = graph.distances_from(target);
                for d in (0..n as u32).map(CellId).filter(|&d| d != target) {
                    let expected = (field[d.index()] != UNREACHABLE).then(|| {
                        graph
                            .neighbors(d)
                            .filter(|&(_, c)| field[c.index()] + 1 == field[d.index()])
                            .map(|(dir, _)| dir)
                            .collect::<DirSet>()
                    });
                    let answer = oracle.shortest_steps_apart(d, target);
                    assert_eq!(answer.map(|a| a.0), expected, "{family:?}");
                    if let Some((_, Some(told))) = answer {
                        assert_eq!(told, field[d.index()], "{family:?}");
                    }
                }
            }
            if matches!(family, Family::Open | Family::Pillars | Family::Lattice) {
                assert!(oracle.coned() > 0, "{family:?}: the cones answered");
            }
        }
    }
}
