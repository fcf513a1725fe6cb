//! The search for the variants that change what a position is: several
//! dragons, and keys and doors (docs/RULES.md, "Several dragons", "Keys and
//! doors"). The tie rules, the dragons' speed and waiting combine with them.
//!
//! A position is the hero's cell, the dragons' cells, the keys taken and
//! the doors opened. The game depends on the set of dragon cells only
//! (dragons that meet merge), but the search keeps each dragon by its number
//! so that each asks its own oracle, whose first root field is at that
//! dragon's start (where its chase comes from): one oracle for all, at
//! 1001 tiles, took 30 times as long. Two positions that differ only by
//! which dragon stands where are then stored twice; that costs room, not
//! exactness, as both have the same value. Positions are numbered as they
//! are met and stored flat: `stride` words each (the hero, one word a
//! dragon, [`NONE`] for one merged into a dragon of a smaller number, the
//! locks), with a hash table of numbers.
//!
//! Why the answers are exact, rule by rule:
//! - **Priority and optimistic**: every move costs one, so a breadth-first
//!   search over positions meets each at its least number of moves. Under
//!   priority a move has one reply; under optimistic the hero picks among
//!   the replies, so each is a position it may reach. The first escaping
//!   move met, in breadth-first order, is a shortest one.
//! - **Adversarial**: the search meets every position reachable from the
//!   start (under any replies), then values them backwards (retrograde
//!   analysis): a move's value is one more than its worst reply's, a
//!   position's the least of its moves'. Values are settled in increasing
//!   order from the positions one move from the exit; a move is settled
//!   once its last reply is, and that reply has the largest value because
//!   values are settled in order. A position never settled cannot force an
//!   escape: caught.
//! - **Caught**: the same backward valuation, with roles swapped, gives the
//!   longest line the hero survives, or shows that it may run forever.
//!
//! None of the official game's shortcuts (the closed form, the dead-end
//! rule, the proof search, the free-distance heuristic) is used here: their
//! arguments are about one dragon on a fixed map. The dragons' shortest
//! steps come from the same oracles as the official game's, one a dragon;
//! with doors, each door state met gets its own map (the closed doors cut
//! off, the cells keeping their numbers) and its own oracles.

use std::collections::VecDeque;
use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::solution::{Ending, Method, Move, Others, Outcome, Pieces, Solution, Stats, Turn};
use super::{Options, Progress, Ties};
use crate::dragon::DragonOracle;
use crate::error::{Error, Resource};
use crate::graph::{CellId, DirSet, Direction, Graph};
use crate::puzzle::{Locks, MAX_DRAGONS, Puzzle};

/// A merged dragon's word, and "no cell".
const NONE: u32 = u32::MAX;

/// Where the variant pieces stand at the start, as cells of the graph.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Every dragon, in cell order.
    dragons: Vec<CellId>,
    /// The keys and the doors, in cell order (the same as row-major order,
    /// so bit `i` of a [`Locks`] is the puzzle's `i`-th key or door).
    keys: Vec<u32>,
    doors: Vec<u32>,
}

impl Layout {
    /// The variant pieces of `puzzle`, or `None` in the official game.
    pub(crate) fn new(puzzle: &Puzzle, graph: &Graph) -> Option<Layout> {
        if !puzzle.has_variant_pieces() {
            return None;
        }
        let cells = |list: &[crate::Pos]| -> Vec<u32> {
            list.iter()
                .map(|&p| graph.cell_at(p).expect("pieces stand on free cells").0)
                .collect()
        };
        Some(Layout {
            dragons: cells(puzzle.dragons()).into_iter().map(CellId).collect(),
            keys: cells(puzzle.keys()),
            doors: cells(puzzle.doors()),
        })
    }

    /// About how many bytes the layout holds.
    pub(crate) fn bytes(&self) -> usize {
        (self.dragons.len() + self.keys.len() + self.doors.len()) * size_of::<u32>()
    }

    fn key_at(&self, cell: CellId) -> Option<usize> {
        self.keys.binary_search(&cell.0).ok()
    }

    fn door_at(&self, cell: CellId) -> Option<usize> {
        self.doors.binary_search(&cell.0).ok()
    }
}

/// The dragons' shortest steps and reach on the map as its doors stand.
enum Ground<'g> {
    /// No door: the map never changes, and the official game's oracles
    /// answer, one a dragon (each with its first root at that dragon's
    /// start, where its chase comes from), or one for all.
    Fixed(Vec<Box<dyn DragonOracle + 'g>>),
    /// Doors: the map of each door state met (the closed doors cut off,
    /// the cells keeping their numbers), made once, and its oracles, one a
    /// dragon.
    Doors {
        base: &'g Graph,
        doors: &'g [u32],
        graphs: &'g [std::cell::OnceCell<Graph>],
        oracles: rustc_hash::FxHashMap<u16, Vec<Box<dyn DragonOracle + 'g>>>,
        kind: crate::dragon::OracleKind,
        starts: &'g [CellId],
        /// What the oracles of one door state may hold.
        share: usize,
        /// What the door states' maps hold.
        graph_bytes: usize,
    },
}

/// The oracles for `graph`: one a dragon of `starts`, each with its first
/// root at that dragon's start and `budget` shared, for the default
/// oracle; one for all otherwise.
fn oracles_for<'g>(
    graph: &'g Graph,
    kind: crate::dragon::OracleKind,
    starts: &[CellId],
    budget: usize,
) -> Result<Vec<Box<dyn DragonOracle + 'g>>, Error> {
    if kind != crate::dragon::OracleKind::Bfs {
        return Ok(vec![kind.build(graph, budget)?]);
    }
    let share = budget / starts.len();
    starts
        .iter()
        .map(|&start| {
            crate::dragon::BfsFields::with_start(graph, share, start)
                .map(|o| Box::new(o) as Box<dyn DragonOracle + 'g>)
        })
        .collect()
}

