//! One PBN or LIN input on several threads, in pieces, reported exactly as
//! on one.
//!
//! The calling thread reads the input in pieces of about
//! [`AuditOptions::input_piece`] bytes, each cut where a record may start
//! (the notation's [`Pieced::find_cut`]: for PBN the start of a line that
//! opens a tag pair or is an escape line, right after an empty line; for LIN
//! the start of a line that opens a `qx`, `vg` or `pn` tag), and hands them
//! out in order to `input_jobs - 1` workers (it reads a piece itself whenever
//! it would otherwise wait for them, so that `input_jobs` threads work, not
//! one more). A worker reads its piece with a reader of its own, resumed from
//! a guess of the state that records hand on to the records after them, decodes
//! and checks every record, and sends back its findings with what it read of
//! the guess. The calling thread takes the pieces back in order. It knows the
//! true state at the start of each (the one at the end of the piece before):
//! when the guess agreed with it on everything the piece's reader read, the
//! piece's findings are those of one reader over the whole input and are
//! reported; when it did not, the calling thread reads the piece again from
//! the true state, which cannot fail.
//!
//! What is carried and guessed is the notation's ([`Pieced`], `pbn.rs` and
//! `lin.rs`). PBN: `#` and `##` values, `% EXPORT`, `% PBN`
//! (`pbn::reader::resume`); the guess takes the export flag, version and
//! sticky tags from the calling thread's scan of the `%` lines and `"##`
//! values before the piece, the value of an inherited tag from the nearest
//! pieces in flight (the values their reader gave once it is done, else the
//! last `[Name "value"]` in their text), else from the latest true state the
//! calling thread has. LIN: the vugraph header in effect
//! (`lin::reader::resume`), guessed from the last `vg` of the text cut.
//!
//! A piece that did not end between records (PBN: a `{` comment open over
//! the cut; LIN: a value over the cut, or a `pn` line that starts no record;
//! [`Pieced::at_rest`]) is read again by the calling thread joined with
//! the next piece (and the next, until the joined piece ends between
//! records). An input with no cut in [`Pieced::SEARCH`] times the piece
//! size (PBN 16, LIN 4; at most [`MAX_PIECE`] bytes), pieces joined beyond
//! that size, or a piece not at rest when no more pieces come, ends the
//! pieces: from there the rest of the input is read by one reader and its
//! records shared out as `split.rs` does.
//!
//! Line numbers come out exact (the calling thread counts the lines before each
//! piece); record indexes are counted from the piece's start and shifted when
//! reported; ScoreIMP tables are added in order by the calling thread, as
//! `bridge::check` adds them. `tests/split.rs` (PBN) and
//! `tests/split_lin_rbn.rs` (LIN) compare findings and summaries with one
//! thread's on generated and real files, with pieces of every size.
//!
//! Lines cannot be numbered from a piece's start and shifted the same way:
//! messages hold positions (`(at 27:1)` in `pbn.continuation`, the end of an
//! auction or a `+` in bridge faults, the line of an unclosed comment), which
//! a reader that does not know its first line would write wrong. That was
//! tried in the seventh speed session (the count is about 0.6% of `-j2`'s time
//! on the 160 MB file) and `tests/split.rs` caught it on the fuzz inputs.
//!
//! Memory: at most `window` pieces (and [`BUDGET`] bytes of text) are in
//! flight, the guess of each holds at most [`BEFORE`] earlier pieces, plus each
//! worker's reader, record, board and two result buffers (a result buffer goes
//! back to the thread that filled it, which frees its findings: see
//! [`Done::home`]).
//!
//! A worker's reader copies its piece into its line buffer as it reads. A
//! line reader over the shared text in place was tried: on 20 MB of PBN it
//! saved 20M instructions of copying, but the PBN reader over a shared `Arc`
//! buffer ran 24.5M more (9% of its own; why was not pinned down), and the
//! time did not change.

