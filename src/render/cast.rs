//! The playback as an asciicast v2 recording (pure).
//!
//! The format is JSON Lines: a header object, then one event per frame,
//! `[seconds, "o", "text written to the terminal"]`:
//!
//! ```text
//! {"version": 2, "width": 72, "height": 12, "title": "…", "env": {"TERM": "xterm-256color"}}
//! [0.000000, "o", "\u001b[?25l\u001b[H\u001b[2J\u001b[1;1H🟫🏃🟫…"]
//! [0.300000, "o", "\u001b[2;1H…\u001b[K\u001b[10;1Hstep 1 of 16…"]
//! ```
//!
//! The recording's screen is the map's size, or at most
//! [`CastOptions::size`]: a larger map is seen through a window that
//! follows the hero, as on a terminal (laid out by `render/screen.rs`).
//! The first event clears the screen and draws the first frame; each later
//! one rewrites only the lines that changed. The last event, a short hold
//! after the last frame, shows the cursor again without moving it, so a
//! finished player still shows the whole screen. No timestamp is written,
//! so a recording depends only on the puzzle and the settings. Any
//! asciicast v2 player replays it.

use std::fmt::Write as _;
use std::time::Duration;

use crate::board::{Board, Frame};
use crate::render::board::Window;
use crate::render::film::Film;
use crate::render::map::MapStyle;
use crate::render::screen::{self, wrap};

/// How to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastOptions {
    /// How long each frame stays on screen.
    pub frame_length: Duration,
    /// Emoji or ASCII, colour or not.
    pub style: MapStyle,
    /// The recording's title, if any.
    pub title: Option<String>,
    /// The largest screen to record, in columns and rows (a terminal's
    /// size); a smaller map gets a smaller screen.
    pub size: (u16, u16),
}

/// How long the last frame stays before the recording ends, in frames.
const HOLD_FRAMES: u32 = 4;

/// The columns kept for the status line and the result, even beside a
/// narrower map.
const TEXT_COLUMNS: usize = 72;

/// The asciicast v2 text of a playback of `film` (see the module docs).
///
/// ```
/// use std::time::Duration;
/// use dragon_escape::render::{cast::{cast, CastOptions}, film::Film, map::MapStyle};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let film = Film::new(&puzzle, &solve(&puzzle, &Options::default())?);
/// let options = CastOptions {
///     frame_length: Duration::from_millis(250),
///     style: MapStyle { ascii: true, color: false },
///     title: None,
///     size: (80, 24),
/// };
/// let text = cast(&film, &options);
/// assert!(text.starts_with(r#"{"version": 2, "width": 72, "height": 3"#));
/// assert_eq!(text.lines().count(), 1 + film.len() + 1);
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn cast(film: &Film, options: &CastOptions) -> String {
    let last = film.frame(film.len() - 1);
    let width = Recorder::width(film.board(), options);
    let message_rows = last.message.as_deref().map_or(1, |m| wrap(m, width).len());
    let mut recorder = Recorder::new(film.board(), options.clone(), message_rows);
    for (i, frame) in film.frames().enumerate() {
        recorder.record(
            options.frame_length * u32::try_from(i).unwrap_or(u32::MAX),
            film.board(),
            &frame,
        );
    }
    recorder.finish()
}

/// A recording made one screen at a time: [`cast`] feeds it a film, play
/// mode the screens of a person's own game as they are shown.
#[derive(Clone, Debug)]
pub struct Recorder {
    options: CastOptions,
    width: usize,
    height: usize,
    events: String,
    before: Option<Vec<String>>,
    window: Option<Window>,
    /// When the first and the last screen were recorded.
    start: Option<Duration>,
    last: Duration,
    bytes: String,
}

impl Recorder {
    /// A recording of frames on `board`, in a screen of the map's size (at
    /// most `options.size`) with `message_rows` rows kept for messages.
    pub fn new(board: &Board, options: CastOptions, message_rows: usize) -> Recorder {
        let width = Recorder::width(board, &options);
        let max_rows = usize::from(options.size.1).max(1);
        let max_cols = usize::from(options.size.0).max(1);
        let message_rows = message_rows.max(1);
        let fits = board.height() + 1 + message_rows <= max_rows
            && board.columns(options.style.ascii) <= max_cols;
        let height = max_rows.min(board.height() + 1 + message_rows + usize::from(!fits));
        Recorder {
            options,
            width,
            height,
            events: String::new(),
            before: None,
            window: None,
            start: None,
            last: Duration::ZERO,
            bytes: String::new(),
        }
    }

