//! The map's skeleton: distances between any two cells from a contraction
//! hierarchy over its junctions, at a cost that depends on neither the
//! distance nor the size of the rooms between them.
//!
//! Peeling dead ends (cells with one neighbour left, again and again)
//! leaves the *core*: every cell on a cycle or on a path between two. A
//! core cell outside the open rooms' insides (below) is a *junction* when
//! it has other than two core neighbours or
//! a peeled neighbour (a tree hangs there); on a cycle with no junction
//! one cell is made one. Every other core cell lies on a *chain*: a path
//! of cells with two neighbours each between two junctions `a` and `b`
//! (the same one for a loop), `len` steps from end to end. Each peeled cell
//! belongs to the *tree* of the junction it hangs from. So every cell with
//! a core has a *part* (its junction, its chain, its junction's trees, or
//! the inside of an open room, below) and *anchors*, the junctions through which every path out of its part
//! leaves, with the steps to each: a junction is its own anchor at 0; a
//! chain cell `i` steps from `a` has `(a, i)` and `(b, len - i)`; a tree
//! cell `k` steps below its junction has `(junction, k)`.
//!
//! Open ground would make every cell a junction, so open rooms are taken
//! out first: rectangles of *open* cells (core cells whose eight
//! neighbours are free), at least four a side, found row by row. A room's
//! inside is a part of its own; its ring (the free rows and columns just
//! outside) stays in the graph, and each ring cell facing the inside is
//! joined to the one facing it across the room by an edge as long as the
//! straight line between them. Inside a free rectangle the distance is the
//! Manhattan distance (a staircase joins any two cells), so two ring cells
//! are as far apart through the inside as along the ring and one edge
//! across (each a straight walk), and an inside cell `x` reaches a ring
//! cell `r` in as many steps as it takes to go straight out to the ring
//! cell facing it on `r`'s side and along the ring: its anchors are those
//! four cells, with the straight distances to each. Two cells of one
//! inside are their Manhattan distance apart.
//!
//! The junctions and chains make a weighted graph (a chain is an edge of
//! its length; neighbouring junctions are joined by an edge of one), whose
//! distances are the map's distances between junctions, answered exactly by
//! a contraction hierarchy (`hierarchy.rs`). Then for cells `x` and `t` in
//! different parts, every path leaves `x`'s part through one of its anchors
//! and enters `t`'s through one of its, so `dist(x, t)` is the least of
//! `i + dist(a, b) + j` over `x`'s anchors `(a, i)` and `t`'s `(b, j)`:
//! each is the length of a walk, and a shortest path gives one of them.
//! On one chain a shortest path either stays on it (`|i - j|` steps) or
//! leaves by one end and comes back by the other (`i + dist(a, b) + len -
//! j`, or the mirror); every term is a walk, so the least is exact. Two
//! cells of one junction's trees are left to the other methods (the way
//! between them may stay in the trees), as are cells of loop-free
//! components, which have no core.
//!
//! Each distance between junctions is the meeting of the two junctions'
//! upward search spaces ("labels"), which a reader ([`reader`]) computes
//! once each and keeps while its room holds them: a label is made from the
//! labels of the heads of the junction's upward arcs, those first, so the
//! junctions a question needs cost a merge of a few labels each, not a
//! search (`Hierarchy::label_from` says why they stay exact). The
//! target's anchors' labels are spread over a dense array (apart, and read
//! again by every target with the same anchors, for a target with two
//! anchors or fewer), so a dragon's question reads a few labels. A dragon
//! inside a chain reads only its two ends': its step towards `a` is a
//! shortest one exactly when `da + i` is the least of `da + i` and
//! `db + len - i`. A dragon inside an open room reads the four ring cells
//! it faces, and of the ones its neighbours face only those on a side
//! through which one of its shortest paths leaves the room
//! (`Reader::room_steps` says why that is enough).

use super::hierarchy::Hierarchy;
use crate::graph::{CellId, Graph};

/// No part (a cell of a loop-free component), no junction.
const NONE: u32 = u32::MAX;

/// What kind of part a cell is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A junction, alone.
    Junction,
    /// The inside of a chain from junction `a` to junction `b`.
    Chain,
    /// The trees hanging from junction `a`.
    Trees,
    /// The inside of open room `a` (see [`Room`]).
    Room,
}

/// An open room: a rectangle of free cells whose inside (rows `top..=bottom`,
/// columns `left..=right`) is left out of the junctions' graph. Its ring
/// (the rows and columns just outside) is free too; each ring cell facing
/// the inside is a junction, joined to the one facing it across the room
/// by an edge as long as the straight line between them.
#[derive(Clone, Copy, Debug)]
struct Room {
    top: u32,
    bottom: u32,
    left: u32,
    right: u32,
}

