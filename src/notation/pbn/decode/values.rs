//! Parsers for PBN tag values (PBN 3.4, 4). Each returns the value or a short
//! reason why the text is not in the form the spec defines.

use smallvec::SmallVec;

use crate::bridge::{Centi, ContractTag, Deal, DeclarerTag, ResultTag, Room, Scoring, SideScore};
use crate::{Bid, Call, Card, CardSet, Contract, Seat, Strain, Suit, Vulnerability};

/// A reason a value did not parse.
pub type Reason = String;

/// Parses a Deal tag: `<first>:<hand> <hand> <hand> <hand>`, hands clockwise from
/// `<first>`, each `S.H.D.C` or `-` for an unknown hand (PBN 3.4.11).
///
/// ```
/// use kibitz::pbn::decode::values::parse_deal;
/// use kibitz::Seat;
/// let d = parse_deal("W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -").unwrap();
/// assert_eq!(d.hands[Seat::West].unwrap().len(), 13);
/// assert!(d.hands[Seat::North].is_none());
/// assert!(parse_deal("W:KQT2.AT.J6542.85  - - -").is_err()); // two spaces
/// assert_eq!(
///     parse_deal("W:KQT2.AT.J6542.85 - - - ").unwrap_err(),
///     "a space follows the fourth hand: the value ends with the hand"
/// );
/// assert_eq!(
///     parse_deal("W: KQT2.AT.J6542.85 - - -").unwrap_err(),
///     "a space stands before the first hand: the hand follows the colon"
/// );
/// ```
pub fn parse_deal(s: &str) -> Result<Deal, Reason> {
    let (first, hands) = s
        .split_once(':')
        .ok_or_else(|| "a deal is `<first>:<hand> <hand> <hand> <hand>`".to_string())?;
    let mut fc = first.chars();
    let first = match (fc.next().and_then(Seat::from_char), fc.next()) {
        (Some(seat), None) => seat,
        _ => {
            return Err(format!(
                "`{first}` before the colon is not a seat (N, E, S, W)"
            ));
        }
    };
    // Split at the spaces by hand: one pass over the bytes (a space is ASCII, so
    // every cut is on a character boundary).
    let mut parts: SmallVec<[&str; 4]> = SmallVec::new();
    let mut from = 0;
    for (k, &b) in hands.as_bytes().iter().enumerate() {
        if b == b' ' {
            parts.push(&hands[from..k]);
            from = k + 1;
        }
    }
    parts.push(&hands[from..]);
    if parts.len() != 4 {
        return Err(
            if parts.len() == 5 && parts[4].is_empty() && parts[..4].iter().all(|p| !p.is_empty()) {
                "a space follows the fourth hand: the value ends with the hand".to_string()
            } else if parts.first().is_some_and(|p| p.is_empty()) && parts.len() == 5 {
                "a space stands before the first hand: the hand follows the colon".to_string()
            } else if parts.iter().any(|p| p.is_empty()) {
                "hands must be separated by exactly one space".to_string()
            } else {
                format!("a deal has 4 hands, this one has {}", parts.len())
            },
        );
    }
    let mut deal = Deal::default();
    for (i, part) in parts.iter().enumerate() {
        let seat = first.add(i);
        if *part == "-" {
            continue;
        }
        if part.is_empty() {
            return Err("hands must be separated by exactly one space".to_string());
        }
        let Some(set) = hand_cards(part.as_bytes(), seat, &mut deal.repeated) else {
            // Malformed: the slower parser says why.
            let e = CardSet::parse_hand_dup(part)
                .err()
                .unwrap_or(crate::bridge::ParseHandError::Suits);
            return Err(format!("hand of {seat} `{part}`: {e}"));
        };
        deal.hands[seat] = Some(set);
    }
    Ok(deal)
}

/// The rank of each byte (either case, `T` for ten), or `None`.
const RANK_OF: [Option<crate::Rank>; 256] = {
    let mut t = [None; 256];
    let mut b = 0;
    while b < 128 {
        t[b] = crate::Rank::from_char(b as u8 as char);
        b += 1;
    }
    t
};

/// The cards of one hand `S.H.D.C` in one pass over its bytes, recording each card
/// written twice in `repeated`; `None` when the hand is malformed (not four suits,
/// or a byte that is not a rank), which [`CardSet::parse_hand_dup`] then explains.
fn hand_cards(
    part: &[u8],
    seat: Seat,
    repeated: &mut SmallVec<[(Seat, Card); 2]>,
) -> Option<CardSet> {
    let mut set = CardSet::EMPTY;
    let mut suit = 0;
    for &b in part {
        if b == b'.' {
            suit += 1;
            if suit == 4 {
                return None;
            }
            continue;
        }
        let card = Card::new(Suit::HAND_ORDER[suit], RANK_OF[usize::from(b)]?);
        if !set.insert(card) {
            repeated.push((seat, card));
        }
    }
    (suit == 3).then_some(set)
}

