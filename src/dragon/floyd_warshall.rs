//! The reference oracle: all-pairs shortest distances by Floyd–Warshall.
//!
//! Θ(n³) time and n² 16-bit entries of memory for n walkable cells. It is
//! kept because it is the classic formulation and an independent check of
//! the faster oracles, not for speed.

use super::{DragonOracle, steps_from_field};
use crate::error::{Error, Resource};
use crate::graph::{CellId, DirSet, Graph};

const INF: u16 = u16::MAX;

/// All-pairs distances computed up front.
pub struct FloydWarshall<'g> {
    graph: &'g Graph,
    n: usize,
    dist: Vec<u16>,
}

impl<'g> FloydWarshall<'g> {
    /// The most cells the reference takes on, whatever the budget: its time
    /// is cubic (about 16 s at 5,000 cells), so past this it would run for
    /// hours. 16,384 cells is a 512 MiB matrix.
    pub const MAX_CELLS: usize = 16_384;

    /// Computes all-pairs distances for `graph`.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the n² matrix exceeds `memory_budget` bytes or
    /// the map has more than [`FloydWarshall::MAX_CELLS`] cells.
    pub fn new(graph: &'g Graph, memory_budget: usize) -> Result<Self, Error> {
        let n = graph.len();
        let bytes = n.saturating_mul(n).saturating_mul(size_of::<u16>());
        if n > Self::MAX_CELLS || bytes > memory_budget {
            return Err(Error::TooLarge {
                resource: Resource::Oracle,
                message: if n > Self::MAX_CELLS {
                    // Named first: a matrix within the budget would still
                    // take hours to fill.
                    format!(
                        "Floyd–Warshall takes at most {} cells (its time grows with the cube of them), and this map has {n}; use the bfs oracle",
                        Self::MAX_CELLS
                    )
                } else {
                    let (need, budget) = crate::error::bytes_apart(bytes, memory_budget);
                    format!(
                        "Floyd–Warshall over {n} cells needs {need}, over the memory budget of {budget}; use the bfs oracle"
                    )
                },
            });
        }
        let mut dist = vec![INF; n * n];
        for i in 0..n {
            dist[i * n + i] = 0;
            for (_, j) in graph.neighbors(CellId(i as u32)) {
                dist[i * n + j.index()] = 1;
            }
        }
        let mut row_k = vec![INF; n];
        for k in 0..n {
            row_k.copy_from_slice(&dist[k * n..(k + 1) * n]);
            for row_i in dist.chunks_exact_mut(n) {
                let d_ik = row_i[k];
                if d_ik == INF {
                    continue;
                }
                for (d_ij, &d_kj) in row_i.iter_mut().zip(&row_k) {
                    let through_k = d_ik.saturating_add(d_kj);
                    if through_k < *d_ij {
                        *d_ij = through_k;
                    }
                }
            }
        }
        Ok(FloydWarshall { graph, n, dist })
    }

    /// The shortest distance between two cells, `None` if unreachable.
    pub fn distance(&self, a: CellId, b: CellId) -> Option<u32> {
        let d = self.dist[a.index() * self.n + b.index()];
        (d != INF).then_some(u32::from(d))
    }
}

impl DragonOracle for FloydWarshall<'_> {
    fn bytes(&self) -> usize {
        self.dist.len() * size_of::<u16>()
    }

    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        self.shortest_steps_apart(dragon, target)
            .map(|(steps, _)| steps)
    }

    fn shortest_steps_apart(
        &mut self,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, Option<u32>)> {
        let column = target.index();
        let (n, dist) = (self.n, &self.dist);
        steps_from_field(
            self.graph,
            dragon,
            |c| u32::from(dist[c.index() * n + column]),
            u32::from(INF),
        )
        .map(|(steps, apart)| (steps, Some(apart)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;

    /// An open map of `w` × `h` tiles with the pieces on its first row.
    fn open(w: usize, h: usize) -> Graph {
        let mut rows = vec![".".repeat(w); h];
        rows[0] = format!("HDE{}", ".".repeat(w - 3));
        let puzzle: Puzzle = rows.join("\n").parse().unwrap();
        Graph::new(&puzzle)
    }

    /// A refusal names the limit that refuses: the cells past the most it
    /// takes, whatever the budget; else the memory past the budget.
    #[test]
    fn a_refusal_names_what_is_too_large() {
        let large = open(200, 100);
        let Err(Error::TooLarge { message, .. }) = FloydWarshall::new(&large, usize::MAX) else {
            panic!("20,000 cells are refused");
        };
        assert!(message.contains("at most 16384 cells"), "{message}");
        assert!(message.contains("this map has 20000"), "{message}");
        let small = open(20, 10);
        let Err(Error::TooLarge { message, .. }) = FloydWarshall::new(&small, 1000) else {
            panic!("a budget of 1000 bytes is too small");
        };
        assert!(message.contains("over the memory budget"), "{message}");
        assert!(FloydWarshall::new(&small, usize::MAX).is_ok());
    }
}
