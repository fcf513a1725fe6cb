//! Checking `generate-maze`'s arguments into the [`Config`] a run works
//! from: options that cannot work together, or that would do nothing, are
//! refused with a sentence.

use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;

use super::NO_JSON;
use super::args::{Args, FormatArg};
use crate::Notation;
use crate::mapgen::{self, Algorithm, Difficulty, HardSearch, Knobs, Search, Strategy, Tuning};

/// Where the puzzles go.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Destination {
    /// Standard output.
    Stdout,
    /// One file (`-o FILE`).
    File(PathBuf),
    /// Files named by their seeds in a directory (`--out-dir DIR`).
    Dir {
        /// The directory.
        dir: PathBuf,
        /// Whether existing files may be replaced (`--force`).
        force: bool,
    },
}

/// The checked configuration a run works from.
#[derive(Debug)]
pub struct Config {
    pub(super) generator: mapgen::Config,
    pub(super) seed: u64,
    pub(super) seed_was_picked: bool,
    pub(super) notation: Notation,
    pub(super) format: FormatArg,
    pub(super) count: usize,
    pub(super) destination: Destination,
    pub(super) stats: bool,
    /// The hard-puzzle search, with --hardest.
    pub(super) hardest: Option<Hunt>,
    /// When the run stops at the latest (`--max-time`; with --hardest, the
    /// search's own limit).
    pub(super) max_time: Option<Duration>,
}

/// The hard-puzzle search a run makes (`--hardest`).
#[derive(Debug)]
pub(super) struct Hunt {
    /// What it searches for.
    pub(super) search: HardSearch,
    /// When it stops at the latest (`--max-time`).
    pub(super) max_time: Option<Duration>,
}

