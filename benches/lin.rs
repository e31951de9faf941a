//! LIN decode throughput on the real corpus: reader alone, reader + decoder.
//!
//! Reads `../shared/corpus/bridge/lin` (or `$KIBITZ_CORPUS/bridge/lin`) into
//! memory once, repeated to about 4 MB so that a pass is long enough to time.
//! Skips with a message when absent. Run: `cargo bench --bench lin`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::bridge::Board;
use kibitz::notation::lin::{RawRecord, Reader, decode::decode};

/// Every LIN file of the corpus, read into memory.
fn corpus() -> Option<Vec<Vec<u8>>> {
    common::corpus_bytes("bridge/lin", "lin")
}

fn bench(c: &mut Criterion) {
    let Some(files) = corpus() else { return };
    let one: usize = files.iter().map(Vec::len).sum();
    let reps = (4 << 20) / one.max(1) + 1;
    let bytes = one * reps;
    let mut group = c.benchmark_group("lin");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    let mut rec = RawRecord::default();
    let mut board = Board::default();
    let mut findings = Vec::new();
    group.bench_function("read", |b| {
        b.iter(|| {
            let mut n = 0;
            for _ in 0..reps {
                for f in &files {
                    let mut r = Reader::new(&f[..]);
                    while r.read_record(&mut rec).unwrap() {
                        n += rec.tags.len();
                    }
                }
            }
            n
        })
    });
    group.bench_function("read+decode", |b| {
        b.iter(|| {
            let mut n = 0;
            for _ in 0..reps {
                for f in &files {
                    let mut r = Reader::new(&f[..]);
                    while r.read_record(&mut rec).unwrap() {
                        findings.clear();
                        decode(&rec, &mut board, &mut findings);
                        n += findings.len();
                    }
                }
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
