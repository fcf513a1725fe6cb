//! Where the command lines write their files: a FIFO, a device or the
//! stream behind `/dev/stdout` is written into, a symbolic link is followed,
//! a regular file is replaced whole, and a path that cannot be written gives
//! a sentence naming it.

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::Command as Std;

use assert_cmd::Command;
use predicates::prelude::*;

const BACKSTEP: &str = "examples/mazes/backstep.txt";

fn solve_maze() -> Command {
    let mut cmd = Command::cargo_bin("solve-maze").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn svg_into(path: &Path) -> assert_cmd::assert::Assert {
    solve_maze().arg("--svg").arg(path).arg(BACKSTEP).assert()
}

#[test]
fn a_fifo_is_written_into_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("picture.svg");
    assert!(Std::new("mkfifo").arg(&fifo).status().unwrap().success());
    // Hold a read end open without blocking (a write end opened first lets
    // the read end open at once), so the test fails rather than waits if the
    // FIFO were replaced.
    let both = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .unwrap();
    let mut reader = fs::File::open(&fifo).unwrap();
    drop(both);
    svg_into(&fifo).success();
    let mut text = String::new();
    reader.read_to_string(&mut text).unwrap();
    assert!(text.contains("<svg"), "{text}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (real, link) = (dir.path().join("real.svg"), dir.path().join("link.svg"));
    fs::write(&real, "old").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink("real.svg", &link).unwrap();
    svg_into(&link).success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&real).unwrap().starts_with("<svg"));
    let mode = fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(
        mode & 0o777,
        0o600,
        "the replaced file keeps its permissions"
    );
    // A link to a file that does not exist yet creates that file.
    let (absent, dangling) = (dir.path().join("new.cast"), dir.path().join("dangling"));
    std::os::unix::fs::symlink(&absent, &dangling).unwrap();
    solve_maze()
        .arg("--record")
        .arg(&dangling)
        .arg(BACKSTEP)
        .assert()
        .success();
    assert!(
        fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(&absent)
            .unwrap()
            .starts_with("{\"version\": 2")
    );
    let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 4, "no temporary file is left: {names:?}");
}

#[test]
fn dev_null_stays_a_device() {
    solve_maze()
        .args(["--record", "/dev/null", "--svg", "/dev/null", BACKSTEP])
        .assert()
        .success()
        .stdout("The shortest path is 8 steps.\n");
    let null = fs::symlink_metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());
}

#[test]
fn dev_stdout_writes_into_standard_output() {
    // A pipe.
    solve_maze()
        .args(["--svg", "/dev/stdout", BACKSTEP])
        .assert()
        .success()
        .stdout(predicate::str::contains("<svg").and(predicate::str::contains("8 steps")));
    // A regular file opened by the shell: written through the stream, not
    // replaced behind its back (which would lose the report).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let status = Std::new(assert_cmd::cargo::cargo_bin("solve-maze"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--svg", "/dev/stdout", BACKSTEP])
        .stdout(fs::File::create(&out).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let text = fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    assert!(text.ends_with("The shortest path is 8 steps.\n"), "{text}");
}

/// A new directory holding the back-step map as `map.txt`.
fn dir_with_map() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.txt");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(BACKSTEP), &map).unwrap();
    dir
}

/// `solve-maze ARGS map.txt` run in `dir`.
fn solve_in(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("solve-maze")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .arg("map.txt")
        .assert()
}

/// `-` as an export's file is standard output, instead of the report; no
/// file named `-` is made, and two exports cannot share it.
#[test]
fn a_dash_is_standard_output() {
    let dir = dir_with_map();
    let run = |args: &[&str]| solve_in(dir.path(), args);
    run(&["--svg", "-"])
        .success()
        .stdout(predicate::str::starts_with("<svg").and(predicate::str::ends_with("</svg>\n")));
    let gif = run(&["--gif", "-"]).success().get_output().stdout.clone();
    assert!(gif.starts_with(b"GIF89a"));
    let cast = run(&["--record", "-"])
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8(cast)
            .unwrap()
            .starts_with("{\"version\": 2")
    );
    run(&["--svg", "-", "--gif", "-"])
        .code(2)
        .stdout("")
        .stderr("solve-maze: --svg and --gif both write to standard output (-); name files for all but one\n");
    run(&["--svg", "-", "--steps"])
        .code(2)
        .stderr(predicate::str::contains(
            "--steps and --map would do nothing",
        ));
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec!["map.txt"]);
}

