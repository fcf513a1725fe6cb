//! The search's budgets, and the two engines against each other.

use super::*;
use crate::graph::UNREACHABLE;
use crate::search::rules::Ties;

/// A small random map (xorshift from `seed`): open, with pillars and
/// walls at the given per-mille density, sometimes without a border.
pub(super) fn random_map(seed: u64) -> Option<Puzzle> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let (h, w) = (3 + next(10) as usize, 3 + next(10) as usize);
    let density = next(350);
    let mut walls: Vec<bool> = (0..h * w).map(|_| next(1000) < density).collect();
    let mut cell = || {
        let i = next((h * w) as u64) as usize;
        Pos::new(i / w, i % w)
    };
    let (hero, dragon, exit) = (cell(), cell(), cell());
    for p in [hero, dragon, exit] {
        walls[p.row * w + p.col] = false;
    }
    if hero == dragon || hero == exit || dragon == exit {
        return None;
    }
    Puzzle::new(w, h, walls, hero, dragon, exit).ok()
}

/// An open room takes the adversarial search many positions: a budget
/// that holds the oracle but not them ends in the positions' error,
/// naming how many were stored; a larger one solves.
#[test]
fn the_search_stops_at_its_budget() {
    let side = 30;
    let walls = vec![false; side * side];
    let puzzle = Puzzle::new(
        side,
        side,
        walls,
        Pos::new(0, 0),
        Pos::new(0, side - 1),
        Pos::new(side - 1, side - 1),
    )
    .unwrap();
    let solver = Solver::new(&puzzle);
    let with = |max_memory| {
        let mut options = Options {
            max_memory,
            ..Options::default()
        };
        options.rules.ties = Ties::Adversarial;
        solver.solve(&options)
    };
    match with(512 << 10) {
        Err(Error::TooLarge {
            resource: Resource::Positions,
            message,
        }) => assert!(message.contains("positions"), "{message}"),
        other => panic!("expected the positions' budget error, got {other:?}"),
    }
    assert!(with(256 << 20).is_ok());
}

/// A budget whose half cannot hold the default oracle's fixed part,
/// but whose rest after the graph can, still solves, with the same
/// answers (the oracle caches no field); with less, the error names a
/// budget that does.
#[test]
fn an_oracle_past_half_the_budget_still_solves() {
    // A serpentine corridor with one shortcut (a loop, so no closed
    // form), the hero on its last straight: the positions are few.
    let side = 41;
    let walls: Vec<bool> = (0..side * side)
        .map(|i| {
            let (row, col) = (i / side, i % side);
            let turn = if row / 2 % 2 == 0 { side - 1 } else { 0 };
            row % 2 == 1 && col != turn && !(row == 1 && col == side / 2)
        })
        .collect();
    let puzzle = Puzzle::new(
        side,
        side,
        walls,
        Pos::new(side - 1, 0),
        Pos::new(side / 2, side / 2),
        Pos::new(side - 1, side - 1),
    )
    .unwrap();
    let solver = Solver::new(&puzzle);
    let n = solver.graph.len();
    let fixed = crate::dragon::BfsFields::bytes_needed(n, 0);
    let held = solver.graph.bytes() + n * size_of::<u32>() + solver.hanging.bytes();
    for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
        let mut options = Options::default();
        options.rules.ties = ties;
        let roomy = solver.solve(&options).unwrap();
        // Room for the line of play beside the oracle's fixed part.
        let tight = Options {
            max_memory: held + (fixed + fixed / 4).max(solver.line_bytes()),
            ..options
        };
        assert!(
            tight.max_memory / 2 < fixed,
            "{n} cells, {held} held, {fixed} fixed, {} line",
            solver.line_bytes()
        );
        assert_eq!(solver.solve(&tight).unwrap(), roomy, "{ties:?}");
        // Short of the oracle's fixed part: refused before the search,
        // for the oracle or for the line it would leave no room for.
        let short = Options {
            max_memory: held + fixed - 1,
            ..options
        };
        let error = solver.solve(&short).unwrap_err();
        assert!(
            matches!(error, Error::TooLarge { .. }) && error.to_string().contains("needs"),
            "{error}"
        );
    }
}

