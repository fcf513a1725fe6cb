//! The table of a map with several dragons, keys or doors: its positions
//! are whole ones (the hero, the set of dragons, the keys taken and the
//! doors opened), too many kinds to number densely, so the game graph of
//! every position reachable from every start is explored once
//! ([`Tree::explore_from`]) and valued by the backward analyses the
//! solver's own searches use ([`guaranteed::values`],
//! [`survival::values`]).
//!
//! The starts: the hero on any free cell but the exit, a key or a door,
//! the dragons (as many as the map has) on any distinct free cells but
//! the hero's and the doors', nothing taken or opened. Their count is
//! known before anything is built, and a table whose starts alone would
//! not fit the budget is refused with it; one whose reachable positions
//! outgrow the budget stops with their count so far.

use super::{ENDLESS, LOST, MOST_MOVES, Table, Values};
use crate::error::{Error, Resource, bytes, bytes_apart};
use crate::graph::CellId;
use crate::puzzle::Locks;
use crate::search::backward::{Tree, UNRESOLVED, Wide, guaranteed, survival};
use crate::search::ground::{DoorMaps, Oracles, Terrain};
use crate::search::position::{Dragons, Position, Table as _, WideTable};
use crate::search::rules::Ties;
use crate::search::turn::Game;
use crate::search::{Options, Progress, Solver, outgrown};

/// About the bytes a position takes while the table is built: its words
/// and slot in the position table, its moves and replies in the game
/// graph, the analyses' working values, and its value.
const BYTES_PER_POSITION: usize = 96;

/// The number of ways to choose `k` of `n`, saturating.
fn choose(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k as u128).fold(1u128, |acc, i| acc.saturating_mul(n as u128 - i) / (i + 1))
}

/// Calls `visit` with every `k`-element subset of `items`, in
/// lexicographic order of their places (the wide table's dragons, and the
/// generator's placement from a table).
pub(crate) fn subsets<T: Copy>(items: &[T], k: usize, visit: &mut impl FnMut(&[T])) {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        from: usize,
        chosen: &mut Vec<T>,
        visit: &mut impl FnMut(&[T]),
    ) {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in from..items.len() {
            if items.len() - i < k - chosen.len() {
                return;
            }
            chosen.push(items[i]);
            go(items, k, i + 1, chosen, visit);
            chosen.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit);
}

/// The hero's cells and the dragons' the starts take, and the bytes their
/// positions take at least.
fn starts(solver: &Solver) -> (Vec<CellId>, Vec<CellId>, u128) {
    let (graph, layout) = (&solver.graph, &solver.layout);
    let exit = graph.exit();
    let cells = (0..graph.len() as u32).map(CellId);
    let open = |c: &CellId| layout.door_at(*c).is_none();
    let heroes: Vec<CellId> = cells
        .clone()
        .filter(|c| open(c) && *c != exit && layout.key_at(*c).is_none())
        .collect();
    let lairs: Vec<CellId> = cells.filter(open).collect();
    let count = layout.dragons().len();
    let starts =
        (heroes.len() as u128).saturating_mul(choose(lairs.len().saturating_sub(1), count));
    (heroes, lairs, starts)
}

/// The bytes the starts of `solver`'s map take at least while its table
/// is built.
pub(super) fn starts_bytes(solver: &Solver) -> usize {
    let (_, _, starts) = starts(solver);
    usize::try_from(starts.saturating_mul(BYTES_PER_POSITION as u128)).unwrap_or(usize::MAX)
}

