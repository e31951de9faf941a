//! RBN decode throughput: reader, and reader + decoder, no rules.
//!
//! The input is the PBN corpus (`../shared/corpus/bridge/pbn` or
//! `$KIBITZ_CORPUS/bridge/pbn`) converted to RBN in the setup; without the corpus,
//! 20,000 generated games. Run: `cargo bench --bench rbn`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::bridge::Board;
use kibitz::bridge::generate::{Settings, generate_board};
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::notation::rbn::writer::{Form, Writer};
use kibitz::notation::rbn::{RawRecord, Reader, decode::decode};

/// The PBN corpus as boards, if present.
fn corpus_boards() -> Option<Vec<Board>> {
    let files = common::corpus_bytes("bridge/pbn", "pbn")?;
    let mut boards = Vec::new();
    let mut rec = kibitz::pbn::RawRecord::default();
    for data in &files {
        let mut r = kibitz::pbn::Reader::new(&data[..]);
        while r.read_record(&mut rec).ok()? {
            let mut b = Board::default();
            kibitz::pbn::decode::decode(&rec, &mut b, &mut Vec::new());
            boards.push(b);
        }
    }
    Some(boards)
}

fn input(form: Form) -> Vec<u8> {
    let boards = corpus_boards().unwrap_or_else(|| {
        (0..20_000u64)
            .map(|s| {
                let bytes = splitmix_bytes(s, 700);
                generate_board(
                    &mut ByteChooser::new(&bytes),
                    (s % 32) as u32 + 1,
                    &Settings::default(),
                )
                .board
            })
            .collect()
    });
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out, form);
    for b in &boards {
        w.write_board(b).expect("writing to memory");
    }
    out
}

fn bench(c: &mut Criterion) {
    for (name, form) in [("rbn", Form::Rbn), ("rbx", Form::Rbx)] {
        let text = input(form);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        let mut rec = RawRecord::default();
        let mut board = Board::default();
        let mut findings = Vec::new();
        group.bench_function("read", |b| {
            b.iter(|| {
                let mut r = Reader::new(&text[..]);
                let mut n = 0;
                while r.read_record(&mut rec).unwrap() {
                    n += 1;
                }
                n
            })
        });
        group.bench_function("read+decode", |b| {
            b.iter(|| {
                let mut r = Reader::new(&text[..]);
                let mut n = 0;
                while r.read_record(&mut rec).unwrap() {
                    findings.clear();
                    decode(&rec, &mut board, &mut findings);
                    n += findings.len();
                }
                n
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
