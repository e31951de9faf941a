//! The JSON form of PPN: writing, streaming reading, and decoding a deal object.
//!
//! The spec shows one deal object. kibitz reads three shapes: a deal object, an
//! array of deal objects, or a game `{"info": {"Bula": "60", ...}, "deals": [...]}`
//! (what [`write_game_json`] writes, one deal per line). Deals are read one at a
//! time, so a file of any size is read in bounded memory.
//!
//! Keys follow the spec's example. `cards` and `bids` are keyed `p1`..`p3` by
//! deal-order position, like the text form (the example's bids `M3,P,3` with main
//! 2 only make sense that way); `summary` is keyed by player id (the example marks
//! `p2` as main, and main is player 2); `throws` carry `starts` and `winner` as
//! player ids. A summary entry is `{"main": true, "tricks": 7, "middle": -8}` for
//! main, `{"main": false, "tricks": 3, "left": 24}` (or `"right"`, plus `"middle"`
//! when failed) for a follower, and `{"main": false, "tricks": 0}` for a player who
//! does not play. `contract` is a number, or a string such as `"G4"` for a game;
//! `kontra` a string (`"0"`, `"I3"`); `refa` a boolean, absent when the text form
//! omits it; `starts` 0 when nobody leads.

use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::io::{self, BufReader, Read};
use std::rc::Rc;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserializer, Serialize};
use serde_json::{Map, Value};
use smallvec::SmallVec;

use super::decode::{self, Sink};
use super::rules;
use crate::Pos;
use crate::preferans::{
    Accepted, Bid, Column, Contract, Deal, DealOrder, Discard, Entry, Kontra, Player,
};

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

/// What the JSON reader hands out, in document order.
///
/// ```
/// use kibitz::ppn::{read_json, JsonItem};
/// let mut items = Vec::new();
/// read_json(&b"[{\"id\": 1}]"[..], 1 << 20, &mut |i| items.push(i)).unwrap();
/// assert!(matches!(&items[0], JsonItem::Deal(m, 1) if m["id"] == 1));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum JsonItem {
    /// The info section's tags as (name, value), values of numbers as written,
    /// and the line the section starts on.
    Info(Vec<(String, String)>, u64),
    /// One deal object and the line it starts on.
    Deal(Map<String, Value>, u64),
}

/// The shape of a JSON document.
///
/// ```
/// use kibitz::ppn::{read_json, JsonShape};
/// let (shape, _) = read_json(&b"[]"[..], 1 << 20, &mut |_| {}).unwrap();
/// assert_eq!(shape, JsonShape::Deals);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JsonShape {
    /// `{"info": ..., "deals": [...]}`.
    Game,
    /// `[deal, ...]`.
    Deals,
    /// One deal object.
    Deal,
}

/// A JSON document that is not well formed, not of a PPN shape, or too large.
///
/// ```
/// use kibitz::ppn::read_json;
/// let e = read_json(&b"{\"id\": 1,\n ]"[..], 1 << 20, &mut |_| {}).unwrap_err();
/// assert_eq!(e.pos.line, 2);
/// ```
#[derive(Debug)]
pub struct JsonError {
    /// Where the reader stopped.
    pub pos: Pos,
    /// Why.
    pub message: String,
    /// Set when the cause is an I/O error of the input.
    pub io: Option<io::Error>,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

/// Counts lines and bytes of what the JSON parser consumes; refuses a deal
/// larger than the limit.
struct Counter<R> {
    inner: BufReader<R>,
    line: Rc<Cell<u64>>,
    since_mark: Rc<Cell<u64>>,
    limit: u64,
    total: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counter<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let nl = memchr::memchr_iter(b'\n', &buf[..n]).count() as u64;
        self.line.set(self.line.get() + nl);
        self.since_mark.set(self.since_mark.get() + n as u64);
        self.total.set(self.total.get() + n as u64);
        if self.since_mark.get() > self.limit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a JSON value larger than {} bytes", self.limit),
            ));
        }
        Ok(n)
    }
}

struct Ctx<'a> {
    line: Rc<Cell<u64>>,
    since_mark: Rc<Cell<u64>>,
    emit: &'a mut dyn FnMut(JsonItem),
}

impl Ctx<'_> {
    fn mark(&self) {
        self.since_mark.set(0);
    }
}

struct Top<'a, 'b>(&'b mut Ctx<'a>);

