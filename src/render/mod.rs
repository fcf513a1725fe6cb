//! Renderers: pure functions from a [`Solution`](crate::Solution) to text
//! or report structures. Nothing here writes to a terminal or a file.

pub mod animate;
pub mod cast;
pub mod frames;
#[cfg(feature = "gif")]
pub mod gif;
pub mod map;
pub mod overview;
pub mod screen;
pub mod svg;
pub mod text;

#[cfg(feature = "json")]
pub mod json;

#[cfg(test)]
pub(crate) mod fixture {
    //! A game with two dragons, a key and a door, its line built by hand
    //! (for the renderers' tests).

    use crate::graph::Direction;
    use crate::puzzle::{Locks, Pos, Puzzle};
    use crate::search::solution::{Ending, Move, Others, Outcome, Pieces, Solution, Stats, Turn};

    /// The map: the hero takes the key, opens the door and runs for the
    /// exit while the two dragons come up from below and merge.
    pub(crate) const MAP: &str = "H.k+..E\n#.###.#\nD.....D";

    /// The map and its line: the hero steps right six times; the key
    /// (0, 2) is taken on turn 2, the door (0, 3) opened on turn 3, and
    /// the dragons, from (2, 0) and (2, 6), meet at (2, 3) on turn 5.
    pub(crate) fn variant_game() -> (Puzzle, Solution) {
        let puzzle: Puzzle = MAP.parse().unwrap();
        let p = Pos::new;
        let taken = Locks {
            taken: 1,
            opened: 0,
        };
        let opened = Locks {
            taken: 1,
            opened: 1,
        };
        let line: [(Pos, Pos, Option<Pos>, Locks); 6] = [
            (p(0, 1), p(2, 1), Some(p(2, 5)), Locks::default()),
            (p(0, 2), p(2, 1), Some(p(2, 5)), taken),
            (p(0, 3), p(2, 2), Some(p(2, 4)), opened),
            (p(0, 4), p(2, 2), Some(p(2, 4)), opened),
            (p(0, 5), p(2, 3), None, opened),
            (p(0, 6), p(2, 3), None, opened),
        ];
        let solution = Solution {
            outcome: Outcome::Escaped { steps: 6 },
            rules: Default::default(),
            oracle: Default::default(),
            hero: puzzle.hero(),
            dragon: puzzle.dragon(),
            others: Others::new([p(2, 6)]),
            pieces: line
                .iter()
                .map(|&(_, _, other, locks)| Pieces {
                    others: Others::new(other),
                    locks,
                })
                .collect(),
            exit: puzzle.exit(),
            turns: line
                .iter()
                .map(|&(hero, dragon, _, _)| Turn {
                    step: Move::Step(Direction::Right),
                    hero,
                    dragon,
                })
                .collect(),
            ending: Ending::Escaped,
            stats: Stats::default(),
        };
        (puzzle, solution)
    }
}
