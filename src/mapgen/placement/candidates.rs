//! Where the pieces go: the hero's and the exit's cells, the dragon
//! candidates in the order the search tries them, and the variant pieces
//! (other dragons, keys and doors), checked or not.

use rand_core::Rng;

use super::table::dragon_may_start;
use super::{Config, Endpoints, Order};
use crate::error::Error;
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::mapgen::maze::Maze;
use crate::mapgen::random::{below, shuffle};
use crate::puzzle::{Pos, Puzzle};

/// The variant pieces of `config` placed at random, unchecked
/// (`--no-verify`): the other dragons and the keys on free cells, the doors
/// on passages between cells.
pub(super) fn unchecked_pieces(
    maze: &Maze,
    puzzle: Puzzle,
    config: &Config,
    rng: &mut dyn Rng,
) -> Result<Puzzle, Error> {
    let mut taken = vec![puzzle.hero(), puzzle.exit(), puzzle.dragon()];
    let mut cells: Vec<Pos> = (0..maze.len())
        .map(|cell| maze.tile(cell))
        .filter(|p| !taken.contains(p))
        .collect();
    shuffle(rng, &mut cells);
    let mut dragons = vec![puzzle.dragon()];
    dragons.extend(cells.drain(..config.dragons - 1));
    let keys: Vec<Pos> = cells.drain(..config.keys).collect();
    taken.extend(dragons.iter().chain(&keys));
    let mut passages = passages(puzzle.walls(), puzzle.width());
    shuffle(rng, &mut passages);
    let doors = passages.into_iter().take(config.keys).collect();
    puzzle.with_pieces(dragons, keys, doors)
}

/// The passages between cells: free tiles with one coordinate even, each
/// between two cells (a wall post on either side, so a door there closes
/// exactly one way), in row-major order.
fn passages(walls: &[bool], width: usize) -> Vec<Pos> {
    (0..walls.len())
        .filter(|&i| !walls[i])
        .map(|i| Pos::new(i / width, i % width))
        .filter(|p| (p.row % 2 == 0) != (p.col % 2 == 0))
        .collect()
}

/// The hero's and the exit's cells: given, or placed by `config.endpoints`.
pub(super) fn endpoints(maze: &Maze, config: &Config, rng: &mut dyn Rng) -> (usize, usize) {
    let at = |(row, col)| maze.cell(row, col);
    let other_end = |from: usize, rng: &mut dyn Rng| match config.endpoints {
        Endpoints::Farthest => farthest(maze, from),
        Endpoints::Random => {
            let k = below(rng, maze.len() - 1);
            if k >= from { k + 1 } else { k }
        }
    };
    match (config.hero.map(at), config.exit.map(at)) {
        (Some(hero), Some(exit)) => (hero, exit),
        (Some(hero), None) => (hero, other_end(hero, rng)),
        (None, Some(exit)) => (other_end(exit, rng), exit),
        (None, None) => {
            let first = match config.endpoints {
                Endpoints::Farthest => farthest(maze, 0),
                Endpoints::Random => below(rng, maze.len()),
            };
            (first, other_end(first, rng))
        }
    }
}

/// The first cell (in row-major order) at the greatest distance from `from`.
fn farthest(maze: &Maze, from: usize) -> usize {
    let dist = maze.distances_from(from);
    let max = dist
        .iter()
        .copied()
        .filter(|&d| d != u32::MAX)
        .max()
        .unwrap_or(0);
    dist.iter().position(|&d| d == max).unwrap_or(from)
}

/// How many bands of equal size the constrained order cuts the candidates
/// into (see `Layout::ordered_candidates`).
const BANDS: usize = 4;

/// A maze's tile grid with the hero and the exit placed, ready to try dragons.
pub(super) struct Layout {
    width: usize,
    height: usize,
    walls: Vec<bool>,
    hero: Pos,
    exit: Pos,
    graph: Graph,
}

impl Layout {
    pub(super) fn new(maze: &Maze, hero: usize, exit: usize) -> Result<Layout, Error> {
        let (hero, exit) = (maze.tile(hero), maze.tile(exit));
        let walls = maze.walls();
        let (width, height) = (maze.tile_width(), maze.tile_height());
        // The graph does not depend on the dragon: any third free tile will do.
        let spare = (0..walls.len())
            .map(|i| Pos::new(i / width, i % width))
            .find(|&p| !walls[p.row * width + p.col] && p != hero && p != exit)
            .expect("a maze of two cells or more has three free tiles");
        let probe = Puzzle::new(width, height, walls, hero, spare, exit)?;
        let graph = Graph::new(&probe);
        let walls = probe.walls().to_vec();
        Ok(Layout {
            width,
            height,
            walls,
            hero,
            exit,
            graph,
        })
    }

