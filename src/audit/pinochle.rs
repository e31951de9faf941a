//! One pinochle PPN input on several threads (`--jobs N` on a single file),
//! reported exactly as on one.
//!
//! What a hand means can depend on the hands before it: through the reader
//! (`#` and `##` take remembered values, `%` lines set the format and
//! version: [`Carried`]), through the rules (a hand goes on with the
//! previous hand's game: its GameScores and dealer follow from it,
//! `pinochle::Checker`), and through its place (the EXPORT header check
//! reads the input's first record). So the calling thread cuts the text
//! where a game starts ([`cut_at`]: before a line that opens a tag pair,
//! after a blank line that follows a line that makes a record, in a hand
//! that has a `[Hand "1"]` line) and hands the pieces out in order. A
//! worker reads its piece with a reader resumed from a guess of the
//! reader's state there (the remembered values of the latest state the
//! calling thread knows for sure, and the format and version of the `%`
//! lines cut so far), checks its hands with a checker that knows no earlier
//! hand, takes the first piece alone to hold the input's first record, and
//! sends back its findings, what its reader read of the guess
//! ([`Handover`]) and the number of its first hand.
//!
//! The calling thread takes the pieces back in order, knowing the true
//! state at the start of each (the one at the end of the piece before). It
//! reports a piece's findings when the piece ended between two hands as one
//! reader would read them ([`Handover::at_rest`]), the guess agreed with the
//! truth on everything the reader read of it ([`Handover::holds`]), the
//! first hand continues no game of the hands before
//! (`Checker::carries_into`), and the first record is where the worker took
//! it to be: those are then the findings of one reader and one checker over
//! the whole input. Otherwise it reads the piece again from the true state,
//! joined with the pieces after it while it does not end between two hands;
//! when no piece is left to join (or a piece's findings passed its share of
//! [`FINDINGS_BUDGET`]), it reads the rest of the input from that piece on
//! itself, with one reader. Where 16 piece sizes hold no place to cut (a
//! file whose hands have no `Hand` numbers, say), and after a read error,
//! it reads the rest itself too. After a piece whose headers were guessed
//! wrong (a `%` line inside a comment), the headers noted for the guesses
//! are taken from the truth again.
//!
//! Lines are numbered from each piece's first line (the calling thread
//! counts the lines before it); record indexes are counted from the piece's
//! start and shifted when reported. `tests/split_pinochle.rs` compares
//! findings and summaries with one thread's.
//!
//! Memory: at most `2 x jobs` pieces (4 to 16) and [`BUDGET`] bytes of text
//! in flight, each piece's findings at most its share of [`FINDINGS_BUDGET`].

use std::cell::Cell;
use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use super::feed::{Feed, line_start_from};
use super::records::audit_records_in;
use super::sniff::FailAfter;
use super::{AuditOptions, PinochleRules, RecordSink, Summary};
use crate::Finding;
use crate::notation::pinochle::{Carried, Handover, Reader};
use crate::pinochle::{Checker, value};

/// Most pieces in flight, whatever the number of workers.
const MAX_WINDOW: usize = 16;
/// No new piece is handed out while the pieces in flight hold more text.
const BUDGET: usize = 4 << 20;
/// The most bytes the findings of the pieces in flight hold: a piece whose
/// findings pass its share stops, and the rest of the input from it is read
/// by the calling thread.
const FINDINGS_BUDGET: usize = 8 << 20;
/// The most of [`FINDINGS_BUDGET`] one piece may take.
const MAX_SHARE: usize = 1 << 20;
/// How far [`cut_at`] looks back for the line before the blank lines, and
/// ahead for a `Hand "1"` line.
const LOOK: usize = 64 << 10;

/// A piece for a worker.
struct Job {
    text: Vec<u8>,
    /// Lines of the input before it.
    line: u64,
    guess: Arc<Carried>,
    tx: SyncSender<Done>,
}

/// A worker's piece, back with what its reading gave.
struct Done {
    text: Vec<u8>,
    pass: Pass,
}

/// What one reading of a piece gave.
struct Pass {
    /// Its findings, their record indexes counted from the piece's start.
    found: Vec<Finding>,
    summary: Summary,
    handover: Handover,
    /// The checker after its last hand.
    checker: Checker,
    /// The number of its first hand (`None`: no hand).
    first: Option<Option<u32>>,
    /// Whether it stopped early (its findings passed its share, or the
    /// pieces were given up): nothing of it counts.
    heavy: bool,
}

