//! # kibitz
//!
//! A legality-checking replay engine for recorded card games. It reads game
//! archives, replays every recorded auction and trick under the rules of the game,
//! and reports each place where a record breaks a rule or contradicts itself.
//!
//! The crate is laid out like `shakmaty` and `pgn-reader`:
//!
//! * a flat set of vocabulary types at the crate root ([`Seat`], [`Suit`], [`Rank`],
//!   [`Card`], [`CardSet`], [`BySeat`], [`Call`], [`Contract`], ...);
//! * one module per notation, which knows syntax only ([`pbn`], [`ppn`]);
//! * one module per game, which knows the rules only ([`bridge`], [`preferans`]);
//! * the [`audit`] layer, which runs a notation's decoder and a game's rules over a
//!   file and turns their outcomes into [`Finding`]s.
//!
//! ```
//! use kibitz::audit::{audit_reader, AuditOptions};
//!
//! let pbn = "[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n";
//! let report = audit_reader("example.pbn", pbn.as_bytes(), &AuditOptions::default()).unwrap();
//! assert_eq!(report.summary.records, 1);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod by;
mod call;
mod card;
mod cardset;
mod finding;
mod rank;
mod seat;
mod suit;

pub mod audit;
pub mod bridge;
pub mod choose;
pub mod fuzzing;
pub mod lines;
pub mod pbn;
pub mod ppn;
pub mod preferans;
pub mod rulebook;
pub mod text;

pub use by::{BySeat, BySuit};
pub use call::{
    Bid, Call, Contract, ParseCallError, Risk, Strain, Vulnerability, dealer_for_board,
};
pub use card::{Card, ParseCardError};
pub use cardset::{CardSet, Iter as CardSetIter, ParseHandError};
pub use finding::{Finding, Game, Pos, Rule, Severity};
pub use rank::Rank;
pub use seat::{Seat, Side};
pub use suit::Suit;
