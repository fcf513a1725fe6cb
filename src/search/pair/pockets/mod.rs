//! Why the search may jump over a dragon's walk towards a cut cell.
//!
//! A *cut cell* `c` is a free cell whose removal splits the map. Root the
//! map at the exit: the cells that reach the exit only through `c` form,
//! with `c`, its *pocket* `S(c)` (see [`super::cuts`]). The exit is in no
//! pocket but its own.
//!
//! **Rule.** Let the hero stand on `h` in `S(c)`, not on `c`, and the
//! dragon on `d` outside `S(c)`, `T >= 2` steps from `c`. Under a priority
//! tie rule at the official speed, without waiting, the shortest escape
//! from `(h, d)` is the least of
//!
//! - `T` plus the shortest escape from `(x, c)`, over every cell `x ≠ c` of
//!   `S(c)` that a walk of exactly `T` steps inside `S(c)` reaches from `h`
//!   (its distance inside `S(c)` is at most `T`, with the same parity);
//! - `t₀` plus the shortest escape from `(c, d_{t₀})`, when the hero's
//!   distance `t₀` to `c` is below `T`, with `d_t` the dragon's cell after
//!   `t` turns.
//!
//! So the search may replace the hero's moves from `(h, d)` by these jumps,
//! and never store the positions in between: the dragon's walk towards the
//! pocket, times every cell the hero may wander to meanwhile.
//!
//! **Why.** Every path from the dragon's side into `S(c)` passes `c`, so
//! for a cell `n` outside `S(c)` and any `x` in it,
//! `dist(n, x) = dist(n, c) + dist(c, x)`: the dragon's shortest steps
//! towards the hero are its shortest steps towards `c`, and the priority
//! rule picks the same one. While the hero stays in `S(c)` the dragon walks
//! `d = d_0, d_1, …, d_T = c` whatever the hero does, one step closer to
//! `c` a turn. Before its last step the dragon is at least two steps from
//! `c`, and the cells of `S(c)` other than `c` touch only `S(c)`, so the
//! hero's `t`-th step may go anywhere in `S(c)` for `t < T`, and anywhere
//! but `c` at `t = T`. The grid is bipartite, so a walk of exactly `T`
//! steps from `h` to `x` exists if and only if the distance is at most `T`
//! with the same parity (walk there, then step back and forth). Hence each
//! jump is a legal line of play. Conversely, take an escape from `(h, d)`.
//! The exit is outside `S(c)`, and the hero can leave `S(c)` only from `c`.
//! If it does not step out within the first `T` turns, it stands after `T`
//! turns on a cell `x ≠ c` of `S(c)` with the dragon on `c`: a jump of the
//! first kind. If it first steps out from `c` after `t < T` turns, then
//! `t ≥ t₀` with the same parity, and from `(c, d_{t₀})` the hero can step
//! back and forth between `c` and a neighbour in `S(c)` until `(c, d_t)`
//! (it stands on `c` only at turns before `T`), so the second jump's line
//! is no longer. Either way a jump starts a line no longer than the escape.
//!
//! **With the dead-end rule** ([`super::hanging`]), the walks leave out the
//! steps deeper into a branch whose attachment is in `S(c)`: the dragon is
//! outside `S(c)` at each of the hero's steps, so that rule leaves them out
//! at every one, and some shortest escape takes none of them.
//!
//! A search that takes the jumps as moves of cost `T` or `t₀` stays exact
//! with the free distance as heuristic: it stays consistent, as it changes
//! by at most a jump's cost.
//!
//! **The way out** takes `t₀ = e(h) − e(c)` turns, with `e` the free
//! distance to the exit: every way from `h` to the exit passes `c`, and a
//! shortest one never steps deeper into a dead end.
//!
//! **Pockets in a dead-end tree.** When `c` is not in the core (see
//! [`super::hanging`]), `S(c)` is a tree, and a hero still in it when the
//! dragon stands on `c` never escapes: it can leave only through `c`, and
//! in a tree the dragon steps one deeper towards it every turn, never
//! letting it by, until it has no legal move. So only the way out is a
//! jump there.
//!
//! **Arrivals.** The jumps of the first kind land when the dragon reaches
//! `c`: at turn `A = g + T` for a position reached in `g` moves. Jumps that
//! share `c` and `A` form an *arrival*, and every position `(x, c)` an
//! arrival lands on has g = `A`, whichever jump gets there, and f = `A +
//! e(x)`. So:
//!
//! - Each jump spreads breadth first from its hero's cell, a cell `x` with
//!   `s = T − dist(h, x)` turns to spare, and stops at cells the arrival
//!   reached before with `s` or more to spare: whatever a walk reaches from
//!   there with fewer turns left, the earlier jump reached with more, and
//!   with the same parity (the landings all have the colour of `c` shifted
//!   by `A`: every hero move changes colour). On the sparse braids nearly
//!   every jump but an arrival's first stops at once, so an arrival keeps
//!   a map of turns to spare only once a jump gets past its own cell;
//!   until then the first jump's spreading, done again if need be, tells.
//!   Most of those jumps start on the first jump's own cell, with no more
//!   turns: they are dropped as they come, without being kept until the
//!   spreading.
//! - An arrival spreads only when the search's f reaches the least f its
//!   landings may have. A landing `x` of a jump from `h` lies at least
//!   `max(1, t₀ − T)` from `c` (`x ≠ c`, and `dist(c, x) ≥ dist(c, h) −
//!   dist(h, x)`), so its f is at least that of the position jumped from:
//!   the search stays in order. On a map the hero crosses directly, that
//!   f never comes, and the arrival costs nothing.
//! - The first jump's landings are then handed to the search a distance
//!   from `c` at a time, when the search's f reaches theirs, instead of
//!   queued all at once: most lie beyond the answer. The few a later jump
//!   adds are queued as jumps of their own.
//!
//! **Positions an arrival's first jump covers.** Let the first jump of the
//! arrival `(c, A)` start from `(h, d₁)` at g₁, and let a new position
//! `(h, d)` at g have `c` as its pocket too, with `T = dist(d, c) >= 2`
//! turns and `g + T = A`: the same hero cell, the same arrival. If `d` is
//! a cut cell that every path from `d₁` to `c` passes, the search need not
//! store `(h, d)`: the game reaches it from `(h, d₁)` in `g − g₁` moves,
//! so every escape from it is one from `(h, d₁)`, as long in all, and the
//! search already covers those. Indeed, from `(h, d₁)` the dragon walks
//! towards `c` whatever the hero does inside the pocket, one step closer a
//! turn, along shortest paths, which all pass `d`, at `dist(d₁, c) −
//! dist(d, c) = (A − g₁) − (A − g) = g − g₁` steps from `d₁`. Meanwhile
//! the hero steps back and forth between `h` and a neighbour in the pocket
//! (`g − g₁` is even: a cell is reached at turns of one parity), never
//! next to the dragon, which stays `T` or more steps from `c`. Without the
//! cut cell the rule would be wrong: a dragon that comes round a loop the
//! other way reaches `c` at the same turn from another side, and the hero
//! may slip out where the first dragon would block it. The search asks
//! this of the landings it is handed and of the ways out, before it
//! stores them: on the sparse braids most of them are covered (sparse-4
//! at 201 tiles a side stores 41,664 positions instead of 275,800).
//!
//! **Where a spreading stops.** A first jump covers more than its own
//! cell. Let the first jump of the arrival `(c', A')` start from `(x,
//! d₁)` at g₁, with `c'` in the pocket of `c`, `e(c') − e(c) = k` steps
//! below it, and `c` on every path from `d₁` to `c'`: the dragon then
//! reaches `c` at `A = A' − k`. Let a spreading into the arrival `(c, A)`
//! reach `x` with `s` turns to spare, `A − g₁ >= max(s, 2)`. Then every
//! landing `(y, c)` it reaches past `x` is covered: `y` is at most `s`
//! steps from `x` inside the pocket of `c`, so by the rule, with `T = A −
//! g₁` turns, the game reaches `(y, c)` at `A` from `(x, d₁)`, which the
//! search stores at g₁. So a spreading, of a first jump or a later one,
//! does not go on from such an `x`. On the sparse braids the search's
//! own positions, behind the hero, are such cells: an arrival spreads
//! over the ground ahead of the hero instead of its whole pocket
//! (sparse 308178 at 201: 2.5 M cells spread and 851,000 landings asked,
//! 95 % of them covered, become 5,600 and 1,900).
//!
//! **What it costs.** The dragon's walk to `c` takes a shortest step a
//! turn, so its turns are the dragon's distance: a question to the oracle
//! a position. The walk itself is stepped out only as far as a way out
//! needs it, with no question along a corridor ([`Graph::onward`]) and a
//! question a step elsewhere, kept by cell. Where the oracle does not
//! tell the distance (an answer it remembers without one, about 2 % of
//! the positions on the sparse braids), the walk is asked a few steps per
//! position ([`WALK_QUESTIONS`], or as many as were known): until it is
//! known to the end, the position is expanded as usual, which is always
//! exact. All those walks together ask at most [`WALK_BUDGET`] questions,
//! [`WALK_PER_JUMP`] more a jump and one more for every [`WALK_SHARE`]
//! positions stored; past that, only walks known to their end serve.
//! (Built so at first, for every position, the walks' budget left the
//! rule aside on 1.74 M of the 1.81 M positions in a pocket that a waiting
//! hero's search on a sparse braid of 1001 tiles a side, 846960, expanded:
//! it stored 4.76 M positions, 1.45 M with the distances.) On maps of
//! more than [`SMALL_MAP`] cells the rule waits for the search to store as
//! many positions as the map has cells (at most [`FROM_POSITIONS`]), and
//! builds its tables only then.
//!
//! **Per rule set** (see `search::dispatch`): priority tie rules only, one
//! dragon at the official speed, with or without waiting, no keys or
//! doors. The walk to `c` is one dragon's fixed walk; with several dragons
//! each walks its own way, and the pocket that holds the hero apart from
//! one is no resting place against another. A faster dragon may pass `c`
//! within a turn.
//!
//! *Waiting.* The argument carries with the parity left out: a cell `x ≠
//! c` of `S(c)` is a landing as soon as its distance inside `S(c)` is at
//! most `T` (walk there, then wait out the turns left, or step back and
//! forth and wait once), and the hero may step out from `c` at any turn
//! `t`, `t₀ <= t < T`, which the way out reaches by waiting on `c`. Every
//! wait these lines use is legal: while the dragon is outside `S(c)` and
//! off `c`, no cell of `S(c)` but `c` is next to it, so a wait elsewhere
//! in the pocket is legal (a landing's line waits only on its landing,
//! once when its turns left are odd, and a covered position is reached
//! from the first jump's by one wait on the hero's cell, when the turns
//! between are odd, then steps back and forth); and the way out waits on
//! `c` only at turns `j + 1 <= t`, when the dragon, after `j <= T - 2`
//! turns, is still `T - j >= 2` from `c`.
//!
//! The line of a jump is rebuilt when the search has found its answer:
//! spread again from the cell jumped from, walk to the landing, and step
//! back and forth for the turns left.

