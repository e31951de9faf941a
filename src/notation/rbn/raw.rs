//! The raw record: one RBN or RBX record as written, before any interpretation.
//!
//! All text lives in one arena that is cleared, not freed, between records, so
//! reading a file allocates only while the largest record so far grows.

pub use crate::pbn::Span;
use crate::{Finding, Pos};

/// Most findings kept per record; the rest are counted in `findings_dropped`.
pub const MAX_FINDINGS_PER_RECORD: usize = 200;

/// What a field of a record is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A labelled line (`B 7`, or the null label `B`): `label` is the letter.
    Label,
    /// A numbered note (`1 forcing`): `label` is the digit.
    Note,
    /// A free-text paragraph `{...}`: `label` is `{`. Line breaks inside it are
    /// stored as `|`, which RBN gives the same meaning.
    Text,
    /// Extraneous text after `%`: `label` is `%`.
    Extra,
}

/// One field of a record: a labelled line, a note, a text paragraph or a `%` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawField {
    /// What kind of field.
    pub kind: FieldKind,
    /// The label letter, note digit, `{` or `%`.
    pub label: u8,
    /// The data as written (for a label, what follows the space).
    pub value: Span,
    /// Where the label is.
    pub pos: Pos,
    /// Where the data starts.
    pub value_pos: Pos,
    /// Not written in this record: a repeating label (DTLEFSKNBH) carried over
    /// from an earlier record (RBN "General Database Rules"). `pos` is where it
    /// was written.
    pub inherited: bool,
    /// A further line of a multi-line I label.
    pub continued: bool,
}

/// The sixteen labels in standard output order.
pub const LABELS: &[u8; 16] = b"DTLEFSKNBHACPRMI";

/// The labels that repeat until altered.
pub const REPEATING: &[u8; 10] = b"DTLEFSKNBH";

/// The rank of `label` in the standard order `DTLEFSKNBHACPRMI`.
///
/// ```
/// use kibitz::notation::rbn::label_rank;
/// assert_eq!(label_rank(b'D'), Some(0));
/// assert_eq!(label_rank(b'I'), Some(15));
/// assert_eq!(label_rank(b'Z'), None);
/// ```
pub fn label_rank(label: u8) -> Option<usize> {
    LABELS.iter().position(|&l| l == label)
}

/// An RBN record as written: its fields in order (the inherited ones last), plus
/// the syntax findings the reader made while reading it.
///
/// ```
/// use kibitz::notation::rbn::{RawRecord, Reader};
/// let mut reader = Reader::new("B 7\nA SB:1HP5H^1A\n1 nuts\n".as_bytes());
/// let mut rec = RawRecord::default();
/// assert!(reader.read_record(&mut rec).unwrap());
/// assert_eq!(rec.label(b'B'), Some(&b"7"[..]));
/// assert_eq!(rec.fields[2].label, b'1');
/// assert!(!rec.rbx);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RawRecord {
    pub(crate) arena: Vec<u8>,
    /// Fields in the order written; inherited labels follow.
    pub fields: Vec<RawField>,
    /// Syntax findings made while reading this record.
    pub findings: Vec<Finding>,
    /// Findings not kept because the record already had the maximum.
    pub findings_dropped: usize,
    /// 1-based index of the record in its file.
    pub index: usize,
    /// Position of the first field.
    pub start: Pos,
    /// Last line of the record.
    pub end_line: u64,
    /// Written in the one-line RBX form.
    pub rbx: bool,
}

impl RawRecord {
    /// Bytes its buffers hold (their capacity), for the audit's memory bounds
    /// ([`crate::notation::RawRecord::held_bytes`]).
    pub(crate) fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.arena.capacity()
            + self.fields.capacity() * size_of::<RawField>()
            + self.findings.capacity() * size_of::<Finding>()
    }

    /// Empties the record, keeping its allocations.
    pub fn clear(&mut self) {
        self.arena.clear();
        self.fields.clear();
        self.findings.clear();
        self.findings_dropped = 0;
        self.index = 0;
        self.start = Pos::default();
        self.end_line = 0;
        self.rbx = false;
    }

    /// The bytes of `span`.
    pub fn text(&self, span: Span) -> &[u8] {
        &self.arena[span.range()]
    }

    /// The data of `field`.
    pub fn value(&self, field: &RawField) -> &[u8] {
        self.text(field.value)
    }

    /// The first field with label letter `label` (written or inherited).
    pub fn find(&self, label: u8) -> Option<&RawField> {
        self.fields
            .iter()
            .find(|f| f.kind == FieldKind::Label && f.label == label)
    }

    /// The data of the first field with label letter `label`.
    pub fn label(&self, label: u8) -> Option<&[u8]> {
        self.find(label).map(|f| self.value(f))
    }

    /// Whether the record holds anything but `%` lines.
    pub fn has_content(&self) -> bool {
        self.fields.iter().any(|f| f.kind != FieldKind::Extra)
    }

    /// Adds a finding (with this record's index), unless the record already holds
    /// the maximum.
    pub fn push_finding(&mut self, mut f: Finding) {
        if self.findings.len() < MAX_FINDINGS_PER_RECORD {
            f.record = self.index;
            self.findings.push(f);
        } else {
            self.findings_dropped += 1;
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

    /// Appends `bytes` to the text of the last field (a free-text paragraph
    /// continued on the next line).
    pub(crate) fn extend_last(&mut self, bytes: &[u8]) {
        self.arena.extend_from_slice(bytes);
        let end = self.arena.len() as u32;
        if let Some(f) = self.fields.last_mut() {
            f.value.end = end;
        }
    }
}

/// What of `rec` the [`Board`](crate::bridge::Board) does not keep
/// ([`crate::notation::RawRecord::not_kept`]): free text (the `T` title,
/// `{...}` paragraphs, `%` lines but the `% RBN` that names the format), the
/// `K` label's carry-overs (its teams are kept) and the `M` and `I` labels.
pub(crate) fn not_kept(rec: &RawRecord, out: &mut dyn FnMut(&'static str)) {
    for f in &rec.fields {
        match (f.kind, f.label) {
            // `% RBN` and `% RBX` name the format; other `%` lines are text.
            (FieldKind::Extra, _)
                if matches!(rec.value(f).trim_ascii(), b"RBN" | b"RBX")
                    || rec.value(f).trim_ascii().starts_with(b"RBN ") => {}
            (FieldKind::Text | FieldKind::Extra, _) | (FieldKind::Label, b'T') => {
                out(crate::notation::FREE_TEXT)
            }
            (FieldKind::Label, b'K')
                if super::decode::values::carry_overs(rec.value(f))
                    .any(|c| !c.trim_ascii().is_empty()) =>
            {
                out("K label carry-overs")
            }
            (FieldKind::Label, b'M') => out("M label (makes at double dummy)"),
            (FieldKind::Label, b'I') => out("I label (item list)"),
            _ => {}
        }
    }
}
