//! The streaming LIN reader: bytes in, [`RawRecord`]s out.
//!
//! LIN is a flat sequence of `tag|value|` pairs; line breaks carry no meaning.
//! The reader scans one fixed buffer with `memchr` for the next `|`, copies each
//! value once into the record's arena (cut at [`Limits::max_value`]), and keeps
//! the position (line, column) of every tag and value.
//!
//! Record boundaries (`docs/lin.md`):
//!
//! * `vg` starts a vugraph header: every tag after it up to the first `qx` or
//!   game tag (`md`, `mb`, `pc`, ...) belongs to the header, which each record
//!   after it inherits ([`RawRecord::header`]) until the next `vg`;
//! * `qx` starts a record, which runs to the next `qx` or `vg`;
//! * in a record without `qx` (single-board files), a `pn` or `md` after the
//!   record's `md` starts the next record.
//!
//! A syntax error (text in a tag's place that is not two letters) is a finding;
//! reading resumes at the next segment that is a known tag.

use std::io::{self, Read};

use super::raw::{RawRecord, RawTag, Span};
use super::rules;
use crate::text::decode_short;
use crate::{Finding, Pos};

/// Bounds on what the reader keeps, so that hostile input cannot exhaust memory.
/// What goes beyond a bound is skipped with a finding.
///
/// ```
/// use kibitz::notation::lin::Limits;
/// assert_eq!(Limits::default().max_value, 64 * 1024);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest value kept, in bytes.
    pub max_value: usize,
    /// Most text a record (header included) may hold, in bytes.
    pub max_record_bytes: usize,
    /// Most tags per record (header included).
    pub max_tags: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_value: 64 * 1024,
            max_record_bytes: 4 * 1024 * 1024,
            max_tags: 50_000,
        }
    }
}

const BUF: usize = 64 * 1024;
/// Longest text kept of a tag's place (a tag is two letters).
const TAG_CAP: usize = 8;
/// Segments whose `|` is within this many bytes are read on the short path
/// of [`Reader::segment`].
const SHORT: usize = 16;

/// Whether `t` (lower case) is one of the LIN tags the decoder reads or knows
/// to ignore.
pub(crate) fn is_known(t: &[u8; 2]) -> bool {
    matches!(
        t,
        b"vg"
            | b"rs"
            | b"pn"
            | b"pw"
            | b"mp"
            | b"bn"
            | b"qx"
            | b"st"
            | b"md"
            | b"rh"
            | b"ah"
            | b"sv"
            | b"mb"
            | b"an"
            | b"pc"
            | b"mc"
            | b"nt"
            | b"pg"
            // Pavlicek's LIN says it is so (`pf|y|`); what marks it, the
            // vulnerability in upper case and whole tricks in one `pc`, the
            // decoder reads anyway (lin-notes sections 1 and 10).
            | b"pf"
    )
}

/// Whether `t` (lower case) is one of the tags of BBO's lesson ("movie")
/// files that carry no game: `cr`, `cg`, `cb`, `at`, `cs`, `ht` (seen in a
/// lesson file) and `bt`, `mn`, `sa`, `tu`, `va` (named by other readers;
/// lin-notes section 1), text and its display as far as is known. The decoder
/// skips them without a finding, as it skips `nt`; a tag no reader knows is
/// still reported (`lin.tag.unknown`).
pub(crate) fn is_display(t: &[u8; 2]) -> bool {
    matches!(
        t,
        b"cr" | b"cg" | b"cb" | b"at" | b"bt" | b"cs" | b"ht" | b"mn" | b"sa" | b"tu" | b"va"
    )
}

/// Tags that live in a board record (they end a vugraph header).
fn is_game(t: &[u8; 2]) -> bool {
    matches!(
        t,
        b"qx" | b"md" | b"mb" | b"pc" | b"sv" | b"ah" | b"mc" | b"an" | b"st" | b"rh"
    )
}

