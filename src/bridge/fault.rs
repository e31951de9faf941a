//! What the bridge rules find, as typed values with their proof, and the messages
//! that show that proof.
//!
//! The checks build [`Fault`]s; [`Fault::finding`] turns one into a [`Finding`]
//! of the rule it breaks ([`Fault::rule`]) with a message that names the cards,
//! calls, seats and numbers that prove it.

use smallvec::SmallVec;

use crate::bridge::{Centi, ContractTag, DeclarerTag, Room, Summary};

mod message;

use crate::{
    Bid, Card, CardSet, Contract, Finding, Game, Pos, Rule, Seat, Side, Suit, Vulnerability,
};
pub use message::card_list;

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

/// The declarer's tricks a Result may give, by the play: the tricks the side won
/// in the play (`won`), the tricks not played (`left`), and the tricks Law 64 may
/// move for revokes, away from the side (`from`) and to it (`to`): `won - from`
/// to `won + left + to`. A Result outside is the fault; [`TrickBound::rule`] says
/// which rule it breaks.
///
/// ```
/// use kibitz::bridge::fault::TrickBound;
/// use kibitz::Seat;
/// let b = TrickBound { declarer: Seat::North, written: 13, won: 10, left: 0, from: 0, to: 2, revokes: 1 };
/// assert_eq!(b.range(), (10, 12));
/// assert_eq!(b.rule().id, "bridge.result.revoke");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickBound {
    /// The declarer the count is for.
    pub declarer: Seat,
    /// Declarer's tricks as written.
    pub written: u8,
    /// Tricks declarer's side won in the tricks replayed.
    pub won: u8,
    /// Tricks not played (0 after a full play).
    pub left: u8,
    /// Most tricks Law 64 may take from declarer's side.
    pub from: u8,
    /// Most tricks Law 64 may give to declarer's side.
    pub to: u8,
    /// Revokes in the play.
    pub revokes: u8,
}

impl TrickBound {
    /// The lowest and highest count possible.
    pub fn range(&self) -> (u8, u8) {
        (
            self.won.saturating_sub(self.from),
            (u16::from(self.won) + u16::from(self.left) + u16::from(self.to)).min(13) as u8,
        )
    }

    /// Whether the written count is outside [`TrickBound::range`].
    pub fn broken(&self) -> bool {
        let (lo, hi) = self.range();
        self.written < lo || self.written > hi
    }

    /// The rule a count outside the bound breaks: `bridge.result.revoke` after a
    /// revoke, else `bridge.result.tricks` after a full play and
    /// `bridge.result.claim` after one that stops early.
    pub fn rule(&self) -> Rule {
        if self.revokes > 0 {
            r::RESULT_REVOKE
        } else if self.left == 0 {
            r::RESULT_TRICKS
        } else {
            r::RESULT_CLAIM
        }
    }
}

