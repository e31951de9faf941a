//! `--rule GLOB` and `--ignore GLOB`: which findings are printed and counted,
//! and the summary counts recomputed over the selected findings.

use std::collections::VecDeque;

use kibitz::audit::Summary;
use kibitz::{Finding, Severity};

/// Whether `text` matches `glob`, where `*` stands for any run of characters
/// (also none) and `?` for exactly one.
pub fn glob_match(glob: &str, text: &str) -> bool {
    let (g, t): (Vec<char>, Vec<char>) = (glob.chars().collect(), text.chars().collect());
    // Greedy matching with one backtrack point (the last `*`): linear enough for
    // rule ids.
    let (mut gi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match g.get(gi) {
            Some('*') => {
                star = Some((gi, ti));
                gi += 1;
            }
            Some(&c) if c == '?' || c == t[ti] => {
                gi += 1;
                ti += 1;
            }
            _ => match star {
                Some((sg, st)) => {
                    gi = sg + 1;
                    ti = st + 1;
                    star = Some((sg, st + 1));
                }
                None => return false,
            },
        }
    }
    g[gi..].iter().all(|&c| c == '*')
}

/// The rules selected by `--rule` (none given: all) minus those of `--ignore`.
#[derive(Debug, Default)]
pub struct Selection {
    rules: Vec<String>,
    ignore: Vec<String>,
}

impl Selection {
    /// A selection from the globs given; each must match at least one id of
    /// `ids`, else the error names the glob and the ids nearest it.
    pub fn new<'a>(
        rules: &[String],
        ignore: &[String],
        ids: impl Iterator<Item = &'a str> + Clone,
    ) -> Result<Selection, String> {
        for (flag, glob) in rules
            .iter()
            .map(|g| ("--rule", g))
            .chain(ignore.iter().map(|g| ("--ignore", g)))
        {
            if !ids.clone().any(|id| glob_match(glob, id)) {
                let near = kibitz::suggest::nearest(glob.trim_end_matches('*'), ids.clone());
                let hint = match near.as_slice() {
                    [] => "; `kibitz rules` lists them".to_string(),
                    [one] => format!("; did you mean {one}?"),
                    more => format!("; did you mean one of {}?", more.join(", ")),
                };
                return Err(format!("{flag} {glob}: no rule id matches{hint}"));
            }
        }
        Ok(Selection {
            rules: rules.to_vec(),
            ignore: ignore.to_vec(),
        })
    }

    /// Whether any glob was given (else every finding is selected).
    pub fn is_active(&self) -> bool {
        !self.rules.is_empty() || !self.ignore.is_empty()
    }

    /// Whether findings of rule `id` are selected.
    pub fn selects(&self, id: &str) -> bool {
        (self.rules.is_empty() || self.rules.iter().any(|g| glob_match(g, id)))
            && !self.ignore.iter().any(|g| glob_match(g, id))
    }
}

/// How many finished records a late finding may still name (as in the audit's
/// record sink).
const RECENT: usize = 256;

/// The finding counts of a [`Summary`] recomputed over the selected findings:
/// findings per severity and rule, records with findings and with violations.
#[derive(Debug, Default)]
pub struct Recount {
    counts: Summary,
    /// Worst severity of the last records with a selected finding in the
    /// current input.
    recent: VecDeque<(usize, Severity)>,
    /// The highest record index put in `recent` in the current input: a record
    /// above it is not there (no need to look).
    newest: usize,
}

impl Recount {
    /// Counts one selected finding.
    pub fn count(&mut self, f: &Finding) {
        self.counts.count(f);
        if f.record == 0 {
            return; // about the input as a whole, no record
        }
        // Most findings are of the record counted last (look from the back) or
        // of a new record above every record seen (no need to look).
        if f.record <= self.newest
            && let Some((_, worst)) = self.recent.iter_mut().rev().find(|(r, _)| *r == f.record)
        {
            self.counts.recount_record(Some(*worst), f.severity);
            *worst = (*worst).max(f.severity);
            return;
        }
        self.counts.recount_record(None, f.severity);
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((f.record, f.severity));
        self.newest = self.newest.max(f.record);
    }

