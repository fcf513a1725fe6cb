//! The ground the dragons walk on: the map as its doors stand, and the
//! oracles that answer the dragons' questions on it.
//!
//! Without doors the map never changes: one set of oracles answers, one a
//! dragon (each with its first root field at that dragon's start, where its
//! chase comes from). With doors, each door state met gets its own map
//! (the closed doors cut off, the cells keeping their numbers, made once by
//! [`Graph::with_doors`]) and its own oracles, within a share of the
//! oracles' budget each; a state whose oracles do not fit stops the search
//! with the budget error ([`Oracles::failure`]), and the oracle asked for
//! is the one every state gets (the reference stays the reference).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::FxHashMap;

use super::position::Layout;
use crate::dragon::{BfsFields, DragonOracle, OracleKind, Ruler, Shared};
use crate::error::Error;
use crate::graph::{CellId, DirSet, Graph};
use crate::puzzle::Locks;

/// Door states a page of [`DoorMaps`] holds.
const PAGE: usize = 256;

/// The map of each door state, made on first use: pages of slots, made
/// when a state of theirs is first asked for, so that sixteen doors cost
/// nothing until their states are met.
#[derive(Default)]
pub(crate) struct DoorMaps {
    pages: Vec<OnceLock<Box<[OnceLock<Graph>]>>>,
    bytes: AtomicUsize,
}

impl DoorMaps {
    /// Room for the door states of `doors` doors.
    pub(crate) fn new(doors: usize) -> DoorMaps {
        let states = if doors == 0 { 0 } else { 1usize << doors };
        DoorMaps {
            pages: (0..states.div_ceil(PAGE))
                .map(|_| OnceLock::new())
                .collect(),
            bytes: AtomicUsize::new(0),
        }
    }

    /// About how many bytes the maps made so far hold.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
            + self.pages.len() * size_of::<OnceLock<Box<[OnceLock<Graph>]>>>()
    }
}

/// The map as its doors stand: the base graph, where the keys and doors
/// are, and the maps of the door states met.
#[derive(Clone, Copy)]
pub(crate) struct Terrain<'a> {
    pub(crate) base: &'a Graph,
    pub(crate) layout: &'a Layout,
    /// The door states' maps (`None` on a map without doors).
    maps: Option<&'a DoorMaps>,
}

impl<'a> Terrain<'a> {
    /// The terrain of `base` with the pieces of `layout`, whose door
    /// states' maps go in `maps` (made with [`DoorMaps::new`] for the
    /// layout's doors).
    pub(crate) fn new(base: &'a Graph, layout: &'a Layout, maps: &'a DoorMaps) -> Self {
        Terrain {
            base,
            layout,
            maps: Some(maps),
        }
    }

    /// The terrain of a map without doors.
    pub(crate) fn plain(base: &'a Graph, layout: &'a Layout) -> Self {
        debug_assert!(layout.doors().is_empty(), "a map without doors");
        Terrain {
            base,
            layout,
            maps: None,
        }
    }

    /// The map with the doors of `opened` open and the others closed (the
    /// base graph on a map without doors).
    #[inline]
    pub(crate) fn map(&self, opened: u16) -> &'a Graph {
        let doors = self.layout.doors();
        let Some(maps) = self.maps.filter(|_| !doors.is_empty()) else {
            return self.base;
        };
        let i = usize::from(opened);
        let page =
            maps.pages[i / PAGE].get_or_init(|| (0..PAGE).map(|_| OnceLock::new()).collect());
        page[i % PAGE].get_or_init(|| {
            let map = self.base.with_doors(doors, Locks { taken: 0, opened });
            let page_bytes = if i % PAGE == 0 {
                PAGE * size_of::<OnceLock<Graph>>()
            } else {
                0
            };
            maps.bytes
                .fetch_add(map.bytes() + page_bytes, Ordering::Relaxed);
            map
        })
    }

    /// About how many bytes the door states' maps hold.
    pub(crate) fn bytes(&self) -> usize {
        self.maps.map_or(0, DoorMaps::bytes)
    }
}

/// The fewest cells of a map whose dragons' oracles are built on two
/// threads: a thread's start costs some microseconds.
const SHARED_CELLS: usize = if cfg!(test) { 1 } else { 1 << 16 };

