//! The reader's fast paths, each with the general path of `reader.rs` behind it:
//! the usual shapes of real files (a tag pair `[Name "value"]` alone on its
//! line, an auction or play line of words and spaces) read without the general
//! lexer's state machine, and, when such a line lies whole in the line reader's
//! buffer, without finding its end first. Each returns `None` without any
//! effect for anything else, which the general path then reads; the tests
//! compare both ways on the same text.

use std::io::Read;

use super::{
    CLASS, Inherit, Outcome, PBN_MAX_LINE, Parser, RawRecord, RawTag, RawToken, Reader, SPACE,
    STRING_STOP, Section, Span, State, TagKind, TokenKind, WORD, is_name_char, is_word_char,
};
use crate::Pos;
use crate::lines::{is_odd, odd_bytes};
use crate::notation::pbn::tag::{KNOWN_TAGS, NAME_WORDS};

impl<R: Read> Reader<R> {
    /// Reads the next line straight from the line reader's buffer when it is whole
    /// there and is, in the normal state, a plain tag line ([`scan_plain_tag`]),
    /// an auction or play line of words and spaces ([`Parser::direct_words`]) or
    /// a `*` alone in an auction or play section:
    /// what [`Parser::line`] does for such a line, without finding its end first.
    /// Plain tag lines in a row are read in one call, up to the first other
    /// line or the tag that starts a new record: real records open with a run of
    /// about fifteen tag lines before the auction, and the call's entry tests
    /// and the line count's update are then made once per run, not per line.
    /// `None`, having done nothing, for any other line.
    pub(super) fn direct_line(&mut self, rec: &mut RawRecord) -> Option<Outcome> {
        let p = &mut self.p;
        if !matches!(p.state, State::Normal) {
            return None;
        }
        let buf = self.lines.buffered();
        let number = self.lines.line_number() + 1;
        let (out, line_len) = match *buf.first()? {
            b'[' => {
                // Plain tag lines one after the other, while each is whole in
                // the buffer: `done` bytes and `lines` lines read.
                let (mut done, mut lines) = (0, 0);
                let out = loop {
                    let rest = &buf[done..];
                    if rest.first() != Some(&b'[') {
                        break Outcome::Continue;
                    }
                    let guess = p.next_kind[p.last_kind as usize];
                    let Some(t) = scan_plain_tag(rest, 0, true, guess) else {
                        break Outcome::Continue;
                    };
                    p.next_kind[p.last_kind as usize] = t.kind;
                    p.last_kind = t.kind;
                    let Some((text_len, line_len)) =
                        line_end_at(rest, t.close + 2).filter(|e| e.0 <= PBN_MAX_LINE)
                    else {
                        break Outcome::Continue;
                    };
                    let at = number + lines;
                    let out = match p.plain_tag_at(rec, &rest[..text_len], rest, 0, at, 0, t) {
                        // The tag ends the line.
                        Some(Ok(_)) => Outcome::Continue,
                        Some(Err(())) => Outcome::Split,
                        None => break Outcome::Continue,
                    };
                    rec.end_line = at;
                    done += line_len;
                    lines += 1;
                    if !matches!(out, Outcome::Continue) {
                        break out;
                    }
                };
                if lines == 0 {
                    return None;
                }
                // Each line's end was found at its last byte in `buf`.
                self.lines.take_found_lines(done, lines);
                return Some(out);
            }
            b if is_word_char(b) && matches!(p.section, Section::Auction | Section::Play) => {
                (Outcome::Continue, p.direct_words(rec, buf, number)?)
            }
            // `*` alone on its line, as most play sections end: the token
            // [`Parser::section_token`] makes of it.
            b'*' if matches!(p.section, Section::Auction | Section::Play) => {
                let (_, line_len) = line_end_at(buf, 1)?;
                p.push_token(rec, TokenKind::Star, b"*", Pos::new(number, 1));
                (Outcome::Continue, line_len)
            }
            _ => return None,
        };
        rec.end_line = number;
        // `line_end_at` found the line end at `line_len - 1` in `buf`.
        self.lines.take_found_lines(line_len, 1);
        Some(out)
    }
}

