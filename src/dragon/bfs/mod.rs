//! The default oracle: a walk down one distance field from the dragon's
//! start when the dragon is still on a shortest path from there, else a
//! Manhattan cone's sweep when a staircase joins the dragon to the hero's
//! cell, else the skeleton's distances once the searches have cost its
//! price, else a goal-directed search between the two, with full
//! distance fields cached for the targets whose searches grow large.
//! Where the cones answer more than two questions in three (open ground),
//! they go before the walk, which there may spread over every cell
//! between the two and rarely answers. A walk or cone that keeps failing
//! is tried again only every so often, and a walk tried again without
//! credit gives up after a few chains: one that answers in a maze needs
//! no more, one in open rooms may cost thousands.

use super::cone::Cone;
use super::directed::Directed;
use super::landmarks::Landmarks;
use super::root::{RootField, Scratch, WHOLE};
use super::skeleton::Reader;
use super::{DragonOracle, steps_from_field};
use crate::error::{Error, Resource, bytes_apart};
use crate::graph::{CellId, DirSet, Graph, UNREACHABLE};
use std::sync::atomic::Ordering;

const NO_SLOT: u32 = u32::MAX;

/// Bounds of the walk's credit (see [`BfsFields`]'s `walk_credit`).
const WALK_CREDIT_MAX: i32 = 64;
/// Without credit, one question in this many still tries a walk, and
/// gives up past this much work (chains searched): on open ground a walk
/// that fails may spread over every cell between the two, while one that
/// answers in a maze takes a few chains.
const RETRY_EVERY: u64 = 32;
const RETRY_WORK: usize = 256;
/// Where the cones' level sweeps keep failing, every how manyth question
/// still asks them.
const LEVEL_RETRY_EVERY: u64 = 8 * RETRY_EVERY;
/// Bounds of the cones' credit (see [`BfsFields`]'s `cone_credit`).
const CONE_CREDIT_MAX: i32 = 64;

/// At most this many root fields are kept, the most recently useful first.
const MAX_ROOTS: usize = 3;

/// The most a root may cost, in units of its build (see `root_price`).
const ROOT_PRICE_MAX: u64 = 64;

/// The most answers kept for repeated questions (a power of two).
const RECENT_MAX: usize = 1 << 16;
/// An empty entry of the recent answers.
const NO_QUESTION: u64 = u64::MAX;

