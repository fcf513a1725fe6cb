//! Goal-directed searches for the dragon's steps, for when no root field can
//! tell: A* guided by the Manhattan distance, which is exact in open ground,
//! so there a question costs about the distance between the two pieces
//! rather than the ball of that radius a breadth-first search sweeps.
//!
//! The dragon `d`'s steps towards the target `t` are the directions onto its
//! free neighbours `n` with `dist(t, n) = dist(t, d) - 1`. Every neighbour
//! has `dist(t, n) >= dist(t, d) - 1`, and some neighbour has equality, so
//! `best`, the least `dist(t, n)` over the neighbours, is `dist(t, d) - 1`,
//! and the steps are the neighbours at distance `best`.
//!
//! 1. **From the target** (A*, `h(x) = |x - d|₁ - 1`): the first neighbour
//!    of `d` it settles is at distance `best`.
//! 2. **From each other neighbour `n`** whose Manhattan distance to `t` is
//!    at most `best` (the others are farther): A* towards `t`
//!    (`h(x) = |x - t|₁`) pruned at `f > best`. It proves `dist(n, t) <=
//!    best` when it meets a cell `x` that search 1 reached with
//!    `g₂(x) + g₁(x) <= best` (both are lengths of real paths), and
//!    disproves it when it runs out of cells with `f <= best` (A* with a
//!    consistent heuristic pops every cell on a path of length `<= best`
//!    before that). It gives up past a budget of pops.
//! 3. **If a search 2 gave up**, search 1 resumes and settles the rest of
//!    its last level (`f = best`), where every neighbour at distance `best`
//!    lies, and the steps are the neighbours settled there.
//!
//! Search 1 may be given a cap on the cells it settles: past it the
//! question is left to a full field (see `Outcome::Capped`), which costs
//! a quarter as much a cell, so a question never costs much more than two
//! fields however little the heuristic guides the search.
//!
//! Neither search enters `d` (a path through it to a neighbour is longer
//! than `best + 1`), nor does search 1 expand `d`'s neighbours (a path
//! through one neighbour to another is at least `best + 2` long).
//!
//! Both heuristics are consistent: a step changes a Manhattan distance by
//! exactly one, so along an edge `f = g + h` grows by 0 or 2. Each search
//! therefore keeps two stacks, the cells of the current level and of the
//! next, popped last-in-first-out so that a level is followed deep first,
//! straight across open ground.

use super::landmarks::Landmarks;
use crate::graph::{CellId, DirSet, Direction, Graph};

/// Per-cell marks of one search: `stamp[c] == epoch` when `c` has been
/// reached (with `g[c]` the length of a path to it), `epoch + 1` once
/// settled (`g[c]` exact).
struct Marks {
    stamp: Vec<u32>,
    g: Vec<u32>,
    epoch: u32,
}

impl Marks {
    fn new(cells: usize) -> Marks {
        Marks {
            stamp: vec![0; cells],
            g: vec![0; cells],
            epoch: 0,
        }
    }

    /// Starts a new search: no cell is reached in it.
    fn fresh(&mut self) {
        self.epoch = self.epoch.wrapping_add(2);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 2;
        }
    }

    #[inline]
    fn reached(&self, c: usize) -> bool {
        self.stamp[c].wrapping_sub(self.epoch) <= 1
    }

    #[inline]
    fn settled(&self, c: usize) -> bool {
        self.stamp[c] == self.epoch.wrapping_add(1)
    }

    /// Settles `c`; false if it already was (a stale stack entry).
    #[inline]
    fn settle(&mut self, c: usize) -> bool {
        let fresh = !self.settled(c);
        self.stamp[c] = self.epoch.wrapping_add(1);
        fresh
    }
}

/// The searches' lower bound on a distance: the Manhattan distance, or
/// the landmarks' bound when larger (both consistent, of the same parity).
#[inline]
fn bound(graph: &Graph, landmarks: Option<&Landmarks>, a: CellId, b: CellId) -> u32 {
    let manhattan = graph.manhattan(a, b);
    landmarks.map_or(manhattan, |l| manhattan.max(l.bound(a, b)))
}

