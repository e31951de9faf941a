//! A streaming line splitter over any [`Read`], with one fixed buffer.
//!
//! Lines end at `\n`; one `\r` before it is dropped, so LF and CRLF files read the
//! same. A UTF-8 byte-order mark at the start of the input is skipped. Memory is
//! bounded: a line longer than the limit is cut at the limit and the rest of it is
//! skipped (and counted) without being stored, so a 100 MB line costs no more
//! memory than a short one.

use std::io::{self, ErrorKind, Read};

use super::spare;

/// Default longest line kept, in bytes. PBN allows 255; real files rarely pass 1 KB.
pub const DEFAULT_MAX_LINE: usize = 64 * 1024;

/// One line of input, borrowed from the reader's buffer.
///
/// ```
/// use kibitz::lines::LineReader;
/// let mut r = LineReader::new("a\r\nbc".as_bytes());
/// let l = r.next_line().unwrap().unwrap();
/// assert_eq!((l.text, l.number, l.dropped), (&b"a"[..], 1, 0));
/// ```
#[derive(Debug)]
pub struct Line<'a> {
    /// The text without its line end (cut at the limit when too long).
    pub text: &'a [u8],
    /// 1-based line number.
    pub number: u64,
    /// Bytes of this line that were beyond the limit and skipped.
    pub dropped: u64,
    /// Whether every byte of `text` is printable ASCII (0x20..=0x7E), found
    /// while looking for the line end (`false` for a cut line).
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let mut r = LineReader::new(&b"[Deal \"N:\"]\r\n1C\tPass\n\xE9t\xE9\n"[..]);
    /// assert!(r.next_line().unwrap().unwrap().plain);
    /// assert!(!r.next_line().unwrap().unwrap().plain);
    /// assert!(!r.next_line().unwrap().unwrap().plain);
    /// ```
    pub plain: bool,
}

/// Splits a byte stream into lines with one fixed-size buffer.
///
/// ```
/// use kibitz::lines::LineReader;
/// let mut r = LineReader::new("one\ntwo\n".as_bytes());
/// let mut seen = Vec::new();
/// while let Some(line) = r.next_line().unwrap() {
///     seen.push(String::from_utf8_lossy(line.text).into_owned());
/// }
/// assert_eq!(seen, ["one", "two"]);
/// ```
pub struct LineReader<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    line: u64,
    eof: bool,
    bom_checked: bool,
    bytes: u64,
    spill: Vec<u8>,
}

impl<R> Drop for LineReader<R> {
    /// Leaves the buffer to the next reader made on this thread.
    fn drop(&mut self) {
        spare::give(std::mem::take(&mut self.buf));
    }
}

impl<R: Read> LineReader<R> {
    /// A reader keeping lines up to [`DEFAULT_MAX_LINE`] bytes.
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let r = LineReader::new(&b""[..]);
    /// assert_eq!(r.line_number(), 0);
    /// ```
    pub fn new(inner: R) -> LineReader<R> {
        LineReader::with_max_line(inner, DEFAULT_MAX_LINE)
    }

    /// A reader keeping lines up to `max_line` bytes (at least 16).
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let mut r = LineReader::with_max_line(&b"0123456789abcdefXYZ\nok"[..], 16);
    /// let l = r.next_line().unwrap().unwrap();
    /// assert_eq!((l.text.len(), l.dropped), (16, 3));
    /// assert_eq!(r.next_line().unwrap().unwrap().text, b"ok");
    /// ```
    pub fn with_max_line(inner: R, max_line: usize) -> LineReader<R> {
        let cap = max_line.max(16) + 1;
        LineReader {
            inner,
            // The limit is the buffer's length, so only one of `cap` bytes
            // will do. What it holds is never read: `start..end` is empty.
            buf: spare::take(cap, false),
            start: 0,
            end: 0,
            line: 0,
            eof: false,
            bom_checked: false,
            bytes: 0,
            spill: Vec::new(),
        }
    }

    /// The reader taken to start after line `line` of an input, not at its
    /// start: no byte order mark is looked for.
    pub(crate) fn start_after(&mut self, line: u64) {
        self.line = line;
        self.bom_checked = true;
    }

