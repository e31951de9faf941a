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

pub mod decode;
pub mod writer;

pub use raw::{
    Inherit, MAX_FINDINGS_PER_RECORD, RawComment, RawEscape, RawRecord, RawTag, RawToken, Span,
    TokenKind,
};
pub use reader::{Limits, Reader};
