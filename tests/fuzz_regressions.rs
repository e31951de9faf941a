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

#[test]
fn convert_roundtrip_regressions_seeds_and_generated_games() {
    for (name, data) in cases("fuzz/regressions/convert_roundtrip")
        .into_iter()
        .chain(cases("fuzz/seeds/bytes"))
    {
        eprintln!("convert_roundtrip {name}");
        kibitz::fuzzing::convert_roundtrip(&data);
        kibitz::fuzzing::convert_roundtrip_all(&data);
    }
    // Seeded games: one board (first byte's bit 5 clear) or two; passed-out
    // auctions, claims and full plays all occur among them. Of an odd length,
    // a teams match: two tables of two boards (four records) or one table of
    // two boards.
    let (mut two, mut claims, mut passed, mut tables) = (0, 0, 0, 0);
    for seed in 0..400u64 {
        for len in [400, 399] {
            let mut data = kibitz::choose::splitmix_bytes(seed, 400);
            data.truncate(len);
            let games = kibitz::fuzzing::generate_games(&data);
            match len {
                400 => two += usize::from(games.len() == 2),
                _ => tables += usize::from(games.len() == 4),
            }
            claims += games.iter().filter(|g| g.claimed).count();
            passed += games.iter().filter(|g| g.board.play.is_none()).count();
            kibitz::fuzzing::convert_roundtrip_all(&data);
        }
    }
    assert!(
        two > 100 && tables > 100 && claims > 40 && passed > 10,
        "{two} {tables} {claims} {passed}"
    );
    for data in [&[][..], &[0], &[0x20], &[255; 3], &[0; 500]] {
        kibitz::fuzzing::convert_roundtrip_all(data);
    }
}

/// A fuzz target: its name, its body and its seed folder.
type Target = (&'static str, fn(&[u8]), &'static str);

/// Every fuzz target.
const TARGETS: [Target; 10] = [
    ("pbn_decode", kibitz::fuzzing::pbn_decode, "pbn"),
    ("pbn_chunks", kibitz::fuzzing::pbn_chunks, "pbn"),
    (
        "bridge_roundtrip",
        kibitz::fuzzing::bridge_roundtrip,
        "bytes",
    ),
    ("bridge_mutation", kibitz::fuzzing::bridge_mutation, "bytes"),
    ("ppn_decode", kibitz::fuzzing::ppn_decode, "ppn"),
    (
        "pinochle_decode",
        kibitz::fuzzing::pinochle_decode,
        "pinochle",
    ),
    (
        "pinochle_roundtrip",
        kibitz::fuzzing::pinochle_roundtrip,
        "bytes",
    ),
    ("lin_decode", kibitz::fuzzing::lin_decode, "lin"),
    ("rbn_decode", kibitz::fuzzing::rbn_decode, "rbn"),
    (
        "convert_roundtrip",
        kibitz::fuzzing::convert_roundtrip,
        "bytes",
    ),
];

/// Every target replays its seeds, its saved failures (`fuzz/regressions/`)
/// and its committed minimized corpus (`fuzz/corpora/`), so what a campaign
/// kept stays checked; and every target under `fuzz/fuzz_targets/` is listed.
#[test]
fn every_target_replays_seeds_regressions_and_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            e.file_name()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    files.sort();
    let mut listed: Vec<String> = TARGETS.iter().map(|t| t.0.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed, "a fuzz target is not replayed here");
    for (target, body, seeds) in TARGETS {
        let all: Vec<_> = cases(&format!("fuzz/seeds/{seeds}"))
            .into_iter()
            .chain(cases(&format!("fuzz/regressions/{target}")))
            .chain(cases(&format!("fuzz/corpora/{target}")))
            .collect();
        assert!(!all.is_empty(), "{target} has no seed");
        for (name, data) in all {
            eprintln!("{target} {name}");
            body(&data);
        }
    }
}

/// The fuzz target `pinochle_roundtrip` plays games of one or two hands (for
/// speed); games of up to eight hands are checked here.
#[test]
fn pinochle_games_of_eight_hands_round_trip() {
    for seed in 0..40u64 {
        kibitz::fuzzing::pinochle_game_roundtrip(&kibitz::choose::splitmix_bytes(seed, 2000), 8);
    }
}
