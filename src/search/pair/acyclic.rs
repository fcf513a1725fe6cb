//! Loop-free maps: when the part of the map that the hero and the dragon
//! share is a tree (a perfect maze), the game has a closed form, found in
//! linear time without searching positions.
//!
//! In a tree one path joins any two cells, so the dragon's shortest step is
//! never tied (every tie rule agrees), and it never turns back: each step
//! takes it along the path towards the hero, and the hero cannot get behind
//! it. Its walk is therefore a prefix of the path from its start to wherever
//! the hero ends up.
//!
//! Root the tree at the dragon's start `r` and let `r = v0, v1, …, va` be the
//! path to the hero (`a` is their distance). For any cell `c`, let `v_i` be
//! the cell where the path from `r` to `c` leaves that path (its *junction*).
//! The hero can reach `c` if and only if it need not turn towards the dragon
//! (`i = a`), or it reaches `v_i` before the dragon comes within one cell of
//! it: it gets there after `a - i` moves, when the dragon has made `a - i - 1`
//! and stands `i - (a - i - 1)` cells short of it, so `2i >= a + 1`.
//! Dawdling never helps, for the dragon only comes closer.
//!
//! - **Escape** if and only if the exit is reachable, in the dragon-free
//!   distance: the hero walks the one path.
//! - **Caught** otherwise. The hero's longest line ends on a leaf `l` (only
//!   there can it have no legal move: any other cell has a neighbour further
//!   from the dragon), with the dragon 1 or 2 cells away (the parity of `a`,
//!   which no turn changes). The dragon has then walked the path from `r`
//!   towards `l` up to that point, one cell a turn, so the line lasts
//!   `depth(l) - 1` or `depth(l) - 2` turns: the deepest reachable leaf is
//!   best. The hero walks to it, then steps back and forth on the leaf's
//!   edge while the dragon closes in.
//!
//! **A hero trapped in a dead end** ([`trapped`]). The map may have loops
//! elsewhere: let the hero stand in a hanging tree (see [`super::hanging`])
//! at depth `k` below its attachment `c`, in a branch `B`, and the dragon
//! outside `B`, `T <= k` steps from `c`. Every path from the dragon into
//! `B` passes `c`, so while the hero stays in `B` the dragon's shortest
//! steps are its shortest steps towards `c`, the same whatever the hero
//! does there: it walks `d_0, …, d_T = c`, the walk the tie rule picks
//! with the hero anywhere in `B`. The hero could leave `B` only through
//! `c`, at its `t`-th move at the earliest `t >= k`, and only if the
//! dragon, `T - (t - 1)` steps from `c` while it walks, is at least 2 from
//! it: `t <= T - 1 < k`. So it never stands on `c` while the dragon walks;
//! once the dragon is on `c` it stands between the hero and the rest of
//! the map, and from there the game is one in the tree `B ∪ {c}`, where
//! the dragon stays on the hero's path to `c`. The whole game is then the
//! game on the loop-free map made of the walk and `B` (the walk's cells
//! are outside `B`, and no cell of `B` but those next to `c` touches the
//! walk): the same positions, moves and replies, the legality of a step
//! onto `c` included, as it counts the dragon's distance to `c` alike.
//! So the hero is caught, under every tie rule, and the closed form above,
//! rooted at `d_0` in that tree, gives its longest line. Under a rule with
//! choices every walk to `c` takes `T` steps and leaves the same game, so
//! each lasts as long; the line shown walks as the default order does (a
//! choosing dragon's first reply among equals, and the optimistic bound's
//! chase). A hero that starts deep in a dead end with the dragon nearer
//! its mouth is common on sparse braids with the dragon near the exit: on
//! one such map of 201 tiles a side the search stored 8.7 million
//! positions, every one with the hero in its dead end.
//!
//! **A faster dragon, waiting** ([`walk`]). The escape keeps its closed
//! form: in a tree the hero escapes if and only if walking the one path to
//! the exit escapes, any number of dragons at any speed, with or without
//! waits. Take one awake dragon, rooted as above, and the exit's junction
//! `v_i`. Until the hero passes `v_i` it is below `v_{i+1}` (or `i = a`),
//! so the dragon walks down the root path `s` cells a turn whatever the
//! hero does, and stands on `v_{st}` after `t` turns. The hero may step
//! onto `v_i` at its `t`-th move only if the dragon is more than `s` cells
//! from it, `i - s(t - 1) > s`, and onto the next cell towards the exit
//! only if `i - st + 1 > s`: each is easiest at the least `t`, the walk's.
//! Past `v_i` the dragon follows the hero's path from behind, `s - 1`
//! cells nearer each turn the hero steps away and `s` nearer each turn it
//! does not: every detour and wait only brings it closer. So a line that
//! escapes can be replaced by the walk, which then escapes too; the walk
//! is the shortest line, and in a tree every tie rule gives its dragons
//! the same steps, so it is the answer under each. Several dragons move
//! independently and only take moves away, so the walk escapes against all
//! exactly when it escapes against each. A hero who cannot escape is
//! caught, never endlessly: each turn an awake dragon steps into the part
//! of the tree on the hero's side of it, which shrinks until the hero has
//! no legal move.
//!
//! **A faster dragon's longest line** ([`longest_line`]). On a tree, one
//! dragon of speed `N`, with or without waits: the dragon is always an
//! ancestor of the hero in the tree rooted at its start, and after `t`
//! turns it stands on the hero's ancestor at depth `N t`. (It starts at
//! the root; the hero may not step within `N` of it, so it steps onto a
//! descendant, and the dragon's `N` steps towards it go down the one path
//! without reaching it.) So a move to a cell of depth `x` at turn `t + 1`
//! is legal exactly when `x - N t > N`: call `depth - N t` the hero's
//! slack, `a` at the start. A step down takes `N - 1` from it, a step up
//! `N + 1`, a wait `N`, and a move is legal while the slack stays at
//! least one. At speed 2 or more every move takes some, so a line is legal
//! exactly when its moves take at most `a - 1` in all, in any order. A
//! line whose highest cell is the hero's ancestor `j` steps up, with `U >=
//! j` steps up, `D` down and `W` waits, ends `D - U` below the start, so
//! `D - U <= h - j` with `h` the height of the tree below that ancestor,
//! and every such count is a walk: up `j`, down the deepest path, then
//! steps back and forth (down and up, or up and down at a leaf), then
//! waits. The longest line is the largest `U + D + W` whose cost `(N + 1)
//! U + (N - 1) D + N W` is at most `a - 1` (`W = 0` without waits) over
//! those `j` and `U` (`best_counts`); it ends with the hero unable to
//! move, or it would go on. In a tree no tie rule has a choice, so this
//! line serves every rule.
//!
//! **Keys and doors** ([`Way`], in `way.rs`): the dragon in the way on
//! the map with every door open; its argument is there.

