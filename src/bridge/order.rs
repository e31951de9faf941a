//! Putting a recorded play into the other order: PBN writes each trick as a row
//! in seat order from the opening leader (seat columns); RBN and LIN write the
//! cards as they were played (chronological). Turning one into the other needs
//! the trick winners, so it is game logic, used by the notations' writers.

use super::auction::{AuctionEnd, replay};
use super::play::trick_winner;
use super::{Board, ContractTag, Play, PlayCard, PlayItem, PlayOrder};
use crate::{Seat, Suit};

/// The trump suit of `board` (`Some(None)` for no trump), from the Contract tag,
/// else from the auction's final contract; `None` when neither says.
///
/// ```
/// use kibitz::bridge::{order::trump_of, At, Board, ContractTag};
/// use kibitz::{Pos, Suit};
/// let mut b = Board::default();
/// assert_eq!(trump_of(&b), None);
/// b.contract = Some(At::new(ContractTag::Contract("4S".parse().unwrap()), Pos::default()));
/// assert_eq!(trump_of(&b), Some(Some(Suit::Spades)));
/// ```
pub fn trump_of(board: &Board) -> Option<Option<Suit>> {
    match board.contract.map(|c| c.value) {
        Some(ContractTag::Contract(c)) => return Some(c.bid.strain().trump()),
        Some(ContractTag::Strain(s)) => return Some(s.trump()),
        _ => {}
    }
    let auction = board.auction.as_ref()?;
    match replay(auction, board.dealer.map(|d| d.value), &mut |_| {}) {
        AuctionEnd::Ended(Some((c, _))) => Some(c.bid.strain().trump()),
        _ => None,
    }
}

/// The tricks of `play` in played order: each its leader and the cards played
/// (a last trick may be short: the slots after its last known card were never
/// played). `None` when a full trick's winner cannot be known.
fn tricks(play: &Play, trump: Option<Suit>) -> Option<Vec<(Seat, Vec<PlayItem>)>> {
    let first = play.first?;
    let mut leader = first;
    let mut out = Vec::with_capacity(play.items.len().div_ceil(4));
    for row in play.items.chunks(4) {
        let mut cards: Vec<PlayItem> = match play.order {
            PlayOrder::Chronological => row.to_vec(),
            // Slot i of a row is seat first + i; the trick starts at `leader`.
            PlayOrder::SeatColumns => {
                let start = (4 + leader as usize - first as usize) % 4;
                (0..4)
                    .map_while(|k| row.get((start + k) % 4).copied())
                    .collect()
            }
        };
        while cards.last().is_some_and(|c| c.card.known().is_none()) {
            cards.pop();
        }
        let full = cards.len() == 4;
        let next = if full {
            Some(next_leader(leader, &cards, trump)?)
        } else {
            None
        };
        out.push((leader, cards));
        match next {
            Some(l) => leader = l,
            None => break,
        }
    }
    Some(out)
}

/// The winner of a full trick led by `leader`, if its four cards are known.
fn next_leader(leader: Seat, trick: &[PlayItem], trump: Option<Suit>) -> Option<Seat> {
    let [a, b, c, d] = [0, 1, 2, 3].map(|i| trick.get(i).and_then(|t| t.card.known()));
    let (Some(a), Some(b), Some(c), Some(d)) = (a, b, c, d) else {
        return None;
    };
    Some(trick_winner(leader, [a, b, c, d], trump))
}

/// `play` in played order (cards as they fell, trick by trick), or `None` when
/// the order cannot be known: no leader, or a trick whose winner depends on a
/// card that is not known (`-`) before the end.
///
/// ```
/// use kibitz::bridge::order::{to_chronological, to_seat_columns};
/// use kibitz::bridge::{Play, PlayCard, PlayItem, PlayOrder};
/// use kibitz::{Pos, Seat};
/// let items = |s: &str| s.split(' ').map(|c| PlayItem {
///     card: PlayCard::Card(c.parse().unwrap()), pos: Pos::default(),
///     revoke_marked: false, lead_out_of_turn_marked: false, note: None }).collect();
/// // West leads SA; North's SK... East wins trick 1 with a trump.
/// let pbn = Play { first: Some(Seat::West), order: PlayOrder::SeatColumns,
///     items: items("SA SK H2 S3 C2 C3 C4 C5"), ..Play::default() };
/// let chrono = to_chronological(&pbn, Some(kibitz::Suit::Hearts)).unwrap();
/// let cards: Vec<String> = chrono.items.iter().map(|i| i.card.known().unwrap().to_string()).collect();
/// // Trick 2 is led by East (H2 won): E C4, S C5, W C2, N C3.
/// assert_eq!(cards, ["SA", "SK", "H2", "S3", "C4", "C5", "C2", "C3"]);
/// assert_eq!(to_seat_columns(&chrono, Some(kibitz::Suit::Hearts)).unwrap().items, pbn.items);
/// ```
pub fn to_chronological(play: &Play, trump: Option<Suit>) -> Option<Play> {
    if play.order == PlayOrder::Chronological {
        return Some(play.clone());
    }
    let tricks = tricks(play, trump)?;
    let mut out = Play {
        items: Vec::with_capacity(play.items.len()),
        order: PlayOrder::Chronological,
        ..play.clone()
    };
    for (_, cards) in tricks {
        out.items.extend(cards);
    }
    Some(out)
}

/// `play` in PBN's seat columns: each trick a row in seat order from the
/// opening leader; the slots of a last trick not played are `-`. `None` when the
/// order cannot be known (see [`to_chronological`]).
pub fn to_seat_columns(play: &Play, trump: Option<Suit>) -> Option<Play> {
    if play.order == PlayOrder::SeatColumns {
        return Some(play.clone());
    }
    let first = play.first?;
    let tricks = tricks(play, trump)?;
    let mut out = Play {
        items: Vec::with_capacity(tricks.len() * 4),
        order: PlayOrder::SeatColumns,
        ..play.clone()
    };
    for (leader, cards) in tricks {
        let mut row = [PlayItem {
            card: PlayCard::Unknown,
            pos: play.pos,
            revoke_marked: false,
            lead_out_of_turn_marked: false,
            note: None,
        }; 4];
        for (k, item) in cards.iter().enumerate() {
            let seat = leader.add(k);
            row[(4 + seat as usize - first as usize) % 4] = *item;
        }
        out.items.extend(row);
    }
    Some(out)
}
