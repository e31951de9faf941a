//! The auction and play sections (PBN 3.5, 3.6), their annotations (3.7) and
//! irregularity markers (3.9), and the Note tags that explain them.

use crate::bridge::{
    Auction, AuctionCall, AuctionItem, Board, Play, PlayCard, PlayItem, PlayOrder,
};
use crate::pbn::rules;
use crate::pbn::{RawRecord, RawTag, RawToken, TagKind, TokenKind};
use crate::text::decode_short;
use crate::{Call, Card, Pos};
use smallvec::SmallVec;

use super::values::{parse_note, parse_seat};
use super::{Lenient, Sink};

/// Which section a note or annotation belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Auction = 0,
    Play = 1,
}

/// Note references and Note tags of one record, per section.
#[derive(Default)]
pub(super) struct Notes {
    referenced: [u64; 2],
    /// Where each note was first referred to: (section, note, position), one
    /// entry per bit of `referenced` (few records have notes; none is cheap).
    first_ref: SmallVec<[(u8, u8, Pos); 4]>,
    defined: [u64; 2],
}

impl Notes {
    fn reference(&mut self, part: Part, n: u8, pos: Pos) {
        let p = part as usize;
        if self.referenced[p] & (1 << n) == 0 {
            self.first_ref.push((p as u8, n, pos));
        }
        self.referenced[p] |= 1 << n;
    }

    /// Where note `n` of section `p` was first referred to.
    fn first_ref(&self, p: usize, n: u8) -> Pos {
        self.first_ref
            .iter()
            .find(|&&(q, m, _)| usize::from(q) == p && m == n)
            .map_or(Pos::default(), |&(_, _, pos)| pos)
    }

    /// Reads a Note tag found in `part` (or outside both sections).
    pub(super) fn define(
        &mut self,
        rec: &RawRecord,
        tag: &RawTag,
        part: Option<Part>,
        sink: &mut Sink,
    ) {
        let value = crate::text::decode(rec.value(tag));
        let n = match parse_note(&value) {
            Ok(n) => n,
            Err(why) => return sink.add(rules::NOTE, tag.value_pos, format!("Note tag: {why}")),
        };
        let Some(part) = part else {
            return sink.add(
                rules::NOTE,
                tag.pos,
                "Note tag outside the auction and play sections (PBN 3.5.5)".into(),
            );
        };
        let p = part as usize;
        if self.defined[p] & (1 << n) != 0 {
            return sink.add(
                rules::NOTE,
                tag.pos,
                format!("note {n} is explained twice in the same section"),
            );
        }
        self.defined[p] |= 1 << n;
    }

    /// Reports references without a Note tag.
    #[inline]
    pub(super) fn finish(&self, rec: &RawRecord, sink: &mut Sink) {
        // Most records have no notes at all.
        if self.referenced != [0; 2] || self.defined != [0; 2] {
            self.report(rec, sink);
        }
    }

