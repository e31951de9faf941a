//! The play replayed trick by trick on [`CardSet`] bitsets (Laws 44, 61-64; PBN
//! 3.6, 3.9): the opening leader, each card held and played once, following
//! suit, trick winners and the next leader.
//!
//! PBN writes each trick as a row in seat order from the Play tag's seat, not in
//! play order, so the replay takes each trick's cards starting with its leader
//! (the previous trick's winner). RBN and LIN write the cards in play order
//! ([`PlayOrder::Chronological`]). The state is a few fixed arrays: nothing is
//! allocated per trick or per record.

use crate::bridge::fault::{Fault, MarkerFault, NotHeldFault, Trick};
use crate::bridge::{Play, PlayCard, PlayItem, PlayOrder};
use crate::{BySeat, Card, CardSet, Pos, Seat, Side, Suit};

/// What the replay needs besides the play itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Each seat's cards at the start, if known.
    pub hands: BySeat<Option<CardSet>>,
    /// Cards in each hand at the start (13, or fewer in an end position).
    pub size: u8,
    /// The trump suit: `Some(None)` at no trump, `None` if the strain is unknown
    /// (the replay then stops after the first trick).
    pub trump: Option<Option<Suit>>,
    /// Who plays the contract, if known.
    pub declarer: Option<Seat>,
    /// Another seat that may be declarer (the auction's, where a tag differs).
    pub auction_declarer: Option<Seat>,
    /// Check the opening leader against declarer (not in end positions, whose
    /// Play tag names the leader).
    pub check_leader: bool,
}

/// What the replay established.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOutcome {
    /// Complete tricks replayed, from the first, before the replay stopped.
    pub tricks: u8,
    /// Of those, the tricks won by declarer's side.
    pub declarer_tricks: u8,
    /// Every trick of the deal was played and replayed.
    pub finished: bool,
    /// The replay stopped at a card the player could not play (not held or played
    /// before).
    pub broken: bool,
    /// Revokes found (marked or not). After a revoke the result may include
    /// tricks transferred by Law 64, so it is compared with the play only within
    /// [`PlayOutcome::transfers`].
    pub revokes: u8,
    /// The most tricks Law 64A may transfer away from each side for its revokes,
    /// by the tricks the play shows (see [`Transfers`]).
    pub transfers: Transfers,
}

/// The most tricks Law 64A may transfer from a side that revoked to the other:
/// per revoke, two when the offender won the revoke trick and his side a later
/// one, one when his side won the revoke trick or a later one, else none. While
/// the play record stops early, the tricks not shown may be won by the offenders,
/// so the most is counted. Law 64B exempts some revokes: a bound, not a count.
///
/// ```
/// use kibitz::bridge::play::Transfers;
/// use kibitz::Side;
/// let t = Transfers { from_ns: 2, from_ew: 1 };
/// assert_eq!(t.from(Side::NorthSouth), 2);
/// assert_eq!(t.to(Side::NorthSouth), 1);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Transfers {
    /// Tricks that may go from North-South to East-West.
    pub from_ns: u8,
    /// Tricks that may go from East-West to North-South.
    pub from_ew: u8,
}

impl Transfers {
    /// Tricks that may be taken from `side`.
    pub fn from(self, side: Side) -> u8 {
        match side {
            Side::NorthSouth => self.from_ns,
            Side::EastWest => self.from_ew,
        }
    }

    /// Tricks that may be given to `side`.
    pub fn to(self, side: Side) -> u8 {
        match side {
            Side::NorthSouth => self.from_ew,
            Side::EastWest => self.from_ns,
        }
    }
}

