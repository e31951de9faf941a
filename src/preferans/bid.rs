//! Bids, contracts, follow decisions and kontras: the words of a preferans deal.

use std::fmt;

use super::{Card, Player};
use crate::Suit;

/// A player's highest bid in the auction, as PPN writes it.
///
/// The ladder goes up one step at a time: `2`, `3`, `M3` (mine 3), `4`, `M4` ...
/// `8`, `M8`. Game bids (`G`, and `G2`..`G8` naming the game) outrank the ladder.
///
/// ```
/// use kibitz::preferans::Bid;
/// let b = Bid::parse(b"M3").unwrap();
/// assert_eq!(b, Bid::Mine(3));
/// assert!(Bid::Level(4) > b && b > Bid::Level(3));
/// assert!(Bid::Game > Bid::Mine(8));
/// assert_eq!(Bid::GameIn(4).to_string(), "G4");
/// assert_eq!(Bid::parse(b"M2"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    /// `P`: never bid.
    Pass,
    /// `2`..`8`.
    Level(u8),
    /// `M3`..`M8`: "mine", holding a level another player bid.
    Mine(u8),
    /// `G`: game, not yet named.
    Game,
    /// `G2`..`G8`: game in a named contract.
    GameIn(u8),
}

impl Bid {
    /// Every bid, lowest first.
    ///
    /// ```
    /// use kibitz::preferans::Bid;
    /// assert_eq!(Bid::ALL.len(), 1 + 7 + 6 + 1 + 7);
    /// assert!(Bid::ALL.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub const ALL: [Bid; 22] = [
        Bid::Pass,
        Bid::Level(2),
        Bid::Level(3),
        Bid::Mine(3),
        Bid::Level(4),
        Bid::Mine(4),
        Bid::Level(5),
        Bid::Mine(5),
        Bid::Level(6),
        Bid::Mine(6),
        Bid::Level(7),
        Bid::Mine(7),
        Bid::Level(8),
        Bid::Mine(8),
        Bid::Game,
        Bid::GameIn(2),
        Bid::GameIn(3),
        Bid::GameIn(4),
        Bid::GameIn(5),
        Bid::GameIn(6),
        Bid::GameIn(7),
        Bid::GameIn(8),
    ];

    /// The bid written as `s`.
    ///
    /// ```
    /// use kibitz::preferans::Bid;
    /// assert_eq!(Bid::parse(b"P"), Some(Bid::Pass));
    /// assert_eq!(Bid::parse(b"G"), Some(Bid::Game));
    /// assert_eq!(Bid::parse(b"9"), None);
    /// ```
    pub fn parse(s: &[u8]) -> Option<Bid> {
        let digit = |b: u8, lo: u8| (lo..=8).contains(&b.wrapping_sub(b'0')).then(|| b - b'0');
        match s {
            b"P" => Some(Bid::Pass),
            b"G" => Some(Bid::Game),
            [d] => digit(*d, 2).map(Bid::Level),
            [b'M', d] => digit(*d, 3).map(Bid::Mine),
            [b'G', d] => digit(*d, 2).map(Bid::GameIn),
            _ => None,
        }
    }

    /// Position on the scale of all bids (pass 0, up to `G8`).
    ///
    /// ```
    /// use kibitz::preferans::Bid;
    /// assert_eq!(Bid::Pass.rank(), 0);
    /// assert_eq!(Bid::GameIn(8).rank(), 21);
    /// ```
    pub const fn rank(self) -> u8 {
        match self {
            Bid::Pass => 0,
            Bid::Level(2) => 1,
            Bid::Level(n) => n.saturating_mul(2).saturating_sub(4),
            Bid::Mine(n) => n.saturating_mul(2).saturating_sub(3),
            Bid::Game => 14,
            Bid::GameIn(k) => k.saturating_add(13),
        }
    }

    /// Whether this is a game bid (`G`, `G2`..`G8`).
    ///
    /// ```
    /// use kibitz::preferans::Bid;
    /// assert!(Bid::GameIn(6).is_game() && !Bid::Mine(7).is_game());
    /// ```
    pub const fn is_game(self) -> bool {
        matches!(self, Bid::Game | Bid::GameIn(_))
    }

    /// The lowest contract the bid allows its winner, as (level, game): `M3` allows
    /// `3` and up, `G` any game (`G2` up), `G4` a game from `G4` up.
    ///
    /// ```
    /// use kibitz::preferans::Bid;
    /// assert_eq!(Bid::Mine(3).floor(), Some((3, false)));
    /// assert_eq!(Bid::Game.floor(), Some((2, true)));
    /// assert_eq!(Bid::Pass.floor(), None);
    /// ```
    pub const fn floor(self) -> Option<(u8, bool)> {
        match self {
            Bid::Pass => None,
            Bid::Level(n) | Bid::Mine(n) => Some((n, false)),
            Bid::Game => Some((2, true)),
            Bid::GameIn(k) => Some((k, true)),
        }
    }
}

impl PartialOrd for Bid {
    fn partial_cmp(&self, other: &Bid) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Bid {
    fn cmp(&self, other: &Bid) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Pass => f.write_str("P"),
            Bid::Level(n) => write!(f, "{n}"),
            Bid::Mine(n) => write!(f, "M{n}"),
            Bid::Game => f.write_str("G"),
            Bid::GameIn(k) => write!(f, "G{k}"),
        }
    }
}

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

/// The `discarded` field: two cards, or `XX` for a game (talon unseen).
///
/// ```
/// use kibitz::preferans::Discard;
/// assert_eq!(Discard::parse(b"XX"), Some(Discard::Unseen));
/// assert_eq!(Discard::parse(b"AR").unwrap().to_string(), "AR");
/// assert_eq!(Discard::parse(b"A"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
