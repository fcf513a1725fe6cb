//! The table of (hero, dragon) positions seen by a search.
//!
//! Positions are numbered densely as they are found; all per-position data
//! lives in `Vec`s indexed by that number. Only the lookup from a pair to its
//! number is hashed, because the pairs actually reached are a sparse subset
//! of the n² possible ones. A table that gives the numbers of pairs met
//! before ([`StateTable::intern`]) hashes the numbers alone (four bytes a
//! slot, with a control byte each): a slot's pair is read from the vector
//! of pairs.
//!
//! A search that only asks whether a pair is new ([`StateTable::add`])
//! needs no number in its slots, and keeps the pairs themselves there
//! ([`Slots`], open-addressed and probed linearly): a search of millions
//! of positions probes a table far larger than the caches, and a probe
//! then costs the memory reads it makes, here one (the next slots probed
//! share its cache line), where a table of numbers reads its control
//! bytes, the slot and then the pair. On a sparse braid of 1001 tiles a
//! side (12 million positions) the lookups took 46 % of the escape search
//! as a table of numbers; with the pairs in the slots the search takes
//! 15 to 20 % less time. (The survival search, whose lookups come in
//! batches that overlap their misses, and which needs the numbers, gained
//! nothing from twelve-byte slots holding pair and number.)
//!
//! Such a search may instead keep one bit for each possible pair, on a map
//! small enough ([`StateTable::with_bits`]): a probe is then two memory
//! accesses to small tables (a directory and a tile), that stay in the
//! caches where the hash table's slots would not, and the table grows by
//! a tile at a time. The bits of one second number (the dragon's cell) for [`TILE`] hero cells in a row of numbers form a
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

pub(crate) struct StateTable {
    index: Index,
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
fn hash([hero, second]: [u32; 2]) -> u64 {
    FxBuildHasher.hash_one((u64::from(hero) << 32) | u64::from(second))
}

/// An open-addressed hash table of pairs, probed linearly. Each slot
/// holds its pair (`u32::MAX` as hero when free). At most three quarters
/// of the slots are filled: a probe for a pair not in the table then goes
/// over 8.5 slots on average (Knuth's bound for linear probing,
/// ½ (1 + 1/(1 - ¾)²)), eight to a cache line.
struct Slots {
    /// A power of two of slots, or none before the first pair.
    slots: Vec<[u32; 2]>,
    /// Pairs held.
    len: usize,
}

/// The table's index: slots of pairs, for a table asked only whether a
/// pair is new, or a hash table of numbers, whose slots read the pairs
/// back (see the module's documentation).
enum Index {
    Plain(Slots),
    Numbered(HashTable<StateId>),
}

impl Slots {
    /// A free slot (no cell is numbered `u32::MAX`).
    const FREE: [u32; 2] = [u32::MAX; 2];

    /// Slots of the first table.
    const FIRST: usize = 16;

    fn new() -> Slots {
        Slots {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// The first slot probed for a pair, in a table of `slots` slots: the
    /// top bits of a multiplicative hash of the pair, its halves mixed
    /// first so that both reach them.
    #[inline]
    fn home(hero: u32, second: u32, slots: usize) -> usize {
        let key = (u64::from(hero) << 32) | u64::from(second);
        let mixed = (key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - slots.trailing_zeros())) as usize
    }

    /// The most pairs `slots` slots hold.
    fn room(slots: usize) -> usize {
        slots / 4 * 3
    }

    /// The slot of the pair, or the free slot where it would go.
    #[inline]
    fn probe(&self, hero: u32, second: u32) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut at = Self::home(hero, second, self.slots.len());
        loop {
            let slot = &self.slots[at];
            if slot[0] == hero && slot[1] == second {
                return (at, true);
            }
            if slot[0] == u32::MAX {
                return (at, false);
            }
            at = (at + 1) & mask;
        }
    }

    /// The slot holding the pair, if any.
    #[inline]
    fn find(&self, hero: u32, second: u32) -> Option<&[u32; 2]> {
        if self.slots.is_empty() {
            return None;
        }
        let (at, found) = self.probe(hero, second);
        found.then(|| &self.slots[at])
    }

    /// Puts `slot` in unless its pair is held: the slot that holds the
    /// pair, and whether it is new.
    #[inline]
    fn insert(&mut self, slot: [u32; 2]) -> ([u32; 2], bool) {
        if self.len >= Self::room(self.slots.len()) {
            self.grow();
        }
        let (at, found) = self.probe(slot[0], slot[1]);
        if found {
            return (self.slots[at], false);
        }
        self.slots[at] = slot;
        self.len += 1;
        (slot, true)
    }