/// The winner of a trick led by `leader` with `cards` in play order: the highest
/// trump if any was played, else the highest card of the suit led.
///
/// ```
/// use kibitz::bridge::play::trick_winner;
/// use kibitz::{Card, Seat, Suit};
/// let c = |s: &str| s.parse::<Card>().unwrap();
/// // West leads SK, North ruffs with H3, East overruffs with HA.
/// let cards = [c("SK"), c("H3"), c("HA"), c("S5")];
/// assert_eq!(trick_winner(Seat::West, cards, Some(Suit::Hearts)), Seat::East);
/// assert_eq!(trick_winner(Seat::West, cards, None), Seat::West);
/// ```
pub fn trick_winner(leader: Seat, cards: [Card; 4], trump: Option<Suit>) -> Seat {
    let bits = cards.map(|c| 1u64 << c.bit());
    let all = bits[0] | bits[1] | bits[2] | bits[3];
    let trumps = trump.map_or(0, |t| CardSet::suit_mask(t).0);
    let pool = if all & trumps != 0 {
        all & trumps
    } else {
        all & CardSet::suit_mask(cards[0].suit()).0
    };
    // The lead is in its own suit: the pool is not empty.
    let best = 1u64 << (63 - pool.leading_zeros());
    let i = bits
        .iter()
        .position(|&b| b == best)
        .expect("best is one of them");
    leader.add(i)
}

/// A player showing out of a suit whose hand the record does not give.
#[derive(Copy, Clone)]
struct ShowOut {
    trick: Trick,
    card: Card,
    pos: Pos,
}

struct Replay<'a> {
    setup: &'a Setup,
    /// The cards as written.
    items: &'a [PlayItem],
    /// Cards still held by each seat whose hand is known.
    remaining: BySeat<Option<CardSet>>,
    played: CardSet,
    /// Cards played by each seat.
    count: BySeat<u8>,
    /// Unknown hands: the first show-out in each suit, `[seat][suit]`, until a
    /// later card of that suit proves the revoke.
    shown_out: [[Option<ShowOut>; 4]; 4],
}

enum Take {
    Ok,
    Fault(Fault),
}

