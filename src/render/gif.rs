//! The playback as an animated GIF (feature `gif`; pure: the bytes are
//! built in memory).
//!
//! The first frame is the whole map: brown walls, a light green floor, the
//! exit as a white square in a black frame, the hero as a blue disc with a
//! white centre and the dragon as an orange diamond; in cells smaller than
//! `MARKER` (13 pixels), the pieces are drawn as markers of that size over the cells
//! around them, so they stay visible at any scale. Each later frame is
//! only the rectangle of cells that changed since the frame before (the
//! pieces' old and new cells and the route between), drawn over it, so a
//! frame costs what it changes, not the map's size; frames are made and
//! encoded one at a time. The hero's route is shaded blue as it grows (in
//! cells under 8 pixels, in the hero's own blue, whole cells), and
//! a caught hero stands on a yellow square. A long line is sampled as in
//! the animated SVG ([`Sampling`](crate::render::animate::Sampling), with
//! every frame where a key is taken or a door opened). The GIF loops,
//! holding the last frame for a moment; [`gif_lasting`] paces it to a
//! given length.

use std::borrow::Cow;

use crate::board::{Event, Frame};
use crate::error::{Error, Resource, bytes};
use crate::puzzle::{Pos, Puzzle};
use crate::render::animate::Shown;
use crate::render::film::{Film, Positions};
use crate::render::map::Mark;
use crate::search::solution::{Pieces, Solution};
use std::time::Duration;

/// How long the last frame stays before the GIF starts again, in frames.
const HOLD_FRAMES: u32 = 4;

/// The palette: index and colour.
pub(crate) const FLOOR: u8 = 0;
pub(crate) const WALL: u8 = 1;
const TRAIL: u8 = 2;
const HERO: u8 = 3;
const DRAGON: u8 = 4;
const INK: u8 = 5;
pub(crate) const WHITE: u8 = 6;
const BURST: u8 = 7;
const REACH: u8 = 8;
pub(crate) const PALETTE: [u8; 48] = [
    0xd8, 0xec, 0xcf, // floor
    0x7b, 0x5a, 0x43, // wall
    0x8e, 0xc3, 0xe6, // trail
    0x00, 0x72, 0xb2, // hero
    0xd5, 0x5e, 0x00, // dragon
    0x1a, 0x1a, 0x1a, // ink
    0xff, 0xff, 0xff, // white
    0xf0, 0xe4, 0x42, // burst
    0x9c, 0xc3, 0xf5, // reach
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // unused
];

/// How to draw the GIF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// The side of a cell, in pixels (at least 1).
    pub cell: usize,
    /// How long each frame shown stays, in hundredths of a second (at
    /// least 2: browsers slow down shorter ones).
    pub centiseconds: u16,
    /// The most frames to show (at least 2); a longer film is sampled.
    pub max_frames: usize,
}

/// The largest side a GIF may have, in pixels.
pub(crate) const MAX_SIDE: usize = u16::MAX as usize;

/// The largest cell, at most `largest`, that keeps a picture of `puzzle`
/// within `side` pixels a side (at least 1).
pub(crate) fn fitting_cell(puzzle: &Puzzle, largest: usize, side: usize) -> usize {
    let cells = puzzle.width().max(puzzle.height()).max(1);
    (side / cells).clamp(1, largest.max(1))
}

/// About how many bytes making the GIF holds at once: the first frame's
/// pixels (the largest frame) and a compressed copy of the frames.
pub(crate) fn gif_bytes(puzzle: &Puzzle, cell: usize, shown: usize) -> usize {
    let pixels = (puzzle.width() * cell).saturating_mul(puzzle.height() * cell);
    pixels
        .saturating_mul(2)
        .saturating_add(shown.saturating_mul(cell.max(MARKER + 2).pow(2) * 16 + 64))
}

