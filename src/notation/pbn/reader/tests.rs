//! Reader tests, one per syntax element of PBN 2.1 chapters 2-5 and one per
//! real-file quirk named in the corpus README. Expected values are read off the
//! spec text and the inputs, not off the reader's output.

use super::*;
use crate::Pos;

/// Reads every record of `text` (fed in chunks of `chunk` bytes).
fn read_all_chunked(text: &[u8], chunk: usize) -> Vec<RawRecord> {
    use crate::lines::tests::Trickle;
    let mut r = Reader::new(Trickle(text, chunk));
    let mut out = Vec::new();
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {
        out.push(rec.clone());
    }
    out
}

fn read_all(text: &str) -> Vec<RawRecord> {
    read_all_chunked(text.as_bytes(), usize::MAX)
}

fn one(text: &str) -> RawRecord {
    let mut v = read_all(text);
    assert_eq!(v.len(), 1, "expected one record in {text:?}");
    v.remove(0)
}

fn tags(rec: &RawRecord) -> Vec<(String, String)> {
    rec.tags
        .iter()
        .map(|t| {
            (
                String::from_utf8_lossy(rec.name(t)).into_owned(),
                String::from_utf8_lossy(rec.value(t)).into_owned(),
            )
        })
        .collect()
}

fn section(rec: &RawRecord, tag: &str) -> Vec<(TokenKind, String)> {
    let t = rec.find_tag(tag).unwrap();
    rec.section(t)
        .iter()
        .map(|tok| {
            (
                tok.kind,
                String::from_utf8_lossy(rec.text(tok.text)).into_owned(),
            )
        })
        .collect()
}

fn rules_of(rec: &RawRecord) -> Vec<&'static str> {
    rec.findings.iter().map(|f| f.rule).collect()
}

// ---- 3.2 / 3.3 tag pairs -------------------------------------------------------

