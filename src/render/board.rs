//! Drawing a [`Board`]: what each cell shows in a [`Frame`], as marks
//! and as lines of text, whole or through a [`Window`] (pure).
//!
//! The board itself (the map, the trail and what each turn leaves of the
//! rule variants' pieces) is the game's data and lives in
//! [`board`](crate::board), where the play model records its turns without
//! knowing how they look; this module adds the methods that draw it
//! ([`Board::mark`], [`Board::grid`], [`Board::lines`], [`Board::text`]),
//! so every picture is drawn by the same code: the terminal driver, the
//! asciicast export ([`cast`](super::cast)), the GIF and the play mode, and
//! a snapshot of [`Board::lines`] is what a person sees. The frames of a
//! solved line come from [`Film`](super::film::Film).
//!
//! Emoji are two terminal columns wide (every symbol [`tile`](crate::tile)
//! draws is), ASCII symbols one; either way every cell of a row has the
//! same width, so the grid stays aligned.

use crate::board::{Board, Frame};
use crate::graph::Direction;
use crate::puzzle::Pos;
use crate::render::map::{MapStyle, Mark, RESET, draw};
use crate::search::solution::Pieces;
use crate::tile::Tile;

const BOLD: &str = "\x1b[1m";

/// The part of the grid a frame shows, in cells (for maps larger than the
/// terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// First row shown.
    pub top: usize,
    /// First column shown.
    pub left: usize,
    /// Rows shown.
    pub rows: usize,
    /// Columns shown.
    pub cols: usize,
}

impl Window {
    /// Whether `pos` is inside the window.
    pub(crate) fn contains(&self, pos: Pos) -> bool {
        (self.top..self.top + self.rows).contains(&pos.row)
            && (self.left..self.left + self.cols).contains(&pos.col)
    }

    /// The cell of the window nearest to `pos` (`pos` itself when inside).
    pub(crate) fn nearest(&self, pos: Pos) -> Pos {
        Pos::new(
            pos.row
                .clamp(self.top, self.top + self.rows.saturating_sub(1)),
            pos.col
                .clamp(self.left, self.left + self.cols.saturating_sub(1)),
        )
    }
}

impl Board {
    /// What the cell at `pos` shows in `frame` (`Wall` outside the grid).
    pub fn mark(&self, frame: &Frame, pos: Pos) -> Mark {
        if self.has_pieces() {
            return self.mark_with(frame, self.pieces(frame), pos);
        }
        match self.ground(pos) {
            Some(ground) => self.official_mark(frame, pos, ground),
            None => Mark::Wall,
        }
    }

    /// What the cell at `pos` shows in `frame` with the other dragons, keys
    /// and doors of `pieces` (for a caller that has them from
    /// [`Film::pieces`](super::film::Film::pieces)).
    pub(crate) fn mark_with(&self, frame: &Frame, pieces: Pieces, pos: Pos) -> Mark {
        let Some(ground) = self.ground(pos) else {
            return Mark::Wall;
        };
        if pieces.others.iter().any(|p| p == pos) && pos != frame.hero {
            return Mark::Dragon;
        }
        let under = pos == frame.dragon || pos == frame.hero;
        match ground {
            Tile::Key if !under && self.key_taken(pos, pieces.locks) => {
                self.trail_or(frame, pos, Mark::Free)
            }
            Tile::Door if !under && self.door_open(pos, pieces.locks) => Mark::OpenDoor,
            _ => self.official_mark(frame, pos, ground),
        }
    }

    /// What the cell at `pos`, with `ground` under the pieces, shows in the
    /// official game (a key or a door as it lies at the start).
    fn official_mark(&self, frame: &Frame, pos: Pos, ground: Tile) -> Mark {
        if pos == frame.dragon {
            Mark::Dragon
        } else if pos == frame.hero {
            if frame.caught {
                Mark::Caught
            } else {
                Mark::Hero
            }
        } else {
            match ground {
                Tile::Free if self.reached(pos) => Mark::Reach,
                Tile::Free | Tile::Hero | Tile::Dragon => self.trail_or(frame, pos, Mark::Free),
                Tile::Wall => Mark::Wall,
                Tile::Exit => Mark::Exit,
                Tile::Key => Mark::Key,
                Tile::Door => Mark::Door,
            }
        }
    }

    /// A trail where the hero stood before `frame`'s step, else `other`.
    fn trail_or(&self, frame: &Frame, pos: Pos, other: Mark) -> Mark {
        if self.trodden(pos, frame.step) {
            Mark::Trail
        } else {
            other
        }
    }

    /// The whole grid.
    pub fn full(&self) -> Window {
        Window {
            top: 0,
            left: 0,
            rows: self.height(),
            cols: self.width(),
        }
    }

