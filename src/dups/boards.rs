//! Reading the bridge boards of one input (PBN, LIN, RBN/RBX; compressed or in a
//! zip archive), decoded but not audited.

use std::io::{self, Read};
use std::path::Path;

use crate::audit::{Input, Notation, SNIFF_BYTES, sniff, with_input};
use crate::bridge::Board;
use crate::notation::{Decode, RawRecord, RecordReader};

/// What [`read_boards`] found in an input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A bridge notation: its boards were handed out.
    Bridge,
    /// Another game's notation, or none: nothing handed out.
    Other,
}

/// Calls `f` with each board of `input` (a bridge notation by content, as
/// the audit sniffs it), in file order. Records of other games are not read.
///
/// # Errors
///
/// Opening or reading the input (boards before the error were handed out).
pub fn read_boards(
    input: &Input,
    limits: crate::pbn::Limits,
    f: &mut dyn FnMut(&Board),
) -> io::Result<Kind> {
    let name = input.name();
    with_input(input, |r| {
        let mut head = Vec::with_capacity(SNIFF_BYTES);
        r.take(SNIFF_BYTES as u64).read_to_end(&mut head)?;
        let notation = sniff(&head, Notation::from_path(Path::new(&name)));
        let r = io::Cursor::new(head).chain(r);
        match notation {
            Some(Notation::Pbn) => each(crate::pbn::Reader::with_limits(r, limits), f),
            Some(Notation::Lin) => each(
                crate::notation::lin::Reader::with_limits(
                    r,
                    crate::notation::lin::Limits::from_audit(&limits),
                ),
                f,
            ),
            Some(Notation::Rbn) => each(crate::notation::rbn::Reader::new(r), f),
            _ => Ok(Kind::Other),
        }
    })
}

fn each<R>(mut reader: R, f: &mut dyn FnMut(&Board)) -> io::Result<Kind>
where
    R: RecordReader,
    R::Raw: Decode<Board>,
{
    let mut raw = R::Raw::default();
    let mut board = Board::default();
    let mut findings = Vec::new();
    while reader.read_record(&mut raw)? {
        findings.clear();
        raw.take_findings(&mut findings);
        raw.decode(&mut board, &mut findings);
        board.record = raw.index();
        f(&board);
    }
    Ok(Kind::Bridge)
}