mod arrival;
mod line;
pub(super) mod shadow;
#[cfg(test)]
mod tests;
mod walks;

use self::arrival::{Arrival, lands};
use self::shadow::Shadows;
use super::cuts::Cuts;
use super::hanging::Hanging;
use super::state::StateId;
use crate::graph::{CellId, Direction, Graph};
use crate::search::turn::Game;
use rustc_hash::FxHashMap;

const NONE: u32 = u32::MAX;

/// Maps of at most this many cells try the rule from the first position.
/// On larger ones the search first stores as many positions as the map has
/// cells, or [`FROM_POSITIONS`]: the cut tree, built when the rule is
/// first tried, then costs little next to the search so far, and a search
/// that ends sooner (a hero that runs straight out) never pays for it.
const SMALL_MAP: usize = 1 << 12;

/// The most positions a search stores before it tries the rule.
const FROM_POSITIONS: usize = 1 << 18;

/// The oracle questions one application of the rule may ask to find how
/// far the dragon is from the pocket: a longer walk is left for the next
/// positions to finish (its steps so far are kept), and the position is
/// expanded as usual meanwhile. On maps where the dragon seldom walks to a
/// pocket undisturbed, the walks would otherwise cost more questions than
/// the search.
const WALK_QUESTIONS: u32 = 4;

