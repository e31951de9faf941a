//! A bridge board as recorded, free of any notation: what the rule module checks.
//!
//! Decoders ([`crate::pbn`], later RBN and LIN) fill a [`Board`]; the rules in this
//! module read it. Every value carries the position it was written at, so that a
//! finding can point at it. A `Board` is meant to be reused from record to record:
//! [`Board::clear`] keeps its allocations.

use smallvec::SmallVec;

use crate::{BySeat, Call, Card, CardSet, Contract, Pos, Seat, Strain, Vulnerability};

/// A value and where it was written.
///
/// ```
/// use kibitz::bridge::At;
/// use kibitz::{Pos, Seat};
/// let d = At::new(Seat::North, Pos::new(3, 10));
/// assert_eq!(d.value, Seat::North);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub pos: Pos,
}

impl<T> At<T> {
    /// Pairs `value` with `pos`.
    pub const fn new(value: T, pos: Pos) -> At<T> {
        At { value, pos }
    }
}

/// The dealt cards. A hand is `None` when the record does not give it (PBN `-`).
///
/// ```
/// use kibitz::bridge::Deal;
/// use kibitz::{CardSet, Seat};
/// let mut d = Deal::default();
/// d.hands[Seat::North] = Some("AKQ...".parse().unwrap());
/// assert_eq!(d.known_cards().len(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    /// Each seat's cards, if known.
    pub hands: BySeat<Option<CardSet>>,
    /// Cards written more than once within one hand (seat, card). A card in two
    /// different hands shows as an overlap of `hands` instead.
    pub repeated: SmallVec<[(Seat, Card); 2]>,
}

impl Deal {
    /// The union of all known hands.
    pub fn known_cards(&self) -> CardSet {
        self.hands
            .values
            .iter()
            .flatten()
            .fold(CardSet::EMPTY, |a, &h| a | h)
    }

    /// Whether all four hands are known.
    pub fn is_complete(&self) -> bool {
        self.hands.values.iter().all(Option::is_some)
    }
}

/// The Declarer tag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DeclarerTag {
    /// A declarer. `swapped` is PBN's `^` prefix: declarer and dummy were
    /// interchanged (an accepted irregularity, PBN 3.4.13).
    Seat {
        /// The seat written.
        seat: Seat,
        /// Written with `^`.
        swapped: bool,
    },
    /// Empty: all four passed.
    PassedOut,
}

/// The Contract tag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ContractTag {
    /// `Pass`: all four passed.
    Pass,
    /// A contract such as `4SX`.
    Contract(Contract),
    /// Only a denomination, as PBN end positions write it (PBN 3.10).
    Strain(Strain),
}

/// A table's contract and result as a results list beside the record states
/// them (LIN's `rs` entry, lin-notes 3): checked against the auction, the
/// Result (a claim) and the play (`bridge.result.list`), never what they are
/// checked against.
///
/// ```
/// use kibitz::bridge::Summary;
/// use kibitz::Seat;
/// let s = Summary::Played { contract: "4SX".parse().unwrap(), declarer: Seat::South, tricks: 8 };
/// assert_eq!(s.to_string(), "4SX by South, 8 tricks");
/// assert_eq!(Summary::PassedOut.to_string(), "passed out");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Summary {
    /// All four passed.
    PassedOut,
    /// A contract played.
    Played {
        /// The contract, doubled or redoubled as stated.
        contract: Contract,
        /// Its declarer.
        declarer: Seat,
        /// Declarer's tricks.
        tricks: u8,
    },
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Summary::PassedOut => f.write_str("passed out"),
            Summary::Played {
                contract,
                declarer,
                tricks,
            } => write!(f, "{contract} by {declarer}, {tricks} tricks"),
        }
    }
}

/// A Result tag: tricks won. Forms: `<n>` (declarer), `NS <n>`, `EW <n>`, or both
/// sides; `^` before marks a count the players agreed although it is wrong.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResultTag {
    /// Tricks of declarer (`"<n>"` form).
    pub declarer: Option<u8>,
    /// Tricks of North-South.
    pub ns: Option<u8>,
    /// Tricks of East-West.
    pub ew: Option<u8>,
    /// Written with `^`.
    pub agreed_wrong: bool,
}

