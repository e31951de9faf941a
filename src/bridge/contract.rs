//! The Contract and Declarer tags against the auction, and the contract the play,
//! result and score are checked against (Law 22; PBN 3.4.13, 3.4.14).

use crate::bridge::auction::{AuctionEnd, Partial};
use crate::bridge::fault::Fault;
use crate::bridge::{At, Board, ContractTag, DeclarerTag};
use crate::{Contract, Seat, Strain};

/// The contract and declarer that the rest of a record is checked against: the
/// tags where given (they state the outcome), else the auction's.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// All four passed: Contract `Pass`, an empty Declarer, or (without those
    /// tags) a passed-out auction.
    pub passed_out: bool,
    /// The full contract.
    pub contract: Option<Contract>,
    /// The strain, also from the bare denomination of an end position.
    pub strain: Option<Strain>,
    /// Who plays the contract: the Declarer tag's seat (the `^` seat when
    /// declarer and dummy were swapped), else the auction's declarer.
    pub declarer: Option<Seat>,
    /// The auction's declarer where it is not [`Declared::declarer`].
    pub auction_declarer: Option<Seat>,
}

/// Compares the Contract and Declarer tags with the auction's outcome and returns
/// what the rest of the record is checked against.
///
/// ```
/// use kibitz::bridge::auction::AuctionEnd;
/// use kibitz::bridge::{At, Board, ContractTag, contract};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// b.contract = Some(At::new(ContractTag::Contract("1D".parse().unwrap()), Pos::new(3, 11)));
/// let end = AuctionEnd::Ended(Some(("1C".parse().unwrap(), Seat::South)));
/// let mut v = Vec::new();
/// let d = contract::check(&b, Some(end), &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["Contract 1D, but the auction ends in 1C"]);
/// assert_eq!(d.declarer, Some(Seat::South));
/// ```
pub fn check(
    board: &Board,
    auction: Option<AuctionEnd>,
    report: &mut dyn FnMut(Fault),
) -> Declared {
    let ended = match auction {
        Some(AuctionEnd::Ended(o)) => Some(o),
        _ => None,
    };
    let mut tags_say_passed_out = false;
    if let (Some(At { value, pos }), Some(derived)) = (board.contract, ended) {
        let ok = match (value, derived) {
            (ContractTag::Pass, None) => true,
            (ContractTag::Contract(c), Some((d, _))) => c == d,
            (ContractTag::Strain(s), Some((d, _))) => s == d.bid.strain(),
            (ContractTag::Pass, Some(_)) => {
                tags_say_passed_out = true;
                false
            }
            (_, None) => {
                tags_say_passed_out = true;
                false
            }
        };
        if !ok {
            report(Fault::Contract {
                pos,
                written: value,
                derived: derived.map(|(c, _)| c),
            });
        }
    }
    if let Some(AuctionEnd::Open(p)) = auction {
        open(board, &p, report);
    }
    let mut swap_refuted = false;
    // A Declarer tag that only repeats a wrong "passed out" (or its opposite) of the
    // Contract tag is one fault, already reported.
    if let (Some(At { value, pos }), Some(derived), false) =
        (board.declarer, ended, tags_say_passed_out)
    {
        let ok = match (value, derived) {
            (DeclarerTag::PassedOut, None) => true,
            // A seat beside Contract "Pass": only PBN's letter is broken
            // (bridge.board.passed-out-tags).
            (DeclarerTag::Seat { .. }, None) => {
                board.contract.is_some_and(|c| c.value == ContractTag::Pass)
            }
            (DeclarerTag::Seat { seat, swapped }, Some((_, d))) => {
                swap_refuted = swapped && seat == d;
                seat == if swapped { d.partner() } else { d }
            }
            _ => false,
        };
        if !ok {
            report(Fault::Declarer {
                pos,
                written: value,
                derived: derived.map(|(c, d)| (d, c)),
            });
        }
    }
    if let Some(At {
        value: DeclarerTag::Seat {
            seat,
            swapped: true,
        },
        pos,
    }) = board.declarer
        && !swap_refuted
    {
        report(Fault::SwapMarked { pos, playing: seat });
    }
    let from_auction = ended.flatten();
    let passed_out = match (board.contract, board.declarer) {
        (Some(c), _) => c.value == ContractTag::Pass,
        (None, Some(d)) => d.value == DeclarerTag::PassedOut,
        (None, None) => ended == Some(None),
    };
    let contract = match board.contract {
        Some(At {
            value: ContractTag::Contract(c),
            ..
        }) => Some(c),
        Some(_) => None,
        None => from_auction.map(|(c, _)| c),
    };
    let strain = match board.contract {
        Some(At {
            value: ContractTag::Strain(s),
            ..
        }) => Some(s),
        _ => contract.map(|c| c.bid.strain()),
    };
    let declarer = match board.declarer {
        Some(At {
            value: DeclarerTag::Seat { seat, .. },
            ..
        }) => Some(seat),
        Some(_) => None,
        None => from_auction.map(|(_, d)| d),
    };
    Declared {
        passed_out,
        contract,
        strain,
        declarer,
        auction_declarer: from_auction
            .map(|(_, d)| d)
            .filter(|&d| Some(d) != declarer),
    }
}

