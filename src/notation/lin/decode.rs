//! A raw LIN record into a notation-free [`Board`].
//!
//! The decoder checks every value it reads (deal, vulnerability, calls, cards,
//! claim) against LIN's forms and reports what it cannot read; the laws of
//! bridge are [`crate::bridge::check`]'s. Reader decisions where LIN is silent
//! are listed in `docs/lin.md`.

use super::raw::{MAX_FINDINGS_PER_RECORD, RawRecord, RawTag, vg};
use super::reader::{is_display, is_known};
use super::results;
use super::rules;
use crate::bridge::auction::AuctionState;
use crate::bridge::{
    At, Auction, AuctionCall, AuctionItem, Board, Deal, Note, Play, PlayCard, PlayItem, PlayOrder,
    ResultTag, Room, Scoring,
};
use crate::text::{Tens, decode as text, decode_short};
use crate::{Bid, BySeat, Call, Card, CardSet, Contract, Finding, Pos, Rank, Rule, Seat, Strain};
use crate::{Suit, Vulnerability};
use smallvec::SmallVec;

/// LIN's `pn` and `md` order: South, West, North, East.
pub const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The dealer of an `md` digit: 1 South, 2 West, 3 North, 4 East.
///
/// ```
/// use kibitz::notation::lin::decode::dealer_of_digit;
/// use kibitz::Seat;
/// assert_eq!(dealer_of_digit(b'3'), Some(Seat::North));
/// assert_eq!(dealer_of_digit(b'5'), None);
/// ```
pub fn dealer_of_digit(d: u8) -> Option<Seat> {
    match d {
        b'1'..=b'4' => Some(LIN_SEATS[usize::from(d - b'1')]),
        _ => None,
    }
}

/// The contract and declarer of an auction whose every call is known and which
/// has ended, from `dealer`; `Some(None)` when passed out. Calls after the end
/// are ignored.
///
/// ```
/// use kibitz::notation::lin::decode::auction_outcome;
/// use kibitz::{Call, Seat};
/// let calls: Vec<Call> = ["1H", "Pass", "Pass", "Pass"].iter().map(|c| c.parse().unwrap()).collect();
/// let (c, d) = auction_outcome(calls.into_iter(), Seat::East).unwrap().unwrap();
/// assert_eq!((c.to_string(), d), ("1H".to_string(), Seat::East));
/// ```
pub fn auction_outcome(
    calls: impl Iterator<Item = Call>,
    dealer: Seat,
) -> Option<Option<(Contract, Seat)>> {
    let mut st = AuctionState::new();
    let mut seat = dealer;
    for c in calls {
        st.apply(c, seat);
        seat = seat.lho();
        if st.is_over() {
            return Some(st.outcome());
        }
    }
    None
}

/// The call of an auction item, if it is known.
fn known_call(item: &AuctionItem) -> Option<Call> {
    match item.call {
        AuctionCall::Call(c) => Some(c),
        _ => None,
    }
}

/// The opening leader of `board` as far as it follows from its auction: the left
/// hand opponent of the auction's declarer. Every call must be known.
pub(crate) fn opening_leader(auction: Option<&Auction>, dealer: Option<Seat>) -> Option<Seat> {
    let a = auction?;
    if !a.items.iter().all(|i| known_call(i).is_some()) {
        return None;
    }
    let (_, declarer) = auction_outcome(a.items.iter().filter_map(known_call), dealer?)??;
    Some(declarer.lho())
}

/// The calls of one `mb` value with their offsets and alert marks: one call
/// mostly, so kept on the stack.
type Calls = SmallVec<[(Call, usize, bool); 8]>;

struct Sink<'a> {
    out: &'a mut Vec<Finding>,
    record: usize,
    room: usize,
    /// The tens written `10` (in `md` or `pc`): one warning per record, made
    /// by [`Sink::finish`].
    tens: Tens,
}

