//! The bookkeeping of the one audit loop: the per-record finding bound, late
//! findings, the game of each finding, and the summary. Every notation's
//! records pass through a [`RecordSink`].

use std::collections::VecDeque;

use crate::{Finding, Game, Pos, Rule, Severity};

use super::Summary;
use super::summary::Tally;

/// Most findings kept per record by default ([`Limits::max_findings`](crate::pbn::Limits)),
/// whatever stage made them (reader, decoder, rules); the rest are counted in one
/// finding of the notation's limit rule.
///
/// ```
/// assert_eq!(kibitz::audit::MAX_FINDINGS_PER_RECORD, 200);
/// ```
pub const MAX_FINDINGS_PER_RECORD: usize = crate::pbn::MAX_FINDINGS_PER_RECORD;

/// How many finished records a late finding may still name.
const RECENT: usize = 256;

/// Takes the findings of each record of one input, in order, and hands them on:
/// sorted by position, bounded, tagged with their game, counted.
///
/// A record may arrive in parts ([`RecordSink::add`], for a preferans game whose
/// deals are checked one by one) or whole ([`RecordSink::record`]). A finding
/// that names an earlier record (a ScoreIMP checked when the other table of its
/// board arrives) counts against that record.
///
/// The per-rule counts (`Summary::rules`) are complete once the sink is
/// dropped (or [`RecordSink::summary`] is called); the other counts at once.
pub struct RecordSink<'a> {
    summary: &'a mut Summary,
    emit: &'a mut dyn FnMut(&Finding),
    /// Worst severity of the last finished records.
    recent: VecDeque<(usize, Option<Severity>)>,
    /// The open record: index, findings kept, dropped, worst severity.
    open: Option<(usize, usize, usize, Option<Severity>)>,
    /// Most findings kept per record.
    max: usize,
    /// The per-rule counts not yet in `summary` (added when the sink is dropped).
    tally: Tally,
}

impl Drop for RecordSink<'_> {
    fn drop(&mut self) {
        self.tally.flush(self.summary);
    }
}

impl<'a> RecordSink<'a> {
    /// A sink counting into `summary` and handing findings to `emit`, keeping
    /// at most `max_findings` per record.
    pub fn new(
        summary: &'a mut Summary,
        emit: &'a mut dyn FnMut(&Finding),
        max_findings: usize,
    ) -> RecordSink<'a> {
        RecordSink {
            summary,
            emit,
            recent: VecDeque::with_capacity(RECENT),
            open: None,
            max: max_findings,
            tally: Tally::default(),
        }
    }

    /// The summary being counted into.
    pub fn summary(&mut self) -> &mut Summary {
        self.tally.flush(self.summary);
        self.summary
    }

    /// Adds findings of record `record` (opening it if it is not open), plus
    /// `dropped` findings its reader could not keep. `findings` is emptied.
    pub fn add(&mut self, record: usize, game: Game, findings: &mut Vec<Finding>, dropped: usize) {
        self.add_kept(record, game, findings, dropped);
        findings.clear();
    }

    /// [`RecordSink::add`], leaving `findings` to the caller (sorted, their
    /// game set), so that the thread that made them can free them.
    pub(crate) fn add_kept(
        &mut self,
        record: usize,
        game: Game,
        findings: &mut [Finding],
        dropped: usize,
    ) {
        let open = self.open.get_or_insert((record, 0, 0, None));
        open.2 += dropped;
        findings.sort_by_key(|f| f.pos);
        for f in findings.iter_mut() {
            f.game = Some(game);
            if f.record != record && self.recount_finished(f) {
                // A late finding about a finished record.
                self.tally.count(self.summary, f);
                (self.emit)(f);
                continue;
            }
            let open = self.open.as_mut().expect("opened above");
            if open.1 >= self.max {
                open.2 += 1;
                continue;
            }
            open.1 += 1;
            open.3 = open.3.max(Some(f.severity));
            self.tally.count(self.summary, f);
            (self.emit)(f);
        }
    }

    /// Closes the open record (if any): reports what its bound dropped under
    /// `limit` at `pos`, and counts the record.
    pub fn end_record(&mut self, game: Game, limit: Rule, pos: Pos) {
        let Some((record, _, dropped, mut worst)) = self.open.take() else {
            return;
        };
        if dropped > 0 {
            let mut f = Finding::of(
                limit,
                pos,
                format!("{dropped} more findings in this record were not kept"),
            );
            f.record = record;
            f.game = Some(game);
            worst = worst.max(Some(f.severity));
            self.tally.count(self.summary, &f);
            (self.emit)(&f);
        }
        self.summary.count_record(worst);
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((record, worst));
    }

    /// A whole record: [`RecordSink::add`] then [`RecordSink::end_record`].
    pub fn record(
        &mut self,
        record: usize,
        pos: Pos,
        game: Game,
        limit: Rule,
        findings: &mut Vec<Finding>,
        dropped: usize,
    ) {
        self.add(record, game, findings, dropped);
        self.end_record(game, limit, pos);
    }

    /// Findings made at the input's end about its records (each names one),
    /// in record order: counted against their records while those are
    /// recent, else as findings of the input. `findings` is emptied.
    pub(crate) fn late(&mut self, game: Game, findings: &mut Vec<Finding>) {
        findings.sort_by_key(|f| (f.record, f.pos));
        for f in findings.iter_mut() {
            f.game = Some(game);
            self.recount_finished(f);
            self.tally.count(self.summary, f);
            (self.emit)(f);
        }
        findings.clear();
    }

    /// Counts `f` against its record when that is one of the recent finished
    /// ones (its worst severity may rise); false when it is not.
    fn recount_finished(&mut self, f: &Finding) -> bool {
        match self.recent.iter_mut().rev().find(|(r, _)| *r == f.record) {
            Some((_, w)) => {
                self.summary.recount_record(*w, f.severity);
                *w = (*w).max(Some(f.severity));
                true
            }
            None => false,
        }
    }

    /// A finding about the input as a whole (no record): counted, emitted, and
    /// not counted as a record.
    pub fn input_finding(&mut self, f: &Finding) {
        self.tally.count(self.summary, f);
        (self.emit)(f);
    }
}
