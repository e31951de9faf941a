//! The streaming Portable Pinochle Notation reader: bytes in, [`RawRecord`]s out.
//!
//! The reader works line by line over one fixed buffer ([`LineReader`]) and keeps
//! only a small state between lines: whether it is inside a `{` comment, the open
//! section, the `#`/`##` memory and the file's headers. Every token is copied once
//! into the record's arena.
//!
//! A hand ends at a semi-empty line (empty, or only blanks) outside a comment, as in
//! PBN. Two failures of real files are caught so that reading resumes at the next
//! hand:
//!
//! * a hand that starts without a blank line: a line opening a second `Hand` or
//!   `Deal` tag starts a new record (notice `pinochle.record.missing-blank-line`);
//! * a `{` comment that is never closed: when a line opening a tag pair follows a
//!   blank line inside the comment, the comment is taken to have ended at the blank
//!   line (violation `pinochle.syntax.comment`).
//!
//! Tag pairs are complete on their line (the spec forbids a newline in a tag); an
//! optional segmental prefix `@start-end=` stands right before the `[`.

use std::io::{self, Read};

use super::raw::{
    Format, Inherit, RawComment, RawEscape, RawRecord, RawSegment, RawTag, RawToken, Span,
    TokenKind,
};
use super::rules;
use crate::lines::LineReader;
use crate::text::decode_short;
use crate::{Finding, Pos, Rule};
use memory::{Hints, Remembered};

pub use crate::pbn::Limits;

/// Longest header line or tag pair the spec allows, in characters.
pub const PPN_MAX_LINE: usize = 255;
/// Most distinct tag names remembered for `#` and `##`.
pub const MAX_REMEMBERED_TAGS: usize = 1_000;

/// Tags that, given again at the start of a line, begin a new hand.
const RECORD_STARTERS: &[&[u8]] = &[b"Hand", b"Deal"];

