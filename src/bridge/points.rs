//! The Score tag against duplicate scoring (Law 77; PBN 4.2.1) of the contract,
//! the vulnerability and the Result.

use crate::Side;
use crate::bridge::contract::Declared;
use crate::bridge::fault::{Fault, Form};
use crate::bridge::result::sides_conflict;
use crate::bridge::score::duplicate_score;
use crate::bridge::{At, Board, ContractTag, Scoring, SideScore};

/// The values of a side-score tag with their forms, declarer's form first.
///
/// ```
/// use kibitz::bridge::points::values;
/// use kibitz::bridge::SideScore;
/// let s = SideScore { ns: Some(-100), ew: Some(100), ..SideScore::default() };
/// assert_eq!(values(&s).count(), 2);
/// ```
pub fn values<T: Copy>(s: &SideScore<T>) -> impl Iterator<Item = (Form, T)> {
    [
        s.declarer.map(|v| (Form::Declarer, v)),
        s.ns.map(|v| (Form::NorthSouth, v)),
        s.ew.map(|v| (Form::EastWest, v)),
    ]
    .into_iter()
    .flatten()
}

/// A score of `side` seen from `form`'s side (`declaring`: the declaring side).
///
/// ```
/// use kibitz::bridge::fault::Form;
/// use kibitz::bridge::points::for_form;
/// use kibitz::Side::{EastWest, NorthSouth};
/// // EW (declaring) score 630: "NS -630", "EW 630", "630".
/// assert_eq!(for_form(630, EastWest, Form::NorthSouth, EastWest), -630);
/// assert_eq!(for_form(630, EastWest, Form::EastWest, EastWest), 630);
/// assert_eq!(for_form(630, EastWest, Form::Declarer, EastWest), 630);
/// ```
pub const fn for_form(score: i32, side: Side, form: Form, declaring: Side) -> i32 {
    let same = matches!(
        (form.side(declaring), side),
        (Side::NorthSouth, Side::NorthSouth) | (Side::EastWest, Side::EastWest)
    );
    if same { score } else { -score }
}

/// North-South's score of a board, for the IMP comparison with the other
/// room ([`crate::bridge::imp`]).
///
/// ```
/// use kibitz::bridge::points::NsScore;
/// assert_eq!(NsScore::Known(620).known(), Some(620));
/// assert_eq!(NsScore::Either { written: 620, computed: 420 }.known(), None);
/// assert_eq!(NsScore::Either { written: 620, computed: 420 }.readings(), [Some(620), Some(420)]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum NsScore {
    /// Not known.
    #[default]
    Unknown,
    /// The Score as written, or as computed where none is written.
    Known(i32),
    /// In doubt: the Score as written contradicts the contract, vulnerability
    /// and tricks, which give `computed`.
    Either {
        /// As written.
        written: i32,
        /// As the contract and tricks give it.
        computed: i32,
    },
}

impl NsScore {
    /// The score when it is not in doubt.
    pub fn known(self) -> Option<i32> {
        match self {
            NsScore::Known(n) => Some(n),
            _ => None,
        }
    }

    /// The scores it may be: one when known, two when in doubt (as written
    /// first), none when unknown.
    pub fn readings(self) -> [Option<i32>; 2] {
        match self {
            NsScore::Unknown => [None, None],
            NsScore::Known(n) => [Some(n), None],
            NsScore::Either { written, computed } => [Some(written), Some(computed)],
        }
    }
}

impl From<Option<i32>> for NsScore {
    fn from(n: Option<i32>) -> NsScore {
        n.map_or(NsScore::Unknown, NsScore::Known)
    }
}

/// North-South's score of a value written by side (`NS 620`, `EW -200`);
/// `None` for declarer's form, which needs the declaring side.
fn ns_by_side(form: Form, w: i32) -> Option<i32> {
    match form {
        Form::NorthSouth => Some(w),
        Form::EastWest => Some(-w),
        Form::Declarer => None,
    }
}

