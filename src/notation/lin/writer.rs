//! Writing LIN: boards in the single-board form (BBO hand records) or the
//! vugraph form (a `vg` header and `qx` records), and raw records as read.
//!
//! What a board holds that LIN cannot carry is named by [`uncarried`], so that
//! a converter can report it.

use std::io::{self, Write};

use super::decode::{LIN_SEATS, auction_outcome};
use super::raw::RawRecord;
use crate::bridge::auction::AuctionState;
use crate::bridge::result::declarer_tricks;
use crate::bridge::{AuctionCall, Board, ContractTag, DeclarerTag, PlayCard, PlayOrder, Room};
use crate::{Call, Card, Contract, Seat, Strain, Suit};

/// The two shapes of a LIN file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// One board per line: `pn|...|st||md|...|rh||ah|Board N|sv|...` (BBO hand
    /// records).
    Single,
    /// A `vg` header (event, scoring), then one `qx|o<N>|` or `qx|c<N>|` record
    /// per table.
    Vugraph,
}

/// Writes LIN.
///
/// ```
/// use kibitz::bridge::Board;
/// use kibitz::notation::lin::{decode::decode, writer::Writer, RawRecord, Reader};
/// let text = "pn|S1,W1,N1,E1|st||md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|\
///             rh||ah|Board 1|sv|o|mb|7N!|an|grand|mb|p|mb|p|mb|p|pg||pc|C4|mc|13|pg||";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// decode(&rec, &mut board, &mut Vec::new());
/// let mut w = Writer::new(Vec::new());
/// w.write_board(&board).unwrap();
/// let out = String::from_utf8(w.into_inner()).unwrap();
/// assert!(out.starts_with("pn|S1,W1,N1,E1|st||md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C2,"));
/// assert!(out.contains("|mb|7N!|an|grand|mb|p|"));
/// assert!(out.ends_with("pc|C4|mc|13|pg||\n"));
/// ```
pub struct Writer<W: Write> {
    out: W,
    form: Form,
    /// The fields of the last `vg` written: event, segment (the stage),
    /// scoring letter and the two teams.
    header: Option<[String; 5]>,
    /// Header bytes of the last raw record written.
    raw_header: Option<Vec<u8>>,
    scratch: Vec<u8>,
}

impl<W: Write> Writer<W> {
    /// A writer of single-board records.
    pub fn new(out: W) -> Writer<W> {
        Writer::with_form(out, Form::Single)
    }

    /// A writer of vugraph files: a `vg` header, then `qx` records.
    pub fn vugraph(out: W) -> Writer<W> {
        Writer::with_form(out, Form::Vugraph)
    }

    /// A writer of the given form.
    pub fn with_form(out: W, form: Form) -> Writer<W> {
        Writer {
            out,
            form,
            header: None,
            raw_header: None,
            scratch: Vec::new(),
        }
    }

