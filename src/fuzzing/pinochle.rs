//! Fuzz bodies for Portable Pinochle Notation.

use crate::audit::pinochle::audit_in_pieces;
use crate::audit::{AuditOptions, PinochleRules, Summary, audit_notation};
use crate::choose::ByteChooser;
use crate::notation::pinochle::decode::decode;
use crate::notation::pinochle::writer::{Identification, Writer};
use crate::notation::pinochle::{MAX_FINDINGS_PER_RECORD, RawRecord, Reader};
use crate::pinochle::generate::{Settings, generate_game};
use crate::pinochle::{Checker, Hand};
use crate::{Finding, Severity};

/// Reads and decodes every hand of `data`: the number of hands, the findings
/// (reader and decoder) and the hands.
pub fn read_pinochle(data: &[u8]) -> (usize, Vec<Finding>, Vec<Hand>) {
    let mut reader = Reader::new(data);
    let mut rec = RawRecord::default();
    let mut findings = Vec::new();
    let mut hands = Vec::new();
    let mut hand = Hand::default();
    while reader
        .read_record(&mut rec)
        .expect("reading from memory cannot fail")
    {
        let before = findings.len();
        findings.extend(rec.findings.iter().cloned());
        decode(&rec, &mut hand, &mut findings);
        let per_record = (findings.len() - before) as u64;
        assert!(
            per_record <= 2 * MAX_FINDINGS_PER_RECORD as u64 + 1,
            "{per_record} findings in record {}",
            rec.index
        );
        for f in &findings[before..] {
            assert_eq!(f.record, rec.index, "{f:?}");
        }
        hands.push(hand.clone());
    }
    assert_eq!(
        reader.bytes_read(),
        data.len() as u64,
        "not every byte was read"
    );
    (reader.records_read(), findings, hands)
}

/// `pinochle_decode`: raw bytes into the Portable Pinochle Notation reader and
/// decoder. Must not panic; every byte is read; every finding names a counted
/// hand and a line inside the input; a hand keeps a bounded number of findings;
/// the number of hands is at most the number of lines.
pub fn pinochle_decode(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let (records, findings, hands) = read_pinochle(data);
    assert!(
        records as u64 <= lines,
        "{records} hands from {lines} lines"
    );
    assert_eq!(hands.len(), records);
    for f in &findings {
        assert!(f.record >= 1 && f.record <= records, "{f:?}");
        assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
    }
    for h in &hands {
        assert!(h.pos.line <= lines);
        if let Some(p) = &h.play {
            assert!(p.tricks.len() <= data.len());
        }
    }
    // Audited in pieces (as `--jobs` reads one file: guessed states checked
    // against the truth; here the pieces on this thread, four in flight),
    // exactly what one reader and checker give. Pieces of 1 to 16 bytes, on
    // a sixteenth of the inputs: a comparison audits the input twice, rules
    // included, and formats every finding twice, about 22 times the rest of
    // this body (replayed over a working corpus of 4,300 inputs: 42,000
    // inputs a second without it, 11,000 comparing an eighth).
    let k = data.first().copied().unwrap_or(0);
    if k % 16 == 0 {
        let size = usize::from(k / 16) + 1;
        let (one, pieces) = (audit_hands(data, None), audit_hands(data, Some(size)));
        assert!(one == pieces, "in pieces of {size}");
    }
}

/// The findings and summary of the pinochle audit of `input`, one reader or
/// in pieces of about `piece` bytes.
fn audit_hands(input: &[u8], piece: Option<usize>) -> (Summary, Vec<Finding>) {
    let (mut summary, mut findings) = (Summary::default(), Vec::new());
    let mut emit = |f: &Finding| findings.push(f.clone());
    // (`AuditOptions::default()` asks the system for its number of cores,
    // a fifth of the target's time when made for every input.)
    let opts = AuditOptions {
        input_piece: piece.unwrap_or(1),
        ..super::options().clone()
    };
    match piece {
        None => {
            let reader = Reader::with_limits(input, opts.limits);
            let rules = PinochleRules(opts.pinochle);
            audit_notation(reader, &rules, &opts, &mut summary, &mut emit)
                .expect("reading from memory cannot fail");
        }
        Some(_) => audit_in_pieces(input, &opts, &mut summary, &mut emit),
    }
    (summary, findings)
}

/// Writes generated hands in EXPORT form.
pub fn write_pinochle(hands: &[Hand]) -> Vec<u8> {
    let mut w = Writer::new(Vec::new());
    let id = Identification::default();
    for h in hands {
        w.write_hand(&id, h).expect("writing to memory cannot fail");
    }
    w.into_inner()
}

/// `pinochle_roundtrip`: a legal game generated from the bytes (first byte: the
/// most hands, 1 or 2: a second hand exercises everything hands carry from one
/// to the next; games of up to 8 hands made the target run at 350 executions a
/// second, and `cargo test` checks them with [`pinochle_game_roundtrip`]) is written in EXPORT form, read back, decoded and checked
/// by the pinochle rules: no notation finding at all, no rule violation, and the
/// hands read back equal the generated ones.
pub fn pinochle_roundtrip(data: &[u8]) {
    let max_hands = data.first().map_or(1, |&b| usize::from(b % 2) + 1);
    pinochle_game_roundtrip(data.get(1..).unwrap_or(&[]), max_hands);
}

/// The check of [`pinochle_roundtrip`] on a game of at most `max_hands` hands
/// generated from `rest`.
pub fn pinochle_game_roundtrip(rest: &[u8], max_hands: usize) {
    let settings = Settings {
        max_hands,
        ..Settings::default()
    };
    let game = generate_game(&mut ByteChooser::new(rest), &settings);
    let text = write_pinochle(&game.hands);
    let show = || String::from_utf8_lossy(&text).into_owned();
    let (records, findings, mut hands) = read_pinochle(&text);
    assert_eq!(records, game.hands.len(), "{}", show());
    assert!(
        findings.is_empty(),
        "notation findings {findings:?} in\n{}",
        show()
    );
    let mut checker = Checker::new(settings.options);
    for h in &hands {
        checker.check(h, &mut |fault, pos| {
            let rule = fault.rule();
            assert!(
                rule.severity != Severity::Violation,
                "a legal game gets {} at {pos}: {fault}\n{}",
                rule.id,
                show()
            );
        });
    }
    let mut want = game.hands.clone();
    want.iter_mut().for_each(Hand::clear_positions);
    hands.iter_mut().for_each(Hand::clear_positions);
    assert_eq!(hands, want, "the hands read back differ:\n{}", show());
}