/// Tags that may be given several times in one hand.
pub(crate) fn is_repeatable(name: &[u8]) -> bool {
    matches!(name, b"Chat" | b"Note")
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Section {
    None,
    Auction,
    Play,
    /// Data of a tag that was dropped: skipped silently.
    Ignored,
}

#[derive(Copy, Clone, Debug)]
enum State {
    Normal,
    Brace {
        pos: Pos,
        text_start: u32,
        /// Arena length at the first semi-empty line inside the comment.
        blank_cut: Option<u32>,
        dropping: bool,
    },
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Memory {
    value: Vec<u8>,
    sticky: bool,
}

struct Parser {
    state: State,
    section: Section,
    section_tag: Option<usize>,
    memory: Remembered,
    /// Where each place of a hand found its tag's name in `memory` last time.
    hints: Hints,
    /// A line that starts the next record, with its number and dropped bytes.
    pending: Vec<u8>,
    pending_line: Option<(u64, u64, bool)>,
    format: Option<Format>,
    version: Option<(u8, u8)>,
    limit_reported: bool,
    limits: Limits,
    /// What a reader resumed between two hands read of its guess
    /// ([`resume`]); `None` for a reader from an input's start.
    track: Option<Box<resume::Track>>,
}

enum Outcome {
    Continue,
    /// The record ended (blank line, or a new hand on the line kept pending).
    End,
}

/// Reads Portable Pinochle Notation hands one at a time from any [`Read`].
///
/// ```
/// use kibitz::notation::pinochle::{RawRecord, Reader};
/// let text = "% PPN 1.0\n% EXPORT\n%\n[Site \"A\"]\n[Hand \"1\"]\n\n[Site \"#\"]\n[Hand \"2\"]\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// let mut sites = Vec::new();
/// while reader.read_record(&mut rec).unwrap() {
///     sites.push((rec.index, rec.tag("Site").unwrap().to_vec()));
/// }
/// assert_eq!(sites, [(1, b"A".to_vec()), (2, b"A".to_vec())]); // "#" takes the last value
/// assert_eq!(reader.bytes_read(), text.len() as u64);
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    p: Parser,
    records: usize,
    /// Whether the input ended with nothing read since the last hand (see
    /// [`Handover::at_rest`]).
    tail_empty: bool,
    /// Whether the next record read is its input's first
    /// ([`RawRecord::first`]).
    first_next: bool,
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` with the default [`Limits`].
    ///
    /// ```
    /// let r = kibitz::notation::pinochle::Reader::new(&b""[..]);
    /// assert_eq!(r.records_read(), 0);
    /// ```
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{Limits, RawRecord, Reader};
    /// let limits = Limits { max_tokens: 3, ..Limits::default() };
    /// let mut r = Reader::with_limits(&b"[Auction \"E\"]\nPass 50 55 60 65\n"[..], limits);
    /// let mut rec = RawRecord::default();
    /// r.read_record(&mut rec).unwrap();
    /// assert_eq!(rec.tokens.len(), 3);
    /// assert_eq!(rec.findings[0].rule, "pinochle.limit.record");
    /// ```
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        Reader {
            lines: LineReader::with_max_line(inner, limits.max_line),
            p: Parser {
                state: State::Normal,
                section: Section::None,
                section_tag: None,
                memory: Remembered::default(),
                hints: Hints::default(),
                pending: Vec::new(),
                pending_line: None,
                format: None,
                version: None,
                limit_reported: false,
                limits,
                track: None,
            },
            records: 0,
            tail_empty: true,
            first_next: true,
        }
    }

    /// Records returned so far.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut r = Reader::new(&b"[Hand \"1\"]\n\n[Hand \"2\"]\n"[..]);
    /// let mut rec = RawRecord::default();
    /// while r.read_record(&mut rec).unwrap() {}
    /// assert_eq!(r.records_read(), 2);
    /// ```
    pub fn records_read(&self) -> usize {
        self.records
    }

    /// Bytes consumed from the input so far.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut r = Reader::new(&b"[Hand \"1\"]\n"[..]);
    /// let mut rec = RawRecord::default();
    /// while r.read_record(&mut rec).unwrap() {}
    /// assert_eq!(r.bytes_read(), 11);
    /// ```
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// Reads the next hand into `rec` (cleared first). Returns `false` at the end of
    /// the input, when no further hand exists.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the underlying reader. Syntax problems are findings in
    /// `rec.findings`; the reader resynchronises at the next hand and goes on.
    ///
    /// ```
    /// use kibitz::notation::pinochle::{RawRecord, Reader};
    /// let mut r = Reader::new(&b"[Hand 1]\n\n[Hand \"2\"]\n"[..]);
    /// let mut rec = RawRecord::default();
    /// assert!(r.read_record(&mut rec).unwrap());
    /// assert_eq!((rec.index, rec.findings[0].rule, rec.findings[0].pos.to_string()), (1, "pinochle.syntax.tag", "1:7".into()));
    /// assert!(r.read_record(&mut rec).unwrap());
    /// assert_eq!((rec.index, rec.tag("Hand")), (2, Some(&b"2"[..])));
    /// assert!(!r.read_record(&mut rec).unwrap());
    /// ```
    pub fn read_record(&mut self, rec: &mut RawRecord) -> io::Result<bool> {
        rec.clear();
        let p = &mut self.p;
        p.section = Section::None;
        p.section_tag = None;
        p.limit_reported = false;
        rec.format = p.format;
        rec.version = p.version;
        if let Some((number, dropped, no_blank)) = p.pending_line.take() {
            let text = std::mem::take(&mut p.pending);
            let out = p.line(rec, &text, number, dropped, false, Some(no_blank));
            p.pending = text;
            if matches!(out, Outcome::End) {
                return Ok(self.finish(rec));
            }
        }
        loop {
            let Some(line) = self.lines.next_line()? else {
                // (`&=`: a later call at the end, its state reset, is no sign.)
                self.tail_empty &= matches!(self.p.state, State::Normal)
                    && !rec.has_content()
                    && rec.findings.is_empty()
                    && rec.comments.is_empty()
                    && rec.escapes.is_empty();
                self.p.end_of_input(rec);
                return Ok(self.finish(rec));
            };
            let (number, dropped, plain) = (line.number, line.dropped, line.plain);
            if let Outcome::End = self.p.line(rec, line.text, number, dropped, plain, None) {
                return Ok(self.finish(rec));
            }
        }
    }

    fn finish(&mut self, rec: &mut RawRecord) -> bool {
        if !rec.has_content() && rec.findings.is_empty() {
            return false;
        }
        self.p.apply_sticky(rec);
        self.records += 1;
        rec.index = self.records;
        rec.first = std::mem::replace(&mut self.first_next, false);
        for f in &mut rec.findings {
            f.record = rec.index;
        }
        true
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r')
}

fn is_semi_empty(text: &[u8]) -> bool {
    text.iter().all(|&b| is_space(b))
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A bid or card token character: letters, digits, `-` and `?`.
fn is_word_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'?'
}

fn is_segment_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'.' || b == b'-'
}

