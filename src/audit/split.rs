//! One RBN input on several threads, and the rest of one PBN or LIN input
//! from where it cannot be cut into pieces (`pieces`: a `{` comment or a LIN
//! value open over a place to cut, or no place to cut in 4 MiB or 1 MiB), reported
//! exactly as on one.
//!
//! The pipeline is generic over the notation's [`RecordReader`]: what follows
//! says PBN, and holds for LIN (a record inherits its vugraph header from the
//! reader) and RBN (inherited fields) alike, whose records lean on earlier
//! ones only through their reader. On a 32 MB RBN file (the corpus converted,
//! eight times) `-j2` took 0.27 s against `-j1`'s 0.51 s (1.90x); on a 62 MB
//! LIN file 0.17 s against 0.26 s (1.52x, thirteenth session, before LIN was
//! read in pieces): the calling thread reads every record, and reading is
//! about half of a LIN audit. The records cross from the calling thread to a
//! worker, so their size counts: a LIN tag of 48 bytes gave 1.46x, one of 24
//! bytes about 1.7x (before the LIN reader's one-pass tags made reading and
//! the rest cheaper alike).
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
//! kept for reuse. The findings of a batch go back, once reported, to the
//! thread that made them, which frees them when it takes its next batch
//! ([`Batch::home`]): freed on the calling thread, as before, they cost it
//! as much as the reporting, and `-j2` gained nothing on records with
//! hundreds of findings each.

use std::collections::VecDeque;
use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::time::Duration;

use super::{AuditOptions, RecordSink, Summary};
use crate::bridge::imp::{Table, Tables};
use crate::bridge::{self, Board};
use crate::notation::{Decode, RawRecord, RecordReader};
use crate::{Finding, Game, Pos, Rule};

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
/// Result buffers a thread keeps for reuse.
const KEEP_OWN: usize = 2;
/// [`Batch::home`] of the calling thread.
const CALLER: usize = usize::MAX;

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
    pub(super) fn check<T: Decode<Board>>(&mut self, raw: &mut T, board: &mut Board) {
        self.findings.clear();
        self.index = raw.index();
        self.start = raw.start();
        self.dropped = raw.take_findings(&mut self.findings);
        raw.decode_for_rules(board, &mut self.findings);
        // The tables of this file are added in order by the merging thread,
        // exactly as `bridge::check` adds them.
        let outcome = bridge::check_board(board, &mut self.findings);
        self.table = Table::of(
            board,
            outcome.ns_score,
            outcome.declared.declarer.map(|d| d.side()),
        );
        if raw.held_bytes() > KEEP {
            *board = Board::default();
        }
    }

    /// Frees the findings, keeping room for `keep` of them for reuse.
    pub(super) fn forget(&mut self, keep: usize) {
        self.findings.clear();
        self.findings.shrink_to(keep);
    }

    /// Hands the findings to `sink` in order, with the ScoreIMP findings of
    /// the file's `tables` (as `bridge::check` adds them); `limit` is the
    /// notation's rule for findings a record's bound dropped. The findings
    /// stay here: the thread that made them frees them ([`Checked::forget`]).
    pub(super) fn report_kept(
        &mut self,
        tables: &mut Tables,
        sink: &mut RecordSink<'_>,
        limit: Rule,
    ) {
        if let Some(t) = self.table.take() {
            tables.add(t, &mut self.findings);
        }
        for f in self.findings.iter_mut().filter(|f| f.record == 0) {
            f.record = self.index;
        }
        sink.add_kept(self.index, Game::Bridge, &mut self.findings, self.dropped);
        sink.end_record(Game::Bridge, limit, self.start);
    }
}

/// Records read in order, then checked by a worker.
struct Batch<T> {
    seq: u64,
    raws: Vec<T>,
    /// What was found in the records: a result buffer of the thread that
    /// checked them, empty until then.
    checked: Vec<Checked>,
    /// The thread that checked the records (a worker's index, or [`CALLER`]):
    /// their findings were made there and are freed there, when `checked`
    /// comes back to it (memory freed by another thread than the one that
    /// took it costs the allocator much more).
    home: usize,
    len: usize,
    bytes: usize,
}

