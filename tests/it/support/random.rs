//! Random small maps for property tests, as ASCII text.

use proptest::prelude::*;
use proptest::test_runner::TestRng;

/// A random map of 1..=`max_side` rows and columns with the three pieces on
/// distinct free cells, as ASCII.
pub(crate) fn small_map(max_side: usize) -> impl Strategy<Value = String> {
    (1..=max_side, 3..=max_side)
        .prop_flat_map(|(h, w)| {
            let n = h * w;
            (
                Just((h, w)),
                proptest::collection::vec(prop::bool::weighted(0.3), n),
                Just(()).prop_perturb(move |_, mut rng| {
                    let mut cells: Vec<usize> = (0..n).collect();
                    for i in 0..3 {
                        let j = i + (rng.next_u32() as usize) % (n - i);
                        cells.swap(i, j);
                    }
                    [cells[0], cells[1], cells[2]]
                }),
            )
        })
        .prop_map(|((h, w), walls, [hero, dragon, exit])| {
            let mut out = String::new();
            for r in 0..h {
                for c in 0..w {
                    let i = r * w + c;
                    out.push(match i {
                        _ if i == hero => 'H',
                        _ if i == dragon => 'D',
                        _ if i == exit => 'E',
                        _ if walls[i] => '#',
                        _ => '.',
                    });
                }
                out.push('\n');
            }
            out
        })
}

/// A random maze on a grid of `rows` x `cols` cells (1..=`max_cells` each),
/// as ASCII tiles `(2 rows - 1) x (2 cols - 1)`: a random spanning tree
/// carved by a depth-first walk (a perfect maze), then each remaining inner
/// wall between two cells opened with probability `loops` (a braided maze),
/// and with probability `cut` one passage closed again (two parts: the
/// dragon may sleep, or the exit be out of reach). The three pieces go on
/// distinct random free tiles, so the dragon starts near or far.
pub(crate) fn maze_map(max_cells: usize, loops: f64, cut: f64) -> impl Strategy<Value = String> {
    (2..=max_cells, 2..=max_cells).prop_perturb(move |(rows, cols), mut rng| {
        let mut maze = Layout::maze(rows, cols, loops, &mut rng);
        if !maze.passages.is_empty() && chance(rng.next_u32(), cut) {
            let passage = maze.passages[below(&mut rng, maze.passages.len())];
            maze.free[passage] = false;
        }
        let pieces = maze.place(Placement::Anywhere, &mut rng);
        maze.ascii(pieces)
    })
}

/// Where the three pieces go on a layout.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Placement {
    /// On three distinct random free tiles.
    Anywhere,
    /// The exit on a random free tile, the dragon 1 to 3 steps from it
    /// (anywhere if no tile is that close), the hero on another random tile.
    DragonNearExit,
    /// The hero on a random free tile, the dragon on a tile farthest from it
    /// (by steps through free tiles; anywhere if none is reachable), the
    /// exit on another random tile.
    DragonFar,
}

/// An open room of 4..=`max_side` rows and columns (counting the walls
/// around it when `border`; without, the room fills the grid and free tiles
/// touch its edge) with single-tile pillars: each free tile becomes a
/// pillar with a random density of 0 to 40 %, unless a wall already
/// touches it, even diagonally.
pub(crate) fn pillar_room(
    max_side: usize,
    border: bool,
    placement: Placement,
) -> impl Strategy<Value = String> {
    (4..=max_side, 4..=max_side, 0.0..0.4).prop_perturb(move |(h, w, density), mut rng| {
        let mut room = Layout::room(h, w, border);
        room.add_pillars(density, &mut rng);
        let pieces = room.place(placement, &mut rng);
        room.ascii(pieces)
    })
}

