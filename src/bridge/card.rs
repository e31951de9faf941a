//! A single card of the 52-card deck.

use std::fmt;
use std::str::FromStr;

use crate::{Rank, Suit};

/// A card: a suit and a rank. Written suit first, as PBN does: `SA`, `H7`, `CT`.
///
/// ```
/// use kibitz::{Card, Rank, Suit};
/// let c: Card = "ST".parse().unwrap();
/// assert_eq!(c, Card::new(Suit::Spades, Rank::Ten));
/// assert_eq!(c.to_string(), "ST");
/// assert!("S1".parse::<Card>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Card {
    suit: Suit,
    rank: Rank,
}

/// The error for a string that is not a card.
///
/// ```
/// use kibitz::Card;
/// let err = "XX".parse::<Card>().unwrap_err();
/// assert_eq!(err.to_string(), "not a card: \"XX\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a card: {0:?}")]
pub struct ParseCardError(pub String);

impl Card {
    /// The card of `suit` and `rank`.
    ///
    /// ```
    /// use kibitz::{Card, Rank, Suit};
    /// assert_eq!(Card::new(Suit::Hearts, Rank::Two).to_string(), "H2");
    /// ```
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// The suit.
    ///
    /// ```
    /// use kibitz::{Card, Suit};
    /// assert_eq!("DK".parse::<Card>().unwrap().suit(), Suit::Diamonds);
    /// ```
    pub const fn suit(self) -> Suit {
        self.suit
    }

    /// The rank.
    ///
    /// ```
    /// use kibitz::{Card, Rank};
    /// assert_eq!("DK".parse::<Card>().unwrap().rank(), Rank::King);
    /// ```
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// Bit position of the card in a [`CardSet`](crate::CardSet): `suit * 16 + rank`.
    ///
    /// ```
    /// use kibitz::Card;
    /// assert_eq!("C2".parse::<Card>().unwrap().bit(), 0);
    /// assert_eq!("SA".parse::<Card>().unwrap().bit(), 60);
    /// ```
    pub const fn bit(self) -> u32 {
        self.suit as u32 * 16 + self.rank as u32
    }

    /// The card at bit position `bit`, if that position holds a card.
    ///
    /// ```
    /// use kibitz::Card;
    /// assert_eq!(Card::from_bit(60).unwrap().to_string(), "SA");
    /// assert_eq!(Card::from_bit(13), None);
    /// ```
    pub const fn from_bit(bit: u32) -> Option<Card> {
        let suit = match Suit::from_index((bit / 16) as usize) {
            Some(s) => s,
            None => return None,
        };
        match Rank::from_index((bit % 16) as usize) {
            Some(rank) => Some(Card { suit, rank }),
            None => None,
        }
    }

    /// Parses a two-character card (`SA`, `h7`), either case. Does not accept `10`.
    ///
    /// ```
    /// use kibitz::Card;
    /// assert_eq!(Card::from_ascii(b"hq").unwrap().to_string(), "HQ");
    /// assert_eq!(Card::from_ascii(b"H10"), None);
    /// ```
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Card> {
        let [suit, rank] = *s else {
            return None;
        };
        match (SUIT_OF[suit as usize], Rank::from_ascii(rank)) {
            (Some(suit), Some(rank)) => Some(Card { suit, rank }),
            _ => None,
        }
    }
}

/// The suit of each byte, as [`Suit::from_char`] reads it.
const SUIT_OF: [Option<Suit>; 256] = {
    let mut t = [None; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = Suit::from_char(b as u8 as char);
        b += 1;
    }
    t
};

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::from_ascii(s.as_bytes()).ok_or_else(|| ParseCardError(s.to_owned()))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.char(), self.rank.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_bit_and_text() {
        let mut n = 0;
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let c = Card::new(suit, rank);
                assert_eq!(Card::from_bit(c.bit()), Some(c));
                assert_eq!(c.to_string().parse::<Card>(), Ok(c));
                n += 1;
            }
        }
        assert_eq!(n, 52);
    }

    #[test]
    fn from_ascii_reads_either_case_and_nothing_else() {
        // Every two-byte text: a card exactly when a suit letter is followed by a
        // rank character (either case), as Suit::from_char and Rank::from_char say.
        let mut cards = 0;
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let expected = Suit::from_char(a as char)
                    .zip(Rank::from_char(b as char))
                    .map(|(s, r)| Card::new(s, r));
                assert_eq!(Card::from_ascii(&[a, b]), expected, "{a} {b}");
                cards += usize::from(expected.is_some());
            }
        }
        // 8 suit letters (either case) times 18 rank characters (2-9, and A K Q
        // J T in either case).
        assert_eq!(cards, 8 * 18);
        assert_eq!(Card::from_ascii(b"sT"), Some("ST".parse().unwrap()));
        assert_eq!(Card::from_ascii(b"S"), None);
        assert_eq!(Card::from_ascii(b"SAK"), None);
    }
}
