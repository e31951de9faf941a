//! The tags the rules never read but a conversion keeps: Event, Site, Date, the
//! four players, Scoring as written, and the texts of the Note tags.

use crate::bridge::{Board, Note};
use crate::pbn::{RawRecord, TagKind};
use crate::{Seat, text};

/// Copies the identification tags and the note texts of `rec` into `board`
/// (after the sections were decoded, so that notes find their section).
pub(super) fn identification(rec: &RawRecord, board: &mut Board) {
    // 0: auction, 1: play, as Note tags follow the section they explain.
    let mut part = None;
    for tag in &rec.tags {
        let field = match tag.kind {
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
            TagKind::Event => &mut board.id.event,
            TagKind::Site => &mut board.id.site,
            TagKind::Date => &mut board.id.date,
            TagKind::Scoring => &mut board.id.scoring,
            TagKind::North => &mut board.id.players[Seat::North],
            TagKind::East => &mut board.id.players[Seat::East],
            TagKind::South => &mut board.id.players[Seat::South],
            TagKind::West => &mut board.id.players[Seat::West],
            _ => {
                part = None;
                continue;
            }
        };
        part = None;
        field.clear();
        field.push_str(&text::decode(rec.value(tag)));
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
