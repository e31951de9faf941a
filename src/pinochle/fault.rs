//! What the pinochle rules find, as typed values with their proof, and the
//! messages that show it.

use std::fmt;

use super::rules as r;
use super::{ByTeam, Card, Cards, Outcome, Trump, team_number};
use crate::{Finding, Game, Pos, Rule, Seat, Side, Suit};

/// A trick number, from 1.
///
/// ```
/// let t: kibitz::pinochle::fault::TrickNo = 20;
/// assert_eq!(t, 20);
/// ```
pub type TrickNo = u8;

/// Why an auction's end is wrong.
///
/// ```
/// use kibitz::pinochle::{fault::AuctionEnd, Fault};
/// let f = Fault::AuctionEnd(AuctionEnd::FourPasses);
/// assert_eq!(f.rule().id, "pinochle.auction.end");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AuctionEnd {
    /// A call slot after the auction ended.
    AfterEnd {
        /// The seat of the slot.
        seat: Seat,
        /// Who won the auction, if anyone.
        winner: Option<(u32, Seat)>,
    },
    /// All four players passed.
    FourPasses,
    /// The auction stops before three players have passed, with no `*`.
    CutShort {
        /// Players who had passed.
        passed: u8,
    },
}

/// One thing wrong with a hand, with its proof.
///
/// ```
/// use kibitz::pinochle::Fault;
/// use kibitz::Seat;
/// let f = Fault::AuctionMinimum { seat: Seat::East, bid: 45, min: 50 };
/// assert_eq!(f.to_string(), "East opens with 45; the lowest bid is 50");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A card not dealt exactly four times.
    DealCards {
        /// The card.
        card: Card,
        /// Copies dealt.
        copies: u8,
    },
    /// A hand of other than 20 cards.
    DealHandSize {
        /// The hand.
        seat: Seat,
        /// Its cards.
        len: u32,
    },
    /// A Deal or Holding written from another seat than the dealer's left.
    DealFirst {
        /// Written first.
        written: Seat,
        /// The dealer's left.
        expected: Seat,
    },
    /// A dealer off the clockwise rotation.
    DealDealer {
        /// Written.
        written: Seat,
        /// The seat after the previous dealer.
        expected: Seat,
    },
    /// A Holding that is not the dealt hand after the exchange.
    ExchangeHolding {
        /// The hand.
        seat: Seat,
        /// Written.
        written: Cards,
        /// Dealt cards after the exchange.
        expected: Cards,
    },
    /// An auction not starting at the dealer's left.
    AuctionFirst {
        /// Written.
        written: Seat,
        /// The dealer's left.
        expected: Seat,
    },
    /// An opening bid below the minimum.
    AuctionMinimum {
        /// Bidder.
        seat: Seat,
        /// Bid.
        bid: u32,
        /// The minimum.
        min: u32,
    },
    /// A bid not above the high bid.
    AuctionInsufficient {
        /// Bidder.
        seat: Seat,
        /// Bid.
        bid: u32,
        /// The high bid and its bidder.
        high: (u32, Seat),
    },
    /// A bid off the steps.
    AuctionStep {
        /// Bidder.
        seat: Seat,
        /// Bid.
        bid: u32,
    },
    /// A bid by a player who passed.
    AuctionPassed {
        /// Bidder.
        seat: Seat,
        /// Bid.
        bid: u32,
    },
    /// A slot marked against the player's state.
    AuctionSkip {
        /// The seat.
        seat: Seat,
        /// Whether the seat had passed (it called `Pass` again), else it wrote `-`
        /// while still in the auction.
        had_passed: bool,
    },
    /// The auction's end is wrong.
    AuctionEnd(AuctionEnd),
    /// Contract tag against the auction.
    AuctionContract {
        /// Written.
        written: u32,
        /// The winning bid.
        bid: u32,
    },
    /// Declarer tag against the auction.
    AuctionDeclarer {
        /// Written.
        written: Seat,
        /// The winning bidder.
        bidder: Seat,
    },
    /// Trump without a marriage, or `-` with one.
    TrumpMarriage {
        /// The declarer.
        declarer: Seat,
        /// Written.
        trump: Trump,
        /// For `-`: a suit in which the declarer holds K and Q.
        marriage: Option<Suit>,
    },
    /// Melded cards not held.
    MeldHeld {
        /// The player.
        seat: Seat,
        /// The melded cards beyond the hand.
        missing: Cards,
    },
    /// Meld points that are not the value of the cards.
    MeldPoints {
        /// The player.
        seat: Seat,
        /// Written.
        written: u32,
        /// The best scoring of the cards listed.
        value: u32,
    },
    /// Melded cards that count in no meld.
    MeldIdle {
        /// The player.
        seat: Seat,
        /// The idle cards.
        idle: Cards,
    },
    /// A player melding less than his best.
    MeldLess {
        /// The player.
        seat: Seat,
        /// The value melded.
        melded: u32,
        /// The best meld of the hand.
        best: u32,
    },
    /// MeldScores against the melds.
    MeldScores {
        /// Written.
        written: ByTeam<i32>,
        /// Team sums after the minimum.
        expected: ByTeam<i32>,
    },
    /// A first leader other than the declarer.
    PlayLeader {
        /// Written.
        written: Seat,
        /// The declarer.
        declarer: Seat,
    },
    /// A card played that the player does not hold.
    PlayNotHeld {
        /// Trick.
        trick: TrickNo,
        /// Player.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Not following suit.
    Renege {
        /// Trick.
        trick: TrickNo,
        /// Player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// A card of the suit led the player held.
        held: Card,
    },
    /// Following without heading.
    Head {
        /// Trick.
        trick: TrickNo,
        /// Player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The best card of the suit led in the trick.
        best: Card,
        /// A card the player held that beats it.
        held: Card,
    },
    /// Void in the suit led and not trumping.
    Trump {
        /// Trick.
        trick: TrickNo,
        /// Player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// A trump the player held.
        held: Card,
    },
    /// Trumping without overtrumping.
    Overtrump {
        /// Trick.
        trick: TrickNo,
        /// Player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The best trump in the trick.
        best: Card,
        /// A trump the player held that beats it.
        held: Card,
    },
    /// A wrong recorded trick winner.
    Winner {
        /// Trick.
        trick: TrickNo,
        /// Written.
        written: Seat,
        /// The player of the winning card.
        winner: Seat,
        /// The winning card.
        card: Card,
    },
    /// Wrong recorded trick points.
    Points {
        /// Trick.
        trick: TrickNo,
        /// Written.
        written: u32,
        /// Counted.
        counted: u32,
        /// Whether the last-trick bonus is included in `counted`.
        last: bool,
    },
    /// Recorded trick points not summing to the hand's total.
    Total {
        /// Sum written.
        written: u32,
        /// The hand's total.
        total: u32,
    },
    /// A played hand that stops early.
    Incomplete {
        /// Tricks written.
        tricks: usize,
    },
    /// Tricks where there is no play, or more than 20.
    Extra {
        /// Tricks written.
        tricks: usize,
        /// The outcome when the hand is not played.
        not_played: Option<Outcome>,
    },
    /// PlayScores against the tricks.
    PlayScores {
        /// Written.
        written: ByTeam<i32>,
        /// Counters taken.
        expected: ByTeam<i32>,
    },
    /// Result against the hand.
    Result {
        /// Written.
        written: Outcome,
        /// The outcome.
        expected: Outcome,
        /// Why, in words.
        why: String,
    },
    /// HandScores against the hand.
    HandScores {
        /// Written.
        written: ByTeam<i32>,
        /// The hand's scores.
        expected: ByTeam<i32>,
    },
    /// GameScores against the previous hand.
    GameScores {
        /// Written.
        written: ByTeam<i32>,
        /// Previous GameScores plus previous HandScores (0:0 for hand 1).
        expected: ByTeam<i32>,
        /// The hand number the expectation comes from (None for a first hand).
        previous: Option<u32>,
    },
    /// A wrong Victor.
    Victor {
        /// Written.
        written: Side,
        /// The team that reached the game, if any.
        expected: Option<Side>,
        /// Scores after the hand.
        totals: ByTeam<i32>,
    },
    /// A terminated hand.
    Terminated {
        /// Responsible seat, if any.
        seat: Option<Seat>,
        /// Cause as written (empty when there is no Termination tag).
        cause: String,
    },
    /// Termination tag and `*` markers that disagree.
    TerminationMarker {
        /// A Termination tag is present (and no `*` is), else a `*` without one.
        tag: bool,
    },
    /// A variant this module does not check.
    VariantOther,
}