use std::collections::VecDeque;
use std::io::{self, ErrorKind, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::contain::Workers;
use super::split::{Checked, KEEP_RAW, PanicFlag, pipeline};
use super::{AuditOptions, Counted, RecordSink, Summary};
use crate::Finding;
use crate::bridge::Board;
use crate::bridge::imp::Tables;
use crate::notation::{Decode, RawRecord, RecordReader};

mod lin;
mod pbn;

pub(super) use lin::Lin;
pub(super) use pbn::Pbn;

/// A notation whose inputs can be read in pieces (see the module
/// documentation): where a piece may end, the guess a piece's reader starts
/// from, and how what it read is checked against the truth. Implemented for
/// PBN ([`Pbn`]) and LIN ([`Lin`]). (Not `Notation`: that is the audit's
/// enum of notations.)
pub(super) trait Pieced: 'static {
    /// The raw record.
    type Raw: RawRecord + Decode<Board> + Default + Send;
    /// The reader over any input.
    type Reader<R: Read>: RecordReader<Raw = Self::Raw>;
    /// The reader's limits.
    type Limits: Copy + Send + Sync;
    /// What records hand on to the records after them, between two records.
    type State: Default + Send + Sync;
    /// What a piece's reader starts from.
    type Guess: Send;
    /// What a piece's reader read of its guess, and what it hands on.
    type Handover: Send;
    /// What the calling thread notes of the text it cut, for the guesses.
    type Notes;
    /// What a piece in flight offers the guesses of the pieces after it.
    type Earlier: Clone + Send + Sync;

    /// How many piece sizes of text the feed reads, looking for a place to
    /// cut, before the rest of the input goes to one reader (at most
    /// [`MAX_PIECE`] bytes): the text read is held until then.
    const SEARCH: usize;

    /// The reader's limits for the audit's options.
    fn limits(opts: &AuditOptions) -> Self::Limits;
    /// Nothing noted yet.
    fn notes(limits: Self::Limits) -> Self::Notes;
    /// The first place at or after `from` (at least 1) where a piece may end.
    fn find_cut(buf: &[u8], from: usize) -> Option<usize>;
    /// The last place in `buf` where a piece may end.
    fn last_cut(buf: &[u8]) -> Option<usize>;
    /// Notes what `text`, a piece that starts after `line` lines, holds for
    /// the guesses of the pieces after it.
    fn scan(notes: &mut Self::Notes, text: &[u8], line: u64);
    /// What the piece of `text` offers later guesses while in flight.
    fn earlier(text: &Arc<Vec<u8>>) -> Self::Earlier;
    /// The guess for the next piece: from the notes, the latest true state
    /// `base` and the nearest pieces in flight `before`.
    fn guess(
        notes: &mut Self::Notes,
        base: &Arc<Self::State>,
        before: Vec<Self::Earlier>,
    ) -> Self::Guess;
    /// The true state as a guess.
    fn exact(state: &Arc<Self::State>) -> Self::Guess;
    /// A reader over `input`, which starts between two records at `at`.
    fn resume<R: Read>(input: R, limits: Self::Limits, at: At<Self::Guess>) -> Self::Reader<R>;
    /// What `reader`, whose input has ended, hands on.
    fn handover<R: Read>(reader: &mut Self::Reader<R>) -> Self::Handover;
    /// Gives the values a piece's records gave to later guesses.
    fn publish(handover: &Self::Handover, earlier: &Self::Earlier);
    /// Whether the piece ended between records, `after` (its first bytes)
    /// following it.
    fn at_rest(handover: &Self::Handover, after: &[u8]) -> bool;
    /// Whether the guess agreed with `truth` on everything the reader read of it.
    fn holds(handover: &Self::Handover, truth: &Self::State) -> bool;
    /// The true state at the piece's end, `truth` at its start.
    fn next(handover: &Self::Handover, truth: &Self::State) -> Self::State;
}

/// Where a piece's reader starts.
pub(super) struct At<G> {
    /// Lines of the input before it.
    pub(super) line: u64,
    /// Records of the input before it.
    pub(super) records: usize,
    /// Whether it starts the input.
    pub(super) first: bool,
    pub(super) guess: G,
}

/// The most bytes the findings of the pieces in flight hold: a piece's
/// reader stops once its findings take more than this over the window
/// ([`Done::heavy`]), and from that piece on the rest of the input is read by
/// one reader and its records shared out as `split.rs` does (at most 16
/// batches of 32 records in flight). Without it the findings in flight grew
/// with the findings per byte of input: 50 MiB of peak RSS with `-j6` on a
/// LIN file of 50,000 records with 200 findings each (fourteenth session).
/// The real corpus has pieces of 256 KiB whose findings take 328 KB.
const FINDINGS_BUDGET: usize = 8 << 20;
/// The most of [`FINDINGS_BUDGET`] one piece may take.
const MAX_SHARE: usize = 1 << 20;

/// How many bytes of what follows a piece [`Out::after`] keeps.
const AFTER: usize = 8;

