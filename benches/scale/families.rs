//! The families of maps: one function each, from a side in tiles and a seed
//! to a puzzle. Every family whose map depends on randomness draws it from
//! its seed alone, so a seed printed by a run replays that map exactly.

use std::cmp::Reverse;

use dragon_escape::graph::UNREACHABLE;
use dragon_escape::mapgen::{Algorithm, Config, Maze, generate};
use dragon_escape::{Graph, Pos, Puzzle};

/// The seed of the fixed suite's usual maps and pillar rooms (the same as
/// `benches/solve.rs` and the README).
pub(crate) const SEED: u64 = 2026;

/// A family of maps.
pub(crate) struct Kind {
    pub(crate) name: &'static str,
    /// Run only when named, or with `hard` or `all`.
    pub(crate) hard: bool,
    /// The seeds of the fixed suite (`fixed`), the ones BENCHMARKS.md's
    /// older tables measured. Empty for a family without randomness, which
    /// has one map a size whatever the seeds.
    pub(crate) fixed: &'static [u64],
    /// Drawn on the generator's cells (`(tiles - 1) / 2` a side).
    pub(crate) on_cells: bool,
    /// How the map is made, in one line, for the report.
    pub(crate) about: &'static str,
    /// The map of `tiles` a side from `seed`, or why the generator gave none.
    pub(crate) build: fn(usize, u64) -> Result<Puzzle, String>,
}

impl Kind {
    const fn new(
        name: &'static str,
        fixed: &'static [u64],
        about: &'static str,
        build: fn(usize, u64) -> Result<Puzzle, String>,
    ) -> Kind {
        Kind {
            name,
            hard: true,
            fixed,
            on_cells: true,
            about,
            build,
        }
    }

    /// Whether its maps depend on a seed.
    pub(crate) fn seeded(&self) -> bool {
        !self.fixed.is_empty()
    }

    pub(crate) fn named(name: &str) -> Option<&'static Kind> {
        KINDS.iter().find(|k| k.name == name)
    }
}

/// Every family: the usual three, run when no family is named, then the
/// hard ones, run only when named (or all with `hard`).
pub(crate) const KINDS: [Kind; 10] = [
    Kind {
        hard: false,
        ..Kind::new(
            "perfect",
            &[SEED],
            "backtracker, braid 0 (no loops), the dragon on a random cell \
             (`generate-maze --braid 0 --no-verify`)",
            perfect,
        )
    },
    Kind {
        hard: false,
        ..Kind::new(
            "braided",
            &[SEED],
            "backtracker, braid 0.5, the dragon on a random cell (`generate-maze --no-verify`)",
            braided,
        )
    },
    Kind {
        hard: false,
        ..Kind::new(
            "placed",
            &[SEED],
            "the generator's default puzzle (`generate-maze`): backtracker, braid 0.5, the \
             dragon placed and checked by the solver",
            placed,
        )
    },
    Kind::new(
        "rooms",
        &[1, 2, 3, 4],
        "braid 0.5 with open rectangles of 5 to 25 tiles a side carved in, one per 450 \
         tiles², hero and exit at the ends of the maze's longest path, the dragon on the \
         free tile farthest from the hero",
        rooms,
    ),
    Kind::new(
        "small-rooms",
        &[1, 2, 3, 4],
        "the generator's rooms: braid 0.5 with one open room of 2 to 4 cells a side per 100 \
         cells carved in before braiding (`generate-maze --rooms N --no-verify`), the dragon \
         on the free tile farthest from the hero (the older tables' `rooms`)",
        small_rooms,
    ),
    Kind {
        on_cells: false,
        ..Kind::new(
            "pillars",
            &[SEED],
            "one open room with 5 % of its inner tiles made single-tile pillars, no two \
             touching; hero in the top-left corner, the exit a tenth of the side down the \
             diagonal, the dragon in the bottom-right corner (the tile farthest from the hero)",
            pillars,
        )
    },
    Kind {
        on_cells: false,
        ..Kind::new(
            "pillars-across",
            &[SEED],
            "the same room with the pieces in three corners: hero top left, exit bottom \
             right, dragon top right",
            pillars_across,
        )
    },
    Kind::new(
        "lattice",
        &[],
        "walls only around the edge and on every (even, even) tile; hero top left, exit \
         bottom right, dragon top right (no randomness: one map a size)",
        lattice,
    ),
    Kind::new(
        "sparse",
        &[1, 2, 3, 4],
        "backtracker, braid 0.01, the dragon on a random cell \
         (`generate-maze --braid 0.01 --no-verify`)",
        sparse,
    ),
    Kind::new(
        "wilson",
        &[1, 2, 3, 4],
        "the generator's default puzzle with Wilson's algorithm (`generate-maze -a wilson`): \
         braid 0.5, the dragon placed and checked by the solver",
        wilson,
    ),
];

