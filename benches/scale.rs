//! Scale benchmarks: every engine on generated mazes from 41 to 2001 tiles a
//! side, each (map, engine) case timed in its own child process so that its
//! peak memory is its own. `BENCHMARKS.md` explains what is measured.
//!
//! Run with `cargo bench --all-features --bench scale`. Arguments pick cases:
//! sizes in tiles (`201`), kinds and engines (`default`, `adversarial`,
//! `floyd-warshall`, `pathfinding`, `floor`; and, only when named, `oracle`
//! and the rule variants `speed-2`, `wait`, `dragons-2`, `dragons-3` and
//! `keys-2`), e.g. `-- 201 braided`. The last three add pieces to the map
//! before solving it by the default rule ([`with_pieces`]).
//!
//! The kinds: `perfect`, `braided` and `placed`, run when no kind is named;
//! and the hard families, run only when named or all at once with `hard`:
//! `rooms` (braided with open rooms, the dragon on the tile farthest from
//! the hero), `pillars` (one open room with 5 % single-tile pillars, the
//! hero and the exit in one corner, the dragon in the far one),
//! `pillars-across` (the same room, the pieces in three corners),
//! `lattice` (an open grid with a wall on every (even, even) tile),
//! `sparse` (braid 0.01, a random dragon) and `wilson` (the generator's
//! default puzzle with Wilson's algorithm). `rooms`, `sparse` and `wilson`
//! have seeds 1 to 4, one row each (`wilson-1` to `wilson-4`). Each family
//! is made by one function below. E.g. `SCALE_TIMEOUT=60 cargo bench
//! --all-features --bench scale -- 201 hard default adversarial floor`.
//!
//! The environment sets the limits: `SCALE_TIMEOUT` (seconds per case,
//! default 60), `SCALE_BUILD_TIMEOUT` (seconds to build a map, 600: a
//! checked placement runs the solver), `SCALE_MEMORY_MB` (per case or
//! build, 8192) and `SCALE_FW_MAX_TILES` (the largest map the
//! Floyd–Warshall reference runs on, 41). The Markdown tables go to
//! standard output and to `<target dir>/scale.md`.
//!
//! Each map is built by this binary run again with `SCALE_BUILD` naming the
//! kind (and `SCALE_SEED`, `SCALE_TILES`): it writes the map file to
//! `SCALE_MAP`. A case is this binary run again with `SCALE_CASE` naming
//! the engine: it parses the map file, resets its peak-memory mark, runs
//! the engine a few times and prints what it measured as `key value` lines.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark prints its tables and progress"
)]

use std::cmp::Reverse;
use std::collections::{HashSet, VecDeque};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{self, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use dragon_escape::dragon::{BfsFields, DragonOracle};
use dragon_escape::graph::UNREACHABLE;
use dragon_escape::mapgen::{Algorithm, Config, Maze, generate};
use dragon_escape::{
    CellId, Direction, Ending, Graph, Options, OracleKind, Outcome, Pos, Priority, Puzzle, Rules,
    Solver, Speed, Ties,
};
use pathfinding::prelude::bfs;

/// A caught outcome as the tables show it, whatever line the hero survives.
const CAUGHT: Outcome = Outcome::Caught {
    line: Ending::Skipped { endless: false },
};

/// Sides in tiles; the generator's side in cells is `(tiles - 1) / 2`.
const SIZES: [usize; 6] = [41, 101, 201, 501, 1001, 2001];
/// The families of maps: the usual three, then the hard ones (run only
/// when named, or all with `hard`). A kind with several seeds gives one row
/// per seed, `<name>-<seed>`: the hard families whose maze or dragon is
/// drawn at random have four, since one seed can flatter.
const KINDS: [Kind; 9] = [
    Kind::usual("perfect", perfect),
    Kind::usual("braided", braided),
    Kind::usual("placed", placed),
    Kind::hard(
        "rooms",
        &[1, 2, 3, 4],
        "braid 0.5 with one open room (2 to 4 cells a side) per 100 cells carved in \
         before braiding, hero and exit at the ends of the longest path, the dragon on \
         the free tile farthest from the hero; seeds 1 to 4",
        rooms,
    ),
    Kind {
        on_cells: false,
        ..Kind::hard(
            "pillars",
            &[SEED],
            "one open room with 5 % of its inner tiles made single-tile pillars at \
             random, no two touching; hero in the top-left corner, the exit a tenth of \
             the side down the diagonal, the dragon in the bottom-right corner",
            pillars,
        )
    },
    Kind {
        on_cells: false,
        ..Kind::hard(
            "pillars-across",
            &[SEED],
            "the same room with the pieces in three corners: hero top left, exit bottom \
             right, dragon top right",
            pillars_across,
        )
    },
    Kind::hard(
        "lattice",
        &[SEED],
        "walls only around the edge and on every (even, even) tile; hero top left, \
         exit bottom right, dragon top right",
        lattice,
    ),
    Kind::hard(
        "sparse",
        &[1, 2, 3, 4],
        "braid 0.01, the dragon on a random cell without verification; seeds 1 to 4",
        sparse,
    ),
    Kind::hard(
        "wilson",
        &[1, 2, 3, 4],
        "the generator's default puzzle with Wilson's algorithm (braid 0.5, the \
         dragon placed and checked by the solver), seeds 1 to 4",
        wilson,
    ),
];
/// The seed of every map (the same as `benches/solve.rs` and the README).
const SEED: u64 = 2026;
/// The environment variables that make this binary run one case.
const CASE: &str = "SCALE_CASE";
const MAP: &str = "SCALE_MAP";
const RUNS: &str = "SCALE_RUNS";
const BUDGET_MS: &str = "SCALE_BUDGET_MS";
/// The environment variables that make this binary build one map (into `SCALE_MAP`).
const BUILD: &str = "SCALE_BUILD";
const BUILD_SEED: &str = "SCALE_SEED";
const BUILD_TILES: &str = "SCALE_TILES";

/// A family of maps.
struct Kind {
    name: &'static str,
    /// Run only when named, or with `hard`.
    hard: bool,
    /// One row per seed.
    seeds: &'static [u64],
    /// Drawn on the generator's cells (`(tiles - 1) / 2` a side).
    on_cells: bool,
    /// How the map is made, for the report (hard kinds).
    about: &'static str,
    /// The map of `tiles` a side from `seed`, or why the generator gave none.
    build: fn(usize, u64) -> Result<Puzzle, String>,
}

impl Kind {
    const fn usual(name: &'static str, build: fn(usize, u64) -> Result<Puzzle, String>) -> Kind {
        Kind {
            name,
            hard: false,
            seeds: &[SEED],
            on_cells: true,
            about: "",
            build,
        }
    }

    const fn hard(
        name: &'static str,
        seeds: &'static [u64],
        about: &'static str,
        build: fn(usize, u64) -> Result<Puzzle, String>,
    ) -> Kind {
        Kind {
            name,
            hard: true,
            seeds,
            on_cells: true,
            about,
            build,
        }
    }

    /// The name of its map for `seed`: the kind's name, with `-<seed>` for
    /// a kind of several seeds.
    fn map(&self, seed: u64) -> String {
        match self.seeds.len() {
            1 => self.name.to_string(),
            _ => format!("{}-{seed}", self.name),
        }
    }

    fn named(name: &str) -> Option<&'static Kind> {
        KINDS.iter().find(|k| k.name == name)
    }
}

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

