//! Parsers of the RBN label values that are not a call or play sequence: H, C, R,
//! D, N, K, M, F. Each takes the bytes as written and says what is wrong in words.

use crate::bridge::{Centi, ContractTag, Deal, Scoring};
use crate::{Bid, Card, CardSet, Contract, Rank, Risk, Seat, Strain, Suit};

/// Why a value did not parse.
pub type Reason = String;

fn show(s: &[u8]) -> String {
    crate::text::decode_short(s, 40)
}

/// Reads a seat letter `NESW` (either case).
///
/// ```
/// use kibitz::notation::rbn::decode::values::seat;
/// assert_eq!(seat(b'w'), Some(kibitz::Seat::West));
/// assert_eq!(seat(b'X'), None);
/// ```
pub fn seat(b: u8) -> Option<Seat> {
    Seat::from_char(b.to_ascii_uppercase() as char)
}

/// A decoded H label.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hands {
    /// The deal.
    pub deal: Deal,
    /// `x` cards were given the lowest unassigned cards of their suit.
    pub x_cards: bool,
    /// A hand with a `?` card was taken as unknown.
    pub unknown_cards: bool,
}

/// Parses an H label: a seat, then up to four hands clockwise, each opened by `:`
/// (or `;` when hidden). Three full hands and a final `:` give the fourth the
/// rest; an empty hand is not given.
///
/// ```
/// use kibitz::notation::rbn::decode::values::parse_hands;
/// use kibitz::Seat;
/// let h = parse_hands(b"W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:").unwrap();
/// assert!(h.deal.is_complete());
/// assert_eq!(h.deal.hands[Seat::South].unwrap().to_string(), "AKQJ.QJ872.J2.T7");
/// let h = parse_hands(b"N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72").unwrap();
/// assert!(h.deal.hands[Seat::East].is_none() && h.deal.hands[Seat::West].is_none());
/// assert!(parse_hands(b"W:AKQ.JT.x:").unwrap().x_cards);
/// assert!(parse_hands(b"Q:AK").is_err());
/// ```
pub fn parse_hands(v: &[u8]) -> Result<Hands, Reason> {
    match usual_hands(v) {
        Some(h) => Ok(h),
        None => general_hands(v),
    }
}

/// An H label with `10` for the ten (`N:AK10.QJ2...`), read with `T` in its
/// place, and where its first `10` is; `None` when it has no `10` or is no
/// deal with them read as tens. (Rare: the copy is made only here.)
pub(crate) fn lenient_hands(v: &[u8]) -> Option<(Hands, usize)> {
    let (tens, at) = crate::text::ten_as_t(v)?;
    Some((parse_hands(&tens).ok()?, at))
}

/// The usual H label, read by [`CardSet::from_dotted`]'s rank table: a seat,
/// `:`, then hands separated by `:` (no `;`), each empty or of four suits
/// (three dots) of ranks with no card written twice, four hands at most
/// (the fourth perhaps empty, as the rest of the pack). `None` for anything
/// else (`x`, `?`, a hidden hand, fewer suits, a fault), which
/// [`general_hands`] reads; `tests::usual_hands_read_as_the_general_parser`
/// holds the two together.
fn usual_hands(v: &[u8]) -> Option<Hands> {
    let [f, b':', rest @ ..] = v else {
        return None;
    };
    let first = seat(*f)?;
    let mut out = Hands::default();
    let mut segments = 0;
    let mut last_empty = false;
    for (i, seg) in rest.split(|&b| b == b':').enumerate() {
        if i >= 4 {
            return None;
        }
        segments = i + 1;
        last_empty = seg.is_empty();
        if !seg.is_empty() {
            let (set, n) = CardSet::from_dotted(seg)?;
            if set.len() != n {
                return None;
            }
            out.deal.hands[first.add(i)] = Some(set);
        }
    }
    if segments == 4 && last_empty {
        give_rest(&mut out.deal, first);
    }
    Some(out)
}

