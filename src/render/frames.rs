//! Playback frames: a line of play as a sequence of pictures, built on
//! demand (pure).
//!
//! A picture is the map plus a few moving marks: the hero, the dragon and
//! the hero's trail; with the rule variants, every dragon, the keys not yet
//! taken and the doors, closed or open (the board keeps what each turn
//! leaves of them, [`Board::pieces`], and the status line counts the
//! dragons and the keys held). A [`Board`] (the game's data, in
//! [`board`](crate::board)) holds the map once, with the step at which
//! the hero first visited each cell, so that any frame of the line (its
//! [`Frame`]: positions, counters and sentences, no grid) can be drawn
//! without storing a grid per frame; this module adds the drawing. [`Film`]
//! gives the frames of a [`Solution`]: the start, then every turn as two
//! half-steps (the hero moves, then the dragon answers) so that the chase
//! is visible, and the result sentence on the last frame. Frame `i` costs a
//! distance search, whatever `i` is, so stepping back or seeking is as
//! cheap as going on.
//!
//! Nothing here touches a terminal or a file: the terminal driver, the
//! asciicast export ([`cast`](super::cast)) and the play mode all draw these
//! frames, so a snapshot of [`Board::lines`] is what a person sees.
//!
//! Emoji are two terminal columns wide (every symbol [`tile`](crate::tile)
//! draws is), ASCII symbols one; either way every cell of a row has the
//! same width, so the grid stays aligned.

use std::cell::RefCell;

use crate::board::{Board, Event, Frame, lower};
use crate::dragon::{OracleKind, Ruler};
use crate::error::Error;
use crate::error::plural;
use crate::graph::{CellId, Direction, Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
use crate::render::map::{MapStyle, Mark, RESET, draw};
use crate::render::text;
use crate::tile::Tile;

use crate::puzzle::Locks;
use crate::search::Options;
use crate::search::solution::{Ending, Move, Others, Outcome, Pieces, Solution};

const BOLD: &str = "\x1b[1m";

/// Where the pieces stand in a frame, and how far the line has come
/// ([`Film::pieces`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Positions {
    /// Hero moves made so far.
    pub step: usize,
    /// Where the hero stands.
    pub hero: Pos,
    /// Where the dragon stands (the first one, with several).
    pub dragon: Pos,
    /// Whether the hero is caught (it has no safe move left).
    pub caught: bool,
    /// The other dragons, in row-major order (none in the official game).
    pub others: Others,
    /// The keys taken and the doors opened so far.
    pub locks: Locks,
}

