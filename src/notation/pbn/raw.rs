//! The raw record: a PBN game exactly as written, before any interpretation.
//!
//! All text lives in one arena that is cleared, not freed, between records, so
//! reading a file allocates only while the largest record so far grows.

use std::ops::Range;

use super::TagKind;
use crate::{Finding, Pos};

/// A byte range in the record's arena.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// Start offset.
    pub start: u32,
    /// End offset (exclusive).
    pub end: u32,
}

impl Span {
    /// The span as a range.
    ///
    /// ```
    /// use kibitz::pbn::Span;
    /// assert_eq!(Span { start: 2, end: 5 }.range(), 2..5);
    /// ```
    #[inline]
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Whether the span is empty.
    ///
    /// ```
    /// use kibitz::pbn::Span;
    /// assert!(Span::default().is_empty());
    /// ```
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// How a tag's value came about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Inherit {
    /// Written in this record.
    #[default]
    Written,
    /// Written as `#`: the value is the previous record's (PBN 4.8).
    Hash,
    /// Not written here: carried over from an earlier `##` value.
    Sticky,
}

/// One tag pair. `tokens` is the range of [`RawRecord::tokens`] that follow the tag
/// (its section data: calls, cards or table elements).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTag {
    /// The tag name, for a name PBN does not define ([`TagKind::Other`]). A
    /// defined name is not copied (the span is empty): [`RawRecord::name`]
    /// gives its spelling, which `kind` fixes (tag names are case-sensitive).
    pub name: Span,
    /// The tag name classified (set by the reader, so that later stages need
    /// not compare strings).
    pub kind: TagKind,
    /// The tag value with escapes resolved and `#`/`##` inheritance applied.
    pub value: Span,
    /// Position of the `[`.
    pub pos: Pos,
    /// Position of the value's opening quote.
    pub value_pos: Pos,
    /// Tokens of the section this tag opens.
    pub tokens: Range<u32>,
    /// Whether the value was inherited.
    pub inherit: Inherit,
}

/// The kind of a section token.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A call or card token: letters, digits and `-` (auction and play sections).
    Word,
    /// A suffix: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Suffix,
    /// A note reference `=n=`; the text is the digits.
    Note,
    /// A NAG `$n`; the text is the digits.
    Nag,
    /// `*`.
    Star,
    /// `+`.
    Plus,
    /// `^` and one character; the text is that character.
    Irregularity,
    /// A string token in a supplemental section; the text has escapes resolved.
    Str,
    /// A section token (table element) in a supplemental section.
    Element,
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

/// A `;` or `{}` comment. `after_tag` and `after_token` say what precedes it (the
/// number of tags and tokens read before it), which PBN 3.8 says must be kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawComment {
    /// Comment text without the delimiters.
    pub text: Span,
    /// Where the `;` or `{` is.
    pub pos: Pos,
    /// Whether it is a `{...}` comment.
    pub brace: bool,
    /// Tags read before it.
    pub after_tag: u32,
    /// Tokens read before it.
    pub after_token: u32,
}

/// A `%` escape line (text after the `%`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawEscape {
    /// Text after the `%`.
    pub text: Span,
    /// Line of the escape.
    pub pos: Pos,
}

