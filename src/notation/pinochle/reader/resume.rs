//! A reader that starts between two hands of an input it does not read from
//! the start (one pinochle input read in pieces on several threads:
//! `audit::pinochle`). What hands hand on to the hands after them lives in
//! the reader: the `#`/`##` memory and the `%` headers in effect
//! ([`Carried`]). A resumed reader starts from a guess of it and notes what
//! of the guess it read ([`Handover`]); the caller, once it knows the truth
//! at that place, asks [`Handover::holds`] whether the hands were read as
//! one reader of the whole input reads them, and gets the truth at the
//! piece's end from [`Handover::next`].

use std::io::Read;

use super::memory::Remembered;
use super::{Limits, MAX_REMEMBERED_TAGS, Memory, Reader, State};
use crate::notation::pinochle::Format;

/// What the hands before a place hand on to the hands after it: the values
/// remembered for `#` and `##`, and the format and version of the `%`
/// headers read so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Carried {
    pub(super) memory: Remembered,
    pub(super) format: Option<Format>,
    pub(super) version: Option<(u8, u8)>,
}

impl Carried {
    /// Applies the `%` header lines of `text` in order, as the reader does
    /// (also a `%` line inside a comment, which the reader skips: this
    /// gives a guess, which [`Handover::holds`] checks).
    pub(crate) fn note_headers(&mut self, text: &[u8]) {
        let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', text).map(|i| i + 1));
        for start in starts {
            if text.get(start) == Some(&b'%') {
                let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
                super::header_effect(&text[start + 1..end], &mut self.format, &mut self.version);
            }
        }
    }

    /// Takes the format and version of `headers`.
    pub(crate) fn set_headers(&mut self, headers: &Carried) {
        self.format = headers.format;
        self.version = headers.version;
    }

    /// Whether the format and version are those of `other`.
    pub(crate) fn same_headers(&self, other: &Carried) -> bool {
        (self.format, self.version) == (other.format, other.version)
    }

    /// The `##` values, sorted, to compare two states on them.
    fn sticky(&self) -> Vec<(&[u8], &[u8])> {
        let mut v: Vec<_> = (self.memory.iter())
            .filter(|(_, m)| m.sticky)
            .map(|(k, m)| (k, &m.value[..]))
            .collect();
        v.sort_unstable();
        v
    }
}

/// What a resumed reader read of the state it started from.
#[derive(Debug, Default)]
pub(super) struct Track {
    /// Names whose remembered value a `#` read before a hand of this
    /// reader set it, each once.
    consulted: Vec<Vec<u8>>,
    /// By entry of the reader's memory: whether a hand of this reader set
    /// it (by the entry, not the name: no second lookup per tag).
    written: Vec<bool>,
    /// How many entries are marked in `written`.
    written_count: usize,
    /// More names were consulted than are noted.
    overflow: bool,
    /// A name was not remembered because the memory was full.
    refused: bool,
}

impl Track {
    /// A `#` read the remembered value of `name`, which is at `entry` of
    /// the reader's memory (`None`: not remembered).
    pub(super) fn consult(&mut self, name: &[u8], entry: Option<usize>) {
        let set_here = entry.is_some_and(|i| self.written.get(i) == Some(&true));
        if set_here || self.consulted.iter().any(|n| n == name) {
            return;
        }
        if self.consulted.len() >= MAX_REMEMBERED_TAGS {
            self.overflow = true;
        } else {
            self.consulted.push(name.to_vec());
        }
    }

    /// A hand set the remembered value at `entry` of the reader's memory
    /// (`None`: the memory was full and the name new).
    pub(super) fn write(&mut self, entry: Option<usize>) {
        let Some(i) = entry else {
            self.refused = true;
            return;
        };
        if self.written.len() <= i {
            self.written.resize(i + 1, false);
        }
        if !std::mem::replace(&mut self.written[i], true) {
            self.written_count += 1;
        }
    }
}

/// What a resumed reader, its input ended, read of its guess and hands on.
#[derive(Debug)]
pub(crate) struct Handover {
    track: Track,
    /// The final value of each name its hands set.
    written: Vec<(Vec<u8>, Memory)>,
    format: Option<Format>,
    version: Option<(u8, u8)>,
    at_rest: bool,
}

