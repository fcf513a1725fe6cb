//! What a position of the game is, for every rule set: the hero's cell,
//! each dragon's cell and the locks (keys taken, doors opened), hero to
//! move (docs/RULES.md, "Positions and back-steps", "Several dragons",
//! "Keys and doors"). The official game's position is the special case of
//! one dragon and no locks, which the pair search stores densely as two
//! numbers (`pair::state`); the general engine stores the words of
//! [`Position::write`].
//!
//! The game depends on the *set* of dragon cells only (dragons that meet
//! merge), but a position keeps each dragon by its number, so that each
//! asks its own oracle, whose first root field is at that dragon's start
//! (where its chase comes from): one oracle for all, at 1001 tiles, took 30
//! times as long. Two positions that differ only by which dragon stands
//! where are then stored twice; that costs room, not exactness, as both
//! have the same value.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::graph::{CellId, Graph};
use crate::puzzle::{Locks, MAX_DRAGONS, Pos, Puzzle};

/// A dense number for a position, in the order a table met it.
pub(crate) type StateId = u32;

/// Numbers positions densely as they are met; what a search keeps per
/// position lives in `Vec`s indexed by that number.
pub(crate) trait Table {
    /// The positions it numbers.
    type Position: Copy;
    /// The number of `at`, and whether it is new.
    fn intern(&mut self, at: Self::Position) -> (StateId, bool);
    /// The position of number `id`.
    fn get(&self, id: StateId) -> Self::Position;
    /// `at` with the hero moved to `hero` and nothing else changed (the
    /// escaping move's last position: the exit holds no key or door).
    fn moved(at: Self::Position, hero: CellId) -> Self::Position;
    /// How many positions it numbers.
    fn len(&self) -> usize;
    /// The bytes it holds (see [`super::memory`]).
    fn bytes(&self) -> usize;
}

/// A merged dragon's word, and "no cell".
pub(crate) const NONE: u32 = u32::MAX;

/// Where the pieces stand at the start, as cells of the graph, and where
/// the keys and doors are (a key's or door's number is its place in
/// [`Puzzle::keys`] or [`Puzzle::doors`], the bit of [`Locks`]).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Every dragon, in row-major order.
    dragons: Vec<CellId>,
    /// The keys and the doors, in row-major order (the same as cell order).
    keys: Vec<CellId>,
    doors: Vec<CellId>,
}

impl Layout {
    /// No piece at all: the plain map of a pair game built without a
    /// solver (its one dragon is in the position).
    pub(crate) const EMPTY: Layout = Layout {
        dragons: Vec::new(),
        keys: Vec::new(),
        doors: Vec::new(),
    };

    /// The pieces of `puzzle` on `graph`.
    pub(crate) fn new(puzzle: &Puzzle, graph: &Graph) -> Layout {
        let cells = |list: &[Pos]| -> Vec<CellId> {
            list.iter()
                .map(|&p| graph.cell_at(p).expect("pieces stand on free cells"))
                .collect()
        };
        Layout {
            dragons: cells(puzzle.dragons()),
            keys: cells(puzzle.keys()),
            doors: cells(puzzle.doors()),
        }
    }

    /// About how many bytes the layout holds.
    pub(crate) fn bytes(&self) -> usize {
        (self.dragons.len() + self.keys.len() + self.doors.len()) * size_of::<CellId>()
    }

    /// Whether the map has several dragons, keys or doors: a position is
    /// more than a (hero, dragon) pair.
    pub(crate) fn is_wide(&self) -> bool {
        self.dragons.len() > 1 || self.has_locks()
    }

    /// Whether the map has keys or doors.
    pub(crate) fn has_locks(&self) -> bool {
        !self.keys.is_empty() || !self.doors.is_empty()
    }

    /// The dragons' starts.
    pub(crate) fn dragons(&self) -> &[CellId] {
        &self.dragons
    }

    /// The keys' cells.
    pub(crate) fn keys(&self) -> &[CellId] {
        &self.keys
    }

    /// The doors' cells.
    pub(crate) fn doors(&self) -> &[CellId] {
        &self.doors
    }

    /// The number of the key on `cell`, if one lies there.
    pub(crate) fn key_at(&self, cell: CellId) -> Option<usize> {
        self.keys.binary_search(&cell).ok()
    }

    /// The number of the door on `cell`, if one stands there.
    pub(crate) fn door_at(&self, cell: CellId) -> Option<usize> {
        self.doors.binary_search(&cell).ok()
    }