impl Args {
    /// Checks the arguments; `pick_seed` supplies a seed when none is given.
    ///
    /// # Errors
    /// A sentence for option combinations that cannot work.
    pub fn into_config(self, pick_seed: impl FnOnce() -> u64) -> Result<Config, String> {
        let algorithm = self.algorithm;
        if self.bias.is_some() && algorithm != Algorithm::BinaryTree {
            return Err("--bias applies to --algorithm binary-tree only".into());
        }
        if self.newest.is_some() && algorithm != Algorithm::GrowingTree {
            return Err("--newest applies to --algorithm growing-tree only".into());
        }
        if self.count == 0 {
            return Err("--count must be at least 1".into());
        }
        if self.count > 1 && self.out_dir.is_none() {
            return Err("--count writes files: give a directory with --out-dir DIR".into());
        }
        // A given seed's batch would wrap to seed 0 and repeat the puzzles
        // of seeds 0, 1, …: the files would not be S to S+N-1.
        if let Some(seed) = self.seed {
            let last = seed.saturating_add(self.count as u64 - 1);
            if last > super::MAX_SEED {
                return Err(format!(
                    "--count {} from --seed {seed} passes the largest seed, {}; \
                     start from {} at most",
                    self.count,
                    super::MAX_SEED,
                    (super::MAX_SEED + 1).saturating_sub(self.count as u64)
                ));
            }
        }
        if self.force && self.out_dir.is_none() {
            return Err("--force replaces files in --out-dir; give --out-dir DIR".into());
        }
        if self.format == FormatArg::Json && !cfg!(feature = "json") {
            return Err(NO_JSON.into());
        }
        if self.format == FormatArg::Json && !self.stats {
            return Err(
                "--format json is how --stats describes the puzzle: add --stats \
                 (the map's own notation is --notation json)"
                    .into(),
            );
        }
        self.refuse_idle_knobs()?;
        let hardest = self.hunt()?;
        if let Some(file) = self.output.as_ref().filter(|f| f.is_dir()) {
            return Err(format!(
                "{}: is a directory; -o names a file (--out-dir DIR writes files into a directory)",
                file.display()
            ));
        }
        let base = self.difficulty.unwrap_or(Difficulty::Easy).knobs();
        let knobs = Knobs {
            min_steps: self.min_steps.unwrap_or(base.min_steps),
            min_detour: self.min_detour.unwrap_or(base.min_detour),
            require_backstep: self.require_backstep || base.require_backstep,
            tie_independent: self.tie_independent || base.tie_independent,
        };
        if self.no_verify && knobs != Knobs::default() {
            return Err(format!(
                "--no-verify skips the solver, so it cannot also require {}",
                knobs.to_string().trim_start_matches("solvable, ")
            ));
        }
        let search = Search::default();
        let generator = mapgen::Config {
            width: self.width,
            height: self.height,
            algorithm,
            tuning: Tuning {
                bias: self.bias.unwrap_or_default(),
                newest: self.newest.unwrap_or(Tuning::default().newest),
            },
            rooms: self.rooms,
            braid: self.braid,
            endpoints: self.endpoints.unwrap_or_default(),
            hero: self.hero,
            exit: self.exit,
            dragon: self.dragon,
            dragons: self.dragons,
            keys: self.keys,
            knobs,
            speed: self.dragon_speed,
            wait: self.wait,
            verify: !self.no_verify,
            search: Search {
                strategy: self.search.unwrap_or(search.strategy),
                order: self.order.unwrap_or(search.order),
                per_maze: self.per_maze.unwrap_or(search.per_maze),
                max_solves: self.effort.unwrap_or(search.max_solves),
            },
            max_memory: self.max_memory,
        };
        if hardest.is_none() {
            generator.check().map_err(|e| {
                let hint = if generator.bytes_needed() > generator.max_memory {
                    " (see --max-memory)"
                } else {
                    ""
                };
                format!("{e}{hint}")
            })?;
        }
        Ok(Config {
            generator,
            seed: self.seed.unwrap_or_else(pick_seed),
            seed_was_picked: self.seed.is_none(),
            notation: if self.ascii {
                Notation::Ascii
            } else {
                self.notation
            },
            format: self.format,
            count: self.count,
            destination: match (self.output, self.out_dir) {
                (Some(file), _) => Destination::File(file),
                (None, Some(dir)) => Destination::Dir {
                    dir,
                    force: self.force,
                },
                (None, None) => Destination::Stdout,
            },
            stats: self.stats,
            hardest,
            max_time: self.max_time,
        })
    }

    /// The hard-puzzle search of `--hardest`, checked; `--iterations` and
    /// `--max-time` are refused without it.
    fn hunt(&self) -> Result<Option<Hunt>, String> {
        let Some((width, height)) = self.hardest else {
            if self.iterations.is_some() {
                return Err(
                    "--iterations bounds the hard-puzzle search, so without --hardest WxH it \
                     would do nothing"
                        .into(),
                );
            }
            return Ok(None);
        };
        let search = HardSearch {
            dragons: self.dragons,
            keys: self.keys,
            speed: self.dragon_speed,
            wait: self.wait,
            iterations: self.iterations.unwrap_or(HardSearch::DEFAULT_ITERATIONS),
            max_memory: self.max_memory,
            ..HardSearch::new(width, height)
        };
        search.check().map_err(|e| e.to_string())?;
        Ok(Some(Hunt {
            search,
            max_time: self.max_time,
        }))
    }
}

