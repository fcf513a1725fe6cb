//! The shadow rule: jumps over the dragon's walk towards a corridor's end,
//! where no cut cell stands between hero and dragon.
//!
//! A *corridor* is a path of core cells with two core neighbours each (see
//! [`super::super::hanging`] for the core), with the dead-end trees
//! hanging from them, between two *ends* `a` and `b`, core cells of other
//! than two core neighbours; number its path's cells `p = 1 .. L - 1` by
//! their steps from `a` (so `b` is `L` steps from `a` along it). Corridors
//! with the exit at an end, and loops (`a = b`), are left out. A dragon on
//! the hero's own corridor that walks straight at it is the head-on rule's
//! ([`head_on`]): one jump, to the end behind the hero.
//!
//! **The shadow.** Let the dragon stand on `d`, outside the corridor and its
//! trees. Every path from `d` into the corridor enters through `a` or `b`,
//! so the cell `p` (or a cell of a tree hanging there) is in the *shadow of
//! `a`* when `dist(d, a) + p < dist(d, b) + L - p`: every shortest path from
//! `d` to it passes `a`. For such a cell `x`:
//!
//! 1. a neighbour of `d` lies on a shortest path to `x` exactly when it lies
//!    on one to `a` (each shortest path to `x` passes `a`, and a shortest
//!    path to `a` goes on to `x`), so the dragon's step towards `x` is its
//!    step towards `a`, under any priority rule;
//! 2. `x` stays in the shadow after that step: the dragon's distance to `a`
//!    falls by one and its distance to `b` by at most one;
//! 3. `x ≠ a` is never next to the dragon before it reaches `a`:
//!    `dist(d, x) = dist(d, a) + dist(a, x) >= 2` while `dist(d, a) >= 1`.
//!
//! **Rule.** Let the hero stand on a path cell `h` of a corridor, in the
//! shadow of its end `n` (`a` or `b`, the *near end*) from the dragon on
//! `d`, `T = dist(d, n) >= 2` steps away, under a priority rule at the
//! official speed. Let `U` be the path cells in that shadow, numbered `s =
//! 1 .. S` by their steps from `n` (they are the first `S` from `n`: the
//! shadow's test is monotone in `p`), with the trees hanging from them, and
//! `q` the cell `S + 1` steps from `n` (the first cell past the shadow, or
//! the far end). Then the shadow rule replaces the hero's moves from `(h,
//! d)` by:
//!
//! - the *landings*: `(x, n)` after `T` turns, for every cell `x` of `U` a
//!   walk of `T` moves inside `U` reaches from `h` (path cells, and tree
//!   cells one deep: see the dead-end rule below);
//! - the *way out*: `(n, d_t)` after `t = s(h)` turns, when `t < T`, with
//!   `d_t` the dragon's cell after `t` turns of its walk towards `n`;
//! - the *ways past*: for every turn `t <= T` at which a walk inside `U`
//!   reaches the cell `S` next to `q` after `t - 1` moves, the hero's step
//!   from there onto `q` against the dragon on `d_{t-1}`, if it is legal,
//!   and the dragon's reply to it.
//!
//! **Why.** While the hero keeps to `U`, the dragon walks its fixed way to
//! `n`, one step closer a turn (1 and 2, by induction), and the hero's
//! every move inside `U` is legal (3). So each jump is a line of play.
//! Conversely, take an escape from `(h, d)`: the exit is not in `U`, and
//! the hero leaves `U` only onto `n` or onto `q`. If it is still in `U`
//! after `T` turns, it stands on a cell of `U` with the dragon on `n`: a
//! landing. If it first steps onto `n` at a turn `t < T`, then `t >= s(h)`
//! with the parity of `t - s(h)` even (or any, with waiting), and from the
//! way out the hero reaches `(n, d_t)` by stepping back and forth between
//! `n` and its neighbour in `U` (or waiting on `n`): every such step is
//! legal before `T`, and the dragon keeps to its walk, since the hero is in
//! the shadow or on `n`. So the search, which expands the way out, finds a
//! line no longer. If it first steps onto `q` at turn `t <= T`, it stood on
//! the cell next to `q` after `t - 1` moves inside `U`: one of the ways
//! past, the same position after the same turns. Unlike a pocket's way out,
//! the ways past are not reached from the earliest by stepping back and
//! forth (the hero on `q` is not in the shadow, and the dragon may turn),
//! so every turn is one; they are released a turn at a time, as the
//! search's f reaches them.
//!
//! **With the dead-end rule** ([`super::super::hanging`]): the dragon is
//! outside every tree of `U` and off its attachment while the hero is in
//! `U`, so the rule leaves out every step deeper than one into them, and
//! some shortest escape takes none: the landings need only the tree cells
//! one deep.
//!
//! **Order.** A jump of `c` turns to a cell `x` has f `g + c + e(x)`, at
//! least the f of the position jumped from, as `e` changes by at most one
//! a step and `x` is at most `c` steps from `h`: the search stays in order
//! and exact, as with the pocket rule. A jump's landings, its way out and
//! its ways past are handed out when the search's f reaches theirs.
//!
//! **Per rule set**: as the pocket rule's (see the parent module), with
//! or without waiting. With waiting the argument carries with the parity
//! left out: a landing is any cell of `U` within `T` moves (walk there,
//! then wait), a way past is handed out at every turn from the first on,
//! the way out reaches `(n, d_t)` by waiting on `n`, and every wait inside
//! `U` is legal by (3); a covered jump's hero may be any number of moves
//! from the first's within the turns between. (Built so at first, a
//! waiting hero's search on a sparse braid of 1001 tiles a side, 664142,
//! made 164,000 jumps that handed out 300 million landings, nearly all
//! made before, and outgrew 4 GiB; the landings made twice, below, are
//! what makes it pay.)
//!
//! **Jumps a first jump covers.** Let a jump from `(h₁, d₁)` at `g₁` be the
//! first into a side of a corridor whose dragon reaches the near end at
//! turn `A`, and a later one from `(h, d)` at `g >= g₁` into the same side
//! with the same `A`, `h` in the first jump's `U`. If the first's dragon
//! stands on `d` after `g - g₁` turns, and a walk inside the first's `U`
//! goes from `h₁` to `h` in `g - g₁` moves (its length at most that, with
//! the same parity, or any with waiting), the game reaches `(h, d)` from
//! `(h₁, d₁)` in `g - g₁` moves, so every line of the later jump is one
//! of the first's (the first's shadow only grows, so the later jump's `U`
//! holds the first's: a line that leaves the first's `U` past its `q`
//! meets one of the first's ways past). The later jump is then left out.
//! Without it, a hero stepping back and forth at a corridor's end while
//! the dragon comes would make a jump a turn, each handing out its ways
//! past turn by turn.
//!
//! **Ways past handed out twice.** The dragon's step from a cell towards
//! an end depends on that cell and that end alone, so two walks towards
//! one end go on together from the first cell they share. Let a jump be
//! about to hand out its way past onto `q` with the dragon on `w` a turn
//! before, when another jump towards the same end has already handed out
//! that one. The other did so at an f no greater (hand-outs go in the order
//! of f, and both share `q`'s exit distance), so in no more moves; and from
//! there it hands out a way past every second turn (every turn with
//! waiting) until its dragon reaches the end, along the same walk as this
//! jump's dragon, from the same cells of it as this jump would (or, if it
//! stopped too, a jump it met did, by the same argument). Each later way
//! past of this jump is thus a position the search already has, reached in
//! no more moves, and the jump hands out no more. On sparse braids many
//! jumps follow one walk: on 927482 at 1001 tiles this left 4.6 million of
//! 19.1 million questions to the oracle.
//!
//! **Landings made twice.** A landing `(x, n)` of a jump reached in `A`
//! moves is the position another jump towards the same end already
//! landed on in `A'` moves; when `A' <= A` the search has it with no more
//! moves, so it is not handed out again. The least `A` each cell was
//! landed on with the dragon on each end of its corridor is kept. (A
//! jump's landings go out together, at the least f among them, so a later
//! jump may land on a cell in fewer moves than an earlier one: that
//! landing is handed out.) On sparse braids the hero's steps back and
//! forth in a long corridor while the dragon comes make a jump a few
//! turns, each landing on the corridor's whole shadow.
//!
//! **What it costs.** Two questions to the oracle for the dragon's distances
//! to the ends (the rule stands aside when the oracle does not tell them),
//! and then a question a turn of the dragon's walk that a way past or the
//! way out needs, asked only when the search's f reaches it, but on a
//! corridor cell, where the walk goes on to the neighbour it did not come
//! from (`Graph::onward`); the walks' other steps are kept by cell and
//! end, so walks that meet ask once, and each
//! jump marks its walk every [`MARK`] turns, so that the checks for
//! covered jumps, which ask the walk at turns that jump about, start a few
//! steps before the turn asked. The marks lie where the dragon is a
//! multiple of [`MARK`] steps from the end, and the way from one mark to
//! the next is kept by mark and end, so a jump whose walk meets another's
//! marks its own at a look-up a mark. Like the
//! pocket rule, on a large map it waits until the search has stored as
//! many positions as the map has cells (see the parent module), and it
//! stands aside where a cut cell holds the hero apart from the dragon:
//! the pocket rule serves there, once the dragon's walk to it is known.

