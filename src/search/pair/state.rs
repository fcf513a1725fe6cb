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
//! two memory accesses to small tables (a directory and a tile), where the
//! hash table takes two or three (its control bytes, the slot, the pair),
//! and the table grows by a tile at a time. The bits of one second number
//! (the dragon's cell) for [`TILE`] hero cells in a row of numbers form a
//! tile, made when a pair first falls in it: a search meets a few thousand
//! dragon cells and, for each, heroes in a few parts of the map, so its
//! tiles take a few megabytes where a bit for every pair would spread over
//! tens. On a sparse braid of 201 tiles a side, 275,800 positions fall in
//! 13,248 tiles (1.7 MB) and a directory of 1.6 MB, where a plain bit
//! array had them on 3,466 pages of 4 KB, each zeroed by the operating
//! system on its first touch: the whole solve went from 10,176 page faults
//! to 5,487. The directory too is zeroed as it is touched, which costs: so
//! the table hashes its first [`BITS_FROM`] pairs and only then moves to
//! bits. The budget counts the directory and the tiles made.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;

use crate::graph::CellId;

pub(crate) use crate::search::position::StateId;
use crate::search::position::Table;

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

/// A bit for each possible pair, in tiles: the bits of `(hero, second)`
/// are in the tile of `(second, hero / TILE)`. Until [`BITS_FROM`] pairs,
/// `directory` is empty and the pairs are hashed.
struct Bits {
    /// For each second number, then each block of [`TILE`] hero cells, its
    /// tile's number plus one; 0 while it has no tile.
    directory: Vec<u32>,
    /// The tiles, [`TILE_WORDS`] words each, in the order they were made.
    tiles: Vec<u64>,
    /// Blocks of [`TILE`] hero cells.
    blocks: usize,
    /// Second numbers.
    width: usize,
}

/// Hero cells a tile holds (its bits fill two cache lines).
const TILE: usize = 1 << 10;

/// Words a tile takes.
const TILE_WORDS: usize = TILE / 64;

/// How many pairs a table with bits hashes before it moves to its bits.
const BITS_FROM: usize = 1 << 16;

/// The most bytes the bits of [`StateTable::with_bits`] may take.
const MAX_BITS_BYTES: usize = 128 << 20;

#[inline]
fn hash(hero: u32, dragon: u32) -> u64 {
    FxBuildHasher.hash_one((u64::from(hero) << 32) | u64::from(dragon))
}

impl Bits {
    /// The directory's place of a pair's tile, and the pair's word and bit
    /// in the tile.
    #[inline]
    fn place(&self, hero: u32, second: u32) -> (usize, usize, u64) {
        let (hero, second) = (hero as usize, second as usize);
        debug_assert!(second < self.width, "a second number in range");
        let at = second * self.blocks + hero / TILE;
        let bit = hero % TILE;
        (at, bit / 64, 1 << (bit % 64))
    }

    /// Whether the pair's bit is set.
    #[inline]
    fn get(&self, hero: u32, second: u32) -> bool {
        let (at, word, bit) = self.place(hero, second);
        match self.directory[at] {
            0 => false,
            tile => self.tiles[(tile as usize - 1) * TILE_WORDS + word] & bit != 0,
        }
    }

    /// Sets the pair's bit, and tells whether it was clear.
    #[inline]
    fn set(&mut self, hero: u32, second: u32) -> bool {
        let (at, word, bit) = self.place(hero, second);
        let tile = match self.directory[at] {
            0 => {
                let tile = self.tiles.len() / TILE_WORDS;
                self.tiles.resize(self.tiles.len() + TILE_WORDS, 0);
                self.directory[at] = tile as u32 + 1;
                tile
            }
            tile => tile as usize - 1,
        };
        let word = &mut self.tiles[tile * TILE_WORDS + word];
        let clear = *word & bit == 0;
        *word |= bit;
        clear
    }

    /// Entries of the directory: a tile's place for each second number and
    /// block of hero cells.
    fn entries(&self) -> usize {
        self.width * self.blocks
    }

    /// The bytes the directory (counted before it is made) and the tiles
    /// made take.
    fn bytes(&self) -> usize {
        self.entries() * size_of::<u32>() + self.tiles.capacity() * size_of::<u64>()
    }

