//! The Result tag against the play (PBN 3.4.15; `shared/reference/bridge.md`,
//! "Result"): exact after a full play, within the claim bound when the play stops
//! early.

use crate::bridge::contract::Declared;
use crate::bridge::deal::Hands;
use crate::bridge::fault::{Fault, TrickBound};
use crate::bridge::play::PlayOutcome;
use crate::bridge::{At, Board, ContractTag, DeclarerTag, ResultTag};
use crate::{Seat, Side};

/// Declarer's tricks in a Result: the `<n>` form, or declarer's side's count, or
/// (when `final_`, all 13 tricks accounted for) 13 less the other side's.
///
/// ```
/// use kibitz::bridge::result::declarer_tricks;
/// use kibitz::bridge::ResultTag;
/// use kibitz::Side;
/// let r = ResultTag { ew: Some(4), ..ResultTag::default() };
/// assert_eq!(declarer_tricks(&r, Side::NorthSouth, true), Some(9));
/// assert_eq!(declarer_tricks(&r, Side::NorthSouth, false), None);
/// assert_eq!(declarer_tricks(&r, Side::EastWest, false), Some(4));
/// ```
pub fn declarer_tricks(r: &ResultTag, side: Side, final_: bool) -> Option<u8> {
    let (own, other) = match side {
        Side::NorthSouth => (r.ns, r.ew),
        Side::EastWest => (r.ew, r.ns),
    };
    r.declarer
        .or(own)
        .or_else(|| other.filter(|_| final_).map(|o| 13u8.saturating_sub(o)))
}

/// Whether declared's tags put declarer on the side the auction does not: the
/// trick counts of either side would then rest on a fault already reported.
pub fn sides_conflict(declared: &Declared) -> bool {
    matches!((declared.declarer, declared.auction_declarer),
        (Some(d), Some(a)) if d.side() != a.side())
}

/// Declarer's tricks a Score may rest on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoredTricks {
    /// The Result's count (also when marked `^`: the count the players agreed);
    /// none when the Result is outside the claim bound.
    pub written: Option<u8>,
    /// The count of a full play without revokes.
    pub played: Option<u8>,
}

impl ScoredTricks {
    /// The distinct counts, the Result's first, in a fixed buffer.
    ///
    /// ```
    /// use kibitz::bridge::result::ScoredTricks;
    /// let t = ScoredTricks { written: Some(9), played: Some(10) };
    /// assert_eq!(t.counts().as_slice(), &[9, 10]);
    /// let t = ScoredTricks { written: Some(9), played: Some(9) };
    /// assert_eq!(t.counts().as_slice(), &[9]);
    /// ```
    pub fn counts(self) -> smallvec::SmallVec<[u8; 2]> {
        let (buf, len) = match (self.written, self.played) {
            (Some(w), Some(p)) if w != p => ([w, p], 2),
            (Some(t), _) | (None, Some(t)) => ([t, 0], 1),
            (None, None) => ([0, 0], 0),
        };
        smallvec::SmallVec::from_buf_and_len(buf, len)
    }
}