/// A PBN record as written: tags, section tokens, comments, escape lines and the
/// decode findings the reader made while reading it.
///
/// ```
/// use kibitz::pbn::{RawRecord, Reader};
/// let mut reader = Reader::new("[Board \"7\"]\n[Auction \"N\"]\n1C Pass\n".as_bytes());
/// let mut rec = RawRecord::default();
/// assert!(reader.read_record(&mut rec).unwrap());
/// assert_eq!(rec.tag("Board"), Some(&b"7"[..]));
/// let auction = rec.find_tag("Auction").unwrap();
/// let calls: Vec<&[u8]> = rec.section(auction).iter().map(|t| rec.text(t.text)).collect();
/// assert_eq!(calls, [&b"1C"[..], b"Pass"]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RawRecord {
    pub(crate) arena: Vec<u8>,
    /// Tag pairs in the order written.
    pub tags: Vec<RawTag>,
    /// Section tokens of all tags, in order.
    pub tokens: Vec<RawToken>,
    /// Comments in order.
    pub comments: Vec<RawComment>,
    /// `%` escape lines in order.
    pub escapes: Vec<RawEscape>,
    /// Decode findings made while reading this record.
    pub findings: Vec<Finding>,
    /// Findings not kept because the record already had the maximum.
    pub findings_dropped: usize,
    /// 1-based index of the record in its file.
    pub index: usize,
    /// Position of the first tag or token.
    pub start: Pos,
    /// Last line of the record.
    pub end_line: u64,
    /// Whether the file declared `% EXPORT` before or in this record.
    pub export: bool,
    /// PBN version declared by `% PBN x.y` (major, minor), if any.
    pub version: Option<(u8, u8)>,
    /// Whether the reader read every auction and play line of the record as
    /// calls or cards and blanks only (no annotation, mark or comment), so
    /// that [`RawRecord::section_gap`] tells all of their spacing.
    pub plain_sections: bool,
    /// On such lines, the first call or card after a gap that is not one
    /// space (where the export format wants one, PBN 5.1).
    pub section_gap: Option<Pos>,
    /// Whether the reader read every tag the record writes on a line of its
    /// own, at its start (its fast path for tag lines): so each stands alone
    /// at the start of its line, as the export format wants (PBN 3.3).
    pub tags_alone: bool,
}

/// Most findings kept per record; the rest are counted in `findings_dropped`.
pub const MAX_FINDINGS_PER_RECORD: usize = 200;

impl RawRecord {
    /// Empties the record, keeping its allocations.
    pub fn clear(&mut self) {
        self.arena.clear();
        self.tags.clear();
        self.tokens.clear();
        self.comments.clear();
        self.escapes.clear();
        self.findings.clear();
        self.findings_dropped = 0;
        self.index = 0;
        self.start = Pos::default();
        self.end_line = 0;
        self.plain_sections = false;
        self.section_gap = None;
        self.tags_alone = false;
    }

    /// Whether the record has any tag, section token or stray text. Comments,
    /// escape lines and findings alone do not make a record: a finding made
    /// before the first of these belongs to the record that follows.
    pub fn has_content(&self) -> bool {
        !self.tags.is_empty() || !self.tokens.is_empty() || self.start.line != 0
    }

    /// The bytes of `span`.
    #[inline]
    pub fn text(&self, span: Span) -> &[u8] {
        &self.arena[span.range()]
    }

    /// The name of `tag` (for a defined kind, its PBN spelling).
    ///
    /// ```
    /// use kibitz::pbn::{RawRecord, Reader};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Board \"3\"]\n[MyTag \"x\"]\n"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.name(&rec.tags[0]), b"Board");
    /// assert_eq!(rec.name(&rec.tags[1]), b"MyTag");
    /// ```
    #[inline]
    pub fn name(&self, tag: &RawTag) -> &[u8] {
        match tag.kind.name() {
            Some(name) => name.as_bytes(),
            None => self.text(tag.name),
        }
    }

    /// The value of `tag`.
    #[inline]
    pub fn value(&self, tag: &RawTag) -> &[u8] {
        self.text(tag.value)
    }

    /// The first tag named `name`.
    pub fn find_tag(&self, name: &str) -> Option<&RawTag> {
        match TagKind::of(name.as_bytes()) {
            TagKind::Other => self
                .tags
                .iter()
                .find(|t| t.kind == TagKind::Other && self.name(t) == name.as_bytes()),
            kind => self.find_kind(kind),
        }
    }

    /// The first tag of a kind PBN defines (`kind` is not [`TagKind::Other`]).
    ///
    /// ```
    /// use kibitz::pbn::{RawRecord, Reader, TagKind};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"[Board \"3\"]\n"[..]).read_record(&mut rec).unwrap();
    /// assert_eq!(rec.value(rec.find_kind(TagKind::Board).unwrap()), b"3");
    /// ```
    pub fn find_kind(&self, kind: TagKind) -> Option<&RawTag> {
        self.tags.iter().find(|t| t.kind == kind)
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.find_tag(name).map(|t| self.value(t))
    }

    /// The section tokens following `tag`.
    pub fn section(&self, tag: &RawTag) -> &[RawToken] {
        &self.tokens[tag.tokens.start as usize..tag.tokens.end as usize]
    }

