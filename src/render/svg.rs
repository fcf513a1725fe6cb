//! A picture of the map with the hero's and the dragon's routes (pure SVG).
//!
//! Walls are brown squares on a light green floor; the hero's route is a
//! solid blue line from its start (🏃) to where the line ends, the dragon's a
//! dashed red line from its start (🐉); a dot marks where each ends. The two
//! lines are drawn slightly apart so that both stay visible where they share
//! a corridor. When the hero is caught, 💥 marks the place; when there is no
//! path, the cells the hero could reach are shaded blue. A caption under the
//! map gives the result.

use std::fmt::Write as _;

use crate::graph::{Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
use crate::render::frames::result_sentence;

use crate::search::solution::{Ending, Outcome, Solution};
use crate::tile::{CAUGHT_EMOJI, Tile};

/// The side of a cell, in pixels.
const CELL: usize = 24;
/// The height of one caption line, in pixels.
const LINE: usize = 20;
/// About the width of one caption character, in pixels.
const CHAR: usize = 7;

const FLOOR: &str = "#d8eccf";
const WALL: &str = "#7b5a43";
const REACH: &str = "#9cc3f5";
const HERO: &str = "#1565c0";
const DRAGON: &str = "#c62828";

/// The SVG document for `solution` on `puzzle` (see the module docs).
///
/// ```
/// use dragon_escape::{render::svg::svg, solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let picture = svg(&puzzle, &solve(&puzzle, &Options::default())?);
/// assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(picture.contains("The shortest path is 2 steps."));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    let graph = Graph::new(puzzle);
    let (w, h) = (puzzle.width() * CELL, puzzle.height() * CELL);
    let hero_route: Vec<Pos> = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    let dragon_route: Vec<Pos> = std::iter::once(solution.dragon)
        .chain(solution.turns.iter().map(|t| t.dragon))
        .collect();
    let hero_end = *hero_route.last().unwrap_or(&solution.hero);
    let caught = solution.ending == Ending::Stuck;
    let summary = result_sentence(solution, caught);
    let key = match solution.outcome {
        Outcome::NoPath => "Shaded blue: every cell the hero can reach.",
        Outcome::Escaped { .. } | Outcome::Caught => "Hero: blue line. Dragon: red dashes.",
    };
    let caption_width = summary.chars().count().max(key.len()) * CHAR + 8;
    let (width, height) = (w.max(caption_width), h + 2 * LINE + 8);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{}\">",
        escape(&summary)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&summary));
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(out, "<rect width=\"{w}\" height=\"{h}\" fill=\"{FLOOR}\"/>");
    let cells = |keep: &dyn Fn(Pos) -> bool| {
        let mut d = String::new();
        for row in 0..puzzle.height() {
            for col in 0..puzzle.width() {
                if keep(Pos::new(row, col)) {
                    let _ = write!(d, "M{} {}h{CELL}v{CELL}h-{CELL}z", col * CELL, row * CELL);
                }
            }
        }
        d
    };
    let walls = cells(&|p| !puzzle.is_free(p));
    if !walls.is_empty() {
        let _ = writeln!(out, "<path fill=\"{WALL}\" d=\"{walls}\"/>");
    }
    if solution.outcome == Outcome::NoPath {
        let reach = reachable(&graph, solution.hero);
        let shaded = cells(&|p| graph.cell_at(p).is_some_and(|c| reach[c.index()]));
        let _ = writeln!(out, "<path fill=\"{REACH}\" d=\"{shaded}\"/>");
    }

    route(
        &mut out,
        &dragon_route,
        3,
        DRAGON,
        "stroke-width=\"3\" stroke-dasharray=\"6 4\"",
    );
    route(
        &mut out,
        &hero_route,
        -3,
        HERO,
        "stroke-width=\"5\" stroke-opacity=\"0.85\"",
    );

    emoji(&mut out, solution.exit, Tile::Exit.emoji());
    emoji(&mut out, solution.dragon, Tile::Dragon.emoji());
    emoji(&mut out, solution.hero, Tile::Hero.emoji());
    if caught {
        emoji(&mut out, hero_end, CAUGHT_EMOJI);
    }

    let _ = writeln!(
        out,
        "<text x=\"4\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#222222\">{}</text>",
        h + LINE,
        escape(&summary)
    );
    let _ = writeln!(
        out,
        "<text x=\"4\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#555555\">{key}</text>",
        h + 2 * LINE
    );
    out.push_str("</svg>\n");
    out
}

/// Which cells the hero could reach from `hero` without the dragon.
fn reachable(graph: &Graph, hero: Pos) -> Vec<bool> {
    let Some(start) = graph.cell_at(hero) else {
        return vec![false; graph.len()];
    };
    graph
        .distances_from(start)
        .into_iter()
        .map(|d| d != UNREACHABLE)
        .collect()
}

/// The centre of a cell, shifted by `offset` pixels on both axes.
fn centre(p: Pos, offset: isize) -> (isize, isize) {
    let half = (CELL / 2) as isize;
    (
        (p.col * CELL) as isize + half + offset,
        (p.row * CELL) as isize + half + offset,
    )
}

/// A route as a polyline with a dot at its end (nothing for a route that
/// never moves).
fn route(out: &mut String, cells: &[Pos], offset: isize, color: &str, stroke: &str) {
    let mut points: Vec<Pos> = cells.to_vec();
    points.dedup();
    if points.len() < 2 {
        return;
    }
    let list: Vec<String> = points
        .iter()
        .map(|&p| {
            let (x, y) = centre(p, offset);
            format!("{x},{y}")
        })
        .collect();
    let _ = writeln!(
        out,
        "<polyline fill=\"none\" stroke=\"{color}\" {stroke} stroke-linejoin=\"round\" \
         stroke-linecap=\"round\" points=\"{}\"/>",
        list.join(" ")
    );
    let (x, y) = centre(*points.last().expect("two points at least"), offset);
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"{color}\"/>"
    );
}

/// An emoji centred on a cell.
fn emoji(out: &mut String, p: Pos, symbol: &str) {
    let (x, y) = centre(p, 0);
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{symbol}</text>",
        CELL * 3 / 4
    );
}

/// `s` with the characters XML reserves escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Options, solve};

    fn picture(map: &str) -> String {
        let puzzle: Puzzle = map.parse().unwrap();
        svg(&puzzle, &solve(&puzzle, &Options::default()).unwrap())
    }

    #[test]
    fn backstep_picture() {
        insta::assert_snapshot!(picture(
            "\
######
#H..##
#.#.##
#..D.E
######"
        ));
    }

    #[test]
    fn no_path_picture_shades_the_hero_side() {
        let text = picture("#####\n#H#E#\n#.#.#\n#D###\n#####");
        assert!(text.contains(REACH));
        assert!(!text.contains("<polyline"));
        assert!(text.contains("There is no path to the exit"));
    }

    #[test]
    fn escapes_text() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }

    #[test]
    fn balanced_tags() {
        let text = picture("H.E..D");
        assert_eq!(text.matches("<svg").count(), 1);
        assert!(text.trim_end().ends_with("</svg>"));
        for line in text.lines().skip(1) {
            assert!(line.starts_with('<') && line.ends_with('>'), "{line}");
        }
    }
}