/// Braided with open rooms: one room of 2 to 4 cells a side per 100 cells
/// (`generate-maze --rooms N --no-verify`), then the dragon moved to the
/// free tile farthest from the hero (other than the exit; the first in
/// reading order among equals).
fn rooms(tiles: usize, seed: u64) -> Result<Puzzle, String> {
    let config = square(tiles);
    let config = Config {
        rooms: config.width * config.height / 100,
        verify: false,
        ..config
    };
    let puzzle = generated(config, seed)?;
    let graph = Graph::new(&puzzle);
    let from_hero = graph.distances_from(graph.hero());
    let distance = |p: Pos| {
        graph
            .cell_at(p)
            .map_or(UNREACHABLE, |c| from_hero[c.index()])
    };
    let farthest = free_tiles(&puzzle)
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

/// Shuffles `items` in the order the generator would from `seed`
/// (Fisher–Yates on ChaCha8, Lemire's bounded draws, as in
/// `src/mapgen/random.rs`, whose helpers are not public), so the pillar
/// rooms stay the ones BENCHMARKS.md measured.
fn shuffle<T>(seed: u64, items: &mut [T]) {
    use rand_core::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut below = |n: usize| {
        let n = u32::try_from(n).expect("a bound that fits in 32 bits");
        let mut m = u64::from(rng.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(rng.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as usize
    };
    for i in (1..items.len()).rev() {
        items.swap(i, below(i + 1));
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
    shuffle(seed, &mut inner);
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

/// The ways of solving a map that the suite compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Engine {
    /// The library's solver with the default (priority) tie rule.
    Default,
    /// The library's solver with [`Ties::Adversarial`].
    Adversarial,
    /// The library's solver with the Floyd–Warshall reference oracle.
    FloydWarshall,
    /// A plain breadth-first search over (hero, dragon) with `pathfinding`.
    Pathfinding,
    /// Hero to exit ignoring the dragon: the least any solver must do.
    /// (Builds the graph and runs one BFS, as `Solver::new` does.)
    Floor,
    /// The default oracle alone, asked [`QUESTIONS`] random questions
    /// (dragon and hero anywhere in the dragon's part of the map): the worst
    /// case for it, with no chase to follow. Runs only when named.
    Oracle,
    /// The default solver for a dragon of speed 2 (a rule variant). Runs
    /// only when named.
    Speed2,
    /// The default solver with waiting (a rule variant). Runs only when
    /// named.
    Wait,
    /// The default solver with one or two more dragons, or with two keys
    /// and two doors, placed by [`with_pieces`] (rule variants). Run only
    /// when named.
    Dragons2,
    Dragons3,
    Keys2,
}

/// How many questions [`Engine::Oracle`] asks.
const QUESTIONS: u64 = 2000;

impl Engine {
    const ALL: [Engine; 11] = [
        Engine::Default,
        Engine::Adversarial,
        Engine::FloydWarshall,
        Engine::Pathfinding,
        Engine::Floor,
        Engine::Oracle,
        Engine::Speed2,
        Engine::Wait,
        Engine::Dragons2,
        Engine::Dragons3,
        Engine::Keys2,
    ];

    fn name(self) -> &'static str {
        match self {
            Engine::Default => "default",
            Engine::Adversarial => "adversarial",
            Engine::FloydWarshall => "floyd-warshall",
            Engine::Pathfinding => "pathfinding",
            Engine::Floor => "floor",
            Engine::Oracle => "oracle",
            Engine::Speed2 => "speed-2",
            Engine::Wait => "wait",
            Engine::Dragons2 => "dragons-2",
            Engine::Dragons3 => "dragons-3",
            Engine::Keys2 => "keys-2",
        }
    }

    fn named(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Solves `puzzle` from scratch: everything after parsing is timed.
    fn run(self, puzzle: &Puzzle) -> Result<Run, String> {
        let placed;
        let puzzle = match self {
            Engine::Dragons2 => {
                placed = with_pieces(puzzle, 1, 0)?;
                &placed
            }
            Engine::Dragons3 => {
                placed = with_pieces(puzzle, 2, 0)?;
                &placed
            }
            Engine::Keys2 => {
                placed = with_pieces(puzzle, 0, 2)?;
                &placed
            }
            _ => puzzle,
        };
        let library = |oracle, rules| {
            let options = Options {
                oracle,
                rules,
                // What a plain `solve-maze MAP` asks: the answer, without
                // the line a caught hero survives.
                caught_line: false,
                ..Options::default()
            };
            let solution = Solver::new(puzzle)
                .solve(&options)
                .map_err(|e| e.to_string())?;
            Ok(Run {
                outcome: solution.outcome,
                expanded: solution.stats.states_expanded,
                stored: Some(solution.stats.states_stored),
            })
        };
        match self {
            Engine::Default => library(OracleKind::Bfs, Rules::default()),
            Engine::Adversarial => library(
                OracleKind::Bfs,
                Rules {
                    ties: Ties::Adversarial,
                    ..Rules::default()
                },
            ),
            Engine::FloydWarshall => library(OracleKind::FloydWarshall, Rules::default()),
            Engine::Pathfinding => pathfinding_solve(puzzle),
            Engine::Floor => Ok(floor(puzzle)),
            Engine::Oracle => oracle_questions(puzzle),
            Engine::Speed2 => library(
                OracleKind::Bfs,
                Rules {
                    speed: Speed::new(2).expect("2 is a speed"),
                    ..Rules::default()
                },
            ),
            Engine::Wait => library(
                OracleKind::Bfs,
                Rules {
                    wait: true,
                    ..Rules::default()
                },
            ),
            Engine::Dragons2 | Engine::Dragons3 | Engine::Keys2 => {
                library(OracleKind::Bfs, Rules::default())
            }
        }
    }

    /// Whether the engine runs only when named.
    fn on_request(self) -> bool {
        matches!(
            self,
            Engine::Oracle
                | Engine::Speed2
                | Engine::Wait
                | Engine::Dragons2
                | Engine::Dragons3
                | Engine::Keys2
        )
    }
}

/// What one solve found.
struct Run {
    outcome: Outcome,
    expanded: u64,
    stored: Option<u64>,
}

/// The straightforward solver: `pathfinding`'s BFS over (hero, dragon)
/// cells, one turn of docs/RULES.md per edge: the hero's legal moves by the
/// library's `Solver::hero_moves`, the dragon's first shortest step in the
/// official order by the default oracle's `shortest_steps`. States
/// expanded are the calls of the successor function.
fn pathfinding_solve(puzzle: &Puzzle) -> Result<Run, String> {
    let solver = Solver::new(puzzle);
    let graph = solver.graph();
    let mut oracle =
        BfsFields::new(graph, Options::default().oracle_memory).map_err(|e| e.to_string())?;
    let exit = graph.exit();
    let mut expanded = 0;
    let successors = |&(hero, dragon): &(_, _)| {
        expanded += 1;
        let mut next = Vec::with_capacity(4);
        let (at, dragon_at) = (graph.pos(hero), graph.pos(dragon));
        for (_, to) in solver.hero_moves(at, dragon_at, Rules::default()) {
            let to = graph.cell_at(to).expect("the hero steps onto a free cell");
            if to == exit {
                next.push((to, dragon)); // escaped: the dragon does not move
                continue;
            }
            let reply = match oracle.shortest_steps(dragon, to) {
                None => dragon, // it sleeps
                Some(steps) => {
                    let d = Priority::OFFICIAL.first_in(steps).expect("a shortest step");
                    graph.neighbor(dragon, d).expect("onto a free cell")
                }
            };
            next.push((to, reply));
        }
        next
    };
    let path = bfs(&(graph.hero(), graph.dragon()), successors, |&(h, _)| {
        h == exit
    });
    let outcome = match path {
        Some(path) => Outcome::Escaped {
            steps: path.len() - 1,
        },
        None if graph.distance(graph.hero(), exit).is_none() => Outcome::NoPath,
        // Caught; the line it survives is not worked out here.
        None => CAUGHT,
    };
    Ok(Run {
        outcome,
        expanded,
        stored: None,
    })
}

/// `puzzle` with `dragons` more dragons and `keys` keys and as many doors,
/// placed the same way every time (timed with the solve: two BFS).
///
/// The hero's dragon-free shortest route is followed from the hero: the
/// doors go on corridor cells of it (two free neighbours, opposite) at
/// evenly spaced points of its middle half, so the route passes them; the
/// keys on the cells of its first quarter, the nearest first, so the hero
/// meets them on the way; the extra dragons on the free cells farthest
/// from both the hero and the dragons already there, off the route.
fn with_pieces(puzzle: &Puzzle, dragons: usize, keys: usize) -> Result<Puzzle, String> {
    let graph = Graph::new(puzzle);
    let from_hero = graph.distances_from(graph.hero());
    let to_exit = graph.distances_from(graph.exit());
    let free = from_hero[graph.exit().index()];
    if free == UNREACHABLE {
        return Err("no route for the pieces".into());
    }
    // The route: from the hero, each cell one step nearer the exit.
    let mut route = vec![graph.hero()];
    while let Some(&at) = route.last() {
        if at == graph.exit() {
            break;
        }
        let (_, next) = graph
            .neighbors(at)
            .find(|&(_, n)| to_exit[n.index()] + 1 == to_exit[at.index()])
            .expect("a cell on the route has a next one");
        route.push(next);
    }
    let taken: HashSet<CellId> = route.iter().copied().collect();
    let corridor = |c: CellId| {
        let dirs: Vec<Direction> = graph.neighbors(c).map(|(d, _)| d).collect();
        dirs.len() == 2 && dirs[0].opposite() == dirs[1]
    };
    let len = route.len();
    let mut doors = Vec::new();
    for k in 0..keys {
        let want = len / 4 + (k + 1) * len / (2 * (keys + 1));
        let cell = (want..len - 1)
            .map(|i| route[i])
            .find(|&c| corridor(c) && !doors.contains(&c))
            .ok_or("no corridor cell on the route for a door")?;
        doors.push(cell);
    }
    let key_cells: Vec<CellId> = route[1..len / 4]
        .iter()
        .copied()
        .filter(|c| !doors.contains(c) && *c != graph.dragon())
        .take(keys)
        .collect();
    if key_cells.len() < keys {
        return Err("no room for the keys".into());
    }
    let mut all_dragons = vec![graph.dragon()];
    for _ in 0..dragons {
        let fields: Vec<Vec<u32>> = all_dragons
            .iter()
            .map(|&d| graph.distances_from(d))
            .collect();
        let far = (0..graph.len() as u32)
            .map(CellId)
            .filter(|c| {
                !taken.contains(c)
                    && !all_dragons.contains(c)
                    && from_hero[c.index()] != UNREACHABLE
            })
            .max_by_key(|c| {
                fields
                    .iter()
                    .map(|f| f[c.index()])
                    .chain([from_hero[c.index()]])
                    .min()
            })
            .ok_or("no cell for another dragon")?;
        all_dragons.push(far);
    }
    let pos = |cells: &[CellId]| cells.iter().map(|&c| graph.pos(c)).collect::<Vec<Pos>>();
    puzzle
        .clone()
        .with_pieces(pos(&all_dragons), pos(&key_cells), pos(&doors))
        .map_err(|e| e.to_string())
}

/// [`QUESTIONS`] questions to the default oracle about random cells of the
/// dragon's part of the map (a fixed xorshift sequence), after one BFS that
/// lists those cells. The outcome is the floor's, for the tables.
fn oracle_questions(puzzle: &Puzzle) -> Result<Run, String> {
    let graph = Graph::new(puzzle);
    let reachable: Vec<CellId> = graph
        .distances_from(graph.dragon())
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != UNREACHABLE)
        .map(|(c, _)| CellId(c as u32))
        .collect();
    let mut oracle =
        BfsFields::new(&graph, Options::default().oracle_memory).map_err(|e| e.to_string())?;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut pick = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        reachable[(state % reachable.len() as u64) as usize]
    };
    let mut asked = 0;
    while asked < QUESTIONS {
        let (dragon, target) = (pick(), pick());
        if dragon != target {
            std::hint::black_box(oracle.shortest_steps(dragon, target));
            asked += 1;
        }
    }
    Ok(Run {
        outcome: floor(puzzle).outcome,
        expanded: asked,
        stored: None,
    })
}

/// The least any solver does: the solver's dense graph and one plain BFS
/// from the hero, ignoring the dragon, stopped at the exit. (`pathfinding`'s
/// `bfs` over positions takes about twice as long: it hashes every cell.)
fn floor(puzzle: &Puzzle) -> Run {
    let graph = Graph::new(puzzle);
    let mut dist = vec![u32::MAX; graph.len()];
    dist[graph.hero().index()] = 0;
    let (mut queue, mut expanded) = (VecDeque::from([graph.hero()]), 0);
    while let Some(cell) = queue.pop_front() {
        let here = dist[cell.index()];
        if cell == graph.exit() {
            let outcome = Outcome::Escaped {
                steps: here as usize,
            };
            return Run {
                outcome,
                expanded,
                stored: None,
            };
        }
        expanded += 1;
        for (_, next) in graph.neighbors(cell) {
            if dist[next.index()] == u32::MAX {
                dist[next.index()] = here + 1;
                queue.push_back(next);
            }
        }
    }
    Run {
        outcome: Outcome::NoPath,
        expanded,
        stored: None,
    }
}

/// The child: runs one case and prints what it measured.
fn child(engine: &str) {
    let engine = Engine::named(engine).expect("the parent names a known engine");
    let runs: usize = var(RUNS).parse().expect("a run count");
    let budget = Duration::from_millis(var(BUDGET_MS).parse().expect("a budget"));
    let text = fs::read(var(MAP)).expect("the map file is readable");
    let puzzle = Puzzle::parse(&text).expect("the map parses");
    drop(text);
    // "5" resets the peak resident set size to the current one (Linux >= 4.0).
    let _ = fs::write("/proc/self/clear_refs", "5");
    let (started, mut ms) = (Instant::now(), Vec::new());
    let run = loop {
        let start = Instant::now();
        let result = engine.run(&puzzle);
        let took = start.elapsed();
        ms.push(took.as_secs_f64() * 1e3);
        match result {
            Err(e) => return println!("error {e}"),
            Ok(run) if ms.len() >= runs || started.elapsed() + took > budget => break run,
            Ok(_) => {}
        }
    };
    let outcome = run
        .outcome
        .steps()
        .map_or(run.outcome.name().into(), |s| s.to_string());
    let stored = run.stored.map_or("-".into(), |s| s.to_string());
    let peak_kb = proc_kb("/proc/self/status", "VmHWM").unwrap_or(0);
    let ms: Vec<String> = ms.iter().map(|t| format!("{t:.4}")).collect();
    // The parent reads this line back with `Measured::parse`.
    let expanded = run.expanded;
    println!("{outcome} {expanded} {stored} {peak_kb} {}", ms.join(" "));
}

/// The child that builds a map: checks it and writes it to `SCALE_MAP` as
/// the emoji text `generate-maze` writes, then prints `built` (or `error`
/// and the generator's reason).
fn build_child(kind: &str) {
    let kind = Kind::named(kind).expect("the parent names a known kind");
    let tiles = var(BUILD_TILES).parse().expect("a side in tiles");
    let seed = var(BUILD_SEED).parse().expect("a seed");
    let puzzle = match (kind.build)(tiles, seed) {
        Ok(puzzle) => puzzle,
        Err(e) => return println!("error {e}"),
    };
    // `Puzzle::new` checked that the pieces stand on three different free tiles.
    assert!(
        !puzzle.hero().touches(puzzle.dragon()),
        "{} {tiles}: the dragon starts next to the hero",
        kind.map(seed)
    );
    let text = puzzle.to_emoji();
    let parsed = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
    assert_eq!(parsed, puzzle, "the emoji text round-trips");
    fs::write(var(MAP), text).expect("the map file is writable");
    println!("built");
}

/// An environment variable the parent sets for its children.
fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("{name} is set"))
}

