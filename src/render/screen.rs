//! A frame laid out on a screen of a given size, and the bytes that turn
//! one screen into the next (pure).
//!
//! [`compose`] fits a [`Frame`] into `cols` x `rows` terminal cells: a
//! window of the grid around a centre (the hero, unless the person pans),
//! a line saying where the window is when the map does not fit, the status
//! line, the message wrapped to the width and the caller's extra lines
//! (the key legend). [`repaint`] writes the ANSI codes that change the
//! screen shown before into the new one, rewriting only the lines that
//! differ, so a step costs a few lines whatever the map's size. The
//! terminal driver and the asciicast export both draw through here.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::board::{Board, Frame};
use crate::puzzle::Pos;
use crate::render::board::Window;
use crate::render::map::{MapStyle, RESET};

const BOLD: &str = "\x1b[1m";

/// A frame laid out on a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Screen {
    /// The lines from the top, none wider than the screen.
    pub(crate) lines: Vec<String>,
    /// The part of the grid shown.
    pub(crate) window: Window,
    /// Whether the whole grid is shown; if not, the line after the grid
    /// says which part is.
    pub(crate) fits: bool,
}

/// Lays `frame` out on a `cols` x `rows` screen with `extra` lines at the
/// bottom. The grid's window keeps its place from `previous` while
/// `centre` stays well inside it, and is centred on `centre` (as far as the
/// edges allow) when it comes near an edge, when there was no previous
/// window or when the size changed ([`follow`]).
///
/// A message line stays reserved even when there is no message, so that
/// the map does not jump when one comes and goes. When the grid does not
/// fit, a line under it says which part is shown and where the dragon and
/// the exit lie when they are out of sight.
pub(crate) fn compose(
    board: &Board,
    frame: &Frame,
    style: MapStyle,
    (centre, previous): (Pos, Option<Window>),
    (cols, rows): (usize, usize),
    extra: &[String],
) -> Screen {
    let (cols, rows) = (cols.max(1), rows.max(1));
    let cell = if style.ascii { 1 } else { 2 };
    let mut message = frame
        .message
        .as_deref()
        .map_or_else(Vec::new, |m| wrap(m, cols));
    if style.color {
        for line in &mut message {
            *line = format!("{BOLD}{line}{RESET}");
        }
    }
    let fits = board.height() + 1 + message.len().max(1) + extra.len() <= rows
        && board.columns(style.ascii) <= cols;
    let text_rows = 1 + message.len().max(1) + extra.len() + usize::from(!fits);
    let window = follow(
        board,
        previous,
        centre,
        rows.saturating_sub(text_rows).max(1),
        (cols / cell).max(1),
    );
    let mut lines = board.grid(frame, style, window);
    lines.truncate(window.rows);
    if !fits {
        lines.push(clip(&whereabouts(board, frame, window), cols).into_owned());
    }
    lines.push(clip(&frame.status, cols).into_owned());
    if message.is_empty() {
        lines.push(String::new());
    }
    lines.extend(message);
    lines.extend(extra.iter().map(|l| clip(l, cols).into_owned()));
    lines.truncate(rows);
    Screen {
        lines,
        window,
        fits,
    }
}

/// The window of at most `rows` x `cols` cells to show for `at`: `previous`
/// while `at` stays a quarter of the window away from its edges (or the
/// window touches the map's edge on that side); moved along an axis so
/// that `at` is a quarter from the edge it came from when it strays near
/// the other; centred on `at` when it is outside. A piece walking on makes
/// the window jump half a screen now and then instead of scrolling it every
/// step.
pub(crate) fn follow(
    board: &Board,
    previous: Option<Window>,
    at: Pos,
    rows: usize,
    cols: usize,
) -> Window {
    let fresh = board.around(at, rows, cols);
    let Some(old) = previous else {
        return fresh;
    };
    if (old.rows, old.cols) != (fresh.rows, fresh.cols) {
        return fresh;
    }
    let keep = |first: usize, shown: usize, len: usize, at: usize, centred: usize| {
        let margin = shown / 4;
        let last_first = len.saturating_sub(shown);
        if !(first..first + shown).contains(&at) {
            centred
        } else if first > 0 && at < first + margin {
            // Near the low edge: the piece goes to a margin from the high one.
            (at + margin + 1).saturating_sub(shown).min(last_first)
        } else if first + shown < len && at + margin >= first + shown {
            // Near the high edge: the piece goes to a margin from the low one.
            at.saturating_sub(margin).min(last_first)
        } else {
            first
        }
    };
    Window {
        top: keep(old.top, old.rows, board.height(), at.row, fresh.top),
        left: keep(old.left, old.cols, board.width(), at.col, fresh.left),
        ..fresh
    }
}

