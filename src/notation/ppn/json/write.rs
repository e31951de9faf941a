//! Writing the JSON form: one deal object, or a game with its info section.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

use crate::preferans::{Accepted, Column, Deal, DealOrder, Entry, Player};

#[derive(Serialize)]
struct JCards {
    p1: String,
    p2: String,
    p3: String,
    t: String,
}

#[derive(Serialize)]
struct JBids {
    p1: String,
    p2: String,
    p3: String,
}

#[derive(Serialize)]
struct JTrick {
    id: usize,
    starts: u8,
    cards: String,
    winner: u8,
}

#[derive(Serialize)]
struct JEntry {
    main: bool,
    tricks: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    left: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    right: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    middle: Option<i64>,
}

#[derive(Serialize)]
struct JSummary {
    p1: JEntry,
    p2: JEntry,
    p3: JEntry,
}

#[derive(Serialize)]
struct JDeal {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
    #[serde(rename = "dealOrder", skip_serializing_if = "Option::is_none")]
    deal_order: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<JCards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bids: Option<JBids>,
    #[serde(skip_serializing_if = "Option::is_none")]
    main: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    discarded: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contract: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kontra: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    refa: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    starts: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    throws: Option<Vec<JTrick>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<JSummary>,
}

fn j_entry(e: Entry) -> JEntry {
    match e {
        Entry::Out => JEntry {
            main: false,
            tricks: 0,
            left: None,
            right: None,
            middle: None,
        },
        Entry::Main { tricks, middle } => JEntry {
            main: true,
            tricks,
            left: None,
            right: None,
            middle: Some(middle),
        },
        Entry::Follower {
            tricks,
            column,
            supa,
            failed,
        } => JEntry {
            main: false,
            tricks,
            left: (column == Column::Left).then_some(supa),
            right: (column == Column::Right).then_some(supa),
            middle: failed,
        },
    }
}

fn codes(cs: &[crate::preferans::Card]) -> String {
    cs.iter().map(|c| c.code() as char).collect()
}

/// Writes `deal` as one JSON object (no line end).
///
/// ```
/// use kibitz::ppn::write_deal_json;
/// use kibitz::preferans::Deal;
/// let mut d = Deal::default();
/// d.id = Some(2);
/// d.fields = 4;
/// let mut s = String::new();
/// write_deal_json(&d, &mut s);
/// assert_eq!(s, r#"{"id":2}"#);
/// ```
pub fn write_deal_json(d: &Deal, out: &mut String) {
    let all_passed = d.all_passed();
    let rest = |b: bool| !all_passed && b;
    let order = d.order.and_then(DealOrder::new);
    let mut throws = None;
    if let (false, Some(tricks)) = (all_passed, &d.tricks) {
        let mut leader = d.starts.flatten().map_or(0, |p| p.id());
        let mut v = Vec::with_capacity(tricks.len());
        for (i, t) in tricks.iter().enumerate() {
            v.push(JTrick {
                id: i + 1,
                starts: leader,
                cards: codes(t.cards()),
                winner: t.winner.id(),
            });
            leader = t.winner.id();
        }
        throws = Some(v);
    }
    let summary = d.summary.filter(|_| !all_passed).map(|e| {
        // Keyed by player id when the order is valid, else by position.
        let by = |p: Player| -> Entry {
            match order {
                Some(o) => e[o.position(p)],
                None => e[p.index()],
            }
        };
        JSummary {
            p1: j_entry(by(Player::One)),
            p2: j_entry(by(Player::Two)),
            p3: j_entry(by(Player::Three)),
        }
    });
    let j = JDeal {
        id: d.id,
        deal_order: d
            .order
            .map(|o| o.iter().fold(0u64, |a, p| a * 10 + u64::from(p.id()))),
        cards: d.cards.map(|c| JCards {
            p1: codes(&c[0..10]),
            p2: codes(&c[10..20]),
            p3: codes(&c[20..30]),
            t: codes(&c[30..32]),
        }),
        bids: d.bids.map(|b| JBids {
            p1: b[0].to_string(),
            p2: b[1].to_string(),
            p3: b[2].to_string(),
        }),
        main: d.main.filter(|_| rest(true)).map(Player::id),
        discarded: d.discarded.filter(|_| rest(true)).map(|x| x.to_string()),
        contract: d.contract.filter(|_| rest(true)).map(|c| {
            if c.game {
                Value::String(c.to_string())
            } else {
                Value::from(c.level)
            }
        }),
        accepted: d.accepted.filter(|_| rest(true)).map(|a| match a {
            Accepted::Nobody => 0,
            Accepted::One(p) => p.id(),
            Accepted::Both(x) => x,
        }),
        kontra: d
            .kontra
            .filter(|_| rest(true))
            .map(|k| k.map_or("0".to_string(), |k| k.to_string())),
        refa: d.refa.filter(|_| rest(d.refa_written())),
        value: d.value.filter(|_| rest(true)),
        starts: d
            .starts
            .filter(|_| rest(true))
            .map(|s| s.map_or(0, Player::id)),
        throws,
        summary,
    };
    // Serializing plain structs of strings and numbers cannot fail.
    if let Ok(s) = serde_json::to_string(&j) {
        out.push_str(&s);
    }
}

/// Writes a game: the info section's tags (in order) and the deals, one per line.
///
/// ```
/// use kibitz::ppn::write_game_json;
/// let mut s = String::new();
/// write_game_json(&[("Bula".into(), "60".into())], &[], &mut s);
/// assert_eq!(s, "{\"info\":{\"Bula\":\"60\"},\n\"deals\":[\n]}\n");
/// ```
pub fn write_game_json(tags: &[(String, String)], deals: &[Deal], out: &mut String) {
    out.push_str("{\"info\":{");
    for (i, (k, v)) in tags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{}:{}",
            Value::String(k.clone()),
            Value::String(v.clone())
        );
    }
    out.push_str("},\n\"deals\":[\n");
    for (i, d) in deals.iter().enumerate() {
        write_deal_json(d, out);
        out.push_str(if i + 1 < deals.len() { ",\n" } else { "\n" });
    }
    out.push_str("]}\n");
}
