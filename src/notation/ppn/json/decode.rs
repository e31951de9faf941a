//! From a JSON deal object to a [`Deal`]: the JSON twin of the text decoder.
//!
//! Unlike the text decoder it allocates per deal (the strings it takes from
//! the map), and so does [`read_json`](super::read_json), which builds a
//! `serde_json` map of every deal object: the JSON form is not under
//! `tests/decode_allocations.rs`.

use serde_json::{Map, Value};
use smallvec::SmallVec;

use crate::Pos;
use crate::ppn::decode::{self, Sink};
use crate::ppn::rules;
use crate::preferans::{
    Accepted, Bid, Column, Contract, Deal, DealOrder, Discard, Entry, Kontra, Player,
};

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Decodes one JSON deal object (read at `line`) into `deal`, reporting malformed
/// fields as the text decoder does.
///
/// ```
/// use kibitz::ppn::decode_deal_json;
/// use kibitz::preferans::Deal;
/// let m: serde_json::Map<String, serde_json::Value> = serde_json::from_str(
///     r#"{"id":2,"dealOrder":312,"cards":{"p1":"WQKJS5LP84","p2":"CEIAOT9N31",
///        "p3":"BDH7FVM2RG","t":"U6"},"bids":{"p1":"P","p2":"P","p3":"P"}}"#).unwrap();
/// let mut d = Deal::default();
/// let mut found = Vec::new();
/// decode_deal_json(&m, 5, &mut d, &mut |r, _, msg| found.push((r.id, msg)));
/// assert!(found.is_empty(), "{found:?}");
/// assert!(d.all_passed());
/// ```
pub fn decode_deal_json(map: &Map<String, Value>, line: u64, deal: &mut Deal, out: &mut Sink) {
    deal.clear();
    deal.pos = Pos::new(line, 1);
    deal.at = [deal.pos; 14];
    deal.id = map.get("id").and_then(Value::as_u64);
    let label = deal.label();
    let pos = deal.pos;
    let mut bad = |key: &str, why: String| {
        out(
            rules::DEAL_FIELD,
            pos,
            format!("{label}, field `{key}`: {why}"),
        )
    };
    if deal.id.is_none() {
        bad("id", "missing or not a deal number".to_string());
    }
    let get_text = |key: &str, bad: &mut dyn FnMut(&str, String)| -> Option<String> {
        match map.get(key) {
            None => {
                bad(key, "missing".to_string());
                None
            }
            Some(v) => {
                let t = text(v);
                if t.is_none() {
                    bad(key, format!("expected a string or number, found {v}"));
                }
                t
            }
        }
    };
    if let Some(t) = get_text("dealOrder", &mut bad) {
        match t.as_bytes() {
            [a, b, c] => match (
                Player::from_digit(*a),
                Player::from_digit(*b),
                Player::from_digit(*c),
            ) {
                (Some(a), Some(b), Some(c)) => deal.order = Some([a, b, c]),
                _ => bad("dealOrder", "three player ids (digits 1-3)".to_string()),
            },
            _ => bad("dealOrder", "three player ids (digits 1-3)".to_string()),
        }
    }
    match map.get("cards") {
        Some(Value::Object(c)) => {
            let mut all = String::new();
            let mut ok = true;
            for (k, n) in [("p1", 10), ("p2", 10), ("p3", 10), ("t", 2)] {
                match c.get(k).and_then(Value::as_str) {
                    Some(s) if s.len() == n => all.push_str(s),
                    _ => {
                        bad("cards", format!("`{k}` is a string of {n} card codes"));
                        ok = false;
                    }
                }
            }
            if ok {
                match decode::cards(all.as_bytes()) {
                    Ok(c) => deal.cards = Some(c),
                    Err(e) => bad("cards", e),
                }
            }
        }
        Some(v) => bad(
            "cards",
            format!("expected an object p1, p2, p3, t; found {v}"),
        ),
        None => bad("cards", "missing".to_string()),
    }
    match map.get("bids") {
        Some(Value::Object(b)) => {
            let parts: Option<Vec<&str>> = ["p1", "p2", "p3"]
                .iter()
                .map(|k| b.get(*k).and_then(Value::as_str))
                .collect();
            match parts {
                Some(p) => match decode::bids(p.join(",").as_bytes()) {
                    Ok(b) => deal.bids = Some(b),
                    Err(e) => bad("bids", e),
                },
                None => bad("bids", "`p1`, `p2`, `p3` are bid strings".to_string()),
            }
        }
        Some(v) => bad("bids", format!("expected an object p1, p2, p3; found {v}")),
        None => bad("bids", "missing".to_string()),
    }
    if !map.contains_key("main") {
        deal.fields = 4;
        if let Some(b) = deal.bids.filter(|b| b.iter().any(|x| *x != Bid::Pass)) {
            out(
                rules::DEAL_FIELDS,
                pos,
                format!(
                    "{label} has no `main`, the form of a deal where all passed, but the bids are {},{},{}",
                    b[0], b[1], b[2]
                ),
            );
        }
        return;
    }
    deal.fields = if map.contains_key("refa") { 14 } else { 13 };
    if deal.fields == 13 {
        out(
            rules::REFA_ABSENT,
            pos,
            format!(
                "{label} has no `refa`: the refa field is absent, so whether it is played under refa is taken from the game sheet"
            ),
        );
    }
    let mut bad = |key: &str, why: String| {
        out(
            rules::DEAL_FIELD,
            pos,
            format!("{label}, field `{key}`: {why}"),
        )
    };
    if let Some(t) = get_text("main", &mut bad) {
        match decode::player(t.as_bytes()) {
            Ok(p) => deal.main = Some(p),
            Err(e) => bad("main", e),
        }
    }
    if let Some(t) = get_text("discarded", &mut bad) {
        match Discard::parse(t.as_bytes()) {
            Some(d) => deal.discarded = Some(d),
            None => bad("discarded", "two card codes, or XX for a game".to_string()),
        }
    }
    if let Some(t) = get_text("contract", &mut bad) {
        match Contract::parse(t.as_bytes()) {
            Some(c) => deal.contract = Some(c),
            None => bad("contract", "a contract is 2-8 or \"G2\"-\"G8\"".to_string()),
        }
    }
    if let Some(t) = get_text("accepted", &mut bad) {
        match Accepted::parse(t.as_bytes()) {
            Some(a) => deal.accepted = Some(a),
            None => bad("accepted", "0, a player id, or 4-9 for both".to_string()),
        }
    }
    if let Some(t) = get_text("kontra", &mut bad) {
        match t.as_str() {
            "0" => deal.kontra = Some(None),
            _ => match Kontra::parse(t.as_bytes()) {
                Some(k) => deal.kontra = Some(Some(k)),
                None => bad(
                    "kontra",
                    "\"0\", or one of I K R S M and a player id".to_string(),
                ),
            },
        }
    }
    match map.get("refa") {
        None => {}
        Some(Value::Bool(b)) => deal.refa = Some(*b),
        Some(v) if v.as_u64() == Some(0) => deal.refa = Some(false),
        Some(v) if v.as_u64() == Some(1) => deal.refa = Some(true),
        Some(v) => bad("refa", format!("expected true or false, found {v}")),
    }
    match map.get("value").map(|v| (v.as_u64(), v)) {
        Some((Some(v), _)) if v <= u64::from(u32::MAX) => deal.value = Some(v as u32),
        Some((_, v)) => bad("value", format!("expected a whole number, found {v}")),
        None => bad("value", "missing".to_string()),
    }
    if let Some(t) = get_text("starts", &mut bad) {
        match t.as_str() {
            "0" => deal.starts = Some(None),
            _ => match decode::player(t.as_bytes()) {
                Ok(p) => deal.starts = Some(Some(p)),
                Err(e) => bad("starts", e),
            },
        }
    }
    match map.get("throws") {
        Some(Value::Array(a)) => {
            let mut tricks = SmallVec::new();
            let mut leader = deal.starts.flatten();
            let mut ok = true;
            for (i, t) in a.iter().enumerate() {
                let n = i + 1;
                let cards = t.get("cards").and_then(Value::as_str);
                let winner = t.get("winner").and_then(text);
                let (Some(cards), Some(winner)) = (cards, winner) else {
                    bad(
                        "throws",
                        format!("trick {n} is an object with `cards` and `winner`, not {t}"),
                    );
                    ok = false;
                    break;
                };
                let mut s = cards.to_string();
                s.push_str(&winner);
                match decode::trick(s.as_bytes(), pos) {
                    Ok(trick) => {
                        if let Some(id) = t.get("id")
                            && id.as_u64() != Some(n as u64)
                        {
                            bad("throws", format!("trick {n} has id {id}"));
                        }
                        if let (Some(st), Some(l)) = (t.get("starts"), leader)
                            && text(st).as_deref() != Some(&l.id().to_string())
                        {
                            bad(
                                "throws",
                                format!(
                                    "trick {n} says it starts with player {st}, but it is led by {l} (the deal's starts, or the previous winner)"
                                ),
                            );
                        }
                        leader = Some(trick.winner);
                        tricks.push(trick);
                    }
                    Err(e) => {
                        bad("throws", format!("trick {n}: {e}"));
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                deal.tricks = Some(tricks);
            }
        }
        Some(v) => bad("throws", format!("expected an array of tricks, found {v}")),
        None => bad("throws", "missing".to_string()),
    }
    match map.get("summary") {
        Some(Value::Object(s)) => {
            let mut by_id = [Entry::Out; 3];
            let mut ok = true;
            for p in Player::ALL {
                let key = format!("p{}", p.id());
                match s.get(&key).map(json_entry) {
                    Some(Ok(e)) => by_id[p.index()] = e,
                    Some(Err(e)) => {
                        bad("summary", format!("`{key}`: {e}"));
                        ok = false;
                    }
                    None => {
                        bad("summary", format!("`{key}` missing"));
                        ok = false;
                    }
                }
            }
            if ok {
                // Entries are kept in deal order, as the text form writes them.
                if let Some(o) = deal.order.and_then(DealOrder::new) {
                    deal.summary = Some([0, 1, 2].map(|i| by_id[o.at(i).index()]));
                }
            }
        }
        Some(v) => bad(
            "summary",
            format!("expected an object p1, p2, p3; found {v}"),
        ),
        None => bad("summary", "missing".to_string()),
    }
}

fn json_entry(v: &Value) -> Result<Entry, String> {
    let o = match v {
        Value::Object(o) => o,
        Value::Number(n) if n.as_u64() == Some(0) => return Ok(Entry::Out),
        _ => return Err(format!("expected an entry object, found {v}")),
    };
    let main = o.get("main").and_then(Value::as_bool).unwrap_or(false);
    let tricks = o
        .get("tricks")
        .and_then(Value::as_u64)
        .filter(|t| *t <= 99)
        .ok_or("`tricks` is a whole number")? as u8;
    let num = |k: &str| -> Result<Option<i64>, String> {
        match o.get(k) {
            None => Ok(None),
            Some(v) => v
                .as_i64()
                .map(Some)
                .ok_or_else(|| format!("`{k}` is a whole number, not {v}")),
        }
    };
    let (left, right, middle) = (num("left")?, num("right")?, num("middle")?);
    if main {
        if left.is_some() || right.is_some() {
            return Err("main has no left or right supa".to_string());
        }
        let middle = middle.ok_or("main's entry has `middle`")?;
        return Ok(Entry::Main { tricks, middle });
    }
    match (left, right) {
        (Some(_), Some(_)) => Err("a follower writes in `left` or `right`, not both".to_string()),
        (Some(s), None) => Ok(Entry::Follower {
            tricks,
            column: Column::Left,
            supa: s,
            failed: middle,
        }),
        (None, Some(s)) => Ok(Entry::Follower {
            tricks,
            column: Column::Right,
            supa: s,
            failed: middle,
        }),
        (None, None) if tricks == 0 && middle.is_none() => Ok(Entry::Out),
        (None, None) => Err(format!(
            "an entry without `left` or `right` is a player who does not play, but it has {tricks} trick(s){}",
            if middle.is_some() {
                " and a middle"
            } else {
                ""
            }
        )),
    }
}
