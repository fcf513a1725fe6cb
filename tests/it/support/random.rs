//! Random small maps for property tests, as ASCII text.

use proptest::prelude::*;

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
            let (nr, nc) = next[rng.next_u32() as usize % next.len()];
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
        if !passages.is_empty() && chance(rng.next_u32(), cut) {
            free[passages[rng.next_u32() as usize % passages.len()]] = false;
        }
        let mut cells: Vec<usize> = (0..h * w).filter(|&i| free[i]).collect();
        for i in 0..3 {
            let j = i + rng.next_u32() as usize % (cells.len() - i);
            cells.swap(i, j);
        }
        let mut out = String::new();
        for r in 0..h {
            for c in 0..w {
                let i = tile(r, c);
                out.push(match i {
                    _ if i == cells[0] => 'H',
                    _ if i == cells[1] => 'D',
                    _ if i == cells[2] => 'E',
                    _ if free[i] => '.',
                    _ => '#',
                });
            }
            out.push('\n');
        }
        out
    })
}

/// Whether a uniform random `draw` falls below probability `p`.
fn chance(draw: u32, p: f64) -> bool {
    f64::from(draw) < p * 4_294_967_296.0
}