mod head_on;
mod landings;

use super::{Landing, Pockets, walk_key};
use crate::graph::{CellId, Graph};
use crate::search::pair::hanging::Hanging;
use crate::search::pair::state::StateId;
use crate::search::turn::Game;
use landings::{Ground, Landings};
use rustc_hash::{FxHashMap, FxHashSet};

const NONE: u32 = u32::MAX;

/// Every how many turns a jump marks its dragon's walk ([`Jump::marks`]);
/// fewer in the tests, whose small maps have short walks.
const MARK: u32 = if cfg!(test) { 4 } else { 32 };

/// A corridor: its ends `a` and `b`, its length `L` (steps from `a` to
/// `b`), and where its path cells start in [`Corridors::cells`].
#[derive(Clone, Copy)]
struct Corridor {
    a: CellId,
    b: CellId,
    len: u32,
    start: u32,
}

/// The map's corridors (see the module's documentation).
pub(super) struct Corridors {
    /// Per cell: its corridor, for a path cell and for a cell of a tree
    /// hanging from one ([`NONE`] otherwise).
    home: Vec<u32>,
    /// Per path cell: its steps from its corridor's end `a` ([`NONE`] for
    /// other cells).
    place: Vec<u32>,
    corridors: Vec<Corridor>,
    /// The corridors' path cells, `p = 1 .. L - 1` in order.
    cells: Vec<u32>,
}

