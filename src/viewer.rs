//! What the keys do while watching or playing, as pure state (no terminal).
//!
//! [`Viewer`] is where a playback stands: the frame, paused or not, the
//! [`Pace`], and the [`Camera`] (how far the person has panned the window
//! away from the hero, and whether the help is open). One table per mode,
//! [`PLAYBACK_KEYS`] and [`PLAY_KEYS`], says which key does what; the key
//! dispatch ([`action`]), the legend under the map ([`legend`]), the help
//! overlay ([`help`]) and the key text of `solve-maze --help`
//! ([`help_text`]) are all made from it, so they cannot disagree.
//!
//! ```
//! use std::time::Duration;
//! use dragon_escape::viewer::{Key, Viewer, PLAYBACK_KEYS, action};
//! let mut viewer = Viewer::new(11, Duration::from_millis(300));
//! viewer.apply(action(PLAYBACK_KEYS, Key::Char('+')).unwrap());
//! assert_eq!(viewer.pace.to_string(), "2x");
//! assert_eq!(viewer.frame_length(), Duration::from_millis(150));
//! viewer.apply(action(PLAYBACK_KEYS, Key::Char('5')).unwrap());
//! assert_eq!(viewer.index, 5);
//! ```

use std::fmt;
use std::time::Duration;

use crate::graph::Direction;

/// A key, as the drivers understand it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Escape.
    Esc,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-Z.
    Suspend,
    /// Anything else.
    Other,
}

/// Something the terminal reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A key press.
    Key(Key),
    /// The terminal now has this size.
    Resize {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// The program was continued after a stop (`fg`): draw everything
    /// again.
    Resumed,
    /// The program was asked to end (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or
    /// its terminal went away.
    Terminate,
}

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Pause or play; at the end, play again from the start.
    PlayPause,
    /// One frame forward (and pause).
    Forward,
    /// One frame back (and pause).
    Back,
    /// The first frame.
    First,
    /// The last frame.
    Last,
    /// Play faster.
    Faster,
    /// Play slower.
    Slower,
    /// Jump to this many tenths of the way.
    Seek(u8),
    /// Move the window one step this way, away from the hero.
    Pan(Direction),
    /// Centre the window on the hero again.
    Follow,
    /// Show the whole map shrunk to fit, or the window again.
    Overview,
    /// Move the hero (play mode).
    Move(Direction),
    /// Let the hero wait a turn (play mode, with `--wait`).
    Wait,
    /// Take back the last turn (play mode).
    Undo,
    /// Back to the start (play mode).
    Restart,
    /// The solver's next move (play mode).
    Hint,
    /// Open or close the list of keys.
    Help,
    /// Stop the program for now (the shell's `fg` brings it back).
    Suspend,
    /// Stop.
    Quit,
}

/// One line of a key table: some keys, what they are called, and what they
/// do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys and the action each asks for.
    pub keys: &'static [(Key, Action)],
    /// How the keys are written in the legend and the help: `right/.`.
    pub names: &'static str,
    /// A word or two for the legend: `step`.
    pub short: &'static str,
    /// A sentence for the help: `one frame forward`.
    pub long: &'static str,
    /// Whether the legend keeps it when there is little room.
    pub essential: bool,
}

use Action as A;
use Direction::{Down, Left, Right, Up};

/// The keys of playback (`solve-maze -p`).
pub const PLAYBACK_KEYS: &[Binding] = &[
    Binding {
        keys: &[(Key::Char(' '), A::PlayPause)],
        names: "space",
        short: "pause",
        long: "pause or play; at the end, play again",
        essential: true,
    },
    Binding {
        keys: &[(Key::Right, A::Forward), (Key::Char('.'), A::Forward)],
        names: "right/.",
        short: "step",
        long: "one frame forward",
        essential: true,
    },
    Binding {
        keys: &[(Key::Left, A::Back), (Key::Char(','), A::Back)],
        names: "left/,",
        short: "back",
        long: "one frame back",
        essential: true,
    },
    Binding {
        keys: &[(Key::Home, A::First), (Key::End, A::Last)],
        names: "Home/End",
        short: "ends",
        long: "the first or the last frame",
        essential: false,
    },
    Binding {
        keys: &[
            (Key::Char('0'), A::Seek(0)),
            (Key::Char('1'), A::Seek(1)),
            (Key::Char('2'), A::Seek(2)),
            (Key::Char('3'), A::Seek(3)),
            (Key::Char('4'), A::Seek(4)),
            (Key::Char('5'), A::Seek(5)),
            (Key::Char('6'), A::Seek(6)),
            (Key::Char('7'), A::Seek(7)),
            (Key::Char('8'), A::Seek(8)),
            (Key::Char('9'), A::Seek(9)),
        ],
        names: "0-9",
        short: "seek",
        long: "jump to 0 %, 10 %, ... 90 % of the way",
        essential: false,
    },
    Binding {
        keys: &[
            (Key::Char('+'), A::Faster),
            (Key::Char('='), A::Faster),
            (Key::Char('-'), A::Slower),
            (Key::Char('_'), A::Slower),
        ],
        names: "+/-",
        short: "speed",
        long: "faster or slower (0.25x to 16x)",
        essential: true,
    },
    PAN,
    FOLLOW,
    ZOOM,
    HELP,
    SUSPEND,
    QUIT,
];