/// What the `%` header line whose text after the `%` is `body` sets: the
/// format (`% EXPORT`, `% IMPORT`) or the version (`% PPN 1.0`).
fn header_effect(body: &[u8], format: &mut Option<Format>, version: &mut Option<(u8, u8)>) {
    let mut words = body.split(|&b| is_space(b)).filter(|w| !w.is_empty());
    match (words.next(), words.next()) {
        (Some(b"EXPORT"), None) => *format = Some(Format::Export),
        (Some(b"IMPORT"), None) => *format = Some(Format::Import),
        (Some(b"PPN"), Some(v)) => {
            let v = std::str::from_utf8(v).unwrap_or("");
            if let Some((a, b)) = v.split_once('.')
                && let (Ok(a), Ok(b)) = (a.parse(), b.parse())
            {
                *version = Some((a, b));
            }
        }
        _ => {}
    }
}

/// The name of the tag a line opens (`[Name "`, `@...=[Name`), after blanks, and
/// whether it has a segmental prefix.
fn opened_tag(text: &[u8]) -> Option<(&[u8], bool)> {
    let t = &text[text.iter().take_while(|&&b| is_space(b)).count()..];
    let (t, segment) = match t.first() {
        Some(b'@') => {
            let n = 1 + t[1..].iter().take_while(|&&b| is_segment_char(b)).count();
            (t.get(n..)?.strip_prefix(b"=")?, true)
        }
        _ => (t, false),
    };
    let rest = t.strip_prefix(b"[")?;
    let n = rest.iter().take_while(|&&b| is_name_char(b)).count();
    (n > 0 && rest[0].is_ascii_alphabetic()).then_some((&rest[..n], segment))
}

impl Parser {
    fn finding(&mut self, rec: &mut RawRecord, rule: Rule, pos: Pos, msg: String) {
        rec.push_finding(Finding::of(rule, pos, msg));
    }

    fn mark_start(rec: &mut RawRecord, pos: Pos) {
        if rec.start.line == 0 {
            rec.start = pos;
        }
    }

    /// Inlined (it runs for every token and tag: 447,000 calls on 5,000
    /// hands); the report, once a hand, is not.
    #[inline]
    fn over_limit(&mut self, rec: &mut RawRecord, pos: Pos, extra: usize) -> bool {
        let l = &self.limits;
        let over = rec.arena.len() + extra > l.max_record_bytes
            || rec.tokens.len() >= l.max_tokens
            || rec.tags.len() >= l.max_tags;
        if over && !self.limit_reported {
            self.report_limit(rec, pos);
        }
        over
    }

    #[cold]
    #[inline(never)]
    fn report_limit(&mut self, rec: &mut RawRecord, pos: Pos) {
        self.limit_reported = true;
        let l = self.limits;
        let msg = format!(
            "hand is too large (over {} bytes, {} tokens or {} tags); the rest of it is \
             skipped",
            l.max_record_bytes, l.max_tokens, l.max_tags
        );
        self.finding(rec, rules::LIMIT_RECORD, pos, msg);
    }

    fn end_of_input(&mut self, rec: &mut RawRecord) {
        if let State::Brace {
            pos, text_start, ..
        } = self.state
        {
            self.close_comment(rec, pos, text_start);
            let msg = "comment opened with `{` is never closed (end of file)".to_string();
            self.finding(rec, rules::SYNTAX_COMMENT, pos, msg);
        }
        self.state = State::Normal;
    }