impl Corridors {
    /// The corridors of `graph`, whose core and trees `hanging` tells.
    pub(super) fn new(graph: &Graph, hanging: &Hanging) -> Corridors {
        let n = graph.len();
        let exit = graph.exit();
        let core = |c: CellId| !hanging.in_tree(c);
        let inner = |c: CellId| {
            core(c) && c != exit && graph.neighbors(c).filter(|&(_, m)| core(m)).count() == 2
        };
        let mut home = vec![NONE; n];
        let mut place = vec![NONE; n];
        let mut corridors = Vec::new();
        let mut cells = Vec::new();
        for a in (0..n as u32).map(CellId) {
            if !core(a) || inner(a) {
                continue;
            }
            for (_, first) in graph.neighbors(a) {
                if !inner(first) || home[first.index()] != NONE {
                    continue;
                }
                let id = corridors.len() as u32;
                let start = cells.len() as u32;
                let (mut before, mut at, mut p) = (a, first, 1);
                while inner(at) {
                    home[at.index()] = id;
                    place[at.index()] = p;
                    cells.push(at.0);
                    let next = graph
                        .neighbors(at)
                        .map(|(_, m)| m)
                        .find(|&m| core(m) && m != before)
                        .expect("a path cell has two core neighbours");
                    (before, at, p) = (at, next, p + 1);
                }
                corridors.push(Corridor {
                    a,
                    b: at,
                    len: p,
                    start,
                });
            }
        }
        // The trees hanging from path cells belong to their corridors.
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&c| place[c as usize] != NONE)
            .collect();
        let mut head = 0;
        while let Some(&c) = queue.get(head) {
            head += 1;
            for (_, m) in graph.neighbors(CellId(c)) {
                if hanging.in_tree(m) && home[m.index()] == NONE {
                    home[m.index()] = home[c as usize];
                    queue.push(m.0);
                }
            }
        }
        Corridors {
            home,
            place,
            corridors,
            cells,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        (self.home.len() + self.place.len() + self.cells.len()) * size_of::<u32>()
            + self.corridors.len() * size_of::<Corridor>()
    }

