//! Audit depth on dirty records (issue 8): each class of fault or odd token that
//! used to switch later checks off, on a small record written for the test.

use kibitz::Finding;
use kibitz::audit::{AuditOptions, Report, audit_reader};

fn audit_bytes(name: &str, bytes: &[u8]) -> Report {
    audit_reader(name, bytes, &AuditOptions::default()).expect("in-memory read cannot fail")
}

fn audit(text: &str) -> Report {
    audit_bytes("t.pbn", text.as_bytes())
}

fn rules(fs: &[Finding]) -> Vec<&'static str> {
    fs.iter().map(|f| f.rule).collect()
}

fn show(fs: &[Finding]) -> String {
    fs.iter()
        .map(|f| format!("{} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect()
}

const HEAD: &str = "[Event \"t\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n";

// ------------------------------------------------------------ item 7: Ctrl-Z

#[test]
fn trailing_ctrl_z_is_no_record_and_no_finding() {
    // After a blank line, and directly after the last line of the record.
    for tail in ["\n\x1a", "\x1a", "\n\x1a\r\n", "\x1a\x1a"] {
        let text = format!("{HEAD}[Auction \"N\"]\n1C Pass Pass Pass\n{tail}");
        let r = audit(&text);
        assert!(r.findings.is_empty(), "{tail:?}:\n{}", show(&r.findings));
        assert_eq!(r.summary.records, 1, "{tail:?}");
    }
}

#[test]
fn control_characters_in_messages_are_escaped() {
    // A stray 0x01 outside any section: the message quotes it escaped.
    let r = audit_bytes("t.pbn", b"\x01x\n[Event \"t\"]\n");
    let f = r
        .findings
        .iter()
        .find(|f| f.rule == "pbn.syntax.token")
        .unwrap_or_else(|| panic!("{}", show(&r.findings)));
    assert!(f.message.contains("`\\x01x`"), "{}", f.message);
    assert!(r.findings.iter().all(|f| !f.message.contains('\x01')));
}

// ------------------------------------------- item 1: Result after a revoke

const DEAL: &str =
    "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";

/// Hearts trumps, North declarer. West ruffs the spade lead with H2 holding S2
/// (a revoke), wins trick 1, and wins trick 5 by a ruff (void in spades then);
/// North wins 11. Law 64A1: two tricks may go from EW to NS.
const REVOKE_PLAY: &str = "[Play \"E\"]
ST S6 H2 SA
S9 S5 S2 SK
HJ H8 H3 HA
HT H7 H4 HK
S8 S4 H5 SQ
D9 D6 D2 DA
H9 H6 D3 HQ
S7 S3 D4 SJ
DJ D8 D5 DK
DT D7 C2 DQ
CJ C8 C3 CA
CT C7 C4 CK
C9 C6 C5 CQ
";

fn revoke_record(result: &str) -> String {
    format!(
        "{HEAD}{DEAL}[Declarer \"N\"]\n[Contract \"4H\"]\n[Result \"{result}\"]\n\
         [Auction \"N\"]\n1H Pass 4H Pass\nPass Pass\n{REVOKE_PLAY}"
    )
}

#[test]
fn result_after_a_revoke_is_bounded_by_law_64() {
    // 11 won, at most 2 transferred to North: 11 to 13.
    for ok in ["11", "12", "13"] {
        let r = audit(&revoke_record(ok));
        assert_eq!(rules(&r.findings), ["bridge.play.revoke"], "{ok}");
    }
    let r = audit(&revoke_record("10"));
    assert_eq!(
        rules(&r.findings),
        ["bridge.result.revoke", "bridge.play.revoke"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[0].message,
        "Result gives declarer North 10 tricks, but the side won 11, and for the 1 revoke \
         Law 64 moves at most 2 to it and 0 from it: 11 - 0 to 11 + 2, so 11 to 13 is possible"
    );
    // Marked `^`: the players' agreed count stays a notice (Law 64C equity).
    let r = audit(&revoke_record("^10"));
    assert_eq!(
        rules(&r.findings),
        ["bridge.result.agreed-marked", "bridge.play.revoke"]
    );
}

// ------------------------ item 2: Result when the Declarer tag and auction disagree

/// No trump; the auction makes North declarer of 1NT, the Declarer tag says East.
/// East leads and North wins all 13 tricks.
fn sides_record(result: &str) -> String {
    format!(
        "{HEAD}{DEAL}[Declarer \"E\"]\n[Contract \"1NT\"]\n[Result \"{result}\"]\n\
         [Auction \"N\"]\n1NT Pass Pass Pass\n[Play \"E\"]\n\
         ST S6 S2 SA\nS9 S5 H2 SK\nS8 S4 H3 SQ\nS7 S3 H4 SJ\n\
         HJ H8 H5 HA\nHT H7 D2 HK\nH9 H6 D3 HQ\nDJ D8 D4 DA\nDT D7 D5 DK\n\
         D9 D6 C2 DQ\nCJ C8 C3 CA\nCT C7 C4 CK\nC9 C6 C5 CQ\n"
    )
}

#[test]
fn result_checked_for_both_declarers_when_tag_and_auction_disagree() {
    // 0 is right for the tag's East (EW won no trick): only the Declarer fault.
    let r = audit(&sides_record("0"));
    assert_eq!(rules(&r.findings), ["bridge.auction.declarer"]);
    // 13 is possible only for North, the auction's declarer.
    let r = audit(&sides_record("13"));
    assert_eq!(
        rules(&r.findings),
        ["bridge.auction.declarer", "bridge.result.tricks"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[1].message,
        "Result gives declarer East 13 tricks, but East's side won 0 in the play; it is \
         possible only for North, declarer by the auction, not for the Declarer tag's side"
    );
    // 7 is impossible for both.
    let r = audit(&sides_record("7"));
    assert_eq!(
        r.findings[1].message,
        "Result gives declarer East 7 tricks, but East's side won 0 in the play; nor is it \
         possible for North, declarer by the auction: gives declarer North 7 tricks, but \
         North's side won 13 in the play"
    );
}

// ------------------------------ item 3: Declarer against an auction that stops early

fn early_record(declarer: &str, contract: &str, calls: &str) -> String {
    format!(
        "{HEAD}[Declarer \"{declarer}\"]\n[Contract \"{contract}\"]\n[Auction \"N\"]\n{calls}\n"
    )
}

#[test]
fn declarer_against_an_auction_that_stops_early() {
    // North named spades first for North-South before the record stops.
    let r = audit(&early_record("N", "4S", "1S Pass 2S Pass *"));
    assert!(r.findings.is_empty(), "{}", show(&r.findings));
    // The other side may still win the auction: East as declarer of 4H proves nothing.
    let r = audit(&early_record("E", "4H", "1S Pass 2S Pass *"));
    assert!(r.findings.is_empty(), "{}", show(&r.findings));
    let r = audit(&early_record("S", "4S", "1S Pass 2S Pass *"));
    assert_eq!(rules(&r.findings), ["bridge.auction.declarer"]);
    assert_eq!(
        r.findings[0].message,
        "Declarer South, but North already named spades first for the side in the calls \
         recorded (the auction stops before its end)"
    );
    // `+` and a cut-off auction (a warning of its own) prove the same.
    let r = audit(&early_record("S", "4S", "1S Pass 2S +"));
    assert_eq!(rules(&r.findings), ["bridge.auction.declarer"]);
    let r = audit(&early_record("S", "4S", "1S Pass 2S"));
    assert_eq!(
        rules(&r.findings),
        ["bridge.auction.declarer", "bridge.auction.incomplete"]
    );
    // A contract below the last bid so far.
    let r = audit(&early_record("N", "1NT", "1S Pass 2S Pass *"));
    assert_eq!(rules(&r.findings), ["bridge.auction.contract"]);
    assert_eq!(
        r.findings[0].message,
        "Contract 1NT, but South already bid 2S in the calls recorded (the auction stops \
         before its end)"
    );
}

// ------------------------------------ item 6: messages that name the cause

#[test]
fn missing_opening_pass_is_one_finding_that_names_the_cause() {
    // Dealer North passed, but the record starts with East's 1S: as written North
    // opens 1S and is declarer; with one pass first, East is, as the tags say,
    // and South, East's left-hand opponent, leads.
    let text = format!(
        "{HEAD}{DEAL}[Declarer \"E\"]\n[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass 4S Pass\nPass Pass\n\
         [Play \"S\"]\nS3 S2 SA ST\n*\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["bridge.auction.declarer"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[0].message,
        "the auction seems to lack the dealer's opening pass(es): as written it gives 4S by \
         North, but with 1 pass before its first call it is legal and gives 4S by East, as \
         the tags say"
    );
    // Two passes missing (North and East passed; South opened 1H, North raised,
    // East doubled): as written North opens and is declarer of 2HX.
    let text = format!(
        "{HEAD}{DEAL}[Declarer \"S\"]\n[Contract \"2HX\"]\n[Auction \"N\"]\n1H Pass 2H X\nPass Pass Pass\n\
         [Play \"W\"]\nS2 SA ST S3\n*\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["bridge.auction.declarer"],
        "{}",
        show(&r.findings)
    );
    assert!(
        r.findings[0].message.contains(
            "as written it gives 2HX by North, but with 2 passes before its first call it is \
             legal and gives 2HX by South"
        ),
        "{}",
        r.findings[0].message
    );
    // Without a lead by the tag's declarer's left-hand opponent nothing shows
    // that the tag is right and the auction wrong: the plain message.
    let text = format!(
        "{HEAD}[Declarer \"E\"]\n[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass 4S Pass\nPass Pass\n"
    );
    let r = audit(&text);
    assert_eq!(
        r.findings
            .iter()
            .map(|f| f.message.as_str())
            .collect::<Vec<_>>(),
        ["Declarer East, but North first named spades for the side that won the auction (4S)"]
    );
    // A mismatch no added pass explains keeps its own message.
    let text = format!(
        "{HEAD}[Declarer \"W\"]\n[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass 4S Pass\nPass Pass\n"
    );
    let r = audit(&text);
    assert_eq!(
        r.findings
            .iter()
            .map(|f| f.message.as_str())
            .collect::<Vec<_>>(),
        ["Declarer West, but North first named spades for the side that won the auction (4S)"]
    );
}

// -------------------------------------------------- item 5: lenient tokens

#[test]
fn lenient_tokens_warn_once_and_are_read_by_their_meaning() {
    let text =
        format!("{HEAD}[Declarer \"N\"]\n[Contract \"1NR\"]\n[Auction \"N\"]\n1N X R P\nP P\n");
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.token.lenient"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[0].message,
        "`1NR` is not PBN (calls are Pass, X, XX, 1NT...; PBN 3.5.1, 3.4.14); read as \
         Contract 1NTXX (and 5 more tokens in this record)"
    );
    // The auction read this way is checked as usual: an insufficient 1S over 1N,
    // a Contract that is not the auction's, and South (who bid the spades) as
    // declarer, not North.
    let text =
        format!("{HEAD}[Declarer \"N\"]\n[Contract \"3N\"]\n[Auction \"N\"]\n1N P 1S P\nP P\n");
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        [
            "bridge.auction.declarer",
            "pbn.token.lenient",
            "bridge.auction.contract",
            "bridge.auction.insufficient"
        ],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[2].message,
        "Contract 3NT, but the auction ends in 1S"
    );
}

/// `10` for the ten in the Deal and in the play (typed records do it): read as
/// `T` with one warning, so that the deal is known and the play replayed. Read
/// strictly, the Deal was a violation and no card of the play was checked.
#[test]
fn a_ten_written_10_is_read_as_t_and_the_play_is_checked() {
    let deal = DEAL.replace('T', "10");
    let text = format!(
        "{HEAD}{deal}[Declarer \"N\"]\n[Contract \"7NT\"]\n[Play \"E\"]\nS10 S6 H2 SA\n*\n"
    );
    let r = audit(&text);
    let lenient: Vec<&Finding> = (r.findings.iter())
        .filter(|f| f.rule == "pbn.token.lenient")
        .collect();
    assert_eq!(lenient.len(), 1, "{}", show(&r.findings));
    // One for the Deal tag (its seven tens), one for `S10`.
    assert_eq!(
        lenient[0].message,
        "`10` is not PBN (the ten is T; PBN 3.4.11, 3.6.1); read as T \
         (and 1 more token in this record)"
    );
    // Line 5, at the first `10`: `[Deal "N:AKQJ.AKQ.AKQ.AKQ 10987`.
    assert_eq!((lenient[0].pos.line, lenient[0].pos.col), (5, 27));
    // West ruffs East's spade ten holding S2: the revoke is found.
    let revoke = (r.findings.iter())
        .find(|f| f.rule == "bridge.play.revoke")
        .unwrap_or_else(|| panic!("{}", show(&r.findings)));
    assert!(revoke.message.contains("H2"), "{}", revoke.message);
    assert!(
        !r.findings
            .iter()
            .any(|f| f.rule == "pbn.tag.deal" || f.rule == "pbn.play.card")
    );
    // A `1` that is no ten is still no rank.
    let text = format!("{HEAD}{}", DEAL.replace("T987", "1987"));
    assert!(rules(&audit(&text).findings).contains(&"pbn.tag.deal"));
}

// ------------------------------------------ item 4: a section tag given twice

#[test]
fn repeated_section_tag_after_an_empty_one_is_audited() {
    // The first [Auction ""] has no calls; the second has them, with an
    // insufficient bid (East's 1C over North's 1C).
    let text = format!(
        "{HEAD}[Auction \"\"]\n[Contract \"1C\"]\n[Auction \"N\"]\n1C 1C Pass Pass\nPass\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.tag.duplicate", "bridge.auction.insufficient"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(r.findings[0].pos.line, 7);
    assert!(r.findings[0].message.contains("this one's section is read"));
    // The same for Play: the second section's cards are replayed (East plays
    // SA, which North holds).
    let text = format!(
        "{HEAD}{DEAL}[Declarer \"N\"]\n[Contract \"7NT\"]\n[Play \"\"]\n[Result \"13\"]\n\
         [Play \"E\"]\nSA S6 S2 SK\n*\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.tag.duplicate", "bridge.play.not-held"],
        "{}",
        show(&r.findings)
    );
}

#[test]
fn calls_that_are_not_audited_say_so() {
    // Both Auction sections have calls: the second is ignored (PBN 3.4), and a
    // notice says its calls were not audited.
    let text = format!(
        "{HEAD}[Auction \"N\"]\n1C Pass Pass Pass\n[Auction \"N\"]\n1D 1C Pass Pass\nPass\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.tag.duplicate", "pbn.section.not-audited"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        (r.findings[1].pos.line, r.findings[1].pos.col),
        (8, 1),
        "at the first call skipped"
    );
}

// ------------------------------------------------ item 8: [Play ""]

#[test]
fn empty_play_tag_without_cards_is_a_warning() {
    let text = format!("{HEAD}[Auction \"N\"]\n1NT Pass Pass Pass\n[Play \"\"]\n");
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.section.empty"],
        "{}",
        show(&r.findings)
    );
    assert!(
        r.findings[0]
            .message
            .starts_with("[Play \"\"] with no cards")
    );
    // A Play tag that names no seat but has cards is still a violation.
    let text =
        format!("{HEAD}{DEAL}[Declarer \"N\"]\n[Contract \"7NT\"]\n[Play \"\"]\nST S6 S2 SA\n*\n");
    let r = audit(&text);
    assert!(
        r.findings.iter().any(|f| f.rule == "pbn.tag.value"),
        "{}",
        show(&r.findings)
    );
}

#[test]
fn an_auction_replay_that_stops_says_how_many_calls_it_left() {
    // `1Z` cannot be read: the five calls after it are not judged (among them an
    // insufficient 1C that is therefore not reported).
    let text = format!("{HEAD}[Auction \"N\"]\n1D Pass 1Z Pass\n1C Pass Pass Pass\n");
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.auction.call", "bridge.auction.not-audited"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(
        r.findings[1].message,
        "5 calls of this auction were not audited: a call before them could not be read, so \
         the replay stops here"
    );
}

