//! ScoreIMP against the IMP difference of the two tables of a teams board
//! (PBN 4.2.2; the WBF scale in `shared/reference/bridge.md`).
//!
//! The two tables of a board are two records of one file, with the same board
//! number and deal and Room tags `Open` and `Closed`. [`Tables`] remembers the
//! last [`Tables::CAPACITY`] tables seen, so memory stays bounded however long
//! the file; a table pairs only with the one unpaired table of the other room,
//! so that files holding several matches on the same boards are never guessed at.
//!
//! A table that pairs with none may be one of a board whose two rooms' deals
//! differ (`bridge.board.rooms`). Its deal is compared with the other room's
//! table of the board when that is the only candidate: at once when it is the
//! table just before (files write a teams board's two rooms one after the
//! other), else when the earlier of the two leaves the ring or the file ends
//! ([`Tables::finish`]), by then known to stay unpaired (files that write one
//! room's boards, then the other's).

use crate::bridge::fault::Fault;
use crate::bridge::points::{NsScore, for_form, values};
use crate::bridge::score::imps;
use crate::bridge::{At, Board, Centi, Deal, Room, Scoring, SideScore};
use crate::{BySeat, CardSet, Finding, Pos, Seat, Side};

/// One table of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Board number.
    pub board: u32,
    /// The deal.
    pub deal: BySeat<Option<CardSet>>,
    /// The room.
    pub room: Room,
    /// NS score at this table: known, in doubt (the Score as written and as
    /// the contract and tricks give it), or unknown.
    pub ns: NsScore,
    /// The ScoreIMP tag, if any and if it can be checked (whole IMPs, the IMP
    /// scale of today, declaring side known for the `<s>` form).
    pub imp: Option<At<SideScore<Centi>>>,
    /// The declaring side.
    pub declaring: Option<Side>,
    /// Record index.
    pub record: usize,
    /// First line of the record.
    pub line: u64,
    /// Where the deal is written.
    pub deal_pos: Pos,
    /// A hash of the record's Event, Stage and Round ([`match_key`]): the
    /// rooms' deals are compared only within one match.
    pub event: u64,
}

/// A hash of what tells the matches of one file apart: Event, Stage and
/// Round (a file of a whole event holds every round's tables of board 1).
/// The rooms' deals are compared only between tables of one key.
///
/// ```
/// use kibitz::bridge::Identification;
/// use kibitz::bridge::imp::match_key;
/// let id = |round: &str| Identification {
///     event: "Cup".into(),
///     round: round.into(),
///     ..Identification::default()
/// };
/// assert_eq!(match_key(&id("5")), match_key(&id("5")));
/// assert_ne!(match_key(&id("5")), match_key(&id("7")));
/// ```
pub fn match_key(id: &crate::bridge::Identification) -> u64 {
    [id.event.as_str(), &id.stage, &id.round]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, part| {
            // 0xFF is no byte of UTF-8: the parts cannot run into each other.
            part.bytes()
                .chain([0xff])
                .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
        })
}

impl Table {
    /// Whether the deals of `self` and `other` can be compared: both in full,
    /// of one event (a hand left out is no difference; a file may join the
    /// records of several events).
    fn comparable(&self, other: &Table) -> bool {
        let full = |d: &BySeat<Option<CardSet>>| d.values.iter().all(Option::is_some);
        full(&self.deal) && full(&other.deal) && self.event == other.event
    }

    /// The table of `board`, if it is one of a teams match: board number, deal
    /// and room are known. Without an NS score (`ns`) it still pairs with the
    /// other table, but neither ScoreIMP is checked.
    pub fn of(board: &Board, ns: NsScore, declaring: Option<Side>) -> Option<Table> {
        let At {
            value: Deal { hands: deal, .. },
            pos: deal_pos,
        } = board.deal.as_ref()?;
        let (deal, deal_pos) = (*deal, *deal_pos);
        if deal.values.iter().all(Option::is_none) {
            return None;
        }
        let plain_imps = !board
            .scoring
            .intersects(Scoring::BUTLER | Scoring::OLD_IMP | Scoring::OTHER);
        Some(Table {
            board: board.number?.value,
            deal,
            room: board.room?,
            ns,
            imp: board.score_imp.filter(|s| {
                plain_imps
                    && values(&s.value).all(|(_, v)| v.0 % 100 == 0)
                    && (s.value.declarer.is_none() || declaring.is_some())
            }),
            declaring,
            record: board.record,
            line: board.pos.line,
            deal_pos,
            event: match_key(&board.id),
        })
    }