/// Audits a pinochle PPN input as `audit_notation` with a pinochle reader
/// does, on `opts.input_jobs` threads (at most
/// [`super::pieces::MAX_WORKERS`]).
pub(super) fn audit_shared<R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    let jobs = opts.input_jobs.clamp(1, super::pieces::MAX_WORKERS);
    let window = (2 * jobs).clamp(4, MAX_WINDOW);
    let (job_tx, job_rx) = sync_channel::<Job>(window);
    let job_rx = Mutex::new(job_rx);
    let stop = AtomicBool::new(false);
    let workers = super::contain::Workers::new();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let stop = &stop;
            workers.spawn(
                s,
                &job_rx,
                |j| &j.text,
                move |job| work(job, opts, window, stop),
            );
        }
        let mut hand_out = |job| {
            if job_tx.send(job).is_err() {
                panic!("the workers of a shared pinochle input stopped");
            }
        };
        let result = drive(input, opts, window, summary, emit, &stop, &mut hand_out);
        drop(job_tx);
        result
    })
}

/// [`audit_shared`]'s cuts, guesses and checks on the calling thread alone,
/// each piece read as a worker would when it is handed out (up to four in
/// flight, so that guesses are made from a truth that lags as it does with
/// workers): for the fuzzer, which compares it with one reader. Text in
/// memory.
pub(crate) fn audit_in_pieces(
    text: &[u8],
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) {
    let stop = AtomicBool::new(false);
    let window = 4;
    let mut hand_out = |job| work(job, opts, window, &stop);
    // Text in memory cannot fail to read.
    let _ = drive(text, opts, window, summary, emit, &stop, &mut hand_out);
}

/// A worker's part: reads `job`'s piece and sends it back with what its
/// reading gave.
fn work(job: Job, opts: &AuditOptions, window: usize, stop: &AtomicBool) {
    let checker = Checker::new(opts.pinochle);
    let share = share(window);
    // Only the first piece starts with the input's first record (a cut
    // follows a line that makes a record: [`cut_at`]; checked in `front`).
    let first = job.line == 0;
    let pass = read_piece(
        &job.text,
        (job.line, first),
        &job.guess,
        checker,
        opts,
        share,
        stop,
    );
    // The calling thread gone means it is unwinding.
    let _ = job.tx.send(Done {
        text: job.text,
        pass,
    });
}

/// A piece's share of [`FINDINGS_BUDGET`] with `window` pieces in flight.
fn share(window: usize) -> usize {
    (FINDINGS_BUDGET / window).min(MAX_SHARE)
}

/// The calling thread's part: cuts `input` into pieces, hands each out
/// with its guess (at most `window` in flight), reports them in order, and
/// reads the rest of the input itself where the pieces end.
fn drive<R: Read>(
    mut input: R,
    opts: &AuditOptions,
    window: usize,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
    stop: &AtomicBool,
    hand_out: &mut dyn FnMut(Job),
) -> io::Result<()> {
    summary.files += 1;
    let mut report = Report {
        summary,
        emit,
        truth: Arc::default(),
        checker: Checker::new(opts.pinochle),
        records: 0,
        notes: Carried::default(),
        in_flight: VecDeque::new(),
        bytes: 0,
        opts,
        share: share(window),
    };
    let mut feed = Feed::new(opts, cut_at);
    let end = 'feed: loop {
        let (text, line) = match feed.next(&mut input) {
            Ok(Some(piece)) => piece,
            Ok(None) => break None,
            Err(e) => break Some(Rest::feed(&feed, e)),
        };
        while report.in_flight.len() >= window
            || (!report.in_flight.is_empty() && report.bytes > BUDGET)
        {
            if let Some(mut rest) = report.front(stop) {
                // The piece cut and not handed out follows them.
                rest.texts.push(text);
                break 'feed Some(rest);
            }
        }
        let guess = Arc::new(report.guess());
        report.notes.note_headers(&text);
        let (tx, rx) = sync_channel(1);
        report.bytes += text.len();
        report.in_flight.push_back(InFlight {
            rx,
            guess: guess.clone(),
            line,
            len: text.len(),
        });
        hand_out(Job {
            text,
            line,
            guess,
            tx,
        });
    };
    // The pieces in flight, unless one of them already ended the pieces;
    // after them, what the feed stopped at.
    let rest = match end {
        Some(rest) if !rest.texts.is_empty() => Some(rest),
        end => {
            let mut from_piece = None;
            while !report.in_flight.is_empty() && from_piece.is_none() {
                from_piece = report.front(stop);
            }
            match (from_piece, end) {
                (Some(r), Some(fed)) => Some(Rest {
                    error: fed.error,
                    ..r
                }),
                (r, fed) => r.or(fed),
            }
        }
    };
    let Some(rest) = rest else { return Ok(()) };
    let mut text = rest.texts.concat();
    text.append(&mut feed.pending);
    let text = io::Cursor::new(text);
    match rest.error {
        Some(e) => report.rest(text.chain(FailAfter(Some(e))), rest.line),
        None => report.rest(text.chain(input), rest.line),
    }
}