// ------------------------------- calls given as alternatives (`2NT/2S`)

#[test]
fn calls_given_as_alternatives_stop_the_replay() {
    // A teaching file's `4NT/5D`: South bid one of the two. Read as two calls,
    // 2S would be West's, insufficient after 2NT (a false violation). The
    // `/` takes a slot that is no call, and the replay stops there.
    for calls in [
        "1C Pass 2NT/2S Pass\nPass Pass",
        "1C Pass 2NT / 2S Pass\nPass Pass",
    ] {
        let r = audit(&format!("{HEAD}[Auction \"N\"]\n{calls}\n"));
        assert_eq!(
            rules(&r.findings),
            ["pbn.auction.call", "bridge.auction.not-audited"],
            "{calls:?}:\n{}",
            show(&r.findings)
        );
        assert!(r.findings[0].message.contains("alternatives"));
        // 2S and the three passes after the `/` are not audited.
        assert!(
            r.findings[1].message.starts_with("4 calls"),
            "{}",
            r.findings[1].message
        );
    }
    // In the play section a slot is a seat's column: a `/` is skipped there,
    // as other stray characters are, and the cards keep their columns.
    let text =
        format!("{HEAD}{DEAL}[Declarer \"S\"]\n[Contract \"1C\"]\n[Play \"W\"]\nS2 /SA ST S6\n");
    let r = audit(&text);
    let play: Vec<_> = rules(&r.findings)
        .into_iter()
        .filter(|r| r.starts_with("pbn.") || r.starts_with("bridge.play"))
        .collect();
    assert_eq!(play, ["pbn.syntax.token"], "{}", show(&r.findings));
}

