//! Play mode: a person moves the hero and the dragon answers by the rules
//! (pure; the terminal driver lives in `playback`).
//!
//! [`Play`] holds the line played so far. [`Play::apply`] takes a
//! [`Command`]: a move is either refused with a short [`Refusal`] or played,
//! and the dragon answers by [`Solver::dragon_reply`], the same rule the
//! solver's lines follow. `u` undoes a turn, `r` restarts, and a [`Hint`] is
//! the solver's next move from the current position. Both stay within the
//! game's `max_memory`.
//!
//! With the map's table ([`Play::build_table`], `coach.rs`), a hint is a
//! look-up and every move is judged: a move worse than the best is a
//! [`Mistake`], said after the move and counted in the result. Without
//! one (several dragons, keys or doors, or a table too large to build at
//! start), hints take a solve each and [`Play::note`] says why.
//!
//! The line played so far is recorded on a [`Board`] and the position
//! described as a [`Frame`], the game's data in [`board`](crate::board):
//! the game imports nothing from [`render`](crate::render), which draws
//! them (only the tests draw, to check what a person sees).
//!
//! ```
//! use dragon_escape::play::{Command, Play, State};
//! use dragon_escape::{solve, Direction, Options, Puzzle};
//! let puzzle: Puzzle = "H.E..D".parse()?;
//! let optimum = solve(&puzzle, &Options::default())?.outcome;
//! let mut play = Play::new(puzzle, Options::default(), optimum)?;
//! assert!(play.apply(Command::Move(Direction::Up)).is_err()); // off the map
//! play.apply(Command::Move(Direction::Right)).unwrap();
//! assert_eq!(play.dragon().col, 4);
//! play.apply(Command::Move(Direction::Right)).unwrap();
//! assert_eq!(play.state(), State::Escaped);
//! # Ok::<(), dragon_escape::Error>(())
//! ```

use std::cell::RefCell;
use std::fmt;

use crate::board::{Board, Event, Frame, lower};
use crate::dragon::OracleKind;
use crate::dragon::Ruler;
use crate::error::{Error, plural};
use crate::graph::Direction;
use crate::puzzle::{Pos, Puzzle};
use crate::search::rules::Rules;
use crate::search::solution::{Move, Others, Outcome, Pieces};
use crate::search::{IllegalMove, Options, Position, Progress, Solver};

mod coach;

use coach::Coach;
pub use coach::{Loss, Mistake, NoTable, TABLE_LIMIT, judge};

/// What the person asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Move the hero one cell.
    Move(Direction),
    /// Let the hero wait a turn on its cell (with waiting on:
    /// docs/RULES.md, "Waiting").
    Wait,
    /// Take back the last turn.
    Undo,
    /// Go back to the start.
    Restart,
    /// Ask the solver for the next move.
    Hint,
    /// Stop playing.
    Quit,
}

impl From<Move> for Command {
    /// A hero's move as the command that makes it.
    fn from(m: Move) -> Command {
        match m {
            Move::Step(d) => Command::Move(d),
            Move::Wait => Command::Wait,
        }
    }
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// The hero is on its way.
    Playing,
    /// The hero stands on the exit.
    Escaped,
    /// The hero has no safe move left: the dragon catches it.
    Caught,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The game is over; undo or restart first.
    Over,
    /// A wall, or the edge of the map.
    Wall,
    /// The dragon stands there.
    Dragon,
    /// The cell is next to the dragon: it would catch the hero.
    NextToDragon,
    /// A faster dragon would reach the cell in its move.
    InReach,
    /// A wait, and the rules do not allow waiting.
    NoWaiting,
    /// A closed door, and the hero holds no key.
    LockedDoor,
    /// Working out the dragon's answer needs more memory than the game's
    /// budget allows.
    OverBudget,
}

impl From<IllegalMove> for Refusal {
    fn from(illegal: IllegalMove) -> Refusal {
        match illegal {
            IllegalMove::Wall => Refusal::Wall,
            IllegalMove::Dragon => Refusal::Dragon,
            IllegalMove::NextToDragon => Refusal::NextToDragon,
            IllegalMove::InReach => Refusal::InReach,
            IllegalMove::NoWaiting => Refusal::NoWaiting,
            IllegalMove::LockedDoor => Refusal::LockedDoor,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Over => "the game is over: [u] undo, [r] restart or [q] quit",
            Refusal::Wall => "a wall blocks the way",
            Refusal::Dragon => "the dragon is there",
            Refusal::NextToDragon => "too close: the dragon would catch you there",
            Refusal::InReach => "too close: the dragon would reach you there in its move",
            Refusal::NoWaiting => "no waiting: these rules make the hero step (see --wait)",
            Refusal::LockedDoor => "the door is locked: find a key first",
            Refusal::OverBudget => {
                "the dragon's answer needs more memory than the budget allows (see --max-memory)"
            }
        })
    }
}