    /// At most `rows` x `cols` cells of the grid, centred on `at` as far as
    /// the edges allow.
    pub fn around(&self, at: Pos, rows: usize, cols: usize) -> Window {
        let span = |len: usize, max: usize, at: usize| {
            let shown = max.clamp(1, len.max(1));
            let first = at.saturating_sub(shown / 2).min(len.saturating_sub(shown));
            (first, shown)
        };
        let (top, rows) = span(self.height(), rows, at.row);
        let (left, cols) = span(self.width(), cols, at.col);
        Window {
            top,
            left,
            rows,
            cols,
        }
    }

    /// What marks the dragons and the exit on the edge of `window` when
    /// they are outside it: the edge cell nearest to each, with the way to
    /// it (the dragons first; never over the hero).
    pub(crate) fn edge_marks(&self, frame: &Frame, window: Window) -> Vec<(Pos, Mark)> {
        let mut marks: Vec<(Pos, Mark)> = Vec::new();
        let others = self.pieces(frame).others;
        let pieces = std::iter::once((Tile::Dragon, frame.dragon))
            .chain(others.iter().map(|pos| (Tile::Dragon, pos)))
            .chain([(Tile::Exit, self.exit())]);
        for (tile, pos) in pieces {
            if window.contains(pos) || window.rows == 0 || window.cols == 0 {
                continue;
            }
            let near = window.nearest(pos);
            let (down, right) = (
                pos.row as isize - near.row as isize,
                pos.col as isize - near.col as isize,
            );
            let toward = if down.abs() >= right.abs() {
                if down < 0 {
                    Direction::Up
                } else {
                    Direction::Down
                }
            } else if right < 0 {
                Direction::Left
            } else {
                Direction::Right
            };
            if near != frame.hero && marks.iter().all(|&(p, _)| p != near) {
                marks.push((near, Mark::Away(tile, toward)));
            }
        }
        marks
    }

    /// The rows of `window` in `frame`, as text, with the edge marks of a
    /// dragon or exit outside it. With `style.color`, ASCII symbols and
    /// edge marks are coloured with ANSI codes; otherwise the lines hold
    /// none.
    pub fn grid(&self, frame: &Frame, style: MapStyle, window: Window) -> Vec<String> {
        let bottom = (window.top + window.rows).min(self.height());
        let right = (window.left + window.cols).min(self.width());
        let edges = self.edge_marks(frame, window);
        let mut marks = Vec::with_capacity(right.saturating_sub(window.left));
        (window.top..bottom)
            .map(|row| {
                marks.clear();
                marks.extend((window.left..right).map(|col| {
                    let pos = Pos::new(row, col);
                    edges
                        .iter()
                        .find(|&&(at, _)| at == pos)
                        .map_or_else(|| self.mark(frame, pos), |&(_, mark)| mark)
                }));
                let mut line = String::with_capacity(marks.len() * 4);
                draw(&marks, style, &mut line);
                line
            })
            .collect()
    }

    /// `frame` as lines of text: the rows of `window`, the status line and
    /// the message, if any (bold with `style.color`).
    pub fn lines(&self, frame: &Frame, style: MapStyle, window: Window) -> Vec<String> {
        let mut lines = self.grid(frame, style, window);
        lines.push(frame.status.clone());
        if let Some(message) = &frame.message {
            lines.push(if style.color {
                format!("{BOLD}{message}{RESET}")
            } else {
                message.clone()
            });
        }
        lines
    }

