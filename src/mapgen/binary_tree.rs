//! Binary tree: every cell opens one passage, towards one of two
//! perpendicular directions chosen by weight. Fast and strongly biased: two
//! sides of the maze become long straight corridors.

use crate::error::ParseValueError;
use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use super::random::below;
use super::{Carve, Maze};
use crate::graph::Direction;

/// The two directions a binary tree carves towards, with their weights.
///
/// Written like `north=2,east=1`: where both are possible, the passage goes
/// north twice as often as east. One direction must be vertical (north or
/// south) and one horizontal (east or west), otherwise the result would not
/// be a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bias {
    /// Weight per [`Direction`] (indexed by `Direction as usize`); exactly
    /// one vertical and one horizontal weight are positive.
    weights: [u32; 4],
}

impl Bias {
    /// A bias towards `vertical` and `horizontal` with the given weights.
    ///
    /// # Errors
    /// When the directions are not one vertical and one horizontal, a
    /// weight is 0, or the two add up to more than `u32::MAX`.
    pub fn new(vertical: (Direction, u32), horizontal: (Direction, u32)) -> Result<Bias, String> {
        let is_vertical = |d: Direction| matches!(d, Direction::Up | Direction::Down);
        if !is_vertical(vertical.0) || is_vertical(horizontal.0) {
            return Err(
                "a binary tree needs one vertical (north or south) and one horizontal \
                        (east or west) direction, e.g. north=2,east=1"
                    .into(),
            );
        }
        if vertical.1 == 0 || horizontal.1 == 0 {
            return Err("binary-tree weights must be positive whole numbers".into());
        }
        if u64::from(vertical.1) + u64::from(horizontal.1) > u64::from(u32::MAX) {
            return Err(format!(
                "the binary-tree weights {} and {} add up to more than {}; \
                 use smaller numbers in the same ratio",
                vertical.1,
                horizontal.1,
                u32::MAX
            ));
        }
        let mut weights = [0; 4];
        weights[vertical.0 as usize] = vertical.1;
        weights[horizontal.0 as usize] = horizontal.1;
        Ok(Bias { weights })
    }

    /// The weight of direction `d` (0 when the tree never carves that way).
    pub fn weight(self, d: Direction) -> u32 {
        self.weights[d as usize]
    }
}

impl Default for Bias {
    /// `north=1,east=1`, the classic binary tree.
    fn default() -> Self {
        Bias::new((Direction::Up, 1), (Direction::Right, 1)).expect("a valid bias")
    }
}

/// The compass name of a direction, as used in bias specifications.
fn compass(d: Direction) -> &'static str {
    match d {
        Direction::Up => "north",
        Direction::Left => "west",
        Direction::Down => "south",
        Direction::Right => "east",
    }
}

impl fmt::Display for Bias {
    /// Writes `north=2,east=1` (vertical first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = [
            Direction::Up,
            Direction::Down,
            Direction::Left,
            Direction::Right,
        ]
        .into_iter()
        .filter(|&d| self.weight(d) > 0)
        .map(|d| format!("{}={}", compass(d), self.weight(d)))
        .collect();
        f.write_str(&parts.join(","))
    }
}

impl FromStr for Bias {
    type Err = ParseValueError;

    /// Reads `DIR=WEIGHT,DIR=WEIGHT` with directions `north`, `south`,
    /// `east`, `west` (or `n`, `s`, `e`, `w`, `up`, `down`, `left`,
    /// `right`); a missing `=WEIGHT` means 1.
    fn from_str(s: &str) -> Result<Bias, ParseValueError> {
        parse_bias(s).map_err(ParseValueError::new)
    }
}

/// [`Bias::from_str`], its error a sentence.
fn parse_bias(s: &str) -> Result<Bias, String> {
    let mut vertical = None;
    let mut horizontal = None;
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, weight) = part.split_once('=').unwrap_or((part, "1"));
        let d = match name.trim().to_ascii_lowercase().as_str() {
            "north" | "n" | "up" => Direction::Up,
            "south" | "s" | "down" => Direction::Down,
            "east" | "e" | "right" => Direction::Right,
            "west" | "w" | "left" => Direction::Left,
            other => {
                return Err(format!(
                    "'{other}' is not a direction: use north, south, east or west"
                ));
            }
        };
        let weight: u32 = weight.trim().parse().map_err(|_| {
            format!(
                "'{}' is not a weight: use a whole number such as 2",
                weight.trim()
            )
        })?;
        let slot = if matches!(d, Direction::Up | Direction::Down) {
            &mut vertical
        } else {
            &mut horizontal
        };
        if slot.replace((d, weight)).is_some() {
            return Err(format!(
                "'{s}' names two {} directions; a binary tree takes one vertical and one horizontal",
                if matches!(d, Direction::Up | Direction::Down) {
                    "vertical"
                } else {
                    "horizontal"
                }
            ));
        }
    }
    match (vertical, horizontal) {
        (Some(v), Some(h)) => Bias::new(v, h),
        _ => Err(format!(
            "'{s}' needs one vertical and one horizontal direction, e.g. north=2,east=1"
        )),
    }
}

/// For each cell, carve towards one of the bias's two directions (by weight),
/// or the only one that stays inside the maze.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BinaryTree {
    /// Which directions, with which weights.
    pub(crate) bias: Bias,
}

impl Carve for BinaryTree {
    fn carve(&self, maze: &mut Maze, rng: &mut dyn Rng) {
        let dirs: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| self.bias.weight(d) > 0)
            .collect();
        for cell in 0..maze.len() {
            let mut total = 0;
            let mut options = [(Direction::Up, 0); 2];
            let mut n = 0;
            for &d in &dirs {
                if maze.neighbor(cell, d).is_some() {
                    total += self.bias.weight(d) as usize;
                    options[n] = (d, total);
                    n += 1;
                }
            }
            let d = match n {
                0 => continue,
                1 => options[0].0,
                _ => {
                    let roll = below(rng, total);
                    options[..n]
                        .iter()
                        .find(|&&(_, upto)| roll < upto)
                        .expect("the roll is below the total")
                        .0
                }
            };
            maze.carve(cell, d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bias_parses_and_prints() {
        let b: Bias = "east=1, north=2".parse().unwrap();
        assert_eq!(b.to_string(), "north=2,east=1");
        assert_eq!("s,w".parse::<Bias>().unwrap().to_string(), "south=1,west=1");
        assert!("north=1,south=1".parse::<Bias>().is_err());
        assert!("north=2".parse::<Bias>().is_err());
        assert!("north=0,east=1".parse::<Bias>().is_err());
        assert!("up=x,east=1".parse::<Bias>().is_err());
        assert!("northeast=1".parse::<Bias>().is_err());
        let err = "north=4294967295,east=1".parse::<Bias>().unwrap_err();
        assert!(
            err.to_string().contains("add up to more than 4294967295"),
            "{err}"
        );
        assert!("north=4294967294,east=1".parse::<Bias>().is_ok());
    }

    #[test]
    fn the_largest_weights_still_carve() {
        let bias = "north=4294967294,east=1".parse::<Bias>().unwrap();
        let mut maze = Maze::new(6, 5);
        BinaryTree { bias }.carve(&mut maze, &mut crate::mapgen::random::seeded(1));
        assert!(maze.is_perfect());
    }
}
