//! The backward analyses over numbered positions, for every rule set: the
//! explicit game graph ([`Tree`]), the adversarial valuation
//! ([`guaranteed`]), the longest survival ([`survival`]) and the deepening
//! loop that bounds what they explore ([`deepen`]).
//!
//! A [`Tree`] holds every position reachable from the start (within a
//! bound), each hero move from it and each dragon reply to that move, in
//! flat `Vec`s (compressed sparse rows). It does not care what a position
//! is: the official game numbers (hero, dragon) pairs in the pair search's
//! dense table ([`Pairs`]), the general engine numbers whole positions
//! (several dragons, keys and doors: [`Wide`]), and both reach their moves
//! through the one turn of [`super::turn`].

mod endless;
pub(super) mod guaranteed;
mod kinds;
pub(super) mod proof;
pub(super) mod survival;

pub(super) use self::kinds::{Kind, Pairs, Wide};

use super::position::{StateId, Table};
use super::rules::Ties;
use super::solution::{Ending, Stats};
use super::turn::Game;
use crate::graph::CellId;

/// Marks a position whose value is not (yet) known.
pub(super) const UNRESOLVED: u32 = u32::MAX;

/// Stands, among a move's replies, for a position left out by the bound of
/// [`Tree::explore`]: it is never resolved.
pub(super) const OUTSIDE: StateId = StateId::MAX;

/// The explored game.
pub(super) struct Tree<T> {
    pub(super) table: T,
    /// Moves of position `s` are `move_first[s]..move_first[s + 1]`.
    move_first: Vec<u32>,
    /// Replies of move `m` are `reply_first[m]..reply_first[m + 1]`; a move
    /// onto the exit has none and is marked in `escapes`.
    reply_first: Vec<u32>,
    pub(super) escapes: Vec<bool>,
    hero_to: Vec<u32>,
    replies: Vec<StateId>,
    /// Whether the bound left any position out.
    pub(super) pruned: bool,
}

impl<T: Table> Tree<T> {
    /// Explores every position of `kind` reachable from `start` under
    /// `game`'s tie rule (every shortest step for the adversarial and
    /// optimistic rules), breadth first.
    ///
    /// With `bound = Some((b, exit_distance))`, a position first reached in
    /// g moves is left out (as [`OUTSIDE`]) when g plus its hero's
    /// dragon-free distance to the exit (every door open) exceeds b: no
    /// line of at most b moves passes it. The replies to a move onto such
    /// a cell are all left out, so they are not asked: the move keeps one
    /// [`OUTSIDE`] for them.
    pub(super) fn explore<K: Kind<Table = T, Position = T::Position>>(
        game: &mut Game<'_>,
        kind: &K,
        start: T::Position,
        bound: Option<(u32, &[u32])>,
    ) -> Tree<T> {
        Self::explore_from(game, kind, [start], bound)
    }

    /// [`Tree::explore`] from every position of `starts` at once, numbered
    /// first in their order (a start met twice is one position).
    pub(in crate::search) fn explore_from<K: Kind<Table = T, Position = T::Position>>(
        game: &mut Game<'_>,
        kind: &K,
        starts: impl IntoIterator<Item = T::Position>,
        bound: Option<(u32, &[u32])>,
    ) -> Tree<T> {
        let exit = game.graph.exit();
        let mut tree = Tree::empty(kind.table());
        // Positions are numbered in discovery order, so the table is the
        // queue and `depth` is each position's least depth.
        let mut depth: Vec<u32> = Vec::new();
        for start in starts {
            if tree.table.intern(start).1 {
                depth.push(0);
            }
        }
        let held = |tree: &Tree<T>, depth: &[u32]| tree.bytes() + size_of_val(depth);
        let mut moves = Vec::with_capacity(5);
        let mut next: StateId = 0;
        while (next as usize) < tree.table.len() {
            if game.over_budget(tree.table.len(), || held(&tree, &depth)) {
                break;
            }
            let at = tree.table.get(next);
            let g = depth[next as usize] + 1;
            next += 1;
            moves.clear();
            kind.moves(game, &at, &mut moves);
            for (to, moved) in moves.drain(..) {
                tree.hero_to.push(to.0);
                tree.escapes.push(to == exit);
                let outside = bound.is_some_and(|(b, h)| g + h[to.index()] > b);
                if to == exit {
                    // An escape: the dragons do not reply.
                } else if outside {
                    // Every reply leaves the hero on `to`, so every one is
                    // left out: one OUTSIDE stands for them all, without
                    // asking the oracle (a move always has a reply: a
                    // dragon with no step towards the hero stays).
                    debug_assert!(
                        {
                            let mut any = false;
                            kind.replies(game, &moved, |_| any = true);
                            any
                        },
                        "a move has a reply"
                    );
                    tree.pruned = true;
                    tree.replies.push(OUTSIDE);
                } else {
                    let (table, replies) = (&mut tree.table, &mut tree.replies);
                    let first = replies.len();
                    kind.replies(game, &moved, |reply| {
                        let (id, new) = table.intern(reply);
                        if new {
                            depth.push(g);
                        }
                        // Dragons that merge may leave one position twice.
                        if !replies[first..].contains(&id) {
                            replies.push(id);
                        }
                    });
                }
                tree.reply_first.push(tree.replies.len() as u32);
            }
            tree.move_first.push(tree.escapes.len() as u32);
        }
        game.record(tree.table.len(), held(&tree, &depth));
        tree
    }

