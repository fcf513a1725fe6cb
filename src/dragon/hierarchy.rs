//! An exact contraction hierarchy (CH) for undirected graphs with small integer weights.
//!
//! **Contraction order.** Nodes are contracted one at a time, by least priority: a weighted edge
//! difference (twice the shortcuts needed minus the arcs removed) plus the node's level (one more
//! than the highest level among its contracted neighbours; it spreads contraction evenly).
//! Priorities are updated lazily: the minimum is popped and recomputed, and re-queued if it is
//! no longer the minimum; after a contraction the neighbours' priorities are re-estimated (the
//! queue, [`Queue`], moves a node's one entry).
//! A node's rank is its position in this order.
//!
//! **Witness search and shortcuts.** Contracting `v` removes it from the remaining graph. For
//! each pair `u`, `w` of its remaining neighbours a Dijkstra from `u` in the remaining graph
//! minus `v` (bounded by the longest `u-v-w` and by [`WITNESS_LIMIT`] settled nodes) looks for
//! a witness `u..w` no longer than `w(u,v) + w(v,w)`. Without one (also when the search was
//! cut short) the shortcut `u-w` of that weight is added; parallel arcs keep the minimum. So
//! distances among the remaining nodes never change: a shortest path through `v` passes some
//! `u-v-w`, now replaced by the shortcut or by an equally short witness, and every shortcut is
//! the length of a real path. The arcs `v` has when contracted lead to higher-ranked nodes:
//! they are its *upward* arcs.
//!
//! **Exact queries.** In the original graph plus shortcuts, some shortest path between any
//! connected `s`, `t` is *up-down* (ranks rise to a top node `m`, then fall): if an interior node
//! `v` ranks below both path neighbours `u`, `w`, then at `v`'s contraction `u-v-w` got a shortcut
//! or a witness through higher-ranked nodes, which replaces it (this ends, as nodes are only
//! replaced by higher-ranked ones). Take sources `s`, `t` (with offsets) minimising the
//! distance `D`; every node `x` of the up part `s..m` then has source distance
//! `d(x) = off_s + dist(s, x)` exactly (a smaller one would give a walk shorter than `D`), and an
//! upward Dijkstra settles it at that value; likewise from `t`. So the sum at `m` is `D`, while the
//! sum at any other common node is the length of a real walk, never below `D`.
//!
//! **Stall-on-demand.** As the graph is undirected, the upward arcs of `v` reversed are the arcs
//! into `v` from higher-ranked nodes. When `v` is settled at `d` and some reached `u` has
//! `d(u) + w(u,v) < d`, then `d` exceeds the length of a real walk to `v`, so it is not exact:
//! `v` is neither relaxed nor reported. Nodes of the up part above settle exactly, so they are
//! never stalled and the argument stands.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Distance of an unreached node.
const INF: u32 = u32::MAX;
/// Settled-node limit of one witness search when contracting.
const WITNESS_LIMIT: usize = 100;
/// Settled-node limit of one witness search when only estimating a priority:
/// one, so only a direct edge witnesses (the cheap estimate builds the
/// hierarchy of a braided maze twice as fast, and of one with open rooms
/// 1.6 times, for search spaces about a fifth larger).
const ESTIMATE: usize = 1;

/// A build past a quarter of its budget stops once the remaining graph's
/// sum of squared degrees exceeds the least it has been by more than that
/// least over this (a quarter: see [`budget`]).
const DENSER: u64 = 4;

/// The work a build may do per node and per bit of the node count (see [`budget`]).
const WORK_PER_NODE_BIT: u64 = 48;

