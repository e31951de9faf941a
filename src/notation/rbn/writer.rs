//! Writing RBN and RBX: boards in the standard label order (DTLEFSKNBHACPRMI,
//! notes after their A or P label), repeating labels left out while unchanged,
//! LF line ends; or raw records exactly as read.
//!
//! A board can hold what RBN has no place for (PBN's irregularity marks, a play
//! whose trick winners are unknown, ...). [`Writer::write_board`] writes what
//! RBN can carry and returns the rest as [`Uncarried`] flags, so that a converter
//! can report "field X not carried (N times)"; [`uncarried`] computes them alone.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::decode::values;
use super::raw::{FieldKind, RawRecord};
use crate::bridge::{
    AuctionCall, Board, ContractTag, DeclarerTag, Play, PlayCard, PlayItem, PlayOrder, SideScore,
};
use crate::{Call, Card, CardSet, Seat, Strain, Suit};

/// The form written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Form {
    /// One line per label, a blank line after each record.
    #[default]
    Rbn,
    /// One line per record: `label{data}` fields.
    Rbx,
}

bitflags::bitflags! {
    /// What a board holds that RBN cannot carry (see [`Uncarried::names`]).
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Uncarried: u32 {
        /// Declarer and dummy interchanged (PBN `^` on Declarer).
        const DECLARER_SWAP = 1;
        /// A Result marked as agreed although wrong (PBN `^`).
        const RESULT_AGREED = 1 << 1;
        /// A Result by side that cannot be turned into declarer's tricks, or tricks
        /// after a passed-out auction.
        const RESULT_SIDE = 1 << 2;
        /// A score of the declaring side without a declarer.
        const SCORE_SIDE = 1 << 3;
        /// A contract without declarer, a declarer of a passed-out board, or a
        /// leader without contract.
        const CONTRACT = 1 << 4;
        /// An insufficient bid marked as accepted (PBN `^I`).
        const INSUFFICIENT_MARK = 1 << 5;
        /// A skipped call, a `-` slot, or a call that could not be read.
        const CALL_SLOT = 1 << 6;
        /// An auction that does not start with the dealer.
        const AUCTION_FIRST = 1 << 7;
        /// An auction end mark RBN cannot express (`*` on a complete auction,
        /// or an incomplete auction without `*`).
        const AUCTION_END = 1 << 8;
        /// A revoke or lead out of turn marked as accepted (PBN `^R`, `^L`).
        const PLAY_MARK = 1 << 9;
        /// Play after a trick whose winner is unknown (seat columns cannot be
        /// put in played order).
        const PLAY_ORDER = 1 << 10;
        /// A play end mark RBN cannot express (`*` after the last trick, or an
        /// unfinished play without `*`).
        const PLAY_END = 1 << 11;
        /// A note numbered above 9.
        const NOTE_NUMBER = 1 << 12;
        /// A player name with `:` or `+`.
        const NAME = 1 << 13;
        /// A card written twice in one hand, or an empty hand.
        const HAND = 1 << 14;
        /// Scoring methods the F label cannot name.
        const SCORING = 1 << 15;
        /// A brace in a text value of an RBX record (replaced by a parenthesis).
        const BRACE = 1 << 16;
        /// A play section without any card (RBN has no empty P label).
        const EMPTY_PLAY = 1 << 17;
        /// A label line longer than RBN allows (written in full all the same).
        const LENGTH = 1 << 18;
        /// A date RBN's D label cannot state.
        const DATE = 1 << 19;
        /// A results list's line for the table ([`Board::summary`]): RBN has
        /// no results list.
        const RESULTS_LIST = 1 << 20;
        /// A team name with `:` (written with `;`).
        const TEAM = 1 << 21;
        /// A playing round (PBN Round): RBN has no label for it.
        const ROUND = 1 << 22;
        /// A playing section (PBN Section): RBN has no label for it.
        const SECTION = 1 << 23;
        /// A table (PBN Table): RBN's N label may name a table instead of
        /// the room, and kibitz writes the room.
        const TABLE = 1 << 24;
        /// Teams on a board that names no room: under K the reader takes the
        /// record that writes H for the open room and the one that repeats
        /// it for the closed room, so the board read back has a room.
        const IMPLIED_ROOM = 1 << 25;
        /// ScoreTable rows ([`Board::score_table`]): RBN has no label for
        /// a tournament's results.
        const SCORE_TABLE = 1 << 26;
    }
}