    /// The bytes the tree holds, and those its retrograde analyses
    /// (`guaranteed`, `survival`) will add: per position a value, a queue
    /// entry and the first of its reverse links; per move its owner and its
    /// pending replies; per reply a reverse link.
    fn bytes(&self) -> usize {
        let (positions, moves, replies) = (self.len(), self.escapes.len(), self.replies.len());
        self.table.bytes() + positions * (4 + 12) + moves * (4 + 4 + 1 + 8) + replies * (4 + 4)
    }

    /// A tree of no positions in `table`.
    pub(super) fn empty(table: T) -> Tree<T> {
        Tree {
            table,
            move_first: vec![0],
            reply_first: vec![0],
            escapes: Vec::new(),
            hero_to: Vec::new(),
            replies: Vec::new(),
            pruned: false,
        }
    }

    /// The table that numbers the positions, the rest let go.
    pub(super) fn into_table(self) -> T {
        self.table
    }

    /// The number of positions.
    pub(super) fn len(&self) -> usize {
        self.table.len()
    }

    /// The moves of position `s`, in the official order.
    pub(super) fn moves(&self, s: StateId) -> std::ops::Range<usize> {
        self.move_first[s as usize] as usize..self.move_first[s as usize + 1] as usize
    }

    /// The dragons' replies to move `m`, in order.
    pub(super) fn replies(&self, m: usize) -> &[StateId] {
        &self.replies[self.reply_first[m] as usize..self.reply_first[m + 1] as usize]
    }

    /// The hero's cell after move `m`.
    pub(super) fn hero_to(&self, m: usize) -> CellId {
        CellId(self.hero_to[m])
    }

    /// The position each move is made from.
    pub(super) fn owners(&self) -> Vec<StateId> {
        (0..self.len() as StateId)
            .flat_map(|s| self.moves(s).map(move |_| s))
            .collect()
    }

