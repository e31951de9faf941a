//! Recognising LIN by its content, for the notation sniffer.

/// LIN's tags that carry a board, in lower case: the evidence the sniffer
/// looks for.
const BOARD_TAGS: [&[u8; 2]; 10] = [
    b"pn", b"md", b"mb", b"pc", b"qx", b"vg", b"sv", b"ah", b"rs", b"st",
];

/// Whether `tag` (as written, either case) is one of [`BOARD_TAGS`].
fn board_tag(tag: &[u8]) -> bool {
    match tag {
        [a, b] => BOARD_TAGS.contains(&&[a.to_ascii_lowercase(), b.to_ascii_lowercase()]),
        _ => false,
    }
}

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
        let board = board_tag(tag);
        rest = &rest[bar + 1..];
        let Some(end) = memchr::memchr(b'|', rest) else {
            break;
        };
        rest = &rest[end + 1..];
        if board {
            hits += 1;
            if hits >= 2 {
                return true;
            }
        }
    }
    false
}

/// Whether `head` starts, after blanks, with one of LIN's board tags and its
/// `|` (`md|...`): weaker evidence than [`looks_like_lin`], which the sniffer
/// takes only from a file whose name says LIN (a `.lin` file whose first
/// value never ends, say, which is then read as LIN and its faults reported).
///
/// ```
/// use kibitz::notation::lin::starts_with_lin_tag;
/// assert!(starts_with_lin_tag(b"\n MD|3SAK,SQJ"));
/// assert!(!starts_with_lin_tag(b"ab|cd|"));
/// assert!(!starts_with_lin_tag(b"md 3SAK|"));
/// assert!(!starts_with_lin_tag(b"[Event \"x\"]"));
/// ```
pub fn starts_with_lin_tag(head: &[u8]) -> bool {
    let head = head.trim_ascii_start();
    head.get(2) == Some(&b'|') && board_tag(&head[..2])
}