    fn close_comment(&mut self, rec: &mut RawRecord, pos: Pos, text_start: u32) {
        let end = rec.arena.len() as u32;
        rec.comments.push(RawComment {
            text: Span {
                start: text_start,
                end,
            },
            pos,
            after_tag: rec.tags.len() as u32,
            after_token: rec.tokens.len() as u32,
        });
    }

    fn check_chars(&mut self, rec: &mut RawRecord, text: &[u8], line: u64) {
        let odd = |b: u8| (b < 0x20 && !matches!(b, b'\t' | 0x0b | 0x0c | b'\r')) || b == 0x7f;
        if let Some(i) = text.iter().position(|&b| odd(b)) {
            let msg = format!("control character 0x{:02X} is not allowed", text[i]);
            self.finding(
                rec,
                rules::SYNTAX_CHARACTER,
                Pos::new(line, i as u32 + 1),
                msg,
            );
        }
    }

    /// Processes one line. `plain`: every byte of it is printable ASCII, as
    /// the line reader found while looking for its end (then no byte needs
    /// the control-character check). `pending` is `Some` for a line that was
    /// kept back because it starts this record (`Some(true)` when no blank
    /// line came before it).
    fn line(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        line: u64,
        dropped: u64,
        plain: bool,
        pending: Option<bool>,
    ) -> Outcome {
        if let State::Normal = self.state
            && pending.is_none()
            && let Some((name, false)) = opened_tag(text)
            && RECORD_STARTERS.contains(&name)
            && rec
                .find_tag(std::str::from_utf8(name).unwrap_or(""))
                .is_some()
        {
            // A second Hand or Deal tag: a new hand began without a blank line.
            self.pending.clear();
            self.pending.extend_from_slice(text);
            self.pending_line = Some((line, dropped, true));
            return Outcome::End;
        }
        rec.end_line = line;
        if dropped > 0 {
            let msg = format!(
                "line is {} bytes long; only the first {} were read",
                text.len() as u64 + dropped,
                text.len()
            );
            self.finding(
                rec,
                rules::LIMIT_LINE,
                Pos::new(line, text.len() as u32 + 1),
                msg,
            );
        }
        if !plain && text.iter().any(|&b| b < 0x20 || b == 0x7f) {
            self.check_chars(rec, text, line);
        }
        if pending == Some(true) {
            let name = opened_tag(text).map_or(&b""[..], |t| t.0);
            let msg = format!(
                "a new hand starts here without a blank line before it (second {} tag)",
                decode_short(name, 40)
            );
            let col = 1 + text.iter().take_while(|&&b| is_space(b)).count() as u32;
            self.finding(rec, rules::MISSING_BLANK_LINE, Pos::new(line, col), msg);
        }

        let mut i = 0;
        match self.state {
            State::Brace {
                pos,
                text_start,
                blank_cut,
                dropping,
            } => {
                if let Some(j) = memchr::memchr(b'}', text) {
                    if !dropping && !self.over_limit(rec, pos, j) {
                        rec.arena.extend_from_slice(&text[..j]);
                    }
                    self.close_comment(rec, pos, text_start);
                    self.state = State::Normal;
                    i = j + 1;
                } else if is_semi_empty(text) {
                    if !dropping {
                        rec.arena.push(b'\n');
                    }
                    if blank_cut.is_none() {
                        self.state = State::Brace {
                            pos,
                            text_start,
                            blank_cut: Some(rec.arena.len() as u32 - u32::from(!dropping)),
                            dropping,
                        };
                    }
                    return Outcome::Continue;
                } else if let (Some(cut), Some(_)) = (blank_cut, opened_tag(text)) {
                    // The comment was never closed: it ended at the blank line.
                    let had_content = rec.has_content();
                    rec.arena.truncate(cut as usize);
                    self.close_comment(rec, pos, text_start);
                    let msg = format!(
                        "comment opened with `{{` is not closed before the next hand (line \
                         {line}); reading resumes there"
                    );
                    self.finding(rec, rules::SYNTAX_COMMENT, pos, msg);
                    self.state = State::Normal;
                    if had_content {
                        // This line starts the next record.
                        self.pending.clear();
                        self.pending.extend_from_slice(text);
                        self.pending_line = Some((line, dropped, false));
                        return Outcome::End;
                    }
                } else {
                    let drop = dropping || self.over_limit(rec, pos, text.len() + 1);
                    if !drop {
                        rec.arena.extend_from_slice(text);
                        rec.arena.push(b'\n');
                    }
                    self.state = State::Brace {
                        pos,
                        text_start,
                        blank_cut,
                        dropping: drop,
                    };
                    return Outcome::Continue;
                }
            }
            State::Normal => {
                if is_semi_empty(text) {
                    return if rec.has_content() {
                        Outcome::End
                    } else {
                        Outcome::Continue
                    };
                }
                if text[0] == b'%' {
                    self.header(rec, text, line);
                    return Outcome::Continue;
                }
            }
        }
        self.tokens(rec, text, i, line);
        Outcome::Continue
    }

