//! A pinochle hand as recorded, free of any notation: what the rule module checks.
//!
//! A decoder (Portable Pinochle Notation, [`crate::notation`]) fills a [`Hand`]
//! per record. Every value carries the position it was written at ([`At`]), so a
//! finding can point at it; a tag that is absent is `None`. A tag whose value is
//! `*` (a terminated hand) or `?` (unknown) is kept as [`Written::Star`] or
//! [`Written::Unknown`]. A `Hand` is meant to be reused from record to record:
//! [`Hand::clear`] keeps its allocations.

use std::fmt;

pub use crate::bridge::At;
use crate::{BySeat, Pos, Seat, Side, Suit};

use super::{Buffers, ByTeam, Card, Cards};

/// A tag value as written: a value, `?` (unknown data) or `*` (not reached: the
/// hand was terminated before).
///
/// ```
/// use kibitz::pinochle::Written;
/// assert_eq!(Written::Value(3).value(), Some(&3));
/// assert_eq!(Written::<u32>::Star.value(), None);
/// assert!(Written::<u32>::Star.is_star());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Written<T> {
    /// A value.
    Value(T),
    /// `?`: unknown.
    Unknown,
    /// `*`: the hand ended before this was decided.
    Star,
}

impl<T> Written<T> {
    /// The value, if one was written.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Written::<u8>::Unknown.value(), None);
    /// ```
    pub const fn value(&self) -> Option<&T> {
        match self {
            Written::Value(v) => Some(v),
            _ => None,
        }
    }

    /// Whether this is `*`.
    ///
    /// ```
    /// assert!(!kibitz::pinochle::Written::Value(1).is_star());
    /// ```
    pub const fn is_star(&self) -> bool {
        matches!(self, Written::Star)
    }
}

/// A tag read as a [`Written`] value with its position.
///
/// ```
/// use kibitz::pinochle::{At, Tag, Written};
/// let t: Tag<u32> = Some(At::new(Written::Star, Default::default()));
/// assert!(t.unwrap().value.is_star());
/// ```
pub type Tag<T> = Option<At<Written<T>>>;

/// The value of a [`Tag`], if it has one.
///
/// ```
/// use kibitz::pinochle::{At, Written, value};
/// use kibitz::Pos;
/// assert_eq!(value(&Some(At::new(Written::Value(5), Pos::new(1, 1)))), Some(&5));
/// assert_eq!(value::<u8>(&None), None);
/// ```
pub fn value<T>(tag: &Tag<T>) -> Option<&T> {
    tag.as_ref().and_then(|a| a.value.value())
}

/// The four hands of a Deal or Holding tag (or the cards of a Passed tag): the
/// seat written first, then each seat's cards (`None` when not given).
///
/// ```
/// use kibitz::pinochle::Holdings;
/// use kibitz::Seat;
/// let h: Holdings = "E:AAAA... .AAAA.. ..AAAA. ...AAAA".parse().unwrap();
/// assert_eq!(h.first, Seat::East);
/// assert_eq!(h.hands[Seat::North].unwrap().to_string(), "...AAAA");
/// assert_eq!(h.to_string(), "E:AAAA... .AAAA.. ..AAAA. ...AAAA");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Holdings {
    /// The seat whose cards are written first.
    pub first: Seat,
    /// Each seat's cards.
    pub hands: BySeat<Option<Cards>>,
}

impl Default for Holdings {
    fn default() -> Holdings {
        Holdings {
            first: Seat::North,
            hands: BySeat::default(),
        }
    }
}

impl Holdings {
    /// Whether all four hands are given.
    ///
    /// ```
    /// assert!(!kibitz::pinochle::Holdings::default().is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.hands.values.iter().all(Option::is_some)
    }
}

/// A Deal/Holding value that could not be read.
///
/// ```
/// use kibitz::pinochle::Holdings;
/// assert!("X:...".parse::<Holdings>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pinochle deal: {0:?}")]
pub struct ParseHoldingsError(pub String);

impl std::str::FromStr for Holdings {
    type Err = ParseHoldingsError;
    /// `<seat>:<hand> <hand> <hand> <hand>`, clockwise from the seat; `-` for a
    /// hand not given. Fewer than four hands leave the rest `None`.
    fn from_str(s: &str) -> Result<Holdings, ParseHoldingsError> {
        let err = || ParseHoldingsError(s.to_string());
        let (seat, rest) = s.split_once(':').ok_or_else(err)?;
        let mut chars = seat.trim().chars();
        let first = match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_char(c).ok_or_else(err)?,
            _ => return Err(err()),
        };
        let mut h = Holdings {
            first,
            hands: BySeat::default(),
        };
        for (i, t) in rest.split_ascii_whitespace().enumerate() {
            if i >= 4 {
                return Err(err());
            }
            if t != "-" {
                h.hands[first.add(i)] = Some(Cards::parse_hand(t).map_err(|_| err())?);
            }
        }
        Ok(h)
    }
}

