//! Best-first search for a deterministic (or hero-chosen) dragon.
//!
//! A* over (hero, dragon) positions with unit moves and the exact
//! dragon-free distance from the hero to the exit as heuristic. That
//! heuristic is consistent (one move changes it by at most one), so the first
//! time a move reaches the exit from the lowest open bucket, it is optimal.
//!
//! The open list holds *moves*, not positions: a move's f = g + 1 + h(the
//! cell it goes to) does not depend on where the dragon goes, so the dragon's
//! reply (the costly part: an oracle question) is only worked out when the
//! move leaves the queue. Moves that never reach the lowest bucket, such as
//! steps away from the exit on a map the hero crosses directly, never ask.
//! A position found by a move taken at the lowest f has its least g (a
//! shorter way to it would have had a lower f), so it is expanded at once.
//! Within a bucket the newest move is taken first, which dives towards the
//! exit.
//!
//! With waiting, a wait goes in a second open list of its own, bucket by
//! bucket (a [`Move`] has room for four steps only): the wait's f is its
//! position's g + 1 + h, and a bucket's steps are taken before its waits.
//!
//! Under a priority tie rule the search may also jump (see [`super::pockets`]):
//! a position whose hero is in a pocket the dragon walks towards is not
//! expanded; its jumps go in a third list, and its landings inside the
//! pocket in a fourth, one release per arrival and distance from the cut
//! cell. A hero in a corridor the dragon walks towards the end of, with no
//! cut cell between them, jumps by the shadow rule (see
//! [`super::pockets::shadow`]): its jump's hand-outs (the way out, the ways
//! past a turn at a time, the landings) go in a fifth list. A position a
//! jump reaches keeps a mark in its parent (which rule, and for a shadow
//! jump which end of its corridor), and the line is filled in between when
//! the answer is found.
//!
//! For the generator's analysis the same search can forbid back-steps (the
//! hero stepping straight back onto the cell it just left): a position then
//! also holds the hero's last step, packed with the dragon's cell into the
//! table's second number (see [`Reversals`]).

use super::given_up;
use super::hanging::Hanging;
use super::pockets::{Landing, Pockets};
use super::state::{NO_STATE, StateId, StateTable};
use crate::graph::{CellId, DirSet, Direction};
use crate::search::horizon::moves_left;
use crate::search::solution::Stats;
use crate::search::turn::{Game, hero_moves};

/// Whether the hero may step straight back, and how a position's second
/// number packs the dragon's cell with the hero's last step when it may not.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reversals {
    /// Back-steps are legal (the rules): the second number is the dragon's cell.
    Allowed,
    /// Back-steps are forbidden: the second number is `dragon * 5 + last`,
    /// with `last` the hero's last step (`Direction as u32`), 4 at the start.
    /// The caller checks that the cells fit (`cells * 5 <= u32::MAX`).
    Forbidden,
}

impl Reversals {
    #[inline]
    /// After a wait, `last` is `None`: a wait leaves no cell to step back to.
    fn pack(self, dragon: CellId, last: Option<Direction>) -> CellId {
        match self {
            Reversals::Allowed => dragon,
            Reversals::Forbidden => CellId(dragon.0 * 5 + last.map_or(4, |d| d as u32)),
        }
    }

    /// The dragon's cell and the step the hero may not take.
    #[inline]
    fn unpack(self, packed: CellId) -> (CellId, Option<Direction>) {
        match self {
            Reversals::Allowed => (packed, None),
            Reversals::Forbidden => (
                CellId(packed.0 / 5),
                Direction::ALL
                    .get((packed.0 % 5) as usize)
                    .map(|d| d.opposite()),
            ),
        }
    }
}

/// How long an escape may be.
#[derive(Clone, Copy)]
pub(super) struct Limit {
    /// The most moves.
    pub(super) moves: usize,
    /// Whether, against a faster dragon, each move is held to the moves
    /// the dragon's distance leaves the hero (see [`Gaps`]).
    pub(super) gaps: bool,
}

