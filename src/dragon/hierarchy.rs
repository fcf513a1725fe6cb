//! An exact contraction hierarchy (CH) for undirected graphs with small integer weights.
//!
//! **Contraction order.** Nodes are contracted one at a time, by least priority: a weighted edge
//! difference (twice the shortcuts needed minus the arcs removed) plus the node's level (one more
//! than the highest level among its contracted neighbours; it spreads contraction evenly).
//! Priorities are updated lazily: the minimum is popped and recomputed, and re-queued if it is
//! no longer the minimum; after a contraction the neighbours' priorities are re-estimated.
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

    /// Lowers the tentative distance of `v` to `d` (and queues it) if that is an improvement.
    fn relax(&mut self, v: u32, d: u32) {
        if d < self.get(v) {
            self.dist[v as usize] = (self.now, d);
            self.heap.push(Reverse((d as u64) << 32 | v as u64));
        }
    }

    /// Lowers the tentative distance of `v` to `d` if that is an improvement, without queueing it.
    fn lower(&mut self, v: u32, d: u32) {
        if d < self.get(v) {
            self.dist[v as usize] = (self.now, d);
        }
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
            let before = sc.get(y);
            if dy < before {
                sc.relax(y, dy);
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
        let mut prio: Vec<i32> = (0..nodes)
            .map(|v| shortcuts(&adj, v, ESTIMATE, &mut sc, &mut cuts, &mut work))
            .collect();
        let mut queue: BinaryHeap<_> = (0..nodes as u32)
            .map(|v| Reverse((prio[v as usize], v)))
            .collect();
        let (mut rank, mut order) = (vec![0u32; nodes], Vec::with_capacity(nodes));
        while let Some(Reverse((p, v))) = queue.pop() {
            let vi = v as usize;
            if p != prio[vi] {
                continue; // stale, or contracted (`i32::MAX`)
            }
            if work > budget {
                return None;
            }
            let p = shortcuts(&adj, vi, WITNESS_LIMIT, &mut sc, &mut cuts, &mut work) + level[vi];
            if queue.peek().is_some_and(|top| p > top.0.0) {
                prio[vi] = p;
                queue.push(Reverse((p, v)));
                continue;
            }
            (prio[vi], rank[vi]) = (i32::MAX, order.len() as u32);
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
                prio[u] = shortcuts(&adj, u, ESTIMATE, &mut sc, &mut cuts, &mut work) + level[u];
                queue.push(Reverse((prio[u], u as u32)));
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
mod tests {
    use super::*;

    /// Source sets of a query: (from, to).
    type Query = (Vec<(u32, u32)>, Vec<(u32, u32)>);

    /// Xorshift64 random numbers.
    struct Rng(u64);
    impl Rng {
        /// A uniform number below `n`.
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A braided maze of `w` x `h` cells with `rooms` open rooms: free flags of its
    /// `(2w+1) x (2h+1)` tiles, row-major, with a wall border.
    fn maze(w: usize, h: usize, rooms: usize, rng: &mut Rng) -> Vec<bool> {
        let tw = 2 * w + 1;
        let mut free = vec![false; tw * (2 * h + 1)];
        let tile = |c: usize| (2 * (c / w) + 1) * tw + 2 * (c % w) + 1;
        let (mut seen, mut stack) = (vec![false; w * h], vec![0]);
        (seen[0], free[tile(0)]) = (true, true);
        while let Some(&c) = stack.last() {
            let (x, y) = (c % w, c / w);
            let cand = [
                (x > 0, c.wrapping_sub(1)),
                (x + 1 < w, c + 1),
                (y > 0, c.wrapping_sub(w)),
            ];
            let cand = cand.into_iter().chain([(y + 1 < h, c + w)]);
            let next: Vec<usize> = cand.filter(|e| e.0 && !seen[e.1]).map(|e| e.1).collect();
            if next.is_empty() {
                stack.pop();
                continue;
            }
            let n = next[rng.below(next.len())];
            (seen[n], free[(tile(c) + tile(n)) / 2], free[tile(n)]) = (true, true, true);
            stack.push(n);
        }
        for (t, f) in free.iter_mut().enumerate() {
            let (tx, ty) = (t % tw, t / tw);
            let inner = tx > 0 && ty > 0 && tx < 2 * w && ty < 2 * h;
            *f |= inner && (tx + ty) % 2 == 1 && rng.below(10) == 0; // braiding
        }
        for _ in 0..rooms {
            let (rw, rh) = (3 + rng.below(12), 3 + rng.below(12));
            let (x0, y0) = (1 + rng.below(2 * w - rw), 1 + rng.below(2 * h - rh));
            for y in y0..y0 + rh {
                free[y * tw + x0..y * tw + x0 + rw].fill(true);
            }
        }
        free
    }

    /// The junction graph of free tiles (row width `tw`): node count and corridor edges.
    fn junctions(tw: usize, free: &[bool]) -> (usize, Vec<(u32, u32, u32)>) {
        let nbrs = |t: usize| {
            [t - 1, t + 1, t - tw, t + tw]
                .into_iter()
                .filter(move |&u| free[u])
        };
        let (mut id, mut count) = (vec![u32::MAX; free.len()], 0);
        for t in (0..free.len()).filter(|&t| free[t] && nbrs(t).count() != 2) {
            (id[t], count) = (count, count + 1);
        }
        let (mut seen, mut edges) = (vec![false; free.len()], Vec::new());
        for pass in 0..2 {
            for t in 0..free.len() {
                if pass == 1 && free[t] && id[t] == u32::MAX && !seen[t] {
                    (id[t], count) = (count, count + 1); // a tile of a pure cycle
                } else if pass == 1 || id[t] == u32::MAX {
                    continue;
                }
                for first in nbrs(t) {
                    let (mut prev, mut cur, mut len) = (t, first, 1);
                    while id[cur] == u32::MAX {
                        seen[cur] = true;
                        (prev, cur, len) = (cur, nbrs(cur).find(|&u| u != prev).unwrap(), len + 1);
                    }
                    edges.push((id[t], id[cur], len));
                }
            }
        }
        (count as usize, edges)
    }

    /// Plain Dijkstra on the edge list: the distance from the `sources` to each node.
    fn dijkstra(n: usize, edges: &[(u32, u32, u32)], sources: &[(u32, u32)]) -> Vec<u32> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b, w) in edges {
            adj[a as usize].push((b, w));
            adj[b as usize].push((a, w));
        }
        let mut dist = vec![INF; n];
        let mut heap: BinaryHeap<_> = sources.iter().map(|&(s, d)| Reverse((d, s))).collect();
        while let Some(Reverse((d, v))) = heap.pop() {
            if d < dist[v as usize] {
                dist[v as usize] = d;
                heap.extend(adj[v as usize].iter().map(|&(u, w)| Reverse((d + w, u))));
            }
        }
        dist
    }

    /// Checks `distance`, and `meet` of the sorted up_spaces, against Dijkstra.
    fn check(n: usize, edges: &[(u32, u32, u32)], queries: &[Query]) {
        let (h, mut sc, mut a, mut b) = (
            Hierarchy::new(n, edges, u64::MAX).expect("no budget"),
            Scratch::new(n),
            vec![],
            vec![],
        );
        for (from, to) in queries {
            let dist = dijkstra(n, edges, from);
            let sums = to.iter().map(|&(t, o)| dist[t as usize].saturating_add(o));
            let want = sums.min().filter(|&d| d != INF);
            assert_eq!(
                h.distance(from, to, &mut sc),
                want,
                "{from:?} {to:?} {edges:?}"
            );
            h.up_space(from, &mut sc, &mut a);
            h.up_space(to, &mut sc, &mut b);
            assert!(a.windows(2).all(|p| p[0].0 < p[1].0) && b.windows(2).all(|p| p[0].0 < p[1].0));
            assert_eq!(meet(&a, &b), want);
        }
    }

    /// A random source set of 1 to 3 nodes below `n` with offsets below `off`.
    fn sources(n: usize, off: usize, rng: &mut Rng) -> Vec<(u32, u32)> {
        let mut pick = |m: usize| rng.below(m) as u32;
        (0..1 + pick(3)).map(|_| (pick(n), pick(off))).collect()
    }

    /// All pairs, and random source sets, on small random, tree, cycle, dense and grid graphs.
    #[test]
    fn small_graphs_all_pairs() {
        check(0, &[], &[]);
        let mut rng = Rng(0x9e3779b97f4a7c15);
        for round in 0..1000 {
            let n = 1 + rng.below(25);
            let w = 1 + rng.below(5); // grid width
            let m = if round % 5 == 0 {
                rng.below(2 * n + 1)
            } else {
                n * n / 2
            }; // sparse, dense
            let pairs: Vec<(usize, usize)> = match round % 5 {
                0 | 3 => (0..m).map(|_| (rng.below(n), rng.below(n))).collect(),
                1 => (1..n).map(|v| (rng.below(v), v)).collect(), // tree
                2 => (0..n).map(|v| (v, (v + 1) % n)).collect(),  // cycle
                _ => (0..n * 2).map(|i| (i / 2, i / 2 + [1, w][i % 2])).collect(), // grid
            };
            let grid =
                |&(a, b): &(usize, usize)| round % 5 != 4 || b < n && (b - a == w || b % w != 0);
            let max = if round % 5 == 4 { 1 } else { 20 };
            let edges: Vec<_> = pairs
                .iter()
                .filter(|e| grid(e))
                .map(|&(a, b)| (a as u32, b as u32, 1 + rng.below(max) as u32))
                .collect();
            let mut queries: Vec<Query> = (0..n * n)
                .map(|i| (vec![((i / n) as u32, 0)], vec![((i % n) as u32, 0)]))
                .collect();
            queries.push((vec![], vec![(0, 0)]));
            queries.extend((0..50).map(|_| (sources(n, 30, &mut rng), sources(n, 30, &mut rng))));
            check(n, &edges, &queries);
        }
    }

    /// Random source sets with offsets on braided mazes with and without rooms.
    #[test]
    fn mazes_random_pairs() {
        let mut rng = Rng(12345);
        for (w, h, rooms) in [(40, 30, 0), (60, 60, 6), (25, 80, 12), (30, 30, 40)] {
            let free = maze(w, h, rooms, &mut rng);
            let (n, edges) = junctions(2 * w + 1, &free);
            let queries: Vec<Query> = (0..600)
                .map(|_| (sources(n, 50, &mut rng), sources(n, 50, &mut rng)))
                .collect();
            check(n, &edges, &queries);
        }
    }

    /// A square grid of `side` x `side` nodes, joined to their right and
    /// lower neighbours by edges of one: its node count and edges.
    fn grid(side: usize) -> (usize, Vec<(u32, u32, u32)>) {
        let edges = (0..(side * side) as u32)
            .flat_map(|v| {
                let (r, c) = (v as usize / side, v as usize % side);
                let right = (c + 1 < side).then_some((v, v + 1, 1));
                let down = (r + 1 < side).then_some((v, v + side as u32, 1));
                right.into_iter().chain(down)
            })
            .collect();
        (side * side, edges)
    }

    /// A build within [`budget`] on mazes with and without rooms, given up
    /// (`None`) past a budget too small for it.
    #[test]
    fn a_build_past_its_budget_is_given_up() {
        let mut rng = Rng(777);
        for (w, h, rooms) in [(80, 80, 0), (80, 80, 20)] {
            let free = maze(w, h, rooms, &mut rng);
            let (n, edges) = junctions(2 * w + 1, &free);
            assert!(
                Hierarchy::new(n, &edges, budget(n)).is_some(),
                "{w}x{h}, {rooms} rooms"
            );
            assert!(
                Hierarchy::new(n, &edges, n as u64).is_none(),
                "{w}x{h}, {rooms} rooms"
            );
        }
        // A grid of nodes (open ground with pillars): built without a
        // budget, given up under one too small.
        let (n, edges) = grid(40);
        let within = |budget| Hierarchy::new(n, &edges, budget).is_some();
        assert!(within(u64::MAX));
        assert!(!within(n as u64));
        // A grid of 10,000 nodes (as a pillared room's junctions are) is
        // given up within its budget, where the mazes above are built.
        let (n, edges) = grid(100);
        assert!(Hierarchy::new(n, &edges, budget(n)).is_none());
    }
}
