//! What a solve returns: the outcome, the line of play and statistics.

use crate::dragon::OracleKind;
use crate::graph::Direction;
use crate::puzzle::{Locks, MAX_DRAGONS, Pos};
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
    /// A path exists, but on every path the dragon catches the hero; `line`
    /// says how the line the hero survives ([`Solution::turns`]) ends.
    Caught {
        /// How the line of play ends.
        line: Ending,
    },
}

impl Outcome {
    /// The number of steps, if the hero escapes.
    pub fn steps(self) -> Option<usize> {
        match self {
            Outcome::Escaped { steps } => Some(steps),
            Outcome::NoPath | Outcome::Caught { .. } => None,
        }
    }

    /// Whether the dragon catches the hero on every path.
    pub fn is_caught(self) -> bool {
        matches!(self, Outcome::Caught { .. })
    }

    /// The short name used in reports: `escaped`, `no_path`, `caught`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Escaped { .. } => "escaped",
            Outcome::NoPath => "no_path",
            Outcome::Caught { .. } => "caught",
        }
    }

    /// How the line of play ends, as reports name it: `escaped`,
    /// `no_path`, or for a caught hero [`Ending::name`].
    pub fn ending_name(self) -> &'static str {
        match self {
            Outcome::Escaped { .. } | Outcome::NoPath => self.name(),
            Outcome::Caught { line } => line.name(),
        }
    }
}

/// How the line a caught hero survives ends ([`Outcome::Caught`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// After the last turn the hero has no legal move: the dragon catches it.
    Stuck,
    /// The hero can run from the dragon forever but never reach the exit;
    /// the line stops where a position repeats.
    Endless,
    /// The line was not worked out
    /// ([`Options::caught_line`](crate::Options::caught_line) off): there
    /// are no turns. `endless` says whether that line would be endless.
    Skipped {
        /// Whether the hero can evade the dragon forever.
        endless: bool,
    },
}

impl Ending {
    /// The short name used in reports: `stuck`, `endless`, `skipped`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Stuck => "stuck",
            Ending::Endless => "endless",
            Ending::Skipped { .. } => "skipped",
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

/// One full turn: the hero's move and where both stand afterwards (the
/// rule variants' other dragons, keys and doors are in
/// [`Solution::pieces`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The hero's move: a step, or a wait when the rules allow it.
    pub step: Move,
    /// The hero's cell after the move.
    pub hero: Pos,
    /// The dragon's cell after its reply (unchanged on the final, escaping
    /// move, and while it sleeps); with several dragons, the first in
    /// row-major order.
    pub dragon: Pos,
}

/// What a turn leaves of the rule variants' pieces (docs/RULES.md,
/// "Several dragons", "Keys and doors").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// The dragons besides [`Turn::dragon`], in row-major order.
    pub others: Others,
    /// The keys taken and the doors opened so far.
    pub locks: Locks,
}

/// The dragons besides the first, in row-major order: at most
/// [`MAX_DRAGONS`]` - 1` of them, stored inline so that a [`Turn`] stays
/// `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Others {
    len: u8,
    cells: [Pos; MAX_DRAGONS - 1],
}

impl Others {
    /// No other dragon: the official game.
    pub const NONE: Others = Others {
        len: 0,
        cells: [Pos::new(0, 0); MAX_DRAGONS - 1],
    };

    /// The dragons of `cells` (in row-major order).
    ///
    /// # Panics
    /// If there are more than [`MAX_DRAGONS`]` - 1`.
    pub fn new(cells: impl IntoIterator<Item = Pos>) -> Others {
        let mut others = Others::NONE;
        for pos in cells {
            others.cells[others.len as usize] = pos;
            others.len += 1;
        }
        others
    }

    /// The dragons, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells[..self.len as usize].iter().copied()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Others {
    fn default() -> Self {
        Others::NONE
    }
}

/// How a solve found its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// A search over (hero, dragon) positions.
    #[default]
    Search,
    /// The closed form for a loop-free map (a perfect maze) or for a hero
    /// deep in a dead end whose mouth the dragon reaches first, or for a
    /// faster dragon or waiting the walk along its one path (and a faster
    /// dragon's longest line): no positions searched.
    LoopFree,
    /// The adversarial mode's proofs: the depth-first proof search, which
    /// stores only the positions one strategy meets, or the default rule's
    /// line or a walk straight to the exit shown to escape against every
    /// choice of the dragons.
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
    /// The dragon's start; with several, the first in row-major order.
    pub dragon: Pos,
    /// The other dragons' starts.
    pub others: Others,
    /// With several dragons or with keys, what each turn of
    /// [`turns`](Self::turns) leaves of them, one entry a turn; empty in
    /// the official game (see [`Solution::pieces_after`]).
    pub pieces: Vec<Pieces>,
    /// The exit.
    pub exit: Pos,
    /// The line of play. On an escape, an optimal one (in adversarial mode,
    /// against the dragon's worst choices). When caught, the longest line the
    /// hero survives, ending where it has no legal move, or, when the hero
    /// can run forever, where a position repeats (empty when that line was
    /// not asked for: [`Ending::Skipped`]). Empty without a path.
    pub turns: Vec<Turn>,
    /// The hero's dragon-free distance to the exit (with keys and doors,
    /// using them as they lie), `None` without a path: a lower bound on
    /// every answer.
    pub free_distance: Option<usize>,
    /// Work counters.
    pub stats: Stats,
}

impl Solution {
    /// When caught: whether the hero can evade the dragon forever, though it
    /// can never reach the exit.
    pub fn endless(&self) -> bool {
        matches!(
            self.outcome,
            Outcome::Caught {
                line: Ending::Endless | Ending::Skipped { endless: true }
            }
        )
    }

    /// The other dragons, keys and doors after `turns` turns (0: the
    /// start).
    pub fn pieces_after(&self, turns: usize) -> Pieces {
        match turns.checked_sub(1) {
            None => Pieces {
                others: self.others,
                locks: Locks::default(),
            },
            Some(i) => self.pieces.get(i).copied().unwrap_or_default(),
        }
    }

    /// The hero's moves, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.turns.iter().map(|t| t.step)
    }
}
