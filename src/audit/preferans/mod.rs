//! Auditing preferans files: runs the PPN readers and decoders (text or JSON) and
//! the preferans rules over a file, game by game, deal by deal.
//!
//! A record is one game (its info section and deals). Findings of a deal are
//! handed out as soon as the deal is checked, so memory stays bounded however
//! many deals a game has; the game's closing findings (Result, Place) come last.
//! With [`AuditOptions::input_jobs`] above 1, PPN text is read in pieces on
//! that many threads (`pieces.rs`); the JSON form is read on one.

use std::io::{self, Read};

use super::{AuditOptions, Counted, RecordSink, Summary};
use crate::ppn::{self, Item, JsonItem, TextReader};
use crate::preferans::{Deal, Game, Info, Options};
use crate::text::decode_short;
use crate::{Finding, Pos, Rule};

pub(crate) mod pieces;

/// Tags the rules read: name, required.
const KNOWN: [(&str, bool); 11] = [
    ("Bula", true),
    ("Refe", true),
    ("Player1", true),
    ("Player2", true),
    ("Player3", true),
    ("Result1", true),
    ("Result2", true),
    ("Result3", true),
    ("Place1", false),
    ("Place2", false),
    ("Place3", false),
];

/// One game being audited.
struct GameAudit {
    record: usize,
    pos: Pos,
    info: Info,
    seen: [bool; 11],
    game: Option<Game>,
    findings: Vec<Finding>,
    has_deals: bool,
    deals_only: bool,
    opts: Options,
}

impl GameAudit {
    fn new(record: usize, pos: Pos, opts: Options) -> GameAudit {
        GameAudit {
            record,
            pos,
            info: Info {
                pos,
                ..Info::default()
            },
            seen: [false; 11],
            game: None,
            findings: Vec::new(),
            has_deals: false,
            deals_only: false,
            opts,
        }
    }

    fn push(findings: &mut Vec<Finding>, record: usize, rule: Rule, pos: Pos, message: String) {
        let mut f = Finding::of(rule, pos, message);
        f.record = record;
        f.game = Some(crate::Game::Preferans);
        findings.push(f);
    }

    fn add(&mut self, rule: Rule, pos: Pos, message: String) {
        GameAudit::push(&mut self.findings, self.record, rule, pos, message);
    }

    fn tag(&mut self, name: &[u8], value: &[u8], pos: Pos, value_pos: Pos) {
        let Some(i) = KNOWN.iter().position(|(n, _)| n.as_bytes() == name) else {
            return;
        };
        let name = KNOWN[i].0;
        if self.seen[i] {
            self.add(
                ppn::rules::TAG_DUPLICATE,
                pos,
                format!("{name} is given twice in this game; the first is kept"),
            );
            return;
        }
        self.seen[i] = true;
        let text = decode_short(value, 40);
        let int = || -> Option<i64> {
            let s = std::str::from_utf8(value).ok()?;
            if s.len() > 15 {
                return None;
            }
            s.parse::<i64>().ok()
        };
        let mut bad = |what: &str| {
            GameAudit::push(
                &mut self.findings,
                self.record,
                ppn::rules::TAG_VALUE,
                value_pos,
                format!("{name} is `{text}`, not {what}"),
            )
        };
        match name {
            "Bula" => match int() {
                Some(b) => self.info.bula = Some((b, value_pos)),
                None => bad("a whole number"),
            },
            "Refe" => match int().and_then(|r| u32::try_from(r).ok()) {
                Some(r) => self.info.refe = Some((r, value_pos)),
                None => bad("a whole number of 0 or more"),
            },
            "Result1" | "Result2" | "Result3" => match int() {
                Some(r) => self.info.results.values[i - 5] = Some((r, value_pos)),
                None => bad("a whole number"),
            },
            "Place1" | "Place2" | "Place3" => match int().filter(|p| (1..=3).contains(p)) {
                Some(p) => self.info.places.values[i - 8] = Some((p as u8, value_pos)),
                None => bad("a place 1, 2 or 3"),
            },
            _ => {
                if value.is_empty() {
                    bad("a name");
                }
            }
        }
    }

    /// Starts the game's deals: checks the info section and sets up the sheet.
    fn begin(&mut self) {
        if self.game.is_some() {
            return;
        }
        if !self.deals_only {
            let missing: Vec<&str> = KNOWN
                .iter()
                .zip(self.seen)
                .filter(|((_, required), seen)| *required && !seen)
                .map(|((n, _), _)| *n)
                .collect();
            if !missing.is_empty() {
                let pos = self.pos;
                self.add(
                    ppn::rules::TAG_MISSING,
                    pos,
                    format!("the game has no {} tag", missing.join(", ")),
                );
            }
        }
        let (record, findings) = (self.record, &mut self.findings);
        let game = Game::new(&self.info, self.opts, &mut |r, p, m| {
            GameAudit::push(findings, record, r, p, m)
        });
        self.game = Some(game);
    }

    fn deal(&mut self, deal: &Deal) {
        self.begin();
        self.has_deals = true;
        let (record, findings) = (self.record, &mut self.findings);
        if let Some(game) = &mut self.game {
            game.deal(deal, &mut |r, p, m| {
                GameAudit::push(findings, record, r, p, m)
            });
        }
    }

    fn flush(&mut self, sink: &mut RecordSink<'_>) {
        sink.add(self.record, crate::Game::Preferans, &mut self.findings, 0);
    }

