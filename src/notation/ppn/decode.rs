//! From a [`RawDeal`] (text form) to a [`Deal`]: every field checked against the
//! PPN syntax. Whether the deal obeys the rules is [`crate::preferans`]'s business.

use smallvec::SmallVec;

use super::reader::RawDeal;
use super::rules;
use crate::preferans::{
    Accepted, Bid, Card, Column, Contract, Deal, Discard, Entry, Field, Kontra, Player, Trick,
};
use crate::text::decode_short;
use crate::{Pos, Rule};

/// A sink for findings: rule, place, message.
///
/// ```
/// let mut seen = Vec::new();
/// let sink: &mut kibitz::ppn::Sink = &mut |r, _, m| seen.push((r.id, m));
/// sink(kibitz::ppn::rules::DEAL_FIELD, Default::default(), "x".into());
/// assert_eq!(seen.len(), 1);
/// ```
pub type Sink<'a> = dyn FnMut(Rule, Pos, String) + 'a;

/// The 32 cards of the `cards` field.
pub(crate) fn cards(s: &[u8]) -> Result<[Card; 32], String> {
    if s.len() != 32 {
        return Err(format!(
            "{} characters; the field has 32 card codes",
            s.len()
        ));
    }
    let mut out = [Card::MIN; 32];
    for (i, &b) in s.iter().enumerate() {
        out[i] = Card::from_code(b).ok_or_else(|| bad_code(b, i + 1))?;
    }
    Ok(out)
}

fn bad_code(b: u8, at: usize) -> String {
    format!(
        "`{}` (character {at}) is not a PPN card code (1-9, A-W)",
        decode_short(&[b], 4)
    )
}

/// The three bids of the `bids` field.
pub(crate) fn bids(s: &[u8]) -> Result<[Bid; 3], String> {
    let mut out = [Bid::Pass; 3];
    let mut n = 0;
    for part in s.split(|&b| b == b',') {
        if n == 3 {
            return Err("more than 3 bids".to_string());
        }
        out[n] = Bid::parse(part).ok_or_else(|| {
            format!(
                "`{}` is not a bid (P, 2-8, M3-M8, G, G2-G8)",
                decode_short(part, 8)
            )
        })?;
        n += 1;
    }
    if n != 3 {
        return Err(format!("{n} bid(s); the field has 3, comma separated"));
    }
    Ok(out)
}

/// A player digit.
pub(crate) fn player(s: &[u8]) -> Result<Player, String> {
    match s {
        [d] => Player::from_digit(*d),
        _ => None,
    }
    .ok_or_else(|| "not a player id (1, 2 or 3)".to_string())
}

/// An unsigned number of at most `digits` digits.
pub(crate) fn number(s: &[u8], digits: usize) -> Result<u64, String> {
    if s.is_empty() || s.len() > digits || !s.iter().all(u8::is_ascii_digit) {
        return Err(format!("not a number of 1 to {digits} digits"));
    }
    Ok(s.iter().fold(0u64, |a, &b| a * 10 + u64::from(b - b'0')))
}

/// A signed number of at most 15 digits.
fn signed(s: &[u8]) -> Option<i64> {
    let (neg, digits) = match s {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, s),
    };
    let n = number(digits, 15).ok()? as i64;
    Some(if neg { -n } else { n })
}

/// One trick of the `throws` field: 2 or 3 card codes and the winner's id.
pub(crate) fn trick(s: &[u8], pos: Pos) -> Result<Trick, String> {
    if !(3..=4).contains(&s.len()) {
        return Err("a trick is 2 or 3 card codes and the winner's id".to_string());
    }
    let (cards, w) = s.split_at(s.len() - 1);
    let winner =
        player(w).map_err(|_| "the last character is the winner's id (1-3)".to_string())?;
    let mut cs = [Card::MIN; 3];
    for (i, &b) in cards.iter().enumerate() {
        cs[i] = Card::from_code(b).ok_or_else(|| bad_code(b, i + 1))?;
    }
    Ok(Trick::new(&cs[..cards.len()], winner, pos))
}