impl<T> Default for Batch<T> {
    fn default() -> Batch<T> {
        Batch {
            seq: 0,
            raws: Vec::new(),
            checked: Vec::new(),
            home: CALLER,
            len: 0,
            bytes: 0,
        }
    }
}

/// Frees the findings of a result buffer back at its home (keeping room for
/// a few per record), and keeps it in `own` if there is room.
fn take_back(own: &mut Vec<Vec<Checked>>, mut checked: Vec<Checked>) {
    checked.iter_mut().for_each(|c| c.forget(KEEP_FINDINGS));
    if own.len() < KEEP_OWN {
        own.push(checked);
    }
}

/// Audits one input of a bridge notation, its records read by `reader` on the
/// calling thread and decoded and checked by `opts.input_jobs` threads (at
/// most six), counting it in `summary`: the findings, their order and the
/// summary of [`super::audit_notation`] with [`super::BridgeRules`]. Used for
/// RBN: what its records take from earlier ones (inherited fields) is kept
/// by the reader, which stays on one thread. PBN and LIN inputs are read in
/// pieces (`pieces`).
pub(super) fn audit_bridge<R>(
    mut reader: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()>
where
    R: RecordReader,
    R::Raw: Decode<Board> + Send,
{
    summary.files += 1;
    let jobs = opts.input_jobs.clamp(1, super::pieces::MAX_WORKERS);
    let mut sink = RecordSink::new(summary, emit, opts.limits.max_findings);
    let result = pipeline(&mut reader, jobs, &mut sink, Tables::default());
    drop(sink);
    summary.bytes += reader.bytes_read();
    result
}

/// Decodes and checks the records of `batch` into `checked`, a result buffer
/// of the thread `home` that does it (a worker's part).
fn check<T: Decode<Board>>(
    batch: &mut Batch<T>,
    board: &mut Board,
    mut checked: Vec<Checked>,
    home: usize,
) {
    if checked.len() < batch.len {
        checked.resize_with(batch.len, Checked::default);
    }
    for (raw, out) in batch.raws.iter_mut().zip(&mut checked).take(batch.len) {
        out.check(raw, board);
    }
    batch.checked = checked;
    batch.home = home;
}

/// The calling thread's side: read batches, hand them out, merge them in order.
pub(super) fn pipeline<R>(
    reader: &mut R,
    jobs: usize,
    sink: &mut RecordSink<'_>,
    tables: Tables,
) -> io::Result<()>
where
    R: RecordReader,
    R::Raw: Decode<Board> + Send,
{
    let max_batches = (BATCHES_PER_JOB * jobs).min(MAX_BATCHES);
    // The calling thread is one of the `jobs`: it reads, and checks batches
    // itself whenever it would otherwise wait for the workers.
    let workers = (jobs - 1).max(1);
    let (work_tx, work_rx) = sync_channel::<Batch<R::Raw>>(max_batches);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Batch<R::Raw>>();
    let failed = AtomicBool::new(false);
    let workers_note = super::contain::Workers::new();
    std::thread::scope(|s| {
        let mut homes = Vec::new();
        for home in 0..workers {
            let done_tx: Sender<Batch<R::Raw>> = done_tx.clone();
            // The worker's result buffers, back from the calling thread.
            let (back_tx, back_rx) = channel::<Vec<Checked>>();
            homes.push(back_tx);
            let (work_rx, failed) = (&work_rx, &failed);
            let note = workers_note.clone();
            s.spawn(move || {
                note.run(|| {
                    let _guard = PanicFlag(failed);
                    let mut board = Board::default();
                    let mut own = Vec::new();
                    loop {
                        // The lock is held only while waiting for the next batch.
                        let job = work_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok(mut batch)) = job else { break };
                        back_rx.try_iter().for_each(|b| take_back(&mut own, b));
                        check(&mut batch, &mut board, own.pop().unwrap_or_default(), home);
                        // The last record's Event: a batch of a faulty
                        // input's second half has the fault in every record.
                        #[cfg(test)]
                        crate::audit::contain::worker_fault(board.id.event.as_bytes());
                        if done_tx.send(batch).is_err() {
                            break;
                        }
                    }
                })
            });
        }
        drop(done_tx);
        let mut merge = Merge {
            sink,
            tables,
            arrived: VecDeque::new(),
            next: 0,
            free: Vec::new(),
            homes,
            own: Vec::new(),
            in_flight: 0,
            bytes: 0,
            board: Board::default(),
            limit: R::RECORD_LIMIT,
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
        merge.finish();
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
fn fill<R: RecordReader>(reader: &mut R, batch: &mut Batch<R::Raw>) -> (bool, Option<io::Error>) {
    batch.len = 0;
    batch.bytes = 0;
    while batch.len < BATCH_RECORDS && batch.bytes < BATCH_BYTES {
        if batch.raws.len() == batch.len {
            batch.raws.push(R::Raw::default());
        }
        let raw = &mut batch.raws[batch.len];
        match reader.read_record(raw) {
            Ok(true) => {
                batch.bytes += raw.held_bytes();
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
struct Merge<'s, 'a, T> {
    sink: &'s mut RecordSink<'a>,
    tables: Tables,
    /// Batches arrived, by `seq - next`.
    arrived: VecDeque<Option<Batch<T>>>,
    /// The next batch to report.
    next: u64,
    free: Vec<Batch<T>>,
    /// The workers' channels for their result buffers ([`Batch::home`]).
    homes: Vec<Sender<Vec<Checked>>>,
    /// The calling thread's result buffers.
    own: Vec<Vec<Checked>>,
    in_flight: usize,
    bytes: usize,
    /// For the batches the calling thread checks itself.
    board: Board,
    /// The notation's rule for findings a record's bound dropped.
    limit: Rule,
}

impl<T: Decode<Board>> Merge<'_, '_, T> {
    /// Takes one checked batch, checking a waiting one here if no worker has
    /// finished one, and reports what is in order.
    fn wait(
        &mut self,
        rx: &Receiver<Batch<T>>,
        work: &Mutex<Receiver<Batch<T>>>,
        alive: &dyn Fn() -> bool,
    ) {
        loop {
            if let Ok(b) = rx.try_recv() {
                return self.arrive(b);
            }
            // A worker waiting for work holds the lock: then nothing is queued.
            let queued = work.try_lock().ok().and_then(|w| w.try_recv().ok());
            if let Some(mut b) = queued {
                let own = self.own.pop().unwrap_or_default();
                check(&mut b, &mut self.board, own, CALLER);
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
    fn ready(&mut self, rx: &Receiver<Batch<T>>) {
        while let Ok(b) = rx.try_recv() {
            self.arrive(b);
        }
    }

    fn arrive(&mut self, batch: Batch<T>) {
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

    /// Ends the input: what only its end decides about the file's tables
    /// (`bridge::Context::finish`).
    fn finish(&mut self) {
        let mut late = Vec::new();
        self.tables.finish(&mut late);
        self.sink.late(Game::Bridge, &mut late);
    }

    /// Hands the findings of a batch's records to the sink, in order, with the
    /// ScoreIMP findings of the file's tables; keeps the batch for reuse and
    /// sends its findings home to be freed.
    fn report(&mut self, mut batch: Batch<T>) {
        for c in batch.checked.iter_mut().take(batch.len) {
            c.report_kept(&mut self.tables, self.sink, self.limit);
        }
        let checked = std::mem::take(&mut batch.checked);
        match self.homes.get(batch.home) {
            // A worker that ended drops it.
            Some(home) => drop(home.send(checked)),
            None => take_back(&mut self.own, checked),
        }
        self.in_flight -= 1;
        self.bytes -= batch.bytes;
        // Buffers that a rare large record or one with many findings made
        // large are not kept for reuse.
        for raw in &mut batch.raws {
            if raw.held_bytes() > KEEP_RAW {
                *raw = T::default();
            }
        }
        self.free.push(batch);
    }
}
