//! The viewer's tests: the pace's steps, seeking and stepping, the camera,
//! and the key tables with the legends and help made from them.

use super::*;
use std::collections::HashSet;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn pace_steps_round_trip_and_clamp() {
    let mut pace = Pace::NORMAL;
    let mut seen = vec![pace];
    for _ in 0..10 {
        pace = pace.faster();
        seen.push(pace);
    }
    assert_eq!(pace.to_string(), "16x");
    for _ in 0..10 {
        pace = pace.slower();
    }
    assert_eq!(pace.to_string(), "0.25x");
    // Up and down again retrace the same values.
    for n in 0..5 {
        let mut s = Pace::NORMAL;
        for _ in 0..n {
            s = s.faster();
        }
        for _ in 0..n {
            s = s.slower();
        }
        assert_eq!(s, Pace::NORMAL);
    }
    let names: Vec<String> = (0..7)
        .scan(Pace::NORMAL.slower().slower(), |s, _| {
            let now = *s;
            *s = s.faster();
            Some(now.to_string())
        })
        .collect();
    assert_eq!(names, ["0.25x", "0.5x", "1x", "2x", "4x", "8x", "16x"]);
    assert_eq!(seen.len(), 11);
}

#[test]
fn frame_lengths_at_the_ends() {
    // The slowest frame asked for, made slower, is longer, not shorter.
    let slow = Pace::NORMAL.slower();
    assert_eq!(slow.frame_length(ms(60_000)), ms(120_000));
    // The fastest, made faster, stays at least a millisecond.
    assert_eq!(Pace::NORMAL.faster().frame_length(ms(1)), ms(1));
    assert_eq!(Pace::NORMAL.faster().frame_length(ms(300)), ms(150));
    let mut viewer = Viewer::new(5, ms(1000));
    for _ in 0..3 {
        viewer.apply(Action::Faster);
    }
    assert_eq!(viewer.frame_length(), ms(125));
    for _ in 0..3 {
        viewer.apply(Action::Slower);
    }
    assert_eq!(viewer.frame_length(), ms(1000));
}

#[test]
fn seeking_home_end_and_stepping() {
    let mut v = Viewer::new(101, ms(100));
    assert_eq!(v.apply(Action::Seek(5)), Reaction::Changed);
    assert_eq!(v.index, 50);
    v.apply(Action::Seek(9));
    assert_eq!(v.index, 90);
    v.apply(Action::Last);
    assert!(v.at_end() && !v.running());
    v.apply(Action::Forward);
    assert_eq!(v.index, 100);
    v.apply(Action::First);
    v.apply(Action::Back);
    assert_eq!((v.index, v.paused), (0, true));
    v.apply(Action::Last);
    v.apply(Action::PlayPause);
    assert_eq!((v.index, v.paused), (0, false));
    assert_eq!(v.apply(Action::Move(Up)), Reaction::Ignored);
    assert_eq!(v.apply(Action::Quit), Reaction::Quit);
    assert_eq!(v.apply(Action::Suspend), Reaction::Suspend);
}

#[test]
fn the_camera_pans_and_follows_within_the_grid() {
    let mut v = Viewer::new(3, ms(100));
    let hero = crate::Pos::new(5, 5);
    v.apply(Action::Pan(Up));
    assert_eq!(v.camera.centre(hero, 100, 100), crate::Pos::new(0, 5));
    v.apply(Action::Pan(Right));
    v.apply(Action::Pan(Right));
    assert_eq!(v.camera.centre(hero, 100, 10), crate::Pos::new(0, 9));
    // Past the edge, the pan is kept at the edge: one press comes back.
    for _ in 0..5 {
        v.apply(Action::Pan(Right));
    }
    v.camera.clamp(hero, 100, 10);
    assert_eq!(v.camera.pan, (-5, 4));
    v.apply(Action::Pan(Left));
    assert_eq!(v.camera.centre(hero, 100, 10), crate::Pos::new(0, 1));
    v.apply(Action::Follow);
    assert_eq!(v.camera.centre(hero, 100, 100), hero);
    v.apply(Action::Help);
    assert!(v.camera.help);
}

#[test]
fn each_table_binds_a_key_once_and_dispatches_it() {
    for table in [PLAYBACK_KEYS, PLAY_KEYS] {
        let mut keys = HashSet::new();
        for binding in table {
            for &(key, act) in binding.keys {
                assert!(keys.insert(key), "{key:?} is bound twice");
                assert_eq!(action(table, key), Some(act));
            }
        }
        assert_eq!(action(table, Key::Other), None);
    }
    assert_eq!(action(PLAYBACK_KEYS, Key::Char('7')), Some(Action::Seek(7)));
    assert_eq!(action(PLAY_KEYS, Key::Char('D')), Some(Action::Move(Right)));
    assert_eq!(action(PLAY_KEYS, Key::Char('7')), None);
    // The wait key only where the hero may wait.
    assert_eq!(action(&play_keys(true), Key::Char('.')), Some(Action::Wait));
    assert_eq!(action(&play_keys(false), Key::Char('.')), None);
    assert_eq!(play_keys(true), PLAY_KEYS);
    assert_eq!(play_keys(false).len(), PLAY_KEYS.len() - 1);
}

#[test]
fn legend_help_and_help_text_name_every_binding() {
    for table in [PLAYBACK_KEYS, PLAY_KEYS] {
        let wide = legend(table, 400, 1).join("\n");
        let overlay = help(table).join("\n");
        let text = help_text(table);
        for b in table {
            assert!(wide.contains(&item(b)), "{} not in the legend", b.names);
            assert!(overlay.contains(b.long), "{} not in the help", b.names);
            assert!(text.contains(&format!("{} {}", b.names, b.long)));
        }
    }
}

#[test]
fn narrow_legends_wrap_or_keep_the_essential_keys() {
    for table in [PLAYBACK_KEYS, PLAY_KEYS] {
        for cols in [20, 40, 80, 120] {
            for max_lines in [1, 2, 3, 10] {
                let lines = legend(table, cols, max_lines);
                assert!(lines.len() <= max_lines, "{cols} {max_lines}: {lines:?}");
                assert!(lines.iter().all(|l| l.chars().count() <= cols));
                let text = lines.join("  ");
                let complete = table.iter().all(|b| text.contains(&item(b)));
                // Either every key is listed, or the help and quit keys
                // come first.
                if !complete && cols >= 18 {
                    assert!(text.contains(&item(&HELP)), "{cols}: {text}");
                    assert!(text.contains(&item(&QUIT)), "{cols}: {text}");
                }
            }
        }
    }
    // At 40 columns, two lines hold the essential playback keys.
    let forty = legend(PLAYBACK_KEYS, 40, 2).join("  ");
    assert!(
        forty.contains("[q] quit") && forty.contains("[?] keys"),
        "{forty}"
    );
    // At 80, two lines hold them all.
    let eighty = legend(PLAYBACK_KEYS, 80, 2).join("  ");
    assert!(
        PLAYBACK_KEYS.iter().all(|b| eighty.contains(&item(b))),
        "{eighty}"
    );
}
