//! The auction replayed call by call: rotation from the dealer, sufficient bids,
//! legal doubles and redoubles, the end of the auction (Laws 17-21, 27, 35-39; PBN
//! 3.5, 3.9). Its outcome is the contract and declarer, which
//! [`super::contract`] compares with the tags.

use crate::bridge::fault::{DoubleFault, Fault, RedoubleFault};
use crate::bridge::{Auction, AuctionCall};
use crate::{Bid, Call, Contract, Pos, Risk, Seat, Side, Strain};

/// How an auction ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AuctionEnd {
    /// Ended by passes: the contract and its declarer, or `None` if passed out.
    Ended(Option<(Contract, Seat)>),
    /// Not ended: stopped with `*` or `+`, or broken off. What the calls so far
    /// already prove is kept.
    Open(Partial),
    /// Not comparable with the tags: the rotation is broken, a call could not be
    /// read, or an illegal double or redouble stands in it (already reported).
    Unusable,
}

/// What an auction that stops before its end already proves: the last bid so far
/// (the contract can only be higher) and who first named each strain for each
/// side (that player is declarer if his side plays in that strain).
///
/// ```
/// use kibitz::bridge::auction::{replay, AuctionEnd};
/// use kibitz::bridge::Board;
/// use kibitz::pbn::{decode::decode, RawRecord, Reader};
/// use kibitz::{Seat, Side, Strain};
/// let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass 2S *\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// decode(&rec, &mut board, &mut Vec::new());
/// let AuctionEnd::Open(p) = replay(board.auction.as_ref().unwrap(), Some(Seat::North), &mut |f| panic!("{f}"))
/// else { panic!() };
/// assert_eq!(p.last, Some(("2S".parse().unwrap(), Seat::South)));
/// assert_eq!(p.namer(Side::NorthSouth, Strain::Spades), Some(Seat::North));
/// assert_eq!(p.namer(Side::EastWest, Strain::Spades), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    /// The last bid so far and who made it.
    pub last: Option<(Bid, Seat)>,
    namer: [[Option<Seat>; 5]; 2],
}

impl Partial {
    /// The first player of `side` to name `strain` so far.
    pub fn namer(&self, side: Side, strain: Strain) -> Option<Seat> {
        self.namer[side_index(side)][strain as usize]
    }
}

/// The running state of an auction: the last bid, its risk, the passes since the
/// last call and who first named each strain. The replay uses it to judge each
/// call; the generator uses it to choose only legal calls.
///
/// ```
/// use kibitz::bridge::auction::AuctionState;
/// use kibitz::{Call, Seat};
/// let mut st = AuctionState::new();
/// st.apply("1NT".parse().unwrap(), Seat::North);
/// assert!(!st.is_legal("1S".parse().unwrap(), Seat::East)); // insufficient
/// assert!(st.is_legal(Call::Double, Seat::East));
/// assert!(!st.is_legal(Call::Double, Seat::South)); // partner's bid
/// for s in [Seat::East, Seat::South, Seat::West] {
///     st.apply(Call::Pass, s);
/// }
/// assert!(st.is_over());
/// assert_eq!(st.outcome(), Some(("1NT".parse().unwrap(), Seat::North)));
/// ```
#[derive(Clone, Debug)]
pub struct AuctionState {
    last: Option<(Bid, Seat)>,
    risk: Risk,
    doubler: Option<Seat>,
    passes: u8,
    any_call: bool,
    /// First player of each side to name each strain: `[side][strain]`.
    namer: [[Option<Seat>; 5]; 2],
}

const fn side_index(s: Side) -> usize {
    match s {
        Side::NorthSouth => 0,
        Side::EastWest => 1,
    }
}

impl Default for AuctionState {
    fn default() -> AuctionState {
        AuctionState::new()
    }
}

impl AuctionState {
    /// The state before the first call.
    pub fn new() -> AuctionState {
        AuctionState {
            last: None,
            risk: Risk::Undoubled,
            doubler: None,
            passes: 0,
            any_call: false,
            namer: [[None; 5]; 2],
        }
    }