impl fmt::Display for Holdings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.first.char())?;
        for i in 0..4 {
            if i > 0 {
                f.write_str(" ")?;
            }
            match self.hands[self.first.add(i)] {
                Some(c) => write!(f, "{c}")?,
                None => f.write_str("-")?,
            }
        }
        Ok(())
    }
}

/// One slot of the auction.
///
/// ```
/// use kibitz::pinochle::Call;
/// assert_eq!("Pass".parse::<Call>(), Ok(Call::Pass));
/// assert_eq!("65".parse::<Call>(), Ok(Call::Bid(65)));
/// assert_eq!("-".parse::<Call>(), Ok(Call::Skip));
/// assert_eq!(Call::Bid(70).to_string(), "70");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Call {
    /// `Pass`.
    Pass,
    /// A bid of so many points.
    Bid(u32),
    /// `-`: the seat has already passed.
    Skip,
    /// A token that could not be read (the decoder reported it); it keeps its
    /// place in the rotation.
    Unknown,
}

impl std::str::FromStr for Call {
    type Err = ();
    fn from_str(s: &str) -> Result<Call, ()> {
        match s {
            "-" => Ok(Call::Skip),
            _ if s.eq_ignore_ascii_case("pass") => Ok(Call::Pass),
            _ if !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse().map(Call::Bid).map_err(|_| ())
            }
            _ => Err(()),
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Bid(n) => write!(f, "{n}"),
            Call::Skip => f.write_str("-"),
            Call::Unknown => f.write_str("?"),
        }
    }
}

/// The Auction section: call slots in rotation from `first`, one slot per seat
/// per round (rounds are the lines of the section).
///
/// ```
/// use kibitz::pinochle::{At, Auction, Call};
/// use kibitz::{Pos, Seat};
/// let a = Auction::from_calls(Seat::East, &[Call::Pass, Call::Bid(50)]);
/// assert_eq!(a.calls[1].value, Call::Bid(50));
/// assert_eq!(a.seat_of(1), Some(Seat::South));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Auction {
    /// The seat of the first slot (the Auction tag value), if readable.
    pub first: Option<Seat>,
    /// Where the Auction tag is.
    pub pos: Pos,
    /// The slots in order.
    pub calls: Vec<At<Call>>,
    /// `*` written where the next call would be (a terminated hand).
    pub star: Option<Pos>,
}

impl Auction {
    /// An auction of `calls` from `first`, every position zero (for tests and
    /// the generator).
    ///
    /// ```
    /// use kibitz::pinochle::{Auction, Call};
    /// use kibitz::Seat;
    /// let a = Auction::from_calls(Seat::North, &[Call::Bid(50), Call::Pass]);
    /// assert_eq!((a.first, a.calls.len(), a.star), (Some(Seat::North), 2, None));
    /// ```
    pub fn from_calls(first: Seat, calls: &[Call]) -> Auction {
        Auction {
            first: Some(first),
            pos: Pos::default(),
            calls: calls.iter().map(|&c| At::new(c, Pos::default())).collect(),
            star: None,
        }
    }

    /// The seat of slot `i`.
    ///
    /// ```
    /// use kibitz::pinochle::Auction;
    /// use kibitz::Seat;
    /// assert_eq!(Auction::from_calls(Seat::West, &[]).seat_of(5), Some(Seat::North));
    /// ```
    pub fn seat_of(&self, i: usize) -> Option<Seat> {
        self.first.map(|f| f.add(i))
    }
}

/// The Trump tag.
///
/// ```
/// use kibitz::pinochle::Trump;
/// use kibitz::Suit;
/// assert_eq!("H".parse::<Trump>(), Ok(Trump::Suit(Suit::Hearts)));
/// assert_eq!("-".parse::<Trump>(), Ok(Trump::NoMarriage));
/// assert_eq!(Trump::NoMarriage.to_string(), "-");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Trump {
    /// The suit named trump.
    Suit(Suit),
    /// `-`: the declarer holds no marriage.
    NoMarriage,
}

