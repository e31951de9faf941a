//! The game sheet: each player's paper (left and right supa columns, middle
//! column starting at Bula), the refas, running scores and final results.
//!
//! The sheet is what the summaries write: a follower's supa goes in the column
//! his entry names, and is against the neighbour on that side; middle entries add
//! to the middle. Running score of `X` = `X.left + X.right - 10 * X.middle` minus
//! the supa its neighbours wrote against it (`left(X).right + right(X).left`).
//! Final result = score - mean of the three scores (inferred formula).

use super::{ByPlayer, Column, Entry, Player};

/// One player's paper.
///
/// ```
/// use kibitz::preferans::{Player, Sheet};
/// let s = Sheet::new(60, None);
/// assert_eq!(s.papers[Player::One].middle, 60);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Paper {
    /// Supa written against the left neighbour.
    pub left: i64,
    /// Supa written against the right neighbour.
    pub right: i64,
    /// Middle column (starts at Bula).
    pub middle: i64,
}

/// The game sheet of one game.
///
/// ```
/// use kibitz::preferans::{Column, Entry, Player, Sheet};
/// let mut s = Sheet::new(60, Some(2));
/// // Main 2 passes hearts (value 8) with 7 tricks; follower 3 took 3, supa 24 against 2.
/// s.write(Player::Two, Entry::Main { tricks: 7, middle: -8 });
/// s.write(Player::Three, Entry::Follower { tricks: 3, column: Column::Left, supa: 24, failed: None });
/// assert_eq!(s.score(Player::Two), -520 - 24);
/// assert_eq!(s.score(Player::Three), 24 - 600);
/// assert_eq!(s.score(Player::One), -600);
/// let r = s.results();
/// assert_eq!(r.values.iter().sum::<i64>(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Each player's paper.
    pub papers: ByPlayer<Paper>,
    refe: Option<u32>,
    refas_written: u32,
    unplayed: ByPlayer<u32>,
}

impl Sheet {
    /// A sheet with `bula` in every middle column and at most `refe` refas per
    /// player (`None`: no limit; `Some(0)`: no refas).
    ///
    /// ```
    /// use kibitz::preferans::Sheet;
    /// let mut s = Sheet::new(60, Some(0));
    /// assert!(!s.all_passed()); // Refe 0: no refas
    /// ```
    pub fn new(bula: i64, refe: Option<u32>) -> Sheet {
        Sheet {
            papers: ByPlayer::new_with(|_| Paper {
                middle: bula,
                ..Paper::default()
            }),
            refe,
            refas_written: 0,
            unplayed: ByPlayer::default(),
        }
    }

    /// Whether `p` holds an unplayed refa.
    ///
    /// ```
    /// use kibitz::preferans::{Player, Sheet};
    /// let mut s = Sheet::new(60, Some(1));
    /// assert!(!s.holds_refa(Player::One));
    /// assert!(s.all_passed());
    /// assert!(s.holds_refa(Player::One));
    /// assert!(!s.all_passed()); // Refe 1 reached
    /// s.use_refa(Player::One);
    /// assert!(!s.holds_refa(Player::One) && s.holds_refa(Player::Two));
    /// ```
    pub fn holds_refa(&self, p: Player) -> bool {
        self.unplayed[p] > 0
    }

    /// Refas written for each player so far.
    ///
    /// ```
    /// use kibitz::preferans::Sheet;
    /// let mut s = Sheet::new(60, None);
    /// s.all_passed();
    /// assert_eq!(s.refas_written(), 1);
    /// ```
    pub fn refas_written(&self) -> u32 {
        self.refas_written
    }

    /// All three passed: a refa is written for every player unless `Refe` is
    /// reached. Returns whether one was written.
    ///
    /// ```
    /// use kibitz::preferans::{Player, Sheet};
    /// let mut s = Sheet::new(60, Some(2));
    /// assert!(s.all_passed() && s.all_passed() && !s.all_passed());
    /// assert!(s.holds_refa(Player::Three));
    /// ```
    pub fn all_passed(&mut self) -> bool {
        if self.refe.is_some_and(|r| self.refas_written >= r) {
            return false;
        }
        self.refas_written += 1;
        for u in &mut self.unplayed.values {
            *u += 1;
        }
        true
    }

    /// `p` plays a deal under refa and uses one up.
    ///
    /// ```
    /// use kibitz::preferans::{Player, Sheet};
    /// let mut s = Sheet::new(60, None);
    /// s.all_passed();
    /// s.use_refa(Player::Two);
    /// assert!(!s.holds_refa(Player::Two));
    /// ```
    pub fn use_refa(&mut self, p: Player) {
        self.unplayed[p] = self.unplayed[p].saturating_sub(1);
    }

