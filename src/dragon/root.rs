//! The root field: distances from one cell (the dragon's start), with its
//! shortest-path structure compressed so that "which of the dragon's steps
//! lead towards the target along shortest paths from the root" costs a visit
//! per *fork* on the way rather than per cell.
//!
//! On a grid every step changes the distance from the root by exactly one
//! (the grid is bipartite), so every edge of the map climbs the field. A cell
//! with exactly one neighbour one level lower (its *parent*) is *single*;
//! following parents down from any cell runs along a *chain* of single cells
//! and stops at its *base*: the root or a cell with several parents (a
//! *merge*, where two shortest paths from the root meet, as at the far side
//! of each loop). The single cells and their parents form a forest whose
//! roots are the bases; an Euler numbering of it answers "is `a` on the
//! chain below `b`" in constant time. In a maze, chains are long and merges
//! few, so the cells one level above `d` that lie on shortest paths from the
//! root to `t` are found by a search over the merges between `d` and `t`.
//!
//! **A tree.** When the field covers the root's whole component and has no
//! merge at all, the component is a tree (a second way between two cells
//! would close a loop, whose far side is a merge), and every question has
//! an answer without a search: the one path from `d` to `t` climbs down
//! from `d` to the first cell on `t`'s chain and then up. So `d`'s step is
//! to its child on `t`'s chain when `d` is on that chain (the Euler
//! numbering tells), and to its parent otherwise. Perfect mazes, and every
//! map as its doors stand that is a tree, are answered in constant time a
//! question.

use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};

/// The radius that builds a field over the root's whole component.
pub(super) const WHOLE: u32 = UNREACHABLE - 1;

/// Distances from a root and their compressed shortest-path structure,
/// over the cells within a given distance of the root (all of them, or a
/// ball). The arrays are kept and rebuilt in place: entries of cells outside
/// the current ball are stale, and `stamp` tells them apart.
pub(super) struct RootField {
    /// Per cell: the build its entries belong to (others are stale), its
    /// distance from the root, its only parent + 1 if single (0 for the root
    /// and merges), and the base of its chain (itself unless single). Kept
    /// together: a search reads them together.
    node: Vec<Node>,
    build: u32,
    /// The radius of the current build.
    radius: u32,
    /// Euler interval of each cell in the forest of single cells.
    span: Vec<Span>,
    /// Whether the field covers the root's whole component and that is a
    /// tree (no merges): every question then has an answer.
    tree: bool,
}

#[derive(Clone, Copy, Default)]
struct Node {
    stamp: u32,
    level: u32,
    up: u32,
    base: u32,
}

/// `[enter, enter + size)`.
#[derive(Clone, Copy, Default)]
struct Span {
    enter: u32,
    size: u32,
}

impl RootField {
    /// Room for a field over `cells` cells; nothing is built yet.
    pub(super) fn with_cells(cells: usize) -> RootField {
        RootField {
            node: vec![Node::default(); cells],
            build: 0,
            radius: 0,
            span: vec![Span::default(); cells],
            tree: false,
        }
    }