/// A score tag in one of PBN's five forms (Score, ScoreIMP, ...): `<s>` for the
/// declaring side, `NS <s>`, `EW <s>`, or both. `T` is `i32` points or [`Centi`]
/// for IMPs and other values that may have decimals.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SideScore<T> {
    /// Score of the declaring side (`"<s>"` form).
    pub declarer: Option<T>,
    /// Score of North-South.
    pub ns: Option<T>,
    /// Score of East-West.
    pub ew: Option<T>,
}

/// A decimal number in hundredths, for IMPs and percentages: `3.5` is `Centi(350)`.
///
/// ```
/// use kibitz::bridge::Centi;
/// assert_eq!(Centi::parse("-3.5"), Some(Centi(-350)));
/// assert_eq!(Centi::parse("12"), Some(Centi(1200)));
/// assert_eq!(Centi::parse("1.235"), Some(Centi(124)));
/// assert_eq!(Centi::parse("50."), Some(Centi(5000)));
/// assert_eq!(Centi::parse(".5"), None);
/// assert_eq!(Centi(-350).to_string(), "-3.5");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Centi(pub i64);

impl Centi {
    /// Parses an optionally signed decimal (`12`, `-3.5`, `50.`, `0.1000`),
    /// rounding to hundredths (half away from zero).
    pub fn parse(s: &str) -> Option<Centi> {
        let (neg, body) = match s.as_bytes().first()? {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        if int.is_empty()
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || int.len() > 15
        {
            return None;
        }
        let i: i64 = int.parse().ok()?;
        let digit = |k: usize| frac.as_bytes().get(k).map_or(0, |d| i64::from(d - b'0'));
        let mut v = i * 100 + digit(0) * 10 + digit(1);
        if digit(2) >= 5 {
            v += 1;
        }
        Some(Centi(if neg { -v } else { v }))
    }
}

impl std::fmt::Display for Centi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        match a % 100 {
            0 => write!(f, "{sign}{}", a / 100),
            r if r % 10 == 0 => write!(f, "{sign}{}.{}", a / 100, r / 10),
            r => write!(f, "{sign}{}.{r:02}", a / 100),
        }
    }
}

bitflags::bitflags! {
    /// Scoring methods and modifiers named in a Scoring tag (PBN 3.4.12). Only
    /// some change what the auditor checks: `OLD_MP` (pre-1987 undertricks).
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct Scoring: u32 {
        /// `MP` or `MatchPoints`.
        const MP = 1;
        /// `IMP` (also `IMP_1948`, `IMP_1961`).
        const IMP = 1 << 1;
        /// `Rubber`.
        const RUBBER = 1 << 2;
        /// `Chicago`.
        const CHICAGO = 1 << 3;
        /// `BAM`.
        const BAM = 1 << 4;
        /// `Cavendish`.
        const CAVENDISH = 1 << 5;
        /// `OldMP`: no extra penalty from the fourth non-vulnerable undertrick.
        const OLD_MP = 1 << 6;
        /// `Instant`.
        const INSTANT = 1 << 7;
        /// `Butler` and its variants.
        const BUTLER = 1 << 8;
        /// `IMP_1948` or `IMP_1961`: an older IMP scale.
        const OLD_IMP = 1 << 9;
        /// Any other word.
        const OTHER = 1 << 31;
    }
}

/// Room of a teams match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Room {
    /// Open room.
    Open,
    /// Closed room.
    Closed,
}

/// One call slot of the auction as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AuctionCall {
    /// A call.
    Call(Call),
    /// PBN `^S`: this player's call was skipped by a call out of rotation.
    Skipped,
    /// PBN `-` before the first caller: not yet this player's turn.
    NotYet,
    /// PBN `AP`: all remaining players pass.
    AllPass,
    /// PBN `+`: the next call is still to be made.
    Next,
    /// A call that could not be read (the decoder reported why). It keeps its
    /// place in the rotation, so the calls after it stay with the right seats.
    Unknown,
}

