//! Cut cells and their pockets: the block-cut tree of the exit's part of
//! the map, rooted at the exit.
//!
//! A *cut cell* `c` is a free cell whose removal splits the map. Root the
//! map at the exit: the cells that reach the exit only through `c` form,
//! with `c`, its *pocket* `S(c)`. The exit is in no pocket but its own.
//! The tree tells in constant time whether a cell is in a pocket, which
//! pocket holding the hero leaves the dragon out (the nearest cut cell and
//! the farthest, by a climb over skip pointers), and whether a cut cell is
//! on every path between two cells. The pocket jumps of
//! [`super::pockets`] stand on it.

use crate::graph::{CellId, Direction, Graph};

const NONE: u32 = u32::MAX;

/// The block-cut tree of the exit's part of the map, rooted at the exit:
/// enough to tell, for a cut cell, which cells its pocket holds.
pub(super) struct Cuts {
    /// Each cell's node: its own if it is a cut cell (or the exit), else its
    /// block's; [`NONE`] for cells apart from the exit.
    node: Vec<u32>,
    /// Each node's parent ([`NONE`] at the root, the exit's node).
    parent: Vec<u32>,
    /// Each node's place in a preorder of the tree, and one past its last
    /// descendant's: a node's subtree is `enter[n]..leave[n]`.
    enter: Vec<u32>,
    leave: Vec<u32>,
    /// The cell of a cut node, [`NONE`] for blocks.
    pub(super) cell: Vec<u32>,
    /// Each cell's node's place in the preorder, [`NONE`] for cells apart
    /// from the exit: the pocket of `c` is the cells whose place is in
    /// [`Cuts::subtree`] of `c`.
    pub(super) place: Vec<u32>,
    /// Each cut node's skip pointer to a cut node above it (see
    /// [`Cuts::new`]), [`NONE`] at the root.
    skip: Vec<u32>,
    /// The nodes in preorder: a node's children follow it, each after the
    /// subtree of the one before.
    order: Vec<u32>,
}