/// Longest piece (at most [`Pieced::SEARCH`] times the piece size: 4 MiB
/// for PBN with the default size, 1 MiB for LIN): past this many bytes
/// without a place to cut, the rest of the input is read by one reader.
pub(super) const MAX_PIECE: usize = 16 << 20;
/// No new piece is handed out while the pieces in flight hold more text than
/// this (a piece holds at least one record, however large).
const BUDGET: usize = 4 << 20;
/// Most pieces in flight, whatever the number of workers.
const MAX_WINDOW: usize = 16;
/// Most workers on one input: each holds a reader, a record, a board and its
/// allocator's free memory: about 2.4 MiB of peak RSS each on the corpus file,
/// up to 5 MiB on a LIN file of 200 findings a record (`-q -j6` on that
/// file peaked at 29.9-34.7 MiB with 6; with 4, 20.8-22.0 MiB at any `-j`).
pub(super) const MAX_WORKERS: usize = 4;
/// Pieces in flight whose values the guess of the next one looks at (beyond
/// them, the latest true state).
const BEFORE: usize = 4;
/// The most text the guess of a piece holds.
const BEFORE_BYTES: usize = 1 << 20;
/// Piece buffers kept for reuse: as many as the texts that guesses hold
/// after their pieces were reported, so that a new one is rarely made (each
/// is zeroed and faulted in page by page).
const SPARE: usize = 8;
/// Bytes read past the piece size to find a place to cut in (what follows
/// the cut is copied to the next piece's buffer), and then at a time while
/// none is found.
const PAST: usize = 1 << 10;
const MORE: usize = 16 << 10;
/// Room in a piece buffer past the piece size, so that looking further for
/// a place to cut mostly needs no larger buffer.
const SLACK: usize = 64 << 10;
/// Record results kept per piece buffer for reuse.
const KEEP_CHECKED: usize = 4096;
/// Room for findings kept per record result for reuse.
const KEEP_FINDINGS: usize = 4;
/// Result buffers the calling thread keeps for the pieces it reads (each
/// worker has its own, [`Done::home`]).
const KEEP_FREE: usize = 4;

/// A piece of the input for a worker.
struct Piece<N: Pieced> {
    seq: u64,
    text: Arc<Vec<u8>>,
    at: At<N::Guess>,
    /// Where the values its records give are published for the next pieces' guesses.
    earlier: N::Earlier,
}

/// What a worker found in a piece.
struct Done<N: Pieced> {
    seq: u64,
    checked: Vec<Checked>,
    /// Records read (the first `len` of `checked`).
    len: usize,
    handover: N::Handover,
    /// Whether its reader stopped once its findings took more than its share
    /// of [`FINDINGS_BUDGET`] (then nothing else of it counts).
    heavy: bool,
    /// The thread that read the piece ([`CALLER`] or a worker's index): its
    /// findings were made there and are freed there, when `checked` comes
    /// back to it for another piece (memory freed by another thread than the
    /// one that took it costs the allocator much more).
    home: usize,
}

/// [`Done::home`] of the calling thread.
const CALLER: usize = usize::MAX;

/// A thread's buffers for reading pieces.
struct Bench<N: Pieced> {
    raw: N::Raw,
    board: Board,
    home: usize,
    /// A piece's share of [`FINDINGS_BUDGET`].
    heavy: usize,
    /// The first piece found heavy ([`u64::MAX`] while none is): the pieces
    /// after it are not read, and no more are cut.
    heavy_from: Arc<AtomicU64>,
}

impl<N: Pieced> Bench<N> {
    fn new(home: usize, window: usize, heavy_from: &Arc<AtomicU64>) -> Bench<N> {
        Bench {
            heavy: (FINDINGS_BUDGET / window).min(MAX_SHARE),
            heavy_from: heavy_from.clone(),
            raw: N::Raw::default(),
            board: Board::default(),
            home,
        }
    }
}

/// Reads, decodes and checks the records of `piece` into `checked`, a result
/// buffer of this thread (whose findings, reported, are freed here).
fn read_piece<N: Pieced>(
    piece: Piece<N>,
    limits: N::Limits,
    bench: &mut Bench<N>,
    mut checked: Vec<Checked>,
) -> Done<N> {
    let Bench {
        raw,
        board,
        home,
        heavy: share,
        heavy_from,
    } = bench;
    let Piece {
        seq,
        text,
        at,
        earlier,
    } = piece;
    let mut reader = N::resume(&text[..], limits, at);
    let (mut len, mut held) = (0, 0);
    // Reading from memory cannot fail.
    while seq <= heavy_from.load(Ordering::Relaxed)
        && let Ok(true) = reader.read_record(raw)
    {
        if checked.len() == len {
            checked.push(Checked::default());
        }
        // The slot's findings of an earlier piece, if any are left (a buffer
        // frees them when it comes back to its thread), are freed just
        // before the record's own are made.
        checked[len].forget(KEEP_FINDINGS);
        checked[len].check(raw, board);
        held += (checked[len].findings.iter())
            .map(|f| std::mem::size_of::<Finding>() + f.message.capacity())
            .sum::<usize>();
        len += 1;
        if raw.held_bytes() > KEEP_RAW {
            *raw = N::Raw::default();
        }
        if held > *share {
            heavy_from.fetch_min(seq, Ordering::Relaxed);
            break;
        }
    }
    // And those of the slots this piece did not reach.
    (checked[len..].iter_mut()).for_each(|c| c.forget(KEEP_FINDINGS));
    // A piece after the first heavy one is not finished either.
    let heavy = seq >= heavy_from.load(Ordering::Relaxed);
    let handover = N::handover(&mut reader);
    N::publish(&handover, &earlier);
    Done {
        seq,
        checked,
        len,
        handover,
        heavy,
        home: *home,
    }
}

