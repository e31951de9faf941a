//! The play, replayed trick by trick on the players' hands.

use super::super::{
    ByTeam, Card, Cards, Duty, Fault, Options, Play, Rank, legal_cards, trick_winner,
};
use super::Out;
use crate::{BySeat, Seat, Suit};

/// What the play decided.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Played {
    /// Counters each team took, when all 20 tricks are known.
    pub counters: Option<ByTeam<u32>>,
    /// The play stops at a `*`.
    pub terminated: bool,
}

/// The fault of playing `card` when `duty` allowed only `legal`.
fn broken(
    duty: Duty,
    card: Card,
    legal: Card,
    trick: u8,
    seat: Seat,
    trump: Option<Suit>,
) -> Option<Fault> {
    match duty {
        Duty::Any => None,
        Duty::Follow => Some(Fault::Renege {
            trick,
            seat,
            card,
            held: legal,
        }),
        Duty::Head(best) if card.suit() == best.suit() => Some(Fault::Head {
            trick,
            seat,
            card,
            best,
            held: legal,
        }),
        Duty::Head(_) => Some(Fault::Renege {
            trick,
            seat,
            card,
            held: legal,
        }),
        Duty::Overtrump(best) if Some(card.suit()) == trump => Some(Fault::Overtrump {
            trick,
            seat,
            card,
            best,
            held: legal,
        }),
        Duty::Trump | Duty::Overtrump(_) => Some(Fault::Trump {
            trick,
            seat,
            card,
            held: legal,
        }),
    }
}

/// Replays the play. `hands` are the hands before the first trick (`None`: not
/// known, so only winners and points are checked). A player who plays a card
/// he does not hold has a hand no longer known (the deal or the play is
/// wrong, which the record does not say): his later cards are not checked,
/// the other players' still are, from the next trick on (in the same trick
/// what they had to play rests on that card). `cut`: the hand is terminated (a
/// Termination tag), so a short play is no fault.
pub(super) fn check_play(
    p: &Play,
    cut: bool,
    hands: Option<BySeat<Cards>>,
    declarer: Option<Seat>,
    trump: Option<Suit>,
    opts: &Options,
    out: &mut Out,
) -> Played {
    let mut played = Played::default();
    let Some(first) = p.first else {
        return played;
    };
    if let Some(d) = declarer
        && d != first
    {
        out(
            Fault::PlayLeader {
                written: first,
                declarer: d,
            },
            p.pos,
        );
    }
    if p.tricks.len() > 20 {
        out(
            Fault::Extra {
                tricks: p.tricks.len(),
                not_played: None,
            },
            p.tricks[20].pos,
        );
    }
    let scheme = opts.counters.counters();
    let mut hands = hands;
    // The seats whose hands are no longer known (one bit each).
    let mut lost = 0u8;
    let mut leader = first;
    let mut taken = ByTeam::new(0, 0);
    let mut known = true;
    let mut written_sum = 0u32;
    let mut all_written = true;
    let mut points_fault = false;
    for (i, t) in p.tricks.iter().take(20).enumerate() {
        let n = i as u8 + 1;
        match t.points {
            Some(pt) => written_sum = written_sum.saturating_add(pt.value),
            None => all_written = false,
        }
        if !known {
            continue;
        }
        let mut cards = [Card::new(Suit::Clubs, Rank::Jack); 4];
        // A card not held in this trick: the duties after it are not judged.
        let mut table_known = true;
        for k in 0..4 {
            let seat = leader.add(k);
            let slot = t.cards[seat.distance_from(first)];
            let Some(card) = slot.value.known() else {
                known = false;
                break;
            };
            if let Some(hs) = hands.as_mut()
                && lost & (1 << seat as u8) == 0
            {
                if !hs[seat].contains(card) {
                    out(
                        Fault::PlayNotHeld {
                            trick: n,
                            seat,
                            card,
                        },
                        slot.pos,
                    );
                    lost |= 1 << seat as u8;
                    table_known = false;
                } else {
                    let (legal, duty) = legal_cards(hs[seat], &cards[..k], trump, opts);
                    if table_known
                        && !legal.contains(card)
                        && let Some(best) = legal.highest()
                        && let Some(f) = broken(duty, card, best, n, seat, trump)
                    {
                        out(f, slot.pos);
                    }
                    hs[seat].remove(card);
                }
            }
            cards[k] = card;
        }
        if !known {
            continue;
        }
        let winner = leader.add(trick_winner(&cards, trump));
        let mut pts: u32 = cards.iter().map(|&c| scheme.card(c)).sum();
        if n == 20 {
            pts += scheme.last_trick;
        }
        if let Some(w) = t.winner
            && w.value != winner
        {
            let card = cards[winner.distance_from(leader)];
            out(
                Fault::Winner {
                    trick: n,
                    written: w.value,
                    winner,
                    card,
                },
                w.pos,
            );
        }
        if let Some(wp) = t.points
            && wp.value != pts
        {
            points_fault = true;
            out(
                Fault::Points {
                    trick: n,
                    written: wp.value,
                    counted: pts,
                    last: n == 20,
                },
                wp.pos,
            );
        }
        taken[winner.side()] += pts;
        leader = winner;
    }
    let tricks = p.tricks.len().min(20);
    if p.star.is_some() || cut {
        played.terminated = true;
    } else if tricks < 20 && known {
        let pos = p.tricks.last().map_or(p.pos, |t| t.pos);
        out(Fault::Incomplete { tricks }, pos);
    }
    if tricks == 20 && all_written && !points_fault && written_sum != scheme.total() {
        out(
            Fault::Total {
                written: written_sum,
                total: scheme.total(),
            },
            p.pos,
        );
    }
    if known && tricks == 20 && !played.terminated {
        played.counters = Some(taken);
    }
    played
}
