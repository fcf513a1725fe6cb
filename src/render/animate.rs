//! The playback as one animated SVG document, which a web browser plays
//! with no player installed (pure).
//!
//! The background is the picture of [`svg`](super::svg) without the routes:
//! floor, walls and the exit. Over it the hero and the dragon jump from
//! cell to cell, one frame of the [`Film`] at a time (the hero's move, then
//! the dragon's answer), the hero's route grows behind it, a white ring
//! appears where it steps straight back, a bar under the map shows how far
//! the line has come, and a burst appears under a caught hero. After the
//! last frame the picture holds for a moment, then starts again. With the
//! rule variants every dragon moves, keys vanish when taken and doors
//! turn from closed to open.
//!
//! The movement is SMIL: one `<animateTransform>` or `<animate>` per moving
//! thing, with `calcMode="discrete"` and a value per frame shown, so the
//! document grows with the frames shown, not with the map's area times the
//! frames. A long line is sampled: past [`AnimationOptions::max_frames`],
//! only every `k`th frame is shown (the last always), as [`Sampling`]
//! says. Frames are asked from the film one at a time (where the pieces
//! stand in each), so no frame is held beyond its values.

use std::fmt::Write as _;
use std::time::Duration;

use crate::error::{Error, Resource, bytes};
use crate::puzzle::{Pos, Puzzle};
use crate::render::film::{Film, result_sentence};
use crate::render::svg::{
    Footer, HERO, Key, Sprite, UNIT, back_steps, centre, keys, num, num_up, open, open_map,
    piece_scale, points, route_scale, routes, variant_keys,
};
use crate::search::solution::{Ending, Outcome, Solution};

/// How long the last frame stays before the animation starts again, in
/// frames.
pub(crate) const HOLD_FRAMES: usize = 4;

/// The height of the progress bar under the map, in pixels.
const BAR: usize = 6;

/// How to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationOptions {
    /// The side of a cell, in pixels (at least 1).
    pub cell: usize,
    /// How long each frame shown stays.
    pub frame_length: Duration,
    /// The most frames to show (at least 2); a longer film is sampled.
    pub max_frames: usize,
}

impl Default for AnimationOptions {
    fn default() -> AnimationOptions {
        AnimationOptions {
            cell: 24,
            frame_length: Duration::from_millis(300),
            max_frames: 3000,
        }
    }
}

/// Which frames of a film are shown: every `every`th, and the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sampling {
    /// The frames of the film.
    pub frames: usize,
    /// One frame in `every` is shown (1: all of them).
    pub every: usize,
    /// How many frames are shown.
    pub shown: usize,
}

impl Sampling {
    /// Shows at most `max_frames` (at least 2) of `frames`, evenly spaced,
    /// the first and the last among them.
    ///
    /// ```
    /// use dragon_escape::render::animate::Sampling;
    /// let s = Sampling::new(10, 4);
    /// assert_eq!((s.every, s.shown), (3, 4));
    /// assert_eq!((0..s.shown).map(|j| s.frame(j)).collect::<Vec<_>>(), [0, 3, 6, 9]);
    /// assert_eq!(Sampling::new(10, 100).every, 1);
    /// ```
    pub fn new(frames: usize, max_frames: usize) -> Sampling {
        let frames = frames.max(1);
        let max = max_frames.max(2);
        let every = if frames <= max {
            1
        } else {
            (frames - 1).div_ceil(max - 1)
        };
        Sampling {
            frames,
            every,
            shown: (frames - 1).div_ceil(every) + 1,
        }
    }

    /// The film's frame shown `j`th.
    pub fn frame(&self, j: usize) -> usize {
        (j * self.every).min(self.frames - 1)
    }

    /// Whether some frames are left out.
    pub fn is_sampled(&self) -> bool {
        self.every > 1
    }
}

/// How long an animation whose frame length is not given lasts, about:
/// see [`paced`].
pub const ANIMATION_LENGTH: Duration = Duration::from_secs(20);
/// The shortest frame of a paced animation (GIF viewers slow down shorter
/// ones); a film that would need shorter frames is sampled.
pub const SHORTEST_FRAME: Duration = Duration::from_millis(20);
/// The longest frame of a paced animation: the playback's own pace.
pub const LONGEST_FRAME: Duration = Duration::from_millis(300);

