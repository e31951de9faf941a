//! Counts that close an audit: files, records and findings per rule.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{Finding, Severity};

/// Counts for one rule id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub struct RuleCount {
    /// Severity of the rule.
    pub severity: Option<Severity>,
    /// Findings of the rule.
    pub findings: u64,
}

/// What an audit read and found. Summaries of several files add up with
/// [`Summary::merge`].
///
/// ```
/// use kibitz::audit::Summary;
/// let mut a = Summary::default();
/// a.records = 2;
/// let mut b = Summary::default();
/// b.records = 3;
/// a.merge(&b);
/// assert_eq!(a.records, 5);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub struct Summary {
    /// Files audited (read to the end or until an I/O error).
    pub files: u64,
    /// Files that could not be opened or read.
    pub unreadable: u64,
    /// Files skipped in directories because they are not game files.
    pub skipped: u64,
    /// Bytes read.
    pub bytes: u64,
    /// Records read.
    pub records: u64,
    /// Records with at least one finding of any severity.
    pub records_with_findings: u64,
    /// Records with at least one violation.
    pub records_with_violations: u64,
    /// Findings of each severity.
    pub violations: u64,
    /// Warnings found.
    pub warnings: u64,
    /// Notices found.
    pub notices: u64,
    /// Findings per rule id.
    pub rules: BTreeMap<String, RuleCount>,
}

impl Summary {
    /// Counts one finding.
    pub fn count(&mut self, f: &Finding) {
        match f.severity {
            Severity::Violation => self.violations += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Notice => self.notices += 1,
        }
        // Look the id up before allocating its key: most findings repeat an id.
        let e = match self.rules.get_mut(f.rule) {
            Some(e) => e,
            None => self.rules.entry(f.rule.to_string()).or_default(),
        };
        e.severity = Some(f.severity);
        e.findings += 1;
    }

    /// Counts one record read and the worst severity found in it.
    pub fn count_record(&mut self, worst: Option<Severity>) {
        self.records += 1;
        if worst.is_some() {
            self.records_with_findings += 1;
        }
        if worst == Some(Severity::Violation) {
            self.records_with_violations += 1;
        }
    }

    /// Counts a finding of `severity` that belongs to a record already counted
    /// with worst severity `was`.
    ///
    /// ```
    /// use kibitz::audit::Summary;
    /// use kibitz::Severity;
    /// let mut s = Summary::default();
    /// s.count_record(None);
    /// s.recount_record(None, Severity::Violation);
    /// assert_eq!((s.records, s.records_with_findings, s.records_with_violations), (1, 1, 1));
    /// ```
    pub fn recount_record(&mut self, was: Option<Severity>, severity: Severity) {
        if was.is_none() {
            self.records_with_findings += 1;
        }
        if severity == Severity::Violation && was != Some(Severity::Violation) {
            self.records_with_violations += 1;
        }
    }

    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &Summary) {
        self.files += other.files;
        self.unreadable += other.unreadable;
        self.skipped += other.skipped;
        self.bytes += other.bytes;
        self.records += other.records;
        self.records_with_findings += other.records_with_findings;
        self.records_with_violations += other.records_with_violations;
        self.violations += other.violations;
        self.warnings += other.warnings;
        self.notices += other.notices;
        for (k, v) in &other.rules {
            let e = self.rules.entry(k.clone()).or_default();
            e.severity = v.severity.or(e.severity);
            e.findings += v.findings;
        }
    }
}