/// Two outputs into one file are refused before anything is written,
/// however the file is named (`./x` and `x`, an existing file and a link
/// to it), the heat map's included; different names are not.
#[test]
fn two_outputs_into_one_file_are_refused() {
    let dir = dir_with_map();
    fs::write(dir.path().join("old.svg"), "kept").unwrap();
    std::os::unix::fs::symlink("old.svg", dir.path().join("link.svg")).unwrap();
    let run = |args: &[&str]| solve_in(dir.path(), args);
    for (args, said) in [
        (
            &["--svg", "same.x", "--gif", "same.x"][..],
            "--svg and --gif both write to same.x",
        ),
        (
            &["--record", "a.cast", "--svg-animate", "./a.cast"],
            "--record and --svg-animate both write to a.cast",
        ),
        (
            &["--heat-map", "heat.svg", "--svg", "heat.svg"],
            "--svg and --heat-map both write to heat.svg",
        ),
        (
            &["--svg", "old.svg", "--gif", "link.svg"],
            "--svg and --gif both write to old.svg",
        ),
    ] {
        run(args)
            .code(2)
            .stdout("")
            .stderr(format!("solve-maze: {said}; name a file for each\n"));
    }
    assert_eq!(
        fs::read_to_string(dir.path().join("old.svg")).unwrap(),
        "kept"
    );
    let mut left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, vec!["link.svg", "map.txt", "old.svg"]);
    run(&["--svg", "one.svg", "--gif", "one.gif"]).success();
    assert!(dir.path().join("one.svg").exists() && dir.path().join("one.gif").exists());
}

/// An output that is the map it is made from is refused before anything
/// is written, however it is named: the same path, a link to it, a path
/// through `..`, a hard link, or the file behind standard input.
#[test]
fn an_output_that_is_the_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.txt");
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(BACKSTEP)).unwrap();
    fs::write(&map, &text).unwrap();
    std::os::unix::fs::symlink("map.txt", dir.path().join("link.txt")).unwrap();
    fs::hard_link(&map, dir.path().join("hard.txt")).unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    let through = dir.path().join("sub/../map.txt");
    for (flag, output) in [
        ("--svg", map.clone()),
        ("--gif", dir.path().join("link.txt")),
        ("--svg-animate", through),
        ("--record", dir.path().join("hard.txt")),
    ] {
        solve_maze()
            .arg(flag)
            .arg(&output)
            .arg(&map)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "solve-maze: {flag} {} would overwrite the map it is made from ({}); \
                 name another file\n",
                output.display(),
                map.display()
            ));
    }
    // Standard input read from the map file itself.
    let status = Std::new(assert_cmd::cargo::cargo_bin("solve-maze"))
        .arg("--svg")
        .arg(&map)
        .arg("-")
        .stdin(fs::File::open(&map).unwrap())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(fs::read_to_string(&map).unwrap(), text, "the map is kept");
}

/// A JSON report never carries another format: an export into standard
/// output is refused with `--format json`.
#[test]
fn a_json_stream_carries_nothing_else() {
    for flag in ["--svg", "--record", "--gif", "--svg-animate"] {
        solve_maze()
            .args([flag, "/dev/stdout", "--format", "json", BACKSTEP])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "solve-maze: {flag} /dev/stdout would write into standard output, which \
                 carries the JSON report; name another file\n"
            ));
    }
}

#[test]
fn unwritable_paths_are_named_in_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere").join("picture.svg");
    svg_into(&missing).code(2).stderr(format!(
        "solve-maze: {}: cannot write: the directory {} does not exist\n",
        missing.display(),
        dir.path().join("nowhere").display()
    ));
    svg_into(dir.path())
        .code(2)
        .stderr(predicate::str::ends_with(format!(
            "{}: cannot write: it is a directory\n",
            dir.path().display()
        )));
    // Permission denied: a read-only directory, unless the tests run with
    // privileges that ignore it; then sysfs, which refuses new files to all.
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).unwrap();
    let privileged = fs::write(locked.join("probe"), "").is_ok();
    let denied = if privileged {
        Path::new("/sys/dragon-escape-test.svg").to_path_buf()
    } else {
        locked.join("picture.svg")
    };
    svg_into(&denied).code(2).stderr(format!(
        "solve-maze: {}: cannot write: permission denied\n",
        denied.display()
    ));
    assert!(!denied.exists());
}

#[cfg(feature = "mapgen")]
#[test]
fn generated_files_follow_links_too() {
    let dir = tempfile::tempdir().unwrap();
    let (real, link) = (dir.path().join("kept.txt"), dir.path().join("maze-5.txt"));
    std::os::unix::fs::symlink(&real, &link).unwrap();
    Command::cargo_bin("generate-maze")
        .unwrap()
        .args(["--seed", "5", "--out-dir"])
        .arg(dir.path())
        .assert()
        .success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&real).unwrap().contains('\n'));
}

/// Frames are made on demand: recording a long line of a large map needs
/// no more memory than solving it.
#[test]
fn a_recording_fits_the_budget_of_the_solve() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("escape.cast");
    solve_maze()
        .args(["--max-memory", "16M", "--record"])
        .arg(&cast)
        .arg("examples/mazes/large-101.txt")
        .assert()
        .success();
    assert!(fs::read_to_string(&cast).unwrap().lines().count() > 478);
}