impl Parser {
    /// The fast path for a whole plain line (all printable ASCII, not cut) in the
    /// normal state that opens with `[` or, in an auction or play section, with a
    /// word: what [`Parser::line`] does for it without the checks that cannot
    /// apply. `None` (having done nothing) for any other line.
    #[inline]
    pub(super) fn plain_line(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        line: u64,
    ) -> Option<Outcome> {
        if text.len() > PBN_MAX_LINE || !matches!(self.state, State::Normal) {
            return None;
        }
        let &first = text.first()?;
        if first == b'[' {
            let out = match self.plain_tag(rec, text, 0, line, 0)? {
                Ok(j) if j == text.len() => Outcome::Continue,
                Ok(j) => self.tokens(rec, text, j, line, 0),
                Err(()) => Outcome::Split,
            };
            rec.end_line = line;
            return Some(out);
        }
        if is_word_char(first) && matches!(self.section, Section::Auction | Section::Play) {
            rec.end_line = line;
            return Some(self.tokens(rec, text, 0, line, 0));
        }
        None
    }

    /// The fast path for the usual tag line shape: `[Name "value"]` with one space
    /// between name and value, a value without backslash or tab and `]` right after
    /// the closing quote, at `text[i] == '['`, in the normal state. Does what the
    /// general path ([`Parser::tag`]) does for such a tag and returns its result; returns
    /// `None` without any effect for anything else, which the general path then reads.
    pub(super) fn plain_tag(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        line: u64,
        col0: u32,
    ) -> Option<Result<usize, ()>> {
        let t = scan_plain_tag(text, i, false, TagKind::Other)?;
        // Not by the fast path for tag lines ([`RawRecord::tags_alone`]).
        rec.tags_alone = false;
        self.plain_tag_at(rec, text, text, i, line, col0, t)
    }