#[test]
fn tag_value_escapes_quote_and_backslash() {
    // 3.2: a quote inside a string is \" and a backslash is \\.
    let r = one(r#"[Event "say \"hi\" \\ bye"]"#);
    assert_eq!(tags(&r), [("Event".into(), r#"say "hi" \ bye"#.into())]);
    assert!(r.findings.is_empty());
}

#[test]
fn several_tags_on_one_line_and_whitespace_between_tokens() {
    // 3.3: import format allows several tag pairs on one line and white space
    // between the four tokens of a tag pair.
    let r = one("[Event \"A\"][Site   \"B\"]  [ Board\t\"3\" ]\n");
    assert_eq!(
        tags(&r),
        [
            ("Event".into(), "A".into()),
            ("Site".into(), "B".into()),
            ("Board".into(), "3".into())
        ]
    );
    assert!(r.findings.is_empty());
}

#[test]
fn tag_pair_spanning_lines() {
    // 3.3: "may even have a tag pair spanning more than a single line".
    let r = one("[Event\n  \"Spanning\"\n]\n[Board \"1\"]\n");
    assert_eq!(tags(&r)[0], ("Event".into(), "Spanning".into()));
    assert_eq!(r.tags[0].pos, Pos::new(1, 1));
    assert_eq!(r.tags[0].value_pos, Pos::new(2, 3));
    assert!(r.findings.is_empty());
}

#[test]
fn malformed_tags_are_reported_and_reading_goes_on() {
    let r = one("[Event]\n[Site No_quotes]\n[Board \"7\"]\n");
    assert_eq!(rules_of(&r), ["pbn.syntax.tag", "pbn.syntax.tag"]);
    assert_eq!(r.findings[0].pos, Pos::new(1, 7));
    assert_eq!(r.findings[1].pos, Pos::new(2, 7));
    assert_eq!(tags(&r), [("Board".into(), "7".into())]);
}

#[test]
fn unterminated_string_is_reported_with_its_position() {
    let r = one("[Note \"2:La carte]\n[Board \"7\"]\n");
    assert_eq!(rules_of(&r), ["pbn.syntax.tag"]);
    assert_eq!(r.findings[0].pos, Pos::new(1, 7));
    assert_eq!(tags(&r), [("Board".into(), "7".into())]);
}

#[test]
fn tab_inside_a_string_is_a_warning() {
    // 2.3: "tab characters may not appear inside of string data".
    let r = one("[Event \"a\tb\"]\n");
    assert_eq!(rules_of(&r), ["pbn.syntax.character"]);
    assert_eq!(r.findings[0].pos, Pos::new(1, 10));
    assert_eq!(tags(&r)[0].1, "a\tb");
}

#[test]
fn repeated_tag_is_ignored_with_a_warning() {
    // 3.4: "In import format, a tag pair that already occurred, is ignored."
    let r = one("[Site \"A\"]\n[Site \"B\"]\n");
    assert_eq!(tags(&r), [("Site".into(), "A".into())]);
    assert_eq!(rules_of(&r), ["pbn.tag.duplicate"]);
}

// ---- 2.4 escape lines ----------------------------------------------------------

#[test]
fn escape_lines_set_version_and_export() {
    let v = read_all("% PBN 2.1\n% EXPORT\n%anything else\n[Event \"x\"]\n\n[Event \"y\"]\n");
    assert_eq!(v.len(), 2);
    assert_eq!(v[0].version, Some((2, 1)));
    assert!(v[0].export);
    assert_eq!(v[0].escapes.len(), 3);
    assert_eq!(v[0].text(v[0].escapes[2].text), b"anything else");
    // The declarations hold for the rest of the file.
    assert!(v[1].export);
    assert_eq!(v[1].version, Some((2, 1)));
}

#[test]
fn percent_not_in_first_column_is_not_an_escape() {
    let r = one(" % not an escape\n");
    assert!(r.escapes.is_empty());
    assert_eq!(rules_of(&r), ["pbn.syntax.token"]);
}

// ---- 3.8 comments --------------------------------------------------------------

#[test]
fn comments_are_kept_with_their_position() {
    let text =
        "{before}\n[Event \"x\"] ; after event\n[Dealer \"N\"]\n[Auction \"N\"]\n1C {on 1C} Pass\n";
    let r = one(text);
    let c: Vec<(String, Pos, bool, u32, u32)> = r
        .comments
        .iter()
        .map(|c| {
            (
                String::from_utf8_lossy(r.text(c.text)).into_owned(),
                c.pos,
                c.brace,
                c.after_tag,
                c.after_token,
            )
        })
        .collect();
    assert_eq!(
        c,
        [
            ("before".into(), Pos::new(1, 1), true, 0, 0),
            (" after event".into(), Pos::new(2, 13), false, 1, 0),
            ("on 1C".into(), Pos::new(5, 4), true, 3, 1),
        ]
    );
}

#[test]
fn brace_comments_do_not_nest_and_hide_semicolons() {
    // 3.8: a { inside a brace comment is ignored, so the first } closes it; a ;
    // inside a brace comment loses its meaning; braces in a ; comment are ignored.
    let r = one("{ a { b ; c } [Event \"x\"] ; { never opened\n[Board \"1\"]\n");
    assert_eq!(r.text(r.comments[0].text), b" a { b ; c ");
    assert_eq!(tags(&r).len(), 2);
    assert!(r.findings.is_empty());
}

#[test]
fn brace_comment_spans_lines_and_blank_lines_inside_do_not_end_the_game() {
    // 3: "a comment may include semi-empty lines that do not end the game".
    let v = read_all(
        "[Event \"x\"]\n{ line one\n\n% in a comment since 2.1\nline two }\n[Board \"1\"]\n",
    );
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0].text(v[0].comments[0].text),
        b" line one\n\n% in a comment since 2.1\nline two "
    );
    assert!(v[0].escapes.is_empty());
    assert_eq!(tags(&v[0]).len(), 2);
}

// ---- 3 record boundaries -------------------------------------------------------

#[test]
fn semi_empty_lines_separate_records() {
    // 3: a semi-empty line is empty or has only spaces and/or tabs.
    let v = read_all("[Board \"1\"]\n \t \n[Board \"2\"]\n\n\n\n[Board \"3\"]\n");
    let boards: Vec<String> = v.iter().map(|r| tags(r)[0].1.clone()).collect();
    assert_eq!(boards, ["1", "2", "3"]);
    assert_eq!(v.iter().map(|r| r.index).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(v[1].start, Pos::new(3, 1));
}

#[test]
fn record_without_blank_line_is_a_notice_and_both_are_read() {
    let text =
        "[Event \"A\"]\n[Board \"1\"]\n[Auction \"N\"]\n1C AP\n[Event \"B\"]\n[Board \"2\"]\n";
    let v = read_all(text);
    assert_eq!(v.len(), 2);
    assert_eq!(tags(&v[0])[0], ("Event".into(), "A".into()));
    assert_eq!(section(&v[0], "Auction").len(), 2);
    assert!(v[0].findings.is_empty());
    assert_eq!(
        tags(&v[1]),
        [("Event".into(), "B".into()), ("Board".into(), "2".into())]
    );
    assert_eq!(rules_of(&v[1]), ["pbn.record.missing-blank-line"]);
    assert_eq!(v[1].findings[0].pos, Pos::new(5, 1));
    assert_eq!(v[1].findings[0].record, 2);
}

#[test]
fn record_without_blank_line_in_the_middle_of_a_line() {
    let v = read_all("[Board \"1\"] [Board \"2\"] [Site \"S\"]\n");
    assert_eq!(v.len(), 2);
    assert_eq!(tags(&v[0]), [("Board".into(), "1".into())]);
    assert_eq!(
        tags(&v[1]),
        [("Board".into(), "2".into()), ("Site".into(), "S".into())]
    );
}

#[test]
fn several_record_splits_on_one_line_end() {
    // Found by fuzzing: a second split on the same line used to re-read the first
    // pending text forever.
    let v = read_all("[Board \"1\"\u{b2}[Board \"2\"] [Board \"3\"] [Board \"4\"]\n");
    let boards: Vec<String> = v.iter().map(|r| tags(r)[0].1.clone()).collect();
    assert_eq!(boards, ["1", "2", "3", "4"]);
}

// ---- 3.5, 3.6 section tokens ---------------------------------------------------

#[test]
fn auction_tokens() {
    // 3.2: call tokens, suffixes, note tokens, NAGs, *, +, irregularities.
    let r = one("[Auction \"N\"]\n1D ^I 1C!? =1= $15 - ^S AP\n*\n");
    use TokenKind::*;
    let expected: Vec<(TokenKind, String)> = [
        (Word, "1D"),
        (Irregularity, "I"),
        (Word, "1C"),
        (Suffix, "!?"),
        (Note, "1"),
        (Nag, "15"),
        (Word, "-"),
        (Irregularity, "S"),
        (Word, "AP"),
        (Star, "*"),
    ]
    .iter()
    .map(|(k, s)| (*k, s.to_string()))
    .collect();
    assert_eq!(section(&r, "Auction"), expected);
    assert_eq!(r.tokens[2].pos, Pos::new(2, 7));
}

#[test]
fn suffix_token_ends_after_two_characters() {
    // 3.2: "A suffix token is terminated after the second suffix character".
    let r = one("[Auction \"N\"]\n1C !!!\n");
    let s: Vec<String> = section(&r, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(s, ["1C", "!!", "!"]);
}

#[test]
fn play_tokens_with_notes_and_dashes() {
    let r = one("[Play \"W\"]\nSK =1= H3 ^R S4 S3\n-  -  -  H2\n+\n*\n");
    let s: Vec<String> = section(&r, "Play").into_iter().map(|t| t.1).collect();
    assert_eq!(
        s,
        [
            "SK", "1", "H3", "R", "S4", "S3", "-", "-", "-", "H2", "+", "*"
        ]
    );
}

#[test]
fn bad_characters_in_sections_are_reported() {
    let r = one("[Auction \"N\"]\n1C & =a= $x Pass\n");
    assert_eq!(
        rules_of(&r),
        ["pbn.syntax.token", "pbn.syntax.token", "pbn.syntax.token"]
    );
    let s: Vec<String> = section(&r, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(s, ["1C", "Pass"]);
}

#[test]
fn notes_after_the_auction_stay_in_the_auction_section() {
    let r = one("[Auction \"N\"]\n1C =1= Pass\n[Note \"1:strong\"]\nPass Pass\n[Play \"E\"]\nSA\n");
    let a: Vec<String> = section(&r, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(a, ["1C", "1", "Pass", "Pass", "Pass"]);
    let p: Vec<String> = section(&r, "Play").into_iter().map(|t| t.1).collect();
    assert_eq!(p, ["SA"]);
}

#[test]
fn text_after_a_plain_tag_or_outside_tags_is_reported() {
    let r = one("bad characters\n[Event \"x\"] stray\n");
    assert_eq!(rules_of(&r), ["pbn.syntax.token", "pbn.section.unexpected"]);
    assert_eq!(r.findings[1].pos, Pos::new(2, 13));
}

// ---- 4.8 inheritance -----------------------------------------------------------

#[test]
fn hash_inherits_the_nearest_previous_value() {
    let v = read_all("[Site \"A\"]\n\n[Board \"2\"]\n\n[Site \"#\"]\n\n[Site \"#\"]\n");
    assert_eq!(tags(&v[2]), [("Site".into(), "A".into())]);
    assert_eq!(tags(&v[3]), [("Site".into(), "A".into())]);
    assert_eq!(v[2].tags[0].inherit, Inherit::Hash);
}

#[test]
fn hash_without_previous_value_is_empty() {
    let r = one("[Event \"#\"]\n");
    assert_eq!(tags(&r), [("Event".into(), String::new())]);
}

#[test]
fn double_hash_applies_to_all_later_games_until_redefined() {
    let v = read_all(
        "[Date \"##1998.01.15\"]\n[Board \"1\"]\n\n[Board \"2\"]\n\n[Date \"1998.01.16\"]\n[Board \"3\"]\n\n[Board \"4\"]\n",
    );
    let date = |r: &RawRecord| {
        r.tag("Date")
            .map(|d| String::from_utf8_lossy(d).into_owned())
    };
    assert_eq!(date(&v[0]).as_deref(), Some("1998.01.15"));
    assert_eq!(date(&v[1]).as_deref(), Some("1998.01.15"));
    assert_eq!(v[1].find_tag("Date").unwrap().inherit, Inherit::Sticky);
    assert_eq!(date(&v[2]).as_deref(), Some("1998.01.16"));
    assert_eq!(date(&v[3]).as_deref(), Some("1998.01.16"));
}

#[test]
fn forbidden_inheritance_is_reported_and_still_resolved() {
    let v = read_all("[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n\n[Deal \"#\"]\n");
    assert_eq!(rules_of(&v[1]), ["pbn.tag.inheritance"]);
    assert_eq!(v[1].tag("Deal"), Some(&b"N:AKQJ.AKQ.AKQ.AKQ - - -"[..]));
    assert!(
        v[1].findings[0]
            .message
            .ends_with("the value is taken from the previous record")
    );
    // `##NS`: the value after the marks, which the message says.
    let v = read_all("[Vulnerable \"None\"]\n\n[Vulnerable \"##NS\"]\n");
    assert_eq!(rules_of(&v[1]), ["pbn.tag.inheritance"]);
    assert_eq!(v[1].tag("Vulnerable"), Some(&b"NS"[..]));
    assert!(
        v[1].findings[0]
            .message
            .ends_with("with `##` (PBN 4.8); the value after `##` is read"),
        "{}",
        v[1].findings[0].message
    );
}

// ---- 5 supplemental sections ---------------------------------------------------

#[test]
fn table_elements_and_strings() {
    let r = one("[TotalScoreTable \"Rank;Names\\10\"]\n1 \"Smith;Jones\" 2 \"A \\\"B\\\"\"\n");
    use TokenKind::*;
    assert_eq!(
        section(&r, "TotalScoreTable"),
        [
            (Element, "1".to_string()),
            (Str, "Smith;Jones".to_string()),
            (Element, "2".to_string()),
            (Str, "A \"B\"".to_string())
        ]
    );
}

#[test]
fn unknown_tags_may_carry_section_data() {
    // 4.9: "a parser ... skip all the section data until a tag has been found".
    let r = one("[MyTable \"a;b\"]\nx y\n[Board \"1\"]\n");
    assert_eq!(section(&r, "MyTable").len(), 2);
    assert!(r.findings.is_empty());
}

// ---- real-file quirks (corpus README) -------------------------------------------

#[test]
fn quirk_latin1_bytes_are_kept() {
    // 2.2: PBN is ISO 8859-1; the bytes of a value are kept as written.
    let v = read_all_chunked(
        b"[West \"M\xFCller\"]\n[Site \"Des Indes\xA0- The Hague\"]\n",
        3,
    );
    assert_eq!(v[0].tag("West"), Some(&b"M\xFCller"[..]));
    assert!(v[0].findings.is_empty());
    assert_eq!(
        crate::text::decode(v[0].tag("West").unwrap()),
        "M\u{fc}ller"
    );
}

#[test]
fn quirk_crlf_line_ends() {
    let v = read_all_chunked(
        b"[Board \"1\"]\r\n[Auction \"N\"]\r\n1C Pass\r\n\r\n[Board \"2\"]\r\n",
        5,
    );
    assert_eq!(v.len(), 2);
    assert_eq!(v[0].tag("Board"), Some(&b"1"[..]));
    let last = v[0].tokens.last().unwrap();
    assert_eq!(v[0].text(last.text), b"Pass");
}

#[test]
fn quirk_tabs_separate_tokens() {
    // BBO files separate calls with tabs.
    let r = one("[Auction \"N\"]\nPass\t1S =1=\tPass\t2C\n");
    let s: Vec<String> = section(&r, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(s, ["Pass", "1S", "1", "Pass", "2C"]);
    assert!(r.findings.is_empty());
}

#[test]
fn quirk_semicolon_inside_a_quoted_value_is_not_a_comment() {
    let r = one("[Annotator \"Jacobs;Horton\"] ; real comment\n");
    assert_eq!(r.tag("Annotator"), Some(&b"Jacobs;Horton"[..]));
    assert_eq!(r.comments.len(), 1);
    assert_eq!(r.text(r.comments[0].text), b" real comment");
}

#[test]
fn quirk_unterminated_brace_resumes_at_the_next_record() {
    let text = "[Board \"1\"]\n{ a comment that never closes\nmore text\n\n[Board \"2\"]\n[Site \"S\"]\n\n[Board \"3\"]\n";
    let v = read_all(text);
    assert_eq!(v.len(), 3);
    assert_eq!(rules_of(&v[0]), ["pbn.syntax.comment"]);
    assert_eq!(v[0].findings[0].pos, Pos::new(2, 1));
    assert_eq!(
        v[0].text(v[0].comments[0].text),
        b" a comment that never closes\nmore text\n"
    );
    assert_eq!(
        tags(&v[1]),
        [("Board".into(), "2".into()), ("Site".into(), "S".into())]
    );
    assert_eq!(tags(&v[2]), [("Board".into(), "3".into())]);
}

#[test]
fn quirk_unterminated_brace_at_the_start_of_a_file() {
    let v = read_all("{ header never closed\n\n[Board \"1\"]\n\n[Board \"2\"]\n");
    assert_eq!(v.len(), 2);
    assert_eq!(rules_of(&v[0]), ["pbn.syntax.comment"]);
    assert_eq!(tags(&v[0]), [("Board".into(), "1".into())]);
}

#[test]
fn quirk_unterminated_brace_at_end_of_file() {
    let v = read_all("[Board \"1\"]\n{ open\n");
    assert_eq!(v.len(), 1);
    assert_eq!(rules_of(&v[0]), ["pbn.syntax.comment"]);
}

// ---- limits and chunking ------------------------------------------------------

#[test]
fn over_long_line_is_cut_with_a_finding_and_the_next_record_is_read() {
    let mut text = b"[Event \"".to_vec();
    text.extend(std::iter::repeat_n(b'x', 1000));
    text.extend_from_slice(b"\"]\n\n[Board \"2\"]\n");
    let mut r = Reader::with_limits(
        &text[..],
        Limits {
            max_line: 100,
            ..Limits::default()
        },
    );
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    let rules = rules_of(&rec);
    assert!(rules.contains(&"pbn.limit.line"), "{rules:?}");
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec.tag("Board"), Some(&b"2"[..]));
}

#[test]
fn any_chunking_gives_the_same_records() {
    let text = b"% PBN 2.1\r\n[Event \"A;B\"]\r\n{c1\r\n\r\nc2}\r\n[Auction \"N\"]\r\n1C =1= Pass AP\r\n[Note \"1:x\"]\r\n\r\n[Event \"#\"] [Board \"2\"]\r\n[Board \"3\"]\r\n";
    let whole = read_all_chunked(text, usize::MAX);
    assert_eq!(whole.len(), 3);
    for chunk in 1..text.len() {
        let parts = read_all_chunked(text, chunk);
        assert_eq!(parts.len(), whole.len(), "chunk {chunk}");
        for (a, b) in parts.iter().zip(&whole) {
            assert_eq!(tags(a), tags(b), "chunk {chunk}");
            assert_eq!(a.findings, b.findings, "chunk {chunk}");
            assert_eq!(a.tokens.len(), b.tokens.len(), "chunk {chunk}");
        }
    }
}

// ---- fast paths: the same text read the fast and the general way ---------------

/// Tags (name, value) and section tokens (kind, text).
type Content = (Vec<(String, String)>, Vec<(TokenKind, String)>);

/// Tags and section tokens without positions, for comparing two spellings.
fn content(rec: &RawRecord) -> Content {
    let toks = rec
        .tokens
        .iter()
        .map(|t| {
            (
                t.kind,
                String::from_utf8_lossy(rec.text(t.text)).into_owned(),
            )
        })
        .collect();
    (tags(rec), toks)
}

#[test]
fn plain_tag_lines_read_like_their_general_spellings() {
    // `[Name "value"]` takes the fast path; two spaces, a space before `]`, an
    // escaped quote or a second tag on the line take the general one.
    let fast = read_all("[Event \"A b\"]\n[Board \"7\"]\n[Zz \"q\"]\n\n[Event \"#\"]\n");
    let slow = read_all("[Event  \"A b\"]\n[Board \"7\" ]\n[Zz\t\"q\"]\n\n[ Event \"#\"]\n");
    assert_eq!(fast.len(), 2);
    for (f, s) in fast.iter().zip(&slow) {
        assert_eq!(content(f), content(s));
        assert_eq!(f.findings, s.findings);
    }
    assert_eq!(fast[1].tag("Event"), Some(&b"A b"[..]));
    assert_eq!(fast[1].tags[0].inherit, Inherit::Hash);
    // Columns: `[` at 1, the value's quote after the name and one space.
    assert_eq!(fast[0].tags[1].pos, Pos::new(2, 1));
    assert_eq!(fast[0].tags[1].value_pos, Pos::new(2, 8));
    let esc = one("[Event \"a\\\"b\"]\n");
    assert_eq!(tags(&esc), [("Event".into(), "a\"b".into())]);
}

#[test]
fn plain_tag_starting_a_record_splits_like_the_general_path() {
    // A second Board on a line of its own (fast) and after a comment (general).
    let fast = read_all("[Board \"1\"]\n[Board \"2\"] [Event \"e\"]\n");
    let slow = read_all("[Board \"1\"]\n{c}[Board \"2\"] [Event \"e\"]\n");
    assert_eq!(fast.len(), 2);
    assert_eq!(slow.len(), 2);
    assert_eq!(content(&fast[1]), content(&slow[1]));
    assert_eq!(
        tags(&fast[1]),
        [("Board".into(), "2".into()), ("Event".into(), "e".into())]
    );
    assert_eq!(rules_of(&fast[1]), ["pbn.record.missing-blank-line"]);
}

#[test]
fn section_word_lines_read_like_the_general_lexer() {
    // A line that starts with a word takes the fast loop up to the first byte
    // that is not a word or a blank; after a comment the general lexer reads it.
    let fast = one("[Auction \"N\"]\n1C Pass\t2NT =1= X\n[Play \"E\"]\nSK HA\n");
    let slow = one("[Auction \"N\"]\n{}1C Pass\t2NT =1= X\n[Play \"E\"]\n{}SK HA\n");
    assert_eq!(content(&fast), content(&slow));
    use TokenKind::*;
    let auction: Vec<(TokenKind, String)> = [
        (Word, "1C"),
        (Word, "Pass"),
        (Word, "2NT"),
        (Note, "1"),
        (Word, "X"),
    ]
    .iter()
    .map(|(k, s)| (*k, s.to_string()))
    .collect();
    assert_eq!(section(&fast, "Auction"), auction);
    assert_eq!(fast.tokens[2].pos, Pos::new(2, 9));
    assert_eq!(section(&fast, "Play").len(), 2);
}

#[test]
fn section_words_near_the_token_limit_go_the_general_way() {
    // max_tokens 3: the fourth call is over the limit, reported once at its column.
    let text = b"[Auction \"N\"]\n1C 1D 1H 1S\n";
    let mut r = Reader::with_limits(
        &text[..],
        Limits {
            max_tokens: 3,
            ..Limits::default()
        },
    );
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    let calls: Vec<String> = section(&rec, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(calls, ["1C", "1D", "1H"]);
    assert_eq!(rules_of(&rec), ["pbn.limit.record"]);
    assert_eq!(rec.findings[0].pos, Pos::new(2, 10));
}

#[test]
fn sticky_tags_added_later_join_in_name_order() {
    // Site becomes sticky first, then Event, then a tag PBN does not define; each
    // later record without them gets all of them, sorted by name.
    let v = read_all(
        "[Site \"##S\"]\n[Board \"1\"]\n\n[Event \"##E\"]\n[Board \"2\"]\n\n[Abc \"##a\"]\n\n[Board \"3\"]\n\n[Site \"T\"]\n",
    );
    assert_eq!(v.len(), 5);
    let sticky = |r: &RawRecord| -> Vec<(String, String)> {
        let all = tags(r);
        r.tags
            .iter()
            .zip(all)
            .filter(|(t, _)| t.inherit == Inherit::Sticky)
            .map(|(_, nv)| nv)
            .collect()
    };
    let nv = |n: &str, v: &str| (n.to_string(), v.to_string());
    assert_eq!(sticky(&v[0]), []);
    assert_eq!(sticky(&v[1]), [nv("Site", "S")]);
    assert_eq!(sticky(&v[2]), [nv("Event", "E"), nv("Site", "S")]);
    assert_eq!(
        sticky(&v[3]),
        [nv("Abc", "a"), nv("Event", "E"), nv("Site", "S")]
    );
    // Redefined without `##`, Site stays sticky with its new value.
    assert_eq!(sticky(&v[4]), [nv("Abc", "a"), nv("Event", "E")]);
    assert_eq!(v[4].tag("Site"), Some(&b"T"[..]));
}

#[test]
fn hash_recalls_values_from_records_further_back() {
    // Site is given in record 1 only: records 2 and 3 lack it, record 4 recalls it
    // with `#` (the value had to outlive two records that did not repeat it).
    // Event changes in every record; `#` takes the nearest one.
    let v = read_all(
        "[Event \"E1\"]\n[Site \"S1\"]\n\n[Event \"E2\"]\n\n[Event \"E3\"]\n\n[Event \"#\"]\n[Site \"#\"]\n\n[Board \"#\"]\n[Site \"#\"]\n",
    );
    assert_eq!(v.len(), 5);
    assert_eq!(
        tags(&v[3]),
        [("Event".into(), "E3".into()), ("Site".into(), "S1".into())]
    );
    assert_eq!(v[3].tags[1].inherit, Inherit::Hash);
    // Board was never given: empty. Site was recalled in record 4: still S1.
    assert_eq!(
        tags(&v[4]),
        [
            ("Board".into(), String::new()),
            ("Site".into(), "S1".into())
        ]
    );
}

#[test]
fn hash_in_the_same_record_recalls_its_earlier_value() {
    // An empty Auction then `[Auction "#"]` (the general path: a repeated tag
    // whose first has no section data) recalls this record's "" value; a second
    // Event with `#` starts a new record with this record's Event.
    let v = read_all("[Event \"A\"]\n[Auction \"N\"]\n[Auction \"#\"]\n1C\n[Event \"#\"]\n");
    assert_eq!(v.len(), 2);
    assert_eq!(v[0].tags[2].inherit, Inherit::Hash);
    assert_eq!(v[0].value(&v[0].tags[2]), b"N");
    assert_eq!(tags(&v[1]), [("Event".into(), "A".into())]);
}

#[test]
fn values_far_into_a_large_record_are_kept_for_hash() {
    // A 100 KB comment before the tags puts their values beyond the part of the
    // arena copied whole, so they are kept one by one.
    let mut text = String::from("{");
    for _ in 0..2_000 {
        text.push_str(&"c".repeat(50));
        text.push('\n');
    }
    text.push_str("}\n[Event \"far\"]\n[Site \"x\"]\n\n[Event \"#\"]\n[Site \"#\"]\n");
    let v = read_all(&text);
    assert_eq!(v.len(), 2);
    assert_eq!(
        tags(&v[1]),
        [("Event".into(), "far".into()), ("Site".into(), "x".into())]
    );
}

/// The records of `text` fed whole, checked to equal those of `text` fed one
/// byte at a time (no line is then ever whole in the line reader's buffer, so
/// no fast path reads from it): contents, positions, findings, extent and
/// comments.
fn whole_as_trickled(text: &[u8]) -> Vec<RawRecord> {
    let whole = read_all_chunked(text, usize::MAX);
    let trickled = read_all_chunked(text, 1);
    assert_eq!(whole.len(), trickled.len());
    let pos = |r: &RawRecord| -> Vec<Pos> {
        let tags = r.tags.iter().flat_map(|t| [t.pos, t.value_pos]);
        tags.chain(r.tokens.iter().map(|t| t.pos)).collect()
    };
    for (a, b) in whole.iter().zip(&trickled) {
        assert_eq!(content(a), content(b));
        assert_eq!(pos(a), pos(b));
        assert_eq!(a.findings, b.findings);
        assert_eq!((a.start, a.end_line), (b.start, b.end_line));
        assert_eq!(a.comments, b.comments);
    }
    whole
}

#[test]
fn empty_lines_end_records_alike_from_the_buffer_and_one_byte_at_a_time() {
    // Empty lines of both line ends, before any record, between records, in
    // twos, and inside a comment (which they do not end); a line of blanks
    // and a `\r\r\n` line end records too. Each record ends at the line that
    // ends it, whether the text comes whole or one byte at a time.
    let text = b"\n\r\n[Board \"1\"]\n\n\r\n[Board \"2\"]\r\n{a\n\nb}\n\r\n\
[Board \"3\"]\n \t\n[Board \"4\"]\n\r\r\n[Board \"5\"]\n";
    let whole = whole_as_trickled(text);
    let lines = |r: &RawRecord| (r.start.line, r.end_line);
    assert_eq!(
        whole.iter().map(lines).collect::<Vec<_>>(),
        [(3, 4), (6, 10), (11, 12), (13, 14), (15, 15)]
    );
    assert!(whole.iter().all(|r| r.findings.is_empty()));
    assert_eq!(whole[1].comments.len(), 1);
}

#[test]
fn lines_read_from_the_buffer_equal_lines_read_one_by_one() {
    // Fed whole, plain tag lines and auction/play word lines are read straight
    // from the line reader's buffer; fed one byte at a time no line is ever
    // whole in the buffer, so every line goes through `LineReader::next_line`.
    // Both must give the same records, positions included.
    let text =
        b"[Event \"E\"]\r\n[Board \"1\"]\r\n[Auction \"N\"]\r\n1C Pass 1H \r\nPass\t2C =1= AP\r\n\
[Play \"E\"]\nSK HA\nS2 {c} S3\n  D4 D5\n[Note \"1:x\"]\n[Event \"\xE9\"]\n[Zz \"q\\\\\"]\n\n\
[Event \"#\"]\r\n[Board \"2\"] ; c\r\n[Board \"3\"]\r\n[Auction \"S\"]\r\n1NT\r\r\n";
    let whole = whole_as_trickled(text);
    // The second Event and the second Board each start a record.
    assert_eq!(whole.len(), 4);
    let calls: Vec<String> = section(&whole[0], "Auction")
        .into_iter()
        .map(|t| t.1)
        .collect();
    assert_eq!(calls, ["1C", "Pass", "1H", "Pass", "2C", "1", "AP"]);
    assert_eq!(whole[0].tokens[2].pos, Pos::new(4, 9));
    assert_eq!(whole[3].end_line, 18);
    assert_eq!(whole[3].tag("Board"), Some(&b"3"[..]));
}

#[test]
fn a_run_of_tag_lines_reads_like_lines_read_one_by_one() {
    // Plain tag lines in a row are read in one go from the buffer: a record
    // that starts in the middle of the run (a second Board), a `#` value and an
    // unknown tag in it, then a word line, must end and start where the lines
    // read one by one put them.
    let text = b"[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Board \"2\"]\n[Event \"#\"]\n\
[Zz \"q\"]\n[Auction \"N\"]\n1C Pass\n[Board \"3\"]\n[Board \"4\"]\n\n[Site \"s\"]\n";
    let whole = whole_as_trickled(text);
    assert_eq!(whole.len(), 5);
    // By hand: the first record ends on line 4, where Board 2 starts the next;
    // that one holds lines 4-8 and its Event is the first record's.
    assert_eq!((whole[0].start.line, whole[0].end_line), (1, 4));
    assert_eq!(whole[1].start, Pos::new(4, 1));
    assert_eq!(whole[1].tag("Event"), Some(&b"E"[..]));
    assert_eq!(whole[1].tags[3].pos, Pos::new(7, 1));
    assert_eq!(whole[2].tag("Board"), Some(&b"3"[..]));
    assert_eq!(whole[3].start, Pos::new(10, 1));
    assert_eq!(whole[4].tags[0].pos, Pos::new(12, 1));
}

#[test]
fn word_lines_near_the_token_limit_are_read_one_by_one() {
    // With max_tokens 5 the whole-line limit test fails for the buffered word
    // line, which then goes the general way: five tokens, then one finding.
    let text = b"[Auction \"N\"]\n1C 1D\n1H 1S 2C 2D\n";
    let mut r = Reader::with_limits(
        &text[..],
        Limits {
            max_tokens: 5,
            ..Limits::default()
        },
    );
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    let calls: Vec<String> = section(&rec, "Auction").into_iter().map(|t| t.1).collect();
    assert_eq!(calls, ["1C", "1D", "1H", "1S", "2C"]);
    assert_eq!(rules_of(&rec), ["pbn.limit.record"]);
    assert_eq!(rec.findings[0].pos, Pos::new(3, 10));
}

#[test]
fn star_lines_read_like_the_general_lexer() {
    // `*` alone on a line in an auction or play section is read from the buffer
    // (fed whole); after a comment, or fed one byte at a time, the general lexer
    // reads it. Outside a section it is text no tag owns (general path only).
    let text = "[Auction \"N\"]\n1C\n*\r\n[Play \"E\"]\nSK\n*\n[Board \"1\"]\n*\n";
    let slow_text = "[Auction \"N\"]\n1C\n{}*\r\n[Play \"E\"]\nSK\n{}*\n[Board \"1\"]\n*\n";
    let fast = one(text);
    let slow = one(slow_text);
    let trickled = read_all_chunked(text.as_bytes(), 1);
    assert_eq!(content(&fast), content(&slow));
    assert_eq!(content(&fast), content(&trickled[0]));
    use TokenKind::*;
    let auction = [(Word, "1C".to_string()), (Star, "*".to_string())];
    assert_eq!(section(&fast, "Auction"), auction);
    let play = [(Word, "SK".to_string()), (Star, "*".to_string())];
    assert_eq!(section(&fast, "Play"), play);
    // The stars at line 3 and 6, column 1; the last one is reported there.
    let stars: Vec<Pos> = (fast.tokens.iter())
        .filter(|t| t.kind == Star)
        .map(|t| t.pos)
        .collect();
    assert_eq!(stars, [Pos::new(3, 1), Pos::new(6, 1)]);
    assert_eq!(rules_of(&fast), ["pbn.section.unexpected"]);
    assert_eq!(fast.findings[0].pos, Pos::new(8, 1));
    assert_eq!(fast.findings, trickled[0].findings);
    assert_eq!(fast.end_line, 8);
    assert_eq!(fast.end_line, trickled[0].end_line);
}

#[test]
fn word_lines_take_the_same_arena_bytes_from_the_buffer_or_one_by_one() {
    // A word line is copied once, blanks included, whichever way it is read: fed
    // whole (from the line buffer, `direct_words`) or one byte at a time
    // (`next_line`, then `section_words`). The arena, and so where a record
    // limit falls, is the same.
    let text = b"[Auction \"N\"]\n1C  Pass 1H\r\nPass 2C \n[Play \"E\"]\nSK HA S2 S3\n";
    let whole = read_all_chunked(text, usize::MAX);
    let trickled = read_all_chunked(text, 1);
    // Values (the defined names are not copied), then each word line without
    // its line end.
    let expected = b"N1C  Pass 1HPass 2C ESK HA S2 S3";
    assert_eq!(whole[0].arena, expected);
    assert_eq!(trickled[0].arena, expected);
    assert_eq!(content(&whole[0]), content(&trickled[0]));
    let calls: Vec<String> = section(&whole[0], "Auction")
        .into_iter()
        .map(|t| t.1)
        .collect();
    assert_eq!(calls, ["1C", "Pass", "1H", "Pass", "2C"]);
    // 25 bytes: the play line does not fit whole (21 bytes before it), so its
    // cards are read one by one on both ways and S2 is over the limit.
    for chunk in [usize::MAX, 1] {
        let mut r = Reader::with_limits(
            crate::lines::tests::Trickle(text, chunk),
            Limits {
                max_record_bytes: 25,
                ..Limits::default()
            },
        );
        let mut rec = RawRecord::default();
        assert!(r.read_record(&mut rec).unwrap());
        let cards: Vec<String> = section(&rec, "Play").into_iter().map(|t| t.1).collect();
        assert_eq!(cards, ["SK", "HA"], "chunk {chunk}");
        assert_eq!(rules_of(&rec), ["pbn.limit.record"]);
        assert_eq!(rec.findings[0].pos, Pos::new(5, 7));
    }
}

#[test]
fn defined_tag_names_are_not_copied_on_either_path() {
    // The same tags read the fast way (one per line) and the general way (a tag
    // spanning lines, a comment before one): the arena holds the values and
    // the name PBN does not define, never a defined name, and `name` gives the
    // spelling either way; a repeated tag is reported by its name.
    let fast = one("[Event \"A\"]\n[Zz \"q\"]\n[Site \"S\"]\n[Site \"T\"]\n");
    let slow = one("[Event\n\"A\"]\n{c}[Zz \"q\"]\n[ Site \"S\"]\n[Site  \"T\"]\n");
    for r in [&fast, &slow] {
        assert_eq!(
            tags(r),
            [
                ("Event".into(), "A".into()),
                ("Zz".into(), "q".into()),
                ("Site".into(), "S".into())
            ]
        );
        assert!(r.tags[0].name.is_empty() && r.tags[2].name.is_empty());
        assert_eq!(r.text(r.tags[1].name), b"Zz");
        assert_eq!(r.findings.len(), 1);
        assert_eq!(
            r.findings[0].message,
            "tag Site is given a second time; the second one is ignored (PBN 3.4)"
        );
    }
    assert_eq!(fast.arena, b"AZzqS");
    // The general path also keeps the comment's text.
    assert_eq!(slow.arena, b"AcZzqS");
    // A second Event with `#` starts a record and is carried to it by name.
    let v = read_all("[Event \"E\"]\n[Event \"#\"]\n[Board \"1\"]\n");
    assert_eq!(v.len(), 2);
    assert_eq!(
        tags(&v[1]),
        [("Event".into(), "E".into()), ("Board".into(), "1".into())]
    );
    assert_eq!(v[1].arena, b"E1");
}

#[test]
fn a_reader_keeps_nothing_of_the_last_reader_on_its_thread() {
    // The first input makes Event sticky, gives Site a long value and Date a
    // short one, and reads on until both values moved to their slots; the
    // next reader takes these slots.
    let long = "x".repeat(2 * KEEP_VALUE);
    let first = format!(
        "[Event \"##E\"]\n[Site \"{long}\"]\n[Date \"2001.01.01\"]\n[Board \"1\"]\n\n\
         [Board \"2\"]\n\n[Board \"3\"]\n\n[Board \"4\"]\n"
    );
    let next = "[Stage \"##F\"]\n[Board \"5\"]\n\n[Site \"#\"]\n[Date \"#\"]\n[Board \"6\"]\n";
    type Seen = Vec<(Vec<(String, String)>, Vec<&'static str>)>;
    let seen = |text: &str| -> Seen {
        (read_all(text).iter())
            .map(|r| (tags(r), rules_of(r)))
            .collect()
    };
    let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
    let before = seen(&first);
    assert!(before[3].0.contains(&pair("Event", "E")));
    let after = seen(next);
    // What a reader on a thread that never read anything sees.
    let fresh = std::thread::spawn(move || seen(next)).join().unwrap();
    assert_eq!(after, fresh);
    // Only Stage is sticky, and `#` finds no earlier value.
    assert!(after[1].0.contains(&pair("Stage", "F")));
    assert!(
        after
            .iter()
            .all(|(t, _)| t.iter().all(|(n, _)| n != "Event"))
    );
    assert!(after[1].0.contains(&pair("Site", "")));
    assert!(after[1].0.contains(&pair("Date", "")));
}

#[test]
fn random_word_lines_read_alike_from_the_buffer_and_one_byte_at_a_time() {
    // Lines of words, blanks and now and then another byte, of 1 to 80 bytes,
    // with either line end: read whole (`direct_words`, from the buffer) and
    // fed one byte or five bytes at a time (the general lexer), the records
    // are the same, positions, arena and findings included.
    let mut rng = crate::xorshift::Xorshift(0x2545_f491_4f6c_dd1d);
    let mut next = |n: usize| rng.below(n);
    let words: [&[u8]; 9] = [
        b"Pass", b"1NT", b"X", b"S4", b"HA", b"-", b"7c", b"AP", b"xyzzy9",
    ];
    let odd: [&[u8]; 6] = [b"\t", b"=1=", b"_", b"\xe9", b"$", b"*"];
    let mut text = Vec::new();
    for record in 0..60 {
        text.extend_from_slice(if record % 2 == 0 {
            b"[Auction \"N\"]\n"
        } else {
            b"[Play \"W\"]\n"
        });
        for _ in 0..8 {
            if next(3) == 0 {
                // Four words of two bytes (the shape `four_pairs` reads), one
                // byte of them perhaps changed to a blank, a tab, a third byte
                // of a word or a byte no word has.
                let mut line = b"SA H2 d3 7c".to_vec();
                if next(2) == 0 {
                    let swap = [b' ', b'\t', b'T', b'_', b'\xe9', b'-'];
                    line[next(11)] = swap[next(swap.len())];
                }
                if next(2) == 0 {
                    line.push(b' ');
                }
                text.extend_from_slice(&line);
                text.extend_from_slice(if next(3) == 0 { b"\r\n" } else { b"\n" });
                continue;
            }
            let target = 1 + next(80);
            let mut line = words[next(words.len())].to_vec();
            while line.len() < target {
                line.extend(std::iter::repeat_n(b' ', 1 + next(3) / 2));
                if next(40) == 0 {
                    line.extend_from_slice(odd[next(odd.len())]);
                }
                line.extend_from_slice(words[next(words.len())]);
            }
            if next(5) == 0 {
                line.push(b' ');
            }
            text.extend_from_slice(&line);
            text.extend_from_slice(if next(3) == 0 { b"\r\n" } else { b"\n" });
        }
        text.push(b'\n');
    }
    let whole = read_all_chunked(&text, usize::MAX);
    assert_eq!(whole.len(), 60);
    let mut tokens = 0;
    for chunk in [1, 5] {
        let other = read_all_chunked(&text, chunk);
        assert_eq!(whole.len(), other.len());
        for (a, b) in whole.iter().zip(&other) {
            assert_eq!(content(a), content(b), "chunk {chunk}");
            let pos = |r: &RawRecord| -> Vec<Pos> { r.tokens.iter().map(|t| t.pos).collect() };
            assert_eq!(pos(a), pos(b), "chunk {chunk}");
            assert_eq!(a.arena, b.arena, "chunk {chunk}");
            assert_eq!(a.findings, b.findings, "chunk {chunk}");
            assert_eq!((a.start, a.end_line), (b.start, b.end_line));
            tokens += a.tokens.len();
        }
    }
    // About 60 x 8 lines of 40 bytes, 3 to 4 bytes a word.
    assert!(tokens > 2 * 60 * 8 * 5, "only {tokens} tokens");
}

#[test]
fn c1_control_codes_and_characters_latin_1_lacks_are_reported() {
    // 0x85 alone (Latin-1's NEL); U+0085 in UTF-8 (C2 85); a right quote in
    // UTF-8 (E2 80 99), whose 0x80 and 0x99 are parts of a printing
    // character, but one ISO 8859-1 does not have (PBN 2.1 §2.2); é in UTF-8
    // (C3 A9) and in Latin-1 (E9).
    for (value, want) in [
        (&b"a\x85b"[..], Some((1, 10, "byte 0x85"))),
        (b"a\xc2\x85b", Some((1, 10, "character U+0085"))),
        (
            b"I\xe2\x80\x99ve",
            Some((1, 10, "character U+2019 (`\u{2019}`) is not in ISO 8859-1")),
        ),
        (b"caf\xc3\xa9", None),
        (b"caf\xe9", None),
    ] {
        let mut text = b"[Event \"".to_vec();
        text.extend_from_slice(value);
        text.extend_from_slice(b"\"]\n");
        let mut rec = RawRecord::default();
        assert!(Reader::new(&text[..]).read_record(&mut rec).unwrap());
        let got = rec
            .findings
            .iter()
            .find(|f| f.rule == "pbn.syntax.character")
            .map(|f| (f.pos.line, f.pos.col, f.message.clone()));
        match (got, want) {
            (None, None) => {}
            (Some((l, c, m)), Some((wl, wc, w))) => {
                assert_eq!((l, c), (wl, wc), "{m}");
                assert!(m.starts_with(w), "{m}");
            }
            (got, want) => panic!("{value:?}: {got:?}, want {want:?}"),
        }
    }
}
