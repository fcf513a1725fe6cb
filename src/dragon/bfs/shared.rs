//! What the default oracles of the dragons on one map share (the landmark
//! bounds and the skeleton), and how an oracle buys the skeleton: by ski
//! rental on the work it would have saved all of them.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::BfsFields;
use crate::dragon::DragonOracle;
use crate::dragon::hierarchy::budget;
use crate::dragon::landmarks::Landmarks;
use crate::dragon::skeleton::{Reader, Shape, Skeleton};
use crate::graph::{CellId, DirSet};

/// What the oracles of the dragons on one map share, each part built once
/// by the first oracle that buys it (which counts it against its room):
/// the landmark bounds and the skeleton. Oracles on several threads may
/// share them: the skeleton is bought under a lock, by one of them.
#[derive(Default)]
pub(crate) struct MapTables {
    pub(super) landmarks: OnceLock<Landmarks>,
    /// The skeleton's shape, until its hierarchy is bought.
    pub(super) shape: Mutex<Option<Shape>>,
    /// The skeleton, or `None` once it was found not to fit.
    pub(super) skeleton: OnceLock<Option<Skeleton>>,
    /// What the skeleton would have saved, towards its price, in cells of
    /// a field's pass: the cells the dragons' root fields bought after the
    /// start's covered, and four for each cell their directed searches
    /// settled (a search settles a cell about four times slower).
    pub(super) spent: AtomicU64,
    /// The shape's junctions once it is made (0 before), and the bytes it
    /// holds until its hierarchy takes it: read without the lock.
    pub(super) junctions: AtomicU64,
    pub(super) shape_bytes: AtomicUsize,
}

/// [`MapTables`] shared by the oracles of several dragons on one map, or
/// of one dragon on several threads.
pub(crate) type Shared = Arc<MapTables>;

/// The price of the skeleton's shape (see `dragon/skeleton.rs`), in cells
/// of a field's pass (see `MapTables::spent`), a multiple of the map's
/// cells: it is made once the work it would have saved costs this much
/// (ski rental; making it costs about as much as this many fields).
const SHAPE_PRICE: u64 = 2;

/// The price of the skeleton's hierarchy, in the same cells, per junction:
/// building it takes 1 to 4 µs a junction (more where open ground is
/// left), a field's pass about 25 ns a cell.
const HIERARCHY_PRICE: u64 = 100;

/// The most bytes a reader keeps of the skeleton's labels.
const LABELS_MAX: usize = 256 << 20;

impl BfsFields<'_> {
    /// Counts `cells` of work the skeleton would have saved.
    pub(super) fn spend(&self, cells: usize) {
        self.shared.spent.fetch_add(cells as u64, Ordering::Relaxed);
    }

    /// The dragon's steps read off the skeleton (see `dragon/skeleton.rs`),
    /// bought first as its prices come due, when the room holds it;
    /// `None` before, or when the skeleton cannot tell.
    pub(super) fn through_skeleton(
        &mut self,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, Option<u32>)> {
        if self.reader.is_none() && !self.buy_skeleton() {
            return None;
        }
        let Some(Some(skeleton)) = self.shared.skeleton.get() else {
            return None;
        };
        let reader = self.reader.as_mut()?;
        let steps = reader.steps(skeleton, self.graph, dragon, target);
        self.skeletal += u64::from(steps.is_some());
        steps.map(|(steps, apart)| (steps, Some(apart)))
    }

    /// Buys what the skeleton needs next, unless another dragon's oracle
    /// did (or found it too large): its shape once the work it would have
    /// saved reaches [`SHAPE_PRICE`] times the map, its hierarchy once
    /// that work reaches [`HIERARCHY_PRICE`] times the junctions, then this
    /// dragon's reader; whether the reader is there.
    fn buy_skeleton(&mut self) -> bool {
        let graph = self.graph;
        let spent = self.shared.spent.load(Ordering::Relaxed);
        if self.shared.skeleton.get().is_none() {
            // Nothing is due yet (the prices below, read without the lock).
            let junctions = self.shared.junctions.load(Ordering::Relaxed);
            let price = match junctions {
                0 => SHAPE_PRICE * graph.len() as u64,
                junctions => HIERARCHY_PRICE * junctions,
            };
            if spent < price {
                return false;
            }
            // Held while the skeleton is bought: one oracle buys it.
            let shared = Arc::clone(&self.shared);
            let mut held = shared.shape.lock().unwrap_or_else(PoisonError::into_inner);
            if self.shared.skeleton.get().is_some() {
                return self.buy_reader();
            }
            let junctions = held.as_ref().map(Shape::junctions);
            let junctions = match junctions {
                Some(junctions) => junctions,
                None if spent < SHAPE_PRICE * graph.len() as u64 => return false,
                None if !self.fits(Shape::bytes_needed(graph.len())) => {
                    let _ = self.shared.skeleton.set(None);
                    return false;
                }
                None => {
                    let shape = Shape::new(graph);
                    let junctions = shape.junctions();
                    self.shared
                        .shape_bytes
                        .store(shape.bytes(), Ordering::Relaxed);
                    self.shared
                        .junctions
                        .store(junctions as u64, Ordering::Relaxed);
                    *held = Some(shape);
                    // Counted here until it is dropped, as the skeleton is.
                    self.owns_skeleton = true;
                    junctions
                }
            };
            if spent < HIERARCHY_PRICE * junctions as u64 {
                return false;
            }
            let Some(shape) = held.take() else {
                return false;
            };
            self.shared.shape_bytes.store(0, Ordering::Relaxed);
            // A hierarchy past its budget (a grid of junctions: open ground
            // with pillars) is given up, and the skeleton with it.
            let skeleton = Skeleton::new(shape, budget(junctions));
            let fits = skeleton.as_ref().is_some_and(|s| self.fits(s.bytes()));
            let _ = self.shared.skeleton.set(skeleton.filter(|_| fits));
        }
        self.buy_reader()
    }

    /// Makes this dragon's reader of the skeleton bought, when the room
    /// holds it; whether the reader is there.
    fn buy_reader(&mut self) -> bool {
        let Some(Some(skeleton)) = self.shared.skeleton.get() else {
            return false;
        };
        let fixed = Reader::bytes_needed(skeleton.junctions());
        if !self.fits(fixed) {
            return false;
        }
        let spare = self.room.saturating_sub(self.bytes() + fixed);
        self.reader = Some(Reader::new(skeleton, (spare / 4).min(LABELS_MAX)));
        true
    }
}
