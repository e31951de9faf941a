//! LIN's results list, `rs` (lin-notes 3): one entry per table, two per board
//! from the `vg` title's first board on, the open room's first. An entry is a
//! BBO contract code (level, strain, declarer, `x` or `xx`, then `=`, `+n` or
//! `-n`), `PASS` for a board passed out, or empty for a table not played.
//! The decoder gives each table its entry as the board's
//! [`Summary`]; the bridge rules compare it with the
//! auction, the claim and the play (`bridge.result.list`).

use crate::bridge::{Room, Summary};
use crate::{Bid, Contract, Risk, Seat, Strain};

/// An `rs` entry that is no contract code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a contract code such as 4SN=, 3NEx-1 or PASS")]
pub struct BadEntry;

/// Reads one entry: `Ok(None)` when it is empty (the table was not played or
/// not entered), [`BadEntry`] when it is no contract code.
///
/// ```
/// use kibitz::bridge::Summary;
/// use kibitz::notation::lin::results::parse_entry;
/// use kibitz::Seat;
/// let s = parse_entry(b"4HSx-2").unwrap().unwrap();
/// assert_eq!(s, Summary::Played { contract: "4HX".parse().unwrap(), declarer: Seat::South, tricks: 8 });
/// assert_eq!(parse_entry(b"3NE+1").unwrap().unwrap().to_string(), "3NT by East, 10 tricks");
/// assert_eq!(parse_entry(b"PASS"), Ok(Some(Summary::PassedOut)));
/// assert_eq!(parse_entry(b""), Ok(None));
/// assert!(parse_entry(b"4SN+4").is_err()); // 14 tricks
/// ```
pub fn parse_entry(e: &[u8]) -> Result<Option<Summary>, BadEntry> {
    let e = e.trim_ascii();
    if e.is_empty() {
        return Ok(None);
    }
    if e.eq_ignore_ascii_case(b"pass") || e.eq_ignore_ascii_case(b"p") {
        return Ok(Some(Summary::PassedOut));
    }
    let (&level, rest) = e.split_first().ok_or(BadEntry)?;
    let (&strain, mut rest) = rest.split_first().ok_or(BadEntry)?;
    let strain = match strain.to_ascii_uppercase() {
        b'N' => {
            // `3NTE=` as well as `3NE=`: T names no seat.
            if let [b'T' | b't', r @ ..] = rest {
                rest = r;
            }
            Strain::NoTrump
        }
        s => Strain::from_ascii(&[s]).ok_or(BadEntry)?,
    };
    let bid = Bid::new(level.wrapping_sub(b'0'), strain).ok_or(BadEntry)?;
    let (&seat, rest) = rest.split_first().ok_or(BadEntry)?;
    let declarer = Seat::from_char(seat as char).ok_or(BadEntry)?;
    let doubles = rest
        .iter()
        .take_while(|b| b.eq_ignore_ascii_case(&b'x'))
        .count();
    let risk = Risk::of_doubles(doubles).ok_or(BadEntry)?;
    let needed = bid.tricks_needed();
    let tricks = match &rest[doubles..] {
        b"=" => needed,
        [sign @ (b'+' | b'-'), digits @ ..]
            if !digits.is_empty() && digits.len() <= 2 && digits.iter().all(u8::is_ascii_digit) =>
        {
            let n = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
            match sign {
                b'+' if n >= 1 && needed + n <= 13 => needed + n,
                b'-' if n >= 1 && n <= needed => needed - n,
                _ => return Err(BadEntry),
            }
        }
        _ => return Err(BadEntry),
    };
    Ok(Some(Summary::Played {
        contract: Contract { bid, risk },
        declarer,
        tricks,
    }))
}

/// The entry of table `room` of board `board` in the list `rs`, counting from
/// board `first`, and its byte offset in `rs`; `None` for a board before
/// `first` or beyond the list.
///
/// ```
/// use kibitz::bridge::Room;
/// use kibitz::notation::lin::results::entry;
/// let rs = b"4HS-2,4HS=,,3NE+1";
/// assert_eq!(entry(rs, 17, 17, Room::Closed), Some((&b"4HS="[..], 6)));
/// assert_eq!(entry(rs, 17, 18, Room::Open), Some((&b""[..], 11)));
/// assert_eq!(entry(rs, 17, 18, Room::Closed), Some((&b"3NE+1"[..], 12)));
/// assert_eq!(entry(rs, 17, 19, Room::Open), None);
/// assert_eq!(entry(rs, 17, 16, Room::Open), None);
/// ```
pub fn entry(rs: &[u8], first: u32, board: u32, room: Room) -> Option<(&[u8], usize)> {
    let index =
        2 * usize::try_from(board.checked_sub(first)?).ok()? + usize::from(room == Room::Closed);
    let mut start = 0;
    for (i, e) in rs.split(|&b| b == b',').enumerate() {
        if i == index {
            return Some((e, start));
        }
        start += e.len() + 1;
    }
    None
}

/// The first board of a `vg` title (its fourth field).
///
/// ```
/// use kibitz::notation::lin::results::first_board;
/// assert_eq!(first_board(b"WMSG BEIJING 2008,O2 - QuarterF - 3/6,I,1,16,ITALY,78,POLAND,48"), Some(1));
/// assert_eq!(first_board(b"Club,,I"), None);
/// ```
pub fn first_board(vg: &[u8]) -> Option<u32> {
    let field = super::raw::vg::fields(vg)[super::raw::vg::FIRST].trim_ascii();
    if field.is_empty() || !field.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(field).ok()?.parse().ok()
}