    /// The output.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// The output, for a caller that drains it between records (in the
    /// vugraph form the writer remembers the last header, so it must live
    /// across records).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Writes one board, then a line break. What LIN cannot carry is left out
    /// (see [`uncarried`]).
    ///
    /// # Errors
    ///
    /// I/O errors of the output.
    pub fn write_board(&mut self, b: &Board) -> io::Result<()> {
        let s = &mut self.scratch;
        s.clear();
        if self.form == Form::Vugraph {
            let head = [
                clean(&b.id.event),
                clean(&b.id.stage),
                scoring_letter(&b.id.scoring).unwrap_or("").to_string(),
                clean(&b.id.home_team),
                clean(&b.id.visit_team),
            ];
            if self.header.as_ref() != Some(&head) {
                let [event, stage, scoring, home, visit] = &head;
                s.extend_from_slice(
                    format!("vg|{event},{stage},{scoring},,,{home},,{visit},|\n").as_bytes(),
                );
                self.header = Some(head);
            }
            let room = if b.room == Some(Room::Closed) {
                'c'
            } else {
                'o'
            };
            let n = b.number.map(|n| n.value.to_string()).unwrap_or_default();
            s.extend_from_slice(format!("qx|{room}{n}|").as_bytes());
        }
        if b.id.players.values.iter().any(|p| !p.is_empty()) {
            let names: Vec<String> = LIN_SEATS
                .iter()
                .map(|&st| clean(&b.id.players[st]))
                .collect();
            s.extend_from_slice(format!("pn|{}|", names.join(",")).as_bytes());
        }
        s.extend_from_slice(b"st||");
        // `md`'s digit is the dealer, whose call is the first: without a
        // Dealer, the auction's first seat.
        let dealer = b.dealer_or_first_caller();
        if dealer.is_some() || b.deal.is_some() {
            s.extend_from_slice(b"md|");
            if let Some(d) = dealer {
                let digit = LIN_SEATS.iter().position(|&x| x == d).unwrap_or(0);
                s.push(b'1' + digit as u8);
            }
            for (k, &seat) in LIN_SEATS.iter().enumerate() {
                if k > 0 {
                    s.push(b',');
                }
                if let Some(h) = b.deal.as_ref().and_then(|d| d.value.hands[seat]) {
                    for suit in Suit::HAND_ORDER {
                        s.push(suit.char() as u8);
                        s.extend(h.suit(suit).iter().map(|c| c.rank().char() as u8));
                    }
                }
            }
            s.push(b'|');
        }
        if self.form == Form::Single {
            s.extend_from_slice(b"rh||");
            if let Some(n) = b.number {
                s.extend_from_slice(format!("ah|Board {}|", n.value).as_bytes());
            }
        }
        if let Some(v) = b.vulnerability {
            use crate::Vulnerability::*;
            let c = match v.value {
                None => 'o',
                NorthSouth => 'n',
                EastWest => 'e',
                All => 'b',
            };
            s.extend_from_slice(format!("sv|{c}|").as_bytes());
        }
        let calls = written_calls(b);
        if let Some(a) = &b.auction {
            for (call, note) in &calls {
                s.extend_from_slice(b"mb|");
                s.extend_from_slice(call_text(*call).as_bytes());
                if let Some(n) = note {
                    s.push(b'!');
                    let text = a
                        .notes
                        .iter()
                        .find(|x| x.number == *n)
                        .map_or("", |x| &x.text);
                    s.push(b'|');
                    if !text.is_empty() {
                        s.extend_from_slice(format!("an|{}|", clean_value(text)).as_bytes());
                    }
                } else {
                    s.push(b'|');
                }
            }
            if !calls.is_empty() {
                s.extend_from_slice(b"pg||");
            }
        }
        let cards = played_cards(b);
        for (i, c) in cards.iter().enumerate() {
            s.extend_from_slice(format!("pc|{c}|").as_bytes());
            if i % 4 == 3 {
                s.extend_from_slice(b"pg||");
            }
        }
        if let Some(n) = claim(b, cards.len()) {
            s.extend_from_slice(format!("mc|{n}|pg||").as_bytes());
        }
        s.push(b'\n');
        self.out.write_all(s)
    }

    /// Writes a raw record as read: its header when it differs from the last
    /// one written, then its tags, then a line break. Reading the output gives
    /// the same raw records (positions aside).
    ///
    /// # Errors
    ///
    /// I/O errors of the output.
    pub fn write_raw(&mut self, rec: &RawRecord) -> io::Result<()> {
        let s = &mut self.scratch;
        s.clear();
        for t in &rec.header {
            s.extend_from_slice(&t.name);
            s.push(b'|');
            s.extend_from_slice(rec.value(t));
            s.push(b'|');
        }
        if self.raw_header.as_deref() != Some(&s[..]) {
            let h = s.clone();
            if !h.is_empty() {
                s.push(b'\n');
            }
            self.raw_header = Some(h);
        } else {
            s.clear();
        }
        for t in &rec.tags {
            s.extend_from_slice(&t.name);
            s.push(b'|');
            s.extend_from_slice(rec.value(t));
            s.push(b'|');
        }
        s.push(b'\n');
        self.out.write_all(s)
    }
}

fn scoring_letter(s: &str) -> Option<&'static str> {
    match s {
        "IMP" => Some("I"),
        "MP" => Some("P"),
        "BAM" => Some("B"),
        "" => Some(""),
        _ => None,
    }
}

/// Text for a comma list: without `|` and `,`.
fn clean(s: &str) -> String {
    s.chars().filter(|&c| c != '|' && c != ',').collect()
}

/// Text for a value: without `|`.
fn clean_value(s: &str) -> String {
    s.chars().filter(|&c| c != '|').collect()
}

