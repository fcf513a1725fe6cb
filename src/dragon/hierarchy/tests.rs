//! The contraction hierarchy's tests: exact distances against Dijkstra on
//! small and maze graphs, the build's budget, and the queue of nodes.

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

/// The queue of nodes against a sorted set, over random pops, new
/// priorities and nodes put back: the same least entry every time.
#[test]
fn the_queue_pops_the_least_entry() {
    use std::collections::BTreeSet;
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..200 {
        let n = 1 + rng.below(60);
        let prio: Vec<i32> = (0..n).map(|_| rng.below(20) as i32 - 5).collect();
        let mut want: BTreeSet<(i32, u32)> = prio.iter().copied().zip(0..).collect();
        let mut have = vec![true; n];
        let mut queue = Queue::new(prio);
        for _ in 0..4 * n {
            assert_eq!(queue.peek(), want.first().copied());
            let v = rng.below(n) as u32;
            match rng.below(3) {
                0 => {
                    let top = queue.pop();
                    assert_eq!(top, want.pop_first());
                    if let Some((_, u)) = top {
                        have[u as usize] = false;
                    }
                }
                _ => {
                    let p = rng.below(20) as i32 - 5;
                    want.retain(|e| e.1 != v);
                    want.insert((p, v));
                    have[v as usize] = true;
                    queue.set(v, p);
                }
            }
            assert_eq!(queue.heap.len(), have.iter().filter(|&&h| h).count());
        }
        while let Some(top) = queue.pop() {
            assert_eq!(Some(top), want.pop_first());
        }
        assert!(want.is_empty());
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
        let grid = |&(a, b): &(usize, usize)| round % 5 != 4 || b < n && (b - a == w || b % w != 0);
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
