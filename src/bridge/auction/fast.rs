//! The auction replay's fast path: an auction of calls only (no `-`, `^S`, `^I`,
//! `+` or unread call), from the dealer, every bid sufficient, every double and
//! redouble legal, that ends with its last item (three passes after a call,
//! four passes, or `AP`). Such an auction breaks no rule, so the general replay
//! ([`super::replay`]) would report nothing; anything else is left to it.

use super::{AuctionEnd, AuctionState};
use crate::bridge::{Auction, AuctionCall};
use crate::{Call, Risk, Seat};

/// How `auction` (dealt by `dealer`, if known) ends, if it is a plain legal
/// auction; `None` if the general replay must judge it.
pub(super) fn replay(auction: &Auction, dealer: Option<Seat>) -> Option<AuctionEnd> {
    let mut seat = auction.first?;
    if dealer.is_some_and(|d| d != seat) {
        return None;
    }
    let mut st = AuctionState::new();
    let last = auction.items.len().checked_sub(1)?;
    for (i, item) in auction.items.iter().enumerate() {
        if item.insufficient_marked {
            return None;
        }
        let call = match item.call {
            AuctionCall::Call(c) => c,
            // All the others pass: the end, if nothing follows.
            AuctionCall::AllPass => return (i == last).then(|| AuctionEnd::Ended(st.outcome())),
            _ => return None,
        };
        if call == Call::Pass {
            st.passes += 1;
            if st.is_over() {
                return (i == last).then(|| AuctionEnd::Ended(st.outcome()));
            }
        } else {
            st.passes = 0;
            st.any_call = true;
            match call {
                Call::Bid(b) => {
                    if st.last.is_some_and(|(over, _)| b <= over) {
                        return None;
                    }
                    st.bid(b, seat);
                }
                Call::Double => {
                    st.double(seat).ok()?;
                    st.risk = Risk::Doubled;
                    st.doubler = Some(seat);
                }
                Call::Redouble => {
                    st.redouble(seat).ok()?;
                    st.risk = Risk::Redoubled;
                }
                Call::Pass => {}
            }
        }
        seat = seat.lho();
    }
    None
}
