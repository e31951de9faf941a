//! From a [`RawRecord`] to a [`Board`]: every tag value and section token checked
//! against the PBN spec. Findings here are about notation only; whether the deal,
//! auction and play obey the laws of bridge is [`crate::bridge`]'s business.

mod export;
mod fast;
mod id;
pub mod sections;
pub mod table;
pub mod values;

use crate::bridge::{At, Board};
use crate::pbn::rules;
use crate::pbn::{RawRecord, TagKind};
use crate::text::decode_short;
use crate::{Finding, Pos, Rule, Seat};

use sections::{Notes, Part};
use table::TableView;
use values::*;

/// Collects findings for one record.
pub(crate) struct Sink<'a> {
    out: &'a mut Vec<Finding>,
    record: usize,
    /// The first lenient token read by its meaning (where, as written, as
    /// read, of what kind) and how many there were: one warning per record.
    lenient: Option<(Pos, String, String, Lenient)>,
    lenient_count: usize,
}

/// The kind of a lenient token, for the warning's explanation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lenient {
    /// A call or contract (`P`, `R`, `1N`).
    Call,
    /// `10` for the ten, in a card or a Deal.
    Ten,
    /// A Vulnerable value with blanks around it or `-` between the sides.
    Vulnerable,
    /// A seat written as its English word (`north`).
    Seat,
}

impl Lenient {
    /// What PBN writes instead, and where it says so.
    fn pbn(self) -> &'static str {
        match self {
            Lenient::Call => "calls are Pass, X, XX, 1NT...; PBN 3.5.1, 3.4.14",
            Lenient::Ten => "the ten is T; PBN 3.4.11, 3.6.1",
            Lenient::Vulnerable => "Vulnerable is None, NS, EW or All (Love, -, Both); PBN 3.4.10",
            Lenient::Seat => "a seat is N, E, S or W; PBN 3.4.9, 3.4.13",
        }
    }
}

impl Sink<'_> {
    /// Notes a token in a lenient form of `kind`, read as `meaning`.
    pub(crate) fn lenient(&mut self, pos: Pos, written: &[u8], meaning: String, kind: Lenient) {
        self.lenient_count += 1;
        self.lenient
            .get_or_insert_with(|| (pos, decode_short(written, 20), meaning, kind));
    }

    fn finish(&mut self) {
        if let Some((pos, written, meaning, kind)) = self.lenient.take() {
            let more = match self.lenient_count {
                0 | 1 => String::new(),
                2 => " (and 1 more token in this record)".into(),
                n => format!(" (and {} more tokens in this record)", n - 1),
            };
            self.add(
                rules::LENIENT,
                pos,
                format!(
                    "`{written}` is not PBN ({}); read as {meaning}{more}",
                    kind.pbn()
                ),
            );
        }
    }

    pub(crate) fn add(&mut self, rule: Rule, pos: Pos, message: String) {
        let mut f = Finding::of(rule, pos, message);
        f.record = self.record;
        self.out.push(f);
    }
}

/// The fast path's answer `fast`, else what the general parser says of the value
/// `raw` decoded as text.
fn read<T>(
    raw: &[u8],
    fast: Option<T>,
    general: impl FnOnce(&str) -> Result<T, Reason>,
) -> Result<T, Reason> {
    match fast {
        Some(v) => Ok(v),
        None => general(&crate::text::decode(raw)),
    }
}

/// Whether a tag's value is to be read: `?` is the value of a mandatory tag
/// that is unknown (PBN 3.4).
#[inline]
fn known(raw: &[u8]) -> bool {
    raw != b"?"
}

