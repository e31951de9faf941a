//! Double-deck four-handed pinochle: the hand model every pinochle notation
//! decodes into, and the rules that check it.
//!
//! The rules are those of `../shared/reference/pinochle.md`; the notation is
//! Portable Pinochle Notation (`../shared/specs/pinochle-ppn.txt`), read and
//! written by `crate::notation::pinochle`. This module knows the game only:
//!
//! * vocabulary: [`Card`] (one of the 20 distinct cards), [`Rank`] (J < Q < K <
//!   T < A), [`CardKinds`] (a `u32` set of distinct cards), [`Cards`] (the
//!   80-card multiset, three bits per card in a `u64`, with union, intersection,
//!   difference, sum, subset and the Deal/Holding and `HA CT` syntaxes); seats
//!   and sides are [`crate::Seat`] and [`crate::Side`], teams numbered by
//!   [`team_number`], [`ByTeam`] holds a `team1:team2` score list;
//! * the record: [`Hand`], every tag as [`Tag<T>`] = `Option<At<Written<T>>>`
//!   (value, `?` or `*`, with its position), the [`Auction`] and [`Play`]
//!   sections with a position per call and per card;
//! * the rules: [`Checker`] checks hands one after the other (keeping only what
//!   the next hand of the game needs: its number, dealer and GameScores), each
//!   finding a typed [`Fault`] with its proof at the position of the value it
//!   is about; ids in [`rules`] and `rules/pinochle.toml`;
//! * data in one place ([`STANDARD_MELDS`], [`ACE_TEN_KING`], [`TENS_AND_FIVES`]),
//!   the laws of a trick ([`legal_cards`], [`trick_winner`]), meld scoring
//!   ([`meld_value`]);
//! * rule options ([`Options`], `name` / `name=value`, for `--pinochle-option`):
//!   `min_bid=50`, `bid_steps` (on), `meld_minimum=20`, `counter_minimum=20`,
//!   `must_head` (on), `must_overtrump` (on), `counters=ace_ten_king|tens_and_fives`,
//!   `no_board=not_played|play_out`, `game=500`;
//! * [`generate`]: legal hands and whole games through a
//!   [`crate::choose::Chooser`], with one-fault [`generate::Mutation`]s;
//!   `cargo run --release --example pinochle_games -- 100000` checks 100,000.
//!
//! ```
//! use kibitz::pinochle::{At, Checker, Hand, Options, Written};
//! use kibitz::{Pos, Seat};
//! let mut h = Hand::default();
//! h.dealer = Some(At::new(Written::Value(Seat::West), Pos::new(3, 10)));
//! h.deal = Some(At::new(Written::Value("W:AAAA... - - -".parse().unwrap()), Pos::new(4, 7)));
//! let mut found = Vec::new();
//! Checker::new(Options::default()).check(&h, &mut |f, pos| found.push((f.rule().id, pos)));
//! assert_eq!(found, [("pinochle.deal.first", Pos::new(4, 7))]);
//! ```
//!
//! # Readings where the spec and the reference are silent or disagree
//!
//! The reference decides; these are the readings this module makes.
//!
//! * **Deck.** The spec's rank list names a 9 and its Kitty example `H9`; the
//!   reference's deck is 80 cards A T K Q J. A 9 is not a card here (the decoder
//!   reports it).
//! * **Multiset bound.** [`Cards`] holds up to 7 copies of a card, so a deal with
//!   a fifth copy can be represented and reported (`pinochle.deal.cards`); a deal
//!   that is not 4 x 20 cards, 20 per hand, is not replayed (the play's winners
//!   and points are still checked, the obligations are not).
//! * **Auction.** A `-` slot for a player still in the auction is a violation and
//!   counts as his pass; a `Pass` by a player who already passed is the same rule.
//!   An insufficient bid, or a bid by a player who passed, is reported and
//!   ignored (the player stays as he was). A bid below the minimum or off the
//!   steps is reported and stands. Three opening passes oblige the fourth to bid;
//!   four passes are a violation and the hand goes no further.
//! * **Contract and Declarer** come from the auction when it is complete (the
//!   tags are checked against it), else from the tags.
//! * **Holding and exchange.** Double-deck four-handed has no exchange. When a
//!   Holding is written it must equal the deal after the Passed cards (each
//!   player's passed cards go to his partner) and, with a Kitty, the declarer's
//!   kitty minus his Discard; the meld and play are checked on the Holding.
//! * **Meld values.** A player's meld is the best scoring of the cards he lists
//!   (not of his whole hand); listing less than his hand's best is a notice.
//!   Team sums (MeldScores, the result, the scores) use these correct values,
//!   not the points written, so a wrong points entry is one finding. Cards that
//!   count in no meld are a warning (`pinochle.meld.idle`). A ladder entry of 0
//!   (never in the standard table) uses no card.
//! * **`Trump "-"`**: no run or marriage of any kind counts in anyone's meld; the
//!   result is No Trump (even when No Board would apply too), and the hand is not
//!   played.
//! * **No Board** is decided from the declaring team's meld after the minimum
//!   (0 means below it); with `meld_minimum=0` there is no No Board. With
//!   `no_board=play_out` the hand is played and is Saved or Set.
//! * **PlayScores** are raw counters per team (the reference), 0:0 in a hand not
//!   played. The spec's "reflects whether there is a minimum" is read as the
//!   HandScores' business.
//! * **Play.** The Play tag's seat is the first column and the first leader; if it
//!   is not the declarer that is one finding and the play is replayed from it.
//!   Later leaders are the *true* winners, so a wrong recorded winner is one
//!   finding. After a card not held the hands are no longer followed (winners and
//!   points still are). A trick with a `-` card stops the replay; the recorded
//!   points of all 20 tricks must still sum to 50 (`pinochle.play.total`, only
//!   when no single trick's points were found wrong).
//! * **Head the trick** applies to a trump lead as to any suit; once a trump is in
//!   a side-suit trick, followers may play any card of the suit led. Overtrump:
//!   void in the suit led, a player must beat the best trump in the trick if he
//!   can, else still play a trump.
//! * **GameScores chain.** Hand 1 starts at 0:0. Hand n+1 must show hand n's
//!   *written* GameScores plus its *correct* HandScores, so a wrong HandScores is
//!   one finding at hand n (a file that carried it on is reported again at n+1),
//!   and a wrong GameScores is one finding where it is written. The chain is
//!   followed only between consecutive Hand numbers (or between records without
//!   Hand tags), never across a terminated or won hand. The dealer rotation is
//!   checked along the same chain (a warning).
//! * **Victor**, when written, must name the team at 500 or more after the hand
//!   (the declaring team when both are); a Victor when nobody has reached it is a
//!   violation. A missing Victor is not reported (the tag is optional).
//! * **Termination.** A Termination tag or any `*` (in the Auction or Play
//!   section, or as a tag value) makes the hand terminated: a notice at the
//!   Termination tag (`pinochle.termination.hand`), a warning when only one of
//!   the two is there (`pinochle.termination.marker`). What was recorded up to
//!   the `*` is checked; PlayScores, Result, HandScores and Victor of a
//!   terminated hand are not, and the next hand does not continue its chain.
//! * **Variants.** A Competition other than double-deck four-handed is one notice
//!   and is not checked. Only the standard meld table is known; the Scoring tag
//!   does not change it.

mod buffers;
mod card;
mod cards;
mod check;
pub mod fault;
pub mod generate;
mod hand;
mod meld;
mod options;
mod play;
pub mod rules;
mod tables;
mod team;

pub use buffers::Buffers;
pub use card::{Card, CardKinds, HAND_SUITS, ParseCardError, Rank};
pub use cards::{Cards, ParseCardsError};
pub use check::{Checker, Sink};
pub use fault::Fault;
pub use hand::{
    At, Auction, Call, Competition, Discard, Hand, Holdings, MeldEntry, Melds, Outcome,
    ParseHoldingsError, Play, PlayCard, Tag, Termination, Trick, Trump, Written, value,
};
pub use meld::{MeldScore, has_marriage, meld_value};
pub use options::{CounterScheme, OptionError, Options};
pub use play::{Duty, legal_cards, trick_winner};
pub use tables::{ACE_TEN_KING, Counters, Ladder, MeldTable, STANDARD_MELDS, TENS_AND_FIVES};
pub use team::{ByTeam, ParseScoresError, TEAMS, team_number, team_of_number};
