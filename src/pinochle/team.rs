//! The two teams and a container indexed by team.
//!
//! Team 1 is North and South ([`Side::NorthSouth`]), team 2 East and West
//! ([`Side::EastWest`]); every score list of the notation starts with team 1.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::Side;

/// The team number the notation uses: 1 for North-South, 2 for East-West.
///
/// ```
/// use kibitz::pinochle::team_number;
/// use kibitz::Side;
/// assert_eq!(team_number(Side::EastWest), 2);
/// ```
pub const fn team_number(side: Side) -> u8 {
    match side {
        Side::NorthSouth => 1,
        Side::EastWest => 2,
    }
}

/// The team with number `n` (1 or 2).
///
/// ```
/// use kibitz::pinochle::team_of_number;
/// use kibitz::Side;
/// assert_eq!(team_of_number(1), Some(Side::NorthSouth));
/// assert_eq!(team_of_number(3), None);
/// ```
pub const fn team_of_number(n: u8) -> Option<Side> {
    match n {
        1 => Some(Side::NorthSouth),
        2 => Some(Side::EastWest),
        _ => None,
    }
}

/// Both teams, team 1 first.
///
/// ```
/// assert_eq!(kibitz::pinochle::TEAMS[0], kibitz::Side::NorthSouth);
/// ```
pub const TEAMS: [Side; 2] = [Side::NorthSouth, Side::EastWest];

/// One value per team, written `team1:team2` (the notation's score lists).
///
/// ```
/// use kibitz::pinochle::ByTeam;
/// use kibitz::Side;
/// let s: ByTeam<i32> = "-54:328".parse().unwrap();
/// assert_eq!(s[Side::NorthSouth], -54);
/// assert_eq!(s[Side::EastWest], 328);
/// assert_eq!(s.to_string(), "-54:328");
/// assert!("1:2:3".parse::<ByTeam<i32>>().is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByTeam<T> {
    /// Team 1 (North-South), then team 2 (East-West).
    pub values: [T; 2],
}

impl<T> ByTeam<T> {
    /// Both values, team 1 first.
    ///
    /// ```
    /// use kibitz::pinochle::ByTeam;
    /// assert_eq!(ByTeam::new(1, 2).values, [1, 2]);
    /// ```
    pub const fn new(team1: T, team2: T) -> ByTeam<T> {
        ByTeam {
            values: [team1, team2],
        }
    }

    /// Builds a container by calling `f` for each team.
    ///
    /// ```
    /// use kibitz::pinochle::{ByTeam, team_number};
    /// assert_eq!(ByTeam::new_with(team_number).values, [1, 2]);
    /// ```
    pub fn new_with(mut f: impl FnMut(Side) -> T) -> ByTeam<T> {
        ByTeam {
            values: TEAMS.map(&mut f),
        }
    }

    /// Iterates over `(team, &value)`, team 1 first.
    ///
    /// ```
    /// use kibitz::pinochle::ByTeam;
    /// assert_eq!(ByTeam::new(3, 4).iter().map(|(_, v)| v).sum::<i32>(), 7);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        TEAMS.into_iter().zip(self.values.iter())
    }

    /// Maps both values.
    ///
    /// ```
    /// use kibitz::pinochle::ByTeam;
    /// assert_eq!(ByTeam::new(3, 4).map(|v| v * 2), ByTeam::new(6, 8));
    /// ```
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByTeam<U> {
        ByTeam {
            values: self.values.map(f),
        }
    }
}

impl<T> Index<Side> for ByTeam<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.values[team_number(side) as usize - 1]
    }
}

impl<T> IndexMut<Side> for ByTeam<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.values[team_number(side) as usize - 1]
    }
}

impl<T: fmt::Display> fmt::Display for ByTeam<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.values[0], self.values[1])
    }
}

/// A score list that is not two numbers separated by a colon.
///
/// ```
/// use kibitz::pinochle::ByTeam;
/// assert!("12".parse::<ByTeam<i32>>().unwrap_err().to_string().contains("12"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a two-team score list: {0:?}")]
pub struct ParseScoresError(pub String);

impl std::str::FromStr for ByTeam<i32> {
    type Err = ParseScoresError;
    fn from_str(s: &str) -> Result<ByTeam<i32>, ParseScoresError> {
        let err = || ParseScoresError(s.to_string());
        let (a, b) = s.split_once(':').ok_or_else(err)?;
        Ok(ByTeam::new(
            a.trim().parse().map_err(|_| err())?,
            b.trim().parse().map_err(|_| err())?,
        ))
    }
}