/// Three full hands from `first` on, and an empty fourth written after them:
/// the fourth gets the rest of the pack (when the three share no card).
fn give_rest(deal: &mut Deal, first: Seat) {
    let full = |s: Seat| deal.hands[s].is_some_and(|h| h.len() == 13);
    if (0..3).all(|i| full(first.add(i))) {
        let known = deal.known_cards();
        if known.len() == 39 {
            deal.hands[first.add(3)] = Some(CardSet::FULL - known);
        }
    }
}

/// [`parse_hands`] for any H label, byte by byte.
fn general_hands(v: &[u8]) -> Result<Hands, Reason> {
    let (&first, rest) = v.split_first().ok_or("no seat")?;
    let first = seat(first).ok_or_else(|| {
        format!(
            "`{}` is not a seat (N, E, S, W) to start the hands",
            show(&v[..1])
        )
    })?;
    let Some((&sep, rest)) = rest.split_first() else {
        return Err("no hand follows the seat (each hand begins with `:` or `;`)".into());
    };
    if sep != b':' && sep != b';' {
        return Err(format!(
            "`{}` follows the seat; each hand begins with `:` or `;`",
            show(&[sep])
        ));
    }
    let mut out = Hands::default();
    let mut xs = [[0u8; 4]; 4];
    let mut segments = 0;
    let mut last_empty = false;
    for (i, seg) in rest.split(|&b| b == b':' || b == b';').enumerate() {
        if i >= 4 {
            return Err("more than four hands".into());
        }
        segments = i + 1;
        let seat = first.add(i);
        last_empty = seg.is_empty();
        if seg.is_empty() {
            continue;
        }
        let mut set = CardSet::EMPTY;
        let mut suit = 0usize;
        let mut unknown = false;
        for &c in seg {
            match c {
                b'.' => {
                    suit += 1;
                    if suit > 3 {
                        return Err(format!("hand `{}` has more than four suits", show(seg)));
                    }
                }
                b'x' | b'X' => xs[seat.index()][suit] += 1,
                b'?' => unknown = true,
                _ => {
                    let rank = Rank::from_char(c.to_ascii_uppercase() as char)
                        .filter(|_| c != b'1' && c != b'0')
                        .ok_or_else(|| {
                            format!("`{}` in hand `{}` is not a rank", show(&[c]), show(seg))
                        })?;
                    let card = Card::new(Suit::HAND_ORDER[suit], rank);
                    if !set.insert(card) {
                        out.deal.repeated.push((seat, card));
                    }
                }
            }
        }
        if unknown {
            out.unknown_cards = true;
            xs[seat.index()] = [0; 4];
        } else {
            out.deal.hands[seat] = Some(set);
        }
    }
    // Three full hands and a final separator: the fourth gets the rest.
    if segments == 4 && last_empty && xs == [[0; 4]; 4] {
        give_rest(&mut out.deal, first);
    }
    // `x`: one of the lowest unassigned cards of its suit.
    if xs != [[0; 4]; 4] {
        out.x_cards = true;
        let mut used = out.deal.known_cards();
        for i in 0..4 {
            let seat = first.add(i);
            for (k, &suit) in Suit::HAND_ORDER.iter().enumerate() {
                for _ in 0..xs[seat.index()][k] {
                    let free = CardSet::suit_mask(suit) - used;
                    let card = free
                        .lowest()
                        .ok_or_else(|| format!("no card of {suit} is left for an `x`"))?;
                    used.insert(card);
                    out.deal.hands[seat]
                        .get_or_insert(CardSet::EMPTY)
                        .insert(card);
                }
            }
        }
    }
    Ok(out)
}

/// A decoded C label.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ContractValue {
    /// The contract, or only its strain (an ending without a level).
    pub contract: ContractTag,
    /// The goal in tricks, if written (`M` is 13).
    pub goal: Option<u8>,
    /// The declarer.
    pub declarer: Seat,
    /// The first leader, when written.
    pub leader: Option<Seat>,
}

