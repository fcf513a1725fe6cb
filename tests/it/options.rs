//! Every numeric option of both command lines, with random values: parsing
//! and checking the configuration never panics and either succeeds or says
//! why in a sentence; a configuration that is accepted then works (a small
//! puzzle generated, a small map solved) without a panic.

use proptest::prelude::*;

use dragon_escape::cli::{generate, solve};
use dragon_escape::mapgen;
use dragon_escape::{Error, Puzzle, Solver};

/// A number as a user might type it: mostly small, else at a 32- or 64-bit
/// boundary, huge, negative, fractional or not a number at all.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0u64..40).prop_map(|n| n.to_string()),
        2 => any::<u64>().prop_map(|n| n.to_string()),
        2 => (0u64..3).prop_map(|d| (u64::from(u32::MAX) - 1 + d).to_string()),
        1 => Just(u64::MAX.to_string()),
        1 => Just("18446744073709551616".to_owned()),
        1 => prop::sample::select(vec!["-1", "1e9", "0.5", "", " 3"]).prop_map(str::to_owned),
        1 => "[0-9]{1,30}",
        1 => "[ -~]{0,6}",
    ]
}

/// A size for `--max-memory`.
fn size() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            number(),
            prop::sample::select(vec!["", "B", "K", "M", "G", "T", "GiB", "X"])
        )
            .prop_map(|(n, unit)| format!("{n}{unit}")),
        "[0-9]{0,3}\\.[0-9]{0,25}[KMGT]?",
        (1u64..64).prop_map(|m| format!("{m}M")),
    ]
}

/// A `--bias` specification: directions (now and then a wrong one) and
/// weights, small or up against the 32-bit limit.
fn bias() -> impl Strategy<Value = String> {
    let vertical = prop::sample::select(vec!["north", "south", "n", "up", "east", "x"]);
    let horizontal = prop::sample::select(vec!["east", "west", "w", "right", "south"]);
    let weight = || {
        prop_oneof![
            3 => (1u64..5).prop_map(|n| n.to_string()),
            3 => (0u64..4).prop_map(|d| (u64::from(u32::MAX) - d).to_string()),
            1 => number(),
        ]
    };
    (vertical, weight(), horizontal, weight(), any::<bool>()).prop_map(|(a, x, b, y, swap)| {
        if swap {
            format!("{b}={y},{a}={x}")
        } else {
            format!("{a}={x},{b}={y}")
        }
    })
}

/// A braid fraction.
fn fraction() -> impl Strategy<Value = String> {
    prop_oneof![
        (0.0f64..=1.0).prop_map(|f| f.to_string()),
        any::<f64>().prop_map(|f| f.to_string()),
        Just("NaN".to_owned()),
        Just("inf".to_owned()),
        Just("-0".to_owned()),
    ]
}

