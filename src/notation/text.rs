//! Turning the bytes of archives into text for messages.
//!
//! Archives are Latin-1 (PBN says so) or UTF-8 (newer tools). Decoders work on
//! bytes; only messages and JSON output need text. A value that is valid UTF-8 is
//! read as UTF-8, anything else byte by byte as Latin-1, so no byte is lost.

use std::borrow::Cow;

/// Decodes `bytes` as UTF-8 when valid, else as Latin-1.
///
/// ```
/// use kibitz::text::decode;
/// assert_eq!(decode(b"caf\xc3\xa9"), "café");
/// assert_eq!(decode(b"caf\xe9"), "café");
/// ```
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            // Latin-1: each byte is the character of that number.
            let mut s = String::with_capacity(bytes.len() * 2);
            s.extend(bytes.iter().map(|&b| char::from(b)));
            Cow::Owned(s)
        }
    }
}

/// Sets `out` to `bytes` decoded as [`decode`] does, reusing its allocation.
///
/// ```
/// let mut s = String::from("old");
/// kibitz::text::decode_into(b"caf\xe9", &mut s);
/// assert_eq!(s, "café");
/// kibitz::text::decode_into(b"caf\xc3\xa9", &mut s);
/// assert_eq!(s, "café");
/// ```
pub fn decode_into(bytes: &[u8], out: &mut String) {
    out.clear();
    match std::str::from_utf8(bytes) {
        Ok(s) => out.push_str(s),
        Err(_) => out.extend(bytes.iter().map(|&b| char::from(b))),
    }
}

/// Like [`decode`], but shortens the text to at most `max` characters, adding `...`.
///
/// ```
/// use kibitz::text::decode_short;
/// assert_eq!(decode_short(b"abcdef", 4), "abcd...");
/// assert_eq!(decode_short(b"abc", 4), "abc");
/// ```
///
/// Control characters (C0, DEL and C1) are shown escaped as `\xNN`, so that a
/// message never quotes an invisible or empty-looking text:
///
/// ```
/// use kibitz::text::decode_short;
/// assert_eq!(decode_short(b"\x1a", 4), "\\x1A");
/// assert_eq!(decode_short(b"a\tb", 4), "a\\x09b");
/// ```
pub fn decode_short(bytes: &[u8], max: usize) -> String {
    let s = decode(bytes);
    let mut out = String::with_capacity(s.len().min(max * 4 + 3));
    for (n, c) in s.chars().enumerate() {
        if n == max {
            out.push_str("...");
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// Appends `c`, or `\xNN` when it is a control character.
fn push_escaped(out: &mut String, c: char) {
    if c.is_control() {
        out.push_str(&format!("\\x{:02X}", u32::from(c)));
    } else {
        out.push(c);
    }
}

/// `text` with its control characters escaped as in [`decode_short`]; the text
/// itself when it has none.
///
/// ```
/// use kibitz::text::escape_controls;
/// assert_eq!(escape_controls("N\u{0}".to_string()), "N\\x00");
/// assert_eq!(escape_controls("tab-free".to_string()), "tab-free");
/// assert_eq!(escape_controls("\u{85}é\u{a0}".to_string()), "\\x85é\u{a0}");
/// ```
pub fn escape_controls(text: String) -> String {
    if !may_hold_control(text.as_bytes()) || !text.chars().any(char::is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Whether `bytes` (UTF-8) has a byte that can belong to a control character:
/// below 0x20, 0x7F, or 0xC2 (the first byte of C1 controls, and of U+00A0 to
/// U+00BF). Texts without one, nearly all, need no look at their characters.
/// Eight bytes at a time: a byte of `x` is zero exactly when the classic
/// `(x - 0x01..) & !x & 0x80..` has its high bit set, and one is below `n`
/// (at most 0x80) when `(x - n * 0x01..) & !x & 0x80..` does.
fn may_hold_control(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES * 0x80;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS != 0;
    let zero = |x: u64| below(x, 1);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        if below(x, 0x20) || zero(x ^ (ONES * 0x7f)) || zero(x ^ (ONES * 0xc2)) {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|&b| b < 0x20 || b == 0x7f || b == 0xc2)
}

/// The tens written `10` that a decoder read as `T` in one record: where the
/// first was and how many, for the one warning per record (LIN and RBN).
#[derive(Debug, Default)]
pub(crate) struct Tens {
    first: Option<crate::Pos>,
    count: usize,
}

impl Tens {
    /// Notes a ten written `10` at `pos`.
    pub(crate) fn note(&mut self, pos: crate::Pos) {
        self.count += 1;
        self.first.get_or_insert(pos);
    }

    /// The warning's position and message (`notation` names the notation),
    /// if any ten was noted; starts over.
    pub(crate) fn warning(&mut self, notation: &str) -> Option<(crate::Pos, String)> {
        let pos = self.first.take()?;
        let more = match std::mem::take(&mut self.count) {
            0 | 1 => String::new(),
            n => format!(" (and {} more in this record)", n - 1),
        };
        Some((
            pos,
            format!("`10` is not {notation} (the ten is T); read as T{more}"),
        ))
    }
}

/// `value` with every `10` written `T`, and where the first `10` was: what
/// a lenient reader reads in a deal whose tens are written `10`
/// (`AK10.QJ2...`); `None` when there is none.
pub(crate) fn ten_as_t(value: &[u8]) -> Option<(Vec<u8>, usize)> {
    let at = value.windows(2).position(|w| w == b"10")?;
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        if value[i..].starts_with(b"10") {
            out.push(b'T');
            i += 2;
        } else {
            out.push(value[i]);
            i += 1;
        }
    }
    Some((out, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_prefilter_finds_every_suspect_byte_in_every_place() {
        // Each byte value at each place of texts of 1 to 17 bytes of `a`: the
        // eight-at-a-time test says what the byte-by-byte one says.
        let suspect = |b: u8| b < 0x20 || b == 0x7f || b == 0xc2;
        for len in 1..=17 {
            for place in 0..len {
                for b in 0..=255u8 {
                    let mut text = vec![b'a'; len];
                    text[place] = b;
                    assert_eq!(may_hold_control(&text), suspect(b), "{len} {place} {b}");
                }
            }
        }
        assert!(!may_hold_control(
            b"an ordinary message of some length, caf\xc3\xa9"
        ));
        assert!(may_hold_control(
            "NBSP\u{a0} in a longer message".as_bytes()
        ));
    }
}
