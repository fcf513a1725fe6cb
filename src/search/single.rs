//! Single turns, for play mode, playback and the generator: where a move
//! takes the hero, whether it is stuck, and where the dragons answer. Each
//! asks the one turn of [`super::turn`]; the dragons' steps come from a
//! ruler (a breadth-first search that stops at its goal) on the map as its
//! doors stand, whose cost is the cells nearer the hero than the dragon,
//! not the map. A choosing dragon (adversarial, optimistic) ranks its
//! replies by solving the game from each.
//!
//! The library offers the official game's turn as [`Solver::hero_step`],
//! [`Solver::hero_moves`], [`Solver::is_stuck`] and
//! [`Solver::dragon_reply`]; play mode asks the crate's forms, which take
//! whole positions (several dragons, keys and doors).

use super::ground::{DoorMaps, Oracles, Terrain};
use super::position::Position;
use super::rules::Ties;
use super::solution::Move;
use super::turn::{Game, IllegalMove, PLAIN, Prospect, worst_reply};
use super::{Options, Progress, Rules, Solver};
use crate::dragon::Ruler;
use crate::error::Error;
use crate::graph::{CellId, Direction};
use crate::puzzle::{Locks, Pos};

impl Solver {
    /// The cells of a position, or why it is not one.
    pub(super) fn cells(&self, hero: Pos, dragon: Pos) -> Result<(CellId, CellId), Error> {
        let cell = |pos: Pos, what: &str| {
            self.graph.cell_at(pos).ok_or_else(|| Error::InvalidMap {
                message: format!("the {what} at {pos} is not on a free cell"),
            })
        };
        let cells = (cell(hero, "hero")?, cell(dragon, "dragon")?);
        if cells.0 == cells.1 {
            return Err(Error::InvalidMap {
                message: format!("the hero and the dragon share the cell {hero}"),
            });
        }
        Ok(cells)
    }