/// The most work (arcs gone over) a hierarchy of `nodes` nodes may take to
/// build: [`WORK_PER_NODE_BIT`] times `nodes` times the bits of `nodes`.
///
/// A map's junctions make a graph much like a road network, and its
/// contraction goes over a few hundred arcs a node, slowly more on larger
/// maps: measured, 174 and 264 a node on braided mazes of 1001 and 2001
/// tiles a side (35,000 and 138,000 junctions), 401 on a Wilson maze of
/// 1001, 453 and 603 with open rooms of 5 to 25 tiles (155,000 and 623,000
/// junctions), 11 to 30 a node per bit. Open ground scattered with
/// pillars makes a grid of junctions instead, whose last nodes, contracted,
/// form a dense core with a witness search for each pair of its
/// neighbours: on a room of 1001 with 5 % pillars (712,000 junctions) the
/// work passes 1,500 a node with 12,000 nodes left, and the build takes
/// minutes. The budget lets the first kind through with room to spare and
/// stops the second after a few seconds (5.8 s on that room), so the
/// skeleton's price stays bounded whatever the map. The grid shows itself
/// sooner: as its nodes are contracted, the remaining graph's sum of
/// squared degrees (about the pairs of neighbours the witness searches go
/// over) falls and then climbs again (5.3 M with 268,000 nodes left, 7.5 M
/// with 125,000), where on the mazes and rooms it falls to the end; a
/// build past a quarter of its budget stops once that sum is a quarter
/// over the least it has been ([`DENSER`]): 2.1 s on that room.
pub(super) fn budget(nodes: usize) -> u64 {
    let bits = u64::from(usize::BITS - nodes.leading_zeros()).max(1);
    WORK_PER_NODE_BIT * bits * nodes as u64
}

/// An exact contraction hierarchy over an undirected weighted graph.
/// Internally nodes are numbered by rank, so the top of the hierarchy is contiguous in memory.
pub(super) struct Hierarchy {
    /// `first[r]..first[r + 1]` indexes the upward arcs of the node of rank `r` in `arcs`.
    first: Vec<u32>,
    /// Upward arcs `(head rank, weight)`, each head ranked above its tail.
    arcs: Vec<(u32, u32)>,
    /// Rank of each node.
    rank: Vec<u32>,
}

/// Reusable scratch space for queries (also used by the witness searches of construction):
/// stamped distances, so a search costs its search space and not the graph size, and a heap.
pub(super) struct Scratch {
    /// Per node: the search number that last wrote it, and its tentative distance then.
    dist: Vec<(u32, u32)>,
    /// Number of the current search.
    now: u32,
    /// Dijkstra queue of `distance << 32 | node`, with stale entries.
    heap: BinaryHeap<Reverse<u64>>,
    /// The two up_spaces of `Hierarchy::distance`.
    #[cfg(test)]
    spaces: [Vec<(u32, u32)>; 2],
}

impl Scratch {
    /// About how many bytes the scratch space takes for `nodes` nodes (its
    /// queue and spaces grow with a search's space, which is small).
    pub(super) fn bytes_needed(nodes: usize) -> usize {
        nodes.saturating_mul(size_of::<(u32, u32)>())
    }

    /// Scratch space for graphs of up to `nodes` nodes.
    pub(super) fn new(nodes: usize) -> Scratch {
        Scratch {
            dist: vec![(0, INF); nodes],
            now: 0,
            heap: BinaryHeap::new(),
            #[cfg(test)]
            spaces: Default::default(),
        }
    }

    /// Starts a new search: every node unreached, empty queue.
    fn start(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.dist.fill((0, INF));
            self.now = 1;
        }
        self.heap.clear();
    }

    /// Tentative distance of `v` in the current search.
    fn get(&self, v: u32) -> u32 {
        let (stamp, d) = self.dist[v as usize];
        if stamp == self.now { d } else { INF }
    }

    /// Lowers the tentative distance of `v` to `d` (and queues it) if that is an improvement;
    /// the distance before.
    fn relax(&mut self, v: u32, d: u32) -> u32 {
        let before = self.lower(v, d);
        if d < before {
            self.heap.push(Reverse((d as u64) << 32 | v as u64));
        }
        before
    }

    /// Lowers the tentative distance of `v` to `d` if that is an improvement, without queueing
    /// it; the distance before.
    fn lower(&mut self, v: u32, d: u32) -> u32 {
        let before = self.get(v);
        if d < before {
            self.dist[v as usize] = (self.now, d);
        }
        before
    }

    /// Pops the next queued `(distance, node)` that is not stale.
    fn pop(&mut self) -> Option<(u32, u32)> {
        while let Some(Reverse(key)) = self.heap.pop() {
            let (d, v) = ((key >> 32) as u32, key as u32);
            if d == self.dist[v as usize].1 {
                return Some((d, v));
            }
        }
        None
    }
}

