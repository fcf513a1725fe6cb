//! A deliberately simple brute-force solver, written from docs/RULES.md alone and
//! sharing no code with the library: coordinates as tuples, the free cells
//! numbered in reading order, all-pairs distances by one BFS from every
//! cell, plain breadth-first search, and value iteration over every
//! (hero, dragon) pair for the adversarial dragon and for survival. A faster
//! dragon (`speed` steps a turn, docs/RULES.md "A faster dragon") takes its
//! steps one by one, each by the tie rule. With waiting (docs/RULES.md
//! "Waiting") the hero's cell is one more place it may move to, under the
//! same safety rule as a step.

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

/// A map read by the brute force. `free` is fixed once read (the distances
/// are computed from it); the pieces may be moved.
pub(crate) struct Brute {
    pub(crate) free: HashSet<Cell>,
    pub(crate) hero: Cell,
    pub(crate) dragon: Cell,
    pub(crate) exit: Cell,
    /// The dragon's steps a turn (1: the official game).
    pub(crate) speed: usize,
    /// Whether the hero may stay on its cell for a turn.
    pub(crate) wait: bool,
    /// The free cells in reading order: cell number -> cell.
    cells: Vec<Cell>,
    /// Cell -> cell number.
    number: HashMap<Cell, usize>,
    /// `dist[a][b]`: the shortest distance from cell number `a` to `b`.
    dist: Vec<Vec<Option<usize>>>,
}

