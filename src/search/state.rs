//! The table of (hero, dragon) positions seen by a search.
//!
//! Positions are numbered densely as they are found; all per-position data
//! lives in `Vec`s indexed by that number. Only the lookup from a pair to its
//! number is hashed, because the pairs actually reached are a sparse subset
//! of the n² possible ones.

use rustc_hash::FxHashMap;

use crate::graph::CellId;

/// A dense number for a (hero, dragon) position.
pub(crate) type StateId = u32;

/// Marks "no state" in parent links.
pub(crate) const NO_STATE: StateId = u32::MAX;

#[derive(Default)]
pub(crate) struct StateTable {
    index: FxHashMap<u64, StateId>,
    hero: Vec<u32>,
    dragon: Vec<u32>,
}

impl StateTable {
    /// The number of `(hero, dragon)`, and whether it is new.
    #[inline]
    pub(crate) fn intern(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
        let key = (u64::from(hero.0) << 32) | u64::from(dragon.0);
        let next = self.hero.len() as StateId;
        match self.index.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => (*e.get(), false),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(next);
                self.hero.push(hero.0);
                self.dragon.push(dragon.0);
                (next, true)
            }
        }
    }

    #[inline]
    pub(crate) fn get(&self, id: StateId) -> (CellId, CellId) {
        (
            CellId(self.hero[id as usize]),
            CellId(self.dragon[id as usize]),
        )
    }

    pub(crate) fn len(&self) -> usize {
        self.hero.len()
    }

    /// The bytes the table holds (see [`super::memory`]).
    pub(crate) fn bytes(&self) -> usize {
        super::memory::hash_table(
            self.index.len(),
            self.index.capacity(),
            size_of::<(u64, StateId)>(),
        ) + self.len() * 2 * size_of::<u32>()
    }
}
