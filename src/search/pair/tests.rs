//! The pair search's shortcuts against the full search: the dead-end
//! rule, the pocket jumps and the proof search keep every answer.

use super::acyclic;
use super::chase;
use super::cuts;
use super::given_up;
use super::pockets;
use crate::dragon::OracleKind;
use crate::graph::{CellId, Graph, UNREACHABLE};
use crate::search::backward::{self, Deepening, Pairs};
use crate::search::rules::{Rules, Speed, Ties};
use crate::search::solution::{Ending, Stats};
use crate::search::tests::{random_map, the_proof_agrees, xorshift};
use crate::search::turn::Game;
use crate::search::{Options, Solver};

/// Calls `each(seed, start, solver, hero, dragon)` for one in `every`
/// of the starts on the random maps of seeds `0..seeds`: the hero off
/// the exit and able to reach it, the dragon not next to it.
fn each_start(seeds: u64, every: u32, mut each: impl FnMut(u64, u32, &Solver, CellId, CellId)) {
    for seed in 0..seeds {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        let solver = Solver::new(&puzzle);
        let graph = solver.graph();
        let n = graph.len() as u32;
        for start in 0..n * n {
            let (hero, dragon) = (CellId(start / n), CellId(start % n));
            if start % every != seed as u32 % every || graph.touches(hero, dragon) {
                continue;
            }
            if hero == graph.exit() || solver.exit_distance[hero.index()] == UNREACHABLE {
                continue;
            }
            each(seed, start, &solver, hero, dragon);
        }
    }
}

/// Calls `each(seed, start, solver, (hero, dragon), rules)` for the
/// starts of [`each_start`] the pocket rule's tests use, under two
/// priority rules, with and without waiting.
pub(super) fn each_priority_start(
    mut each: impl FnMut(u64, u32, &Solver, (CellId, CellId), Rules),
) {
    each_start(150, 7, |seed, start, solver, hero, dragon| {
        let ties = [Ties::default(), Ties::Priority("RDLU".parse().unwrap())];
        for (ties, wait) in ties.into_iter().flat_map(|t| [(t, false), (t, true)]) {
            let rules = Rules {
                ties,
                wait,
                ..Rules::default()
            };
            each(seed, start, solver, (hero, dragon), rules);
        }
    });
}

/// The tie rules under which the dragon's reply is one cell: the official
/// priority, another one, and the optimistic bound.
fn deterministic_ties() -> [Ties; 3] {
    [
        Ties::default(),
        Ties::Priority("RDLU".parse().unwrap()),
        Ties::Optimistic,
    ]
}

/// A game on `graph` from `start` under `rules`, with the default oracle
/// and no memory limit.
pub(super) fn fresh_game(graph: &Graph, start: (CellId, CellId), rules: Rules) -> Game<'_> {
    let oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
    Game::new(graph, start, oracle, rules, usize::MAX)
}

/// The escape search with no shortcut: the line, or `None` when the hero
/// is caught.
fn plain_chase(game: &mut Game<'_>, solver: &Solver) -> Option<Vec<(CellId, CellId)>> {
    chase::search(
        game,
        &solver.exit_distance,
        chase::Reversals::Allowed,
        None,
        None,
        chase::Limit::NONE,
        &mut Stats::default(),
    )
}

/// The escape search with the dead-end rule and the jumps of `pockets`,
/// if any, counting into `stats`.
pub(super) fn jumping_chase(
    game: &mut Game<'_>,
    solver: &Solver,
    pockets: Option<&mut pockets::Pockets<'_>>,
    stats: &mut Stats,
) -> Option<Vec<(CellId, CellId)>> {
    chase::search(
        game,
        &solver.exit_distance,
        chase::Reversals::Allowed,
        Some(&solver.hanging),
        pockets,
        chase::Limit::NONE,
        stats,
    )
}

