//! The pinochle rules on the model: generated legal games check clean, every
//! planted fault is reported under its own rule at its place, and hand-built
//! records exercise each rule directly.

use kibitz::Pos;
use kibitz::Severity;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::pinochle::generate::{MARK, Mutation, Settings, generate_game};
use kibitz::pinochle::{Checker, Fault, Hand, Options};

fn check_all(hands: &[Hand], opts: Options) -> Vec<(Fault, Pos, usize)> {
    let mut c = Checker::new(opts);
    let mut out = Vec::new();
    for (i, h) in hands.iter().enumerate() {
        c.check(h, &mut |f, p| out.push((f, p, i)));
    }
    out
}

#[test]
fn generated_hands_check_clean() {
    let mut hands = 0;
    let mut seed = 0;
    let mut outcomes = std::collections::BTreeMap::new();
    while hands < 2_000 {
        seed += 1;
        let bytes = splitmix_bytes(seed, 60_000);
        let g = generate_game(&mut ByteChooser::new(&bytes), &Settings::default());
        let found = check_all(&g.hands, Options::default());
        let bad: Vec<_> = found
            .iter()
            .filter(|(f, _, _)| f.rule().severity != Severity::Notice)
            .collect();
        assert!(bad.is_empty(), "seed {seed}: {bad:#?}");
        for h in &g.hands {
            *outcomes
                .entry(format!("{:?}", kibitz::pinochle::value(&h.result)))
                .or_insert(0) += 1;
        }
        hands += g.hands.len();
    }
    eprintln!("{hands} hands in {seed} games: {outcomes:?}");
}

#[test]
fn every_mutation_is_reported_at_its_place() {
    for m in Mutation::ALL {
        let mut planted = 0;
        for seed in 0..40u64 {
            let bytes = splitmix_bytes(seed * 7 + 3, 60_000);
            let s = Settings {
                mutation: Some(m),
                ..Settings::default()
            };
            let g = generate_game(&mut ByteChooser::new(&bytes), &s);
            let Some((at, rule)) = g.planted else {
                continue;
            };
            planted += 1;
            assert_eq!(rule, m.rule());
            let found = check_all(&g.hands, Options::default());
            let violations: Vec<_> = found
                .iter()
                .filter(|(f, _, _)| f.rule().severity == Severity::Violation)
                .collect();
            assert!(
                found
                    .iter()
                    .any(|(f, p, i)| f.rule() == rule && *p == MARK && *i == at),
                "{m:?} seed {seed}: not reported at hand {at}: {found:#?}"
            );
            assert_eq!(violations.len(), 1, "{m:?} seed {seed}: {violations:#?}");
        }
        assert!(planted >= 10, "{m:?} planted only {planted} times");
    }
}
