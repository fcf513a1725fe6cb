//! The SVG picture's tests (snapshots).

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
fn caught_picture_draws_the_burst_under_the_hero() {
    let text = picture("H....D.E");
    insta::assert_snapshot!(text);
    let burst = text.find(Sprite::Caught.shape()).unwrap();
    let last_hero = text.rfind(Sprite::Hero.shape()).unwrap();
    assert!(burst < last_hero, "the hero is drawn over the burst");
    assert!(text.contains(">caught</text>"));
}

#[test]
fn a_variant_picture_draws_every_dragon_key_and_door() {
    let (puzzle, solution) = crate::render::fixture::variant_game();
    let text = svg(&puzzle, &solution);
    assert!(text.is_ascii());
    let count = |sprite: Sprite| text.matches(sprite.shape()).count();
    // On the map and in the legend.
    assert_eq!(count(Sprite::Dragon), 3, "{text}");
    assert_eq!(count(Sprite::Key), 2);
    assert_eq!(count(Sprite::OpenDoor), 2);
    // The one door is opened: closed only in the legend.
    assert_eq!(count(Sprite::Door), 1);
    assert!(text.contains(">key</text>") && text.contains(">opened door</text>"));
    // Three routes: the hero's and each dragon's (the second one's
    // until it meets the first).
    assert_eq!(text.matches("<polyline").count(), 3);
    assert!(text.contains("points=\"159,63 135,63 111,63\""), "{text}");
    // The official game's legend has none of them.
    let official = picture("H.E..D");
    for sprite in [Sprite::Key, Sprite::Door, Sprite::OpenDoor] {
        assert!(!official.contains(sprite.shape()));
    }
}

#[test]
fn no_text_symbols_in_the_map() {
    for map in ["H....D.E", "#####\n#H#E#\n#.#.#\n#D###\n#####", "H.E..D"] {
        let text = picture(map);
        // Only the caption and the legend hold text, in plain ASCII.
        assert!(text.is_ascii(), "{text}");
        let map_part = &text[..text.find("</g>\n<text").unwrap()];
        assert!(!map_part.contains("<text"), "{map_part}");
    }
}

#[test]
fn back_steps_are_marked_where_the_hero_turns() {
    use Pos as P;
    let route = [P::new(1, 1), P::new(2, 1), P::new(1, 1), P::new(1, 2)];
    assert_eq!(back_steps(&route), [P::new(2, 1)]);
    assert_eq!(back_steps(&route[1..]), []);
    let text = picture("######\n#H..##\n#.#.##\n#..D.E\n######");
    assert_eq!(text.matches(Sprite::BackStep.shape()).count(), 2, "{text}");
    assert!(picture("H.E..D").matches(Sprite::BackStep.shape()).count() == 0);
}

#[test]
fn no_path_picture_shades_the_hero_side() {
    let text = picture("#####\n#H#E#\n#.#.#\n#D###\n#####");
    assert!(text.contains(REACH));
    assert!(!text.contains("<polyline"));
    assert!(text.contains("There is no path to the exit"));
    assert!(text.contains("cells the hero can reach"));
}

#[test]
fn walls_are_drawn_in_runs_and_scaled_to_the_cell() {
    let puzzle: Puzzle = "###\nH.E\n#D#".parse().unwrap();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    let text = svg_with(&puzzle, &solution, SvgOptions { cell: 10 });
    assert!(
        text.contains("d=\"M0 0h72v24h-72zM0 48h24v24h-24zM48 48h24v24h-24z\""),
        "{text}"
    );
    assert!(
        text.contains("<g transform=\"scale(0.41666667)\""),
        "{text}"
    );
}

#[test]
fn numbers_are_short() {
    assert_eq!(num(12.0), "12");
    assert_eq!(num(3.5), "3.5");
    assert_eq!(num(-0.001), "0");
    assert_eq!(num(0.126), "0.13");
}

#[test]
fn the_map_scale_is_exact_enough_for_every_cell_size() {
    for cell in 1..=100 {
        let scale: f64 = map_scale(cell).parse().unwrap();
        // A map 10000 cells wide is within a hundredth of a pixel of
        // its stated width.
        let error = (scale * UNIT as f64 - cell as f64).abs() * 1e4;
        assert!(error < 0.01, "cell {cell}: {}", map_scale(cell));
    }
    assert_eq!(map_scale(24), "1");
    assert_eq!(map_scale(3), "0.125");
}

#[test]
fn escapes_text() {
    assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
}

#[test]
fn balanced_tags() {
    let text = picture("H.E..D");
    assert_eq!(text.matches("<svg").count(), 1);
    assert_eq!(text.matches("</svg>").count(), 1);
    assert!(text.trim_end().ends_with("</svg>"));
    for line in text.lines().skip(1) {
        assert!(line.starts_with('<') && line.ends_with('>'), "{line}");
    }
}
