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
    // A control character is a byte below 0x20, 0x7F, or (C1) 0xC2 and a second
    // byte: texts without such bytes, nearly all, need no look at characters.
    let maybe = |b: &u8| *b < 0x20 || *b == 0x7f || *b == 0xc2;
    if !text.as_bytes().iter().any(maybe) || !text.chars().any(char::is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}
