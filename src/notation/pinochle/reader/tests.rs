use super::*;
use crate::lines::tests::Trickle;

fn read_all(input: &[u8], chunk: usize) -> Vec<RawRecord> {
    let mut r = Reader::new(Trickle(input, chunk));
    let mut out = Vec::new();
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {
        out.push(rec.clone());
    }
    assert_eq!(r.bytes_read(), input.len() as u64);
    out
}

fn rules_of(rec: &RawRecord) -> Vec<(&'static str, String)> {
    rec.findings
        .iter()
        .map(|f| (f.rule, f.pos.to_string()))
        .collect()
}

fn words(rec: &RawRecord, tag: &str) -> Vec<String> {
    let t = rec.find_tag(tag).unwrap();
    rec.section(t)
        .iter()
        .map(|t| String::from_utf8_lossy(rec.text(t.text)).into_owned())
        .collect()
}

const TWO_HANDS: &str = "% PPN 1.0\n% EXPORT\n%\n[Site \"GamingSafari.com\"]\n[Hand \"1\"]\n[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n[Play \"S\"]\nCA CJ CK CJ (S2)\nDQ DT DJ DT (W2)\n\n{ hand two }\n[Site \"#\"]\n[Hand \"2\"]\n";

#[test]
fn headers_tags_sections_and_hands() {
    let recs = read_all(TWO_HANDS.as_bytes(), 4096);
    assert_eq!(recs.len(), 2);
    let r = &recs[0];
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!((r.format, r.version), (Some(Format::Export), Some((1, 0))));
    assert_eq!(r.escapes.len(), 3);
    assert_eq!(r.text(r.escapes[2].text), b"");
    assert_eq!(r.start, Pos::new(4, 1));
    assert_eq!(
        words(r, "Auction"),
        [
            "Pass", "52", "59", "60", "-", "Pass", "65", "70", "-", "-", "Pass"
        ]
    );
    let play = r.find_tag("Play").unwrap();
    let kinds: Vec<TokenKind> = r.section(play).iter().map(|t| t.kind).collect();
    assert_eq!(kinds[4], TokenKind::Group);
    assert_eq!(r.text(r.section(play)[4].text), b"S2");
    assert_eq!(r.section(play)[5].pos, Pos::new(12, 1));
    assert_eq!(r.end_line, 13);
    let r = &recs[1];
    assert_eq!(r.index, 2);
    assert_eq!(r.tag("Site"), Some(&b"GamingSafari.com"[..]));
    assert_eq!(r.find_tag("Site").unwrap().inherit, Inherit::Hash);
    assert_eq!(r.comments.len(), 1);
    assert_eq!(r.text(r.comments[0].text), b" hand two ");
    assert_eq!(r.format, Some(Format::Export));
}

#[test]
fn chunking_does_not_change_records() {
    let whole = read_all(TWO_HANDS.as_bytes(), 4096);
    for chunk in [1, 2, 3, 7, 64] {
        let parts = read_all(TWO_HANDS.as_bytes(), chunk);
        assert_eq!(parts.len(), whole.len());
        for (a, b) in parts.iter().zip(&whole) {
            assert_eq!(
                (&a.tags, &a.tokens, &a.findings),
                (&b.tags, &b.tokens, &b.findings)
            );
        }
    }
}

#[test]
fn segmental_prefix_is_kept_with_its_tag() {
    let recs = read_all(
        b"@P.19.3-R=[Chat \"N:good game\"]\n@M-=[Note \"x\"]\n[Chat \"S:hi\"]\n",
        9,
    );
    let r = &recs[0];
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.tags.len(), 3);
    let s = r.tags[0].segment.unwrap();
    assert_eq!(
        (r.text(s.start), r.text(s.end), s.hyphen),
        (&b"P.19.3"[..], &b"R"[..], true)
    );
    assert_eq!(s.pos, Pos::new(1, 1));
    assert_eq!(r.tags[0].value_pos, Pos::new(1, 17));
    let s = r.tags[1].segment.unwrap();
    assert_eq!((r.text(s.start), r.text(s.end)), (&b"M"[..], &b""[..]));
    assert!(r.tags[2].segment.is_none());
    // A prefix not followed by `=[`: the tag pair is skipped.
    let recs = read_all(b"@P.1 [Chat \"x\"]\n[Hand \"1\"]\n", 99);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.segment", "1:1".into())]
    );
    assert_eq!(recs[0].tags.len(), 1);
}