/// A `kB` field of a `/proc` file such as `/proc/self/status`.
fn proc_kb(file: &str, key: &str) -> Option<u64> {
    let status = fs::read_to_string(file).ok()?;
    let line = status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}

/// What became of a case.
enum Status {
    Done(Measured),
    Timeout,
    OverMemory,
    Failed(String),
    /// The library declined, e.g. the oracle would not fit its memory budget.
    Refused(String),
    /// Not run: an opt-in engine, or filtered out by the arguments.
    NotRun,
    /// Not run: the same engine timed out on a smaller map of the same kind.
    Skipped,
}

struct Measured {
    outcome: Outcome,
    ms: Vec<f64>,
    peak_mb: f64,
    expanded: u64,
    stored: Option<u64>,
}

impl Measured {
    fn median(&self) -> f64 {
        median(&self.ms)
    }

    /// Reads the child's line: outcome (steps, `caught` or `no_path`),
    /// states expanded, states stored (or `-`), peak kB, then the times.
    fn parse(output: &str) -> Result<Status, String> {
        if let Some(e) = output.strip_prefix("error ") {
            return Ok(Status::Refused(e.trim().into()));
        }
        let bad = || format!("unexpected output from the case: {output:?}");
        let mut words = output.split_whitespace();
        let mut next = || words.next().ok_or_else(bad);
        let outcome = match next()? {
            "caught" => CAUGHT,
            "no_path" => Outcome::NoPath,
            steps => Outcome::Escaped {
                steps: steps.parse().map_err(|_| bad())?,
            },
        };
        let expanded = next()?.parse().map_err(|_| bad())?;
        let stored = next()?.parse().ok();
        let peak_mb = next()?.parse::<f64>().map_err(|_| bad())? / 1024.0;
        let ms = words.map(|w| w.parse().map_err(|_| bad()));
        let ms = ms.collect::<Result<Vec<f64>, _>>()?;
        if ms.is_empty() {
            return Err(bad());
        }
        Ok(Status::Done(Measured {
            outcome,
            ms,
            peak_mb,
            expanded,
            stored,
        }))
    }
}

