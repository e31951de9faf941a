//! Recognising Portable Pinochle Notation by content.
//!
//! Portable Preferans Notation shares the acronym and the `.ppn` extension, and
//! PBN shares the bracketed tag pairs, so only strong evidence counts:
//!
//! * the notation header `% PPN x.y` (or `%PPN x.y`) on a line of its own;
//! * a segmental tag: `@`, a valid segment reference (`D A X M P R` with
//!   optional `.n` parts), `-`, an optional end reference, `=`, and a tag pair
//!   `[Name "value"]`;
//! * two different pinochle-only tags (Melds, MeldScores, PlayScores, HandScores,
//!   GameScores, Trump, Kitty, Holding, Discard, Passed) as quoted tag pairs, or
//!   one of them and a `Deal` of four 20-card hands in pinochle ranks.
//!
//! Preferans evidence (a deal line `[` digits space, or a Bula/Refe/Player1-3/
//! Result1-3 tag) vetoes the last two kinds, as does a PBN-only tag (Vulnerable,
//! ScoreIMP...); the header alone is the spec's own identification and wins.

/// Tags only Portable Pinochle Notation defines.
const PINOCHLE_ONLY: &[&[u8]] = &[
    b"Melds",
    b"MeldScores",
    b"PlayScores",
    b"HandScores",
    b"GameScores",
    b"Trump",
    b"Kitty",
    b"Holding",
    b"Discard",
    b"Passed",
];

const PREFERANS_TAGS: &[&[u8]] = &[
    b"Bula", b"Refe", b"Player1", b"Player2", b"Player3", b"Result1", b"Result2", b"Result3",
];

const PBN_ONLY: &[&[u8]] = &[
    b"Vulnerable",
    b"ScoreIMP",
    b"ScoreMP",
    b"OptimumScore",
    b"BidSystemNS",
    b"BidSystemEW",
];

/// Whether `head` (the start of an input) is Portable Pinochle Notation, on strong
/// evidence only.
///
/// ```
/// use kibitz::notation::pinochle::looks_like_pinochle;
/// assert!(looks_like_pinochle(b"% PPN 1.0\n% EXPORT\n%\n[Site \"x\"]\n"));
/// assert!(looks_like_pinochle(b"@M-P=[Chat \"N:why?\"]\n"));
/// assert!(looks_like_pinochle(b"[Trump \"H\"]\n[MeldScores \"21:0\"]\n"));
/// assert!(!looks_like_pinochle(b"@\x01\xff[garbage"));
/// assert!(!looks_like_pinochle(b"[Bula 60]\n[Refe 2]\n"));
/// assert!(!looks_like_pinochle(b"[Event \"x\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n"));
/// assert!(!looks_like_pinochle(b"[Trump \"H\"]\n"));
/// ```
pub fn looks_like_pinochle(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut pinochle_tags: Vec<&[u8]> = Vec::new();
    let mut deal20 = false;
    let mut veto = false;
    let mut start = 0;
    while start <= head.len() {
        let end = memchr::memchr(b'\n', &head[start..]).map_or(head.len(), |k| start + k);
        let line = &head[start..end];
        if veto {
            // Only the header or a segmental tag can still decide.
            return header_or_segment(&head[start..]);
        }
        start = end + 1;
        let t = line.trim_ascii();
        if is_ppn_header(t) {
            return true;
        }
        if let Some(rest) = t.strip_prefix(b"@") {
            if segmental_tag(rest) {
                return true;
            }
            continue;
        }
        let Some(inner) = t.strip_prefix(b"[") else {
            continue;
        };
        let n = inner
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let name = &inner[..n];
        if n > 0 && name.iter().all(u8::is_ascii_digit) {
            veto |= inner.get(n) == Some(&b' ');
            continue;
        }
        if PREFERANS_TAGS.contains(&name) || PBN_ONLY.contains(&name) {
            veto = true;
            continue;
        }
        let Some(value) = quoted_value(&inner[n..]) else {
            continue;
        };
        if PINOCHLE_ONLY.contains(&name) && !pinochle_tags.contains(&name) {
            pinochle_tags.push(name);
        }
        if name == b"Deal" && is_deal20(value) {
            deal20 = true;
        }
    }
    !veto && (pinochle_tags.len() >= 2 || (pinochle_tags.len() == 1 && deal20))
}