impl Cuts {
    /// Finds the blocks and cut cells of the exit's part of `graph`.
    pub(super) fn new(graph: &Graph) -> Cuts {
        let n = graph.len();
        let exit = graph.exit().index();
        // Depth-first search from the exit (Tarjan's low points), with an
        // explicit stack. A block is found when a child's low point does
        // not reach above its parent; its cells are then on top of `cells`.
        let mut order = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut node = vec![NONE; n];
        let mut parent: Vec<u32> = Vec::new();
        let mut cell: Vec<u32> = Vec::new();
        let mut cells: Vec<u32> = Vec::new();
        // A cell's cut node, made when it is first found on top of a block.
        let mut cut_node = vec![NONE; n];
        let new_node = |parent: &mut Vec<u32>, cell: &mut Vec<u32>, of: u32| {
            parent.push(NONE);
            cell.push(of);
            (parent.len() - 1) as u32
        };
        cut_node[exit] = new_node(&mut parent, &mut cell, exit as u32);
        order[exit] = 0;
        cells.push(exit as u32);
        let mut stack: Vec<(u32, u8)> = vec![(exit as u32, 0)];
        let mut time = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&d) = Direction::ALL.get(*next as usize) {
                *next += 1;
                let Some(CellId(w)) = graph.neighbor(CellId(v), d) else {
                    continue;
                };
                let (v, w) = (v as usize, w as usize);
                if order[w] == NONE {
                    order[w] = time;
                    low[w] = time;
                    time += 1;
                    cells.push(w as u32);
                    stack.push((w as u32, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            stack.pop();
            let Some(&(u, _)) = stack.last() else { break };
            let (u, v) = (u as usize, v as usize);
            low[u] = low[u].min(low[v]);
            if low[v] >= order[u] {
                // A block: `u` on top, and the cells stacked from `v` on.
                if cut_node[u] == NONE {
                    cut_node[u] = new_node(&mut parent, &mut cell, u as u32);
                }
                let block = new_node(&mut parent, &mut cell, NONE);
                parent[block as usize] = cut_node[u];
                loop {
                    let x = cells.pop().expect("the block's cells are stacked") as usize;
                    node[x] = block;
                    if cut_node[x] != NONE {
                        parent[cut_node[x] as usize] = block;
                    }
                    if x == v {
                        break;
                    }
                }
            }
        }
        for (c, &cut) in cut_node.iter().enumerate() {
            if cut != NONE {
                node[c] = cut;
            }
        }
        // A preorder of the tree from the root (node 0).
        let nodes = parent.len();
        let mut first_child = vec![NONE; nodes];
        let mut sibling = vec![NONE; nodes];
        for x in (1..nodes).rev() {
            let p = parent[x] as usize;
            sibling[x] = first_child[p];
            first_child[p] = x as u32;
        }
        let mut enter = vec![0u32; nodes];
        let mut leave = vec![0u32; nodes];
        let mut time = 1;
        let mut walk: Vec<u32> = vec![0];
        // Skip pointers for climbing from cut node to cut node (parent,
        // then its parent), set in preorder so a node's parent has its own:
        // a node's skip goes to its parent, or to its parent's skip's skip
        // when the two skips above the parent are equally long. Climbing by
        // skips where they do not overshoot takes logarithmic time.
        let mut depth = vec![0u32; nodes];
        let mut skip = vec![NONE; nodes];
        while let Some(&x) = walk.last() {
            let child = first_child[x as usize];
            if child == NONE {
                leave[x as usize] = time;
                walk.pop();
            } else {
                first_child[x as usize] = sibling[child as usize];
                enter[child as usize] = time;
                time += 1;
                walk.push(child);
                if cell[child as usize] != NONE && parent[x as usize] != NONE {
                    let up = parent[x as usize] as usize;
                    let c = child as usize;
                    depth[c] = depth[up] + 1;
                    let (s1, s2) = (
                        skip[up],
                        skip.get(skip[up] as usize).copied().unwrap_or(NONE),
                    );
                    skip[c] = if s1 != NONE
                        && s2 != NONE
                        && depth[up] - depth[s1 as usize] == depth[s1 as usize] - depth[s2 as usize]
                    {
                        s2
                    } else {
                        up as u32
                    };
                }
            }
        }
        let place = node
            .iter()
            .map(|&k| if k == NONE { NONE } else { enter[k as usize] })
            .collect();
        let mut order = vec![0; nodes];
        for (k, &t) in enter.iter().enumerate() {
            order[t as usize] = k as u32;
        }
        Cuts {
            order,
            skip,
            place,
            node,
            parent,
            enter,
            leave,
            cell,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        (2 * self.node.len() + 6 * self.parent.len()) * size_of::<u32>()
    }

    /// Whether `cell` lies in the subtree of the node `cut` (a cell apart
    /// from the exit has the place [`NONE`], in no subtree).
    #[inline]
    pub(super) fn inside(&self, cell: CellId, cut: u32) -> bool {
        (self.enter[cut as usize]..self.leave[cut as usize]).contains(&self.place[cell.index()])
    }

    /// The places ([`Cuts::place`]) of the pocket of the cut cell `c`.
    #[inline]
    pub(super) fn subtree(&self, c: CellId) -> std::ops::Range<u32> {
        let k = self.node[c.index()] as usize;
        self.enter[k]..self.leave[k]
    }

    /// Whether `x` is a cut cell that every path from `a` to `b` passes
    /// (`a` and `b` not on it): it is on their path in the tree, as one's
    /// ancestor and not the other's, or as the node where the two meet (if
    /// it has few children: else the answer is no).
    pub(super) fn on_every_path(&self, x: CellId, a: CellId, b: CellId) -> bool {
        let k = self.node[x.index()];
        if k == NONE || self.cell[k as usize] == NONE || a == x || b == x {
            return false;
        }
        match (self.inside(a, k), self.inside(b, k)) {
            (true, true) => self
                .child_towards(k, self.place[b.index()])
                .is_some_and(|child| !self.inside(a, child)),
            (false, false) => false,
            _ => true,
        }
    }

    /// Whether `cell` lies in the pocket of the cut cell `c`.
    #[inline]
    pub(super) fn in_pocket(&self, cell: CellId, c: CellId) -> bool {
        self.inside(cell, self.node[c.index()])
    }

    /// The cut cell whose pocket holds `hero` (not on it) and not `dragon`,
    /// nearest to the hero, if any (see the module's rule), and the one
    /// farthest from it: the dragon's walk to the first passes the second.
    pub(super) fn pocket(&self, hero: CellId, dragon: CellId) -> Option<(CellId, CellId)> {
        let nearest = self.nearest(hero, dragon)?;
        let d = self.node[dragon.index()];
        let c = CellId(self.cell[nearest as usize]);
        let pair = |farthest: u32| Some((c, CellId(self.cell[farthest as usize])));
        // When the dragon's node is above, the farthest is one or two nodes
        // below it, found among their children (when they are few).
        if self.inside(c, d) {
            let at = self.place[c.index()];
            let block = if self.cell[d as usize] == NONE {
                Some(d)
            } else {
                self.child_towards(d, at)
            };
            if let Some(farthest) = block.and_then(|block| self.child_towards(block, at)) {
                return pair(farthest);
            }
        }
        // Else climb while the dragon stays outside: by skips where they do
        // not overshoot, else one cut node up.
        let mut farthest = nearest;
        loop {
            let skip = self.skip[farthest as usize];
            if skip != NONE && !self.inside(dragon, skip) {
                farthest = skip;
                continue;
            }
            let up = self.parent[farthest as usize];
            if up == NONE {
                break;
            }
            let up = self.parent[up as usize];
            if up == NONE || self.inside(dragon, up) {
                break;
            }
            farthest = up;
        }
        pair(farthest)
    }

    /// The node of the cut cell whose pocket holds `hero` (not on it) and
    /// not `dragon`, nearest to the hero, if any: the first of
    /// [`Cuts::pocket`].
    #[inline]
    pub(super) fn nearest(&self, hero: CellId, dragon: CellId) -> Option<u32> {
        let (h, d) = (self.node[hero.index()], self.node[dragon.index()]);
        if h == NONE || d == NONE {
            return None;
        }
        // The hero's block, then the cut node above it.
        let block = if self.cell[h as usize] == NONE {
            h
        } else {
            self.parent[h as usize]
        };
        if block == NONE {
            return None;
        }
        let nearest = self.parent[block as usize];
        (!self.inside(dragon, nearest)).then_some(nearest)
    }

    /// On the way down the tree from the cut cell `top` to the cut cell
    /// `c` in its pocket, where every shortest path from `top` to `c` goes
    /// (`exit_distance` grows down the tree): the cut cell `m` of the way
    /// with `exit_distance[m]` at most `at` and the largest such, and
    /// whether it is exactly `at`. A climb from `c` by skips.
    pub(super) fn on_the_way(
        &self,
        exit_distance: &[u32],
        top: CellId,
        c: CellId,
        at: u32,
    ) -> (CellId, bool) {
        debug_assert!(self.in_pocket(c, top), "`c` is in the pocket of `top`");
        debug_assert!(exit_distance[top.index()] <= at && at <= exit_distance[c.index()]);
        let e = |k: u32| exit_distance[self.cell[k as usize] as usize];
        // The highest cut node of the way at or below `at`, then the one
        // above it.
        let mut x = self.node[c.index()];
        if e(x) <= at {
            return (c, e(x) == at);
        }
        loop {
            let skip = self.skip[x as usize];
            if skip != NONE && e(skip) > at {
                x = skip;
                continue;
            }
            let up = self.parent[self.parent[x as usize] as usize];
            if e(up) > at {
                x = up;
                continue;
            }
            return (CellId(self.cell[up as usize]), e(up) == at);
        }
    }

    /// The child of `k` whose subtree holds the place `at`, if `k` has at
    /// most a few children before it.
    fn child_towards(&self, k: u32, at: u32) -> Option<u32> {
        let mut t = self.enter[k as usize] + 1;
        for _ in 0..8 {
            if t >= self.leave[k as usize] {
                return None;
            }
            let child = self.order[t as usize];
            if at < self.leave[child as usize] {
                return Some(child);
            }
            t = self.leave[child as usize];
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Pos, Puzzle};

    /// A cut cell is on every path between two cells when it is on their
    /// path in the cut tree: above one and not the other, or where their
    /// branches meet; not above both in one branch, nor beside them.
    #[test]
    fn a_cut_cell_on_every_path_is_on_their_path_in_the_tree() {
        let map = "\
#######
#E...D#
###.###
#H....#
#######
";
        let puzzle = Puzzle::parse(map.as_bytes()).unwrap();
        let graph = Graph::new(&puzzle);
        let cuts = Cuts::new(&graph);
        let cell = |row, col| graph.cell_at(Pos::new(row, col)).unwrap();
        let on = |x: (usize, usize), a: (usize, usize), b: (usize, usize)| {
            cuts.on_every_path(cell(x.0, x.1), cell(a.0, a.1), cell(b.0, b.1))
        };
        // Where the two branches of the bottom row meet.
        assert!(on((3, 3), (3, 1), (3, 5)));
        assert!(on((3, 3), (3, 5), (3, 1)));
        // Above both, in one branch.
        assert!(!on((2, 3), (3, 1), (3, 5)));
        // Above one only, either way round.
        assert!(on((2, 3), (1, 5), (3, 1)));
        assert!(on((2, 3), (3, 1), (1, 5)));
        // Beside both, on an end, or one of them.
        assert!(!on((3, 4), (3, 1), (1, 1)));
        assert!(!on((1, 5), (3, 1), (1, 1)));
        assert!(!on((3, 3), (3, 3), (3, 5)));
    }

    /// The cut cell [`Cuts::on_the_way`] names is the deepest cut cell
    /// between `top` and `c` no farther from the exit than asked, as a
    /// brute force over every cut cell finds it, on random maps.
    #[test]
    fn the_way_down_names_the_deepest_cut_cell_above() {
        let mut asked = 0;
        for seed in 0..300 {
            let Some(puzzle) = crate::search::tests::random_map(seed) else {
                continue;
            };
            let graph = Graph::new(&puzzle);
            let cuts = Cuts::new(&graph);
            let e = graph.distances_from(graph.exit());
            let cut: Vec<CellId> = (0..graph.len() as u32)
                .map(CellId)
                .filter(|x| {
                    let k = cuts.node[x.index()];
                    k != NONE && cuts.cell[k as usize] != NONE
                })
                .collect();
            for &top in &cut {
                for &c in cut.iter().filter(|&&c| cuts.in_pocket(c, top)) {
                    for at in e[top.index()]..=e[c.index()] {
                        let deepest = cut
                            .iter()
                            .copied()
                            .filter(|&m| cuts.in_pocket(c, m) && cuts.in_pocket(m, top))
                            .filter(|m| e[m.index()] <= at)
                            .max_by_key(|m| e[m.index()])
                            .expect("`top` is one");
                        assert_eq!(
                            cuts.on_the_way(&e, top, c, at),
                            (deepest, e[deepest.index()] == at),
                            "seed {seed}: from {top:?} to {c:?} at {at}\n{}",
                            puzzle.to_ascii()
                        );
                        asked += 1;
                    }
                }
            }
        }
        assert!(asked > 10_000, "{asked}");
    }
}
