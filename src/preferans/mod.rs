//! 3-player Serbian preferans: the game model every preferans notation decodes
//! into, and the rules that check it.
//!
//! The rules are those of `../shared/reference/preferans.md` (Prefko's Serbian
//! preferans); the notation is Portable Preferans Notation, read and written by
//! [`crate::ppn`]. This module knows the game only: [`Deal`] is a deal as recorded
//! (every field optional, positions kept), [`Game`] checks deals one by one on a
//! game sheet, and [`generate`] builds legal games by choosing among legal
//! actions.
//!
//! # Using it
//!
//! * `kibitz audit game.ppn` (or a `.ppn.json`, or stdin): the notation is decided
//!   by content ([`crate::audit::sniff`]), since Portable Pinochle Notation shares
//!   the acronym and extension; pinochle files get one notice and are not audited.
//! * Rule options: `--preferans-option must_head` (repeatable; see [`Options`]),
//!   or [`crate::audit::AuditOptions::preferans`] from code; rule-book examples set
//!   them with `options = [...]`.
//! * `cargo run --release --example preferans_games -- 100000 1 out.ppn`
//!   generates, writes and audits 100,000 deals and prints the timings.
//! * `kibitz rules preferans.` / `kibitz rules ppn.` list the checks,
//!   `kibitz explain <id>` shows one with its examples.
//!
//! ```
//! use kibitz::audit::{audit_reader, AuditOptions};
//! let game = "[Bula 60]\n[Refe 2]\n[Player1 a]\n[Player2 b]\n[Player3 c]\n\
//!             [Result1 0]\n[Result2 0]\n[Result3 0]\n\n\
//!             [1 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n";
//! let report = audit_reader("g.ppn", game.as_bytes(), &AuditOptions::default()).unwrap();
//! assert!(report.findings.is_empty());
//! ```
//!
//! # What is checked (rule ids in `rules/preferans.toml`)
//!
//! * deal: order is a permutation of 1, 2, 3; 32 distinct cards;
//! * auction: the `bids` field is reachable by a legal auction ([`auction`]
//!   documents the model) and main is its winner;
//! * discard: two cards from main's ten and the talon, `XX` exactly for a game;
//! * contract: not below main's bid, a game contract exactly after a game bid;
//! * followers and kontra: main never follows; an invitation comes from the lone
//!   follower, never on a (plain) spade contract; a kontra is started by a
//!   follower who plays; subkontra/mortkontra only with `sub_mort_kontra`;
//! * value = base (2 x level, +2 for a game) x kontra (1, 2, 4, 8, 16) x refa (2);
//! * play: first leader, trick sizes, cards held, follow suit, trump obligation
//!   (options `must_head`, `must_overtrump`), recorded winners, early end;
//! * summary: entry kind per role, tricks, supa column, supa, main's and failed
//!   followers' middle entries;
//! * game sheet: refas written on all-pass deals and used by main, Bula;
//! * final Result tags (warning: the formula is inferred) and Place tags.
//!
//! # Choices where the reference is silent
//!
//! * **Who plays.** `accepted` names the followers who play. A kontra chain only
//!   multiplies the value; an invitation (`I`) brings the other follower into play.
//!   So a trick has 3 cards when both accepted or one invited, else 2.
//! * **Invitation outcome.** The inviter answers for 4 tricks together with the
//!   invited player; the invited player writes supa for his tricks (an `F` entry)
//!   and cannot fail. Option `invitation=as_both_following` judges them as two
//!   followers instead (each 2, or both 4). Invitation is forbidden on the plain
//!   spade contract `2` only (as Prefko's code does), not on `G2`.
//! * **Summary tricks** are compared with the recorded winners of the throws; the
//!   card-by-card winner is checked separately (`preferans.play.winner`), and the
//!   next trick is led by the recorded winner, as the notation defines.
//! * **Amounts** (supa, middle) are checked against the recorded value and the
//!   entry's own trick count, so one wrong number is reported once.
//! * **Refa field absent** (13-field deals): whether the deal is under refa is
//!   inferred from the sheet (main holds an unplayed refa).
//! * **Talon.** In a game (`G` contract) the talon stays unseen and is never
//!   played; otherwise main takes it, and his hand is his ten cards plus the talon
//!   minus the discards.
//! * **No play.** When nobody follows, there are no tricks; `starts` and `throws`
//!   may be `0` (the writer writes `0`), and main's trick count is not checked.
//! * **Game bids** are allowed only as a player's first call (`G`, or directly
//!   `G6`, `G7`, `G8`), as in Prefko's engine.
//! * **Deal order** may be any permutation; consecutive deals are not required to
//!   rotate the dealer (the reference does not ask for it). The generator rotates.
//! * **Results**: a Result may differ from `score - mean` by less than 1 (the mean
//!   need not be whole); the three must sum to 0. Places: a higher Result needs a
//!   lower Place; equal Results may be placed either way.

pub mod auction;
mod bid;
mod card;
mod check;
mod contract;
mod deal;
mod game;
pub mod generate;
mod kontra;
mod lineup;
mod options;
mod play;
mod player;
pub mod rules;
mod sheet;
mod summary;

pub use auction::Auction;
pub use bid::Bid;
pub use card::{CODES, Card, CardSet, CardSetIter, RANKS, SUITS, suit_index};
pub use contract::{Contract, Discard};
pub use deal::{Column, Deal, DealLabel, Entry, Field, Trick};
pub use game::{Game, Info, Sink};
pub use kontra::{Accepted, Kontra, KontraLevel};
pub use lineup::{Lineup, Role};
pub use options::{BetlSupa, Invitation, OptionError, Options};
pub use play::{PlayResult, PlayState, decided, legal_cards, obligation, winning_card};
pub use player::{ByPlayer, DealOrder, Player};
pub use sheet::{Paper, Sheet};
pub use summary::{Verdict, expected_entry, supa};
