//! The audit layer: runs a notation's decoder and a game's rules over a file and
//! turns what they report into [`Finding`]s, counted in a [`Summary`].
//!
//! One loop for every notation: input -> [`sniff`] -> the notation's
//! [`RecordReader`](crate::notation::RecordReader) -> [`Decode`](crate::notation::Decode)
//! into the game's model -> the game's [`GameRules`] -> [`RecordSink`], which owns
//! the per-record finding bound, late findings and the [`Summary`]
//! ([`audit_records`]). Preferans games stream deal by deal into the same sink.
//!
//! [`audit_input`] audits one input of any notation and hands each finding to a
//! callback as soon as its record is done, so memory stays bounded however large
//! the file. [`audit_reader`] collects the findings instead (for tests and small
//! inputs). [`run`] audits many files on several threads and still reports them
//! in order.

mod auditor;
mod contain;
mod feed;
mod game;
mod input;
mod pieces;
pub(crate) mod pinochle;
pub(crate) mod preferans;
mod records;
pub mod rules;
mod run;
mod sink;
mod sniff;
mod split;
mod summary;

use std::io::{self, Read};

use crate::{Finding, Game, Severity};

pub use auditor::{Audit, Auditor, InputError, Located, Totals};
pub use game::{BridgeRules, GameRules, PinochleRules};
pub use input::{
    Compression, XZ_MEMLIMIT, decoded, file_inputs, is_zip, with_input, without_compression_suffix,
};
pub use records::audit_records;
pub use run::{Event, Input, Inputs, MAX_JOBS, collect_inputs, run, run_paths};
pub use sink::{MAX_FINDINGS_PER_RECORD, RecordSink};
pub(crate) use sniff::audit_uncontained;
pub use sniff::{SNIFF_BYTES, audit_input, sniff};
pub use summary::{RuleCount, Summary};

/// Options of an audit.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// Worker threads for [`run`] (at least 1).
    pub jobs: usize,
    /// Worker threads that share one bridge input (1: the input is read,
    /// decoded and checked on the calling thread alone). With more, the
    /// calling thread cuts a PBN or LIN input into pieces at record boundaries
    /// and the workers read, decode and check them; it reads an RBN input's
    /// records itself and the workers decode and check them. Findings, their
    /// order and the summary are the same. A preferans PPN text input is cut
    /// where games start and the workers audit the pieces; so is a pinochle
    /// input, whose pieces start from a guess of what the hands before them
    /// hand on, checked before they are reported. The JSON form of PPN is
    /// read on one thread.
    /// [`run`] sets it to `jobs` when it has a single input.
    pub input_jobs: usize,
    /// About how many bytes of one PBN, LIN, preferans or pinochle PPN text input a worker reads at a time when
    /// [`AuditOptions::input_jobs`] is above 1 (each piece ends where a record
    /// starts; tests use small pieces to cut everywhere).
    pub input_piece: usize,
    /// Bounds on what the reader keeps per line and record.
    pub limits: crate::pbn::Limits,
    /// Rule options for preferans.
    pub preferans: crate::preferans::Options,
    /// Rule options for pinochle.
    pub pinochle: crate::pinochle::Options,
    /// Audit only inputs of this game ([`audit_input`] counts the others as
    /// skipped, reading no more than their start); `None`: every game.
    pub game: Option<Game>,
    /// Whether [`run`] hands each finding to its caller (as
    /// [`Event::Finding`]); when false they are only counted in the
    /// summaries, and a worker never waits for the reporting thread to take
    /// them (the command line's `-q`, when nothing else reads findings).
    pub report_findings: bool,
}

impl Default for AuditOptions {
    fn default() -> AuditOptions {
        AuditOptions {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            input_jobs: 1,
            input_piece: 256 * 1024,
            limits: crate::pbn::Limits::default(),
            preferans: crate::preferans::Options::default(),
            report_findings: true,
            pinochle: crate::pinochle::Options::default(),
            game: None,
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
    /// Portable Pinochle Notation.
    Pinochle,
    /// Bridge Base Online's LIN.
    Lin,
    /// Pavlicek's RBN 3.2 (and its one-line RBX form).
    Rbn,
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
    /// assert_eq!(Notation::from_path("a/x.pbn.gz".as_ref()), Some(Notation::Pbn));
    /// ```
    ///
    /// A `.ppn` file may be preferans or pinochle: the content decides ([`sniff`]).
    pub fn from_path(path: &std::path::Path) -> Option<Notation> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        let name = without_compression_suffix(&name);
        if name.ends_with(".ppn.json") {
            return Some(Notation::PpnJson);
        }
        match name.rsplit_once('.')?.1 {
            "pbn" => Some(Notation::Pbn),
            "ppn" => Some(Notation::Ppn),
            "lin" => Some(Notation::Lin),
            "rbn" | "rbx" => Some(Notation::Rbn),
            _ => None,
        }
    }

    /// The game a notation records.
    pub fn game(self) -> Game {
        match self {
            Notation::Pbn | Notation::Lin | Notation::Rbn => Game::Bridge,
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

/// Audits one PBN input, calling `emit` for every finding, record by record
/// (the input is taken to be PBN whatever it holds; [`audit_input`] sniffs).
///
/// # Errors
///
/// I/O errors of `input`. Everything read before the error has been reported and
/// is counted in `summary` (with several threads: the records up to the last
/// place a piece could end before the error).
///
/// With [`AuditOptions::input_jobs`] above 1 the input is read in pieces on that
/// many worker threads (at most 4), and reported exactly as on one.
pub fn audit_stream<R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    if opts.input_jobs > 1 {
        return pieces::audit_shared::<pieces::Pbn, _>(input, opts, summary, emit);
    }
    let reader = crate::pbn::Reader::with_limits(input, opts.limits);
    audit_notation(reader, &BridgeRules, opts, summary, emit)
}

/// Audits one input with a notation's `reader` and a game's `rules`: the file
/// is counted, its records go through [`audit_records`] into a [`RecordSink`].
///
/// # Errors
///
/// I/O errors of the input.
pub fn audit_notation<R, G>(
    mut reader: R,
    rules: &G,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()>
where
    R: crate::notation::RecordReader,
    G: GameRules,
    R::Raw: crate::notation::Decode<G::Model>,
{
    summary.files += 1;
    let mut sink = RecordSink::new(summary, emit, opts.limits.max_findings);
    let (bytes, result) = audit_records(&mut reader, rules, &mut sink);
    drop(sink);
    summary.bytes += bytes;
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

/// Counts the bytes read through it.
pub(crate) struct Counted<R> {
    pub(crate) inner: R,
    pub(crate) bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// Whether a report's findings include a violation.
pub fn has_violation(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Violation)
}
