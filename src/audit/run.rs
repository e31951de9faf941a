//! Auditing many inputs on several threads, reporting them in input order.
//!
//! Inputs come from [`Inputs`], which walks directories lazily: only the
//! listing of the directories on the current path is held (each sorted by
//! name), never the list of every file. With one job the inputs are audited on
//! the caller's thread, one after the other. With more, the caller's thread
//! hands inputs out in order, each with a bounded channel, at most
//! `max(2 x jobs, 32)` ahead of the one being reported (so that the other
//! workers go on while one audits a file many times the size of the others).
//! Workers take inputs in order and send their findings into the input's
//! channel in chunks (one message per chunk, not per finding); the caller's
//! thread drains the channels one input after the other. A worker that runs
//! ahead of the reporting blocks when its channel is full, so memory stays
//! bounded (window x channel x chunk findings) however many files and findings
//! there are. The reporting thread is not woken at each input a worker
//! finishes, only once several have (`Progress`), or at once when a worker's
//! channel is full. The input being reported was handed out before any other
//! pending one, so a worker is on it or free to take it: nothing deadlocks.
//!
//! A single input (one file, or stdin) is audited on the caller's thread with
//! [`AuditOptions::input_jobs`] set to `jobs`: a PBN or LIN input is then cut
//! into pieces that the workers read (`pieces`), an RBN input's records are
//! decoded and checked by the workers (`split.rs`), a preferans or pinochle
//! PPN text input is cut where games start (`preferans/pieces.rs`,
//! `pinochle.rs`). At most [`MAX_JOBS`]
//! workers run, whatever is asked: each holds an input's buffers.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, channel, sync_channel};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use super::{AuditOptions, Summary, audit_input};
use crate::Finding;

/// One input to audit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file.
    File(PathBuf),
    /// A member of a zip archive (see [`file_inputs`](super::file_inputs)).
    ZipMember {
        /// The archive.
        archive: PathBuf,
        /// The member's index in the archive's directory.
        index: usize,
        /// The member's name in the archive.
        member: String,
    },
}

impl Input {
    /// The name findings are reported under.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
            Input::ZipMember {
                archive, member, ..
            } => format!("{}!{member}", archive.display()),
        }
    }
}

/// What [`run`] reports, in input order.
#[derive(Debug)]
pub enum Event<'a> {
    /// A finding in `file`.
    Finding {
        /// The input's name.
        file: &'a str,
        /// The input.
        input: &'a Input,
        /// The finding.
        finding: &'a Finding,
    },
    /// An input is done. `error` is set when it could not be opened or read to the
    /// end (what was read before is still reported and counted).
    Done {
        /// The input's name.
        file: &'a str,
        /// The input.
        input: &'a Input,
        /// Its counts.
        summary: &'a Summary,
        /// The I/O error that stopped it, if any.
        error: Option<&'a io::Error>,
    },
    /// A path that could not be listed or does not exist (counted as unreadable).
    BadPath {
        /// The path as given.
        path: &'a str,
        /// Why.
        error: &'a io::Error,
    },
}

/// One directory being walked: its entries (names only, sorted) not yet visited.
struct Level {
    dir: PathBuf,
    entries: std::vec::IntoIter<(OsString, bool)>,
}

/// Command-line paths expanded lazily into inputs, in order: files as given,
/// directories walked recursively (each in name order) for files of a known
/// notation, `-` for stdin. A path that cannot be read or listed comes as an
/// `Err` with its name. Files skipped in directories are counted
/// ([`Inputs::skipped`]).
///
/// Only the directories on the current path are held (one sorted listing of
/// names per level), so memory does not grow with the number of files walked.
///
/// ```
/// use kibitz::audit::{Input, Inputs};
/// let dir = std::env::temp_dir().join(format!("kibitz-inputs-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("sub")).unwrap();
/// for f in ["b.pbn", "a.PBN", "notes.txt", "sub/c.ppn"] {
///     std::fs::write(dir.join(f), "").unwrap();
/// }
/// let mut inputs = Inputs::new(vec![dir.display().to_string(), "-".into()]);
/// let names: Vec<String> = inputs.by_ref().map(|i| i.unwrap().name()).collect();
/// let d = dir.display();
/// assert_eq!(names, [format!("{d}/a.PBN"), format!("{d}/b.pbn"), format!("{d}/sub/c.ppn"), "<stdin>".into()]);
/// assert_eq!(inputs.skipped(), 1);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub struct Inputs {
    paths: std::vec::IntoIter<String>,
    stack: Vec<Level>,
    /// Inputs found and not yet handed out (the members of a zip archive).
    found: VecDeque<Input>,
    skipped: u64,
}

