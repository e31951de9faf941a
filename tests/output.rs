//! `kibitz audit`'s output through the binary: rustc-style snippets and colour,
//! `--format short`, rule selection, `--game`, `--write-failing`, `--summary
//! files`, and paths that yield no record.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

fn kibitz_env(args: &[&str], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Output {
    common::run_kibitz(args, stdin, env)
}

fn kibitz(args: &[&str], stdin: Option<&[u8]>) -> Output {
    kibitz_env(args, stdin, &[])
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tempdir(name: &str) -> common::TempDir {
    common::TempDir::new("output", name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Record 1: text at column 1 of line 3 (a warning); record 2: a bad Dealer
/// value behind a tab (line 6, byte column 10: the value's opening quote,
/// after the tab and `[Dealer `).
const FIXTURE: &str = "[Event \"x\"]\n[Board \"1\"]\nfoo bar\n\n[Board \"2\"]\n\t[Dealer \"Q\"]\n";

fn fixture(dir: &Path) -> PathBuf {
    let f = dir.join("f.pbn");
    std::fs::write(&f, FIXTURE).unwrap();
    f
}

#[test]
fn snippet_at_column_1() {
    let d = tempdir("col1");
    let f = fixture(&d);
    let o = kibitz(&["audit", s(&f)], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    // Written out by hand: header, arrow with line:col, gutter, the line, the caret.
    let want = format!(
        "warning[pbn.section.unexpected]: text `foo bar` after tag Board, which has no section data\n \
         --> {}:3:1\n  |\n3 | foo bar\n  | ^\n",
        s(&f)
    );
    assert!(out.starts_with(&want), "{out}");
    // No escape codes in a pipe.
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn snippet_at_a_tab_indented_column() {
    let d = tempdir("tab");
    let f = fixture(&d);
    let out = stdout(&kibitz(&["audit", s(&f)], None));
    assert!(
        out.contains(&format!(
            "violation[pbn.tag.value]: Dealer tag: `Q` is not a seat (N, E, S or W)\n --> {}:6:10\n",
            s(&f)
        )),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let src = lines
        .iter()
        .position(|l| l.starts_with("6 | "))
        .expect("source line");
    // The tab is shown as spaces, in the line and (the same way) under it: the
    // caret sits under the opening quote.
    assert!(!lines[src].contains('\t'), "{out}");
    let q = lines[src].find('"').unwrap();
    let caret = lines[src + 1];
    assert_eq!(caret.find('^'), Some(q), "{out}");
    assert_eq!(caret.trim_end().len(), q + 1, "{out}");
    // Tab stops as the renderer draws them: 4 columns.
    assert_eq!(lines[src], "6 |     [Dealer \"Q\"]");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let d = tempdir("colour");
    let f = fixture(&d);
    // A pipe: no colour, with auto (the default) and with NO_COLOR.
    for (args, env) in [
        (vec!["audit", s(&f)], vec![]),
        (vec!["audit", "--color", "auto", s(&f)], vec![]),
        (vec!["audit", "--color", "never", s(&f)], vec![]),
        (vec!["audit", s(&f)], vec![("NO_COLOR", "1")]),
    ] {
        let out = stdout(&kibitz_env(&args, None, &env));
        assert!(!out.contains('\x1b'), "{args:?}: {out}");
        assert!(out.contains("violation[pbn.tag.value]"), "{out}");
    }
    // `--color always`: ANSI escapes around the header, even in a pipe.
    let out = stdout(&kibitz(&["audit", "--color", "always", s(&f)], None));
    assert!(out.contains("\x1b["), "{out}");
    assert!(out.contains("violation[pbn.tag.value]\x1b[0m"), "{out}");
    // The one-line form is never coloured.
    let out = stdout(&kibitz(
        &["audit", "--color", "always", "--format", "short", s(&f)],
        None,
    ));
    assert!(!out.contains('\x1b'), "{out}");
    assert_eq!(
        kibitz(&["audit", "--color", "blue", s(&f)], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn short_format_is_one_line_per_finding() {
    let d = tempdir("short");
    let f = fixture(&d);
    let out = stdout(&kibitz(&["audit", "--format", "short", s(&f)], None));
    let name = s(&f);
    let want = format!(
        "{name}:3:1: warning pbn.section.unexpected: text `foo bar` after tag Board, which has no section data\n\
         {name}:6:10: violation pbn.tag.value: Dealer tag: `Q` is not a seat (N, E, S or W)\n\n\
         files: 1 audited, 0 unreadable, 0 skipped (not game files); {} bytes\n",
        FIXTURE.len()
    );
    assert!(out.starts_with(&want), "{out}");
}

#[test]
fn stdin_and_zip_members_show_the_place_without_the_line() {
    let o = kibitz(&["audit", "-"], Some(FIXTURE.as_bytes()));
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out.contains("violation[pbn.tag.value]: Dealer tag: `Q` is not a seat (N, E, S or W)\n--> <stdin>:6:10\n"),
        "{out}"
    );
    assert!(!out.contains("6 |"), "{out}");

    let d = tempdir("zip");
    let zip_path = d.join("a.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    zip.start_file("f.pbn", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(FIXTURE.as_bytes()).unwrap();
    zip.finish().unwrap();
    let out = stdout(&kibitz(&["audit", s(&zip_path)], None));
    assert!(
        out.contains(&format!("--> {}!f.pbn:6:10\n", s(&zip_path))),
        "{out}"
    );
}

#[test]
fn gzip_latin1_and_long_lines() {
    let d = tempdir("latin");
    // Latin-1 `é` (one byte) before the faulty value; a long line with a fault
    // far to the right.
    let long = format!(
        "[Event \"{}\"]\n[Board \"1\"]\n[Dealer \"Q\"] {{{}}}\n",
        "e".repeat(10),
        "x".repeat(300)
    );
    let mut text = b"[Event \"caf\xe9\"]\n[Board \"1\"]\n[Dealer \"\xe9\"]\n\n".to_vec();
    text.extend_from_slice(long.as_bytes());
    text.extend_from_slice(
        format!(
            "\n[Event \"y\"]\n[Board \"2\"]\n{}[Dealer \"Q\"]\n",
            " ".repeat(400)
        )
        .as_bytes(),
    );
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&text).unwrap();
    let f = d.join("l.pbn.gz");
    std::fs::write(&f, gz.finish().unwrap()).unwrap();
    let o = kibitz(&["audit", s(&f)], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    // A compressed file's lines are read again through its decoder; Latin-1
    // `é` is one character, the caret under the quote (column 9), by hand.
    assert!(
        out.contains("3 | [Dealer \"\u{e9}\"]\n  |         ^\n"),
        "{out}"
    );
    // Line 11: 400 spaces, then `[Dealer "Q"]`: shortened with `...`, caret
    // under the quote (the line's other finding, its length, comes first).
    let lines: Vec<&str> = out.lines().collect();
    let arrow = lines
        .iter()
        .position(|l| l.ends_with("l.pbn.gz:11:409"))
        .expect("the finding at 11:409");
    let src = arrow + 2;
    assert!(lines[src].starts_with("11 | ..."), "{out}");
    assert!(lines[src].chars().count() < 140, "{out}");
    let q = lines[src].find('"').unwrap();
    assert_eq!(lines[src + 1].find('^'), Some(q), "{out}");
}

#[test]
fn rule_and_ignore_select_what_is_printed_and_counted() {
    let d = tempdir("select");
    let f = fixture(&d);
    // Only the warning: exit 0, the violation neither printed nor counted.
    let o = kibitz(
        &["audit", "--format", "short", "--ignore", "pbn.tag.*", s(&f)],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(!out.contains("pbn.tag.value"), "{out}");
    assert!(
        out.contains("records: 2 read, 1 with findings, 0 with violations"),
        "{out}"
    );
    assert!(
        out.contains("findings: 0 violations, 1 warnings, 0 notices"),
        "{out}"
    );
    // Only the violation (two globs, one `?`).
    let o = kibitz(
        &[
            "audit",
            "--format",
            "short",
            "--rule",
            "pbn.tag.valu?",
            "--rule",
            "bridge.*",
            s(&f),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(!out.contains("pbn.section.unexpected"), "{out}");
    assert!(
        out.contains("findings: 1 violations, 0 warnings, 0 notices"),
        "{out}"
    );
    assert!(
        out.contains("records: 2 read, 1 with findings, 1 with violations"),
        "{out}"
    );
    // In JSON too.
    let o = kibitz(
        &[
            "audit",
            "--format",
            "json",
            "--ignore",
            "pbn.section.*",
            s(&f),
        ],
        None,
    );
    let last = stdout(&o).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(v["summary"]["warnings"], 0);
    assert_eq!(v["summary"]["violations"], 1);
    // A glob matching no rule id: usage error, with the nearest ids.
    let o = kibitz(&["audit", "--ignore", "bridge.board.cycel", s(&f)], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean bridge.board.cycle?"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
}

const PREFERANS: &str = "[Bula 60]\n";

#[test]
fn game_audits_only_that_game_and_summary_files_lists_each_input() {
    let d = tempdir("game");
    let f = fixture(&d);
    std::fs::write(d.join("g.ppn"), PREFERANS).unwrap();
    let o = kibitz(
        &[
            "audit",
            "--format",
            "short",
            "--game",
            "bridge",
            "--summary",
            "files",
            s(&d),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains("ppn."), "{out}");
    let per_file = format!(
        "\nper file:\n  {}: 2 records; 1 violations, 1 warnings, 0 notices\n  {}: skipped (another game)\n",
        s(&f),
        s(&d.join("g.ppn"))
    );
    assert!(out.contains(&per_file), "{out}");
    assert!(
        out.contains("files: 1 audited, 0 unreadable, 1 skipped (not game files or not bridge)"),
        "{out}"
    );
    // Only preferans: the bridge file is skipped, the preferans one audited.
    let out = stdout(&kibitz(
        &["audit", "--format", "short", "--game", "preferans", s(&d)],
        None,
    ));
    assert!(out.contains("ppn.tag.missing"), "{out}");
    assert!(!out.contains("pbn."), "{out}");
    // A path with nothing of that game: exit 2, said.
    let o = kibitz(&["audit", "--game", "pinochle", s(&f)], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no pinochle record"), "{}", stderr(&o));
    // JSON: one file_summary object per input.
    let o = kibitz(
        &["audit", "--format", "json", "--summary", "files", s(&f)],
        None,
    );
    let fs: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("file_summary").is_some())
        .collect();
    assert_eq!(fs.len(), 1);
    assert_eq!(fs[0]["file_summary"]["records"], 2);
    assert_eq!(fs[0]["file_summary"]["violations"], 1);
}

#[test]
fn write_failing_copies_the_records_with_violations_as_read() {
    let d = tempdir("failing");
    // Record 2 (CRLF, a tab, trailing empty lines) and record 4 (no final line
    // end) have violations; record 1 has only a warning, record 3 nothing.
    let pbn = "[Event \"x\"]\n[Board \"1\"]\nfoo\n\n\
               [Board \"2\"]\r\n\t[Dealer \"Q\"]\r\n\r\n\n\n\
               [Board \"3\"]\n[Dealer \"N\"]\n\n\
               [Board \"4\"]\n[Dealer \"Black\"]";
    std::fs::write(d.join("a.pbn"), pbn).unwrap();
    std::fs::write(d.join("g.ppn"), "[Bula 60]\n\n").unwrap();
    let out = d.join("bad.pbn");
    let o = kibitz(
        &[
            "audit",
            "-q",
            "--write-failing",
            s(&out),
            s(&d.join("a.pbn")),
            s(&d.join("g.ppn")),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // Written by hand: the two records byte for byte, one empty line between.
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "[Board \"2\"]\r\n\t[Dealer \"Q\"]\r\n\n[Board \"4\"]\n[Dealer \"Black\"]\n"
    );
    // The preferans game went to the same name with its own extension.
    assert_eq!(
        std::fs::read_to_string(d.join("bad.ppn")).unwrap(),
        "[Bula 60]\n"
    );
    assert!(
        stderr(&o).contains("wrote 2 records with violations to"),
        "{}",
        stderr(&o)
    );
    // Read back: the same violations.
    let o = kibitz(&["audit", "--format", "short", s(&out)], None);
    let v: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| l.contains(": violation "))
        .map(|l| l.split(": ").skip(1).collect::<Vec<_>>().join(": "))
        .collect();
    assert_eq!(
        v,
        [
            "violation pbn.tag.value: Dealer tag: `Q` is not a seat (N, E, S or W)",
            "violation pbn.tag.value: Dealer tag: `Black` is not a seat (N, E, S or W)"
        ]
    );
    // `--ignore` the rule: no record has a selected violation, nothing written.
    let out2 = d.join("none.pbn");
    let o = kibitz(
        &[
            "audit",
            "-q",
            "--ignore",
            "pbn.tag.value",
            "--write-failing",
            s(&out2),
            s(&d.join("a.pbn")),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(!out2.exists());
    // Stdin cannot be read twice.
    let o = kibitz(
        &["audit", "--write-failing", s(&out2), "-"],
        Some(b"[Event \"x\"]\n"),
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn paths_without_records_exit_2() {
    let d = tempdir("empty");
    let o = kibitz(&["audit", s(&d)], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no game file found"), "{}", stderr(&o));
    std::fs::write(d.join("readme.txt"), "hello").unwrap();
    let o = kibitz(&["audit", s(&d)], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 files skipped"), "{}", stderr(&o));
    // An empty game file.
    std::fs::write(d.join("e.pbn"), "\n\n").unwrap();
    let o = kibitz(&["audit", s(&d.join("e.pbn"))], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("e.pbn: no record read"),
        "{}",
        stderr(&o)
    );
    // One good path does not excuse an empty one.
    let good = tempdir("empty-good");
    let f = fixture(&good);
    let o = kibitz(&["audit", s(&f), s(&d)], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(kibitz(&["audit", s(&f)], None).status.code(), Some(1));
}