/// Breadth-first answers within a memory budget.
///
/// First it asks the *root fields* (see `dragon/root.rs`): distances from a root
/// cell `r`, at first the dragon's start. If the dragon `d` lies on a
/// shortest path from `r` to the target `t` (the usual case while it
/// approaches), or `t` on one from `r` to `d`, every shortest path between
/// them follows the field one level a step, and the dragon's steps are found
/// by a search over the forks between them, which the field's compressed
/// chains make cheap: a maze has few.
///
/// When no root can tell, the Manhattan cones (see `dragon/cone.rs`) are
/// asked next: when a staircase path joins the dragon to the target (every
/// pair in an open room, most with scattered pillars or a lattice), a sweep
/// of a few words a line across the rectangle between them answers
/// exactly, where a search settles a level as wide as that rectangle. They
/// cost four bits a tile, bought on the first question they could take
/// when the room holds them; a sweep that finds no staircase ends on the
/// first line it cannot cross (in a maze within a few lines), and costs
/// at most the rectangle's lines times its words a line. When it finds no
/// staircase, the cones' level sweeps look for a path with a few steps
/// away from the target (around pillars), within a budget; where they keep
/// failing (in mazes) they are asked only every `LEVEL_RETRY_EVERY`th time,
/// and once the skeleton is bought they wait until it cannot tell: where
/// both answer (open rooms in a maze) a few labels cost less than the
/// sweeps' levels over the rectangle grown on every side.
///
/// When neither can tell and the map's skeleton is bought (see
/// `dragon/skeleton.rs`: a contraction hierarchy over the junctions, the
/// corridors between them contracted, open rooms replaced by their rings),
/// it answers with a few labels of
/// about a hundred entries each, whatever the distance between the two
/// and the rooms between them: exact distances from the dragon and each
/// of its neighbours, so the whole set of steps. It is bought by ski
/// rental, once the directed searches and the roots bought for want of
/// answers (of every dragon on the map: they share it) have cost about
/// what building it costs: its shape (two passes over the map) first, then
/// its hierarchy, whose price is counted by the junctions the shape found
/// (open rooms keep only their rings, but rooms too small or ragged to be
/// taken out, pillars and scattered walls make many junctions, and the
/// hierarchy dear). A hierarchy whose build passes its budget (a grid of
/// junctions, as open ground with pillars makes: see `dragon/hierarchy.rs`)
/// is given up, and the other methods answer. Once bought, the skeleton
/// answers before the walks (and before the cones, but where those answer
/// most questions): far from the root's start, a walk crosses many forks.
/// Where a faster dragon walked in from thousands of steps away on a
/// braided maze of 1001 tiles a side (seed 573291), the walks searched 16
/// to 127 chains a question, and a third of them found no answer; with the
/// labels first the longest line took 10 to 20 % less time.
///
/// When none of these can tell, goal-directed searches (A* with the Manhattan
/// distance, see `dragon/directed.rs`) find the distance from `t` to `d`'s
/// neighbours: about the distance's worth of cells in open ground, at most
/// the ball of that radius in a maze. Then a new root may go where the
/// dragon stands, over a ball twice that radius: a dragon chasing the hero
/// along a new line keeps to shortest paths from there for a while. A root
/// costs a pass over its ball, so one is bought only once the searches
/// since the last one cost as much (ski rental again: on open ground,
/// where roots rarely answer, most questions go to the searches). At most
/// three are kept, the least recently useful replaced (never the start's,
/// unless the budget holds one field only: then that one moves).
///
/// Work spent on a target without a root's answer is counted; once it
/// reaches the size of the map the target's full field is computed and
/// cached (ski rental), so targets asked about again and again (as when the
/// hero stands still while the search tries many dragons) cost one lookup
/// each. Fields sit in a fixed number of slots, the least recently read
/// replaced, so memory stays bounded whatever the search asks. Cells in
/// another connected component are recognised without a search (the dragon
/// sleeps): the start's field, kept whole, tells, or once it has moved,
/// component numbers.
///
/// The search asks many questions twice within a short while (two
/// positions with the dragon on one cell and heroes that may step onto the
/// same cell), so the last answers of walks and searches are kept in a small
/// direct-mapped table, one entry per hash of the question.
pub struct BfsFields<'g> {
    graph: &'g Graph,
    /// Where the dragon starts: the first root field's root.
    start: CellId,
    /// Component numbers, computed on the first question about a dragon
    /// outside the start's component (only asked by callers that probe
    /// arbitrary pairs: in a game the dragon never leaves it).
    component: Option<Vec<u32>>,
    /// Whether the map is one component (the start's whole field reaches
    /// every cell): then every two cells are joined, with no lookup.
    one_component: bool,
    /// Root fields, most recently useful first: the dragon's start, and
    /// cells the dragon stood on when no root could answer.
    roots: Vec<RootField>,
    /// How many root fields the budget holds (at most `MAX_ROOTS`).
    max_roots: usize,
    /// Whether the start's field may be replaced: when the budget holds
    /// only one root field (and the component numbers).
    start_moves: bool,
    /// The bytes the search leaves the oracle ([`DragonOracle::set_room`]):
    /// no root field or cached field is added past it.
    room: usize,
    /// Work spent so far answering for each target without a field (empty
    /// when there are no slots: then no field is ever bought).
    spent: Vec<u32>,
    /// Scratch for the root fields' searches (`mark`, `epoch`) and builds (`dist`).
    mark: Vec<u32>,
    dist: Vec<u32>,
    epoch: u32,
    /// For each target cell, the slot holding its field, or `NO_SLOT`.
    slot_of: Vec<u32>,
    /// For each slot, the target whose field it holds, and the field.
    owner: Vec<u32>,
    fields: Vec<Box<[u32]>>,
    slots: usize,
    /// For each slot, the question that last read its field: the least
    /// recently read is replaced.
    last_read: Vec<u64>,
    /// Questions asked, the clock of `last_read`.
    tick: u64,
    queue: Vec<u32>,
    /// Goal-directed searches, for questions no root can answer.
    directed: Directed,
    /// Recent answers of walks and searches: the questions
    /// (`dragon << 32 | target`, or `NO_QUESTION`) and their steps.
    recent: Vec<u64>,
    /// Each recent answer's steps (`DirSet`'s bits), with [`TOLD`] when
    /// its distance is in `recent_apart`.
    recent_steps: Vec<u8>,
    /// The distances of recent answers asked with their distance, in a
    /// table of their own: a question asked without never reads or writes
    /// it.
    recent_apart: Vec<u32>,
    built: u64,
    roots_built: u64,
    walked: u64,
    /// Grows when walks answer within `RETRY_WORK` and shrinks when they
    /// fail or answer only past it; while it is not
    /// positive only every `RETRY_EVERY`th question tries a walk, so maps
    /// where the dragon leaves the root's shortest paths pay little for them.
    walk_credit: i32,
    /// Grows by one when a cone answers (from zero at least) and shrinks by
    /// two when it does not; while it is positive (the cones answer more
    /// than two questions in three) they are asked before the walks, and
    /// once it is down to half its bound (many failures since the last
    /// answer) only every `RETRY_EVERY`th question asks them.
    cone_credit: i32,
    /// The like for the cones' level sweeps (`Cone::steps_away`), asked
    /// when no staircase answers: one more when they answer, two less when
    /// they do not (no reset to zero on an answer); once it is down to half
    /// its bound (in mazes, where shortest paths turn back far more often)
    /// only every `LEVEL_RETRY_EVERY`th question asks them.
    level_credit: i32,
    questions: u64,
    /// Work spent by goal-directed searches since the last root was added,
    /// and what building that root cost (cells): a new root is bought only
    /// once the searches it could have saved cost as much (ski rental).
    unrooted: u64,
    root_cost: u64,
    /// What a root costs in units of its build (doubled each time the last
    /// one bought answered nothing), and the walks counted when it was bought.
    root_price: u64,
    walked_at_root: u64,
    /// The recent work of finishing a directed search's level (a moving
    /// average, an eighth for each new one).
    finish_work: u64,
    /// Landmark bounds for the directed searches, bought once the searches
    /// cost as much as building them (ski rental), when the room holds them;
    /// shared with the other dragons' oracles on the same map, and counted
    /// by the one that built them (`owns_landmarks`).
    shared: Shared,
    owns_landmarks: bool,
    /// The directed searches' work so far, towards the landmarks' price,
    /// and how many times the Manhattan distance of its question a search
    /// cost lately (a moving average, an eighth for each new one, in
    /// sixteenths): in open ground about once or twice, in a maze the
    /// ball of that radius.
    directed_work: u64,
    excess: u64,
    /// Whether the directed searches use the landmarks (see [`Trial`]).
    trial: Trial,
    /// The Manhattan cones (see `dragon/cone.rs`), built on the first
    /// question no walk answers, when the room holds them; what they take.
    cone: Option<Cone>,
    cone_bytes: Option<usize>,
    /// Questions the cones answered, by a staircase or their level sweeps.
    coned: u64,
    /// This dragon's reader of the skeleton (see `dragon/skeleton.rs`),
    /// once bought (ski rental, on the work the skeleton would have saved
    /// all the dragons on the map; at once when another dragon's oracle
    /// built the skeleton); whether this oracle built the
    /// shared skeleton (and counts it); the questions it answered.
    reader: Option<Reader>,
    owns_skeleton: bool,
    skeletal: u64,
}

