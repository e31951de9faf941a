//! Cards of the 32-card preferans deck, their PPN codes, and sets of them.
//!
//! A card is its PPN index: `suit * 8 + rank` with suits in PPN (and bidding) order
//! spades, diamonds, hearts, clubs and ranks 7 (0) up to ace (7). The PPN code is the
//! index-th character of [`CODES`]. A [`CardSet`] is a `u32` with that bit set, so a
//! suit is one byte of it and the highest card of a suit is its highest bit.

use std::fmt;

use crate::{Rank, Suit};

/// The PPN code alphabet, by card index.
///
/// ```
/// use kibitz::preferans::CODES;
/// assert_eq!(CODES[0], b'1'); // 7 of spades
/// assert_eq!(CODES[31], b'W'); // ace of clubs
/// ```
pub const CODES: &[u8; 32] = b"123456789ABCDEFGHIJKLMNOPQRSTUVW";

/// Suits in PPN order, which is also their bidding order (spade 2 ... club 5).
///
/// ```
/// use kibitz::preferans::SUITS;
/// use kibitz::Suit;
/// assert_eq!(SUITS[2], Suit::Hearts);
/// ```
pub const SUITS: [Suit; 4] = [Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs];

/// Ranks of the deck, lowest first.
///
/// ```
/// use kibitz::preferans::RANKS;
/// use kibitz::Rank;
/// assert_eq!(RANKS[7], Rank::Ace);
/// ```
pub const RANKS: [Rank; 8] = [
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

/// The PPN position (0..4) of a suit: spades 0, diamonds 1, hearts 2, clubs 3.
///
/// ```
/// use kibitz::preferans::suit_index;
/// use kibitz::Suit;
/// assert_eq!(suit_index(Suit::Clubs), 3);
/// ```
pub const fn suit_index(suit: Suit) -> u8 {
    match suit {
        Suit::Spades => 0,
        Suit::Diamonds => 1,
        Suit::Hearts => 2,
        Suit::Clubs => 3,
    }
}

/// A card of the 32-card deck.
///
/// ```
/// use kibitz::preferans::Card;
/// use kibitz::{Rank, Suit};
/// let c = Card::from_code(b'M').unwrap();
/// assert_eq!((c.suit(), c.rank()), (Suit::Hearts, Rank::Queen));
/// assert_eq!(c.to_string(), "QH");
/// assert_eq!(Card::new(Suit::Spades, Rank::Two), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The lowest card by index: the seven of spades, code `1`.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::Card::MIN.code(), b'1');
    /// ```
    pub const MIN: Card = Card(0);

    /// The card with PPN index `i` (0..32).
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_index(8).unwrap().code(), b'9');
    /// assert!(Card::from_index(32).is_none());
    /// ```
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 32 { Some(Card(i)) } else { None }
    }

    /// The card of `suit` and `rank`, or `None` for a rank below seven.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// use kibitz::{Rank, Suit};
    /// assert_eq!(Card::new(Suit::Diamonds, Rank::Ace).unwrap().code(), b'G');
    /// ```
    pub const fn new(suit: Suit, rank: Rank) -> Option<Card> {
        let r = rank as u8;
        if r < Rank::Seven as u8 {
            return None;
        }
        Some(Card(suit_index(suit) * 8 + r - Rank::Seven as u8))
    }

    /// The card written as PPN code `b`.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_code(b'1').unwrap().to_string(), "7S");
    /// assert!(Card::from_code(b'Y').is_none());
    /// assert!(Card::from_code(b'a').is_none());
    /// ```
    pub const fn from_code(b: u8) -> Option<Card> {
        match b {
            b'1'..=b'9' => Some(Card(b - b'1')),
            b'A'..=b'W' => Some(Card(b - b'A' + 9)),
            _ => None,
        }
    }

    /// The PPN code of the card.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_index(16).unwrap().code(), b'H');
    /// ```
    pub const fn code(self) -> u8 {
        CODES[self.0 as usize]
    }

    /// The PPN index (0..32).
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_code(b'W').unwrap().index(), 31);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// use kibitz::Suit;
    /// assert_eq!(Card::from_code(b'P').unwrap().suit(), Suit::Clubs);
    /// ```
    pub const fn suit(self) -> Suit {
        SUITS[(self.0 / 8) as usize]
    }

    /// The rank.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// use kibitz::Rank;
    /// assert_eq!(Card::from_code(b'4').unwrap().rank(), Rank::Ten);
    /// ```
    pub const fn rank(self) -> Rank {
        RANKS[(self.0 % 8) as usize]
    }

    /// The card's name in the spec's "mini" form: rank (`X` for ten) then suit.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_code(b'C').unwrap().mini(), "XD");
    /// ```
    pub const fn mini(self) -> &'static str {
        const NAMES: [&str; 32] = [
            "7S", "8S", "9S", "XS", "JS", "QS", "KS", "AS", "7D", "8D", "9D", "XD", "JD", "QD",
            "KD", "AD", "7H", "8H", "9H", "XH", "JH", "QH", "KH", "AH", "7C", "8C", "9C", "XC",
            "JC", "QC", "KC", "AC",
        ];
        NAMES[self.0 as usize]
    }

    /// The code and the name, for messages: `M (QH)`.
    ///
    /// ```
    /// use kibitz::preferans::Card;
    /// assert_eq!(Card::from_code(b'M').unwrap().describe(), "M (QH)");
    /// ```
    pub fn describe(self) -> String {
        format!("{} ({})", self.code() as char, self.mini())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mini())
    }
}