/// The least inside of a room, in rows and columns: a smaller one saves
/// fewer junctions than its edges across cost.
const ROOM_SIDE: usize = 4;

/// A part: its kind, its junctions, and for a chain its length.
#[derive(Clone, Copy, Debug)]
struct Part {
    kind: Kind,
    a: u32,
    b: u32,
    len: u32,
}

/// A map's shape: each cell's part and offset, and the junctions' graph,
/// before its hierarchy (which costs about as much as a few hundred cells a
/// junction, so it is bought apart).
pub(crate) struct Shape {
    /// Per cell: its part (`NONE` without a core), and its steps from the
    /// part's junction `a`.
    part: Vec<u32>,
    offset: Vec<u32>,
    parts: Vec<Part>,
    rooms: Vec<Room>,
    /// The junctions' edges `(a, b, steps)`, and how many junctions.
    edges: Vec<(u32, u32, u32)>,
    junctions: u32,
}

/// The skeleton of a map: its [`Shape`] and the junctions' contraction
/// hierarchy.
pub(crate) struct Skeleton {
    /// The shape, its edges dropped once the hierarchy holds them.
    shape: Shape,
    hierarchy: Hierarchy,
}

impl Shape {
    /// About how many bytes the shape of a map of `cells` cells takes
    /// while it is made: per cell a part, an offset, a junction number and
    /// a place in a queue, a degree, whether it is in the core and whether
    /// a room took it.
    pub(super) fn bytes_needed(cells: usize) -> usize {
        cells.saturating_mul(4 * size_of::<u32>() + 3)
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        (self.part.len() + self.offset.len()) * size_of::<u32>()
            + self.parts.len() * size_of::<Part>()
            + self.rooms.len() * size_of::<Room>()
            + self.edges.len() * size_of::<(u32, u32, u32)>()
    }

    /// How many junctions.
    pub(super) fn junctions(&self) -> usize {
        self.junctions as usize
    }

    /// The shape of `graph`.
    pub(super) fn new(graph: &Graph) -> Shape {
        let n = graph.len();
        // Peel the dead ends; `degree` ends as each core cell's core degree.
        let mut degree: Vec<u8> = (0..n)
            .map(|c| graph.neighbors(CellId(c as u32)).count() as u8)
            .collect();
        let mut core = vec![true; n];
        let mut stack: Vec<u32> = (0..n as u32).filter(|&c| degree[c as usize] <= 1).collect();
        while let Some(cell) = stack.pop() {
            if !core[cell as usize] {
                continue;
            }
            core[cell as usize] = false;
            for (_, m) in graph.neighbors(CellId(cell)) {
                if core[m.index()] {
                    degree[m.index()] -= 1;
                    if degree[m.index()] == 1 {
                        stack.push(m.0);
                    }
                }
            }
        }
        let mut build = Build {
            graph,
            core: &core,
            junction: vec![NONE; n],
            part: vec![NONE; n],
            offset: vec![0; n],
            parts: Vec::new(),
            edges: Vec::new(),
            junctions: 0,
            chain: Vec::new(),
        };
        let rooms = open_rooms(graph, &core);
        for (i, room) in rooms.iter().enumerate() {
            let id = build.parts.len() as u32;
            build.parts.push(Part {
                kind: Kind::Room,
                a: i as u32,
                b: NONE,
                len: 0,
            });
            for row in room.top..=room.bottom {
                for col in room.left..=room.right {
                    let cell = at(graph, row, col);
                    build.part[cell.index()] = id;
                }
            }
        }
        for c in 0..n {
            let hangs = || {
                graph
                    .neighbors(CellId(c as u32))
                    .any(|(_, m)| !core[m.index()])
            };
            let inside = build.part[c] != NONE;
            if core[c] && !inside && (degree[c] != 2 || hangs()) {
                build.junction(c);
            }
        }
        // Chains from every junction; then cycles without one get one.
        for c in 0..n {
            if build.junction[c] != NONE {
                build.chains(c);
            }
        }
        for (c, _) in core.iter().enumerate().filter(|&(_, &in_core)| in_core) {
            if build.part[c] == NONE {
                build.junction(c);
                build.chains(c);
            }
        }
        for room in &rooms {
            let across = |a: CellId, b: CellId, steps: u32| {
                (build.junction[a.index()], build.junction[b.index()], steps)
            };
            for col in room.left..=room.right {
                let (a, b) = (
                    at(graph, room.top - 1, col),
                    at(graph, room.bottom + 1, col),
                );
                let edge = across(a, b, room.bottom - room.top + 2);
                build.edges.push(edge);
            }
            for row in room.top..=room.bottom {
                let (a, b) = (
                    at(graph, row, room.left - 1),
                    at(graph, row, room.right + 1),
                );
                let edge = across(a, b, room.right - room.left + 2);
                build.edges.push(edge);
            }
        }
        let Build {
            junction,
            mut part,
            mut offset,
            mut parts,
            edges,
            junctions,
            ..
        } = build;
        // The trees, from the junction each hangs from.
        for (c, &number) in junction.iter().enumerate() {
            if number == NONE {
                continue;
            }
            let mut id = NONE;
            stack.clear();
            for (_, m) in graph.neighbors(CellId(c as u32)) {
                if !core[m.index()] {
                    if id == NONE {
                        id = parts.len() as u32;
                        parts.push(Part {
                            kind: Kind::Trees,
                            a: number,
                            b: NONE,
                            len: 0,
                        });
                    }
                    part[m.index()] = id;
                    offset[m.index()] = 1;
                    stack.push(m.0);
                }
            }
            // Depth first is enough: a tree has one way to each cell.
            while let Some(cell) = stack.pop() {
                let depth = offset[cell as usize];
                for (_, m) in graph.neighbors(CellId(cell)) {
                    if part[m.index()] == NONE && !core[m.index()] {
                        part[m.index()] = id;
                        offset[m.index()] = depth + 1;
                        stack.push(m.0);
                    }
                }
            }
        }
        Shape {
            part,
            offset,
            parts,
            rooms,
            edges,
            junctions,
        }
    }
}