    /// Whether `seat` may make `call` now (Laws 18, 19): any pass, a bid above the
    /// last bid, a double of an opponent's undoubled bid, a redouble of an
    /// opponent's double. Rotation and the end of the auction are the caller's.
    pub fn is_legal(&self, call: Call, seat: Seat) -> bool {
        match call {
            Call::Pass => true,
            Call::Bid(b) => self.last.is_none_or(|(over, _)| b > over),
            Call::Double => self.double(seat).is_ok(),
            Call::Redouble => self.redouble(seat).is_ok(),
        }
    }

    /// Records `call` by `seat` (legal or not: an illegal double or redouble
    /// leaves the risk as it was).
    pub fn apply(&mut self, call: Call, seat: Seat) {
        if call == Call::Pass {
            self.passes += 1;
        } else {
            self.passes = 0;
            self.any_call = true;
        }
        match call {
            Call::Pass => {}
            Call::Bid(b) => self.bid(b, seat),
            Call::Double => {
                if self.double(seat).is_ok() {
                    self.risk = Risk::Doubled;
                    self.doubler = Some(seat);
                }
            }
            Call::Redouble => {
                if self.redouble(seat).is_ok() {
                    self.risk = Risk::Redoubled;
                }
            }
        }
    }

    /// Whether the auction is over: three passes after a call, or four passes.
    pub fn is_over(&self) -> bool {
        self.passes >= 4 || (self.passes >= 3 && self.any_call)
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Bid, Seat)> {
        self.last
    }

    fn bid(&mut self, b: Bid, seat: Seat) {
        let slot = &mut self.namer[side_index(seat.side())][b.strain() as usize];
        slot.get_or_insert(seat);
        self.last = Some((b, seat));
        self.risk = Risk::Undoubled;
        self.doubler = None;
    }

    fn double(&self, seat: Seat) -> Result<(), DoubleFault> {
        let Some((bid, by)) = self.last else {
            return Err(DoubleFault::NoBid);
        };
        if by.side() == seat.side() {
            Err(DoubleFault::OwnSide { bid, by })
        } else if self.risk != Risk::Undoubled {
            Err(DoubleFault::AlreadyDoubled { bid })
        } else {
            Ok(())
        }
    }

    fn redouble(&self, seat: Seat) -> Result<(), RedoubleFault> {
        match (self.last, self.risk, self.doubler) {
            (Some((bid, _)), Risk::Redoubled, _) => Err(RedoubleFault::AlreadyRedoubled { bid }),
            (Some(_), Risk::Doubled, Some(d)) if d.side() == seat.side() => {
                Err(RedoubleFault::OwnDouble { doubler: d })
            }
            (Some(_), Risk::Doubled, _) => Ok(()),
            (last, _, _) => Err(RedoubleFault::NotDoubled {
                bid: last.map(|(b, _)| b),
            }),
        }
    }

    /// The contract and its declarer (the first of the side to name the strain),
    /// or `None` while no bid has been made.
    pub fn outcome(&self) -> Option<(Contract, Seat)> {
        let (bid, by) = self.last?;
        let declarer = self.namer[side_index(by.side())][bid.strain() as usize].unwrap_or(by);
        Some((
            Contract {
                bid,
                risk: self.risk,
            },
            declarer,
        ))
    }
}

/// Where the replay cannot go on: the calls it leaves from `from` on are said to
/// be unaudited (a notice), so that a silent stop is never taken for a clean one.
fn stop(
    auction: &Auction,
    from: usize,
    pos: Pos,
    why: &'static str,
    report: &mut dyn FnMut(Fault),
) -> AuctionEnd {
    let calls = auction.items[from.min(auction.items.len())..]
        .iter()
        .filter(|i| matches!(i.call, AuctionCall::Call(_)))
        .count();
    if calls > 0 {
        report(Fault::NotAudited { pos, calls, why });
    }
    AuctionEnd::Unusable
}

/// Replays `auction` (dealt by `dealer`, if known), reporting every fault.
///
/// ```
/// use kibitz::bridge::auction::{replay, AuctionEnd};
/// use kibitz::bridge::Board;
/// use kibitz::pbn::{decode::decode, RawRecord, Reader};
/// use kibitz::Seat;
/// let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1D 1S 3H 4S\n4NT X Pass Pass\n5C X 5H X\nPass Pass Pass\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// decode(&rec, &mut board, &mut Vec::new());
/// let end = replay(board.auction.as_ref().unwrap(), Some(Seat::North), &mut |f| panic!("{f}"));
/// assert_eq!(end, AuctionEnd::Ended(Some(("5HX".parse().unwrap(), Seat::South))));
/// ```
pub fn replay(
    auction: &Auction,
    dealer: Option<Seat>,
    report: &mut dyn FnMut(Fault),
) -> AuctionEnd {
    match fast::replay(auction, dealer) {
        Some(end) => end,
        None => replay_all(auction, dealer, report),
    }
}