    /// A `%` header line.
    fn header(&mut self, rec: &mut RawRecord, text: &[u8], line: u64) {
        if text.len() > PPN_MAX_LINE {
            let msg = format!(
                "header line has {} characters; the spec allows {PPN_MAX_LINE}",
                text.len()
            );
            self.finding(
                rec,
                rules::SYNTAX_LENGTH,
                Pos::new(line, PPN_MAX_LINE as u32 + 1),
                msg,
            );
        }
        let body = &text[1..];
        header_effect(body, &mut self.format, &mut self.version);
        if rec.tags.is_empty() {
            rec.format = self.format;
            rec.version = self.version;
        }
        if !self.over_limit(rec, Pos::new(line, 1), body.len()) {
            let text = rec.push_text(body);
            rec.escapes.push(RawEscape {
                text,
                pos: Pos::new(line, 1),
            });
        }
    }

    /// Lexes `text[i..]` outside comments.
    fn tokens(&mut self, rec: &mut RawRecord, text: &[u8], mut i: usize, line: u64) {
        let at = |i: usize| Pos::new(line, i as u32 + 1);
        let n = text.len();
        while i < n {
            let b = text[i];
            if is_space(b) {
                i += 1;
                continue;
            }
            match b {
                b'{' => {
                    let start = rec.arena.len() as u32;
                    if let Some(j) = memchr::memchr(b'}', &text[i + 1..]) {
                        if !self.over_limit(rec, at(i), j) {
                            rec.arena.extend_from_slice(&text[i + 1..i + 1 + j]);
                            self.close_comment(rec, at(i), start);
                        }
                        i += j + 2;
                        continue;
                    }
                    let dropping = self.over_limit(rec, at(i), n - i);
                    if !dropping {
                        rec.arena.extend_from_slice(&text[i + 1..]);
                        rec.arena.push(b'\n');
                    }
                    self.state = State::Brace {
                        pos: at(i),
                        text_start: start,
                        blank_cut: None,
                        dropping,
                    };
                    return;
                }
                b'[' => i = self.tag(rec, text, i, i, line, None),
                b'@' => i = self.segmental(rec, text, i, line),
                _ => i = self.section_token(rec, text, i, line),
            }
        }
    }

    /// A segmental prefix at `text[i] == '@'` and the tag pair after it.
    fn segmental(&mut self, rec: &mut RawRecord, text: &[u8], i: usize, line: u64) -> usize {
        let pos = Pos::new(line, i as u32 + 1);
        Self::mark_start(rec, pos);
        let end = i
            + 1
            + text[i + 1..]
                .iter()
                .take_while(|&&b| is_segment_char(b))
                .count();
        if text.get(end) != Some(&b'=') || text.get(end + 1) != Some(&b'[') {
            let msg = "a segmental prefix is `@`, the start, `-`, an optional end, `=` and then \
                       a tag pair"
                .to_string();
            self.finding(rec, rules::SYNTAX_SEGMENT, pos, msg);
            self.section = Section::Ignored;
            self.section_tag = None;
            return memchr::memchr(b']', &text[i..]).map_or(text.len(), |j| i + j + 1);
        }
        let prefix = &text[i + 1..end];
        let (start, finish, hyphen) = match memchr::memchr(b'-', prefix) {
            Some(h) => (&prefix[..h], &prefix[h + 1..], true),
            None => (prefix, &b""[..], false),
        };
        if self.over_limit(rec, pos, prefix.len()) {
            return text.len();
        }
        let segment = RawSegment {
            start: rec.push_text(start),
            end: rec.push_text(finish),
            hyphen,
            pos,
        };
        self.tag(rec, text, end + 1, i, line, Some(segment))
    }

