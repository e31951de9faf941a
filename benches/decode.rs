//! Decode throughput on the real PBN corpus, no rules: the reader alone
//! (`pbn/read`), the reader and the decoder (`pbn/read+decode`), the reader
//! and the decoder as the audit runs it (`pbn/read+decode_for_rules`), and the
//! decoder alone (`pbn/decode`: every record read once into memory, then
//! decoded; its throughput is counted in bytes of the corpus, as the others').
//!
//! Reads `../shared/corpus/bridge/pbn` (or `$KIBITZ_CORPUS/bridge/pbn`) into memory
//! once, then measures decoding all of it. Skips with a message when absent.
//! Run: `cargo bench --bench decode`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::bridge::Board;
use kibitz::pbn::{RawRecord, Reader, decode::decode, decode::decode_for_rules};

/// Every PBN file of the corpus, read into memory.
fn corpus_files() -> Option<Vec<Vec<u8>>> {
    common::corpus_bytes("bridge/pbn", "pbn")
}

fn bench(c: &mut Criterion) {
    let Some(files) = corpus_files() else { return };
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("pbn");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    let mut rec = RawRecord::default();
    let mut board = Board::default();
    let mut findings = Vec::new();
    group.bench_function("read", |b| {
        b.iter(|| {
            let mut n = 0;
            for f in &files {
                let mut r = Reader::new(&f[..]);
                while r.read_record(&mut rec).unwrap() {
                    n += 1;
                }
            }
            n
        })
    });
    // Decoded as `decode` does (every text), and as the audit decodes
    // (`decode_for_rules`: the texts no rule reads, Site, Date, the players,
    // the match, are not decoded). A generic function, not a pointer: each
    // loop calls its decoder directly, as before the second was added.
    fn read_and_decode(
        files: &[Vec<u8>],
        (rec, board, findings): (&mut RawRecord, &mut Board, &mut Vec<kibitz::Finding>),
        decoder: impl Fn(&RawRecord, &mut Board, &mut Vec<kibitz::Finding>),
    ) -> usize {
        let mut n = 0;
        for f in files {
            let mut r = Reader::new(&f[..]);
            while r.read_record(rec).unwrap() {
                findings.clear();
                decoder(rec, board, findings);
                n += findings.len();
            }
        }
        n
    }
    group.bench_function("read+decode", |b| {
        b.iter(|| read_and_decode(&files, (&mut rec, &mut board, &mut findings), decode))
    });
    group.bench_function("read+decode_for_rules", |b| {
        b.iter(|| {
            let parts = (&mut rec, &mut board, &mut findings);
            read_and_decode(&files, parts, decode_for_rules)
        })
    });
    // The records held in memory (about 130 MB for the corpus), each decoded
    // where it lies: unlike in the loop above, a record is not in the cache
    // from its reading, so this is, if anything, slower than the decode step
    // of `read+decode`.
    let mut records = Vec::new();
    for f in &files {
        let mut r = Reader::new(&f[..]);
        while r.read_record(&mut rec).unwrap() {
            records.push(std::mem::take(&mut rec));
        }
    }
    group.bench_function("decode", |b| {
        b.iter(|| {
            let mut n = 0;
            for rec in &records {
                findings.clear();
                decode(rec, &mut board, &mut findings);
                n += findings.len();
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
