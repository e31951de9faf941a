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
/// blanks, with a `tag|` pair (two letters and a bar), and at least two LIN
/// tags that carry a board (`pn`, `md`, `mb`, `pc`, `qx`, `vg`, `sv`, `ah`,
/// `rs`, `st`) stand at a tag's place in it: at its start, after a `|` or
/// at a line's start. Random bytes, PBN and PPN do not match.
///
/// The board tags are looked for through the whole head, not only the
/// first pairs: BBO's teaching files open with a page of presentation tags
/// (`cr`, `cg`, `cb`, `bt`, `mn`, `at`, `nt` ...) and free text between
/// them before the first `qx` (`tests/sniff.rs`).
///
/// ```
/// use kibitz::notation::lin::looks_like_lin;
/// assert!(looks_like_lin(b"pn|a,b,c,d|st||md|3SAK,SQJ,ST9,|"));
/// assert!(looks_like_lin(b"vg|Final,S1,I,1,16,A,0,B,0|\nrs|3NN=,|"));
/// assert!(looks_like_lin(b"nt|hi|pg||\nnt|hi|pg||\nnt|hi|pg||\nnt|hi|pg||\nqx|o1|md|3SAK,SQJ,ST9,|"));
/// assert!(looks_like_lin(b"cr|3255|cb|30 |light red\ncr|21 |\nqx|o1|md|3SAK|"));
/// // Lines that open with `%` (PbnToLin's header) are passed over.
/// assert!(looks_like_lin(b"% LIN File created by PbnToLin\r\n%\nqx|o1|md|3SAK|"));
/// assert!(!looks_like_lin(b"[Event \"x\"]\n[Board \"1\"]"));
/// assert!(!looks_like_lin(b"ab|cd|ef|gh|"));
/// assert!(!looks_like_lin(b"md|"));
/// // Board tags inside a text that does not open with a tag pair.
/// assert!(!looks_like_lin(b"note: md|3SAK| and mb|p| are LIN"));
/// ```
pub fn looks_like_lin(head: &[u8]) -> bool {
    let head = after_comment_lines(head);
    let opens_with_pair = matches!(
        head,
        [a, b, b'|', ..] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic()
    );
    if !opens_with_pair {
        return false;
    }
    let mut hits = 0;
    for bar in memchr::memchr_iter(b'|', head).filter(|&i| i >= 2) {
        let at_tag_place = bar == 2 || matches!(head[bar - 3], b'|' | b'\n' | b'\r');
        if at_tag_place && board_tag(&head[bar - 2..bar]) {
            hits += 1;
            if hits == 2 {
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
    let head = after_comment_lines(head);
    head.get(2) == Some(&b'|') && board_tag(&head[..2])
}

/// `head` after blanks and the lines that open with `%` (comments, which the
/// reader passes over with a warning: PbnToLin's header), and the blanks after
/// them.
fn after_comment_lines(mut head: &[u8]) -> &[u8] {
    loop {
        head = head.trim_ascii_start();
        if head.first() != Some(&b'%') {
            return head;
        }
        head = match memchr::memchr(b'\n', head) {
            Some(i) => &head[i + 1..],
            None => &[],
        };
    }
}
