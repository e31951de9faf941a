//! Pinochle rule-check throughput on generated games (the model, no text): how
//! many hands per second the rule module replays and scores.
//!
//! Run: `cargo bench --bench pinochle`; criterion prints hands per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::pinochle::generate::{Settings, generate_game};
use kibitz::pinochle::{Checker, Hand, Options};

fn games() -> Vec<Vec<Hand>> {
    let mut out = Vec::new();
    let mut n = 0;
    let mut seed = 0;
    while n < 2_000 {
        seed += 1;
        let g = generate_game(
            &mut ByteChooser::new(&splitmix_bytes(seed, 60_000)),
            &Settings::default(),
        );
        n += g.hands.len();
        out.push(g.hands);
    }
    out
}

fn check(c: &mut Criterion) {
    let games = games();
    let hands: usize = games.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("pinochle");
    group.throughput(Throughput::Elements(hands as u64));
    group.sample_size(20);
    group.bench_function("check generated hands", |b| {
        b.iter(|| {
            let mut findings = 0usize;
            for g in &games {
                let mut checker = Checker::new(Options::default());
                for h in g {
                    checker.check(h, &mut |_, _| findings += 1);
                }
            }
            assert_eq!(findings, 0);
        })
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
