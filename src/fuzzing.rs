//! Bodies of the fuzz targets under `fuzz/`, kept in the library so that
//! `cargo test` replays every saved case (`tests/fuzz_regressions.rs`) with the
//! same code the fuzzer runs. Each function panics when an invariant breaks.

use std::io::{self, Read};

use crate::audit::{AuditOptions, Summary, audit_stream};
use crate::bridge::Board;
use crate::bridge::generate::{Fault, GeneratedBoard, Place, Settings, generate_board};
use crate::choose::ByteChooser;
use crate::lines::LineReader;
use crate::pbn::writer::Writer;
use crate::pbn::{RawRecord, Reader};
use crate::{Finding, Severity};

/// The audit's default options, with one job. Built once:
/// `AuditOptions::default()` asks the system for the number of cores (reading
/// cgroup files), which took a fifth of every fuzz execution.
fn options() -> &'static AuditOptions {
    static OPTIONS: std::sync::OnceLock<AuditOptions> = std::sync::OnceLock::new();
    OPTIONS.get_or_init(|| AuditOptions {
        jobs: 1,
        ..AuditOptions::default()
    })
}

/// Audits `data` in one piece and returns the summary and findings.
fn audit_bytes<R: Read>(input: R) -> (Summary, Vec<Finding>) {
    let mut summary = Summary::default();
    let mut findings = Vec::new();
    audit_stream(input, options(), &mut summary, &mut |f| {
        findings.push(f.clone())
    })
    .expect("reading from memory cannot fail");
    (summary, findings)
}

/// `pbn_decode`: raw bytes into the reader and the audit. Must not panic; every
/// finding names a record that was counted and a line inside the input; the
/// number of findings stays in proportion to the input.
pub fn pbn_decode(data: &[u8]) {
    let (summary, findings) = audit_bytes(data);
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    assert_eq!(summary.bytes, data.len() as u64);
    // A record starts at a line or, without a blank line before it, at a tag.
    let opens = data.iter().filter(|&&b| b == b'[').count() as u64;
    assert!(
        summary.records <= lines + opens,
        "{} records from {lines} lines and {opens} `[`",
        summary.records
    );
    for f in &findings {
        assert!(f.record >= 1 && f.record as u64 <= summary.records, "{f:?}");
        assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
    }
    // A record keeps at most a bounded number of findings (plus one that says how
    // many were dropped; a ScoreIMP finding may land on an earlier record).
    let per_record = crate::pbn::MAX_FINDINGS_PER_RECORD as u64 + 2;
    assert!(findings.len() as u64 <= summary.records.max(1) * per_record);
}

/// A reader that hands out the input in chunks whose sizes come from `sizes`
/// (cycled; 0 is read as 1).
struct Chunks<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    i: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let want = if self.sizes.is_empty() {
            1
        } else {
            usize::from(self.sizes[self.i % self.sizes.len()]).max(1)
        };
        self.i += 1;
        let n = want.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// `pbn_chunks`: the first byte says how many of the following bytes are chunk
/// sizes; the rest is the input. Reading the input in those chunks (down to one
/// byte per read) must give exactly the records and findings of a whole read;
/// and so must its lines with a short limit (16 to 79 bytes, from the first
/// byte), where lines are cut.
pub fn pbn_chunks(data: &[u8]) {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let max = 16 + usize::from(n >> 2);
    let n = usize::from(n % 16).min(rest.len());
    let (sizes, input) = rest.split_at(n);
    let whole = audit_bytes(input);
    let parts = audit_bytes(Chunks {
        data: input,
        sizes,
        i: 0,
    });
    assert_eq!(whole.0, parts.0, "summaries differ");
    assert_eq!(whole.1, parts.1, "findings differ");
    let chunks = Chunks {
        data: input,
        sizes,
        i: 0,
    };
    let in_chunks = all_lines(LineReader::with_max_line(chunks, max));
    let whole = all_lines(LineReader::with_max_line(input, max));
    assert_eq!(in_chunks, whole, "lines differ (limit {max})");
}

/// Every line of `lines`: text, number, bytes cut off, plain.
pub(crate) fn all_lines<R: Read>(mut lines: LineReader<R>) -> Vec<(Vec<u8>, u64, u64, bool)> {
    let mut out = Vec::new();
    while let Some(l) = lines.next_line().expect("reading from memory cannot fail") {
        out.push((l.text.to_vec(), l.number, l.dropped, l.plain));
    }
    out
}