/// Audits the input `input` of the notation `N` with `opts.input_jobs` workers
/// (see the module documentation), counting it in `summary`.
pub(super) fn audit_shared<N: Pieced, R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    summary.files += 1;
    let mut input = Counted {
        inner: input,
        bytes: 0,
    };
    let result = {
        let mut sink = RecordSink::new(summary, emit, opts.limits.max_findings);
        run::<N, _>(&mut input, opts, &mut sink)
    };
    summary.bytes += input.bytes;
    result
}

/// Where the pieces ended early: the rest of the input is read from here by
/// one reader.
struct Rest<N: Pieced> {
    /// The text of the pieces not reported.
    text: Vec<u8>,
    /// What was read after them: the feed's buffer, moved, not copied (it
    /// holds up to [`MAX_PIECE`] bytes when no place to cut was found; a
    /// copy doubled the peak: 37.8 MiB on a LIN file of one 100 MB value).
    tail: Vec<u8>,
    at: At<N::Guess>,
    tables: Tables,
    /// The read error that ended the input, reported after the rest.
    error: Option<io::Error>,
}

fn run<N: Pieced, R: Read>(
    input: &mut R,
    opts: &AuditOptions,
    sink: &mut RecordSink<'_>,
) -> io::Result<()> {
    let jobs = opts.input_jobs.clamp(1, MAX_WORKERS);
    // More pieces in flight cost more than they save: with -j2 on the 160 MB
    // file (10 alternating runs, least CPU) a window of 4 took 647 ms, 6 took
    // 678 and 8 took 695; 3 took 650. Not pinned down: more texts in flight to
    // search and to keep in cache.
    let window = (2 * jobs).clamp(4, MAX_WINDOW);
    let limits = N::limits(opts);
    let (work_tx, work_rx) = sync_channel::<Piece<N>>(window);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Done<N>>();
    let failed = AtomicBool::new(false);
    let stop = AtomicBool::new(false);
    let heavy_from = Arc::new(AtomicU64::new(u64::MAX));
    let workers = Workers::new();
    let outcome = std::thread::scope(|s| {
        // The calling thread is one of the `jobs`: it reads pieces itself
        // whenever it would otherwise wait for the workers.
        let mut homes = Vec::new();
        for home in 0..(jobs - 1).max(1) {
            let done_tx: Sender<Done<N>> = done_tx.clone();
            // The worker's result buffers, back from the calling thread.
            let (back_tx, back_rx) = channel::<Vec<Checked>>();
            homes.push(back_tx);
            let (work_rx, failed, stop, heavy_from) = (&work_rx, &failed, &stop, &heavy_from);
            let workers = workers.clone();
            s.spawn(move || {
                workers.run(|| {
                    let _guard = PanicFlag(failed);
                    let mut bench = Bench::<N>::new(home, window, heavy_from);
                    let mut own = Vec::new();
                    loop {
                        // The lock is held only while waiting for the next piece.
                        let job = work_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok(piece)) = job else { break };
                        #[cfg(test)]
                        crate::audit::contain::worker_fault(&piece.text);
                        if stop.load(Ordering::Relaxed)
                            || piece.seq > heavy_from.load(Ordering::Relaxed)
                        {
                            continue;
                        }
                        // More come back than it needs after it read ahead of
                        // their return: it keeps two.
                        for mut back in back_rx.try_iter() {
                            // Its findings are freed now, not as the slots are
                            // reused, so that findings reported do not stay
                            // alive beyond the pieces in flight.
                            back.iter_mut().for_each(|c| c.forget(KEEP_FINDINGS));
                            if own.len() < 2 {
                                own.push(back);
                            }
                        }
                        let checked = own.pop().unwrap_or_default();
                        let done = read_piece(piece, limits, &mut bench, checked);
                        if done_tx.send(done).is_err() {
                            break;
                        }
                    }
                })
            });
        }
        drop(done_tx);
        let mut m = Merge {
            sink,
            limits,
            feed: Feed::new(opts.input_piece.max(1), N::notes(limits)),
            out: VecDeque::new(),
            state: Arc::new(N::State::default()),
            records: 0,
            tables: Tables::default(),
            free: Vec::new(),
            homes,
            retired: VecDeque::new(),
            bench: Bench::new(CALLER, window, &heavy_from),
        };
        let alive = || !failed.load(Ordering::Relaxed);
        let crew = Crew {
            work: &work_tx,
            queue: &work_rx,
            done: &done_rx,
            alive: &alive,
        };
        let outcome = m.pieces(input, &crew, window);
        // The input's end, when the pieces read it all (else the tables went
        // to the reader of the rest, and are empty here).
        let mut late = Vec::new();
        m.tables.finish(&mut late);
        m.sink.late(crate::Game::Bridge, &mut late);
        stop.store(true, Ordering::Relaxed);
        drop(work_tx);
        outcome
    });
    match outcome? {
        None => Ok(()),
        Some(Rest {
            text,
            tail,
            at,
            tables,
            error: Some(e),
        }) => {
            // The input already failed: the rest is what was read before.
            let mut reader = N::resume(text.chain(&tail[..]), limits, at);
            pipeline(&mut reader, jobs, sink, tables)?;
            Err(e)
        }
        Some(Rest {
            text,
            tail,
            at,
            tables,
            error: None,
        }) => {
            let rest = io::Cursor::new(text).chain(io::Cursor::new(tail));
            let mut reader = N::resume(rest.chain(input), limits, at);
            pipeline(&mut reader, jobs, sink, tables)
        }
    }
}