    fn finish(mut self, sink: &mut RecordSink<'_>) {
        self.begin();
        if !self.deals_only {
            let (record, findings) = (self.record, &mut self.findings);
            if let Some(game) = &self.game {
                game.finish(&self.info, &mut |r, p, m| {
                    GameAudit::push(findings, record, r, p, m)
                });
            }
        }
        self.flush(sink);
        sink.end_record(crate::Game::Preferans, ppn::rules::LIMIT_RECORD, self.pos);
    }
}

/// Audits PPN text.
pub(crate) fn audit_text<R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    audit_text_from(input, Start::default(), opts, summary, emit)
}

/// Where [`audit_text_from`] starts reading: the input's start, or a line
/// where a game starts, after `line` lines and `records` games.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Start {
    line: u64,
    records: usize,
}

/// [`audit_text`] over `input`, the text from `start` on (a piece of a file).
fn audit_text_from<R: Read>(
    input: R,
    start: Start,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    let mut reader = TextReader::with_max_line(input, opts.limits.max_line);
    if start.line > 0 {
        reader.start_after(start.line);
    }
    let mut current: Option<GameAudit> = None;
    let mut records = start.records;
    let mut deal = Deal::default();
    summary.files += 1;
    let mut sink = RecordSink::new(summary, emit, opts.limits.max_findings);
    let result = loop {
        let item = match reader.next_item() {
            Ok(Some(item)) => item,
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        };
        let starts_game = matches!(item, Item::Tag(_) | Item::BadTag { .. });
        if starts_game
            && current.as_ref().is_some_and(|g| g.has_deals)
            && let Some(g) = current.take()
        {
            g.finish(&mut sink);
        }
        if matches!(item, Item::Blank) {
            continue;
        }
        let pos = match &item {
            Item::Tag(t) => t.pos,
            Item::BadTag { pos, .. } | Item::Other { pos, .. } | Item::TooLong { pos, .. } => *pos,
            Item::Deal(d) => Pos::new(d.line, d.col.saturating_sub(1).max(1)),
            Item::Blank => Pos::default(),
        };
        let g = current.get_or_insert_with(|| {
            records += 1;
            GameAudit::new(records, pos, opts.preferans)
        });
        match item {
            Item::Blank => {}
            Item::Tag(t) => g.tag(t.name, t.value, t.pos, t.value_pos),
            Item::BadTag { pos, why } => g.add(
                ppn::rules::SYNTAX_TAG,
                pos,
                format!("malformed tag pair: {why}"),
            ),
            Item::Other { text, pos } => g.add(
                ppn::rules::SYNTAX_LINE,
                pos,
                format!(
                    "`{}` is neither a tag pair nor a deal",
                    decode_short(text, 40)
                ),
            ),
            Item::TooLong { pos, len } => g.add(
                ppn::rules::LIMIT_LINE,
                pos,
                format!(
                    "a line of {len} bytes is over the limit of {} and was skipped",
                    opts.limits.max_line
                ),
            ),
            Item::Deal(raw) => {
                g.begin();
                let (record, findings) = (g.record, &mut g.findings);
                ppn::decode_deal(&raw, &mut deal, &mut |r, p, m| {
                    GameAudit::push(findings, record, r, p, m)
                });
                g.deal(&deal);
                g.flush(&mut sink);
            }
        }
    };
    if let Some(g) = current {
        g.finish(&mut sink);
    }
    sink.summary().bytes += reader.bytes_read();
    result
}

/// Audits the JSON form of PPN.
pub(crate) fn audit_json<R: Read>(
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    summary.files += 1;
    let mut input = Counted {
        inner: input,
        bytes: 0,
    };
    let mut g = GameAudit::new(1, Pos::new(1, 1), opts.preferans);
    let mut sink = RecordSink::new(summary, emit, opts.limits.max_findings);
    let mut deal = Deal::default();
    let mut saw_info = false;
    let limit = opts.limits.max_record_bytes as u64;
    let read = ppn::read_json(&mut input, limit, &mut |item| match item {
        JsonItem::Info(tags, line) => {
            saw_info = true;
            for (k, v) in tags {
                let pos = Pos::new(line, 1);
                g.tag(k.as_bytes(), v.as_bytes(), pos, pos);
            }
        }
        JsonItem::Deal(map, line) => {
            if !saw_info && !g.has_deals && g.game.is_none() {
                g.deals_only = true;
                g.add(
                    ppn::rules::JSON_DEALS_ONLY,
                    Pos::new(line, 1),
                    "deals without an info section: tags, refas limit, results and places are not checked"
                        .to_string(),
                );
            }
            g.begin();
            let (record, findings) = (g.record, &mut g.findings);
            ppn::decode_deal_json(&map, line, &mut deal, &mut |r, p, m| {
                GameAudit::push(findings, record, r, p, m)
            });
            g.deal(&deal);
            g.flush(&mut sink);
        }
    });
    let result = match read {
        Ok(_) => Ok(()),
        Err(e) => match e.io {
            Some(io) if io.kind() != io::ErrorKind::InvalidData => Err(io),
            _ => {
                g.add(
                    ppn::rules::JSON_SYNTAX,
                    e.pos,
                    format!("the JSON cannot be read further: {}", e.message),
                );
                Ok(())
            }
        },
    };
    // What a syntax error left unread is still read (and counted), so that the
    // summary accounts for the whole input.
    let drained = if result.is_ok() {
        io::copy(&mut input, &mut io::sink()).map(|_| ())
    } else {
        Ok(())
    };
    sink.summary().bytes += input.bytes;
    g.finish(&mut sink);
    result.and(drained)
}
