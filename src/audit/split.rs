//! The rest of one PBN input on several threads, from where it cannot be cut
//! into pieces (`pieces.rs`: a `{` comment open over a place to cut, or no
//! place to cut in 16 MiB), reported exactly as on one.
//!
//! What a PBN record means can depend on everything before it in the file: `#`
//! and `##` copy values of earlier records, `% EXPORT` and `% PBN` lines hold
//! from where they stand, a `{` comment or a tag pair may span a blank line, a
//! record may start without one. All of that lives in the reader, so the
//! calling thread reads the records, in order, with the one reader of the
//! input; it cuts them into batches and hands the batches to `jobs - 1`
//! workers, which decode each record and check it against the rules of bridge
//! (the calling thread checks a batch itself whenever it would otherwise wait
//! for them, so that `jobs` threads work, not `jobs + 1`). The only thing
//! the rules keep from record to record is the table of recent boards for
//! ScoreIMP (`bridge::imp::Tables`): a worker checks each board with an empty
//! context and sends its `Table` back; the calling thread, merging batches in
//! order, adds the tables to the one `Tables` of the input (which reports the
//! ScoreIMP findings, as `bridge::check` would) and hands each record's findings
//! to the input's [`RecordSink`]. Every finding, its order, and the summary are
//! those of the one-thread loop ([`super::audit_records`]): `tests/split.rs`
//! compares them; `tests/memory.rs` bounds the memory.
//!
//! Memory: a batch holds at most `BATCH_RECORDS` records or `BATCH_BYTES` of
//! record buffers, at most `BATCHES_PER_JOB` per worker (and `MAX_BATCHES` in
//! all) are in flight, and no new batch is read while `BUDGET` bytes are (so a
//! huge record is in flight alone); buffers that grew large are dropped, not
//! kept for reuse.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::time::Duration;

use super::RecordSink;
use crate::bridge::imp::{Table, Tables};
use crate::bridge::{self, Board};
use crate::notation::{Decode, RawRecord as _, RecordReader};
use crate::pbn::{RawRecord, Reader};
use crate::{Finding, Game, Pos};

/// Most records in one batch.
const BATCH_RECORDS: usize = 32;
/// A batch is closed once its records hold this many bytes.
const BATCH_BYTES: usize = 256 * 1024;
/// Batches in flight per worker.
const BATCHES_PER_JOB: usize = 2;
/// Most batches in flight, whatever the number of workers.
const MAX_BATCHES: usize = 16;
/// No new batch is read while the batches in flight hold more bytes than this.
const BUDGET: usize = 4 << 20;
/// A worker's model is dropped after a record whose text grew beyond this.
const KEEP: usize = 1 << 20;
/// A raw record whose buffers grew beyond this (a record larger than most:
/// a record of the corpus needs about 8 KiB) is dropped after use, so that
/// the buffers kept for reuse do not all grow to the largest record seen.
pub(super) const KEEP_RAW: usize = 16 * 1024;
/// Room for findings kept per record buffer for reuse.
const KEEP_FINDINGS: usize = 16;

/// What a worker found in one record.
#[derive(Default)]
pub(super) struct Checked {
    pub(super) index: usize,
    pub(super) start: Pos,
    pub(super) findings: Vec<Finding>,
    pub(super) dropped: usize,
    pub(super) table: Option<Table>,
}

impl Checked {
    /// Decodes and checks `raw` into `self` (a worker's part for one record).
    pub(super) fn check(&mut self, raw: &mut RawRecord, board: &mut Board) {
        self.findings.clear();
        self.index = raw.index();
        self.start = raw.start();
        self.dropped = raw.take_findings(&mut self.findings);
        raw.decode(board, &mut self.findings);
        // The tables of this file are added in order by the merging thread,
        // exactly as `bridge::check` adds them.
        let outcome = bridge::check_board(board, &mut self.findings);
        self.table = Table::of(
            board,
            outcome.ns_score,
            outcome.declared.declarer.map(|d| d.side()),
        );
        if raw.arena.capacity() > KEEP {
            *board = Board::default();
        }
    }