impl Replay<'_> {
    /// The first trick of the record `card` appears in, 0 if none. For a card
    /// played, the trick it was played to: every known card of the tricks
    /// replayed was played (or the replay stopped there).
    fn appears_at(&self, card: Card) -> Trick {
        self.items
            .iter()
            .position(|i| i.card == PlayCard::Card(card))
            .map_or(0, |i| Trick::try_from(i / 4 + 1).unwrap_or(Trick::MAX))
    }

    fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&s| self.setup.hands[s].is_some_and(|h| h.contains(card)))
    }

    /// Removes `card` from `seat`'s hand, or says why it cannot be played.
    fn take(&mut self, seat: Seat, card: Card, trick: Trick, pos: Pos) -> Take {
        let fault = |fault| {
            Take::Fault(Fault::NotHeld {
                pos,
                trick,
                seat,
                card,
                fault,
            })
        };
        if self.played.contains(card) {
            return Take::Fault(Fault::PlayedTwice {
                pos,
                trick,
                seat,
                card,
                first: self.appears_at(card),
            });
        }
        match self.remaining[seat] {
            Some(h) if h.contains(card) => {}
            Some(h) => {
                return match self.holder(card) {
                    Some(other) if other != seat => fault(NotHeldFault::OtherHand(other)),
                    _ if h.is_empty() => fault(NotHeldFault::NoCardsLeft),
                    _ => fault(NotHeldFault::NotInHand),
                };
            }
            None => {
                if let Some(other) = self.holder(card) {
                    return fault(NotHeldFault::OtherHand(other));
                }
                if self.count[seat] >= self.setup.size {
                    return fault(NotHeldFault::NoCardsLeft);
                }
            }
        }
        if let Some(h) = &mut self.remaining[seat] {
            h.remove(card);
        }
        self.played.insert(card);
        self.count[seat] += 1;
        Take::Ok
    }

    /// The cards after `from` (the end of trick `trick`, whose winner, the
    /// next leader, is unknown because the strain is): checked for being
    /// played once and, in seat columns (each card's seat known), held by
    /// their seat. The first fault is reported (then `true`), and a notice of
    /// what was not checked.
    #[cold]
    fn unplaced_rest(
        &mut self,
        order: PlayOrder,
        first: Seat,
        from: usize,
        trick: Trick,
        report: &mut dyn FnMut(Fault),
    ) -> bool {
        let items = self.items;
        let rest = items.get(from..).unwrap_or_default();
        let Some(start) = rest.iter().find(|i| i.card.known().is_some()) else {
            return false;
        };
        let cards = rest.iter().filter(|i| i.card.known().is_some()).count();
        let columns = order == PlayOrder::SeatColumns;
        let mut broken = false;
        for (i, item) in rest.iter().enumerate().map(|(j, item)| (from + j, item)) {
            let Some(card) = item.card.known() else {
                continue;
            };
            let t = Trick::try_from(i / 4 + 1).unwrap_or(Trick::MAX);
            // In seat columns the column's seat; else the card's holder.
            let Some(seat) = (if columns {
                Some(first.add(i % 4))
            } else {
                self.holder(card)
            }) else {
                continue;
            };
            let fault = if columns {
                match self.take(seat, card, t, item.pos) {
                    Take::Fault(f) => Some(f),
                    Take::Ok => None,
                }
            } else if self.played.contains(card) {
                Some(Fault::PlayedTwice {
                    pos: item.pos,
                    trick: t,
                    seat,
                    card,
                    first: self.appears_at(card),
                })
            } else {
                self.played.insert(card);
                None
            };
            if let Some(f) = fault {
                report(f);
                broken = true;
                break;
            }
        }
        report(Fault::PlayNotAudited {
            pos: start.pos,
            trick,
            cards,
            held: columns,
        });
        broken
    }

    /// The card of `holding` the record plays soonest after `trick`, else the
    /// highest.
    fn proof(&self, holding: CardSet, trick: Trick) -> (Card, Option<Trick>) {
        let mut best: Option<(Trick, Card)> = None;
        for c in holding {
            let t = self.appears_at(c);
            if t > trick && best.is_none_or(|(bt, _)| t < bt) {
                best = Some((t, c));
            }
        }
        match best {
            Some((t, c)) => (c, Some(t)),
            None => (holding.highest().expect("not empty"), None),
        }
    }

    /// A player whose hand is unknown and who showed out of `card`'s suit earlier
    /// revoked then: `card` proves he held the suit.
    fn proven_revoke(&mut self, seat: Seat, card: Card, trick: Trick) -> Option<Fault> {
        if self.remaining[seat].is_some() {
            return None;
        }
        let so = self.shown_out[seat.index()][card.suit() as usize].take()?;
        Some(Fault::Revoke {
            pos: so.pos,
            trick: so.trick,
            seat,
            card: so.card,
            led: card.suit(),
            proof: Some(card),
            proof_trick: Some(trick),
            marked: false,
        })
    }

    /// Follow-suit checks of a card that does not lead.
    fn follow(
        &mut self,
        seat: Seat,
        item: &PlayItem,
        card: Card,
        led: Suit,
        trick: Trick,
    ) -> Option<Fault> {
        let pos = item.pos;
        let marked = item.revoke_marked;
        if card.suit() == led {
            return marked.then_some(Fault::PlayMarkerWrong {
                pos,
                trick,
                seat,
                card,
                fault: MarkerFault::RevokeFollowed { led },
            });
        }
        match self.remaining[seat] {
            Some(h) if h.has_suit(led) => {
                let (proof, proof_trick) = self.proof(h.suit(led), trick);
                Some(Fault::Revoke {
                    pos,
                    trick,
                    seat,
                    card,
                    led,
                    proof: Some(proof),
                    proof_trick,
                    marked,
                })
            }
            Some(_) => marked.then_some(Fault::PlayMarkerWrong {
                pos,
                trick,
                seat,
                card,
                fault: MarkerFault::RevokeVoid { led },
            }),
            None if marked => Some(Fault::Revoke {
                pos,
                trick,
                seat,
                card,
                led,
                proof: None,
                proof_trick: None,
                marked: true,
            }),
            None => {
                let slot = &mut self.shown_out[seat.index()][led as usize];
                slot.get_or_insert(ShowOut { trick, card, pos });
                None
            }
        }
    }
}