/// The keys of play mode (`solve-maze --play`).
pub const PLAY_KEYS: &[Binding] = &[
    Binding {
        keys: &[
            (Key::Up, A::Move(Up)),
            (Key::Left, A::Move(Left)),
            (Key::Down, A::Move(Down)),
            (Key::Right, A::Move(Right)),
            (Key::Char('w'), A::Move(Up)),
            (Key::Char('a'), A::Move(Left)),
            (Key::Char('s'), A::Move(Down)),
            (Key::Char('d'), A::Move(Right)),
            (Key::Char('W'), A::Move(Up)),
            (Key::Char('A'), A::Move(Left)),
            (Key::Char('S'), A::Move(Down)),
            (Key::Char('D'), A::Move(Right)),
        ],
        names: "arrows/WASD",
        short: "move",
        long: "move the hero",
        essential: true,
    },
    Binding {
        keys: &[(Key::Char('.'), A::Wait), (Key::Char(' '), A::Wait)],
        names: "./space",
        short: "wait",
        long: "the hero waits a turn (with --wait)",
        essential: false,
    },
    Binding {
        keys: &[(Key::Char('u'), A::Undo), (Key::Char('U'), A::Undo)],
        names: "u",
        short: "undo",
        long: "take back the last turn",
        essential: true,
    },
    Binding {
        keys: &[(Key::Char('r'), A::Restart), (Key::Char('R'), A::Restart)],
        names: "r",
        short: "restart",
        long: "back to the start",
        essential: false,
    },
    Binding {
        keys: &[(Key::Char('h'), A::Hint), (Key::Char('H'), A::Hint)],
        names: "h",
        short: "hint",
        long: "the solver's best move from here",
        essential: true,
    },
    PAN,
    FOLLOW,
    ZOOM,
    HELP,
    SUSPEND,
    QUIT,
];

/// [`PLAY_KEYS`] for a game with or without waiting: without it, the wait
/// key is left out of the dispatch, the legend and the overlay, so the play
/// screen is the official game's.
pub fn play_keys(wait: bool) -> Vec<Binding> {
    PLAY_KEYS
        .iter()
        .copied()
        .filter(|b| wait || !b.keys.iter().any(|&(_, a)| a == Action::Wait))
        .collect()
}

const PAN: Binding = Binding {
    keys: &[
        (Key::Char('i'), A::Pan(Up)),
        (Key::Char('j'), A::Pan(Left)),
        (Key::Char('k'), A::Pan(Down)),
        (Key::Char('l'), A::Pan(Right)),
    ],
    names: "ijkl",
    short: "pan",
    long: "look around a map larger than the screen",
    essential: false,
};

const FOLLOW: Binding = Binding {
    keys: &[(Key::Char('c'), A::Follow)],
    names: "c",
    short: "centre",
    long: "centre the window on the hero again",
    essential: false,
};

const ZOOM: Binding = Binding {
    keys: &[(Key::Char('z'), A::Overview)],
    names: "z",
    short: "zoom",
    long: "the whole map shrunk to fit, or the window again",
    essential: false,
};

const HELP: Binding = Binding {
    keys: &[(Key::Char('?'), A::Help)],
    names: "?",
    short: "keys",
    long: "show or hide this list",
    essential: true,
};

const SUSPEND: Binding = Binding {
    keys: &[(Key::Suspend, A::Suspend)],
    names: "^Z",
    short: "suspend",
    long: "suspend with Ctrl-Z (fg brings it back)",
    essential: false,
};

const QUIT: Binding = Binding {
    keys: &[
        (Key::Char('q'), A::Quit),
        (Key::Char('Q'), A::Quit),
        (Key::Esc, A::Quit),
        (Key::Interrupt, A::Quit),
    ],
    names: "q",
    short: "quit",
    long: "quit (Esc and Ctrl-C too)",
    essential: true,
};

/// What `key` asks for under `table`, if anything.
pub fn action(table: &[Binding], key: Key) -> Option<Action> {
    table
        .iter()
        .flat_map(|b| b.keys)
        .find(|(k, _)| *k == key)
        .map(|&(_, a)| a)
}

/// One legend item: `[right/.] step`.
fn item(binding: &Binding) -> String {
    format!("[{}] {}", binding.names, binding.short)
}