/// One call of the auction, with its annotations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AuctionItem {
    /// The call.
    pub call: AuctionCall,
    /// Where it was written.
    pub pos: Pos,
    /// PBN `^I`: an insufficient bid accepted by the opponents.
    pub insufficient_marked: bool,
    /// Note reference, if any.
    pub note: Option<u8>,
}

/// The auction as written: calls in rotation from `first`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Auction {
    /// The seat of the first call slot (PBN Auction tag value).
    pub first: Option<Seat>,
    /// Where the auction starts (the Auction tag).
    pub pos: Pos,
    /// The call slots in order.
    pub items: Vec<AuctionItem>,
    /// `*` written at the end (no further calls will be given).
    pub star: Option<Pos>,
    /// Explanations of the notes the calls refer to.
    pub notes: Vec<Note>,
}

/// A card slot of the play as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayCard {
    /// A card.
    Card(Card),
    /// PBN `-`: unknown or not played; also a card token that could not be read
    /// (the decoder reported why), so that the cards after it keep their seats.
    Unknown,
    /// PBN `+`: the next card is still to be played.
    Next,
}

impl PlayCard {
    /// The card, if it is known.
    ///
    /// ```
    /// use kibitz::bridge::PlayCard;
    /// assert_eq!(PlayCard::Unknown.known(), None);
    /// assert!(PlayCard::Card("SA".parse().unwrap()).known().is_some());
    /// ```
    pub const fn known(self) -> Option<Card> {
        match self {
            PlayCard::Card(c) => Some(c),
            PlayCard::Unknown | PlayCard::Next => None,
        }
    }
}

/// One card of the play, with its irregularity markers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayItem {
    /// The card.
    pub card: PlayCard,
    /// Where it was written.
    pub pos: Pos,
    /// PBN `^R`: a revoke noticed and accepted.
    pub revoke_marked: bool,
    /// PBN `^L`: an accepted lead out of turn.
    pub lead_out_of_turn_marked: bool,
    /// Note reference, if any.
    pub note: Option<u8>,
}

/// How the cards of [`Play::items`] are arranged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayOrder {
    /// PBN: each trick is a row of four cards in seat order, starting with the seat
    /// of the Play tag, not in the order they were played.
    #[default]
    SeatColumns,
    /// RBN and LIN: cards in the order they were played.
    Chronological,
}

/// The play as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Play {
    /// The seat of the first column (PBN Play tag value), normally the opening leader.
    pub first: Option<Seat>,
    /// Where the play starts (the Play tag).
    pub pos: Pos,
    /// How `items` are arranged.
    pub order: PlayOrder,
    /// The card slots.
    pub items: Vec<PlayItem>,
    /// `*` written at the end (play stopped, usually a claim).
    pub star: Option<Pos>,
    /// Explanations of the notes the cards refer to.
    pub notes: Vec<Note>,
}

/// The tags that name a game: event, site, date, players, the scoring method
/// and the game's place in its match (teams, stage, round, section, table), as
/// written (decoded to text). The rules never read them; they travel
/// with the board so that a conversion between notations keeps them.
///
/// ```
/// use kibitz::bridge::Identification;
/// use kibitz::Seat;
/// let mut id = Identification::default();
/// id.players[Seat::South] = "Belladonna".to_string();
/// assert!(!id.is_empty());
/// id.clear();
/// assert!(id.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Identification {
    /// Event (PBN Event, RBN E, LIN vugraph title).
    pub event: String,
    /// Site.
    pub site: String,
    /// Date as written (PBN's `YYYY.MM.DD`, `?` for unknown digits).
    pub date: String,
    /// Player names.
    pub players: BySeat<String>,
    /// The scoring method as written (`MP`, `IMP`, ...); [`Board::scoring`] holds
    /// what the rules read of it.
    pub scoring: String,
    /// The home team (PBN HomeTeam; RBN K's and LIN `vg`'s first team).
    #[cfg_attr(feature = "serde", serde(default))]
    pub home_team: String,
    /// The visiting team (PBN VisitTeam; RBN K's and LIN `vg`'s second team).
    #[cfg_attr(feature = "serde", serde(default))]
    pub visit_team: String,
    /// The stage of the event (PBN Stage, RBN S, LIN `vg`'s segment), as
    /// written: `Semifinal`, `S:3`, `O2 - QuarterF - 3/6`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub stage: String,
    /// The playing round (PBN Round).
    #[cfg_attr(feature = "serde", serde(default))]
    pub round: String,
    /// The playing section (PBN Section: `Open`, `Ladies`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub section: String,
    /// The table (PBN Table).
    #[cfg_attr(feature = "serde", serde(default))]
    pub table: String,
}

