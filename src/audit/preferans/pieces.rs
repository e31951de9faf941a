//! One PPN text input on several threads (`--jobs N` on a single file): the
//! calling thread cuts the text into pieces where games start, workers audit
//! the pieces, and the calling thread reports their findings in order.
//!
//! Nothing passes from one game to the next (a game's deals share its sheet,
//! the games of a file share nothing), and PPN text is read line by line with
//! no state from one line to the next. So a piece that starts where one
//! reader of the whole input starts a game, read with its lines numbered from
//! its first line's number, gives exactly the findings that reader gives for
//! those lines; only its record indexes are counted from the piece's first
//! game, and they are shifted when reported.
//!
//! One reader ends a game at the first tag line after one of the game's deal
//! lines ([`super::audit_text`]). A piece ends before a line that is a tag
//! line (`[` then no digit, after any blanks) where the nearest line before
//! it that is not blank is a deal line (`[` and a digit), neither line longer
//! than the line limit ([`cut_at`]): a narrower test, so each such place is
//! one where that reader starts a game.
//!
//! Memory: at most `4 x jobs` pieces (16 at most) and [`BUDGET`] bytes of
//! text in flight, each piece's findings in a channel of [`CHUNKS`] chunks
//! of [`CHUNK`]: a worker ahead of the reporting waits for it. Where
//! 16 piece sizes (from 128 KiB to 4 MiB: [`Feed`]) hold no place to cut,
//! and after a read error, the calling thread reads the rest of the
//! input itself, once the pieces before are reported.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::{Start, audit_text_from};
use crate::Finding;
use crate::audit::feed::{Feed, line_start_from};
use crate::audit::sniff::FailAfter;
use crate::audit::{AuditOptions, Summary};

/// Findings per message from a worker.
const CHUNK: usize = 64;
/// Messages a piece's channel holds before its worker waits.
const CHUNKS: usize = 4;
/// Most pieces in flight, whatever the number of workers.
const MAX_WINDOW: usize = 16;
/// No new piece is handed out while the pieces in flight hold more text.
const BUDGET: usize = 4 << 20;
/// What a worker sends back about its piece.
enum Msg {
    Findings(Vec<Finding>),
    /// The piece is audited: its summary.
    Done(Summary),
}

/// A piece for a worker.
struct Job {
    text: Vec<u8>,
    start: Start,
    tx: SyncSender<Msg>,
}

/// Audits PPN text as [`super::audit_text`] does, on `opts.input_jobs`
/// threads (at most [`crate::audit::pieces::MAX_WORKERS`]).
pub(crate) fn audit_text_shared<R: Read>(
    mut input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    let jobs = opts.input_jobs.clamp(1, crate::audit::pieces::MAX_WORKERS);
    let window = (4 * jobs).min(MAX_WINDOW);
    let (job_tx, job_rx) = sync_channel::<Job>(window);
    let job_rx = Mutex::new(job_rx);
    summary.files += 1;
    let mut report = Report::new(summary, emit);
    let mut feed = Feed::new(opts, cut_at);
    let workers = crate::audit::contain::Workers::new();
    let rest = std::thread::scope(|s| {
        for _ in 0..jobs {
            workers.spawn(s, &job_rx, |j| &j.text, |job| audit_piece(job, opts));
        }
        let rest = loop {
            let piece = match feed.next(&mut input) {
                Ok(Some((text, line))) => (text, Start { line, records: 0 }),
                Ok(None) => break None,
                Err(rest) => break Some(rest),
            };
            while report.in_flight.len() >= window
                || (!report.in_flight.is_empty() && report.bytes > BUDGET)
            {
                report.front();
            }
            let (tx, rx) = sync_channel(CHUNKS);
            report.bytes += piece.0.len();
            report.in_flight.push_back((rx, piece.0.len()));
            let job = Job {
                text: piece.0,
                start: piece.1,
                tx,
            };
            if job_tx.send(job).is_err() {
                panic!("the workers of a shared preferans input stopped");
            }
        };
        drop(job_tx);
        while !report.in_flight.is_empty() {
            report.front();
        }
        rest
    });
    match rest {
        None => Ok(()),
        Some(Some(e)) => report.rest(&mut feed, FailAfter(Some(e)), opts),
        Some(None) => report.rest(&mut feed, input, opts),
    }
}