fn call_text(c: Call) -> String {
    match c {
        Call::Pass => "p".into(),
        Call::Double => "d".into(),
        Call::Redouble => "r".into(),
        Call::Bid(b) => {
            let strain = match b.strain() {
                Strain::NoTrump => 'N',
                s => s.trump().map_or('N', Suit::char),
            };
            format!("{}{strain}", b.level())
        }
    }
}

/// The calls LIN can write, with their note numbers: calls as written, `AP`
/// expanded into the passes that end the auction; the rest (skipped, unknown)
/// left out.
fn written_calls(b: &Board) -> Vec<(Call, Option<u8>)> {
    let Some(a) = &b.auction else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut st = AuctionState::new();
    let mut seat = a.first.or(b.dealer.map(|d| d.value)).unwrap_or(Seat::North);
    for i in &a.items {
        match i.call {
            AuctionCall::Call(c) => {
                out.push((c, i.note));
                st.apply(c, seat);
                seat = seat.lho();
            }
            AuctionCall::AllPass => {
                while !st.is_over() {
                    out.push((Call::Pass, None));
                    st.apply(Call::Pass, seat);
                    seat = seat.lho();
                }
            }
            _ => {}
        }
    }
    out
}

/// The contract and declarer of the auction LIN writes.
fn outcome(b: &Board) -> Option<Option<(Contract, Seat)>> {
    let dealer = b.dealer_or_first_caller()?;
    auction_outcome(written_calls(b).into_iter().map(|(c, _)| c), dealer)
}

/// The cards in the order played, up to the first that cannot be placed (an
/// unknown card, or a trick whose winner cannot be found).
fn played_cards(b: &Board) -> Vec<Card> {
    let Some(p) = &b.play else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match p.order {
        PlayOrder::Chronological => {
            for i in &p.items {
                match i.card {
                    PlayCard::Card(c) => out.push(c),
                    _ => break,
                }
            }
        }
        PlayOrder::SeatColumns => {
            // LIN states the contract by its auction: that decides the
            // winners, else the Contract tag.
            let trump = match outcome(b) {
                Some(Some((c, _))) => Some(c.bid.strain().trump()),
                _ => match b.contract.map(|c| c.value) {
                    Some(ContractTag::Contract(c)) => Some(c.bid.strain().trump()),
                    Some(ContractTag::Strain(s)) => Some(s.trump()),
                    _ => None,
                },
            };
            let (items, _) = crate::bridge::order::played_prefix(p, trump);
            out.extend(items.iter().map_while(|i| i.card.known()));
        }
    }
    out
}

/// Declarer's tricks to write as `mc`: when the board has a Result that
/// LIN can state and the play stops before the end.
fn claim(b: &Board, cards: usize) -> Option<u8> {
    let r = b.result?.value?;
    let declarer = match outcome(b) {
        Some(Some((_, d))) => Some(d),
        _ => None,
    };
    let n = r
        .declarer
        .or_else(|| declarer.and_then(|d| declarer_tricks(&r, d.side(), false)))?;
    let star = b.play.as_ref().is_some_and(|p| p.star.is_some());
    (cards < 52 || star).then_some(n)
}