    /// Where `step` takes the hero from `hero` with the dragon on `dragon`,
    /// or why `rules` forbid it: the official game's turn (one dragon; keys
    /// and doors play no part). The move is a [`Direction`] or a [`Move`]
    /// (a wait is legal only with [`Rules::wait`], and only out of the
    /// dragon's reach, as a step onto the hero's own cell would be).
    ///
    /// # Errors
    /// The reason the move is illegal.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Direction, IllegalMove, Move, Pos, Puzzle, Rules, Solver, Speed};
    /// let puzzle: Puzzle = "H..D.E".parse()?;
    /// let solver = Solver::new(&puzzle);
    /// let (hero, dragon, rules) = (puzzle.hero(), puzzle.dragon(), Rules::default());
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Right, rules), Ok(Pos::new(0, 1)));
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Up, rules), Err(IllegalMove::Wall));
    /// // A dragon of speed 2 would reach (0, 1) in its move.
    /// let fast = rules.with_speed("2".parse()?);
    /// assert_eq!(solver.hero_step(hero, dragon, Direction::Right, fast), Err(IllegalMove::InReach));
    /// // Waiting is a rule variant.
    /// assert_eq!(solver.hero_step(hero, dragon, Move::Wait, rules), Err(IllegalMove::NoWaiting));
    /// let patient = rules.with_wait(true);
    /// assert_eq!(solver.hero_step(hero, dragon, Move::Wait, patient), Ok(hero));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hero_step(
        &self,
        hero: Pos,
        dragon: Pos,
        step: impl Into<Move>,
        rules: Rules,
    ) -> Result<Pos, IllegalMove> {
        let (Some(h), Some(d)) = (self.graph.cell_at(hero), self.graph.cell_at(dragon)) else {
            return Err(IllegalMove::Wall);
        };
        let plain = Terrain::plain(&self.graph, &PLAIN);
        let (to, _) = plain.step(rules, &Position::pair(h, d), step.into())?;
        Ok(self.graph.pos(to))
    }

    /// The hero's legal moves under `rules` from `hero` with the dragon on
    /// `dragon`, in the official direction order, then the wait when the
    /// rules allow it.
    pub fn hero_moves(
        &self,
        hero: Pos,
        dragon: Pos,
        rules: Rules,
    ) -> impl Iterator<Item = (Move, Pos)> {
        let wait = rules.wait.then_some(Move::Wait);
        Direction::ALL
            .into_iter()
            .map(Move::Step)
            .chain(wait)
            .filter_map(move |m| Some((m, self.hero_step(hero, dragon, m, rules).ok()?)))
    }

    /// Whether the hero on `hero` has no legal move under `rules`: the
    /// dragon catches it. A hero on the exit has escaped and is never stuck.
    pub fn is_stuck(&self, hero: Pos, dragon: Pos, rules: Rules) -> bool {
        hero != self.graph.pos(self.graph.exit())
            && self.hero_moves(hero, dragon, rules).next().is_none()
    }

    /// Where the dragon on `dragon` goes once the hero has stepped onto
    /// `hero`, under `options.rules`: its first shortest step in the
    /// priority order; in adversarial mode the step worst for the hero (the
    /// one that catches it soonest, else runs the longest chase, else leaves
    /// the longest guaranteed escape); in optimistic mode the step best for
    /// the hero, or, when no step lets it escape, the official rule's. It
    /// stays where it is when it has no path to the hero, or when the hero
    /// has escaped. Among equal steps, the first in the official order.
    ///
    /// The steps are found by a search from the hero that stops at the
    /// dragon (its cost is the cells nearer the hero than the dragon, not
    /// the map). The adversarial and optimistic rules solve the game from
    /// each step, within `options.max_memory`.
    ///
    /// # Errors
    /// [`Error::InvalidMap`] when a piece is not on a free cell, or both
    /// share one; [`Error::TooLarge`] when the oracle or those solves do not
    /// fit the memory budget.
    ///
    /// # Example
    /// ```
    /// use dragon_escape::{Options, Pos, Puzzle, Solver};
    /// let puzzle: Puzzle = "H..D.E".parse()?;
    /// let solver = Solver::new(&puzzle);
    /// let reply = solver.dragon_reply(Pos::new(0, 1), puzzle.dragon(), &Options::default())?;
    /// assert_eq!(reply, Pos::new(0, 2));
    /// # Ok::<(), dragon_escape::Error>(())
    /// ```
    pub fn dragon_reply(&self, hero: Pos, dragon: Pos, options: &Options) -> Result<Pos, Error> {
        let (h, d) = self.cells(hero, dragon)?;
        if h == self.graph.exit() {
            return Ok(dragon);
        }
        let plain = Terrain::plain(&self.graph, &PLAIN);
        let rules = Rules {
            wait: true,
            ..options.rules
        };
        if plain
            .step(rules, &Position::pair(h, d), Move::Wait)
            .is_err()
        {
            // No legal step leads here; the dragon would reach the hero.
            return Ok(hero);
        }
        let at = Position::pair(h, d);
        let reply = self.reply_at(&at, h, Locks::default(), options, &mut Ruler::default())?;
        Ok(self.graph.pos(reply.dragons.first()))
    }

    /// The position where the game starts.
    pub(crate) fn start_position(&self) -> Position {
        self.layout.start(self.graph.hero())
    }

    /// The terrain of the solver's map, its door states' maps in `maps`.
    fn terrain<'a>(&'a self, maps: &'a DoorMaps) -> Terrain<'a> {
        Terrain::new(&self.graph, &self.layout, maps)
    }

    /// Where `step` takes the hero of `at`, and the locks after it, or why
    /// `rules` forbid it.
    pub(crate) fn step_at(
        &self,
        at: &Position,
        step: Move,
        rules: Rules,
    ) -> Result<(CellId, Locks), IllegalMove> {
        let maps = DoorMaps::new(self.layout.doors().len());
        self.terrain(&maps).step(rules, at, step)
    }

    /// Whether the hero of `at` has no legal move under `rules`: caught.
    /// A hero on the exit has escaped and is never stuck.
    pub(crate) fn stuck_at(&self, at: &Position, rules: Rules) -> bool {
        let maps = DoorMaps::new(self.layout.doors().len());
        at.hero != self.graph.exit() && self.terrain(&maps).moves(rules, at).next().is_none()
    }

    /// The position after the dragons' reply to the hero of `at` moving to
    /// `hero` with the locks `locks`: under a priority rule each dragon's
    /// first shortest step; a choosing dragon's worst for the hero, found
    /// by solving from each reply; the optimistic bound's best for the hero
    /// when one lets it escape, else the official rule's. On the exit the
    /// dragons stay. The steps are measured with `ruler`.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the solves behind a choice do not fit the
    /// budget.
    pub(crate) fn reply_at(
        &self,
        at: &Position,
        hero: CellId,
        locks: Locks,
        options: &Options,
        ruler: &mut Ruler,
    ) -> Result<Position, Error> {
        let moved = Position { hero, locks, ..*at };
        if hero == self.graph.exit() {
            return Ok(moved);
        }
        let mut replies = |ties| {
            let maps = DoorMaps::new(self.layout.doors().len());
            let terrain = self.terrain(&maps);
            let rules = Rules {
                ties,
                ..options.rules
            };
            let oracles = Oracles::ruler(&mut *ruler);
            let start = (hero, at.dragons.first());
            let mut game = Game::on(terrain, start, oracles, rules, usize::MAX);
            let mut replies: Vec<Position> = Vec::with_capacity(4);
            game.replies(&moved, |reply| {
                if !replies.contains(reply) {
                    replies.push(*reply);
                }
            });
            replies
        };
        let official = replies(Ties::default())[0];
        let ties = options.rules.ties;
        if matches!(ties, Ties::Priority(_)) {
            return Ok(replies(ties)[0]);
        }
        // The replies' solves need the oracle: refuse as they would.
        self.oracle_budget(options)?;
        let choosing = Options {
            // A caught reply is ranked by how long the hero survives it.
            caught_line: true,
            ..*options
        };
        let mut ranked = Vec::new();
        for reply in replies(ties) {
            let solution = self.solve_at(&reply, &choosing, &Progress::default())?;
            ranked.push((Prospect::of(&solution), reply));
        }
        if ties == Ties::Adversarial {
            let worst = worst_reply(0..ranked.len(), |i| ranked[i].0);
            return Ok(worst.map_or(official, |i| ranked[i].1));
        }
        // The optimistic bound: the hero's best reply if it escapes, else
        // the official rule's.
        let best = ranked.iter().reduce(|a, b| if b.0 > a.0 { b } else { a });
        Ok(match best {
            Some(&(Prospect::Escape(_), reply)) => reply,
            _ => official,
        })
    }

    /// The path distance from the hero of `at` to the nearest dragon, on
    /// the map as its doors stand; `None` when no dragon can reach it.
    pub(crate) fn distance_at(&self, at: &Position, ruler: &mut Ruler) -> Option<usize> {
        let maps = DoorMaps::new(self.layout.doors().len());
        let terrain = self.terrain(&maps);
        let opened = at.locks.opened;
        let map = terrain.map(opened);
        at.dragons
            .live()
            .filter_map(|d| ruler.measure_on(map, opened, at.hero, d))
            .min()
    }
}