/// Where the oracles come from.
enum Source<'a> {
    /// Built on demand, of this kind, for each door state: for the default
    /// oracle one a dragon, each with its first root at that dragon's start.
    Built {
        kind: OracleKind,
        starts: Vec<CellId>,
    },
    /// Given, for the one map (no doors).
    Given,
    /// A ruler that measures single questions (a game in play), on any
    /// door state's map.
    Ruler(&'a mut Ruler),
}

/// The dragons' oracles on each door state's map.
pub(crate) struct Oracles<'a> {
    source: Source<'a>,
    /// The oracles of each door state met, one a dragon (or one for all).
    states: Vec<Vec<Box<dyn DragonOracle + Send + 'a>>>,
    state_of: FxHashMap<u16, usize>,
    /// The door state last asked about and its place in `states`.
    last: Option<(u16, usize)>,
    /// What the oracles of one door state may hold.
    share: usize,
    /// Why a door state's oracles could not be built; the search stops.
    failure: Option<Error>,
    /// What the door states' oracles held when last weighed.
    weighed: Weighed,
    /// Whether a door state's oracles may be built on two threads.
    two_threads: bool,
}

/// What each door state's oracles held when last weighed, and their sum:
/// a map of many doors has thousands of oracles, and only those asked
/// about since can have grown.
#[derive(Default)]
struct Weighed {
    held: Vec<usize>,
    total: usize,
    /// The door states asked about since the last weighing
    /// ([`Oracles::set_room`]), each once.
    fresh: Vec<usize>,
    is_fresh: Vec<bool>,
}

impl Weighed {
    /// A door state is added, not weighed yet.
    fn added(&mut self) {
        self.held.push(0);
        self.is_fresh.push(false);
        self.asked(self.held.len() - 1);
    }

    /// Door state `i` was asked about: it is weighed at the next weighing.
    fn asked(&mut self, i: usize) {
        if !self.is_fresh[i] {
            self.is_fresh[i] = true;
            self.fresh.push(i);
        }
    }
}

impl<'a> Oracles<'a> {
    /// One given oracle for every dragon, on a map without doors.
    pub(crate) fn given(oracle: Box<dyn DragonOracle + Send + 'a>) -> Self {
        let mut state_of = FxHashMap::default();
        state_of.insert(0, 0);
        Oracles {
            source: Source::Given,
            states: vec![vec![oracle]],
            state_of,
            last: Some((0, 0)),
            share: usize::MAX,
            failure: None,
            two_threads: false,
            weighed: {
                let mut weighed = Weighed::default();
                weighed.added();
                weighed
            },
        }
    }

    /// Oracles of `kind` for the dragons of `terrain`'s layout, within
    /// `budget` bytes: all of it without doors, a quarter for each door
    /// state's oracles with doors (the first state's are built now, the
    /// search counts the later ones). With `two_threads`, on a map of
    /// [`SHARED_CELLS`] cells or more, a door state's oracles for several
    /// dragons are built half on another thread: each builds its start's
    /// root field, a pass over the map (on a braided map of 2001 tiles a
    /// side, three of them took some 0.5 s of a 3 s solve).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the first state's oracles do not fit.
    pub(crate) fn built(
        terrain: &Terrain<'a>,
        kind: OracleKind,
        budget: usize,
        two_threads: bool,
    ) -> Result<Self, Error> {
        let share = if terrain.layout.doors().is_empty() {
            budget
        } else {
            budget / 4
        };
        let mut oracles = Oracles {
            source: Source::Built {
                kind,
                starts: terrain.layout.dragons().to_vec(),
            },
            states: Vec::new(),
            state_of: FxHashMap::default(),
            last: None,
            share,
            failure: None,
            weighed: Weighed::default(),
            two_threads,
        };
        oracles.state(terrain, 0)?;
        Ok(oracles)
    }

    /// The oracles a search of `solver`'s map asks under `options`: of
    /// their kind, within the solver's oracle budget, built on two threads
    /// when the options allow two (see [`Oracles::built`]).
    ///
    /// # Errors
    /// As [`Oracles::built`], or the budget's own error.
    pub(crate) fn for_search(
        terrain: &Terrain<'a>,
        solver: &super::Solver,
        options: &super::Options,
    ) -> Result<Self, Error> {
        let budget = solver.oracle_budget(options)?;
        Self::built(terrain, options.oracle, budget, options.two_threads())
    }