    /// The game's start.
    pub(crate) fn start(&self, hero: CellId) -> Position {
        Position {
            hero,
            dragons: Dragons::new(&self.dragons),
            locks: Locks::default(),
        }
    }

    /// The words a position of this map takes in a table
    /// ([`Position::write`]): the hero, a word a dragon, and the locks
    /// when the map has keys or doors.
    pub(crate) fn stride(&self) -> usize {
        1 + self.dragons.len() + usize::from(self.has_locks())
    }
}

/// The dragons' cells by dragon number: [`NONE`] for one merged into a
/// dragon of a smaller number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Dragons {
    cells: [u32; MAX_DRAGONS],
    count: u8,
}

impl Dragons {
    /// The dragons on `cells`, by number.
    pub(crate) fn new(cells: &[CellId]) -> Dragons {
        let mut dragons = Dragons::blank(cells.len());
        for (word, cell) in dragons.cells.iter_mut().zip(cells) {
            *word = cell.0;
        }
        dragons.merge();
        dragons
    }

    /// `count` dragons, all merged away, for a caller to set.
    pub(crate) fn blank(count: usize) -> Dragons {
        Dragons {
            cells: [NONE; MAX_DRAGONS],
            count: count as u8,
        }
    }

    /// One dragon on `cell`.
    pub(crate) fn one(cell: CellId) -> Dragons {
        Dragons::new(&[cell])
    }

    /// How many dragons the map started with (merged ones included).
    pub(crate) fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// The cell of dragon `i`, `None` when it merged into another.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<CellId> {
        let word = self.cells[i];
        (word != NONE).then_some(CellId(word))
    }

    /// Sets dragon `i`'s cell, [`NONE`] for merged.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, word: u32) {
        self.cells[i] = word;
    }

    /// The dragons still on the map, by number.
    #[inline]
    pub(crate) fn live(&self) -> impl Iterator<Item = CellId> + Clone + '_ {
        self.cells[..self.count()]
            .iter()
            .filter(|&&d| d != NONE)
            .map(|&d| CellId(d))
    }

    /// The dragons still on the map, in cell (row-major) order.
    pub(crate) fn sorted(&self) -> Vec<CellId> {
        let mut live: Vec<CellId> = self.live().collect();
        live.sort_unstable();
        live
    }

    /// The same dragons, their cells sorted (merged ones last): the same
    /// for every numbering of the same set.
    pub(crate) fn canonical(mut self) -> Dragons {
        let count = self.count();
        self.cells[..count].sort_unstable();
        self
    }

    /// The first dragon in row-major order.
    pub(crate) fn first(&self) -> CellId {
        self.live().min().expect("a position has a dragon")
    }

    /// Dragons that end a move on one cell merge (docs/RULES.md, "Several
    /// dragons"): a dragon on the cell of one of a smaller number leaves
    /// the map.
    #[inline]
    pub(crate) fn merge(&mut self) {
        for i in 1..self.count() {
            if self.cells[i] != NONE && self.cells[..i].contains(&self.cells[i]) {
                self.cells[i] = NONE;
            }
        }
    }
}

/// A position of the game, the hero to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    /// The hero's cell.
    pub(crate) hero: CellId,
    /// Every dragon's cell.
    pub(crate) dragons: Dragons,
    /// The keys taken and the doors opened.
    pub(crate) locks: Locks,
}

impl Position {
    /// The official game's position: the hero on `hero`, one dragon on
    /// `dragon`, no locks.
    pub(crate) fn pair(hero: CellId, dragon: CellId) -> Position {
        Position {
            hero,
            dragons: Dragons::one(dragon),
            locks: Locks::default(),
        }
    }

    /// Writes the position's words into `words` (`stride` of them, see
    /// [`Layout::stride`]).
    #[inline]
    pub(crate) fn write(&self, words: &mut [u32]) {
        let count = self.dragons.count();
        words[0] = self.hero.0;
        words[1..=count].copy_from_slice(&self.dragons.cells[..count]);
        if let Some(last) = words.get_mut(count + 1) {
            *last = self.locks.word();
        }
    }

    /// The position of `words` (as [`Position::write`] left them) on a map
    /// of `count` dragons.
    #[inline]
    pub(crate) fn read(words: &[u32], count: usize) -> Position {
        let mut dragons = Dragons::blank(count);
        dragons.cells[..count].copy_from_slice(&words[1..=count]);
        Position {
            hero: CellId(words[0]),
            dragons,
            locks: words
                .get(count + 1)
                .map_or_else(Locks::default, |&w| Locks::from_word(w)),
        }
    }
}

