//! The generator's configuration: the requirements on a puzzle
//! ([`Knobs`], [`Difficulty`]), where the pieces go ([`Endpoints`]), how the
//! dragon search spends its solver runs ([`Search`]), and the [`Config`]
//! that holds them all and checks that they can work.

use crate::error::ParseValueError;
use std::fmt;
use std::str::FromStr;

use super::GenerateError;
use crate::error::plural;
use crate::mapgen::{Algorithm, Tuning};
use crate::puzzle::{MAX_DRAGONS, MAX_KEYS};
use crate::search::Options;
use crate::search::rules::{Rules, Speed};

/// Requirements a generated puzzle must meet under the default rules
/// (beyond being solvable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Knobs {
    /// The answer is at least this many steps.
    pub min_steps: usize,
    /// The answer exceeds the dragon-free distance by at least this many
    /// steps (always even: a grid has no odd detours).
    pub min_detour: usize,
    /// Every optimal line needs a back-step (stepping straight back onto the
    /// cell just left).
    pub require_backstep: bool,
    /// The answer is the same under every tie rule (the optimistic bound
    /// equals the adversarial one, hence the default rule agrees too).
    pub tie_independent: bool,
}

impl Knobs {
    /// Whether these knobs can only be met in a maze with loops (in a
    /// perfect maze the hero can never get around the dragon, so the answer
    /// is the dragon-free distance or nothing).
    pub(crate) fn need_loops(&self) -> bool {
        self.min_detour > 0 || self.require_backstep
    }
}

impl fmt::Display for Knobs {
    /// A short list such as `min-detour 4, require-backstep`, or `solvable`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec!["solvable".to_owned()];
        if self.min_steps > 0 {
            parts.push(format!("min-steps {}", self.min_steps));
        }
        if self.min_detour > 0 {
            parts.push(format!("min-detour {}", self.min_detour));
        }
        if self.require_backstep {
            parts.push("require-backstep".into());
        }
        if self.tie_independent {
            parts.push("tie-independent".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// Named difficulty levels: each stands for a set of knobs.
///
/// With the `cli` feature this is also the choice of `generate-maze
/// --difficulty`: the values are the [`Difficulty::name`]s, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Difficulty {
    /// Solvable
    Easy,
    /// A forced detour of 2 or more
    Medium,
    /// A detour of 6 or more and a needed back-step
    Hard,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The knobs of this level.
    pub fn knobs(self) -> Knobs {
        match self {
            Difficulty::Easy => Knobs::default(),
            Difficulty::Medium => Knobs {
                min_detour: 2,
                ..Knobs::default()
            },
            Difficulty::Hard => Knobs {
                min_detour: 6,
                require_backstep: true,
                ..Knobs::default()
            },
        }
    }
}

impl FromStr for Difficulty {
    type Err = ParseValueError;

    fn from_str(s: &str) -> Result<Difficulty, ParseValueError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                ParseValueError::new(format!(
                    "unknown difficulty '{s}'; choose easy, medium or hard"
                ))
            })
    }
}

/// Where the hero and the exit go when no coordinates are given.
///
/// With the `cli` feature this is also the choice of `generate-maze
/// --endpoints` (`farthest`, `random`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Endpoints {
    /// The two ends of the longest path
    #[default]
    Farthest,
    /// Random cells
    Random,
}

/// How the placement search spends its solver runs.
///
/// With the `cli` feature this is also the choice of `generate-maze
/// --search` (`restarts`, `backtracking`, `both`, `table`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Strategy {
    /// One candidate per maze, then a new maze
    Restarts,
    /// Every candidate of a maze before a new one
    Backtracking,
    /// Up to --per-maze candidates per maze
    #[default]
    Both,
    /// Every start valued at once by a whole-map table: the hero and the
    /// dragon where the escape is longest (the loop of `both` when the
    /// table does not fit --max-memory)
    Table,
}

