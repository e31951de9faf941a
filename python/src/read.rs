//! `kibitz.read`: the records of files as dicts, read and decoded on a Rust
//! thread (no GIL), handed over in batches.

use std::io::{self, Read};
use std::path::Path;

use kibitz_core::audit::{self, Input, Notation, SNIFF_BYTES, sniff};
use kibitz_core::bridge::Board;
use kibitz_core::notation::{Decode, RawRecord, RecordReader};
use kibitz_core::pinochle::Hand;
use kibitz_core::ppn::{self, Item as PpnItem, JsonItem, TextReader};
use kibitz_core::preferans::Deal;
use kibitz_core::text::decode;
use pyo3::prelude::*;

use crate::records;
use crate::stream::{Consumer, Producer, channel};
use crate::value::Value;

/// What the reading thread hands over.
enum Item {
    Record(Value),
    Error(String, String),
}

/// The records of an input; iterate it for one dict per record (bridge board,
/// pinochle hand, preferans deal). Inputs that could not be read are in
/// `errors`.
#[pyclass(module = "kibitz")]
pub struct Records {
    items: Consumer<Item>,
    errors: Vec<(String, String)>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        while let Some(item) = self.items.next(py) {
            match item {
                Item::Record(v) => return v.into_py(py).map(Some),
                Item::Error(file, why) => self.errors.push((file, why)),
            }
        }
        Ok(None)
    }

    /// Inputs that could not be read (or not to the end): (file, why) pairs.
    #[getter]
    fn errors(&self) -> Vec<(String, String)> {
        self.errors.clone()
    }
}

/// The fields every record dict starts with.
fn head(
    file: &str,
    record: usize,
    line: u64,
    game: &str,
    notation: &str,
) -> Vec<(&'static str, Value)> {
    vec![
        ("file", Value::from(file)),
        ("record", Value::Int(record as i64)),
        ("line", Value::Int(line as i64)),
        ("game", Value::from(game)),
        ("notation", Value::from(notation)),
    ]
}