impl Uncarried {
    /// The name of each flag set, for a converter's report.
    ///
    /// ```
    /// use kibitz::notation::rbn::writer::Uncarried;
    /// let u = Uncarried::DECLARER_SWAP | Uncarried::PLAY_END;
    /// assert_eq!(u.names().collect::<Vec<_>>(), ["declarer swap mark", "play end mark"]);
    /// ```
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        const NAMES: [&str; 27] = [
            "declarer swap mark",
            "agreed result mark",
            "result RBN cannot state",
            "score without declarer",
            "contract and declarer",
            "insufficient bid mark",
            "skipped or unreadable call",
            "auction not from the dealer",
            "auction end mark",
            "revoke or lead mark",
            "play after an unknown trick winner",
            "play end mark",
            "note number above 9",
            "player name with : or +",
            "repeated card, empty hand or deal",
            "scoring method",
            "brace in text",
            "empty play section",
            "label line length",
            "date",
            crate::notation::RESULTS_LIST,
            "team name with :",
            "Round",
            "Section",
            "Table",
            "no room (RBN's K implies one)",
            "ScoreTable",
        ];
        NAMES
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| self.bits() & (1 << i) != 0)
            .map(|(_, n)| n)
    }
}

/// What RBN cannot carry of `board` (the flags [`Writer::write_board`] returns).
///
/// ```
/// use kibitz::bridge::{At, Board, DeclarerTag};
/// use kibitz::notation::rbn::writer::{uncarried, Uncarried};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// assert!(uncarried(&b).is_empty());
/// b.declarer = Some(At::new(DeclarerTag::Seat { seat: Seat::North, swapped: true }, Pos::default()));
/// assert!(uncarried(&b).contains(Uncarried::DECLARER_SWAP));
/// ```
pub fn uncarried(board: &Board) -> Uncarried {
    let mut w = Writer::new(io::sink(), Form::Rbn);
    w.write_board(board).unwrap_or_default()
}

/// Writes boards or raw records as RBN or RBX.
///
/// ```
/// use kibitz::bridge::{At, Board};
/// use kibitz::notation::rbn::writer::{Form, Writer};
/// use kibitz::{Pos, Seat, Vulnerability};
/// let mut b = Board::default();
/// b.number = Some(At::new(7, Pos::default()));
/// b.dealer = Some(At::new(Seat::South, Pos::default()));
/// b.vulnerability = Some(At::new(Vulnerability::All, Pos::default()));
/// let mut out = Vec::new();
/// let mut w = Writer::new(&mut out, Form::Rbn);
/// w.write_board(&b).unwrap();
/// w.write_board(&b).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "% RBN\nB 7\nA SB\n\nA SB\n\n");
/// ```
pub struct Writer<W: Write> {
    out: W,
    form: Form,
    records: usize,
    /// The repeating labels' current values (DTLEFSKNBH).
    last: [String; 10],
    /// The N value written before the last one: where K names the teams, a
    /// record without N has this one (the other table), as the reader reads
    /// it.
    n_before: String,
    lines: Vec<(u8, String)>,
    line: String,
}

fn rank_char(c: Card) -> char {
    c.rank().char()
}

fn strain_char(s: Strain) -> char {
    match s {
        Strain::NoTrump => 'N',
        s => s.trump().expect("a suit").char(),
    }
}

