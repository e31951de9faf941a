//! Generates legal preferans games, writes them as PPN and audits them.
//!
//! ```text
//! cargo run --release --example preferans_games -- [DEALS] [SEED] [OUT.ppn]
//! ```
//!
//! Prints the time taken and the audit summary; exits 1 if any violation is found.
//! With `OUT.ppn`, also writes the generated file there.

use std::time::Instant;

use kibitz::audit::{AuditOptions, audit_reader};
use kibitz::ppn::write_game;
use kibitz::preferans::generate::{ByteChooser, Settings, generate_game};

fn bytes(seed: u64, n: usize) -> Vec<u8> {
    kibitz::choose::splitmix_bytes(seed, n)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let per_game = 50;
    let start = Instant::now();
    let mut text = String::new();
    let mut made = 0;
    let mut game_no = 0u64;
    while made < deals {
        let n = per_game.min(deals - made);
        let b = bytes(seed.wrapping_mul(1_000_003).wrapping_add(game_no), n * 160);
        let settings = Settings {
            deals: n,
            ..Settings::default()
        };
        let game = generate_game(&mut ByteChooser::new(&b), &settings);
        write_game(&game.tags, &game.deals, &mut text);
        text.push('\n');
        made += n;
        game_no += 1;
    }
    let generated = start.elapsed();
    if let Some(path) = args.get(3) {
        std::fs::write(path, &text).expect("write the output file");
    }
    let report = audit_reader("generated.ppn", text.as_bytes(), &AuditOptions::default())
        .expect("in-memory read cannot fail");
    let total = start.elapsed();
    let s = &report.summary;
    println!(
        "{made} deals in {game_no} games, {} bytes: generated in {:.2?}, audited in {:.2?} (total {:.2?})",
        text.len(),
        generated,
        total - generated,
        total
    );
    println!(
        "records {}; violations {}, warnings {}, notices {}",
        s.records, s.violations, s.warnings, s.notices
    );
    for f in report.findings.iter().take(20) {
        println!("  {} {} {}: {}", f.pos, f.severity, f.rule, f.message);
    }
    if s.violations > 0 {
        std::process::exit(1);
    }
}