impl Ground<'_> {
    /// The dragon's shortest steps from `dragon` towards `target` with the
    /// doors of `opened` open, or `None` when no path joins them.
    /// `which` is the dragon's number (its place in the layout).
    fn steps(
        &mut self,
        opened: u16,
        which: usize,
        dragon: CellId,
        target: CellId,
    ) -> Option<DirSet> {
        match self {
            Ground::Fixed(oracles) => {
                let last = oracles.len() - 1;
                oracles[which.min(last)].shortest_steps(dragon, target)
            }
            Ground::Doors {
                base,
                doors,
                graphs,
                oracles,
                kind,
                starts,
                share,
                graph_bytes,
            } => {
                let oracles = match oracles.entry(opened) {
                    std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
                    std::collections::hash_map::Entry::Vacant(v) => {
                        let map = door_graph(base, doors, graphs, opened, graph_bytes);
                        // The budget was checked for the first door state;
                        // a later one that does not fit shows in `bytes`.
                        let made = oracles_for(map, *kind, starts, *share)
                            .or_else(|_| {
                                oracles_for(map, crate::dragon::OracleKind::Bfs, starts, usize::MAX)
                            })
                            .expect("an unlimited oracle builds");
                        v.insert(made)
                    }
                };
                let last = oracles.len() - 1;
                oracles[which.min(last)].shortest_steps(dragon, target)
            }
        }
    }

    /// Whether a dragon on `dragon` reaches `cell` within `steps` steps.
    fn within(
        &mut self,
        graph: &Graph,
        opened: u16,
        dragon: CellId,
        cell: CellId,
        steps: u32,
    ) -> bool {
        if steps == 1 {
            // Next to each other or the same: both cells are open.
            return graph.touches(dragon, cell);
        }
        match self {
            Ground::Fixed(_) => graph.within(dragon, cell, steps),
            Ground::Doors {
                base,
                doors,
                graphs,
                graph_bytes,
                ..
            } => door_graph(base, doors, graphs, opened, graph_bytes).within(dragon, cell, steps),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Ground::Fixed(oracles) => oracles.iter().map(|o| o.bytes()).sum(),
            Ground::Doors {
                oracles,
                graph_bytes,
                ..
            } => *graph_bytes + oracles.values().flatten().map(|o| o.bytes()).sum::<usize>(),
        }
    }

    fn set_room(&mut self, bytes: usize) {
        match self {
            Ground::Fixed(oracles) => {
                let share = bytes / oracles.len();
                oracles.iter_mut().for_each(|o| o.set_room(share));
            }
            Ground::Doors { oracles, .. } => {
                let all = oracles.values().map(Vec::len).sum::<usize>().max(1);
                let share = bytes / all;
                oracles
                    .values_mut()
                    .flatten()
                    .for_each(|o| o.set_room(share));
            }
        }
    }
}

/// The map with the doors of `opened` open and the others cut off, made
/// on first use (its bytes added to `bytes`).
fn door_graph<'g>(
    base: &Graph,
    doors: &[u32],
    graphs: &'g [std::cell::OnceCell<Graph>],
    opened: u16,
    bytes: &mut usize,
) -> &'g Graph {
    graphs[usize::from(opened)].get_or_init(|| {
        let closed: Vec<CellId> = (0..doors.len())
            .filter(|&i| opened >> i & 1 == 0)
            .map(|i| CellId(doors[i]))
            .collect();
        let map = base.with_closed(&closed);
        *bytes += map.bytes();
        map
    })
}

/// A hero's move in the edge lists: the move, whether it escapes, and where
/// its replies start in `replies`.
#[derive(Clone, Copy)]
struct Edge {
    step: Move,
    escapes: bool,
    first: u32,
}

/// The positions met so far and the moves between them.
struct Space<'a, 'g> {
    graph: &'g Graph,
    layout: &'a Layout,
    ground: Ground<'g>,
    ties: Ties,
    speed: u32,
    wait: bool,
    /// Words a position.
    stride: usize,
    words: Vec<u32>,
    table: HashTable<u32>,
    hasher: FxBuildHasher,
    /// Per position, its moves' edge numbers in `edges` (`NONE` before it
    /// is expanded).
    spans: Vec<(u32, u32)>,
    edges: Vec<Edge>,
    /// The replies' positions, edge after edge; `NONE` for a reply left
    /// out by the bound (it counts as lost).
    replies: Vec<u32>,
    /// Per position, the position and edge it was best met from, and the
    /// fewest moves it was met in.
    parent: Vec<(u32, u32)>,
    depth: Vec<u32>,
    /// The hero's free distance to the exit from each cell, on the map with
    /// every door open: a lower bound on the moves left.
    to_exit: &'g [u32],
    /// Positions past this many moves, counting the bound below, are left
    /// out (`NONE`: none are), and whether any was.
    bound: u32,
    pruned: bool,
    /// Positions met for the first time or in fewer moves by the last
    /// expansion.
    improved: Vec<u32>,
    /// Scratch: each dragon's end cells, and the cells after a step.
    ends: Vec<Vec<u32>>,
    next: Vec<u32>,
    expanded: u64,
    memory: usize,
    queries: u64,
    /// Where the search notes what it holds and the bounds it proves.
    progress: &'a Progress,
}

impl<'a, 'g> Space<'a, 'g> {
    fn len(&self) -> usize {
        self.words.len() / self.stride
    }

    fn position(&self, s: u32) -> &[u32] {
        let at = s as usize * self.stride;
        &self.words[at..at + self.stride]
    }

    fn bytes(&self) -> usize {
        self.words.capacity() * 4
            + self.table.capacity() * (size_of::<u32>() + 1)
            + self.spans.capacity() * 8
            + self.edges.capacity() * size_of::<Edge>()
            + self.replies.capacity() * 4
            + self.parent.capacity() * 8
            + self.depth.capacity() * 4
    }

    /// Forgets every position, keeping the oracle's work, for a search
    /// within `bound`.
    fn reset(&mut self, bound: u32) {
        self.words.clear();
        self.table.clear();
        self.spans.clear();
        self.edges.clear();
        self.replies.clear();
        self.parent.clear();
        self.depth.clear();
        self.bound = bound;
        self.pruned = false;
    }

    /// The position's number, storing it if new, met from `parent` after
    /// `depth` moves; notes it in `improved` when new or met sooner.
    fn intern(&mut self, position: &[u32], parent: (u32, u32), depth: u32) -> Result<u32, Error> {
        let hash = self.hasher.hash_one(position);
        let (words, stride) = (&self.words, self.stride);
        if let Some(&s) = self.table.find(hash, |&s| {
            let at = s as usize * stride;
            words[at..at + stride] == *position
        }) {
            if depth < self.depth[s as usize] {
                self.depth[s as usize] = depth;
                self.parent[s as usize] = parent;
                self.improved.push(s);
            }
            return Ok(s);
        }
        let s = self.len() as u32;
        self.words.extend_from_slice(position);
        self.parent.push(parent);
        self.depth.push(depth);
        self.spans.push((NONE, NONE));
        self.improved.push(s);
        let (words, hasher) = (&self.words, &self.hasher);
        self.table.insert_unique(hash, s, |&s| {
            let at = s as usize * stride;
            hasher.hash_one(&words[at..at + stride])
        });
        let bytes = self.bytes();
        self.ground.set_room(self.memory.saturating_sub(bytes));
        self.room_for(0)?;
        Ok(s)
    }

