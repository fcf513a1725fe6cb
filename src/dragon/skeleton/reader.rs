//! A dragon's reader of the skeleton: the labels it has computed, and the
//! target asked about spread out, so that a question reads a few labels
//! (see the parent module).

use super::{Kind, NONE, Part, Skeleton};
use crate::dragon::hierarchy::{Scratch, meet};
use crate::graph::{CellId, DirSet, Direction, Graph, UNREACHABLE};

/// What a reader's spread array holds. A target's distance from a junction
/// is the least, over the target's anchors, of the junction's distance to
/// the anchor and the target's steps to it; so for a target with at most
/// two anchors (a junction, a cell of a junction's trees, a corridor
/// cell) the two anchors' labels are spread apart, and every target with
/// the same anchors reads them with its own steps added. A target inside
/// an open room has four anchors of its own: their union is spread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aimed {
    /// Nothing yet.
    Nothing,
    /// The labels of the anchors `a` and `b` (`NONE` for none), apart.
    Ends(u32, u32),
    /// The union of the anchors' labels of the room cell `target`, with
    /// the steps to each added.
    Room(u32),
}

/// A dragon's reader of a [`Skeleton`]: the junctions' labels it has
/// computed, and the current target's spread out.
pub(crate) struct Reader {
    /// Per junction, by its rank: where its label starts in `labels` and
    /// how long it is (0 until computed: a label holds at least its own
    /// junction).
    label_at: Vec<(u32, u32)>,
    /// Labels, each a run of (junction's rank, distance) sorted by rank.
    labels: Vec<(u32, u32)>,
    /// The most entries `labels` may hold before it is cleared.
    cap: usize,
    /// The target asked about, and its steps to the anchors spread
    /// ([`Aimed`]): a question about another cell with the same anchors
    /// (on the same corridor, or in the trees of the same junction)
    /// spreads nothing new.
    target: u32,
    steps: (u32, u32),
    aimed: Aimed,
    /// Per junction (by its rank in the hierarchy, as labels name them):
    /// the stamp of the spreading that wrote it, and its distances to the
    /// aimed anchors then (side by side: a read takes one cache line).
    to_target: Vec<[u32; 3]>,
    stamp: u32,
    /// Per junction: the stamp of the spreading its distances to the
    /// anchors were worked out for, and those distances.
    memo: Vec<[u32; 3]>,
    scratch: Scratch,
    space: Vec<(u32, u32)>,
    copy: Vec<(u32, u32)>,
    /// The junctions (by rank) whose labels a label waits for.
    stack: Vec<u32>,
    /// Whether the labels outgrew the room once: a label is then merged
    /// only when the labels above it are all kept, and else searched for
    /// alone, so that the reader never costs more than the searches.
    pub(super) crowded: bool,
}

/// The dragon's part and its number, when it is of `kind` and the target
/// is outside it.
fn own_part(
    skeleton: &Skeleton,
    dragon: CellId,
    target: CellId,
    kind: Kind,
) -> Option<(u32, Part)> {
    let own = skeleton.shape.part[dragon.index()];
    let part = *skeleton.shape.parts.get(own as usize)?;
    (part.kind == kind && skeleton.shape.part[target.index()] != own).then_some((own, part))
}

/// The label kept for the junction of rank `u` (see [`Reader::label_at`]).
fn kept_label<'l>(labels: &'l [(u32, u32)], label_at: &[(u32, u32)], u: u32) -> &'l [(u32, u32)] {
    let (start, len) = label_at[u as usize];
    &labels[start as usize..(start + len) as usize]
}

impl Reader {
    /// About how many bytes a reader takes over `junctions` junctions, before its labels.
    pub(in crate::dragon) fn bytes_needed(junctions: usize) -> usize {
        junctions.saturating_mul(size_of::<[u32; 8]>()) + Scratch::bytes_needed(junctions)
    }

    /// A reader of `skeleton` that keeps labels of at most about `bytes` bytes.
    pub(in crate::dragon) fn new(skeleton: &Skeleton, bytes: usize) -> Reader {
        let junctions = skeleton.junctions();
        Reader {
            label_at: vec![(0, 0); junctions],
            labels: Vec::new(),
            cap: bytes / size_of::<(u32, u32)>(),
            target: NONE,
            steps: (0, 0),
            aimed: Aimed::Nothing,
            to_target: vec![[0; 3]; junctions],
            stamp: 0,
            memo: vec![[0; 3]; junctions],
            scratch: Scratch::new(junctions),
            space: Vec::new(),
            copy: Vec::new(),
            stack: Vec::new(),
            crowded: false,
        }
    }

    /// Bytes held.
    pub(in crate::dragon) fn bytes(&self) -> usize {
        Self::bytes_needed(self.label_at.len()) + self.labels.capacity() * size_of::<(u32, u32)>()
    }

