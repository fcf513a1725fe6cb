//! The heat map's values, scale and legend, and its text.

use super::*;
use crate::search::{Options, Solver};

/// The heat map of `map` under the official rules.
pub(super) fn heat(map: &str, vary: Vary) -> HeatMap {
    let puzzle: Puzzle = map.parse().unwrap();
    let table = Solver::new(&puzzle).table(&Options::default()).unwrap();
    HeatMap::new(&table, &puzzle, vary)
}

/// Each free cell holds the table's value with the varying piece there,
/// the fixed piece's own cell none, and the counts add up.
#[test]
fn the_values_are_the_tables() {
    let map = "#######\n#H..#E#\n#.#.#.#\n#...D.#\n#######";
    let puzzle: Puzzle = map.parse().unwrap();
    let table = Solver::new(&puzzle).table(&Options::default()).unwrap();
    for vary in [Vary::Hero, Vary::Dragon] {
        let heat = HeatMap::new(&table, &puzzle, vary);
        let mut seen = 0;
        for row in 0..puzzle.height() {
            for col in 0..puzzle.width() {
                let pos = Pos::new(row, col);
                let expected = match vary {
                    Vary::Hero => table.value(pos, puzzle.dragon()),
                    Vary::Dragon => table.value(puzzle.hero(), pos),
                };
                assert_eq!(heat.value(pos), expected, "{vary:?} {pos:?}");
                seen += usize::from(expected.is_some());
            }
        }
        let c = heat.counts();
        assert_eq!(c.escaped + c.caught + c.endless, seen);
        assert_eq!(c.cells, seen + 1);
        assert_eq!(heat.cell(heat.fixed()), Some(Cell::Fixed));
        assert_eq!(
            heat.start_value(),
            table.value(puzzle.hero(), puzzle.dragon())
        );
    }
}

#[test]
fn the_scale_goes_from_the_shortest_escape_to_the_longest() {
    let scale = Scale {
        shortest: 0,
        longest: 31,
    };
    assert_eq!(scale.color(0), VIRIDIS[0]);
    assert_eq!(scale.color(31), VIRIDIS[10]);
    assert_eq!(scale.bands().len(), 8);
    assert_eq!(scale.bands()[0], (0, 3));
    assert_eq!(scale.bands()[7], (28, 31));
    assert_eq!(scale.band(27), 6);
    assert_eq!(scale.ticks(), [0, 10, 20, 31]);
    let narrow = Scale {
        shortest: 4,
        longest: 6,
    };
    assert_eq!(narrow.bands(), [(4, 4), (5, 5), (6, 6)]);
    assert_eq!(narrow.band(6), 2);
    assert_eq!(narrow.ticks(), [4, 5, 6]);
    let one = Scale {
        shortest: 7,
        longest: 7,
    };
    assert_eq!(one.bands(), [(7, 7)]);
    assert_eq!(one.ticks(), [7]);
    let wide = Scale {
        shortest: 0,
        longest: 478,
    };
    assert_eq!(wide.bands().len(), 10);
    assert_eq!(wide.band(478), 9);
    assert_eq!(wide.ticks(), [0, 100, 200, 300, 400, 478]);
    // No tick crowds the ends.
    let apart = Scale {
        shortest: 38,
        longest: 60,
    };
    assert_eq!(apart.ticks(), [38, 45, 50, 55, 60]);
}

/// The walls and the floor are the other pictures' colours.
#[test]
fn the_map_colours_are_the_pictures() {
    assert_eq!(WALL.hex(), crate::render::svg::WALL);
    assert_eq!(FLOOR.hex(), crate::render::svg::FLOOR);
}