impl Positions {
    /// Every dragon: the first, then the others.
    pub fn dragons(&self) -> impl Iterator<Item = Pos> + '_ {
        std::iter::once(self.dragon).chain(self.others.iter())
    }
}

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
    pub fn contains(&self, pos: Pos) -> bool {
        (self.top..self.top + self.rows).contains(&pos.row)
            && (self.left..self.left + self.cols).contains(&pos.col)
    }

    /// The cell of the window nearest to `pos` (`pos` itself when inside).
    pub fn nearest(&self, pos: Pos) -> Pos {
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
    /// [`Film::pieces`]).
    pub fn mark_with(&self, frame: &Frame, pieces: Pieces, pos: Pos) -> Mark {
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
    pub fn edge_marks(&self, frame: &Frame, window: Window) -> Vec<(Pos, Mark)> {
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
    pub fn columns(&self, ascii: bool) -> usize {
        self.width() * if ascii { 1 } else { 2 }
    }
}

/// The frames of a playback of one solution, made one at a time on demand.
///
/// The first frame is the start; then each turn gives a frame for the hero's
/// move and, unless that move escapes, one for the dragon's answer. A caught
/// line ends with a frame where the hero has no safe move. With no path, the
/// one frame marks every cell the hero could reach. The last frame carries
/// the result sentence.
///
/// ```
/// use dragon_escape::render::{frames::Film, map::MapStyle};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let film = Film::new(&puzzle, &solution);
/// assert_eq!(film.len(), 4); // start, right, dragon, right (escaped)
/// let style = MapStyle { ascii: true, color: false };
/// assert_eq!(film.board().text(&film.frame(3), style), "
/// **H.D.
/// step 2 of 2  hero: right  escaped!
/// The shortest path is 2 steps.
/// ".trim_start());
/// # Ok::<(), dragon_escape::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Film {
    board: Board,
    graph: Graph,
    /// (hero, dragon) at the start and after each turn, up to the escape.
    line: Vec<(Pos, Pos)>,
    exit: Pos,
    /// The line ends with the hero out of safe moves.
    stuck: bool,
    /// What the status line counts besides the official game's: the
    /// dragons (when the map has several), the keys held (when it has
    /// keys) and the dragon's speed (when above 1).
    counts: Counts,
    /// The graphs the distances are measured on, one per set of open doors
    /// met along the line (closed doors are walls); empty without doors.
    door_graphs: RefCell<Vec<(u16, Graph)>>,
    puzzle_doors: Option<Puzzle>,
    no_path: bool,
    sentence: String,
    /// The distance between the pieces in each frame, once known: `None`
    /// not yet measured, `Some(None)` no path (the dragon sleeps).
    distances: RefCell<Vec<Option<Option<u32>>>>,
    ruler: RefCell<Ruler>,
}

impl Film {
    /// About how many bytes [`Film::new`] takes for `solution` on
    /// `puzzle`: a graph of its cells, a mark and a visit per tile, the
    /// line and its distances, and a ruler (a distance and a queue entry a
    /// cell) to measure them; with doors, a copy of the map and a graph
    /// for each set of open doors the line passes through (at most one
    /// more than the doors).
    pub fn bytes_needed(puzzle: &Puzzle, solution: &Solution) -> usize {
        let (width, tiles) = (puzzle.width(), puzzle.walls().len());
        let cells = puzzle.walls().iter().filter(|&&wall| !wall).count();
        let per_step = size_of::<(Pos, Pos)>()
            + size_of::<Option<Option<u32>>>()
            + if solution.pieces.is_empty() {
                0
            } else {
                size_of::<Pieces>()
            };
        let doors = if puzzle.doors().is_empty() {
            0
        } else {
            (puzzle.doors().len() + 1)
                .saturating_mul(Graph::bytes_needed(cells, tiles, width))
                .saturating_add(tiles.saturating_mul(2 * size_of::<bool>()))
        };
        Graph::bytes_needed(cells, tiles, width)
            .saturating_add(doors)
            .saturating_add(tiles.saturating_mul(Board::BYTES_PER_TILE))
            .saturating_add((solution.turns.len() + 1).saturating_mul(per_step))
            .saturating_add(cells.saturating_mul(size_of::<u32>() + size_of::<CellId>()))
    }

    /// The film of `solution` on `puzzle`: the map once and the line.
    ///
    /// This costs about as much as reading the map; each frame's distance
    /// between the pieces is measured when the frame is first asked for
    /// (a search that stops at the dragon), or for all frames at once by
    /// [`Film::measure_all`].
    pub fn new(puzzle: &Puzzle, solution: &Solution) -> Film {
        let graph = Graph::new(puzzle);
        let mut board = Board::new(puzzle);
        let no_path = solution.outcome == Outcome::NoPath;
        let mut line = vec![(solution.hero, solution.dragon)];
        if no_path {
            board.mark_reach(&graph, solution.hero);
        } else {
            for turn in &solution.turns {
                line.push((turn.hero, turn.dragon));
                if turn.hero == solution.exit {
                    break;
                }
            }
        }
        for (step, &(hero, _)) in line.iter().enumerate() {
            board.visit(hero, step);
        }
        if puzzle.has_variant_pieces() {
            for step in 0..line.len() {
                board.set_pieces(step, solution.pieces_after(step));
            }
        }
        let stuck = solution.ending == Ending::Stuck;
        let mut film = Film {
            board,
            graph,
            line,
            exit: solution.exit,
            stuck,
            counts: Counts {
                dragons: puzzle.dragons().len() > 1,
                keys: !puzzle.keys().is_empty(),
                speed: solution.rules.speed.steps(),
            },
            door_graphs: RefCell::default(),
            puzzle_doors: (!puzzle.doors().is_empty()).then(|| puzzle.clone()),
            no_path,
            sentence: result_sentence(solution, stuck),
            distances: RefCell::default(),
            ruler: RefCell::default(),
        };
        film.distances = RefCell::new(vec![None; film.len()]);
        film
    }

    /// The distance between the pieces in frame `i`, measured now if it
    /// was not yet.
    fn distance(&self, i: usize, hero: Pos, dragon: Pos) -> Option<u32> {
        if let Some(known) = self.distances.borrow().get(i).copied().flatten() {
            return known;
        }
        let measured = self
            .ruler
            .borrow_mut()
            .measure(&self.graph, hero, dragon)
            .and_then(|d| u32::try_from(d).ok());
        let mut distances = self.distances.borrow_mut();
        if measured.is_none() {
            // Neither piece ever leaves its part of the map: the dragon
            // sleeps all game.
            distances.fill(Some(None));
        } else if let Some(slot) = distances.get_mut(i) {
            *slot = Some(measured);
        }
        measured
    }

    /// The distance from the hero to the nearest dragon in frame `i` of a
    /// film with the rule variants' pieces, through free cells and open
    /// doors, measured now if it was not yet.
    fn variant_distance(&self, i: usize) -> Option<u32> {
        if let Some(known) = self.distances.borrow().get(i).copied().flatten() {
            return known;
        }
        let at = self.pieces(i);
        let measured = match &self.puzzle_doors {
            None => nearest(&self.graph, at.hero, at.dragons()),
            Some(puzzle) => {
                let opened = at.locks.opened;
                let mut graphs = self.door_graphs.borrow_mut();
                let index = match graphs.iter().position(|&(o, _)| o == opened) {
                    Some(index) => index,
                    None => {
                        graphs.push((opened, doors_closed(puzzle, at.locks)));
                        graphs.len() - 1
                    }
                };
                nearest(&graphs[index].1, at.hero, at.dragons())
            }
        };
        if let Some(slot) = self.distances.borrow_mut().get_mut(i) {
            *slot = Some(measured);
        }
        measured
    }

    /// Measures the distance between the pieces in every frame at once, for
    /// a recording: a search at the start, then one question to the
    /// dragon's oracle per half-step (on the grid, every step changes the
    /// distance by exactly one; the oracle says which way).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the oracle does not fit its share of
    /// `options.max_memory`.
    pub fn measure_all(&self, options: &Options) -> Result<(), Error> {
        if self.board.records_pieces() {
            for i in 0..self.len() {
                self.variant_distance(i);
            }
            return Ok(());
        }
        let (hero, dragon) = self.line[0];
        let Some(mut d) = self.distance(0, hero, dragon) else {
            return Ok(());
        };
        let graph = &self.graph;
        let mut oracle = OracleKind::Bfs.build(graph, options.oracle_budget())?;
        // Whether a piece stepping from `from` to `to` came one closer to
        // `other` (else it went one farther: the grid has no odd cycles).
        let mut closer = |from: Pos, to: Pos, other: Pos| -> bool {
            let (Some(a), Some(b), Some(dir)) = (
                graph.cell_at(from),
                graph.cell_at(other),
                Direction::between(from, to),
            ) else {
                return false;
            };
            a != b
                && oracle
                    .shortest_steps(a, b)
                    .is_some_and(|steps| steps.contains(dir))
        };
        let mut distances = self.distances.borrow_mut();
        for i in 1..distances.len() {
            let step = i.div_ceil(2);
            // Past the last turn is the caught frame: nobody moved.
            if step <= self.total() {
                let (hero_before, dragon_before) = self.line[step - 1];
                let (hero, dragon) = self.line[step];
                let (from, to, other) = if i % 2 == 1 {
                    (hero_before, hero, dragon_before)
                } else {
                    (dragon_before, dragon, hero)
                };
                if from != to {
                    d = if closer(from, to, other) {
                        d.saturating_sub(1)
                    } else {
                        d + 1
                    };
                }
            }
            distances[i] = Some(Some(d));
        }
        Ok(())
    }

    /// The map, which draws the frames.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Hero moves in the line.
    pub fn total(&self) -> usize {
        self.line.len() - 1
    }

    fn escapes(&self) -> bool {
        self.line.last().is_some_and(|&(hero, _)| hero == self.exit) && self.total() > 0
    }

    /// How many frames there are (at least one).
    pub fn len(&self) -> usize {
        if self.no_path {
            return 1;
        }
        1 + 2 * self.total() - usize::from(self.escapes()) + usize::from(self.stuck)
    }

    /// Always `false`: a film has at least its start frame.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Frame `i` (the last one for `i` past the end).
    pub fn frame(&self, i: usize) -> Frame {
        let last = self.len() - 1;
        let i = i.min(last);
        let total = self.total();
        let mut frame = if self.no_path {
            let (hero, dragon) = self.line[0];
            let mut frame = self.picture(0, 0, hero, dragon, Event::Start);
            frame.status = format!("step 0 of 0  {}", distance_text(frame.distance));
            frame.message = Some(
                "There is no path to the exit, even without the dragon: the marked cells are \
                 all the hero can reach."
                    .into(),
            );
            self.count(&mut frame);
            return frame;
        } else if i == 0 {
            let (hero, dragon) = self.line[0];
            let mut frame = self.picture(0, 0, hero, dragon, Event::Start);
            frame.status = format!(
                "step 0 of {total}  start  {}",
                distance_text(frame.distance)
            );
            frame
        } else if i > 2 * total {
            // The hero is out of safe moves.
            let (hero, dragon) = self.line[total];
            let mut frame = self.picture(i, total, hero, dragon, Event::Caught);
            frame.caught = true;
            frame.status = format!("step {total} of {total}  no safe move left  caught");
            frame
        } else {
            let step = i.div_ceil(2);
            let (hero, dragon_after) = self.line[step];
            let dragon_before = self.line[step - 1].1;
            if i % 2 == 1 {
                let moved = Move::between(self.line[step - 1].0, hero);
                let event = moved.map_or(Event::Start, Event::Hero);
                let mut frame = self.picture(i, step, hero, dragon_before, event);
                let tail = if hero == self.exit {
                    "escaped!".to_owned()
                } else {
                    distance_text(frame.distance)
                };
                let what = moved.map_or("", lower);
                frame.status = format!("step {step} of {total}  hero: {what}  {tail}");
                frame
            } else {
                let moved = Direction::between(dragon_before, dragon_after);
                let mut frame = self.picture(i, step, hero, dragon_after, Event::Dragon(moved));
                let what = if self.counts.dragons {
                    let before = self.board.pieces_at(step, true).others;
                    let after = self.board.pieces_at(step, false).others;
                    if moved.is_some() || !before.iter().eq(after.iter()) {
                        "dragons move".to_owned()
                    } else {
                        "dragons sleep".to_owned()
                    }
                } else {
                    match moved {
                        Some(d) => format!("dragon: {}", lower(d)),
                        None => "dragon sleeps".to_owned(),
                    }
                };
                frame.status = format!(
                    "step {step} of {total}  {what}  {}",
                    distance_text(frame.distance)
                );
                frame
            }
        };
        self.count(&mut frame);
        if i == last {
            frame.message = Some(self.sentence.clone());
        }
        frame
    }

    /// Puts the counts of the rule variants (dragons, keys held, the
    /// dragon's speed) after the status line's step counter.
    fn count(&self, frame: &mut Frame) {
        let counts = self.counts.text(self.board.pieces(frame));
        if !counts.is_empty() {
            let at = format!("step {} of {}", frame.step, self.total()).len();
            frame.status.insert_str(at.min(frame.status.len()), &counts);
        }
    }

    /// Where the pieces stand in frame `i` (the last one for `i` past the
    /// end), without measuring anything: for pictures that need only the
    /// positions, such as the animations.
    pub fn pieces(&self, i: usize) -> Positions {
        let last = self.len() - 1;
        let i = i.min(last);
        let total = self.total();
        let (step, hero, dragon, caught, hero_half) = if self.no_path || i == 0 {
            let (hero, dragon) = self.line[0];
            (0, hero, dragon, self.stuck && i == last, false)
        } else if i > 2 * total {
            let (hero, dragon) = self.line[total];
            (total, hero, dragon, true, false)
        } else {
            let step = i.div_ceil(2);
            let hero = self.line[step].0;
            let dragon = if i % 2 == 1 {
                self.line[step - 1].1
            } else {
                self.line[step].1
            };
            (step, hero, dragon, false, i % 2 == 1)
        };
        let Pieces { others, locks } = self.board.pieces_at(step, hero_half);
        Positions {
            step,
            hero,
            dragon,
            caught,
            others,
            locks,
        }
    }

    /// Every frame, in order.
    pub fn frames(&self) -> impl Iterator<Item = Frame> + '_ {
        (0..self.len()).map(|i| self.frame(i))
    }

    /// Frame `i`, at `step`, with both pieces and the distance between them;
    /// the status is left for the caller.
    fn picture(&self, i: usize, step: usize, hero: Pos, dragon: Pos, event: Event) -> Frame {
        Frame {
            step,
            total: self.total(),
            event,
            hero,
            dragon,
            caught: false,
            distance: if !self.board.records_pieces() {
                self.distance(i, hero, dragon)
            } else {
                self.variant_distance(i)
            }
            .map(|d| d as usize),
            status: String::new(),
            message: None,
        }
    }
}

