//! Audits a double-deck pinochle archive (Portable Pinochle Notation) with
//! [`kibitz::Auditor`], rule options given by name as on the command line
//! (`kibitz audit --pinochle-option NAME=VALUE`), and prints its findings and a
//! summary.
//!
//! ```text
//! cargo run --example audit_pinochle [PATH...]
//! ```
//!
//! Without a path it audits `examples/pinochle-sample.ppn`, three hands with
//! one planted fault (hand 1, trick 3: West's ten of trumps wins, the record
//! names South). Exit status as `kibitz audit`: 0 clean, 1 violations, 2
//! unreadable input.

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::audit::Totals;
use kibitz::{Auditor, Severity};

/// The rule options of the audit, by name: the reference's defaults
/// (`shared/reference/pinochle.md`), written out so they are easy to change.
pub const RULES: &[&str] = &[
    "min_bid=50",
    "bid_steps=on",
    "meld_minimum=20",
    "counter_minimum=20",
    "must_head=on",
    "must_overtrump=on",
];

/// Audits `paths` under [`RULES`], keeping at most 50 findings per hand and
/// printing warnings and violations (notices are counted, not printed), then
/// the summary, to `out`.
///
/// # Errors
///
/// Writing to `out`; an unknown option in [`RULES`] (as `InvalidInput`).
pub fn audit_pinochle(paths: &[String], out: &mut impl Write) -> io::Result<Totals> {
    let mut auditor = Auditor::new()
        .max_findings_per_record(50)
        .min_severity(Severity::Warning);
    for rule in RULES {
        auditor = auditor
            .pinochle_option(rule)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    }
    let mut audit = auditor.audit_paths(paths);
    for found in &mut audit {
        let f = &found.finding;
        writeln!(
            out,
            "{}:{}: hand {}: {} {}: {}",
            found.file, f.pos, f.record, f.severity, f.rule, f.message
        )?;
    }
    let totals = audit.finish();
    for e in &totals.errors {
        writeln!(out, "unreadable: {e}")?;
    }
    let s = &totals.summary;
    writeln!(
        out,
        "{} hands, {} with violations; {} notices not shown",
        s.records, s.records_with_violations, s.notices
    )?;
    Ok(totals)
}

fn main() -> ExitCode {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        paths
            .push(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/pinochle-sample.ppn").to_string());
    }
    match audit_pinochle(&paths, &mut io::stdout().lock()) {
        Ok(totals) => ExitCode::from(totals.exit_code()),
        Err(e) => {
            eprintln!("audit_pinochle: {e}");
            ExitCode::from(2)
        }
    }
}