impl Sink<'_> {
    /// The warning for the tens written `10`, if any.
    fn finish(&mut self) {
        if let Some((pos, message)) = self.tens.warning("LIN") {
            self.push(rules::LENIENT, pos, message);
        }
    }

    fn push(&mut self, rule: Rule, pos: Pos, msg: String) {
        if self.room > 0 {
            self.room -= 1;
            let mut f = Finding::of(rule, pos, msg);
            f.record = self.record;
            self.out.push(f);
        }
    }
}

fn pos_at(p: Pos, offset: usize) -> Pos {
    Pos::new(p.line, p.col.saturating_add(offset as u32))
}

/// Parses the calls of one `mb` value (one call, or a whole auction packed in
/// one value as Pavlicek's LIN writes it), each with its offset and alert mark.
fn parse_calls(v: &[u8], out: &mut Calls) -> Result<(), usize> {
    let mut i = 0;
    while i < v.len() && v[i] == b'-' {
        i += 1;
    }
    let mut end = v.len();
    while end > i && v[end - 1] == b'-' {
        end -= 1;
    }
    if i == end {
        return Err(i.min(v.len()));
    }
    while i < end {
        let at = i;
        let call = match v[i].to_ascii_lowercase() {
            b'p' => Call::Pass,
            b'd' => Call::Double,
            b'r' => Call::Redouble,
            b'1'..=b'7' => {
                let s = v.get(i + 1).copied().ok_or(i)?;
                let strain = match s.to_ascii_uppercase() {
                    b'N' => Strain::NoTrump,
                    u => Strain::from_ascii(&[u]).ok_or(i + 1)?,
                };
                i += 1;
                if strain == Strain::NoTrump
                    && v.get(i + 1).is_some_and(|b| b.eq_ignore_ascii_case(&b'T'))
                {
                    i += 1;
                }
                Call::Bid(Bid::new(v[at] - b'0', strain).ok_or(at)?)
            }
            _ => return Err(i),
        };
        i += 1;
        let alert = i < end && v[i] == b'!';
        if alert {
            i += 1;
        }
        out.push((call, at, alert));
    }
    Ok(())
}

/// Parses one `md` hand (`SAK2HQJ...`), suits in any order; returns the set,
/// cards written twice, and the offset of the first byte that is not a suit
/// letter or rank.
fn parse_hand(h: &[u8], dups: &mut Vec<Card>) -> Hand {
    let mut set = CardSet::EMPTY;
    let mut suit: Option<Suit> = None;
    let (mut bad, mut ten) = (None, None);
    let mut i = 0;
    while i < h.len() {
        let b = h[i];
        // `10` for the ten, as some writers put it: read as `T`.
        let rank = match (b, h.get(i + 1)) {
            (b'1', Some(b'0')) if suit.is_some() => {
                ten = ten.or(Some(i));
                i += 1;
                Some(Rank::Ten)
            }
            _ => Rank::from_char(b as char),
        };
        if let Some(s) = Suit::from_char(b as char) {
            suit = Some(s);
        } else if let (Some(s), Some(r)) = (suit, rank) {
            let c = Card::new(s, r);
            if !set.insert(c) {
                dups.push(c);
            }
        } else if bad.is_none() {
            bad = Some(i);
        }
        i += 1;
    }
    Hand { set, bad, ten }
}

/// A hand of `md` as [`parse_hand`] reads it.
struct Hand {
    set: CardSet,
    /// The first byte that is no suit letter or rank.
    bad: Option<usize>,
    /// The first ten written `10`.
    ten: Option<usize>,
}

#[derive(Default)]
struct Seen {
    md: Option<Pos>,
    sv: Option<Pos>,
    ah: Option<Pos>,
    mc: Option<Pos>,
    pn: Option<Pos>,
}

