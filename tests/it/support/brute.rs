//! A deliberately simple brute-force solver, written from docs/RULES.md alone and
//! sharing no code with the library: coordinates as tuples, the cells that
//! are not walls numbered in reading order, distances by BFS, plain
//! breadth-first search, and value iteration over every reachable position
//! for the adversarial dragon and for survival. A faster dragon (`speed`
//! steps a turn, docs/RULES.md "A faster dragon") takes its steps one by
//! one, each by the tie rule. With waiting (docs/RULES.md "Waiting") the
//! hero's cell is one more place it may move to, under the same safety rule
//! as a step.
//!
//! The variants' pieces (docs/RULES.md "Several dragons", "Keys and doors"):
//! a [`Position`] is the hero's cell, the *set* of dragon cells (sorted, each
//! once: dragons that end on one cell merge), the keys taken and the doors
//! opened. Every dragon replies by itself; the choosing tie rules choose the
//! combination. A closed door is a wall for everyone and every distance, so
//! distances are computed per set of opened doors (one BFS per door set and
//! source, remembered).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};

pub(crate) type Cell = (i64, i64);

/// Up, left, down, right: the official order.
pub(crate) const DIRS: [(i64, i64); 4] = [(-1, 0), (0, -1), (1, 0), (0, 1)];

/// The direction index of a sleeping dragon's "step".
const SLEEP: usize = usize::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Dragon takes the first shortest step in this order of DIRS indices.
    Priority([usize; 4]),
    Adversarial,
    Optimistic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Escaped(usize),
    NoPath,
    Caught,
}

impl Answer {
    /// Escaped steps, with "no escape" as infinity, for comparisons.
    pub(crate) fn rank(self) -> usize {
        match self {
            Answer::Escaped(n) => n,
            Answer::NoPath | Answer::Caught => usize::MAX,
        }
    }
}

/// The state of the game at the start of a turn (or, between the hero's
/// move and the dragons' reply, with the dragons not yet moved).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Position {
    pub(crate) hero: Cell,
    /// Sorted, each cell once.
    pub(crate) dragons: Vec<Cell>,
    /// Bit `i`: the `i`-th key in reading order has been taken.
    pub(crate) taken: u32,
    /// Bit `i`: the `i`-th door in reading order is open.
    pub(crate) opened: u32,
}

impl Position {
    /// The keys the hero holds: taken and not used on a door.
    pub(crate) fn held(&self) -> u32 {
        self.taken.count_ones() - self.opened.count_ones()
    }
}

/// The positions reachable from some starts, numbered, and for each the
/// hero's moves: `None` for a move onto the exit (the game ends), else the
/// positions the dragons' replies lead to.
struct Graph {
    positions: Vec<Position>,
    index: HashMap<Position, usize>,
    moves: Vec<Vec<Option<Vec<usize>>>>,
}

/// A map read by the brute force. `free` (the cells that are neither walls
/// nor doors) is fixed once read; the pieces may be moved.
pub(crate) struct Brute {
    pub(crate) free: HashSet<Cell>,
    pub(crate) hero: Cell,
    /// The first dragon in reading order.
    pub(crate) dragon: Cell,
    /// The other dragons, in reading order.
    pub(crate) others: Vec<Cell>,
    /// The keys, in reading order.
    pub(crate) keys: Vec<Cell>,
    /// The doors (closed at the start), in reading order.
    pub(crate) doors: Vec<Cell>,
    pub(crate) exit: Cell,
    /// The dragon's steps a turn (1: the official game).
    pub(crate) speed: usize,
    /// Whether the hero may stay on its cell for a turn.
    pub(crate) wait: bool,
    /// The cells that are not walls (doors included) in reading order:
    /// cell number -> cell.
    cells: Vec<Cell>,
    /// Cell -> cell number.
    number: HashMap<Cell, usize>,
    /// `dist[a][b]`: the shortest distance from cell number `a` to `b` with
    /// every door closed.
    dist: Vec<Vec<Option<usize>>>,
    /// Distances with some doors open: (doors opened, source number) ->
    /// distance to every cell number.
    opened_dist: RefCell<HashMap<(u32, usize), Distances>>,
}

