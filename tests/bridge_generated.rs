//! Property tests over generated bridge games (the bodies of the fuzz targets
//! `bridge_roundtrip` and `bridge_mutation`, run here on seeded byte strings):
//! generated legal games audit without a violation and read back equal; each
//! targeted fault is reported under its rule at its place.

use kibitz::bridge::generate::Fault;
use kibitz::fuzzing::{bridge_mutation, bridge_roundtrip};

fn bytes(seed: u64, n: usize) -> Vec<u8> {
    kibitz::choose::splitmix_bytes(seed, n)
}

#[test]
fn generated_games_are_legal_and_read_back_equal() {
    for seed in 0..3000 {
        bridge_roundtrip(&bytes(seed, 400));
    }
    // Short and degenerate inputs are games too.
    for data in [&[][..], &[0], &[255; 3], &[0; 500]] {
        bridge_roundtrip(data);
    }
}

#[test]
fn every_fault_kind_is_reported_at_its_place() {
    for (k, fault) in Fault::ALL.iter().enumerate() {
        for seed in 0..300 {
            let mut data = vec![k as u8, (seed % 32) as u8];
            data.extend(bytes(seed + 1_000_000 * k as u64, 400));
            bridge_mutation(&data);
        }
        let _ = fault;
    }
}

/// Games from `Arbitrary` (the `arbitrary` feature) are legal: written as PBN
/// and audited, none has a violation.
#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_games_are_legal() {
    use arbitrary::{Arbitrary, Unstructured};
    use kibitz::audit::{AuditOptions, audit_reader};
    use kibitz::bridge::generate::GeneratedBoard;
    let mut games = 0;
    for seed in 0..500u32 {
        let data: Vec<u8> = (0..800u32)
            .map(|i| ((i * 7919 + seed * 104_729) % 251) as u8)
            .collect();
        let g = GeneratedBoard::arbitrary(&mut Unstructured::new(&data)).unwrap();
        let text = kibitz::fuzzing::write_pbn(&g);
        let report = audit_reader("g.pbn", &text[..], &AuditOptions::default()).unwrap();
        let bad: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity == kibitz::Severity::Violation)
            .collect();
        assert!(
            bad.is_empty(),
            "{bad:#?}\n{}",
            String::from_utf8_lossy(&text)
        );
        games += usize::from(g.board.play.is_some());
    }
    assert!(games > 300, "too few played games: {games}");
}
