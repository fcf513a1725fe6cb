//! `solve-maze` as users run it: outputs, stdin, exit codes and error wording.

use assert_cmd::Command;
use predicates::prelude::*;

fn solve_maze() -> Command {
    let mut cmd = Command::cargo_bin("solve-maze").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.env_remove("NO_COLOR");
    cmd
}

const BACKSTEP: &str = "examples/mazes/backstep.txt";

#[test]
fn default_output_is_one_sentence() {
    solve_maze()
        .arg("examples/mazes/official-1.txt")
        .assert()
        .success()
        .stdout("The shortest path is 16 steps.\n")
        .stderr("");
}

#[test]
fn steps_lists_every_move() {
    solve_maze()
        .args(["--steps", "examples/mazes/official-1.txt"])
        .assert()
        .success()
        .stdout(
            "The shortest path is 16 steps.\n\
             Steps: Down, Right, Right, Right, Right, Down, Down, Down, Down, Down, Down, Left, Left, Left, Left, Down\n\
             Total: 16 steps\n",
        );
}

#[test]
fn map_draws_the_route_without_colour_when_piped() {
    solve_maze()
        .args(["--map", "--ascii", BACKSTEP])
        .assert()
        .success()
        .stdout("The shortest path is 8 steps.\n######\n#H**##\n#*#*##\n#..D*E\n######\n");
    solve_maze()
        .args(["-m", BACKSTEP])
        .assert()
        .success()
        .stdout(predicate::str::contains("🟫🏃🟨🟨🟫🟫\n"));
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let coloured = solve_maze()
        .args(["-m", "--ascii", "--color", "always", BACKSTEP])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&coloured.stdout).contains("\x1b["));
    solve_maze()
        .args(["-m", "--ascii", "--color", "auto", BACKSTEP])
        .env("NO_COLOR", "1")
        .assert()
        .stdout(predicate::str::contains("\x1b[").not());
}

