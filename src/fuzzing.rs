//! Bodies of the fuzz targets under `fuzz/`, kept in the library so that
//! `cargo test` replays every saved case (`tests/fuzz_regressions.rs`) with the
//! same code the fuzzer runs. Each function panics when an invariant breaks.

use std::io::{self, Read};

use crate::Finding;
use crate::audit::{AuditOptions, Summary, audit_stream};

/// Audits `data` in one piece and returns the summary and findings.
fn audit_bytes<R: Read>(input: R) -> (Summary, Vec<Finding>) {
    let mut summary = Summary::default();
    let mut findings = Vec::new();
    audit_stream(input, &AuditOptions::default(), &mut summary, &mut |f| {
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
    assert!(
        summary.records <= lines,
        "{} records from {lines} lines",
        summary.records
    );
    for f in &findings {
        assert!(f.record >= 1 && f.record as u64 <= summary.records, "{f:?}");
        assert!(f.pos.line <= lines, "{f:?} beyond line {lines}");
    }
    // A record keeps at most a bounded number of findings (plus one that says how
    // many were dropped), and every record comes from at least one line.
    let per_record = crate::pbn::MAX_FINDINGS_PER_RECORD as u64 + 64;
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
/// byte per read) must give exactly the records and findings of a whole read.
pub fn pbn_chunks(data: &[u8]) {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
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