/// The nodes left to contract, least `(priority, node)` first: a 4-ary
/// heap that knows each node's place in it, so a new priority moves the
/// node's one entry (a heap with an entry for every update grows to a few
/// times the nodes, and its pops were a fifth of a large build).
struct Queue {
    heap: Vec<(i32, u32)>,
    /// Each node's index in `heap`, or `GONE` once popped.
    place: Vec<u32>,
}

/// The place of a node no longer in the [`Queue`].
const GONE: u32 = u32::MAX;

impl Queue {
    /// Every node `v` at priority `prio[v]`.
    fn new(prio: Vec<i32>) -> Queue {
        let mut queue = Queue {
            heap: prio.into_iter().zip(0..).collect(),
            place: Vec::new(),
        };
        queue.place = (0..queue.heap.len() as u32).collect();
        for i in (0..queue.heap.len()).rev() {
            queue.down(i);
        }
        queue
    }

    /// The least entry.
    fn peek(&self) -> Option<(i32, u32)> {
        self.heap.first().copied()
    }

    /// Takes the least entry out.
    fn pop(&mut self) -> Option<(i32, u32)> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.place[top.1 as usize] = GONE;
        if !self.heap.is_empty() {
            self.put(0, last);
            self.down(0);
        }
        Some(top)
    }

    /// Gives `v` the priority `p`, putting it back if it was popped.
    fn set(&mut self, v: u32, p: i32) {
        let i = match self.place[v as usize] {
            GONE => {
                self.heap.push((p, v));
                self.heap.len() - 1
            }
            i => {
                self.heap[i as usize].0 = p;
                i as usize
            }
        };
        let i = self.up(i);
        self.down(i);
    }

    /// Moves the entry at `i` towards the root while it is less than its
    /// parent; its index then.
    fn up(&mut self, mut i: usize) -> usize {
        let entry = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 4;
            if self.heap[parent] <= entry {
                break;
            }
            self.put(i, self.heap[parent]);
            i = parent;
        }
        self.put(i, entry);
        i
    }

    /// Writes `entry` at index `i`, and its node's place.
    fn put(&mut self, i: usize, entry: (i32, u32)) {
        self.heap[i] = entry;
        self.place[entry.1 as usize] = i as u32;
    }

    /// Moves the entry at `i` away from the root while a child is less.
    fn down(&mut self, mut i: usize) {
        let entry = self.heap[i];
        loop {
            let first = 4 * i + 1;
            let children = first..(first + 4).min(self.heap.len());
            let Some(least) = children.min_by_key(|&c| self.heap[c]) else {
                break;
            };
            if self.heap[least] >= entry {
                break;
            }
            self.put(i, self.heap[least]);
            i = least;
        }
        self.put(i, entry);
    }
}

/// Shortcuts `(u, w, weight)`.
type Cuts = Vec<(u32, u32, u32)>;

/// Adds the undirected arc `a-b` of weight `w`, or lowers an existing one to `w`.
fn add_arc(adj: &mut [Vec<(u32, u32)>], a: u32, b: u32, w: u32) {
    for (x, y) in [(a, b), (b, a)] {
        let list = &mut adj[x as usize];
        match list.iter_mut().find(|e| e.0 == y) {
            Some(e) => e.1 = e.1.min(w),
            None => list.push((y, w)),
        }
    }
}