/// Which part of the grid `window` shows, and which way the dragons and
/// the exit lie when they are outside it (with several dragons, each
/// outside is named in row-major order: `dragon 3 up; dragon 2 left`).
pub(crate) fn whereabouts(board: &Board, frame: &Frame, window: Window) -> String {
    let mut text = format!(
        "rows {}-{} of {}, columns {}-{} of {}",
        window.top + 1,
        window.top + window.rows,
        board.height(),
        window.left + 1,
        window.left + window.cols,
        board.width()
    );
    let others = board.pieces(frame).others;
    let pieces = std::iter::once(("dragon", frame.dragon))
        .chain(others.iter().map(|pos| ("dragon", pos)))
        .chain([("exit", board.exit())]);
    for (name, pos) in pieces {
        if !window.contains(pos) {
            let _ = write!(text, "; {name} {}", direction(window, pos));
        }
    }
    text
}

/// How far outside `window` `pos` lies: `12 up 3 left`.
fn direction(window: Window, pos: Pos) -> String {
    let near = window.nearest(pos);
    let mut parts = Vec::new();
    if pos.row < near.row {
        parts.push(format!("{} up", near.row - pos.row));
    } else if pos.row > near.row {
        parts.push(format!("{} down", pos.row - near.row));
    }
    if pos.col < near.col {
        parts.push(format!("{} left", near.col - pos.col));
    } else if pos.col > near.col {
        parts.push(format!("{} right", pos.col - near.col));
    }
    parts.join(" ")
}

/// Appends to `out` the ANSI codes that turn the screen showing `before`
/// (`None`: unknown, clear it) into one showing `after`: each line that
/// differs is rewritten and the rest of it cleared; lines no longer used
/// are cleared. The cursor is left where the last write left it.
pub(crate) fn repaint(before: Option<&[String]>, after: &[String], out: &mut String) {
    if before.is_none() {
        out.push_str("\x1b[H\x1b[2J");
    }
    let old = before.unwrap_or(&[]);
    for (row, line) in after.iter().enumerate() {
        if old.get(row) != Some(line) && !(before.is_none() && line.is_empty()) {
            let _ = write!(out, "\x1b[{};1H{line}\x1b[K", row + 1);
        }
    }
    for (row, line) in old.iter().enumerate().skip(after.len()) {
        if !line.is_empty() {
            let _ = write!(out, "\x1b[{};1H\x1b[K", row + 1);
        }
    }
}

/// Plain text cut to `cols` characters (the text lines are ASCII).
pub(crate) fn clip(line: &str, cols: usize) -> Cow<'_, str> {
    match line.char_indices().nth(cols) {
        Some((i, _)) => Cow::Owned(line[..i].to_owned()),
        None => Cow::Borrowed(line),
    }
}

