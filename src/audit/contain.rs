//! A bug that panics while one input is audited stops that input, not the
//! whole audit: [`contained`] turns the panic into the input's error (an
//! unreadable input to [`run`](super::run()), exit status 2 on the command
//! line), and the inputs after it are read and audited as usual.
//!
//! No input is known to make kibitz panic (the fuzz targets run every decoder
//! and rule module on hundreds of millions of inputs and fail on a panic:
//! they call the audit without this guard). The guard is for the one that
//! nobody has found yet, met in an archive of thousands of files: one file
//! reported as not audited, with the records read before the fault counted,
//! rather than a process that dies and reports nothing of the files after it.
//!
//! The threads that share one input (`pieces`, `split.rs`, the preferans and
//! pinochle pieces) are scoped: a panic on any of them reaches the thread
//! that called the audit once they have all stopped (a worker's panic ends
//! its channels, the calling thread then panics in turn, and the channels it
//! holds end the other workers), and is contained there. The calling
//! thread's own panic then only says that a worker stopped; each worker runs
//! its body through [`Workers::run`], which notes the first worker's panic
//! message for the error to quote.

use std::any::Any;
use std::cell::RefCell;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::Scope;

use super::Summary;

/// Runs `audit`, the audit of one input into `summary`; a panic in it becomes
/// the input's error, which says how many of its records were reported
/// before. The input counts among the files read (`summary.files` one more
/// than before), as an input that failed to read does.
///
/// `summary` may hold counts of the record the panic interrupted.
pub(super) fn contained(
    summary: &mut Summary,
    audit: impl FnOnce(&mut Summary) -> io::Result<()>,
) -> io::Result<()> {
    let (files, records) = (summary.files, summary.records);
    // A note left by an input whose audit ran without this guard is not this one's.
    FIRST_WORKER_PANIC.with_borrow_mut(Option::take);
    let outcome = catch_unwind(AssertUnwindSafe(|| audit(&mut *summary)));
    // The scope of the threads that shared the input has ended: every worker
    // that panicked has noted its message.
    let worker = FIRST_WORKER_PANIC
        .with_borrow_mut(Option::take)
        .and_then(|note| note.lock().unwrap_or_else(PoisonError::into_inner).take());
    match outcome {
        Ok(result) => result,
        Err(panic) => {
            summary.files = files + 1;
            let worker = match worker {
                Some(w) => format!("; a worker sharing the input panicked first: {w}"),
                None => String::new(),
            };
            Err(io::Error::other(format!(
                "internal error: kibitz stopped auditing this input after {} of its records ({}{worker}); \
                 this is a bug in kibitz, please report it with this input",
                summary.records.saturating_sub(records),
                message(&*panic),
            )))
        }
    }
}

thread_local! {
    /// Where the workers sharing the input that this thread audits note the
    /// first of their panic messages: made by [`Workers::new`] when the
    /// input gets workers, read and emptied by [`contained`].
    static FIRST_WORKER_PANIC: RefCell<Option<Arc<Mutex<Option<String>>>>> =
        const { RefCell::new(None) };
}

/// What the workers that share one input know of the input's audit: where to
/// note a panic's message, so that the input's error ([`contained`]) quotes
/// the worker's panic and not only the calling thread's ("a worker of the
/// shared input stopped"). Made on the calling thread, cloned into each
/// worker.
#[derive(Clone)]
pub(crate) struct Workers(Arc<Mutex<Option<String>>>);

impl Workers {
    /// The note of the input audited on this thread (the calling thread).
    pub(crate) fn new() -> Workers {
        Workers(FIRST_WORKER_PANIC.with_borrow_mut(|note| note.get_or_insert_default().clone()))
    }