/// The landmarks on trial: once bought (ski rental) they guide the next
/// [`TRIAL`] directed searches; they stay if those cost at most a
/// [`KEPT_IF_CUT`]th as much, for the distance, as the searches before
/// them, and are set aside otherwise (in open ground the Manhattan
/// distance guides as well, and the bounds only add reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trial {
    /// None yet.
    Before,
    /// On trial: the searches left, and the excess before them.
    On { left: u32, before: u64 },
    /// Kept.
    Kept,
    /// Set aside.
    Aside,
}

/// The landmarks, when the directed searches use them.
fn guide(shared: &Shared, trial: Trial) -> Option<&Landmarks> {
    match trial {
        Trial::On { .. } | Trial::Kept => shared.landmarks.get(),
        Trial::Before | Trial::Aside => None,
    }
}

/// By how much the landmarks must cut the searches' work, for the
/// distance, to be kept: a search reads sixteen bounds a cell with them,
/// and costs about three times as much a cell.
const KEPT_IF_CUT: u64 = 4;

/// How many directed searches the landmarks are tried on.
const TRIAL: u32 = 64;

/// How many landmarks the oracle buys.
const LANDMARKS: usize = 16;

impl<'g> BfsFields<'g> {
    /// An oracle for `graph` using at most about `memory_budget` bytes.
    ///
    /// The fixed part ([`BfsFields::bytes_needed`] with no field) comes
    /// first; what is left buys up to two more root fields, then slots for
    /// cached fields. With no room for a slot the oracle caches nothing
    /// and answers every question by a root or a directed search.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the fixed part does not fit.
    pub fn new(graph: &'g Graph, memory_budget: usize) -> Result<Self, Error> {
        Self::with_start(graph, memory_budget, graph.dragon())
    }