    /// [`Parser::plain_tag`] once [`scan_plain_tag`] has found the tag's parts.
    /// `src` is `text` or the buffer `text` starts, from which the name and
    /// value are copied: bytes past the line let them be copied in one block.
    /// Inlined into [`Reader::direct_line`] with [`scan_plain_tag`] (one tag
    /// line, one body: big20 924.7M -> 877.5M instructions with the scan's
    /// word search inlined too).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn plain_tag_at(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        src: &[u8],
        i: usize,
        line: u64,
        col0: u32,
        t: PlainTag,
    ) -> Option<Result<usize, ()>> {
        let PlainTag {
            name_end,
            kind,
            close,
        } = t;
        let quote = name_end + 1;
        if self.is_over(rec, name_end - i - 1) {
            return None;
        }
        let at = |i: usize| Pos::new(line, col0 + i as u32 + 1);
        let pos = at(i);
        Self::mark_start(rec, pos);
        let value_text = &text[quote + 1..close];
        // A defined name is not copied (see [`RawTag::name`]).
        let name = match kind {
            TagKind::Other => rec.push_from(src, i + 1, name_end),
            _ => {
                let at = rec.arena.len() as u32;
                Span { start: at, end: at }
            }
        };
        // The first tag of a defined kind in the record, written or `#` where
        // allowed: what `complete_tag` and `push_tag` do for it, without their tests.
        let lean = match kind.index() {
            Some(k) if self.seen & BIT[k] == 0 && kind != TagKind::Note => match value_text {
                b"#" if !kind.no_inherit() => Some((k, Inherit::Hash)),
                [b'#', ..] => None,
                _ => Some((k, Inherit::Written)),
            },
            _ => None,
        };
        if let Some((k, inherit)) = lean {
            let value = if inherit == Inherit::Hash {
                // The last value of an earlier record (this one has none: the
                // kind is not seen).
                let start = rec.arena.len() as u32;
                self.touch_known(k);
                if self.known[k].set {
                    rec.arena.extend_from_slice(self.known_value(k));
                }
                Span {
                    start,
                    end: rec.arena.len() as u32,
                }
            } else {
                rec.push_from(src, quote + 1, close)
            };
            self.seen |= BIT[k];
            self.known[k].set = true;
            self.current |= BIT[k];
            self.current_at[k] = value;
            self.current_end = self.current_end.max(value.end);
            let first = rec.tokens.len() as u32;
            rec.tags.push(RawTag {
                name,
                kind,
                value,
                pos,
                value_pos: at(quote),
                tokens: first..first,
                inherit,
            });
            self.open_section(rec, kind);
            return Some(Ok(close + 2));
        }
        let value = rec.push_text(value_text);
        if self.complete_tag(rec, kind, name, value, pos, at(quote)) {
            self.pending.clear();
            self.pending.extend_from_slice(&text[close + 2..]);
            self.pending_pos = Some(at(close + 2));
            return Some(Err(()));
        }
        Some(Ok(close + 2))
    }

    /// The fast path for auction and play lines: lexes the words (calls and cards)
    /// of `text` as [`Parser::section_token`] would, while the line cannot reach a
    /// record limit. Returns the index of the first byte that is neither a blank
    /// nor part of a word (or `text.len()`), where the general lexer goes on.
    ///
    /// The text read here (words and the blanks between them) is copied into the
    /// arena once, and the words' spans point into that copy, as
    /// [`Parser::direct_words`] does for the same line.
    pub(super) fn section_words(
        &mut self,
        rec: &mut RawRecord,
        text: &[u8],
        line: u64,
        col0: u32,
    ) -> usize {
        let n = text.len();
        let Some(tag) = self.section_tag else {
            return 0;
        };
        if !self.line_fits(rec, n) {
            return 0;
        }
        rec.tokens.reserve(n / 2 + 1);
        let base = rec.arena.len();
        let mut i = 0;
        // The end of the last word on this line, if any.
        let mut after: Option<usize> = None;
        loop {
            while i < n && CLASS[text[i] as usize] & SPACE != 0 {
                i += 1;
            }
            if i == n || CLASS[text[i] as usize] & WORD == 0 {
                break;
            }
            let at = Pos::new(line, col0 + i as u32 + 1);
            if let Some(e) = after
                && (i - e != 1 || text[e] != b' ')
            {
                rec.section_gap.get_or_insert(at);
            }
            Self::mark_start(rec, at);
            i = Self::push_word(rec, text, i, n, line, col0, base);
            after = Some(i);
        }
        rec.push_run(text, i);
        rec.tags[tag].tokens.end = rec.tokens.len() as u32;
        i
    }

    /// Whether a line of `n` bytes can be read on a fast path without reaching a
    /// record limit (each word takes at least one byte of the line, so the limits
    /// hold for every word when they hold for the whole line).
    #[inline(always)]
    fn line_fits(&self, rec: &RawRecord, n: usize) -> bool {
        let l = &self.limits;
        rec.arena.len() + n <= l.max_record_bytes
            && rec.tokens.len() + n < l.max_tokens
            && rec.tags.len() < l.max_tags
    }

    /// Pushes the word that starts at `text[i]` (a word character) as a `Word`
    /// token at column `col0 + i + 1` whose text is at `base + i` in the arena
    /// (where the caller copies `text` once the line is read); returns the
    /// index after it. The caller marks the record's start.
    #[inline(always)]
    fn push_word(
        rec: &mut RawRecord,
        text: &[u8],
        i: usize,
        n: usize,
        line: u64,
        col0: u32,
        base: usize,
    ) -> usize {
        let mut end = i + 1;
        while end < n && CLASS[text[end] as usize] & WORD != 0 {
            end += 1;
        }
        rec.tokens
            .push(word_token(base + i, base + end, line, col0 + i as u32 + 1));
        end
    }

    /// Lexes an auction or play line of words separated by spaces at the start of
    /// `buf` (the line reader's buffer, `buf[0]` a word character), as
    /// [`Parser::section_words`] would, and returns the line's length with its
    /// line end. `None`, with the record as it was, when the line has another
    /// byte, is longer than PBN allows, does not end in `buf`, or could reach a
    /// record limit. Not inlined: inlined into [`Reader::direct_line`] it cost
    /// 10-16M instructions more on big20 (registers spilled on the tag path).
    #[inline(never)]
    fn direct_words(&mut self, rec: &mut RawRecord, buf: &[u8], line: u64) -> Option<usize> {
        let tag = self.section_tag?;
        // A longer line is not read here (it gets a line-length finding).
        let n = buf.len().min(PBN_MAX_LINE + 2);
        if !self.line_fits(rec, n) {
            return None;
        }
        let (base, tokens0, start0) = (rec.arena.len(), rec.tokens.len(), rec.start);
        // The record starts at the first word if not before.
        Self::mark_start(rec, Pos::new(line, 1));
        if let Some((text_len, line_len)) = four_pairs(buf) {
            let word = |i: usize| word_token(base + i, base + i + 2, line, i as u32 + 1);
            rec.tokens
                .extend_from_slice(&[word(0), word(3), word(6), word(9)]);
            rec.push_run(buf, text_len);
            rec.tags[tag].tokens.end = rec.tokens.len() as u32;
            return Some(line_len);
        }
        let mut i = 0;
        // The first word after more than one space, if any.
        let mut gap: Option<usize> = None;
        let ends = loop {
            i = Self::push_word(rec, buf, i, n, line, 0, base);
            let end = i;
            while i < n && buf[i] == b' ' {
                i += 1;
            }
            match buf.get(i) {
                Some(&b) if i < n && CLASS[b as usize] & WORD != 0 => {
                    if i - end != 1 && gap.is_none() {
                        gap = Some(i);
                    }
                }
                _ if i < n => break line_end_at(buf, i).filter(|e| e.0 <= PBN_MAX_LINE),
                _ => break None,
            }
        };
        let Some((text_len, line_len)) = ends else {
            rec.tokens.truncate(tokens0);
            rec.start = start0;
            return None;
        };
        if let Some(g) = gap {
            rec.section_gap.get_or_insert(Pos::new(line, g as u32 + 1));
        }
        rec.push_run(buf, text_len);
        rec.tags[tag].tokens.end = rec.tokens.len() as u32;
        Some(line_len)
    }
}