/// Decodes `rec` into `board` (cleared first), appending decode findings to
/// `out`. The header's own findings (a malformed `vg`) are reported with the
/// first record that carries the header.
///
/// ```
/// use kibitz::bridge::{AuctionCall, Board};
/// use kibitz::notation::lin::{decode::decode, RawRecord, Reader};
/// use kibitz::{Seat, Vulnerability};
/// let text = "pn|S1,W1,N1,E1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|\
///             ah|Board 1|sv|o|mb|7N!|an|grand|mb|p|mb|p|mb|p|pc|C4|mc|13|";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// let mut out = Vec::new();
/// decode(&rec, &mut board, &mut out);
/// assert!(out.is_empty(), "{out:?}");
/// assert_eq!(board.dealer.unwrap().value, Seat::North);
/// assert_eq!(board.deal.as_ref().unwrap().value.hands[Seat::East].unwrap().len(), 13);
/// assert_eq!(board.vulnerability.unwrap().value, Vulnerability::None);
/// assert_eq!(board.id.players[Seat::West], "W1");
/// let auction = board.auction.as_ref().unwrap();
/// assert_eq!(auction.items[0].note, Some(1));
/// assert_eq!(auction.notes[0].text, "grand");
/// assert_eq!(board.play.as_ref().unwrap().first, Some(Seat::East));
/// assert_eq!(board.result.unwrap().value.unwrap().declarer, Some(13));
/// ```
pub fn decode(rec: &RawRecord, board: &mut Board, out: &mut Vec<Finding>) {
    board.clear();
    board.record = rec.index;
    board.pos = rec.start;
    let mut sink = Sink {
        out,
        record: rec.index,
        room: MAX_FINDINGS_PER_RECORD.saturating_sub(rec.findings.len()),
        tens: Tens::default(),
    };
    let s = &mut sink;
    let mut header_names: Option<&RawTag> = None;
    let (mut vg, mut rs): (Option<&RawTag>, Option<&RawTag>) = (None, None);
    for t in &rec.header {
        match &t.lower() {
            b"vg" => {
                vg = vg.or(Some(t));
                title(rec, t, board, s, rec.header_new);
            }
            b"rs" => rs = rs.or(Some(t)),
            b"pn" => header_names = header_names.or(Some(t)),
            l if is_known(l) || is_display(l) => {}
            _ if rec.header_new => unknown(rec, t, s),
            _ => {}
        }
    }
    if rec.header_new
        && let Some(t) = header_names
    {
        names_count(rec, t, s);
    }

    let mut seen = Seen::default();
    let mut names: Option<&RawTag> = None;
    let mut calls = board.take_call_buffer();
    let mut cards = board.take_card_buffer();
    let mut notes: Vec<Note> = Vec::new();
    let mut last_mb = false;
    let mut claim: Option<(u8, Pos)> = None;
    let mut from_ah: Option<At<u32>> = None;
    let mut parsed = Calls::new();
    let mut dups = Vec::new();
    for t in &rec.tags {
        let v = rec.value(t);
        let l = t.lower();
        let once = |slot: &mut Option<Pos>, s: &mut Sink| {
            if let Some(first) = *slot {
                s.push(
                    rules::DUPLICATE,
                    t.pos(),
                    format!(
                        "`{}` given again (first at {first}); the first is used",
                        decode_short(&t.name, 2)
                    ),
                );
                false
            } else {
                *slot = Some(t.pos());
                true
            }
        };
        match &l {
            b"qx" => table(v, t, board, s),
            b"pn" => {
                if once(&mut seen.pn, s) {
                    names = Some(t);
                    names_count(rec, t, s);
                }
            }
            b"md" => {
                last_mb = false;
                if once(&mut seen.md, s) {
                    deal(v, t, board, s, &mut dups);
                }
            }
            b"sv" => {
                last_mb = false;
                if once(&mut seen.sv, s) {
                    vulnerability(v, t, board, s);
                }
            }
            b"ah" => {
                if once(&mut seen.ah, s) {
                    from_ah = board_heading(v, t);
                }
            }
            b"mb" => {
                last_mb = true;
                if !cards.is_empty() || claim.is_some() {
                    s.push(
                        rules::ORDER,
                        t.pos(),
                        "call after the play began; it is added to the auction".into(),
                    );
                }
                parsed.clear();
                match parse_calls(v, &mut parsed) {
                    Ok(()) => {
                        for &(call, at, alert) in &parsed {
                            let note = if alert {
                                new_note(board, &mut notes, "", t, s)
                            } else {
                                None
                            };
                            calls.push(item(
                                AuctionCall::Call(call),
                                pos_at(t.value_pos(), at),
                                note,
                            ));
                        }
                    }
                    Err(at) => {
                        s.push(
                            rules::CALL,
                            pos_at(t.value_pos(), at),
                            format!("`{}` is not a call (p, d, r, 1C..7N)", decode_short(v, 20)),
                        );
                        calls.push(item(AuctionCall::Unknown, t.value_pos(), None));
                    }
                }
            }
            b"an" => {
                let text = text(v);
                match calls.last_mut().filter(|_| last_mb) {
                    Some(c) => match c
                        .note
                        .and_then(|n| notes.iter_mut().find(|x| x.number == n))
                    {
                        Some(n) if n.text.is_empty() => n.text.push_str(&text),
                        Some(n) => {
                            n.text.push(' ');
                            n.text.push_str(&text);
                        }
                        None => c.note = new_note(board, &mut notes, &text, t, s),
                    },
                    None => s.push(
                        rules::ANNOTATION,
                        t.pos(),
                        "`an` explains the call before it, but no call stands just before it"
                            .into(),
                    ),
                }
            }
            b"pc" => {
                last_mb = false;
                if v.len() >= 2
                    && v.len().is_multiple_of(2)
                    && v.chunks(2).all(|c| Card::from_ascii(c).is_some())
                {
                    for (k, c) in v.chunks(2).enumerate() {
                        let card = Card::from_ascii(c).expect("checked above");
                        cards.push(play_item(
                            PlayCard::Card(card),
                            pos_at(t.value_pos(), 2 * k),
                        ));
                    }
                } else if let [suit, b'1', b'0'] = v
                    && let Some(card) = Card::from_ascii(&[*suit, b'T'])
                {
                    s.tens.note(pos_at(t.value_pos(), 1));
                    cards.push(play_item(PlayCard::Card(card), t.value_pos()));
                } else {
                    s.push(
                        rules::CARD,
                        t.value_pos(),
                        format!(
                            "`{}` is not a card (suit letter and rank)",
                            decode_short(v, 20)
                        ),
                    );
                    cards.push(play_item(PlayCard::Unknown, t.value_pos()));
                }
            }
            b"mc" => {
                last_mb = false;
                if once(&mut seen.mc, s) {
                    let n = std::str::from_utf8(v)
                        .ok()
                        .and_then(|x| x.parse::<u8>().ok());
                    match n
                        .filter(|&n| n <= 13 && !v.is_empty() && v.iter().all(u8::is_ascii_digit))
                    {
                        Some(n) => claim = Some((n, t.value_pos())),
                        None => s.push(
                            rules::CLAIM,
                            t.value_pos(),
                            format!("`{}` is not a trick count 0-13", decode_short(v, 20)),
                        ),
                    }
                }
            }
            b"rs" => s.push(
                rules::RESULTS,
                t.value_pos(),
                "`rs` stands in a record, not in a vugraph header after `vg`: its entries \
                 cannot be placed and are not compared with the tables"
                    .into(),
            ),
            l if is_known(l) || is_display(l) => {}
            _ => unknown(rec, t, s),
        }
    }

    match (board.number, from_ah) {
        (None, _) => board.number = from_ah,
        // BBO Helper's downloads number their tables `qx|o26|` for the board
        // headed `ah|Board 27|`, whose dealer and vulnerability are board 27's:
        // the heading names the board.
        (Some(qx), Some(ah)) if qx.value != ah.value => {
            s.push(
                rules::TABLE,
                qx.pos,
                format!(
                    "`qx` names board {} but the heading `ah` names board {}: the heading's \
                     number is taken",
                    qx.value, ah.value
                ),
            );
            board.number = Some(ah);
        }
        _ => {}
    }
    if let Some(t) = names.or(header_names) {
        players(rec, t, board);
    }
    if let Some(rs) = rs {
        results_line(rec, rs, vg, board, s);
    }
    // A record of no game at all (BBO downloads may open with `qx||pg||`)
    // is said to be empty, not a board without its deal and vulnerability.
    let empty = seen.md.is_none()
        && seen.sv.is_none()
        && seen.mc.is_none()
        && calls.is_empty()
        && cards.is_empty();
    if empty {
        s.push(
            rules::EMPTY,
            rec.start,
            "record has no deal, vulnerability, call or card: nothing to audit".into(),
        );
    } else if seen.md.is_none() {
        s.push(
            rules::NO_DEAL,
            rec.start,
            "record has no deal (`md`)".into(),
        );
    }
    if seen.sv.is_none() && !empty {
        let derived = board.number.map(|n| Vulnerability::for_board(n.value));
        if let Some(v) = derived {
            board.vulnerability = Some(At::new(v, rec.start));
        }
        s.push(
            rules::NO_VULNERABILITY,
            rec.start,
            match (board.number, derived) {
                (Some(n), Some(v)) => format!(
                    "no `sv`: vulnerability {v} taken from board {}'s place in the cycle",
                    n.value
                ),
                _ => "no `sv` and no board number: vulnerability unknown".into(),
            },
        );
    }
    let dealer = board.dealer.map(|d| d.value);
    if calls.is_empty() {
        if seen.md.is_some() {
            s.push(
                rules::NO_AUCTION,
                seen.md.unwrap_or_default(),
                "the record gives a deal but no auction".into(),
            );
        }
        board.give_back_call_buffer(calls); // no auction: kept for the next record
    } else {
        board.auction = Some(Auction {
            first: dealer,
            pos: calls[0].pos,
            items: calls,
            star: None,
            notes,
        });
    }
    if cards.is_empty() && claim.is_none() {
        board.give_back_card_buffer(cards);
    } else {
        let first = opening_leader(board.auction.as_ref(), dealer).or_else(|| {
            let c = cards.first()?.card.known()?;
            let hands = &board.deal.as_ref()?.value.hands;
            Seat::ALL
                .into_iter()
                .find(|&s| hands[s].is_some_and(|h| h.contains(c)))
        });
        if claim.is_none() && cards.len() < 52 {
            s.push(
                rules::UNFINISHED,
                cards.last().map_or(rec.start, |c| c.pos),
                format!(
                    "play stops after {} of 52 cards with no `mc` claim: the result is unknown",
                    cards.len()
                ),
            );
        }
        board.play = Some(Play {
            first,
            pos: cards.first().map_or(rec.start, |c| c.pos),
            order: PlayOrder::Chronological,
            items: cards,
            star: claim.map(|(_, p)| p),
            notes: Vec::new(),
        });
    }
    if let Some((n, pos)) = claim {
        board.result = Some(At::new(
            Some(ResultTag {
                declarer: Some(n),
                ..ResultTag::default()
            }),
            pos,
        ));
    }
    s.finish();
}