/// The longest line of a caught hero from `start` by the whole analysis
/// (every reachable position; `finite` when the game is known to end), how
/// it ends and the positions stored.
fn whole_line(
    game: &mut Game<'_>,
    start: (CellId, CellId),
    finite: bool,
) -> (Vec<(CellId, CellId)>, Ending, u64) {
    let pairs = Pairs { dead_ends: None };
    let mut stats = Stats::default();
    let kinds = (&pairs, &pairs);
    let (line, ending) =
        backward::caught(game, kinds, start, None, finite, true, &mut stats).unwrap();
    (line, ending, stats.states_stored)
}

/// Leaving out the steps deep into dead ends (see [`hanging`]) never
/// changes whether or how fast the hero escapes, under priority rules
/// and the optimistic one, with and without waiting, against a dragon of
/// speed 1, 2 and 3, from many starts on many maps.
#[test]
fn the_dead_end_rule_keeps_every_escape_length() {
    let (mut pruned, mut escapes, mut waited, mut fast) = (0, 0, 0, [0, 0]);
    each_start(100, 11, |seed, start, solver, hero, dragon| {
        let graph = solver.graph();
        let ties = deterministic_ties();
        let rule_sets = ties.into_iter().flat_map(|t| {
            [
                (t, false, 1),
                (t, true, 1),
                (t, false, 2),
                (t, true, 2),
                (t, false, 3),
            ]
        });
        for (ties, wait, speed) in rule_sets {
            let rules = Rules {
                ties,
                wait,
                speed: Speed::new(speed).unwrap(),
                ..Rules::default()
            };
            let mut lengths = [None, None];
            let mut stored = [0, 0];
            for (i, hanging) in [None, Some(&solver.hanging)].into_iter().enumerate() {
                let mut game = fresh_game(graph, (hero, dragon), rules);
                let mut stats = Stats::default();
                let line = chase::search(
                    &mut game,
                    &solver.exit_distance,
                    chase::Reversals::Allowed,
                    hanging,
                    None,
                    chase::Limit::NONE,
                    &mut stats,
                );
                lengths[i] = line.map(|l| l.len());
                stored[i] = stats.states_stored;
            }
            assert_eq!(
                lengths[0], lengths[1],
                "seed {seed}, start {start}, {ties:?}, waiting {wait}, speed {speed}"
            );
            escapes += usize::from(lengths[0].is_some());
            pruned += usize::from(stored[1] < stored[0]);
            // Escapes with waiting on where the rule left steps out; and
            // against a faster dragon, escapes, and games where it left
            // steps out (there the hero is caught either way: the dragon
            // leaves no time for a detour).
            let kept = stored[1] < stored[0];
            waited += usize::from(wait && kept && lengths[0].is_some());
            fast[0] += usize::from(speed > 1 && lengths[0].is_some());
            fast[1] += usize::from(speed > 1 && kept);
        }
    });
    assert!(
        escapes > 60_000 && pruned > 5_000 && waited > 400 && fast[0] > 10_000 && fast[1] > 3_000,
        "too few cases: {escapes} escapes, {pruned} pruned, {waited} waiting and pruned, \
         {fast:?} escapes and pruned against a faster dragon"
    );
}