/// Some of `flags` (each with a chance of one in four), each with a value
/// from its strategy.
fn some_of(
    flags: Vec<(&'static str, BoxedStrategy<String>)>,
) -> impl Strategy<Value = Vec<String>> {
    let picks: Vec<_> = flags
        .into_iter()
        .map(|(flag, value)| prop::option::weighted(0.25, value.prop_map(move |v| (flag, v))))
        .collect();
    picks.prop_map(|picked| {
        picked
            .into_iter()
            .flatten()
            .flat_map(|(flag, value)| [flag.to_owned(), value])
            .collect()
    })
}

/// Whether a refusal reads as a sentence (clap's or ours), not a crash,
/// nor a number parser's own words.
fn is_sentence(message: &str) -> bool {
    let raw = [
        "panicked",
        "invalid digit",
        "number too large",
        "number would be zero",
        "cannot parse",
    ];
    !message.trim().is_empty() && !raw.iter().any(|r| message.contains(r))
}

/// Whether clap took one of `args` that is a negative whole number (`-5`)
/// for a flag. (A value such as `-x` or `-0 ` is not a number and may be
/// read as flags: clap then names it as an unexpected argument, which is a
/// sentence.)
fn took_a_number_for_a_flag(args: &[String], message: &str) -> bool {
    args.iter().any(|arg| {
        arg.strip_prefix('-')
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            && message.contains(&format!("unexpected argument '{arg}'"))
    })
}

/// A time for `--max-time`, sometimes negative.
fn time() -> impl Strategy<Value = String> {
    (
        number(),
        prop::sample::select(vec!["", "s", "ms", "m", "h", "x"]),
        any::<bool>(),
    )
        .prop_map(|(n, unit, negative)| format!("{}{n}{unit}", if negative { "-" } else { "" }))
}

fn generate_args() -> impl Strategy<Value = Vec<String>> {
    let algorithm = prop::sample::select(vec!["backtracker", "binary-tree", "growing-tree"])
        .prop_map(str::to_owned);
    let cell = || (number(), number()).prop_map(|(r, c)| format!("{r},{c}"));
    let options = some_of(vec![
        ("-W", number().boxed()),
        ("-H", number().boxed()),
        ("--bias", bias().boxed()),
        ("--newest", number().boxed()),
        ("--braid", fraction().boxed()),
        ("--rooms", number().boxed()),
        ("--hero", cell().boxed()),
        ("--dragon", cell().boxed()),
        ("--dragons", number().boxed()),
        ("--keys", number().boxed()),
        ("--min-steps", number().boxed()),
        ("--min-detour", number().boxed()),
        ("--per-maze", number().boxed()),
        ("--effort", number().boxed()),
        ("--count", number().boxed()),
        ("--seed", number().boxed()),
        ("--max-memory", size().boxed()),
        ("--max-time", time().boxed()),
        ("--iterations", number().boxed()),
    ]);
    (algorithm, options).prop_map(|(algorithm, mut options)| {
        options.extend(["--algorithm".to_owned(), algorithm]);
        options
    })
}

fn solve_args() -> impl Strategy<Value = Vec<String>> {
    let priority = "[ULDRx]{0,5}";
    let ties = prop::sample::select(vec!["priority", "adversarial", "optimistic", "other"])
        .prop_map(str::to_owned);
    some_of(vec![
        ("--max-memory", size().boxed()),
        ("--jobs", number().boxed()),
        ("--threads", number().boxed()),
        ("--frame-length", number().boxed()),
        ("--max-time", time().boxed()),
        ("--priority", priority.boxed()),
        ("--ties", ties.boxed()),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn generate_maze_options_are_checked(args in generate_args()) {
        let parsed = dragon_escape::cli::parse_from::<generate::Args, _, _>(
            std::iter::once("generate-maze".to_owned()).chain(args.iter().cloned()),
        );
        let config = match parsed {
            Err(e) => {
                prop_assert!(is_sentence(&e.to_string()), "{args:?}: {e}");
                prop_assert!(!took_a_number_for_a_flag(&args, &e.to_string()), "{args:?}: {e}");
                return Ok(());
            }
            Ok(parsed) => match parsed.into_config(|| 7) {
                Err(message) => {
                    prop_assert!(is_sentence(&message), "{args:?}: {message}");
                    prop_assert!(!message.contains('\n'), "{args:?}: {message}");
                    return Ok(());
                }
                Ok(config) => config,
            },
        };
        let generator = config.generator();
        prop_assert!(generator.bytes_needed() <= generator.max_memory, "{args:?}");
        prop_assert!(generator.rooms <= generator.width * generator.height / 4, "{args:?}");
        prop_assert!((1..=4).contains(&generator.dragons), "{args:?}");
        prop_assert!(generator.keys <= 16, "{args:?}");
        // Small accepted configurations are generated: no panic, whatever
        // the weights, shares and counts (the effort kept small, and the
        // dragons and keys, whose searches grow fast, to two).
        if generator.width * generator.height <= 150 {
            let quick = mapgen::Config {
                search: mapgen::Search {
                    max_solves: generator.search.max_solves.min(20),
                    ..generator.search
                },
                dragons: generator.dragons.min(2),
                keys: generator.keys.min(2),
                ..*generator
            };
            match mapgen::generate(&quick, config.seed()) {
                Ok(generated) => prop_assert!(generated.maze.is_connected()),
                Err(e) => prop_assert!(is_sentence(&e.to_string())),
            }
        }
    }

    #[test]
    fn solve_maze_options_are_checked(args in solve_args()) {
        // A plain number of bytes is taken exactly, or refused.
        let exact = args
            .iter()
            .position(|a| a == "--max-memory")
            .map(|i| &args[i + 1])
            .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
            .map(|v| v.parse::<u128>().ok().filter(|&n| n >= 1024 && n <= usize::MAX as u128));
        let parsed = dragon_escape::cli::parse_from::<solve::Args, _, _>(
            ["solve-maze".to_owned()]
                .into_iter()
                .chain(args.iter().cloned())
                .chain(["examples/mazes/backstep.txt".to_owned()]),
        );
        let config = match parsed {
            Err(e) => {
                prop_assert!(is_sentence(&e.to_string()), "{args:?}: {e}");
                prop_assert!(!took_a_number_for_a_flag(&args, &e.to_string()), "{args:?}: {e}");
                prop_assert!(
                    !matches!(exact, Some(Some(_))) || !e.to_string().contains("max-memory"),
                    "{args:?}: {e}"
                );
                return Ok(());
            }
            Ok(parsed) => match parsed.into_config(solve::Terminals {
                stdin: false,
                stdout: false,
                stderr: false,
            }) {
                Err(message) => {
                    prop_assert!(is_sentence(&message), "{args:?}: {message}");
                    return Ok(());
                }
                Ok(config) => config,
            },
        };
        let options = config.options();
        prop_assert!(options.max_memory >= 1024);
        if let Some(exact) = exact {
            prop_assert_eq!(Some(options.max_memory as u128), exact, "{:?}", args);
        }
        let puzzle: Puzzle = "#####\n#H..#\n#.#.#\n#D.E#\n#####\n".parse().unwrap();
        let roomy = (*options).with_max_memory(1 << 30);
        let expected = dragon_escape::solve(&puzzle, &roomy).unwrap().outcome;
        match Solver::within(&puzzle, options.max_memory).and_then(|s| s.solve(options)) {
            Ok(solution) => prop_assert_eq!(solution.outcome, expected),
            Err(e) => prop_assert!(matches!(e, Error::TooLarge { .. }), "{args:?}: {e}"),
        }
    }
}
