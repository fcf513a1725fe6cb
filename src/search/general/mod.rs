//! The general engine: the game under any rule set, over whole positions
//! (the hero's cell, every dragon's cell, the keys taken and the doors
//! opened; [`Position`]). Maps with several dragons, keys or doors are
//! played here; the official game has its dense specialisation in
//! [`super::pair`], and the tests play it here too to check that both
//! agree.
//!
//! The turn is the one of [`super::turn`] on the terrain as its doors stand
//! ([`super::ground`]); positions are numbered in a [`WideTable`]. Why the
//! answers are exact, rule by rule:
//! - **Priority and optimistic**: best-first search (A*) with the moves
//!   made plus the hero's dragon-free distance to the exit (every door
//!   open) as the estimate: a lower bound that changes by at most one a
//!   move, so a position is expanded once, at its fewest moves, and the
//!   first escaping move met is a shortest one. Under priority a move has
//!   one reply; under optimistic the hero picks among the replies, so each
//!   is a position it may reach.
//! - **Adversarial**: the retrograde analysis of [`super::backward`],
//!   deepened from the default rule's answer ([`backward::deepen`]).
//! - **Caught**: the backward survival analysis over every reachable
//!   position gives the longest line the hero survives, or shows that it
//!   may run forever.
//!
//! The shortcuts that carry to these rule sets ([`Shortcuts`]): the closed
//! form of loop-free maps with several dragons (`pair::acyclic`), and the
//! dead-end rule (`pair::hanging`): a dragon outside a dead-end branch and
//! off its attachment heads for the attachment whatever the hero does in
//! the branch, so the one-dragon argument holds for each dragon at once;
//! it leaves out a step deeper into a branch when no dragon is in it or on
//! its attachment, and never into a branch that holds a key or a door (a
//! key deep in a dead end is worth the walk); and on a loop-free map with
//! keys or doors the dragon in the way (`pair::acyclic::Way`): the
//! best-first search leaves out the positions with a dragon on the hero's
//! one path to the exit, which no escape passes, and a caught hero's
//! ending follows from whether a dragon shares its part of the map (the
//! adversarial rule plays the default one's game there: in a tree the
//! dragons have no ties to choose among).

use super::backward::{self, Plan, Wide};
use super::dispatch::Shortcuts;
use super::ground::{DoorMaps, Oracles, Terrain};
use super::pair::acyclic::Way;
use super::position::{Position, StateId, Table, WideTable};
use super::rules::Ties;
use super::solution::{Ending, Method, Stats};
use super::turn::Game;
use super::{End, Found, Options, Progress, Solver, outgrown};
use crate::error::{Error, Resource};
use crate::graph::CellId;