    /// Reads the tag pair whose `[` is `text[open]` (`from` is where its prefix
    /// starts); returns the index after it.
    fn tag(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        open: usize,
        from: usize,
        line: u64,
        segment: Option<RawSegment>,
    ) -> usize {
        let at = |i: usize| Pos::new(line, i as u32 + 1);
        let pos = at(from);
        Self::mark_start(rec, pos);
        let n = text.len();
        let skip = |mut i: usize| {
            while i < n && is_space(text[i]) {
                i += 1;
            }
            i
        };
        let mut i = open + 1;
        let len = text[i..].iter().take_while(|&&b| is_name_char(b)).count();
        if len == 0 || !text[i].is_ascii_alphabetic() {
            return self.bad_tag(
                rec,
                text,
                i,
                at(i),
                "a tag name (a letter, then letters and digits) must follow `[`".into(),
            );
        }
        if self.over_limit(rec, pos, n - i) {
            return n;
        }
        let name_start = rec.arena.len();
        let name_text = &text[i..i + len];
        let name = rec.push_text(name_text);
        // Made only for a finding: a `String` per tag otherwise.
        let shown = || decode_short(name_text, 40);
        i = skip(i + len);
        if i >= n || text[i] != b'"' {
            rec.arena.truncate(name_start);
            let msg = format!(
                "the value of tag {} must be a string in double quotes",
                shown()
            );
            return self.bad_tag(rec, text, i, at(i.min(n.saturating_sub(1))), msg);
        }
        let value_pos = at(i);
        let Some((value, j)) = self.string(rec, text, i, line) else {
            rec.arena.truncate(name_start);
            let msg = format!(
                "the value of tag {} has no closing quote on its line",
                shown()
            );
            return self.bad_tag(rec, text, n, value_pos, msg);
        };
        i = skip(j);
        if i < n && text[i] == b']' {
            i += 1;
        } else {
            let msg = format!("tag {} is not closed with `]`", shown());
            self.finding(rec, rules::SYNTAX_TAG, at(i.min(n)), msg);
        }
        if i - from > PPN_MAX_LINE {
            let msg = format!(
                "tag pair has {} characters; the spec allows {PPN_MAX_LINE}",
                i - from
            );
            self.finding(rec, rules::SYNTAX_LENGTH, pos, msg);
        }
        self.complete_tag(rec, name, value, pos, value_pos, segment);
        i
    }

    /// Reports a malformed tag and skips past the next `]` on the line.
    fn bad_tag(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        at: Pos,
        msg: String,
    ) -> usize {
        self.finding(rec, rules::SYNTAX_TAG, at, msg);
        self.section = Section::Ignored;
        self.section_tag = None;
        let i = i.min(text.len());
        memchr::memchr(b']', &text[i..]).map_or(text.len(), |j| i + j + 1)
    }