/// A `Word` token whose text is `start..end` in the arena, at column `col`.
#[inline(always)]
fn word_token(start: usize, end: usize, line: u64, col: u32) -> RawToken {
    RawToken {
        kind: TokenKind::Word,
        text: Span {
            start: start as u32,
            end: end as u32,
        },
        pos: Pos::new(line, col),
    }
}

/// The line at the start of `buf` when it is four words of two bytes, one space
/// apart, and perhaps a space after them: `SA HK D2 C3`, as most play lines
/// and many auction lines are written. Its text length and its length with
/// the line end; `None` for any other line, or when `buf` ends within 14
/// bytes. A few fixed tests instead of a loop over each word and its blanks
/// ([`Parser::direct_words`]). Inlined there: when an unrelated change let
/// the compiler call it instead, big20 took 8.3M instructions more.
#[inline(always)]
fn four_pairs(buf: &[u8]) -> Option<(usize, usize)> {
    let b: &[u8; 14] = buf.get(..14)?.try_into().ok()?;
    let word = |i: usize| CLASS[b[i] as usize] & WORD;
    let words = word(0) & word(1) & word(3) & word(4) & word(6) & word(7) & word(9) & word(10);
    if words == 0 || b[2] != b' ' || b[5] != b' ' || b[8] != b' ' {
        return None;
    }
    let text_len = if b[11] == b' ' { 12 } else { 11 };
    line_end_at(b, text_len)
}

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of every zero byte of `w`; borrows can mark bytes above a marked
/// one too, so only the lowest mark is exact.
fn zero_bytes(w: u64) -> u64 {
    w.wrapping_sub(ONES) & !w & (ONES * 0x80)
}

