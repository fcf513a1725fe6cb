//! The adversarial dragon: the least number of steps the hero can guarantee
//! whatever shortest step the dragon takes (an AND-OR game).
//!
//! Every position reachable from the start under any dragon choice is
//! explored ([`Tree`]). Retrograde analysis then assigns values in increasing
//! order: a position with a move onto the exit is worth 1; a move is resolved
//! once all its replies are, and is worth one more than the last (largest)
//! of them; a position takes the value of its first resolved move. Positions
//! never resolved are lost: the dragon can force a catch or an endless chase.

use super::{OUTSIDE, Tree, UNRESOLVED};
use crate::search::position::{StateId, Table};
use crate::search::solution::Stats;
use crate::search::turn::{Prospect, worst_reply};

/// The optimal line against the worst dragon or, when the hero cannot force
/// an escape, every position's value (the least number of moves that
/// guarantees an escape from it, [`UNRESOLVED`] where none does).
pub(in crate::search) fn search<T: Table>(
    tree: &Tree<T>,
    stats: &mut Stats,
) -> Result<Vec<T::Position>, Vec<u32>> {
    stats.states_stored = stats.states_stored.max(tree.len() as u64);
    stats.states_expanded += tree.len() as u64;
    let value = values(tree, false);
    if value[0] == UNRESOLVED {
        Err(value)
    } else {
        Ok(line(tree, &value))
    }
}

/// Whether the hero cannot force an escape from the start of a tree cut
/// short by a bound even if every position the bound left out were won at
/// once: then it cannot in the whole game either (the left-out positions
/// can only be worse for it), and the deepening may stop raising the bound.
pub(in crate::search) fn lost_at_any_bound<T: Table>(tree: &Tree<T>) -> bool {
    let owner = tree.owners();
    let (rev_first, rev) = tree.reverse();
    let mut pending: Vec<u32> = (0..owner.len())
        .map(|m| tree.replies(m).iter().filter(|&&r| r != OUTSIDE).count() as u32)
        .collect();
    let mut won = vec![false; tree.len()];
    let mut queue: Vec<StateId> = Vec::new();
    for (m, &s) in owner.iter().enumerate() {
        if pending[m] == 0 && !won[s as usize] {
            won[s as usize] = true;
            queue.push(s);
        }
    }
    while let Some(s) = queue.pop() {
        for &m in &rev[rev_first[s as usize] as usize..rev_first[s as usize + 1] as usize] {
            pending[m as usize] -= 1;
            let p = owner[m as usize] as usize;
            if pending[m as usize] == 0 && !won[p] {
                won[p] = true;
                queue.push(p as StateId);
            }
        }
    }
    !won[0]
}

/// Every position's value: the least number of moves that guarantees an
/// escape from it against every reply ([`UNRESOLVED`] where none does);
/// with `any_reply`, against the reply the hero would pick (the optimistic
/// bound), a move settled by its first reply instead of its last.
pub(in crate::search) fn values<T: Table>(tree: &Tree<T>, any_reply: bool) -> Vec<u32> {
    let owner = tree.owners();
    let (rev_first, rev) = tree.reverse();
    let mut pending: Vec<u32> = (0..owner.len())
        .map(|m| match tree.replies(m).len() {
            0 => 0,
            _ if any_reply => 1,
            replies => replies as u32,
        })
        .collect();
    let mut value = vec![UNRESOLVED; tree.len()];
    let mut queue: Vec<StateId> = Vec::new();
    for (m, &s) in owner.iter().enumerate() {
        if tree.escapes[m] && value[s as usize] == UNRESOLVED {
            value[s as usize] = 1;
            queue.push(s);
        }
    }
    // Values enter the queue in non-decreasing order, so when a move's last
    // reply is resolved, that reply has the move's largest value.
    let mut head = 0;
    while let Some(&s) = queue.get(head) {
        head += 1;
        let v = value[s as usize];
        for &m in &rev[rev_first[s as usize] as usize..rev_first[s as usize + 1] as usize] {
            if pending[m as usize] == 0 {
                continue;
            }
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
/// first move (in direction order) of least value; the dragon takes its
/// worst reply for the hero ([`worst_reply`]: here, of greatest value).
fn line<T: Table>(tree: &Tree<T>, value: &[u32]) -> Vec<T::Position> {
    let value_of = |r: StateId| {
        if r == OUTSIDE {
            UNRESOLVED
        } else {
            value[r as usize]
        }
    };
    // A reply with no guaranteed escape is the dragon's first choice; the
    // line never takes a move that allows one.
    let prospect = |r: StateId| match value_of(r) {
        UNRESOLVED => Prospect::Endless,
        v => Prospect::escape(v),
    };
    let worst_reply = |m: usize| worst_reply(tree.replies(m).iter().copied(), prospect);
    let mut line = vec![tree.table.get(0)];
    let mut s: StateId = 0;
    loop {
        let (v, m) = tree
            .moves(s)
            .map(|m| {
                let v = if tree.escapes[m] {
                    1
                } else {
                    worst_reply(m).map_or(UNRESOLVED, |r| value_of(r).saturating_add(1))
                };
                (v, m)
            })
            .min_by_key(|&(v, _)| v)
            .expect("a resolved position has a move");
        debug_assert_eq!(v, value[s as usize]);
        if tree.escapes[m] {
            line.push(T::moved(tree.table.get(s), tree.hero_to(m)));
            return line;
        }
        s = worst_reply(m).expect("a move that does not escape has a reply");
        line.push(tree.table.get(s));
    }
}