/// Parses a seat written as one letter, either case.
///
/// ```
/// use kibitz::pbn::decode::values::parse_seat;
/// assert_eq!(parse_seat("w"), Ok(kibitz::Seat::West));
/// assert!(parse_seat("Black").is_err());
/// ```
pub fn parse_seat(s: &str) -> Result<Seat, Reason> {
    let mut c = s.chars();
    match (c.next().and_then(Seat::from_char), c.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(format!("`{s}` is not a seat (N, E, S or W)")),
    }
}

/// A seat written as its English word (`north`, `East`), as some dealing
/// programs write Dealer and Declarer; `None` for anything else (PBN's own
/// letters included).
///
/// ```
/// use kibitz::pbn::decode::values::lenient_seat;
/// use kibitz::Seat;
/// assert_eq!(lenient_seat(b"north"), Some(Seat::North));
/// assert_eq!(lenient_seat(b"West"), Some(Seat::West));
/// assert_eq!(lenient_seat(b"N"), None);
/// assert_eq!(lenient_seat(b"sud"), None);
/// ```
pub fn lenient_seat(raw: &[u8]) -> Option<Seat> {
    Seat::ALL
        .into_iter()
        .find(|s| s.name().as_bytes().eq_ignore_ascii_case(raw.trim_ascii()))
}

/// Parses a Declarer tag: a seat, `^` and a seat, or empty when all passed.
///
/// ```
/// use kibitz::pbn::decode::values::parse_declarer;
/// use kibitz::bridge::DeclarerTag;
/// assert_eq!(parse_declarer("^S"), Ok(DeclarerTag::Seat { seat: kibitz::Seat::South, swapped: true }));
/// assert_eq!(parse_declarer(""), Ok(DeclarerTag::PassedOut));
/// ```
pub fn parse_declarer(s: &str) -> Result<DeclarerTag, Reason> {
    if s.is_empty() {
        return Ok(DeclarerTag::PassedOut);
    }
    let (swapped, rest) = match s.strip_prefix('^') {
        Some(r) => (true, r),
        None => (false, s),
    };
    parse_seat(rest)
        .map(|seat| DeclarerTag::Seat { seat, swapped })
        .map_err(|_| format!("`{s}` is not a declarer (N, E, S, W, or ^ and a seat)"))
}

/// Parses a Contract tag: `Pass`, `<k><denomination><risk>`, or a bare
/// denomination (end positions, PBN 3.10).
///
/// ```
/// use kibitz::pbn::decode::values::parse_contract;
/// use kibitz::bridge::ContractTag;
/// assert_eq!(parse_contract("pass"), Ok(ContractTag::Pass));
/// assert!(matches!(parse_contract("5HX"), Ok(ContractTag::Contract(_))));
/// assert_eq!(parse_contract("NT"), Ok(ContractTag::Strain(kibitz::Strain::NoTrump)));
/// assert!(parse_contract("5Hearts").is_err());
/// ```
pub fn parse_contract(s: &str) -> Result<ContractTag, Reason> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(ContractTag::Pass);
    }
    if let Some(c) = Contract::from_ascii(s.as_bytes()) {
        return Ok(ContractTag::Contract(c));
    }
    if let Some(st) = Strain::from_ascii(s.as_bytes()) {
        return Ok(ContractTag::Strain(st));
    }
    Err(format!(
        "`{s}` is not a contract (Pass, or level 1-7, C D H S NT, and X or XX)"
    ))
}

/// A call in a lenient form that real files use instead of PBN's (Pavlicek's and
/// robot exports): `P` for Pass, `R` for XX, `1N`..`7N` for no trump.
///
/// ```
/// use kibitz::pbn::decode::values::lenient_call;
/// use kibitz::Call;
/// assert_eq!(lenient_call(b"P"), Some(Call::Pass));
/// assert_eq!(lenient_call(b"r"), Some(Call::Redouble));
/// assert_eq!(lenient_call(b"3N"), Some("3NT".parse().unwrap()));
/// assert_eq!(lenient_call(b"8N"), None);
/// assert_eq!(lenient_call(b"1NT"), None); // PBN's own form: not lenient
/// ```
pub fn lenient_call(s: &[u8]) -> Option<Call> {
    match s {
        [b'P' | b'p'] => Some(Call::Pass),
        [b'R' | b'r'] => Some(Call::Redouble),
        [l @ b'1'..=b'7', b'N' | b'n'] => Bid::new(l - b'0', crate::Strain::NoTrump).map(Call::Bid),
        _ => None,
    }
}