    /// The cell `s` steps from the near end of `jump`'s corridor.
    fn near_cell(&self, jump: &Jump, s: u32) -> CellId {
        let len = self.corridors[jump.corridor as usize].len;
        let p = if jump.near_a { s } else { len - s };
        self.cell(jump.corridor, p)
    }

    /// The cell `p` steps from the end `a` of corridor `k` along its path
    /// (`0` is `a`, `L` is `b`).
    fn cell(&self, k: u32, p: u32) -> CellId {
        let corridor = self.corridors[k as usize];
        if p == 0 {
            corridor.a
        } else if p == corridor.len {
            corridor.b
        } else {
            CellId(self.cells[(corridor.start + p - 1) as usize])
        }
    }
}

/// The dragon's step from `at` towards the end `near`, kept in `steps`.
fn step(
    steps: &mut FxHashMap<u64, CellId>,
    game: &mut Game<'_>,
    at: CellId,
    near: CellId,
) -> CellId {
    *steps.entry(walk_key(at, near)).or_insert_with(|| {
        let mut next = at;
        game.dragon_replies(at, near, |reply| next = reply);
        next
    })
}

/// The dragon's walk of `n` steps from `at` towards the end `near`
/// (which it does not pass), having come from `from` if known: where it
/// ends and the cell before. On a corridor cell the walk goes on to the
/// neighbour it did not come from ([`Graph::onward`]), with neither a
/// question nor a look-up in `steps`; elsewhere it takes [`step`].
fn walk(
    steps: &mut FxHashMap<u64, CellId>,
    game: &mut Game<'_>,
    (mut at, mut from): (CellId, Option<CellId>),
    near: CellId,
    n: u32,
) -> (CellId, Option<CellId>) {
    for _ in 0..n {
        debug_assert_ne!(at, near, "a walk stops at its end");
        let next = match from.and_then(|from| game.graph.onward(at, from)) {
            Some(next) => next,
            None => step(steps, game, at, near),
        };
        (from, at) = (Some(at), next);
    }
    (at, from)
}

/// A jump of the shadow rule, its landings, way out and ways past handed
/// out as the search reaches their f.
struct Jump {
    from: StateId,
    g: u32,
    /// The hero's corridor, whether the near end is `a`, the hero's steps
    /// from it, and `S`, the path cells in the shadow.
    corridor: u32,
    near_a: bool,
    hero: u32,
    size: u32,
    /// `T`: the dragon's steps to the near end.
    turns: u32,
    /// The dragon's walk to the near end: its start, then its cell
    /// wherever it is a multiple of [`MARK`] steps from the end, as far as
    /// asked, and the cell last asked with its turn and the cell before it
    /// (the walk's steps off corridors are kept in [`Shadows::steps`]).
    marks: Vec<CellId>,
    walked: (CellId, u32, Option<CellId>),
    /// The turn of the next way past (past `turns` when none is left),
    /// whether the way out and the landings are still to hand out, and the
    /// least f of a landing.
    past: u32,
    way_out: bool,
    landings: bool,
    least: u32,
}