impl Limit {
    /// No limit.
    #[cfg(test)]
    pub(super) const NONE: Limit = Limit {
        moves: usize::MAX,
        gaps: false,
    };
}

/// A hero move waiting in the open list: a position's number and the
/// step, in four bytes (the cell it goes to is the hero's neighbour). The
/// search stops before numbers reach [`MAX_POSITIONS`].
#[derive(Clone, Copy)]
struct Move(u32);

/// Positions a [`Move`] can name.
const MAX_POSITIONS: usize = 1 << 30;

impl Move {
    fn new(from: StateId, step: Direction) -> Move {
        debug_assert!((from as usize) < MAX_POSITIONS);
        Move(from << 2 | step as u32)
    }

    fn from(self) -> StateId {
        self.0 >> 2
    }

    fn step(self) -> Direction {
        Direction::ALL[(self.0 & 3) as usize]
    }
}

/// With `hanging`, moves deep into dead ends are left out (see
/// [`super::hanging`]; back-steps must be allowed). With `pockets`, the
/// search jumps over the dragon's walks to pockets (see [`super::pockets`]; it
/// needs `hanging`, a priority tie rule and back-steps).
///
/// The optimal line of positions from the start to the exit, or `None` if
/// the dragon catches the hero on every line within `limit` (or the search
/// outgrew its budget: see [`Game::over_budget`]).
pub(super) fn search(
    game: &mut Game<'_>,
    exit_distance: &[u32],
    reversals: Reversals,
    hanging: Option<&Hanging>,
    mut pockets: Option<&mut Pockets<'_>>,
    limit: Limit,
    stats: &mut Stats,
) -> Option<Vec<(CellId, CellId)>> {
    let Limit { moves: limit, gaps } = limit;
    let graph = game.graph;
    let (speed, wait) = (game.speed, game.wait);
    let exit = graph.exit();
    game.max_positions = game.max_positions.min(MAX_POSITIONS);
    let width = match reversals {
        Reversals::Allowed => graph.len(),
        Reversals::Forbidden => graph.len() * 5,
    };
    let mut table = StateTable::with_bits(graph.len(), width, game.memory);
    let mut g: Vec<u32> = Vec::new();
    let mut parent: Vec<StateId> = Vec::new();
    let mut open = Open::default();

    let (hero, dragon) = game.start;
    let start = table
        .add(hero, reversals.pack(dragon, None))
        .expect("the first position is new");
    g.push(0);
    parent.push(NO_STATE);
    let mut f = exit_distance[hero.index()] as usize;
    let mut gaps = gaps.then(|| Gaps::new(game, (hero, dragon))).flatten();
    // Expands a position: queues its moves, or reports a move onto the exit.
    let expand = |state: StateId,
                  table: &StateTable,
                  g: &[u32],
                  open: &mut Open,
                  game: &mut Game<'_>,
                  gaps: Option<&mut Gaps>,
                  stats: &mut Stats|
     -> Option<(StateId, CellId)> {
        stats.states_expanded += 1;
        let (hero, packed) = table.get(state);
        let (dragon, back) = reversals.unpack(packed);
        let mut gaps = gaps;
        // The hero's steps towards the dragon, asked once a position and
        // only when a step needs them.
        let mut toward = None;
        for (step, to) in hero_moves(graph, speed, wait, hero, dragon) {
            if step.direction().is_some_and(|d| Some(d) == back)
                || hanging.is_some_and(|h| h.needless(hero, to, dragon))
            {
                continue;
            }
            if to == exit {
                return Some((state, dragon));
            }
            let direction = step.direction();
            if let Some(gaps) = gaps.as_deref_mut() {
                if direction.is_some() && toward.is_none() {
                    let steps = game
                        .hero_steps_toward(hero, dragon)
                        .expect("the dragon reaches the hero");
                    gaps.toward[state as usize] = steps;
                    toward = Some(steps);
                }
                let after = gaps.after(state, direction);
                if exit_distance[to.index()] > moves_left(after, gaps.speed) {
                    continue; // too close to the dragon to reach the exit
                }
            }
            let key = g[state as usize] as usize + 1 + exit_distance[to.index()] as usize;
            if key <= limit {
                open.push(key, state, direction);
            }
        }
        None
    };

    // Queues a jump of the pocket rule, or the release of an arrival.
    let queue = |out: Landing, table: &StateTable, g: &[u32], open: &mut Open| {
        let (from, to, reply, cost, via) = match out {
            Landing::Jump(from, to, reply, cost) => (from, to, reply, cost, Via::Pocket),
            Landing::ShadowJump(from, to, reply, cost, near_a) => {
                (from, to, reply, cost, Via::Shadow(near_a))
            }
            Landing::Release(f, arrival) => {
                if f <= limit {
                    open.push_release(f, arrival);
                }
                return;
            }
            Landing::Shadow(f, number) => {
                if f <= limit {
                    open.push_handout(f, number);
                }
                return;
            }
        };
        let key = (g[from as usize] + cost) as usize + exit_distance[to.index()] as usize;
        if key <= limit && !table.contains(to, reply) {
            let jump = Jump {
                from,
                hero: to,
                dragon: reply,
                cost,
                via,
            };
            open.push_jump(key, jump);
        }
    };

    // Takes a new position: the jumps of the pocket rule if it applies
    // (and the releases of the arrivals it joins), else its moves; reports
    // a move onto the exit.
    let visit = |state: StateId,
                 table: &StateTable,
                 g: &[u32],
                 open: &mut Open,
                 game: &mut Game<'_>,
                 pockets: Option<&mut Pockets<'_>>,
                 gaps: Option<&mut Gaps>,
                 stats: &mut Stats|
     -> Option<(StateId, CellId)> {
        if let Some(pockets) = pockets.filter(|p| table.len() >= p.from) {
            let from_g = g[state as usize];
            let applied = pockets.jumps(game, state, table.get(state), from_g, |out| {
                queue(out, table, g, open);
            });
            if applied {
                stats.states_expanded += 1;
                return None;
            }
        }
        expand(state, table, g, open, game, gaps, stats)
    };

    // Positions to store: (hero, second number, the position moved or
    // jumped from, its g, how it was reached, the hero's move).
    let mut arrivals: Vec<(CellId, CellId, StateId, u32, Via, Option<Direction>)> = Vec::new();
    let found = 'search: {
        let rule = pockets.as_deref_mut();
        if let Some(found) = visit(
            start,
            &table,
            &g,
            &mut open,
            game,
            rule,
            gaps.as_mut(),
            stats,
        ) {
            break 'search Some(found);
        }
        let mut proven = 0;
        loop {
            let Some(taken) = open.pop(&mut f) else {
                break 'search None;
            };
            if f != proven {
                // Every line shorter than the lowest f was searched.
                proven = f;
                if let Some(progress) = game.progress {
                    progress.bound(f);
                }
            }
            arrivals.clear();
            match taken {
                Taken::Move(from, step) => {
                    let (hero, packed) = table.get(from);
                    let dragon = reversals.unpack(packed).0;
                    let to = step.map_or(hero, |step| {
                        graph
                            .neighbor(hero, step)
                            .expect("a queued move steps onto a free cell")
                    });
                    let next_g = g[from as usize] + 1;
                    game.dragon_replies(dragon, to, |d| {
                        arrivals.push((to, reversals.pack(d, step), from, next_g, Via::Move, step));
                    });
                }
                Taken::Jump(jump) => {
                    let next_g = g[jump.from as usize] + jump.cost;
                    arrivals.push((jump.hero, jump.dragon, jump.from, next_g, jump.via, None));
                }
                Taken::Release(arrival) => {
                    let pockets = pockets
                        .as_deref_mut()
                        .expect("only the pocket rule releases");
                    let next = pockets.release(
                        graph,
                        arrival,
                        f,
                        |hero, dragon, from, cost| {
                            let next_g = g[from as usize] + cost;
                            arrivals.push((hero, dragon, from, next_g, Via::Pocket, None));
                        },
                        |out| queue(out, &table, &g, &mut open),
                    );
                    if let Some(next) = next.filter(|&next| next <= limit) {
                        open.push_release(next, arrival);
                    }
                }
                Taken::Handout(number) => {
                    let pockets = pockets
                        .as_deref_mut()
                        .expect("only the shadow rule hands out");
                    let next = pockets.shadow_release(
                        game,
                        (number, f),
                        |hero, dragon, from, cost, near_a| {
                            let next_g = g[from as usize] + cost;
                            let via = Via::Shadow(near_a);
                            arrivals.push((hero, dragon, from, next_g, via, None));
                        },
                        |out| queue(out, &table, &g, &mut open),
                    );
                    if let Some(next) = next.filter(|&next| next <= limit) {
                        open.push_handout(next, number);
                    }
                }
            }
            for &(to, reply, from, next_g, via, step) in &arrivals {
                let Some(next) = table.add(to, reply) else {
                    // Found before at a lower or equal f: its g is no larger.
                    continue;
                };
                let held = || bytes(&table, &g, &open, pockets.as_deref(), gaps.as_ref());
                if game.over_budget(table.len(), held) {
                    break 'search None;
                }
                g.push(next_g);
                parent.push(via.mark(from));
                if let Some(gaps) = gaps.as_mut() {
                    gaps.push(from, step);
                }
                let rule = pockets.as_deref_mut();
                let gaps = gaps.as_mut();
                if let Some(found) = visit(next, &table, &g, &mut open, game, rule, gaps, stats) {
                    break 'search Some(found);
                }
            }
        }
    };
    stats.states_stored = table.len() as u64;
    let held = bytes(&table, &g, &open, pockets.as_deref(), gaps.as_ref());
    game.record(table.len(), held);
    let (last, dragon_at_exit) = found?;
    // The positions back to the start, each with how it was reached.
    let mut back = Vec::new();
    let mut state = last;
    while state != NO_STATE {
        let (hero, packed) = table.get(state);
        let (up, via) = Via::read(parent[state as usize]);
        back.push(((hero, reversals.unpack(packed).0), via, g[state as usize]));
        state = up;
    }
    back.reverse();
    let mut line = vec![back[0].0];
    for pair in back.windows(2) {
        let ((hero, dragon), _, from_g) = pair[0];
        let (to, via, to_g) = pair[1];
        let pockets = pockets.as_deref_mut();
        let cells = match via {
            Via::Move => {
                line.push(to);
                continue;
            }
            Via::Pocket => {
                let pockets = pockets.expect("only the pocket rule jumps");
                let c = pockets
                    .pocket(hero, dragon)
                    .expect("a jump's position has a pocket");
                pockets.line(graph, hero, to.0, c, to_g - from_g)
            }
            Via::Shadow(near_a) => pockets.expect("only the shadow rule jumps so").shadow_line(
                graph,
                hero,
                (to.0, near_a),
                to_g - from_g,
            ),
        };
        let mut dragon = dragon;
        for cell in cells {
            game.dragon_replies(dragon, cell, |reply| dragon = reply);
            line.push((cell, dragon));
        }
        debug_assert_eq!(line.last(), Some(&to), "a jump's line ends where it jumped");
    }
    line.push((exit, dragon_at_exit));
    Some(line)
}

