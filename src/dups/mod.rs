//! Finding the same bridge deal recorded twice: `kibitz dups`.
//!
//! A deal copied to the wrong board or event is the classic archive-integrity
//! error. [`find`] reads every bridge record (PBN, LIN, RBN/RBX) of the inputs
//! and reports groups of records whose deals are the same, exactly or up to a
//! rotation of the seats (North's hand of one is East's, South's or West's of
//! the other, and so on round the table).
//!
//! **Compared**: records with a complete deal only (four known hands of 13
//! cards, every card once). A partial deal, or one with a card held twice, is
//! counted and not compared.
//!
//! **Tables of one board** are no duplicate. Two records are the same board
//! when they have the same Board number and either the same Event (both
//! non-empty, as written, white space trimmed) or, when one or both have no
//! Event, they are in the same folder (the folder of the file; for a zip member,
//! the archive and the member's folder). So the open and closed rooms of a teams
//! match, the matches of one round, and the tables of a pairs event are not
//! reported, in one file or several. A record without a Board number is the
//! same board as no other record.
//!
//! **The same table twice** is a duplicate: two records of the same board that
//! name the same room (`[Room "Open"]`, LIN's `qx|o1|`) and the same four
//! players, non-empty (a match copied into a second file).
//!
//! **Memory**: two passes. The first keeps 12 bytes per compared record (a
//! 64-bit hash of the deal in its canonical rotation and a 32-bit record
//! ordinal) and 4 bytes per input. Records whose hash is shared are candidates;
//! the second pass re-reads only the inputs that hold candidates and keeps a
//! place (file, line, record, board, event, room, the four hands) for each
//! candidate only, then compares the hands exactly (a hash collision is never
//! reported). Standard input cannot be read twice and is refused.

mod boards;

use std::io;

use crate::Seat;
use crate::audit::Input;
use crate::bridge::{Board, CardSet, Room};

pub use boards::{Kind, read_boards};

/// The four hands of a complete deal (North, East, South, West), or `None` when
/// the deal is partial or not a deal of 52 different cards.
///
/// ```
/// use kibitz::bridge::Board;
/// let b = Board::default(); // no Deal
/// assert_eq!(kibitz::dups::complete_hands(&b), None);
/// ```
pub fn complete_hands(board: &Board) -> Option<[u64; 4]> {
    let deal = &board.deal.as_ref()?.value;
    if !deal.repeated.is_empty() {
        return None;
    }
    let mut all = CardSet::EMPTY;
    let mut hands = [0; 4];
    for (seat, hand) in deal.hands.iter() {
        let hand = (*hand)?;
        if hand.len() != 13 || !(all & hand).is_empty() {
            return None;
        }
        all |= hand;
        hands[seat.index()] = hand.0;
    }
    Some(hands)
}

/// The hands turned `k` seats: seat `i` gets the hand of seat `i + k`.
fn rotated(hands: [u64; 4], k: usize) -> [u64; 4] {
    [0, 1, 2, 3].map(|i| hands[(i + k) % 4])
}

/// The same deal whatever the rotation: the least of the four rotations.
///
/// ```
/// use kibitz::dups::canonical;
/// let d = [1, 2, 4, 8];
/// assert_eq!(canonical([2, 4, 8, 1]), canonical(d));
/// assert_ne!(canonical([2, 1, 4, 8]), canonical(d));
/// ```
pub fn canonical(hands: [u64; 4]) -> [u64; 4] {
    (0..4).map(|k| rotated(hands, k)).min().unwrap_or(hands)
}

/// A 64-bit hash of a canonical deal (fixed, so both passes agree).
fn hash(hands: [u64; 4]) -> u64 {
    // splitmix64 over the four words.
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    for w in hands {
        h ^= w;
        h = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
    }
    h
}

/// Where a record is, and what decides whether it is a table of another's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The input's name (`archive.zip!member` for a zip member).
    pub file: String,
    /// Index of the input in the list given to [`find`].
    pub input: usize,
    /// The line of the deal (PBN's Deal tag, LIN's `md`, RBN's `H` line).
    pub line: u64,
    /// The record's index in its input, as findings give it.
    pub record: usize,
    /// The Board number, if any.
    pub board: Option<u32>,
    /// The Event, as written (empty when there is none).
    pub event: String,
    /// The room, if the record names one.
    pub room: Option<Room>,
    /// The folder of the input (see the module doc).
    pub folder: String,
    /// The four players' names, North first, separated by `|` (`|||` when
    /// none is named).
    pub players: String,
    /// The four hands, North first.
    pub hands: [u64; 4],
}

