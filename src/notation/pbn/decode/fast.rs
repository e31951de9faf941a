//! Fast paths for the tag values nearly every record carries, read from the raw
//! bytes without turning them into text first.
//!
//! Each function answers only for the common, well-formed spelling of a value and
//! then returns exactly what the general parser of [`super::values`] returns for
//! the decoded text; for anything else (a malformed value, a rare form, a byte
//! that is not ASCII) it returns `None` and the caller takes the general path,
//! which also explains what is wrong. `tests::fast_paths_agree_with_general_parsers`
//! holds each one to that.

use crate::bridge::{ContractTag, Deal, DeclarerTag, ResultTag, Room, Scoring, SideScore};
use crate::{Bid, CardSet, Contract, Risk, Seat, Strain, Vulnerability};

/// A Board number: 1 to 9 ASCII digits, not zero.
pub(super) fn board(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 {
        return None;
    }
    let mut n: u32 = 0;
    for &c in b {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(c - b'0');
    }
    (n > 0).then_some(n)
}

/// A seat letter, either case.
pub(super) fn seat(b: &[u8]) -> Option<Seat> {
    match b {
        [c] => Seat::from_char(char::from(*c)),
        _ => None,
    }
}

/// A Vulnerable value.
pub(super) fn vulnerable(b: &[u8]) -> Option<Vulnerability> {
    Vulnerability::from_ascii(b)
}

/// A Declarer value: empty, a seat, or `^` and a seat.
pub(super) fn declarer(b: &[u8]) -> Option<DeclarerTag> {
    match b {
        [] => Some(DeclarerTag::PassedOut),
        [b'^', s] => Some(DeclarerTag::Seat {
            seat: seat(&[*s])?,
            swapped: true,
        }),
        _ => Some(DeclarerTag::Seat {
            seat: seat(b)?,
            swapped: false,
        }),
    }
}

/// A Contract value: `Pass`, a contract, or a denomination.
pub(super) fn contract(b: &[u8]) -> Option<ContractTag> {
    // The common `<level><strain><risk>`, read at once.
    let lower = |c: u8| c | 0x20;
    if let [l @ b'1'..=b'7', rest @ ..] = b {
        let (strain, risk) = match rest {
            [c, risk @ ..] if lower(*c) == b'c' => (Strain::Clubs, risk),
            [c, risk @ ..] if lower(*c) == b'd' => (Strain::Diamonds, risk),
            [c, risk @ ..] if lower(*c) == b'h' => (Strain::Hearts, risk),
            [n, t, risk @ ..] if lower(*n) == b'n' && lower(*t) == b't' => (Strain::NoTrump, risk),
            [c, risk @ ..] if lower(*c) == b's' => (Strain::Spades, risk),
            _ => return None,
        };
        let risk = match risk {
            [] => Risk::Undoubled,
            [x] if lower(*x) == b'x' => Risk::Doubled,
            [x, y] if lower(*x) == b'x' && lower(*y) == b'x' => Risk::Redoubled,
            _ => return None,
        };
        let bid = Bid::new(l - b'0', strain)?;
        return Some(ContractTag::Contract(Contract { bid, risk }));
    }
    if b.eq_ignore_ascii_case(b"pass") {
        Some(ContractTag::Pass)
    } else if let Some(c) = Contract::from_ascii(b) {
        Some(ContractTag::Contract(c))
    } else {
        Strain::from_ascii(b).map(ContractTag::Strain)
    }
}

/// A Room value.
pub(super) fn room(b: &[u8]) -> Option<Room> {
    match b {
        b"Open" | b"open" => Some(Room::Open),
        b"Closed" | b"closed" => Some(Room::Closed),
        _ => None,
    }
}

