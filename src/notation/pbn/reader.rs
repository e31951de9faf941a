//! The streaming PBN reader: bytes in, [`RawRecord`]s out.
//!
//! The reader works line by line over one fixed buffer ([`LineReader`]) and keeps
//! only a small state between lines: whether it is inside a `{` comment or inside a
//! tag pair that spans lines. Every token is copied once into the record's arena
//! (a run of calls or cards as one piece, the blanks between them included);
//! nothing is allocated per token once the arena has grown to the largest record.
//!
//! Record boundaries follow PBN 3: a semi-empty line (empty, or only spaces and
//! tabs) outside a brace comment ends a game. Two real-file failures are caught:
//!
//! * a record that starts without a blank line: a second `Event`, `Board` or `Deal`
//!   tag in one record starts a new record (notice `pbn.record.missing-blank-line`);
//! * a `{` comment that is never closed: when a line that opens a tag pair follows a
//!   semi-empty line inside the comment, the comment is taken to have ended at the
//!   blank line (violation `pbn.syntax.comment`) and reading resumes there.

use std::cell::Cell;
use std::collections::HashMap;
use std::io::{self, Read};

use super::raw::{Inherit, RawComment, RawEscape, RawRecord, RawTag, RawToken, Span, TokenKind};
use super::rules;
use super::tag::{ALL, KNOWN_TAGS, TagKind};
use crate::lines::{DEFAULT_MAX_LINE, LineReader};
use crate::text::decode_short;
use crate::{Finding, Pos};

/// Bounds on what the reader keeps, so that hostile input cannot exhaust memory.
/// What goes beyond a bound is skipped with a finding.
///
/// ```
/// use kibitz::pbn::Limits;
/// let l = Limits::default();
/// assert_eq!(l.max_line, 64 * 1024);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest line kept, in bytes.
    pub max_line: usize,
    /// Largest text a record may hold (tags, tokens, comments), in bytes.
    pub max_record_bytes: usize,
    /// Most section tokens per record.
    pub max_tokens: usize,
    /// Most tags per record.
    pub max_tags: usize,
    /// Most findings the audit keeps per record (whatever stage made them).
    pub max_findings: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: DEFAULT_MAX_LINE,
            max_record_bytes: 16 * 1024 * 1024,
            max_tokens: 100_000,
            max_tags: 10_000,
            max_findings: super::MAX_FINDINGS_PER_RECORD,
        }
    }
}
/// Most distinct tag names PBN does not define remembered for `#` inheritance
/// (the defined ones have a fixed place each).
pub const MAX_REMEMBERED_TAGS: usize = 1_000;
/// Longest line PBN allows, in visible characters. PBN 2.3 says 255 "including the
/// non-visible characters"; the PBN verifier (ContractBridge/pbnj) accepts 254
/// visible characters before a CRLF and rejects 255, so that is the limit used.
pub const PBN_MAX_LINE: usize = 254;

/// Most bytes of a record's arena copied whole to keep its tag values for `#`
/// (beyond, the values are copied one by one).
const PREV_COPY_MAX: usize = 64 * 1024;

/// FNV-1a: tag names are short and not attacker-chosen in a way that matters
/// here (the map is capped at [`MAX_REMEMBERED_TAGS`] entries).
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(crate) type FnvMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fnv>>;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Section {
    /// Before the first tag, or after a tag without section data.
    None,
    Auction,
    Play,
    /// A table or an unknown tag's data.
    Supplemental,
    /// Data of a tag that was dropped (duplicate or forbidden `#`): skipped silently.
    Ignored,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TagStage {
    Name,
    Value,
    Close,
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
    Tag {
        stage: TagStage,
        pos: Pos,
        name: Span,
        value: Span,
        value_pos: Pos,
    },
}

enum Outcome {
    Continue,
    /// A semi-empty line ended the record.
    End,
    /// A new record starts in the middle of this line; the rest is pending.
    Split,
}

thread_local! {
    /// The slots of remembered values and the copy of a record's values
    /// (`Parser::known`, `Parser::prev`) of the last reader dropped on this
    /// thread, taken by the next one: no allocation per reader (a piece of
    /// one large input or a small file each have their own).
    static SPARE: Cell<(Vec<Memory>, Vec<u8>)> = const { Cell::new((Vec::new(), Vec::new())) };
}

/// Longest remembered value whose room a spare slot keeps.
const KEEP_VALUE: usize = 256;

/// The last value of a tag, for `#` and `##`. For a defined tag the value is
/// elsewhere while it is fresh: in the record being read (`Parser::current_at`)
/// or in the copy of the previous record's values (`Parser::prev`); `value`
/// holds it once both have moved on.
#[derive(Default)]
struct Memory {
    value: Vec<u8>,
    sticky: bool,
    /// Whether a value was ever given (the defined tags have a slot from the start).
    set: bool,
    /// For other tags: whether a record read since the reader started gave
    /// the value (not a guess of a resumed reader, `resume.rs`).
    local: bool,
}

impl Memory {
    /// A slot as new ([`Memory::default`]), keeping a small value's room.
    fn reset(&mut self) {
        let mut value = std::mem::take(&mut self.value);
        value.clear();
        if value.capacity() > KEEP_VALUE {
            value = Vec::new();
        }
        *self = Memory {
            value,
            ..Memory::default()
        };
    }
}

/// A sticky tag: a defined one by [`TagKind::index`], or another by name.
enum Sticky {
    Known(usize),
    Other(Vec<u8>),
}

/// A tag moved to the next record because it started a record without a blank line.
struct Carry {
    name: Vec<u8>,
    value: Vec<u8>,
    pos: Pos,
    value_pos: Pos,
    inherit: Inherit,
}

/// Everything but the line source, so that a borrowed line and the state can be
/// used together.
struct Parser {
    state: State,
    section: Section,
    /// Index in `rec.tags` of the tag whose section is open.
    section_tag: Option<usize>,
    /// A repeated Auction or Play tag whose section is being skipped, until its
    /// first call or card is reported as not audited.
    ignored_section: Option<&'static str>,
    /// Last values of the tags PBN defines, by [`TagKind::index`].
    known: Vec<Memory>,
    /// Defined tags remembered in the record being read (one bit per index), and
    /// where each value is in its arena: remembering copies nothing.
    current: u128,
    current_at: [Span; KNOWN_TAGS],
    /// The largest end of the `current_at` spans.
    current_end: u32,
    /// The text of the previous record's remembered values, and which defined
    /// tags' values are there (at `prev_at`).
    prev: Vec<u8>,
    in_prev: u128,
    prev_at: [Span; KNOWN_TAGS],
    /// Last values of other tags, by name.
    memory: FnvMap<Vec<u8>, Memory>,
    /// Whether any remembered value is sticky (`##`).
    any_sticky: bool,
    /// The sticky tags in name order (what [`Parser::apply_sticky`] adds), kept
    /// between records and rebuilt only when a tag becomes sticky.
    sticky_order: Vec<Sticky>,
    /// The defined tags in `sticky_order`, one bit per [`TagKind::index`].
    sticky_known: u128,
    /// Whether a tag became sticky since `sticky_order` was built.
    sticky_dirty: bool,
    /// The defined tags in the record so far, one bit per [`TagKind::index`].
    seen: u128,
    carry: Option<Carry>,
    pending: Vec<u8>,
    pending_pos: Option<Pos>,
    export: bool,
    version: Option<(u8, u8)>,
    limit_reported: bool,
    limits: Limits,
    /// Defined tags remembered by the records read so far (one bit per index).
    local: u128,
    /// For a reader resumed from a guessed state: what it read of the guess.
    guess: Option<Box<resume::Guessing>>,
    /// Whether the input ended inside a comment or a tag pair.
    ended_open: bool,
    /// The kind of the last plain tag line read from the buffer, and for each
    /// kind the one that followed it last time: the guess for the next such
    /// line ([`Reader::direct_line`]); records repeat their tags' order.
    last_kind: TagKind,
    next_kind: [TagKind; KNOWN_TAGS + 1],
}

/// Reads PBN records one at a time from any [`Read`].
///
/// ```
/// use kibitz::pbn::{RawRecord, Reader};
/// let text = "[Event \"A\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// let mut events = Vec::new();
/// while reader.read_record(&mut rec).unwrap() {
///     events.push(String::from_utf8(rec.tag("Event").unwrap().to_vec()).unwrap());
/// }
/// assert_eq!(events, ["A", "A"]); // "#" inherits the previous value
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    p: Parser,
    records: usize,
}