/// Whether a line of `text` (which starts at a line start) is the `% PPN`
/// header or a segmental tag: only lines whose first non-blank byte is `%` or
/// `@` are looked at, found by one scan for those two bytes.
fn header_or_segment(text: &[u8]) -> bool {
    let mut from = 0;
    while let Some(k) = memchr::memchr2(b'%', b'@', &text[from..]) {
        let at = from + k;
        let line_start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |n| n + 1);
        let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |n| at + n);
        if text[line_start..at].iter().all(u8::is_ascii_whitespace) {
            let t = text[at..end].trim_ascii_end();
            let found = match t.strip_prefix(b"@") {
                Some(rest) => segmental_tag(rest),
                None => is_ppn_header(t),
            };
            if found {
                return true;
            }
        }
        from = end;
    }
    false
}

/// `% PPN 1.0`: `%`, optional blank, `PPN`, blank, digits `.` digits.
fn is_ppn_header(t: &[u8]) -> bool {
    let Some(rest) = t.strip_prefix(b"%") else {
        return false;
    };
    let Some(rest) = rest.trim_ascii_start().strip_prefix(b"PPN") else {
        return false;
    };
    let v = rest.trim_ascii();
    rest.first().is_some_and(u8::is_ascii_whitespace)
        && v.split(|&b| b == b'.').count() == 2
        && v.split(|&b| b == b'.')
            .all(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit))
}

/// A segment reference: `D A X M P R`, then up to two `.digits` parts.
pub(crate) fn is_segment_ref(r: &[u8]) -> bool {
    let mut parts = r.split(|&b| b == b'.');
    let Some([letter]) = parts.next() else {
        return false;
    };
    let mut count = 0;
    for p in parts {
        count += 1;
        if p.is_empty() || p.len() > 4 || !p.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    b"DAXMPR".contains(letter) && count <= 2
}

fn segmental_tag(rest: &[u8]) -> bool {
    let Some(eq) = rest.iter().position(|&b| b == b'=') else {
        return false;
    };
    let Some((start, end)) = rest[..eq].split_once_byte(b'-') else {
        return false;
    };
    if !is_segment_ref(start) || !(end.is_empty() || is_segment_ref(end)) {
        return false;
    }
    let Some(inner) = rest[eq + 1..].strip_prefix(b"[") else {
        return false;
    };
    let n = inner
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    n > 0 && inner[0].is_ascii_uppercase() && quoted_value(&inner[n..]).is_some()
}

trait SplitOnce {
    fn split_once_byte(&self, b: u8) -> Option<(&[u8], &[u8])>;
}

impl SplitOnce for [u8] {
    fn split_once_byte(&self, b: u8) -> Option<(&[u8], &[u8])> {
        let i = self.iter().position(|&c| c == b)?;
        Some((&self[..i], &self[i + 1..]))
    }
}

/// The value of ` "value"]` (blanks, quoted string, `]`), escapes not resolved.
fn quoted_value(rest: &[u8]) -> Option<&[u8]> {
    let body = rest.trim_ascii_start().strip_prefix(b"\"")?;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\\' => i += 2,
            b'"' => break,
            _ => i += 1,
        }
    }
    let value = body.get(..i)?;
    body.get(i + 1..)?
        .trim_ascii_start()
        .starts_with(b"]")
        .then_some(value)
}

