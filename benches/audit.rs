//! Full audit throughput (read, decode, bridge replay and scoring) on the real
//! corpus in `../shared/corpus` (or `KIBITZ_CORPUS`), one thread, files already
//! in memory. Skips with a message when the corpus is absent.
//!
//! Run: `cargo bench --bench audit`; criterion prints the throughput in MiB/s.

use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::audit::{AuditOptions, Input, Summary, audit_stream, collect_inputs};

fn corpus_files() -> Option<Vec<Vec<u8>>> {
    let dir = std::env::var_os("KIBITZ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    let pbn = dir.join("bridge/pbn");
    if !pbn.is_dir() {
        eprintln!("audit bench skipped: no corpus at {}", pbn.display());
        return None;
    }
    let mut skipped = 0;
    let (inputs, _) = collect_inputs(&[pbn.display().to_string()], &mut skipped);
    let files = inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => std::fs::read(p).ok(),
            Input::Stdin => None,
        })
        .collect();
    Some(files)
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
