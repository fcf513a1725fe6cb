//! A faster dragon's longest line on any map: best first by the distance
//! the hero gives up.
//!
//! # The argument
//!
//! One dragon of speed `N >= 2`, no keys or doors, a priority rule (the
//! dragon's reply to each move is one position). Let `d` be the distance
//! by path between hero and dragon with the hero to move. A step changes
//! it by exactly one (a grid's cells split into two colours, and every
//! step changes colour), a wait leaves it; a legal move ends more than `N`
//! steps from the dragon ([`crate::search::turn::hero_moves`]), so the
//! dragon's `N` shortest steps then take `N` off. A turn thus takes
//! `(N - 1) + c` off `d`, where the move's cost `c` is 0 for a step away
//! from the dragon, 1 for a wait and 2 for a step towards it. After `t`
//! moves that cost `C` in all, `d_t = D - (N - 1) t - C` (`D` the start's
//! distance), and since every position reached has `d_t >= 1`,
//!
//! `t <= B(C) = floor((D - 1 - C) / (N - 1))`.
//!
//! So a position reached at cost `C` lies on no line longer than `B(C)`,
//! and a position reached at its least cost is reached at its greatest
//! depth, `t = (D - d - C) / (N - 1)`. A line ends on a position with no
//! legal move (the hero is caught: the faster dragon's horizon makes every
//! line end); the longest line is the one whose last position is reached
//! at the most depth.
//!
//! # The search
//!
//! Positions are taken in order of the least cost that reaches them
//! (Dijkstra's order; a move costs 0, 1 or 2, so three buckets, by cost
//! modulo 3, do). A move's cost is read off the distance the oracle tells
//! with the dragon's first step ([`crate::dragon::DragonOracle::shortest_steps_apart`]:
//! the dragon's distance to the hero's new cell is `d + 1` after a step
//! away, `d` after a wait, `d - 1` after a step towards it), so the moves
//! cost no question of their own; an oracle that does not tell it is asked
//! for the hero's steps towards the dragon, once a position.
//! Each position taken with no legal move ends a line of its depth; let `L`
//! be the longest so far. The search stops once the next position's cost
//! `C` has `B(C) < L`: no position left lies on a longer line. Every
//! position of every longest line has been taken by then (its least cost
//! `C'` has `B(C') >= L* >= L`), so `L = L*`.
//!
//! The line itself is the one the whole analysis
//! ([`crate::search::backward::survival`]) picks: from the start, the first
//! move (in move order) whose reply survives longest. Each taken
//! position's value is computed children first (every move lowers `d`),
//! counting a reply that was not taken as lost at once: a lower bound of
//! its value, and exact on every position of a longest line (whose
//! continuations along longest lines were all taken). At such a position
//! the moves that stay on a longest line have that exact, greatest value,
//! and every other move less; so the first of them is picked, as the whole
//! analysis does, move for move.
//!
//! # Where it does not carry
//!
//! The speed-1 dragon gains nothing on a step away, so `d` need not fall
//! and nothing bounds the depth. A choosing dragon (the adversarial rule)
//! makes the longest line a game's value, not a path's length. With
//! several dragons no one distance pays for the moves, and doors change
//! the distances as they open. There the whole tree is explored.
//!
//! # Bounds on the way
//!
//! A line goes on from every position taken until the hero is caught, so
//! the longest line is at least as long as the deepest position taken; and
//! once every position below cost `C` is taken, a line longer than the
//! longest found ends on a position of cost `C` or more, so it is at most
//! `B(C)` long. The search shows both on the progress display
//! ([`crate::Progress::survives`]) as each cost is done.
//!
//! # Where the time goes
//!
//! On a braided map of 1001 tiles a side, the whole tree of a speed-2 chase
//! held 19.4 M positions; the positions whose least cost leaves room for
//! the longest line were 1.36 M of them. On the slowest maps of that kind
//! (6 to 7.5 M positions) the hero lingers near its start, stepping to and
//! fro while the dragon comes from thousands of steps away: some 14,000
//! hero cells, each with hundreds of dragon cells. The time is the oracle's
//! (a question a step of the dragon's, but for a step on from a corridor
//! cell, which needs none: see [`crate::search::turn`]) and the table's lookups,
//! each a likely miss of the caches: positions are taken in batches of
//! [`BATCH`], all their replies asked first, then all looked up, so that
//! the misses overlap.
//!
//! A batch's replies are asked target by target (the hero's new cell),
//! not position by position, the targets in Z-order ([`near`]): the
//! oracle's skeleton spreads a target's anchors' labels once for every
//! question about it, and about the next targets on the same corridor
//! (see `dragon/skeleton/reader.rs`), and a batch holds many heroes side
//! by side, each a neighbour of the same cells. On small rooms at 1001
//! (seed 833469, 14.2 M positions taken) the line took 16.6 s instead of
//! 31.6 s with this and the skeleton asked before the root fields' walks;
//! on braided 573291 (see "Two threads"), 10.6 to 11.1 s instead of 12.2
//! to 13.2 s.
//!
//! # Two threads
//!
//! The replies of a batch are the oracle's work, most of the time on the
//! slowest maps. Past [`SHARED_AFTER`] positions, on a large map of a
//! machine with two threads, a second oracle on the same map tables (the
//! skeleton and the landmarks shared, its fields and caches its own)
//! makes a share of each batch's moves on another thread while the search
//! makes the rest; the two oracles share the room the search leaves them.
//! The lookups stay on the search's thread, and while it numbers one
//! batch's moves the helper already makes its share of the next: the
//! next batch of the same cost is taken before this one is numbered
//! (numbering adds positions of cost `c` or more and lowers none below
//! `c`, so any position of cost `c` waiting may be taken). The search's
//! own share is the smaller, as it also numbers; on full batches it
//! follows whichever thread waited for the other. Positions are thus
//! taken in another order than on one thread, and the batch taken ahead
//! is finished when the search stops, but the line is the same: the
//! argument holds for any order within a cost, and values computed over
//! more positions are still lower bounds, exact on a longest line.
//!
//! On braided 1001 with the slowest seed of a fresh draw (573291, 11.0 M
//! positions taken) the search took 22.1 s on one thread with a helper
//! making half of each batch in turn, and 16.0 to 18.2 s with the helper
//! working ahead (the same positions); the helper made the first form
//! 15 % faster than one thread. On a seed of 1.4 M positions (888504) the
//! first form was about 5 % slower than one thread: the second oracle
//! starts cold (it buys its own root fields and caches), which a smaller
//! search does not win back, hence the threshold.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{Scope, ScopedJoinHandle};

