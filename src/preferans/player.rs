//! The three players, a container indexed by player, and the deal order.
//!
//! Players are numbered 1, 2, 3 (their ids in the Player1..3 tags). The right
//! neighbour of player `n` is `n + 1` (3's is 1); the left neighbour is `n - 1`.
//! A deal order names the first bidder, the second bidder and the dealer; bidding
//! and play go first -> second -> dealer -> first.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A player id.
///
/// ```
/// use kibitz::preferans::Player;
/// assert_eq!(Player::from_digit(b'3'), Some(Player::Three));
/// assert_eq!(Player::Three.right(), Player::One);
/// assert_eq!(Player::One.left(), Player::Three);
/// assert_eq!(Player::Two.to_string(), "2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Player 1.
    One = 0,
    /// Player 2.
    Two = 1,
    /// Player 3.
    Three = 2,
}

impl Player {
    /// All players in id order.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::Player::ALL.len(), 3);
    /// ```
    pub const ALL: [Player; 3] = [Player::One, Player::Two, Player::Three];

    /// The player written as digit `b` (`1`..`3`).
    ///
    /// ```
    /// use kibitz::preferans::Player;
    /// assert_eq!(Player::from_digit(b'0'), None);
    /// ```
    pub const fn from_digit(b: u8) -> Option<Player> {
        match b {
            b'1' => Some(Player::One),
            b'2' => Some(Player::Two),
            b'3' => Some(Player::Three),
            _ => None,
        }
    }

    /// The player with 0-based index `i`.
    ///
    /// ```
    /// use kibitz::preferans::Player;
    /// assert_eq!(Player::from_index(1), Some(Player::Two));
    /// ```
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            2 => Some(Player::Three),
            _ => None,
        }
    }

    /// 0-based index.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::Player::Three.index(), 2);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The id digit, `b'1'`..`b'3'`.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::Player::Two.digit(), b'2');
    /// ```
    pub const fn digit(self) -> u8 {
        b'1' + self as u8
    }

    /// The id, 1..3.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::Player::Two.id(), 2);
    /// ```
    pub const fn id(self) -> u8 {
        self as u8 + 1
    }

    /// The right neighbour: player `n + 1` (3's is 1).
    ///
    /// ```
    /// use kibitz::preferans::Player;
    /// assert_eq!(Player::One.right(), Player::Two);
    /// ```
    pub const fn right(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::Three,
            Player::Three => Player::One,
        }
    }

    /// The left neighbour: player `n - 1` (1's is 3).
    ///
    /// ```
    /// use kibitz::preferans::Player;
    /// assert_eq!(Player::Two.left(), Player::One);
    /// ```
    pub const fn left(self) -> Player {
        match self {
            Player::One => Player::Three,
            Player::Two => Player::One,
            Player::Three => Player::Two,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.id())
    }
}

/// One value per player, indexed by [`Player`].
///
/// ```
/// use kibitz::preferans::{ByPlayer, Player};
/// let mut tricks = ByPlayer::new_with(|_| 0u8);
/// tricks[Player::Two] += 3;
/// assert_eq!(tricks.values, [0, 3, 0]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// Values for players 1, 2, 3 in that order.
    pub values: [T; 3],
}

impl<T> ByPlayer<T> {
    /// Builds a container by calling `f` for every player.
    ///
    /// ```
    /// use kibitz::preferans::{ByPlayer, Player};
    /// assert_eq!(ByPlayer::new_with(|p| p.id()).values, [1, 2, 3]);
    /// ```
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer {
            values: Player::ALL.map(&mut f),
        }
    }

    /// Iterates over `(player, &value)` in id order.
    ///
    /// ```
    /// use kibitz::preferans::{ByPlayer, Player};
    /// let b = ByPlayer::new_with(|p| p.id());
    /// assert_eq!(b.iter().last(), Some((Player::Three, &3)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.into_iter().zip(self.values.iter())
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.values[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.values[p.index()]
    }
}

/// A deal order: first bidder, second bidder, dealer, all different.
///
/// ```
/// use kibitz::preferans::{DealOrder, Player};
/// let o = DealOrder::from_digits(b"231").unwrap();
/// assert_eq!(o.first(), Player::Two);
/// assert_eq!(o.dealer(), Player::One);
/// assert_eq!(o.next(Player::One), Player::Two); // dealer -> first
/// assert_eq!(o.position(Player::Three), 1);
/// assert!(DealOrder::from_digits(b"112").is_none());
/// assert_eq!(o.to_string(), "231");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DealOrder([Player; 3]);

impl DealOrder {
    /// The order of `players`, or `None` unless they are all different.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player::*};
    /// assert!(DealOrder::new([One, Two, Three]).is_some());
    /// assert!(DealOrder::new([One, One, Three]).is_none());
    /// ```
    pub fn new(players: [Player; 3]) -> Option<DealOrder> {
        let [a, b, c] = players;
        (a != b && b != c && a != c).then_some(DealOrder(players))
    }

    /// The order written as three digits, such as `b"312"`.
    ///
    /// ```
    /// use kibitz::preferans::DealOrder;
    /// assert_eq!(DealOrder::from_digits(b"312").unwrap().first().id(), 3);
    /// ```
    pub fn from_digits(d: &[u8]) -> Option<DealOrder> {
        match d {
            [a, b, c] => DealOrder::new([
                Player::from_digit(*a)?,
                Player::from_digit(*b)?,
                Player::from_digit(*c)?,
            ]),
            _ => None,
        }
    }

    /// The players in deal order.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"123").unwrap().players()[2], Player::Three);
    /// ```
    pub const fn players(self) -> [Player; 3] {
        self.0
    }

    /// The player at deal-order position `i` (0 first bidder, 1 second, 2 dealer).
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"312").unwrap().at(1), Player::One);
    /// ```
    pub const fn at(self, i: usize) -> Player {
        self.0[i % 3]
    }

    /// The first bidder.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"312").unwrap().first(), Player::Three);
    /// ```
    pub const fn first(self) -> Player {
        self.0[0]
    }

    /// The dealer.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"312").unwrap().dealer(), Player::Two);
    /// ```
    pub const fn dealer(self) -> Player {
        self.0[2]
    }

    /// The deal-order position (0..3) of `p`.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"312").unwrap().position(Player::Two), 2);
    /// ```
    pub fn position(self, p: Player) -> usize {
        self.0.iter().position(|&q| q == p).unwrap_or(0)
    }

    /// The player after `p` in bidding and play order.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"132").unwrap().next(Player::One), Player::Three);
    /// ```
    pub fn next(self, p: Player) -> Player {
        self.at(self.position(p) + 1)
    }

    /// The player before `p` in bidding and play order.
    ///
    /// ```
    /// use kibitz::preferans::{DealOrder, Player};
    /// assert_eq!(DealOrder::from_digits(b"231").unwrap().prev(Player::Two), Player::One);
    /// ```
    pub fn prev(self, p: Player) -> Player {
        self.at(self.position(p) + 2)
    }

    /// The order of the next deal: the dealer passes to the first bidder, so
    /// `(f, s, d)` becomes `(s, d, f)`.
    ///
    /// ```
    /// use kibitz::preferans::DealOrder;
    /// assert_eq!(DealOrder::from_digits(b"231").unwrap().rotated().to_string(), "312");
    /// ```
    pub const fn rotated(self) -> DealOrder {
        DealOrder([self.0[1], self.0[2], self.0[0]])
    }
}

impl fmt::Display for DealOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.0[0], self.0[1], self.0[2])
    }
}