impl Inputs {
    /// The inputs named by `paths`, in order.
    pub fn new(paths: Vec<String>) -> Inputs {
        Inputs {
            paths: paths.into_iter(),
            stack: Vec::new(),
            found: VecDeque::new(),
            skipped: 0,
        }
    }

    /// Files skipped so far in directories because they are not game files.
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Lists `dir` (names sorted) as the next level of the walk; an error if it
    /// cannot be listed. Entries that cannot be read are reported after it.
    fn enter(&mut self, dir: PathBuf) -> Option<(String, io::Error)> {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) => return Some((dir.display().to_string(), e)),
        };
        let mut names = Vec::new();
        let mut error = None;
        for entry in entries {
            match entry {
                // Symbolic links to directories are not followed (no loops).
                Ok(e) => names.push((e.file_name(), e.file_type().is_ok_and(|t| t.is_dir()))),
                Err(e) => {
                    error.get_or_insert((dir.display().to_string(), e));
                }
            }
        }
        names.sort();
        self.stack.push(Level {
            dir,
            entries: names.into_iter(),
        });
        error
    }
}

impl Iterator for Inputs {
    type Item = Result<Input, (String, io::Error)>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(input) = self.found.pop_front() {
                return Some(Ok(input));
            }
            if let Some(level) = self.stack.last_mut() {
                let Some((name, is_dir)) = level.entries.next() else {
                    self.stack.pop();
                    continue;
                };
                let path = level.dir.join(name);
                if is_dir {
                    if let Some(e) = self.enter(path) {
                        return Some(Err(e));
                    }
                } else {
                    // Game files, compressed game files, zip archives' members.
                    match super::file_inputs(&path, false, &mut self.skipped) {
                        Ok(found) => self.found.extend(found),
                        Err(e) => return Some(Err((path.display().to_string(), e))),
                    }
                }
                continue;
            }
            let p = self.paths.next()?;
            if p == "-" {
                return Some(Ok(Input::Stdin));
            }
            let path = Path::new(&p);
            match std::fs::metadata(path) {
                Ok(m) if m.is_dir() => {
                    if let Some(e) = self.enter(path.to_path_buf()) {
                        return Some(Err(e));
                    }
                }
                Ok(_) => match super::file_inputs(path, true, &mut self.skipped) {
                    Ok(found) => self.found.extend(found),
                    Err(e) => return Some(Err((p, e))),
                },
                Err(e) => return Some(Err((p, e))),
            }
        }
    }
}

/// Expands command-line paths into a list of inputs (see [`Inputs`], which
/// walks lazily: prefer it for auditing). Paths that cannot be read are
/// returned with their error; files skipped in directories are counted in
/// `skipped`.
pub fn collect_inputs(
    paths: &[String],
    skipped: &mut u64,
) -> (Vec<Input>, Vec<(String, io::Error)>) {
    let mut walk = Inputs::new(paths.to_vec());
    let mut inputs = Vec::new();
    let mut bad = Vec::new();
    for item in walk.by_ref() {
        match item {
            Ok(i) => inputs.push(i),
            Err(e) => bad.push(e),
        }
    }
    *skipped += walk.skipped();
    (inputs, bad)
}

