//! The A (auction) and P (play) labels: call and play sequences with their
//! annotations, each item with the column it was written at.

use super::Sink;
use crate::bridge::{Auction, AuctionCall, AuctionItem, Play, PlayCard, PlayItem, PlayOrder};
use crate::notation::rbn::rules;
use crate::{Bid, Call, Card, Pos, Rank, Seat, Strain, Suit, Vulnerability};

pub(super) fn pos(at: Pos, i: usize) -> Pos {
    Pos::new(
        at.line,
        at.col.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)),
    )
}

/// Reads the annotations after a call or play: `!`, `?` and their pairs, `*`,
/// `^n`. Returns the note number, or the offset and reason of a bad one.
/// Most calls and plays have none: that is answered inline, without the call
/// and its result returned through memory.
#[inline(always)]
fn annotations(v: &[u8], i: &mut usize) -> Result<Option<u8>, (usize, String)> {
    if matches!(v.get(*i), Some(b'!' | b'?' | b'*' | b'^')) {
        annotations_at(v, i)
    } else {
        Ok(None)
    }
}

/// [`annotations`] where the next byte opens one.
#[inline(never)]
fn annotations_at(v: &[u8], i: &mut usize) -> Result<Option<u8>, (usize, String)> {
    let mut note = None;
    loop {
        match v.get(*i) {
            Some(b'!' | b'?') => {
                *i += 1;
                if matches!(v.get(*i), Some(b'!' | b'?')) {
                    *i += 1;
                }
            }
            Some(b'*') => *i += 1,
            Some(b'^') => match v.get(*i + 1) {
                Some(d @ b'1'..=b'9') => {
                    note = Some(d - b'0');
                    *i += 2;
                }
                _ => return Err((*i, "`^` must be followed by a note number 1-9".into())),
            },
            _ => return Ok(note),
        }
    }
}

/// A decoded A label.
#[derive(Clone, Debug, Default)]
pub struct AuctionValue {
    /// Dealer (`X` or omitted start: unknown, or West by default).
    pub dealer: Option<Seat>,
    /// Vulnerability (`X`: any or immaterial).
    pub vulnerability: Option<Vulnerability>,
    /// The calls, when any round is written.
    pub auction: Option<Auction>,
}

fn dealer_vul(v: &[u8]) -> Option<(Option<Seat>, Option<Vulnerability>)> {
    let (d, u) = (*v.first()?, *v.get(1)?);
    if v.len() > 2 && v[2] != b':' {
        return None;
    }
    let dealer = match d {
        b'X' => None,
        b'N' | b'E' | b'S' | b'W' => Seat::from_char(d as char),
        _ => return None,
    };
    let vul = match u {
        b'Z' => Some(Vulnerability::None),
        b'N' => Some(Vulnerability::NorthSouth),
        b'E' => Some(Vulnerability::EastWest),
        b'B' => Some(Vulnerability::All),
        b'X' => None,
        _ => return None,
    };
    Some((dealer, vul))
}

/// Whether the calls make a complete auction: `A` last, or three passes after at
/// least one more call.
fn complete(items: &[AuctionItem]) -> bool {
    match items.last().map(|i| i.call) {
        Some(AuctionCall::AllPass) => true,
        _ => {
            items.len() >= 4
                && items[items.len() - 3..]
                    .iter()
                    .all(|i| i.call == AuctionCall::Call(Call::Pass))
        }
    }
}

/// Decodes an A label written at `at` (the column of its data).
pub(crate) fn auction(
    v: &[u8],
    at: Pos,
    mut items: Vec<AuctionItem>,
    sink: &mut Sink,
) -> AuctionValue {
    let mut out = AuctionValue::default();
    let mut i = 0;
    match dealer_vul(v) {
        Some((d, u)) => {
            out.dealer = d;
            out.vulnerability = u;
            i = 2;
            if v.len() == 2 {
                return out;
            }
        }
        // RBN 3.2: no dealer-vul start means `WX:`.
        None => out.dealer = Some(Seat::West),
    }
    items.clear();
    let mut reported = false;
    let mut bad = |sink: &mut Sink, i: usize, why: String| {
        if !std::mem::replace(&mut reported, true) {
            sink.add(rules::AUCTION, pos(at, i), why);
        }
    };
    while i < v.len() {
        let start = i;
        let c = v[i].to_ascii_uppercase();
        i += 1;
        let call = match c {
            b':' => continue,
            b'P' => AuctionCall::Call(Call::Pass),
            b'X' => AuctionCall::Call(Call::Double),
            b'R' => AuctionCall::Call(Call::Redouble),
            b'A' => AuctionCall::AllPass,
            b'Y' => AuctionCall::Next,
            b'1'..=b'7' => {
                let strain = match v.get(i).map(u8::to_ascii_uppercase) {
                    Some(b'N') => Some(Strain::NoTrump),
                    Some(s) => Suit::from_char(s as char).map(Strain::from_suit),
                    None => None,
                };
                match strain {
                    Some(s) => {
                        i += 1;
                        AuctionCall::Call(Call::Bid(Bid::new(c - b'0', s).expect("1-7")))
                    }
                    None => {
                        bad(
                            sink,
                            start,
                            format!("bid {} has no strain (C, D, H, S, N)", c as char),
                        );
                        AuctionCall::Unknown
                    }
                }
            }
            _ => {
                bad(
                    sink,
                    start,
                    format!(
                        "`{}` is not a call (P, X, R, A, Y, or a level and strain)",
                        crate::text::decode_short(&v[start..=start], 1)
                    ),
                );
                AuctionCall::Unknown
            }
        };
        let note = match annotations(v, &mut i) {
            Ok(n) => n,
            Err((k, why)) => {
                bad(sink, k, why);
                i = k + 1;
                None
            }
        };
        items.push(AuctionItem {
            call,
            pos: pos(at, start),
            insufficient_marked: false,
            note,
        });
    }
    let star = (!complete(&items) && items.last().is_none_or(|l| l.call != AuctionCall::Next))
        .then(|| pos(at, v.len()));
    out.auction = Some(Auction {
        first: out.dealer,
        pos: at,
        items,
        star,
        notes: Vec::new(),
    });
    out
}

