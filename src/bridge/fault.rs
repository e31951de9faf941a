//! What the bridge rules find, as typed values with their proof, and the messages
//! that show that proof.
//!
//! The checks build [`Fault`]s; [`Fault::finding`] turns one into a [`Finding`]
//! of the rule it breaks ([`Fault::rule`]) with a message that names the cards,
//! calls, seats and numbers that prove it.

use std::fmt;

use smallvec::SmallVec;

use crate::bridge::{Centi, ContractTag, DeclarerTag, Room};
use crate::{
    Bid, Card, CardSet, Contract, Finding, Game, Pos, Rule, Seat, Side, Suit, Vulnerability,
};

use super::rules as r;

/// A trick number, from 1.
pub type Trick = u8;

/// The name of a suit in a message: `spade`, `heart`, ...
///
/// ```
/// assert_eq!(kibitz::bridge::fault::suit_name(kibitz::Suit::Spades), "spade");
/// ```
pub const fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spade",
        Suit::Hearts => "heart",
        Suit::Diamonds => "diamond",
        Suit::Clubs => "club",
    }
}

/// Why a hand has the wrong number of cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandSizeFault {
    /// More than 13 cards.
    TooMany {
        /// The hand.
        seat: Seat,
        /// Its cards.
        len: usize,
    },
    /// Fewer than 13 cards while another hand has 13 (a full deal).
    Short {
        /// The short hand.
        seat: Seat,
        /// Its cards.
        len: usize,
        /// A hand with 13.
        full: Seat,
    },
    /// An end position with play whose hands differ in size.
    Unequal {
        /// One hand.
        seat: Seat,
        /// Its cards.
        len: usize,
        /// Another hand.
        other: Seat,
        /// Its cards.
        other_len: usize,
    },
}

/// A tag that differs from the standard board cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CycleFault {
    /// The Dealer tag.
    Dealer {
        /// Written.
        written: Seat,
        /// By the cycle.
        expected: Seat,
    },
    /// The Vulnerable tag.
    Vulnerable {
        /// Written.
        written: Vulnerability,
        /// By the cycle.
        expected: Vulnerability,
    },
}

/// Why a double is not allowed (Law 19A).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleFault {
    /// No bid has been made.
    NoBid,
    /// The last bid is by the doubler's own side.
    OwnSide {
        /// The last bid.
        bid: Bid,
        /// Who made it.
        by: Seat,
    },
    /// The last bid is already doubled or redoubled.
    AlreadyDoubled {
        /// The last bid.
        bid: Bid,
    },
}

/// Why a redouble is not allowed (Law 19B).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RedoubleFault {
    /// The last bid is not doubled (or there is none).
    NotDoubled {
        /// The last bid, if any.
        bid: Option<Bid>,
    },
    /// The double is by the redoubler's own side.
    OwnDouble {
        /// Who doubled.
        doubler: Seat,
    },
    /// The last bid is already redoubled.
    AlreadyRedoubled {
        /// The last bid.
        bid: Bid,
    },
}

/// Why a card the player plays is not his to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NotHeldFault {
    /// The deal gives the card to another seat.
    OtherHand(Seat),
    /// The player's hand is known and the card is in no known hand.
    NotInHand,
    /// The player has played all his cards.
    NoCardsLeft,
}

/// Why a `^R` or `^L` marker is wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarkerFault {
    /// `^R` on the card that leads the trick.
    RevokeOnLead,
    /// `^R` on a card that follows suit.
    RevokeFollowed {
        /// The suit led.
        led: Suit,
    },
    /// `^R` on a card of a player who held no card of the suit led.
    RevokeVoid {
        /// The suit led.
        led: Suit,
    },
    /// `^L` on the card of the player who was on lead.
    LeadInTurn,
    /// A second `^L` in one trick.
    SecondLead,
}

/// The form a Score or ScoreIMP value was written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// `"<s>"`: the declaring side.
    Declarer,
    /// `"NS <s>"`.
    NorthSouth,
    /// `"EW <s>"`.
    EastWest,
}

impl Form {
    /// The side a value in this form is for, given the declaring side.
    pub const fn side(self, declaring: Side) -> Side {
        match self {
            Form::Declarer => declaring,
            Form::NorthSouth => Side::NorthSouth,
            Form::EastWest => Side::EastWest,
        }
    }