/// The shadow rule's tables (see the module's documentation).
pub(super) struct Shadows {
    corridors: Corridors,
    jumps: Vec<Jump>,
    /// The first jump into each corridor's side whose dragon reaches the
    /// near end at a turn, by `(corridor and side, turn)`.
    firsts: FxHashMap<(u32, u32), u32>,
    /// The dragon's step from a cell towards a corridor's end, by `(cell,
    /// end)`: walks that meet go on together, so each step is asked once.
    steps: FxHashMap<u64, CellId>,
    /// The ways past handed out, by the cell past the shadow, the dragon's
    /// cell on its walk a turn before and the near end.
    passed: FxHashSet<(u32, u32, u32)>,
    /// Jumps whose ways past stopped at one another jump had handed out.
    pub(super) cut: u64,
    /// The least turn a jump landed on each cell with the dragon on each
    /// end of its corridor (made at the first landing).
    landings: Option<Landings>,
    /// The dragon's cell [`MARK`] steps on from a mark towards an end, by
    /// `(mark, end)`.
    skips: FxHashMap<u64, CellId>,
    /// Marks on the jumps' walks ([`Jump::marks`]), in all.
    marked: usize,
    /// Jumps made (those covered by a first one left out).
    pub(super) jumped: u64,
    /// Of those, the head-on rule's ([`head_on`]).
    pub(super) head_on: u64,
    /// Whether the hero may wait: a landing is then any cell of the shadow
    /// within reach, and a way past is handed out every turn.
    waits: bool,
    /// Per corridor, the distance between its ends, as the head-on rule
    /// asked it ([`head_on`]), or [`NONE`] until it asks.
    ends: Vec<u32>,
}