/// The bytes a search holds: its positions, their g and parents, the
/// open list, the pocket rule's tables and the gaps. Moves stay in memory
/// once taken: a bucket's vector keeps its room.
fn bytes(
    table: &StateTable,
    g: &[u32],
    open: &Open,
    pockets: Option<&Pockets<'_>>,
    gaps: Option<&Gaps>,
) -> usize {
    table.bytes()
        + 2 * g.len() * size_of::<u32>()
        + open.bytes()
        + pockets.map_or(0, Pockets::bytes)
        + gaps.map_or(0, Gaps::bytes)
}

/// Against a faster dragon, the distance by path between hero and dragon
/// at each position, by which a move that leaves the hero too few moves to
/// reach the exit is never queued.
///
/// The faster dragon's horizon ([`crate::search::horizon`]) bounds the
/// moves the hero can still make by the distance `δ` to the dragon:
/// `K(δ)`. The search asks it at the start only; here it is asked of every
/// move: a move to a cell `e` steps from the exit, after which the dragon
/// stands `δ'` away, starts no escape when `e > K(δ')`, so it is not
/// queued. Its positions would lead to no escape either (each move lowers
/// `K` by at least one and the exit distance by at most one), so the
/// search takes the same positions that lead anywhere, in the same order:
/// the same answer and the same line.
///
/// The distances need no search of their own: a step changes the distance
/// by exactly one (every step changes a cell's colour on the grid's
/// chessboard) and a wait by none, and the dragon's `N` steps then take
/// `N` off (a legal move ends more than `N` steps from it). So a
/// position's distance is its parent's, less `N`, plus one for a step away
/// from the dragon and less one for a step towards it: the hero's steps
/// towards the dragon, one oracle question a position taken, tell which.
/// One dragon, no doors: the pair search's game.
struct Gaps {
    /// The dragon's steps a turn.
    speed: u32,
    /// Each position's distance between hero and dragon.
    distance: Vec<u32>,
    /// Each position's hero steps towards the dragon (asked when taken).
    toward: Vec<DirSet>,
}