impl<R> Drop for Reader<R> {
    /// Leaves the slots of remembered values to the next reader made on this
    /// thread.
    fn drop(&mut self) {
        let spare = (
            std::mem::take(&mut self.p.known),
            std::mem::take(&mut self.p.prev),
        );
        let _ = SPARE.try_with(|s| s.set(spare));
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` with the default [`Limits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        // A thread that is ending has no spare.
        let (mut known, mut prev) = SPARE.try_with(Cell::take).unwrap_or_default();
        if known.len() == KNOWN_TAGS {
            known.iter_mut().for_each(Memory::reset);
        } else {
            known = (0..KNOWN_TAGS).map(|_| Memory::default()).collect();
        }
        prev.clear();
        // The copy of one record's values: room for 16 long ones.
        if prev.capacity() > KEEP_VALUE * 16 {
            prev = Vec::new();
        }
        Reader {
            lines: LineReader::with_max_line(inner, limits.max_line),
            p: Parser {
                state: State::Normal,
                section: Section::None,
                section_tag: None,
                ignored_section: None,
                known,
                current: 0,
                current_at: [Span::default(); KNOWN_TAGS],
                current_end: 0,
                prev,
                in_prev: 0,
                prev_at: [Span::default(); KNOWN_TAGS],
                memory: FnvMap::default(),
                any_sticky: false,
                sticky_order: Vec::new(),
                sticky_known: 0,
                sticky_dirty: false,
                seen: 0,
                carry: None,
                pending: Vec::new(),
                pending_pos: None,
                export: false,
                version: None,
                limit_reported: false,
                limits,
                local: 0,
                guess: None,
                ended_open: false,
                last_kind: TagKind::Other,
                next_kind: [TagKind::Other; KNOWN_TAGS + 1],
            },
            records: 0,
        }
    }

    /// Records returned so far.
    pub fn records_read(&self) -> usize {
        self.records
    }

    /// Bytes consumed from the input so far.
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// Reads the next record into `rec` (cleared first). Returns `false` at the end
    /// of the input, when no further record exists.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the underlying reader. Syntax problems are findings in
    /// `rec.findings`; the reader resynchronises and goes on.
    pub fn read_record(&mut self, rec: &mut RawRecord) -> io::Result<bool> {
        rec.clear();
        let p = &mut self.p;
        p.section = Section::None;
        p.section_tag = None;
        p.ignored_section = None;
        p.limit_reported = false;
        p.seen = 0;
        p.current = 0;
        p.current_end = 0;
        rec.export = p.export;
        rec.version = p.version;
        rec.plain_sections = true;
        rec.tags_alone = true;

        if let Some(c) = p.carry.take() {
            p.add_tag(rec, &c.name, &c.value, c.pos, c.value_pos, c.inherit);
            p.finding(
                rec,
                rules::MISSING_BLANK_LINE,
                c.pos,
                format!(
                    "a new record starts here without a blank line before it (second {} tag)",
                    decode_short(&c.name, 40)
                ),
            );
        }
        if let Some(pos) = p.pending_pos.take() {
            let mut text = std::mem::take(&mut p.pending);
            let out = p.line(rec, &text, pos.line, pos.col - 1, 0, true, false);
            if p.pending_pos.is_none() {
                // Keep the allocation; a new pending text (another split on the
                // same line) must not be overwritten.
                text.clear();
                p.pending = text;
            }
            if !matches!(out, Outcome::Continue) {
                return Ok(self.finish(rec));
            }
        }
        loop {
            if let Some(out) = self.direct_line(rec) {
                match out {
                    Outcome::Continue => continue,
                    Outcome::End | Outcome::Split => return Ok(self.finish(rec)),
                }
            }
            match self.next_line(rec)? {
                Some(Outcome::Continue) => {}
                Some(Outcome::End | Outcome::Split) | None => return Ok(self.finish(rec)),
            }
        }
    }

    /// Reads the next line through [`LineReader::next_line`] (a line the fast
    /// paths of [`Reader::direct_line`] did not take): `None` at the end of the
    /// input. Not inlined, so that the loop of [`Reader::read_record`] keeps
    /// the fast paths' state in registers.
    #[inline(never)]
    fn next_line(&mut self, rec: &mut RawRecord) -> io::Result<Option<Outcome>> {
        let Some(line) = self.lines.next_line()? else {
            self.p.end_of_input(rec);
            return Ok(None);
        };
        let (number, dropped, plain) = (line.number, line.dropped, line.plain);
        let out = if plain && dropped == 0 {
            self.p.plain_line(rec, line.text, number)
        } else {
            None
        };
        Ok(Some(out.unwrap_or_else(|| {
            self.p
                .line(rec, line.text, number, 0, dropped, false, plain)
        })))
    }

    fn finish(&mut self, rec: &mut RawRecord) -> bool {
        // Findings with nothing after them (an unclosed comment at the end of the
        // file) still make a record, so that they are reported and counted.
        if !rec.has_content() && rec.findings.is_empty() {
            return false;
        }
        self.p.apply_sticky(rec);
        self.p.keep_values(rec);
        self.records += 1;
        rec.index = self.records;
        for f in &mut rec.findings {
            f.record = rec.index;
        }
        true
    }
}