use super::hanging::Hanging;
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::puzzle::Locks;
use crate::search::position::{Dragons, NONE, Position};
use crate::search::rules::Ties;
use crate::search::solution::Move;
use crate::search::turn::{Game, hero_move, hero_moves};

mod way;

pub(in crate::search) use way::Way;

/// The closed-form result: the line of (hero, dragon) positions, start
/// first, and whether it ends on the exit (else it is the longest line the
/// hero survives).
pub(in crate::search) struct Closed {
    pub(in crate::search) line: Vec<(CellId, CellId)>,
    pub(in crate::search) escaped: bool,
}

/// What a loop-free map's closed form or walk settles of a game with
/// several dragons, or under a faster dragon or waiting.
pub(in crate::search) enum Verdict {
    /// The hero escapes by this line of positions, start first.
    Escaped(Vec<Position>),
    /// The hero is caught, never endlessly; its longest line is left to
    /// search.
    Caught,
    /// Nothing: the search answers.
    Open,
}

/// What the closed form says of one dragon.
enum Chase {
    /// Its part of the map has a loop: no closed form.
    Loop,
    /// The hero is out of its reach: it sleeps all game.
    Asleep,
    /// The game against it alone.
    Closed(Closed),
}

/// Solves the game from (`hero`, `dragon`) in closed form if the dragon's
/// connected part of the map is a tree that holds the hero; `None` when it
/// has a loop, or the hero is out of the dragon's reach (the dragon sleeps).
/// The hero must not stand on the exit.
pub(in crate::search) fn solve(graph: &Graph, hero: CellId, dragon: CellId) -> Option<Closed> {
    match chase(graph, hero, dragon) {
        Chase::Closed(closed) => Some(closed),
        Chase::Loop | Chase::Asleep => None,
    }
}

