//! What the search's structures hold in memory, counted against
//! [`super::Options::max_memory`].
//!
//! Vectors are counted by length, not capacity: a large vector grows by
//! moving its pages (no copy), and the part of its capacity not yet written
//! is never touched, so it takes no memory. A hash table is counted whole
//! (every page of its buckets is written when it is filled), and when it is
//! near full (see [`ahead`]), the table that its growth would build is
//! counted too: for a moment both live, and the budget is weighed only
//! every so many positions, so the growth must be counted before it comes.

/// The entries a hash table may take between two weighings of the budget:
/// at least as many as the positions between them, but one weighing may
/// be followed by a burst (the replies of one position of several choosing
/// dragons, a proof search's frames closing one after another), so a
/// large table counts its growth from its last sixteenth on. The free
/// distance weighs before every growth.
fn ahead(capacity: usize) -> usize {
    super::turn::BUDGET_EVERY.max(capacity / 16)
}

/// The bytes of a hash table holding `len` entries of `entry` bytes with
/// room for `capacity` (as `HashMap::capacity` reports it), including the
/// table twice as large that its growth builds once it is within
/// [`ahead`] entries of full.
pub(super) fn hash_table(len: usize, capacity: usize, entry: usize) -> usize {
    // A table of `b` buckets (a power of two) holds `b * 7 / 8` entries, and
    // one control byte per bucket beside each entry.
    let buckets = (capacity * 8).div_ceil(7).next_power_of_two();
    let slot = entry + 1;
    let growth = if len.saturating_add(ahead(capacity)) >= capacity {
        2 * buckets * slot
    } else {
        0
    };
    buckets * slot + growth
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// The estimate brackets what the table needs: at least its entries,
    /// at most about twice that plus the next table when it is full.
    #[test]
    fn a_hash_table_counts_its_buckets_and_its_growth() {
        let mut map: FxHashMap<u64, u32> = FxHashMap::default();
        for i in 0..100_000u64 {
            map.insert(i, 0);
            let bytes = hash_table(map.len(), map.capacity(), 16);
            assert!(bytes >= map.len() * 17, "{} entries: {bytes}", map.len());
            assert!(
                bytes <= (map.len() * 8 / 7 + 16) * 17 * 2 * 3,
                "{} entries: {bytes}",
                map.len()
            );
            // The growth is counted before the last weighing that can
            // come before it, and from the table's last sixteenth on.
            if map.len() + ahead(map.capacity()) >= map.capacity() {
                assert!(
                    bytes >= 3 * (map.capacity() * 8 / 7) * 17,
                    "{} entries",
                    map.len()
                );
            }
            if map.len() == map.capacity() {
                let before = bytes;
                map.insert(u64::MAX - i, 0);
                // The table just built is what was counted as its growth.
                let after = hash_table(map.len(), map.capacity(), 16);
                if map.len() + ahead(map.capacity()) < map.capacity() {
                    assert_eq!(before, after + after / 2, "{} entries", map.len());
                }
                map.remove(&(u64::MAX - i));
            }
        }
    }
}