    /// Builds the field from `root` over the cells at most `radius` away:
    /// one breadth-first pass that also finds the parents and bases, then two
    /// passes over the cells in its order for the Euler intervals. `order`
    /// and `cursor` are scratch space (`cursor` as long as the map).
    pub(super) fn build(
        &mut self,
        graph: &Graph,
        root: CellId,
        radius: u32,
        order: &mut Vec<u32>,
        cursor: &mut [u32],
    ) {
        self.build = self.build.wrapping_add(1);
        if self.build == 0 {
            self.node.fill(Node::default());
            self.build = 1;
        }
        let build = self.build;
        self.radius = radius;
        order.clear();
        order.push(root.0);
        self.node[root.index()] = Node {
            stamp: build,
            level: 0,
            up: 0,
            base: root.0,
        };
        let mut head = 0;
        let mut merges = 0;
        while let Some(&cell) = order.get(head) {
            head += 1;
            let c = cell as usize;
            let here = self.node[c].level;
            // Every parent (one level lower) was taken off the queue before
            // this cell, so its parents are final now.
            let (mut parents, mut parent) = (0, 0);
            for (_, m) in graph.neighbors(CellId(cell)) {
                let m = m.index();
                let node = &mut self.node[m];
                if node.stamp != build {
                    if here < radius {
                        node.stamp = build;
                        node.level = here + 1;
                        order.push(m as u32);
                    }
                } else if node.level + 1 == here {
                    parents += 1;
                    parent = m as u32;
                }
            }
            let (up, base) = if parents == 1 {
                (parent + 1, self.node[parent as usize].base)
            } else {
                merges += usize::from(parents > 1);
                (0, cell)
            };
            self.node[c].up = up;
            self.node[c].base = base;
            self.span[c].size = 1;
        }
        self.tree = radius == WHOLE && merges == 0;
        // Subtree sizes bottom-up, then Euler intervals top-down.
        for &cell in order.iter().rev() {
            if let Some(parent) = self.node[cell as usize].up.checked_sub(1) {
                self.span[parent as usize].size += self.span[cell as usize].size;
            }
        }
        let mut forest = 0;
        for &cell in order.iter() {
            let c = cell as usize;
            let size = self.span[c].size;
            let enter = match self.node[c].up.checked_sub(1) {
                Some(parent) => {
                    let at = cursor[parent as usize];
                    cursor[parent as usize] += size;
                    at
                }
                None => {
                    let at = forest;
                    forest += size;
                    at
                }
            };
            self.span[c].enter = enter;
            cursor[c] = enter + 1;
        }
    }

    /// About how many bytes a field for `cells` cells takes.
    pub(super) fn bytes_needed(cells: usize) -> usize {
        cells * 6 * size_of::<u32>()
    }

    /// Whether the field covers all the root's component.
    pub(super) fn is_whole(&self) -> bool {
        self.radius == WHOLE
    }

    /// The distance from the root, or [`UNREACHABLE`] outside the field.
    #[inline]
    pub(super) fn level(&self, cell: usize) -> u32 {
        let node = self.node[cell];
        if node.stamp == self.build {
            node.level
        } else {
            UNREACHABLE
        }
    }

    /// Whether `below` is `above` or on the chain under it (reached by
    /// following parents down from `above`).
    #[inline]
    fn on_chain(&self, below: usize, above: usize) -> bool {
        let (low, high) = (self.span[below], self.span[above]);
        self.node[below].base == self.node[above].base
            && low.enter <= high.enter
            && high.enter < low.enter + low.size
    }

    /// The dragon's shortest steps towards `target`, when the root field can
    /// tell: when one of them lies on a shortest path from the root to the
    /// other. Then every shortest path between them follows the field one
    /// level a step, and the steps are those onto cells one level up (the
    /// dragon below) or down (the target below) from which such a path
    /// continues. `None` when neither lies below the other, or when the
    /// search would spread past a few chains per level between them.
    ///
    /// Also returns the work done (chains searched), which stops at `cap`.
    pub(super) fn steps(
        &self,
        graph: &Graph,
        (dragon, target): (CellId, CellId),
        cap: usize,
        scratch: &mut Scratch<'_>,
    ) -> (Option<DirSet>, usize) {
        let (from, to) = (self.level(dragon.index()), self.level(target.index()));
        if from == UNREACHABLE || to == UNREACHABLE {
            return (None, 0);
        }
        if self.tree {
            return (Some(self.tree_step(graph, dragon, target)), 1);
        }
        if from == to {
            return (None, 0);
        }
        let budget = (4 * from.abs_diff(to) as usize + 64).min(cap);
        let mut work = Work { done: 0, budget };
        let mut steps = DirSet::default();
        if from < to {
            // The dragon below: which cells just above it lead up to the target?
            let found = self.search(graph, target, dragon, &mut work, scratch, Some(&mut steps));
            return (found.then_some(steps), work.done);
        }
        // The target below: which of the dragon's parents lead down to it?
        for (dir, parent) in graph.neighbors(dragon) {
            if self.level(parent.index()).wrapping_add(1) != from {
                continue;
            }
            let found = parent == target
                || self.level(parent.index()) > to
                    && self.search(graph, parent, target, &mut work, scratch, None);
            if work.over() {
                return (None, work.done);
            }
            if found {
                steps.insert(dir);
            }
        }
        ((!steps.is_empty()).then_some(steps), work.done)
    }