/// Search 1 between its two phases: its open cells and level.
struct Frontier {
    level: u32,
    now: Vec<u32>,
    later: Vec<u32>,
}

/// What [`Directed::steps_or_stop`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// No path joins the dragon and its target.
    Apart,
    /// Search 1 settled its cap of cells before a neighbour of the dragon.
    Capped,
    /// The distance between the two, and the dragon's steps unless a
    /// search 2 gave up (then [`Directed::finish_level`] tells them).
    Found(Option<DirSet>, u32),
}

/// What a run of search 1 ended on.
enum Run {
    /// A neighbour of the dragon, settled.
    Reached(CellId),
    /// No open cell within the level asked for.
    Exhausted,
    /// The cap of settled cells.
    Capped,
}

/// Scratch space for the searches: two cells' worth of marks per cell.
pub(super) struct Directed {
    from_target: Marks,
    from_neighbor: Marks,
    frontier: Frontier,
    now: Vec<u32>,
    later: Vec<u32>,
    /// A search 2 gives up after `patience.0 * best + patience.1` pops.
    patience: (usize, usize),
}

impl Directed {
    /// Room for searches over `cells` cells.
    pub(super) fn with_cells(cells: usize) -> Directed {
        Directed {
            from_target: Marks::new(cells),
            from_neighbor: Marks::new(cells),
            frontier: Frontier {
                level: 0,
                now: Vec::new(),
                later: Vec::new(),
            },
            now: Vec::new(),
            later: Vec::new(),
            patience: (4, 64),
        }
    }

    /// About how many bytes the searches take for `cells` cells (the stacks
    /// come on top, as long as the searches grow).
    pub(super) fn bytes_needed(cells: usize) -> usize {
        cells * 4 * size_of::<u32>()
    }

    /// Sets when a search from a neighbour gives up (see `patience`).
    #[cfg(test)]
    pub(super) fn set_patience(&mut self, patience: (usize, usize)) {
        self.patience = patience;
    }

    /// The dragon's shortest steps towards `target` (a different cell) and
    /// the distance between them, `None` when no path joins them; and the
    /// work done (cells settled).
    #[cfg(test)]
    pub(super) fn steps(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        target: CellId,
    ) -> (Option<(DirSet, u32)>, usize) {
        let (outcome, mut work) = self.steps_or_stop(graph, landmarks, dragon, target, usize::MAX);
        let found = match outcome {
            Outcome::Apart => None,
            Outcome::Capped => unreachable!("search 1 had no cap"),
            Outcome::Found(steps, apart) => Some((
                steps.unwrap_or_else(|| {
                    self.finish_level(graph, landmarks, dragon, apart - 1, &mut work)
                }),
                apart,
            )),
        };
        (found, work)
    }

    /// `Directed::steps` (the tests' form), except that search 1 stops
    /// after settling `cap` cells, and that when a search from a neighbour
    /// gives up, the steps are `None`: then either
    /// [`Directed::finish_level`] (next, before any other search) or a full
    /// field tells them. Also returns the work done (cells settled).
    pub(super) fn steps_or_stop(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        target: CellId,
        cap: usize,
    ) -> (Outcome, usize) {
        let mut work = 0;
        let (first, best) =
            match self.search_from_target(graph, landmarks, dragon, target, cap, &mut work) {
                Run::Reached(first) => {
                    let dir = Direction::between(graph.pos(dragon), graph.pos(first))
                        .expect("a neighbour is one step away");
                    (dir, self.from_target.g[first.index()])
                }
                Run::Exhausted => return (Outcome::Apart, work),
                Run::Capped => return (Outcome::Capped, work),
            };
        let mut steps = DirSet::default();
        steps.insert(first);
        let mut undecided = false;
        for (dir, n) in graph.neighbors(dragon) {
            if dir == first {
                continue;
            }
            let decided = if self.from_target.settled(n.index()) {
                Some(self.from_target.g[n.index()] == best)
            } else if bound(graph, landmarks, n, target) > best {
                Some(false)
            } else {
                self.search_from_neighbor(graph, landmarks, dragon, n, target, best, &mut work)
            };
            match decided {
                Some(true) => steps.insert(dir),
                Some(false) => {}
                None => undecided = true,
            }
        }
        (
            Outcome::Found((!undecided).then_some(steps), best + 1),
            work,
        )
    }