/// The closed form against several dragons, each chasing as if alone
/// (docs/RULES.md, "Several dragons"), when every awake dragon's part of
/// the map is a tree: the escape's line, or that the hero is caught.
/// [`Verdict::Open`] when some awake dragon's part has a loop, or every
/// dragon sleeps (the search is then quick). The hero must not stand on
/// the exit.
///
/// **Why.** The dragons move independently (their merging changes no
/// cell any of them goes to), and with more dragons the hero has fewer
/// legal moves, never more. So a line the hero survives against all of
/// them is one it survives against each alone. Against each alone, the
/// one-dragon closed form says the hero escapes exactly when it walks the
/// one path to the exit unharmed, and dawdling never helps; so if it
/// escapes against each, the same walk (the one path) escapes against all,
/// in the dragon-free distance, each dragon doing on it what it does
/// alone; and if one dragon alone catches it, so do all together, and
/// never endlessly (in a tree an awake dragon corners the hero).
pub(in crate::search) fn solve_several(graph: &Graph, hero: CellId, dragons: &Dragons) -> Verdict {
    let mut walks: Vec<Option<Closed>> = Vec::with_capacity(dragons.count());
    for i in 0..dragons.count() {
        let walk = match dragons.get(i) {
            None => None,
            Some(dragon) => match chase(graph, hero, dragon) {
                Chase::Loop => return Verdict::Open,
                Chase::Asleep => None,
                Chase::Closed(closed) => Some(closed),
            },
        };
        walks.push(walk);
    }
    let Some(first) = walks.iter().flatten().next() else {
        return Verdict::Open;
    };
    if walks.iter().flatten().any(|c| !c.escaped) {
        return Verdict::Caught;
    }
    // Each dragon's cell after each turn: its walk, or where it sleeps.
    let line = (0..first.line.len())
        .map(|t| {
            let mut at = Dragons::blank(dragons.count());
            for (i, walk) in walks.iter().enumerate() {
                let cell = match walk {
                    Some(closed) => Some(closed.line[t].1),
                    None => dragons.get(i),
                };
                at.set(i, cell.map_or(NONE, |c| c.0));
            }
            at.merge();
            Position {
                hero: first.line[t].0,
                dragons: at,
                locks: Locks::default(),
            }
        })
        .collect();
    Verdict::Escaped(line)
}

/// The closed form for a hero that stands deep in a dead end which the
/// dragon reaches first (see the module's documentation): its longest
/// line; `None` when the start is not so. Under a priority rule the
/// dragon walks by it, under the others by the default order. At the
/// official speed without waiting; at most `k` questions of the oracle,
/// `k` the hero's depth, and linear time.
pub(in crate::search) fn trapped(
    game: &mut Game<'_>,
    hanging: &Hanging,
    hero: CellId,
    dragon: CellId,
) -> Option<Closed> {
    debug_assert!(game.rules().speed.is_one() && !game.rules().wait);
    let graph = game.graph;
    let (mouth, depth) = hanging.attachment(hero)?;
    // Near enough, before any question to the oracle.
    let near = graph.manhattan(dragon, mouth) <= depth
        && graph.distance(dragon, mouth).is_some_and(|d| d <= depth);
    if hanging.in_branch_of(dragon, hero) || !near {
        return None;
    }
    let tied = game.ties;
    if !matches!(tied, Ties::Priority(_)) {
        game.ties = Ties::default();
    }
    // The dragon's walk to the mouth, with the hero anywhere in its branch.
    let mut walk = vec![dragon];
    let mut at = dragon;
    while at != mouth && walk.len() <= depth as usize {
        let mut next = None;
        game.dragon_replies(at, hero, |reply| {
            next.get_or_insert(reply);
        });
        at = next.unwrap_or(at);
        walk.push(at);
    }
    game.ties = tied;
    debug_assert_eq!(at, mouth, "the walk is a shortest path");
    if at != mouth {
        return None;
    }
    let tree = Rooted::along(graph, &walk, |cell| hanging.in_branch_of(cell, hero));
    let closed = closed(graph, &tree, hero, dragon);
    debug_assert!(!closed.escaped, "the dead end holds no exit");
    Some(closed)
}