impl Gaps {
    /// The gaps of a search from `start`, against a faster dragon.
    fn new(game: &Game<'_>, (hero, dragon): (CellId, CellId)) -> Option<Gaps> {
        let speed = game.speed.steps();
        if speed < 2 {
            return None;
        }
        let distance = game.graph.distance(hero, dragon)?;
        Some(Gaps {
            speed,
            distance: vec![distance],
            toward: vec![DirSet::default()],
        })
    }

    /// The distance after the hero's move from `state` (a step, or a wait
    /// for `None`) and the dragon's reply: the turn takes `N - 1` and what
    /// the move gives up off it ([`given_up::cost`]).
    fn after(&self, state: StateId, step: Option<Direction>) -> u32 {
        let here = self.distance[state as usize];
        let spent = given_up::cost(step, self.toward[state as usize]);
        debug_assert!(
            here + 1 - spent > self.speed,
            "a legal move ends out of reach"
        );
        here + 1 - spent - self.speed
    }

    /// Numbers the position the hero's move from `from` reached.
    fn push(&mut self, from: StateId, step: Option<Direction>) {
        let after = self.after(from, step);
        self.distance.push(after);
        self.toward.push(DirSet::default());
    }

    /// The bytes the gaps hold.
    fn bytes(&self) -> usize {
        self.distance.len() * (size_of::<u32>() + size_of::<DirSet>())
    }
}