/// Fills `cuts` with the shortcuts `(u, w, weight)` that contracting `v` needs in the remaining
/// graph `adj` (witness searches settling at most `limit` nodes), and returns its weighted edge
/// difference: twice the shortcuts minus the arcs removed.
///
/// A witness search from `u` stops once every later neighbour `x` is reached within
/// `w(u,v) + w(v,x)` (a tentative distance is the length of a real path, so each has its
/// witness), and queues no node past the longest such `u-v-x`: it would never be settled. So
/// it settles the nodes the plain search would, up to where the plain one could only confirm.
/// With `limit` 1 only a direct arc witnesses, read off `u`'s arcs without a queue.
fn shortcuts(
    adj: &[Vec<(u32, u32)>],
    v: usize,
    limit: usize,
    sc: &mut Scratch,
    cuts: &mut Cuts,
    work: &mut u64,
) -> i32 {
    cuts.clear();
    let nb = &adj[v];
    *work += nb.len() as u64;
    for (i, &(u, wu)) in nb.iter().enumerate() {
        let rest = &nb[i + 1..];
        if rest.is_empty() {
            break;
        }
        sc.start();
        if limit <= 1 {
            let arcs = &adj[u as usize];
            *work += (rest.len() + arcs.len()) as u64;
            for &(y, w) in arcs.iter().filter(|e| e.0 as usize != v) {
                sc.lower(y, w);
            }
        } else {
            witness(adj, v, (u, wu), rest, limit, sc, work);
        }
        for &(x, wx) in rest {
            let via = wu.saturating_add(wx);
            if sc.get(x) > via {
                cuts.push((u, x, via));
            }
        }
    }
    2 * cuts.len() as i32 - nb.len() as i32
}

/// The witness search of [`shortcuts`] from `u` (`w(u,v)` apart from `v`) for the later
/// neighbours `rest` of `v`, settling at most `limit` nodes, into `sc`.
fn witness(
    adj: &[Vec<(u32, u32)>],
    v: usize,
    (u, wu): (u32, u32),
    rest: &[(u32, u32)],
    limit: usize,
    sc: &mut Scratch,
    work: &mut u64,
) {
    let bound = wu.saturating_add(rest.iter().map(|e| e.1).max().unwrap_or(0));
    // The neighbours not yet reached within their `u-v-x`.
    let mut left = rest.len();
    sc.relax(u, 0);
    let mut settled = 0;
    while let Some((d, x)) = sc.pop() {
        if d > bound || settled == limit {
            break;
        }
        settled += 1;
        *work += (rest.len() + adj[x as usize].len()) as u64;
        for &(y, w) in &adj[x as usize] {
            let dy = d.saturating_add(w);
            if y as usize == v || dy > bound {
                continue;
            }
            let before = sc.relax(y, dy);
            if dy < before {
                let via = rest
                    .iter()
                    .find(|e| e.0 == y)
                    .map(|e| wu.saturating_add(e.1));
                if via.is_some_and(|via| before > via && dy <= via) {
                    left -= 1;
                    if left == 0 {
                        return;
                    }
                }
            }
        }
    }
}