    /// A ruler for single questions, on every door state's map.
    pub(crate) fn ruler(ruler: &'a mut Ruler) -> Self {
        Oracles {
            source: Source::Ruler(ruler),
            states: Vec::new(),
            state_of: FxHashMap::default(),
            last: None,
            share: usize::MAX,
            failure: None,
            weighed: Weighed::default(),
            two_threads: false,
        }
    }

    /// The place of door state `opened`'s oracles, built if new.
    fn state(&mut self, terrain: &Terrain<'a>, opened: u16) -> Result<usize, Error> {
        if let Some(&i) = self.state_of.get(&opened) {
            return Ok(i);
        }
        let Source::Built { kind, starts } = &self.source else {
            unreachable!("given oracles serve a map without doors")
        };
        let map = terrain.map(opened);
        let made: Vec<Box<dyn DragonOracle + Send + 'a>> = if *kind == OracleKind::Bfs {
            // One oracle a dragon, each with its first root at its start;
            // the landmarks and the skeleton depend on the map only, so they share them.
            let share = self.share / starts.len();
            let tables = Shared::default();
            let build = |&start: &CellId| {
                BfsFields::sharing(map, share, start, tables.clone())
                    .map(|o| Box::new(o) as Box<dyn DragonOracle + Send + 'a>)
            };
            if self.two_threads && starts.len() > 1 && map.len() >= SHARED_CELLS {
                // The second half on another thread (or on this one, when
                // the system has no thread to give).
                let half = starts.len() / 2;
                std::thread::scope(|scope| {
                    let theirs = std::thread::Builder::new()
                        .spawn_scoped(scope, || starts[half..].iter().map(build).collect());
                    let mut made: Vec<_> = starts[..half].iter().map(build).collect();
                    match theirs.map(|theirs| theirs.join()) {
                        Ok(Ok(theirs)) => made.extend::<Vec<_>>(theirs),
                        Ok(Err(panic)) => std::panic::resume_unwind(panic),
                        Err(_) => made.extend(starts[half..].iter().map(build)),
                    }
                    made.into_iter().collect::<Result<Vec<_>, _>>()
                })?
            } else {
                starts.iter().map(build).collect::<Result<_, _>>()?
            }
        } else {
            vec![kind.build(map, self.share)?]
        };
        self.states.push(made);
        let i = self.states.len() - 1;
        self.state_of.insert(opened, i);
        self.weighed.added();
        Ok(i)
    }

    /// Dragon `which`'s shortest steps from `dragon` towards `target` on
    /// the map with the doors of `opened` open, with (when `apart`) the
    /// distance between them if the oracle knew it
    /// ([`DragonOracle::shortest_steps_apart`]), or `None` when no path
    /// joins them (or the door state's oracles did not fit: then
    /// [`Oracles::failure`] says so and the search stops).
    #[inline]
    pub(crate) fn steps(
        &mut self,
        terrain: &Terrain<'a>,
        opened: u16,
        which: usize,
        (dragon, target): (CellId, CellId),
        apart: bool,
    ) -> Option<(DirSet, Option<u32>)> {
        let i = match self.last {
            Some((last, i)) if last == opened => i,
            _ => {
                if let Source::Ruler(ruler) = &mut self.source {
                    return ruler
                        .steps_on(terrain.map(opened), opened, dragon, target)
                        .map(|steps| (steps, None));
                }
                match self.state(terrain, opened) {
                    Ok(i) => {
                        self.last = Some((opened, i));
                        i
                    }
                    Err(error) => {
                        self.failure.get_or_insert(error);
                        return None;
                    }
                }
            }
        };
        self.weighed.asked(i);
        let oracles = &mut self.states[i];
        let last = oracles.len() - 1;
        let oracle = &mut oracles[which.min(last)];
        if apart {
            oracle.shortest_steps_apart(dragon, target)
        } else {
            oracle
                .shortest_steps(dragon, target)
                .map(|steps| (steps, None))
        }
    }

    /// The error of a door state whose oracles did not fit, if any.
    pub(crate) fn failure(&mut self) -> Option<Error> {
        self.failure.take()
    }

    /// Whether a door state's oracles did not fit.
    pub(crate) fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// About how many bytes the oracles hold.
    pub(crate) fn bytes(&self) -> usize {
        let ruler = match &self.source {
            Source::Ruler(ruler) => ruler.bytes(),
            _ => 0,
        };
        let weighed = &self.weighed;
        let fresh = weighed.fresh.iter().map(|&i| {
            let now: usize = self.states[i].iter().map(|o| o.bytes()).sum();
            now.wrapping_sub(weighed.held[i])
        });
        ruler + fresh.fold(weighed.total, usize::wrapping_add)
    }