    /// `frame` as text, every line ended by `\n` (the whole grid).
    pub fn text(&self, frame: &Frame, style: MapStyle) -> String {
        let mut out = String::new();
        for line in self.lines(frame, style, self.full()) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The width of the grid in terminal columns.
    pub(crate) fn columns(&self, ascii: bool) -> usize {
        self.width() * if ascii { 1 } else { 2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Event;
    use crate::render::film::Film;
    use crate::render::fixture::{ASCII, EMOJI, official_1, play};
    use crate::search::rules::Ties;

    #[test]
    fn colour_only_when_asked() {
        let film = play(&official_1(), Ties::default());
        let last = film.frame(film.len() - 1);
        let plain = film.board().text(&last, ASCII);
        assert!(!plain.contains('\x1b'));
        let colored = film.board().text(
            &last,
            MapStyle {
                ascii: true,
                color: true,
            },
        );
        assert!(colored.contains("\x1b[1;32mH\x1b[0m"));
        // Emoji carry their own colours: only the message is styled.
        let emoji = film.board().text(
            &film.frame(0),
            MapStyle {
                ascii: false,
                color: true,
            },
        );
        assert!(!emoji.contains('\x1b'));
    }

    #[test]
    fn window_follows_the_hero_within_the_edges() {
        let film = play(&official_1(), Ties::default());
        let board = film.board();
        let start = film.frame(0);
        assert_eq!(
            board.around(start.hero, 3, 3),
            Window {
                top: 0,
                left: 0,
                rows: 3,
                cols: 3
            }
        );
        let end = film.frame(film.len() - 1);
        assert_eq!(
            board.around(end.hero, 3, 3),
            Window {
                top: 6,
                left: 0,
                rows: 3,
                cols: 3
            }
        );
        assert_eq!(board.around(end.hero, 100, 100), board.full());
        let mid = film.frames().find(|f| f.hero == Pos::new(4, 5)).unwrap();
        let window = board.around(mid.hero, 3, 4);
        assert_eq!(
            window,
            Window {
                top: 3,
                left: 3,
                rows: 3,
                cols: 4
            }
        );
        assert_eq!(board.grid(&mid, ASCII, window), [".#d#", ".#H#", "e#.#"]);
        // The dragon (up, on the trail) and the exit (down and left) are
        // out of sight: each is marked on the nearest edge cell.
        assert_eq!(
            board.edge_marks(&mid, window),
            [
                (Pos::new(3, 5), Mark::Away(Tile::Dragon, Direction::Up)),
                (Pos::new(5, 3), Mark::Away(Tile::Exit, Direction::Down)),
            ]
        );
        let emoji = board.grid(&mid, EMOJI, window);
        assert_eq!(emoji[0].chars().skip(2).collect::<String>(), "D^🟫");
        assert_eq!(emoji[2].chars().take(2).collect::<String>(), "Ev");
        // Never over the hero; nothing when the whole map is shown.
        let corner = Window {
            top: 4,
            left: 5,
            rows: 1,
            cols: 1,
        };
        assert_eq!(board.edge_marks(&mid, corner), []);
        assert_eq!(board.edge_marks(&mid, board.full()), []);
        assert!(window.contains(mid.hero) && !window.contains(Pos::new(0, 0)));
        assert_eq!(window.nearest(Pos::new(0, 0)), Pos::new(3, 3));
        assert_eq!(window.nearest(Pos::new(8, 5)), Pos::new(5, 5));
    }

    #[test]
    fn a_game_in_play_records_its_pieces_move_by_move() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let mut board = Board::new(&puzzle);
        let mut frame = Film::new(&puzzle, &solution).frame(0);
        frame.event = Event::Play;
        board.set_pieces(0, solution.pieces_after(0));
        assert_eq!(board.mark(&frame, Pos::new(2, 6)), Mark::Dragon);
        for step in 1..=3 {
            board.set_pieces(step, solution.pieces_after(step));
        }
        frame.step = 3;
        frame.hero = Pos::new(0, 3);
        assert_eq!(board.mark(&frame, Pos::new(0, 2)), Mark::Free);
        assert_eq!(board.mark(&frame, Pos::new(2, 6)), Mark::Free);
        assert_eq!(board.mark(&frame, Pos::new(2, 4)), Mark::Dragon);
        // Back to step 1: the key lies there again.
        board.set_pieces(1, solution.pieces_after(1));
        frame.step = 1;
        frame.hero = Pos::new(0, 1);
        assert_eq!(board.mark(&frame, Pos::new(0, 2)), Mark::Key);
        assert_eq!(board.mark(&frame, Pos::new(0, 3)), Mark::Door);
    }

    #[test]
    fn grid_lines_have_equal_widths() {
        let film = play(&official_1(), Ties::default());
        let board = film.board();
        for f in film.frames() {
            let lines = board.grid(&f, EMOJI, board.full());
            let widths: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
            // One wide symbol per cell, no joiners or selectors.
            assert_eq!(lines.len(), board.height());
            assert!(widths.iter().all(|&w| w == board.width()), "{widths:?}");
        }
        assert_eq!(board.columns(false), 2 * board.width());
        assert_eq!(board.columns(true), board.width());
    }

    #[test]
    fn variant_pieces_are_marked_on_the_edge_and_in_emoji() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        // Off screen, every dragon is marked on the edge.
        let start = film.frame(0);
        let window = Window {
            top: 0,
            left: 1,
            rows: 2,
            cols: 5,
        };
        assert_eq!(
            film.board().edge_marks(&start, window),
            [
                (Pos::new(1, 1), Mark::Away(Tile::Dragon, Direction::Down)),
                (Pos::new(1, 5), Mark::Away(Tile::Dragon, Direction::Down)),
                (Pos::new(0, 5), Mark::Away(Tile::Exit, Direction::Right)),
            ]
        );
        let emoji = film.board().text(&start, EMOJI);
        assert!(emoji.starts_with("🏃🟩🔑🚪🟩🟩❎\n"), "{emoji}");
        assert!(film.board().text(&film.frame(7), EMOJI).contains("🔓"));
    }
}