/// The index of the first byte of `text[i..]` that `stop` accepts, or `text.len()`:
/// eight bytes at a time while they last (`stops` marks, as [`zero_bytes`] does,
/// the bytes of a word that `stop` accepts), then one at a time.
#[inline(always)]
fn find_in_words(
    text: &[u8],
    mut i: usize,
    stops: impl Fn(u64) -> u64,
    stop: impl Fn(u8) -> bool,
) -> usize {
    while i + 8 <= text.len() {
        let w = u64::from_le_bytes(text[i..i + 8].try_into().unwrap_or([0; 8]));
        let m = stops(w);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < text.len() && !stop(text[i]) {
        i += 1;
    }
    i
}

/// `1 << i` for every defined tag's index (one load instead of a 128-bit shift).
static BIT: [u128; KNOWN_TAGS] = {
    let mut t = [0; KNOWN_TAGS];
    let mut i = 0;
    while i < KNOWN_TAGS {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// Where the parts of a tag pair written `[Name "value"]` are (see
/// [`scan_plain_tag`]).
#[derive(Copy, Clone)]
struct PlainTag {
    /// Index of the space after the name.
    name_end: usize,
    kind: TagKind,
    /// Index of the closing quote, which `]` follows.
    close: usize,
}

/// Finds `[Name "value"]` at `text[i] == '['`: one space between name and value,
/// no backslash or tab in the value, `]` right after the closing quote; with
/// `printable`, the value must also be printable ASCII. `None` for anything else.
/// The name is first compared with `guess`'s ([`guessed_name`]; the same
/// result either way, sooner when the guess is right).
#[inline(always)]
fn scan_plain_tag(text: &[u8], i: usize, printable: bool, guess: TagKind) -> Option<PlainTag> {
    let (name_end, kind) = match guessed_name(text, i, guess) {
        Some(end) => (end, guess),
        None => {
            // The name ends at the first space (or other byte than printable
            // ASCII); a defined name is all name characters, another one is
            // checked.
            let name_end = find_in_words(
                text,
                i + 1,
                |w| zero_bytes(w ^ (ONES * 0x20)) | odd_bytes(w),
                |b| b == b' ' || is_odd(b),
            );
            if name_end == i + 1 || text.get(name_end..name_end + 2) != Some(&b" \""[..]) {
                return None;
            }
            let name_text = &text[i + 1..name_end];
            let kind = TagKind::of(name_text);
            // A defined name in another case is left to the general path,
            // which reads it as that tag and says so.
            if kind == TagKind::Other
                && (!name_text.iter().all(|&b| is_name_char(b))
                    || TagKind::of_any_case(name_text) != TagKind::Other)
            {
                return None;
            }
            (name_end, kind)
        }
    };
    let quote = name_end + 1;
    let quote_or_backslash = |w: u64| zero_bytes(w ^ (ONES * 0x22)) | zero_bytes(w ^ (ONES * 0x5c));
    let close = if printable {
        find_in_words(
            text,
            quote + 1,
            |w| quote_or_backslash(w) | odd_bytes(w),
            |b| b == b'"' || b == b'\\' || is_odd(b),
        )
    } else {
        find_in_words(
            text,
            quote + 1,
            |w| quote_or_backslash(w) | zero_bytes(w ^ (ONES * 0x09)),
            |b| CLASS[b as usize] & STRING_STOP != 0,
        )
    };
    if text.get(close..close + 2) != Some(&b"\"]"[..]) {
        return None;
    }
    Some(PlainTag {
        name_end,
        kind,
        close,
    })
}

/// Where the name at `text[i + 1..]` ends when it is `guess`'s name followed by
/// ` "`: two masked word comparisons instead of a search for its end and a
/// hash of it. `None` when it is not, or when `text` has no 16 bytes there.
#[inline(always)]
fn guessed_name(text: &[u8], i: usize, guess: TagKind) -> Option<usize> {
    let g = &NAME_WORDS[guess as usize];
    let word = |k: usize| u64::from_le_bytes(text[k..k + 8].try_into().unwrap_or([0; 8]));
    let end = i + 1 + usize::from(g.len);
    (i + 17 <= text.len()
        && word(i + 1) & g.masks[0] == g.words[0]
        && word(i + 9) & g.masks[1] == g.words[1]
        && text.get(end..end + 2) == Some(&b" \""[..]))
    .then_some(end)
}

/// The line end at `buf[k]` (`\n` or `\r\n`): the line's text length and its
/// length with the line end, or `None` when no line end is there.
fn line_end_at(buf: &[u8], k: usize) -> Option<(usize, usize)> {
    match (buf.get(k), buf.get(k + 1)) {
        (Some(b'\n'), _) => Some((k, k + 1)),
        (Some(b'\r'), Some(b'\n')) => Some((k, k + 2)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pbn::tag::ALL;

    /// What [`scan_plain_tag`] finds, comparable.
    fn scan(text: &[u8], printable: bool, guess: TagKind) -> Option<(usize, TagKind, usize)> {
        scan_plain_tag(text, 0, printable, guess).map(|t| (t.name_end, t.kind, t.close))
    }

    #[test]
    fn a_guessed_name_reads_like_a_searched_one() {
        // Every defined name, and names that differ from one in a byte, a case,
        // a byte more or less, each followed by a value and by other bytes, read
        // with every kind as the guess: the same as with no guess. A name ends
        // at the space before the value's quote, also where fewer than 16 bytes
        // follow it.
        let mut names: Vec<Vec<u8>> = Vec::new();
        for kind in ALL {
            let name = kind.name().unwrap().as_bytes().to_vec();
            names.push(name.clone());
            names.push(name[..name.len() - 1].to_vec());
            names.push([&name[..], b"x"].concat());
            names.push([&name[..], b"\0"].concat());
            names.push(name.to_ascii_lowercase());
            let mut changed = name.clone();
            changed[name.len() / 2] ^= 0x01;
            names.push(changed);
        }
        let (mut found, mut guessed) = (0, 0);
        for name in &names {
            let tails: [&[u8]; 5] = [
                b" \"v\"]\n[Board \"1\"]\n",
                b" \"v\"]",
                b"\"v\"]\n              ",
                b"  \"v\"]\n              ",
                b" v\"]\n               ",
            ];
            for tail in tails {
                let text = [&b"["[..], name, tail].concat();
                let want = scan(&text, true, TagKind::Other);
                found += usize::from(want.is_some());
                for guess in ALL.iter().copied().chain([TagKind::Other]) {
                    let got = scan(&text, true, guess);
                    assert_eq!(
                        got,
                        want,
                        "{:?} guess {guess:?}",
                        String::from_utf8_lossy(&text)
                    );
                    guessed +=
                        usize::from(got.is_some_and(|g| g.1 == guess && guess != TagKind::Other));
                }
            }
        }
        // Each defined name read with its own guess, where 16 bytes follow it.
        assert!(guessed >= ALL.len(), "{guessed} guessed");
        assert!(found > 2 * ALL.len(), "{found} found");
    }
}