/// The general replay: every call judged, every fault reported.
fn replay_all(
    auction: &Auction,
    dealer: Option<Seat>,
    report: &mut dyn FnMut(Fault),
) -> AuctionEnd {
    let Some(mut seat) = auction.first else {
        return stop(
            auction,
            0,
            auction.pos,
            // PBN's Auction tag, LIN's `md` digit, RBN's A label: notation-neutral.
            "the record names no seat that makes the first call (no dealer)",
            report,
        );
    };
    let mut st = AuctionState::new();
    let mut started = false;
    let mut end: Option<Pos> = None;
    let mut illegal = false;
    let mut calls = 0;
    let mut next_marked = false;
    for (index, item) in auction.items.iter().enumerate() {
        let pos = item.pos;
        if let Some(e) = end {
            if item.call != AuctionCall::Next {
                report(Fault::AfterEnd { pos, seat, end: e });
            }
            break;
        }
        if item.call == AuctionCall::NotYet {
            if started {
                report(Fault::LateNotYet { pos });
                return stop(
                    auction,
                    index + 1,
                    pos,
                    "a `-` stands after the first call",
                    report,
                );
            }
            seat = seat.lho();
            continue;
        }
        if !started {
            started = true;
            if let Some(d) = dealer
                && seat != d
            {
                report(Fault::Rotation {
                    pos,
                    seat,
                    dealer: d,
                });
                return stop(
                    auction,
                    index,
                    pos,
                    "the first call is not the dealer's",
                    report,
                );
            }
        }
        match item.call {
            AuctionCall::NotYet => {}
            AuctionCall::Unknown => {
                return stop(
                    auction,
                    index + 1,
                    pos,
                    "a call before them could not be read",
                    report,
                );
            }
            AuctionCall::Next => {
                next_marked = true;
                break;
            }
            AuctionCall::Skipped => report(Fault::SkipMarked { pos, seat }),
            AuctionCall::AllPass => end = Some(pos),
            AuctionCall::Call(call) => {
                calls += 1;
                if call == Call::Pass {
                    st.passes += 1;
                    if st.passes == 4 || (st.passes == 3 && st.any_call) {
                        end = Some(pos);
                    }
                } else {
                    st.passes = 0;
                    st.any_call = true;
                }
                match call {
                    Call::Pass => {}
                    Call::Bid(bid) => {
                        match st.last {
                            Some((over, by)) if bid <= over => report(Fault::Insufficient {
                                pos,
                                seat,
                                bid,
                                over,
                                by,
                                marked: item.insufficient_marked,
                            }),
                            over if item.insufficient_marked => {
                                report(Fault::InsufficientMarkerWrong {
                                    pos,
                                    seat,
                                    bid,
                                    over,
                                })
                            }
                            _ => {}
                        }
                        st.bid(bid, seat);
                    }
                    Call::Double => match st.double(seat) {
                        Ok(()) => {
                            st.risk = Risk::Doubled;
                            st.doubler = Some(seat);
                        }
                        Err(fault) => {
                            illegal = true;
                            report(Fault::Double { pos, seat, fault });
                        }
                    },
                    Call::Redouble => match st.redouble(seat) {
                        Ok(()) => st.risk = Risk::Redoubled,
                        Err(fault) => {
                            illegal = true;
                            report(Fault::Redouble { pos, seat, fault });
                        }
                    },
                }
            }
        }
        seat = seat.lho();
    }
    if illegal {
        AuctionEnd::Unusable
    } else if end.is_some() {
        AuctionEnd::Ended(st.outcome())
    } else {
        if auction.star.is_none() && !next_marked {
            report(Fault::Incomplete {
                pos: auction.pos,
                calls,
            });
        }
        AuctionEnd::Open(Partial {
            last: st.last,
            namer: st.namer,
        })
    }
}