/// The sentence that ends a playback; `stuck` when the line ends with the
/// hero out of safe moves.
pub(crate) fn result_sentence(solution: &Solution, stuck: bool) -> String {
    let n = solution.turns.len();
    match solution.outcome {
        Outcome::Escaped { .. } | Outcome::NoPath => text::summary(solution),
        Outcome::Caught if solution.endless() => format!(
            "No escape, but the hero can run forever: after {} the chase repeats itself.",
            plural(n, "step")
        ),
        Outcome::Caught if stuck && n == 0 => {
            "The dragon catches the hero on every path: it has no safe first move.".into()
        }
        Outcome::Caught if stuck => format!(
            "The dragon catches the hero on every path; the longest chase lasts {}.",
            plural(n, "step")
        ),
        Outcome::Caught => text::summary(solution),
    }
}

/// What the status line counts besides the official game's.
#[derive(Clone, Copy, Debug)]
struct Counts {
    /// The map has several dragons.
    dragons: bool,
    /// The map has keys.
    keys: bool,
    /// The dragon's speed.
    speed: u32,
}

impl Counts {
    /// `  dragons 2  keys 1  dragon speed 2`, each only where it applies;
    /// empty in the official game.
    fn text(self, pieces: Pieces) -> String {
        let mut text = String::new();
        if self.dragons {
            text.push_str(&format!("  dragons {}", 1 + pieces.others.len()));
        }
        if self.keys {
            text.push_str(&format!("  keys {}", pieces.locks.held()));
        }
        if self.speed > 1 {
            text.push_str(&format!("  dragon speed {}", self.speed));
        }
        text
    }
}

