//! A deliberately simple brute-force solver, written from docs/RULES.md alone and
//! sharing no code with the library: coordinates as tuples, distances by a
//! fresh BFS, plain breadth-first search, and value iteration over every
//! (hero, dragon) pair for the adversarial dragon.

use std::collections::{HashMap, HashSet, VecDeque};

pub(crate) type Cell = (i64, i64);

/// Up, left, down, right: the official order.
pub(crate) const DIRS: [(i64, i64); 4] = [(-1, 0), (0, -1), (1, 0), (0, 1)];

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

pub(crate) struct Brute {
    pub free: HashSet<Cell>,
    pub hero: Cell,
    pub dragon: Cell,
    pub exit: Cell,
}

impl Brute {
    /// Reads an ASCII map (`#` wall, `.` free, `H`, `D`, `E`).
    pub(crate) fn from_ascii(map: &str) -> Brute {
        let mut b = Brute {
            free: HashSet::new(),
            hero: (0, 0),
            dragon: (0, 0),
            exit: (0, 0),
        };
        for (r, line) in map.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = (r as i64, c as i64);
                if ch != '#' {
                    b.free.insert(cell);
                }
                match ch {
                    'H' => b.hero = cell,
                    'D' => b.dragon = cell,
                    'E' => b.exit = cell,
                    _ => {}
                }
            }
        }
        b
    }

    pub(crate) fn neighbours(&self, cell: Cell) -> Vec<(usize, Cell)> {
        DIRS.iter()
            .enumerate()
            .map(|(i, (dr, dc))| (i, (cell.0 + dr, cell.1 + dc)))
            .filter(|(_, n)| self.free.contains(n))
            .collect()
    }

    /// Shortest distance between two cells, by a fresh BFS.
    pub(crate) fn distance(&self, from: Cell, to: Cell) -> Option<usize> {
        let mut seen = HashMap::from([(from, 0usize)]);
        let mut queue = VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            if cell == to {
                return Some(seen[&cell]);
            }
            for (_, n) in self.neighbours(cell) {
                if !seen.contains_key(&n) {
                    seen.insert(n, seen[&cell] + 1);
                    queue.push_back(n);
                }
            }
        }
        None
    }

    /// Whether the hero may step onto `to` with the dragon on `dragon`.
    pub(crate) fn legal(&self, to: Cell, dragon: Cell) -> bool {
        self.free.contains(&to) && (to.0 - dragon.0).abs() + (to.1 - dragon.1).abs() > 1
    }

    /// Every cell the dragon may step to once the hero stands on `hero`,
    /// with the index of the direction it takes; its own cell if it sleeps.
    pub(crate) fn dragon_options(&self, dragon: Cell, hero: Cell) -> Vec<(usize, Cell)> {
        let Some(here) = self.distance(dragon, hero) else {
            return vec![(usize::MAX, dragon)];
        };
        self.neighbours(dragon)
            .into_iter()
            .filter(|&(_, n)| self.distance(n, hero) == Some(here - 1))
            .collect()
    }

    /// The dragon's replies under `mode`.
    pub(crate) fn replies(&self, mode: Mode, dragon: Cell, hero: Cell) -> Vec<Cell> {
        let options = self.dragon_options(dragon, hero);
        match mode {
            Mode::Priority(order) => {
                if options[0].0 == usize::MAX {
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
            Mode::Adversarial => self.guaranteed(),
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
            for (_, to) in self.neighbours(hero) {
                if !self.legal(to, dragon) {
                    continue;
                }
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

    /// Every (hero, dragon) pair of distinct free cells.
    fn positions(&self) -> Vec<(Cell, Cell)> {
        let cells: Vec<Cell> = self.free.iter().copied().collect();
        let mut positions = Vec::new();
        for &h in &cells {
            for &d in &cells {
                if h != d {
                    positions.push((h, d));
                }
            }
        }
        positions
    }

    /// The dragon's replies under `mode` for every pair, computed once:
    /// (dragon, hero) -> replies.
    fn reply_table(&self, mode: Mode) -> HashMap<(Cell, Cell), Vec<Cell>> {
        self.positions()
            .into_iter()
            .map(|(h, d)| ((d, h), self.replies(mode, d, h)))
            .collect()
    }

    /// Value iteration: `won[k]` holds the positions from which the hero can
    /// force an escape in at most k moves against every dragon choice.
    fn guaranteed(&self) -> Option<usize> {
        let positions = self.positions();
        let replies = self.reply_table(Mode::Adversarial);
        let mut won: HashSet<(Cell, Cell)> = HashSet::new();
        for k in 1..=positions.len() + 1 {
            let mut next = won.clone();
            for &(h, d) in &positions {
                let wins = self.neighbours(h).into_iter().any(|(_, to)| {
                    self.legal(to, d)
                        && (to == self.exit
                            || replies[&(d, to)].iter().all(|&r| won.contains(&(to, r))))
                });
                if wins {
                    next.insert((h, d));
                }
            }
            if next.contains(&(self.hero, self.dragon)) {
                return Some(k);
            }
            if next.len() == won.len() {
                return None;
            }
            won = next;
        }
        None
    }

    /// When there is no escape: how many turns the hero survives at best
    /// under `mode` (priority or adversarial), or `None` if it can evade
    /// forever. `lost` grows as in value iteration: positions where the
    /// dragon wins within k turns.
    pub(crate) fn survival(&self, mode: Mode) -> Option<usize> {
        let positions = self.positions();
        let replies = self.reply_table(mode);
        let mut lost: HashSet<(Cell, Cell)> = HashSet::new();
        for k in 0..=positions.len() {
            let mut next = lost.clone();
            for &(h, d) in &positions {
                let moves: Vec<Cell> = self
                    .neighbours(h)
                    .into_iter()
                    .map(|(_, to)| to)
                    .filter(|&to| self.legal(to, d))
                    .collect();
                let doomed = !moves.contains(&self.exit)
                    && moves
                        .iter()
                        .all(|&to| replies[&(d, to)].iter().any(|&r| lost.contains(&(to, r))));
                if doomed {
                    next.insert((h, d));
                }
            }
            if next.contains(&(self.hero, self.dragon)) {
                return Some(k);
            }
            if next.len() == lost.len() {
                return None;
            }
            lost = next;
        }
        None
    }
}