impl Trump {
    /// The trump suit, if any.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Trump::NoMarriage.suit(), None);
    /// ```
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            Trump::NoMarriage => None,
        }
    }
}

impl std::str::FromStr for Trump {
    type Err = ();
    fn from_str(s: &str) -> Result<Trump, ()> {
        let mut c = s.chars();
        match (c.next(), c.next()) {
            (Some('-'), None) => Ok(Trump::NoMarriage),
            (Some(x), None) => Suit::from_char(x).map(Trump::Suit).ok_or(()),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trump::Suit(s) => write!(f, "{}", s.char()),
            Trump::NoMarriage => f.write_str("-"),
        }
    }
}

/// One player's entry of the Melds tag: the cards shown and the points claimed.
///
/// ```
/// use kibitz::pinochle::MeldEntry;
/// let m = MeldEntry { cards: "..Q.J".parse().unwrap(), points: None };
/// assert_eq!(m.cards.len(), 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeldEntry {
    /// The physical cards melded.
    pub cards: Cards,
    /// The points in parentheses, with their position.
    pub points: Option<At<u32>>,
}

/// The Melds tag: from the seat written first, clockwise, each player's entry
/// (at the position of its cards).
///
/// ```
/// use kibitz::pinochle::Melds;
/// assert!(Melds::default().players.values.iter().all(Option::is_none));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Melds {
    /// The seat written first.
    pub first: Seat,
    /// Each player's entry.
    pub players: BySeat<Option<At<MeldEntry>>>,
}

impl Default for Melds {
    fn default() -> Melds {
        Melds {
            first: Seat::North,
            players: BySeat::default(),
        }
    }
}

/// One card slot of a trick as written.
///
/// ```
/// use kibitz::pinochle::PlayCard;
/// assert_eq!(PlayCard::Missing.known(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayCard {
    /// A card.
    Card(Card),
    /// `-`: not played (a cut-off trick) or unknown; also a token the decoder
    /// could not read, so the cards after it keep their seats.
    Missing,
}

impl PlayCard {
    /// The card, if known.
    ///
    /// ```
    /// use kibitz::pinochle::PlayCard;
    /// assert!(PlayCard::Card("HA".parse().unwrap()).known().is_some());
    /// ```
    pub const fn known(self) -> Option<Card> {
        match self {
            PlayCard::Card(c) => Some(c),
            PlayCard::Missing => None,
        }
    }
}

/// One line of the Play section: four card slots in seat order from
/// [`Play::first`] (not in the order played), then the recorded winner and
/// points `(S2)`.
///
/// ```
/// use kibitz::pinochle::{At, PlayCard, Trick};
/// use kibitz::{Pos, Seat};
/// let t = Trick::from_cards(["CA", "CJ", "CK", "CJ"].map(|c| c.parse().unwrap()), Some((Seat::South, 2)));
/// assert_eq!(t.cards[0].value, PlayCard::Card("CA".parse().unwrap()));
/// assert_eq!(t.winner.unwrap().value, Seat::South);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trick {
    /// The four slots, in seat order from the Play tag's seat.
    pub cards: [At<PlayCard>; 4],
    /// Recorded winner.
    pub winner: Option<At<Seat>>,
    /// Recorded counter points (the last trick's include its bonus).
    pub points: Option<At<u32>>,
    /// Where the line starts.
    pub pos: Pos,
}

impl Trick {
    /// A trick of four known cards (seat order) and an optional winner and
    /// points, every position zero.
    ///
    /// ```
    /// use kibitz::pinochle::Trick;
    /// let t = Trick::from_cards(["HA", "HT", "HK", "HQ"].map(|c| c.parse().unwrap()), None);
    /// assert!(t.winner.is_none() && t.points.is_none());
    /// ```
    pub fn from_cards(cards: [Card; 4], note: Option<(Seat, u32)>) -> Trick {
        let z = Pos::default();
        Trick {
            cards: cards.map(|c| At::new(PlayCard::Card(c), z)),
            winner: note.map(|n| At::new(n.0, z)),
            points: note.map(|n| At::new(n.1, z)),
            pos: z,
        }
    }
}

/// The Play section.
///
/// ```
/// use kibitz::pinochle::Play;
/// assert!(Play::default().tricks.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Play {
    /// The seat of the first column (the Play tag value): the first leader.
    pub first: Option<Seat>,
    /// Where the Play tag is.
    pub pos: Pos,
    /// The tricks in order.
    pub tricks: Vec<Trick>,
    /// `*` written where the next card would be (a terminated hand).
    pub star: Option<Pos>,
}