    /// Adds a finding, unless the record already holds the maximum.
    pub fn push_finding(&mut self, f: Finding) {
        if self.findings.len() < MAX_FINDINGS_PER_RECORD {
            self.findings.push(f);
        } else {
            self.findings_dropped += 1;
        }
    }

    /// Appends `src[from..to]` (short text: a name, a value, a call or a card)
    /// without a call to `memcpy`: text of up to sixteen bytes, when `src` has
    /// sixteen bytes from `from`, is copied as one block and the arena is cut
    /// back to the text (one test for the values of most tags, whose lengths
    /// vary: a test of eight bytes before it mispredicted); text of up to eight
    /// bytes at the end of `src` is taken from the eight bytes that end with
    /// it, shifted down.
    #[inline(always)]
    pub(crate) fn push_from(&mut self, src: &[u8], from: usize, to: usize) -> Span {
        let start = self.arena.len();
        let len = to - from;
        if len <= 16 && from + 16 <= src.len() {
            let block: [u8; 16] = src[from..from + 16].try_into().unwrap_or([0; 16]);
            self.arena.extend_from_slice(&block);
            self.arena.truncate(start + len);
        } else if (1..=8).contains(&len) && to >= 8 {
            let block: [u8; 8] = src[to - 8..to].try_into().unwrap_or([0; 8]);
            let word = u64::from_le_bytes(block) >> (8 * (8 - len));
            self.arena.extend_from_slice(&word.to_le_bytes());
            self.arena.truncate(start + len);
        } else {
            self.arena.extend_from_slice(&src[from..to]);
        }
        Span {
            start: start as u32,
            end: self.arena.len() as u32,
        }
    }

    /// Appends `src[..len]` (an auction or play line's words and blanks, a few
    /// dozen bytes) in blocks of sixteen bytes while `src` has them, without a
    /// call to `memcpy`; the arena is then cut back to the text.
    #[inline(always)]
    pub(crate) fn push_run(&mut self, src: &[u8], len: usize) {
        let start = self.arena.len();
        let mut k = 0;
        while k < len && k + 16 <= src.len() {
            let block: [u8; 16] = src[k..k + 16].try_into().unwrap_or([0; 16]);
            self.arena.extend_from_slice(&block);
            k += 16;
        }
        if k < len {
            self.arena.extend_from_slice(&src[k..len]);
        }
        self.arena.truncate(start + len);
    }

    #[inline(always)]
    pub(crate) fn push_text(&mut self, bytes: &[u8]) -> Span {
        let start = self.arena.len() as u32;
        if bytes.len() <= 4 {
            // Calls and cards are 1-4 bytes: pushing them beats a call to memcpy.
            for &b in bytes {
                self.arena.push(b);
            }
        } else {
            self.arena.extend_from_slice(bytes);
        }
        Span {
            start,
            end: self.arena.len() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_run_copies_exactly_the_run_in_blocks_or_byte_runs() {
        let src: Vec<u8> = (b'a'..=b'z').chain(b'A'..=b'Z').collect();
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 40, 52] {
            // From a longer source (blocks of 16, then the rest) and from a
            // source that ends with the run (no block beyond it).
            for s in [&src[..], &src[..len]] {
                let mut rec = RawRecord::default();
                rec.arena.extend_from_slice(b"xy");
                rec.push_run(s, len);
                let mut want = b"xy".to_vec();
                want.extend_from_slice(&src[..len]);
                assert_eq!(rec.arena, want, "len {len}, source {}", s.len());
            }
        }
    }

    #[test]
    fn push_from_copies_exactly_the_text_whatever_lies_around_it() {
        // Every text of 0 to 20 bytes at every place of a 40-byte source: with
        // sixteen bytes or more after its start (one block), at the source's end
        // (shifted down from the last eight) and in between (a plain copy).
        let src: Vec<u8> = (b'A'..).take(40).collect();
        for from in 0..=src.len() {
            for to in from..=(from + 20).min(src.len()) {
                let mut rec = RawRecord::default();
                rec.arena.extend_from_slice(b"xy");
                let span = rec.push_from(&src, from, to);
                assert_eq!((span.start, span.end), (2, 2 + (to - from) as u32));
                assert_eq!(&rec.arena[2..], &src[from..to], "{from}..{to}");
            }
        }
    }
}