/// The legend of `table` in lines of at most `cols` characters, in at most
/// `max_lines` lines: every key if they fit; else the help and quit keys
/// first (the help lists the rest), then as many of the other essential
/// ones as fit. Items are never cut in the middle unless one alone is
/// wider than the screen.
pub fn legend(table: &[Binding], cols: usize, max_lines: usize) -> Vec<String> {
    let max_lines = max_lines.max(1);
    let all = pack(table.iter().map(item), cols);
    if all.len() <= max_lines {
        return all;
    }
    let first = |b: &&Binding| {
        b.keys
            .iter()
            .any(|(_, a)| matches!(a, Action::Help | Action::Quit))
    };
    let essential = table
        .iter()
        .filter(first)
        .chain(table.iter().filter(|b| b.essential && !first(b)));
    let mut some = pack(essential.map(item), cols);
    some.truncate(max_lines);
    some
}

/// Items side by side, two spaces apart, in lines of at most `cols`
/// characters.
fn pack(items: impl Iterator<Item = String>, cols: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        let len = line.chars().count();
        if len > 0 && len + 2 + item.chars().count() > cols {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .map(|l| l.chars().take(cols.max(1)).collect())
        .collect()
}

/// The help overlay: one line per binding, keys then what they do.
pub fn help(table: &[Binding]) -> Vec<String> {
    let width = table.iter().map(|b| b.names.len()).max().unwrap_or(0);
    let mut lines = vec!["Keys (? closes this list):".to_owned()];
    lines.extend(
        table
            .iter()
            .map(|b| format!("  {:width$}  {}", b.names, b.long)),
    );
    lines
}

/// The keys as one paragraph for `--help`: `space pause or play; ...`.
pub fn help_text(table: &[Binding]) -> String {
    let parts: Vec<String> = table
        .iter()
        .map(|b| format!("{} {}", b.names, b.long))
        .collect();
    parts.join("; ")
}

/// The pace of playback, from 0.25x to 16x in doubling steps (not the
/// dragon's [`Speed`](crate::Speed), a rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pace {
    /// Doublings from 1x: -2 is 0.25x, 4 is 16x.
    doublings: i8,
}

impl Pace {
    const SLOWEST: i8 = -2;
    const FASTEST: i8 = 4;

    /// 1x: frames last as long as asked.
    pub const NORMAL: Pace = Pace { doublings: 0 };

    /// Twice as fast, at most 16x.
    pub fn faster(self) -> Pace {
        Pace {
            doublings: (self.doublings + 1).min(Pace::FASTEST),
        }
    }

    /// Half as fast, at least 0.25x.
    pub fn slower(self) -> Pace {
        Pace {
            doublings: (self.doublings - 1).max(Pace::SLOWEST),
        }
    }

    /// How long a frame of `base` length lasts at this pace (at least a
    /// millisecond).
    pub fn frame_length(self, base: Duration) -> Duration {
        let length = if self.doublings >= 0 {
            base / (1u32 << self.doublings)
        } else {
            base * (1u32 << -self.doublings)
        };
        length.max(Duration::from_millis(1))
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.doublings {
            -2 => f.write_str("0.25x"),
            -1 => f.write_str("0.5x"),
            d => write!(f, "{}x", 1u32 << d.max(0)),
        }
    }
}

/// How the window is placed and whether the help is open: shared by
/// playback and play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Camera {
    /// How far the window's centre is from the hero, in rows and columns.
    pub pan: (isize, isize),
    /// Whether the list of keys covers the map.
    pub help: bool,
    /// Whether the whole map is shown shrunk instead of a window.
    pub overview: bool,
}

impl Camera {
    /// The step a pan key moves the window, in cells.
    pub const PAN_STEP: isize = 8;

    /// Reacts to a camera action; `false` for any other action.
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Pan(d) => {
                let (dr, dc) = match d {
                    Direction::Up => (-1, 0),
                    Direction::Left => (0, -1),
                    Direction::Down => (1, 0),
                    Direction::Right => (0, 1),
                };
                self.pan.0 += dr * Camera::PAN_STEP;
                self.pan.1 += dc * Camera::PAN_STEP;
            }
            Action::Follow => self.pan = (0, 0),
            Action::Overview => self.overview = !self.overview,
            Action::Help => self.help = !self.help,
            _ => return false,
        }
        true
    }

    /// Keeps the pan within the grid, so that a pan key pressed past an
    /// edge does not have to be undone press by press.
    pub fn clamp(&mut self, hero: crate::Pos, height: usize, width: usize) {
        let centre = self.centre(hero, height, width);
        let offset = |to: usize, from: usize| {
            isize::try_from(to).unwrap_or(isize::MAX) - isize::try_from(from).unwrap_or(isize::MAX)
        };
        self.pan = (offset(centre.row, hero.row), offset(centre.col, hero.col));
    }

    /// The cell to centre the window on, for a hero at `hero` on a grid of
    /// `height` x `width` cells.
    pub fn centre(&self, hero: crate::Pos, height: usize, width: usize) -> crate::Pos {
        let shift = |at: usize, by: isize, len: usize| {
            at.saturating_add_signed(by).min(len.saturating_sub(1))
        };
        crate::Pos::new(
            shift(hero.row, self.pan.0, height),
            shift(hero.col, self.pan.1, width),
        )
    }
}

