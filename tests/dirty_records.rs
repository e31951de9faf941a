//! Audit depth on dirty records (issue 8): each class of fault or odd token that
//! used to switch later checks off, on a small record written for the test.

use kibitz::Finding;
use kibitz::audit::{AuditOptions, Report, audit_reader};

fn audit_bytes(name: &str, bytes: &[u8]) -> Report {
    audit_reader(name, bytes, &AuditOptions::default()).expect("in-memory read cannot fail")
}

fn audit(text: &str) -> Report {
    audit_bytes("t.pbn", text.as_bytes())
}

fn rules(fs: &[Finding]) -> Vec<&'static str> {
    fs.iter().map(|f| f.rule).collect()
}

fn show(fs: &[Finding]) -> String {
    fs.iter()
        .map(|f| format!("{} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect()
}

const HEAD: &str = "[Event \"t\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n";

// ------------------------------------------------------------ item 7: Ctrl-Z

#[test]
fn trailing_ctrl_z_is_no_record_and_no_finding() {
    // After a blank line, and directly after the last line of the record.
    for tail in ["\n\x1a", "\x1a", "\n\x1a\r\n", "\x1a\x1a"] {
        let text = format!("{HEAD}[Auction \"N\"]\n1C Pass Pass Pass\n{tail}");
        let r = audit(&text);
        assert!(r.findings.is_empty(), "{tail:?}:\n{}", show(&r.findings));
        assert_eq!(r.summary.records, 1, "{tail:?}");
    }
}

#[test]
fn control_characters_in_messages_are_escaped() {
    // A stray 0x01 outside any section: the message quotes it escaped.
    let r = audit_bytes("t.pbn", b"\x01x\n[Event \"t\"]\n");
    let f = r
        .findings
        .iter()
        .find(|f| f.rule == "pbn.syntax.token")
        .unwrap_or_else(|| panic!("{}", show(&r.findings)));
    assert!(f.message.contains("`\\x01x`"), "{}", f.message);
    assert!(r.findings.iter().all(|f| !f.message.contains('\x01')));
}
