//! The streaming RBN/RBX reader: bytes in, [`RawRecord`]s out.
//!
//! The reader works line by line over one fixed buffer ([`LineReader`]: LF or
//! CRLF, lines cut at a bound). An RBN record is a run of lines ended by a blank
//! line; an RBX record is one line of `label{data}` fields. A malformed line is
//! reported (line and column) and skipped; a malformed RBX line is read up to the
//! fault and the rest of it (the rest of that deal) skipped, so reading always
//! resumes at the next line or deal.
//!
//! The repeating labels (DTLEFSKNBH) are resolved here: a record that does not
//! write one of them gets the last value written, marked
//! [`inherited`](super::RawField::inherited); a null label (the letter alone)
//! stops the repetition. When the K label is set, N alternates between the last
//! two N values written (the two tables of a teams match).

use std::io::{self, Read};

use super::raw::{FieldKind, LABELS, REPEATING, RawField, RawRecord, label_rank};
use super::rules;
use crate::lines::{DEFAULT_MAX_LINE, LineReader};
use crate::{Finding, Pos};

/// Bounds on what the reader keeps, so that hostile input cannot exhaust memory.
/// What goes beyond a bound is skipped with a finding.
///
/// ```
/// use kibitz::notation::rbn::Limits;
/// assert_eq!(Limits::default().max_line, 64 * 1024);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest line kept, in bytes.
    pub max_line: usize,
    /// Largest text a record may hold, in bytes.
    pub max_record_bytes: usize,
    /// Most fields per record.
    pub max_fields: usize,
}

impl Limits {
    /// The limits an audit asks for (`kibitz audit`'s, shared by every
    /// notation): the line length as given, the record size and field count
    /// no larger than RBN's own defaults.
    ///
    /// ```
    /// use kibitz::notation::rbn::Limits;
    /// let mut audit = kibitz::pbn::Limits::default();
    /// audit.max_tokens = 8;
    /// assert_eq!(Limits::from_audit(&audit).max_fields, 8);
    /// assert_eq!(Limits::from_audit(&kibitz::pbn::Limits::default()), Limits::default());
    /// ```
    pub fn from_audit(l: &crate::pbn::Limits) -> Limits {
        let d = Limits::default();
        Limits {
            max_line: l.max_line,
            max_record_bytes: l.max_record_bytes.min(d.max_record_bytes),
            max_fields: l.max_tokens.min(d.max_fields),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: DEFAULT_MAX_LINE,
            max_record_bytes: 1 << 20,
            max_fields: 10_000,
        }
    }
}

/// RBN's largest record, in bytes.
pub const RBN_MAX_RECORD: usize = 16_384;

/// The longest line RBN allows for a label (label and space included), or for a
/// note (128).
///
/// ```
/// use kibitz::notation::rbn::max_length;
/// assert_eq!(max_length(b'H'), 72);
/// assert_eq!(max_length(b'I'), 504);
/// assert_eq!(max_length(b'1'), 128);
/// ```
pub fn max_length(label: u8) -> usize {
    match label {
        b'D' => 20,
        b'F' | b'M' => 56,
        b'K' => 84,
        b'B' | b'C' | b'R' => 24,
        b'H' => 72,
        b'I' => 504,
        _ => 128,
    }
}

/// A value remembered for a repeating label.
#[derive(Clone, Debug, Default)]
struct Stored {
    text: Vec<u8>,
    pos: Pos,
    value_pos: Pos,
}

/// Reads RBN and RBX records from any [`Read`].
///
/// ```
/// use kibitz::notation::rbn::{RawRecord, Reader};
/// let text = "% RBN\nE Teams\nB 1\n\nB 2\n";
/// let mut r = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// assert!(r.read_record(&mut rec).unwrap());
/// assert!(r.read_record(&mut rec).unwrap());
/// // E repeats until altered.
/// assert_eq!(rec.label(b'E'), Some(&b"Teams"[..]));
/// assert!(rec.find(b'E').unwrap().inherited);
/// assert!(!r.read_record(&mut rec).unwrap());
/// assert_eq!(r.bytes_read(), text.len() as u64);
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    limits: Limits,
    held: Vec<u8>,
    held_line: Option<u64>,
    index: usize,
    memory: [Option<Stored>; 10],
    /// The N value written before the last one (for alternation under K).
    n_before: Option<Stored>,
    /// The last record was RBX.
    rbx_mode: bool,
}

/// Whether `b` starts a field: a label letter, a note digit or `%`.
fn is_field_start(b: u8) -> bool {
    label_rank(b).is_some() || b.is_ascii_digit() || b == b'%'
}