/// Reads a Contract tag's value (not empty, not `?`) into `board`: PBN, else
/// a lenient form (one warning per record), else a finding.
fn contract(raw: &[u8], at: Pos, board: &mut Board, sink: &mut Sink) {
    match read(raw, fast::contract(raw), parse_contract) {
        Ok(c) => board.contract = Some(At::new(c, at)),
        Err(e) => match lenient_contract(&crate::text::decode(raw)) {
            Some(c) => {
                sink.lenient(at, raw, format!("Contract {c}"), Lenient::Call);
                board.contract = Some(At::new(crate::bridge::ContractTag::Contract(c), at));
            }
            None => sink.add(rules::VALUE, at, format!("Contract tag: {e}")),
        },
    }
}

/// Decodes `rec` into `board` (cleared first), appending decode findings to `out`.
///
/// ```
/// use kibitz::bridge::Board;
/// use kibitz::pbn::{decode::decode, RawRecord, Reader};
/// use kibitz::Seat;
/// let text = "[Dealer \"E\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n[Declarer \"White\"]\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let (mut board, mut findings) = (Board::default(), Vec::new());
/// decode(&rec, &mut board, &mut findings);
/// assert_eq!(board.dealer.unwrap().value, Seat::East);
/// assert_eq!(findings[0].rule, "pbn.tag.value");
/// ```
pub fn decode(rec: &RawRecord, board: &mut Board, out: &mut Vec<Finding>) {
    decode_with(rec, board, out, true);
}

/// [`decode`] as the audit runs it: the same findings and the same board, but
/// for the texts no rule reads, which are left empty: Site, Date, Scoring as
/// written (the scoring flags are read), the players, HomeTeam, VisitTeam,
/// Section and Table. Event, Stage and Round are kept (the rooms' deals are
/// compared only within one event, stage and round). Their values are still
/// checked where PBN gives them a form (Date, Round).
///
/// ```
/// use kibitz::bridge::Board;
/// use kibitz::pbn::{decode::{decode, decode_for_rules}, RawRecord, Reader};
/// let text = "[Event \"Cup\"]\n[Date \"2026.13.01\"]\n[North \"Bob\"]\n[Scoring \"IMP\"]\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let (mut full, mut lean) = (Board::default(), Board::default());
/// let (mut found, mut found_lean) = (Vec::new(), Vec::new());
/// decode(&rec, &mut full, &mut found);
/// decode_for_rules(&rec, &mut lean, &mut found_lean);
/// assert_eq!(found, found_lean);
/// assert_eq!((full.id.event.as_str(), lean.id.event.as_str()), ("Cup", "Cup"));
/// assert_eq!((full.id.date.as_str(), lean.id.date.as_str()), ("2026.13.01", ""));
/// assert!(lean.id.players.values.iter().all(String::is_empty));
/// assert_eq!(full.scoring, lean.scoring);
/// ```
pub fn decode_for_rules(rec: &RawRecord, board: &mut Board, out: &mut Vec<Finding>) {
    decode_with(rec, board, out, false);
}

