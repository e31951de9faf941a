//! The raw record: a Portable Pinochle Notation hand exactly as written, before any
//! interpretation.
//!
//! All text lives in one arena that is cleared, not freed, between records, so
//! reading a file allocates only while the largest record so far grows.

use std::ops::Range;

pub use crate::pbn::{Inherit, Span};
use crate::{Finding, Pos};

/// The format a file declares with its `% EXPORT` or `% IMPORT` header.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `% EXPORT`: programmatic records, every mandatory tag present, strict layout.
    Export,
    /// `% IMPORT`: human records, no mandatory tags.
    Import,
}

/// A segmental prefix `@start-end=` as written before a tag pair.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RawSegment {
    /// The start reference (`P.19.3`).
    pub start: Span,
    /// The end reference after the hyphen (empty when the tag lasts to the end).
    pub end: Span,
    /// Whether the hyphen was written.
    pub hyphen: bool,
    /// Position of the `@`.
    pub pos: Pos,
}

/// One tag pair. `tokens` is the range of [`RawRecord::tokens`] that follow the tag
/// (its section data: bids or cards).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTag {
    /// The tag name.
    pub name: Span,
    /// The value with escapes resolved and `#`/`##` inheritance applied.
    pub value: Span,
    /// Position of the `[` (of the `@` for a segmental tag).
    pub pos: Pos,
    /// Position of the value's opening quote.
    pub value_pos: Pos,
    /// Tokens of the section this tag opens.
    pub tokens: Range<u32>,
    /// Whether the value was inherited.
    pub inherit: Inherit,
    /// The segmental prefix, if any.
    pub segment: Option<RawSegment>,
}

/// The kind of a section token.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A bid, a card, `Pass`, `-` or `?`: letters, digits, `-` and `?`.
    Word,
    /// A parenthesised group such as `(S2)`; the text is what is inside.
    Group,
    /// `*`: the point where a terminated hand stopped.
    Star,
}

/// One token of section data.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawToken {
    /// What kind of token.
    pub kind: TokenKind,
    /// Its text.
    pub text: Span,
    /// Where it starts.
    pub pos: Pos,
}

/// A `{}` comment. `after_tag` and `after_token` say how many tags and tokens
/// precede it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawComment {
    /// Comment text without the braces.
    pub text: Span,
    /// Where the `{` is.
    pub pos: Pos,
    /// Tags read before it.
    pub after_tag: u32,
    /// Tokens read before it.
    pub after_token: u32,
}

/// A `%` header line (the text after the `%`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawEscape {
    /// Text after the `%`.
    pub text: Span,
    /// Line of the header.
    pub pos: Pos,
}

/// Most findings kept per record; the rest are counted in
/// [`RawRecord::findings_dropped`].
///
/// ```
/// assert_eq!(kibitz::notation::pinochle::MAX_FINDINGS_PER_RECORD, kibitz::pbn::MAX_FINDINGS_PER_RECORD);
/// ```
pub const MAX_FINDINGS_PER_RECORD: usize = crate::pbn::MAX_FINDINGS_PER_RECORD;

/// One hand as written: tags, section tokens, comments, header lines and the
/// findings the reader made while reading it.
///
/// ```
/// use kibitz::notation::pinochle::{RawRecord, Reader};
/// let text = "[Hand \"2\"]\n[Auction \"E\"]\nPass 52 59 60\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// assert!(reader.read_record(&mut rec).unwrap());
/// assert_eq!(rec.tag("Hand"), Some(&b"2"[..]));
/// let auction = rec.find_tag("Auction").unwrap();
/// let bids: Vec<&[u8]> = rec.section(auction).iter().map(|t| rec.text(t.text)).collect();
/// assert_eq!(bids, [&b"Pass"[..], b"52", b"59", b"60"]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RawRecord {
    pub(crate) arena: Vec<u8>,
    /// Tag pairs in the order written (then `##` values carried in, at the end).
    pub tags: Vec<RawTag>,
    /// Section tokens of all tags, in order.
    pub tokens: Vec<RawToken>,
    /// Comments in order.
    pub comments: Vec<RawComment>,
    /// `%` header lines read with this record, in order.
    pub escapes: Vec<RawEscape>,
    /// Findings made while reading this record.
    pub findings: Vec<Finding>,
    /// Findings not kept because the record already had the maximum.
    pub findings_dropped: usize,
    /// 1-based index of the record in its file.
    pub index: usize,
    /// Whether this is the first hand of its input (a reader resumed within
    /// an input, as for one input read in pieces, counts its hands from
    /// there, but its first is not the input's).
    pub first: bool,
    /// Position of the first tag or token.
    pub start: Pos,
    /// Last line of the record.
    pub end_line: u64,
    /// The format declared by the last `% EXPORT` / `% IMPORT` header so far.
    pub format: Option<Format>,
    /// The version of the last `% PPN x.y` header so far.
    pub version: Option<(u8, u8)>,
}