fn records_of<R, M>(
    mut reader: R,
    file: &str,
    game: &str,
    notation: &str,
    fields: fn(&M, &mut Vec<(&'static str, Value)>),
    out: &mut Producer<Item>,
) -> io::Result<()>
where
    R: RecordReader,
    R::Raw: Decode<M>,
    M: Default,
{
    let mut raw = R::Raw::default();
    let mut model = M::default();
    let mut findings = Vec::new();
    while reader.read_record(&mut raw)? {
        findings.clear();
        raw.take_findings(&mut findings);
        raw.decode(&mut model, &mut findings);
        let mut v = head(file, raw.index(), raw.start().line, game, notation);
        fields(&model, &mut v);
        out.push(Item::Record(Value::Dict(v)));
        if out.closed {
            break;
        }
    }
    Ok(())
}

fn board_fields(b: &Board, v: &mut Vec<(&'static str, Value)>) {
    records::bridge::fields(b, v)
}

fn hand_fields(h: &Hand, v: &mut Vec<(&'static str, Value)>) {
    records::pinochle::fields(h, v)
}

fn tags_value(tags: &[(String, String)]) -> Value {
    Value::Map(
        tags.iter()
            .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
            .collect(),
    )
}

/// Preferans deal dicts: the deal's fields and its game's tags.
fn deal_record(file: &str, game: usize, tags: &Value, deal: &Deal, notation: &str) -> Value {
    let mut v = head(file, game, deal.pos.line, "preferans", notation);
    v.push(("tags", tags.clone()));
    records::preferans::fields(deal, &mut v);
    Value::Dict(v)
}

fn preferans_text(input: impl Read, file: &str, out: &mut Producer<Item>) -> io::Result<()> {
    let mut reader = TextReader::new(input);
    let mut game = 0;
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tags_v = Value::Map(Vec::new());
    let mut has_deals = false;
    let mut deal = Deal::default();
    while let Some(item) = reader.next_item()? {
        match item {
            PpnItem::Tag(t) => {
                if has_deals || game == 0 {
                    game += 1;
                    tags.clear();
                    has_deals = false;
                }
                tags.push((decode(t.name).to_string(), decode(t.value).to_string()));
            }
            PpnItem::Deal(raw) => {
                if game == 0 {
                    game = 1;
                }
                if !has_deals {
                    tags_v = tags_value(&tags);
                    has_deals = true;
                }
                ppn::decode_deal(&raw, &mut deal, &mut |_, _, _| {});
                out.push(Item::Record(deal_record(file, game, &tags_v, &deal, "ppn")));
                if out.closed {
                    break;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn preferans_json(input: impl Read, file: &str, out: &mut Producer<Item>) -> io::Result<()> {
    let mut tags_v = Value::Map(Vec::new());
    let mut deal = Deal::default();
    let read = ppn::read_json(input, 64 << 20, &mut |item| match item {
        JsonItem::Info(tags, _) => tags_v = tags_value(&tags),
        JsonItem::Deal(map, line) => {
            ppn::decode_deal_json(&map, line, &mut deal, &mut |_, _, _| {});
            out.push(Item::Record(deal_record(
                file, 1, &tags_v, &deal, "ppn-json",
            )));
        }
    });
    match read {
        Ok(_) => Ok(()),
        Err(e) => Err(e
            .io
            .unwrap_or_else(|| io::Error::new(io::ErrorKind::InvalidData, e.message))),
    }
}

/// Reads one input's records into `out`.
fn read_input(file: &str, mut input: impl Read, out: &mut Producer<Item>) -> io::Result<()> {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    (&mut input)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)?;
    let notation = sniff(&head, Notation::from_path(Path::new(file)));
    let input = io::Cursor::new(head).chain(input);
    use kibitz_core::notation::{lin, pinochle, rbn};
    match notation {
        Some(Notation::Pbn) => records_of(
            kibitz_core::pbn::Reader::new(input),
            file,
            "bridge",
            "pbn",
            board_fields,
            out,
        ),
        Some(Notation::Lin) => records_of(
            lin::Reader::new(input),
            file,
            "bridge",
            "lin",
            board_fields,
            out,
        ),
        Some(Notation::Rbn) => records_of(
            rbn::Reader::new(input),
            file,
            "bridge",
            "rbn",
            board_fields,
            out,
        ),
        Some(Notation::Pinochle) => records_of(
            pinochle::Reader::new(input),
            file,
            "pinochle",
            "ppn",
            hand_fields,
            out,
        ),
        Some(Notation::Ppn) => preferans_text(input, file, out),
        Some(Notation::PpnJson) => preferans_json(input, file, out),
        None => Ok(()),
    }
}

fn read_paths(paths: Vec<String>, mut out: Producer<Item>) {
    let mut skipped = 0;
    let (inputs, bad) = audit::collect_inputs(&paths, &mut skipped);
    for (p, e) in bad {
        out.push(Item::Error(p, e.to_string()));
    }
    for input in &inputs {
        if out.closed {
            break;
        }
        let name = input.name();
        if *input == Input::Stdin {
            out.push(Item::Error(name, "read() does not read stdin".into()));
            continue;
        }
        if let Err(e) = audit::with_input(input, |r| read_input(&name, r, &mut out)) {
            out.push(Item::Error(name, e.to_string()));
        }
    }
}

/// The records of files and folders (as `audit` finds them), one dict per
/// record, for a pandas DataFrame: bridge boards (board, dealer, vulnerable,
/// hands, auction, contract, declarer, play, result, score, ...), preferans
/// deals, pinochle hands; each with file, record, line, game and notation.
/// Values are as the record writes them (a malformed value is `None`); use
/// `audit` to learn what is wrong. Unreadable inputs are in `errors`.
#[pyfunction]
pub fn read(path_or_paths: &Bound<'_, PyAny>) -> PyResult<Records> {
    let paths = crate::audit::paths_of(path_or_paths)?;
    let (tx, rx) = channel();
    std::thread::spawn(move || read_paths(paths, tx));
    Ok(Records {
        items: rx,
        errors: Vec::new(),
    })
}
