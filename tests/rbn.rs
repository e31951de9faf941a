//! RBN 3.2 and RBX: the spec's examples (typed in), each rule of `rules/rbn.toml`
//! run directly through the reader, decoder and bridge rules, round trips of raw
//! records and boards, generated games, and the PBN corpus converted to RBN.

mod common;

use kibitz::bridge::generate::{Settings, generate_board};
use kibitz::bridge::{
    AuctionCall, Board, Centi, Context, ContractTag, DeclarerTag, PlayCard, PlayOrder, Room, check,
};
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::notation::rbn::writer::{Form, Uncarried, Writer, uncarried};
use kibitz::notation::rbn::{FieldKind, Limits, RawRecord, Reader, decode::decode, looks_like_rbn};
use kibitz::{Finding, Pos, Seat, Severity, Vulnerability};

/// The "Florida Belles Are Ringers" record of the spec (text paragraphs shortened).
const FLORIDA: &str = "D 19930512
T Florida Belles Are Ringers:Richard Pavlicek
L West Palm Beach FL:Palm Beach Bridge Studio
E ACBL International Fund Game
F M
N :Helen Shanbrom+Julia Carswell
{Two Florida ladies put together a tremendous score -- 78 percent.}
B 8
H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:
A WZ:1S2H2S4D:4SPP5H:XA
C 5HX:N
P CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA
R 9-300:0
{Watch the defense! Carswell led the cK and Shanbrom followed with the seven.}
";

/// The RBX section's record, in RBN and in RBX.
const TIMBUKTU: &str = "% RBN
D 19991225
L Timbuktu
E Teams
F I
S F:1
K Duck:Fox
N Bob+Ed:Tom+Joe
B 7
H W:AK2
A SB:1HP5H^1A
1 nuts
C 5H:S
{Ed quit!}
";
const TIMBUKTU_RBX: &str = "%{RBX}D{19991225}L{Timbuktu}E{Teams}F{I}S{F:1}K{Duck:Fox}N{Bob+Ed:Tom+Joe}B{7}H{W:AK2}A{SB:1HP5H^1A}1{nuts}C{5H:S}{Ed quit!}\n";

/// Short label examples of the spec, one record each.
const EXAMPLES: &[&str] = &[
    "D 19980131\n",
    "D 199709\n",
    "D 1986120911\n",
    "D 1955C\n",
    "D 20010704:1930\n",
    "D 20120428:072315G\n",
    "T Greed Costs Contract:Richard Pavlicek\n",
    "T :Joe Blow\n",
    "T Preempts:: Fact or Fiction?:Marty Bergen\n",
    "L Toronto ON:Royal York Hotel\n",
    "E Southeastern Regional:Flight A Open Pairs\n",
    "F X:Butler\n",
    "F I:1952\n",
    "F M:old\n",
    "F C:NS 60\n",
    "F A:no honors or partscore carryover\n",
    "S S:3\n",
    "S R32:1\n",
    "K Italy:USA1:999:22\n",
    "K Iceland:Bulgaria:76.33:91.50\n",
    "K France:Spain::-5\n",
    "K GIB:Jack:99-8\n",
    "N Wolff+Hamman:Stansby+Martel\n",
    "N Soloway\n",
    "N :Jan+Joe:O\n",
    "N :+Norman Kay:6\n",
    "N +Roth:GIB 4.0\n",
    "B 15:C\n",
    "B 9:97-7-542\n",
    "B xy\n",
    "H W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:\n",
    "H S:9.AK6.AKT982.K87:K7654.J73.Q65.T6:QT2.T94.J4.AQ953:\n",
    "H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72\n",
    "H E:T4.8642.AKT8.K65\n",
    "H W:K9.K9.9:3.A3.Q.4:Q82..J.A:A7.7.K8\n",
    "H W:43:KJ2:Q976:AT85\n",
    "H W:A875.632.76.8643;Q632.Q87.J842.Q2:KJT4.KJT4.AQ3.AJ;\n",
    "H E;K5.T.KQJT98.KQJT:A876.A2.765.A876;32.KQJ9876543..9:\n",
    "H N:QJT94..A432.5432;K5.T.KQJT98.KQJT:A876.A2.765.A876;\n",
    "A SZ:1SP2SP:4SA\n",
    "A WE:A\n",
    "A NB:1SXY\n",
    "A 1SP2CP:2D\n",
    "A EB:3CP3N?P:PX!R^1A\n1 apparently lost his mind\n",
    "A SZ:1SP2SP:4SA\n0 N-S were a new partnership\n",
    "C 5D:N\n",
    "C 6NR:E\n",
    "C 4SX8:S\n",
    "C H6:S:S\n",
    "C CM:W\n",
    "C 4S:N\nP SK54T:SA87H3:HA245:HKQ8J\n",
    "C 4S:N\nP HQ*3J2:HK47A:DJA53:HT68C7^1\n1 subtle falsecard\n",
    "C 4S:N\nP SK--.:STQA.:--+-:S578\n0 Lose 1 trump trick\n",
    "R 11\n",
    "R 10+620\n",
    "R 8-300:+4\n",
    "R P:-2\n",
    "R 12-980:-11\n",
    "R :66.67\n",
    "R 5:-1\n",
    "R +2140:+12.29\n",
    "R 7-750:7\n",
    "R 9-100:=\n",
    "M 9\n",
    "M 8998888788887\n",
    "M 89?\n",
    "M :AAABBBAABA\n",
    "M ::987A8+997A8\n",
    "M ::BA69A=\n",
    "M :::74499=\n",
    "M ::987A8=:!=\n",
    "M ::88666+88667:!!\n",
    "I 3N=10:4S=7:6S=5:P=4:5S=3:4N=1\n",
    "I SK=10:HK=9:H8=7:HT=4:D3=3:CK=2\n",
    "I 10=98:95:5=91:88:-40=83:42=75:43=65\n",
    "I Dbl=0 or 3 key cards\nPass=1 or 4 key cards\nCheapest bid=2 or 5 key cards\n",
];

