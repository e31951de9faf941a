//! The streaming PPN text reader: bytes in, one classified line at a time out.
//!
//! Works over one fixed buffer ([`LineReader`]); a line longer than the limit is
//! skipped whole. Nothing is allocated per line: items borrow the buffer, and a
//! deal's field boundaries live in an inline vector.
//!
//! Whitespace around a line is ignored (the spec's own example is indented).

use std::io::{self, Read};

use smallvec::SmallVec;

use crate::Pos;
use crate::lines::{DEFAULT_MAX_LINE, LineReader};

/// A tag pair as written: `[Name value]` or `[Name "value"]`.
///
/// ```
/// use kibitz::ppn::{Item, TextReader};
/// let mut r = TextReader::new(&b"[Name1 \"Ana B\"]"[..]);
/// let Some(Item::Tag(t)) = r.next_item().unwrap() else { panic!() };
/// assert_eq!((t.value, t.quoted), (&b"Ana B"[..], true));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    /// Tag name.
    pub name: &'a [u8],
    /// Value without quotes (escapes, if any, left as written).
    pub value: &'a [u8],
    /// Whether the value was quoted.
    pub quoted: bool,
    /// Position of the `[`.
    pub pos: Pos,
    /// Position of the value.
    pub value_pos: Pos,
}

/// Most fields a deal line may have before the rest are only counted.
///
/// ```
/// assert!(kibitz::ppn::MAX_FIELDS > 14);
/// ```
pub const MAX_FIELDS: usize = 16;

/// A deal line as written: the text between `[` and `]` and where each
/// space-separated field starts and ends.
///
/// ```
/// use kibitz::ppn::{Item, TextReader};
/// let mut r = TextReader::new(&b"[2 312 x P,P,P]"[..]);
/// let Some(Item::Deal(d)) = r.next_item().unwrap() else { panic!() };
/// assert_eq!((d.count, d.field(3)), (4, &b"P,P,P"[..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawDeal<'a> {
    /// Text between the brackets.
    pub text: &'a [u8],
    /// Line number.
    pub line: u64,
    /// Column of the first byte of `text`.
    pub col: u32,
    /// Field boundaries in `text` (at most [`MAX_FIELDS`]).
    pub spans: SmallVec<[(u32, u32); MAX_FIELDS]>,
    /// Number of fields (may exceed the spans kept).
    pub count: usize,
    /// Whether the line ends with `]`.
    pub closed: bool,
}

impl<'a> RawDeal<'a> {
    /// Splits `text` (the line without `[`) into fields at single spaces.
    fn new(text: &'a [u8], line: u64, col: u32, closed: bool) -> RawDeal<'a> {
        let mut spans = SmallVec::new();
        let mut count = 0;
        let mut start = 0;
        for i in 0..=text.len() {
            if i == text.len() || text[i] == b' ' {
                if spans.len() < MAX_FIELDS {
                    spans.push((start as u32, i as u32));
                }
                count += 1;
                start = i + 1;
            }
        }
        RawDeal {
            text,
            line,
            col,
            spans,
            count,
            closed,
        }
    }

    /// Field `i` as written.
    ///
    /// ```
    /// use kibitz::ppn::{Item, TextReader};
    /// let mut r = TextReader::new(&b"[1 2]"[..]);
    /// let Some(Item::Deal(d)) = r.next_item().unwrap() else { panic!() };
    /// assert_eq!(d.field(5), b"");
    /// ```
    pub fn field(&self, i: usize) -> &'a [u8] {
        self.spans
            .get(i)
            .map_or(&[][..], |&(s, e)| &self.text[s as usize..e as usize])
    }

    /// Where field `i` starts.
    ///
    /// ```
    /// use kibitz::ppn::{Item, TextReader};
    /// let mut r = TextReader::new(&b"[12 231]"[..]);
    /// let Some(Item::Deal(d)) = r.next_item().unwrap() else { panic!() };
    /// assert_eq!(d.pos(1), kibitz::Pos::new(1, 5));
    /// ```
    pub fn pos(&self, i: usize) -> Pos {
        let off = self.spans.get(i).map_or(0, |s| s.0);
        Pos::new(self.line, self.col + off)
    }
}