/// An open room of 5..=`max_side` rows and columns (as in [`pillar_room`])
/// with a ring: a random wall block inside, with free tiles all around it,
/// so that the hero can circle it; then a few single-tile pillars (density
/// up to 15 %) that keep clear of the block.
pub(crate) fn ring_room(
    max_side: usize,
    border: bool,
    placement: Placement,
) -> impl Strategy<Value = String> {
    (5..=max_side, 5..=max_side, 0.0..0.15).prop_perturb(move |(h, w, density), mut rng| {
        let mut room = Layout::room(h, w, border);
        // The block leaves a free tile between it and the room's edge.
        let inner = usize::from(border) + 1;
        let span = |side: usize, rng: &mut TestRng| {
            let size = 1 + below(rng, side - 2 * inner);
            let start = inner + below(rng, side - 2 * inner - size + 1);
            start..start + size
        };
        let (rows, cols) = (span(h, &mut rng), span(w, &mut rng));
        for r in rows.clone() {
            for c in cols.clone() {
                room.free[r * w + c] = false;
            }
        }
        // Pillars clear of the block and its ring of free tiles.
        let near_block = |r: usize, c: usize| {
            r + 2 > rows.start && r < rows.end + 1 && c + 2 > cols.start && c < cols.end + 1
        };
        for r in 0..h {
            for c in 0..w {
                if !near_block(r, c) {
                    room.try_pillar(r, c, density, &mut rng);
                }
            }
        }
        let pieces = room.place(placement, &mut rng);
        room.ascii(pieces)
    })
}

/// A braided maze of 3..=`max_cells` cells a side (tiles `2 cells - 1`, as
/// in [`maze_map`], inner walls opened with probability `loops`) with one
/// or two rooms carved into it: rectangles of 2 to 5 tiles a side cleared
/// of walls.
pub(crate) fn carved_maze(
    max_cells: usize,
    loops: f64,
    placement: Placement,
) -> impl Strategy<Value = String> {
    (3..=max_cells, 3..=max_cells, 1..=2usize).prop_perturb(move |(rows, cols, rooms), mut rng| {
        let mut maze = Layout::maze(rows, cols, loops, &mut rng);
        for _ in 0..rooms {
            let span = |side: usize, rng: &mut TestRng| {
                let size = 2 + below(rng, 4.min(side - 1));
                let start = below(rng, side - size + 1);
                start..start + size
            };
            let (rs, cs) = (span(maze.h, &mut rng), span(maze.w, &mut rng));
            for r in rs {
                for c in cs.clone() {
                    maze.free[r * maze.w + c] = true;
                }
            }
        }
        let pieces = maze.place(placement, &mut rng);
        maze.ascii(pieces)
    })
}

/// A grid of free and wall tiles before the pieces are placed.
struct Layout {
    h: usize,
    w: usize,
    free: Vec<bool>,
    /// For mazes: the tiles opened between two cells by the spanning tree.
    passages: Vec<usize>,
}

impl Layout {
    /// An empty room of `h` x `w` tiles, with walls around it if `border`.
    fn room(h: usize, w: usize, border: bool) -> Layout {
        let edge = |r: usize, c: usize| r == 0 || c == 0 || r == h - 1 || c == w - 1;
        let free = (0..h * w)
            .map(|i| !(border && edge(i / w, i % w)))
            .collect();
        Layout {
            h,
            w,
            free,
            passages: Vec::new(),
        }
    }

    /// A random maze on `rows` x `cols` cells, as tiles `(2 rows - 1) x
    /// (2 cols - 1)`: a random spanning tree carved by a depth-first walk
    /// (a perfect maze), then each remaining inner wall between two cells
    /// opened with probability `loops` (a braided maze).
    fn maze(rows: usize, cols: usize, loops: f64, rng: &mut TestRng) -> Layout {
        let (h, w) = (2 * rows - 1, 2 * cols - 1);
        let mut free = vec![false; h * w];
        let tile = |r: usize, c: usize| r * w + c;
        let mut seen = vec![false; rows * cols];
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        free[0] = true;
        let mut passages = Vec::new();
        while let Some(&(r, c)) = stack.last() {
            let mut next = Vec::new();
            if r > 0 && !seen[(r - 1) * cols + c] {
                next.push((r - 1, c));
            }
            if c > 0 && !seen[r * cols + c - 1] {
                next.push((r, c - 1));
            }
            if r + 1 < rows && !seen[(r + 1) * cols + c] {
                next.push((r + 1, c));
            }
            if c + 1 < cols && !seen[r * cols + c + 1] {
                next.push((r, c + 1));
            }
            if next.is_empty() {
                stack.pop();
                continue;
            }
            let (nr, nc) = next[below(rng, next.len())];
            seen[nr * cols + nc] = true;
            free[tile(2 * nr, 2 * nc)] = true;
            let between = tile(r + nr, c + nc);
            free[between] = true;
            passages.push(between);
            stack.push((nr, nc));
        }
        // Inner walls between two cells: odd on exactly one axis.
        for r in 0..h {
            for c in 0..w {
                if (r % 2 == 1) != (c % 2 == 1)
                    && !free[tile(r, c)]
                    && chance(rng.next_u32(), loops)
                {
                    free[tile(r, c)] = true;
                }
            }
        }
        Layout {
            h,
            w,
            free,
            passages,
        }
    }

