//! Random small maps for property tests, as ASCII text.

use proptest::prelude::*;

/// A random map of 1..=`max_side` rows and columns with the three pieces on
/// distinct free cells, as ASCII.
pub fn small_map(max_side: usize) -> impl Strategy<Value = String> {
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
