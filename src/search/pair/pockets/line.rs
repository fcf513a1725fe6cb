//! The lines of the pocket rule's jumps, rebuilt once the search has its
//! answer (the shadow rule's are in [`super::shadow`]).

use super::Pockets;
use crate::graph::{CellId, Graph};

impl Pockets<'_> {
    /// The hero's cells, turn by turn, on a jump of `cost` moves from
    /// `hero` to `to` inside the pocket of `c`: the way there, a wait there
    /// if the turns left are odd (the hero may then wait), then back and
    /// forth on its last step (or with a neighbour of the hero's cell).
    pub(in crate::search::pair) fn line(
        &mut self,
        graph: &Graph,
        hero: CellId,
        to: CellId,
        c: CellId,
        cost: u32,
    ) -> Vec<CellId> {
        self.spread(graph, hero, c, cost, None);
        let mut way = vec![to];
        let mut at = to;
        while at != hero {
            // One step nearer the hero: one more turn to spare.
            let spare = self.distance[at.index()];
            at = graph
                .neighbors(at)
                .map(|(_, n)| n)
                .find(|n| self.distance[n.index()] == spare + 1)
                .expect("a reached cell has a neighbour one step nearer");
            way.push(at);
        }
        self.forget_first();
        way.reverse();
        let other = if way.len() > 1 {
            way[way.len() - 2]
        } else {
            graph
                .neighbors(hero)
                .map(|(_, n)| n)
                .find(|&n| self.cuts().in_pocket(n, c))
                .expect("the hero's cell has a neighbour in its pocket")
        };
        let mut cells: Vec<CellId> = way[1..].to_vec();
        if (cost - cells.len() as u32) % 2 == 1 {
            debug_assert!(self.waits, "without waits the turns left are even");
            cells.push(to);
        }
        while (cells.len() as u32) < cost {
            cells.push(other);
            cells.push(to);
        }
        debug_assert_eq!(cells.len() as u32, cost);
        cells
    }
}
