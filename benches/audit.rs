//! Full audit throughput (read, decode, bridge replay and scoring) on the real
//! corpus in `../shared/corpus` (or `KIBITZ_CORPUS`), one thread, files already
//! in memory. Skips with a message when the corpus is absent.
//!
//! Run: `cargo bench --bench audit`; criterion prints the throughput in MiB/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::audit::{AuditOptions, Summary, audit_stream};

#[path = "../tests/common/mod.rs"]
mod common;

/// Every PBN file of the corpus, read into memory.
fn corpus_files() -> Option<Vec<Vec<u8>>> {
    common::corpus_bytes("bridge/pbn", "pbn")
}

fn audit(c: &mut Criterion) {
    let Some(files) = corpus_files() else {
        return;
    };
    let bytes: u64 = files.iter().map(|f| f.len() as u64).sum();
    let opts = AuditOptions {
        jobs: 1,
        ..AuditOptions::default()
    };
    let mut group = c.benchmark_group("audit");
    group.throughput(Throughput::Bytes(bytes));
    group.sample_size(10);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            let mut summary = Summary::default();
            for f in &files {
                audit_stream(f.as_slice(), &opts, &mut summary, &mut |_| {})
                    .expect("in-memory read");
            }
            assert!(summary.records > 0);
            summary.violations + summary.warnings + summary.notices
        })
    });
    group.finish();
}

criterion_group!(benches, audit);
criterion_main!(benches);
