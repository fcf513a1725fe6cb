//! A depth-first proof search for a choosing (adversarial) dragon, tried
//! before the retrograde analysis of [`super::guaranteed`] where that
//! would store too many positions. It takes positions of any kind
//! ([`Kind`]): the official game's pairs and the general engine's whole
//! positions alike.
//!
//! `proves(s, r)` asks whether the hero, to move at position `s`, can
//! guarantee an escape within `r` moves: some move goes onto the exit, or
//! leads to a cell at most `r - 1` from the exit (dragon-free) such that
//! every reply of the dragons proves within `r - 1`. This is the AND-OR
//! game of the rules, cut by the free distance: no line of at most `r`
//! moves passes a cell farther than that from the exit. A proof follows one
//! strategy, so in open rooms, where the retrograde analysis must store
//! every position a short line can pass, it stores about one per position
//! the strategy meets; with several dragons, where the replies to each move
//! are many, it stores the strategy's instead of every line's.
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
//! # Out of reach
//!
//! Let `e` be the dragon-free distance to the exit, `N` the dragons'
//! speed, and let every dragon of a position stand more than `N` times as
//! far from the exit as the hero: `e(d) > N e(h)` (a dragon that can never
//! reach the exit counts as infinitely far), on a map without doors. Then
//! the hero walking any shortest way out, `h = h_0, h_1, …, h_m` with `m =
//! e(h)`, makes a legal move every turn, whatever the dragons do, and
//! escapes in `m` moves, the least any line can take: the position is
//! proved for every bound from `m` on, without a frame. Indeed a step
//! changes `e` by at most one, so after `i` turns a dragon stands on a
//! cell `d_i` with `e(d_i) >= e(d) - N i`, and by the triangle inequality
//! the hero's next cell is `dist(h_{i+1}, d_i) >= e(d_i) - e(h_{i+1}) >=
//! e(d) - N i - (m - i - 1)` away, which for `i <= m - 1` is at least
//! `e(d) - N m + N > N`: out of the dragon's reach (rule 2; at speed `N`,
//! more than `N` steps), the exit included. Nothing in the argument looks
//! at the tie rule, at how many dragons there are, or at waiting (the hero
//! need not wait). A door breaks it: the hero's shortest way out may be
//! shut, and the distances with every door open are not the map's. The
//! dead-end rule leaves such a walk alone (a shortest way out never steps
//! deeper into a branch, which holds no exit). So the memo answers it
//! ([`Kind::out_of_reach`]); at speed 1 it is a dragon farther from the
//! exit than the hero, which on open ground is every position once the
//! hero has passed the dragon.
//!
//! Every route between two cells has the parity of their distance (the grid
//! is bipartite), so without waiting a position's value has the parity of
//! its free distance: trying bounds `h, h + 2, h + 4…` from the start's free
//! distance `h`, the first that proves is the exact value. A wait breaks
//! that parity: with waiting the bounds go up one at a time ([`super::step`]).

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::Kind;
use crate::graph::CellId;
use crate::search::turn::Game;

/// What is known about a position (the hero to move).
#[derive(Clone, Copy)]
struct Known {
    /// Disproved for every bound up to this one (none yet: 0, since a
    /// position is never the exit).
    fails_to: u32,
    /// Proved for every bound from this one (none yet: `u32::MAX`).
    wins_from: u32,
}

/// One position being worked out: its bound, its moves (the hero's cell
/// after each, and the position after the hero's half), the move being
/// tried and its replies, and the replies checked so far.
struct Frame<P> {
    at: P,
    r: u32,
    moves: Vec<(CellId, P)>,
    next_move: usize,
    replies: Vec<P>,
    next_reply: usize,
}

