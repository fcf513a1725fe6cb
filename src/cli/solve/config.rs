//! The checked configuration of a `solve-maze` run: [`Args::into_config`]
//! refuses options that make no sense together and settles the defaults
//! that depend on the terminal, so the run works from choices made once.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::args::{Args, Format, TiesArg};
use super::heat::{self, Heat, Target};
use crate::render::animate::AnimationOptions;
use crate::render::map::MapStyle;
use crate::viewer::AtEnd;
use crate::{Options, Rules};

/// How long a playback frame stays by default, in milliseconds.
const FRAME_MS: u64 = 300;

/// What to print for each map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Show {
    pub(super) steps: bool,
    pub(super) map: bool,
    pub(super) json: bool,
    pub(super) timing: bool,
}

/// How a solved map is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The text or JSON report.
    Report,
    /// The playback: animated on a terminal, else plain frames.
    Playback {
        /// Whether to animate (standard output is a capable terminal).
        animate: bool,
    },
    /// The person plays.
    Play,
}

/// Files to write besides the output.
#[derive(Debug)]
pub(super) struct Exports {
    pub(super) record: Option<PathBuf>,
    pub(super) svg: Option<PathBuf>,
    pub(super) svg_animate: Option<PathBuf>,
    pub(super) gif: Option<PathBuf>,
    /// The most frames an animation shows.
    pub(super) max_frames: usize,
    /// The side of a cell in the pictures, in pixels, if given.
    pub(super) cell: Option<usize>,
    /// Whether `-f` gives the animations' frame length; else they are
    /// paced to last about 20 s.
    pub(super) frame_length_given: bool,
    /// The recording's style: colour unless `--color never` or `NO_COLOR`.
    pub(super) record_style: MapStyle,
    /// The recording's largest screen: columns, rows.
    pub(super) record_size: (u16, u16),
}

impl Exports {
    /// Whether an export goes to standard output (`-`), instead of the
    /// report.
    pub(super) fn to_stdout(&self) -> bool {
        [&self.record, &self.svg, &self.svg_animate, &self.gif]
            .into_iter()
            .any(|path| path.as_deref() == Some(Path::new("-")))
    }
}

/// Which standard streams are terminals: the defaults depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminals {
    /// Standard input is a terminal (so no map is being piped in).
    pub stdin: bool,
    /// Standard output is a terminal (colour, animated playback, play).
    pub stdout: bool,
    /// Standard error is a terminal (progress on a long solve).
    pub stderr: bool,
}

impl Terminals {
    /// Which of this process's standard streams are terminals.
    pub(super) fn detect() -> Terminals {
        Terminals {
            stdin: io::stdin().is_terminal(),
            stdout: io::stdout().is_terminal(),
            stderr: io::stderr().is_terminal(),
        }
    }
}

/// The checked configuration a run works from.
#[derive(Debug)]
pub struct Config {
    pub(super) files: Vec<PathBuf>,
    pub(super) jobs: usize,
    pub(super) options: Options,
    pub(super) show: Show,
    pub(super) style: MapStyle,
    pub(super) mode: Mode,
    pub(super) frame_length: Duration,
    pub(super) at_end: AtEnd,
    pub(super) exports: Exports,
    /// The heat map asked for (`--heat-map`).
    pub(super) heat: Option<Heat>,
    /// Show a long solve's progress on standard error (a terminal).
    pub(super) progress: bool,
    /// How long a solve may run.
    pub(super) max_time: Option<Duration>,
}

