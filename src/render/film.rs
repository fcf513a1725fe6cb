//! A solved line as a film: its frames, made one at a time on demand
//! (pure).
//!
//! A frame is the map plus a few moving marks: the hero, the dragon and
//! the hero's trail; with the rule variants, every dragon, the keys not yet
//! taken and the doors, closed or open (the [`Board`] keeps what each turn
//! leaves of them, [`Board::pieces`], and the status line counts the
//! dragons and the keys held). The board holds the map once, with the step
//! at which the hero first visited each cell, so that any frame of the line
//! (its [`Frame`]: positions, counters and sentences, no grid) can be drawn
//! ([`render::board`](super::board)) without storing a grid per frame.
//! [`Film`] gives the frames of a [`Solution`]: the start, then every turn
//! as two half-steps (the hero moves, then the dragon answers) so that the
//! chase is visible, and the result sentence on the last frame. Frame `i`
//! costs a distance search, whatever `i` is, so stepping back or seeking is
//! as cheap as going on.
//!
//! Nothing here touches a terminal or a file: the terminal driver, the
//! asciicast export ([`cast`](super::cast)) and the pictures draw these
//! frames.

use std::cell::RefCell;

use crate::board::{Board, Event, Frame, lower};
use crate::dragon::{OracleKind, Ruler};
use crate::error::{Error, Resource, bytes_apart, plural};
use crate::graph::{CellId, Direction, Graph, UNREACHABLE};
use crate::puzzle::{Locks, Pos, Puzzle};
use crate::render::text;
use crate::search::Options;
use crate::search::solution::{Ending, Move, Others, Outcome, Pieces, Solution};

/// Where the pieces stand in a frame, and how far the line has come
/// ([`Film::pieces`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Positions {
    /// Hero moves made so far.
    pub(crate) step: usize,
    /// Where the hero stands.
    pub(crate) hero: Pos,
    /// Where the dragon stands (the first one, with several).
    pub(crate) dragon: Pos,
    /// Whether the hero is caught (it has no safe move left).
    pub(crate) caught: bool,
    /// The other dragons, in row-major order (none in the official game).
    pub(crate) others: Others,
    /// The keys taken and the doors opened so far.
    pub(crate) locks: Locks,
}

impl Positions {
    /// Every dragon: the first, then the others.
    pub(crate) fn dragons(&self) -> impl Iterator<Item = Pos> + '_ {
        std::iter::once(self.dragon).chain(self.others.iter())
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
/// use dragon_escape::render::{film::Film, map::MapStyle};
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
    /// The doors' cells on `graph`, in the puzzle's order (bit `i` of
    /// [`Locks::opened`] is the `i`th); empty without doors.
    doors: Vec<CellId>,
    /// The graphs the distances are measured on, one per set of open doors
    /// met along the line, each `graph` with the doors still closed cut
    /// off ([`Graph::with_doors`]); empty without doors.
    door_graphs: RefCell<Vec<(u16, Graph)>>,
    no_path: bool,
    sentence: String,
    /// The distance between the pieces in each frame, once known: `None`
    /// not yet measured, `Some(None)` no path (the dragon sleeps).
    distances: RefCell<Vec<Option<Option<u32>>>>,
    ruler: RefCell<Ruler>,
}

impl Film {
    /// About how many bytes [`Film::new`] takes for `solution` on
    /// `puzzle`: a graph of its cells, the board's few bytes a tile (what
    /// lies there, a reach mark and the first visit), the line and its
    /// distances, and a ruler (a distance and a queue entry a
    /// cell) to measure them; with doors, their cells and a graph for each
    /// set of open doors the line passes through (at most one more than
    /// the doors: they only open).
    pub(crate) fn bytes_needed(puzzle: &Puzzle, solution: &Solution) -> usize {
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
                .saturating_add(puzzle.doors().len() * size_of::<CellId>())
        };
        Graph::bytes_needed(cells, tiles, width)
            .saturating_add(doors)
            .saturating_add(tiles.saturating_mul(Board::BYTES_PER_TILE))
            .saturating_add((solution.turns.len() + 1).saturating_mul(per_step))
            .saturating_add(cells.saturating_mul(size_of::<u32>() + size_of::<CellId>()))
    }

    /// Makes the film of `solution` on `puzzle` like [`Film::new`], but
    /// only if it fits in `max_memory` bytes: its graph, a few bytes a
    /// tile, the line, and a distance and a queue entry a cell to measure
    /// the distances.
    ///
    /// # Errors
    /// [`Error::TooLarge`] (resource [`Resource::Film`]) when the film
    /// would not fit, before anything is built.
    pub fn within(puzzle: &Puzzle, solution: &Solution, max_memory: usize) -> Result<Film, Error> {
        let needed = Film::bytes_needed(puzzle, solution);
        if needed > max_memory {
            let (needed, budget) = bytes_apart(needed, max_memory);
            return Err(Error::TooLarge {
                resource: Resource::Film,
                message: format!(
                    "the playback of this {}x{} map needs about {needed}, over the memory \
                     budget of {budget}",
                    puzzle.width(),
                    puzzle.height()
                ),
            });
        }
        Ok(Film::new(puzzle, solution))
    }

    /// The film of `solution` on `puzzle`: the map once and the line.
    ///
    /// This costs about as much as reading the map; each frame's distance
    /// between the pieces is measured when the frame is first asked for
    /// (a search that stops at the dragon), or for all frames at once by
    /// [`Film::measure_all`].
    pub fn new(puzzle: &Puzzle, solution: &Solution) -> Film {
        let graph = Graph::new(puzzle);
        let doors = puzzle
            .doors()
            .iter()
            .map(|&door| graph.cell_at(door).expect("a door stands on a free cell"))
            .collect();
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
        let stuck = solution.outcome
            == Outcome::Caught {
                line: Ending::Stuck,
            };
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
            doors,
            door_graphs: RefCell::default(),
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
        let measured = if self.doors.is_empty() {
            nearest(&self.graph, at.hero, at.dragons())
        } else {
            let opened = at.locks.opened;
            let mut graphs = self.door_graphs.borrow_mut();
            let index = match graphs.iter().position(|&(o, _)| o == opened) {
                Some(index) => index,
                None => {
                    graphs.push((opened, self.graph.with_doors(&self.doors, at.locks)));
                    graphs.len() - 1
                }
            };
            nearest(&graphs[index].1, at.hero, at.dragons())
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
    pub(crate) fn pieces(&self, i: usize) -> Positions {
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
        Outcome::Caught { .. } if solution.endless() => format!(
            "No escape, but the hero can run forever: after {} the chase repeats itself.",
            plural(n, "step")
        ),
        Outcome::Caught { .. } if stuck && n == 0 => {
            "The dragon catches the hero on every path: it has no safe first move.".into()
        }
        Outcome::Caught { .. } if stuck => format!(
            "The dragon catches the hero on every path; the longest chase lasts {}.",
            plural(n, "step")
        ),
        Outcome::Caught { .. } => text::summary(solution),
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

/// `dragon 4 steps away`, or the reason there is none.
fn distance_text(distance: Option<usize>) -> String {
    match distance {
        Some(d) => format!("dragon {} away", crate::error::plural(d, "step")),
        None => "the dragon cannot reach the hero".into(),
    }
}

#[cfg(test)]
mod tests;
