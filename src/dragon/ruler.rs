//! One-off questions by a breadth-first search that stops at its goal:
//! the distance between two pieces (playback's status line) and the
//! dragon's shortest steps for a single move (a game in play). A search
//! costs the cells it visits, not the map's size, and the memory is kept
//! from one question to the next; an oracle pays a pass over the map to be
//! built, which only a whole search repays.

use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};
use crate::puzzle::Pos;

/// Measures distances between cells, reusing its memory. A question from
/// the source of the last one goes on with that search where it stopped (a
/// move's dragon reply and the status line after it both measure from the
/// hero's new cell).
#[derive(Clone, Debug, Default)]
pub(crate) struct Ruler {
    /// Per cell, the distance from the source
    /// ([`UNREACHABLE`] outside the cells in `queue`).
    dist: Vec<u32>,
    /// The cells the search reached, in the order it reached them.
    queue: Vec<CellId>,
    /// The search's source, and how many cells of `queue` it has taken off.
    source: Option<CellId>,
    head: usize,
    /// Which map the search is on: [`BASE`], or a door state on a map
    /// with doors (the same cells, other walls).
    map: u32,
}

/// The map as given, for [`Ruler`]'s map: doors as free cells.
const BASE: u32 = u32::MAX;

impl Ruler {
    /// The length of a shortest path between two free tiles, `None` when
    /// there is none (or either is not a free tile).
    pub(crate) fn measure(&mut self, graph: &Graph, a: Pos, b: Pos) -> Option<usize> {
        let (a, b) = (graph.cell_at(a)?, graph.cell_at(b)?);
        self.on(BASE);
        self.distance(graph, a, b).map(|d| d as usize)
    }

    /// The length of a shortest path from `a` to `b`. A breadth-first
    /// search labels each cell with its distance when it first reaches it,
    /// and the label is final; the search goes on (or starts afresh from a
    /// new source) until `b` is labelled. Every cell closer to `a` than `b`
    /// has been taken off the queue by then, so its label is there too.
    fn distance(&mut self, graph: &Graph, a: CellId, b: CellId) -> Option<u32> {
        if self.dist.len() != graph.len() {
            self.dist = vec![UNREACHABLE; graph.len()];
            self.queue.clear();
            self.source = None;
        }
        if self.source != Some(a) {
            for cell in self.queue.drain(..) {
                self.dist[cell.index()] = UNREACHABLE;
            }
            self.dist[a.index()] = 0;
            self.queue.push(a);
            self.source = Some(a);
            self.head = 0;
        }
        while self.dist[b.index()] == UNREACHABLE {
            let &cell = self.queue.get(self.head)?;
            self.head += 1;
            let d = self.dist[cell.index()];
            for (_, next) in graph.neighbors(cell) {
                if self.dist[next.index()] == UNREACHABLE {
                    self.dist[next.index()] = d + 1;
                    self.queue.push(next);
                }
            }
        }
        Some(self.dist[b.index()])
    }

    /// [`Ruler::measure`] between two cells on the map of door state
    /// `map` (its graph `graph`): a question on another map than the last
    /// starts afresh.
    pub(crate) fn measure_on(
        &mut self,
        graph: &Graph,
        map: u16,
        a: CellId,
        b: CellId,
    ) -> Option<usize> {
        self.on(u32::from(map));
        self.distance(graph, a, b).map(|d| d as usize)
    }

    /// [`Ruler::steps`] on the map of door state `map`.
    pub(crate) fn steps_on(
        &mut self,
        graph: &Graph,
        map: u16,
        dragon: CellId,
        target: CellId,
    ) -> Option<DirSet> {
        self.on(u32::from(map));
        self.steps(graph, dragon, target)
    }

    /// Forgets the last search when `map` is another map than its own.
    fn on(&mut self, map: u32) {
        if self.map != map {
            self.map = map;
            self.source = None;
            for cell in self.queue.drain(..) {
                self.dist[cell.index()] = UNREACHABLE;
            }
        }
    }

    /// The dragon's steps onto a neighbour one closer to `target`: a
    /// search from `target` that stops once the dragon is labelled; its
    /// closer neighbours are labelled by then.
    fn steps(&mut self, graph: &Graph, dragon: CellId, target: CellId) -> Option<DirSet> {
        let here = self.distance(graph, target, dragon)?;
        let closer = here.checked_sub(1)?;
        Some(
            graph
                .neighbors(dragon)
                .filter(|&(_, n)| self.dist[n.index()] == closer)
                .map(|(d, _)| d)
                .collect(),
        )
    }

    /// About how many bytes the ruler holds.
    pub(crate) fn bytes(&self) -> usize {
        self.dist.capacity() * size_of::<u32>() + self.queue.capacity() * size_of::<CellId>()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::dragon::{DragonOracle, FloydWarshall};
    use crate::puzzle::Puzzle;

    /// A small map with loops, dead ends and a corner room apart.
    pub(in crate::dragon) const MAP: &str = "\
#########
#H..#...#
#.#.#.#.#
#.#.....#
#.....#E#
#...#D..#
###.#####
#...#..##";

    #[test]
    fn the_ruler_agrees_with_the_graph_on_every_pair() {
        let puzzle: Puzzle = MAP.parse().unwrap();
        let graph = Graph::new(&puzzle);
        let mut ruler = Ruler::default();
        let cells: Vec<Pos> = (0..graph.len())
            .map(|i| graph.pos(CellId(i as u32)))
            .collect();
        for &a in &cells {
            for &b in &cells {
                let expected = graph
                    .distance(graph.cell_at(a).unwrap(), graph.cell_at(b).unwrap())
                    .map(|d| d as usize);
                // One ruler for every pair: what a search leaves behind never
                // misleads the next.
                assert_eq!(ruler.measure(&graph, a, b), expected, "{a:?} {b:?}");
            }
        }
        // The two cells in the corner room cannot be reached from the rest.
        assert_eq!(ruler.measure(&graph, Pos::new(1, 1), Pos::new(7, 5)), None);
        assert_eq!(ruler.measure(&graph, Pos::new(0, 0), Pos::new(1, 1)), None);
    }

    #[test]
    fn the_steps_agree_with_floyd_warshall_on_every_pair() {
        let puzzle: Puzzle = MAP.parse().unwrap();
        let graph = Graph::new(&puzzle);
        let mut reference = FloydWarshall::new(&graph, usize::MAX).unwrap();
        let mut ruler = Ruler::default();
        let mut pairs = 0;
        // Target by target: the questions after the first go on with its search.
        for t in 0..graph.len() as u32 {
            for d in (0..graph.len() as u32).filter(|&d| d != t) {
                let (d, t) = (CellId(d), CellId(t));
                let expected = reference.shortest_steps(d, t);
                // A door state's map of a map without doors is the map.
                assert_eq!(ruler.steps_on(&graph, 0, d, t), expected, "{d:?} {t:?}");
                pairs += usize::from(expected.is_some_and(|s| !s.is_empty()));
            }
        }
        assert!(pairs > 500, "{pairs} pairs with steps");
    }
}