impl Args {
    /// Refuses the search and placement options that the other options
    /// leave with nothing to do.
    fn refuse_idle_knobs(&self) -> Result<(), String> {
        let search_knobs = [
            ("--search", self.search.is_some()),
            ("--order", self.order.is_some()),
            ("--per-maze", self.per_maze.is_some()),
        ];
        let given = search_knobs
            .iter()
            .find(|(_, given)| *given)
            .map(|(flag, _)| flag);
        if let (true, Some(flag)) = (self.no_verify, given) {
            return Err(format!(
                "--no-verify places the dragon at random without a search, so {flag} would do nothing"
            ));
        }
        // The effort also bounds the mazes drawn again when the hero or the
        // exit lands on a given dragon's cell, which needs --dragon and a
        // placed hero or exit.
        let redraws = self.dragon.is_some() && (self.hero.is_none() || self.exit.is_none());
        if self.no_verify && self.effort.is_some() && !redraws {
            return Err(
                "--effort bounds the solver runs and --no-verify makes none, so it would do nothing"
                    .into(),
            );
        }
        // With several dragons, --order still ranks the others' cells; a
        // table still places the hero (and the other dragons) around it.
        let by_table = self.search == Some(Strategy::Table);
        let idle_with_dragon = search_knobs
            .iter()
            .find(|(flag, given)| {
                *given
                    && (*flag != "--order" || self.dragons == 1)
                    && !(by_table && matches!(*flag, "--search" | "--per-maze"))
            })
            .map(|(flag, _)| flag);
        if let (Some(_), Some(flag)) = (self.dragon, idle_with_dragon) {
            return Err(format!(
                "--dragon is the only candidate the search tries, so {flag} would do nothing"
            ));
        }
        if let (Some(_), Some(strategy)) = (self.per_maze, self.search) {
            if !matches!(strategy, Strategy::Both | Strategy::Table) {
                let name = strategy
                    .to_possible_value()
                    .map_or_else(String::new, |v| v.get_name().to_owned());
                return Err(format!(
                    "--per-maze counts the candidates of --search both or table; with --search {name} it would do nothing"
                ));
            }
        }
        if self.endpoints.is_some() && self.hero.is_some() && self.exit.is_some() {
            return Err(
                "--endpoints places the hero and the exit, and --hero and --exit are both given, so it would do nothing"
                    .into(),
            );
        }
        Ok(())
    }
}

impl Config {
    /// The generator's configuration, as checked.
    pub fn generator(&self) -> &mapgen::Config {
        &self.generator
    }

    /// The seed of the first puzzle.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapgen::Endpoints;

    fn config(args: &[&str]) -> Result<Config, String> {
        let args = crate::cli::parse_from::<Args, _, _>(
            std::iter::once(super::super::PROGRAM).chain(args.iter().copied()),
        )
        .map_err(|e| e.to_string())?;
        args.into_config(|| 99)
    }

    #[test]
    fn difficulty_maps_onto_knobs_and_flags_override() {
        let c = config(&["--difficulty", "hard", "--min-detour", "4"]).unwrap();
        let k = c.generator.knobs;
        assert_eq!((k.min_detour, k.require_backstep), (4, true));
        assert_eq!(c.seed, 99);
        assert!(c.seed_was_picked);
        assert!(!config(&["--seed", "5"]).unwrap().seed_was_picked);
    }

    #[test]
    fn knobs_are_taken_where_they_do_something() {
        for args in [
            &["--per-maze", "2"][..],
            &["--search", "both", "--per-maze", "2"],
            &["--search", "restarts", "--order", "random", "--effort", "9"],
            // The effort bounds the mazes drawn again when the hero or the
            // exit lands on the given dragon.
            &["--no-verify", "--dragon", "1,1", "--effort", "3"],
            &[
                "--no-verify",
                "--dragon",
                "1,1",
                "--hero",
                "0,0",
                "--effort",
                "3",
            ],
            &["--dragon", "1,1", "--effort", "3"],
            &["--hero", "0,0", "--endpoints", "random"],
            &["--exit", "0,0", "--endpoints", "farthest"],
            &["--dragons", "4", "--keys", "16"],
            &["--dragons", "2", "--dragon", "1,1"],
            &["--dragons", "2", "--dragon", "1,1", "--order", "random"],
            // Unchecked, a back-step is not asked for.
            &["--keys", "2", "--no-verify"],
        ] {
            assert!(config(args).is_ok(), "{args:?}: {:?}", config(args).err());
        }
        let c = config(&["--seed", "1"]).unwrap();
        assert_eq!((c.generator.dragons, c.generator.keys), (1, 0));
        assert_eq!(c.generator.search, Search::default());
        assert_eq!(c.generator.endpoints, Endpoints::Farthest);
    }