/// The order in which dragon candidates are tried.
///
/// With the `cli` feature this is also the choice of `generate-maze
/// --order` (`constrained`, `random`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Order {
    /// Most constraining candidates first, random within four bands
    #[default]
    Constrained,
    /// Random order
    Random,
}

/// The dragon search's plan and bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Restarts, backtracking or both.
    pub strategy: Strategy,
    /// Candidate order.
    pub order: Order,
    /// Candidates tried per maze under [`Strategy::Both`].
    pub per_maze: usize,
    /// The bound: at most this many solver runs (and as many mazes) in all.
    pub max_solves: u64,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            strategy: Strategy::default(),
            order: Order::default(),
            per_maze: 4,
            max_solves: 1000,
        }
    }
}

impl Search {
    pub(super) fn candidates_per_maze(&self) -> usize {
        match self.strategy {
            Strategy::Restarts => 1,
            Strategy::Backtracking => usize::MAX,
            Strategy::Both | Strategy::Table => self.per_maze.max(1),
        }
    }
}

/// Everything that decides a generated puzzle (with the seed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Width in cells (the grid is `2 * width + 1` tiles wide).
    pub width: usize,
    /// Height in cells (the grid is `2 * height + 1` tiles high).
    pub height: usize,
    /// The maze algorithm.
    pub algorithm: Algorithm,
    /// Its parameters.
    pub tuning: Tuning,
    /// Open rooms to add (before braiding).
    pub rooms: usize,
    /// Share of dead ends to remove, 0 to 1.
    pub braid: f64,
    /// Where unplaced hero and exit go.
    pub endpoints: Endpoints,
    /// The hero's cell (row, column in cells), if given.
    pub hero: Option<(usize, usize)>,
    /// The exit's cell, if given.
    pub exit: Option<(usize, usize)>,
    /// The dragon's cell, if given.
    pub dragon: Option<(usize, usize)>,
    /// How many dragons, 1 to [`MAX_DRAGONS`] (docs/RULES.md, "Several
    /// dragons"). With more than one, every dragon must matter: taking any
    /// one away changes the answer.
    pub dragons: usize,
    /// How many keys, 0 to [`MAX_KEYS`], each with a door (docs/RULES.md,
    /// "Keys and doors"). With keys, the solution's line must open a door.
    pub keys: usize,
    /// Requirements on the puzzle.
    pub knobs: Knobs,
    /// The dragon's steps a turn under which the puzzle is checked (a rule
    /// variant; docs/RULES.md, "A faster dragon"). The puzzle file does not
    /// say it: solve it with the same speed.
    pub speed: Speed,
    /// Whether the puzzle is checked with waiting allowed (a rule variant;
    /// docs/RULES.md, "Waiting"): solve it with `--wait`.
    pub wait: bool,
    /// Check each candidate with the solver. Without it the dragon goes to a
    /// random free tile (or its given cell) and the knobs are not checked.
    pub verify: bool,
    /// How to search for a placement.
    pub search: Search,
    /// About how many bytes generating may use: a maze whose size needs
    /// more ([`Config::bytes_needed`]) is refused by [`Config::check`], and
    /// each solver run has what that leaves ([`Options::max_memory`]).
    pub max_memory: usize,
}

impl Config {
    /// The braid fraction of [`Config::new`]: half the dead ends become
    /// loops, so the hero can get around the dragon.
    pub const DEFAULT_BRAID: f64 = 0.5;

    /// A `width` x `height` cell maze with every other setting at its
    /// default: backtracker, no rooms, braid [`Config::DEFAULT_BRAID`],
    /// farthest endpoints, verified, no knobs.
    pub fn new(width: usize, height: usize) -> Config {
        Config {
            width,
            height,
            algorithm: Algorithm::default(),
            tuning: Tuning::default(),
            rooms: 0,
            braid: Config::DEFAULT_BRAID,
            endpoints: Endpoints::default(),
            hero: None,
            exit: None,
            dragon: None,
            dragons: 1,
            keys: 0,
            knobs: Knobs::default(),
            speed: Speed::ONE,
            wait: false,
            verify: true,
            search: Search::default(),
            max_memory: Options::default().max_memory,
        }
    }

