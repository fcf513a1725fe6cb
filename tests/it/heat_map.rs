//! `solve-maze --heat-map`: the JSON agrees with the library's table at
//! every cell under every rule set, the SVG has one square a free cell
//! with its value and a legend, the GIF is one picture, the terminal text
//! is coloured as `--color` says, and a heat map that cannot be made ends
//! with a sentence, exit status 2 and no file.

use std::path::Path;
use std::process::{Command as Std, Stdio};

use assert_cmd::Command;
use dragon_escape::{Options, Pos, Priority, Puzzle, Rules, Solver, Speed, Table, Ties, Value};
use predicates::prelude::*;
use serde_json::Value as Json;

const MAZES: &str = "examples/mazes";

fn solve_maze() -> Command {
    let mut cmd = Command::cargo_bin("solve-maze").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn path(map: &str) -> String {
    format!("{MAZES}/{map}")
}

fn puzzle(map: &str) -> Puzzle {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path(map))).unwrap();
    Puzzle::parse(&text).unwrap()
}

/// The rules that `flags` ask for.
fn rules(flags: &[&str]) -> Rules {
    let after = |flag: &str| flags.iter().position(|f| *f == flag).map(|i| flags[i + 1]);
    let ties = match after("--ties") {
        Some("adversarial") => Ties::Adversarial,
        Some("optimistic") => Ties::Optimistic,
        _ => {
            Ties::Priority(after("--priority").map_or(Priority::default(), |p| p.parse().unwrap()))
        }
    };
    Rules::default()
        .with_ties(ties)
        .with_speed(after("--dragon-speed").map_or(Speed::ONE, |s| s.parse().unwrap()))
        .with_wait(flags.contains(&"--wait"))
}

fn table(puzzle: &Puzzle, rules: Rules) -> Table {
    let options = Options::default().with_rules(rules);
    Solver::new(puzzle).table(&options).unwrap()
}

/// The table's value of a heat map's cell `pos`: the varying piece there.
fn expected(table: &Table, puzzle: &Puzzle, vary: &str, pos: Pos) -> Option<Value> {
    match vary {
        "hero" => table.value(pos, puzzle.dragon()),
        _ => table.value(puzzle.hero(), pos),
    }
}

/// A cell of the JSON record, read back.
fn read_cell(cell: &Json) -> Option<Value> {
    let moves = || cell["moves"].as_u64().unwrap() as usize;
    match cell["outcome"].as_str()? {
        "escaped" => Some(Value::Escape { moves: moves() }),
        "caught" => Some(Value::Caught { moves: moves() }),
        "endless" => {
            assert!(cell["moves"].is_null(), "{cell}");
            Some(Value::Endless)
        }
        other => panic!("unknown outcome {other}"),
    }
}

/// The heat map's JSON of `map` under `flags`, its piece `vary` varied.
fn heat_json(map: &str, flags: &[&str], vary: &str) -> Json {
    let out = solve_maze()
        .args(["--heat-map", "-", "--format", "json", "--vary", vary])
        .args(flags)
        .arg(path(map))
        .output()
        .unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one line");
    serde_json::from_str(&text).unwrap()
}