/// The limits from the environment.
struct Settings {
    timeout: Duration,
    build_timeout: Duration,
    memory_kb: u64,
    fw_max_tiles: usize,
}

impl Settings {
    fn from_env() -> Settings {
        let get = |name, default: u64| {
            env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        Settings {
            timeout: Duration::from_secs(get("SCALE_TIMEOUT", 60)),
            build_timeout: Duration::from_secs(get("SCALE_BUILD_TIMEOUT", 600)),
            memory_kb: get("SCALE_MEMORY_MB", 8192) * 1024,
            fw_max_tiles: get("SCALE_FW_MAX_TILES", 41) as usize,
        }
    }

    /// Runs one case in a child process within the limits.
    fn run_case(&self, map: &Path, engine: Engine, runs: usize) -> Status {
        let mut command = this_binary();
        command
            .env(CASE, engine.name())
            .env(MAP, map)
            .env(RUNS, runs.to_string())
            .env(BUDGET_MS, (self.timeout.as_millis() / 2).to_string());
        match self.run_child(command, self.timeout) {
            Ok(out) => Measured::parse(&out).unwrap_or_else(Status::Failed),
            Err(status) => status,
        }
    }

    /// Builds a map in a child process within the memory limit and
    /// `SCALE_BUILD_TIMEOUT` (a checked placement runs the solver), writes it
    /// to `path` and returns its text.
    fn build_map(
        &self,
        kind: &Kind,
        seed: u64,
        tiles: usize,
        path: &Path,
    ) -> Result<String, Status> {
        let mut command = this_binary();
        command
            .env(BUILD, kind.name)
            .env(BUILD_SEED, seed.to_string())
            .env(BUILD_TILES, tiles.to_string())
            .env(MAP, path);
        let out = self.run_child(command, self.build_timeout)?;
        match out.trim() {
            "built" => fs::read_to_string(path).map_err(|e| Status::Failed(e.to_string())),
            out => Err(match out.strip_prefix("error ") {
                Some(e) => Status::Refused(e.into()),
                None => Status::Failed(format!("unexpected output from the build: {out:?}")),
            }),
        }
    }

    /// Runs `command` (this binary as a child) within `timeout` and the
    /// memory limit: its standard output, or what stopped it.
    fn run_child(&self, mut command: Command, timeout: Duration) -> Result<String, Status> {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Status::Failed(e.to_string()))?;
        let (start, status) = (Instant::now(), format!("/proc/{}/status", child.id()));
        let over = loop {
            match child.try_wait() {
                Ok(Some(_)) => break None,
                Ok(None) => {}
                Err(e) => return Err(Status::Failed(e.to_string())),
            }
            if start.elapsed() > timeout {
                break Some(Status::Timeout);
            }
            if proc_kb(&status, "VmRSS").is_some_and(|kb| kb > self.memory_kb) {
                break Some(Status::OverMemory);
            }
            sleep(Duration::from_millis(20));
        };
        if let Some(status) = over {
            let _ = child.kill();
            let _ = child.wait();
            return Err(status);
        }
        match child.wait_with_output() {
            Ok(out) if out.status.success() => Ok(String::from_utf8_lossy(&out.stdout).into()),
            Ok(out) => Err(Status::Failed(format!(
                "the child process ended with {}",
                out.status
            ))),
            Err(e) => Err(Status::Failed(e.to_string())),
        }
    }
}