/// A piece handed out, not yet reported.
struct InFlight {
    rx: Receiver<Done>,
    guess: Arc<Carried>,
    line: u64,
    len: usize,
}

/// Where the pieces end: the rest of the input is read by the calling
/// thread from here on (these texts, what the feed holds, then the input).
struct Rest {
    /// The texts of the pieces not reported, in order.
    texts: Vec<Vec<u8>>,
    /// Lines of the input before them.
    line: u64,
    /// The read error that stopped the feed, reported after the rest (the
    /// input is not read again).
    error: Option<io::Error>,
}

impl Rest {
    /// The feed stopped: no place to cut, or a read error (`e`).
    fn feed(feed: &Feed, e: Option<io::Error>) -> Rest {
        Rest {
            texts: Vec::new(),
            line: feed.line,
            error: e,
        }
    }
}

/// The calling thread's side: what it knows for sure, and the pieces in flight.
struct Report<'a, 'b> {
    summary: &'a mut Summary,
    emit: &'a mut (dyn FnMut(&Finding) + 'b),
    /// The reader's state after the pieces reported.
    truth: Arc<Carried>,
    /// The checker after the pieces reported.
    checker: Checker,
    /// Hands of the pieces reported.
    records: usize,
    /// The `%` lines of the text cut, for the guesses.
    notes: Carried,
    in_flight: VecDeque<InFlight>,
    /// Their text's bytes.
    bytes: usize,
    opts: &'a AuditOptions,
    share: usize,
}

impl Report<'_, '_> {
    /// The guess for the next piece: the latest true state's remembered
    /// values, the headers of the text cut.
    fn guess(&self) -> Carried {
        let mut g = (*self.truth).clone();
        g.set_headers(&self.notes);
        g
    }

    /// Reports the oldest piece in flight, waiting for its worker; or, when
    /// the rest of the input must be read by one reader from that piece on,
    /// gives the pieces up and returns their texts.
    fn front(&mut self, stop: &AtomicBool) -> Option<Rest> {
        let piece = self.in_flight.pop_front()?;
        self.bytes -= piece.len;
        let Done { mut text, pass } = Self::wait(&piece.rx);
        // Headers noted wrong (a `%` line in a comment): noted again from
        // the truth, once this piece is reported.
        let resync = !piece.guess.same_headers(&self.truth);
        let carries = |c: &Checker, p: &Pass| p.first.is_some_and(|n| c.carries_into(n));
        // The worker took the first piece alone to hold the input's first
        // record.
        let first_right = (piece.line == 0) == (self.records == 0) || pass.summary.records == 0;
        if !pass.heavy
            && first_right
            && pass.handover.at_rest()
            && pass.handover.holds(&piece.guess, &self.truth)
            && !carries(&self.checker, &pass)
        {
            self.accept(pass, resync);
            return None;
        }
        // Again from the true state (which cannot be wrong), joined with the
        // pieces after it while it does not end between two hands; not when
        // its findings were too many (they would be again).
        let never = AtomicBool::new(false);
        if !pass.heavy {
            loop {
                let checker = self.checker.clone();
                let (opts, share) = (self.opts, self.share);
                let at = (piece.line, self.records == 0);
                let again = read_piece(&text, at, &self.truth, checker, opts, share, &never);
                if again.heavy {
                    break;
                }
                if again.handover.at_rest() {
                    self.accept(again, resync);
                    return None;
                }
                let Some(next) = self.in_flight.pop_front() else {
                    break;
                };
                self.bytes -= next.len;
                text.extend_from_slice(&Self::wait(&next.rx).text);
            }
        }
        // The rest of the input from this piece on, on this thread.
        stop.store(true, Ordering::Relaxed);
        let mut texts = vec![text];
        while let Some(later) = self.in_flight.pop_front() {
            texts.push(Self::wait(&later.rx).text);
        }
        self.bytes = 0;
        Some(Rest {
            texts,
            line: piece.line,
            error: None,
        })
    }