/// Where the map's own hero start cannot reach the exit even without the
/// dragon, the legend says "no path" as the solver does, beside the
/// game's value; a wall between the hero and the exit is what it takes.
#[test]
fn the_legend_says_no_path_as_the_solver_does() {
    let said = |map: &str| heat(map, Vary::Hero).legend().start_value;
    assert_eq!(
        said("H.#E..D"),
        "The map's own start: no path to the exit, even without the dragon \
         (no escape, but no capture either)."
    );
    assert_eq!(
        said(".HD\n###\n#E#\n..."),
        "The map's own start: no path to the exit, even without the dragon \
         (caught after 1 move)."
    );
    assert_eq!(
        said("H.E...D"),
        "The map's own start: an escape in 2 moves."
    );
    // The dragon varies; the hero's own start still has no path.
    let start = heat("H.#E..D", Vary::Dragon).legend().start_value;
    assert!(start.contains("no path to the exit"), "{start}");
}

#[test]
fn the_legend_says_what_varies_and_the_rules() {
    let heat = heat("H.E.D.", Vary::Hero);
    let legend = heat.legend();
    assert!(legend.title.contains("a hero starting there"), "{legend:?}");
    assert_eq!(legend.rules, "Rules: priority ULDR.");
    assert_eq!(legend.start, "the hero's own start");
    assert_eq!(
        legend.start_value,
        "The map's own start: caught after 2 moves."
    );
    assert_eq!(
        legend.counts,
        "5 starts of 6 free cells: 3 escape in 0 to 1 moves, 2 caught, 0 endless"
    );
    let rules = Rules {
        ties: Ties::Adversarial,
        speed: crate::Speed::new(2).unwrap(),
        wait: true,
    };
    assert_eq!(
        rules_phrase(rules),
        "adversarial ties, dragon speed 2, waiting"
    );
}

/// Without colour, a digit a band and the map's symbols, then the legend.
#[test]
fn plain_text_has_a_digit_a_band() {
    let heat = heat("H.E.D.", Vary::Hero);
    let text = heat.text(true, Colors::Off);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("H1E1DX"));
    let rest: Vec<&str> = lines.collect();
    assert!(rest.contains(&"escape in moves: 0 0  1 1"), "{text}");
    assert!(
        rest.contains(&"X caught   ~ endless: no escape, no capture   # wall   E exit"),
        "{text}"
    );
    assert!(
        rest.contains(&"D the dragon, fixed   H the hero's own start"),
        "{text}"
    );
    assert!(rest.contains(&"The map's own start: caught after 2 moves."));
    let emoji = heat.text(false, Colors::Off);
    assert!(emoji.starts_with("🏃１❎１🐉💥\n"), "{emoji}");
    assert!(!text.contains('\x1b') && !emoji.contains('\x1b'));
}

/// With colour, blocks of the bands' colours, in either depth.
#[test]
fn colour_text_paints_the_cells() {
    let heat = heat("H.E..D", Vary::Hero);
    let scale = heat.scale();
    let true_color = heat.text(true, Colors::TrueColor);
    let Rgb(r, g, b) = scale.band_color(1);
    assert!(
        true_color.contains(&format!("\x1b[48;2;{r};{g};{b}m \x1b[0m")),
        "{true_color:?}"
    );
    let palette = heat.text(false, Colors::Palette256);
    let code = text::xterm(scale.band_color(1));
    assert!(
        palette.contains(&format!("\x1b[48;5;{code}m  \x1b[0m")),
        "{palette:?}"
    );
    assert!(!palette.contains("\x1b[48;2;"));
}

#[test]
fn lines_wrap_between_words() {
    assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
    assert_eq!(wrap("abcdefg h", 3), ["abcdefg", "h"]);
}

#[test]
fn xterm_colours_are_the_nearest() {
    assert_eq!(text::xterm(Rgb(0, 0, 0)), 16);
    assert_eq!(text::xterm(Rgb(255, 255, 255)), 231);
    assert_eq!(text::xterm(Rgb(0x80, 0x80, 0x80)), 244);
    assert_eq!(text::xterm(Rgb(0xff, 0, 0)), 196);
    assert_eq!(text::xterm(Rgb(0xfd, 0xe7, 0x25)), 220);
}