    /// For each position, the moves that have it as a reply, in CSR form:
    /// `(first, moves)` with position `s`'s at `moves[first[s]..first[s + 1]]`.
    pub(super) fn reverse(&self) -> (Vec<u32>, Vec<u32>) {
        let states = self.len();
        let mut first = vec![0u32; states + 1];
        for &r in self.replies.iter().filter(|&&r| r != OUTSIDE) {
            first[r as usize + 1] += 1;
        }
        for i in 0..states {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut moves = vec![0u32; first[states] as usize];
        for m in 0..self.escapes.len() {
            for &r in self.replies(m).iter().filter(|&&r| r != OUTSIDE) {
                moves[fill[r as usize] as usize] = m as u32;
                fill[r as usize] += 1;
            }
        }
        (first, moves)
    }
}

/// A game the hero cannot win: the whole game and every position's escape
/// value, for the survival line (an empty tree when the search stopped at
/// its budget); or, when the line was not asked for, shown lost on a tree
/// cut short by a bound, with whether the hero can run forever.
pub(super) enum Lost<T> {
    /// The whole game and its values.
    Whole(Box<(Tree<T>, Vec<u32>)>),
    /// Decided without the whole game.
    Decided {
        /// Whether the hero can run forever.
        endless: bool,
    },
}

/// How [`deepen`] starts and stops.
#[derive(Clone, Copy, Debug)]
pub(super) struct Deepening {
    /// The first bound: a lower bound on the answer.
    pub(super) first: u32,
    /// The longest any line lasts, when the game has a horizon.
    pub(super) horizon: Option<u32>,
    /// Whether a lost game's whole tree is wanted, for the survival line.
    pub(super) whole: bool,
}

/// The adversarial analysis by iterative deepening, for every rule set:
/// explore only the positions that a line of at most `bound` moves can
/// pass, from `first` up (by growing steps), until the hero can guarantee
/// an escape within the bound, or until nothing was left out (then it
/// cannot). Left-out positions count as lost, so a line found in a pruned
/// tree is only an upper bound on the answer: exact when it fits the bound
/// (every line of at most `bound` moves was explored), otherwise a shorter
/// line may pass positions the bound left out. But no line of at most
/// `bound` moves escapes then (the tree holds every position such a line
/// passes), so a line one longer is exact too, or two longer without
/// waiting: every escape has the parity of the start's free distance (the
/// grid is bipartite), and so does the line found.
///
/// `first` may be any lower bound on the answer: the free distance, or the
/// answer under a priority rule (a choosing dragon may play like it).
/// `horizon`, when the game has one (a faster dragon: see
/// `search::horizon`), is the longest any line lasts: the bound is never
/// raised past it, and a game with no escape within it is lost and finite.
///
/// When the start is lost however the left-out positions go
/// ([`guaranteed::lost_at_any_bound`]), the game is lost: without `whole`
/// (no survival line asked for), whether it is endless may be read off
/// the same tree ([`survival::endless_at_any_bound`]); otherwise, or if
/// it cannot, the whole game is explored next.
///
/// Returns the line of positions against the dragons' worst replies (the
/// start first, the last on the exit), or why the hero cannot force an
/// escape.
pub(super) fn deepen<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    start: K::Position,
    exit_distance: &[u32],
    Deepening {
        first,
        horizon,
        whole,
    }: Deepening,
    stats: &mut Stats,
) -> Result<Vec<K::Position>, Lost<K::Table>> {
    let mut bound = first.min(horizon.unwrap_or(u32::MAX));
    let mut raise = 2;
    // The least a line can be longer than another (see below).
    let next = step(game);
    loop {
        let tree = Tree::explore(game, kind, start, Some((bound, exit_distance)));
        if game.exceeded {
            stats.states_expanded += tree.len() as u64;
            return Err(Lost::Whole(Box::new((tree, Vec::new()))));
        }
        match guaranteed::search(&tree, stats) {
            Ok(line) if !tree.pruned || line.len() - 1 <= (bound + next) as usize => {
                return Ok(line);
            }
            Ok(line) => bound = (line.len() - 1) as u32,
            Err(value) if !tree.pruned => return Err(Lost::Whole(Box::new((tree, value)))),
            Err(_)
                if horizon.is_some_and(|h| bound >= h) || guaranteed::lost_at_any_bound(&tree) =>
            {
                // A finite game is never endless.
                let endless = match horizon {
                    Some(_) => Some(false),
                    None => survival::endless_at_any_bound(&tree),
                };
                let decided = endless.filter(|_| !whole);
                if let Some(endless) = decided {
                    return Err(Lost::Decided { endless });
                }
                // The whole game next, for the survival line.
                bound = u32::MAX;
            }
            Err(_) => {
                bound = bound.saturating_add(raise).min(horizon.unwrap_or(u32::MAX));
                raise = raise.saturating_mul(2);
            }
        }
    }
}

/// The least two escapes from one position can differ in `game`: two
/// without waiting (every line has the parity of the hero's free distance:
/// the grid is bipartite), one with it.
pub(super) fn step(game: &Game<'_>) -> u32 {
    if game.wait { 1 } else { 2 }
}

/// How many positions the adversarial analysis's quick try may store: at
/// least this, or two per cell of the map.
const QUICK: usize = 1 << 16;

/// How much work (positions worked out) the proof search may do before the
/// retrograde analysis takes over: at least this, or [`PROOF_PER_CELL`] a
/// cell.
const PROOF_WORK: u64 = 1 << 23;

