//! Placement from a whole-map table ([`Solver::table`]): every start of a
//! map valued at once, then the best starts found by a look-up each, the
//! longest escape first.
//!
//! A start is the hero's tile and the dragons' tiles, nothing taken or
//! opened. The hero stands on any free tile but the exit, a key or a door;
//! the dragons on distinct free tiles but those and the hero's, not next
//! to the hero (the rule the candidate loop's dragons follow,
//! [`dragon_may_start`]). Ties between starts of equal escapes go to the
//! first in row-major order of the hero's tile, then of the dragons'
//! tiles, so a placement depends on the map alone.

use crate::error::Error;
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
use crate::search::{Options, Solver, Table, Value, subsets};

/// Whether a dragon may start on `at` when the hero starts on `hero` and
/// the exit is `exit`: not on the exit, not on or next to the hero. The
/// candidate loop and the table follow the same rule.
pub(crate) fn dragon_may_start(at: Pos, hero: Pos, exit: Pos) -> bool {
    at != exit && !at.touches(hero)
}

/// A start and the escape the table gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Start {
    /// The hero's tile.
    pub(crate) hero: Pos,
    /// The dragons' tiles, in row-major order.
    pub(crate) dragons: Vec<Pos>,
    /// The moves of the escape.
    pub(crate) moves: usize,
}

impl Start {
    /// `board` with its hero and dragons on this start's tiles (its walls,
    /// exit, keys and doors kept).
    pub(crate) fn on(&self, board: &Puzzle) -> Result<Puzzle, Error> {
        Puzzle::new(
            board.width(),
            board.height(),
            board.walls().to_vec(),
            self.hero,
            self.dragons[0],
            board.exit(),
        )?
        .with_pieces(
            self.dragons.clone(),
            board.keys().to_vec(),
            board.doors().to_vec(),
        )
    }
}

/// Which starts count, beyond the rule of every start.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wanted {
    /// The hero's tile, when it is given.
    pub(crate) hero: Option<Pos>,
    /// One dragon's tile, when it is given.
    pub(crate) dragon: Option<Pos>,
    /// The escape takes at least this many moves.
    pub(crate) min_steps: usize,
    /// The escape takes at least this many moves more than the hero's
    /// distance to the exit with every door open (with keys and doors a
    /// lower bound of the detour the solver measures, so no start that
    /// meets it is left out).
    pub(crate) min_detour: usize,
}

/// A map's table, or why it was not built.
pub(crate) enum Built {
    /// The table.
    Table(Box<Table>),
    /// It would not fit the budget (or outgrew it while it was built):
    /// the solver's sentence.
    TooLarge(String),
}

/// The table of `board` under `options`, or why it does not fit: refused
/// at once when [`Solver::table_bytes_needed`] is over the budget, else
/// built (several dragons or keys may still outgrow the budget as their
/// positions are found).
///
/// # Errors
/// Any solver error but an exceeded budget.
pub(crate) fn build(board: &Puzzle, options: &Options) -> Result<Built, Error> {
    let solver = Solver::new(board);
    let needed = solver.table_bytes_needed(options.rules);
    if needed > options.max_memory {
        let (needed, budget) = crate::error::bytes_apart(needed, options.max_memory);
        return Ok(Built::TooLarge(format!(
            "a table of every start needs about {needed}, over the {budget} the memory \
             budget leaves it once the maze is held"
        )));
    }
    match solver.table(options) {
        Ok(table) => Ok(Built::Table(Box::new(table))),
        Err(e @ Error::TooLarge { .. }) => Ok(Built::TooLarge(e.to_string())),
        Err(e) => Err(e),
    }
}

/// The `k` best starts of `board` by `table` (built for it) that meet
/// `wanted` and that `accept` keeps, the longest escape first, ties in
/// row-major order (see the module's documentation). `accept` is asked
/// only about starts that would make the list, best first within a hero.
pub(crate) fn best_starts(
    table: &Table,
    board: &Puzzle,
    wanted: &Wanted,
    k: usize,
    mut accept: impl FnMut(&Start) -> bool,
) -> Vec<Start> {
    let graph = Graph::new(board);
    let exit = board.exit();
    let taken = |p: Pos| p == exit || board.keys().contains(&p) || board.doors().contains(&p);
    let tiles: Vec<Pos> = (0..graph.len() as u32)
        .map(|c| graph.pos(CellId(c)))
        .filter(|&p| !taken(p))
        .collect();
    let to_exit = graph.distances_from(graph.exit());
    let count = board.dragons().len();
    let mut best: Vec<Start> = Vec::with_capacity(k + 1);
    let heroes: Vec<Pos> = match wanted.hero {
        Some(hero) => vec![hero],
        None => tiles.clone(),
    };
    let mut chosen: Vec<Pos> = Vec::with_capacity(count);
    for hero in heroes {
        let Some(free) = graph
            .cell_at(hero)
            .map(|c| to_exit[c.index()])
            .filter(|&d| d != UNREACHABLE)
        else {
            continue;
        };
        let floor = wanted.min_steps.max(free as usize + wanted.min_detour);
        let lairs: Vec<Pos> = tiles
            .iter()
            .copied()
            .filter(|&p| dragon_may_start(p, hero, exit) && Some(p) != wanted.dragon)
            .collect();
        if wanted
            .dragon
            .is_some_and(|d| taken(d) || !dragon_may_start(d, hero, exit))
        {
            continue;
        }
        let fixed = usize::from(wanted.dragon.is_some());
        let mut visit = |others: &[Pos]| {
            chosen.clear();
            chosen.extend_from_slice(others);
            chosen.extend(wanted.dragon);
            chosen.sort_unstable();
            let Some(Value::Escape { moves }) = table.value_with(hero, &chosen) else {
                return;
            };
            if moves < floor || (best.len() == k && moves <= best[k - 1].moves) {
                return;
            }
            let start = Start {
                hero,
                dragons: chosen.clone(),
                moves,
            };
            if accept(&start) {
                let at = best.partition_point(|s| s.moves >= moves);
                best.insert(at, start);
                best.truncate(k);
            }
        };
        subsets(&lairs, count - fixed, &mut visit);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_order() {
        let items: Vec<Pos> = (0..4).map(|c| Pos::new(0, c)).collect();
        let mut seen = Vec::new();
        subsets(&items, 2, &mut |s| {
            seen.push(s.iter().map(|p| p.col).collect::<Vec<_>>())
        });
        assert_eq!(
            seen,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(Vec::from)
        );
        let mut empty = 0;
        subsets(&items, 0, &mut |s| {
            assert!(s.is_empty());
            empty += 1
        });
        assert_eq!(empty, 1);
    }
}