/// [`decode`] (`texts`) or [`decode_for_rules`]: one body, compiled once
/// (two copies, one for each, made the compiler stop inlining the value
/// readers into them: 3M more instructions a pass over the corpus).
#[inline(never)]
fn decode_with(rec: &RawRecord, board: &mut Board, out: &mut Vec<Finding>, texts: bool) {
    // The identification texts are kept through the clearing: `id::set` and
    // `id::clear_missing` set every one of them, and leave alone those the
    // record repeats.
    board.clear_but_id();
    board.pos = rec.start;
    board.record = rec.index;
    let mut sink = Sink {
        out,
        record: rec.index,
        lenient: None,
        lenient_count: 0,
    };
    let mut notes = Notes::default();
    let mut part: Option<Part> = None;
    // Identification fields given (bits of `id::EVENT` and the others);
    // whether a Note tag was seen (its text is kept at the end).
    let mut given = 0u16;
    let mut has_notes = false;
    let mut layout = export::Layout::default();
    let mut seen = Seen::default();
    // The ScoreRubberHistory read, compared with the Vulnerable tag at the end
    // (either may come first).
    let mut rubber: Option<At<values::RubberHistory>> = None;
    for (index, tag) in rec.tags.iter().enumerate() {
        let kind = tag.kind;
        let raw = rec.value(tag);
        // Whether this is the first Auction or Play tag, whose section the
        // export layout is checked in.
        let mut first_section = false;
        match kind {
            TagKind::Auction => {
                part = Some(Part::Auction);
                first_section = !std::mem::replace(&mut layout.seen[0], true);
                seen.section(0, tag, raw);
            }
            TagKind::Play => {
                part = Some(Part::Play);
                first_section = !std::mem::replace(&mut layout.seen[1], true);
                seen.section(1, tag, raw);
            }
            TagKind::Note => has_notes = true,
            // The common value tags are read here, in one dispatch: `known`
            // says whether the value is there to read (not `?`, PBN 3.4).
            TagKind::Board => {
                part = None;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::board(raw), parse_board) {
                        Ok(n) => board.number = Some(At::new(n, tag.value_pos)),
                        Err(e) => sink.add(rules::FORMAT, tag.value_pos, format!("Board tag: {e}")),
                    }
                }
                continue;
            }
            TagKind::Dealer => {
                part = None;
                seen.dealer = true;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::seat(raw), parse_seat) {
                        Ok(s) => board.dealer = Some(At::new(s, tag.value_pos)),
                        Err(e) => {
                            board.dealer = lenient_or_fault(
                                raw,
                                tag.value_pos,
                                "Dealer",
                                e,
                                &mut sink,
                                values::lenient_seat,
                                Lenient::Seat,
                            );
                        }
                    }
                }
                continue;
            }
            TagKind::Vulnerable => {
                part = None;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::vulnerable(raw), parse_vulnerable) {
                        Ok(v) => board.vulnerability = Some(At::new(v, tag.value_pos)),
                        Err(e) => {
                            board.vulnerability = lenient_or_fault(
                                raw,
                                tag.value_pos,
                                "Vulnerable",
                                e,
                                &mut sink,
                                values::lenient_vulnerable,
                                Lenient::Vulnerable,
                            );
                        }
                    }
                }
                continue;
            }
            TagKind::Deal => {
                part = None;
                seen.deal = true;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::deal(raw), parse_deal) {
                        Ok(d) => board.deal = Some(At::new(d, tag.value_pos)),
                        Err(e) => match lenient_deal(raw) {
                            Some((d, at)) => {
                                let p = tag.value_pos;
                                let pos = Pos::new(p.line, p.col + 1 + at as u32);
                                sink.lenient(pos, b"10", "T".into(), Lenient::Ten);
                                board.deal = Some(At::new(d, tag.value_pos));
                            }
                            None => sink.add(rules::DEAL, tag.value_pos, format!("Deal tag: {e}")),
                        },
                    }
                }
                continue;
            }
            TagKind::Declarer => {
                part = None;
                seen.declarer = true;
                if known(raw) {
                    match read(raw, fast::declarer(raw), parse_declarer) {
                        Ok(d) => board.declarer = Some(At::new(d, tag.value_pos)),
                        Err(e) => {
                            let seat = lenient_or_fault(
                                raw,
                                tag.value_pos,
                                "Declarer",
                                e,
                                &mut sink,
                                values::lenient_seat,
                                Lenient::Seat,
                            );
                            board.declarer = seat.map(|At { value, pos }| {
                                let d = crate::bridge::DeclarerTag::Seat {
                                    seat: value,
                                    swapped: false,
                                };
                                At::new(d, pos)
                            });
                        }
                    }
                }
                continue;
            }
            TagKind::Contract => {
                part = None;
                seen.contract(raw);
                if known(raw) && !raw.is_empty() {
                    contract(raw, tag.value_pos, board, &mut sink);
                }
                continue;
            }
            TagKind::Result => {
                part = None;
                if known(raw) {
                    match read(raw, fast::result(raw), parse_result) {
                        Ok(r) => board.result = Some(At::new(r, tag.value_pos)),
                        Err(e) => sink.add(rules::VALUE, tag.value_pos, format!("Result tag: {e}")),
                    }
                }
                continue;
            }
            TagKind::Score => {
                part = None;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::score(raw), parse_score) {
                        Ok(s) => board.score = Some(At::new(s, tag.value_pos)),
                        Err(e) => sink.add(rules::VALUE, tag.value_pos, format!("Score tag: {e}")),
                    }
                }
                continue;
            }
            TagKind::Room => {
                part = None;
                if known(raw) && !raw.is_empty() {
                    match read(raw, fast::room(raw), parse_room) {
                        Ok(r) => board.room = Some(r),
                        Err(e) => sink.add(rules::FORMAT, tag.value_pos, format!("Room tag: {e}")),
                    }
                }
                continue;
            }
            TagKind::Round => {
                part = None;
                // Read for the rules too: `bridge::imp::match_key`.
                given |= id::ROUND;
                let (id, spare) = board.id_with_spare();
                id::set_match(&mut id.round, &mut spare.round, raw);
                if known(raw)
                    && !raw.is_empty()
                    && !fast::round_ok(raw)
                    && let Err(e) = check_round(&crate::text::decode(raw))
                {
                    sink.add(rules::FORMAT, tag.value_pos, format!("Round tag: {e}"));
                }
                continue;
            }
            TagKind::Event => {
                part = None;
                given |= id::EVENT;
                let (id, spare) = board.id_with_spare();
                id::set(&mut id.event, &mut spare.event, raw);
                // No rule reads it.
                continue;
            }
            TagKind::Site => {
                part = None;
                if texts {
                    given |= id::SITE;
                    let (id, spare) = board.id_with_spare();
                    id::set(&mut id.site, &mut spare.site, raw);
                }
                // No rule reads it.
                continue;
            }
            TagKind::Date => {
                part = None;
                if texts {
                    given |= id::DATE;
                    let (id, spare) = board.id_with_spare();
                    id::set(&mut id.date, &mut spare.date, raw);
                }
            }
            // Tags no rule reads and no check looks at (nothing below matches
            // them), kept for a conversion.
            TagKind::HomeTeam
            | TagKind::VisitTeam
            | TagKind::Table
            | TagKind::Section
            | TagKind::Stage => {
                part = None;
                // Stage is read for the rules too (`bridge::imp::match_key`).
                if !texts && kind != TagKind::Stage {
                    continue;
                }
                let (id, spare) = board.id_with_spare();
                let (bit, field, spare) = match kind {
                    TagKind::HomeTeam => (id::HOME_TEAM, &mut id.home_team, &mut spare.home_team),
                    TagKind::VisitTeam => {
                        (id::VISIT_TEAM, &mut id.visit_team, &mut spare.visit_team)
                    }
                    TagKind::Stage => (id::STAGE, &mut id.stage, &mut spare.stage),
                    TagKind::Section => (id::SECTION, &mut id.section, &mut spare.section),
                    _ => (id::TABLE, &mut id.table, &mut spare.table),
                };
                given |= bit;
                id::set_match(field, spare, raw);
                continue;
            }
            TagKind::Scoring => {
                part = None;
                if texts {
                    given |= id::SCORING;
                    let (id, spare) = board.id_with_spare();
                    id::set(&mut id.scoring, &mut spare.scoring, raw);
                }
            }
            TagKind::North | TagKind::East | TagKind::South | TagKind::West => {
                part = None;
                if !texts {
                    continue;
                }
                let seat = match kind {
                    TagKind::North => Seat::North,
                    TagKind::East => Seat::East,
                    TagKind::South => Seat::South,
                    _ => Seat::West,
                };
                given |= id::player(seat);
                let (id, spare) = board.id_with_spare();
                id::set(&mut id.players[seat], &mut spare.players[seat], raw);
                // No rule reads it.
                continue;
            }
            _ => part = None,
        }
        if !known(raw) && kind != TagKind::Note {
            continue;
        }
        // The common values are read from the bytes (`fast`); the value is turned
        // into text only for the general parsers and for messages.
        let text = || crate::text::decode(raw);
        let name = || kind.name().unwrap_or_default();
        let at = tag.value_pos;
        match kind {
            TagKind::ScoreIMP if !raw.is_empty() => match parse_decimal_score(&text()) {
                Ok(s) => board.score_imp = Some(At::new(s, at)),
                Err(e) => sink.add(rules::VALUE, at, format!("ScoreIMP tag: {e}")),
            },
            TagKind::ScoreMP if !raw.is_empty() => {
                if let Err(e) = parse_decimal_score(&text()) {
                    sink.add(rules::VALUE, at, format!("ScoreMP tag: {e}"));
                }
            }
            TagKind::ScorePercentage if !raw.is_empty() => {
                if let Err(e) = parse_percentage(&text()) {
                    sink.add(rules::VALUE, at, format!("ScorePercentage tag: {e}"));
                }
            }
            TagKind::ScoreRubber if !raw.is_empty() => {
                if let Err(e) = parse_rubber(&text()) {
                    sink.add(rules::VALUE, at, format!("ScoreRubber tag: {e}"));
                }
            }
            TagKind::ScoreRubberHistory if !raw.is_empty() => {
                match values::parse_rubber_history(&text()) {
                    Ok(h) => rubber = Some(At::new(h, at)),
                    Err(e) => sink.add(rules::VALUE, at, format!("ScoreRubberHistory tag: {e}")),
                }
            }
            TagKind::OptimumScore if !raw.is_empty() => {
                if let Err(e) = parse_optimum_score(&text()) {
                    sink.add(rules::VALUE, at, format!("OptimumScore tag: {e}"));
                }
            }
            TagKind::Scoring if !raw.is_empty() => {
                match read(raw, fast::scoring(raw), parse_scoring) {
                    Ok(s) => board.scoring = s,
                    Err(e) => sink.add(rules::FORMAT, at, format!("Scoring tag: {e}")),
                }
            }
            TagKind::Date | TagKind::EventDate | TagKind::UTCDate
                if !raw.is_empty() && !fast::date_ok(raw) =>
            {
                if let Err(e) = check_date(&text()) {
                    sink.add(rules::FORMAT, at, format!("{} tag: {e}", name()));
                }
            }
            TagKind::Time | TagKind::UTCTime if !raw.is_empty() => {
                if let Err(e) = check_time(&text()) {
                    sink.add(rules::FORMAT, at, format!("{} tag: {e}", name()));
                }
            }
            TagKind::FrenchMP if !matches!(raw, b"Yes" | b"No" | b"") => {
                sink.add(
                    rules::FORMAT,
                    at,
                    format!("FrenchMP tag: `{}` is not Yes or No", text()),
                );
            }
            TagKind::Hidden if !raw.iter().all(|c| b"WNESwnes".contains(c)) => {
                sink.add(
                    rules::FORMAT,
                    at,
                    format!("Hidden tag: `{}` is not a set of seats", text()),
                );
            }
            TagKind::TimeCall | TagKind::TimeCard
                if !raw.is_empty() && !raw.iter().all(u8::is_ascii_digit) =>
            {
                sink.add(
                    rules::FORMAT,
                    at,
                    format!("{} tag: `{}` is not a number of seconds", name(), text()),
                );
            }
            TagKind::TimeControl if !raw.is_empty() && !is_time_control(&text()) => {
                sink.add(
                    rules::FORMAT,
                    at,
                    format!("TimeControl tag: `{}` is not `<games>/<minutes>`", text()),
                );
            }
            TagKind::Auction | TagKind::Play if raw.is_empty() && tag.tokens.is_empty() => {
                // `[Play ""]` in bidding-only files: no section, said with the
                // reason. When the tag comes again with data, that one is read.
                let name = name();
                let again = rec.tags[index + 1..].iter().any(|t| t.kind == kind);
                if !again {
                    let what = if name == "Play" { "cards" } else { "calls" };
                    sink.add(
                        rules::EMPTY_SECTION,
                        tag.pos,
                        format!(
                            "[{name} \"\"] with no {what}: the {name} tag names the seat of \
                             the first {} (PBN 3.5, 3.6), and a record without that section \
                             leaves the tag out; read as no {} section",
                            if name == "Play" { "card" } else { "call" },
                            name.to_ascii_lowercase()
                        ),
                    );
                }
            }
            TagKind::Auction => {
                let plain = sections::auction(rec, tag, board, &mut notes, &mut sink);
                if first_section && rec.export {
                    layout.fifth[0] = Some(sections::fifth_on_a_line(rec.section(tag), plain));
                }
            }
            TagKind::Play => {
                let plain = sections::play(rec, tag, board, &mut notes, &mut sink);
                if first_section && rec.export {
                    layout.fifth[1] = Some(sections::fifth_on_a_line(rec.section(tag), plain));
                }
            }
            TagKind::Note => notes.define(rec, tag, part, &mut sink),
            k if k.is_table() => {
                if let Some(view) = table(rec, index, &mut sink)
                    && kind == TagKind::ScoreTable
                {
                    score_rows(rec, &view, board);
                }
            }
            TagKind::Other => sink.add(
                rules::UNKNOWN_TAG,
                tag.pos,
                format!(
                    "tag {} is not defined by PBN; it is skipped",
                    decode_short(rec.name(tag), 40)
                ),
            ),
            _ => {}
        }
    }
    if let (Some(At { value: h, pos }), Some(v)) = (rubber, board.vulnerability) {
        rubber_vulnerability(h, pos, v.value, &mut sink);
    }
    notes.finish(rec, &mut sink);
    sink.finish();
    id::clear_missing(&mut board.id, given);
    if has_notes {
        id::notes(rec, board);
    }
    // An empty Declarer says that all four passed (PBN 3.4.13), and an empty
    // mandatory tag one that does not apply (PBN 3.4), as programs write a
    // board whose contract they do not give: beside a Contract tag that is
    // empty too (not `Pass`), it says nothing of the contract.
    if seen.contract_empty
        && board
            .declarer
            .is_some_and(|d| d.value == crate::bridge::DeclarerTag::PassedOut)
    {
        board.declarer = None;
    }
    requires(&seen, &mut sink);
    if rec.export {
        export::check(rec, board, &layout, &mut sink);
    }
}

