//! Decoder tests written from PBN 2.1 chapters 3-5. Expected values come from
//! the spec's text and examples.

use super::*;
use crate::bridge::{AuctionCall, ContractTag, DeclarerTag, PlayCard, Room};
use crate::pbn::Reader;
use crate::{Call, Card, Seat};

fn decode_text(text: &str) -> (Board, Vec<Finding>) {
    let mut rec = RawRecord::default();
    assert!(Reader::new(text.as_bytes()).read_record(&mut rec).unwrap());
    let mut board = Board::default();
    let mut out = rec.findings.clone();
    decode(&rec, &mut board, &mut out);
    (board, out)
}

fn rules(f: &[Finding]) -> Vec<&'static str> {
    f.iter().map(|f| f.rule).collect()
}

fn call(s: &str) -> AuctionCall {
    AuctionCall::Call(s.parse::<Call>().unwrap())
}

#[test]
fn spec_example_game_decodes_without_findings() {
    // PBN 2.1 section 1.2, verbatim structure.
    let text = r#"[Event "International Amsterdam Airport Schiphol Bridgetournament"]
[Site "Amsterdam, The Netherlands NLD"]
[Date "1995.06.10"]
[Board "1"]
[West "Podgor"]
[North "Westra"]
[East "Kalish"]
[South "Leufkens"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
{
                S
                H 6 3
}
[Auction "N"]
1D      1S   3H =1= 4S
4NT =2= X    Pass   Pass
5C      X    5H     X
Pass    Pass Pass
[Note "1:non-forcing 6-9 points, 6-card"]
[Note "2:two colors: clubs and diamonds"]
[Play "W"]
SK =1= H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
-  -  -  H2
*
[Note "1:highest of series"]
"#;
    let (b, f) = decode_text(text);
    assert!(f.is_empty(), "{f:#?}");
    assert_eq!(b.number.unwrap().value, 1);
    assert_eq!(b.dealer.unwrap().value, Seat::North);
    assert_eq!(b.vulnerability.unwrap().value, crate::Vulnerability::None);
    assert_eq!(
        b.declarer.unwrap().value,
        DeclarerTag::Seat {
            seat: Seat::South,
            swapped: false
        }
    );
    assert_eq!(
        b.contract.unwrap().value,
        ContractTag::Contract("5HX".parse().unwrap())
    );
    assert_eq!(b.result.unwrap().value.unwrap().declarer, Some(9));
    assert!(b.scoring.contains(crate::bridge::Scoring::IMP));
    let a = b.auction.as_ref().unwrap();
    assert_eq!(a.first, Some(Seat::North));
    assert_eq!(a.items.len(), 15);
    assert_eq!(a.items[2].call, call("3H"));
    assert_eq!(a.items[2].note, Some(1));
    assert_eq!(a.items[4].note, Some(2));
    assert_eq!(a.items[14].call, AuctionCall::Call(Call::Pass));
    let p = b.play.as_ref().unwrap();
    assert_eq!(p.first, Some(Seat::West));
    assert_eq!(p.items.len(), 28);
    assert_eq!(
        p.items[0].card,
        PlayCard::Card("SK".parse::<Card>().unwrap())
    );
    assert_eq!(p.items[0].note, Some(1));
    assert_eq!(p.items[24].card, PlayCard::Unknown);
    assert_eq!(
        p.items[27].card,
        PlayCard::Card("H2".parse::<Card>().unwrap())
    );
    assert!(p.star.is_some());
}

#[test]
fn auction_dash_allpass_and_irregularities() {
    // 3.5: "-" before the dealer; 3.9 examples (A) and (B).
    let (b, f) = decode_text("[Dealer \"N\"]\n[Auction \"W\"]\n- 1D ^I 1C ^S 1H AP\n");
    assert!(f.is_empty(), "{f:#?}");
    let items: Vec<AuctionCall> = b
        .auction
        .as_ref()
        .unwrap()
        .items
        .iter()
        .map(|i| i.call)
        .collect();
    assert_eq!(
        items,
        [
            AuctionCall::NotYet,
            call("1D"),
            call("1C"),
            AuctionCall::Skipped,
            call("1H"),
            AuctionCall::AllPass
        ]
    );
    let a = b.auction.unwrap();
    assert!(a.items[2].insufficient_marked);
    assert!(!a.items[1].insufficient_marked);
}

#[test]
fn auction_bad_calls() {
    // Verifier cases: "1" and "8C" are not calls; "1N" (the verifier's bad
    // trump) is a lenient form real files use: a warning, read as 1NT.
    let (b, f) = decode_text("[Dealer \"W\"]\n[Auction \"W\"]\n1 1N 8C 1C\n");
    assert_eq!(
        rules(&f),
        ["pbn.auction.call", "pbn.auction.call", "pbn.token.lenient"]
    );
    assert_eq!(b.auction.unwrap().items[1].call, call("1NT"));
}

#[test]
fn annotation_rules() {
    // 3.5.2: at most one suffix, one note; 3.7: NAG 0..255, $7-$12 and $14 are
    // for cards; a suffix is a NAG $1-$6 so a suffix plus $3 is two quality marks.
    let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C ! ! 1D ! $3 1H $7 1S $256 2C =44= 2D =1= =2= Pass Pass Pass\n[Note \"1:a\"]\n[Note \"2:b\"]\n";
    let (_, f) = decode_text(text);
    // The second note reference on 2D is rejected as the call's note, but
    // it still refers to Note 2, which is not unused.
    assert_eq!(
        rules(&f),
        [
            "pbn.annotation",
            "pbn.annotation",
            "pbn.annotation",
            "pbn.annotation",
            "pbn.annotation",
            "pbn.annotation",
        ],
        "{f:#?}"
    );
}

#[test]
fn notes_missing_unused_and_malformed() {
    let text = "[Dealer \"N\"]\n[Note \"1:too early\"]\n[Auction \"N\"]\n1C =3= Pass Pass Pass\n[Note \"2:unused\"]\n[Note \"a:\"]\n[Note \"0:zero\"]\n";
    let (_, f) = decode_text(text);
    let mut r = rules(&f);
    r.sort();
    assert_eq!(
        r,
        [
            "pbn.note",
            "pbn.note",
            "pbn.note",
            "pbn.note",
            "pbn.note.unused"
        ],
        "{f:#?}"
    );
    let missing = f.iter().find(|x| x.message.contains("=3=")).unwrap();
    assert_eq!(missing.pos, crate::Pos::new(4, 4));
}

#[test]
fn play_markers_unknown_next_and_star() {
    // 3.9 (C) and (D); 3.6 "+" and "-".
    let text = "[Deal \"N:- - - -\"]\n[Declarer \"S\"]\n[Contract \"4H\"]\n[Play \"W\"]\nCA ^R S6 C3 C4\nCK C2 ^L C5 -\n+ - - -\n";
    let (b, f) = decode_text(text);
    assert!(f.is_empty(), "{f:#?}");
    let p = b.play.unwrap();
    assert!(p.items[1].revoke_marked);
    assert!(p.items[6].lead_out_of_turn_marked);
    assert_eq!(p.items[7].card, PlayCard::Unknown);
    assert_eq!(p.items[8].card, PlayCard::Next);
    assert!(p.star.is_none());
}

#[test]
fn play_bad_cards_and_markers() {
    // Verifier cases: S1, HHT, KT, CS, "--" are not cards; ^R ^R, ^R ^L are doubled.
    let text = "[Deal \"N:- - - -\"]\n[Declarer \"S\"]\n[Contract \"4H\"]\n[Play \"W\"]\nS1 HHT KT CS --\n^R ^R C5 ^R ^L C2 ^I C3\n";
    let (_, f) = decode_text(text);
    assert_eq!(
        rules(&f),
        [
            "pbn.play.card",
            "pbn.play.card",
            "pbn.play.card",
            "pbn.play.card",
            "pbn.play.card",
            "pbn.irregularity",
            "pbn.irregularity",
            "pbn.irregularity"
        ]
    );
}

#[test]
fn continuation_marker() {
    // Verifier (2.0) cases: a call after '+', two '+' in the play.
    let (_, f) = decode_text("[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass + Pass\n");
    assert_eq!(rules(&f), ["pbn.continuation"]);
    // Five calls after `+` (the verifier's errors file, game 11): the first
    // is reported, once.
    let (_, f) =
        decode_text("[Dealer \"N\"]\n[Auction \"N\"]\n5D Pass 6D +\n6S Pass Pass Pass\n+\n");
    assert_eq!(
        f.iter()
            .map(|f| (f.rule, f.pos.line, f.pos.col))
            .collect::<Vec<_>>(),
        [("pbn.continuation", 4, 1)]
    );
    let (_, f) = decode_text(
        "[Deal \"N:- - - -\"]\n[Declarer \"N\"]\n[Contract \"6S\"]\n[Play \"E\"]\nD3 DA S5 D4\n+ + - SA\n",
    );
    assert_eq!(rules(&f), ["pbn.continuation"]);
}

#[test]
fn sections_need_their_tags() {
    // 3.1: Dealer before an auction; Deal, Declarer, Contract before a play.
    let (_, f) = decode_text("[Auction \"W\"]\nPass\n[Play \"W\"]\nSA\n");
    assert_eq!(rules(&f), ["pbn.section.requires"; 4]);
}

#[test]
fn tag_values() {
    let cases = [
        ("[Dealer \"Black\"]", "pbn.tag.value"),
        ("[Vulnerable \"E\"]", "pbn.tag.value"),
        ("[Declarer \"White\"]", "pbn.tag.value"),
        ("[Contract \"5Hearts\"]", "pbn.tag.value"),
        ("[Result \"C-2\"]", "pbn.tag.value"),
        ("[Score \"10.a\"]", "pbn.tag.value"),
        ("[ScoreIMP \"10. 10\"]", "pbn.tag.value"),
        ("[ScorePercentage \"-10\"]", "pbn.tag.value"),
        ("[ScoreRubber \"a\"]", "pbn.tag.value"),
        ("[OptimumScore \"100\"]", "pbn.tag.value"),
        ("[Deal \"W:KQT2.AT.J6542.85  - - -\"]", "pbn.tag.deal"),
        ("[Date \"1995.o6.10\"]", "pbn.tag.format"),
        ("[Round \"&\"]", "pbn.tag.format"),
        ("[Board \"0\"]", "pbn.tag.format"),
        ("[Scoring \";\"]", "pbn.tag.format"),
        ("[Room \"Blue\"]", "pbn.tag.format"),
        ("[Time \"25:00:00\"]", "pbn.tag.format"),
        ("[Wrong \"Unknown tag\"]", "pbn.tag.unknown"),
    ];
    for (text, rule) in cases {
        let (_, f) = decode_text(text);
        assert_eq!(rules(&f), [rule], "{text}");
    }
}

#[test]
fn score_rubber_history_against_the_vulnerable_tag() {
    // PBN 4.2.6: the games won in the rubber give the vulnerability. Worked
    // out by hand: game 1 is finished (a second is listed) and NS have 100 in
    // it, so NS are vulnerable; with game 2 won by EW, both are.
    let one_each = "NS 0 0 / 100 0 0 EW 0 0 / 0 100 0";
    let cases = [
        ("NS 0 0 / 100 0 EW 0 0 / 0 0", "NS", None),
        (
            "NS 0 0 / 100 0 EW 0 0 / 0 0",
            "All",
            Some("so the vulnerability is NS, but the Vulnerable tag says All"),
        ),
        (one_each, "All", None),
        (
            one_each,
            "None",
            Some("NS have won one game and EW one game"),
        ),
        ("NS 0 30/40 EW 50 0/0", "None", None),
        // The Vulnerable tag after it, as in the verifier's errors_20.pbn.
        (
            "NS 20 0/0 EW 0 0/60",
            "EW",
            Some("the vulnerability is None, but the Vulnerable tag says EW"),
        ),
        // Malformed values.
        (
            "NS 0 0/60 0 EW 0 0/20 0",
            "None",
            Some("game 1 is finished"),
        ),
        (
            "NS 0 0/100 100 0 EW 0 0/0 0 0",
            "NS",
            Some("end of the rubber"),
        ),
        (
            "NS 0 0/0 EW 0 0/0 0",
            "None",
            Some("NS's history has 1 games and EW's 2"),
        ),
        (
            "EW 0 0/0 NS 0 0/0",
            "None",
            Some("the value is `NS <history> EW <history>`"),
        ),
        (
            "NS 0 0/0 0 0 0 EW 0 0/0 0 0 0",
            "None",
            Some("at most 3 games"),
        ),
        (
            "NS 0 x/0 EW 0 0/0",
            "None",
            Some("`x` is not a whole number"),
        ),
    ];
    for (history, vulnerable, says) in cases {
        let text = format!("[ScoreRubberHistory \"{history}\"]\n[Vulnerable \"{vulnerable}\"]\n");
        let (_, f) = decode_text(&text);
        match says {
            None => assert!(f.is_empty(), "{text}: {f:#?}"),
            Some(says) => {
                assert_eq!(rules(&f), ["pbn.tag.value"], "{text}");
                assert_eq!(f[0].pos, Pos::new(1, 21), "{text}");
                assert!(f[0].message.contains(says), "{text}: {}", f[0].message);
            }
        }
    }
}

#[test]
fn unknown_and_empty_values_are_not_findings() {
    // 3.4: "?" is an unknown mandatory value, "" an inappropriate one.
    let text = "[Event \"?\"]\n[Date \"?\"]\n[Board \"?\"]\n[Dealer \"\"]\n[Declarer \"?\"]\n[Contract \"\"]\n[Result \"\"]\n[Room \"\"]\n";
    let (b, f) = decode_text(text);
    assert!(f.is_empty(), "{f:#?}");
    assert!(b.declarer.is_none());
    assert_eq!(b.result.unwrap().value, None);
}

#[test]
fn common_tags_unknown_empty_and_malformed() {
    // The tags read in the loop's first dispatch: `?` (PBN 3.4) is never read,
    // a malformed value goes the general way and is reported under its rule.
    let cases = [
        ("Board", "x", "pbn.tag.format"),
        ("Dealer", "Q", "pbn.tag.value"),
        ("Vulnerable", "Q", "pbn.tag.value"),
        ("Deal", "Q", "pbn.tag.deal"),
        ("Declarer", "Q", "pbn.tag.value"),
        ("Contract", "8Z", "pbn.tag.value"),
        ("Result", "99", "pbn.tag.value"),
        ("Score", "NS x", "pbn.tag.value"),
        ("Room", "Kitchen", "pbn.tag.format"),
        ("Round", "a..b", "pbn.tag.format"),
    ];
    for (name, bad, rule) in cases {
        let (b, f) = decode_text(&format!("[{name} \"?\"]\n"));
        assert!(f.is_empty(), "{name}: {f:?}");
        assert_eq!(b.number, None);
        assert_eq!(b.dealer, None);
        assert_eq!(b.declarer, None);
        assert_eq!(b.contract, None);
        assert_eq!(b.result, None);
        assert_eq!(b.score, None);
        assert_eq!(b.room, None);
        let (_, f) = decode_text(&format!("[{name} \"{bad}\"]\n"));
        assert_eq!(rules(&f), [rule], "{name} {bad}");
    }
    // Well-formed values are read.
    let (b, f) = decode_text(
        "[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Room \"Open\"]\n[Round \"R1.2\"]\n",
    );
    assert!(f.is_empty(), "{f:?}");
    assert_eq!(b.number.unwrap().value, 7);
    assert_eq!(b.dealer.unwrap().value, Seat::South);
    assert_eq!(b.vulnerability.unwrap().value, crate::Vulnerability::All);
    assert_eq!(b.room, Some(Room::Open));
}

#[test]
fn room_and_declarer_swap() {
    let (b, f) = decode_text("[Room \"Closed\"]\n[Declarer \"^N\"]\n");
    assert!(f.is_empty());
    assert_eq!(b.room, Some(Room::Closed));
    assert_eq!(
        b.declarer.unwrap().value,
        DeclarerTag::Seat {
            seat: Seat::North,
            swapped: true
        }
    );
}

#[test]
fn tables_columns_rows_and_errors() {
    // Verifier (2.0) cases: bad width specifiers, missing elements, a comment after
    // an element; a comment right after the tag is allowed (5.1).
    // (Values as written in the file: `\\` is one backslash after unescaping.)
    for spec in ["Rank;Call\\\\", "Rank;Call\\L", "Rank;Call\\ x"] {
        let text = format!("[ActionTable \"{spec}\"]\n");
        let (_, f) = decode_text(&text);
        assert_eq!(rules(&f), ["pbn.table"], "{spec}");
    }
    let (_, f) =
        decode_text("[ActionTable \"Rank;Call\\4L;Percentage\\3R\"]\n{ fine }\n1 4H 100\n2 4D\n");
    assert_eq!(rules(&f), ["pbn.table"]);
    assert!(f[0].message.contains("5 elements"), "{}", f[0].message);
    let (_, f) = decode_text("[ActionTable \"Rank;Call\"]\n1 4H ; no comment allowed\n");
    assert_eq!(rules(&f), ["pbn.table"]);
}

#[test]
fn table_view_rows() {
    let mut rec = RawRecord::default();
    let text = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  2\nN  S 11\n";
    Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
    let tag = rec.find_tag("OptimumResultTable").unwrap();
    let view = TableView::new(&rec, tag).unwrap();
    assert_eq!(view.column("Result"), Some(2));
    let rows: Vec<Vec<&[u8]>> = view
        .rows()
        .map(|r| r.iter().map(|t| rec.text(t.text)).collect())
        .collect();
    assert_eq!(
        rows,
        [vec![&b"N"[..], b"NT", b"2"], vec![&b"N"[..], b"S", b"11"]]
    );
}

#[test]
fn export_layout_is_checked_only_when_declared() {
    // PBN 3.3: export tag pairs stand alone, left-justified; 3.5/3.6: four calls or
    // cards per line.
    let body = "[Event \"a\"] [Site \"b\"]\n[Dealer \"W\"]\n[Auction \"W\"]\n1NT Pass Pass 2H Pass Pass Pass\n";
    let (_, f) = decode_text(body);
    assert!(f.is_empty(), "{f:#?}");
    let (_, f) = decode_text(&format!("% EXPORT\n{body}"));
    // (And `pbn.export.tags`: the mandatory tags are missing.)
    let f: Vec<Finding> = f.into_iter().filter(|f| f.rule == "pbn.export").collect();
    assert_eq!(rules(&f), ["pbn.export", "pbn.export"], "{f:#?}");
    assert_eq!(f[0].pos, crate::Pos::new(2, 13));
    assert_eq!(f[1].pos, crate::Pos::new(5, 18)); // 1NT@1 Pass@5 Pass@10 2H@15 Pass@18
}

#[test]
fn table_sort_order() {
    // PBN 5.2: "+" descending (highest value at first row), "-" ascending.
    let (_, f) = decode_text("[TotalScoreTable \"-Rank\\3R;-Percentage\\5R\"]\n1 72.49\n2 70.38\n");
    assert_eq!(rules(&f), ["pbn.table"]);
    assert!(
        f[0].message.contains("70.38 follows 72.49"),
        "{}",
        f[0].message
    );
    let (_, f) = decode_text("[ScoreTable \"-Rank;+Score_NS\"]\n1 500\n3 470\n- ?\n4 450\n");
    assert!(f.is_empty(), "{f:#?}");
}

#[test]
fn deal_hands_read_in_one_pass_keep_repeats_and_reasons() {
    use crate::pbn::decode::values::parse_deal;

    // "AA.KQ.J.T": spades A twice, hearts K Q, diamonds J, clubs T: five cards.
    let d = parse_deal("E:AA.KQ.J.T - - -").unwrap();
    assert_eq!(d.hands[Seat::East].unwrap().len(), 5);
    assert_eq!(
        &d.repeated[..],
        &[(Seat::East, "SA".parse::<Card>().unwrap())]
    );
    // Lower-case ranks are read (Rank::from_char accepts either case).
    assert_eq!(
        parse_deal("N:akqj.t98.765.432 - - -").unwrap().hands[Seat::North]
            .unwrap()
            .len(),
        13
    );
    let e = parse_deal("N:AK.Q - - -").unwrap_err();
    assert_eq!(
        e,
        "hand of North `AK.Q`: a hand needs four suits separated by three dots"
    );
    let e = parse_deal("N:A.K.Q.J.T - - -").unwrap_err();
    assert_eq!(
        e,
        "hand of North `A.K.Q.J.T`: a hand needs four suits separated by three dots"
    );
    let e = parse_deal("N:AX.K.Q.J - - -").unwrap_err();
    assert_eq!(e, "hand of North `AX.K.Q.J`: 'X' is not a rank");
    let e = parse_deal("N:A\u{e9}.K.Q.J - - -").unwrap_err();
    assert_eq!(e, "hand of North `A\u{e9}.K.Q.J`: '\u{e9}' is not a rank");
}

#[test]
fn export_layout_counts_calls_in_decoded_and_unread_sections_alike() {
    // The first Auction section, decoded (its calls counted on the way) or not
    // (value `?`: looked at afterwards), gives the same finding; the NAG is no
    // call; the second Auction tag is not looked at (PBN 3.5: four per line).
    for first in ["W", "?"] {
        let text = format!(
            "% EXPORT\n[Dealer \"W\"]\n[Auction \"{first}\"]\n1NT Pass\nPass 2H Pass $1 Pass Pass\n[Auction \"W\"]\n1C 1D 1H 1S 2C\n"
        );
        let (_, f) = decode_text(&text);
        // (The reader reports the second Auction tag as a duplicate.)
        let export: Vec<&Finding> = f.iter().filter(|f| f.rule == "pbn.export").collect();
        assert_eq!(export.len(), 1, "{first}: {f:#?}");
        // Pass@1 2H@6 Pass@9 $1@14 Pass@17 Pass@22: the fifth call.
        assert_eq!(export[0].pos, crate::Pos::new(5, 22), "{first}");
    }
}

#[test]
fn a_reused_board_decodes_as_a_fresh_one() {
    // The identification strings stay from record to record and are only
    // rewritten when they change: a record without a tag, with the same value,
    // with a Latin-1 value and with the UTF-8 spelling of it must all come out
    // as decoded into a new board.
    let text = "[Event \"Cup\"]\n[West \"Garozzo\"]\n[North \"Belladonna\"]\n[Site \"Caf\u{1}\"]\n\n\
                [Event \"Cup\"]\n[North \"Forquet\"]\n[Site \"Caf\u{e9}\"]\n[Date \"1957.??.??\"]\n\n\
                [Event \"Cup\"]\n[Site \"Caf\u{e9}\"]\n\n[Event \"?\"]\n";
    // The first Site is Latin-1: the byte E9, not its UTF-8 spelling.
    let bytes: Vec<u8> = text
        .bytes()
        .map(|b| if b == 1 { 0xe9 } else { b })
        .collect();
    let mut reader = Reader::new(&bytes[..]);
    let mut rec = RawRecord::default();
    let mut reused = Board::default();
    let mut events = Vec::new();
    while reader.read_record(&mut rec).unwrap() {
        let (mut fresh, mut out) = (Board::default(), Vec::new());
        decode(&rec, &mut fresh, &mut out);
        decode(&rec, &mut reused, &mut Vec::new());
        assert_eq!(reused, fresh, "record {}", rec.index);
        events.push(reused.id.clone());
    }
    assert_eq!(events.len(), 4);
    assert_eq!(events[0].site, "Caf\u{e9}");
    assert_eq!(events[0].players[Seat::West], "Garozzo");
    assert_eq!(events[1].players[Seat::West], "");
    assert_eq!(events[1].players[Seat::North], "Forquet");
    assert_eq!(events[1].date, "1957.??.??");
    assert_eq!(events[2].date, "");
    assert_eq!(events[3].event, "?");
    assert_eq!(events[3].site, "");
}

#[test]
fn fifth_on_a_line_plain_shortcut_agrees_with_counting() {
    // Sections of calls, cards and `+` (and a closing `*`): the shortcut over
    // the first `plain` tokens (a token four places after one on the same
    // line) and counting per line find the same token.
    let sections = [
        "SA SK SQ SJ\nST S9 S8 S7\n*\n",
        "SA SK SQ SJ *\n",
        "SA SK SQ SJ\nST S9 S8 S7\n",
        "SA SK SQ SJ ST\n",
        "SA\nSK SQ SJ ST S9\nS8\n",
        "SA SK\nSQ SJ ST\nS9 S8 S7 S6 S5 S4\n",
        "SA SK SQ SJ\n+\n",
        "SA SK SQ SJ +\n",
        "SA\n",
        "",
    ];
    let mut found = 0;
    for body in sections {
        let text = format!("[Play \"W\"]\n{body}");
        let mut rec = RawRecord::default();
        Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
        let tokens = rec.section(&rec.tags[0]);
        let counted = sections::fifth_on_a_line(tokens, 0);
        for plain in 1..=tokens.len() {
            let head = &tokens[..plain];
            if head.iter().all(|t| t.kind != crate::pbn::TokenKind::Star) {
                assert_eq!(
                    sections::fifth_on_a_line(tokens, plain),
                    counted,
                    "{body:?} {plain}"
                );
            }
        }
        found += usize::from(counted.is_some());
    }
    assert_eq!(found, 4);
    // Every layout of up to four lines of 1 to 6 cards (a blank line would end
    // the record): the shortcut over all
    // the tokens and counting per line agree (the shortcut skips ahead by lines).
    let cards = [
        "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3",
    ];
    let mut layouts: Vec<Vec<usize>> = vec![vec![]];
    let mut longest = layouts.clone();
    for _ in 0..4 {
        longest = longest
            .iter()
            .flat_map(|l| (1..=6).map(move |n| [l.as_slice(), &[n]].concat()))
            .collect();
        layouts.extend(longest.iter().cloned());
    }
    let (mut checked, mut with_fifth) = (0, 0);
    for layout in &layouts {
        let mut body = String::new();
        let mut next = 0;
        for &n in layout {
            for _ in 0..n {
                body.push_str(cards[next % cards.len()]);
                body.push(' ');
                next += 1;
            }
            body.push('\n');
        }
        let text = format!("[Play \"W\"]\n{body}");
        let mut rec = RawRecord::default();
        Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
        let tokens = rec.section(&rec.tags[0]);
        let counted = sections::fifth_on_a_line(tokens, 0);
        assert_eq!(
            counted.is_some(),
            layout.iter().any(|&n| n >= 5),
            "{layout:?}"
        );
        assert_eq!(
            sections::fifth_on_a_line(tokens, tokens.len()),
            counted,
            "{layout:?}"
        );
        checked += 1;
        with_fifth += usize::from(counted.is_some());
    }
    assert_eq!(checked, (0..=4).map(|k| 6usize.pow(k)).sum::<usize>());
    assert!(with_fifth > 1000, "{with_fifth}");
    // Checked by hand: in the fourth, S5 is the fifth card of line 4.
    let mut rec = RawRecord::default();
    Reader::new(&b"[Play \"W\"]\nSA SK\nSQ SJ ST\nS9 S8 S7 S6 S5 S4\n"[..])
        .read_record(&mut rec)
        .unwrap();
    assert_eq!(
        sections::fifth_on_a_line(rec.section(&rec.tags[0]), 10),
        Some(crate::Pos::new(4, 13))
    );
}

#[test]
fn an_empty_declarer_beside_an_empty_contract_is_no_passed_out_board() {
    // PBN 3.4.13: an empty Declarer when all four pass; PBN 3.4: an empty
    // mandatory tag that does not apply. Programs (BridgeComposer) write
    // `[Declarer ""] [Contract ""]` for a board whose contract they do not give.
    let head = "[Board \"1\"]\n[Dealer \"N\"]\n[Declarer \"\"]\n";
    let (b, f) = decode_text(&format!("{head}[Contract \"\"]\n[Result \"9\"]\n"));
    assert!(f.is_empty(), "{f:#?}");
    assert_eq!(b.declarer, None);
    // Beside `Pass`, or with no Contract tag, it says passed out.
    for contract in ["[Contract \"Pass\"]\n", ""] {
        let (b, _) = decode_text(&format!("{head}{contract}"));
        assert_eq!(
            b.declarer.map(|d| d.value),
            Some(DeclarerTag::PassedOut),
            "{contract}"
        );
    }
}

#[test]
fn the_match_tags_are_kept_and_cleared_where_a_record_has_none() {
    // HomeTeam, VisitTeam, Stage, Round, Section and Table go to the board's
    // identification as written (`#` inherited, PBN 4.8); a record without
    // one of them has it empty, whatever the record before held.
    let text = "[Event \"Cup\"]\n[HomeTeam \"Reds\"]\n[VisitTeam \"Blues\"]\n[Stage \"Final\"]\n\
                [Round \"3.1\"]\n[Section \"Open\"]\n[Table \"12\"]\n[Board \"1\"]\n\n\
                [Event \"Cup\"]\n[HomeTeam \"#\"]\n[Table \"13\"]\n[Board \"2\"]\n\n\
                [Event \"Cup\"]\n[Board \"3\"]\n";
    let mut reader = Reader::new(text.as_bytes());
    let mut rec = RawRecord::default();
    let mut board = Board::default();
    let mut seen = Vec::new();
    while reader.read_record(&mut rec).unwrap() {
        let mut findings = Vec::new();
        decode(&rec, &mut board, &mut findings);
        assert_eq!(findings, [], "record {}", rec.index);
        seen.push(board.id.match_fields().map(String::clone));
    }
    assert_eq!(
        seen,
        [
            ["Reds", "Blues", "Final", "3.1", "Open", "12"].map(String::from),
            ["Reds", "", "", "", "", "13"].map(String::from),
            ["", "", "", "", "", ""].map(String::from),
        ]
    );
}
