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
