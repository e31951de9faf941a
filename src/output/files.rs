//! `--summary files`: one line per input with its records and its (selected)
//! findings by severity.

use kibitz::Severity;
use kibitz::audit::Summary;

/// The findings of one input, by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileCounts {
    /// Violations.
    pub violations: u64,
    /// Warnings.
    pub warnings: u64,
    /// Notices.
    pub notices: u64,
}

impl FileCounts {
    /// Counts one finding of `severity`.
    pub fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Violation => self.violations += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Notice => self.notices += 1,
        }
    }

    /// The text line of input `file` whose counts are `summary`: how it was
    /// read, its records and findings.
    pub fn line(&self, file: &str, summary: &Summary, unreadable: bool) -> String {
        let how = if summary.files == 0 && summary.skipped > 0 {
            return format!("{file}: skipped (another game)");
        } else if unreadable {
            ", unreadable"
        } else {
            ""
        };
        format!(
            "{file}: {} records{how}; {} violations, {} warnings, {} notices",
            summary.records, self.violations, self.warnings, self.notices
        )
    }

    /// The JSON object of input `file` (`{"file_summary": {...}}`).
    pub fn json(&self, file: &str, summary: &Summary, unreadable: bool) -> serde_json::Value {
        serde_json::json!({ "file_summary": {
            "file": file,
            "skipped": summary.files == 0 && summary.skipped > 0,
            "unreadable": unreadable,
            "records": summary.records,
            "violations": self.violations,
            "warnings": self.warnings,
            "notices": self.notices,
        }})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let mut c = FileCounts::default();
        c.count(Severity::Violation);
        c.count(Severity::Notice);
        c.count(Severity::Notice);
        let s = Summary {
            files: 1,
            records: 4,
            ..Summary::default()
        };
        assert_eq!(
            c.line("a.pbn", &s, false),
            "a.pbn: 4 records; 1 violations, 0 warnings, 2 notices"
        );
        let skipped = Summary {
            skipped: 1,
            ..Summary::default()
        };
        assert_eq!(
            FileCounts::default().line("b.ppn", &skipped, false),
            "b.ppn: skipped (another game)"
        );
        assert_eq!(c.json("a.pbn", &s, false)["file_summary"]["notices"], 2);
    }
}