/// Checks that making the GIF of `film` with `options` holds at most half
/// of `max_memory` bytes at once (the first frame's pixels and the
/// compressed frames); the map, the line and the film hold the other half.
///
/// # Errors
/// [`Error::TooLarge`] (resource [`Resource::Animation`]) when it would
/// hold more, before anything is drawn.
pub fn gif_within(
    puzzle: &Puzzle,
    film: &Film,
    options: &GifOptions,
    max_memory: usize,
) -> Result<(), Error> {
    let shown = Shown::new(film, options.max_frames).len();
    let needed = gif_bytes(puzzle, options.cell, shown);
    if needed > max_memory / 2 {
        return Err(Error::TooLarge {
            resource: Resource::Animation,
            message: format!(
                "cannot make the GIF: it would take about {}, more than half the memory budget \
                 of {}",
                bytes(needed),
                bytes(max_memory)
            ),
        });
    }
    Ok(())
}

/// The animated GIF of `film`, the film of `solution` on `puzzle`.
///
/// # Errors
/// A sentence when the picture is larger than a GIF may be (65,535 pixels
/// a side) or cannot be encoded.
///
/// ```
/// use dragon_escape::render::{film::Film, gif::{gif, GifOptions}};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let film = Film::new(&puzzle, &solution);
/// let options = GifOptions { cell: 8, centiseconds: 30, max_frames: 3000 };
/// let bytes = gif(&puzzle, &solution, &film, &options).unwrap();
/// assert!(bytes.starts_with(b"GIF89a"));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn gif(
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    options: &GifOptions,
) -> Result<Vec<u8>, String> {
    let delay = u32::from(options.centiseconds.max(2));
    encode(puzzle, solution, film, options, &|j, shown| {
        if j + 1 == shown {
            delay * (1 + HOLD_FRAMES)
        } else {
            delay
        }
    })
}

/// The animated GIF of `film` as [`gif()`] makes it, but lasting `length`
/// in all (to the hundredth of a second), whatever
/// [`GifOptions::centiseconds`] says: the frames shown share it evenly,
/// each a whole number of hundredths (so some are a hundredth longer than
/// others), the last holding as long as four more. Pace with
/// [`paced`](super::animate::paced) so that a frame is at least 2
/// hundredths.
///
/// # Errors
/// As [`gif()`].
///
/// ```
/// use std::time::Duration;
/// use dragon_escape::render::{film::Film, gif::{gif_lasting, GifOptions}};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let film = Film::new(&puzzle, &solution);
/// let options = GifOptions { cell: 8, centiseconds: 30, max_frames: 3000 };
/// let bytes = gif_lasting(&puzzle, &solution, &film, &options, Duration::from_secs(2)).unwrap();
/// assert!(bytes.starts_with(b"GIF89a"));
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn gif_lasting(
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    options: &GifOptions,
    length: Duration,
) -> Result<Vec<u8>, String> {
    // In hundredths, rounded.
    let total = u64::try_from(length.as_micros().div_ceil(5_000) / 2).unwrap_or(u64::MAX);
    encode(puzzle, solution, film, options, &|j, shown| {
        let slots = (shown + HOLD_FRAMES as usize) as u64;
        // Where slot `k` starts, in hundredths, rounded.
        let start = |k: u64| (k * total + slots / 2) / slots;
        let end = if j + 1 == shown {
            total
        } else {
            start(j as u64 + 1)
        };
        u32::try_from(end - start(j as u64))
            .unwrap_or(u32::MAX)
            .max(2)
    })
}