    /// Number of the last line returned (0 before the first).
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let mut r = LineReader::new(&b"x\ny"[..]);
    /// r.next_line().unwrap();
    /// assert_eq!(r.line_number(), 1);
    /// ```
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// The unread input in the buffer, from the start of the next line (empty
    /// before the first line is read): a caller may read the next line from it
    /// when it is whole there, then [`LineReader::take_line`] it.
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let mut r = LineReader::new(&b"a\nb\nc"[..]);
    /// r.next_line().unwrap();
    /// assert_eq!(r.buffered(), b"b\nc");
    /// r.take_line(2);
    /// assert_eq!(r.line_number(), 2);
    /// let l = r.next_line().unwrap().unwrap();
    /// assert_eq!((l.text, l.number), (&b"c"[..], 3));
    /// ```
    pub fn buffered(&self) -> &[u8] {
        if self.bom_checked {
            &self.buf[self.start..self.end]
        } else {
            &[]
        }
    }

    /// Counts the first `len` bytes of [`LineReader::buffered`], which the caller
    /// has read as a line and which end with its `\n`, as the next line.
    ///
    /// # Panics
    ///
    /// If those bytes are not in the buffer or do not end with `\n`.
    pub fn take_line(&mut self, len: usize) {
        assert!(
            self.start + len <= self.end && self.buf[self.start + len - 1] == b'\n',
            "take_line: not a whole buffered line"
        );
        self.start += len;
        self.line += 1;
    }

    /// [`LineReader::take_line`] for a caller that has just found the `\n` at
    /// `len - 1` in [`LineReader::buffered`] itself (the PBN reader's fast
    /// paths): `lines` whole lines of `len` bytes in all, the last ending with
    /// its `\n`. Checked in debug builds only.
    #[inline(always)]
    pub(crate) fn take_found_lines(&mut self, len: usize, lines: u64) {
        debug_assert!(
            self.start + len <= self.end && self.buf[self.start + len - 1] == b'\n',
            "take_found_lines: not whole buffered lines"
        );
        self.start += len;
        self.line += lines;
    }

    /// Bytes read from the input so far.
    ///
    /// ```
    /// use kibitz::lines::LineReader;
    /// let mut r = LineReader::new(&b"abc\n"[..]);
    /// while r.next_line().unwrap().is_some() {}
    /// assert_eq!(r.bytes_read(), 4);
    /// ```
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    fn fill(&mut self) -> io::Result<usize> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    self.bytes += n as u64;
                    if n == 0 {
                        self.eof = true;
                    }
                    return Ok(n);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Skips the rest of an over-long line; returns how many bytes were skipped.
    fn skip_rest_of_line(&mut self) -> io::Result<u64> {
        let mut skipped = 0;
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[self.start..self.end]) {
                skipped += i as u64;
                self.start += i + 1;
                return Ok(skipped);
            }
            skipped += (self.end - self.start) as u64;
            self.start = 0;
            self.end = 0;
            if self.eof || self.fill()? == 0 {
                return Ok(skipped);
            }
        }
    }

    /// The next line, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Passes on read errors of the underlying reader.
    #[inline]
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        if !self.bom_checked {
            while self.end < 3 && !self.eof {
                self.fill()?;
            }
            if self.buf[..self.end].starts_with(b"\xEF\xBB\xBF") {
                self.start = 3;
            }
            self.bom_checked = true;
        }
        // Bytes of the line looked at so far, and whether they were all plain.
        let mut scanned = 0;
        let mut plain = true;
        loop {
            let from = self.start + scanned;
            let found = if plain {
                match find_line_end(&self.buf[..self.end], from) {
                    End::Plain(j) => Some(j),
                    End::Odd(j) => {
                        plain = false;
                        memchr::memchr(b'\n', &self.buf[j..self.end]).map(|k| j + k)
                    }
                    End::NotYet(j) => {
                        scanned = j - self.start;
                        None
                    }
                }
            } else {
                memchr::memchr(b'\n', &self.buf[from..self.end]).map(|k| from + k)
            };
            if let Some(line_end) = found {
                let s = self.start;
                self.start = line_end + 1;
                self.line += 1;
                return Ok(Some(Line {
                    text: strip_cr(&self.buf[s..line_end]),
                    number: self.line,
                    dropped: 0,
                    plain,
                }));
            }
            if !plain {
                scanned = self.end - self.start;
            }
            let limit = self.buf.len() - 1;
            // Too long only when the full buffer holds no line end: a line of
            // exactly `limit` bytes is whole, however the input was read.
            if self.end - self.start > limit {
                // Too long: keep `limit` bytes aside, skip to the end of the line.
                self.spill.clear();
                self.spill
                    .extend_from_slice(&self.buf[self.start..self.start + limit]);
                self.start += limit;
                let dropped = self.skip_rest_of_line()?;
                self.line += 1;
                return Ok(Some(Line {
                    text: strip_cr(&self.spill),
                    number: self.line,
                    dropped,
                    plain: false,
                }));
            }
            if self.eof || self.fill()? == 0 {
                if self.end == self.start {
                    return Ok(None);
                }
                let s = self.start;
                self.start = self.end;
                self.line += 1;
                // What was not scanned is at most a `\r`, which `strip_cr` drops.
                return Ok(Some(Line {
                    text: strip_cr(&self.buf[s..self.end]),
                    number: self.line,
                    dropped: 0,
                    plain,
                }));
            }
            // `fill` moved the unread data to the front of the buffer.
        }
    }
}