    pub(super) fn puzzle(&self, dragon: Pos) -> Result<Puzzle, Error> {
        Puzzle::new(
            self.width,
            self.height,
            self.walls.clone(),
            self.hero,
            dragon,
            self.exit,
        )
    }

    /// The puzzle with its first dragon on `first` and the variant pieces of
    /// `config`, or `None` when they do not fit in this maze.
    ///
    /// The other dragons come from the less constraining half of `pool`
    /// (the ranked candidates), at random: with them from the more
    /// constraining half, 3 dragons on 8x8 mazes needed about as many
    /// solver runs but five times the time, spent on puzzles where the
    /// hero is caught. The doors go on passages (a
    /// free tile between two cells, with a wall post on either side) of the
    /// hero's dragon-free shortest routes, so each one closes the way the
    /// hero would take; then on other passages. The keys go on cells the
    /// hero reaches with every door closed, off those routes first, so
    /// fetching one costs a detour that a door has to repay. The solver
    /// then decides whether the pieces bite.
    pub(super) fn with_pieces(
        &self,
        first: Pos,
        pool: &[Pos],
        config: &Config,
        rng: &mut dyn Rng,
    ) -> Result<Option<Puzzle>, Error> {
        let graph = &self.graph;
        let mut taken = vec![self.hero, self.exit, first];
        let extra = config.dragons - 1;
        let free_of = |list: &[Pos], taken: &[Pos]| -> Vec<Pos> {
            list.iter()
                .copied()
                .filter(|p| !taken.contains(p))
                .collect()
        };
        // The less constraining half: the first dragon already commands
        // the hero's route, and two commanding dragons mostly catch it.
        let mut choices = free_of(&pool[pool.len() / 2..], &taken);
        if choices.len() < extra {
            choices = free_of(pool, &taken);
        }
        if choices.len() < extra {
            return Ok(None);
        }
        shuffle(rng, &mut choices);
        let mut dragons = vec![first];
        dragons.extend_from_slice(&choices[..extra]);
        taken.extend_from_slice(&choices[..extra]);
        let cell = |p: Pos| graph.cell_at(p).expect("pieces stand on free tiles");
        let from_hero = graph.distances_from(cell(self.hero));
        let to_exit = graph.distances_from(cell(self.exit));
        let d = from_hero[cell(self.exit).index()];
        let on_route = |p: Pos| {
            let (a, b) = (from_hero[cell(p).index()], to_exit[cell(p).index()]);
            a != UNREACHABLE && b != UNREACHABLE && a + b == d
        };
        let (mut doors, mut others): (Vec<Pos>, Vec<Pos>) =
            free_of(&passages(&self.walls, self.width), &taken)
                .into_iter()
                .partition(|&p| on_route(p));
        shuffle(rng, &mut doors);
        shuffle(rng, &mut others);
        doors.extend(others);
        if doors.len() < config.keys {
            return Ok(None);
        }
        doors.truncate(config.keys);
        // The cells the hero reaches with every door closed.
        let mut reached = vec![false; graph.len()];
        let mut blocked = vec![false; graph.len()];
        for &door in &doors {
            blocked[cell(door).index()] = true;
        }
        let mut queue = vec![cell(self.hero)];
        reached[cell(self.hero).index()] = true;
        while let Some(at) = queue.pop() {
            for (_, next) in graph.neighbors(at) {
                if !reached[next.index()] && !blocked[next.index()] {
                    reached[next.index()] = true;
                    queue.push(next);
                }
            }
        }
        let (mut keys, mut near): (Vec<Pos>, Vec<Pos>) = (0..graph.len())
            .map(|i| graph.pos(CellId(i as u32)))
            .filter(|p| p.row % 2 == 1 && p.col % 2 == 1 && reached[cell(*p).index()])
            .filter(|p| !taken.contains(p))
            .partition(|&p| !on_route(p));
        shuffle(rng, &mut keys);
        shuffle(rng, &mut near);
        keys.extend(near);
        if keys.len() < config.keys {
            return Ok(None);
        }
        keys.truncate(config.keys);
        Ok(Some(self.puzzle(first)?.with_pieces(dragons, keys, doors)?))
    }

