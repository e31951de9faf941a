//! Putting a recorded play into the other order: PBN writes each trick as a row
//! in seat order from the opening leader (seat columns); RBN and LIN write the
//! cards as they were played (chronological). Turning one into the other needs
//! the trick winners, so it is game logic, used by the notations' writers.

use super::auction::{AuctionEnd, replay};
use super::play::trick_winner;
use super::{Board, ContractTag, Play, PlayCard, PlayItem, PlayOrder};
use crate::{BySeat, CardSet, Seat, Suit};

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
    let dealer = board.dealer.map(|d| d.value);
    match replay(auction, dealer, &mut |_| {}) {
        AuctionEnd::Ended(Some((c, _))) => Some(c.bid.strain().trump()),
        AuctionEnd::Ended(None) => None,
        // An illegal double or redouble leaves the risk unknown, not the
        // strain: the last bid of an auction ended by passes names it.
        AuctionEnd::Unusable | AuctionEnd::Open(_) => {
            let mut state = super::auction::AuctionState::new();
            let mut seat = auction.first.or(dealer)?;
            for item in &auction.items {
                let super::AuctionCall::Call(call) = item.call else {
                    return None;
                };
                state.apply(call, seat);
                seat = seat.lho();
                if state.is_over() {
                    return state.outcome().map(|(c, _)| c.bid.strain().trump());
                }
            }
            None
        }
    }
}

/// The tricks of `play` in played order: each its leader and the cards played
/// (a last trick may be short: the slots after its last known card were never
/// played), as far as the order can be known, and whether that is the whole
/// play. The order is lost at a trick that has a trick after it and whose
/// winner cannot be known (a card not known, no trump suit known); that trick
/// is still given, the ones after it are not. The last trick's winner leads
/// nothing, so it is never needed.
///
/// In played order, a trick's leader is also known without its predecessor's
/// winner when `hands` shows who held the card led (a play whose contract is
/// not known can still be put in seat columns).
fn tricks(
    play: &Play,
    trump: Option<Option<Suit>>,
    hands: Option<&BySeat<Option<CardSet>>>,
) -> (Vec<(Seat, Vec<PlayItem>)>, bool) {
    // Who held the card at `index` of a play in played order.
    let holder = |index: usize| {
        let card = play.items.get(index)?.card.known()?;
        let hands = hands?;
        Seat::ALL
            .into_iter()
            .find(|&s| hands[s].is_some_and(|h| h.contains(card)))
    };
    let mut out = Vec::with_capacity(play.items.len().div_ceil(4));
    let first = match (play.first, play.order) {
        (Some(first), _) => Some(first),
        (None, PlayOrder::Chronological) => holder(0),
        (None, PlayOrder::SeatColumns) => None,
    };
    let Some(first) = first else {
        return (out, play.items.is_empty());
    };
    let mut leader = first;
    let rows = play.items.len().div_ceil(4);
    for (i, row) in play.items.chunks(4).enumerate() {
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
        let last = i + 1 == rows;
        let next = if last {
            None
        } else {
            let winner = trump.and_then(|t| next_leader(leader, &cards, t));
            match (winner, play.order) {
                (Some(w), _) => Some(w),
                (None, PlayOrder::Chronological) => holder(4 * (i + 1)),
                (None, PlayOrder::SeatColumns) => None,
            }
        };
        out.push((leader, cards));
        match next {
            Some(l) => leader = l,
            None => return (out, last),
        }
    }
    (out, true)
}

/// The winner of a full trick led by `leader`, if its four cards are known.
fn next_leader(leader: Seat, trick: &[PlayItem], trump: Option<Suit>) -> Option<Seat> {
    let [a, b, c, d] = [0, 1, 2, 3].map(|i| trick.get(i).and_then(|t| t.card.known()));
    let (Some(a), Some(b), Some(c), Some(d)) = (a, b, c, d) else {
        return None;
    };
    Some(trick_winner(leader, [a, b, c, d], trump))
}

