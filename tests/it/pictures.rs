//! The pictures `solve-maze` writes: the animated SVG through the command
//! line, and played in a real browser (headless Chromium) when one is
//! installed.
//!
//! The browser test is skipped, with a note, on a machine without
//! Chromium; where it runs, it fails when the picture is wrong. Waits have
//! a generous upper bound only so that a hung browser fails instead of
//! hanging; no assertion depends on how long anything takes.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use dragon_escape::{Options, Pos, Puzzle, solve};
use predicates::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_solve-maze");
/// Only a hang takes this long.
const LIMIT: Duration = Duration::from_secs(60);

fn maze(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/mazes")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn animation_is_written_whole_and_sampled_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("escape.svg");
    Command::new(BIN)
        .args(["--svg-animate", path.to_str().unwrap(), "-f", "100"])
        .arg(maze("official-1.txt"))
        .assert()
        .code(0)
        .stdout("The shortest path is 16 steps.\n")
        .stderr("");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("<svg ") && text.trim_end().ends_with("</svg>"));
    // 32 frames of 0.1 s and a hold of 4.
    assert!(text.contains("dur=\"3.6s\""), "{text}");
    // A long line is sampled, and standard error says so.
    Command::new(BIN)
        .args(["--svg-animate", path.to_str().unwrap()])
        .args(["--animate-max-frames", "100", "--cell-size", "4"])
        .arg(maze("large-101.txt"))
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "the animation shows one frame in 10 of the playback's 956 (97 frames, \
             --animate-max-frames 100)",
        ));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("<g transform=\"scale(0.16666667)\""),
        "cell size"
    );
    // Paced to about 20 s: 97 frames and a hold of 4.
    assert!(text.contains("97 frames, 198 ms each, one in 10 of the playback's 956"));
}

/// An animation may take half the memory budget: past it, the picture is
/// refused with the flags that help, and the answer still comes.
#[test]
fn pictures_over_half_the_budget_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, gif) = (dir.path().join("escape.svg"), dir.path().join("escape.gif"));
    let map = maze("official-1.txt");
    Command::new(BIN)
        .args([
            "--max-memory",
            "40K",
            "--svg-animate",
            svg.to_str().unwrap(),
        ])
        .arg(&map)
        .assert()
        .code(2)
        .stdout("The shortest path is 16 steps.\n")
        .stderr(format!(
            "solve-maze: {map}: cannot animate: the animation would take about 27 KiB, more \
             than half the memory budget of 40 KiB (see --max-memory, --animate-max-frames)\n"
        ));
    assert!(!svg.exists());
    Command::new(BIN)
        .args(["--max-memory", "512K", "--gif", gif.to_str().unwrap()])
        .arg(&map)
        .assert()
        .code(2)
        .stdout("The shortest path is 16 steps.\n")
        .stderr(format!(
            "solve-maze: {map}: cannot make the GIF: it would take about 360 KiB, more than \
             half the memory budget of 512 KiB (see --max-memory, --cell-size)\n"
        ));
    assert!(!gif.exists());
}

#[test]
fn gif_is_written_whole_one_frame_per_playback_frame() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("escape.gif");
    Command::new(BIN)
        .args([
            "--gif",
            path.to_str().unwrap(),
            "-f",
            "100",
            "--cell-size",
            "6",
        ])
        .arg(maze("official-1.txt"))
        .assert()
        .code(0)
        .stderr("");
    let bytes = std::fs::read(&path).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (7 * 6, 9 * 6));
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    // 32 frames of 0.1 s, the last held.
    assert_eq!(delays.len(), 32);
    assert!(delays[..31].iter().all(|&d| d == 10), "{delays:?}");
    assert_eq!(delays[31], 50);
    // Sampled like the SVG animation, and said once.
    Command::new(BIN)
        .args(["--gif", path.to_str().unwrap(), "--animate-max-frames", "8"])
        .arg(maze("official-1.txt"))
        .assert()
        .code(0)
        .stderr(predicate::str::contains("one frame in 5 of the playback's 32").count(1));
}

