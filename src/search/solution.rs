//! What a solve returns: the outcome, the line of play and statistics.

use crate::dragon::OracleKind;
use crate::graph::Direction;
use crate::puzzle::Pos;
use crate::search::rules::Rules;

/// How the game ends when the hero plays its best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The hero reaches the exit in `steps` moves (guaranteed ones in
    /// adversarial mode).
    Escaped {
        /// The least number of hero moves.
        steps: usize,
    },
    /// The exit cannot be reached from the hero's start even without the dragon.
    NoPath,
    /// A path exists, but on every path the dragon catches the hero.
    Caught,
}

impl Outcome {
    /// The number of steps, if the hero escapes.
    pub fn steps(self) -> Option<usize> {
        match self {
            Outcome::Escaped { steps } => Some(steps),
            Outcome::NoPath | Outcome::Caught => None,
        }
    }

    /// The short name used in reports: `escaped`, `no_path`, `caught`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Escaped { .. } => "escaped",
            Outcome::NoPath => "no_path",
            Outcome::Caught => "caught",
        }
    }
}

/// How the line of play of a [`Solution`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The last turn puts the hero on the exit.
    Escaped,
    /// After the last turn the hero has no legal move: the dragon catches it.
    Stuck,
    /// The hero can run from the dragon forever but never reach the exit;
    /// the line stops where a position repeats.
    Endless,
    /// There is no line: the exit is out of reach even without the dragon.
    NoPath,
}

impl Ending {
    /// The short name used in reports: `escaped`, `stuck`, `endless`, `no_path`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Escaped => "escaped",
            Ending::Stuck => "stuck",
            Ending::Endless => "endless",
            Ending::NoPath => "no_path",
        }
    }
}

/// A hero's move: a step, or, when the rules allow waiting, a wait on its
/// cell. Moves come in the order up, left, down, right, wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A step onto the neighbouring cell in this direction.
    Step(Direction),
    /// The hero stays where it is (docs/RULES.md, "Waiting").
    Wait,
}

impl Move {
    /// The capitalised name, as in step lists: a direction's (`Up`,
    /// `Left`, `Down`, `Right`) or `Wait`.
    pub fn name(self) -> &'static str {
        match self {
            Move::Step(d) => d.name(),
            Move::Wait => "Wait",
        }
    }

    /// The step's direction; `None` for a wait.
    pub fn direction(self) -> Option<Direction> {
        match self {
            Move::Step(d) => Some(d),
            Move::Wait => None,
        }
    }

    /// The move from `from` to `to`: a wait when they are the same cell, a
    /// step when they are neighbours, else `None`.
    pub fn between(from: Pos, to: Pos) -> Option<Move> {
        if from == to {
            Some(Move::Wait)
        } else {
            Direction::between(from, to).map(Move::Step)
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Direction> for Move {
    fn from(d: Direction) -> Move {
        Move::Step(d)
    }
}

/// One full turn: the hero's move and where both stand afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The hero's move: a step, or a wait when the rules allow it.
    pub step: Move,
    /// The hero's cell after the move.
    pub hero: Pos,
    /// The dragon's cell after its reply (unchanged on the final, escaping
    /// move, and while it sleeps).
    pub dragon: Pos,
}

/// How a solve found its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// A search over (hero, dragon) positions.
    #[default]
    Search,
    /// The closed form for a loop-free map (a perfect maze), in linear time
    /// with no positions searched.
    LoopFree,
    /// The adversarial mode's depth-first proof search, which stores only
    /// the positions one strategy meets.
    Proof,
}

impl Method {
    /// The name used in reports: `search`, `loop-free` or `proof`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Search => "search",
            Method::LoopFree => "loop-free",
            Method::Proof => "proof",
        }
    }
}

/// Counters describing the work a solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// (hero, dragon) positions taken off the queue and expanded.
    pub states_expanded: u64,
    /// Distinct (hero, dragon) positions stored.
    pub states_stored: u64,
    /// Questions asked of the dragon oracle.
    pub dragon_queries: u64,
    /// Number of walkable cells in the map.
    pub cells: u64,
    /// How the answer was found.
    pub method: Method,
}

/// The answer to a puzzle under given rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solution {
    /// How the game ends.
    pub outcome: Outcome,
    /// The rules used.
    pub rules: Rules,
    /// The oracle used.
    pub oracle: OracleKind,
    /// The hero's start.
    pub hero: Pos,
    /// The dragon's start.
    pub dragon: Pos,
    /// The exit.
    pub exit: Pos,
    /// The line of play. On an escape, an optimal one (in adversarial mode,
    /// against the dragon's worst choices). When caught, the longest line the
    /// hero survives, ending where it has no legal move, or, when the hero
    /// can run forever, where a position repeats. Empty without a path.
    pub turns: Vec<Turn>,
    /// How [`turns`](Self::turns) ends.
    pub ending: Ending,
    /// Work counters.
    pub stats: Stats,
}

impl Solution {
    /// When caught: whether the hero can evade the dragon forever, though it
    /// can never reach the exit.
    pub fn endless(&self) -> bool {
        self.ending == Ending::Endless
    }

    /// The hero's moves, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.turns.iter().map(|t| t.step)
    }
}