/// The oracle questions all the walks may ask, besides [`WALK_PER_JUMP`]
/// for each position the rule applied to; past that, only walks known to
/// their end are used. Where pockets seldom hold the hero apart from the
/// dragon, most walks serve one position or none, and a few of the rule's
/// jumps do most of its good: on a sparse braid of 2001 tiles a side the
/// walks asked 9 M questions, a third of the search's time, for 0.2 M
/// jumps.
const WALK_BUDGET: u64 = 1 << 16;

/// See [`WALK_BUDGET`].
const WALK_PER_JUMP: u64 = 2;

/// The walks may also ask a question for every this many positions the
/// search has stored: where the hero sits in pockets whose cut cells the
/// dragon is thousands of steps from, the fixed budget ran out before a
/// walk was known to its end, and the search stored every position of
/// the dragon's way (a sparse braid of 2001 tiles a side, 630665: 9.1 M
/// positions). So the walks cost at most a share of the search's own
/// work.
const WALK_SHARE: u64 = 4;

/// The jumps of the rule, worked out with scratch room kept between calls
/// (see the module's documentation, "Arrivals").
pub(super) struct Pockets<'s> {
    /// Positions the search stores before it tries the rule.
    pub(super) from: usize,
    /// Built when the rule is first tried (see [`Pockets::new`]).
    cuts: Option<Cuts>,
    hanging: &'s Hanging,
    /// The free distance to the exit: between two cut cells, one in the
    /// other's pocket, the distance is the difference.
    exit_distance: &'s [u32],
    /// The arrivals so far, and their numbers by `(c, A)`.
    arrivals: Vec<Arrival>,
    numbers: FxHashMap<(u32, u32), u32>,
    /// Scratch: a breadth-first queue of cells and turns to spare.
    queue: Vec<(u32, u32)>,
    /// Scratch: the cells a spreading reached, and its turns to spare on
    /// each ([`Self::spread`]).
    first: Vec<(u32, u32)>,
    /// Scratch, [`NONE`] but where a spreading is under way: its turns to
    /// spare ([`Self::spread`]).
    distance: Vec<u32>,
    /// The dragon's walks towards cut cells, as each cell's next step and
    /// its number of steps left ([`NONE`] until the walk is known to its
    /// end), by `(cell, cut cell)`: walks that meet go on together, so each
    /// step is asked of the oracle once.
    walks: FxHashMap<u64, (CellId, u32)>,
    /// Scratch for a walk being worked out.
    walk: Vec<CellId>,
    /// The questions the walks may ask besides [`WALK_PER_JUMP`] a jump
    /// ([`WALK_BUDGET`] unless a test asks for fewer), and the positions
    /// stored per question more ([`WALK_SHARE`], 0 for none).
    pub(super) walk_budget: u64,
    pub(super) walk_share: u64,
    /// Whether a walk's turns are asked of the oracle as the dragon's
    /// distance (the walk stepped out only where it does not tell it);
    /// the tests turn it off to try the walks.
    pub(super) distances: bool,
    /// The positions the search has stored, as far as the rule has seen.
    stored: u64,
    /// Oracle questions the walks asked, and positions the rule applied
    /// to.
    asked: u64,
    applied: u64,
    /// For tests: each position left out as an arrival's first jump
    /// covers it ([`Cover`]).
    #[cfg(test)]
    pub(super) covers: std::cell::RefCell<Vec<Cover>>,
    /// For tests: each cell a spreading stopped at as a first jump covers
    /// what lies beyond ([`Stop`]).
    #[cfg(test)]
    pub(super) stops: std::cell::RefCell<Vec<Stop>>,
    /// Bytes the arrivals hold, roughly.
    held: usize,
    /// Whether the hero may wait: a landing is then any cell a jump
    /// reaches, not only those of the colour its turns leave.
    waits: bool,
    /// The shadow rule ([`shadow`]), built with the cut tree, where the
    /// pocket rule does not apply.
    shadows: Option<Shadows>,
}

