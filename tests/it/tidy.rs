//! Tidy: the invariants of `ARCHITECTURE.md` that a scan of the sources can
//! check, in the spirit of rust-analyzer's `tidy` test.
//!
//! Each check is one test that lists every violation as `file:line`. The
//! lints in `Cargo.toml` cover what a lint can say (printing, `dbg!`,
//! `todo!`, `unreachable_pub`); these cover the rest. Lines that start with
//! `//` (comments and doc comments) are not code here.

use std::fs;
use std::path::{Path, PathBuf};

use dragon_escape::Tile;

/// A source or documentation file, with its path relative to the package
/// root, `/`-separated.
struct File {
    path: String,
    text: String,
}

impl File {
    /// The lines that are code: numbered from 1, without comment lines.
    fn code_lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line))
            .filter(|(_, line)| !line.trim_start().starts_with("//"))
    }

    fn is_under(&self, dir: &str) -> bool {
        self.path.starts_with(&format!("{dir}/"))
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (relative to the package root) whose name ends
/// with `suffix`, sorted by path.
fn files(dir: &str, suffix: &str) -> Vec<File> {
    fn walk(dir: &Path, suffix: &str, out: &mut Vec<PathBuf>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, suffix, out);
            } else if path.to_string_lossy().ends_with(suffix) {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&root().join(dir), suffix, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let relative = path.strip_prefix(root()).expect("under the root");
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            File {
                path: parts.join("/"),
                text,
            }
        })
        .collect()
}

/// Fails, listing `violations`, unless there are none.
fn check(rule: &str, fix: &str, violations: &[String]) {
    assert!(
        violations.is_empty(),
        "{rule}: {} violation(s)\n  {}\n{fix}",
        violations.len(),
        violations.join("\n  ")
    );
}

/// Whether `line` uses the macro `name` (`name!`, not as the end of a
/// longer name: `print!` is not found in `eprint!`).
fn uses_macro(line: &str, name: &str) -> bool {
    let call = format!("{name}!");
    line.match_indices(&call).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The 1-based line ranges of the `#[cfg(test)]` modules of a file, as
/// rustfmt lays them out: `#[cfg(test)]` and `mod name {` at the margin, up
/// to the first `}` at the margin.
fn test_modules(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let is_module = lines[i] == "#[cfg(test)]"
            && lines
                .get(i + 1)
                .is_some_and(|next| next.starts_with("mod ") && next.ends_with('{'));
        if is_module {
            let end = (i + 2..lines.len())
                .find(|&j| lines[j] == "}")
                .unwrap_or(lines.len() - 1);
            ranges.push((i + 1, end + 1));
            i = end;
        }
        i += 1;
    }
    ranges
}

/// Whether `text` declares a `tests` module in a file of its own under
/// `#[cfg(test)]`, as rustfmt lays it out: `#[cfg(test)]` and `mod tests;`
/// on consecutive lines at the margin.
fn declares_test_file(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .any(|pair| pair == ["#[cfg(test)]", "mod tests;"])
}

/// The paths of the files that are test modules as a whole: each a
/// `tests.rs` that its parent module (`a.rs` or `a/mod.rs` for `a/tests.rs`)
/// declares under `#[cfg(test)]`.
fn test_files(files: &[File]) -> Vec<&str> {
    files
        .iter()
        .filter(|file| {
            let Some(folder) = file.path.strip_suffix("/tests.rs") else {
                return false;
            };
            let parents = [format!("{folder}.rs"), format!("{folder}/mod.rs")];
            files
                .iter()
                .any(|parent| parents.contains(&parent.path) && declares_test_file(&parent.text))
        })
        .map(|file| file.path.as_str())
        .collect()
}

#[test]
fn printing_only_in_the_command_lines() {
    let macros = ["print", "println", "eprint", "eprintln", "dbg"];
    let mut violations = Vec::new();
    for file in files("src", ".rs") {
        if file.is_under("src/cli") || file.is_under("src/bin") {
            continue;
        }
        for (number, line) in file.code_lines() {
            for name in macros.into_iter().filter(|name| uses_macro(line, name)) {
                violations.push(format!("{}:{number}: {name}!", file.path));
            }
        }
    }
    check(
        "only src/cli/ and src/bin/ print (ARCHITECTURE.md: the library core does no I/O)",
        "Write to an `impl Write` the caller passes in, or return the text; remove dbg!.",
        &violations,
    );
}

