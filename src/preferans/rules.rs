//! The preferans rules: every finding the rule module can make.
//!
//! Each constant has an entry with the same id in `rules/preferans.toml`.

use crate::Rule;
use crate::Severity::{Violation, Warning};

/// Deal order that is not a permutation of players 1, 2, 3.
pub const DEAL_ORDER: Rule = Rule::new("preferans.deal.order", Violation);
/// Cards that are not 32 distinct cards.
pub const DEAL_CARDS: Rule = Rule::new("preferans.deal.cards", Violation);
/// A bids field no legal auction can leave.
pub const AUCTION_BIDS: Rule = Rule::new("preferans.auction.bids", Violation);
/// Main who is not the auction winner (or a deal that goes on after all passed).
pub const AUCTION_WINNER: Rule = Rule::new("preferans.auction.winner", Violation);
/// Discarded cards not among main's ten cards and the talon.
pub const DISCARD_HELD: Rule = Rule::new("preferans.discard.held", Violation);
/// `XX` for a contract played with the talon, or two cards for a game.
pub const DISCARD_GAME: Rule = Rule::new("preferans.discard.game", Violation);
/// A contract below the winning bid, or not a game after a game bid (and back).
pub const CONTRACT_BID: Rule = Rule::new("preferans.contract.bid", Violation);
/// An accepted field that names main as a follower.
pub const FOLLOW_ACCEPTED: Rule = Rule::new("preferans.follow.accepted", Violation);
/// A kontra or invitation that could not have been said.
pub const KONTRA_CHAIN: Rule = Rule::new("preferans.kontra.chain", Violation);
/// A value other than base x kontra x refa.
pub const VALUE: Rule = Rule::new("preferans.value", Violation);
/// A first leader other than the one the rules name.
pub const PLAY_LEADER: Rule = Rule::new("preferans.play.leader", Violation);
/// A trick with a number of cards other than the number of players who play.
pub const PLAY_TRICK_SIZE: Rule = Rule::new("preferans.play.trick-size", Violation);
/// A card played that the player does not hold.
pub const PLAY_CARD_HELD: Rule = Rule::new("preferans.play.card-held", Violation);
/// Not following suit while holding the suit led.
pub const PLAY_REVOKE: Rule = Rule::new("preferans.play.revoke", Violation);
/// Void in the suit led, holding a trump, and not trumping.
pub const PLAY_TRUMP: Rule = Rule::new("preferans.play.trump", Violation);
/// Option `must_head`: following suit without beating the trick when able.
pub const PLAY_HEAD: Rule = Rule::new("preferans.play.head", Violation);
/// Option `must_overtrump`: trumping without beating the best trump when able.
pub const PLAY_OVERTRUMP: Rule = Rule::new("preferans.play.overtrump", Violation);
/// A recorded trick winner that is not the player of the winning card.
pub const PLAY_WINNER: Rule = Rule::new("preferans.play.winner", Violation);
/// Play that stops before 10 tricks with the outcome undecided.
pub const PLAY_INCOMPLETE: Rule = Rule::new("preferans.play.incomplete", Violation);
/// Tricks recorded where there is no play, or more than 10.
pub const PLAY_EXTRA: Rule = Rule::new("preferans.play.extra", Violation);
/// A summary entry of the wrong kind for the player's role (M, F or 0).
pub const SUMMARY_ROLE: Rule = Rule::new("preferans.summary.role", Violation);
/// Summary tricks other than the tricks won in the throws.
pub const SUMMARY_TRICKS: Rule = Rule::new("preferans.summary.tricks", Violation);
/// A supa written in the column that does not face main.
pub const SUMMARY_COLUMN: Rule = Rule::new("preferans.summary.column", Violation);
/// A supa other than value x tricks (or the betl option's amount).
pub const SUMMARY_SUPA: Rule = Rule::new("preferans.summary.supa", Violation);
/// Main's middle entry other than -value (passed) or +value (failed).
pub const SUMMARY_MAIN: Rule = Rule::new("preferans.summary.main", Violation);
/// A follower's failure entry missing, extra, or not the value.
pub const SUMMARY_FAILED: Rule = Rule::new("preferans.summary.failed", Violation);
/// Bula that is not an even number above 0.
pub const SHEET_BULA: Rule = Rule::new("preferans.sheet.bula", Violation);
/// A refa field that contradicts the refas on the game sheet.
pub const SHEET_REFA: Rule = Rule::new("preferans.sheet.refa", Violation);
/// Result tags that do not follow from the game sheet (inferred formula).
pub const RESULT_FORMULA: Rule = Rule::new("preferans.result.formula", Warning);
/// Place tags that do not rank the players by Result.
pub const RESULT_PLACE: Rule = Rule::new("preferans.result.place", Violation);

/// Every preferans rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    DEAL_ORDER,
    DEAL_CARDS,
    AUCTION_BIDS,
    AUCTION_WINNER,
    DISCARD_HELD,
    DISCARD_GAME,
    CONTRACT_BID,
    FOLLOW_ACCEPTED,
    KONTRA_CHAIN,
    VALUE,
    PLAY_LEADER,
    PLAY_TRICK_SIZE,
    PLAY_CARD_HELD,
    PLAY_REVOKE,
    PLAY_TRUMP,
    PLAY_HEAD,
    PLAY_OVERTRUMP,
    PLAY_WINNER,
    PLAY_INCOMPLETE,
    PLAY_EXTRA,
    SUMMARY_ROLE,
    SUMMARY_TRICKS,
    SUMMARY_COLUMN,
    SUMMARY_SUPA,
    SUMMARY_MAIN,
    SUMMARY_FAILED,
    SHEET_BULA,
    SHEET_REFA,
    RESULT_FORMULA,
    RESULT_PLACE,
];
