//! [`kibitz::Auditor`] against `kibitz audit`: the same findings and summary on
//! the same inputs with the same options, whatever the number of workers; its
//! filters, limits and single-input forms.

mod common;

use std::process::Command;

use kibitz::{Auditor, Severity};
use serde_json::Value;

/// `kibitz audit --format json ARGS...`: the finding objects and the summary.
fn cli(args: &[&str]) -> (Vec<Value>, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(["audit", "--format", "json", "--no-progress"])
        .args(args)
        .output()
        .unwrap();
    let mut values: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = values.pop().unwrap()["summary"].take();
    (values, summary)
}

/// The Auditor's findings in the CLI's JSON shape, and its summary as JSON.
fn library(auditor: &Auditor, paths: &[&str]) -> (Vec<Value>, Value) {
    let mut audit = auditor.audit_paths(paths);
    let findings = audit
        .by_ref()
        .map(|f| {
            serde_json::json!({
                "file": f.file,
                "record": f.finding.record,
                "line": f.finding.pos.line,
                "column": f.finding.pos.col,
                "game": f.finding.game,
                "rule": f.finding.rule,
                "severity": f.finding.severity,
                "message": f.finding.message,
            })
        })
        .collect();
    let totals = audit.finish();
    (findings, serde_json::to_value(&totals.summary).unwrap())
}

#[test]
fn same_as_the_cli_on_the_samples() {
    let cli_out = cli(&["examples/"]);
    assert_eq!(cli_out.0.len(), 4);
    for jobs in [1, 3] {
        assert_eq!(
            library(&Auditor::new().jobs(jobs), &["examples/"]),
            cli_out,
            "jobs {jobs}"
        );
    }
}

#[test]
fn same_as_the_cli_with_options_and_min_severity() {
    let Some(root) = common::corpus() else { return };
    let dir = root.join("bridge/pbn/verifier-tests");
    let dir = dir.to_str().unwrap();
    let (cli_findings, cli_summary) = cli(&[
        dir,
        "--min-severity",
        "warning",
        "--preferans-option",
        "must_head",
        "-j",
        "2",
    ]);
    let auditor = Auditor::new()
        .min_severity(Severity::Warning)
        .preferans_option("must_head")
        .unwrap()
        .jobs(2);
    let (findings, summary) = library(&auditor, &[dir]);
    assert!(cli_findings.len() > 10, "{}", cli_findings.len());
    assert_eq!(findings, cli_findings);
    assert_eq!(summary, cli_summary);
    // Every violation and warning is reported, no notice; the summary counts
    // all three.
    assert!(findings.iter().all(|f| f["severity"] != "notice"));
    let reported = summary["violations"].as_u64().unwrap() + summary["warnings"].as_u64().unwrap();
    assert_eq!(reported, findings.len() as u64);
}

#[test]
fn a_missing_path_is_an_error_and_exit_status_two() {
    let missing = "examples/no-such-file.pbn";
    let mut audit = Auditor::new().audit_paths(&["examples/club-night.pbn", missing]);
    assert_eq!(audit.by_ref().count(), 2);
    let totals = audit.finish();
    assert_eq!(totals.errors.len(), 1);
    assert_eq!(totals.errors[0].input, missing);
    assert_eq!(totals.errors[0].error.kind(), std::io::ErrorKind::NotFound);
    assert_eq!(totals.summary.unreadable, 1);
    assert_eq!(totals.exit_code(), 2);
    let status = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(["audit", "-q", "examples/club-night.pbn", missing])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn dropping_the_iterator_early_ends_the_audit() {
    let Some(root) = common::corpus() else { return };
    let dir = root.join("bridge/pbn");
    let auditor = Auditor::new().jobs(2);
    let start = std::time::Instant::now();
    let whole = auditor.audit_path(&dir).finish();
    let full = start.elapsed();
    assert!(whole.summary.files > 600, "{:?}", whole.summary);
    let start = std::time::Instant::now();
    let mut audit = auditor.audit_path(&dir);
    assert!(audit.next().is_some());
    // Dropping waits for the batch in hand (32 files of the 600 and more),
    // not for the rest of the corpus.
    drop(audit);
    let early = start.elapsed();
    eprintln!("dropped after {early:?}, whole audit {full:?}");
    assert!(
        early * 4 < full,
        "dropped after {early:?}, whole audit {full:?}"
    );
}

#[test]
fn the_finding_bound_per_record() {
    // One record with ten Dealer tags of a value that is no seat: the first is
    // a malformed value, the nine others repeat the tag (PBN 3.4 ignores a
    // repeat): ten findings, or three and one finding counting the seven not
    // kept.
    let mut pbn = String::from("[Event \"x\"]\n[Board \"1\"]\n");
    for _ in 0..10 {
        pbn.push_str("[Dealer \"Q\"]\n");
    }
    let all = Auditor::new().audit_bytes("x.pbn", pbn.as_bytes()).unwrap();
    let rules: Vec<&str> = all.findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules.len(), 10, "{rules:?}");
    assert_eq!(rules[0], "pbn.tag.value");
    assert!(
        rules[1..].iter().all(|r| *r == "pbn.tag.duplicate"),
        "{rules:?}"
    );
    let bounded = Auditor::new()
        .max_findings_per_record(3)
        .audit_bytes("x.pbn", pbn.as_bytes())
        .unwrap();
    assert_eq!(bounded.findings.len(), 4, "{:?}", bounded.findings);
    assert_eq!(bounded.findings[..3], all.findings[..3]);
    let last = &bounded.findings[3];
    assert_eq!(last.message, "7 more findings in this record were not kept");
    assert_eq!(bounded.summary.records, 1);
    // Only violations reported; the summary still counts the nine warnings.
    let violations = Auditor::new()
        .min_severity(Severity::Violation)
        .audit_bytes("x.pbn", pbn.as_bytes())
        .unwrap();
    assert_eq!(violations.findings, all.findings[..1]);
    assert_eq!(violations.summary.warnings, 9);
}