#[test]
fn the_oracle_share_follows_the_budget() {
    for max_memory in [1 << 20, 4 << 30, 16 << 30] {
        let options = Options {
            max_memory,
            ..Options::default()
        };
        assert_eq!(options.oracle_budget(), max_memory / 2);
    }
    let capped = Options {
        oracle_memory: 1 << 20,
        ..Options::default()
    };
    assert_eq!(capped.oracle_budget(), 1 << 20);
}

/// Every rule set of one dragon: the three tie rules, at speeds 1 and 2,
/// with and without waiting.
pub(super) fn every_rule_set() -> Vec<Rules> {
    let mut all = Vec::new();
    for ties in [
        Ties::default(),
        Ties::Priority("RDLU".parse().unwrap()),
        Ties::Adversarial,
        Ties::Optimistic,
    ] {
        for speed in [1, 2] {
            for wait in [false, true] {
                all.push(Rules {
                    ties,
                    speed: rules::Speed::new(speed).unwrap(),
                    wait,
                });
            }
        }
    }
    all
}

/// The official game through both engines: the pair search, with its
/// shortcuts, and the general engine, with one dragon and no locks, from
/// several starts of many random maps under every rule set: the same
/// outcome, the same ending and a line as long.
#[test]
fn the_pair_search_and_the_general_engine_agree() {
    let progress = Progress::default();
    let (mut compared, mut escapes, mut caught) = (0, 0, 0);
    for seed in 0..160 {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        let solver = Solver::new(&puzzle);
        let n = solver.graph.len() as u32;
        // The map's start, and a few others spread over the pairs.
        let starts = (0..4u32).map(|k| {
            let pick = (seed as u32)
                .wrapping_mul(2_654_435_761)
                .wrapping_add(k * 7919)
                % (n * n);
            match k {
                0 => (solver.graph.hero(), solver.graph.dragon()),
                _ => (CellId(pick / n), CellId(pick % n)),
            }
        });
        for (hero, dragon) in starts.filter(|(h, d)| h != d) {
            let at = Position::pair(hero, dragon);
            for rules in every_rule_set() {
                let options = Options {
                    rules,
                    ..Options::default()
                };
                let pair = solver.solve_with(&at, &options, &progress, Engine::Pair);
                let general = solver.solve_with(&at, &options, &progress, Engine::General);
                let (pair, general) = (pair.unwrap(), general.unwrap());
                let context = format!("seed {seed}, {hero:?} {dragon:?}, {rules:?}");
                assert_eq!(pair.outcome, general.outcome, "{context}");
                let stuck = Outcome::Caught {
                    line: Ending::Stuck,
                };
                let escaped = pair.outcome.steps().is_some();
                if escaped || pair.outcome == stuck {
                    assert_eq!(pair.turns.len(), general.turns.len(), "{context}");
                }
                escapes += usize::from(escaped);
                caught += usize::from(pair.outcome.is_caught());
                compared += 1;
            }
        }
    }
    assert!(
        compared > 5_000 && escapes > 2_000 && caught > 500,
        "too few cases: {compared} compared, {escapes} escapes, {caught} caught"
    );
}

/// Numbers below `n`, drawn by xorshift from `seed`.
pub(super) fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    }
}

/// A random perfect maze (a spanning tree of a grid of cells, walls
/// between) of `w` x `h` cells with the hero, the exit and `dragons`
/// dragons on distinct cells.
fn random_tree(seed: u64, w: usize, h: usize, dragons: usize) -> Puzzle {
    let mut next = xorshift(seed);
    let (tw, th) = (2 * w + 1, 2 * h + 1);
    let mut walls = vec![true; tw * th];
    let mut seen = vec![false; w * h];
    let mut stack = vec![next(w * h)];
    seen[stack[0]] = true;
    walls[(2 * (stack[0] / w) + 1) * tw + 2 * (stack[0] % w) + 1] = false;
    while let Some(&c) = stack.last() {
        let (r, col) = (c / w, c % w);
        let around: Vec<usize> = [
            (r > 0).then(|| c - w),
            (col > 0).then(|| c - 1),
            (r + 1 < h).then(|| c + w),
            (col + 1 < w).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&m| !seen[m])
        .collect();
        if around.is_empty() {
            stack.pop();
            continue;
        }
        let m = around[next(around.len())];
        seen[m] = true;
        let (mr, mc) = (m / w, m % w);
        walls[(2 * mr + 1) * tw + 2 * mc + 1] = false;
        walls[(r + mr + 1) * tw + col + mc + 1] = false;
        stack.push(m);
    }
    let mut cells: Vec<Pos> = (0..w * h)
        .map(|c| Pos::new(2 * (c / w) + 1, 2 * (c % w) + 1))
        .collect();
    let mut pick = || cells.swap_remove(next(cells.len()));
    let (hero, exit) = (pick(), pick());
    let all: Vec<Pos> = (0..dragons).map(|_| pick()).collect();
    Puzzle::new(tw, th, walls, hero, all[0], exit)
        .unwrap()
        .with_pieces(all, Vec::new(), Vec::new())
        .unwrap()
}

