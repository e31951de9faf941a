//! Audits a bridge archive with [`kibitz::Auditor`] and prints its findings and
//! a summary, like `kibitz audit --format short`.
//!
//! ```text
//! cargo run --example audit_bridge [PATH...]
//! ```
//!
//! Without a path it audits `examples/club-night.pbn`, a PBN file with two
//! planted faults (board 2's Score, board 3's Result). Exit status as
//! `kibitz audit`: 0 clean, 1 violations, 2 unreadable input.

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::Auditor;
use kibitz::audit::Totals;

/// Audits `paths` (files of any bridge notation: PBN, RBN/RBX, LIN, also
/// compressed or zipped; or folders) and writes one line per finding, then
/// the summary, to `out`. Every rule option is at its default; findings of
/// every severity are printed.
pub fn audit_bridge(paths: &[String], out: &mut impl Write) -> io::Result<Totals> {
    let mut audit = Auditor::new().audit_paths(paths);
    for found in &mut audit {
        writeln!(out, "{found}")?;
    }
    let totals = audit.finish();
    for e in &totals.errors {
        writeln!(out, "unreadable: {e}")?;
    }
    let s = &totals.summary;
    writeln!(
        out,
        "{} records in {} files: {} violations, {} warnings, {} notices",
        s.records, s.files, s.violations, s.warnings, s.notices
    )?;
    Ok(totals)
}

fn main() -> ExitCode {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        paths.push(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn").to_string());
    }
    match audit_bridge(&paths, &mut io::stdout().lock()) {
        Ok(totals) => ExitCode::from(totals.exit_code()),
        Err(e) => {
            eprintln!("audit_bridge: {e}");
            ExitCode::from(2)
        }
    }
}