/// Tags that carry a board's game: those of a board record ([`is_game`])
/// but its headings `ah`/`rh`, which may stand before the board they head.
/// A record holds one at least; the tags before the first (a teaching
/// file's title page, a heading) join the record a `qx` opens
/// ([`starts_record`]).
fn carries_board(t: &[u8; 2]) -> bool {
    is_game(t) && !matches!(t, b"ah" | b"rh")
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// Reads LIN records one at a time from any [`Read`].
///
/// ```
/// use kibitz::notation::lin::{RawRecord, Reader};
/// let text = "pn|a,b,c,d|md|3SA,SK,SQ,|ah|Board 1|\npn|e,f,g,h|md|4SA,SK,SQ,|ah|Board 2|\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut rec = RawRecord::default();
/// let mut boards = Vec::new();
/// while reader.read_record(&mut rec).unwrap() {
///     boards.push(rec.value(rec.find(b"ah").unwrap()).to_vec());
/// }
/// assert_eq!(boards, [b"Board 1".to_vec(), b"Board 2".to_vec()]);
/// assert_eq!(reader.bytes_read(), text.len() as u64);
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    lo: usize,
    hi: usize,
    eof: bool,
    bytes: u64,
    line: u64,
    col: u32,
    limits: Limits,
    header_arena: Vec<u8>,
    header: Vec<RawTag>,
    in_header: bool,
    header_used: bool,
    header_start: Pos,
    pending: Option<([u8; 2], Pos)>,
    /// The text of the last segment, when [`Reader::segment`]'s short path did
    /// not leave it in the buffer at `short`.
    seg: Vec<u8>,
    /// Where the last segment's text is in `buf`, when the short path read it.
    short: Option<(usize, usize)>,
    records: usize,
    /// The record being built has a tag that carries a board, among its
    /// first `board_scanned` tags ([`Reader::board`]).
    has_board: bool,
    board_scanned: usize,
    /// The record being built has an `md` / a `qx`.
    has_md: bool,
    has_qx: bool,
    limit_reported: bool,
    /// The input ended inside a tag or value, or while skipping to the next
    /// known tag (for [`Reader::handover`]).
    open_end: bool,
    /// The last record returned: whether it had tags of its own, an `md`, a
    /// `qx` (for [`Reader::handover`]).
    last: Last,
    /// The header a resumed reader started from ([`Reader::resume`]).
    resumed_from: Option<std::sync::Arc<Carried>>,
    /// Whether the input's first bytes were read (and a byte order mark
    /// before them skipped).
    started: bool,
}

/// What [`Reader::handover`] needs of the last record returned.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Last {
    tags: bool,
    has_board: bool,
    has_md: bool,
    has_qx: bool,
}

struct Segment {
    pos: Pos,
    len: usize,
    terminated: bool,
}

impl<R> Drop for Reader<R> {
    /// Leaves the buffer to the next reader made on this thread.
    fn drop(&mut self) {
        crate::notation::spare::give(std::mem::take(&mut self.buf));
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` with the default [`Limits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        Reader {
            inner,
            // Any length from `BUF` up will do (a line reader's spare is one
            // byte longer). What it holds is never read: `lo..hi` is empty.
            buf: crate::notation::spare::take(BUF, true),
            lo: 0,
            hi: 0,
            eof: false,
            bytes: 0,
            line: 1,
            col: 1,
            limits,
            header_arena: Vec::new(),
            header: Vec::new(),
            in_header: false,
            header_used: true,
            header_start: Pos::default(),
            pending: None,
            seg: Vec::new(),
            short: None,
            records: 0,
            has_board: false,
            board_scanned: 0,
            has_md: false,
            has_qx: false,
            limit_reported: false,
            open_end: false,
            last: Last::default(),
            resumed_from: None,
            started: false,
        }
    }

    /// Bytes consumed from the input so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Records returned so far.
    pub fn records_read(&self) -> usize {
        self.records
    }