    fn show(self, v: impl fmt::Display) -> String {
        match self {
            Form::Declarer => format!("{v}"),
            Form::NorthSouth => format!("NS {v}"),
            Form::EastWest => format!("EW {v}"),
        }
    }
}

/// One thing the bridge rules found, with its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Cards held twice: in two hands, or written twice in one.
    DuplicateCard {
        /// The Deal tag.
        pos: Pos,
        /// Each group of cards with its two holders (the same seat twice when
        /// written twice in one hand).
        groups: SmallVec<[(CardSet, Seat, Seat); 2]>,
    },
    /// A hand of the wrong size.
    HandSize {
        /// The Deal tag.
        pos: Pos,
        /// What is wrong.
        fault: HandSizeFault,
    },
    /// All four hands unknown.
    NoHand {
        /// The Deal tag.
        pos: Pos,
    },
    /// Dealer or Vulnerable off the board cycle.
    Cycle {
        /// The tag.
        pos: Pos,
        /// The board number.
        board: u32,
        /// What differs.
        fault: CycleFault,
    },
    /// The first call is not the dealer's.
    Rotation {
        /// The call.
        pos: Pos,
        /// Whose call it is by the Auction tag.
        seat: Seat,
        /// The dealer.
        dealer: Seat,
    },
    /// `-` (not yet this player's turn) after the first call.
    LateNotYet {
        /// The `-`.
        pos: Pos,
    },
    /// An insufficient bid (`marked`: with `^I`).
    Insufficient {
        /// The bid.
        pos: Pos,
        /// Who bid.
        seat: Seat,
        /// The bid.
        bid: Bid,
        /// The last bid before it.
        over: Bid,
        /// Who made that.
        by: Seat,
        /// Marked `^I`.
        marked: bool,
    },
    /// A call skipped (`^S`).
    SkipMarked {
        /// The `^S`.
        pos: Pos,
        /// Whose call was skipped.
        seat: Seat,
    },
    /// `^I` before a sufficient bid.
    InsufficientMarkerWrong {
        /// The bid.
        pos: Pos,
        /// Who bid.
        seat: Seat,
        /// The bid.
        bid: Bid,
        /// The last bid before it, if any.
        over: Option<(Bid, Seat)>,
    },
    /// An illegal double.
    Double {
        /// The double.
        pos: Pos,
        /// Who doubled.
        seat: Seat,
        /// Why it is illegal.
        fault: DoubleFault,
    },
    /// An illegal redouble.
    Redouble {
        /// The redouble.
        pos: Pos,
        /// Who redoubled.
        seat: Seat,
        /// Why it is illegal.
        fault: RedoubleFault,
    },
    /// A call after the end of the auction.
    AfterEnd {
        /// The call.
        pos: Pos,
        /// Whose turn it would be.
        seat: Seat,
        /// Where the auction ended.
        end: Pos,
    },
    /// An auction that stops before its end, without `*` or `+`.
    Incomplete {
        /// The Auction tag.
        pos: Pos,
        /// Calls made.
        calls: usize,
    },
    /// Contract tag against the auction.
    Contract {
        /// The Contract tag.
        pos: Pos,
        /// Written.
        written: ContractTag,
        /// From the auction (`None`: passed out).
        derived: Option<Contract>,
    },
    /// Declarer tag against the auction.
    Declarer {
        /// The Declarer tag.
        pos: Pos,
        /// Written.
        written: DeclarerTag,
        /// From the auction (`None`: passed out).
        derived: Option<(Seat, Contract)>,
    },
    /// Declarer `^`: declarer and dummy swapped.
    SwapMarked {
        /// The Declarer tag.
        pos: Pos,
        /// Who plays the contract.
        playing: Seat,
    },
    /// Wrong opening leader.
    Leader {
        /// The first card.
        pos: Pos,
        /// Who led.
        actual: Seat,
        /// Declarer.
        declarer: Seat,
    },
    /// A lead out of turn marked `^L`.
    LeadMarked {
        /// The card.
        pos: Pos,
        /// The trick.
        trick: Trick,
        /// Who led.
        seat: Seat,
        /// Who was on lead.
        expected: Seat,
    },
    /// A card not held.
    NotHeld {
        /// The card.
        pos: Pos,
        /// The trick.
        trick: Trick,
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// Why it is not his.
        fault: NotHeldFault,
    },
    /// A card played twice.
    PlayedTwice {
        /// The card.
        pos: Pos,
        /// The trick.
        trick: Trick,
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// The trick it was first played to.
        first: Trick,
    },
    /// A revoke (`marked`: with `^R`).
    Revoke {
        /// The card.
        pos: Pos,
        /// The trick.
        trick: Trick,
        /// Who revoked.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The suit led.
        led: Suit,
        /// A card of the suit led that the player held (unknown only for a marked
        /// revoke of a hand the record does not give).
        proof: Option<Card>,
        /// When the proof card was played, if it was.
        proof_trick: Option<Trick>,
        /// Marked `^R`.
        marked: bool,
    },
    /// A wrong `^R` or `^L`.
    PlayMarkerWrong {
        /// The card.
        pos: Pos,
        /// The trick.
        trick: Trick,
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// What is wrong.
        fault: MarkerFault,
    },
    /// Result against a full play.
    ResultTricks {
        /// The Result tag.
        pos: Pos,
        /// Declarer's tricks as written.
        written: u8,
        /// Declarer's tricks in the play.
        computed: u8,
        /// Declarer.
        declarer: Seat,
    },
    /// Result outside the claim bound.
    ResultClaim {
        /// The Result tag.
        pos: Pos,
        /// Declarer's tricks as written.
        written: u8,
        /// Tricks declarer had won when the play stopped.
        won: u8,
        /// Tricks not played.
        left: u8,
        /// Declarer.
        declarer: Seat,
    },
    /// Result marked `^`.
    ResultAgreed {
        /// The Result tag.
        pos: Pos,
    },
    /// NS and EW tricks that do not add up to 13.
    ResultTotal {
        /// The Result tag.
        pos: Pos,
        /// NS tricks.
        ns: u8,
        /// EW tricks.
        ew: u8,
    },
    /// A Result that gives tricks on a passed-out board.
    ResultPassedOut {
        /// The Result tag.
        pos: Pos,
    },
    /// A passed-out board whose Declarer tag names a seat or whose Result is 0
    /// (PBN: both are empty).
    PassedOutTags {
        /// The first such tag.
        pos: Pos,
        /// The seat in the Declarer tag, if any.
        declarer: Option<Seat>,
        /// Result `0`.
        result_zero: bool,
    },
    /// A Score that differs from duplicate scoring.
    Points {
        /// The Score tag.
        pos: Pos,
        /// The form of the value.
        form: Form,
        /// Written.
        written: i32,
        /// Computed for the same form.
        computed: i32,
        /// Contract, declarer, vulnerable, tricks (`None`: passed out).
        basis: Option<(Contract, Seat, bool, u8)>,
    },
    /// A ScoreIMP that differs from the IMPs between the two tables.
    Imp {
        /// The ScoreIMP tag.
        pos: Pos,
        /// The form of the value.
        form: Form,
        /// Written.
        written: Centi,
        /// Computed for the same form.
        computed: i32,
        /// NS score at this table.
        this_ns: i32,
        /// NS score at the other table.
        other_ns: i32,
        /// The other table's room.
        other_room: Room,
        /// The other record's first line.
        other_line: u64,
    },
}