impl Fault {
    /// The rule the fault breaks.
    ///
    /// ```
    /// use kibitz::pinochle::Fault;
    /// assert_eq!(Fault::VariantOther.rule().id, "pinochle.variant.other");
    /// ```
    pub fn rule(&self) -> Rule {
        match self {
            Fault::DealCards { .. } => r::DEAL_CARDS,
            Fault::DealHandSize { .. } => r::DEAL_HAND_SIZE,
            Fault::DealFirst { .. } => r::DEAL_FIRST,
            Fault::DealDealer { .. } => r::DEAL_DEALER,
            Fault::ExchangeHolding { .. } => r::EXCHANGE_HOLDING,
            Fault::AuctionFirst { .. } => r::AUCTION_FIRST,
            Fault::AuctionMinimum { .. } => r::AUCTION_MINIMUM,
            Fault::AuctionInsufficient { .. } => r::AUCTION_INSUFFICIENT,
            Fault::AuctionStep { .. } => r::AUCTION_STEP,
            Fault::AuctionPassed { .. } => r::AUCTION_PASSED,
            Fault::AuctionSkip { .. } => r::AUCTION_SKIP,
            Fault::AuctionEnd(_) => r::AUCTION_END,
            Fault::AuctionContract { .. } => r::AUCTION_CONTRACT,
            Fault::AuctionDeclarer { .. } => r::AUCTION_DECLARER,
            Fault::TrumpMarriage { .. } => r::TRUMP_MARRIAGE,
            Fault::MeldHeld { .. } => r::MELD_HELD,
            Fault::MeldPoints { .. } => r::MELD_POINTS,
            Fault::MeldIdle { .. } => r::MELD_IDLE,
            Fault::MeldLess { .. } => r::MELD_LESS,
            Fault::MeldScores { .. } => r::MELD_SCORES,
            Fault::PlayLeader { .. } => r::PLAY_LEADER,
            Fault::PlayNotHeld { .. } => r::PLAY_NOT_HELD,
            Fault::Renege { .. } => r::PLAY_RENEGE,
            Fault::Head { .. } => r::PLAY_HEAD,
            Fault::Trump { .. } => r::PLAY_TRUMP,
            Fault::Overtrump { .. } => r::PLAY_OVERTRUMP,
            Fault::Winner { .. } => r::PLAY_WINNER,
            Fault::Points { .. } => r::PLAY_POINTS,
            Fault::Total { .. } => r::PLAY_TOTAL,
            Fault::Incomplete { .. } => r::PLAY_INCOMPLETE,
            Fault::Extra { .. } => r::PLAY_EXTRA,
            Fault::PlayScores { .. } => r::PLAY_SCORES,
            Fault::Result { .. } => r::RESULT_OUTCOME,
            Fault::HandScores { .. } => r::SCORE_HAND,
            Fault::GameScores { .. } => r::SCORE_GAME,
            Fault::Victor { .. } => r::SCORE_VICTOR,
            Fault::Terminated { .. } => r::TERMINATION_HAND,
            Fault::TerminationMarker { .. } => r::TERMINATION_MARKER,
            Fault::VariantOther => r::VARIANT_OTHER,
        }
    }

