//! A pinochle [`Hand`] as the fields of a record dict.

use std::fmt::Display;

use kibitz_core::pinochle::{Call, Hand, PlayCard, Tag, Written};
use kibitz_core::{BySeat, Seat};

use crate::value::Value;

const SEATS: [(&str, Seat); 4] = [
    ("N", Seat::North),
    ("E", Seat::East),
    ("S", Seat::South),
    ("W", Seat::West),
];

/// A tag's value as text: its value, `"?"` (unknown) or `"*"` (not decided),
/// `None` when absent.
fn tag<T>(t: &Tag<T>, f: impl FnOnce(&T) -> Value) -> Value {
    match t.as_ref().map(|a| &a.value) {
        None => Value::None,
        Some(Written::Value(v)) => f(v),
        Some(Written::Unknown) => Value::from("?"),
        Some(Written::Star) => Value::from("*"),
    }
}

fn text<T: Display>(t: &Tag<T>) -> Value {
    tag(t, |v| Value::text(v))
}

fn seat(s: &Seat) -> Value {
    Value::Str(s.char().to_string())
}

fn by_seat<T>(v: &BySeat<T>, f: impl Fn(&T) -> Value) -> Value {
    Value::Dict(SEATS.iter().map(|&(k, s)| (k, f(&v[s]))).collect())
}

fn team(scores: &kibitz_core::pinochle::ByTeam<i32>) -> Value {
    Value::List(scores.values.iter().map(|&v| Value::from(v)).collect())
}

/// The fields of `hand`: hand number, dealer, hands (the deal), declarer,
/// contract, trump, auction, melds, play, scores, result.
pub fn fields(hand: &Hand, out: &mut Vec<(&'static str, Value)>) {
    out.push(("hand", tag(&hand.number, |&n| Value::from(n))));
    out.push(("dealer", tag(&hand.dealer, seat)));
    out.push((
        "hands",
        tag(&hand.deal, |h| {
            by_seat(&h.hands, |c| Value::opt(c.as_ref(), Value::text))
        }),
    ));
    out.push(("declarer", tag(&hand.declarer, seat)));
    out.push(("contract", tag(&hand.contract, |&n| Value::from(n))));
    out.push(("trump", text(&hand.trump)));
    out.push(("kitty", text(&hand.kitty)));
    out.push(("passed", text(&hand.passed)));
    out.push(("discard", tag(&hand.discard, |d| Value::text(d.cards))));
    out.push(("holding", text(&hand.holding)));
    out.push((
        "melds",
        tag(&hand.melds, |m| {
            by_seat(&m.players, |e| {
                Value::opt(e.as_ref(), |e| {
                    Value::Dict(vec![
                        ("cards", Value::text(e.value.cards)),
                        (
                            "points",
                            Value::opt(e.value.points, |p| Value::from(p.value)),
                        ),
                    ])
                })
            })
        }),
    ));
    out.push(("game_scores", tag(&hand.game_scores, team)));
    out.push(("meld_scores", tag(&hand.meld_scores, team)));
    out.push(("play_scores", tag(&hand.play_scores, team)));
    out.push(("hand_scores", tag(&hand.hand_scores, team)));
    out.push(("result", text(&hand.result)));
    out.push(("victor", text(&hand.victor)));
    out.push(("termination", text(&hand.termination)));
    out.push((
        "auction",
        Value::opt(hand.auction.as_ref(), |a| {
            Value::List(
                a.calls
                    .iter()
                    .map(|c| match c.value {
                        Call::Unknown => Value::from("?"),
                        other => Value::text(other),
                    })
                    .collect(),
            )
        }),
    ));
    out.push((
        "leader",
        Value::opt(hand.play.as_ref().and_then(|p| p.first), |s| seat(&s)),
    ));
    // Tricks as written: four cards in seat order from the leader's column.
    out.push((
        "play",
        Value::opt(hand.play.as_ref(), |p| {
            Value::List(
                p.tricks
                    .iter()
                    .map(|t| {
                        Value::Dict(vec![
                            (
                                "cards",
                                Value::List(
                                    t.cards
                                        .iter()
                                        .map(|c| match c.value {
                                            PlayCard::Card(c) => Value::text(c),
                                            PlayCard::Missing => Value::from("-"),
                                        })
                                        .collect(),
                                ),
                            ),
                            ("winner", Value::opt(t.winner, |w| seat(&w.value))),
                            ("points", Value::opt(t.points, |p| Value::from(p.value))),
                        ])
                    })
                    .collect(),
            )
        }),
    ));
}