/// [`audit_text_shared`]'s cuts and reporting on the calling thread alone,
/// each piece audited on its own as a worker would (for the fuzzer, which
/// compares it with one reader: no threads per input). Text in memory.
pub(crate) fn audit_text_in_pieces(
    text: &[u8],
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) {
    summary.files += 1;
    let mut report = Report::new(summary, emit);
    let mut feed = Feed::new(opts, cut_at);
    let mut input = text;
    loop {
        let (text, start) = match feed.next(&mut input) {
            Ok(Some((text, line))) => (text, Start { line, records: 0 }),
            Ok(None) => return,
            Err(_) => {
                // No cut within the search: the rest on one reader.
                let _ = report.rest(&mut feed, input, opts);
                return;
            }
        };
        let (mut part, mut found) = (Summary::default(), Vec::new());
        let _ = audit_text_from(&text[..], start, opts, &mut part, &mut |f| {
            found.push(f.clone())
        });
        report.findings(&mut found);
        report.add(part);
    }
}

/// A worker's part: audits `job`'s piece, its findings sent in chunks.
fn audit_piece(job: Job, opts: &AuditOptions) {
    let Job { text, start, tx } = job;
    let mut summary = Summary::default();
    let mut chunk = Vec::with_capacity(CHUNK);
    {
        let mut emit = |f: &Finding| {
            if !opts.report_findings {
                return;
            }
            chunk.push(f.clone());
            if chunk.len() == CHUNK {
                let full = std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK));
                // The calling thread gone means it is unwinding: nothing to do.
                let _ = tx.send(Msg::Findings(full));
            }
        };
        // Text in memory cannot fail to read.
        let _ = audit_text_from(&text[..], start, opts, &mut summary, &mut emit);
    }
    if !chunk.is_empty() {
        let _ = tx.send(Msg::Findings(chunk));
    }
    let _ = tx.send(Msg::Done(summary));
}

/// The calling thread's side of the pieces in flight.
struct Report<'a, 'b> {
    summary: &'a mut Summary,
    emit: &'a mut (dyn FnMut(&Finding) + 'b),
    /// Games in the pieces reported.
    records: usize,
    /// The pieces handed out, oldest first, with their sizes.
    in_flight: VecDeque<(Receiver<Msg>, usize)>,
    /// Their text's bytes.
    bytes: usize,
}