/// Encodes the GIF of `film`: the `j`th of `shown` frames stays
/// `delay(j, shown)` hundredths of a second.
fn encode(
    puzzle: &Puzzle,
    solution: &Solution,
    film: &Film,
    options: &GifOptions,
    delay: &dyn Fn(usize, usize) -> u32,
) -> Result<Vec<u8>, String> {
    let cell = options.cell.max(1);
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let (width, height) = (cols * cell, rows * cell);
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "a GIF is at most {MAX_SIDE} pixels a side; this one would be {width}x{height} \
             (try a smaller --cell-size)"
        ));
    }
    let failed = |e: ::gif::EncodingError| format!("cannot encode the GIF: {e}");
    let shown = Shown::new(film, options.max_frames);
    // In cells smaller than a marker, the pieces are drawn as markers.
    let margin = if cell < MARKER {
        (MARKER / 2 + 1).div_ceil(cell)
    } else {
        0
    };
    let route: Vec<Pos> = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    let mut encoder =
        ::gif::Encoder::new(Vec::new(), width as u16, height as u16, &PALETTE).map_err(failed)?;
    encoder
        .set_repeat(::gif::Repeat::Infinite)
        .map_err(failed)?;
    let mut pixels = Vec::new();
    let mut before: Option<(Frame, Positions)> = None;
    for j in 0..shown.len() {
        let i = shown.frame(j);
        let pieces = film.pieces(i);
        let variant = Pieces {
            others: pieces.others,
            locks: pieces.locks,
        };
        let frame = Frame {
            step: pieces.step,
            total: film.total(),
            event: Event::Play,
            hero: pieces.hero,
            dragon: pieces.dragon,
            caught: pieces.caught,
            distance: None,
            status: String::new(),
            message: None,
        };
        let mut delay = delay(j, shown.len());
        // The rectangles of cells that changed: all of them at first; then
        // the hero's (its old and new cells and the route between) and the
        // dragon's, as one frame, or two that share the delay when the
        // pieces are far apart and the delay is long enough to share (each
        // part at least the 2 hundredths browsers keep).
        let mut parts: Vec<Rect> = Vec::with_capacity(2);
        match &before {
            None => parts.push(Rect::new(Pos::new(0, 0), Pos::new(rows - 1, cols - 1))),
            Some((old, old_pieces)) => {
                let steps = old.step.min(route.len() - 1)..=frame.step.min(route.len() - 1);
                let hero = route[steps]
                    .iter()
                    .fold(Rect::new(old.hero, frame.hero), |r, &p| r.with(p));
                // Every dragon's old and new cells (keys and doors change
                // only under the hero).
                let dragon = (old_pieces.others.iter())
                    .chain(pieces.others.iter())
                    .fold(Rect::new(old.dragon, frame.dragon), Rect::with);
                let both = hero.union(dragon);
                let hero_changed =
                    (old.hero, old.step, old.caught) != (frame.hero, frame.step, frame.caught);
                if old_pieces.dragons().eq(pieces.dragons()) {
                    parts.push(hero);
                } else if !hero_changed {
                    parts.push(dragon);
                } else if both.area() <= 2 * (hero.area() + dragon.area()) || delay < 4 {
                    parts.push(both);
                } else {
                    parts.extend([hero, dragon]);
                }
            }
        }
        // Markers larger than a cell reach into the cells around.
        for part in &mut parts {
            *part = part.grown(margin, rows, cols);
        }
        for (n, part) in parts.iter().enumerate() {
            let (w, h) = (part.cols() * cell, part.rows() * cell);
            pixels.clear();
            pixels.resize(w * h, FLOOR);
            for row in part.top..=part.bottom {
                for col in part.left..=part.right {
                    let mark = film.board().mark_with(&frame, variant, Pos::new(row, col));
                    let (y, x) = ((row - part.top) * cell, (col - part.left) * cell);
                    paint(&mut pixels, w, y, x, cell, mark);
                }
            }
            if margin > 0 {
                let canvas = Canvas {
                    pixels: &mut pixels,
                    width: w,
                    top: part.top * cell,
                    left: part.left * cell,
                    cell,
                };
                markers(canvas, puzzle, &frame, &pieces);
            }
            // The first of two parts takes half the delay (at least the
            // 2 hundredths browsers keep), the second the rest.
            let this = if n + 1 < parts.len() {
                let half = (delay / 2).max(2);
                delay = delay.saturating_sub(half).max(2);
                half
            } else {
                delay
            };
            encoder
                .write_frame(&::gif::Frame {
                    width: w as u16,
                    height: h as u16,
                    top: (part.top * cell) as u16,
                    left: (part.left * cell) as u16,
                    delay: u16::try_from(this).unwrap_or(u16::MAX),
                    dispose: ::gif::DisposalMethod::Keep,
                    buffer: Cow::Borrowed(&pixels),
                    ..::gif::Frame::default()
                })
                .map_err(failed)?;
        }
        before = Some((frame, pieces));
    }
    encoder.into_inner().map_err(failed)
}

/// The side of the markers drawn for the pieces in cells smaller than it,
/// in pixels: the hero, the dragons, the exit, keys and closed doors stay
/// visible at any scale.
pub(crate) const MARKER: usize = 13;

