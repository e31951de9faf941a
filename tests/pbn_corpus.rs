//! The PBN reader on the real corpus: every file is read to the end without a
//! panic, and the number of records equals an independent count made by
//! `scripts/count_pbn_records.py` (a separate implementation of PBN 3's record
//! boundaries, in Python).

mod common;

use std::collections::BTreeMap;
use std::process::Command;

use kibitz::pbn::{RawRecord, Reader};

#[test]
fn every_corpus_file_is_read_and_records_match_an_independent_count() {
    let Some(root) = common::corpus() else { return };
    let dir = root.join("bridge/pbn");
    let files = common::files_with_ext(&dir, "pbn");
    assert!(
        files.len() > 600,
        "expected the full corpus, found {} files",
        files.len()
    );
    let mut ours = BTreeMap::new();
    let mut rec = RawRecord::default();
    for f in &files {
        let file = std::fs::File::open(f).unwrap();
        let mut r = Reader::new(file);
        let mut n = 0u64;
        while r.read_record(&mut rec).unwrap() {
            n += 1;
            assert_eq!(rec.index as u64, n);
        }
        assert_eq!(
            r.bytes_read(),
            std::fs::metadata(f).unwrap().len(),
            "{} not read to the end",
            f.display()
        );
        ours.insert(f.display().to_string(), n);
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/count_pbn_records.py");
    let out = match Command::new("python3").arg(script).arg(&dir).output() {
        Ok(o) if o.status.success() => o,
        _ => {
            eprintln!("skipped the independent count: python3 not available");
            return;
        }
    };
    let text = String::from_utf8(out.stdout).unwrap();
    let mut theirs = BTreeMap::new();
    for line in text.lines() {
        let (n, path) = line.split_once(' ').unwrap();
        if n != "total" {
            theirs.insert(path.to_string(), n.parse::<u64>().unwrap());
        }
    }
    assert_eq!(ours.len(), theirs.len());
    let diffs: Vec<_> = ours
        .iter()
        .filter(|(k, v)| theirs.get(*k) != Some(v))
        .map(|(k, v)| format!("{k}: kibitz {v}, script {:?}", theirs.get(k)))
        .collect();
    assert!(diffs.is_empty(), "{diffs:#?}");
    let total: u64 = ours.values().sum();
    assert!(total > 25_000, "{total}");
}

/// The audit decodes with `decode_for_rules`, which leaves the texts no rule
/// reads undecoded: on every record of the corpus it must give `decode`'s
/// findings and board, those texts aside (Site, Date, Scoring as written,
/// the players, the teams, Section and Table), and leave them empty. Event,
/// Stage and Round are kept (the rooms check tells matches apart by them).
#[test]
fn decoding_for_the_rules_differs_from_decoding_only_in_the_texts_no_rule_reads() {
    use kibitz::bridge::{Board, Identification};
    use kibitz::pbn::decode::{decode, decode_for_rules};
    let Some(root) = common::corpus() else { return };
    let files = common::files_with_ext(&root.join("bridge/pbn"), "pbn");
    let (mut rec, mut full, mut lean) = (RawRecord::default(), Board::default(), Board::default());
    let (mut records, mut with_texts) = (0, 0);
    for f in &files {
        let mut r = Reader::new(std::fs::File::open(f).unwrap());
        while r.read_record(&mut rec).unwrap() {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            decode(&rec, &mut full, &mut a);
            decode_for_rules(&rec, &mut lean, &mut b);
            let at = || format!("{} record {}", f.display(), rec.index);
            assert_eq!(a, b, "{}", at());
            let kept = Identification {
                event: full.id.event.clone(),
                stage: full.id.stage.clone(),
                round: full.id.round.clone(),
                ..Identification::default()
            };
            assert_eq!(lean.id, kept, "{}", at());
            with_texts += usize::from(full.id != kept);
            let mut texts_aside = full.clone();
            texts_aside.id = kept;
            assert!(texts_aside == lean, "{}", at());
            records += 1;
        }
    }
    assert!(records > 26_000, "{records} records");
    // Most records name their players or site: the check compared something.
    assert!(with_texts > 20_000, "{with_texts} records with such texts");
}
