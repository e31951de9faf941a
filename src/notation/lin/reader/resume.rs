//! A LIN reader resumed between two records of an input, for reading one
//! input in pieces on several threads (`audit/pieces`).
//!
//! What a LIN record hands on to the records after it is the vugraph header
//! in effect ([`Carried`]): the tags from the last `vg` up to the first game
//! tag, which every `qx` record after it inherits. A reader resumed at the
//! start of a line starts from a given header ([`Reader::resume`]); when its
//! input ends it says ([`Reader::handover`]) which header it started from, the
//! header in effect at its end, and whether its end is a record boundary of
//! the whole input given the text that follows it
//! ([`Handover::ends_before`]).

use std::io::Read;
use std::sync::Arc;

use super::{Last, Limits, RawTag, Reader, starts_record};
use crate::Pos;
use crate::notation::lin::RawRecord;

/// The vugraph header in effect between two records: its tags with their
/// positions, their values' text, and where it starts (`vg`'s position). Empty
/// before any `vg`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Carried {
    header: Vec<RawTag>,
    arena: Vec<u8>,
    start: Pos,
}

impl Carried {
    /// Where the header starts (its `vg`), or the default position when
    /// there is none.
    pub(crate) fn start(&self) -> Pos {
        self.start
    }

    /// The header of the vugraph file text `text` whose `vg` tag opens it at
    /// `pos` (line and column in the whole input): the header its first record
    /// inherits, as a reader of the whole input would read it.
    pub(crate) fn at(text: &[u8], pos: Pos, limits: Limits) -> Carried {
        let mut reader = Reader::with_limits(text, limits);
        (reader.line, reader.col) = (pos.line, pos.col);
        let mut rec = RawRecord::default();
        // Reading from memory cannot fail.
        let _ = reader.read_record(&mut rec);
        reader.carried()
    }
}

/// What a resumed reader started from, and what it hands on when its input
/// has ended (see the module documentation).
#[derive(Debug)]
pub(crate) struct Handover {
    from: Arc<Carried>,
    end: Carried,
    open_end: bool,
    last: Last,
}

impl Handover {
    /// Whether the reader started from `truth`, the header in effect at its
    /// start in the whole input.
    pub(crate) fn holds(&self, truth: &Carried) -> bool {
        *self.from == *truth
    }

    /// The header in effect at the reader's end, when it [`holds`](Self::holds).
    pub(crate) fn next(&self) -> Carried {
        self.end.clone()
    }

    /// Whether a reader of the whole input ends a record where this reader's
    /// input ended, when `after` follows it there: the input did not end inside
    /// a tag, a value or a skip to the next known tag, the last record had tags
    /// of its own (not only a header or findings), and the tag `after` starts
    /// the next record after it: a `vg`, a `qx` after a record with a tag that
    /// carries a board, or a `pn` or `md` after a record with an `md` and no
    /// `qx` (see [`Reader::read_record`]).
    pub(crate) fn ends_before(&self, after: &[u8]) -> bool {
        let &[a, b, b'|', ..] = after else {
            return false;
        };
        let (l, last) = ([a, b].map(|c| c.to_ascii_lowercase()), self.last);
        !self.open_end
            && last.tags
            && (&l == b"vg" || starts_record(&l, last.has_board, last.has_md, last.has_qx))
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner`, which starts at the start of line `line + 1` of
    /// an input, after `records` records, between two records whose header is
    /// `from`.
    pub(crate) fn resume(
        inner: R,
        limits: Limits,
        line: u64,
        records: usize,
        from: Arc<Carried>,
    ) -> Reader<R> {
        let mut r = Reader::with_limits(inner, limits);
        r.line = line + 1;
        r.records = records;
        r.header.clone_from(&from.header);
        r.header_arena.clone_from(&from.arena);
        r.header_start = from.start;
        // A header in effect between records was used by the record before
        // (`header_used` is true, as it starts).
        r.resumed_from = Some(from);
        r
    }

    /// The header in effect now.
    fn carried(&self) -> Carried {
        Carried {
            header: self.header.clone(),
            arena: self.header_arena.clone(),
            start: self.header_start,
        }
    }

    /// What the reader started from and hands on (see [`Handover`]).
    /// Meaningful once [`Reader::read_record`] has returned `false`; for a
    /// reader that was not resumed, it started from the empty header.
    pub(crate) fn handover(&mut self) -> Handover {
        Handover {
            from: self.resumed_from.take().unwrap_or_default(),
            end: self.carried(),
            open_end: self.open_end,
            last: self.last,
        }
    }
}