    /// Whether `more` bytes fit the budget beside the positions and the
    /// oracle; the budget error if not, or the stop its progress asked for.
    fn room_for(&self, more: usize) -> Result<(), Error> {
        let held = self.bytes().saturating_add(self.ground.bytes());
        self.progress.record(self.len(), held);
        if self.progress.is_stopped() {
            return Err(super::stopped(self.len(), Some(self.progress)));
        }
        if held.saturating_add(more) <= self.memory {
            return Ok(());
        }
        Err(Error::TooLarge {
            resource: Resource::Positions,
            message: format!(
                "the search outgrew its memory budget of {} after {} positions{}",
                crate::error::bytes(self.memory),
                self.len(),
                super::shown(Some(self.progress))
            ),
        })
    }

    /// The bytes of the backward valuation's tables: a few words a
    /// position, an edge and a reply.
    fn valuation_bytes(&self) -> usize {
        4 * (5 * self.len() + 3 * self.edges.len() + self.replies.len())
    }

    /// The cells a dragon on `dragon` may end its move on once the hero
    /// stands on `hero` with the doors of `opened` open: one under a
    /// priority rule, every end of a sequence of shortest steps otherwise.
    fn dragon_ends(
        &mut self,
        opened: u16,
        which: usize,
        dragon: CellId,
        hero: CellId,
        ends: &mut Vec<u32>,
    ) {
        ends.clear();
        ends.push(dragon.0);
        let mut next = std::mem::take(&mut self.next);
        for _ in 0..self.speed {
            next.clear();
            for &at in ends.iter() {
                self.queries += 1;
                let Some(steps) = self.ground.steps(opened, which, CellId(at), hero) else {
                    next.push(at);
                    continue;
                };
                let to = |d: Direction| {
                    self.graph
                        .neighbor(CellId(at), d)
                        .expect("steps go onto free cells")
                        .0
                };
                match self.ties {
                    Ties::Priority(order) => {
                        let d = order.first_in(steps).expect("a path has a first step");
                        next.push(to(d));
                    }
                    Ties::Adversarial | Ties::Optimistic => {
                        for d in steps.iter() {
                            let cell = to(d);
                            if !next.contains(&cell) {
                                next.push(cell);
                            }
                        }
                    }
                }
            }
            std::mem::swap(ends, &mut next);
        }
        self.next = next;
    }

    /// Expands position `s`: its moves and their replies, stored as edges.
    fn expand(&mut self, s: u32) -> Result<(), Error> {
        self.expanded += 1;
        let first_edge = self.edges.len() as u32;
        let next_depth = self.depth[s as usize] + 1;
        let stride = self.stride;
        let mut here = [NONE; MAX_DRAGONS + 2];
        here[..stride].copy_from_slice(self.position(s));
        // Every dragon by its number; a merged one's word is NONE.
        let count = stride - 2;
        let mut words = [NONE; MAX_DRAGONS];
        words[..count].copy_from_slice(&here[1..stride - 1]);
        let words = &words[..count];
        let live = || words.iter().filter(|&&d| d != NONE).map(|&d| CellId(d));
        let hero = CellId(here[0]);
        let locks = here[self.stride - 1];
        let (taken, opened) = (locks as u16, (locks >> 16) as u16);
        let held = taken.count_ones() - opened.count_ones();
        let mut candidates = [(Move::Wait, hero); 5];
        let mut moves = 0;
        for (d, to) in self.graph.neighbors(hero) {
            candidates[moves] = (Move::Step(d), to);
            moves += 1;
        }
        if self.wait {
            candidates[moves] = (Move::Wait, hero);
            moves += 1;
        }
        let mut ends = std::mem::take(&mut self.ends);
        ends.resize_with(count, Vec::new);
        let mut combo = [NONE; MAX_DRAGONS + 2];
        for &(step, to) in &candidates[..moves] {
            let (mut taken2, mut opened2) = (taken, opened);
            if step != Move::Wait {
                if let Some(i) = self.layout.door_at(to) {
                    if opened >> i & 1 == 0 {
                        if held == 0 {
                            continue;
                        }
                        opened2 |= 1 << i;
                    }
                }
                if let Some(j) = self.layout.key_at(to) {
                    taken2 |= 1 << j;
                }
            }
            let safe = live().all(|d| !self.ground.within(self.graph, opened2, d, to, self.speed));
            if !safe {
                continue;
            }
            let first = self.replies.len() as u32;
            if to == self.graph.exit() {
                self.edges.push(Edge {
                    step,
                    escapes: true,
                    first,
                });
                continue;
            }
            let edge = self.edges.len() as u32;
            self.edges.push(Edge {
                step,
                escapes: false,
                first,
            });
            for (i, &d) in words.iter().enumerate() {
                let mut list = std::mem::take(&mut ends[i]);
                if d == NONE {
                    list.clear();
                    list.push(NONE);
                } else {
                    self.dragon_ends(opened2, i, CellId(d), to, &mut list);
                }
                ends[i] = list;
            }
            // Every combination of the dragons' ends, in order.
            let mut pick = [0usize; MAX_DRAGONS];
            let made = self.replies.len();
            'combos: loop {
                combo[0] = to.0;
                // Each dragon where it ends; one ending where a dragon of
                // a smaller number does merges into it (its word NONE).
                let set = &mut combo[1..stride - 1];
                for (word, (&k, e)) in set.iter_mut().zip(pick.iter().zip(&ends)) {
                    *word = e[k];
                }
                for i in 1..count {
                    if set[i] != NONE && set[..i].contains(&set[i]) {
                        set[i] = NONE;
                    }
                }
                combo[stride - 1] = Locks {
                    taken: taken2,
                    opened: opened2,
                }
                .word();
                let r = if next_depth.saturating_add(self.to_exit[to.index()]) > self.bound {
                    self.pruned = true;
                    NONE
                } else {
                    self.intern(&combo[..stride], (s, edge), next_depth)?
                };
                if !self.replies[made..].contains(&r) {
                    self.replies.push(r);
                }
                // The next combination, the last dragon fastest.
                let mut i = count;
                loop {
                    if i == 0 {
                        break 'combos;
                    }
                    i -= 1;
                    pick[i] += 1;
                    if pick[i] < ends[i].len() {
                        break;
                    }
                    pick[i] = 0;
                }
            }
        }
        self.spans[s as usize] = (first_edge, self.edges.len() as u32);
        self.ends = ends;
        Ok(())
    }

    /// The moves of expanded position `s`, with their edge numbers.
    fn edges_of(&self, s: u32) -> std::ops::Range<usize> {
        let (first, end) = self.spans[s as usize];
        debug_assert_ne!(first, NONE, "position {s} was never expanded");
        first as usize..end as usize
    }

    /// The replies of edge `e`.
    fn replies_of(&self, e: usize) -> &[u32] {
        let end = self
            .edges
            .get(e + 1)
            .map_or(self.replies.len(), |next| next.first as usize);
        &self.replies[self.edges[e].first as usize..end]
    }
}

