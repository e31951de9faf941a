//! The pinochle rules: every finding the rule module can make.
//!
//! Each constant has an entry with the same id in `rules/pinochle.toml`.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A deal that is not four copies of each of the 20 cards.
pub const DEAL_CARDS: Rule = Rule::new("pinochle.deal.cards", Violation);
/// A hand of other than 20 cards.
pub const DEAL_HAND_SIZE: Rule = Rule::new("pinochle.deal.hand-size", Violation);
/// A Deal (or Holding) that does not start with the dealer's left.
pub const DEAL_FIRST: Rule = Rule::new("pinochle.deal.first", Warning);
/// A dealer other than the seat after the previous hand's dealer in a game.
pub const DEAL_DEALER: Rule = Rule::new("pinochle.deal.dealer", Warning);
/// A Holding that is not the dealt hands after the cards passed.
pub const EXCHANGE_HOLDING: Rule = Rule::new("pinochle.exchange.holding", Violation);
/// An auction that does not start with the dealer's left.
pub const AUCTION_FIRST: Rule = Rule::new("pinochle.auction.first", Violation);
/// An opening bid below the minimum.
pub const AUCTION_MINIMUM: Rule = Rule::new("pinochle.auction.minimum", Violation);
/// A bid that does not exceed the high bid.
pub const AUCTION_INSUFFICIENT: Rule = Rule::new("pinochle.auction.insufficient", Violation);
/// A bid off the steps (multiples of 5 from 60, of 10 from 100).
pub const AUCTION_STEP: Rule = Rule::new("pinochle.auction.step", Violation);
/// A bid by a player who has passed.
pub const AUCTION_PASSED: Rule = Rule::new("pinochle.auction.passed", Violation);
/// A `-` slot for a player still in the auction, or a call by one who passed.
pub const AUCTION_SKIP: Rule = Rule::new("pinochle.auction.skip", Violation);
/// Calls after the auction ended, four passes, or an auction cut short.
pub const AUCTION_END: Rule = Rule::new("pinochle.auction.end", Violation);
/// A Contract tag other than the winning bid.
pub const AUCTION_CONTRACT: Rule = Rule::new("pinochle.auction.contract", Violation);
/// A Declarer tag other than the winning bidder.
pub const AUCTION_DECLARER: Rule = Rule::new("pinochle.auction.declarer", Violation);
/// A trump suit without the declarer's marriage in it, or `-` with a marriage.
pub const TRUMP_MARRIAGE: Rule = Rule::new("pinochle.trump.marriage", Violation);
/// Melded cards the player does not hold.
pub const MELD_HELD: Rule = Rule::new("pinochle.meld.held", Violation);
/// Meld points other than the best scoring of the cards listed.
pub const MELD_POINTS: Rule = Rule::new("pinochle.meld.points", Violation);
/// Melded cards that count in no meld.
pub const MELD_IDLE: Rule = Rule::new("pinochle.meld.idle", Warning);
/// A player melding less than his best meld.
pub const MELD_LESS: Rule = Rule::new("pinochle.meld.less", Notice);
/// MeldScores other than the team sums after the minimum.
pub const MELD_SCORES: Rule = Rule::new("pinochle.meld.scores", Violation);
/// A first leader other than the declarer.
pub const PLAY_LEADER: Rule = Rule::new("pinochle.play.leader", Violation);
/// A card played that the player does not hold.
pub const PLAY_NOT_HELD: Rule = Rule::new("pinochle.play.not-held", Violation);
/// Not following the suit led while holding it.
pub const PLAY_RENEGE: Rule = Rule::new("pinochle.play.renege", Violation);
/// Following without beating the best card of the suit led when able.
pub const PLAY_HEAD: Rule = Rule::new("pinochle.play.head", Violation);
/// Void in the suit led, holding trump, and not trumping.
pub const PLAY_TRUMP: Rule = Rule::new("pinochle.play.trump", Violation);
/// Trumping without beating the best trump in the trick when able.
pub const PLAY_OVERTRUMP: Rule = Rule::new("pinochle.play.overtrump", Violation);
/// A recorded trick winner other than the player of the winning card.
pub const PLAY_WINNER: Rule = Rule::new("pinochle.play.winner", Violation);
/// Recorded trick points other than the counters in the trick (+ last trick).
pub const PLAY_POINTS: Rule = Rule::new("pinochle.play.points", Violation);
/// Recorded trick points that do not sum to the hand's total.
pub const PLAY_TOTAL: Rule = Rule::new("pinochle.play.total", Violation);
/// A played hand with fewer than 20 tricks and no termination.
pub const PLAY_INCOMPLETE: Rule = Rule::new("pinochle.play.incomplete", Violation);
/// Tricks in a hand not played, or more than 20.
pub const PLAY_EXTRA: Rule = Rule::new("pinochle.play.extra", Violation);
/// PlayScores other than the counters each team took.
pub const PLAY_SCORES: Rule = Rule::new("pinochle.play.scores", Violation);
/// A Result other than the outcome of the hand.
pub const RESULT_OUTCOME: Rule = Rule::new("pinochle.result.outcome", Violation);
/// HandScores other than the hand's scores.
pub const SCORE_HAND: Rule = Rule::new("pinochle.score.hand", Violation);
/// GameScores other than the previous hand's GameScores plus its HandScores.
pub const SCORE_GAME: Rule = Rule::new("pinochle.score.game", Violation);
/// A Victor other than the team that reached the game.
pub const SCORE_VICTOR: Rule = Rule::new("pinochle.score.victor", Violation);
/// A terminated hand (reported, and checked up to the termination).
pub const TERMINATION_HAND: Rule = Rule::new("pinochle.termination.hand", Notice);
/// A Termination tag without `*` in a section, or `*` without a Termination tag.
pub const TERMINATION_MARKER: Rule = Rule::new("pinochle.termination.marker", Warning);
/// A Competition other than double-deck four-handed: not checked.
pub const VARIANT_OTHER: Rule = Rule::new("pinochle.variant.other", Notice);

/// Every pinochle rule, for the rule-book consistency test.
///
/// ```
/// let all = kibitz::pinochle::rules::ALL;
/// assert!(all.iter().all(|r| r.id.starts_with("pinochle.")));
/// assert!(all.iter().all(|r| kibitz::rulebook::find(r.id).is_some()));
/// ```
pub const ALL: &[Rule] = &[
    DEAL_CARDS,
    DEAL_HAND_SIZE,
    DEAL_FIRST,
    DEAL_DEALER,
    EXCHANGE_HOLDING,
    AUCTION_FIRST,
    AUCTION_MINIMUM,
    AUCTION_INSUFFICIENT,
    AUCTION_STEP,
    AUCTION_PASSED,
    AUCTION_SKIP,
    AUCTION_END,
    AUCTION_CONTRACT,
    AUCTION_DECLARER,
    TRUMP_MARRIAGE,
    MELD_HELD,
    MELD_POINTS,
    MELD_IDLE,
    MELD_LESS,
    MELD_SCORES,
    PLAY_LEADER,
    PLAY_NOT_HELD,
    PLAY_RENEGE,
    PLAY_HEAD,
    PLAY_TRUMP,
    PLAY_OVERTRUMP,
    PLAY_WINNER,
    PLAY_POINTS,
    PLAY_TOTAL,
    PLAY_INCOMPLETE,
    PLAY_EXTRA,
    PLAY_SCORES,
    RESULT_OUTCOME,
    SCORE_HAND,
    SCORE_GAME,
    SCORE_VICTOR,
    TERMINATION_HAND,
    TERMINATION_MARKER,
    VARIANT_OTHER,
];
