//! Contract bridge: the board model every bridge notation decodes into, and the
//! rules a board is checked against.
//!
//! The rules know the game only, never a notation: a decoder fills a [`Board`],
//! [`check`] replays it and reports each [`fault::Fault`] as a
//! [`Finding`](crate::Finding) of one of the [`rules`]. Each check has its own
//! module: [`deal`], [`cycle`], [`auction`], [`contract`], [`play`], [`result`],
//! [`points`] (the Score tag) and [`imp`] (ScoreIMP across the two tables of a
//! board). Scoring itself is in [`score`].

mod board;
mod call;
mod card;
mod cardset;
mod rank;

pub mod auction;
mod check;
pub mod contract;
pub mod cycle;
pub mod deal;
pub mod fault;
pub mod generate;
pub mod imp;
pub mod order;
pub mod play;
pub mod points;
pub mod result;
pub mod rules;
pub mod score;
pub mod summary;

pub use board::{
    At, Auction, AuctionCall, AuctionItem, Board, Centi, ContractTag, Deal, DeclarerTag,
    Identification, Note, Play, PlayCard, PlayItem, PlayOrder, ResultTag, Room, Scoring, SideScore,
    Summary, TableScore,
};
pub use call::{
    Bid, Call, Contract, ParseCallError, Risk, Strain, Vulnerability, dealer_for_board,
};
pub use card::{Card, ParseCardError};
pub use cardset::{CardSet, Iter as CardSetIter, ParseHandError};
pub use check::{Context, MAX_FINDINGS, Outcome, check, check_board};
pub use rank::Rank;