/// What of `b` a LIN file of `form` cannot carry, by name (`"Site"`,
/// `"Score"`, ...), so that a converter can report it. Reading back what the
/// writer wrote gives `b` without these, with the play in played order and
/// notes numbered from 1 in call order.
///
/// ```
/// use kibitz::bridge::Board;
/// use kibitz::notation::lin::writer::{uncarried, Form};
/// let mut b = Board::default();
/// b.id.event = "Bermuda Bowl".into();
/// b.id.site = "Hamilton".into();
/// assert_eq!(uncarried(&b, Form::Single).collect::<Vec<_>>(), ["Event", "Site"]);
/// assert_eq!(uncarried(&b, Form::Vugraph).collect::<Vec<_>>(), ["Site"]);
/// ```
pub fn uncarried(b: &Board, form: Form) -> impl Iterator<Item = &'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let single = form == Form::Single;
    let id = &b.id;
    // What `vg` carries, but a field with `,` or `|`.
    for (text, name) in [
        (&id.event, "Event"),
        (&id.stage, "Stage"),
        (&id.home_team, "HomeTeam"),
        (&id.visit_team, "VisitTeam"),
    ] {
        if !text.is_empty() && (single || text.contains([',', '|'])) {
            out.push(name);
        }
    }
    for (text, name) in [
        (&id.round, "Round"),
        (&id.section, "Section"),
        (&id.table, "Table"),
    ] {
        if !text.is_empty() {
            out.push(name);
        }
    }
    if !id.site.is_empty() {
        out.push("Site");
    }
    if !id.date.is_empty() {
        out.push("Date");
    }
    let scoring_ok = scoring_letter(&id.scoring).is_some()
        && !b.scoring.intersects(
            !(crate::bridge::Scoring::IMP
                | crate::bridge::Scoring::MP
                | crate::bridge::Scoring::BAM),
        );
    if (single && (!id.scoring.is_empty() || !b.scoring.is_empty())) || !scoring_ok {
        out.push("Scoring");
    }
    if id.players.values.iter().any(|p| p.contains([',', '|'])) {
        out.push("players (a name with `,` or `|`)");
    }
    if single && b.room.is_some() {
        out.push("Room");
    }
    let end = outcome(b);
    let (contract, declarer) = match end {
        Some(Some((c, d))) => (
            Some(ContractTag::Contract(c)),
            Some(DeclarerTag::Seat {
                seat: d,
                swapped: false,
            }),
        ),
        Some(None) => (Some(ContractTag::Pass), Some(DeclarerTag::PassedOut)),
        None => (None, None),
    };
    if b.declarer.is_some_and(|d| Some(d.value) != declarer) {
        out.push("Declarer");
    }
    if b.contract.is_some_and(|c| Some(c.value) != contract) {
        out.push("Contract");
    }
    let cards = played_cards(b);
    if b.result.is_some_and(|r| r.value.is_some()) && claim(b, cards.len()).is_none() {
        out.push("Result");
    }
    if b.result
        .is_some_and(|r| r.value.is_some_and(|t| t.agreed_wrong))
    {
        out.push("agreed result mark");
    }
    if b.score.is_some() {
        out.push("Score");
    }
    if b.summary.is_some() {
        // `rs` heads the whole file, before any board is written.
        out.push(crate::notation::RESULTS_LIST);
    }
    if b.score_imp.is_some() {
        out.push("ScoreIMP");
    }
    if !b.score_table.is_empty() {
        out.push("ScoreTable");
    }
    if b.deal.is_some() && b.dealer_or_first_caller().is_none() {
        // `md` is written without the digit it opens with.
        out.push("dealer (`md` without its digit)");
    }
    if let Some(a) = &b.auction {
        if a.first.is_some() && a.first != b.dealer_or_first_caller() {
            out.push("auction start (not the dealer)");
        }
        if a.star.is_some() {
            out.push("auction end mark `*`");
        }
        if a.items.iter().any(|i| {
            matches!(
                i.call,
                AuctionCall::Skipped
                    | AuctionCall::NotYet
                    | AuctionCall::Next
                    | AuctionCall::Unknown
            )
        }) {
            out.push("calls LIN cannot write (skipped, not yet, next, unknown)");
        }
        if a.items.iter().any(|i| i.insufficient_marked) {
            out.push("irregularity marks");
        }
        let used = |n: u8| a.items.iter().any(|i| i.note == Some(n));
        if a.notes.iter().any(|n| !used(n.number)) {
            out.push("auction notes no call refers to");
        }
    }
    if let Some(p) = &b.play {
        if p.items.iter().filter(|i| i.card.known().is_some()).count() != cards.len() {
            out.push("cards after one that cannot be placed");
        }
        if p.items
            .iter()
            .any(|i| i.revoke_marked || i.lead_out_of_turn_marked)
        {
            out.push("irregularity marks");
        }
        if !p.notes.is_empty() || p.items.iter().any(|i| i.note.is_some()) {
            out.push("play notes");
        }
        // The reader takes the play's start from the auction as written (an
        // `AP` written as the passes it stands for).
        let leader = match outcome(b) {
            Some(Some((_, declarer))) => Some(declarer.lho()),
            _ => None,
        };
        if p.first.is_some() && p.first != leader {
            out.push("play start (not declarer's left-hand opponent)");
        }
        if p.star.is_some() && claim(b, cards.len()).is_none() {
            out.push("play end mark `*` (no claim count)");
        }
    }
    out.dedup();
    out.into_iter()
}