/// The workers as the calling thread sees them.
struct Crew<'a, N: Pieced> {
    work: &'a SyncSender<Piece<N>>,
    /// The pieces not taken yet (the calling thread takes one when idle).
    queue: &'a Mutex<Receiver<Piece<N>>>,
    done: &'a Receiver<Done<N>>,
    alive: &'a dyn Fn() -> bool,
}

/// A piece handed out and not yet reported.
struct Out<N: Pieced> {
    /// The pieces it is (two or more when pieces were joined, `report`).
    seqs: (u64, u64),
    text: Arc<Vec<u8>>,
    /// For the guesses of the pieces after it.
    earlier: N::Earlier,
    line: u64,
    first: bool,
    last: bool,
    /// The first bytes of what follows it in the input.
    after: Head,
    done: Option<Done<N>>,
}

/// The calling thread's side: cut pieces, hand them out, report them in order.
struct Merge<'s, 'a, N: Pieced> {
    sink: &'s mut RecordSink<'a>,
    limits: N::Limits,
    feed: Feed<N>,
    /// Pieces handed out, in order.
    out: VecDeque<Out<N>>,
    /// The true state at the start of the first piece in `out`.
    state: Arc<N::State>,
    /// Records reported so far.
    records: usize,
    tables: Tables,
    /// Result buffers of pieces reported, for the next pieces.
    free: Vec<Vec<Checked>>,
    /// Where the workers' result buffers go back to them, by index.
    homes: Vec<Sender<Vec<Checked>>>,
    /// Texts of pieces reported, until the pieces whose guesses hold them are
    /// read: then their buffers are reused.
    retired: VecDeque<Arc<Vec<u8>>>,
    /// For the pieces read here.
    bench: Bench<N>,
}