/// The Result tag.
///
/// ```
/// use kibitz::pinochle::Outcome;
/// assert_eq!("No Board".parse::<Outcome>(), Ok(Outcome::NoBoard));
/// assert_eq!(Outcome::NoTrump.to_string(), "No Trump");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The declaring team made its bid.
    Saved,
    /// The declaring team did not.
    Set,
    /// The declarer held no marriage; not played.
    NoTrump,
    /// The declaring team's meld is below the minimum; not played.
    NoBoard,
}

impl Outcome {
    /// The notation's term.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Outcome::Saved.as_str(), "Saved");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Saved => "Saved",
            Outcome::Set => "Set",
            Outcome::NoTrump => "No Trump",
            Outcome::NoBoard => "No Board",
        }
    }

    /// Whether the hand is played out.
    ///
    /// ```
    /// assert!(!kibitz::pinochle::Outcome::NoBoard.is_played());
    /// ```
    pub const fn is_played(self) -> bool {
        matches!(self, Outcome::Saved | Outcome::Set)
    }
}

impl std::str::FromStr for Outcome {
    type Err = ();
    fn from_str(s: &str) -> Result<Outcome, ()> {
        match s {
            "Saved" => Ok(Outcome::Saved),
            "Set" => Ok(Outcome::Set),
            "No Trump" => Ok(Outcome::NoTrump),
            "No Board" => Ok(Outcome::NoBoard),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The Termination tag: who is responsible (`None` for `-`) and the cause.
///
/// ```
/// use kibitz::pinochle::Termination;
/// let t: Termination = "W:Time out".parse().unwrap();
/// assert_eq!(t.seat, Some(kibitz::Seat::West));
/// assert_eq!(t.cause, "Time out");
/// assert_eq!(t.to_string(), "W:Time out");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Termination {
    /// The responsible seat.
    pub seat: Option<Seat>,
    /// The cause as written ("Time out", "Abandoned", "Reneged", ...).
    pub cause: String,
}

impl std::str::FromStr for Termination {
    type Err = ();
    fn from_str(s: &str) -> Result<Termination, ()> {
        let (seat, cause) = s.split_once(':').ok_or(())?;
        let seat = match seat.trim() {
            "-" => None,
            t if t.len() == 1 => Some(Seat::from_char(t.chars().next().ok_or(())?).ok_or(())?),
            _ => return Err(()),
        };
        Ok(Termination {
            seat,
            cause: cause.to_string(),
        })
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seat {
            Some(s) => write!(f, "{}:{}", s.char(), self.cause),
            None => write!(f, "-:{}", self.cause),
        }
    }
}

/// The Discard tag: cards and the points in parentheses.
///
/// ```
/// use kibitz::pinochle::Discard;
/// assert_eq!(Discard::default().points, None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Discard {
    /// The cards.
    pub cards: Cards,
    /// The points, if written.
    pub points: Option<u32>,
}

/// The Competition tag, as far as the rules care.
///
/// ```
/// use kibitz::pinochle::Competition;
/// assert_eq!(Competition::from_name("Double-deck Four-handed"), Competition::DoubleDeckFourHanded);
/// assert_eq!(Competition::from_name("Single-deck Two-handed"), Competition::Other);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Competition {
    /// Double-deck four-handed (the default), the variant this module checks.
    DoubleDeckFourHanded,
    /// Any other variant: not checked.
    Other,
}

impl Competition {
    /// Classifies a Competition value (case-insensitive; `-` and space alike).
    ///
    /// ```
    /// use kibitz::pinochle::Competition;
    /// assert_eq!(Competition::from_name("double deck four-handed"), Competition::DoubleDeckFourHanded);
    /// ```
    pub fn from_name(s: &str) -> Competition {
        let norm = |b: u8| {
            if b == b'-' {
                b' '
            } else {
                b.to_ascii_lowercase()
            }
        };
        let want = b"double deck four handed";
        let t = s.trim().as_bytes();
        if t.len() == want.len() && t.iter().zip(want).all(|(&a, &b)| norm(a) == b) {
            Competition::DoubleDeckFourHanded
        } else {
            Competition::Other
        }
    }
}

