//! [`Cards`]: a multiset of pinochle cards in one `u64`, three bits per card.

use std::fmt;

use super::card::{Card, CardKinds, HAND_SUITS, Rank};
use crate::Suit;

/// Low bit of every 3-bit lane.
const LOW: u64 = 0o1111_1111_1111_1111_1111;
/// Top bit of every lane.
const HIGH: u64 = LOW << 2;
/// Every bit of the 20 lanes.
const LANES: u64 = LOW * 7;

/// Compares the counts of `a` and `b` lane by lane, all lanes at once: the
/// lanes where `a`'s count is below `b`'s (all three bits set), and `a - b`
/// in every lane (mod 8). With each lane's top bit set in `a` and cleared in
/// `b`, no borrow crosses a lane; the top bit is then put right, and the
/// borrow out of it (a full subtractor's) marks the lanes where `a < b`.
/// Bits above the lanes are ignored.
const fn compare(a: u64, b: u64) -> (u64, u64) {
    let (a, b) = (a & LANES, b & LANES);
    let diff = ((a | HIGH) - (b & !HIGH)) ^ ((a ^ !b) & HIGH);
    let borrow = ((!a & b) | (!(a ^ b) & diff)) & HIGH;
    ((borrow >> 2) * 7, diff & LANES)
}

/// A multiset of cards: how many copies of each of the 20 cards (0 to 7; the
/// deck has four). Fixed size, no allocation: card `i` is the 3-bit lane at
/// bits `3i..3i+3` of a `u64`.
///
/// Written in the Deal/Holding/Melds syntax: four suits in the order C, D, S, H
/// separated by dots, each a run of rank letters (`ATTTQQJ.QQJJ.AQQQJ.TKQQ`).
///
/// ```
/// use kibitz::pinochle::{Card, Cards};
/// use kibitz::Suit;
/// let h: Cards = "ATTTQQJ.QQJJ.AQQQJ.TKQQ".parse().unwrap();
/// assert_eq!(h.len(), 20);
/// assert_eq!(h.count("CT".parse().unwrap()), 3);
/// assert_eq!(h.suit_len(Suit::Spades), 5);
/// assert_eq!(h.to_string(), "ATTTQQJ.QQJJ.AQQQJ.TKQQ");
/// assert_eq!(Cards::DECK.len(), 80);
/// assert!(h.is_subset(Cards::DECK));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards(pub u64);

impl Cards {
    /// No card.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::Cards::EMPTY.len(), 0);
    /// ```
    pub const EMPTY: Cards = Cards(0);
    /// The whole 80-card deck: four copies of every card.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!(Cards::DECK.suit_len(kibitz::Suit::Spades), 20);
    /// ```
    pub const DECK: Cards = Cards(LOW << 2);

    /// Copies of `card`.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!(Cards::DECK.count("SQ".parse().unwrap()), 4);
    /// ```
    pub const fn count(self, card: Card) -> u8 {
        ((self.0 >> (3 * card.index())) & 7) as u8
    }

    /// Whether at least one copy of `card` is present.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert!(!Cards::EMPTY.contains("SQ".parse().unwrap()));
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Sets the number of copies of `card` (taken modulo 8).
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let mut c = Cards::EMPTY;
    /// c.set_count("HA".parse().unwrap(), 2);
    /// assert_eq!(c.to_string(), "...AA");
    /// ```
    pub fn set_count(&mut self, card: Card, n: u8) {
        let shift = 3 * card.index();
        self.0 = (self.0 & !(7 << shift)) | (u64::from(n & 7) << shift);
    }

    /// Adds one copy; `false` (and no change) when there are already 7.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let mut c = Cards::EMPTY;
    /// assert!(c.insert("DJ".parse().unwrap()));
    /// assert_eq!(c.len(), 1);
    /// ```
    pub fn insert(&mut self, card: Card) -> bool {
        let n = self.count(card);
        if n >= 7 {
            return false;
        }
        self.0 += 1 << (3 * card.index());
        true
    }

