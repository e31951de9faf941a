//! LIN: the reader and decoder on the real corpus (`bridge/lin`), round trips
//! (raw records, boards, generated games, PBN boards written as LIN), and each
//! rule of `rules/lin.toml` tested directly.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use kibitz::bridge::generate::{Settings, generate_board};
use kibitz::bridge::{
    AuctionCall, Board, Context, Note, PlayCard, PlayOrder, ResultTag, Room, check,
};
use kibitz::choose::ByteChooser;
use kibitz::notation::lin::writer::{Form, Writer, uncarried};
use kibitz::notation::lin::{RawRecord, Reader, decode::decode};
use kibitz::{Finding, Pos, Seat};

/// Reads every record of `data`: raw records and decoded boards with findings.
fn read_all(data: &[u8]) -> Vec<(RawRecord, Board, Vec<Finding>)> {
    let mut r = Reader::new(data);
    let mut out = Vec::new();
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {
        let mut b = Board::default();
        let mut f = rec.findings.clone();
        decode(&rec, &mut b, &mut f);
        out.push((rec.clone(), b, f));
    }
    assert_eq!(r.bytes_read(), data.len() as u64, "every byte is read");
    out
}

fn one(text: &str) -> (Board, Vec<Finding>) {
    let mut v = read_all(text.as_bytes());
    assert_eq!(v.len(), 1, "one record in {text}");
    let (_, b, f) = v.remove(0);
    (b, f)
}

fn rules_of(f: &[Finding]) -> Vec<&'static str> {
    f.iter().map(|f| f.rule).collect()
}

fn corpus_files() -> Option<Vec<std::path::PathBuf>> {
    let root = common::corpus()?;
    let dir = root.join("bridge/lin");
    if !dir.is_dir() {
        eprintln!("skipped: no {}", dir.display());
        return None;
    }
    Some(common::files_with_ext(&dir, "lin"))
}

/// The raw tags of a record without positions, for comparing round trips.
type Pairs = Vec<(Vec<u8>, Vec<u8>)>;

fn raw_view(r: &RawRecord) -> (Pairs, Pairs) {
    let f = |ts: &[kibitz::notation::lin::RawTag]| {
        ts.iter()
            .map(|t| (t.name.to_vec(), r.value(t).to_vec()))
            .collect()
    };
    (f(&r.header), f(&r.tags))
}

#[test]
fn corpus_every_record_read_and_count_matches_an_independent_count() {
    let Some(files) = corpus_files() else { return };
    assert!(files.len() >= 40, "{} files", files.len());
    let mut ours = BTreeMap::new();
    let mut total = 0;
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let recs = read_all(&data);
        for (rec, b, f) in &recs {
            // Every board of the corpus has a deal and no syntax findings.
            assert!(b.deal.is_some(), "{} record {}", p.display(), rec.index);
            assert!(
                f.iter().all(|f| !f.rule.starts_with("lin.syntax")
                    && !f.rule.starts_with("lin.limit")
                    && f.rule != "lin.md"),
                "{}: {f:?}",
                p.display()
            );
        }
        total += recs.len();
        ours.insert(p.display().to_string(), recs.len());
    }
    assert_eq!(
        total, 162,
        "30 + 30 + 32 + 32 vugraph records, 38 single boards"
    );
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/count_lin_records.py");
    let dir = common::corpus().unwrap().join("bridge/lin");
    let out = match Command::new("python3").arg(script).arg(&dir).output() {
        Ok(o) if o.status.success() => o,
        _ => {
            eprintln!("skipped the independent count: python3 not available");
            return;
        }
    };
    let mut theirs = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let (n, path) = line.split_once('\t').unwrap();
        theirs.insert(path.to_string(), n.parse::<usize>().unwrap());
    }
    assert_eq!(ours, theirs);
}

/// Prints the findings of the decoder and of the bridge rules on the corpus,
/// by rule, three examples each (for reading by eye: `cargo test --test lin
/// corpus_findings -- --nocapture`).
#[test]
fn corpus_findings() {
    let Some(files) = corpus_files() else { return };
    let mut by_rule: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let mut ctx = Context::default();
        for (_, b, mut f) in read_all(&data) {
            check(&b, &mut ctx, &mut f);
            for x in f {
                by_rule.entry(x.rule).or_default().push(format!(
                    "{}:{}: [rec {}] {}",
                    p.file_name().unwrap().to_string_lossy(),
                    x.pos,
                    x.record,
                    x.message
                ));
            }
        }
    }
    for (rule, v) in &by_rule {
        println!("{rule}: {}", v.len());
        for s in v.iter().take(3) {
            println!("    {s}");
        }
    }
}