// ------------------------- characters ISO 8859-1 does not have, in UTF-8

#[test]
fn characters_outside_latin_1_are_reported_in_utf_8_files() {
    // PBN 2.1 §2.2: ISO 8859-1 only. A typographic apostrophe (U+2019,
    // UTF-8 E2 80 99) is no character of it; read as Latin-1 its bytes 0x80
    // and 0x99 would be control codes, which are reported too.
    let r = audit_bytes(
        "t.pbn",
        "[Event \"Don\u{2019}t\"]\n[Board \"1\"]\n".as_bytes(),
    );
    assert_eq!(
        rules(&r.findings),
        ["pbn.syntax.character"],
        "{}",
        show(&r.findings)
    );
    assert_eq!(r.findings[0].pos, kibitz::Pos::new(1, 12));
    assert!(
        r.findings[0].message.contains("U+2019"),
        "{}",
        r.findings[0].message
    );
    // Characters ISO 8859-1 has are fine in either encoding: é in UTF-8
    // (C3 A9) and in Latin-1 (E9), and the sign U+00A7 (C2 A7).
    for text in [
        &b"[Event \"caf\xc3\xa9 \xc2\xa7\"]\n"[..],
        b"[Event \"caf\xe9\"]\n",
    ] {
        let r = audit_bytes("t.pbn", text);
        assert!(r.findings.is_empty(), "{}", show(&r.findings));
    }
}