/// A set of cards of the 32-card deck, one bit per card.
///
/// ```
/// use kibitz::preferans::{Card, CardSet};
/// use kibitz::Suit;
/// let hand = CardSet::from_codes(b"1BDHM27WQK").unwrap();
/// assert_eq!(hand.len(), 10);
/// assert_eq!(hand.suit(Suit::Spades).len(), 3);
/// assert_eq!(hand.suit(Suit::Clubs).highest(), Card::from_code(b'W'));
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No card.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::CardSet::EMPTY.len(), 0);
    /// ```
    pub const EMPTY: CardSet = CardSet(0);
    /// All 32 cards.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::CardSet::FULL.len(), 32);
    /// ```
    pub const FULL: CardSet = CardSet(u32::MAX);

    /// The set holding only `card`.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// let c = Card::from_code(b'A').unwrap();
    /// assert!(CardSet::single(c).contains(c));
    /// ```
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    /// All cards of `suit`.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// use kibitz::Suit;
    /// assert_eq!(CardSet::suit_mask(Suit::Diamonds).0, 0xFF00);
    /// ```
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(0xFF << (8 * suit_index(suit)))
    }

    /// The set of the cards written as PPN codes, or `None` if a code is not a card.
    /// A code written twice counts once.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// assert_eq!(CardSet::from_codes(b"12").unwrap().len(), 2);
    /// assert!(CardSet::from_codes(b"1Z").is_none());
    /// ```
    pub fn from_codes(codes: &[u8]) -> Option<CardSet> {
        let mut s = CardSet::EMPTY;
        for &b in codes {
            s.insert(Card::from_code(b)?);
        }
        Some(s)
    }

    /// Number of cards.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::CardSet::EMPTY.len(), 0);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(kibitz::preferans::CardSet::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// assert!(!CardSet::EMPTY.contains(Card::from_code(b'1').unwrap()));
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds `card`; returns whether it was new.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// let mut s = CardSet::EMPTY;
    /// let c = Card::from_code(b'1').unwrap();
    /// assert!(s.insert(c));
    /// assert!(!s.insert(c));
    /// ```
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.0;
        new
    }

    /// Removes `card`; returns whether it was there.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// let c = Card::from_code(b'1').unwrap();
    /// let mut s = CardSet::single(c);
    /// assert!(s.remove(c));
    /// assert!(s.is_empty());
    /// ```
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.0);
        had
    }

    /// The cards of `suit` in the set.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// use kibitz::Suit;
    /// let s = CardSet::from_codes(b"19H").unwrap();
    /// assert_eq!(s.suit(Suit::Hearts).len(), 1);
    /// ```
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit_mask(suit).0)
    }

    /// Whether the set holds a card of `suit`.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// use kibitz::Suit;
    /// assert!(!CardSet::from_codes(b"19").unwrap().has_suit(Suit::Clubs));
    /// ```
    pub const fn has_suit(self, suit: Suit) -> bool {
        self.suit(suit).0 != 0
    }

    /// The highest card by index (within one suit: the highest rank).
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// assert_eq!(CardSet::from_codes(b"38").unwrap().highest(), Card::from_code(b'8'));
    /// ```
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(31 - self.0.leading_zeros() as u8))
        }
    }

    /// The lowest card by index.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// assert_eq!(CardSet::from_codes(b"38").unwrap().lowest(), Card::from_code(b'3'));
    /// ```
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The cards in index order.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// let codes: Vec<u8> = CardSet::from_codes(b"W1").unwrap().iter().map(|c| c.code()).collect();
    /// assert_eq!(codes, b"1W");
    /// ```
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The `n`-th card in index order.
    ///
    /// ```
    /// use kibitz::preferans::{Card, CardSet};
    /// assert_eq!(CardSet::from_codes(b"1W").unwrap().nth(1), Card::from_code(b'W'));
    /// ```
    pub fn nth(self, n: usize) -> Option<Card> {
        self.iter().nth(n)
    }

    /// The set's PPN codes in index order, for messages.
    ///
    /// ```
    /// use kibitz::preferans::CardSet;
    /// assert_eq!(CardSet::from_codes(b"W1").unwrap().codes(), "1W");
    /// ```
    pub fn codes(self) -> String {
        self.iter().map(|c| c.code() as char).collect()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({})", self.codes())
    }
}

/// Iterator over a [`CardSet`] in index order.
///
/// ```
/// use kibitz::preferans::CardSet;
/// let mut it = CardSet::from_codes(b"AB").unwrap().iter();
/// assert_eq!(it.len(), 2);
/// assert_eq!(it.next().map(|c| c.code()), Some(b'A'));
/// ```
#[derive(Clone, Debug)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

crate::table::bitset_ops!(CardSet, Card);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_table_matches_the_spec_by_hand() {
        // From the spec's table: 10 spade = 4, J diamond = D, 7 heart = H, K club = V.
        let c = |b| Card::from_code(b).unwrap();
        assert_eq!((c(b'4').suit(), c(b'4').rank()), (Suit::Spades, Rank::Ten));
        assert_eq!(
            (c(b'D').suit(), c(b'D').rank()),
            (Suit::Diamonds, Rank::Jack)
        );
        assert_eq!(
            (c(b'H').suit(), c(b'H').rank()),
            (Suit::Hearts, Rank::Seven)
        );
        assert_eq!((c(b'V').suit(), c(b'V').rank()), (Suit::Clubs, Rank::King));
        for i in 0..32 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(Card::from_code(card.code()), Some(card));
            assert_eq!(Card::new(card.suit(), card.rank()), Some(card));
        }
        for b in 0..=255u8 {
            assert_eq!(Card::from_code(b).is_some(), CODES.contains(&b), "{b}");
        }
    }
}
