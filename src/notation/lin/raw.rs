//! The raw record: a LIN board exactly as written, before any interpretation.
//!
//! All text lives in one arena that is cleared, not freed, between records.

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
    /// use kibitz::notation::lin::Span;
    /// assert_eq!(Span { start: 2, end: 5 }.range(), 2..5);
    /// ```
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One `tag|value|` pair as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawTag {
    /// The two letters of the tag, as written (either case).
    pub name: [u8; 2],
    /// The value (everything between the two `|`, possibly cut at the value limit).
    pub value: Span,
    /// Line and column of the tag's first letter ([`RawTag::pos`]), kept
    /// apart so that a tag takes 24 bytes, not 32 with a [`Pos`] (the records
    /// one thread reads and another decodes are that much smaller).
    line: u64,
    col: u32,
}

impl RawTag {
    /// The tag `name` whose value is at `value` in the record's arena, its
    /// first letter at `pos`.
    ///
    /// ```
    /// use kibitz::notation::lin::{RawTag, Span};
    /// use kibitz::Pos;
    /// let t = RawTag::new(*b"pc", Span::default(), Pos::new(2, 7));
    /// assert_eq!(t.pos(), Pos::new(2, 7));
    /// assert_eq!(std::mem::size_of::<RawTag>(), 24);
    /// ```
    #[inline]
    pub fn new(name: [u8; 2], value: Span, pos: Pos) -> RawTag {
        RawTag {
            name,
            value,
            line: pos.line,
            col: pos.col,
        }
    }

    /// Position of the tag's first letter. The value starts three columns
    /// on, after the two letters and the `|` ([`RawTag::value_pos`]).
    #[inline]
    pub fn pos(&self) -> Pos {
        Pos::new(self.line, self.col)
    }

    /// The tag name in lower case (`MB` and `mb` are the same tag).
    ///
    /// ```
    /// use kibitz::notation::lin::{RawTag, Span};
    /// use kibitz::Pos;
    /// let t = RawTag::new(*b"MB", Span::default(), Pos::new(1, 1));
    /// assert_eq!(&t.lower(), b"mb");
    /// ```
    pub fn lower(&self) -> [u8; 2] {
        self.name.map(|b| b.to_ascii_lowercase())
    }

    /// Position of the value's first byte, just after the first `|`: a tag is
    /// two letters on one line, so three columns after [`RawTag::pos`] (not
    /// kept in the tag, which is a third smaller without it).
    ///
    /// ```
    /// use kibitz::notation::lin::{RawTag, Span};
    /// use kibitz::Pos;
    /// let t = RawTag::new(*b"pc", Span::default(), Pos::new(2, 7));
    /// assert_eq!(t.value_pos(), Pos::new(2, 10));
    /// ```
    #[inline]
    pub fn value_pos(&self) -> Pos {
        Pos::new(self.line, self.col.saturating_add(3))
    }
}

/// A LIN record as written: the vugraph header it inherits (`vg`, `rs`, `pn`, ...
/// before the first `qx`), its own tags, and the findings the reader made.
///
/// ```
/// use kibitz::notation::lin::{RawRecord, Reader};
/// let text = "vg|Final,S1,I,1,2,A,0,B,0|pn|a,b,c,d,e,f,g,h|qx|o1|md|1SA,SK,SQ,|qx|c1|md|1SA,SK,SQ,|";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// assert!(reader.read_record(&mut rec).unwrap());
/// assert_eq!(rec.header.len(), 2);
/// assert_eq!(rec.value(&rec.tags[0]), b"o1");
/// assert!(reader.read_record(&mut rec).unwrap());
/// assert_eq!(rec.value(rec.find(b"qx").unwrap()), b"c1");
/// assert_eq!(rec.header.len(), 2); // inherited again
/// assert!(!reader.read_record(&mut rec).unwrap());
/// ```
#[derive(Clone, Debug, Default)]
pub struct RawRecord {
    pub(crate) arena: Vec<u8>,
    /// The header tags this record inherits, in the order written.
    pub header: Vec<RawTag>,
    /// Whether this is the first record to carry `header` (the header's own
    /// findings are reported with it only).
    pub header_new: bool,
    /// The record's own tags, in the order written.
    pub tags: Vec<RawTag>,
    /// Findings made while reading this record.
    pub findings: Vec<Finding>,
    /// Findings not kept because the record already had the maximum.
    pub findings_dropped: usize,
    /// 1-based index of the record in its file.
    pub index: usize,
    /// Position of the record's first tag (of the header's, for a record that
    /// is only a header).
    pub start: Pos,
    /// Line of the record's last byte read.
    pub end_line: u64,
}

/// Most findings kept per record; the rest are counted in `findings_dropped`.
pub const MAX_FINDINGS_PER_RECORD: usize = crate::pbn::MAX_FINDINGS_PER_RECORD;