impl<'de> DeserializeSeed<'de> for Top<'_, '_> {
    type Value = JsonShape;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<JsonShape, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Top<'_, '_> {
    type Value = JsonShape;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a PPN game object, a deal object or an array of deals")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<JsonShape, A::Error> {
        deals(self.0, seq)?;
        Ok(JsonShape::Deals)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonShape, A::Error> {
        let line = self.0.line.get() + 1;
        let Some(first) = map.next_key::<String>()? else {
            (self.0.emit)(JsonItem::Deal(Map::new(), line));
            return Ok(JsonShape::Deal);
        };
        if first == "info" || first == "deals" {
            let mut key = Some(first);
            while let Some(k) = key {
                match k.as_str() {
                    "info" => map.next_value_seed(InfoSeed(self.0))?,
                    "deals" => map.next_value_seed(DealsSeed(self.0))?,
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                key = map.next_key::<String>()?;
            }
            Ok(JsonShape::Game)
        } else {
            let mut m = Map::new();
            let v: Value = map.next_value()?;
            m.insert(first, v);
            while let Some((k, v)) = map.next_entry::<String, Value>()? {
                m.insert(k, v);
            }
            (self.0.emit)(JsonItem::Deal(m, line));
            Ok(JsonShape::Deal)
        }
    }
}

/// Most info entries kept.
const MAX_INFO: usize = 1_000;

struct InfoSeed<'a, 'b>(&'b mut Ctx<'a>);

impl<'de> DeserializeSeed<'de> for InfoSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for InfoSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of tag names and values")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let line = self.0.line.get() + 1;
        let mut tags = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            self.0.mark();
            if tags.len() < MAX_INFO {
                let v = match v {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                tags.push((k, v));
            }
        }
        (self.0.emit)(JsonItem::Info(tags, line));
        Ok(())
    }
}

struct DealsSeed<'a, 'b>(&'b mut Ctx<'a>);

impl<'de> DeserializeSeed<'de> for DealsSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for DealsSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of deal objects")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        deals(self.0, seq)
    }
}

fn deals<'de, A: SeqAccess<'de>>(ctx: &mut Ctx<'_>, mut seq: A) -> Result<(), A::Error> {
    loop {
        ctx.mark();
        let line = Rc::new(Cell::new(0));
        let seed = DealSeed {
            line: Rc::clone(&line),
            counter: Rc::clone(&ctx.line),
        };
        match seq.next_element_seed(seed)? {
            Some(m) => (ctx.emit)(JsonItem::Deal(m, line.get())),
            None => return Ok(()),
        }
    }
}

struct DealSeed {
    line: Rc<Cell<u64>>,
    counter: Rc<Cell<u64>>,
}

impl<'de> DeserializeSeed<'de> for DealSeed {
    type Value = Map<String, Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DealSeed {
    type Value = Map<String, Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a deal object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        self.line.set(self.counter.get() + 1);
        let mut m = Map::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            m.insert(k, v);
        }
        Ok(m)
    }
}

/// Reads a JSON PPN document, handing each info section and deal to `emit` as
/// soon as it is read. Returns the document's shape and the bytes read.
///
/// # Errors
///
/// A document that is not well formed or not of a PPN shape, a single value over
/// `max_value` bytes, or an I/O error; what was read before has been handed out.
///
/// ```
/// use kibitz::ppn::{read_json, JsonItem, JsonShape};
/// let doc = "{\"info\":{\"Bula\":60},\n\"deals\":[\n{\"id\":1},\n{\"id\":2}]}";
/// let mut items = Vec::new();
/// let (shape, _) = read_json(doc.as_bytes(), 1 << 20, &mut |i| items.push(i)).unwrap();
/// assert_eq!(shape, JsonShape::Game);
/// assert_eq!(items.len(), 3);
/// assert!(matches!(&items[2], JsonItem::Deal(m, 4) if m["id"] == 2));
/// ```
pub fn read_json<R: Read>(
    input: R,
    max_value: u64,
    emit: &mut dyn FnMut(JsonItem),
) -> Result<(JsonShape, u64), JsonError> {
    let line = Rc::new(Cell::new(0));
    let since_mark = Rc::new(Cell::new(0));
    let total = Rc::new(Cell::new(0));
    let counter = Counter {
        inner: BufReader::new(input),
        line: Rc::clone(&line),
        since_mark: Rc::clone(&since_mark),
        limit: max_value,
        total: Rc::clone(&total),
    };
    let mut de = serde_json::Deserializer::from_reader(counter);
    let mut ctx = Ctx {
        line: Rc::clone(&line),
        since_mark,
        emit,
    };
    let err = |e: serde_json::Error| {
        let pos = Pos::new(e.line().max(1) as u64, e.column().max(1) as u32);
        let message = e.to_string();
        let io = e
            .io_error_kind()
            .map(|k| io::Error::new(k, message.clone()));
        JsonError { pos, message, io }
    };
    let shape = Top(&mut ctx).deserialize(&mut de).map_err(err)?;
    de.end().map_err(err)?;
    Ok((shape, total.get()))
}

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
