//! Fixed-size containers indexed by seat or by suit.

use std::ops::{Index, IndexMut};

use crate::{Seat, Suit};

/// One value per seat, indexed by [`Seat`].
///
/// ```
/// use kibitz::{BySeat, Seat};
/// let mut tricks = BySeat::new_with(|_| 0u8);
/// tricks[Seat::East] += 1;
/// assert_eq!(tricks[Seat::East], 1);
/// assert_eq!(tricks.iter().map(|(_, t)| *t as u32).sum::<u32>(), 1);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySeat<T> {
    /// Values for North, East, South, West in that order.
    pub values: [T; 4],
}

impl<T> BySeat<T> {
    /// Builds a container by calling `f` for every seat.
    ///
    /// ```
    /// use kibitz::{BySeat, Seat};
    /// let names = BySeat::new_with(|s| s.char());
    /// assert_eq!(names[Seat::South], 'S');
    /// ```
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat {
            values: Seat::ALL.map(&mut f),
        }
    }

    /// Iterates over `(seat, &value)` from North clockwise.
    ///
    /// ```
    /// use kibitz::{BySeat, Seat};
    /// let b = BySeat::new_with(|s| s.index());
    /// assert_eq!(b.iter().nth(3), Some((Seat::West, &3)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.values.iter())
    }

    /// Maps every value.
    ///
    /// ```
    /// use kibitz::BySeat;
    /// let b = BySeat::new_with(|s| s.index()).map(|i| i * 2);
    /// assert_eq!(b.values, [0, 2, 4, 6]);
    /// ```
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat {
            values: self.values.map(f),
        }
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index()]
    }
}

/// One value per suit, indexed by [`Suit`].
///
/// ```
/// use kibitz::{BySuit, Suit};
/// let mut lengths = BySuit::new_with(|_| 0u8);
/// lengths[Suit::Hearts] = 5;
/// assert_eq!(lengths[Suit::Hearts], 5);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySuit<T> {
    /// Values for clubs, diamonds, hearts, spades in that order.
    pub values: [T; 4],
}

impl<T> BySuit<T> {
    /// Builds a container by calling `f` for every suit.
    ///
    /// ```
    /// use kibitz::{BySuit, Suit};
    /// let c = BySuit::new_with(|s| s.char());
    /// assert_eq!(c[Suit::Clubs], 'C');
    /// ```
    pub fn new_with(mut f: impl FnMut(Suit) -> T) -> BySuit<T> {
        BySuit {
            values: Suit::ALL.map(&mut f),
        }
    }

    /// Iterates over `(suit, &value)` from clubs up.
    ///
    /// ```
    /// use kibitz::{BySuit, Suit};
    /// let b = BySuit::new_with(|s| s.index());
    /// assert_eq!(b.iter().last(), Some((Suit::Spades, &3)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Suit, &T)> {
        Suit::ALL.into_iter().zip(self.values.iter())
    }
}

impl<T> Index<Suit> for BySuit<T> {
    type Output = T;
    fn index(&self, suit: Suit) -> &T {
        &self.values[suit.index()]
    }
}

impl<T> IndexMut<Suit> for BySuit<T> {
    fn index_mut(&mut self, suit: Suit) -> &mut T {
        &mut self.values[suit.index()]
    }
}
