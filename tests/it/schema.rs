//! The JSON contracts: real output of both tools checked against the schemas
//! in `schemas/`. The schemas let readers meet fields they do not know; the
//! tests read them strictly (no field the schema does not name), so a field
//! added to the output without its description fails here.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

const MAZES: &str = "examples/mazes";

/// A schema file of `schemas/`, parsed, after checking it against its
/// draft's meta-schema.
fn schema(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    if let Err(e) = jsonschema::meta::validate(&schema) {
        panic!("{name} is not a valid schema: {e}");
    }
    schema
}

/// `schema` with `additionalProperties: false` on every object that lists
/// its properties: the output must hold nothing the schema leaves out.
fn strict(mut schema: Value) -> Value {
    fn close(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if map.get("type") == Some(&Value::from("object")) && map.contains_key("properties")
                {
                    map.insert("additionalProperties".into(), Value::Bool(false));
                }
                map.values_mut().for_each(close);
            }
            Value::Array(items) => items.iter_mut().for_each(close),
            _ => {}
        }
    }
    close(&mut schema);
    schema
}

/// Checks every line of `text` against `schema` (strictly), and every field
/// named in `schema` has a description. Returns the records.
fn check_lines(schema: &Value, text: &[u8], what: &str) -> Vec<Value> {
    let validator = jsonschema::draft202012::new(&strict(schema.clone())).unwrap();
    let text = std::str::from_utf8(text).unwrap();
    let records: Vec<Value> = text
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {line}"))
        })
        .collect();
    assert!(!records.is_empty(), "{what}: no record");
    for record in &records {
        let errors: Vec<String> = validator
            .iter_errors(record)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{what}: {errors:#?}\n{record}");
    }
    records
}

fn solve_maze() -> Command {
    let mut cmd = Command::cargo_bin("solve-maze").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// The example maps, sorted.
fn example_maps() -> Vec<String> {
    let mut maps: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(MAZES))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".txt"))
            .map(|name| format!("{MAZES}/{name}"))
            .collect();
    maps.sort();
    maps
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap()
}

#[test]
fn every_field_of_every_schema_is_described() {
    fn described(value: &Value, at: &str, missing: &mut Vec<String>) {
        if let Value::Object(map) = value {
            if let Some(Value::Object(properties)) = map.get("properties") {
                for (name, property) in properties {
                    let is_ref_only = property.get("$ref").is_some()
                        && property.as_object().is_some_and(|p| p.len() == 1);
                    if property.get("description").is_none() && !is_ref_only {
                        missing.push(format!("{at}/{name}"));
                    }
                }
            }
            for (key, child) in map {
                described(child, &format!("{at}/{key}"), missing);
            }
        } else if let Value::Array(items) = value {
            for (i, child) in items.iter().enumerate() {
                described(child, &format!("{at}/{i}"), missing);
            }
        }
    }
    for name in [
        "solve-report.schema.json",
        "generate-stats.schema.json",
        "heat-map.schema.json",
    ] {
        let schema = schema(name);
        let mut missing = Vec::new();
        described(&schema, "", &mut missing);
        // Fields under `if` only restate a field described beside them.
        missing
            .retain(|at| !at.contains("/if/") && !at.contains("/then/") && !at.contains("/else/"));
        assert!(missing.is_empty(), "{name}: undescribed {missing:?}");
        assert!(
            schema["description"]
                .as_str()
                .is_some_and(|d| d.contains("version"))
        );
    }
}

#[test]
fn reports_of_every_example_in_every_tie_mode_meet_the_schema() {
    let schema = schema("solve-report.schema.json");
    let maps = example_maps();
    assert!(maps.len() >= 9, "{maps:?}");
    let mut checked = 0;
    let mut outcomes = std::collections::BTreeSet::new();
    let mut methods = std::collections::BTreeSet::new();
    for ties in [
        &["--ties", "priority"][..],
        &["--ties", "priority", "--priority", "RDLU"],
        &["--ties", "adversarial"],
        &["--ties", "optimistic"],
        &["--timing"],
        &["--dragon-speed", "2", "--ties", "adversarial"],
        &["--wait", "--ties", "adversarial"],
    ] {
        let out = run(solve_maze()
            .args(["--format", "json"])
            .args(ties)
            .args(&maps));
        assert_eq!(
            out.status.code(),
            Some(1),
            "{ties:?}: some maps do not escape"
        );
        let records = check_lines(&schema, &out.stdout, &format!("{ties:?}"));
        assert_eq!(records.len(), maps.len(), "{ties:?}: one record per map");
        for (record, map) in records.iter().zip(&maps) {
            assert_eq!(record["file"], map.as_str());
            outcomes.insert(record["ending"].to_string());
            let speed = ties.contains(&"--dragon-speed").then(|| 2.into());
            assert_eq!(record["rules"].get("dragon_speed"), speed.as_ref(), "{map}");
            let waiting = ties.contains(&"--wait");
            assert_eq!(record["rules"]["waiting"], waiting, "{map}");
            methods.insert(record["stats"]["method"].to_string());
        }
        checked += records.len();
    }
    // The reference oracle, on the maps small enough for it.
    let small: Vec<&String> = maps.iter().filter(|m| !m.contains("large")).collect();
    let out = run(solve_maze()
        .args(["--format", "json", "--oracle", "floyd-warshall"])
        .args(&small));
    checked += check_lines(&schema, &out.stdout, "floyd-warshall").len();
    assert_eq!(checked, 7 * maps.len() + small.len());
    // Every ending and every method the examples reach was checked.
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        [r#""endless""#, r#""escaped""#, r#""no_path""#, r#""stuck""#]
    );
    assert!(methods.len() >= 2, "{methods:?}");
}

