//! Portable Bridge Notation (PBN 1.0, 2.0, 2.1): reading and writing.
//!
//! Reading is in two steps, as in `pgn-reader`:
//!
//! 1. [`Reader`] splits the input into [`RawRecord`]s: tag pairs, section tokens,
//!    comments and escape lines exactly as written, plus syntax findings.
//! 2. [`decode`](decode::decode) turns a raw record into a notation-free
//!    [`bridge::Board`](crate::bridge::Board), checking every tag value and section
//!    token against the spec (decode findings).
//!
//! Neither step knows the rules of bridge; that is [`crate::bridge`]'s job.

mod raw;
mod reader;
pub mod rules;
mod tag;

pub mod decode;
pub mod writer;

pub use raw::{
    Inherit, MAX_FINDINGS_PER_RECORD, RawComment, RawEscape, RawRecord, RawTag, RawToken, Span,
    TokenKind,
};
pub(crate) use reader::{Carried, Earlier, Escape, Guess, Handover, Resume, is_name_char};
pub use reader::{Limits, Reader};
pub use tag::{KNOWN_TAGS, TagKind};

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
    fn not_kept(&self, out: &mut dyn FnMut(&'static str)) {
        if !self.comments.is_empty() {
            out(crate::notation::FREE_TEXT);
        }
        for t in &self.tags {
            if !t.kind.kept_by_board() {
                out(t.kind.name().unwrap_or("tags PBN does not define"));
            }
        }
    }
    fn held_bytes(&self) -> usize {
        self.arena.capacity()
            + (self.tags.capacity() + self.tokens.capacity()) * 32
            + self.findings.capacity() * std::mem::size_of::<crate::Finding>()
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
    fn decode_for_rules(&self, board: &mut crate::bridge::Board, out: &mut Vec<crate::Finding>) {
        decode::decode_for_rules(self, board, out);
    }
}