/// The frames of a film an animation shows: those [`Sampling`] picks and,
/// when it leaves some out, every frame where something happens that the
/// picture shows from then on (a key taken, a door opened, dragons
/// meeting, the hero caught).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shown {
    /// The evenly spaced frames.
    pub(crate) sampling: Sampling,
    /// The film's frames shown, in order.
    frames: Vec<usize>,
}

impl Shown {
    /// At most `max_frames` frames of `film` evenly spaced, the first and
    /// the last among them, and the telling ones.
    pub(crate) fn new(film: &Film, max_frames: usize) -> Shown {
        let sampling = Sampling::new(film.len(), max_frames);
        let mut frames: Vec<usize> = (0..sampling.shown).map(|j| sampling.frame(j)).collect();
        if sampling.is_sampled() {
            let mut before = film.pieces(0);
            let mut telling = Vec::new();
            for i in 1..film.len() {
                let now = film.pieces(i);
                if now.locks != before.locks
                    || now.others.len() != before.others.len()
                    || now.caught != before.caught
                {
                    telling.push(i);
                }
                before = now;
            }
            if !telling.is_empty() {
                frames.extend(telling);
                frames.sort_unstable();
                frames.dedup();
            }
        }
        Shown { sampling, frames }
    }

    /// How many frames are shown.
    pub(crate) fn len(&self) -> usize {
        self.frames.len()
    }

    /// The film's frame shown `j`th.
    pub(crate) fn frame(&self, j: usize) -> usize {
        self.frames[j]
    }
}

/// How an animation of `film` is paced when its frame length is not
/// given: to last about `length` in all, the hold at the end included,
/// each frame from [`SHORTEST_FRAME`] to [`LONGEST_FRAME`] (a short film
/// is shorter than `length`); when the frames would be shorter, at most
/// `max_frames` and as many as fit `length` at the shortest are shown,
/// evenly spaced with the telling ones (`Shown`). Gives the frame length
/// and the most frames to show.
///
/// ```
/// use std::time::Duration;
/// use dragon_escape::render::{animate::{paced, ANIMATION_LENGTH}, film::Film};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = format!("H{}E\n{}D", ".".repeat(98), "#".repeat(99)).parse()?;
/// let film = Film::new(&puzzle, &solve(&puzzle, &Options::default())?);
/// // 198 frames and a hold of 4 in 20 s: 99 ms each.
/// let (frame, max_frames) = paced(&film, 3000, ANIMATION_LENGTH);
/// assert_eq!(film.len(), 198);
/// assert_eq!((frame.as_micros(), max_frames), (99_009, 996));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn paced(film: &Film, max_frames: usize, length: Duration) -> (Duration, usize) {
    let fit = (length.as_millis() / SHORTEST_FRAME.as_millis().max(1)) as usize;
    let max_frames = max_frames.min(fit.saturating_sub(HOLD_FRAMES)).max(2);
    let shown = Shown::new(film, max_frames).len();
    let frame = length
        .div_f64((shown + HOLD_FRAMES) as f64)
        .clamp(SHORTEST_FRAME, LONGEST_FRAME);
    (frame, max_frames)
}

/// About how many bytes [`animated_svg`] writes for `solution` on `puzzle`
/// (at most, give or take a little): the walls, the route and a value per
/// frame shown for each moving thing. A caller with a memory budget checks
/// this before asking for the document.
pub(crate) fn animation_bytes(puzzle: &Puzzle, solution: &Solution, shown: usize) -> usize {
    let (w, h) = (puzzle.width(), puzzle.height());
    let walls = h.saturating_mul(w.div_ceil(2)).saturating_mul(36);
    let route = solution.turns.len().saturating_mul(16 + 420);
    let pieces = (solution.others.len() + 2 * puzzle.keys().len() + 2 * puzzle.doors().len())
        .saturating_mul(shown.saturating_mul(12).saturating_add(1 << 10));
    walls
        .saturating_add(route)
        .saturating_add(pieces)
        .saturating_add(shown.saturating_mul(110))
        .saturating_add(16 << 10)
}