#[test]
fn animation_options_are_checked() {
    let backstep = maze("backstep.txt");
    for (args, words) in [
        (
            &["--svg-animate", "a.svg", "--animate-max-frames", "0"][..],
            "an animation shows from 2 frames",
        ),
        (
            &["--svg-animate", "a.svg", "--animate-max-frames", "many"],
            "is not a number of frames",
        ),
        (
            &["--svg", "a.svg", "--cell-size", "0"],
            "a cell is from 1 to 100 pixels",
        ),
        (
            &["--animate-max-frames", "10"],
            "--animate-max-frames limits an animation: use it with --svg-animate or --gif",
        ),
        // Given, even at its default, it is refused without an animation.
        (
            &["--animate-max-frames", "3000"],
            "use it with --svg-animate or --gif",
        ),
        (
            &["--svg", "a.svg", "--animate-max-frames", "10"],
            "use it with --svg-animate or --gif",
        ),
        (
            &["--cell-size", "10"],
            "use it with --svg, --svg-animate or --gif",
        ),
        (
            &["--gif", "a.gif", "--cell-size", "101"],
            "a cell is from 1 to 100 pixels",
        ),
    ] {
        Command::new(BIN)
            .args(args)
            .arg(&backstep)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(words));
    }
}

/// The first Chromium on the `PATH`.
fn chromium() -> Option<PathBuf> {
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A screenshot of the animated SVG document `svg` at `at` on its clock,
/// decoded: width, height and RGBA pixels. The document is shown inline in
/// a page whose script stops the animation's clock at `at`, so the picture
/// does not depend on how fast the browser loads it.
fn screenshot(browser: &Path, svg: &str, at: Duration, dir: &Path) -> (u32, u32, Vec<u8>) {
    let shot = dir.join(format!("at-{}.png", at.as_millis()));
    let page = dir.join(format!("at-{}.html", at.as_millis()));
    let html = format!(
        "<!DOCTYPE html><html><head><style>body{{margin:0}}</style></head><body>{svg}\
         <script>const s = document.querySelector('svg'); s.pauseAnimations(); \
         s.setCurrentTime({});</script></body></html>",
        at.as_secs_f64()
    );
    std::fs::write(&page, html).unwrap();
    let mut child = Process::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=400,300",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--virtual-time-budget=500")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("the browser did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("the browser wrote its screenshot"),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let channels = info.color_type.samples();
    let rgba = pixels[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }])
        .collect();
    (info.width, info.height, rgba)
}

/// Whether two colours are within a small distance on every channel.
fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 40)
}

