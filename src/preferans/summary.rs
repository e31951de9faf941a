//! Outcome and summary: who passed or failed, what each player writes, and the
//! check of the recorded summary entries.
//!
//! Amounts are checked against the deal's recorded value (the value itself is
//! checked against the rules on its own), and a follower's supa against the trick
//! count his own entry gives (the count is checked against the throws on its own),
//! so that one wrong number is reported once.

use super::lineup::Role;
use super::play::{Out, PlayResult, PlayState, is_doubled};
use super::rules;
use super::{
    BetlSupa, ByPlayer, Column, Contract, DealOrder, Entry, Invitation, Kontra, Lineup, Options,
    Player,
};
use crate::Pos;

/// How a played deal ended for each player.
///
/// ```
/// use kibitz::preferans::{Accepted, ByPlayer, Contract, Lineup, Options, Player, PlayResult, PlayState, Verdict};
/// // Hearts, main 2 takes 7, lone follower 3 takes 3: main passes, 3 does not fail.
/// let l = Lineup::new(Player::Two, Accepted::One(Player::Three), None);
/// let r = PlayResult { won: ByPlayer { values: [0, 7, 3] }, tricks: 10, state: PlayState::Complete };
/// let v = Verdict::judge(Contract::parse(b"4").unwrap(), &l, None, &r, &Options::default()).unwrap();
/// assert!(v.main_passed && !v.failed[Player::Three]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Main made the contract.
    pub main_passed: bool,
    /// Followers who failed (only ever when main passed).
    pub failed: ByPlayer<bool>,
}

impl Verdict {
    /// Judges a deal from its recorded play; `None` when play is incomplete.
    ///
    /// Main needs 6 tricks (suits, sans), none in betl, all 10 in preferans; play
    /// that stopped early with the outcome decided means main failed. When main
    /// passes: a lone follower needs 2 tricks; two followers each need 2 or 4
    /// together; on an invitation the inviter needs 4 with the invited player, who
    /// cannot fail (option `invitation=as_both_following`: as two followers); with
    /// option `kontra_pair_needs_five`, under a kontra the
    /// followers need 5 together.
    ///
    /// ```
    /// use kibitz::preferans::*;
    /// // Betl (6): main took a trick, play stopped: main failed, nobody else fails.
    /// let l = Lineup::new(Player::One, Accepted::Both(8), None);
    /// let r = PlayResult { won: ByPlayer { values: [1, 2, 0] }, tricks: 3, state: PlayState::Decided };
    /// let v = Verdict::judge(Contract::parse(b"6").unwrap(), &l, None, &r, &Options::default()).unwrap();
    /// assert!(!v.main_passed && v.failed.values == [false; 3]);
    /// ```
    pub fn judge(
        contract: Contract,
        lineup: &Lineup,
        kontra: Option<Kontra>,
        result: &PlayResult,
        opts: &Options,
    ) -> Option<Verdict> {
        let mut failed = ByPlayer::new_with(|_| false);
        let main_tricks = result.main_tricks(lineup);
        let main_passed = match result.state {
            PlayState::Incomplete => return None,
            PlayState::NoPlay => true,
            PlayState::Decided => false,
            PlayState::Complete => {
                if contract.is_betl() {
                    main_tricks == 0
                } else if contract.is_preferans() {
                    main_tricks >= 10
                } else {
                    main_tricks >= 6
                }
            }
        };
        if main_passed && result.state != PlayState::NoPlay {
            let together = result.follower_tricks(lineup);
            let invited = lineup.followers().any(|f| lineup.roles[f] == Role::Invited);
            let pair = lineup.followers().count() == 2;
            let inviter_answers = invited && opts.invitation == Invitation::InviterAnswers;
            for f in lineup.followers() {
                let own = result.won[f];
                failed[f] = match lineup.roles[f] {
                    Role::Invited if inviter_answers => false,
                    _ if opts.kontra_pair_needs_five && is_doubled(kontra) => together < 5,
                    _ if inviter_answers => together < 4,
                    _ if pair => own < 2 && together < 4,
                    _ => own < 2,
                };
            }
        }
        Some(Verdict {
            main_passed,
            failed,
        })
    }
}

