//! The faster dragon (`--dragon-speed`, docs/RULES.md "A faster dragon")
//! against the brute force, which takes the dragon's steps one by one: every
//! tie mode (priority in random orders, adversarial, optimistic) at speeds 2
//! and 3, on random small maps, mazes with and without loops (the closed
//! form and the dead-end rule must stand aside, the walk of loop-free maps
//! takes over) and the hard families, and the adversarial search from many
//! starts.

use dragon_escape::{Method, Puzzle, Ties, solve};
use proptest::prelude::*;

use crate::support::check::{check_all_at, check_many_starts_at, options_at, priority_strategy};
use crate::support::random::{Placement, any_family, maze_map, small_map};

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn small_maps_agree_with_brute_force(
        map in small_map(5),
        priority in priority_strategy(),
        speed in 2..=3usize,
    ) {
        check_all_at(&map, priority, speed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mazes_agree_with_brute_force(
        map in prop_oneof![maze_map(4, 0.0, 0.2), maze_map(4, 0.25, 0.1)],
        priority in priority_strategy(),
        speed in 2..=3usize,
    ) {
        check_all_at(&map, priority, speed).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn families_agree_with_brute_force(
        map in prop_oneof![
            any_family(Placement::Anywhere),
            any_family(Placement::DragonNearExit),
            any_family(Placement::DragonFar),
        ],
        priority in priority_strategy(),
        speed in 2..=3usize,
    ) {
        check_all_at(&map, priority, speed).map_err(TestCaseError::fail)?;
    }

    /// About 30 starts with the dragon near the exit and 30 anywhere, per map.
    #[test]
    fn adversarial_from_many_starts_agrees_with_brute_force(
        map in any_family(Placement::Anywhere),
        speed in 2..=3usize,
    ) {
        check_many_starts_at(&map, 30, speed).map_err(TestCaseError::fail)?;
    }

    /// A loop-free maze takes the walk of `pair::acyclic` for a faster
    /// dragon (the closed form counts one step a turn): the outcome, an
    /// escape's line and a caught hero's longest line come without a
    /// search, never endless, and agree with the brute force from many
    /// starts.
    #[test]
    fn perfect_mazes_take_the_walk(
        map in maze_map(6, 0.0, 0.0),
        speed in 2..=3usize,
        wait in any::<bool>(),
    ) {
        let puzzle: Puzzle = map.parse().unwrap();
        for ties in [Ties::default(), Ties::Adversarial] {
            for line in [false, true] {
                let options = options_at(ties, speed).with_caught_line(line);
                let options = options.with_rules(options.rules.with_wait(wait));
                let solution = solve(&puzzle, &options).unwrap();
                prop_assert_eq!(solution.stats.method, Method::LoopFree);
                prop_assert!(!solution.endless());
            }
        }
        check_many_starts_at(&map, 30, speed).map_err(TestCaseError::fail)?;
    }
}
