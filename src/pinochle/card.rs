//! Cards of the 80-card double pinochle deck: five ranks (A, T, K, Q, J) in four
//! suits, four copies of each card. A [`Card`] is one of the 20 distinct cards;
//! how many copies a player holds is a [`crate::pinochle::Cards`] multiset.
//!
//! Index of a card: `suit * 5 + rank` with suits in [`Suit`] order (clubs,
//! diamonds, hearts, spades) and ranks lowest first (J, Q, K, T, A), so the
//! higher of two cards of one suit has the higher index.

use std::fmt;

use crate::Suit;

/// The suits in the order Portable Pinochle Notation writes a hand: clubs,
/// diamonds, spades, hearts (alphabetical and colour-alternating).
///
/// ```
/// use kibitz::pinochle::HAND_SUITS;
/// use kibitz::Suit;
/// assert_eq!(HAND_SUITS, [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts]);
/// ```
pub const HAND_SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];

/// A rank of the pinochle deck, ordered by its power in a trick: J < Q < K < T < A.
///
/// ```
/// use kibitz::pinochle::Rank;
/// assert!(Rank::Ten > Rank::King);
/// assert_eq!(Rank::from_char('t'), Some(Rank::Ten));
/// assert_eq!(Rank::from_char('9'), None);
/// assert_eq!(Rank::Ace.char(), 'A');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Rank {
    /// Jack, the lowest.
    Jack = 0,
    /// Queen.
    Queen = 1,
    /// King.
    King = 2,
    /// Ten, between king and ace.
    Ten = 3,
    /// Ace, the highest.
    Ace = 4,
}

impl Rank {
    /// All ranks, lowest first.
    ///
    /// ```
    /// use kibitz::pinochle::Rank;
    /// assert_eq!(Rank::ALL[0], Rank::Jack);
    /// ```
    pub const ALL: [Rank; 5] = [Rank::Jack, Rank::Queen, Rank::King, Rank::Ten, Rank::Ace];

    /// Ranks in the order the notation writes them within a suit: A T K Q J.
    ///
    /// ```
    /// use kibitz::pinochle::Rank;
    /// assert_eq!(Rank::WRITE_ORDER[1], Rank::Ten);
    /// ```
    pub const WRITE_ORDER: [Rank; 5] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];

    /// Index, 0 for the jack up to 4 for the ace.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Rank::King.index(), 2);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses `A`, `T`, `K`, `Q`, `J` in either case.
    ///
    /// ```
    /// use kibitz::pinochle::Rank;
    /// assert_eq!(Rank::from_char('J'), Some(Rank::Jack));
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'A' | 'a' => Some(Rank::Ace),
            'T' | 't' => Some(Rank::Ten),
            'K' | 'k' => Some(Rank::King),
            'Q' | 'q' => Some(Rank::Queen),
            'J' | 'j' => Some(Rank::Jack),
            _ => None,
        }
    }

    /// The upper-case letter.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Rank::Queen.char(), 'Q');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Ten => 'T',
            Rank::King => 'K',
            Rank::Queen => 'Q',
            Rank::Jack => 'J',
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 20 distinct cards. Written suit then rank (`HA`, `CT`), as in the
/// Play section and the Kitty tag.
///
/// ```
/// use kibitz::pinochle::{Card, Rank};
/// use kibitz::Suit;
/// let c: Card = "HA".parse().unwrap();
/// assert_eq!((c.suit(), c.rank()), (Suit::Hearts, Rank::Ace));
/// assert_eq!(c.to_string(), "HA");
/// assert!("H9".parse::<Card>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    ///
    /// ```
    /// use kibitz::pinochle::{Card, Rank};
    /// use kibitz::Suit;
    /// assert_eq!(Card::new(Suit::Spades, Rank::Queen).to_string(), "SQ");
    /// ```
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 5 + rank as u8)
    }

    /// The card with index `i` (0..20).
    ///
    /// ```
    /// use kibitz::pinochle::Card;
    /// assert_eq!(Card::from_index(0).unwrap().to_string(), "CJ");
    /// assert_eq!(Card::from_index(19).unwrap().to_string(), "SA");
    /// assert!(Card::from_index(20).is_none());
    /// ```
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < 20 { Some(Card(i as u8)) } else { None }
    }

    /// Index, `suit * 5 + rank`.
    ///
    /// ```
    /// use kibitz::pinochle::Card;
    /// assert_eq!("DJ".parse::<Card>().unwrap().index(), 5);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    ///
    /// ```
    /// use kibitz::pinochle::Card;
    /// assert_eq!("CT".parse::<Card>().unwrap().suit(), kibitz::Suit::Clubs);
    /// ```
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 5) as usize]
    }

    /// The rank.
    ///
    /// ```
    /// use kibitz::pinochle::{Card, Rank};
    /// assert_eq!("CT".parse::<Card>().unwrap().rank(), Rank::Ten);
    /// ```
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 5) as usize]
    }

    /// All 20 cards in index order.
    ///
    /// ```
    /// use kibitz::pinochle::Card;
    /// assert_eq!(Card::all().count(), 20);
    /// ```
    pub fn all() -> impl Iterator<Item = Card> {
        (0..20u8).map(Card)
    }

    /// Parses two bytes, suit then rank.
    ///
    /// ```
    /// use kibitz::pinochle::Card;
    /// assert_eq!(Card::from_bytes(b"sq").unwrap().to_string(), "SQ");
    /// assert!(Card::from_bytes(b"SQ1").is_none());
    /// ```
    pub fn from_bytes(b: &[u8]) -> Option<Card> {
        match b {
            [s, r] => Some(Card::new(
                Suit::from_char(char::from(*s))?,
                Rank::from_char(char::from(*r))?,
            )),
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().char(), self.rank().char())
    }
}

