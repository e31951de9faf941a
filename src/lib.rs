//! # kibitz
//!
//! A legality-checking replay engine for recorded card games. It reads game
//! archives, replays every recorded auction and trick under the rules of the game,
//! and reports each place where a record breaks a rule or contradicts itself.
//!
//! Audit a file and print its findings:
//!
//! ```
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
//! let mut audit = kibitz::Auditor::new().audit_path(path);
//! for found in &mut audit {
//!     println!("{found}"); // examples/club-night.pbn:54:8: violation bridge.score.points: ...
//! }
//! println!("{} violations in {} records", audit.summary().violations, audit.summary().records);
//! # assert_eq!((audit.summary().violations, audit.summary().records), (2, 3));
//! ```
//!
//! [`Auditor`] takes the options of `kibitz audit` (rule options per game,
//! limits, worker threads, the least severity to report) and audits paths
//! (files of any notation, compressed files, zip archives, directories), bytes or
//! a reader; each finding comes with its file ([`audit::Located`]) and the audit
//! ends with a [`audit::Summary`]. Findings and summaries are always
//! `Serialize` (the CLI writes JSON); the `serde` feature adds `Serialize` and
//! `Deserialize` to the game models ([`bridge::Board`], [`preferans::Deal`],
//! [`pinochle::Hand`] and what they hold) and `Deserialize` to [`audit::Summary`].
//!
//! The crate is laid out like `shakmaty` and `pgn-reader`:
//!
//! * a flat set of vocabulary types re-exported at the crate root ([`Seat`],
//!   [`Suit`], [`Rank`], [`Card`], [`CardSet`], [`BySeat`], [`Call`],
//!   [`Contract`], ...); each lives in its game's folder ([`bridge`]) or, when
//!   every game at the table shares it, in [`table`];
//! * one folder per notation under [`notation`], which knows syntax only
//!   ([`pbn`], [`ppn`], re-exported at the root);
//! * one folder per game, which knows the rules only ([`bridge`], [`preferans`],
//!   [`pinochle`]);
//! * the [`audit`] layer, which runs a notation's decoder and a game's rules over a
//!   file and turns their outcomes into [`Finding`]s.
//!
//! The layer under [`Auditor`], for one input already in hand:
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

mod finding;
#[cfg(feature = "serde")]
mod serde_text;

pub mod audit;
pub mod bridge;
pub mod choose;
pub mod convert;
pub mod dups;
pub mod fuzzing;
pub mod notation;
pub mod pinochle;
pub mod preferans;
pub mod rulebook;
pub mod suggest;
pub mod table;
#[cfg(test)]
mod xorshift;

pub use notation::{lines, pbn, ppn, text};

pub use audit::Auditor;
pub use bridge::{
    Bid, Call, Card, CardSet, CardSetIter, Contract, ParseCallError, ParseCardError,
    ParseHandError, Rank, Risk, Strain, Vulnerability, dealer_for_board,
};
pub use finding::{Finding, Game, Pos, Rule, Severity};
pub use table::{BySeat, BySuit, Seat, Side, Suit};