/// A position of the variant game, hero to move: the hero's cell, the
/// dragons' cells by dragon number (the layout's order; `NONE` for one
/// that merged into a dragon of a smaller number) and the locks (keys
/// taken in the low half, doors opened in the high half).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Start {
    pub(crate) hero: CellId,
    pub(crate) dragons: Vec<u32>,
    pub(crate) locks: u32,
}

impl Start {
    /// The dragons' cells, merged ones left out, in row-major order.
    pub(crate) fn live(&self) -> Vec<u32> {
        let mut live: Vec<u32> = self
            .dragons
            .iter()
            .copied()
            .filter(|&d| d != NONE)
            .collect();
        live.sort_unstable();
        live
    }

    /// The locks as a [`Locks`].
    pub(crate) fn locks(&self) -> Locks {
        Locks::from_word(self.locks)
    }
}

impl Layout {
    /// The game's start.
    pub(crate) fn start(&self, graph: &Graph) -> Start {
        let dragons: Vec<u32> = self.dragons.iter().map(|d| d.0).collect();
        Start {
            hero: graph.hero(),
            dragons,
            locks: 0,
        }
    }
}

/// Solves the variant game of `solver`'s map from `from` under `options`,
/// noting what it holds in `progress`.
pub(crate) fn solve(
    solver: &super::Solver,
    from: &Start,
    options: &Options,
    progress: &Progress,
) -> Result<Solution, Error> {
    let graph = &solver.graph;
    let layout = solver.layout.as_ref().expect("a variant map");
    // Every cell's distance to the exit on the map with every door open.
    let to_exit = &solver.exit_distance[..];
    let memory = solver.search_memory(options);
    let oracle_budget = solver.oracle_budget(options)?;
    // The map of every door state, made when first needed.
    let states = if layout.doors.is_empty() {
        0
    } else {
        1 << layout.doors.len()
    };
    let door_graphs: Vec<std::cell::OnceCell<Graph>> =
        (0..states).map(|_| std::cell::OnceCell::new()).collect();
    let ground = if layout.doors.is_empty() {
        Ground::Fixed(oracles_for(
            graph,
            options.oracle,
            &layout.dragons,
            oracle_budget,
        )?)
    } else {
        // A quarter of the oracles' budget for each door state's oracles:
        // the first fits or the solve ends here; the search counts what
        // later ones hold.
        let share = oracle_budget / 4;
        let mut graph_bytes = 0;
        let first = door_graph(graph, &layout.doors, &door_graphs, 0, &mut graph_bytes);
        let mut oracles = rustc_hash::FxHashMap::default();
        oracles.insert(
            0,
            oracles_for(first, options.oracle, &layout.dragons, share)?,
        );
        Ground::Doors {
            base: graph,
            doors: &layout.doors,
            graphs: &door_graphs,
            oracles,
            kind: options.oracle,
            starts: &layout.dragons,
            share,
            graph_bytes,
        }
    };
    let dragons = layout.dragons.len();
    let stride = dragons + 2;
    let mut space = Space {
        graph,
        layout,
        ground,
        ties: options.rules.ties,
        speed: options.rules.speed.steps(),
        wait: options.rules.wait,
        stride,
        words: Vec::new(),
        table: HashTable::new(),
        hasher: FxBuildHasher,
        spans: Vec::new(),
        edges: Vec::new(),
        replies: Vec::new(),
        parent: Vec::new(),
        depth: Vec::new(),
        to_exit,
        bound: NONE,
        pruned: false,
        improved: Vec::new(),
        ends: Vec::new(),
        next: Vec::new(),
        expanded: 0,
        memory,
        queries: 0,
        progress,
    };
    let mut start = vec![NONE; stride];
    start[0] = from.hero.0;
    start[1..=from.dragons.len()].copy_from_slice(&from.dragons);
    start[stride - 1] = from.locks;

    let mut stats = Stats {
        cells: graph.len() as u64,
        method: Method::Search,
        ..Stats::default()
    };
    let outcome;
    let line: Vec<(u32, Move)>;
    let mut ending = Ending::Escaped;
    if from.hero == graph.exit() {
        outcome = Outcome::Escaped { steps: 0 };
        line = Vec::new();
    } else if free_distance(graph, layout, from).is_none() {
        outcome = Outcome::NoPath;
        line = Vec::new();
        ending = Ending::NoPath;
    } else if matches!(options.rules.ties, Ties::Adversarial) {
        // Within a bound on the moves, deepened until the answer fits it:
        // a line of at most `bound` moves only meets positions whose
        // fewest moves plus distance to the exit fit the bound, so left-out
        // positions (counted as lost) change no value that fits it.
        // The default rule's answer is a lower bound (a choosing dragon
        // may play like it), and a caught hero there is caught here.
        let mut default = *options;
        default.rules.ties = Ties::default();
        let first = solve(solver, from, &default, progress)?;
        stats.states_expanded = first.stats.states_expanded;
        stats.states_stored = first.stats.states_stored;
        stats.dragon_queries = first.stats.dragon_queries;
        let mut bound = first.outcome.steps().map_or(NONE, |steps| steps as u32);
        let mut raise = 2;
        loop {
            space.reset(bound);
            space.intern(&start, (NONE, NONE), 0)?;
            let mut s = 0;
            while (s as usize) < space.len() {
                space.expand(s)?;
                s += 1;
            }
            space.room_for(space.valuation_bytes())?;
            match adversarial_line(&space) {
                Ok(l) if !space.pruned || l.len() <= bound as usize => {
                    outcome = Outcome::Escaped { steps: l.len() };
                    line = l;
                    break;
                }
                Ok(l) => bound = l.len() as u32,
                Err(values) if !space.pruned => {
                    outcome = Outcome::Caught;
                    space.room_for(space.valuation_bytes() + 4 * values.len())?;
                    (line, ending) = survival_line(&space, Some(&values));
                    break;
                }
                Err(_) => {
                    bound = bound.saturating_add(raise);
                    raise = raise.saturating_mul(2);
                }
            }
        }
    } else {
        space.intern(&start, (NONE, NONE), 0)?;
        match best_first(&mut space)? {
            Some((s, e)) => {
                line = breadth_first_line(&space, s, e);
                outcome = Outcome::Escaped { steps: line.len() };
            }
            None if matches!(options.rules.ties, Ties::Optimistic) => {
                // No rule lets the hero escape. The optimistic bound is no
                // rule, so its chase is shown under the default order.
                let mut shown = *options;
                shown.rules.ties = Ties::default();
                let chase = solve(solver, from, &shown, progress)?;
                return Ok(Solution {
                    rules: options.rules,
                    stats: Stats {
                        states_expanded: space.expanded + chase.stats.states_expanded,
                        states_stored: space.len() as u64 + chase.stats.states_stored,
                        dragon_queries: space.queries + chase.stats.dragon_queries,
                        ..stats
                    },
                    ..chase
                });
            }
            None => {
                // Every position was met and expanded: caught.
                outcome = Outcome::Caught;
                space.room_for(space.valuation_bytes())?;
                (line, ending) = survival_line(&space, None);
            }
        }
    }
    stats.states_expanded += space.expanded;
    stats.states_stored += space.len() as u64;
    stats.dragon_queries += space.queries;
    let (turns, pieces) = turns(&space, &line);
    let (dragon, others) = dragons_at(graph, &start[1..stride - 1]);
    Ok(Solution {
        outcome,
        rules: options.rules,
        oracle: options.oracle,
        hero: graph.pos(from.hero),
        dragon,
        others,
        pieces,
        exit: graph.pos(graph.exit()),
        turns,
        ending,
        stats,
    })
}