    fn pos(&self) -> Pos {
        Pos::new(self.line, self.col)
    }

    /// Makes bytes available; false at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.lo < self.hi {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        loop {
            match self.inner.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.lo = 0;
                    self.hi = n;
                    if !self.started && !self.skip_bom()? {
                        continue;
                    }
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// At the input's first bytes (`buf[..hi]`): skips a UTF-8 byte order
    /// mark, as files saved by Windows editors begin (the PBN reader does the
    /// same); it is no part of the text, and a `pn` after it was read as a
    /// malformed tag. Reads on until three bytes are there or the input ends.
    /// False when nothing is left after the mark.
    #[cold]
    fn skip_bom(&mut self) -> io::Result<bool> {
        self.started = true;
        while self.hi < 3 && !self.eof {
            match self.inner.read(&mut self.buf[self.hi..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.hi += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if self.buf[..self.hi].starts_with(b"\xEF\xBB\xBF") {
            self.lo = 3;
            self.bytes += 3;
        }
        Ok(self.lo < self.hi)
    }

    /// Consumes `n` available bytes, moving the position.
    fn advance(&mut self, n: usize) {
        let s = &self.buf[self.lo..self.lo + n];
        match memchr::memrchr(b'\n', s) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', s).count() as u64;
                self.col = (n - last) as u32;
            }
            None => self.col = self.col.saturating_add(n as u32),
        }
        self.lo += n;
        self.bytes += n as u64;
    }

    /// Skips blanks and line breaks; false at the end of the input.
    #[inline(always)]
    fn skip_space(&mut self) -> io::Result<bool> {
        // Most tags follow the `|` before them at once.
        if self.lo < self.hi && !is_space(self.buf[self.lo]) {
            return Ok(true);
        }
        self.skip_spaces()
    }

    /// [`Reader::skip_space`] where there is a blank to skip, or no byte left
    /// in the buffer.
    #[inline(never)]
    fn skip_spaces(&mut self) -> io::Result<bool> {
        loop {
            if !self.fill()? {
                return Ok(false);
            }
            let n = self.buf[self.lo..self.hi]
                .iter()
                .take_while(|&&b| is_space(b))
                .count();
            let all = n == self.hi - self.lo;
            self.advance(n);
            if !all {
                return Ok(true);
            }
        }
    }

    /// Skips the lines that open with `%` where a tag should stand (the byte
    /// at `lo`, at a line's start, and those that follow it), with one
    /// warning: no LIN, comments (PbnToLin's header).
    #[cold]
    fn comment_line(&mut self, rec: &mut RawRecord) -> io::Result<()> {
        let pos = self.pos();
        let mut head = Vec::new();
        let mut lines = 0;
        loop {
            lines += 1;
            loop {
                let rest = &self.buf[self.lo..self.hi];
                let end = memchr::memchr(b'\n', rest);
                let n = end.map_or(rest.len(), |i| i + 1);
                if lines == 1 && head.len() < 40 {
                    head.extend_from_slice(&rest[..n.min(40)]);
                }
                self.advance(n);
                if end.is_some() || !self.fill()? {
                    break;
                }
            }
            if !self.skip_space()? || self.col != 1 || self.buf[self.lo] != b'%' {
                break;
            }
        }
        let more = match lines {
            1 => String::new(),
            n => format!(" (and the {} lines after it)", n - 1),
        };
        push(
            rec,
            rules::COMMENT,
            pos,
            format!(
                "`{}`{more} is no LIN: a line that opens with `%` is read as a comment",
                decode_short(head.trim_ascii_end(), 30)
            ),
        );
        Ok(())
    }

    /// Reads up to the next `|` (consumed), keeping at most `cap` bytes in `seg`.
    /// Inlined, so that the usual segment's [`Segment`] stays in registers (a
    /// call returning it through memory stalled on reading it back: a fourth
    /// of the reader's time in `perf`).
    #[inline(always)]
    fn segment(&mut self, cap: usize) -> io::Result<Segment> {
        let pos = self.pos();
        // Most segments (a tag, a card, a call) are a few bytes on one line,
        // whole in the buffer: found byte by byte, which is sooner than the
        // `memchr` calls below for so few bytes (`memchr` for the `|`, then
        // `memrchr` for a line end in what it passed over).
        let head = &self.buf[self.lo..self.hi.min(self.lo + SHORT)];
        if let Some(n) = head.iter().position(|&b| b == b'|' || b == b'\n')
            && head[n] == b'|'
            && n <= cap
        {
            // The text stays in the buffer (no fill comes before it is used).
            self.short = Some((self.lo, self.lo + n));
            self.lo += n + 1;
            self.bytes += n as u64 + 1;
            self.col = self.col.saturating_add(n as u32 + 1);
            return Ok(Segment {
                pos,
                len: n,
                terminated: true,
            });
        }
        self.long_segment(pos, cap)
    }

    /// [`Reader::segment`] for any other segment: long, across lines, or not
    /// whole in the buffer.
    #[inline(never)]
    fn long_segment(&mut self, pos: Pos, cap: usize) -> io::Result<Segment> {
        self.seg.clear();
        self.short = None;
        let mut len = 0;
        loop {
            if !self.fill()? {
                return Ok(Segment {
                    pos,
                    len,
                    terminated: false,
                });
            }
            let avail = &self.buf[self.lo..self.hi];
            let (n, done) = match memchr::memchr(b'|', avail) {
                Some(i) => (i, true),
                None => (avail.len(), false),
            };
            let keep = n.min(cap.saturating_sub(self.seg.len()));
            self.seg.extend_from_slice(&avail[..keep]);
            len += n;
            self.advance(n + usize::from(done));
            if done {
                return Ok(Segment {
                    pos,
                    len,
                    terminated: true,
                });
            }
        }
    }

    /// The text kept of the last segment (cut at its `cap`).
    #[inline]
    fn text(&self) -> &[u8] {
        segment_text(&self.buf, self.short, &self.seg)
    }

    #[inline]
    fn tag_name(&self, s: &Segment) -> Option<[u8; 2]> {
        let t = self.text();
        (s.len == 2 && t.iter().all(u8::is_ascii_alphabetic)).then(|| [t[0], t[1]])
    }

    /// After a bad tag: skips segments up to the next known tag (one the
    /// decoder reads, or a lesson file's display tag), which becomes pending.
    /// False at the end of the input.
    fn resync(&mut self) -> io::Result<bool> {
        loop {
            if !self.skip_space()? {
                return Ok(false);
            }
            let s = self.segment(TAG_CAP)?;
            if !s.terminated {
                return Ok(false);
            }
            if let Some(name) = self.tag_name(&s)
                && let l = name.map(|b| b.to_ascii_lowercase())
                && (is_known(&l) || is_display(&l))
            {
                self.pending = Some((name, s.pos));
                return Ok(true);
            }
        }
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
        self.has_board = false;
        self.board_scanned = 0;
        self.has_md = false;
        self.has_qx = false;
        self.limit_reported = false;
        loop {
            if self.pending.is_none()
                && !self.in_header
                && !rec.tags.is_empty()
                && self.fast_tag(rec)
            {
                continue;
            }
            let (name, pos) = match self.pending.take() {
                Some(p) => p,
                None => {
                    if !self.skip_space()? {
                        break;
                    }
                    if self.col == 1 && self.buf[self.lo] == b'%' {
                        self.comment_line(rec)?;
                        continue;
                    }
                    let s = self.segment(TAG_CAP)?;
                    if !s.terminated {
                        push(
                            rec,
                            rules::UNTERMINATED,
                            s.pos,
                            format!(
                                "the input ends in `{}` with no `|` after it",
                                decode_short(self.text(), 20)
                            ),
                        );
                        self.open_end = true;
                        break;
                    }
                    match self.tag_name(&s) {
                        Some(n) => (n, s.pos),
                        None => {
                            let text = decode_short(self.text(), 20);
                            let found = self.resync()?;
                            let next = match self.pending {
                                Some((name, at)) if found => format!(
                                    "skipped to the next known tag, `{}` at {at}",
                                    decode_short(&name, 2)
                                ),
                                _ => "no known tag follows".to_string(),
                            };
                            push(
                                rec,
                                rules::TAG,
                                s.pos,
                                format!("`{text}` stands where a two-letter tag should; {next}"),
                            );
                            if !found {
                                self.open_end = true;
                                break;
                            }
                            continue;
                        }
                    }
                }
            };
            let l = name.map(|b| b.to_ascii_lowercase());
            let into_header;
            if &l == b"vg" {
                if !rec.tags.is_empty() {
                    self.pending = Some((name, pos));
                    return Ok(self.finish(rec));
                }
                if !self.header_used && !self.header.is_empty() {
                    // A header no record used: it is a record of its own.
                    self.pending = Some((name, pos));
                    self.header_only(rec);
                    return Ok(self.finish(rec));
                }
                self.header.clear();
                self.header_arena.clear();
                self.in_header = true;
                self.header_used = false;
                self.header_start = pos;
                into_header = true;
            } else if self.in_header && !is_game(&l) {
                into_header = true;
            } else {
                self.in_header = false;
                if !rec.tags.is_empty() && self.starts_record(rec, &l) {
                    self.pending = Some((name, pos));
                    return Ok(self.finish(rec));
                }
                if &l == b"qx" && !rec.tags.is_empty() {
                    // The tags before, none of which carries a board (a
                    // teaching file's title and texts before its first
                    // `qx`: else the `qx` would have started a record), are
                    // no record of their own: they join this one, which
                    // starts here.
                    rec.start = pos;
                }
                into_header = false;
            }
            let v = self.segment(self.limits.max_value)?;
            if !v.terminated {
                push(
                    rec,
                    rules::UNTERMINATED,
                    pos,
                    format!(
                        "the input ends in the value of `{}` with no closing `|`",
                        decode_short(&name, 2)
                    ),
                );
                self.open_end = true;
                break;
            }
            if v.len > self.text().len() {
                push(
                    rec,
                    rules::VALUE_LIMIT,
                    v.pos,
                    format!(
                        "value is {} bytes long; only the first {} were kept",
                        v.len,
                        self.text().len()
                    ),
                );
            }
            // What `RawTag::value_pos` computes instead of keeping it.
            debug_assert_eq!(v.pos, Pos::new(pos.line, pos.col.saturating_add(3)));
            if into_header {
                self.add_header(rec, name, pos);
            } else {
                self.add_tag(rec, name, pos);
                self.has_md |= &l == b"md";
                self.has_qx |= &l == b"qx";
            }
        }
        if rec.tags.is_empty() && !self.header_used && !self.header.is_empty() {
            self.header_only(rec);
        }
        Ok(self.finish(rec))
    }

    /// Reads the tag pair `ab|value|` at the start of the buffer in one pass,
    /// when it is a tag of the record begun (not its first, not in a vugraph
    /// header, not a tag that starts the next record) and its value, at most
    /// [`SHORT`] bytes on the same line, is whole in the buffer with no record
    /// limit reached: the record's `mb`, `pc`, `an` ... tags, nearly all of a
    /// LIN file. Returns false, having consumed nothing, for anything else
    /// (a blank first, a long value), which the general path then reads
    /// alike: `tests.rs` compares the two, byte by byte and from the buffer.
    #[inline(always)]
    fn fast_tag(&mut self, rec: &mut RawRecord) -> bool {
        let lo = self.lo;
        let b = &self.buf[lo..self.hi.min(lo + 3 + SHORT)];
        if b.len() < 4 || b[2] != b'|' || !b[0].is_ascii_alphabetic() || !b[1].is_ascii_alphabetic()
        {
            return false;
        }
        let name = [b[0], b[1]];
        let l = name.map(|c| c.to_ascii_lowercase());
        // (A `qx` is left to the general path: whether it starts a record
        // depends on the record's tags.)
        if &l == b"vg" || &l == b"qx" || starts_record(&l, false, self.has_md, self.has_qx) {
            return false;
        }
        let Some(n) = b[3..].iter().position(|&c| c == b'|' || c == b'\n') else {
            return false;
        };
        let tags = rec.tags.len() + rec.header.len();
        if b[3 + n] != b'|' || n > self.limits.max_value || self.over(tags, rec.arena.len(), n) {
            return false;
        }
        let pos = self.pos();
        let value = rec.push_from(&self.buf[..self.hi], lo + 3, lo + 3 + n);
        rec.tags.push(RawTag::new(name, value, pos));
        self.has_md |= &l == b"md";
        let used = n + 4;
        self.lo += used;
        self.bytes += used as u64;
        self.col = self.col.saturating_add(used as u32);
        true
    }

    /// [`starts_record`] after the tags of the record being read.
    #[inline(always)]
    fn starts_record(&mut self, rec: &RawRecord, l: &[u8; 2]) -> bool {
        // Whether the record holds a tag that carries a board is asked only
        // of a `qx` (once a record, and its first tag is nearly always one):
        // not kept up per tag (3% more instructions on a LIN audit).
        let board = l == b"qx" && self.board(rec);
        starts_record(l, board, self.has_md, self.has_qx)
    }

    /// Whether `rec`, the record being read, holds a tag that carries a board
    /// ([`carries_board`]). Each tag is looked at once, however many `qx`
    /// ask (a record of 50,000 tags and a million `qx` after it, each
    /// dropped at the record limit, is read in linear time).
    fn board(&mut self, rec: &RawRecord) -> bool {
        if !self.has_board {
            let new = rec.tags.get(self.board_scanned..).unwrap_or_default();
            self.has_board = new
                .iter()
                .any(|t| carries_board(&t.name.map(|c| c.to_ascii_lowercase())));
            self.board_scanned = rec.tags.len();
        }
        self.has_board
    }

    /// Whether a record of `tags` tags and `bytes` of text is over a limit
    /// with one more tag of `len` bytes.
    #[inline(always)]
    fn over(&self, tags: usize, bytes: usize, len: usize) -> bool {
        tags >= self.limits.max_tags || bytes + len > self.limits.max_record_bytes
    }

    #[inline]
    fn over_limit(&mut self, rec: &mut RawRecord, tags: usize, bytes: usize, pos: Pos) -> bool {
        let l = self.limits;
        let over = self.over(tags, bytes, self.text().len());
        if over && !self.limit_reported {
            self.limit_reported = true;
            push(
                rec,
                rules::RECORD_LIMIT,
                pos,
                format!(
                    "record is too large (over {} tags or {} bytes); the rest of it is skipped",
                    l.max_tags, l.max_record_bytes
                ),
            );
        }
        over
    }

    fn add_header(&mut self, rec: &mut RawRecord, name: [u8; 2], pos: Pos) {
        let (n, b) = (self.header.len(), self.header_arena.len());
        if self.over_limit(rec, n, b, pos) {
            return;
        }
        let start = self.header_arena.len() as u32;
        // The fields one by one: `self.text()` would borrow all of `self`.
        let text = segment_text(&self.buf, self.short, &self.seg);
        self.header_arena.extend_from_slice(text);
        let end = self.header_arena.len() as u32;
        let value = drop_line_breaks(&mut self.header_arena, Span { start, end });
        self.header.push(RawTag::new(name, value, pos));
    }

    fn copy_header(&mut self, rec: &mut RawRecord) {
        rec.arena.extend_from_slice(&self.header_arena);
        rec.header.extend_from_slice(&self.header);
        rec.header_new = !self.header_used && !self.header.is_empty();
        self.header_used = true;
    }

    fn header_only(&mut self, rec: &mut RawRecord) {
        self.copy_header(rec);
        rec.start = self.header_start;
    }

    fn add_tag(&mut self, rec: &mut RawRecord, name: [u8; 2], pos: Pos) {
        if rec.tags.is_empty() {
            rec.start = pos;
            self.copy_header(rec);
        }
        let (n, b) = (rec.tags.len() + rec.header.len(), rec.arena.len());
        if self.over_limit(rec, n, b, pos) {
            return;
        }
        let value = match self.short {
            Some((a, b)) => rec.push_from(&self.buf[..self.hi], a, b),
            None => rec.push_text(&self.seg),
        };
        let value = drop_line_breaks(&mut rec.arena, value);
        rec.tags.push(RawTag::new(name, value, pos));
    }

    fn finish(&mut self, rec: &mut RawRecord) -> bool {
        if rec.tags.is_empty() && rec.header.is_empty() && rec.findings.is_empty() {
            return false;
        }
        if rec.start.line == 0 {
            rec.start = rec.findings.first().map_or(self.pos(), |f| f.pos);
        }
        rec.end_line = self.line;
        self.last = Last {
            tags: !rec.tags.is_empty(),
            has_board: self.board(rec),
            has_md: self.has_md,
            has_qx: self.has_qx,
        };
        self.records += 1;
        rec.index = self.records;
        for f in &mut rec.findings {
            f.record = rec.index;
        }
        true
    }
}

/// Whether tag `l` (lower case), after a tag of a record with or without a
/// tag that carries a board ([`carries_board`]), an `md` and a `qx`, starts the
/// next record: a `qx` after a tag that carries a board (the tags before
/// the first such tag, a teaching file's title and texts, join the record
/// the `qx` opens), or in a record without `qx` a `pn` or `md` after its
/// `md` (single-board files). (A `vg` starts one too, after any tag:
/// [`Reader::read_record`] tests it first.)
#[inline(always)]
fn starts_record(l: &[u8; 2], has_board: bool, has_md: bool, has_qx: bool) -> bool {
    (l == b"qx" && has_board) || (!has_qx && has_md && matches!(l, b"pn" | b"md"))
}

/// The last segment's text: in `buf` at `short` when the short path read
/// it, else in `seg` ([`Reader::text`]).
#[inline]
fn segment_text<'a>(buf: &'a [u8], short: Option<(usize, usize)>, seg: &'a [u8]) -> &'a [u8] {
    match short {
        Some((a, b)) => &buf[a..b],
        None => seg,
    }
}

/// The value at `span`, the last one in `arena`, without its line breaks:
/// they carry no meaning in LIN, inside a value as between pairs (real files
/// write `sv|o` and the `|` that ends it on the next line; lin-notes §1).
/// `arena` is cut to the value's new end.
fn drop_line_breaks(arena: &mut Vec<u8>, span: Span) -> Span {
    let (start, end) = (span.start as usize, span.end as usize);
    if memchr::memchr2(b'\n', b'\r', &arena[start..end]).is_none() {
        return span;
    }
    let mut kept = start;
    for i in start..end {
        let b = arena[i];
        if b != b'\n' && b != b'\r' {
            arena[kept] = b;
            kept += 1;
        }
    }
    arena.truncate(kept);
    Span {
        start: span.start,
        end: kept as u32,
    }
}

fn push(rec: &mut RawRecord, rule: crate::Rule, pos: Pos, msg: String) {
    rec.push_finding(Finding::of(rule, pos, msg));
}

mod resume;
pub(crate) use resume::{Carried, Handover};

#[cfg(test)]
mod tests;
