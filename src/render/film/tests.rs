//! The film's tests: its frames drawn one after the other (snapshots),
//! made in any order, with distances measured one by one or all at once,
//! and how a line ends.

use super::*;
use crate::render::fixture::{ASCII, EMOJI, official_1, play, reel};
use crate::render::map::Mark;
use crate::search::rules::Ties;
use crate::search::solve;

#[test]
fn official_1_half_steps() {
    let film = play(&official_1(), Ties::default());
    // Start, 15 turns of two half-steps, the escaping move.
    assert_eq!(film.len(), 1 + 2 * 15 + 1);
    let text = |i: usize| film.board().text(&film.frame(i), EMOJI);
    insta::assert_snapshot!("official_1_start", text(0));
    insta::assert_snapshot!("official_1_hero_half", text(1));
    insta::assert_snapshot!("official_1_dragon_half", text(2));
    insta::assert_snapshot!("official_1_end", text(film.len() - 1));
}

#[test]
fn backstep_film_in_ascii() {
    let puzzle: Puzzle = "\
######
#H..##
#.#.##
#..D.E
######"
        .parse()
        .unwrap();
    insta::assert_snapshot!(reel(&play(&puzzle, Ties::default()), ASCII));
}

#[test]
fn adversarial_film_of_the_tie_dependent_map() {
    let puzzle: Puzzle = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/mazes/tie-dependent.txt"
    ))
    .unwrap()
    .parse()
    .unwrap();
    let film = play(&puzzle, Ties::Adversarial);
    assert_eq!(film.frame(film.len() - 1).step, 12);
    insta::assert_snapshot!(reel(&film, ASCII));
}

