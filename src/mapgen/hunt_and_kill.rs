//! Hunt-and-kill: a random walk into unvisited cells; when it is stuck, hunt
//! for the first unvisited cell (row-major) next to the visited region,
//! join it to the region and walk on from there.

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze, unvisited_neighbors};
use crate::graph::Direction;

/// Walk from the top-left cell until stuck, then hunt. The hunt resumes
/// where the previous one stopped: every cell before the first unvisited one
/// is visited, and since the walk began at cell 0 that first unvisited cell
/// always has a visited neighbour above or to its left, so it is the one
/// the classic row-by-row hunt would find, and the scan is linear over the
/// whole run.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HuntAndKill;

impl Carve for HuntAndKill {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let mut visited = vec![false; maze.len()];
        let mut cell = 0;
        visited[cell] = true;
        let mut scan = 0;
        let mut options = Vec::with_capacity(4);
        loop {
            unvisited_neighbors(maze, cell, &visited, &mut options);
            if let Some(&(d, next)) = options.get(below(rng, options.len().max(1))) {
                maze.carve(cell, d);
                visited[next] = true;
                cell = next;
                continue;
            }
            while scan < maze.len() && visited[scan] {
                scan += 1;
            }
            if scan == maze.len() {
                return;
            }
            cell = scan;
            let joins: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| maze.neighbor(cell, d).is_some_and(|n| visited[n]))
                .collect();
            let d = joins[below(rng, joins.len())];
            maze.carve(cell, d);
            visited[cell] = true;
        }
    }
}
