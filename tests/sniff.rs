//! Notation sniffing on strong evidence only: content that no notation
//! recognises is a violation, never a clean audit, whatever the file is called.

use kibitz::audit::{AuditOptions, Notation, audit_reader, has_violation, sniff};
use kibitz::choose::splitmix_bytes;

fn audit(name: &str, bytes: &[u8]) -> kibitz::audit::Report {
    audit_reader(name, bytes, &AuditOptions::default()).expect("in-memory read cannot fail")
}

#[test]
fn random_bytes_never_pass_as_clean() {
    for seed in 0..20u64 {
        let bytes = splitmix_bytes(seed, 256 * 1024);
        for name in ["random.pbn", "random.ppn", "random"] {
            let report = audit(name, &bytes);
            assert!(
                has_violation(&report.findings),
                "seed {seed}, {name}: no violation in {:?}",
                report.summary
            );
            assert_eq!(
                report.summary.bytes,
                bytes.len() as u64,
                "{name}: every byte read"
            );
        }
    }
}

#[test]
fn an_at_sign_is_no_evidence_of_pinochle() {
    // The reported case: a line that starts with `@` made random bytes pinochle,
    // and the audit passed with one notice.
    let mut bytes = b"@".to_vec();
    bytes.extend(splitmix_bytes(7, 4096));
    bytes.extend(b"\n@ more\n");
    for name in ["x.ppn", "x.pbn", "x"] {
        let report = audit(name, &bytes);
        let rules: Vec<&str> = report.findings.iter().map(|f| f.rule).collect();
        assert_eq!(rules, ["audit.notation.unknown"], "{name}");
        assert_eq!(report.summary.records, 0);
    }
}

#[test]
fn text_in_no_notation_is_unknown_and_blank_input_is_nothing() {
    let report = audit(
        "notes.pbn",
        b"Board 1: North opened 1NT\nand everyone passed.\n",
    );
    assert_eq!(report.findings.len(), 1);
    assert_eq!(report.findings[0].rule, "audit.notation.unknown");
    assert_eq!(report.findings[0].severity, kibitz::Severity::Violation);
    // An empty or blank file holds nothing wrong.
    for blank in [&b""[..], b"\n\r\n  \t\n"] {
        let report = audit("blank.pbn", blank);
        assert!(report.findings.is_empty(), "{:?}", report.findings);
        assert_eq!(report.summary.files, 1);
    }
}

#[test]
fn a_recognised_file_without_records_is_a_violation() {
    let report = audit("empty.pbn", b"% PBN 2.1\r\n% EXPORT\r\n");
    let rules: Vec<&str> = report.findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, ["audit.input.no-record"]);
    assert_eq!(report.summary.records, 0);
}

#[test]
fn strong_evidence_decides_not_the_name() {
    let pbn = b"% PBN 2.1\n[Event \"x\"]\n[Board \"1\"]\n";
    assert_eq!(sniff(pbn, Some(Notation::Ppn)), Some(Notation::Pbn));
    // A malformed mandatory tag is still PBN.
    assert_eq!(sniff(b"[Event Spring]\n", None), Some(Notation::Pbn));
    // A tag name alone, without a quoted value, is no evidence.
    assert_eq!(sniff(b"[Xyz 12\n", Some(Notation::Pbn)), None);
    assert_eq!(
        sniff(b"[Bula 60]\n", Some(Notation::Pbn)),
        Some(Notation::Ppn)
    );
}

#[test]
fn a_lin_file_whose_first_value_never_ends_is_read_as_lin() {
    // One board tag, then 70,000 bytes with no closing `|`: the sniffer's head
    // holds a single LIN tag, which is evidence only because the name says LIN.
    let mut bytes = b"md|3SAK,SQJ,ST9,".to_vec();
    bytes.resize(70_000, b'x');
    let report = audit("deal.lin", &bytes);
    let rules: Vec<&str> = report.findings.iter().map(|f| f.rule).collect();
    assert!(
        rules.contains(&"lin.syntax.unterminated"),
        "read as LIN, its fault reported: {rules:?}"
    );
    assert!(!rules.contains(&"audit.notation.unknown"), "{rules:?}");
    assert_eq!(report.summary.records, 1);
    assert_eq!(report.summary.bytes, 70_000);
    // Under another name the same bytes are no evidence of any notation, and
    // a tag LIN does not give a board to is none even in a `.lin` file.
    let rules = |name: &str, bytes: &[u8]| -> Vec<&'static str> {
        audit(name, bytes).findings.iter().map(|f| f.rule).collect()
    };
    assert_eq!(rules("deal.pbn", &bytes), ["audit.notation.unknown"]);
    assert_eq!(rules("deal", &bytes), ["audit.notation.unknown"]);
    assert_eq!(
        rules("x.lin", b"zz|3SAK,SQJ,ST9,"),
        ["audit.notation.unknown"]
    );
}

/// A LIN teaching file as BBO's movie viewer writes them: a page of
/// presentation tags (colours, a title, text shown between boards) and
/// free text between the pairs, then boards whose `qx` is no room, each
/// after a heading (`rh`, `ah`) for it.
fn teaching_lin(intro_lines: usize) -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..intro_lines {
        text.extend_from_slice(format!("cr|{i}255|cg|{i}30 |cb|{i}30 |light red\n").as_bytes());
    }
    text.extend_from_slice(
        b"bt||mn|Twelve problems in declarer play|\ncs|2|ht|f|at|^B{Level 1}|\n",
    );
    for board in 1..=3 {
        text.extend_from_slice(
            format!(
                "nt||rh||ah|Your aim: two tricks|\nqx|F{board}|pn|a,b,c,d|md|3SAKQJ9HT98DT9CT98,S8765HAKQ2D876C76,S432H765DAKQCAK43,|\
                 sv|o|mb|p|mb|1N|mb|p|mb|p|mb|p|pg||\nht|b|at|Lead the spade five.|pf|y|\n"
            )
            .as_bytes(),
        );
    }
    text
}

#[test]
fn a_lin_file_that_opens_with_presentation_tags_is_lin() {
    // Found in a public repository: such a file (its first board tag 3 KB
    // in) was reported as no notation. With 2 to 40 lines of colours before
    // the boards, the file is LIN whatever its name, and its three boards
    // are read.
    for intro in [2, 4, 40] {
        let text = teaching_lin(intro);
        assert!(text.len() < 16 * 1024);
        for name in ["teach.lin", "teach.txt", "teach"] {
            assert_eq!(sniff(&text, None), Some(Notation::Lin), "{intro} lines");
            let report = audit(name, &text);
            let rules: Vec<&str> = report.findings.iter().map(|f| f.rule).collect();
            assert!(
                !rules.contains(&"audit.notation.unknown"),
                "{name}: {rules:?}"
            );
            assert_eq!(
                report.summary.records, 3,
                "{name}, {intro} lines: {rules:?}"
            );
            // The title page is no record of its own: no record without a deal.
            assert!(!rules.contains(&"lin.md.missing"), "{name}: {rules:?}");
        }
    }
}
