//! Playback frames: a line of play as a sequence of pictures (pure).
//!
//! [`frames`] turns a [`Solution`] into [`Frame`]s: the start, then every
//! turn as two half-steps (the hero moves, then the dragon answers) so that
//! the chase is visible, and the result sentence on the last frame.
//! [`Frame::lines`] draws one frame as text; [`legend`] and [`play_legend`]
//! are the key legends the terminal driver shows under it.
//!
//! Nothing here touches a terminal or a file: the terminal driver, the
//! asciicast export ([`cast`](super::cast)) and the play mode all draw these
//! frames, so a snapshot of [`Frame::lines`] is what a person sees.
//!
//! Emoji are two terminal columns wide (every symbol [`tile`](crate::tile)
//! draws is), ASCII symbols one; either way every cell of a row has the
//! same width, so the grid stays aligned.

use crate::error::plural;
use crate::graph::{Direction, Graph, UNREACHABLE};
use crate::puzzle::{Pos, Puzzle};
use crate::render::map::{MapStyle, Mark, RESET, draw};
use crate::render::text;

use crate::search::solution::{Ending, Outcome, Solution};

const BOLD: &str = "\x1b[1m";

/// What happened just before a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The starting position.
    Start,
    /// The hero has moved.
    Hero(Direction),
    /// The dragon has answered: its step, or `None` when it sleeps (it has
    /// no path to the hero).
    Dragon(Option<Direction>),
    /// The hero has no safe move left: the dragon catches it.
    Caught,
    /// A position in play mode (the status line says more).
    Play,
}

/// One picture of the game: the grid, a status line and perhaps a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Hero moves made so far.
    pub step: usize,
    /// Hero moves in the whole line (0 in play mode).
    pub total: usize,
    /// What just happened.
    pub event: Event,
    /// Where the hero stands.
    pub hero: Pos,
    /// Where the dragon stands.
    pub dragon: Pos,
    /// The length of a shortest path between hero and dragon through free
    /// cells, `None` when there is none (the dragon sleeps).
    pub distance: Option<usize>,
    /// The status line.
    pub status: String,
    /// A sentence under the status line: the result on the last frame of a
    /// playback, a refusal, hint or result in play mode.
    pub message: Option<String>,
    width: usize,
    height: usize,
    marks: Vec<Mark>,
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

impl Frame {
    /// Grid width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Grid height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// What the cell at `pos` shows (`Wall` outside the grid).
    pub fn mark(&self, pos: Pos) -> Mark {
        if pos.row < self.height && pos.col < self.width {
            self.marks[pos.row * self.width + pos.col]
        } else {
            Mark::Wall
        }
    }

    /// The whole grid.
    pub fn full(&self) -> Window {
        Window {
            top: 0,
            left: 0,
            rows: self.height,
            cols: self.width,
        }
    }

    /// At most `rows` x `cols` cells of the grid, centred on the hero as far
    /// as the edges allow.
    pub fn around_hero(&self, rows: usize, cols: usize) -> Window {
        let span = |len: usize, max: usize, at: usize| {
            let shown = max.clamp(1, len);
            let first = at.saturating_sub(shown / 2).min(len - shown);
            (first, shown)
        };
        let (top, rows) = span(self.height, rows, self.hero.row);
        let (left, cols) = span(self.width, cols, self.hero.col);
        Window {
            top,
            left,
            rows,
            cols,
        }
    }

    /// The frame as lines of text: the rows of `window`, the status line and
    /// the message, if any. With `style.color`, ASCII symbols and the
    /// message are coloured with ANSI codes; otherwise the lines hold none.
    pub fn lines(&self, style: MapStyle, window: Window) -> Vec<String> {
        let mut lines = Vec::with_capacity(window.rows + 2);
        for row in window.top..(window.top + window.rows).min(self.height) {
            let mut line = String::with_capacity(window.cols * 4);
            let cols = window.left..(window.left + window.cols).min(self.width);
            draw(&self.marks[row * self.width..][cols], style, &mut line);
            lines.push(line);
        }
        lines.push(self.status.clone());
        if let Some(message) = &self.message {
            lines.push(if style.color {
                format!("{BOLD}{message}{RESET}")
            } else {
                message.clone()
            });
        }
        lines
    }