/// A card that could not be read.
///
/// ```
/// use kibitz::pinochle::Card;
/// let e = "X1".parse::<Card>().unwrap_err();
/// assert!(e.to_string().contains("X1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pinochle card: {0:?} (suit C, D, S or H, then rank A, T, K, Q or J)")]
pub struct ParseCardError(pub String);

impl std::str::FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::from_bytes(s.as_bytes()).ok_or_else(|| ParseCardError(s.to_string()))
    }
}

/// A set of distinct cards (which of the 20 are present, not how many): a `u32`
/// with bit [`Card::index`] set. [`crate::pinochle::Cards::kinds`] gives it for a
/// multiset.
///
/// ```
/// use kibitz::pinochle::{Card, CardKinds};
/// use kibitz::Suit;
/// let a: CardKinds = ["HA", "HK", "SQ"].iter().map(|c| c.parse::<Card>().unwrap()).collect();
/// assert_eq!(a.len(), 3);
/// assert_eq!(a.suit(Suit::Hearts).len(), 2);
/// assert_eq!((a - CardKinds::suit_all(Suit::Hearts)).len(), 1);
/// assert_eq!(a.highest().unwrap().to_string(), "SQ");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardKinds(pub u32);

crate::table::bitset_ops!(CardKinds, Card);

impl CardKinds {
    /// No card.
    ///
    /// ```
    /// assert!(kibitz::pinochle::CardKinds::EMPTY.is_empty());
    /// ```
    pub const EMPTY: CardKinds = CardKinds(0);
    /// All 20 cards.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::CardKinds::FULL.len(), 20);
    /// ```
    pub const FULL: CardKinds = CardKinds((1 << 20) - 1);

    /// The five cards of `suit`.
    ///
    /// ```
    /// use kibitz::pinochle::CardKinds;
    /// assert_eq!(CardKinds::suit_all(kibitz::Suit::Spades).len(), 5);
    /// ```
    pub const fn suit_all(suit: Suit) -> CardKinds {
        CardKinds(0b11111 << (suit as u32 * 5))
    }

    /// Adds `card`.
    ///
    /// ```
    /// use kibitz::pinochle::{Card, CardKinds};
    /// let mut k = CardKinds::EMPTY;
    /// k.insert("DJ".parse().unwrap());
    /// assert!(k.contains("DJ".parse().unwrap()));
    /// ```
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Whether `card` is present.
    ///
    /// ```
    /// use kibitz::pinochle::{Card, CardKinds};
    /// assert!(!CardKinds::EMPTY.contains(Card::from_index(3).unwrap()));
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Number of distinct cards.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::CardKinds::FULL.len(), 20);
    /// ```
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether empty.
    ///
    /// ```
    /// assert!(kibitz::pinochle::CardKinds::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards of `suit` in this set.
    ///
    /// ```
    /// use kibitz::pinochle::CardKinds;
    /// assert_eq!(CardKinds::FULL.suit(kibitz::Suit::Clubs).len(), 5);
    /// ```
    pub const fn suit(self, suit: Suit) -> CardKinds {
        CardKinds(self.0 & CardKinds::suit_all(suit).0)
    }

    /// The card of highest index (within one suit: the highest card).
    ///
    /// ```
    /// use kibitz::pinochle::CardKinds;
    /// assert!(CardKinds::EMPTY.highest().is_none());
    /// ```
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card((31 - self.0.leading_zeros()) as u8))
        }
    }

    /// The cards in index order.
    ///
    /// ```
    /// use kibitz::pinochle::CardKinds;
    /// assert_eq!(CardKinds::FULL.iter().next().unwrap().to_string(), "CJ");
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Card(i as u8))
        })
    }
}