/// Calls `step` for each step a spreading jump into the pocket of `c`
/// takes from `at` with `spare` turns to spare: none at 0, and none the
/// dead-end rule leaves out in every turn (see the module's documentation).
#[inline]
fn steps(
    (cuts, hanging): (&Cuts, &Hanging),
    graph: &Graph,
    at: u32,
    spare: u32,
    c: CellId,
    mut step: impl FnMut(CellId),
) {
    if spare == 0 {
        return;
    }
    let pocket = cuts.subtree(c);
    for d in Direction::ALL {
        let Some(n) = graph.neighbor(CellId(at), d) else {
            continue;
        };
        if !pocket.contains(&cuts.place[n.index()]) {
            continue;
        }
        if hanging
            .deeper(CellId(at), n)
            .is_some_and(|a| pocket.contains(&cuts.place[a.index()]))
        {
            continue;
        }
        step(n);
    }
}

/// A position left out as covered, for tests: `((hero, dragon), g)`, the
/// pocket's cut cell, and the first jump's position and g.
#[cfg(test)]
pub(super) type Cover = ((CellId, CellId), u32, CellId, ((CellId, CellId), u32));

/// A cell a spreading stopped at, for tests: the cell and its turns to
/// spare, the pocket's cut cell and the arrival's turn, and the covering
/// first jump's position and g.
#[cfg(test)]
pub(super) type Stop = (CellId, u32, CellId, u32, ((CellId, CellId), u32));

/// What [`Pockets::jumps`] and [`Pockets::release`] give the search to
/// queue.
pub(super) enum Landing {
    /// A jump from a position: the hero's cell, the dragon's, and the
    /// turns it takes.
    Jump(StateId, CellId, CellId, u32),
    /// The release of an arrival's landings at an f.
    Release(usize, u32),
    /// The next hand-out of a jump of the shadow rule at an f.
    Shadow(usize, u32),
    /// A landing of the shadow rule, as [`Landing::Jump`], and whether the
    /// near end is its corridor's `a`.
    ShadowJump(StateId, CellId, CellId, u32, bool),
}