fn item(call: AuctionCall, pos: Pos, note: Option<u8>) -> AuctionItem {
    AuctionItem {
        call,
        pos,
        insufficient_marked: false,
        note,
    }
}

fn play_item(card: PlayCard, pos: Pos) -> PlayItem {
    PlayItem {
        card,
        pos,
        revoke_marked: false,
        lead_out_of_turn_marked: false,
        note: None,
    }
}

fn new_note(
    board: &mut Board,
    notes: &mut Vec<Note>,
    text: &str,
    t: &RawTag,
    s: &mut Sink,
) -> Option<u8> {
    match u8::try_from(notes.len() + 1) {
        Ok(number) => {
            board.add_note_to(notes, number, text);
            Some(number)
        }
        Err(_) => {
            s.push(
                rules::RECORD_LIMIT,
                t.pos(),
                "more than 255 alerted calls in one record; this alert is not kept".into(),
            );
            None
        }
    }
}

fn unknown(rec: &RawRecord, t: &RawTag, s: &mut Sink) {
    s.push(
        rules::UNKNOWN_TAG,
        t.pos(),
        format!(
            "unknown tag `{}|{}|` is skipped",
            decode_short(&t.name, 2),
            decode_short(rec.value(t), 30)
        ),
    );
}

/// `vg|event,segment,scoring,first,last,team1,carry1,team2,carry2|`.
fn title(rec: &RawRecord, t: &RawTag, board: &mut Board, s: &mut Sink, report: bool) {
    let v = rec.value(t);
    let fields = vg::fields(v);
    // Into the cleared strings of `board.id`: no allocation per record.
    crate::text::decode_into(fields[vg::EVENT], &mut board.id.event);
    crate::text::decode_into(fields[vg::SEGMENT], &mut board.id.stage);
    crate::text::decode_into(fields[vg::TEAM_1], &mut board.id.home_team);
    crate::text::decode_into(fields[vg::TEAM_2], &mut board.id.visit_team);
    let scoring = fields[vg::SCORING];
    let (flag, name) = match scoring {
        b"I" | b"i" => (Scoring::IMP, "IMP"),
        b"P" | b"p" => (Scoring::MP, "MP"),
        b"B" | b"b" => (Scoring::BAM, "BAM"),
        b"" => (Scoring::empty(), ""),
        _ => (Scoring::OTHER, ""),
    };
    board.scoring = flag;
    if flag == Scoring::OTHER {
        crate::text::decode_into(scoring, &mut board.id.scoring);
    } else {
        board.id.scoring.clear();
        board.id.scoring.push_str(name);
    }
    let commas = memchr::memchr_iter(b',', v).count();
    if report && commas != 8 {
        s.push(
            rules::HEADER,
            t.value_pos(),
            format!("`vg` title has {} fields; LIN's has 9 (event, segment, scoring, first and last board, two teams and their carry-over)", commas + 1),
        );
    }
}