/// The supa a follower with `tricks` writes: value x tricks, or with option
/// `betl_supa=fixed_60` 60 (70 for a game betl) when main failed a betl.
///
/// ```
/// use kibitz::preferans::{supa, BetlSupa, Contract, Options};
/// let betl = Contract::parse(b"G6").unwrap();
/// let mut o = Options::default();
/// assert_eq!(supa(14, 2, betl, false, &o), 28);
/// o.betl_supa = BetlSupa::Fixed60;
/// assert_eq!(supa(14, 2, betl, false, &o), 70);
/// assert_eq!(supa(14, 2, betl, true, &o), 28);
/// ```
pub fn supa(value: u32, tricks: u8, contract: Contract, main_passed: bool, opts: &Options) -> i64 {
    if contract.is_betl() && !main_passed && opts.betl_supa == BetlSupa::Fixed60 {
        if contract.game { 70 } else { 60 }
    } else {
        i64::from(value) * i64::from(tricks)
    }
}

/// The entry the rules give player `p` of `lineup` for `value`, the `tricks` he
/// won and the verdict.
///
/// ```
/// use kibitz::preferans::*;
/// let l = Lineup::new(Player::Two, Accepted::One(Player::Three), None);
/// let v = Verdict { main_passed: true, failed: ByPlayer { values: [false, false, true] } };
/// let c = Contract::parse(b"4").unwrap();
/// let o = Options::default();
/// assert_eq!(expected_entry(Player::Three, &l, 8, 1, c, &v, &o).to_string(), "F1:L8:8");
/// assert_eq!(expected_entry(Player::Two, &l, 8, 9, c, &v, &o).to_string(), "M9:-8");
/// assert_eq!(expected_entry(Player::One, &l, 8, 0, c, &v, &o).to_string(), "0");
/// ```
pub fn expected_entry(
    p: Player,
    lineup: &Lineup,
    value: u32,
    tricks: u8,
    contract: Contract,
    verdict: &Verdict,
    opts: &Options,
) -> Entry {
    let v = i64::from(value);
    let column = Column::facing(p, lineup.main);
    let failed = verdict.failed[p];
    match lineup.roles[p] {
        Role::Main => Entry::Main {
            tricks,
            middle: if verdict.main_passed { -v } else { v },
        },
        Role::Follower | Role::Invited => Entry::Follower {
            tricks,
            column,
            supa: supa(value, tricks, contract, verdict.main_passed, opts),
            failed: failed.then_some(v),
        },
        Role::Out => Entry::Out,
    }
}

fn role_text(role: Role) -> &'static str {
    match role {
        Role::Main => "is main",
        Role::Follower => "follows",
        Role::Invited => "plays on invitation",
        Role::Out => "does not play",
    }
}

/// What the summary check needs to know about a deal.
pub(crate) struct SummaryFacts<'a> {
    pub order: DealOrder,
    pub lineup: &'a Lineup,
    pub contract: Contract,
    pub kontra: Option<Kontra>,
    pub value: u32,
    pub result: &'a PlayResult,
    pub verdict: Option<Verdict>,
    pub pos: Pos,
}