    /// Writes `p`'s summary entry on the sheet.
    ///
    /// ```
    /// use kibitz::preferans::{Column, Entry, Player, Sheet};
    /// let mut s = Sheet::new(60, None);
    /// s.write(Player::One, Entry::Follower { tricks: 1, column: Column::Right, supa: 20, failed: Some(20) });
    /// assert_eq!((s.papers[Player::One].right, s.papers[Player::One].middle), (20, 80));
    /// ```
    pub fn write(&mut self, p: Player, entry: Entry) {
        let paper = &mut self.papers[p];
        match entry {
            Entry::Out => {}
            Entry::Main { middle, .. } => paper.middle = paper.middle.saturating_add(middle),
            Entry::Follower {
                column,
                supa,
                failed,
                ..
            } => {
                match column {
                    Column::Left => paper.left = paper.left.saturating_add(supa),
                    Column::Right => paper.right = paper.right.saturating_add(supa),
                }
                paper.middle = paper.middle.saturating_add(failed.unwrap_or(0));
            }
        }
    }

    /// Running score of `p`.
    ///
    /// ```
    /// use kibitz::preferans::{Column, Entry, Player, Sheet};
    /// let mut s = Sheet::new(10, None);
    /// // Player 1 writes 30 against his right neighbour, player 2.
    /// s.write(Player::One, Entry::Follower { tricks: 3, column: Column::Right, supa: 30, failed: None });
    /// assert_eq!(s.score(Player::One), 30 - 100);
    /// assert_eq!(s.score(Player::Two), -100 - 30);
    /// ```
    pub fn score(&self, p: Player) -> i64 {
        let x = self.papers[p];
        let against = self.papers[p.left()]
            .right
            .saturating_add(self.papers[p.right()].left);
        x.left
            .saturating_add(x.right)
            .saturating_sub(x.middle.saturating_mul(10))
            .saturating_sub(against)
    }

    /// `3 x (score - mean)` for each player: exact, in thirds.
    ///
    /// ```
    /// use kibitz::preferans::{Entry, Player, Sheet};
    /// let mut s = Sheet::new(10, None);
    /// s.write(Player::One, Entry::Main { tricks: 6, middle: -4 });
    /// // Scores -60, -100, -100: mean -86.67.
    /// assert_eq!(s.results_x3().values, [80, -40, -40]);
    /// ```
    pub fn results_x3(&self) -> ByPlayer<i64> {
        let s = ByPlayer::new_with(|p| self.score(p));
        let total: i64 = s.values.iter().fold(0i64, |a, b| a.saturating_add(*b));
        ByPlayer::new_with(|p| s[p].saturating_mul(3).saturating_sub(total))
    }

    /// Final results as whole numbers that sum to 0: each is `score - mean`,
    /// rounded down, and when the mean is not whole the players with a fraction
    /// (in id order) get the 1 or 2 points that bring the sum to 0.
    ///
    /// ```
    /// use kibitz::preferans::{Entry, Player, Sheet};
    /// let mut s = Sheet::new(10, None);
    /// s.write(Player::One, Entry::Main { tricks: 6, middle: -4 });
    /// // Exact: 26.67, -13.33, -13.33.
    /// assert_eq!(s.results().values, [27, -13, -14]);
    /// ```
    pub fn results(&self) -> ByPlayer<i64> {
        let x = self.results_x3();
        let mut r = ByPlayer::new_with(|p| x[p].div_euclid(3));
        let mut short = -r.values.iter().sum::<i64>();
        for p in Player::ALL {
            if short > 0 && x[p].rem_euclid(3) != 0 {
                r[p] += 1;
                short -= 1;
            }
        }
        r
    }

    /// Whether `result` is `p`'s `score - mean` up to rounding (less than 1 away).
    ///
    /// ```
    /// use kibitz::preferans::{Entry, Player, Sheet};
    /// let mut s = Sheet::new(10, None);
    /// s.write(Player::One, Entry::Main { tricks: 6, middle: -4 });
    /// assert!(s.result_fits(Player::One, 26) && s.result_fits(Player::One, 27));
    /// assert!(!s.result_fits(Player::One, 28));
    /// ```
    pub fn result_fits(&self, p: Player, result: i64) -> bool {
        (result.saturating_mul(3) - self.results_x3()[p]).abs() < 3
    }
}
