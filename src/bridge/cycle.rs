//! Dealer and vulnerability against the standard 16-board cycle (Law 2). Many
//! events use other cycles, so a difference is a notice, never a violation.

use crate::bridge::Board;
use crate::bridge::fault::{CycleFault, Fault};
use crate::{Vulnerability, dealer_for_board};

/// Reports a Dealer or Vulnerable tag that differs from board `Board`'s place in
/// the cycle.
///
/// ```
/// use kibitz::bridge::{At, Board, cycle};
/// use kibitz::{Pos, Seat};
/// let mut b = Board::default();
/// b.number = Some(At::new(4, Pos::new(1, 8)));
/// b.dealer = Some(At::new(Seat::South, Pos::new(2, 9)));
/// let mut v = Vec::new();
/// cycle::check(&b, &mut |f| v.push(f.to_string()));
/// assert_eq!(v, ["board 4: dealer South, the standard cycle has West"]);
/// ```
pub fn check(board: &Board, report: &mut dyn FnMut(Fault)) {
    let Some(n) = board.number.map(|n| n.value) else {
        return;
    };
    if let Some(d) = board.dealer
        && d.value != dealer_for_board(n)
    {
        report(Fault::Cycle {
            pos: d.pos,
            board: n,
            fault: CycleFault::Dealer {
                written: d.value,
                expected: dealer_for_board(n),
            },
        });
    }
    if let Some(v) = board.vulnerability
        && v.value != Vulnerability::for_board(n)
    {
        report(Fault::Cycle {
            pos: v.pos,
            board: n,
            fault: CycleFault::Vulnerable {
                written: v.value,
                expected: Vulnerability::for_board(n),
            },
        });
    }
}