    /// The frame as text, every line ended by `\n` (the whole grid).
    pub fn text(&self, style: MapStyle) -> String {
        let mut out = String::new();
        for line in self.lines(style, self.full()) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The widest line of [`Frame::lines`] over the whole grid, in terminal
    /// columns (status lines and messages are plain ASCII).
    pub fn columns(&self, ascii: bool) -> usize {
        let grid = self.width * if ascii { 1 } else { 2 };
        let text = self.message.as_ref().map_or(0, |m| m.chars().count());
        grid.max(self.status.chars().count()).max(text)
    }
}

/// The key legend of playback, as two lines: the state (playing at what
/// speed, paused, or at the end) and the keys.
pub fn legend(paused: bool, at_end: bool, frame_ms: u64) -> [String; 2] {
    let state = if at_end {
        "the end: [space] replay, [left] step back".to_owned()
    } else if paused {
        format!("paused ({frame_ms} ms a frame)")
    } else {
        format!("playing, {frame_ms} ms a frame")
    };
    let keys = "[space] pause/play  [right/.] step  [left] back  [+/-] speed  [q] quit";
    [state, keys.to_owned()]
}

/// The key legend of play mode.
pub fn play_legend() -> &'static str {
    "[arrows/WASD] move  [u] undo  [r] restart  [h] hint  [q] quit"
}

/// The frames of a playback of `solution` on `puzzle`.
///
/// The first frame is the start; then each turn gives a frame for the hero's
/// move and, unless that move escapes, one for the dragon's answer. A caught
/// line ends with a frame where the hero has no safe move. With no path, the
/// one frame marks every cell the hero could reach. The last frame carries
/// the result sentence.
///
/// ```
/// use dragon_escape::render::{frames::frames, map::MapStyle};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// let frames = frames(&puzzle, &solution);
/// assert_eq!(frames.len(), 4); // start, right, dragon, right (escaped)
/// let style = MapStyle { ascii: true, color: false };
/// assert_eq!(frames[3].text(style), "
/// **H.D.
/// step 2 of 2  hero: right  escaped!
/// The shortest path is 2 steps.
/// ".trim_start());
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn frames(puzzle: &Puzzle, solution: &Solution) -> Vec<Frame> {
    let graph = Graph::new(puzzle);
    let board = Board::new(puzzle, &graph);
    let total = solution.turns.len();
    if solution.outcome == Outcome::NoPath {
        let mut frame = board.frame(&[], solution.hero, solution.dragon, false);
        let hero = graph
            .cell_at(solution.hero)
            .expect("the hero stands on a free cell");
        let reach = graph.distances_from(hero);
        for (i, d) in reach.iter().enumerate() {
            let pos = graph.pos(crate::graph::CellId(i as u32));
            let at = pos.row * board.width + pos.col;
            if *d != UNREACHABLE && frame.marks[at] == Mark::Free {
                frame.marks[at] = Mark::Reach;
            }
        }
        frame.status = format!("step 0 of 0  {}", distance_text(frame.distance));
        frame.message = Some(
            "There is no path to the exit, even without the dragon: the marked cells are all \
             the hero can reach."
                .into(),
        );
        return vec![frame];
    }

    let mut frames = Vec::with_capacity(2 * total + 2);
    let (mut hero, mut dragon) = (solution.hero, solution.dragon);
    let mut trail = vec![hero];
    let start = board.frame(&[], hero, dragon, false);
    let status = format!(
        "step 0 of {total}  start  {}",
        distance_text(start.distance)
    );
    frames.push(Frame { status, ..start });
    for (i, turn) in solution.turns.iter().enumerate() {
        let step = i + 1;
        hero = turn.hero;
        let mut frame = board.frame(&trail[..], hero, dragon, false);
        let tail = if hero == solution.exit {
            "escaped!".to_owned()
        } else {
            distance_text(frame.distance)
        };
        frame.status = format!("step {step} of {total}  hero: {}  {tail}", lower(turn.step));
        frame.step = step;
        frame.total = total;
        frame.event = Event::Hero(turn.step);
        frames.push(frame);
        trail.push(hero);
        if hero == solution.exit {
            break;
        }
        let moved = Direction::between(dragon, turn.dragon);
        dragon = turn.dragon;
        let mut frame = board.frame(&trail[..trail.len() - 1], hero, dragon, false);
        let what = match moved {
            Some(d) => format!("dragon: {}", lower(d)),
            None => "dragon sleeps".to_owned(),
        };
        frame.status = format!(
            "step {step} of {total}  {what}  {}",
            distance_text(frame.distance)
        );
        frame.step = step;
        frame.total = total;
        frame.event = Event::Dragon(moved);
        frames.push(frame);
    }

    let stuck = solution.ending == Ending::Stuck;
    if stuck {
        let mut frame = board.frame(&trail[..trail.len() - 1], hero, dragon, true);
        frame.status = format!("step {total} of {total}  no safe move left  caught");
        frame.step = total;
        frame.total = total;
        frame.event = Event::Caught;
        frames.push(frame);
    }
    let last = frames.last_mut().expect("there is always a start frame");
    last.message = Some(result_sentence(solution, stuck));
    frames
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

/// `distance 4`, or the reason there is none.
fn distance_text(distance: Option<usize>) -> String {
    match distance {
        Some(d) => format!("distance {d}"),
        None => "the dragon cannot reach the hero".into(),
    }
}

/// A direction's name in lower case.
pub(crate) fn lower(d: Direction) -> &'static str {
    match d {
        Direction::Up => "up",
        Direction::Left => "left",
        Direction::Down => "down",
        Direction::Right => "right",
    }
}

