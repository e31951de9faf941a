//! The Auction and Play sections: tokens into calls and tricks.

use super::Sink;
use crate::notation::pinochle::rules;
use crate::notation::pinochle::{RawRecord, RawTag, TokenKind};
use crate::pinochle::{At, Auction, Call, Card, Play, PlayCard, Trick};
use crate::text::decode_short;
use crate::{Pos, Seat};

/// The seat of a section tag's value, `None` for `?` (reported when malformed).
fn first_seat(rec: &RawRecord, tag: &RawTag, what: &str, sink: &mut Sink) -> Option<Seat> {
    let v = crate::text::decode(rec.value(tag));
    match &*v {
        "?" | "*" => None,
        s => match super::values::parse_seat(s) {
            Ok(seat) => Some(seat),
            Err(e) => {
                sink.add(rules::TAG_VALUE, tag.value_pos, format!("{what} tag: {e}"));
                None
            }
        },
    }
}

/// Reports tokens after a `*` (once) and returns whether `i` is past it.
fn after_star(
    star: Option<Pos>,
    pos: Pos,
    reported: &mut bool,
    sink: &mut Sink,
    section: &str,
) -> bool {
    if star.is_some() {
        if !*reported {
            *reported = true;
            let rule = if section == "auction" {
                rules::SECTION_BID
            } else {
                rules::SECTION_CARD
            };
            sink.add(
                rule,
                pos,
                format!("nothing may follow the `*` that ends a terminated {section}"),
            );
        }
        return true;
    }
    false
}

/// Decodes the Auction section of `tag` into `calls` (a reused buffer).
pub(super) fn auction(
    rec: &RawRecord,
    tag: &RawTag,
    mut calls: Vec<At<Call>>,
    export: bool,
    sink: &mut Sink,
) -> Auction {
    let first = first_seat(rec, tag, "Auction", sink);
    let mut star = None;
    let mut reported = false;
    let mut layout = false;
    let mut prev_line = tag.pos.line;
    for t in rec.section(tag) {
        if after_star(star, t.pos, &mut reported, sink, "auction") {
            continue;
        }
        // In export format each round of four slots starts a line of its own.
        let starts_round = calls.len().is_multiple_of(4);
        if export && !layout && (starts_round != (t.pos.line > prev_line)) {
            layout = true;
            sink.add(
                rules::EXPORT_LAYOUT,
                t.pos,
                format!(
                    "in export format each round of bidding is one line of four slots; slot {} \
                     is {}",
                    calls.len() + 1,
                    if starts_round {
                        "not at the start of a line"
                    } else {
                        "on a new line within a round"
                    }
                ),
            );
        }
        prev_line = t.pos.line;
        let text = rec.text(t.text);
        match t.kind {
            TokenKind::Star => star = Some(t.pos),
            TokenKind::Word if text == b"?" => calls.push(At::new(Call::Unknown, t.pos)),
            TokenKind::Word => match std::str::from_utf8(text).ok().and_then(|s| s.parse().ok()) {
                Some(c) => calls.push(At::new(c, t.pos)),
                None => {
                    sink.add(
                        rules::SECTION_BID,
                        t.pos,
                        format!(
                            "`{}` is not a bid (a number of points), `Pass`, `-` or `?`",
                            decode_short(text, 20)
                        ),
                    );
                    calls.push(At::new(Call::Unknown, t.pos));
                }
            },
            TokenKind::Group => unreachable_group(sink, t.pos),
        }
    }
    Auction {
        first,
        pos: tag.pos,
        calls,
        star,
    }
}

fn unreachable_group(sink: &mut Sink, pos: Pos) {
    // The reader makes groups only in the play section; kept total for safety.
    sink.add(
        rules::SECTION_BID,
        pos,
        "a parenthesised group is not a bid".into(),
    );
}

/// A trick being read: its slots so far and where it starts.
struct Open {
    slots: [At<PlayCard>; 4],
    n: usize,
    pos: Pos,
    line: u64,
}

impl Open {
    fn new() -> Open {
        Open {
            slots: [At::new(PlayCard::Missing, Pos::default()); 4],
            n: 0,
            pos: Pos::default(),
            line: 0,
        }
    }

    fn close(&mut self, winner: Option<At<Seat>>, points: Option<At<u32>>) -> Trick {
        let t = Trick {
            cards: self.slots,
            winner,
            points,
            pos: self.pos,
        };
        *self = Open::new();
        t
    }
}

/// Reads `(S2)`: a seat and the trick's counter points.
fn parse_group(text: &[u8]) -> Option<(Seat, u32)> {
    let s = std::str::from_utf8(text).ok()?.trim();
    let mut chars = s.chars();
    let seat = match chars.next()? {
        c @ ('N' | 'E' | 'S' | 'W') => Seat::from_char(c)?,
        _ => return None,
    };
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((seat, digits.parse().ok()?))
}