use super::state::StateTable;
use crate::dragon::DragonOracle;
use crate::graph::{CellId, DirSet, Direction, Graph};
use crate::search::position::StateId;
use crate::search::turn::{Game, hero_moves};

/// Marks a position not taken.
const NOT_TAKEN: u32 = u32::MAX;

/// What the search knows of a numbered position, in one place: the
/// lookups of a position met again and of a position taken read one
/// cache line.
#[derive(Clone, Copy)]
struct Seen {
    /// The distance between hero and dragon.
    distance: u32,
    /// The least cost that reaches it so far.
    least: u32,
    /// Its place among the taken positions, or [`NOT_TAKEN`].
    taken: u32,
}

/// A move made: the cell the hero moves to, the dragon's reply, what the
/// move gave up and the distance after it.
type Made = (CellId, CellId, u32, u32);

/// A move whose reply is still to be asked: the order to ask it in (the
/// target's place on a Z-order curve ([`near`]), then the dragon's cell),
/// the move's place in `made`, the position it is made from (its place in
/// `from`) and the step (`None` for a wait).
#[derive(Clone, Copy)]
struct Ask {
    key: u64,
    at: u32,
    from: u32,
    step: Option<Direction>,
}

/// A key that keeps cells near one another near in order: the bits of the
/// cell's row and column interleaved (a Z-order curve), so a batch's
/// targets along a corridor of either direction come one after another.
/// Only an order: past 65,536 tiles a side, far cells may share a key.
fn near(graph: &Graph, cell: CellId) -> u32 {
    let pos = graph.pos(cell);
    let spread = |x: usize| {
        let mut x = x as u32 & 0xffff;
        x = (x | x << 8) & 0x00ff_00ff;
        x = (x | x << 4) & 0x0f0f_0f0f;
        x = (x | x << 2) & 0x3333_3333;
        (x | x << 1) & 0x5555_5555
    };
    spread(pos.row) << 1 | spread(pos.col)
}