fn names_count(rec: &RawRecord, t: &RawTag, s: &mut Sink) {
    let n = memchr::memchr_iter(b',', rec.value(t)).count() + 1;
    if n != 4 && n != 8 {
        s.push(
            rules::HEADER,
            t.value_pos(),
            format!("`pn` has {n} names; LIN gives 4 (S, W, N, E) or 8 (open room, then closed room); seats may be shifted"),
        );
    }
}

fn players(rec: &RawRecord, t: &RawTag, board: &mut Board) {
    let v = rec.value(t);
    let offset = if board.room == Some(Room::Closed) && memchr::memchr_iter(b',', v).count() >= 7 {
        4
    } else {
        0
    };
    // Into the names' cleared strings: no allocation once they are long enough.
    for (k, name) in v.split(|&b| b == b',').skip(offset).take(4).enumerate() {
        crate::text::decode_into(name, &mut board.id.players[LIN_SEATS[k]]);
    }
}

/// This table's entry of the results list `rs` as the board's
/// [`Summary`](crate::bridge::Summary) (see [`super::results`]).
fn results_line(
    rec: &RawRecord,
    rs: &RawTag,
    vg: Option<&RawTag>,
    board: &mut Board,
    s: &mut Sink,
) {
    let (Some(room), Some(number)) = (board.room, board.number) else {
        return;
    };
    let Some(first) = vg.and_then(|t| results::first_board(rec.value(t))) else {
        if rec.header_new {
            s.push(
                rules::RESULTS,
                rs.value_pos(),
                "`rs` is not compared with the tables: the `vg` title gives no first board \
                 for its entries to count from"
                    .into(),
            );
        }
        return;
    };
    let Some((e, at)) = results::entry(rec.value(rs), first, number.value, room) else {
        return;
    };
    let pos = pos_at(rs.value_pos(), at);
    match results::parse_entry(e) {
        Ok(Some(x)) => board.summary = Some(At::new(x, pos)),
        Ok(None) => {}
        Err(results::BadEntry) => s.push(
            rules::RESULTS,
            pos,
            format!(
                "`rs` entry `{}` of table {}{} is not a contract and result (such as 4SN=, \
                 3NEx-1 or PASS): it is not compared with the table",
                decode_short(e, 20),
                if room == Room::Open { 'o' } else { 'c' },
                number.value
            ),
        ),
    }
}

