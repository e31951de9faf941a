//! Reading the JSON form deal by deal: a streaming visitor over serde_json.

use std::cell::Cell;
use std::fmt;
use std::io::{self, BufReader, Read};
use std::rc::Rc;

use serde::Deserializer;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::Pos;

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
