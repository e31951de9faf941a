//! Runs every example of the rule book (`rules/*.toml`) and checks that the book and
//! the rule constants in the code agree.

use std::collections::BTreeMap;

use kibitz::audit::{AuditOptions, audit_reader};
use kibitz::rulebook::{self, Entry};
use kibitz::{Finding, Severity};

fn audit_example(e: &Entry, text: &str) -> Vec<Finding> {
    let mut opts = AuditOptions::default();
    if let Some(l) = e.limits {
        if let Some(m) = l.max_line {
            opts.limits.max_line = m;
        }
        if let Some(m) = l.max_tokens {
            opts.limits.max_tokens = m;
        }
    }
    for o in &e.options {
        opts.preferans
            .set(o)
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
    }
    let name = format!("{}.{}", e.id, e.notation);
    audit_reader(&name, text.as_bytes(), &opts)
        .expect("in-memory read cannot fail")
        .findings
}

fn show(fs: &[Finding]) -> String {
    fs.iter()
        .map(|f| format!("  {} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect()
}

#[test]
fn every_legal_example_is_clean_and_every_illegal_one_is_caught() {
    let mut failures = String::new();
    for e in rulebook::entries() {
        // Pinochle game rules: the audit layer does not read pinochle yet (the lead
        // wires it); tests/pinochle.rs checks each rule on the model meanwhile, and
        // tests/pinochle_notation.rs each notation rule through reader and decoder.
        if kibitz::pinochle::rules::ALL
            .iter()
            .chain(kibitz::notation::pinochle::rules::ALL)
            .any(|r| r.id == e.id)
        {
            continue;
        }
        let legal = audit_example(e, &e.legal);
        if legal
            .iter()
            .any(|f| f.rule == e.id || f.severity == Severity::Violation)
        {
            failures += &format!("{}: legal example gets:\n{}", e.id, show(&legal));
        }
        let illegal = audit_example(e, &e.illegal);
        match illegal.iter().find(|f| f.rule == e.id) {
            None => {
                failures += &format!(
                    "{}: illegal example not caught; got:\n{}",
                    e.id,
                    show(&illegal)
                )
            }
            Some(f) if f.severity != e.severity => {
                failures += &format!(
                    "{}: severity {} in the code, {} in the book\n",
                    e.id, f.severity, e.severity
                )
            }
            Some(_) => {}
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

#[test]
fn book_and_code_name_the_same_rules() {
    let book: BTreeMap<&str, Severity> = rulebook::entries()
        .iter()
        .map(|e| (e.id.as_str(), e.severity))
        .collect();
    assert_eq!(
        book.len(),
        rulebook::entries().len(),
        "an id appears twice in the book"
    );
    let code: BTreeMap<&str, Severity> = rulebook::code_rules()
        .iter()
        .map(|r| (r.id, r.severity))
        .collect();
    assert_eq!(
        code.len(),
        rulebook::code_rules().len(),
        "an id is declared twice in the code"
    );
    for (id, sev) in &code {
        assert_eq!(
            book.get(id),
            Some(sev),
            "rule {id} ({sev}) of the code is not in the book with that severity"
        );
    }
    for id in book.keys() {
        assert!(
            code.contains_key(id),
            "rule {id} of the book is not declared in the code"
        );
    }
}

#[test]
fn entries_are_complete() {
    for e in rulebook::entries() {
        assert!(e.id.split('.').count() >= 2, "{}: ids are dotted", e.id);
        assert!(!e.statement.trim().is_empty(), "{}: statement", e.id);
        assert!(!e.source.trim().is_empty(), "{}: source", e.id);
        assert_ne!(
            e.legal.trim(),
            e.illegal.trim(),
            "{}: examples differ",
            e.id
        );
    }
}
