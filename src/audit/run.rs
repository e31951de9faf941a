//! Auditing many inputs on several threads, reporting them in input order.
//!
//! The caller's thread hands inputs out in order, each with a bounded channel,
//! at most two per worker ahead of the one being reported. Workers take inputs
//! in order and stream their findings into the input's channel; the caller's
//! thread drains the channels one input after the other. A worker that runs
//! ahead of the reporting blocks when its channel is full, so memory stays
//! bounded (window x channel size) however many files and findings there are.
//! The input being reported was handed out before any other pending one, so a
//! worker is on it or free to take it: nothing deadlocks.

use std::collections::VecDeque;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

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
        /// The finding.
        finding: &'a Finding,
    },
    /// An input is done. `error` is set when it could not be opened or read to the
    /// end (what was read before is still reported and counted).
    Done {
        /// The input's name.
        file: &'a str,
        /// Its counts.
        summary: &'a Summary,
        /// The I/O error that stopped it, if any.
        error: Option<&'a io::Error>,
    },
    /// A path that could not be listed or does not exist.
    BadPath {
        /// The path as given.
        path: &'a str,
        /// Why.
        error: &'a io::Error,
    },
}

/// Expands command-line paths into inputs: files as given, directories walked
/// recursively (in name order) for files of a known notation, `-` for stdin.
/// Paths that cannot be read are returned with their error; files skipped in
/// directories are counted in `skipped`.
pub fn collect_inputs(
    paths: &[String],
    skipped: &mut u64,
) -> (Vec<Input>, Vec<(String, io::Error)>) {
    let mut inputs = Vec::new();
    let mut bad = Vec::new();
    for p in paths {
        if p == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let path = Path::new(p);
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => walk(path, &mut inputs, &mut bad, skipped),
            Ok(_) => match super::file_inputs(path, true, skipped) {
                Ok(found) => inputs.extend(found),
                Err(e) => bad.push((p.clone(), e)),
            },
            Err(e) => bad.push((p.clone(), e)),
        }
    }
    (inputs, bad)
}

fn walk(
    dir: &Path,
    inputs: &mut Vec<Input>,
    bad: &mut Vec<(String, io::Error)>,
    skipped: &mut u64,
) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return bad.push((dir.display().to_string(), e)),
    };
    let mut paths: Vec<(PathBuf, bool)> = Vec::new();
    for entry in entries {
        match entry {
            Ok(e) => {
                // Symbolic links to directories are not followed (no loops).
                let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
                paths.push((e.path(), is_dir));
            }
            Err(e) => bad.push((dir.display().to_string(), e)),
        }
    }
    paths.sort();
    for (path, is_dir) in paths {
        if is_dir {
            walk(&path, inputs, bad, skipped);
        } else {
            match super::file_inputs(&path, false, skipped) {
                Ok(found) => inputs.extend(found),
                Err(e) => bad.push((path.display().to_string(), e)),
            }
        }
    }
}

enum Msg {
    Finding(Finding),
    Done(Box<Summary>, Option<io::Error>),
}

fn audit_one(input: &Input, opts: &AuditOptions, tx: &SyncSender<Msg>) {
    let mut summary = Summary::default();
    let mut emit = |f: &Finding| {
        // The receiver only goes away if the caller panicked; nothing to do then.
        let _ = tx.send(Msg::Finding(f.clone()));
    };
    let name = input.name();
    let result = super::with_input(input, |r| {
        audit_input(&name, r, opts, &mut summary, &mut emit)
    });
    let error = result.err();
    if error.is_some() {
        summary.unreadable += 1;
    }
    let _ = tx.send(Msg::Done(Box::new(summary), error));
}

/// Audits `inputs` with `opts.jobs` threads and reports every finding and every
/// finished input to `on_event`, in input order. Returns the total summary.
///
/// At most a few inputs per worker are in flight at once: each gets its
/// channel when it is handed to a worker, and the channel is gone when the input
/// has been reported, so memory does not grow with the number of inputs.
pub fn run(inputs: &[Input], opts: &AuditOptions, on_event: &mut dyn FnMut(Event<'_>)) -> Summary {
    const CHANNEL: usize = 256;
    let mut total = Summary::default();
    let jobs = opts.jobs.clamp(1, inputs.len().max(1));
    // Inputs handed out and not yet reported.
    let window = 2 * jobs;
    let (work_tx, work_rx) = sync_channel::<(usize, SyncSender<Msg>)>(window);
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    // The lock is held only while waiting for the next input.
                    let job = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((i, tx))) = job else { break };
                    audit_one(&inputs[i], opts, &tx);
                }
            });
        }
        let mut pending: VecDeque<(usize, Receiver<Msg>)> = VecDeque::with_capacity(window);
        let mut report = |i: usize, rx: Receiver<Msg>, total: &mut Summary| {
            let name = inputs[i].name();
            for msg in rx.iter() {
                match msg {
                    Msg::Finding(f) => on_event(Event::Finding {
                        file: &name,
                        finding: &f,
                    }),
                    Msg::Done(summary, error) => {
                        total.merge(&summary);
                        on_event(Event::Done {
                            file: &name,
                            summary: &summary,
                            error: error.as_ref(),
                        });
                        break;
                    }
                }
            }
        };
        for i in 0..inputs.len() {
            if pending.len() == window {
                let (j, rx) = pending.pop_front().expect("window is not empty");
                report(j, rx, &mut total);
            }
            let (tx, rx) = sync_channel(CHANNEL);
            if work_tx.send((i, tx)).is_err() {
                break;
            }
            pending.push_back((i, rx));
        }
        drop(work_tx);
        while let Some((j, rx)) = pending.pop_front() {
            report(j, rx, &mut total);
        }
    });
    total
}