    /// Reads a quoted value starting at the quote `text[i]`: its span (escapes
    /// resolved) and the index after the closing quote, or `None` if the line
    /// ends first.
    fn string(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        line: u64,
    ) -> Option<(Span, usize)> {
        let start = rec.arena.len();
        let mut j = i + 1;
        let mut tab_at = None;
        // The runs between quotes, backslashes and tabs copied whole (byte
        // by byte, the copy was about a tenth of a pinochle audit).
        while let Some(k) = memchr::memchr3(b'"', b'\\', b'\t', &text[j..]) {
            rec.arena.extend_from_slice(&text[j..j + k]);
            j += k;
            match text[j] {
                b'"' => {
                    if let Some(t) = tab_at {
                        let msg = "tab character inside a tag value".to_string();
                        self.finding(
                            rec,
                            rules::SYNTAX_CHARACTER,
                            Pos::new(line, t as u32 + 1),
                            msg,
                        );
                    }
                    let span = Span {
                        start: start as u32,
                        end: rec.arena.len() as u32,
                    };
                    return Some((span, j + 1));
                }
                b'\\' if j + 1 < text.len() && matches!(text[j + 1], b'"' | b'\\') => {
                    rec.arena.push(text[j + 1]);
                    j += 2;
                }
                b => {
                    if b == b'\t' && tab_at.is_none() {
                        tab_at = Some(j);
                    }
                    rec.arena.push(b);
                    j += 1;
                }
            }
        }
        rec.arena.truncate(start);
        None
    }

    /// Handles a complete tag pair whose name and value are the last text in the
    /// arena.
    fn complete_tag(
        &mut self,
        rec: &mut RawRecord,
        name: Span,
        mut value: Span,
        pos: Pos,
        value_pos: Pos,
        segment: Option<RawSegment>,
    ) {
        let name_b = rec.text(name);
        let plain = segment.is_none() && !is_repeatable(name_b);
        if plain
            && rec
                .tags
                .iter()
                .any(|t| t.segment.is_none() && rec.name(t) == name_b)
        {
            let msg = format!(
                "tag {} is given a second time in this hand; the second one is ignored",
                decode_short(name_b, 40)
            );
            rec.arena.truncate(name.start as usize);
            self.finding(rec, rules::TAG_DUPLICATE, pos, msg);
            self.section = Section::Ignored;
            self.section_tag = None;
            return;
        }
        let mut inherit = Inherit::Written;
        if plain && rec.text(value) == b"#" {
            inherit = Inherit::Hash;
            rec.arena.truncate(value.start as usize);
            // One lookup for the tracking and the value.
            let entry = self.memory.entry(rec.text(name));
            if let Some(t) = &mut self.track {
                t.consult(rec.text(name), entry);
            }
            match entry.map(|i| self.memory.at(i)) {
                Some(m) => rec.arena.extend_from_slice(&m.value),
                None => {
                    let msg = format!(
                        "tag {} has the value `#` but no earlier hand gives it a value",
                        decode_short(rec.text(name), 40)
                    );
                    self.finding(rec, rules::TAG_INHERITANCE, value_pos, msg);
                }
            }
            value.end = rec.arena.len() as u32;
        }
        let sticky = plain && inherit == Inherit::Written && rec.text(value).starts_with(b"##");
        if sticky {
            value.start += 2;
        }
        if plain {
            self.remember(name, value, sticky, rec);
        }
        let at = rec.tokens.len() as u32;
        rec.tags.push(RawTag {
            name,
            value,
            pos,
            value_pos,
            tokens: at..at,
            inherit,
            segment,
        });
        let index = rec.tags.len() - 1;
        (self.section, self.section_tag) = match (rec.text(name), segment) {
            (b"Auction", None) => (Section::Auction, Some(index)),
            (b"Play", None) => (Section::Play, Some(index)),
            _ => (Section::None, None),
        };
    }

    fn remember(&mut self, name: Span, value: Span, sticky: bool, rec: &RawRecord) {
        let (name, value) = (rec.text(name), rec.text(value));
        // The tag is pushed after this: its place is the number of tags.
        let place = rec.tags.len();
        let entry = self.memory.set(name, value, sticky, &mut self.hints, place);
        if let Some(t) = &mut self.track {
            t.write(entry);
        }
    }

    /// Adds the `##` values of earlier hands for tags this hand lacks.
    fn apply_sticky(&mut self, rec: &mut RawRecord) {
        let pos = rec.start;
        let mut names: Vec<&[u8]> = self
            .memory
            .iter()
            .filter(|(_, m)| m.sticky)
            .map(|(k, _)| k)
            .collect();
        if names.is_empty() {
            return;
        }
        names.sort();
        for name in names {
            if rec
                .tags
                .iter()
                .any(|t| t.segment.is_none() && rec.name(t) == name)
            {
                continue;
            }
            let Some(Memory { value, .. }) = self.memory.get(name) else {
                continue;
            };
            let name = rec.push_text(name);
            let value = rec.push_text(value);
            let at = rec.tokens.len() as u32;
            rec.tags.push(RawTag {
                name,
                value,
                pos,
                value_pos: pos,
                tokens: at..at,
                inherit: Inherit::Sticky,
                segment: None,
            });
        }
    }