impl Shadows {
    /// The rule's tables on `graph`.
    pub(super) fn new(graph: &Graph, hanging: &Hanging, waits: bool) -> Shadows {
        let corridors = Corridors::new(graph, hanging);
        Shadows {
            ends: vec![NONE; corridors.corridors.len()],
            corridors,
            waits,
            jumps: Vec::new(),
            firsts: FxHashMap::default(),
            steps: FxHashMap::default(),
            passed: FxHashSet::default(),
            skips: FxHashMap::default(),
            landings: None,
            cut: 0,
            marked: 0,
            jumped: 0,
            head_on: 0,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.corridors.bytes()
            + self.jumps.capacity() * size_of::<Jump>()
            + self.firsts.capacity() * (size_of::<((u32, u32), u32)>() + 1)
            + self.steps.capacity() * (size_of::<(u64, CellId)>() + 1)
            + self.passed.capacity() * (size_of::<(u32, u32, u32)>() + 1)
            + self.skips.capacity() * (size_of::<(u64, CellId)>() + 1)
            + self.landings.as_ref().map_or(0, Landings::bytes)
            + self.ends.len() * size_of::<u32>()
            + self.marked * 2 * size_of::<CellId>()
    }

    /// Applies the rule to `state`, `(hero, dragon)` reached in `g` moves,
    /// if it applies, and tells whether it did: its jump's first hand-out
    /// goes to `out` ([`Landing::Shadow`]).
    pub(super) fn jumps(
        &mut self,
        game: &mut Game<'_>,
        exit_distance: &[u32],
        (state, (hero, dragon), g): (StateId, (CellId, CellId), u32),
        out: impl FnOnce(Landing),
    ) -> bool {
        let corridors = &self.corridors;
        let k = corridors.home[hero.index()];
        let p = corridors.place[hero.index()];
        if p == NONE {
            return false;
        }
        let Corridor { a, b, len, .. } = corridors.corridors[k as usize];
        let exit = game.graph.exit();
        if a == exit || b == exit || a == b {
            return false;
        }
        if corridors.home[dragon.index()] == k {
            return self.head_on(game, (state, (hero, dragon)), k, out);
        }
        let (Some(to_a), Some(to_b)) = (
            game.dragon_distance(dragon, a),
            game.dragon_distance(dragon, b),
        ) else {
            return false;
        };
        // In the shadow of `a` when `2p < to_b - to_a + L`, of `b` when
        // `2(L - p) < to_a - to_b + L`.
        let (near_a, turns, s, bound) = if 2 * p + to_a < to_b + len {
            (true, to_a, p, to_b + len - to_a)
        } else if 2 * (len - p) + to_b < to_a + len {
            (false, to_b, len - p, to_a + len - to_b)
        } else {
            return false;
        };
        if turns < 2 {
            return false;
        }
        // The path cells `s` with `2s < bound`.
        let size = ((bound - 1) / 2).min(len - 1);
        let mut jump = Jump {
            from: state,
            g,
            corridor: k,
            near_a,
            hero: s,
            size,
            turns,
            marks: vec![dragon],
            walked: (dragon, 0, None),
            past: size + 1 - s,
            way_out: s < turns,
            landings: true,
            least: u32::MAX,
        };
        // The least exit distance of a landing (a path cell within reach
        // bounds those of the trees hanging from it). The exit is neither a
        // path cell nor in a tree, so every way out of a path cell `p`
        // leaves through an end, and `e(p) = min(e(a) + p, e(b) + L - p)`:
        // over a range of cells, least at one of its ends.
        let (low, high) = (s.saturating_sub(turns).max(1), (s + turns).min(size));
        let (p_low, p_high) = if near_a {
            (low, high)
        } else {
            (len - high, len - low)
        };
        let e = |cell: CellId| exit_distance[cell.index()];
        jump.least = (e(a) + p_low).min(e(b) + len - p_high);
        debug_assert_eq!(
            Some(jump.least),
            (low..=high)
                .map(|s| e(self.corridors.near_cell(&jump, s)))
                .min(),
            "a path cell's exit distance is through an end"
        );
        let number = self.jumps.len() as u32;
        let side = k * 2 + u32::from(near_a);
        match self.firsts.get(&(side, g + turns)) {
            Some(&earlier) => {
                if self.covers(game, earlier, (s, dragon, g)) {
                    return true;
                }
            }
            None => {
                self.firsts.insert((side, g + turns), number);
            }
        }
        self.jumped += 1;
        let first = self.next(&jump, exit_distance);
        self.jumps.push(jump);
        if let Some(f) = first {
            out(Landing::Shadow(f, number));
        }
        true
    }

    /// The f of a jump's next hand-out, if any is left.
    fn next(&self, jump: &Jump, exit_distance: &[u32]) -> Option<usize> {
        let e = |s: u32| exit_distance[self.corridors.near_cell(jump, s).index()] as usize;
        let g = jump.g as usize;
        let way_out = jump.way_out.then(|| g + jump.hero as usize + e(0));
        let past = (jump.past <= jump.turns).then(|| g + jump.past as usize + e(jump.size + 1));
        let landings = jump
            .landings
            .then(|| g + (jump.turns + jump.least) as usize);
        [way_out, past, landings].into_iter().flatten().min()
    }

    /// Whether the jump `first` covers a later one from `(s, dragon)` at
    /// `g` into the same side of the same corridor, whose dragon reaches
    /// the near end at the same turn: when the first's dragon stands on
    /// `dragon` after `g - g₁` turns and its hero can walk inside the first
    /// jump's shadow to the cell `s` from the near end in as many moves,
    /// every line of the later jump is one of the first's.
    fn covers(
        &mut self,
        game: &mut Game<'_>,
        first: u32,
        (s, dragon, g): (u32, CellId, u32),
    ) -> bool {
        let jump = &self.jumps[first as usize];
        let Some(turns) = g.checked_sub(jump.g) else {
            return false;
        };
        let apart = s.abs_diff(jump.hero);
        if s > jump.size || apart > turns || (!self.waits && (turns - apart) % 2 == 1) {
            return false;
        }
        self.walked(game, first, turns) == dragon
    }

    /// The dragon's cell after `t` turns of `jump`'s walk to its near end:
    /// on from the cell last asked when that is at most [`MARK`] turns
    /// before, else from the last mark before `t` (marked as far as need
    /// be). So the hand-outs, which mostly go turn by turn, and the checks
    /// for covered jumps, which jump about, take a few steps each. The
    /// marks after the start lie where the dragon is a multiple of
    /// [`MARK`] steps from the end, so that walks that meet share their
    /// skips from one mark to the next ([`Shadows::skips`]).
    fn walked(&mut self, game: &mut Game<'_>, number: u32, t: u32) -> CellId {
        let jump = &self.jumps[number as usize];
        let near = self.corridors.near_cell(jump, 0);
        let (last, last_turn, before) = jump.walked;
        // The first mark after the start, `first` turns on.
        let first = jump.turns % MARK;
        let steps = &mut self.steps;
        let (at, from) = if last_turn <= t && t - last_turn <= MARK {
            ((last, before), last_turn)
        } else if t < first {
            ((jump.marks[0], None), 0)
        } else {
            let mark = ((t - first) / MARK) as usize + 1;
            let marks = &mut self.jumps[number as usize].marks;
            while marks.len() <= mark {
                let at = (*marks.last().expect("the walk's start is marked"), None);
                let next = if marks.len() == 1 {
                    walk(steps, game, at, near, first).0
                } else {
                    *self
                        .skips
                        .entry(walk_key(at.0, near))
                        .or_insert_with(|| walk(steps, game, at, near, MARK).0)
                };
                marks.push(next);
                self.marked += 1;
            }
            ((marks[mark], None), first + (mark as u32 - 1) * MARK)
        };
        let (at, before) = walk(steps, game, at, near, t - from);
        self.jumps[number as usize].walked = (at, t, before);
        at
    }

    /// Hands out what jump `number` has at `f`: positions to `land(hero,
    /// dragon, the position jumped from, turns)`, landings to `out` as jumps
    /// of their own. Gives the f of its next hand-out.
    pub(super) fn release(
        &mut self,
        game: &mut Game<'_>,
        exit_distance: &[u32],
        (number, f): (u32, usize),
        mut land: impl FnMut(CellId, CellId, StateId, u32, bool),
        mut out: impl FnMut(Landing),
    ) -> Option<usize> {
        let graph = game.graph;
        let e = |cell: CellId| exit_distance[cell.index()] as usize;
        let (from, g, hero, size, turns, near_a) = {
            let jump = &self.jumps[number as usize];
            let Jump {
                from,
                g,
                hero,
                size,
                turns,
                near_a,
                ..
            } = *jump;
            (from, g as usize, hero, size, turns, near_a)
        };
        let near = self.corridors.near_cell(&self.jumps[number as usize], 0);
        if self.jumps[number as usize].way_out && g + hero as usize + e(near) == f {
            let dragon = self.walked(game, number, hero);
            land(near, dragon, from, hero, near_a);
            self.jumps[number as usize].way_out = false;
        }
        let q = self
            .corridors
            .near_cell(&self.jumps[number as usize], size + 1);
        loop {
            let t = self.jumps[number as usize].past;
            if t > turns || g + t as usize + e(q) != f {
                break;
            }
            let dragon = self.walked(game, number, t - 1);
            if !self.passed.insert((q.0, dragon.0, near.0)) {
                // Another jump handed this way past out at an f no greater,
                // and hands out every later one of this jump's (their
                // walks go on together): none is left here.
                self.jumps[number as usize].past = turns + 1;
                self.cut += 1;
                break;
            }
            if dragon != q && !graph.touches(dragon, q) {
                let mut reply = dragon;
                game.dragon_replies(dragon, q, |r| reply = r);
                land(q, reply, from, t, near_a);
            }
            self.jumps[number as usize].past += if self.waits { 1 } else { 2 };
        }
        let jump = &self.jumps[number as usize];
        if jump.landings && g + (turns + jump.least) as usize == f {
            // Lands on a cell unless another jump landed there with the
            // dragon on the same end in no more moves.
            let ground = Ground {
                corridor: jump.corridor,
                near_a,
                hero,
                turns,
                size,
            };
            let len = self.corridors.corridors[jump.corridor as usize].len;
            let corridors = &self.corridors;
            let landings = self
                .landings
                .get_or_insert_with(|| Landings::new(graph, corridors));
            landings.land(ground, len, self.waits, g as u32 + turns, |x| {
                out(Landing::ShadowJump(from, x, near, turns, near_a));
            });
            self.jumps[number as usize].landings = false;
        }
        self.next(&self.jumps[number as usize], exit_distance)
    }

    /// The hero's cells, turn by turn, on a jump of `cost` moves from
    /// `hero` to `to` whose near end is its corridor's `a` when `near_a`
    /// (see [`Shadows::jumps`]): a wait when the turns to spare are odd
    /// (waiting on), back and forth with the neighbour towards the near end
    /// for the rest, then along the corridor to `to`. Every cell is in the
    /// shadow or on the near end before the dragon reaches it.
    pub(super) fn line(
        &self,
        graph: &Graph,
        hero: CellId,
        (to, near_a): (CellId, bool),
        cost: u32,
    ) -> Vec<CellId> {
        let corridors = &self.corridors;
        let k = corridors.home[hero.index()];
        let p = corridors.place[hero.index()];
        let Corridor { a, b, len, .. } = corridors.corridors[k as usize];
        // The path position of `to`: a path cell, an end, or a tree cell
        // one deep (under the path cell it hangs from).
        let (target, down) = if to == a {
            (0, false)
        } else if to == b {
            (len, false)
        } else if corridors.place[to.index()] != NONE {
            (corridors.place[to.index()], false)
        } else {
            let up = graph
                .neighbors(to)
                .map(|(_, m)| m)
                .find(|m| corridors.home[m.index()] == k && corridors.place[m.index()] != NONE)
                .expect("a landing in a tree is one deep");
            (corridors.place[up.index()], true)
        };
        let mut way: Vec<CellId> = Vec::new();
        let mut at = p;
        while at != target {
            at = if at < target { at + 1 } else { at - 1 };
            way.push(corridors.cell(k, at));
        }
        if down {
            way.push(to);
        }
        let toward_near = corridors.cell(k, if near_a { p - 1 } else { p + 1 });
        let spare = cost - way.len() as u32;
        let mut cells = Vec::with_capacity(cost as usize);
        if spare % 2 == 1 {
            debug_assert!(self.waits, "without waits the turns to spare are even");
            cells.push(hero);
        }
        for _ in 0..spare / 2 {
            cells.push(toward_near);
            cells.push(hero);
        }
        cells.extend(way);
        cells
    }
}

/// The shadow rule's part of the pocket rule's tables, for the search.
impl Pockets<'_> {
    /// The hero's cells, turn by turn, on a jump of the shadow rule of
    /// `cost` moves from `hero` to `to`, whose near end is its corridor's
    /// `a` when `near_a` (see [`super::shadow`]).
    pub(in crate::search::pair) fn shadow_line(
        &self,
        graph: &Graph,
        hero: CellId,
        to: (CellId, bool),
        cost: u32,
    ) -> Vec<CellId> {
        self.shadows
            .as_ref()
            .expect("only the shadow rule jumps so")
            .line(graph, hero, to, cost)
    }

    /// Hands out what the shadow rule's jump `number` has at `f` (see
    /// [`super::shadow`]): positions to `land(hero, dragon, the position
    /// jumped from, turns, whether the near end is a)`, landings to `out`.
    /// Gives the f of its next hand-out.
    pub(in crate::search::pair) fn shadow_release(
        &mut self,
        game: &mut Game<'_>,
        (number, f): (u32, usize),
        land: impl FnMut(CellId, CellId, StateId, u32, bool),
        out: impl FnMut(Landing),
    ) -> Option<usize> {
        let shadows = self
            .shadows
            .as_mut()
            .expect("only the shadow rule hands out");
        shadows.release(game, self.exit_distance, (number, f), land, out)
    }
}