// ------------------------------- a defined tag's name in another case

#[test]
fn a_defined_tag_in_another_case_is_read_as_that_tag_and_audited() {
    // `[AUCTION "N"]` (a real file writes it so): read as Auction, with a
    // warning, and its insufficient 1C after 1D is found. Before, the tag was
    // unknown and its calls were skipped unseen.
    for name in ["AUCTION", "auction"] {
        let r = audit(&format!("{HEAD}[{name} \"N\"]\n1D 1C Pass Pass\nPass\n"));
        assert_eq!(
            rules(&r.findings),
            ["pbn.tag.case", "bridge.auction.insufficient"],
            "{name}:\n{}",
            show(&r.findings)
        );
        assert_eq!(
            r.findings[0].message,
            format!("tag {name} is read as Auction: PBN's tag names are case-sensitive")
        );
    }
    // A name that is no defined name in any case stays unknown.
    let r = audit(&format!("{HEAD}[Auctions \"N\"]\n"));
    assert_eq!(
        rules(&r.findings),
        ["pbn.tag.unknown"],
        "{}",
        show(&r.findings)
    );
}

// --------------------------------- a Vulnerable value in a lenient form

#[test]
fn a_vulnerable_value_in_a_lenient_form_is_read_and_the_score_checked() {
    // BridgeNZ writes `"N-S "`: read as NS with a warning, and the Score is
    // checked against it: 1H by South vulnerable, 6 tricks, is EW 100.
    let text = format!(
        "[Event \"t\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"N-S \"]\n{DEAL}\
         [Declarer \"S\"]\n[Contract \"1H\"]\n[Result \"6\"]\n[Score \"EW 50\"]\n"
    );
    let r = audit(&text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.token.lenient", "bridge.score.points"],
        "{}",
        show(&r.findings)
    );
    assert!(
        r.findings[0].message.ends_with("read as NS"),
        "{}",
        r.findings[0].message
    );
    assert!(
        r.findings[1]
            .message
            .contains("vulnerable, 6 tricks scores EW 100")
    );
}