    /// Checks this table's ScoreIMP against `other`.
    /// Reports where this table's deal differs from `other`'s, the other
    /// room's table of the same board: the first seat (North, East, South,
    /// West) whose hands differ, with the cards each has that the other has
    /// not. Only full deals of one event are compared (a hand left out is no
    /// difference; a file may join the records of several events).
    fn compare_deal(&self, other: &Table, out: &mut Vec<Finding>) {
        if !self.comparable(other) {
            return;
        }
        let differing = Seat::ALL.into_iter().find_map(|seat| {
            let (here, there) = (self.deal[seat]?, other.deal[seat]?);
            (here != there).then_some((seat, here - there, there - here))
        });
        if let Some((seat, here, there)) = differing {
            let f = Fault::RoomDeals {
                pos: self.deal_pos,
                board: self.board,
                seat,
                here,
                there,
                other_room: other.room,
                other_line: other.line,
            };
            out.push(f.finding(self.record));
        }
    }

    /// Checks this table's ScoreIMP against `other`: against the NS scores
    /// of both tables, and where a table's Score is in doubt against either
    /// reading of it; a fault only when no reading gives the ScoreIMP (the
    /// finding names the scores as written).
    fn check(&self, other: &Table, out: &mut Vec<Finding>) {
        let Some(At { value, pos }) = self.imp else {
            return;
        };
        let declaring = self.declaring.unwrap_or(Side::NorthSouth);
        // The first form whose IMPs differ, with the IMPs of that form.
        let mismatch = |this_ns: i32, other_ns: i32| {
            let ns_imps = imps(this_ns - other_ns);
            values(&value)
                .map(|(form, w)| {
                    (
                        form,
                        w,
                        for_form(ns_imps, Side::NorthSouth, form, declaring),
                    )
                })
                .find(|&(_, w, c)| w.0 != i64::from(c) * 100)
        };
        let mut readings = self.ns.readings().into_iter().flatten().flat_map(|t| {
            other
                .ns
                .readings()
                .into_iter()
                .flatten()
                .map(move |o| (t, o))
        });
        let Some((this_ns, other_ns)) = readings.next() else {
            return;
        };
        let Some((form, written, computed)) = mismatch(this_ns, other_ns) else {
            return;
        };
        if readings.any(|(t, o)| mismatch(t, o).is_none()) {
            return;
        }
        let f = Fault::Imp {
            pos,
            form,
            written,
            computed,
            this_ns,
            other_ns,
            other_room: other.room,
            other_line: other.line,
            in_doubt: self.ns.known().is_none() || other.ns.known().is_none(),
        };
        out.push(f.finding(self.record));
    }
}

/// The tables of the last boards of one file.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    ring: Vec<(Table, bool)>,
    /// One bit per index of `ring`: whether that table's deal was compared
    /// with another room's table (`bridge.board.rooms`), which it is then
    /// not again.
    compared: u64,
    /// For each [`Tables::slot`] of board numbers, the indexes in `ring` of the
    /// tables whose board number falls in it (one bit each: the ring holds at
    /// most 64), so that a new table is compared in full only with those.
    /// Empty until the first table comes, then [`Tables::SLOTS`] long.
    by_board: Vec<u64>,
    next: usize,
    /// The index in `ring` of the table added last.
    last: Option<usize>,
}

impl Tables {
    /// How many tables are remembered.
    pub const CAPACITY: usize = 64;

    /// How many slots `by_board` spreads the board numbers over.
    const SLOTS: usize = 128;

    /// The slot of board number `board`.
    fn slot(board: u32) -> usize {
        board as usize % Self::SLOTS
    }