    /// The rules the puzzle is checked under: the default rules with the
    /// dragon's [`Config::speed`] and [`Config::wait`]. Solve it, and
    /// analyse it, under the same.
    pub fn rules(&self) -> Rules {
        Rules {
            speed: self.speed,
            wait: self.wait,
            ..Rules::default()
        }
    }

    /// Whether the puzzle holds pieces of the rule variants: several dragons,
    /// or keys and doors.
    pub fn has_variant_pieces(&self) -> bool {
        self.dragons > 1 || self.keys > 0
    }

    /// About how many bytes generating a puzzle takes, before any solver
    /// run: per cell the maze, a distance field and its queue; per tile two
    /// wall grids and the text; and with `verify` per free tile (about two
    /// a cell) the graphs, candidates and distance fields of the placement.
    pub fn bytes_needed(&self) -> usize {
        /// The maze's passages, a `u32` distance and a `usize` queue entry.
        const PER_CELL: u128 = 1 + 4 + 8;
        /// Two grids of wall flags and up to four bytes of text.
        const PER_TILE: u128 = 2 + 4;
        /// Two graphs (32 bytes a cell each), a candidate (a `Pos`) and
        /// three distance fields.
        const PER_FREE_TILE: u128 = 2 * 32 + 16 + 3 * 4;
        // Sizes near `usize::MAX` each way overflow even a u128: such a
        // maze needs more than any budget, so the sums saturate.
        let (w, h) = (self.width as u128, self.height as u128);
        let cells = w * h;
        let tiles = (2 * w + 1).saturating_mul(2 * h + 1);
        let verify = if self.verify {
            cells.saturating_mul(2 * PER_FREE_TILE)
        } else {
            0
        };
        let bytes = cells
            .saturating_mul(PER_CELL)
            .saturating_add(tiles.saturating_mul(PER_TILE))
            .saturating_add(verify);
        usize::try_from(bytes).unwrap_or(usize::MAX)
    }

