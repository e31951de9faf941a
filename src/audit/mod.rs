//! The audit layer: runs a notation's decoder and a game's rules over a file and
//! turns what they report into [`Finding`]s, counted in a [`Summary`].
//!
//! [`audit_stream`] audits one input and hands each finding to a callback as soon
//! as its record is done, so memory stays bounded however large the file.
//! [`audit_reader`] collects the findings instead (for tests and small inputs).
//! [`run`] audits many files on several threads and still reports them in order.

mod preferans;
mod run;
mod sniff;
mod summary;

use std::collections::VecDeque;
use std::io::{self, Read};

use crate::bridge::Board;
use crate::pbn::MAX_FINDINGS_PER_RECORD;
use crate::pbn::{RawRecord, Reader};
use crate::{Finding, Game, Severity};

pub use run::{Event, Input, collect_inputs, run};
pub use sniff::{SNIFF_BYTES, UNSUPPORTED, audit_input, sniff};
pub use summary::{RuleCount, Summary};

/// Options of an audit.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// Worker threads for [`run`] (at least 1).
    pub jobs: usize,
    /// Bounds on what the reader keeps per line and record.
    pub limits: crate::pbn::Limits,
    /// Rule options for preferans.
    pub preferans: crate::preferans::Options,
}

impl Default for AuditOptions {
    fn default() -> AuditOptions {
        AuditOptions {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            limits: crate::pbn::Limits::default(),
            preferans: crate::preferans::Options::default(),
        }
    }
}

/// A notation kibitz can read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Portable Bridge Notation.
    Pbn,
    /// Portable Preferans Notation, text form.
    Ppn,
    /// Portable Preferans Notation, JSON form.
    PpnJson,
    /// Portable Pinochle Notation (recognised, not audited yet).
    Pinochle,
}

impl Notation {
    /// The notation of a file named `path`, from its extension, if it is one kibitz
    /// reads. Used when walking directories; files named on the command line are
    /// read whatever their name.
    ///
    /// ```
    /// use kibitz::audit::Notation;
    /// assert_eq!(Notation::from_path("a/B.PBN".as_ref()), Some(Notation::Pbn));
    /// assert_eq!(Notation::from_path("readme.txt".as_ref()), None);
    /// assert_eq!(Notation::from_path("g.ppn".as_ref()), Some(Notation::Ppn));
    /// assert_eq!(Notation::from_path("g.ppn.json".as_ref()), Some(Notation::PpnJson));
    /// ```
    ///
    /// A `.ppn` file may be preferans or pinochle: the content decides ([`sniff`]).
    pub fn from_path(path: &std::path::Path) -> Option<Notation> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        if name.ends_with(".ppn.json") {
            return Some(Notation::PpnJson);
        }
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pbn" => Some(Notation::Pbn),
            "ppn" => Some(Notation::Ppn),
            _ => None,
        }
    }

    /// The game a notation records.
    pub fn game(self) -> Game {
        match self {
            Notation::Pbn => Game::Bridge,
            Notation::Ppn | Notation::PpnJson => Game::Preferans,
            Notation::Pinochle => Game::Pinochle,
        }
    }
}

/// A finding with the file it is in, as handed to [`audit_stream`]'s callback.
#[derive(Clone, Debug)]
pub struct FileFinding<'a> {
    /// The file name as given.
    pub file: &'a str,
    /// The finding.
    pub finding: &'a Finding,
}

/// The result of [`audit_reader`]: every finding of one input and its summary.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Findings in file order.
    pub findings: Vec<Finding>,
    /// Counts.
    pub summary: Summary,
}

/// Audits one PBN input, calling `emit` for every finding, record by record.
///
/// # Errors
///
/// I/O errors of `input`. Everything read before the error has been reported and
/// is counted in the summary returned with the error's caller.
pub fn audit_stream<R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    let mut reader = Reader::with_limits(input, opts.limits);
    let mut rec = RawRecord::default();
    let mut board = Board::default();
    let mut ctx = crate::bridge::Context::default();
    let mut findings: Vec<Finding> = Vec::new();
    // The worst severity of the last records, for findings that come late.
    const RECENT: usize = 256;
    let mut recent: VecDeque<(usize, Option<Severity>)> = VecDeque::with_capacity(RECENT);
    summary.files += 1;
    let result = loop {
        match reader.read_record(&mut rec) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(e) => break Err(e),
        }
        findings.clear();
        findings.append(&mut rec.findings);
        crate::pbn::decode::decode(&rec, &mut board, &mut findings);
        crate::bridge::check(&board, &mut ctx, &mut findings);
        // One bound for the whole record, whatever stage made the findings: the
        // first ones by position are kept, the rest counted in one finding.
        findings.sort_by_key(|f| f.pos);
        let mut dropped = rec.findings_dropped;
        if findings.len() > MAX_FINDINGS_PER_RECORD {
            dropped += findings.len() - MAX_FINDINGS_PER_RECORD;
            findings.truncate(MAX_FINDINGS_PER_RECORD);
        }
        if dropped > 0 {
            findings.push(Finding {
                rule: crate::pbn::rules::RECORD_LIMIT.id,
                severity: crate::pbn::rules::RECORD_LIMIT.severity,
                record: rec.index,
                pos: rec.start,
                game: None,
                message: format!("{dropped} more findings in this record were not kept"),
            });
        }
        let mut worst = None;
        for f in &mut findings {
            f.game = Some(Game::Bridge);
            summary.count(f);
            // A finding about an earlier record (a ScoreIMP checked when the
            // other table of its board arrives) counts against that record.
            match recent
                .iter_mut()
                .find(|(r, _)| *r == f.record && *r != rec.index)
            {
                Some((_, w)) => {
                    summary.recount_record(*w, f.severity);
                    *w = (*w).max(Some(f.severity));
                }
                None => worst = worst.max(Some(f.severity)),
            }
            emit(f);
        }
        summary.count_record(worst);
        if recent.len() == RECENT {
            recent.pop_front();
        }
        recent.push_back((rec.index, worst));
    };
    summary.bytes += reader.bytes_read();
    result
}

/// Audits one input of any notation (decided by content, `name` giving a hint)
/// and collects its findings.
///
/// # Errors
///
/// I/O errors of `input`.
///
/// ```
/// use kibitz::audit::{audit_reader, AuditOptions};
/// let report = audit_reader("x.pbn", "[Dealer \"Q\"]\n".as_bytes(), &AuditOptions::default()).unwrap();
/// assert_eq!(report.summary.records, 1);
/// assert_eq!(report.findings[0].rule, "pbn.tag.value");
/// ```
pub fn audit_reader<R: Read>(name: &str, input: R, opts: &AuditOptions) -> io::Result<Report> {
    let mut report = Report::default();
    let mut out = Vec::new();
    audit_input(name, input, opts, &mut report.summary, &mut |f| {
        out.push(f.clone())
    })?;
    report.findings = out;
    Ok(report)
}

/// Whether a report's findings include a violation.
pub fn has_violation(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Violation)
}