/// The longest line of a hero caught on a loop-free map by one dragon of
/// speed 2 or more (see the module's documentation, "A faster dragon's
/// longest line"), with or without waits; `None` when the dragon's part of
/// the map has a loop or no path joins the two. Linear time.
pub(in crate::search) fn longest_line(
    game: &mut Game<'_>,
    hero: CellId,
    dragon: CellId,
) -> Option<Vec<(CellId, CellId)>> {
    let graph = game.graph;
    let rules = game.rules();
    let n = rules.speed.steps();
    debug_assert!(n >= 2, "the official speed has the closed form of `chase`");
    let tree = Rooted::new(graph, dragon)?;
    let a = tree.depth(hero)?;
    // The height of the tree below each cell.
    let mut height = vec![0u32; graph.len()];
    for &c in tree.order.iter().rev() {
        if let Some(up) = tree.parent(CellId(c)) {
            height[up.index()] = height[up.index()].max(height[c as usize] + 1);
        }
    }
    let ancestors: Vec<CellId> = tree.path_to(hero).into_iter().rev().collect();
    let heights: Vec<u32> = ancestors[..a as usize]
        .iter()
        .map(|c| height[c.index()])
        .collect();
    let Counts {
        j, up, down, waits, ..
    } = best_counts(a, n, rules.wait, &heights);
    // Up `j`, down the deepest path `D - (U - j)` levels, then the pairs
    // and the waits.
    let mut cells: Vec<CellId> = ancestors[1..=j as usize].to_vec();
    let mut at = ancestors[j as usize];
    for _ in 0..down - (up - j) {
        at = tree
            .children(graph, at)
            .max_by_key(|&c| (height[c.index()], std::cmp::Reverse(c.0)))
            .expect("the deepest path goes on");
        cells.push(at);
    }
    let other = tree
        .children(graph, at)
        .next()
        .or_else(|| tree.parent(at))
        .expect("a cell below the root has a neighbour");
    for _ in 0..up - j {
        cells.extend([other, at]);
    }
    cells.extend(std::iter::repeat_n(at, waits as usize));
    // Played out: the dragon's replies, and a check of every move.
    let mut line = vec![(hero, dragon)];
    let (mut here, mut there) = (hero, dragon);
    for to in cells {
        let step = if to == here {
            Move::Wait
        } else {
            let (direction, _) = graph.neighbors(here).find(|&(_, c)| c == to)?;
            Move::Step(direction)
        };
        let legal = hero_move(graph, rules.speed, rules.wait, here, there, step) == Some(to);
        debug_assert!(legal, "a move of the closed form's line is legal");
        if !legal {
            return None;
        }
        game.dragon_replies(there, to, |reply| there = reply);
        here = to;
        line.push((here, there));
    }
    let stuck = hero_moves(graph, rules.speed, rules.wait, here, there)
        .next()
        .is_none();
    debug_assert!(stuck, "the closed form's line ends with the hero stuck");
    stuck.then_some(line)
}