/// A hand of double-deck four-handed pinochle as recorded: every tag the rules
/// read, each with its position.
///
/// ```
/// use kibitz::pinochle::{At, Hand, Written};
/// use kibitz::{Pos, Seat};
/// let mut h = Hand::default();
/// h.dealer = Some(At::new(Written::Value(Seat::North), Pos::new(7, 10)));
/// h.clear();
/// assert!(h.dealer.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hand {
    /// 1-based index of the record in its file (0 when not read from a file).
    pub record: usize,
    /// Where the record starts.
    pub pos: Pos,
    /// Competition tag (absent = double-deck four-handed).
    pub competition: Option<At<Competition>>,
    /// Hand tag: number of the hand within the game, from 1.
    pub number: Tag<u32>,
    /// GameScores: team scores before this hand.
    pub game_scores: Tag<ByTeam<i32>>,
    /// Dealer.
    pub dealer: Tag<Seat>,
    /// Deal: the cards as dealt.
    pub deal: Tag<Holdings>,
    /// Declarer.
    pub declarer: Tag<Seat>,
    /// Contract: the winning bid.
    pub contract: Tag<u32>,
    /// Trump.
    pub trump: Tag<Trump>,
    /// Kitty (variants with a widow).
    pub kitty: Tag<Cards>,
    /// Passed: cards passed to a partner (passing variants).
    pub passed: Tag<Holdings>,
    /// Discard (kitty variants).
    pub discard: Tag<Discard>,
    /// Holding: the hands after the exchange.
    pub holding: Tag<Holdings>,
    /// Melds.
    pub melds: Tag<Melds>,
    /// MeldScores.
    pub meld_scores: Tag<ByTeam<i32>>,
    /// PlayScores.
    pub play_scores: Tag<ByTeam<i32>>,
    /// Result.
    pub result: Tag<Outcome>,
    /// HandScores.
    pub hand_scores: Tag<ByTeam<i32>>,
    /// Victor: the team that won the game.
    pub victor: Tag<Side>,
    /// Termination.
    pub termination: Tag<Termination>,
    /// The Auction section.
    pub auction: Option<Auction>,
    /// The Play section.
    pub play: Option<Play>,
    /// Spare allocations (see [`Hand::clear`]).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub buffers: Buffers,
}

impl Hand {
    /// Empties the hand for the next record, keeping the allocations of its
    /// auction, play and termination cause for [`Hand::take_call_buffer`],
    /// [`Hand::take_trick_buffer`] and [`Hand::take_cause_buffer`].
    ///
    /// ```
    /// use kibitz::pinochle::{Auction, Hand};
    /// let mut h = Hand::default();
    /// let mut calls = h.take_call_buffer();
    /// calls.reserve(40);
    /// h.auction = Some(Auction { calls, ..Auction::default() });
    /// h.clear();
    /// assert!(h.auction.is_none());
    /// assert!(h.take_call_buffer().capacity() >= 40);
    /// ```
    pub fn clear(&mut self) {
        let buffers = Buffers::reclaim(self);
        *self = Hand::default();
        self.buffers = buffers;
    }

    /// Sets every position (and the record index) to zero, so that two
    /// spellings of one hand compare equal.
    ///
    /// ```
    /// use kibitz::pinochle::{At, Hand, Written};
    /// use kibitz::{Pos, Seat};
    /// let mut a = Hand::default();
    /// a.dealer = Some(At::new(Written::Value(Seat::East), Pos::new(3, 9)));
    /// let mut b = a.clone();
    /// b.dealer = Some(At::new(Written::Value(Seat::East), Pos::new(8, 1)));
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
            competition,
            number,
            game_scores,
            dealer,
            deal,
            declarer,
            contract,
            trump,
            kitty,
            passed,
            discard,
            holding,
            melds,
            meld_scores,
            play_scores,
            result,
            hand_scores,
            victor,
            termination
        );
        if let Some(At {
            value: Written::Value(m),
            ..
        }) = self.melds.as_mut()
        {
            for e in m.players.values.iter_mut().flatten() {
                e.pos = z;
                if let Some(p) = e.value.points.as_mut() {
                    p.pos = z;
                }
            }
        }
        if let Some(a) = self.auction.as_mut() {
            a.pos = z;
            a.star = a.star.map(|_| z);
            a.calls.iter_mut().for_each(|c| c.pos = z);
        }
        if let Some(p) = self.play.as_mut() {
            p.pos = z;
            p.star = p.star.map(|_| z);
            for t in &mut p.tricks {
                t.pos = z;
                t.cards.iter_mut().for_each(|c| c.pos = z);
                if let Some(w) = t.winner.as_mut() {
                    w.pos = z;
                }
                if let Some(w) = t.points.as_mut() {
                    w.pos = z;
                }
            }
        }
    }
}
