//! Property tests over generated bridge games (the bodies of the fuzz targets
//! `bridge_roundtrip` and `bridge_mutation`, run here on seeded byte strings):
//! generated legal games audit without a violation and read back equal; each
//! targeted fault is reported under its rule at its place.

use kibitz::bridge::generate::Fault;
use kibitz::fuzzing::{bridge_mutation, bridge_roundtrip};

/// SplitMix64 bytes: an independent, seeded byte source.
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut s = seed;
    let mut out = Vec::with_capacity(n + 8);
    while out.len() < n {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out
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
