//! The dense graph of walkable cells: [`CellId`] indices, fixed four-slot
//! adjacency in [`Direction`] order, and breadth-first distance fields.

use std::fmt;

use crate::puzzle::{Locks, Pos, Puzzle};

/// One of the four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
pub enum Direction {
    /// Towards row 0.
    Up = 0,
    /// Towards column 0.
    Left = 1,
    /// Away from row 0.
    Down = 2,
    /// Away from column 0.
    Right = 3,
}

impl Direction {
    /// The four directions in the official order: up, left, down, right.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Left,
        Direction::Down,
        Direction::Right,
    ];

    /// The direction that undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Left => Direction::Right,
            Direction::Down => Direction::Up,
            Direction::Right => Direction::Left,
        }
    }

    /// The neighbour of `pos` in this direction, if it is not above or left
    /// of the grid (the caller checks the lower and right bounds).
    pub fn step(self, pos: Pos) -> Option<Pos> {
        Some(match self {
            Direction::Up => Pos::new(pos.row.checked_sub(1)?, pos.col),
            Direction::Left => Pos::new(pos.row, pos.col.checked_sub(1)?),
            Direction::Down => Pos::new(pos.row + 1, pos.col),
            Direction::Right => Pos::new(pos.row, pos.col + 1),
        })
    }

    /// The direction that leads from `from` to the adjacent `to`.
    pub fn between(from: Pos, to: Pos) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.step(from) == Some(to))
    }

    /// The capitalised name, as in step lists: `Up`, `Left`, `Down`, `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "Up",
            Direction::Left => "Left",
            Direction::Down => "Down",
            Direction::Right => "Right",
        }
    }

    /// The one-letter form used in priority strings: `U`, `L`, `D`, `R`.
    pub fn letter(self) -> char {
        self.name().as_bytes()[0] as char
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of directions (a 4-bit mask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DirSet(u8);

impl DirSet {
    /// The empty set.
    pub const EMPTY: DirSet = DirSet(0);

    /// Adds a direction.
    pub fn insert(&mut self, d: Direction) {
        self.0 |= 1 << d as u8;
    }

    /// Whether the set holds `d`.
    pub fn contains(self, d: Direction) -> bool {
        self.0 & (1 << d as u8) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many directions the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set as four bits, a direction's bit at its place in the
    /// official order.
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    /// The set of four bits (see [`DirSet::bits`]).
    pub(crate) fn from_bits(bits: u8) -> DirSet {
        DirSet(bits & 0xF)
    }

    /// The directions in the official order.
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.contains(d))
    }
}

impl FromIterator<Direction> for DirSet {
    fn from_iter<I: IntoIterator<Item = Direction>>(iter: I) -> Self {
        let mut set = DirSet::EMPTY;
        iter.into_iter().for_each(|d| set.insert(d));
        set
    }
}

/// A walkable cell's index in a [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(pub u32);

impl CellId {
    /// The index as `usize`, for `Vec` indexing.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The distance marking an unreachable cell in a distance field.
pub const UNREACHABLE: u32 = u32::MAX;

const NONE: u32 = u32::MAX;

/// A cell's row and column, stored in half the room of a [`Pos`] (a grid
/// has fewer than `u32::MAX` tiles).
#[derive(Clone, Copy, Debug)]
struct Place {
    row: u32,
    col: u32,
}

/// The walkable cells of a [`Puzzle`] and their four-way adjacency.
///
/// Cells are numbered in row-major order, so the numbering never decides
/// anything about the game: ties are broken by [`Direction`], not by id.
#[derive(Clone, Debug)]
pub struct Graph {
    width: usize,
    /// One bit per tile, row-major, 64 tiles to a word: set where the tile
    /// is walkable.
    walkable: Vec<u64>,
    /// How many walkable tiles come before each word of `walkable`. With
    /// row-major numbering, a walkable tile's id is the number of walkable
    /// tiles before it: a small index where a table of ids would take four
    /// bytes a tile.
    ids_before: Vec<u32>,
    pos: Vec<Place>,
    adjacent: Vec<[u32; 4]>,
    hero: CellId,
    dragon: CellId,
    exit: CellId,
}

impl Graph {
    /// About how many bytes [`Graph::new`] allocates for a map of `tiles`
    /// tiles, `width` a row, `cells` of them free: per cell its four
    /// neighbours and its place, per 64 tiles a word and a count, and two
    /// rows of scratch.
    pub(crate) fn bytes_needed(cells: usize, tiles: usize, width: usize) -> usize {
        let per_cell = size_of::<[u32; 4]>() + size_of::<Place>();
        let per_word = size_of::<u64>() + size_of::<u32>();
        cells
            .saturating_mul(per_cell)
            .saturating_add(tiles.div_ceil(64).saturating_mul(per_word))
            .saturating_add(width.saturating_mul(2 * size_of::<u32>()))
    }

    /// Builds the graph of `puzzle`'s free cells.
    pub fn new(puzzle: &Puzzle) -> Graph {
        let width = puzzle.width();
        let walls = puzzle.walls();
        let mut walkable = Vec::with_capacity(walls.len().div_ceil(64));
        let mut ids_before = Vec::with_capacity(walkable.capacity());
        let mut cells = 0;
        for tiles in walls.chunks(64) {
            let word = (0..)
                .zip(tiles)
                .fold(0, |word, (i, &wall)| word | u64::from(!wall) << i);
            walkable.push(word);
            ids_before.push(cells);
            cells += word.count_ones();
        }
        // Number the cells row by row; link each new cell with its
        // neighbours above and to the left, both ways.
        let mut pos = Vec::with_capacity(cells as usize);
        let mut adjacent: Vec<[u32; 4]> = Vec::with_capacity(cells as usize);
        let mut above = vec![NONE; width];
        let mut here = vec![NONE; width];
        for (row, tiles) in (0..).zip(walls.chunks_exact(width)) {
            for (col, &wall) in (0..).zip(tiles) {
                let c = col as usize;
                if wall {
                    here[c] = NONE;
                    continue;
                }
                // Puzzle::new guarantees fewer than u32::MAX cells.
                let id = pos.len() as u32;
                let up = above[c];
                let left = c.checked_sub(1).map_or(NONE, |l| here[l]);
                let mut slots = [NONE; 4];
                slots[Direction::Up as usize] = up;
                slots[Direction::Left as usize] = left;
                if up != NONE {
                    adjacent[up as usize][Direction::Down as usize] = id;
                }
                if left != NONE {
                    adjacent[left as usize][Direction::Right as usize] = id;
                }
                adjacent.push(slots);
                pos.push(Place { row, col });
                here[c] = id;
            }
            std::mem::swap(&mut above, &mut here);
        }
        let mut graph = Graph {
            width,
            walkable,
            ids_before,
            pos,
            adjacent,
            hero: CellId(0),
            dragon: CellId(0),
            exit: CellId(0),
        };
        // Puzzle::new guarantees that the pieces stand on free cells.
        [graph.hero, graph.dragon, graph.exit] = [puzzle.hero(), puzzle.dragon(), puzzle.exit()]
            .map(|p| graph.cell_at(p).expect("pieces stand on free cells"));
        graph
    }

    /// The number of walkable cells.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether there are no walkable cells (never true for a valid puzzle).
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// The hero's start cell.
    pub fn hero(&self) -> CellId {
        self.hero
    }

    /// The dragon's start cell.
    pub fn dragon(&self) -> CellId {
        self.dragon
    }

    /// The exit cell.
    pub fn exit(&self) -> CellId {
        self.exit
    }

    /// Where a cell is on the grid.
    pub fn pos(&self, cell: CellId) -> Pos {
        let Place { row, col } = self.pos[cell.index()];
        Pos::new(row as usize, col as usize)
    }

    /// The walkable cell at `pos`, if any.
    pub fn cell_at(&self, pos: Pos) -> Option<CellId> {
        if pos.col >= self.width {
            return None;
        }
        let tile = pos.row.checked_mul(self.width)?.checked_add(pos.col)?;
        // Bits past the last tile are clear: walls, as outside the grid.
        let word = *self.walkable.get(tile / 64)?;
        let bit = 1 << (tile % 64);
        let before = (word & (bit - 1)).count_ones();
        (word & bit != 0).then(|| CellId(self.ids_before[tile / 64] + before))
    }

    /// The walkable neighbour of `cell` in direction `d`.
    #[inline]
    pub fn neighbor(&self, cell: CellId, d: Direction) -> Option<CellId> {
        let id = self.adjacent[cell.index()][d as usize];
        (id != NONE).then_some(CellId(id))
    }

    /// The walkable neighbours of `cell`, in direction order.
    #[inline]
    pub fn neighbors(&self, cell: CellId) -> impl Iterator<Item = (Direction, CellId)> + '_ {
        let slots = &self.adjacent[cell.index()];
        Direction::ALL
            .into_iter()
            .filter(move |&d| slots[d as usize] != NONE)
            .map(move |d| (d, CellId(slots[d as usize])))
    }

    /// The other neighbour of `cell` when it has exactly two and one is
    /// `from`. A walk that stepped from `from` onto `cell` along a shortest
    /// path to a cell other than `cell` goes on there: the other neighbour
    /// is a step farther from the target (every step changes the distance
    /// by one), and a cell on a shortest path has a shortest step onwards.
    #[inline]
    pub(crate) fn onward(&self, cell: CellId, from: CellId) -> Option<CellId> {
        let mut neighbors = self.neighbors(cell).map(|(_, n)| n);
        match (neighbors.next(), neighbors.next(), neighbors.next()) {
            (Some(a), Some(b), None) if a == from => Some(b),
            (Some(a), Some(b), None) if b == from => Some(a),
            _ => None,
        }
    }

    /// Whether the two cells are the same or orthogonally adjacent on the grid.
    #[inline]
    pub fn touches(&self, a: CellId, b: CellId) -> bool {
        self.pos(a).touches(self.pos(b))
    }

    /// The same graph with `closed` cut off: they keep their numbers (and
    /// their places) but no edge leads in or out, so no path passes them
    /// (the doors still closed, in the keys-and-doors variant).
    pub(crate) fn with_closed(&self, closed: &[CellId]) -> Graph {
        let mut graph = self.clone();
        for &cell in closed {
            for (d, next) in self.neighbors(cell) {
                graph.adjacent[next.index()][d.opposite() as usize] = NONE;
            }
            graph.adjacent[cell.index()] = [NONE; 4];
        }
        graph
    }

    /// The map as its doors stand: the same graph with the doors of
    /// `doors` that `locks` leaves closed cut off (docs/RULES.md, "Keys and
    /// doors": a closed door is a wall to everyone). `doors` are the door
    /// cells in the puzzle's order, so bit `i` of [`Locks::opened`] is
    /// `doors[i]`.
    pub(crate) fn with_doors(&self, doors: &[CellId], locks: Locks) -> Graph {
        let closed: Vec<CellId> = (0..doors.len())
            .filter(|&i| !locks.is_open(i))
            .map(|i| doors[i])
            .collect();
        self.with_closed(&closed)
    }

    /// About how many bytes the graph holds.
    pub(crate) fn bytes(&self) -> usize {
        self.walkable.len() * size_of::<u64>()
            + self.ids_before.len() * size_of::<u32>()
            + self.pos.len() * size_of::<Place>()
            + self.adjacent.len() * size_of::<[u32; 4]>()
    }

    /// The Manhattan distance between two cells: a lower bound on the
    /// length of any path between them.
    #[inline]
    pub(crate) fn manhattan(&self, a: CellId, b: CellId) -> u32 {
        let (a, b) = (self.pos[a.index()], self.pos[b.index()]);
        a.row.abs_diff(b.row) + a.col.abs_diff(b.col)
    }

    /// Whether a path of at most `steps` steps (through free cells) joins
    /// `a` to `b`, for `steps` up to [`Graph::WITHIN_MAX`]. A breadth-first
    /// search of the cells within `steps` of `a`, on the stack: nothing is
    /// allocated, and a pair farther apart on the grid is answered at once.
    ///
    /// # Panics
    /// When `steps` is over [`Graph::WITHIN_MAX`].
    pub(crate) fn within(&self, a: CellId, b: CellId, steps: u32) -> bool {
        const R: usize = Graph::WITHIN_MAX as usize;
        const SIDE: usize = 2 * R + 1;
        assert!(steps <= Graph::WITHIN_MAX, "a reach of at most {R} steps");
        let manhattan = self.manhattan(a, b);
        if manhattan > steps {
            return false;
        }
        if manhattan <= 1 {
            // The same cell, or grid neighbours: both free, so joined.
            return true;
        }
        let origin = self.pos[a.index()];
        // Every cell within `steps` of `a` lies in the square of side SIDE
        // about it; its slot holds its distance plus one (0: unseen).
        let slot = |c: u32| {
            let p = self.pos[c as usize];
            (p.row as usize + R - origin.row as usize) * SIDE
                + (p.col as usize + R - origin.col as usize)
        };
        let mut seen = [0u8; SIDE * SIDE];
        let mut queue = [0u32; SIDE * SIDE];
        let (mut head, mut tail) = (0, 1);
        queue[0] = a.0;
        seen[slot(a.0)] = 1;
        while head < tail {
            let c = queue[head];
            head += 1;
            let d = u32::from(seen[slot(c)]) - 1;
            if d == steps {
                continue;
            }
            for &n in &self.adjacent[c as usize] {
                if n == NONE || seen[slot(n)] != 0 {
                    continue;
                }
                if n == b.0 {
                    return true;
                }
                seen[slot(n)] = d as u8 + 2;
                queue[tail] = n;
                tail += 1;
            }
        }
        false
    }

    /// The farthest reach [`Graph::within`] answers.
    pub(crate) const WITHIN_MAX: u32 = 8;

    /// Breadth-first distances from `source` to every cell
    /// ([`UNREACHABLE`] where there is no path).
    pub fn distances_from(&self, source: CellId) -> Vec<u32> {
        let mut dist = vec![UNREACHABLE; self.len()];
        self.fill_distances(source, &mut dist, &mut self.new_queue());
        dist
    }

    /// The cell farthest from `source` by path (the first in numbering, so
    /// row-major order, on ties) and its distance: one sweep of the double
    /// sweep that finds a longest shortest path.
    #[cfg_attr(
        not(feature = "mapgen"),
        expect(dead_code, reason = "only the generator asks")
    )]
    pub(crate) fn farthest_from(&self, source: CellId) -> (CellId, u32) {
        let dist = self.distances_from(source);
        let (cell, &d) = dist
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != UNREACHABLE)
            .max_by_key(|&(i, &d)| (d, std::cmp::Reverse(i)))
            .expect("the source reaches itself");
        (CellId(cell as u32), d)
    }

    /// The length of a shortest path between two cells, `None` if none.
    ///
    /// A breadth-first search from `a` that stops as soon as it reaches `b`,
    /// so near pairs are cheap.
    pub fn distance(&self, a: CellId, b: CellId) -> Option<u32> {
        let mut dist = vec![UNREACHABLE; self.len()];
        self.search(a, &mut dist, &mut self.new_queue(), Some(b))
    }

    /// A queue for [`Graph::search`]: zeroed by the allocator, so only the
    /// part a search uses is ever written.
    fn new_queue(&self) -> Vec<u32> {
        vec![0; self.len() + 1]
    }

    /// Fills `dist` (already all [`UNREACHABLE`], one entry per cell) with
    /// breadth-first distances from `source`, using `queue` as scratch space.
    pub(crate) fn fill_distances(&self, source: CellId, dist: &mut [u32], queue: &mut Vec<u32>) {
        self.search(source, dist, queue, None);
    }

    /// A breadth-first search from `source` that fills `dist` (all
    /// [`UNREACHABLE`] before) until it takes `target` from the queue, and
    /// returns `target`'s distance. `queue` ends up holding the cells
    /// reached, in the order they were reached.
    ///
    /// The loop has no branch that depends on the map: on a maze, where
    /// whether a neighbour is open or new is a coin toss, mispredicted
    /// branches would cost more than the work. Each of a cell's four slots
    /// reads a distance (the cell's own for an empty slot), keeps the
    /// smaller of it and the new one (a cell already reached is never
    /// farther), and writes the neighbour to the queue's end, which only
    /// moves on when the neighbour is new.
    fn search(
        &self,
        source: CellId,
        dist: &mut [u32],
        queue: &mut Vec<u32>,
        target: Option<CellId>,
    ) -> Option<u32> {
        // Every cell enters the queue at most once, and one more slot takes
        // the writes that do not count.
        queue.resize(self.len() + 1, 0);
        dist[source.index()] = 0;
        queue[0] = source.0;
        let (mut head, mut tail) = (0, 1);
        let mut found = None;
        while head < tail {
            let cell = queue[head];
            head += 1;
            if Some(CellId(cell)) == target {
                found = Some(dist[cell as usize]);
                break;
            }
            let next = dist[cell as usize] + 1;
            for &slot in &self.adjacent[cell as usize] {
                let n = if slot == NONE { cell } else { slot };
                let seen = dist[n as usize];
                dist[n as usize] = seen.min(next);
                queue[tail] = n;
                tail += usize::from(seen == UNREACHABLE);
            }
        }
        queue.truncate(tail);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_cells_keep_their_numbers_and_lose_their_edges() {
        let puzzle: crate::Puzzle = "H...\n.#..\n...E\nD...".parse().unwrap();
        let graph = Graph::new(&puzzle);
        let door = graph.cell_at(Pos::new(0, 1)).unwrap();
        let other = graph.cell_at(Pos::new(2, 0)).unwrap();
        let cut = graph.with_closed(&[door, other]);
        assert_eq!(cut.len(), graph.len());
        assert_eq!(cut.pos(door), graph.pos(door));
        assert_eq!(cut.neighbors(door).count(), 0);
        for cell in (0..graph.len() as u32).map(CellId) {
            assert!(cut.neighbors(cell).all(|(_, n)| n != door && n != other));
        }
        // The hero must now go round: down is cut at (2,0), right at (0,1).
        assert_eq!(graph.distance(graph.hero(), graph.exit()), Some(5));
        assert_eq!(cut.distance(graph.hero(), graph.exit()), None);
        let exit_side = cut.distances_from(graph.exit());
        assert_eq!(exit_side[graph.cell_at(Pos::new(0, 2)).unwrap().index()], 3);
    }

    #[test]
    fn adjacency_follows_the_grid() {
        let p: Puzzle = "H.#\n.DE\n".parse().unwrap();
        let g = Graph::new(&p);
        assert_eq!(g.len(), 5);
        let hero = g.hero();
        let got: Vec<_> = g.neighbors(hero).map(|(d, c)| (d, g.pos(c))).collect();
        assert_eq!(
            got,
            [
                (Direction::Down, Pos::new(1, 0)),
                (Direction::Right, Pos::new(0, 1))
            ]
        );
        assert_eq!(g.neighbor(g.exit(), Direction::Up), None);
        let dist = g.distances_from(g.exit());
        assert_eq!(dist[hero.index()], 3);
        assert_eq!(g.distance(hero, g.exit()), Some(3));
        assert_eq!(g.distance(hero, hero), Some(0));
    }

    /// `within` agrees with the breadth-first distance for every pair and
    /// reach on a small map with walls between near cells.
    #[test]
    fn within_is_the_path_distance_bounded() {
        let p: Puzzle = "H.#....\n.#..#.#\n...D#.E\n##.#...\n.......\n"
            .parse()
            .unwrap();
        let g = Graph::new(&p);
        for a in 0..g.len() as u32 {
            let dist = g.distances_from(CellId(a));
            for b in 0..g.len() as u32 {
                for steps in 0..=Graph::WITHIN_MAX {
                    assert_eq!(
                        g.within(CellId(a), CellId(b), steps),
                        dist[b as usize] <= steps,
                        "{a} to {b} within {steps}"
                    );
                }
            }
        }
    }

    #[test]
    fn dirset_iterates_in_official_order() {
        let s: DirSet = [Direction::Right, Direction::Up].into_iter().collect();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Direction::Up, Direction::Right]
        );
        assert_eq!(s.len(), 2);
    }
}