/// The proof search's work a cell of the map, past [`PROOF_WORK`]. Where
/// the proof search gets that far the analysis is the dearer of the two:
/// on an open room of 501 tiles a side with pillars, hero and exit in
/// opposite corners and the dragon in a third, a proof takes about 10 M
/// positions (14 to 18 s on five maps), and the analysis it gave way to at
/// 8.4 M had no answer after 300 s. Four a cell had been the share; 64
/// a cell lets that proof through (15 M at 501), at about 1.5 µs a
/// position at most 100 µs a cell where it fails.
const PROOF_PER_CELL: u64 = 64;

/// The most extra moves over its first bound the proof search tries (its
/// work is bounded anyway): on open rooms the guaranteed escape can be 20
/// moves longer than the default rule's (458 against 438 on one room map of
/// 201 tiles a side), and each bound it disproves is one the analysis need
/// not explore.
const PROOF_DETOUR: u32 = 64;

impl Plan {
    /// The plan on a map of `cells` cells: the quick try and the proof
    /// search's work grow with the map.
    pub(super) fn new(cells: usize, prove: bool, horizon: Option<u32>, whole: bool) -> Plan {
        Plan {
            quick: QUICK.max(2 * cells),
            prove,
            proof_work: PROOF_WORK.max(PROOF_PER_CELL * cells as u64),
            proof_detour: PROOF_DETOUR,
            horizon,
            whole,
        }
    }
}

/// How the adversarial search goes: see [`guarantee`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// The positions the quick try may store.
    pub(super) quick: usize,
    /// Whether the proof search may stand in for the analysis.
    pub(super) prove: bool,
    /// The work (positions worked out) the proof search may do.
    pub(super) proof_work: u64,
    /// The most moves over its first bound the proof search tries.
    pub(super) proof_detour: u32,
    /// The longest any line lasts, when the game has a horizon.
    pub(super) horizon: Option<u32>,
    /// Whether a lost game's whole tree is wanted, for the survival line.
    pub(super) whole: bool,
}

/// The adversarial search, for every rule set, in stages that keep the
/// cheap cases cheap. The retrograde analysis ([`deepen`]) is fastest where
/// the positions a short line can pass are few, as in mazes: it first runs
/// from the free distance within `plan.quick` positions. Past them,
/// `first_bound` gives a better first bound (the default rule's line,
/// `None` when that rule catches the hero: see `search::dispatch`); with `plan.prove`, when the hero walking the
/// default rule's line escapes against every choice of the dragons
/// ([`escapes_every_reply`], within the proof search's work), that line
/// is the answer, and so is a walk straight to the exit that escapes
/// every choice ([`straight_escape`]) when the default answer is the free
/// distance; else a depth-first proof search ([`proof`]), which stores
/// about one position per position its strategy meets, tries bounds from
/// there up within a fixed amount of work; if it gives up, or without it,
/// the analysis runs within the whole budget, from the first bound the
/// proof search did not disprove.
///
/// Returns the line of positions against the dragons' worst replies, or
/// why the hero cannot force an escape.
pub(super) fn guarantee<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    start: K::Position,
    exit_distance: &[u32],
    plan: Plan,
    first_bound: impl FnOnce(&mut Game<'_>, &mut Stats) -> Option<Vec<K::Position>>,
    stats: &mut Stats,
) -> Result<Vec<K::Position>, Lost<K::Table>>
where
    K::Position: std::hash::Hash + Eq,
{
    let free = exit_distance[K::hero(&start).index()];
    let deepening = |first| Deepening {
        first,
        horizon: plan.horizon,
        whole: plan.whole,
    };
    game.max_positions = plan.quick;
    let tried = deepen(game, kind, start, exit_distance, deepening(free), stats);
    game.max_positions = usize::MAX;
    if !game.exceeded || game.stopped {
        return tried;
    }
    game.exceeded = false;
    drop(tried);
    let line = first_bound(game, stats);
    let mut first = line
        .as_ref()
        .map_or(u32::MAX, |line| (line.len() - 1) as u32)
        .max(free);
    if let Some(line) = line.filter(|_| plan.prove && !game.exceeded) {
        let work = plan.proof_work as usize;
        let proved = if escapes_every_reply(game, kind, &line, work) {
            Some(line)
        } else if first == free {
            straight_escape(game, kind, start, exit_distance, work)
        } else {
            None
        };
        if let Some(line) = proved {
            stats.method = super::solution::Method::Proof;
            return Ok(line);
        }
    }
    if plan.prove && first != u32::MAX && !game.exceeded {
        let mut prover = proof::Prover::new(kind, exit_distance, plan.proof_work);
        let step = step(game);
        let last = first
            .saturating_add(plan.proof_detour)
            .min(plan.horizon.unwrap_or(u32::MAX));
        let mut bound = first;
        let proved = loop {
            match prover.proves(game, start, bound) {
                Some(true) => break prover.line(game, start, bound),
                // Disproved: the answer is longer (by the parity of the
                // moves, a step longer at least), and the analysis below
                // need not explore for this bound again.
                Some(false) => {
                    first = bound + step;
                    if bound + step > last {
                        break None;
                    }
                    bound += step;
                }
                None => break None,
            }
        };
        stats.states_expanded += prover.expanded;
        stats.states_stored = stats.states_stored.max(prover.len() as u64);
        if let Some(line) = proved {
            stats.method = super::solution::Method::Proof;
            return Ok(line);
        }
        if game.exceeded {
            return Err(Lost::Whole(Box::new((
                Tree::empty(kind.table()),
                Vec::new(),
            ))));
        }
    }
    deepen(game, kind, start, exit_distance, deepening(first), stats)
}

