//! From a [`RawRecord`] to a [`Board`]: every label checked against RBN 3.2.
//! Findings here are about notation only; whether the deal, auction and play obey
//! the laws of bridge is [`crate::bridge`]'s business.
//!
//! What a [`Board`] holds from each label:
//!
//! | label | board |
//! | --- | --- |
//! | D | `id.date` (`yyyy.mm.dd` for a single date, else as written; the time is not kept) |
//! | L, E | `id.site`, `id.event`, as written (with `::` and the field separator) |
//! | F | `id.scoring` as written, `scoring` from its letter |
//! | S | `id.stage` as written |
//! | K | `id.home_team`, `id.visit_team` (its first two fields; carry-overs are checked, not kept) |
//! | N | `id.players`, `room` (field 3 `O`/`C`) |
//! | B | `number` (its first field, when a number) |
//! | H | `deal` (`x` cards resolved, a hand with `?` unknown) |
//! | A | `dealer`, `vulnerability`, `auction` (notes 0-9 after A) |
//! | C | `contract`, `declarer`, the opening leader as `play.first` |
//! | P | `play` in played order (notes 0-9 after P) |
//! | R | `result`, `score` (NS), `score_imp` (NS IMPs or `=`) |
//!
//! T, K's carry-overs, M, I, free text and `%` lines are checked
//! where they have a form and otherwise stay in the raw record. When K names two
//! teams and N gives no room, the record that writes H is the open room and the
//! one that repeats it the closed room ("the team given first is North-South for
//! the first of each pair of identical deals").

pub mod sections;
pub mod values;

use crate::bridge::{At, Board, ContractTag, DeclarerTag, Note, ResultTag, Room, SideScore};
use crate::notation::rbn::raw::{FieldKind, RawField, RawRecord};
use crate::notation::rbn::rules;
use crate::text::Tens;
use crate::{Finding, Pos, Rule, text};

/// Collects findings for one record.
pub(crate) struct Sink<'a> {
    out: &'a mut Vec<Finding>,
    record: usize,
    /// The tens written `10` (in the H or P label): one warning per record,
    /// made by [`Sink::finish`].
    pub(crate) tens: Tens,
}

impl Sink<'_> {
    /// The warning for the tens written `10`, if any.
    fn finish(&mut self) {
        if let Some((pos, message)) = self.tens.warning("RBN") {
            self.add(rules::LENIENT, pos, message);
        }
    }

    pub(crate) fn add(&mut self, rule: Rule, pos: Pos, message: String) {
        let mut f = Finding::of(rule, pos, message);
        f.record = self.record;
        self.out.push(f);
    }
}

/// Decodes `rec` into `board` (cleared first), appending decode findings to `out`.
///
/// ```
/// use kibitz::bridge::Board;
/// use kibitz::notation::rbn::{decode::decode, RawRecord, Reader};
/// use kibitz::Seat;
/// let text = "B 8\nH W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\n\
///             A WZ:1S2H2S4D:4SPP5H:XA\nC 5HX:N\nP CK972:CQ!H483\nR 9-300\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let (mut board, mut findings) = (Board::default(), Vec::new());
/// decode(&rec, &mut board, &mut findings);
/// assert!(findings.is_empty(), "{findings:?}");
/// assert_eq!(board.dealer.unwrap().value, Seat::West);
/// assert_eq!(board.play.as_ref().unwrap().first, Some(Seat::East));
/// assert_eq!(board.score.unwrap().value.ns, Some(-300));
/// ```
pub fn decode(rec: &RawRecord, board: &mut Board, out: &mut Vec<Finding>) {
    board.clear();
    board.pos = rec.start;
    board.record = rec.index;
    let mut sink = Sink {
        out,
        record: rec.index,
        tens: Tens::default(),
    };
    let get = |label: u8| -> Option<(&RawField, &[u8])> {
        rec.find(label)
            .map(|f| (f, rec.value(f)))
            .filter(|(_, v)| !v.is_empty())
    };
    if let Some((f, v)) = get(b'D')
        && let Err(e) = values::date_into(v, &mut board.id.date)
    {
        board.id.date.push_str(&text::decode(v));
        sink.add(rules::FORMAT, f.value_pos, format!("D label: {e}"));
    }
    if let Some((_, v)) = get(b'L') {
        board.id.site.push_str(&text::decode(v));
    }
    if let Some((_, v)) = get(b'E') {
        board.id.event.push_str(&text::decode(v));
    }
    if let Some((_, v)) = get(b'F') {
        board.id.scoring.push_str(&text::decode(v));
        board.scoring = values::scoring(v);
    }
    if let Some((_, v)) = get(b'S') {
        board.id.stage.push_str(&text::decode(v));
    }
    if let Some((f, v)) = get(b'K') {
        let [home, visit] = values::team_names(v);
        board.id.home_team.push_str(&text::decode(home));
        board.id.visit_team.push_str(&text::decode(visit));
        if let Err(e) = values::check_teams(v) {
            sink.add(rules::FORMAT, f.value_pos, format!("K label: {e}"));
        }
    }
    if let Some((f, v)) = get(b'N') {
        match values::names_into(v, &mut board.id.players) {
            Ok(room) => board.room = room,
            Err(e) => sink.add(rules::FORMAT, f.value_pos, format!("N label: {e}")),
        }
    }
    if board.room.is_none() && get(b'K').is_some() {
        board.room = Some(match rec.find(b'H') {
            Some(h) if h.inherited => Room::Closed,
            _ => Room::Open,
        });
    }
    if let Some((_, v)) = get(b'B') {
        let first = v.split(|&b| b == b':').next().unwrap_or_default();
        if let Some(n) = std::str::from_utf8(first).ok().and_then(|s| s.parse().ok()) {
            board.number = Some(At::new(n, rec.find(b'B').expect("found").value_pos));
        }
    }
    let mut size = 13;
    if let Some((f, v)) = get(b'H') {
        match values::parse_hands(v) {
            Ok(h) => {
                if h.x_cards || h.unknown_cards {
                    let what = if h.unknown_cards {
                        "a hand with a `?` card is taken as unknown"
                    } else {
                        "each `x` card is taken as the lowest unassigned card of its suit"
                    };
                    sink.add(rules::PSEUDO, f.value_pos, format!("H label: {what}"));
                }
                size = h
                    .deal
                    .hands
                    .values
                    .iter()
                    .flatten()
                    .map(|h| h.len())
                    .max()
                    .unwrap_or(13)
                    .clamp(1, 13);
                board.deal = Some(At::new(h.deal, f.value_pos));
            }
            Err(e) => match values::lenient_hands(v) {
                Some((h, k)) => {
                    sink.tens.note(sections::pos(f.value_pos, k));
                    board.deal = Some(At::new(h.deal, f.value_pos));
                }
                None => sink.add(rules::DEAL, f.value_pos, format!("H label: {e}")),
            },
        }
    }
    if let Some((f, v)) = get(b'A') {
        let buf = board.take_call_buffer();
        let a = sections::auction(v, f.value_pos, buf, &mut sink);
        board.dealer = a.dealer.map(|d| At::new(d, f.value_pos));
        board.vulnerability = a.vulnerability.map(|u| At::new(u, f.value_pos));
        board.auction = a.auction;
    }
    let mut leader = None;
    if let Some((f, v)) = get(b'C') {
        match values::parse_contract(v) {
            Ok(c) => {
                board.contract = Some(At::new(c.contract, f.value_pos));
                board.declarer = Some(At::new(
                    DeclarerTag::Seat {
                        seat: c.declarer,
                        swapped: false,
                    },
                    f.value_pos,
                ));
                leader = Some(c.leader.unwrap_or(c.declarer.lho()));
            }
            Err(e) => sink.add(rules::CONTRACT, f.value_pos, format!("C label: {e}")),
        }
    }
    if let Some((f, v)) = get(b'P') {
        let buf = board.take_card_buffer();
        board.play = Some(sections::play(v, f.value_pos, leader, size, buf, &mut sink));
    }
    if let Some((f, v)) = get(b'R') {
        result(board, f, v, &mut sink);
    }
    if let Some((f, v)) = get(b'M')
        && let Err(e) = values::check_makes(v)
    {
        sink.add(rules::FORMAT, f.value_pos, format!("M label: {e}"));
    }
    notes(rec, board, &mut sink);
    sink.finish();
}