/// What contradicts a results list's line for the table
/// ([`Fault::ResultList`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListAgainst {
    /// The auction's end: its contract and declarer, `None` when passed out.
    Auction(Option<(Contract, Seat)>),
    /// The Result (a claim): declarer's tricks.
    Result(u8),
    /// The tricks the play allows ([`TrickBound::written`] is the line's).
    Play(TrickBound),
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

    fn show(self, v: impl std::fmt::Display) -> String {
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
    /// Calls the auction replay could not judge.
    NotAudited {
        /// Where the replay stopped.
        pos: Pos,
        /// Calls left unjudged.
        calls: usize,
        /// Why the replay stopped.
        why: &'static str,
    },
    /// A Contract tag that the calls of an auction stopping early already rule
    /// out: below the last bid, or Pass after a bid.
    ContractOpen {
        /// The Contract tag.
        pos: Pos,
        /// Written.
        written: ContractTag,
        /// The last bid so far and who made it.
        last: (Bid, Seat),
    },
    /// A Declarer tag that the calls of an auction stopping early already rule
    /// out: another player of the side named the contract's strain first.
    DeclarerOpen {
        /// The Declarer tag.
        pos: Pos,
        /// The seat written (`^` included).
        written: DeclarerTag,
        /// The player of that side who named the strain first.
        namer: Seat,
        /// The contract's strain (from the Contract tag).
        strain: crate::Strain,
    },
    /// A Declarer (or Contract) tag that the auction contradicts, but that 1 to 3
    /// passes before its first call would make right, the auction then legal.
    MissingPasses {
        /// The Declarer tag.
        pos: Pos,
        /// The passes that set it right.
        passes: u8,
        /// The auction's outcome as written, if it has one.
        written: Option<(Contract, Seat)>,
        /// The outcome with the passes.
        shifted: (Contract, Seat),
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
    /// Cards after trick `trick`, whose winner is unknown (the strain is
    /// unknown), checked only for being held (`held`: each card's seat is
    /// known from its column) and played once.
    PlayNotAudited {
        /// The first card after the trick.
        pos: Pos,
        /// The last trick replayed in full.
        trick: Trick,
        /// Cards after it.
        cards: usize,
        /// Whether they were checked for being held by their seat.
        held: bool,
    },
    /// A play not replayed because the deal is at fault (a card held twice,
    /// a hand of the wrong size): the hands its cards come from are not known.
    PlayNotReplayed {
        /// The play section.
        pos: Pos,
        /// Its cards.
        cards: usize,
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
    /// A card written after `+`, the card still to be played.
    AfterNext {
        /// The card.
        pos: Pos,
        /// Its trick.
        trick: Trick,
        /// Its player.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where the `+` is.
        next: Pos,
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
    /// A results list's line for the table ([`crate::bridge::Summary`]) that
    /// the record contradicts.
    ResultList {
        /// The line.
        pos: Pos,
        /// What the line states.
        stated: Summary,
        /// What contradicts it.
        against: ListAgainst,
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
    /// Result outside what the play and Law 64's transfers for its revokes allow.
    ResultRevoke {
        /// The Result tag.
        pos: Pos,
        /// The bound the Result breaks.
        bound: TrickBound,
    },
    /// Result impossible for the Declarer tag's side, where the auction gives
    /// declarer to the other side.
    ResultDeclarers {
        /// The Result tag.
        pos: Pos,
        /// The bound for the Declarer tag's declarer.
        tag: TrickBound,
        /// The auction's declarer.
        auction_declarer: Seat,
        /// The bound for the auction's declarer, when the Result breaks it too.
        auction: Option<TrickBound>,
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
    /// The Score tag against both vulnerabilities, when the record does not
    /// say which: it is neither score.
    PointsEitherVulnerability {
        /// The Score tag.
        pos: Pos,
        /// The form of the value.
        form: Form,
        /// Written.
        written: i32,
        /// Computed for the same form, not vulnerable.
        not_vulnerable: i32,
        /// Computed for the same form, vulnerable.
        vulnerable: i32,
        /// Contract, declarer, tricks.
        basis: (Contract, Seat, u8),
    },
    /// A ScoreTable row's score against duplicate scoring of its contract,
    /// declarer and tricks.
    TableScore {
        /// The score element.
        pos: Pos,
        /// The row (1-based).
        row: u32,
        /// The column: NS (`Score_NS`) or EW (`Score_EW`).
        side: Side,
        /// Written.
        written: i32,
        /// Computed for that side (not vulnerable, when not known).
        computed: i32,
        /// Computed vulnerable, when the vulnerability is not known and the
        /// two differ.
        vulnerable: Option<i32>,
        /// Contract, declarer, vulnerable (when known), tricks; `None`: a
        /// passed-out row.
        basis: Option<(Contract, Seat, Option<bool>, u8)>,
    },
    /// The deal of a teams board's table differs from the other room's.
    RoomDeals {
        /// This table's deal.
        pos: Pos,
        /// The board number.
        board: u32,
        /// The first seat whose hands differ.
        seat: Seat,
        /// The seat's cards here that are not its cards there.
        here: CardSet,
        /// The seat's cards there that are not its cards here.
        there: CardSet,
        /// The other table's room.
        other_room: Room,
        /// The other record's first line.
        other_line: u64,
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
        /// Whether a table's Score is in doubt (it contradicts its contract
        /// and tricks), and the ScoreIMP follows from neither reading.
        in_doubt: bool,
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
            Fault::Declarer { .. } | Fault::DeclarerOpen { .. } | Fault::MissingPasses { .. } => {
                r::DECLARER
            }
            Fault::ContractOpen { .. } => r::CONTRACT,
            Fault::NotAudited { .. } => r::NOT_AUDITED,
            Fault::SwapMarked { .. } => r::SWAP_MARKED,
            Fault::Leader { .. } => r::LEADER,
            Fault::LeadMarked { .. } => r::LEAD_MARKED,
            Fault::NotHeld { .. } => r::NOT_HELD,
            Fault::PlayedTwice { .. } => r::PLAYED_TWICE,
            Fault::PlayNotAudited { .. } | Fault::PlayNotReplayed { .. } => r::PLAY_NOT_AUDITED,
            Fault::Revoke { marked: false, .. } => r::REVOKE,
            Fault::Revoke { marked: true, .. } => r::REVOKE_MARKED,
            Fault::PlayMarkerWrong { .. } => r::PLAY_WRONG_MARKER,
            Fault::AfterNext { .. } => r::AFTER_NEXT,
            Fault::ResultTricks { .. } => r::RESULT_TRICKS,
            Fault::ResultClaim { .. } => r::RESULT_CLAIM,
            Fault::ResultRevoke { .. } => r::RESULT_REVOKE,
            Fault::ResultDeclarers { tag, .. } => tag.rule(),
            Fault::ResultAgreed { .. } => r::RESULT_AGREED_MARKED,
            Fault::ResultTotal { .. } => r::RESULT_TOTAL,
            Fault::ResultPassedOut { .. } => r::RESULT_PASSED_OUT,
            Fault::ResultList { .. } => r::RESULT_LIST,
            Fault::PassedOutTags { .. } => r::PASSED_OUT_TAGS,
            Fault::Points { .. } | Fault::PointsEitherVulnerability { .. } => r::SCORE_POINTS,
            Fault::TableScore { .. } => r::TABLE_SCORE,
            Fault::Imp { .. } => r::SCORE_IMP,
            Fault::RoomDeals { .. } => r::ROOM_DEALS,
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
            | Fault::ContractOpen { pos, .. }
            | Fault::NotAudited { pos, .. }
            | Fault::PlayNotAudited { pos, .. }
            | Fault::PlayNotReplayed { pos, .. }
            | Fault::DeclarerOpen { pos, .. }
            | Fault::MissingPasses { pos, .. }
            | Fault::SwapMarked { pos, .. }
            | Fault::Leader { pos, .. }
            | Fault::LeadMarked { pos, .. }
            | Fault::NotHeld { pos, .. }
            | Fault::PlayedTwice { pos, .. }
            | Fault::Revoke { pos, .. }
            | Fault::PlayMarkerWrong { pos, .. }
            | Fault::AfterNext { pos, .. }
            | Fault::ResultTricks { pos, .. }
            | Fault::ResultClaim { pos, .. }
            | Fault::ResultRevoke { pos, .. }
            | Fault::ResultDeclarers { pos, .. }
            | Fault::ResultAgreed { pos }
            | Fault::ResultTotal { pos, .. }
            | Fault::ResultPassedOut { pos }
            | Fault::ResultList { pos, .. }
            | Fault::PassedOutTags { pos, .. }
            | Fault::Points { pos, .. }
            | Fault::PointsEitherVulnerability { pos, .. }
            | Fault::TableScore { pos, .. }
            | Fault::Imp { pos, .. }
            | Fault::RoomDeals { pos, .. } => pos,
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
        // Room for most messages at once (`to_string` grows the text as it goes).
        let mut message = String::with_capacity(96);
        if self.push_quick_message(&mut message) {
            // Names and digits only: printable ASCII, nothing to escape.
            let rule = self.rule();
            return Finding {
                rule: rule.id,
                severity: rule.severity,
                record,
                pos: self.pos(),
                game: Some(Game::Bridge),
                message,
            };
        }
        let _ = std::fmt::Write::write_fmt(&mut message, format_args!("{self}"));
        let mut f = Finding::of(self.rule(), self.pos(), message);
        f.record = record;
        f.game = Some(Game::Bridge);
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn quick_cycle_messages_are_the_display_text() {
        let seats = [Seat::North, Seat::East, Seat::South, Seat::West];
        let vuls = [
            Vulnerability::None,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
            Vulnerability::All,
        ];
        let mut faults = Vec::new();
        for board in [0, 1, 9, 10, 16, 99, 100, 12345, u32::MAX] {
            for (i, j) in (0..4).flat_map(|i| (0..4).map(move |j| (i, j))) {
                let (written, expected) = (seats[i], seats[j]);
                let dealer = CycleFault::Dealer { written, expected };
                let (written, expected) = (vuls[i], vuls[j]);
                let vulnerable = CycleFault::Vulnerable { written, expected };
                for fault in [dealer, vulnerable] {
                    let pos = Pos::new(3, 12);
                    faults.push(Fault::Cycle { pos, board, fault });
                }
            }
        }
        for f in &faults {
            let mut quick = String::new();
            assert!(f.push_quick_message(&mut quick));
            assert_eq!(quick, f.to_string());
            // As `Finding::of` makes it (which escapes control characters).
            let mut of = Finding::of(f.rule(), f.pos(), quick.clone());
            of.record = 7;
            of.game = Some(Game::Bridge);
            assert_eq!(f.finding(7), of);
        }
        // Written out by hand, as the rule book states them.
        assert_eq!(
            faults[2 * 2 + 1].to_string(),
            "board 0: vulnerable None, the standard cycle has EW"
        );
        let last = faults.last().unwrap().finding(1);
        assert_eq!(
            last.message,
            "board 4294967295: vulnerable All, the standard cycle has All"
        );
        // Any other fault goes the general way.
        let other = Fault::Rotation {
            pos: Pos::new(1, 1),
            seat: Seat::East,
            dealer: Seat::North,
        };
        assert!(!other.push_quick_message(&mut String::new()));
        assert_eq!(
            other.finding(1).message,
            "the first call is East's, but the dealer North calls first"
        );
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
