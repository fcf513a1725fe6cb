//! The engines the suite compares on each map: the library's solver under
//! each rule, the reference oracle, a straightforward solver, the
//! dragon-free floor, the oracle alone, and the rule variants (with the
//! pieces they add to a map).

use std::collections::{HashSet, VecDeque};
use std::time::Instant;

use dragon_escape::dragon::{BfsFields, DragonOracle};
use dragon_escape::graph::UNREACHABLE;
use dragon_escape::{
    CellId, Direction, Ending, Graph, Options, OracleKind, Outcome, Pos, Priority, Puzzle, Rules,
    Solver, Speed, Ties,
};
use pathfinding::prelude::bfs;

/// A caught outcome as the tables show it, whatever line the hero survives.
pub(crate) const CAUGHT: Outcome = Outcome::Caught {
    line: Ending::Skipped { endless: false },
};

/// The ways of solving a map that the suite compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Engine {
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
    /// case for it, with no chase to follow. Its questions per second are
    /// those of [`ASKED`] more questions once the oracle has settled (the
    /// structures it buys for want of answers bought), timed apart; its
    /// time is the whole run's. Runs only when named.
    Oracle,
    /// The default solver for a dragon of speed 2 (a rule variant). Runs
    /// only when named.
    Speed2,
    /// [`Engine::Speed2`] with the line a caught hero survives (what
    /// `solve-maze --format json` asks). Runs only when named.
    Speed2Line,
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

/// How many questions [`Engine::Oracle`] asks while it settles.
pub(crate) const QUESTIONS: u64 = 10_000;

/// How many questions [`Engine::Oracle`] then asks, timed apart.
pub(crate) const ASKED: u64 = 20_000;

impl Engine {
    pub(crate) const ALL: [Engine; 12] = [
        Engine::Default,
        Engine::Adversarial,
        Engine::FloydWarshall,
        Engine::Pathfinding,
        Engine::Floor,
        Engine::Oracle,
        Engine::Speed2,
        Engine::Speed2Line,
        Engine::Wait,
        Engine::Dragons2,
        Engine::Dragons3,
        Engine::Keys2,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Engine::Default => "default",
            Engine::Adversarial => "adversarial",
            Engine::FloydWarshall => "floyd-warshall",
            Engine::Pathfinding => "pathfinding",
            Engine::Floor => "floor",
            Engine::Oracle => "oracle",
            Engine::Speed2 => "speed-2",
            Engine::Speed2Line => "speed-2-line",
            Engine::Wait => "wait",
            Engine::Dragons2 => "dragons-2",
            Engine::Dragons3 => "dragons-3",
            Engine::Keys2 => "keys-2",
        }
    }

    pub(crate) fn named(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Solves `puzzle` from scratch: everything after parsing and the
    /// variant's pieces (see [`Engine::place`]) is timed.
    pub(crate) fn run(self, puzzle: &Puzzle) -> Result<Run, String> {
        let library = |oracle, rules| {
            // What a plain `solve-maze MAP` asks: the answer, without the
            // line a caught hero survives (but for `speed-2-line`).
            let options = Options::default()
                .with_oracle(oracle)
                .with_rules(rules)
                .with_caught_line(self == Engine::Speed2Line);
            let solution = Solver::new(puzzle)
                .solve(&options)
                .map_err(|e| e.to_string())?;
            Ok(Run {
                outcome: solution.outcome,
                expanded: solution.stats.states_expanded,
                stored: Some(solution.stats.states_stored),
                queries: Some(solution.stats.dragon_queries),
                asked_ms: None,
            })
        };
        match self {
            Engine::Default => library(OracleKind::Bfs, Rules::default()),
            Engine::Adversarial => library(
                OracleKind::Bfs,
                Rules::default().with_ties(Ties::Adversarial),
            ),
            Engine::FloydWarshall => library(OracleKind::FloydWarshall, Rules::default()),
            Engine::Pathfinding => pathfinding_solve(puzzle),
            Engine::Floor => Ok(floor(puzzle)),
            Engine::Oracle => oracle_questions(puzzle),
            Engine::Speed2 | Engine::Speed2Line => library(
                OracleKind::Bfs,
                Rules::default().with_speed(Speed::new(2).expect("2 is a speed")),
            ),
            Engine::Wait => library(OracleKind::Bfs, Rules::default().with_wait(true)),
            Engine::Dragons2 | Engine::Dragons3 | Engine::Keys2 => {
                library(OracleKind::Bfs, Rules::default())
            }
        }
    }

    /// The pieces a variant adds to the map: more dragons, and keys (with
    /// as many doors).
    pub(crate) fn pieces(self) -> Option<(usize, usize)> {
        match self {
            Engine::Dragons2 => Some((1, 0)),
            Engine::Dragons3 => Some((2, 0)),
            Engine::Keys2 => Some((0, 2)),
            _ => None,
        }
    }

    /// The map with the variant's pieces placed (`None` for an engine
    /// that adds none), or why they do not fit (in open rooms, there is no
    /// corridor cell for a door). Placing them is the bench's work, not the
    /// solver's: a user's map comes with its pieces, so it is not timed.
    pub(crate) fn place(self, puzzle: &Puzzle) -> Result<Option<Puzzle>, String> {
        self.pieces()
            .map(|(dragons, keys)| with_pieces(puzzle, dragons, keys))
            .transpose()
    }

    /// Whether the engine runs only when named.
    pub(crate) fn on_request(self) -> bool {
        matches!(
            self,
            Engine::Oracle
                | Engine::Speed2
                | Engine::Speed2Line
                | Engine::Wait
                | Engine::Dragons2
                | Engine::Dragons3
                | Engine::Keys2
        )
    }
}

/// What one solve found.
pub(crate) struct Run {
    pub(crate) outcome: Outcome,
    pub(crate) expanded: u64,
    pub(crate) stored: Option<u64>,
    /// The questions asked of the dragon's oracle, where the engine has one.
    pub(crate) queries: Option<u64>,
    /// The time the questions took, where the engine times them apart
    /// from its set-up (then `queries` counts only those).
    pub(crate) asked_ms: Option<f64>,
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
    let (mut expanded, mut queries) = (0, 0);
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
            queries += 1;
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
        queries: Some(queries),
        asked_ms: None,
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
/// lists those cells, then [`ASKED`] more, timed apart: what a question
/// costs once the oracle has bought what it buys for want of answers (its
/// skeleton, fields, roots). The outcome is the floor's, for the tables.
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
    let mut ask = |questions: u64| {
        let mut asked = 0;
        while asked < questions {
            let (dragon, target) = (pick(), pick());
            if dragon != target {
                std::hint::black_box(oracle.shortest_steps(dragon, target));
                asked += 1;
            }
        }
    };
    ask(QUESTIONS);
    let settled = Instant::now();
    ask(ASKED);
    let asked_ms = settled.elapsed().as_secs_f64() * 1e3;
    Ok(Run {
        outcome: floor(puzzle).outcome,
        expanded: QUESTIONS + ASKED,
        stored: None,
        queries: Some(ASKED),
        asked_ms: Some(asked_ms),
    })
}

/// The least any solver does: the solver's dense graph and one plain BFS
/// from the hero, ignoring the dragon, stopped at the exit. (`pathfinding`'s
/// `bfs` over positions takes about twice as long: it hashes every cell.)
pub(crate) fn floor(puzzle: &Puzzle) -> Run {
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
                queries: None,
                asked_ms: None,
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
        queries: None,
        asked_ms: None,
    }
}
