//! The tags the rules never read but a conversion keeps: Event, Site, Date, the
//! four players, Scoring as written, and the texts of the Note tags.

use crate::Seat;
use crate::bridge::{Board, Identification, Note};
use crate::pbn::{RawRecord, TagKind};
use crate::text;

/// Sets the identification field that a tag of `kind` fills (Event, Site, Date,
/// Scoring and the four players) to `raw` as text, and returns its bit for
/// [`clear_missing`]; returns 0 for the other kinds.
///
/// `id` may still hold the previous record's values, and `spare` those it held
/// before them: a field whose text is byte for byte the tag's value is left as
/// it is, or swapped with its spare (the players of a teams match alternate
/// between the two tables). That is exact: a field is valid UTF-8, so a value
/// with the same bytes is valid UTF-8 and decodes to itself.
pub(super) fn set_field(
    id: &mut Identification,
    spare: &mut Identification,
    kind: TagKind,
    raw: &[u8],
) -> u8 {
    let (field, spare, bit) = match kind {
        TagKind::Event => (&mut id.event, &mut spare.event, 1),
        TagKind::Site => (&mut id.site, &mut spare.site, 1 << 1),
        TagKind::Date => (&mut id.date, &mut spare.date, 1 << 2),
        TagKind::Scoring => (&mut id.scoring, &mut spare.scoring, 1 << 3),
        TagKind::North => (
            &mut id.players[Seat::North],
            &mut spare.players[Seat::North],
            1 << 4,
        ),
        TagKind::East => (
            &mut id.players[Seat::East],
            &mut spare.players[Seat::East],
            1 << 5,
        ),
        TagKind::South => (
            &mut id.players[Seat::South],
            &mut spare.players[Seat::South],
            1 << 6,
        ),
        TagKind::West => (
            &mut id.players[Seat::West],
            &mut spare.players[Seat::West],
            1 << 7,
        ),
        _ => return 0,
    };
    if field.as_bytes() != raw {
        // The value held so far becomes the spare.
        std::mem::swap(field, spare);
        if field.as_bytes() != raw {
            text::decode_into(raw, field);
        }
    }
    bit
}

/// Empties the fields whose bit (from [`set_field`]) is not in `given`: the
/// record has no such tag.
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
    let notes = match part {
        Some(0) => board.auction.as_mut().map(|a| &mut a.notes),
        Some(1) => board.play.as_mut().map(|p| &mut p.notes),
        _ => None,
    };
    if let Some(notes) = notes.filter(|v| v.iter().all(|x| x.number != number)) {
        notes.push(Note {
            number,
            text: body.to_string(),
        });
    }
}