    /// An oracle like [`BfsFields::new`] whose first root field is at
    /// `start` instead of the map's dragon: for another dragon (the
    /// several-dragons variant), which chases along shortest paths from its
    /// own start.
    ///
    /// # Errors
    /// As [`BfsFields::new`].
    pub(crate) fn with_start(
        graph: &'g Graph,
        memory_budget: usize,
        start: CellId,
    ) -> Result<Self, Error> {
        Self::sharing(graph, memory_budget, start, Shared::default())
    }

    /// [`BfsFields::with_start`] for one of several dragons on one map,
    /// sharing `landmarks` with the others' oracles.
    ///
    /// # Errors
    /// As [`BfsFields::new`].
    pub(crate) fn sharing(
        graph: &'g Graph,
        memory_budget: usize,
        start: CellId,
        shared: Shared,
    ) -> Result<Self, Error> {
        let n = graph.len();
        let fixed = Self::bytes_needed(n, 0);
        if fixed > memory_budget {
            return Err(Error::TooLarge {
                resource: Resource::Oracle,
                message: {
                    let (need, budget) = bytes_apart(fixed, memory_budget);
                    format!(
                        "the dragon oracle for {n} cells needs {need}, over the {budget} it may use"
                    )
                },
            });
        }
        let spare = memory_budget - fixed;
        let root = RootField::bytes_needed(n).max(1);
        let extra_roots = (spare / root).min(MAX_ROOTS - 1);
        // With room for one root only, it may move off the start once the
        // component numbers (a number a cell) tell connectivity instead.
        let numbers = n * size_of::<u32>();
        let start_moves = extra_roots == 0 && spare >= numbers;
        let spare = spare - extra_roots * root - if start_moves { numbers } else { 0 };
        // The first slot needs the per-target counts and slot numbers beside
        // its field.
        let field = n.max(1) * size_of::<u32>();
        let slots = (spare.saturating_sub(2 * field) / field).min(n);
        let per_target = if slots > 0 { n } else { 0 };
        let mut oracle = BfsFields {
            graph,
            start,
            component: None,
            one_component: false,
            roots: Vec::new(),
            max_roots: 1 + extra_roots,
            start_moves,
            room: memory_budget,
            spent: vec![0; per_target],
            mark: vec![0; n],
            dist: vec![0; n],
            epoch: 0,
            slot_of: vec![NO_SLOT; per_target],
            owner: Vec::new(),
            fields: Vec::new(),
            slots,
            last_read: Vec::new(),
            tick: 0,
            queue: Vec::with_capacity(n),
            directed: Directed::with_cells(n),
            recent: vec![NO_QUESTION; recent_entries(n)],
            recent_steps: vec![0; recent_entries(n)],
            recent_apart: vec![0; recent_entries(n)],
            built: 0,
            roots_built: 0,
            walked: 0,
            walk_credit: WALK_CREDIT_MAX / 8,
            cone_credit: 0,
            level_credit: 0,
            questions: 0,
            unrooted: 0,
            root_cost: 0,
            root_price: 1,
            walked_at_root: 0,
            finish_work: 0,
            shared,
            owns_landmarks: false,
            reader: None,
            owns_skeleton: false,
            skeletal: 0,
            directed_work: 0,
            excess: 0,
            trial: Trial::Before,
            cone: None,
            cone_bytes: None,
            coned: 0,
        };
        let started = oracle.add_root(start, WHOLE);
        debug_assert!(started, "the fixed part holds the start's field");
        oracle.one_component = (0..n).all(|c| oracle.roots[0].level(c) != UNREACHABLE);
        Ok(oracle)
    }

