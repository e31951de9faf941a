//! Double-deck four-handed pinochle: the hand model every pinochle notation
//! decodes into, and the rules that check it.
//!
//! The rules are those of `../shared/reference/pinochle.md`; the notation is
//! Portable Pinochle Notation (`../shared/specs/pinochle-ppn.txt`). This module
//! knows the game only: [`Hand`] is a hand as recorded (every tag optional,
//! positions kept).

mod card;
mod cards;
mod hand;
mod team;

pub use card::{Card, CardKinds, HAND_SUITS, ParseCardError, Rank};
pub use cards::{Cards, ParseCardsError};
pub use hand::{
    At, Auction, Buffers, Call, Competition, Discard, Hand, Holdings, MeldEntry, Melds, Outcome,
    ParseHoldingsError, Play, PlayCard, Tag, Termination, Trick, Trump, Written, value,
};
pub use team::{ByTeam, ParseScoresError, TEAMS, team_number, team_of_number};
