//! Memory does not grow with the number of files, the size of a file, or the
//! number of findings: the test binary counts every allocation (the `cap`
//! allocator) while folders of 500 and of 6,000 small generated files are
//! audited on two threads, and a LIN and a PBN input of 25,200 and of 50,400
//! records on three; the peak of live bytes may not rise by more than a small
//! constant. Each case runs before any case that needs more memory, so that
//! its own peak is measured (the count is a high-water mark).
//! All cases run in one test so that no other test shares the peak.

mod common;

use std::io::Read;
use std::path::Path;

use cap::Cap;
use kibitz::audit::{AuditOptions, Event, Inputs, Summary, audit_input, run_paths};

#[global_allocator]
static ALLOCATOR: Cap<std::alloc::System> = Cap::new(std::alloc::System, usize::MAX);

/// Growth allowed from the small to the large case (what is in flight differs
/// with the timing). Keeping anything per file (a path, a summary: 80 bytes or
/// more) costs over 400 KiB for 5,500 more files.
const SLACK: usize = 128 * 1024;
/// The same for one input shared by three threads: up to six pieces of about
/// 256 KiB are in flight, and the text of a few reported ones while the
/// guesses of later ones hold it, more or fewer with the timing. A leak of 100
/// bytes per record costs 2.4 MiB for 25,200 more records.
const SLACK_SHARED: usize = 2048 * 1024;

/// Generated game `i` (every fifth with a planted fault).
fn generated(i: u64) -> kibitz::bridge::generate::GeneratedBoard {
    common::generated_game(i, 5)
}

/// The PBN text of generated game `i`.
fn game(i: u64) -> Vec<u8> {
    kibitz::fuzzing::write_pbn(&generated(i))
}

/// A record with hundreds of findings (insufficient bids, unknown tags).
fn noisy() -> Vec<u8> {
    let mut t = b"[Event \"noisy\"]\n".to_vec();
    for k in 0..150 {
        t.extend_from_slice(format!("[Zz{k} \"x\"]\n").as_bytes());
    }
    t.extend_from_slice(b"[Dealer \"N\"]\n[Auction \"N\"]\n");
    t.extend_from_slice("1C ".repeat(300).as_bytes());
    t.extend_from_slice(b"\n\n");
    t
}

/// Writes `n` files under `dir`, 100 per sub-folder (a folder's listing is
/// held while it is walked, so the count of files per folder stays the same);
/// every 100th file holds noisy records.
fn write_files(dir: &Path, n: u64) {
    for i in 0..n {
        let sub = dir.join(format!("d{:03}", i / 100));
        if i.is_multiple_of(100) {
            std::fs::create_dir_all(&sub).unwrap();
        }
        let mut text = game(i);
        if i % 100 == 50 {
            for _ in 0..20 {
                text.extend_from_slice(&noisy());
            }
        }
        std::fs::write(sub.join(format!("f{i:05}.pbn")), text).unwrap();
    }
}

/// Audits `dir` on `jobs` threads, printing nothing; returns the summary and
/// the number of findings.
fn audit_dir(dir: &Path, jobs: usize) -> (Summary, u64) {
    let opts = AuditOptions {
        jobs,
        ..AuditOptions::default()
    };
    let mut findings = 0;
    let summary = run_paths(
        Inputs::new(vec![dir.display().to_string()]),
        &opts,
        &mut |ev| {
            if let Event::Finding { .. } = ev {
                findings += 1;
            }
        },
    );
    (summary, findings)
}

/// `count` copies of `unit`, made on the fly.
struct Repeat<'a> {
    unit: &'a [u8],
    count: u64,
    pos: usize,
}