/// A card written with `10` for the ten (`H10`, `s10`), as some real files
/// do; PBN's ten is `T` (PBN 3.4.11, 3.6.1). `None` for anything else.
///
/// ```
/// use kibitz::pbn::decode::values::lenient_card;
/// assert_eq!(lenient_card(b"H10").unwrap().to_string(), "HT");
/// assert_eq!(lenient_card(b"HT"), None); // PBN's own form: not lenient
/// assert_eq!(lenient_card(b"H1"), None);
/// ```
pub fn lenient_card(s: &[u8]) -> Option<Card> {
    match s {
        [suit, b'1', b'0'] => Card::from_ascii(&[*suit, b'T']),
        _ => None,
    }
}

/// A Deal tag's value with `10` for the ten (`N:AK10.QJ2...`), read with `T`
/// in its place, and where its first `10` is; `None` when the value has no
/// `10` or is no deal with them read as tens.
///
/// ```
/// use kibitz::pbn::decode::values::lenient_deal;
/// let deal = "N:AK10.QJ2.KQ3.A932 J95.K8743.J2.K54 Q8743.A.A1087.Q86 62.10965.9654.J107";
/// let (d, at) = lenient_deal(deal.as_bytes()).unwrap();
/// assert_eq!(at, 4);
/// let west = d.hands[kibitz::Seat::West].unwrap();
/// assert!(west.contains("HT".parse().unwrap()) && west.len() == 13);
/// assert!(lenient_deal(deal.replace("10", "T").as_bytes()).is_none());
/// assert!(lenient_deal(deal.replace("AK10", "AK10X").as_bytes()).is_none());
/// ```
pub fn lenient_deal(raw: &[u8]) -> Option<(Deal, usize)> {
    let (tens, at) = crate::text::ten_as_t(raw)?;
    let deal = parse_deal(&crate::text::decode(&tens)).ok()?;
    Some((deal, at))
}

/// A Contract tag in a lenient form (`3N`, `4SR`, `6NX`): `N` for NT and `R` for
/// XX; `None` when the value is not one.
///
/// ```
/// use kibitz::pbn::decode::values::lenient_contract;
/// assert_eq!(lenient_contract("6N").unwrap().to_string(), "6NT");
/// assert_eq!(lenient_contract("4sr").unwrap().to_string(), "4SXX");
/// assert_eq!(lenient_contract("3NX").unwrap().to_string(), "3NTX");
/// assert!(lenient_contract("4S").is_none()); // PBN's own form: not lenient
/// assert!(lenient_contract("9N").is_none());
/// ```
pub fn lenient_contract(s: &str) -> Option<Contract> {
    let b = s.as_bytes();
    let (body, redoubled) = match b.split_last() {
        Some((b'R' | b'r', rest)) => (rest, true),
        _ => (b, false),
    };
    let mut fixed: SmallVec<[u8; 8]> = SmallVec::new();
    match body {
        [l, b'N' | b'n', rest @ ..]
            if !rest.first().is_some_and(|c| c.eq_ignore_ascii_case(&b'T')) =>
        {
            fixed.extend_from_slice(&[*l, b'N', b'T']);
            fixed.extend_from_slice(rest);
        }
        _ if redoubled => fixed.extend_from_slice(body),
        _ => return None,
    }
    if redoubled {
        fixed.extend_from_slice(b"XX");
    }
    Contract::from_ascii(&fixed)
}

fn parse_tricks(s: &str) -> Result<u8, Reason> {
    match s.parse::<u8>() {
        Ok(n) if n <= 13 && !s.starts_with('+') => Ok(n),
        _ => Err(format!("`{s}` is not a number of tricks (0-13)")),
    }
}

