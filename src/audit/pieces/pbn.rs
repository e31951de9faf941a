//! PBN read in pieces: a piece may end at the start of a line that opens a
//! tag pair or is an escape line, right after an empty line; the guess is
//! `pbn::reader::resume`'s, from what the `%` lines and `"##` values of the
//! text cut declared and the values of the pieces in flight.

use std::collections::BTreeSet;
use std::io::Read;
use std::sync::Arc;

use super::{At, Pieced};
use crate::audit::AuditOptions;
use crate::pbn::{
    Carried, Earlier, Escape, Guess, Handover, Limits, RawRecord, Reader, Resume, TagKind,
    is_name_char,
};

/// PBN as [`Pieced`] for reading in pieces.
pub(in crate::audit) struct Pbn;

impl Pieced for Pbn {
    type Raw = RawRecord;
    type Reader<R: Read> = Reader<R>;
    type Limits = Limits;
    type State = Carried;
    type Guess = Guess;
    /// What the reader read of its guess, and whether it ended at rest.
    type Handover = (Handover, bool);
    type Notes = Notes;
    type Earlier = Earlier;

    /// A record may hold a long comment between places to cut; 4 MiB for
    /// the default piece size. (With 64, 16 MiB: 21.9 MiB of peak RSS with
    /// `-j2` on a PBN file of one 100 MB line, 9.6 MiB with 16.)
    const SEARCH: usize = 16;

    fn limits(opts: &AuditOptions) -> Limits {
        opts.limits
    }

    fn notes(_: Limits) -> Notes {
        Notes::default()
    }

    fn find_cut(buf: &[u8], from: usize) -> Option<usize> {
        find_cut(buf, from)
    }

    fn last_cut(buf: &[u8]) -> Option<usize> {
        last_cut(buf)
    }

    fn scan(notes: &mut Notes, text: &[u8], _: u64) {
        notes.scan(text);
    }

    fn earlier(text: &Arc<Vec<u8>>) -> Earlier {
        Earlier::new(text.clone())
    }

    fn guess(notes: &mut Notes, base: &Arc<Carried>, before: Vec<Earlier>) -> Guess {
        Guess {
            base: base.clone(),
            before,
            export: notes.export,
            version: notes.version,
            sticky: notes.sticky_names(),
        }
    }

    fn exact(state: &Arc<Carried>) -> Guess {
        Guess::exact(state.clone())
    }

    fn resume<R: Read>(input: R, limits: Limits, at: At<Guess>) -> Reader<R> {
        let At {
            line,
            records,
            first,
            guess,
        } = at;
        let at = Resume {
            line,
            records,
            first,
            guess,
        };
        Reader::resume(input, limits, at)
    }

    fn handover<R: Read>(reader: &mut Reader<R>) -> (Handover, bool) {
        (reader.handover(), reader.at_rest())
    }

    fn publish(handover: &(Handover, bool), earlier: &Earlier) {
        let _ = earlier.given.set(handover.0.given().clone());
    }

    fn at_rest(handover: &(Handover, bool), _: &[u8]) -> bool {
        handover.1
    }

    fn holds(handover: &(Handover, bool), truth: &Carried) -> bool {
        handover.0.holds(truth)
    }

    fn next(handover: &(Handover, bool), truth: &Carried) -> Carried {
        handover.0.next(truth)
    }
}

/// What the `%` lines and `"##` values of the pieces cut declared.
#[derive(Default)]
pub(in crate::audit) struct Notes {
    export: bool,
    version: Option<(u8, u8)>,
    sticky: BTreeSet<Vec<u8>>,
    /// `sticky` as the guesses take it, made again when it changes.
    sticky_names: Option<Arc<[Vec<u8>]>>,
}

impl Notes {
    /// The sticky tags declared so far, sorted.
    fn sticky_names(&mut self) -> Arc<[Vec<u8>]> {
        let names =
            (self.sticky_names).get_or_insert_with(|| self.sticky.iter().cloned().collect());
        Arc::clone(names)
    }