    /// About how many bytes the oracle needs for `cells` cells with room for
    /// `fields` cached fields: the start's root field, the directed
    /// searches' marks, three scratch arrays (the builds' distances and
    /// marks, a queue), the recent answers and, with any field, the
    /// per-target counts and slots beside the fields. Each further root
    /// field (at most two) takes `RootField`'s share more; the oracle buys
    /// them with what is left of its budget before any field.
    pub fn bytes_needed(cells: usize, fields: usize) -> usize {
        let per_target = if fields > 0 { 2 } else { 0 };
        RootField::bytes_needed(cells)
            + Directed::bytes_needed(cells)
            + cells * (3 + per_target + fields) * size_of::<u32>()
            + recent_entries(cells) * RECENT_ENTRY
    }

    /// About how many bytes the oracle needs for `cells` cells with a
    /// second root field: what keeps it quick on maps whose dragon leaves
    /// the shortest paths from its start.
    pub(crate) fn bytes_with_second_root(cells: usize) -> usize {
        Self::bytes_needed(cells, 0) + RootField::bytes_needed(cells)
    }

    /// How many full fields have been computed so far.
    pub fn fields_built(&self) -> u64 {
        self.built
    }

    /// How many root fields have been built, the start's included.
    pub fn roots_built(&self) -> u64 {
        self.roots_built
    }

    /// How many questions the Manhattan cones answered (by a staircase or
    /// by their level sweeps).
    pub fn coned(&self) -> u64 {
        self.coned
    }

    /// Questions the skeleton answered.
    pub fn skeletal(&self) -> u64 {
        self.skeletal
    }

    /// How many questions the walk down the root field answered.
    pub fn root_walks(&self) -> u64 {
        self.walked
    }

    /// Whether `more` bytes fit in the room the search leaves.
    fn fits(&self, more: usize) -> bool {
        self.bytes().saturating_add(more) <= self.room
    }

    /// Whether a new slot for a field fits.
    fn slot_free(&self) -> bool {
        self.owner.len() < self.slots && self.fits(self.graph.len() * size_of::<u32>())
    }

    /// Whether [`BfsFields::promote`] would cache `target`'s field: it has
    /// none, and there is a slot to fill or to take.
    fn field_room(&self, target: CellId) -> bool {
        self.slot_of
            .get(target.index())
            .is_some_and(|&s| s == NO_SLOT)
            && (self.slot_free() || !self.owner.is_empty())
    }

