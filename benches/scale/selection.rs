//! What a run measures: the sizes, families and engines the arguments name,
//! the seeds of each family (fresh from the operating system, given, or the
//! fixed ones), and the runs per case.

use std::collections::hash_map::RandomState;
use std::env;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;
use std::process;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::SIZES;
use crate::engines::Engine;
use crate::families::{KINDS, Kind};

/// Fresh seeds per family when no count is given.
const SEEDS: usize = 5;
/// Fresh seeds are six-digit numbers: short in a table, and no fixed seed.
const FRESH: std::ops::Range<u64> = 100_000..1_000_000;

/// Which cases the arguments ask for.
pub(crate) struct Selection {
    pub(crate) sizes: Vec<usize>,
    /// Each family to run with its seeds (`None` for a family without
    /// randomness: one map a size) and where they came from, in [`KINDS`]
    /// order.
    pub(crate) kinds: Vec<(&'static Kind, Vec<Option<u64>>, Origin)>,
    /// Empty for every engine that runs unless named.
    engines: Vec<Engine>,
    /// The runs of each case, or `None` for the default (5 up to 201 tiles,
    /// 3 above).
    runs: Option<usize>,
    /// The arguments that are not seeds, for the line that replays the run.
    others: Vec<String>,
}

/// Where a family's seeds came from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Drawn for this run.
    Fresh,
    /// The fixed suite's (`fixed`).
    Fixed,
    /// Named by the arguments or `SCALE_SEED`.
    Given,
    /// None: the family has no randomness.
    Unseeded,
}

impl Origin {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Origin::Fresh => "fresh",
            Origin::Fixed => "fixed",
            Origin::Given => "given",
            Origin::Unseeded => "no seed",
        }
    }
}

impl Selection {
    /// Reads the environment (`SCALE_SEEDS`, `SCALE_SEED`, `SCALE_RUNS`),
    /// then the arguments, which win; flags cargo passes (`--bench`) are
    /// skipped.
    pub(crate) fn from_args() -> Result<Selection, String> {
        let from_env = [
            ("SCALE_SEEDS", "seeds"),
            ("SCALE_SEED", "seed"),
            ("SCALE_RUNS", "runs"),
        ]
        .into_iter()
        .filter_map(|(var, word)| Some(format!("{word}={}", env::var(var).ok()?)));
        let args = env::args().skip(1).filter(|a| !a.starts_with('-'));
        Selection::parse(from_env.chain(args))
    }

    fn parse(words: impl Iterator<Item = String>) -> Result<Selection, String> {
        let (mut sizes, mut names, mut engines, mut others) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut count, mut runs, mut fixed) = (None, None, false);
        let (mut every, mut each) = (None, Vec::new());
        for word in words {
            let (key, value) = word.split_once('=').unwrap_or((&word, ""));
            match (key, Kind::named(key)) {
                ("seeds", _) => count = Some(positive(&word, value)?),
                ("runs", _) => runs = Some(positive(&word, value)?),
                ("seed", _) => every = Some(seed_list(&word, value)?),
                (_, Some(kind)) if word.contains('=') => {
                    if !kind.seeded() {
                        return Err(format!("{word}: {} has no seed", kind.name));
                    }
                    names.push(kind.name);
                    each.push((kind.name, seed_list(&word, value)?));
                }
                _ => {
                    others.push(word.clone());
                    if word == "fixed" {
                        fixed = true;
                    } else {
                        name(&word, &mut sizes, &mut names, &mut engines)?;
                    }
                }
            }
        }
        if fixed && count.is_some() {
            return Err("fixed takes the fixed seeds: leave out seeds=N (or SCALE_SEEDS)".into());
        }
        if let Some(n) = runs {
            others.push(format!("runs={n}"));
        }
        if sizes.is_empty() {
            sizes = SIZES.to_vec();
        }
        let mut draw = Fresh::new();
        let kinds = KINDS
            .iter()
            .filter(|k| match names.is_empty() {
                true => !k.hard,
                false => names.contains(&k.name),
            })
            .map(|kind| {
                let given = each.iter().find(|(name, _)| *name == kind.name);
                let (seeds, origin) = match (given.map(|(_, s)| s).or(every.as_ref()), fixed) {
                    _ if !kind.seeded() => return (kind, vec![None], Origin::Unseeded),
                    (Some(seeds), _) => (seeds.clone(), Origin::Given),
                    (None, true) => (kind.fixed.to_vec(), Origin::Fixed),
                    (None, false) => (draw.seeds(count.unwrap_or(SEEDS)), Origin::Fresh),
                };
                (kind, seeds.into_iter().map(Some).collect(), origin)
            })
            .collect();
        Ok(Selection {
            sizes,
            kinds,
            engines,
            runs,
            others,
        })
    }

    pub(crate) fn wants_engine(&self, engine: Engine) -> bool {
        match self.engines.is_empty() {
            true => !engine.on_request(),
            false => self.engines.contains(&engine),
        }
    }

    /// How many times each case runs on a map of `tiles` a side.
    pub(crate) fn runs(&self, tiles: usize) -> usize {
        self.runs.unwrap_or(if tiles <= 201 { 5 } else { 3 })
    }

    /// The arguments that run the same maps again: the ones given, with
    /// every seeded family's seeds named.
    pub(crate) fn replay(&self) -> String {
        let seeds = self
            .kinds
            .iter()
            .filter(|(k, ..)| k.seeded())
            .map(|(k, seeds, _)| {
                let seeds: Vec<String> = seeds.iter().flatten().map(u64::to_string).collect();
                format!("{}={}", k.name, seeds.join(","))
            });
        let others = self.others.iter().filter(|w| *w != "fixed").cloned();
        let words: Vec<String> = others.chain(seeds).collect();
        format!(
            "cargo bench --all-features --bench scale -- {}",
            words.join(" ")
        )
    }
}