/// PBN 5.2: a column marked `+` runs from the highest value down, `-` from the
/// lowest up. Numeric elements are compared; `-`, `?` and other text are skipped.
fn sort_order(rec: &RawRecord, view: &TableView, name: &str, sink: &mut Sink) {
    use table::Order;
    let cols = view.columns.len();
    for (c, col) in view.columns.iter().enumerate() {
        let Some(order) = col.order else { continue };
        let mut prev: Option<crate::bridge::Centi> = None;
        for row in view.cells.chunks(cols) {
            let Some(cell) = row.get(c) else { break };
            let text = crate::text::decode(rec.text(cell.text));
            let Some(v) = crate::bridge::Centi::parse(text.trim_start_matches('^')) else {
                continue;
            };
            if let Some(p) = prev {
                let wrong = match order {
                    Order::Descending => v > p,
                    Order::Ascending => v < p,
                };
                if wrong {
                    let (mark, how) = match order {
                        Order::Descending => ('+', "highest first"),
                        Order::Ascending => ('-', "lowest first"),
                    };
                    sink.add(
                        rules::TABLE,
                        cell.pos,
                        format!(
                            "{name}: column {mark}{} is sorted {how} (PBN 5.2), but {v} follows {p}",
                            col.name
                        ),
                    );
                    return;
                }
            }
            prev = Some(v);
        }
    }
}

