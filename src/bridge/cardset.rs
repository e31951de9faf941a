//! A set of cards of the 52-card deck as a 64-bit bitset.

use std::fmt;
use std::str::FromStr;

use crate::{Card, Rank, Suit};

/// A set of cards, one bit per card: bit `suit * 16 + rank`, so that each suit
/// occupies its own 16-bit lane (13 bits used). Set operations are single
/// machine instructions and nothing is allocated.
///
/// `Display` and `FromStr` use the PBN hand syntax: `S.H.D.C` ranks, highest first.
///
/// ```
/// use kibitz::{Card, CardSet, Suit};
/// let hand: CardSet = "AK.QJT..98765432".parse().unwrap();
/// assert_eq!(hand.len(), 13);
/// assert_eq!(hand.suit(Suit::Hearts).len(), 3);
/// assert!(hand.contains("SK".parse().unwrap()));
/// assert_eq!(hand.to_string(), "AK.QJT..98765432");
/// let spades = hand & CardSet::suit_mask(Suit::Spades);
/// assert_eq!(spades.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["SA", "SK"]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

const LANE: u64 = 0x1fff;

/// What each byte adds to a hand ([`CardSet::from_dotted`]): a rank's bit
/// (bits 0-12, either case), [`DOT_STEP`] for a dot, nothing for any other
/// byte.
static HAND_BYTE: [u32; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 128 {
        if let Some(r) = Rank::from_char(b as u8 as char) {
            t[b] = 1 << r as u32;
        }
        b += 1;
    }
    t[b'.' as usize] = DOT_STEP;
    t
};
/// A dot: the next suit's bits lie 16 lower (the field from bit 16 on is the step).
const DOT_STEP: u32 = 16 << 16;

impl CardSet {
    /// The empty set.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// assert!(CardSet::EMPTY.is_empty());
    /// ```
    pub const EMPTY: CardSet = CardSet(0);

