//! Portable Preferans Notation (Prefko's PPN): reading and writing, text and JSON.
//!
//! Not to be confused with Portable Pinochle Notation, which shares the acronym;
//! [`crate::audit::sniff`] tells them apart by content.
//!
//! Reading text is in two steps, as in `pgn-reader`:
//!
//! 1. [`TextReader`] splits the input into classified lines: tag pairs, deal
//!    lines (split into fields, borrowed from the buffer), blank and other lines.
//! 2. [`decode_deal`] turns a deal line into a notation-free
//!    [`preferans::Deal`](crate::preferans::Deal), checking every field's syntax.
//!
//! The JSON form is read by [`read_json`] (streaming, deal by deal) and
//! [`decode_deal_json`]; [`write_deal`], [`write_tag`], [`write_deal_json`] and
//! [`write_game_json`] write both forms. Neither step knows the rules of
//! preferans; that is [`crate::preferans`]'s job.
//!
//! # Format notes
//!
//! * A file is one or more games; a game is its info section (tag pairs
//!   `[Name value]`, the value quoted when it has spaces) and its deal lines
//!   (`[` + deal id ...). A tag after deal lines starts the next game.
//! * A deal line has 14 space-separated fields, 13 when the refa field is absent
//!   (as in the spec's example; a notice), 4 when all three passed.
//! * `throws` and `starts` are `0` when nobody follows (the deal has no play).
//! * Whitespace around a line is ignored; any other line is a violation.

mod decode;
pub mod json;
mod reader;
pub mod rules;
mod write;

pub use decode::{Sink, decode_deal};
pub use json::{
    JsonError, JsonItem, JsonShape, decode_deal_json, read_json, write_deal_json, write_game_json,
};
pub use reader::{Item, MAX_FIELDS, RawDeal, RawTag, TextReader};
pub use write::{write_deal, write_game, write_tag};