#[test]
fn corpus_plays_are_replayed() {
    let Some(files) = corpus_files() else { return };
    let (mut boards, mut replayed, mut tricks, mut finished, mut declared) = (0, 0, 0u32, 0, 0);
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let mut ctx = Context::default();
        for (_, b, mut f) in read_all(&data) {
            let o = check(&b, &mut ctx, &mut f);
            boards += 1;
            declared += usize::from(o.declared.declarer.is_some());
            if let Some(p) = o.play {
                replayed += 1;
                tricks += u32::from(p.tricks);
                finished += usize::from(p.finished);
            }
        }
    }
    println!(
        "boards {boards} declared {declared} replayed {replayed} tricks {tricks} finished {finished}"
    );
    assert_eq!(boards, 162);
    // All but the record without an auction have a declarer and a replayed play.
    assert_eq!(declared, 161);
    assert_eq!(replayed, 161);
    assert!(tricks > 161 * 5, "{tricks}");
}

#[derive(serde::Deserialize)]
struct BookEntry {
    id: String,
    severity: kibitz::Severity,
    legal: String,
    illegal: String,
    #[serde(default)]
    limits: Option<BookLimits>,
}

#[derive(serde::Deserialize, Clone, Copy)]
struct BookLimits {
    max_line: Option<usize>,
    max_tokens: Option<usize>,
}

#[derive(serde::Deserialize)]
struct Book {
    rule: Vec<BookEntry>,
}

fn book() -> Vec<BookEntry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/lin.toml");
    toml::from_str::<Book>(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .rule
}

/// Reads, decodes and checks `text` (the bridge rules too), as the audit will.
fn audit(text: &str, limits: Option<BookLimits>) -> Vec<Finding> {
    let mut l = kibitz::notation::lin::Limits::default();
    if let Some(b) = limits {
        l.max_value = b.max_line.unwrap_or(l.max_value);
        l.max_tags = b.max_tokens.unwrap_or(l.max_tags);
    }
    let mut r = Reader::with_limits(text.as_bytes(), l);
    let mut rec = RawRecord::default();
    let mut out = Vec::new();
    let mut ctx = Context::default();
    while r.read_record(&mut rec).unwrap() {
        out.extend(rec.findings.iter().cloned());
        let mut b = Board::default();
        decode(&rec, &mut b, &mut out);
        check(&b, &mut ctx, &mut out);
    }
    out
}