mod fast;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::AuctionItem;

    fn auction(first: Seat, calls: &str) -> Auction {
        let items = calls
            .split_whitespace()
            .enumerate()
            .map(|(i, t)| {
                let (marked, t) = match t.strip_prefix("^I") {
                    Some(rest) => (true, rest),
                    None => (false, t),
                };
                let call = match t {
                    "-" => AuctionCall::NotYet,
                    "AP" => AuctionCall::AllPass,
                    "^S" => AuctionCall::Skipped,
                    "+" => AuctionCall::Next,
                    _ => AuctionCall::Call(t.parse().unwrap()),
                };
                AuctionItem {
                    call,
                    pos: Pos::new(2, i as u32 + 1),
                    insufficient_marked: marked,
                    note: None,
                }
            })
            .collect();
        Auction {
            first: Some(first),
            pos: Pos::new(1, 1),
            items,
            star: None,
            notes: Vec::new(),
        }
    }

    fn run(first: Seat, dealer: Seat, calls: &str) -> (AuctionEnd, Vec<String>) {
        let mut v = Vec::new();
        let end = replay(&auction(first, calls), Some(dealer), &mut |f| {
            v.push(format!("{} {f}", f.rule().id))
        });
        (end, v)
    }

    fn ended(c: &str, d: Seat) -> AuctionEnd {
        AuctionEnd::Ended(Some((c.parse().unwrap(), d)))
    }

    use Seat::*;

    #[test]
    fn declarer_is_first_of_the_side_to_name_the_strain() {
        // N 1H, S 2H, N 4H: North named hearts first.
        let (e, v) = run(North, North, "1H Pass 2H Pass 4H Pass Pass Pass");
        assert_eq!((e, v.len()), (ended("4H", North), 0));
        // S bids NT first although N bid it last.
        let (e, _) = run(North, North, "1C Pass 1NT Pass 3NT AP");
        assert_eq!(e, ended("3NT", South));
    }

    #[test]
    fn doubled_and_redoubled() {
        let (e, v) = run(West, West, "1S X XX Pass Pass Pass");
        assert_eq!((e, v.len()), (ended("1SXX", West), 0));
        // A new bid cancels the double.
        let (e, _) = run(West, West, "1S X 2S Pass Pass Pass");
        assert_eq!(e, ended("2S", West));
    }

    #[test]
    fn passed_out_and_after_end() {
        let (e, v) = run(East, East, "Pass Pass Pass Pass");
        assert_eq!((e, v.len()), (AuctionEnd::Ended(None), 0));
        let (_, v) = run(East, East, "Pass Pass Pass Pass 1C");
        assert_eq!(v.len(), 1);
        assert!(v[0].starts_with("bridge.auction.after-end a call by East"));
        let (_, v) = run(East, East, "1C Pass Pass Pass Pass");
        assert!(v[0].starts_with("bridge.auction.after-end"));
    }

    #[test]
    fn rotation_from_the_dealer() {
        // PBN verifier errors_10 games 28 and 29: dealer North.
        let (e, v) = run(West, North, "1D");
        assert_eq!(e, AuctionEnd::Unusable);
        assert_eq!(
            v,
            [
                "bridge.auction.rotation the first call is West's, but the dealer North calls first",
                "bridge.auction.not-audited 1 call of this auction was not audited: the first call is not the dealer's, so the replay stops here"
            ]
        );
        let (_, v) = run(West, North, "- - 1D");
        assert!(v[0].contains("the first call is East's"));
        let (_, v) = run(West, North, "- 1D - Pass");
        assert!(v[0].starts_with("bridge.auction.rotation `-`"));
    }

    #[test]
    fn insufficient_bids() {
        let (_, v) = run(West, North, "- 1D 1C");
        assert_eq!(
            v[0],
            "bridge.auction.insufficient East bids 1C, which does not rank above North's 1D"
        );
        let (_, v) = run(West, North, "- 1D ^I1C");
        assert!(v[0].starts_with("bridge.auction.insufficient-marked"));
        let (_, v) = run(West, North, "- 1D ^I1S");
        assert!(v[0].starts_with("bridge.auction.wrong-marker"));
        let (_, v) = run(North, North, "7NT 7NT");
        assert!(v[0].ends_with("(no bid ranks above 7NT)"));
        // The accepted insufficient bid stands: 1D over it is sufficient.
        let (e, v) = run(North, North, "1D ^I1C 1D AP");
        assert_eq!(v.len(), 1);
        assert_eq!(e, ended("1D", North));
    }

    #[test]
    fn illegal_doubles_and_redoubles() {
        // errors_10 game 33: South doubles partner's 1D.
        let (e, v) = run(West, North, "- 1D Pass X");
        assert_eq!(e, AuctionEnd::Unusable);
        assert_eq!(
            v,
            [
                "bridge.auction.double South doubles North's 1D: only a bid of the opponents may be doubled"
            ]
        );
        // errors_10 game 34: West redoubles partner East's double.
        let (_, v) = run(West, North, "- 1D X Pass XX");
        assert_eq!(
            v,
            [
                "bridge.auction.redouble West redoubles East's double: only the doubled side may redouble"
            ]
        );
        let (_, v) = run(North, North, "X");
        assert!(v[0].contains("no bid has been made"));
        let (_, v) = run(North, North, "1C X Pass X");
        assert!(v[0].contains("already doubled"));
        let (_, v) = run(North, North, "1C Pass Pass XX");
        assert!(v[0].contains("is not doubled"));
        let (_, v) = run(North, North, "1C X XX Pass Pass XX");
        assert!(v[0].contains("already redoubled"));
    }

    #[test]
    fn skipped_call_keeps_the_rotation() {
        // PBN 3.9 (B): West deals, North opens out of rotation.
        let (e, v) = run(West, West, "^S 1D Pass Pass Pass");
        assert_eq!(e, ended("1D", North));
        assert_eq!(v.len(), 1);
        assert!(v[0].starts_with("bridge.auction.skip-marked West's turn"));
    }

    #[test]
    fn incomplete_unless_marked() {
        let (e, v) = run(North, North, "1C Pass Pass");
        assert!(matches!(e, AuctionEnd::Open(_)));
        assert!(v[0].starts_with("bridge.auction.incomplete"));
        let (e, v) = run(North, North, "1C Pass Pass +");
        assert!(matches!(e, AuctionEnd::Open(_)));
        assert!(v.is_empty());
    }

    #[test]
    fn fast_path_agrees_with_the_general_replay() {
        use crate::bridge::generate::{Fault as Planted, Settings, generate_board};
        use crate::choose::ByteChooser;
        let mut rng = crate::xorshift::Xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = || rng.next();
        let (mut fast, mut general) = (0, 0);
        for n in 0..800u32 {
            let bytes: Vec<u8> = (0..600).map(|_| next() as u8).collect();
            let settings = Settings {
                claims: true,
                fault: match n % 4 {
                    1 => Some(Planted::InsufficientBid),
                    2 => Some(Planted::IllegalDouble),
                    _ => None,
                },
            };
            let g = generate_board(&mut ByteChooser::new(&bytes), n + 1, &settings);
            let Some(mut a) = g.board.auction.clone() else {
                continue;
            };
            let mut dealer = g.board.dealer.map(|d| d.value);
            let len = a.items.len();
            let i = (next() % len.max(1) as u64) as usize;
            match next() % 12 {
                0..=3 => {}
                4 if len > 0 => a.items[i].call = AuctionCall::NotYet,
                5 if len > 0 => a.items[i].call = AuctionCall::Skipped,
                6 if len > 0 => a.items[i].call = AuctionCall::Unknown,
                7 if len > 0 => a.items[i].call = AuctionCall::Next,
                8 if len > 0 => a.items[i].insufficient_marked = true,
                9 => a.items.truncate(i),
                10 => dealer = dealer.map(Seat::lho),
                11 if len > 0 => {
                    let j = (next() % len as u64) as usize;
                    a.items.swap(i, j);
                }
                _ => a.items.push(a.items[len - 1]),
            }
            let mut v = Vec::new();
            let end = replay_all(&a, dealer, &mut |f| v.push(f));
            match fast::replay(&a, dealer) {
                Some(e) => {
                    fast += 1;
                    assert_eq!(e, end, "case {n}");
                    assert!(v.is_empty(), "case {n}: {v:?}");
                }
                None => general += 1,
            }
            let mut w = Vec::new();
            assert_eq!(replay(&a, dealer, &mut |f| w.push(f)), end, "case {n}");
            assert_eq!(w, v, "case {n}");
        }
        assert!(fast > 100 && general > 300, "{fast} {general}");
    }
}
