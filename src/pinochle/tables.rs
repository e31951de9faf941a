//! The game's numbers as data, in one place: the meld table and the counter
//! schemes. Each table is indexed by how many times a meld is held (0 to 4:
//! none, single, double, triple, quadruple).

use super::{Card, Rank};

/// Points of a meld held 0, 1, 2, 3 or 4 times.
///
/// ```
/// let l: kibitz::pinochle::Ladder = kibitz::pinochle::STANDARD_MELDS.pinochle;
/// assert_eq!(l, [0, 4, 30, 60, 90]);
/// ```
pub type Ladder = [u32; 5];

/// A meld table (`../shared/reference/pinochle.md`, "Meld").
///
/// ```
/// use kibitz::pinochle::STANDARD_MELDS;
/// assert_eq!(STANDARD_MELDS.run[2], 150);
/// assert_eq!(STANDARD_MELDS.around(kibitz::pinochle::Rank::Ace)[1], 10);
/// assert_eq!(STANDARD_MELDS.around(kibitz::pinochle::Rank::Ten), [0; 5]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MeldTable {
    /// Run in trump: A T K Q J of the trump suit.
    pub run: Ladder,
    /// Royal marriage: K Q of trump (not inside a run).
    pub royal_marriage: Ladder,
    /// Marriage: K Q of another suit.
    pub marriage: Ladder,
    /// Pinochle: Q of spades and J of diamonds.
    pub pinochle: Ladder,
    /// Aces around: an ace of every suit.
    pub aces: Ladder,
    /// Kings around.
    pub kings: Ladder,
    /// Queens around.
    pub queens: Ladder,
    /// Jacks around.
    pub jacks: Ladder,
}

impl MeldTable {
    /// The "around" ladder of a rank (tens have none).
    ///
    /// ```
    /// use kibitz::pinochle::{Rank, STANDARD_MELDS};
    /// assert_eq!(STANDARD_MELDS.around(Rank::Jack)[4], 80);
    /// ```
    pub const fn around(&self, rank: Rank) -> Ladder {
        match rank {
            Rank::Ace => self.aces,
            Rank::King => self.kings,
            Rank::Queen => self.queens,
            Rank::Jack => self.jacks,
            Rank::Ten => [0; 5],
        }
    }
}

/// The standard double-deck meld table (the reference's; `Scoring "Standard"`).
///
/// ```
/// assert_eq!(kibitz::pinochle::STANDARD_MELDS.kings[2], 80);
/// ```
pub const STANDARD_MELDS: MeldTable = MeldTable {
    run: [0, 15, 150, 225, 300],
    royal_marriage: [0, 4, 8, 12, 16],
    marriage: [0, 2, 4, 6, 8],
    pinochle: [0, 4, 30, 60, 90],
    aces: [0, 10, 100, 150, 200],
    kings: [0, 8, 80, 120, 160],
    queens: [0, 6, 60, 90, 120],
    jacks: [0, 4, 40, 60, 80],
};

/// Counter values: points per card rank taken in tricks, and the last-trick
/// bonus.
///
/// ```
/// use kibitz::pinochle::{ACE_TEN_KING, Rank};
/// assert_eq!(ACE_TEN_KING.rank(Rank::King), 1);
/// assert_eq!(ACE_TEN_KING.rank(Rank::Queen), 0);
/// assert_eq!(ACE_TEN_KING.total(), 50);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    /// Points by [`Rank::index`] (J, Q, K, T, A).
    pub by_rank: [u32; 5],
    /// Bonus for the last trick.
    pub last_trick: u32,
}

impl Counters {
    /// Points of a card of `rank`.
    ///
    /// ```
    /// use kibitz::pinochle::{ACE_TEN_KING, Rank};
    /// assert_eq!(ACE_TEN_KING.rank(Rank::Jack), 0);
    /// ```
    pub const fn rank(&self, rank: Rank) -> u32 {
        self.by_rank[rank.index()]
    }

    /// Points of `card`.
    ///
    /// ```
    /// use kibitz::pinochle::ACE_TEN_KING;
    /// assert_eq!(ACE_TEN_KING.card("HT".parse().unwrap()), 1);
    /// ```
    pub const fn card(&self, card: Card) -> u32 {
        self.rank(card.rank())
    }

    /// Points in a whole hand: every card of the 80-card deck plus the bonus.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::ACE_TEN_KING.total(), 16 * 3 + 2);
    /// ```
    pub const fn total(&self) -> u32 {
        let mut t = self.last_trick;
        let mut i = 0;
        while i < 5 {
            t += 16 * self.by_rank[i];
            i += 1;
        }
        t
    }
}

/// A, T, K one point each, last trick 2: 50 per hand (the reference's default).
///
/// ```
/// assert_eq!(kibitz::pinochle::ACE_TEN_KING.last_trick, 2);
/// ```
pub const ACE_TEN_KING: Counters = Counters {
    by_rank: [0, 0, 1, 1, 1],
    last_trick: 2,
};

/// The older count: A and T 10, K and Q 5, last trick 10 (490 per hand).
///
/// ```
/// assert_eq!(kibitz::pinochle::TENS_AND_FIVES.total(), 490);
/// ```
pub const TENS_AND_FIVES: Counters = Counters {
    by_rank: [0, 5, 5, 10, 10],
    last_trick: 10,
};