/// Solves the game of `solver`'s map from `at` (the hero off the exit,
/// able to reach it) under `options`, noting what it holds in `progress`.
pub(super) fn solve(
    solver: &Solver,
    at: &Position,
    options: &Options,
    progress: &Progress,
    stats: &mut Stats,
) -> Result<Found, Error> {
    let graph = &solver.graph;
    let layout = &solver.layout;
    let shortcuts = Shortcuts::of(options.rules, options.oracle, layout);
    if shortcuts.closed_form && at.locks == Default::default() {
        let verdict = super::pair::acyclic::solve_several(graph, at.hero, &at.dragons);
        // Caught with its line asked for: the longest line needs the search.
        if let Ok(found) = Found::settled(verdict, options.caught_line) {
            stats.method = Method::LoopFree;
            return Ok(found);
        }
    }
    if shortcuts.in_the_way && solver.way.is_some() && options.rules.ties == Ties::Adversarial {
        // In a tree every shortest path is the only one: the dragons have
        // no choice, and every tie rule plays the default one's game.
        let mut plain = *options;
        plain.rules.ties = Ties::default();
        return solve(solver, at, &plain, progress, stats);
    }
    let maps = DoorMaps::new(layout.doors().len());
    let terrain = Terrain::new(graph, layout, &maps);
    // A loop-free map with keys or doors (see `pair::acyclic`): no escape
    // passes a dragon in the hero's way; a dragon in the hero's part of the
    // map as its doors stand catches it in finite time (`trapped`), and
    // with none there the hero stays forever, stepping back and forth or
    // waiting (`safe`).
    let way = solver.way.as_ref().filter(|_| shortcuts.in_the_way);
    let (trapped, safe) = match way {
        None => (false, false),
        Some(_) => {
            let map = terrain.map(at.locks.opened);
            let reach = map.distances_from(at.hero);
            let trapped = at
                .dragons
                .live()
                .any(|d| reach[d.index()] != crate::graph::UNREACHABLE);
            let room = options.rules.wait || map.neighbors(at.hero).next().is_some();
            (trapped, !trapped && room)
        }
    };
    let oracles = Oracles::for_search(&terrain, solver, options)?;
    let memory = solver.search_memory(options);
    let start = (at.hero, at.dragons.first());
    let mut game = Game::on(terrain, start, oracles, options.rules, memory);
    game.progress = Some(progress);
    let dead_ends = shortcuts.dead_ends.then_some(&solver.hanging);
    let wide = Wide {
        dragons: layout.dragons().len(),
        stride: layout.stride(),
        dead_ends,
    };
    // A faster dragon's horizon: no escape is longer (see `horizon`).
    let horizon = shortcuts
        .horizon
        .then(|| solver.horizon(at, options.rules))
        .flatten();
    let limit = horizon.unwrap_or(u32::MAX);
    // A faster dragon or waits on a loop-free map: the walk decides.
    let verdict = if shortcuts.walk {
        let loop_free = solver.hanging.loop_free();
        super::pair::acyclic::walk(&mut game, &solver.exit_distance, loop_free, at)
    } else {
        super::pair::acyclic::Verdict::Open
    };
    let caught = match Found::settled(verdict, options.caught_line) {
        Ok(found) => {
            stats.method = Method::LoopFree;
            stats.dragon_queries += game.queries;
            return Ok(found);
        }
        Err(caught) => caught,
    };
    let escape = match options.rules.ties {
        // Caught, by the walk: only the longest line is left to find.
        _ if caught => Err(None),
        Ties::Adversarial => {
            let plan = Plan::new(graph.len(), shortcuts.proof, horizon, options.caught_line);
            // The default rule's answer is the first bound past the quick
            // try (see `dispatch`): a hero it catches is caught here too.
            let exit_distance = &solver.exit_distance;
            let first_bound = |game: &mut Game<'_>, stats: &mut Stats| {
                game.ties = Ties::default();
                let line = best_first(game, &wide, *at, exit_distance, limit, way, stats);
                game.ties = Ties::Adversarial;
                line
            };
            let all = Wide {
                dead_ends: None,
                ..wide
            };
            backward::guarantee(
                &mut game,
                &all,
                *at,
                exit_distance,
                plan,
                first_bound,
                stats,
            )
            .map_err(Some)
        }
        Ties::Priority(_) | Ties::Optimistic => best_first(
            &mut game,
            &wide,
            *at,
            &solver.exit_distance,
            limit,
            way,
            stats,
        )
        .ok_or(None),
    };
    let found = match escape {
        Ok(line) => Found {
            line,
            end: End::Escaped,
        },
        Err(_) if game.exceeded => return Err(outgrown(options, &mut game)),
        Err(explored) => {
            progress.shown_caught();
            if game.ties == Ties::Optimistic {
                // No rule lets the hero escape. The optimistic bound is no
                // rule, so its chase is shown under the default order.
                let mut shown = *options;
                shown.rules.ties = Ties::default();
                stats.dragon_queries += game.queries;
                return solve(solver, at, &shown, progress, stats);
            }
            let pruned = Wide { dead_ends, ..wide };
            let plain = Wide {
                dead_ends: None,
                ..wide
            };
            let kinds = (&plain, &pruned);
            // A faster dragon's game ends by its horizon, and a caught
            // hero's on a loop-free map (see `acyclic`).
            let finite = horizon.is_some() || caught || trapped;
            if safe && !options.caught_line {
                stats.dragon_queries += game.queries;
                return Ok(Found {
                    line: Vec::new(),
                    end: End::Caught(Ending::Skipped { endless: true }),
                });
            }
            let line = options.caught_line;
            let Some((line, ending)) =
                backward::caught(&mut game, kinds, *at, explored, finite, line, stats)
            else {
                return Err(outgrown(options, &mut game));
            };
            Found {
                line,
                end: End::Caught(ending),
            }
        }
    };
    if game.exceeded {
        return Err(outgrown(options, &mut game));
    }
    stats.dragon_queries += game.queries;
    Ok(found)
}