/// A* over positions, the moves made plus the hero's free distance to the
/// exit first (a lower bound that grows by at most one a move, so a
/// position is expanded once, at its fewest moves), deeper first among
/// equals. Returns the position and edge of a shortest escape, or `None`
/// once every position is expanded.
fn best_first(space: &mut Space<'_, '_>) -> Result<Option<(u32, usize)>, Error> {
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |space: &Space<'_, '_>, buckets: &mut Vec<Vec<u32>>, s: u32| {
        let f = (space.depth[s as usize] + space.to_exit[space.position(s)[0] as usize]) as usize;
        if buckets.len() <= f {
            buckets.resize_with(f + 1, Vec::new);
        }
        buckets[f].push(s);
    };
    push(space, &mut buckets, 0);
    space.improved.clear();
    let mut f = 0;
    while f < buckets.len() {
        let Some(s) = buckets[f].pop() else {
            f += 1;
            // Every line shorter than the lowest f was searched.
            space.progress.bound(f);
            continue;
        };
        let current = space.depth[s as usize] + space.to_exit[space.position(s)[0] as usize];
        if current as usize != f || space.spans[s as usize].0 != NONE {
            // Met again in fewer moves, or expanded already.
            continue;
        }
        space.expand(s)?;
        if let Some(e) = space.edges_of(s).find(|&e| space.edges[e].escapes) {
            return Ok(Some((s, e)));
        }
        for r in std::mem::take(&mut space.improved) {
            push(space, &mut buckets, r);
        }
    }
    Ok(None)
}

/// Distances from `source` with the doors of `opened` open (`NONE` where no
/// path goes): one plain breadth-first search, for single turns of play.
fn door_field(graph: &Graph, layout: &Layout, opened: u16, source: CellId) -> Vec<u32> {
    let mut field = vec![NONE; graph.len()];
    field[source.index()] = 0;
    let mut queue = VecDeque::from([source]);
    while let Some(at) = queue.pop_front() {
        for (_, next) in graph.neighbors(at) {
            let closed = layout.door_at(next).is_some_and(|i| opened >> i & 1 == 0);
            if field[next.index()] == NONE && !closed {
                field[next.index()] = field[at.index()] + 1;
                queue.push_back(next);
            }
        }
    }
    field
}

/// Single turns of the variant game, for play mode.
impl super::Solver {
    /// Where the variant game starts; `None` in the official game.
    pub(crate) fn variant_start(&self) -> Option<Start> {
        self.layout.as_ref().map(|layout| layout.start(&self.graph))
    }

    /// Solves the variant game from `from` (a game's middle).
    ///
    /// # Errors
    /// As [`Solver::solve`](super::Solver::solve).
    pub(crate) fn variant_solve_from(
        &self,
        from: &Start,
        options: &Options,
    ) -> Result<Solution, Error> {
        solve(self, from, options, &Progress::default())
    }

    /// Where `step` takes the hero from `from` and the locks after it, or
    /// why the rules forbid it.
    pub(crate) fn variant_step(
        &self,
        from: &Start,
        step: Move,
        rules: super::Rules,
    ) -> Result<(CellId, u32), super::IllegalMove> {
        use super::IllegalMove;
        let layout = self.layout.as_ref().expect("a variant map");
        let graph = &self.graph;
        let (taken, opened) = (from.locks as u16, (from.locks >> 16) as u16);
        let (mut taken2, mut opened2) = (taken, opened);
        let to = match step {
            Move::Wait if !rules.wait => return Err(IllegalMove::NoWaiting),
            Move::Wait => from.hero,
            Move::Step(d) => {
                let to = graph.neighbor(from.hero, d).ok_or(IllegalMove::Wall)?;
                if let Some(i) = layout.door_at(to) {
                    if opened >> i & 1 == 0 {
                        if taken.count_ones() == opened.count_ones() {
                            return Err(IllegalMove::LockedDoor);
                        }
                        opened2 |= 1 << i;
                    }
                }
                if let Some(j) = layout.key_at(to) {
                    taken2 |= 1 << j;
                }
                to
            }
        };
        let dragons = from
            .dragons
            .iter()
            .filter(|&&d| d != NONE)
            .map(|&d| CellId(d));
        if step != Move::Wait && dragons.clone().any(|d| d == to) {
            return Err(IllegalMove::Dragon);
        }
        let speed = rules.speed.steps();
        if speed == 1 {
            if dragons.clone().any(|d| graph.touches(d, to)) {
                return Err(IllegalMove::NextToDragon);
            }
        } else {
            let field = door_field(graph, layout, opened2, to);
            if dragons.clone().any(|d| field[d.index()] <= speed) {
                return Err(IllegalMove::InReach);
            }
        }
        Ok((to, u32::from(taken2) | u32::from(opened2) << 16))
    }