#[test]
fn malformed_tags_are_reported_and_reading_goes_on() {
    let text = "[Hand 2]\n[Dealer \"N]\n[ \"x\"]\n[Trump \"H\"\n[Trump \"S\"]\n\n[Hand \"3\"]\n";
    let recs = read_all(text.as_bytes(), 5);
    assert_eq!(recs.len(), 2);
    assert_eq!(
        rules_of(&recs[0]),
        [
            ("pinochle.syntax.tag", "1:7".into()),
            ("pinochle.syntax.tag", "2:9".into()),
            ("pinochle.syntax.tag", "3:2".into()),
            ("pinochle.syntax.tag", "4:11".into()),
            ("pinochle.tag.duplicate", "5:1".into()),
        ]
    );
    assert_eq!(recs[0].tag("Trump"), Some(&b"H"[..]));
    assert_eq!(recs[1].tag("Hand"), Some(&b"3"[..]));
    assert!(recs[1].findings.is_empty());
    assert!(recs[0].findings.iter().all(|f| f.record == 1));
}

#[test]
fn second_hand_tag_starts_a_new_record() {
    let recs = read_all(
        b"[Hand \"1\"]\n[Dealer \"N\"]\n[Hand \"2\"]\n[Dealer \"E\"]\n",
        3,
    );
    assert_eq!(recs.len(), 2);
    assert!(recs[0].findings.is_empty());
    assert_eq!(recs[1].tag("Dealer"), Some(&b"E"[..]));
    assert_eq!(
        rules_of(&recs[1]),
        [("pinochle.record.missing-blank-line", "3:1".into())]
    );
    assert_eq!(recs[1].start, Pos::new(3, 1));
}

#[test]
fn unclosed_comment_ends_at_the_blank_line_before_a_tag() {
    let text = "[Hand \"1\"]\n{ diagram\n  N: ...\n\n[Hand \"2\"]\n";
    let recs = read_all(text.as_bytes(), 2);
    assert_eq!(recs.len(), 2);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.comment", "2:1".into())]
    );
    assert_eq!(recs[1].tag("Hand"), Some(&b"2"[..]));
    assert!(recs[1].findings.is_empty());
    // A comment with a blank line inside that closes is one comment.
    let recs = read_all(b"[Hand \"1\"]\n{ a\n\nb }\n[Trump \"H\"]\n", 4096);
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].text(recs[0].comments[0].text), b" a\n\nb ");
    assert_eq!(recs[0].tags.len(), 2);
    // Never closed at all.
    let recs = read_all(b"[Hand \"1\"]\n{ open", 4096);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.comment", "2:1".into())]
    );
}

#[test]
fn section_tokens_and_bad_characters() {
    let text = "[Auction \"E\"]\nPass 50 (x) *\n[Play \"N\"]\nCA CT! (N2\n[Trump \"H\"] junk\n";
    let recs = read_all(text.as_bytes(), 4096);
    let r = &recs[0];
    assert_eq!(words(r, "Auction"), ["Pass", "50", "x", "*"]);
    assert_eq!(
        rules_of(r),
        [
            ("pinochle.syntax.token", "2:9".into()),
            ("pinochle.syntax.token", "2:11".into()),
            ("pinochle.syntax.token", "4:6".into()),
            ("pinochle.syntax.token", "4:8".into()),
            ("pinochle.section.unexpected", "5:13".into()),
        ]
    );
    // Text before any tag.
    let recs = read_all(b"hello\n[Hand \"1\"]\n", 4096);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.token", "1:1".into())]
    );
}