/// The solver's advice from the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    /// The first move of a shortest (guaranteed, in adversarial mode) escape.
    Escape {
        /// The move.
        step: Move,
        /// Hero moves left to the exit, this one included.
        steps: usize,
    },
    /// There is no escape any more; this move survives longest.
    Survive {
        /// The move.
        step: Move,
        /// How many moves the hero survives, this one included.
        moves: usize,
    },
    /// There is no escape any more, but this move keeps the hero running
    /// from the dragon forever.
    Run {
        /// The move.
        step: Move,
    },
    /// There is no escape any more, and no line to suggest.
    NoEscape,
    /// The solver needs more memory than the game's budget allows.
    OverBudget,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hint::Escape { step, steps } => {
                write!(
                    f,
                    "hint: {} (the exit in {})",
                    lower(step),
                    plural(steps, "step")
                )
            }
            Hint::Run { step } => write!(
                f,
                "hint: no escape from here, but {} keeps you running forever",
                lower(step)
            ),
            Hint::Survive { step, moves } => write!(
                f,
                "hint: no escape from here; {} survives longest ({})",
                lower(step),
                plural(moves, "move")
            ),
            Hint::NoEscape => f.write_str("hint: no escape from here"),
            Hint::OverBudget => f.write_str(
                "hint: none, the search needs more memory than the budget allows (see --max-memory)",
            ),
        }
    }
}

/// What a command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Done {
    /// The hero moved; the dragon took this step (`None`: it sleeps, or the
    /// hero escaped before it could move).
    Moved {
        /// The dragon's answer.
        dragon: Option<Direction>,
        /// What the move cost, if it was a mistake (judged only with the
        /// map's table: [`Play::build_table`]).
        mistake: Option<Mistake>,
    },
    /// The last turn was taken back (`false`: there was none).
    Undone(bool),
    /// Back at the start.
    Restarted,
    /// The solver's advice, or `None` when the game is over.
    Hinted(Option<Hint>),
    /// The person wants to stop.
    Quit,
}

/// The interactive game: the map, the rules and the line played so far.
#[derive(Clone, Debug)]
pub struct Play {
    puzzle: Puzzle,
    solver: Solver,
    options: Options,
    optimum: Outcome,
    /// The positions played, the start first.
    line: Vec<Position>,
    /// The map, with the cells of the line visited.
    board: Board,
    /// Measures the distance between the pieces for the status line,
    /// keeping its memory from one move to the next.
    ruler: RefCell<Ruler>,
    /// The map's table, for hints and judging moves.
    coach: Option<Coach>,
    /// Why there is no table, when one was asked for.
    note: Option<NoTable>,
    /// What each move of the line cost, beside it (the start's is `None`).
    mistakes: Vec<Option<Mistake>>,
}

impl Play {
    /// A new game on `puzzle` under `options.rules`; `optimum` is the answer
    /// from the start (as [`solve`](crate::solve) gives it), reported at the end.
    ///
    /// The dragon's answers and the hints use the breadth-first oracle,
    /// which gives the same answers as any other, and stay within
    /// `options.max_memory`.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the oracle does not fit its share of
    /// `options.max_memory`. Every map plays, several dragons, keys and
    /// doors included: the game keeps one list of whole positions.
    pub fn new(puzzle: Puzzle, options: Options, optimum: Outcome) -> Result<Play, Error> {
        let solver = Solver::new(&puzzle);
        let options = Options {
            oracle: OracleKind::Bfs,
            ..options
        };
        // The hints' solves need the oracle's share of the budget.
        solver.oracle_budget(&options)?;
        let start = solver.start_position();
        let mut board = Board::new(&puzzle);
        board.visit(puzzle.hero(), 0);
        if solver.has_variant_pieces() {
            board.set_pieces(0, pieces_of(&solver, &start));
        }
        Ok(Play {
            puzzle,
            solver,
            options,
            optimum,
            line: vec![start],
            board,
            ruler: RefCell::default(),
            coach: None,
            note: None,
            mistakes: vec![None],
        })
    }

