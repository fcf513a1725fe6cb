//! Best-first search for a deterministic (or hero-chosen) dragon.
//!
//! A* over (hero, dragon) positions with unit moves and the exact
//! dragon-free distance from the hero to the exit as heuristic. That
//! heuristic is consistent (one move changes it by at most one), so the first
//! time a move reaches the exit from the lowest open bucket, it is optimal.
//! Open positions sit in buckets by f = g + h; within a bucket the newest is
//! taken first, which dives towards the exit.

use super::solution::Stats;
use super::state::{NO_STATE, StateId, StateTable};
use super::{Game, hero_moves};
use crate::graph::CellId;

/// The optimal line of positions from the start to the exit, or `None` if
/// the dragon catches the hero on every path.
pub(super) fn search(
    game: &mut Game<'_, '_>,
    exit_distance: &[u32],
    stats: &mut Stats,
) -> Option<Vec<(CellId, CellId)>> {
    let graph = game.graph;
    let exit = graph.exit();
    let mut table = StateTable::default();
    let mut g: Vec<u32> = Vec::new();
    let mut parent: Vec<StateId> = Vec::new();
    let mut closed: Vec<bool> = Vec::new();
    let mut buckets: Vec<Vec<StateId>> = Vec::new();
    let mut replies: Vec<CellId> = Vec::with_capacity(4);

    let (hero, dragon) = game.start;
    let (start, _) = table.intern(hero, dragon);
    g.push(0);
    parent.push(NO_STATE);
    closed.push(false);
    let mut f = exit_distance[hero.index()] as usize;
    push(&mut buckets, f, start);

    let found = 'search: loop {
        let Some(bucket) = buckets.get_mut(f) else {
            break None;
        };
        let Some(state) = bucket.pop() else {
            f += 1;
            continue;
        };
        let s = state as usize;
        // A position re-queued with a smaller g leaves a stale entry in a
        // later bucket; the closed flag skips it.
        if closed[s] {
            continue;
        }
        let (hero, dragon) = table.get(state);
        closed[s] = true;
        stats.states_expanded += 1;
        for (_, to) in hero_moves(graph, hero, dragon) {
            if to == exit {
                break 'search Some((state, dragon));
            }
            replies.clear();
            game.dragon_replies(dragon, to, |d| replies.push(d));
            let next_g = g[s] + 1;
            for &reply in &replies {
                let (next, new) = table.intern(to, reply);
                let n = next as usize;
                if new && game.over_budget(table.len()) {
                    break 'search None;
                }
                if new {
                    g.push(next_g);
                    parent.push(state);
                    closed.push(false);
                } else if next_g < g[n] {
                    g[n] = next_g;
                    parent[n] = state;
                } else {
                    continue;
                }
                push(
                    &mut buckets,
                    next_g as usize + exit_distance[to.index()] as usize,
                    next,
                );
            }
        }
    };
    stats.states_stored = table.len() as u64;

    let (last, dragon_at_exit) = found?;
    let mut line = vec![(exit, dragon_at_exit)];
    let mut state = last;
    while state != NO_STATE {
        line.push(table.get(state));
        state = parent[state as usize];
    }
    line.reverse();
    Some(line)
}

fn push(buckets: &mut Vec<Vec<StateId>>, f: usize, state: StateId) {
    if buckets.len() <= f {
        buckets.resize_with(f + 1, Vec::new);
    }
    buckets[f].push(state);
}
