//! Contract bridge: the board model every bridge notation decodes into.

mod board;
pub mod score;

pub use board::{
    At, Auction, AuctionCall, AuctionItem, Board, Centi, ContractTag, Deal, DeclarerTag, Play,
    PlayCard, PlayItem, PlayOrder, ResultTag, Room, Scoring, SideScore,
};