impl<N: Pieced> Merge<'_, '_, N> {
    /// Hands out the pieces of `input` and reports them; `Some` when the rest
    /// must be read by one reader.
    fn pieces<R: Read>(
        &mut self,
        input: &mut R,
        crew: &Crew<'_, N>,
        window: usize,
    ) -> io::Result<Option<Rest<N>>> {
        let mut seq = 0u64;
        let mut error = None;
        loop {
            while let Ok(d) = crew.done.try_recv() {
                self.arrive(d);
            }
            if let Some(rest) = self.report(false) {
                return Ok(Some(rest));
            }
            let held: usize = self.out.iter().map(|o| o.text.len()).sum();
            if self.out.len() >= window || (held > BUDGET && !self.out.is_empty()) {
                self.wait(crew);
                continue;
            }
            let heavy = self.bench.heavy_from.load(Ordering::Relaxed) != u64::MAX;
            if error.is_some() || self.feed.ended || heavy {
                break;
            }
            self.recycle();
            let cut = match self.feed.next(input) {
                Ok(Some(Next::Piece(cut))) => cut,
                // No place to cut: the rest from here, after the pieces out.
                Ok(Some(Next::TooLong)) => break,
                Ok(None) => break,
                Err(e) => {
                    error = Some(e);
                    continue;
                }
            };
            let Cut {
                text,
                line,
                first,
                last,
                after,
            } = cut;
            let before = self.before();
            let guess = N::guess(&mut self.feed.notes, &self.state, before);
            N::scan(&mut self.feed.notes, &text, line);
            let earlier = N::earlier(&text);
            let at = At {
                line,
                records: 0,
                first,
                guess,
            };
            let piece = Piece {
                seq,
                text: text.clone(),
                at,
                earlier: earlier.clone(),
            };
            seq += 1;
            self.out.push_back(Out {
                seqs: (seq - 1, seq - 1),
                text,
                earlier,
                line,
                first,
                last,
                after,
                done: None,
            });
            if crew.work.send(piece).is_err() {
                panic!("a worker of the shared input stopped");
            }
        }
        // Everything handed out is reported; then what was not cut, if anything.
        while !self.out.is_empty() {
            if let Some(mut rest) = self.report(true) {
                // The rest ends where the read error stopped the input.
                rest.error = error;
                return Ok(Some(rest));
            }
            if !self.out.is_empty() {
                self.wait(crew);
            }
        }
        if let Some(e) = error {
            return Err(e);
        }
        if self.feed.filled == 0 {
            return Ok(None);
        }
        Ok(Some(self.rest()))
    }

    /// Reads the piece `out` here, from the true state at its start (the
    /// result buffer of `wrong`, a reading from a wrong guess, is reused).
    fn read_here(&mut self, out: &Out<N>, wrong: Option<Done<N>>) -> Done<N> {
        if let Some(d) = wrong {
            self.give_back(d);
        }
        let piece = Piece {
            seq: out.seqs.0,
            text: out.text.clone(),
            at: At {
                line: out.line,
                records: 0,
                first: out.first,
                guess: N::exact(&self.state),
            },
            earlier: N::earlier(&out.text),
        };
        let checked = self.free.pop().unwrap_or_default();
        read_piece(piece, self.limits, &mut self.bench, checked)
    }

    /// Keeps the result buffer of `done` for the next pieces.
    fn give_back(&mut self, done: Done<N>) {
        let mut checked = done.checked;
        checked.truncate(KEEP_CHECKED);
        match self.homes.get(done.home) {
            // A worker that ended drops it.
            Some(home) => drop(home.send(checked)),
            None if self.free.len() < KEEP_FREE => {
                checked.iter_mut().for_each(|c| c.forget(KEEP_FINDINGS));
                self.free.push(checked);
            }
            None => {}
        }
    }

    /// The nearest pieces in flight, for a guess: at most [`BEFORE`] of them
    /// and 1 MiB of text (the guess holds it until its piece is read).
    fn before(&self) -> Vec<N::Earlier> {
        let mut held = 0;
        (self.out.iter().rev().take(BEFORE))
            .take_while(|o| {
                held += o.text.len();
                held <= BEFORE_BYTES
            })
            .map(|o| o.earlier.clone())
            .collect()
    }

    /// Gives the feed the buffers of retired pieces no one holds any more.
    fn recycle(&mut self) {
        // Every one is looked at: a text still held must not keep the buffers
        // after it (only the retired list would hold them then).
        for _ in 0..self.retired.len() {
            let Some(text) = self.retired.pop_front() else {
                break;
            };
            match Arc::try_unwrap(text) {
                Ok(buf)
                    if self.feed.spare.len() < SPARE && buf.capacity() <= 2 * self.feed.size =>
                {
                    self.feed.spare.push(buf)
                }
                Ok(_) => {}
                // Still held by the guess of a piece in flight.
                Err(text) => self.retired.push_back(text),
            }
        }
        // A text held long (a guess of a piece far behind) is let go.
        while self.retired.len() > MAX_WINDOW {
            self.retired.pop_front();
        }
    }

    /// Waits for one piece to come back.
    /// Waits for one piece to come back, reading one still queued here rather
    /// than idling.
    fn wait(&mut self, crew: &Crew<'_, N>) {
        loop {
            if let Ok(d) = crew.done.try_recv() {
                return self.arrive(d);
            }
            // A worker waiting for work holds the lock: then nothing is queued.
            let queued = crew.queue.try_lock().ok().and_then(|q| q.try_recv().ok());
            if let Some(piece) = queued {
                let checked = self.free.pop().unwrap_or_default();
                let d = read_piece(piece, self.limits, &mut self.bench, checked);
                return self.arrive(d);
            }
            match crew.done.recv_timeout(Duration::from_millis(50)) {
                Ok(d) => return self.arrive(d),
                Err(RecvTimeoutError::Timeout) if (crew.alive)() => {}
                Err(_) => panic!("a worker of the shared input stopped"),
            }
        }
    }