/// One line of a PPN text file, classified.
///
/// ```
/// use kibitz::ppn::{Item, TextReader};
/// let mut r = TextReader::new(&b"   \nhello"[..]);
/// assert_eq!(r.next_item().unwrap(), Some(Item::Blank));
/// assert!(matches!(r.next_item().unwrap(), Some(Item::Other { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// An empty line (or only whitespace).
    Blank,
    /// A tag pair.
    Tag(RawTag<'a>),
    /// A malformed tag pair.
    BadTag {
        /// Position of the `[`.
        pos: Pos,
        /// What is wrong.
        why: &'static str,
    },
    /// A deal: `[` and a digit.
    Deal(RawDeal<'a>),
    /// Anything else.
    Other {
        /// The line, trimmed.
        text: &'a [u8],
        /// Where it starts.
        pos: Pos,
    },
    /// A line over the length limit, skipped.
    TooLong {
        /// Where it starts.
        pos: Pos,
        /// Its length.
        len: u64,
    },
}

/// Reads PPN text line by line.
///
/// ```
/// use kibitz::ppn::{Item, TextReader};
/// let text = "[Bula 60]\n\n[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n...\n";
/// let mut r = TextReader::new(text.as_bytes());
/// assert!(matches!(r.next_item().unwrap(), Some(Item::Tag(t)) if t.value == b"60"));
/// assert_eq!(r.next_item().unwrap(), Some(Item::Blank));
/// assert!(matches!(r.next_item().unwrap(), Some(Item::Deal(d)) if d.count == 4));
/// assert!(matches!(r.next_item().unwrap(), Some(Item::Other { .. })));
/// assert_eq!(r.next_item().unwrap(), None);
/// ```
pub struct TextReader<R> {
    lines: LineReader<R>,
}

impl<R: Read> TextReader<R> {
    /// A reader with the default line limit.
    ///
    /// ```
    /// use kibitz::ppn::TextReader;
    /// let mut r = TextReader::new(&b""[..]);
    /// assert_eq!(r.next_item().unwrap(), None);
    /// ```
    pub fn new(inner: R) -> TextReader<R> {
        TextReader::with_max_line(inner, DEFAULT_MAX_LINE)
    }

    /// A reader keeping lines up to `max_line` bytes.
    ///
    /// ```
    /// use kibitz::ppn::{Item, TextReader};
    /// let long = format!("[Bula {}]\n", "6".repeat(100));
    /// let mut r = TextReader::with_max_line(long.as_bytes(), 32);
    /// assert!(matches!(r.next_item().unwrap(), Some(Item::TooLong { .. })));
    /// ```
    pub fn with_max_line(inner: R, max_line: usize) -> TextReader<R> {
        TextReader {
            lines: LineReader::with_max_line(inner, max_line),
        }
    }

    /// Numbers the lines after `line`, for an input that is the text of a
    /// file after its first `line` lines (a piece of it; no byte-order mark
    /// is looked for).
    pub(crate) fn start_after(&mut self, line: u64) {
        self.lines.start_after(line);
    }

    /// Bytes read so far.
    ///
    /// ```
    /// use kibitz::ppn::TextReader;
    /// let mut r = TextReader::new(&b"[Bula 60]\n"[..]);
    /// while r.next_item().unwrap().is_some() {}
    /// assert_eq!(r.bytes_read(), 10);
    /// ```
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// The next line, classified; `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Read errors of the input.
    ///
    /// ```
    /// use kibitz::ppn::{Item, TextReader};
    /// let mut r = TextReader::new(&b"[Bula 60"[..]);
    /// assert!(matches!(r.next_item().unwrap(), Some(Item::BadTag { .. })));
    /// ```
    pub fn next_item(&mut self) -> io::Result<Option<Item<'_>>> {
        let Some(line) = self.lines.next_line()? else {
            return Ok(None);
        };
        let n = line.number;
        if line.dropped > 0 {
            return Ok(Some(Item::TooLong {
                pos: Pos::new(n, 1),
                len: line.text.len() as u64 + line.dropped,
            }));
        }
        Ok(Some(classify(line.text, n)))
    }
}