    /// Checks that the configuration can work.
    ///
    /// # Errors
    /// [`GenerateError::Config`] with a sentence saying what is wrong.
    pub fn check(&self) -> Result<(), GenerateError> {
        let bad = |message: String| Err(GenerateError::Config(message));
        let (w, h) = (self.width, self.height);
        if w < 2 || h < 2 {
            return bad(format!(
                "a {w}x{h} maze is too small: a puzzle needs at least 2 cells each way"
            ));
        }
        let tiles = (2 * w as u128 + 1).saturating_mul(2 * h as u128 + 1);
        if tiles >= u128::from(u32::MAX) {
            return bad(format!(
                "a {w}x{h} maze has {tiles} tiles; at most {} fit in a puzzle",
                u32::MAX - 1
            ));
        }
        let needed = self.bytes_needed();
        if needed > self.max_memory {
            let (needed, budget) = crate::error::bytes_apart(needed, self.max_memory);
            return bad(format!(
                "a {w}x{h} maze needs about {needed}, over the memory budget of {budget}"
            ));
        }
        // A room covers four cells or more: more rooms than that add nothing.
        let most_rooms = w * h / 4;
        if self.rooms > most_rooms {
            return bad(format!(
                "{} do not fit in a {w}x{h} maze: at most {most_rooms}, as a room covers 4 cells or more",
                plural(self.rooms, "room")
            ));
        }
        if !(0.0..=1.0).contains(&self.braid) {
            return bad(format!(
                "the braid fraction {} is not between 0 and 1",
                self.braid
            ));
        }
        if self.tuning.newest > 100 {
            return bad(format!(
                "the newest share {}% is over 100%",
                self.tuning.newest
            ));
        }
        for (name, at) in [
            ("hero", self.hero),
            ("exit", self.exit),
            ("dragon", self.dragon),
        ] {
            if let Some((row, col)) = at {
                if row >= h || col >= w {
                    return bad(format!(
                        "the {name} cell {row},{col} is outside the {w}x{h} maze (rows 0 to {}, columns 0 to {})",
                        h - 1,
                        w - 1
                    ));
                }
            }
        }
        let given = [self.hero, self.exit, self.dragon];
        for i in 0..3 {
            for j in i + 1..3 {
                if given[i].is_some() && given[i] == given[j] {
                    return bad("the hero, the exit and the dragon need different cells".into());
                }
            }
        }
        if !(1..=MAX_DRAGONS).contains(&self.dragons) {
            return bad(format!(
                "{} dragons: a puzzle holds 1 to {MAX_DRAGONS}",
                self.dragons
            ));
        }
        if self.keys > MAX_KEYS {
            return bad(format!(
                "{} keys: a puzzle holds 0 to {MAX_KEYS} (each with a door)",
                self.keys
            ));
        }
        // The hero, the exit, the dragons and the keys each take a cell of
        // their own; the doors take passages between cells, of which a
        // connected maze has at least one fewer than cells.
        let pieces = 2 + self.dragons + self.keys;
        if pieces > w * h {
            return bad(format!(
                "the hero, the exit, {} and {} do not fit in a {w}x{h} maze of {} cells",
                plural(self.dragons, "dragon"),
                plural(self.keys, "key"),
                w * h
            ));
        }
        if self.has_variant_pieces() && self.knobs.require_backstep && self.verify {
            return bad(
                "a required back-step cannot be checked with several dragons or with keys: \
                 the back-step check plays the official game; drop --require-backstep \
                 (--difficulty hard asks for it: use --min-detour instead)"
                    .into(),
            );
        }
        let perfect = self.braid == 0.0 && self.rooms == 0;
        if perfect && self.knobs.need_loops() {
            return bad(format!(
                "{} needs a maze with loops: in a perfect maze the hero can never get around \
                 the dragon; add braiding or rooms",
                if self.knobs.min_detour > 0 {
                    "a minimum detour"
                } else {
                    "a required back-step"
                }
            ));
        }
        let farthest_ends =
            self.endpoints == Endpoints::Farthest && self.hero.is_none() && self.exit.is_none();
        // A table places the hero too, so it can leave the longest path.
        let hero_fixed = self.search.strategy != Strategy::Table;
        if perfect && farthest_ends && self.verify && hero_fixed {
            // A side branch at route tile p that is deeper than the hero's
            // distance to p would make a longer path than the longest one, so
            // wherever the dragon starts it reaches the route first.
            return bad(
                "in a perfect maze with the hero and the exit at the two ends of the \
                        longest path the dragon always catches the hero; add braiding or rooms, \
                        or place the hero and the exit another way"
                    .into(),
            );
        }
        if self.search.max_solves == 0 {
            return bad("the search needs an effort of at least 1 solver run".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--difficulty` offers [`Difficulty::ALL`] in order, by their names.
    #[cfg(feature = "cli")]
    #[test]
    fn the_command_line_spells_the_difficulties() {
        use clap::ValueEnum;
        let offered: Vec<String> = Difficulty::value_variants()
            .iter()
            .filter_map(|d| d.to_possible_value())
            .map(|v| v.get_name().to_owned())
            .collect();
        assert_eq!(offered, Difficulty::ALL.map(Difficulty::name));
    }

    #[test]
    fn difficulties_round_trip_and_grow() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        assert!(" HARD ".parse::<Difficulty>().is_ok());
        assert!(
            "extreme"
                .parse::<Difficulty>()
                .unwrap_err()
                .to_string()
                .contains("easy")
        );
        let detours = Difficulty::ALL.map(|d| d.knobs().min_detour);
        assert!(detours.is_sorted(), "{detours:?}");
    }
}