/// As much of `play` as can be put in played order, and whether that is all of
/// it: a play in seat columns is reordered trick by trick from the trick
/// winners under `trump` (`None`: not known; `Some(None)`: no trump), up to
/// the first trick with a trick after it whose winner cannot be known (that
/// trick included). The unplayed slots that end a trick are left out. The
/// writers of played-order notations (RBN, LIN) use it, and name what it
/// could not place.
///
/// ```
/// use kibitz::bridge::order::played_prefix;
/// use kibitz::bridge::{Play, PlayCard, PlayItem, PlayOrder};
/// use kibitz::{Seat, Suit};
/// let item = |c: &str| PlayItem { card: c.parse().map_or(PlayCard::Unknown, PlayCard::Card),
///     pos: Default::default(), revoke_marked: false, lead_out_of_turn_marked: false, note: None };
/// // West leads; trick 1 has an unknown card, so trick 2's leader is unknown.
/// let play = Play { first: Some(Seat::West), order: PlayOrder::SeatColumns,
///     items: ["SA", "-", "S2", "S3", "C2", "C3", "C4", "C5"].map(item).to_vec(), ..Play::default() };
/// let (items, whole) = played_prefix(&play, Some(Some(Suit::Hearts)));
/// assert!(!whole);
/// assert_eq!(items.len(), 4); // trick 1 as far as it is known: SA - S2 S3
/// ```
pub fn played_prefix(play: &Play, trump: Option<Option<Suit>>) -> (Vec<PlayItem>, bool) {
    if play.order == PlayOrder::Chronological {
        return (play.items.clone(), true);
    }
    let (tricks, whole) = tricks(play, trump, None);
    (
        tricks.into_iter().flat_map(|(_, cards)| cards).collect(),
        whole,
    )
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
    let (tricks, whole) = tricks(play, Some(trump), None);
    if !whole {
        return None;
    }
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
    seat_columns(play, Some(trump), None)
}

/// `board`'s `play` in PBN's seat columns, with what the board knows: the
/// trump suit from its contract or auction ([`trump_of`]), and, when that is
/// not known or a trick's winner cannot be worked out, who held each card led
/// (from the deal). `None` when neither tells a trick's leader.
///
/// ```
/// use kibitz::bridge::order::seat_columns_of;
/// use kibitz::bridge::{At, Board, Deal, Play, PlayCard, PlayItem, PlayOrder};
/// use kibitz::{BySeat, CardSet, Pos, Seat};
/// let items = |s: &str| s.split(' ').map(|c| PlayItem {
///     card: PlayCard::Card(c.parse().unwrap()), pos: Pos::default(),
///     revoke_marked: false, lead_out_of_turn_marked: false, note: None }).collect();
/// // No contract: East's C4 shows that East led trick 2.
/// let hand = |s: &str| Some(s.parse::<CardSet>().unwrap());
/// let mut b = Board::default();
/// // North, East, South, West.
/// let hands = BySeat { values: [hand("K...3"), hand(".2..4"), hand("3...5"), hand("A...2")] };
/// b.deal = Some(At::new(Deal { hands, ..Deal::default() }, Pos::default()));
/// let play = Play { first: Some(Seat::West), order: PlayOrder::Chronological,
///     items: items("SA SK H2 S3 C4 C5 C2 C3"), ..Play::default() };
/// let columns = seat_columns_of(&b, &play).unwrap();
/// let cards: Vec<String> = columns.items.iter().map(|i| i.card.known().unwrap().to_string()).collect();
/// assert_eq!(cards, ["SA", "SK", "H2", "S3", "C2", "C3", "C4", "C5"]);
/// ```
pub fn seat_columns_of(board: &Board, play: &Play) -> Option<Play> {
    let hands = board.deal.as_ref().map(|d| &d.value.hands);
    seat_columns(play, trump_of(board), hands)
}

fn seat_columns(
    play: &Play,
    trump: Option<Option<Suit>>,
    hands: Option<&BySeat<Option<CardSet>>>,
) -> Option<Play> {
    if play.order == PlayOrder::SeatColumns || play.items.is_empty() {
        return Some(Play {
            order: PlayOrder::SeatColumns,
            ..play.clone()
        });
    }
    let (tricks, whole) = tricks(play, trump, hands);
    if !whole {
        return None;
    }
    // The opening leader: as recorded, or the holder of the card led.
    let first = play.first.or(tricks.first().map(|t| t.0))?;
    let mut out = Play {
        items: Vec::with_capacity(tricks.len() * 4),
        order: PlayOrder::SeatColumns,
        first: Some(first),
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