/// A* over whole positions, the moves made plus the hero's free distance to
/// the exit first (a lower bound that grows by at most one a move, so a
/// position is expanded once, at its fewest moves), deeper first among
/// equals. Returns the line of positions to a shortest escape (the start
/// first, the last on the exit), or `None` once every position is expanded
/// or the search outgrew its budget ([`Game::over_budget`]). Lines longer
/// than `limit` moves are not searched, nor positions with a dragon in the
/// hero's `way` (no escape passes them).
#[allow(clippy::too_many_arguments, reason = "the search and what bounds it")]
fn best_first(
    game: &mut Game<'_>,
    wide: &Wide<'_>,
    start: Position,
    exit_distance: &[u32],
    limit: u32,
    way: Option<&Way>,
    stats: &mut Stats,
) -> Option<Vec<Position>> {
    let speed = game.rules().speed.steps();
    if way.is_some_and(|way| way.barred(&start, speed)) {
        return None;
    }
    let exit = game.graph.exit();
    let mut table: WideTable = backward::Kind::table(wide);
    // Per position: the fewest moves it was met in, where from, and
    // whether it was expanded.
    let mut depth: Vec<u32> = Vec::new();
    let mut parent: Vec<StateId> = Vec::new();
    let mut expanded: Vec<bool> = Vec::new();
    let mut buckets: Vec<Vec<StateId>> = Vec::new();
    // The buckets' capacities, summed as they grow (a pop keeps its room),
    // so that weighing them does not walk every bucket.
    let mut room = 0usize;
    let f_of = |at: &Position, g: u32| (g + exit_distance[at.hero.index()]) as usize;
    let push = |buckets: &mut Vec<Vec<StateId>>, room: &mut usize, f: usize, s: StateId| {
        if buckets.len() <= f {
            buckets.resize_with(f + 1, Vec::new);
        }
        let bucket = &mut buckets[f];
        let before = bucket.capacity();
        bucket.push(s);
        *room += bucket.capacity() - before;
    };
    table.intern(start);
    depth.push(0);
    parent.push(StateId::MAX);
    expanded.push(false);
    push(&mut buckets, &mut room, f_of(&start, 0), 0);
    let bytes = |table: &WideTable, depth: &Vec<u32>, buckets: &Vec<Vec<StateId>>, room: usize| {
        table.bytes()
            + depth.len() * (2 * size_of::<u32>() + 1)
            + room * size_of::<StateId>()
            + buckets.len() * size_of::<Vec<StateId>>()
    };
    let mut moves = Vec::with_capacity(5);
    let mut met = Vec::new();
    let mut f = 0;
    let found = loop {
        let Some(s) = buckets.get_mut(f).and_then(Vec::pop) else {
            if f >= buckets.len() {
                break None;
            }
            f += 1;
            // Every line shorter than the lowest f was searched.
            if let Some(progress) = game.progress {
                progress.bound(f);
            }
            continue;
        };
        let at = table.get(s);
        let g = depth[s as usize];
        if f_of(&at, g) != f || expanded[s as usize] {
            // Met again in fewer moves, or expanded already.
            continue;
        }
        expanded[s as usize] = true;
        stats.states_expanded += 1;
        moves.clear();
        backward::Kind::moves(wide, game, &at, &mut moves);
        if let Some(&(to, _)) = moves.iter().find(|&&(to, _)| to == exit) {
            break Some((s, to));
        }
        for &(_, moved) in &moves {
            met.clear();
            game.replies(&moved, |reply| met.push(*reply));
            for &reply in &met {
                if way.is_some_and(|way| way.barred(&reply, speed)) {
                    continue;
                }
                let (r, new) = table.intern(reply);
                if new {
                    depth.push(g + 1);
                    parent.push(s);
                    expanded.push(false);
                } else if g + 1 < depth[r as usize] {
                    depth[r as usize] = g + 1;
                    parent[r as usize] = s;
                } else {
                    continue;
                }
                let f = f_of(&reply, g + 1);
                if f <= limit as usize {
                    push(&mut buckets, &mut room, f, r);
                }
            }
            if game.over_budget(table.len(), || bytes(&table, &depth, &buckets, room)) {
                break;
            }
        }
        if game.exceeded {
            break None;
        }
    };
    stats.states_stored = stats.states_stored.max(table.len() as u64);
    game.record(table.len(), bytes(&table, &depth, &buckets, room));
    let (s, exit_cell) = found?;
    let mut line = vec![Position {
        hero: exit_cell,
        ..table.get(s)
    }];
    let mut at = s;
    while at != StateId::MAX {
        line.push(table.get(at));
        at = parent[at as usize];
    }
    line.reverse();
    Some(line)
}