    /// Shares `bytes` of room among the oracles: each of those asked about
    /// since the last call is told its share (the others have not grown
    /// since they were last told, and are told when next asked), and what
    /// they hold is weighed again.
    pub(crate) fn set_room(&mut self, bytes: usize) {
        let all = self.states.iter().map(Vec::len).sum::<usize>().max(1);
        let share = bytes / all;
        let weighed = &mut self.weighed;
        for i in weighed.fresh.drain(..) {
            weighed.is_fresh[i] = false;
            let oracles = &mut self.states[i];
            oracles.iter_mut().for_each(|o| o.set_room(share));
            let now: usize = oracles.iter().map(|o| o.bytes()).sum();
            weighed.total = weighed.total - weighed.held[i] + now;
            weighed.held[i] = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::FloydWarshall;
    use crate::puzzle::Puzzle;

    /// Every door state met gets the oracle asked for, within the share
    /// of the budget: the reference stays the reference. A state whose
    /// oracles do not fit is a failure the search stops on, never a quiet
    /// change of oracle.
    #[test]
    fn every_door_state_gets_the_oracle_asked_for() {
        let puzzle: Puzzle = "H.k..\n.##+.\n...DE\n".parse().unwrap();
        let graph = Graph::new(&puzzle);
        let layout = Layout::new(&puzzle, &graph);
        let maps = DoorMaps::new(layout.doors().len());
        let terrain = Terrain::new(&graph, &layout, &maps);
        let reference = FloydWarshall::new(&graph, usize::MAX).unwrap().bytes();
        let budget = 4 * reference;
        let mut oracles =
            Oracles::built(&terrain, OracleKind::FloydWarshall, budget, false).unwrap();
        assert_eq!(oracles.bytes(), reference);
        let (dragon, hero) = (layout.dragons()[0], graph.hero());
        oracles.steps(&terrain, 1, 0, (dragon, hero), false);
        assert_eq!(oracles.bytes(), 2 * reference, "a second reference oracle");
        assert!(!oracles.failed());
        // With a share too small for the reference, the first state fails
        // to build; a later one that fails stops the search.
        assert!(Oracles::built(&terrain, OracleKind::FloydWarshall, budget - 4, false).is_err());
        let mut oracles =
            Oracles::built(&terrain, OracleKind::FloydWarshall, budget, false).unwrap();
        oracles.share = reference - 1;
        assert_eq!(oracles.steps(&terrain, 1, 0, (dragon, hero), false), None);
        assert!(oracles.failed());
        assert!(matches!(oracles.failure(), Some(Error::TooLarge { .. })));
    }

    /// The dragons' oracles built on two threads answer as those built on
    /// one, and as the reference, for every dragon, door state and pair of
    /// cells.
    #[test]
    fn oracles_built_on_two_threads_answer_alike() {
        let puzzle: Puzzle = "H...k....\n.##+####.\n.D.....D.\n.#.##.#..\n....D...E\n"
            .parse()
            .unwrap();
        let graph = Graph::new(&puzzle);
        let layout = Layout::new(&puzzle, &graph);
        assert_eq!(layout.dragons().len(), 3);
        let maps = DoorMaps::new(layout.doors().len());
        let terrain = Terrain::new(&graph, &layout, &maps);
        let mut built = [false, true].map(|two_threads| {
            Oracles::built(&terrain, OracleKind::Bfs, 1 << 24, two_threads).unwrap()
        });
        for opened in 0..2 {
            let map = terrain.map(opened);
            let mut reference = FloydWarshall::new(map, usize::MAX).unwrap();
            let cells = || (0..map.len()).map(|c| CellId(c as u32));
            for (target, dragon) in cells().flat_map(|t| cells().map(move |d| (t, d))) {
                if target == dragon {
                    continue;
                }
                let expected = reference.shortest_steps(dragon, target);
                for which in 0..3 {
                    for oracles in &mut built {
                        let answer =
                            oracles.steps(&terrain, opened, which, (dragon, target), false);
                        assert_eq!(
                            answer.map(|(steps, _)| steps),
                            expected,
                            "{dragon:?} to {target:?}"
                        );
                    }
                }
            }
        }
        assert!(built.iter().all(|o| !o.failed()));
    }
}
