//! Replays every saved fuzz case (`fuzz/regressions/<target>/*`) and every seed
//! (`fuzz/seeds/pbn/*`) through the fuzz targets' bodies in `kibitz::fuzzing`.

use std::path::Path;

fn cases(dir: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().is_file() && e.file_name() != ".gitkeep")
                .map(|e| {
                    (
                        e.path().display().to_string(),
                        std::fs::read(e.path()).unwrap(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn pbn_decode_regressions_and_seeds() {
    let all: Vec<_> = cases("fuzz/regressions/pbn_decode")
        .into_iter()
        .chain(cases("fuzz/seeds/pbn"))
        .collect();
    assert!(!all.is_empty());
    for (name, data) in all {
        eprintln!("pbn_decode {name}");
        kibitz::fuzzing::pbn_decode(&data);
    }
}

#[test]
fn pbn_chunks_regressions_and_seeds() {
    let mut all = cases("fuzz/regressions/pbn_chunks");
    // Seeds with a few chunkings: one byte, prime sizes, large.
    for (name, data) in cases("fuzz/seeds/pbn") {
        for sizes in [&[1u8][..], &[2, 3, 5, 7, 11], &[255]] {
            let mut d = vec![sizes.len() as u8];
            d.extend_from_slice(sizes);
            d.extend_from_slice(&data);
            all.push((format!("{name} {sizes:?}"), d));
        }
    }
    for (name, data) in all {
        eprintln!("pbn_chunks {name}");
        kibitz::fuzzing::pbn_chunks(&data);
    }
}

#[test]
fn bridge_regressions_and_seeds() {
    let seeds = cases("fuzz/seeds/bytes");
    for (name, data) in cases("fuzz/regressions/bridge_roundtrip")
        .into_iter()
        .chain(seeds.clone())
    {
        eprintln!("bridge_roundtrip {name}");
        kibitz::fuzzing::bridge_roundtrip(&data);
    }
    for (name, data) in cases("fuzz/regressions/bridge_mutation")
        .into_iter()
        .chain(seeds)
    {
        eprintln!("bridge_mutation {name}");
        kibitz::fuzzing::bridge_mutation(&data);
    }
}

#[test]
fn ppn_decode_regressions_and_seeds() {
    let all: Vec<_> = cases("fuzz/regressions/ppn_decode")
        .into_iter()
        .chain(cases("fuzz/seeds/ppn"))
        .collect();
    assert!(!all.is_empty());
    for (name, data) in all {
        eprintln!("ppn_decode {name}");
        kibitz::fuzzing::ppn_decode(&data);
    }
}