    /// Starts on `scope` a worker that takes pieces from `queue` until it
    /// ends and does `work` with each (the preferans and pinochle pieces),
    /// its panic noted ([`Workers::run`]). `text` is a piece's text (for the
    /// tests' fault hook).
    pub(crate) fn spawn<'scope, J: Send>(
        &self,
        scope: &'scope Scope<'scope, '_>,
        queue: &'scope Mutex<Receiver<J>>,
        text: fn(&J) -> &[u8],
        mut work: impl FnMut(J) + Send + 'scope,
    ) {
        let note = self.clone();
        // Read by the fault hook only, in tests.
        let _ = text;
        scope.spawn(move || {
            note.run(|| {
                loop {
                    // The lock is held only while waiting for the next piece.
                    let job = queue.lock().map(|rx| rx.recv());
                    let Ok(Ok(job)) = job else { break };
                    #[cfg(test)]
                    worker_fault(text(&job));
                    work(job);
                }
            })
        });
    }

    /// Runs a worker's `body`; a panic in it is noted, if it is the first,
    /// and goes on unwinding.
    pub(crate) fn run<T>(&self, body: impl FnOnce() -> T) -> T {
        match catch_unwind(AssertUnwindSafe(body)) {
            Ok(value) => value,
            Err(panic) => {
                let mut note = self.0.lock().unwrap_or_else(PoisonError::into_inner);
                note.get_or_insert_with(|| message(&*panic).to_owned());
                drop(note);
                resume_unwind(panic)
            }
        }
    }
}

/// The text a panic was raised with.
fn message(panic: &(dyn Any + Send)) -> &str {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s
    } else {
        "a panic without a message"
    }
}

/// Tests only: text that makes a worker sharing an input panic when a piece
/// it takes holds it (the workers of `pieces`, the preferans and the
/// pinochle pieces), or the Event of the last record of a batch it checked
/// (`split.rs`); the calling thread reads such a piece or batch as any
/// other. So that the tests can see a worker's panic contained.
#[cfg(test)]
pub(crate) const WORKER_PANIC: &[u8] = b"kibitz-test-worker-panic";

