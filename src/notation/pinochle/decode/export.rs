//! The EXPORT format's demands: the mandatory tags, in order, the file headers,
//! one tag per line, and the Melds listed from North.

use super::Sink;
use crate::Seat;
use crate::notation::pinochle::RawRecord;
use crate::notation::pinochle::rules;
use crate::pinochle::{Hand, value};

/// The mandatory tags of double-deck four-handed pinochle in EXPORT format, in
/// the spec's order.
///
/// ```
/// use kibitz::notation::pinochle::decode::MANDATORY;
/// assert_eq!((MANDATORY[0], MANDATORY[MANDATORY.len() - 1]), ("Site", "Play"));
/// ```
pub const MANDATORY: &[&str] = &[
    "Site",
    "Date",
    "North",
    "East",
    "South",
    "West",
    "Hand",
    "GameScores",
    "Dealer",
    "Deal",
    "Declarer",
    "Contract",
    "Trump",
    "Melds",
    "MeldScores",
    "PlayScores",
    "Result",
    "HandScores",
    "Auction",
    "Play",
];

pub(super) fn check(rec: &RawRecord, hand: &Hand, sink: &mut Sink) {
    // One pass over the tags: which mandatory tags are present, and the
    // first one listed before a mandatory tag that comes earlier in the
    // spec's order (an order finding). (A search of the tags for each
    // mandatory name took 4,500 instructions a hand.)
    let (mut present, mut last, mut misplaced) = (0u32, 0, None);
    for t in rec.tags.iter().filter(|t| t.segment.is_none()) {
        let name = rec.name(t);
        let Some(i) = MANDATORY.iter().position(|m| m.as_bytes() == name) else {
            continue;
        };
        present |= 1 << i;
        if misplaced.is_none() {
            if i < last {
                misplaced = Some((t.pos, i, last));
            }
            last = i;
        }
    }
    if present != (1 << MANDATORY.len()) - 1 {
        let missing: Vec<&str> = (MANDATORY.iter().enumerate())
            .filter(|(i, _)| present & (1 << i) == 0)
            .map(|(_, m)| *m)
            .collect();
        sink.add(
            rules::EXPORT_MISSING,
            rec.start,
            format!(
                "export format requires tag{} {} in every hand",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ),
        );
    }
    if let Some((pos, i, last)) = misplaced {
        sink.add(
            rules::EXPORT_ORDER,
            pos,
            format!(
                "export format lists tag {} before {}",
                MANDATORY[i], MANDATORY[last]
            ),
        );
    }
    // One tag per line.
    let mut prev = 0;
    for t in &rec.tags {
        if t.pos.line == prev && t.pos.line != 0 {
            sink.add(
                rules::EXPORT_LAYOUT,
                t.pos,
                "export format writes each tag pair on a line of its own".into(),
            );
            break;
        }
        prev = t.pos.line;
    }
    // Headers: the first hand of the file is preceded by `% PPN x.y`, `% EXPORT`
    // and a blank `%` line.
    if rec.first {
        let texts = || rec.escapes.iter().map(|e| rec.text(e.text).trim_ascii());
        let ppn = texts().position(|t| t.starts_with(b"PPN"));
        let fmt = texts().position(|t| t == b"EXPORT");
        let blank = texts().rposition(<[u8]>::is_empty);
        let ok = matches!((ppn, fmt, blank), (Some(a), Some(b), Some(c)) if a < b && b < c);
        if !ok {
            sink.add(
                rules::EXPORT_LAYOUT,
                rec.escapes.first().map_or(rec.start, |e| e.pos),
                "an export file begins with the notation header `% PPN 1.0`, the format header \
                 `% EXPORT` and a blank `%` line, in that order"
                    .into(),
            );
        }
    }
    // The Melds start from North. (The seats the Deal and the Auction start from
    // are the rules' `pinochle.deal.first` and `pinochle.auction.first`.)
    if let (Some(m), Some(t)) = (value(&hand.melds), &hand.melds)
        && m.first != Seat::North
    {
        sink.add(
            rules::EXPORT_LAYOUT,
            t.pos,
            format!(
                "export format lists the Melds from North, not from {}",
                m.first
            ),
        );
    }
}
