//! The tags the rules never read but a conversion keeps: Event, Site, Date, the
//! four players, Scoring as written, and the texts of the Note tags.

use crate::bridge::{Board, Identification, Note};
use crate::pbn::{RawRecord, TagKind};
use crate::text;

/// Copies the identification tags and the note texts of `rec` into `board`
/// (after the sections were decoded, so that notes find their section). Every
/// field of `board.id` is set: to the last tag of its kind, or emptied.
///
/// `board.id` may still hold the previous record's values: a field whose text is
/// byte for byte the tag's value is left as it is (the same event, site and
/// players are written record after record). That is exact: a field is valid
/// UTF-8, so a value with the same bytes is valid UTF-8 and decodes to itself.
pub(super) fn identification(rec: &RawRecord, board: &mut Board) {
    // 0: auction, 1: play, as Note tags follow the section they explain.
    let mut part = None;
    // Bit i: field i (in the order of `fields` below) was given.
    let mut given = 0u8;
    for tag in &rec.tags {
        let i = match tag.kind {
            TagKind::Auction => {
                part = Some(0);
                continue;
            }
            TagKind::Play => {
                part = Some(1);
                continue;
            }
            TagKind::Note => {
                note(&text::decode(rec.value(tag)), part, board);
                continue;
            }
            TagKind::Event => 0,
            TagKind::Site => 1,
            TagKind::Date => 2,
            TagKind::Scoring => 3,
            TagKind::North => 4,
            TagKind::East => 5,
            TagKind::South => 6,
            TagKind::West => 7,
            _ => {
                part = None;
                continue;
            }
        };
        part = None;
        given |= 1 << i;
        set(fields(&mut board.id)[i], rec.value(tag));
    }
    for (i, field) in fields(&mut board.id).into_iter().enumerate() {
        if given & (1 << i) == 0 {
            field.clear();
        }
    }
}

/// The identification fields, in the order of the bits of `given` above.
fn fields(id: &mut Identification) -> [&mut String; 8] {
    let [north, east, south, west] = &mut id.players.values;
    [
        &mut id.event,
        &mut id.site,
        &mut id.date,
        &mut id.scoring,
        north,
        east,
        south,
        west,
    ]
}

/// Sets `field` to `raw` as text, unless it holds those very bytes already.
fn set(field: &mut String, raw: &[u8]) {
    if field.as_bytes() != raw {
        field.clear();
        field.push_str(&text::decode(raw));
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