fn classify(raw: &[u8], n: u64) -> Item<'_> {
    let lead = raw.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let t = raw[lead..].trim_ascii_end();
    let col = lead as u32 + 1;
    let pos = Pos::new(n, col);
    match t {
        [] => Item::Blank,
        [b'[', d, ..] if d.is_ascii_digit() => {
            let closed = t.ends_with(b"]") && t.len() >= 2;
            let inner = if closed { &t[1..t.len() - 1] } else { &t[1..] };
            Item::Deal(RawDeal::new(inner, n, col + 1, closed))
        }
        [b'[', ..] => tag(t, n, col),
        _ => Item::Other { text: t, pos },
    }
}

fn tag(t: &[u8], n: u64, col: u32) -> Item<'_> {
    let pos = Pos::new(n, col);
    let bad = |why| Item::BadTag { pos, why };
    if !t.ends_with(b"]") || t.len() < 2 {
        return bad("a tag pair ends with `]`");
    }
    let inner = &t[1..t.len() - 1];
    let name_len = inner
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if name_len == 0 || !inner[0].is_ascii_alphabetic() {
        return bad("a tag name starts with a letter");
    }
    let name = &inner[..name_len];
    let rest = &inner[name_len..];
    if !rest.is_empty() && !rest[0].is_ascii_whitespace() {
        return bad("the tag name is followed by a space and the value");
    }
    let skip = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let value_col = col + 1 + (name_len + skip) as u32;
    let rest = &rest[skip..];
    if let Some(body) = rest.strip_prefix(b"\"") {
        let mut i = 0;
        while i < body.len() {
            match body[i] {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        if i >= body.len() {
            return bad("the quoted value has no closing quote");
        }
        if !body[i + 1..].trim_ascii().is_empty() {
            return bad("text follows the quoted value");
        }
        Item::Tag(RawTag {
            name,
            value: &body[..i],
            quoted: true,
            pos,
            value_pos: Pos::new(n, value_col),
        })
    } else {
        Item::Tag(RawTag {
            name,
            value: rest.trim_ascii_end(),
            quoted: false,
            pos,
            value_pos: Pos::new(n, value_col),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(s: &str) -> Item<'_> {
        classify(s.as_bytes(), 1)
    }

    #[test]
    fn tags_quoted_and_bare() {
        let Item::Tag(t) = one("    [Player1 cope]  ") else {
            panic!()
        };
        assert_eq!(
            (t.name, t.value, t.quoted),
            (&b"Player1"[..], &b"cope"[..], false)
        );
        assert_eq!(t.pos, Pos::new(1, 5));
        assert_eq!(t.value_pos, Pos::new(1, 14));
        let Item::Tag(t) = one("[Event \"Club night\"]") else {
            panic!()
        };
        assert_eq!((t.value, t.quoted), (&b"Club night"[..], true));
        assert!(matches!(one("[Bula 60"), Item::BadTag { .. }));
        assert!(matches!(one("[Event \"x]"), Item::BadTag { .. }));
        assert!(matches!(one("[_x 1]"), Item::BadTag { .. }));
    }

    #[test]
    fn deal_fields_split_at_single_spaces() {
        let Item::Deal(d) = one("  [1 231 x  y]") else {
            panic!()
        };
        assert_eq!(d.count, 5);
        assert_eq!(d.field(3), b"");
        assert_eq!(d.field(4), b"y");
        assert_eq!(d.pos(1), Pos::new(1, 6));
        assert!(d.closed);
        let Item::Deal(d) = one("[1 2") else { panic!() };
        assert!(!d.closed);
        assert_eq!(d.count, 2);
    }
}
