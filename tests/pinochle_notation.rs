//! Portable Pinochle Notation: the reader and decoder on the spec's own examples
//! (typed in from `shared/specs/pinochle-ppn.txt`), every notation rule on a
//! record that keeps it and one that breaks it, and write -> read round trips.

use kibitz::notation::pinochle::decode::decode;
use kibitz::notation::pinochle::writer::{Identification, Writer};
use kibitz::notation::pinochle::{RawRecord, Reader, looks_like_pinochle, rules};
use kibitz::pinochle::{Call, Hand, Outcome, PlayCard, Trump, Written, value};
use kibitz::{Finding, Pos, Seat, Side, Suit};

/// Reads and decodes every hand of `text`: the hands and all findings (reader
/// and decoder), in order.
fn read(text: &str) -> (Vec<Hand>, Vec<Finding>) {
    let mut reader = Reader::new(text.as_bytes());
    let mut rec = RawRecord::default();
    let (mut hands, mut findings) = (Vec::new(), Vec::new());
    while reader.read_record(&mut rec).unwrap() {
        findings.extend(rec.findings.iter().cloned());
        let mut hand = Hand::default();
        decode(&rec, &mut hand, &mut findings);
        hands.push(hand);
    }
    assert_eq!(reader.bytes_read(), text.len() as u64);
    (hands, findings)
}

fn ids(findings: &[Finding]) -> Vec<(&'static str, String)> {
    findings
        .iter()
        .map(|f| (f.rule, f.pos.to_string()))
        .collect()
}

/// The spec's EXPORT example hand, assembled from the examples of each mandatory
/// tag, the Auction and the Play section, with player names from the narrative.
const SPEC_EXPORT: &str = r#"% PPN 1.0
% EXPORT
%
[Site "GamingSafari.com"]
[Date "2015.08.31"]
[North "rakbeater"]
[East "mickmackusa"]
[South "English, Ike"]
[West "tony ennis"]
[Hand "2"]
[GameScores "-54:328"]
[Dealer "N"]
[Deal "E:ATTTQQJ.QQJJ.AQQQJ.TKQQ KQQJJ.TKKKKQ.AK.AATKQJJ TKJ.AAAATTJJ.AATTKJJ.KJ AAAKK.TQ.TTKKQJ.AATTKQJ"]
[Declarer "W"]
[Contract "65"]
[Trump "H"]
[Melds "N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ(17)"]
[MeldScores "21:0"]
[PlayScores "31:0"]
[Result "Saved"]
[HandScores "0:-75"]
[Auction "E"]
Pass 52 59 60
- Pass 65 70
- - Pass
[Play "S"]
CA CJ CK CJ (S2)
DQ DT DJ DT (W2)
HA HJ HK HQ (W2)
HA HJ HK SK (S3)
DQ DA DJ DQ (W1)
CA CK CA CJ (W3)
CA CT CQ CJ (W2)
CK CT CQ CT (N3)
HT HA SJ HJ (S2)
DJ DA DK DJ (W2)
CK CT CQ CQ (N2)
DT ST DK DK (E4)
HT SQ HJ HA (S2)
DK DA ST SA (E4)
SQ ST SK SA (N3)
HQ HT ST HQ (S2)
SA HK SK SJ (S3)
DT DA SK SA (E4)
HT SQ HK HQ (S2)
SQ DQ SJ SJ (S2)
"#;