/// `ppn_decode`: the first byte says text (even) or JSON (odd) preferans; the rest
/// goes through the notation sniffer and the preferans audit. Must not panic;
/// every byte is read; findings name lines inside the input.
pub fn ppn_decode(data: &[u8]) {
    let Some((&k, input)) = data.split_first() else {
        return;
    };
    let name = if k % 2 == 0 {
        "fuzz.ppn"
    } else {
        "fuzz.ppn.json"
    };
    let lines = input.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut summary = Summary::default();
    crate::audit::audit_uncontained(name, input, options(), &mut summary, &mut |f| {
        assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
    })
    .expect("reading from memory cannot fail");
    assert_eq!(summary.bytes, input.len() as u64, "not every byte was read");
    // As PPN text (whatever the sniffer said): in pieces (as `--jobs` reads
    // one file; here the pieces in turn on this thread), exactly what one
    // reader gives. Pieces of 1 to 64 bytes, from the first byte; on a
    // quarter of the inputs (on half, the target ran 6,300 inputs a second
    // instead of 11,000).
    if k % 4 == 0 {
        let size = usize::from(k / 4) + 1;
        let (one, pieces) = (ppn_text(input, None), ppn_text(input, Some(size)));
        assert!(one == pieces, "in pieces of {size}");
    }
}

/// The findings and summary of PPN text `input`, one reader or in pieces of
/// about `piece` bytes.
fn ppn_text(input: &[u8], piece: Option<usize>) -> (Summary, Vec<Finding>) {
    let (mut summary, mut findings) = (Summary::default(), Vec::new());
    let mut emit = |f: &Finding| findings.push(f.clone());
    match piece {
        None => {
            crate::audit::preferans::audit_text(input, options(), &mut summary, &mut emit)
                .expect("reading from memory cannot fail");
        }
        Some(size) => {
            let opts = AuditOptions {
                input_piece: size,
                ..options().clone()
            };
            crate::audit::preferans::pieces::audit_text_in_pieces(
                input,
                &opts,
                &mut summary,
                &mut emit,
            );
        }
    }
    (summary, findings)
}

/// Writes one generated game as PBN (export format).
pub fn write_pbn(g: &GeneratedBoard) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out).expect("writing to memory cannot fail");
    w.write_game(&g.board)
        .expect("generated boards are written in seat columns");
    out
}

/// Decodes the first record of `text`.
fn decode_first(text: &[u8]) -> Board {
    let mut rec = RawRecord::default();
    assert!(Reader::new(text).read_record(&mut rec).expect("memory"));
    let mut board = Board::default();
    crate::pbn::decode::decode(&rec, &mut board, &mut Vec::new());
    board
}

