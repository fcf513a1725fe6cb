//! The generator's only source of randomness: a seeded, portable generator
//! and the few sampling helpers the algorithms need.
//!
//! The helpers are written here, on top of the raw 32-bit outputs, rather
//! than taken from a distribution library, so that the same seed draws the
//! same numbers on every platform, every pointer width and every version of
//! the dependencies: the bytes of a generated puzzle depend only on the seed,
//! the options and this crate's code.

use rand_core::{Rng, SeedableRng};

/// The generator every puzzle is drawn from: ChaCha with 8 rounds, whose
/// output stream for a given seed is fixed by its specification.
pub(crate) type MapRng = rand_chacha::ChaCha8Rng;

/// A [`MapRng`] seeded from a 64-bit number.
pub(crate) fn seeded(seed: u64) -> MapRng {
    MapRng::seed_from_u64(seed)
}

/// A uniform number in `0..n`.
///
/// Lemire's multiply-and-reject method on 32-bit draws: exact, portable and
/// usually one draw.
///
/// # Panics
/// If `n` is 0 or does not fit in 32 bits.
pub(crate) fn below(rng: &mut dyn Rng, n: usize) -> usize {
    let n = u32::try_from(n).expect("below() takes a bound that fits in 32 bits");
    assert!(n > 0, "below(0) has no value to return");
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as usize
}

/// `true` with probability `numerator / denominator`.
///
/// # Panics
/// If `denominator` is 0.
pub(crate) fn chance(rng: &mut dyn Rng, numerator: usize, denominator: usize) -> bool {
    below(rng, denominator) < numerator
}

/// A fair coin.
pub(crate) fn coin(rng: &mut dyn Rng) -> bool {
    rng.next_u32() & 1 == 1
}

/// Shuffles `items` uniformly (Fisher–Yates).
pub(crate) fn shuffle<T>(rng: &mut dyn Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = seeded(1);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    #[test]
    fn the_stream_is_fixed_by_the_seed() {
        let draws = |seed| {
            let mut rng = seeded(seed);
            (0..16).map(|_| below(&mut rng, 1000)).collect::<Vec<_>>()
        };
        assert_eq!(draws(42), draws(42));
        assert_ne!(draws(42), draws(43));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = seeded(3);
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut rng, &mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