impl Identification {
    /// Empties every field, keeping allocations.
    pub fn clear(&mut self) {
        self.event.clear();
        self.site.clear();
        self.date.clear();
        self.scoring.clear();
        for p in &mut self.players.values {
            p.clear();
        }
        for f in self.match_fields_mut() {
            f.clear();
        }
    }

    /// The fields that place the board in its match or tournament: the two
    /// teams, stage, round, section and table.
    ///
    /// ```
    /// use kibitz::bridge::Identification;
    /// let id = Identification { home_team: "Italy".into(), table: "3".into(), ..Default::default() };
    /// assert_eq!(id.match_fields().map(String::as_str), ["Italy", "", "", "", "", "3"]);
    /// ```
    pub fn match_fields(&self) -> [&String; 6] {
        [
            &self.home_team,
            &self.visit_team,
            &self.stage,
            &self.round,
            &self.section,
            &self.table,
        ]
    }

    /// [`Identification::match_fields`], to change them.
    ///
    /// ```
    /// use kibitz::bridge::Identification;
    /// let mut id = Identification { stage: "Final".into(), ..Default::default() };
    /// id.match_fields_mut()[2].push_str(", 2/4");
    /// assert_eq!(id.stage, "Final, 2/4");
    /// ```
    pub fn match_fields_mut(&mut self) -> [&mut String; 6] {
        [
            &mut self.home_team,
            &mut self.visit_team,
            &mut self.stage,
            &mut self.round,
            &mut self.section,
            &mut self.table,
        ]
    }

    /// Whether no field is given.
    pub fn is_empty(&self) -> bool {
        self.event.is_empty()
            && self.site.is_empty()
            && self.date.is_empty()
            && self.scoring.is_empty()
            && self.players.values.iter().all(String::is_empty)
            && self.match_fields().iter().all(|f| f.is_empty())
    }
}

/// The explanation of a note reference (PBN `=n=` with its Note tag, an RBN
/// note, a LIN alert with its `an` text).
///
/// ```
/// use kibitz::bridge::Note;
/// let n = Note { number: 1, text: "strong".into() };
/// assert_eq!(n.number, 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Note {
    /// The number the calls or cards refer to.
    pub number: u8,
    /// The text (may be empty: an alert without explanation).
    pub text: String,
}

/// One row of a ScoreTable (PBN 2.1 §5.9) that states a result: a contract,
/// its declarer, the tricks he won and the score, as the row gives them.
/// Rows of artificial scores (`-` for the contract) are not kept.
///
/// ```
/// use kibitz::bridge::{ContractTag, TableScore};
/// let row = TableScore { contract: ContractTag::Pass, ..TableScore::default() };
/// assert_eq!(row.ns, None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableScore {
    /// The row's number in its table (1-based).
    pub row: u32,
    /// The Contract column.
    pub contract: ContractTag,
    /// The Declarer column.
    pub declarer: Option<Seat>,
    /// The Result column: tricks won by declarer.
    pub tricks: Option<u8>,
    /// The Score_NS column.
    pub ns: Option<At<i32>>,
    /// The Score_EW column.
    pub ew: Option<At<i32>>,
}

impl Default for TableScore {
    fn default() -> TableScore {
        TableScore {
            row: 0,
            contract: ContractTag::Pass,
            declarer: None,
            tricks: None,
            ns: None,
            ew: None,
        }
    }
}