impl Place {
    fn of(board: &Board, file: &str, input: usize, hands: [u64; 4]) -> Place {
        Place {
            file: file.to_string(),
            input,
            line: board.deal.as_ref().map_or(board.pos.line, |d| d.pos.line),
            record: board.record,
            board: board.number.as_ref().map(|n| n.value),
            event: board.id.event.trim().to_string(),
            room: board.room,
            folder: folder_of(file).to_string(),
            players: board
                .id
                .players
                .values
                .iter()
                .map(|p| p.trim())
                .collect::<Vec<_>>()
                .join("|"),
            hands,
        }
    }

    /// Whether `self` and `other` are the same board (see the module doc).
    ///
    /// ```
    /// use kibitz::bridge::Room;
    /// use kibitz::dups::Place;
    /// let open = Place { file: "t/a.pbn".into(), input: 0, line: 5, record: 1, board: Some(3),
    ///     event: "Final".into(), room: Some(Room::Open), folder: "t".into(),
    ///     players: "a|b|c|d".into(), hands: [0; 4] };
    /// let closed = Place { room: Some(Room::Closed), file: "u/b.pbn".into(), input: 1,
    ///     folder: "u".into(), ..open.clone() };
    /// assert!(open.same_board(&closed) && !open.same_table(&closed));
    /// assert!(!open.same_board(&Place { board: Some(4), ..closed.clone() }));
    /// assert!(!open.same_board(&Place { event: "Semi".into(), ..closed.clone() }));
    /// // A copy of the open room in another file: the same table twice.
    /// assert!(open.same_table(&Place { input: 1, record: 7, ..open.clone() }));
    /// let nameless = Place { event: String::new(), ..closed.clone() };
    /// assert!(nameless.same_board(&Place { record: 9, ..nameless.clone() }));
    /// assert!(nameless.same_board(&closed));
    /// assert!(!nameless.same_board(&open)); // another folder
    /// ```
    pub fn same_board(&self, other: &Place) -> bool {
        self.board.is_some()
            && self.board == other.board
            && if self.event.is_empty() || other.event.is_empty() {
                self.folder == other.folder
            } else {
                self.event == other.event
            }
    }

    /// Whether `self` and `other` record the same table of one board: the same
    /// board, room and players (see the module doc).
    pub fn same_table(&self, other: &Place) -> bool {
        self.same_board(other)
            && self.room.is_some()
            && self.room == other.room
            && self.players != "|||"
            && self.players == other.players
    }

    /// Whether `self` and `other` are a duplicate: another board, or the same
    /// table twice.
    pub fn duplicates(&self, other: &Place) -> bool {
        !self.same_board(other) || self.same_table(other)
    }

    /// The seat of this record that holds `hand`.
    fn seat_of(&self, hand: u64) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()] == hand)
    }
}

/// Records with one deal, from at least two different boards.
#[derive(Clone, Debug)]
pub struct Group {
    /// The records, in input order.
    pub places: Vec<Place>,
}

impl Group {
    /// How each record holds the first record's deal: `None` for the same seats,
    /// else the seat holding the first record's North hand.
    pub fn rotation(&self, i: usize) -> Option<Seat> {
        let north = self.places[0].hands[0];
        self.places[i].seat_of(north).filter(|s| *s != Seat::North)
    }

    /// Whether some record holds the deal rotated against the first.
    pub fn is_rotated(&self) -> bool {
        (1..self.places.len()).any(|i| self.rotation(i).is_some())
    }
}

/// What [`find`] counted and found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Bridge records read.
    pub records: u64,
    /// Records with a complete deal, compared.
    pub compared: u64,
    /// Records whose deal is partial or broken, not compared.
    pub incomplete: u64,
    /// Inputs of another game (or of no notation), not read.
    pub other_inputs: u64,
    /// The duplicate groups, in the order of their first record.
    pub groups: Vec<Group>,
}

