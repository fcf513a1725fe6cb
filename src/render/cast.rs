//! The playback as an asciicast v2 recording (pure).
//!
//! The format is JSON Lines: a header object, then one event per frame,
//! `[seconds, "o", "text written to the terminal"]`:
//!
//! ```text
//! {"version": 2, "width": 14, "height": 12, "title": "…", "env": {"TERM": "xterm-256color"}}
//! [0.000000, "o", "\u001b[?25l\u001b[H\u001b[2J🟫🏃🟫…"]
//! [0.300000, "o", "\u001b[H\u001b[2J…"]
//! ```
//!
//! Each frame clears the screen and draws the grid, the status line and the
//! result; the last event, a short hold after the last frame, shows the
//! cursor again. No timestamp is written, so a recording depends only on the
//! puzzle and the settings. Any asciicast v2 player replays it.

use std::fmt::Write as _;
use std::time::Duration;

use crate::render::frames::Frame;
use crate::render::map::MapStyle;

/// How to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastOptions {
    /// How long each frame stays on screen.
    pub frame_length: Duration,
    /// Emoji or ASCII, colour or not.
    pub style: MapStyle,
    /// The recording's title, if any.
    pub title: Option<String>,
}

/// How long the last frame stays before the recording ends, in frames.
const HOLD_FRAMES: u32 = 4;

/// The asciicast v2 text of a playback of `frames` (see the module docs).
///
/// ```
/// use std::time::Duration;
/// use dragon_escape::render::{cast::{cast, CastOptions}, frames::frames, map::MapStyle};
/// use dragon_escape::{solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let frames = frames(&puzzle, &solve(&puzzle, &Options::default())?);
/// let options = CastOptions {
///     frame_length: Duration::from_millis(250),
///     style: MapStyle { ascii: true, color: false },
///     title: None,
/// };
/// let text = cast(&frames, &options);
/// assert!(text.starts_with(r#"{"version": 2, "width": 37, "height": 3"#));
/// assert_eq!(text.lines().count(), 1 + frames.len() + 1);
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn cast(frames: &[Frame], options: &CastOptions) -> String {
    let ascii = options.style.ascii;
    let width = frames
        .iter()
        .map(|f| f.columns(ascii))
        .max()
        .unwrap_or(1)
        .max(1);
    let height = frames
        .iter()
        .map(|f| f.height() + 1 + usize::from(f.message.is_some()))
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"version\": 2, \"width\": {width}, \"height\": {height}"
    );
    if let Some(title) = &options.title {
        let _ = write!(out, ", \"title\": {}", json_string(title));
    }
    out.push_str(", \"env\": {\"TERM\": \"xterm-256color\"}}\n");

    let seconds = options.frame_length.as_secs_f64();
    let mut screen = String::new();
    for (i, frame) in frames.iter().enumerate() {
        screen.clear();
        if i == 0 {
            screen.push_str("\x1b[?25l");
        }
        screen.push_str("\x1b[H\x1b[2J");
        screen.push_str(&frame.lines(options.style, frame.full()).join("\r\n"));
        let _ = writeln!(
            out,
            "[{:.6}, \"o\", {}]",
            i as f64 * seconds,
            json_string(&screen)
        );
    }
    let end = (frames.len().saturating_sub(1) as f64 + f64::from(HOLD_FRAMES)) * seconds;
    let _ = writeln!(out, "[{end:.6}, \"o\", {}]", json_string("\r\n\x1b[?25h"));
    out
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
    use crate::puzzle::Puzzle;
    use crate::render::frames::frames;
    use crate::search::{Options, solve};

    fn recording(style: MapStyle) -> String {
        let puzzle: Puzzle = "H..E\n#.##\n#.D#".parse().unwrap();
        let frames = frames(&puzzle, &solve(&puzzle, &Options::default()).unwrap());
        cast(
            &frames,
            &CastOptions {
                frame_length: Duration::from_millis(400),
                style,
                title: Some("a \"small\" map".into()),
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
