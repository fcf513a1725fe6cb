//! The table of (hero, dragon) positions seen by a search.
//!
//! Positions are numbered densely as they are found; all per-position data
//! lives in `Vec`s indexed by that number. Only the lookup from a pair to its
//! number is hashed, because the pairs actually reached are a sparse subset
//! of the n² possible ones. The hash table holds the numbers alone (four
//! bytes a slot): a slot's pair is read from the vector of pairs.
//!
//! A search that only asks whether a pair is new ([`StateTable::add`]),
//! never a known pair's number, may instead keep one bit for each possible
//! pair, on a map small enough ([`StateTable::with_bits`]): a probe is then
//! a single memory access, where the hash table takes two or three (its
//! control bytes, the slot, the pair), and the table stops growing. The
//! bits are zeroed by the operating system as they are touched, a page (or
//! a huge page) at a time, which costs a few milliseconds: so the table
//! hashes its first [`BITS_FROM`] pairs and only then moves to bits. The
//! budget counts every bit.

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
    /// With bits, they replace `index` (see the module's documentation).
    bits: Option<Bits>,
}

/// A bit for each possible pair: `(hero, second)` is bit `hero * width +
/// second`. Until [`BITS_FROM`] pairs, `words` is empty and the pairs are
/// hashed.
struct Bits {
    words: Vec<u64>,
    /// How many words the bits take.
    len: usize,
    width: usize,
}

/// How many pairs a table with bits hashes before it moves to its bits.
const BITS_FROM: usize = 1 << 16;

/// The most bytes the bits of [`StateTable::with_bits`] may take.
const MAX_BITS_BYTES: usize = 128 << 20;

#[inline]
fn hash(hero: u32, dragon: u32) -> u64 {
    FxBuildHasher.hash_one((u64::from(hero) << 32) | u64::from(dragon))
}

impl StateTable {
    /// A table for pairs of `heroes` hero cells and `width` second numbers
    /// that keeps a bit for each possible pair, when those take at most an
    /// eighth of `memory` (and at most [`MAX_BITS_BYTES`]); otherwise a
    /// hashed one. Either way, ask it with [`StateTable::add`] only.
    pub(crate) fn with_bits(heroes: usize, width: usize, memory: usize) -> StateTable {
        let words = heroes.saturating_mul(width).div_ceil(64);
        let bytes = words.saturating_mul(size_of::<u64>());
        let bits = (bytes <= (memory / 8).min(MAX_BITS_BYTES)).then_some(Bits {
            words: Vec::new(),
            len: words,
            width,
        });
        StateTable {
            bits,
            ..StateTable::default()
        }
    }

    /// The number of `(hero, dragon)` if it is new; `None` if it was met.
    #[inline]
    pub(crate) fn add(&mut self, hero: CellId, dragon: CellId) -> Option<StateId> {
        let Some(bits) = self.bits.as_mut().filter(|b| !b.words.is_empty()) else {
            let (id, new) = self.hashed(hero, dragon);
            if new && self.pairs.len() == BITS_FROM {
                self.move_to_bits();
            }
            return new.then_some(id);
        };
        let i = hero.index() * bits.width + dragon.index();
        let (word, bit) = (&mut bits.words[i / 64], 1u64 << (i % 64));
        if *word & bit != 0 {
            return None;
        }
        *word |= bit;
        let next = self.pairs.len() as StateId;
        self.pairs.push([hero.0, dragon.0]);
        Some(next)
    }

    /// Moves a table with bits from hashing to its bits.
    #[cold]
    fn move_to_bits(&mut self) {
        if let Some(bits) = &mut self.bits {
            bits.words = vec![0; bits.len];
            for &[hero, second] in &self.pairs {
                let i = hero as usize * bits.width + second as usize;
                bits.words[i / 64] |= 1 << (i % 64);
            }
            self.index = HashTable::new();
        }
    }

    /// The number of `(hero, dragon)`, and whether it is new. Not for a
    /// table with bits, which knows no number of a pair met before.
    #[inline]
    pub(crate) fn intern(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
        debug_assert!(self.bits.is_none(), "a table with bits only adds");
        self.hashed(hero, dragon)
    }

    #[inline]
    fn hashed(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
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

    /// Whether `(hero, dragon)` has a number.
    #[inline]
    pub(crate) fn contains(&self, hero: CellId, dragon: CellId) -> bool {
        if let Some(bits) = self.bits.as_ref().filter(|b| !b.words.is_empty()) {
            let i = hero.index() * bits.width + dragon.index();
            return bits.words[i / 64] & (1u64 << (i % 64)) != 0;
        }
        let pair = [hero.0, dragon.0];
        self.index
            .find(hash(hero.0, dragon.0), |&id| {
                self.pairs[id as usize] == pair
            })
            .is_some()
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
            + self.bits.as_ref().map_or(0, |b| b.len * size_of::<u64>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // Each case adds 65536 pairs first.
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        /// A table with bits and a hashed one tell new pairs from met ones
        /// alike, number them alike, and give the pairs back.
        #[test]
        fn bits_and_hashing_agree(
            pairs in proptest::collection::vec((0u32..300, 0u32..300), 0..400),
        ) {
            let mut bits = StateTable::with_bits(300, 300, usize::MAX);
            let mut hashed = StateTable::with_bits(300, 300, 0);
            prop_assert!(bits.bits.is_some() && hashed.bits.is_none());
            // The pairs hashed first, some of them again, then the test's own.
            let first = (0..BITS_FROM as u32).map(|i| (i / 300, i % 300));
            for (hero, second) in first.chain(pairs.iter().copied()) {
                let (hero, second) = (CellId(hero), CellId(second));
                let added = bits.add(hero, second);
                prop_assert_eq!(added, hashed.add(hero, second));
                if let Some(id) = added {
                    prop_assert_eq!(bits.get(id), (hero, second));
                    prop_assert_eq!(hashed.get(id), (hero, second));
                }
            }
            prop_assert_eq!(bits.len(), hashed.len());
            prop_assert!(!bits.bits.as_ref().unwrap().words.is_empty(), "moved to bits");
        }
    }

    #[test]
    fn bits_are_used_only_where_they_fit() {
        // 20000 cells: 50 MB of bits.
        let bytes = 20_000usize * 20_000 / 8;
        assert!(
            StateTable::with_bits(20_000, 20_000, 8 * bytes)
                .bits
                .is_some()
        );
        assert!(
            StateTable::with_bits(20_000, 20_000, 8 * bytes - 64)
                .bits
                .is_none()
        );
        // Over the cap whatever the budget: 40000 cells, 200 MB.
        assert!(
            StateTable::with_bits(40_000, 40_000, usize::MAX)
                .bits
                .is_none()
        );
        let table = StateTable::with_bits(20_000, 20_000, usize::MAX);
        assert!(table.bytes() >= bytes, "the budget counts every bit");
    }
}