/// Checks the Result tag and returns the trick counts a Score may rest on: the
/// Result's (none when it is outside the claim bound) and a full play's. Where a
/// full play contradicts the Result, a Score that follows either is one fault,
/// already reported.
///
/// ```
/// use kibitz::bridge::contract::Declared;
/// use kibitz::bridge::deal::Hands;
/// use kibitz::bridge::play::PlayOutcome;
/// use kibitz::bridge::{At, Board, ResultTag, result};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// b.result = Some(At::new(Some(ResultTag { declarer: Some(9), ..ResultTag::default() }), Pos::new(5, 9)));
/// let d = Declared { declarer: Some(Seat::South), ..Declared::default() };
/// let full = PlayOutcome { tricks: 13, declarer_tricks: 10, finished: true, ..PlayOutcome::default() };
/// let mut v = Vec::new();
/// let t = result::check(&b, &d, Some(&full), &Hands::UNKNOWN, &mut |f| v.push(f.to_string()));
/// assert_eq!((t.written, t.played), (Some(9), Some(10)));
/// assert_eq!(v, ["Result gives declarer South 9 tricks, but South's side won 10 in the play"]);
/// ```
pub fn check(
    board: &Board,
    declared: &Declared,
    play: Option<&PlayOutcome>,
    hands: &Hands,
    report: &mut dyn FnMut(Fault),
) -> ScoredTricks {
    let played = play
        .filter(|p| p.finished && p.revokes == 0 && !hands.end_position)
        .map(|p| p.declarer_tricks);
    let none = ScoredTricks {
        written: None,
        played,
    };
    let Some(At {
        value: Some(r),
        pos,
    }) = board.result
    else {
        return none;
    };
    if declared.passed_out {
        return ScoredTricks::default();
    }
    if r.agreed_wrong {
        report(Fault::ResultAgreed { pos });
    }
    // The Result is final unless the play section stops early without `*`
    // (then it may count the tricks played so far, PBN 3.4.15).
    let final_ = match (&board.play, play) {
        (None, _) => true,
        (Some(p), o) => p.star.is_some() || o.is_some_and(|o| o.finished),
    };
    if let (Some(ns), Some(ew)) = (r.ns, r.ew)
        && final_
        && !hands.end_position
        && u16::from(ns) + u16::from(ew) != 13
    {
        report(Fault::ResultTotal { pos, ns, ew });
    }
    let Some(declarer) = declared.declarer else {
        return none;
    };
    // Where the Declarer tag and the auction put declarer on different sides,
    // the Result is checked for both: impossible for both, or for the tag's side
    // only, is a fault; the score then rests on a fault already reported.
    let other = declared
        .auction_declarer
        .filter(|a| a.side() != declarer.side());
    let written = declarer_tricks(&r, declarer.side(), final_);
    let checked = play.filter(|_| !r.agreed_wrong && !hands.end_position);
    if let (Some(p), Some(other)) = (checked, other) {
        let tag = written.and_then(|w| bound(p, declarer, declarer, w));
        if let Some(tag) = tag {
            let auction = declarer_tricks(&r, other.side(), final_)
                .and_then(|w| bound(p, declarer, other, w));
            report(Fault::ResultDeclarers {
                pos,
                tag,
                auction_declarer: other,
                auction,
            });
        }
    }
    if other.is_some() {
        return ScoredTricks::default();
    }
    if let (Some(written), Some(p)) = (written, checked)
        && let Some(b) = bound(p, declarer, declarer, written)
    {
        if p.revokes > 0 {
            report(Fault::ResultRevoke { pos, bound: b });
            // The true count is unknown: nothing to score.
            return none;
        } else if p.finished {
            report(Fault::ResultTricks {
                pos,
                written,
                computed: p.declarer_tricks,
                declarer,
            });
        } else {
            report(Fault::ResultClaim {
                pos,
                written,
                won: b.won,
                left: b.left,
                declarer,
            });
            // The true count is unknown: nothing to score.
            return none;
        }
    }
    ScoredTricks {
        written: declarer_tricks(&r, declarer.side(), true),
        played,
    }
}

/// The bound the play sets on `declarer`'s count `written`, if `written` breaks
/// it; `counted` is the declarer the replay counted tricks for.
pub(crate) fn bound(
    p: &PlayOutcome,
    counted: Seat,
    declarer: Seat,
    written: u8,
) -> Option<TrickBound> {
    let side = declarer.side();
    let won = if side == counted.side() {
        p.declarer_tricks
    } else {
        p.tricks.saturating_sub(p.declarer_tricks)
    };
    let b = TrickBound {
        declarer,
        written,
        won,
        left: if p.finished {
            0
        } else {
            13u8.saturating_sub(p.tricks)
        },
        from: p.transfers.from(side),
        to: p.transfers.to(side),
        revokes: p.revokes,
    };
    b.broken().then_some(b)
}