/// Replays `play` under `setup`, reporting every fault.
///
/// ```
/// use kibitz::bridge::play::{replay, Setup};
/// use kibitz::bridge::{Play, PlayCard, PlayItem, PlayOrder};
/// use kibitz::{BySeat, Pos, Seat};
/// // A one-card end position: West leads SA, the others follow in spades.
/// let hands = BySeat { values: ["K...", "Q...", "J...", "A..."].map(|h| Some(h.parse().unwrap())) };
/// let items = ["SA", "SK", "SQ", "SJ"].iter().map(|c| PlayItem {
///     card: PlayCard::Card(c.parse().unwrap()), pos: Pos::new(9, 1),
///     revoke_marked: false, lead_out_of_turn_marked: false, note: None,
/// }).collect();
/// let play = Play { first: Some(Seat::West), pos: Pos::new(8, 1), order: PlayOrder::SeatColumns, items, star: None, notes: Vec::new() };
/// let setup = Setup { hands, size: 1, trump: Some(None), declarer: Some(Seat::South),
///     auction_declarer: None, check_leader: false };
/// let out = replay(&play, &setup, &mut |f| panic!("{f}"));
/// assert_eq!((out.tricks, out.declarer_tricks, out.finished), (1, 0, true));
/// ```
pub fn replay(play: &Play, setup: &Setup, report: &mut dyn FnMut(Fault)) -> PlayOutcome {
    let mut law64 = Law64::default();
    let mut out = replay_all(play, setup, report, &mut law64, true);
    out.transfers = transfers(&law64.revokes, &law64.winners, out.finished);
    out
}