/// A bridge board: deal, auction, play, and the tags that state their outcome.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    /// 1-based index of the record in its file (0 when not read from a file).
    pub record: usize,
    /// Where the record starts.
    pub pos: Pos,
    /// Event, site, date, players, scoring as written.
    pub id: Identification,
    /// Board number.
    pub number: Option<At<u32>>,
    /// Dealer.
    pub dealer: Option<At<Seat>>,
    /// Vulnerability.
    pub vulnerability: Option<At<Vulnerability>>,
    /// The deal.
    pub deal: Option<At<Deal>>,
    /// Scoring methods named.
    pub scoring: Scoring,
    /// Declarer tag.
    pub declarer: Option<At<DeclarerTag>>,
    /// Contract tag.
    pub contract: Option<At<ContractTag>>,
    /// Result tag; `None` inside when the tag is empty (passed out).
    pub result: Option<At<Option<ResultTag>>>,
    /// Score tag (points).
    pub score: Option<At<SideScore<i32>>>,
    /// ScoreIMP tag.
    pub score_imp: Option<At<SideScore<Centi>>>,
    /// Room tag.
    pub room: Option<Room>,
    /// The auction section.
    pub auction: Option<Auction>,
    /// The play section.
    pub play: Option<Play>,
    /// The table's line of a results list beside the record ([`Summary`]).
    pub summary: Option<At<Summary>>,
    /// The rows of a ScoreTable that state a result ([`TableScore`]).
    pub score_table: Vec<TableScore>,
    #[cfg_attr(feature = "serde", serde(skip))]
    spare_calls: Vec<AuctionItem>,
    #[cfg_attr(feature = "serde", serde(skip))]
    spare_cards: Vec<PlayItem>,
    /// The identification the board had before the current one (a decoder's
    /// cache: the players of a teams match alternate between two tables).
    #[cfg_attr(feature = "serde", serde(skip))]
    spare_id: Identification,
    /// The note lists and note texts of earlier records, emptied, for the
    /// next ones (see [`Board::add_note`]).
    #[cfg_attr(feature = "serde", serde(skip))]
    spare_notes: NoteSpares,
}

/// Emptied note lists and note texts kept for the next record, so that a
/// record's alerts allocate nothing once earlier records had as many: at most
/// as many texts as one record had notes, each as long as the longest there.
#[derive(Clone, Debug, Default)]
struct NoteSpares {
    /// Empty lists (an auction's and a play's).
    lists: [Vec<Note>; 2],
    /// Empty texts.
    texts: Vec<String>,
}

impl PartialEq for Board {
    /// Boards are equal when what they record is: the spare buffers are no part
    /// of it.
    fn eq(&self, other: &Board) -> bool {
        // Every field is named, so that a new one cannot be forgotten here.
        let Board {
            record,
            pos,
            id,
            number,
            dealer,
            vulnerability,
            deal,
            scoring,
            declarer,
            contract,
            result,
            score,
            score_imp,
            room,
            summary,
            score_table,
            auction,
            play,
            spare_calls: _,
            spare_cards: _,
            spare_id: _,
            spare_notes: _,
        } = self;
        *record == other.record
            && *pos == other.pos
            && *id == other.id
            && *number == other.number
            && *dealer == other.dealer
            && *vulnerability == other.vulnerability
            && *deal == other.deal
            && *scoring == other.scoring
            && *declarer == other.declarer
            && *contract == other.contract
            && *result == other.result
            && *score == other.score
            && *score_imp == other.score_imp
            && *room == other.room
            && *summary == other.summary
            && *score_table == other.score_table
            && *auction == other.auction
            && *play == other.play
    }
}