    /// Whether the hero on `from` has no legal move: caught.
    pub(crate) fn variant_stuck(&self, from: &Start, rules: super::Rules) -> bool {
        Direction::ALL
            .into_iter()
            .map(Move::Step)
            .chain([Move::Wait])
            .all(|step| self.variant_step(from, step, rules).is_err())
    }

    /// The position after the dragons' reply to the hero's move to `hero`
    /// with the locks `locks` (none on the exit): under a priority rule
    /// each dragon's first shortest step; a choosing dragon's worst for the
    /// hero, found by solving from each reply; the optimistic bound's best
    /// for the hero when one lets it escape, else the official rule's.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when those solves do not fit the budget.
    pub(crate) fn variant_reply(
        &self,
        from: &Start,
        hero: CellId,
        locks: u32,
        options: &Options,
    ) -> Result<Start, Error> {
        let layout = self.layout.as_ref().expect("a variant map");
        let graph = &self.graph;
        let unmoved = Start {
            hero,
            dragons: from.dragons.clone(),
            locks,
        };
        if hero == graph.exit() {
            return Ok(unmoved);
        }
        let field = door_field(graph, layout, (locks >> 16) as u16, hero);
        let speed = options.rules.speed.steps();
        let choosing = !matches!(options.rules.ties, Ties::Priority(_));
        let order = match options.rules.ties {
            Ties::Priority(order) => order,
            _ => crate::search::rules::Priority::OFFICIAL,
        };
        // Each dragon's end cells: by the order, or every one a choosing
        // dragon may reach.
        let ends = |all: bool| -> Vec<Vec<u32>> {
            from.dragons
                .iter()
                .map(|&d| {
                    if d == NONE {
                        return vec![NONE];
                    }
                    let mut at = vec![d];
                    for _ in 0..speed {
                        let mut next: Vec<u32> = Vec::new();
                        for &cell in &at {
                            let here = field[cell as usize];
                            let steps: Vec<u32> = if here == NONE {
                                vec![cell]
                            } else {
                                let mut dirs = graph
                                    .neighbors(CellId(cell))
                                    .filter(|&(_, n)| field[n.index()] == here - 1)
                                    .map(|(dir, n)| (dir, n.0))
                                    .collect::<Vec<_>>();
                                if !all {
                                    let set: DirSet = dirs.iter().map(|&(dir, _)| dir).collect();
                                    let first = order.first_in(set).expect("a path has a step");
                                    dirs.retain(|&(dir, _)| dir == first);
                                }
                                dirs.into_iter().map(|(_, n)| n).collect()
                            };
                            for n in steps {
                                if !next.contains(&n) {
                                    next.push(n);
                                }
                            }
                        }
                        at = next;
                    }
                    at
                })
                .collect()
        };
        let replies = |ends: Vec<Vec<u32>>| -> Vec<Start> {
            let mut all: Vec<Start> = Vec::new();
            let mut pick = vec![0usize; ends.len()];
            loop {
                let mut dragons: Vec<u32> = pick.iter().zip(&ends).map(|(&k, e)| e[k]).collect();
                // A dragon ending where one of a smaller number does merges.
                for i in 1..dragons.len() {
                    if dragons[i] != NONE && dragons[..i].contains(&dragons[i]) {
                        dragons[i] = NONE;
                    }
                }
                let reply = Start {
                    hero,
                    dragons,
                    locks,
                };
                if !all.contains(&reply) {
                    all.push(reply);
                }
                let mut i = ends.len();
                loop {
                    if i == 0 {
                        return all;
                    }
                    i -= 1;
                    pick[i] += 1;
                    if pick[i] < ends[i].len() {
                        break;
                    }
                    pick[i] = 0;
                }
            }
        };
        let official = replies(ends(false)).remove(0);
        if !choosing {
            return Ok(official);
        }
        let mut prospects = Vec::new();
        for reply in replies(ends(true)) {
            let solution = self.variant_solve_from(&reply, options)?;
            prospects.push((super::Prospect::of(&solution), reply));
        }
        if matches!(options.rules.ties, Ties::Adversarial) {
            return Ok(super::worst_reply(0..prospects.len(), |i| prospects[i].0)
                .map_or(official, |i| prospects[i].1.clone()));
        }
        // The optimistic bound: the hero's best reply if it escapes.
        let best = prospects
            .iter()
            .enumerate()
            .reduce(|a, b| if b.1.0 > a.1.0 { b } else { a })
            .map(|(i, _)| i);
        Ok(match best {
            Some(i) if matches!(prospects[i].0, super::Prospect::Escape(_)) => {
                prospects[i].1.clone()
            }
            _ => official,
        })
    }

    /// The hero's path distance to the nearest dragon on `at`, the doors as
    /// they stand; `None` when no dragon can reach it.
    pub(crate) fn variant_distance(&self, at: &Start) -> Option<u32> {
        let layout = self.layout.as_ref().expect("a variant map");
        let field = door_field(&self.graph, layout, (at.locks >> 16) as u16, at.hero);
        at.dragons
            .iter()
            .filter(|&&d| d != NONE)
            .map(|&d| field[d as usize])
            .filter(|&d| d != NONE)
            .min()
    }
}

/// The first dragon and the others of a position's dragon words.
fn dragons_at(graph: &Graph, words: &[u32]) -> (crate::Pos, Others) {
    let mut live: Vec<u32> = words.iter().copied().filter(|&d| d != NONE).collect();
    live.sort_unstable();
    let mut cells = live.into_iter().map(|d| graph.pos(CellId(d)));
    let first = cells.next().expect("a position has a dragon");
    (first, Others::new(cells))
}

