//! The table of (hero, dragon) positions seen by a search.
//!
//! Positions are numbered densely as they are found; all per-position data
//! lives in `Vec`s indexed by that number. Only the lookup from a pair to its
//! number is hashed, because the pairs actually reached are a sparse subset
//! of the n² possible ones. The hash table holds the numbers alone (four
//! bytes a slot): a slot's pair is read from the vector of pairs.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;

use crate::graph::CellId;

/// A dense number for a (hero, dragon) position.
pub(crate) type StateId = u32;

/// Marks "no state" in parent links.
pub(crate) const NO_STATE: StateId = u32::MAX;

#[derive(Default)]
pub(crate) struct StateTable {
    index: HashTable<StateId>,
    /// The pair of each number, side by side: a probe reads one cache line.
    pairs: Vec<[u32; 2]>,
}

#[inline]
fn hash(hero: u32, dragon: u32) -> u64 {
    FxBuildHasher.hash_one((u64::from(hero) << 32) | u64::from(dragon))
}

impl StateTable {
    /// The number of `(hero, dragon)`, and whether it is new.
    #[inline]
    pub(crate) fn intern(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
        let next = self.pairs.len() as StateId;
        let pairs = &self.pairs;
        let pair = [hero.0, dragon.0];
        let entry = self.index.entry(
            hash(hero.0, dragon.0),
            |&id| pairs[id as usize] == pair,
            |&id| {
                let [h, d] = pairs[id as usize];
                hash(h, d)
            },
        );
        match entry {
            Entry::Occupied(e) => (*e.get(), false),
            Entry::Vacant(e) => {
                e.insert(next);
                self.pairs.push(pair);
                (next, true)
            }
        }
    }

    #[inline]
    pub(crate) fn get(&self, id: StateId) -> (CellId, CellId) {
        let [hero, dragon] = self.pairs[id as usize];
        (CellId(hero), CellId(dragon))
    }

    pub(crate) fn len(&self) -> usize {
        self.pairs.len()
    }

    /// The bytes the table holds (see [`super::memory`]).
    pub(crate) fn bytes(&self) -> usize {
        super::memory::hash_table(
            self.index.len(),
            self.index.capacity(),
            size_of::<StateId>(),
        ) + self.len() * 2 * size_of::<u32>()
    }
}