/// Byte classes, one bit each, looked up in [`CLASS`] so that the lexer's loops
/// cost one load and one test per byte.
const SPACE: u8 = 1;
/// `A-Z a-z 0-9 _`: tag name characters.
const NAME: u8 = 2;
/// `A-Z a-z 0-9 -`: call and card token characters.
const WORD: u8 = 4;
/// 33..=126 except `[ ] { } ; " %`: section token characters (PBN 3.2).
const ELEMENT: u8 = 8;
/// `"`, `\` and tab: the bytes a string scan stops at.
const STRING_STOP: u8 = 16;

/// The class bits of every byte.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut bits = 0;
        if matches!(c, b' ' | b'\t' | 0x0b | 0x0c | b'\r') {
            bits |= SPACE;
        }
        if c.is_ascii_alphanumeric() {
            bits |= NAME | WORD;
        }
        if c == b'_' {
            bits |= NAME;
        }
        if c == b'-' {
            bits |= WORD;
        }
        if c >= 33 && c <= 126 && !matches!(c, b'[' | b']' | b'{' | b'}' | b';' | b'"' | b'%') {
            bits |= ELEMENT;
        }
        if matches!(c, b'"' | b'\\' | b'\t') {
            bits |= STRING_STOP;
        }
        t[b] = bits;
        b += 1;
    }
    t
};

fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

fn is_semi_empty(text: &[u8]) -> bool {
    text.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// What a `%` escape line (PBN 3.8) declares, for the reader.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Escape {
    /// `% EXPORT`: the file is in export format.
    Export,
    /// `% PBN major.minor`.
    Version(u8, u8),
    /// Anything else.
    Other,
}

impl Escape {
    /// The meaning of the escape line whose text after the `%` is `body`.
    pub(crate) fn of(body: &[u8]) -> Escape {
        let t = crate::text::decode(body);
        let mut words = t.split_whitespace();
        match (words.next(), words.next()) {
            (Some("EXPORT"), None) => Escape::Export,
            (Some("PBN"), Some(v)) => match v.split_once('.') {
                Some((a, b)) => match (a.parse(), b.parse()) {
                    (Ok(a), Ok(b)) => Escape::Version(a, b),
                    _ => Escape::Other,
                },
                None => Escape::Other,
            },
            _ => Escape::Other,
        }
    }
}

/// A line of DOS end-of-file marks (0x1A), with blanks around them at most.
fn is_eof_mark(text: &[u8]) -> bool {
    text.contains(&0x1a) && text.iter().all(|&b| b == 0x1a || is_space(b))
}

/// Whether `b` may stand in a tag name (PBN 3.2: letters, digits, `_`).
pub(crate) fn is_name_char(b: u8) -> bool {
    CLASS[b as usize] & NAME != 0
}

fn is_word_char(b: u8) -> bool {
    CLASS[b as usize] & WORD != 0
}

/// A section token character (PBN 3.2): 33..=126 except `[ ] { } ; " %`.
fn is_element_char(b: u8) -> bool {
    CLASS[b as usize] & ELEMENT != 0
}

/// The index of the first byte of `text[from..]` with no class bit in `class`,
/// or `text.len()`.
fn scan_while(text: &[u8], from: usize, class: u8) -> usize {
    text[from..]
        .iter()
        .position(|&b| CLASS[b as usize] & class == 0)
        .map_or(text.len(), |k| from + k)
}

/// The index of the first byte of `text[from..]` with a class bit in `class`, or
/// `text.len()`.
fn scan_until(text: &[u8], from: usize, class: u8) -> usize {
    text[from..]
        .iter()
        .position(|&b| CLASS[b as usize] & class != 0)
        .map_or(text.len(), |k| from + k)
}

/// The name of a tag being read: a defined kind's spelling, else its text in
/// the arena (see [`RawTag::name`]).
fn tag_name(rec: &RawRecord, kind: TagKind, name: Span) -> &[u8] {
    match kind.name() {
        Some(n) => n.as_bytes(),
        None => rec.text(name),
    }
}

/// For a tag of a defined kind whose name and then value were just copied into
/// the arena, takes the name out (the value moves down to where it started):
/// the name and value spans as [`RawTag`] keeps them.
fn drop_defined_name(rec: &mut RawRecord, kind: TagKind, name: Span, value: Span) -> (Span, Span) {
    if kind == TagKind::Other {
        return (name, value);
    }
    rec.arena.copy_within(value.range(), name.start as usize);
    let end = name.start + (value.end - value.start);
    rec.arena.truncate(end as usize);
    let name = Span {
        start: name.start,
        end: name.start,
    };
    (
        name,
        Span {
            start: name.start,
            end,
        },
    )
}

/// Whether a line opens a tag pair: `[Name "` after optional blanks.
fn opens_tag(text: &[u8]) -> bool {
    let t = &text[text.iter().take_while(|&&b| is_space(b)).count()..];
    let Some(rest) = t.strip_prefix(b"[") else {
        return false;
    };
    let n = rest.iter().take_while(|&&b| is_name_char(b)).count();
    n > 0
        && rest[0].is_ascii_uppercase()
        && rest[n..].iter().find(|&&b| !is_space(b)) == Some(&b'"')
}

impl Parser {
    fn finding(&mut self, rec: &mut RawRecord, rule: crate::Rule, pos: Pos, msg: String) {
        rec.push_finding(Finding::of(rule, pos, msg));
    }

    fn mark_start(rec: &mut RawRecord, pos: Pos) {
        if rec.start.line == 0 {
            rec.start = pos;
        }
    }

    /// Whether adding `extra` bytes or one more token or tag would pass a limit.
    fn is_over(&self, rec: &RawRecord, extra: usize) -> bool {
        let l = &self.limits;
        rec.arena.len() + extra > l.max_record_bytes
            || rec.tokens.len() >= l.max_tokens
            || rec.tags.len() >= l.max_tags
    }

    fn over_limit(&mut self, rec: &mut RawRecord, pos: Pos, extra: usize) -> bool {
        let over = self.is_over(rec, extra);
        let l = &self.limits;
        if over && !self.limit_reported {
            self.limit_reported = true;
            self.finding(
                rec,
                rules::RECORD_LIMIT,
                pos,
                format!(
                    "record is too large (over {} bytes, {} tokens or {} tags); the rest of \
                     it is skipped",
                    l.max_record_bytes, l.max_tokens, l.max_tags
                ),
            );
        }
        over
    }

    fn end_of_input(&mut self, rec: &mut RawRecord) {
        // Inside a comment or tag pair, or with findings that belong to the
        // record that would follow (they make a record only because the input
        // ends): a reader of the text after this one would not start from rest.
        self.ended_open |= !matches!(self.state, State::Normal)
            || (!rec.has_content() && !rec.findings.is_empty());
        match self.state {
            State::Brace {
                pos, text_start, ..
            } => {
                self.close_comment(rec, pos, text_start, true);
                self.finding(
                    rec,
                    rules::UNTERMINATED_COMMENT,
                    pos,
                    "comment opened with `{` is never closed (end of file)".into(),
                );
            }
            State::Tag { pos, .. } => {
                Self::mark_start(rec, pos);
                self.finding(
                    rec,
                    rules::TAG,
                    pos,
                    "tag pair is not complete at the end of the file".into(),
                );
            }
            State::Normal => {}
        }
        self.state = State::Normal;
    }