/// Every cell of the JSON is the table's value, under every tie rule,
/// speed and waiting, with either piece varied; the counts, the shortest
/// and longest escapes and the start's value are the cells'.
#[test]
fn the_json_agrees_with_the_table_at_every_cell() {
    let cases: &[(&str, &[&str])] = &[
        ("official-1.txt", &[]),
        ("official-1.txt", &["--ties", "adversarial"]),
        ("official-1.txt", &["--ties", "optimistic"]),
        ("official-1.txt", &["--priority", "RDLU"]),
        ("official-1.txt", &["--dragon-speed", "2"]),
        ("official-1.txt", &["--wait"]),
        ("tie-dependent.txt", &[]),
        ("tie-dependent.txt", &["--ties", "adversarial", "--wait"]),
        ("no-path.txt", &[]),
        ("waiting.txt", &["--wait"]),
        ("fast-dragon.txt", &["--dragon-speed", "2"]),
        ("caught.txt", &[]),
        ("open-room.txt", &["--ties", "adversarial"]),
        ("sleeping-dragon.txt", &[]),
    ];
    let mut outcomes = std::collections::HashSet::new();
    for &(map, flags) in cases {
        let puzzle = puzzle(map);
        let rules = rules(flags);
        let table = table(&puzzle, rules);
        for vary in ["hero", "dragon"] {
            let record = heat_json(map, flags, vary);
            let what = format!("{map} {flags:?} {vary}");
            assert_eq!(record["version"], 1);
            assert_eq!(record["file"], path(map));
            assert_eq!(record["varies"], vary, "{what}");
            let (fixed, at) = match vary {
                "hero" => ("dragon", puzzle.dragon()),
                _ => ("hero", puzzle.hero()),
            };
            assert_eq!(record["fixed"]["piece"], fixed);
            assert_eq!(record["fixed"]["at"]["row"], at.row);
            assert_eq!(record["fixed"]["at"]["col"], at.col);
            assert_eq!(record["rules"]["ties"], rules.ties.name());
            assert_eq!(record["rules"]["waiting"], rules.wait);
            assert_eq!(
                record["rules"].get("dragon_speed").and_then(Json::as_u64),
                (!rules.speed.is_one()).then(|| u64::from(rules.speed.steps()))
            );
            let rows = record["values"].as_array().unwrap();
            assert_eq!(rows.len(), puzzle.height());
            assert_eq!(record["size"]["height"], puzzle.height());
            assert_eq!(record["size"]["width"], puzzle.width());
            let (mut escaped, mut caught, mut endless, mut cells) = (0, 0, 0, 0);
            let mut moves = Vec::new();
            for (r, row) in rows.iter().enumerate() {
                let row = row.as_array().unwrap();
                assert_eq!(row.len(), puzzle.width());
                for (c, cell) in row.iter().enumerate() {
                    let pos = Pos::new(r, c);
                    let value = read_cell(cell);
                    assert_eq!(
                        value,
                        expected(&table, &puzzle, vary, pos),
                        "{what} {pos:?}"
                    );
                    cells += usize::from(puzzle.is_free(pos));
                    match value {
                        Some(Value::Escape { moves: m }) => {
                            escaped += 1;
                            moves.push(m);
                        }
                        Some(Value::Caught { .. }) => caught += 1,
                        Some(Value::Endless) => endless += 1,
                        None => {}
                    }
                    if let Some(value) = value {
                        outcomes.insert(std::mem::discriminant(&value));
                    }
                }
            }
            let counts = &record["counts"];
            assert_eq!(
                (
                    &counts["cells"],
                    &counts["escaped"],
                    &counts["caught"],
                    &counts["endless"]
                ),
                (
                    &cells.into(),
                    &escaped.into(),
                    &caught.into(),
                    &endless.into()
                ),
                "{what}"
            );
            match (moves.iter().min(), moves.iter().max()) {
                (Some(&low), Some(&high)) => {
                    assert_eq!(record["escape_moves"]["shortest"], low);
                    assert_eq!(record["escape_moves"]["longest"], high);
                }
                _ => assert!(record["escape_moves"].is_null()),
            }
            assert_eq!(
                read_cell(&record["start_value"]),
                table.value(puzzle.hero(), puzzle.dragon()),
                "{what}"
            );
        }
    }
    assert_eq!(outcomes.len(), 3, "escapes, captures and endless games met");
}

/// `--heat-map FILE.json` writes the record `--heat-map - --format json`
/// prints, and the report still comes on standard output.
#[test]
fn a_json_file_holds_the_record_standard_output_shows() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("heat.JSON");
    solve_maze()
        .args(["--ties", "adversarial", "--heat-map"])
        .arg(&file)
        .arg(path("tie-dependent.txt"))
        .assert()
        .code(0)
        .stdout("The shortest guaranteed path is 12 steps.\n")
        .stderr("");
    let written: Json = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(
        written,
        heat_json("tie-dependent.txt", &["--ties", "adversarial"], "hero")
    );
}

/// One `<rect>` of a cell: where, its fill, and its tooltip.
struct Square {
    pos: Pos,
    fill: String,
    title: String,
}

/// The squares of the cells of an SVG heat map.
fn squares(svg: &str) -> Vec<Square> {
    let attribute = |line: &str, name: &str| -> String {
        let start = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        line[start..start + line[start..].find('"').unwrap()].to_owned()
    };
    svg.lines()
        .filter(|line| line.starts_with("<rect x=") && line.contains("<title>row "))
        .map(|line| {
            let unit: usize = attribute(line, "width").parse().unwrap();
            let x: usize = attribute(line, "x").parse().unwrap();
            let y: usize = attribute(line, "y").parse().unwrap();
            let title = &line[line.find("<title>").unwrap() + 7..line.find("</title>").unwrap()];
            let (place, title) = title.split_once(": ").unwrap();
            let pos = Pos::new(y / unit, x / unit);
            assert_eq!(place, format!("row {}, col {}", pos.row, pos.col));
            Square {
                pos,
                fill: attribute(line, "fill"),
                title: title.to_owned(),
            }
        })
        .collect()
}

