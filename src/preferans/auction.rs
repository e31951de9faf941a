//! The auction: who may say what, and which `bids` fields a legal auction can
//! leave behind.
//!
//! Positions here are deal-order positions (0 first bidder, 1 second, 2 dealer);
//! an earlier position has priority over a later one. The model:
//!
//! * A player who has passed is out for good.
//! * Ladder: the first bid is `2`; after that every bid is the next step up. After
//!   a plain level `N` (N >= 3) held by a later player, a player with priority who
//!   has already bid says "mine N" (`MN`); anyone else says `N+1`. After `MN` the
//!   next step is `N+1`. There is no "mine 2" and nothing above `M8`.
//! * Game: only as a player's first call, `G` (unnamed) or directly `G6`, `G7`,
//!   `G8`; it outranks the ladder, and a player who bid on the ladder may then only
//!   pass. A first caller after a game may also say `G` (if the game is still
//!   unnamed) or a higher `G6`..`G8`. When the turn comes back to a game bidder
//!   while another game bidder is still in, he names a game above the highest named
//!   so far (`G2`..`G8`) or yields (passes).
//! * The auction ends when one player is left who has bid (he wins), or when all
//!   three have passed.
//!
//! The `bids` field records only each player's highest bid; [`outcome`] tells
//! whether some legal auction leaves exactly those and who won it.

use std::collections::HashMap;
use std::sync::OnceLock;

use smallvec::SmallVec;

use super::Bid;

/// Where a player stands in the auction.
///
/// ```
/// use kibitz::preferans::auction::Status;
/// assert_ne!(Status::Fresh, Status::Out);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Has not called yet.
    Fresh,
    /// Has bid on the ladder.
    Ladder,
    /// Has bid a game.
    Game,
    /// Has passed (or yielded).
    Out,
}

/// The state of an auction between calls.
///
/// ```
/// use kibitz::preferans::{Auction, Bid};
/// let mut a = Auction::new();
/// for b in [Bid::Level(2), Bid::Pass, Bid::Level(3), Bid::Mine(3), Bid::Pass] {
///     assert!(a.legal().contains(&b), "{b}");
///     a.call(b);
/// }
/// assert_eq!(a.winner(), Some(0));
/// assert_eq!(a.highest(), [Bid::Mine(3), Bid::Pass, Bid::Level(3)]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    status: [Status; 3],
    highest: [Bid; 3],
    current: Bid,
    holder: u8,
    turn: u8,
    done: bool,
}

impl Default for Auction {
    fn default() -> Auction {
        Auction::new()
    }
}

impl Auction {
    /// An auction before the first call; the first bidder (position 0) is on turn.
    ///
    /// ```
    /// use kibitz::preferans::Auction;
    /// assert_eq!(Auction::new().turn(), 0);
    /// ```
    pub const fn new() -> Auction {
        Auction {
            status: [Status::Fresh; 3],
            highest: [Bid::Pass; 3],
            current: Bid::Pass,
            holder: 0,
            turn: 0,
            done: false,
        }
    }

    /// The position on turn (meaningless once the auction is over).
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let mut a = Auction::new();
    /// a.call(Bid::Pass);
    /// assert_eq!(a.turn(), 1);
    /// ```
    pub const fn turn(&self) -> usize {
        self.turn as usize
    }

    /// Whether the auction is over.
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let mut a = Auction::new();
    /// for _ in 0..3 { a.call(Bid::Pass); }
    /// assert!(a.is_over() && a.winner().is_none());
    /// ```
    pub const fn is_over(&self) -> bool {
        self.done
    }

    /// Each position's highest bid so far (what the `bids` field records).
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let mut a = Auction::new();
    /// a.call(Bid::Level(2));
    /// assert_eq!(a.highest(), [Bid::Level(2), Bid::Pass, Bid::Pass]);
    /// ```
    pub const fn highest(&self) -> [Bid; 3] {
        self.highest
    }

    /// The winner's position once the auction is over, `None` if all passed or
    /// while it runs.
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let mut a = Auction::new();
    /// for b in [Bid::Pass, Bid::Game, Bid::Pass] { a.call(b); }
    /// assert_eq!(a.winner(), Some(1));
    /// ```
    pub fn winner(&self) -> Option<usize> {
        if !self.done {
            return None;
        }
        (0..3).find(|&i| self.status[i] != Status::Out)
    }

