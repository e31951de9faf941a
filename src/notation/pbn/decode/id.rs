//! The tags the rules never read but a conversion keeps: Event, Site, Date, the
//! four players, Scoring as written, HomeTeam, VisitTeam, Stage, Round,
//! Section, Table, and the texts of the Note tags.

use crate::Seat;
use crate::bridge::{Board, Identification};
use crate::pbn::{RawRecord, TagKind};
use crate::text;

/// Sets `field` to `raw` as text (an identification field: Event, Site, Date,
/// Scoring, a player, a team, ...).
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

/// [`set`] out of line, for the tags of the match (HomeTeam, VisitTeam,
/// Stage, Round, Section, Table), so that they add one call each to the
/// decoder's dispatch, not six copies of [`set`]. (Inlined, the timer put
/// read + decode 3.3% slower, out of line 2.5%, for 1% more instructions;
/// both within the spread two copies of one binary show on this host.)
#[inline(never)]
pub(super) fn set_match(field: &mut String, spare: &mut String, raw: &[u8]) {
    set(field, spare, raw);
}

/// Bits of the identification fields given, for [`clear_missing`], in the
/// order it walks the fields.
pub(super) const EVENT: u16 = 1;
pub(super) const SITE: u16 = 1 << 1;
pub(super) const DATE: u16 = 1 << 2;
pub(super) const SCORING: u16 = 1 << 3;
/// The bit of the player of `seat`.
pub(super) const fn player(seat: Seat) -> u16 {
    1 << (4 + seat as u16)
}
pub(super) const HOME_TEAM: u16 = 1 << 8;
pub(super) const VISIT_TEAM: u16 = 1 << 9;
pub(super) const STAGE: u16 = 1 << 10;
pub(super) const ROUND: u16 = 1 << 11;
pub(super) const SECTION: u16 = 1 << 12;
pub(super) const TABLE: u16 = 1 << 13;

/// Empties the fields whose bit ([`EVENT`], ..., [`player`], ..., [`TABLE`])
/// is not in `given`: the record has no such tag.
pub(super) fn clear_missing(id: &mut Identification, given: u16) {
    let fields = [&mut id.event, &mut id.site, &mut id.date, &mut id.scoring];
    for (i, field) in fields.into_iter().chain(&mut id.players.values).enumerate() {
        if given & (1 << i) == 0 {
            field.clear();
        }
    }
    // The match's fields, each by its bit (a loop the compiler unrolls; a
    // chain after the fields above cost 0.8M instructions a pass over the
    // corpus, 30 a record).
    let tail = [
        (HOME_TEAM, &mut id.home_team),
        (VISIT_TEAM, &mut id.visit_team),
        (STAGE, &mut id.stage),
        (ROUND, &mut id.round),
        (SECTION, &mut id.section),
        (TABLE, &mut id.table),
    ];
    for (bit, field) in tail {
        if given & bit == 0 {
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
