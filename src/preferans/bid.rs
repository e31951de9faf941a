//! Bids, contracts, follow decisions and kontras: the words of a preferans deal.

use std::fmt;

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