impl<'s> Pockets<'s> {
    /// The rule's tables on a map whose dead ends are `hanging`, with the
    /// free distance `exit_distance`. The cut tree is built when the rule
    /// is first tried: on a large map, after [`Pockets::from`] positions
    /// (see [`SMALL_MAP`]).
    pub(super) fn new(hanging: &'s Hanging, exit_distance: &'s [u32], waits: bool) -> Self {
        let cells = exit_distance.len();
        Pockets {
            from: if cells <= SMALL_MAP {
                0
            } else {
                cells.min(FROM_POSITIONS)
            },
            cuts: None,
            hanging,
            exit_distance,
            arrivals: Vec::new(),
            numbers: FxHashMap::default(),
            queue: Vec::new(),
            first: Vec::new(),
            distance: Vec::new(),
            walks: FxHashMap::default(),
            walk: Vec::new(),
            walk_budget: WALK_BUDGET,
            walk_share: WALK_SHARE,
            distances: true,
            stored: 0,
            asked: 0,
            applied: 0,
            #[cfg(test)]
            covers: std::cell::RefCell::default(),
            #[cfg(test)]
            stops: std::cell::RefCell::default(),
            held: 0,
            waits,
            shadows: None,
        }
    }

    /// The most bytes the cut tree and a new [`Pockets`] hold on a map of
    /// `cells` cells (a tree has at most two nodes a cell).
    pub(super) fn most_bytes(cells: usize) -> usize {
        cells * (2 + 2 * 6 + 1 + 3) * size_of::<u32>()
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        (self.distance.len() + self.walk.capacity()) * size_of::<u32>()
            + (self.queue.capacity() + self.first.capacity()) * size_of::<(u32, u32)>()
            + self.walks.capacity() * (size_of::<(u64, (CellId, u32))>() + 1)
            + self.numbers.capacity() * (size_of::<((u32, u32), u32)>() + 1)
            + self.arrivals.capacity() * size_of::<Arrival>()
            + self.held
            + self.cuts.as_ref().map_or(0, Cuts::bytes)
            + self.shadows.as_ref().map_or(0, Shadows::bytes)
    }

    /// How many jumps the shadow rule made, how many of them stopped
    /// handing out ways past at one another jump had handed out, and how
    /// many of them were the head-on rule's.
    #[cfg(test)]
    pub(super) fn shadow_jumps(&self) -> (u64, u64, u64) {
        self.shadows
            .as_ref()
            .map_or((0, 0, 0), |s| (s.jumped, s.cut, s.head_on))
    }

    /// The cut tree, once built.
    fn cuts(&self) -> &Cuts {
        self.cuts.as_ref().expect("the rule was tried")
    }

    /// The cut cell of the rule's pocket for `(hero, dragon)`, if any.
    pub(super) fn pocket(&self, hero: CellId, dragon: CellId) -> Option<CellId> {
        self.cuts.as_ref()?.pocket(hero, dragon).map(|(c, _)| c)
    }

    /// Applies the rule to the position `state`, `(hero, dragon)` reached
    /// in `g` moves, if it applies, and tells whether it did. The jumps go
    /// to `out`: the way out through `c`, and the landings inside. The
    /// first jump into an arrival has its landings released a distance
    /// from `c` at a time ([`Landing::Release`], then [`Self::release`]),
    /// in the order of their f; the few a later jump adds are jumps of
    /// their own. It stands aside when the dragon is one step from the
    /// pocket: the jumps are then the hero's moves.
    pub(super) fn jumps(
        &mut self,
        game: &mut Game<'_>,
        state: StateId,
        (hero, dragon): (CellId, CellId),
        g: u32,
        out: impl FnMut(Landing),
    ) -> bool {
        if self.cuts.is_none() {
            self.cuts = Some(Cuts::new(game.graph));
            self.distance = vec![NONE; game.graph.len()];
            self.shadows = Some(Shadows::new(game.graph, self.hanging, self.waits));
        }
        // Positions are numbered as they are stored.
        self.stored = self.stored.max(u64::from(state));
        let at = (state, (hero, dragon), g);
        match self.cuts().pocket(hero, dragon) {
            Some(pocket) => self.pocket_jumps(game, at, pocket, out),
            // Where a pocket holds the hero apart, its rule serves (once
            // the dragon's walk to it is known); elsewhere the shadow rule.
            None => self
                .shadows
                .as_mut()
                .is_some_and(|shadows| shadows.jumps(game, self.exit_distance, at, out)),
        }
    }