/// Parses a C label: `[level]strain[X|R][goal]:declarer[:leader[:more]]`.
///
/// ```
/// use kibitz::notation::rbn::decode::values::parse_contract;
/// use kibitz::bridge::ContractTag;
/// use kibitz::Seat;
/// let c = parse_contract(b"6NR:E").unwrap();
/// assert_eq!(c.contract, ContractTag::Contract("6NTXX".parse().unwrap()));
/// let c = parse_contract(b"H6:S:S").unwrap();
/// assert_eq!((c.goal, c.leader), (Some(6), Some(Seat::South)));
/// assert_eq!(parse_contract(b"CM:W").unwrap().goal, Some(13));
/// assert!(parse_contract(b"5H").is_err());
/// assert!(parse_contract(b"8S:N").is_err());
/// ```
pub fn parse_contract(v: &[u8]) -> Result<ContractValue, Reason> {
    let mut fields = v.split(|&b| b == b':');
    let c = fields.next().unwrap_or_default();
    let mut i = 0;
    let level = match c.first() {
        Some(d @ b'1'..=b'7') => {
            i = 1;
            Some(d - b'0')
        }
        Some(b'0' | b'8' | b'9') => return Err(format!("`{}`: a level is 1 to 7", show(c))),
        _ => None,
    };
    let strain = match c.get(i).map(u8::to_ascii_uppercase) {
        Some(b'N') => Strain::NoTrump,
        Some(s) => Suit::from_char(s as char)
            .map(Strain::from_suit)
            .ok_or_else(|| format!("`{}` has no strain (C, D, H, S, N)", show(c)))?,
        None => return Err("no contract".into()),
    };
    i += 1;
    let risk = match c.get(i).map(u8::to_ascii_uppercase) {
        Some(b'X') => {
            i += 1;
            Risk::Doubled
        }
        Some(b'R') => {
            i += 1;
            Risk::Redoubled
        }
        _ => Risk::Undoubled,
    };
    let goal = match &c[i..] {
        [] => None,
        [m] if m.eq_ignore_ascii_case(&b'M') => Some(13),
        g if g.len() <= 2 && g.iter().all(u8::is_ascii_digit) => {
            let n: u8 = std::str::from_utf8(g)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            if !(1..=13).contains(&n) {
                return Err(format!("`{}`: a goal is 1 to 13 tricks or M", show(c)));
            }
            Some(n)
        }
        _ => return Err(format!("`{}` is not a contract", show(c))),
    };
    let contract = match level {
        Some(l) => ContractTag::Contract(Contract {
            bid: Bid::new(l, strain).expect("level 1-7"),
            risk,
        }),
        None if risk == Risk::Undoubled => ContractTag::Strain(strain),
        None => return Err(format!("`{}`: a doubled contract needs a level", show(c))),
    };
    let declarer = match fields.next() {
        Some([d]) => seat(*d).ok_or_else(|| format!("`{}` is not a declarer", show(&[*d])))?,
        Some(d) if !d.is_empty() => return Err(format!("`{}` is not a declarer", show(d))),
        _ => return Err("the contract must be followed by `:` and the declarer".into()),
    };
    let leader = match fields.next() {
        None | Some([]) => None,
        Some([l]) => Some(seat(*l).ok_or_else(|| format!("`{}` is not a leader", show(&[*l])))?),
        Some(l) => return Err(format!("`{}` is not a leader", show(l))),
    };
    Ok(ContractValue {
        contract,
        goal,
        declarer,
        leader,
    })
}

/// A decoded R label.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultValue {
    /// Tricks won by declarer.
    pub tricks: Option<u8>,
    /// `P`: passed out.
    pub passed_out: bool,
    /// Raw score, North-South.
    pub score: Option<i32>,
    /// Effective score in IMPs (or +1/-1 board-a-match), North-South; `=` is 0.
    pub imps: Option<Centi>,
    /// Effective score as a matchpoint percentage, North-South.
    pub percent: Option<Centi>,
}

