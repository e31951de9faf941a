//! LIN, Bridge Base Online's notation: reading and writing.
//!
//! LIN has no published specification; `docs/lin.md` says what this reader
//! takes from public readers and real files, and where it decides. Reading is
//! in two steps, as for PBN:
//!
//! 1. [`Reader`] splits the input into [`RawRecord`]s: `tag|value|` pairs as
//!    written with their positions, a vugraph file's header inherited by each
//!    `qx` record, and syntax findings.
//! 2. [`decode::decode`] turns a raw record into a notation-free
//!    [`Board`](crate::bridge::Board).
//!
//! [`writer::Writer`] writes boards (single-board or vugraph form) and raw
//! records; [`writer::uncarried`] names what of a board LIN cannot carry.

mod raw;
mod reader;
pub mod rules;
mod sniff;

pub mod decode;
pub mod writer;

pub use raw::{MAX_FINDINGS_PER_RECORD, RawRecord, RawTag, Span};
pub use reader::{Limits, Reader};
pub use sniff::looks_like_lin;

impl Limits {
    /// The LIN limits that the audit's limits stand for: the longest line is the
    /// longest value, the most section tokens the most tags of a record.
    pub fn from_audit(l: &crate::pbn::Limits) -> Limits {
        Limits {
            max_value: l.max_line,
            max_record_bytes: l.max_record_bytes,
            max_tags: l.max_tokens,
        }
    }
}

impl crate::notation::RawRecord for RawRecord {
    fn index(&self) -> usize {
        self.index
    }
    fn start(&self) -> crate::Pos {
        self.start
    }
    fn take_findings(&mut self, out: &mut Vec<crate::Finding>) -> usize {
        out.append(&mut self.findings);
        std::mem::take(&mut self.findings_dropped)
    }
}

impl<R: std::io::Read> crate::notation::RecordReader for Reader<R> {
    type Raw = RawRecord;
    const RECORD_LIMIT: crate::Rule = rules::RECORD_LIMIT;
    fn read_record(&mut self, raw: &mut RawRecord) -> std::io::Result<bool> {
        Reader::read_record(self, raw)
    }
    fn bytes_read(&self) -> u64 {
        Reader::bytes_read(self)
    }
}

impl crate::notation::Decode<crate::bridge::Board> for RawRecord {
    fn decode(&self, board: &mut crate::bridge::Board, out: &mut Vec<crate::Finding>) {
        decode::decode(self, board, out);
    }
}