impl Hierarchy {
    /// Builds the hierarchy over nodes `0..nodes` with the given undirected edges `(a, b, weight)`,
    /// or `None` once its work passes `budget`: the arcs the witness searches and the
    /// contractions go over (see [`budget`]).
    /// Self-loops are dropped and of parallel edges only the lightest is kept.
    pub(super) fn new(nodes: usize, edges: &[(u32, u32, u32)], budget: u64) -> Option<Hierarchy> {
        // Remaining graph; once a node is contracted its list holds its upward arcs.
        let mut adj = vec![Vec::new(); nodes];
        for &(a, b, w) in edges.iter().filter(|e| e.0 != e.1) {
            add_arc(&mut adj, a, b, w);
        }
        let (mut sc, mut cuts, mut work) = (Scratch::new(nodes), Vec::new(), 0);
        // The remaining graph's sum of squared degrees (about the pairs its
        // witness searches go over), and the least it has been.
        let squared = |len: usize| (len as u64).pow(2);
        let mut square: u64 = adj.iter().map(|l| squared(l.len())).sum();
        let mut least = square;
        let mut level = vec![0i32; nodes];
        let prio: Vec<i32> = (0..nodes)
            .map(|v| shortcuts(&adj, v, ESTIMATE, &mut sc, &mut cuts, &mut work))
            .collect();
        let mut queue = Queue::new(prio);
        let (mut rank, mut order) = (vec![0u32; nodes], Vec::with_capacity(nodes));
        while let Some((_, v)) = queue.pop() {
            let vi = v as usize;
            if work > budget {
                return None;
            }
            let p = shortcuts(&adj, vi, WITNESS_LIMIT, &mut sc, &mut cuts, &mut work) + level[vi];
            if queue.peek().is_some_and(|top| p > top.0) {
                queue.set(v, p);
                continue;
            }
            rank[vi] = order.len() as u32;
            order.push(v);
            let up = std::mem::take(&mut adj[vi]);
            square -= squared(up.len());
            for &(u, _) in &up {
                let list = &mut adj[u as usize];
                let before = list.len();
                work += before as u64;
                list.retain(|e| e.0 != v);
                square = square - squared(before) + squared(list.len());
                level[u as usize] = level[u as usize].max(level[vi] + 1);
            }
            for &(a, b, w) in &cuts {
                let (la, lb) = (adj[a as usize].len(), adj[b as usize].len());
                work += (la + lb) as u64;
                add_arc(&mut adj, a, b, w);
                square = square - squared(la) - squared(lb)
                    + squared(adj[a as usize].len())
                    + squared(adj[b as usize].len());
            }
            // A remaining graph that grows denser as it shrinks (a grid's
            // core) costs more with every node: once a quarter of the
            // budget is spent, that is the sign it will not be enough.
            least = least.min(square);
            if square > least + least / DENSER && work > budget / 4 {
                return None;
            }
            for &(u, _) in &up {
                let u = u as usize;
                let p = shortcuts(&adj, u, ESTIMATE, &mut sc, &mut cuts, &mut work) + level[u];
                queue.set(u as u32, p);
            }
            adj[vi] = up;
        }
        let (mut first, mut arcs) = (vec![0u32], Vec::new());
        for &v in &order {
            arcs.extend(adj[v as usize].iter().map(|&(u, w)| (rank[u as usize], w)));
            first.push(arcs.len() as u32);
        }
        Some(Hierarchy { first, arcs, rank })
    }

    /// Bytes held (approximately, the Vecs' lengths times their element sizes).
    pub(super) fn bytes(&self) -> usize {
        (self.first.len() + self.rank.len()) * 4 + self.arcs.len() * 8
    }

    /// Number of nodes.
    pub(super) fn len(&self) -> usize {
        self.first.len() - 1
    }

    /// The rank of `node`.
    pub(super) fn rank(&self, node: u32) -> u32 {
        self.rank[node as usize]
    }

    /// Upward arcs of the node of rank `v`.
    pub(super) fn up(&self, v: u32) -> &[(u32, u32)] {
        &self.arcs[self.first[v as usize] as usize..self.first[v as usize + 1] as usize]
    }