    /// Bits for pairs of `heroes` hero cells and `width` second numbers,
    /// their directory not made yet, when the directory and every tile
    /// would take at most an eighth of `memory` (and at most
    /// [`MAX_BITS_BYTES`]).
    fn within(heroes: usize, width: usize, memory: usize) -> Option<Bits> {
        let bytes = Bits::most_bytes(heroes, width);
        (bytes <= (memory / 8).min(MAX_BITS_BYTES)).then(|| Bits {
            directory: Vec::new(),
            tiles: Vec::new(),
            blocks: heroes.div_ceil(TILE),
            width,
        })
    }

    /// The most bytes the directory and every tile would take.
    fn most_bytes(heroes: usize, width: usize) -> usize {
        let blocks = heroes.div_ceil(TILE);
        width
            .saturating_mul(blocks)
            .saturating_mul(size_of::<u32>() + TILE / 8)
    }
}

/// A bit for each possible (hero, dragon) pair, in the tiles of the table
/// with bits (see the module's documentation), without numbers: a set of
/// pairs for a search that keeps nothing else per pair.
pub(crate) struct PairBits(Bits);

impl PairBits {
    /// An empty set for pairs of `heroes` hero cells and `width` dragon
    /// cells, when its directory and every tile would take at most an
    /// eighth of `memory` (and at most [`MAX_BITS_BYTES`]).
    pub(crate) fn within(heroes: usize, width: usize, memory: usize) -> Option<PairBits> {
        let mut bits = Bits::within(heroes, width, memory)?;
        bits.directory = vec![0; bits.entries()];
        Some(PairBits(bits))
    }

    /// Adds the pair, and tells whether it was new.
    #[inline]
    pub(crate) fn insert(&mut self, (hero, dragon): (CellId, CellId)) -> bool {
        self.0.set(hero.0, dragon.0)
    }

    /// Whether the pair is in the set.
    #[inline]
    pub(crate) fn contains(&self, (hero, dragon): (CellId, CellId)) -> bool {
        self.0.get(hero.0, dragon.0)
    }

    /// The bytes the directory and the tiles made take.
    pub(crate) fn bytes(&self) -> usize {
        self.0.bytes()
    }
}

impl StateTable {
    /// A table for pairs of `heroes` hero cells and `width` second numbers
    /// that keeps a bit for each possible pair, when its directory and all
    /// its tiles would take at most an eighth of `memory` (and at most
    /// [`MAX_BITS_BYTES`]); otherwise a hashed one. Either way, ask it with
    /// [`StateTable::add`] only.
    pub(crate) fn with_bits(heroes: usize, width: usize, memory: usize) -> StateTable {
        StateTable {
            bits: Bits::within(heroes, width, memory),
            ..StateTable::default()
        }
    }

    /// The number of `(hero, dragon)` if it is new; `None` if it was met.
    #[inline]
    pub(crate) fn add(&mut self, hero: CellId, dragon: CellId) -> Option<StateId> {
        let Some(bits) = self.bits.as_mut().filter(|b| !b.directory.is_empty()) else {
            let (id, new) = self.hashed(hero, dragon);
            if new && self.pairs.len() == BITS_FROM {
                self.move_to_bits();
            }
            return new.then_some(id);
        };
        if !bits.set(hero.0, dragon.0) {
            return None;
        }
        let next = self.pairs.len() as StateId;
        self.pairs.push([hero.0, dragon.0]);
        Some(next)
    }