impl Fault {
    /// The rule the fault breaks.
    pub fn rule(&self) -> Rule {
        match self {
            Fault::DuplicateCard { .. } => r::DUPLICATE_CARD,
            Fault::HandSize { .. } => r::HAND_SIZE,
            Fault::NoHand { .. } => r::NO_HAND,
            Fault::Cycle { .. } => r::CYCLE,
            Fault::Rotation { .. } | Fault::LateNotYet { .. } => r::ROTATION,
            Fault::Insufficient { marked: false, .. } => r::INSUFFICIENT,
            Fault::Insufficient { marked: true, .. } => r::INSUFFICIENT_MARKED,
            Fault::SkipMarked { .. } => r::SKIP_MARKED,
            Fault::InsufficientMarkerWrong { .. } => r::AUCTION_WRONG_MARKER,
            Fault::Double { .. } => r::DOUBLE,
            Fault::Redouble { .. } => r::REDOUBLE,
            Fault::AfterEnd { .. } => r::AFTER_END,
            Fault::Incomplete { .. } => r::INCOMPLETE,
            Fault::Contract { .. } => r::CONTRACT,
            Fault::Declarer { .. } => r::DECLARER,
            Fault::SwapMarked { .. } => r::SWAP_MARKED,
            Fault::Leader { .. } => r::LEADER,
            Fault::LeadMarked { .. } => r::LEAD_MARKED,
            Fault::NotHeld { .. } => r::NOT_HELD,
            Fault::PlayedTwice { .. } => r::PLAYED_TWICE,
            Fault::Revoke { marked: false, .. } => r::REVOKE,
            Fault::Revoke { marked: true, .. } => r::REVOKE_MARKED,
            Fault::PlayMarkerWrong { .. } => r::PLAY_WRONG_MARKER,
            Fault::ResultTricks { .. } => r::RESULT_TRICKS,
            Fault::ResultClaim { .. } => r::RESULT_CLAIM,
            Fault::ResultAgreed { .. } => r::RESULT_AGREED_MARKED,
            Fault::ResultTotal { .. } => r::RESULT_TOTAL,
            Fault::ResultPassedOut { .. } => r::RESULT_PASSED_OUT,
            Fault::PassedOutTags { .. } => r::PASSED_OUT_TAGS,
            Fault::Points { .. } => r::SCORE_POINTS,
            Fault::Imp { .. } => r::SCORE_IMP,
        }
    }