#[test]
#[allow(
    clippy::print_stdout,
    reason = "a machine without Chromium skips the test with a note"
)]
fn the_animation_plays_in_a_browser() {
    let Some(browser) = chromium() else {
        println!("skipped: no Chromium on the PATH to play the animated SVG in");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("escape.svg");
    let map = maze("backstep.txt");
    // One second a frame; the moments below are half a second from any
    // change.
    Command::new(BIN)
        .args(["--svg-animate", page.to_str().unwrap(), "-f", "1000"])
        .arg(&map)
        .assert()
        .code(0);
    let svg = std::fs::read_to_string(&page).unwrap();
    // Where the line says the pieces are, from the solver's turns: frame
    // 2k - 1 shows the hero after its kth move, the dragon not yet moved.
    let puzzle = Puzzle::parse(&std::fs::read(&map).unwrap()).unwrap();
    let solution = solve(&puzzle, &Options::default()).unwrap();
    let at_frame = |frame: usize| -> (Pos, Pos) {
        let k = frame.div_ceil(2);
        let hero = solution.turns[k - 1].hero;
        let dragon = if k == 1 {
            solution.dragon
        } else {
            solution.turns[k - 2].dragon
        };
        (hero, dragon)
    };
    let blue = [0x00, 0x72, 0xb2];
    let orange = [0xd5, 0x5e, 0x00];
    let pixel = |shot: &(u32, u32, Vec<u8>), x: usize, y: usize| -> [u8; 3] {
        let at = (y * shot.0 as usize + x) * 4;
        [shot.2[at], shot.2[at + 1], shot.2[at + 2]]
    };
    // Inside the hero's disc, left of its figure; inside the dragon's body.
    let hero_spot = |p: Pos| (p.col * 24 + 12 - 7, p.row * 24 + 12 - 4);
    let dragon_spot = |p: Pos| (p.col * 24 + 12, p.row * 24 + 12 + 3);
    let mut shots = Vec::new();
    for frame in [1, 7] {
        let shot = screenshot(
            &browser,
            &svg,
            Duration::from_millis(frame as u64 * 1000 + 500),
            dir.path(),
        );
        let (hero, dragon) = at_frame(frame);
        let (x, y) = hero_spot(hero);
        assert!(
            near(pixel(&shot, x, y), blue),
            "frame {frame}: the hero should be drawn at {hero:?}, the pixel is {:?}",
            pixel(&shot, x, y)
        );
        let (x, y) = dragon_spot(dragon);
        assert!(
            near(pixel(&shot, x, y), orange),
            "frame {frame}: the dragon should be drawn at {dragon:?}, the pixel is {:?}",
            pixel(&shot, x, y)
        );
        shots.push((frame, shot));
    }
    let (first, second) = (&shots[0].1, &shots[1].1);
    assert_ne!(first.2, second.2, "the two moments look the same");
    // The hero has left the cell where it stood at the first moment.
    let (x, y) = hero_spot(at_frame(1).0);
    assert!(!near(pixel(second, x, y), blue), "the hero stayed behind");
}

/// The elements of an SVG document as the pictures write it (attributes in
/// double quotes): each element's name, or `/name` for a closing tag, and
/// its attributes, in document order.
fn elements(svg: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut found = Vec::new();
    for tag in svg.split('<').skip(1) {
        let tag = &tag[..tag.find('>').expect("a tag ends")];
        let (name, mut rest) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attributes = Vec::new();
        while let Some((key, after)) = rest.split_once("=\"") {
            let (value, after) = after.split_once('"').expect("a value ends");
            attributes.push((key.trim().to_owned(), value.to_owned()));
            rest = after;
        }
        found.push((name.trim_end_matches('/').to_owned(), attributes));
    }
    found
}

/// The numbers in an attribute's value (`translate(12 3.5) scale(0.7)`,
/// `M0 -2.5V3.5`, `0,-11 3,-5`); a minus sign starts a number.
fn numbers(value: &str) -> Vec<f64> {
    let mut found = Vec::new();
    let mut word = String::new();
    for c in value.chars().chain([' ']) {
        if (c == '-' && !word.is_empty()) || !(c.is_ascii_digit() || c == '.' || c == '-') {
            if word.bytes().any(|b| b.is_ascii_digit()) {
                found.push(word.parse().unwrap_or(f64::NAN));
            }
            word.clear();
        }
        if c.is_ascii_digit() || c == '.' || c == '-' {
            word.push(c);
        }
    }
    found
}

/// At small cell sizes every piece and mark of the picture still has a
/// positive size and no stroke wider than the shape it outlines, the map is
/// the size the picture gives it, and the result and the legend stay
/// readable: drawn outside the map, not scaled down with it.
#[test]
fn small_cells_draw_every_piece_with_a_positive_size() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["official-1.txt", "caught.txt", "backstep.txt"] {
        let map = maze(name);
        let puzzle = Puzzle::parse(&std::fs::read(&map).unwrap()).unwrap();
        for cell in 1..=6_usize {
            let path = dir.path().join(format!("{name}-{cell}.svg"));
            Command::new(BIN)
                .args(["--svg", path.to_str().unwrap(), "--cell-size"])
                .arg(cell.to_string())
                .arg(&map)
                .assert()
                .stderr("");
            let svg = std::fs::read_to_string(&path).unwrap();
            let at = format!("{name} at {cell} px a cell");
            let all = elements(&svg);
            let (mut depth, mut map_scale, mut texts) = (0, None, 0);
            for (element, attributes) in &all {
                let get = |key: &str| {
                    let (_, value) = attributes.iter().find(|(k, _)| k == key)?;
                    numbers(value).first().copied()
                };
                for (key, value) in attributes.iter().filter(|(k, _)| k != "aria-label") {
                    let values = numbers(value);
                    assert!(
                        !value.contains("NaN")
                            && !value.contains("inf")
                            && values.iter().all(|v| v.is_finite()),
                        "{at}: <{element} {key}=\"{value}\">"
                    );
                    if ["r", "width", "height", "stroke-width", "font-size"].contains(&key.as_str())
                    {
                        assert!(
                            values.len() == 1 && values[0] > 0.0,
                            "{at}: <{element} {key}=\"{value}\">"
                        );
                    }
                    if let Some(scale) = value.strip_prefix("translate(").and(value.find("scale("))
                    {
                        assert!(numbers(&value[scale..])[0] > 0.0, "{at}: {value}");
                    }
                }
                let stroke = get("stroke-width");
                match element.as_str() {
                    "g" => {
                        if map_scale.is_none() {
                            // The map: as wide and as tall as the picture
                            // says.
                            let scale = get("transform").unwrap();
                            assert!((scale * 24.0 - cell as f64).abs() < 1e-4, "{at}: {scale}");
                            map_scale = Some(scale);
                        }
                        depth += 1;
                    }
                    "/g" => depth -= 1,
                    "circle" => {
                        let r = get("r").unwrap();
                        assert!(stroke.is_none_or(|s| s < r), "{at}: {attributes:?}");
                    }
                    "rect" => {
                        let side = get("width").unwrap().min(get("height").unwrap());
                        assert!(
                            stroke.is_none_or(|s| s < side / 2.0),
                            "{at}: {attributes:?}"
                        );
                    }
                    "text" => {
                        texts += 1;
                        assert_eq!(depth, 0, "{at}: text drawn in the map");
                        let size = get("font-size").unwrap();
                        assert!(size >= 12.0, "{at}: text of {size} px");
                    }
                    _ => {}
                }
            }
            assert!(map_scale.is_some(), "{at}: no map");
            // The result, and at least hero, dragon and exit in the legend.
            assert!(texts >= 4, "{at}: {texts} texts");
            let root = |key: &str| -> f64 {
                let (_, value) = all[0].1.iter().find(|(k, _)| k == key).unwrap();
                value.parse().unwrap()
            };
            assert!(root("width") >= (puzzle.width() * cell) as f64, "{at}");
            assert!(root("height") > (puzzle.height() * cell) as f64, "{at}");
        }
    }
}