/// `qx|o12|` or `qx|c12|` (BridgeData tolerates `qx|o1,BOARD 1|`).
fn table(v: &[u8], t: &RawTag, board: &mut Board, s: &mut Sink) {
    // Lower case only, as BBO writes it: lesson files label their pages
    // `qx|A1|` to `qx|F56|`, so `C21` is a page, not the closed room.
    let room = match v.first() {
        Some(b'o') => Some(Room::Open),
        Some(b'c') => Some(Room::Closed),
        _ => None,
    };
    let digits = v.get(1..).unwrap_or_default();
    let digits = &digits[..digits
        .iter()
        .position(|&b| b == b',')
        .unwrap_or(digits.len())];
    let number = std::str::from_utf8(digits)
        .ok()
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u32>().ok());
    board.room = room;
    // Only `o`/`c` and a number name a board: lesson files write `qx|A1|`,
    // `qx|F55|` for their pages.
    board.number = number
        .filter(|_| room.is_some())
        .map(|n| At::new(n, pos_at(t.value_pos(), 1)));
    if room.is_none() || number.is_none() {
        s.push(
            rules::TABLE,
            t.value_pos(),
            format!(
                "`qx|{}|` is not `o` (open room) or `c` (closed room) and a board number{}",
                decode_short(v, 20),
                if matches!(v.first(), Some(b'O' | b'C')) {
                    " (BBO writes the room in lower case; an upper-case letter labels a \
                     lesson's page)"
                } else {
                    ""
                }
            ),
        );
    }
}

