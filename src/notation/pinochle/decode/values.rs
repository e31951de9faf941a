//! Parsers for single tag values. Each returns the value or the reason it is not
//! in its defined form; the caller turns the reason into a finding.

use crate::pinochle::{
    At, ByTeam, Card, Cards, Discard, Holdings, MeldEntry, Melds, Rank, Termination, team_of_number,
};
use crate::{BySeat, Pos, Seat, Side};

/// Why a value is not in its form.
pub type Reason = String;

/// A seat of the four-handed game: `N`, `E`, `S` or `W`.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_seat;
/// assert_eq!(parse_seat("W"), Ok(kibitz::Seat::West));
/// assert!(parse_seat("SE").unwrap_err().contains("four-handed"));
/// ```
pub fn parse_seat(s: &str) -> Result<Seat, Reason> {
    let mut c = s.chars();
    match (c.next(), c.next()) {
        (Some(ch @ ('N' | 'E' | 'S' | 'W')), None) => Seat::from_char(ch).ok_or_default(),
        _ if matches!(s, "NE" | "SE" | "SW" | "NW") => Err(format!(
            "`{s}` is a seat of the five- to eight-handed games; four-handed pinochle seats \
             are N, E, S and W"
        )),
        _ => Err(format!("`{s}` is not a seat (N, E, S or W)")),
    }
}

trait OkOrDefault<T> {
    fn ok_or_default(self) -> Result<T, Reason>;
}

impl<T> OkOrDefault<T> for Option<T> {
    fn ok_or_default(self) -> Result<T, Reason> {
        self.ok_or_else(|| "not a seat".to_string())
    }
}

/// A positive whole number without sign or leading zero (Hand).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_count;
/// assert_eq!(parse_count("12"), Ok(12));
/// assert!(parse_count("0").is_err() && parse_count("01").is_err() && parse_count("x").is_err());
/// ```
pub fn parse_count(s: &str) -> Result<u32, Reason> {
    let ok = !s.is_empty()
        && s.len() <= 9
        && s.bytes().all(|b| b.is_ascii_digit())
        && !s.starts_with('0');
    match s.parse::<u32>() {
        Ok(n) if ok => Ok(n),
        _ => Err(format!("`{s}` is not a positive whole number")),
    }
}

/// A bid value: a whole number (Contract).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_points;
/// assert_eq!(parse_points("65"), Ok(65));
/// assert!(parse_points("-5").is_err());
/// ```
pub fn parse_points(s: &str) -> Result<u32, Reason> {
    if !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse()
            .map_err(|_| format!("`{s}` is not a number of points"))
    } else {
        Err(format!("`{s}` is not a number of points"))
    }
}

/// A two-team score list `team1:team2` (GameScores, MeldScores, PlayScores,
/// HandScores).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_scores;
/// assert_eq!(parse_scores("-54:328").unwrap().values, [-54, 328]);
/// assert!(parse_scores("26:9:71").unwrap_err().contains("two teams"));
/// ```
pub fn parse_scores(s: &str) -> Result<ByTeam<i32>, Reason> {
    let parts: smallvec::SmallVec<[&str; 4]> = s.split(':').collect();
    let num = |p: &str| {
        let d = p.strip_prefix('-').unwrap_or(p);
        if !d.is_empty() && d.len() <= 7 && d.bytes().all(|b| b.is_ascii_digit()) {
            p.parse::<i32>().ok()
        } else {
            None
        }
    };
    match parts[..] {
        [a, b] => match (num(a), num(b)) {
            (Some(a), Some(b)) => Ok(ByTeam::new(a, b)),
            _ => Err(format!("`{s}` is not two whole numbers separated by `:`")),
        },
        _ if parts.len() > 2 && parts.iter().all(|p| num(p).is_some()) => Err(format!(
            "`{s}` has {} scores; four-handed pinochle has two teams",
            parts.len()
        )),
        _ => Err(format!("`{s}` is not two whole numbers separated by `:`")),
    }
}