    /// The recording's width: the map's, with room for the text lines, at
    /// most the largest screen.
    fn width(board: &Board, options: &CastOptions) -> usize {
        let max_cols = usize::from(options.size.0).max(1);
        max_cols.min(board.columns(options.style.ascii).max(TEXT_COLUMNS))
    }

    /// Records `frame` as shown at `at`: the lines that changed since the
    /// last screen (nothing when none did).
    pub fn record(&mut self, at: Duration, board: &Board, frame: &Frame) {
        let start = *self.start.get_or_insert(at);
        let shown = screen::compose(
            board,
            frame,
            self.options.style,
            (frame.hero, self.window),
            (self.width, self.height),
            &[],
        );
        self.bytes.clear();
        if self.before.is_none() {
            self.bytes.push_str("\x1b[?25l");
        }
        screen::repaint(self.before.as_deref(), &shown.lines, &mut self.bytes);
        if self.bytes.is_empty() {
            return;
        }
        self.last = at.saturating_sub(start);
        let _ = writeln!(
            self.events,
            "[{:.6}, \"o\", {}]",
            self.last.as_secs_f64(),
            json_string(&self.bytes)
        );
        self.before = Some(shown.lines);
        self.window = Some(shown.window);
    }

    /// The whole recording: the header, the events, and a last event a
    /// short hold after the last screen that shows the cursor again without
    /// moving it (nothing scrolls).
    pub fn finish(self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\"version\": 2, \"width\": {}, \"height\": {}",
            self.width, self.height
        );
        if let Some(title) = &self.options.title {
            let _ = write!(out, ", \"title\": {}", json_string(title));
        }
        out.push_str(", \"env\": {\"TERM\": \"xterm-256color\"}}\n");
        out.push_str(&self.events);
        let end = self.last + self.options.frame_length * HOLD_FRAMES;
        let _ = writeln!(
            out,
            "[{:.6}, \"o\", {}]",
            end.as_secs_f64(),
            json_string("\x1b[?25h")
        );
        out
    }
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain ASCII on an 80x11 screen, 100 ms a frame.
    #[cfg(feature = "json")]
    fn ascii_80x11() -> CastOptions {
        CastOptions {
            frame_length: Duration::from_millis(100),
            style: MapStyle {
                ascii: true,
                color: false,
            },
            title: None,
            size: (80, 11),
        }
    }
    use crate::puzzle::Puzzle;
    use crate::render::film::Film;
    use crate::search::{Options, solve};

    fn recording(style: MapStyle) -> String {
        let puzzle: Puzzle = "H..E\n#.##\n#.D#".parse().unwrap();
        let options = Options::default();
        let film = Film::new(&puzzle, &solve(&puzzle, &options).unwrap());
        cast(
            &film,
            &CastOptions {
                frame_length: Duration::from_millis(400),
                style,
                title: Some("a \"small\" map".into()),
                size: (80, 24),
            },
        )
    }

    #[test]
    fn small_map_recording() {
        insta::assert_snapshot!(recording(MapStyle {
            ascii: true,
            color: false
        }));
    }

    #[test]
    fn json_strings_escape_controls() {
        assert_eq!(json_string("a\"b\\c\x1b\r\n🐉"), r#""a\"b\\c\u001b\r\n🐉""#);
    }

    /// The screen an asciicast player shows after every event, replayed
    /// through a terminal emulator of the recording's size.
    #[cfg(feature = "json")]
    fn replay(text: &str) -> Vec<Vec<String>> {
        let mut lines = text.lines();
        let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        let cols = header["width"].as_u64().unwrap() as u16;
        let rows = header["height"].as_u64().unwrap() as u16;
        let mut parser = vt100::Parser::new(rows.try_into().unwrap(), cols.try_into().unwrap(), 0);
        lines
            .map(|line| {
                let event: serde_json::Value = serde_json::from_str(line).unwrap();
                parser.process(event[2].as_str().unwrap().as_bytes());
                parser.screen().rows(0, cols).collect()
            })
            .collect()
    }

    #[cfg(feature = "json")]
    #[test]
    fn a_finished_player_shows_the_last_frame_whole() {
        // A map as tall as the largest screen: the status and the result
        // fill the last rows, and nothing may scroll the top row away.
        let map = "H..\n...\n...\n...\n...\n...\n...\n..E\nD..";
        let puzzle: Puzzle = map.parse().unwrap();
        let film = Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
        let options = ascii_80x11();
        let screens = replay(&cast(&film, &options));
        let last = film.frame(film.len() - 1);
        let expected: Vec<String> = film
            .board()
            .lines(&last, options.style, film.board().full());
        let end = screens.last().unwrap();
        assert_eq!(end[..expected.len()], expected[..]);
        // Every frame on the way is the frame a full redraw shows.
        for (i, screen) in screens[..film.len()].iter().enumerate() {
            let frame = film.frame(i);
            let grid = film
                .board()
                .grid(&frame, options.style, film.board().full());
            assert_eq!(screen[..grid.len()], grid[..], "frame {i}");
            assert_eq!(screen[grid.len()], frame.status);
        }
    }

    #[cfg(feature = "json")]
    #[test]
    fn a_variant_recording_shows_every_dragon_the_key_and_the_door() {
        let (puzzle, solution) = crate::render::fixture::variant_game();
        let film = Film::new(&puzzle, &solution);
        let options = ascii_80x11();
        let screens = replay(&cast(&film, &options));
        assert_eq!(screens[0][..3], ["H.k+..E", "#.###.#", "D.....D"]);
        assert!(screens[0][3].starts_with("step 0 of 6  dragons 2  keys 0  start"));
        // Taken, opened, and the dragons met.
        assert_eq!(screens[7][..3], ["***/H.E", "#.###.#", "..D.D.."]);
        assert!(screens[7][3].starts_with("step 4 of 6  dragons 2  keys 0"));
        assert_eq!(screens[10][2], "...D...");
        assert!(screens[10][3].starts_with("step 5 of 6  dragons 1  keys 0"));
    }

    #[cfg(feature = "json")]
    #[test]
    fn a_large_map_is_recorded_through_a_window_a_few_lines_a_step() {
        let map = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/mazes/large-101.txt"
        ))
        .unwrap();
        let puzzle: Puzzle = map.parse().unwrap();
        let film = Film::new(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
        film.measure_all(&Options::default()).unwrap();
        let options = CastOptions {
            frame_length: Duration::from_millis(100),
            style: MapStyle::default(),
            title: None,
            size: (100, 40),
        };
        let text = cast(&film, &options);
        assert!(text.starts_with(r#"{"version": 2, "width": 100, "height": 40"#));
        let screens = replay(&text);
        // Each screen shows the hero, and what the frame says.
        for (i, screen) in screens[..film.len()].iter().enumerate().step_by(37) {
            let frame = film.frame(i);
            let all = screen.join("\n");
            assert!(all.contains(crate::tile::Tile::Hero.emoji()), "frame {i}");
            assert!(all.contains(&frame.status), "frame {i}");
        }
        // Most steps rewrite a few lines, not the screen: on average fewer
        // than a quarter of the rows change.
        let rewrites = text.matches("\\u001b[K").count();
        assert!(
            rewrites < film.len() * 40 / 4,
            "{rewrites} lines for {} frames",
            film.len()
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn every_line_is_json_and_times_increase() {
        let text = recording(MapStyle {
            ascii: false,
            color: true,
        });
        let mut lines = text.lines();
        let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(header["version"], 2);
        assert_eq!(header["title"], "a \"small\" map");
        // Emoji are two columns: 4 cells make 8 columns, less than the status.
        assert!(header["width"].as_u64().unwrap() >= 8);
        let mut last = -1.0;
        for line in lines {
            let event: serde_json::Value = serde_json::from_str(line).unwrap();
            let t = event[0].as_f64().unwrap();
            assert!(t > last);
            last = t;
            assert_eq!(event[1], "o");
            assert!(event[2].is_string());
        }
    }
}