impl Board {
    /// The dealer as the record gives it: the Dealer tag, else the seat of the
    /// auction's first call, which is the dealer's (Law 17A). For a writer
    /// whose notation states the dealer with the auction (RBN's A label, LIN's
    /// `md` digit): a record naming no dealer but an auction's first seat is
    /// written from that seat, not left without one.
    ///
    /// ```
    /// use kibitz::bridge::{At, Auction, Board};
    /// use kibitz::{Pos, Seat};
    /// let mut b = Board::default();
    /// assert_eq!(b.dealer_or_first_caller(), None);
    /// b.auction = Some(Auction { first: Some(Seat::East), ..Auction::default() });
    /// assert_eq!(b.dealer_or_first_caller(), Some(Seat::East));
    /// b.dealer = Some(At::new(Seat::South, Pos::default()));
    /// assert_eq!(b.dealer_or_first_caller(), Some(Seat::South));
    /// ```
    pub fn dealer_or_first_caller(&self) -> Option<Seat> {
        self.dealer
            .map(|d| d.value)
            .or_else(|| self.auction.as_ref().and_then(|a| a.first))
    }

    /// Empties the board for the next record, keeping allocations: the larger of
    /// the section vectors and the spare ones, and the identification strings.
    ///
    /// ```
    /// use kibitz::bridge::{At, Board};
    /// use kibitz::{Pos, Seat};
    /// let mut b = Board::default();
    /// b.dealer = Some(At::new(Seat::North, Pos::new(3, 9)));
    /// b.id.event = "Bermuda Bowl".into();
    /// b.clear();
    /// assert_eq!(b, Board::default());
    /// ```
    pub fn clear(&mut self) {
        self.clear_but_id();
        self.id.clear();
    }

    /// [`Board::clear`] without emptying [`Board::id`]: for a decoder that sets
    /// every identification field and compares it with the new value first.
    pub(crate) fn clear_but_id(&mut self) {
        // Every field is named, so that a new one cannot be forgotten here.
        let Board {
            record,
            pos,
            id: _,
            number,
            dealer,
            vulnerability,
            deal,
            scoring,
            declarer,
            contract,
            result,
            score,
            score_imp,
            room,
            summary,
            score_table,
            auction,
            play,
            spare_calls,
            spare_cards,
            spare_id: _,
            spare_notes,
        } = self;
        if let Some(a) = auction.take() {
            spare_notes.keep(a.notes);
            if a.items.capacity() > spare_calls.capacity() {
                *spare_calls = a.items;
            }
        }
        if let Some(p) = play.take() {
            spare_notes.keep(p.notes);
            if p.items.capacity() > spare_cards.capacity() {
                *spare_cards = p.items;
            }
        }
        spare_calls.clear();
        spare_cards.clear();
        *record = 0;
        *pos = Pos::default();
        *number = None;
        *dealer = None;
        *vulnerability = None;
        *deal = None;
        *scoring = Scoring::default();
        *declarer = None;
        *contract = None;
        *result = None;
        *score = None;
        *score_imp = None;
        *room = None;
        *summary = None;
        score_table.clear();
    }

    /// Sets every position (and the record index) to zero, so that two spellings
    /// of one game compare equal.
    ///
    /// ```
    /// use kibitz::bridge::{At, Board};
    /// use kibitz::{Pos, Seat};
    /// let mut a = Board::default();
    /// a.dealer = Some(At::new(Seat::North, Pos::new(3, 9)));
    /// let mut b = a.clone();
    /// b.dealer = Some(At::new(Seat::North, Pos::new(7, 1)));
    /// a.clear_positions();
    /// b.clear_positions();
    /// assert_eq!(a, b);
    /// ```
    pub fn clear_positions(&mut self) {
        let z = Pos::default();
        self.pos = z;
        self.record = 0;
        macro_rules! clear {
            ($($f:ident),*) => { $( if let Some(x) = self.$f.as_mut() { x.pos = z; } )* };
        }
        clear!(
            number,
            dealer,
            vulnerability,
            deal,
            declarer,
            contract,
            result,
            score,
            score_imp,
            summary
        );
        if let Some(a) = self.auction.as_mut() {
            a.pos = z;
            a.star = a.star.map(|_| z);
            a.items.iter_mut().for_each(|i| i.pos = z);
        }
        if let Some(p) = self.play.as_mut() {
            p.pos = z;
            p.star = p.star.map(|_| z);
            p.items.iter_mut().for_each(|i| i.pos = z);
        }
        for row in &mut self.score_table {
            for v in [&mut row.ns, &mut row.ew].into_iter().flatten() {
                v.pos = z;
            }
        }
    }