fn hundredths(s: &[u8]) -> bool {
    let body = s.strip_prefix(b"-").or(s.strip_prefix(b"+")).unwrap_or(s);
    match body.iter().position(|&b| b == b'.') {
        None => !body.is_empty() && body.iter().all(u8::is_ascii_digit),
        Some(i) => {
            i > 0
                && body[..i].iter().all(u8::is_ascii_digit)
                && body.len() - i - 1 <= 2
                && body.len() - i > 1
                && body[i + 1..].iter().all(u8::is_ascii_digit)
        }
    }
}

/// Parses an R label: `[tricks|P][+|-score][:effective]`.
///
/// ```
/// use kibitz::notation::rbn::decode::values::parse_result;
/// use kibitz::bridge::Centi;
/// let r = parse_result(b"8-300:+4").unwrap();
/// assert_eq!((r.tricks, r.score, r.imps), (Some(8), Some(-300), Some(Centi(400))));
/// assert!(parse_result(b"P:-2").unwrap().passed_out);
/// assert_eq!(parse_result(b":66.67").unwrap().percent, Some(Centi(6667)));
/// assert_eq!(parse_result(b"9-100:=").unwrap().imps, Some(Centi(0)));
/// assert!(parse_result(b"14").is_err());
/// assert!(parse_result(b"9-1x").is_err());
/// ```
pub fn parse_result(v: &[u8]) -> Result<ResultValue, Reason> {
    let mut r = ResultValue::default();
    let (main, eff) = match v.iter().position(|&b| b == b':') {
        Some(i) => (&v[..i], Some(&v[i + 1..])),
        None => (v, None),
    };
    let digits = main.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut rest = &main[digits..];
    if digits > 0 {
        let t: u32 = std::str::from_utf8(&main[..digits])
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(99);
        if t > 13 {
            return Err(format!("`{}`: declarer wins 0 to 13 tricks", show(v)));
        }
        r.tricks = Some(t as u8);
    } else if let Some(p) = rest.first().filter(|p| p.eq_ignore_ascii_case(&b'P')) {
        let _ = p;
        r.passed_out = true;
        rest = &rest[1..];
    }
    if !rest.is_empty() {
        let ok = matches!(rest[0], b'+' | b'-')
            && rest.len() > 1
            && rest.len() <= 7
            && rest[1..].iter().all(u8::is_ascii_digit);
        if !ok {
            return Err(format!(
                "`{}`: the result is tricks (or P) then a sign and the score",
                show(v)
            ));
        }
        let n: i32 = std::str::from_utf8(&rest[1..])
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        r.score = Some(if rest[0] == b'-' { -n } else { n });
    }
    if let Some(e) = eff {
        match e {
            [] => {}
            b"=" => r.imps = Some(Centi(0)),
            [b'+' | b'-', ..] if hundredths(e) => {
                r.imps = Centi::parse(std::str::from_utf8(e).unwrap_or(""));
            }
            _ if hundredths(e) => {
                let p = Centi::parse(std::str::from_utf8(e).unwrap_or(""));
                if p.is_none_or(|p| p.0 > 10_000) {
                    return Err(format!("`{}`: a percentage is 0 to 100", show(e)));
                }
                r.percent = p;
            }
            _ => {
                return Err(format!(
                    "`{}`: the effective score is `=`, signed IMPs or a percentage, with at most two decimals",
                    show(e)
                ));
            }
        }
    }
    Ok(r)
}

/// Checks a D label and gives the date in PBN's form (`yyyy.mm.dd`, `?` for
/// unknown digits) when it is a single date, else as written.
///
/// ```
/// use kibitz::notation::rbn::decode::values::parse_date;
/// assert_eq!(parse_date(b"19930512").unwrap(), "1993.05.12");
/// assert_eq!(parse_date(b"199709").unwrap(), "1997.09.??");
/// assert_eq!(parse_date(b"20120428:072315G").unwrap(), "2012.04.28");
/// assert_eq!(parse_date(b"1986120911").unwrap(), "1986120911");
/// assert_eq!(parse_date(b"1955C").unwrap(), "1955C");
/// assert!(parse_date(b"1993-05-12").is_err());
/// ```
pub fn parse_date(v: &[u8]) -> Result<String, Reason> {
    let mut s = String::new();
    date_into(v, &mut s).map(|()| s)
}