/// Splits the five side forms: `<v>`, `NS <v>`, `EW <v>`, `NS <v> EW <v>`,
/// `EW <v> NS <v>`. Returns (declarer, ns, ew) texts.
#[allow(clippy::type_complexity)]
fn side_forms(s: &str) -> Result<(Option<&str>, Option<&str>, Option<&str>), Reason> {
    // Import format: any amount of white space between the parts.
    let words: SmallVec<[&str; 4]> = s.split_whitespace().collect();
    let bad = || {
        format!(
            "`{s}` is not one of the forms `<v>`, `NS <v>`, `EW <v>`, `NS <v> EW <v>`, \
             `EW <v> NS <v>`"
        )
    };
    match words.as_slice() {
        [v] => Ok((Some(v), None, None)),
        [side, v] => match *side {
            "NS" => Ok((None, Some(v), None)),
            "EW" => Ok((None, None, Some(v))),
            _ => Err(bad()),
        },
        [a, x, b, y] => match (*a, *b) {
            ("NS", "EW") => Ok((None, Some(x), Some(y))),
            ("EW", "NS") => Ok((None, Some(y), Some(x))),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

fn side_score<T>(
    s: &str,
    parse: impl Fn(&str) -> Result<T, Reason>,
) -> Result<SideScore<T>, Reason> {
    let (d, ns, ew) = side_forms(s)?;
    Ok(SideScore {
        declarer: d.map(&parse).transpose()?,
        ns: ns.map(&parse).transpose()?,
        ew: ew.map(&parse).transpose()?,
    })
}

/// Parses a Result tag: the five side forms with 0..13 tricks, optionally after `^`;
/// empty (`None`) when all passed.
///
/// ```
/// use kibitz::pbn::decode::values::parse_result;
/// let r = parse_result("^NS 9 EW 4").unwrap().unwrap();
/// assert_eq!((r.ns, r.ew, r.agreed_wrong), (Some(9), Some(4), true));
/// assert_eq!(parse_result(""), Ok(None));
/// assert!(parse_result("C-2").is_err());
/// ```
pub fn parse_result(s: &str) -> Result<Option<ResultTag>, Reason> {
    if s.is_empty() {
        return Ok(None);
    }
    let (agreed_wrong, body) = match s.strip_prefix('^') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let sc = side_score(body, parse_tricks)?;
    Ok(Some(ResultTag {
        declarer: sc.declarer,
        ns: sc.ns,
        ew: sc.ew,
        agreed_wrong,
    }))
}

fn parse_int(s: &str) -> Result<i32, Reason> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 7 {
        return Err(format!("`{s}` is not a whole number"));
    }
    s.trim_start_matches('+')
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))
}

/// Parses a Score tag (PBN 4.2.1): the five side forms with whole numbers.
///
/// ```
/// use kibitz::pbn::decode::values::parse_score;
/// assert_eq!(parse_score("NS -100").unwrap().ns, Some(-100));
/// assert_eq!(parse_score("+620").unwrap().declarer, Some(620));
/// assert!(parse_score("10.a").is_err());
/// ```
pub fn parse_score(s: &str) -> Result<SideScore<i32>, Reason> {
    side_score(s, parse_int)
}

/// Parses ScoreIMP, ScoreMP or ScorePercentage: the five side forms with numbers
/// that may have decimals.
///
/// ```
/// use kibitz::pbn::decode::values::parse_decimal_score;
/// use kibitz::bridge::Centi;
/// assert_eq!(parse_decimal_score("EW 3.5").unwrap().ew, Some(Centi(350)));
/// assert!(parse_decimal_score("10. 10").is_err());
/// ```
pub fn parse_decimal_score(s: &str) -> Result<SideScore<Centi>, Reason> {
    side_score(s, |v| {
        Centi::parse(v).ok_or_else(|| format!("`{v}` is not a number"))
    })
}

/// Parses ScorePercentage: as [`parse_decimal_score`], each value 0..100.
///
/// ```
/// use kibitz::pbn::decode::values::parse_percentage;
/// assert!(parse_percentage("NS 51.32").is_ok());
/// assert!(parse_percentage("EW 50. NS 50.0").is_ok());
/// assert!(parse_percentage("0.1000").is_ok());
/// assert!(parse_percentage("-10").is_err());
/// ```
pub fn parse_percentage(s: &str) -> Result<SideScore<Centi>, Reason> {
    side_score(s, |v| match Centi::parse(v) {
        Some(c) if (0..=10_000).contains(&c.0) && !v.starts_with(['+', '-']) => Ok(c),
        _ => Err(format!("`{v}` is not a percentage (0 to 100)")),
    })
}