/// Decodes the Play section of `tag` into `tricks` (a reused buffer).
pub(super) fn play(
    rec: &RawRecord,
    tag: &RawTag,
    mut tricks: Vec<Trick>,
    export: bool,
    sink: &mut Sink,
) -> Play {
    let first = first_seat(rec, tag, "Play", sink);
    let mut star = None;
    let mut reported = false;
    let mut layout = false;
    let mut open = Open::new();
    let mut prev_line = tag.pos.line;
    let mut layout_fault = |sink: &mut Sink, pos: Pos, msg: String| {
        if export && !layout {
            layout = true;
            sink.add(rules::EXPORT_LAYOUT, pos, msg);
        }
    };
    for t in rec.section(tag) {
        if after_star(star, t.pos, &mut reported, sink, "play") {
            continue;
        }
        let text = rec.text(t.text);
        match t.kind {
            TokenKind::Star => star = Some(t.pos),
            TokenKind::Word => {
                if open.n == 4 {
                    // Four cards and no group: the trick ends here without its winner.
                    layout_fault(
                        sink,
                        open.pos,
                        format!(
                            "trick {} has no `(winner points)` after its four cards (export format \
                             writes it)",
                            tricks.len() + 1
                        ),
                    );
                    tricks.push(open.close(None, None));
                }
                if open.n == 0 {
                    open.pos = t.pos;
                    open.line = t.pos.line;
                    if t.pos.line == prev_line && !tricks.is_empty() {
                        layout_fault(
                            sink,
                            t.pos,
                            format!(
                                "trick {} does not start a line of its own (export format writes \
                                 one trick per line)",
                                tricks.len() + 1
                            ),
                        );
                    }
                } else if t.pos.line != open.line {
                    layout_fault(
                        sink,
                        t.pos,
                        format!("trick {} is split over lines", tricks.len() + 1),
                    );
                }
                let card = match text {
                    b"-" | b"?" => PlayCard::Missing,
                    _ => match Card::from_bytes(text) {
                        Some(c) => PlayCard::Card(c),
                        None => {
                            let why = if text.len() == 2 && text[1] == b'9' {
                                "; the double-deck pinochle deck has no 9s"
                            } else {
                                " (suit C, D, S or H, then rank A, T, K, Q or J), `-` or `?`"
                            };
                            sink.add(
                                rules::SECTION_CARD,
                                t.pos,
                                format!("`{}` is not a card{why}", decode_short(text, 20)),
                            );
                            PlayCard::Missing
                        }
                    },
                };
                open.slots[open.n] = At::new(card, t.pos);
                open.n += 1;
            }
            TokenKind::Group => {
                let parsed = parse_group(text);
                if parsed.is_none() {
                    sink.add(
                        rules::SECTION_TRICK,
                        t.pos,
                        format!(
                            "`({})` is not a trick's winner and points such as `(S2)`",
                            decode_short(text, 20)
                        ),
                    );
                }
                if open.n < 4 {
                    sink.add(
                        rules::SECTION_TRICK,
                        t.pos,
                        format!(
                            "trick {} has {} card{} before its `(winner points)`; a trick has four",
                            tricks.len() + 1,
                            open.n,
                            if open.n == 1 { "" } else { "s" }
                        ),
                    );
                    if open.n == 0 {
                        open.pos = t.pos;
                    }
                } else if t.pos.line != open.line {
                    layout_fault(
                        sink,
                        t.pos,
                        format!("trick {} is split over lines", tricks.len() + 1),
                    );
                }
                let (w, p) = match parsed {
                    Some((w, p)) => (Some(At::new(w, t.pos)), Some(At::new(p, t.pos))),
                    None => (None, None),
                };
                tricks.push(open.close(w, p));
            }
        }
        prev_line = t.pos.line;
    }
    if open.n > 0 {
        // The last trick is incomplete: fine where `*` marks the termination.
        if star.is_none() {
            if open.n < 4 {
                sink.add(
                    rules::SECTION_TRICK,
                    open.pos,
                    format!(
                        "trick {} has {} card{} and no `(winner points)`, and no `*` marks a \
                         termination",
                        tricks.len() + 1,
                        open.n,
                        if open.n == 1 { "" } else { "s" }
                    ),
                );
            } else {
                layout_fault(
                    sink,
                    open.pos,
                    format!(
                        "trick {} has no `(winner points)` after its four cards (export format \
                         writes it)",
                        tricks.len() + 1
                    ),
                );
            }
        }
        tricks.push(open.close(None, None));
    }
    Play {
        first,
        pos: tag.pos,
        tricks,
        star,
    }
}