/// One entry of the `summary` field.
pub(crate) fn entry(s: &[u8]) -> Result<Entry, String> {
    let err = || {
        format!(
            "`{}` is not 0, F<tricks>:<L|R><supa>[:<middle>] or M<tricks>:<middle>",
            decode_short(s, 24)
        )
    };
    if s == b"0" {
        return Ok(Entry::Out);
    }
    let (kind, rest) = s.split_first().ok_or_else(err)?;
    let mut parts = rest.split(|&b| b == b':');
    let tricks = number(parts.next().unwrap_or_default(), 2).map_err(|_| err())? as u8;
    match kind {
        b'M' => {
            let middle = parts.next().and_then(signed).ok_or_else(err)?;
            if parts.next().is_some() {
                return Err(err());
            }
            Ok(Entry::Main { tricks, middle })
        }
        b'F' => {
            let col = parts.next().ok_or_else(err)?;
            let (column, supa) = match col.split_first() {
                Some((b'L', n)) => (Column::Left, signed(n)),
                Some((b'R', n)) => (Column::Right, signed(n)),
                _ => (Column::Left, None),
            };
            let supa = supa.ok_or_else(err)?;
            let failed = match parts.next() {
                None => None,
                Some(m) => Some(signed(m).ok_or_else(err)?),
            };
            if parts.next().is_some() {
                return Err(err());
            }
            Ok(Entry::Follower {
                tricks,
                column,
                supa,
                failed,
            })
        }
        _ => Err(err()),
    }
}

/// Field order of the 13-field form (refa absent).
const WITHOUT_REFA: [Field; 13] = [
    Field::Id,
    Field::Order,
    Field::Cards,
    Field::Bids,
    Field::Main,
    Field::Discarded,
    Field::Contract,
    Field::Accepted,
    Field::Kontra,
    Field::Value,
    Field::Starts,
    Field::Throws,
    Field::Summary,
];

