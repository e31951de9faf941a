//! Telling RBN and RBX from other notations by the start of a file.

use super::raw::label_rank;

fn field_start(b: u8) -> bool {
    label_rank(b).is_some() || b.is_ascii_digit() || b == b'%'
}

/// Whether `line` is an RBX record of at least three fields whose labels come in
/// the standard order.
fn rbx_record(line: &[u8]) -> bool {
    let (mut i, mut labels, mut last) = (0, 0, 0usize);
    while i < line.len() {
        let open = match line[i] {
            b'{' => i,
            l if field_start(l) && line.get(i + 1) == Some(&b'{') => {
                if let Some(r) = label_rank(l) {
                    if r < last {
                        return false;
                    }
                    last = r;
                    labels += 1;
                }
                i + 1
            }
            _ => return false,
        };
        match memchr::memchr(b'}', &line[open + 1..]) {
            Some(j) => i = open + 1 + j + 1,
            None => return labels >= 3,
        }
    }
    labels >= 3
}

/// Whether `line` is one RBN line: a label and space, a null label, a note, a
/// text paragraph start or a `%` line. Returns the label's rank for labels.
fn rbn_line(line: &[u8]) -> Option<Option<usize>> {
    match line {
        [b'%', ..] | [b'{', ..] => Some(None),
        [d] | [d, b' ', ..] if d.is_ascii_digit() => Some(None),
        [l] | [l, b' ', ..] => label_rank(*l).map(Some),
        _ => None,
    }
}

/// Whether `head`, the start of a file, is RBN (`Some(false)`) or RBX
/// (`Some(true)`). Only strong evidence counts: the `% RBN` or `%{RBX}`
/// signature, an RBX line of at least three `label{data}` fields in the standard
/// label order, or a first record of at least three RBN label lines in the
/// standard order (`DTLEFSKNBHACPRMI`), one of them B, H or A, and nothing else
/// but notes, text paragraphs and `%` lines; fewer faults (a line that is not
/// RBN, a label out of order) than one per three label lines are allowed, so that a
/// record with a syntax error is still read as RBN and its error reported.
///
/// ```
/// use kibitz::notation::rbn::looks_like_rbn;
/// assert_eq!(looks_like_rbn(b"% RBN 36 deals\nD 1989\n"), Some(false));
/// assert_eq!(looks_like_rbn(b"%{RBX}D{19991225}L{Timbuktu}\n"), Some(true));
/// assert_eq!(looks_like_rbn(b"E Teams\nB 7\nH W:AK2\nA SB:1HP5H\n"), Some(false));
/// assert_eq!(looks_like_rbn(b"D{19991225}E{Teams}B{7}H{W:AK2}\n"), Some(true));
/// assert_eq!(looks_like_rbn(b"[Event \"x\"]\n[Board \"1\"]\n"), None);
/// assert_eq!(looks_like_rbn(b"B 7\nE Teams\nH W:AK2\n"), None); // out of order
/// assert_eq!(looks_like_rbn(b"B 7\nH W:AK2\nA SB:1HP5H\nC5H:S\nR 9\n"), Some(false)); // one bad line
/// ```
pub fn looks_like_rbn(head: &[u8]) -> Option<bool> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut lines = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .skip_while(|l| l.is_empty());
    let first = lines.clone().next()?;
    if first.starts_with(b"% RBN") || first.starts_with(b"%RBN") {
        return Some(false);
    }
    if first.starts_with(b"%{RBX}") {
        return Some(true);
    }
    if rbx_record(first) {
        return Some(true);
    }
    // Fewer than one fault per three label lines (a line that is not RBN, a
    // label out of order) is still RBN with a syntax error, which the reader reports.
    let (mut labels, mut faults, mut last, mut key, mut in_text) = (0, 0, 0usize, false, false);
    let mut in_items = false;
    for line in lines.by_ref() {
        if line.is_empty() {
            break;
        }
        if in_text {
            in_text = !line.ends_with(b"}");
            continue;
        }
        match rbn_line(line) {
            Some(Some(rank)) => {
                if rank < last {
                    faults += 1;
                }
                last = rank;
                labels += 1;
                // I: the item lines after it are its data.
                in_items = rank == 15;
                key |= matches!(line[0], b'B' | b'H' | b'A');
            }
            Some(None) => in_text = line[0] == b'{' && !(line.len() > 1 && line.ends_with(b"}")),
            None if in_items => {}
            None => faults += 1,
        }
    }
    (labels >= 3 && key && 3 * faults < labels).then_some(false)
}