    /// Free tiles for the dragon: not the exit, not on or next to the hero.
    fn candidates(&self) -> Vec<Pos> {
        (0..self.graph.len())
            .map(|i| self.graph.pos(CellId(i as u32)))
            .filter(|&p| dragon_may_start(p, self.hero, self.exit))
            .collect()
    }

    /// The hero's tile.
    pub(super) fn hero(&self) -> Pos {
        self.hero
    }

    /// The candidates in `order`.
    ///
    /// The constrained order puts first the dragon tiles that constrain the
    /// hero most: those that can reach the hero's dragon-free route earliest
    /// compared with the hero,
    /// `m(x) = min over tiles p on a shortest hero-exit path of
    /// dist(x, p) - dist(hero, p)`. The tiles are ranked by `m` and cut into
    /// [`BANDS`] bands of equal size, most constraining band first, random
    /// order within a band: a strict ranking would always start with the
    /// tile next to the exit (whose answer, for one, usually depends on the
    /// dragon's ties), and every puzzle would look alike. One multi-source
    /// breadth-first pass gives `m` for every tile: on a shortest path
    /// `dist(hero, p) = D - dist(p, exit)`, so `m(x) + D` is the distance
    /// from `x` to the exit through the route.
    ///
    /// A dragon with `m >= 1` never reaches the route before the hero and
    /// changes nothing; the further below 0, the earlier it commands the
    /// route and the likelier it forces the hero around a loop. Solving
    /// every candidate of 30 braided mazes showed the share of placements
    /// with a forced detour rising steadily as `m` falls (about 5% near 0,
    /// 20% at -20, 60% at -80, all at -160), while the share caught stays
    /// low at the far end.
    pub(super) fn ordered_candidates(&self, order: Order, rng: &mut dyn Rng) -> Vec<Pos> {
        let mut candidates = self.candidates();
        shuffle(rng, &mut candidates);
        if order == Order::Random {
            return candidates;
        }
        let graph = &self.graph;
        let (hero, exit) = (
            graph
                .cell_at(self.hero)
                .expect("the hero is on a free tile"),
            graph
                .cell_at(self.exit)
                .expect("the exit is on a free tile"),
        );
        let from_hero = graph.distances_from(hero);
        let to_exit = graph.distances_from(exit);
        let d = from_hero[exit.index()];
        if d == UNREACHABLE {
            return candidates;
        }
        let route: Vec<(u32, u32)> = (0..graph.len() as u32)
            .filter(|&c| {
                let (a, b) = (from_hero[c as usize], to_exit[c as usize]);
                a != UNREACHABLE && b != UNREACHABLE && a + b == d
            })
            .map(|c| (to_exit[c as usize], c))
            .collect();
        let via_route = offset_distances(graph, &route);
        candidates.sort_by_key(|p| {
            via_route[graph
                .cell_at(*p)
                .expect("candidates are free tiles")
                .index()]
        });
        let band = candidates.len().div_ceil(BANDS).max(1);
        for chunk in candidates.chunks_mut(band) {
            shuffle(rng, chunk);
        }
        candidates
    }
}

/// Breadth-first distances from several sources that start at different
/// offsets: `min over (offset, s) of offset + dist(s, x)`, by a bucket queue.
fn offset_distances(graph: &Graph, sources: &[(u32, u32)]) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; graph.len()];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, at: u32, cell: u32| {
        let at = at as usize;
        if buckets.len() <= at {
            buckets.resize_with(at + 1, Vec::new);
        }
        buckets[at].push(cell);
    };
    for &(offset, cell) in sources {
        if offset < dist[cell as usize] {
            dist[cell as usize] = offset;
            push(&mut buckets, offset, cell);
        }
    }
    let mut level = 0;
    while level < buckets.len() {
        for cell in std::mem::take(&mut buckets[level]) {
            if dist[cell as usize] != level as u32 {
                continue;
            }
            for (_, n) in graph.neighbors(CellId(cell)) {
                if dist[n.index()] > level as u32 + 1 {
                    dist[n.index()] = level as u32 + 1;
                    push(&mut buckets, level as u32 + 1, n.0);
                }
            }
        }
        level += 1;
    }
    dist
}