/// The moves of the positions `from` (each its hero, dragon and distance)
/// and the dragon's replies, into `made`, and how many moves each position
/// has, into `counts`. The replies are asked target by target (`asks`,
/// scratch): the oracle's answers for one target share work (the
/// skeleton spreads a target's label once for all the dragon cells asked
/// about it), and a batch's positions have many heroes side by side.
fn moves_made(
    game: &mut Game<'_>,
    from: &[(CellId, CellId, u32)],
    made: &mut Vec<Made>,
    counts: &mut Vec<u8>,
    asks: &mut Vec<Ask>,
) {
    let graph = game.graph;
    let gain = game.speed.steps() - 1;
    asks.clear();
    for (i, &(hero, dragon, _)) in from.iter().enumerate() {
        let before = made.len();
        for (step, to) in hero_moves(graph, game.speed, game.wait, hero, dragon) {
            debug_assert_ne!(to, graph.exit(), "a caught hero never reaches the exit");
            asks.push(Ask {
                key: u64::from(near(graph, to)) << 32 | u64::from(dragon.0),
                at: made.len() as u32,
                from: i as u32,
                step: step.direction(),
            });
            // Filled in below, once the reply is asked.
            made.push((to, dragon, 0, 0));
        }
        counts.push((made.len() - before) as u8);
    }
    asks.sort_unstable_by_key(|ask| (ask.key, ask.at));
    // The hero's steps towards the dragon, per position, once asked.
    let mut toward: Vec<Option<DirSet>> = Vec::new();
    for &Ask {
        at, from: i, step, ..
    } in asks.iter()
    {
        let (to, dragon, _, _) = made[at as usize];
        let (hero, _, d) = from[i as usize];
        let mut reply = None;
        let apart = game.dragon_replies_apart(dragon, to, |r| reply = Some(r));
        let reply = reply.expect("a priority rule replies once");
        // What the move gave up: read from the dragon's distance to the
        // hero's new cell when the oracle told it (one more than `d` for a
        // step away, one less towards it).
        let spent = match apart {
            Some(apart) => d + 1 - apart,
            None => {
                if toward.is_empty() {
                    toward = vec![None; from.len()];
                }
                let toward = *toward[i as usize].get_or_insert_with(|| {
                    game.hero_steps_toward(hero, dragon)
                        .expect("the dragon reaches the hero")
                });
                cost(step, toward)
            }
        };
        debug_assert!(
            apart.is_none_or(|a| {
                let toward = game.hero_steps_toward(hero, dragon).unwrap_or_default();
                d + 1 - a == cost(step, toward)
            }),
            "the distance told is the move's"
        );
        made[at as usize] = (to, reply, spent, d - gain - spent);
    }
}

/// A share of a batch for the helper's thread, and back: the positions
/// (each its hero, dragon and distance), then their moves.
#[derive(Default)]
struct Job {
    from: Vec<(CellId, CellId, u32)>,
    made: Vec<Made>,
    counts: Vec<u8>,
    /// The positions stored, and the bytes the search and the first
    /// oracle hold: the helper's oracle has the rest of the budget's room.
    stored: usize,
    others: usize,
    /// The bytes the helper's oracle holds, once the job is done.
    held: usize,
}