/// One square a free cell, where the cell is, with the table's value as
/// its tooltip and a fill that follows it: one colour a number of moves,
/// the caught and endless patterns apart; the legend is there.
#[test]
fn the_svg_has_one_square_a_free_cell_with_its_value() {
    for (map, vary, flags) in [
        ("official-2.txt", "dragon", &[][..]),
        ("tie-dependent.txt", "dragon", &[]),
        ("no-path.txt", "hero", &[]),
        (
            "official-1.txt",
            "hero",
            &["--ties", "adversarial", "--cell-size", "10"],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("heat.svg");
        let puzzle = puzzle(map);
        let rules = rules(flags);
        let table = table(&puzzle, rules);
        let report = solve_maze()
            .args(["--vary", vary])
            .args(flags)
            .arg("--heat-map")
            .arg(&file)
            .arg(path(map))
            .output()
            .unwrap();
        assert!(report.stderr.is_empty());
        // The report, as without the heat map.
        let said = String::from_utf8(report.stdout).unwrap();
        assert!(
            said.starts_with("The") && said.ends_with(".\n"),
            "{map}: {said}"
        );
        let svg = std::fs::read_to_string(&file).unwrap();
        let squares = squares(&svg);
        let free = (0..puzzle.height())
            .flat_map(|r| (0..puzzle.width()).map(move |c| Pos::new(r, c)))
            .filter(|&p| puzzle.is_free(p))
            .count();
        assert_eq!(squares.len(), free, "{map}");
        let mut fills = std::collections::HashMap::new();
        for square in &squares {
            let what = format!("{map} {:?}", square.pos);
            match expected(&table, &puzzle, vary, square.pos) {
                None => assert_eq!(
                    square.title,
                    format!("the {}", if vary == "hero" { "dragon" } else { "hero" })
                ),
                Some(value) => {
                    assert_eq!(square.title, value.to_string(), "{what}");
                    match value {
                        Value::Escape { moves } => {
                            assert!(square.fill.starts_with('#'), "{what}");
                            let fill = fills.entry(moves).or_insert_with(|| square.fill.clone());
                            assert_eq!(*fill, square.fill, "{what}: one colour a length");
                        }
                        Value::Caught { .. } => assert_eq!(square.fill, "url(#caught)", "{what}"),
                        Value::Endless => assert_eq!(square.fill, "url(#endless)", "{what}"),
                    }
                }
            }
        }
        if fills.len() > 1 {
            let distinct: std::collections::HashSet<&String> = fills.values().collect();
            assert_eq!(distinct.len(), fills.len(), "{map}: one length a colour");
        }
        let start = format!(">the {vary}'s own start</text>");
        for words in [
            ">escape in moves</text>",
            ">caught</text>",
            ">endless: no escape, no capture</text>",
            ">wall</text>",
            ">exit</text>",
            &start,
            ">Rules: ",
            ">The map's own start: ",
        ] {
            assert!(svg.contains(words), "{map}: {words}");
        }
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}

/// `--heat-map FILE.gif` writes one still picture, the map in cells of
/// `--cell-size` with the legend under it.
#[test]
fn the_gif_is_one_picture_with_the_legend_under_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("heat.gif");
    solve_maze()
        .args(["--cell-size", "8", "--heat-map"])
        .arg(&file)
        .arg(path("official-2.txt"))
        .assert()
        .code(0)
        .stdout("The shortest path is 50 steps.\n")
        .stderr("");
    let bytes = std::fs::read(&file).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&bytes[..]).unwrap();
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder.global_palette().unwrap().to_vec();
    let frame = decoder.read_next_frame().unwrap().unwrap().clone();
    assert!(decoder.read_next_frame().unwrap().is_none(), "one picture");
    assert!(w >= 12 * 8 && h > 12 * 8 + 100, "{w}x{h}");
    // The top left tile is a wall: the pictures' brown.
    let colour = |x: usize, y: usize| {
        let i = usize::from(frame.buffer[y * w + x]) * 3;
        (palette[i], palette[i + 1], palette[i + 2])
    };
    assert_eq!(colour(4, 4), (0x7b, 0x5a, 0x43));
}