/// What [`find_line_end`] found.
enum End {
    /// The `\n` ending a line whose bytes were all plain.
    Plain(usize),
    /// A byte that is not plain (nor a line end) at this index.
    Odd(usize),
    /// The data ends before the line: scanning resumes at this index.
    NotYet(usize),
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `w` below 0x20 or above 0x7E. Borrows and carries
/// can mark bytes above a marked one too, so only the lowest mark is exact.
pub(crate) fn odd_bytes(w: u64) -> u64 {
    let below = w.wrapping_sub(ONES * 0x20) & !w;
    let above = w.wrapping_add(ONES) | w;
    (below | above) & HIGHS
}

/// Whether `b` is outside printable ASCII (0x20..=0x7E).
pub(crate) fn is_odd(b: u8) -> bool {
    !(0x20..=0x7e).contains(&b)
}

/// Looks for the end of the line in `buf[from..]`: eight bytes at a time, it stops
/// only at bytes outside printable ASCII (a `\r` before the `\n` is part of the
/// line end).
fn find_line_end(buf: &[u8], mut i: usize) -> End {
    while i + 8 <= buf.len() {
        let w = u64::from_le_bytes(buf[i..i + 8].try_into().unwrap_or([0; 8]));
        let m = odd_bytes(w);
        if m != 0 {
            i += (m.trailing_zeros() / 8) as usize;
            break;
        }
        i += 8;
    }
    while i < buf.len() && !is_odd(buf[i]) {
        i += 1;
    }
    match (buf.get(i), buf.get(i + 1)) {
        (None, _) => End::NotYet(i),
        (Some(b'\n'), _) => End::Plain(i),
        (Some(b'\r'), Some(b'\n')) => End::Plain(i + 1),
        (Some(b'\r'), None) => End::NotYet(i),
        _ => End::Odd(i),
    }
}

fn strip_cr(s: &[u8]) -> &[u8] {
    s.strip_suffix(b"\r").unwrap_or(s)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::fuzzing::all_lines;

    /// A reader that hands out at most `n` bytes per call (shared with the PBN
    /// reader's tests).
    pub(crate) struct Trickle<'a>(pub(crate) &'a [u8], pub(crate) usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(out.len()).min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn collect(input: &[u8], chunk: usize, max: usize) -> Vec<(Vec<u8>, u64, u64)> {
        let mut r = LineReader::with_max_line(Trickle(input, chunk), max);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push((l.text.to_vec(), l.number, l.dropped));
        }
        out
    }

    #[test]
    fn take_found_lines_counts_buffered_lines_like_take_line() {
        let text = b"x\nab\r\ncd\nlast";
        let mut a = LineReader::new(&text[..]);
        let mut b = LineReader::new(&text[..]);
        let mut c = LineReader::new(&text[..]);
        for r in [&mut a, &mut b, &mut c] {
            r.next_line().unwrap();
        }
        assert_eq!(a.buffered(), b"ab\r\ncd\nlast");
        a.take_line(4);
        b.take_found_lines(4, 1);
        a.take_line(3);
        b.take_found_lines(3, 1);
        // Both lines at once.
        c.take_found_lines(7, 2);
        for r in [&a, &b, &c] {
            assert_eq!((r.buffered(), r.line_number()), (&b"last"[..], 3));
        }
        let l = c.next_line().unwrap().unwrap();
        assert_eq!((l.text, l.number), (&b"last"[..], 4));
    }

    #[test]
    fn crlf_lf_and_last_line_without_newline() {
        let v = collect(b"a\r\n\r\nb\nc", 1, 64);
        let texts: Vec<&[u8]> = v.iter().map(|x| &x.0[..]).collect();
        assert_eq!(texts, [&b"a"[..], b"", b"b", b"c"]);
        assert_eq!(v[3].1, 4);
    }

