//! When the hero cannot escape: the longest it can stay alive.
//!
//! Retrograde analysis over the explored [`Tree`], the dual of
//! [`super::guaranteed`]: a position where the hero has no legal move is
//! lost now (value 0); a move is lost as soon as one reply is lost (the
//! dragon picks it), worth one more than that reply; a position is lost once
//! all its moves are, worth its last (largest) move. Positions never lost
//! let the hero evade forever.

use super::{OUTSIDE, Tree, UNRESOLVED};
use crate::search::position::{StateId, Table};
use crate::search::turn::{Prospect, worst_reply};

/// The longest line of play the hero survives, from the start, and whether
/// it can go on forever (then the line ends where a position repeats).
///
/// `escape_value` holds, for a dragon with choices, each position's
/// guaranteed-escape value ([`UNRESOLVED`] where the hero cannot force an
/// escape): the dragon never picks a reply that lets the hero force one.
pub(in crate::search) fn longest_line<T: Table>(
    tree: &Tree<T>,
    escape_value: Option<&[u32]>,
) -> (Vec<T::Position>, bool) {
    debug_assert!(!tree.pruned, "survival needs every reachable position");
    let value = retrograde(tree, false);
    let mut line = vec![tree.table.get(0)];
    let mut s: StateId = 0;
    let endless = value[0] == UNRESOLVED;
    let mut seen = vec![false; tree.len()];
    seen[0] = true;
    loop {
        // The dragon's best reply to move m (see `worst_reply`): never one
        // that lets the hero force an escape, then the one lost soonest.
        let prospect = |r: StateId| match escape_value.map(|e| e[r as usize]) {
            Some(e) if e != UNRESOLVED => Prospect::escape(e),
            _ if value[r as usize] == UNRESOLVED => Prospect::Endless,
            _ => Prospect::Lost(value[r as usize]),
        };
        let reply = |m: usize| worst_reply(tree.replies(m).iter().copied(), prospect);
        let best = tree
            .moves(s)
            .filter(|&m| !tree.escapes[m])
            .filter_map(|m| reply(m).map(|r| (value[r as usize], r)))
            .reduce(|a, b| if b.0 > a.0 { b } else { a });
        let Some((_, next)) = best else {
            return (line, endless);
        };
        line.push(tree.table.get(next));
        if std::mem::replace(&mut seen[next as usize], true) {
            return (line, endless);
        }
        s = next;
    }
}

/// Whether the hero can evade the dragon forever from the start of `tree`:
/// [`longest_line`]'s second answer, for a deterministic dragon.
///
/// The tree may leave out the moves the dead-end rule finds needless
/// ([`crate::search::pair::hanging`]): the answer stays the same. An endless line of the
/// whole game stays endless when each stretch of it down a dead-end tree
/// and back is replaced by steps back and forth at the tree's top, as the
/// dead-end rule's argument does (the dragon's replies and the rest of the
/// line are unchanged). A stretch that goes down and never comes back
/// cannot be endless: in a tree the dragon, once inside, walks towards the
/// hero and shrinks the part of the tree beyond it at each step, until the
/// hero is caught. And a line of the smaller game is one of the whole game.
/// With several dragons the same holds: the rule leaves a step out only
/// when every dragon is outside the branch and off its attachment (the
/// replacement keeps each one's replies), and a hero that goes down and
/// never comes back is caught by the first dragon that follows it in.
pub(in crate::search) fn endless<T: Table>(tree: &Tree<T>) -> bool {
    retrograde(tree, false)[0] == UNRESOLVED
}

/// Whether the hero can run forever from the start of a tree cut short by
/// a bound, when the tree tells: `Some(false)` when the dragons force a
/// catch even if every position the bound left out let the hero run
/// forever, `Some(true)` when the hero runs forever even if every left-out
/// position were lost at once; `None` when only the whole game can tell.
pub(in crate::search) fn endless_at_any_bound<T: Table>(tree: &Tree<T>) -> Option<bool> {
    if retrograde(tree, false)[0] != UNRESOLVED {
        Some(false)
    } else if retrograde(tree, true)[0] == UNRESOLVED {
        Some(true)
    } else {
        None
    }
}

/// How soon the dragons can force a catch from each position of a whole
/// tree ([`UNRESOLVED`]: never): the most moves the hero survives.
pub(in crate::search) fn values<T: Table>(tree: &Tree<T>) -> Vec<u32> {
    debug_assert!(!tree.pruned, "survival needs every reachable position");
    retrograde(tree, false)
}

/// How soon the dragons can force a catch from each position
/// ([`UNRESOLVED`]: never), with the positions left out by a bound
/// counted as never lost or, with `outside_lost`, as lost at once.
fn retrograde<T: Table>(tree: &Tree<T>, outside_lost: bool) -> Vec<u32> {
    let owner = tree.owners();
    let (rev_first, rev) = tree.reverse();
    let mut pending: Vec<u32> = (0..tree.len() as StateId)
        .map(|s| {
            let moves = tree.moves(s);
            if moves.clone().any(|m| tree.escapes[m]) {
                UNRESOLVED // an escape is never lost
            } else {
                moves.len() as u32
            }
        })
        .collect();
    let mut move_lost = vec![false; owner.len()];
    if outside_lost {
        for (m, &p) in owner.iter().enumerate() {
            if tree.replies(m).contains(&OUTSIDE) {
                move_lost[m] = true;
                if pending[p as usize] != UNRESOLVED {
                    pending[p as usize] -= 1;
                }
            }
        }
    }
    let mut value = vec![UNRESOLVED; tree.len()];
    let mut queue: Vec<StateId> = Vec::new();
    for s in 0..tree.len() {
        if pending[s] == 0 {
            value[s] = 0;
            queue.push(s as StateId);
        }
    }
    let mut head = 0;
    while let Some(&s) = queue.get(head) {
        head += 1;
        let v = value[s as usize];
        for &m in &rev[rev_first[s as usize] as usize..rev_first[s as usize + 1] as usize] {
            if std::mem::replace(&mut move_lost[m as usize], true) {
                continue;
            }
            let p = owner[m as usize] as usize;
            pending[p] -= 1;
            if pending[p] == 0 {
                value[p] = v + 1;
                queue.push(p as StateId);
            }
        }
    }
    value
}
