//! Double-deck four-handed pinochle: the hand model every pinochle notation
//! decodes into, and the rules that check it.
//!
//! The rules are those of `../shared/reference/pinochle.md`; the notation is
//! Portable Pinochle Notation (`../shared/specs/pinochle-ppn.txt`). This module
//! knows the game only: [`Hand`] is a hand as recorded (every tag optional,
//! positions kept).

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

pub use card::{Card, CardKinds, HAND_SUITS, ParseCardError, Rank};
pub use cards::{Cards, ParseCardsError};
pub use check::{Checker, Sink};
pub use fault::Fault;
pub use hand::{
    At, Auction, Buffers, Call, Competition, Discard, Hand, Holdings, MeldEntry, Melds, Outcome,
    ParseHoldingsError, Play, PlayCard, Tag, Termination, Trick, Trump, Written, value,
};
pub use meld::{MeldScore, has_marriage, meld_value};
pub use options::{CounterScheme, OptionError, Options};
pub use play::{Duty, legal_cards, trick_winner};
pub use tables::{ACE_TEN_KING, Counters, Ladder, MeldTable, STANDARD_MELDS, TENS_AND_FIVES};
pub use team::{ByTeam, ParseScoresError, TEAMS, team_number, team_of_number};