    /// Removes one copy; `false` when there is none.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let mut c = Cards::DECK;
    /// assert!(c.remove("DJ".parse().unwrap()));
    /// assert_eq!(c.len(), 79);
    /// assert!(!Cards::EMPTY.clone().remove("DJ".parse().unwrap()));
    /// ```
    pub fn remove(&mut self, card: Card) -> bool {
        if self.count(card) == 0 {
            return false;
        }
        self.0 -= 1 << (3 * card.index());
        true
    }

    /// Total number of cards, copies counted.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!("AA.K..".parse::<Cards>().unwrap().len(), 3);
    /// ```
    pub const fn len(self) -> u32 {
        (self.0 & LOW).count_ones()
            + 2 * (self.0 & (LOW << 1)).count_ones()
            + 4 * (self.0 & (LOW << 2)).count_ones()
    }

    /// Whether there is no card.
    ///
    /// ```
    /// assert!(kibitz::pinochle::Cards::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards of `suit`.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// use kibitz::Suit;
    /// assert_eq!(Cards::DECK.suit(Suit::Hearts).len(), 20);
    /// ```
    pub const fn suit(self, suit: Suit) -> Cards {
        Cards(self.0 & (0x7fff << (15 * suit as u32)))
    }

    /// Number of cards of `suit`, copies counted.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!("AA.K..J".parse::<Cards>().unwrap().suit_len(kibitz::Suit::Hearts), 1);
    /// ```
    pub const fn suit_len(self, suit: Suit) -> u32 {
        self.suit(suit).len()
    }

    /// The distinct cards present.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!("AAAA...".parse::<Cards>().unwrap().kinds().len(), 1);
    /// ```
    pub const fn kinds(self) -> CardKinds {
        let any = (self.0 | self.0 >> 1 | self.0 >> 2) & LOW;
        // Gather the low bit of every lane (bit 3i) into bit i: lanes in
        // pairs at bits 6j, 6j+1, then fours at 12m, eights at 24n, and the
        // first sixteen at bits 0-15, the last four at 48-51.
        let pairs = (any | any >> 2) & 0o0303_0303_0303_0303_0303;
        let fours = (pairs | pairs >> 4) & 0x000f_00f0_0f00_f00f;
        let eights = (fours | fours >> 8) & 0x00ff_0000_ff00_00ff;
        let halves = (eights | eights >> 16) & 0xffff_0000_0000_ffff;
        CardKinds(((halves & 0xffff) | (halves >> 48) << 16) as u32)
    }

    /// One copy of each card in `kinds`.
    ///
    /// ```
    /// use kibitz::pinochle::{CardKinds, Cards};
    /// assert_eq!(Cards::once(CardKinds::FULL).len(), 20);
    /// ```
    pub fn once(kinds: CardKinds) -> Cards {
        let mut c = Cards::EMPTY;
        for k in kinds.iter() {
            c.insert(k);
        }
        c
    }

    fn zip(self, o: Cards, f: impl Fn(u8, u8) -> u8) -> Cards {
        let mut out = 0u64;
        for i in 0..20 {
            let a = ((self.0 >> (3 * i)) & 7) as u8;
            let b = ((o.0 >> (3 * i)) & 7) as u8;
            out |= u64::from(f(a, b) & 7) << (3 * i);
        }
        Cards(out)
    }

    /// Multiset union: the larger count of each card.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let a: Cards = "AA...".parse().unwrap();
    /// let b: Cards = "A.K..".parse().unwrap();
    /// assert_eq!(a.union(b).to_string(), "AA.K..");
    /// ```
    pub fn union(self, o: Cards) -> Cards {
        let (below, _) = compare(self.0, o.0);
        Cards((self.0 & LANES & !below) | (o.0 & below))
    }

    /// Multiset intersection: the smaller count of each card.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let a: Cards = "AA.K..".parse().unwrap();
    /// assert_eq!(a.intersection("A...".parse().unwrap()).to_string(), "A...");
    /// ```
    pub fn intersection(self, o: Cards) -> Cards {
        let (below, _) = compare(self.0, o.0);
        Cards((self.0 & below) | (o.0 & LANES & !below))
    }

