//! A depth-first proof search for the adversarial dragon, tried before the
//! retrograde analysis of `search::backward::guaranteed`.
//!
//! `proves(s, r)` asks whether the hero, to move at position `s`, can
//! guarantee an escape within `r` moves: some move goes onto the exit, or
//! leads to a cell at most `r - 1` from the exit (dragon-free) such that
//! every dragon reply proves within `r - 1`. This is the AND-OR game of the
//! rules, cut by the free distance: no line of at most `r` moves passes a
//! cell farther than that from the exit. A proof follows one strategy, so in
//! open rooms, where the retrograde analysis must store every position a
//! short line can pass, it stores about one per (hero cell, dragon cell)
//! the strategy meets.
//!
//! Results are kept per position as two thresholds, since a strategy that
//! escapes within `r` moves escapes within any larger bound: every bound up
//! to `fails_to` is disproved, every bound from `wins_from` up is proved. So
//! each (position, bound) is worked out at most once.
//!
//! A proof search cannot tell cheaply that the hero never escapes, and on
//! some maps it does more work than the retrograde analysis: it gives up
//! after a fixed amount of work, and the caller falls back on the analysis.
//!
//! Every route between two cells has the parity of their distance (the grid
//! is bipartite), so a position's value has the parity of its free distance:
//! trying bounds `h, h + 2, h + 4…` from the start's free distance `h`, the
//! first that proves is the exact value. A wait breaks that parity (and a
//! frame holds four steps), so with waiting on the search is not used.
//!
//! **Per rule set** (see `search::dispatch`): the adversarial rule only
//! (the others are no AND-OR game), with one dragon at the official speed
//! and no keys or doors. A frame holds one dragon's replies of one step;
//! several dragons multiply them (up to 4⁴ combinations), a faster dragon
//! may end on many cells, and keys and doors widen the position: those go
//! to the retrograde analysis, which takes any number of replies.

use rustc_hash::FxHashMap;

use crate::graph::CellId;
use crate::search::turn::Game;
use crate::search::turn::hero_moves;
use crate::search::turn::{Prospect, worst_reply};

/// What is known about a position (the hero to move).
#[derive(Clone, Copy)]
struct Known {
    /// Disproved for every bound up to this one (none yet: 0, since a
    /// position is never the exit).
    fails_to: u32,
    /// Proved for every bound from this one (none yet: `u32::MAX`).
    wins_from: u32,
}

/// One position being worked out: its bound, its moves, the move being
/// tried and the replies checked so far.
struct Frame {
    at: (CellId, CellId),
    r: u32,
    moves: [CellId; 4],
    move_count: u8,
    next_move: u8,
    replies: [CellId; 4],
    reply_count: u8,
    next_reply: u8,
}

/// The prover over one game: the memo lasts across bounds.
pub(super) struct Prover<'h> {
    exit_distance: &'h [u32],
    known: FxHashMap<u64, Known>,
    /// Positions worked out (frames pushed), for the statistics.
    pub(super) expanded: u64,
    /// The most frames to push before giving up.
    work_limit: u64,
}

fn key((hero, dragon): (CellId, CellId)) -> u64 {
    (u64::from(hero.0) << 32) | u64::from(dragon.0)
}

impl<'h> Prover<'h> {
    pub(super) fn new(exit_distance: &'h [u32], work_limit: u64) -> Self {
        Prover {
            exit_distance,
            known: FxHashMap::default(),
            expanded: 0,
            work_limit,
        }
    }

    /// Whether the search has done all the work it may.
    pub(super) fn gave_up(&self) -> bool {
        self.expanded > self.work_limit
    }

    /// Positions with something known.
    pub(super) fn len(&self) -> usize {
        self.known.len()
    }

    /// What the memo says of `at` within `r`, if anything.
    fn recall(&self, at: (CellId, CellId), r: u32) -> Option<bool> {
        if self.exit_distance[at.0.index()] > r {
            return Some(false);
        }
        let known = self.known.get(&key(at))?;
        if r <= known.fails_to {
            Some(false)
        } else if r >= known.wins_from {
            Some(true)
        } else {
            None
        }
    }

    fn record(&mut self, at: (CellId, CellId), r: u32, proved: bool) {
        let known = self.known.entry(key(at)).or_insert(Known {
            fails_to: 0,
            wins_from: u32::MAX,
        });
        if proved {
            known.wins_from = known.wins_from.min(r);
        } else {
            known.fails_to = known.fails_to.max(r);
        }
    }

    /// The hero's moves from `at` that can still reach the exit within `r`
    /// moves in all, in direction order, and how many there are.
    fn moves_within(&self, game: &Game<'_>, at: (CellId, CellId), r: u32) -> ([CellId; 4], usize) {
        let mut moves = [CellId(0); 4];
        let mut count = 0;
        for (_, to) in hero_moves(game.graph, game.speed, false, at.0, at.1) {
            if self.exit_distance[to.index()] < r {
                moves[count] = to;
                count += 1;
            }
        }
        (moves, count)
    }