/// Most worker threads [`run`] starts (more only cost memory: each holds the
/// buffers of an input, and the allocator keeps memory per thread that grows
/// with the files each thread has seen). Measured on 2 cores with copies of
/// the corpus folder: 64 workers peaked at 20 MiB on 2,880 files and 38 MiB on
/// 46,080, still growing; 32 at 16 and 23 MiB, nearly level (16: 12 and 15).
///
/// ```
/// assert_eq!(kibitz::audit::MAX_JOBS, 32);
/// ```
pub const MAX_JOBS: usize = 32;

/// What a worker sends about one input: its findings in chunks, then its end.
enum Msg {
    /// Findings, and the worker that made them (the chunk goes back to it).
    Findings(Vec<Finding>, usize),
    Done(Box<Summary>, Option<io::Error>),
}

/// A worker's side of the chunks of findings: the chunks the reporting thread
/// gave back, whose findings it frees (and whose room it reuses) itself:
/// memory freed by the thread that allocated it stays in that thread's
/// allocator caches (folder x4 with -j2: 1-2% less CPU).
struct Chunks {
    home: usize,
    back: Receiver<Vec<Finding>>,
}

impl Chunks {
    /// An empty chunk, reused if one came back.
    fn take(&self) -> Vec<Finding> {
        let mut chunk = self.back.try_recv().unwrap_or_default();
        chunk.clear();
        chunk
    }
}

/// Findings a worker collects before sending them (one channel message and at
/// most one wake-up of the reporting thread per chunk, not per finding).
const CHUNK: usize = 64;
/// Findings that may wait in the channels of the inputs handed out, all
/// together: each input's channel holds its share of them (`window` inputs
/// are out), and a worker that runs ahead of the reporting blocks beyond it.
/// With four chunks an input (256 findings) a folder of files with a few
/// hundred findings each was audited one file after the other: `-j2` took
/// as long as `-j1` on 64 pinochle files of 372 findings each (fourteenth
/// session); with 16,384 in all (about 2.5 MB), 512 an input at the usual
/// window of 32. (With 32,768 the peak of `tests/memory.rs`'s folder of
/// 6,000 files varied by up to 150 KiB from run to run, over its slack.)
const FINDINGS_IN_FLIGHT: usize = 16_384;
/// Inputs handed out ahead of the one being reported, at least: enough for
/// the other workers to go on while one audits a file ten times the size of
/// the others (the bound on memory is [`FINDINGS_IN_FLIGHT`] findings).
const MIN_WINDOW: usize = 32;