/// Whether `b` is a well-formed date `YYYY.MM.DD` (digits, or `?` for unknown).
pub(super) fn date_ok(b: &[u8]) -> bool {
    let [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = *b else {
        return false;
    };
    let digit_or_unknown = |c: u8| c.is_ascii_digit() || c == b'?';
    if !(digit_or_unknown(y0)
        && digit_or_unknown(y1)
        && digit_or_unknown(y2)
        && digit_or_unknown(y3)
        && digit_or_unknown(m0)
        && digit_or_unknown(m1)
        && digit_or_unknown(d0)
        && digit_or_unknown(d1))
    {
        return false;
    }
    // A field with a `?` is not checked; a numeric one must be in range.
    let field = |a: u8, b: u8| {
        (a.is_ascii_digit() && b.is_ascii_digit()).then(|| (a - b'0') * 10 + (b - b'0'))
    };
    field(m0, m1).is_none_or(|m| (1..=12).contains(&m))
        && field(d0, d1).is_none_or(|d| (1..=31).contains(&d))
}

/// Whether `b` is a well-formed Round: parts of ASCII letters, digits and `_`
/// separated by single periods.
pub(super) fn round_ok(b: &[u8]) -> bool {
    b.split(|&c| c == b'.').all(|part| {
        !part.is_empty() && part.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    })
}

/// A Scoring value: `;`-separated names, each made of ASCII letters, digits, `_`
/// and `-`.
pub(super) fn scoring(b: &[u8]) -> Option<Scoring> {
    let mut flags = Scoring::empty();
    for field in b.split(|&c| c == b';') {
        if field.is_empty()
            || !field
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
        {
            return None;
        }
        flags |= super::values::scoring_name(field);
    }
    Some(flags)
}

/// The side forms `<v>`, `NS <v>`, `EW <v>`, `NS <v> EW <v>`, `EW <v> NS <v>`
/// with single spaces, each value read by `value` (which takes no space).
fn side_score<T>(b: &[u8], value: impl Fn(&[u8]) -> Option<T>) -> Option<SideScore<T>> {
    let mut score = SideScore {
        declarer: None,
        ns: None,
        ew: None,
    };
    let Some((first, rest)) = side(b) else {
        score.declarer = Some(value(b)?);
        return Some(score);
    };
    let (v, more) = match rest.iter().position(|&c| c == b' ') {
        Some(k) => (&rest[..k], Some(&rest[k + 1..])),
        None => (rest, None),
    };
    *slot(&mut score, first) = Some(value(v)?);
    if let Some(more) = more {
        let (second, v) = side(more)?;
        if second == first {
            return None;
        }
        *slot(&mut score, second) = Some(value(v)?);
    }
    Some(score)
}

/// The NS (`ns`) or EW score of `score`.
fn slot<T>(score: &mut SideScore<T>, ns: bool) -> &mut Option<T> {
    if ns { &mut score.ns } else { &mut score.ew }
}

/// `NS ` or `EW ` at the start of `b`: whether it is NS, and what follows.
fn side(b: &[u8]) -> Option<(bool, &[u8])> {
    match b {
        [b'N', b'S', b' ', rest @ ..] => Some((true, rest)),
        [b'E', b'W', b' ', rest @ ..] => Some((false, rest)),
        _ => None,
    }
}

/// A Result value: the side forms with 0 to 13 tricks (one or two digits),
/// optionally after `^`; empty when all passed.
pub(super) fn result(b: &[u8]) -> Option<Option<ResultTag>> {
    if b.is_empty() {
        return Some(None);
    }
    let (agreed_wrong, body) = match b.split_first() {
        Some((b'^', rest)) => (true, rest),
        _ => (false, b),
    };
    let tricks = |v: &[u8]| match *v {
        [d] if d.is_ascii_digit() => Some(d - b'0'),
        [d0, d1] if d0.is_ascii_digit() && d1.is_ascii_digit() => {
            Some((d0 - b'0') * 10 + (d1 - b'0')).filter(|&n| n <= 13)
        }
        _ => None,
    };
    let sc = side_score(body, tricks)?;
    Some(Some(ResultTag {
        declarer: sc.declarer,
        ns: sc.ns,
        ew: sc.ew,
        agreed_wrong,
    }))
}

/// A Score value: the side forms with whole numbers of 1 to 7 digits, optionally
/// after `-` or `+`.
pub(super) fn score(b: &[u8]) -> Option<SideScore<i32>> {
    side_score(b, |v| {
        let (neg, digits) = match v.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, v),
        };
        if digits.is_empty() || digits.len() > 7 {
            return None;
        }
        let mut n: i32 = 0;
        for &c in digits {
            if !c.is_ascii_digit() {
                return None;
            }
            n = n * 10 + i32::from(c - b'0');
        }
        Some(if neg { -n } else { n })
    })
}