/// This bench's own binary, to run as a child.
fn this_binary() -> Command {
    Command::new(env::current_exe().expect("the bench knows its own path"))
}

/// Which cases the arguments ask for; an empty list means all (for kinds:
/// all but the hard ones).
struct Selection {
    sizes: Vec<usize>,
    kinds: Vec<&'static str>,
    engines: Vec<Engine>,
}

impl Selection {
    /// Reads the arguments, skipping the flags cargo passes (`--bench`).
    fn from_args() -> Result<Selection, String> {
        let (mut sizes, mut kinds, mut engines) = (Vec::new(), Vec::new(), Vec::new());
        for arg in env::args().skip(1).filter(|a| !a.starts_with('-')) {
            if let Ok(tiles) = arg.parse::<usize>() {
                if tiles < 5 || tiles % 2 == 0 {
                    return Err(format!("{tiles}: a side in tiles is odd and at least 5"));
                }
                sizes.push(tiles);
            } else if let Some(kind) = Kind::named(&arg) {
                kinds.push(kind.name);
            } else if arg == "hard" {
                kinds.extend(KINDS.iter().filter(|k| k.hard).map(|k| k.name));
            } else if let Some(engine) = Engine::named(&arg) {
                engines.push(engine);
            } else {
                let kinds: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
                return Err(format!(
                    "unknown argument '{arg}': give sides in tiles (e.g. 201), kinds ({}, or \
                     hard for all the hard ones), or engine names",
                    kinds.join(", ")
                ));
            }
        }
        if sizes.is_empty() {
            sizes = SIZES.to_vec();
        }
        Ok(Selection {
            sizes,
            kinds,
            engines,
        })
    }