/// The replay: the tricks the fast path can take ([`fast`], if `fast`), then
/// the general replay from the first trick it could not.
fn replay_all(
    play: &Play,
    setup: &Setup,
    report: &mut dyn FnMut(Fault),
    law64: &mut Law64,
    fast: bool,
) -> PlayOutcome {
    let mut out = PlayOutcome::default();
    let Some(first) = play.first else {
        return out;
    };
    let items = &play.items;
    let opening = setup.declarer.map(Seat::lho).filter(|_| setup.check_leader);
    let mut wrong_leader = wrong_leader(play, setup, first, opening);
    let done = if fast && wrong_leader.is_none() {
        fast::replay(play, setup, first, &mut out, &mut law64.winners)
    } else {
        fast::Done {
            tricks: 0,
            remaining: setup.hands,
            leader: first,
        }
    };
    if done.tricks * 4 >= items.len() {
        return out;
    }
    // The fast path's tricks took one card from every hand (all known) each.
    let played = Seat::ALL
        .into_iter()
        .filter_map(|s| Some(setup.hands[s]? - done.remaining[s]?))
        .fold(CardSet::EMPTY, |a, b| a | b);
    let mut r = Replay {
        setup,
        items,
        remaining: done.remaining,
        played,
        count: BySeat {
            values: [u8::try_from(done.tricks).unwrap_or(u8::MAX); 4],
        },
        shown_out: [[None; 4]; 4],
    };
    let mut leader = done.leader;
    // Each revoke's trick and offender, and each trick's winner, for Law 64.
    for t in done.tricks..items.len().div_ceil(4) {
        let Ok(trick) = Trick::try_from(t + 1) else {
            break;
        };
        let base = t * 4;
        // The seat that should lead, where known: declarer's LHO (or, in an end
        // position, the Play tag's seat) at trick 1, the previous winner after.
        // The seat that does lead: the ^L card's player, else the Play tag's seat
        // at trick 1 (PBN: the player of the first card) and the previous winner
        // after.
        let on_lead = match t {
            0 if setup.check_leader => opening,
            0 => Some(first),
            _ => Some(leader),
        };
        let mut actual = if t == 0 { first } else { leader };
        let mut lead_marked: Option<(Seat, &PlayItem, Card)> = None;
        for k in 0..4 {
            let Some(item) = items.get(base + k).filter(|i| i.lead_out_of_turn_marked) else {
                continue;
            };
            let seat = match play.order {
                PlayOrder::SeatColumns => first.add(k),
                PlayOrder::Chronological if k == 0 => {
                    match item.card.known().and_then(|c| {
                        Seat::ALL
                            .into_iter()
                            .find(|&s| r.remaining[s].is_some_and(|h| h.contains(c)))
                    }) {
                        Some(s) => s,
                        None => return out,
                    }
                }
                PlayOrder::Chronological => actual.add(k),
            };
            let Some(card) = item.card.known() else {
                continue;
            };
            if lead_marked.is_some() {
                report(Fault::PlayMarkerWrong {
                    pos: item.pos,
                    trick,
                    seat,
                    card,
                    fault: MarkerFault::SecondLead,
                });
            } else {
                lead_marked = Some((seat, item, card));
            }
        }
        if let Some((seat, item, card)) = lead_marked {
            match on_lead {
                Some(o) if o == seat => report(Fault::PlayMarkerWrong {
                    pos: item.pos,
                    trick,
                    seat,
                    card,
                    fault: MarkerFault::LeadInTurn,
                }),
                Some(o) => report(Fault::LeadMarked {
                    pos: item.pos,
                    trick,
                    seat,
                    expected: o,
                }),
                None => {}
            }
            actual = seat;
        } else if t == 0
            && let Some(f) = wrong_leader.take()
        {
            report(f);
        }
        let slot = |k: usize| -> Option<&PlayItem> {
            let seat = actual.add(k);
            match play.order {
                PlayOrder::SeatColumns => items.get(base + seat.distance_from(first)),
                PlayOrder::Chronological => items.get(base + k),
            }
        };
        let mut cards = [None::<Card>; 4];
        let mut led: Option<Suit> = None;
        // One unmarked revoke per trick: when several players seem to revoke, the
        // lead card is the likelier mistake, and one finding shows it.
        let mut revoke_reported = false;
        let mut next: Option<&PlayItem> = None;
        for (k, played) in cards.iter_mut().enumerate() {
            let seat = actual.add(k);
            let Some(item) = slot(k) else { continue };
            let Some(card) = item.card.known() else {
                if item.card == PlayCard::Next {
                    next.get_or_insert(item);
                }
                continue;
            };
            if let Some(n) = next {
                // `+` is the next card to be played: none can follow it.
                report(Fault::AfterNext {
                    pos: item.pos,
                    trick,
                    seat,
                    card,
                    next: n.pos,
                });
                out.broken = true;
                return out;
            }
            let proven = r.proven_revoke(seat, card, trick);
            let fault = if k == 0 {
                led = Some(card.suit());
                item.revoke_marked.then_some(Fault::PlayMarkerWrong {
                    pos: item.pos,
                    trick,
                    seat,
                    card,
                    fault: MarkerFault::RevokeOnLead,
                })
            } else if let Some(l) = led {
                r.follow(seat, item, card, l, trick)
            } else {
                None
            };
            if let Take::Fault(f) = r.take(seat, card, trick, item.pos) {
                report(f);
                out.broken = true;
                return out;
            }
            if proven.is_none() && fault.is_none() {
                *played = Some(card);
                continue;
            }
            for f in [proven, fault].into_iter().flatten() {
                if let Fault::Revoke {
                    marked,
                    seat: offender,
                    trick: at,
                    ..
                } = f
                {
                    out.revokes = out.revokes.saturating_add(1);
                    if law64.revokes.len() < 16 {
                        law64.revokes.push((at, offender));
                    }
                    if !marked && std::mem::replace(&mut revoke_reported, true) {
                        continue;
                    }
                }
                report(f);
            }
            *played = Some(card);
        }
        let ([Some(a), Some(b), Some(c), Some(d)], Some(trump)) = (cards, setup.trump) else {
            // The replay stops here: the trick's winner, who leads next, is
            // unknown. Without a `+`, a whole trick at an unknown strain: the
            // cards after it are still checked for what needs no leader.
            if next.is_none() && cards.iter().all(Option::is_some) && setup.trump.is_none() {
                out.broken |= r.unplaced_rest(play.order, first, base + 4, trick, report);
                break;
            }
            // After a `+`, the tricks written after this
            // one hold no card either.
            if let Some(n) = next
                && let Some((i, item)) = items
                    .iter()
                    .enumerate()
                    .skip(base + 4)
                    .find(|(_, i)| i.card.known().is_some())
            {
                report(Fault::AfterNext {
                    pos: item.pos,
                    trick: Trick::try_from(i / 4 + 1).unwrap_or(Trick::MAX),
                    seat: match play.order {
                        PlayOrder::SeatColumns => first.add(i % 4),
                        PlayOrder::Chronological => actual.add(i % 4),
                    },
                    card: item.card.known().expect("found as known"),
                    next: n.pos,
                });
            }
            break;
        };
        let winner = trick_winner(actual, [a, b, c, d], trump);
        if let Some(w) = law64.winners.get_mut(t) {
            *w = Some(winner);
        }
        out.tricks += 1;
        if setup.declarer.is_some_and(|d| d.side() == winner.side()) {
            out.declarer_tricks += 1;
        }
        out.finished = out.tricks >= setup.size;
        leader = winner;
    }
    out
}