    /// The pocket rule's part of [`Self::jumps`], from `state`, `(hero,
    /// dragon)` reached in `g` moves, in the pocket of `c` whose top is
    /// `top` (see [`Cuts::pocket`]).
    fn pocket_jumps(
        &mut self,
        game: &mut Game<'_>,
        (state, (hero, dragon), g): (StateId, (CellId, CellId), u32),
        (c, top): (CellId, CellId),
        mut out: impl FnMut(Landing),
    ) -> bool {
        if game.graph.touches(dragon, c) {
            return false;
        }
        // The dragon's walk to `c` is the same whatever the hero does
        // inside; it passes `top`, then goes down to `c`.
        let Some(to_top) = self.turns(game, dragon, top) else {
            return false;
        };
        let turns = to_top + self.exit_distance[c.index()] - self.exit_distance[top.index()];
        self.applied += 1;
        // The way out: the hero's distance to `c` inside the pocket.
        let way_out = self.exit_distance[hero.index()] - self.exit_distance[c.index()];
        if way_out < turns {
            let reply = self.after_steps(game, dragon, (top, to_top), c, way_out);
            if !self.covered((c, reply), g + way_out, turns - way_out) {
                out(Landing::Jump(state, c, reply, way_out));
            }
        }
        if self.hanging.in_tree(c) {
            // A tree: a hero still in it when the dragon reaches `c` is
            // caught (the dragon shrinks its part of the tree every turn).
            return true;
        }
        let arrive = g + turns;
        // The spreading waits until the search reaches the least f a
        // landing of this jump may have: its distance from `c` is at least
        // 1, and at least the hero's less the turns. On a map the hero
        // crosses directly, that never comes.
        let least = way_out.saturating_sub(turns).max(1) as usize;
        let next = self.arrivals.len() as u32;
        let number = *self.numbers.entry((c.0, arrive)).or_insert(next);
        if number == next {
            let base = (arrive + self.exit_distance[c.index()]) as usize;
            out(Landing::Release(base + least, number));
            self.arrivals.push(Arrival {
                c,
                arrive,
                base,
                waiting: vec![(state, hero, g)],
                queued: least,
                next: 0,
                from: state,
                hero,
                dragon,
                cost: turns,
                spare: None,
                cells: Vec::new(),
                levels: Vec::new(),
                waits: self.waits,
            });
            self.held += size_of::<Arrival>() + size_of::<(StateId, CellId, u32)>();
            return true;
        }
        let arrival = &mut self.arrivals[number as usize];
        if hero == arrival.hero && turns <= arrival.cost {
            // From the first jump's cell, no earlier: the first jump left
            // it with as many turns to spare, so it lands wherever this one
            // does (on sparse-4 at 201, 94 % of the later jumps).
            return true;
        }
        if !arrival.waiting.is_empty() {
            arrival.waiting.push((state, hero, g));
            if least < arrival.queued {
                arrival.queued = least;
                out(Landing::Release(arrival.base + least, number));
            }
            self.held += size_of::<(StateId, CellId, u32)>();
            return true;
        }
        self.later(game.graph, (number, false), (state, hero, g), &mut out);
        true
    }

    /// A jump from `state`, on `hero` at turn `g`, into an arrival that has
    /// spread: breadth first from the hero inside the pocket, as for the
    /// first jump, past no cell the arrival reached with as many turns to
    /// spare and no cell a first jump covers ([`Self::beyond_cover`]); its
    /// new landings are jumps of its own. With `spread`, the first jump's
    /// spreading is in [`Self::first`] now.
    fn later(
        &mut self,
        graph: &Graph,
        (number, spread): (u32, bool),
        (state, hero, g): (StateId, CellId, u32),
        out: &mut impl FnMut(Landing),
    ) {
        self.spare(graph, number, spread);
        let arrival = &mut self.arrivals[number as usize];
        let (c, arrive, turns) = (arrival.c, arrival.arrive, arrival.arrive - g);
        let held = arrival.bytes();
        let mut map = arrival.spare.take().expect("made before a later jump");
        let mut queue = std::mem::take(&mut self.queue);
        let arrival = &self.arrivals[number as usize];
        // Past a cell a first jump covers, it lands nowhere new.
        let mut reach = |x: u32, spare: u32, out: &mut _| {
            !self.beyond_cover(CellId(x), c, arrive, spare)
                && arrival.reach(&mut map, (state, turns), (x, spare), out)
        };
        queue.clear();
        if reach(hero.0, turns, out) {
            queue.push((hero.0, turns));
        }
        let mut head = 0;
        while let Some(&(at, spare)) = queue.get(head) {
            head += 1;
            steps((self.cuts(), self.hanging), graph, at, spare, c, |n| {
                if reach(n.0, spare - 1, out) {
                    queue.push((n.0, spare - 1));
                }
            });
        }
        self.queue = queue;
        let arrival = &mut self.arrivals[number as usize];
        arrival.spare = Some(map);
        self.held = self.held + arrival.bytes() - held;
    }