#[test]
fn no_path_marks_what_the_hero_can_reach() {
    let puzzle: Puzzle = "\
#######
#H..#E#
#.#.###
#..D..#
#######"
        .parse()
        .unwrap();
    let film = play(&puzzle, Ties::default());
    assert_eq!(film.len(), 1);
    insta::assert_snapshot!(film.board().text(&film.frame(0), ASCII), @r"
    #######
    #H::#E#
    #:#:###
    #::D::#
    #######
    step 0 of 0  dragon 4 steps away
    There is no path to the exit, even without the dragon: the marked cells are all the hero can reach.
    ");
}

#[test]
fn caught_with_a_guarded_corridor() {
    let puzzle: Puzzle = "\
#######
#H...E#
###.###
###D###
#######"
        .parse()
        .unwrap();
    let film = play(&puzzle, Ties::default());
    let board = film.board();
    let last = film.frame(film.len() - 1);
    // Whatever line the search returns, the film ends with a sentence and
    // never shows an escape.
    assert!(last.message.as_deref().unwrap().starts_with("The "));
    assert!(
        film.frames()
            .all(|f| board.mark(&f, puzzle.exit()) != Mark::Hero)
    );
    for (i, f) in film.frames().enumerate() {
        let p = film.pieces(i);
        assert_eq!(
            (p.step, p.hero, p.dragon, p.caught),
            (f.step, f.hero, f.dragon, f.caught)
        );
    }
    if last.event == Event::Caught {
        assert_eq!(board.mark(&last, last.hero), Mark::Caught);
        assert!(last.status.ends_with("caught"));
    }
}

#[test]
fn endless_chase_ends_where_it_repeats() {
    let puzzle: Puzzle = "#H...\n.#...\n.ED..\n##...".parse().unwrap();
    let film = play(&puzzle, Ties::default());
    let last = film.frame(film.len() - 1);
    assert_ne!(last.event, Event::Caught);
    insta::assert_snapshot!(film.board().text(&last, ASCII), @r"
    #*DH.
    .#.*.
    .E...
    ##...
    step 4 of 4  dragon: up  dragon 1 step away
    No escape, but the hero can run forever: after 4 steps the chase repeats itself.
    ");
}

#[test]
fn sleeping_dragon_is_said() {
    let puzzle: Puzzle = "H..E\n####\n#D##".parse().unwrap();
    let film = play(&puzzle, Ties::default());
    insta::assert_snapshot!(reel(&film, ASCII), @r"
    --- frame 0
    H..E
    ####
    #D##
    step 0 of 3  start  the dragon cannot reach the hero
    --- frame 1
    *H.E
    ####
    #D##
    step 1 of 3  hero: right  the dragon cannot reach the hero
    --- frame 2
    *H.E
    ####
    #D##
    step 1 of 3  dragon sleeps  the dragon cannot reach the hero
    --- frame 3
    **HE
    ####
    #D##
    step 2 of 3  hero: right  the dragon cannot reach the hero
    --- frame 4
    **HE
    ####
    #D##
    step 2 of 3  dragon sleeps  the dragon cannot reach the hero
    --- frame 5
    ***H
    ####
    #D##
    step 3 of 3  hero: right  escaped!
    The shortest path is 3 steps.
    ");
}

#[test]
fn frames_on_demand_match_in_any_order() {
    // Frame i is the same picture whether the frames are made forwards,
    // backwards or by jumping about.
    let film = play(&official_1(), Ties::default());
    let forwards: Vec<String> = film
        .frames()
        .map(|f| film.board().text(&f, ASCII))
        .collect();
    for i in (0..film.len()).rev().chain([7, 0, 31, 3]) {
        assert_eq!(
            film.board().text(&film.frame(i), ASCII),
            forwards[i],
            "frame {i}"
        );
    }
    for (i, f) in film.frames().enumerate() {
        let p = film.pieces(i);
        assert_eq!(
            (p.step, p.hero, p.dragon, p.caught),
            (f.step, f.hero, f.dragon, f.caught)
        );
    }
    // Past the end is the last frame.
    assert_eq!(film.frame(usize::MAX), film.frame(film.len() - 1));
    // The distances follow the oracle step by step; a search from
    // scratch in every frame agrees, on every map of these tests.
    let maps = [
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/tie-dependent.txt"
        ))
        .unwrap(),
        "#######\n#H...E#\n###.###\n###D###\n#######".into(),
        "#H...\n.#...\n.ED..\n##...".into(),
        "H..E\n####\n#D##".into(),
        "H....D.E".into(),
    ];
    for map in maps {
        let puzzle: Puzzle = map.parse().unwrap();
        let graph = Graph::new(&puzzle);
        for ties in [Ties::default(), Ties::Adversarial, Ties::Optimistic] {
            let film = play(&puzzle, ties);
            let one_by_one: Vec<Frame> = film.frames().collect();
            let film = play(&puzzle, ties);
            film.measure_all(&Options::default()).unwrap();
            let all_at_once: Vec<Frame> = film.frames().collect();
            assert_eq!(one_by_one, all_at_once, "{map}");
            for f in all_at_once {
                assert_eq!(
                    f.distance,
                    Ruler::default().measure(&graph, f.hero, f.dragon),
                    "{map}\n{}",
                    f.status
                );
            }
        }
    }
    // The trail of each frame is where the hero stood before its
    // step, less the cells the pieces and the exit stand on.
    let puzzle = official_1();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    let stood: Vec<Pos> = std::iter::once(solution.hero)
        .chain(solution.turns.iter().map(|t| t.hero))
        .collect();
    let board = film.board();
    for f in film.frames() {
        let trail: std::collections::BTreeSet<Pos> = (0..board.height())
            .flat_map(|r| (0..board.width()).map(move |c| Pos::new(r, c)))
            .filter(|&p| board.mark(&f, p) == Mark::Trail)
            .collect();
        let expected = stood[..f.step]
            .iter()
            .copied()
            .filter(|&p| p != f.hero && p != f.dragon && p != puzzle.exit())
            .collect();
        assert_eq!(trail, expected, "{}", f.status);
    }
}

#[test]
fn variant_film_draws_every_dragon_the_key_and_the_door() {
    let (puzzle, solution) = crate::render::fixture::variant_game();
    let film = Film::new(&puzzle, &solution);
    assert_eq!(film.len(), 12);
    insta::assert_snapshot!(reel(&film, ASCII), @r"
    --- frame 0
    H.k+..E
    #.###.#
    D.....D
    step 0 of 6  dragons 2  keys 0  start  dragon 4 steps away
    --- frame 1
    *Hk+..E
    #.###.#
    D.....D
    step 1 of 6  dragons 2  keys 0  hero: right  dragon 3 steps away
    --- frame 2
    *Hk+..E
    #.###.#
    .D...D.
    step 1 of 6  dragons 2  keys 0  dragons move  dragon 2 steps away
    --- frame 3
    **H+..E
    #.###.#
    .D...D.
    step 2 of 6  dragons 2  keys 1  hero: right  dragon 3 steps away
    --- frame 4
    **H+..E
    #.###.#
    .D...D.
    step 2 of 6  dragons 2  keys 1  dragons sleep  dragon 3 steps away
    --- frame 5
    ***H..E
    #.###.#
    .D...D.
    step 3 of 6  dragons 2  keys 0  hero: right  dragon 4 steps away
    --- frame 6
    ***H..E
    #.###.#
    ..D.D..
    step 3 of 6  dragons 2  keys 0  dragons move  dragon 5 steps away
    --- frame 7
    ***/H.E
    #.###.#
    ..D.D..
    step 4 of 6  dragons 2  keys 0  hero: right  dragon 4 steps away
    --- frame 8
    ***/H.E
    #.###.#
    ..D.D..
    step 4 of 6  dragons 2  keys 0  dragons sleep  dragon 4 steps away
    --- frame 9
    ***/*HE
    #.###.#
    ..D.D..
    step 5 of 6  dragons 2  keys 0  hero: right  dragon 3 steps away
    --- frame 10
    ***/*HE
    #.###.#
    ...D...
    step 5 of 6  dragons 1  keys 0  dragons move  dragon 4 steps away
    --- frame 11
    ***/**H
    #.###.#
    ...D...
    step 6 of 6  dragons 1  keys 0  hero: right  escaped!
    The shortest path is 6 steps.
    ");
    // Frames on demand, measured one by one or all at once, agree.
    let one_by_one: Vec<Frame> = film.frames().collect();
    let film = Film::new(&puzzle, &solution);
    film.measure_all(&Options::default()).unwrap();
    assert_eq!(one_by_one, film.frames().collect::<Vec<_>>());
    for (i, f) in one_by_one.iter().enumerate() {
        let p = film.pieces(i);
        assert_eq!((p.step, p.hero, p.dragon), (f.step, f.hero, f.dragon));
        assert_eq!(
            Pieces {
                others: p.others,
                locks: p.locks
            },
            film.board().pieces(f)
        );
    }
}

#[test]
fn distances_go_through_the_doors_opened_so_far() {
    // Two keys and two doors: each frame's distance is the nearest
    // dragon's on the map rebuilt with the doors still closed as walls.
    let puzzle: Puzzle = "k.H.k\n#+#+#\nD...E".parse().unwrap();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    assert!(solution.pieces.iter().any(|p| p.locks.opened != 0));
    let film = Film::new(&puzzle, &solution);
    let mut woke = false;
    for i in 0..film.len() {
        let at = film.pieces(i);
        let mut walls = puzzle.walls().to_vec();
        for (d, door) in puzzle.doors().iter().enumerate() {
            if !at.locks.is_open(d) {
                walls[door.row * puzzle.width() + door.col] = true;
            }
        }
        let (w, h) = (puzzle.width(), puzzle.height());
        let closed = Puzzle::new(w, h, walls, puzzle.hero(), puzzle.dragon(), puzzle.exit());
        let graph = Graph::new(&closed.unwrap());
        let expected = at
            .dragons()
            .filter_map(|d| Ruler::default().measure(&graph, at.hero, d))
            .min();
        assert_eq!(film.frame(i).distance, expected, "frame {i}");
        woke |= expected.is_some();
    }
    // The dragon sleeps behind the doors until one opens.
    assert_eq!(film.frame(0).distance, None);
    assert!(woke);
}

#[test]
fn the_film_is_made_only_within_its_budget() {
    let (variant, solution) = crate::render::fixture::variant_game();
    let official = official_1();
    let official_solution = solve(&official, &Options::default()).unwrap();
    for (puzzle, solution) in [(&official, &official_solution), (&variant, &solution)] {
        let needed = Film::bytes_needed(puzzle, solution);
        let film = Film::within(puzzle, solution, needed).unwrap();
        assert_eq!(
            film.frames().collect::<Vec<_>>(),
            Film::new(puzzle, solution).frames().collect::<Vec<_>>()
        );
        let (over, budget) = bytes_apart(needed, needed - 1);
        assert_eq!(
            Film::within(puzzle, solution, needed - 1).unwrap_err(),
            Error::TooLarge {
                resource: Resource::Film,
                message: format!(
                    "the playback of this {}x{} map needs about {over}, over the memory budget \
                     of {budget}",
                    puzzle.width(),
                    puzzle.height()
                ),
            }
        );
    }
}

#[test]
fn the_estimate_counts_every_door_graph_the_line_meets() {
    // The line opens the left door, then the right one: three door
    // states, each with its graph, within what the estimate counts.
    let puzzle: Puzzle = "k.H.k\n#+#+#\n..D.E".parse().unwrap();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    let film = Film::new(&puzzle, &solution);
    film.measure_all(&Options::default()).unwrap();
    let graphs = film.door_graphs.borrow();
    assert_eq!(graphs.len(), puzzle.doors().len() + 1);
    let held: usize = graphs.iter().map(|(_, graph)| graph.bytes()).sum();
    let graph = Graph::new(&puzzle).bytes();
    assert!(graph + held <= Film::bytes_needed(&puzzle, &solution));
}