    fn close_comment(&mut self, rec: &mut RawRecord, pos: Pos, text_start: u32, brace: bool) {
        // A comment in a section: its spacing is the decoder's to check.
        if matches!(self.section, Section::Auction | Section::Play) {
            rec.plain_sections = false;
        }
        let end = rec.arena.len() as u32;
        rec.comments.push(RawComment {
            text: Span {
                start: text_start,
                end,
            },
            pos,
            brace,
            after_tag: rec.tags.len() as u32,
            after_token: rec.tokens.len() as u32,
        });
    }

    fn check_chars(&mut self, rec: &mut RawRecord, text: &[u8], line: u64, col0: u32) {
        let odd = |b: u8| (b < 0x20 && !matches!(b, b'\t' | 0x0b | b'\r')) || b == 0x7f;
        if let Some(i) = text.iter().position(|&b| odd(b)) {
            self.finding(
                rec,
                rules::CHARACTER,
                Pos::new(line, col0 + i as u32 + 1),
                format!("control character 0x{:02X} is not allowed in PBN", text[i]),
            );
        } else if !text.is_ascii() {
            let c1 = |b: &u8| (0x80..0xa0).contains(b);
            match std::str::from_utf8(text) {
                Err(_) => {
                    // Latin-1: the bytes 0x80-0x9F are its control codes.
                    if let Some(i) = text.iter().position(c1) {
                        self.finding(
                            rec,
                            rules::CHARACTER,
                            Pos::new(line, col0 + i as u32 + 1),
                            format!(
                                "byte 0x{:02X} is a control code in ISO 8859-1 and not used in PBN",
                                text[i]
                            ),
                        );
                    }
                }
                // UTF-8 (read as such, `crate::text`): the same control codes
                // (U+0080 to U+009F), and characters ISO 8859-1 does not have
                // (U+0100 up: a lead byte from 0xC4), such as a typographic
                // apostrophe. Its bytes 0x80-0x9F are parts of characters.
                Ok(s) => {
                    if let Some((i, c)) = s
                        .char_indices()
                        .find(|&(_, c)| ('\u{80}'..'\u{a0}').contains(&c) || c > '\u{ff}')
                    {
                        let msg = if c > '\u{ff}' {
                            format!(
                                "character U+{:04X} (`{c}`) is not in ISO 8859-1, the character \
                                 set of PBN",
                                u32::from(c)
                            )
                        } else {
                            format!(
                                "character U+{:04X} is a control code and not used in PBN",
                                u32::from(c)
                            )
                        };
                        self.finding(
                            rec,
                            rules::CHARACTER,
                            Pos::new(line, col0 + i as u32 + 1),
                            msg,
                        );
                    }
                }
            }
        }
        if self.export
            && col0 == 0
            && let Some(i) = memchr::memchr2(b'\t', 0x0b, text)
        {
            self.finding(
                rec,
                rules::EXPORT,
                Pos::new(line, i as u32 + 1),
                "tab character in a file declared `% EXPORT` (PBN 2.3)".into(),
            );
        }
    }

    /// Processes one line (or the rest of one, from column `col0 + 1`). `plain`
    /// says that the line is all printable ASCII ([`crate::lines::Line::plain`]),
    /// the common case that needs neither the Ctrl-Z nor the character checks.
    #[allow(clippy::too_many_arguments)]
    fn line(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        line: u64,
        col0: u32,
        dropped: u64,
        resumed: bool,
        plain: bool,
    ) -> Outcome {
        rec.end_line = line;
        // DOS's end-of-file mark (Ctrl-Z, 0x1A) on a line of its own is no text:
        // the line counts as an empty one (it ends the record) and is no finding.
        let text = if col0 == 0 && !resumed && !plain && is_eof_mark(text) {
            &text[..0]
        } else {
            text
        };
        if resumed {
            // The rest of a line already checked, after a record split.
        } else if dropped > 0 {
            self.finding(
                rec,
                rules::LINE_LIMIT,
                Pos::new(line, text.len() as u32 + 1),
                format!(
                    "line is {} bytes long; only the first {} were read",
                    text.len() as u64 + dropped,
                    text.len()
                ),
            );
        } else if col0 == 0 && text.len() > PBN_MAX_LINE {
            self.finding(
                rec,
                rules::LINE_LENGTH,
                Pos::new(line, PBN_MAX_LINE as u32 + 1),
                format!(
                    "line has {} characters; PBN allows {PBN_MAX_LINE} before the line end (2.3)",
                    text.len()
                ),
            );
        }
        if !resumed && !plain && !text.is_empty() {
            self.check_chars(rec, text, line, col0);
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
                    self.close_comment(rec, pos, text_start, true);
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
                } else if let (Some(cut), true) = (blank_cut, opens_tag(text)) {
                    // The comment was never closed: it ended at the blank line.
                    let had_content = rec.has_content();
                    rec.arena.truncate(cut as usize);
                    self.close_comment(rec, pos, text_start, true);
                    self.finding(
                        rec,
                        rules::UNTERMINATED_COMMENT,
                        pos,
                        format!(
                            "comment opened with `{{` is not closed before the next record \
                             (line {line}); reading resumes there"
                        ),
                    );
                    self.state = State::Normal;
                    if had_content {
                        self.pending.clear();
                        self.pending.extend_from_slice(text);
                        self.pending_pos = Some(Pos::new(line, col0 + 1));
                        return Outcome::Split;
                    }
                    // Nothing but the comment so far: this line starts the record.
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
            State::Tag { pos, .. } => {
                if is_semi_empty(text) {
                    Self::mark_start(rec, pos);
                    self.finding(
                        rec,
                        rules::TAG,
                        pos,
                        "tag pair is not complete before the blank line that ends the record"
                            .into(),
                    );
                    self.state = State::Normal;
                    return if rec.has_content() {
                        Outcome::End
                    } else {
                        Outcome::Continue
                    };
                }
            }
            State::Normal => {
                if is_semi_empty(text) {
                    // Tabs have their own finding (`check_chars`).
                    if self.export
                        && col0 == 0
                        && text.iter().all(|&b| b == b' ')
                        && !text.is_empty()
                    {
                        self.finding(
                            rec,
                            rules::EXPORT,
                            Pos::new(line, 1),
                            "in export format games are separated by an empty line, without \
                             spaces (PBN 3)"
                                .into(),
                        );
                    }
                    return if rec.has_content() && !resumed {
                        Outcome::End
                    } else {
                        Outcome::Continue
                    };
                }
                if col0 == 0 && text[0] == b'%' {
                    self.escape(rec, &text[1..], line);
                    return Outcome::Continue;
                }
            }
        }
        self.tokens(rec, text, i, line, col0)
    }