/// The moves of a longest line against a dragon of speed `n >= 2` (see
/// the module's documentation, "A faster dragon's longest line").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    moves: u32,
    /// The highest cell: the hero's ancestor `j` steps up.
    j: u32,
    up: u32,
    down: u32,
    waits: u32,
}

impl Counts {
    /// The most moves with the highest cell `j` up, `up` steps up, and a
    /// tree of `height` below that cell, within a slack of `a`; `None`
    /// when `up` steps up do not fit.
    fn of(a: u32, n: u32, wait: bool, (j, height): (u32, u32), up: u32) -> Option<Counts> {
        let left = (a - 1).checked_sub((n + 1) * up)?;
        let down = (height + up - j).min(left / (n - 1));
        let left = left - (n - 1) * down;
        let waits = if wait { left / n } else { 0 };
        (down + j >= up).then_some(Counts {
            moves: up + down + waits,
            j,
            up,
            down,
            waits,
        })
    }
}

/// The best [`Counts`] for a slack of `a` and the heights of the tree
/// below the hero's ancestors, the hero's own first. For each `j` the
/// moves grow (or stay, with waits) with `U` while the tree bounds `D`,
/// and shrink once the slack does: the best `U` is where the two bounds
/// meet, so only `U = j` and a few around that meeting are tried.
fn best_counts(a: u32, n: u32, wait: bool, heights: &[u32]) -> Counts {
    let mut best = Counts::default();
    for (j, &height) in heights.iter().enumerate() {
        let j = j as u32;
        if (n + 1) * j > a - 1 {
            break;
        }
        let meet = ((a - 1).saturating_sub((n - 1) * (height - j)) / (2 * n)).max(j);
        let near = meet.saturating_sub(n + 2).max(j)..=meet + n + 2;
        for up in std::iter::once(j).chain(near) {
            if let Some(counts) = Counts::of(a, n, wait, (j, height), up) {
                if counts.moves > best.moves {
                    best = counts;
                }
            }
        }
    }
    best
}

/// The escape under a faster dragon or with waits when the exit's part of
/// the map is a tree (`loop_free`; see the module's documentation): the
/// walk along the one path to the exit, or that the hero is caught.
/// [`Verdict::Open`] when the exit's part has a loop or no dragon (the
/// search is then quick). The hero must be off the exit and able to reach
/// it; `exit_distance` is the dragon-free distance. Keys and doors are
/// for the caller to leave out (see `dispatch`).
pub(in crate::search) fn walk(
    game: &mut Game<'_>,
    exit_distance: &[u32],
    loop_free: bool,
    at: &Position,
) -> Verdict {
    let awake = at
        .dragons
        .live()
        .any(|d| exit_distance[d.index()] != UNREACHABLE);
    if !loop_free || !awake {
        return Verdict::Open;
    }
    let (graph, rules) = (game.graph, game.rules());
    let exit = graph.exit();
    let mut line = vec![*at];
    let mut now = *at;
    while now.hero != exit {
        let here = exit_distance[now.hero.index()];
        let Some((direction, _)) = graph
            .neighbors(now.hero)
            .find(|(_, n)| exit_distance[n.index()].wrapping_add(1) == here)
        else {
            return Verdict::Open;
        };
        let Ok((to, locks)) = game.terrain.step(rules, &now, Move::Step(direction)) else {
            return Verdict::Caught;
        };
        let moved = Position {
            hero: to,
            locks,
            ..now
        };
        if to == exit {
            // No reply to the escaping move.
            line.push(moved);
            break;
        }
        let mut after = moved;
        game.replies(&moved, |reply| after = *reply);
        line.push(after);
        now = after;
    }
    Verdict::Escaped(line)
}

fn chase(graph: &Graph, hero: CellId, dragon: CellId) -> Chase {
    let Some(tree) = Rooted::new(graph, dragon) else {
        return Chase::Loop;
    };
    if tree.depth(hero).is_none() {
        return Chase::Asleep;
    }
    Chase::Closed(closed(graph, &tree, hero, dragon))
}