// ------------------- a ScoreIMP beside a Score that is itself at fault

#[test]
fn a_score_imp_is_held_to_either_reading_of_a_score_at_fault() {
    // Open: 4S= by North, not vulnerable, Score NS 620 (it is 420). Closed:
    // 3NT= NS 400. By the Scores as written NS lose 220 (6 IMPs to EW), by
    // the scores the play gives NS lose 20 (1 IMP to EW). A ScoreIMP of
    // NS -6 or NS -1 follows from one reading and is not a second fault;
    // NS 9 follows from neither (it used to go unchecked).
    let table = |room: &str, contract: &str, result: u8, score: i32, imp: &str| {
        format!(
            "[Event \"m\"]\n[Board \"1\"]\n[Room \"{room}\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n{DEAL}[Declarer \"N\"]\n[Contract \"{contract}\"]\n\
             [Result \"{result}\"]\n[Score \"NS {score}\"]\n{imp}\n"
        )
    };
    for (imp, faults) in [
        ("NS -6", vec!["bridge.score.points"]),
        ("NS -1", vec!["bridge.score.points"]),
        ("NS 9", vec!["bridge.score.points", "bridge.score.imp"]),
    ] {
        let text = table("Open", "4S", 10, 620, "")
            + &table("Closed", "3NT", 9, 400, &format!("[ScoreIMP \"{imp}\"]"));
        let r = audit(&text);
        assert_eq!(rules(&r.findings), faults, "{imp}:\n{}", show(&r.findings));
        if let Some(f) = r.findings.get(1) {
            assert!(
                f.message.ends_with(
                    "that is NS -6; nor does it follow from the scores the contracts and tricks give"
                ),
                "{}",
                f.message
            );
        }
    }
}