/// The generator's defaults on a square of `tiles` a side: backtracker,
/// braid 0.5, hero and exit at the ends of the longest path, the dragon
/// placed and checked.
fn square(tiles: usize) -> Config {
    let cells = (tiles - 1) / 2;
    Config::new(cells, cells)
}

/// What `generate-maze` prints for `config` and `--seed seed`.
fn generated(config: Config, seed: u64) -> Result<Puzzle, String> {
    generate(&config, seed)
        .map(|g| g.puzzle)
        .map_err(|e| e.to_string())
}

/// The generator's maze with `braid`, the dragon placed and checked or not.
fn maze(tiles: usize, seed: u64, braid: f64, verify: bool) -> Result<Puzzle, String> {
    let config = Config {
        braid,
        verify,
        ..square(tiles)
    };
    generated(config, seed)
}

/// No loops, the dragon on a random cell.
fn perfect(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    maze(tiles, seed, 0.0, false)
}

/// Half the dead ends opened into loops, the dragon on a random cell.
fn braided(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    maze(tiles, seed, 0.5, false)
}

/// Braided, the dragon placed and checked: `generate-maze`'s default puzzle.
fn placed(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    maze(tiles, seed, 0.5, true)
}

/// Braided with open rooms carved in after the maze is made: one rectangle
/// per 450 tiles² (at least one), each side drawn from 5 to 25 tiles (no
/// more than the inner side), placed anywhere inside the border and made
/// free; rooms may overlap and open onto any passage they touch. The hero
/// and the exit stay where the generator put them (the ends of the maze's
/// longest path; carving only frees tiles), and the dragon goes to the free
/// tile farthest from the hero ([`farthest_dragon`]). The rectangles are
/// drawn from `seed` on a stream of their own, apart from the maze's.
fn rooms(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    /// The stream of [`Draws`] the rooms are drawn from.
    const ROOMS: u64 = 1;
    let puzzle = braided(tiles, seed)?;
    let mut walls = puzzle.walls().to_vec();
    let inner = tiles - 2;
    let mut draws = Draws::new(seed, ROOMS);
    for _ in 0..(tiles * tiles / 450).max(1) {
        let mut side = || (5 + draws.below(21)).min(inner);
        let (height, width) = (side(), side());
        let top = 1 + draws.below(inner - height + 1);
        let left = 1 + draws.below(inner - width + 1);
        for row in top..top + height {
            walls[row * tiles + left..row * tiles + left + width].fill(false);
        }
    }
    let carved = Puzzle::new(
        tiles,
        tiles,
        walls,
        puzzle.hero(),
        puzzle.dragon(),
        puzzle.exit(),
    )
    .map_err(|e| e.to_string())?;
    farthest_dragon(&carved)
}

/// The generator's rooms: one room of 2 to 4 cells a side per 100 cells
/// (`generate-maze --rooms N --no-verify`), then the dragon moved to the
/// free tile farthest from the hero.
fn small_rooms(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    let config = square(tiles);
    let config = Config {
        rooms: config.width * config.height / 100,
        verify: false,
        ..config
    };
    farthest_dragon(&generated(config, seed)?)
}

/// `puzzle` with its dragon moved to the free tile farthest from the hero
/// (other than the exit; the first in reading order among equals).
fn farthest_dragon(puzzle: &Puzzle) -> Result<Puzzle, String> {
    let graph = Graph::new(puzzle);
    let from_hero = graph.distances_from(graph.hero());
    let distance = |p: Pos| {
        graph
            .cell_at(p)
            .map_or(UNREACHABLE, |c| from_hero[c.index()])
    };
    let farthest = free_tiles(puzzle)
        .filter(|&p| p != puzzle.exit() && distance(p) != UNREACHABLE)
        .min_by_key(|&p| Reverse(distance(p)))
        .ok_or("no free tile for the dragon")?;
    Puzzle::new(
        puzzle.width(),
        puzzle.height(),
        puzzle.walls().to_vec(),
        puzzle.hero(),
        farthest,
        puzzle.exit(),
    )
    .map_err(|e| e.to_string())
}