#[test]
fn inheritance_hash_and_sticky() {
    let text = "[Site \"##Club\"]\n[Event \"E\"]\n\n[Event \"#\"]\n\n[Site \"Home\"]\n\n[Hand \"4\"]\n\n[Dealer \"#\"]\n";
    let recs = read_all(text.as_bytes(), 4096);
    assert_eq!(recs.len(), 5);
    assert_eq!(recs[0].tag("Site"), Some(&b"Club"[..]));
    assert_eq!(recs[1].tag("Site"), Some(&b"Club"[..]));
    assert_eq!(recs[1].find_tag("Site").unwrap().inherit, Inherit::Sticky);
    assert_eq!(recs[1].tag("Event"), Some(&b"E"[..]));
    assert_eq!(recs[2].tag("Site"), Some(&b"Home"[..]));
    // "Home" was not sticky: it ends the `##`.
    assert_eq!(recs[3].tag("Site"), None);
    assert_eq!(
        rules_of(&recs[4]),
        [("pinochle.tag.inheritance", "10:9".into())]
    );
}

#[test]
fn lengths_and_limits() {
    let long = format!("[Note \"{}\"]\n", "x".repeat(300));
    let recs = read_all(long.as_bytes(), 4096);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.length", "1:1".into())]
    );
    let header = format!("% {}\n[Hand \"1\"]\n", "x".repeat(300));
    let recs = read_all(header.as_bytes(), 4096);
    assert_eq!(
        rules_of(&recs[0]),
        [("pinochle.syntax.length", "1:256".into())]
    );
    let limits = Limits {
        max_line: 32,
        ..Limits::default()
    };
    let text = format!("[Hand \"1\"]\n[Note \"{}\"]\n", "y".repeat(100));
    let mut r = Reader::with_limits(text.as_bytes(), limits);
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec.findings[0].rule, "pinochle.limit.line");
    assert_eq!(rec.findings[0].pos, Pos::new(2, 33));
    assert_eq!(r.bytes_read(), text.len() as u64);
}

#[test]
fn control_characters_and_tabs() {
    let recs = read_all(b"[Site \"a\tb\"]\x01\n", 4096);
    assert_eq!(
        rules_of(&recs[0]),
        [
            ("pinochle.syntax.character", "1:13".into()),
            ("pinochle.syntax.character", "1:9".into()),
            ("pinochle.section.unexpected", "1:13".into()),
        ]
    );
}

#[test]
fn findings_per_record_are_bounded() {
    let text = "[Play \"N\"]\n".to_string() + &"! ".repeat(5000);
    let recs = read_all(text.as_bytes(), 4096);
    assert_eq!(recs[0].findings.len(), MAX_FINDINGS_PER_RECORD_T);
    assert_eq!(recs[0].findings_dropped, 5000 - MAX_FINDINGS_PER_RECORD_T);
}

const MAX_FINDINGS_PER_RECORD_T: usize = super::super::MAX_FINDINGS_PER_RECORD;

#[test]
fn a_control_character_is_found_on_any_line_plain_or_not() {
    // A plain line (printable ASCII) needs no check; a line with a control
    // character, a tab or a byte above 0x7E is not plain and is checked, at
    // the control character's column. Read whole and a byte at a time.
    let text = b"[Site \"Club\"]\n[Hand \"1\"]\n[Auction \"E\"]\nPass\x01 52\n[Play \"S\"]\nCA\tCJ \xe9 \x7f\n";
    for chunk in [text.len(), 1] {
        let recs = read_all(text, chunk);
        let found: Vec<_> = rules_of(&recs[0])
            .into_iter()
            .filter(|(rule, _)| *rule == "pinochle.syntax.character")
            .collect();
        assert_eq!(
            found,
            [
                ("pinochle.syntax.character", "4:5".to_string()),
                ("pinochle.syntax.character", "6:9".to_string())
            ],
            "pieces of {chunk}"
        );
    }
}
