//! Richard's Bridge Notation (RBN 3.2) and its one-line form RBX: reading and
//! writing.
//!
//! Reading is in two steps, as for PBN:
//!
//! 1. [`Reader`] splits the input into [`RawRecord`]s: the labelled lines, notes,
//!    text paragraphs and `%` lines as written (RBN or RBX), the repeating labels
//!    resolved, plus syntax findings.
//! 2. [`decode`](decode::decode) turns a raw record into a notation-free
//!    [`bridge::Board`](crate::bridge::Board), checking every label's data.
//!
//! [`writer::Writer`] writes boards (or raw records) as RBN or RBX and says what a
//! board holds that RBN cannot carry ([`writer::Uncarried`]). [`looks_like_rbn`]
//! tells RBN and RBX apart from other notations by content.
//!
//! Each RBN record is one table; the two tables of a teams deal are two records
//! that share the deal (the second repeats H), told apart by the room.

mod raw;
mod reader;
pub mod rules;
mod sniff;

pub mod decode;
pub mod writer;

pub use raw::{
    FieldKind, LABELS, MAX_FINDINGS_PER_RECORD, REPEATING, RawField, RawRecord, Span, label_rank,
};
pub use reader::{Limits, RBN_MAX_RECORD, Reader, max_length};
pub use sniff::looks_like_rbn;

crate::notation::seam!(
    RawRecord,
    Reader,
    rules::RECORD_LIMIT,
    crate::bridge::Board,
    decode::decode,
    raw::not_kept
);