impl<'a, 'b> Report<'a, 'b> {
    fn new(summary: &'a mut Summary, emit: &'a mut (dyn FnMut(&Finding) + 'b)) -> Self {
        Report {
            summary,
            emit,
            records: 0,
            in_flight: VecDeque::new(),
            bytes: 0,
        }
    }

    /// Reports the oldest piece in flight, waiting for its worker.
    fn front(&mut self) {
        let Some((rx, len)) = self.in_flight.pop_front() else {
            return;
        };
        self.bytes -= len;
        loop {
            match rx.recv() {
                Ok(Msg::Findings(mut chunk)) => self.findings(&mut chunk),
                Ok(Msg::Done(summary)) => {
                    self.add(summary);
                    return;
                }
                Err(_) => {
                    // Let the other workers' sends fail, so that they end
                    // and the scope can end with this panic.
                    self.in_flight.clear();
                    panic!("a worker auditing a piece of a preferans input stopped")
                }
            }
        }
    }

    /// Reports findings of the piece being reported, their record indexes
    /// shifted by the games of the pieces before it.
    fn findings(&mut self, found: &mut [Finding]) {
        for f in found {
            f.record += self.records;
            (self.emit)(f);
        }
    }

    /// Audits the rest of the input on this thread, once the pieces in
    /// flight are reported: the text `feed` read and did not hand out, then
    /// `input`, its lines and games numbered on from the pieces'.
    fn rest<R: Read>(&mut self, feed: &mut Feed, input: R, opts: &AuditOptions) -> io::Result<()> {
        let start = Start {
            line: feed.line,
            records: self.records,
        };
        let text = io::Cursor::new(std::mem::take(&mut feed.pending)).chain(input);
        let mut part = Summary::default();
        let result = audit_text_from(text, start, opts, &mut part, &mut *self.emit);
        self.add(part);
        result
    }

    /// Adds a piece's summary (its one file already counted).
    fn add(&mut self, mut part: Summary) {
        self.records += part.records as usize;
        part.files = 0;
        self.summary.merge(&part);
    }
}

/// The first place at or after `from` in `buf` where a piece may end (the
/// start of a line where one reader starts a game: see the module
/// documentation); `Err` with where to look again once more text is read.
fn cut_at(buf: &[u8], from: usize, max_line: usize) -> Result<usize, usize> {
    let mut at = line_start_from(buf, from)?;
    loop {
        let Some(len) = memchr::memchr(b'\n', &buf[at..]) else {
            return Err(at);
        };
        let line = &buf[at..at + len];
        if at > 0 && len < max_line && starts_tag(line) && deal_before(&buf[..at], max_line) {
            return Ok(at);
        }
        at += len + 1;
    }
}

/// Whether `line` (without its line end) is read as a tag line: its first
/// byte that is no blank is `[`, and the next is no digit.
fn starts_tag(line: &[u8]) -> bool {
    let t = trimmed(line);
    t.first() == Some(&b'[') && !t.get(1).is_some_and(u8::is_ascii_digit)
}

/// Whether the last line of `text` (which ends with a line end) that is not
/// blank is a deal line no longer than `max_line`.
fn deal_before(text: &[u8], max_line: usize) -> bool {
    let mut end = text.len() - 1;
    loop {
        let start = memchr::memrchr(b'\n', &text[..end]).map_or(0, |i| i + 1);
        let t = trimmed(&text[start..end]);
        if !t.is_empty() {
            return end - start < max_line
                && t.first() == Some(&b'[')
                && t.get(1).is_some_and(u8::is_ascii_digit);
        }
        if start == 0 {
            return false;
        }
        end = start - 1;
    }
}

/// `line` without the blanks around it, as the reader classifies it.
fn trimmed(line: &[u8]) -> &[u8] {
    line.trim_ascii()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two games of two deals, blank lines and a comment-like line between.
    const TEXT: &[u8] = b"[Bula 60]\n[Refe 2]\n\n[1 123 x]\n[2 231 y]\n\n[Bula 30]\n[3 1 z]\n   \r\n  [Bula 9]\r\nnote\n[Refe 1]\n[4 1 w]\n[Bula 1]\n";

    /// Every piece `Feed` hands out for `text` in pieces of about `size`
    /// bytes, with the line each starts after.
    fn pieces(text: &[u8], size: usize) -> Vec<(Vec<u8>, u64)> {
        let mut feed = Feed::with(size, crate::audit::feed::MAX_SEARCH, 100, cut_at);
        let mut input = text;
        let mut out = Vec::new();
        while let Some(piece) = feed.next(&mut input).unwrap() {
            out.push(piece);
        }
        out
    }

    #[test]
    fn pieces_start_where_games_start_and_hold_the_whole_text() {
        let starts = |size| -> Vec<usize> {
            let p = pieces(TEXT, size);
            let whole: Vec<u8> = p.iter().flat_map(|(t, _)| t.iter().copied()).collect();
            assert_eq!(whole, TEXT, "size {size}");
            p.iter()
                .scan(0, |at, (t, _)| {
                    let s = *at;
                    *at += t.len();
                    Some(s)
                })
                .collect()
        };
        let at = |s: &str| {
            TEXT.windows(s.len())
                .position(|w| w == s.as_bytes())
                .unwrap()
        };
        // Tag lines after a deal line (blank lines between) start games; the
        // `[Refe 1]` after `note` does not count (its nearest line is no deal).
        let games = [
            0,
            at("[Bula 30]"),
            at("   \r\n  [Bula 9]") + 5,
            at("[Bula 1]"),
        ];
        assert_eq!(starts(1), games);
        // Larger pieces start at some of those places, each piece's lines
        // numbered on from the lines before it.
        for size in [2, 10, 41, 60, 80, 1000] {
            let s = starts(size);
            assert!(s.iter().all(|x| games.contains(x)), "size {size}: {s:?}");
            for ((_, line), at) in pieces(TEXT, size).into_iter().zip(s) {
                let lines = TEXT[..at].iter().filter(|&&b| b == b'\n').count();
                assert_eq!(line, lines as u64, "size {size}");
            }
        }
        assert_eq!(starts(60), [0, games[2]]);
        assert_eq!(starts(1000), [0]);
    }

    #[test]
    fn no_cut_after_or_before_a_line_over_the_limit() {
        // A deal line or a tag line over the limit is not read as one.
        let long = [&b"[1 1 "[..], &[b'x'; 120], b"]\n[Bula 60]\n"].concat();
        assert_eq!(cut_at(&long, 1, 100), Err(long.len()));
        assert_eq!(cut_at(&long, 1, 200), Ok(long.len() - 10));
        let long = [&b"[1 1 x]\n[Bula "[..], &[b'6'; 120], b"]\n"].concat();
        assert_eq!(cut_at(&long, 1, 100), Err(long.len()));
        assert_eq!(cut_at(&long, 1, 200), Ok(8));
        // A line not yet ended is not judged.
        assert_eq!(cut_at(b"[1 1 x]\n[Bula", 1, 100), Err(8));
    }
}