    /// Where `junction`'s label lies in `labels`, computed if need be.
    ///
    /// A label is made from the labels of the heads of its upward arcs
    /// ([`Hierarchy::label_from`](crate::dragon::hierarchy::Hierarchy::label_from)),
    /// those first, and so on up: every label below the ones kept costs a
    /// merge. When the room runs out the labels are all forgotten, and
    /// when it runs out a second time within one call (room for fewer
    /// labels than one junction's space holds) the junction's label is
    /// searched for alone instead. Once the room has run out, the labels
    /// above are made only for the asking ([`Reader::crowded`]).
    fn label(&mut self, skeleton: &Skeleton, junction: u32) -> std::ops::Range<usize> {
        let hierarchy = &skeleton.hierarchy;
        let top = hierarchy.rank(junction);
        let (start, len) = self.label_at[top as usize];
        if len != 0 {
            return start as usize..(start + len) as usize;
        }
        if self.crowded {
            // Past the room: the labels above are seldom all kept, and
            // making them would push out the ones in use.
            let kept = hierarchy
                .up(top)
                .iter()
                .all(|&(u, _)| self.label_at[u as usize].1 != 0);
            if kept {
                let of = |u| kept_label(&self.labels, &self.label_at, u);
                hierarchy.label_from(top, of, &mut self.scratch, &mut self.space);
            } else {
                hierarchy.up_space(&[(junction, 0)], &mut self.scratch, &mut self.space);
            }
            return self.keep(top);
        }
        self.stack.clear();
        self.stack.push(top);
        while let Some(&v) = self.stack.last() {
            if self.label_at[v as usize].1 != 0 {
                self.stack.pop();
                continue;
            }
            let below = self.stack.len();
            for &(u, _) in hierarchy.up(v) {
                if self.label_at[u as usize].1 == 0 {
                    self.stack.push(u);
                }
            }
            if self.stack.len() > below {
                continue;
            }
            let of = |u| kept_label(&self.labels, &self.label_at, u);
            hierarchy.label_from(v, of, &mut self.scratch, &mut self.space);
            // Crowded here means forgotten within this call (it was not
            // on entry): the room holds less than one junction's space.
            if self.crowded && self.labels.len() + self.space.len() > self.cap {
                hierarchy.up_space(&[(junction, 0)], &mut self.scratch, &mut self.space);
                self.stack.clear();
                return self.keep(top);
            }
            self.keep(v);
            self.stack.pop();
        }
        let (start, len) = self.label_at[top as usize];
        start as usize..(start + len) as usize
    }

    /// Forgets every label: they are cheap to compute again. From then on
    /// the reader is [`Reader::crowded`].
    fn forget(&mut self) {
        self.label_at.fill((0, 0));
        self.labels.clear();
        self.crowded = true;
    }

    /// Keeps `space` as the label of the junction of rank `v` (forgetting
    /// the others first when the room is full), and says where it lies.
    fn keep(&mut self, v: u32) -> std::ops::Range<usize> {
        if self.labels.len() + self.space.len() > self.cap {
            self.forget();
        }
        let start = self.labels.len();
        self.labels.extend_from_slice(&self.space);
        self.label_at[v as usize] = (start as u32, self.space.len() as u32);
        start..self.labels.len()
    }

