//! Every output of `solve-maze` on a map with two dragons, a key and a
//! door: the steps list, the route map, the JSON report, the SVG picture,
//! the animated SVG, the GIF and the recording.

use assert_cmd::Command;

const BIN: &str = env!("CARGO_BIN_EXE_solve-maze");

/// The hero takes the key, opens the door and escapes in 8 while the
/// dragons come round, one from each side.
const MAP: &str = "\
#########
#H.k+..E#
#.#####.#
#.......#
#D#####D#
#########
";

/// `solve-maze` with `args`, the map on standard input; its standard
/// output.
fn run(args: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(args)
        .arg("-")
        .write_stdin(MAP)
        .assert()
        .code(0)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// The hero's cells after each move of a `Steps:` line from (1, 1), and
/// each move's note, if any.
fn walk(steps: &str) -> Vec<((usize, usize), Option<&str>)> {
    let mut at = (1, 1);
    steps
        .strip_prefix("Steps: ")
        .unwrap()
        .split(", ")
        .map(|step| {
            let (name, note) = match step.split_once(" (") {
                Some((name, note)) => (name, Some(note.trim_end_matches(')'))),
                None => (step, None),
            };
            at = match name {
                "Up" => (at.0 - 1, at.1),
                "Left" => (at.0, at.1 - 1),
                "Down" => (at.0 + 1, at.1),
                "Right" => (at.0, at.1 + 1),
                other => panic!("{other}"),
            };
            (at, note)
        })
        .collect()
}

#[test]
fn steps_say_which_move_takes_the_key_and_which_opens_the_door() {
    let text = run(&["-s", "-m", "--ascii"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "The shortest path is 8 steps.");
    assert_eq!(lines[2], "Total: 8 steps");
    // The first move onto the key takes it, the first into the door opens
    // it; no other move has a note.
    let (key, door) = ((1, 3), (1, 4));
    let mut seen = std::collections::HashSet::new();
    for (at, note) in walk(lines[1]) {
        let first = seen.insert(at);
        let expected = if at == key && first {
            Some("takes a key")
        } else if at == door && first {
            Some("opens a door")
        } else {
            None
        };
        assert_eq!(note, expected, "{}", lines[1]);
    }
    assert_eq!(lines[1].matches(" (").count(), 2, "{}", lines[1]);
    // The route map keeps the key and draws the door open.
    assert_eq!(lines[3], "#########");
    assert_eq!(lines[4], "#H*k/**E#");
    assert_eq!(lines[6..], ["#.......#", "#D#####D#", "#########"]);
    // In emoji too.
    let map = run(&["-m"]);
    assert!(map.contains("🏃🟨🔑🔓🟨🟨❎"), "{map}");
    assert_eq!(map.matches("🐉").count(), 2, "{map}");
    // Without keys, no note.
    let plain = Command::new(BIN)
        .args(["-s", "-"])
        .write_stdin("H..E\n....\nD..D\n")
        .output()
        .unwrap();
    assert!(!String::from_utf8(plain.stdout).unwrap().contains(" ("));
}

/// Only where JSON is built in (the CLI tests also run without it).
#[cfg(feature = "json")]
#[test]
fn the_json_report_lists_every_dragon_key_and_door() {
    let report: serde_json::Value = serde_json::from_str(&run(&["--format", "json"])).unwrap();
    let at = |row: u64, col: u64| serde_json::json!({"row": row, "col": col});
    assert_eq!(report["rules"]["dragons"], 2);
    assert_eq!(report["rules"]["keys"], 1);
    assert_eq!(report["rules"]["doors"], 1);
    assert_eq!(
        report["start"]["dragons"],
        serde_json::json!([at(4, 1), at(4, 7)])
    );
    assert_eq!(report["start"]["keys"], serde_json::json!([at(1, 3)]));
    assert_eq!(report["start"]["doors"], serde_json::json!([at(1, 4)]));
    let turns = report["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 8);
    // One key is held from the turn the hero stands on it to the turn it
    // stands in the door; the door is open from then on.
    let on = |cell: serde_json::Value| turns.iter().position(|t| t["hero"] == cell).unwrap();
    let (took, opened) = (on(at(1, 3)), on(at(1, 4)));
    assert!(took < opened);
    for (i, turn) in turns.iter().enumerate() {
        let held = u64::from(took <= i && i < opened);
        assert_eq!(turn["keys_held"], held, "turn {i}");
        let open = if i >= opened {
            serde_json::json!([at(1, 4)])
        } else {
            serde_json::json!([])
        };
        assert_eq!(turn["doors_opened"], open, "turn {i}");
    }
    for turn in turns {
        assert_eq!(turn["dragons"][0], turn["dragon"]);
        assert_eq!(turn["dragons"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn pictures_and_recordings_show_every_dragon_key_and_door() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (svg, animated, cast, gif) = (
        path("v.svg"),
        path("v-animated.svg"),
        path("v.cast"),
        path("v.gif"),
    );
    run(&["--svg", &svg, "--svg-animate", &animated]);
    run(&["--record", &cast, "--ascii"]);

    let picture = std::fs::read_to_string(&svg).unwrap();
    // Two dragons on the map, one in the legend; both routes drawn.
    let dragon = "points=\"0,-11 3,-5 10,-8";
    assert_eq!(picture.matches(dragon).count(), 3, "{picture}");
    assert_eq!(picture.matches("stroke-dasharray=\"6 4\"").count(), 3);
    for label in [">key</text>", ">door</text>", ">opened door</text>"] {
        assert!(picture.contains(label), "{label}");
    }

    let animation = std::fs::read_to_string(&animated).unwrap();
    // Two dragons and the hero move; the key and the closed door vanish,
    // the open door appears.
    assert_eq!(animation.matches("type=\"translate\"").count(), 3);
    assert_eq!(animation.matches("values=\"1;0\"").count(), 2);
    assert!(animation.contains(">opened door</text>"));

    let recording = std::fs::read_to_string(&cast).unwrap();
    assert!(recording.contains("step 0 of 8  dragons 2  keys 0  start"));
    assert!(recording.contains("  dragons 2  keys 1  hero: right"));
    assert!(recording.contains("step 8 of 8  dragons 2  keys 0  hero: right  escaped!"));
    assert!(
        recording.contains("\\u001b[33m/\\u001b[0m"),
        "the open door"
    );

    if cfg!(feature = "gif") {
        run(&["--gif", &gif]);
        let bytes = std::fs::read(&gif).unwrap();
        assert!(bytes.starts_with(b"GIF89a"));
    }
}
