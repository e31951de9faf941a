//! `convert_roundtrip`: generated legal bridge games written in every bridge
//! notation and read back.
//!
//! What each notation is compared on (a field left out cannot be written in
//! that notation, so the reader has nothing to give back):
//!
//! | field | PBN | RBN, RBX | LIN single | LIN vugraph |
//! | --- | --- | --- | --- | --- |
//! | board number, dealer, vulnerability, deal | yes | yes | yes | yes |
//! | auction calls (and where it starts) | yes | yes | yes | yes |
//! | play cards in played order, opening leader | yes | yes | yes | yes |
//! | claim (play stopped early) | yes (`*`) | yes (short P) | yes (`mc`) | yes (`mc`) |
//! | contract, declarer | yes | yes (C) | from the auction | from the auction |
//! | result (declarer's tricks) | yes | yes (R) | after a claim (`mc`) | after a claim |
//! | score | yes | yes (R) | no: LIN has no score | no |
//! | players | yes | yes (N) | yes (`pn`) | yes (`pn`) |
//! | event, scoring | yes | yes (E, F) | no: single boards have no header | yes (`vg`) |
//! | teams, stage | yes | yes (K, S) | no | yes (`vg`) |
//! | room | yes | yes (N) | no | yes (`qx`; open where the board has none) |
//! | round, section, table | yes | no: RBN has no label for them | no | no |
//! | site, date | yes | yes (L, D) | no: LIN has no place | no |
//!
//! PBN is compared on the whole board (the same board, positions aside): its
//! writer and decoder are the reference. LIN gives no contract, declarer or
//! result of a complete play: the rules derive them from the auction and the
//! tricks, so the read-back auction's outcome is compared with the contract and
//! declarer written, and the result only where `mc` states it.

use crate::bridge::auction::AuctionState;
use crate::bridge::generate::{GeneratedBoard, Settings, generate_board};
use crate::bridge::play::trick_winner;
use crate::bridge::{
    AuctionCall, Board, ContractTag, DeclarerTag, PlayCard, PlayOrder, ResultTag, Room, Scoring,
    SideScore,
};
use crate::choose::ByteChooser;
use crate::notation::{lin, pbn, rbn};
use crate::{BySeat, Call, Card, CardSet, Finding, Seat, Vulnerability};

/// The notations a game is converted to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Notation {
    Pbn,
    Rbn,
    Rbx,
    LinSingle,
    LinVugraph,
}

const ALL: [Notation; 5] = [
    Notation::Pbn,
    Notation::Rbn,
    Notation::Rbx,
    Notation::LinSingle,
    Notation::LinVugraph,
];

/// A game as every notation can state it: the fields of [`Board`] a notation
/// may carry, in one form (the play in played order, the result as declarer's
/// tricks, the score for North-South).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Game {
    number: Option<u32>,
    dealer: Option<Seat>,
    vulnerability: Option<Vulnerability>,
    deal: Option<BySeat<Option<CardSet>>>,
    first_caller: Option<Seat>,
    calls: Option<Vec<Call>>,
    leader: Option<Seat>,
    cards: Option<Vec<Card>>,
    claimed: bool,
    contract: Option<ContractTag>,
    declarer: Option<DeclarerTag>,
    tricks: Option<Option<u8>>,
    score_ns: Option<i32>,
    players: BySeat<String>,
    event: String,
    scoring: Scoring,
    site: String,
    date: String,
    teams: [String; 2],
    stage: String,
    room: Option<Room>,
}

