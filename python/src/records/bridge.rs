//! A bridge [`Board`] as the fields of a record dict.

use kibitz_core::bridge::auction::{AuctionEnd, replay};
use kibitz_core::bridge::order::{to_chronological, trump_of};
use kibitz_core::bridge::{AuctionCall, Board, ContractTag, DeclarerTag, PlayCard, PlayOrder};
use kibitz_core::{Seat, Side};

use crate::value::Value;

const SEATS: [(&str, Seat); 4] = [
    ("N", Seat::North),
    ("E", Seat::East),
    ("S", Seat::South),
    ("W", Seat::West),
];

fn seat(s: Seat) -> Value {
    Value::Str(s.char().to_string())
}

/// The contract and declarer the record states: its Contract and Declarer
/// tags, or the auction's final contract when a tag is absent.
fn contract_and_declarer(board: &Board) -> (Value, Option<Seat>) {
    let from_auction = || match board.auction.as_ref() {
        Some(a) => match replay(a, board.dealer.map(|d| d.value), &mut |_| {}) {
            AuctionEnd::Ended(Some((c, s))) => Some((Value::text(c), Some(s))),
            AuctionEnd::Ended(None) => Some((Value::from("Pass"), None)),
            _ => None,
        },
        None => None,
    };
    let contract = match board.contract.map(|c| c.value) {
        Some(ContractTag::Pass) => Some(Value::from("Pass")),
        Some(ContractTag::Contract(c)) => Some(Value::text(c)),
        Some(ContractTag::Strain(s)) => Some(Value::text(s)),
        None => None,
    };
    let declarer = match board.declarer.map(|d| d.value) {
        Some(DeclarerTag::Seat { seat, .. }) => Some(Some(seat)),
        Some(DeclarerTag::PassedOut) => Some(None),
        None => None,
    };
    match (contract, declarer) {
        (Some(c), Some(d)) => (c, d),
        (c, d) => {
            let (ac, ad) = from_auction().unwrap_or((Value::None, None));
            (c.unwrap_or(ac), d.unwrap_or(ad))
        }
    }
}

/// The fields of `board`: board, dealer, vulnerable, hands, auction, contract,
/// declarer, play, result, score, and the names of the game.
pub fn fields(board: &Board, out: &mut Vec<(&'static str, Value)>) {
    out.push(("board", Value::opt(board.number, |n| Value::from(n.value))));
    out.push(("dealer", Value::opt(board.dealer, |d| seat(d.value))));
    out.push((
        "vulnerable",
        Value::opt(board.vulnerability, |v| Value::text(v.value)),
    ));
    out.push((
        "hands",
        Value::opt(board.deal.as_ref(), |d| {
            Value::Dict(
                SEATS
                    .iter()
                    .map(|&(k, s)| (k, Value::opt(d.value.hands[s], Value::text)))
                    .collect(),
            )
        }),
    ));
    out.push((
        "auction",
        Value::opt(board.auction.as_ref(), |a| {
            Value::List(
                a.items
                    .iter()
                    .map(|i| match i.call {
                        AuctionCall::Call(c) => Value::text(c),
                        AuctionCall::Skipped => Value::from("^S"),
                        AuctionCall::NotYet => Value::from("-"),
                        AuctionCall::AllPass => Value::from("AP"),
                        AuctionCall::Next => Value::from("+"),
                        AuctionCall::Unknown => Value::from("?"),
                    })
                    .collect(),
            )
        }),
    ));
    let (contract, declarer) = contract_and_declarer(board);
    out.push(("contract", contract));
    out.push(("declarer", Value::opt(declarer, seat)));
    // The play in the order the cards were played, when it can be put so.
    let play = board.play.as_ref().map(|p| match trump_of(board) {
        Some(trump) => to_chronological(p, trump).unwrap_or_else(|| p.clone()),
        None => p.clone(),
    });
    out.push((
        "play",
        Value::opt(play.as_ref(), |p| {
            Value::List(
                p.items
                    .iter()
                    .map(|i| match i.card {
                        PlayCard::Card(c) => Value::text(c),
                        PlayCard::Unknown => Value::from("-"),
                        PlayCard::Next => Value::from("+"),
                    })
                    .collect(),
            )
        }),
    ));
    out.push((
        "play_order",
        Value::opt(play.as_ref(), |p| {
            Value::from(match p.order {
                PlayOrder::Chronological => "played",
                PlayOrder::SeatColumns => "seat_columns",
            })
        }),
    ));
    out.push((
        "leader",
        Value::opt(board.play.as_ref().and_then(|p| p.first), seat),
    ));
    // Declarer's tricks: the Result tag in its `<n>` form, or the side's count.
    let side = declarer.map(Seat::side);
    let result = board.result.and_then(|r| r.value).and_then(|r| {
        r.declarer.or(match side {
            Some(Side::NorthSouth) => r.ns.or(r.ew.map(|t| 13 - t.min(13))),
            Some(Side::EastWest) => r.ew.or(r.ns.map(|t| 13 - t.min(13))),
            None => None,
        })
    });
    out.push(("result", Value::opt(result, Value::from)));
    // North-South's score.
    let score = board.score.and_then(|s| {
        let s = s.value;
        s.ns.or(s.ew.map(|e| -e)).or(match (s.declarer, side) {
            (Some(d), Some(Side::NorthSouth)) => Some(d),
            (Some(d), Some(Side::EastWest)) => Some(-d),
            _ => None,
        })
    });
    out.push(("score", Value::opt(score, Value::from)));
    out.push(("event", Value::from(board.id.event.as_str())));
    out.push(("site", Value::from(board.id.site.as_str())));
    out.push(("date", Value::from(board.id.date.as_str())));
    out.push((
        "players",
        Value::Dict(
            SEATS
                .iter()
                .map(|&(k, s)| (k, Value::from(board.id.players[s].as_str())))
                .collect(),
        ),
    ));
    out.push(("scoring", Value::from(board.id.scoring.as_str())));
    // The match the board belongs to (PBN HomeTeam to Table, LIN `vg`, RBN S
    // and K); empty where the record names none.
    let id = &board.id;
    for (key, text) in [
        ("home_team", &id.home_team),
        ("visit_team", &id.visit_team),
        ("stage", &id.stage),
        ("round", &id.round),
        ("section", &id.section),
        ("table", &id.table),
    ] {
        out.push((key, Value::from(text.as_str())));
    }
}