    /// Spreads the first jump of an arrival ([`Self::spread`]).
    fn spread_first(&mut self, graph: &Graph, number: u32) {
        let arrival = &self.arrivals[number as usize];
        let (c, hero, turns, arrive) = (arrival.c, arrival.hero, arrival.cost, arrival.arrive);
        self.spread(graph, hero, c, turns, Some(arrive));
    }

    /// Spreads a jump of `turns` from `hero` inside the pocket of `c`
    /// breadth first (a cell once), without the steps the dead-end rule
    /// leaves out in every turn (see the module's documentation), and,
    /// for the arrival at turn `stop` if any, not past a cell a first jump
    /// covers ([`Self::beyond_cover`]): the cells reached go into
    /// [`Self::first`], with the turns to spare on each in
    /// [`Self::distance`] until [`Self::forget_first`].
    fn spread(&mut self, graph: &Graph, hero: CellId, c: CellId, turns: u32, stop: Option<u32>) {
        self.first.clear();
        self.first.push((hero.0, turns));
        self.distance[hero.index()] = turns;
        let mut head = 0;
        while let Some(&(at, spare)) = self.first.get(head) {
            head += 1;
            // Past a cell a first jump covers, it lands nowhere new.
            if let Some(arrive) = stop.filter(|_| spare > 0) {
                if self.beyond_cover(CellId(at), c, arrive, spare) {
                    continue;
                }
            }
            let (first, distance) = (&mut self.first, &mut self.distance);
            let cuts = self.cuts.as_ref().expect("the rule was tried");
            steps((cuts, self.hanging), graph, at, spare, c, |n| {
                if distance[n.index()] == NONE {
                    distance[n.index()] = spare - 1;
                    first.push((n.0, spare - 1));
                }
            });
        }
    }

    /// Clears [`Self::distance`] after [`Self::spread`].
    fn forget_first(&mut self) {
        for &(x, _) in &self.first {
            self.distance[x as usize] = NONE;
        }
    }

    /// Sorts the landings of an arrival's first jump, spread into
    /// [`Self::first`], by distance from `c`.
    fn sort_landings(&mut self, number: u32) {
        let c = self.arrivals[number as usize].c;
        let e = |x: u32| self.exit_distance[x as usize] - self.exit_distance[c.index()];
        let landing = |x: u32, left: u32| x != c.0 && lands(self.waits, left);
        let mut levels: Vec<u32> = Vec::new();
        for &(x, left) in &self.first {
            if landing(x, left) {
                let k = e(x) as usize + 1;
                if levels.len() <= k {
                    levels.resize(k + 1, 0);
                }
                levels[k] += 1;
            }
        }
        for k in 1..levels.len() {
            levels[k] += levels[k - 1];
        }
        let mut cells = vec![0; levels.last().map_or(0, |&n| n as usize)];
        let mut fill = levels.clone();
        for &(x, left) in &self.first {
            if landing(x, left) {
                let k = e(x) as usize;
                cells[fill[k] as usize] = x;
                fill[k] += 1;
            }
        }
        let arrival = &mut self.arrivals[number as usize];
        let held = arrival.bytes();
        (arrival.cells, arrival.levels) = (cells, levels);
        self.held = self.held + arrival.bytes() - held;
    }

    /// Makes the arrival's map of turns to spare, if it has none: from its
    /// first jump, spread again unless [`Self::first`] holds it (`spread`).
    fn spare(&mut self, graph: &Graph, number: u32, spread: bool) {
        if self.arrivals[number as usize].spare.is_some() {
            return;
        }
        if !spread {
            self.spread_first(graph, number);
        }
        let spare: FxHashMap<u32, u32> = self.first.iter().copied().collect();
        if !spread {
            self.forget_first();
        }
        let arrival = &mut self.arrivals[number as usize];
        let held = arrival.bytes();
        arrival.spare = Some(spare);
        self.held = self.held + arrival.bytes() - held;
    }

