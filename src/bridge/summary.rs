//! A results list's line for the table ([`Summary`]: LIN's `rs` entry) against
//! the auction, the Result (a claim) and the play: `bridge.result.list`. The
//! line is an operator's summary (lin-notes 3): it is checked, and never what
//! the rest of the record is checked against.

use crate::bridge::auction::AuctionEnd;
use crate::bridge::contract::Declared;
use crate::bridge::deal::Hands;
use crate::bridge::fault::{Fault, ListAgainst};
use crate::bridge::play::PlayOutcome;
use crate::bridge::result::{bound, declarer_tricks};
use crate::bridge::{At, Board, Summary};

/// Checks `board.summary` against how the auction ended, then its tricks
/// against the Result where there is one (LIN's `mc` claim), else against
/// what the play allows (exactly the tricks won after a full play; within
/// the tricks left, and Law 64's transfers after a revoke, when it stops
/// early). Tricks are not compared when the line names a declarer on the
/// other side than the auction's (that is the one fault), nor for an end
/// position.
///
/// ```
/// use kibitz::bridge::auction::AuctionEnd;
/// use kibitz::bridge::contract::Declared;
/// use kibitz::bridge::deal::Hands;
/// use kibitz::bridge::play::PlayOutcome;
/// use kibitz::bridge::{At, Board, Summary, summary};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// let four_spades = "4S".parse().unwrap();
/// let stated = Summary::Played { contract: four_spades, declarer: Seat::South, tricks: 8 };
/// b.summary = Some(At::new(stated, Pos::new(2, 4)));
/// let end = AuctionEnd::Ended(Some((four_spades, Seat::South)));
/// let d = Declared { declarer: Some(Seat::South), ..Declared::default() };
/// let full = PlayOutcome { tricks: 13, declarer_tricks: 9, finished: true, ..PlayOutcome::default() };
/// let mut v = Vec::new();
/// summary::check(&b, Some(end), &d, Some(&full), &Hands::UNKNOWN, &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["the results list gives 4S by South, 8 tricks, but South's side won 9 in the play"]);
/// ```
pub fn check(
    board: &Board,
    auction: Option<AuctionEnd>,
    declared: &Declared,
    play: Option<&PlayOutcome>,
    hands: &Hands,
    report: &mut dyn FnMut(Fault),
) {
    let Some(At { value: stated, pos }) = board.summary else {
        return;
    };
    let fault = |against| Fault::ResultList {
        pos,
        stated,
        against,
    };
    if let Some(AuctionEnd::Ended(end)) = auction {
        let (agrees, same_side) = match (stated, end) {
            (Summary::PassedOut, None) => (true, true),
            (
                Summary::Played {
                    contract, declarer, ..
                },
                Some((c, d)),
            ) => (contract == c && declarer == d, declarer.side() == d.side()),
            _ => (false, false),
        };
        if !agrees {
            report(fault(ListAgainst::Auction(end)));
        }
        if !same_side {
            return;
        }
    }
    let Summary::Played {
        declarer, tricks, ..
    } = stated
    else {
        return;
    };
    if let Some(At { value: Some(r), .. }) = board.result
        && let Some(written) = declarer_tricks(&r, declarer.side(), true)
    {
        if written != tricks {
            report(fault(ListAgainst::Result(written)));
        }
        return;
    }
    if let (Some(p), Some(counted), false) = (play, declared.declarer, hands.end_position)
        && let Some(b) = bound(p, counted, declarer, tricks)
    {
        report(fault(ListAgainst::Play(b)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::ResultTag;
    use crate::{Pos, Seat};

    fn played(contract: &str, declarer: Seat, tricks: u8) -> Summary {
        Summary::Played {
            contract: contract.parse().unwrap(),
            declarer,
            tricks,
        }
    }

    /// The messages for `stated` against the auction's `end`, a claim of
    /// `claim` tricks and the play `p` (South declaring where it ended).
    fn run(
        stated: Summary,
        end: Option<AuctionEnd>,
        claim: Option<u8>,
        p: Option<PlayOutcome>,
    ) -> Vec<String> {
        let mut b = Board::default();
        b.summary = Some(At::new(stated, Pos::new(2, 4)));
        b.result = claim.map(|n| {
            At::new(
                Some(ResultTag {
                    declarer: Some(n),
                    ..ResultTag::default()
                }),
                Pos::new(9, 9),
            )
        });
        let d = Declared {
            declarer: match end {
                Some(AuctionEnd::Ended(Some((_, d)))) => Some(d),
                _ => None,
            },
            ..Declared::default()
        };
        let mut v = Vec::new();
        check(&b, end, &d, p.as_ref(), &Hands::UNKNOWN, &mut |f| {
            assert_eq!(f.rule().id, "bridge.result.list");
            assert_eq!(f.pos(), Pos::new(2, 4));
            v.push(f.to_string());
        });
        v
    }

    fn ended(c: &str, d: Seat) -> Option<AuctionEnd> {
        Some(AuctionEnd::Ended(Some((c.parse().unwrap(), d))))
    }

    fn stopped(tricks: u8, declarer_tricks: u8) -> Option<PlayOutcome> {
        Some(PlayOutcome {
            tricks,
            declarer_tricks,
            finished: tricks == 13,
            ..PlayOutcome::default()
        })
    }

    #[test]
    fn a_line_that_agrees_is_no_finding() {
        let s = played("3NT", Seat::East, 9);
        assert!(run(s, ended("3NT", Seat::East), None, stopped(13, 9)).is_empty());
        assert!(run(s, ended("3NT", Seat::East), Some(9), stopped(5, 3)).is_empty());
        // 3 of the first 5 tricks and 8 left: 3 to 11.
        assert!(run(s, ended("3NT", Seat::East), None, stopped(5, 3)).is_empty());
        let p = Summary::PassedOut;
        assert!(run(p, Some(AuctionEnd::Ended(None)), None, None).is_empty());
    }

    #[test]
    fn contract_declarer_and_doubling_are_compared_with_the_auction() {
        let s = played("4S", Seat::South, 10);
        assert_eq!(
            run(s, ended("4H", Seat::South), None, None),
            ["the results list gives 4S by South, 10 tricks, but the auction ends in 4H by South"]
        );
        assert_eq!(
            run(s, ended("4SX", Seat::South), None, None),
            ["the results list gives 4S by South, 10 tricks, but the auction ends in 4SX by South"]
        );
        assert_eq!(
            run(s, ended("4S", Seat::North), None, None),
            ["the results list gives 4S by South, 10 tricks, but the auction ends in 4S by North"]
        );
        assert_eq!(
            run(s, Some(AuctionEnd::Ended(None)), None, None),
            ["the results list gives 4S by South, 10 tricks, but the auction was passed out"]
        );
        assert_eq!(
            run(Summary::PassedOut, ended("1C", Seat::West), None, None),
            ["the results list gives passed out, but the auction ends in 1C by West"]
        );
    }

    #[test]
    fn tricks_are_compared_with_the_claim_before_the_play() {
        let s = played("3NT", Seat::East, 8);
        assert_eq!(
            run(s, ended("3NT", Seat::East), Some(9), stopped(5, 3)),
            [
                "the results list gives 3NT by East, 8 tricks, but the Result gives declarer 9 tricks"
            ]
        );
        // Without a claim, a play that stops early bounds the count: 3 won
        // and 8 left allow 3 to 11, not 12.
        assert_eq!(
            run(
                played("3NT", Seat::East, 12),
                ended("3NT", Seat::East),
                None,
                stopped(5, 3)
            ),
            [
                "the results list gives 3NT by East, 12 tricks, but the side won 3 with 8 left when the play stopped: 3 to 3 + 8, so 3 to 11 is possible"
            ]
        );
    }

    #[test]
    fn a_declarer_of_the_same_side_still_has_its_tricks_compared() {
        // The line names North where the auction names South: both faults.
        let v = run(
            played("4S", Seat::North, 8),
            ended("4S", Seat::South),
            None,
            stopped(13, 10),
        );
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(
            v[1].ends_with("but North's side won 10 in the play"),
            "{v:?}"
        );
        // Of the other side: the tricks rest on the wrong declarer.
        let v = run(
            played("4S", Seat::East, 8),
            ended("4S", Seat::South),
            None,
            stopped(13, 10),
        );
        assert_eq!(v.len(), 1, "{v:?}");
    }

    #[test]
    fn without_an_auction_the_tricks_are_still_held_to_the_claim() {
        let s = played("2H", Seat::West, 8);
        assert_eq!(run(s, None, Some(8), None), Vec::<String>::new());
        assert_eq!(
            run(s, None, Some(7), None),
            ["the results list gives 2H by West, 8 tricks, but the Result gives declarer 7 tricks"]
        );
    }
}