/// [`parse_date`] appending to `out` (nothing on error).
pub fn date_into(v: &[u8], out: &mut String) -> Result<(), Reason> {
    let bad = || format!("`{}` is not a date yyyymmdd[dd][C][:hhmmss][G]", show(v));
    let (date, time) = match v.iter().position(|&b| b == b':') {
        Some(i) => (&v[..i], Some(&v[i + 1..])),
        None => (v, None),
    };
    let date_g = date.strip_suffix(b"G").unwrap_or(date);
    let (digits, circa) = match date_g.strip_suffix(b"C") {
        Some(d) => (d, true),
        None => (date_g, false),
    };
    let dig = |s: &[u8]| s.iter().all(|&b| b.is_ascii_digit() || b == b'?');
    if !dig(digits) || !matches!(digits.len(), 4 | 6 | 8 | 10) {
        return Err(bad());
    }
    if let Some(t) = time {
        let t = t.strip_suffix(b"G").unwrap_or(t);
        if digits.len() == 10 || circa || !dig(t) || !matches!(t.len(), 2 | 4 | 6) {
            return Err(bad());
        }
    }
    // Only ASCII digits and `?` (and C, G) got here.
    let s = |r: std::ops::Range<usize>| std::str::from_utf8(&digits[r]).unwrap_or("");
    let whole = std::str::from_utf8(date_g).unwrap_or("");
    match digits.len() {
        _ if circa => out.push_str(whole),
        4 => {
            out.push_str(s(0..4));
            out.push_str(".??.??");
        }
        6 => {
            out.push_str(s(0..4));
            out.push('.');
            out.push_str(s(4..6));
            out.push_str(".??");
        }
        8 => {
            out.push_str(s(0..4));
            out.push('.');
            out.push_str(s(4..6));
            out.push('.');
            out.push_str(s(6..8));
        }
        _ => out.push_str(s(0..digits.len())),
    }
    Ok(())
}

/// A decoded N label.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// North, East, South, West.
    pub players: [String; 4],
    /// `O` or `C` in the third field.
    pub room: Option<crate::bridge::Room>,
}

/// Parses an N label: `North+South:West+East[:room or table[:info]]`.
///
/// ```
/// use kibitz::notation::rbn::decode::values::parse_names;
/// use kibitz::bridge::Room;
/// let n = parse_names(b":Jan+Joe:O").unwrap();
/// assert_eq!((n.players[3].as_str(), n.players[1].as_str(), n.room), ("Jan", "Joe", Some(Room::Open)));
/// assert_eq!(parse_names(b"+Roth:GIB 4.0").unwrap().players[2], "Roth");
/// assert!(parse_names(b"A:B:Z").is_err());
/// ```
pub fn parse_names(v: &[u8]) -> Result<Names, Reason> {
    let mut players = crate::BySeat::<String>::default();
    let room = names_into(v, &mut players)?;
    Ok(Names {
        players: players.values,
        room,
    })
}

/// [`parse_names`] appending the names to `players`; returns the room.
pub fn names_into(
    v: &[u8],
    players: &mut crate::BySeat<String>,
) -> Result<Option<crate::bridge::Room>, Reason> {
    let mut fields = v.splitn(4, |&b| b == b':');
    let mut pair = |f: &[u8], a: Seat, b: Seat| {
        let (x, y) = match f.iter().position(|&c| c == b'+') {
            Some(i) => (&f[..i], &f[i + 1..]),
            None => (f, &b""[..]),
        };
        players[a].push_str(&crate::text::decode(x));
        players[b].push_str(&crate::text::decode(y));
    };
    pair(fields.next().unwrap_or_default(), Seat::North, Seat::South);
    pair(fields.next().unwrap_or_default(), Seat::West, Seat::East);
    let mut room = None;
    match fields.next() {
        None | Some([]) => {}
        Some(b"O" | b"o") => room = Some(crate::bridge::Room::Open),
        Some(b"C" | b"c") => room = Some(crate::bridge::Room::Closed),
        Some(t) if t.len() <= 3 && t.iter().all(u8::is_ascii_digit) => {
            let k: u32 = std::str::from_utf8(t)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            if !(1..=250).contains(&k) {
                return Err(format!("table `{}`: tables are 1 to 250", show(t)));
            }
        }
        Some(t) => {
            return Err(format!(
                "`{}` is neither a room (O, C) nor a table number",
                show(t)
            ));
        }
    }
    Ok(room)
}