/// A map `side` tiles square: walls around, a wall post at every even row
/// and column inside, the hero in the top left corner, the dragon in the
/// top right and the exit in the bottom right.
fn posts(side: usize) -> String {
    let mut rows = Vec::with_capacity(side);
    for row in 0..side {
        let line: String = (0..side)
            .map(|col| {
                let edge = row == 0 || col == 0 || row == side - 1 || col == side - 1;
                match (row, col) {
                    (1, 1) => 'H',
                    (1, c) if c == side - 2 => 'D',
                    (r, c) if r == side - 2 && c == side - 2 => 'E',
                    _ if edge || (row % 2 == 0 && col % 2 == 0) => '#',
                    _ => '.',
                }
            })
            .collect();
        rows.push(line);
    }
    rows.join("\n") + "\n"
}

/// How large the pieces and the hero's route of an SVG picture are drawn,
/// in pixels: the hero's disc, the dragon's star, the exit's door and the
/// route's stroke (the map's group scales them all).
fn drawn_sizes(svg: &str) -> [f64; 4] {
    let all = elements(svg);
    let attribute = |attributes: &[(String, String)], key: &str| -> Option<String> {
        let (_, value) = attributes.iter().find(|(k, _)| k == key)?;
        Some(value.clone())
    };
    let mut map_scale = None;
    let mut scales: Vec<f64> = vec![1.0];
    let (mut hero, mut dragon, mut exit, mut route) = (0.0, 0.0, 0.0, 0.0_f64);
    for (element, attributes) in &all {
        let fill = attribute(attributes, "fill").unwrap_or_default();
        let here = *scales.last().unwrap();
        match element.as_str() {
            "g" => {
                let transform = attribute(attributes, "transform").unwrap_or_default();
                let scale = transform
                    .find("scale(")
                    .map_or(1.0, |at| numbers(&transform[at..])[0]);
                if map_scale.is_none() {
                    map_scale = Some(scale);
                }
                scales.push(here * scale);
            }
            "/g" => {
                scales.pop();
            }
            "circle"
                if fill == "#0072b2" && attribute(attributes, "r").as_deref() == Some("10") =>
            {
                hero = f64::max(hero, 20.0 * here);
            }
            "polygon" if fill == "#d55e00" => dragon = f64::max(dragon, 22.0 * here),
            "rect"
                if fill == "#ffffff"
                    && attribute(attributes, "height").as_deref() == Some("21") =>
            {
                exit = f64::max(exit, 21.0 * here);
            }
            "polyline" if attribute(attributes, "stroke").as_deref() == Some("#0072b2") => {
                let width = numbers(&attribute(attributes, "stroke-width").unwrap())[0];
                route = f64::max(route, width * here);
            }
            _ => {}
        }
        if element == "svg" || scales.is_empty() {
            scales = vec![1.0];
        }
    }
    [hero, dragon, exit, route]
}