/// Pixels of part of the picture: `width` a row, the top left one at
/// (`top`, `left`) of the whole, in cells of `cell` pixels.
struct Canvas<'a> {
    pixels: &'a mut [u8],
    width: usize,
    top: usize,
    left: usize,
    cell: usize,
}

impl Canvas<'_> {
    /// Draws a marker of `shape` centred on cell `p`: `inner` inside,
    /// `outer` on its rim, a pixel wide.
    fn marker(&mut self, p: Pos, shape: Shape, inner: u8, outer: u8) {
        let height = self.pixels.len() / self.width.max(1);
        let half = (MARKER / 2) as isize;
        let (cy, cx) = (
            (p.row * self.cell + self.cell / 2) as isize,
            (p.col * self.cell + self.cell / 2) as isize,
        );
        for dy in -half..=half {
            for dx in -half..=half {
                let (y, x) = (cy + dy - self.top as isize, cx + dx - self.left as isize);
                if y < 0 || x < 0 || y as usize >= height || x as usize >= self.width {
                    continue;
                }
                let reach = match shape {
                    Shape::Disc => ((dy * dy + dx * dx) as f64).sqrt(),
                    Shape::Diamond => (dy.abs() + dx.abs()) as f64 * 0.75,
                    Shape::Square => dy.abs().max(dx.abs()) as f64,
                };
                let r = half as f64;
                let colour = if reach <= r - 1.5 {
                    inner
                } else if reach <= r + 0.5 {
                    outer
                } else {
                    continue;
                };
                self.pixels[y as usize * self.width + x as usize] = colour;
            }
        }
    }
}

/// The shape of a marker.
#[derive(Clone, Copy)]
enum Shape {
    Disc,
    Diamond,
    Square,
}

/// Draws the markers of the pieces of `frame` (as `pieces` has them) that
/// reach into `canvas`: the exit, closed doors, keys not yet taken, the
/// dragons, and the hero over them (on a yellow rim when caught).
fn markers(mut canvas: Canvas<'_>, puzzle: &Puzzle, frame: &Frame, pieces: &Positions) {
    if frame.hero != puzzle.exit() {
        canvas.marker(puzzle.exit(), Shape::Square, WHITE, INK);
    }
    for (i, &door) in puzzle.doors().iter().enumerate() {
        if !pieces.locks.is_open(i) && door != frame.hero {
            canvas.marker(door, Shape::Square, WALL, INK);
        }
    }
    for (i, &key) in puzzle.keys().iter().enumerate() {
        if !pieces.locks.is_taken(i) && key != frame.hero {
            canvas.marker(key, Shape::Disc, BURST, INK);
        }
    }
    for dragon in pieces.dragons() {
        canvas.marker(dragon, Shape::Diamond, DRAGON, WHITE);
    }
    let rim = if frame.caught { BURST } else { WHITE };
    canvas.marker(frame.hero, Shape::Disc, HERO, rim);
}

/// A rectangle of cells, its edges included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    top: usize,
    left: usize,
    bottom: usize,
    right: usize,
}

impl Rect {
    /// The smallest rectangle holding `a` and `b`.
    fn new(a: Pos, b: Pos) -> Rect {
        Rect {
            top: a.row.min(b.row),
            left: a.col.min(b.col),
            bottom: a.row.max(b.row),
            right: a.col.max(b.col),
        }
    }

    /// `margin` cells larger on every side, within a map of `rows` x
    /// `cols` cells.
    fn grown(self, margin: usize, rows: usize, cols: usize) -> Rect {
        Rect {
            top: self.top.saturating_sub(margin),
            left: self.left.saturating_sub(margin),
            bottom: (self.bottom + margin).min(rows - 1),
            right: (self.right + margin).min(cols - 1),
        }
    }

    fn with(self, p: Pos) -> Rect {
        self.union(Rect::new(p, p))
    }

    fn union(self, other: Rect) -> Rect {
        Rect {
            top: self.top.min(other.top),
            left: self.left.min(other.left),
            bottom: self.bottom.max(other.bottom),
            right: self.right.max(other.right),
        }
    }

    fn rows(self) -> usize {
        self.bottom - self.top + 1
    }

    fn cols(self) -> usize {
        self.right - self.left + 1
    }

    fn area(self) -> usize {
        self.rows() * self.cols()
    }
}