impl RawRecord {
    /// Bytes its buffers hold (their capacity), for the audit's memory bounds
    /// ([`crate::notation::RawRecord::held_bytes`]).
    pub(crate) fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.arena.capacity()
            + (self.header.capacity() + self.tags.capacity()) * size_of::<RawTag>()
            + self.findings.capacity() * size_of::<Finding>()
    }

    /// Empties the record, keeping its allocations.
    pub fn clear(&mut self) {
        self.arena.clear();
        self.header.clear();
        self.header_new = false;
        self.tags.clear();
        self.findings.clear();
        self.findings_dropped = 0;
        self.index = 0;
        self.start = Pos::default();
        self.end_line = 0;
    }

    /// The bytes of `span`.
    pub fn text(&self, span: Span) -> &[u8] {
        &self.arena[span.range()]
    }

    /// The value of `tag`.
    pub fn value(&self, tag: &RawTag) -> &[u8] {
        self.text(tag.value)
    }

    /// The record's first own tag named `name` (lower case), else the header's.
    pub fn find(&self, name: &[u8; 2]) -> Option<&RawTag> {
        self.tags
            .iter()
            .find(|t| &t.lower() == name)
            .or_else(|| self.header.iter().find(|t| &t.lower() == name))
    }

    /// Adds a finding, unless the record already holds the maximum.
    pub fn push_finding(&mut self, f: Finding) {
        if self.findings.len() < MAX_FINDINGS_PER_RECORD {
            self.findings.push(f);
        } else {
            self.findings_dropped += 1;
        }
    }

    /// [`RawRecord::push_text`] of `src[from..to]`: a short text with 16
    /// bytes of `src` from its start is copied as 16 bytes and cut, a copy of
    /// known length that needs no call to `memcpy`.
    #[inline]
    pub(crate) fn push_from(&mut self, src: &[u8], from: usize, to: usize) -> Span {
        let start = self.arena.len();
        if to - from <= 16 && from + 16 <= src.len() {
            self.arena.extend_from_slice(&src[from..from + 16]);
            self.arena.truncate(start + to - from);
        } else {
            self.arena.extend_from_slice(&src[from..to]);
        }
        Span {
            start: start as u32,
            end: self.arena.len() as u32,
        }
    }

    pub(crate) fn push_text(&mut self, bytes: &[u8]) -> Span {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(bytes);
        Span {
            start,
            end: self.arena.len() as u32,
        }
    }
}

/// The fields of a `vg` title, by their place: `vg|event,segment,scoring,
/// first,last,team1,carry1,team2,carry2|` (lin-notes 3). What the decoder
/// reads of it ([`super::decode`]'s `title`, [`super::results::first_board`])
/// and what a conversion reports as not kept ([`not_kept`]) name the fields
/// from here.
pub(crate) mod vg {
    pub(crate) const EVENT: usize = 0;
    pub(crate) const SEGMENT: usize = 1;
    pub(crate) const SCORING: usize = 2;
    pub(crate) const FIRST: usize = 3;
    pub(crate) const LAST: usize = 4;
    pub(crate) const TEAM_1: usize = 5;
    pub(crate) const CARRY_1: usize = 6;
    pub(crate) const TEAM_2: usize = 7;
    pub(crate) const CARRY_2: usize = 8;

    /// The nine fields of the title `v` (split at its commas): a field the
    /// title does not reach is empty, and what follows a ninth comma is not
    /// looked at.
    pub(crate) fn fields(v: &[u8]) -> [&[u8]; 9] {
        let mut out: [&[u8]; 9] = [&[]; 9];
        for (slot, f) in out.iter_mut().zip(v.split(|&b| b == b',')) {
            *slot = f;
        }
        out
    }
}

/// What of `rec` the [`Board`](crate::bridge::Board) does not keep
/// ([`crate::notation::RawRecord::not_kept`]): `nt` commentary, the `vg`
/// title's fields but the event and scoring, the header's `pw`, `mp` and
/// `bn`, and tags no LIN reader knows.
pub(crate) fn not_kept(rec: &RawRecord, out: &mut dyn FnMut(&'static str)) {
    use super::reader::{is_display, is_known};
    for t in rec.header.iter().chain(&rec.tags) {
        match &t.lower() {
            b"nt" => out(crate::notation::FREE_TEXT),
            b"vg" => {
                // The board keeps all but the board range and the carry-overs.
                let f = vg::fields(rec.value(t));
                if [vg::FIRST, vg::LAST, vg::CARRY_1, vg::CARRY_2]
                    .iter()
                    .any(|&i| !f[i].trim_ascii().is_empty())
                {
                    out("`vg` board range and carry-overs");
                }
            }
            b"pw" => out("`pw` (players of each board)"),
            b"mp" => out("`mp` (scores)"),
            b"bn" => out("`bn` (board numbers)"),
            l if is_known(l) || is_display(l) => {}
            _ => out("tags LIN does not define"),
        }
    }
}
