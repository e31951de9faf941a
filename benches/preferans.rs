//! Preferans audit throughput: generated legal games written as PPN text (no
//! real preferans archive exists; see the corpus README), then read, decoded,
//! replayed and scored on one thread, the text already in memory.
//!
//! Run: `cargo bench --bench preferans`; criterion prints MiB/s of PPN text.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::audit::{AuditOptions, Summary, audit_input};
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::ppn::write_game;
use kibitz::preferans::generate::{Settings, generate_game};

/// About 10,000 deals in games of 50, as `examples/preferans_games.rs` writes them.
fn ppn_text() -> String {
    let mut text = String::new();
    for game in 0..200u64 {
        let settings = Settings {
            deals: 50,
            ..Settings::default()
        };
        let bytes = splitmix_bytes(1_000_003 + game, 50 * 160);
        let g = generate_game(&mut ByteChooser::new(&bytes), &settings);
        write_game(&g.tags, &g.deals, &mut text);
        text.push('\n');
    }
    text
}

fn audit(c: &mut Criterion) {
    let text = ppn_text();
    let opts = AuditOptions {
        jobs: 1,
        ..AuditOptions::default()
    };
    let mut group = c.benchmark_group("preferans");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("audit generated games", |b| {
        b.iter(|| {
            let mut summary = Summary::default();
            let mut findings = 0usize;
            audit_input(
                "generated.ppn",
                text.as_bytes(),
                &opts,
                &mut summary,
                &mut |_| findings += 1,
            )
            .expect("in-memory read");
            // Generated games are legal: a finding means the bench measures
            // something else than a clean audit.
            assert_eq!(findings, 0);
            assert!(summary.records > 0);
            summary.records
        })
    });
    group.finish();
}

criterion_group!(benches, audit);
criterion_main!(benches);
