//! What both tools say after their options: one [`Manual`] a tool, from
//! which `-h` takes a short summary, `--help` the whole text and `--man`
//! the EXIT STATUS, EXAMPLES and further sections of the man page, so the
//! three never disagree.

use std::fmt::Write as _;

/// The columns the help's own paragraphs fill (clap wraps the options).
pub(crate) const COLUMNS: usize = 79;

/// A tool's text beyond its options.
pub(crate) struct Manual {
    /// The one paragraph `-h` shows before the exit status (wrapped here).
    pub(crate) summary: String,
    /// Titled sections of `--help` and the man page, each a list of
    /// paragraphs (wrapped here).
    pub(crate) sections: Vec<(&'static str, Vec<String>)>,
    /// Each exit status and what it means.
    pub(crate) exit_status: &'static [(u8, &'static str)],
    /// Commands and what each shows; `-h` gives the first `short` of them.
    pub(crate) examples: Vec<(String, &'static str)>,
    /// How many examples `-h` gives.
    pub(crate) short: usize,
}

impl Manual {
    /// The text after the options in `-h`.
    pub(crate) fn short_help(&self) -> String {
        let mut text = wrap(&self.summary, COLUMNS);
        text.push_str("\n\n");
        text.push_str(&wrap(&self.exit_line(), COLUMNS));
        text.push_str("\n\nExamples:\n");
        for (command, _) in &self.examples[..self.short.min(self.examples.len())] {
            let _ = writeln!(text, "  {command}");
        }
        text.push_str("\nSee --help for every option, what they mean, and more examples.");
        text
    }

    /// The text after the options in `--help`.
    pub(crate) fn long_help(&self) -> String {
        let mut text = String::new();
        for (title, paragraphs) in &self.sections {
            let _ = writeln!(text, "{title}:");
            for paragraph in paragraphs {
                text.push_str(&wrap(paragraph, COLUMNS));
                text.push_str("\n\n");
            }
        }
        text.push_str("Exit status:\n");
        for (code, meaning) in self.exit_status {
            text.push_str(&indent(&format!("{code}  {meaning}"), 2, 6));
            text.push('\n');
        }
        text.push_str("\nExamples:\n");
        for (command, what) in &self.examples {
            let _ = writeln!(text, "  {command}");
            text.push_str(&indent(what, 6, 6));
            text.push('\n');
        }
        text.truncate(text.trim_end().len());
        text
    }

    /// The exit statuses in one sentence.
    fn exit_line(&self) -> String {
        let parts: Vec<String> = self
            .exit_status
            .iter()
            .map(|(code, meaning)| format!("{code} {meaning}"))
            .collect();
        format!("Exit status: {}.", parts.join("; "))
    }

    /// The man page's sections after OPTIONS, in roff: the titled
    /// sections, EXIT STATUS and EXAMPLES.
    pub(crate) fn roff(&self) -> String {
        let mut roff = String::new();
        for (title, paragraphs) in &self.sections {
            // "Playback (-p)" is PLAYBACK: the flag would be upper-cased too.
            let name = title.split(" (").next().unwrap_or(title);
            let _ = writeln!(roff, ".SH \"{}\"", name.to_uppercase());
            for (i, paragraph) in paragraphs.iter().enumerate() {
                if i > 0 {
                    roff.push_str(".PP\n");
                }
                let _ = writeln!(roff, "{}", escape(paragraph));
            }
        }
        roff.push_str(".SH \"EXIT STATUS\"\n");
        for (code, meaning) in self.exit_status {
            let _ = writeln!(roff, ".TP\n\\fB{code}\\fR\n{}", escape(meaning));
        }
        roff.push_str(".SH EXAMPLES\n");
        for (command, what) in &self.examples {
            let _ = writeln!(roff, ".TP\n\\fB{}\\fR\n{}", escape(command), escape(what));
        }
        roff
    }
}

/// `text` with roff's special characters escaped, a line that would
/// start with a control character guarded, and its line breaks kept.
fn escape(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n.br\n")
}

/// The columns `c` takes on a terminal: two for an emoji, none for the
/// joiners and selectors that shape one, one otherwise.
fn columns(c: char) -> usize {
    match c {
        '\u{200D}' | '\u{FE0E}' | '\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}' => 0,
        '\u{2600}'..='\u{27BF}' | '\u{1F000}'..='\u{1FAFF}' => 2,
        _ => 1,
    }
}

/// The columns `word` takes.
fn width(word: &str) -> usize {
    word.chars().map(columns).sum()
}

/// `text` (its own line breaks kept) with every line longer than
/// `limit` columns broken at spaces.
pub(crate) fn wrap(text: &str, limit: usize) -> String {
    text.lines()
        .map(|line| fill(line, limit, 0, 0))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` broken at spaces to `limit` columns, its first line indented
/// by `first` and the others by `rest`.
fn fill(text: &str, limit: usize, first: usize, rest: usize) -> String {
    let mut out = " ".repeat(first);
    let (mut used, mut fresh) = (first, true);
    for word in text.split(' ') {
        let w = width(word);
        if !fresh && used + 1 + w > limit {
            out.push('\n');
            out.push_str(&" ".repeat(rest));
            used = rest;
            fresh = true;
        }
        if !fresh {
            out.push(' ');
            used += 1;
        }
        out.push_str(word);
        used += w;
        fresh = false;
    }
    out
}

/// `text` filled to [`COLUMNS`], its first line indented by `first` and
/// the others by `rest`.
fn indent(text: &str, first: usize, rest: usize) -> String {
    fill(text, COLUMNS, first, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_counts_an_emoji_as_two_columns() {
        let text = "🟫 wall, 🟩 free, 🏃 hero, 🐉 dragon, ❎ exit, 🔑 key, 🚪 door";
        for line in wrap(text, 20).lines() {
            assert!(width(line) <= 20, "{line:?}");
        }
        assert_eq!(wrap(text, 20).replace('\n', " "), text);
        assert_eq!(width("🐉 dragon"), 9);
    }

    #[test]
    fn roff_escapes_dashes_and_guards_dots() {
        assert_eq!(escape("--help\n.x"), "\\-\\-help\n.br\n\\&.x");
        assert_eq!(escape("a\\b"), "a\\eb");
    }

    #[test]
    fn a_hanging_indent_keeps_lines_within_the_columns() {
        let long = "word ".repeat(40);
        let text = indent(long.trim(), 2, 6);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 1);
        assert!(lines[0].starts_with("  word"));
        assert!(lines[1..].iter().all(|l| l.starts_with("      word")));
        assert!(lines.iter().all(|l| width(l) <= COLUMNS));
    }
}