/// `ah|Board 12|`: the board number of single-board files. The word may
/// stand after other text (`ah|Open Room Board 12|`) and be URL-encoded as
/// handviewer links write it (`Board+7`, `Board%207`); the first `Board`
/// followed by a number gives it.
fn board_heading(v: &[u8], t: &RawTag) -> Option<At<u32>> {
    (0..v.len()).find_map(|at| {
        let word_start = at == 0 || !v[at - 1].is_ascii_alphanumeric();
        if !word_start {
            return None;
        }
        // `Board`, or its abbreviation `Bd` (`Bd 8`, `Bd. 8`: seen in a
        // vugraph file beside `qx|o1,Bd 8|`).
        let rest = &v[at..];
        let word = if rest.len() >= 5 && rest[..5].eq_ignore_ascii_case(b"board") {
            5
        } else if rest.len() >= 2
            && rest[..2].eq_ignore_ascii_case(b"bd")
            && !rest.get(2).is_some_and(u8::is_ascii_alphabetic)
        {
            if rest.get(2) == Some(&b'.') { 3 } else { 2 }
        } else {
            return None;
        };
        let mut start = at + word;
        loop {
            match &v[start..] {
                [b' ' | b'+', ..] => start += 1,
                [b'%', b'2', b'0', ..] => start += 3,
                _ => break,
            }
        }
        let d = &v[start..];
        let end = d
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(d.len());
        let n = std::str::from_utf8(&d[..end]).ok()?.parse().ok()?;
        Some(At::new(n, pos_at(t.value_pos(), start)))
    })
}