/// The free tiles of `puzzle` in reading order.
fn free_tiles(puzzle: &Puzzle) -> impl Iterator<Item = Pos> + '_ {
    (0..puzzle.height())
        .flat_map(|row| (0..puzzle.width()).map(move |col| Pos::new(row, col)))
        .filter(|&p| puzzle.is_free(p))
}

/// One open room with 5 % single-tile pillars; the hero in the top-left
/// corner, the exit a tenth of the side further down the diagonal, the
/// dragon in the bottom-right corner.
fn pillars(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    let (exit, last) = (1 + (tiles / 10).max(1), tiles - 2);
    pillar_room(tiles, seed, Pos::new(exit, exit), Pos::new(last, last))
}

/// The same room with the pieces in three corners, as on the lattice: the
/// hero top left, the exit bottom right, the dragon top right.
fn pillars_across(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    let last = tiles - 2;
    pillar_room(tiles, seed, Pos::new(last, last), Pos::new(1, last))
}

/// Numbers drawn from a seed the way the generator draws them: ChaCha8
/// seeded with the `u64`, on a numbered stream (0 is the generator's own),
/// and Lemire's bounded draws, as in `src/mapgen/random.rs`, whose helpers
/// are not public. Stream 0 keeps the pillar rooms the ones BENCHMARKS.md
/// measured.
struct Draws(rand_chacha::ChaCha8Rng);

impl Draws {
    fn new(seed: u64, stream: u64) -> Draws {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        Draws(rng)
    }

    /// A uniform number in `0..n` (`n` at least 1).
    fn below(&mut self, n: usize) -> usize {
        use rand_core::Rng;
        let n = u32::try_from(n).expect("a bound that fits in 32 bits");
        let mut m = u64::from(self.0.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.0.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as usize
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One open room, walls only around the edge, with 5 % of the inner tiles
/// turned into pillars: visited in a seeded random order, a tile becomes a
/// pillar unless it holds a piece or touches another pillar, even
/// diagonally (so every pillar is a single tile and the room stays
/// connected). The hero is in the top-left corner.
fn pillar_room(tiles: usize, seed: u64, exit: Pos, dragon: Pos) -> Result<Puzzle, String> {
    let (hero, last) = (Pos::new(1, 1), tiles - 2); // the last inner row and column
    let edge = |row: usize, col: usize| row == 0 || col == 0 || row > last || col > last;
    let mut walls: Vec<bool> = (0..tiles * tiles)
        .map(|i| edge(i / tiles, i % tiles))
        .collect();
    let mut inner: Vec<Pos> = (1..=last)
        .flat_map(|row| (1..=last).map(move |col| Pos::new(row, col)))
        .collect();
    let mut wanted = inner.len() / 20;
    Draws::new(seed, 0).shuffle(&mut inner);
    for p in inner {
        if wanted == 0 {
            break;
        }
        let touches_pillar = (p.row - 1..=p.row + 1)
            .any(|r| (p.col - 1..=p.col + 1).any(|c| !edge(r, c) && walls[r * tiles + c]));
        if !touches_pillar && ![hero, exit, dragon].contains(&p) {
            walls[p.row * tiles + p.col] = true;
            wanted -= 1;
        }
    }
    Puzzle::new(tiles, tiles, walls, hero, dragon, exit).map_err(|e| e.to_string())
}

/// The generator's cells with every passage open: an open grid with walls
/// around the edge and on every (even, even) tile. Hero top left, exit
/// bottom right, dragon top right. (No randomness: the seed is unused.)
fn lattice(tiles: usize, _seed: u64) -> Result<Puzzle, String> {
    let cells = (tiles - 1) / 2;
    let mut maze = Maze::new(cells, cells);
    maze.open_all();
    let last = tiles - 2;
    let (hero, dragon, exit) = (Pos::new(1, 1), Pos::new(1, last), Pos::new(last, last));
    Puzzle::new(tiles, tiles, maze.walls(), hero, dragon, exit).map_err(|e| e.to_string())
}

/// Barely braided (one dead end in a hundred opened), the dragon on a
/// random cell (`generate-maze --braid 0.01 --no-verify`).
fn sparse(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    maze(tiles, seed, 0.01, false)
}

/// The generator's default puzzle drawn with Wilson's algorithm
/// (`generate-maze -a wilson`): braided, the dragon placed and checked.
fn wilson(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    let config = Config {
        algorithm: Algorithm::Wilson,
        ..square(tiles)
    };
    generated(config, seed)
}
