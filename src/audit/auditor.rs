//! [`Auditor`]: the library's front door. A builder of the audit's options
//! (rule options per game, limits, worker threads, the least severity to
//! report) with methods that audit paths, bytes or a reader and hand back the
//! findings with their file and a summary.
//!
//! It is a thin layer over [`collect_inputs`](super::collect_inputs),
//! [`run`](super::run), [`decoded`](super::decoded) and
//! [`audit_input`](super::audit_input): the findings and summary are those of
//! `kibitz audit` on the same input with the same options.
//!
//! ```
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
//! let mut audit = kibitz::Auditor::new().audit_path(path);
//! let rules: Vec<&str> = audit.by_ref().map(|f| f.finding.rule).collect();
//! assert_eq!(rules, ["bridge.score.points", "bridge.result.tricks"]);
//! assert_eq!(audit.finish().summary.records, 3);
//! ```

use std::fmt;
use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, sync_channel};
use std::thread::JoinHandle;

use super::{AuditOptions, Event, Input, Report, Summary};
use crate::{Finding, Severity};

/// Inputs per worker thread handed to [`run`](super::run) at once by
/// [`Audit`]: between two batches the background thread checks whether the
/// iterator was dropped, so dropping it early stops the audit soon.
const BATCH_PER_JOB: usize = 16;

/// Findings buffered between [`Audit`]'s background thread and the iterator.
const CHANNEL: usize = 1024;

/// The options of an audit, and the methods that run one.
///
/// Options are set by name (`must_head`, `min_bid=40`: what the CLI's
/// `--preferans-option` and `--pinochle-option` take) or typed
/// ([`preferans::Options`](crate::preferans::Options),
/// [`pinochle::Options`](crate::pinochle::Options)); defaults are those of the
/// reference pages, as in `kibitz audit`.
///
/// ```
/// use kibitz::{Auditor, Severity};
///
/// let auditor = Auditor::new()
///     .preferans_option("must_head")?
///     .pinochle_option("min_bid=40")?
///     .max_findings_per_record(20)
///     .min_severity(Severity::Warning)
///     .jobs(2);
/// assert!(auditor.options().preferans.must_head);
/// assert_eq!(auditor.options().pinochle.min_bid, 40);
/// assert_eq!(auditor.options().limits.max_findings, 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Auditor {
    opts: AuditOptions,
    min_severity: Severity,
}

impl Default for Auditor {
    fn default() -> Auditor {
        Auditor::new()
    }
}

impl From<AuditOptions> for Auditor {
    /// An auditor with `opts`, reporting every severity.
    ///
    /// ```
    /// use kibitz::{audit::AuditOptions, Auditor};
    /// let opts = AuditOptions { jobs: 3, ..AuditOptions::default() };
    /// assert_eq!(Auditor::from(opts).options().jobs, 3);
    /// ```
    fn from(opts: AuditOptions) -> Auditor {
        Auditor {
            opts,
            min_severity: Severity::Notice,
        }
    }
}

impl Auditor {
    /// An auditor with the default options: every rule option at the reference
    /// page's default, the default [`Limits`](crate::pbn::Limits), one worker
    /// per core, every severity reported.
    ///
    /// ```
    /// let auditor = kibitz::Auditor::new();
    /// assert!(!auditor.options().preferans.must_head);
    /// assert!(auditor.options().jobs >= 1);
    /// ```
    pub fn new() -> Auditor {
        Auditor::from(AuditOptions::default())
    }

    /// Sets one preferans rule option by name: `NAME` turns a flag on,
    /// `NAME=VALUE` sets it (`on`/`off` for flags).
    ///
    /// # Errors
    ///
    /// An unknown name or value.
    ///
    /// ```
    /// use kibitz::Auditor;
    /// let a = Auditor::new().preferans_option("betl_supa=fixed_60").unwrap();
    /// assert_eq!(a.options().preferans.betl_supa, kibitz::preferans::BetlSupa::Fixed60);
    /// assert!(Auditor::new().preferans_option("must_hed").is_err());
    /// ```
    pub fn preferans_option(
        mut self,
        spec: &str,
    ) -> Result<Auditor, crate::preferans::OptionError> {
        self.opts.preferans.set(spec)?;
        Ok(self)
    }