/// The terminal's heat map: a digit a band without colour; xterm's 256
/// colours with `--color always`, true colour where `COLORTERM` says so.
#[test]
fn the_terminal_heat_map_follows_the_colour_choice() {
    let plain = solve_maze()
        .args(["--heat-map", "-", "--ascii", &path("official-1.txt")])
        .env_remove("COLORTERM")
        .output()
        .unwrap();
    assert_eq!(plain.status.code(), Some(0));
    let text = String::from_utf8(plain.stdout).unwrap();
    assert!(!text.contains('\x1b'));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "#H#####");
    assert_eq!(lines[4], "#D#4#5#");
    assert_eq!(lines[8], "#E#####");
    assert!(text.contains("escape in moves: 0 0-1  1 2-3"), "{text}");
    assert!(
        text.contains("The map's own start: an escape in 16 moves.\n"),
        "{text}"
    );
    let colour = |colorterm: Option<&str>| {
        let mut cmd = solve_maze();
        cmd.args([
            "--heat-map",
            "-",
            "--color",
            "always",
            &path("official-1.txt"),
        ]);
        match colorterm {
            Some(value) => cmd.env("COLORTERM", value),
            None => cmd.env_remove("COLORTERM"),
        };
        String::from_utf8(cmd.output().unwrap().stdout).unwrap()
    };
    let palette = colour(None);
    assert!(palette.contains("\x1b[48;5;") && !palette.contains("\x1b[48;2;"));
    let true_colour = colour(Some("truecolor"));
    assert!(true_colour.contains("\x1b[48;2;"));
    assert!(true_colour.contains("The map's own start: an escape in 16 moves."));
}

/// A heat map that cannot be made ends the run with a sentence naming the
/// file and exit status 2, and leaves no file: maps with pieces the table
/// does not take, a budget too small for the table (whose sentence names
/// one that holds it), a format it does not know.
#[test]
fn a_heat_map_that_cannot_be_made_is_a_sentence_and_no_file() {
    for (map, flags, file, words) in [
        (
            "two-dragons.txt",
            &[][..],
            "heat.svg",
            "cannot make the heat map: it is drawn for maps with one dragon and no keys or doors\n",
        ),
        (
            "key-and-door.txt",
            &[],
            "heat.json",
            "cannot make the heat map: it is drawn for maps with one dragon and no keys or doors\n",
        ),
        (
            "large-101.txt",
            &["--max-memory", "64M"],
            "heat.gif",
            "needs 185 MiB, over the 63 MiB the memory budget leaves it; a budget of 186 MiB \
             holds it (see --max-memory)\n",
        ),
        (
            "official-1.txt",
            &[],
            "heat.png",
            "a heat map's format comes from its extension",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        solve_maze()
            .args(flags)
            .arg("--heat-map")
            .arg(dir.path().join(file))
            .arg(path(map))
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::starts_with("solve-maze: ").and(predicate::str::contains(words)),
            );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{map}: {left:?}");
    }
    // As JSON on standard output, the error record of the solve report.
    let out = solve_maze()
        .args([
            "--heat-map",
            "-",
            "--format",
            "json",
            &path("two-dragons.txt"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let record: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["outcome"], "error");
    assert!(
        record["error"]["message"]
            .as_str()
            .unwrap()
            .contains("one dragon")
    );
}

/// A reader of standard output that goes away ends the run normally.
#[test]
fn a_closed_pipe_is_a_normal_end() {
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("solve-maze"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--heat-map", "-", &path("official-2.txt")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Ctrl-C while the table is built: the run ends by the signal with a
/// sentence, and no file, whole or half, is left; a run that finished
/// first left the whole picture.
#[test]
fn a_signal_stops_the_table_and_leaves_no_file() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("heat.svg");
    let child = Std::new(assert_cmd::cargo::cargo_bin("solve-maze"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("--heat-map")
        .arg(&file)
        .arg(path("large-101.txt"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = kill(Pid::from_raw(child.id() as i32), Signal::SIGINT);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(code) => {
            assert_eq!(code, 0, "{stderr}");
            assert!(
                std::fs::read_to_string(&file)
                    .unwrap()
                    .ends_with("</svg>\n")
            );
        }
        None => {
            assert_eq!(out.status.signal(), Some(Signal::SIGINT as i32));
            // A signal before the table's build (while the map is read)
            // ends the program at once, with nothing to say.
            assert!(
                stderr.is_empty()
                    || stderr.contains("large-101.txt: the heat map's table was stopped by SIGINT")
                    || stderr.contains("large-101.txt: the solve was stopped by SIGINT"),
                "{stderr}"
            );
            let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
            let whole = file.exists()
                && std::fs::read_to_string(&file)
                    .unwrap()
                    .ends_with("</svg>\n");
            assert!(left.is_empty() || (left.len() == 1 && whole), "{left:?}");
        }
    }
}