/// Where a playback stands: a pure state machine driven by ticks and
/// actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer {
    /// The frame shown.
    pub index: usize,
    /// How many frames there are (at least one).
    pub frames: usize,
    /// Whether playing is paused.
    pub paused: bool,
    /// How fast frames go.
    pub pace: Pace,
    /// How long a frame stays at 1x.
    pub base: Duration,
    /// The window and the help.
    pub camera: Camera,
}

/// The cells of the state line's progress bar.
const PROGRESS_WIDTH: usize = 20;

/// What playback does once the last frame has had its time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AtEnd {
    /// Stay on it until a key (the default).
    #[default]
    Wait,
    /// Start again from the first frame (`--loop`).
    Loop,
    /// End the playback (`--exit-at-end`).
    Exit,
}

/// What an action did to a [`Viewer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Nothing.
    Ignored,
    /// The view changed: draw again and start the frame's time afresh.
    Changed,
    /// Stop for now.
    Suspend,
    /// Stop.
    Quit,
}

impl Viewer {
    /// At the first of `frames` frames, playing at 1x, a frame lasting
    /// `base`.
    pub fn new(frames: usize, base: Duration) -> Viewer {
        Viewer {
            index: 0,
            frames: frames.max(1),
            paused: false,
            pace: Pace::NORMAL,
            base,
            camera: Camera::default(),
        }
    }

    /// Whether the last frame is shown.
    pub fn at_end(&self) -> bool {
        self.index + 1 >= self.frames
    }

    /// Whether frames advance by themselves.
    pub fn running(&self) -> bool {
        !self.paused && !self.at_end()
    }

    /// How long a frame stays at the current pace.
    pub fn frame_length(&self) -> Duration {
        self.pace.frame_length(self.base)
    }

    /// A frame's time is up.
    pub fn tick(&mut self) {
        if self.running() {
            self.index += 1;
        }
    }

    /// A bar `[####------]` of `width` cells between the brackets, filled
    /// as far as the frame shown is through the line.
    pub fn progress_bar(&self, width: usize) -> String {
        let last = self.frames.saturating_sub(1).max(1);
        let filled = (self.index.min(last) * width + last / 2) / last;
        format!("[{}{}]", "#".repeat(filled), "-".repeat(width - filled))
    }

    /// The state line of the legend: playing at what speed, paused, or at
    /// the end, and a progress bar.
    pub fn state_line(&self) -> String {
        format!("{} {}", self.state(), self.progress_bar(PROGRESS_WIDTH))
    }

    fn state(&self) -> String {
        let ms = self.frame_length().as_millis();
        if self.at_end() {
            format!(
                "the end ({}/{}): [space] replay, [left] step back",
                self.index + 1,
                self.frames
            )
        } else if self.paused {
            format!(
                "paused at frame {}/{}, speed {} ({ms} ms a frame)",
                self.index + 1,
                self.frames,
                self.pace
            )
        } else {
            format!(
                "playing frame {}/{}, speed {} ({ms} ms a frame)",
                self.index + 1,
                self.frames,
                self.pace
            )
        }
    }

    /// Carries out `action`.
    pub fn apply(&mut self, action: Action) -> Reaction {
        let last = self.frames - 1;
        match action {
            Action::PlayPause if self.at_end() => {
                self.index = 0;
                self.paused = false;
            }
            Action::PlayPause => self.paused = !self.paused,
            Action::Forward => {
                self.paused = true;
                self.index = (self.index + 1).min(last);
            }
            Action::Back => {
                self.paused = true;
                self.index = self.index.saturating_sub(1);
            }
            Action::First => self.index = 0,
            Action::Last => self.index = last,
            Action::Seek(tenths) => self.index = last * usize::from(tenths.min(9)) / 10,
            Action::Faster => self.pace = self.pace.faster(),
            Action::Slower => self.pace = self.pace.slower(),
            Action::Suspend => return Reaction::Suspend,
            Action::Quit => return Reaction::Quit,
            other if self.camera.apply(other) => {}
            _ => return Reaction::Ignored,
        }
        Reaction::Changed
    }
}

#[cfg(test)]
mod tests;
