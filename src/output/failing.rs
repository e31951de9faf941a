//! `--write-failing FILE`: each record with a (selected) violation, as read, to
//! one file of its notation.
//!
//! The records of an input are found again after the input has been audited:
//! a first pass runs the notation's reader to learn where each failing record
//! starts and ends (its first and last line), a second copies those lines byte
//! for byte. Memory is one raw record and the list of failing record numbers
//! of the input. Stdin cannot be read twice: the command refuses the flag with
//! `-`.
//!
//! File names: `FILE` holds the records of the notation its extension names
//! (`.pbn`, `.lin`, `.rbn`, `.rbx`, `.ppn` for preferans, `.pinochle.ppn`,
//! `.ppn.json`); records of another notation go to `FILE` with that notation's
//! extension instead (`bad.pbn` -> `bad.lin`); a `FILE` without one of these
//! extensions gets the notation's extension added. A preferans JSON file holds
//! one game: the second and later go to `FILE-2.ppn.json`, `FILE-3.ppn.json` ...

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use kibitz::audit::{AuditOptions, Input, Notation, SNIFF_BYTES, sniff, with_input};
use kibitz::notation::{RawRecord, RecordReader, lin, pinochle, rbn};
use kibitz::ppn::{Item, TextReader};

/// The first and last line (1-based) of a record.
type Span = (u64, u64);

/// The notation of a file written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Pbn,
    Lin,
    Rbn,
    Rbx,
    Ppn,
    PpnJson,
    Pinochle,
}

impl Kind {
    const ALL: [Kind; 7] = [
        Kind::Pinochle,
        Kind::PpnJson,
        Kind::Pbn,
        Kind::Lin,
        Kind::Rbn,
        Kind::Rbx,
        Kind::Ppn,
    ];

    /// The file extension, with its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Pbn => ".pbn",
            Kind::Lin => ".lin",
            Kind::Rbn => ".rbn",
            Kind::Rbx => ".rbx",
            Kind::Ppn => ".ppn",
            Kind::PpnJson => ".ppn.json",
            Kind::Pinochle => ".pinochle.ppn",
        }
    }

    /// Whether records are separated by an empty line.
    fn blank_between(self) -> bool {
        !matches!(self, Kind::Lin | Kind::PpnJson)
    }
}

/// One output file: its writer, whether the last line written was empty.
struct Out {
    w: BufWriter<File>,
    path: PathBuf,
    /// Records written (counted by the caller).
    records: u64,
    /// Records begun in the file (for the separating empty lines).
    records_in_file: u64,
    /// The last byte written is not a line end.
    open_line: bool,
}

/// Writes failing records to one file per notation.
pub struct FailingWriter {
    /// `FILE` without the extension of its notation, if it has one.
    stem: String,
    outs: BTreeMap<Kind, Out>,
    /// Preferans JSON inputs written so far.
    json: u64,
    json_outs: Vec<(PathBuf, u64)>,
    opts: AuditOptions,
}

impl FailingWriter {
    /// A writer for `--write-failing path` (no file is created before a record
    /// is written).
    pub fn new(path: &str, opts: &AuditOptions) -> FailingWriter {
        let lower = path.to_ascii_lowercase();
        // The longest extension first (`.pinochle.ppn` before `.ppn`).
        let own = Kind::ALL
            .into_iter()
            .find(|k| lower.ends_with(k.extension()) && lower.len() > k.extension().len());
        let stem = match own {
            Some(k) => path[..path.len() - k.extension().len()].to_string(),
            None => path.to_string(),
        };
        FailingWriter {
            stem,
            outs: BTreeMap::new(),
            json: 0,
            json_outs: Vec::new(),
            opts: opts.clone(),
        }
    }

    /// The file records of `kind` go to.
    pub fn path_of(&self, kind: Kind) -> PathBuf {
        PathBuf::from(format!("{}{}", self.stem, kind.extension()))
    }