/// Checks that the animated SVG document of `film`, the film of
/// `solution` on `puzzle`, drawn with `options`, fits in half of
/// `max_memory` bytes (the walls, the route and a value per frame shown for
/// each moving thing); the map, the line and the film hold the other half.
///
/// # Errors
/// [`Error::TooLarge`] (resource [`Resource::Animation`]) when it would
/// take more, before anything is drawn.
pub fn animation_within(
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    options: &AnimationOptions,
    max_memory: usize,
) -> Result<(), Error> {
    let needed = animation_bytes(puzzle, solution, Shown::new(film, options.max_frames).len());
    if needed > max_memory / 2 {
        return Err(Error::TooLarge {
            resource: Resource::Animation,
            message: format!(
                "cannot animate: the animation would take about {}, more than half the memory \
                 budget of {}",
                bytes(needed),
                bytes(max_memory)
            ),
        });
    }
    Ok(())
}

/// The animated SVG document of `film`, the film of `solution` on `puzzle`
/// (see the module docs).
///
/// ```
/// use dragon_escape::render::{animate::{animated_svg, AnimationOptions}, film::Film};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let film = Film::new(&puzzle, &solution);
/// let text = animated_svg(&puzzle, &solution, &film, &AnimationOptions::default());
/// assert!(text.contains("<animateTransform"));
/// assert!(text.contains("The shortest path is 2 steps."));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn animated_svg(
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    options: &AnimationOptions,
) -> String {
    let cell = options.cell.max(1);
    let shown = Shown::new(film, options.max_frames);
    let sampling = shown.sampling;
    let (w, h) = (puzzle.width() * cell, puzzle.height() * cell);
    let (hero_route, _) = routes(solution);
    let hero_route = &hero_route[..=film.total().min(hero_route.len() - 1)];
    let caught = solution.outcome
        == Outcome::Caught {
            line: Ending::Stuck,
        };
    let turns: Vec<(usize, Pos)> = hero_route
        .windows(3)
        .enumerate()
        .filter(|(_, w)| w[0] == w[2] && w[0] != w[1])
        .map(|(i, w)| (i + 1, w[1]))
        .collect();
    debug_assert_eq!(turns.len(), back_steps(hero_route).len());
    let mut legend: Vec<Key> = keys(solution, !turns.is_empty(), caught)
        .into_iter()
        .filter(|key| !matches!(key, Key::Line(_, _, "dragon's route")))
        .collect();
    legend.push(Key::Line(
        HERO,
        "stroke-width=\"6\" stroke-opacity=\"0.5\"",
        "how far the line has come",
    ));
    legend.extend(variant_keys(puzzle, solution));
    let footer = Footer::new(result_sentence(solution, caught), legend, w);
    let (width, height) = (footer.width, h + BAR + footer.height);

    let timeline = Timeline::new(shown.len(), options.frame_length);
    let mut out = String::with_capacity(animation_bytes(puzzle, solution, shown.len()));
    open(&mut out, width, height, &footer.summary);
    let _ = writeln!(
        out,
        "<desc>{} frames, {} ms each{}; it starts again after the last.</desc>",
        shown.len(),
        options.frame_length.as_millis(),
        if sampling.is_sampled() {
            format!(
                ", one in {} of the playback's {}",
                sampling.every, sampling.frames
            )
        } else {
            String::new()
        }
    );
    open_map(&mut out, puzzle, cell, None);
    // Pieces enlarged on a halo in small cells, routes wider.
    let grown = piece_scale(cell);
    let piece = |sprite: Sprite| {
        if grown > 1.0 {
            format!(
                "<g transform=\"scale({})\">{}{}</g>",
                num(grown),
                sprite.halo(),
                sprite.shape()
            )
        } else {
            sprite.shape().to_owned()
        }
    };
    let wide = route_scale(cell, puzzle.width().max(puzzle.height()));
    let apart = (3.0 * wide).round() as isize;
    let (x, y) = centre(puzzle.exit(), 0);
    Sprite::Exit.piece(&mut out, x as f64, y as f64, cell, 1.0);
    // Keys vanish when taken; a door is closed, then open.
    let first = |taken: &dyn Fn(usize) -> bool| (0..shown.len()).find(|&j| taken(shown.frame(j)));
    for (i, &p) in puzzle.keys().iter().enumerate() {
        let (x, y) = centre(p, 0);
        let _ = writeln!(
            out,
            "<g transform=\"translate({x} {y})\">{}",
            piece(Sprite::Key)
        );
        timeline.vanish(&mut out, first(&|f| film.pieces(f).locks.is_taken(i)));
        out.push_str("</g>\n");
    }
    for (i, &p) in puzzle.doors().iter().enumerate() {
        let (x, y) = centre(p, 0);
        let opened = first(&|f| film.pieces(f).locks.is_open(i));
        let _ = writeln!(
            out,
            "<g transform=\"translate({x} {y})\">{}",
            piece(Sprite::Door)
        );
        timeline.vanish(&mut out, opened);
        out.push_str("</g>\n");
        if opened.is_some() {
            let _ = writeln!(
                out,
                "<g opacity=\"0\" transform=\"translate({x} {y})\">{}",
                piece(Sprite::OpenDoor)
            );
            timeline.appear(&mut out, opened);
            out.push_str("</g>\n");
        }
    }

    // The route, revealed step by step with a dash as long as the route.
    let length = (hero_route.len().saturating_sub(1) * UNIT) as f64;
    if length > 0.0 {
        let _ = writeln!(
            out,
            "<polyline fill=\"none\" stroke=\"{HERO}\" stroke-width=\"{}\" stroke-opacity=\"0.85\" \
             stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-dasharray=\"{} {}\" \
             stroke-dashoffset=\"{}\" points=\"{}\">",
            num_up(5.0 * wide),
            num(length + 1.0),
            num(length + 1.0),
            num(length + 1.0),
            points(hero_route, -apart)
        );
        timeline.animate(&mut out, "stroke-dashoffset", |j| {
            let step = film.pieces(shown.frame(j)).step;
            num(length + 1.0 - (step * UNIT) as f64)
        });
        out.push_str("</polyline>\n");
    }
    for &(step, p) in &turns {
        let (x, y) = centre(p, -apart);
        let shape = if wide > 1.0 {
            format!(
                "<g transform=\"scale({})\">{}</g>",
                num(wide),
                Sprite::BackStep.shape()
            )
        } else {
            Sprite::BackStep.shape().to_owned()
        };
        let _ = writeln!(
            out,
            "<g opacity=\"0\" transform=\"translate({x} {y})\">{shape}"
        );
        // Seen from the first frame shown after the hero turns back.
        let from = (0..shown.len()).find(|&j| film.pieces(shown.frame(j)).step > step);
        timeline.appear(&mut out, from);
        out.push_str("</g>\n");
    }
    if caught {
        let (x, y) = centre(hero_route[hero_route.len() - 1], 0);
        let _ = writeln!(
            out,
            "<g opacity=\"0\" transform=\"translate({x} {y})\">{}",
            piece(Sprite::Caught)
        );
        let from = (0..shown.len()).find(|&j| film.pieces(shown.frame(j)).caught);
        timeline.appear(&mut out, from);
        out.push_str("</g>\n");
    }
    // The other dragons, under the first: one that has met another stands
    // on the first's cell.
    for k in 0..solution.others.len() {
        let place = |j: usize| {
            let pieces = film.pieces(shown.frame(j));
            centre(pieces.others.iter().nth(k).unwrap_or(pieces.dragon), 0)
        };
        let (x, y) = place(0);
        let _ = writeln!(out, "<g transform=\"translate({x} {y})\">");
        timeline.animate_transform(&mut out, |j| {
            let (x, y) = place(j);
            format!("{x} {y}")
        });
        let _ = writeln!(out, "{}</g>", piece(Sprite::Dragon));
    }
    for (sprite, hero) in [(Sprite::Dragon, false), (Sprite::Hero, true)] {
        let place = |j: usize| {
            let pieces = film.pieces(shown.frame(j));
            centre(if hero { pieces.hero } else { pieces.dragon }, 0)
        };
        let (x, y) = place(0);
        let _ = writeln!(out, "<g transform=\"translate({x} {y})\">");
        timeline.animate_transform(&mut out, |j| {
            let (x, y) = place(j);
            format!("{x} {y}")
        });
        let _ = writeln!(out, "{}</g>", piece(sprite));
    }
    out.push_str("</g>\n");

    // How far the line has come, under the map.
    let total = film.len().saturating_sub(1).max(1);
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"{h}\" width=\"0\" height=\"{BAR}\" fill=\"{HERO}\" fill-opacity=\"0.5\">"
    );
    timeline.animate(&mut out, "width", |j| {
        num((shown.frame(j) * w) as f64 / total as f64)
    });
    out.push_str("</rect>\n");
    footer.draw(&mut out, h + BAR);
    out.push_str("</svg>\n");
    out
}

