//! Renderers: pure functions from a [`Solution`](crate::Solution) to text
//! or report structures. Nothing here writes to a terminal or a file.

pub mod animate;
pub mod board;
pub mod cast;
pub mod film;
#[cfg(feature = "gif")]
pub mod gif;
pub mod heat;
pub mod map;
// The shrunk map of playback's `z` key.
#[cfg(feature = "playback")]
pub(crate) mod overview;
pub(crate) mod screen;
pub mod svg;
pub mod text;

#[cfg(feature = "json")]
pub mod json;

#[cfg(test)]
pub(crate) mod fixture {
    //! Games for the renderers' tests: the first official map and its
    //! film under each tie rule, and a game with two dragons, a key and a
    //! door, its line built by hand.

    use crate::graph::Direction;
    use crate::puzzle::{Locks, Pos, Puzzle};
    use crate::render::film::Film;
    use crate::render::map::MapStyle;
    use crate::search::rules::{Rules, Ties};
    use crate::search::solution::{Move, Others, Outcome, Pieces, Solution, Stats, Turn};
    use crate::search::{Options, solve};

    /// ASCII symbols, no colour.
    pub(crate) const ASCII: MapStyle = MapStyle {
        ascii: true,
        color: false,
    };

    /// Emoji, no colour.
    pub(crate) const EMOJI: MapStyle = MapStyle {
        ascii: false,
        color: false,
    };

    /// The first official map (`examples/mazes/official-1.txt`).
    pub(crate) fn official_1() -> Puzzle {
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/official-1.txt"
        ))
        .unwrap()
        .parse()
        .unwrap()
    }

    /// The film of the solution of `puzzle` under the tie rule `ties`.
    pub(crate) fn play(puzzle: &Puzzle, ties: Ties) -> Film {
        let options = Options {
            rules: Rules {
                ties,
                ..Rules::default()
            },
            ..Options::default()
        };
        Film::new(puzzle, &solve(puzzle, &options).unwrap())
    }

    /// Every frame of a playback, as text, one after the other.
    pub(crate) fn reel(film: &Film, style: MapStyle) -> String {
        film.frames()
            .enumerate()
            .map(|(i, f)| format!("--- frame {i}\n{}", film.board().text(&f, style)))
            .collect()
    }

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
            free_distance: Some(6),
            stats: Stats::default(),
        };
        (puzzle, solution)
    }
}