/// Every rule of `rules/lin.toml`, tested directly (tests/rulebook.rs audits
/// the book through the audit layer once it reads LIN): the legal example has no
/// finding of the rule and no violation; the illegal one has the rule with the
/// book's severity. The book and `lin::rules::ALL` name the same rules.
#[test]
fn every_lin_rule_by_its_book_examples() {
    let book = book();
    let code: BTreeMap<&str, kibitz::Severity> = kibitz::notation::lin::rules::ALL
        .iter()
        .map(|r| (r.id, r.severity))
        .collect();
    let ids: BTreeMap<&str, kibitz::Severity> =
        book.iter().map(|e| (e.id.as_str(), e.severity)).collect();
    assert_eq!(ids, code, "rules/lin.toml and lin::rules::ALL differ");
    let mut failures = String::new();
    for e in &book {
        let legal = audit(&e.legal, e.limits);
        if legal
            .iter()
            .any(|f| f.rule == e.id || f.severity == kibitz::Severity::Violation)
        {
            failures += &format!("{}: legal example gets {:?}\n", e.id, legal);
        }
        let illegal = audit(&e.illegal, e.limits);
        match illegal.iter().find(|f| f.rule == e.id) {
            Some(f) if f.severity == e.severity => {}
            _ => failures += &format!("{}: illegal example gets {:?}\n", e.id, illegal),
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

fn write_boards(boards: &[Board], form: Form) -> Vec<u8> {
    let mut w = Writer::with_form(Vec::new(), form);
    for b in boards {
        w.write_board(b).unwrap();
    }
    w.into_inner()
}

fn without_positions(mut b: Board) -> Board {
    b.clear_positions();
    b
}

#[test]
fn corpus_round_trip_raw_records_and_boards() {
    let Some(files) = corpus_files() else { return };
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let first = read_all(&data);
        // Raw records: write_raw then read gives the same tags and headers.
        let mut w = Writer::new(Vec::new());
        for (rec, _, _) in &first {
            w.write_raw(rec).unwrap();
        }
        let again = read_all(&w.into_inner());
        assert_eq!(first.len(), again.len(), "{}", p.display());
        for (a, b) in first.iter().zip(&again) {
            assert_eq!(raw_view(&a.0), raw_view(&b.0), "{}", p.display());
            assert_eq!(
                without_positions(a.1.clone()),
                without_positions(b.1.clone())
            );
        }
        // Boards: write_board then read gives the same boards.
        let form = if first[0].1.room.is_some() {
            Form::Vugraph
        } else {
            Form::Single
        };
        // The results list's entry of a table (`rs`) heads the file, before
        // any board is written: the one field a written board does not carry.
        let mut boards: Vec<Board> = first.iter().map(|x| x.1.clone()).collect();
        for b in &mut boards {
            let lost: Vec<_> = uncarried(b, form).collect();
            let expected: &[&str] = match b.summary.take() {
                Some(_) => &[kibitz::notation::RESULTS_LIST],
                None => &[],
            };
            assert_eq!(lost, expected, "{}: {b:?}", p.display());
        }
        let text = write_boards(&boards, form);
        let back = read_all(&text);
        assert_eq!(back.len(), boards.len());
        for (a, b) in boards.iter().zip(back) {
            assert_eq!(
                without_positions(a.clone()),
                without_positions(b.1),
                "{}\n{}",
                p.display(),
                String::from_utf8_lossy(&text)
            );
        }
    }
}

/// What reading back the LIN written of a generated game gives, built here from
/// the game: the play put in played order by trick winners, the tags LIN does
/// not write removed.
fn lin_view(g: &Board, form: Form) -> Board {
    let mut b = g.clone();
    b.clear_positions();
    b.id.site.clear();
    b.id.date.clear();
    if form == Form::Single {
        b.id.event.clear();
        b.id.scoring.clear();
        b.scoring = kibitz::bridge::Scoring::empty();
        b.room = None;
    } else if b.room.is_none() {
        b.room = Some(Room::Open); // `qx` names a room: `o` when the board has none
    }
    b.declarer = None;
    b.contract = None;
    b.score = None;
    b.score_imp = None;
    let claimed = b.play.as_ref().is_some_and(|p| p.star.is_some());
    if !claimed {
        b.result = None;
    }
    if let Some(p) = b.play.as_mut() {
        let trump = match g.contract.unwrap().value {
            kibitz::bridge::ContractTag::Contract(c) => c.bid.strain().trump(),
            _ => unreachable!("generated plays have a contract"),
        };
        let first = p.first.unwrap();
        let mut leader = first;
        let mut items = Vec::new();
        for row in p.items.chunks(4) {
            let order: Vec<_> = (0..4)
                .map(|k| row[leader.add(k).distance_from(first)])
                .collect();
            let cards: Vec<_> = order.iter().map(|i| i.card.known().unwrap()).collect();
            leader = kibitz::bridge::play::trick_winner(
                leader,
                [cards[0], cards[1], cards[2], cards[3]],
                trump,
            );
            items.extend(order);
        }
        p.items = items;
        p.order = PlayOrder::Chronological;
    }
    b
}

#[test]
fn generated_games_round_trip_in_both_forms() {
    let settings = Settings {
        claims: true,
        fault: None,
    };
    for seed in 0..400u32 {
        let bytes: Vec<u8> = (0..600u32)
            .map(|i| {
                (i.wrapping_mul(2_654_435_761)
                    .wrapping_add(seed.wrapping_mul(40_503))
                    >> 13) as u8
            })
            .collect();
        let g = generate_board(&mut ByteChooser::new(&bytes), seed % 32 + 1, &settings);
        for form in [Form::Single, Form::Vugraph] {
            let text = write_boards(std::slice::from_ref(&g.board), form);
            let back = read_all(&text);
            assert_eq!(back.len(), 1);
            let (_, b, f) = &back[0];
            assert!(f.is_empty(), "{f:?}\n{}", String::from_utf8_lossy(&text));
            assert_eq!(
                without_positions(b.clone()),
                lin_view(&g.board, form),
                "seed {seed} {form:?}\n{}",
                String::from_utf8_lossy(&text)
            );
            let mut out = Vec::new();
            check(b, &mut Context::default(), &mut out);
            assert!(
                out.iter()
                    .all(|f| f.severity != kibitz::Severity::Violation),
                "{out:?}"
            );
            let names: Vec<_> = uncarried(&g.board, form).collect();
            assert!(
                names.contains(&"Site") && names.contains(&"Date"),
                "{names:?}"
            );
        }
    }
}

/// PBN boards written as LIN and read back agree on every field LIN carries:
/// board, dealer, vulnerability, hands, players, event, room, the calls with
/// their note texts, and the cards played (the same cards in each trick).
#[test]
fn pbn_corpus_boards_written_as_lin_read_back_equal() {
    let Some(root) = common::corpus() else { return };
    let mut files = common::files_with_ext(&root.join("bridge/pbn/bbo"), "pbn");
    files.extend(
        common::files_with_ext(&root.join("bridge/pbn/championships"), "pbn")
            .into_iter()
            .take(40),
    );
    let mut compared = 0;
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let mut r = kibitz::pbn::Reader::new(&data[..]);
        let mut rec = kibitz::pbn::RawRecord::default();
        let mut pbn_boards = Vec::new();
        while r.read_record(&mut rec).unwrap() {
            let mut b = Board::default();
            kibitz::pbn::decode::decode(&rec, &mut b, &mut Vec::new());
            if b.deal.is_some() && b.dealer.is_some() {
                pbn_boards.push(b);
            }
        }
        let text = write_boards(&pbn_boards, Form::Vugraph);
        let back = read_all(&text);
        assert_eq!(back.len(), pbn_boards.len(), "{}", p.display());
        for (a, (_, b, _)) in pbn_boards.iter().zip(&back) {
            let ctx = format!("{} board {:?}", p.display(), a.number);
            assert_eq!(
                a.number.map(|n| n.value),
                b.number.map(|n| n.value),
                "{ctx}"
            );
            assert_eq!(
                a.dealer.map(|n| n.value),
                b.dealer.map(|n| n.value),
                "{ctx}"
            );
            assert_eq!(
                a.vulnerability.map(|n| n.value),
                b.vulnerability.map(|n| n.value),
                "{ctx}"
            );
            let hands = |x: &Board| x.deal.as_ref().map(|d| d.value.hands);
            if a.deal
                .as_ref()
                .unwrap()
                .value
                .hands
                .values
                .iter()
                .all(Option::is_some)
            {
                assert_eq!(hands(a), hands(b), "{ctx}");
            }
            let u: Vec<_> = uncarried(a, Form::Vugraph).collect();
            if !u.iter().any(|s| s.starts_with("players")) {
                assert_eq!(a.id.players, b.id.players, "{ctx}");
            }
            if !u.contains(&"Event") {
                assert_eq!(a.id.event, b.id.event, "{ctx}");
            }
            assert_eq!(
                a.room.is_some_and(|r| r == Room::Closed),
                b.room == Some(Room::Closed)
            );
            // Calls and the note text of each.
            let calls = |x: &Board| -> Vec<(kibitz::Call, Option<String>)> {
                x.auction
                    .iter()
                    .flat_map(|a| {
                        a.items.iter().filter_map(|i| match i.call {
                            AuctionCall::Call(c) => Some((
                                c,
                                i.note.map(|n| {
                                    a.notes
                                        .iter()
                                        .find(|m| m.number == n)
                                        .map_or(String::new(), |m: &Note| m.text.clone())
                                }),
                            )),
                            _ => None,
                        })
                    })
                    .collect()
            };
            let (ca, cb) = (calls(a), calls(b));
            assert!(
                cb.len() >= ca.len() && cb[..ca.len()] == ca[..],
                "{ctx}: {ca:?} {cb:?}"
            );
            assert!(
                cb[ca.len()..].iter().all(|c| c.0 == kibitz::Call::Pass),
                "{ctx}"
            );
            // Cards: each trick's set of cards, in as far as LIN could write them.
            let tricks = |x: &Board| -> Vec<Vec<String>> {
                x.play
                    .iter()
                    .flat_map(|p| {
                        p.items
                            .chunks(4)
                            .map(|t| {
                                let mut v: Vec<String> = t
                                    .iter()
                                    .filter_map(|i| i.card.known())
                                    .map(|c| c.to_string())
                                    .collect();
                                v.sort();
                                v
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect()
            };
            let (ta, tb) = (tricks(a), tricks(b));
            if !u.iter().any(|s| s.starts_with("cards after")) {
                assert_eq!(ta, tb, "{ctx}");
            }
            assert!(
                b.play
                    .as_ref()
                    .is_none_or(|p| p.order == PlayOrder::Chronological
                        && p.items.iter().all(|i| matches!(i.card, PlayCard::Card(_))))
            );
            if let (
                Some(ResultTag {
                    declarer: Some(n), ..
                }),
                true,
            ) = (b.result.and_then(|r| r.value), a.result.is_some())
            {
                let _ = n;
                assert!(!u.contains(&"Result"), "{ctx}");
            }
            compared += 1;
        }
    }
    println!("compared {compared} PBN boards");
    assert!(compared > 1000, "{compared}");
    let _ = (Pos::default(), Seat::North);
}

/// The fuzz body `lin_decode` on its seeds and saved regressions, and on every
/// prefix of the vugraph seed (cut anywhere, the invariants hold).
#[test]
fn lin_decode_fuzz_seeds_and_regressions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for dir in ["fuzz/seeds/lin", "fuzz/regressions/lin_decode"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in rd.flatten() {
            let data = std::fs::read(e.path()).unwrap();
            kibitz::fuzzing::lin_decode(&data);
            n += 1;
        }
    }
    assert!(n >= 3);
    let v = std::fs::read(root.join("fuzz/seeds/lin/vugraph.lin")).unwrap();
    for k in 0..v.len() {
        kibitz::fuzzing::lin_decode(&v[..k]);
    }
}

/// Decoder details checked by hand: positions, alerts, three-hand deals, names
/// by room, the vulnerability taken from the cycle.
#[test]
fn decoder_details() {
    // Dealer digit 5 at line 1, column 4 (the value's first byte).
    let (b, f) = one("md|5SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|");
    assert_eq!(rules_of(&f), ["lin.md", "lin.record.no-auction"]);
    assert_eq!(f[0].pos, Pos::new(1, 4));
    assert_eq!(b.dealer, None);
    // The fourth hand is the rest: East holds ST HTJ DTJ C4-CJ.
    let east = b.deal.unwrap().value.hands[Seat::East].unwrap();
    assert_eq!(east.to_string(), "T.JT.JT.JT987654");
    // An alert without `an` is a note with empty text; `an` after an unalerted
    // call is a note too; `an| |` keeps its blank.
    let (b, f) = one(
        "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|-|mb|1C!|mb|1D|an| |mb|p|mb|p|mb|p|",
    );
    assert!(f.is_empty(), "{f:?}");
    let a = b.auction.unwrap();
    assert_eq!(a.items[0].note, Some(1));
    assert_eq!(a.items[1].note, Some(2));
    assert_eq!(
        a.notes,
        [
            Note {
                number: 1,
                text: String::new()
            },
            Note {
                number: 2,
                text: " ".into()
            }
        ]
    );
    assert_eq!(a.first, Some(Seat::South));
    assert_eq!(a.items[1].pos, Pos::new(1, 75));
    // Closed room takes names 5-8 of the header; no sv: board 6 is EW in the cycle.
    let text = "vg|E,S,I,6,6,A,0,B,0|pn|s1,w1,n1,e1,s2,w2,n2,e2|qx|c6|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|mb|p|mb|p|mb|p|mb|p|";
    let (b, f) = one(text);
    assert_eq!(rules_of(&f), ["lin.sv.missing"]);
    assert_eq!(b.id.players[Seat::North], "n2");
    assert_eq!(b.room, Some(Room::Closed));
    assert_eq!(b.number.unwrap().value, 6);
    assert_eq!(
        b.vulnerability.unwrap().value,
        kibitz::Vulnerability::EastWest
    );
    assert_eq!(b.id.event, "E");
    assert_eq!(b.id.scoring, "IMP");
    // A byte that is no suit letter or rank, and a rank before any suit
    // letter (a hand written `AKQ...` as in a lesson file), each said so.
    for (hand, says) in [
        (
            "SAKQJHAKQDAKQCAKZ",
            "`Z` in the hand of South is not a suit letter",
        ),
        (
            "AKQJHAKQDAKQCAKQS",
            "`A` in the hand of South is a rank before any suit letter",
        ),
    ] {
        let (_, f) = one(&format!(
            "md|1{hand},S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|"
        ));
        let md: Vec<_> = f.iter().filter(|f| f.rule == "lin.md").collect();
        assert!(md.len() == 1 && md[0].message.starts_with(says), "{f:#?}");
    }
    // A claim mid-trick: result and end mark; an unknown card keeps its place.
    let (b, f) = one(
        "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|s2|pc|X9|mc|13|",
    );
    assert_eq!(rules_of(&f), ["lin.pc"]);
    let p = b.play.unwrap();
    assert_eq!(p.first, Some(Seat::West));
    assert_eq!(p.items[1].card, PlayCard::Unknown);
    assert_eq!(p.star, Some(Pos::new(1, 101)));
    assert_eq!(
        b.result.unwrap().value,
        Some(ResultTag {
            declarer: Some(13),
            ..ResultTag::default()
        })
    );
}

/// A ten written `10` in `md` and in `pc` is read as `T`, with one warning at
/// the first, and the deal and play are audited: West plays S10 on a heart
/// lead holding hearts (a revoke). Read strictly, the hand was a violation
/// and its tens were dropped.
#[test]
fn a_ten_written_10_is_read_as_t_and_the_play_is_checked() {
    let text = "pn|S,W,N,E|st||md|3SAKQJHAKQDAKQCAKQ,S10987HJ109DJ109CJ109,S6543H876D876C876|\
                rh||ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|H2|pc|HA|pc|S10|pc|H6|\n";
    let f = audit(text, None);
    let lenient: Vec<&Finding> = f.iter().filter(|f| f.rule == "lin.token.lenient").collect();
    assert_eq!(lenient.len(), 1, "{f:?}");
    // `md|` ends at column 18; the value's byte 20 is the first `1` of `S10987`.
    assert_eq!(lenient[0].pos, Pos::new(1, 39));
    assert_eq!(
        lenient[0].message,
        "`10` is not LIN (the ten is T); read as T (and 1 more in this record)"
    );
    let revoke = f.iter().find(|f| f.rule == "bridge.play.revoke");
    assert!(revoke.is_some_and(|r| r.message.contains("ST")), "{f:?}");
    assert!(
        !f.iter().any(|f| f.rule == "lin.md" || f.rule == "lin.pc"),
        "{f:?}"
    );
}

/// A PBN board without a Dealer: with an auction from East, LIN's `md` opens
/// with East's digit (4) and nothing is reported as not carried, and the
/// auction reads back from East; with no auction either, `md` has no digit
/// to write, which `uncarried` says (the record reads back with `lin.md`).
#[test]
fn a_board_without_a_dealer_is_written_from_its_auction_or_reported() {
    let deal = "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let pbn = |extra: &str| {
        let b = common::pbn_board(&format!(
            "[Board \"3\"]\n[Vulnerable \"None\"]\n{deal}{extra}"
        ));
        assert!(b.dealer.is_none());
        b
    };
    let b = pbn("[Auction \"E\"]\n1S Pass 2S Pass\nPass Pass\n");
    assert_eq!(uncarried(&b, Form::Vugraph).count(), 0);
    let out = String::from_utf8(write_boards(std::slice::from_ref(&b), Form::Vugraph)).unwrap();
    assert!(out.contains("|md|4S"), "{out}");
    let (back, findings) = one(&out);
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!(back.dealer.map(|d| d.value), Some(Seat::East));
    assert_eq!(
        back.auction.as_ref().and_then(|a| a.first),
        Some(Seat::East)
    );

    let b = pbn("");
    let names: Vec<_> = uncarried(&b, Form::Vugraph).collect();
    assert_eq!(names, ["dealer (`md` without its digit)"]);
    let out = String::from_utf8(write_boards(std::slice::from_ref(&b), Form::Vugraph)).unwrap();
    let (_, findings) = one(&out);
    assert!(rules_of(&findings).contains(&"lin.md"), "{findings:?}");
}

#[test]
fn a_record_of_no_game_is_empty_not_a_board_without_its_deal() {
    // A BBO download opening with an empty table record, then a board.
    let board = "qx|o1|st||md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|\
                 mb|p|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|C2|pc|C3|pc|C4|pc|CA|pg||mc|13|pg||\n";
    let f = audit(&format!("qx||pg||\n{board}"), None);
    let mut rules: Vec<_> = f.iter().map(|f| (f.record, f.rule)).collect();
    rules.sort();
    assert_eq!(rules, [(1, "lin.qx"), (1, "lin.record.empty")], "{f:#?}");
    // A record with a call but no deal is still a board without its deal.
    let f = audit("qx|o1|sv|o|mb|p|pg||\n", None);
    assert!(rules_of(&f).contains(&"lin.md.missing"), "{f:#?}");
    assert!(!rules_of(&f).contains(&"lin.record.empty"), "{f:#?}");
}

#[test]
fn after_text_where_a_tag_should_stand_reading_resumes_at_the_next_known_tag_and_says_where() {
    // A lesson file's colour names written after a display value: reading
    // resumes at the next display tag (`cg`), which is known, not only at
    // the next tag the decoder reads (`qx`, two lines on), and says where.
    let text = "cr|3255|cb|30 |light red\ncr|21 |cg|2255|\n\
                qx|o1|md|1S73,SK6,SAQ,SJT|sv|o|mb|1n|mb|p|mb|p|mb|p|pg||\n";
    let v = read_all(text.as_bytes());
    let f: Vec<_> = v
        .iter()
        .flat_map(|(_, _, f)| f)
        .filter(|f| f.rule == "lin.syntax.tag")
        .collect();
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].pos, Pos::new(1, 16));
    assert!(
        f[0].message
            .ends_with("skipped to the next known tag, `cg` at 2:8"),
        "{}",
        f[0].message
    );
}

#[test]
fn pavliceks_flag_is_known() {
    // `pf|y|` marks Pavlicek's LIN (lin-notes sections 1 and 10): no
    // unknown-tag notice; its upper-case vulnerability and whole tricks in
    // one `pc` are read.
    let text = "pf|y|pn|a,b,c,d|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|\
                ah|Board 1|sv|N|mb|p|mb|p|mb|p|mb|1S|mb|p|mb|p|mb|p|pg||pc|C2C3C4CA|pg||\n";
    let (b, f) = one(text);
    // (A play of one trick and no claim is a notice of its own.)
    assert_eq!(rules_of(&f), ["lin.record.unfinished"], "{f:#?}");
    assert_eq!(
        b.vulnerability.map(|v| v.value),
        Some(kibitz::bridge::Vulnerability::NorthSouth)
    );
    assert_eq!(b.play.as_ref().map(|p| p.items.len()), Some(4));
}

#[test]
fn lesson_display_tags_are_skipped_and_other_tags_still_reported() {
    // The title page of a BBO lesson file before its first board.
    let board = "qx|o1|st||md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|\
                 mb|p|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|C2|pc|C3|pc|C4|pc|CA|pg||mc|13|pg||\n";
    let title = "cr|128|cg|0|cb|0|bt|Lesson 1|mn|Intro|sa|1|tu|x|va|y|ht|x|cs|z|at|Lead the ace|\n";
    let f = audit(&format!("{title}{board}"), None);
    assert!(f.is_empty(), "{f:#?}");
    // In capitals too, and beside a tag no reader knows.
    let f = audit(&format!("{}zz|what|\n{board}", title.to_uppercase()), None);
    assert_eq!(rules_of(&f), ["lin.tag.unknown"], "{f:#?}");
    assert!(f[0].message.contains("`zz|what|`"), "{}", f[0].message);
}

#[test]
fn the_board_number_is_the_heading_s_where_qx_names_another() {
    // BBO Helper's download: `qx|o26|` heads board 27, whose dealer (South)
    // and vulnerability (none) are board 27's in the standard cycle.
    let deal = "md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|";
    let calls = "mb|p|mb|p|mb|p|mb|p|pg||";
    let (b, f) = one(&format!("qx|o26|{deal}rh||ah|Board 27|sv|o|{calls}\n"));
    assert_eq!(b.number.map(|n| n.value), Some(27));
    let qx: Vec<_> = f.iter().filter(|f| f.rule == "lin.qx").collect();
    assert_eq!(qx.len(), 1, "{f:#?}");
    assert!(
        qx[0]
            .message
            .contains("names board 26 but the heading `ah` names board 27")
    );
    // Agreeing, nothing is said; a lesson page (`qx|F55|`) names no board;
    // a heading URL-encoded as handviewer links write it still does.
    let (b, f) = one(&format!("qx|o27|{deal}ah|Board 27|sv|o|{calls}\n"));
    assert_eq!(
        (b.number.map(|n| n.value), rules_of(&f)),
        (Some(27), vec![])
    );
    let (b, _) = one(&format!("qx|F55|{deal}sv|o|{calls}\n"));
    assert_eq!(b.number, None);
    // So does a page whose letter is an upper-case room letter (a lesson's
    // pages run from A to F): `C21` is no closed room, `O5` no open room.
    // BBO writes the room in lower case.
    for page in ["C21", "O5"] {
        let (b, f) = one(&format!("qx|{page}|{deal}sv|o|{calls}\n"));
        assert_eq!((b.number, b.room), (None, None), "{page}");
        assert!(
            f.iter()
                .any(|f| f.rule == "lin.qx" && f.message.contains("lower case")),
            "{page}: {f:#?}"
        );
    }
    let (b, _) = one(&format!("qx|c21|{deal}sv|o|{calls}\n"));
    assert_eq!(
        (b.number.map(|n| n.value), b.room),
        (Some(21), Some(Room::Closed))
    );
    for heading in [
        "Board+7",
        "Board%207",
        "board 7",
        "Open Room Board 7",
        "Cup, Board 7 (dealer South)",
        "Bd 7",
        "Bd. 7",
    ] {
        let (b, _) = one(&format!("{deal}ah|{heading}|sv|o|{calls}\n"));
        assert_eq!(b.number.map(|n| n.value), Some(7), "{heading}");
    }
    // A word that only contains "board", or a heading with no number after
    // the word, names no board.
    for heading in [
        "Scoreboard 7",
        "Boards 1-8",
        "Board",
        "Bidding practice",
        "Bdx 7",
        "Abd 7",
    ] {
        let (b, _) = one(&format!("{deal}ah|{heading}|sv|o|{calls}\n"));
        assert_eq!(b.number, None, "{heading}");
    }
}

#[test]
fn a_comma_after_the_fourth_hand_ends_the_deal_as_after_the_third() {
    // East's hand (the rest of the pack) given, and a comma after it.
    let four = "md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,STHTJDTJC456789TJ,|";
    for (md, lin_md) in [(four.to_string(), 0), (four.replace(",|", ",,|"), 1)] {
        let (b, f) = one(&format!("{md}sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"));
        let n = rules_of(&f).iter().filter(|r| **r == "lin.md").count();
        assert_eq!(n, lin_md, "{md}: {f:#?}");
        assert!(b.deal.is_some());
    }
}

#[test]
fn an_auction_ending_in_ap_carries_its_play_start_to_lin() {
    // 1S by North, then `AP`: East leads, as LIN's reader will work out from
    // the passes the writer spells out.
    let text = "[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ 2345.2345.2345.2 6789.6789.6789.3 T.TJ.TJ.456789TJ\"]\n\
                [Declarer \"N\"]\n[Contract \"1S\"]\n[Auction \"N\"]\n1S AP\n[Play \"E\"]\nS2 S6 ST SA\n*\n";
    let b = common::pbn_board(text);
    let fields: Vec<_> = uncarried(&b, Form::Vugraph).collect();
    assert!(
        !fields.iter().any(|f| f.starts_with("play start")),
        "{fields:?}"
    );
    // A play from another seat is still named.
    let b = common::pbn_board(&text.replace("[Play \"E\"]", "[Play \"S\"]"));
    let fields: Vec<_> = uncarried(&b, Form::Vugraph).collect();
    assert!(
        fields.iter().any(|f| f.starts_with("play start")),
        "{fields:?}"
    );
}

/// The `lin.rs` findings of every record read.
fn lin_rs(all: &[(RawRecord, Board, Vec<Finding>)]) -> Vec<&Finding> {
    all.iter()
        .flat_map(|(_, _, f)| f)
        .filter(|f| f.rule == "lin.rs")
        .collect()
}

#[test]
fn the_results_list_gives_each_table_its_entry() {
    use kibitz::bridge::Summary;
    // Boards 5 and 6, open room first: entries o5, c5, o6, c6 at columns 4,
    // 9, 10 and 15 of line 2 (the value starts at column 4).
    let deal = "md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|";
    let calls = "mb|p|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||";
    let text = format!(
        "vg|Teams,Final,I,5,6,Red,0,Blue,0|\nrs|7NS=,,PASS,7N by S|\n\
         qx|o5|{deal}sv|n|{calls}\nqx|c5|{deal}sv|n|{calls}\n\
         qx|o6|{deal}sv|e|{calls}\nqx|c6|{deal}sv|e|{calls}\nqx|o7|{deal}sv|b|{calls}\n"
    );
    let all = read_all(text.as_bytes());
    let summaries: Vec<_> = all.iter().map(|(_, b, _)| b.summary).collect();
    let seven_nt = Summary::Played {
        contract: "7NT".parse().unwrap(),
        declarer: Seat::South,
        tricks: 13,
    };
    assert_eq!(
        summaries[0].map(|s| (s.value, s.pos)),
        Some((seven_nt, Pos::new(2, 4)))
    );
    assert_eq!(
        summaries[1], None,
        "an empty entry: the table was not played"
    );
    assert_eq!(
        summaries[2].map(|s| (s.value, s.pos)),
        Some((Summary::PassedOut, Pos::new(2, 10)))
    );
    assert_eq!(summaries[3], None);
    assert_eq!(summaries[4], None, "board 7 is beyond the list");
    let rs = lin_rs(&all);
    assert_eq!(rs.len(), 1, "{rs:#?}");
    assert_eq!((rs[0].record, rs[0].pos), (4, Pos::new(2, 15)));
    assert!(
        rs[0].message.contains("`7N by S` of table c6"),
        "{}",
        rs[0].message
    );

    // The audit holds each entry to its table: o6's PASS against 7NT by
    // South is one violation, at the entry.
    let f = audit(&text, None);
    let list: Vec<_> = f
        .iter()
        .filter(|f| f.rule == "bridge.result.list")
        .map(|f| (f.record, f.pos))
        .collect();
    assert_eq!(list, [(3, Pos::new(2, 10))], "{f:#?}");

    // Without a `vg` first board the entries cannot be placed: said once,
    // whether the title lacks it or there is no title (then `rs` is a tag of
    // the first record).
    for head in ["vg|Teams,Final,I,,,Red,0,Blue,0|\n", ""] {
        let text = format!("{head}rs|7NS=,|\nqx|o1|{deal}sv|o|{calls}\nqx|c1|{deal}sv|o|{calls}\n");
        let all = read_all(text.as_bytes());
        assert!(all.iter().all(|(_, b, _)| b.summary.is_none()), "{head}");
        let rs = lin_rs(&all);
        assert_eq!(rs.len(), 1, "{head}: {rs:#?}");
        let line = if head.is_empty() { 1 } else { 2 };
        assert_eq!((rs[0].record, rs[0].pos), (1, Pos::new(line, 4)), "{head}");
    }
}