/// Checks the Score tag. `tricks` are declarer's counts the Score may rest on:
/// the Result's and, where a full play contradicts the Result, the play's (a
/// Score that follows either is not a second fault); a finding names the first.
/// Returns the NS score of the board for IMP comparison: as written, else as
/// computed; both when the two disagree (a ScoreIMP is then held to either,
/// [`NsScore::Either`]).
///
/// ```
/// use kibitz::bridge::contract::Declared;
/// use kibitz::bridge::{At, Board, SideScore, points};
/// use kibitz::{Pos, Seat, Vulnerability};
/// let mut b = Board::default();
/// b.vulnerability = Some(At::new(Vulnerability::None, Pos::new(2, 13)));
/// b.score = Some(At::new(SideScore { ns: Some(620), ..SideScore::default() }, Pos::new(9, 8)));
/// let d = Declared { contract: Some("4S".parse().unwrap()), declarer: Some(Seat::South), ..Declared::default() };
/// let mut v = Vec::new();
/// let ns = points::check(&b, &d, &[10], &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["Score NS 620, but 4S by South, not vulnerable, 10 tricks scores NS 420 (Law 77)"]);
/// // In doubt: the IMPs may rest on either.
/// assert_eq!(ns, points::NsScore::Either { written: 620, computed: 420 });
/// ```
pub fn check(
    board: &Board,
    declared: &Declared,
    tricks: &[u8],
    report: &mut dyn FnMut(Fault),
) -> NsScore {
    if board.scoring.intersects(Scoring::RUBBER | Scoring::CHICAGO) {
        return NsScore::Unknown;
    }
    let written = board.score;
    if declared.passed_out {
        if let Some(At { value, pos }) = written
            && let Some((form, w)) = values(&value).find(|&(_, w)| w != 0)
        {
            report(Fault::Points {
                pos,
                form,
                written: w,
                computed: 0,
                basis: None,
            });
            return ns_by_side(form, w).map_or(NsScore::Unknown, |written| NsScore::Either {
                written,
                computed: 0,
            });
        }
        return NsScore::Known(0);
    }
    let Some(declarer) = declared.declarer else {
        // No declarer: a Score written by side (`NS 1020`, `EW -200`) still
        // gives North-South's, which the IMP check compares.
        return written
            .and_then(|At { value, .. }| values(&value).find_map(|(form, w)| ns_by_side(form, w)))
            .into();
    };
    if sides_conflict(declared) {
        return NsScore::Unknown;
    }
    let side = declarer.side();
    let ns_written = written.and_then(|At { value, .. }| {
        values(&value)
            .next()
            .map(|(form, w)| for_form(w, form.side(side), Form::NorthSouth, side))
    });
    let Some(c) = declared.contract else {
        return ns_written.into();
    };
    let old_mp = board.scoring.contains(Scoring::OLD_MP);
    // The first form of `value` that differs from the score `s`.
    let mismatch = |s: i32, value: &SideScore<i32>| {
        values(value)
            .map(|(form, w)| (form, w, for_form(s, side, form, side)))
            .find(|&(_, w, e)| w != e)
    };
    let Some(v) = board.vulnerability else {
        // The vulnerability unknown (no tag, or one that cannot be read): the
        // Score is still one of two, and a fault when it is neither.
        if let (Some(At { value, pos }), Some(&t)) = (written, tricks.first()) {
            let score = |vul, t| duplicate_score(c, vul, t, old_mp);
            let neither = [false, true].into_iter().all(|vul| {
                tricks
                    .iter()
                    .all(|&t| mismatch(score(vul, t), &value).is_some())
            });
            if neither && let Some((form, w, not_vulnerable)) = mismatch(score(false, t), &value) {
                report(Fault::PointsEitherVulnerability {
                    pos,
                    form,
                    written: w,
                    not_vulnerable,
                    vulnerable: for_form(score(true, t), side, form, side),
                    basis: (c, declarer, t),
                });
                return NsScore::Unknown;
            }
        }
        return ns_written.into();
    };
    let vul = v.value.is_vulnerable(declarer);
    let score = |t| duplicate_score(c, vul, t, old_mp);
    let computed = tricks.first().map(|&t| (score(t), t));
    // A fault when no count agrees with the Score (the first count's
    // difference is the one reported).
    if let (Some(At { value, pos }), Some((s, t))) = (written, computed)
        && let Some((form, w, expected)) = mismatch(s, &value)
        && tricks[1..]
            .iter()
            .all(|&t| mismatch(score(t), &value).is_some())
    {
        report(Fault::Points {
            pos,
            form,
            written: w,
            computed: expected,
            basis: Some((c, declarer, vul, t)),
        });
        return match ns_written {
            Some(written) => NsScore::Either {
                written,
                computed: for_form(s, side, Form::NorthSouth, side),
            },
            None => NsScore::Unknown,
        };
    }
    ns_written
        .or(computed.map(|(s, _)| for_form(s, side, Form::NorthSouth, side)))
        .into()
}