    /// Aims at `target`: spreads its anchors' labels, unless the last
    /// target's anchors were the same (see [`Aimed`]).
    fn aim(&mut self, skeleton: &Skeleton, graph: &Graph, target: CellId) -> bool {
        if self.target == target.0 {
            return true;
        }
        let Some(anchors) = skeleton.anchors(graph, target) else {
            return false;
        };
        let kind = skeleton.shape.parts[skeleton.shape.part[target.index()] as usize].kind;
        let (aimed, steps) = if kind == Kind::Room {
            (Aimed::Room(target.0), (0, 0))
        } else {
            let [(a, i), (b, j), ..] = anchors;
            (Aimed::Ends(a, b), (i, j))
        };
        (self.target, self.steps) = (target.0, steps);
        if aimed == self.aimed {
            return true;
        }
        self.aimed = aimed;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.to_target.fill([0; 3]);
            self.memo.fill([0; 3]);
            self.stamp = 1;
        }
        if let Aimed::Ends(a, b) = aimed {
            self.spread(skeleton, a, 0, 1);
            self.spread(skeleton, b, 0, 2);
        } else {
            // Four anchors, the steps to each added: the union, in the first.
            for (junction, steps) in anchors {
                self.spread(skeleton, junction, steps, 1);
            }
        }
        true
    }

    /// Spreads `junction`'s label, `steps` added, into the distances to
    /// the aimed anchors at `place` (1 or 2): the least of what is there.
    fn spread(&mut self, skeleton: &Skeleton, junction: u32, steps: u32, place: usize) {
        if junction == NONE {
            return;
        }
        let range = self.label(skeleton, junction);
        for &(via, d) in &self.labels[range] {
            let d = d.saturating_add(steps);
            let slot = &mut self.to_target[via as usize];
            if slot[0] != self.stamp {
                *slot = [self.stamp, UNREACHABLE, UNREACHABLE];
            }
            slot[place] = slot[place].min(d);
        }
    }

    /// The distance from `junction` to the aimed target: the least, over
    /// the target's anchors, of the junction's distance to the anchor and
    /// the target's steps to it.
    fn junction_to_target(&mut self, skeleton: &Skeleton, junction: u32) -> u32 {
        let j = junction as usize;
        if self.memo[j][0] != self.stamp {
            let range = self.label(skeleton, junction);
            let mut best = [self.stamp, UNREACHABLE, UNREACHABLE];
            for &(via, d) in &self.labels[range] {
                let [stamp, first, second] = self.to_target[via as usize];
                if stamp == self.stamp {
                    best[1] = best[1].min(d.saturating_add(first));
                    best[2] = best[2].min(d.saturating_add(second));
                }
            }
            self.memo[j] = best;
        }
        let [_, first, second] = self.memo[j];
        first
            .saturating_add(self.steps.0)
            .min(second.saturating_add(self.steps.1))
    }

    /// The distance between two junctions.
    fn between(&mut self, skeleton: &Skeleton, a: u32, b: u32) -> u32 {
        let first = self.label(skeleton, a);
        let mut copy = std::mem::take(&mut self.copy);
        copy.clear();
        copy.extend_from_slice(&self.labels[first]);
        // (`b`'s label may clear `a`'s: hence the copy.)
        let second = self.label(skeleton, b);
        let d = meet(&copy, &self.labels[second]).unwrap_or(UNREACHABLE);
        self.copy = copy;
        d
    }

    /// The distance from `cell` to the aimed `target`, or `None` when the
    /// skeleton cannot tell (no core, or two cells of one junction's trees).
    fn distance(
        &mut self,
        skeleton: &Skeleton,
        graph: &Graph,
        cell: CellId,
        target: CellId,
    ) -> Option<u32> {
        if cell == target {
            return Some(0);
        }
        let here = *skeleton
            .shape
            .parts
            .get(skeleton.shape.part[cell.index()] as usize)?;
        let i = skeleton.shape.offset[cell.index()];
        if skeleton.shape.part[cell.index()] == skeleton.shape.part[target.index()] {
            if here.kind == Kind::Room {
                // Inside one open room the way is straight.
                return Some(graph.manhattan(cell, target));
            }
            if here.kind != Kind::Chain {
                return None;
            }
            let j = skeleton.shape.offset[target.index()];
            let ab = self.between(skeleton, here.a, here.b);
            let len = here.len;
            let by_a = ab.saturating_add(i).saturating_add(len - j);
            let by_b = ab.saturating_add(len - i).saturating_add(j);
            return Some(i.abs_diff(j).min(by_a).min(by_b));
        }
        let mut best = UNREACHABLE;
        for (junction, steps) in skeleton.anchors(graph, cell)? {
            if junction != NONE {
                let d = self.junction_to_target(skeleton, junction);
                best = best.min(d.saturating_add(steps));
            }
        }
        Some(best)
    }

    /// The dragon's steps towards `target` that lie on a shortest path and
    /// its distance, or `None` when the skeleton cannot tell.
    pub(in crate::dragon) fn steps(
        &mut self,
        skeleton: &Skeleton,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, u32)> {
        if !self.aim(skeleton, graph, target) {
            return None;
        }
        if let Some(found) = self.chain_steps(skeleton, graph, dragon, target) {
            return Some(found);
        }
        if let Some(found) = self.room_steps(skeleton, graph, dragon, target) {
            return Some(found);
        }
        let here = self.distance(skeleton, graph, dragon, target)?;
        if here == UNREACHABLE {
            return None;
        }
        let mut steps = DirSet::EMPTY;
        for (d, n) in graph.neighbors(dragon) {
            if self.distance(skeleton, graph, n, target)? + 1 == here {
                steps.insert(d);
            }
        }
        Some((steps, here))
    }

    /// [`Self::steps`] for a dragon inside an open room and an aimed target
    /// outside it, reading only the junctions that can tell.
    ///
    /// The dragon's distance is the least of four *terms*, one for each
    /// side of the room: the steps straight out to the ring cell facing it
    /// on that side, and that cell's distance (see the parent module).
    /// Every term is the length of a walk to the target, so it has the
    /// distance's parity: a term that is not the least is at least two
    /// more. A step towards a side keeps that side's ring cell with one
    /// step less, and the opposite side's with one more; it keeps the
    /// steps to the two other sides, and faces ring cells next to the ones
    /// faced before, whose distances differ from theirs by one. So the
    /// step ends one nearer exactly when the term of its own side is the
    /// least, or the term of another side is and the ring cell the new
    /// cell faces there is one nearer than the old: only those ring cells
    /// are read (a general answer would read two new ones for each step).
    /// A step out onto the ring lands on the ring cell of its own side.
    /// `None` elsewhere.
    fn room_steps(
        &mut self,
        skeleton: &Skeleton,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, u32)> {
        let shape = &skeleton.shape;
        let (own, _) = own_part(skeleton, dragon, target, Kind::Room)?;
        // Sides in the order of `Skeleton::anchors`: top, bottom, left, right.
        let anchors = skeleton.anchors(graph, dragon)?;
        let mut terms = [UNREACHABLE; 4];
        for (term, (junction, steps)) in terms.iter_mut().zip(anchors) {
            *term = self
                .junction_to_target(skeleton, junction)
                .saturating_add(steps);
        }
        let here = terms.into_iter().min().unwrap_or(UNREACHABLE);
        if here == UNREACHABLE {
            return None;
        }
        let mut steps = DirSet::EMPTY;
        for (d, n) in graph.neighbors(dragon) {
            // The step's own side, and the two other sides: top and bottom
            // for a step along a row, left and right for one along a column.
            let (side, others) = match d {
                Direction::Up => (0, [2, 3]),
                Direction::Down => (1, [2, 3]),
                Direction::Left => (2, [0, 1]),
                Direction::Right => (3, [0, 1]),
            };
            let mut nearer = terms[side] == here;
            if !nearer && shape.part[n.index()] == own {
                let faced = skeleton.anchors(graph, n)?;
                for k in others.into_iter().filter(|&k| terms[k] == here) {
                    let (junction, steps) = faced[k];
                    let apart = self.junction_to_target(skeleton, junction);
                    nearer |= apart.saturating_add(steps).saturating_add(1) == here;
                }
            }
            if nearer {
                steps.insert(d);
            }
        }
        Some((steps, here))
    }

    /// [`Self::steps`] for a dragon inside a chain and an aimed target
    /// outside it, from the chain's two ends' distances alone. A chain
    /// cell `i` steps from `a` is `min(da + i, db + len - i)` from the
    /// target (`da`, `db` the ends' distances), and its two neighbours are
    /// the cells `i - 1` and `i + 1` of the chain (an end being its own
    /// cell 0 or `len`: a junction's distance is its own), so the step
    /// towards `a` lies on a shortest path exactly when `da + i` is the
    /// least, and the one towards `b` when `db + len - i` is. `None`
    /// elsewhere, or when a neighbour is neither (the general way then
    /// answers).
    fn chain_steps(
        &mut self,
        skeleton: &Skeleton,
        graph: &Graph,
        dragon: CellId,
        target: CellId,
    ) -> Option<(DirSet, u32)> {
        let shape = &skeleton.shape;
        let (own, part) = own_part(skeleton, dragon, target, Kind::Chain)?;
        let i = shape.offset[dragon.index()];
        let (mut toward_a, mut toward_b) = (DirSet::EMPTY, DirSet::EMPTY);
        for (d, n) in graph.neighbors(dragon) {
            let to_a = if shape.part[n.index()] == own {
                shape.offset[n.index()] < i
            } else {
                let end = shape.parts.get(shape.part[n.index()] as usize)?;
                if end.kind != Kind::Junction {
                    return None;
                }
                // One step from an end: `a` next to cell 1, `b` next to
                // cell `len - 1` (on a chain of two steps, told apart by
                // the junction's number).
                match (i == 1, i + 1 == part.len) {
                    (true, false) => true,
                    (false, true) => false,
                    (true, true) if part.a != part.b => end.a == part.a,
                    _ => return None,
                }
            };
            if to_a {
                toward_a.insert(d);
            } else {
                toward_b.insert(d);
            }
        }
        let by_a = self.junction_to_target(skeleton, part.a).saturating_add(i);
        let by_b = self
            .junction_to_target(skeleton, part.b)
            .saturating_add(part.len - i);
        let here = by_a.min(by_b);
        if here == UNREACHABLE {
            return None;
        }
        let shortest = |by: u32, toward: DirSet| if by == here { toward.bits() } else { 0 };
        Some((
            DirSet::from_bits(shortest(by_a, toward_a) | shortest(by_b, toward_b)),
            here,
        ))
    }
}