/// ScoreRubberHistory against the Vulnerable tag: a side that has won a game
/// of the rubber is vulnerable, and only such a side (PBN 2.1 §4.2.6: "the
/// number of games won defines the vulnerability").
#[cold]
#[inline(never)]
fn rubber_vulnerability(
    h: RubberHistory,
    at: Pos,
    vulnerable: crate::Vulnerability,
    sink: &mut Sink,
) {
    let derived = h.vulnerability();
    if derived == vulnerable {
        return;
    }
    let won = |n: u8| match n {
        0 => "no game".to_string(),
        1 => "one game".to_string(),
        n => format!("{n} games"),
    };
    sink.add(
        rules::VALUE,
        at,
        format!(
            "ScoreRubberHistory tag: NS have won {} and EW {} of the rubber, so the \
             vulnerability is {}, but the Vulnerable tag says {} (PBN 4.2.6)",
            won(h.ns_games),
            won(h.ew_games),
            derived.as_str(),
            vulnerable.as_str()
        ),
    );
}

fn is_time_control(v: &str) -> bool {
    v.split_once('/').is_some_and(|(a, b)| {
        [a, b]
            .iter()
            .all(|x| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit()))
    })
}

/// PBN 3.1: an auction needs a Dealer; a play needs Deal, Declarer and Contract.
/// `seen` holds what the tag loop noted of the tags.
fn requires(seen: &Seen, sink: &mut Sink) {
    if let Some(a) = seen.section[0]
        && !seen.dealer
    {
        sink.add(
            rules::REQUIRES,
            a,
            "an auction section needs a Dealer tag (PBN 3.1)".into(),
        );
    }
    if let Some(p) = seen.section[1] {
        // An end position (Contract holds only the denomination, PBN 3.10) names
        // its first leader in the Play tag and needs no Declarer.
        let end_position = seen.contract == Some(true);
        let needs = [
            (seen.deal, "Deal"),
            (seen.declarer || end_position, "Declarer"),
            (seen.contract.is_some(), "Contract"),
        ];
        for (given, need) in needs {
            if !given {
                sink.add(
                    rules::REQUIRES,
                    p,
                    format!("a play section needs a {need} tag (PBN 3.1)"),
                );
            }
        }
    }
}

