//! The deal: 52 distinct cards, 13 to a hand, or an end position with equal hands
//! (PBN 3.4.11, 3.10; `shared/reference/bridge.md`, "Deal").

use crate::bridge::fault::{Fault, HandSizeFault};
use crate::bridge::{At, Deal};
use smallvec::SmallVec;

use crate::{BySeat, CardSet, Pos, Seat};

/// What the play replay may take from the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// Each seat's cards at the start, if known. In a full deal of which three
    /// hands are given, the fourth is the 13 cards the others do not hold.
    pub hands: BySeat<Option<CardSet>>,
    /// Cards in each hand at the start: 13, or fewer in an end position.
    pub size: u8,
    /// No card held twice and no hand of the wrong size: the play can be replayed
    /// against these hands.
    pub consistent: bool,
    /// Every known hand holds fewer than 13 cards (PBN 3.10).
    pub end_position: bool,
}

impl Hands {
    /// Nothing known: a record without a Deal tag.
    pub const UNKNOWN: Hands = Hands {
        hands: BySeat { values: [None; 4] },
        size: 13,
        consistent: true,
        end_position: false,
    };
}

/// Checks the deal and returns the hands for the play. `has_play`: the record has
/// a play section (an end position then needs equal hands).
///
/// ```
/// use kibitz::bridge::{At, deal};
/// use kibitz::pbn::decode::values::parse_deal;
/// use kibitz::{Pos, Seat};
/// let d = parse_deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432").unwrap();
/// let mut faults = Vec::new();
/// let hands = deal::check(Some(&At::new(d, Pos::new(1, 7))), true, &mut |f| faults.push(f));
/// assert!(faults.is_empty() && hands.consistent);
/// ```
pub fn check(deal: Option<&At<Deal>>, has_play: bool, report: &mut dyn FnMut(Fault)) -> Hands {
    let Some(At { value: deal, pos }) = deal else {
        return Hands::UNKNOWN;
    };
    if let Some(full) = full_deal(deal) {
        return full;
    }
    checked(deal, *pos, has_play, report)
}

/// Every check of [`check`], for any deal.
fn checked(deal: &Deal, pos: Pos, has_play: bool, report: &mut dyn FnMut(Fault)) -> Hands {
    let hands = deal.hands;
    // Every card held twice, in one finding: a card written twice in one hand,
    // or given to two hands.
    let mut groups = SmallVec::new();
    for seat in Seat::ALL {
        let cards: CardSet = deal
            .repeated
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|&(_, c)| c)
            .collect();
        if !cards.is_empty() {
            groups.push((cards, seat, seat));
        }
    }
    for (i, a) in Seat::ALL.into_iter().enumerate() {
        for b in Seat::ALL.into_iter().skip(i + 1) {
            if let (Some(ha), Some(hb)) = (hands[a], hands[b])
                && !(ha & hb).is_empty()
            {
                groups.push((ha & hb, a, b));
            }
        }
    }
    let mut consistent = groups.is_empty();
    if !consistent {
        report(Fault::DuplicateCard { pos, groups });
    }
    let known: SmallVec<[(Seat, usize); 4]> = Seat::ALL
        .into_iter()
        .filter_map(|s| hands[s].map(|h| (s, h.len())))
        .collect();
    if known.is_empty() {
        report(Fault::NoHand { pos });
        return Hands::UNKNOWN;
    }
    if consistent {
        consistent = sizes(&known, has_play, pos, report);
    }
    let max = known.iter().map(|&(_, n)| n).max().unwrap_or(13);
    let end_position = max < 13;
    let mut hands = hands;
    if consistent && !end_position {
        infer_fourth(&mut hands);
    }
    Hands {
        hands,
        size: max.min(13) as u8,
        consistent,
        end_position,
    }
}

/// The common case at a glance: four hands of 13 that together hold the whole
/// deck, no card written twice. Anything else (`None`) takes the checks of
/// [`check`], which find the same hands for such a deal.
fn full_deal(deal: &Deal) -> Option<Hands> {
    let [Some(n), Some(e), Some(s), Some(w)] = deal.hands.values else {
        return None;
    };
    let full = deal.repeated.is_empty()
        && [n, e, s, w].iter().all(|h| h.len() == 13)
        && (n | e | s | w) == CardSet::FULL;
    full.then_some(Hands {
        hands: deal.hands,
        size: 13,
        consistent: true,
        end_position: false,
    })
}

/// Checks hand sizes (`known`: seat and size of every given hand); true if fine.
fn sizes(known: &[(Seat, usize)], has_play: bool, pos: Pos, report: &mut dyn FnMut(Fault)) -> bool {
    let mut ok = true;
    for &(seat, len) in known {
        if len > 13 {
            ok = false;
            report(Fault::HandSize {
                pos,
                fault: HandSizeFault::TooMany { seat, len },
            });
        }
    }
    if let Some(&(full, _)) = known.iter().find(|(_, n)| *n == 13) {
        // A full deal: every given hand holds 13 (a short hand is a fault of
        // its own beside one that holds too many).
        for &(seat, len) in known {
            if len < 13 {
                ok = false;
                report(Fault::HandSize {
                    pos,
                    fault: HandSizeFault::Short { seat, len, full },
                });
            }
        }
    } else if has_play && ok {
        // An end position with play: the hands are equal (not asked of a
        // deal with a hand over 13, which is no end position).
        let (first, first_len) = known[0];
        if let Some(&(seat, len)) = known.iter().find(|(_, n)| *n != first_len) {
            ok = false;
            report(Fault::HandSize {
                pos,
                fault: HandSizeFault::Unequal {
                    seat: first,
                    len: first_len,
                    other: seat,
                    other_len: len,
                },
            });
        }
    }
    ok
}