    /// Adds `t`; if it completes a board, checks the ScoreIMP of both tables.
    /// A finding about the earlier table names that table's record.
    ///
    /// ```
    /// use kibitz::bridge::imp::{Table, Tables};
    /// use kibitz::bridge::{At, Centi, Room, SideScore, points::NsScore};
    /// use kibitz::{BySeat, Pos};
    /// let t = |room, ns, imp: Option<i64>| Table {
    ///     board: 4, deal: BySeat { values: [Some("A...".parse().unwrap()), None, None, None] },
    ///     room, ns: NsScore::Known(ns), declaring: None, record: 1, line: 10, deal_pos: Pos::new(12, 7), event: 0,
    ///     imp: imp.map(|i| At::new(SideScore { ew: Some(Centi(i * 100)), ..SideScore::default() }, Pos::new(30, 11))),
    /// };
    /// let mut tables = Tables::default();
    /// let mut out = Vec::new();
    /// tables.add(t(Room::Open, 640, None), &mut out);
    /// // 200 against 640: NS lose 440, EW gain 10 IMPs.
    /// tables.add(t(Room::Closed, 200, Some(10)), &mut out);
    /// assert!(out.is_empty());
    /// ```
    pub fn add(&mut self, t: Table, out: &mut Vec<Finding>) {
        if self.by_board.is_empty() {
            // Cleared, not dropped, between files: its room is reused.
            self.by_board.resize(Self::SLOTS, 0);
        }
        // Only the tables in the board's slot can be of the same board.
        let last = self.last;
        let ring = &mut self.ring;
        let mut candidates = Bits(self.by_board[Self::slot(t.board)]).filter(|&i| {
            let (o, paired) = &ring[i];
            !paired && o.board == t.board && o.deal == t.deal && o.room != t.room
        });
        let mut t_compared = false;
        let paired = match (candidates.next(), candidates.next()) {
            (Some(i), None) => {
                let (other, paired) = &mut ring[i];
                *paired = true;
                t.check(other, out);
                other.check(&t, out);
                true
            }
            (None, _) => {
                // No table of the other room with this deal. When the only
                // unpaired table of the other room with this board number is
                // the one just before (files write a teams board's two rooms
                // one after the other), it is this one's partner, and the two
                // rooms' deals differ. A lone table further back may be
                // another match's, whose partner is still to come: it is
                // compared once it leaves the ring unpaired (`settle`).
                let unpaired_other = |i: usize| {
                    let (o, paired) = &ring[i];
                    !paired && o.board == t.board && o.room != t.room
                };
                // The table just before first: most tables fail there, and
                // the slot is searched only when it is such a table.
                if let Some(l) = last.filter(|&l| unpaired_other(l))
                    && Bits(self.by_board[Self::slot(t.board)])
                        .filter(|&i| unpaired_other(i))
                        .all(|i| i == l)
                    && t.comparable(&ring[l].0)
                    && self.compared & (1 << l) == 0
                {
                    t.compare_deal(&ring[l].0, out);
                    self.compared |= 1 << l;
                    t_compared = true;
                }
                false
            }
            _ => false,
        };
        let i = if self.ring.len() < Self::CAPACITY {
            self.ring.push((t, paired));
            self.ring.len() - 1
        } else {
            let i = self.next;
            // The table leaving is known to stay unpaired now.
            if self.settle(i, Some((&t, paired, &mut t_compared)), out) {
                self.compared |= 1 << i;
            }
            self.by_board[Self::slot(self.ring[i].0.board)] &= !(1 << i);
            self.ring[i] = (t, paired);
            self.next = (self.next + 1) % Self::CAPACITY;
            i
        };
        self.compared = self.compared & !(1 << i) | u64::from(t_compared) << i;
        self.by_board[Self::slot(t.board)] |= 1 << i;
        self.last = Some(i);
    }