/// The static part of every frame of one map, and the graph for distances.
pub(crate) struct Board<'g> {
    width: usize,
    height: usize,
    exit: Pos,
    base: Vec<Mark>,
    graph: &'g Graph,
}

impl<'g> Board<'g> {
    /// The map's walls, free cells and exit.
    pub(crate) fn new(puzzle: &Puzzle, graph: &'g Graph) -> Board<'g> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let base = (0..width * height)
            .map(|i| {
                let pos = Pos::new(i / width, i % width);
                if pos == puzzle.exit() {
                    Mark::Exit
                } else if puzzle.is_free(pos) {
                    Mark::Free
                } else {
                    Mark::Wall
                }
            })
            .collect();
        Board {
            width,
            height,
            exit: puzzle.exit(),
            base,
            graph,
        }
    }

    /// A frame with the hero's `trail`, the hero (or where it is caught) and
    /// the dragon; the step counters, event and status are left for the
    /// caller.
    pub(crate) fn frame(&self, trail: &[Pos], hero: Pos, dragon: Pos, caught: bool) -> Frame {
        let mut marks = self.base.clone();
        for p in trail {
            let at = p.row * self.width + p.col;
            if *p != self.exit {
                marks[at] = Mark::Trail;
            }
        }
        marks[hero.row * self.width + hero.col] = if caught { Mark::Caught } else { Mark::Hero };
        marks[dragon.row * self.width + dragon.col] = Mark::Dragon;
        Frame {
            step: 0,
            total: 0,
            event: Event::Start,
            hero,
            dragon,
            distance: self.distance(hero, dragon),
            status: String::new(),
            message: None,
            width: self.width,
            height: self.height,
            marks,
        }
    }