    fn wants_engine(&self, engine: Engine) -> bool {
        match self.engines.is_empty() {
            true => !engine.on_request(),
            false => self.engines.contains(&engine),
        }
    }

    fn wants_kind(&self, kind: &Kind) -> bool {
        match self.kinds.is_empty() {
            true => !kind.hard,
            false => self.kinds.contains(&kind.name),
        }
    }
}

/// One map and its cases, in [`Engine::ALL`] order.
struct Row {
    /// The kind's name, with the seed for kinds of several seeds.
    map: String,
    tiles: usize,
    /// Its side in the generator's cells, for maps drawn on cells.
    cells: Option<usize>,
    /// Its free tiles and median parse time, or what stopped its building.
    built: Result<(usize, f64), Status>,
    runs: usize,
    cases: [Status; 11],
}

impl Row {
    fn case(&self, engine: Engine) -> &Status {
        &self.cases[engine as usize]
    }

    fn done(&self, engine: Engine) -> Option<&Measured> {
        match self.case(engine) {
            Status::Done(m) => Some(m),
            _ => None,
        }
    }
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (v[(n - 1) / 2] + v[n / 2]) / 2.0
}

/// Builds one map, times its parsing, and runs the selected engines.
/// `given_up` holds the maps (by name) that could not be built and the
/// (map, engine) cases that went over a limit: larger sizes skip them.
fn measure_map(
    (kind, seed): (&Kind, u64),
    tiles: usize,
    selection: &Selection,
    settings: &Settings,
    maps: &Path,
    given_up: &mut HashSet<(String, Option<Engine>)>,
) -> Row {
    let map = kind.map(seed);
    let path = maps.join(format!("{map}-{tiles}.txt"));
    let runs = if tiles <= 201 { 5 } else { 3 };
    let mut row = Row {
        map: map.clone(),
        tiles,
        cells: kind.on_cells.then_some((tiles - 1) / 2),
        built: Err(Status::Skipped),
        runs,
        cases: Engine::ALL.map(|_| Status::NotRun),
    };
    let started = Instant::now();
    let text = match given_up.contains(&(map.clone(), None)) {
        true => Err(Status::Skipped),
        false => settings.build_map(kind, seed, tiles, &path),
    };
    let text = match text {
        Ok(text) => text,
        Err(status) => {
            eprintln!("{map} {tiles}: map not built: {}", describe(&status));
            given_up.insert((map, None));
            row.built = Err(status);
            return row;
        }
    };
    if started.elapsed() > Duration::from_secs(1) {
        let took = started.elapsed().as_secs_f64();
        eprintln!("{map} {tiles}: map built in {took:.1} s");
    }
    let puzzle = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
    let parse_ms: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let parsed = Puzzle::parse(text.as_bytes()).expect("the emoji text parses");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            assert_eq!(parsed, puzzle, "every parse gives the same puzzle");
            ms
        })
        .collect();
    let free_tiles = puzzle.walls().iter().filter(|&&wall| !wall).count();
    row.built = Ok((free_tiles, median(&parse_ms)));
    row.cases = Engine::ALL.map(|engine| {
        let status = if !selection.wants_engine(engine)
            || (engine == Engine::FloydWarshall && tiles > settings.fw_max_tiles)
        {
            Status::NotRun
        } else if given_up.contains(&(map.clone(), Some(engine))) {
            Status::Skipped
        } else {
            settings.run_case(&path, engine, runs)
        };
        if matches!(status, Status::Timeout | Status::OverMemory) {
            given_up.insert((map.clone(), Some(engine)));
        }
        eprintln!("{map} {tiles} / {}: {}", engine.name(), describe(&status));
        status
    });
    row
}

fn describe(status: &Status) -> String {
    match status {
        Status::Done(m) => format!(
            "{}, median {} ms of {}, {:.1} MB, {} expanded",
            outcome(m.outcome),
            ms(m.median()),
            m.ms.len(),
            m.peak_mb,
            m.expanded
        ),
        Status::Timeout => "timeout".into(),
        Status::OverMemory => "over the memory limit".into(),
        Status::Failed(e) => format!("FAILED: {e}"),
        Status::Refused(e) => format!("refused: {e}"),
        Status::NotRun => "not run".into(),
        Status::Skipped => "skipped".into(),
    }
}

/// The disagreements between engines on one map: each is a bug.
fn check(row: &Row) -> Vec<String> {
    let mut problems = Vec::new();
    let map = format!("{} {}", row.map, row.tiles);
    if let Err(Status::Failed(e)) = &row.built {
        problems.push(format!("{map}: building the map failed: {e}"));
    }
    for engine in Engine::ALL {
        if let Status::Failed(e) = row.case(engine) {
            problems.push(format!("{map}: {} failed: {e}", engine.name()));
        }
    }
    let Some(default) = row.done(Engine::Default).map(|m| m.outcome) else {
        return problems;
    };
    let mut differs = |engine: Engine, bad: &dyn Fn(Outcome) -> bool, what: &str| {
        if let Some(m) = row.done(engine).filter(|m| bad(m.outcome)) {
            problems.push(format!(
                "{map}: {} gives {} but default {}: {what}",
                engine.name(),
                outcome(m.outcome),
                outcome(default)
            ));
        }
    };
    // Caught and no path count as infinitely many steps.
    let rank = |o: Outcome| o.steps().unwrap_or(usize::MAX);
    let no_path = |o: Outcome| o == Outcome::NoPath;
    differs(Engine::FloydWarshall, &|o| o != default, "must be equal");
    differs(Engine::Pathfinding, &|o| o != default, "must be equal");
    differs(
        Engine::Adversarial,
        &|o| rank(o) < rank(default) || no_path(o) != no_path(default),
        "adversarial can only be longer",
    );
    differs(
        Engine::Wait,
        &|o| rank(o) > rank(default) || no_path(o) != no_path(default),
        "waiting only adds moves, so it can only be shorter",
    );
    differs(
        Engine::Floor,
        &|o| rank(o) > rank(default) || no_path(o) != no_path(default),
        "the dragon-free path can only be shorter",
    );
    problems
}