    /// Caches the full distance field towards `target` in a new slot or
    /// the least recently read one, and returns the slot (none when the
    /// room has none, or the target has one).
    fn promote(&mut self, target: CellId) -> Option<usize> {
        if !self.field_room(target) {
            return None;
        }
        let slot = if self.slot_free() {
            self.owner.push(target.0);
            self.last_read.push(self.tick);
            self.fields
                .push(vec![UNREACHABLE; self.graph.len()].into_boxed_slice());
            self.owner.len() - 1
        } else {
            let victim = (0..self.last_read.len()).min_by_key(|&i| self.last_read[i])?;
            self.last_read[victim] = self.tick;
            let evicted = self.owner[victim] as usize;
            self.slot_of[evicted] = NO_SLOT;
            // The evicted target earns its next field afresh: without this,
            // a few slots shared by many busy targets would rebuild a whole
            // field on every question (each build evicting the next).
            self.spent[evicted] = 0;
            self.owner[victim] = target.0;
            self.fields[victim].fill(UNREACHABLE);
            victim
        };
        self.slot_of[target.index()] = slot as u32;
        self.graph
            .fill_distances(target, &mut self.fields[slot], &mut self.queue);
        self.built += 1;
        Some(slot)
    }
}

impl BfsFields<'_> {
    /// The dragon's shortest steps read off the first root field that can tell, or `None` when
    /// none can (the dragon is off every shortest path from the
    /// roots to the target, or the searches grow past their budgets).
    ///
    /// Also returns the work done (chains searched).
    fn through_root(
        &mut self,
        dragon: CellId,
        target: CellId,
        cap: usize,
    ) -> (Option<(DirSet, Option<u32>)>, usize) {
        let mut work = 0;
        for i in 0..self.roots.len() {
            // Built field by field (not `self.scratch()`): `self.roots` stays
            // borrowed beside it.
            let mut scratch = Scratch {
                mark: &mut self.mark,
                epoch: &mut self.epoch,
                stack: &mut self.queue,
            };
            let question = (dragon, target);
            let (steps, spent) = self.roots[i].steps(self.graph, question, cap, &mut scratch);
            work += spent;
            if let Some(steps) = steps {
                self.walked += 1;
                let apart = self.roots[i].walked_apart(dragon, target);
                // Most recently useful first.
                self.roots[..=i].rotate_right(1);
                return (Some((steps, apart)), work);
            }
        }
        (None, work)
    }

    /// Builds a root field at `root` over the cells within `radius`, in a
    /// new slot (if the room holds one) or the least recently useful one, and
    /// puts it first. False when there is neither.
    fn add_root(&mut self, root: CellId, radius: u32) -> bool {
        let n = self.graph.len();
        let mut field =
            if self.roots.len() < self.max_roots && self.fits(RootField::bytes_needed(n)) {
                RootField::with_cells(n)
            } else {
                // The least recently useful, but the start's whole field only
                // when it may move (then the component numbers are there).
                let Some(victim) = self
                    .roots
                    .iter()
                    .rposition(|r| !r.is_whole())
                    .or_else(|| self.start_moves.then_some(self.roots.len() - 1))
                else {
                    return false;
                };
                if self.roots[victim].is_whole() {
                    // The start's field goes: number the components first.
                    self.component.get_or_insert_with(|| components(self.graph));
                }
                self.roots.remove(victim)
            };
        field.build(self.graph, root, radius, &mut self.queue, &mut self.dist);
        self.roots.insert(0, field);
        self.roots_built += 1;
        true
    }

    /// After the roots failed and a directed search found the dragon
    /// `distance` steps from its target: roots a field where the dragon
    /// stands, over a ball twice that size, which the chase is likely to stay
    /// in for a while: a dragon chasing along a new line keeps to shortest
    /// paths from there.
    fn reroot(&mut self, dragon: CellId, distance: u32) {
        // With room for one root only, one that has moved off the start goes
        // back there: the start's field answers most questions (the dragon
        // chases along shortest paths from its start), another root only
        // those near it, so the next failures are more likely the start's.
        let (root, radius) = if self.max_roots == 1 && !self.roots[0].is_whole() {
            (self.start, WHOLE)
        } else {
            (dragon, distance.saturating_mul(2).saturating_add(64))
        };
        // A root that answered nothing before the next is wanted was money
        // thrown away (in open ground walks give up): the next costs twice
        // as much, until one answers.
        let useless = self.walked == self.walked_at_root;
        self.root_price = if useless {
            (self.root_price * 2).min(ROOT_PRICE_MAX)
        } else {
            1
        };
        self.walked_at_root = self.walked;
        if self.add_root(root, radius) {
            self.spend(self.queue.len());
            self.root_cost = self.queue.len() as u64 * self.root_price;
        } else {
            // No room for a second root: stop counting towards one.
            self.root_cost = u64::MAX;
        }
        self.unrooted = 0;
        self.walk_credit = self.walk_credit.max(WALK_CREDIT_MAX / 8);
    }

    /// Adds `cost` to the work spent on `target` without a field.
    fn charge(&mut self, target: CellId, cost: usize) {
        let Some(spent) = self.spent.get_mut(target.index()) else {
            return;
        };
        *spent = spent.saturating_add(u32::try_from(cost).unwrap_or(u32::MAX));
    }
}