    /// All 52 cards.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// assert_eq!(CardSet::FULL.len(), 52);
    /// ```
    pub const FULL: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);

    /// All 13 cards of `suit`.
    ///
    /// ```
    /// use kibitz::{CardSet, Suit};
    /// assert_eq!(CardSet::suit_mask(Suit::Diamonds).len(), 13);
    /// ```
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(LANE << (suit as u32 * 16))
    }

    /// The set holding only `card`.
    ///
    /// ```
    /// use kibitz::{Card, CardSet};
    /// let c: Card = "H5".parse().unwrap();
    /// assert_eq!(CardSet::single(c).len(), 1);
    /// ```
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.bit())
    }

    /// Number of cards.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// assert_eq!("A.K.Q.J".parse::<CardSet>().unwrap().len(), 4);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// assert!("...".parse::<CardSet>().unwrap().is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// assert!(CardSet::FULL.contains("CT".parse().unwrap()));
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.bit()) != 0
    }

    /// Adds `card`; returns whether it was absent before.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// let mut s = CardSet::EMPTY;
    /// assert!(s.insert("DA".parse().unwrap()));
    /// assert!(!s.insert("DA".parse().unwrap()));
    /// ```
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1 << card.bit();
        let was = self.0 & bit == 0;
        self.0 |= bit;
        was
    }

    /// Removes `card`; returns whether it was present.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// let mut s = CardSet::FULL;
    /// assert!(s.remove("DA".parse().unwrap()));
    /// assert_eq!(s.len(), 51);
    /// ```
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1 << card.bit();
        let was = self.0 & bit != 0;
        self.0 &= !bit;
        was
    }

    /// The cards of `suit` in this set.
    ///
    /// ```
    /// use kibitz::{CardSet, Suit};
    /// let h: CardSet = "A.KQ..".parse().unwrap();
    /// assert_eq!(h.suit(Suit::Hearts).len(), 2);
    /// ```
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit_mask(suit).0)
    }

    /// Whether the set holds any card of `suit`.
    ///
    /// ```
    /// use kibitz::{CardSet, Suit};
    /// let h: CardSet = "A...".parse().unwrap();
    /// assert!(h.has_suit(Suit::Spades));
    /// assert!(!h.has_suit(Suit::Clubs));
    /// ```
    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.suit(suit).is_empty()
    }

    /// The highest card (spades ace is highest overall), if any.
    ///
    /// ```
    /// use kibitz::{CardSet, Suit};
    /// let h: CardSet = "..K2.A".parse().unwrap();
    /// assert_eq!(h.highest().unwrap().to_string(), "DK");
    /// assert_eq!(h.suit(Suit::Clubs).highest().unwrap().to_string(), "CA");
    /// ```
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_bit(63 - self.0.leading_zeros())
        }
    }

    /// The lowest card in deck order (clubs below diamonds below hearts below
    /// spades; two lowest within a suit), if any.
    ///
    /// ```
    /// use kibitz::{CardSet, Suit};
    /// let h: CardSet = "..K2.A".parse().unwrap();
    /// assert_eq!(h.lowest().unwrap().to_string(), "CA");
    /// assert_eq!(h.suit(Suit::Diamonds).lowest().unwrap().to_string(), "D2");
    /// ```
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_bit(self.0.trailing_zeros())
        }
    }

    /// Iterates over the cards from highest (spade ace) to lowest (club two).
    ///
    /// ```
    /// use kibitz::CardSet;
    /// let h: CardSet = "2..A.".parse().unwrap();
    /// let v: Vec<String> = h.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(v, ["S2", "DA"]);
    /// ```
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// Reads one hand written `S.H.D.C` (PBN's Deal, RBN's H label): its
    /// cards and how many were written, `None` unless it has exactly three
    /// dots. Ranks in any order and either case; a byte that is no rank, or a
    /// card written twice, counts as written but adds no card, so the set is
    /// smaller than the count. Every byte costs the same few operations, with
    /// no branch on what it is: the suits' lengths differ from hand to hand,
    /// and a branch per dot cost a misprediction each (PBN's `deal`: 7.6% ->
    /// 6.4% of the read + decode bench's time).
    ///
    /// ```
    /// use kibitz::CardSet;
    /// let (set, n) = CardSet::from_dotted(b"AK.q..T2").unwrap();
    /// assert_eq!((set.to_string().as_str(), n), ("AK.Q..T2", 5));
    /// assert_eq!(CardSet::from_dotted(b"AA.x..").map(|(s, n)| (s.len(), n)), Some((1, 3)));
    /// assert_eq!(CardSet::from_dotted(b"AK.Q.J"), None);
    /// ```
    #[inline]
    pub fn from_dotted(part: &[u8]) -> Option<(CardSet, usize)> {
        // Card bit = suit * 16 + rank; the hand lists spades (suit 3) first.
        let (mut set, mut shift) = (0u64, 48u32);
        for &c in part {
            let e = HAND_BYTE[usize::from(c)];
            set |= u64::from(e & 0x1fff) << (shift & 63);
            shift = shift.wrapping_sub(e >> 16);
        }
        // Exactly three dots bring the shift to 0. Every other byte counts as
        // a card written, so a byte that is no rank leaves fewer cards than
        // written.
        (shift == 0).then(|| (CardSet(set), part.len() - 3))
    }

    /// Parses one PBN hand (`S.H.D.C`), returning the set and the first card that
    /// is written twice, if any. Ranks may be in any order and either case.
    ///
    /// ```
    /// use kibitz::CardSet;
    /// let (set, dup) = CardSet::parse_hand_dup("AKA...").unwrap();
    /// assert_eq!(set.len(), 2);
    /// assert_eq!(dup.unwrap().to_string(), "SA");
    /// ```
    pub fn parse_hand_dup(s: &str) -> Result<(CardSet, Option<Card>), ParseHandError> {
        let mut set = CardSet::EMPTY;
        let mut dup = None;
        let mut suits = Suit::HAND_ORDER.iter();
        let mut suit = suits.next();
        for c in s.chars() {
            if c == '.' {
                suit = suits.next();
                if suit.is_none() {
                    return Err(ParseHandError::Suits);
                }
                continue;
            }
            let rank = Rank::from_char(c).ok_or(ParseHandError::Rank(c))?;
            let card = Card::new(*suit.expect("checked above"), rank);
            if !set.insert(card) && dup.is_none() {
                dup = Some(card);
            }
        }
        if suits.next().is_some() {
            return Err(ParseHandError::Suits);
        }
        Ok((set, dup))
    }
}