#[test]
fn spec_export_example_decodes_with_one_notation_fault() {
    let (hands, findings) = read(SPEC_EXPORT);
    assert_eq!(hands.len(), 1);
    // The Melds example's fourth entry `KQ.ATKQJ` has two suits, not four: the
    // Deal syntax always writes C.D.S.H. Nothing else breaks the notation.
    assert_eq!(ids(&findings), [("pinochle.tag.cards", "17:8".into())]);
    assert!(
        findings[0].message.contains("KQ.ATKQJ"),
        "{}",
        findings[0].message
    );
    let h = &hands[0];
    assert_eq!(h.record, 1);
    assert_eq!(value(&h.number), Some(&2));
    assert_eq!(value(&h.game_scores).unwrap().values, [-54, 328]);
    assert_eq!(value(&h.dealer), Some(&Seat::North));
    let deal = value(&h.deal).unwrap();
    assert_eq!(deal.first, Seat::East);
    assert_eq!(
        deal.hands[Seat::North].unwrap().to_string(),
        "AAAKK.TQ.TTKKQJ.AATTKQJ"
    );
    assert!(
        Seat::ALL
            .iter()
            .all(|&s| deal.hands[s].unwrap().len() == 20)
    );
    assert_eq!(value(&h.declarer), Some(&Seat::West));
    assert_eq!(value(&h.contract), Some(&65));
    assert_eq!(value(&h.trump), Some(&Trump::Suit(Suit::Hearts)));
    assert_eq!(h.melds, None);
    assert_eq!(value(&h.meld_scores).unwrap().values, [21, 0]);
    assert_eq!(value(&h.play_scores).unwrap().values, [31, 0]);
    assert_eq!(value(&h.result), Some(&Outcome::Saved));
    assert_eq!(value(&h.hand_scores).unwrap().values, [0, -75]);
    let a = h.auction.as_ref().unwrap();
    assert_eq!(a.first, Some(Seat::East));
    let calls: Vec<Call> = a.calls.iter().map(|c| c.value).collect();
    use Call::*;
    assert_eq!(
        calls,
        [
            Pass,
            Bid(52),
            Bid(59),
            Bid(60),
            Skip,
            Pass,
            Bid(65),
            Bid(70),
            Skip,
            Skip,
            Pass
        ]
    );
    assert_eq!(a.calls[6].pos, Pos::new(24, 8));
    let p = h.play.as_ref().unwrap();
    assert_eq!((p.first, p.tricks.len()), (Some(Seat::South), 20));
    let t = &p.tricks[11];
    assert_eq!(t.cards[1].value, PlayCard::Card("ST".parse().unwrap()));
    assert_eq!(
        (t.winner.unwrap().value, t.points.unwrap().value),
        (Seat::East, 4)
    );
    assert_eq!(t.cards[0].pos, Pos::new(38, 1));
    // The recorded trick points sum to 50, as the reference demands.
    let sum: u32 = p.tricks.iter().map(|t| t.points.unwrap().value).sum();
    assert_eq!(sum, 50);
}

/// The examples of the other tags (variant tags, three-team scores, segmental
/// tags, termination), as an IMPORT hand.
const SPEC_OTHER: &str = r#"% PPN 1.0
% IMPORT
% ID 4a9c345d1e092b
[Annotator "Finemeld, Johnny Q."]
[BidSystem1 "Strength-First-Always"]
[Competition "Single-deck Two-handed"]
[Event "Great Lakes Open Tournament"]
[Language "pt-BR"]
[Round "3"]
[Room "Open"]
[Scoring "National Pinochle Association"]
[Stage "Preliminary"]
[TimeControl "15 min per player per game"]
[SoutheastType "human"]
[NorthType "program"]
[GameScores "26:9:71"]
[MeldScores "4:17:10"]
[HandScores "23:22:7"]
[Kitty "SK H9 CT"]
[Discard "K.K..K (3)"]
[Passed "E:.J.QQ. ..A.AA TKJ... K.TQ.."]
[Holding "E:ATTTTKJQQJ.QQJ.AQJ.TKQQ KKQQJJ.TTKKKKQQ.K.TKQJJ .AAAATTJJJ.AATTKQQJJ.KJ AAAK..ATTKKQJ.AAAATTKQJ"]
[Partner "SE:HA"]
[Trump "-"]
[Victor "2"]
[Termination "-:Abandoned"]
@P.19.3-R=[Chat "N:good game everyone"]
@P.20.2-R=[Chat "W:ty gg"]
@M-P=[Chat "N:Um, p... I bid a DoubleRun, why did you continue to bid!?!"]
@A.3.2-M=[Note "South's partner has communicated Aces Around and 20 meld points, what is South's reasonable bid limit?"]
[Note "Team1 is just 23 points from winning the game, they may consider withholding their meld and coasting out."]
"#;

#[test]
fn spec_tag_examples_decode_and_the_four_handed_misfits_are_named() {
    let (hands, findings) = read(SPEC_OTHER);
    assert_eq!(hands.len(), 1);
    assert_eq!(
        ids(&findings),
        [
            // Three teams: the examples are of the three-handed game.
            ("pinochle.tag.value", "16:13".into()),
            ("pinochle.tag.value", "17:13".into()),
            ("pinochle.tag.value", "18:13".into()),
            // H9: the double-deck deck has no 9s.
            ("pinochle.tag.cards", "19:8".into()),
            // `ATTTTKJQQJ`: the jack is written before the queens.
            ("pinochle.tag.format", "22:10".into()),
        ]
    );
    let h = &hands[0];
    assert_eq!(value(&h.trump), Some(&Trump::NoMarriage));
    assert_eq!(value(&h.victor), Some(&Side::EastWest));
    assert_eq!(value(&h.termination).unwrap().seat, None);
    let d = value(&h.discard).unwrap();
    assert_eq!(
        (d.cards.to_string(), d.points),
        ("K.K..K".to_string(), Some(3))
    );
    let passed = value(&h.passed).unwrap();
    // From East clockwise: East, South, West, North.
    assert_eq!(passed.hands[Seat::West].unwrap().to_string(), "TKJ...");
    assert_eq!(passed.hands[Seat::North].unwrap().to_string(), "K.TQ..");
    assert_eq!(
        value(&h.holding).unwrap().hands[Seat::South].unwrap().len(),
        20
    );
    assert_eq!(
        h.competition.unwrap().value,
        kibitz::pinochle::Competition::Other
    );
    assert_eq!(h.kitty, None);
}