    /// Where the fault is.
    pub fn pos(&self) -> Pos {
        match *self {
            Fault::DuplicateCard { pos, .. }
            | Fault::HandSize { pos, .. }
            | Fault::NoHand { pos }
            | Fault::Cycle { pos, .. }
            | Fault::Rotation { pos, .. }
            | Fault::LateNotYet { pos }
            | Fault::Insufficient { pos, .. }
            | Fault::SkipMarked { pos, .. }
            | Fault::InsufficientMarkerWrong { pos, .. }
            | Fault::Double { pos, .. }
            | Fault::Redouble { pos, .. }
            | Fault::AfterEnd { pos, .. }
            | Fault::Incomplete { pos, .. }
            | Fault::Contract { pos, .. }
            | Fault::Declarer { pos, .. }
            | Fault::SwapMarked { pos, .. }
            | Fault::Leader { pos, .. }
            | Fault::LeadMarked { pos, .. }
            | Fault::NotHeld { pos, .. }
            | Fault::PlayedTwice { pos, .. }
            | Fault::Revoke { pos, .. }
            | Fault::PlayMarkerWrong { pos, .. }
            | Fault::ResultTricks { pos, .. }
            | Fault::ResultClaim { pos, .. }
            | Fault::ResultAgreed { pos }
            | Fault::ResultTotal { pos, .. }
            | Fault::ResultPassedOut { pos }
            | Fault::PassedOutTags { pos, .. }
            | Fault::Points { pos, .. }
            | Fault::Imp { pos, .. } => pos,
        }
    }

    /// The finding of this fault in record `record`.
    ///
    /// ```
    /// use kibitz::bridge::fault::Fault;
    /// use kibitz::{Pos, Severity};
    /// let f = Fault::ResultAgreed { pos: Pos::new(9, 9) }.finding(3);
    /// assert_eq!(f.rule, "bridge.result.agreed-marked");
    /// assert_eq!((f.severity, f.record), (Severity::Notice, 3));
    /// ```
    pub fn finding(&self, record: usize) -> Finding {
        let mut f = Finding::of(self.rule(), self.pos(), self.to_string());
        f.record = record;
        f.game = Some(Game::Bridge);
        f
    }
}

/// The cards of `set` as `SK, H5`, highest first.
///
/// ```
/// use kibitz::bridge::fault::card_list;
/// assert_eq!(card_list("K.5..".parse().unwrap()), "SK, H5");
/// ```
pub fn card_list(set: CardSet) -> String {
    let mut s = String::new();
    for (i, c) in set.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&c.to_string());
    }
    s
}

fn contract_tag(t: ContractTag) -> String {
    match t {
        ContractTag::Pass => "Pass".into(),
        ContractTag::Contract(c) => c.to_string(),
        ContractTag::Strain(s) => s.to_string(),
    }
}