/// The line of play as (position after the move, move): the last position
/// of an escape is the one before the escaping move, repeated.
fn turns(space: &Space<'_, '_>, line: &[(u32, Move)]) -> (Vec<Turn>, Vec<Pieces>) {
    let graph = space.graph;
    let stride = space.stride;
    let mut turns = Vec::with_capacity(line.len());
    let mut pieces = Vec::with_capacity(line.len());
    for (k, &(s, step)) in line.iter().enumerate() {
        let p = space.position(s);
        let (dragon, others) = dragons_at(graph, &p[1..stride - 1]);
        let locks = Locks::from_word(p[stride - 1]);
        let mut hero = graph.pos(CellId(p[0]));
        if k + 1 == line.len() && escapes(space, s, step) {
            // The escaping move: the dragons stay, the hero is on the exit
            // (which holds no key or door, so the locks stay too).
            hero = graph.pos(graph.exit());
        }
        turns.push(Turn { step, hero, dragon });
        pieces.push(Pieces { others, locks });
    }
    (turns, pieces)
}

/// Whether `step` from position `s` is an escaping move of `s`'s.
fn escapes(space: &Space<'_, '_>, s: u32, step: Move) -> bool {
    space.spans[s as usize].0 != NONE
        && space
            .edges_of(s)
            .any(|e| space.edges[e].escapes && space.edges[e].step == step)
}

/// The line to escaping edge `e` of position `s`, by the parents of the
/// breadth-first search: (position after each move, move), the last entry
/// being `s` itself with the escaping move.
fn breadth_first_line(space: &Space<'_, '_>, s: u32, e: usize) -> Vec<(u32, Move)> {
    let mut line = vec![(s, space.edges[e].step)];
    let mut at = s;
    while space.parent[at as usize].0 != NONE {
        let (from, edge) = space.parent[at as usize];
        line.push((at, space.edges[edge as usize].step));
        at = from;
    }
    line.reverse();
    line
}

/// Every edge's owner, and every position's incoming edges (by reply).
fn reverse(space: &Space<'_, '_>) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let n = space.len();
    let mut owner = vec![0u32; space.edges.len()];
    for s in 0..n as u32 {
        if space.spans[s as usize].0 != NONE {
            for e in space.edges_of(s) {
                owner[e] = s;
            }
        }
    }
    let mut start = vec![0u32; n + 1];
    for e in 0..space.edges.len() {
        for &r in space.replies_of(e) {
            if r != NONE {
                start[r as usize + 1] += 1;
            }
        }
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut incoming = vec![0u32; space.replies.len()];
    for e in 0..space.edges.len() {
        for &r in space.replies_of(e).iter().filter(|&&r| r != NONE) {
            incoming[fill[r as usize] as usize] = e as u32;
            fill[r as usize] += 1;
        }
    }
    (owner, start, incoming)
}

/// The adversarial value of every position (moves to a guaranteed escape,
/// `NONE` for none) by retrograde analysis, and the line against the
/// dragons' worst replies; when the start cannot force an escape, the
/// values.
fn adversarial_line(space: &Space<'_, '_>) -> Result<Vec<(u32, Move)>, Vec<u32>> {
    let n = space.len();
    let (owner, start, incoming) = reverse(space);
    let mut value = vec![NONE; n];
    let mut left: Vec<u32> = (0..space.edges.len())
        .map(|e| space.replies_of(e).len() as u32)
        .collect();
    let mut queue = VecDeque::new();
    for (s, value) in (0..).zip(value.iter_mut()) {
        if space.edges_of(s).any(|e| space.edges[e].escapes) {
            *value = 1;
            queue.push_back(s);
        }
    }
    while let Some(r) = queue.pop_front() {
        let v = value[r as usize];
        for &e in &incoming[start[r as usize] as usize..start[r as usize + 1] as usize] {
            left[e as usize] -= 1;
            let q = owner[e as usize] as usize;
            if left[e as usize] == 0 && value[q] == NONE {
                value[q] = v + 1;
                queue.push_back(q as u32);
            }
        }
    }
    if value[0] == NONE {
        return Err(value);
    }
    let mut line = Vec::new();
    let mut s = 0u32;
    loop {
        let v = value[s as usize];
        if let Some(e) = space.edges_of(s).find(|&e| space.edges[e].escapes) {
            line.push((s, space.edges[e].step));
            return Ok(line);
        }
        // The first move whose worst reply is one move nearer; the dragons'
        // worst reply (the first with the largest value).
        let (e, r) = space
            .edges_of(s)
            .filter_map(|e| {
                let of = |r: u32| if r == NONE { NONE } else { value[r as usize] };
                let worst = space
                    .replies_of(e)
                    .iter()
                    .copied()
                    .reduce(|a, b| if of(b) > of(a) { b } else { a })?;
                (of(worst) == v - 1).then_some((e, worst))
            })
            .next()
            .expect("a valued position has a move that keeps its value");
        line.push((r, space.edges[e].step));
        s = r;
    }
}

/// When caught: the longest line the hero survives (the dragons replying by
/// the tie rule, choosing dragons ending the game soonest), or a line that
/// runs until a position repeats when the hero can run forever. Under the
/// adversarial rule, `escapes` holds the positions' escape values, so the
/// dragons never pick a reply from which the hero could force an escape.
fn survival_line(space: &Space<'_, '_>, escapes: Option<&[u32]>) -> (Vec<(u32, Move)>, Ending) {
    let n = space.len();
    let (owner, start, incoming) = reverse(space);
    // `lasts[s]`: how many more moves the hero makes from `s` before it has
    // none, if the dragons can force that (NONE: it may run forever).
    let mut lasts = vec![NONE; n];
    // An edge is settled when the dragons can force its end: its first
    // settled reply (a choosing dragon picks it), or its only one.
    let mut edge_lasts = vec![NONE; space.edges.len()];
    let mut open: Vec<u32> = (0..n as u32)
        .map(|s| {
            let edges = space.edges_of(s);
            if edges.clone().any(|e| space.edges[e].escapes) {
                // An escaping move is never taken in a caught game, but it
                // is never forced either.
                NONE
            } else {
                edges.len() as u32
            }
        })
        .collect();
    let mut queue = VecDeque::new();
    for s in 0..n {
        if open[s] == 0 {
            lasts[s] = 0;
            queue.push_back(s as u32);
        }
    }
    while let Some(r) = queue.pop_front() {
        let v = lasts[r as usize];
        for &e in &incoming[start[r as usize] as usize..start[r as usize + 1] as usize] {
            let e = e as usize;
            if edge_lasts[e] != NONE {
                continue;
            }
            // Choosing dragons force the first settled reply.
            edge_lasts[e] = v;
            let q = owner[e] as usize;
            if open[q] != NONE {
                open[q] -= 1;
                if open[q] == 0 {
                    lasts[q] = v + 1;
                    queue.push_back(q as u32);
                }
            }
        }
    }
    let mut line = Vec::new();
    let mut s = 0u32;
    if lasts[0] != NONE {
        while lasts[s as usize] > 0 {
            let want = lasts[s as usize] - 1;
            let e = space
                .edges_of(s)
                .find(|&e| edge_lasts[e] == want)
                .expect("a settled position has a move that lasts");
            let r = *space
                .replies_of(e)
                .iter()
                .find(|&&r| lasts[r as usize] == want)
                .expect("a settled move has a reply that ends it");
            line.push((r, space.edges[e].step));
            s = r;
        }
        return (line, Ending::Stuck);
    }
    // Endless: moves whose replies the dragons cannot end, until a
    // position repeats.
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(0u32);
    while let Some((e, r)) = space
        .edges_of(s)
        .filter(|&e| !space.edges[e].escapes && edge_lasts[e] == NONE)
        .find_map(|e| {
            space
                .replies_of(e)
                .iter()
                .find(|&&r| {
                    lasts[r as usize] == NONE
                        && escapes.is_none_or(|values| values[r as usize] == NONE)
                })
                .map(|&r| (e, r))
        })
    {
        line.push((r, space.edges[e].step));
        if !seen.insert(r) {
            break;
        }
        s = r;
    }
    (line, Ending::Endless)
}