    /// Multiset difference: each count minus the other's, at least 0.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let a: Cards = "AA.K..".parse().unwrap();
    /// assert_eq!(a.difference("AAA...".parse().unwrap()).to_string(), ".K..");
    /// ```
    pub fn difference(self, o: Cards) -> Cards {
        let (below, diff) = compare(self.0, o.0);
        Cards(diff & !below)
    }

    /// Multiset sum, or `None` when a card would have more than 7 copies.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let a: Cards = "AA...".parse().unwrap();
    /// assert_eq!(a.sum(a).unwrap().to_string(), "AAAA...");
    /// assert!(Cards::DECK.sum(Cards::DECK).is_none());
    /// ```
    pub fn sum(self, o: Cards) -> Option<Cards> {
        let over = (0..20).any(|i| ((self.0 >> (3 * i)) & 7) + ((o.0 >> (3 * i)) & 7) > 7);
        let s = self.zip(o, |a, b| a + b);
        if over { None } else { Some(s) }
    }

    /// Whether every card has at most as many copies as in `o`.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let a: Cards = "AA...".parse().unwrap();
    /// assert!(a.is_subset("AAA.J..".parse().unwrap()));
    /// assert!(!a.is_subset("A...".parse().unwrap()));
    /// ```
    pub fn is_subset(self, o: Cards) -> bool {
        compare(o.0, self.0).0 == 0
    }

    /// Every card, each as many times as it is present, in index order.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// let v: Vec<String> = "AA...J".parse::<Cards>().unwrap().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(v, ["CA", "CA", "HJ"]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::all().flat_map(move |c| std::iter::repeat_n(c, usize::from(self.count(c))))
    }

    /// Parses one hand in the Deal syntax: four dot-separated suits C, D, S, H,
    /// each a run of rank letters (any order, any case).
    ///
    /// # Errors
    ///
    /// Not four suits, a letter that is not a rank, or more than 7 copies.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert!(Cards::parse_hand("A.T.K.Q").is_ok());
    /// assert!(Cards::parse_hand("A.T.K").is_err());
    /// assert!(Cards::parse_hand("9...").is_err());
    /// ```
    pub fn parse_hand(s: &str) -> Result<Cards, ParseCardsError> {
        let err = || ParseCardsError(s.to_string());
        let mut c = Cards::EMPTY;
        // Bytes, not chars: a byte of a character beyond ASCII is no rank
        // either (a char search for each `.` cost about a third of the time).
        let mut parts = s.as_bytes().split(|&b| b == b'.');
        for suit in HAND_SUITS {
            let part = parts.next().ok_or_else(err)?;
            for &b in part {
                let r = Rank::from_char(char::from(b)).ok_or_else(err)?;
                if !c.insert(Card::new(suit, r)) {
                    return Err(err());
                }
            }
        }
        if parts.next().is_some() {
            return Err(err());
        }
        Ok(c)
    }

    /// Parses a space-separated list of cards in the Play/Kitty syntax (`SK HA CT`).
    ///
    /// # Errors
    ///
    /// A token that is not a card, or more than 7 copies.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!(Cards::parse_list("SK HA SK").unwrap().to_string(), "..KK.A");
    /// assert!(Cards::parse_list("SK H9").is_err());
    /// ```
    pub fn parse_list(s: &str) -> Result<Cards, ParseCardsError> {
        let mut c = Cards::EMPTY;
        for t in s.split_ascii_whitespace() {
            let card = Card::from_bytes(t.as_bytes()).ok_or_else(|| ParseCardsError(s.into()))?;
            if !c.insert(card) {
                return Err(ParseCardsError(s.into()));
            }
        }
        Ok(c)
    }

    /// The cards in the Play/Kitty syntax: `SK HA CT`, suits C, D, S, H, ranks
    /// A to J.
    ///
    /// ```
    /// use kibitz::pinochle::Cards;
    /// assert_eq!("A..Q.".parse::<Cards>().unwrap().list(), "CA SQ");
    /// ```
    pub fn list(self) -> String {
        let mut out = String::new();
        for suit in HAND_SUITS {
            for r in Rank::WRITE_ORDER {
                for _ in 0..self.count(Card::new(suit, r)) {
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    out.push(suit.char());
                    out.push(r.char());
                }
            }
        }
        out
    }
}