impl Skeleton {
    /// The skeleton of a map of this `shape`: its junctions' hierarchy,
    /// or `None` once building it passes `budget` (in the hierarchy's
    /// units of work: see [`Hierarchy::new`]).
    pub(super) fn new(mut shape: Shape, budget: u64) -> Option<Skeleton> {
        let hierarchy = Hierarchy::new(shape.junctions(), &shape.edges, budget)?;
        shape.edges = Vec::new();
        Some(Skeleton { shape, hierarchy })
    }

    /// The skeleton of `graph`, shape and hierarchy at once.
    #[cfg(test)]
    pub(super) fn of(graph: &Graph) -> Skeleton {
        Skeleton::new(Shape::new(graph), u64::MAX).expect("no budget")
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.shape.bytes() + self.hierarchy.bytes()
    }

    /// How many junctions.
    pub(super) fn junctions(&self) -> usize {
        self.hierarchy.len()
    }

    /// The anchors of `cell` (at most four; `NONE` fills the rest), or
    /// `None` without a core.
    fn anchors(&self, graph: &Graph, cell: CellId) -> Option<[(u32, u32); 4]> {
        let part = *self
            .shape
            .parts
            .get(self.shape.part[cell.index()] as usize)?;
        let i = self.shape.offset[cell.index()];
        let none = (NONE, 0);
        Some(match part.kind {
            Kind::Junction => [(part.a, 0), none, none, none],
            Kind::Trees => [(part.a, i), none, none, none],
            Kind::Chain => [(part.a, i), (part.b, part.len - i), none, none],
            Kind::Room => {
                // The four ring cells straight out, and the steps to each.
                let room = self.shape.rooms[part.a as usize];
                let pos = graph.pos(cell);
                let (row, col) = (pos.row as u32, pos.col as u32);
                let ring = |row: u32, col: u32| {
                    let part = self.shape.part[at(graph, row, col).index()];
                    self.shape.parts[part as usize].a
                };
                [
                    (ring(room.top - 1, col), row + 1 - room.top),
                    (ring(room.bottom + 1, col), room.bottom + 1 - row),
                    (ring(row, room.left - 1), col + 1 - room.left),
                    (ring(row, room.right + 1), room.right + 1 - col),
                ]
            }
        })
    }
}

/// The cell at `row`, `col`, which is free.
fn at(graph: &Graph, row: u32, col: u32) -> CellId {
    graph
        .cell_at(crate::puzzle::Pos::new(row as usize, col as usize))
        .expect("a room and its ring are free")
}

