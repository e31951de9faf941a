//! LIN: the reader and decoder on the real corpus (`bridge/lin`), round trips
//! (raw records, boards, generated games, PBN boards written as LIN), and each
//! rule of `rules/lin.toml` tested directly.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use kibitz::bridge::generate::{Settings, generate_board};
use kibitz::bridge::{
    AuctionCall, Board, Context, Note, PlayCard, PlayOrder, ResultTag, Room, check,
};
use kibitz::choose::ByteChooser;
use kibitz::notation::lin::writer::{Form, Writer, uncarried};
use kibitz::notation::lin::{RawRecord, Reader, decode::decode};
use kibitz::{Finding, Pos, Seat};

/// Reads every record of `data`: raw records and decoded boards with findings.
fn read_all(data: &[u8]) -> Vec<(RawRecord, Board, Vec<Finding>)> {
    let mut r = Reader::new(data);
    let mut out = Vec::new();
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {
        let mut b = Board::default();
        let mut f = rec.findings.clone();
        decode(&rec, &mut b, &mut f);
        out.push((rec.clone(), b, f));
    }
    assert_eq!(r.bytes_read(), data.len() as u64, "every byte is read");
    out
}

fn boards(text: &str) -> Vec<(Board, Vec<Finding>)> {
    read_all(text.as_bytes())
        .into_iter()
        .map(|(_, b, f)| (b, f))
        .collect()
}

fn one(text: &str) -> (Board, Vec<Finding>) {
    let mut v = boards(text);
    assert_eq!(v.len(), 1, "one record in {text}");
    v.remove(0)
}

fn rules_of(f: &[Finding]) -> Vec<&'static str> {
    f.iter().map(|f| f.rule).collect()
}

fn corpus_files() -> Option<Vec<std::path::PathBuf>> {
    let root = common::corpus()?;
    let dir = root.join("bridge/lin");
    if !dir.is_dir() {
        eprintln!("skipped: no {}", dir.display());
        return None;
    }
    Some(common::files_with_ext(&dir, "lin"))
}

/// The raw tags of a record without positions, for comparing round trips.
fn raw_view(r: &RawRecord) -> (Vec<(Vec<u8>, Vec<u8>)>, Vec<(Vec<u8>, Vec<u8>)>) {
    let f = |ts: &[kibitz::notation::lin::RawTag]| {
        ts.iter()
            .map(|t| (t.name.to_vec(), r.value(t).to_vec()))
            .collect()
    };
    (f(&r.header), f(&r.tags))
}

#[test]
fn corpus_every_record_read_and_count_matches_an_independent_count() {
    let Some(files) = corpus_files() else { return };
    assert!(files.len() >= 40, "{} files", files.len());
    let mut ours = BTreeMap::new();
    let mut total = 0;
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let recs = read_all(&data);
        for (rec, b, f) in &recs {
            // Every board of the corpus has a deal and no syntax findings.
            assert!(b.deal.is_some(), "{} record {}", p.display(), rec.index);
            assert!(
                f.iter().all(|f| !f.rule.starts_with("lin.syntax")
                    && !f.rule.starts_with("lin.limit")
                    && f.rule != "lin.md"),
                "{}: {f:?}",
                p.display()
            );
        }
        total += recs.len();
        ours.insert(p.display().to_string(), recs.len());
    }
    assert_eq!(total, 162, "30 + 30 + 32 + 32 vugraph records, 38 single boards");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/count_lin_records.py");
    let dir = common::corpus().unwrap().join("bridge/lin");
    let out = match Command::new("python3").arg(script).arg(&dir).output() {
        Ok(o) if o.status.success() => o,
        _ => {
            eprintln!("skipped the independent count: python3 not available");
            return;
        }
    };
    let mut theirs = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let (n, path) = line.split_once('\t').unwrap();
        theirs.insert(path.to_string(), n.parse::<usize>().unwrap());
    }
    assert_eq!(ours, theirs);
}