/// The calls of the auction; `None` when a slot is not a call.
fn calls(b: &Board) -> Option<Vec<Call>> {
    let a = b.auction.as_ref()?;
    a.items
        .iter()
        .map(|i| match i.call {
            AuctionCall::Call(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// The contract and declarer of the auction (`Pass` and passed out when all
/// four passed), as the rules derive them.
fn outcome(b: &Board) -> (Option<ContractTag>, Option<DeclarerTag>) {
    let (Some(calls), Some(mut seat)) = (calls(b), b.dealer.map(|d| d.value)) else {
        return (None, None);
    };
    let mut st = AuctionState::new();
    for c in calls {
        st.apply(c, seat);
        seat = seat.lho();
    }
    if !st.is_over() {
        return (None, None);
    }
    match st.outcome() {
        Some((c, d)) => (
            Some(ContractTag::Contract(c)),
            Some(DeclarerTag::Seat {
                seat: d,
                swapped: false,
            }),
        ),
        None => (Some(ContractTag::Pass), Some(DeclarerTag::PassedOut)),
    }
}

/// The known cards of the play in played order. Seat columns (PBN) are put in
/// played order trick by trick from the trick winners; the `-` slots that end
/// a claimed play are left out.
fn played(b: &Board, trump: Option<crate::Suit>) -> Option<Vec<Card>> {
    let p = b.play.as_ref()?;
    let known: Vec<Card> = p.items.iter().filter_map(|i| i.card.known()).collect();
    if p.order == PlayOrder::Chronological {
        return Some(known);
    }
    let first = p.first?;
    let mut leader = first;
    let mut out = Vec::new();
    for row in p.items.chunks(4) {
        let mut trick = Vec::new();
        for k in 0..4 {
            let seat = leader.add(k);
            match row.get(seat.distance_from(first)).map(|i| i.card) {
                Some(PlayCard::Card(c)) => trick.push(c),
                _ => break,
            }
        }
        out.extend_from_slice(&trick);
        let Ok(four) = <[Card; 4]>::try_from(trick) else {
            break;
        };
        leader = trick_winner(leader, four, trump);
    }
    Some(out)
}

/// The game `b` states, as far as notation `n` carries it.
fn game(b: &Board, n: Notation) -> Game {
    let trump = match outcome(b).0 {
        Some(ContractTag::Contract(c)) => c.bid.strain().trump(),
        _ => None,
    };
    let mut g = Game {
        number: b.number.map(|x| x.value),
        dealer: b.dealer.map(|x| x.value),
        vulnerability: b.vulnerability.map(|x| x.value),
        deal: b.deal.as_ref().map(|d| d.value.hands),
        first_caller: b.auction.as_ref().and_then(|a| a.first),
        calls: calls(b),
        leader: b.play.as_ref().and_then(|p| p.first),
        cards: played(b, trump),
        claimed: b.play.as_ref().is_some_and(|p| p.star.is_some()),
        contract: b.contract.map(|x| x.value),
        declarer: b.declarer.map(|x| x.value),
        tricks: b.result.map(|r| r.value.map(|t| declarer_tricks(&t, b))),
        score_ns: b.score.and_then(|s| north_south(&s.value, b)),
        players: b.id.players.clone(),
        event: b.id.event.clone(),
        scoring: b.scoring,
        site: b.id.site.clone(),
        date: b.id.date.clone(),
        teams: [b.id.home_team.clone(), b.id.visit_team.clone()],
        stage: b.id.stage.clone(),
        room: b.room,
    };
    if matches!(n, Notation::LinSingle | Notation::LinVugraph) {
        // Contract and declarer follow from the auction; the result is written
        // only as a claim.
        (g.contract, g.declarer) = outcome(b);
        if !g.claimed {
            g.tricks = None;
        }
        g.score_ns = None;
        g.site.clear();
        g.date.clear();
        // `qx` names a room: the open room where the board has none.
        g.room = g.room.or(Some(Room::Open));
        if n == Notation::LinSingle {
            g.event.clear();
            g.scoring = Scoring::empty();
            g.teams = Default::default();
            g.stage.clear();
            g.room = None;
        }
    }
    g
}

/// Declarer's tricks of a Result (its `NS`/`EW` forms through the declarer).
fn declarer_tricks(t: &ResultTag, b: &Board) -> u8 {
    let side = match outcome(b).1 {
        Some(DeclarerTag::Seat { seat, .. }) => Some(seat.side()),
        _ => None,
    };
    t.declarer
        .or_else(|| side.and_then(|s| crate::bridge::result::declarer_tricks(t, s, false)))
        .unwrap_or(u8::MAX)
}

/// The score for North-South.
fn north_south(s: &SideScore<i32>, b: &Board) -> Option<i32> {
    if let Some(ns) = s.ns {
        return Some(ns);
    }
    if let Some(ew) = s.ew {
        return Some(-ew);
    }
    let d = s.declarer?;
    match outcome(b).1 {
        Some(DeclarerTag::Seat { seat, .. }) if seat.side() == crate::Side::EastWest => Some(-d),
        _ => Some(d),
    }
}

/// Writes `boards` in notation `n`; with it, whether a label line came out
/// longer than RBN allows. A legal auction can outgrow the A label's 128
/// characters (a bid, double and redouble at many levels), and RBN has no
/// continuation line: the writer writes it in full and flags it, and the reader
/// reads it back in full with an `rbn.label.length` warning.
fn write(boards: &[GeneratedBoard], n: Notation) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut long = false;
    match n {
        Notation::Pbn => {
            let mut w = pbn::writer::Writer::new(&mut out).expect("memory");
            for g in boards {
                w.write_game(&g.board)
                    .expect("generated boards are written in seat columns");
            }
        }
        Notation::Rbn | Notation::Rbx => {
            let form = if n == Notation::Rbn {
                rbn::writer::Form::Rbn
            } else {
                rbn::writer::Form::Rbx
            };
            let mut w = rbn::writer::Writer::new(&mut out, form);
            for g in boards {
                let mut u = w.write_board(&g.board).expect("memory");
                long |= u.contains(rbn::writer::Uncarried::LENGTH);
                u.remove(rbn::writer::Uncarried::LENGTH);
                // RBN has no label for them (the module's table).
                u.remove(MATCH_ONLY_PBN);
                assert!(
                    u.is_empty(),
                    "RBN cannot carry {:?}",
                    u.names().collect::<Vec<_>>()
                );
            }
        }
        Notation::LinSingle | Notation::LinVugraph => {
            let form = if n == Notation::LinSingle {
                lin::writer::Form::Single
            } else {
                lin::writer::Form::Vugraph
            };
            let mut w = lin::writer::Writer::with_form(&mut out, form);
            for g in boards {
                w.write_board(&g.board).expect("memory");
            }
        }
    }
    (out, long)
}

/// The longest line the readers keep: far above what the writers write for a
/// generated game (an RBX record, a LIN board: under 1 KiB), and a line cut at
/// it is a finding, which fails the check; the default (64 KiB) cost a zeroed
/// buffer of that size per reader and execution.
const MAX_LINE: usize = 4096;

/// Reads and decodes every record of `text` in notation `n`, with the reader's
/// and decoder's findings.
fn read(text: &[u8], n: Notation) -> (Vec<Board>, Vec<Finding>) {
    let mut boards = Vec::new();
    let mut findings = Vec::new();
    let mut board = Board::default();
    match n {
        Notation::Pbn => {
            let limits = pbn::Limits {
                max_line: MAX_LINE,
                ..pbn::Limits::default()
            };
            let mut r = pbn::Reader::with_limits(text, limits);
            let mut rec = pbn::RawRecord::default();
            while r.read_record(&mut rec).expect("memory") {
                findings.append(&mut rec.findings);
                pbn::decode::decode(&rec, &mut board, &mut findings);
                boards.push(board.clone());
            }
        }
        Notation::Rbn | Notation::Rbx => {
            let limits = rbn::Limits {
                max_line: MAX_LINE,
                ..rbn::Limits::default()
            };
            let mut r = rbn::Reader::with_limits(text, limits);
            let mut rec = rbn::RawRecord::default();
            while r.read_record(&mut rec).expect("memory") {
                findings.append(&mut rec.findings);
                rbn::decode::decode(&rec, &mut board, &mut findings);
                boards.push(board.clone());
            }
        }
        Notation::LinSingle | Notation::LinVugraph => {
            let mut r = lin::Reader::new(text);
            let mut rec = lin::RawRecord::default();
            while r.read_record(&mut rec).expect("memory") {
                findings.append(&mut rec.findings);
                lin::decode::decode(&rec, &mut board, &mut findings);
                boards.push(board.clone());
            }
        }
    }
    (boards, findings)
}

/// What of a teams match RBN cannot carry: the round, section and table.
const MATCH_ONLY_PBN: rbn::writer::Uncarried = rbn::writer::Uncarried::ROUND
    .union(rbn::writer::Uncarried::SECTION)
    .union(rbn::writer::Uncarried::TABLE);

/// Generates the games of `data`: the first byte gives the first board number
/// (low five bits) and whether a second board follows (bit 5), which is
/// generated from the bytes the first one left over.
///
/// An odd `data.len()` makes them a teams match (teams, stage, round, section,
/// table; rooms): the second board, if any, is then the first board's closed
/// room with other players, and the two tables come again as the next board
/// number, so that RBN's N label alternates between the tables under K (a
/// record that does not write N has the other table's).
pub fn generate_games(data: &[u8]) -> Vec<GeneratedBoard> {
    let head = data.first().copied().unwrap_or(0);
    let number = u32::from(head % 32) + 1;
    let mut ch = ByteChooser::new(data.get(1..).unwrap_or(&[]));
    let mut out = vec![generate_board(&mut ch, number, &Settings::default())];
    let teams = data.len() % 2 == 1;
    if head & 0x20 != 0 {
        let next = if teams { number } else { number + 1 };
        out.push(generate_board(&mut ch, next, &Settings::default()));
    }
    if teams {
        for (k, g) in out.iter_mut().enumerate() {
            let b = &mut g.board;
            b.id.home_team = "Home team".into();
            b.id.visit_team = "Visitors".into();
            b.id.stage = "Final 2/4".into();
            b.id.round = "2".into();
            b.id.section = "Open".into();
            b.id.table = "7".into();
            b.room = Some(if k == 0 { Room::Open } else { Room::Closed });
            if k == 1 {
                for name in &mut b.id.players.values {
                    name.push_str(" (closed)");
                }
            }
        }
        let again: Vec<GeneratedBoard> = out.clone();
        out.extend(again.into_iter().map(|mut g| {
            g.board.number = g.board.number.map(|mut n| {
                n.value += 1;
                n
            });
            g
        }));
    }
    out
}

/// `convert_roundtrip`: the legal games generated from `data` (see
/// [`generate_games`]) are written as PBN, as RBN or RBX (bit 6 of the first
/// byte) and as LIN single boards or vugraph (bit 7), and read back with each
/// notation's reader and decoder (one form of each per execution, for speed;
/// `cargo test` runs all five on every game): no
/// finding, as many records as boards, and each board read back states the same
/// game on every field the notation carries (see the module's table). PBN must
/// give back the whole board.
pub fn convert_roundtrip(data: &[u8]) {
    let head = data.first().copied().unwrap_or(0);
    let rbn = if head & 0x40 == 0 {
        Notation::Rbn
    } else {
        Notation::Rbx
    };
    let lin = if head & 0x80 == 0 {
        Notation::LinSingle
    } else {
        Notation::LinVugraph
    };
    roundtrip(&generate_games(data), &[Notation::Pbn, rbn, lin]);
}

/// [`convert_roundtrip`] in all five notations.
pub fn convert_roundtrip_all(data: &[u8]) {
    roundtrip(&generate_games(data), &ALL);
}

fn roundtrip(boards: &[GeneratedBoard], notations: &[Notation]) {
    for &n in notations {
        let (text, long) = write(boards, n);
        let show = || String::from_utf8_lossy(&text).into_owned();
        let (back, mut findings) = read(&text, n);
        if long {
            let before = findings.len();
            findings.retain(|f| f.rule != rbn::rules::LENGTH.id);
            assert!(
                findings.len() < before,
                "{n:?}: a line over RBN's length without its warning in\n{}",
                show()
            );
        }
        assert!(
            findings.is_empty(),
            "{n:?}: findings {findings:?} in\n{}",
            show()
        );
        assert_eq!(back.len(), boards.len(), "{n:?}: records in\n{}", show());
        for (g, b) in boards.iter().zip(&back) {
            assert_eq!(
                game(b, n),
                game(&g.board, n),
                "{n:?}: the game read back differs in\n{}",
                show()
            );
            if n == Notation::Pbn {
                let mut b = b.clone();
                b.clear_positions();
                assert_eq!(
                    b,
                    g.board,
                    "PBN: the board read back differs in\n{}",
                    show()
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generated game with a full play (no claim) and one with a claim.
    fn sample(claimed: bool) -> GeneratedBoard {
        (0..200u64)
            .map(|s| generate_games(&crate::choose::splitmix_bytes(s, 400)).remove(0))
            .find(|g| g.board.play.is_some() && g.claimed == claimed)
            .expect("among 200 seeds")
    }

    #[test]
    fn each_notation_is_compared_on_the_fields_it_carries() {
        let g = sample(false);
        let changed = |f: &dyn Fn(&mut Board)| {
            let mut b = g.board.clone();
            f(&mut b);
            ALL.map(|n| game(&b, n) != game(&g.board, n))
        };
        // A card of the play: every notation.
        assert_eq!(
            changed(&|b| b.play.as_mut().unwrap().items.swap(4, 5)),
            [true; 5]
        );
        // Site: PBN and RBN only.
        assert_eq!(
            changed(&|b| b.id.site.push('x')),
            [true, true, true, false, false]
        );
        // Event: all but LIN's single boards.
        assert_eq!(
            changed(&|b| b.id.event.push('x')),
            [true, true, true, false, true]
        );
        // The Result of a full play: LIN derives it from the tricks.
        assert_eq!(
            changed(&|b| b.result = None),
            [true, true, true, false, false]
        );
        // The last call: every notation.
        assert_eq!(
            changed(&|b| b.auction.as_mut().unwrap().items.pop().map(drop).unwrap()),
            [true; 5]
        );
    }

    #[test]
    fn a_claim_is_compared_everywhere() {
        let g = sample(true);
        let mut b = g.board.clone();
        if let Some(Some(t)) = b.result.as_mut().map(|r| r.value.as_mut()) {
            t.declarer = t.declarer.map(|n| n ^ 1);
        }
        for n in ALL {
            assert_ne!(game(&b, n), game(&g.board, n), "{n:?}");
        }
        convert_roundtrip_board(&g);
    }

    fn convert_roundtrip_board(g: &GeneratedBoard) {
        for n in ALL {
            let (text, long) = write(std::slice::from_ref(g), n);
            let (back, findings) = read(&text, n);
            assert!(!long && findings.is_empty());
            assert_eq!(game(&back[0], n), game(&g.board, n), "{n:?}");
        }
    }
}