/// Distances from one cell to every cell number (`None`: no path).
type Distances = Vec<Option<usize>>;

impl Brute {
    /// Reads an ASCII map (`#` wall, `.` free, `H`, `D` (one or more), `E`,
    /// `k` key, `+` door).
    pub(crate) fn from_ascii(map: &str) -> Brute {
        let mut free = HashSet::new();
        let mut cells = Vec::new();
        let (mut hero, mut exit) = ((0, 0), (0, 0));
        let (mut dragons, mut keys, mut doors) = (Vec::new(), Vec::new(), Vec::new());
        for (r, line) in map.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = (r as i64, c as i64);
                if ch != '#' {
                    cells.push(cell);
                    if ch != '+' {
                        free.insert(cell);
                    }
                }
                match ch {
                    'H' => hero = cell,
                    'D' => dragons.push(cell),
                    'E' => exit = cell,
                    'k' => keys.push(cell),
                    '+' => doors.push(cell),
                    _ => {}
                }
            }
        }
        assert!(!dragons.is_empty(), "a map needs a dragon");
        let number = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let mut b = Brute {
            free,
            hero,
            dragon: dragons[0],
            others: dragons[1..].to_vec(),
            keys,
            doors,
            exit,
            speed: 1,
            wait: false,
            cells,
            number,
            dist: Vec::new(),
            opened_dist: RefCell::new(HashMap::new()),
        };
        b.dist = b.cells.iter().map(|&from| b.bfs(0, from)).collect();
        b
    }

    /// Whether `cell` may be walked on with the doors of `opened` open.
    fn passable(&self, cell: Cell, opened: u32) -> bool {
        self.free.contains(&cell)
            || self
                .doors
                .iter()
                .position(|&d| d == cell)
                .is_some_and(|i| opened >> i & 1 == 1)
    }

    /// Distances from `from` to every cell number with the doors of
    /// `opened` open, by BFS.
    fn bfs(&self, opened: u32, from: Cell) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.cells.len()];
        dist[self.number[&from]] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            let d = dist[self.number[&cell]].unwrap();
            for (_, n) in self.neighbours_in(cell, opened) {
                if dist[self.number[&n]].is_none() {
                    dist[self.number[&n]] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The neighbours of `cell` that may be walked on with the doors of
    /// `opened` open, with their direction index.
    fn neighbours_in(&self, cell: Cell, opened: u32) -> Vec<(usize, Cell)> {
        DIRS.iter()
            .enumerate()
            .map(|(i, (dr, dc))| (i, (cell.0 + dr, cell.1 + dc)))
            .filter(|&(_, n)| self.passable(n, opened))
            .collect()
    }

    /// Shortest distance between two cells with every door closed.
    pub(crate) fn distance(&self, from: Cell, to: Cell) -> Option<usize> {
        self.dist[self.number[&from]][self.number[&to]]
    }

    /// Shortest distance between two cells with the doors of `opened` open
    /// (`None` also when either is not walkable then).
    pub(crate) fn distance_in(&self, opened: u32, from: Cell, to: Cell) -> Option<usize> {
        if !self.passable(from, opened) || !self.passable(to, opened) {
            return None;
        }
        if opened == 0 {
            return self.distance(from, to);
        }
        let (f, t) = (self.number[&from], self.number[&to]);
        let mut memo = self.opened_dist.borrow_mut();
        memo.entry((opened, f))
            .or_insert_with(|| self.bfs(opened, from))[t]
    }

    /// The same map with a dragon of `speed` steps a turn.
    pub(crate) fn at_speed(mut self, speed: usize) -> Brute {
        self.speed = speed;
        self
    }

    /// The same map with waiting allowed (or not).
    pub(crate) fn with_wait(mut self, wait: bool) -> Brute {
        self.wait = wait;
        self
    }

    /// The position at the start of the game.
    pub(crate) fn start(&self) -> Position {
        let mut dragons: Vec<Cell> = [self.dragon]
            .into_iter()
            .chain(self.others.iter().copied())
            .collect();
        dragons.sort();
        dragons.dedup();
        Position {
            hero: self.hero,
            dragons,
            taken: 0,
            opened: 0,
        }
    }

    /// Whether the hero may stand on `cell` after its move with the dragons
    /// on `dragons` and the doors of `opened` open: out of every dragon's
    /// reach (more than `speed` away by path, or no path at all). At speed
    /// 1 that is neither on nor next to a dragon.
    pub(crate) fn safe(&self, cell: Cell, dragons: &[Cell], opened: u32) -> bool {
        dragons.iter().all(|&d| {
            self.distance_in(opened, d, cell)
                .is_none_or(|n| n > self.speed)
        })
    }

    /// The hero's legal moves from `p`, as positions with the hero moved,
    /// the keys and doors updated and the dragons not yet moved: the four
    /// steps in the official order (a closed door only with a key in hand;
    /// it opens; a key stepped on is taken), then the wait if allowed.
    pub(crate) fn moves(&self, p: &Position) -> Vec<Position> {
        let mut out = Vec::new();
        for (dr, dc) in DIRS {
            let to = (p.hero.0 + dr, p.hero.1 + dc);
            let mut next = p.clone();
            next.hero = to;
            match self.doors.iter().position(|&d| d == to) {
                Some(i) if p.opened >> i & 1 == 0 => {
                    if p.held() == 0 {
                        continue;
                    }
                    next.opened |= 1 << i;
                }
                Some(_) => {}
                None if self.free.contains(&to) => {}
                None => continue,
            }
            if let Some(i) = self.keys.iter().position(|&k| k == to) {
                next.taken |= 1 << i;
            }
            if self.safe(to, &p.dragons, next.opened) {
                out.push(next);
            }
        }
        if self.wait && self.safe(p.hero, &p.dragons, p.opened) {
            out.push(p.clone());
        }
        out
    }

    /// Every set of dragon cells the dragons' reply may lead to once the
    /// hero's move has led to `p` (each dragon by itself, by the tie rule
    /// of `mode`; under the choosing rules every combination), each set
    /// sorted with merged dragons once.
    pub(crate) fn dragon_replies(&self, mode: Mode, p: &Position) -> Vec<Vec<Cell>> {
        let mut combos: Vec<Vec<Cell>> = vec![Vec::new()];
        for &dragon in &p.dragons {
            let ends = self.ends(mode, dragon, p.hero, p.opened);
            combos = combos
                .iter()
                .flat_map(|c| {
                    ends.iter().map(move |&e| {
                        let mut c = c.clone();
                        c.push(e);
                        c
                    })
                })
                .collect();
        }
        for c in &mut combos {
            c.sort();
            c.dedup();
        }
        combos.sort();
        combos.dedup();
        combos
    }

    /// The positions a turn may lead to from `p` under `mode`: for each
    /// legal hero move, `None` if it reaches the exit (the game ends), else
    /// the positions after every allowed reply.
    fn turns(&self, mode: Mode, p: &Position) -> Vec<Option<Vec<Position>>> {
        self.moves(p)
            .into_iter()
            .map(|half| {
                (half.hero != self.exit).then(|| {
                    self.dragon_replies(mode, &half)
                        .into_iter()
                        .map(|dragons| Position {
                            dragons,
                            ..half.clone()
                        })
                        .collect()
                })
            })
            .collect()
    }

    /// The cells the hero may move to from `hero` with one dragon on
    /// `dragon` and every door closed: its legal neighbours, and with
    /// waiting its own cell when staying there is as safe as stepping onto
    /// it would be.
    pub(crate) fn hero_moves(&self, hero: Cell, dragon: Cell) -> Vec<Cell> {
        let p = Position {
            hero,
            dragons: vec![dragon],
            taken: 0,
            opened: 0,
        };
        self.moves(&p).into_iter().map(|m| m.hero).collect()
    }

    /// Whether the hero may step onto `to` with one dragon on `dragon` and
    /// every door closed: at speed 1 neither onto nor next to it; faster,
    /// the dragon must not be able to walk there in its move (more than
    /// `speed` away, or no path).
    pub(crate) fn legal(&self, to: Cell, dragon: Cell) -> bool {
        self.free.contains(&to) && self.safe(to, &[dragon], 0)
    }

    /// Every cell a dragon on `dragon` may step to once the hero stands on
    /// `hero`, with the doors of `opened` open, with the index of the
    /// direction it takes; its own cell if it sleeps.
    fn options_in(&self, dragon: Cell, hero: Cell, opened: u32) -> Vec<(usize, Cell)> {
        let Some(here) = self.distance_in(opened, dragon, hero) else {
            return vec![(SLEEP, dragon)];
        };
        self.neighbours_in(dragon, opened)
            .into_iter()
            .filter(|&(_, n)| self.distance_in(opened, n, hero) == Some(here - 1))
            .collect()
    }

    /// Where one dragon on `dragon` may end its move under `mode` (`speed`
    /// steps, each by the tie rule), every door closed, each cell once.
    pub(crate) fn replies(&self, mode: Mode, dragon: Cell, hero: Cell) -> Vec<Cell> {
        self.ends(mode, dragon, hero, 0)
    }

    /// [`Brute::replies`] with the doors of `opened` open.
    fn ends(&self, mode: Mode, dragon: Cell, hero: Cell, opened: u32) -> Vec<Cell> {
        let mut ends = vec![dragon];
        for _ in 0..self.speed {
            let mut next: Vec<Cell> = Vec::new();
            for &at in &ends {
                assert_ne!(at, hero, "the dragon walked onto the hero mid-move");
                for r in self.one_step(mode, at, hero, opened) {
                    if !next.contains(&r) {
                        next.push(r);
                    }
                }
            }
            ends = next;
        }
        ends
    }

    /// One step of a dragon's under `mode`.
    fn one_step(&self, mode: Mode, dragon: Cell, hero: Cell, opened: u32) -> Vec<Cell> {
        let options = self.options_in(dragon, hero, opened);
        match mode {
            Mode::Priority(order) => {
                if options[0].0 == SLEEP {
                    return vec![dragon];
                }
                let first = order
                    .iter()
                    .find_map(|&d| options.iter().find(|o| o.0 == d))
                    .expect("a shortest step exists");
                vec![first.1]
            }
            Mode::Adversarial | Mode::Optimistic => options.into_iter().map(|o| o.1).collect(),
        }
    }

    /// Whether the exit is out of reach with no dragon at all, using the
    /// keys and doors as they lie: a search over (hero, keys taken, doors
    /// opened).
    pub(crate) fn no_path(&self) -> bool {
        self.free_distance().is_none()
    }

    /// The hero's least number of moves to the exit with no dragon at all,
    /// using the keys and doors as they lie: a breadth-first search over
    /// (hero, keys taken, doors opened).
    pub(crate) fn free_distance(&self) -> Option<usize> {
        let start = Position {
            dragons: Vec::new(),
            ..self.start()
        };
        let mut seen = HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([(start, 0)]);
        while let Some((p, d)) = queue.pop_front() {
            if p.hero == self.exit {
                return Some(d);
            }
            for next in self.moves(&p) {
                if seen.insert(next.clone()) {
                    queue.push_back((next, d + 1));
                }
            }
        }
        None
    }

    pub(crate) fn solve(&self, mode: Mode) -> Answer {
        if self.no_path() {
            return Answer::NoPath;
        }
        let start = self.start();
        let steps = match mode {
            Mode::Adversarial => self
                .values_from(std::slice::from_ref(&start))
                .get(&start)
                .copied(),
            Mode::Priority(_) | Mode::Optimistic => self.breadth_first(mode),
        };
        steps.map_or(Answer::Caught, Answer::Escaped)
    }

    fn breadth_first(&self, mode: Mode) -> Option<usize> {
        let start = self.start();
        let mut depth = HashMap::from([(start.clone(), 0usize)]);
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            let g = depth[&p];
            for turn in self.turns(mode, &p) {
                let Some(next) = turn else {
                    return Some(g + 1);
                };
                for q in next {
                    if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(q.clone()) {
                        e.insert(g + 1);
                        queue.push_back(q);
                    }
                }
            }
        }
        None
    }

    /// Every position reachable from `starts` under `mode`, with its turns.
    fn graph(&self, mode: Mode, starts: &[Position]) -> Graph {
        let mut g = Graph {
            positions: Vec::new(),
            index: HashMap::new(),
            moves: Vec::new(),
        };
        let mut queue = VecDeque::new();
        for s in starts {
            if !g.index.contains_key(s) {
                g.index.insert(s.clone(), g.positions.len());
                g.positions.push(s.clone());
                queue.push_back(s.clone());
            }
        }
        while let Some(p) = queue.pop_front() {
            let mut moves = Vec::new();
            for turn in self.turns(mode, &p) {
                moves.push(turn.map(|next| {
                    next.into_iter()
                        .map(|q| {
                            *g.index.entry(q.clone()).or_insert_with(|| {
                                g.positions.push(q.clone());
                                queue.push_back(q);
                                g.positions.len() - 1
                            })
                        })
                        .collect()
                }));
            }
            g.moves.push(moves);
        }
        g
    }

    /// Value iteration over the positions reachable from `starts`: the
    /// least number of moves within which the hero can force an escape
    /// against every choice of the dragons, for each position that has
    /// one. Round k finds the positions won in exactly k moves: some move
    /// reaches the exit, or leads only to positions won in fewer.
    pub(crate) fn values_from(&self, starts: &[Position]) -> HashMap<Position, usize> {
        let g = self.graph(Mode::Adversarial, starts);
        let n = g.positions.len();
        let mut value: Vec<Option<usize>> = vec![None; n];
        for k in 1.. {
            let mut changed = false;
            for p in 0..n {
                if value[p].is_some() {
                    continue;
                }
                let wins = g.moves[p].iter().any(|turn| match turn {
                    None => true,
                    Some(replies) => replies.iter().all(|&r| value[r].is_some_and(|v| v < k)),
                });
                if wins {
                    value[p] = Some(k);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        g.positions
            .into_iter()
            .zip(value)
            .filter_map(|(p, v)| Some((p, v?)))
            .collect()
    }

    /// [`Brute::values_from`] for every (hero, dragon) pair of distinct
    /// free cells with one dragon and no key taken nor door opened.
    pub(crate) fn guaranteed_values(&self) -> HashMap<(Cell, Cell), usize> {
        let mut free: Vec<Cell> = self.free.iter().copied().collect();
        free.sort();
        let starts: Vec<Position> = free
            .iter()
            .flat_map(|&hero| {
                free.iter()
                    .filter(move |&&d| d != hero)
                    .map(move |&d| Position {
                        hero,
                        dragons: vec![d],
                        taken: 0,
                        opened: 0,
                    })
            })
            .collect();
        self.values_from(&starts)
            .into_iter()
            .filter(|(p, _)| p.dragons.len() == 1 && p.taken == 0 && p.opened == 0)
            .map(|(p, v)| ((p.hero, p.dragons[0]), v))
            .collect()
    }

    /// When there is no escape: how many turns the hero survives at best
    /// under `mode` (priority or adversarial), or `None` if it can evade
    /// forever. Value iteration as above: round k finds the positions where
    /// the dragons win in exactly k turns (0: the hero cannot move).
    pub(crate) fn survival(&self, mode: Mode) -> Option<usize> {
        let g = self.graph(mode, &[self.start()]);
        let n = g.positions.len();
        let mut lost: Vec<Option<usize>> = vec![None; n];
        for k in 0.. {
            let mut changed = false;
            for p in 0..n {
                if lost[p].is_some() {
                    continue;
                }
                let doomed = g.moves[p].iter().all(|turn| match turn {
                    None => false,
                    Some(replies) => replies.iter().any(|&r| lost[r].is_some_and(|v| v < k)),
                });
                if doomed {
                    lost[p] = Some(k);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        lost[0]
    }
}

/// A position's value for [`Brute::every_position`]: an escape in so many
/// moves, a capture after so many, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Worth {
    Escape(usize),
    Caught(usize),
    Endless,
}

impl Brute {
    /// The value of every (hero, dragon) pair of distinct free cells, one
    /// dragon and no key taken, the hero to move, under `mode`: value
    /// iteration over every position reachable from them. Round k finds the
    /// escapes in exactly k moves (a move onto the exit, or a move whose
    /// replies lead to escapes in fewer: all of them for the adversarial
    /// dragon, its one reply under a priority rule, any of them under the
    /// optimistic bound); then, among the rest, round k finds the captures
    /// after exactly k moves (every move has a reply caught in fewer) under
    /// the same rule (the default priority for the optimistic bound, which
    /// is no rule for a winning dragon). The rest run forever. A hero on the
    /// exit has escaped in 0 moves.
    pub(crate) fn every_position(&self, mode: Mode) -> HashMap<(Cell, Cell), Worth> {
        let mut free: Vec<Cell> = self.free.iter().copied().collect();
        free.sort();
        let starts: Vec<Position> = free
            .iter()
            .flat_map(|&hero| {
                free.iter()
                    .filter(move |&&d| d != hero)
                    .map(move |&d| Position {
                        hero,
                        dragons: vec![d],
                        taken: 0,
                        opened: 0,
                    })
            })
            .collect();
        let worths = self.worths(mode, &starts);
        starts
            .iter()
            .zip(worths)
            .map(|(p, worth)| ((p.hero, p.dragons[0]), worth))
            .collect()
    }

    /// The value of each of `starts` (see [`Brute::every_position`]).
    pub(crate) fn worths(&self, mode: Mode, starts: &[Position]) -> Vec<Worth> {
        let g = self.graph(mode, starts);
        let n = g.positions.len();
        let mut escape: Vec<Option<usize>> = g
            .positions
            .iter()
            .map(|p| (p.hero == self.exit).then_some(0))
            .collect();
        for k in 1.. {
            let mut changed = false;
            for p in 0..n {
                if escape[p].is_some() {
                    continue;
                }
                let fewer = |r: &usize| escape[*r].is_some_and(|v| v < k);
                let wins = g.moves[p].iter().any(|turn| match turn {
                    None => true,
                    Some(replies) if mode == Mode::Adversarial => replies.iter().all(fewer),
                    Some(replies) => replies.iter().any(fewer),
                });
                if wins {
                    escape[p] = Some(k);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let chase = if mode == Mode::Optimistic {
            Mode::Priority([0, 1, 2, 3])
        } else {
            mode
        };
        let g2 = self.graph(chase, &g.positions);
        let mut lost: Vec<Option<usize>> = vec![None; g2.positions.len()];
        let escapes = |q: usize| {
            g.index
                .get(&g2.positions[q])
                .is_some_and(|&i| escape[i].is_some())
        };
        for k in 0.. {
            let mut changed = false;
            for p in 0..g2.positions.len() {
                if lost[p].is_some() || escapes(p) {
                    continue;
                }
                let doomed = g2.moves[p].iter().all(|turn| match turn {
                    None => false,
                    Some(replies) => replies.iter().any(|&r| lost[r].is_some_and(|v| v < k)),
                });
                if doomed {
                    lost[p] = Some(k);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        starts
            .iter()
            .map(|p| match escape[g.index[p]] {
                Some(k) => Worth::Escape(k),
                None => lost[g2.index[p]].map_or(Worth::Endless, Worth::Caught),
            })
            .collect()
    }
}