/// Rules that concern the board or the notation's handling of it: reader
/// findings, decode findings, and the bridge rules.
fn read_all(text: &[u8], limits: Limits) -> Vec<(RawRecord, Board, Vec<Finding>)> {
    let mut r = Reader::with_limits(text, limits);
    let mut out = Vec::new();
    let mut ctx = Context::default();
    loop {
        let mut rec = RawRecord::default();
        if !r.read_record(&mut rec).unwrap() {
            break;
        }
        let mut f = rec.findings.clone();
        let mut b = Board::default();
        decode(&rec, &mut b, &mut f);
        check(&b, &mut ctx, &mut f);
        out.push((rec, b, f));
    }
    assert_eq!(r.bytes_read(), text.len() as u64, "every byte is read");
    out
}

fn read(text: &str) -> Vec<(RawRecord, Board, Vec<Finding>)> {
    read_all(text.as_bytes(), Limits::default())
}

fn show(fs: &[Finding]) -> String {
    fs.iter()
        .map(|f| format!("  {} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect()
}

/// The fields as written (kind, label, value, inherited, continued), without
/// positions.
fn fields(rec: &RawRecord) -> Vec<(FieldKind, u8, Vec<u8>, bool, bool)> {
    rec.fields
        .iter()
        .map(|f| {
            (
                f.kind,
                f.label,
                rec.value(f).to_vec(),
                f.inherited,
                f.continued,
            )
        })
        .collect()
}

fn write_raw(recs: &[(RawRecord, Board, Vec<Finding>)], form: Form) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out, form);
    for (r, _, _) in recs {
        w.write_record(r).unwrap();
    }
    out
}

fn write_boards(boards: &[Board], form: Form) -> (Vec<u8>, Uncarried) {
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out, form);
    let mut u = Uncarried::empty();
    for b in boards {
        u |= w.write_board(b).unwrap();
    }
    (out, u)
}

fn boards_of(recs: &[(RawRecord, Board, Vec<Finding>)]) -> Vec<Board> {
    recs.iter()
        .map(|(_, b, _)| {
            let mut b = b.clone();
            b.clear_positions();
            b
        })
        .collect()
}

/// read -> write -> read is the identity on raw records (RBN and RBX) and on
/// boards (RBN and RBX).
fn assert_round_trips(text: &str) {
    let first = read(text);
    for form in [Form::Rbn, Form::Rbx] {
        let raw = write_raw(&first, form);
        let again = read_all(&raw, Limits::default());
        assert_eq!(first.len(), again.len(), "{form:?}\n{text}");
        for ((a, _, _), (b, _, _)) in first.iter().zip(&again) {
            let strip = |r: &RawRecord| {
                let mut v = fields(r);
                v.iter_mut().for_each(|f| f.4 &= f.1 == b'I');
                v
            };
            assert_eq!(
                strip(a),
                strip(b),
                "{form:?} raw:\n{text}\n{}",
                String::from_utf8_lossy(&raw)
            );
        }
        let boards = boards_of(&first);
        let (text2, u) = write_boards(&boards, form);
        let back = boards_of(&read_all(&text2, Limits::default()));
        assert_eq!(
            back,
            boards,
            "{form:?} boards ({:?}):\n{text}\n{}",
            u,
            String::from_utf8_lossy(&text2)
        );
    }
}

