//! The rule settings that change the answer: how the dragon breaks ties,
//! how many steps it takes a turn, and whether the hero may wait.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseValueError;
use crate::graph::{DirSet, Direction};

/// A strict order of the four directions, used to break the dragon's ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Priority([Direction; 4]);

impl Priority {
    /// The official order: up, left, down, right.
    pub const OFFICIAL: Priority = Priority(Direction::ALL);

    /// An order from four distinct directions; `None` if one repeats.
    pub fn new(order: [Direction; 4]) -> Option<Priority> {
        let set: DirSet = order.into_iter().collect();
        (set.len() == 4).then_some(Priority(order))
    }

    /// The directions, first choice first.
    pub fn order(self) -> [Direction; 4] {
        self.0
    }

    /// The first direction of `set` in this order.
    #[inline]
    pub fn first_in(self, set: DirSet) -> Option<Direction> {
        self.0.into_iter().find(|&d| set.contains(d))
    }
}

impl Default for Priority {
    fn default() -> Self {
        Priority::OFFICIAL
    }
}

impl fmt::Display for Priority {
    /// Writes the four letters, e.g. `ULDR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|d| write!(f, "{}", d.letter()))
    }
}

impl FromStr for Priority {
    type Err = ParseValueError;

    /// Reads four letters, one per direction, in any case: `ULDR`, `rdlu`.
    fn from_str(s: &str) -> Result<Priority, ParseValueError> {
        let letters: Vec<char> = s.trim().chars().collect();
        let err = || {
            ParseValueError::new(format!(
                "'{s}' is not a direction order: give the four letters U, L, D, R once each, e.g. ULDR"
            ))
        };
        let [a, b, c, d] = letters.as_slice() else {
            return Err(err());
        };
        let dir = |c: &char| {
            Direction::ALL
                .into_iter()
                .find(|d| d.letter() == c.to_ascii_uppercase())
        };
        let order = [dir(a), dir(b), dir(c), dir(d)];
        match order {
            [Some(a), Some(b), Some(c), Some(d)] => Priority::new([a, b, c, d]).ok_or_else(err),
            _ => Err(err()),
        }
    }
}

/// How the dragon chooses among several shortest-path steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// It takes the first step in a fixed direction order (the default rule,
    /// with [`Priority::OFFICIAL`]).
    Priority(Priority),
    /// It may take any shortest-path step; the answer is what the hero can
    /// guarantee whatever it chooses.
    Adversarial,
    /// The hero picks the dragon's step for it. Not a rule of the game: a
    /// lower bound for analysis (`optimistic <= any rule <= adversarial`).
    Optimistic,
}

impl Default for Ties {
    fn default() -> Self {
        Ties::Priority(Priority::OFFICIAL)
    }
}

impl Ties {
    /// The short name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Ties::Priority(_) => "priority",
            Ties::Adversarial => "adversarial",
            Ties::Optimistic => "optimistic",
        }
    }
}

/// How many steps the dragon takes a turn: from 1 (the official game, the
/// default) to [`Speed::MAX`]. See docs/RULES.md, "A faster dragon".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Speed(u8);

impl Speed {
    /// The official game: one step a turn.
    pub const ONE: Speed = Speed(1);

    /// The fastest dragon the solver plays: its reach is checked by a
    /// search of the cells within this many steps.
    pub const MAX: u32 = 8;

    /// A speed of `steps` steps a turn; `None` unless it is 1 to
    /// [`Speed::MAX`].
    pub fn new(steps: u32) -> Option<Speed> {
        (1..=Self::MAX)
            .contains(&steps)
            .then_some(Speed(steps as u8))
    }

    /// The steps a turn.
    #[inline]
    pub fn steps(self) -> u32 {
        u32::from(self.0)
    }

    /// Whether this is the official game's speed, 1.
    #[inline]
    pub fn is_one(&self) -> bool {
        *self == Speed::ONE
    }
}

impl Default for Speed {
    fn default() -> Self {
        Speed::ONE
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Speed {
    type Err = ParseValueError;

    /// Reads a whole number from 1 to [`Speed::MAX`].
    fn from_str(s: &str) -> Result<Speed, ParseValueError> {
        s.trim()
            .parse::<u32>()
            .ok()
            .and_then(Speed::new)
            .ok_or_else(|| {
                ParseValueError::new(format!(
                    "'{s}' is not a dragon speed: give the dragon's steps a turn as a whole number from 1 to {}",
                    Speed::MAX
                ))
            })
    }
}

/// The rules a solve follows: the official game by default, changed by the
/// `with_` methods (a new rule is never a breaking change).
///
/// ```
/// use dragon_escape::{Rules, Speed, Ties};
/// let rules = Rules::default().with_speed(Speed::new(2).unwrap()).with_wait(true);
/// assert_eq!((rules.ties, rules.speed.steps(), rules.wait), (Ties::default(), 2, true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// How the dragon breaks ties.
    pub ties: Ties,
    /// How many steps the dragon takes a turn.
    pub speed: Speed,
    /// Whether the hero may wait (stay on its cell) instead of stepping.
    /// See docs/RULES.md, "Waiting".
    pub wait: bool,
}

impl Rules {
    /// These rules with the dragon breaking ties by `ties`.
    #[must_use]
    pub fn with_ties(self, ties: Ties) -> Self {
        Rules { ties, ..self }
    }

    /// These rules with the dragon taking `speed` steps a turn.
    #[must_use]
    pub fn with_speed(self, speed: Speed) -> Self {
        Rules { speed, ..self }
    }

    /// These rules with waiting allowed or not.
    #[must_use]
    pub fn with_wait(self, wait: bool) -> Self {
        Rules { wait, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_parses_and_prints() {
        let p: Priority = "rdlu".parse().unwrap();
        assert_eq!(p.to_string(), "RDLU");
        assert_eq!(Priority::default().to_string(), "ULDR");
        assert!("ULDU".parse::<Priority>().is_err());
        assert!("ULD".parse::<Priority>().is_err());
        assert!("ULDX".parse::<Priority>().is_err());
    }

    #[test]
    fn speeds_parse_within_their_bounds() {
        assert_eq!("2".parse::<Speed>().unwrap().steps(), 2);
        assert_eq!(Speed::default(), Speed::ONE);
        assert_eq!(Speed::new(Speed::MAX).unwrap().to_string(), "8");
        for bad in ["0", "9", "-1", "two", ""] {
            let error = bad.parse::<Speed>().unwrap_err();
            assert!(error.to_string().contains("from 1 to 8"), "{error}");
        }
    }

    #[test]
    fn first_in_follows_the_order() {
        let set: DirSet = [Direction::Down, Direction::Left].into_iter().collect();
        assert_eq!(Priority::OFFICIAL.first_in(set), Some(Direction::Left));
        let p: Priority = "DRUL".parse().unwrap();
        assert_eq!(p.first_in(set), Some(Direction::Down));
        assert_eq!(p.first_in(DirSet::EMPTY), None);
    }
}