    fn escape(&mut self, rec: &mut RawRecord, body: &[u8], line: u64) {
        match Escape::of(body) {
            Escape::Export => {
                self.export = true;
                rec.export = true;
            }
            Escape::Version(a, b) => {
                self.version = Some((a, b));
                rec.version = self.version;
            }
            Escape::Other => {}
        }
        if !self.over_limit(rec, Pos::new(line, 1), body.len()) {
            let text = rec.push_text(body);
            rec.escapes.push(RawEscape {
                text,
                pos: Pos::new(line, 1),
            });
        }
    }

    /// Lexes `text[i..]` in the normal state (or continues an open tag).
    fn tokens(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        mut i: usize,
        line: u64,
        col0: u32,
    ) -> Outcome {
        let at = |i: usize| Pos::new(line, col0 + i as u32 + 1);
        let n = text.len();
        if let State::Tag { .. } = self.state {
            match self.tag(rec, text, i, line, col0) {
                Ok(j) => i = j,
                Err(()) => return Outcome::Split,
            }
        } else if i == 0 && matches!(self.section, Section::Auction | Section::Play) {
            i = self.section_words(rec, text, line, col0);
        }
        while i < n {
            let b = text[i];
            if is_space(b) {
                i += 1;
                continue;
            }
            match b {
                b';' => {
                    if !self.over_limit(rec, at(i), n - i) {
                        let start = rec.arena.len() as u32;
                        rec.arena.extend_from_slice(&text[i + 1..]);
                        self.close_comment(rec, at(i), start, false);
                    }
                    return Outcome::Continue;
                }
                b'{' => {
                    let start = rec.arena.len() as u32;
                    if let Some(j) = memchr::memchr(b'}', &text[i + 1..]) {
                        if !self.over_limit(rec, at(i), j) {
                            rec.arena.extend_from_slice(&text[i + 1..i + 1 + j]);
                            self.close_comment(rec, at(i), start, true);
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
                    return Outcome::Continue;
                }
                b'[' => {
                    if let Some(done) = self.plain_tag(rec, text, i, line, col0) {
                        match done {
                            Ok(j) => i = j,
                            Err(()) => return Outcome::Split,
                        }
                        continue;
                    }
                    Self::mark_start(rec, at(i));
                    let name = Span {
                        start: rec.arena.len() as u32,
                        end: rec.arena.len() as u32,
                    };
                    self.state = State::Tag {
                        stage: TagStage::Name,
                        pos: at(i),
                        name,
                        value: name,
                        value_pos: at(i),
                    };
                    match self.tag(rec, text, i + 1, line, col0) {
                        Ok(j) => i = j,
                        Err(()) => return Outcome::Split,
                    }
                }
                _ => i = self.section_token(rec, text, i, line, col0),
            }
        }
        Outcome::Continue
    }

    /// Continues a tag pair from `text[i..]`. Returns the index after what was
    /// consumed, or `Err(())` when the tag starts a new record (the rest of the
    /// line is then pending).
    fn tag(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        mut i: usize,
        line: u64,
        col0: u32,
    ) -> Result<usize, ()> {
        let at = |i: usize| Pos::new(line, col0 + i as u32 + 1);
        let n = text.len();
        let State::Tag {
            mut stage,
            pos,
            mut name,
            mut value,
            mut value_pos,
        } = self.state
        else {
            return Ok(i);
        };
        loop {
            while i < n && is_space(text[i]) {
                i += 1;
            }
            if i >= n {
                // The tag continues on the next line (allowed in import format).
                self.state = State::Tag {
                    stage,
                    pos,
                    name,
                    value,
                    value_pos,
                };
                return Ok(n);
            }
            match stage {
                TagStage::Name => {
                    let len = scan_while(text, i, NAME) - i;
                    if len == 0 {
                        return Ok(self.bad_tag(
                            rec,
                            text,
                            i,
                            pos,
                            at(i),
                            "a tag name must follow `[`",
                        ));
                    }
                    if self.over_limit(rec, pos, len) {
                        self.state = State::Normal;
                        return Ok(n);
                    }
                    name = rec.push_text(&text[i..i + len]);
                    i += len;
                    stage = TagStage::Value;
                }
                TagStage::Value => {
                    if text[i] == b']' {
                        let msg = format!("tag {} has no value", decode_short(rec.text(name), 40));
                        return Ok(self.bad_tag(rec, text, i, pos, at(i), &msg));
                    }
                    if text[i] != b'"' {
                        let msg = format!(
                            "the value of tag {} must be a string in double quotes",
                            decode_short(rec.text(name), 40)
                        );
                        return Ok(self.bad_tag(rec, text, i, pos, at(i), &msg));
                    }
                    value_pos = at(i);
                    match self.string(rec, text, i, line, col0) {
                        Some((span, j)) => {
                            value = span;
                            i = j;
                            stage = TagStage::Close;
                        }
                        None => {
                            let msg = format!(
                                "the value of tag {} has no closing quote on its line",
                                decode_short(rec.text(name), 40)
                            );
                            self.state = State::Normal;
                            self.finding(rec, rules::TAG, at(i), msg);
                            return Ok(n);
                        }
                    }
                }
                TagStage::Close => {
                    if text[i] == b']' {
                        i += 1;
                    } else {
                        let msg = format!(
                            "tag {} is not closed with `]`",
                            decode_short(rec.text(name), 40)
                        );
                        self.finding(rec, rules::TAG, at(i), msg);
                    }
                    self.state = State::Normal;
                    // Read here, not by the fast path for tag lines.
                    rec.tags_alone = false;
                    let kind = match TagKind::of(rec.text(name)) {
                        TagKind::Other => self.any_case(rec, name, pos),
                        kind => kind,
                    };
                    let (name, value) = drop_defined_name(rec, kind, name, value);
                    if self.complete_tag(rec, kind, name, value, pos, value_pos) {
                        self.pending.clear();
                        self.pending.extend_from_slice(&text[i..]);
                        self.pending_pos = Some(at(i));
                        return Err(());
                    }
                    return Ok(i);
                }
            }
        }
    }

    /// The defined tag that the name at `name`, which PBN does not define, is
    /// in another case (`AUCTION`), reported at `pos` as read as that tag;
    /// else [`TagKind::Other`].
    #[cold]
    fn any_case(&mut self, rec: &mut RawRecord, name: Span, pos: Pos) -> TagKind {
        let kind = TagKind::of_any_case(rec.text(name));
        if let Some(defined) = kind.name() {
            let msg = format!(
                "tag {} is read as {defined}: PBN's tag names are case-sensitive",
                decode_short(rec.text(name), 40)
            );
            self.finding(rec, rules::TAG_CASE, pos, msg);
        }
        kind
    }

    /// Reports a malformed tag and skips past the next `]` on the line (or to its end).
    fn bad_tag(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        pos: Pos,
        at: Pos,
        msg: &str,
    ) -> usize {
        Self::mark_start(rec, pos);
        self.finding(rec, rules::TAG, at, msg.to_string());
        self.state = State::Normal;
        // Whatever data follows belongs to no known tag.
        self.section = Section::Ignored;
        match memchr::memchr(b']', &text[i..]) {
            Some(j) => i + j + 1,
            None => text.len(),
        }
    }

    /// Reads a string token starting at the quote `text[i]`. Returns its span (escapes
    /// resolved) and the index after the closing quote, or `None` if the line ends first.
    fn string(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        line: u64,
        col0: u32,
    ) -> Option<(Span, usize)> {
        let start = rec.arena.len();
        let mut j = i + 1;
        let mut run = j;
        let mut tab_at = None;
        // Runs of plain bytes are copied whole; only quotes, backslashes and tabs
        // stop the scan (a tab is kept, and reported once the string is closed).
        loop {
            j = scan_until(text, j, STRING_STOP);
            let Some(&b) = text.get(j) else { break };
            if b == b'\t' {
                tab_at.get_or_insert(j);
                j += 1;
                continue;
            }
            rec.arena.extend_from_slice(&text[run..j]);
            if b == b'"' {
                if let Some(t) = tab_at {
                    self.finding(
                        rec,
                        rules::CHARACTER,
                        Pos::new(line, col0 + t as u32 + 1),
                        "tab character inside a string (PBN 2.3)".into(),
                    );
                }
                let span = Span {
                    start: start as u32,
                    end: rec.arena.len() as u32,
                };
                return Some((span, j + 1));
            }
            // A backslash escapes a quote or a backslash; otherwise it is itself.
            if j + 1 < text.len() && matches!(text[j + 1], b'"' | b'\\') {
                rec.arena.push(text[j + 1]);
                j += 2;
            } else {
                rec.arena.push(b'\\');
                j += 1;
            }
            run = j;
        }
        rec.arena.truncate(start);
        None
    }

    /// Handles a complete tag pair of `kind` whose name (empty for a defined
    /// kind, see [`RawTag::name`]) and value are the last text in the arena.
    /// Returns `true` when it starts a new record (it is then moved to `carry`
    /// for the next call of `read_record`).
    fn complete_tag(
        &mut self,
        rec: &mut RawRecord,
        kind: TagKind,
        name: Span,
        value: Span,
        pos: Pos,
        value_pos: Pos,
    ) -> bool {
        let already = match kind.index() {
            Some(i) => self.seen & (1 << i) != 0,
            None => rec
                .tags
                .iter()
                .any(|t| t.kind == TagKind::Other && rec.name(t) == rec.text(name)),
        };
        let is_hash = rec.text(value) == b"#";
        if already && kind.starts_record() {
            let mut carried = rec.text(value).to_vec();
            let mut inherit = Inherit::Written;
            if is_hash {
                carried.clear();
                self.touch(kind, tag_name(rec, kind, name));
                if let Some(v) = self.recall(rec, kind, tag_name(rec, kind, name)) {
                    carried.extend_from_slice(v);
                }
                inherit = Inherit::Hash;
            }
            self.carry = Some(Carry {
                name: tag_name(rec, kind, name).to_vec(),
                value: carried,
                pos,
                value_pos,
                inherit,
            });
            rec.arena.truncate(name.start as usize);
            return true;
        }
        let section_name = match kind {
            TagKind::Auction => Some("Auction"),
            TagKind::Play => Some("Play"),
            _ => None,
        };
        // A section tag repeated after an empty section of its own (real archives
        // write `[Auction ""]` and later the auction): the section with content is
        // the one read, departing from PBN 3.4's "a tag pair that already
        // occurred is ignored", which would leave the real calls unaudited.
        let first_empty = section_name.is_some()
            && rec
                .tags
                .iter()
                .filter(|t| t.kind == kind)
                .all(|t| t.tokens.is_empty());
        if already && first_empty {
            let msg = format!(
                "tag {} is given a second time; the first one has no section data, so \
                 this one's section is read (PBN 3.4 would ignore it)",
                section_name.unwrap_or_default()
            );
            self.finding(rec, rules::DUPLICATE_TAG, pos, msg);
        } else if already && kind != TagKind::Note {
            let msg = format!(
                "tag {} is given a second time; the second one is ignored (PBN 3.4)",
                decode_short(tag_name(rec, kind, name), 40)
            );
            rec.arena.truncate(name.start as usize);
            self.finding(rec, rules::DUPLICATE_TAG, pos, msg);
            self.section = Section::Ignored;
            self.ignored_section = section_name;
            return false;
        }
        if (is_hash || rec.text(value).starts_with(b"##")) && kind.no_inherit() {
            // Reported, then resolved anyway: the meaning is clear and the rest of
            // the record can still be audited.
            // `#` takes the previous record's value; `##` gives its own, after
            // the marks, for the records after it too.
            let msg = if is_hash {
                format!(
                    "tag {} may not inherit a value with `#` (PBN 4.8); the value is \
                     taken from the previous record",
                    kind.name().unwrap_or_default()
                )
            } else {
                format!(
                    "tag {} may not pass its value on with `##` (PBN 4.8); the value \
                     after `##` is read",
                    kind.name().unwrap_or_default()
                )
            };
            self.finding(rec, rules::INHERITANCE, value_pos, msg);
        }
        let mut value = value;
        let mut inherit = Inherit::Written;
        if is_hash {
            rec.arena.truncate(value.start as usize);
            match kind.index() {
                // A value of this record, before this tag in the arena.
                Some(i) if self.current & (1 << i) != 0 => {
                    rec.arena.extend_from_within(self.current_at[i].range());
                }
                _ => {
                    self.touch(kind, tag_name(rec, kind, name));
                    if let Some(v) = self.recall(rec, kind, tag_name(rec, kind, name)) {
                        let v = v.to_vec();
                        rec.arena.extend_from_slice(&v);
                    }
                }
            }
            value.end = rec.arena.len() as u32;
            inherit = Inherit::Hash;
        }
        self.push_tag(rec, kind, name, value, pos, value_pos, inherit);
        false
    }

    /// The remembered value of a tag, if any.
    fn recall<'a>(&'a self, rec: &'a RawRecord, kind: TagKind, name: &[u8]) -> Option<&'a [u8]> {
        match kind.index() {
            Some(i) if self.current & (1 << i) != 0 => Some(rec.text(self.current_at[i])),
            Some(i) => self.known[i].set.then(|| self.known_value(i)),
            None => self.memory.get(name).map(|m| &m.value[..]),
        }
    }

    /// The remembered value of the defined tag `i` from an earlier record.
    fn known_value(&self, i: usize) -> &[u8] {
        if self.in_prev & (1 << i) != 0 {
            &self.prev[self.prev_at[i].range()]
        } else {
            &self.known[i].value
        }
    }

    /// At the end of a record: keeps the values it remembered (spans of its
    /// arena) in `prev`, after giving the values still in `prev` from earlier
    /// records that this one did not replace their own copy.
    fn keep_values(&mut self, rec: &RawRecord) {
        let mut stale = self.in_prev & !self.current;
        while stale != 0 {
            let i = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let m = &mut self.known[i];
            m.value.clear();
            m.value
                .extend_from_slice(&self.prev[self.prev_at[i].range()]);
        }
        self.prev.clear();
        let mut bits = self.current;
        let end = self.current_end as usize;
        if end <= PREV_COPY_MAX {
            // The values are near the start of the arena: one copy keeps them all.
            self.prev.extend_from_slice(&rec.arena[..end]);
            self.prev_at = self.current_at;
        } else {
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = self.prev.len() as u32;
                self.prev.extend_from_slice(rec.text(self.current_at[i]));
                self.prev_at[i] = Span {
                    start,
                    end: self.prev.len() as u32,
                };
            }
        }
        self.in_prev = self.current;
        self.local |= self.current;
        self.current = 0;
        self.current_end = 0;
    }

    fn remember(&mut self, rec: &RawRecord, kind: TagKind, name: Span, value: Span, sticky: bool) {
        if kind == TagKind::Note {
            return;
        }
        self.any_sticky |= sticky;
        if let Some(i) = kind.index() {
            let m = &mut self.known[i];
            self.sticky_dirty |= sticky && !m.sticky;
            m.sticky |= sticky;
            m.set = true;
            self.current |= 1 << i;
            self.current_at[i] = value;
            self.current_end = self.current_end.max(value.end);
            return;
        }
        let (name, value) = (rec.text(name), rec.text(value));
        let full = self.memory.len() >= MAX_REMEMBERED_TAGS;
        match self.memory.get_mut(name) {
            Some(m) => {
                m.value.clear();
                m.value.extend_from_slice(value);
                self.sticky_dirty |= sticky && !m.sticky;
                m.sticky |= sticky;
                m.local = true;
            }
            None if !full => {
                self.sticky_dirty |= sticky;
                self.memory.insert(
                    name.to_vec(),
                    Memory {
                        value: value.to_vec(),
                        sticky,
                        set: true,
                        local: true,
                    },
                );
            }
            None => self.note_full(),
        }
    }

    /// Adds a tag carried over from the previous record.
    fn add_tag(
        &mut self,
        rec: &mut RawRecord,
        name: &[u8],
        value: &[u8],
        pos: Pos,
        value_pos: Pos,
        inherit: Inherit,
    ) {
        rec.tags_alone = false;
        let kind = TagKind::of(name);
        let name = match kind {
            TagKind::Other => rec.push_text(name),
            // A defined name is not copied (see [`RawTag::name`]).
            _ => rec.push_text(b""),
        };
        let value = rec.push_text(value);
        self.push_tag(rec, kind, name, value, pos, value_pos, inherit);
    }

    /// Appends a tag whose name and value are in the arena, and opens its section.
    #[allow(clippy::too_many_arguments)]
    fn push_tag(
        &mut self,
        rec: &mut RawRecord,
        kind: TagKind,
        name: Span,
        mut value: Span,
        pos: Pos,
        value_pos: Pos,
        inherit: Inherit,
    ) {
        Self::mark_start(rec, pos);
        let sticky = inherit == Inherit::Written && rec.text(value).starts_with(b"##");
        if sticky {
            value.start += 2;
        }
        self.remember(rec, kind, name, value, sticky);
        if let Some(i) = kind.index() {
            self.seen |= 1 << i;
        }
        let at = rec.tokens.len() as u32;
        rec.tags.push(RawTag {
            name,
            kind,
            value,
            pos,
            value_pos,
            tokens: at..at,
            inherit,
        });
        self.open_section(rec, kind);
    }

    /// Opens the section of the tag just pushed (of `kind`).
    #[inline(always)]
    fn open_section(&mut self, rec: &RawRecord, kind: TagKind) {
        match kind {
            TagKind::Note => {}
            TagKind::Auction => {
                self.section = Section::Auction;
                self.section_tag = Some(rec.tags.len() - 1);
            }
            TagKind::Play => {
                self.section = Section::Play;
                self.section_tag = Some(rec.tags.len() - 1);
            }
            k if k.is_plain() => {
                self.section = Section::None;
                self.section_tag = None;
            }
            _ => {
                self.section = Section::Supplemental;
                self.section_tag = Some(rec.tags.len() - 1);
            }
        }
    }

    /// Adds the `##` values of earlier records for tags this record lacks, in
    /// name order.
    fn apply_sticky(&mut self, rec: &mut RawRecord) {
        if !self.any_sticky {
            return;
        }
        if self.sticky_dirty {
            self.sort_sticky();
        }
        if let Some(g) = &self.guess {
            // The values a resumed reader takes from its guess (each once,
            // in name order; mostly all are taken by its first record).
            let todo = self.sticky_known & !(self.seen | g.read_known());
            if todo != 0 {
                for i in 0..self.sticky_order.len() {
                    if let Sticky::Known(k) = self.sticky_order[i]
                        && todo & (1 << k) != 0
                    {
                        self.touch_known(k);
                    }
                }
            }
        }
        let pos = rec.start;
        for s in &self.sticky_order {
            // A defined name is not copied (see [`RawTag::name`]).
            let (kind, name, value) = match s {
                // A defined tag is in the record exactly when its bit is seen.
                Sticky::Known(i) => {
                    if self.seen & (1 << i) != 0 {
                        continue;
                    }
                    (ALL[*i], &b""[..], self.known_value(*i))
                }
                Sticky::Other(name) => {
                    if rec.tags.iter().any(|t| rec.name(t) == &name[..]) {
                        continue;
                    }
                    let Some(m) = self.memory.get(name) else {
                        continue;
                    };
                    (TagKind::Other, &name[..], &m.value[..])
                }
            };
            let name_span = rec.push_text(name);
            let value_span = rec.push_text(value);
            let at = rec.tokens.len() as u32;
            rec.tags.push(RawTag {
                name: name_span,
                kind,
                value: value_span,
                pos,
                value_pos: pos,
                tokens: at..at,
                inherit: Inherit::Sticky,
            });
        }
    }

    /// Rebuilds `sticky_order`: every sticky tag, sorted by name.
    fn sort_sticky(&mut self) {
        self.sticky_dirty = false;
        self.sticky_order.clear();
        let known = (self.known.iter().enumerate())
            .filter(|(_, m)| m.sticky)
            .map(|(i, _)| Sticky::Known(i));
        let other = (self.memory.iter())
            .filter(|(_, m)| m.sticky)
            .map(|(k, _)| Sticky::Other(k.clone()));
        self.sticky_order.extend(known.chain(other));
        self.sticky_known = (self.sticky_order.iter())
            .filter_map(|s| match s {
                Sticky::Known(i) => Some(1u128 << i),
                Sticky::Other(_) => None,
            })
            .fold(0, |m, b| m | b);
        let name = |s: &Sticky| -> Vec<u8> {
            match s {
                Sticky::Known(i) => ALL[*i].name().unwrap_or_default().as_bytes().to_vec(),
                Sticky::Other(n) => n.clone(),
            }
        };
        self.sticky_order.sort_by_cached_key(name);
    }

    fn push_token(&mut self, rec: &mut RawRecord, kind: TokenKind, text: &[u8], pos: Pos) {
        if self.section == Section::Ignored || self.over_limit(rec, pos, text.len()) {
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
    fn section_token(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        line: u64,
        col0: u32,
    ) -> usize {
        let pos = Pos::new(line, col0 + i as u32 + 1);
        let n = text.len();
        // Section data the fast paths did not read: annotations, marks, or
        // calls and cards beside them (`RawRecord::plain_sections`); a `*` or
        // `+` that opens its line has no gap before it.
        if matches!(self.section, Section::Auction | Section::Play)
            && !(matches!(text[i], b'*' | b'+') && text[..i].iter().all(|&b| is_space(b)))
        {
            rec.plain_sections = false;
        }
        let run = |from: usize, f: fn(u8) -> bool| {
            text[from..]
                .iter()
                .position(|&b| !f(b))
                .map_or(n, |k| from + k)
        };
        match self.section {
            Section::None => {
                // Text outside any section: report it once and skip to the next
                // character that can start something (`[`, `{`, `;`).
                let end = i + text[i..]
                    .iter()
                    .position(|&b| matches!(b, b'[' | b'{' | b';'))
                    .unwrap_or(n - i);
                Self::mark_start(rec, pos);
                let what = decode_short(text[i..end].trim_ascii_end(), 40);
                let msg = match self.section_tag_name(rec) {
                    Some(tag) => {
                        format!("text `{what}` after tag {tag}, which has no section data")
                    }
                    None if rec.tags.is_empty() => {
                        format!("text `{what}` is not a tag, comment or section data")
                    }
                    None => format!("text `{what}` follows a tag that has no section data"),
                };
                let rule = if rec.tags.is_empty() {
                    rules::TOKEN
                } else {
                    rules::UNEXPECTED_DATA
                };
                self.finding(rec, rule, pos, msg);
                end
            }
            Section::Ignored => {
                // The calls or cards of a repeated section tag are not read: say
                // so once, at the first of them.
                if let Some(name) = self.ignored_section.take()
                    && text[i] != b'"'
                {
                    let what = if name == "Auction" { "calls" } else { "cards" };
                    self.finding(
                        rec,
                        rules::NOT_AUDITED,
                        pos,
                        format!(
                            "the {what} of this second {name} section are not audited: the \
                             first {name} section of the record has data, and a repeated tag \
                             is ignored (PBN 3.4)"
                        ),
                    );
                }
                // Skip like a supplemental section.
                match text[i] {
                    b'"' => match self.string(rec, text, i, line, col0) {
                        Some((span, j)) => {
                            rec.arena.truncate(span.start as usize);
                            j
                        }
                        None => n,
                    },
                    _ => scan_while(text, i, ELEMENT).max(i + 1),
                }
            }
            Section::Supplemental => match text[i] {
                b'"' => match self.string(rec, text, i, line, col0) {
                    Some((span, j)) => {
                        let t = rec.text(span).to_vec();
                        rec.arena.truncate(span.start as usize);
                        self.push_token(rec, TokenKind::Str, &t, pos);
                        j
                    }
                    None => {
                        self.finding(
                            rec,
                            rules::STRING,
                            pos,
                            "string has no closing quote on its line".into(),
                        );
                        n
                    }
                },
                b if is_element_char(b) => {
                    let end = scan_while(text, i, ELEMENT);
                    self.push_token(rec, TokenKind::Element, &text[i..end], pos);
                    end
                }
                b => {
                    self.bad_char(rec, b, pos, "a table");
                    i + 1
                }
            },
            Section::Auction | Section::Play => {
                let b = text[i];
                match b {
                    _ if is_word_char(b) => {
                        let end = scan_while(text, i, WORD);
                        self.push_token(rec, TokenKind::Word, &text[i..end], pos);
                        end
                    }
                    b'!' | b'?' => {
                        let end = run(i, |b| b == b'!' || b == b'?').min(i + 2);
                        self.push_token(rec, TokenKind::Suffix, &text[i..end], pos);
                        end
                    }
                    b'=' => {
                        let d = run(i + 1, |b| b.is_ascii_digit());
                        if d > i + 1 && d < n && text[d] == b'=' {
                            self.push_token(rec, TokenKind::Note, &text[i + 1..d], pos);
                            d + 1
                        } else {
                            self.bad_token(rec, text, i, pos, "a note reference is `=` digits `=`")
                        }
                    }
                    b'$' => {
                        let d = run(i + 1, |b| b.is_ascii_digit());
                        if d > i + 1 {
                            self.push_token(rec, TokenKind::Nag, &text[i + 1..d], pos);
                            d
                        } else {
                            self.bad_token(rec, text, i, pos, "a NAG is `$` followed by digits")
                        }
                    }
                    b'*' => {
                        self.push_token(rec, TokenKind::Star, b"*", pos);
                        i + 1
                    }
                    b'+' => {
                        self.push_token(rec, TokenKind::Plus, b"+", pos);
                        i + 1
                    }
                    b'^' if i + 1 < n && !is_space(text[i + 1]) => {
                        self.push_token(rec, TokenKind::Irregularity, &text[i + 1..i + 2], pos);
                        i + 2
                    }
                    // Calls given as alternatives (`4NT/5D`, real in teaching
                    // files): the `/` takes a slot of its own, which is no call,
                    // so that the replay stops there rather than giving the
                    // second call to the next player. (In the play section a
                    // slot is a seat's column: a `/` is skipped, as other
                    // stray characters are.)
                    b'/' if self.section == Section::Auction => {
                        self.push_token(rec, TokenKind::Word, b"/", pos);
                        i + 1
                    }
                    _ => {
                        let sect = if self.section == Section::Auction {
                            "the auction section"
                        } else {
                            "the play section"
                        };
                        self.bad_char(rec, b, pos, sect);
                        i + 1
                    }
                }
            }
        }
    }

    fn section_tag_name(&self, rec: &RawRecord) -> Option<String> {
        rec.tags.last().map(|t| decode_short(rec.name(t), 40))
    }

    fn bad_char(&mut self, rec: &mut RawRecord, b: u8, pos: Pos, place: &str) {
        Self::mark_start(rec, pos);
        let shown = if b.is_ascii_graphic() {
            format!("`{}`", b as char)
        } else {
            format!("byte 0x{b:02X}")
        };
        self.finding(
            rec,
            rules::TOKEN,
            pos,
            format!("character {shown} is not allowed in {place}"),
        );
    }

    /// Reports a malformed token and skips to the next blank.
    fn bad_token(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        pos: Pos,
        why: &str,
    ) -> usize {
        let end = i + text[i..]
            .iter()
            .position(|&b| is_space(b))
            .unwrap_or(text.len() - i);
        let shown = decode_short(&text[i..end], 40);
        Self::mark_start(rec, pos);
        self.finding(
            rec,
            rules::TOKEN,
            pos,
            format!("`{shown}` is not a token: {why}"),
        );
        end
    }
}

mod fast;
mod resume;
pub(crate) use resume::{Carried, Earlier, Guess, Handover, Resume};
#[cfg(test)]
mod tests;