/// Jumping over the dragon's walks to pockets (see [`cuts`]) never
/// changes whether or how fast the hero escapes, under two priority
/// rules, with and without waiting, from many starts on many maps; the
/// line it gives is one the rules allow: a step or a wait a turn, never
/// onto or next to the dragon, and the dragon's replies its own.
#[test]
fn the_pocket_rule_keeps_every_escape_length() {
    let (mut jumped, mut escapes, mut budgeted, mut waited) = (0, 0, 0, 0);
    each_priority_start(|seed, start, solver, (hero, dragon), rules| {
        let graph = solver.graph();
        let ties = rules.ties;
        // Without the rule, with it, and with the dragon's walks stepped
        // out instead of its distances asked, soon out of questions (then
        // only walks known to their end serve).
        let mut lines = [None, None, None];
        let mut stored = [0, 0, 0];
        for (i, budget) in [None, Some(u64::MAX / 4), Some(6)].into_iter().enumerate() {
            let mut pockets = budget.map(|budget| {
                let mut pockets =
                    pockets::Pockets::new(&solver.hanging, &solver.exit_distance, rules.wait);
                pockets.walk_budget = budget;
                pockets.walk_share = 0;
                pockets.distances = i == 1;
                pockets
            });
            let mut game = fresh_game(graph, (hero, dragon), rules);
            let mut stats = Stats::default();
            lines[i] = jumping_chase(&mut game, solver, pockets.as_mut(), &mut stats);
            stored[i] = stats.states_stored;
        }
        let lengths = lines.each_ref().map(|l| l.as_ref().map(Vec::len));
        assert_eq!(
            lengths[0], lengths[1],
            "seed {seed}, start {start}, {ties:?}"
        );
        assert_eq!(
            lengths[0], lengths[2],
            "seed {seed}, start {start}, {ties:?}, few questions"
        );
        budgeted += usize::from(stored[2] != stored[1]);
        let [_, Some(line), budgeted_line] = &lines else {
            return;
        };
        for line in [Some(line), budgeted_line.as_ref()].into_iter().flatten() {
            let oracle = OracleKind::Bfs.build(graph, 1 << 24).unwrap();
            let mut game = Game::new(graph, (hero, dragon), oracle, rules, 0);
            assert_eq!(line[0], (hero, dragon));
            assert_plays_by_the_rules(&mut game, line, seed);
        }
        escapes += 1;
        jumped += usize::from(stored[1] < stored[0]);
        waited += usize::from(stored[1] < stored[0] && rules.wait);
    });
    assert!(
        escapes > 100_000 && jumped > 3_000 && budgeted > 400 && waited > 1_500,
        "too few cases: {escapes} escapes, {jumped} with jumps ({waited} waiting), \
         {budgeted} short of questions"
    );
}