    /// The calls the player on turn may make; [`Bid::Pass`] (pass or yield) is
    /// always first. Empty once the auction is over.
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let a = Auction::new();
    /// assert_eq!(a.legal().as_slice(), &[Bid::Pass, Bid::Level(2), Bid::Game,
    ///     Bid::GameIn(6), Bid::GameIn(7), Bid::GameIn(8)]);
    /// ```
    pub fn legal(&self) -> SmallVec<[Bid; 8]> {
        let mut out = SmallVec::new();
        if self.done {
            return out;
        }
        out.push(Bid::Pass);
        let p = self.turn as usize;
        let ladder_next = |out: &mut SmallVec<[Bid; 8]>| match self.current {
            Bid::Pass => out.push(Bid::Level(2)),
            Bid::Level(n) => {
                let priority = p < self.holder as usize && self.status[p] == Status::Ladder;
                if n >= 3 && priority {
                    out.push(Bid::Mine(n));
                } else if n < 8 {
                    out.push(Bid::Level(n + 1));
                }
            }
            Bid::Mine(n) if n < 8 => out.push(Bid::Level(n + 1)),
            _ => {}
        };
        let named = |b: Bid| match b {
            Bid::GameIn(k) => k,
            _ => 1,
        };
        match self.status[p] {
            Status::Fresh => {
                if self.current.is_game() {
                    if self.current == Bid::Game {
                        out.push(Bid::Game);
                    }
                    let from = named(self.current).max(5) + 1;
                    out.extend((from..=8).map(Bid::GameIn));
                } else {
                    ladder_next(&mut out);
                    out.push(Bid::Game);
                    out.extend((6..=8).map(Bid::GameIn));
                }
            }
            Status::Ladder => {
                if !self.current.is_game() {
                    ladder_next(&mut out);
                }
            }
            Status::Game => {
                let from = named(self.current) + 1;
                out.extend((from..=8).map(Bid::GameIn));
            }
            Status::Out => {}
        }
        out
    }

    /// Makes the call `bid` for the player on turn. The call is not checked:
    /// use [`Auction::legal`] first.
    ///
    /// ```
    /// use kibitz::preferans::{Auction, Bid};
    /// let mut a = Auction::new();
    /// a.call(Bid::Level(2));
    /// assert_eq!(a.legal().as_slice(), &[Bid::Pass, Bid::Level(3), Bid::Game, Bid::GameIn(6), Bid::GameIn(7), Bid::GameIn(8)]);
    /// ```
    pub fn call(&mut self, bid: Bid) {
        if self.done {
            return;
        }
        let p = self.turn as usize;
        if bid == Bid::Pass {
            self.status[p] = Status::Out;
        } else {
            self.status[p] = if bid.is_game() {
                Status::Game
            } else {
                Status::Ladder
            };
            if bid > self.highest[p] {
                self.highest[p] = bid;
            }
            // Joining an unnamed game keeps the earlier game bidder as holder.
            if !(bid == Bid::Game && self.current == Bid::Game) {
                self.current = bid;
                self.holder = p as u8;
            }
        }
        let left: SmallVec<[usize; 3]> =
            (0..3).filter(|&i| self.status[i] != Status::Out).collect();
        match left.as_slice() {
            [] => self.done = true,
            [only] if self.status[*only] != Status::Fresh => self.done = true,
            _ => {
                let mut t = (p + 1) % 3;
                while self.status[t] == Status::Out {
                    t = (t + 1) % 3;
                }
                self.turn = t as u8;
            }
        }
    }
}

/// What a legal auction can end with: for each reachable `bids` field (highest
/// bid per deal-order position), the positions that can have won it (a bit per
/// position; 0 when all passed).
fn table() -> &'static HashMap<[Bid; 3], u8> {
    static TABLE: OnceLock<HashMap<[Bid; 3], u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Auction::new()];
        while let Some(a) = stack.pop() {
            if !seen.insert(a) {
                continue;
            }
            if a.is_over() {
                let w = a.winner().map_or(0, |w| 1u8 << w);
                *out.entry(a.highest()).or_insert(0) |= w;
                continue;
            }
            for b in a.legal() {
                let mut next = a;
                next.call(b);
                stack.push(next);
            }
        }
        out
    })
}