/// Runs `helper` on a thread of `scope`: it takes jobs, makes their moves
/// and sends them back until the search drops its sender, and then gives
/// the game back.
fn run_helper<'scope, 'a: 'scope>(
    scope: &'scope Scope<'scope, '_>,
    mut helper: Game<'a>,
    jobs: Receiver<Job>,
    back: Sender<Job>,
) -> ScopedJoinHandle<'scope, Game<'a>> {
    scope.spawn(move || {
        let mut asks = Vec::new();
        for mut job in jobs {
            // Its oracle's room, beside the search and the first oracle.
            helper.over_budget(job.stored, || job.others);
            job.made.clear();
            job.counts.clear();
            moves_made(
                &mut helper,
                &job.from,
                &mut job.made,
                &mut job.counts,
                &mut asks,
            );
            job.held = helper.ground_bytes();
            if back.send(job).is_err() {
                break;
            }
        }
        helper
    })
}

/// Makes the helper's oracle (see [`longest_line`]).
pub(super) type Helper<'a> = dyn Fn() -> Option<Box<dyn DragonOracle + Send + 'a>> + 'a;

/// Positions taken at a time: their moves' replies are all found before
/// any of them is looked up in the table.
const BATCH: usize = 256;

/// Positions taken at a time with a helper.
const SHARED_BATCH: usize = 4096;

/// The fewest positions of a batch that steer the shares (see
/// [`longest_line`]).
const STEER_FROM: usize = SHARED_BATCH / 4;

/// The positions taken before the helper is made: its oracle starts with
/// none of the first one's fields and caches, which a smaller search does
/// not win back.
const SHARED_AFTER: usize = if cfg!(test) { 1 } else { 1 << 20 };

/// The fewest positions a batch shares with the helper: handing a share
/// over and back costs some microseconds.
const SHARED_FROM: usize = if cfg!(test) { 2 } else { 64 };

/// What a move gives up (see the module's documentation): 0 for a step
/// away from the dragon, 1 for a wait (`None`), 2 for a step towards it,
/// `toward` being the hero's steps towards the dragon. A turn takes this
/// plus `N - 1` off the distance between them.
pub(super) fn cost(step: Option<Direction>, toward: DirSet) -> u32 {
    match step {
        None => 1,
        Some(d) if toward.contains(d) => 2,
        Some(_) => 0,
    }
}

/// A longest line and what finding it took.
pub(super) struct Longest {
    /// The positions of the line, the start first.
    pub(super) line: Vec<(CellId, CellId)>,
    /// Positions numbered.
    pub(super) stored: usize,
    /// Positions taken (their moves made).
    pub(super) taken: usize,
    /// Positions whose moves the helper made.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) helped: usize,
}

/// A batch of positions taken: their heroes, dragons and distances, then
/// their moves (see [`moves_made`]). The positions from `split` on are the
/// helper's share.
#[derive(Default)]
struct Batch {
    from: Vec<(CellId, CellId, u32)>,
    made: Vec<Made>,
    counts: Vec<u8>,
    split: usize,
}

/// The search's positions: numbered, waiting and taken.
struct Search {
    table: StateTable,
    /// Per position (by number).
    seen: Vec<Seen>,
    /// Per taken position: its number, then where its moves' replies start.
    order: Vec<StateId>,
    move_first: Vec<u32>,
    replies: Vec<StateId>,
    /// A move costs 0, 1 or 2: three buckets, by cost modulo 3, hold every
    /// position waiting to be taken.
    buckets: [Vec<StateId>; 3],
    /// The longest line ended so far, and the depth of the deepest
    /// position taken.
    longest: Option<u32>,
    deepest: u32,
    /// The start's distance, and what a turn takes off it beyond a move's
    /// cost (`N - 1`).
    d0: u32,
    gain: u32,
}

impl Search {
    /// The bytes the search holds.
    fn held(&self) -> usize {
        self.table.bytes() + self.table.len() * 12 + self.order.len() * 12 + self.replies.len() * 4
    }