/// A hand in RBN: `S.H.D.C`, superfluous dots removed below 13 cards.
fn hand(h: CardSet) -> String {
    let s = h.to_string();
    if h.len() < 13 {
        s.trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// PBN's date `yyyy.mm.dd` in RBN's `yyyymmdd`, unknown month and day left out.
fn date(d: &str) -> String {
    let b = d.as_bytes();
    let digit = |c: &u8| c.is_ascii_digit() || *c == b'?';
    if b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || digit(c))
    {
        let (y, m, dd) = (&d[0..4], &d[5..7], &d[8..10]);
        match (m, dd) {
            ("??", "??") => y.to_string(),
            (m, "??") => format!("{y}{m}"),
            (m, dd) => format!("{y}{m}{dd}"),
        }
    } else {
        d.to_string()
    }
}

/// PBN's scoring words in RBN's letters.
fn scoring_text(s: &str) -> String {
    let l = s.to_ascii_lowercase();
    match l.as_str() {
        "mp" | "matchpoints" => "M",
        "imp" => "I",
        "imp_1948" => "I:1948",
        "imp_1961" => "I:1961",
        "bam" => "B",
        "rubber" => "R",
        "chicago" => "C",
        "cavendish" => "A",
        "butler" => "X:Butler",
        "instant" => "N",
        "oldmp" => "M:old",
        _ => s,
    }
    .to_string()
}

/// A score relative to North-South.
fn ns<T: Copy + std::ops::Neg<Output = T>>(
    s: &SideScore<T>,
    declarer: Option<Seat>,
) -> Option<Option<T>> {
    match (s.ns, s.ew, s.declarer) {
        (Some(n), _, _) => Some(Some(n)),
        (None, Some(e), _) => Some(Some(-e)),
        (None, None, Some(d)) => match declarer {
            Some(p) if p.side() == crate::Side::NorthSouth => Some(Some(d)),
            Some(_) => Some(Some(-d)),
            None => None,
        },
        (None, None, None) => Some(None),
    }
}

fn centi(c: crate::bridge::Centi) -> String {
    let sign = if c.0 < 0 { '-' } else { '+' };
    let a = c.0.unsigned_abs();
    if a.is_multiple_of(100) {
        format!("{sign}{}", a / 100)
    } else {
        format!("{sign}{}.{:02}", a / 100, a % 100)
    }
}

impl<W: Write> Writer<W> {
    /// A writer of `form` onto `out`. The first board written starts with the
    /// signature (`% RBN` or `%{RBX}`).
    pub fn new(out: W, form: Form) -> Writer<W> {
        Writer {
            out,
            form,
            records: 0,
            last: Default::default(),
            n_before: String::new(),
            lines: Vec::new(),
            line: String::new(),
        }
    }

    /// Gives back the output.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// The output, for a caller that drains it between records (the writer
    /// keeps the repeating labels' values, so it must live across records).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    fn push(&mut self, label: u8, value: String) {
        self.lines.push((label, value));
    }

    /// Writes a repeating label when its value changed (the label alone when it
    /// became empty).
    fn repeating(&mut self, label: u8, value: String) {
        let k = super::REPEATING
            .iter()
            .position(|&l| l == label)
            .expect("a repeating label");
        if self.last[k] != value {
            self.last[k] = value.clone();
            self.push(label, value);
        }
    }

    /// Writes the N label as the reader reads it back: where K names the
    /// teams, a record without N has the N before the last one (the two
    /// tables alternate), and the two swap; else it has the last one.
    fn names_label(&mut self, value: String) {
        const K: usize = 6;
        const N: usize = 7;
        let alternate = !self.last[K].is_empty() && !self.n_before.is_empty();
        let implied = if alternate {
            &self.n_before
        } else {
            &self.last[N]
        };
        if *implied == value {
            if alternate {
                std::mem::swap(&mut self.n_before, &mut self.last[N]);
            }
            return;
        }
        self.n_before = std::mem::replace(&mut self.last[N], value.clone());
        self.push(b'N', value);
    }

    /// Writes one board; returns what RBN could not carry of it.
    ///
    /// # Errors
    ///
    /// I/O errors of the output.
    pub fn write_board(&mut self, b: &Board) -> io::Result<Uncarried> {
        let mut u = Uncarried::empty();
        if b.summary.is_some() {
            u |= Uncarried::RESULTS_LIST;
        }
        if !b.score_table.is_empty() {
            u |= Uncarried::SCORE_TABLE;
        }
        self.lines.clear();
        if self.records == 0 {
            self.push(
                b'%',
                if self.form == Form::Rbn {
                    " RBN".into()
                } else {
                    "RBX".into()
                },
            );
        }
        let d = date(&b.id.date);
        if d.is_empty() || values::parse_date(d.as_bytes()).is_ok() {
            self.repeating(b'D', d);
        } else {
            u |= Uncarried::DATE;
            self.repeating(b'D', String::new());
        }
        self.repeating(b'L', b.id.site.clone());
        self.repeating(b'E', b.id.event.clone());
        let f = scoring_text(&b.id.scoring);
        if values::scoring(f.as_bytes()) != b.scoring && !(f.is_empty() && b.scoring.is_empty()) {
            u |= Uncarried::SCORING;
        }
        self.repeating(b'F', f);
        self.repeating(b'S', b.id.stage.clone());
        self.repeating(b'K', teams(b, &mut u));
        self.names_label(names(b, &mut u));
        let id = &b.id;
        for (given, flag) in [
            (&id.round, Uncarried::ROUND),
            (&id.section, Uncarried::SECTION),
            (&id.table, Uncarried::TABLE),
        ] {
            if !given.is_empty() {
                u |= flag;
            }
        }
        self.repeating(
            b'B',
            b.number.map(|n| n.value.to_string()).unwrap_or_default(),
        );
        self.repeating(b'H', deal(b, &mut u));
        let declarer = match b.declarer.map(|d| d.value) {
            Some(DeclarerTag::Seat { seat, swapped }) => {
                if swapped {
                    u |= Uncarried::DECLARER_SWAP;
                }
                Some(seat)
            }
            _ => None,
        };
        self.auction(b, &mut u);
        let contract = b.contract.map(|c| c.value);
        // An empty PBN Declarer tag says "passed out": RBN says it only with `R P`.
        if b.declarer
            .is_some_and(|d| d.value == DeclarerTag::PassedOut)
            && contract != Some(ContractTag::Pass)
            && b.result.is_some_and(|r| r.value.is_some())
        {
            u |= Uncarried::CONTRACT;
        }
        let written_c = match (contract, declarer) {
            (Some(ContractTag::Contract(c)), Some(d)) => {
                let risk = match c.risk {
                    crate::Risk::Undoubled => "",
                    crate::Risk::Doubled => "X",
                    crate::Risk::Redoubled => "R",
                };
                Some(format!(
                    "{}{}{risk}:{}",
                    c.bid.level(),
                    strain_char(c.bid.strain()),
                    d.char()
                ))
            }
            (Some(ContractTag::Strain(s)), Some(d)) => {
                Some(format!("{}:{}", strain_char(s), d.char()))
            }
            (Some(ContractTag::Pass), d) => {
                if d.is_some() {
                    u |= Uncarried::CONTRACT;
                }
                None
            }
            (None, None) => None,
            (None, Some(_)) | (Some(_), None) => {
                u |= Uncarried::CONTRACT;
                None
            }
        };
        if let Some(mut c) = written_c {
            if let Some(first) = b.play.as_ref().and_then(|p| p.first)
                && declarer.is_some_and(|d| d.lho() != first)
            {
                let _ = write!(c, ":{}", first.char());
            }
            self.push(b'C', c);
        } else if b.play.as_ref().is_some_and(|p| p.first.is_some()) {
            u |= Uncarried::CONTRACT;
        }
        if let Some(p) = &b.play {
            if p.items.is_empty() {
                u |= Uncarried::EMPTY_PLAY;
            } else {
                self.play(b, p, &mut u);
            }
        }
        self.result(b, declarer, &mut u);
        if self.lines.iter().all(|(l, _)| *l == b'%') {
            // Everything repeats (or there is nothing): B keeps the record.
            let n = b.number.map(|n| n.value.to_string()).unwrap_or_default();
            self.push(b'B', n);
        }
        self.flush(&mut u)?;
        Ok(u)
    }

    fn notes(&mut self, notes: &[crate::bridge::Note], u: &mut Uncarried) {
        for n in notes {
            if n.number > 9 {
                *u |= Uncarried::NOTE_NUMBER;
                continue;
            }
            self.push(b'0' + n.number, n.text.clone());
        }
    }

    fn auction(&mut self, b: &Board, u: &mut Uncarried) {
        // RBN's A label opens with the dealer, whose call is the first: a record
        // that names no dealer but an auction's first seat (PBN's Auction tag
        // without a Dealer tag) has its auction written from that seat, not
        // from an unknown dealer (`X`), which would leave the calls unplaced.
        let dealer = b.dealer_or_first_caller();
        let vul = match b.vulnerability.map(|v| v.value) {
            Some(crate::Vulnerability::None) => 'Z',
            Some(crate::Vulnerability::NorthSouth) => 'N',
            Some(crate::Vulnerability::EastWest) => 'E',
            Some(crate::Vulnerability::All) => 'B',
            None => 'X',
        };
        let mut a = format!("{}{vul}", dealer.map_or('X', Seat::char));
        let Some(auction) = &b.auction else {
            if dealer.is_some() || b.vulnerability.is_some() {
                self.push(b'A', a);
            }
            return;
        };
        if auction.first != dealer {
            *u |= Uncarried::AUCTION_FIRST;
        }
        let mut written: Vec<AuctionCall> = Vec::new();
        for item in &auction.items {
            let c = match item.call {
                AuctionCall::Call(Call::Pass) => "P".to_string(),
                AuctionCall::Call(Call::Double) => "X".to_string(),
                AuctionCall::Call(Call::Redouble) => "R".to_string(),
                AuctionCall::Call(Call::Bid(bid)) => {
                    format!("{}{}", bid.level(), strain_char(bid.strain()))
                }
                AuctionCall::AllPass => "A".to_string(),
                AuctionCall::Next => "Y".to_string(),
                AuctionCall::Skipped | AuctionCall::NotYet | AuctionCall::Unknown => {
                    *u |= Uncarried::CALL_SLOT;
                    continue;
                }
            };
            if item.insufficient_marked {
                *u |= Uncarried::INSUFFICIENT_MARK;
            }
            if written.len().is_multiple_of(4) {
                a.push(':');
            }
            a.push_str(&c);
            match item.note {
                Some(n @ 1..=9) => {
                    let _ = write!(a, "^{n}");
                }
                Some(_) => *u |= Uncarried::NOTE_NUMBER,
                None => {}
            }
            written.push(item.call);
        }
        if written.is_empty() {
            a.push(':');
        }
        let complete = written.last() == Some(&AuctionCall::AllPass)
            || written.len() >= 4
                && written[written.len() - 3..]
                    .iter()
                    .all(|&c| c == AuctionCall::Call(Call::Pass));
        let star = !complete && written.last() != Some(&AuctionCall::Next);
        if star != auction.star.is_some() {
            *u |= Uncarried::AUCTION_END;
        }
        self.push(b'A', a);
        self.notes(&auction.notes, u);
    }

    fn play(&mut self, b: &Board, p: &Play, u: &mut Uncarried) {
        let items = chronological(b, p, u);
        let mut s = String::new();
        let mut led: Option<Suit> = None;
        for (i, item) in items.iter().enumerate() {
            if i % 4 == 0 {
                if i > 0 {
                    s.push(':');
                }
                led = item.card.known().map(Card::suit);
                match item.card {
                    PlayCard::Card(c) => {
                        let _ = write!(s, "{}{}", c.suit().char(), rank_char(c));
                    }
                    PlayCard::Unknown => s.push('-'),
                    PlayCard::Next => s.push('Y'),
                }
            } else {
                match item.card {
                    PlayCard::Card(c) if Some(c.suit()) == led => s.push(rank_char(c)),
                    PlayCard::Card(c) => {
                        let _ = write!(s, "{}{}", c.suit().char(), rank_char(c));
                    }
                    PlayCard::Unknown => s.push('-'),
                    PlayCard::Next => s.push('Y'),
                }
            }
            if item.revoke_marked || item.lead_out_of_turn_marked {
                *u |= Uncarried::PLAY_MARK;
            }
            match item.note {
                Some(n @ 1..=9) => {
                    let _ = write!(s, "^{n}");
                }
                Some(_) => *u |= Uncarried::NOTE_NUMBER,
                None => {}
            }
        }
        let size = b
            .deal
            .as_ref()
            .and_then(|d| d.value.hands.values.iter().flatten().map(|h| h.len()).max())
            .unwrap_or(13)
            .clamp(1, 13);
        let star = items.len() < 4 * size && items.last().is_none_or(|l| l.card != PlayCard::Next);
        if star != p.star.is_some() {
            *u |= Uncarried::PLAY_END;
        }
        self.push(b'P', s);
        self.notes(&p.notes, u);
    }

    fn result(&mut self, b: &Board, declarer: Option<Seat>, u: &mut Uncarried) {
        let mut r = String::new();
        if b.contract.is_some_and(|c| c.value == ContractTag::Pass) {
            if b.result.is_some_and(|r| r.value.is_some()) {
                *u |= Uncarried::RESULT_SIDE;
            }
            r.push('P');
        } else if let Some(Some(t)) = b.result.map(|r| r.value) {
            if t.agreed_wrong {
                *u |= Uncarried::RESULT_AGREED;
            }
            let side = declarer.map(Seat::side);
            let tricks = match (t.declarer, side) {
                (Some(d), _) => Some(d),
                (None, Some(crate::Side::NorthSouth)) => t.ns,
                (None, Some(crate::Side::EastWest)) => t.ew,
                (None, None) => None,
            };
            match tricks {
                Some(n) => {
                    let _ = write!(r, "{n}");
                }
                None => *u |= Uncarried::RESULT_SIDE,
            }
        }
        if let Some(s) = &b.score {
            match ns(&s.value, declarer) {
                Some(Some(n)) => {
                    let _ = write!(r, "{}{}", if n < 0 { '-' } else { '+' }, n.unsigned_abs());
                }
                Some(None) => {}
                None => *u |= Uncarried::SCORE_SIDE,
            }
        }
        if let Some(s) = &b.score_imp {
            match ns(
                &crate::bridge::SideScore {
                    declarer: s.value.declarer.map(|c| c.0),
                    ns: s.value.ns.map(|c| c.0),
                    ew: s.value.ew.map(|c| c.0),
                },
                declarer,
            ) {
                Some(Some(0)) => r.push_str(":="),
                Some(Some(n)) => {
                    r.push(':');
                    r.push_str(&centi(crate::bridge::Centi(n)));
                }
                Some(None) => {}
                None => *u |= Uncarried::SCORE_SIDE,
            }
        }
        if !r.is_empty() {
            self.push(b'R', r);
        }
    }

    fn flush(&mut self, u: &mut Uncarried) -> io::Result<()> {
        self.line.clear();
        let rbx = self.form == Form::Rbx;
        for (label, value) in &self.lines {
            if *label != b'%' && value.len() + 2 > super::max_length(*label) {
                *u |= Uncarried::LENGTH;
            }
            let value = if rbx && value.contains(['{', '}']) {
                *u |= Uncarried::BRACE;
                value.replace('{', "(").replace('}', ")")
            } else {
                value.clone()
            };
            if rbx {
                let _ = write!(self.line, "{}{{{value}}}", *label as char);
            } else if *label == b'%' {
                let _ = writeln!(self.line, "%{value}");
            } else if value.is_empty() {
                let _ = writeln!(self.line, "{}", *label as char);
            } else {
                let _ = writeln!(self.line, "{} {value}", *label as char);
            }
        }
        self.line.push('\n');
        self.records += 1;
        self.out.write_all(self.line.as_bytes())
    }

    /// Writes a raw record as read (its inherited labels left out, since reading
    /// it back inherits them again), in this writer's form.
    ///
    /// ```
    /// use kibitz::notation::rbn::{RawRecord, Reader};
    /// use kibitz::notation::rbn::writer::{Form, Writer};
    /// let mut rec = RawRecord::default();
    /// Reader::new(&b"B 7\nA SB:1HP5H^1A\n1 nuts\n{Ed quit!}\n"[..]).read_record(&mut rec).unwrap();
    /// let mut out = Vec::new();
    /// Writer::new(&mut out, Form::Rbx).write_record(&rec).unwrap();
    /// assert_eq!(out, b"B{7}A{SB:1HP5H^1A}1{nuts}{Ed quit!}\n");
    /// ```
    ///
    /// # Errors
    ///
    /// I/O errors of the output; `InvalidInput` for a value with a brace in RBX.
    pub fn write_record(&mut self, rec: &RawRecord) -> io::Result<()> {
        self.line.clear();
        let rbx = self.form == Form::Rbx;
        for f in rec.fields.iter().filter(|f| !f.inherited) {
            let v = crate::text::decode(rec.value(f));
            if rbx && v.contains('}') {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a value with `}` has no RBX form",
                ));
            }
            let l = f.label as char;
            match (rbx, f.kind) {
                (true, FieldKind::Text) => {
                    let _ = write!(self.line, "{{{v}}}");
                }
                (true, _) => {
                    let _ = write!(self.line, "{l}{{{v}}}");
                }
                (false, FieldKind::Text) => {
                    let _ = writeln!(self.line, "{{{v}}}");
                }
                (false, FieldKind::Extra) => {
                    let _ = writeln!(self.line, "%{v}");
                }
                (false, _) if f.continued && f.value_pos.col == 1 => {
                    let _ = writeln!(self.line, "{v}");
                }
                (false, _) if v.is_empty() => {
                    let _ = writeln!(self.line, "{l}");
                }
                (false, _) => {
                    let _ = writeln!(self.line, "{l} {v}");
                }
            }
        }
        self.line.push('\n');
        self.records += 1;
        // Bytes as read: the arena may hold Latin-1, which `decode` widened.
        let bytes: Vec<u8> = if self.line.is_ascii() {
            self.line.as_bytes().to_vec()
        } else {
            latin1_or_utf8(&self.line, rec)
        };
        self.out.write_all(&bytes)
    }
}