    /// Writes records `records` (1-based, ascending, no repeats) of `input`,
    /// named `name`. Returns how many were written.
    ///
    /// # Errors
    ///
    /// Reading the input again or writing the output.
    pub fn write(&mut self, input: &Input, name: &str, records: &[usize]) -> io::Result<u64> {
        if records.is_empty() {
            return Ok(0);
        }
        let (kind, mut spans) = with_input(input, |r| find_spans(r, name, records, &self.opts))?;
        let Some(kind) = kind else { return Ok(0) };
        // Spans in order, each starting after the one before (a line holding the
        // end of one record and the start of the next is written once).
        spans.sort_unstable();
        let mut last = 0;
        for s in &mut spans {
            s.0 = s.0.max(last + 1);
            last = last.max(s.1);
        }
        spans.retain(|s| s.0 <= s.1);
        let out = if kind == Kind::PpnJson {
            self.json += 1;
            let path = if self.json == 1 {
                self.path_of(kind)
            } else {
                PathBuf::from(format!("{}-{}{}", self.stem, self.json, kind.extension()))
            };
            self.json_outs.push((path.clone(), 1));
            self.outs.remove(&kind);
            self.open(kind, path)?
        } else {
            let path = self.path_of(kind);
            match self.outs.entry(kind) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(_) => self.open(kind, path)?,
            }
        };
        let n = spans.len() as u64;
        with_input(input, |r| copy_lines(r, &spans, kind, out))?;
        out.records += n;
        if kind == Kind::PpnJson {
            out.w.flush()?;
        }
        Ok(n)
    }

    fn open(&mut self, kind: Kind, path: PathBuf) -> io::Result<&mut Out> {
        let w = BufWriter::new(
            File::create(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        );
        self.outs.insert(
            kind,
            Out {
                w,
                path,
                records: 0,
                records_in_file: 0,
                open_line: false,
            },
        );
        Ok(self.outs.get_mut(&kind).expect("inserted"))
    }

    /// Flushes every file; returns each file written and its record count.
    ///
    /// # Errors
    ///
    /// Writing the output.
    pub fn finish(mut self) -> io::Result<Vec<(PathBuf, u64)>> {
        let mut done = Vec::new();
        for (kind, mut o) in std::mem::take(&mut self.outs) {
            o.w.flush()?;
            if kind != Kind::PpnJson {
                done.push((o.path, o.records));
            }
        }
        done.extend(self.json_outs);
        done.sort();
        Ok(done)
    }
}

/// Reads `input` with its notation's reader: the kind of file its records go
/// to, and the first and last line of each record of `wanted`.
fn find_spans(
    input: &mut dyn Read,
    name: &str,
    wanted: &[usize],
    opts: &AuditOptions,
) -> io::Result<(Option<Kind>, Vec<Span>)> {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    input.take(SNIFF_BYTES as u64).read_to_end(&mut head)?;
    let notation = sniff(&head, Notation::from_path(Path::new(name)));
    let input = io::Cursor::new(head).chain(input);
    let limits = opts.limits;
    Ok(match notation {
        Some(Notation::Pbn) => (
            Some(Kind::Pbn),
            record_spans(
                kibitz::pbn::Reader::with_limits(input, limits),
                wanted,
                |r| r.end_line,
                |_| false,
            )?
            .0,
        ),
        Some(Notation::Lin) => (
            Some(Kind::Lin),
            record_spans(
                lin::Reader::with_limits(input, lin::Limits::from_audit(&limits)),
                wanted,
                |r| r.end_line,
                |_| false,
            )?
            .0,
        ),
        Some(Notation::Rbn) => {
            let (spans, rbx) = record_spans(
                rbn::Reader::with_limits(input, rbn::Limits::from_audit(&limits)),
                wanted,
                |r| r.end_line,
                |r| r.rbx,
            )?;
            (Some(if rbx { Kind::Rbx } else { Kind::Rbn }), spans)
        }
        Some(Notation::Pinochle) => (
            Some(Kind::Pinochle),
            record_spans(
                pinochle::Reader::with_limits(input, limits),
                wanted,
                |r| r.end_line,
                |_| false,
            )?
            .0,
        ),
        Some(Notation::Ppn) => (
            Some(Kind::Ppn),
            preferans_spans(input, wanted, limits.max_line)?,
        ),
        // One game per JSON input: the whole input.
        Some(Notation::PpnJson) => (Some(Kind::PpnJson), vec![(1, u64::MAX)]),
        None => (None, Vec::new()),
    })
}

