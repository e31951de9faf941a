//! Portable Pinochle Notation (double-deck four-handed pinochle): reading and
//! writing.
//!
//! Not to be confused with Portable Preferans Notation ([`crate::ppn`]), which
//! shares the acronym and the `.ppn` extension; [`looks_like_pinochle`] tells them
//! apart by content.
//!
//! Reading is in two steps, as for PBN:
//!
//! 1. [`Reader`] splits the input into [`RawRecord`]s, one per hand: `%` header
//!    lines, tag pairs (with their segmental prefixes), Auction and Play section
//!    tokens and `{}` comments exactly as written, plus syntax findings. `#` and
//!    `##` inheritance is resolved here.
//! 2. [`decode`](decode::decode) turns a raw record into the notation-free hand
//!    model of [`crate::pinochle`], checking every tag value and section token
//!    against the spec (EXPORT and IMPORT format).
//!
//! [`writer`] writes the model back in EXPORT form. Neither step knows the rules of
//! pinochle; that is [`crate::pinochle`]'s job.
//!
//! # Readings of the spec
//!
//! * A hand ends at a blank line, as in PBN; a second `Hand` or `Deal` tag at the
//!   start of a line also begins a new hand (a notice).
//! * Comments are `{...}` only (the spec lists no `;` comment) and may span lines.
//! * The segmental prefix is `@start-end=` with the hyphen always written and the
//!   end optional (every example writes the hyphen); it may stand before Annotator,
//!   Chat, Note and the seat and seat-type tags, the tags the spec marks so.
//! * `?` (unknown) and `*` (terminated) are accepted as a tag value and as a token
//!   anywhere in the Auction and Play sections.

mod raw;
mod reader;
pub mod rules;
mod sniff;

pub use raw::{
    Format, Inherit, MAX_FINDINGS_PER_RECORD, RawComment, RawEscape, RawRecord, RawSegment, RawTag,
    RawToken, Span, TokenKind,
};
pub(crate) use reader::{Carried, Handover};
pub use reader::{Limits, MAX_REMEMBERED_TAGS, PPN_MAX_LINE, Reader};
pub use sniff::looks_like_pinochle;

pub mod decode;
pub mod writer;

crate::notation::seam!(
    RawRecord,
    Reader,
    rules::LIMIT_RECORD,
    crate::pinochle::Hand,
    decode::decode
);