/// Builds the table of `solver`'s map with several dragons, keys or
/// doors (see the module's documentation).
///
/// # Errors
/// [`Error::TooLarge`] when the starts do not fit the budget (naming
/// their count and a budget that would hold them) or the positions they
/// reach outgrow it; [`Error::Unsupported`] for a value past the table's
/// range; [`Error::Stopped`].
pub(super) fn build(
    solver: &Solver,
    options: &Options,
    progress: &Progress,
) -> Result<Table, Error> {
    let (graph, layout) = (&solver.graph, &solver.layout);
    let count = layout.dragons().len();
    let (heroes, lairs, starts) = starts(solver);
    let room = solver.search_memory(options);
    let need = starts.saturating_mul(BYTES_PER_POSITION as u128);
    if need > room as u128 {
        let need = usize::try_from(need).unwrap_or(usize::MAX);
        let enough = options.max_memory.saturating_sub(room).saturating_add(need);
        let (need, room) = bytes_apart(need, room);
        return Err(Error::TooLarge {
            resource: Resource::Positions,
            message: format!(
                "the table starts from {starts} positions ({} hero cells, each with {count} \
                 dragons on any of {} other cells) and needs at least {need} for them, over the \
                 {room} the memory budget leaves it; a budget of {} or more may hold it",
                heroes.len(),
                lairs.len().saturating_sub(1),
                bytes(enough.div_ceil(1 << 20).saturating_mul(1 << 20))
            ),
        });
    }
    let maps = DoorMaps::new(layout.doors().len());
    let terrain = Terrain::new(graph, layout, &maps);
    let oracles = Oracles::for_search(&terrain, solver, options)?;
    let mut game = Game::on(
        terrain,
        (graph.hero(), graph.dragon()),
        oracles,
        options.rules,
        room,
    );
    game.progress = Some(progress);
    let wide = Wide {
        dragons: count,
        stride: layout.stride(),
        dead_ends: None,
    };
    let mut first = Vec::new();
    for &hero in &heroes {
        let others: Vec<CellId> = lairs.iter().copied().filter(|&c| c != hero).collect();
        subsets(&others, count, &mut |dragons| {
            first.push(Position {
                hero,
                dragons: Dragons::new(dragons),
                locks: Locks::default(),
            });
        });
    }
    let tree = Tree::explore_from(&mut game, &wide, first, None);
    if game.exceeded || game.stopped {
        return Err(outgrown(options, &mut game));
    }
    let optimistic = options.rules.ties == Ties::Optimistic;
    let escape = guaranteed::values(&tree, optimistic);
    let lost = if optimistic {
        // The optimistic bound is no rule for a dragon that wins: a caught
        // hero's chase is the default rule's, as the solver shows it.
        game.ties = Ties::default();
        let rest = (0..tree.len() as u32)
            .filter(|&s| escape[s as usize] == UNRESOLVED)
            .map(|s| tree.table.get(s));
        let chase = Tree::explore_from(&mut game, &wide, rest, None);
        if game.exceeded || game.stopped {
            return Err(outgrown(options, &mut game));
        }
        let caught = survival::values(&chase);
        (0..tree.len() as u32)
            .map(|s| match chase.table.find(&tree.table.get(s)) {
                Some(c) if escape[s as usize] == UNRESOLVED => caught[c as usize],
                _ => UNRESOLVED,
            })
            .collect()
    } else {
        survival::values(&tree)
    };
    let word = |v: u32, mark: u16| {
        if v > MOST_MOVES {
            return Err(Error::Unsupported {
                message: format!(
                    "a position is worth more than {MOST_MOVES} moves, past what a table holds"
                ),
            });
        }
        Ok(mark | v as u16)
    };
    let values = escape
        .iter()
        .zip(&lost)
        .map(|(&e, &l)| match (e, l) {
            (UNRESOLVED, UNRESOLVED) => Ok(ENDLESS),
            (UNRESOLVED, l) => word(l, LOST),
            (e, _) => word(e, 0),
        })
        .collect::<Result<Vec<u16>, Error>>()?;
    let positions: WideTable = tree.into_table();
    Ok(Table {
        rules: options.rules,
        graph: graph.clone(),
        layout: layout.clone(),
        values: Values::Wide { positions, values },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_every_choice_once() {
        let items: Vec<CellId> = (0..6).map(CellId).collect();
        for k in 0..=4 {
            let mut seen = Vec::new();
            subsets(&items, k, &mut |s| seen.push(s.to_vec()));
            assert_eq!(seen.len() as u128, choose(6, k), "k = {k}");
            seen.dedup();
            assert_eq!(seen.len() as u128, choose(6, k));
            assert!(seen.iter().all(|s| s.windows(2).all(|w| w[0] < w[1])));
        }
    }
}
