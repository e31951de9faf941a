//! The hand's outcome and scores: Result, PlayScores, HandScores, Victor.

use super::super::{ByTeam, Options, Outcome, TEAMS};
use crate::Side;

/// What decides the scores of a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Facts {
    /// The declaring team.
    pub declaring: Side,
    /// The contract.
    pub bid: u32,
    /// Each team's meld after the minimum.
    pub meld: ByTeam<i32>,
    /// Counters taken (0:0 when not played).
    pub counters: ByTeam<u32>,
}

/// The outcome of a played hand.
pub(super) fn played_outcome(f: &Facts, opts: &Options) -> Outcome {
    let d = f.declaring;
    let c = f.counters[d];
    if c >= opts.counter_minimum && f.meld[d] + c as i32 >= f.bid as i32 {
        Outcome::Saved
    } else {
        Outcome::Set
    }
}

/// Why the hand has `outcome`, in words (for a message).
pub(super) fn why(f: &Facts, outcome: Outcome, opts: &Options) -> String {
    let d = f.declaring;
    let c = f.counters[d];
    let total = f.meld[d] + c as i32;
    match outcome {
        Outcome::NoTrump => "the declarer named no trump (Trump \"-\")".to_string(),
        Outcome::NoBoard => format!(
            "the declaring team's meld is below the minimum of {}",
            opts.meld_minimum
        ),
        Outcome::Set if c < opts.counter_minimum => format!(
            "the declaring team took {c} counters, fewer than {}",
            opts.counter_minimum
        ),
        Outcome::Set => format!(
            "the declaring team made {} meld + {c} counters = {total}, below the bid of {}",
            f.meld[d], f.bid
        ),
        Outcome::Saved => format!(
            "the declaring team made {} meld + {c} counters = {total}, at least the bid of {}",
            f.meld[d], f.bid
        ),
    }
}

/// The scores of the hand.
pub(super) fn hand_scores(f: &Facts, outcome: Outcome, opts: &Options) -> ByTeam<i32> {
    ByTeam::new_with(|team| {
        let c = f.counters[team];
        if team == f.declaring {
            match outcome {
                Outcome::Saved => f.meld[team] + c as i32,
                _ => -(f.bid as i32),
            }
        } else if !outcome.is_played() {
            f.meld[team]
        } else if c >= opts.counter_minimum {
            f.meld[team] + c as i32
        } else {
            0
        }
    })
}

/// The team that wins the game with `totals`, if any: the one at the game, the
/// declaring team when both are.
pub(super) fn victor(totals: ByTeam<i32>, declaring: Side, opts: &Options) -> Option<Side> {
    let mut reached = TEAMS.into_iter().filter(|&t| totals[t] >= opts.game);
    match (reached.next(), reached.next()) {
        (None, _) => None,
        (Some(one), None) => Some(one),
        (Some(_), Some(_)) => Some(declaring),
    }
}
