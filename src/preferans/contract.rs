//! Contracts and the discard: what main plays and what he puts away.

use std::fmt;

use super::Card;
use crate::Suit;

/// A contract: `2`..`8` (spade, diamond, heart, club, betl, sans, preferans),
/// `G2`..`G8` when played as a game (without the talon).
///
/// ```
/// use kibitz::preferans::Contract;
/// use kibitz::Suit;
/// let c = Contract::parse(b"G4").unwrap();
/// assert_eq!(c.trump(), Some(Suit::Hearts));
/// assert_eq!(c.base_value(), 10);
/// assert_eq!(c.to_string(), "G4");
/// assert!(Contract::parse(b"6").unwrap().is_betl());
/// assert_eq!(Contract::parse(b"9"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contract {
    /// 2..=8.
    pub level: u8,
    /// Played as a game (written with `G`).
    pub game: bool,
}

impl Contract {
    /// The contract of `level` (2..=8), `None` otherwise.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert!(Contract::new(7, true).is_some());
    /// assert!(Contract::new(1, false).is_none());
    /// ```
    pub const fn new(level: u8, game: bool) -> Option<Contract> {
        if level >= 2 && level <= 8 {
            Some(Contract { level, game })
        } else {
            None
        }
    }

    /// The contract written as `s`.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert_eq!(Contract::parse(b"7").unwrap().level, 7);
    /// ```
    pub fn parse(s: &[u8]) -> Option<Contract> {
        let (game, rest) = match s {
            [b'G', rest @ ..] => (true, rest),
            _ => (false, s),
        };
        match rest {
            [d @ b'2'..=b'8'] => Contract::new(d - b'0', game),
            _ => None,
        }
    }

    /// The trump suit: spades, diamonds, hearts, clubs for 2..5; none for betl,
    /// sans and preferans.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert_eq!(Contract::parse(b"7").unwrap().trump(), None);
    /// ```
    pub const fn trump(self) -> Option<Suit> {
        match self.level {
            2 => Some(Suit::Spades),
            3 => Some(Suit::Diamonds),
            4 => Some(Suit::Hearts),
            5 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Base value: 2 x level, plus 2 for a game (2 -> 4 ... 8 -> 16, G2 -> 6).
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert_eq!(Contract::parse(b"2").unwrap().base_value(), 4);
    /// assert_eq!(Contract::parse(b"G8").unwrap().base_value(), 18);
    /// ```
    pub const fn base_value(self) -> u32 {
        2 * self.level as u32 + if self.game { 2 } else { 0 }
    }

    /// Betl (6): main must take no trick.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert!(Contract::parse(b"G6").unwrap().is_betl());
    /// ```
    pub const fn is_betl(self) -> bool {
        self.level == 6
    }

    /// Sans (7): no trump, main needs 6 tricks.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert!(Contract::parse(b"7").unwrap().is_sans());
    /// ```
    pub const fn is_sans(self) -> bool {
        self.level == 7
    }

    /// Preferans (8): main needs all 10 tricks.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert!(Contract::parse(b"8").unwrap().is_preferans());
    /// ```
    pub const fn is_preferans(self) -> bool {
        self.level == 8
    }

    /// The name of the contract, for messages.
    ///
    /// ```
    /// use kibitz::preferans::Contract;
    /// assert_eq!(Contract::parse(b"G6").unwrap().name(), "game betl");
    /// ```
    pub fn name(self) -> String {
        let n = [
            "spade",
            "diamond",
            "heart",
            "club",
            "betl",
            "sans",
            "preferans",
        ][usize::from(self.level.clamp(2, 8) - 2)];
        if self.game {
            format!("game {n}")
        } else {
            n.to_string()
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game {
            f.write_str("G")?;
        }
        write!(f, "{}", self.level)
    }
}

/// The `discarded` field: two cards, or `XX` for a game (talon unseen).
///
/// ```
/// use kibitz::preferans::Discard;
/// assert_eq!(Discard::parse(b"XX"), Some(Discard::Unseen));
/// assert_eq!(Discard::parse(b"AR").unwrap().to_string(), "AR");
/// assert_eq!(Discard::parse(b"A"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Discard {
    /// `XX`.
    Unseen,
    /// Two cards (possibly the same one written twice, which the rules report).
    Cards([Card; 2]),
}

impl Discard {
    /// The field written as `s`.
    ///
    /// ```
    /// use kibitz::preferans::Discard;
    /// assert!(matches!(Discard::parse(b"GH"), Some(Discard::Cards(_))));
    /// assert_eq!(Discard::parse(b"G?"), None);
    /// ```
    pub fn parse(s: &[u8]) -> Option<Discard> {
        match s {
            b"XX" => Some(Discard::Unseen),
            [a, b] => Some(Discard::Cards([Card::from_code(*a)?, Card::from_code(*b)?])),
            _ => None,
        }
    }
}

impl fmt::Display for Discard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Discard::Unseen => f.write_str("XX"),
            Discard::Cards([a, b]) => write!(f, "{}{}", a.code() as char, b.code() as char),
        }
    }
}