    /// A frame for `at` within `r`: its moves that can still reach the exit
    /// in time, closest to the exit first, then in direction order.
    fn frame(&self, game: &Game<'_>, at: (CellId, CellId), r: u32) -> Frame {
        let (mut moves, count) = self.moves_within(game, at, r);
        moves[..count].sort_by_key(|to| self.exit_distance[to.index()]);
        Frame {
            at,
            r,
            moves,
            move_count: count as u8,
            next_move: 0,
            replies: [CellId(0); 4],
            reply_count: 0,
            next_reply: 0,
        }
    }

    /// Whether the hero can guarantee an escape from `start` within `r`
    /// moves; `None` when the search outgrew the game's budget or its work
    /// limit.
    pub(super) fn proves(
        &mut self,
        game: &mut Game<'_>,
        start: (CellId, CellId),
        r: u32,
    ) -> Option<bool> {
        debug_assert!(
            game.speed.is_one(),
            "a frame holds one dragon step's replies"
        );
        debug_assert!(
            !game.wait,
            "a frame holds four steps, and the bounds go up by the hero's parity"
        );
        if let Some(known) = self.recall(start, r) {
            return Some(known);
        }
        let exit = game.graph.exit();
        let mut stack = vec![self.frame(game, start, r)];
        self.expanded += 1;
        // The answer of the frame just popped, for the one below it.
        let mut answer: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            match answer.take() {
                Some(true) => top.next_reply += 1,
                Some(false) => {
                    top.next_move += 1;
                    top.reply_count = 0;
                }
                None => {}
            }
            // Find the next question for this frame, or its answer.
            let child = loop {
                if top.reply_count > 0 && top.next_reply == top.reply_count {
                    break Err(true); // every reply to the current move proved
                }
                if top.reply_count == 0 {
                    if top.next_move == top.move_count {
                        break Err(false); // no move proves
                    }
                    let to = top.moves[top.next_move as usize];
                    if to == exit {
                        break Err(true);
                    }
                    let (replies, count) = (&mut top.replies, &mut top.reply_count);
                    game.dragon_replies(top.at.1, to, |reply| {
                        replies[*count as usize] = reply;
                        *count += 1;
                    });
                    top.next_reply = 0;
                }
                let to = top.moves[top.next_move as usize];
                let at = (to, top.replies[top.next_reply as usize]);
                match self.recall(at, top.r - 1) {
                    Some(true) => top.next_reply += 1,
                    Some(false) => {
                        top.next_move += 1;
                        top.reply_count = 0;
                    }
                    None => break Ok((at, top.r - 1)),
                }
            };
            match child {
                Ok((at, r)) => {
                    let bytes = || {
                        crate::search::memory::hash_table(
                            self.known.len(),
                            self.known.capacity(),
                            size_of::<(u64, Known)>(),
                        ) + stack.len() * size_of::<Frame>()
                    };
                    if game.over_budget(self.known.len(), bytes) || self.gave_up() {
                        return None;
                    }
                    let frame = self.frame(game, at, r);
                    stack.push(frame);
                    self.expanded += 1;
                }
                Err(proved) => {
                    let (at, r) = (top.at, top.r);
                    stack.pop();
                    self.record(at, r, proved);
                    answer = Some(proved);
                }
            }
        }
        answer
    }

    /// The exact value of `at` (the hero to move), known to be at most `r`:
    /// the least bound of the same parity that proves.
    fn value(&mut self, game: &mut Game<'_>, at: (CellId, CellId), r: u32) -> Option<u32> {
        let mut v = r;
        while v >= 2 && self.proves(game, at, v - 2)? {
            v -= 2;
        }
        Some(v)
    }

    /// The line from `start`, worth `v`, against the dragon's worst replies,
    /// as the retrograde analysis plays it: the hero takes its first move
    /// in direction order that guarantees the rest in `v - 1` (every such
    /// move is worth `v`, the least); the dragon takes the reply of greatest
    /// value, the first among equals ([`worst_reply`]). `None` when the search outgrew its budget or its
    /// work limit.
    pub(super) fn line(
        &mut self,
        game: &mut Game<'_>,
        start: (CellId, CellId),
        v: u32,
    ) -> Option<Vec<(CellId, CellId)>> {
        let exit = game.graph.exit();
        let mut line = vec![start];
        let (mut at, mut v) = (start, v);
        loop {
            let (moves, count) = self.moves_within(game, at, v);
            let mut chosen = None;
            for &to in &moves[..count] {
                if to == exit {
                    line.push((exit, at.1));
                    return Some(line);
                }
                let mut replies = Vec::with_capacity(4);
                game.dragon_replies(at.1, to, |reply| replies.push(reply));
                let mut values = Vec::with_capacity(4);
                let mut all = true;
                for &reply in &replies {
                    if !self.proves(game, (to, reply), v - 1)? {
                        all = false;
                        break;
                    }
                    values.push((reply, self.value(game, (to, reply), v - 1)?));
                }
                if all {
                    chosen = Some((to, values));
                    break;
                }
            }
            let (to, values) = chosen.expect("a proved position has a proving move");
            let (reply, worth) = worst_reply(values, |(_, worth)| Prospect::escape(worth))
                .expect("the dragon always has a reply");
            line.push((to, reply));
            (at, v) = ((to, reply), worth);
        }
    }
}