#[test]
fn error_records_meet_the_schema() {
    let schema = schema("solve-report.schema.json");
    let dir = tempfile::tempdir().unwrap();
    let not_utf8 = dir.path().join("bytes.txt");
    std::fs::write(&not_utf8, b"#H#\n#\xff#\n").unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, b"").unwrap();
    let two_heroes = dir.path().join("heroes.txt");
    std::fs::write(&two_heroes, "#H#\n#H#\n#DE\n").unwrap();
    let out = run(solve_maze()
        .args(["--format", "json", "-", "missing.txt", MAZES])
        .args([&not_utf8, &empty, &two_heroes])
        .write_stdin("#H#\n#x#\n"));
    assert_eq!(out.status.code(), Some(2));
    let records = check_lines(&schema, &out.stdout, "errors");
    assert_eq!(records.len(), 6);
    for record in &records {
        assert_eq!(record["outcome"], "error", "{record}");
    }
    assert_eq!(
        (&records[0]["error"]["line"], &records[0]["error"]["column"]),
        (&Value::from(2), &Value::from(2))
    );
    assert!(records[1]["error"]["line"].is_null());
    // A map over the memory budget: refused while read, and while solved.
    for budget in ["4K", "64K"] {
        let out = run(solve_maze().args([
            "--format",
            "json",
            "--max-memory",
            budget,
            "examples/mazes/large-101.txt",
        ]));
        assert_eq!(out.status.code(), Some(2), "{budget}");
        let records = check_lines(&schema, &out.stdout, budget);
        assert_eq!(records[0]["outcome"], "error");
    }
}

#[test]
fn the_schema_refuses_what_the_contract_does_not_allow() {
    let schema = schema("solve-report.schema.json");
    let validator = jsonschema::draft202012::new(&strict(schema.clone())).unwrap();
    let lenient = jsonschema::draft202012::new(&schema).unwrap();
    let out = run(solve_maze().args(["--format", "json", "examples/mazes/backstep.txt"]));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(validator.is_valid(&report));
    let changed = |change: &dyn Fn(&mut Value)| {
        let mut record = report.clone();
        change(&mut record);
        record
    };
    for (what, bad) in [
        ("version 2", changed(&|r| r["version"] = 2.into())),
        ("unknown outcome", changed(&|r| r["outcome"] = "won".into())),
        (
            "escaped without steps",
            changed(&|r| r["steps"] = Value::Null),
        ),
        (
            "a missing field",
            changed(&|r| drop(r.as_object_mut().unwrap().remove("turns"))),
        ),
        (
            "a move",
            changed(&|r| r["turns"][0]["move"] = "north".into()),
        ),
        (
            "endless disagrees",
            changed(&|r| r["endless"] = true.into()),
        ),
        (
            "a priority for adversarial",
            changed(&|r| r["rules"]["ties"] = "adversarial".into()),
        ),
        (
            "a negative column",
            changed(&|r| r["start"]["hero"]["col"] = (-1).into()),
        ),
    ] {
        assert!(!validator.is_valid(&bad), "{what}");
        assert!(!lenient.is_valid(&bad), "{what}");
    }
    // A field added later passes the published schema, not the strict one.
    let added = changed(&|r| r["stats"]["new_counter"] = 1.into());
    assert!(lenient.is_valid(&added));
    assert!(!validator.is_valid(&added));
}