    /// Hands the landings of `arrival` at `f` to `land(hero, dragon, the
    /// position jumped from, turns)`, and gives the f of its next release.
    /// The arrival's first release spreads it first: from its first jump,
    /// then from the later ones, whose new landings go to `out`. A release
    /// overtaken by an earlier one hands out nothing. No landing of the
    /// first jump lies below the first release (see [`Pockets::jumps`]).
    pub(super) fn release(
        &mut self,
        graph: &Graph,
        number: u32,
        f: usize,
        mut land: impl FnMut(CellId, CellId, StateId, u32),
        mut out: impl FnMut(Landing),
    ) -> Option<usize> {
        let waiting = std::mem::take(&mut self.arrivals[number as usize].waiting);
        if !waiting.is_empty() {
            self.spread_first(graph, number);
            self.sort_landings(number);
            let arrive = self.arrivals[number as usize].arrive;
            for &(state, hero, g) in &waiting[1..] {
                // Most later jumps stop on their own cell: the first jump
                // reached it with as many turns to spare.
                let first = self.distance[hero.index()];
                if first == NONE || first < arrive - g {
                    self.later(graph, (number, true), (state, hero, g), &mut out);
                }
            }
            self.forget_first();
            self.held -= waiting.len() * size_of::<(StateId, CellId, u32)>();
        }
        let arrival = &mut self.arrivals[number as usize];
        let k = f - arrival.base;
        if k < arrival.next {
            return None;
        }
        arrival.next = k + 1;
        let arrival = &self.arrivals[number as usize];
        if let Some(&[from, to]) = arrival.levels.get(k..k + 2) {
            let e = |x: CellId| self.exit_distance[x.index()];
            for &x in &arrival.cells[from as usize..to as usize] {
                let (x, c) = (CellId(x), arrival.c);
                // The dragon on `c` is `e(x) - e(c)` steps from the hero.
                if !self.covered((x, c), arrival.arrive, e(x) - e(c)) {
                    land(x, c, arrival.from, arrival.cost);
                }
            }
        }
        arrival.level_from(k + 1).map(|k| arrival.base + k)
    }

    /// Whether a first jump covers every landing that a spreading into
    /// the pocket of `c`, for the arrival at turn `arrive`, reaches past
    /// `x`, where it has `spare` turns to spare (see the module's
    /// documentation, "Where a spreading stops"). Never for the arrival's
    /// own first jump: there `c` is the nearest cut cell above `x`.
    fn beyond_cover(&self, x: CellId, c: CellId, arrive: u32, spare: u32) -> bool {
        let cuts = self.cuts();
        let Some(deeper) = cuts.nearest(x, c).map(|k| CellId(cuts.cell[k as usize])) else {
            return false;
        };
        let turns = self.exit_distance[deeper.index()] - self.exit_distance[c.index()];
        let Some(&number) = self.numbers.get(&(deeper.0, arrive + turns)) else {
            return false;
        };
        let first = &self.arrivals[number as usize];
        let covers = first.hero == x
            && first.cost >= turns + spare.max(2)
            && cuts.on_every_path(c, first.dragon, deeper);
        #[cfg(test)]
        if covers {
            let from = ((first.hero, first.dragon), first.arrive - first.cost);
            self.stops.borrow_mut().push((x, spare, c, arrive, from));
        }
        covers
    }

    /// Whether the first jump of an arrival covers `(hero, dragon)` at `g`,
    /// the dragon `to_hero` steps from the hero (see the module's
    /// documentation, "Positions an arrival's first jump covers").
    fn covered(&self, (hero, dragon): (CellId, CellId), g: u32, to_hero: u32) -> bool {
        let cuts = self.cuts();
        let Some(c) = cuts
            .nearest(hero, dragon)
            .map(|k| CellId(cuts.cell[k as usize]))
        else {
            return false;
        };
        // Every way from the dragon to the hero passes `c`.
        let turns = to_hero - (self.exit_distance[hero.index()] - self.exit_distance[c.index()]);
        if turns < 2 {
            return false;
        }
        let Some(&number) = self.numbers.get(&(c.0, g + turns)) else {
            return false;
        };
        let first = &self.arrivals[number as usize];
        let covered = first.hero == hero
            && turns <= first.cost
            && cuts.on_every_path(dragon, first.dragon, c);
        #[cfg(test)]
        if covered {
            let from = ((first.hero, first.dragon), first.arrive - first.cost);
            self.covers.borrow_mut().push(((hero, dragon), g, c, from));
        }
        covered
    }
}

/// The key of [`Pockets::walks`], and of the shadow rule's walks: a cell
/// on a walk towards the cut cell or corridor end `c`.
fn walk_key(cell: CellId, c: CellId) -> u64 {
    u64::from(cell.0) << 32 | u64::from(c.0)
}