/// How a `bids` field can have come about.
///
/// ```
/// use kibitz::preferans::{auction, Bid};
/// let b = |s: &[u8]| Bid::parse(s).unwrap();
/// // The spec's examples: "M3,P,3" and "2,G4,G".
/// assert_eq!(auction::outcome([b(b"M3"), b(b"P"), b(b"3")]), auction::Outcome::Won(0));
/// assert_eq!(auction::outcome([b(b"2"), b(b"G4"), b(b"G")]), auction::Outcome::Won(1));
/// assert_eq!(auction::outcome([b(b"P"); 3]), auction::Outcome::AllPassed);
/// // Two players cannot both end on 2.
/// assert_eq!(auction::outcome([b(b"2"), b(b"2"), b(b"P")]), auction::Outcome::Impossible);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// All three passed.
    AllPassed,
    /// The player at this deal-order position won.
    Won(usize),
    /// No legal auction leaves these bids.
    Impossible,
}

/// Whether some legal auction ends with `bids` (in deal order), and who won it.
///
/// ```
/// use kibitz::preferans::{auction, Bid};
/// assert_eq!(auction::outcome([Bid::Pass, Bid::Pass, Bid::Level(2)]), auction::Outcome::Won(2));
/// ```
pub fn outcome(bids: [Bid; 3]) -> Outcome {
    match table().get(&bids) {
        None => Outcome::Impossible,
        Some(0) => Outcome::AllPassed,
        Some(&w) => Outcome::Won(w.trailing_zeros() as usize),
    }
}

/// Number of distinct `bids` fields a legal auction can leave (for tests and docs).
///
/// ```
/// assert!(kibitz::preferans::auction::reachable_count() > 50);
/// ```
pub fn reachable_count() -> usize {
    table().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(calls: &[Bid]) -> Auction {
        let mut a = Auction::new();
        for &b in calls {
            assert!(a.legal().contains(&b), "{b} not legal in {a:?}");
            a.call(b);
        }
        a
    }

    #[test]
    fn auctions_worked_by_hand() {
        use Bid::*;
        // 2, pass, pass: the opener wins on 2.
        let a = run(&[Level(2), Pass, Pass]);
        assert_eq!((a.winner(), a.highest()), (Some(0), [Level(2), Pass, Pass]));
        // pass, pass, then the dealer may still bid.
        let a = run(&[Pass, Pass]);
        assert!(!a.is_over());
        assert_eq!(a.legal()[1], Level(2));
        // 2, 3, 4 (dealer has no priority over the second), mine 4 (first has), pass, pass.
        let a = run(&[Level(2), Level(3), Level(4), Mine(4), Pass, Pass]);
        assert_eq!(a.winner(), Some(0));
        assert_eq!(a.highest(), [Mine(4), Level(3), Level(4)]);
        // A ladder bidder facing a game may only pass.
        let mut a = run(&[Level(2), Game]);
        a.call(Pass);
        assert_eq!(a.legal().as_slice(), &[Pass]);
        // Every winner's highest bid is the highest of the three.
        for (bids, &w) in table() {
            if w != 0 {
                let i = w.trailing_zeros() as usize;
                assert!(bids.iter().all(|b| *b <= bids[i]), "{bids:?}");
                assert_eq!(w.count_ones(), 1, "{bids:?} has one winner");
            }
        }
    }

    #[test]
    fn reachable_fields_by_hand() {
        use Outcome::*;
        let b = |s: &str| -> [Bid; 3] {
            let v: Vec<Bid> = s
                .split(',')
                .map(|x| Bid::parse(x.as_bytes()).unwrap())
                .collect();
            [v[0], v[1], v[2]]
        };
        assert_eq!(outcome(b("P,2,3")), Won(2));
        assert_eq!(outcome(b("P,P,2")), Won(2));
        assert_eq!(outcome(b("G,P,P")), Won(0));
        assert_eq!(outcome(b("G,G,P")), Won(1)); // first yields unnamed
        assert_eq!(outcome(b("G6,P,G8")), Won(2));
        // "mine" needs priority: the dealer never says mine.
        assert_eq!(outcome(b("3,P,M3")), Impossible);
        // Naming goes strictly up: two players cannot both end on G2.
        assert_eq!(outcome(b("P,G2,G2")), Impossible);
        // ... but G2, G3, G4, yield leaves G4 with the first namer.
        assert_eq!(outcome(b("P,G4,G3")), Won(1));
        // Nobody can open with mine.
        assert_eq!(outcome(b("M3,P,P")), Impossible);
    }
}
