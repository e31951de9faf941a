//! LIN read in pieces: a piece may end at the start of a line that opens a
//! `qx`, `pn` or `vg` tag (`qx|`, `pn|`, `vg|` first), where a record of a
//! vugraph file or of a file of one board per line starts; the guess is the
//! vugraph header in effect there (`lin::reader::resume`), from the last
//! `vg` of the text cut, or the true state when it is as recent.
//!
//! A piece whose end is no record boundary of the whole input (a value over
//! the cut, a header not yet used, a `pn` that does not start a record) is
//! read again joined with the next, as for PBN. An input with no line break
//! (a whole file on one line) has no place to cut and is read by one reader.

use std::io::Read;
use std::sync::Arc;

use super::{At, Pieced};
use crate::Pos;
use crate::audit::AuditOptions;
use crate::notation::lin::{Carried, Handover, Limits, RawRecord, Reader};

/// LIN as [`Pieced`] for reading in pieces.
pub(in crate::audit) struct Lin;

impl Pieced for Lin {
    type Raw = RawRecord;
    type Reader<R: Read> = Reader<R>;
    type Limits = Limits;
    type State = Carried;
    type Guess = Arc<Carried>;
    type Handover = Handover;
    type Notes = Notes;
    /// Nothing: the guess comes from the notes alone.
    type Earlier = ();

    /// A LIN record is a line or a few dozen: a megabyte without a place to
    /// cut is a file on one line, read by one reader. (With 64, as for PBN,
    /// such a file held 16 MiB of it first: 27 MiB of peak RSS on a 54 MB
    /// record of one line.)
    const SEARCH: usize = 4;

    fn limits(opts: &AuditOptions) -> Limits {
        Limits::from_audit(&opts.limits)
    }

    fn notes(limits: Limits) -> Notes {
        Notes {
            limits,
            header: Arc::default(),
        }
    }

    fn find_cut(buf: &[u8], from: usize) -> Option<usize> {
        let from = from.max(1);
        if from >= buf.len() {
            return None;
        }
        memchr::memchr_iter(b'\n', &buf[from - 1..])
            .map(|j| from + j)
            .find(|&i| may_cut(buf, i))
    }

    fn last_cut(buf: &[u8]) -> Option<usize> {
        memchr::memrchr_iter(b'\n', buf)
            .map(|j| j + 1)
            .find(|&i| may_cut(buf, i))
    }

    fn scan(notes: &mut Notes, text: &[u8], line: u64) {
        let Some(vg) = memchr::memmem::rfind_iter(text, b"vg|")
            .find(|&i| i == 0 || matches!(text[i - 1], b'|' | b'\n' | b'\r' | b' ' | b'\t'))
        else {
            return;
        };
        let before = &text[..vg];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |j| j + 1);
        let pos = Pos::new(
            line + 1 + memchr::memchr_iter(b'\n', before).count() as u64,
            (vg - line_start + 1) as u32,
        );
        notes.header = Arc::new(Carried::at(&text[vg..], pos, notes.limits));
    }

    fn earlier(_: &Arc<Vec<u8>>) {}

    fn guess(notes: &mut Notes, base: &Arc<Carried>, _: Vec<()>) -> Arc<Carried> {
        // The true state is the better guess when its header is the one
        // noted or a later one (the noted one may have been read from a
        // header cut short).
        if base.start() >= notes.header.start() {
            base.clone()
        } else {
            notes.header.clone()
        }
    }

    fn exact(state: &Arc<Carried>) -> Arc<Carried> {
        state.clone()
    }

    fn resume<R: Read>(input: R, limits: Limits, at: At<Arc<Carried>>) -> Reader<R> {
        Reader::resume(input, limits, at.line, at.records, at.guess)
    }

    fn handover<R: Read>(reader: &mut Reader<R>) -> Handover {
        reader.handover()
    }

    fn publish(_: &Handover, _: &()) {}

    fn at_rest(handover: &Handover, after: &[u8]) -> bool {
        handover.ends_before(after)
    }

    fn holds(handover: &Handover, truth: &Carried) -> bool {
        handover.holds(truth)
    }

    fn next(handover: &Handover, _: &Carried) -> Carried {
        handover.next()
    }
}

/// What the calling thread noted of the text cut: the header of its last
/// `vg`.
pub(in crate::audit) struct Notes {
    limits: Limits,
    header: Arc<Carried>,
}

/// How far back [`may_cut`] looks for the lines that opened records.
const LOOK_BACK: usize = 64 << 10;