/// The K label's two team names (`team:team[:carry:carry]`, RBN 3.2); a name
/// the label does not reach is empty.
///
/// ```
/// use kibitz::notation::rbn::decode::values::team_names;
/// assert_eq!(team_names(b"Italy:USA1:999:22"), [&b"Italy"[..], b"USA1"]);
/// assert_eq!(team_names(b"Nickell"), [&b"Nickell"[..], b""]);
/// ```
pub fn team_names(v: &[u8]) -> [&[u8]; 2] {
    let mut names = v.split(|&b| b == b':');
    [
        names.next().unwrap_or_default(),
        names.next().unwrap_or_default(),
    ]
}

/// The K label's carry-overs: its fields after the two team names.
///
/// ```
/// use kibitz::notation::rbn::decode::values::carry_overs;
/// assert_eq!(carry_overs(b"France:Spain::-5").collect::<Vec<_>>(), [&b""[..], b"-5"]);
/// assert_eq!(carry_overs(b"Duck:Fox").count(), 0);
/// ```
pub fn carry_overs(v: &[u8]) -> impl Iterator<Item = &[u8]> {
    v.split(|&b| b == b':').skip(2)
}

/// Checks a K label: two team names, then optional carry-overs (hundredths at
/// most, negative allowed, a trailing `-n` penalty allowed).
///
/// ```
/// use kibitz::notation::rbn::decode::values::check_teams;
/// assert!(check_teams(b"Iceland:Bulgaria:76.33:91.50").is_ok());
/// assert!(check_teams(b"France:Spain::-5").is_ok());
/// assert!(check_teams(b"GIB:Jack:99-8").is_ok());
/// assert!(check_teams(b"A:B:7.123").is_err());
/// ```
pub fn check_teams(v: &[u8]) -> Result<(), Reason> {
    for c in carry_overs(v) {
        if c.is_empty() {
            continue;
        }
        let (main, penalty) = match c.iter().skip(1).position(|&b| b == b'-') {
            Some(i) => (&c[..=i], Some(&c[i + 2..])),
            None => (c, None),
        };
        let ok = hundredths(main)
            && penalty.is_none_or(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit));
        if !ok {
            return Err(format!(
                "carry-over `{}` is not a number with at most two decimals",
                show(c)
            ));
        }
    }
    Ok(())
}

/// Checks an M label: at most four colon-separated parts of hexadecimal makes
/// (`0-9`, `A-D`) and the marks `+ = ! ?`.
///
/// ```
/// use kibitz::notation::rbn::decode::values::check_makes;
/// assert!(check_makes(b"::88666+88667:!!").is_ok());
/// assert!(check_makes(b"9A9E").is_err());
/// assert!(check_makes(b"1:2:3:4:5").is_err());
/// ```
pub fn check_makes(v: &[u8]) -> Result<(), Reason> {
    if v.iter().filter(|&&b| b == b':').count() > 3 {
        return Err("more than four parts".into());
    }
    match v
        .iter()
        .find(|&&b| !(b.is_ascii_digit() || b"ABCDabcd:+=!?".contains(&b)))
    {
        Some(&b) => Err(format!("`{}` is not a make (0-9, A-D) or mark", show(&[b]))),
        None => Ok(()),
    }
}