/// What the tag loop notes of the tags for [`requires`].
#[derive(Default)]
struct Seen {
    dealer: bool,
    deal: bool,
    declarer: bool,
    /// Whether the first Contract tag holds only a denomination (an end
    /// position), if there is one.
    contract: Option<bool>,
    /// Whether the first Contract tag is empty (PBN 3.4: a mandatory tag that
    /// does not apply), not `Pass`.
    contract_empty: bool,
    /// The first Auction and the first Play tag that opens a section (an empty
    /// `[Play ""]` opens none).
    section: [Option<Pos>; 2],
}

impl Seen {
    /// Notes a section tag, `i` 0 for Auction and 1 for Play.
    fn section(&mut self, i: usize, tag: &crate::pbn::RawTag, raw: &[u8]) {
        if self.section[i].is_none() && !(raw.is_empty() && tag.tokens.is_empty()) {
            self.section[i] = Some(tag.pos);
        }
    }

    /// Notes a Contract tag's value.
    fn contract(&mut self, raw: &[u8]) {
        if self.contract.is_none() {
            self.contract_empty = raw.is_empty();
        }
        self.contract
            .get_or_insert_with(|| crate::Strain::from_ascii(raw).is_some());
    }
}

/// Checks a table's column specification, its shape and that no comment stands
/// among or after its elements (PBN 5.1: only the tag may carry a comment).
/// The rows of a ScoreTable that state a result into `board.score_table`:
/// a Contract (`Pass` or a contract), with Score_NS or Score_EW. Other rows
/// (artificial scores with `-`, values that cannot be read) are left out: the
/// table's form is `table`'s to check.
/// A value PBN's form did not read: in a lenient form real files use
/// (`lenient` reads it, reported once a record as [`Lenient`] `kind`), else
/// `pbn.tag.value` with `why`. Out of the decoder's hot loop.
#[cold]
#[inline(never)]
fn lenient_or_fault<T: std::fmt::Display>(
    raw: &[u8],
    pos: Pos,
    tag: &str,
    why: String,
    sink: &mut Sink,
    lenient: impl Fn(&[u8]) -> Option<T>,
    kind: Lenient,
) -> Option<At<T>> {
    match lenient(raw) {
        Some(v) => {
            sink.lenient(pos, raw, v.to_string(), kind);
            Some(At::new(v, pos))
        }
        None => {
            sink.add(rules::VALUE, pos, format!("{tag} tag: {why}"));
            None
        }
    }
}