/// Whether a piece may end at `buf[i]`, the start of a line (`i > 0`): the
/// line opens a `qx` or a `vg`, or a `pn` where the record before is of a
/// file of one board per line: the last line before it that opens a record
/// opens a `pn` too, and the last that opens something else opens no `qx`
/// (in [`LOOK_BACK`] bytes). A `pn` after a `qx` record starts no record,
/// nor does one in a vugraph header: a piece that ended there would be read
/// again joined with the next.
fn may_cut(buf: &[u8], i: usize) -> bool {
    match opens_record(&buf[i..]) {
        Some(b"pn") => {
            let lo = i.saturating_sub(LOOK_BACK);
            let starts = memchr::memrchr_iter(b'\n', &buf[lo..i - 1]).map(|j| lo + j + 1);
            let mut before = starts
                .chain((lo == 0).then_some(0))
                .filter_map(|j| opens_record(&buf[j..]));
            match before.next() {
                Some(b"pn") => before.find(|t| *t != b"pn") != Some(b"qx"),
                Some(_) => false,
                None => true,
            }
        }
        Some(_) => true,
        None => false,
    }
}

/// The tag of a line that opens with `qx|`, `pn|` or `vg|`.
fn opens_record(text: &[u8]) -> Option<&[u8; 2]> {
    match text {
        [a @ (b'q' | b'p' | b'v'), b, b'|', ..]
            if matches!((a, b), (b'q', b'x') | (b'p', b'n') | (b'v', b'g')) =>
        {
            text[..2].try_into().ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_end_before_a_qx_pn_or_vg_line() {
        let text = b"pn|a|md|1|\npn|b|md|2|\nmc|1|\n qx|o1|\nqx|o2|\npn|c|\npn|e|\nvg|v|\npn|d|\n";
        let at = |s: &str| {
            let s = s.as_bytes();
            text.windows(s.len()).position(|w| w == s).unwrap()
        };
        let (b, o2, vg) = (at("pn|b"), at("qx|o2"), at("vg|"));
        assert_eq!(Lin::find_cut(text, 0), Some(b));
        assert_eq!(Lin::find_cut(text, b), Some(b));
        // `mc` starts no record; ` qx` is not at a line's start.
        assert_eq!(Lin::find_cut(text, b + 1), Some(o2));
        // A `pn` after a `qx` or a `vg` line is no place to cut.
        assert_eq!(Lin::find_cut(text, o2 + 1), Some(vg));
        assert_eq!(Lin::find_cut(text, vg + 1), None);
        assert_eq!(Lin::last_cut(text), Some(vg));
        assert_eq!(Lin::find_cut(&text[o2..], 1), Some(vg - o2));
        // A `pn` with no line before it in the buffer that opens a record is.
        assert_eq!(Lin::find_cut(b"mc|1|\npn|e|\n", 1), Some(6));
        assert_eq!(Lin::find_cut(b"md|1|\n qx|1|\npn|e|\n", 1), Some(13));
        // After a `vg`, a `pn` that follows a `pn` is.
        assert_eq!(Lin::find_cut(b"vg|1|\npn|a|\npn|b|\n", 1), Some(12));
        assert_eq!(Lin::find_cut(b"qx|1|\npn|a|\npn|b|\n", 1), None);
        assert_eq!(Lin::last_cut(&text[..vg]), Some(o2));
        assert_eq!(Lin::last_cut(&text[..b]), None);
    }

    #[test]
    fn the_noted_header_is_the_last_vg_with_its_position() {
        let mut notes = Lin::notes(Limits::default());
        let text = b"vg|a|pn|w,x,y,z|qx|o1|md|1|\nvg|b|rs|3N|\npn|p,q,r,s|qx|o2|\n";
        Lin::scan(&mut notes, text, 10);
        let h = notes.header.clone();
        // The second `vg`, on the input's line 12, first column.
        assert_eq!(h.start(), Pos::new(12, 1));
        let mut reader = Reader::resume(&b"qx|o3|"[..], Limits::default(), 13, 0, h);
        let mut rec = RawRecord::default();
        assert!(reader.read_record(&mut rec).unwrap());
        let header: Vec<_> = rec.header.iter().map(|t| (t.name, t.pos())).collect();
        assert_eq!(
            header,
            [
                (*b"vg", Pos::new(12, 1)),
                (*b"rs", Pos::new(12, 6)),
                (*b"pn", Pos::new(13, 1))
            ]
        );
        assert_eq!(rec.value(&rec.header[1]), b"3N");
        // The record itself is on line 14.
        assert_eq!(rec.tags[0].pos(), Pos::new(14, 1));
        // A later true state wins over the noted one; an earlier one does not.
        let base = Arc::new(Carried::default());
        assert!(Arc::ptr_eq(
            &Lin::guess(&mut notes, &base, Vec::new()),
            &notes.header
        ));
        let later = Arc::new(Carried::at(
            b"vg|c|qx|o1|",
            Pos::new(20, 1),
            Limits::default(),
        ));
        assert!(Arc::ptr_eq(
            &Lin::guess(&mut notes, &later, Vec::new()),
            &later
        ));
    }
}