/// What writes a dragon's step or the key and door step: the tie rule's
/// pick among the dragon's shortest steps, and the bits of the keys taken
/// and the doors opened being set.
const TURN_WORDS: [&str; 3] = ["first_in(", "opened |=", "taken |="];

#[test]
fn a_turn_is_written_once() {
    let mut violations = Vec::new();
    for file in files("src", ".rs") {
        // The turn itself, and the tie order's own definition and tests.
        if file.path == "src/search/turn.rs" || file.path == "src/search/rules.rs" {
            continue;
        }
        for (number, line) in file.code_lines() {
            for word in TURN_WORDS.into_iter().filter(|word| line.contains(word)) {
                violations.push(format!("{}:{number}: {word}", file.path));
            }
        }
    }
    check(
        "a dragon's step and the key and door step are written only in src/search/turn.rs \
         (ARCHITECTURE.md: a turn is written once)",
        "Ask the turn: `Game::replies`, `Game::dragon_replies`, `Terrain::step`, or the \
         single turns of `search/single.rs`.",
        &violations,
    );
}

/// The symbols that `tile_rs` (the text of `src/tile.rs`) draws but no map
/// holds (the route, a caught hero, the reach, an open door): the values of
/// its `…_EMOJI` string constants, which are not public.
fn picture_symbols(tile_rs: &str) -> Vec<String> {
    tile_rs
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .filter_map(|line| {
            let (_, rest) = line.split_once("const ")?;
            let (name, value) = rest.split_once(": &str = \"")?;
            let value = value.strip_suffix("\";")?;
            (name.ends_with("_EMOJI") && !value.is_empty()).then(|| value.to_owned())
        })
        .collect()
}

#[test]
fn only_tile_rs_knows_symbols() {
    let tile_rs = fs::read_to_string(root().join("src/tile.rs")).expect("src/tile.rs");
    let pictures = picture_symbols(&tile_rs);
    let mut symbols: Vec<&str> = Tile::ALL.iter().map(|tile| tile.emoji()).collect();
    symbols.extend(pictures.iter().map(String::as_str));
    // The same characters written as escapes, `\u{1F409}`: each escape
    // (upper case) and how the violation reads.
    let escapes: Vec<(String, String)> = symbols
        .iter()
        .flat_map(|symbol| symbol.chars())
        .map(|c| {
            let escape = format!("\\u{{{:X}}}", u32::from(c));
            (escape.to_uppercase(), format!("{c} (as {escape})"))
        })
        .collect();
    let sources = files("src", ".rs");
    let test_files = test_files(&sources);
    let mut violations = Vec::new();
    for file in &sources {
        if file.path == "src/tile.rs" || test_files.contains(&file.path.as_str()) {
            continue;
        }
        let tests = test_modules(&file.text);
        for (number, line) in file.code_lines() {
            if tests
                .iter()
                .any(|&(from, to)| (from..=to).contains(&number))
            {
                continue;
            }
            let upper = line.to_uppercase();
            let found: Vec<&str> = symbols
                .iter()
                .copied()
                .filter(|symbol| line.contains(symbol))
                .chain(
                    escapes
                        .iter()
                        .filter(|(escape, _)| upper.contains(escape.as_str()))
                        .map(|(_, shown)| shown.as_str()),
                )
                .collect();
            if !found.is_empty() {
                violations.push(format!("{}:{number}: {}", file.path, found.join(" ")));
            }
        }
    }
    check(
        "only src/tile.rs spells map symbols (ARCHITECTURE.md: only tile.rs knows symbols)",
        "Take the symbol from tile.rs (Tile::emoji, Tile::ascii, the route and mark \
         constants), adding what is missing there. Comments, #[cfg(test)] modules and the \
         tests.rs files they declare are exempt.",
        &violations,
    );
}

#[test]
fn every_module_has_a_doc_comment() {
    let violations: Vec<String> = files("src", ".rs")
        .into_iter()
        .filter(|file| !file.text.starts_with("//!"))
        .map(|file| format!("{}:1", file.path))
        .collect();
    check(
        "every file under src/ starts with a //! doc comment",
        "Say in a //! line at the top what the module is for.",
        &violations,
    );
}