/// Whether the hero, walking the cells of `line` (a line of play from its
/// first position to the exit) whatever the dragons do, makes a legal move
/// every turn and reaches the exit, against every choice of the dragons
/// (see [`every_choice`]).
///
/// If so, and `line` is the default rule's answer, it is the adversarial
/// answer too, and a line of it: no choosing dragon does better than
/// this one walk of the hero's, and none does worse than the rule (a
/// choosing dragon may play it). Each of its positions is worth the moves
/// left (the rule's line from there is its shortest, and the walk still
/// holds from it), so each of the rule's replies is a worst one.
pub(in crate::search) fn escapes_every_reply<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    line: &[K::Position],
    work: usize,
) -> bool
where
    K::Position: std::hash::Hash + Eq,
{
    let mut moves = Vec::new();
    every_choice(game, kind, line[0], work, |game, at, turn| {
        let to = K::hero(line.get(turn + 1)?);
        moves.clear();
        kind.moves(game, at, &mut moves);
        moves.iter().find(|&&(cell, _)| cell == to).copied()
    })
}

/// Whether the hero, moving by `strategy` (its move from a position at a
/// turn, `None` if it has none), reaches the exit against every choice of
/// the dragons: worked out over the set of positions their choices may
/// lead to, turn by turn, giving up (`false`) past `work` positions in
/// all, or past the memory budget (then `game.exceeded` is set).
fn every_choice<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    start: K::Position,
    work: usize,
    mut strategy: impl FnMut(&Game<'_>, &K::Position, usize) -> Option<(CellId, K::Position)>,
) -> bool
where
    K::Position: std::hash::Hash + Eq,
{
    let exit = game.graph.exit();
    let mut set: Vec<K::Position> = vec![K::canonical(start)];
    let mut next: rustc_hash::FxHashSet<K::Position> = rustc_hash::FxHashSet::default();
    let (mut turn, mut done) = (0, 0);
    while !set.is_empty() {
        next.clear();
        for at in &set {
            let Some((to, moved)) = strategy(game, at, turn) else {
                return false;
            };
            if to != exit {
                kind.replies(game, &moved, |reply| {
                    next.insert(K::canonical(reply));
                });
            }
            // The next turn's set is weighed as it grows: past the work
            // the try gives up, past the budget the solve stops.
            if done + set.len() + next.len() > work {
                return false;
            }
            let bytes = || {
                crate::search::memory::hash_table(
                    next.len(),
                    next.capacity(),
                    size_of::<K::Position>(),
                ) + set.capacity() * size_of::<K::Position>()
            };
            if game.over_budget(next.len(), bytes) {
                return false;
            }
        }
        // (The set fit within the work: checked with its last position.)
        done += set.len();
        set.clear();
        set.extend(next.iter().copied());
        turn += 1;
    }
    true
}