    /// The distance between the dragon and the target of a question a
    /// walk ([`RootField::steps`]) answered: the difference of their
    /// levels, the one lying on a shortest path from the root to the
    /// other; not known on a tree, whose walk climbs down and up.
    pub(super) fn walked_apart(&self, dragon: CellId, target: CellId) -> Option<u32> {
        let (from, to) = (self.level(dragon.index()), self.level(target.index()));
        (!self.tree).then(|| from.abs_diff(to))
    }

    /// The dragon's one step towards `target` in a tree field (see the
    /// module's documentation, "A tree").
    fn tree_step(&self, graph: &Graph, dragon: CellId, target: CellId) -> DirSet {
        let (d, t) = (dragon.index(), target.index());
        let below_target = self.on_chain(d, t);
        graph
            .neighbors(dragon)
            .filter(|&(_, n)| {
                let n = n.index();
                if below_target {
                    self.node[n].up == dragon.0 + 1 && self.on_chain(n, t)
                } else {
                    self.node[d].up == n as u32 + 1
                }
            })
            .map(|(dir, _)| dir)
            .collect()
    }

    /// Whether `low` lies on a chain below `high` (on a shortest path from
    /// the root to `high`); `high` is higher. With `steps`, also collects the
    /// directions from `low` onto the cells one level up on those paths.
    /// Gives up (false, with `work` over budget) past the budget.
    fn search(
        &self,
        graph: &Graph,
        high: CellId,
        low: CellId,
        work: &mut Work,
        scratch: &mut Scratch<'_>,
        mut steps: Option<&mut DirSet>,
    ) -> bool {
        let epoch = scratch.fresh();
        let level = self.level(low.index());
        let l = low.index();
        let mut reached = false;
        scratch.stack.clear();
        scratch.stack.push(high.0);
        while let Some(top) = scratch.stack.pop() {
            if !work.charge() {
                return false;
            }
            let u = top as usize;
            let b = self.node[u].base as usize;
            if self.node[b].level <= level {
                // The chain crosses `low`'s level: does it pass `low`?
                if self.on_chain(l, u) {
                    reached = true;
                    let Some(steps) = steps.as_deref_mut() else {
                        return true;
                    };
                    for (dir, c) in graph.neighbors(low) {
                        let c = c.index();
                        if self.level(c) == level + 1
                            && self.node[c].up == low.0 + 1
                            && self.on_chain(c, u)
                        {
                            steps.insert(dir);
                        }
                    }
                }
                continue;
            }
            // The chain ends on a merge above `low`'s level: go on below it.
            let just_above = self.node[b].level == level + 1;
            for (_, q) in graph.neighbors(CellId(b as u32)) {
                let qi = q.index();
                if self.level(qi).wrapping_add(1) != self.node[b].level {
                    continue;
                }
                if just_above {
                    if q == low {
                        reached = true;
                        let Some(steps) = steps.as_deref_mut() else {
                            return true;
                        };
                        let dir = graph
                            .neighbors(low)
                            .find(|&(_, c)| c.index() == b)
                            .expect("the merge is next to `low`")
                            .0;
                        steps.insert(dir);
                    }
                } else if scratch.mark[qi] != epoch {
                    scratch.mark[qi] = epoch;
                    scratch.stack.push(q.0);
                }
            }
        }
        reached
    }
}

/// Chains searched so far, against a budget.
struct Work {
    done: usize,
    budget: usize,
}