/// The most lines a source file may have (ARCHITECTURE.md: about 800).
const MOST_LINES: usize = 820;

#[test]
fn source_files_stay_short() {
    let violations: Vec<String> = files("src", ".rs")
        .into_iter()
        .filter(|file| file.text.lines().count() > MOST_LINES)
        .map(|file| format!("{}:{}", file.path, file.text.lines().count()))
        .collect();
    check(
        &format!("no file under src/ has more than {MOST_LINES} lines"),
        "Split it along a seam: its tests into a tests.rs beside it, or a part into a submodule.",
        &violations,
    );
}

#[test]
fn no_unfinished_or_ignored_code() {
    // Spelled in pieces so that this file does not find itself.
    let needles = [
        ["todo", "!"].concat(),
        ["unimplemented", "!"].concat(),
        ["#[", "ignore"].concat(),
    ];
    let mut violations = Vec::new();
    for file in files("src", ".rs").into_iter().chain(files("tests", ".rs")) {
        for (number, line) in file.code_lines() {
            for needle in needles
                .iter()
                .filter(|needle| line.contains(needle.as_str()))
            {
                violations.push(format!("{}:{number}: {needle}", file.path));
            }
        }
    }
    check(
        "no unfinished code and no ignored tests in src/ or tests/",
        "Finish the code, or delete the test (or make it pass) rather than ignore it.",
        &violations,
    );
}

/// The inline code spans of a Markdown text, each with the line it starts
/// on; fenced code blocks are skipped. A span may wrap onto the next line
/// (read as a space) but not past a blank line.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut in_fence = false;
    // An open span: its line, how many backticks opened it, its text so far.
    let mut open: Option<(usize, usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_fence = !in_fence;
            open = None;
            continue;
        }
        if in_fence || line.trim().is_empty() {
            open = None;
            continue;
        }
        if let Some((_, _, content)) = &mut open {
            content.push(' ');
        }
        let mut rest = line;
        while !rest.is_empty() {
            let Some(start) = rest.find('`') else {
                if let Some((_, _, content)) = &mut open {
                    content.push_str(rest);
                }
                break;
            };
            let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
            match &mut open {
                Some((from, n, content)) if *n == ticks => {
                    content.push_str(&rest[..start]);
                    spans.push((*from, content.trim().to_owned()));
                    open = None;
                }
                Some((_, _, content)) => content.push_str(&rest[..start + ticks]),
                None => open = Some((i + 1, ticks, String::new())),
            }
            rest = &rest[start + ticks..];
        }
    }
    spans
}

/// Whether a code span cites a file that should be in the repository: a
/// single word ending in one of the checked extensions, with a `/` or a
/// Markdown file. Placeholders (`<kind>`), URLs, paths outside the
/// repository and build outputs under `target/` are not citations.
fn is_citation(span: &str) -> bool {
    const EXTENSIONS: [&str; 6] = [".md", ".rs", ".toml", ".tsv", ".json", ".txt"];
    EXTENSIONS.iter().any(|ext| span.ends_with(ext))
        && (span.contains('/') || span.ends_with(".md"))
        && !span.contains(char::is_whitespace)
        && !span.contains(['<', '>', '$'])
        && !span.contains("://")
        && !span.starts_with(['/', '~'])
        && !span.starts_with("target/")
}

/// Whether `pattern` names an existing file under `base`; `*` in a
/// component matches any run of characters.
fn exists(base: &Path, pattern: &str) -> bool {
    fn matches(pattern: &str, name: &str) -> bool {
        match pattern.split_once('*') {
            None => pattern == name,
            Some((head, tail)) => {
                name.starts_with(head)
                    && (head.len()..=name.len())
                        .any(|at| name.is_char_boundary(at) && matches(tail, &name[at..]))
            }
        }
    }
    let (first, rest) = match pattern.split_once('/') {
        Some((first, rest)) => (first, Some(rest)),
        None => (pattern, None),
    };
    let candidates: Vec<PathBuf> = if first.contains('*') {
        fs::read_dir(base)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|entry| matches(first, &entry.file_name().to_string_lossy()))
            .map(|entry| entry.path())
            .collect()
    } else {
        vec![base.join(first)]
    };
    candidates.iter().any(|path| match rest {
        None => path.is_file(),
        Some(rest) => exists(path, rest),
    })
}

