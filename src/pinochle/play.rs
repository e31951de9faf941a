//! The laws of the play: which cards a player may play to a trick, and who
//! wins it.

use super::{Card, CardKinds, Cards, Options};
use crate::Suit;

/// What the rules ask of the next card to a trick.
///
/// ```
/// use kibitz::pinochle::{Duty, legal_cards, Options};
/// use kibitz::Suit;
/// let hand = "AJ...T".parse().unwrap();
/// let led = ["CK".parse().unwrap()];
/// // Holding the ace of clubs, the player must head the king.
/// let (legal, duty) = legal_cards(hand, &led, Some(Suit::Hearts), &Options::default());
/// assert_eq!(duty, Duty::Head("CK".parse().unwrap()));
/// assert_eq!(legal.len(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Duty {
    /// Leading, or void in the suit led and in trump: any card.
    Any,
    /// Follow the suit led (any card of it).
    Follow,
    /// Follow and beat this card, the best of the suit led.
    Head(Card),
    /// Void in the suit led: play a trump.
    Trump,
    /// Void in the suit led: beat this card, the best trump in the trick.
    Overtrump(Card),
}

/// The cards of `suit` in `kinds` ranked above `card`.
fn above(kinds: CardKinds, card: Card) -> CardKinds {
    let below = (1u32 << (card.index() + 1)) - 1;
    CardKinds(kinds.suit(card.suit()).0 & !below)
}

/// The best card of `suit` among `played`, the first played of equal cards.
fn best_of(played: &[Card], suit: Suit) -> Option<Card> {
    let mut best: Option<Card> = None;
    for &c in played.iter().filter(|c| c.suit() == suit) {
        if best.is_none_or(|b| c.rank() > b.rank()) {
            best = Some(c);
        }
    }
    best
}

/// The distinct cards of `hand` the rules allow after `played` (the cards
/// already in the trick, in play order), and the duty that decides them.
///
/// ```
/// use kibitz::pinochle::{Duty, legal_cards, Options};
/// use kibitz::Suit;
/// let o = Options::default();
/// let hand = "..A.QJ".parse().unwrap();
/// let played = ["SK".parse().unwrap(), "HA".parse().unwrap()];
/// // Hearts trump: following spades, a heart is in, so no need to head... the
/// // ace of spades is still the only spade.
/// assert_eq!(legal_cards(hand, &played, Some(Suit::Hearts), &o).1, Duty::Follow);
/// // Void in clubs with trump: must overtrump the ace? It cannot: any trump.
/// let clubs = ["CA".parse().unwrap(), "HA".parse().unwrap()];
/// assert_eq!(legal_cards(hand, &clubs, Some(Suit::Hearts), &o).1, Duty::Trump);
/// ```
pub fn legal_cards(
    hand: Cards,
    played: &[Card],
    trump: Option<Suit>,
    opts: &Options,
) -> (CardKinds, Duty) {
    let kinds = hand.kinds();
    let Some(lead) = played.first() else {
        return (kinds, Duty::Any);
    };
    let led = lead.suit();
    let trump_in = trump.and_then(|t| best_of(played, t));
    let follow = kinds.suit(led);
    if !follow.is_empty() {
        if opts.must_head && (Some(led) == trump || trump_in.is_none()) {
            let hi = best_of(played, led).unwrap_or(*lead);
            let higher = above(follow, hi);
            if !higher.is_empty() {
                return (higher, Duty::Head(hi));
            }
        }
        return (follow, Duty::Follow);
    }
    if let Some(t) = trump {
        let trumps = kinds.suit(t);
        if !trumps.is_empty() {
            if opts.must_overtrump
                && let Some(hi) = trump_in
            {
                let higher = above(trumps, hi);
                if !higher.is_empty() {
                    return (higher, Duty::Overtrump(hi));
                }
            }
            return (trumps, Duty::Trump);
        }
    }
    (kinds, Duty::Any)
}

/// The index (in play order) of the card that wins a trick: the highest trump,
/// else the highest card of the suit led; of identical cards the first played.
///
/// ```
/// use kibitz::pinochle::{Card, trick_winner};
/// use kibitz::Suit;
/// let t: Vec<Card> = ["CA", "CT", "CA", "DJ"].iter().map(|c| c.parse().unwrap()).collect();
/// assert_eq!(trick_winner(&t, Some(Suit::Hearts)), 0);
/// assert_eq!(trick_winner(&t, Some(Suit::Diamonds)), 3);
/// ```
pub fn trick_winner(cards: &[Card], trump: Option<Suit>) -> usize {
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        let b = cards[best];
        let beats = if c.suit() == b.suit() {
            c.rank() > b.rank()
        } else {
            Some(c.suit()) == trump
        };
        if beats {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn duties() {
        let o = Options::default();
        let t = Some(Suit::Hearts);
        // Trump lead: head applies.
        let (l, d) = legal_cards("A...AJ".parse().unwrap(), &[c("HK")], t, &o);
        assert_eq!(d, Duty::Head(c("HK")));
        assert_eq!(l.iter().collect::<Vec<_>>(), [c("HA")]);
        // A trump in a side-suit trick: no head, any club.
        let (l, d) = legal_cards("AJ...".parse().unwrap(), &[c("CK"), c("HJ")], t, &o);
        assert_eq!((d, l.len()), (Duty::Follow, 2));
        // Void: must overtrump the jack of hearts with the queen.
        let (l, d) = legal_cards(".A..QJ".parse().unwrap(), &[c("CK"), c("HJ")], t, &o);
        assert_eq!(d, Duty::Overtrump(c("HJ")));
        assert_eq!(l.iter().collect::<Vec<_>>(), [c("HQ")]);
        // Equal card does not beat: holding only the king, nothing to head with.
        let (_, d) = legal_cards("K...".parse().unwrap(), &[c("CK")], t, &o);
        assert_eq!(d, Duty::Follow);
        // Options off.
        let off = Options {
            must_head: false,
            must_overtrump: false,
            ..o
        };
        let (_, d) = legal_cards("A...AJ".parse().unwrap(), &[c("HK")], t, &off);
        assert_eq!(d, Duty::Follow);
        let (_, d) = legal_cards(".A..QJ".parse().unwrap(), &[c("CK"), c("HJ")], t, &off);
        assert_eq!(d, Duty::Trump);
        // Void in both: anything.
        let (l, d) = legal_cards(".A..".parse().unwrap(), &[c("CK")], t, &o);
        assert_eq!((d, l.len()), (Duty::Any, 1));
    }
}