/// The closed form in `tree`, rooted at the dragon's start and holding the
/// hero's cell: every cell either piece can reach, with each cell's
/// neighbours in the map (the exit aside, which may lie outside it).
fn closed(graph: &Graph, tree: &Rooted, hero: CellId, dragon: CellId) -> Closed {
    let a = tree.depth(hero).expect("the tree holds the hero");
    // The junction of every reached cell: path cells are their own (their
    // depth); any other cell inherits its parent's, breadth-first.
    let mut junction = vec![u32::MAX; graph.len()];
    let mut cell = hero;
    loop {
        junction[cell.index()] = tree.depth[cell.index()] - 1;
        match tree.parent(cell) {
            Some(up) => cell = up,
            None => break,
        }
    }
    for &c in &tree.order[1..] {
        if junction[c as usize] == u32::MAX {
            junction[c as usize] = junction[tree.parent[c as usize] as usize - 1];
        }
    }
    let reachable = |c: CellId| {
        let i = junction[c.index()];
        i == a || 2 * u64::from(i) > u64::from(a)
    };

    let exit = graph.exit();
    if tree.depth(exit).is_some() && reachable(exit) {
        let (hero_path, dragon_path) = tree.paths(hero, junction[exit.index()], exit);
        let (&exit_cell, walk) = hero_path.split_last().expect("the path ends on the exit");
        let mut line: Vec<(CellId, CellId)> = walk
            .iter()
            .zip(&dragon_path)
            .map(|(&h, &d)| (h, d))
            .collect();
        // No reply to the escaping move.
        let last = line.last().expect("the line holds the start").1;
        line.push((exit_cell, last));
        return Closed {
            line,
            escaped: true,
        };
    }

    // The deepest reachable leaf, the first in breadth-first order on ties.
    let leaf = tree
        .order
        .iter()
        .map(|&c| CellId(c))
        .filter(|&c| graph.neighbors(c).count() == 1 && c != dragon && reachable(c))
        .max_by_key(|&c| (tree.depth[c.index()], std::cmp::Reverse(c.0)))
        .expect("the hero reaches a leaf: its own cell or one beyond it");
    let depth = tree.depth(leaf).expect("the leaf is in the tree");
    let last_gap = 2 - a % 2;
    let turns = (depth - last_gap) as usize;
    let (mut hero_path, dragon_path) = tree.paths(hero, junction[leaf.index()], leaf);
    let back = dragon_path[depth as usize - 1];
    // Back and forth on the leaf's edge for the remaining (even) turns.
    while hero_path.len() <= turns {
        let at_leaf = hero_path.last() == Some(&leaf);
        hero_path.push(if at_leaf { back } else { leaf });
    }
    let line = hero_path[..=turns]
        .iter()
        .zip(&dragon_path)
        .map(|(&h, &d)| (h, d))
        .collect();
    Closed {
        line,
        escaped: false,
    }
}

/// A breadth-first tree of a connected part of the map (the dragon's,
/// rooted at its start, or the exit's), built only if that part has no
/// loop.
#[derive(Clone, Debug)]
struct Rooted {
    /// Depth + 1 (0: not reached); kept offset so the arrays start zeroed.
    depth: Vec<u32>,
    /// Parent + 1 (0: none).
    parent: Vec<u32>,
    /// Reached cells in breadth-first order, the root first.
    order: Vec<u32>,
}

impl Rooted {
    /// The tree from `root`, or `None` at the first loop found.
    fn new(graph: &Graph, root: CellId) -> Option<Rooted> {
        let mut depth = vec![0u32; graph.len()];
        let mut parent = vec![0u32; graph.len()];
        let mut order = vec![root.0];
        depth[root.index()] = 1;
        let mut head = 0;
        while let Some(&cell) = order.get(head) {
            head += 1;
            let c = cell as usize;
            for (_, next) in graph.neighbors(CellId(cell)) {
                let n = next.index();
                if depth[n] == 0 {
                    depth[n] = depth[c] + 1;
                    parent[n] = cell + 1;
                    order.push(next.0);
                } else if parent[c] != next.0 + 1 {
                    // Seen before and not where we came from: a loop.
                    return None;
                }
            }
        }
        Some(Rooted {
            depth,
            parent,
            order,
        })
    }