    /// The finding: the fault's rule at `pos`, with the message as proof.
    ///
    /// ```
    /// use kibitz::pinochle::Fault;
    /// use kibitz::{Pos, Seat};
    /// let f = Fault::DealHandSize { seat: Seat::West, len: 19 }.finding(Pos::new(4, 8));
    /// assert_eq!(f.rule, "pinochle.deal.hand-size");
    /// assert_eq!(f.message, "West holds 19 cards; every player is dealt 20");
    /// ```
    pub fn finding(&self, pos: Pos) -> Finding {
        let mut f = Finding::of(self.rule(), pos, self.to_string());
        f.game = Some(Game::Pinochle);
        f
    }
}

fn team(s: Side) -> String {
    format!("team {} ({s})", team_number(s))
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::DealCards { card, copies } => write!(
                f,
                "{card} is dealt {copies} times; the deck has four copies of each card"
            ),
            Fault::DealHandSize { seat, len } => {
                write!(f, "{seat} holds {len} cards; every player is dealt 20")
            }
            Fault::DealFirst { written, expected } => write!(
                f,
                "the hands are written from {written}; they start with the dealer's left, {expected}"
            ),
            Fault::DealDealer { written, expected } => write!(
                f,
                "{written} deals; the deal passes clockwise, so the dealer is {expected}"
            ),
            Fault::ExchangeHolding {
                seat,
                written,
                expected,
            } => write!(
                f,
                "{seat}'s Holding is {written}; the dealt hand after the exchange is {expected}"
            ),
            Fault::AuctionFirst { written, expected } => write!(
                f,
                "the auction starts with {written}; the dealer's left, {expected}, bids first"
            ),
            Fault::AuctionMinimum { seat, bid, min } => {
                write!(f, "{seat} opens with {bid}; the lowest bid is {min}")
            }
            Fault::AuctionInsufficient { seat, bid, high } => write!(
                f,
                "{seat} bids {bid}, not above {}'s bid of {}",
                high.1, high.0
            ),
            Fault::AuctionStep { seat, bid } => write!(
                f,
                "{seat} bids {bid}; bids of 60 and above go in fives, of 100 and above in tens"
            ),
            Fault::AuctionPassed { seat, bid } => write!(
                f,
                "{seat} bids {bid} after passing; a player who passed cannot bid again"
            ),
            Fault::AuctionSkip { seat, had_passed } => {
                if *had_passed {
                    write!(f, "{seat} has passed; his slot is written `-`, not a call")
                } else {
                    write!(
                        f,
                        "{seat}'s slot is `-` but {seat} has not passed; he must call"
                    )
                }
            }
            Fault::AuctionEnd(e) => match e {
                AuctionEnd::AfterEnd { seat, winner } => match winner {
                    Some((b, w)) => write!(
                        f,
                        "a call by {seat} after the auction ended ({w} won it with {b} when three players had passed)"
                    ),
                    None => write!(f, "a call by {seat} after the auction ended"),
                },
                AuctionEnd::FourPasses => write!(
                    f,
                    "all four players pass; after three passes the last player must bid"
                ),
                AuctionEnd::CutShort { passed } => write!(
                    f,
                    "the auction stops after {passed} passes without `*`; it ends when three players have passed"
                ),
            },
            Fault::AuctionContract { written, bid } => {
                write!(f, "Contract is {written}; the auction was won with {bid}")
            }
            Fault::AuctionDeclarer { written, bidder } => {
                write!(f, "Declarer is {written}; the auction was won by {bidder}")
            }
            Fault::TrumpMarriage {
                declarer,
                trump,
                marriage,
            } => match (trump, marriage) {
                (Trump::Suit(s), _) => write!(
                    f,
                    "trump is {}, but declarer {declarer} holds no marriage (K and Q) in {}",
                    suit_name(*s),
                    suit_name(*s)
                ),
                (Trump::NoMarriage, Some(s)) => write!(
                    f,
                    "Trump is `-` (no marriage), but declarer {declarer} holds K and Q of {}",
                    suit_name(*s)
                ),
                (Trump::NoMarriage, None) => write!(f, "Trump is `-`"),
            },
            Fault::MeldHeld { seat, missing } => {
                write!(f, "{seat} melds {} that he does not hold", missing.list())
            }
            Fault::MeldPoints {
                seat,
                written,
                value,
            } => write!(
                f,
                "{seat}'s meld is written {written} points; those cards score {value} under this trump"
            ),
            Fault::MeldIdle { seat, idle } => write!(
                f,
                "{seat} shows {} in his meld, counting in no meld",
                idle.list()
            ),
            Fault::MeldLess { seat, melded, best } => {
                write!(f, "{seat} melds {melded} points; his hand holds {best}")
            }
            Fault::MeldScores { written, expected } => write!(
                f,
                "MeldScores is {written}; the melds give {expected} (a team below the minimum counts 0)"
            ),
            Fault::PlayLeader { written, declarer } => write!(
                f,
                "the play starts with {written}; declarer {declarer} leads the first trick"
            ),
            Fault::PlayNotHeld { trick, seat, card } => {
                write!(
                    f,
                    "trick {trick}: {seat} plays {card}, which he does not hold"
                )
            }
            Fault::Renege {
                trick,
                seat,
                card,
                held,
            } => write!(
                f,
                "trick {trick}: {seat} plays {card} but holds {held}; he must follow {}",
                suit_name(held.suit())
            ),
            Fault::Head {
                trick,
                seat,
                card,
                best,
                held,
            } => write!(
                f,
                "trick {trick}: {seat} plays {card} under {best} but holds {held}; he must head the trick"
            ),
            Fault::Trump {
                trick,
                seat,
                card,
                held,
            } => write!(
                f,
                "trick {trick}: {seat}, void in the suit led, plays {card} but holds the trump {held}; he must trump"
            ),
            Fault::Overtrump {
                trick,
                seat,
                card,
                best,
                held,
            } => write!(
                f,
                "trick {trick}: {seat} plays {card} under {best} but holds {held}; he must overtrump"
            ),
            Fault::Winner {
                trick,
                written,
                winner,
                card,
            } => write!(
                f,
                "trick {trick} is written won by {written}; {winner}'s {card} wins it"
            ),
            Fault::Points {
                trick,
                written,
                counted,
                last,
            } => write!(
                f,
                "trick {trick} is written {written} points; its counters make {counted}{}",
                if *last {
                    " with the last-trick bonus"
                } else {
                    ""
                }
            ),
            Fault::Total { written, total } => write!(
                f,
                "the tricks' points add up to {written}; a hand has {total}"
            ),
            Fault::Incomplete { tricks } => write!(
                f,
                "the play stops after {tricks} trick(s) without `*`; a hand has 20"
            ),
            Fault::Extra { tricks, not_played } => match not_played {
                Some(o) => write!(
                    f,
                    "{tricks} tricks are written, but a {o} hand is not played"
                ),
                None => write!(f, "{tricks} tricks are written; a hand has 20"),
            },
            Fault::PlayScores { written, expected } => write!(
                f,
                "PlayScores is {written}; the teams took {expected} in counters"
            ),
            Fault::Result {
                written,
                expected,
                why,
            } => write!(f, "Result is {written}; the hand is {expected}: {why}"),
            Fault::HandScores { written, expected } => {
                write!(f, "HandScores is {written}; the hand scores {expected}")
            }
            Fault::GameScores {
                written,
                expected,
                previous,
            } => match previous {
                Some(n) => write!(
                    f,
                    "GameScores is {written}; hand {n}'s GameScores plus its HandScores make {expected}"
                ),
                None => write!(f, "GameScores is {written}; a game starts at {expected}"),
            },
            Fault::Victor {
                written,
                expected,
                totals,
            } => match expected {
                Some(e) => write!(
                    f,
                    "Victor is {}; with {totals} after this hand, {} wins",
                    team(*written),
                    team(*e)
                ),
                None => write!(
                    f,
                    "Victor is {}, but with {totals} after this hand no team has reached the game",
                    team(*written)
                ),
            },
            Fault::Terminated { seat, cause } => match (seat, cause.is_empty()) {
                (_, true) => write!(f, "the hand was terminated; checked up to that point"),
                (Some(s), false) => write!(
                    f,
                    "the hand was terminated ({s}: {cause}); checked up to that point"
                ),
                (None, false) => write!(
                    f,
                    "the hand was terminated ({cause}); checked up to that point"
                ),
            },
            Fault::TerminationMarker { tag } => {
                if *tag {
                    write!(
                        f,
                        "a Termination tag, but no `*` marks where the hand stopped"
                    )
                } else {
                    write!(
                        f,
                        "a `*` marks a terminated hand, but there is no Termination tag"
                    )
                }
            }
            Fault::VariantOther => write!(
                f,
                "a Competition other than double-deck four-handed; its rules are not checked"
            ),
        }
    }
}