    /// Free tiles on all eight sides of (`r`, `c`) (the grid's outside
    /// counting as free).
    fn clear_around(&self, r: usize, c: usize) -> bool {
        (r.saturating_sub(1)..(r + 2).min(self.h)).all(|rr| {
            (c.saturating_sub(1)..(c + 2).min(self.w))
                .all(|cc| (rr, cc) == (r, c) || self.free[rr * self.w + cc])
        })
    }

    /// Makes (`r`, `c`) a pillar with probability `density`, if it is free
    /// and no wall touches it, even diagonally: pillars stay single tiles.
    fn try_pillar(&mut self, r: usize, c: usize, density: f64, rng: &mut TestRng) {
        let i = r * self.w + c;
        if self.free[i] && self.clear_around(r, c) && chance(rng.next_u32(), density) {
            self.free[i] = false;
        }
    }

    /// Single-tile pillars over the whole room, with probability `density`.
    fn add_pillars(&mut self, density: f64, rng: &mut TestRng) {
        for r in 0..self.h {
            for c in 0..self.w {
                self.try_pillar(r, c, density, rng);
            }
        }
    }

    /// Steps from `from` to every tile through free tiles, by BFS.
    fn distances(&self, from: usize) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.h * self.w];
        dist[from] = Some(0);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(i) = queue.pop_front() {
            let (r, c) = (i / self.w, i % self.w);
            let mut next = Vec::new();
            if r > 0 {
                next.push(i - self.w);
            }
            if c > 0 {
                next.push(i - 1);
            }
            if r + 1 < self.h {
                next.push(i + self.w);
            }
            if c + 1 < self.w {
                next.push(i + 1);
            }
            for n in next {
                if self.free[n] && dist[n].is_none() {
                    dist[n] = Some(dist[i].unwrap() + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Tiles for the hero, the dragon and the exit, distinct and free.
    fn place(&self, placement: Placement, rng: &mut TestRng) -> [usize; 3] {
        let mut cells: Vec<usize> = (0..self.h * self.w).filter(|&i| self.free[i]).collect();
        assert!(cells.len() >= 3, "too few free tiles");
        match placement {
            Placement::Anywhere => {
                let hero = take(rng, &mut cells, |_| true);
                let dragon = take(rng, &mut cells, |_| true);
                let exit = take(rng, &mut cells, |_| true);
                [hero, dragon, exit]
            }
            Placement::DragonNearExit => {
                let exit = take(rng, &mut cells, |_| true);
                let dist = self.distances(exit);
                let dragon = take(rng, &mut cells, |i| dist[i].is_some_and(|d| d <= 3));
                let hero = take(rng, &mut cells, |_| true);
                [hero, dragon, exit]
            }
            Placement::DragonFar => {
                let hero = take(rng, &mut cells, |_| true);
                let dist = self.distances(hero);
                let far = cells.iter().filter_map(|&i| dist[i]).max();
                let dragon = take(rng, &mut cells, |i| far.is_some() && dist[i] == far);
                let exit = take(rng, &mut cells, |_| true);
                [hero, dragon, exit]
            }
        }
    }

    /// The layout with `[hero, dragon, exit]` on their tiles, as ASCII.
    fn ascii(&self, [hero, dragon, exit]: [usize; 3]) -> String {
        let mut out = String::new();
        for r in 0..self.h {
            for c in 0..self.w {
                let i = r * self.w + c;
                out.push(match i {
                    _ if i == hero => 'H',
                    _ if i == dragon => 'D',
                    _ if i == exit => 'E',
                    _ if self.free[i] => '.',
                    _ => '#',
                });
            }
            out.push('\n');
        }
        out
    }
}

/// Removes and returns a random one of `cells` that fits `among`, or any
/// one if none fits.
fn take(rng: &mut TestRng, cells: &mut Vec<usize>, among: impl Fn(usize) -> bool) -> usize {
    let fits: Vec<usize> = (0..cells.len()).filter(|&k| among(cells[k])).collect();
    let k = if fits.is_empty() {
        below(rng, cells.len())
    } else {
        fits[below(rng, fits.len())]
    };
    cells.swap_remove(k)
}

/// A uniform random number below `n`.
fn below(rng: &mut TestRng, n: usize) -> usize {
    rng.next_u32() as usize % n
}

/// Whether a uniform random `draw` falls below probability `p`.
fn chance(draw: u32, p: f64) -> bool {
    f64::from(draw) < p * 4_294_967_296.0
}

/// Any family map up to 10 tiles a side, the pieces placed by `placement`:
/// [`family`] with rooms of up to 10 tiles and mazes of up to 5 cells.
pub(crate) fn any_family(placement: Placement) -> impl Strategy<Value = String> {
    family(10, 5, placement)
}

/// A room with pillars or a ring of up to `side` tiles a side, bordered or
/// not, or a carved maze of up to `cells` maze cells with and without
/// loops, the pieces placed by `placement`.
pub(crate) fn family(
    side: usize,
    cells: usize,
    placement: Placement,
) -> impl Strategy<Value = String> {
    prop_oneof![
        pillar_room(side, true, placement),
        pillar_room(side, false, placement),
        ring_room(side, true, placement),
        ring_room(side, false, placement),
        carved_maze(cells, 0.0, placement),
        carved_maze(cells, 0.3, placement),
    ]
}

/// A random map of 2..=`max_side` rows and 3..=`max_side` columns (walls
/// with probability `walls`) with the pieces of the rule variants
/// (docs/RULES.md "Several dragons", "Keys and doors"): the hero, the exit,
/// 1 to 3 dragons, 0 to 2 keys and 0 to 2 doors, at least one key whenever
/// there is a door, all on distinct cells, as ASCII.
pub(crate) fn variant_map(max_side: usize, walls: f64) -> impl Strategy<Value = String> {
    (
        2..=max_side,
        3..=max_side,
        1..=3usize,
        0..=2usize,
        0..=2usize,
    )
        .prop_perturb(move |(h, w, dragons, keys, doors), mut rng| {
            let keys = if doors > 0 { keys.max(1) } else { keys };
            let n = h * w;
            let pieces = 2 + dragons + keys + doors;
            let mut cells: Vec<usize> = (0..n).collect();
            for i in 0..pieces.min(n) {
                let j = i + below(&mut rng, n - i);
                cells.swap(i, j);
            }
            let mut tiles: Vec<char> = (0..n)
                .map(|_| {
                    if chance(rng.next_u32(), walls) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            let symbols = ['H', 'E']
                .into_iter()
                .chain(std::iter::repeat_n('D', dragons))
                .chain(std::iter::repeat_n('k', keys))
                .chain(std::iter::repeat_n('+', doors));
            for (&cell, symbol) in cells.iter().zip(symbols) {
                tiles[cell] = symbol;
            }
            let mut out = String::new();
            for row in tiles.chunks(w) {
                out.extend(row);
                out.push('\n');
            }
            out
        })
}

/// Loop-free mazes (with every door open) of up to `cells` cells a side,
/// with one or two dragons and one or two keys and doors anywhere: where
/// the dragon in the way is the shortcut (`pair::acyclic::Way`).
pub(crate) fn loop_free_with_doors(cells: usize) -> impl Strategy<Value = String> {
    maze_map(cells, 0.0, 0.0).prop_perturb(|map, mut rng| {
        let mut tiles: Vec<char> = map.chars().collect();
        let mut free: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] == '.').collect();
        if chance(rng.next_u32(), 0.4) {
            put(&mut tiles, &mut free, 'D', &mut rng);
        }
        for _ in 0..1 + below(&mut rng, 2) {
            put(&mut tiles, &mut free, 'k', &mut rng);
            put(&mut tiles, &mut free, '+', &mut rng);
        }
        tiles.into_iter().collect()
    })
}

/// Puts `symbol` on one of the `free` tiles left, drawn at random.
fn put(tiles: &mut [char], free: &mut Vec<usize>, symbol: char, rng: &mut TestRng) {
    if !free.is_empty() {
        let i = free.swap_remove(below(rng, free.len()));
        tiles[i] = symbol;
    }
}

/// A family map ([`family`], rooms of up to `side` tiles a side, mazes of
/// up to `cells` cells, the pieces placed by `placement`) or a perfect or
/// braided maze ([`maze_map`], up to `cells + 1` cells a side) with the rule
/// variants' pieces added on random free tiles: one more dragon (two with
/// probability `third`), and with probability `locks` a key and a door.
/// The families are where the shortcuts' arguments are tested: dead ends
/// a dragon waits in, loop-free mazes, open rooms.
pub(crate) fn variant_family(
    side: usize,
    cells: usize,
    placement: Placement,
    third: f64,
    locks: f64,
) -> impl Strategy<Value = String> {
    let base = prop_oneof![
        family(side, cells, placement),
        maze_map(cells + 1, 0.0, 0.0),
        maze_map(cells + 1, 0.2, 0.1),
    ];
    base.prop_perturb(move |map, mut rng| {
        let mut tiles: Vec<char> = map.chars().collect();
        let mut free: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] == '.').collect();
        put(&mut tiles, &mut free, 'D', &mut rng);
        if chance(rng.next_u32(), third) {
            put(&mut tiles, &mut free, 'D', &mut rng);
        }
        if chance(rng.next_u32(), locks) {
            put(&mut tiles, &mut free, 'k', &mut rng);
            put(&mut tiles, &mut free, '+', &mut rng);
        }
        tiles.into_iter().collect()
    })
}

/// `base` maps with the rule variants' pieces added on random free tiles,
/// up to the most a map may hold: 0 to 3 more dragons, 0 to 16 keys and 0
/// to 16 doors (doors only beside a key, on passages where there are some:
/// free tiles between two walls, where a door closes a way).
pub(crate) fn with_many_pieces(
    base: impl Strategy<Value = String>,
) -> impl Strategy<Value = String> {
    (base, 0..=3usize, 0..=16usize, 0..=16usize).prop_perturb(
        |(map, dragons, keys, doors), mut rng| {
            let width = map.find('\n').unwrap_or(map.len());
            let mut tiles: Vec<char> = map.chars().filter(|&c| c != '\n').collect();
            let at = |tiles: &[char], i: usize, dr: isize, dc: isize| {
                let (r, c) = ((i / width) as isize + dr, (i % width) as isize + dc);
                let inside = r >= 0 && c >= 0 && (c as usize) < width;
                let j = inside.then(|| r as usize * width + c as usize);
                j.and_then(|j| tiles.get(j).copied()).unwrap_or('#')
            };
            let free = |tiles: &[char]| -> Vec<usize> {
                (0..tiles.len()).filter(|&i| tiles[i] == '.').collect()
            };
            let passages: Vec<usize> = free(&tiles)
                .into_iter()
                .filter(|&i| {
                    let wall = |dr, dc| at(&tiles, i, dr, dc) == '#';
                    (wall(0, -1) && wall(0, 1)) || (wall(-1, 0) && wall(1, 0))
                })
                .collect();
            let mut put = |symbol: char, among: &[usize], tiles: &mut Vec<char>| {
                let open: Vec<usize> = among.iter().copied().filter(|&i| tiles[i] == '.').collect();
                if let Some(&i) = open.get(below(&mut rng, open.len().max(1))) {
                    tiles[i] = symbol;
                }
            };
            for _ in 0..dragons {
                put('D', &free(&tiles), &mut tiles);
            }
            for _ in 0..keys {
                put('k', &free(&tiles), &mut tiles);
            }
            if keys > 0 {
                for _ in 0..doors {
                    let among = if passages.iter().any(|&i| tiles[i] == '.') {
                        passages.clone()
                    } else {
                        free(&tiles)
                    };
                    put('+', &among, &mut tiles);
                }
            }
            let mut out = String::new();
            for row in tiles.chunks(width.max(1)) {
                out.extend(row);
                out.push('\n');
            }
            out
        },
    )
}