/// The clock every animation of a document shares: a frame shown every
/// `frame_length`, then a hold, then again from the start.
struct Timeline {
    /// How many frames are shown.
    shown: usize,
    /// The whole cycle, in seconds (`12.3s`).
    dur: String,
    /// Per frame shown, when it starts, as a share of the cycle.
    key_times: String,
}

impl Timeline {
    fn new(shown: usize, frame_length: Duration) -> Timeline {
        let slots = shown + HOLD_FRAMES;
        let seconds = frame_length.as_secs_f64() * slots as f64;
        let mut key_times = String::with_capacity(shown * 9);
        for j in 0..shown {
            if j > 0 {
                key_times.push(';');
            }
            key_times.push_str(&fraction(j, slots));
        }
        Timeline {
            shown,
            dur: format!("{}s", num(seconds.max(0.01))),
            key_times,
        }
    }

    /// An `<animate>` of `attribute` taking `value(j)` in the `j`th frame
    /// shown.
    fn animate(&self, out: &mut String, attribute: &str, value: impl Fn(usize) -> String) {
        let _ = write!(
            out,
            "<animate attributeName=\"{attribute}\" calcMode=\"discrete\" dur=\"{}\" \
             repeatCount=\"indefinite\" keyTimes=\"{}\" values=\"",
            self.dur, self.key_times
        );
        self.values(out, value);
        out.push_str("\"/>\n");
    }