impl Args {
    /// Checks the arguments and resolves defaults that depend on the terminal.
    ///
    /// # Errors
    /// A sentence for option combinations that make no sense.
    pub fn into_config(mut self, terminals: Terminals) -> Result<Config, String> {
        let stdout_is_terminal = terminals.stdout;
        if self.files.is_empty() {
            if terminals.stdin {
                return Err("no map given: name a map file (solve-maze MAP.txt), \
                     or pipe one in (generate-maze | solve-maze)"
                    .into());
            }
            self.files.push(PathBuf::from("-"));
        }
        let json = self.format == Format::Json;
        if json && !cfg!(feature = "json") {
            return Err("this build has no JSON support (cargo feature `json`)".into());
        }
        if json && (self.steps || self.map) {
            return Err(
                "--steps and --map print text; the JSON report already holds the moves".into(),
            );
        }
        let ties = self.ties.with(self.priority.unwrap_or_default());
        if self.priority.is_some() && self.ties != TiesArg::Priority {
            return Err(format!(
                "--priority orders the ties of --ties priority; with --ties {} it would do nothing",
                ties.name()
            ));
        }
        let heat = heat::check(&self)?;
        // --ascii and --color are styles, harmless where nothing is drawn,
        // so an alias that sets them serves every run.
        if (self.repeat || self.exit_at_end) && !self.playback {
            let flag = if self.repeat {
                "--loop"
            } else {
                "--exit-at-end"
            };
            let does = if self.repeat {
                "starts a playback again"
            } else {
                "ends a playback"
            };
            return Err(format!("{flag} {does}: use it with -p"));
        }
        let animates = self.svg_animate.is_some() || self.gif.is_some();
        if self.frame_length.is_some() && !self.playback && self.record.is_none() && !animates {
            return Err(
                "--frame-length (-f) paces the playback: use it with -p, --record, --svg-animate or --gif"
                    .into(),
            );
        }
        if self.animate_max_frames.is_some() && !animates {
            return Err(
                "--animate-max-frames limits an animation: use it with --svg-animate or --gif"
                    .into(),
            );
        }
        if self.cell_size.is_some()
            && self.svg.is_none()
            && !animates
            && !heat.as_ref().is_some_and(Heat::is_picture)
        {
            return Err(
                "--cell-size sizes a picture: use it with --svg, --svg-animate or --gif, or a \
                 --heat-map picture"
                    .into(),
            );
        }
        if self.files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
            return Err(
                "- (standard input) is named twice: it can be read once; name it once".into(),
            );
        }
        let single =
            self.playback || self.play || self.record.is_some() || self.svg.is_some() || animates;
        if single && self.files.len() != 1 {
            return Err(
                "--playback, --play, --record, --svg, --svg-animate and --gif take exactly one map file"
                    .into(),
            );
        }
        let outputs = [
            ("--record", &self.record),
            ("--svg", &self.svg),
            ("--svg-animate", &self.svg_animate),
            ("--gif", &self.gif),
        ];
        let dashes: Vec<&str> = outputs
            .iter()
            .filter(|(_, path)| path.as_deref() == Some(Path::new("-")))
            .map(|(flag, _)| *flag)
            .collect();
        if dashes.len() > 1 {
            let (last, rest) = dashes.split_last().expect("several flags");
            let both = if rest.len() == 1 { "both" } else { "all" };
            return Err(format!(
                "{} and {last} {both} write to standard output (-); name files for all but one",
                rest.join(", ")
            ));
        }
        if let Some(flag) = dashes.first() {
            if self.playback || self.play {
                return Err(format!(
                    "{flag} - writes to standard output, where the terminal game is drawn; \
                     name a file"
                ));
            }
            if heat.as_ref().is_some_and(Heat::on_stdout) {
                return Err(format!(
                    "{flag} - and --heat-map - both write to standard output; name a file for one"
                ));
            }
            if self.steps || self.map {
                return Err(format!(
                    "{flag} - writes to standard output instead of the report, so --steps and \
                     --map would do nothing"
                ));
            }
        }
        // Two outputs into one file: the last written would be all that is
        // left of them.
        let heat_file = match heat.as_ref().map(|heat| &heat.to) {
            Some(Target::Svg(path) | Target::Gif(path) | Target::Json(path)) => Some(path),
            _ => None,
        };
        let named: Vec<(&str, &Path)> = outputs
            .iter()
            .filter_map(|&(flag, path)| Some((flag, path.as_deref()?)))
            .chain(heat_file.map(|path| ("--heat-map", path.as_path())))
            .filter(|&(_, path)| path != Path::new("-"))
            .collect();
        for (i, &(first, a)) in named.iter().enumerate() {
            if let Some(&(second, _)) = named[i + 1..]
                .iter()
                .find(|&&(_, b)| crate::cli::same_output(a, b))
            {
                return Err(format!(
                    "{first} and {second} both write to {}; name a file for each",
                    a.display()
                ));
            }
        }
        for (flag, path) in outputs {
            let Some(path) = path else { continue };
            if let Some(input) = self
                .files
                .iter()
                .find(|input| crate::cli::is_input(path, input))
            {
                let input = match input.to_str() {
                    Some("-") => "standard input".to_owned(),
                    _ => input.display().to_string(),
                };
                return Err(format!(
                    "{flag} {} would overwrite the map it is made from ({input}); \
                     name another file",
                    path.display()
                ));
            }
            if json && crate::cli::is_standard_output(path) {
                return Err(format!(
                    "{flag} {} would write into standard output, which carries the JSON \
                     report; name another file",
                    path.display()
                ));
            }
        }
        if (self.playback || self.play) && !cfg!(feature = "playback") {
            return Err("this build has no terminal playback (cargo feature `playback`)".into());
        }
        let capable = stdout_is_terminal && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        if self.play && !capable {
            return Err(
                "--play needs a terminal on standard output (and TERM other than dumb)".into(),
            );
        }
        let mode = if self.play {
            Mode::Play
        } else if self.playback {
            Mode::Playback { animate: capable }
        } else {
            Mode::Report
        };
        Ok(Config {
            jobs: match self.jobs {
                0 => std::thread::available_parallelism().map_or(1, usize::from),
                n => n,
            },
            files: self.files,
            options: Options {
                rules: Rules {
                    ties,
                    speed: self.dragon_speed,
                    wait: self.wait,
                },
                oracle: self.oracle,
                max_memory: self.max_memory,
                threads: self.threads,
                // The plain sentences name the outcome alone: the line a
                // caught hero survives is only worked out to be shown.
                caught_line: json
                    || self.map
                    || mode != Mode::Report
                    || self.record.is_some()
                    || self.svg.is_some()
                    || animates,
                ..Options::default()
            },
            show: Show {
                steps: self.steps,
                map: self.map,
                json,
                timing: self.timing,
            },
            style: MapStyle {
                ascii: self.ascii,
                color: self.color.unwrap_or_default().enabled(stdout_is_terminal),
            },
            mode,
            frame_length: Duration::from_millis(self.frame_length.unwrap_or(FRAME_MS)),
            at_end: if self.repeat {
                AtEnd::Loop
            } else if self.exit_at_end {
                AtEnd::Exit
            } else {
                AtEnd::Wait
            },
            exports: Exports {
                record: self.record,
                svg: self.svg,
                svg_animate: self.svg_animate,
                gif: self.gif,
                max_frames: self
                    .animate_max_frames
                    .unwrap_or(AnimationOptions::default().max_frames),
                cell: self.cell_size,
                frame_length_given: self.frame_length.is_some(),
                record_style: MapStyle {
                    ascii: self.ascii,
                    color: self.color.unwrap_or_default().enabled(true),
                },
                record_size: self.record_size,
            },
            heat,
            progress: terminals.stderr,
            max_time: self.max_time,
        })
    }
}

