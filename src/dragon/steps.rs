//! Every pair's answer at once: the dragon's shortest steps from every cell
//! towards every target, four bits a pair, by one breadth-first search per
//! target. For the whole-map tables (`search::table`), which ask about
//! every pair anyway; a map of `n` cells takes `n² / 2` bytes.

use super::DragonOracle;
use crate::error::{Error, Resource, bytes_apart};
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};

/// The shortest steps of every (dragon, target) pair, a nibble each: the
/// steps' directions, or none when no path joins them.
pub(crate) struct StepTable {
    cells: usize,
    nibbles: Vec<u8>,
}

impl StepTable {
    /// About how many bytes the table takes for `cells` cells.
    pub(crate) fn bytes_needed(cells: usize) -> usize {
        cells.saturating_mul(cells).div_ceil(2)
    }

    /// The table of `graph`, within `budget` bytes.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when it does not fit.
    pub(crate) fn new(graph: &Graph, budget: usize) -> Result<StepTable, Error> {
        let n = graph.len();
        let need = Self::bytes_needed(n).saturating_add(n * 2 * size_of::<u32>());
        if need > budget {
            let (need, budget) = bytes_apart(need, budget);
            return Err(Error::TooLarge {
                resource: Resource::Oracle,
                message: format!(
                    "the dragon's steps for every pair of the {n} cells need {need}, over the \
                     {budget} they may use"
                ),
            });
        }
        let mut nibbles = vec![0u8; Self::bytes_needed(n)];
        let mut dist = vec![UNREACHABLE; n];
        let mut queue = Vec::new();
        for t in 0..n {
            dist.fill(UNREACHABLE);
            graph.fill_distances(CellId(t as u32), &mut dist, &mut queue);
            for d in (0..n).filter(|&d| d != t && dist[d] != UNREACHABLE) {
                let steps: DirSet = graph
                    .neighbors(CellId(d as u32))
                    .filter(|&(_, m)| dist[m.index()] + 1 == dist[d])
                    .map(|(dir, _)| dir)
                    .collect();
                let at = t * n + d;
                nibbles[at / 2] |= steps.bits() << (4 * (at % 2));
            }
        }
        Ok(StepTable { cells: n, nibbles })
    }
}

impl DragonOracle for StepTable {
    #[inline]
    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        let at = target.index() * self.cells + dragon.index();
        let bits = self.nibbles[at / 2] >> (4 * (at % 2)) & 0xF;
        (bits != 0).then(|| DirSet::from_bits(bits))
    }

    fn bytes(&self) -> usize {
        self.nibbles.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::FloydWarshall;
    use crate::puzzle::Puzzle;

    #[test]
    fn the_table_agrees_with_floyd_warshall_on_every_pair() {
        let puzzle: Puzzle = crate::dragon::ruler::tests::MAP.parse().unwrap();
        let graph = Graph::new(&puzzle);
        let mut reference = FloydWarshall::new(&graph, usize::MAX).unwrap();
        let mut table = StepTable::new(&graph, usize::MAX).unwrap();
        for t in 0..graph.len() as u32 {
            for d in (0..graph.len() as u32).filter(|&d| d != t) {
                let (d, t) = (CellId(d), CellId(t));
                assert_eq!(
                    table.shortest_steps(d, t),
                    reference.shortest_steps(d, t),
                    "{d:?} {t:?}"
                );
            }
        }
        assert!(StepTable::new(&graph, 10).is_err());
    }
}