/// Finds the duplicate deals among `inputs` (see the module doc). `on_error`
/// hears of every input that cannot be read (what it held before the error is
/// still compared).
///
/// # Errors
///
/// Standard input among the inputs (it cannot be read twice).
pub fn find(
    inputs: &[Input],
    limits: crate::pbn::Limits,
    on_error: &mut dyn FnMut(&str, &io::Error),
) -> Result<Report, &'static str> {
    if inputs.contains(&Input::Stdin) {
        return Err(
            "duplicates need two passes over the inputs: standard input cannot be read twice; save it to a file",
        );
    }
    let mut report = Report::default();
    // First pass: [hash high, hash low, ordinal] per compared record.
    let mut keys: Vec<[u32; 3]> = Vec::new();
    let mut starts: Vec<u32> = Vec::with_capacity(inputs.len() + 1);
    let mut ordinal: u32 = 0;
    for input in inputs {
        starts.push(ordinal);
        let r = read_boards(input, limits, &mut |board| {
            report.records += 1;
            if let Some(hands) = complete_hands(board) {
                let h = hash(canonical(hands));
                keys.push([(h >> 32) as u32, h as u32, ordinal]);
                report.compared += 1;
            } else {
                report.incomplete += 1;
            }
            ordinal = ordinal.saturating_add(1);
        });
        match r {
            Ok(Kind::Other) => report.other_inputs += 1,
            Ok(Kind::Bridge) => {}
            Err(e) => on_error(&input.name(), &e),
        }
    }
    starts.push(ordinal);
    keys.sort_unstable();
    // Candidates: ordinals whose hash another record shares.
    let mut candidates: Vec<u32> = keys
        .chunk_by(|a, b| a[..2] == b[..2])
        .filter(|run| run.len() > 1)
        .flat_map(|run| run.iter().map(|k| k[2]))
        .collect();
    drop(keys);
    candidates.sort_unstable();
    let places = second_pass(inputs, limits, &starts, &candidates);
    report.groups = groups(places);
    Ok(report)
}

/// Re-reads the inputs holding candidates and returns their places.
fn second_pass(
    inputs: &[Input],
    limits: crate::pbn::Limits,
    starts: &[u32],
    candidates: &[u32],
) -> Vec<Place> {
    let mut places = Vec::with_capacity(candidates.len());
    for (i, input) in inputs.iter().enumerate() {
        let (from, to) = (starts[i], starts[i + 1]);
        let lo = candidates.partition_point(|&c| c < from);
        if candidates.get(lo).is_none_or(|&c| c >= to) {
            continue;
        }
        let name = input.name();
        let mut ordinal = from;
        // Errors were reported by the first pass; the records before are kept.
        let _ = read_boards(input, limits, &mut |board| {
            if candidates.binary_search(&ordinal).is_ok()
                && let Some(hands) = complete_hands(board)
            {
                places.push(Place::of(board, &name, i, hands));
            }
            ordinal = ordinal.saturating_add(1);
        });
    }
    places
}

/// Groups places by exact canonical deal; keeps the groups with records of at
/// least two different boards.
fn groups(mut places: Vec<Place>) -> Vec<Group> {
    // Stable: places stay in input order within a deal.
    places.sort_by_key(|p| canonical(p.hands));
    let mut out: Vec<Group> = places
        .chunk_by(|a, b| canonical(a.hands) == canonical(b.hands))
        .filter(|run| {
            run.iter()
                .enumerate()
                .any(|(i, a)| run[i + 1..].iter().any(|b| a.duplicates(b)))
        })
        .map(|run| Group {
            places: run.to_vec(),
        })
        .collect();
    out.sort_by_key(|g| (g.places[0].input, g.places[0].record));
    out
}

/// The folder part of an input name: up to the last `/` or `!`.
///
/// ```
/// use kibitz::dups::folder_of;
/// assert_eq!(folder_of("a/b/x.pbn"), "a/b");
/// assert_eq!(folder_of("a/t.zip!x.pbn"), "a/t.zip");
/// assert_eq!(folder_of("a/t.zip!d/x.pbn"), "a/t.zip!d");
/// assert_eq!(folder_of("x.pbn"), "");
/// ```
pub fn folder_of(name: &str) -> &str {
    name.rfind(['/', '!']).map_or("", |i| &name[..i])
}