    /// An `<animateTransform>` translating to `value(j)` (`"x y"`) in the
    /// `j`th frame shown.
    fn animate_transform(&self, out: &mut String, value: impl Fn(usize) -> String) {
        let _ = write!(
            out,
            "<animateTransform attributeName=\"transform\" type=\"translate\" \
             calcMode=\"discrete\" dur=\"{}\" repeatCount=\"indefinite\" keyTimes=\"{}\" values=\"",
            self.dur, self.key_times
        );
        self.values(out, value);
        out.push_str("\"/>\n");
    }

    fn values(&self, out: &mut String, value: impl Fn(usize) -> String) {
        for j in 0..self.shown {
            if j > 0 {
                out.push(';');
            }
            out.push_str(&value(j));
        }
    }

    /// Hides the enclosing element from the `from`th frame shown to the end
    /// of each cycle (never, for `None`).
    fn vanish(&self, out: &mut String, from: Option<usize>) {
        let Some(from) = from else { return };
        let slots = self.shown + HOLD_FRAMES;
        let _ = writeln!(
            out,
            "<animate attributeName=\"opacity\" calcMode=\"discrete\" dur=\"{}\" \
             repeatCount=\"indefinite\" keyTimes=\"0;{}\" values=\"1;0\"/>",
            self.dur,
            fraction(from.max(1), slots)
        );
    }

    /// Makes the enclosing element visible from the `from`th frame shown to
    /// the end of each cycle (never, for `None`).
    fn appear(&self, out: &mut String, from: Option<usize>) {
        let Some(from) = from else { return };
        let slots = self.shown + HOLD_FRAMES;
        let _ = writeln!(
            out,
            "<animate attributeName=\"opacity\" calcMode=\"discrete\" dur=\"{}\" \
             repeatCount=\"indefinite\" keyTimes=\"0;{}\" values=\"0;1\"/>",
            self.dur,
            fraction(from.max(1), slots)
        );
    }
}

