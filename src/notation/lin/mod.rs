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
pub mod results;
pub mod rules;
mod sniff;

pub mod decode;
pub mod writer;

pub use raw::{MAX_FINDINGS_PER_RECORD, RawRecord, RawTag, Span};
pub(crate) use reader::{Carried, Handover};
pub use reader::{Limits, Reader};
pub use sniff::{looks_like_lin, starts_with_lin_tag};

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

crate::notation::seam!(
    RawRecord,
    Reader,
    rules::RECORD_LIMIT,
    crate::bridge::Board,
    decode::decode,
    raw::not_kept
);