impl BfsFields<'_> {
    /// After a directed search: buys the landmarks once the searches cost
    /// their price (or takes those another dragon's oracle bought), tries
    /// them, and keeps them or sets them aside (see [`Trial`]).
    fn judge_landmarks(&mut self) {
        let graph = self.graph;
        match self.trial {
            Trial::Before => {
                let due = self.directed_work >= (LANDMARKS * graph.len()) as u64;
                if self.shared.landmarks.get().is_none()
                    && due
                    && self.fits(Landmarks::bytes_needed(graph.len(), LANDMARKS))
                {
                    let built = Landmarks::new(graph, self.start, LANDMARKS, &mut self.queue);
                    self.owns_landmarks = self.shared.landmarks.set(built).is_ok();
                }
                if due && self.shared.landmarks.get().is_some() {
                    self.trial = Trial::On {
                        left: TRIAL,
                        before: self.excess,
                    };
                }
            }
            Trial::On { left: 0, before } => {
                self.trial = if KEPT_IF_CUT * self.excess <= before {
                    Trial::Kept
                } else {
                    Trial::Aside
                };
            }
            Trial::On { left, before } => {
                self.trial = Trial::On {
                    left: left - 1,
                    before,
                }
            }
            Trial::Kept | Trial::Aside => {}
        }
    }

    /// Whether a path joins `a` and `b`: on a map of one component, yes;
    /// else read off the whole field of the dragon's start when it is kept
    /// and `a` is in its component, else off component numbers.
    fn connected(&mut self, a: CellId, b: CellId) -> bool {
        if self.one_component {
            return true;
        }
        let whole = self.roots.iter().find(|r| r.is_whole());
        if let Some(whole) = whole.filter(|w| w.level(a.index()) != UNREACHABLE) {
            return whole.level(b.index()) != UNREACHABLE;
        }
        let component = self.component.get_or_insert_with(|| components(self.graph));
        component[a.index()] == component[b.index()]
    }
}

/// The bytes of a recent answer: the question, the steps, the distance.
const RECENT_ENTRY: usize = size_of::<u64>() + size_of::<u8>() + size_of::<u32>();

/// A recent answer's flag beside its steps: its distance is known.
const TOLD: u8 = 1 << 4;

/// How many recent answers the oracle keeps for a map of `cells` cells:
/// one for every two cells (a power of two, at least two, so that the
/// hash's shift stays under 64), up to `RECENT_MAX`.
fn recent_entries(cells: usize) -> usize {
    (cells / 2).next_power_of_two().clamp(2, RECENT_MAX)
}