    /// The longest a line through a position of cost `cost` can be.
    fn bound(&self, cost: u32) -> u32 {
        (self.d0 - 1).saturating_sub(cost) / self.gain
    }

    /// The depth of a position `d` apart reached at cost `cost`.
    fn depth(&self, d: u32, cost: u32) -> u32 {
        (self.d0 - d - cost) / self.gain
    }

    /// Whether no position of cost `cost` or more lies on a line longer
    /// than the longest found.
    fn done(&self, cost: u32) -> bool {
        self.longest.is_some_and(|l| self.bound(cost) < l)
    }

    /// Takes up to `size` positions of cost `c` into `batch`, or returns
    /// `false` when the budget ran out (`theirs`: the helper's oracle's
    /// bytes).
    fn take(
        &mut self,
        game: &mut Game<'_>,
        c: u32,
        size: usize,
        theirs: usize,
        batch: &mut Batch,
    ) -> bool {
        batch.from.clear();
        while batch.from.len() < size {
            let Some(s) = self.buckets[c as usize % 3].pop() else {
                break;
            };
            let at = self.seen[s as usize];
            if at.least != c || at.taken != NOT_TAKEN {
                continue; // met again at a lower cost, or taken already
            }
            if game.over_budget(self.table.len(), || self.held() + theirs) {
                return false;
            }
            self.seen[s as usize].taken = self.order.len() as u32;
            self.deepest = self.deepest.max(self.depth(at.distance, c));
            self.order.push(s);
            let (hero, dragon) = self.table.get(s);
            batch.from.push((hero, dragon, at.distance));
        }
        batch.split = batch.from.len();
        true
    }

    /// Numbers the moves of `batch`, taken at cost `c`, in one run: the
    /// table's lookups, each a likely miss of the caches, overlap when no
    /// oracle work stands between them.
    fn number(&mut self, c: u32, batch: &Batch) {
        let mut made = batch.made.iter();
        for (&(_, _, d), &count) in batch.from.iter().zip(&batch.counts) {
            if count == 0 {
                let depth = self.depth(d, c);
                self.longest = Some(self.longest.map_or(depth, |l| l.max(depth)));
            }
            for &(to, reply, spent, after) in made.by_ref().take(count as usize) {
                let (id, new) = self.table.intern(to, reply);
                let at = c + spent;
                if new {
                    self.seen.push(Seen {
                        distance: after,
                        least: at,
                        taken: NOT_TAKEN,
                    });
                    self.buckets[at as usize % 3].push(id);
                } else if at < self.seen[id as usize].least {
                    self.seen[id as usize].least = at;
                    self.buckets[at as usize % 3].push(id);
                }
                debug_assert_eq!(
                    self.seen[id as usize].distance, after,
                    "a move costs what it gives up"
                );
                self.replies.push(id);
            }
            self.move_first.push(self.replies.len() as u32);
        }
    }
}