/// The spans of the records `wanted` of a record reader, and whether the first
/// of them has the `flag`.
fn record_spans<R: RecordReader>(
    mut reader: R,
    wanted: &[usize],
    end: impl Fn(&R::Raw) -> u64,
    flag: impl Fn(&R::Raw) -> bool,
) -> io::Result<(Vec<(u64, u64)>, bool)> {
    let mut raw = R::Raw::default();
    let mut spans = Vec::with_capacity(wanted.len());
    let mut first_flag = None;
    let mut rest = wanted;
    while let Some(&next) = rest.first() {
        if !reader.read_record(&mut raw)? {
            break;
        }
        let i = raw.index();
        // Keep the reader's own findings from piling up (it clears them anyway).
        let mut sink = Vec::new();
        raw.take_findings(&mut sink);
        if i == next {
            let start = raw.start().line.max(1);
            spans.push((start, end(&raw).max(start)));
            first_flag.get_or_insert(flag(&raw));
            rest = &rest[1..];
        }
        while rest.first().is_some_and(|&w| w < i) {
            rest = &rest[1..];
        }
    }
    // A record's end may be the line its successor starts on or the empty line
    // closing it; the copy clips overlapping lines and keeps empty ones.
    Ok((spans, first_flag.unwrap_or(false)))
}

/// The spans of games `wanted` of a preferans text input, as the audit
/// groups them: a game starts at its first line and a tag line after deals
/// starts the next; a game ends at its last line that is not empty.
fn preferans_spans(
    input: impl Read,
    wanted: &[usize],
    max_line: usize,
) -> io::Result<Vec<(u64, u64)>> {
    let mut reader = TextReader::with_max_line(input, max_line);
    let mut spans = Vec::new();
    // The open game: number, first line, last non-empty line, has deals.
    let mut game: Option<(usize, u64, u64, bool)> = None;
    let mut games = 0;
    let close = |g: (usize, u64, u64, bool), spans: &mut Vec<(u64, u64)>| {
        if wanted.binary_search(&g.0).is_ok() {
            spans.push((g.1, g.2));
        }
    };
    while let Some(item) = reader.next_item()? {
        let line = match &item {
            Item::Blank => continue,
            Item::Tag(t) => t.pos.line,
            Item::BadTag { pos, .. } | Item::Other { pos, .. } | Item::TooLong { pos, .. } => {
                pos.line
            }
            Item::Deal(d) => d.line,
        };
        let starts_game = matches!(item, Item::Tag(_) | Item::BadTag { .. });
        if starts_game
            && game.is_some_and(|g| g.3)
            && let Some(g) = game.take()
        {
            close(g, &mut spans);
        }
        let g = game.get_or_insert_with(|| {
            games += 1;
            (games, line, line, false)
        });
        g.2 = line;
        g.3 |= matches!(item, Item::Deal(_));
    }
    if let Some(g) = game {
        close(g, &mut spans);
    }
    Ok(spans)
}

/// Copies the lines of `spans` (sorted, disjoint) from `input` to `out`
/// byte for byte, leaving out empty lines at the end of each record and
/// separating records by an empty line where the notation does.
fn copy_lines(
    input: &mut dyn Read,
    spans: &[(u64, u64)],
    kind: Kind,
    out: &mut Out,
) -> io::Result<()> {
    let mut r = BufReader::new(input);
    let mut spans = spans.iter().copied().peekable();
    let mut line = 1u64;
    let mut line_start = true;
    // Empty lines (`\n`, `\r\n`) held back until a line with text follows in
    // the same record; the start of the current line while it looks empty.
    let mut held: Vec<u8> = Vec::new();
    let mut this: Vec<u8> = Vec::new();
    let mut text = false;
    while let Some(&(start, end)) = spans.peek() {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let (n, ends_line) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if line >= start {
            if line_start && line == start {
                held.clear();
                if kind.blank_between() && out.records_in_file > 0 {
                    out.w.write_all(b"\n")?;
                }
                out.records_in_file += 1;
            }
            let chunk = &buf[..n];
            if text {
                out.w.write_all(chunk)?;
            } else {
                this.extend_from_slice(chunk);
                let empty = this.len() <= 2 && this.iter().all(|&b| b == b'\r' || b == b'\n');
                if !empty {
                    out.w.write_all(&held)?;
                    out.w.write_all(&this)?;
                    held.clear();
                    this.clear();
                    text = true;
                }
            }
            out.open_line = text && !ends_line;
        }
        r.consume(n);
        line_start = ends_line;
        if ends_line {
            if line >= start && !text {
                held.append(&mut this);
            }
            if line >= end {
                spans.next();
                held.clear();
            }
            line += 1;
            text = false;
            this.clear();
        }
    }
    if out.open_line {
        // The input ended inside a line of a record.
        out.w.write_all(b"\n")?;
        out.open_line = false;
    }
    Ok(())
}