/// Re-encodes `s` as Latin-1 when the record's text was not UTF-8.
fn latin1_or_utf8(s: &str, rec: &RawRecord) -> Vec<u8> {
    if std::str::from_utf8(&rec.arena).is_ok() {
        s.as_bytes().to_vec()
    } else {
        s.chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect()
    }
}

/// The K label: the home team, then the visiting team (the one at
/// North-South in the open room first, RBN 3.2 and PBN's home team alike).
fn teams(b: &Board, u: &mut Uncarried) -> String {
    let (home, visit) = (&b.id.home_team, &b.id.visit_team);
    if home.is_empty() && visit.is_empty() {
        return String::new();
    }
    if b.room.is_none() {
        *u |= Uncarried::IMPLIED_ROOM;
    }
    let clean = |s: &str, u: &mut Uncarried| {
        if s.contains(':') {
            *u |= Uncarried::TEAM;
        }
        s.replace(':', ";")
    };
    format!("{}:{}", clean(home, u), clean(visit, u))
}

fn names(b: &Board, u: &mut Uncarried) -> String {
    let p = &b.id.players;
    let clean = |s: &str, u: &mut Uncarried| {
        if s.contains([':', '+']) {
            *u |= Uncarried::NAME;
            s.replace(':', ";").replace('+', "&")
        } else {
            s.to_string()
        }
    };
    let north = clean(&p[Seat::North], u);
    let south = clean(&p[Seat::South], u);
    let west = clean(&p[Seat::West], u);
    let east = clean(&p[Seat::East], u);
    let pair = |a: String, b: String| if b.is_empty() { a } else { format!("{a}+{b}") };
    let mut s = pair(north, south);
    let ew = pair(west, east);
    let room = match b.room {
        Some(crate::bridge::Room::Open) => "O",
        Some(crate::bridge::Room::Closed) => "C",
        None => "",
    };
    if !ew.is_empty() || !room.is_empty() {
        s.push(':');
        s.push_str(&ew);
    }
    if !room.is_empty() {
        s.push(':');
        s.push_str(room);
    }
    s
}