/// Reads a size, a family, `hard`, `all` or an engine into its list.
fn name(
    word: &str,
    sizes: &mut Vec<usize>,
    names: &mut Vec<&'static str>,
    engines: &mut Vec<Engine>,
) -> Result<(), String> {
    if let Ok(tiles) = word.parse::<usize>() {
        if tiles < 5 || tiles % 2 == 0 {
            return Err(format!("{tiles}: a side in tiles is odd and at least 5"));
        }
        sizes.push(tiles);
    } else if let Some(kind) = Kind::named(word) {
        names.push(kind.name);
    } else if word == "hard" || word == "all" {
        let hard = word == "hard";
        names.extend(KINDS.iter().filter(|k| k.hard || !hard).map(|k| k.name));
    } else if let Some(engine) = Engine::named(word) {
        engines.push(engine);
    } else {
        let kinds: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        return Err(format!(
            "unknown argument '{word}': give sides in tiles (e.g. 201), families ({}; hard for \
             all the hard ones, all for every one), engine names, fixed, seeds=N, seed=S,S…, \
             FAMILY=S,S… or runs=N",
            kinds.join(", ")
        ));
    }
    Ok(())
}

/// A count of at least 1.
fn positive(word: &str, value: &str) -> Result<usize, String> {
    match value.parse() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{word}: give a whole number from 1")),
    }
}

/// Seeds separated by commas.
fn seed_list(word: &str, value: &str) -> Result<Vec<u64>, String> {
    let seeds: Result<Vec<u64>, _> = value.split(',').map(str::parse).collect();
    match seeds {
        Ok(seeds) if !seeds.is_empty() => Ok(seeds),
        _ => Err(format!("{word}: give seeds as numbers separated by commas")),
    }
}

/// Seeds from the operating system: `/dev/urandom`, the standard library's
/// randomly keyed hasher, the clock and the process id, mixed, then a
/// SplitMix64 sequence.
struct Fresh(u64);

impl Fresh {
    fn new() -> Fresh {
        // Where /dev/urandom cannot be read, the bytes stay zero and the
        // hasher's random keys and the clock remain.
        let mut bytes = [0; 8];
        let _ = File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
        let mut hasher = RandomState::new().build_hasher();
        let now = SystemTime::now().duration_since(UNIX_EPOCH);
        hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
        hasher.write_u32(process::id());
        Fresh(u64::from_le_bytes(bytes) ^ hasher.finish())
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// `n` different fresh seeds.
    fn seeds(&mut self, n: usize) -> Vec<u64> {
        let mut seeds = Vec::with_capacity(n);
        while seeds.len() < n {
            let seed = FRESH.start + self.next() % (FRESH.end - FRESH.start);
            if !seeds.contains(&seed) {
                seeds.push(seed);
            }
        }
        seeds
    }
}