impl Config {
    /// The solve options, as checked.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

#[cfg(test)]
mod tests {
    use super::{Args, Config, PathBuf, Terminals};

    fn config(args: &[&str], stdin: bool) -> Result<Config, String> {
        let args = crate::cli::parse_from::<Args, _, _>(
            std::iter::once("solve-maze").chain(args.iter().copied()),
        )
        .map_err(|e| e.to_string())?;
        args.into_config(Terminals {
            stdin,
            stdout: false,
            stderr: false,
        })
    }

    #[test]
    fn options_that_would_do_nothing_are_refused() {
        for (args, words) in [
            (
                &["--ties", "adversarial", "--priority", "RDLU", "a.txt"][..],
                "with --ties adversarial it would do nothing",
            ),
            (
                &["--ties", "optimistic", "--priority", "RDLU", "a.txt"],
                "with --ties optimistic",
            ),
            (&["-f", "100", "a.txt"], "use it with -p, --record"),
            (
                &["--loop", "a.txt"],
                "--loop starts a playback again: use it with -p",
            ),
            (
                &["--exit-at-end", "--record", "a.cast", "a.txt"],
                "use it with -p",
            ),
            (&["-j", "-1", "a.txt"], "'-1' is not a number of jobs"),
            (&["-", "a.txt", "-"], "it can be read once"),
            (&["--vary", "dragon", "a.txt"], "use it with --heat-map"),
            (
                &["--heat-map", "-", "--map", "a.txt"],
                "--map would do nothing",
            ),
            (
                &["--heat-map", "heat.png", "a.txt"],
                "heat.png: a heat map's format comes from its extension",
            ),
            (
                &["--heat-map", "heat.svg", "a.txt", "b.txt"],
                "--heat-map takes exactly one map file",
            ),
            (
                &["--cell-size", "8", "--heat-map", "heat.json", "a.txt"],
                "--cell-size sizes a picture",
            ),
        ] {
            let err = config(args, true).unwrap_err();
            assert!(err.contains(words), "{args:?}: {err}");
        }
        assert!(config(&["--priority", "RDLU", "a.txt"], true).is_ok());
        assert!(config(&["-f", "100", "--record", "a.cast", "a.txt"], true).is_ok());
        assert!(config(&["--ascii", "--color", "never", "-m", "a.txt"], true).is_ok());
        // Styles and timing are harmless without a drawn map or JSON.
        assert!(config(&["--ascii", "a.txt"], true).is_ok());
        assert!(config(&["--color", "never", "--format", "json", "a.txt"], true).is_ok());
        assert!(config(&["--timing", "a.txt"], true).is_ok());
        assert!(config(&["--ascii", "--heat-map", "-", "a.txt"], true).is_ok());
        assert!(config(&["--cell-size", "8", "--heat-map", "h.GIF", "a.txt"], true).is_ok());
        assert!(
            config(
                &["--heat-map", "h.svg", "--vary", "dragon", "-m", "a.txt"],
                true
            )
            .is_ok()
        );
    }

    #[test]
    fn without_a_file_standard_input_is_read_unless_it_is_a_terminal() {
        assert_eq!(config(&[], false).unwrap().files, [PathBuf::from("-")]);
        let err = config(&[], true).unwrap_err();
        assert!(err.contains("name a map file"), "{err}");
        assert_eq!(
            config(&["a.txt"], true).unwrap().files,
            [PathBuf::from("a.txt")]
        );
    }
}