/// `E:` then four hands of 20 cards each, suits separated by dots, ranks `ATKQJ9`.
fn is_deal20(v: &[u8]) -> bool {
    let Some(colon) = v.iter().position(|&b| b == b':') else {
        return false;
    };
    let hands: Vec<&[u8]> = v[colon + 1..]
        .split(|&b| b == b' ')
        .filter(|h| !h.is_empty())
        .collect();
    hands.len() == 4
        && hands.iter().all(|h| {
            h.split(|&b| b == b'.').count() == 4
                && h.iter().filter(|&&b| b != b'.').count() == 20
                && h.iter().all(|b| b"ATKQJ9.".contains(b))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_needs_a_version() {
        assert!(looks_like_pinochle(b"%PPN 1.0\n"));
        assert!(looks_like_pinochle(b"  % PPN 12.3 \r\n"));
        assert!(!looks_like_pinochle(b"% PPN\n"));
        assert!(!looks_like_pinochle(b"% PPNX 1.0\n"));
        assert!(!looks_like_pinochle(b"% PBN 2.1\n[Event \"x\"]\n"));
    }

    #[test]
    fn segmental_tags_must_be_well_formed() {
        assert!(looks_like_pinochle(
            b"@P.19.3-R=[Chat \"N:good game everyone\"]"
        ));
        assert!(looks_like_pinochle(b"@A.3.2-=[Note \"x\"]"));
        assert!(!looks_like_pinochle(b"@Q-R=[Chat \"x\"]"));
        assert!(!looks_like_pinochle(b"@P.1.2.3-R=[Chat \"x\"]"));
        assert!(!looks_like_pinochle(b"@M=[Chat \"x\"]"));
        assert!(!looks_like_pinochle(b"@M-P=[Chat x]"));
        assert!(!looks_like_pinochle(b"@M-P=Chat"));
    }

    #[test]
    fn random_bytes_starting_with_at_do_not_match() {
        // A SplitMix sequence: the same bytes every run.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            let mut bytes = vec![b'@'];
            for _ in 0..64 {
                x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = x;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                bytes.push((z ^ (z >> 31)) as u8);
            }
            assert!(!looks_like_pinochle(&bytes), "{bytes:?}");
        }
    }

    #[test]
    fn one_pinochle_tag_needs_a_twenty_card_deal() {
        let deal = b"[Deal \"E:ATTTQQJ.QQJJ.AQQQJ.TKQQ KQQJJ.TKKKKQ.AK.AATKQJJ TKJ.AAAATTJJ.AATTKJJ.KJ AAAKK.TQ.TTKKQJ.AATTKQJ\"]\n";
        let mut text = b"[Trump \"H\"]\n".to_vec();
        assert!(!looks_like_pinochle(&text));
        text.extend_from_slice(deal);
        assert!(looks_like_pinochle(&text));
        // A bridge deal does not count.
        assert!(!looks_like_pinochle(
            b"[Trump \"H\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n"
        ));
    }

    #[test]
    fn preferans_and_pbn_evidence_vetoes_tags() {
        assert!(!looks_like_pinochle(
            b"[Bula 60]\n[Trump \"H\"]\n[MeldScores \"1:2\"]\n"
        ));
        assert!(!looks_like_pinochle(
            b"[1 231 x]\n[Trump \"H\"]\n[MeldScores \"1:2\"]\n"
        ));
        assert!(!looks_like_pinochle(
            b"[Vulnerable \"None\"]\n[Trump \"H\"]\n[MeldScores \"1:2\"]\n"
        ));
        // The header wins.
        assert!(looks_like_pinochle(b"% PPN 1.0\n[Bula 60]\n"));
        // Unquoted values are preferans-style, not pinochle tags.
        assert!(!looks_like_pinochle(b"[Trump H]\n[MeldScores 1:2]\n"));
    }

    #[test]
    fn after_a_veto_only_a_header_or_segmental_tag_line_decides() {
        let veto = b"[Vulnerable \"None\"]\n[Event \"x % PPN 1.0\"]\n";
        assert!(!looks_like_pinochle(veto));
        // Later header and segmental tag lines, with blanks before them, decide.
        let mut header = veto.to_vec();
        header.extend_from_slice(b"  \t% PPN 1.0\r\n");
        assert!(looks_like_pinochle(&header));
        let mut segment = veto.to_vec();
        segment.extend_from_slice(b"x@y\n @M-P=[Chat \"N:why?\"]\n");
        assert!(looks_like_pinochle(&segment));
        // Not at the start of its line, or not well formed: nothing.
        let mut neither = veto.to_vec();
        neither.extend_from_slice(b"x % PPN 1.0\n% PPN 1\n@Q-P=[A \"b\"]\n");
        assert!(!looks_like_pinochle(&neither));
    }
}