/// The open rooms of `graph`'s core: rectangles of *open* cells (core cells
/// whose eight neighbours are free), found row by row, each at least
/// [`ROOM_SIDE`] a side; an open cell's ring is free, so each rectangle
/// with its ring is free. No room's inside touches another's inside or
/// lies in its ring.
fn open_rooms(graph: &Graph, core: &[bool]) -> Vec<Room> {
    use crate::graph::Direction;
    let n = graph.len();
    let open = |cell: CellId| -> bool {
        if !core[cell.index()] {
            return false;
        }
        let (up, down) = (
            graph.neighbor(cell, Direction::Up),
            graph.neighbor(cell, Direction::Down),
        );
        let (Some(up), Some(down)) = (up, down) else {
            return false;
        };
        [up, cell, down].into_iter().all(|c| {
            graph.neighbor(c, Direction::Left).is_some()
                && graph.neighbor(c, Direction::Right).is_some()
        })
    };
    // Inside or ring of a room taken so far.
    let mut taken = vec![false; n];
    let mut rooms = Vec::new();
    for c in 0..n as u32 {
        let cell = CellId(c);
        if taken[c as usize] || !open(cell) {
            continue;
        }
        let free = |cell: CellId| !taken[cell.index()] && open(cell);
        // The run of open cells to the right, then the rows below it.
        let mut width = 0;
        let mut x = Some(cell);
        while let Some(here) = x.filter(|&here| free(here)) {
            width += 1;
            x = graph.neighbor(here, Direction::Right);
        }
        if width < ROOM_SIDE {
            continue;
        }
        let mut height = 1;
        let mut first = cell;
        while let Some(below) = graph.neighbor(first, Direction::Down) {
            let mut x = Some(below);
            let row_free = (0..width).all(|_| {
                let ok = x.is_some_and(&free);
                x = x.and_then(|here| graph.neighbor(here, Direction::Right));
                ok
            });
            if !row_free {
                break;
            }
            height += 1;
            first = below;
        }
        if height < ROOM_SIDE {
            continue;
        }
        let pos = graph.pos(cell);
        let room = Room {
            top: pos.row as u32,
            bottom: (pos.row + height - 1) as u32,
            left: pos.col as u32,
            right: (pos.col + width - 1) as u32,
        };
        for row in room.top - 1..=room.bottom + 1 {
            for col in room.left - 1..=room.right + 1 {
                taken[at(graph, row, col).index()] = true;
            }
        }
        rooms.push(room);
    }
    rooms
}

/// A skeleton being built: the cells' junction numbers, parts and offsets,
/// the parts, and the junctions' edges.
struct Build<'a> {
    graph: &'a Graph,
    core: &'a [bool],
    junction: Vec<u32>,
    part: Vec<u32>,
    offset: Vec<u32>,
    parts: Vec<Part>,
    edges: Vec<(u32, u32, u32)>,
    junctions: u32,
    /// Scratch: the cells of the chain being traced.
    chain: Vec<usize>,
}

impl Build<'_> {
    /// Makes `cell` the next junction, a part of its own.
    fn junction(&mut self, cell: usize) {
        let number = self.junctions;
        self.junctions += 1;
        self.junction[cell] = number;
        self.part[cell] = self.parts.len() as u32;
        self.parts.push(Part {
            kind: Kind::Junction,
            a: number,
            b: NONE,
            len: 0,
        });
    }

    /// Traces the chains leaving junction `from` not traced yet (from
    /// their other end), and the edges to its neighbouring junctions.
    fn chains(&mut self, from: usize) {
        let graph = self.graph;
        for (_, first) in graph.neighbors(CellId(from as u32)) {
            let first = first.index();
            if !self.core[first] {
                continue;
            }
            if self.junction[first] != NONE {
                if from < first {
                    self.edges
                        .push((self.junction[from], self.junction[first], 1));
                }
                continue;
            }
            if self.part[first] != NONE {
                continue;
            }
            self.chain.clear();
            let (mut previous, mut here) = (from, first);
            while self.junction[here] == NONE {
                self.chain.push(here);
                let next = graph
                    .neighbors(CellId(here as u32))
                    .map(|(_, m)| m.index())
                    .find(|&m| self.core[m] && m != previous)
                    .expect("a chain cell has two core neighbours");
                (previous, here) = (here, next);
            }
            let len = self.chain.len() as u32 + 1;
            let id = self.parts.len() as u32;
            self.parts.push(Part {
                kind: Kind::Chain,
                a: self.junction[from],
                b: self.junction[here],
                len,
            });
            for (i, &cell) in self.chain.iter().enumerate() {
                self.part[cell] = id;
                self.offset[cell] = i as u32 + 1;
            }
            self.edges
                .push((self.junction[from], self.junction[here], len));
        }
    }
}

mod reader;

pub(crate) use reader::Reader;

#[cfg(test)]
mod tests;
