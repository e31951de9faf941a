//! Recognising LIN by its content, for the notation sniffer.

/// Whether `head` (the first bytes of a file) looks like LIN: it starts, after
/// blanks, with a `tag|value|` pair, and at least two of its first pairs are
/// LIN tags that carry a board (`pn`, `md`, `mb`, `pc`, `qx`, `vg`, `sv`, `ah`,
/// `rs`, `st`). Random bytes, PBN and PPN do not match.
///
/// ```
/// use kibitz::notation::lin::looks_like_lin;
/// assert!(looks_like_lin(b"pn|a,b,c,d|st||md|3SAK,SQJ,ST9,|"));
/// assert!(looks_like_lin(b"vg|Final,S1,I,1,16,A,0,B,0|\nrs|3NN=,|"));
/// assert!(!looks_like_lin(b"[Event \"x\"]\n[Board \"1\"]"));
/// assert!(!looks_like_lin(b"ab|cd|ef|gh|"));
/// assert!(!looks_like_lin(b"md|"));
/// ```
pub fn looks_like_lin(head: &[u8]) -> bool {
    let mut rest = head.trim_ascii_start();
    let mut hits = 0;
    for _ in 0..8 {
        let Some(bar) = memchr::memchr(b'|', rest) else {
            break;
        };
        let tag = rest[..bar].trim_ascii_start();
        if tag.len() != 2 || !tag.iter().all(u8::is_ascii_alphabetic) {
            return false;
        }
        let t = [tag[0].to_ascii_lowercase(), tag[1].to_ascii_lowercase()];
        rest = &rest[bar + 1..];
        let Some(end) = memchr::memchr(b'|', rest) else {
            break;
        };
        rest = &rest[end + 1..];
        if matches!(
            &t,
            b"pn" | b"md" | b"mb" | b"pc" | b"qx" | b"vg" | b"sv" | b"ah" | b"rs" | b"st"
        ) {
            hits += 1;
            if hits >= 2 {
                return true;
            }
        }
    }
    false
}
