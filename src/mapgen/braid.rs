//! Loops: braiding (opening dead ends) and open rooms.
//!
//! A perfect maze has exactly one path between two cells, so the hero can
//! never circle around the dragon. Both passes here only open walls, so a
//! connected maze stays connected.

use rand_core::Rng;

use super::maze::Maze;
use super::random::{below, seeded, shuffle};
use crate::graph::Direction;

/// What [`braid`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Braided {
    /// Dead ends before braiding.
    pub dead_ends_before: usize,
    /// How many the fraction asked to remove (`fraction * before`, rounded
    /// to the nearest whole number).
    pub target: usize,
    /// How many were removed: `target`, or one more when the last opening
    /// could only join two dead ends, or fewer when no wall could be opened
    /// (a dead end at the end of a one-cell-wide maze).
    pub removed: usize,
}

/// Removes `fraction` (0 to 1) of the dead ends by opening one wall of each,
/// visiting them in random order.
///
/// An opening towards another dead end removes two at once; it is preferred
/// while two or more removals remain (fewer new loops for the same effect),
/// and avoided for the last one so the count lands on the target.
///
/// The order and the walls opened are drawn from `seed`: the same maze,
/// fraction and seed give the same loops on every platform.
///
/// # Panics
/// If `fraction` is not within 0 and 1.
pub fn braid(maze: &mut Maze, fraction: f64, seed: u64) -> Braided {
    braid_with(maze, fraction, &mut seeded(seed))
}

/// [`braid`], drawing from `rng` (the generator's, after carving).
pub(crate) fn braid_with(maze: &mut Maze, fraction: f64, rng: &mut dyn Rng) -> Braided {
    assert!(
        (0.0..=1.0).contains(&fraction),
        "the braid fraction is within 0 and 1"
    );
    let mut dead: Vec<usize> = (0..maze.len()).filter(|&c| maze.is_dead_end(c)).collect();
    let before = dead.len();
    let target = (fraction * before as f64).round() as usize;
    shuffle(rng, &mut dead);
    let mut removed = 0;
    let mut walled = Vec::with_capacity(4);
    for allow_overshoot in [false, true] {
        for &cell in &dead {
            if removed >= target {
                break;
            }
            if !maze.is_dead_end(cell) {
                continue;
            }
            walled.clear();
            walled.extend(Direction::ALL.into_iter().filter_map(|d| {
                let next = maze.neighbor(cell, d)?;
                (!maze.is_open(cell, d)).then_some((d, maze.is_dead_end(next)))
            }));
            let want_pair = target - removed >= 2;
            let preferred = walled
                .iter()
                .filter(|&&(_, pair)| pair == want_pair)
                .count();
            let choice = if preferred > 0 {
                let k = below(rng, preferred);
                walled.iter().filter(|&&(_, pair)| pair == want_pair).nth(k)
            } else if want_pair || allow_overshoot {
                walled.get(below(rng, walled.len().max(1)))
            } else {
                None
            };
            if let Some(&(d, pair)) = choice {
                maze.carve(cell, d);
                removed += 1 + usize::from(pair);
            }
        }
    }
    Braided {
        dead_ends_before: before,
        target,
        removed,
    }
}

/// Opens `count` rectangular rooms of 2 to 4 cells a side (never larger than
/// the maze) at random places: every wall inside a room comes down.
pub(crate) fn add_rooms(maze: &mut Maze, count: usize, rng: &mut dyn Rng) {
    let side = |rng: &mut dyn Rng, limit: usize| {
        let max = limit.min(4);
        if max < 2 {
            max
        } else {
            2 + below(rng, max - 1)
        }
    };
    for _ in 0..count {
        let (h, w) = (side(rng, maze.height()), side(rng, maze.width()));
        let top = below(rng, maze.height() - h + 1);
        let left = below(rng, maze.width() - w + 1);
        for row in top..top + h {
            for col in left..left + w {
                let cell = maze.cell(row, col);
                if row + 1 < top + h {
                    maze.carve(cell, Direction::Down);
                }
                if col + 1 < left + w {
                    maze.carve(cell, Direction::Right);
                }
            }
        }
    }
}
