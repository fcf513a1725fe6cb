//! Best-first search for a deterministic (or hero-chosen) dragon.
//!
//! A* over (hero, dragon) positions with unit moves and the exact
//! dragon-free distance from the hero to the exit as heuristic. That
//! heuristic is consistent (one move changes it by at most one), so the first
//! time a move reaches the exit from the lowest open bucket, it is optimal.
//!
//! The open list holds *moves*, not positions: a move's f = g + 1 + h(the
//! cell it goes to) does not depend on where the dragon goes, so the dragon's
//! reply (the costly part: an oracle question) is only worked out when the
//! move leaves the queue. Moves that never reach the lowest bucket, such as
//! steps away from the exit on a map the hero crosses directly, never ask.
//! A position found by a move taken at the lowest f has its least g (a
//! shorter way to it would have had a lower f), so it is expanded at once.
//! Within a bucket the newest move is taken first, which dives towards the
//! exit.

use super::solution::Stats;
use super::state::{NO_STATE, StateId, StateTable};
use super::{Game, hero_moves};
use crate::graph::CellId;

/// A hero move waiting in the open list: from a position onto a cell.
#[derive(Clone, Copy)]
struct Move {
    from: StateId,
    to: CellId,
}

/// The optimal line of positions from the start to the exit, or `None` if
/// the dragon catches the hero on every path (or the search outgrew its
/// budget: see [`Game::over_budget`]).
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
    let mut buckets: Vec<Vec<Move>> = Vec::new();
    let mut replies: Vec<CellId> = Vec::with_capacity(4);

    let (hero, dragon) = game.start;
    let (start, _) = table.intern(hero, dragon);
    g.push(0);
    parent.push(NO_STATE);
    let mut f = exit_distance[hero.index()] as usize;
    // Expands a position: queues its moves, or reports a move onto the exit.
    let expand = |state: StateId,
                  table: &StateTable,
                  g: &[u32],
                  buckets: &mut Vec<Vec<Move>>,
                  stats: &mut Stats|
     -> Option<(StateId, CellId)> {
        stats.states_expanded += 1;
        let (hero, dragon) = table.get(state);
        for (_, to) in hero_moves(graph, hero, dragon) {
            if to == exit {
                return Some((state, dragon));
            }
            let key = g[state as usize] as usize + 1 + exit_distance[to.index()] as usize;
            push(buckets, key, Move { from: state, to });
        }
        None
    };

    let found = 'search: {
        if let Some(found) = expand(start, &table, &g, &mut buckets, stats) {
            break 'search Some(found);
        }
        loop {
            let Some(bucket) = buckets.get_mut(f) else {
                break 'search None;
            };
            let Some(Move { from, to }) = bucket.pop() else {
                f += 1;
                continue;
            };
            let dragon = table.get(from).1;
            replies.clear();
            game.dragon_replies(dragon, to, |d| replies.push(d));
            let next_g = g[from as usize] + 1;
            for &reply in &replies {
                let (next, new) = table.intern(to, reply);
                if !new {
                    // Found before at a lower or equal f: its g is no larger.
                    continue;
                }
                if game.over_budget(table.len()) {
                    break 'search None;
                }
                g.push(next_g);
                parent.push(from);
                if let Some(found) = expand(next, &table, &g, &mut buckets, stats) {
                    break 'search Some(found);
                }
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

fn push(buckets: &mut Vec<Vec<Move>>, f: usize, item: Move) {
    if buckets.len() <= f {
        buckets.resize_with(f + 1, Vec::new);
    }
    buckets[f].push(item);
}