/// A small braided maze (xorshift from `seed`): a depth-first maze of 3
/// to 8 cells a side with a few walls between cells opened, so that loops
/// join long corridors with no cut cell between their cells, and the
/// hero, dragon and exit on random cells.
fn braided_maze(seed: u64) -> Option<crate::puzzle::Puzzle> {
    use crate::puzzle::{Pos, Puzzle};
    let mut next = xorshift(seed);
    let (ch, cw) = (3 + next(6), 3 + next(6));
    let (h, w) = (2 * ch + 1, 2 * cw + 1);
    let mut walls = vec![true; h * w];
    let tile = |r: usize, c: usize| (2 * r + 1) * w + 2 * c + 1;
    let mut seen = vec![false; ch * cw];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    seen[0] = true;
    walls[tile(0, 0)] = false;
    while let Some(&(r, c)) = stack.last() {
        let around: Vec<(usize, usize)> = [(0usize, 1usize), (2, 1), (1, 0), (1, 2)]
            .into_iter()
            .filter_map(|(dr, dc)| Some(((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?)))
            .filter(|&(nr, nc)| nr < ch && nc < cw && !seen[nr * cw + nc])
            .collect();
        if around.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = around[next(around.len())];
        seen[nr * cw + nc] = true;
        walls[tile(nr, nc)] = false;
        walls[(tile(r, c) + tile(nr, nc)) / 2] = false;
        stack.push((nr, nc));
    }
    // Open a few walls between two cells: loops.
    for _ in 0..1 + next(3) {
        let (r, c) = (1 + next(h - 2), 1 + next(w - 2));
        if (r + c) % 2 == 1 {
            walls[r * w + c] = false;
        }
    }
    let mut cell = || Pos::new(2 * next(ch) + 1, 2 * next(cw) + 1);
    let (hero, dragon, exit) = (cell(), cell(), cell());
    if hero == dragon || hero == exit || dragon == exit {
        return None;
    }
    Puzzle::new(w, h, walls, hero, dragon, exit).ok()
}

/// Jumping over the dragon's walk towards a corridor's end (the shadow
/// rule, see [`pockets`]) never changes whether or how fast the hero
/// escapes, on small braided mazes under two priority rules, with and
/// without waiting: the same as with no shortcut, from starts with the
/// hero in a corridor; the line it gives is one the rules allow.
#[test]
fn the_shadow_rule_keeps_every_escape_length() {
    let (mut shadowed, mut cut_short, mut head_on, mut escapes) = (0, 0, 0, 0);
    for seed in 0..200 {
        let Some(puzzle) = braided_maze(seed) else {
            continue;
        };
        let solver = Solver::new(&puzzle);
        let graph = solver.graph();
        let n = graph.len() as u32;
        // The hero in a corridor (two neighbours), the dragon not near.
        for start in (0..n * n).filter(|s| s % 10 == seed as u32 % 10) {
            let (hero, dragon) = (CellId(start / n), CellId(start % n));
            let corridor = graph.neighbors(hero).count() == 2;
            if !corridor || graph.within(hero, dragon, 3) || hero == graph.exit() {
                continue;
            }
            let orders = [Ties::default(), Ties::Priority("RDLU".parse().unwrap())];
            let rule_sets = orders.into_iter().flat_map(|t| [(t, false), (t, true)]);
            for (ties, wait) in rule_sets {
                let rules = Rules::default().with_ties(ties).with_wait(wait);
                let mut lengths = [None; 2];
                let mut line = None;
                for (i, shadows) in [false, true].into_iter().enumerate() {
                    let mut pockets = shadows.then(|| {
                        pockets::Pockets::new(&solver.hanging, &solver.exit_distance, wait)
                    });
                    let mut game = fresh_game(graph, (hero, dragon), rules);
                    let stats = &mut Stats::default();
                    let found = jumping_chase(&mut game, &solver, pockets.as_mut(), stats);
                    lengths[i] = found.as_ref().map(Vec::len);
                    if let Some(pockets) = pockets {
                        let (jumps, cut, straight) = pockets.shadow_jumps();
                        shadowed += usize::from(jumps > 0);
                        cut_short += usize::from(cut > 0);
                        head_on += usize::from(straight > 0);
                        line = found;
                    }
                }
                assert_eq!(
                    lengths[0], lengths[1],
                    "seed {seed}, start {start}, {ties:?}, waiting {wait}"
                );
                if let Some(line) = line {
                    let mut game = fresh_game(graph, (hero, dragon), rules);
                    assert_eq!(line[0], (hero, dragon));
                    assert_plays_by_the_rules(&mut game, &line, seed);
                    escapes += 1;
                }
            }
        }
    }
    assert!(
        escapes > 50_000 && shadowed > 600 && cut_short > 0 && head_on > 400,
        "too few cases: {escapes} escapes, {shadowed} with the shadow rule, \
         {cut_short} with ways past cut short, {head_on} with the head-on rule"
    );
}

/// Every position the pocket rule leaves out as covered by an
/// arrival's first jump (see [`cuts`]) is one the game reaches from the
/// first jump's position in the turns between: the hero steps back and
/// forth with a neighbour in the pocket (after a wait, for an odd number
/// of turns with waiting on), never onto or next to the dragon, and the
/// dragon, replying, ends on the left-out position's cell.
#[test]
fn a_left_out_position_is_reached_from_the_first_jump() {
    let mut checked = 0;
    each_priority_start(|seed, start, solver, (hero, dragon), rules| {
        let graph = solver.graph();
        let ties = rules.ties;
        let mut pockets = pockets::Pockets::new(&solver.hanging, &solver.exit_distance, rules.wait);
        let mut game = fresh_game(graph, (hero, dragon), rules);
        jumping_chase(&mut game, solver, Some(&mut pockets), &mut Stats::default());
        let covers = pockets.covers.take();
        let pocket = cuts::Cuts::new(graph);
        for (left_out, g, c, ((at, first), first_g)) in covers {
            let other = graph
                .neighbors(at)
                .map(|(_, n)| n)
                .find(|&n| pocket.in_pocket(n, c))
                .expect("the hero has a neighbour in its pocket");
            let (mut hero, mut dragon) = (at, first);
            // An odd gap (waiting on) starts with a wait.
            let waits = (g - first_g) % 2;
            assert!(
                waits == 0 || rules.wait,
                "seed {seed}, start {start}: a wait"
            );
            for turn in 0..g - first_g {
                hero = match turn.checked_sub(waits) {
                    None => at,
                    Some(turn) if turn % 2 == 0 => other,
                    Some(_) => at,
                };
                assert!(
                    hero != dragon && !graph.touches(hero, dragon),
                    "seed {seed}, start {start}: a legal step"
                );
                game.dragon_replies(dragon, hero, |reply| dragon = reply);
            }
            assert_eq!(
                (hero, dragon),
                left_out,
                "seed {seed}, start {start}, {ties:?}"
            );
            checked += 1;
        }
    });
    assert!(checked > 1_000, "too few positions left out: {checked}");
}

/// The cut tree's pockets and climbs agree with their definitions: the
/// pocket of `c` is what the exit cannot reach without `c`, and the
/// rule's pocket for `(hero, dragon)` is the smallest such one holding
/// the hero (not on `c`) but not the dragon; the climb's end is the
/// largest.
#[test]
fn pockets_are_what_the_exit_cannot_reach_without_their_cut_cell() {
    let mut pockets = 0;
    for seed in 0..300 {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        let graph = Graph::new(&puzzle);
        let cuts = cuts::Cuts::new(&graph);
        let n = graph.len();
        let reach = |without: usize| {
            let mut seen = vec![false; n];
            let mut stack = vec![graph.exit()];
            seen[graph.exit().index()] = true;
            while let Some(at) = stack.pop() {
                for (_, m) in graph.neighbors(at) {
                    if m.index() != without && !seen[m.index()] {
                        seen[m.index()] = true;
                        stack.push(m);
                    }
                }
            }
            seen
        };
        let everywhere = reach(usize::MAX);
        // The pocket of each cell that splits the exit's part.
        let mut of: Vec<(CellId, Vec<bool>)> = Vec::new();
        for c in (0..n).filter(|&c| everywhere[c] && c != graph.exit().index()) {
            let without = reach(c);
            let pocket: Vec<bool> = (0..n)
                .map(|x| x == c || (everywhere[x] && !without[x]))
                .collect();
            if pocket.iter().filter(|&&p| p).count() > 1 {
                for (x, &inside) in pocket.iter().enumerate() {
                    assert_eq!(cuts.in_pocket(CellId(x as u32), CellId(c as u32)), inside);
                }
                of.push((CellId(c as u32), pocket));
            }
        }
        for hero in (0..n).filter(|&x| everywhere[x]) {
            for dragon in (0..n).filter(|&x| everywhere[x] && x != hero) {
                let holding = of
                    .iter()
                    .filter(|(c, p)| c.index() != hero && p[hero] && !p[dragon]);
                let size = |(_, p): &&(CellId, Vec<bool>)| p.iter().filter(|&&x| x).count();
                let nearest = holding.clone().min_by_key(size).map(|(c, _)| *c);
                let farthest = holding.max_by_key(size).map(|(c, _)| *c);
                let found = cuts.pocket(CellId(hero as u32), CellId(dragon as u32));
                assert_eq!(found.map(|f| f.0), nearest, "seed {seed}");
                assert_eq!(found.map(|f| f.1), farthest, "seed {seed}");
                pockets += usize::from(found.is_some());
            }
        }
    }
    assert!(pockets > 10_000, "too few pockets: {pockets}");
}

/// The proof search and the retrograde analysis agree on the official
/// game's pairs (see `search::tests::the_proof_agrees`: the value, and the
/// value of every position of either line), at speed 1, and on a third of
/// the maps also with waiting and at speed 2; many answers come from the
/// dragon being out of reach (see `backward::proof`). The analysis is
/// checked against the brute force by the integration tests; the proof
/// search is reached there only on maps too large for it.
#[test]
fn the_proof_search_plays_as_the_analysis() {
    let (mut proved, mut lost, mut out_of_reach) = (0, 0, 0);
    for seed in 0..3000 {
        let Some(puzzle) = random_map(seed) else {
            continue;
        };
        let solver = Solver::new(&puzzle);
        let graph = solver.graph();
        let start = (graph.hero(), graph.dragon());
        let free = solver.exit_distance[start.0.index()];
        if free == UNREACHABLE || start.0 == graph.exit() {
            continue;
        }
        let variants: &[(u32, bool)] = match seed % 3 {
            0 => &[(1, false), (1, true), (2, false)],
            _ => &[(1, false)],
        };
        for &(speed, wait) in variants {
            let rules = Rules {
                ties: Ties::Adversarial,
                speed: Speed::new(speed).unwrap(),
                wait,
            };
            let oracle = Options::default().oracle.build(graph, 1 << 24).unwrap();
            let mut game = Game::new(graph, start, oracle, rules, usize::MAX);
            let context = format!("seed {seed}, {rules:?}");
            let pairs = Pairs { dead_ends: None };
            let exit = &solver.exit_distance;
            let (won, asked) = the_proof_agrees(&mut game, &pairs, start, exit, &context);
            proved += usize::from(won);
            lost += usize::from(!won);
            out_of_reach += asked;
        }
    }
    assert!(
        proved > 500 && lost > 50 && out_of_reach > 1000,
        "too few cases: {proved} proved, {lost} lost, {out_of_reach} out of reach"
    );
}

/// The default rule's line is the adversarial answer whenever the hero,
/// walking its cells, escapes against every choice of the dragon (see
/// `backward::escapes_every_reply`), and so is a walk straight to the exit
/// that escapes every choice (`backward::straight_escape`), a line the
/// rules allow: the retrograde analysis finds the same value, from many
/// starts on many maps, and the first check says yes on many of them and
/// no on some whose answer is the same.
#[test]
fn a_line_that_escapes_every_reply_is_the_adversarial_answer() {
    let (mut held, mut not, mut straight) = (0, 0, 0);
    each_start(40, 11, |seed, start, solver, hero, dragon| {
        let graph = solver.graph();
        let mut game = fresh_game(graph, (hero, dragon), Rules::default());
        let mut stats = Stats::default();
        let reversals = chase::Reversals::Allowed;
        let Some(line) = chase::search(
            &mut game,
            &solver.exit_distance,
            reversals,
            None,
            None,
            chase::Limit::NONE,
            &mut stats,
        ) else {
            return;
        };
        game.ties = Ties::Adversarial;
        let pairs = Pairs { dead_ends: None };
        let holds = backward::escapes_every_reply(&mut game, &pairs, &line, usize::MAX);
        let how = Deepening {
            first: solver.exit_distance[hero.index()],
            horizon: None,
            whole: false,
        };
        let analysis = backward::deepen(
            &mut game,
            &pairs,
            (hero, dragon),
            &solver.exit_distance,
            how,
            &mut stats,
        );
        let value = analysis.ok().map(|l| l.len());
        if holds {
            assert_eq!(value, Some(line.len()), "seed {seed}, start {start}");
            held += 1;
        } else if value == Some(line.len()) {
            not += 1;
        }
        let free = solver.exit_distance[hero.index()];
        let exit_distance = &solver.exit_distance;
        let work = usize::MAX;
        if let Some(walk) =
            backward::straight_escape(&mut game, &pairs, line[0], exit_distance, work)
        {
            assert_eq!(walk.len() as u32, free + 1, "seed {seed}, start {start}");
            assert_eq!(value, Some(walk.len()), "seed {seed}, start {start}");
            assert_plays_by_the_rules(&mut game, &walk, seed);
            straight += 1;
        }
    });
    assert!(
        held > 2_000 && not > 100 && straight > 1_000,
        "too few cases: {held} held, {not} not, {straight} walked straight"
    );
}

/// Each move of `line` is a step (or a wait, with waiting on), never onto
/// or next to the dragon, and
/// each dragon's reply one the rules of `game` allow (the one, under a
/// priority rule).
fn assert_plays_by_the_rules(game: &mut Game<'_>, line: &[(CellId, CellId)], seed: u64) {
    let graph = game.graph;
    for pair in line.windows(2) {
        let ((from, dragon), (to, reply)) = (pair[0], pair[1]);
        let waited = from == to && game.rules().wait;
        assert!(
            waited || graph.neighbors(from).any(|(_, n)| n == to),
            "seed {seed}: a step or a wait"
        );
        assert!(
            !graph.touches(to, dragon),
            "seed {seed}: next to the dragon"
        );
        if to != graph.exit() {
            let mut replies = Vec::new();
            game.dragon_replies(dragon, to, |d| replies.push(d));
            assert!(replies.contains(&reply), "seed {seed}: the dragon's reply");
        }
    }
}

/// A hero deep in a dead end that the dragon reaches first
/// ([`acyclic::trapped`]): the full search finds it caught under every
/// tie rule, never endlessly, and its longest line as long as the closed
/// form's, which the rules allow and which ends with the hero stuck; from
/// many starts on many maps, the dragon at the hero's depth from the mouth
/// (the edge of the rule) among them.
#[test]
fn a_hero_trapped_in_a_dead_end_is_caught_in_closed_form() {
    let (mut trapped, mut edge) = (0, 0);
    each_start(200, 3, |seed, start, solver, hero, dragon| {
        let graph = solver.graph();
        for ties in [
            Ties::default(),
            Ties::Priority("RDLU".parse().unwrap()),
            Ties::Optimistic,
            Ties::Adversarial,
        ] {
            let rules = Rules {
                ties,
                ..Rules::default()
            };
            let mut game = fresh_game(graph, (hero, dragon), rules);
            let hanging = &solver.hanging;
            let Some(closed) = acyclic::trapped(&mut game, hanging, hero, dragon) else {
                continue;
            };
            let case = format!("seed {seed}, start {start}, {ties:?}");
            trapped += 1;
            let (mouth, depth) = hanging.attachment(hero).unwrap();
            edge += usize::from(graph.distances_from(dragon)[mouth.index()] == depth);
            assert!(!closed.escaped, "{case}");
            // The full search: no escape, then the longest line.
            if ties != Ties::Adversarial {
                assert_eq!(plain_chase(&mut game, solver), None, "{case}: an escape");
            }
            if ties == Ties::Optimistic {
                // Its chase is shown under the default order.
                game.ties = Ties::default();
            }
            let (line, ending, _) = whole_line(&mut game, (hero, dragon), false);
            assert_eq!(ending, Ending::Stuck, "{case}");
            assert_eq!(closed.line.len(), line.len(), "{case}: the longest line");
            assert_eq!(closed.line[0], (hero, dragon), "{case}");
            assert_plays_by_the_rules(&mut game, &closed.line, seed);
            let &(last, at) = closed.line.last().unwrap();
            let stuck = graph
                .neighbors(last)
                .all(|(_, n)| n == at || graph.touches(n, at));
            assert!(stuck, "{case}: the line ends with the hero stuck");
        }
    });
    assert!(
        trapped > 3_000 && edge > 1_500,
        "too few cases: {trapped} trapped, {edge} at the edge"
    );
}

/// A faster dragon's longest line found best first ([`given_up`]) is the
/// whole analysis's line, move for move, from every caught start of one in
/// five on random maps: speeds 2 and 3, with and without waiting, under
/// two priority rules; and it numbers fewer positions. One start in four
/// is also searched with a helper asking a share of each batch's questions
/// on another thread, a batch ahead: the same line.
#[test]
fn a_faster_dragons_longest_line_best_first_is_the_whole_analysis_line() {
    let (mut caught, mut fewer, mut long, mut helped) = (0, 0, 0, 0);
    each_start(60, 5, |seed, start, solver, hero, dragon| {
        let graph = solver.graph();
        for (steps, wait, ties) in [2, 3].into_iter().flat_map(|n| {
            [false, true].into_iter().flat_map(move |w| {
                [Ties::default(), Ties::Priority("RDLU".parse().unwrap())].map(|t| (n, w, t))
            })
        }) {
            let rules = Rules {
                ties,
                wait,
                speed: Speed::new(steps).unwrap(),
                ..Rules::default()
            };
            let mut game = fresh_game(graph, (hero, dragon), rules);
            if plain_chase(&mut game, solver).is_some() {
                continue;
            }
            let case = format!("seed {seed}, start {start}, speed {steps}, wait {wait}, {ties:?}");
            caught += 1;
            let (line, ending, stored) = whole_line(&mut game, (hero, dragon), true);
            assert_eq!(ending, Ending::Stuck, "{case}");
            let best_first = given_up::longest_line(
                &mut fresh_game(graph, (hero, dragon), rules),
                None,
                (hero, dragon),
            )
            .unwrap();
            assert_eq!(best_first.line, line, "{case}: the longest line");
            // Its questions shared with a helper on another thread, whose
            // oracle shares the first one's tables.
            if start % 4 == 0 {
                let tables = crate::dragon::Shared::default();
                let oracle = OracleKind::Bfs.build_sharing(graph, 1 << 24, &tables);
                let mut game = Game::new(graph, (hero, dragon), oracle.unwrap(), rules, usize::MAX);
                let make = || OracleKind::Bfs.helper(graph, 1 << 24, &tables);
                let shared = given_up::longest_line(&mut game, Some(&make), (hero, dragon));
                let shared = shared.unwrap();
                assert_eq!(shared.line, line, "{case}: with a helper");
                helped += usize::from(shared.helped > 0);
            }
            fewer += usize::from((best_first.stored as u64) < stored);
            long += usize::from(line.len() > 4);
        }
    });
    assert!(
        caught > 100_000 && fewer > 30_000 && long > 30_000 && helped > 10_000,
        "too few cases: {caught} caught, {fewer} with fewer positions, {long} longer than 3 \
         moves, {helped} where the helper asked"
    );
}

/// Holding each move of the escape search to the moves a faster dragon's
/// distance leaves the hero ([`chase::Limit::gaps`]) keeps the answer and
/// the line, from every start of one in five on random maps: speeds 2 and
/// 3, with and without waiting, two priority rules and the optimistic
/// bound, with back-steps allowed and forbidden; and it stores fewer
/// positions.
#[test]
fn a_faster_dragons_gaps_keep_every_escape() {
    let (mut escapes, mut fewer) = (0, 0);
    each_start(40, 5, |seed, start, solver, hero, dragon| {
        let graph = solver.graph();
        let ties = deterministic_ties();
        for (steps, wait, ties) in [2, 3].into_iter().flat_map(|n| {
            [false, true]
                .into_iter()
                .flat_map(move |w| ties.map(|t| (n, w, t)))
        }) {
            let rules = Rules {
                ties,
                wait,
                speed: Speed::new(steps).unwrap(),
                ..Rules::default()
            };
            for reversals in [chase::Reversals::Allowed, chase::Reversals::Forbidden] {
                let search = |gaps| {
                    let mut game = fresh_game(graph, (hero, dragon), rules);
                    let mut stats = Stats::default();
                    let limit = chase::Limit {
                        moves: usize::MAX,
                        gaps,
                    };
                    let line = chase::search(
                        &mut game,
                        &solver.exit_distance,
                        reversals,
                        None,
                        None,
                        limit,
                        &mut stats,
                    );
                    (line, stats.states_stored)
                };
                let (line, stored) = search(false);
                let (held, held_stored) = search(true);
                let case =
                    format!("seed {seed}, start {start}, speed {steps}, wait {wait}, {ties:?}");
                assert_eq!(held, line, "{case}: the same line");
                assert!(
                    held_stored <= stored,
                    "{case}: {held_stored} > {stored} positions"
                );
                escapes += usize::from(line.is_some());
                fewer += usize::from(held_stored < stored);
            }
        }
    });
    assert!(
        escapes > 40_000 && fewer > 150_000,
        "too few cases: {escapes} escapes, {fewer} with fewer positions"
    );
}