    /// The identification and the spare one that decoders keep the previous
    /// record's values in.
    pub(crate) fn id_with_spare(&mut self) -> (&mut Identification, &mut Identification) {
        (&mut self.id, &mut self.spare_id)
    }

    /// An empty vector for auction items, reusing the previous record's allocation.
    pub fn take_call_buffer(&mut self) -> Vec<AuctionItem> {
        std::mem::take(&mut self.spare_calls)
    }

    /// An empty vector for play items, reusing the previous record's allocation.
    pub fn take_card_buffer(&mut self) -> Vec<PlayItem> {
        std::mem::take(&mut self.spare_cards)
    }

    /// Keeps `buf`, a buffer taken with [`Board::take_call_buffer`] that a
    /// record did not use (it has no auction), for the next record.
    ///
    /// ```
    /// use kibitz::bridge::Board;
    /// let mut b = Board::default();
    /// b.give_back_call_buffer(Vec::with_capacity(40));
    /// assert!(b.take_call_buffer().capacity() >= 40);
    /// ```
    pub fn give_back_call_buffer(&mut self, mut buf: Vec<AuctionItem>) {
        if buf.capacity() > self.spare_calls.capacity() {
            buf.clear();
            self.spare_calls = buf;
        }
    }

    /// Adds note `number` reading `text` to the auction's notes (with `play`,
    /// the play's), unless the board has no such section or the section has
    /// a note of that number already. The list and the text reuse earlier
    /// records' allocations.
    pub(crate) fn add_note(&mut self, play: bool, number: u8, text: &str) {
        let notes = match play {
            false => self.auction.as_mut().map(|a| &mut a.notes),
            true => self.play.as_mut().map(|p| &mut p.notes),
        };
        if let Some(notes) = notes.filter(|v| v.iter().all(|n| n.number != number)) {
            self.spare_notes.push(notes, number, text);
        }
    }

    /// Adds note `number` reading `text` to `notes`, a list that is to become
    /// a section's notes, reusing earlier records' allocations as
    /// [`Board::add_note`] does.
    pub(crate) fn add_note_to(&mut self, notes: &mut Vec<Note>, number: u8, text: &str) {
        self.spare_notes.push(notes, number, text);
    }

    /// [`Board::give_back_call_buffer`] for play items.
    ///
    /// ```
    /// use kibitz::bridge::Board;
    /// let mut b = Board::default();
    /// b.give_back_card_buffer(Vec::with_capacity(52));
    /// assert!(b.take_card_buffer().capacity() >= 52);
    /// ```
    pub fn give_back_card_buffer(&mut self, mut buf: Vec<PlayItem>) {
        if buf.capacity() > self.spare_cards.capacity() {
            buf.clear();
            self.spare_cards = buf;
        }
    }
}

impl NoteSpares {
    /// Pushes note `number` reading `text` onto `notes`, taking a spare list
    /// when `notes` has no allocation and a spare text.
    fn push(&mut self, notes: &mut Vec<Note>, number: u8, text: &str) {
        if notes.capacity() == 0 {
            let [a, b] = &mut self.lists;
            *notes = std::mem::take(if a.capacity() >= b.capacity() { a } else { b });
        }
        let mut spare = self.texts.pop().unwrap_or_default();
        spare.push_str(text);
        notes.push(Note {
            number,
            text: spare,
        });
    }

    /// Keeps `notes`' list and texts, emptied, in place of the smaller spare
    /// list.
    fn keep(&mut self, mut notes: Vec<Note>) {
        if notes.capacity() == 0 {
            return;
        }
        for note in notes.drain(..) {
            let mut text = note.text;
            if text.capacity() > 0 {
                text.clear();
                self.texts.push(text);
            }
        }
        let [a, b] = &mut self.lists;
        let smaller = if a.capacity() <= b.capacity() { a } else { b };
        if notes.capacity() > smaller.capacity() {
            *smaller = notes;
        }
    }
}
