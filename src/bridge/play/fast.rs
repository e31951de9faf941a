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
    let trumps = trump.map_or(0, |t| CardSet::suit_mask(t).0);
    let declaring = setup.declarer.map(Seat::side);
    // The hands in the order of the written columns: from the Play tag's seat
    // (seat columns, fixed for the whole play), else from each trick's leader
    // (play order: turned at every trick).
    let mut cols = [0, 1, 2, 3].map(|k| [n.0, e.0, s.0, w.0][(first.index() + k) & 3]);
    let mut base = first;
    let mut played = 0u64;
    let mut leader = first;
    let (mut tricks, mut won) = (0u8, 0u8);
    for chunk in play.items.chunks_exact(4) {
        let Ok(chunk) = <&[PlayItem; 4]>::try_from(chunk) else {
            break;
        };
        if play.order == PlayOrder::Chronological && leader != base {
            cols.rotate_left(leader.distance_from(base));
            base = leader;
        }
        let lead = leader.distance_from(base);
        let Some(col) = trick(chunk, lead, &mut cols, &mut played, trumps) else {
            break;
        };
        let winner = base.add(col);
        if let Some(slot) = winners.get_mut(usize::from(tricks)) {
            *slot = Some(winner);
        }
        tricks += 1;
        won += u8::from(declaring == Some(winner.side()));
        leader = winner;
    }
    if tricks > 0 {
        out.tricks += tricks;
        out.declarer_tricks += won;
        out.finished = out.tricks >= setup.size;
    }
    Done {
        tricks: usize::from(tricks),
        remaining: BySeat::new_with(|s| Some(CardSet(cols[s.distance_from(base)]))),
        leader,
    }
}

/// One trick of four cards as written (`chunk`), against the hands of their
/// players `cols` (in the same order) after the cards `played`, the lead being
/// the card at index `lead`. If the trick breaks no rule and has no marker: its
/// cards are taken from `cols` into `played` and the index of the winning card
/// returned. Else nothing changes.
fn trick(
    chunk: &[PlayItem; 4],
    lead: usize,
    cols: &mut [u64; 4],
    played: &mut u64,
    trumps: u64,
) -> Option<usize> {
    let PlayCard::Card(l) = chunk[lead & 3].card else {
        return None;
    };
    let led = LANE << (l.suit() as u32 * 16);
    // Each card's bit; the hands change only once the whole trick is known good.
    let mut bits = [0u64; 4];
    let mut all = 0u64;
    for ((b, &h), item) in bits.iter_mut().zip(cols.iter()).zip(chunk) {
        let PlayCard::Card(c) = item.card else {
            return None;
        };
        *b = 1u64 << c.bit();
        // A marker; not held (or held and played before); a revoke; or one
        // card twice in the trick (hands that overlap: the general replay says
        // which).
        if item.revoke_marked
            | item.lead_out_of_turn_marked
            | (h & *b == 0)
            | ((*b & led == 0) & (h & led != 0))
            | (all & *b != 0)
        {
            return None;
        }
        all |= *b;
    }
    if all & *played != 0 {
        return None;
    }
    let pool = all & if all & trumps != 0 { trumps } else { led };
    let best = 1u64 << (63 - pool.leading_zeros());
    // The index of the best card (the cards are different).
    let won = usize::from(bits[1] == best)
        + 2 * usize::from(bits[2] == best)
        + 3 * usize::from(bits[3] == best);
    for (h, b) in cols.iter_mut().zip(bits) {
        *h &= !b;
    }
    *played |= all;
    Some(won)
}