/// Why a hand string did not parse.
///
/// ```
/// use kibitz::CardSet;
/// let e = "AK.Q".parse::<CardSet>().unwrap_err();
/// assert_eq!(e.to_string(), "a hand needs four suits separated by three dots");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseHandError {
    /// Not exactly four suits.
    #[error("a hand needs four suits separated by three dots")]
    Suits,
    /// A character that is not a rank.
    #[error("{0:?} is not a rank")]
    Rank(char),
    /// A card written twice.
    #[error("{0} is written twice")]
    Duplicate(Card),
}

impl FromStr for CardSet {
    type Err = ParseHandError;

    /// Strict parse: a card written twice is an error.
    fn from_str(s: &str) -> Result<CardSet, ParseHandError> {
        match CardSet::parse_hand_dup(s)? {
            (set, None) => Ok(set),
            (_, Some(card)) => Err(ParseHandError::Duplicate(card)),
        }
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in Suit::HAND_ORDER.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            for card in self.suit(*suit).iter() {
                write!(f, "{}", card.rank().char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

/// Iterator over a [`CardSet`], highest card first.
///
/// ```
/// use kibitz::CardSet;
/// assert_eq!(CardSet::FULL.iter().count(), 52);
/// ```
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = 63 - self.0.leading_zeros();
        self.0 &= !(1 << bit);
        Card::from_bit(bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

crate::table::bitset_ops!(CardSet, Card);

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn set_algebra() {
        let a: CardSet = "AK.Q..".parse().unwrap();
        let b: CardSet = "K.QJ..2".parse().unwrap();
        assert_eq!((a & b).to_string(), "K.Q..");
        assert_eq!((a | b).to_string(), "AK.QJ..2");
        assert_eq!((a - b).to_string(), "A...");
        assert_eq!((!a).len(), 49);
        assert!(!(!a).contains(card("SA")));
    }

    #[test]
    fn iteration_is_high_to_low_across_suits() {
        let s: CardSet = "2.A.T.K".parse().unwrap();
        let order: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        assert_eq!(order, ["S2", "HA", "DT", "CK"]);
        let all: Vec<Card> = CardSet::FULL.iter().collect();
        assert_eq!(all.first(), Some(&card("SA")));
        assert_eq!(all.last(), Some(&card("C2")));
        assert!(all.windows(2).all(|w| w[0] > w[1]));
    }

    #[test]
    fn parse_accepts_lower_case_and_any_order() {
        let s: CardSet = "2ka.t..".parse().unwrap();
        assert_eq!(s.to_string(), "AK2.T..");
    }

    #[test]
    fn parse_errors() {
        assert_eq!("AK.Q.J".parse::<CardSet>(), Err(ParseHandError::Suits));
        assert_eq!("A.K.Q.J.".parse::<CardSet>(), Err(ParseHandError::Suits));
        assert_eq!(
            "A1.K.Q.J".parse::<CardSet>(),
            Err(ParseHandError::Rank('1'))
        );
        assert_eq!(
            "A.K.Q.JJ".parse::<CardSet>(),
            Err(ParseHandError::Duplicate(card("CJ")))
        );
    }

    #[test]
    fn suit_masks_partition_the_deck() {
        let mut all = CardSet::EMPTY;
        for s in Suit::ALL {
            assert_eq!((all & CardSet::suit_mask(s)).len(), 0);
            all |= CardSet::suit_mask(s);
        }
        assert_eq!(all, CardSet::FULL);
    }
}