    fn arrive(&mut self, d: Done<N>) {
        // Pieces joined were read here: what a worker sends for one is dropped.
        if let Some(o) = self.out.iter_mut().find(|o| o.seqs == (d.seq, d.seq)) {
            o.done = Some(d);
        }
    }

    /// Reports the pieces that came back, in order. `Some` when the pieces end
    /// at the first one not reported. `ending`: no more pieces are handed out.
    fn report(&mut self, ending: bool) -> Option<Rest<N>> {
        while self.out.front().is_some_and(|o| o.done.is_some()) {
            let mut out = self.out.pop_front().expect("front exists");
            let mut done = out.done.take().expect("came back");
            if done.heavy {
                // Too many findings to hold in pieces: one reader from here.
                out.done = Some(done);
                self.out.push_front(out);
                return Some(self.rest());
            }
            if !out.last && !N::at_rest(&done.handover, out.after.bytes()) {
                // The piece ended inside a comment or a tag pair: the next one
                // was not read from a record's start. Both are read here again
                // as one piece (the next one's worker result is dropped).
                let Some(next) = self.out.pop_front() else {
                    out.done = Some(done);
                    self.out.push_front(out);
                    // Once no more pieces come, the rest is read by one reader.
                    return ending.then(|| self.rest());
                };
                if out.text.len() + next.text.len() > self.feed.max {
                    // A comment open over many pieces: one reader from here.
                    self.out.push_front(next);
                    self.out.push_front(out);
                    return Some(self.rest());
                }
                let mut text = Vec::with_capacity(out.text.len() + next.text.len());
                text.extend_from_slice(&out.text);
                text.extend_from_slice(&next.text);
                let joined = Out {
                    seqs: (out.seqs.0, next.seqs.1),
                    text: Arc::new(text),
                    done: None,
                    last: next.last,
                    after: next.after,
                    earlier: next.earlier,
                    ..out
                };
                let done = self.read_here(&joined, Some(done));
                self.out.push_front(Out {
                    done: Some(done),
                    ..joined
                });
                continue;
            }
            if !N::holds(&done.handover, &self.state) {
                done = self.read_here(&out, Some(done));
            }
            let base = self.records;
            for c in &mut done.checked[..done.len] {
                c.index += base;
                for f in c.findings.iter_mut().filter(|f| f.record != 0) {
                    f.record += base;
                }
                if let Some(t) = &mut c.table {
                    t.record += base;
                }
                // Left to the thread that made them (see `Done::home`).
                c.report_kept(
                    &mut self.tables,
                    self.sink,
                    <N::Reader<io::Empty> as RecordReader>::RECORD_LIMIT,
                );
            }
            self.records += done.len;
            drop(out.earlier);
            self.retired.push_back(out.text);
            self.state = Arc::new(N::next(&done.handover, &self.state));
            self.give_back(done);
        }
        None
    }

    /// The rest of the input, from the start of the first piece not reported
    /// (or of what the feed holds), for one reader; the results of the pieces
    /// out are dropped.
    fn rest(&mut self) -> Rest<N> {
        let (line, first) = match self.out.front() {
            Some(o) => (o.line, o.first),
            None => (self.feed.line, self.feed.first),
        };
        let mut text = Vec::new();
        for o in self.out.drain(..) {
            text.extend_from_slice(&o.text);
        }
        let mut tail = std::mem::take(&mut self.feed.buf);
        tail.truncate(self.feed.filled);
        self.feed.filled = 0;
        Rest {
            text,
            tail,
            at: At {
                line,
                records: self.records,
                first,
                guess: N::exact(&self.state),
            },
            tables: std::mem::take(&mut self.tables),
            error: None,
        }
    }
}

/// A piece cut from the input.
struct Cut {
    text: Arc<Vec<u8>>,
    /// Lines of the input before it.
    line: u64,
    /// Whether it starts the input.
    first: bool,
    /// Whether it ends the input.
    last: bool,
    /// The first bytes of what follows it.
    after: Head,
}

/// The first bytes (at most [`AFTER`]) of what follows a piece.
#[derive(Copy, Clone, Default)]
struct Head {
    bytes: [u8; AFTER],
    len: u8,
}