/// The hero's least number of steps from `from` to the exit with no dragon
/// on the map, using the keys and doors as they lie; `None` when it cannot
/// get there.
pub(crate) fn free_distance(graph: &Graph, layout: &Layout, from: &Start) -> Option<usize> {
    let mut seen = rustc_hash::FxHashMap::default();
    let start = (from.hero.0, from.locks as u16, (from.locks >> 16) as u16);
    seen.insert(start, 0);
    let mut queue = VecDeque::from([start]);
    while let Some((hero, taken, opened)) = queue.pop_front() {
        let d = seen[&(hero, taken, opened)];
        if hero == graph.exit().0 {
            return Some(d);
        }
        let held = taken.count_ones() - opened.count_ones();
        for (_, to) in graph.neighbors(CellId(hero)) {
            let (mut t, mut o) = (taken, opened);
            if let Some(i) = layout.door_at(to) {
                if o >> i & 1 == 0 {
                    if held == 0 {
                        continue;
                    }
                    o |= 1 << i;
                }
            }
            if let Some(j) = layout.key_at(to) {
                t |= 1 << j;
            }
            if let std::collections::hash_map::Entry::Vacant(new) = seen.entry((to.0, t, o)) {
                new.insert(d + 1);
                queue.push_back((to.0, t, o));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rules::{Rules, Speed};
    use crate::{Pos, solve};

    /// A small random map from `seed`: walls at about one tile in four,
    /// the pieces on distinct free cells; `None` if too few are free.
    fn random_map(seed: u64, extra: usize) -> Option<(Puzzle, Vec<Pos>)> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let (w, h) = (3 + next(4), 2 + next(4));
        let walls: Vec<bool> = (0..w * h).map(|_| next(4) == 0).collect();
        let mut free: Vec<Pos> = (0..w * h)
            .filter(|&i| !walls[i])
            .map(|i| Pos::new(i / w, i % w))
            .collect();
        if free.len() < 3 + extra {
            return None;
        }
        let mut pick = || free.swap_remove(next(free.len()));
        let (hero, dragon, exit) = (pick(), pick(), pick());
        let more = (0..extra).map(|_| pick()).collect();
        Some((Puzzle::new(w, h, walls, hero, dragon, exit).unwrap(), more))
    }

    fn all_rules() -> Vec<Rules> {
        let mut all = Vec::new();
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            for speed in [1, 2] {
                for wait in [false, true] {
                    all.push(Rules {
                        ties,
                        speed: Speed::new(speed).unwrap(),
                        wait,
                    });
                }
            }
        }
        all
    }

    /// A key with no door changes nothing, so the variant search must give
    /// the official search's answer, and a line as long, on every map.
    #[test]
    fn a_key_without_a_door_changes_no_answer() {
        let mut compared = 0;
        for seed in 0..400 {
            let Some((puzzle, more)) = random_map(seed, 1) else {
                continue;
            };
            let keyed = puzzle
                .clone()
                .with_pieces(vec![puzzle.dragon()], more, Vec::new())
                .unwrap();
            for rules in all_rules() {
                let options = Options {
                    rules,
                    ..Options::default()
                };
                let official = solve(&puzzle, &options).unwrap();
                let variant = solve(&keyed, &options).unwrap();
                let map = puzzle.to_ascii();
                assert_eq!(variant.outcome, official.outcome, "{rules:?}\n{map}");
                assert_eq!(variant.ending, official.ending, "{rules:?}\n{map}");
                if official.ending == Ending::Stuck || official.outcome.steps().is_some() {
                    assert_eq!(
                        variant.turns.len(),
                        official.turns.len(),
                        "{rules:?}\n{map}"
                    );
                }
                assert_eq!(variant.pieces.len(), variant.turns.len());
                compared += 1;
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    /// A second dragon walled in where it can never move changes nothing
    /// either, unless it stands next to the hero's way.
    #[test]
    fn a_dragon_walled_in_changes_no_answer() {
        let mut compared = 0;
        for seed in 0..300 {
            let Some((puzzle, _)) = random_map(seed, 0) else {
                continue;
            };
            // A column of one free cell between walls, right of the map.
            let (w, h) = (puzzle.width(), puzzle.height());
            let mut walls = Vec::with_capacity((w + 2) * h);
            for row in 0..h {
                walls.extend_from_slice(&puzzle.walls()[row * w..(row + 1) * w]);
                walls.extend([true, row != 0]);
            }
            let wide = Puzzle::new(
                w + 2,
                h,
                walls,
                puzzle.hero(),
                puzzle.dragon(),
                puzzle.exit(),
            )
            .unwrap();
            let two = wide
                .clone()
                .with_pieces(
                    vec![puzzle.dragon(), Pos::new(0, w + 1)],
                    Vec::new(),
                    Vec::new(),
                )
                .unwrap();
            for rules in all_rules() {
                let options = Options {
                    rules,
                    ..Options::default()
                };
                let official = solve(&wide, &options).unwrap();
                let variant = solve(&two, &options).unwrap();
                assert_eq!(
                    variant.outcome,
                    official.outcome,
                    "{rules:?}\n{}",
                    two.to_ascii()
                );
                compared += 1;
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