#[test]
fn a_whole_report_is_stable() {
    let out = run(solve_maze().args(["--format", "json", "examples/mazes/backstep.txt"]));
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Nothing in the report is volatile without --timing: the line is
    // snapshotted as printed, field order included.
    assert!(report["stats"]["elapsed_ms"].is_null());
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[cfg(feature = "mapgen")]
mod generate {
    use super::{Value, check_lines, run, schema};
    use assert_cmd::Command;

    fn generate_maze() -> Command {
        Command::cargo_bin("generate-maze").unwrap()
    }

    /// Runs `generate-maze --stats --format json` with `args`, checks its
    /// records, and returns them.
    fn stats(schema: &Value, args: &[&str]) -> Vec<Value> {
        let out = run(generate_maze()
            .args(["--stats", "--format", "json"])
            .args(args));
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        check_lines(schema, &out.stderr, &format!("{args:?}"))
    }

    /// Seeds are JSON numbers that an f64 holds exactly: a larger one is
    /// refused, and a picked one is below 2^53.
    #[test]
    fn seeds_are_read_exactly_by_javascript() {
        let out = generate_maze()
            .args(["--seed", "9007199254740992"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("from 0 to 9007199254740991"));
        for _ in 0..5 {
            let out = generate_maze()
                .args(["-W", "2", "-H", "2"])
                .output()
                .unwrap();
            let note = String::from_utf8(out.stderr).unwrap();
            let seed: u64 = note
                .split_whitespace()
                .nth(2)
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("{note}"));
            assert!(seed < 1 << 53, "{note}");
        }
    }

    #[test]
    fn stats_of_many_configurations_meet_the_schema() {
        let schema = schema("generate-stats.schema.json");
        let mut checked = 0;
        for algorithm in [
            "backtracker",
            "binary-tree",
            "sidewinder",
            "aldous-broder",
            "wilson",
            "hunt-and-kill",
            "kruskal",
            "prim",
            "growing-tree",
            "eller",
            "division",
        ] {
            let records = stats(
                &schema,
                &[
                    "--seed",
                    "5",
                    "-W",
                    "8",
                    "-H",
                    "6",
                    "--algorithm",
                    algorithm,
                ],
            );
            assert_eq!(records[0]["algorithm"], algorithm);
            checked += records.len();
        }
        for args in [
            &["--seed", "1"][..],
            &["--seed", "2", "--difficulty", "hard"],
            &["--seed", "3", "--tie-independent", "--rooms", "2"],
            &[
                "--seed",
                "4",
                "--braid",
                "0.5",
                "--endpoints",
                "random",
                "--min-steps",
                "10",
            ],
            &["--seed", "5", "--search", "restarts", "--order", "random"],
            &["--seed", "6", "--notation", "ascii", "-W", "3", "-H", "2"],
            &["--seed", "9007199254740991", "-W", "40", "-H", "30"],
            // A picked seed is in the record: standard error holds nothing
            // but JSON lines.
            &["-W", "4", "-H", "3"],
        ] {
            checked += stats(&schema, args).len();
        }
        // Unchecked puzzles, where the dragon may catch the hero.
        let dir = tempfile::tempdir().unwrap();
        let out_dir = dir.path().to_str().unwrap();
        let records = stats(
            &schema,
            &[
                "--seed",
                "10",
                "--no-verify",
                "-W",
                "5",
                "-H",
                "4",
                "--count",
                "30",
                "--out-dir",
                out_dir,
            ],
        );
        assert_eq!(records.len(), 30);
        assert!(
            records.iter().any(|r| r["outcome"] == "caught"),
            "a caught one is checked too"
        );
        assert!(records.iter().all(|r| r["solver_runs"] == 0));
        checked += records.len();
        assert_eq!(checked, 11 + 8 + 30);
    }

    #[test]
    fn a_whole_stats_record_is_stable() {
        let schema = schema("generate-stats.schema.json");
        let args = [
            "--stats",
            "--format",
            "json",
            "--seed",
            "7",
            "--difficulty",
            "hard",
        ];
        let out = run(generate_maze().args(args));
        check_lines(&schema, &out.stderr, "seed 7");
        insta::assert_snapshot!(String::from_utf8(out.stderr).unwrap());
    }

    /// A puzzle with several dragons, keys and doors counts them, says how
    /// many doors its line opens, and leaves the back-step check out (null),
    /// within the schema.
    #[test]
    fn stats_with_dragons_keys_and_doors_meet_the_schema() {
        let schema = schema("generate-stats.schema.json");
        let base = ["--seed", "1", "-W", "8", "-H", "8"];
        let records = stats(
            &schema,
            &[&base[..], &["--dragons", "2", "--keys", "1"]].concat(),
        );
        let r = &records[0];
        assert_eq!(
            (r["dragons"].as_u64(), r["keys"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(r["doors"], 1);
        assert!(r["doors_opened"].as_u64() >= Some(1), "{r}");
        assert!(r["needs_back_step"].is_null(), "{r}");
        assert_eq!(r["outcome"], "escaped");
        let records = stats(
            &schema,
            &[&base[..], &["--keys", "3", "--no-verify"]].concat(),
        );
        assert!(records[0].get("dragons").is_none());
        assert_eq!(records[0]["keys"], 3);
        // The official game's record has none of these fields.
        let records = stats(&schema, &base);
        for field in ["dragons", "keys", "doors", "doors_opened"] {
            assert!(records[0].get(field).is_none(), "{field}");
        }
        assert!(records[0]["needs_back_step"].is_boolean());
    }

    /// A puzzle for a faster dragon says its speed, within the schema.
    #[test]
    fn stats_for_a_faster_dragon_meet_the_schema() {
        let schema = schema("generate-stats.schema.json");
        let args = [
            "--stats",
            "--format",
            "json",
            "--seed",
            "1",
            "-W",
            "5",
            "-H",
            "5",
            "--endpoints",
            "random",
            "--dragon-speed",
            "2",
        ];
        let out = run(generate_maze().args(args));
        let records = check_lines(&schema, &out.stderr, "speed 2");
        assert_eq!(records[0]["dragon_speed"], 2);
        assert_eq!(records[0]["outcome"], "escaped");
        assert!(records[0].get("waiting").is_none());
        let args = ["--stats", "--format", "json", "--seed", "1", "--wait"];
        let out = run(generate_maze().args(args));
        let records = check_lines(&schema, &out.stderr, "waiting");
        assert_eq!(records[0]["waiting"], true);
        assert_eq!(records[0]["outcome"], "escaped");
    }
}

#[test]
fn reports_of_maps_with_several_dragons_keys_and_doors_meet_the_schema() {
    let schema = schema("solve-report.schema.json");
    let maps = [
        // Two dragons, a key and a door: escaped through the door.
        "#########\n#H.k+..E#\n#.#####.#\n#.......#\n#D#####D#\n#########\n",
        // Caught by one of two dragons.
        "#######\nH.k+.DE\n#.....#\n##D####\n",
        // Two dragons, no key.
        "H..E\n....\nD..D\n",
        // A key and no door.
        "H.k.E\n#####\nD....\n",
    ];
    for map in maps {
        for ties in ["priority", "adversarial", "optimistic"] {
            let out = run(solve_maze()
                .args(["--format", "json", "--ties", ties, "-"])
                .write_stdin(map));
            let records = check_lines(&schema, &out.stdout, &format!("{ties} {map}"));
            let rules = &records[0]["rules"];
            let several = map.matches('D').count() > 1;
            assert_eq!(rules.get("dragons").is_some(), several, "{map}");
            assert_eq!(rules.get("keys").is_some(), map.contains('k'), "{map}");
            for turn in records[0]["turns"].as_array().unwrap() {
                assert_eq!(turn.get("dragons").is_some(), several, "{map}");
                assert_eq!(turn.get("keys_held").is_some(), map.contains('k'));
                assert_eq!(turn.get("doors_opened").is_some(), map.contains('k'));
            }
        }
    }
}

/// The heat map's JSON of every one-dragon example, with either piece
/// varied and under every tie rule, speed and waiting, meets its schema
/// (strictly); a map it cannot draw gives the solve report's error record,
/// described alike in both schemas.
#[test]
fn heat_maps_meet_their_schema() {
    let schema = schema("heat-map.schema.json");
    let maps: Vec<String> = example_maps()
        .into_iter()
        .filter(|m| !m.contains("large") && !m.contains("two-dragons") && !m.contains("key"))
        .collect();
    let mut checked = 0;
    for (flags, vary) in [
        (&[][..], "hero"),
        (&["--ties", "adversarial"], "dragon"),
        (&["--ties", "optimistic", "--wait"], "hero"),
        (&["--priority", "RDLU", "--dragon-speed", "2"], "dragon"),
    ] {
        for map in &maps {
            let out = run(solve_maze()
                .args(["--heat-map", "-", "--format", "json", "--vary", vary])
                .args(flags)
                .arg(map));
            let what = format!("{map} {flags:?} {vary}");
            let records = check_lines(&schema, &out.stdout, &what);
            assert_eq!(records.len(), 1, "{what}");
            assert_eq!(records[0]["varies"], vary);
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * maps.len());
    let out = run(solve_maze().args([
        "--heat-map",
        "-",
        "--format",
        "json",
        "examples/mazes/two-dragons.txt",
    ]));
    assert_eq!(out.status.code(), Some(2));
    let records = check_lines(&schema, &out.stdout, "two dragons");
    assert_eq!(records[0]["outcome"], "error");
    assert_eq!(
        schema["$defs"]["error_record"],
        self::schema("solve-report.schema.json")["$defs"]["error_record"]
    );
}