/// Checks the Declarer and Result tags of a passed-out board: a Result that gives
/// tricks contradicts it; a Declarer seat beside Contract `Pass`, or a Result of
/// 0, only breaks PBN's letter (both tags are empty).
///
/// ```
/// use kibitz::bridge::{At, Board, ContractTag, DeclarerTag, ResultTag, result};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// b.contract = Some(At::new(ContractTag::Pass, Pos::new(4, 11)));
/// b.declarer = Some(At::new(DeclarerTag::Seat { seat: Seat::South, swapped: false }, Pos::new(3, 11)));
/// b.result = Some(At::new(Some(ResultTag { declarer: Some(0), ..ResultTag::default() }), Pos::new(5, 9)));
/// let mut v = Vec::new();
/// result::passed_out(&b, &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["passed out, but the Declarer tag names South and the Result is 0: PBN leaves both empty when all four pass"]);
/// ```
pub fn passed_out(board: &Board, report: &mut dyn FnMut(Fault)) {
    let mut first = None;
    let declarer = match (board.declarer, board.contract) {
        (
            Some(At {
                value: DeclarerTag::Seat { seat, .. },
                pos,
            }),
            Some(At {
                value: ContractTag::Pass,
                ..
            }),
        ) => {
            first = Some(pos);
            Some(seat)
        }
        _ => None,
    };
    let mut result_zero = false;
    if let Some(At {
        value: Some(r),
        pos,
    }) = board.result
    {
        if [r.declarer, r.ns, r.ew]
            .into_iter()
            .flatten()
            .any(|t| t > 0)
        {
            report(Fault::ResultPassedOut { pos });
        } else {
            result_zero = true;
            first = Some(first.map_or(pos, |p: crate::Pos| p.min(pos)));
        }
    }
    if let Some(pos) = first {
        report(Fault::PassedOutTags {
            pos,
            declarer,
            result_zero,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Play;
    use crate::{Pos, Seat};

    #[test]
    fn counts_are_distinct_the_results_first() {
        let counts = |written, played| ScoredTricks { written, played }.counts().to_vec();
        assert_eq!(counts(Some(9), Some(10)), [9, 10]);
        assert_eq!(counts(Some(10), Some(9)), [10, 9]);
        assert_eq!(counts(Some(9), Some(9)), [9]);
        assert_eq!(counts(Some(0), None), [0]);
        assert_eq!(counts(None, Some(13)), [13]);
        assert!(counts(None, None).is_empty());
    }

    fn run(r: ResultTag, play: Option<PlayOutcome>, star: bool) -> (Option<u8>, Vec<String>) {
        let mut b = Board::default();
        b.result = Some(At::new(Some(r), Pos::new(5, 9)));
        if play.is_some() {
            b.play = Some(Play {
                star: star.then_some(Pos::new(20, 1)),
                ..Play::default()
            });
        }
        let d = Declared {
            declarer: Some(Seat::West),
            ..Declared::default()
        };
        let mut v = Vec::new();
        let t = check(&b, &d, play.as_ref(), &Hands::UNKNOWN, &mut |f| {
            v.push(format!("{} {f}", f.rule().id))
        });
        (t.written, v)
    }

    fn played(tricks: u8, declarer_tricks: u8) -> Option<PlayOutcome> {
        Some(PlayOutcome {
            tricks,
            declarer_tricks,
            finished: tricks == 13,
            broken: false,
            revokes: 0,
            transfers: Default::default(),
        })
    }

    fn tricks(n: u8) -> ResultTag {
        ResultTag {
            declarer: Some(n),
            ..ResultTag::default()
        }
    }

    #[test]
    fn claim_bound() {
        // Declarer (EW) won 6 of 7 tricks played; 6 tricks are left: 6..12.
        assert!(run(tricks(6), played(7, 6), true).1.is_empty());
        assert!(run(tricks(12), played(7, 6), true).1.is_empty());
        let (t, v) = run(tricks(5), played(7, 6), true);
        assert_eq!(t, None);
        assert_eq!(
            v,
            [
                "bridge.result.claim Result gives declarer West 5 tricks, but the side had won 6 with 6 left when the play stopped: 6 to 12 is possible"
            ]
        );
        let (_, v) = run(tricks(13), played(7, 6), true);
        assert_eq!(v.len(), 1);
    }

    #[test]
    fn side_forms() {
        // EW is declarer's side: "EW 9" is declarer's count, "NS 4" means 9 too.
        let r = ResultTag {
            ns: Some(4),
            ..ResultTag::default()
        };
        let (t, v) = run(r, played(13, 9), false);
        assert_eq!((t, v.len()), (Some(9), 0));
        let r = ResultTag {
            ns: Some(9),
            ew: Some(2),
            ..ResultTag::default()
        };
        let (_, v) = run(r, None, false);
        assert_eq!(
            v,
            ["bridge.result.total Result NS 9 EW 2: the tricks add up to 11, not 13"]
        );
    }

    #[test]
    fn agreed_count_is_a_notice() {
        let r = ResultTag {
            agreed_wrong: true,
            ..tricks(9)
        };
        let (t, v) = run(r, played(13, 10), false);
        assert_eq!(t, Some(9));
        assert_eq!(v.len(), 1);
        assert!(v[0].starts_with("bridge.result.agreed-marked"));
    }

    #[test]
    fn partial_result_without_star() {
        // Play stopped after 7 tricks without `*`: "NS 1" need not mean EW 12.
        let r = ResultTag {
            ns: Some(1),
            ..ResultTag::default()
        };
        let (t, v) = run(r, played(7, 6), false);
        assert!(v.is_empty());
        assert_eq!(t, Some(12));
    }
}