/// Parses ScoreRubber: the five side forms with `<above>/<below>` values.
///
/// ```
/// use kibitz::pbn::decode::values::parse_rubber;
/// assert!(parse_rubber("NS 50/120").is_ok());
/// assert_eq!(parse_rubber("EW 300/40 NS 50 / 70  ").unwrap().ns, Some((50, 70)));
/// assert!(parse_rubber("a").is_err());
/// ```
pub fn parse_rubber(s: &str) -> Result<SideScore<(u32, u32)>, Reason> {
    // Import format: spaces around the slash are accepted ("NS 50 / 70").
    let mut joined = String::with_capacity(s.len());
    let last = s.matches('/').count();
    for (i, mut part) in s.split('/').enumerate() {
        if i > 0 {
            joined.push('/');
            part = part.trim_start();
        }
        if i < last {
            part = part.trim_end();
        }
        joined.push_str(part);
    }
    let s = joined.as_str();
    side_score(s, |v| {
        let bad = || format!("`{v}` is not `<above>/<below>` with whole numbers");
        let (a, b) = v.split_once('/').ok_or_else(bad)?;
        let num = |x: &str| {
            if x.is_empty() || !x.bytes().all(|b| b.is_ascii_digit()) {
                Err(bad())
            } else {
                x.parse::<u32>().map_err(|_| bad())
            }
        };
        Ok((num(a)?, num(b)?))
    })
}

/// A ScoreRubberHistory value (PBN 2.1 §4.2.6) as far as the vulnerability
/// rests on it: the games of the current rubber each side has won.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RubberHistory {
    /// Games North-South won in the current rubber.
    pub ns_games: u8,
    /// Games East-West won in the current rubber.
    pub ew_games: u8,
    /// Games of the rubber begun, the current one included.
    pub games: u8,
}

impl RubberHistory {
    /// The vulnerability the games won give: a side that has won a game of
    /// the rubber is vulnerable.
    pub fn vulnerability(self) -> Vulnerability {
        match (self.ns_games > 0, self.ew_games > 0) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NorthSouth,
            (false, true) => Vulnerability::EastWest,
            (true, true) => Vulnerability::All,
        }
    }
}

/// Parses ScoreRubberHistory: `NS <history> EW <history>`, each
/// `<above_previous> <above_current>/<below-1> [<below-2> [<below-3>]]` in
/// non-negative integers (spaces around the slash accepted, as in
/// ScoreRubber). The below-the-line scores name the games begun: each but the
/// last is finished, won by the one side with 100 or more; a side with two
/// won has ended the rubber.
///
/// ```
/// use kibitz::pbn::decode::values::parse_rubber_history;
/// use kibitz::Vulnerability;
/// let h = parse_rubber_history("NS 0 0 / 100 0 0 EW 0 0 / 0 100 0").unwrap();
/// assert_eq!((h.ns_games, h.ew_games, h.games), (1, 1, 3));
/// assert_eq!(h.vulnerability(), Vulnerability::All);
/// assert_eq!(parse_rubber_history("NS 0 30/40 EW 50 0/0").unwrap().vulnerability(), Vulnerability::None);
/// assert!(parse_rubber_history("NS 0 0/60 0 EW 0 0/20 0").is_err()); // game 1 unfinished
/// ```
pub fn parse_rubber_history(s: &str) -> Result<RubberHistory, Reason> {
    let spaced = s.replace('/', " / ");
    let mut words = spaced.split_whitespace();
    let form = || {
        "the value is `NS <history> EW <history>`, each history \
                   `<above previous> <above current>/<below game 1> [<game 2> [<game 3>]]`"
            .to_string()
    };
    if words.next() != Some("NS") {
        return Err(form());
    }
    let mut side = |end: Option<&str>| -> Result<SmallVec<[u32; 3]>, Reason> {
        let num = |w: Option<&str>| -> Result<u32, Reason> {
            let w = w.ok_or_else(form)?;
            if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!("`{w}` is not a whole number of points"));
            }
            w.parse::<u32>().map_err(|_| format!("`{w}` is too large"))
        };
        num(words.next())?;
        num(words.next())?;
        if words.next() != Some("/") {
            return Err(form());
        }
        let mut below = SmallVec::new();
        loop {
            match words.next() {
                w if w == end => break,
                w => {
                    if below.len() == 3 {
                        return Err("a rubber has at most 3 games".to_string());
                    }
                    below.push(num(w)?);
                }
            }
        }
        if below.is_empty() {
            return Err(form());
        }
        Ok(below)
    };
    let ns = side(Some("EW"))?;
    let ew = side(None)?;
    if ns.len() != ew.len() {
        return Err(format!(
            "NS's history has {} games and EW's {}",
            ns.len(),
            ew.len()
        ));
    }
    let mut h = RubberHistory {
        games: ns.len() as u8,
        ..RubberHistory::default()
    };
    for (g, (&n, &e)) in ns.iter().zip(&ew).enumerate().take(ns.len() - 1) {
        match (n >= 100, e >= 100) {
            (true, false) => h.ns_games += 1,
            (false, true) => h.ew_games += 1,
            _ => {
                return Err(format!(
                    "game {} is finished (a later game is listed), so one side, and only \
                     one, has 100 or more below the line; NS has {n}, EW {e}",
                    g + 1
                ));
            }
        }
    }
    if h.ns_games == 2 || h.ew_games == 2 {
        return Err("a game follows the end of the rubber (a side had won two games)".to_string());
    }
    Ok(h)
}

