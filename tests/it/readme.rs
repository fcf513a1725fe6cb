//! The README's command-line examples, run as written: every `$ command`
//! line in a plain fenced block must print (standard output and standard
//! error together) exactly the lines that follow it.

use std::path::Path;
use std::process::Command;

/// One `$ command` and the text the README shows after it.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The examples in the plain (no language) fenced blocks of `text`.
fn examples(text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_plain_block = false;
    let mut in_other_block = false;
    // Whether the last example belongs to the block being read.
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            open = false;
            if in_plain_block || in_other_block {
                in_plain_block = false;
                in_other_block = false;
            } else if info.is_empty() {
                in_plain_block = true;
            } else {
                in_other_block = true;
            }
            continue;
        }
        if !in_plain_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: i + 1,
                command: command.to_owned(),
                expected: String::new(),
            });
            open = true;
        } else if let Some(example) = examples.last_mut().filter(|_| open) {
            example.expected.push_str(line);
            example.expected.push('\n');
        }
    }
    for example in &mut examples {
        let kept = example.expected.trim_end_matches('\n').len();
        example.expected.truncate(kept);
        if kept > 0 {
            example.expected.push('\n');
        }
    }
    examples
}

#[test]
fn readme_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(
        examples.len() >= 7,
        "the README's examples were not found: {}",
        examples.len()
    );
    // A scratch folder that sees the shipped maps, so examples that write
    // files (`> hard.txt`) leave the repository alone.
    let scratch = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("examples"), scratch.path().join("examples")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_solve-maze"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut wrong = Vec::new();
    for example in &examples {
        let out = Command::new("sh")
            .args(["-c", &format!("exec 2>&1; {}", example.command)])
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&out.stdout);
        if printed != example.expected {
            wrong.push(format!(
                "README.md:{}: $ {}\n--- the README shows:\n{}--- it prints:\n{}",
                example.line, example.command, example.expected, printed
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn examples_are_read_from_plain_blocks_only() {
    let text = "```sh\n$ not this\n```\n```\n$ one\na\n\n$ two\n```\n```json\n$ nor this\n```\n\
                ```\nframes, not output\n```\n";
    let found: Vec<(String, String)> = examples(text)
        .into_iter()
        .map(|e| (e.command, e.expected))
        .collect();
    assert_eq!(
        found,
        [("one".into(), "a\n".into()), ("two".into(), String::new())]
    );
}

/// The README's library example is `examples/library.rs` (which the crate
/// runs as a doctest), word for word.
#[test]
fn the_library_example_is_the_one_that_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let example = std::fs::read_to_string(root.join("examples/library.rs")).unwrap();
    let block = readme
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("```\n").next())
        .expect("the README has a Rust block");
    let code = example
        .lines()
        .skip_while(|line| line.starts_with("//!") || line.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        code.trim_end(),
        block.trim_end(),
        "examples/library.rs and the README differ"
    );
}