fn result(board: &mut Board, f: &RawField, v: &[u8], sink: &mut Sink) {
    let r = match values::parse_result(v) {
        Ok(r) => r,
        Err(e) => return sink.add(rules::RESULT, f.value_pos, format!("R label: {e}")),
    };
    let at = f.value_pos;
    if r.passed_out {
        board.result = Some(At::new(None, at));
        board.contract.get_or_insert(At::new(ContractTag::Pass, at));
        board
            .declarer
            .get_or_insert(At::new(DeclarerTag::PassedOut, at));
    } else if let Some(t) = r.tricks {
        board.result = Some(At::new(
            Some(ResultTag {
                declarer: Some(t),
                ..ResultTag::default()
            }),
            at,
        ));
    }
    if let Some(s) = r.score {
        board.score = Some(At::new(
            SideScore {
                ns: Some(s),
                ..SideScore::default()
            },
            at,
        ));
    }
    if let Some(i) = r.imps {
        board.score_imp = Some(At::new(
            SideScore {
                ns: Some(i),
                ..SideScore::default()
            },
            at,
        ));
    }
}

/// Numbered notes belong to the A or P label before them; every `^n` needs one.
fn notes(rec: &RawRecord, board: &mut Board, sink: &mut Sink) {
    let mut part = 0u8; // 1: after A, 2: after P
    for f in rec.fields.iter().filter(|f| !f.inherited) {
        match (f.kind, f.label) {
            (FieldKind::Label, b'A') => part = 1,
            (FieldKind::Label, b'P') => part = 2,
            (FieldKind::Note, d) if part != 0 => {
                board.add_note(part == 2, d - b'0', &text::decode(rec.value(f)));
            }
            _ => {}
        }
    }
    let refs = |items: &mut dyn Iterator<Item = (Option<u8>, Pos)>, notes: &[Note], what| {
        let mut missing = Vec::new();
        for (n, p) in items {
            if let Some(n) = n
                && notes.iter().all(|x| x.number != n)
            {
                missing.push((n, p, what));
            }
        }
        missing
    };
    let mut missing = Vec::new();
    if let Some(a) = &board.auction {
        missing.extend(refs(
            &mut a.items.iter().map(|i| (i.note, i.pos)),
            &a.notes,
            "A",
        ));
    }
    if let Some(p) = &board.play {
        missing.extend(refs(
            &mut p.items.iter().map(|i| (i.note, i.pos)),
            &p.notes,
            "P",
        ));
    }
    for (n, p, what) in missing {
        sink.add(
            rules::NOTE,
            p,
            format!("note reference ^{n} has no note line {n} after the {what} label"),
        );
    }
}