// ------------------------------------------------ ScoreTable rows' scores

#[test]
fn score_table_rows_are_held_to_duplicate_scoring() {
    // Board 1, no Vulnerable tag: either vulnerability. 4S by South, 10
    // tricks: NS 420 not vulnerable, 620 vulnerable (Law 77); row 2's EW
    // -620 fits the second; row 3's 450 fits neither. 3NTX by West, 8
    // tricks: one down doubled, NS 100 or 200; row 4 writes EW -200.
    // A passed-out row scores 0 (row 5 writes 50); an artificial score
    // (row 6, `-`) is not checked.
    let text = "[Event \"t\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\
        [ScoreTable \"Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R\"]\n\
        4S   S 10    420 -\n\
        4S   S 10    -   -620\n\
        4S   S 10    450 -\n\
        3NTX W  8    -   -200\n\
        Pass -  -    50  -\n\
        -    -  -    60  -\n";
    let r = audit(text);
    let rows: Vec<(u64, &str)> = r
        .findings
        .iter()
        .filter(|f| f.rule == "bridge.table.score")
        .map(|f| (f.pos.line, f.message.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                7,
                "ScoreTable row 3: Score_NS 450, but 4S by South, 10 tricks scores NS 420 not \
                 vulnerable and NS 620 vulnerable (the vulnerability is not known; Law 77)"
            ),
            (
                9,
                "ScoreTable row 5: Score_NS 50, but a passed-out board scores 0"
            ),
        ],
        "{}",
        show(&r.findings)
    );
}