impl RawRecord {
    /// Bytes its buffers hold (their capacity), for the audit's memory bounds
    /// ([`crate::notation::RawRecord::held_bytes`]).
    pub(crate) fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.arena.capacity()
            + self.tags.capacity() * size_of::<RawTag>()
            + self.tokens.capacity() * size_of::<RawToken>()
            + self.comments.capacity() * size_of::<RawComment>()
            + self.escapes.capacity() * size_of::<RawEscape>()
            + self.findings.capacity() * size_of::<Finding>()
    }

    /// Empties the record, keeping its allocations.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Hand \"1\"]"[..]).read_record(&mut rec).unwrap();
    /// rec.clear();
    /// assert!(rec.tags.is_empty() && !rec.has_content());
    /// ```
    pub fn clear(&mut self) {
        self.arena.clear();
        self.tags.clear();
        self.tokens.clear();
        self.comments.clear();
        self.escapes.clear();
        self.findings.clear();
        self.findings_dropped = 0;
        self.index = 0;
        self.first = false;
        self.start = Pos::default();
        self.end_line = 0;
    }

    /// Whether the record has any tag, section token or stray text. Comments,
    /// header lines and findings alone do not make a record.
    ///
    /// ```
    /// let rec = kibitz::notation::pinochle::RawRecord::default();
    /// assert!(!rec.has_content());
    /// ```
    pub fn has_content(&self) -> bool {
        !self.tags.is_empty() || !self.tokens.is_empty() || self.start.line != 0
    }

    /// The bytes of `span`.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Trump \"H\"]"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.text(rec.tags[0].name), b"Trump");
    /// ```
    #[inline]
    pub fn text(&self, span: Span) -> &[u8] {
        &self.arena[span.range()]
    }

    /// The name of `tag`.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Trump \"H\"]"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.name(&rec.tags[0]), b"Trump");
    /// ```
    #[inline]
    pub fn name(&self, tag: &RawTag) -> &[u8] {
        self.text(tag.name)
    }

    /// The value of `tag`.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&br#"[Site "a \"b\""]"#[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.value(&rec.tags[0]), br#"a "b""#);
    /// ```
    #[inline]
    pub fn value(&self, tag: &RawTag) -> &[u8] {
        self.text(tag.value)
    }

    /// The first tag named `name` without a segmental prefix.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"@M-P=[Note \"x\"]\n[Note \"y\"]"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.value(rec.find_tag("Note").unwrap()), b"y");
    /// ```
    pub fn find_tag(&self, name: &str) -> Option<&RawTag> {
        self.tags
            .iter()
            .find(|t| t.segment.is_none() && self.name(t) == name.as_bytes())
    }

    /// The value of the first tag named `name` without a segmental prefix.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Dealer \"N\"]"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.tag("Dealer"), Some(&b"N"[..]));
    /// assert_eq!(rec.tag("Deal"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.find_tag(name).map(|t| self.value(t))
    }

    /// The section tokens following `tag`.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Play \"S\"]\nCA CJ CK CJ (S2)"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.section(&rec.tags[0]).len(), 5);
    /// ```
    pub fn section(&self, tag: &RawTag) -> &[RawToken] {
        &self.tokens[tag.tokens.start as usize..tag.tokens.end as usize]
    }

    /// Adds a finding, unless the record already holds the maximum.
    ///
    /// ```
    /// use kibitz::notation::pinochle::RawRecord;
    /// use kibitz::{Finding, Pos, Rule, Severity};
    /// let mut rec = RawRecord::default();
    /// for _ in 0..1000 {
    ///     rec.push_finding(Finding::of(Rule::new("x.y", Severity::Notice), Pos::new(1, 1), "x"));
    /// }
    /// assert_eq!(rec.findings.len() + rec.findings_dropped, 1000);
    /// ```
    pub fn push_finding(&mut self, f: Finding) {
        if self.findings.len() < MAX_FINDINGS_PER_RECORD {
            self.findings.push(f);
        } else {
            self.findings_dropped += 1;
        }
    }

    #[inline]
    pub(crate) fn push_text(&mut self, bytes: &[u8]) -> Span {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(bytes);
        Span {
            start,
            end: self.arena.len() as u32,
        }
    }
}