fn outcome(o: Outcome) -> String {
    match o {
        Outcome::Escaped { steps } => format!("{steps} steps"),
        Outcome::Caught { .. } => "caught".into(),
        Outcome::NoPath => "no path".into(),
    }
}

/// Milliseconds with three or so significant digits.
fn ms(v: f64) -> String {
    match v {
        v if v < 1.0 => format!("{v:.3}"),
        v if v < 10.0 => format!("{v:.2}"),
        v if v < 100.0 => format!("{v:.1}"),
        v => format!("{v:.0}"),
    }
}

/// A count in a narrow column: 9999, 12k, 3.4M.
fn count(n: u64) -> String {
    match n {
        0..10_000 => n.to_string(),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A cell for a case that did not finish, else `None`.
fn unfinished(status: &Status, settings: &Settings) -> Option<String> {
    Some(match status {
        Status::Done(_) => return None,
        Status::Timeout => format!("timeout (> {} s)", settings.timeout.as_secs()),
        Status::OverMemory => format!("> {} MB", settings.memory_kb / 1024),
        Status::Failed(_) => "FAILED".into(),
        Status::Refused(_) => "refused".into(),
        Status::NotRun => "—".into(),
        Status::Skipped => "skipped".into(),
    })
}

/// Why a map was not built.
fn not_built(status: &Status, settings: &Settings) -> String {
    match status {
        Status::Timeout => format!("timeout (> {} s)", settings.build_timeout.as_secs()),
        Status::Refused(e) => e.clone(),
        Status::Skipped => "failed on a smaller map".into(),
        other => unfinished(other, settings).unwrap_or_default(),
    }
}

/// The summary: one row per map.
fn summary(rows: &[Row], settings: &Settings) -> String {
    let header: Vec<&str> = "map|tiles|cells|free tiles|outcome|free path|parse ms|default ms|MB|\
        states|adversarial ms|MB|states|floyd-warshall ms|pathfinding ms|MB|floor ms|default / floor|\
        oracle µs a question"
        .split('|')
        .collect();
    let table: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let time = |e: Engine| {
                let Some(m) = row.done(e) else {
                    return unfinished(row.case(e), settings).unwrap_or_default();
                };
                match m.ms.len() {
                    n if n == row.runs => ms(m.median()),
                    1 => format!("{} (1 run)", ms(m.median())),
                    n => format!("{} ({n} runs)", ms(m.median())),
                }
            };
            let mb = |e: Engine| {
                row.done(e)
                    .map_or(String::new(), |m| format!("{:.1}", m.peak_mb))
            };
            let states = |e: Engine| {
                row.done(e).map_or(String::new(), |m| match m.stored {
                    Some(s) => format!("{} / {}", count(m.expanded), count(s)),
                    None => count(m.expanded),
                })
            };
            let mut result = [Engine::Default, Engine::Pathfinding, Engine::FloydWarshall]
                .into_iter()
                .find_map(|e| row.done(e))
                .map_or("?".into(), |m| outcome(m.outcome));
            if let Some(adv) = row.done(Engine::Adversarial) {
                if row
                    .done(Engine::Default)
                    .is_none_or(|d| d.outcome != adv.outcome)
                {
                    let _ = write!(result, "; adversarial {}", outcome(adv.outcome));
                }
            }
            let floor = row.done(Engine::Floor);
            let ratio = match (row.done(Engine::Default), floor) {
                (Some(d), Some(f)) => match d.median() / f.median() {
                    r if r < 10.0 => format!("{r:.1}×"),
                    r => format!("{r:.0}×"),
                },
                _ => String::new(),
            };
            let (free_tiles, parse_ms) = match &row.built {
                Ok((free, parse)) => (free.to_string(), ms(*parse)),
                Err(status) => {
                    result = format!("map not built: {}", not_built(status, settings));
                    (String::new(), String::new())
                }
            };
            vec![
                row.map.clone(),
                format!("{0}×{0}", row.tiles),
                row.cells.map_or("—".into(), |c| format!("{c}×{c}")),
                free_tiles,
                result,
                floor.map_or(String::new(), |f| {
                    f.outcome.steps().map_or("none".into(), |s| s.to_string())
                }),
                parse_ms,
                time(Engine::Default),
                mb(Engine::Default),
                states(Engine::Default),
                time(Engine::Adversarial),
                mb(Engine::Adversarial),
                states(Engine::Adversarial),
                time(Engine::FloydWarshall),
                time(Engine::Pathfinding),
                mb(Engine::Pathfinding),
                time(Engine::Floor),
                ratio,
                row.done(Engine::Oracle)
                    .map_or(String::new(), |m| ms(m.median() * 1e3 / m.expanded as f64)),
            ]
        })
        .collect();
    markdown(&header, &table)
}

/// Every case: one row per (map, engine) that ran.
fn details(rows: &[Row], settings: &Settings) -> String {
    let header: Vec<&str> =
        "map|engine|outcome|runs|median ms|min ms|max ms|peak MB|expanded|stored"
            .split('|')
            .collect();
    let mut table = Vec::new();
    for row in rows {
        for engine in Engine::ALL {
            let status = row.case(engine);
            if matches!(status, Status::NotRun) {
                continue;
            }
            let mut cells = vec![format!("{} {}", row.map, row.tiles), engine.name().into()];
            match status {
                Status::Done(m) => {
                    let (min, max) =
                        m.ms.iter()
                            .fold((f64::MAX, 0.0f64), |(lo, hi), &t| (lo.min(t), hi.max(t)));
                    cells.extend([
                        outcome(m.outcome),
                        m.ms.len().to_string(),
                        ms(m.median()),
                        ms(min),
                        ms(max),
                        format!("{:.1}", m.peak_mb),
                        m.expanded.to_string(),
                        m.stored.map_or(String::new(), |s| s.to_string()),
                    ]);
                }
                Status::Refused(e) => {
                    cells.push(format!("refused: {e}"));
                    cells.resize(header.len(), String::new());
                }
                other => {
                    cells.push(unfinished(other, settings).unwrap_or_default());
                    cells.resize(header.len(), String::new());
                }
            }
            table.push(cells);
        }
    }
    markdown(&header, &table)
}