#[test]
fn a_second_note_reference_on_a_call_still_refers_to_its_note() {
    // PBN 3.5.4: one note reference a call. `1NT =1= =2=` is warned, and
    // note 2 is not then called unused: `=2=` stands in the auction.
    let r = audit(&format!(
        "{HEAD}[Auction \"N\"]\n1NT =1= =2= Pass Pass Pass\n[Note \"1:15-17\"]\n\
         [Note \"2:may have a five-card major\"]\n"
    ));
    assert_eq!(
        rules(&r.findings),
        ["pbn.annotation"],
        "{}",
        show(&r.findings)
    );
}

#[test]
fn a_play_not_replayed_for_a_deal_at_fault_says_so() {
    // CA held by North and by South: the deal is at fault, and the play's
    // cards cannot be judged against the hands. The replay stops, and now
    // says so (it used to be silent: South's DA below is not his).
    let deal = "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543A\"]\n";
    let r = audit(&format!(
        "{HEAD}{deal}[Declarer \"N\"]\n[Contract \"7NT\"]\n[Play \"E\"]\nST DA S2 SA\n*\n"
    ));
    let found = rules(&r.findings);
    assert_eq!(
        found[0],
        "bridge.deal.duplicate-card",
        "{}",
        show(&r.findings)
    );
    let f = r
        .findings
        .iter()
        .find(|f| f.rule == "bridge.play.not-audited")
        .unwrap_or_else(|| panic!("{}", show(&r.findings)));
    assert!(
        f.message
            .starts_with("the play (4 cards) was not replayed: the deal is at fault")
    );
}

#[test]
fn seats_written_as_english_words_are_read_with_a_warning() {
    // A Deal/Tcl script's output writes `[Dealer "east"]`: read as East with
    // a warning, so the board cycle and the auction are checked (board 2's
    // dealer is East; 1C by North after three passes is no fault).
    let text = "[Event \"t\"]\n[Board \"2\"]\n[Dealer \"east\"]\n[Vulnerable \"NS\"]\n\
                [Declarer \"north\"]\n[Contract \"1C\"]\n[Auction \"E\"]\nPass Pass Pass 1C\n\
                Pass Pass Pass\n";
    let r = audit(text);
    assert_eq!(
        rules(&r.findings),
        ["pbn.token.lenient"],
        "{}",
        show(&r.findings)
    );
    assert!(
        r.findings[0]
            .message
            .ends_with("read as East (and 1 more token in this record)"),
        "{}",
        r.findings[0].message
    );
}
