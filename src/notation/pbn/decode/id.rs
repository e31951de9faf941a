//! The tags the rules never read but a conversion keeps: Event, Site, Date, the
//! four players, Scoring as written, and the texts of the Note tags.

use crate::Seat;
use crate::bridge::{Board, Identification};
use crate::pbn::{RawRecord, TagKind};
use crate::text;

/// Sets `field` to `raw` as text (an identification field: Event, Site, Date,
/// Scoring, a player).
///
/// `field` may still hold the previous record's value, and `spare` the one
/// before it: a field whose text is byte for byte the tag's value is left as it
/// is, or swapped with its spare (the players of a teams match alternate
/// between the two tables). That is exact: a field is valid UTF-8, so a value
/// with the same bytes is valid UTF-8 and decodes to itself.
#[inline(always)]
pub(super) fn set(field: &mut String, spare: &mut String, raw: &[u8]) {
    if field.as_bytes() != raw {
        // The value held so far becomes the spare.
        std::mem::swap(field, spare);
        if field.as_bytes() != raw {
            text::decode_into(raw, field);
        }
    }
}

/// Bits of the identification fields given, for [`clear_missing`].
pub(super) const EVENT: u8 = 1;
pub(super) const SITE: u8 = 1 << 1;
pub(super) const DATE: u8 = 1 << 2;
pub(super) const SCORING: u8 = 1 << 3;
/// The bit of the player of `seat`.
pub(super) const fn player(seat: Seat) -> u8 {
    1 << (4 + seat as u8)
}

/// Empties the fields whose bit ([`EVENT`], ..., [`player`]) is not in `given`:
/// the record has no such tag.
pub(super) fn clear_missing(id: &mut Identification, given: u8) {
    let fields = [&mut id.event, &mut id.site, &mut id.date, &mut id.scoring];
    for (i, field) in fields.into_iter().chain(&mut id.players.values).enumerate() {
        if given & (1 << i) == 0 {
            field.clear();
        }
    }
}

/// Copies the texts of the Note tags of `rec` into the notes of the section they
/// follow (after the sections were decoded).
pub(super) fn notes(rec: &RawRecord, board: &mut Board) {
    // 0: auction, 1: play, as Note tags follow the section they explain.
    let mut part = None;
    for tag in &rec.tags {
        match tag.kind {
            TagKind::Auction => part = Some(0),
            TagKind::Play => part = Some(1),
            TagKind::Note => note(&text::decode(rec.value(tag)), part, board),
            _ => part = None,
        }
    }
}

/// Keeps a well-formed `n:text` Note in its section's notes; a malformed one has
/// been reported by the decoder and is not kept.
fn note(value: &str, part: Option<u8>, board: &mut Board) {
    let Some((n, body)) = value.split_once(':') else {
        return;
    };
    let Some(number) = n.parse::<u8>().ok().filter(|n| (1..=32).contains(n)) else {
        return;
    };
    match part {
        Some(0) => board.add_note(false, number, body),
        Some(1) => board.add_note(true, number, body),
        _ => {}
    }
}
