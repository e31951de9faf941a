//! Generates legal pinochle games and checks every hand with the rule module.
//!
//! ```text
//! cargo run --release --example pinochle_games -- [HANDS] [SEED] [OUT.ppn]
//! ```
//!
//! Prints the time taken, the outcomes and the findings by rule; exits 1 if any
//! violation is found. (The model is checked directly: the text side is the
//! notation's.) With `OUT.ppn`, also writes the games there as Portable
//! Pinochle Notation, one file (an input for timing `kibitz audit`).

use std::collections::BTreeMap;
use std::time::Instant;

use kibitz::Severity;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::notation::pinochle::writer::{Identification, Writer};
use kibitz::pinochle::generate::{Settings, generate_game};
use kibitz::pinochle::{Checker, Options, value};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let want: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let mut games = Vec::new();
    let mut hands = 0;
    while hands < want {
        let bytes = splitmix_bytes(
            seed.wrapping_mul(1_000_003)
                .wrapping_add(games.len() as u64),
            60_000,
        );
        let settings = Settings {
            max_hands: 60.min(want - hands),
            ..Settings::default()
        };
        let g = generate_game(&mut ByteChooser::new(&bytes), &settings);
        hands += g.hands.len();
        games.push(g);
    }
    let generated = start.elapsed();
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut violations = 0;
    let mut victors = 0;
    for g in &games {
        let mut checker = Checker::new(Options::default());
        for h in &g.hands {
            checker.check(h, &mut |f, _| {
                *by_rule.entry(f.rule().id).or_insert(0) += 1;
                if f.rule().severity == Severity::Violation {
                    violations += 1;
                    if violations <= 10 {
                        eprintln!("hand {:?}: {f}", value(&h.number));
                    }
                }
            });
        }
    }
    let checked = start.elapsed() - generated;
    for g in &games {
        for h in &g.hands {
            let o = value(&h.result).map_or("-".to_string(), |o| o.to_string());
            *outcomes.entry(o).or_insert(0) += 1;
            victors += usize::from(h.victor.is_some());
        }
    }
    println!(
        "{hands} hands in {} games ({victors} won): generated in {generated:.2?}, checked in {checked:.2?} ({:.0} hands/s)",
        games.len(),
        hands as f64 / checked.as_secs_f64()
    );
    println!("outcomes: {outcomes:?}");
    if let Some(path) = args.get(3) {
        let file = std::fs::File::create(path).expect("create the output file");
        let mut w = Writer::new(std::io::BufWriter::new(file));
        for g in &games {
            for h in &g.hands {
                w.write_hand(&Identification::default(), h)
                    .expect("write the output file");
            }
        }
        std::io::Write::flush(&mut w.into_inner()).expect("write the output file");
    }
    println!("findings by rule: {by_rule:?}; violations {violations}");
    if violations > 0 {
        std::process::exit(1);
    }
}