/// `a / b` with six decimals, trailing zeros dropped (`0`, `0.25`).
fn fraction(a: usize, b: usize) -> String {
    let text = format!("{:.6}", a as f64 / b as f64);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `values` of every translation in an animated SVG, in order.
    fn translations(text: &str) -> Vec<&str> {
        text.split("type=\"translate\"")
            .skip(1)
            .map(|rest| {
                let at = rest.find("values=\"").unwrap() + 8;
                &rest[at..at + rest[at..].find('"').unwrap()]
            })
            .collect()
    }
    use crate::search::{Options, solve};

    fn animation(map: &str, options: &AnimationOptions) -> String {
        let puzzle: Puzzle = map.parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        animated_svg(&puzzle, &solution, &film, options)
    }

    const BACKSTEP: &str = "######\n#H..##\n#.#.##\n#..D.E\n######";

    #[test]
    fn backstep_animation() {
        insta::assert_snapshot!(animation(BACKSTEP, &AnimationOptions::default()));
    }

    #[test]
    fn variant_animation_moves_every_dragon_takes_the_key_and_opens_the_door() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        let text = animated_svg(&puzzle, &solution, &film, &AnimationOptions::default());
        let moves = translations(&text);
        // The second dragon, the first, the hero; 12 frames shown.
        assert_eq!(moves.len(), 3);
        assert!(
            moves[0].starts_with("156 60;156 60;132 60;"),
            "{}",
            moves[0]
        );
        // Once met, it stands under the first.
        assert!(moves[0].ends_with(";84 60;84 60"), "{}", moves[0]);
        // The key is taken in frame 3 and the door opened in frame 5, of
        // 12 frames and 4 held: 3/16 and 5/16 of the cycle.
        let key = &text[text.find(Sprite::Key.shape()).unwrap()..];
        assert!(
            key.contains("keyTimes=\"0;0.1875\" values=\"1;0\""),
            "{key}"
        );
        let door = &text[text.find(Sprite::Door.shape()).unwrap()..];
        assert!(door.contains("keyTimes=\"0;0.3125\" values=\"1;0\""));
        let open = &text[text.find(Sprite::OpenDoor.shape()).unwrap()..];
        assert!(open.contains("keyTimes=\"0;0.3125\" values=\"0;1\""));
        assert!(text.len() <= animation_bytes(&puzzle, &solution, 12));
    }

    #[test]
    fn sampling_keeps_the_ends_and_the_limit() {
        for frames in 1..60 {
            for max in 2..20 {
                let s = Sampling::new(frames, max);
                assert!(s.shown <= max.max(1), "{frames} {max}: {s:?}");
                assert_eq!(s.frame(0), 0);
                assert_eq!(s.frame(s.shown - 1), frames - 1, "{frames} {max}");
                assert_eq!(s.is_sampled(), frames > max);
                let shown: Vec<usize> = (0..s.shown).map(|j| s.frame(j)).collect();
                assert!(shown.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
            }
        }
    }

    #[test]
    fn one_value_per_frame_shown() {
        let puzzle: Puzzle = BACKSTEP.parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        for max in [2, 5, 100] {
            let options = AnimationOptions {
                max_frames: max,
                ..AnimationOptions::default()
            };
            let text = animated_svg(&puzzle, &solution, &film, &options);
            let shown = Sampling::new(film.len(), max).shown;
            let moves = translations(&text);
            assert_eq!(moves.len(), 2);
            for values in moves {
                assert_eq!(values.split(';').count(), shown, "{values}");
            }
            // The hero's last value is its last cell, the exit.
            let (x, y) = centre(puzzle.exit(), 0);
            assert!(text.contains(&format!(";{x} {y}\"/>\n{}", Sprite::Hero.shape())));
            assert_eq!(text.contains("one in"), film.len() > max, "{text}");
        }
        assert!(animation_bytes(&puzzle, &solution, Shown::new(&film, 100).len()) > 16 << 10);
    }

    #[test]
    fn caught_burst_appears_at_the_end_under_the_hero() {
        let text = animation("H....D.E", &AnimationOptions::default());
        let burst = text.find(Sprite::Caught.shape()).unwrap();
        let hero = text.find(Sprite::Hero.shape()).unwrap();
        assert!(burst < hero);
        assert!(text.is_ascii());
    }

    #[test]
    fn the_estimate_bounds_the_document() {
        let large = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/large-101.txt"
        ))
        .unwrap();
        for map in [
            BACKSTEP,
            "H....D.E",
            "#####\n#H#E#\n#.#.#\n#D###\n#####",
            &large,
        ] {
            let puzzle: Puzzle = map.parse().unwrap();
            let solution = solve(&puzzle, &Options::default()).unwrap();
            let film = Film::new(&puzzle, &solution);
            for max_frames in [2, 50, 3000] {
                let options = AnimationOptions {
                    max_frames,
                    cell: 1,
                    ..AnimationOptions::default()
                };
                let text = animated_svg(&puzzle, &solution, &film, &options);
                let estimate =
                    animation_bytes(&puzzle, &solution, Shown::new(&film, max_frames).len());
                assert!(text.len() <= estimate, "{} > {estimate}", text.len());
            }
        }
    }

    #[test]
    fn the_animation_may_take_half_the_budget() {
        let puzzle: Puzzle = BACKSTEP.parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        let options = AnimationOptions::default();
        let shown = Shown::new(&film, options.max_frames);
        let needed = animation_bytes(&puzzle, &solution, shown.len());
        let within = |options: &AnimationOptions, budget: usize| {
            animation_within(&puzzle, &solution, &film, options, budget)
        };
        assert_eq!(within(&options, 2 * needed), Ok(()));
        assert_eq!(
            within(&options, 2 * needed - 1),
            Err(Error::TooLarge {
                resource: Resource::Animation,
                message: format!(
                    "cannot animate: the animation would take about {}, more than half the \
                     memory budget of {}",
                    bytes(needed),
                    bytes(2 * needed - 1)
                ),
            })
        );
        // Fewer frames shown take less.
        let sampled = AnimationOptions {
            max_frames: 2,
            ..options
        };
        assert!(film.len() > 2);
        assert_eq!(within(&sampled, 2 * needed - 1), Ok(()));
    }

    #[test]
    fn sampled_frames_keep_every_telling_one() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        // The key is taken in frame 3 and the door opened in frame 5; the
        // second dragon meets the first later.
        let shown = Shown::new(&film, 2);
        let frames: Vec<usize> = (0..shown.len()).map(|j| shown.frame(j)).collect();
        assert_eq!(frames.first(), Some(&0));
        assert_eq!(frames.last(), Some(&(film.len() - 1)));
        assert!(frames.contains(&3) && frames.contains(&5), "{frames:?}");
        assert!(frames.windows(2).all(|w| w[0] < w[1]), "{frames:?}");
        let met = (1..film.len())
            .find(|&i| film.pieces(i).others.len() < film.pieces(i - 1).others.len());
        if let Some(met) = met {
            assert!(frames.contains(&met), "{met} not in {frames:?}");
        }
        // Unsampled, every frame once.
        let all = Shown::new(&film, 3000);
        assert_eq!(all.len(), film.len());
    }

    #[test]
    fn paced_animations_last_about_twenty_seconds() {
        let slots = |frame: Duration, max: usize, film: &Film| {
            frame.as_secs_f64() * (Shown::new(film, max).len() + HOLD_FRAMES) as f64
        };
        for length in [3, 30, 300, 3000] {
            // A corridor `length` long: twice as many frames, and the start.
            let puzzle: Puzzle = format!("H{}E\n{}D", ".".repeat(length), "#".repeat(length + 1))
                .parse()
                .unwrap();
            let film = Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
            let (frame, max) = paced(&film, 3000, ANIMATION_LENGTH);
            assert!(
                frame >= SHORTEST_FRAME && frame <= LONGEST_FRAME,
                "{frame:?}"
            );
            let total = slots(frame, max, &film);
            if film.len() + HOLD_FRAMES > 66 {
                // Long enough to fill 20 s at 300 ms or less.
                assert!((total - 20.0).abs() < 0.01, "{length}: {total} s");
            } else {
                assert_eq!(frame, LONGEST_FRAME);
            }
            // A film too long for 20 ms frames is sampled.
            assert_eq!(max < film.len(), film.len() > 996, "{length}: {max}");
            // A lower limit of the user's holds.
            let (_, max) = paced(&film, 50, ANIMATION_LENGTH);
            assert!(Shown::new(&film, max).len() <= 50);
        }
    }

    #[test]
    fn fractions() {
        assert_eq!(fraction(0, 7), "0");
        assert_eq!(fraction(1, 4), "0.25");
        assert_eq!(fraction(1, 3), "0.333333");
    }
}