    /// The shortest-path distance between two free cells.
    pub(crate) fn distance(&self, a: Pos, b: Pos) -> Option<usize> {
        let (a, b) = (self.graph.cell_at(a)?, self.graph.cell_at(b)?);
        self.graph.distance(a, b).map(|d| d as usize)
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

    fn play(puzzle: &Puzzle, ties: Ties) -> Vec<Frame> {
        let options = Options {
            rules: Rules { ties },
            ..Options::default()
        };
        frames(puzzle, &solve(puzzle, &options).unwrap())
    }

    /// Every frame of a playback, as text, one after the other.
    fn film(frames: &[Frame], style: MapStyle) -> String {
        frames
            .iter()
            .enumerate()
            .map(|(i, f)| format!("--- frame {i}\n{}", f.text(style)))
            .collect()
    }

    #[test]
    fn official_1_half_steps() {
        let frames = play(&official_1(), Ties::default());
        // Start, 15 turns of two half-steps, the escaping move.
        assert_eq!(frames.len(), 1 + 2 * 15 + 1);
        insta::assert_snapshot!("official_1_start", frames[0].text(EMOJI));
        insta::assert_snapshot!("official_1_hero_half", frames[1].text(EMOJI));
        insta::assert_snapshot!("official_1_dragon_half", frames[2].text(EMOJI));
        insta::assert_snapshot!("official_1_end", frames.last().unwrap().text(EMOJI));
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
        insta::assert_snapshot!(film(&play(&puzzle, Ties::default()), ASCII));
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
        let frames = play(&puzzle, Ties::Adversarial);
        assert_eq!(frames.last().unwrap().step, 12);
        insta::assert_snapshot!(film(&frames, ASCII));
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
        let frames = play(&puzzle, Ties::default());
        assert_eq!(frames.len(), 1);
        insta::assert_snapshot!(frames[0].text(ASCII), @r"
        #######
        #H::#E#
        #:#:###
        #::D::#
        #######
        step 0 of 0  distance 4
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
        let frames = play(&puzzle, Ties::default());
        let last = frames.last().unwrap();
        // Whatever line the search returns, the film ends with a sentence and
        // never shows an escape.
        assert!(last.message.as_deref().unwrap().starts_with("The "));
        assert!(frames.iter().all(|f| f.mark(puzzle.exit()) != Mark::Hero));
        if last.event == Event::Caught {
            assert_eq!(last.mark(last.hero), Mark::Caught);
            assert!(last.status.ends_with("caught"));
        }
    }

    #[test]
    fn endless_chase_ends_where_it_repeats() {
        let puzzle: Puzzle = "#H...\n.#...\n.ED..\n##...".parse().unwrap();
        let frames = play(&puzzle, Ties::default());
        let last = frames.last().unwrap();
        assert_ne!(last.event, Event::Caught);
        insta::assert_snapshot!(last.text(ASCII), @r"
        #*DH.
        .#.*.
        .E...
        ##...
        step 4 of 4  dragon: up  distance 1
        No escape, but the hero can run forever: after 4 steps the chase repeats itself.
        ");
    }

    #[test]
    fn sleeping_dragon_is_said() {
        let puzzle: Puzzle = "H..E\n####\n#D##".parse().unwrap();
        let frames = play(&puzzle, Ties::default());
        insta::assert_snapshot!(film(&frames, ASCII), @r"
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
    fn colour_only_when_asked() {
        let frames = play(&official_1(), Ties::default());
        let plain = frames.last().unwrap().text(ASCII);
        assert!(!plain.contains('\x1b'));
        let colored = frames.last().unwrap().text(MapStyle {
            ascii: true,
            color: true,
        });
        assert!(colored.contains("\x1b[1;32mH\x1b[0m"));
        // Emoji carry their own colours: only the message is styled.
        let emoji = frames[0].text(MapStyle {
            ascii: false,
            color: true,
        });
        assert!(!emoji.contains('\x1b'));
    }

    #[test]
    fn window_follows_the_hero_within_the_edges() {
        let frames = play(&official_1(), Ties::default());
        let start = &frames[0];
        assert_eq!(
            start.around_hero(3, 3),
            Window {
                top: 0,
                left: 0,
                rows: 3,
                cols: 3
            }
        );
        let end = frames.last().unwrap();
        assert_eq!(
            end.around_hero(3, 3),
            Window {
                top: 6,
                left: 0,
                rows: 3,
                cols: 3
            }
        );
        assert_eq!(end.around_hero(100, 100), end.full());
        let mid = frames.iter().find(|f| f.hero == Pos::new(4, 5)).unwrap();
        assert_eq!(
            mid.around_hero(3, 4),
            Window {
                top: 3,
                left: 3,
                rows: 3,
                cols: 4
            }
        );
        assert_eq!(
            mid.lines(ASCII, mid.around_hero(3, 4))[..3],
            [".#*#", ".#H#", ".#.#"]
        );
    }

    #[test]
    fn grid_lines_have_equal_widths() {
        for f in play(&official_1(), Ties::default()) {
            let lines = f.lines(EMOJI, f.full());
            let widths: Vec<usize> = lines[..f.height()]
                .iter()
                .map(|l| l.chars().count())
                .collect();
            // One wide symbol per cell, no joiners or selectors.
            assert!(widths.iter().all(|&w| w == f.width()), "{widths:?}");
            assert_eq!(
                f.columns(false),
                f.width()
                    .max(f.status.len())
                    .max(2 * f.width())
                    .max(f.message.as_ref().map_or(0, |m| m.len()))
            );
        }
    }

    #[test]
    fn legends_fit_eighty_columns() {
        for paused in [false, true] {
            for end in [false, true] {
                for line in legend(paused, end, 300) {
                    assert!(line.len() <= 80, "{line}");
                }
            }
        }
        assert!(play_legend().len() <= 80);
    }
}