#[test]
fn docs_cite_existing_files() {
    let mut docs: Vec<File> = fs::read_dir(root())
        .expect("the package root")
        .flatten()
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| {
            let path = entry.file_name().to_string_lossy().into_owned();
            path.ends_with(".md").then(|| File {
                text: fs::read_to_string(entry.path()).expect("a readable doc"),
                path,
            })
        })
        .collect();
    docs.sort_by(|a, b| a.path.cmp(&b.path));
    if root().join("docs").is_dir() {
        docs.extend(files("docs", ".md"));
    }
    assert!(
        docs.iter().any(|doc| doc.path == "README.md"),
        "no README.md"
    );
    let mut violations = Vec::new();
    for doc in &docs {
        let folder = root().join(&doc.path);
        let folder = folder.parent().expect("a file has a folder");
        // ARCHITECTURE.md names source files from `src/` (`search/mod.rs`).
        let bases = [root(), folder, &root().join("src")];
        for (number, span) in code_spans(&doc.text) {
            if is_citation(&span) && !bases.iter().any(|base| exists(base, &span)) {
                violations.push(format!("{}:{number}: `{span}`", doc.path));
            }
        }
    }
    check(
        "every file the Markdown docs cite in backticks exists \
         (relative to the repository root, the doc's folder or src/)",
        "Fix the path, or the doc if the file moved or went away.",
        &violations,
    );
}

#[test]
fn the_checks_read_what_they_should() {
    assert!(uses_macro("    println!(\"x\");", "println"));
    assert!(uses_macro("dbg!(x)", "dbg"));
    assert!(!uses_macro("eprintln!(\"x\");", "println"));
    assert!(!uses_macro("writeln!(out)?;", "println"));
    let source = "//! m\nfn f() {}\n\n#[cfg(test)]\nmod tests {\n    fn g() {}\n}\n";
    assert_eq!(test_modules(source), [(4, 7)]);
    let constants = "/// The route.\npub(crate) const ROUTE_EMOJI: &str = \"R\";\n\
                     // const OLD_EMOJI: &str = \"O\";\nconst ROUTE_ASCII: char = '*';\n\
                     const CAUGHT_EMOJI: &str = \"C\";\n";
    assert_eq!(picture_symbols(constants), ["R", "C"]);
    let tile_rs = fs::read_to_string(root().join("src/tile.rs")).expect("src/tile.rs");
    assert!(
        picture_symbols(&tile_rs).len() >= 4,
        "the route, caught, reach and open door"
    );
    let file = |path: &str, text: &str| File {
        path: path.to_owned(),
        text: text.to_owned(),
    };
    let tree = [
        file("src/a.rs", "//! a\n#[cfg(test)]\nmod tests;\n"),
        file("src/a/tests.rs", "//! a's tests\n"),
        file("src/b/mod.rs", "//! b\nmod tests;\n"),
        file("src/b/tests.rs", "//! b's tests, not under cfg(test)\n"),
        file("src/c/tests.rs", "//! no parent declares it\n"),
        file("src/d/mod.rs", "//! d\n#[cfg(test)]\nmod tests;\n"),
        file("src/d/tests.rs", "//! d's tests\n"),
    ];
    assert_eq!(test_files(&tree), ["src/a/tests.rs", "src/d/tests.rs"]);
    let sources = files("src", ".rs");
    let real = test_files(&sources);
    assert!(real.contains(&"src/render/film/tests.rs"), "{real:?}");
    assert!(real.contains(&"src/search/tests.rs"), "{real:?}");
    let markdown = "See `a/b.rs` and ``c`d``.\n```\n`no/fence.rs`\n```\nwraps `src/\nx.rs`\n";
    assert_eq!(
        code_spans(markdown),
        [
            (1, "a/b.rs".to_owned()),
            (1, "c`d".to_owned()),
            (5, "src/ x.rs".to_owned()),
        ]
    );
    assert!(is_citation("src/tile.rs") && is_citation("PUZZLE.md"));
    assert!(!is_citation("tile.rs") && !is_citation("<target>/scale.md"));
    assert!(!is_citation("solve-maze examples/mazes/official-1.txt"));
    assert!(exists(root(), "src/bin/*.rs") && exists(root(), "src/*/mod.rs"));
    assert!(!exists(root(), "src/bin/*.toml") && !exists(root(), "src"));
}