/// Checks each ScoreTable row that states a result ([`Board::score_table`])
/// against duplicate scoring of its contract, declarer and tricks, under the
/// board's vulnerability (both, when the record gives none) and scoring.
/// Rows under Rubber or Chicago scoring, and rows missing the declarer or
/// the tricks, are not checked.
///
/// ```
/// use kibitz::bridge::{At, Board, ContractTag, TableScore, points};
/// use kibitz::{Pos, Seat, Vulnerability};
/// let mut b = Board::default();
/// b.vulnerability = Some(At::new(Vulnerability::None, Pos::new(2, 13)));
/// let row = |ns| TableScore {
///     row: 1,
///     contract: ContractTag::Contract("1NT".parse().unwrap()),
///     declarer: Some(Seat::North),
///     tricks: Some(8),
///     ns: Some(At::new(ns, Pos::new(9, 20))),
///     ew: None,
/// };
/// b.score_table = vec![row(120), row(990)];
/// let mut v = Vec::new();
/// points::check_table(&b, &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["ScoreTable row 1: Score_NS 990, but 1NT by North, not vulnerable, 8 tricks scores NS 120 (Law 77)"]);
/// ```
pub fn check_table(board: &Board, report: &mut dyn FnMut(Fault)) {
    if board.score_table.is_empty() || board.scoring.intersects(Scoring::RUBBER | Scoring::CHICAGO)
    {
        return;
    }
    let old_mp = board.scoring.contains(Scoring::OLD_MP);
    for row in &board.score_table {
        // NS's score, with the vulnerable one when the vulnerability is not
        // known and it differs.
        let (ns, vulnerable, basis) = match row.contract {
            ContractTag::Pass => (0, None, None),
            ContractTag::Contract(c) => {
                let (Some(d), Some(t)) = (row.declarer, row.tricks) else {
                    continue;
                };
                let ns_of = |vul| {
                    for_form(
                        duplicate_score(c, vul, t, old_mp),
                        d.side(),
                        Form::NorthSouth,
                        d.side(),
                    )
                };
                match board.vulnerability {
                    Some(v) => {
                        let vul = v.value.is_vulnerable(d);
                        (ns_of(vul), None, Some((c, d, Some(vul), t)))
                    }
                    None => {
                        let (a, b) = (ns_of(false), ns_of(true));
                        (a, (a != b).then_some(b), Some((c, d, None, t)))
                    }
                }
            }
            // A strain alone (an end position's Contract): no score to check.
            ContractTag::Strain(_) => continue,
        };
        for (written, side) in [(row.ns, Side::NorthSouth), (row.ew, Side::EastWest)] {
            let Some(At { value, pos }) = written else {
                continue;
            };
            let sign = if side == Side::NorthSouth { 1 } else { -1 };
            if value == sign * ns || vulnerable.is_some_and(|v| value == sign * v) {
                continue;
            }
            report(Fault::TableScore {
                pos,
                row: row.row,
                side,
                written: value,
                computed: sign * ns,
                vulnerable: vulnerable.map(|v| sign * v),
                basis,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pos, Seat, Vulnerability};

    fn run(
        score: SideScore<i32>,
        contract: &str,
        declarer: Seat,
        vul: Vulnerability,
        tricks: u8,
    ) -> (Option<i32>, Vec<String>) {
        let mut b = Board::default();
        b.vulnerability = Some(At::new(vul, Pos::new(2, 13)));
        b.score = Some(At::new(score, Pos::new(9, 8)));
        let d = Declared {
            contract: Some(contract.parse().unwrap()),
            declarer: Some(declarer),
            ..Declared::default()
        };
        let mut v = Vec::new();
        let ns = check(&b, &d, &[tricks], &mut |f| v.push(f.to_string()));
        (ns.known(), v)
    }

    fn s(declarer: Option<i32>, ns: Option<i32>, ew: Option<i32>) -> SideScore<i32> {
        SideScore { declarer, ns, ew }
    }

    #[test]
    fn every_form() {
        // 3NT by East, vulnerable (EW), 10 tricks: 100 + 500 + 30 = 630 for EW.
        let ok = [
            s(Some(630), None, None),
            s(None, Some(-630), None),
            s(None, None, Some(630)),
            s(None, Some(-630), Some(630)),
        ];
        for sc in ok {
            let (ns, v) = run(sc, "3NT", Seat::East, Vulnerability::EastWest, 10);
            assert!(v.is_empty(), "{sc:?}: {v:?}");
            assert_eq!(ns, Some(-630));
        }
        let (_, v) = run(
            s(Some(600), None, None),
            "3NT",
            Seat::East,
            Vulnerability::EastWest,
            10,
        );
        assert_eq!(
            v,
            ["Score 600, but 3NT by East, vulnerable, 10 tricks scores 630 (Law 77)"]
        );
        let (_, v) = run(
            s(None, Some(-630), Some(-630)),
            "3NT",
            Seat::East,
            Vulnerability::EastWest,
            10,
        );
        assert_eq!(
            v,
            ["Score EW -630, but 3NT by East, vulnerable, 10 tricks scores EW 630 (Law 77)"]
        );
    }

    #[test]
    fn a_score_that_follows_the_play_or_the_result_is_no_second_fault() {
        // Result 9 but the play gave 10 (that is bridge.result.tricks): 3NT by
        // South, not vulnerable, scores 400 for 9 tricks and 430 for 10.
        let mut b = Board::default();
        b.vulnerability = Some(At::new(Vulnerability::None, Pos::new(2, 13)));
        let d = Declared {
            contract: Some("3NT".parse().unwrap()),
            declarer: Some(Seat::South),
            ..Declared::default()
        };
        for (ns, faults) in [(400, 0), (430, 0), (460, 1)] {
            b.score = Some(At::new(s(None, Some(ns), None), Pos::new(9, 8)));
            let mut v = Vec::new();
            check(&b, &d, &[9, 10], &mut |f| v.push(f.to_string()));
            assert_eq!(v.len(), faults, "{ns}: {v:?}");
            if faults == 1 {
                assert!(v[0].contains("9 tricks scores NS 400"), "{v:?}");
            }
        }
    }

    #[test]
    fn old_mp_undertricks() {
        // 4SX by North, not vulnerable, 4 down: 800 now, 700 before 1987.
        let (_, v) = run(
            s(None, Some(-800), None),
            "4SX",
            Seat::North,
            Vulnerability::None,
            6,
        );
        assert!(v.is_empty());
        let mut b = Board::default();
        b.scoring = Scoring::OLD_MP;
        b.vulnerability = Some(At::new(Vulnerability::None, Pos::new(2, 13)));
        b.score = Some(At::new(s(None, Some(-700), None), Pos::new(9, 8)));
        let d = Declared {
            contract: Some("4SX".parse().unwrap()),
            declarer: Some(Seat::North),
            ..Declared::default()
        };
        let mut v = Vec::new();
        check(&b, &d, &[6], &mut |f| v.push(f.to_string()));
        assert!(v.is_empty(), "{v:?}");
    }

    #[test]
    fn passed_out_scores_nothing() {
        let mut b = Board::default();
        b.score = Some(At::new(s(None, Some(50), None), Pos::new(9, 8)));
        let d = Declared {
            passed_out: true,
            ..Declared::default()
        };
        let mut v = Vec::new();
        assert_eq!(
            check(&b, &d, &[], &mut |f| v.push(f.to_string())),
            NsScore::Either {
                written: 50,
                computed: 0
            }
        );
        assert_eq!(v, ["Score NS 50, but a passed-out board scores 0"]);
    }

    #[test]
    fn without_a_vulnerability_the_score_is_one_of_two() {
        // 1H by South, 6 tricks: one down, EW 50 not vulnerable, EW 100
        // vulnerable (Law 77). The record gives no vulnerability.
        let d = Declared {
            contract: Some("1H".parse().unwrap()),
            declarer: Some(Seat::South),
            ..Declared::default()
        };
        let run = |ew: i32| {
            let mut b = Board::default();
            b.score = Some(At::new(s(None, None, Some(ew)), Pos::new(9, 8)));
            let mut v = Vec::new();
            let ns = check(&b, &d, &[6], &mut |f| v.push(f.to_string()));
            (ns, v)
        };
        assert_eq!(
            run(999),
            (
                NsScore::Unknown,
                vec![
                    "Score EW 999, but 1H by South, 6 tricks scores EW 50 not vulnerable and \
                     EW 100 vulnerable (the vulnerability is not known; Law 77)"
                        .to_string()
                ]
            )
        );
        // Either score is no fault; the IMPs take it as written.
        assert_eq!(run(50), (NsScore::Known(-50), vec![]));
        assert_eq!(run(100), (NsScore::Known(-100), vec![]));
    }
}