/// The Contract and Declarer tags against an auction that stops before its end:
/// the contract is at least the last bid so far, and if the Declarer tag's side
/// plays the Contract tag's strain, its declarer is the first of the side who
/// named that strain (when one already has).
fn open(board: &Board, p: &Partial, report: &mut dyn FnMut(Fault)) {
    let strain = match board.contract.map(|c| c.value) {
        Some(ContractTag::Contract(c)) => Some(c.bid.strain()),
        Some(ContractTag::Strain(s)) => Some(s),
        _ => None,
    };
    if let (Some(At { value, pos }), Some(last)) = (board.contract, p.last) {
        let below = match value {
            ContractTag::Pass => true,
            ContractTag::Contract(c) => c.bid < last.0,
            ContractTag::Strain(_) => false,
        };
        if below {
            report(Fault::ContractOpen {
                pos,
                written: value,
                last,
            });
        }
    }
    if let (
        Some(At {
            value: written @ DeclarerTag::Seat { seat, swapped },
            pos,
        }),
        Some(strain),
    ) = (board.declarer, strain)
    {
        let declarer = if swapped { seat.partner() } else { seat };
        if let Some(namer) = p.namer(declarer.side(), strain)
            && namer != declarer
        {
            report(Fault::DeclarerOpen {
                pos,
                written,
                namer,
                strain,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    fn board(contract: Option<ContractTag>, declarer: Option<DeclarerTag>) -> Board {
        let mut b = Board::default();
        b.contract = contract.map(|c| At::new(c, Pos::new(2, 11)));
        b.declarer = declarer.map(|d| At::new(d, Pos::new(3, 11)));
        b
    }

    fn run(b: &Board, end: AuctionEnd) -> (Declared, Vec<String>) {
        let mut v = Vec::new();
        let d = check(b, Some(end), &mut |f| {
            v.push(format!("{} {f}", f.rule().id))
        });
        (d, v)
    }

    fn seat(s: Seat, swapped: bool) -> Option<DeclarerTag> {
        Some(DeclarerTag::Seat { seat: s, swapped })
    }

    fn c(s: &str) -> Option<ContractTag> {
        Some(ContractTag::Contract(s.parse().unwrap()))
    }

    // The verifier's errors_10 games 36-43: dealer South, auction "1C AP".
    const ONE_CLUB: AuctionEnd = AuctionEnd::Ended(Some((
        Contract {
            bid: match crate::Bid::new(1, Strain::Clubs) {
                Some(b) => b,
                None => unreachable!(),
            },
            risk: crate::Risk::Undoubled,
        },
        Seat::South,
    )));

    #[test]
    fn declarer_tags() {
        let (_, v) = run(&board(c("1C"), seat(Seat::North, false)), ONE_CLUB);
        assert_eq!(
            v,
            [
                "bridge.auction.declarer Declarer North, but South first named clubs for the side that won the auction (1C)"
            ]
        );
        let (_, v) = run(&board(c("1C"), seat(Seat::West, false)), ONE_CLUB);
        assert_eq!(v.len(), 1);
        // ^S: South is not the swapped-in player, North would be.
        let (_, v) = run(&board(c("1C"), seat(Seat::South, true)), ONE_CLUB);
        assert_eq!(v.len(), 1);
        assert!(v[0].contains("the swap would be ^N"));
        let (d, v) = run(&board(c("1C"), seat(Seat::North, true)), ONE_CLUB);
        assert_eq!(v.len(), 1);
        assert!(v[0].starts_with("bridge.play.declarer-swap-marked"));
        assert_eq!(
            (d.declarer, d.auction_declarer),
            (Some(Seat::North), Some(Seat::South))
        );
    }

    #[test]
    fn contract_tags() {
        let (_, v) = run(&board(c("1D"), None), ONE_CLUB);
        assert_eq!(v.len(), 1);
        let (d, v) = run(&board(Some(ContractTag::Pass), None), ONE_CLUB);
        assert_eq!(
            v,
            ["bridge.auction.contract Contract Pass, but the auction ends in 1C"]
        );
        assert!(d.passed_out);
        // Contract Pass and Declarer "" both say passed out: one finding.
        let (_, v) = run(
            &board(Some(ContractTag::Pass), Some(DeclarerTag::PassedOut)),
            ONE_CLUB,
        );
        assert_eq!(v.len(), 1);
        let (_, v) = run(&board(c("1CX"), seat(Seat::South, false)), ONE_CLUB);
        assert_eq!(
            v,
            ["bridge.auction.contract Contract 1CX, but the auction ends in 1C"]
        );
        let (_, v) = run(
            &board(c("3NT"), seat(Seat::South, false)),
            AuctionEnd::Ended(None),
        );
        assert_eq!(
            v,
            ["bridge.auction.contract Contract 3NT, but the auction was passed out"]
        );
        // An end position names only the strain.
        let (d, v) = run(
            &board(Some(ContractTag::Strain(Strain::Clubs)), None),
            ONE_CLUB,
        );
        assert!(v.is_empty());
        assert_eq!((d.strain, d.contract), (Some(Strain::Clubs), None));
    }

    #[test]
    fn without_tags_the_auction_decides() {
        let (d, v) = run(&board(None, None), ONE_CLUB);
        assert!(v.is_empty());
        assert_eq!(d.contract.unwrap().to_string(), "1C");
        assert_eq!(d.declarer, Some(Seat::South));
        let (d, _) = run(&board(None, None), AuctionEnd::Ended(None));
        assert!(d.passed_out);
    }
}