    /// Compares the deal of table `e`, unpaired and not compared, with the
    /// other room's table of its board when that is the one candidate: the
    /// only unpaired table of the board and event (in the ring, or `extra`, a
    /// table about to come in with whether it paired and was compared) of
    /// the other room, none of its own room, and not compared yet. Marks the
    /// partner compared; returns whether `e` was. The finding is the later
    /// record's.
    fn settle(
        &mut self,
        e: usize,
        extra: Option<(&Table, bool, &mut bool)>,
        out: &mut Vec<Finding>,
    ) -> bool {
        let (te, paired) = &self.ring[e];
        if *paired || self.compared & (1 << e) != 0 {
            return false;
        }
        let kin = |o: &Table| o.board == te.board && o.event == te.event;
        let mut partner = None;
        let mut candidates = 0;
        for j in Bits(self.by_board[Self::slot(te.board)]).filter(|&j| j != e) {
            let (o, paired) = &self.ring[j];
            if !paired && kin(o) {
                if o.room == te.room {
                    return false;
                }
                candidates += 1;
                partner = Some(j);
            }
        }
        let extra = extra.filter(|(o, paired, _)| !paired && kin(o));
        if let Some((o, _, _)) = &extra {
            if o.room == te.room {
                return false;
            }
            candidates += 1;
        }
        if candidates != 1 {
            return false;
        }
        let te = *te;
        match (partner, extra) {
            (Some(j), None) => {
                let o = self.ring[j].0;
                if self.compared & (1 << j) != 0 || !te.comparable(&o) {
                    return false;
                }
                let (later, earlier) = if o.record > te.record {
                    (o, te)
                } else {
                    (te, o)
                };
                later.compare_deal(&earlier, out);
                self.compared |= 1 << j;
                true
            }
            (None, Some((o, _, compared))) => {
                if *compared || !te.comparable(o) {
                    return false;
                }
                o.compare_deal(&te, out);
                *compared = true;
                true
            }
            _ => false,
        }
    }

    /// Ends the file: compares the deals of the tables that stay unpaired
    /// (oldest first) as when they leave the ring ([`Tables::add`]), and
    /// forgets every table.
    ///
    /// ```
    /// use kibitz::bridge::imp::{Table, Tables};
    /// use kibitz::bridge::{Room, points::NsScore};
    /// use kibitz::{BySeat, CardSet, Pos};
    /// let hands = |swap: bool| {
    ///     let mut h: [Option<CardSet>; 4] = ["AKQJ.AKQ.AKQ.AKQ", "T987.JT9.JT9.JT9",
    ///         "6543.876.876.876", "2.5432.5432.5432"].map(|s| Some(s.parse().unwrap()));
    ///     if swap { h.swap(1, 2) }
    ///     BySeat { values: h }
    /// };
    /// let t = |board, room, record, swap| Table {
    ///     board, deal: hands(swap), room, ns: NsScore::Unknown, imp: None, declaring: None,
    ///     record, line: record as u64 * 10, deal_pos: Pos::new(record as u64 * 10 + 2, 7), event: 0,
    /// };
    /// let mut tables = Tables::default();
    /// let mut out = Vec::new();
    /// // The open room's boards 1 and 2, then the closed room's: board 1's
    /// // deals differ, and its tables are not one after the other.
    /// tables.add(t(1, Room::Open, 1, false), &mut out);
    /// tables.add(t(2, Room::Open, 2, false), &mut out);
    /// tables.add(t(1, Room::Closed, 3, true), &mut out);
    /// tables.add(t(2, Room::Closed, 4, false), &mut out);
    /// assert!(out.is_empty());
    /// tables.finish(&mut out);
    /// assert_eq!((out.len(), out[0].rule, out[0].record), (1, "bridge.board.rooms", 3));
    /// ```
    pub fn finish(&mut self, out: &mut Vec<Finding>) {
        let n = self.ring.len();
        let oldest = if n < Self::CAPACITY { 0 } else { self.next };
        for k in 0..n {
            let e = (oldest + k) % n;
            if self.settle(e, None, out) {
                self.compared |= 1 << e;
            }
        }
        self.clear();
    }

    /// Forgets every table (a new file).
    pub fn clear(&mut self) {
        self.ring.clear();
        self.by_board.clear();
        self.compared = 0;
        self.next = 0;
        self.last = None;
    }
}