    /// Moves every pair into a table twice as large.
    #[cold]
    fn grow(&mut self) {
        let slots = (2 * self.slots.len()).max(Self::FIRST);
        let old = std::mem::replace(&mut self.slots, vec![Self::FREE; slots]);
        for slot in old {
            if slot[0] != u32::MAX {
                let (at, _) = self.probe(slot[0], slot[1]);
                self.slots[at] = slot;
            }
        }
    }

    /// The bytes the table holds, and the table twice as large that its
    /// growth builds once it is near full (see [`crate::search::memory`]).
    fn bytes(&self) -> usize {
        let (slots, slot) = (self.slots.len(), size_of::<[u32; 2]>());
        let next = (2 * slots).max(Self::FIRST);
        crate::search::memory::open_table(self.len, Self::room(slots), slots * slot, next * slot)
    }
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

    /// The most bytes the directory and every tile would take.
    fn most_bytes(heroes: usize, width: usize) -> usize {
        let blocks = heroes.div_ceil(TILE);
        width
            .saturating_mul(blocks)
            .saturating_mul(size_of::<u32>() + TILE / 8)
    }
}

impl Default for StateTable {
    /// A table that numbers its pairs, for [`StateTable::intern`].
    fn default() -> StateTable {
        StateTable {
            index: Index::Numbered(HashTable::new()),
            pairs: Vec::new(),
            bits: None,
        }
    }
}

impl StateTable {
    /// A table for pairs of `heroes` hero cells and `width` second numbers
    /// that keeps a bit for each possible pair, when its directory and all
    /// its tiles would take at most an eighth of `memory` (and at most
    /// [`MAX_BITS_BYTES`]); otherwise a hashed one. Either way, ask it with
    /// [`StateTable::add`] only.
    pub(crate) fn with_bits(heroes: usize, width: usize, memory: usize) -> StateTable {
        let bytes = Bits::most_bytes(heroes, width);
        let bits = (bytes <= (memory / 8).min(MAX_BITS_BYTES)).then_some(Bits {
            directory: Vec::new(),
            tiles: Vec::new(),
            blocks: heroes.div_ceil(TILE),
            width,
        });
        StateTable {
            index: Index::Plain(Slots::new()),
            pairs: Vec::new(),
            bits,
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
            self.index = Index::Plain(Slots::new());
        }
    }

    /// The number of `(hero, dragon)`, and whether it is new. Not for a
    /// table with bits, which knows no number of a pair met before.
    #[inline]
    pub(crate) fn intern(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
        debug_assert!(
            matches!(self.index, Index::Numbered(_)),
            "a table with bits only adds"
        );
        self.hashed(hero, dragon)
    }

    #[inline]
    fn hashed(&mut self, hero: CellId, dragon: CellId) -> (StateId, bool) {
        let next = self.pairs.len() as StateId;
        let pair = [hero.0, dragon.0];
        let new = match &mut self.index {
            Index::Plain(slots) => slots.insert(pair).1,
            Index::Numbered(index) => {
                let pairs = &self.pairs;
                let entry = index.entry(
                    hash(pair),
                    |&id| pairs[id as usize] == pair,
                    |&id| hash(pairs[id as usize]),
                );
                match entry {
                    Entry::Occupied(e) => return (*e.get(), false),
                    Entry::Vacant(e) => {
                        e.insert(next);
                        true
                    }
                }
            }
        };
        let id = next;
        if new {
            self.pairs.push([hero.0, dragon.0]);
        }
        (id, new)
    }

    /// Whether `(hero, dragon)` has a number.
    #[inline]
    pub(crate) fn contains(&self, hero: CellId, dragon: CellId) -> bool {
        if let Some(bits) = self.bits.as_ref().filter(|b| !b.directory.is_empty()) {
            return bits.get(hero.0, dragon.0);
        }
        match &self.index {
            Index::Plain(slots) => slots.find(hero.0, dragon.0).is_some(),
            Index::Numbered(index) => {
                let pair = [hero.0, dragon.0];
                let pairs = &self.pairs;
                let found = index.find(hash(pair), |&id| pairs[id as usize] == pair);
                found.is_some()
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

    /// The bytes the table holds (see [`crate::search::memory`]).
    pub(crate) fn bytes(&self) -> usize {
        let index = match &self.index {
            Index::Plain(slots) => slots.bytes(),
            Index::Numbered(index) => crate::search::memory::hash_table(
                index.len(),
                index.capacity(),
                size_of::<StateId>(),
            ),
        };
        index + self.len() * 2 * size_of::<u32>() + self.bits.as_ref().map_or(0, Bits::bytes)
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