impl Brute {
    /// Reads an ASCII map (`#` wall, `.` free, `H`, `D`, `E`).
    pub(crate) fn from_ascii(map: &str) -> Brute {
        let mut free = HashSet::new();
        let mut cells = Vec::new();
        let (mut hero, mut dragon, mut exit) = ((0, 0), (0, 0), (0, 0));
        for (r, line) in map.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = (r as i64, c as i64);
                if ch != '#' {
                    free.insert(cell);
                    cells.push(cell);
                }
                match ch {
                    'H' => hero = cell,
                    'D' => dragon = cell,
                    'E' => exit = cell,
                    _ => {}
                }
            }
        }
        let number = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let mut b = Brute {
            free,
            hero,
            dragon,
            exit,
            speed: 1,
            wait: false,
            cells,
            number,
            dist: Vec::new(),
        };
        b.dist = b.cells.iter().map(|&from| b.bfs(from)).collect();
        b
    }

    /// Distances from `from` to every cell number, by BFS.
    fn bfs(&self, from: Cell) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.cells.len()];
        dist[self.number[&from]] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            let d = dist[self.number[&cell]].unwrap();
            for (_, n) in self.neighbours(cell) {
                if dist[self.number[&n]].is_none() {
                    dist[self.number[&n]] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    pub(crate) fn neighbours(&self, cell: Cell) -> Vec<(usize, Cell)> {
        DIRS.iter()
            .enumerate()
            .map(|(i, (dr, dc))| (i, (cell.0 + dr, cell.1 + dc)))
            .filter(|(_, n)| self.free.contains(n))
            .collect()
    }

    /// Shortest distance between two free cells, from the table.
    pub(crate) fn distance(&self, from: Cell, to: Cell) -> Option<usize> {
        self.dist[self.number[&from]][self.number[&to]]
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

    /// The cells the hero may move to from `hero` with the dragon on
    /// `dragon`: its legal neighbours, and with waiting its own cell when
    /// staying there is as safe as stepping onto it would be.
    pub(crate) fn hero_moves(&self, hero: Cell, dragon: Cell) -> Vec<Cell> {
        let mut moves: Vec<Cell> = self
            .neighbours(hero)
            .into_iter()
            .map(|(_, to)| to)
            .filter(|&to| self.legal(to, dragon))
            .collect();
        if self.wait && self.legal(hero, dragon) {
            moves.push(hero);
        }
        moves
    }

    /// Whether the hero may step onto `to` with the dragon on `dragon`: at
    /// speed 1 neither onto nor next to it; faster, the dragon must not be
    /// able to walk there in its move (more than `speed` away, or no path).
    pub(crate) fn legal(&self, to: Cell, dragon: Cell) -> bool {
        if !self.free.contains(&to) {
            return false;
        }
        if self.speed == 1 {
            return (to.0 - dragon.0).abs() + (to.1 - dragon.1).abs() > 1;
        }
        self.distance(dragon, to).is_none_or(|d| d > self.speed)
    }

    /// Every cell the dragon may step to once the hero stands on `hero`,
    /// with the index of the direction it takes; its own cell if it sleeps.
    pub(crate) fn dragon_options(&self, dragon: Cell, hero: Cell) -> Vec<(usize, Cell)> {
        let Some(here) = self.distance(dragon, hero) else {
            return vec![(SLEEP, dragon)];
        };
        self.neighbours(dragon)
            .into_iter()
            .filter(|&(_, n)| self.distance(n, hero) == Some(here - 1))
            .collect()
    }

    /// Where the dragon may end its move under `mode` (`speed` steps, each
    /// by the tie rule), each cell once.
    pub(crate) fn replies(&self, mode: Mode, dragon: Cell, hero: Cell) -> Vec<Cell> {
        let mut ends = vec![dragon];
        for _ in 0..self.speed {
            let mut next: Vec<Cell> = Vec::new();
            for &at in &ends {
                assert_ne!(at, hero, "the dragon walked onto the hero mid-move");
                for r in self.one_step(mode, at, hero) {
                    if !next.contains(&r) {
                        next.push(r);
                    }
                }
            }
            ends = next;
        }
        ends
    }

    /// One step of the dragon's under `mode`.
    fn one_step(&self, mode: Mode, dragon: Cell, hero: Cell) -> Vec<Cell> {
        let options = self.dragon_options(dragon, hero);
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

    pub(crate) fn solve(&self, mode: Mode) -> Answer {
        if self.distance(self.hero, self.exit).is_none() {
            return Answer::NoPath;
        }
        let steps = match mode {
            Mode::Adversarial => self
                .guaranteed_values()
                .get(&(self.hero, self.dragon))
                .copied(),
            Mode::Priority(_) | Mode::Optimistic => self.breadth_first(mode),
        };
        steps.map_or(Answer::Caught, Answer::Escaped)
    }

    fn breadth_first(&self, mode: Mode) -> Option<usize> {
        let start = (self.hero, self.dragon);
        let mut depth = HashMap::from([(start, 0usize)]);
        let mut queue = VecDeque::from([start]);
        while let Some((hero, dragon)) = queue.pop_front() {
            let g = depth[&(hero, dragon)];
            for to in self.hero_moves(hero, dragon) {
                if to == self.exit {
                    return Some(g + 1);
                }
                for reply in self.replies(mode, dragon, to) {
                    if let std::collections::hash_map::Entry::Vacant(e) = depth.entry((to, reply)) {
                        e.insert(g + 1);
                        queue.push_back((to, reply));
                    }
                }
            }
        }
        None
    }

    /// For every (hero, dragon) pair of distinct free cells, by number: the
    /// hero's legal moves, each with the dragon's replies under `mode`
    /// (none for the move onto the exit, which ends the game).
    fn move_table(&self, mode: Mode) -> Vec<Vec<(usize, Vec<usize>)>> {
        let n = self.cells.len();
        let mut table = vec![Vec::new(); n * n];
        for (h, &hero) in self.cells.iter().enumerate() {
            for (d, &dragon) in self.cells.iter().enumerate() {
                if h == d {
                    continue;
                }
                for to in self.hero_moves(hero, dragon) {
                    let replies = if to == self.exit {
                        Vec::new()
                    } else {
                        self.replies(mode, dragon, to)
                            .into_iter()
                            .map(|r| self.number[&r])
                            .collect()
                    };
                    table[h * n + d].push((self.number[&to], replies));
                }
            }
        }
        table
    }

    /// Value iteration: the least number of moves within which the hero can
    /// force an escape against every dragon choice, for each position that
    /// has one. Round k finds the positions won in exactly k moves: some
    /// move reaches the exit, or leads only to positions won in fewer.
    pub(crate) fn guaranteed_values(&self) -> HashMap<(Cell, Cell), usize> {
        let n = self.cells.len();
        let exit = self.number.get(&self.exit).copied();
        let moves = self.move_table(Mode::Adversarial);
        let mut value: Vec<Option<usize>> = vec![None; n * n];
        for k in 1.. {
            let mut changed = false;
            for p in 0..n * n {
                if value[p].is_some() {
                    continue;
                }
                let wins = moves[p].iter().any(|(to, replies)| {
                    Some(*to) == exit
                        || replies
                            .iter()
                            .all(|&r| value[to * n + r].is_some_and(|v| v < k))
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
        (0..n * n)
            .filter_map(|p| Some(((self.cells[p / n], self.cells[p % n]), value[p]?)))
            .collect()
    }

    /// When there is no escape: how many turns the hero survives at best
    /// under `mode` (priority or adversarial), or `None` if it can evade
    /// forever. Value iteration as above: round k finds the positions where
    /// the dragon wins in exactly k turns (0: the hero cannot move).
    pub(crate) fn survival(&self, mode: Mode) -> Option<usize> {
        let n = self.cells.len();
        let exit = self.number.get(&self.exit).copied();
        let moves = self.move_table(mode);
        let mut lost: Vec<Option<usize>> = vec![None; n * n];
        let start = self.number[&self.hero] * n + self.number[&self.dragon];
        for k in 0.. {
            let mut changed = false;
            for p in 0..n * n {
                if lost[p].is_some() || p / n == p % n {
                    continue;
                }
                let doomed = moves[p].iter().all(|(to, replies)| {
                    Some(*to) != exit
                        && replies
                            .iter()
                            .any(|&r| lost[to * n + r].is_some_and(|v| v < k))
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
        lost[start]
    }
}
