//! The notations kibitz reads and writes, side by side: one folder each.
//!
//! A notation knows syntax only. Each has a streaming reader of raw records (as
//! written, with their positions), a decoder into its game's model, and a writer.
//!
//! * [`pbn`]: Portable Bridge Notation (bridge);
//! * [`ppn`]: Portable Preferans Notation, text and JSON (preferans).
//!
//! [`lines`] and [`text`] are the helpers they share: a bounded line splitter and
//! Latin-1/UTF-8 text decoding.

pub mod lin;
pub mod lines;
pub mod pbn;
pub mod pinochle;
pub mod ppn;
pub mod rbn;
mod spare;
pub mod text;

use std::io;

use crate::{Finding, Pos, Rule};

/// The name the writers give a results list's line for the table
/// ([`Board::summary`](crate::bridge::Board::summary), LIN's `rs` entry) in
/// the fields they cannot carry: no notation kibitz writes has one per
/// record (LIN's `rs` heads a whole file, before its first board).
pub const RESULTS_LIST: &str = "results list entry (`rs`)";

/// What the audit loop needs of a raw record, whatever its notation: where it is
/// and what its reader found while reading it.
pub trait RawRecord: Default {
    /// 1-based index of the record in its input.
    fn index(&self) -> usize;
    /// Where the record starts.
    fn start(&self) -> Pos;
    /// Moves the findings the reader made into `out` and returns how many more it
    /// had to drop (its own bound).
    fn take_findings(&mut self, out: &mut Vec<Finding>) -> usize;
    /// Bytes its buffers hold (their capacity; an estimate): what the audit
    /// counts of a record in flight to keep memory bounded.
    fn held_bytes(&self) -> usize;
    /// Names, to `out`, each kind of thing the record holds that its game's
    /// model does not keep, so that no conversion carries it: free text
    /// ([`FREE_TEXT`]), and tags, labels or header fields no rule reads (PBN's
    /// `HomeTeam`, LIN's `vg` teams, RBN's `K` label, ...). A name may come
    /// more than once. What a conversion reports as not kept.
    fn not_kept(&self, out: &mut dyn FnMut(&'static str)) {
        let _ = out;
    }
}

/// The name given to a record's free text ([`RawRecord::not_kept`]): PBN's
/// comments, LIN's `nt` commentary, RBN's `T` title, `{...}` paragraphs and
/// `%` lines. No game model keeps it.
pub const FREE_TEXT: &str =
    "comments and commentary (PBN `{}` and `;`, LIN `nt`, RBN `T` and `{}`)";

/// A notation's streaming reader: raw records, one at a time, into one reused
/// [`RawRecord`], so that memory stays bounded however large the input.
pub trait RecordReader {
    /// The notation's raw record.
    type Raw: RawRecord;
    /// The rule of the finding that counts what a record's finding bound dropped.
    const RECORD_LIMIT: Rule;
    /// Reads the next record into `raw`; `false` at the end of the input.
    ///
    /// # Errors
    ///
    /// I/O errors of the input; syntax errors are findings, never errors.
    fn read_record(&mut self, raw: &mut Self::Raw) -> io::Result<bool>;
    /// Bytes consumed from the input so far.
    fn bytes_read(&self) -> u64;
}

/// A raw record that decodes into the game model `M` (syntax only: the values
/// are read and checked against the notation, never against the rules).
pub trait Decode<M>: RawRecord {
    /// Fills `model` (cleared first) from the record, appending findings to `out`.
    fn decode(&self, model: &mut M, out: &mut Vec<Finding>);

    /// [`Decode::decode`] as the audit runs it: the same findings, and every
    /// field the rules read, but texts no rule reads may be left empty (PBN:
    /// [`crate::pbn::decode::decode_for_rules`]). The default decodes all.
    fn decode_for_rules(&self, model: &mut M, out: &mut Vec<Finding>) {
        self.decode(model, out);
    }
}

/// Plugs a notation into the seam: implements [`RawRecord`] for its raw
/// record (fields `index`, `start`, `findings`, `findings_dropped`; inherent
/// `buffer_bytes`),
/// [`RecordReader`] for its reader (inherent `read_record` and `bytes_read`)
/// and [`Decode`] into its game's model with its `decode` function.
///
/// `seam!(RawRecord, Reader, rules::RECORD_LIMIT, crate::bridge::Board, decode::decode);`
/// inside a notation's `mod.rs`; a sixth argument, a function of the raw
/// record and a `&mut dyn FnMut(&'static str)`, is its
/// [`RawRecord::not_kept`].
macro_rules! seam {
    ($raw:ty, $reader:ident, $limit:expr, $model:ty, $decode:path) => {
        $crate::notation::seam!(
            $raw,
            $reader,
            $limit,
            $model,
            $decode,
            |_: &$raw, _: &mut dyn FnMut(&'static str)| {}
        );
    };
    ($raw:ty, $reader:ident, $limit:expr, $model:ty, $decode:path, $not_kept:expr) => {
        impl $crate::notation::RawRecord for $raw {
            fn not_kept(&self, out: &mut dyn FnMut(&'static str)) {
                ($not_kept)(self, out)
            }
            fn index(&self) -> usize {
                self.index
            }
            fn start(&self) -> $crate::Pos {
                self.start
            }
            fn take_findings(&mut self, out: &mut Vec<$crate::Finding>) -> usize {
                out.append(&mut self.findings);
                std::mem::take(&mut self.findings_dropped)
            }
            fn held_bytes(&self) -> usize {
                self.buffer_bytes()
            }
        }

        impl<R: std::io::Read> $crate::notation::RecordReader for $reader<R> {
            type Raw = $raw;
            const RECORD_LIMIT: $crate::Rule = $limit;
            fn read_record(&mut self, raw: &mut $raw) -> std::io::Result<bool> {
                $reader::read_record(self, raw)
            }
            fn bytes_read(&self) -> u64 {
                $reader::bytes_read(self)
            }
        }

        impl $crate::notation::Decode<$model> for $raw {
            fn decode(&self, model: &mut $model, out: &mut Vec<$crate::Finding>) {
                $decode(self, model, out);
            }
        }
    };
}
pub(crate) use seam;