    /// Sets one pinochle rule option by name (`NAME`, `NAME=VALUE`).
    ///
    /// # Errors
    ///
    /// An unknown name or value.
    ///
    /// ```
    /// use kibitz::Auditor;
    /// let a = Auditor::new().pinochle_option("must_head=off").unwrap();
    /// assert!(!a.options().pinochle.must_head);
    /// assert!(Auditor::new().pinochle_option("min_bid=many").is_err());
    /// ```
    pub fn pinochle_option(mut self, spec: &str) -> Result<Auditor, crate::pinochle::OptionError> {
        self.opts.pinochle.set(spec)?;
        Ok(self)
    }

    /// Sets every preferans rule option at once.
    ///
    /// ```
    /// use kibitz::{preferans, Auditor};
    /// let rules = preferans::Options { must_overtrump: true, ..preferans::Options::default() };
    /// assert!(Auditor::new().preferans_options(rules).options().preferans.must_overtrump);
    /// ```
    pub fn preferans_options(mut self, options: crate::preferans::Options) -> Auditor {
        self.opts.preferans = options;
        self
    }

    /// Sets every pinochle rule option at once.
    ///
    /// ```
    /// use kibitz::{pinochle, Auditor};
    /// let rules = pinochle::Options { meld_minimum: 0, ..pinochle::Options::default() };
    /// assert_eq!(Auditor::new().pinochle_options(rules).options().pinochle.meld_minimum, 0);
    /// ```
    pub fn pinochle_options(mut self, options: crate::pinochle::Options) -> Auditor {
        self.opts.pinochle = options;
        self
    }

    /// Sets every bound on what the readers keep per line and record.
    ///
    /// ```
    /// use kibitz::{pbn::Limits, Auditor};
    /// let limits = Limits { max_tags: 50, ..Limits::default() };
    /// assert_eq!(Auditor::new().limits(limits).options().limits.max_tags, 50);
    /// ```
    pub fn limits(mut self, limits: crate::pbn::Limits) -> Auditor {
        self.opts.limits = limits;
        self
    }

    /// Keeps at most `n` findings per record (at least 1); the rest are counted
    /// in one finding of the notation's limit rule. The default is
    /// [`MAX_FINDINGS_PER_RECORD`](super::MAX_FINDINGS_PER_RECORD).
    ///
    /// ```
    /// let a = kibitz::Auditor::new().max_findings_per_record(0);
    /// assert_eq!(a.options().limits.max_findings, 1);
    /// ```
    pub fn max_findings_per_record(mut self, n: usize) -> Auditor {
        self.opts.limits.max_findings = n.max(1);
        self
    }

    /// Cuts lines longer than `bytes` (the rest of the line is skipped and
    /// reported).
    ///
    /// ```
    /// let a = kibitz::Auditor::new().max_line(4096);
    /// assert_eq!(a.options().limits.max_line, 4096);
    /// ```
    pub fn max_line(mut self, bytes: usize) -> Auditor {
        self.opts.limits.max_line = bytes;
        self
    }

    /// Bounds the text one record may hold (tags, tokens, comments) to `bytes`.
    ///
    /// ```
    /// let a = kibitz::Auditor::new().max_record_bytes(1 << 20);
    /// assert_eq!(a.options().limits.max_record_bytes, 1 << 20);
    /// ```
    pub fn max_record_bytes(mut self, bytes: usize) -> Auditor {
        self.opts.limits.max_record_bytes = bytes;
        self
    }

    /// Audits several inputs at once on `n` worker threads (at least 1). The
    /// findings are still reported in input order.
    ///
    /// ```
    /// assert_eq!(kibitz::Auditor::new().jobs(0).options().jobs, 1);
    /// ```
    pub fn jobs(mut self, n: usize) -> Auditor {
        self.opts.jobs = n.max(1);
        self
    }

    /// Reports only findings of `severity` or worse. The summary still counts
    /// every finding (as `kibitz audit --min-severity` does).
    ///
    /// ```
    /// use kibitz::{Auditor, Severity};
    /// let report = Auditor::new()
    ///     .min_severity(Severity::Violation)
    ///     .audit_bytes("x.pbn", b"[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Dealer \"N\"]\n")
    ///     .unwrap();
    /// assert!(report.findings.is_empty());
    /// assert_eq!(report.summary.warnings, 1);
    /// ```
    pub fn min_severity(mut self, severity: Severity) -> Auditor {
        self.min_severity = severity;
        self
    }

    /// The options the audit runs with.
    ///
    /// ```
    /// assert_eq!(kibitz::Auditor::new().jobs(2).options().jobs, 2);
    /// ```
    pub fn options(&self) -> &AuditOptions {
        &self.opts
    }

