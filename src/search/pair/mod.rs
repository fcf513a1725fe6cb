//! The official game's specialisation: one dragon, no keys or doors, so a
//! position is a (hero, dragon) pair of cells, numbered densely
//! ([`state`]). The turn is the one of [`super::turn`], asked through its
//! pair door ([`hero_moves`](super::turn::hero_moves),
//! [`Game::dragon_replies`]); the backward analyses are the ones of
//! [`super::backward`] over [`Pairs`]. What is special here is the set of
//! shortcuts whose arguments need one dragon (see [`super::dispatch`]):
//!
//! - `acyclic`: the closed form for loop-free maps (perfect mazes); it also
//!   serves several dragons, each chasing as if alone, and a hero trapped
//!   in a dead end the dragon reaches first, whatever the rest of the map.
//! - `chase`: best-first search (A* with the exact dragon-free distance to
//!   the exit as heuristic) for a deterministic dragon, and for the
//!   optimistic bound where the hero picks the dragon's ties; its moves are
//!   queued and the dragon's reply asked only when a move is taken.
//! - `hanging`: the dead-end rule, which leaves out steps deep into dead
//!   ends (with its proof); it also serves several dragons.
//! - `cuts`: the cut cells and, under a priority rule, the jumps over the
//!   dragon's walk to the pocket the hero is in (`pockets`, with its
//!   proof), and, where no cut cell stands between them, over its walk to
//!   the end of the hero's corridor (`pockets::shadow`).
//!
//! A faster dragon (`Rules::speed` above 1) changes the turn only; waiting
//! adds a move that keeps the hero's cell. The shortcuts whose arguments
//! count one dragon step a turn, or every move a step, stand aside for
//! them ([`Shortcuts`]).

pub(super) mod acyclic;
mod chase;
pub(super) mod cuts;
mod given_up;
pub(super) mod hanging;
pub(super) mod pockets;
pub(super) mod state;
#[cfg(test)]
mod tests;

use super::backward::{self, Pairs, Plan};
use super::dispatch::Shortcuts;
use super::position::Position;
use super::rules::Ties;
use super::solution::{Ending, Method, Stats};
use super::turn::Game;
use super::{End, Found, Options, Progress, Solver, outgrown};
use crate::dragon::Shared;
use crate::error::{Error, Resource};
use crate::graph::CellId;

/// The fewest cells of a map whose faster dragon's longest line asks its
/// questions on two threads: below, starting the helper's oracle costs
/// more than it saves.
const SHARED_CELLS: usize = 1 << 16;

/// A line of (hero, dragon) pairs as positions.
fn positions(line: &[(CellId, CellId)]) -> Vec<Position> {
    line.iter()
        .map(|&(hero, dragon)| Position::pair(hero, dragon))
        .collect()
}