/// Marks, in a position's parent, that a jump reached it, and which kind
/// (the search stops before numbers reach them: see [`MAX_POSITIONS`]).
const JUMPED: StateId = 1 << 31;
const SHADOW: StateId = 1 << 30;

/// How a position was reached: by a move, a jump of the pocket rule or one
/// of the shadow rule (and whether its near end is its corridor's `a`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Via {
    Move,
    Pocket,
    Shadow(bool),
}

impl Via {
    /// The parent `from` marked with how the position was reached.
    fn mark(self, from: StateId) -> StateId {
        match self {
            Via::Move => from,
            Via::Pocket => from | JUMPED,
            Via::Shadow(true) => from | JUMPED | SHADOW,
            Via::Shadow(false) => from | SHADOW,
        }
    }

    /// The parent and how the position was reached, from a mark.
    fn read(up: StateId) -> (StateId, Via) {
        if up == NO_STATE {
            return (NO_STATE, Via::Move);
        }
        let via = match (up & JUMPED != 0, up & SHADOW != 0) {
            (false, false) => Via::Move,
            (true, false) => Via::Pocket,
            (true, true) => Via::Shadow(true),
            (false, true) => Via::Shadow(false),
        };
        (up & !(JUMPED | SHADOW), via)
    }
}

/// A jump (see [`super::pockets`]) waiting in the open list.
struct Jump {
    from: StateId,
    hero: CellId,
    dragon: CellId,
    cost: u32,
    via: Via,
}