    /// Search 1, from `target` until it settles a neighbour of `dragon`
    /// (whose distance is `best`), runs out of cells (no path joins them)
    /// or settles `cap` cells.
    fn search_from_target(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        target: CellId,
        cap: usize,
        work: &mut usize,
    ) -> Run {
        let marks = &mut self.from_target;
        marks.fresh();
        marks.stamp[target.index()] = marks.epoch;
        marks.g[target.index()] = 0;
        let frontier = &mut self.frontier;
        frontier.now.clear();
        frontier.later.clear();
        frontier.now.push(target.0);
        frontier.level = bound(graph, landmarks, target, dragon) - 1;
        self.run_from_target(graph, landmarks, dragon, u32::MAX, cap, work)
    }

    /// Runs search 1 until it settles a neighbour of `dragon`, runs out of
    /// open cells of level at most `last`, or has settled `cap` cells in
    /// all (counted in `work`).
    fn run_from_target(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        last: u32,
        cap: usize,
        work: &mut usize,
    ) -> Run {
        let (marks, frontier) = (&mut self.from_target, &mut self.frontier);
        let h = |x: CellId| bound(graph, landmarks, x, dragon) - 1;
        loop {
            if *work >= cap {
                return Run::Capped;
            }
            let Some(x) = frontier.now.pop() else {
                if frontier.later.is_empty() || frontier.level + 2 > last {
                    return Run::Exhausted;
                }
                std::mem::swap(&mut frontier.now, &mut frontier.later);
                frontier.level += 2;
                continue;
            };
            if !marks.settle(x as usize) {
                continue;
            }
            *work += 1;
            let cell = CellId(x);
            if graph.manhattan(cell, dragon) == 1 {
                return Run::Reached(cell);
            }
            let g = marks.g[x as usize] + 1;
            for (_, y) in graph.neighbors(cell) {
                let m = y.index();
                if y == dragon || marks.reached(m) && marks.g[m] <= g {
                    continue;
                }
                marks.stamp[m] = marks.epoch;
                marks.g[m] = g;
                if g + h(y) == frontier.level {
                    frontier.now.push(y.0);
                } else {
                    frontier.later.push(y.0);
                }
            }
        }
    }

    /// Search 2, from the neighbour `start` of `dragon`: whether
    /// `dist(start, target) <= best`, or `None` past its budget.
    #[allow(clippy::too_many_arguments, reason = "one search's whole question")]
    fn search_from_neighbor(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        start: CellId,
        target: CellId,
        best: u32,
        work: &mut usize,
    ) -> Option<bool> {
        let found = &self.from_target;
        let marks = &mut self.from_neighbor;
        marks.fresh();
        let h = |x: CellId| bound(graph, landmarks, x, target);
        let (now, later) = (&mut self.now, &mut self.later);
        now.clear();
        later.clear();
        let mut level = h(start);
        marks.stamp[start.index()] = marks.epoch;
        marks.g[start.index()] = 0;
        now.push(start.0);
        let mut budget = self.patience.0 * best as usize + self.patience.1;
        loop {
            let Some(x) = now.pop() else {
                if later.is_empty() || level + 2 > best {
                    return Some(false);
                }
                std::mem::swap(now, later);
                level += 2;
                continue;
            };
            let c = x as usize;
            if !marks.settle(c) {
                continue;
            }
            *work += 1;
            budget = budget.checked_sub(1)?;
            let g = marks.g[c];
            if found.reached(c) && g + found.g[c] <= best {
                return Some(true);
            }
            for (_, y) in graph.neighbors(CellId(x)) {
                let m = y.index();
                if y == dragon || marks.reached(m) && marks.g[m] <= g + 1 {
                    continue;
                }
                let f = g + 1 + h(y);
                if f > best {
                    continue;
                }
                marks.stamp[m] = marks.epoch;
                marks.g[m] = g + 1;
                if f == level {
                    now.push(y.0);
                } else {
                    later.push(y.0);
                }
            }
        }
    }