    /// The result of a piece handed out.
    fn wait(rx: &Receiver<Done>) -> Done {
        match rx.recv() {
            Ok(done) => done,
            Err(_) => panic!("a worker reading a piece of a pinochle input stopped"),
        }
    }

    /// Reports a piece's findings, their record indexes shifted by the hands
    /// of the pieces before it, and takes its state at its end as the truth.
    fn accept(&mut self, mut pass: Pass, resync: bool) {
        for f in &mut pass.found {
            f.record += self.records;
            (self.emit)(f);
        }
        self.records += pass.summary.records as usize;
        self.summary.merge(&pass.summary);
        self.truth = Arc::new(pass.handover.next(&self.truth));
        if pass.first.is_some() {
            self.checker = pass.checker;
        }
        if resync {
            self.notes.set_headers(&self.truth);
        }
    }

    /// Audits `input`, the rest of the input after `line` lines, on this
    /// thread with one reader, from the true state.
    fn rest<R: Read>(&mut self, input: R, line: u64) -> io::Result<()> {
        let opts = self.opts;
        let at = (line, self.records);
        let first = self.records == 0;
        let mut reader = Reader::resume(input, opts.limits, at, &self.truth, first);
        let rules = PinochleRules(opts.pinochle);
        let mut sink = RecordSink::new(self.summary, self.emit, opts.limits.max_findings);
        let (bytes, result) =
            audit_records_in(&mut reader, &rules, &mut self.checker, &mut sink, |_| true);
        sink.summary().bytes += bytes;
        result
    }
}

/// Reads and checks the hands of `text`, a piece that starts after `line`
/// lines (`first`: with the input's first record), with a reader resumed
/// from `from` and `checker`; its findings are kept, and it stops (heavy)
/// once they take more than `share` bytes or `stop` is set.
fn read_piece(
    text: &[u8],
    (line, first): (u64, bool),
    from: &Carried,
    mut checker: Checker,
    opts: &AuditOptions,
    share: usize,
    stop: &AtomicBool,
) -> Pass {
    let mut reader = Reader::resume(text, opts.limits, (line, 0), from, first);
    let mut summary = Summary::default();
    let mut found = Vec::new();
    let held = Cell::new(0);
    let (mut first, mut heavy) = (None, false);
    {
        let mut emit = |f: &Finding| {
            if opts.report_findings {
                held.set(held.get() + std::mem::size_of::<Finding>() + f.message.capacity());
                found.push(f.clone());
            }
        };
        let mut sink = RecordSink::new(&mut summary, &mut emit, opts.limits.max_findings);
        let rules = PinochleRules(opts.pinochle);
        // Text in memory cannot fail to read.
        let _ = audit_records_in(&mut reader, &rules, &mut checker, &mut sink, |hand| {
            first.get_or_insert(value(&hand.number).copied());
            heavy = held.get() > share || stop.load(Ordering::Relaxed);
            !heavy
        });
    }
    summary.bytes = reader.bytes_read();
    Pass {
        found,
        summary,
        handover: reader.handover(),
        checker,
        first,
        heavy,
    }
}