fn show(findings: &[Finding], text: &[u8]) -> String {
    let mut s: String = findings
        .iter()
        .map(|f| format!("{} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect();
    s.push_str(&String::from_utf8_lossy(text));
    s
}

/// `bridge_roundtrip`: a legal game generated from the bytes (first byte: board
/// number) is written as PBN, read back and audited: no violation, and the decoded
/// game equals the generated one.
pub fn bridge_roundtrip(data: &[u8]) {
    let number = data.first().map_or(1, |&b| u32::from(b % 32) + 1);
    let rest = data.get(1..).unwrap_or(&[]);
    let g = generate_board(&mut ByteChooser::new(rest), number, &Settings::default());
    let text = write_pbn(&g);
    let (summary, findings) = audit_bytes(&text[..]);
    assert_eq!(summary.records, 1);
    assert!(
        findings.iter().all(|f| f.severity != Severity::Violation),
        "a legal game gets violations:\n{}",
        show(&findings, &text)
    );
    let mut decoded = decode_first(&text);
    decoded.clear_positions();
    assert_eq!(
        decoded,
        g.board,
        "the game read back differs:\n{}",
        String::from_utf8_lossy(&text)
    );
}

/// `bridge_mutation`: the first byte picks a fault kind, the second the board
/// number; the game generated with that one fault is written and audited, and the
/// audit must report the fault's rule at the place it was put.
pub fn bridge_mutation(data: &[u8]) {
    let (Some(&k), Some(&n)) = (data.first(), data.get(1)) else {
        return;
    };
    let fault = Fault::ALL[usize::from(k) % Fault::ALL.len()];
    let settings = Settings {
        claims: true,
        fault: Some(fault),
    };
    let g = generate_board(
        &mut ByteChooser::new(&data[2..]),
        u32::from(n % 32) + 1,
        &settings,
    );
    let (Some((_, place)), Some(rule)) = (g.fault, g.rule()) else {
        return; // no chance to place this fault in this game
    };
    let text = write_pbn(&g);
    let (_, findings) = audit_bytes(&text[..]);
    let board = decode_first(&text);
    let pos = match place {
        Place::Call(i) => board.auction.as_ref().map(|a| a.items[i].pos),
        Place::Card(i) => board.play.as_ref().map(|p| p.items[i].pos),
        Place::Result => board.result.map(|r| r.pos),
        Place::Score => board.score.map(|s| s.pos),
        Place::Contract => board.contract.map(|c| c.pos),
    }
    .expect("the place of the fault is in the record");
    assert!(
        findings.iter().any(|f| f.rule == rule.id && f.pos == pos),
        "{fault:?} at {pos} should be reported as {}:\n{}",
        rule.id,
        show(&findings, &text)
    );
}

/// `rbn_decode`: raw bytes into the RBN/RBX reader, decoder and bridge rules.
/// Must not panic; every byte is read; findings name a record that was read and a
/// line inside the input; each record keeps a bounded number of reader findings.
pub fn rbn_decode(data: &[u8]) {
    use crate::notation::rbn::{RawRecord, Reader, decode::decode};
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut reader = Reader::new(data);
    let mut rec = RawRecord::default();
    let mut board = Board::default();
    let mut ctx = crate::bridge::Context::default();
    let mut findings = Vec::new();
    let mut records = 0;
    while reader
        .read_record(&mut rec)
        .expect("reading from memory cannot fail")
    {
        records += 1;
        assert_eq!(rec.index, records);
        assert!(rec.findings.len() <= crate::notation::rbn::MAX_FINDINGS_PER_RECORD);
        findings.clear();
        findings.extend(rec.findings.iter().cloned());
        decode(&rec, &mut board, &mut findings);
        crate::bridge::check(&board, &mut ctx, &mut findings);
        for f in &findings {
            assert!(f.record >= 1 && f.record <= records, "{f:?}");
            assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
        }
    }
    assert_eq!(
        reader.bytes_read(),
        data.len() as u64,
        "not every byte was read"
    );
}

/// `lin_decode`: raw bytes into the LIN reader, decoder and bridge rules. Must
/// not panic; every byte is read; findings name a record that was returned and a
/// line inside the input; findings per record stay bounded.
pub fn lin_decode(data: &[u8]) {
    use crate::notation::lin::{self, decode::decode};
    let mut reader = lin::Reader::new(data);
    let mut rec = lin::RawRecord::default();
    let mut board = Board::default();
    let mut ctx = crate::bridge::Context::default();
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let bars = data.iter().filter(|&&b| b == b'|').count();
    let mut records = 0;
    while reader
        .read_record(&mut rec)
        .expect("reading from memory cannot fail")
    {
        records += 1;
        assert_eq!(rec.index, records);
        let mut findings = rec.findings.clone();
        decode(&rec, &mut board, &mut findings);
        crate::bridge::check(&board, &mut ctx, &mut findings);
        let bound = lin::MAX_FINDINGS_PER_RECORD + crate::bridge::MAX_FINDINGS + 1;
        assert!(findings.len() <= bound, "{} findings", findings.len());
        for f in &findings {
            assert!(f.record >= 1 && f.record <= records, "{f:?}");
            assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
        }
    }
    // A record needs a pair (two `|`) or a finding, which needs a byte.
    assert!(records <= bars / 2 + 1, "{records} records from {bars} `|`");
    assert_eq!(
        reader.bytes_read(),
        data.len() as u64,
        "not every byte was read"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunking_a_small_file_changes_nothing() {
        let mut data = vec![3u8, 1, 2, 7];
        data.extend_from_slice(
            b"% PBN 2.1\r\n[Event \"x\"]{c\r\n\r\n}\r\n[Dealer \"Q\"]\r\n\r\n[Board \"2\"]",
        );
        pbn_chunks(&data);
        pbn_decode(&data);
    }
}

mod pinochle;
pub use pinochle::{
    pinochle_decode, pinochle_game_roundtrip, pinochle_roundtrip, read_pinochle, write_pinochle,
};

mod convert;
pub use convert::{convert_roundtrip, convert_roundtrip_all, generate_games};
