//! The Deal tag, the Holding after an exchange, and the dealer's rotation.

use super::super::{Cards, Fault, Hand, Holdings, value};
use super::Out;
use crate::{BySeat, Pos, Seat};

/// Checks the dealt cards; returns the four hands when they are a proper deal
/// (four copies of every card, 20 each) so the play can be replayed on them.
pub(super) fn check_deal(h: &Hand, dealer: Option<Seat>, out: &mut Out) -> Option<BySeat<Cards>> {
    let at = h.deal.as_ref()?;
    let deal = at.value.value()?;
    check_first(deal, dealer, at.pos, out);
    if !deal.is_complete() {
        return None;
    }
    let hands = deal.hands.map(|c| c.unwrap_or_default());
    sound(&hands, at.pos, out).then_some(hands)
}

fn check_first(d: &Holdings, dealer: Option<Seat>, pos: Pos, out: &mut Out) {
    if let Some(dealer) = dealer
        && d.first != dealer.lho()
    {
        out(
            Fault::DealFirst {
                written: d.first,
                expected: dealer.lho(),
            },
            pos,
        );
    }
}

/// Every card four times, every hand 20 cards; reports what is not.
fn sound(hands: &BySeat<Cards>, pos: Pos, out: &mut Out) -> bool {
    let mut ok = true;
    for card in super::super::Card::all() {
        let copies: u8 = hands.values.iter().map(|c| c.count(card)).sum();
        if copies != 4 {
            out(Fault::DealCards { card, copies }, pos);
            ok = false;
        }
    }
    for (seat, c) in hands.iter() {
        if c.len() != 20 {
            out(Fault::DealHandSize { seat, len: c.len() }, pos);
            ok = false;
        }
    }
    ok
}

/// The hands the players meld and play from: the Holding when written (checked
/// against the deal and the cards passed), else the dealt hands.
pub(super) fn check_holding(
    h: &Hand,
    dealt: Option<BySeat<Cards>>,
    dealer: Option<Seat>,
    out: &mut Out,
) -> Option<BySeat<Cards>> {
    let Some(at) = h.holding.as_ref() else {
        return dealt;
    };
    let hold = at.value.value()?;
    check_first(hold, dealer, at.pos, out);
    if !hold.is_complete() {
        return None;
    }
    let held = hold.hands.map(|c| c.unwrap_or_default());
    if let Some(dealt) = dealt {
        let mut expected = dealt;
        if let Some(p) = value(&h.passed) {
            for seat in Seat::ALL {
                let give = p.hands[seat].unwrap_or_default();
                let get = p.hands[seat.partner()].unwrap_or_default();
                expected[seat] = expected[seat]
                    .difference(give)
                    .sum(get)
                    .unwrap_or(expected[seat]);
            }
        }
        if let (Some(k), Some(decl)) = (value(&h.kitty), value(&h.declarer)) {
            let discard = value(&h.discard).map(|d| d.cards).unwrap_or_default();
            expected[*decl] = expected[*decl]
                .sum(*k)
                .unwrap_or(expected[*decl])
                .difference(discard);
        }
        let mut ok = true;
        for seat in Seat::ALL {
            if held[seat] != expected[seat] {
                out(
                    Fault::ExchangeHolding {
                        seat,
                        written: held[seat],
                        expected: expected[seat],
                    },
                    at.pos,
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
    }
    sound(&held, at.pos, out).then_some(held)
}