/// The indexes of the set bits of a word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0.wrapping_sub(1);
        (i < 64).then_some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(room: Room, ns: i32, imp: Option<SideScore<Centi>>, record: usize) -> Table {
        Table {
            board: 7,
            deal: BySeat {
                values: [Some("AK...".parse().unwrap()), None, None, None],
            },
            room,
            ns: NsScore::Known(ns),
            imp: imp.map(|s| At::new(s, Pos::new(record as u64 * 10, 11))),
            declaring: Some(Side::EastWest),
            record,
            line: record as u64 * 10 - 5,
            deal_pos: Pos::new(record as u64 * 10 - 3, 7),
            event: 0,
        }
    }

    fn ns(i: i64) -> Option<SideScore<Centi>> {
        Some(SideScore {
            ns: Some(Centi(i * 100)),
            ..SideScore::default()
        })
    }

    /// A table of board 7 with the full deal below, East's and South's
    /// hands swapped with `swap`.
    fn full(room: Room, record: usize, swap: bool) -> Table {
        let hands = [
            "AKQJ.AKQ.AKQ.AKQ",
            "T987.JT9.JT9.JT9",
            "6543.876.876.876",
            "2.5432.5432.5432",
        ];
        let mut t = table(room, 0, None, record);
        for (i, h) in hands.iter().enumerate() {
            t.deal.values[i] = Some(h.parse().unwrap());
        }
        if swap {
            t.deal.values.swap(1, 2);
        }
        t
    }

    #[test]
    fn the_rooms_deals_are_compared_when_they_cannot_pair() {
        let mut tables = Tables::default();
        let mut out = Vec::new();
        tables.add(full(Room::Open, 1, false), &mut out);
        tables.add(full(Room::Closed, 2, true), &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
        let f = &out[0];
        assert_eq!(
            (f.rule, f.record, f.pos),
            ("bridge.board.rooms", 2, Pos::new(17, 7))
        );
        // East's hand is South's of the Open room: East is the first seat
        // that differs.
        assert_eq!(
            f.message,
            "board 7's deal differs from the Open room's (line 5): East holds S6, S5, S4, S3, \
             H8, H7, H6, D8, D7, D6, C8, C7, C6 here and ST, S9, S8, S7, HJ, HT, H9, DJ, DT, \
             D9, CJ, CT, C9 there; the two rooms of a teams board play the same deal"
        );
        // The same deal pairs, silently; so does a deal with a hand left out.
        let mut out = Vec::new();
        let mut tables = Tables::default();
        tables.add(full(Room::Open, 1, false), &mut out);
        tables.add(full(Room::Closed, 2, false), &mut out);
        let mut partial = full(Room::Closed, 4, true);
        partial.deal.values[3] = None;
        tables.add(full(Room::Open, 3, false), &mut out);
        tables.add(partial, &mut out);
        assert!(out.is_empty(), "{out:?}");
        // A lone table of the other room further back (another match's,
        // its partner missing) is not compared.
        let mut tables = Tables::default();
        tables.add(full(Room::Open, 1, false), &mut out);
        let mut board_8 = full(Room::Open, 2, false);
        board_8.board = 8;
        tables.add(board_8, &mut out);
        tables.add(full(Room::Closed, 3, true), &mut out);
        assert!(out.is_empty(), "{out:?}");
        // Tables of two events are not compared.
        let mut tables = Tables::default();
        let mut other_event = full(Room::Closed, 2, true);
        other_event.event = match_key(&crate::bridge::Identification {
            event: "Plate".into(),
            ..Default::default()
        });
        tables.add(full(Room::Open, 1, false), &mut out);
        tables.add(other_event, &mut out);
        assert!(out.is_empty(), "{out:?}");
        // Two unpaired tables of the other room: which is this one's partner
        // is unknown, and nothing is said.
        let mut tables = Tables::default();
        tables.add(full(Room::Open, 1, false), &mut out);
        tables.add(full(Room::Open, 2, true), &mut out);
        let mut third = full(Room::Closed, 3, false);
        third.deal.values.swap(0, 3);
        tables.add(third, &mut out);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn both_tables_are_checked() {
        // -90 (Open) and +100 (Closed): Closed NS gain 190 = 5 IMPs; Open NS lose 5.
        let mut tables = Tables::default();
        let mut out = Vec::new();
        tables.add(table(Room::Open, -90, ns(-4), 1), &mut out);
        tables.add(table(Room::Closed, 100, ns(5), 2), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].record, 1);
        assert_eq!(
            out[0].message,
            "ScoreIMP NS -4, but NS -90 here against NS 100 in the Closed room (line 15) is 190 to EW: 5 IMPs to EW, that is NS -5"
        );
    }

    #[test]
    fn declarer_form_uses_the_declaring_side() {
        // Declaring side EW; "<s>" 5 means EW +5 = NS -5.
        let mut tables = Tables::default();
        let mut out = Vec::new();
        let dec = |i: i64| {
            Some(SideScore {
                declarer: Some(Centi(i * 100)),
                ..SideScore::default()
            })
        };
        tables.add(table(Room::Open, 100, None, 1), &mut out);
        tables.add(table(Room::Closed, -90, dec(5), 2), &mut out);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn a_table_with_its_score_in_doubt_pairs_but_is_not_checked() {
        let mut tables = Tables::default();
        let mut out = Vec::new();
        let mut open = table(Room::Open, 0, ns(3), 1);
        open.ns = NsScore::Unknown;
        tables.add(open, &mut out);
        tables.add(table(Room::Closed, 100, ns(17), 2), &mut out);
        assert!(out.is_empty());
        assert!(tables.ring.iter().all(|(_, paired)| *paired));
    }

    #[test]
    fn ambiguous_pairs_are_not_checked() {
        let mut tables = Tables::default();
        let mut out = Vec::new();
        tables.add(table(Room::Open, -90, None, 1), &mut out);
        tables.add(table(Room::Open, 600, None, 2), &mut out);
        tables.add(table(Room::Closed, 100, ns(17), 3), &mut out);
        assert!(out.is_empty());
    }

    /// The pairing as it was written before the slots: every remembered table
    /// tested in full.
    fn reference_add(ring: &mut Vec<(Table, bool)>, next: &mut usize, t: Table) -> Option<usize> {
        let mut candidates = ring.iter_mut().enumerate().filter(|(_, (o, paired))| {
            !paired && o.board == t.board && o.deal == t.deal && o.room != t.room
        });
        let found = match (candidates.next(), candidates.next()) {
            (Some((i, (_, paired))), None) => {
                *paired = true;
                Some(i)
            }
            _ => None,
        };
        if ring.len() < Tables::CAPACITY {
            ring.push((t, found.is_some()));
        } else {
            ring[*next] = (t, found.is_some());
            *next = (*next + 1) % Tables::CAPACITY;
        }
        found
    }

    #[test]
    fn slots_pair_as_the_full_search_does() {
        // Few boards, two deals, two rooms: repeats, ambiguous pairs, tables
        // of one room twice, and the ring wrapping many times.
        let deals: [BySeat<Option<CardSet>>; 2] = [
            BySeat {
                values: [Some("AK...".parse().unwrap()), None, None, None],
            },
            BySeat {
                values: [None, Some("Q...".parse().unwrap()), None, None],
            },
        ];
        let mut state = 12345u64;
        let mut rand = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut tables = Tables::default();
        let (mut ring, mut next) = (Vec::new(), 0);
        let mut out = Vec::new();
        for record in 1..5000 {
            let mut t = table(
                [Room::Open, Room::Closed][rand(2) as usize],
                rand(5) as i32 * 10,
                ns(rand(3) as i64),
                record,
            );
            // Board numbers 128 apart share a slot.
            t.board = rand(12) as u32 + if rand(4) == 0 { 128 } else { 0 };
            t.deal = deals[rand(2) as usize];
            let before = out.len();
            tables.add(t, &mut out);
            let found = reference_add(&mut ring, &mut next, t);
            assert_eq!(tables.ring, ring, "record {record}");
            assert_eq!(tables.next, next);
            // A pair is checked both ways (a finding at most for each table).
            if found.is_none() {
                assert_eq!(out.len(), before);
            }
            // Each slot holds exactly the tables of its board numbers.
            for (slot, &bits) in tables.by_board.iter().enumerate() {
                let want = (0..tables.ring.len())
                    .filter(|&i| Tables::slot(tables.ring[i].0.board) == slot)
                    .fold(0u64, |m, i| m | 1 << i);
                assert_eq!(bits, want, "slot {slot}");
            }
        }
        // Pairs were found, and some of them had wrong IMPs.
        assert!(tables.ring.iter().any(|(_, p)| *p));
        assert!(!out.is_empty());
    }

    #[test]
    fn memory_is_bounded() {
        let mut tables = Tables::default();
        let mut out = Vec::new();
        for i in 0..1000 {
            tables.add(table(Room::Open, i, None, 1), &mut out);
        }
        assert_eq!(tables.ring.len(), Tables::CAPACITY);
    }
}
