//! The rule settings that change the answer: how the dragon breaks ties.

use std::fmt;
use std::str::FromStr;

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
    type Err = String;

    /// Reads four letters, one per direction, in any case: `ULDR`, `rdlu`.
    fn from_str(s: &str) -> Result<Priority, String> {
        let letters: Vec<char> = s.trim().chars().collect();
        let err = || {
            format!(
                "'{s}' is not a direction order: give the four letters U, L, D, R once each, e.g. ULDR"
            )
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

/// The rules a solve follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How the dragon breaks ties.
    pub ties: Ties,
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
    fn first_in_follows_the_order() {
        let set: DirSet = [Direction::Down, Direction::Left].into_iter().collect();
        assert_eq!(Priority::OFFICIAL.first_in(set), Some(Direction::Left));
        let p: Priority = "DRUL".parse().unwrap();
        assert_eq!(p.first_in(set), Some(Direction::Down));
        assert_eq!(p.first_in(DirSet::EMPTY), None);
    }
}
