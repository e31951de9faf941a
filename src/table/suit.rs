//! The four suits of the 52-card deck.

use std::fmt;

/// A suit. Ordered by bridge rank: clubs < diamonds < hearts < spades.
///
/// ```
/// use kibitz::Suit;
/// assert!(Suit::Clubs < Suit::Spades);
/// assert_eq!(Suit::from_char('h'), Some(Suit::Hearts));
/// assert_eq!(Suit::Diamonds.char(), 'D');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    /// Clubs, the lowest suit.
    Clubs = 0,
    /// Diamonds.
    Diamonds = 1,
    /// Hearts.
    Hearts = 2,
    /// Spades, the highest suit.
    Spades = 3,
}

impl Suit {
    /// All suits, lowest first.
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::ALL[0], Suit::Clubs);
    /// ```
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// All suits in the order PBN and RBN write hands: spades, hearts, diamonds, clubs.
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::HAND_ORDER[1], Suit::Hearts);
    /// ```
    pub const HAND_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with index `i` (0 = clubs .. 3 = spades).
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::from_index(3), Some(Suit::Spades));
    /// assert_eq!(Suit::from_index(4), None);
    /// ```
    pub const fn from_index(i: usize) -> Option<Suit> {
        if i < 4 { Some(Suit::ALL[i]) } else { None }
    }

    /// Index of the suit, 0 for clubs up to 3 for spades.
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::Hearts.index(), 2);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses `S`, `H`, `D`, `C` in either case.
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::from_char('c'), Some(Suit::Clubs));
    /// assert_eq!(Suit::from_char('N'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The upper-case letter of the suit.
    ///
    /// ```
    /// use kibitz::Suit;
    /// assert_eq!(Suit::Spades.char(), 'S');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