#[cold]
#[inline(never)]
fn score_rows(rec: &RawRecord, view: &TableView, board: &mut Board) {
    let (Some(contract), ns, ew) = (
        view.column("Contract"),
        view.column("Score_NS"),
        view.column("Score_EW"),
    ) else {
        return;
    };
    if ns.is_none() && ew.is_none() {
        return;
    }
    let (declarer, result) = (view.column("Declarer"), view.column("Result"));
    let cols = view.columns.len();
    for (r, row) in view.rows().enumerate() {
        if row.len() < cols {
            break;
        }
        let text = |c: usize| std::str::from_utf8(rec.text(row[c].text)).unwrap_or("");
        let Ok(c) = parse_contract(text(contract)) else {
            continue;
        };
        let score = |c: Option<usize>| {
            c.and_then(|c| {
                let v = text(c).parse::<i32>().ok()?;
                Some(At::new(v, row[c].pos))
            })
        };
        let (ns, ew) = (score(ns), score(ew));
        if ns.is_none() && ew.is_none() {
            continue;
        }
        let declarer = declarer.and_then(|d| match text(d).as_bytes() {
            [x] => Seat::from_char(*x as char),
            _ => None,
        });
        board.score_table.push(crate::bridge::TableScore {
            row: r as u32 + 1,
            contract: c,
            declarer,
            tricks: result.and_then(|t| text(t).parse::<u8>().ok().filter(|&n| n <= 13)),
            ns,
            ew,
        });
    }
}