/// The closed form of loop-free maps with several dragons gives the
/// answer of the whole search (the reference oracle takes no shortcut),
/// and a line the rules allow, on many random perfect mazes with two and
/// three dragons; a caught hero's plain answer skips the line.
#[test]
fn the_closed_form_with_several_dragons_is_the_search() {
    let (mut escapes, mut caught) = (0, 0);
    for seed in 0..400 {
        let dragons = 2 + seed as usize % 2;
        let puzzle = random_tree(seed, 3 + seed as usize % 4, 2 + seed as usize % 3, dragons);
        let solver = Solver::new(&puzzle);
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            let mut options = Options::default();
            options.rules.ties = ties;
            let closed = solver.solve(&options).unwrap();
            let reference = solver
                .solve(&Options {
                    oracle: OracleKind::FloydWarshall,
                    ..options
                })
                .unwrap();
            let map = puzzle.to_ascii();
            assert_eq!(closed.outcome, reference.outcome, "{ties:?}\n{map}");
            if closed.outcome.is_caught() {
                caught += 1;
                let plain = solver.solve(&Options {
                    caught_line: false,
                    ..options
                });
                assert_eq!(
                    plain.unwrap().outcome,
                    Outcome::Caught {
                        line: Ending::Skipped { endless: false }
                    },
                    "{map}"
                );
                continue;
            }
            escapes += 1;
            assert_eq!(closed.stats.method, solution::Method::LoopFree, "{map}");
            // Every turn is legal and every dragon replies by its rule.
            let mut at = solver.start_position();
            for (turn, pieces) in closed.turns.iter().zip(&closed.pieces) {
                let (to, locks) = solver.step_at(&at, turn.step, options.rules).unwrap();
                let next = solver
                    .reply_at(&at, to, locks, &Options::default(), &mut Default::default())
                    .unwrap();
                assert_eq!(solver.graph.pos(next.hero), turn.hero, "{map}");
                assert_eq!(solver.graph.pos(next.dragons.first()), turn.dragon, "{map}");
                let others: Vec<Pos> = pieces.others.iter().collect();
                let expected: Vec<Pos> = next.dragons.sorted()[1..]
                    .iter()
                    .map(|&d| solver.graph.pos(d))
                    .collect();
                assert_eq!(others, expected, "{map}");
                at = next;
            }
            assert_eq!(at.hero, solver.graph.exit(), "{map}");
        }
    }
    assert!(
        escapes > 100 && caught > 100,
        "too few cases: {escapes} escapes, {caught} caught"
    );
}