/// The longest line from `start` against one dragon of speed 2 or more
/// under a priority rule (see the module's documentation), or `None` when
/// the budget ran out (then `game.exceeded` is set) or the dragon can never
/// reach the hero.
///
/// With `helper`, once the search is large ([`SHARED_AFTER`] positions
/// taken) a second oracle is made with it, and a share of each batch's
/// moves is made on another thread: the same line, as each oracle answers
/// exactly.
pub(super) fn longest_line<'a>(
    game: &mut Game<'a>,
    helper: Option<&Helper<'a>>,
    start: (CellId, CellId),
) -> Option<Longest> {
    debug_assert!(!game.speed.is_one(), "a dragon faster than the hero");
    let graph = game.graph;
    let d0 = graph.distance(start.0, start.1)?;
    let mut s = Search {
        table: StateTable::default(),
        seen: vec![Seen {
            distance: d0,
            least: 0,
            taken: NOT_TAKEN,
        }],
        order: Vec::new(),
        move_first: vec![0],
        replies: Vec::new(),
        buckets: [vec![0], Vec::new(), Vec::new()],
        longest: None,
        deepest: 0,
        d0,
        gain: game.speed.steps() - 1,
    };
    s.table.intern(start.0, start.1);
    let mut c = 0;
    // What the helper's oracle holds, and the positions it made moves for.
    let (mut theirs, mut helped) = (0, 0);
    let finished = std::thread::scope(|scope| {
        // The helper's thread, once started (see `run_helper`), and the
        // channels to it and back.
        let mut worker = None;
        let (to_helper, jobs) = mpsc::channel::<Job>();
        let (to_main, from_helper) = mpsc::channel::<Job>();
        let mut channels = Some((jobs, to_main));
        let mut run = || {
            let mut size = BATCH;
            // The batch's questions, target by target (see `moves_made`).
            let mut asks = Vec::new();
            // The job going to the helper and back (one at a time).
            let mut job = Job::default();
            // The batch being numbered, and the next one, taken before
            // that so that the helper makes its share meanwhile.
            let (mut now, mut next) = (Batch::default(), Batch::default());
            let mut ahead = false;
            // The search's thread's share of a batch's moves, in 64ths: it
            // also numbers every move, so it makes fewer of them.
            let mut mine = 32;
            // Whether the longest line is found (the batch taken ahead is
            // still numbered).
            let mut found = false;
            // Sends the helper's share of `batch`, when there is a helper
            // and the batch is large enough to share.
            let share = |batch: &mut Batch, job: &mut Job, mine: usize, s: &Search, game: &Game| {
                let n = batch.from.len();
                batch.split = if n >= SHARED_FROM { n * mine / 64 } else { n };
                if batch.split == n {
                    return true;
                }
                job.from.clear();
                job.from.extend_from_slice(&batch.from[batch.split..]);
                job.stored = s.table.len();
                job.others = s.held() + game.ground_bytes();
                to_helper.send(std::mem::take(job)).is_ok()
            };
            'costs: while s.buckets.iter().any(|b| !b.is_empty()) {
                loop {
                    if ahead {
                        std::mem::swap(&mut now, &mut next);
                        ahead = false;
                    } else if found {
                        break 'costs;
                    } else {
                        if !s.take(game, c, size, theirs, &mut now) {
                            return false;
                        }
                        if now.from.is_empty() {
                            break;
                        }
                        if worker.is_none() && s.order.len() >= SHARED_AFTER {
                            if let (Some(make), Some((jobs, to_main))) = (helper, channels.take()) {
                                worker = make().map(|oracle| {
                                    run_helper(scope, game.helper(oracle), jobs, to_main)
                                });
                                if worker.is_some() {
                                    size = SHARED_BATCH;
                                }
                            }
                        }
                        if worker.is_some() && !share(&mut now, &mut job, mine, &s, game) {
                            return false; // the helper's thread panicked (raised below)
                        }
                    }
                    // The batch's moves and the dragon's replies (the
                    // oracle's work): this thread's share, then the
                    // helper's, if it has one.
                    now.made.clear();
                    now.counts.clear();
                    moves_made(
                        game,
                        &now.from[..now.split],
                        &mut now.made,
                        &mut now.counts,
                        &mut asks,
                    );
                    if now.split < now.from.len() {
                        // Whichever thread waited for the other gets more of
                        // the next full batch (small ones weigh the handing
                        // over more than the work).
                        let steer = now.from.len() >= STEER_FROM;
                        let back = match from_helper.try_recv() {
                            Ok(back) => {
                                mine -= usize::from(steer && mine > 1);
                                back
                            }
                            Err(mpsc::TryRecvError::Empty) => {
                                mine += usize::from(steer && mine < 63);
                                match from_helper.recv() {
                                    Ok(back) => back,
                                    Err(_) => return false,
                                }
                            }
                            Err(mpsc::TryRecvError::Disconnected) => return false,
                        };
                        job = back;
                        theirs = job.held;
                        helped += job.from.len();
                        now.made.extend_from_slice(&job.made);
                        now.counts.extend_from_slice(&job.counts);
                    }
                    // With a helper, the next batch of this cost is taken
                    // now (nothing numbered below can lower a cost of `c`),
                    // so that its share is made while this one is numbered.
                    if worker.is_some() && !found {
                        if !s.take(game, c, size, theirs, &mut next) {
                            return false;
                        }
                        if !next.from.is_empty() {
                            if !share(&mut next, &mut job, mine, &s, game) {
                                return false;
                            }
                            ahead = true;
                        }
                    }
                    s.number(c, &now);
                    found = s.done(c);
                }
                c += 1;
                if let Some(progress) = game.progress {
                    // A line goes on from every position taken until the hero is
                    // caught; every position below cost `c` is taken, so a line
                    // longer than the longest found ends on one of cost `c` or more.
                    let l = s.longest.unwrap_or(0);
                    progress.survival(s.deepest as usize, l.max(s.bound(c)) as usize);
                }
                if s.done(c) {
                    break;
                }
            }
            true
        };
        let finished = run();
        // The helper's thread ends once its sender is gone; its game's
        // work is taken back, or its panic raised again.
        drop(to_helper);
        if let Some(worker) = worker {
            match worker.join() {
                Ok(helper) => game.join(helper),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        finished
    });
    if !finished {
        return None;
    }
    game.record(s.table.len(), s.held());
    let Search {
        table,
        seen,
        order,
        move_first,
        mut replies,
        longest,
        ..
    } = s;
    if let (Some(progress), Some(longest)) = (game.progress, longest) {
        progress.survival(longest as usize, longest as usize);
    }
    // Values, children first: every move lowers the distance. The taken
    // positions are ranked by distance (a counting sort: the distances run
    // from 1 to the start's), each reply becomes its position's rank in
    // one pass ([`NOT_TAKEN`] for one not taken, worth a loss at once), and
    // the values are worked out rank by rank, each read straight from the
    // ranks below (not through `seen`: a third less time on a line of
    // 11 M positions).
    let mut first = vec![0u32; d0 as usize + 2];
    for &s in &order {
        first[seen[s as usize].distance as usize + 1] += 1;
    }
    for d in 1..first.len() {
        first[d] += first[d - 1];
    }
    let mut by_distance = vec![0u32; order.len()];
    let mut rank = vec![0u32; order.len()];
    for (i, &s) in order.iter().enumerate() {
        let at = &mut first[seen[s as usize].distance as usize];
        by_distance[*at as usize] = i as u32;
        rank[i] = *at;
        *at += 1;
    }
    for reply in &mut replies {
        *reply = match seen[*reply as usize].taken {
            NOT_TAKEN => NOT_TAKEN,
            i => rank[i as usize],
        };
    }
    let start_rank = rank[0];
    drop((seen, rank));
    let moves_of =
        |i: u32| &replies[move_first[i as usize] as usize..move_first[i as usize + 1] as usize];
    let mut value = vec![0u32; order.len()];
    let worth = |value: &[u32], r: u32| match r {
        NOT_TAKEN => 1,
        r => value[r as usize] + 1,
    };
    for (k, &i) in by_distance.iter().enumerate() {
        value[k] = moves_of(i)
            .iter()
            .map(|&r| worth(&value, r))
            .max()
            .unwrap_or(0);
    }
    debug_assert_eq!(
        Some(value[start_rank as usize]),
        longest,
        "the values agree with the search"
    );
    let mut line = vec![start];
    let mut i = 0;
    loop {
        let best = moves_of(i)
            .iter()
            .map(|&r| (worth(&value, r), r))
            .reduce(|a, b| if b.0 > a.0 { b } else { a });
        let Some((_, next)) = best else { break };
        if next == NOT_TAKEN {
            debug_assert!(false, "a longest line leaves the positions taken");
            return None;
        }
        i = by_distance[next as usize];
        line.push(table.get(order[i as usize]));
    }
    Some(Longest {
        line,
        stored: table.len(),
        taken: order.len(),
        helped,
    })
}