    /// Moves a table with bits from hashing to its bits.
    #[cold]
    fn move_to_bits(&mut self) {
        if let Some(bits) = &mut self.bits {
            bits.directory = vec![0; bits.entries()];
            for &[hero, second] in &self.pairs {
                bits.set(hero, second);
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
        if let Some(bits) = self.bits.as_ref().filter(|b| !b.directory.is_empty()) {
            return bits.get(hero.0, dragon.0);
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

    /// The bytes the table holds (see [`crate::search::memory`]).
    pub(crate) fn bytes(&self) -> usize {
        crate::search::memory::hash_table(
            self.index.len(),
            self.index.capacity(),
            size_of::<StateId>(),
        ) + self.len() * 2 * size_of::<u32>()
            + self.bits.as_ref().map_or(0, Bits::bytes)
    }
}

impl Table for StateTable {
    type Position = (CellId, CellId);

    #[inline]
    fn intern(&mut self, (hero, dragon): (CellId, CellId)) -> (StateId, bool) {
        StateTable::intern(self, hero, dragon)
    }

    #[inline]
    fn get(&self, id: StateId) -> (CellId, CellId) {
        StateTable::get(self, id)
    }

    fn moved((_, dragon): (CellId, CellId), hero: CellId) -> (CellId, CellId) {
        (hero, dragon)
    }

    fn len(&self) -> usize {
        StateTable::len(self)
    }

    fn bytes(&self) -> usize {
        StateTable::bytes(self)
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
        /// alike, number them alike, and give the pairs back (the heroes
        /// span three tiles' blocks).
        #[test]
        fn bits_and_hashing_agree(
            pairs in proptest::collection::vec((0u32..3000, 0u32..300), 0..400),
        ) {
            let mut bits = StateTable::with_bits(3000, 300, usize::MAX);
            let mut hashed = StateTable::with_bits(3000, 300, 0);
            prop_assert!(bits.bits.is_some() && hashed.bits.is_none());
            // The pairs hashed first, some of them again, then the test's own.
            let first = (0..BITS_FROM as u32).map(|i| (i / 300, i % 300));
            for (hero, second) in first.chain(pairs.iter().copied()) {
                let (hero, second) = (CellId(hero), CellId(second));
                let added = bits.add(hero, second);
                prop_assert_eq!(added, hashed.add(hero, second));
                prop_assert!(bits.contains(hero, second) && hashed.contains(hero, second));
                if let Some(id) = added {
                    prop_assert_eq!(bits.get(id), (hero, second));
                    prop_assert_eq!(hashed.get(id), (hero, second));
                }
            }
            prop_assert_eq!(bits.len(), hashed.len());
            prop_assert!(!bits.bits.as_ref().unwrap().directory.is_empty(), "moved to bits");
        }
    }

    proptest! {
        /// A numbered table gives each pair the number it had when it was
        /// new, through the growths of its hash table, and counts at least
        /// a slot and the pair for each.
        #[test]
        fn a_numbered_table_keeps_its_numbers(
            pairs in proptest::collection::vec((0u32..60, 0u32..60), 0..3000),
        ) {
            let mut table = StateTable::default();
            let mut model = std::collections::HashMap::new();
            for (hero, dragon) in pairs {
                let next = model.len() as StateId;
                let number = *model.entry((hero, dragon)).or_insert(next);
                let (id, new) = table.intern(CellId(hero), CellId(dragon));
                prop_assert_eq!((id, new), (number, number == next));
                prop_assert_eq!(table.get(id), (CellId(hero), CellId(dragon)));
                prop_assert!(table.bytes() >= table.len() * (4 + 8));
            }
            prop_assert_eq!(table.len(), model.len());
            for (&(hero, dragon), &number) in &model {
                prop_assert!(table.contains(CellId(hero), CellId(dragon)));
                prop_assert_eq!(table.intern(CellId(hero), CellId(dragon)), (number, false));
            }
            prop_assert!(!table.contains(CellId(60), CellId(0)));
        }
    }

    #[test]
    fn bits_are_used_only_where_they_fit() {
        // 20000 cells: 20 blocks of hero cells for each dragon cell, each a
        // directory entry and a tile: 53 MB in all.
        let bytes = 20_000 * 20 * (4 + TILE / 8);
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
        // Over the cap whatever the budget: 40000 cells, 211 MB.
        assert!(
            StateTable::with_bits(40_000, 40_000, usize::MAX)
                .bits
                .is_none()
        );
    }

    #[test]
    fn the_budget_counts_the_directory_and_the_tiles() {
        let mut table = StateTable::with_bits(20_000, 20_000, usize::MAX);
        let directory = 20_000 * 20 * size_of::<u32>();
        assert!(table.bytes() >= directory);
        // Each pair in a tile of its own: four blocks of heroes apart, for
        // every dragon cell.
        let pairs = BITS_FROM + 100;
        for i in 0..pairs {
            let (hero, dragon) = ((i / 20_000 * TILE) as u32, (i % 20_000) as u32);
            assert!(table.add(CellId(hero), CellId(dragon)).is_some());
        }
        assert!(
            !table.bits.as_ref().unwrap().directory.is_empty(),
            "moved to bits"
        );
        assert!(table.bytes() >= directory + pairs * TILE / 8);
        // Met pairs are known as met.
        assert_eq!(table.add(CellId(TILE as u32), CellId(7)), None);
        assert!(table.contains(CellId(TILE as u32), CellId(7)));
        assert!(!table.contains(CellId(TILE as u32 + 1), CellId(7)));
    }
}
