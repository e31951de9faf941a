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
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// Like [`decode`], but shortens the text to at most `max` characters, adding `...`.
///
/// ```
/// use kibitz::text::decode_short;
/// assert_eq!(decode_short(b"abcdef", 4), "abcd...");
/// assert_eq!(decode_short(b"abc", 4), "abc");
/// ```
pub fn decode_short(bytes: &[u8], max: usize) -> String {
    let s = decode(bytes);
    if s.chars().count() <= max {
        s.into_owned()
    } else {
        let mut out: String = s.chars().take(max).collect();
        out.push_str("...");
        out
    }
}