/// Checks the proof search against the retrograde analysis from `start`:
/// the same value, and every position of either line worth the moves
/// left and no fewer; a lost start proved in no bound. Returns whether
/// the start was proved, and how many answers the memo gave as out of
/// reach of the dragons.
pub(super) fn the_proof_agrees<K: backward::Kind>(
    game: &mut turn::Game<'_>,
    kind: &K,
    start: K::Position,
    exit_distance: &[u32],
    context: &str,
) -> (bool, u64)
where
    K::Position: std::hash::Hash + Eq,
{
    use backward::{Deepening, proof};
    let free = exit_distance[K::hero(&start).index()];
    let how = Deepening {
        first: free,
        horizon: None,
        whole: true,
    };
    let analysis = backward::deepen(game, kind, start, exit_distance, how, &mut Stats::default());
    let mut prover = proof::Prover::new(kind, exit_distance, u64::MAX);
    let step = backward::step(game);
    let proved = match analysis {
        Ok(line) => {
            let v = (line.len() - 1) as u32;
            assert!(prover.proves(game, start, v).unwrap(), "{context}");
            if v >= step {
                let less = prover.proves(game, start, v - step).unwrap();
                assert!(!less, "proved in less: {context}");
            }
            // The two lines may break ties apart (the proof tries the
            // moves nearest the exit first, and the analysis may stop at a
            // bound below the value): the proof's is as long, and each
            // position of the analysis's is worth the moves left, no fewer.
            let played = prover.line(game, start, v).unwrap();
            assert_eq!(played.len(), line.len(), "{context}");
            for line in [&line, &played] {
                for (k, &at) in line.iter().enumerate().take(line.len() - 1) {
                    let left = v - k as u32;
                    assert!(
                        prover.proves(game, at, left).unwrap(),
                        "position {k}: {context}"
                    );
                    if left >= step {
                        let less = prover.proves(game, at, left - step);
                        assert!(!less.unwrap(), "position {k} in less: {context}");
                    }
                }
            }
            true
        }
        Err(_) => {
            for r in free..free + 30 {
                let some = prover.proves(game, start, r).unwrap();
                assert!(!some, "lost, proved in {r}: {context}");
            }
            false
        }
    };
    (proved, prover.out_of_reach)
}

/// The proof search over whole positions agrees with the retrograde
/// analysis (see [`the_proof_agrees`]), with two dragons, at speeds 1 and
/// 2, with and without waiting (the bounds then go up one at a time), on
/// many random maps; many answers come from the dragons being out of
/// reach (see `backward::proof`).
#[test]
fn the_proof_search_plays_as_the_analysis_on_whole_positions() {
    let (mut proved, mut lost, mut out_of_reach) = (0, 0, 0);
    for seed in 0..500 {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        // A second dragon on the free cell farthest along in reading order.
        let (w, h) = (puzzle.width(), puzzle.height());
        let taken = [puzzle.hero(), puzzle.dragon(), puzzle.exit()];
        let Some(second) = (0..w * h)
            .rev()
            .map(|i| Pos::new(i / w, i % w))
            .find(|&p| puzzle.is_free(p) && !taken.contains(&p))
        else {
            continue;
        };
        let puzzle = puzzle
            .clone()
            .with_pieces(vec![puzzle.dragon(), second], Vec::new(), Vec::new())
            .unwrap();
        let solver = Solver::new(&puzzle);
        let graph = solver.graph();
        let at = solver.start_position();
        let free = solver.exit_distance[at.hero.index()];
        if free == UNREACHABLE || at.hero == graph.exit() {
            continue;
        }
        for (speed, wait) in [(1, false), (1, true), (2, false)] {
            let rules = Rules {
                ties: Ties::Adversarial,
                speed: rules::Speed::new(speed).unwrap(),
                wait,
            };
            let maps = ground::DoorMaps::new(0);
            let terrain = ground::Terrain::new(graph, &solver.layout, &maps);
            let oracles =
                ground::Oracles::built(&terrain, OracleKind::Bfs, 1 << 24, false).unwrap();
            let start = (at.hero, at.dragons.first());
            let mut game = turn::Game::on(terrain, start, oracles, rules, usize::MAX);
            let wide = backward::Wide {
                dragons: 2,
                stride: solver.layout.stride(),
                dead_ends: None,
            };
            let context = format!("seed {seed}, {rules:?}\n{}", puzzle.to_ascii());
            let exit = &solver.exit_distance;
            let (won, asked) = the_proof_agrees(&mut game, &wide, at, exit, &context);
            proved += usize::from(won);
            lost += usize::from(!won);
            out_of_reach += asked;
        }
    }
    assert!(
        proved > 200 && lost > 40 && out_of_reach > 1000,
        "too few cases: {proved} proved, {lost} lost, {out_of_reach} out of reach"
    );
}

/// A solve uses a second thread only where the options allow one.
#[test]
fn threads_follow_the_options() {
    assert!(!Options::default().with_threads(1).two_threads());
    assert!(Options::default().with_threads(2).two_threads());
    let machine = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(Options::default().two_threads(), machine >= 2);
}