/// Three full hands given and one unknown: the fourth holds the rest.
fn infer_fourth(hands: &mut BySeat<Option<CardSet>>) {
    let mut unknown = Seat::ALL.into_iter().filter(|&s| hands[s].is_none());
    if let (Some(seat), None) = (unknown.next(), unknown.next()) {
        let rest = Seat::ALL
            .into_iter()
            .filter_map(|s| hands[s])
            .fold(CardSet::FULL, |acc, h| acc - h);
        if rest.len() == 13 {
            hands[seat] = Some(rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::decode::values::parse_deal;

    fn run(deal: &str, has_play: bool) -> (Hands, Vec<Fault>) {
        let d = parse_deal(deal).unwrap();
        let mut v = Vec::new();
        let h = check(Some(&At::new(d, Pos::new(1, 1))), has_play, &mut |f| {
            v.push(f)
        });
        (h, v)
    }

    #[test]
    fn card_held_twice_names_both_seats() {
        // North has SK and so does West (PBN verifier errors_10 game 12).
        let (h, v) = run(
            "W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            false,
        );
        assert!(!h.consistent);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "SK is held twice: by North and by West");
        // A hand copied into another: one finding listing every pair.
        let (_, v) = run("N:AK.Q.J.T AK.Q.J.9 AK.Q.J.8 -", false);
        assert_eq!(
            v.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "SA, SK, HQ, DJ are held twice: by North and by East; SA, SK, HQ, DJ are held twice: by North and by South; SA, SK, HQ, DJ are held twice: by East and by South"
            ]
        );
    }

    #[test]
    fn card_written_twice_in_one_hand() {
        let (_, v) = run("N:AKA.2.3.4 - - -", false);
        assert_eq!(v[0].to_string(), "SA is written twice in North's hand");
    }

    #[test]
    fn hand_sizes() {
        // West 14, North 12 (North's SK written in West's hand): both are
        // reported, the short hand beside East's 13 too.
        let (_, v) = run(
            "W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
            false,
        );
        assert_eq!(
            v.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "West holds 14 cards; a hand holds at most 13",
                "North holds 12 cards while East holds 13: in a full deal every hand holds 13"
            ]
        );
        // A hand over 13 and no hand of 13: no full deal, and no end
        // position whose sizes could be compared, even with play.
        let (_, v) = run("N:AKQJT98765432.A.. .K.. - -", true);
        assert_eq!(
            v.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["North holds 14 cards; a hand holds at most 13"]
        );
        // West 12 beside an East of 13, two hands unknown.
        let (_, v) = run("W:QT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", false);
        assert_eq!(
            v[0].to_string(),
            "West holds 12 cards while East holds 13: in a full deal every hand holds 13"
        );
        // End positions: unequal hands only matter with play.
        let (h, v) = run("N:AK... Q... - -", false);
        assert!(v.is_empty() && h.end_position && h.size == 2);
        let (_, v) = run("N:AK... Q... - -", true);
        assert_eq!(v.len(), 1);
    }

    #[test]
    fn no_hand_is_a_warning() {
        let (h, v) = run("W:- - - -", false);
        assert_eq!(
            v,
            [Fault::NoHand {
                pos: Pos::new(1, 1)
            }]
        );
        assert_eq!(h, Hands::UNKNOWN);
    }

    #[test]
    fn a_full_deal_is_seen_at_a_glance() {
        let full = [
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
            "W:KQT2.AT.J6542.85 A.63.AKQ987.A973 J8654.KQ5.T.QJT6 973.J98742.3.K42",
        ];
        for text in full {
            let d = parse_deal(text).unwrap();
            let fast = full_deal(&d).expect("a full deal");
            assert_eq!(fast.hands, d.hands);
            assert_eq!(
                (fast.size, fast.consistent, fast.end_position),
                (13, true, false)
            );
            let slow = checked(&d, Pos::new(1, 1), true, &mut |f| panic!("{f}"));
            assert_eq!(fast, slow);
        }
        // Each of these needs the general checks: a hand unknown, a card held
        // twice (and another missing), 14 and 12 cards, a card written twice.
        for text in [
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -",
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432",
            "N:AKQJ2.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 .5432.5432.5432",
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 22.5432.5432.543",
        ] {
            assert_eq!(full_deal(&parse_deal(text).unwrap()), None, "{text}");
        }
        let (h, v) = run(
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432",
            true,
        );
        assert!(!h.consistent);
        assert_eq!(v[0].to_string(), "SA is held twice: by North and by West");
    }

    #[test]
    fn fourth_hand_is_inferred() {
        let (h, v) = run(
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -",
            true,
        );
        assert!(v.is_empty());
        assert_eq!(h.hands[Seat::West].unwrap().to_string(), "2.5432.5432.5432");
    }
}