/// Checks the recorded summary `entries` (deal order) against the deal.
pub(crate) fn check(entries: &[Entry; 3], f: &SummaryFacts<'_>, opts: &Options, out: &mut Out) {
    let counted = matches!(f.result.state, PlayState::Complete | PlayState::Decided);
    let v = i64::from(f.value);
    for (i, written) in entries.iter().enumerate() {
        let p = f.order.at(i);
        let role = f.lineup.roles[p];
        let column = Column::facing(p, f.lineup.main);
        let tricks_ok = |tricks: u8, out: &mut Out| {
            if counted && tricks != f.result.won[p] {
                out(
                    rules::SUMMARY_TRICKS,
                    f.pos,
                    format!(
                        "summary of player {p} gives {tricks} trick(s), but the throws record {} won by {p}",
                        f.result.won[p]
                    ),
                );
            }
        };
        match (role, *written) {
            (Role::Out, Entry::Out) => {}
            (Role::Main, Entry::Main { tricks, middle }) => {
                tricks_ok(tricks, out);
                if let Some(verdict) = f.verdict {
                    let exp = if verdict.main_passed { -v } else { v };
                    if middle != exp {
                        out(
                            rules::SUMMARY_MAIN,
                            f.pos,
                            format!(
                                "main {p} {} the {} of value {} so writes {exp} in the middle, not {middle}",
                                if verdict.main_passed {
                                    "passes"
                                } else {
                                    "fails"
                                },
                                f.contract.name(),
                                f.value
                            ),
                        );
                    }
                }
            }
            (
                Role::Follower | Role::Invited,
                Entry::Follower {
                    tricks,
                    column: col,
                    supa: written_supa,
                    failed,
                },
            ) => {
                tricks_ok(tricks, out);
                if col != column {
                    out(
                        rules::SUMMARY_COLUMN,
                        f.pos,
                        format!(
                            "follower {p} writes supa against main {} in column {}, not {} ({} is {p}'s {} neighbour)",
                            f.lineup.main,
                            column.letter(),
                            col.letter(),
                            f.lineup.main,
                            if column == Column::Right {
                                "right"
                            } else {
                                "left"
                            }
                        ),
                    );
                }
                let fixed = f.contract.is_betl() && opts.betl_supa == BetlSupa::Fixed60;
                let passed = f.verdict.map(|v| v.main_passed);
                if !fixed || passed.is_some() {
                    let exp = supa(f.value, tricks, f.contract, passed.unwrap_or(true), opts);
                    if written_supa != exp {
                        out(
                            rules::SUMMARY_SUPA,
                            f.pos,
                            format!(
                                "follower {p} with {tricks} trick(s) at value {} writes supa {exp}, not {written_supa}",
                                f.value
                            ),
                        );
                    }
                }
                if let Some(verdict) = f.verdict {
                    let exp = verdict.failed[p].then_some(v);
                    if failed != exp {
                        let msg = match (exp, failed) {
                            (Some(e), None) => format!(
                                "follower {p} failed ({}), so the entry ends with :{e}",
                                fail_reason(f, p, opts)
                            ),
                            (None, Some(m)) => format!(
                                "follower {p} did not fail ({}), yet the entry adds {m} to the middle",
                                pass_reason(f, &verdict, p, opts)
                            ),
                            (Some(e), Some(m)) => {
                                format!(
                                    "follower {p} failed: the middle entry is the value {e}, not {m}"
                                )
                            }
                            (None, None) => String::new(),
                        };
                        out(rules::SUMMARY_FAILED, f.pos, msg);
                    }
                }
            }
            (role, written) => {
                let expected = f.verdict.map(|verdict| {
                    expected_entry(
                        p,
                        f.lineup,
                        f.value,
                        f.result.won[p],
                        f.contract,
                        &verdict,
                        opts,
                    )
                });
                let exp_text = match (expected, role) {
                    (Some(e), _) if counted || role == Role::Out => format!("`{e}`"),
                    (_, Role::Main) => "an `M` entry".to_string(),
                    (_, Role::Out) => "`0`".to_string(),
                    _ => "an `F` entry".to_string(),
                };
                out(
                    rules::SUMMARY_ROLE,
                    f.pos,
                    format!(
                        "player {p} {}, so his entry is {exp_text}, not `{written}`",
                        role_text(role)
                    ),
                );
            }
        }
    }
}

fn fail_reason(f: &SummaryFacts<'_>, p: Player, opts: &Options) -> String {
    let together = f.result.follower_tricks(f.lineup);
    let invited = f
        .lineup
        .followers()
        .any(|g| f.lineup.roles[g] == Role::Invited);
    if opts.kontra_pair_needs_five && is_doubled(f.kontra) {
        format!(
            "under a kontra the followers need 5 together (option kontra_pair_needs_five); they took {together}"
        )
    } else if invited && opts.invitation == Invitation::InviterAnswers {
        format!("the inviter needs 4 tricks with the invited player; they took {together}")
    } else if f.lineup.followers().count() == 2 {
        format!(
            "each follower needs 2 or both 4; {p} took {}, both {together}",
            f.result.won[p]
        )
    } else {
        format!(
            "a lone follower needs 2 tricks; {p} took {}",
            f.result.won[p]
        )
    }
}

fn pass_reason(f: &SummaryFacts<'_>, verdict: &Verdict, p: Player, opts: &Options) -> String {
    if !verdict.main_passed {
        return format!("main {} failed, and then no follower fails", f.lineup.main);
    }
    match f.lineup.roles[p] {
        Role::Invited if opts.invitation == Invitation::InviterAnswers => {
            "an invited player cannot fail".to_string()
        }
        _ => format!(
            "{p} took {}, the followers {} together",
            f.result.won[p],
            f.result.follower_tricks(f.lineup)
        ),
    }
}