/// Audits one input into `summary`; the error that stopped it, if any.
fn audit_one(
    input: &Input,
    name: &str,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> Option<io::Error> {
    let result = super::with_input(input, |r| audit_input(name, r, opts, summary, emit));
    let error = result.err();
    if error.is_some() {
        // Unreadable, not audited: what was read before is still counted in
        // records and findings, but the input is not among the files audited.
        summary.unreadable += 1;
        summary.files = 0;
    }
    error
}

/// Audits `input` on a worker, sending its findings and then its summary to `tx`.
fn audit_sent(
    input: &Input,
    opts: &AuditOptions,
    tx: &SyncSender<Msg>,
    progress: &Progress,
    chunks: &Chunks,
) {
    let mut summary = Summary::default();
    let mut chunk = chunks.take();
    // The receiver only goes away if the caller panicked; nothing to do then.
    let send = |msg: Msg| {
        if let Err(TrySendError::Full(msg)) = tx.try_send(msg) {
            // The reporting thread must drain this channel before the worker
            // can go on: wake it now rather than after the next inputs finish.
            progress.stuck();
            let _ = tx.send(msg);
        }
    };
    let mut emit = |f: &Finding| {
        if !opts.report_findings {
            return;
        }
        chunk.push(f.clone());
        if chunk.len() == CHUNK {
            send(Msg::Findings(
                std::mem::replace(&mut chunk, chunks.take()),
                chunks.home,
            ));
        }
    };
    let error = audit_one(input, &input.name(), opts, &mut summary, &mut emit);
    if !chunk.is_empty() {
        send(Msg::Findings(chunk, chunks.home));
    }
    send(Msg::Done(Box::new(summary), error));
    progress.finished();
}

/// How the reporting thread waits for the workers: not woken at each input a
/// worker finishes (a wake-up per file cost about a tenth of the time on a
/// folder of small files), but once a few have finished since it went to
/// sleep, or at once when a worker cannot go on until it drains a channel.
#[derive(Default)]
struct Progress {
    state: Mutex<ProgressState>,
    wake: Condvar,
}

#[derive(Default)]
struct ProgressState {
    /// Inputs finished by the workers.
    finished: u64,
    /// A worker waits for its channel to be drained.
    stuck: bool,
    /// The reporting thread sleeps until `finished` reaches this.
    wake_at: u64,
}

impl Progress {
    fn lock(&self) -> std::sync::MutexGuard<'_, ProgressState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A worker finished an input (its last message is in its channel).
    fn finished(&self) {
        let mut s = self.lock();
        s.finished += 1;
        let wake = s.finished == s.wake_at;
        // Notified after the lock is released, so that the woken thread does
        // not wait for it at once.
        drop(s);
        if wake {
            self.wake.notify_one();
        }
    }

    /// A worker's channel is full.
    fn stuck(&self) {
        self.lock().stuck = true;
        self.wake.notify_one();
    }

    /// Sleeps until `batch` more of the `handed_out` inputs have finished (or
    /// all that are unfinished, if fewer), or a worker is stuck. Wakes every
    /// 50 ms regardless, so that a worker that panicked cannot hang it.
    fn wait(&self, handed_out: u64, batch: u64) {
        let mut s = self.lock();
        if !s.stuck {
            let k = batch.min(handed_out - s.finished);
            s.wake_at = s.finished + k;
            while s.finished < s.wake_at && !s.stuck {
                let (next, timeout) = self
                    .wake
                    .wait_timeout(s, Duration::from_millis(50))
                    .unwrap_or_else(|e| e.into_inner());
                s = next;
                if timeout.timed_out() {
                    break;
                }
            }
        }
        s.stuck = false;
        s.wake_at = 0;
    }
}

/// Audits `inputs` with `opts.jobs` threads and reports every finding and every
/// finished input to `on_event`, in input order. Returns the total summary. For
/// command-line paths, [`run_paths`] walks directories lazily instead of
/// holding a list of every file.
pub fn run(inputs: &[Input], opts: &AuditOptions, on_event: &mut dyn FnMut(Event<'_>)) -> Summary {
    run_items(inputs.iter().cloned().map(Ok), opts, on_event)
}

/// Audits the inputs of a walk ([`Inputs`]) with `opts.jobs` threads and
/// reports every finding, every finished input and every bad path to
/// `on_event`, in input order. Returns the total summary (bad paths counted as
/// unreadable, skipped files counted).
///
/// At most a few inputs per worker are in flight at once: each gets its
/// channel when it is handed to a worker, and the channel is gone when the input
/// has been reported, so memory does not grow with the number of inputs. A
/// single input is audited on the caller's thread, its records shared among
/// `opts.jobs` workers where its notation allows ([`AuditOptions::input_jobs`]).
pub fn run_paths(
    mut inputs: Inputs,
    opts: &AuditOptions,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Summary {
    let mut total = run_items(inputs.by_ref(), opts, on_event);
    total.skipped += inputs.skipped();
    total
}

/// Audits `input` on the caller's thread, reporting to `on_event` as it goes.
fn audit_here(
    input: &Input,
    opts: &AuditOptions,
    total: &mut Summary,
    on_event: &mut dyn FnMut(Event<'_>),
) {
    let name = input.name();
    let mut summary = Summary::default();
    let mut emit = |f: &Finding| {
        if opts.report_findings {
            on_event(Event::Finding {
                file: &name,
                input,
                finding: f,
            })
        }
    };
    let error = audit_one(input, &name, opts, &mut summary, &mut emit);
    total.merge(&summary);
    on_event(Event::Done {
        file: &name,
        input,
        summary: &summary,
        error: error.as_ref(),
    });
}

fn run_items(
    mut inputs: impl Iterator<Item = Result<Input, (String, io::Error)>>,
    opts: &AuditOptions,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Summary {
    let mut total = Summary::default();
    let jobs = opts.jobs.clamp(1, MAX_JOBS);
    // Read ahead two items: one input alone is audited here, its records shared.
    let first = inputs.next();
    let second = inputs.next();
    if let (Some(Ok(input)), None) = (&first, &second) {
        let opts = AuditOptions {
            input_jobs: jobs,
            ..opts.clone()
        };
        audit_here(input, &opts, &mut total, on_event);
        return total;
    }
    let items = first.into_iter().chain(second).chain(inputs);
    if jobs == 1 {
        // One thread: no worker, no channel, the inputs one after the other.
        for item in items {
            match item {
                Ok(input) => audit_here(&input, opts, &mut total, on_event),
                Err((path, error)) => {
                    total.unreadable += 1;
                    on_event(Event::BadPath {
                        path: &path,
                        error: &error,
                    });
                }
            }
        }
        return total;
    }
    // Inputs handed out and not yet reported.
    let window = (2 * jobs).max(MIN_WINDOW);
    // The reporting thread sleeps until this many inputs have finished.
    let batch = (window / 4).max(1) as u64;
    // Chunks an input's channel holds.
    let per_input = (FINDINGS_IN_FLIGHT / CHUNK / window).max(2);
    let (work_tx, work_rx) = sync_channel::<(Input, SyncSender<Msg>)>(window);
    let work_rx = Mutex::new(work_rx);
    let progress = Progress::default();
    let mut handed_out = 0u64;
    std::thread::scope(|s| {
        let mut homes = Vec::with_capacity(jobs);
        for home in 0..jobs {
            let (back_tx, back) = channel();
            homes.push(back_tx);
            let (work_rx, progress) = (&work_rx, &progress);
            s.spawn(move || {
                let chunks = Chunks { home, back };
                loop {
                    // The lock is held only while waiting for the next input.
                    let job = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((input, tx))) = job else { break };
                    audit_sent(&input, opts, &tx, progress, &chunks);
                }
            });
        }
        enum Pending {
            Input(Input, String, Receiver<Msg>),
            Bad(String, io::Error),
        }
        let mut pending: VecDeque<Pending> = VecDeque::with_capacity(window + 1);
        let mut report = |p: Pending, total: &mut Summary, handed_out: u64| match p {
            Pending::Bad(path, error) => {
                total.unreadable += 1;
                on_event(Event::BadPath {
                    path: &path,
                    error: &error,
                });
            }
            Pending::Input(input, name, rx) => loop {
                let msg = match rx.try_recv() {
                    Ok(msg) => msg,
                    Err(TryRecvError::Empty) => {
                        progress.wait(handed_out, batch);
                        continue;
                    }
                    // Only if its worker panicked (the scope then panics too).
                    Err(TryRecvError::Disconnected) => break,
                };
                {
                    match msg {
                        Msg::Findings(chunk, home) => {
                            for f in &chunk {
                                on_event(Event::Finding {
                                    file: &name,
                                    input: &input,
                                    finding: f,
                                });
                            }
                            // Back to its worker, which frees the findings
                            // (a worker that stopped has no use for it).
                            let _ = homes[home].send(chunk);
                        }
                        Msg::Done(summary, error) => {
                            total.merge(&summary);
                            on_event(Event::Done {
                                file: &name,
                                input: &input,
                                summary: &summary,
                                error: error.as_ref(),
                            });
                            break;
                        }
                    }
                }
            },
        };
        for item in items {
            if pending.len() >= window {
                let p = pending.pop_front().expect("window is not empty");
                report(p, &mut total, handed_out);
            }
            match item {
                Ok(input) => {
                    let (tx, rx) = sync_channel(per_input);
                    let name = input.name();
                    if work_tx.send((input.clone(), tx)).is_err() {
                        break;
                    }
                    handed_out += 1;
                    pending.push_back(Pending::Input(input, name, rx));
                }
                Err((path, error)) => pending.push_back(Pending::Bad(path, error)),
            }
        }
        drop(work_tx);
        while let Some(p) = pending.pop_front() {
            report(p, &mut total, handed_out);
        }
    });
    total
}