    /// Hands the findings to `sink` in order, with the ScoreIMP findings of
    /// the file's `tables` (as `bridge::check` adds them).
    pub(super) fn report(&mut self, tables: &mut Tables, sink: &mut RecordSink<'_>) {
        self.report_kept(tables, sink);
        self.forget(KEEP_FINDINGS);
    }

    /// Frees the findings, keeping room for `keep` of them for reuse.
    pub(super) fn forget(&mut self, keep: usize) {
        self.findings.clear();
        self.findings.shrink_to(keep);
    }

    /// [`Checked::report`], leaving the findings here: the thread that made
    /// them frees them when it checks another record into `self`.
    pub(super) fn report_kept(&mut self, tables: &mut Tables, sink: &mut RecordSink<'_>) {
        if let Some(t) = self.table.take() {
            tables.add(t, &mut self.findings);
        }
        for f in self.findings.iter_mut().filter(|f| f.record == 0) {
            f.record = self.index;
        }
        sink.add_kept(self.index, Game::Bridge, &mut self.findings, self.dropped);
        sink.end_record(
            Game::Bridge,
            <Reader<io::Empty> as RecordReader>::RECORD_LIMIT,
            self.start,
        );
    }
}

/// Records read in order, then checked by a worker.
#[derive(Default)]
struct Batch {
    seq: u64,
    raws: Vec<RawRecord>,
    checked: Vec<Checked>,
    len: usize,
    bytes: usize,
}

/// Bytes held by a raw record's buffers (an estimate).
pub(super) fn weight(raw: &RawRecord) -> usize {
    raw.arena.capacity()
        + (raw.tags.capacity() + raw.tokens.capacity()) * 32
        + raw.findings.capacity() * std::mem::size_of::<Finding>()
}

/// Decodes and checks the records of `batch` (a worker's part).
fn check(batch: &mut Batch, board: &mut Board) {
    if batch.checked.len() < batch.len {
        batch.checked.resize_with(batch.len, Checked::default);
    }
    for (raw, out) in batch
        .raws
        .iter_mut()
        .zip(&mut batch.checked)
        .take(batch.len)
    {
        out.check(raw, board);
    }
}

/// The calling thread's side: read batches, hand them out, merge them in order.
pub(super) fn pipeline<R: Read>(
    reader: &mut Reader<R>,
    jobs: usize,
    sink: &mut RecordSink<'_>,
    tables: Tables,
) -> io::Result<()> {
    let max_batches = (BATCHES_PER_JOB * jobs).min(MAX_BATCHES);
    // The calling thread is one of the `jobs`: it reads, and checks batches
    // itself whenever it would otherwise wait for the workers.
    let workers = (jobs - 1).max(1);
    let (work_tx, work_rx) = sync_channel::<Batch>(max_batches);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Batch>();
    let failed = AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..workers {
            let done_tx: Sender<Batch> = done_tx.clone();
            let (work_rx, failed) = (&work_rx, &failed);
            s.spawn(move || {
                let _guard = PanicFlag(failed);
                let mut board = Board::default();
                loop {
                    // The lock is held only while waiting for the next batch.
                    let job = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok(mut batch)) = job else { break };
                    check(&mut batch, &mut board);
                    if done_tx.send(batch).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut merge = Merge {
            sink,
            tables,
            arrived: VecDeque::new(),
            next: 0,
            free: Vec::new(),
            in_flight: 0,
            bytes: 0,
            board: Board::default(),
        };
        let alive = || !failed.load(Ordering::Relaxed);
        let mut seq = 0;
        let result = loop {
            while merge.in_flight >= max_batches || (merge.in_flight > 0 && merge.bytes > BUDGET) {
                merge.wait(&done_rx, &work_rx, &alive);
            }
            merge.ready(&done_rx);
            let mut batch = merge.free.pop().unwrap_or_default();
            let (end, error) = fill(reader, &mut batch);
            if batch.len > 0 {
                batch.seq = seq;
                seq += 1;
                merge.in_flight += 1;
                merge.bytes += batch.bytes;
                if work_tx.send(batch).is_err() {
                    panic!("a worker of the shared input stopped");
                }
            } else {
                merge.free.push(batch);
            }
            if let Some(e) = error {
                break Err(e);
            }
            if end {
                break Ok(());
            }
        };
        drop(work_tx);
        while merge.in_flight > 0 {
            merge.wait(&done_rx, &work_rx, &alive);
        }
        result
    })
}

/// Sets its flag when the worker holding it panics (its batch is lost then, and
/// the merging thread must not wait for it).
pub(super) struct PanicFlag<'a>(pub(super) &'a AtomicBool);