/// Decodes `raw` into `deal` (cleared first), reporting malformed fields.
///
/// ```
/// use kibitz::ppn::{decode_deal, Item, TextReader};
/// use kibitz::preferans::{Deal, Player};
/// let line = "[1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 2A12 M7:-8,F3:L24,0]";
/// let mut r = TextReader::new(line.as_bytes());
/// let Some(Item::Deal(raw)) = r.next_item().unwrap() else { panic!() };
/// let (mut deal, mut found) = (Deal::default(), Vec::new());
/// decode_deal(&raw, &mut deal, &mut |rule, _, msg| found.push((rule.id, msg)));
/// assert_eq!(deal.main, Some(Player::Two));
/// assert_eq!(deal.fields, 13);
/// assert_eq!(found[0].0, "ppn.deal.refa-absent");
/// ```
pub fn decode_deal(raw: &RawDeal<'_>, deal: &mut Deal, out: &mut Sink) {
    deal.clear();
    deal.pos = Pos::new(raw.line, raw.col.saturating_sub(1).max(1));
    deal.fields = raw.count.min(255) as u8;
    for f in Field::ALL {
        deal.at[f as usize] = deal.pos;
    }
    if let Ok(id) = number(raw.field(0), 18) {
        deal.id = Some(id);
    }
    let label = deal.label();
    let layout: &[Field] = match raw.count {
        14 => &Field::ALL,
        13 => {
            out(
                rules::REFA_ABSENT,
                deal.pos,
                format!(
                    "{label} has 13 fields: the refa field is absent, so whether it is played under refa is taken from the game sheet"
                ),
            );
            &WITHOUT_REFA
        }
        4 => &Field::ALL[..4],
        n => {
            out(
                rules::DEAL_FIELDS,
                deal.pos,
                format!(
                    "{label} has {n} fields; a deal has 14 (13 without refa, 4 when all passed)"
                ),
            );
            &Field::ALL[..1]
        }
    };
    if !raw.closed {
        out(
            rules::DEAL_FIELDS,
            deal.pos,
            format!("{label}: the deal line does not end with `]`"),
        );
    }
    for (i, &field) in layout.iter().enumerate() {
        let s = raw.field(i);
        let at = raw.pos(i);
        deal.at[field as usize] = at;
        let mut bad = |why: String| {
            out(
                rules::DEAL_FIELD,
                at,
                format!("{label}, field `{}`: {why}", field.name()),
            )
        };
        if s.is_empty() && field != Field::Throws {
            bad("empty".to_string());
            continue;
        }
        match field {
            Field::Id => {
                if deal.id.is_none() {
                    bad("not a deal number".to_string());
                }
            }
            Field::Order => match s {
                [a, b, c] => match (
                    Player::from_digit(*a),
                    Player::from_digit(*b),
                    Player::from_digit(*c),
                ) {
                    (Some(a), Some(b), Some(c)) => deal.order = Some([a, b, c]),
                    _ => bad("three player ids (digits 1-3)".to_string()),
                },
                _ => bad("three player ids (digits 1-3)".to_string()),
            },
            Field::Cards => match cards(s) {
                Ok(c) => deal.cards = Some(c),
                Err(e) => bad(e),
            },
            Field::Bids => match bids(s) {
                Ok(b) => deal.bids = Some(b),
                Err(e) => bad(e),
            },
            Field::Main => match player(s) {
                Ok(p) => deal.main = Some(p),
                Err(e) => bad(e),
            },
            Field::Discarded => match Discard::parse(s) {
                Some(d) => deal.discarded = Some(d),
                None => bad("two card codes, or XX for a game".to_string()),
            },
            Field::Contract => match Contract::parse(s) {
                Some(c) => deal.contract = Some(c),
                None => bad("a contract is 2-8 or G2-G8".to_string()),
            },
            Field::Accepted => match Accepted::parse(s) {
                Some(a) => deal.accepted = Some(a),
                None => bad("one digit: 0, a player id, or 4-9 for both".to_string()),
            },
            Field::Kontra => match s {
                b"0" => deal.kontra = Some(None),
                _ => match Kontra::parse(s) {
                    Some(k) => deal.kontra = Some(Some(k)),
                    None => bad("0, or one of I K R S M and a player id".to_string()),
                },
            },
            Field::Refa => match s {
                b"0" => deal.refa = Some(false),
                b"1" => deal.refa = Some(true),
                _ => bad("0 or 1".to_string()),
            },
            Field::Value => match number(s, 9) {
                Ok(v) => deal.value = Some(v as u32),
                Err(e) => bad(e),
            },
            Field::Starts => match s {
                b"0" => deal.starts = Some(None),
                _ => match player(s) {
                    Ok(p) => deal.starts = Some(Some(p)),
                    Err(e) => bad(e),
                },
            },
            Field::Throws => {
                let mut tricks = SmallVec::new();
                if !(s.is_empty() || s == b"0") {
                    let mut off = 0u32;
                    let mut ok = true;
                    for (k, group) in s.split(|&b| b == b',').enumerate() {
                        let pos = Pos::new(at.line, at.col + off);
                        off += group.len() as u32 + 1;
                        match trick(group, pos) {
                            Ok(t) => tricks.push(t),
                            Err(e) => {
                                out(
                                    rules::DEAL_FIELD,
                                    pos,
                                    format!(
                                        "{label}, field `throws`, trick {} `{}`: {e}",
                                        k + 1,
                                        decode_short(group, 12)
                                    ),
                                );
                                ok = false;
                                break;
                            }
                        }
                    }
                    if !ok {
                        continue;
                    }
                }
                deal.tricks = Some(tricks);
            }
            Field::Summary => {
                let mut entries = [Entry::Out; 3];
                let mut n = 0;
                let mut err = None;
                for part in s.split(|&b| b == b',') {
                    if n == 3 {
                        err = Some("more than 3 entries".to_string());
                        break;
                    }
                    match entry(part) {
                        Ok(e) => entries[n] = e,
                        Err(e) => {
                            err = Some(format!("entry {}: {e}", n + 1));
                            break;
                        }
                    }
                    n += 1;
                }
                if err.is_none() && n != 3 {
                    err = Some(format!("{n} entries; the field has 3, comma separated"));
                }
                match err {
                    None => deal.summary = Some(entries),
                    Some(e) => bad(e),
                }
            }
        }
    }
    if raw.count == 4
        && let Some(b) = deal.bids.filter(|b| b.iter().any(|x| *x != Bid::Pass))
    {
        out(
            rules::DEAL_FIELDS,
            deal.pos,
            format!(
                "{label} has 4 fields, the form of a deal where all passed, but the bids are {},{},{}",
                b[0], b[1], b[2]
            ),
        );
    }
}