/// Prints the findings of the decoder and of the bridge rules on the corpus,
/// by rule, three examples each (for reading by eye: `cargo test --test lin
/// corpus_findings -- --nocapture`).
#[test]
fn corpus_findings() {
    let Some(files) = corpus_files() else { return };
    let mut by_rule: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let mut ctx = Context::default();
        for (_, b, mut f) in read_all(&data) {
            check(&b, &mut ctx, &mut f);
            for x in f {
                by_rule.entry(x.rule).or_default().push(format!(
                    "{}:{}: [rec {}] {}",
                    p.file_name().unwrap().to_string_lossy(),
                    x.pos,
                    x.record,
                    x.message
                ));
            }
        }
    }
    for (rule, v) in &by_rule {
        println!("{rule}: {}", v.len());
        for s in v.iter().take(3) {
            println!("    {s}");
        }
    }
}

#[test]
fn corpus_plays_are_replayed() {
    let Some(files) = corpus_files() else { return };
    let (mut boards, mut replayed, mut tricks, mut finished, mut declared) = (0, 0, 0u32, 0, 0);
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let mut ctx = Context::default();
        for (_, b, mut f) in read_all(&data) {
            let o = check(&b, &mut ctx, &mut f);
            boards += 1;
            declared += usize::from(o.declared.declarer.is_some());
            if let Some(p) = o.play {
                replayed += 1;
                tricks += u32::from(p.tricks);
                finished += usize::from(p.finished);
            }
        }
    }
    println!("boards {boards} declared {declared} replayed {replayed} tricks {tricks} finished {finished}");
    assert_eq!(boards, 162);
    // All but the record without an auction have a declarer and a replayed play.
    assert_eq!(declared, 161);
    assert_eq!(replayed, 161);
    assert!(tricks > 161 * 5, "{tricks}");
}

#[derive(serde::Deserialize)]
struct BookEntry {
    id: String,
    severity: kibitz::Severity,
    legal: String,
    illegal: String,
    #[serde(default)]
    limits: Option<BookLimits>,
}

#[derive(serde::Deserialize, Clone, Copy)]
struct BookLimits {
    max_line: Option<usize>,
    max_tokens: Option<usize>,
}

#[derive(serde::Deserialize)]
struct Book {
    rule: Vec<BookEntry>,
}

fn book() -> Vec<BookEntry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/lin.toml");
    toml::from_str::<Book>(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .rule
}

/// Reads, decodes and checks `text` (the bridge rules too), as the audit will.
fn audit(text: &str, limits: Option<BookLimits>) -> Vec<Finding> {
    let mut l = kibitz::notation::lin::Limits::default();
    if let Some(b) = limits {
        l.max_value = b.max_line.unwrap_or(l.max_value);
        l.max_tags = b.max_tokens.unwrap_or(l.max_tags);
    }
    let mut r = Reader::with_limits(text.as_bytes(), l);
    let mut rec = RawRecord::default();
    let mut out = Vec::new();
    let mut ctx = Context::default();
    while r.read_record(&mut rec).unwrap() {
        out.extend(rec.findings.iter().cloned());
        let mut b = Board::default();
        decode(&rec, &mut b, &mut out);
        check(&b, &mut ctx, &mut out);
    }
    out
}

/// Every rule of `rules/lin.toml`, tested directly (tests/rulebook.rs audits
/// the book through the audit layer once it reads LIN): the legal example has no
/// finding of the rule and no violation; the illegal one has the rule with the
/// book's severity. The book and `lin::rules::ALL` name the same rules.
#[test]
fn every_lin_rule_by_its_book_examples() {
    let book = book();
    let code: BTreeMap<&str, kibitz::Severity> = kibitz::notation::lin::rules::ALL
        .iter()
        .map(|r| (r.id, r.severity))
        .collect();
    let ids: BTreeMap<&str, kibitz::Severity> =
        book.iter().map(|e| (e.id.as_str(), e.severity)).collect();
    assert_eq!(ids, code, "rules/lin.toml and lin::rules::ALL differ");
    let mut failures = String::new();
    for e in &book {
        let legal = audit(&e.legal, e.limits);
        if legal
            .iter()
            .any(|f| f.rule == e.id || f.severity == kibitz::Severity::Violation)
        {
            failures += &format!("{}: legal example gets {:?}\n", e.id, legal);
        }
        let illegal = audit(&e.illegal, e.limits);
        match illegal.iter().find(|f| f.rule == e.id) {
            Some(f) if f.severity == e.severity => {}
            _ => failures += &format!("{}: illegal example gets {:?}\n", e.id, illegal),
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}
