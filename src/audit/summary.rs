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
        self.count_severity(f.severity);
        self.count_rule(f.rule, f.severity, 1);
    }

    /// Counts one finding of `severity` in the totals by severity.
    fn count_severity(&mut self, severity: Severity) {
        match severity {
            Severity::Violation => self.violations += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Notice => self.notices += 1,
        }
    }

    /// Counts `n` findings of rule `rule` of `severity`.
    fn count_rule(&mut self, rule: &str, severity: Severity, n: u64) {
        // Look the id up before allocating its key: most findings repeat an id.
        let e = match self.rules.get_mut(rule) {
            Some(e) => e,
            None => self.rules.entry(rule.to_string()).or_default(),
        };
        e.severity = Some(severity);
        e.findings += n;
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

/// Findings counted into a [`Summary`] with the per-rule counts held back in a
/// few slots found by the rule id's address (no string comparisons in the
/// summary's map per finding) and added to the map when the slots are full or
/// [`Tally::flush`] is called.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    slots: Vec<(&'static str, Severity, u64)>,
}

impl Tally {
    /// Slots held back.
    const SLOTS: usize = 16;

    /// [`Summary::count`], the per-rule count held back.
    pub(crate) fn count(&mut self, summary: &mut Summary, f: &Finding) {
        summary.count_severity(f.severity);
        // The same id written at two places may have two addresses: then it
        // takes two slots, added up in the map.
        let slot = self
            .slots
            .iter_mut()
            .find(|(r, ..)| std::ptr::eq(*r, f.rule));
        match slot {
            Some(slot) => {
                slot.1 = f.severity;
                slot.2 += 1;
            }
            None => {
                if self.slots.len() == Self::SLOTS {
                    self.flush(summary);
                }
                self.slots.push((f.rule, f.severity, 1));
            }
        }
    }

    /// Adds the counts held back to `summary`'s map.
    pub(crate) fn flush(&mut self, summary: &mut Summary) {
        for (rule, severity, n) in self.slots.drain(..) {
            summary.count_rule(rule, severity, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pos, Rule};

    #[test]
    fn a_tally_counts_as_the_summary_does() {
        // 20 ids (more than the slots held back), each several times, in an
        // order that keeps evicting; one id also at a second address.
        const IDS: [&str; 20] = [
            "a.0", "a.1", "a.2", "a.3", "a.4", "a.5", "a.6", "a.7", "a.8", "a.9", "b.0", "b.1",
            "b.2", "b.3", "b.4", "b.5", "b.6", "b.7", "b.8", "b.9",
        ];
        let again = String::from("a.3").leak();
        let severities = [Severity::Violation, Severity::Warning, Severity::Notice];
        let mut findings = Vec::new();
        for round in 0..5 {
            for (i, id) in IDS.iter().enumerate() {
                let rule = Rule::new(id, severities[i % 3]);
                for _ in 0..=(i + round) % 4 {
                    findings.push(Finding::of(rule, Pos::new(1, 1), "m"));
                }
            }
            findings.push(Finding::of(
                Rule::new(again, Severity::Violation),
                Pos::new(1, 1),
                "m",
            ));
        }
        let mut plain = Summary::default();
        let mut tallied = Summary::default();
        let mut tally = Tally::default();
        for f in &findings {
            plain.count(f);
            tally.count(&mut tallied, f);
        }
        tally.flush(&mut tallied);
        assert_eq!(tallied, plain);
        assert_eq!(plain.rules.len(), 20);
        assert_eq!(
            plain.rules["a.3"].findings,
            5 + (0..5).map(|r| (3 + r) % 4 + 1).sum::<u64>()
        );
    }
}