    #[test]
    fn bad_combinations_are_refused() {
        for (args, words) in [
            (&["--bias", "north=1,east=1"][..], "binary-tree"),
            (&["--newest", "10"], "growing-tree"),
            (&["--count", "3"], "--out-dir"),
            (
                &[
                    "--count",
                    "3",
                    "--out-dir",
                    "d",
                    "--seed",
                    "9007199254740990",
                ],
                "passes the largest seed, 9007199254740991; start from 9007199254740989 at most",
            ),
            (&["--force"], "--out-dir"),
            (&["--format", "json"], "add --stats"),
            (&["-o", "a.txt", "--out-dir", "d"], "cannot be used"),
            (&["--width", "1"], "too small"),
            (&["--braid", "1.5"], "between 0 and 1"),
            (&["--braid", "-0.1"], "between 0 and 1"),
            (&["--width", "-3"], "'-3' is not a width in cells"),
            (&["--braid", "0"], "always catches"),
            (
                &["--braid", "0", "--min-detour", "2", "--endpoints", "random"],
                "loops",
            ),
            (&["--no-verify", "--tie-independent"], "tie-independent"),
            (&["--hero", "0,0", "--exit", "0,0"], "different cells"),
            (&["--hero", "3"], "ROW,COL"),
            (&["--dragons", "0"], "'0' is not a number of dragons"),
            (&["--dragons", "5"], "from 1 to 4"),
            (&["--keys", "17"], "from 0 to 16"),
            (&["--keys", "two"], "'two' is not a number of keys"),
            (&["-W", "2", "-H", "2", "--dragons", "3"], "do not fit"),
            (
                &["--keys", "1", "--require-backstep"],
                "a required back-step cannot be checked",
            ),
            (&["--dragon", "10,0"], "outside"),
            (
                &[
                    "--algorithm",
                    "binary-tree",
                    "--bias",
                    "north=4294967295,east=1",
                ],
                "add up to more than",
            ),
            (
                &["-W", "30000", "-H", "30000", "--no-verify"],
                "memory budget",
            ),
            (
                &["-W", "300", "-H", "300", "--max-memory", "10M"],
                "memory budget",
            ),
            (&["--rooms", "1000000000"], "at most 37"),
            (
                &["-W", "130839946903644830", "-H", "11768112516666978687"],
                "at most 4294967294 fit",
            ),
            (
                &["-W", "18446744073709551615", "-H", "18446744073709551615"],
                "at most 4294967294 fit",
            ),
            (&["--max-memory", "18446744073709551616"], "too large"),
            (
                &["--no-verify", "--search", "restarts"],
                "--search would do nothing",
            ),
            (
                &["--no-verify", "--order", "random"],
                "--order would do nothing",
            ),
            (
                &["--no-verify", "--per-maze", "2"],
                "--per-maze would do nothing",
            ),
            (&["--no-verify", "--effort", "5"], "--effort bounds"),
            (
                &[
                    "--no-verify",
                    "--effort",
                    "5",
                    "--dragon",
                    "1,1",
                    "--hero",
                    "0,0",
                    "--exit",
                    "2,2",
                ],
                "--effort bounds",
            ),
            (
                &["--dragon", "1,1", "--order", "random"],
                "--dragon is the only",
            ),
            (
                &["--dragon", "1,1", "--per-maze", "9"],
                "--dragon is the only",
            ),
            (
                &["--search", "restarts", "--per-maze", "2"],
                "with --search restarts it would do nothing",
            ),
            (
                &["--search", "backtracking", "--per-maze", "2"],
                "with --search backtracking",
            ),
            (
                &["--hero", "0,0", "--exit", "2,2", "--endpoints", "random"],
                "--endpoints places",
            ),
        ] {
            let err = config(args).unwrap_err();
            assert!(err.contains(words), "{args:?}: {err}");
        }
    }
}
