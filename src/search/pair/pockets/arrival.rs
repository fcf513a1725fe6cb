//! An arrival: the jumps into one pocket that land at one turn, and the
//! cells they reach with the turns to spare on each (see the parent
//! module's documentation, "Arrivals").

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::Landing;
use crate::graph::CellId;
use crate::search::pair::state::StateId;

/// The jumps that land when the dragon reaches `c` at the same turn (see
/// the parent module's documentation, "Arrivals").
pub(super) struct Arrival {
    pub(super) c: CellId,
    /// The turn the dragon reaches `c`.
    pub(super) arrive: u32,
    /// The f of a landing on `c` itself: a landing `k` steps from `c` has f
    /// `base + k`.
    pub(super) base: usize,
    /// The jumps made before the arrival spread (the first is the first
    /// jump): their positions, the hero's cells and their g.
    pub(super) waiting: Vec<(StateId, CellId, u32)>,
    /// While it waits, the least distance from `c` with a release queued:
    /// the least a landing of the waiting jumps may have.
    pub(super) queued: usize,
    /// The distance from `c` of the landings to hand out next: a release
    /// below it was overtaken by an earlier one.
    pub(super) next: usize,
    /// The first jump: its position, the hero's and the dragon's cells
    /// there, and its turns.
    pub(super) from: StateId,
    pub(super) hero: CellId,
    pub(super) dragon: CellId,
    pub(super) cost: u32,
    /// For each cell reached, the most turns to spare on it, once a later
    /// jump is not covered by the first (`Pockets::spare`).
    pub(super) spare: Option<FxHashMap<u32, u32>>,
    /// The first jump's landings by distance from `c`: those `k` steps
    /// away are `cells[levels[k]..levels[k + 1]]`.
    pub(super) cells: Vec<u32>,
    pub(super) levels: Vec<u32>,
    /// Whether the hero may wait (`Pockets::waits`).
    pub(super) waits: bool,
}

/// Whether a cell a jump reaches with `spare` turns to spare is a landing
/// (the cut cell aside): any, when the hero may wait; otherwise one of the
/// colour of `c` shifted by the jump's turns, an even number to spare
/// (every move is a step, and changes the colour).
#[inline]
pub(super) fn lands(waits: bool, spare: u32) -> bool {
    waits || spare % 2 == 0
}

impl Arrival {
    /// Notes that a later jump, from `state` with `turns` before the
    /// dragon reaches `c`, reaches `x` with `spare` turns to spare, in the
    /// arrival's map of turns to spare `map` (taken out of
    /// [`Arrival::spare`] meanwhile), and tells whether that is more than
    /// any jump before (so the spreading goes on from `x`). A new cell of
    /// the landing colour is a landing, a jump of its own.
    #[inline]
    pub(super) fn reach(
        &self,
        map: &mut FxHashMap<u32, u32>,
        (state, turns): (StateId, u32),
        (x, spare): (u32, u32),
        out: &mut impl FnMut(Landing),
    ) -> bool {
        match map.entry(x) {
            Entry::Occupied(mut known) => {
                if *known.get() >= spare {
                    return false;
                }
                known.insert(spare);
            }
            Entry::Vacant(new) => {
                new.insert(spare);
                if x != self.c.0 && lands(self.waits, spare) {
                    out(Landing::Jump(state, CellId(x), self.c, turns));
                }
            }
        }
        true
    }

    /// The first distance from `k` on with landings of the first jump.
    pub(super) fn level_from(&self, k: usize) -> Option<usize> {
        (k..self.levels.len().saturating_sub(1)).find(|&k| self.levels[k + 1] > self.levels[k])
    }

    /// Bytes held, roughly.
    pub(super) fn bytes(&self) -> usize {
        self.spare
            .as_ref()
            .map_or(0, |spare| spare.capacity() * (size_of::<(u32, u32)>() + 1))
            + (self.cells.capacity() + self.levels.capacity()) * size_of::<u32>()
    }
}