impl Drop for PanicFlag<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// Reads records into `batch` until it is full or the input ends. Returns
/// whether the input ended, and the I/O error that stopped it.
fn fill<R: Read>(reader: &mut Reader<R>, batch: &mut Batch) -> (bool, Option<io::Error>) {
    batch.len = 0;
    batch.bytes = 0;
    while batch.len < BATCH_RECORDS && batch.bytes < BATCH_BYTES {
        if batch.raws.len() == batch.len {
            batch.raws.push(RawRecord::default());
        }
        let raw = &mut batch.raws[batch.len];
        match reader.read_record(raw) {
            Ok(true) => {
                batch.bytes += weight(raw);
                batch.len += 1;
            }
            Ok(false) => return (true, None),
            Err(e) => return (true, Some(e)),
        }
    }
    // Full by size: the records not used this time are not kept (a batch of
    // large records would keep them all large).
    batch.raws.truncate(batch.len);
    (false, None)
}

/// The merging side: batches come back in any order and are reported in order.
struct Merge<'s, 'a> {
    sink: &'s mut RecordSink<'a>,
    tables: Tables,
    /// Batches arrived, by `seq - next`.
    arrived: VecDeque<Option<Batch>>,
    /// The next batch to report.
    next: u64,
    free: Vec<Batch>,
    in_flight: usize,
    bytes: usize,
    /// For the batches the calling thread checks itself.
    board: Board,
}

impl Merge<'_, '_> {
    /// Takes one checked batch, checking a waiting one here if no worker has
    /// finished one, and reports what is in order.
    fn wait(
        &mut self,
        rx: &Receiver<Batch>,
        work: &Mutex<Receiver<Batch>>,
        alive: &dyn Fn() -> bool,
    ) {
        loop {
            if let Ok(b) = rx.try_recv() {
                return self.arrive(b);
            }
            // A worker waiting for work holds the lock: then nothing is queued.
            let queued = work.try_lock().ok().and_then(|w| w.try_recv().ok());
            if let Some(mut b) = queued {
                check(&mut b, &mut self.board);
                return self.arrive(b);
            }
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(b) => return self.arrive(b),
                Err(RecvTimeoutError::Timeout) if alive() => {}
                Err(_) => panic!("a worker of the shared input stopped"),
            }
        }
    }

    /// Reports the batches that have arrived, without waiting.
    fn ready(&mut self, rx: &Receiver<Batch>) {
        while let Ok(b) = rx.try_recv() {
            self.arrive(b);
        }
    }

    fn arrive(&mut self, batch: Batch) {
        let at = (batch.seq - self.next) as usize;
        if self.arrived.len() <= at {
            self.arrived.resize_with(at + 1, || None);
        }
        self.arrived[at] = Some(batch);
        while let Some(Some(_)) = self.arrived.front() {
            let batch = self.arrived.pop_front().flatten().expect("front is Some");
            self.next += 1;
            self.report(batch);
        }
    }

    /// Hands the findings of a batch's records to the sink, in order, with the
    /// ScoreIMP findings of the file's tables; keeps the batch for reuse.
    fn report(&mut self, mut batch: Batch) {
        for c in batch.checked.iter_mut().take(batch.len) {
            c.report(&mut self.tables, self.sink);
        }
        self.in_flight -= 1;
        self.bytes -= batch.bytes;
        // Buffers that a rare large record or one with many findings made
        // large are not kept for reuse.
        for raw in &mut batch.raws {
            if weight(raw) > KEEP_RAW {
                *raw = RawRecord::default();
            } else {
                raw.findings.shrink_to(KEEP_FINDINGS);
            }
        }
        self.free.push(batch);
    }
}