/// The opening lead by the wrong player (not marked `^L`): the Play tag's
/// seat `first` is neither declarer's left-hand opponent (`opening`) nor the
/// auction declarer's.
fn wrong_leader(play: &Play, setup: &Setup, first: Seat, opening: Option<Seat>) -> Option<Fault> {
    let (Some(d), Some(o)) = (setup.declarer, opening) else {
        return None;
    };
    if first == o || setup.auction_declarer.is_some_and(|a| first == a.lho()) {
        return None;
    }
    let item = play.items.first()?;
    Some(Fault::Leader {
        pos: item.pos,
        actual: first,
        declarer: d,
    })
}

/// What the replay keeps for Law 64: each revoke's trick and offender, and each
/// trick's winner.
#[derive(Default)]
struct Law64 {
    revokes: smallvec::SmallVec<[(Trick, Seat); 4]>,
    winners: [Option<Seat>; 13],
}

/// The Law 64A bound of [`Transfers`] for `revokes` (trick, offender), given the
/// winners of the tricks replayed (`finished`: all of them).
fn transfers(revokes: &[(Trick, Seat)], winners: &[Option<Seat>; 13], finished: bool) -> Transfers {
    let mut t = Transfers::default();
    for &(trick, offender) in revokes {
        let i = usize::from(trick.saturating_sub(1));
        let side = offender.side();
        let won_by_side = |w: &Option<Seat>| w.is_some_and(|w| w.side() == side);
        // A trick not replayed may be won by the offending side.
        let later = !finished || winners.iter().skip(i + 1).any(won_by_side);
        let n: u8 = match winners.get(i).copied().flatten() {
            None => 2,
            Some(w) if w == offender => 1 + u8::from(later),
            Some(w) => u8::from(w.side() == side || later),
        };
        match side {
            Side::NorthSouth => t.from_ns = t.from_ns.saturating_add(n),
            Side::EastWest => t.from_ew = t.from_ew.saturating_add(n),
        }
    }
    t
}

mod fast;

#[cfg(test)]
mod tests;