/// The length of a shortest path from `from` to the nearest of `targets`
/// on `graph`, `None` when none can be reached.
fn nearest(graph: &Graph, from: Pos, targets: impl Iterator<Item = Pos>) -> Option<u32> {
    let start = graph.cell_at(from)?;
    let goals: Vec<CellId> = targets.filter_map(|p| graph.cell_at(p)).collect();
    if goals.is_empty() {
        return None;
    }
    let mut dist = vec![UNREACHABLE; graph.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    dist[start.index()] = 0;
    while let Some(cell) = queue.pop_front() {
        let d = dist[cell.index()];
        if goals.contains(&cell) {
            return Some(d);
        }
        for (_, next) in graph.neighbors(cell) {
            if dist[next.index()] == UNREACHABLE {
                dist[next.index()] = d + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

/// The graph of `puzzle` with its closed doors (those `locks` leaves
/// closed) as walls.
fn doors_closed(puzzle: &Puzzle, locks: Locks) -> Graph {
    let mut walls = puzzle.walls().to_vec();
    for (i, door) in puzzle.doors().iter().enumerate() {
        if !locks.is_open(i) {
            walls[door.row * puzzle.width() + door.col] = true;
        }
    }
    match Puzzle::new(
        puzzle.width(),
        puzzle.height(),
        walls,
        puzzle.hero(),
        puzzle.dragon(),
        puzzle.exit(),
    ) {
        Ok(closed) => Graph::new(&closed),
        Err(_) => Graph::new(puzzle),
    }
}

/// `dragon 4 steps away`, or the reason there is none.
fn distance_text(distance: Option<usize>) -> String {
    match distance {
        Some(d) => format!("dragon {} away", crate::error::plural(d, "step")),
        None => "the dragon cannot reach the hero".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Options, rules::Rules, rules::Ties, solve};

    const ASCII: MapStyle = MapStyle {
        ascii: true,
        color: false,
    };
    const EMOJI: MapStyle = MapStyle {
        ascii: false,
        color: false,
    };

    fn official_1() -> Puzzle {
        "\
🟫🏃🟫🟫🟫🟫🟫
🟫🟩🟩🟩🟩🟩🟫
🟫🟩🟫🟫🟫🟩🟫
🟫🟩🟩🟩🟫🟩🟫
🟫🐉🟫🟩🟫🟩🟫
🟫🟩🟩🟩🟫🟩🟫
🟫🟩🟫🟫🟫🟩🟫
🟫🟩🟩🟩🟩🟩🟫
🟫❎🟫🟫🟫🟫🟫"
            .parse()
            .unwrap()
    }

    fn play(puzzle: &Puzzle, ties: Ties) -> Film {
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
    fn reel(film: &Film, style: MapStyle) -> String {
        film.frames()
            .enumerate()
            .map(|(i, f)| format!("--- frame {i}\n{}", film.board().text(&f, style)))
            .collect()
    }

    #[test]
    fn official_1_half_steps() {
        let film = play(&official_1(), Ties::default());
        // Start, 15 turns of two half-steps, the escaping move.
        assert_eq!(film.len(), 1 + 2 * 15 + 1);
        let text = |i: usize| film.board().text(&film.frame(i), EMOJI);
        insta::assert_snapshot!("official_1_start", text(0));
        insta::assert_snapshot!("official_1_hero_half", text(1));
        insta::assert_snapshot!("official_1_dragon_half", text(2));
        insta::assert_snapshot!("official_1_end", text(film.len() - 1));
    }

    #[test]
    fn backstep_film_in_ascii() {
        let puzzle: Puzzle = "\
######
#H..##
#.#.##
#..D.E
######"
            .parse()
            .unwrap();
        insta::assert_snapshot!(reel(&play(&puzzle, Ties::default()), ASCII));
    }

    #[test]
    fn adversarial_film_of_the_tie_dependent_map() {
        let puzzle: Puzzle = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/tie-dependent.txt"
        ))
        .unwrap()
        .parse()
        .unwrap();
        let film = play(&puzzle, Ties::Adversarial);
        assert_eq!(film.frame(film.len() - 1).step, 12);
        insta::assert_snapshot!(reel(&film, ASCII));
    }

    #[test]
    fn no_path_marks_what_the_hero_can_reach() {
        let puzzle: Puzzle = "\
#######
#H..#E#
#.#.###
#..D..#
#######"
            .parse()
            .unwrap();
        let film = play(&puzzle, Ties::default());
        assert_eq!(film.len(), 1);
        insta::assert_snapshot!(film.board().text(&film.frame(0), ASCII), @r"
        #######
        #H::#E#
        #:#:###
        #::D::#
        #######
        step 0 of 0  dragon 4 steps away
        There is no path to the exit, even without the dragon: the marked cells are all the hero can reach.
        ");
    }

    #[test]
    fn caught_with_a_guarded_corridor() {
        let puzzle: Puzzle = "\
#######
#H...E#
###.###
###D###
#######"
            .parse()
            .unwrap();
        let film = play(&puzzle, Ties::default());
        let board = film.board();
        let last = film.frame(film.len() - 1);
        // Whatever line the search returns, the film ends with a sentence and
        // never shows an escape.
        assert!(last.message.as_deref().unwrap().starts_with("The "));
        assert!(
            film.frames()
                .all(|f| board.mark(&f, puzzle.exit()) != Mark::Hero)
        );
        for (i, f) in film.frames().enumerate() {
            let p = film.pieces(i);
            assert_eq!(
                (p.step, p.hero, p.dragon, p.caught),
                (f.step, f.hero, f.dragon, f.caught)
            );
        }
        if last.event == Event::Caught {
            assert_eq!(board.mark(&last, last.hero), Mark::Caught);
            assert!(last.status.ends_with("caught"));
        }
    }

    #[test]
    fn endless_chase_ends_where_it_repeats() {
        let puzzle: Puzzle = "#H...\n.#...\n.ED..\n##...".parse().unwrap();
        let film = play(&puzzle, Ties::default());
        let last = film.frame(film.len() - 1);
        assert_ne!(last.event, Event::Caught);
        insta::assert_snapshot!(film.board().text(&last, ASCII), @r"
        #*DH.
        .#.*.
        .E...
        ##...
        step 4 of 4  dragon: up  dragon 1 step away
        No escape, but the hero can run forever: after 4 steps the chase repeats itself.
        ");
    }

    #[test]
    fn sleeping_dragon_is_said() {
        let puzzle: Puzzle = "H..E\n####\n#D##".parse().unwrap();
        let film = play(&puzzle, Ties::default());
        insta::assert_snapshot!(reel(&film, ASCII), @r"
        --- frame 0
        H..E
        ####
        #D##
        step 0 of 3  start  the dragon cannot reach the hero
        --- frame 1
        *H.E
        ####
        #D##
        step 1 of 3  hero: right  the dragon cannot reach the hero
        --- frame 2
        *H.E
        ####
        #D##
        step 1 of 3  dragon sleeps  the dragon cannot reach the hero
        --- frame 3
        **HE
        ####
        #D##
        step 2 of 3  hero: right  the dragon cannot reach the hero
        --- frame 4
        **HE
        ####
        #D##
        step 2 of 3  dragon sleeps  the dragon cannot reach the hero
        --- frame 5
        ***H
        ####
        #D##
        step 3 of 3  hero: right  escaped!
        The shortest path is 3 steps.
        ");
    }

    #[test]
    fn frames_on_demand_match_in_any_order() {
        // Frame i is the same picture whether the frames are made forwards,
        // backwards or by jumping about.
        let film = play(&official_1(), Ties::default());
        let forwards: Vec<String> = film
            .frames()
            .map(|f| film.board().text(&f, ASCII))
            .collect();
        for i in (0..film.len()).rev().chain([7, 0, 31, 3]) {
            assert_eq!(
                film.board().text(&film.frame(i), ASCII),
                forwards[i],
                "frame {i}"
            );
        }
        for (i, f) in film.frames().enumerate() {
            let p = film.pieces(i);
            assert_eq!(
                (p.step, p.hero, p.dragon, p.caught),
                (f.step, f.hero, f.dragon, f.caught)
            );
        }
        // Past the end is the last frame.
        assert_eq!(film.frame(usize::MAX), film.frame(film.len() - 1));
        // The distances follow the oracle step by step; a search from
        // scratch in every frame agrees, on every map of these tests.
        let maps = [
            std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/examples/mazes/tie-dependent.txt"
            ))
            .unwrap(),
            "#######\n#H...E#\n###.###\n###D###\n#######".into(),
            "#H...\n.#...\n.ED..\n##...".into(),
            "H..E\n####\n#D##".into(),
            "H....D.E".into(),
        ];
        for map in maps {
            let puzzle: Puzzle = map.parse().unwrap();
            let graph = Graph::new(&puzzle);
            for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
                let film = play(&puzzle, ties);
                let one_by_one: Vec<Frame> = film.frames().collect();
                let film = play(&puzzle, ties);
                film.measure_all(&Options::default()).unwrap();
                let all_at_once: Vec<Frame> = film.frames().collect();
                assert_eq!(one_by_one, all_at_once, "{map}");
                for f in all_at_once {
                    assert_eq!(
                        f.distance,
                        Ruler::default().measure(&graph, f.hero, f.dragon),
                        "{map}\n{}",
                        f.status
                    );
                }
            }
        }
        // The trail of each frame is where the hero stood before its
        // step, less the cells the pieces and the exit stand on.
        let puzzle = official_1();
        let solution = solve(&puzzle, &Options::default()).unwrap();
        let stood: Vec<Pos> = std::iter::once(solution.hero)
            .chain(solution.turns.iter().map(|t| t.hero))
            .collect();
        let board = film.board();
        for f in film.frames() {
            let trail: std::collections::BTreeSet<Pos> = (0..board.height())
                .flat_map(|r| (0..board.width()).map(move |c| Pos::new(r, c)))
                .filter(|&p| board.mark(&f, p) == Mark::Trail)
                .collect();
            let expected = stood[..f.step]
                .iter()
                .copied()
                .filter(|&p| p != f.hero && p != f.dragon && p != puzzle.exit())
                .collect();
            assert_eq!(trail, expected, "{}", f.status);
        }
    }

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
    fn variant_film_draws_every_dragon_the_key_and_the_door() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        assert_eq!(film.len(), 12);
        insta::assert_snapshot!(reel(&film, ASCII), @r"
        --- frame 0
        H.k+..E
        #.###.#
        D.....D
        step 0 of 6  dragons 2  keys 0  start  dragon 4 steps away
        --- frame 1
        *Hk+..E
        #.###.#
        D.....D
        step 1 of 6  dragons 2  keys 0  hero: right  dragon 3 steps away
        --- frame 2
        *Hk+..E
        #.###.#
        .D...D.
        step 1 of 6  dragons 2  keys 0  dragons move  dragon 2 steps away
        --- frame 3
        **H+..E
        #.###.#
        .D...D.
        step 2 of 6  dragons 2  keys 1  hero: right  dragon 3 steps away
        --- frame 4
        **H+..E
        #.###.#
        .D...D.
        step 2 of 6  dragons 2  keys 1  dragons sleep  dragon 3 steps away
        --- frame 5
        ***H..E
        #.###.#
        .D...D.
        step 3 of 6  dragons 2  keys 0  hero: right  dragon 4 steps away
        --- frame 6
        ***H..E
        #.###.#
        ..D.D..
        step 3 of 6  dragons 2  keys 0  dragons move  dragon 5 steps away
        --- frame 7
        ***/H.E
        #.###.#
        ..D.D..
        step 4 of 6  dragons 2  keys 0  hero: right  dragon 4 steps away
        --- frame 8
        ***/H.E
        #.###.#
        ..D.D..
        step 4 of 6  dragons 2  keys 0  dragons sleep  dragon 4 steps away
        --- frame 9
        ***/*HE
        #.###.#
        ..D.D..
        step 5 of 6  dragons 2  keys 0  hero: right  dragon 3 steps away
        --- frame 10
        ***/*HE
        #.###.#
        ...D...
        step 5 of 6  dragons 1  keys 0  dragons move  dragon 4 steps away
        --- frame 11
        ***/**H
        #.###.#
        ...D...
        step 6 of 6  dragons 1  keys 0  hero: right  escaped!
        The shortest path is 6 steps.
        ");
        // Frames on demand, measured one by one or all at once, agree.
        let one_by_one: Vec<Frame> = film.frames().collect();
        let film = Film::new(&puzzle, &solution);
        film.measure_all(&Options::default()).unwrap();
        assert_eq!(one_by_one, film.frames().collect::<Vec<_>>());
        for (i, f) in one_by_one.iter().enumerate() {
            let p = film.pieces(i);
            assert_eq!((p.step, p.hero, p.dragon), (f.step, f.hero, f.dragon));
            assert_eq!(
                Pieces {
                    others: p.others,
                    locks: p.locks
                },
                film.board().pieces(f)
            );
        }
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
}