/// The scoring methods an F label names: the one-letter forms of RBN, and a few
/// words.
///
/// ```
/// use kibitz::notation::rbn::decode::values::scoring;
/// use kibitz::bridge::Scoring;
/// assert_eq!(scoring(b"I:1952"), Scoring::IMP | Scoring::OLD_IMP);
/// assert_eq!(scoring(b"M:old"), Scoring::MP | Scoring::OLD_MP);
/// assert_eq!(scoring(b"X:Butler"), Scoring::BUTLER);
/// assert_eq!(scoring(b"Pairs"), Scoring::OTHER);
/// ```
pub fn scoring(v: &[u8]) -> Scoring {
    let (method, modifier) = match v.iter().position(|&b| b == b':') {
        Some(i) => (&v[..i], &v[i + 1..]),
        None => (v, &b""[..]),
    };
    let mut s = match method {
        b"I" => Scoring::IMP,
        b"B" => Scoring::BAM,
        b"T" => Scoring::OTHER,
        b"X" => Scoring::BUTLER,
        b"M" => Scoring::MP,
        b"N" => Scoring::INSTANT,
        b"R" => Scoring::RUBBER,
        b"C" => Scoring::CHICAGO,
        b"A" => Scoring::CAVENDISH,
        b"P" => Scoring::OTHER,
        _ => {
            let w = String::from_utf8_lossy(method).to_ascii_lowercase();
            if w.starts_with("imp") {
                Scoring::IMP
            } else if w.starts_with("match") || w == "mp" {
                Scoring::MP
            } else if w.starts_with("rubber") {
                Scoring::RUBBER
            } else {
                Scoring::OTHER
            }
        }
    };
    if s.contains(Scoring::MP) && modifier.eq_ignore_ascii_case(b"old") {
        s |= Scoring::OLD_MP;
    }
    if s.contains(Scoring::IMP)
        && modifier.len() == 4
        && modifier.iter().all(u8::is_ascii_digit)
        && modifier < &b"1962"[..]
    {
        s |= Scoring::OLD_IMP;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// H labels of every shape the general parser reads, and one byte of each
    /// changed, dropped or doubled: wherever the usual path answers, it must
    /// answer as the general one, and it must answer the usual labels.
    #[test]
    fn usual_hands_read_as_the_general_parser() {
        let base: &[&[u8]] = &[
            b"W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:",
            b"N:AKQJ.QJ872.J2.T7:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52",
            b"s:akqj.qj872.j2.t7:873.a6.kt864.kq8:96.t54.97.aj9643:",
            b"N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72",
            b"E:AKQ72..AKQ72.753:",
            b"W:AKQ.JT.x:",
            b"W;AKQ.JT..:",
            b"W:AKQ.JT..;J.T.9.8",
            b"W:AKQ.JT..?:",
            b"W:AKA...:",
            b"W:AKQ.JT...:",
            b"W:AKQ.JT:",
            b"W:",
            b"W",
            b"",
            b"Q:AK",
            b"W:...:...:...:...:",
            b"W:873.A6.KT864.KQ8:873.A6.KT864.KQ8:96.T54.97.AJ9643:",
            b"W:1.0..:",
        ];
        let mut inputs: Vec<Vec<u8>> = base.iter().map(|b| b.to_vec()).collect();
        for b in base {
            for i in 0..b.len() {
                for c in [b':', b';', b'.', b'x', b'?', b'A', b'2', b'1', b' ', 0xE9] {
                    let mut v = b.to_vec();
                    v[i] = c;
                    inputs.push(v);
                }
                let mut v = b.to_vec();
                v.remove(i);
                inputs.push(v);
                let mut v = b.to_vec();
                v.insert(i, b[i]);
                inputs.push(v);
            }
        }
        let mut usual = 0;
        for v in &inputs {
            if let Some(h) = usual_hands(v) {
                usual += 1;
                assert_eq!(Ok(h), general_hands(v), "{}", String::from_utf8_lossy(v));
            }
        }
        for v in &base[..5] {
            assert!(usual_hands(v).is_some(), "{}", String::from_utf8_lossy(v));
        }
        assert!(
            usual > 200,
            "{usual} of {} inputs on the usual path",
            inputs.len()
        );
    }
}