/// The prover over one game: the memo lasts across bounds.
pub(in crate::search) struct Prover<'h, K: Kind> {
    kind: &'h K,
    exit_distance: &'h [u32],
    known: FxHashMap<K::Position, Known>,
    /// Positions worked out (frames pushed), for the statistics.
    pub(in crate::search) expanded: u64,
    /// Positions answered out of reach of the dragons, for the tests.
    pub(in crate::search) out_of_reach: u64,
    /// The most frames to push before giving up.
    work_limit: u64,
    /// Frames' vectors, kept for reuse.
    spare: Vec<Frame<K::Position>>,
}

impl<'h, K: Kind> Prover<'h, K>
where
    K::Position: Hash + Eq,
{
    /// A prover of `kind`'s positions, which gives up past `work_limit`
    /// positions worked out.
    pub(in crate::search) fn new(kind: &'h K, exit_distance: &'h [u32], work_limit: u64) -> Self {
        Prover {
            kind,
            exit_distance,
            known: FxHashMap::default(),
            expanded: 0,
            out_of_reach: 0,
            work_limit,
            spare: Vec::new(),
        }
    }

    /// Whether the search has done all the work it may.
    fn gave_up(&self) -> bool {
        self.expanded > self.work_limit
    }

    /// Positions with something known.
    pub(in crate::search) fn len(&self) -> usize {
        self.known.len()
    }

    /// What the memo says of `at` within `r`, if anything, or the free
    /// distance (see "Out of reach" in the module's documentation).
    fn recall(&mut self, game: &Game<'_>, at: &K::Position, r: u32) -> Option<bool> {
        if self.exit_distance[K::hero(at).index()] > r {
            return Some(false);
        }
        if self.kind.out_of_reach(game, at, self.exit_distance) {
            self.out_of_reach += 1;
            return Some(true);
        }
        let known = self.known.get(&K::canonical(*at))?;
        if r <= known.fails_to {
            Some(false)
        } else if r >= known.wins_from {
            Some(true)
        } else {
            None
        }
    }

    fn record(&mut self, at: K::Position, r: u32, proved: bool) {
        let known = self.known.entry(K::canonical(at)).or_insert(Known {
            fails_to: 0,
            wins_from: u32::MAX,
        });
        if proved {
            known.wins_from = known.wins_from.min(r);
        } else {
            known.fails_to = known.fails_to.max(r);
        }
    }

    /// A frame for `at` within `r`: its moves that can still reach the exit
    /// in time, closest to the exit first, then in the official order.
    fn frame(&mut self, game: &Game<'_>, at: K::Position, r: u32) -> Frame<K::Position> {
        let mut frame = self.spare.pop().unwrap_or(Frame {
            at,
            r,
            moves: Vec::new(),
            next_move: 0,
            replies: Vec::new(),
            next_reply: 0,
        });
        frame.at = at;
        frame.r = r;
        frame.moves.clear();
        frame.replies.clear();
        frame.next_move = 0;
        frame.next_reply = 0;
        self.moves(game, &at, r, &mut frame.moves);
        frame
    }

    /// The hero's moves from `at` that a line of at most `r` moves may
    /// take (onto a cell less than `r` from the exit), nearest the exit
    /// first, in the official order among equals: the order a proof tries
    /// them in.
    fn moves(
        &self,
        game: &Game<'_>,
        at: &K::Position,
        r: u32,
        moves: &mut Vec<(CellId, K::Position)>,
    ) {
        moves.clear();
        self.kind.moves(game, at, moves);
        let exit_distance = self.exit_distance;
        moves.retain(|(to, _)| exit_distance[to.index()] < r);
        moves.sort_by_key(|(to, _)| exit_distance[to.index()]);
    }

    /// Whether the hero can guarantee an escape from `start` within `r`
    /// moves; `None` when the search outgrew the game's budget or its work
    /// limit.
    pub(in crate::search) fn proves(
        &mut self,
        game: &mut Game<'_>,
        start: K::Position,
        r: u32,
    ) -> Option<bool> {
        if let Some(known) = self.recall(game, &start, r) {
            return Some(known);
        }
        let exit = game.graph.exit();
        let first = self.frame(game, start, r);
        let mut stack = vec![first];
        self.expanded += 1;
        // The answer of the frame just popped, for the one below it.
        let mut answer: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            match answer.take() {
                Some(true) => top.next_reply += 1,
                Some(false) => {
                    top.next_move += 1;
                    top.replies.clear();
                }
                None => {}
            }
            // Find the next question for this frame, or its answer.
            let child = loop {
                if !top.replies.is_empty() && top.next_reply == top.replies.len() {
                    break Err(true); // every reply to the current move proved
                }
                if top.replies.is_empty() {
                    let Some(&(to, moved)) = top.moves.get(top.next_move) else {
                        break Err(false); // no move proves
                    };
                    if to == exit {
                        break Err(true);
                    }
                    let replies = &mut top.replies;
                    self.kind.replies(game, &moved, |reply| {
                        if !replies.contains(&reply) {
                            replies.push(reply);
                        }
                    });
                    top.next_reply = 0;
                }
                let at = top.replies[top.next_reply];
                match self.recall(game, &at, top.r - 1) {
                    Some(true) => top.next_reply += 1,
                    Some(false) => {
                        top.next_move += 1;
                        top.replies.clear();
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
                            size_of::<(K::Position, Known)>(),
                        ) + stack.len() * size_of::<Frame<K::Position>>()
                    };
                    if game.over_budget(self.known.len(), bytes) || self.gave_up() {
                        return None;
                    }
                    let frame = self.frame(game, at, r);
                    stack.push(frame);
                    self.expanded += 1;
                }
                Err(proved) => {
                    let done = stack.pop().expect("a frame on the stack");
                    let (at, r) = (done.at, done.r);
                    self.spare.push(done);
                    self.record(at, r, proved);
                    answer = Some(proved);
                }
            }
        }
        answer
    }

    /// The line from `start`, worth `v`, against the dragons' worst
    /// replies: the hero takes its first move, in the order the proof tries
    /// them (nearest the exit first, then the official order), that
    /// guarantees the rest in `v - 1` (every such move is worth `v`, the
    /// least), so the proof's answers serve again; the dragons take the
    /// reply of greatest value, the first among equals. The start first,
    /// the last position on the exit. `None` when the search outgrew its
    /// budget or its work limit.
    pub(in crate::search) fn line(
        &mut self,
        game: &mut Game<'_>,
        start: K::Position,
        v: u32,
    ) -> Option<Vec<K::Position>> {
        let exit = game.graph.exit();
        let mut line = vec![start];
        let (mut at, mut v) = (start, v);
        let mut moves = Vec::with_capacity(5);
        loop {
            // In the order the proof tried them, whose answers it keeps.
            self.moves(game, &at, v, &mut moves);
            let mut chosen = None;
            for &(to, moved) in &moves {
                if to == exit {
                    line.push(moved);
                    return Some(line);
                }
                let mut replies = Vec::with_capacity(4);
                self.kind.replies(game, &moved, |reply| {
                    if !replies.contains(&reply) {
                        replies.push(reply);
                    }
                });
                let mut all = true;
                for &reply in &replies {
                    if !self.proves(game, reply, v - 1)? {
                        all = false;
                        break;
                    }
                }
                if all {
                    chosen = Some(replies);
                    break;
                }
            }
            let replies = chosen.expect("a proved position has a proving move");
            // The move is worth `v` (the least), so its worst replies are
            // worth `v - 1`: the first of them is the first not proved in
            // fewer moves (the last need not be asked), and the others'
            // values need not be worked out.
            let step = super::step(game);
            let mut worst = None;
            for (i, &reply) in replies.iter().enumerate() {
                let last = i + 1 == replies.len();
                if last || v - 1 < step || !self.proves(game, reply, v - 1 - step)? {
                    worst = Some(reply);
                    break;
                }
            }
            let reply = worst.expect("a reply is worth one less than the move");
            line.push(reply);
            (at, v) = (reply, v - 1);
        }
    }
}