/// Plain text broken at spaces into lines of at most `cols` characters
/// (longer words are cut).
pub(crate) fn wrap(text: &str, cols: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > cols {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .into_iter()
        .map(|l| clip(&l, cols).into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::render::film::Film;
    use crate::search::{Options, solve};

    const ASCII: MapStyle = MapStyle {
        ascii: true,
        color: false,
    };

    fn film(map: &str) -> Film {
        let puzzle: Puzzle = map.parse().unwrap();
        Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap())
    }

    /// What a terminal shows after `bytes`.
    fn shown(bytes: &str, cols: u16, rows: u16) -> Vec<String> {
        let mut parser = vt100::Parser::new(rows.try_into().unwrap(), cols.try_into().unwrap(), 0);
        parser.process(bytes.as_bytes());
        parser.screen().rows(0, cols).collect()
    }

    #[test]
    fn a_small_map_fits_whole() {
        let film = film("H..E\n#.##\n#.D#");
        let frame = film.frame(0);
        let screen = compose(
            film.board(),
            &frame,
            ASCII,
            (frame.hero, None),
            (40, 10),
            &[],
        );
        assert_eq!(screen.window, film.board().full());
        assert_eq!(
            screen.lines,
            [
                "H..E",
                "#.##",
                "#.D#",
                "step 0 of 3  start  dragon 4 steps away",
                ""
            ]
        );
    }

    #[test]
    fn a_large_map_is_windowed_and_says_where() {
        let film = film("H.........\n#########.\nE........D");
        let frame = film.frame(0);
        let screen = compose(film.board(), &frame, ASCII, (frame.hero, None), (4, 6), &[]);
        assert_eq!(screen.lines, ["H...", "####", "E..d", "rows", "step", ""]);
        let said = whereabouts(film.board(), &frame, screen.window);
        assert_eq!(said, "rows 1-3 of 3, columns 1-4 of 10; dragon 6 right");
        let window = film.board().around(Pos::new(0, 0), 1, 2);
        assert_eq!(
            whereabouts(film.board(), &frame, window),
            "rows 1-1 of 3, columns 1-2 of 10; dragon 2 down 8 right; exit 2 down"
        );
    }

    #[test]
    fn every_dragon_is_said_and_drawn_on_a_variant_screen() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        let frame = film.frame(3);
        let screen = compose(
            film.board(),
            &frame,
            ASCII,
            (frame.hero, None),
            (70, 10),
            &[],
        );
        assert_eq!(
            screen.lines,
            [
                "**H+..E",
                "#.###.#",
                ".D...D.",
                "step 2 of 6  dragons 2  keys 1  hero: right  dragon 3 steps away",
                ""
            ]
        );
        let window = film.board().around(Pos::new(0, 0), 1, 3);
        assert_eq!(
            whereabouts(film.board(), &frame, window),
            "rows 1-1 of 3, columns 1-3 of 7; dragon 2 down; dragon 2 down 3 right; exit 4 right"
        );
    }

    #[test]
    fn repaint_rewrites_only_changed_lines_and_reaches_the_same_screen() {
        let film = film("######\n#H..##\n#.#.##\n#..D.E\n######");
        let board = film.board();
        let mut bytes = String::new();
        let mut before: Option<Vec<String>> = None;
        for frame in film.frames() {
            let screen = compose(board, &frame, ASCII, (frame.hero, None), (40, 8), &[]);
            let mut step = String::new();
            repaint(before.as_deref(), &screen.lines, &mut step);
            bytes.push_str(&step);
            // Drawn incrementally, the screen is what a full draw shows.
            let mut full = String::new();
            repaint(None, &screen.lines, &mut full);
            assert_eq!(shown(&bytes, 40, 8), shown(&full, 40, 8));
            if let Some(before) = &before {
                let changed = before
                    .iter()
                    .zip(&screen.lines)
                    .filter(|(a, b)| a != b)
                    .count();
                assert_eq!(step.matches("\x1b[K").count(), changed);
            }
            before = Some(screen.lines);
        }
        // Fewer lines than before: the rest is cleared.
        let mut step = String::new();
        repaint(before.as_deref(), &["x".to_owned()], &mut step);
        bytes.push_str(&step);
        assert_eq!(shown(&bytes, 40, 8)[..3], ["x", "", ""]);
    }

    #[test]
    fn the_window_jumps_now_and_then_and_keeps_the_hero_inside() {
        // The dragon sleeps behind a wall while the hero walks the corridor.
        let corridor = format!(
            "H{}E\n{}\nD{}",
            ".".repeat(98),
            "#".repeat(100),
            ".".repeat(99)
        );
        let film = film(&corridor);
        let board = film.board();
        let mut window = None;
        let mut moves = 0;
        for frame in film.frames() {
            let next = follow(board, window, frame.hero, 1, 20);
            assert!(next.contains(frame.hero));
            // A quarter of the window stays ahead of the hero, but at the end.
            assert!(frame.hero.col + 5 <= next.left + 20 || next.left + 20 == 100);
            moves += usize::from(window.is_some_and(|w| w != next));
            window = Some(next);
        }
        // 100 columns walked through a window of 20: it moved a handful of
        // times, not at every step.
        assert!((4..=10).contains(&moves), "{moves}");
        // A new size, or no window before, centres afresh.
        let w = follow(board, window, Pos::new(0, 50), 1, 10);
        assert_eq!(w, board.around(Pos::new(0, 50), 1, 10));
    }

    #[test]
    fn every_screen_size_holds_its_lines() {
        let film = film("######\n#H..##\n#.#.##\n#..D.E\n######");
        let board = film.board();
        let extra = ["a legend line that is long".to_owned()];
        for (ascii, narrowest) in [(true, 1), (false, 2)] {
            let style = MapStyle {
                ascii,
                color: false,
            };
            for frame in film.frames() {
                for cols in narrowest..12 {
                    for rows in 1..12 {
                        let shown = compose(
                            board,
                            &frame,
                            style,
                            (frame.hero, None),
                            (cols, rows),
                            &extra,
                        );
                        assert!(shown.lines.len() <= rows, "{cols}x{rows}");
                        for line in &shown.lines {
                            let width: usize =
                                line.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
                            assert!(width <= cols, "{cols}x{rows}: {line:?}");
                        }
                        assert!(shown.window.rows >= 1 && shown.window.cols >= 1);
                    }
                }
            }
        }
    }

    #[test]
    fn clip_and_wrap() {
        assert_eq!(clip("abcdef", 4), "abcd");
        assert_eq!(clip("abc", 4), "abc");
        assert_eq!(
            wrap("the dragon sleeps here", 10),
            ["the dragon", "sleeps", "here"]
        );
        assert_eq!(wrap("abcdefghijkl xy", 5), ["abcde", "xy"]);
        assert_eq!(wrap("", 5), [""]);
    }
}
