//! Shell completions and man pages for the command lines, generated from
//! their clap definitions (`--completions SHELL`, `--man`).

use std::io::Write;
use std::process::ExitCode;

use clap::Command;
pub(crate) use clap_complete::Shell;

use super::help::Manual;
use super::{emit, fail};

/// The options both tools take to print an asset instead of working.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Installation {
    /// Print the completion script for SHELL on standard output, and exit.
    #[arg(
        long,
        value_enum,
        value_name = "SHELL",
        exclusive = true,
        help_heading = "Installation",
        hide_short_help = true
    )]
    completions: Option<Shell>,

    /// Print the man page (roff) on standard output, and exit.
    #[arg(
        long,
        exclusive = true,
        help_heading = "Installation",
        hide_short_help = true
    )]
    man: bool,
}

impl Installation {
    /// The asset these options ask for, if any.
    pub(crate) fn asked(self) -> Option<Asset> {
        Asset::asked(self.completions, self.man)
    }
}

/// What a tool prints instead of doing its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asset {
    /// The completion script for a shell.
    Completions(Shell),
    /// The man page, in roff.
    Man,
}

impl Asset {
    /// The asset asked for by `--completions` and `--man`, if any.
    pub(crate) fn asked(completions: Option<Shell>, man: bool) -> Option<Asset> {
        match (completions, man) {
            (Some(shell), _) => Some(Asset::Completions(shell)),
            (None, true) => Some(Asset::Man),
            (None, false) => None,
        }
    }

    /// The asset's text for the program described by `command`.
    ///
    /// # Errors
    /// A sentence when the man page cannot be rendered.
    pub(crate) fn render(self, mut command: Command, manual: &Manual) -> Result<String, String> {
        let mut bytes = Vec::new();
        match self {
            Asset::Completions(shell) => {
                let name = command.get_name().to_owned();
                clap_complete::generate(shell, &mut command, name, &mut bytes);
            }
            Asset::Man => man(command, manual, &mut bytes)
                .map_err(|e| format!("cannot render the man page: {e}"))?,
        }
        String::from_utf8(bytes).map_err(|_| "the generated text is not UTF-8".to_owned())
    }

    /// Writes the asset for `command` to `out` (a closed pipe is a normal
    /// end) and returns the exit code.
    pub(crate) fn print(
        self,
        command: Command,
        manual: &Manual,
        program: &str,
        out: &mut impl Write,
    ) -> ExitCode {
        let text = match self.render(command, manual) {
            Ok(text) => text,
            Err(message) => return fail(program, &message),
        };
        match emit(out, &text) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => fail(program, &format!("cannot write the output: {e}")),
        }
    }
}

/// The man page of `command`: clap's title, name, synopsis, description
/// and options, then `manual`'s sections, EXIT STATUS and EXAMPLES, and
/// the version. Hyphenation is off (file names and options stay whole) and
/// lines are left-aligned; the footer names the package, not the features,
/// so it fits beside the title.
fn man(command: Command, manual: &Manual, out: &mut Vec<u8>) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(command)
        .source(format!("dragon-escape {}", env!("CARGO_PKG_VERSION")))
        .manual("dragon-escape");
    man.render_title(out)?;
    out.extend_from_slice(b".nh\n.ad l\n");
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    out.extend_from_slice(manual.roff().as_bytes());
    man.render_version_section(out)
}