    /// Audits one path: a file (any notation, compressed or not, a zip
    /// archive's game files), a directory (walked for game files, in name
    /// order) or `-` (standard input). Returns an iterator over the findings,
    /// in file order; [`Audit::finish`] gives the summary.
    ///
    /// The audit runs on a background thread (and its workers) while the
    /// iterator is read, a bounded number of findings ahead of it.
    ///
    /// ```
    /// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    /// let mut audit = kibitz::Auditor::new().audit_path(dir);
    /// let files: std::collections::BTreeSet<String> = audit.by_ref().map(|f| f.file).collect();
    /// assert_eq!(files.len(), 3, "{files:?}");
    /// let totals = audit.finish();
    /// assert_eq!(totals.summary.files, 3);
    /// assert!(totals.errors.is_empty());
    /// ```
    pub fn audit_path(&self, path: impl AsRef<Path>) -> Audit {
        self.audit_paths(&[path])
    }

    /// Audits several paths (as [`Auditor::audit_path`]) in the order given.
    ///
    /// ```
    /// let dir = env!("CARGO_MANIFEST_DIR");
    /// let paths = [format!("{dir}/examples/club-night.ppn"), format!("{dir}/no/such/file.pbn")];
    /// let mut audit = kibitz::Auditor::new().audit_paths(&paths);
    /// assert_eq!(audit.by_ref().count(), 1);
    /// let totals = audit.finish();
    /// assert_eq!(totals.errors.len(), 1);
    /// assert_eq!(totals.summary.unreadable, 1);
    /// assert_eq!(totals.exit_code(), 2);
    /// ```
    pub fn audit_paths<P: AsRef<Path>>(&self, paths: &[P]) -> Audit {
        let (inputs, summary, errors) = inputs_of(paths);
        let (tx, rx) = sync_channel(CHANNEL);
        let opts = self.opts.clone();
        let min = self.min_severity;
        let thread = std::thread::spawn(move || {
            let batch = BATCH_PER_JOB * opts.jobs.max(1);
            for inputs in inputs.chunks(batch) {
                let mut gone = false;
                super::run(inputs, &opts, &mut |ev| {
                    let msg = match ev {
                        Event::Finding { file, finding, .. } if finding.severity >= min => {
                            Msg::Finding(Located {
                                file: file.to_string(),
                                finding: finding.clone(),
                            })
                        }
                        Event::Finding { .. } => return,
                        Event::Done {
                            file,
                            summary,
                            error,
                            ..
                        } => Msg::Done(
                            summary.clone(),
                            error.map(|e| InputError {
                                input: file.to_string(),
                                error: io::Error::new(e.kind(), e.to_string()),
                            }),
                        ),
                        Event::BadPath { path, error } => Msg::Bad(InputError {
                            input: path.to_string(),
                            error: io::Error::new(error.kind(), error.to_string()),
                        }),
                    };
                    gone |= tx.send(msg).is_err();
                });
                if gone {
                    break;
                }
            }
        });
        Audit {
            rx,
            thread: Some(thread),
            totals: Totals { summary, errors },
        }
    }

    /// Audits several paths, handing each finding (with its file's name) to
    /// `on_finding` on the calling thread, in file order, and returns the
    /// totals. No finding is copied.
    ///
    /// ```
    /// let pbn = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
    /// let mut lines = Vec::new();
    /// let totals = kibitz::Auditor::new().audit_paths_with(&[pbn], &mut |file, f| {
    ///     lines.push(format!("{}:{}", file.rsplit('/').next().unwrap(), f.pos.line));
    /// });
    /// assert_eq!(lines, ["club-night.pbn:54", "club-night.pbn:87"]);
    /// assert_eq!(totals.summary.violations, 2);
    /// assert_eq!(totals.exit_code(), 1);
    /// ```
    pub fn audit_paths_with<P: AsRef<Path>>(
        &self,
        paths: &[P],
        on_finding: &mut dyn FnMut(&str, &Finding),
    ) -> Totals {
        let (inputs, mut summary, mut errors) = inputs_of(paths);
        let total = super::run(&inputs, &self.opts, &mut |ev| match ev {
            Event::Finding { file, finding, .. } if finding.severity >= self.min_severity => {
                on_finding(file, finding);
            }
            Event::Finding { .. } => {}
            Event::Done { file, error, .. } => {
                if let Some(e) = error {
                    errors.push(InputError {
                        input: file.to_string(),
                        error: io::Error::new(e.kind(), e.to_string()),
                    });
                }
            }
            Event::BadPath { path, error } => errors.push(InputError {
                input: path.to_string(),
                error: io::Error::new(error.kind(), error.to_string()),
            }),
        });
        summary.merge(&total);
        Totals { summary, errors }
    }

