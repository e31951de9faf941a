//! The auction, replayed slot by slot, and the Contract and Declarer tags.

use super::super::fault::AuctionEnd;
use super::super::{Auction, Call, Fault, Options};
use super::Out;
use crate::Seat;

/// What the auction decided.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Won {
    /// The winning bid and bidder (`None`: nobody bid, or not readable).
    pub winner: Option<(u32, Seat)>,
    /// The auction reached its end (three passes after a bid).
    pub complete: bool,
    /// It stops at a `*`.
    pub terminated: bool,
}

/// Whether `bid` is on the steps: multiples of 5 from 60, of 10 from 100.
pub(crate) fn on_steps(bid: u32) -> bool {
    (bid < 60 || bid.is_multiple_of(5)) && (bid < 100 || bid.is_multiple_of(10))
}

/// Replays the auction from the dealer's left.
pub(super) fn check_auction(
    a: &Auction,
    dealer: Option<Seat>,
    opts: &Options,
    out: &mut Out,
) -> Won {
    let mut won = Won::default();
    let Some(first) = a.first else {
        return won;
    };
    if let Some(d) = dealer
        && first != d.lho()
    {
        out(
            Fault::AuctionFirst {
                written: first,
                expected: d.lho(),
            },
            a.pos,
        );
    }
    let mut passed = [false; 4];
    let mut passes = 0u8;
    let mut high: Option<(u32, Seat)> = None;
    for (i, c) in a.calls.iter().enumerate() {
        let seat = first.add(i);
        if won.complete || passes == 4 {
            out(
                Fault::AuctionEnd(AuctionEnd::AfterEnd { seat, winner: high }),
                c.pos,
            );
            return won;
        }
        match c.value {
            Call::Unknown => return won,
            Call::Skip | Call::Pass => {
                let is_skip = c.value == Call::Skip;
                if is_skip != passed[seat.index()] {
                    out(
                        Fault::AuctionSkip {
                            seat,
                            had_passed: passed[seat.index()],
                        },
                        c.pos,
                    );
                }
                if !passed[seat.index()] {
                    passed[seat.index()] = true;
                    passes += 1;
                }
            }
            Call::Bid(bid) => {
                if passed[seat.index()] {
                    out(Fault::AuctionPassed { seat, bid }, c.pos);
                    continue;
                }
                match high {
                    None if bid < opts.min_bid => out(
                        Fault::AuctionMinimum {
                            seat,
                            bid,
                            min: opts.min_bid,
                        },
                        c.pos,
                    ),
                    Some(h) if bid <= h.0 => {
                        out(Fault::AuctionInsufficient { seat, bid, high: h }, c.pos);
                        continue;
                    }
                    _ => {}
                }
                if opts.bid_steps && !on_steps(bid) {
                    out(Fault::AuctionStep { seat, bid }, c.pos);
                }
                high = Some((bid, seat));
            }
        }
        if passes == 3 && high.is_some() {
            won.complete = true;
            won.winner = high;
        } else if passes == 4 {
            out(Fault::AuctionEnd(AuctionEnd::FourPasses), c.pos);
        }
    }
    if !won.complete && passes < 4 {
        if a.star.is_some() {
            won.terminated = true;
        } else {
            let pos = a.calls.last().map_or(a.pos, |c| c.pos);
            out(
                Fault::AuctionEnd(AuctionEnd::CutShort { passed: passes }),
                pos,
            );
        }
    }
    won
}