/// Parses OptimumScore (PBN 2.1, 4.2.7): `NS <s>`, `EW <s>` or both; the bare form
/// is not allowed.
///
/// ```
/// use kibitz::pbn::decode::values::parse_optimum_score;
/// assert!(parse_optimum_score("NS 620").is_ok());
/// assert!(parse_optimum_score("100").is_err());
/// assert!(parse_optimum_score("EW").is_err());
/// // The message offers only the forms OptimumScore takes.
/// let e = parse_optimum_score("420").unwrap_err();
/// assert!(e.contains("`NS <v>`") && !e.contains("`<v>`"), "{e}");
/// ```
pub fn parse_optimum_score(s: &str) -> Result<SideScore<i32>, Reason> {
    // One message for every form it is not: Score's own would offer `<v>`,
    // which OptimumScore does not take.
    match parse_score(s) {
        Ok(sc) if sc.declarer.is_none() => Ok(sc),
        _ => Err(format!(
            "`{s}` is not one of OptimumScore's forms `NS <v>`, `EW <v>`, `NS <v> EW <v>`, \
             `EW <v> NS <v>` (it names the side)"
        )),
    }
}

/// Parses a Vulnerable tag.
///
/// ```
/// use kibitz::pbn::decode::values::parse_vulnerable;
/// assert_eq!(parse_vulnerable("Both"), Ok(kibitz::Vulnerability::All));
/// assert!(parse_vulnerable("E").is_err());
/// ```
pub fn parse_vulnerable(s: &str) -> Result<crate::Vulnerability, Reason> {
    crate::Vulnerability::from_pbn(s)
        .ok_or_else(|| format!("`{s}` is not a vulnerability (None, Love, -, NS, EW, All, Both)"))
}

/// A Vulnerable value in a form real files write for PBN's (BridgeNZ's
/// `"N-S "`, `"E-W "`, `"Both "`): blanks around it, and the sides written
/// with `-` or `/` between their letters. `None` for PBN's own forms and
/// for anything else.
///
/// ```
/// use kibitz::pbn::decode::values::lenient_vulnerable;
/// use kibitz::Vulnerability;
/// assert_eq!(lenient_vulnerable(b"N-S "), Some(Vulnerability::NorthSouth));
/// assert_eq!(lenient_vulnerable(b"E/W"), Some(Vulnerability::EastWest));
/// assert_eq!(lenient_vulnerable(b" Both "), Some(Vulnerability::All));
/// assert_eq!(lenient_vulnerable(b"NS"), None); // PBN's own form
/// assert_eq!(lenient_vulnerable(b"N-E"), None);
/// ```
pub fn lenient_vulnerable(raw: &[u8]) -> Option<crate::Vulnerability> {
    let t = raw.trim_ascii();
    match t {
        [a, b'-' | b'/', b] => match (a.to_ascii_uppercase(), b.to_ascii_uppercase()) {
            (b'N', b'S') => Some(crate::Vulnerability::NorthSouth),
            (b'E', b'W') => Some(crate::Vulnerability::EastWest),
            _ => None,
        },
        _ if t.len() < raw.len() => crate::Vulnerability::from_pbn(std::str::from_utf8(t).ok()?),
        _ => None,
    }
}

/// Parses the Scoring tag: fields separated by `;` (PBN 3.4.12). The list is
/// open-ended; a field must be non-empty and made of name characters (letters,
/// digits, `_`, `-`).
///
/// ```
/// use kibitz::pbn::decode::values::parse_scoring;
/// use kibitz::bridge::Scoring;
/// assert_eq!(parse_scoring("IMP;OldMP"), Ok(Scoring::IMP | Scoring::OLD_MP));
/// assert!(parse_scoring("IMP;??").is_err());
/// assert!(parse_scoring(";").is_err());
/// ```
pub fn parse_scoring(s: &str) -> Result<Scoring, Reason> {
    let mut flags = Scoring::empty();
    for field in s.split(';') {
        if field.is_empty() {
            return Err(format!("`{s}` has an empty field"));
        }
        if !field
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(format!("field `{field}` is not a scoring name"));
        }
        flags |= scoring_name(field.as_bytes());
    }
    Ok(flags)
}

