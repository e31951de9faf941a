//! The bridge rules: every finding the rule module can make.
//!
//! Each constant has an entry with the same id in `rules/bridge.toml`, which gives
//! its statement, its source in the Laws of Duplicate Bridge or the PBN spec, and
//! a legal and an illegal example record.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A card in two hands, or written twice in one hand.
pub const DUPLICATE_CARD: Rule = Rule::new("bridge.deal.duplicate-card", Violation);
/// A hand of more than 13 cards, a short hand in a full deal, or unequal hands in
/// an end position with play.
pub const HAND_SIZE: Rule = Rule::new("bridge.deal.hand-size", Violation);
/// A deal whose four hands are all unknown.
pub const NO_HAND: Rule = Rule::new("bridge.deal.no-hand", Warning);
/// Dealer or vulnerability off the standard board cycle.
pub const CYCLE: Rule = Rule::new("bridge.board.cycle", Notice);

/// The first call is not the dealer's, or `-` after the first call.
pub const ROTATION: Rule = Rule::new("bridge.auction.rotation", Violation);
/// A bid that does not rank above the last bid, not marked `^I`.
pub const INSUFFICIENT: Rule = Rule::new("bridge.auction.insufficient", Violation);
/// An insufficient bid marked `^I` (accepted).
pub const INSUFFICIENT_MARKED: Rule = Rule::new("bridge.auction.insufficient-marked", Notice);
/// A call skipped by a call out of rotation, marked `^S` (accepted).
pub const SKIP_MARKED: Rule = Rule::new("bridge.auction.skip-marked", Notice);
/// `^I` before a bid that is sufficient.
pub const AUCTION_WRONG_MARKER: Rule = Rule::new("bridge.auction.wrong-marker", Violation);
/// A double that is not of the last bid, by an opponent, undoubled.
pub const DOUBLE: Rule = Rule::new("bridge.auction.double", Violation);
/// A redouble that is not of the last double, by the doubled side.
pub const REDOUBLE: Rule = Rule::new("bridge.auction.redouble", Violation);
/// A call after the auction has ended.
pub const AFTER_END: Rule = Rule::new("bridge.auction.after-end", Violation);
/// An auction that stops before its end without `*` or `+`.
pub const INCOMPLETE: Rule = Rule::new("bridge.auction.incomplete", Warning);
/// Calls of a record the auction replay could not judge (it stopped at a broken
/// rotation, an unreadable call, a late `-`, or an Auction tag without a seat).
pub const NOT_AUDITED: Rule = Rule::new("bridge.auction.not-audited", Notice);
/// Cards of the play after a trick whose winner is unknown (the contract's
/// strain unknown), checked only for being held and played once.
pub const PLAY_NOT_AUDITED: Rule = Rule::new("bridge.play.not-audited", Notice);
/// A Contract tag that disagrees with the auction.
pub const CONTRACT: Rule = Rule::new("bridge.auction.contract", Violation);
/// A Declarer tag that disagrees with the auction.
pub const DECLARER: Rule = Rule::new("bridge.auction.declarer", Violation);

/// Declarer and dummy swapped, marked `^` in the Declarer tag (accepted).
pub const SWAP_MARKED: Rule = Rule::new("bridge.play.declarer-swap-marked", Notice);
/// The opening lead is not by declarer's left-hand opponent.
pub const LEADER: Rule = Rule::new("bridge.play.leader", Violation);
/// A lead out of turn marked `^L` (accepted).
pub const LEAD_MARKED: Rule = Rule::new("bridge.play.lead-marked", Notice);
/// A card the player does not hold.
pub const NOT_HELD: Rule = Rule::new("bridge.play.not-held", Violation);
/// A card played a second time.
pub const PLAYED_TWICE: Rule = Rule::new("bridge.play.played-twice", Violation);
/// Failure to follow suit while holding the suit led.
pub const REVOKE: Rule = Rule::new("bridge.play.revoke", Violation);
/// A revoke marked `^R` (accepted).
pub const REVOKE_MARKED: Rule = Rule::new("bridge.play.revoke-marked", Notice);
/// A card written after `+`, the card still to be played, in play order.
pub const AFTER_NEXT: Rule = Rule::new("bridge.play.after-next", Violation);
/// `^R` on a card that is no revoke, or `^L` on a card that is no lead out of turn.
pub const PLAY_WRONG_MARKER: Rule = Rule::new("bridge.play.wrong-marker", Violation);