    #[test]
    fn bom_is_skipped() {
        let v = collect(b"\xEF\xBB\xBF[Event \"x\"]\n", 2, 64);
        assert_eq!(v[0].0, b"[Event \"x\"]");
    }

    #[test]
    fn long_line_is_cut_and_counted_whatever_the_chunk_size() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nnext\n");
        for chunk in [1, 7, 16, 17, 100, 4096] {
            let v = collect(&input, chunk, 32);
            assert_eq!(v.len(), 2, "chunk {chunk}");
            assert_eq!(v[0].0.len(), 32);
            assert_eq!(v[0].2, 1000 - 32, "chunk {chunk}");
            assert_eq!(v[1].0, b"next");
            assert_eq!(v[1].1, 2);
        }
    }

    #[test]
    fn chunking_does_not_change_lines() {
        let input = b"[Event \"a\"]\r\n1C Pass\r\n\r\n[Board \"2\"]\n";
        let whole = collect(input, input.len(), 64);
        for chunk in 1..input.len() {
            assert_eq!(collect(input, chunk, 64), whole, "chunk {chunk}");
        }
    }

    #[test]
    fn plain_flag_whatever_the_chunk_size() {
        // Printable lines (LF, CRLF, long enough for whole words, and a last line
        // without a line end) are plain; a tab, a lone CR, a Latin-1 byte or a
        // control byte anywhere make a line not plain.
        let input = b"[Event \"Eight bytes and more\"]\r\nab\ta\nx\ry\n\xE9\n0123456789abcdef\x01\r\n\r\nlast\r";
        let want = [
            (&b"[Event \"Eight bytes and more\"]"[..], true),
            (b"ab\ta", false),
            (b"x\ry", false),
            (b"\xE9", false),
            (b"0123456789abcdef\x01", false),
            (b"", true),
            (b"last", true),
        ];
        for chunk in 1..input.len() + 1 {
            let mut r = LineReader::with_max_line(Trickle(input, chunk), 64);
            let mut got = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                got.push((l.text.to_vec(), l.plain));
            }
            let want: Vec<(Vec<u8>, bool)> = want.iter().map(|(t, p)| (t.to_vec(), *p)).collect();
            assert_eq!(got, want, "chunk {chunk}");
        }
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_whole_whatever_the_chunk_size() {
        let input = b"0123456789abcdef\n0123456789abcdef\r\nx";
        for chunk in 1..=input.len() {
            let lines = all_lines(LineReader::with_max_line(Trickle(input, chunk), 16));
            let whole = |t: &[u8], n, d| (t.to_vec(), n, d, d == 0);
            // With CRLF the `\r` is the seventeenth byte: cut off and counted.
            let want = [
                whole(b"0123456789abcdef", 1, 0),
                (b"0123456789abcdef".to_vec(), 2, 1, false),
                whole(b"x", 3, 0),
            ];
            assert_eq!(lines, want, "chunk {chunk}");
        }
    }

    #[test]
    fn cut_lines_are_not_plain() {
        let mut input = vec![b'x'; 40];
        input.push(b'\n');
        let mut r = LineReader::with_max_line(&input[..], 16);
        let l = r.next_line().unwrap().unwrap();
        assert_eq!((l.dropped, l.plain), (24, false));
    }

    #[test]
    fn a_reused_buffer_reads_as_a_new_one() {
        let read = |max: usize| {
            let input = b"ab\r\n0123456789abcdefXYZ\nlast";
            let mut r = LineReader::with_max_line(&input[..], max);
            let mut lines = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                lines.push((l.text.to_vec(), l.dropped));
            }
            lines
        };
        let want: [(&[u8], u64); 3] = [(b"ab", 0), (b"0123456789abcdef", 3), (b"last", 0)];
        let want = want.map(|(t, d)| (t.to_vec(), d)).to_vec();
        // After a reader of the same limit left its buffer full of other
        // bytes, and after one of another limit.
        for max in [16, 40] {
            let mut old =
                LineReader::with_max_line(&b"[Old \"x\"]\nzzzzzzzzzzzzzzzzzzzzzzzz"[..], max);
            while old.next_line().unwrap().is_some() {}
            drop(old);
            assert_eq!(read(16), want);
        }
        assert_eq!(read(16), want);
    }
}