/// The method one Scoring field names (compared without case), or
/// [`Scoring::OTHER`]: the one table of names for [`parse_scoring`] and the
/// decoder's fast path.
pub(super) fn scoring_name(field: &[u8]) -> Scoring {
    let is = |w: &[u8]| field.eq_ignore_ascii_case(w);
    if is(b"mp") || is(b"matchpoints") || is(b"mp1") || is(b"mp2") || is(b"emp") {
        Scoring::MP
    } else if is(b"imp") {
        Scoring::IMP
    } else if is(b"imp_1948") || is(b"imp_1961") {
        Scoring::IMP | Scoring::OLD_IMP
    } else if is(b"rubber") {
        Scoring::RUBBER
    } else if is(b"chicago") {
        Scoring::CHICAGO
    } else if is(b"bam") {
        Scoring::BAM
    } else if is(b"cavendish") {
        Scoring::CAVENDISH
    } else if is(b"oldmp") {
        Scoring::OLD_MP
    } else if is(b"instant") {
        Scoring::INSTANT
    } else if is(b"butler") || is(b"butler-2") {
        Scoring::BUTLER
    } else {
        Scoring::OTHER
    }
}

/// Parses a Date-like value `YYYY.MM.DD`, `?` standing for unknown digits.
///
/// ```
/// use kibitz::pbn::decode::values::check_date;
/// assert!(check_date("1995.06.10").is_ok());
/// assert!(check_date("1995.??.??").is_ok());
/// assert!(check_date("1995.o6.10").is_err());
/// assert!(check_date("95.06.10").is_err());
/// assert!(check_date("1995.13.01").is_err());
/// ```
pub fn check_date(s: &str) -> Result<(), Reason> {
    let b = s.as_bytes();
    let ok = b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, &c)| i == 4 || i == 7 || c.is_ascii_digit() || c == b'?');
    if !ok {
        return Err(format!("`{s}` is not a date YYYY.MM.DD"));
    }
    let field = |r: std::ops::Range<usize>| std::str::from_utf8(&b[r]).ok()?.parse::<u32>().ok();
    if let Some(m) = field(5..7)
        && !(1..=12).contains(&m)
    {
        return Err(format!("`{s}`: month {m} does not exist"));
    }
    if let Some(d) = field(8..10)
        && !(1..=31).contains(&d)
    {
        return Err(format!("`{s}`: day {d} does not exist"));
    }
    Ok(())
}

/// Checks a Time-like value `HH:MM:SS` (`?` for unknown digits).
///
/// ```
/// use kibitz::pbn::decode::values::check_time;
/// assert!(check_time("22:58:00").is_ok());
/// assert!(check_time("25:00:00").is_err());
/// assert!(check_time("9:00").is_err());
/// ```
pub fn check_time(s: &str) -> Result<(), Reason> {
    let b = s.as_bytes();
    let ok = b.len() == 8
        && b[2] == b':'
        && b[5] == b':'
        && b.iter()
            .enumerate()
            .all(|(i, &c)| i == 2 || i == 5 || c.is_ascii_digit() || c == b'?');
    if !ok {
        return Err(format!("`{s}` is not a time HH:MM:SS"));
    }
    let field = |r: std::ops::Range<usize>| std::str::from_utf8(&b[r]).ok()?.parse::<u32>().ok();
    let limits = [(0..2, 23), (3..5, 59), (6..8, 59)];
    for (r, max) in limits {
        if let Some(v) = field(r)
            && v > max
        {
            return Err(format!("`{s}` is not a time of day"));
        }
    }
    Ok(())
}

/// Parses a Board number: a positive integer.
///
/// ```
/// use kibitz::pbn::decode::values::parse_board;
/// assert_eq!(parse_board("12"), Ok(12));
/// assert!(parse_board("0").is_err());
/// assert!(parse_board("1a").is_err());
/// ```
pub fn parse_board(s: &str) -> Result<u32, Reason> {
    match s.parse::<u32>() {
        Ok(n) if n > 0 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!("`{s}` is not a board number (a positive integer)")),
    }
}

/// Checks a Round value: round indicators of letters, digits and `_`, separated by
/// periods (PBN 4.4.4).
///
/// ```
/// use kibitz::pbn::decode::values::check_round;
/// assert!(check_round("1").is_ok());
/// assert!(check_round("Final.2_a").is_ok());
/// assert!(check_round("&").is_err());
/// assert!(check_round("-1").is_err());
/// ```
pub fn check_round(s: &str) -> Result<(), Reason> {
    if s.split('.').all(|part| {
        !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    }) {
        Ok(())
    } else {
        Err(format!(
            "`{s}` is not a round (letters, digits and _, parts separated by .)"
        ))
    }
}

