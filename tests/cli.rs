//! The `kibitz` binary: arguments, output formats and exit codes.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn kibitz(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kibitz"));
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    let mut child = cmd.spawn().unwrap();
    if let Some(s) = stdin {
        // A usage error exits before reading stdin: a broken pipe is expected then.
        let _ = child.stdin.take().unwrap().write_all(s.as_bytes());
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn tempdir(name: &str) -> common::TempDir {
    common::TempDir::new("cli", name)
}

const CLEAN: &str = "[Event \"x\"]\n[Board \"1\"]\n";
const BROKEN: &str = "[Event \"x\"]\n[Dealer \"Black\"]\n\n[Board \"2\"]\n";

#[test]
fn clean_input_exits_0() {
    let o = kibitz(&["audit", "-"], Some(CLEAN));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("records: 1 read, 0 with findings, 0 with violations"));
}

#[test]
fn violations_exit_1_with_file_line_col_severity_rule_message() {
    let o = kibitz(&["audit", "--format", "short", "-"], Some(BROKEN));
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    // [Dealer "Black"]: the value's quote is at line 2, column 9.
    assert_eq!(
        first,
        "<stdin>:2:9: violation pbn.tag.value: Dealer tag: `Black` is not a seat (N, E, S or W)"
    );
    assert!(
        out.contains("records: 2 read, 1 with findings, 1 with violations"),
        "{out}"
    );
    assert!(out.contains("pbn.tag.value"), "{out}");
}

#[test]
fn missing_file_exits_2_and_the_rest_is_still_audited() {
    let d = tempdir("missing");
    let good = d.join("a.pbn");
    std::fs::write(&good, BROKEN).unwrap();
    let o = kibitz(
        &[
            "audit",
            d.join("nope.pbn").to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nope.pbn"));
    assert!(stdout(&o).contains("pbn.tag.value"));
    assert!(stdout(&o).contains("1 unreadable"));
}

#[test]
fn usage_error_exits_2() {
    assert_eq!(kibitz(&["audit"], None).status.code(), Some(2));
    assert_eq!(kibitz(&["frobnicate"], None).status.code(), Some(2));
    assert_eq!(
        kibitz(&["audit", "--format", "xml", "-"], Some(CLEAN))
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn json_lines_one_object_per_finding_then_a_summary() {
    let o = kibitz(&["audit", "--format", "json", "-"], Some(BROKEN));
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let f = &lines[0];
    assert_eq!(f["file"], "<stdin>");
    assert_eq!(f["record"], 1);
    assert_eq!(f["line"], 2);
    assert_eq!(f["column"], 9);
    assert_eq!(f["game"], "bridge");
    assert_eq!(f["rule"], "pbn.tag.value");
    assert_eq!(f["severity"], "violation");
    let s = &lines[1]["summary"];
    assert_eq!(s["records"], 2);
    assert_eq!(s["violations"], 1);
    assert_eq!(s["rules"]["pbn.tag.value"]["findings"], 1);
}

#[test]
fn directories_are_walked_and_other_files_skipped() {
    let d = tempdir("walk");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("one.pbn"), CLEAN).unwrap();
    std::fs::write(d.join("sub/two.PBN"), BROKEN).unwrap();
    std::fs::write(d.join("sub/readme.txt"), "not a game").unwrap();
    let o = kibitz(&["audit", "--format", "short", d.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("files: 2 audited, 0 unreadable, 1 skipped"),
        "{out}"
    );
    assert!(out.contains("records: 3 read"), "{out}");
    assert!(out.lines().next().unwrap().contains("two.PBN:2:9"), "{out}");
}

#[test]
fn findings_keep_file_order_with_many_jobs() {
    let d = tempdir("order");
    for i in 0..12 {
        std::fs::write(d.join(format!("f{i:02}.pbn")), BROKEN).unwrap();
    }
    let o = kibitz(
        &["audit", "--format", "short", "-j", "4", d.to_str().unwrap()],
        None,
    );
    let files: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| l.contains(": violation pbn.tag.value"))
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files.len(), 12);
    assert_eq!(files, sorted);
}

/// Under `-q` the findings of a folder's files are only counted (the workers
/// do not hand them over): the summary and exit status are those of a run
/// that prints them, on one thread and on several; `--summary files`, which
/// counts each file's findings, still gets them.
#[test]
fn quiet_runs_count_findings_as_printing_runs_do() {
    let d = tempdir("quiet");
    for i in 0..12 {
        let text = if i % 3 == 0 { CLEAN } else { BROKEN };
        std::fs::write(d.join(format!("f{i:02}.pbn")), text).unwrap();
    }
    let dir = d.to_str().unwrap();
    let printed = kibitz(&["audit", "--format", "short", "-j", "1", dir], None);
    let out = stdout(&printed);
    let summary = &out[out.find("\nfiles:").expect("a summary") + 1..];
    assert!(summary.contains("findings: 8 violations"), "{summary}");
    for jobs in ["1", "3"] {
        let quiet = kibitz(&["audit", "-q", "-j", jobs, dir], None);
        assert_eq!(quiet.status.code(), Some(1), "-j{jobs}");
        assert_eq!(stdout(&quiet).trim_start(), summary, "-j{jobs}");
        let files = kibitz(
            &["audit", "-q", "--summary", "files", "-j", jobs, dir],
            None,
        );
        let per_file = stdout(&files);
        assert_eq!(
            per_file.matches("1 violations").count(),
            8,
            "-j{jobs}: {per_file}"
        );
    }
}

#[test]
fn rules_and_explain() {
    let o = kibitz(&["rules", "pbn.syntax"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o)
            .lines()
            .any(|l| l.starts_with("pbn.syntax.tag ") && l.contains("violation"))
    );
    let o = kibitz(&["explain", "pbn.tag.deal"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("Source: PBN 2.1"), "{out}");
    assert!(out.contains("Illegal example:"), "{out}");
    assert_eq!(
        kibitz(&["explain", "no.such.rule"], None).status.code(),
        Some(2)
    );
}

#[test]
fn convert_leaves_no_file_for_an_input_it_cannot_convert() {
    // Found auditing public files: an input of no notation kibitz reads was
    // reported "not converted" and left a 0-byte file in the output folder.
    let dir = tempdir("convert-unsupported");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n";
    std::fs::write(input.join("a.pbn"), pbn).unwrap();
    std::fs::write(
        input.join("b.lin"),
        "Board 1: North opened 1NT, all passed.\n",
    )
    .unwrap();
    let out = dir.join("out");
    let o = kibitz(
        &[
            "convert",
            "--to",
            "rbn",
            "--output",
            out.to_str().unwrap(),
            input.to_str().unwrap(),
        ],
        None,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("b.lin: not converted"), "{err}");
    assert!(std::fs::metadata(out.join("a.rbn")).unwrap().len() > 0);
    assert!(!out.join("b.rbn").exists(), "{err}");
}