fn vulnerability(v: &[u8], t: &RawTag, board: &mut Board, s: &mut Sink) {
    let vul = match v {
        b"o" | b"O" | b"0" | b"-" => Some(Vulnerability::None),
        b"n" | b"N" => Some(Vulnerability::NorthSouth),
        b"e" | b"E" => Some(Vulnerability::EastWest),
        b"b" | b"B" => Some(Vulnerability::All),
        _ => None,
    };
    match vul {
        Some(x) => board.vulnerability = Some(At::new(x, t.value_pos())),
        None => s.push(
            rules::VULNERABILITY,
            t.value_pos(),
            format!(
                "`sv|{}|` is not a vulnerability (o, 0 or - none, n NS, e EW, b both)",
                decode_short(v, 20)
            ),
        ),
    }
}

/// `md|<dealer digit><S hand>,<W hand>,<N hand>[,<E hand>]|`.
fn deal(v: &[u8], t: &RawTag, board: &mut Board, s: &mut Sink, dups: &mut Vec<Card>) {
    let mut start = 0;
    match v.first() {
        Some(&d) if d.is_ascii_digit() => {
            start = 1;
            match dealer_of_digit(d) {
                Some(seat) => board.dealer = Some(At::new(seat, t.value_pos())),
                None => s.push(
                    rules::DEAL,
                    t.value_pos(),
                    format!(
                        "dealer digit `{}` is not 1 (S), 2 (W), 3 (N) or 4 (E)",
                        d as char
                    ),
                ),
            }
        }
        _ => s.push(
            rules::DEAL,
            t.value_pos(),
            "`md` does not start with the dealer digit 1-4".into(),
        ),
    }
    let mut hands: BySeat<Option<CardSet>> = BySeat::default();
    let mut d = Deal::default();
    let mut count = 0;
    let mut offset = start;
    for (k, h) in v[start..].split(|&b| b == b',').enumerate() {
        count = k + 1;
        if k < 4 && !h.is_empty() {
            dups.clear();
            let Hand { set, bad, ten } = parse_hand(h, dups);
            if let Some(i) = ten {
                s.tens.note(pos_at(t.value_pos(), offset + i));
            }
            let seat = LIN_SEATS[k];
            if let Some(i) = bad {
                let c = h[i] as char;
                let before_suit = Rank::from_char(c).is_some()
                    && !h[..i].iter().any(|&b| Suit::from_char(b as char).is_some());
                s.push(
                    rules::DEAL,
                    pos_at(t.value_pos(), offset + i),
                    if before_suit {
                        format!(
                            "`{c}` in the hand of {seat} is a rank before any suit letter: a \
                             hand names the suit first (`SAKQ`)"
                        )
                    } else {
                        format!(
                            "`{c}` in the hand of {seat} is not a suit letter (S, H, D, C) or a \
                             rank"
                        )
                    },
                );
            }
            hands[seat] = Some(set);
            d.repeated.extend(dups.iter().map(|&c| (seat, c)));
        }
        offset += h.len() + 1;
    }
    // A comma after the fourth hand, as after the third, ends the list.
    let listed = (3..=4).contains(&count) || count == 5 && v.last() == Some(&b',');
    if !listed {
        s.push(
            rules::DEAL,
            t.value_pos(),
            format!("`md` has {count} hands separated by commas; LIN gives 3 or 4 (S, W, N, E)"),
        );
    }
    // Three hands: the fourth holds the rest of the pack, when the three are
    // full hands without a card in common (else the rules report what is wrong).
    let given = || hands.values.iter().flatten();
    if given().count() == 3 && given().all(|h| h.len() == 13) {
        let union = given().fold(CardSet::EMPTY, |a, &h| a | h);
        if union.len() == 39
            && let Some(seat) = Seat::ALL.into_iter().find(|&s| hands[s].is_none())
        {
            hands[seat] = Some(CardSet::FULL - union);
        }
    }
    if hands.values.iter().any(Option::is_some) {
        d.hands = hands;
        board.deal = Some(At::new(d, t.value_pos()));
    }
}