    /// The upward search space from `sources` (node, initial distance): a Dijkstra over upward
    /// arcs with stall-on-demand. Writes every settled node that is not stalled, by its rank
    /// (so that the tops of many spaces share a few cache lines), with its distance, to `out`
    /// (cleared first), sorted by rank.
    pub(super) fn up_space(
        &self,
        sources: &[(u32, u32)],
        scratch: &mut Scratch,
        out: &mut Vec<(u32, u32)>,
    ) {
        out.clear();
        scratch.start();
        for &(s, d) in sources {
            scratch.relax(self.rank[s as usize], d);
        }
        while let Some((d, v)) = scratch.pop() {
            let arcs = self.up(v);
            if arcs
                .iter()
                .any(|&(u, w)| scratch.get(u).saturating_add(w) < d)
            {
                continue; // stalled
            }
            out.push((v, d));
            for &(u, w) in arcs {
                scratch.relax(u, d.saturating_add(w));
            }
        }
        out.sort_unstable();
    }

    /// The label of the node of rank `v` (its upward search space, as
    /// [`Hierarchy::up_space`] would give for it alone) made from the
    /// labels of the heads of its upward arcs, `label(u)` for the head of
    /// rank `u`: each entry of theirs with the arc's weight added, the least
    /// per node, and `v` itself at 0; then the entries stall-on-demand
    /// leaves out. Written to `out`, sorted by rank.
    ///
    /// Every entry is the length of a real upward walk. Along the up part
    /// `v..m` of an up-down shortest path every node's distance to `m` is
    /// exact, by induction down from `m` (whose label holds `m` at 0): the
    /// next node's label holds `m` at its exact distance, and the arc
    /// between them lies on the shortest path. An exact entry is never
    /// stalled (a cheaper way in from above would make a shorter walk), so
    /// `m` is in `v`'s label at `dist(v, m)`, and the meeting of two labels
    /// is exact as with [`Hierarchy::up_space`]. It costs the heads'
    /// labels read once each, where the search settles every node of the
    /// space through a heap.
    pub(super) fn label_from<'l>(
        &self,
        v: u32,
        label: impl Fn(u32) -> &'l [(u32, u32)],
        scratch: &mut Scratch,
        out: &mut Vec<(u32, u32)>,
    ) {
        scratch.start();
        out.clear();
        scratch.dist[v as usize] = (scratch.now, 0);
        out.push((v, 0));
        for &(u, w) in self.up(v) {
            for &(x, d) in label(u) {
                let d = d.saturating_add(w);
                let (stamp, best) = &mut scratch.dist[x as usize];
                if *stamp != scratch.now {
                    (*stamp, *best) = (scratch.now, d);
                    out.push((x, 0));
                } else if d < *best {
                    *best = d;
                }
            }
        }
        out.retain_mut(|(x, d)| {
            *d = scratch.get(*x);
            !self
                .up(*x)
                .iter()
                .any(|&(y, w)| scratch.get(y).saturating_add(w) < *d)
        });
        out.sort_unstable();
    }

    /// Exact shortest distance between the two source sets (node, offset): the minimum over
    /// `s`, `t` of `off_s + dist(s, t) + off_t`, or `None` if not connected.
    #[cfg(test)]
    fn distance(
        &self,
        from: &[(u32, u32)],
        to: &[(u32, u32)],
        scratch: &mut Scratch,
    ) -> Option<u32> {
        let [mut a, mut b] = std::mem::take(&mut scratch.spaces);
        self.up_space(from, scratch, &mut a);
        self.up_space(to, scratch, &mut b);
        let d = meet(&a, &b);
        scratch.spaces = [a, b];
        d
    }
}

/// The meeting of two up_spaces (both sorted by node): min over common nodes of the sums.
pub(super) fn meet(a: &[(u32, u32)], b: &[(u32, u32)]) -> Option<u32> {
    let (mut i, mut j, mut best) = (0, 0, None);
    while i < a.len() && j < b.len() {
        if a[i].0 < b[j].0 {
            i += 1;
        } else if a[i].0 > b[j].0 {
            j += 1;
        } else {
            let s = a[i].1.saturating_add(b[j].1);
            best = Some(best.map_or(s, |x: u32| x.min(s)));
            i += 1;
            j += 1;
        }
    }
    best
}

#[cfg(test)]
mod tests;