#[test]
fn spec_examples_are_recognised_as_pinochle() {
    assert!(looks_like_pinochle(SPEC_EXPORT.as_bytes()));
    assert!(looks_like_pinochle(SPEC_OTHER.as_bytes()));
    // Without the headers, the tags alone are still strong evidence.
    let body = SPEC_EXPORT.split_once("%\n").unwrap().1;
    assert!(looks_like_pinochle(body.as_bytes()));
    // The preferans sample is not pinochle.
    let pref = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/club-night.ppn"
    ))
    .unwrap();
    assert!(!looks_like_pinochle(&pref));
}

/// Reads and decodes `text` with the limits of a rule-book entry.
fn read_entry(e: &kibitz::rulebook::Entry, text: &str) -> Vec<Finding> {
    let mut limits = kibitz::notation::pinochle::Limits::default();
    if let Some(l) = e.limits {
        if let Some(m) = l.max_line {
            limits.max_line = m;
        }
        if let Some(m) = l.max_tokens {
            limits.max_tokens = m;
        }
    }
    let mut reader = Reader::with_limits(text.as_bytes(), limits);
    let mut rec = RawRecord::default();
    let mut findings = Vec::new();
    let mut checker = kibitz::pinochle::Checker::new(kibitz::pinochle::Options::default());
    while reader.read_record(&mut rec).unwrap() {
        findings.extend(rec.findings.iter().cloned());
        let mut hand = Hand::default();
        decode(&rec, &mut hand, &mut findings);
        // The rules too: a legal example must stay free of violations once the
        // audit runs them (the rule findings are given the rule's id).
        checker.check(&hand, &mut |fault, pos| {
            if fault.rule().severity == kibitz::Severity::Violation {
                let rule = kibitz::Rule::new(fault.rule().id, kibitz::Severity::Violation);
                findings.push(Finding::of(rule, pos, fault.to_string()));
            }
        });
    }
    findings
}