impl Handover {
    /// Whether the input ended between two hands, as one reader of the
    /// whole input would read it there: outside a comment, after a blank
    /// line that ended a hand, with nothing read since (a comment, a `%`
    /// line or a finding there would belong to the next hand).
    pub(crate) fn at_rest(&self) -> bool {
        self.at_rest
    }

    /// Whether the reader's hands are those one reader of the whole input
    /// reads, the state there being `truth` and the reader having started
    /// from `guess`: the headers agree, every remembered value a `#` read
    /// agrees, the `##` values agree, and the memory was not full in
    /// either.
    pub(crate) fn holds(&self, guess: &Carried, truth: &Carried) -> bool {
        let t = &self.track;
        let value = |c: &Carried, n: &[u8]| c.memory.get(n).map(|m| m.value.clone());
        !t.overflow
            && !t.refused
            && guess.same_headers(truth)
            && t.consulted
                .iter()
                .all(|n| value(guess, n) == value(truth, n))
            && guess.sticky() == truth.sticky()
            && [guess, truth]
                .iter()
                .all(|c| c.memory.len() + t.written_count <= MAX_REMEMBERED_TAGS)
    }

    /// The state at the reader's end, `truth` at its start (when
    /// [`Handover::holds`], or when the reader started from the truth).
    pub(crate) fn next(&self, truth: &Carried) -> Carried {
        let mut c = truth.clone();
        for (name, m) in &self.written {
            c.memory.insert(name, m.clone());
        }
        c.format = self.format;
        c.version = self.version;
        c
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner`, which starts between two hands of an input
    /// after `line` lines and `records` hands, from the state `from`;
    /// `first`: no record of the input comes before.
    pub(crate) fn resume(
        inner: R,
        limits: Limits,
        (line, records): (u64, usize),
        from: &Carried,
        first: bool,
    ) -> Self {
        let mut r = Reader::with_limits(inner, limits);
        if line > 0 {
            r.lines.start_after(line);
        }
        r.records = records;
        r.first_next = first;
        r.p.memory.clone_from(&from.memory);
        r.p.format = from.format;
        r.p.version = from.version;
        r.p.track = Some(Box::default());
        r
    }

    /// What the reader, its input ended, read of the state it started from
    /// and hands on.
    pub(crate) fn handover(&mut self) -> Handover {
        let p = &mut self.p;
        let track = p.track.take().map(|t| *t).unwrap_or_default();
        let written = (p.memory.iter())
            .zip(&track.written)
            .filter(|(_, set)| **set)
            .map(|((n, m), _)| (n.to_vec(), m.clone()))
            .collect();
        Handover {
            written,
            format: p.format,
            version: p.version,
            at_rest: matches!(p.state, State::Normal)
                && p.pending_line.is_none()
                && self.tail_empty,
            track,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pinochle::RawRecord;

    /// Reads `text` to its end with `reader`: the Site of each hand, and
    /// whether each is its input's first.
    fn sites<R: Read>(reader: &mut Reader<R>) -> Vec<(Option<Vec<u8>>, bool)> {
        let mut rec = RawRecord::default();
        let mut out = Vec::new();
        while reader.read_record(&mut rec).unwrap() {
            out.push((rec.tag("Site").map(<[u8]>::to_vec), rec.first));
        }
        out
    }

    /// The state after reading `text` from the start.
    fn state_after(text: &[u8]) -> Carried {
        let mut r = Reader::resume(text, Limits::default(), (0, 0), &Carried::default(), true);
        sites(&mut r);
        r.handover().next(&Carried::default())
    }

    #[test]
    fn a_guess_holds_where_the_values_read_of_it_agree() {
        let before = state_after(b"% PPN 1.0\n% EXPORT\n%\n[Site \"A\"]\n[Event \"E\"]\n\n");
        let other = state_after(b"% PPN 1.0\n% EXPORT\n%\n[Site \"B\"]\n[Event \"E\"]\n\n");
        let piece =
            b"[Event \"#\"]\n[Hand \"1\"]\n\n[Site \"#\"]\n\n[Site \"C\"]\n\n[Site \"#\"]\n\n";
        let mut r = Reader::resume(&piece[..], Limits::default(), (9, 0), &before, false);
        let got = sites(&mut r);
        // The second hand's Site is the guess's; the fourth, the third's.
        // None is the input's first.
        let a = |s: &[u8]| (Some(s.to_vec()), false);
        assert_eq!(got, [(None, false), a(b"A"), a(b"C"), a(b"C")]);
        let h = r.handover();
        assert!(h.at_rest());
        // Site and Event were read of the guess: a truth that differs on
        // Site fails; one without the headers fails too.
        assert!(h.holds(&before, &before));
        assert!(!h.holds(&before, &other));
        let mut headless = before.clone();
        headless.format = None;
        assert!(!h.holds(&before, &headless));
        // The state after: Site as the piece left it, Event as before.
        let next = h.next(&other);
        assert_eq!(next.memory.get(b"Site").unwrap().value, b"C");
        assert_eq!(next.memory.get(b"Event").unwrap().value, b"E");
        assert!(next.same_headers(&before));
        // A piece that sets Site before any `#` reads none of the guess.
        let mut r = Reader::resume(
            &b"[Site \"D\"]\n\n[Site \"#\"]\n"[..],
            Limits::default(),
            (3, 0),
            &before,
            false,
        );
        sites(&mut r);
        assert!(r.handover().holds(&before, &other));
    }