/// The hero's least number of steps from `at` to the exit with no dragon
/// on the map, using the keys and doors as they lie; `None` when it cannot
/// get there. A breadth-first search over (cell, keys taken, doors
/// opened), within `options.max_memory` and stopped when `progress` asks.
///
/// # Errors
/// [`Error::TooLarge`] when its table outgrows the budget; the stop when
/// `progress` asked for one.
pub(super) fn free_distance(
    solver: &Solver,
    at: &Position,
    options: &Options,
    progress: &Progress,
) -> Result<Option<usize>, Error> {
    let graph = &solver.graph;
    let layout = &solver.layout;
    if !layout.has_locks() {
        let d = solver.exit_distance[at.hero.index()];
        return Ok((d != crate::graph::UNREACHABLE).then_some(d as usize));
    }
    // The hero alone, no dragon to reach it: the step rule of the turn
    // with no dragon on the map.
    let maps = DoorMaps::new(layout.doors().len());
    let terrain = Terrain::new(graph, layout, &maps);
    let free_rules = super::Rules {
        wait: false,
        ..options.rules
    };
    let alone = |hero: CellId, locks| Position {
        hero,
        dragons: super::position::Dragons::blank(0),
        locks,
    };
    // A* with the distance through open doors as the bound (it never
    // exceeds the true one and falls by at most one a step), in buckets
    // of equal f: a breadth-first search would take every key subset
    // within the answer's radius.
    let bound = |hero: CellId| solver.exit_distance[hero.index()];
    if bound(at.hero) == crate::graph::UNREACHABLE {
        return Ok(None);
    }
    let entry = size_of::<(u64, u32)>() + 1;
    let item = size_of::<(CellId, crate::Locks, u32)>();
    let key = |hero: CellId, locks: crate::Locks| u64::from(hero.0) << 32 | u64::from(locks.word());
    // The least g found for each (cell, locks): a state may be reached
    // again by a shorter path from a position of the same f, so it is
    // queued again and its older entry skipped when it comes up.
    let mut seen: rustc_hash::FxHashMap<u64, u32> = rustc_hash::FxHashMap::default();
    seen.insert(key(at.hero, at.locks), 0);
    let first = bound(at.hero) as usize;
    let mut buckets: Vec<Vec<(CellId, crate::Locks, u32)>> = vec![Vec::new(); first + 1];
    buckets[first].push((at.hero, at.locks, 0));
    let (mut f, mut queued) = (first, 1usize);
    let mut taken = 0usize;
    while f < buckets.len() {
        let Some((hero, locks, g)) = buckets[f].pop() else {
            f += 1;
            continue;
        };
        queued -= 1;
        if seen.get(&key(hero, locks)).is_some_and(|&best| best < g) {
            continue;
        }
        taken += 1;
        if hero == graph.exit() {
            return Ok(Some(g as usize));
        }
        for (_, to, after) in terrain.moves(free_rules, &alone(hero, locks)) {
            // Weighed before the table grows as well as now and then: a
            // table that doubles between two weighings overshoots.
            let grows = seen.len() == seen.capacity();
            let best = seen.entry(key(to, after)).or_insert(u32::MAX);
            if g + 1 < *best {
                *best = g + 1;
                let next = (g + 1 + bound(to)) as usize;
                if next >= buckets.len() {
                    buckets.resize_with(next + 1, Vec::new);
                }
                buckets[next].push((to, after, g + 1));
                queued += 1;
            }
            if !grows && taken % 4096 != 0 {
                continue;
            }
            let held = super::memory::hash_table(seen.len(), seen.capacity(), entry)
                + queued * item
                + buckets.len() * size_of::<Vec<(CellId, crate::Locks, u32)>>();
            progress.record(seen.len(), held);
            if progress.is_stopped() {
                return Err(super::stopped(seen.len(), Some(progress)));
            }
            if held > solver.search_memory(options) {
                return Err(Error::TooLarge {
                    resource: Resource::Positions,
                    message: format!(
                        "the dragon-free distance with keys and doors outgrew the memory budget \
                         of {} after {} positions",
                        crate::error::bytes(options.max_memory),
                        seen.len()
                    ),
                });
            }
        }
    }
    Ok(None)
}
