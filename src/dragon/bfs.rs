//! The default oracle: breadth-first search from the hero's cell, stopped as
//! soon as it reaches the dragon, with full distance fields cached for the
//! targets whose searches grow large.

use super::{DragonOracle, steps_from_field};
use crate::error::Error;
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};

const NO_SLOT: u32 = u32::MAX;

/// A bounded search that discovers more than `1 / PROMOTE_SHARE` of the
/// cells is replaced by a cached full field for its target.
const PROMOTE_SHARE: usize = 8;

/// Breadth-first answers within a memory budget.
///
/// A query (dragon `d`, hero `t`) runs a BFS from `t` that stops the moment
/// it discovers `d`: by then every cell one step closer to `t` than `d` has
/// its distance, which is all the answer needs, and the cost is the ball of
/// radius dist(d, t) rather than the whole map. Targets whose balls are large
/// get a full distance field, cached in a fixed number of slots and replaced
/// round-robin, so memory stays bounded whatever the search asks. Cells in
/// another connected component are recognised without a search (the dragon
/// sleeps).
pub struct BfsFields<'g> {
    graph: &'g Graph,
    component: Vec<u32>,
    /// Scratch for bounded searches: `dist[c]` is valid where `mark[c] == epoch`.
    mark: Vec<u32>,
    dist: Vec<u32>,
    epoch: u32,
    /// For each target cell, the slot holding its field, or `NO_SLOT`.
    slot_of: Vec<u32>,
    /// For each slot, the target whose field it holds, and the field.
    owner: Vec<u32>,
    fields: Vec<Box<[u32]>>,
    slots: usize,
    next_victim: usize,
    queue: Vec<u32>,
    built: u64,
}

impl<'g> BfsFields<'g> {
    /// An oracle for `graph` using at most about `memory_budget` bytes.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the scratch arrays and one field do not fit.
    pub fn new(graph: &'g Graph, memory_budget: usize) -> Result<Self, Error> {
        let n = graph.len();
        let field_bytes = n.max(1) * size_of::<u32>();
        let fixed = n * 6 * size_of::<u32>();
        let slots = memory_budget.saturating_sub(fixed) / field_bytes;
        if slots == 0 {
            return Err(Error::TooLarge {
                message: format!(
                    "the dragon oracle for {n} cells needs {} bytes, over the memory budget of {memory_budget}",
                    field_bytes + fixed
                ),
            });
        }
        Ok(BfsFields {
            graph,
            component: components(graph),
            mark: vec![0; n],
            dist: vec![0; n],
            epoch: 0,
            slot_of: vec![NO_SLOT; n],
            owner: Vec::new(),
            fields: Vec::new(),
            slots: slots.min(n),
            next_victim: 0,
            queue: Vec::with_capacity(n),
            built: 0,
        })
    }

    /// How many full fields have been computed so far.
    pub fn fields_built(&self) -> u64 {
        self.built
    }

    /// Caches the full distance field towards `target` and returns its slot.
    fn promote(&mut self, target: CellId) -> usize {
        let slot = if self.owner.len() < self.slots {
            self.owner.push(target.0);
            self.fields
                .push(vec![UNREACHABLE; self.graph.len()].into_boxed_slice());
            self.owner.len() - 1
        } else {
            let victim = self.next_victim;
            self.next_victim = (victim + 1) % self.slots;
            self.slot_of[self.owner[victim] as usize] = NO_SLOT;
            self.owner[victim] = target.0;
            self.fields[victim].fill(UNREACHABLE);
            victim
        };
        self.slot_of[target.index()] = slot as u32;
        self.graph
            .fill_distances(target, &mut self.fields[slot], &mut self.queue);
        self.built += 1;
        slot
    }

    /// BFS from `target` until `dragon` is discovered; returns how many
    /// cells were discovered. Distances are left in `dist` under `epoch`.
    fn bounded_search(&mut self, dragon: CellId, target: CellId) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
        let (epoch, mark, dist, queue) =
            (self.epoch, &mut self.mark, &mut self.dist, &mut self.queue);
        queue.clear();
        queue.push(target.0);
        mark[target.index()] = epoch;
        dist[target.index()] = 0;
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            let next = dist[cell as usize] + 1;
            for (_, n) in self.graph.neighbors(CellId(cell)) {
                if mark[n.index()] != epoch {
                    mark[n.index()] = epoch;
                    dist[n.index()] = next;
                    if n == dragon {
                        return queue.len() + 1;
                    }
                    queue.push(n.0);
                }
            }
        }
        queue.len()
    }
}

/// A component number for every cell (cells share one iff a path joins them).
fn components(graph: &Graph) -> Vec<u32> {
    let mut component = vec![u32::MAX; graph.len()];
    let mut stack = Vec::new();
    let mut next = 0;
    for start in 0..graph.len() {
        if component[start] != u32::MAX {
            continue;
        }
        component[start] = next;
        stack.push(CellId(start as u32));
        while let Some(cell) = stack.pop() {
            for (_, n) in graph.neighbors(cell) {
                if component[n.index()] == u32::MAX {
                    component[n.index()] = next;
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    component
}

impl DragonOracle for BfsFields<'_> {
    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        let graph = self.graph;
        if self.component[dragon.index()] != self.component[target.index()] {
            return None;
        }
        let mut slot = self.slot_of[target.index()];
        if slot == NO_SLOT {
            let discovered = self.bounded_search(dragon, target);
            if discovered * PROMOTE_SHARE <= graph.len() {
                let (mark, dist, epoch) = (&self.mark, &self.dist, self.epoch);
                let distance = |c: CellId| {
                    if mark[c.index()] == epoch {
                        dist[c.index()]
                    } else {
                        UNREACHABLE
                    }
                };
                return steps_from_field(graph, dragon, distance, UNREACHABLE);
            }
            slot = self.promote(target) as u32;
        }
        let field = &self.fields[slot as usize];
        steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE)
    }
}