/// A Result that differs from the tricks won in a fully played deal.
pub const RESULT_TRICKS: Rule = Rule::new("bridge.result.tricks", Violation);
/// A Result outside what the tricks played and the tricks left allow.
pub const RESULT_CLAIM: Rule = Rule::new("bridge.result.claim", Violation);
/// Result outside the play's count and the tricks Law 64 may transfer for its
/// revokes.
pub const RESULT_REVOKE: Rule = Rule::new("bridge.result.revoke", Violation);
/// A Result marked `^`: a wrong count the players agreed on.
pub const RESULT_AGREED_MARKED: Rule = Rule::new("bridge.result.agreed-marked", Notice);
/// NS and EW tricks of a final Result that do not add up to 13.
pub const RESULT_TOTAL: Rule = Rule::new("bridge.result.total", Violation);
/// A Result that gives tricks on a board that was passed out.
pub const RESULT_PASSED_OUT: Rule = Rule::new("bridge.result.passed-out", Violation);
/// A results list's line for the table (LIN's `rs` entry) that differs from
/// the table's auction, Result (claim) or play.
pub const RESULT_LIST: Rule = Rule::new("bridge.result.list", Violation);
/// A passed-out board with a Declarer seat or a Result of 0 instead of empty tags.
pub const PASSED_OUT_TAGS: Rule = Rule::new("bridge.board.passed-out-tags", Warning);

/// A Score that differs from duplicate scoring of contract and result.
pub const SCORE_POINTS: Rule = Rule::new("bridge.score.points", Violation);
/// A teams board whose two tables (Open and Closed rooms) have different
/// deals.
pub const ROOM_DEALS: Rule = Rule::new("bridge.board.rooms", Warning);
/// A ScoreIMP that differs from the IMPs between the two tables of the board.
pub const SCORE_IMP: Rule = Rule::new("bridge.score.imp", Violation);
/// A ScoreTable row whose score differs from duplicate scoring of its
/// contract, declarer and tricks.
pub const TABLE_SCORE: Rule = Rule::new("bridge.table.score", Violation);

/// More findings in one record than the rules keep: the rest are counted, not
/// reported.
pub const FINDINGS_LIMIT: Rule = Rule::new("bridge.limit.findings", Notice);

/// Every bridge rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    DUPLICATE_CARD,
    HAND_SIZE,
    NO_HAND,
    CYCLE,
    ROTATION,
    INSUFFICIENT,
    INSUFFICIENT_MARKED,
    SKIP_MARKED,
    AUCTION_WRONG_MARKER,
    DOUBLE,
    REDOUBLE,
    AFTER_END,
    INCOMPLETE,
    NOT_AUDITED,
    PLAY_NOT_AUDITED,
    CONTRACT,
    DECLARER,
    SWAP_MARKED,
    LEADER,
    LEAD_MARKED,
    NOT_HELD,
    PLAYED_TWICE,
    REVOKE,
    REVOKE_MARKED,
    PLAY_WRONG_MARKER,
    AFTER_NEXT,
    RESULT_TRICKS,
    RESULT_CLAIM,
    RESULT_REVOKE,
    RESULT_AGREED_MARKED,
    RESULT_TOTAL,
    RESULT_PASSED_OUT,
    RESULT_LIST,
    PASSED_OUT_TAGS,
    SCORE_POINTS,
    SCORE_IMP,
    ROOM_DEALS,
    TABLE_SCORE,
    FINDINGS_LIMIT,
];