fn blank(t: &[u8]) -> bool {
    t.iter().all(|&b| b == b' ' || b == b'\t')
}

fn col(i: usize) -> u32 {
    u32::try_from(i + 1).unwrap_or(u32::MAX)
}

/// Per-record state of the line parser.
#[derive(Default)]
struct Scan {
    /// Inside a text paragraph that began at this position.
    text: Option<Pos>,
    /// After an I label: lines are items until a blank line or `{`.
    items: bool,
    /// Record full: the rest is skipped.
    full: bool,
    bytes: usize,
    /// Labels seen (bit per rank), for duplicates.
    seen: u16,
    /// An A or P label came before (notes follow one of them).
    section: bool,
    after_i: bool,
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with `limits`.
    ///
    /// ```
    /// use kibitz::notation::rbn::{Limits, Reader};
    /// let r = Reader::with_limits(&b""[..], Limits { max_fields: 10, ..Limits::default() });
    /// assert_eq!(r.bytes_read(), 0);
    /// ```
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        Reader {
            lines: LineReader::with_max_line(inner, limits.max_line),
            limits,
            held: Vec::new(),
            held_line: None,
            index: 0,
            memory: Default::default(),
            n_before: None,
            rbx_mode: false,
        }
    }

    /// Bytes read from the input so far.
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// Reads the next record into `rec` (cleared first). Returns `false` at the
    /// end of the input.
    ///
    /// # Errors
    ///
    /// Read errors of the underlying reader.
    pub fn read_record(&mut self, rec: &mut RawRecord) -> io::Result<bool> {
        rec.clear();
        rec.index = self.index + 1;
        let mut scan = Scan::default();
        let max_line = self.limits.max_line;
        loop {
            let mut line_buf = std::mem::take(&mut self.held);
            let (number, dropped) = if let Some(n) = self.held_line.take() {
                (n, 0)
            } else {
                match self.lines.next_line()? {
                    Some(l) => {
                        line_buf.clear();
                        line_buf.extend_from_slice(l.text);
                        (l.number, l.dropped)
                    }
                    None => {
                        self.held = line_buf;
                        break;
                    }
                }
            };
            let t = &line_buf[..];
            if dropped > 0 {
                rec.push_finding(Finding::of(
                    rules::LINE_LIMIT,
                    Pos::new(number, col(max_line)),
                    format!("line longer than {max_line} bytes: {dropped} bytes skipped"),
                ));
            }
            if blank(t) {
                if let Some(p) = scan.text.take() {
                    rec.push_finding(Finding::of(
                        rules::TEXT,
                        p,
                        "text paragraph not closed by `}` at the end of a line before the record ends",
                    ));
                }
                if rec.has_content() {
                    self.held = line_buf;
                    break;
                }
                self.held = line_buf;
                continue;
            }
            scan.bytes += t.len() + 1;
            if scan.full {
                self.held = line_buf;
                continue;
            }
            if scan.text.is_none() && self.is_rbx_line(t) {
                if rec.has_content() {
                    // An RBN record ended by an RBX line: the line is the next record.
                    self.held_line = Some(number);
                    self.held = line_buf;
                    break;
                }
                rec.rbx = true;
                self.rbx_mode = true;
                self.rbx_line(t, number, rec, &mut scan);
                self.held = line_buf;
                if rec.has_content() {
                    break;
                }
                // Only `%` fields: they belong to the next record.
                rec.rbx = false;
                scan = Scan::default();
                continue;
            }
            self.rbx_mode = false;
            self.rbn_line(t, number, rec, &mut scan);
            self.held = line_buf;
        }
        if let Some(p) = scan.text.take() {
            rec.push_finding(Finding::of(
                rules::TEXT,
                p,
                "text paragraph not closed by `}` at the end of a line before the input ends",
            ));
        }
        if !rec.has_content() {
            return Ok(false);
        }
        self.index += 1;
        rec.start = rec.fields.first().map(|f| f.pos).unwrap_or_default();
        rec.end_line = self.lines.line_number();
        if scan.bytes > RBN_MAX_RECORD {
            rec.push_finding(Finding::of(
                rules::RECORD_SIZE,
                rec.start,
                format!(
                    "record of {} bytes; RBN allows {RBN_MAX_RECORD}",
                    scan.bytes
                ),
            ));
        }
        self.inherit(rec);
        Ok(true)
    }

    /// Whether `t` is an RBX record: `X{` with X a field start, or a text
    /// paragraph `{...}` followed by another field on the same line.
    fn is_rbx_line(&self, t: &[u8]) -> bool {
        match t {
            [a, b'{', ..] if is_field_start(*a) => true,
            [b'{', rest @ ..] => match memchr::memchr(b'}', rest) {
                Some(i) => {
                    let after = &rest[i + 1..];
                    self.rbx_mode && after.is_empty()
                        || matches!(after, [b'{', ..])
                        || matches!(after, [a, b'{', ..] if is_field_start(*a))
                }
                None => false,
            },
            _ => false,
        }
    }

    fn push_field(&self, rec: &mut RawRecord, scan: &mut Scan, mut field: RawField, value: &[u8]) {
        if rec.fields.len() >= self.limits.max_fields
            || rec.arena.len() + value.len() > self.limits.max_record_bytes
        {
            scan.full = true;
            rec.push_finding(Finding::of(
                rules::RECORD_LIMIT,
                field.pos,
                format!(
                    "record holds more than {} fields or {} bytes: the rest of it is skipped",
                    self.limits.max_fields, self.limits.max_record_bytes
                ),
            ));
            return;
        }
        field.value = rec.push_text(value);
        self.check_field(rec, scan, &field, value.len());
        rec.fields.push(field);
    }

    /// Length, duplicate and order checks of one field.
    fn check_field(&self, rec: &mut RawRecord, scan: &mut Scan, f: &RawField, len: usize) {
        match f.kind {
            FieldKind::Label | FieldKind::Note => {
                let max = max_length(f.label);
                if len + 2 > max {
                    rec.push_finding(Finding::of(
                        rules::LENGTH,
                        f.pos,
                        format!(
                            "label {} holds {} characters with label and space; RBN allows {max}",
                            f.label as char,
                            len + 2
                        ),
                    ));
                }
            }
            FieldKind::Text | FieldKind::Extra => return,
        }
        if f.kind == FieldKind::Note {
            if !scan.section {
                rec.push_finding(Finding::of(
                    rules::ORDER,
                    f.pos,
                    format!(
                        "note {} follows neither an A nor a P label",
                        f.label as char
                    ),
                ));
            }
            return;
        }
        if f.continued {
            return;
        }
        if scan.after_i {
            rec.push_finding(Finding::of(
                rules::ORDER,
                f.pos,
                format!(
                    "label {} follows the I label, which must be last",
                    f.label as char
                ),
            ));
        }
        let rank = label_rank(f.label).expect("labels only");
        if scan.seen & (1 << rank) != 0 {
            rec.push_finding(Finding::of(
                rules::DUPLICATE,
                f.pos,
                format!(
                    "label {} given twice in one record; the first is kept",
                    f.label as char
                ),
            ));
        }
        scan.seen |= 1 << rank;
        match f.label {
            b'A' | b'P' => scan.section = true,
            b'I' => scan.after_i = true,
            _ => {}
        }
    }

    fn rbn_line(&self, t: &[u8], number: u64, rec: &mut RawRecord, scan: &mut Scan) {
        let at = |i: usize| Pos::new(number, col(i));
        if scan.text.is_some() {
            // A paragraph continues; `|` stands for the line break.
            let (body, closed) = match t.strip_suffix(b"}") {
                Some(b) => (b, true),
                None => (t, false),
            };
            if rec.arena.len() + body.len() + 1 > self.limits.max_record_bytes {
                scan.full = true;
                return;
            }
            rec.extend_last(b"|");
            rec.extend_last(body);
            if closed {
                scan.text = None;
            }
            return;
        }
        let field = |kind, label, value_col: usize| RawField {
            kind,
            label,
            value: Default::default(),
            pos: at(0),
            value_pos: at(value_col),
            inherited: false,
            continued: false,
        };
        match t[0] {
            b'%' => self.push_field(rec, scan, field(FieldKind::Extra, b'%', 1), &t[1..]),
            b'{' => {
                scan.items = false;
                let body = &t[1..];
                match body.strip_suffix(b"}") {
                    Some(b) => self.push_field(rec, scan, field(FieldKind::Text, b'{', 1), b),
                    None => {
                        scan.text = Some(at(0));
                        self.push_field(rec, scan, field(FieldKind::Text, b'{', 1), body);
                    }
                }
            }
            b'I' if scan.items && t.get(1) == Some(&b' ') => {
                let mut f = field(FieldKind::Label, b'I', 2);
                f.continued = true;
                self.push_field(rec, scan, f, &t[2..]);
            }
            l if scan.items && !(t.len() >= 2 && t[1] == b' ' && is_field_start(l)) => {
                // An item line without the "I " prefix.
                let mut f = field(FieldKind::Label, b'I', 0);
                f.continued = true;
                self.push_field(rec, scan, f, t);
            }
            l if (label_rank(l).is_some() || l.is_ascii_digit())
                && (t.len() == 1 || t[1] == b' ') =>
            {
                let kind = if l.is_ascii_digit() {
                    FieldKind::Note
                } else {
                    FieldKind::Label
                };
                scan.items = l == b'I';
                let value = t.get(2..).unwrap_or(&[]);
                self.push_field(rec, scan, field(kind, l, 2), value);
            }
            l => {
                let (c, why) = if label_rank(l).is_some() || l.is_ascii_digit() {
                    (1, format!("label {} is not followed by a space", l as char))
                } else {
                    (
                        0,
                        format!(
                            "a line starts with a label ({}), a note digit, `{{` or `%`, not `{}`",
                            std::str::from_utf8(LABELS).expect("ascii"),
                            crate::text::decode_short(&t[..1], 1)
                        ),
                    )
                };
                rec.push_finding(Finding::of(
                    rules::LINE,
                    at(c),
                    format!("{why}: the line is skipped"),
                ));
            }
        }
    }

    fn rbx_line(&self, t: &[u8], number: u64, rec: &mut RawRecord, scan: &mut Scan) {
        let at = |i: usize| Pos::new(number, col(i));
        let mut i = 0;
        let mut last_label = 0u8;
        while i < t.len() && !scan.full {
            let (kind, label, open) = match t[i] {
                b'{' => (FieldKind::Text, b'{', i),
                l if is_field_start(l) && t.get(i + 1) == Some(&b'{') => {
                    let kind = match l {
                        b'%' => FieldKind::Extra,
                        d if d.is_ascii_digit() => FieldKind::Note,
                        _ => FieldKind::Label,
                    };
                    (kind, l, i + 1)
                }
                _ => {
                    rec.push_finding(Finding::of(
                        rules::RBX,
                        at(i),
                        format!(
                            "expected a label and `{{` or a `{{text}}` paragraph, found `{}`: the rest of the line is skipped",
                            crate::text::decode_short(&t[i..], 12)
                        ),
                    ));
                    return;
                }
            };
            let start = open + 1;
            let end = match memchr::memchr(b'}', &t[start..]) {
                Some(j) => start + j,
                // The last field's closing brace may be left out (the last line break).
                None if kind != FieldKind::Text => t.len(),
                None => {
                    rec.push_finding(Finding::of(
                        rules::RBX,
                        at(i),
                        "text paragraph `{` not closed: the rest of the line is skipped",
                    ));
                    return;
                }
            };
            let continued = label == b'I' && last_label == b'I';
            if kind != FieldKind::Text {
                last_label = label;
            }
            let f = RawField {
                kind,
                label,
                value: Default::default(),
                pos: at(i),
                value_pos: at(start),
                inherited: false,
                continued,
            };
            self.push_field(rec, scan, f, &t[start..end]);
            i = end + 1;
        }
    }

    /// Appends the repeating labels this record does not write, and remembers the
    /// ones it does.
    fn inherit(&mut self, rec: &mut RawRecord) {
        for (k, &label) in REPEATING.iter().enumerate() {
            let written = rec
                .fields
                .iter()
                .find(|f| f.kind == FieldKind::Label && f.label == label)
                .copied();
            match written {
                Some(f) => {
                    let v = rec.value(&f);
                    // The buffer of the value this one replaces is reused: for N
                    // that of the N before the last one, which the last one
                    // replaces below; for the others the last value's.
                    let spare = if label == b'N' {
                        self.n_before.take()
                    } else {
                        self.memory[k].take()
                    };
                    let stored = (!v.is_empty()).then(|| {
                        let mut text = spare.map(|s| s.text).unwrap_or_default();
                        text.clear();
                        text.extend_from_slice(v);
                        Stored {
                            text,
                            pos: f.pos,
                            value_pos: f.value_pos,
                        }
                    });
                    let old = std::mem::replace(&mut self.memory[k], stored);
                    if label == b'N' {
                        self.n_before = old;
                    }
                }
                None => {
                    let teams = self.memory[6].is_some();
                    if label == b'N' && teams && self.n_before.is_some() {
                        // Alternate: the N before the last one comes back.
                        std::mem::swap(&mut self.n_before, &mut self.memory[k]);
                    }
                    if let Some(s) = &self.memory[k] {
                        let value = rec.push_text(&s.text);
                        rec.fields.push(RawField {
                            kind: FieldKind::Label,
                            label,
                            value,
                            pos: s.pos,
                            value_pos: s.value_pos,
                            inherited: true,
                            continued: false,
                        });
                    }
                }
            }
        }
    }
}