    /// Builds the map's table, watched by `progress` (which may stop it),
    /// for instant hints and judged moves; when the map has several
    /// dragons, keys or doors, or its table needs more than [`TABLE_LIMIT`]
    /// to build or more than the budget, the game goes on without it and
    /// the reason is kept ([`Play::note`]). The moves made so far are
    /// judged at once.
    ///
    /// # Errors
    /// Why there is no table.
    pub fn build_table(&mut self, progress: &Progress) -> Result<(), NoTable> {
        match Coach::build(&self.solver, &self.options, progress) {
            Ok(coach) => {
                self.note = None;
                let graph = self.solver.graph();
                self.mistakes = std::iter::once(None)
                    .chain(self.line.windows(2).map(|w| {
                        let (from, to) = (&w[0], &w[1]);
                        let (hero, dragon) =
                            (graph.pos(from.hero), graph.pos(from.dragons.first()));
                        let step = Direction::between(hero, graph.pos(to.hero))
                            .map_or(Move::Wait, Move::Step);
                        judge(&coach.moves(hero, dragon), step)
                    }))
                    .collect();
                self.coach = Some(coach);
                Ok(())
            }
            Err(why) => {
                self.note = Some(why.clone());
                Err(why)
            }
        }
    }

    /// Why the game has no table, when [`Play::build_table`] found none.
    pub fn note(&self) -> Option<&NoTable> {
        self.note.as_ref()
    }

    /// The map's table, once [`Play::build_table`] has built it.
    pub fn table(&self) -> Option<&crate::Table> {
        self.coach.as_ref().map(Coach::table)
    }