fn risk_word(c: Contract) -> &'static str {
    match c.risk {
        crate::Risk::Undoubled => "",
        crate::Risk::Doubled => " doubled",
        crate::Risk::Redoubled => " redoubled",
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::DuplicateCard { ref groups, .. } => {
                for (i, &(cards, first, second)) in groups.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    let verb = if cards.len() == 1 { "is" } else { "are" };
                    let list = card_list(cards);
                    if first == second {
                        write!(f, "{list} {verb} written twice in {first}'s hand")?;
                    } else {
                        write!(f, "{list} {verb} held twice: by {first} and by {second}")?;
                    }
                }
                Ok(())
            }
            Fault::HandSize { fault, .. } => match fault {
                HandSizeFault::TooMany { seat, len } => {
                    write!(f, "{seat} holds {len} cards; a hand holds at most 13")
                }
                HandSizeFault::Short { seat, len, full } => write!(
                    f,
                    "{seat} holds {len} cards while {full} holds 13: in a full deal every hand holds 13"
                ),
                HandSizeFault::Unequal {
                    seat,
                    len,
                    other,
                    other_len,
                } => write!(
                    f,
                    "end position with play: {seat} holds {len} cards but {other} holds {other_len}; the hands must be equal"
                ),
            },
            Fault::NoHand { .. } => f.write_str("the deal gives no hand: all four are `-`"),
            Fault::Cycle { board, fault, .. } => match fault {
                CycleFault::Dealer { written, expected } => write!(
                    f,
                    "board {board}: dealer {written}, the standard cycle has {expected}"
                ),
                CycleFault::Vulnerable { written, expected } => write!(
                    f,
                    "board {board}: vulnerable {written}, the standard cycle has {expected}"
                ),
            },
            Fault::Rotation { seat, dealer, .. } => write!(
                f,
                "the first call is {seat}'s, but the dealer {dealer} calls first"
            ),
            Fault::LateNotYet { .. } => f.write_str(
                "`-` (not yet this player's turn) after the first call: calls rotate clockwise",
            ),
            Fault::Insufficient {
                seat,
                bid,
                over,
                by,
                marked,
                ..
            } => {
                let why = if over == Bid::new(7, crate::Strain::NoTrump).expect("7NT") {
                    " (no bid ranks above 7NT)".to_string()
                } else {
                    String::new()
                };
                if marked {
                    write!(
                        f,
                        "{seat}'s insufficient {bid} over {by}'s {over}{why} is marked ^I as accepted"
                    )
                } else {
                    write!(
                        f,
                        "{seat} bids {bid}, which does not rank above {by}'s {over}{why}"
                    )
                }
            }
            Fault::SkipMarked { seat, .. } => write!(
                f,
                "{seat}'s turn to call was skipped by a call out of rotation (^S, accepted)"
            ),
            Fault::InsufficientMarkerWrong {
                seat, bid, over, ..
            } => match over {
                Some((o, by)) => write!(
                    f,
                    "^I marks {seat}'s {bid} as insufficient, but it ranks above {by}'s {o}"
                ),
                None => write!(
                    f,
                    "^I marks {seat}'s {bid} as insufficient, but no bid precedes it"
                ),
            },
            Fault::Double { seat, fault, .. } => match fault {
                DoubleFault::NoBid => write!(f, "{seat} doubles, but no bid has been made"),
                DoubleFault::OwnSide { bid, by } => write!(
                    f,
                    "{seat} doubles {by}'s {bid}: only a bid of the opponents may be doubled"
                ),
                DoubleFault::AlreadyDoubled { bid } => {
                    write!(f, "{seat} doubles {bid}, which is already doubled")
                }
            },
            Fault::Redouble { seat, fault, .. } => match fault {
                RedoubleFault::NotDoubled { bid: Some(b) } => {
                    write!(f, "{seat} redoubles, but the last bid {b} is not doubled")
                }
                RedoubleFault::NotDoubled { bid: None } => {
                    write!(f, "{seat} redoubles, but no bid has been made")
                }
                RedoubleFault::OwnDouble { doubler } => write!(
                    f,
                    "{seat} redoubles {doubler}'s double: only the doubled side may redouble"
                ),
                RedoubleFault::AlreadyRedoubled { bid } => {
                    write!(f, "{seat} redoubles {bid}, which is already redoubled")
                }
            },
            Fault::AfterEnd { seat, end, .. } => {
                write!(f, "a call by {seat} after the auction ended (at {end})")
            }
            Fault::Incomplete { calls: 0, .. } => {
                f.write_str("the auction section has no call, and no `*` or `+`")
            }
            Fault::Incomplete { calls, .. } => write!(
                f,
                "the auction stops after {calls} calls before it has ended, without `*` or `+`"
            ),
            Fault::Contract {
                written, derived, ..
            } => match derived {
                Some(c) => write!(
                    f,
                    "Contract {}, but the auction ends in {c}",
                    contract_tag(written)
                ),
                None => write!(
                    f,
                    "Contract {}, but the auction was passed out",
                    contract_tag(written)
                ),
            },
            Fault::Declarer {
                written, derived, ..
            } => match (written, derived) {
                (DeclarerTag::PassedOut, Some((d, c))) => write!(
                    f,
                    "Declarer is empty (passed out), but the auction gives {c} by {d}"
                ),
                (DeclarerTag::Seat { seat, .. }, None) => {
                    write!(f, "Declarer {seat}, but the auction was passed out")
                }
                (
                    DeclarerTag::Seat {
                        seat,
                        swapped: true,
                    },
                    Some((d, c)),
                ) if seat == d => write!(
                    f,
                    "Declarer ^{}: ^ names the player who took dummy's place, but {d} is declarer of {c} by the auction (the swap would be ^{})",
                    seat.char(),
                    d.partner().char()
                ),
                (DeclarerTag::Seat { seat, .. }, Some((d, c))) => write!(
                    f,
                    "Declarer {seat}, but {d} first named {} for the side that won the auction ({c}{})",
                    strain_name(c),
                    risk_word(c)
                ),
                (DeclarerTag::PassedOut, None) => f.write_str("Declarer agrees"),
            },
            Fault::SwapMarked { playing, .. } => write!(
                f,
                "declarer and dummy swapped (^): {playing} plays the contract bid by {}",
                playing.partner()
            ),
            Fault::Leader {
                actual, declarer, ..
            } => write!(
                f,
                "{actual} makes the opening lead, but declarer {declarer}'s left-hand opponent {} leads",
                declarer.lho()
            ),
            Fault::LeadMarked {
                trick,
                seat,
                expected,
                ..
            } => write!(
                f,
                "trick {trick}: {seat} leads out of turn ({expected} was on lead), marked ^L as accepted"
            ),
            Fault::NotHeld {
                trick,
                seat,
                card,
                fault,
                ..
            } => match fault {
                NotHeldFault::OtherHand(h) => write!(
                    f,
                    "trick {trick}: {seat} plays {card}, which the deal gives to {h}"
                ),
                NotHeldFault::NotInHand => write!(
                    f,
                    "trick {trick}: {seat} plays {card}, which is not in {seat}'s hand"
                ),
                NotHeldFault::NoCardsLeft => write!(
                    f,
                    "trick {trick}: {seat} plays {card} but has no cards left"
                ),
            },
            Fault::PlayedTwice {
                trick,
                seat,
                card,
                first,
                ..
            } => write!(
                f,
                "trick {trick}: {seat} plays {card}, which was already played at trick {first}"
            ),
            Fault::Revoke {
                trick,
                seat,
                card,
                led,
                proof,
                proof_trick,
                marked,
                ..
            } => {
                let lead = suit_name(led);
                let when = match proof_trick {
                    Some(t) => format!("played at trick {t}"),
                    None => "still held when the play record ends".to_string(),
                };
                match (proof, marked) {
                    (Some(p), false) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead while holding {p} ({when})"
                    ),
                    (Some(p), true) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead while holding {p} ({when}); marked ^R as accepted"
                    ),
                    (None, _) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead, marked ^R as a revoke accepted"
                    ),
                }
            }
            Fault::PlayMarkerWrong {
                trick,
                seat,
                card,
                fault,
                ..
            } => match fault {
                MarkerFault::RevokeOnLead => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but it leads the trick"
                ),
                MarkerFault::RevokeFollowed { led } => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but it follows the {} lead",
                    suit_name(led)
                ),
                MarkerFault::RevokeVoid { led } => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but {seat} held no {}",
                    suit_name(led)
                ),
                MarkerFault::LeadInTurn => write!(
                    f,
                    "trick {trick}: ^L marks {seat}'s {card} as a lead out of turn, but {seat} was on lead"
                ),
                MarkerFault::SecondLead => write!(
                    f,
                    "trick {trick}: a second ^L ({seat}'s {card}) in one trick"
                ),
            },
            Fault::ResultTricks {
                written,
                computed,
                declarer,
                ..
            } => write!(
                f,
                "Result gives declarer {declarer} {written} tricks, but {declarer}'s side won {computed} in the play"
            ),
            Fault::ResultClaim {
                written,
                won,
                left,
                declarer,
                ..
            } => write!(
                f,
                "Result gives declarer {declarer} {written} tricks, but the side had won {won} with {left} left when the play stopped: {won} to {} is possible",
                won + left
            ),
            Fault::ResultAgreed { .. } => f.write_str(
                "Result marked ^: the players agreed on a count that differs from the tricks won",
            ),
            Fault::ResultTotal { ns, ew, .. } => write!(
                f,
                "Result NS {ns} EW {ew}: the tricks add up to {}, not 13",
                u16::from(ns) + u16::from(ew)
            ),
            Fault::ResultPassedOut { .. } => {
                f.write_str("the Result gives tricks, but the board was passed out")
            }
            Fault::PassedOutTags {
                declarer,
                result_zero,
                ..
            } => {
                f.write_str("passed out, but ")?;
                if let Some(d) = declarer {
                    write!(f, "the Declarer tag names {d}")?;
                    if result_zero {
                        f.write_str(" and ")?;
                    }
                }
                if result_zero {
                    f.write_str("the Result is 0")?;
                }
                f.write_str(": PBN leaves both empty when all four pass")
            }
            Fault::Points {
                form,
                written,
                computed,
                basis,
                ..
            } => match basis {
                Some((c, d, vul, tricks)) => write!(
                    f,
                    "Score {}, but {c} by {d}, {}, {tricks} tricks scores {} (Law 77)",
                    form.show(written),
                    if vul { "vulnerable" } else { "not vulnerable" },
                    form.show(computed)
                ),
                None => write!(
                    f,
                    "Score {}, but a passed-out board scores 0",
                    form.show(written)
                ),
            },
            Fault::Imp {
                form,
                written,
                computed,
                this_ns,
                other_ns,
                other_room,
                other_line,
                ..
            } => {
                let diff = this_ns - other_ns;
                let (side, swing) = if diff < 0 {
                    ("EW", -diff)
                } else {
                    ("NS", diff)
                };
                write!(
                    f,
                    "ScoreIMP {}, but NS {this_ns} here against NS {other_ns} in the {} room (line {other_line}) is {swing} to {side}: {} IMPs to {side}, that is {}",
                    form.show(written),
                    match other_room {
                        Room::Open => "Open",
                        Room::Closed => "Closed",
                    },
                    crate::bridge::score::imps(swing),
                    form.show(computed)
                )
            }
        }
    }
}