/// The first place at or after `from` (a line start) in `buf` where a piece
/// may end: before a line that opens with `[`, whose line before is blank
/// (nothing but blanks), the nearest line before that is not blank neither a
/// `%` line nor one with `{` or `}` (a comment there would belong to the next
/// hand), and whose hand (its lines up to the next blank line) has a line
/// that opens with `[Hand "1"]`. `Err` with where to look again once more
/// text is read. (A narrower test than where one reader starts a hand and a
/// game: the calling thread checks what it relies on.)
fn cut_at(buf: &[u8], from: usize, _max_line: usize) -> Result<usize, usize> {
    let mut at = line_start_from(buf, from)?;
    loop {
        if at >= buf.len() {
            return Err(at);
        }
        if at > 0 && buf[at] == b'[' && blank_before(&buf[..at]) {
            match game_starts(&buf[at..]) {
                Some(true) => return Ok(at),
                Some(false) => {}
                None => return Err(at),
            }
        }
        match memchr::memchr(b'\n', &buf[at..]) {
            Some(len) => at += len + 1,
            None => return Err(at),
        }
    }
}

/// Whether a line is blank: nothing but blanks, as the reader counts them.
fn blank(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r'))
}

/// Whether `text` (which ends with a line end) ends with a blank line, and
/// the nearest line before that is not blank, within [`LOOK`] bytes, is
/// neither a `%` line nor one with a brace (a line that makes a record: a
/// piece is cut after one, so that only the first piece holds the input's
/// first record).
fn blank_before(text: &[u8]) -> bool {
    let lo = text.len().saturating_sub(LOOK);
    let mut end = text.len() - 1;
    let mut blanks = 0;
    loop {
        let start = memchr::memrchr(b'\n', &text[lo..end]).map_or(lo, |i| lo + i + 1);
        let line = &text[start..end];
        if !blank(line) {
            return blanks > 0
                && line.first() != Some(&b'%')
                && memchr::memchr2(b'{', b'}', line).is_none();
        }
        blanks += 1;
        // Nothing but blank lines back to the buffer's start (the input's,
        // or the last cut's) or beyond the look-back: no record before.
        if start == lo {
            return false;
        }
        end = start - 1;
    }
}

/// Whether the hand that starts `text` has a line that opens with
/// `[Hand "1"]` before its first blank line; `None` when `text` ends first
/// (within [`LOOK`] bytes: `Some(false)` beyond).
fn game_starts(text: &[u8]) -> Option<bool> {
    let mut at = 0;
    loop {
        if at >= LOOK {
            return Some(false);
        }
        let len = memchr::memchr(b'\n', &text[at..])?;
        let line = &text[at..at + len];
        if blank(line) {
            return Some(false);
        }
        if line.starts_with(b"[Hand \"1\"]") {
            return Some(true);
        }
        at += len + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_end_before_a_hand_1_after_a_blank_line() {
        let text = b"% PPN 1.0\n\n[Site \"a\"]\n[Hand \"1\"]\nPass\n\n[Hand \"2\"]\n\n \t\r\n[Site \"b\"]\n[Hand \"1\"]\n\n%x\n\n[Hand \"1\"]\n\n{c}\n\n[Hand \"1\"]\n\n[Hand \"1\"] x\n";
        let at = |s: &str, n: usize| {
            let s = s.as_bytes();
            (0..text.len())
                .filter(|&i| text[i..].starts_with(s))
                .nth(n)
                .unwrap()
        };
        // The first hand after the headers, whose blank line follows a `%` line: no.
        let site_a = at("[Site \"a\"]", 0);
        assert!(!blank_before(&text[..site_a]));
        // Hand 2 starts no game; the hand after the blank lines does.
        let site_b = at("[Site \"b\"]", 0);
        assert_eq!(cut_at(text, 1, 100), Ok(site_b));
        // Not after a `%` line or a comment; the last one, yes.
        let last = at("[Hand \"1\"] x", 0);
        assert_eq!(cut_at(text, site_b + 1, 100), Ok(last));
        // A hand not yet read to its blank line is not judged.
        assert_eq!(cut_at(&text[..last + 4], site_b + 1, 100), Err(last));
        assert_eq!(cut_at(b"[Hand \"1\"]\n", 0, 100), Err(11));
        // Not after blank lines alone: the first piece holds a record.
        assert_eq!(cut_at(b"\n \n[Hand \"1\"]\n\n", 1, 100), Err(15));
        assert_eq!(cut_at(b"x\n \n[Hand \"1\"]\n\n", 1, 100), Ok(4));
    }
}