impl Work {
    /// Counts one more chain; false once over budget.
    fn charge(&mut self) -> bool {
        self.done += 1;
        !self.over()
    }

    fn over(&self) -> bool {
        self.done > self.budget
    }
}

/// Scratch space for the searches, shared with the oracle's other searches:
/// marks (`mark[c] == epoch`: seen in the current search) and a stack.
pub(super) struct Scratch<'a> {
    pub(super) mark: &'a mut [u32],
    pub(super) epoch: &'a mut u32,
    pub(super) stack: &'a mut Vec<u32>,
}

impl Scratch<'_> {
    /// A new epoch: no cell is marked in it.
    pub(super) fn fresh(&mut self) -> u32 {
        *self.epoch = self.epoch.wrapping_add(1);
        if *self.epoch == 0 {
            self.mark.fill(0);
            *self.epoch = 1;
        }
        *self.epoch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::cone::tests::{FAMILIES, map};
    use crate::dragon::{DragonOracle, FloydWarshall, Random};

    /// A whole field on a tree answers every question, as the reference
    /// does, from any root; on a map with a loop, or over a ball, it is no
    /// tree and answers only along its chains; a walk capped at a few
    /// chains gives up there.
    #[test]
    fn a_tree_field_answers_every_question() {
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        let (mut trees, mut loops) = (0, 0);
        for family in FAMILIES {
            for _ in 0..12 {
                let (height, width) =
                    (1 + random.below(14) as usize, 1 + random.below(14) as usize);
                let Some(graph) = map(family, height, width, &mut random) else {
                    continue;
                };
                let n = graph.len();
                let mut reference = FloydWarshall::new(&graph, 1 << 26).unwrap();
                let (mut order, mut cursor) = (Vec::new(), vec![0; n]);
                let (mut mark, mut epoch, mut stack) = (vec![0; n], 0, Vec::new());
                let mut field = RootField::with_cells(n);
                let root = CellId(random.below(n as u64) as u32);
                // The root's component is a tree when it has one edge fewer
                // than cells.
                let reach = graph.distances_from(root);
                let part: Vec<CellId> = (0..n as u32)
                    .map(CellId)
                    .filter(|c| reach[c.index()] != UNREACHABLE)
                    .collect();
                let edges: usize = part.iter().map(|&c| graph.neighbors(c).count()).sum();
                let tree = edges / 2 + 1 == part.len();
                for radius in [WHOLE, 3] {
                    field.build(&graph, root, radius, &mut order, &mut cursor);
                    assert_eq!(field.tree, tree && radius == WHOLE, "{family:?}");
                    for d in (0..n as u32).map(CellId) {
                        for t in (0..n as u32).map(CellId).filter(|&t| t != d) {
                            let mut scratch = Scratch {
                                mark: &mut mark,
                                epoch: &mut epoch,
                                stack: &mut stack,
                            };
                            let (steps, _) = field.steps(&graph, (d, t), usize::MAX, &mut scratch);
                            let expected = reference.shortest_steps(d, t);
                            let in_field = field.level(d.index()) != UNREACHABLE
                                && field.level(t.index()) != UNREACHABLE;
                            // A tree answers every question; otherwise an
                            // answer, when there is one, is the reference's.
                            if field.tree && in_field || steps.is_some() {
                                assert_eq!(steps, expected, "{family:?}: {d:?} to {t:?}");
                            }
                            // A capped walk stops there, and what it answers
                            // is still the reference's.
                            let (capped, work) = field.steps(&graph, (d, t), 4, &mut scratch);
                            assert!(work <= 5, "{family:?}: {work} chains past a cap of 4");
                            if capped.is_some() {
                                assert_eq!(capped, expected, "{family:?}: {d:?} to {t:?}");
                            }
                        }
                    }
                }
                if tree {
                    trees += 1;
                } else {
                    loops += 1;
                }
            }
        }
        assert!(
            trees > 10 && loops > 20,
            "{trees} trees, {loops} maps with loops"
        );
    }
}