fn deal(b: &Board, u: &mut Uncarried) -> String {
    let Some(d) = &b.deal else {
        return String::new();
    };
    let d = &d.value;
    if !d.repeated.is_empty() {
        *u |= Uncarried::HAND;
    }
    let h = &d.hands;
    if h.values.iter().flatten().any(|h| h.is_empty()) {
        *u |= Uncarried::HAND;
    }
    let has = |s: Seat| h[s].is_some_and(|h| !h.is_empty());
    let Some(first) = [Seat::West, Seat::North, Seat::East, Seat::South]
        .into_iter()
        .find(|&s| has(s))
    else {
        *u |= Uncarried::HAND;
        return String::new();
    };
    let seats: Vec<Seat> = (0..4).map(|i| first.add(i)).collect();
    let known = d.known_cards();
    let complete =
        seats.iter().all(|&s| h[s].is_some_and(|h| h.len() == 13)) && known == CardSet::FULL;
    let mut segs: Vec<String> = seats
        .iter()
        .map(|&s| h[s].filter(|h| !h.is_empty()).map(hand).unwrap_or_default())
        .collect();
    if complete {
        segs[3].clear();
    } else {
        while segs.last().is_some_and(String::is_empty) {
            segs.pop();
        }
    }
    let mut s = String::new();
    s.push(first.char());
    for seg in segs {
        s.push(':');
        s.push_str(&seg);
    }
    s
}

/// The play in played order ([`crate::bridge::order::played_prefix`] with the
/// board's trump suit); what cannot be placed is flagged.
fn chronological<'p>(
    b: &Board,
    p: &'p Play,
    u: &mut Uncarried,
) -> std::borrow::Cow<'p, [PlayItem]> {
    if p.order == PlayOrder::Chronological {
        return std::borrow::Cow::Borrowed(&p.items);
    }
    let (items, whole) = crate::bridge::order::played_prefix(p, crate::bridge::order::trump_of(b));
    if !whole {
        *u |= Uncarried::PLAY_ORDER;
    }
    std::borrow::Cow::Owned(items)
}
