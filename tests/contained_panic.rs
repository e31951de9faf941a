//! A panic while one input is audited (a bug: no input is known to cause
//! one) stops that input only: `audit_input` returns it as the input's error,
//! `internal error: ...`, on one thread and on several sharing the input
//! (PBN and LIN in pieces, RBN records shared out, preferans and pinochle
//! text in pieces), without hanging, and the thread then audits the next
//! input as if nothing had happened. The panics here come from the input's
//! reader and from the findings callback, both on the calling thread while
//! the workers hold pieces; a worker's own panic reaches the calling thread
//! through the same channels (`src/audit/contain.rs`).

mod common;

use std::io::{self, Read};
use std::sync::mpsc::channel;
use std::time::Duration;

use kibitz::audit::{AuditOptions, Summary, audit_input};
use kibitz::bridge::Board;
use kibitz::notation::{lin, rbn};
use kibitz::{Auditor, Finding};

/// Gives `text` up to byte `at`, then panics on the next read.
struct PanicAfter {
    text: Vec<u8>,
    at: usize,
    pos: usize,
}

impl Read for PanicAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos >= self.at.min(self.text.len()) {
            if self.pos < self.text.len() {
                panic!("test reader: no byte past {}", self.at);
            }
            return Ok(0);
        }
        let n = buf.len().min(self.at - self.pos);
        buf[..n].copy_from_slice(&self.text[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

fn boards(n: u64) -> Vec<Board> {
    (0..n).map(|i| common::generated_game(i, 3).board).collect()
}

/// About 200 KB of each notation, named with its extension.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let boards = boards(300);
    let mut lin = lin::writer::Writer::vugraph(Vec::new());
    let mut rbn = rbn::writer::Writer::new(Vec::new(), rbn::writer::Form::Rbn);
    for b in &boards {
        lin.write_board(b).unwrap();
        rbn.write_board(b).unwrap();
    }
    let repeat = |file: &str| {
        let one = std::fs::read(format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let mut text = Vec::new();
        while text.len() < 200_000 {
            text.extend_from_slice(&one);
            text.extend_from_slice(b"\n\n");
        }
        text
    };
    vec![
        ("x.pbn", repeat("club-night.pbn")),
        ("x.lin", lin.into_inner()),
        ("x.rbn", rbn.into_inner()),
        ("x.ppn", repeat("club-night.ppn")),
        ("y.ppn", repeat("pinochle-sample.ppn")),
    ]
}

fn options(jobs: usize) -> AuditOptions {
    AuditOptions {
        input_jobs: jobs,
        input_piece: 4096,
        ..AuditOptions::default()
    }
}

/// The audit of `input` on `jobs` threads: its findings, summary and error.
/// Fails, rather than hangs, when it takes more than a minute or panics.
fn audit(
    name: &'static str,
    input: impl Read + Send + 'static,
    jobs: usize,
    panic_at_finding: Option<usize>,
) -> (Vec<Finding>, Summary, io::Result<()>) {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let (mut summary, mut findings) = (Summary::default(), Vec::new());
        let result = audit_input(name, input, &options(jobs), &mut summary, &mut |f| {
            if Some(findings.len()) == panic_at_finding {
                panic!("test callback: finding {}", findings.len());
            }
            findings.push(f.clone());
        });
        let _ = tx.send((findings, summary, result));
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| {
            panic!("{name} on {jobs} threads: the audit panicked or ran over a minute")
        })
}

#[test]
fn a_panic_in_the_input_is_its_error_and_the_next_input_is_audited() {
    for (name, text) in inputs() {
        let (clean_findings, clean, result) = audit(name, io::Cursor::new(text.clone()), 1, None);
        assert!(result.is_ok());
        assert!(clean.records > 100, "{name}: {clean:?}");
        for jobs in [1, 2, 3] {
            let at = text.len() / 2;
            let input = PanicAfter {
                text: text.clone(),
                at,
                pos: 0,
            };
            let (findings, summary, result) = audit(name, input, jobs, None);
            let e = result.expect_err("the panic is the input's error");
            let message = e.to_string();
            assert!(
                message.starts_with("internal error: kibitz stopped auditing this input after ")
                    && message.contains(&format!("(test reader: no byte past {at})")),
                "{name} on {jobs} threads: {message}"
            );
            let said = format!("after {} of its records", summary.records);
            assert!(message.contains(&said), "{message} / {said}");
            assert_eq!(summary.files, 1, "{name} on {jobs} threads");
            // What was reported before the panic is a start of the clean audit.
            assert!(summary.records < clean.records, "{name} on {jobs} threads");
            assert_eq!(
                findings[..],
                clean_findings[..findings.len()],
                "{name} on {jobs} threads"
            );
            // The same thread audits the next input (its reusable buffers
            // included) as a fresh one would.
            let (again, summary, result) = audit(name, io::Cursor::new(text.clone()), jobs, None);
            assert!(result.is_ok());
            assert_eq!(
                (again, summary),
                (clean_findings.clone(), clean.clone()),
                "{name} on {jobs} threads"
            );
        }
    }
}

#[test]
fn a_panic_while_findings_are_reported_is_the_inputs_error() {
    for (name, text) in inputs() {
        let (clean_findings, _, _) = audit(name, io::Cursor::new(text.clone()), 1, None);
        assert!(clean_findings.len() > 10, "{name}");
        for jobs in [1, 2, 3] {
            let (findings, summary, result) =
                audit(name, io::Cursor::new(text.clone()), jobs, Some(10));
            let message = result
                .expect_err("the panic is the input's error")
                .to_string();
            assert!(
                message.contains("(test callback: finding 10)"),
                "{name}: {message}"
            );
            assert_eq!(
                findings[..],
                clean_findings[..10],
                "{name} on {jobs} threads"
            );
            assert_eq!(summary.files, 1);
        }
    }
}

#[test]
fn the_auditor_reports_a_panic_as_the_readers_error() {
    let (name, text) = inputs().swap_remove(0);
    let input = PanicAfter {
        at: 5000,
        text,
        pos: 0,
    };
    let e = Auditor::new().audit_reader(name, input).unwrap_err();
    assert!(
        e.to_string().contains("(test reader: no byte past 5000)"),
        "{e}"
    );
}