/// A Markdown table, padded for reading as text; numbers are right-aligned.
fn markdown(header: &[&str], rows: &[Vec<String>]) -> String {
    let width = |i: usize| {
        rows.iter()
            .map(|r| r[i].chars().count())
            .chain([header[i].chars().count(), 3])
            .max()
            .unwrap_or(3)
    };
    let widths: Vec<usize> = (0..header.len()).map(width).collect();
    let left = |i: usize| ["map", "engine", "outcome"].contains(&header[i]);
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| match left(i) {
                true => format!("{c:<w$}"),
                false => format!("{c:>w$}"),
            })
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(header.iter().map(|h| h.to_string()).collect());
    out += &line(
        widths
            .iter()
            .enumerate()
            .map(|(i, &w)| match left(i) {
                true => "-".repeat(w),
                false => format!("{}:", "-".repeat(w - 1)),
            })
            .collect(),
    );
    for row in rows {
        out += &line(row.clone());
    }
    out
}

/// The machine, the toolchain and the settings.
fn machine(settings: &Settings) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("model name"))?;
            Some(line.split_once(':')?.1.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = proc_kb("/proc/meminfo", "MemTotal").map_or(0, |kb| kb >> 20);
    let kernel = fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let rustc = Command::new(env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("--version")
        .output()
        .map_or("rustc (unknown version)".into(), |o| {
            String::from_utf8_lossy(&o.stdout).trim().to_string()
        });
    let git = |args: &[&str]| {
        let out = Command::new("git").args(args).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let code = match (
        git(&["rev-parse", "--short", "HEAD"]),
        git(&["status", "--porcelain", "src"]),
    ) {
        (Some(head), Some(changes)) if !changes.is_empty() => {
            format!("{head} with uncommitted changes in src/")
        }
        (Some(head), _) => head,
        _ => "unknown".into(),
    };
    format!(
        "Machine: {cpu}, {cores} cores, {memory} GiB; Linux {}; {rustc}; code {code}.\n\n\
         Maps: the project's generator, seed {SEED}, backtracker, braid 0 (perfect) or 0.5 \
         (braided), dragon on a random cell without verification. Each case runs in its own \
         process: median of 5 runs (3 above 201 tiles; fewer when the runs would take over \
         half the limit), limits {} s and {} MB a case.\n",
        kernel.trim(),
        settings.timeout.as_secs(),
        settings.memory_kb / 1024
    )
}

/// How the hard kinds among `kinds` are made (nothing when there are none).
fn hard_kinds(kinds: &[&Kind], settings: &Settings) -> String {
    let hard: Vec<String> = kinds
        .iter()
        .filter(|k| k.hard)
        .map(|k| format!("- {}: {}.\n", k.name, k.about))
        .collect();
    match hard.is_empty() {
        true => String::new(),
        false => format!(
            "Hard kinds (seed {SEED} unless given; building a map is limited to {} s):\n\n{}\n",
            settings.build_timeout.as_secs(),
            hard.concat()
        ),
    }
}

/// Where cargo put this binary's target directory (`<target>/release/deps/scale-…`).
fn target_dir() -> PathBuf {
    env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| PathBuf::from("target"))
}

fn main() {
    if let Ok(engine) = env::var(CASE) {
        return child(&engine);
    }
    if let Ok(kind) = env::var(BUILD) {
        return build_child(&kind);
    }
    let selection = Selection::from_args().unwrap_or_else(|e| {
        eprintln!("scale: {e}");
        process::exit(2);
    });
    let settings = Settings::from_env();
    let target = target_dir();
    let maps = target.join("scale-maps");
    fs::create_dir_all(&maps).expect("the map directory can be created");
    let (mut rows, mut given_up, mut problems) = (Vec::new(), HashSet::new(), Vec::new());
    let kinds: Vec<&Kind> = KINDS.iter().filter(|k| selection.wants_kind(k)).collect();
    for &tiles in &selection.sizes {
        for map in kinds
            .iter()
            .flat_map(|&k| k.seeds.iter().map(move |&seed| (k, seed)))
        {
            let row = measure_map(map, tiles, &selection, &settings, &maps, &mut given_up);
            problems.extend(check(&row));
            rows.push(row);
        }
    }
    let mut report = format!(
        "# Scale benchmark\n\n{}\n{}{}\n\
         — not run (Floyd–Warshall runs up to SCALE_FW_MAX_TILES = {} tiles, or the arguments \
         left it out); skipped: the engine timed out or ran out of memory on a smaller map of \
         the same kind. MB is the case's peak resident memory while solving. States are \
         expanded / stored.\n\n## Every case\n\n{}",
        machine(&settings),
        hard_kinds(&kinds, &settings),
        summary(&rows, &settings),
        settings.fw_max_tiles,
        details(&rows, &settings)
    );
    if !problems.is_empty() {
        report += "\n## Problems (each is a bug)\n\n";
        problems.iter().for_each(|p| report += &format!("- {p}\n"));
    }
    print!("{report}");
    let out = target.join("scale.md");
    match fs::write(&out, &report) {
        Ok(()) => eprintln!("written to {}", out.display()),
        Err(e) => eprintln!("scale: cannot write {}: {e}", out.display()),
    }
    if !problems.is_empty() {
        eprintln!("scale: failures or disagreements between engines (each is a bug):");
        problems.iter().for_each(|p| eprintln!("  {p}"));
        process::exit(1);
    }
}
