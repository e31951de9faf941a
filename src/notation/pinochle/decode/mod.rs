//! From a [`RawRecord`] to a [`Hand`]: every tag value and section token checked
//! against Portable Pinochle Notation. Findings here are about notation only;
//! whether the deal, auction, meld and play obey the laws of pinochle is
//! [`crate::pinochle`]'s business.
//!
//! Tags the rules read are decoded into the [`Hand`]; the others (Event, Site,
//! player names, Scoring, Language, Chat, Note...) are kept as written in the raw
//! record, with their form checked where the spec gives one (Date, Room, seat
//! types, Chat, Partner). `?` (unknown) and `*` (terminated) are accepted for
//! every tag.

mod export;
pub use export::MANDATORY;
mod sections;
pub mod segment;
pub mod values;

use crate::notation::pinochle::rules;
use crate::notation::pinochle::{Format, RawRecord, RawTag};
use crate::pinochle::{At, Competition, Hand, Tag, Written};
use crate::text::decode_short;
use crate::{Finding, Pos, Rule};

use values::*;

/// Collects findings for one record, up to a bound (the audit layer keeps at most
/// [`MAX_FINDINGS_PER_RECORD`](super::MAX_FINDINGS_PER_RECORD) per record and
/// counts the rest; one more than that is enough for it to see the overflow).
pub(crate) struct Sink<'a> {
    out: &'a mut Vec<Finding>,
    record: usize,
    room: usize,
}

impl Sink<'_> {
    pub(crate) fn add(&mut self, rule: Rule, pos: Pos, message: String) {
        if self.room == 0 {
            return;
        }
        self.room -= 1;
        let mut f = Finding::of(rule, pos, message);
        f.record = self.record;
        self.out.push(f);
    }
}

/// Whether `name` is a seat tag of any table size (North ... Northwest).
pub(crate) fn is_seat_tag(name: &str) -> bool {
    matches!(
        name,
        "North" | "Northeast" | "East" | "Southeast" | "South" | "Southwest" | "West" | "Northwest"
    )
}