/// A table of whole positions: each position's words
/// ([`Position::write`]) side by side, and a hash table of numbers (four
/// bytes a slot) whose slots read the words back.
#[derive(Clone)]
pub(crate) struct WideTable {
    stride: usize,
    dragons: usize,
    words: Vec<u32>,
    index: HashTable<StateId>,
}

impl WideTable {
    /// An empty table for positions of `stride` words on a map of
    /// `dragons` dragons.
    pub(crate) fn new(stride: usize, dragons: usize) -> WideTable {
        WideTable {
            stride,
            dragons,
            words: Vec::new(),
            index: HashTable::new(),
        }
    }

    /// The number of position `at`, if the table holds it.
    pub(crate) fn find(&self, at: &Position) -> Option<StateId> {
        let mut words = [0u32; MAX_DRAGONS + 2];
        let key = &mut words[..self.stride];
        at.write(key);
        key[1..=self.dragons].sort_unstable();
        let hash = FxBuildHasher.hash_one(&*key);
        let (table, stride) = (&self.words, self.stride);
        self.index
            .find(hash, |&id| table[id as usize * stride..][..stride] == *key)
            .copied()
    }

    fn words(&self, id: StateId) -> &[u32] {
        let at = id as usize * self.stride;
        &self.words[at..at + self.stride]
    }
}

impl Table for WideTable {
    type Position = Position;

    /// Positions are the same when their hero, locks and *set* of dragon
    /// cells are (docs/RULES.md, "Several dragons"): the table keeps the
    /// dragons' cells sorted, merged ones last, so that every numbering of
    /// the same set is one position. (A position read back numbers its
    /// dragons in that order: each asks the oracle of its rank, which at
    /// the start is its own, rooted where it starts.)
    #[inline]
    fn intern(&mut self, at: Position) -> (StateId, bool) {
        let mut words = [0u32; MAX_DRAGONS + 2];
        let key = &mut words[..self.stride];
        at.write(key);
        key[1..=self.dragons].sort_unstable();
        let hash = FxBuildHasher.hash_one(&*key);
        let (table, stride) = (&self.words, self.stride);
        let entry = self.index.entry(
            hash,
            |&id| table[id as usize * stride..][..stride] == *key,
            |&id| FxBuildHasher.hash_one(&table[id as usize * stride..][..stride]),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(e) => (*e.get(), false),
            hashbrown::hash_table::Entry::Vacant(e) => {
                let id = (self.words.len() / stride) as StateId;
                e.insert(id);
                self.words.extend_from_slice(key);
                (id, true)
            }
        }
    }

    #[inline]
    fn get(&self, id: StateId) -> Position {
        Position::read(self.words(id), self.dragons)
    }

    fn moved(at: Position, hero: CellId) -> Position {
        Position { hero, ..at }
    }

    fn len(&self) -> usize {
        self.words.len() / self.stride
    }

    fn bytes(&self) -> usize {
        super::memory::hash_table(
            self.index.len(),
            self.index.capacity(),
            size_of::<StateId>(),
        ) + self.words.len() * size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dragons_that_meet_merge_into_the_smaller_number() {
        let dragons = Dragons::new(&[CellId(5), CellId(2), CellId(5), CellId(2)]);
        assert_eq!(dragons.live().collect::<Vec<_>>(), [CellId(5), CellId(2)]);
        assert_eq!(dragons.get(2), None);
        assert_eq!(dragons.sorted(), [CellId(2), CellId(5)]);
        assert_eq!(dragons.first(), CellId(2));
        assert_eq!(dragons.count(), 4);
    }

    #[test]
    fn a_position_reads_back_what_it_wrote() {
        let puzzle: Puzzle = "H.k.+.E\n.D..D..\n".parse().unwrap();
        let graph = Graph::new(&puzzle);
        let layout = Layout::new(&puzzle, &graph);
        let mut at = layout.start(graph.hero());
        at.locks = Locks {
            taken: 1,
            opened: 1,
        };
        let mut words = vec![0; layout.stride()];
        at.write(&mut words);
        assert_eq!(words.len(), 4);
        assert_eq!(Position::read(&words, 2), at);
        // The official pair: two words, no locks.
        let pair = Position::pair(CellId(3), CellId(7));
        let mut words = [0; 2];
        pair.write(&mut words);
        assert_eq!(words, [3, 7]);
        assert_eq!(Position::read(&words, 1), pair);
    }
}