    /// Audits one input held in memory, named `name` in the report (the name
    /// is only a hint: the content decides the notation). Compressed bytes
    /// (gzip, zstd, bzip2, xz) are decoded first.
    ///
    /// # Errors
    ///
    /// A corrupt compressed stream, or a zip archive (which can only be read
    /// from a file).
    ///
    /// ```
    /// let ppn = b"[Bula 60]\n[Refe 2]\n\n[1 123 P,P,P]\n";
    /// let report = kibitz::Auditor::new().audit_bytes("one.ppn", ppn).unwrap();
    /// assert_eq!(report.summary.records, 1);
    /// ```
    pub fn audit_bytes(&self, name: &str, bytes: &[u8]) -> io::Result<Report> {
        self.audit_reader(name, bytes)
    }

    /// Audits one input read from `reader` (as [`Auditor::audit_bytes`]), on
    /// the calling thread; the findings are collected in the report.
    ///
    /// # Errors
    ///
    /// I/O errors of `reader`, a corrupt compressed stream, a zip archive.
    ///
    /// ```
    /// use std::io::Write;
    /// let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    /// gz.write_all(b"[Board \"1\"]\n[Dealer \"Q\"]\n").unwrap();
    /// let gz = gz.finish().unwrap();
    /// let report = kibitz::Auditor::new().audit_reader("x.pbn.gz", &gz[..]).unwrap();
    /// assert_eq!(report.findings[0].rule, "pbn.tag.value");
    /// assert_eq!(report.findings[0].pos, kibitz::Pos::new(2, 9));
    /// ```
    pub fn audit_reader<R: Read>(&self, name: &str, reader: R) -> io::Result<Report> {
        let mut report = Report::default();
        let mut findings = Vec::new();
        let min = self.min_severity;
        let input = super::decoded(reader)?;
        super::audit_input(name, input, &self.opts, &mut report.summary, &mut |f| {
            if f.severity >= min {
                findings.push(f.clone());
            }
        })?;
        report.findings = findings;
        Ok(report)
    }
}

/// The inputs `paths` stand for, a summary holding the files skipped and the
/// paths that could not be read, and those paths' errors.
fn inputs_of<P: AsRef<Path>>(paths: &[P]) -> (Vec<Input>, Summary, Vec<InputError>) {
    let mut summary = Summary::default();
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for p in paths {
        let p = p.as_ref();
        match p.to_str() {
            Some(s) => {
                let (found, bad) = super::collect_inputs(&[s.to_string()], &mut summary.skipped);
                inputs.extend(found);
                errors.extend(
                    bad.into_iter()
                        .map(|(input, error)| InputError { input, error }),
                );
            }
            // Not UTF-8: only a file can be named so (the walk takes strings).
            None => match super::file_inputs(p, true, &mut summary.skipped) {
                Ok(found) => inputs.extend(found),
                Err(error) => errors.push(InputError {
                    input: p.display().to_string(),
                    error,
                }),
            },
        }
    }
    summary.unreadable += errors.len() as u64;
    (inputs, summary, errors)
}

enum Msg {
    Finding(Located),
    Done(Summary, Option<InputError>),
    Bad(InputError),
}

/// A finding and the input it is in, as [`Audit`] yields it. `Display` gives
/// the line `kibitz audit --format short` prints:
/// `file:line:col: severity rule: message`.
///
/// ```
/// use kibitz::audit::Located;
/// use kibitz::{Finding, Pos, Rule, Severity};
/// let finding = Finding::of(Rule::new("a.b", Severity::Warning), Pos::new(3, 4), "why");
/// let f = Located { file: "x.pbn".to_string(), finding };
/// assert_eq!(f.to_string(), "x.pbn:3:4: warning a.b: why");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Located {
    /// The input's name: the path as found, `archive.zip!member` for a zip
    /// member, `<stdin>` for standard input.
    pub file: String,
    /// The finding.
    pub finding: Finding,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.finding;
        write!(
            f,
            "{}:{}: {} {}: {}",
            self.file, g.pos, g.severity, g.rule, g.message
        )
    }
}