/// Victor: the team number, 1 (North-South) or 2 (East-West).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_victor;
/// assert_eq!(parse_victor("2"), Ok(kibitz::Side::EastWest));
/// assert!(parse_victor("3").is_err());
/// ```
pub fn parse_victor(s: &str) -> Result<Side, Reason> {
    match s.parse::<u8>().ok().and_then(team_of_number) {
        Some(side) if s.len() == 1 => Ok(side),
        _ => Err(format!("`{s}` is not a team number (1 or 2)")),
    }
}

/// Termination: `seat:cause` or `-:cause`.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_termination;
/// assert_eq!(parse_termination("-:Abandoned").unwrap().seat, None);
/// assert!(parse_termination("Abandoned").is_err());
/// ```
pub fn parse_termination(s: &str) -> Result<Termination, Reason> {
    parse_termination_into(s, &mut String::new())
}

/// [`parse_termination`], the cause written into `buf` (emptied first) and
/// taken from it, so that a reused buffer spares an allocation. On an error
/// `buf` keeps its allocation.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_termination_into;
/// let mut buf = String::with_capacity(32);
/// assert!(parse_termination_into("W:", &mut buf).is_err());
/// assert!(buf.capacity() >= 32);
/// let t = parse_termination_into("W:Time out", &mut buf).unwrap();
/// assert_eq!(t.cause, "Time out");
/// assert!(t.cause.capacity() >= 32 && buf.capacity() == 0);
/// ```
pub fn parse_termination_into(s: &str, buf: &mut String) -> Result<Termination, Reason> {
    let (seat, cause) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` is not `seat:cause` (the seat may be `-`)"))?;
    let seat = match seat {
        "-" => None,
        _ => Some(parse_seat(seat)?),
    };
    if cause.trim().is_empty() {
        return Err(format!("`{s}` names no cause after the `:`"));
    }
    buf.clear();
    buf.push_str(cause);
    Ok(Termination {
        seat,
        cause: std::mem::take(buf),
    })
}

/// Why a card list could not be read, naming 9s (which double-deck pinochle does
/// not have) apart.
fn cards_reason(what: &str, s: &str) -> Reason {
    if s.contains('9') {
        format!("`{s}` holds a 9; the double-deck pinochle deck has none (A, T, K, Q, J)")
    } else {
        format!("`{s}` is not {what}")
    }
}

/// One hand in the Deal syntax: four dot-separated suits C, D, S, H, each a run
/// of ranks.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_hand;
/// assert_eq!(parse_hand("AT.K..J").unwrap().len(), 4);
/// assert!(parse_hand("AT.K.J").is_err());
/// assert!(parse_hand("9...").unwrap_err().contains("9"));
/// ```
pub fn parse_hand(s: &str) -> Result<Cards, Reason> {
    Cards::parse_hand(s).map_err(|_| cards_reason("four suits C.D.S.H of ranks A, T, K, Q, J", s))
}

/// Whether the ranks of each suit of a hand in the Deal syntax are written in the
/// order A, T, K, Q, J (the spec's rank order) and upper case.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::ranks_in_order;
/// assert!(ranks_in_order("AATKQJ.T..KQ"));
/// assert!(!ranks_in_order("KA..."));
/// assert!(!ranks_in_order("a..."));
/// ```
pub fn ranks_in_order(s: &str) -> bool {
    // Bytes: a byte of a character beyond ASCII is no rank letter either.
    s.as_bytes().split(|&b| b == b'.').all(|suit| {
        let mut last = 0;
        suit.iter().all(|&b| {
            match Rank::WRITE_ORDER
                .iter()
                .position(|r| r.char() as u32 == u32::from(b))
            {
                Some(i) if i >= last => {
                    last = i;
                    true
                }
                _ => false,
            }
        })
    })
}

/// Deal, Holding and Passed: `<seat>:` then up to four hands clockwise from that
/// seat (`-` for one not given).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_holdings;
/// let h = parse_holdings("E:.J.QQ. ..A.AA TKJ... K.TQ..").unwrap();
/// assert_eq!(h.hands[kibitz::Seat::North].unwrap().len(), 3);
/// assert!(parse_holdings("SE:...").unwrap_err().contains("four-handed"));
/// ```
pub fn parse_holdings(s: &str) -> Result<Holdings, Reason> {
    let (seat, rest) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` does not begin with a seat and `:`"))?;
    let first = parse_seat(seat)?;
    let mut h = Holdings {
        first,
        hands: BySeat::default(),
    };
    for (i, t) in rest.split_ascii_whitespace().enumerate() {
        if i >= 4 {
            return Err(format!(
                "`{s}` lists more than four hands; there are four seats"
            ));
        }
        if t != "-" {
            h.hands[first.add(i)] = Some(parse_hand(t)?);
        }
    }
    Ok(h)
}

/// Kitty: cards in the Play syntax, separated by spaces (`SK H9 CT`).
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_card_list;
/// assert_eq!(parse_card_list("HA CJ HA").unwrap().len(), 3);
/// assert!(parse_card_list("SK H9 CT").unwrap_err().contains("9"));
/// ```
pub fn parse_card_list(s: &str) -> Result<Cards, Reason> {
    Cards::parse_list(s).map_err(|_| cards_reason("cards written suit then rank (`SK HA`)", s))
}

/// Points in parentheses: `(94)`.
fn parse_paren_points(s: &str) -> Option<u32> {
    let inner = s.strip_prefix('(')?.strip_suffix(')')?.trim();
    if !inner.is_empty() && inner.len() <= 6 && inner.bytes().all(|b| b.is_ascii_digit()) {
        inner.parse().ok()
    } else {
        None
    }
}

/// Discard: cards in the Deal syntax, then optionally the points in parentheses.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_discard;
/// let d = parse_discard("K.K..K (3)").unwrap();
/// assert_eq!((d.cards.len(), d.points), (3, Some(3)));
/// assert!(parse_discard(".T.QQ. (x)").is_err());
/// ```
pub fn parse_discard(s: &str) -> Result<Discard, Reason> {
    let (cards, points) = match s.find('(') {
        Some(i) => (s[..i].trim(), Some(&s[i..])),
        None => (s.trim(), None),
    };
    let points = match points {
        Some(p) => Some(
            parse_paren_points(p.trim())
                .ok_or_else(|| format!("`{}` is not points in parentheses", p.trim()))?,
        ),
        None => None,
    };
    Ok(Discard {
        cards: parse_hand(cards)?,
        points,
    })
}

/// Melds: `<seat>:` then each player's melded cards (Deal syntax) followed by the
/// points in parentheses, clockwise (`-` for a player not given, as in Deal); `at`
/// is where the value starts (after the quote), for the entries' positions.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::parse_melds;
/// use kibitz::{Pos, Seat};
/// let m = parse_melds("N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ..(17)", Pos::new(3, 9)).unwrap();
/// let e = m.players[Seat::East].unwrap();
/// assert_eq!((e.value.points.unwrap().value, e.pos), (27, Pos::new(3, 30)));
/// assert_eq!(e.value.points.unwrap().pos, Pos::new(3, 43));
/// assert!(parse_melds("N:QQ.KQQ.QQ.QQJJ", Pos::new(1, 1)).unwrap_err().contains("parentheses"));
/// ```
pub fn parse_melds(s: &str, at: Pos) -> Result<Melds, Reason> {
    let (seat, rest) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` does not begin with a seat and `:`"))?;
    let first = parse_seat(seat)?;
    let base = seat.len() + 1;
    let col = |off: usize| Pos::new(at.line, at.col + off as u32);
    let mut m = Melds {
        first,
        players: BySeat::default(),
    };
    // Words with their offsets; a word starting with `(` belongs to the one before.
    let mut entries: smallvec::SmallVec<[MeldWord; 5]> = smallvec::SmallVec::new();
    let mut off = base;
    for w in rest.split(' ') {
        if !w.is_empty() {
            match (w.find('('), entries.last_mut()) {
                (Some(0), Some(last)) if last.2.is_none() => last.2 = Some((off, w)),
                (Some(0), _) => return Err(format!("`{w}` in `{s}` has no cards before it")),
                (Some(i), _) => entries.push((off, &w[..i], Some((off + i, &w[i..])))),
                (None, _) => entries.push((off, w, None)),
            }
        }
        off += w.len() + 1;
    }
    if entries.len() > 4 {
        return Err(format!(
            "`{s}` lists {} players; there are four seats",
            entries.len()
        ));
    }
    for (i, (off, cards, points)) in entries.into_iter().enumerate() {
        if cards == "-" && points.is_none() {
            continue; // not given
        }
        let cards = parse_hand(cards)?;
        let Some((poff, p)) = points else {
            return Err(format!(
                "the meld of {} has no points in parentheses after its cards",
                first.add(i)
            ));
        };
        let n =
            parse_paren_points(p).ok_or_else(|| format!("`{p}` is not points in parentheses"))?;
        let entry = MeldEntry {
            cards,
            points: Some(At::new(n, col(poff))),
        };
        m.players[first.add(i)] = Some(At::new(entry, col(off)));
    }
    Ok(m)
}

/// A Melds entry as written: offset and cards, then offset and `(points)`.
type MeldWord<'a> = (usize, &'a str, Option<(usize, &'a str)>);

/// Partner: `seat:card` (`N:SQ`; the five-handed seats are other variants').
///
/// ```
/// use kibitz::notation::pinochle::decode::values::check_partner;
/// assert!(check_partner("N:SQ").is_ok());
/// assert!(check_partner("N SQ").is_err());
/// ```
pub fn check_partner(s: &str) -> Result<(), Reason> {
    let (seat, card) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` is not `seat:card`"))?;
    if !matches!(seat, "N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW") {
        return Err(format!("`{seat}` is not a seat"));
    }
    card.parse::<Card>()
        .map(|_| ())
        .map_err(|_| cards_reason("a card", card))
}

/// Date: `YYYY.MM.DD`, `?` for an unknown digit.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::check_date;
/// assert!(check_date("2015.08.31").is_ok());
/// assert!(check_date("2015.??.??").is_ok());
/// assert!(check_date("2015.13.01").is_err());
/// assert!(check_date("31/08/2015").is_err());
/// ```
pub fn check_date(s: &str) -> Result<(), Reason> {
    let err = || format!("`{s}` is not a date YYYY.MM.DD");
    let mut parts = s.split('.');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(err());
    };
    let field = |p: &str, n: usize, max: u32| {
        p.len() == n
            && p.bytes().all(|b| b.is_ascii_digit() || b == b'?')
            && (p.contains('?')
                || p.parse::<u32>()
                    .is_ok_and(|v| (n == 4 || v >= 1) && v <= max))
    };
    if field(y, 4, 9999) && field(m, 2, 12) && field(d, 2, 31) {
        Ok(())
    } else {
        Err(err())
    }
}

/// Chat: `seat:text`.
///
/// ```
/// use kibitz::notation::pinochle::decode::values::check_chat;
/// assert!(check_chat("N:good game everyone").is_ok());
/// assert!(check_chat("good game").is_err());
/// ```
pub fn check_chat(s: &str) -> Result<(), Reason> {
    match s.split_once(':') {
        Some(("N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW", _)) => Ok(()),
        _ => Err(format!(
            "`{s}` does not begin with the speaker's seat and `:`"
        )),
    }
}