/// Draws one cell showing `mark` into `pixels` (rows `width` wide) with its
/// top left corner at (`y`, `x`).
pub(crate) fn paint(pixels: &mut [u8], width: usize, y: usize, x: usize, cell: usize, mark: Mark) {
    let half = cell as f64 / 2.0;
    for dy in 0..cell {
        for dx in 0..cell {
            // From the cell's centre, in cells (-0.5 to 0.5).
            let (fy, fx) = (
                (dy as f64 + 0.5 - half) / cell as f64,
                (dx as f64 + 0.5 - half) / cell as f64,
            );
            let round = fx * fx + fy * fy;
            let edge = fx.abs().max(fy.abs());
            let colour = match mark {
                Mark::Wall => WALL,
                Mark::Free | Mark::Away(..) => FLOOR,
                Mark::Reach => REACH,
                // In small cells the route is the hero's blue, so that
                // it stands out from the floor.
                Mark::Trail if cell < 8 => HERO,
                Mark::Trail if edge <= 0.3 => TRAIL,
                Mark::Trail => FLOOR,
                Mark::Exit if edge <= 0.25 || cell < 4 => WHITE,
                Mark::Exit if edge <= 0.45 => INK,
                Mark::Exit => FLOOR,
                Mark::Hero | Mark::Caught if round <= 0.015 && cell >= 8 => WHITE,
                Mark::Hero | Mark::Caught if round <= 0.18 || cell < 4 => HERO,
                Mark::Hero => FLOOR,
                Mark::Caught => BURST,
                Mark::Dragon if fx.abs() + fy.abs() <= 0.5 || cell < 4 => DRAGON,
                Mark::Dragon => FLOOR,
                Mark::Key if round <= 0.06 || cell < 4 => TRAIL,
                Mark::Key => FLOOR,
                Mark::Door if edge <= 0.3 && cell >= 4 => INK,
                Mark::Door => WALL,
                Mark::OpenDoor if edge > 0.4 && cell >= 4 => WALL,
                Mark::OpenDoor => FLOOR,
            };
            pixels[(y + dy) * width + x + dx] = colour;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Options, solve};

    /// Decodes `bytes` into the pictures shown, whole (palette indices),
    /// each with its delay: the parts of a frame split in two (whose delays
    /// add up to a multiple of `delay`) as one. Also gives how many frames
    /// the file holds.
    fn pictures(bytes: &[u8], delay: u16) -> (Vec<(u16, Vec<u8>)>, usize) {
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).unwrap();
        let (w, h) = (decoder.width() as usize, decoder.height() as usize);
        let mut canvas = vec![255u8; w * h];
        let (mut out, mut count, mut waited) = (Vec::new(), 0, 0);
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let (fw, fh) = (frame.width as usize, frame.height as usize);
            for y in 0..fh {
                for x in 0..fw {
                    canvas[(frame.top as usize + y) * w + frame.left as usize + x] =
                        frame.buffer[y * fw + x];
                }
            }
            count += 1;
            waited += frame.delay;
            if waited % delay == 0 {
                out.push((waited, canvas.clone()));
                waited = 0;
            }
        }
        (out, count)
    }

    #[test]
    fn every_frame_shows_the_pieces_where_the_line_has_them() {
        let large = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/large-101.txt"
        ))
        .unwrap();
        let cases = [
            // One piece moves at a time: one part a frame.
            ("######\n#H..##\n#.#.##\n#..D.E\n######", 3000, Some(false)),
            ("######\n#H..##\n#.#.##\n#..D.E\n######", 5, None),
            // Sampled, with the pieces far apart: frames in two parts.
            (large.as_str(), 60, Some(true)),
        ];
        for (map, max_frames, split) in cases {
            let puzzle: Puzzle = map.parse().unwrap();
            let solution = solve(&puzzle, &Options::default()).unwrap();
            let film = Film::new(&puzzle, &solution);
            let options = GifOptions {
                cell: 8,
                centiseconds: 10,
                max_frames,
            };
            let bytes = gif(&puzzle, &solution, &film, &options).unwrap();
            let (frames, count) = pictures(&bytes, 10);
            let shown = Shown::new(&film, max_frames);
            assert_eq!(frames.len(), shown.len());
            if let Some(split) = split {
                assert_eq!(count > frames.len(), split, "{count} frames in the file");
            }
            let w = puzzle.width() * 8;
            let colour = |picture: &[u8], p: Pos, dy: usize, dx: usize| {
                picture[(p.row * 8 + dy) * w + p.col * 8 + dx]
            };
            for (j, (delay, picture)) in frames.iter().enumerate() {
                let pieces = film.pieces(shown.frame(j));
                // A pixel left of the hero's centre, the dragon's centre.
                assert_eq!(colour(picture, pieces.hero, 4, 2), HERO, "frame {j}");
                assert_eq!(colour(picture, pieces.dragon, 4, 4), DRAGON, "frame {j}");
                assert_eq!(colour(picture, Pos::new(0, 0), 4, 4), WALL);
                let hold = if j + 1 == frames.len() { 5 } else { 1 };
                assert_eq!(*delay, 10 * hold);
            }
            // At the end, the cells of the route are shaded.
            let (_, end) = frames.last().unwrap();
            let trail = solution.turns[solution.turns.len() / 2].hero;
            if trail != pieces_at_end(&film) {
                assert_eq!(colour(end, trail, 4, 4), TRAIL);
            }
        }
    }

    /// Where the pieces stand at the end of `film`.
    fn pieces_at_end(film: &Film) -> Pos {
        let end = film.pieces(film.len() - 1);
        if end.dragon == end.hero {
            end.hero
        } else {
            end.dragon
        }
    }

    #[test]
    fn variant_gif_draws_every_dragon_the_key_and_the_door() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        // Cells as large as a marker: each piece drawn in its own cell.
        let options = GifOptions {
            cell: MARKER + 3,
            centiseconds: 10,
            max_frames: 3000,
        };
        let (frames, _) = pictures(&gif(&puzzle, &solution, &film, &options).unwrap(), 10);
        assert_eq!(frames.len(), film.len());
        let w = puzzle.width() * 16;
        let colour = |picture: &[u8], p: Pos, dy: usize, dx: usize| {
            picture[(p.row * 16 + dy) * w + p.col * 16 + dx]
        };
        let (key, door) = (Pos::new(0, 2), Pos::new(0, 3));
        for (i, (_, picture)) in frames.iter().enumerate() {
            let pieces = film.pieces(i);
            for dragon in pieces.dragons() {
                assert_eq!(colour(picture, dragon, 8, 8), DRAGON, "frame {i}");
            }
            if pieces.hero == key || pieces.hero == door {
                continue;
            }
            // A key is a yellow disc; once taken, a trail (a square).
            let taken = pieces.locks.is_taken(0);
            assert_eq!(taken, i >= 3, "frame {i}");
            assert_eq!(colour(picture, key, 8, 8), TRAIL, "frame {i}");
            let corner = if taken { TRAIL } else { FLOOR };
            assert_eq!(colour(picture, key, 11, 11), corner, "frame {i}");
            // A closed door is dark in the middle; an open one is floor.
            let open = pieces.locks.is_open(0);
            assert_eq!(open, i >= 5, "frame {i}");
            let middle = if open { FLOOR } else { INK };
            assert_eq!(colour(picture, door, 8, 8), middle, "frame {i}");
        }
    }

    /// In cells smaller than a marker, the hero and the dragon are drawn
    /// at least [`MARKER`] pixels across (on a rim), over the cells around,
    /// in every frame; where a marker was, the map is drawn again.
    #[test]
    fn small_cells_draw_the_pieces_as_markers() {
        let large = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/large-101.txt"
        ))
        .unwrap();
        let puzzle: Puzzle = large.parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        for cell in [1, 2, 5] {
            let options = GifOptions {
                cell,
                centiseconds: 10,
                max_frames: 40,
            };
            let (frames, _) = pictures(&gif(&puzzle, &solution, &film, &options).unwrap(), 10);
            let shown = Shown::new(&film, 40);
            let w = puzzle.width() * cell;
            // How many pixels of `colour` the row through the centre of
            // cell `p` has within a marker of it.
            let across = |picture: &[u8], p: Pos, colour: u8| {
                let (y, x) = (p.row * cell + cell / 2, p.col * cell + cell / 2);
                let row = &picture[y * w..(y + 1) * w];
                row[x.saturating_sub(MARKER)..(x + MARKER).min(w)]
                    .iter()
                    .filter(|&&c| c == colour)
                    .count()
            };
            let mut checked = 0;
            for (j, (_, picture)) in frames.iter().enumerate() {
                let pieces = film.pieces(shown.frame(j));
                let at = format!("{cell} px, frame {j}");
                // The disc inside its rim, two pixels in (away from the
                // picture's edges, which cut a marker).
                let inside = |p: Pos| {
                    let (y, x) = (p.row * cell + cell / 2, p.col * cell + cell / 2);
                    let (h, half) = (puzzle.height() * cell, MARKER / 2);
                    y >= half && x >= half && y + half < h && x + half < w
                };
                if !inside(pieces.hero) || !inside(pieces.dragon) {
                    continue;
                }
                checked += 1;
                let hero = across(picture, pieces.hero, HERO);
                assert!(hero >= MARKER - 4, "{at}: {hero} px");
                let apart = pieces.hero.row.abs_diff(pieces.dragon.row) * cell > MARKER
                    || pieces.hero.col.abs_diff(pieces.dragon.col) * cell > MARKER;
                if apart {
                    let dragon = across(picture, pieces.dragon, DRAGON);
                    assert!(dragon >= MARKER / 2, "{at}: {dragon} px");
                }
            }
            assert!(checked >= 10, "{cell} px: {checked} frames");
            // The dragon's first cell, left far behind, is drawn again.
            let (start, end) = (film.pieces(0).dragon, film.pieces(film.len() - 1));
            assert!(start.row.abs_diff(end.dragon.row) * cell > MARKER);
            let (_, last) = frames.last().unwrap();
            assert_eq!(across(last, start, DRAGON), 0, "{cell} px");
        }
    }

    #[test]
    fn a_caught_hero_stands_on_the_burst() {
        let puzzle: Puzzle = "H....D.E".parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        let options = GifOptions {
            cell: 10,
            centiseconds: 10,
            max_frames: 3000,
        };
        let (frames, _) = pictures(&gif(&puzzle, &solution, &film, &options).unwrap(), 10);
        let (_, end) = frames.last().unwrap();
        let hero = film.pieces(film.len() - 1).hero;
        assert_eq!(end[hero.col * 10 + 3 + 5 * 80], HERO);
        assert_eq!(end[hero.col * 10], BURST);
    }

    #[test]
    fn too_large_is_a_sentence() {
        let puzzle: Puzzle = format!("H.E{}D", ".".repeat(3000)).parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        let options = GifOptions {
            cell: 30,
            centiseconds: 10,
            max_frames: 10,
        };
        let err = gif(&puzzle, &solution, &film, &options).unwrap_err();
        assert!(err.contains("at most 65535 pixels a side"), "{err}");
        assert_eq!(fitting_cell(&puzzle, 24, 2048), 1);
    }

    #[test]
    fn the_gif_may_take_half_the_budget() {
        let puzzle: Puzzle = "######\n#H..##\n#.#.##\n#..D.E\n######".parse().unwrap();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let film = Film::new(&puzzle, &solution);
        let options = GifOptions {
            cell: 8,
            centiseconds: 10,
            max_frames: 3000,
        };
        let shown = Shown::new(&film, options.max_frames).len();
        let needed = gif_bytes(&puzzle, options.cell, shown);
        let within =
            |options: &GifOptions, budget: usize| gif_within(&puzzle, &film, options, budget);
        assert_eq!(within(&options, 2 * needed), Ok(()));
        assert_eq!(
            within(&options, 2 * needed - 1),
            Err(Error::TooLarge {
                resource: Resource::Animation,
                message: format!(
                    "cannot make the GIF: it would take about {}, more than half the memory \
                     budget of {}",
                    bytes(needed),
                    bytes(2 * needed - 1)
                ),
            })
        );
        // Smaller cells and fewer frames take less.
        let smaller = GifOptions { cell: 4, ..options };
        assert_eq!(within(&smaller, 2 * needed - 1), Ok(()));
        let sampled = GifOptions {
            max_frames: 2,
            ..options
        };
        assert_eq!(within(&sampled, 2 * needed - 1), Ok(()));
    }
}
