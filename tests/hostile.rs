//! Hostile inputs: each is read in one pass with bounded memory, gets a clear
//! finding, and the records after it are still read.
//!
//! The inputs are generated on the fly (never held in memory), and the test binary
//! counts every allocation (the `cap` allocator), so the peak proves that memory
//! does not grow with the input: 100 MB of input must not cost 100 MB.
//! All cases run in one test so that the peak is not shared with other tests.

use std::io::Read;

use cap::Cap;
use kibitz::Finding;
use kibitz::audit::{AuditOptions, Summary, audit_input, audit_stream};

#[global_allocator]
static ALLOCATOR: Cap<std::alloc::System> = Cap::new(std::alloc::System, usize::MAX);

/// Input made of a head, `count` copies of `unit`, and a tail.
struct Gen {
    parts: [Vec<u8>; 3],
    count: u64,
    part: usize,
    pos: usize,
}

impl Gen {
    fn new(head: &[u8], unit: &[u8], count: u64, tail: &[u8]) -> Gen {
        Gen {
            parts: [head.to_vec(), unit.to_vec(), tail.to_vec()],
            count,
            part: 0,
            pos: 0,
        }
    }
}

impl Read for Gen {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.part == 1 && self.count == 0 {
                self.part = 2;
                self.pos = 0;
            }
            if self.part > 2 {
                return Ok(0);
            }
            let src = &self.parts[self.part];
            if self.pos < src.len() {
                let n = out.len().min(src.len() - self.pos);
                out[..n].copy_from_slice(&src[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            self.pos = 0;
            if self.part == 1 {
                self.count -= 1;
            } else {
                self.part += 1;
            }
        }
    }
}

struct Outcome {
    summary: Summary,
    findings: Vec<Finding>,
}

fn audit(input: Gen) -> Outcome {
    let mut summary = Summary::default();
    let mut findings = Vec::new();
    audit_stream(input, &AuditOptions::default(), &mut summary, &mut |f| {
        if findings.len() < 10_000 {
            findings.push(f.clone());
        }
    })
    .unwrap();
    Outcome { summary, findings }
}

/// An input named `name` (its extension the notation's hint) on two threads
/// (read in pieces).
fn audit_shared(name: &str, input: Gen) -> Outcome {
    let opts = AuditOptions {
        input_jobs: 2,
        ..AuditOptions::default()
    };
    let mut summary = Summary::default();
    let mut findings = Vec::new();
    audit_input(name, input, &opts, &mut summary, &mut |f| {
        if findings.len() < 10_000 {
            findings.push(f.clone());
        }
    })
    .unwrap();
    Outcome { summary, findings }
}

fn has(o: &Outcome, rule: &str) -> bool {
    o.findings.iter().any(|f| f.rule == rule)
}

const LAST: &[u8] = b"\n\n[Board \"99\"]\n";

fn last_record_read(o: &Outcome) -> bool {
    // The final record is clean, so nothing about record 99 is needed: the count
    // tells it was read.
    o.summary.records >= 2
}

#[test]
fn hostile_inputs_are_read_with_bounded_memory() {
    const MB: u64 = 1 << 20;
    // Generous bound: the reader keeps at most a 64 KiB line and a 16 MiB record.
    const BOUND: usize = 48 << 20;
    ALLOCATOR.set_limit(256 << 20).unwrap();
    let base = ALLOCATOR.allocated();

    // LIN and PBN on two threads, first, so that their peak is measured
    // alone: a file on one line has no place to cut. The feed gives up after
    // 1 MiB (LIN) or 4 MiB (PBN); it held 16 MiB, and copied it, before: a
    // peak over 32 MiB.
    // 0a. One record of three and a half million tags on one line (21 MB).
    let o = audit_shared(
        "hostile.lin",
        Gen::new(
            b"pn|a,b,c,d|md|3SA,SK,SQ,|",
            b"pc|SA|",
            3_500_000,
            b"\npn|e,f,g,h|md|3SA,SK,SQ,|\n",
        ),
    );
    assert!(has(&o, "lin.limit.record"), "{:?}", &o.findings[..3]);
    assert_eq!(o.summary.records, 2);
    // 0b. A 24 MB value.
    let o = audit_shared(
        "hostile.lin",
        Gen::new(
            b"pn|a,b,c,d|md|3SA,SK,SQ,|nt|",
            b"x",
            24 * MB,
            b"|\npn|e,f,g,h|md|3SA,SK,SQ,|\n",
        ),
    );
    assert!(has(&o, "lin.limit.value"), "{:?}", o.findings);
    assert_eq!(o.summary.records, 2);
    assert!(o.summary.bytes >= 24 * MB);
    // 0c. A PBN line of 24 MB.
    let o = audit_shared(
        "hostile.pbn",
        Gen::new(b"[Event \"a\"]\n\n", b"x", 24 * MB, LAST),
    );
    assert!(has(&o, "pbn.limit.line"), "{:?}", o.findings);
    assert_eq!(o.summary.records, 3);
    let shared_peak = ALLOCATOR.max_allocated() - base;
    assert!(
        shared_peak < 16 << 20,
        "peak allocation on two threads {} MiB",
        shared_peak >> 20
    );

    // 1. A 100 MB line without a newline, between two records.
    let o = audit(Gen::new(b"[Event \"a\"]\n\n", b"x", 100 * MB, LAST));
    assert!(has(&o, "pbn.limit.line"), "{:?}", o.findings);
    assert_eq!(o.summary.records, 3);
    assert!(o.summary.bytes >= 100 * MB);

    // 2. An unterminated `{` at the start of a 50 MB file; records follow a blank line.
    let o = audit(Gen::new(
        b"{ header\n",
        b"comment text that goes on and on\n",
        50 * MB / 33,
        b"\n[Event \"b\"]\n\n[Board \"2\"]\n",
    ));
    assert!(has(&o, "pbn.syntax.comment"), "{:?}", o.findings);
    assert!(has(&o, "pbn.limit.record"), "{:?}", o.findings);
    assert_eq!(o.summary.records, 2);

    // 3. NUL bytes and invalid UTF-8.
    let o = audit(Gen::new(
        b"[Event \"a\0b\"]\n",
        b"\xff\xfe\0\x80 junk\n",
        1000,
        LAST,
    ));
    assert!(has(&o, "pbn.syntax.character"), "{:?}", o.findings);
    assert!(has(&o, "pbn.section.unexpected"), "{:?}", o.findings);
    assert!(last_record_read(&o));

    // 4. A tag with a 10 MB value.
    let o = audit(Gen::new(
        b"[Event \"",
        b"v",
        10 * MB,
        b"\"]\n\n[Board \"2\"]\n",
    ));
    assert!(has(&o, "pbn.limit.line"), "{:?}", o.findings);
    assert!(has(&o, "pbn.syntax.tag"), "{:?}", o.findings);
    assert_eq!(o.summary.records, 2);

    // 5. A million records.
    let o = audit(Gen::new(b"", b"[Event \"\"]\n\n", 1_000_000, b""));
    assert_eq!(o.summary.records, 1_000_000);
    assert!(o.findings.is_empty());

    // 6. Deeply repeated `[`: 10 MB of them in lines of 1000.
    let mut unit = vec![b'['; 1000];
    unit.push(b'\n');
    let o = audit(Gen::new(b"", &unit, 10 * MB / 1001, LAST));
    assert!(has(&o, "pbn.syntax.tag"), "{:?}", &o.findings[..3]);
    assert!(has(&o, "pbn.limit.record"));
    assert_eq!(o.summary.records, 2);

    let peak = ALLOCATOR.max_allocated() - base;
    assert!(peak < BOUND, "peak allocation {} MiB", peak >> 20);
    eprintln!(
        "peak allocation over all hostile inputs: {} KiB",
        peak >> 10
    );
}