#[test]
fn florida_belles_decodes_as_the_article_says() {
    let recs = read(FLORIDA);
    assert_eq!(recs.len(), 1);
    let (rec, b, f) = &recs[0];
    assert!(f.is_empty(), "{}", show(f));
    assert_eq!(
        rec.fields
            .iter()
            .filter(|f| f.kind == FieldKind::Text)
            .count(),
        2
    );
    assert_eq!(b.id.date, "1993.05.12");
    assert_eq!(b.id.site, "West Palm Beach FL:Palm Beach Bridge Studio");
    assert_eq!(b.id.event, "ACBL International Fund Game");
    assert_eq!(b.id.players[Seat::West], "Helen Shanbrom");
    assert_eq!(b.id.players[Seat::East], "Julia Carswell");
    assert_eq!(b.number.unwrap().value, 8);
    assert_eq!(b.dealer.unwrap().value, Seat::West);
    assert_eq!(b.vulnerability.unwrap().value, Vulnerability::None);
    let deal = &b.deal.as_ref().unwrap().value;
    // South gets the rest: S K9, H K94, D AT75432, C 9 (the article's diagram).
    assert_eq!(
        deal.hands[Seat::South].unwrap().to_string(),
        "K9.K94.AT75432.9"
    );
    let a = b.auction.as_ref().unwrap();
    let calls: Vec<String> = a
        .items
        .iter()
        .map(|i| match i.call {
            AuctionCall::Call(c) => c.to_string(),
            AuctionCall::AllPass => "AP".into(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        calls,
        [
            "1S", "2H", "2S", "4D", "4S", "Pass", "Pass", "5H", "X", "AP"
        ]
    );
    assert_eq!(a.star, None);
    assert_eq!(
        b.contract.unwrap().value,
        ContractTag::Contract("5HX".parse().unwrap())
    );
    assert_eq!(
        b.declarer.unwrap().value,
        DeclarerTag::Seat {
            seat: Seat::North,
            swapped: false
        }
    );
    let p = b.play.as_ref().unwrap();
    assert_eq!(
        (p.first, p.order),
        (Some(Seat::East), PlayOrder::Chronological)
    );
    let cards: Vec<String> = p
        .items
        .iter()
        .map(|i| i.card.known().unwrap().to_string())
        .collect();
    assert_eq!(
        cards.join(" "),
        "CK C9 C7 C2 CQ H4 C8 C3 DA D9 DJ D6 D2 DK H2 D8 SJ SQ SK SA CA"
    );
    assert!(p.star.is_some(), "the play stops: the rest is a claim");
    // The play: CK at 12:3, the "8" of trick 2 at 12:14.
    assert_eq!(p.items[0].pos, Pos::new(12, 3));
    assert_eq!(p.items[6].pos, Pos::new(12, 14));
    assert_eq!(b.result.unwrap().value.unwrap().declarer, Some(9));
    assert_eq!(b.score.unwrap().value.ns, Some(-300));
    assert_round_trips(FLORIDA);
}

#[test]
fn rbx_is_the_same_record_on_one_line() {
    let rbn = read(TIMBUKTU);
    let rbx = read(TIMBUKTU_RBX);
    assert_eq!((rbn.len(), rbx.len()), (1, 1));
    assert!(rbx[0].0.rbx && !rbn[0].0.rbx);
    let no_extra = |r: &RawRecord| {
        let mut v = fields(r);
        v.retain(|f| f.0 != FieldKind::Extra);
        v
    };
    assert_eq!(no_extra(&rbn[0].0), no_extra(&rbx[0].0));
    let (mut a, mut b) = (rbn[0].1.clone(), rbx[0].1.clone());
    a.clear_positions();
    b.clear_positions();
    assert_eq!(a, b);
    assert_eq!(a.auction.as_ref().unwrap().notes[0].text, "nuts");
    assert_eq!(a.auction.as_ref().unwrap().items[2].note, Some(1));
    // Writing the RBN record as RBX gives the spec's RBX line, `% RBN` aside.
    let out = write_raw(&rbn, Form::Rbx);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        TIMBUKTU_RBX.replace("%{RBX}", "%{ RBN}")
    );
    // RBX positions: the 5H of the A label is at column 95.
    assert_eq!(
        rbx[0].1.auction.as_ref().unwrap().items[2].pos,
        Pos::new(1, 95)
    );
    assert_round_trips(TIMBUKTU);
    assert_round_trips(TIMBUKTU_RBX);
}

#[test]
fn every_spec_example_reads_without_a_notation_finding_and_round_trips() {
    for ex in EXAMPLES {
        let recs = read(ex);
        assert_eq!(recs.len(), 1, "{ex}");
        let notation: Vec<&Finding> = recs[0]
            .2
            .iter()
            .filter(|f| f.rule.starts_with("rbn.") && f.rule != "rbn.pseudo")
            .collect();
        assert!(notation.is_empty(), "{ex}: {notation:#?}");
        assert_round_trips(ex);
    }
    // One record of all of them, each example a record.
    let all: String = EXAMPLES.iter().map(|e| format!("{e}\n")).collect();
    assert_eq!(read(&all).len(), EXAMPLES.len());
    assert_round_trips(&all);
}

#[test]
fn label_examples_decode_to_their_meaning() {
    let one = |t: &str| read(t).remove(0).1;
    assert_eq!(one("A 1SP2CP:2D\n").dealer.unwrap().value, Seat::West);
    assert_eq!(one("A 1SP2CP:2D\n").vulnerability, None);
    let b = one("A WE:A\n");
    assert_eq!(b.vulnerability.unwrap().value, Vulnerability::EastWest);
    assert_eq!(b.auction.unwrap().items[0].call, AuctionCall::AllPass);
    let b = one("A NB:1SXY\n");
    let a = b.auction.unwrap();
    assert_eq!(a.items[2].call, AuctionCall::Next);
    assert_eq!(a.star, None);
    let b = one("C H6:S:S\n");
    assert_eq!(
        b.contract.unwrap().value,
        ContractTag::Strain(kibitz::Strain::Hearts)
    );
    let b = one("C 4S:N\nP HQ*3J2:HK47A:DJA53:HT68C7^1\n1 subtle falsecard\n");
    let p = b.play.unwrap();
    assert_eq!(p.items[15].card.known().unwrap().to_string(), "C7");
    assert_eq!(p.items[15].note, Some(1));
    assert_eq!(p.notes[0].text, "subtle falsecard");
    let b = one("R 8-300:+4\n");
    assert_eq!(b.score_imp.unwrap().value.ns, Some(Centi(400)));
    let b = one("R P:-2\n");
    assert_eq!(b.result.unwrap().value, None);
    assert_eq!(b.contract.unwrap().value, ContractTag::Pass);
    let b = one("N :Jan+Joe:O\n");
    assert_eq!(b.room, Some(Room::Open));
    let b = one("H W:43:KJ2:Q976:AT85\n");
    assert_eq!(
        b.deal.unwrap().value.hands[Seat::North]
            .unwrap()
            .to_string(),
        "KJ2..."
    );
    let b = one("H W:AKx.x.:QJT:\n");
    let h = b.deal.unwrap().value.hands;
    // `x`: the lowest free spade (2) and heart (2).
    assert_eq!(h[Seat::West].unwrap().to_string(), "AK2.2..");
    let b = one("D 20010704:1930\n");
    assert_eq!(b.id.date, "2001.07.04");
}

#[test]
fn lf_and_crlf_read_the_same() {
    let lf = read(FLORIDA);
    let crlf = read(&FLORIDA.replace('\n', "\r\n"));
    assert_eq!(fields(&lf[0].0), fields(&crlf[0].0));
    assert_eq!(lf[0].1, crlf[0].1);
}

#[test]
fn repeating_labels_and_team_alternation() {
    // Two tables of two deals: K is set, so N alternates; B and H repeat; D is
    // nulled on the fourth record.
    let text = "D 19991225\nK Duck:Fox\nN Bob+Ed:Tom+Joe:O\nB 1\nH N:AKQJ.AKQ.AKQ.AKQ\nC 4S:N\nR 10+420:=\n\n\
                N Tom+Joe:Bob+Ed:C\nC 4S:N\nR 10+420\n\n\
                B 2\nH E:AKQJ.AKQ.AKQ.AKQ\n\nD\n";
    let recs = read(text);
    assert_eq!(recs.len(), 4);
    let north = |i: usize| recs[i].1.id.players[Seat::North].clone();
    assert_eq!(
        [north(0), north(1), north(2), north(3)],
        ["Bob", "Tom", "Bob", "Tom"]
    );
    let rooms: Vec<_> = recs.iter().map(|r| r.1.room).collect();
    assert_eq!(
        rooms,
        [
            Some(Room::Open),
            Some(Room::Closed),
            Some(Room::Open),
            Some(Room::Closed)
        ]
    );
    assert_eq!(
        recs[1].1.deal,
        recs[0].1.deal.clone().map(|mut d| {
            d.pos = recs[1].1.deal.as_ref().unwrap().pos;
            d
        })
    );
    assert!(recs[1].0.find(b'H').unwrap().inherited);
    assert_eq!(recs[2].1.number.unwrap().value, 2);
    assert_eq!(recs[2].1.id.date, "1999.12.25");
    assert_eq!(recs[3].1.id.date, "");
    // The inherited H points at where it was written.
    assert_eq!(recs[1].1.deal.as_ref().unwrap().pos, Pos::new(5, 3));
    assert_round_trips(text);
    // Without K, a room comes only from N.
    let recs = read("B 1\nH N:AKQJ.AKQ.AKQ.AKQ\n\nB 1\n");
    assert_eq!(recs[1].1.room, None);
}

#[test]
fn a_teams_match_is_written_with_k_and_n_as_the_reader_alternates_it() {
    // Six tables of one teams match: open, closed, open, closed, then closed
    // before open. Under K, a record without N has the N before the last one
    // (and the two swap). Worked by hand from that rule: the third and fourth
    // leave N out (each is the table before the last); the fifth repeats the
    // last N, which the reader would not give back, so it is written, and so
    // is the sixth (the N before the last is then the fifth's). Four N lines.
    let table = |number: u32, room: Room| {
        let mut b = Board::default();
        b.number = Some(kibitz::bridge::At::new(number, Pos::default()));
        b.room = Some(room);
        b.id.home_team = "Duck".into();
        b.id.visit_team = "Fox".into();
        b.id.stage = "Final".into();
        let names = match room {
            Room::Open => ["Bob", "Ed", "Tom", "Joe"],
            Room::Closed => ["Tom", "Joe", "Bob", "Ed"],
        };
        for (seat, name) in [Seat::North, Seat::South, Seat::West, Seat::East]
            .into_iter()
            .zip(names)
        {
            b.id.players[seat] = name.into();
        }
        b
    };
    let boards = [
        table(1, Room::Open),
        table(1, Room::Closed),
        table(2, Room::Open),
        table(2, Room::Closed),
        table(3, Room::Closed),
        table(3, Room::Open),
    ];
    for form in [Form::Rbn, Form::Rbx] {
        let (out, u) = write_boards(&boards, form);
        assert!(u.is_empty(), "{u:?}");
        let text = String::from_utf8(out).unwrap();
        let n_lines = text.matches("N Bob").count() + text.matches("N Tom").count();
        let n_fields = text.matches("N{").count();
        assert_eq!(n_lines + n_fields, 4, "{text}");
        assert_eq!(
            text.matches("K Duck:Fox").count() + text.matches("K{Duck:Fox}").count(),
            1
        );
        assert_eq!(
            text.matches("S Final").count() + text.matches("S{Final}").count(),
            1
        );
        let recs = read(&text);
        assert!(recs.iter().all(|r| r.2.is_empty()), "{text}");
        assert_eq!(boards_of(&recs), boards, "{text}");
    }
    // Teams on a board that names no room: read back, it has one (K), which
    // the writer says.
    let mut roomless = table(1, Room::Open);
    roomless.room = None;
    assert_eq!(uncarried(&roomless), Uncarried::IMPLIED_ROOM);
    let recs = read(&String::from_utf8(write_boards(&[roomless], Form::Rbn).0).unwrap());
    assert_eq!(recs[0].1.room, Some(Room::Open));
}

#[test]
fn multi_line_item_list() {
    let text = "B 1\nI Dbl=0 or 3 key cards\nPass=1 or 4 key cards\nI Cheapest bid=2 or 5\n{end}\n";
    let recs = read(text);
    assert!(recs[0].2.is_empty(), "{}", show(&recs[0].2));
    let items: Vec<_> = recs[0]
        .0
        .fields
        .iter()
        .filter(|f| f.label == b'I')
        .map(|f| (f.continued, f.value_pos.col))
        .collect();
    assert_eq!(items, [(false, 3), (true, 1), (true, 3)]);
    assert_round_trips(text);
}

#[test]
fn syntax_errors_point_at_line_and_column_and_reading_resumes() {
    let text = "B 1\nZ what\nA NZ:1SQ\nC4S:N\n{never closed\n\nB 2\nE{x}E{y}Qq\nB 3\n";
    let recs = read(text);
    assert_eq!(recs.len(), 4, "records: 1, the RBX line, 3 after it");
    let got: Vec<(&str, Pos)> = recs
        .iter()
        .flat_map(|r| r.2.iter())
        .filter(|f| f.rule.starts_with("rbn."))
        .map(|f| (f.rule, f.pos))
        .collect();
    assert!(
        got.contains(&("rbn.syntax.line", Pos::new(2, 1))),
        "{got:?}"
    );
    assert!(
        got.contains(&("rbn.syntax.line", Pos::new(4, 2))),
        "{got:?}"
    );
    assert!(
        got.contains(&("rbn.value.auction", Pos::new(3, 8))),
        "{got:?}"
    );
    assert!(
        got.contains(&("rbn.syntax.text", Pos::new(5, 1))),
        "{got:?}"
    );
    assert!(got.contains(&("rbn.syntax.rbx", Pos::new(8, 9))), "{got:?}");
    assert_eq!(recs[3].1.number.unwrap().value, 3);
    // Records 1 and 2 are the ones the findings name.
    assert!(recs[0].2.iter().all(|f| f.record == 1));
    assert!(recs[1].2.iter().all(|f| f.record == 2));
}

#[derive(serde::Deserialize)]
struct Book {
    rule: Vec<kibitz::rulebook::Entry>,
}

#[test]
fn every_rule_of_the_rbn_book_is_tested_directly() {
    let (_, text) = kibitz::rulebook::SOURCES
        .iter()
        .find(|(n, _)| *n == "rules/rbn.toml")
        .unwrap();
    let book: Book = toml::from_str(text).unwrap();
    let code = kibitz::notation::rbn::rules::ALL;
    let ids: Vec<&str> = book.rule.iter().map(|e| e.id.as_str()).collect();
    let code_ids: Vec<&str> = code.iter().map(|r| r.id).collect();
    assert_eq!(
        ids, code_ids,
        "the book and the code name the same rules in order"
    );
    let mut failures = String::new();
    for e in &book.rule {
        let rule = code.iter().find(|r| r.id == e.id).unwrap();
        assert_eq!(rule.severity, e.severity, "{}", e.id);
        let mut limits = Limits::default();
        if let Some(l) = e.limits {
            limits.max_line = l.max_line.unwrap_or(limits.max_line);
            limits.max_fields = l.max_tokens.unwrap_or(limits.max_fields);
        }
        let all = |t: &str| -> Vec<Finding> {
            read_all(t.as_bytes(), limits)
                .into_iter()
                .flat_map(|r| r.2)
                .collect()
        };
        let legal = all(&e.legal);
        if legal
            .iter()
            .any(|f| f.rule == e.id || f.severity == Severity::Violation)
        {
            failures += &format!("{}: legal example gets:\n{}", e.id, show(&legal));
        }
        let illegal = all(&e.illegal);
        match illegal.iter().find(|f| f.rule == e.id) {
            Some(f) if f.severity == e.severity => {}
            _ => failures += &format!("{}: illegal example gets:\n{}", e.id, show(&illegal)),
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

/// What the board says in terms RBN carries: PBN-only spellings normalised
/// (scores to North-South, results to declarer, seat columns to played order,
/// empty Declarer and Result tags dropped, the scoring text left out: RBN
/// writes its letter).
fn carried(b: &Board) -> Board {
    let mut b = b.clone();
    b.clear_positions();
    b.id.scoring.clear();
    let declarer = match b.declarer.map(|d| d.value) {
        Some(DeclarerTag::Seat { seat, .. }) => Some(seat),
        _ => None,
    };
    let passed = b.contract.is_some_and(|c| c.value == ContractTag::Pass);
    if passed {
        // RBN's `R P` says all three.
        use kibitz::bridge::At;
        b.declarer
            .get_or_insert(At::new(DeclarerTag::PassedOut, Pos::default()));
        b.result.get_or_insert(At::new(None, Pos::default()));
    } else {
        if b.declarer
            .is_some_and(|d| d.value == DeclarerTag::PassedOut)
        {
            b.declarer = None;
        }
        if b.result.is_some_and(|r| r.value.is_none()) {
            b.result = None;
        }
    }
    if let (Some(r), Some(d)) = (b.result.as_mut(), declarer)
        && let Some(t) = r.value.as_mut()
    {
        let n = t.declarer.or(if d.side() == kibitz::Side::NorthSouth {
            t.ns
        } else {
            t.ew
        });
        *t = kibitz::bridge::ResultTag {
            declarer: n,
            ..Default::default()
        };
    }
    if let Some(s) = b.score.as_mut() {
        let v = s.value;
        let ns =
            v.ns.or(v.ew.map(|e| -e))
                .or(v.declarer.zip(declarer).map(|(x, d)| {
                    if d.side() == kibitz::Side::NorthSouth {
                        x
                    } else {
                        -x
                    }
                }));
        s.value = kibitz::bridge::SideScore {
            ns,
            ..Default::default()
        };
    }
    if let Some(s) = b.score_imp.as_mut() {
        let v = s.value;
        let ns =
            v.ns.or(v.ew.map(|e| Centi(-e.0)))
                .or(v.declarer.zip(declarer).map(|(x, d)| {
                    if d.side() == kibitz::Side::NorthSouth {
                        x
                    } else {
                        Centi(-x.0)
                    }
                }));
        s.value = kibitz::bridge::SideScore {
            ns,
            ..Default::default()
        };
    }
    if let Some(p) = b.play.as_mut() {
        // Played order, unplayed slots ending the last trick dropped; RBN's
        // end mark is the end of the play.
        let mut w = Writer::new(Vec::new(), Form::Rbn);
        let _ = &mut w;
        if p.order == PlayOrder::SeatColumns {
            let contract = b.contract.map(|c| c.value);
            let trump = match contract {
                Some(ContractTag::Contract(c)) => Some(c.bid.strain().trump()),
                Some(ContractTag::Strain(s)) => Some(s.trump()),
                _ => None,
            };
            let mut items = Vec::new();
            if let (Some(first), Some(trump)) = (p.first, trump) {
                let mut leader = first;
                let rows: Vec<_> = p.items.chunks(4).collect();
                for (t, row) in rows.iter().enumerate() {
                    let order: Vec<_> = (0..4)
                        .filter_map(|k| row.get(leader.add(k).distance_from(first)).copied())
                        .collect();
                    let cards: Vec<_> = order.iter().filter_map(|i| i.card.known()).collect();
                    items.extend(order);
                    if t + 1 == rows.len() {
                        while items
                            .last()
                            .is_some_and(|i: &kibitz::bridge::PlayItem| i.card == PlayCard::Unknown)
                        {
                            items.pop();
                        }
                    } else if let [a, b, c, d] = cards[..] {
                        leader = kibitz::bridge::play::trick_winner(leader, [a, b, c, d], trump);
                    } else {
                        break;
                    }
                }
            }
            p.items = items;
            p.order = PlayOrder::Chronological;
        }
        p.star = None;
    }
    if let Some(a) = b.auction.as_mut() {
        a.star = None;
    }
    b
}

#[test]
fn generated_games_round_trip_and_stay_legal() {
    let mut played = 0;
    for seed in 0..300u64 {
        let bytes = splitmix_bytes(seed, 700);
        let g = generate_board(
            &mut ByteChooser::new(&bytes),
            (seed % 32) as u32 + 1,
            &Settings::default(),
        );
        assert!(
            uncarried(&g.board).is_empty(),
            "seed {seed}: {:?}",
            uncarried(&g.board)
        );
        for form in [Form::Rbn, Form::Rbx] {
            let (text, u) = write_boards(std::slice::from_ref(&g.board), form);
            assert!(u.is_empty());
            let recs = read_all(&text, Limits::default());
            assert_eq!(recs.len(), 1);
            let bad: Vec<_> = recs[0]
                .2
                .iter()
                .filter(|f| f.severity == Severity::Violation || f.rule.starts_with("rbn."))
                .collect();
            assert!(
                bad.is_empty(),
                "seed {seed}: {bad:#?}\n{}",
                String::from_utf8_lossy(&text)
            );
            let decoded = boards_of(&recs);
            assert_eq!(
                carried(&decoded[0]),
                carried(&g.board),
                "seed {seed}\n{}",
                String::from_utf8_lossy(&text)
            );
            // Claims keep their meaning: RBN's stopped play is PBN's `*`.
            assert_eq!(
                decoded[0].play.as_ref().map(|p| p.star.is_some()),
                g.board.play.as_ref().map(|p| p.star.is_some())
            );
            assert_round_trips(&String::from_utf8(text).unwrap());
        }
        played += usize::from(g.board.play.is_some());
    }
    assert!(played > 150, "{played}");
}

#[test]
fn pbn_corpus_converts_to_rbn_keeping_every_carried_field_and_rule() {
    let Some(root) = common::corpus() else { return };
    let dir = root.join("bridge/pbn");
    let mut files = common::files_with_ext(&dir, "pbn");
    // A spread of files: every 25th, plus the verifier's correct files.
    files = files
        .into_iter()
        .enumerate()
        .filter(|(i, p)| i % 25 == 0 || p.to_string_lossy().contains("correct_"))
        .map(|(_, p)| p)
        .collect();
    assert!(!files.is_empty());
    let (mut boards, mut same_rules, mut differ) = (0, 0, Vec::new());
    let mut uncarried_count = std::collections::BTreeMap::<&str, usize>::new();
    for path in &files {
        let data = std::fs::read(path).unwrap();
        let mut r = kibitz::pbn::Reader::new(&data[..]);
        let mut rec = kibitz::pbn::RawRecord::default();
        let mut pbn_boards = Vec::new();
        let mut pbn_clean = Vec::new();
        while r.read_record(&mut rec).unwrap() {
            let mut b = Board::default();
            let mut f = rec.findings.clone();
            kibitz::pbn::decode::decode(&rec, &mut b, &mut f);
            pbn_clean.push(f.is_empty());
            pbn_boards.push(b);
        }
        let (text, u) = write_boards(&pbn_boards, Form::Rbn);
        for n in u.names() {
            *uncarried_count.entry(n).or_default() += 1;
        }
        let recs = read_all(&text, Limits::default());
        assert_eq!(recs.len(), pbn_boards.len(), "{}", path.display());
        let mut ctx_a = Context::default();
        for ((pbn, clean), (_, rbn, findings)) in pbn_boards.iter().zip(&pbn_clean).zip(&recs) {
            boards += 1;
            let u = uncarried(pbn);
            let long_ok = u.contains(Uncarried::LENGTH);
            let notation: Vec<_> = findings
                .iter()
                .filter(|f| f.rule.starts_with("rbn.") && f.rule != "rbn.pseudo")
                .filter(|f| !(long_ok && f.rule == "rbn.label.length"))
                .collect();
            // A record PBN reads cleanly gives a clean RBN record.
            assert!(
                !clean || notation.is_empty(),
                "{}: {notation:?}",
                path.display()
            );
            if u.is_empty() && carried(rbn) != carried(pbn) {
                let (a, b) = (
                    format!("{:#?}", carried(rbn)),
                    format!("{:#?}", carried(pbn)),
                );
                let diff: Vec<_> = a
                    .lines()
                    .zip(b.lines())
                    .filter(|(x, y)| x != y)
                    .take(6)
                    .collect();
                panic!(
                    "{} board {:?}: rbn vs pbn {diff:#?}",
                    path.display(),
                    pbn.number.map(|n| n.value)
                );
            }
            let mut a = Vec::new();
            check(pbn, &mut ctx_a, &mut a);
            let ids = |v: &[Finding]| {
                let mut s: Vec<&str> = v
                    .iter()
                    .filter(|f| f.rule.starts_with("bridge."))
                    .map(|f| f.rule)
                    .collect();
                s.sort();
                s
            };
            if ids(&a) == ids(findings) {
                same_rules += 1;
            } else if u.is_empty() {
                differ.push(format!(
                    "{} board {:?}: pbn {:?} rbn {:?}",
                    path.display(),
                    pbn.number.map(|n| n.value),
                    ids(&a),
                    ids(findings)
                ));
            }
        }
    }
    eprintln!(
        "{boards} boards in {} files; same bridge rule ids on {same_rules}; not carried: {uncarried_count:?}",
        files.len()
    );
    assert!(
        differ.is_empty(),
        "{} boards differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn looks_like_rbn_needs_strong_evidence() {
    assert_eq!(looks_like_rbn(FLORIDA.as_bytes()), Some(false));
    assert_eq!(looks_like_rbn(TIMBUKTU.as_bytes()), Some(false));
    assert_eq!(looks_like_rbn(TIMBUKTU_RBX.as_bytes()), Some(true));
    assert_eq!(looks_like_rbn(&TIMBUKTU_RBX.as_bytes()[6..]), Some(true));
    assert_eq!(looks_like_rbn(b"% PBN 2.1\n[Event \"x\"]\n"), None);
    assert_eq!(looks_like_rbn(b"pn|a,b,c,d|st||md|3SA|\n"), None);
    assert_eq!(looks_like_rbn(b"{\"game\": 1}\n"), None);
    for seed in 0..5000u64 {
        let bytes = splitmix_bytes(seed, 64 + (seed % 300) as usize);
        assert_eq!(looks_like_rbn(&bytes), None, "seed {seed}");
    }
    // Random lines made of RBN label letters, spaces and newlines.
    for seed in 0..5000u64 {
        let alphabet = b"DTLEFSKNBHACPRMI {}:\n";
        let bytes: Vec<u8> = splitmix_bytes(seed, 40)
            .iter()
            .map(|b| alphabet[*b as usize % alphabet.len()])
            .collect();
        if let Some(rbx) = looks_like_rbn(&bytes) {
            // Matched only with three ordered labels: check that claim.
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                rbx || text
                    .lines()
                    .filter(|l| l.len() == 1 || l.as_bytes().get(1) == Some(&b' '))
                    .count()
                    >= 3,
                "{text:?}"
            );
        }
    }
    let Some(root) = common::corpus() else { return };
    for p in common::files_with_ext(&root.join("bridge/pbn"), "pbn")
        .iter()
        .step_by(20)
    {
        let data = std::fs::read(p).unwrap();
        assert_eq!(
            looks_like_rbn(&data[..data.len().min(16384)]),
            None,
            "{}",
            p.display()
        );
    }
}

#[test]
fn uncarried_fields_are_named() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n\
                [Declarer \"^S\"]\n[Contract \"1NT\"]\n[Result \"^7\"]\n[Auction \"N\"]\n1C ^I 1C =12= AP\n";
    let b = common::pbn_board(text);
    let names: Vec<_> = uncarried(&b).names().collect();
    assert_eq!(
        names,
        [
            "declarer swap mark",
            "agreed result mark",
            "insufficient bid mark",
            "note number above 9"
        ]
    );
}

/// A PBN record without a Dealer tag but with `[Auction "E"]`: RBN's A label
/// opens with the seat of the first call, so the auction is written from East
/// (`A EZ:`), nothing is reported as not carried, and the RBN record's
/// auction is read from East as the PBN one was. Written with an unknown
/// dealer (`A XZ:`), its calls would have no seat and go unaudited.
#[test]
fn an_auction_without_a_dealer_is_written_from_its_first_seat() {
    let text =
        "[Board \"3\"]\n[Vulnerable \"None\"]\n[Auction \"E\"]\n1S Pass 2S Pass\nPass Pass\n";
    let b = common::pbn_board(text);
    assert!(b.dealer.is_none());
    let (out, u) = write_boards(std::slice::from_ref(&b), Form::Rbn);
    assert!(u.is_empty(), "{:?}", u.names().collect::<Vec<_>>());
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("\nA EZ:1SP2SP:PP\n"), "{out}");
    let back = read(&out);
    let auction = back[0].1.auction.as_ref().expect("an auction");
    assert_eq!(auction.first, Some(Seat::East));
    assert_eq!(auction.items.len(), 6);
}

#[test]
fn rbn_decode_fuzz_regressions_and_seeds() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut n = 0;
    for dir in ["seeds/rbn", "regressions/rbn_decode"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in rd.flatten().filter(|e| e.file_name() != ".gitkeep") {
            kibitz::fuzzing::rbn_decode(&std::fs::read(e.path()).unwrap());
            n += 1;
        }
    }
    assert!(n >= 5, "{n} seeds");
    // Mutations of the seeds: every prefix of one, and bytes flipped.
    let seed = FLORIDA.as_bytes();
    for k in 0..seed.len() {
        kibitz::fuzzing::rbn_decode(&seed[..k]);
    }
    for seed_n in 0..300u64 {
        let noise = splitmix_bytes(seed_n, 16);
        let mut data = TIMBUKTU_RBX.as_bytes().to_vec();
        for w in noise.chunks(2) {
            let i = w[0] as usize % data.len();
            data[i] = w[1];
        }
        kibitz::fuzzing::rbn_decode(&data);
        kibitz::fuzzing::rbn_decode(&splitmix_bytes(seed_n, 2000));
    }
}

/// A ten written `10` in the H label and in the P label (after a suit, and
/// alone following suit) is read as `T`, with one warning at the first: the
/// board decodes as the one written with `T` (but for positions: `C10` is a
/// byte longer than `CT`), with the same other findings. Read strictly, the
/// H label was a violation (no deal) and the play stopped at the first `10`.
#[test]
fn a_ten_written_10_is_read_as_t() {
    // West holds CT (AT87) and leads it to the third trick, written C10.
    let with_t = "B 8\nH W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\n\
                  A WZ:1S2H2S4D:4SPP5H:XA\nC 5HX:N\nP CK972:CQ!H483:CT\nR 9-300\n";
    let with_10 = "B 8\nH W:A8765.Q10.K9.A1087:J42.AJ7632.J.632:Q103.85.Q86.KQJ54:\n\
                   A WZ:1S2H2S4D:4SPP5H:XA\nC 5HX:N\nP CK972:CQ!H483:C10\nR 9-300\n";
    let board = |text: &str| {
        let (_, mut b, f) = read(text).remove(0);
        b.clear_positions();
        (b, f)
    };
    let ((t, t_found), (ten, ten_found)) = (board(with_t), board(with_10));
    assert_eq!(t, ten, "the same board");
    let lenient: Vec<&Finding> = (ten_found.iter())
        .filter(|f| f.rule == "rbn.token.lenient")
        .collect();
    assert_eq!(lenient.len(), 1, "{}", show(&ten_found));
    // The H label's value starts at column 3 (`W`); its first `10` is the
    // value's byte 9 (`W:A8765.Q` before it): column 12.
    assert_eq!(lenient[0].pos, Pos::new(2, 12));
    assert_eq!(
        lenient[0].message,
        "`10` is not RBN (the ten is T); read as T (and 1 more in this record)"
    );
    let others: Vec<(&str, &str)> = (ten_found.iter())
        .filter(|f| f.rule != "rbn.token.lenient")
        .map(|f| (f.rule, f.message.as_str()))
        .collect();
    let want: Vec<(&str, &str)> = (t_found.iter())
        .map(|f| (f.rule, f.message.as_str()))
        .collect();
    assert_eq!(others, want);
    // `10` alone follows suit as a rank, as `T` does.
    let hands = "H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\nC 5HX:N\n";
    let (a, _) = board(&format!("{hands}P S2T:\n"));
    let (b, found) = board(&format!("{hands}P S210:\n"));
    assert_eq!(a.play, b.play);
    assert!(found.iter().any(|f| f.rule == "rbn.token.lenient"));
}
