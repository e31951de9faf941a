//! A preferans deal (with its game's tags) as the fields of a record dict.

use kibitz_core::preferans::Deal;

use crate::value::Value;

/// The fields of `deal`: deal id, order, hands, talon, bids, main, discarded,
/// contract, accepted, kontra, refa, value, starts, tricks, summary.
pub fn fields(deal: &Deal, out: &mut Vec<(&'static str, Value)>) {
    let cards =
        |cs: &[kibitz_core::preferans::Card]| Value::List(cs.iter().map(Value::text).collect());
    out.push(("deal", Value::opt(deal.id, |i| Value::Int(i as i64))));
    out.push((
        "order",
        Value::opt(deal.order, |o| {
            Value::List(o.iter().map(|p| Value::from(p.id())).collect())
        }),
    ));
    // Ten cards per deal-order position, then the talon.
    out.push((
        "hands",
        Value::opt(deal.cards.as_ref(), |c| {
            Value::List(c[..30].chunks(10).map(cards).collect())
        }),
    ));
    out.push((
        "talon",
        Value::opt(deal.cards.as_ref(), |c| cards(&c[30..])),
    ));
    out.push((
        "bids",
        Value::opt(deal.bids, |b| {
            Value::List(b.iter().map(Value::text).collect())
        }),
    ));
    out.push(("main", Value::opt(deal.main, |p| Value::from(p.id()))));
    out.push(("discarded", Value::opt(deal.discarded, Value::text)));
    out.push(("contract", Value::opt(deal.contract, Value::text)));
    out.push(("accepted", Value::opt(deal.accepted, Value::text)));
    out.push((
        "kontra",
        Value::opt(deal.kontra, |k| Value::opt(k, Value::text)),
    ));
    out.push(("refa", Value::opt(deal.refa, Value::Bool)));
    out.push(("value", Value::opt(deal.value, Value::from)));
    out.push((
        "starts",
        Value::opt(deal.starts, |s| Value::opt(s, |p| Value::from(p.id()))),
    ));
    out.push((
        "tricks",
        Value::opt(deal.tricks.as_ref(), |ts| {
            Value::List(
                ts.iter()
                    .map(|t| {
                        Value::Dict(vec![
                            ("cards", cards(t.cards())),
                            ("winner", Value::from(t.winner.id())),
                        ])
                    })
                    .collect(),
            )
        }),
    ));
    out.push((
        "summary",
        Value::opt(deal.summary, |s| {
            Value::List(s.iter().map(Value::text).collect())
        }),
    ));
}