/// Decodes a P label written at `at`; `first` is the opening leader, `size` the
/// number of tricks of the deal (13, fewer in an ending). A play that stops before
/// the last trick gets a `star`, as PBN's `*`: RBN just stops writing.
pub(crate) fn play(
    v: &[u8],
    at: Pos,
    first: Option<Seat>,
    size: usize,
    mut items: Vec<PlayItem>,
    sink: &mut Sink,
) -> Play {
    items.clear();
    let mut led: Option<Suit> = None;
    let mut in_trick = 0usize;
    let mut trick = 1usize;
    let mut reported = false;
    let mut pseudo = false;
    let mut bad = |sink: &mut Sink, i: usize, why: String| {
        if !std::mem::replace(&mut reported, true) {
            sink.add(rules::PLAY, pos(at, i), why);
        }
    };
    let mut i = 0;
    while i < v.len() {
        let start = i;
        let c = v[i].to_ascii_uppercase();
        i += 1;
        if c == b':' || c == b';' {
            if in_trick != 4 {
                bad(
                    sink,
                    start,
                    format!(
                        "trick {trick} has {in_trick} plays before its separator; a trick has four"
                    ),
                );
            }
            trick += 1;
            in_trick = 0;
            led = None;
            continue;
        }
        if in_trick == 4 {
            bad(
                sink,
                start,
                format!("trick {trick} has more than four plays: a `:` is missing"),
            );
        }
        // `10` for the ten, after a suit or alone: read as `T`.
        let ten_at = |k: usize| v.get(k..k + 2) == Some(&b"10"[..]);
        let card = match c {
            b'C' | b'D' | b'H' | b'S' if ten_at(i) => {
                sink.tens.note(pos(at, i));
                i += 2;
                PlayCard::Card(Card::new(
                    Suit::from_char(c as char).expect("suit letter"),
                    Rank::Ten,
                ))
            }
            b'1' if ten_at(start) && led.is_some() => {
                sink.tens.note(pos(at, start));
                i += 1;
                PlayCard::Card(Card::new(led.expect("tested"), Rank::Ten))
            }
            b'C' | b'D' | b'H' | b'S' => {
                let suit = Suit::from_char(c as char).expect("suit letter");
                match v.get(i).and_then(|&r| rank(r)) {
                    Some(r) => {
                        i += 1;
                        PlayCard::Card(Card::new(suit, r))
                    }
                    None => {
                        bad(
                            sink,
                            start,
                            format!("suit {} has no rank after it", c as char),
                        );
                        PlayCard::Unknown
                    }
                }
            }
            b'Y' => PlayCard::Next,
            b'-' | b'+' | b'~' | b'.' => {
                if !std::mem::replace(&mut pseudo, true) {
                    sink.add(
                        rules::PSEUDO,
                        pos(at, start),
                        format!(
                            "pseudo play `{}` is kept as an unknown card: the replay stops here",
                            c as char
                        ),
                    );
                }
                PlayCard::Unknown
            }
            _ => match (rank(c), led) {
                (Some(r), Some(s)) => PlayCard::Card(Card::new(s, r)),
                (Some(_), None) => {
                    bad(
                        sink,
                        start,
                        format!(
                            "rank {} alone leads a trick: a lead needs its suit",
                            c as char
                        ),
                    );
                    PlayCard::Unknown
                }
                (None, _) => {
                    bad(
                        sink,
                        start,
                        format!(
                            "`{}` is not a play (suit and rank, rank, pseudo play or Y)",
                            crate::text::decode_short(&v[start..=start], 1)
                        ),
                    );
                    PlayCard::Unknown
                }
            },
        };
        if in_trick == 0 {
            led = card.known().map(Card::suit);
        }
        in_trick += 1;
        let note = match annotations(v, &mut i) {
            Ok(n) => n,
            Err((k, why)) => {
                bad(sink, k, why);
                i = k + 1;
                None
            }
        };
        items.push(PlayItem {
            card,
            pos: pos(at, start),
            revoke_marked: false,
            lead_out_of_turn_marked: false,
            note,
        });
    }
    let stopped = items.len() < 4 * size && items.last().is_none_or(|l| l.card != PlayCard::Next);
    Play {
        first,
        pos: at,
        order: PlayOrder::Chronological,
        items,
        star: stopped.then(|| pos(at, v.len())),
        notes: Vec::new(),
    }
}

fn rank(b: u8) -> Option<Rank> {
    match b {
        b'1' | b'0' => None,
        _ => Rank::from_char(b.to_ascii_uppercase() as char),
    }
}