    #[test]
    fn only_the_inputs_first_record_is_first() {
        let text = b"\n\nstray\n\n[Site \"A\"]\n\n[Site \"B\"]\n";
        let firsts =
            |r: &mut Reader<&[u8]>| -> Vec<bool> { sites(r).iter().map(|s| s.1).collect() };
        assert_eq!(firsts(&mut Reader::new(&text[..])), [true, false, false]);
        let from = Carried::default();
        let mut r = Reader::resume(&text[..], Limits::default(), (4, 0), &from, true);
        assert_eq!(firsts(&mut r), [true, false, false]);
        let mut r = Reader::resume(&text[..], Limits::default(), (0, 0), &from, false);
        assert_eq!(firsts(&mut r), [false, false, false]);
    }

    #[test]
    fn sticky_values_must_agree_whether_read_or_not() {
        let sticky = state_after(b"[North \"##Ann\"]\n\n");
        let plain = state_after(b"[North \"Ann\"]\n\n");
        let mut r = Reader::resume(
            &b"[Hand \"1\"]\n\n"[..],
            Limits::default(),
            (3, 0),
            &sticky,
            false,
        );
        let mut rec = RawRecord::default();
        assert!(r.read_record(&mut rec).unwrap());
        assert_eq!(rec.tag("North"), Some(&b"Ann"[..]));
        let h = r.handover();
        assert!(h.holds(&sticky, &sticky));
        assert!(!h.holds(&sticky, &plain));
        assert!(!h.holds(&plain, &sticky));
    }

    #[test]
    fn a_reader_is_at_rest_only_after_a_blank_line_that_ended_a_hand() {
        let at_rest = |text: &[u8]| {
            let mut r = Reader::resume(text, Limits::default(), (5, 0), &Carried::default(), false);
            sites(&mut r);
            r.handover().at_rest()
        };
        assert!(at_rest(b"[Hand \"1\"]\n\n"));
        assert!(at_rest(b"[Hand \"1\"]\n \t\n\n"));
        assert!(at_rest(b""));
        // No blank line at the end; a comment, a `%` line or a finding
        // after it (they belong to the next hand); a comment left open.
        assert!(!at_rest(b"[Hand \"1\"]\n"));
        assert!(!at_rest(b"[Hand \"1\"]\n\n{ note }\n\n"));
        assert!(!at_rest(b"[Hand \"1\"]\n\n% EXPORT\n"));
        assert!(!at_rest(b"[Hand \"1\"]\n\n\x01\n"));
        assert!(!at_rest(b"[Hand \"1\"]\n{ open\n\n"));
    }

    #[test]
    fn headers_noted_from_text_follow_the_percent_lines() {
        let mut c = Carried::default();
        c.note_headers(b"% PPN 1.0\n% EXPORT\n[Hand \"1\"]\n x % IMPORT\n");
        assert!(c.same_headers(&state_after(b"% PPN 1.0\n% EXPORT\n")));
        c.note_headers(b"%IMPORT");
        assert!(c.same_headers(&state_after(b"% PPN 1.0\n% IMPORT\n")));
    }
}