fn strain_name(c: Contract) -> &'static str {
    match c.bid.strain() {
        crate::Strain::Clubs => "clubs",
        crate::Strain::Diamonds => "diamonds",
        crate::Strain::Hearts => "hearts",
        crate::Strain::Spades => "spades",
        crate::Strain::NoTrump => "no trump",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn revoke_message_shows_the_proof() {
        let f = Fault::Revoke {
            pos: Pos::new(200, 1),
            trick: 5,
            seat: Seat::North,
            card: card("H3"),
            led: Suit::Spades,
            proof: Some(card("S9")),
            proof_trick: Some(10),
            marked: false,
        };
        assert_eq!(
            f.to_string(),
            "trick 5: North played H3 on a spade lead while holding S9 (played at trick 10)"
        );
        assert_eq!(f.rule(), r::REVOKE);
    }

    #[test]
    fn score_message_gives_both_values() {
        let f = Fault::Points {
            pos: Pos::new(1, 1),
            form: Form::NorthSouth,
            written: 620,
            computed: 420,
            basis: Some(("4S".parse().unwrap(), Seat::South, false, 10)),
        };
        assert_eq!(
            f.to_string(),
            "Score NS 620, but 4S by South, not vulnerable, 10 tricks scores NS 420 (Law 77)"
        );
    }

    #[test]
    fn form_sides() {
        assert_eq!(Form::Declarer.side(Side::EastWest), Side::EastWest);
        assert_eq!(Form::NorthSouth.side(Side::EastWest), Side::NorthSouth);
    }
}
