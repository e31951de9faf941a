//! Audits a preferans archive (Portable Preferans Notation, text or JSON) with
//! [`kibitz::Auditor`] under chosen rule options, and prints its findings and a
//! summary.
//!
//! ```text
//! cargo run --example audit_preferans [PATH...]
//! ```
//!
//! Without a path it audits `examples/club-night.ppn`, one game of six deals
//! with one planted fault (deal 5's first trick names the wrong winner). Exit
//! status as `kibitz audit`: 0 clean, 1 violations, 2 unreadable input.

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::audit::Totals;
use kibitz::{Auditor, preferans};

/// The rule options of the audit, typed: the reference's defaults
/// (`shared/reference/preferans.md`), spelled out so they are easy to change.
pub fn rules() -> preferans::Options {
    preferans::Options {
        must_head: false,
        must_overtrump: false,
        kontra_pair_needs_five: false,
        sub_mort_kontra: true,
        betl_supa: preferans::BetlSupa::ValueTimesTricks,
        invitation: preferans::Invitation::InviterAnswers,
    }
}

/// Audits `paths` under [`rules`] and writes one line per finding (the game
/// and record it is in first), then the summary with its counts per rule, to
/// `out`.
pub fn audit_preferans(paths: &[String], out: &mut impl Write) -> io::Result<Totals> {
    let auditor = Auditor::new().preferans_options(rules());
    let totals = auditor.audit_paths_with(paths, &mut |file, f| {
        let _ = writeln!(
            out,
            "{file}:{}: game {}: {} {}: {}",
            f.pos, f.record, f.severity, f.rule, f.message
        );
    });
    for e in &totals.errors {
        writeln!(out, "unreadable: {e}")?;
    }
    let s = &totals.summary;
    writeln!(
        out,
        "{} games in {} files, {} with violations",
        s.records, s.files, s.records_with_violations
    )?;
    for (rule, count) in &s.rules {
        writeln!(out, "  {rule}: {}", count.findings)?;
    }
    Ok(totals)
}

fn main() -> ExitCode {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        paths.push(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.ppn").to_string());
    }
    match audit_preferans(&paths, &mut io::stdout().lock()) {
        Ok(totals) => ExitCode::from(totals.exit_code()),
        Err(e) => {
            eprintln!("audit_preferans: {e}");
            ExitCode::from(2)
        }
    }
}