/// Parses a Room tag: `Open` or `Closed`.
///
/// ```
/// use kibitz::pbn::decode::values::parse_room;
/// assert_eq!(parse_room("Closed"), Ok(kibitz::bridge::Room::Closed));
/// assert!(parse_room("Blue").is_err());
/// ```
pub fn parse_room(s: &str) -> Result<Room, Reason> {
    match s {
        "Open" | "open" => Ok(Room::Open),
        "Closed" | "closed" => Ok(Room::Closed),
        _ => Err(format!("`{s}` is not a room (Open or Closed)")),
    }
}

/// Parses a Note tag value `<index>:<text>` with index 1..32. Returns the index.
///
/// ```
/// use kibitz::pbn::decode::values::parse_note;
/// assert_eq!(parse_note("2:two colors"), Ok(2));
/// assert!(parse_note("33: illegal").is_err());
/// assert!(parse_note("a:").is_err());
/// assert!(parse_note("").is_err());
/// ```
pub fn parse_note(s: &str) -> Result<u8, Reason> {
    let (n, _) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}` is not `<index>:<text>`"))?;
    match n.parse::<u8>() {
        Ok(i) if (1..=32).contains(&i) && n.bytes().all(|b| b.is_ascii_digit()) => Ok(i),
        _ => Err(format!("note index `{n}` is not a number from 1 to 32")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_from_spec_example() {
        // PBN 2.1 section 1.2.
        let d = parse_deal("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")
            .unwrap();
        assert_eq!(
            d.hands[Seat::North].unwrap().to_string(),
            ".63.AKQ987.A9732"
        );
        assert_eq!(d.hands[Seat::East].unwrap().to_string(), "A8654.KQ5.T.QJT6");
        assert_eq!(
            d.hands[Seat::South].unwrap().to_string(),
            "J973.J98742.3.K4"
        );
        assert_eq!(d.hands[Seat::West].unwrap().to_string(), "KQT2.AT.J6542.85");
        assert_eq!(d.known_cards().len(), 52);
        assert!(d.repeated.is_empty());
    }

    #[test]
    fn deal_first_seat_rotates_and_lower_case_is_accepted() {
        // Import format: <first> is free and lower case is allowed (3.4.11, 3.11).
        let d = parse_deal("e:a8654.kq5.t.qjt6 - - -").unwrap();
        assert_eq!(d.hands[Seat::East].unwrap().to_string(), "A8654.KQ5.T.QJT6");
        assert!(d.hands[Seat::North].is_none());
    }

    #[test]
    fn deal_errors() {
        assert!(
            parse_deal("W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4")
                .is_err()
        );
        assert!(parse_deal("X:- - - -").is_err());
        assert!(parse_deal("N:- - -").is_err());
        assert!(parse_deal("N - - - -").is_err());
        assert!(parse_deal("N:A.K.Q - - -").is_err());
    }

    #[test]
    fn deal_repeated_card_in_one_hand() {
        let d = parse_deal("N:AKA.2.3.4 - - -").unwrap();
        assert_eq!(
            d.repeated.as_slice(),
            &[(Seat::North, "SA".parse().unwrap())]
        );
    }

    #[test]
    fn result_forms() {
        assert_eq!(parse_result("9").unwrap().unwrap().declarer, Some(9));
        let r = parse_result("EW 4 NS 9").unwrap().unwrap();
        assert_eq!((r.ns, r.ew), (Some(9), Some(4)));
        assert!(parse_result("14").is_err());
        assert!(parse_result("NS 9 NS 4").is_err());
        assert!(parse_result("+9").is_err());
    }

    #[test]
    fn score_forms_from_verifier_cases() {
        for bad in ["a", "10.a", "10.-10", "10. 10"] {
            assert!(parse_score(bad).is_err(), "{bad}");
            assert!(parse_decimal_score(bad).is_err(), "{bad}");
            assert!(parse_percentage(bad).is_err(), "{bad}");
            assert!(parse_rubber(bad).is_err(), "{bad}");
        }
        let s = parse_score("NS 620 EW -620").unwrap();
        assert_eq!((s.ns, s.ew), (Some(620), Some(-620)));
    }

    #[test]
    fn contract_and_declarer() {
        assert!(parse_contract("5NoTrump").is_err());
        assert!(parse_contract("1CXXX").is_err());
        assert!(parse_declarer("White").is_err());
        assert!(parse_declarer("^").is_err());
    }
}