    fn push_token(&mut self, rec: &mut RawRecord, kind: TokenKind, text: &[u8], pos: Pos) {
        if self.over_limit(rec, pos, text.len()) {
            return;
        }
        Self::mark_start(rec, pos);
        let span = rec.push_text(text);
        rec.tokens.push(RawToken {
            kind,
            text: span,
            pos,
        });
        if let Some(t) = self.section_tag {
            rec.tags[t].tokens.end = rec.tokens.len() as u32;
        }
    }

    /// Lexes one token of section data at `text[i]`; returns the index after it.
    fn section_token(&mut self, rec: &mut RawRecord, text: &[u8], i: usize, line: u64) -> usize {
        let pos = Pos::new(line, i as u32 + 1);
        let n = text.len();
        let run = |from: usize, f: fn(u8) -> bool| {
            from + text[from..].iter().take_while(|&&b| f(b)).count()
        };
        match self.section {
            Section::None => {
                // Text outside any section: report it once and skip to the next
                // character that can start something.
                let end = i + text[i..]
                    .iter()
                    .position(|&b| matches!(b, b'[' | b'{' | b'@'))
                    .unwrap_or(n - i)
                    .max(1);
                Self::mark_start(rec, pos);
                let what = decode_short(text[i..end].trim_ascii_end(), 40);
                match rec.tags.last() {
                    Some(t) => {
                        let msg = format!(
                            "text `{what}` follows tag {}, which has no section data",
                            decode_short(rec.name(t), 40)
                        );
                        self.finding(rec, rules::SECTION_UNEXPECTED, pos, msg);
                    }
                    None => {
                        let msg =
                            format!("text `{what}` is not a header, tag, comment or section data");
                        self.finding(rec, rules::SYNTAX_TOKEN, pos, msg);
                    }
                }
                end
            }
            Section::Ignored => match text[i] {
                b'(' => memchr::memchr(b')', &text[i..]).map_or(n, |j| i + j + 1),
                _ => run(i, |b| !is_space(b) && !matches!(b, b'[' | b'{' | b'@')).max(i + 1),
            },
            Section::Auction | Section::Play => {
                let b = text[i];
                match b {
                    _ if is_word_char(b) => {
                        let end = run(i, is_word_char);
                        self.push_token(rec, TokenKind::Word, &text[i..end], pos);
                        end
                    }
                    b'*' => {
                        self.push_token(rec, TokenKind::Star, b"*", pos);
                        i + 1
                    }
                    b'(' if self.section == Section::Play => match memchr::memchr(b')', &text[i..])
                    {
                        Some(j) => {
                            self.push_token(rec, TokenKind::Group, &text[i + 1..i + j], pos);
                            i + j + 1
                        }
                        None => {
                            Self::mark_start(rec, pos);
                            let msg = "`(` opens a trick's winner and points, closed by `)` on the same line".to_string();
                            self.finding(rec, rules::SYNTAX_TOKEN, pos, msg);
                            n
                        }
                    },
                    _ => {
                        Self::mark_start(rec, pos);
                        let shown = if b.is_ascii_graphic() {
                            format!("`{}`", b as char)
                        } else {
                            format!("byte 0x{b:02X}")
                        };
                        let place = if self.section == Section::Auction {
                            "the auction section"
                        } else {
                            "the play section"
                        };
                        let msg = format!("character {shown} is not allowed in {place}");
                        self.finding(rec, rules::SYNTAX_TOKEN, pos, msg);
                        i + 1
                    }
                }
            }
        }
    }
}

mod memory;
mod resume;
#[cfg(test)]
mod tests;

pub(crate) use resume::{Carried, Handover};