    /// The current input is done: record numbers start again.
    pub fn end_input(&mut self) {
        self.recent.clear();
        self.newest = 0;
    }

    /// Replaces the finding counts of `total` (files, bytes and records read stay)
    /// with the recounted ones.
    pub fn apply(&self, total: &mut Summary) {
        let c = &self.counts;
        total.records_with_findings = c.records_with_findings;
        total.records_with_violations = c.records_with_violations;
        total.violations = c.violations;
        total.warnings = c.warnings;
        total.notices = c.notices;
        total.rules = c.rules.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz::{Pos, Rule};

    const V: Rule = Rule::new("a.v", Severity::Violation);
    const N: Rule = Rule::new("a.n", Severity::Notice);

    /// A finding of `rule` in record `record`.
    fn at(rule: Rule, record: usize) -> Finding {
        Finding {
            record,
            ..Finding::of(rule, Pos::new(1, 1), "m")
        }
    }

    #[test]
    fn globs() {
        assert!(glob_match("bridge.*", "bridge.play.revoke"));
        assert!(glob_match("*.revoke", "bridge.play.revoke"));
        assert!(glob_match("bridge.play.revok?", "bridge.play.revoke"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a*b*c", "aXbYbZc"));
        assert!(!glob_match("a*b*c", "aXbYbZ"));
        assert!(!glob_match("bridge.play", "bridge.play.revoke"));
        assert!(!glob_match("?", ""));
        assert!(!glob_match("pbn.*", "bridge.pbn.x"));
    }

    #[test]
    fn selection_and_unknown_globs() {
        let ids = ["bridge.play.revoke", "bridge.board.cycle", "pbn.tag.value"];
        let s = Selection::new(
            &["bridge.*".into()],
            &["bridge.board.cycle".into()],
            ids.iter().copied(),
        )
        .unwrap();
        assert!(s.is_active());
        assert!(s.selects("bridge.play.revoke"));
        assert!(!s.selects("bridge.board.cycle"));
        assert!(!s.selects("pbn.tag.value"));
        let e = Selection::new(&[], &["bridge.play.revok".into()], ids.iter().copied());
        assert_eq!(
            e.unwrap_err(),
            "--ignore bridge.play.revok: no rule id matches; did you mean bridge.play.revoke?"
        );
        assert!(!Selection::default().is_active());
        assert!(Selection::default().selects("anything"));
    }

    #[test]
    fn recount_records_and_late_findings() {
        let mut r = Recount::default();
        r.count(&at(N, 1));
        r.count(&at(N, 1));
        r.count(&at(N, 2));
        r.count(&at(V, 1)); // late: record 1 now has a violation
        r.count(&at(V, 0)); // the input as a whole: no record
        r.end_input();
        r.count(&at(V, 1)); // record 1 of the next input
        let mut total = Summary::default();
        r.apply(&mut total);
        assert_eq!(total.records_with_findings, 3);
        assert_eq!(total.records_with_violations, 2);
        assert_eq!((total.violations, total.notices), (3, 3));
        assert_eq!(total.rules["a.n"].findings, 3);
    }

    #[test]
    fn recount_out_of_order_and_beyond_the_window() {
        let mut r = Recount::default();
        r.count(&at(N, 5));
        r.count(&at(N, 3)); // a late finding of a record not counted yet
        r.count(&at(V, 3)); // the same record again: one record, now violating
        r.count(&at(N, 4));
        r.count(&at(N, 5)); // below the newest record, found in the window
        // 300 more records push records 3, 4 and 5 out of the window: a finding
        // of record 4 then counts it again (the bound the window sets).
        for i in 0..300 {
            r.count(&at(N, 10 + i));
        }
        r.count(&at(N, 4));
        let mut total = Summary::default();
        r.apply(&mut total);
        assert_eq!(total.records_with_findings, 3 + 300 + 1);
        assert_eq!(total.records_with_violations, 1);
        assert_eq!((total.violations, total.notices), (1, 304 + 1));
    }
}
