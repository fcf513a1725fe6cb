//! The adversarial dragon: the least number of steps the hero can guarantee
//! whatever shortest step the dragon takes (an AND-OR game).
//!
//! First every position reachable from the start under any dragon choice is
//! explored, recording for each hero move its possible dragon replies. Then
//! retrograde analysis assigns values in increasing order: a position with a
//! move onto the exit is worth 1; a move is resolved once all its replies
//! are, and is worth one more than the last (largest) of them; a position
//! takes the value of its first resolved move. Positions never resolved are
//! lost: the dragon can force a catch or an endless chase.

use super::solution::Stats;
use super::state::{StateId, StateTable};
use super::{Game, hero_moves};
use crate::graph::CellId;

const UNRESOLVED: u32 = u32::MAX;

/// The explored game: per position its moves, per move its replies.
struct Tree {
    table: StateTable,
    /// Moves of position `s` are `move_first[s]..move_first[s + 1]`.
    move_first: Vec<u32>,
    /// Replies of move `m` are `reply_first[m]..reply_first[m + 1]`; a move
    /// onto the exit has none and is marked in `escapes`.
    reply_first: Vec<u32>,
    escapes: Vec<bool>,
    hero_to: Vec<u32>,
    replies: Vec<StateId>,
}

pub(super) fn search(game: &mut Game<'_, '_>, stats: &mut Stats) -> Option<Vec<(CellId, CellId)>> {
    let tree = explore(game);
    stats.states_stored = tree.table.len() as u64;
    stats.states_expanded = tree.table.len() as u64;
    let value = retrograde(&tree);
    (value[0] != UNRESOLVED).then(|| line(&tree, &value))
}

fn explore(game: &mut Game<'_, '_>) -> Tree {
    let graph = game.graph;
    let exit = graph.exit();
    let mut tree = Tree {
        table: StateTable::default(),
        move_first: vec![0],
        reply_first: vec![0],
        escapes: Vec::new(),
        hero_to: Vec::new(),
        replies: Vec::new(),
    };
    tree.table.intern(graph.hero(), graph.dragon());
    // States are numbered in discovery order, so the table is the queue.
    let mut next: StateId = 0;
    while (next as usize) < tree.table.len() {
        let (hero, dragon) = tree.table.get(next);
        next += 1;
        for (_, to) in hero_moves(graph, hero, dragon) {
            tree.hero_to.push(to.0);
            tree.escapes.push(to == exit);
            if to != exit {
                let (table, replies) = (&mut tree.table, &mut tree.replies);
                game.dragon_replies(dragon, to, |reply| replies.push(table.intern(to, reply).0));
            }
            tree.reply_first.push(tree.replies.len() as u32);
        }
        tree.move_first.push(tree.escapes.len() as u32);
    }
    tree
}

fn retrograde(tree: &Tree) -> Vec<u32> {
    let states = tree.table.len();
    let moves = tree.escapes.len();
    let owner: Vec<StateId> = (0..states)
        .flat_map(|s| {
            let range = tree.move_first[s]..tree.move_first[s + 1];
            range.map(move |_| s as StateId)
        })
        .collect();
    // Reverse edges (reply position → moves that lead to it), in CSR form.
    let mut rev_first = vec![0u32; states + 1];
    for &r in &tree.replies {
        rev_first[r as usize + 1] += 1;
    }
    for i in 0..states {
        rev_first[i + 1] += rev_first[i];
    }
    let mut fill = rev_first.clone();
    let mut rev = vec![0u32; tree.replies.len()];
    for m in 0..moves {
        for &r in &tree.replies[tree.reply_first[m] as usize..tree.reply_first[m + 1] as usize] {
            rev[fill[r as usize] as usize] = m as u32;
            fill[r as usize] += 1;
        }
    }
    let mut pending: Vec<u32> = (0..moves)
        .map(|m| tree.reply_first[m + 1] - tree.reply_first[m])
        .collect();

    let mut value = vec![UNRESOLVED; states];
    let mut queue: Vec<StateId> = Vec::new();
    for m in 0..moves {
        let s = owner[m] as usize;
        if tree.escapes[m] && value[s] == UNRESOLVED {
            value[s] = 1;
            queue.push(s as StateId);
        }
    }
    let mut head = 0;
    while let Some(&s) = queue.get(head) {
        head += 1;
        let v = value[s as usize];
        for &m in &rev[rev_first[s as usize] as usize..rev_first[s as usize + 1] as usize] {
            pending[m as usize] -= 1;
            let p = owner[m as usize] as usize;
            if pending[m as usize] == 0 && value[p] == UNRESOLVED {
                value[p] = v + 1;
                queue.push(p as StateId);
            }
        }
    }
    value
}

/// One optimal line against the dragon's worst replies: the hero takes the
/// first move (in direction order) of least value; the dragon takes the
/// first reply (in the official order) of greatest value.
fn line(tree: &Tree, value: &[u32]) -> Vec<(CellId, CellId)> {
    let mut line = vec![tree.table.get(0)];
    let mut s = 0usize;
    loop {
        let worst_reply = |m: usize| {
            let replies = &tree.replies[tree.reply_first[m] as usize..tree.reply_first[m + 1] as usize];
            replies
                .iter()
                .copied()
                .reduce(|a, b| if value[b as usize] > value[a as usize] { b } else { a })
        };
        let moves = tree.move_first[s] as usize..tree.move_first[s + 1] as usize;
        let best = moves
            .map(|m| {
                let v = if tree.escapes[m] {
                    1
                } else {
                    worst_reply(m).map_or(UNRESOLVED, |r| value[r as usize].saturating_add(1))
                };
                (v, m)
            })
            .min_by_key(|&(v, _)| v);
        let (v, m) = best.expect("a resolved position has a move");
        debug_assert_eq!(v, value[s]);
        if tree.escapes[m] {
            let dragon = line.last().expect("line starts with the start").1;
            line.push((CellId(tree.hero_to[m]), dragon));
            return line;
        }
        let r = worst_reply(m).expect("a non-escaping move has a reply") as usize;
        line.push(tree.table.get(r as StateId));
        s = r;
    }
}