    #[inline(never)]
    fn report(&self, rec: &RawRecord, sink: &mut Sink) {
        for (p, name) in [(0, "auction"), (1, "play")] {
            // Notes are numbered 1 to 32: bits 1..=32, walked lowest first.
            let mut missing = self.referenced[p] & !self.defined[p] & (((1 << 33) - 1) & !1);
            while missing != 0 {
                let n = missing.trailing_zeros() as u8;
                missing &= missing - 1;
                sink.add(
                    rules::NOTE,
                    self.first_ref(p, n),
                    format!(
                        "note reference ={n}= has no Note tag \"{n}:...\" in the {name} section"
                    ),
                );
            }
        }
        // Unused notes: walk the Note tags again for their positions (only
        // defined notes can be unused).
        if self.defined == [0; 2] {
            return;
        }
        let mut part = None;
        for tag in &rec.tags {
            match tag.kind {
                TagKind::Auction => part = Some(0),
                TagKind::Play => part = Some(1),
                TagKind::Note => {
                    if let (Some(p), Ok(n)) =
                        (part, parse_note(&crate::text::decode(rec.value(tag))))
                        && self.referenced[p] & (1 << n) == 0
                        && self.defined[p] & (1 << n) != 0
                    {
                        sink.add(
                            rules::NOTE_UNUSED,
                            tag.pos,
                            format!("note {n} is not referred to by any ={n}="),
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

/// Annotations already attached to the current call or card.
#[derive(Default)]
struct Ann {
    suffix: bool,
    note: bool,
    quality: bool,
}

/// Applies an annotation token to the last item. Returns the note index to attach.
fn annotate(
    tok: &RawToken,
    rec: &RawRecord,
    part: Part,
    ann: &mut Ann,
    has_item: bool,
    notes: &mut Notes,
    sink: &mut Sink,
) -> Option<u8> {
    let what = match part {
        Part::Auction => "call",
        Part::Play => "card",
    };
    if !has_item {
        sink.add(
            rules::ANNOTATION,
            tok.pos,
            format!(
                "annotation `{}` does not follow a {what}",
                decode_short(rec.text(tok.text), 20)
            ),
        );
        return None;
    }
    let text = rec.text(tok.text);
    match tok.kind {
        TokenKind::Suffix => {
            if ann.suffix || ann.quality {
                sink.add(
                    rules::ANNOTATION,
                    tok.pos,
                    format!("a {what} has at most one suffix (PBN 3.5.2)"),
                );
            }
            ann.suffix = true;
            ann.quality = true;
            None
        }
        TokenKind::Note => {
            if ann.note {
                sink.add(
                    rules::ANNOTATION,
                    tok.pos,
                    format!("a {what} has at most one note reference"),
                );
                // The note it names is still referred to (not unused), though
                // the call or card keeps its first.
                if let Some(n @ 1..=32) = std::str::from_utf8(text)
                    .ok()
                    .and_then(|t| t.parse::<u8>().ok())
                {
                    notes.reference(part, n, tok.pos);
                }
                return None;
            }
            ann.note = true;
            match std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.parse::<u8>().ok())
            {
                Some(n @ 1..=32) => {
                    notes.reference(part, n, tok.pos);
                    Some(n)
                }
                _ => {
                    sink.add(
                        rules::ANNOTATION,
                        tok.pos,
                        format!("note reference ={}= is not 1 to 32", decode_short(text, 10)),
                    );
                    None
                }
            }
        }
        TokenKind::Nag => {
            let n = std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.parse::<u32>().ok());
            let (quality, wrong) = match part {
                Part::Auction => (1..=6, [7..=12, 14..=14]),
                Part::Play => (7..=12, [1..=6, 13..=13]),
            };
            match n {
                Some(n) if n > 255 => {
                    sink.add(rules::ANNOTATION, tok.pos, format!("NAG ${n} is above 255"))
                }
                None => sink.add(rules::ANNOTATION, tok.pos, "NAG is above 255".into()),
                Some(n) if wrong.iter().any(|r| r.contains(&n)) => sink.add(
                    rules::ANNOTATION,
                    tok.pos,
                    format!(
                        "NAG ${n} is for {} (PBN 3.7)",
                        if part == Part::Auction {
                            "cards"
                        } else {
                            "calls"
                        }
                    ),
                ),
                Some(n) if quality.contains(&n) => {
                    if ann.quality {
                        sink.add(
                            rules::ANNOTATION,
                            tok.pos,
                            format!(
                                "a {what} has at most one quality mark (suffix or NAG ${}-${})",
                                quality.start(),
                                quality.end()
                            ),
                        );
                    }
                    ann.quality = true;
                }
                Some(_) => {}
            }
            None
        }
        _ => None,
    }
}

/// Decodes the auction section opened by `tag`. Returns how many of its
/// tokens, from the first, are calls or cards or `+` (for [`fifth_on_a_line`]).
pub(super) fn auction(
    rec: &RawRecord,
    tag: &RawTag,
    board: &mut Board,
    notes: &mut Notes,
    sink: &mut Sink,
) -> usize {
    let raw = rec.value(tag);
    let first = match super::read(raw, super::fast::seat(raw), parse_seat) {
        Ok(s) => Some(s),
        Err(why) => {
            sink.add(rules::VALUE, tag.value_pos, format!("Auction tag: {why}"));
            None
        }
    };
    let mut items = board.take_call_buffer();
    let mut ann = Ann::default();
    let mut pending_i: Option<Pos> = None;
    let mut star: Option<Pos> = None;
    let mut plus: Option<Pos> = None;
    let mut after_star_reported = false;
    let mut after_plus_reported = false;
    let tokens = rec.section(tag);
    items.reserve(tokens.len());
    let mut plain = tokens.len();
    let mut rest = tokens;
    loop {
        // The common case, a run of calls with nothing pending: what the general
        // path below does with each of them, without its checks.
        if star.is_none()
            && plus.is_none()
            && pending_i.is_none()
            && call_run(rec, &mut rest, &mut items)
        {
            ann = Ann::default();
        }
        let [tok, tail @ ..] = rest else {
            break;
        };
        rest = tail;
        let i = tokens.len() - rest.len() - 1;
        let text = rec.text(tok.text);
        if !matches!(tok.kind, TokenKind::Word | TokenKind::Plus) {
            plain = plain.min(i);
        }
        if star.is_some() && !after_star_reported && tok.kind != TokenKind::Star {
            after_star_reported = true;
            sink.add(
                rules::TOKEN,
                tok.pos,
                format!(
                    "`{}` after `*`, which ends the auction section",
                    decode_short(text, 20)
                ),
            );
        }
        let call = match tok.kind {
            TokenKind::Word => {
                if text.eq_ignore_ascii_case(b"AP") {
                    AuctionCall::AllPass
                } else if text == b"-" {
                    AuctionCall::NotYet
                } else if let Some(c) = Call::from_ascii(text) {
                    AuctionCall::Call(c)
                } else if let Some(c) = super::values::lenient_call(text) {
                    sink.lenient(tok.pos, text, c.to_string(), Lenient::Call);
                    AuctionCall::Call(c)
                } else {
                    let msg = if text == b"/" {
                        "`/` is not a call: calls given as alternatives (`2NT/2S`) leave the \
                         auction unknown from here"
                            .to_string()
                    } else {
                        format!("`{}` is not a call", decode_short(text, 20))
                    };
                    sink.add(rules::CALL, tok.pos, msg);
                    // Keep the slot so that later calls stay with their seats.
                    pending_i = None;
                    ann = Ann::default();
                    items.push(AuctionItem {
                        call: AuctionCall::Unknown,
                        pos: tok.pos,
                        insufficient_marked: false,
                        note: None,
                    });
                    continue;
                }
            }
            TokenKind::Plus => AuctionCall::Next,
            TokenKind::Star => {
                if let Some(p) = plus {
                    sink.add(
                        rules::CONTINUATION,
                        tok.pos,
                        format!("`*` may not end an auction continued with `+` (at {p})"),
                    );
                }
                star.get_or_insert(tok.pos);
                continue;
            }
            TokenKind::Irregularity => match text {
                b"I" | b"i" => {
                    if pending_i.is_some() {
                        sink.add(
                            rules::IRREGULARITY,
                            tok.pos,
                            "two `^I` before one bid".into(),
                        );
                    }
                    pending_i = Some(tok.pos);
                    continue;
                }
                b"S" | b"s" => AuctionCall::Skipped,
                b"R" | b"r" | b"L" | b"l" => {
                    sink.add(
                        rules::IRREGULARITY,
                        tok.pos,
                        format!(
                            "`^{}` marks a card and belongs in the play section",
                            decode_short(text, 2)
                        ),
                    );
                    continue;
                }
                _ => {
                    sink.add(
                        rules::IRREGULARITY,
                        tok.pos,
                        format!(
                            "`^{}` is not an irregularity (^I, ^S, ^R, ^L)",
                            decode_short(text, 2)
                        ),
                    );
                    continue;
                }
            },
            TokenKind::Suffix | TokenKind::Note | TokenKind::Nag => {
                let note = annotate(
                    tok,
                    rec,
                    Part::Auction,
                    &mut ann,
                    !items.is_empty(),
                    notes,
                    sink,
                );
                if let (Some(n), Some(last)) = (note, items.last_mut()) {
                    last.note = Some(n);
                }
                continue;
            }
            TokenKind::Str | TokenKind::Element => continue,
        };
        // The first call after `+` is reported, not each (as after `*`): one
        // fault, however many calls the record goes on with.
        if let Some(p) = plus
            && !after_plus_reported
        {
            after_plus_reported = true;
            sink.add(
                rules::CONTINUATION,
                tok.pos,
                format!("nothing may follow `+` (at {p}), which stands for the next call"),
            );
        }
        if call == AuctionCall::Next {
            plus.get_or_insert(tok.pos);
        }
        let mut insufficient_marked = false;
        if let Some(p) = pending_i.take() {
            if matches!(call, AuctionCall::Call(Call::Bid(_))) {
                insufficient_marked = true;
            } else {
                sink.add(
                    rules::IRREGULARITY,
                    p,
                    "`^I` must stand before a bid".into(),
                );
            }
        }
        ann = Ann::default();
        items.push(AuctionItem {
            call,
            pos: tok.pos,
            insufficient_marked,
            note: None,
        });
    }
    if let Some(p) = pending_i {
        sink.add(
            rules::IRREGULARITY,
            p,
            "`^I` must stand before a bid".into(),
        );
    }
    board.auction = Some(Auction {
        first,
        pos: tag.pos,
        items,
        star,
        notes: Vec::new(),
    });
    plain
}

/// Decodes the play section opened by `tag`. Returns how many of its
/// tokens, from the first, are calls or cards or `+` (for [`fifth_on_a_line`]).
pub(super) fn play(
    rec: &RawRecord,
    tag: &RawTag,
    board: &mut Board,
    notes: &mut Notes,
    sink: &mut Sink,
) -> usize {
    let raw = rec.value(tag);
    let first = match super::read(raw, super::fast::seat(raw), parse_seat) {
        Ok(s) => Some(s),
        Err(why) => {
            sink.add(rules::VALUE, tag.value_pos, format!("Play tag: {why}"));
            None
        }
    };
    let mut items = board.take_card_buffer();
    let mut ann = Ann::default();
    let mut pending: Option<(u8, Pos)> = None;
    let mut star: Option<Pos> = None;
    let mut plus: Option<Pos> = None;
    let mut after_star_reported = false;
    let tokens = rec.section(tag);
    items.reserve(tokens.len());
    let mut plain = tokens.len();
    let mut rest = tokens;
    loop {
        // The common case, a run of cards with no marker pending: what the
        // general path below does with each of them, without its checks.
        if star.is_none() && pending.is_none() && card_run(rec, &mut rest, &mut items) {
            ann = Ann::default();
        }
        let [tok, tail @ ..] = rest else {
            break;
        };
        rest = tail;
        let i = tokens.len() - rest.len() - 1;
        let text = rec.text(tok.text);
        if !matches!(tok.kind, TokenKind::Word | TokenKind::Plus) {
            plain = plain.min(i);
        }
        if star.is_some() && !after_star_reported && tok.kind != TokenKind::Star {
            after_star_reported = true;
            sink.add(
                rules::TOKEN,
                tok.pos,
                format!(
                    "`{}` after `*`, which ends the play section",
                    decode_short(text, 20)
                ),
            );
        }
        let card = match tok.kind {
            TokenKind::Word => {
                if text == b"-" {
                    PlayCard::Unknown
                } else if let Some(c) = Card::from_ascii(text) {
                    PlayCard::Card(c)
                } else if let Some(c) = super::values::lenient_card(text) {
                    sink.lenient(tok.pos, text, c.to_string(), Lenient::Ten);
                    PlayCard::Card(c)
                } else {
                    sink.add(
                        rules::CARD,
                        tok.pos,
                        format!("`{}` is not a card", decode_short(text, 20)),
                    );
                    // Keep the slot as an unknown card so that the cards after
                    // it stay in their seat columns.
                    pending = None;
                    ann = Ann::default();
                    items.push(PlayItem {
                        card: PlayCard::Unknown,
                        pos: tok.pos,
                        revoke_marked: false,
                        lead_out_of_turn_marked: false,
                        note: None,
                    });
                    continue;
                }
            }
            TokenKind::Plus => {
                if let Some(p) = plus {
                    sink.add(
                        rules::CONTINUATION,
                        tok.pos,
                        format!(
                            "a second `+` (the first at {p}); `+` stands for the one next card"
                        ),
                    );
                }
                plus.get_or_insert(tok.pos);
                PlayCard::Next
            }
            TokenKind::Star => {
                star.get_or_insert(tok.pos);
                continue;
            }
            TokenKind::Irregularity => {
                let m = text.first().map(u8::to_ascii_uppercase).unwrap_or(b'?');
                match m {
                    b'R' | b'L' => {
                        if let Some((prev, _)) = pending {
                            sink.add(
                                rules::IRREGULARITY,
                                tok.pos,
                                format!(
                                    "`^{}` after `^{}`: one marker per card",
                                    m as char, prev as char
                                ),
                            );
                        }
                        pending = Some((m, tok.pos));
                    }
                    b'I' | b'S' => sink.add(
                        rules::IRREGULARITY,
                        tok.pos,
                        format!(
                            "`^{}` marks a call and belongs in the auction section",
                            m as char
                        ),
                    ),
                    _ => sink.add(
                        rules::IRREGULARITY,
                        tok.pos,
                        format!(
                            "`^{}` is not an irregularity (^I, ^S, ^R, ^L)",
                            decode_short(text, 2)
                        ),
                    ),
                }
                continue;
            }
            TokenKind::Suffix | TokenKind::Note | TokenKind::Nag => {
                let note = annotate(
                    tok,
                    rec,
                    Part::Play,
                    &mut ann,
                    !items.is_empty(),
                    notes,
                    sink,
                );
                if let (Some(n), Some(last)) = (note, items.last_mut()) {
                    last.note = Some(n);
                }
                continue;
            }
            TokenKind::Str | TokenKind::Element => continue,
        };
        let (mut revoke_marked, mut lead_out_of_turn_marked) = (false, false);
        if let Some((m, p)) = pending.take() {
            if let PlayCard::Card(_) = card {
                revoke_marked = m == b'R';
                lead_out_of_turn_marked = m == b'L';
            } else {
                sink.add(
                    rules::IRREGULARITY,
                    p,
                    format!("`^{}` must stand before a card", m as char),
                );
            }
        }
        ann = Ann::default();
        items.push(PlayItem {
            card,
            pos: tok.pos,
            revoke_marked,
            lead_out_of_turn_marked,
            note: None,
        });
    }
    if let Some((m, p)) = pending {
        sink.add(
            rules::IRREGULARITY,
            p,
            format!("`^{}` must stand before a card", m as char),
        );
    }
    board.play = Some(Play {
        first,
        pos: tag.pos,
        order: PlayOrder::SeatColumns,
        items,
        star,
        notes: Vec::new(),
    });
    plain
}

/// Pushes the calls at the start of `rest` (a run of call tokens), taking them
/// off it; returns whether there was any. A small function of its own, so that
/// the loop keeps its state in registers.
#[inline(never)]
fn call_run(rec: &RawRecord, rest: &mut &[RawToken], items: &mut Vec<AuctionItem>) -> bool {
    let mut tokens = *rest;
    let before = items.len();
    while let [tok, tail @ ..] = tokens
        && tok.kind == TokenKind::Word
        && let Some(c) = Call::from_ascii(rec.text(tok.text))
    {
        items.push(AuctionItem {
            call: AuctionCall::Call(c),
            pos: tok.pos,
            insufficient_marked: false,
            note: None,
        });
        tokens = tail;
    }
    *rest = tokens;
    items.len() != before
}

/// Pushes the cards at the start of `rest` (a run of card tokens), taking them
/// off it; returns whether there was any. A small function of its own, so that
/// the loop keeps its state in registers.
#[inline(never)]
fn card_run(rec: &RawRecord, rest: &mut &[RawToken], items: &mut Vec<PlayItem>) -> bool {
    let mut tokens = *rest;
    let before = items.len();
    while let [tok, tail @ ..] = tokens
        && tok.kind == TokenKind::Word
        && let Some(c) = Card::from_ascii(rec.text(tok.text))
    {
        items.push(PlayItem {
            card: PlayCard::Card(c),
            pos: tok.pos,
            revoke_marked: false,
            lead_out_of_turn_marked: false,
            note: None,
        });
        tokens = tail;
    }
    *rest = tokens;
    items.len() != before
}

/// Counts the calls or cards (and `+`) on each line of a section.
#[derive(Default)]
struct PerLine {
    line: u64,
    on_line: u32,
    /// The first that is the fifth on its line.
    fifth: Option<Pos>,
}

impl PerLine {
    fn count(&mut self, tok: &RawToken) {
        if !matches!(tok.kind, TokenKind::Word | TokenKind::Plus) {
            return;
        }
        if tok.pos.line != self.line {
            self.line = tok.pos.line;
            self.on_line = 0;
        }
        self.on_line += 1;
        if self.on_line == 5 && self.fifth.is_none() {
            self.fifth = Some(tok.pos);
        }
    }
}

/// The first call or card (or `+`) of a section that is the fifth on its line:
/// the export format allows four (PBN 3.5, 3.6). The first `plain` tokens are
/// known to be such (no annotation, marker or `*` among them): there the fifth
/// on a line is the one four tokens after a token on the same line (lines only
/// grow); the rest, when it holds any, is counted per line.
pub(super) fn fifth_on_a_line(tokens: &[RawToken], plain: usize) -> Option<Pos> {
    let (head, tail) = tokens.split_at(plain.min(tokens.len()));
    if let Some(pos) = fifth_in_order(head) {
        return Some(pos);
    }
    if !tail
        .iter()
        .any(|t| matches!(t.kind, TokenKind::Word | TokenKind::Plus))
    {
        return None;
    }
    let mut per_line = PerLine::default();
    for tok in tokens {
        per_line.count(tok);
    }
    per_line.fifth
}

/// The first token of `head` that is the fifth on its line, the lines of
/// `head` never going back: the first token four after one on the same line.
/// When the token four after token `i` is on a later line, no token of `i`'s
/// line starts such a run, and the search goes on at the first token of a
/// later line, which is among the next four (at four tokens a line, the one
/// four after).
fn fifth_in_order(head: &[RawToken]) -> Option<Pos> {
    let mut i = 0;
    while i + 4 < head.len() {
        let line = head[i].pos.line;
        if head[i + 4].pos.line == line {
            return Some(head[i + 4].pos);
        }
        let mut next = i + 4;
        while head[next - 1].pos.line != line {
            next -= 1;
        }
        i = next;
    }
    None
}