impl fmt::Display for Cards {
    /// The Deal syntax: suits C, D, S, H separated by dots, ranks A T K Q J.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in HAND_SUITS.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            for r in Rank::WRITE_ORDER {
                for _ in 0..self.count(Card::new(suit, r)) {
                    write!(f, "{}", r.char())?;
                }
            }
        }
        Ok(())
    }
}

/// A hand or card list that could not be read.
///
/// ```
/// use kibitz::pinochle::Cards;
/// assert!("A.B.C.D".parse::<Cards>().unwrap_err().to_string().contains("A.B.C.D"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pinochle hand: {0:?}")]
pub struct ParseCardsError(pub String);

impl std::str::FromStr for Cards {
    type Err = ParseCardsError;
    fn from_str(s: &str) -> Result<Cards, ParseCardsError> {
        Cards::parse_hand(s)
    }
}

impl FromIterator<Card> for Cards {
    /// Collects cards; copies beyond 7 are dropped.
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut c = Cards::EMPTY;
        for card in iter {
            c.insert(card);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_do_not_bleed() {
        let mut c = Cards::EMPTY;
        for card in Card::all() {
            for _ in 0..7 {
                assert!(c.insert(card));
            }
            assert!(!c.insert(card));
        }
        assert_eq!(c.len(), 140);
        for card in Card::all() {
            assert_eq!(c.count(card), 7);
        }
        assert_eq!(Cards::DECK.difference(Cards::DECK), Cards::EMPTY);
        assert_eq!(Cards::DECK.kinds(), CardKinds::FULL);
        for s in Suit::ALL {
            assert_eq!(Cards::DECK.suit(s).kinds(), CardKinds::suit_all(s));
        }
    }

    /// The lane-by-lane definitions the word-wide ones must agree with.
    fn each_lane(a: Cards, b: Cards, f: impl Fn(u64, u64) -> u64) -> Cards {
        Cards((0..20).fold(0, |out, i| {
            out | (f((a.0 >> (3 * i)) & 7, (b.0 >> (3 * i)) & 7) & 7) << (3 * i)
        }))
    }

    #[test]
    fn word_wide_lane_operations_agree_with_lane_by_lane_ones() {
        let mut rng = crate::xorshift::Xorshift(0x9e37_79b9_7f4a_7c15);
        // Random words (bits above the lanes set too), words whose lanes
        // take only a few values (equal counts, 0 against 7), and every
        // pair of counts in lane 0 and lane 19.
        let mut pairs = Vec::new();
        for _ in 0..20_000 {
            pairs.push((rng.next(), rng.next()));
            let few = |r: &mut crate::xorshift::Xorshift| {
                (0..20).fold(0u64, |w, i| w | [0u64, 7, 3, 4][r.below(4)] << (3 * i))
            };
            pairs.push((few(&mut rng), few(&mut rng)));
        }
        for x in 0..8u64 {
            for y in 0..8u64 {
                pairs.push((x | x << 57, y | y << 57));
            }
        }
        for (a, b) in pairs {
            let (a, b) = (Cards(a), Cards(b));
            assert_eq!(a.union(b), each_lane(a, b, u64::max), "{a:?} {b:?}");
            assert_eq!(a.intersection(b), each_lane(a, b, u64::min), "{a:?} {b:?}");
            assert_eq!(
                a.difference(b),
                each_lane(a, b, u64::saturating_sub),
                "{a:?} {b:?}"
            );
            let subset = (0..20).all(|i| (a.0 >> (3 * i)) & 7 <= (b.0 >> (3 * i)) & 7);
            assert_eq!(a.is_subset(b), subset, "{a:?} {b:?}");
            let kinds = (0..20)
                .filter(|i| (a.0 >> (3 * i)) & 7 != 0)
                .fold(0, |k, i| k | 1 << i);
            assert_eq!(a.kinds(), CardKinds(kinds), "{a:?}");
        }
    }
}
