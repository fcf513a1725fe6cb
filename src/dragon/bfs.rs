//! The default oracle: breadth-first distance fields towards each hero cell,
//! built when first needed and kept in a fixed number of cache slots.

use super::{DragonOracle, steps_from_field};
use crate::error::Error;
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};

const NO_SLOT: u32 = u32::MAX;

/// Lazily built BFS distance fields, one per target cell, within a memory budget.
///
/// When every slot is taken, the oldest field is replaced (a round-robin
/// clock), so memory stays bounded whatever the search asks.
pub struct BfsFields<'g> {
    graph: &'g Graph,
    slot_of: Vec<u32>,
    owner: Vec<u32>,
    fields: Vec<u32>,
    slots: usize,
    next_victim: usize,
    queue: Vec<u32>,
    built: u64,
}

impl<'g> BfsFields<'g> {
    /// An empty cache for `graph` holding as many fields as fit `memory_budget` bytes.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when not even one field fits.
    pub fn new(graph: &'g Graph, memory_budget: usize) -> Result<Self, Error> {
        let n = graph.len();
        let field_bytes = n.max(1) * size_of::<u32>();
        let fixed = n * 2 * size_of::<u32>();
        let slots = memory_budget.saturating_sub(fixed) / field_bytes;
        if slots == 0 {
            return Err(Error::TooLarge {
                message: format!(
                    "one distance field of {n} cells needs {} bytes, over the memory budget of {memory_budget}",
                    field_bytes + fixed
                ),
            });
        }
        Ok(BfsFields {
            graph,
            slot_of: vec![NO_SLOT; n],
            owner: Vec::new(),
            fields: Vec::new(),
            slots: slots.min(n),
            next_victim: 0,
            queue: Vec::with_capacity(n),
            built: 0,
        })
    }

    /// How many fields have been computed so far (a measure of cache misses).
    pub fn fields_built(&self) -> u64 {
        self.built
    }

    /// The distance field towards `target`, computing it if needed.
    fn field(&mut self, target: CellId) -> &[u32] {
        let n = self.graph.len();
        let slot = match self.slot_of[target.index()] {
            NO_SLOT => {
                let slot = if self.owner.len() < self.slots {
                    self.owner.push(target.0);
                    self.fields.resize(self.owner.len() * n, UNREACHABLE);
                    self.owner.len() - 1
                } else {
                    let victim = self.next_victim;
                    self.next_victim = (victim + 1) % self.slots;
                    self.slot_of[self.owner[victim] as usize] = NO_SLOT;
                    self.owner[victim] = target.0;
                    self.fields[victim * n..(victim + 1) * n].fill(UNREACHABLE);
                    victim
                };
                self.slot_of[target.index()] = slot as u32;
                let field = &mut self.fields[slot * n..(slot + 1) * n];
                self.graph.fill_distances(target, field, &mut self.queue);
                self.built += 1;
                slot
            }
            slot => slot as usize,
        };
        &self.fields[slot * n..(slot + 1) * n]
    }
}

impl DragonOracle for BfsFields<'_> {
    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        let graph = self.graph;
        let field = self.field(target);
        steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE)
    }
}
