//! Landmark bounds (ALT): distance fields from a few cells spread over the
//! map, which bound every distance from below by the triangle inequality.
//!
//! For a landmark `l` and any two cells `a`, `b`,
//! `dist(a, b) >= |dist(l, a) - dist(l, b)|`, so the largest of these over
//! the landmarks is a lower bound on `dist(a, b)`. It is also consistent:
//! along an edge each `dist(l, ·)` changes by exactly one (the grid is
//! bipartite), so each term, and their largest, changes by one, with the
//! parity of the Manhattan distance; the goal-directed searches of
//! [`super::directed`] keep their levels of `f` two apart. In a maze the
//! Manhattan distance says little and these bounds much: a landmark behind
//! the target, seen from the dragon, makes the bound exact along the way.
//!
//! The landmarks are placed farthest first: the first is the cell farthest
//! from a given cell, each next the one farthest from all chosen so far.
//! Their fields are kept cell by cell, so a bound reads one cache line.

use crate::graph::{CellId, Graph, UNREACHABLE};

/// Distance fields from a few landmarks, cell-major.
pub(crate) struct Landmarks {
    /// How many landmarks.
    count: usize,
    /// `dist[cell * count + i]`: the distance from landmark `i` to `cell`
    /// ([`UNREACHABLE`] apart from it).
    dist: Vec<u32>,
}

impl Landmarks {
    /// About how many bytes `count` landmarks take on `cells` cells (with
    /// the scratch the build needs).
    pub(super) fn bytes_needed(cells: usize, count: usize) -> usize {
        cells
            .saturating_mul(count + 2)
            .saturating_mul(size_of::<u32>())
    }

    /// `count` landmarks placed farthest first from `from`, within its
    /// connected part of `graph`; `queue` is scratch.
    pub(super) fn new(graph: &Graph, from: CellId, count: usize, queue: &mut Vec<u32>) -> Self {
        let n = graph.len();
        let mut dist = vec![UNREACHABLE; n * count];
        let mut field = vec![UNREACHABLE; n];
        // The least distance of each cell to the landmarks chosen so far.
        let mut nearest = vec![UNREACHABLE; n];
        graph.fill_distances(from, &mut field, queue);
        let mut next = farthest(&field);
        for i in 0..count {
            field.fill(UNREACHABLE);
            graph.fill_distances(next, &mut field, queue);
            for (cell, &d) in field.iter().enumerate() {
                dist[cell * count + i] = d;
                if d < nearest[cell] {
                    nearest[cell] = d;
                }
            }
            next = farthest(&nearest);
        }
        Landmarks { count, dist }
    }

    /// About how many bytes the fields take.
    pub(super) fn bytes(&self) -> usize {
        self.dist.len() * size_of::<u32>()
    }

    /// A lower bound on `dist(a, b)` from the landmarks (0 when none
    /// reaches both).
    #[inline]
    pub(super) fn bound(&self, a: CellId, b: CellId) -> u32 {
        let (fa, fb) = (
            &self.dist[a.index() * self.count..][..self.count],
            &self.dist[b.index() * self.count..][..self.count],
        );
        fa.iter()
            .zip(fb)
            .filter(|&(&x, &y)| x != UNREACHABLE && y != UNREACHABLE)
            .map(|(&x, &y)| x.abs_diff(y))
            .max()
            .unwrap_or(0)
    }
}

/// The cell of largest finite distance (the first among equals).
fn farthest(field: &[u32]) -> CellId {
    let (cell, _) = field
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != UNREACHABLE)
        .fold(
            (0, 0),
            |best, (c, &d)| if d > best.1 { (c, d) } else { best },
        );
    CellId(cell as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    /// The bound never exceeds the distance, and along an edge it changes
    /// by exactly one.
    #[test]
    fn the_bound_is_a_consistent_lower_bound() {
        let map = crate::dragon::ruler::tests::MAP;
        let puzzle: Puzzle = map.parse().unwrap();
        let graph = Graph::new(&puzzle);
        let landmarks = Landmarks::new(&graph, graph.dragon(), 3, &mut Vec::new());
        // The dragon's part of the map, where the landmarks are.
        let part = graph.distances_from(graph.dragon());
        let cells: Vec<u32> = (0..graph.len() as u32)
            .filter(|&c| part[c as usize] != UNREACHABLE)
            .collect();
        assert!(cells.len() + 2 == graph.len(), "a corner room apart");
        for &b in &cells {
            let field = graph.distances_from(CellId(b));
            for &a in &cells {
                let bound = landmarks.bound(CellId(a), CellId(b));
                if field[a as usize] != UNREACHABLE {
                    assert!(bound <= field[a as usize], "{a} {b}");
                }
                for (_, n) in graph.neighbors(CellId(a)) {
                    let next = landmarks.bound(n, CellId(b));
                    assert_eq!(next.abs_diff(bound), 1, "{a} {n:?} {b}");
                }
            }
        }
    }
}