/// Without --cell-size, the picture of a map 201 or 1001 tiles a side fits
/// a 1920x1080 screen (the map within 1600x1000 pixels where it can be:
/// one pixel a tile is the least), so it is seen at its own size with its
/// legend readable; a small map keeps 24 pixels a tile. At any cell size
/// the pieces are drawn at least 12 pixels across and the hero's route at
/// least 2 pixels wide.
#[test]
fn default_pictures_fit_a_screen_with_pieces_and_route_visible() {
    let dir = tempfile::tempdir().unwrap();
    for (side, cell) in [(21, 24), (201, 4), (1001, 1)] {
        let map = dir.path().join(format!("posts-{side}.txt"));
        std::fs::write(&map, posts(side)).unwrap();
        let path = dir.path().join(format!("posts-{side}.svg"));
        Command::new(BIN)
            .args(["--svg", path.to_str().unwrap()])
            .arg(&map)
            .assert()
            .code(0)
            .stderr("");
        let svg = std::fs::read_to_string(&path).unwrap();
        let all = elements(&svg);
        let root = |key: &str| -> usize {
            let (_, value) = all[0].1.iter().find(|(k, _)| k == key).unwrap();
            value.parse().unwrap()
        };
        let at = format!("{side} tiles");
        assert_eq!(root("width"), (side * cell).max(360), "{at}");
        assert!(root("width") <= 1920 && root("height") <= 1080, "{at}");
        assert!(root("height") > side * cell, "{at}");
        for (what, size) in ["hero", "dragon", "exit", "route"]
            .iter()
            .zip(drawn_sizes(&svg))
        {
            // Give or take the map scale's eighth decimal.
            let least = if *what == "route" { 2.0 } else { 12.0 } - 1e-4;
            assert!(size >= least, "{at}: the {what} is {size} px");
        }
    }
    // An explicit cell size wins, and the pieces stay visible in it.
    let map = maze("official-1.txt");
    for cell in [1, 2, 5, 10, 24] {
        let path = dir.path().join(format!("official-{cell}.svg"));
        Command::new(BIN)
            .args(["--svg", path.to_str().unwrap(), "--cell-size"])
            .arg(cell.to_string())
            .arg(&map)
            .assert()
            .code(0);
        let svg = std::fs::read_to_string(&path).unwrap();
        let at = format!("official-1 at {cell} px a tile");
        for (what, size) in ["hero", "dragon", "exit", "route"]
            .iter()
            .zip(drawn_sizes(&svg))
        {
            // Give or take the map scale's eighth decimal.
            let least = if *what == "route" { 2.0 } else { 12.0 } - 1e-4;
            assert!(size >= least, "{at}: the {what} is {size} px");
        }
        // 24 pixels a tile draws the pieces as before: a cell's size.
        if cell == 24 {
            assert_eq!(drawn_sizes(&svg), [20.0, 22.0, 21.0, 5.0]);
        }
    }
}

/// The delays of a GIF's frames, in hundredths of a second, read back.
fn gif_delays(path: &Path) -> Vec<u16> {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    delays
}

/// Without -f an animation lasts about 20 seconds, however long the line:
/// a long one (here 1,592 frames) is sampled so that no frame is shorter
/// than 20 ms, a short one shows each frame at most 300 ms. With -f each
/// frame lasts what it says.
#[test]
fn animations_are_paced_to_twenty_seconds_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("posts-401.txt");
    std::fs::write(&map, posts(401)).unwrap();
    let (gif, svg) = (dir.path().join("a.gif"), dir.path().join("a.svg"));
    Command::new(BIN)
        .args(["--gif", gif.to_str().unwrap()])
        .args(["--svg-animate", svg.to_str().unwrap()])
        .arg(&map)
        .assert()
        .code(0)
        .stdout("The shortest path is 796 steps.\n")
        .stderr(
            "solve-maze: {map}: the animation shows one frame in 2 of the playback's 1592 \
             (797 frames, 24 ms each to last about 20 s; -f sets a frame length)\n"
                .replace("{map}", map.to_str().unwrap()),
        );
    let delays = gif_delays(&gif);
    let total: u32 = delays.iter().map(|&d| u32::from(d)).sum();
    assert_eq!(total, 2000, "{delays:?}");
    assert!(delays.iter().all(|&d| d >= 2), "{delays:?}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("dur=\"20s\""));
    // A short line: 300 ms a frame, as the playback.
    Command::new(BIN)
        .args(["--gif", gif.to_str().unwrap()])
        .arg(maze("official-1.txt"))
        .assert()
        .code(0)
        .stderr("");
    let delays = gif_delays(&gif);
    assert_eq!(delays.len(), 32);
    assert!(delays[..31].iter().all(|&d| d == 30), "{delays:?}");
    // Told: every frame, each 100 ms.
    Command::new(BIN)
        .args(["--gif", gif.to_str().unwrap(), "-f", "100"])
        .arg(&map)
        .assert()
        .code(0)
        .stderr("");
    let delays = gif_delays(&gif);
    assert_eq!(delays.len(), 1592);
    assert!(delays[..1591].iter().all(|&d| d == 10));
}
