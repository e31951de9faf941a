//! Card ranks of the 52-card deck.

use std::fmt;

/// A rank, from two (lowest) to ace (highest).
///
/// ```
/// use kibitz::Rank;
/// assert!(Rank::Ace > Rank::King);
/// assert_eq!(Rank::from_char('t'), Some(Rank::Ten));
/// assert_eq!(Rank::Ten.char(), 'T');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rank {
    /// Two.
    Two = 0,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten, written `T`.
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
    /// Ace.
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::ALL.len(), 13);
    /// assert_eq!(Rank::ALL[12], Rank::Ace);
    /// ```
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with index `i` (0 = two .. 12 = ace).
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::from_index(0), Some(Rank::Two));
    /// assert_eq!(Rank::from_index(13), None);
    /// ```
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 { Some(Rank::ALL[i]) } else { None }
    }

    /// Index of the rank, 0 for two up to 12 for ace.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::Ace.index(), 12);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses `A K Q J T 9 .. 2` in either case. `10` is not a rank character; see
    /// [`Rank::from_str_lenient`] for that.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::from_char('q'), Some(Rank::Queen));
    /// assert_eq!(Rank::from_char('1'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            'A' | 'a' => Rank::Ace,
            'K' | 'k' => Rank::King,
            'Q' | 'q' => Rank::Queen,
            'J' | 'j' => Rank::Jack,
            'T' | 't' => Rank::Ten,
            '9' => Rank::Nine,
            '8' => Rank::Eight,
            '7' => Rank::Seven,
            '6' => Rank::Six,
            '5' => Rank::Five,
            '4' => Rank::Four,
            '3' => Rank::Three,
            '2' => Rank::Two,
            _ => return None,
        })
    }

    /// [`Rank::from_char`] for a byte, by table lookup.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::from_ascii(b't'), Some(Rank::Ten));
    /// assert_eq!(Rank::from_ascii(b'1'), None);
    /// assert_eq!(Rank::from_ascii(0xC1), None); // Latin-1 `Á`
    /// ```
    #[inline]
    pub const fn from_ascii(b: u8) -> Option<Rank> {
        RANK_OF[b as usize]
    }

    /// Parses a rank written as one character or as `10`.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::from_str_lenient("10"), Some(Rank::Ten));
    /// assert_eq!(Rank::from_str_lenient("K"), Some(Rank::King));
    /// assert_eq!(Rank::from_str_lenient("KK"), None);
    /// ```
    pub fn from_str_lenient(s: &str) -> Option<Rank> {
        if s == "10" {
            return Some(Rank::Ten);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c),
            _ => None,
        }
    }

    /// The upper-case character of the rank.
    ///
    /// ```
    /// use kibitz::Rank;
    /// assert_eq!(Rank::Nine.char(), '9');
    /// ```
    pub const fn char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }
}

/// The rank of each byte, as [`Rank::from_char`] reads it.
const RANK_OF: [Option<Rank>; 256] = {
    let mut t = [None; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = Rank::from_char(b as u8 as char);
        b += 1;
    }
    t
};

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_round_trip() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_char(r.char()), Some(r));
            assert_eq!(Rank::from_char(r.char().to_ascii_lowercase()), Some(r));
        }
    }

    #[test]
    fn byte_table_agrees_with_from_char() {
        for b in 0..=255u8 {
            assert_eq!(Rank::from_ascii(b), Rank::from_char(b as char), "{b}");
        }
        assert_eq!(Rank::from_ascii(b'Q'), Some(Rank::Queen));
    }
}