/// What the open list gives next: a move (a step or a wait), a jump, the
/// release of an arrival's landings, or a hand-out of the shadow rule's
/// jump (see [`Pockets`]).
enum Taken {
    Move(StateId, Option<Direction>),
    Jump(Jump),
    Release(u32),
    Handout(u32),
}

/// The open list: queued moves by f, a bucket's steps and its waits apart.
#[derive(Default)]
struct Open {
    /// Steps, by f.
    steps: Vec<Vec<Move>>,
    /// Waits (the position they are made from), by f; empty without waiting.
    waits: Vec<Vec<StateId>>,
    /// Jumps of the pocket rule, by f.
    jumps: Vec<Vec<Jump>>,
    /// Moves ever queued (a bucket's vector keeps the room of those taken).
    queued: usize,
    /// Jumps ever queued.
    jumps_queued: usize,
    /// Releases of arrivals' landings, by f.
    releases: Vec<Vec<u32>>,
    /// Releases ever queued.
    releases_queued: usize,
    /// Hand-outs of the shadow rule's jumps, by f.
    handouts: Vec<Vec<u32>>,
}

impl Open {
    /// Queues the move from `from` (a step in `step`'s direction, or a wait)
    /// at `f`.
    fn push(&mut self, f: usize, from: StateId, step: Option<Direction>) {
        self.queued += 1;
        match step {
            Some(d) => push(&mut self.steps, f, Move::new(from, d)),
            None => push(&mut self.waits, f, from),
        }
    }

    /// Queues a jump at `f`.
    fn push_jump(&mut self, f: usize, jump: Jump) {
        self.jumps_queued += 1;
        push(&mut self.jumps, f, jump);
    }

    /// Queues the release of an arrival's landings at `f`.
    fn push_release(&mut self, f: usize, arrival: u32) {
        self.releases_queued += 1;
        push(&mut self.releases, f, arrival);
    }

    /// Queues a hand-out of the shadow rule's jump `number` at `f`.
    fn push_handout(&mut self, f: usize, number: u32) {
        self.releases_queued += 1;
        push(&mut self.handouts, f, number);
    }

    /// The bytes its moves, jumps and releases ever queued take (a
    /// bucket's vector keeps the room of those taken), and the buckets'
    /// own vectors, one of each kind for every f up to the highest met:
    /// on a long corridor those are millions.
    fn bytes(&self) -> usize {
        let buckets = self.steps.len()
            + self.waits.len()
            + self.jumps.len()
            + self.releases.len()
            + self.handouts.len();
        self.queued * size_of::<Move>()
            + self.jumps_queued * size_of::<Jump>()
            + self.releases_queued * size_of::<u32>()
            + buckets * size_of::<Vec<Move>>()
    }

    /// Takes the newest step of the lowest bucket from `*f` on, else its
    /// newest wait, else its newest jump, else its newest release, moving
    /// `*f` up to that bucket; `None` when none is left.
    fn pop(&mut self, f: &mut usize) -> Option<Taken> {
        let len = (self.steps.len().max(self.waits.len()))
            .max(self.jumps.len().max(self.releases.len()))
            .max(self.handouts.len());
        while *f < len {
            if let Some(queued) = self.steps.get_mut(*f).and_then(Vec::pop) {
                return Some(Taken::Move(queued.from(), Some(queued.step())));
            }
            if let Some(from) = self.waits.get_mut(*f).and_then(Vec::pop) {
                return Some(Taken::Move(from, None));
            }
            if let Some(jump) = self.jumps.get_mut(*f).and_then(Vec::pop) {
                return Some(Taken::Jump(jump));
            }
            if let Some(arrival) = self.releases.get_mut(*f).and_then(Vec::pop) {
                return Some(Taken::Release(arrival));
            }
            if let Some(number) = self.handouts.get_mut(*f).and_then(Vec::pop) {
                return Some(Taken::Handout(number));
            }
            *f += 1;
        }
        None
    }
}

fn push<T>(buckets: &mut Vec<Vec<T>>, f: usize, item: T) {
    if buckets.len() <= f {
        buckets.resize_with(f + 1, Vec::new);
    }
    buckets[f].push(item);
}