    /// Search 1 resumed: settles the rest of its level `best` and returns
    /// the directions onto the neighbours of `dragon` settled at `best`.
    pub(super) fn finish_level(
        &mut self,
        graph: &Graph,
        landmarks: Option<&Landmarks>,
        dragon: CellId,
        best: u32,
        work: &mut usize,
    ) -> DirSet {
        debug_assert_eq!(self.frontier.level, best, "a neighbour's f is its distance");
        while let Run::Reached(_) =
            self.run_from_target(graph, landmarks, dragon, best, usize::MAX, work)
        {}
        let marks = &self.from_target;
        graph
            .neighbors(dragon)
            .filter(|&(_, n)| marks.settled(n.index()) && marks.g[n.index()] == best)
            .map(|(dir, _)| dir)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::dragon::Random;

    /// A room of `side` tiles a side, with or without a border wall, whose
    /// inner tiles are walls with probability `density` percent.
    fn room(random: &mut Random, side: usize, border: bool, density: u64) -> Option<Graph> {
        let walls: Vec<bool> = (0..side * side)
            .map(|i| {
                let (row, col) = (i / side, i % side);
                let edge = row == 0 || col == 0 || row == side - 1 || col == side - 1;
                border && edge || random.below(100) < density
            })
            .collect();
        crate::dragon::cone::tests::graph_of(side, side, walls)
    }

    /// Every pair of cells on many rooms, with the default patience and with
    /// none (so that search 1 always finishes its level), guided by the
    /// Manhattan distance alone and with landmarks: the steps are the
    /// neighbours one closer by breadth-first distances.
    #[test]
    fn the_steps_are_the_neighbours_one_closer() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut rooms = 0;
        while rooms < 400 {
            let side = 3 + random.below(10) as usize;
            let density = [0, 5, 20, 35, 50][random.below(5) as usize];
            let border = random.below(2) == 0;
            let Some(graph) = room(&mut random, side, border, density) else {
                continue;
            };
            rooms += 1;
            let fields: Vec<Vec<u32>> = (0..graph.len() as u32)
                .map(|t| graph.distances_from(CellId(t)))
                .collect();
            let landmarks = Landmarks::new(&graph, CellId(0), 3, &mut Vec::new());
            for (patience, landmarks) in [
                ((4, 64), None),
                ((0, 0), None),
                ((0, 1), None),
                ((4, 64), Some(&landmarks)),
                ((0, 0), Some(&landmarks)),
            ] {
                let mut directed = Directed::with_cells(graph.len());
                directed.patience = patience;
                for (t, field) in fields.iter().enumerate() {
                    for d in (0..graph.len()).filter(|&d| d != t) {
                        let (dragon, target) = (CellId(d as u32), CellId(t as u32));
                        let expected = (field[d] != crate::graph::UNREACHABLE).then(|| {
                            let steps: DirSet = graph
                                .neighbors(dragon)
                                .filter(|&(_, n)| field[n.index()] + 1 == field[d])
                                .map(|(dir, _)| dir)
                                .collect();
                            (steps, field[d])
                        });
                        assert_eq!(
                            directed.steps(&graph, landmarks, dragon, target).0,
                            expected,
                            "dragon {d}, target {t}, patience {patience:?}, {side}x{side}, \
                             landmarks {}",
                            landmarks.is_some()
                        );
                    }
                }
            }
        }
    }
}
