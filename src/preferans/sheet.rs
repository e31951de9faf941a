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
    pub fn refas_written(&self) -> u32 {
        self.refas_written
    }

    /// All three passed: a refa is written for every player unless `Refe` is
    /// reached. Returns whether one was written.
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
    pub fn use_refa(&mut self, p: Player) {
        self.unplayed[p] = self.unplayed[p].saturating_sub(1);
    }

    /// Writes `p`'s summary entry on the sheet.
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
    pub fn results_x3(&self) -> ByPlayer<i64> {
        let s = ByPlayer::new_with(|p| self.score(p));
        let total: i64 = s.values.iter().fold(0i64, |a, b| a.saturating_add(*b));
        ByPlayer::new_with(|p| s[p].saturating_mul(3).saturating_sub(total))
    }

    /// Final results as whole numbers that sum to 0: each is `score - mean`,
    /// rounded down, and when the mean is not whole the players with a fraction
    /// (in id order) get the 1 or 2 points that bring the sum to 0.
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
    pub fn result_fits(&self, p: Player, result: i64) -> bool {
        (result.saturating_mul(3) - self.results_x3()[p]).abs() < 3
    }
}
