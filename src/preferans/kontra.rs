//! The follow decisions and the kontra chain.

use std::fmt;

use super::Player;

/// Which followers decided to play (the `accepted` field).
///
/// ```
/// use kibitz::preferans::{Accepted, Player};
/// assert_eq!(Accepted::parse(b"0"), Some(Accepted::Nobody));
/// assert_eq!(Accepted::parse(b"2"), Some(Accepted::One(Player::Two)));
/// assert_eq!(Accepted::parse(b"9"), Some(Accepted::Both(9)));
/// assert_eq!(Accepted::Both(8).to_string(), "8");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Accepted {
    /// `0`: neither follower plays.
    Nobody,
    /// `1`..`3`: only this player follows.
    One(Player),
    /// A digit from `4` up (`8` by custom): both follow. The digit is kept as written.
    Both(u8),
}

impl Accepted {
    /// The field written as `s`: one digit.
    ///
    /// ```
    /// use kibitz::preferans::Accepted;
    /// assert_eq!(Accepted::parse(b"12"), None);
    /// ```
    pub fn parse(s: &[u8]) -> Option<Accepted> {
        match s {
            [b'0'] => Some(Accepted::Nobody),
            [d @ b'1'..=b'3'] => Player::from_digit(*d).map(Accepted::One),
            [d @ b'4'..=b'9'] => Some(Accepted::Both(d - b'0')),
            _ => None,
        }
    }
}

impl fmt::Display for Accepted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Accepted::Nobody => f.write_str("0"),
            Accepted::One(p) => write!(f, "{p}"),
            Accepted::Both(d) => write!(f, "{d}"),
        }
    }
}

/// How far a kontra chain went. Invitation is not a doubling: the follower who
/// plays invites the other, who then plays too.
///
/// ```
/// use kibitz::preferans::KontraLevel;
/// assert_eq!(KontraLevel::Rekontra.multiplier(), 4);
/// assert_eq!(KontraLevel::from_letter(b'M'), Some(KontraLevel::Mortkontra));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KontraLevel {
    /// `I`: invitation.
    Invitation,
    /// `K`: kontra (x2).
    Kontra,
    /// `R`: rekontra (x4).
    Rekontra,
    /// `S`: subkontra (x8).
    Subkontra,
    /// `M`: mortkontra (x16).
    Mortkontra,
}

impl KontraLevel {
    /// The level written as `b`.
    ///
    /// ```
    /// use kibitz::preferans::KontraLevel;
    /// assert_eq!(KontraLevel::from_letter(b'K'), Some(KontraLevel::Kontra));
    /// assert_eq!(KontraLevel::from_letter(b'X'), None);
    /// ```
    pub const fn from_letter(b: u8) -> Option<KontraLevel> {
        match b {
            b'I' => Some(KontraLevel::Invitation),
            b'K' => Some(KontraLevel::Kontra),
            b'R' => Some(KontraLevel::Rekontra),
            b'S' => Some(KontraLevel::Subkontra),
            b'M' => Some(KontraLevel::Mortkontra),
            _ => None,
        }
    }

    /// The letter.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::KontraLevel::Subkontra.letter(), b'S');
    /// ```
    pub const fn letter(self) -> u8 {
        match self {
            KontraLevel::Invitation => b'I',
            KontraLevel::Kontra => b'K',
            KontraLevel::Rekontra => b'R',
            KontraLevel::Subkontra => b'S',
            KontraLevel::Mortkontra => b'M',
        }
    }

    /// The value multiplier: 1 for an invitation, then 2, 4, 8, 16.
    ///
    /// ```
    /// use kibitz::preferans::KontraLevel;
    /// assert_eq!(KontraLevel::Invitation.multiplier(), 1);
    /// assert_eq!(KontraLevel::Mortkontra.multiplier(), 16);
    /// ```
    pub const fn multiplier(self) -> u32 {
        match self {
            KontraLevel::Invitation => 1,
            KontraLevel::Kontra => 2,
            KontraLevel::Rekontra => 4,
            KontraLevel::Subkontra => 8,
            KontraLevel::Mortkontra => 16,
        }
    }

    /// The name, for messages.
    ///
    /// ```
    /// use kibitz::preferans::KontraLevel;
    /// assert_eq!(KontraLevel::Rekontra.name(), "rekontra");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            KontraLevel::Invitation => "invitation",
            KontraLevel::Kontra => "kontra",
            KontraLevel::Rekontra => "rekontra",
            KontraLevel::Subkontra => "subkontra",
            KontraLevel::Mortkontra => "mortkontra",
        }
    }
}

/// A kontra field other than `0`: how far the chain went and which follower
/// started it.
///
/// ```
/// use kibitz::preferans::{Kontra, KontraLevel, Player};
/// let k = Kontra::parse(b"R1").unwrap();
/// assert_eq!((k.level, k.by), (KontraLevel::Rekontra, Player::One));
/// assert_eq!(k.to_string(), "R1");
/// assert_eq!(Kontra::parse(b"X1"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Kontra {
    /// How far the chain went.
    pub level: KontraLevel,
    /// The follower who started it.
    pub by: Player,
}

impl Kontra {
    /// The kontra written as `s` (a letter and a player digit; not `0`).
    ///
    /// ```
    /// use kibitz::preferans::Kontra;
    /// assert_eq!(Kontra::parse(b"S3").unwrap().to_string(), "S3");
    /// assert_eq!(Kontra::parse(b"0"), None);
    /// ```
    pub fn parse(s: &[u8]) -> Option<Kontra> {
        match s {
            [l, d] => Some(Kontra {
                level: KontraLevel::from_letter(*l)?,
                by: Player::from_digit(*d)?,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Kontra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level.letter() as char, self.by)
    }
}