/// Checks a table's form; returns it read, when its columns can be.
fn table<'r>(rec: &'r RawRecord, index: usize, sink: &mut Sink) -> Option<TableView<'r>> {
    let tag = &rec.tags[index];
    let name = decode_short(rec.name(tag), 40);
    let view = match TableView::new(rec, tag) {
        Ok(v) => v,
        Err(e) => {
            sink.add(rules::TABLE, tag.value_pos, format!("{name}: {e}"));
            return None;
        }
    };
    let cols = view.columns.len();
    let n = view.cells.len();
    if n % cols != 0 {
        let last = view.cells.last().map(|t| t.pos).unwrap_or(tag.pos);
        sink.add(
            rules::TABLE,
            last,
            format!(
                "{name}: {n} elements do not fill rows of {cols} columns (last row has {})",
                n % cols
            ),
        );
    }
    sort_order(rec, &view, &name, sink);
    let first = tag.tokens.start;
    if let Some(c) = rec
        .comments
        .iter()
        .find(|c| c.after_tag as usize == index + 1 && c.after_token > first && n > 0)
    {
        sink.add(
            rules::TABLE,
            c.pos,
            format!("{name}: a comment may follow only the tag, not table elements (PBN 5.1)"),
        );
    }
    Some(view)
}

#[cfg(test)]
mod tests;