    /// The tree of `walk`, root first, and the cells below its last cell
    /// that `below` admits, reached from it without passing the walk: a
    /// tree as long as those cells and the last one form one.
    fn along(graph: &Graph, walk: &[CellId], below: impl Fn(CellId) -> bool) -> Rooted {
        let mut depth = vec![0u32; graph.len()];
        let mut parent = vec![0u32; graph.len()];
        let mut order = Vec::with_capacity(walk.len());
        for (i, &cell) in walk.iter().enumerate() {
            depth[cell.index()] = i as u32 + 1;
            if i > 0 {
                parent[cell.index()] = walk[i - 1].0 + 1;
            }
            order.push(cell.0);
        }
        let mut head = order.len() - 1;
        while let Some(&cell) = order.get(head) {
            head += 1;
            for (_, next) in graph.neighbors(CellId(cell)) {
                let n = next.index();
                if depth[n] == 0 && below(next) {
                    depth[n] = depth[cell as usize] + 1;
                    parent[n] = cell + 1;
                    order.push(next.0);
                }
            }
        }
        Rooted {
            depth,
            parent,
            order,
        }
    }

    /// The cells one below `cell`.
    fn children<'a>(&'a self, graph: &'a Graph, cell: CellId) -> impl Iterator<Item = CellId> + 'a {
        let below = cell.0 + 1;
        let parent = &self.parent;
        graph
            .neighbors(cell)
            .map(|(_, c)| c)
            .filter(move |c| parent[c.index()] == below)
    }

    fn depth(&self, cell: CellId) -> Option<u32> {
        self.depth[cell.index()].checked_sub(1)
    }

    fn parent(&self, cell: CellId) -> Option<CellId> {
        self.parent[cell.index()].checked_sub(1).map(CellId)
    }

    /// The path from the root to `to`, root first.
    fn path_to(&self, to: CellId) -> Vec<CellId> {
        let mut path = vec![to];
        let mut cell = to;
        while let Some(up) = self.parent(cell) {
            path.push(up);
            cell = up;
        }
        path.reverse();
        path
    }

    /// The hero's path from `from` back to the root path's cell at depth
    /// `junction`, then out to `to`; and the dragon's path from the root to
    /// `to`. Both start with the start cells.
    fn paths(&self, from: CellId, junction: u32, to: CellId) -> (Vec<CellId>, Vec<CellId>) {
        let dragon_path = self.path_to(to);
        let mut hero_path = vec![from];
        let mut cell = from;
        while self.depth[cell.index()] - 1 > junction {
            cell = self.parent(cell).expect("above the junction");
            hero_path.push(cell);
        }
        hero_path.extend_from_slice(&dragon_path[junction as usize + 1..]);
        (hero_path, dragon_path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Trying `U = j` and a few around where the two bounds meet finds
        /// as many moves as trying every `U`.
        #[test]
        fn the_best_counts_are_near_where_the_bounds_meet(
            a in 2u32..4000,
            n in 2u32..6,
            wait in any::<bool>(),
            first in 0u32..60,
            rises in proptest::collection::vec(1u32..40, 0..200),
        ) {
            let mut heights = vec![first];
            for rise in rises {
                heights.push(heights.last().unwrap() + rise);
            }
            let mut most = 0;
            for (j, &height) in heights.iter().enumerate() {
                for up in j as u32..=a {
                    if let Some(counts) = Counts::of(a, n, wait, (j as u32, height), up) {
                        most = most.max(counts.moves);
                    }
                }
            }
            let best = best_counts(a, n, wait, &heights);
            prop_assert_eq!(best.moves, most);
            prop_assert_eq!(Counts::of(a, n, wait, (best.j, heights[best.j as usize]), best.up), Some(best));
        }
    }
}