/// Whether the spec defines tag `name`.
///
/// ```
/// use kibitz::notation::pinochle::decode::is_known;
/// assert!(is_known("MeldScores") && is_known("BidSystem2") && is_known("SoutheastType"));
/// assert!(!is_known("Vulnerable") && !is_known("BidSystem"));
/// ```
pub fn is_known(name: &str) -> bool {
    const TAGS: &[&str] = &[
        "Annotator",
        "Auction",
        "Chat",
        "Competition",
        "Contract",
        "Date",
        "Deal",
        "Dealer",
        "Declarer",
        "Discard",
        "Event",
        "GameScores",
        "Hand",
        "HandScores",
        "Holding",
        "Kitty",
        "Language",
        "Melds",
        "MeldScores",
        "Note",
        "Partner",
        "Passed",
        "Play",
        "PlayScores",
        "Result",
        "Round",
        "Room",
        "Scoring",
        "Site",
        "Stage",
        "Termination",
        "TimeControl",
        "Trump",
        "Victor",
    ];
    TAGS.contains(&name)
        || is_seat_tag(name)
        || name.strip_suffix("Type").is_some_and(is_seat_tag)
        || name
            .strip_prefix("BidSystem")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads a tag's value as [`Written`]: `?`, `*`, or what `parse` makes of it (a
/// finding of `rule` when it fails).
fn written<T>(
    sink: &mut Sink,
    name: &str,
    value: &str,
    at: Pos,
    rule: Rule,
    parse: impl FnOnce(&str) -> Result<T, Reason>,
) -> Tag<T> {
    let w = match value {
        "?" => Written::Unknown,
        "*" => Written::Star,
        _ => match parse(value) {
            Ok(v) => Written::Value(v),
            Err(e) => {
                sink.add(rule, at, format!("{name} tag: {e}"));
                return None;
            }
        },
    };
    Some(At::new(w, at))
}

/// Checks a value kept as written, reporting `rule` when `check` fails.
fn check(
    sink: &mut Sink,
    name: &str,
    value: &str,
    at: Pos,
    rule: Rule,
    check: impl FnOnce(&str) -> Result<(), Reason>,
) {
    if value != "?"
        && value != "*"
        && let Err(e) = check(value)
    {
        sink.add(rule, at, format!("{name} tag: {e}"));
    }
}

/// Decodes `rec` into `hand` (cleared first, its buffers reused), appending decode
/// findings to `out`.
///
/// ```
/// use kibitz::notation::pinochle::{decode::decode, RawRecord, Reader};
/// use kibitz::pinochle::{Hand, value};
/// use kibitz::Seat;
/// let text = "[Dealer \"N\"]\n[Trump \"X\"]\n[Auction \"E\"]\nPass 52 59 60\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let (mut hand, mut findings) = (Hand::default(), Vec::new());
/// decode(&rec, &mut hand, &mut findings);
/// assert_eq!(value(&hand.dealer), Some(&Seat::North));
/// assert_eq!(hand.auction.unwrap().calls.len(), 4);
/// assert_eq!((findings[0].rule, findings[0].pos.to_string()), ("pinochle.tag.value", "2:8".into()));
/// ```
pub fn decode(rec: &RawRecord, hand: &mut Hand, out: &mut Vec<Finding>) {
    hand.clear();
    hand.pos = rec.start;
    hand.record = rec.index;
    let mut sink = Sink {
        out,
        record: rec.index,
        room: super::MAX_FINDINGS_PER_RECORD + 1,
    };
    let export = rec.format == Some(Format::Export);
    for tag in &rec.tags {
        let name = std::str::from_utf8(rec.name(tag)).unwrap_or("");
        if let Some(seg) = tag.segment {
            let (start, end) = (
                crate::text::decode(rec.text(seg.start)),
                crate::text::decode(rec.text(seg.end)),
            );
            if !segment::takes_prefix(name) {
                sink.add(
                    rules::SYNTAX_SEGMENT,
                    seg.pos,
                    format!(
                        "tag {} may not take a segmental prefix (only Annotator, Chat, Note and \
                         the seat and seat-type tags may)",
                        decode_short(name.as_bytes(), 40)
                    ),
                );
            } else if let Err(e) = segment::check_prefix(&start, &end, seg.hyphen) {
                sink.add(
                    rules::SYNTAX_SEGMENT,
                    seg.pos,
                    format!("segmental prefix: {e}"),
                );
            }
        }
        tag_value(rec, tag, name, hand, export, &mut sink);
    }
    if export {
        export::check(rec, hand, &mut sink);
    }
}

fn tag_value(
    rec: &RawRecord,
    tag: &RawTag,
    name: &str,
    hand: &mut Hand,
    export: bool,
    sink: &mut Sink,
) {
    let value = crate::text::decode(rec.value(tag));
    let v: &str = &value;
    let at = tag.value_pos;
    // Segmental tags are annotations and seat changes: never a second game value.
    let first = tag.segment.is_none();
    match name {
        "Hand" if first => hand.number = written(sink, name, v, at, rules::TAG_VALUE, parse_count),
        "Dealer" if first => hand.dealer = written(sink, name, v, at, rules::TAG_VALUE, parse_seat),
        "Declarer" if first => {
            hand.declarer = written(sink, name, v, at, rules::TAG_VALUE, parse_seat)
        }
        "Contract" if first => {
            hand.contract = written(sink, name, v, at, rules::TAG_VALUE, parse_points)
        }
        "Trump" if first => {
            hand.trump = written(sink, name, v, at, rules::TAG_VALUE, |s| {
                s.parse().map_err(|_| {
                    format!("`{s}` is not a trump (C, D, S, H, or `-` when the declarer has no marriage)")
                })
            })
        }
        "Result" if first => {
            hand.result = written(sink, name, v, at, rules::TAG_VALUE, |s| {
                s.parse()
                    .map_err(|_| format!("`{s}` is not Saved, Set, No Board or No Trump"))
            })
        }
        "GameScores" | "MeldScores" | "PlayScores" | "HandScores" if first => {
            let t = written(sink, name, v, at, rules::TAG_VALUE, parse_scores);
            match name {
                "GameScores" => hand.game_scores = t,
                "MeldScores" => hand.meld_scores = t,
                "PlayScores" => hand.play_scores = t,
                _ => hand.hand_scores = t,
            }
        }
        "Victor" if first => {
            hand.victor = written(sink, name, v, at, rules::TAG_VALUE, parse_victor)
        }
        "Termination" if first => {
            let mut cause = hand.take_cause_buffer();
            hand.termination = written(sink, name, v, at, rules::TAG_VALUE, |s| {
                parse_termination_into(s, &mut cause)
            });
            hand.give_back_cause_buffer(cause);
        }
        "Competition" if first => {
            hand.competition = Some(At::new(Competition::from_name(v), at));
        }
        "Deal" | "Holding" | "Passed" if first => {
            let t = written(sink, name, v, at, rules::TAG_CARDS, parse_holdings);
            if t.as_ref().is_some_and(|t| t.value.value().is_some()) {
                let hands = v.split_once(':').map_or("", |x| x.1);
                if !hands
                    .split_ascii_whitespace()
                    .all(|h| h == "-" || ranks_in_order(h))
                {
                    sink.add(
                        rules::TAG_FORMAT,
                        at,
                        format!(
                            "{name} tag: ranks are written A, T, K, Q, J in that order, upper case"
                        ),
                    );
                }
            }
            match name {
                "Deal" => hand.deal = t,
                "Holding" => hand.holding = t,
                _ => hand.passed = t,
            }
        }
        "Melds" if first => {
            let start = Pos::new(at.line, at.col + 1);
            hand.melds = written(sink, name, v, at, rules::TAG_CARDS, |s| {
                parse_melds(s, start)
            });
            if hand
                .melds
                .as_ref()
                .is_some_and(|t| t.value.value().is_some())
            {
                let ok = v
                    .split_once(':')
                    .map_or("", |x| x.1)
                    .split([' ', '('])
                    .all(|w| w == "-" || w.contains(')') || ranks_in_order(w));
                if !ok {
                    sink.add(
                        rules::TAG_FORMAT,
                        at,
                        "Melds tag: ranks are written A, T, K, Q, J in that order, upper case"
                            .into(),
                    );
                }
            }
        }
        "Kitty" if first => {
            hand.kitty = written(sink, name, v, at, rules::TAG_CARDS, parse_card_list)
        }
        "Discard" if first => {
            hand.discard = written(sink, name, v, at, rules::TAG_CARDS, parse_discard)
        }
        // A section without tokens records nothing: the same as no section (the
        // reference: a hand not played has "no Play section, or an empty one").
        // Its tag value is still checked. The buffer of a section that records
        // nothing, and that of one it replaces, go back to the hand for the next
        // record.
        "Auction" if first => {
            let calls = hand.take_call_buffer();
            let a = sections::auction(rec, tag, calls, export, sink);
            let old = if a.calls.is_empty() && a.star.is_none() {
                hand.give_back_call_buffer(a.calls);
                hand.auction.take()
            } else {
                hand.auction.replace(a)
            };
            if let Some(old) = old {
                hand.give_back_call_buffer(old.calls);
            }
        }
        "Play" if first => {
            let tricks = hand.take_trick_buffer();
            let p = sections::play(rec, tag, tricks, export, sink);
            let old = if p.tricks.is_empty() && p.star.is_none() {
                hand.give_back_trick_buffer(p.tricks);
                hand.play.take()
            } else {
                hand.play.replace(p)
            };
            if let Some(old) = old {
                hand.give_back_trick_buffer(old.tricks);
            }
        }
        "Date" => check(sink, name, v, at, rules::TAG_FORMAT, check_date),
        "Room" => check(sink, name, v, at, rules::TAG_FORMAT, |s| match s {
            "Open" | "Closed" => Ok(()),
            _ => Err(format!("`{s}` is neither Open nor Closed")),
        }),
        "Chat" => check(sink, name, v, at, rules::TAG_FORMAT, check_chat),
        "Partner" => check(sink, name, v, at, rules::TAG_FORMAT, check_partner),
        n if n.strip_suffix("Type").is_some_and(is_seat_tag) => {
            check(sink, name, v, at, rules::TAG_FORMAT, |s| match s {
                "human" | "program" => Ok(()),
                _ => Err(format!("`{s}` is neither human nor program")),
            })
        }
        n if !is_known(n) => sink.add(
            rules::TAG_UNKNOWN,
            tag.pos,
            format!(
                "tag {} is not defined by Portable Pinochle Notation; it is kept as written",
                decode_short(n.as_bytes(), 40)
            ),
        ),
        _ => {}
    }
}