/// Tests only: panics when `text` holds [`WORKER_PANIC`].
#[cfg(test)]
pub(crate) fn worker_fault(text: &[u8]) {
    if memchr::memmem::find(text, WORKER_PANIC).is_some() {
        panic!("test: a worker met its fault");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_the_inputs_error_with_the_records_before_it() {
        let mut summary = Summary {
            files: 3,
            records: 10,
            ..Summary::default()
        };
        let e = contained(&mut summary, |s| {
            s.files += 1;
            s.records += 7;
            panic!("index {} out of range", 12);
        })
        .unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::Other);
        let text = e.to_string();
        assert!(text.starts_with("internal error: kibitz stopped auditing this input after 7 of its records (index 12 out of range)"), "{text}");
        assert_eq!((summary.files, summary.records), (4, 17));
        // A panic before the input was counted counts it too.
        let e = contained(&mut summary, |_| panic!("early")).unwrap_err();
        assert!(e.to_string().contains("after 0 of its records (early)"));
        assert_eq!(summary.files, 5);
    }

    #[test]
    fn results_pass_through() {
        let mut summary = Summary::default();
        assert!(
            contained(&mut summary, |s| {
                s.files += 1;
                Ok(())
            })
            .is_ok()
        );
        let e = contained(&mut summary, |_| Err(io::Error::other("gone"))).unwrap_err();
        assert_eq!(e.to_string(), "gone");
        assert_eq!(summary.files, 1);
        let e = contained(&mut summary, |_| std::panic::panic_any(42u8)).unwrap_err();
        assert!(e.to_string().contains("(a panic without a message)"));
    }

    /// `sample` repeated to about 2 MB (so that the workers take pieces: a
    /// short input is read by the calling thread before they start); with
    /// `fault`, each copy of the second half holds [`WORKER_PANIC`] in place
    /// of `fault`'s text (a tag value, so that the places to cut stay as
    /// they are).
    fn repeated(sample: &[u8], fault: Option<&str>) -> Vec<u8> {
        let copies = 2_000_000 / sample.len() + 1;
        let mut text = Vec::new();
        let marker = std::str::from_utf8(WORKER_PANIC).unwrap();
        let faulty = fault.map(|f| {
            let s = std::str::from_utf8(sample).unwrap();
            assert!(s.contains(f), "{f}");
            s.replace(f, marker).into_bytes()
        });
        for i in 0..copies {
            match &faulty {
                Some(faulty) if i >= copies / 2 => text.extend_from_slice(faulty),
                _ => text.extend_from_slice(sample),
            }
            text.extend_from_slice(b"\n\n");
        }
        text
    }

    /// The boards of the PBN `text` written as RBN.
    fn rbn_of(text: &[u8]) -> Vec<u8> {
        use crate::notation::rbn::writer::{Form, Writer};
        let mut reader = crate::pbn::Reader::new(text);
        let (mut rec, mut board, mut found) = Default::default();
        let mut out = Writer::new(Vec::new(), Form::Rbn);
        while reader.read_record(&mut rec).unwrap() {
            crate::pbn::decode::decode(&rec, &mut board, &mut found);
            out.write_board(&board).unwrap();
        }
        out.into_inner()
    }

    /// Findings, summary and result of `text` audited on `jobs` threads that
    /// share it; fails rather than hangs.
    fn audit(
        name: &'static str,
        text: Vec<u8>,
        jobs: usize,
    ) -> (Vec<crate::Finding>, Summary, io::Result<()>) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let opts = crate::audit::AuditOptions {
                input_jobs: jobs,
                input_piece: 4096,
                ..Default::default()
            };
            let (mut summary, mut found) = (Summary::default(), Vec::new());
            let result =
                crate::audit::audit_input(name, &text[..], &opts, &mut summary, &mut |f| {
                    found.push(f.clone())
                });
            let _ = tx.send((found, summary, result));
        });
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{name} on {jobs} threads: panicked or ran over a minute"))
    }

    #[test]
    fn a_workers_panic_is_the_inputs_error() {
        let pbn: &[u8] = include_bytes!("../../examples/club-night.pbn");
        let samples: [(&str, &[u8], &str); 4] = [
            ("x.pbn", pbn, "Kibitz Club Night"),
            // The records shared out in batches (`split.rs`).
            ("x.rbn", &rbn_of(pbn), "Kibitz Club Night"),
            (
                "x.ppn",
                include_bytes!("../../examples/club-night.ppn"),
                "player1",
            ),
            (
                "y.ppn",
                include_bytes!("../../examples/pinochle-sample.ppn"),
                "Kitchen table",
            ),
        ];
        for (name, sample, fault) in samples {
            // Pinochle pieces start at a game's first hand after a line that
            // is neither a `%` line nor one with a brace: the sample's games
            // without its header and opening comment.
            let sample = match memchr::memmem::find(sample, b"[Site ") {
                Some(at) if name == "y.ppn" => &sample[at..],
                _ => sample,
            };
            let (faulty, clean) = (repeated(sample, Some(fault)), repeated(sample, None));
            let (_, one, result) = audit(name, clean.clone(), 1);
            assert!(result.is_ok() && one.records > 50, "{name}: {one:?}");
            // The calling thread reads a piece with the fault as any other.
            assert!(audit(name, faulty.clone(), 1).2.is_ok(), "{name}");
            for jobs in [2, 3] {
                // Where the calling thread reads every piece itself (workers
                // that start late on a busy machine), no worker meets the
                // fault: the audit is then the clean one (its findings, as
                // the faulty text's on one thread), and is tried again.
                let (faulty_findings, _, _) = audit(name, faulty.clone(), 1);
                let mut contained = false;
                for _ in 0..20 {
                    let (findings, summary, result) = audit(name, faulty.clone(), jobs);
                    let Err(e) = result else {
                        assert_eq!(findings, faulty_findings, "{name} on {jobs} threads");
                        continue;
                    };
                    // The calling thread's panic (a worker stopped) or, where
                    // the scope ends with it, the scope's; and the worker's own.
                    let e = e.to_string();
                    assert!(
                        e.starts_with("internal error: ")
                            && e.contains(
                                "; a worker sharing the input panicked first: \
                                 test: a worker met its fault); this is a bug"
                            ),
                        "{name} on {jobs} threads: {e}"
                    );
                    assert!(summary.records < one.records, "{name} on {jobs} threads");
                    assert_eq!(summary.files, 1);
                    contained = true;
                    break;
                }
                assert!(
                    contained,
                    "{name} on {jobs} threads: no worker met the fault"
                );
                // The next input on threads of the same kind is audited as usual.
                let (_, again, result) = audit(name, clean.clone(), jobs);
                assert!(result.is_ok());
                assert_eq!(again, one, "{name} on {jobs} threads");
            }
        }
    }
}