impl Head {
    fn of(text: &[u8]) -> Head {
        let mut head = Head::default();
        let n = text.len().min(AFTER);
        head.bytes[..n].copy_from_slice(&text[..n]);
        head.len = n as u8;
        head
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// What [`Feed::next`] found.
enum Next {
    Piece(Cut),
    /// No place to cut in [`Feed::max`] bytes.
    TooLong,
}

/// The input read and cut into pieces, and what the calling thread guesses
/// from the pieces' text.
struct Feed<N: Pieced> {
    /// About how many bytes a piece holds, and the most.
    size: usize,
    max: usize,
    /// Read and not cut yet: the first `filled` bytes of `buf` (the rest is
    /// room, written before, so that reading into it needs no zeroing).
    buf: Vec<u8>,
    filled: usize,
    /// Buffers of pieces no longer used, for reuse.
    spare: Vec<Vec<u8>>,
    /// Lines before `buf`.
    line: u64,
    /// Whether nothing was cut yet.
    first: bool,
    eof: bool,
    /// A read error, returned after the piece read before it.
    failed: Option<io::Error>,
    /// Whether the last piece was cut.
    ended: bool,
    /// What the pieces cut hold for the guesses.
    notes: N::Notes,
}

impl<N: Pieced> Feed<N> {
    fn new(size: usize, notes: N::Notes) -> Feed<N> {
        Feed {
            size,
            max: size.saturating_mul(N::SEARCH).clamp(4096, MAX_PIECE),
            buf: Vec::new(),
            filled: 0,
            spare: Vec::new(),
            line: 0,
            first: true,
            eof: false,
            failed: None,
            ended: false,
            notes,
        }
    }

    /// The next piece: from the start of `buf` to the first place to cut at
    /// or after `size` bytes (the start of a line that opens a tag pair or is
    /// an escape line, right after an empty line), or to the end of the input.
    /// `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// A read error of `input`, after the records read before it (up to the
    /// last place to cut) were given as a piece; what follows them is dropped.
    fn next<R: Read>(&mut self, input: &mut R) -> io::Result<Option<Next>> {
        if let Some(e) = self.failed.take() {
            self.filled = 0;
            return Err(e);
        }
        let mut from = self.size;
        let mut want = self.size.saturating_add(PAST);
        loop {
            while !self.eof && self.filled < want {
                if self.buf.len() < want {
                    // Room past the piece size at once; only what was never
                    // written is zeroed (buffers are reused).
                    let room = want.max(self.size.saturating_add(SLACK));
                    self.buf.reserve(room - self.buf.len());
                    self.buf.resize(want, 0);
                }
                match read_to(input, &mut self.buf[self.filled..want]) {
                    Ok(n) => {
                        self.filled += n;
                        self.eof = n == 0;
                    }
                    Err(e) => {
                        let cut = N::last_cut(&self.buf[..self.filled]);
                        self.failed = Some(e);
                        return match cut {
                            Some(cut) => Ok(Some(Next::Piece(self.cut_at(cut)))),
                            None => self.next(input),
                        };
                    }
                }
            }
            let mut cut = N::find_cut(&self.buf[..self.filled], from);
            if cut.is_none() && self.eof {
                cut = Some(self.filled);
            }
            if let Some(cut) = cut {
                if cut == 0 {
                    self.ended = true;
                    return Ok(None);
                }
                return Ok(Some(Next::Piece(self.cut_at(cut))));
            }
            if self.filled >= self.max {
                return Ok(Some(Next::TooLong));
            }
            // Every place before the end was looked at.
            from = from.max(self.filled);
            want = self.filled + MORE;
        }
    }

    /// The first `cut` bytes of `buf` as a piece.
    fn cut_at(&mut self, cut: usize) -> Cut {
        // The rest goes to the front of a spare buffer, which becomes `buf`.
        let mut next = self.spare.pop().unwrap_or_default();
        let tail = self.filled - cut;
        let after = Head::of(&self.buf[cut..self.filled]);
        if next.len() < tail {
            next.reserve(self.size.saturating_add(SLACK).max(tail) - next.len());
            next.resize(tail, 0);
        }
        next[..tail].copy_from_slice(&self.buf[cut..self.filled]);
        self.filled = tail;
        self.buf.truncate(cut);
        let text = Arc::new(std::mem::replace(&mut self.buf, next));
        let line = self.line;
        self.line += count_lines(&text);
        let first = std::mem::replace(&mut self.first, false);
        let last = self.eof && self.filled == 0;
        self.ended = last;
        Cut {
            text,
            line,
            first,
            last,
            after,
        }
    }
}

/// Reads into `buf` (not empty); 0 at the end of `input`.
fn read_to<R: Read>(input: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match input.read(buf) {
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// The number of line ends in `text`.
fn count_lines(text: &[u8]) -> u64 {
    // The iterator's count is vectorised.
    memchr::memchr_iter(b'\n', text).count() as u64
}