/// An input that could not be listed, opened or read to the end (what was
/// read before is still reported and counted).
///
/// ```
/// let e = kibitz::audit::InputError {
///     input: "x.pbn.gz".to_string(),
///     error: std::io::Error::other("gzip stream is corrupt"),
/// };
/// assert_eq!(e.to_string(), "x.pbn.gz: gzip stream is corrupt");
/// ```
#[derive(Debug)]
pub struct InputError {
    /// The input's name or the path as given.
    pub input: String,
    /// Why.
    pub error: io::Error,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.input, self.error)
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// What an audit of paths read and found, and the inputs it could not read.
///
/// ```
/// let totals = kibitz::audit::Totals::default();
/// assert_eq!(totals.exit_code(), 0);
/// ```
#[derive(Debug, Default)]
pub struct Totals {
    /// The counts over every input (`skipped` and `unreadable` included).
    pub summary: Summary,
    /// The inputs that could not be listed, opened or read to the end.
    pub errors: Vec<InputError>,
}

impl Totals {
    /// The exit status `kibitz audit` gives for the same audit: 0 no
    /// violation, 1 violations found, 2 an unreadable input (2 wins over 1).
    ///
    /// ```
    /// let mut totals = kibitz::audit::Totals::default();
    /// totals.summary.violations = 3;
    /// assert_eq!(totals.exit_code(), 1);
    /// totals.summary.unreadable = 1;
    /// assert_eq!(totals.exit_code(), 2);
    /// ```
    pub fn exit_code(&self) -> u8 {
        if self.summary.unreadable > 0 || !self.errors.is_empty() {
            2
        } else if self.summary.violations > 0 {
            1
        } else {
            0
        }
    }
}

/// The findings of [`Auditor::audit_path`] and [`Auditor::audit_paths`], in
/// input order, then [`Audit::finish`] for the summary. Dropping it early
/// stops the audit after the batch of inputs in hand (16 per worker) and waits
/// for that.
///
/// ```
/// let pbn = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
/// let mut audit = kibitz::Auditor::new().audit_path(pbn);
/// let first = audit.next().unwrap();
/// assert_eq!(first.finding.pos, kibitz::Pos::new(54, 8));
/// assert_eq!(audit.summary().records, 0, "the file is not done yet");
/// assert_eq!(audit.finish().summary.records, 3);
/// ```
pub struct Audit {
    rx: Receiver<Msg>,
    thread: Option<JoinHandle<()>>,
    totals: Totals,
}

impl Audit {
    /// The counts of the inputs finished so far (of all of them once the
    /// iterator has returned `None`).
    ///
    /// ```
    /// let ppn = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.ppn");
    /// let mut audit = kibitz::Auditor::new().audit_path(ppn);
    /// audit.by_ref().for_each(drop);
    /// assert_eq!(audit.summary().violations, 1);
    /// ```
    pub fn summary(&self) -> &Summary {
        &self.totals.summary
    }

    /// Reads the findings not yet taken (dropping them) and returns the
    /// totals of the whole audit.
    ///
    /// ```
    /// let pbn = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
    /// let totals = kibitz::Auditor::new().audit_path(pbn).finish();
    /// assert_eq!((totals.summary.records, totals.summary.violations), (3, 2));
    /// ```
    pub fn finish(mut self) -> Totals {
        self.by_ref().for_each(drop);
        if let Some(thread) = self.thread.take()
            && let Err(panic) = thread.join()
        {
            std::panic::resume_unwind(panic);
        }
        std::mem::take(&mut self.totals)
    }
}

impl Iterator for Audit {
    type Item = Located;

    fn next(&mut self) -> Option<Located> {
        loop {
            match self.rx.recv().ok()? {
                Msg::Finding(f) => return Some(f),
                Msg::Done(summary, error) => {
                    self.totals.summary.merge(&summary);
                    self.totals.errors.extend(error);
                }
                Msg::Bad(error) => {
                    self.totals.summary.unreadable += 1;
                    self.totals.errors.push(error);
                }
            }
        }
    }
}

impl Drop for Audit {
    /// Stops the audit: the background thread sees the iterator gone at the
    /// end of the batch of inputs in hand, and is waited for, so nothing runs
    /// on after the drop.
    fn drop(&mut self) {
        let Some(thread) = self.thread.take() else {
            return;
        };
        // Dropping the receiver makes every later send fail at once.
        let (_, closed) = sync_channel(0);
        drop(std::mem::replace(&mut self.rx, closed));
        // A panic in the audit is not raised again while dropping.
        let _ = thread.join();
    }
}

impl fmt::Debug for Audit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Audit")
            .field("totals", &self.totals)
            .finish_non_exhaustive()
    }
}