    /// The mistakes of the line played so far, in order (judged only with
    /// the map's table).
    pub fn mistakes(&self) -> impl Iterator<Item = Mistake> + '_ {
        self.mistakes.iter().flatten().copied()
    }

    /// The map.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Where the hero stands.
    pub fn hero(&self) -> Pos {
        self.position().0
    }

    /// Where the dragon stands.
    pub fn dragon(&self) -> Pos {
        self.position().1
    }

    /// The rules the game follows.
    pub fn rules(&self) -> Rules {
        self.options.rules
    }

    /// Hero moves made so far.
    pub fn moves(&self) -> usize {
        self.line.len() - 1
    }

    /// The answer from the start.
    pub fn optimum(&self) -> Outcome {
        self.optimum
    }

    /// How the game stands.
    pub fn state(&self) -> State {
        let hero = self.hero();
        let stuck = self.solver.stuck_at(self.last(), self.options.rules);
        if hero == self.puzzle.exit() {
            State::Escaped
        } else if stuck {
            State::Caught
        } else {
            State::Playing
        }
    }

    /// Carries out `command`.
    ///
    /// # Errors
    /// The reason a move is refused; nothing changes then.
    pub fn apply(&mut self, command: Command) -> Result<Done, Refusal> {
        match command {
            Command::Move(d) => self.step(Move::Step(d)),
            Command::Wait => self.step(Move::Wait),
            Command::Undo => {
                let undone = self.line.len() > 1;
                if undone {
                    self.pop();
                }
                Ok(Done::Undone(undone))
            }
            Command::Restart => {
                while self.line.len() > 1 {
                    self.pop();
                }
                Ok(Done::Restarted)
            }
            Command::Hint => Ok(Done::Hinted(self.hint())),
            Command::Quit => Ok(Done::Quit),
        }
    }

    /// Moves the hero by `d` (or lets it wait) and lets the dragon answer.
    fn step(&mut self, d: Move) -> Result<Done, Refusal> {
        if self.state() != State::Playing {
            return Err(Refusal::Over);
        }
        let at = *self.last();
        let (to, locks) = self.solver.step_at(&at, d, self.options.rules)?;
        let mistake = self.coach.as_ref().and_then(|coach| {
            let (hero, dragon) = self.position();
            judge(&coach.moves(hero, dragon), d)
        });
        let next = self
            .solver
            .reply_at(&at, to, locks, &self.options, self.ruler.get_mut())
            .map_err(|_| Refusal::OverBudget)?;
        let graph = self.solver.graph();
        let (before, after) = (
            graph.pos(at.dragons.first()),
            graph.pos(next.dragons.first()),
        );
        self.board.visit(graph.pos(to), self.line.len());
        if self.solver.has_variant_pieces() {
            self.board
                .set_pieces(self.line.len(), pieces_of(&self.solver, &next));
        }
        self.line.push(next);
        self.mistakes.push(mistake);
        Ok(Done::Moved {
            dragon: Direction::between(before, after),
            mistake,
        })
    }

    /// The solver's advice from the current position, `None` once the game
    /// is over.
    pub fn hint(&self) -> Option<Hint> {
        if self.state() != State::Playing {
            return None;
        }
        if let Some(coach) = &self.coach {
            let (hero, dragon) = self.position();
            return Some(coach::hint(&coach.moves(hero, dragon)));
        }
        let solved = self
            .solver
            .solve_at(self.last(), &self.options, &Progress::default());
        let Ok(solution) = solved else {
            return Some(Hint::OverBudget);
        };
        let Some(first) = solution.turns.first() else {
            return Some(Hint::NoEscape);
        };
        Some(match solution.outcome {
            Outcome::Escaped { steps } => Hint::Escape {
                step: first.step,
                steps,
            },
            Outcome::Caught { .. } | Outcome::NoPath if solution.endless() => {
                Hint::Run { step: first.step }
            }
            Outcome::Caught { .. } | Outcome::NoPath => Hint::Survive {
                step: first.step,
                moves: solution.turns.len(),
            },
        })
    }

    /// Takes back the last turn of the line (not the start).
    fn pop(&mut self) {
        if self.line.len() > 1 {
            let hero = self.hero();
            self.line.pop();
            self.mistakes.pop();
            self.board.forget(hero, self.line.len());
            if self.solver.has_variant_pieces() {
                let last = pieces_of(&self.solver, self.last());
                self.board.set_pieces(self.line.len() - 1, last);
            }
        }
    }

    /// The map with the trail of the line played so far; it draws
    /// [`Play::frame`].
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position as a frame: both pieces, a status line and `message`
    /// (or, when the game is over, the result); [`Play::board`] draws it.
    pub fn frame(&self, message: Option<String>) -> Frame {
        let state = self.state();
        let (hero, dragon) = self.position();
        let mut frame = Frame {
            step: self.moves(),
            total: 0,
            event: Event::Play,
            hero,
            dragon,
            caught: state == State::Caught,
            distance: self
                .solver
                .distance_at(self.last(), &mut self.ruler.borrow_mut()),
            status: String::new(),
            message: None,
        };
        let several = self.last().dragons.live().count() > 1;
        let distance = match frame.distance {
            Some(d) if several => format!("nearest dragon {} away", plural(d, "step")),
            Some(d) => format!("dragon {} away", plural(d, "step")),
            None if several => "no dragon can reach you".into(),
            None => "the dragon cannot reach you".into(),
        };
        let mut pieces = String::new();
        if several {
            let dragons = self.last().dragons.live().count();
            pieces.push_str(&format!("  dragons {dragons}"));
        }
        if !self.puzzle.keys().is_empty() {
            pieces.push_str(&format!("  keys {}", self.last().locks.held()));
        }
        let optimum = match self.optimum {
            Outcome::Escaped { steps } => format!("optimum {}", plural(steps, "step")),
            Outcome::Caught { .. } | Outcome::NoPath => "optimum: no escape".into(),
        };
        let speed = self.options.rules.speed;
        let speed = if speed.is_one() {
            String::new()
        } else {
            format!("  dragon speed {speed}")
        };
        let mistakes = match self.mistakes().count() {
            0 => String::new(),
            n => format!("  mistakes {n}"),
        };
        frame.status = format!(
            "moves {}  {distance}  {optimum}{pieces}{speed}{mistakes}",
            self.moves()
        );
        frame.message = message.or_else(|| self.result());
        frame
    }

    /// The sentence for a finished game, `None` while playing.
    pub fn result(&self) -> Option<String> {
        let moves = plural(self.moves(), "step");
        let best = self.state() == State::Escaped
            && matches!(self.optimum, Outcome::Escaped { steps } if steps == self.moves());
        let mut optimum = match self.optimum {
            Outcome::Escaped { .. } if best => " That is the optimum!".into(),
            Outcome::Escaped { steps } => format!(" The optimum is {}.", plural(steps, "step")),
            Outcome::Caught { .. } | Outcome::NoPath => " There was no escape.".into(),
        };
        let mistakes: Vec<Mistake> = self.mistakes().collect();
        // The optimum reached without a mistake needs no more words.
        if self.coach.is_some() && !(best && mistakes.is_empty()) {
            optimum.push(' ');
            optimum.push_str(&coach::summary(&mistakes));
        }
        match self.state() {
            State::Playing => None,
            State::Escaped => Some(format!("You escaped in {moves}.{optimum}")),
            State::Caught => Some(format!("Caught after {moves}: no safe move left.{optimum}")),
        }
    }

    /// The position now.
    fn last(&self) -> &Position {
        self.line.last().expect("the line holds the start")
    }

    fn position(&self) -> (Pos, Pos) {
        let graph = self.solver.graph();
        let at = self.last();
        (graph.pos(at.hero), graph.pos(at.dragons.first()))
    }
}

/// The other dragons, keys taken and doors opened of a position, for the
/// board.
fn pieces_of(solver: &Solver, at: &Position) -> Pieces {
    let others = at.dragons.sorted().into_iter().skip(1);
    Pieces {
        others: Others::new(others.map(|d| solver.graph().pos(d))),
        locks: at.locks,
    }
}

#[cfg(test)]
mod tests;
