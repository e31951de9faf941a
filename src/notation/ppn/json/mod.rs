//! The JSON form of PPN: writing, streaming reading, and decoding a deal object.
//!
//! The spec shows one deal object. kibitz reads three shapes: a deal object, an
//! array of deal objects, or a game `{"info": {"Bula": "60", ...}, "deals": [...]}`
//! (what [`write_game_json`] writes, one deal per line). Deals are read one at a
//! time, so a file of any size is read in bounded memory.
//!
//! Keys follow the spec's example. `cards` and `bids` are keyed `p1`..`p3` by
//! deal-order position, like the text form (the example's bids `M3,P,3` with main
//! 2 only make sense that way); `summary` is keyed by player id (the example marks
//! `p2` as main, and main is player 2); `throws` carry `starts` and `winner` as
//! player ids. A summary entry is `{"main": true, "tricks": 7, "middle": -8}` for
//! main, `{"main": false, "tricks": 3, "left": 24}` (or `"right"`, plus `"middle"`
//! when failed) for a follower, and `{"main": false, "tricks": 0}` for a player who
//! does not play. `contract` is a number, or a string such as `"G4"` for a game;
//! `kontra` a string (`"0"`, `"I3"`); `refa` a boolean, absent when the text form
//! omits it; `starts` 0 when nobody leads.

mod decode;
mod read;
mod write;

pub use decode::decode_deal_json;
pub use read::{JsonError, JsonItem, JsonShape, read_json};
pub use write::{write_deal_json, write_game_json};
