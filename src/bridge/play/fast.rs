//! The replay's fast path: the tricks that break no rule and carry no marker,
//! replayed on plain 64-bit masks.
//!
//! It takes complete tricks of four known cards, with every hand known and the
//! trump suit known, as long as each card is its player's, no card is played
//! twice and every player follows suit when he can. At the first trick that is
//! anything else (a missing or `-` card, a `^R` or `^L`, a card not held, a
//! revoke, or the opening lead by the wrong player, which the caller checks) it
//! stops, and the general replay ([`super::replay_all`]) goes on from that trick with
//! the state handed over in [`Done`]. A trick the fast path takes is one in
//! which the general replay reports nothing, so the findings are all made there.

use super::{PlayOutcome, Setup};
use crate::bridge::{Play, PlayCard, PlayItem, PlayOrder};
use crate::{BySeat, CardSet, Seat};

/// The 13 bits of one suit's lane at the bottom of a [`CardSet`].
const LANE: u64 = 0x1fff;

/// Where the fast path stopped.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Done {
    /// Complete tricks replayed, from the first.
    pub tricks: usize,
    /// The hands after them.
    pub remaining: BySeat<Option<CardSet>>,
    /// Who leads the next trick.
    pub leader: Seat,
}

/// Replays the tricks of `play` (led first by `first`) that can be taken fast,
/// counting them in `out` and their winners in `winners`. The caller has
/// checked that trick 1 is led by the right player (else it calls this not at
/// all).
pub(super) fn replay(
    play: &Play,
    setup: &Setup,
    first: Seat,
    out: &mut PlayOutcome,
    winners: &mut [Option<Seat>; 13],
) -> Done {
    let (Some(trump), [Some(n), Some(e), Some(s), Some(w)]) = (setup.trump, setup.hands.values)
    else {
        return Done {
            tricks: 0,
            remaining: setup.hands,
            leader: first,
        };
    };
    let mut hands = [n.0, e.0, s.0, w.0];
    let trumps = trump.map_or(0, |t| CardSet::suit_mask(t).0);
    let declaring = setup.declarer.map(Seat::side);
    let mut played = 0u64;
    let mut leader = first;
    let mut tricks = 0;
    for chunk in play.items.chunks_exact(4) {
        let Ok(chunk) = <&[PlayItem; 4]>::try_from(chunk) else {
            break;
        };
        // The seat of the chunk's first card: the Play tag's seat in seat
        // columns, the leader in play order.
        let (base, lead) = match play.order {
            PlayOrder::SeatColumns => (first.index(), leader.distance_from(first)),
            PlayOrder::Chronological => (leader.index(), 0),
        };
        let Some(winner) = trick(chunk, base, lead, &mut hands, &mut played, trumps) else {
            break;
        };
        if let Some(slot) = winners.get_mut(tricks) {
            *slot = Some(winner);
        }
        out.tricks += 1;
        if declaring == Some(winner.side()) {
            out.declarer_tricks += 1;
        }
        out.finished = out.tricks >= setup.size;
        leader = winner;
        tricks += 1;
    }
    Done {
        tricks,
        remaining: BySeat {
            values: hands.map(|h| Some(CardSet(h))),
        },
        leader,
    }
}

/// One trick of four cards as written (`chunk`, the first played by the seat
/// of index `base`, the lead being the card at index `lead`), against the
/// hands `hands` (by seat index) after the cards `played`. If the trick breaks
/// no rule and has no marker: its cards are taken from `hands` into `played`
/// and its winner returned. Else nothing changes.
fn trick(
    chunk: &[PlayItem; 4],
    base: usize,
    lead: usize,
    hands: &mut [u64; 4],
    played: &mut u64,
    trumps: u64,
) -> Option<Seat> {
    let PlayCard::Card(l) = chunk[lead & 3].card else {
        return None;
    };
    let led = LANE << (l.suit() as u32 * 16);
    let mut after = *hands;
    let mut all = 0u64;
    for (k, item) in chunk.iter().enumerate() {
        let PlayCard::Card(c) = item.card else {
            return None;
        };
        let b = 1u64 << c.bit();
        let h = &mut after[(base + k) & 3];
        // A marker; not held (or held and played before); a revoke; or one
        // card twice in the trick (hands that overlap: the general replay says
        // which).
        if item.revoke_marked
            | item.lead_out_of_turn_marked
            | (*h & b == 0)
            | ((b & led == 0) & (*h & led != 0))
            | (all & b != 0)
        {
            return None;
        }
        *h &= !b;
        all |= b;
    }
    if all & *played != 0 {
        return None;
    }
    let pool = all & if all & trumps != 0 { trumps } else { led };
    let best = 1u64 << (63 - pool.leading_zeros());
    // The seat whose hand lost the best card.
    let won = (0..4).find(|&s| (hands[s] & !after[s]) == best)?;
    *hands = after;
    *played |= all;
    Some(Seat::from_index(won))
}