impl Solver {
    /// Solves the official game from `start` (the hero off the exit, able
    /// to reach it), writing into `progress`.
    pub(super) fn solve_pair(
        &self,
        start: (CellId, CellId),
        options: &Options,
        progress: &Progress,
        stats: &mut Stats,
    ) -> Result<Found, Error> {
        let graph = &self.graph;
        let shortcuts = Shortcuts::of(options.rules, options.oracle, &self.layout);
        if shortcuts.closed_form {
            if let Some(closed) = acyclic::solve(graph, start.0, start.1) {
                stats.method = Method::LoopFree;
                let end = if closed.escaped {
                    End::Escaped
                } else {
                    End::Caught(Ending::Stuck)
                };
                return Ok(Found {
                    line: positions(&closed.line),
                    end,
                });
            }
        }
        let oracle_budget = self.oracle_budget(options)?;
        let tables = Shared::default();
        let oracle = options
            .oracle
            .build_sharing(graph, oracle_budget, &tables)?;
        let hanging = shortcuts.dead_ends.then_some(&self.hanging);
        // The pocket rule's tables count against the search's memory: it is
        // left out where they would take over a quarter of it.
        let mut pockets = (shortcuts.pockets
            && pockets::Pockets::most_bytes(graph.len()) * 4 <= self.search_memory(options))
        .then(|| pockets::Pockets::new(&self.hanging, &self.exit_distance, options.rules.wait));
        let memory = self.search_memory(options);
        let mut game = Game::new(graph, start, oracle, options.rules, memory);
        game.progress = Some(progress);
        if shortcuts.trapped {
            if let Some(closed) = acyclic::trapped(&mut game, &self.hanging, start.0, start.1) {
                stats.method = Method::LoopFree;
                stats.dragon_queries = game.queries;
                return Ok(Found {
                    line: positions(&closed.line),
                    end: End::Caught(Ending::Stuck),
                });
            }
        }
        // A faster dragon's horizon: no escape is longer (see `horizon`).
        let horizon = shortcuts
            .horizon
            .then(|| self.horizon(&Position::pair(start.0, start.1), options.rules))
            .flatten();
        let limit = chase::Limit {
            moves: horizon.map_or(usize::MAX, |h| h as usize),
            gaps: shortcuts.gaps,
        };
        // A faster dragon or waits on a loop-free map: the walk decides.
        let verdict = if shortcuts.walk {
            let at = Position::pair(start.0, start.1);
            acyclic::walk(
                &mut game,
                &self.exit_distance,
                self.hanging.loop_free(),
                &at,
            )
        } else {
            acyclic::Verdict::Open
        };
        let caught = match Found::settled(verdict, options.caught_line) {
            Ok(found) => {
                stats.method = Method::LoopFree;
                stats.dragon_queries = game.queries;
                return Ok(found);
            }
            Err(caught) => caught,
        };
        if caught && !options.rules.speed.is_one() {
            // Caught on a loop-free map by a faster dragon: the longest
            // line has a closed form too.
            if let Some(line) = acyclic::longest_line(&mut game, start.0, start.1) {
                stats.method = Method::LoopFree;
                stats.dragon_queries = game.queries;
                return Ok(Found {
                    line: positions(&line),
                    end: End::Caught(Ending::Stuck),
                });
            }
        }
        let escape = match options.rules.ties {
            // Caught, by the walk: only the longest line is left to find.
            _ if caught => Err(None),
            Ties::Priority(_) | Ties::Optimistic => chase::search(
                &mut game,
                &self.exit_distance,
                chase::Reversals::Allowed,
                hanging,
                pockets.as_mut(),
                limit,
                stats,
            )
            .ok_or(None),
            Ties::Adversarial => {
                let plan = Plan::new(graph.len(), shortcuts.proof, horizon, options.caught_line);
                // The default rule's answer is the first bound past the
                // quick try (see `dispatch`): a hero it catches is caught
                // here too.
                let exit_distance = &self.exit_distance;
                let first_bound = |game: &mut Game<'_>, stats: &mut Stats| {
                    game.ties = Ties::default();
                    let line = chase::search(
                        game,
                        exit_distance,
                        chase::Reversals::Allowed,
                        hanging,
                        pockets.as_mut(),
                        limit,
                        stats,
                    );
                    game.ties = Ties::Adversarial;
                    line
                };
                let pairs = Pairs { dead_ends: None };
                backward::guarantee(
                    &mut game,
                    &pairs,
                    start,
                    exit_distance,
                    plan,
                    first_bound,
                    stats,
                )
                .map_err(Some)
            }
        };
        let found = match escape {
            Ok(line) => Found {
                line: positions(&line),
                end: End::Escaped,
            },
            Err(_) if game.exceeded => return Err(outgrown(options, &mut game)),
            Err(explored) => {
                progress.shown_caught();
                // The optimistic bound is no rule to play by: when even it
                // finds no escape, show the official rule's chase.
                if game.ties == Ties::Optimistic {
                    game.ties = Ties::default();
                }
                // A faster dragon's longest line, best first (see `given_up`).
                if shortcuts.given_up && explored.is_none() && options.caught_line {
                    // Its questions are asked on two threads on a large
                    // map, when the options allow them.
                    let make = || options.oracle.helper(graph, oracle_budget, &tables);
                    let two = options.two_threads() && graph.len() >= SHARED_CELLS;
                    let helper = two.then_some(&make as &_);
                    let longest = given_up::longest_line(&mut game, helper, start);
                    if let Some(longest) = longest {
                        stats.states_stored = stats.states_stored.max(longest.stored as u64);
                        stats.states_expanded += longest.taken as u64;
                        stats.dragon_queries = game.queries;
                        return Ok(Found {
                            line: positions(&longest.line),
                            end: End::Caught(Ending::Stuck),
                        });
                    }
                }
                let kinds = (&Pairs { dead_ends: None }, &Pairs { dead_ends: hanging });
                // A faster dragon's game ends by its horizon, and a caught
                // hero's on a loop-free map (see `acyclic`).
                let finite = horizon.is_some() || caught;
                let line = options.caught_line;
                let Some((line, ending)) =
                    backward::caught(&mut game, kinds, start, explored, finite, line, stats)
                else {
                    return Err(outgrown(options, &mut game));
                };
                Found {
                    line: positions(&line),
                    end: End::Caught(ending),
                }
            }
        };
        if game.exceeded {
            // The survival line's exploration outgrew the budget.
            return Err(outgrown(options, &mut game));
        }
        stats.dragon_queries = game.queries;
        Ok(found)
    }

    /// The least number of hero moves to the exit, if at most `limit`, when
    /// the hero may never step straight back onto the cell it has just
    /// left: the generator's test whether a puzzle needs a back-step. The
    /// same search as [`Solver::solve`]'s under a priority rule (or the
    /// optimistic bound), within the same budget.
    ///
    /// # Errors
    /// [`Error::TooLarge`] as for [`Solver::solve`]; [`Error::Unsupported`]
    /// on a map with several dragons, keys or doors.
    #[cfg_attr(
        not(feature = "mapgen"),
        expect(dead_code, reason = "only the generator's analysis asks")
    )]
    pub(crate) fn escape_without_back_steps(
        &self,
        options: &Options,
        limit: usize,
    ) -> Result<Option<usize>, Error> {
        debug_assert_ne!(options.rules.ties, Ties::Adversarial);
        if self.layout.is_wide() {
            return Err(Error::Unsupported {
                message: "the back-step test does not take several dragons, keys or doors".into(),
            });
        }
        let graph = &self.graph;
        if graph.len() > (u32::MAX / 5) as usize {
            return Err(Error::TooLarge {
                resource: Resource::Grid,
                message: format!(
                    "{} cells; the back-step analysis counts at most {}",
                    graph.len(),
                    u32::MAX / 5
                ),
            });
        }
        let oracle_budget = self.oracle_budget(options)?;
        let tables = Shared::default();
        let oracle = options
            .oracle
            .build_sharing(graph, oracle_budget, &tables)?;
        let memory = self.search_memory(options);
        let start = (graph.hero(), graph.dragon());
        let mut game = Game::new(graph, start, oracle, options.rules, memory);
        let reversals = chase::Reversals::Forbidden;
        let mut stats = Stats::default();
        let limit = chase::Limit {
            moves: limit,
            gaps: Shortcuts::of(options.rules, options.oracle, &self.layout).gaps,
        };
        let line = chase::search(
            &mut game,
            &self.exit_distance,
            reversals,
            None,
            None,
            limit,
            &mut stats,
        );
        if game.exceeded {
            return Err(outgrown(options, &mut game));
        }
        Ok(line.map(|line| line.len() - 1))
    }
}