/// A Deal value `<first>:<hand> <hand> <hand> <hand>`, each hand `S.H.D.C` or
/// `-`; `None` for any other form, and for a card written twice in a hand
/// (the general parser records those).
pub(super) fn deal(b: &[u8]) -> Option<Deal> {
    let [f, b':', hands @ ..] = b else {
        return None;
    };
    let first = seat(&[*f])?;
    let mut deal = Deal::default();
    // All the cards, and how many were written.
    let (mut all, mut written) = (0u64, 0);
    let mut take = |i: usize, part: &[u8]| -> Option<()> {
        let (set, n) = CardSet::from_dotted(part)?;
        all |= set.0;
        written += n;
        deal.hands[first.add(i)] = Some(set);
        Some(())
    };
    if hands.len() == 67
        && let ([h0 @ .., b' '], [h1 @ .., b' '], [h2 @ .., b' '], h3) =
            (&hands[..17], &hands[17..34], &hands[34..51], &hands[51..])
    {
        // The usual Deal: four hands of 13 cards, 16 bytes each with their
        // dots, read at fixed places (the loop over each hand's bytes is then
        // unrolled).
        for (i, part) in [h0, h1, h2, h3].into_iter().enumerate() {
            take(i, part)?;
        }
    } else {
        // Hands are separated by one space; the fourth ends the value.
        let mut parts = hands.split(|&c| c == b' ');
        for i in 0..4 {
            match parts.next()? {
                b"-" => {}
                part => take(i, part)?,
            }
        }
        if parts.next().is_some() {
            return None;
        }
    }
    // Fewer cards than written: a byte that is no rank, or a card written twice
    // in a hand (or held by two hands; the general parser reads that the same
    // way, only slower).
    (all.count_ones() as usize == written).then_some(deal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::decode::values;
    use crate::text::decode;

    /// Values in the common forms (taken by the fast paths) and in forms that must
    /// go the general way: malformed, rare spellings, non-ASCII bytes.
    const VALUES: &[&[u8]] = &[
        b"",
        b"?",
        b"0",
        b"1",
        b"7",
        b"13",
        b"14",
        b"007",
        b"+5",
        b"-5",
        b"-0",
        b"123456789",
        b"1234567890",
        b"4294967296",
        b"12a",
        b"N",
        b"e",
        b"x",
        b"NS",
        b"EW",
        b"ns",
        b"None",
        b"love",
        b"-",
        b"Both",
        b"All",
        b"E",
        b"^S",
        b"^",
        b"^^S",
        b"White",
        b"Pass",
        b"pass",
        b"PASS",
        b"4S",
        b"3ntxx",
        b"5HX",
        b"1CXXX",
        b"7NTxX",
        b"1sXx",
        b"1dx",
        b"8C",
        b"0C",
        b"1NX",
        b"2NTX ",
        b"2N T",
        b"NT",
        b"nt",
        b"N",
        b"3N",
        b"Open",
        b"closed",
        b"Blue",
        b"1995.06.10",
        b"1995.??.??",
        b"1995.13.01",
        b"1995.00.10",
        b"1995.06.32",
        b"1995.06.00",
        b"1995.o6.10",
        b"95.06.10",
        b"1995.06.1?",
        b"1",
        b"Final.2_a",
        b"a..b",
        b".a",
        b"&",
        b"-1",
        b"R\xe9",
        b"IMP",
        b"MP;OldMP",
        b"IMP_1948",
        b"Butler-2",
        b"imp;",
        b";",
        b"IMP;??",
        b"Cross\xe9",
        b"9",
        b"^9",
        b"NS 9",
        b"EW 4",
        b"NS 9 EW 4",
        b"EW 4 NS 9",
        b"NS 9 NS 4",
        b"NS 9  EW 4",
        b"NS  9",
        b" 9",
        b"9 ",
        b"NS\t9",
        b"NS\x0b9",
        b"NS\xa09",
        b"NS 9 EW",
        b"NS 9 EW 4 X",
        b"NS -100",
        b"+620",
        b"NS +620",
        b"++620",
        b"+-620",
        b"+",
        b"-",
        b"620",
        b"-620",
        b"NS 620 EW -620",
        b"10.a",
        b"12345678",
        b"-1234567",
        b"--5",
        b"-+5",
        b"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85",
        b"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -",
        b"W:KQT2.AT.J6542.85  - - -",
        b"W:KQT2.AT.J6542.85 - - - ",
        b"W:KQT2.AT.J6542.85 - - - -",
        b"W:KQT2.AT.J6542.85 - -",
        b"e:a8654.kq5.t.qjt6 - - -",
        b"N:AKA.2.3.4 - - -",
        b"N:AK.Q - - -",
        b"N:A.K.Q.J.T - - -",
        b"N:AX.K.Q.J - - -",
        b"N:A\xe9.K.Q.J - - -",
        b"N:... - - -",
        b"N:A... A... - -",
        b"N:AK.QJ.T9.87 A... - -",
        b"N:-- - - -",
        b"X:- - - -",
        b"N - - - -",
        b"NN:- - - -",
        b"N:A:K.Q.J.T - - -",
    ];

    #[test]
    fn fast_paths_agree_with_general_parsers() {
        let mut taken = 0;
        for &raw in VALUES {
            let text = decode(raw);
            let t: &str = &text;
            let mut check = |name: &str, agrees: Option<bool>| {
                if let Some(agrees) = agrees {
                    taken += 1;
                    assert!(agrees, "{name} {t:?}");
                }
            };
            check("board", board(raw).map(|v| values::parse_board(t) == Ok(v)));
            check("seat", seat(raw).map(|v| values::parse_seat(t) == Ok(v)));
            check(
                "vulnerable",
                vulnerable(raw).map(|v| values::parse_vulnerable(t) == Ok(v)),
            );
            check(
                "declarer",
                declarer(raw).map(|v| values::parse_declarer(t) == Ok(v)),
            );
            check(
                "contract",
                contract(raw).map(|v| values::parse_contract(t) == Ok(v)),
            );
            check("room", room(raw).map(|v| values::parse_room(t) == Ok(v)));
            check(
                "scoring",
                scoring(raw).map(|v| values::parse_scoring(t) == Ok(v)),
            );
            check(
                "result",
                result(raw).map(|v| values::parse_result(t) == Ok(v)),
            );
            check("score", score(raw).map(|v| values::parse_score(t) == Ok(v)));
            check("deal", deal(raw).map(|v| values::parse_deal(t) == Ok(v)));
            check("date", date_ok(raw).then(|| values::check_date(t).is_ok()));
            check(
                "round",
                round_ok(raw).then(|| values::check_round(t).is_ok()),
            );
            // A value the general path accepts as a date or round is one the fast
            // check accepts too (so `false` only ever costs time).
            assert_eq!(date_ok(raw), values::check_date(t).is_ok(), "date {t:?}");
            assert_eq!(round_ok(raw), values::check_round(t).is_ok(), "round {t:?}");
        }
        assert!(taken > 60, "only {taken} fast answers");
    }

    /// Random deals, whole and with one byte deleted, inserted, replaced or
    /// swapped: every deal the fast path reads, the general parser reads the
    /// same way, and every whole deal is read.
    #[test]
    fn deal_agrees_with_the_general_parser_on_mutated_deals() {
        let mut rng = crate::xorshift::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| rng.below(n);
        let alphabet = b"AKQJT92akt.- x:\xe9";
        let (mut read, mut mutants_read) = (0, 0);
        for round in 0..3000 {
            let mut deck: Vec<usize> = (0..52).collect();
            for i in (1..52).rev() {
                deck.swap(i, next(i + 1));
            }
            let mut text = vec![b"NESW"[next(4)], b':'];
            for h in 0..4 {
                if h > 0 {
                    text.push(b' ');
                }
                if round % 7 == h {
                    text.push(b'-');
                    continue;
                }
                let mut cards = deck[13 * h..13 * h + 13].to_vec();
                cards.sort_by(|a, b| b.cmp(a));
                // Card index = suit * 13 + rank, suits C D H S, ranks 2 .. A.
                for suit in (0..4).rev() {
                    text.extend(
                        cards
                            .iter()
                            .filter(|&&c| c / 13 == suit)
                            .map(|&c| b"23456789TJQKA"[c % 13]),
                    );
                    if suit > 0 {
                        text.push(b'.');
                    }
                }
            }
            let whole = deal(&text).expect("a whole deal is read");
            assert_eq!(values::parse_deal(&decode(&text)), Ok(whole));
            read += 1;
            let mut mutant = text.clone();
            let i = next(text.len());
            match round % 4 {
                0 => {
                    mutant.remove(i);
                }
                1 => mutant.insert(i, alphabet[next(alphabet.len())]),
                2 => mutant[i] = alphabet[next(alphabet.len())],
                _ => mutant.swap(i, next(text.len())),
            }
            if let Some(d) = deal(&mutant) {
                let t = decode(&mutant);
                assert_eq!(values::parse_deal(&t), Ok(d), "{t:?}");
                mutants_read += 1;
            }
        }
        assert_eq!(read, 3000);
        // Deleting a rank or swapping two bytes of a suit often leaves a deal.
        assert!(mutants_read > 300, "only {mutants_read} mutants read");
    }

    #[test]
    fn fast_paths_answer_the_common_forms() {
        assert_eq!(board(b"12"), Some(12));
        assert_eq!(board(b"0"), None);
        assert_eq!(
            declarer(b"^S").unwrap(),
            DeclarerTag::Seat {
                seat: Seat::South,
                swapped: true
            }
        );
        assert_eq!(vulnerable(b"Both"), Some(Vulnerability::All));
        let r = result(b"^NS 9 EW 4").unwrap().unwrap();
        assert_eq!(
            (r.ns, r.ew, r.declarer, r.agreed_wrong),
            (Some(9), Some(4), None, true)
        );
        assert_eq!(result(b""), Some(None));
        assert_eq!(result(b"14"), None);
        assert_eq!(score(b"NS -100").unwrap().ns, Some(-100));
        assert_eq!(score(b"NS  -100"), None); // two spaces: the general way
        let d = deal(b"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -").unwrap();
        assert_eq!(d.hands[Seat::West].unwrap().to_string(), "KQT2.AT.J6542.85");
        assert_eq!(d.hands[Seat::East].unwrap().to_string(), "A8654.KQ5.T.QJT6");
        assert!(d.hands[Seat::North].is_none() && d.hands[Seat::South].is_none());
        assert_eq!(deal(b"N:AKA.2.3.4 - - -"), None); // a repeat: the general way
        assert!(date_ok(b"1995.06.10") && !date_ok(b"1995.13.10"));
        assert!(round_ok(b"Final.2_a") && !round_ok(b"a..b"));
        assert_eq!(scoring(b"IMP;OldMP"), Some(Scoring::IMP | Scoring::OLD_MP));
    }
}