/// A component number for every cell (cells share one iff a path joins them).
fn components(graph: &Graph) -> Vec<u32> {
    let mut component = vec![u32::MAX; graph.len()];
    let mut stack = Vec::new();
    let mut next = 0;
    for start in 0..graph.len() {
        if component[start] != u32::MAX {
            continue;
        }
        component[start] = next;
        stack.push(CellId(start as u32));
        while let Some(cell) = stack.pop() {
            for (_, n) in graph.neighbors(cell) {
                if component[n.index()] == u32::MAX {
                    component[n.index()] = next;
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    component
}

impl DragonOracle for BfsFields<'_> {
    fn bytes(&self) -> usize {
        let n = self.graph.len();
        self.roots.len() * RootField::bytes_needed(n)
            + Directed::bytes_needed(n)
            + (3 * n + self.spent.len() + self.slot_of.len()) * size_of::<u32>()
            + self.recent.len() * RECENT_ENTRY
            + self.fields.len() * n * size_of::<u32>()
            + self
                .component
                .as_ref()
                .map_or(0, |c| c.len() * size_of::<u32>())
            + match self.shared.landmarks.get() {
                Some(landmarks) if self.owns_landmarks => landmarks.bytes(),
                _ => 0,
            }
            + self.cone.as_ref().map_or(0, Cone::bytes)
            + self.reader.as_ref().map_or(0, Reader::bytes)
            + match self.shared.skeleton.get() {
                _ if !self.owns_skeleton => 0,
                Some(Some(skeleton)) => skeleton.bytes(),
                Some(None) => 0,
                None => self.shared.shape_bytes.load(Ordering::Relaxed),
            }
    }

    fn set_room(&mut self, bytes: usize) {
        self.room = bytes;
    }

    fn shortest_steps(&mut self, dragon: CellId, target: CellId) -> Option<DirSet> {
        self.ask(dragon, target, false).map(|(steps, _)| steps)
    }

    /// Every method but the walk down a root field of a tree knows the
    /// distance it answers with: a field holds it, the cones' staircase
    /// is as long as the Manhattan distance, a walk along a root field's
    /// shortest paths spans the difference of two levels, the skeleton
    /// and the directed searches compute it.
    fn shortest_steps_apart(
        &mut self,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, Option<u32>)> {
        self.ask(dragon, target, true)
    }
}

impl BfsFields<'_> {
    /// A question, with the distance when `apart` and the method that
    /// answered knew it: a recent answer's distance is read only then (it
    /// lies apart from the questions and steps, which a probe reads).
    #[inline(always)]
    fn ask(
        &mut self,
        dragon: CellId,
        target: CellId,
        apart: bool,
    ) -> Option<(DirSet, Option<u32>)> {
        let graph = self.graph;
        if !self.connected(dragon, target) {
            return None;
        }
        self.tick += 1;
        let slot = self.slot_of.get(target.index()).copied().unwrap_or(NO_SLOT);
        if slot != NO_SLOT {
            self.last_read[slot as usize] = self.tick;
            let field = &self.fields[slot as usize];
            return steps_from_field(graph, dragon, |c| field[c.index()], UNREACHABLE)
                .map(|(steps, apart)| (steps, Some(apart)));
        }
        let question = u64::from(dragon.0) << 32 | u64::from(target.0);
        // Fibonacci hashing: the top bits of the product index the table.
        let entry = (question.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - self.recent.len().trailing_zeros())) as usize;
        if self.recent[entry] == question {
            let bits = self.recent_steps[entry];
            let told = (apart && bits & TOLD != 0).then(|| self.recent_apart[entry]);
            return Some((DirSet::from_bits(bits), told));
        }
        let (steps, told) = self.answer(dragon, target)?;
        self.recent[entry] = question;
        self.recent_steps[entry] = steps.bits();
        if let Some(told) = told.filter(|_| apart) {
            self.recent_steps[entry] |= TOLD;
            self.recent_apart[entry] = told;
        }
        Some((steps, told))
    }
}

mod answer;
mod shared;

#[cfg(test)]
impl BfsFields<'_> {
    /// The skeleton bought at the first question no walk answers, and no
    /// cones, so that the skeleton is what answers.
    pub(crate) fn skeleton_first(&mut self) {
        self.shared.spent.store(u64::MAX / 2, Ordering::Relaxed);
        self.cone_bytes = Some(usize::MAX);
    }
}

pub(crate) use shared::Shared;
#[cfg(test)]
mod tests;