#[test]
fn reads_standard_input() {
    let map = std::fs::read(format!("{}/{BACKSTEP}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    solve_maze()
        .arg("-")
        .write_stdin(map)
        .assert()
        .success()
        .stdout("The shortest path is 8 steps.\n");
}

#[test]
fn reads_standard_input_when_no_file_is_given() {
    let map = std::fs::read(format!("{}/{BACKSTEP}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    solve_maze()
        .write_stdin(map)
        .assert()
        .success()
        .stdout("The shortest path is 8 steps.\n");
}

#[test]
fn tolerates_bom_crlf_trailing_spaces_and_variation_selectors() {
    let map = "\u{feff}🟫🏃\u{fe0f}🟫  \r\n🟫🟩🟫\r\n🟫🟩🟫\r\n🟫❎🟫\r\n🟫🟫🟫\r\n🐉🟫🟫\r\n";
    solve_maze()
        .arg("-")
        .write_stdin(map)
        .assert()
        .success()
        .stdout("The shortest path is 3 steps.\n");
}

#[test]
fn accepts_the_json_matrix_and_ascii_forms() {
    solve_maze()
        .arg("-")
        .write_stdin(r#"[["🟫","🏃","🟫"],["🟫","🟩","🟫"],["🐉","❎","🟫"]]"#)
        .assert()
        .code(1)
        .stdout("The dragon catches the hero on every path.\n");
    solve_maze()
        .arg("-")
        .write_stdin("#H#\n#.#\n#E#\n##D\n")
        .assert()
        .success()
        .stdout("The shortest path is 2 steps.\n");
}

#[cfg(feature = "json")]
#[test]
fn json_report_round_trips() {
    let out = solve_maze()
        .args([
            "--format",
            "json",
            "--ties",
            "adversarial",
            "examples/mazes/tie-dependent.txt",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], 1);
    assert_eq!(v["outcome"], "escaped");
    assert_eq!(v["steps"], 12);
    assert_eq!(v["free_distance"], 6);
    assert_eq!(v["rules"]["ties"], "adversarial");
    assert_eq!(v["turns"].as_array().unwrap().len(), 12);
    assert_eq!(v["turns"][0]["step"], 1);
    assert!(v["turns"][0]["hero"]["row"].is_u64());
    assert!(v["stats"]["states_expanded"].as_u64().unwrap() > 0);
    assert_eq!(v["stats"]["oracle"], "bfs");
    assert_eq!(
        (v["ending"].as_str(), v["endless"].as_bool()),
        (Some("escaped"), Some(false))
    );
}

#[cfg(feature = "json")]
#[test]
fn json_gives_every_input_a_record_and_the_same_bytes_every_run() {
    let run = |args: &[&str]| {
        solve_maze()
            .args(["--format", "json"])
            .args(args)
            .args(["-", BACKSTEP, "missing.txt"])
            .write_stdin("#H#\n#x#\n")
            .output()
            .unwrap()
    };
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "one record per input");
    assert_eq!(lines[0]["file"], "-");
    assert_eq!(lines[0]["outcome"], "error");
    assert_eq!(
        (&lines[0]["error"]["line"], &lines[0]["error"]["column"]),
        (&serde_json::json!(2), &serde_json::json!(2))
    );
    assert!(
        lines[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown symbol 'x'")
    );
    assert_eq!(lines[1]["outcome"], "escaped");
    assert!(lines[1]["stats"]["elapsed_ms"].is_null());
    assert_eq!(lines[2]["file"], "missing.txt");
    assert_eq!(lines[2]["error"]["message"], "missing.txt: no such file");
    assert!(lines[2]["error"]["line"].is_null());
    assert_eq!(run(&[]).stdout, out.stdout, "the same bytes on every run");
    assert_eq!(run(&["-j", "2"]).stdout, out.stdout);
    let timed = run(&["--timing"]);
    let timed: Vec<serde_json::Value> = String::from_utf8(timed.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(timed[1]["stats"]["elapsed_ms"].is_f64());
    // With the text report the time goes to standard error, the report
    // itself unchanged.
    let plain = solve_maze().arg(BACKSTEP).output().unwrap();
    solve_maze()
        .args(["--timing", BACKSTEP])
        .assert()
        .success()
        .stdout(String::from_utf8(plain.stdout).unwrap())
        .stderr(
            predicate::str::is_match(
                r"^solve-maze: examples/mazes/backstep.txt: solved in \d+ ms\n$",
            )
            .unwrap(),
        );
}

/// Styles are harmless where nothing is drawn: an alias that sets them
/// serves every run.
#[test]
fn styles_are_accepted_where_nothing_is_drawn() {
    let plain = solve_maze().arg(BACKSTEP).output().unwrap();
    for flags in [
        &["--color", "never"][..],
        &["--ascii"],
        &["--ascii", "--color", "always"],
    ] {
        solve_maze()
            .args(flags)
            .arg(BACKSTEP)
            .assert()
            .success()
            .stdout(String::from_utf8(plain.stdout.clone()).unwrap())
            .stderr("");
    }
}

#[cfg(feature = "json")]
#[test]
fn json_report_says_how_the_line_ends() {
    let out = solve_maze()
        .args(["--format", "json"])
        .args(["examples/mazes/caught.txt", "examples/mazes/no-path.txt"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let endings: Vec<String> = text
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            format!("{} {}", v["outcome"], v["ending"])
        })
        .collect();
    assert_eq!(endings, [r#""caught" "stuck""#, r#""no_path" "no_path""#]);
}

#[cfg(not(feature = "json"))]
#[test]
fn a_build_without_json_refuses_the_report() {
    solve_maze()
        .args(["--format", "json", BACKSTEP])
        .assert()
        .code(2)
        .stdout("")
        .stderr("solve-maze: this build has no JSON support (cargo feature `json`)\n");
}

#[cfg(not(feature = "playback"))]
#[test]
fn a_build_without_playback_refuses_it() {
    for flag in ["-p", "--play"] {
        solve_maze()
            .args([flag, BACKSTEP])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("cargo feature `playback`"));
    }
}

#[test]
fn tie_modes_and_priority_change_the_answer() {
    let run = |args: &[&str]| {
        let out = solve_maze()
            .args(args)
            .arg("examples/mazes/tie-dependent.txt")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&[]), "The shortest path is 8 steps.\n");
    assert_eq!(
        run(&["--ties", "adversarial"]),
        "The shortest guaranteed path is 12 steps.\n"
    );
    assert_eq!(
        run(&["--ties", "optimistic"]),
        "Under any tie rule the shortest path is at least 6 steps (the optimistic bound).\n"
    );
    assert_eq!(
        run(&["--oracle", "floyd-warshall"]),
        "The shortest path is 8 steps.\n"
    );
}

#[test]
fn a_faster_dragon_is_named_in_the_answer_and_the_report() {
    let run = |args: &[&str]| {
        let out = solve_maze()
            .args(args)
            .arg("examples/mazes/fast-dragon.txt")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&[]), "The shortest path is 3 steps.\n");
    assert_eq!(run(&["--dragon-speed", "1"]), run(&[]));
    assert_eq!(
        run(&["--dragon-speed", "2", "--ties", "adversarial"]),
        "The shortest guaranteed path is 5 steps (dragon speed 2).\n"
    );
    assert_eq!(
        run(&["--dragon-speed", "3"]),
        "The dragon catches the hero on every path (dragon speed 3).\n"
    );
    // The report, where the JSON output is built in.
    if cfg!(feature = "json") {
        let json = run(&["--format", "json", "--dragon-speed", "2"]);
        assert!(
            json.contains(r#""waiting":false,"dragon_speed":2},"#),
            "{json}"
        );
        let json = run(&["--format", "json", "--dragon-speed", "1"]);
        assert!(!json.contains("dragon_speed"), "{json}");
    }
}

#[test]
fn waiting_is_named_in_the_answer_the_steps_and_the_report() {
    let run = |args: &[&str]| {
        let out = solve_maze()
            .args(args)
            .arg("examples/mazes/waiting.txt")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&[]), "The dragon catches the hero on every path.\n");
    assert_eq!(
        run(&["--wait", "-s"]),
        "The shortest path is 2 steps (waiting).\nSteps: Wait, Up\nTotal: 2 steps\n"
    );
    assert_eq!(
        run(&["--wait", "--dragon-speed", "2"]),
        "The dragon catches the hero on every path (dragon speed 2, waiting).\n"
    );
    // The report, where the JSON output is built in.
    if cfg!(feature = "json") {
        let json = run(&["--format", "json", "--wait"]);
        assert!(json.contains(r#""waiting":true},"#), "{json}");
        assert!(json.contains(r#""move":"wait""#), "{json}");
        let json = run(&["--format", "json"]);
        assert!(json.contains(r#""waiting":false},"#), "{json}");
    }
}

#[test]
fn several_files_are_labelled() {
    solve_maze()
        .args([BACKSTEP, "examples/mazes/no-path.txt"])
        .assert()
        .code(1)
        .stdout(format!(
            "{BACKSTEP}: The shortest path is 8 steps.\n\
             examples/mazes/no-path.txt: There is no path to the exit, even without the dragon.\n"
        ));
}

#[test]
fn exit_codes_tell_escape_from_no_escape() {
    solve_maze()
        .arg("examples/mazes/caught.txt")
        .assert()
        .code(1);
    solve_maze()
        .arg("examples/mazes/no-path.txt")
        .assert()
        .code(1);
    solve_maze().arg(BACKSTEP).assert().code(0);
}

/// Runs on `input` from stdin and expects exit 2 with `message` on stderr.
fn rejects(input: &[u8], message: &str) {
    solve_maze()
        .arg("-")
        .write_stdin(input.to_vec())
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("solve-maze: -: {message}\n"));
}

#[test]
fn input_errors_name_the_line_and_column() {
    rejects(
        "#H#\n#x#\n#E#\n#D#\n".as_bytes(),
        "line 2, column 2: unknown symbol 'x' (U+0078); a map uses 🟫 🟩 🏃 🐉 ❎ 🔑 🚪 or # . H D E k +",
    );
    rejects(
        "#H##\n#.#\n#E##\n".as_bytes(),
        "line 2, column 4: row 2 has 3 symbols, but the first row has 4 (all rows must be equally long)",
    );
    rejects(
        "#H#\n#.#\n#E#\n#H#\n".as_bytes(),
        "line 4, column 2: a second hero (🏃 or H); the first is at line 1, column 2",
    );
    rejects(
        "#H#\n#.#\n#E#\n".as_bytes(),
        "the map has no dragon (🐉 or D)",
    );
    rejects(b"\n  \n", "the input is empty: expected a map");
    rejects(
        b"#H#\n#\xff#\n",
        "line 2, column 2: the input is not valid UTF-8",
    );
    rejects(
        br#"[["H","D"] ["E"]]"#,
        "line 1, column 12: expected ',' or ']' in the map",
    );
    // The variants' pieces: a fifth dragon, a seventeenth key or door, a
    // door with no key, and pieces in the JSON form too.
    rejects(
        b"H.DDDD\n.....D\nE.....\n",
        "line 2, column 6: one dragon (🐉 or D) too many; a map may hold at most 4",
    );
    rejects(
        format!("H{}\nD{}E\n", "k".repeat(17), ".".repeat(16)).as_bytes(),
        "line 1, column 18: one key (🔑 or k) too many; a map may hold at most 16",
    );
    rejects(
        format!("H{}\nDk{}E\n", "+".repeat(17), ".".repeat(15)).as_bytes(),
        "line 1, column 18: one door (🚪 or +) too many; a map may hold at most 16",
    );
    rejects(
        "H.+.E\n..D..\n".as_bytes(),
        "invalid map: the map has a door but no key: a door nobody can open is a wall, so draw 🟫 or add a 🔑",
    );
    rejects(
        r#"[["🏃","🚪","🚪"],["🐉","🟩","❎"]]"#.as_bytes(),
        "invalid map: the map has 2 doors but no key: a door nobody can open is a wall, so draw 🟫 or add a 🔑",
    );
}

#[test]
fn every_format_reads_the_variant_pieces() {
    // examples/mazes/key-and-door.txt with a second dragon walled in.
    let ascii = "...D#D\n+#E###\nH.k###\n";
    let emoji = "🟩🟩🟩🐉🟫🐉\n🚪🟫❎🟫🟫🟫\n🏃🟩🔑🟫🟫🟫\n";
    let json = r##"[[".","🟩","🟩","D","#","🐉"],["+","🟫","❎","🟫","🟫","🟫"],["🏃","🟩","k","🟫","🟫","🟫"]]"##;
    let answer = |input: &str| {
        solve_maze()
            .args(["-", "-m"])
            .write_stdin(input)
            .assert()
            .get_output()
            .stdout
            .clone()
    };
    let first = answer(ascii);
    assert!(
        String::from_utf8_lossy(&first).starts_with("The shortest path is 9 steps."),
        "{}",
        String::from_utf8_lossy(&first)
    );
    assert_eq!(answer(emoji), first);
    assert_eq!(answer(json), first);
}

#[test]
fn file_errors_are_sentences() {
    solve_maze()
        .arg("no/such/map.txt")
        .assert()
        .code(2)
        .stderr("solve-maze: no/such/map.txt: no such file\n");
    solve_maze()
        .arg("examples")
        .assert()
        .code(2)
        .stderr("solve-maze: examples: is a directory, not a map file\n");
}

#[test]
fn a_bad_file_does_not_stop_the_others() {
    solve_maze()
        .args(["missing.txt", BACKSTEP])
        .assert()
        .code(2)
        .stdout(format!("{BACKSTEP}: The shortest path is 8 steps.\n"))
        .stderr("solve-maze: missing.txt: no such file\n");
}

#[test]
fn usage_errors_exit_with_two() {
    solve_maze()
        .arg("--no-such-flag")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
    solve_maze()
        .args(["--priority", "ULDX", BACKSTEP])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give the four letters U, L, D, R"));
    for speed in ["0", "9", "two"] {
        solve_maze()
            .args(["--dragon-speed", speed, BACKSTEP])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("a whole number from 1 to 8"));
    }
    solve_maze()
        .args(["--format", "json", "--steps", BACKSTEP])
        .assert()
        .code(2);
}

/// The features of this build as `--version` lists them.
fn features() -> String {
    let all = [
        ("cli", cfg!(feature = "cli")),
        ("json", cfg!(feature = "json")),
        ("playback", cfg!(feature = "playback")),
        ("mapgen", cfg!(feature = "mapgen")),
    ];
    let on: Vec<&str> = all.iter().filter(|f| f.1).map(|f| f.0).collect();
    on.join(", ")
}

#[test]
fn help_and_version() {
    solve_maze()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!(
            "solve-maze {} (features: {})\n",
            env!("CARGO_PKG_VERSION"),
            features()
        ));
    let help = solve_maze().arg("--help").output().unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("Exit status:\n  0  every map escaped"),
        "{help}"
    );
    // The example that pipes from generate-maze says how to get it when
    // this build lacks it.
    assert_eq!(
        help.contains("generate-maze: install with --features mapgen"),
        !cfg!(feature = "mapgen"),
        "{help}"
    );
}

#[test]
fn a_memory_budget_too_small_is_a_clear_error() {
    solve_maze()
        .args(["--max-memory", "1K", BACKSTEP])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("memory budget").and(predicate::str::contains("--max-memory")),
        );
    solve_maze()
        .args(["--max-memory", "lots", BACKSTEP])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("try 512M or 2G"));
    solve_maze()
        .args(["--max-memory", "64M", BACKSTEP])
        .assert()
        .code(0);
}

#[test]
fn parallel_jobs_answer_in_file_order() {
    let files = [
        "examples/mazes/official-2.txt",
        "examples/mazes/no-path.txt",
        "examples/mazes/large-101.txt",
        "examples/mazes/missing.txt",
        BACKSTEP,
        "examples/mazes/caught.txt",
    ];
    let one = solve_maze().args(files).output().unwrap();
    let three = solve_maze().arg("-j3").args(files).output().unwrap();
    assert_eq!(one.status.code(), Some(2));
    assert_eq!(three.status.code(), one.status.code());
    assert_eq!(
        String::from_utf8_lossy(&three.stdout),
        String::from_utf8_lossy(&one.stdout)
    );
    assert_eq!(
        String::from_utf8_lossy(&three.stderr),
        String::from_utf8_lossy(&one.stderr)
    );
    let lines: Vec<&str> = std::str::from_utf8(&one.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[0].starts_with("examples/mazes/official-2.txt: "));
    assert!(lines[4].starts_with("examples/mazes/caught.txt: "));
}

#[test]
fn completions_for_every_shell_and_a_man_page() {
    let mut tools = vec![("solve-maze", "max-memory")];
    if cfg!(feature = "mapgen") {
        tools.push(("generate-maze", "algorithm"));
    }
    for (tool, flag) in tools {
        let run = |args: &[&str]| {
            let out = Command::cargo_bin(tool)
                .unwrap()
                .args(args)
                .output()
                .unwrap();
            assert!(out.status.success(), "{tool} {args:?}: {out:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
            let script = run(&["--completions", shell]);
            assert!(
                script.contains(tool) && script.contains(flag),
                "{tool} --completions {shell}:\n{script}"
            );
        }
        // The bash script at least parses.
        let bash = std::process::Command::new("bash")
            .args(["-n", "-c", &run(&["--completions", "bash"])])
            .status()
            .unwrap();
        assert!(bash.success(), "{tool}: the bash completions do not parse");
        let man = run(&["--man"]);
        assert!(man.contains(&format!(".TH {tool} 1")), "{man}");
        assert!(man.contains(&flag.replace('-', "\\-")), "{man}");
    }
    solve_maze()
        .args(["--completions", "tcsh"])
        .assert()
        .code(2);
    solve_maze()
        .args(["--man", BACKSTEP])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used"));
}

/// `-h` is a summary that points to `--help`, well under 60 lines; both
/// fit 80 columns (an emoji counting two), and `--help` has every option.
#[test]
fn short_help_is_a_summary_and_both_fit_80_columns() {
    let mut tools = vec![("solve-maze", "--animate-max-frames")];
    if cfg!(feature = "mapgen") {
        tools.push(("generate-maze", "--per-maze"));
    }
    for (tool, rare) in tools {
        let help = |flag: &str| {
            let out = Command::cargo_bin(tool)
                .unwrap()
                .arg(flag)
                .env("COLUMNS", "80")
                .output()
                .unwrap();
            assert!(out.status.success(), "{tool} {flag}");
            String::from_utf8(out.stdout).unwrap()
        };
        let (short, long) = (help("-h"), help("--help"));
        assert!(short.lines().count() < 60, "{tool} -h:\n{short}");
        assert!(short.contains("See --help"), "{tool} -h:\n{short}");
        assert!(
            !short.contains(rare) && long.contains(rare),
            "{tool}: {rare}"
        );
        assert!(
            long.contains("Exit status:") && long.contains("Examples:"),
            "{tool}"
        );
        for text in [&short, &long] {
            for line in text.lines() {
                let columns: usize = line
                    .chars()
                    .map(|c| match c {
                        '\u{200D}' | '\u{FE0F}' => 0,
                        '\u{2600}'..='\u{27BF}' | '\u{1F000}'..='\u{1FAFF}' => 2,
                        _ => 1,
                    })
                    .sum();
                assert!(columns <= 80, "{tool}: {columns} columns: {line:?}");
            }
        }
    }
}

/// The man pages have their EXIT STATUS and EXAMPLES sections (not a
/// section called EXTRA), keep file names whole, and, where `man` is
/// installed, render within 80 columns, the footer clear of the title.
#[test]
fn man_pages_render_within_80_columns() {
    let mut tools = vec!["solve-maze"];
    if cfg!(feature = "mapgen") {
        tools.push("generate-maze");
    }
    for tool in tools {
        let out = Command::cargo_bin(tool)
            .unwrap()
            .arg("--man")
            .output()
            .unwrap();
        assert!(out.status.success(), "{tool}");
        let roff = String::from_utf8(out.stdout).unwrap();
        for section in [".SH \"EXIT STATUS\"", ".SH EXAMPLES", ".nh"] {
            assert!(roff.contains(section), "{tool}: no {section}\n{roff}");
        }
        assert!(!roff.contains("EXTRA"), "{tool}\n{roff}");
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join(format!("{tool}.1"));
        std::fs::write(&page, &roff).unwrap();
        let Ok(shown) = std::process::Command::new("man")
            .arg("-l")
            .arg(&page)
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .output()
        else {
            // No man here: the sections above are what is checked.
            continue;
        };
        assert!(
            shown.status.success(),
            "{tool}: {}",
            String::from_utf8_lossy(&shown.stderr)
        );
        // Overstrikes (bold, underline) out, then every line's columns, an
        // emoji counting two.
        let text = String::from_utf8_lossy(&shown.stdout).replace("\u{8}", "\u{0}");
        let mut lines = 0;
        for line in text.lines() {
            let mut columns = 0usize;
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                if chars.peek() == Some(&'\u{0}') {
                    chars.next();
                    continue;
                }
                columns += match c {
                    '\u{200D}' | '\u{FE0F}' | '\u{0}' => 0,
                    '\u{2600}'..='\u{27BF}' | '\u{1F000}'..='\u{1FAFF}' => 2,
                    _ => 1,
                };
            }
            assert!(columns <= 80, "{tool}: {columns} columns: {line:?}");
            assert!(
                !line.trim_end().ends_with('\u{2010}'),
                "{tool}: hyphenated: {line:?}"
            );
            lines += 1;
        }
        assert!(
            text.contains("EXIT STATUS") && text.contains("EXAMPLES"),
            "{tool}\n{text}"
        );
        assert!(lines > 50, "{tool}\n{text}");
    }
}