impl Read for Repeat<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.pos == self.unit.len() {
            if self.count == 0 {
                return Ok(0);
            }
            self.count -= 1;
            self.pos = 0;
        }
        let n = out.len().min(self.unit.len() - self.pos);
        out[..n].copy_from_slice(&self.unit[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Audits `count` copies of `unit` as one input named `name` (its extension
/// the notation's hint) on `input_jobs` threads.
fn audit_repeated(name: &str, unit: &[u8], count: u64, input_jobs: usize) -> Summary {
    let opts = AuditOptions {
        input_jobs,
        ..AuditOptions::default()
    };
    let mut summary = Summary::default();
    let input = Repeat {
        unit,
        count,
        pos: unit.len(),
    };
    audit_input(name, input, &opts, &mut summary, &mut |_| {}).unwrap();
    summary
}

#[test]
fn memory_does_not_grow_with_files_file_size_or_findings() {
    let root = std::env::temp_dir().join(format!("kibitz-memory-{}", std::process::id()));
    let (small, large) = (root.join("small"), root.join("large"));
    write_files(&small, 500);
    write_files(&large, 6000);
    let mut unit = Vec::new();
    // Noisy records often enough that every reused buffer meets them early
    // (the buffers of the shared input grow to their bound, then no further).
    for i in 0..200 {
        unit.extend(game(i));
        unit.push(b'\n');
        if i.is_multiple_of(20) {
            unit.extend(noisy());
        }
    }
    let made = ALLOCATOR.max_allocated();

    // Files: the peak after 4,000 files is that after 500 (the peak is a
    // high-water mark, so the larger case runs second).
    // Twice, so that the small case meets the worst timing too.
    let (s, f) = audit_dir(&small, 2);
    assert_eq!(s.files, 500);
    assert_eq!(audit_dir(&small, 2).1, f);
    let after_small = ALLOCATOR.max_allocated();
    let (s, f_large) = audit_dir(&large, 2);
    assert_eq!(s.files, 6000);
    assert!(f_large > 11 * f, "{f} and {f_large} findings");
    assert!(f_large > 100_000, "{f_large} findings");
    let after_large = ALLOCATOR.max_allocated();
    eprintln!(
        "peak live bytes: {} KiB after generating, {} KiB after 500 files, {} KiB after 6,000",
        made >> 10,
        after_small >> 10,
        after_large >> 10
    );
    assert!(after_small > made, "the audit was not measured");
    assert!(
        after_large <= after_small + SLACK,
        "memory grows with the number of files: {} KiB for 500, {} KiB for 6,000",
        after_small >> 10,
        after_large >> 10
    );

    // A LIN input shared by three threads (its records read on one, decoded
    // and checked on all, `split.rs`): 120 and 240 copies of 210 records, some
    // with hundreds of findings.
    let mut lin = kibitz::notation::lin::writer::Writer::new(Vec::new());
    for i in 0..200 {
        lin.write_board(&generated(i).board).unwrap();
        if i % 20 == 0 {
            let noisy = format!("pn|n,e,s,w|md|1|sv|o|{}pg||\n", "mb|1C|".repeat(300));
            lin.get_mut().extend_from_slice(noisy.as_bytes());
        }
    }
    let lin = lin.into_inner();
    for _ in 0..3 {
        let s = audit_repeated("x.lin", &lin, 120, 3);
        assert_eq!(s.records, 25_200);
    }
    let after_short_lin = ALLOCATOR.max_allocated();
    let s = audit_repeated("x.lin", &lin, 240, 3);
    assert_eq!(s.records, 50_400);
    assert!(s.violations > 50_000, "{} violations", s.violations);
    let after_long_lin = ALLOCATOR.max_allocated();
    eprintln!(
        "peak live bytes: {} KiB after 25,200 LIN records, {} KiB after 50,400",
        after_short_lin >> 10,
        after_long_lin >> 10
    );
    assert!(
        after_long_lin <= after_short_lin + SLACK_SHARED,
        "memory grows with the LIN file's size: {} KiB, then {} KiB",
        after_short_lin >> 10,
        after_long_lin >> 10
    );
    assert!(
        after_long_lin < 32 << 20,
        "peak {} KiB",
        after_long_lin >> 10
    );

    // One input shared by three threads: 120 and 240 copies of 210 records
    // (80 and 160 pieces: what is in flight at the peak depends on which thread
    // runs ahead, so the shorter input runs three times to meet the worst
    // timing too).
    for _ in 0..3 {
        let s = audit_repeated("x.pbn", &unit, 120, 3);
        assert_eq!(s.records, 25_200);
    }
    let after_short = ALLOCATOR.max_allocated();
    let s = audit_repeated("x.pbn", &unit, 240, 3);
    assert_eq!(s.records, 50_400);
    let after_long = ALLOCATOR.max_allocated();
    eprintln!(
        "peak live bytes: {} KiB after 25,200 records, {} KiB after 50,400",
        after_short >> 10,
        after_long >> 10
    );
    assert!(
        after_long <= after_short + SLACK_SHARED,
        "memory grows with the file's size: {} KiB, then {} KiB",
        after_short >> 10,
        after_long >> 10
    );
    assert!(after_long < 32 << 20, "peak {} KiB", after_long >> 10);

    // Large records on three threads: 40 records of 3 MB of comment each (the
    // reader keeps up to 16 MiB of one record; no more than a few such records
    // may be in flight at once).
    let mut big = b"[Event \"big\"]\n{".to_vec();
    big.extend("comment text over many lines\n".repeat(100_000).as_bytes());
    big.extend_from_slice(b"}\n[Board \"1\"]\n\n");
    let s = audit_repeated("x.pbn", &big, 40, 3);
    assert_eq!(s.records, 40);
    let after_big = ALLOCATOR.max_allocated();
    eprintln!(
        "peak live bytes: {} KiB after 40 records of 3 MB",
        after_big >> 10
    );
    assert!(after_big < 32 << 20, "peak {} KiB", after_big >> 10);
    std::fs::remove_dir_all(&root).unwrap();
}