/// The hero's move from `at` that walks straight on: its first legal move,
/// in the official order, onto a cell one step nearer the exit.
fn straight_move<K: Kind>(
    game: &Game<'_>,
    kind: &K,
    at: &K::Position,
    exit_distance: &[u32],
    moves: &mut Vec<(CellId, K::Position)>,
) -> Option<(CellId, K::Position)> {
    moves.clear();
    kind.moves(game, at, moves);
    let nearer = exit_distance[K::hero(at).index()].checked_sub(1)?;
    moves
        .iter()
        .find(|&&(to, _)| exit_distance[to.index()] == nearer)
        .copied()
}

/// A line of the free distance's length that the hero walks straight on
/// ([`straight_move`] every turn) against every choice of the dragons,
/// if that walk escapes against each ([`every_choice`]). No escape is
/// shorter than the free distance, so such a line is the adversarial
/// answer; every position on it is worth the moves left (the walk escapes
/// from each in that many), so any reply is a worst one, and the line
/// takes the first.
pub(in crate::search) fn straight_escape<K: Kind>(
    game: &mut Game<'_>,
    kind: &K,
    start: K::Position,
    exit_distance: &[u32],
    work: usize,
) -> Option<Vec<K::Position>>
where
    K::Position: std::hash::Hash + Eq,
{
    let exit = game.graph.exit();
    let mut moves = Vec::new();
    let walks = every_choice(game, kind, start, work, |game, at, _| {
        straight_move(game, kind, at, exit_distance, &mut moves)
    });
    if !walks {
        return None;
    }
    // The walk escapes against every reply: play it against the first.
    let mut line = vec![start];
    let mut at = start;
    loop {
        let (to, moved) = straight_move(game, kind, &at, exit_distance, &mut moves)?;
        if to == exit {
            line.push(moved);
            return Some(line);
        }
        let mut first = None;
        kind.replies(game, &moved, |reply| {
            first.get_or_insert(reply);
        });
        at = first.expect("the dragons always reply");
        line.push(at);
    }
}

/// How a caught hero's line ends and the line itself, from what the search
/// left (`lost`, `None` after a best-first search that found no escape):
/// the survival line over the whole game, or without `line` only whether
/// it is endless (`Ending::Skipped`). A `finite` game (a faster dragon's
/// horizon) is never endless. `pruned` is `kind` with the dead-end rule,
/// which keeps the endless answer (see [`survival::endless`]). `None` when
/// the exploration outgrew the budget.
#[allow(
    clippy::too_many_arguments,
    reason = "what a caught game's ending depends on"
)]
pub(super) fn caught<K: Kind>(
    game: &mut Game<'_>,
    (kind, pruned): (&K, &K),
    start: K::Position,
    lost: Option<Lost<K::Table>>,
    finite: bool,
    line: bool,
    stats: &mut Stats,
) -> Option<(Vec<K::Position>, Ending)> {
    let skipped = |endless| (Vec::new(), Ending::Skipped { endless });
    let played = |(line, endless)| {
        let ending = if endless {
            Ending::Endless
        } else {
            Ending::Stuck
        };
        (line, ending)
    };
    Some(match lost {
        Some(Lost::Whole(lost)) => {
            let (tree, value) = &*lost;
            played(survival::longest_line(tree, Some(value)))
        }
        Some(Lost::Decided { endless }) => skipped(endless),
        None if finite && !line => skipped(false),
        // One reply to each move: a search for a cycle tells (see
        // `endless`), without the whole tree.
        None if !line && matches!(game.ties, Ties::Priority(_)) => {
            let endless = match pruned.endless_by_bits(game, start, stats) {
                Some(endless) => endless,
                None => endless::endless(game, pruned, start, stats),
            };
            skipped(endless?)
        }
        None => {
            let tree = Tree::explore(game, if line { kind } else { pruned }, start, None);
            if game.exceeded {
                // A tree cut short has positions without moves: the
                // survival analysis needs it whole.
                return None;
            }
            stats.states_stored = stats.states_stored.max(tree.len() as u64);
            stats.states_expanded += tree.len() as u64;
            if line {
                played(survival::longest_line(&tree, None))
            } else {
                skipped(survival::endless(&tree))
            }
        }
    })
}