#[test]
fn every_notation_rule_keeps_its_legal_example_and_catches_its_illegal_one() {
    let mut failures = String::new();
    for r in rules::ALL {
        let Some(e) = kibitz::rulebook::find(r.id) else {
            failures += &format!("{}: not in the rule book\n", r.id);
            continue;
        };
        assert_eq!(e.severity, r.severity, "{}", r.id);
        assert!(looks_like_pinochle(e.legal.as_bytes()), "{}", r.id);
        assert!(looks_like_pinochle(e.illegal.as_bytes()), "{}", r.id);
        let legal = read_entry(e, &e.legal);
        if !legal.is_empty() {
            failures += &format!("{}: legal example gets {:?}\n", r.id, ids(&legal));
        }
        let illegal = read_entry(e, &e.illegal);
        match illegal.iter().find(|f| f.rule == r.id) {
            Some(f) => assert_eq!(f.severity, r.severity),
            None => failures += &format!("{}: illegal example gets {:?}\n", r.id, ids(&illegal)),
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

fn write(hands: &[Hand]) -> String {
    let mut w = Writer::new(Vec::new());
    let id = Identification::default();
    for h in hands {
        w.write_hand(&id, h).unwrap();
    }
    String::from_utf8(w.into_inner()).unwrap()
}

fn without_positions(mut hands: Vec<Hand>) -> Vec<Hand> {
    hands.iter_mut().for_each(|h| h.clear_positions());
    hands
}

#[test]
fn written_hands_read_back_equal_and_clean() {
    // The spec's hand with its Melds entry completed to four suits, then a second
    // hand that was terminated in the play, with unknown values.
    let first = SPEC_EXPORT.replace("KQ.ATKQJ(17)", "KQ.ATKQJ..(17)");
    let second = "\n[Site \"#\"]\n[Date \"#\"]\n[North \"#\"]\n[East \"#\"]\n[South \"#\"]\n[West \"#\"]\n\
        [Hand \"3\"]\n[GameScores \"-54:253\"]\n[Dealer \"E\"]\n[Deal \"S:- - - -\"]\n[Declarer \"?\"]\n\
        [Contract \"60\"]\n[Trump \"S\"]\n[Melds \"N:...(0) - ...(0) ..AA.(4)\"]\n[MeldScores \"*\"]\n\
        [PlayScores \"*\"]\n[Result \"*\"]\n[HandScores \"*\"]\n[Termination \"N:Time out\"]\n[Victor \"1\"]\n\
        [Auction \"S\"]\nPass 50 ? 60\nPass - Pass\n[Play \"N\"]\nSA ST SK SQ (N3)\nHA - - -\n*\n";
    let text = first + second;
    let (hands, findings) = read(&text);
    assert_eq!(ids(&findings), []);
    assert_eq!(hands.len(), 2);
    let h = &hands[1];
    assert!(h.result.unwrap().value.is_star());
    assert_eq!(h.declarer.unwrap().value, Written::Unknown);
    assert_eq!(h.auction.as_ref().unwrap().calls[2].value, Call::Unknown);
    let p = h.play.as_ref().unwrap();
    assert_eq!((p.tricks.len(), p.star.is_some()), (2, true));
    assert_eq!(p.tricks[1].cards[1].value, PlayCard::Missing);
    assert_eq!(p.tricks[1].winner, None);
    let out = write(&hands);
    let (again, findings2) = read(&out);
    assert_eq!(ids(&findings2), [], "{out}");
    assert_eq!(
        without_positions(again),
        without_positions(hands.clone()),
        "{out}"
    );
    // Writing what was read back gives the same text.
    assert_eq!(write(&hands), out);
}

#[test]
fn writer_layout_is_the_export_form() {
    let (hands, _) = read(SPEC_EXPORT);
    let out = write(&hands);
    assert!(out.starts_with(
        "% PPN 1.0\n% EXPORT\n%\n[Site \"?\"]\n[Date \"????.??.??\"]\n[North \"North\"]\n"
    ));
    assert!(out.contains(
        "[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n[Play \"S\"]\nCA CJ CK CJ (S2)\n"
    ));
    assert!(out.ends_with("SQ DQ SJ SJ (S2)\n"));
    // The unreadable Melds tag is not invented.
    assert!(!out.contains("[Melds"));
}

/// The fuzz targets' seeds and saved cases (`fuzz/seeds/pinochle`,
/// `fuzz/regressions/pinochle_*`), replayed through the bodies.
fn fuzz_cases(dir: &str) -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().is_file())
                .map(|e| {
                    (
                        e.path().display().to_string(),
                        std::fs::read(e.path()).unwrap(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn pinochle_decode_seeds_and_regressions() {
    let all: Vec<_> = fuzz_cases("fuzz/seeds/pinochle")
        .into_iter()
        .chain(fuzz_cases("fuzz/regressions/pinochle_decode"))
        .chain(
            fuzz_cases("examples")
                .into_iter()
                .filter(|(n, _)| n.ends_with(".ppn")),
        )
        .collect();
    assert!(all.len() >= 3);
    for (name, data) in all {
        eprintln!("pinochle_decode {name}");
        kibitz::fuzzing::pinochle_decode(&data);
        // Every prefix too: a hand cut anywhere.
        for cut in (0..data.len()).step_by(7) {
            kibitz::fuzzing::pinochle_decode(&data[..cut]);
        }
    }
}

/// A stand-in for a fuzz campaign in every `cargo test`: seeded mutations of the
/// seeds (bytes replaced, inserted, deleted; notation characters favoured)
/// through the `pinochle_decode` body.
#[test]
fn pinochle_decode_survives_seeded_mutations() {
    const PICKS: &[u8] = b"[]{}\"@=-.(*)#?%\n \t\\:PASCDHNEW019";
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for (_, seed) in fuzz_cases("fuzz/seeds/pinochle") {
        for _ in 0..1500 {
            let mut d = seed.clone();
            for _ in 0..1 + next() % 8 {
                let i = (next() as usize) % (d.len() + 1);
                let b = if next() % 3 == 0 {
                    next() as u8
                } else {
                    PICKS[(next() as usize) % PICKS.len()]
                };
                match next() % 3 {
                    0 if i < d.len() => d[i] = b,
                    1 if i < d.len() => {
                        d.remove(i);
                    }
                    _ => d.insert(i, b),
                }
            }
            kibitz::fuzzing::pinochle_decode(&d);
        }
    }
}

/// Generated games round trip: 400 seeded byte strings through the
/// `pinochle_roundtrip` body (write, read, decode, rules, compare), plus the
/// saved cases.
#[test]
fn generated_games_round_trip() {
    let mut x: u64 = 7;
    for n in 0..400u32 {
        let mut data = vec![(n % 8) as u8];
        for _ in 0..256 {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            data.push((z ^ (z >> 31)) as u8);
        }
        kibitz::fuzzing::pinochle_roundtrip(&data);
    }
    for (name, data) in fuzz_cases("fuzz/regressions/pinochle_roundtrip") {
        eprintln!("pinochle_roundtrip {name}");
        kibitz::fuzzing::pinochle_roundtrip(&data);
    }
}

#[test]
fn generated_games_are_not_trivial() {
    // The round trip above is only worth something if the games have play in them.
    let (mut hands, mut tricks, mut unplayed) = (0, 0, 0);
    for n in 0..50u8 {
        let data: Vec<u8> = (0..300u32)
            .map(|i| (i * 37 + u32::from(n) * 101) as u8)
            .collect();
        let g = kibitz::pinochle::generate::generate_game(
            &mut kibitz::choose::ByteChooser::new(&data),
            &kibitz::pinochle::generate::Settings {
                max_hands: 3,
                ..Default::default()
            },
        );
        hands += g.hands.len();
        for h in &g.hands {
            match &h.play {
                Some(p) => tricks += p.tricks.len(),
                None => unplayed += 1,
            }
        }
        let text = kibitz::fuzzing::write_pinochle(&g.hands);
        let (_, findings, back) = kibitz::fuzzing::read_pinochle(&text);
        assert!(findings.is_empty());
        assert_eq!(back.len(), g.hands.len());
    }
    eprintln!("{hands} hands, {tricks} tricks, {unplayed} not played");
    assert!(hands >= 50 && tricks >= 20 * (hands - unplayed) && hands > unplayed);
}

/// The sample game in `examples/` has exactly the one fault its comment names.
#[test]
fn sample_game_has_exactly_its_planted_fault() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/pinochle-sample.ppn"
    ))
    .unwrap();
    assert!(looks_like_pinochle(text.as_bytes()));
    let (hands, findings) = read(&text);
    assert_eq!(hands.len(), 3);
    assert_eq!(ids(&findings), [], "the notation is clean");
    let mut checker = kibitz::pinochle::Checker::new(kibitz::pinochle::Options::default());
    let mut found = Vec::new();
    for h in &hands {
        checker.check(h, &mut |fault, pos| {
            found.push((fault.rule().id, pos.to_string()))
        });
    }
    // Line 36 (3 headers, 8 comment lines, 24 tags and tricks 1-2 before it) is
    // `HQ HK HA ST (S3)`; the group starts at column 13.
    assert_eq!(found, [("pinochle.play.winner", "36:13".to_string())]);
    assert_eq!(text.lines().nth(35), Some("HQ HK HA ST (S3)"));
}

/// The rules on the spec's example hand: the examples do not agree with each
/// other, and the faults below are checked by hand against the typed text.
#[test]
fn rules_flag_the_spec_examples_inconsistencies() {
    let (hands, _) = read(SPEC_EXPORT);
    let mut checker = kibitz::pinochle::Checker::new(kibitz::pinochle::Options::default());
    let mut found = Vec::new();
    checker.check(&hands[0], &mut |fault, pos| {
        found.push((fault.rule().id, pos.to_string()))
    });
    for want in [
        // E Pass, S 52, W 59, N 60, -, S Pass, W 65, N 70, -, -, W Pass: North
        // wins at 70, so Contract 65 (line 15) and Declarer W (line 14) are wrong.
        ("pinochle.auction.contract", "15:11"),
        ("pinochle.auction.declarer", "14:11"),
        // Play "S": the declarer (North, by the auction) leads the first trick.
        ("pinochle.play.leader", "26:1"),
        // South's hand (`KQQJJ.TKKKKQ.AK.AATKQJJ`, second from East) has no CA.
        ("pinochle.play.not-held", "27:1"),
        // Trick 3 `HA HJ HK HQ` from South, hearts trump: South's HA wins, not W.
        ("pinochle.play.winner", "29:13"),
    ] {
        assert!(
            found.iter().any(|(r, p)| *r == want.0 && p == want.1),
            "{want:?} not in {found:?}"
        );
    }
}
