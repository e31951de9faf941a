//! Seats at the table and the two sides.

use std::fmt;

/// A seat at the bridge table. Seats follow each other clockwise:
/// North, East, South, West.
///
/// ```
/// use kibitz::Seat;
/// assert_eq!(Seat::North.lho(), Seat::East);
/// assert_eq!(Seat::West.partner(), Seat::East);
/// assert_eq!(Seat::from_char('s'), Some(Seat::South));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// North.
    North = 0,
    /// East.
    East = 1,
    /// South.
    South = 2,
    /// West.
    West = 3,
}

impl Seat {
    /// All seats in clockwise order from North.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::ALL[3], Seat::West);
    /// ```
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat with index `i` (0 = North, clockwise), taken modulo 4.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::from_index(5), Seat::East);
    /// ```
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// Index of the seat, 0 for North, clockwise.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::South.index(), 2);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat `n` places clockwise from this one.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::West.add(2), Seat::East);
    /// ```
    pub const fn add(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    /// Left-hand opponent: the next seat clockwise.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::West.lho(), Seat::North);
    /// ```
    pub const fn lho(self) -> Seat {
        self.add(1)
    }

    /// Right-hand opponent: the previous seat clockwise.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::North.rho(), Seat::West);
    /// ```
    pub const fn rho(self) -> Seat {
        self.add(3)
    }

    /// The partner, opposite at the table.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::North.partner(), Seat::South);
    /// ```
    pub const fn partner(self) -> Seat {
        self.add(2)
    }

    /// The side this seat belongs to.
    ///
    /// ```
    /// use kibitz::{Seat, Side};
    /// assert_eq!(Seat::East.side(), Side::EastWest);
    /// ```
    pub const fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    /// Number of steps clockwise from `from` to `self` (0..=3).
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::North.distance_from(Seat::West), 1);
    /// ```
    pub const fn distance_from(self, from: Seat) -> usize {
        (self as usize + 4 - from as usize) % 4
    }

    /// Parses `N`, `E`, `S`, `W` (either case).
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::from_char('E'), Some(Seat::East));
    /// assert_eq!(Seat::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }

    /// The upper-case letter of the seat.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::West.char(), 'W');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }
}

impl Seat {
    /// The seat's name, as it is displayed.
    ///
    /// ```
    /// use kibitz::Seat;
    /// assert_eq!(Seat::East.name(), "East");
    /// assert_eq!(Seat::East.to_string(), Seat::East.name());
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A partnership: North-South or East-West.
///
/// ```
/// use kibitz::{Seat, Side};
/// assert!(Side::NorthSouth.contains(Seat::South));
/// assert_eq!(Side::NorthSouth.opponents(), Side::EastWest);
/// assert_eq!(Side::EastWest.to_string(), "EW");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
}

impl Side {
    /// Whether `seat` sits on this side.
    ///
    /// ```
    /// use kibitz::{Seat, Side};
    /// assert!(!Side::EastWest.contains(Seat::North));
    /// ```
    pub const fn contains(self, seat: Seat) -> bool {
        matches!(
            (self, seat.side()),
            (Side::NorthSouth, Side::NorthSouth) | (Side::EastWest, Side::EastWest)
        )
    }

    /// The other side.
    ///
    /// ```
    /// use kibitz::Side;
    /// assert_eq!(Side::EastWest.opponents(), Side::NorthSouth);
    /// ```
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_clockwise() {
        let mut s = Seat::North;
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(s.char());
            s = s.lho();
        }
        assert_eq!(seen, ['N', 'E', 'S', 'W']);
        assert_eq!(s, Seat::North);
        for seat in Seat::ALL {
            assert_eq!(seat.lho().rho(), seat);
            assert_eq!(seat.partner().partner(), seat);
            assert_eq!(seat.side(), seat.partner().side());
            assert_ne!(seat.side(), seat.lho().side());
        }
    }

    #[test]
    fn distance() {
        assert_eq!(Seat::South.distance_from(Seat::North), 2);
        assert_eq!(Seat::North.distance_from(Seat::South), 2);
        assert_eq!(Seat::West.distance_from(Seat::North), 3);
        assert_eq!(Seat::East.distance_from(Seat::East), 0);
    }
}
