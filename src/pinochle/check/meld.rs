//! The trump suit, the Melds tag and MeldScores.

use super::super::{
    ByTeam, Cards, Fault, Hand, Options, STANDARD_MELDS, Trump, has_marriage, meld_value, value,
};
use super::Out;
use crate::{BySeat, Seat, Suit};

/// Checks that the declarer holds a marriage in trump (or none at all for `-`).
pub(super) fn check_trump(h: &Hand, declarer: Seat, hands: &BySeat<Cards>, out: &mut Out) {
    let Some(at) = h.trump.as_ref() else { return };
    let Some(&trump) = at.value.value() else {
        return;
    };
    let held = hands[declarer];
    let fault = match trump {
        Trump::Suit(s) => (!has_marriage(held, s)).then_some(None),
        Trump::NoMarriage => Suit::ALL
            .into_iter()
            .find(|&s| has_marriage(held, s))
            .map(Some),
    };
    if let Some(marriage) = fault {
        out(
            Fault::TrumpMarriage {
                declarer,
                trump,
                marriage,
            },
            at.pos,
        );
    }
}

/// Checks each player's meld; returns each team's meld before the minimum (the
/// correct value of the cards listed), or `None` when the Melds tag is absent
/// or incomplete.
pub(super) fn check_melds(
    h: &Hand,
    trump: Trump,
    hands: Option<&BySeat<Cards>>,
    out: &mut Out,
) -> Option<ByTeam<u32>> {
    let melds = value(&h.melds)?;
    let mut teams = ByTeam::new(0, 0);
    let mut complete = true;
    for seat in Seat::ALL {
        let Some(at) = melds.players[seat].as_ref() else {
            complete = false;
            continue;
        };
        let e = &at.value;
        let m = meld_value(e.cards, trump.suit(), &STANDARD_MELDS);
        teams[seat.side()] += m.points;
        if let Some(hand) = hands {
            let hand = hand[seat];
            let missing = e.cards.difference(hand);
            if !missing.is_empty() {
                out(Fault::MeldHeld { seat, missing }, at.pos);
            } else {
                let best = meld_value(hand, trump.suit(), &STANDARD_MELDS).points;
                if m.points < best {
                    out(
                        Fault::MeldLess {
                            seat,
                            melded: m.points,
                            best,
                        },
                        at.pos,
                    );
                }
            }
        }
        if let Some(p) = e.points
            && p.value != m.points
        {
            out(
                Fault::MeldPoints {
                    seat,
                    written: p.value,
                    value: m.points,
                },
                p.pos,
            );
        }
        let idle = e.cards.difference(m.used);
        if !idle.is_empty() {
            out(Fault::MeldIdle { seat, idle }, at.pos);
        }
    }
    complete.then_some(teams)
}

/// A team's meld after the minimum.
pub(super) fn counted(raw: u32, opts: &Options) -> i32 {
    if raw < opts.meld_minimum {
        0
    } else {
        raw as i32
    }
}

/// Checks MeldScores against the team melds.
pub(super) fn check_meld_scores(h: &Hand, raw: ByTeam<u32>, opts: &Options, out: &mut Out) {
    let expected = raw.map(|r| counted(r, opts));
    if let Some(at) = h.meld_scores.as_ref()
        && let Some(&written) = at.value.value()
        && written != expected
    {
        out(Fault::MeldScores { written, expected }, at.pos);
    }
}