    /// Notes what the escape lines and `##` values of `text` declare, for the
    /// guesses of the pieces after it (a line in a comment is taken too: the
    /// guess is then wrong and the piece read again).
    fn scan(&mut self, text: &[u8]) {
        for p in memchr::memchr_iter(b'%', text) {
            if p > 0 && text[p - 1] != b'\n' {
                continue;
            }
            let end = memchr::memchr(b'\n', &text[p..]).map_or(text.len(), |e| p + e);
            match Escape::of(&text[p + 1..end]) {
                Escape::Export => self.export = true,
                Escape::Version(a, b) => self.version = Some((a, b)),
                Escape::Other => {}
            }
        }
        // A search for `##` stops only there (one for `"##` would stop at
        // every `"`, one for `#` at every `"#"` value).
        let sticky =
            memchr::memmem::find_iter(text, b"##").filter(|&i| i > 0 && text[i - 1] == b'"');
        for hash in sticky {
            let q = hash - 1;
            let line = memchr::memrchr(b'\n', &text[..q]).map_or(0, |i| i + 1);
            let Some(open) = memchr::memrchr(b'[', &text[line..q]) else {
                continue;
            };
            let tag = &text[line + open + 1..q];
            let n = tag.iter().take_while(|&&b| is_name_char(b)).count();
            let (name, gap) = tag.split_at(n);
            if n > 0
                && gap.iter().all(|b| matches!(b, b' ' | b'\t'))
                && TagKind::of(name) != TagKind::Note
                && !self.sticky.contains(name)
            {
                self.sticky.insert(name.to_vec());
                self.sticky_names = None;
            }
        }
    }
}

/// The first place at or after `from` (at least 1) where a piece may end:
/// the start of a line that opens a tag pair or is an escape line (`[` or `%`
/// first) right after an empty line.
fn find_cut(buf: &[u8], from: usize) -> Option<usize> {
    let from = from.max(1);
    if from >= buf.len() {
        return None;
    }
    memchr::memchr2_iter(b'[', b'%', &buf[from..])
        .map(|i| from + i)
        .find(|&i| after_empty_line(buf, i))
}

/// The last place in `buf` where a piece may end (see [`find_cut`]).
fn last_cut(buf: &[u8]) -> Option<usize> {
    memchr::memrchr2_iter(b'[', b'%', buf).find(|&i| after_empty_line(buf, i))
}

/// Whether `buf[i]` starts a line that follows an empty line.
fn after_empty_line(buf: &[u8], i: usize) -> bool {
    buf[..i].ends_with(b"\n\n") || buf[..i].ends_with(b"\n\r\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::pieces::{Feed, Next, count_lines};

    #[test]
    fn pieces_end_before_a_tag_or_escape_line_after_an_empty_line() {
        let text = b"[A \"1\"]\n\n[B \"2\"]\r\n\r\n% PBN 2.1\n[C \"3\"]\n{\n\n x [D] }\n";
        let b = text.iter().position(|&c| c == b'B').unwrap() - 1;
        let pbn = text.iter().position(|&c| c == b'%').unwrap();
        assert_eq!(find_cut(text, 0), Some(b));
        assert_eq!(find_cut(text, b + 1), Some(pbn));
        // `[D]` is not at a line's start; `[C` follows no empty line.
        assert_eq!(find_cut(text, pbn + 1), None);
        assert_eq!(last_cut(text), Some(pbn));
        assert_eq!(last_cut(&text[..pbn]), Some(b));
        assert_eq!(count_lines(text), 9);
    }

    #[test]
    fn the_feed_cuts_about_size_bytes_and_counts_lines() {
        let record = b"[Event \"e\"]\n[Board \"1\"]\n\n";
        let text = record.repeat(100);
        let mut feed = Feed::<Pbn>::new(60, Pbn::notes(Limits::default()));
        let mut input = &text[..];
        let mut lines = 0;
        let mut pieces = 0;
        while let Some(Next::Piece(cut)) = feed.next(&mut input).unwrap() {
            assert_eq!(cut.line, lines);
            assert_eq!(cut.first, pieces == 0);
            // The first cut at or after 60 bytes: three records.
            assert_eq!(
                cut.text.len(),
                if cut.last {
                    record.len()
                } else {
                    3 * record.len()
                }
            );
            lines += 3 * cut.text.len() as u64 / record.len() as u64;
            pieces += 1;
        }
        assert_eq!((pieces, lines), (34, 300));
    }

    #[test]
    fn the_feed_notes_escape_lines_and_sticky_tags() {
        let mut feed = Notes::default();
        feed.scan(b"% PBN 2.1\n[Event \"##e\"]\n[Note \"##n\"]\n{ [Site   \"##s\"] }\n%EXPORT\n");
        assert_eq!((feed.export, feed.version), (true, Some((2, 1))));
        let sticky: Vec<&[u8]> = feed.sticky.iter().map(Vec::as_slice).collect();
        // A value in a comment is taken too (the guess is then wrong and the
        // piece read again); Note is never remembered.
        assert_eq!(sticky, [&b"Event"[..], b"Site"]);
        let names = feed.sticky_names();
        assert_eq!(names[..], [b"Event".to_vec(), b"Site".to_vec()]);
        // The same list until a new name comes.
        feed.scan(b"[Event \"##f\"]\n");
        assert!(Arc::ptr_eq(&names, &feed.sticky_names()));
        feed.scan(b"[Room \"##r\"]\n");
        assert_eq!(feed.sticky_names().len(), 3);
    }
}
