//! Reading a PBN input from the middle: the state that records hand on to the
//! records after them ([`Carried`]), a reader resumed at a record boundary
//! from a guess of that state ([`Guess`]), and what it read of the guess
//! ([`Handover`]).
//!
//! A PBN record depends on the records before it through `#` and `##`
//! (remembered tag values, sticky tags) and through `% EXPORT` and `% PBN x.y`.
//! To read a piece of an input on its own (`audit::split` reads the pieces of
//! one large input on several threads), a reader starts from a guess of that
//! state and notes every part of the guess it reads: the value of each tag it
//! inherits from before the piece, the export flag and the version (read by
//! every record), the set of sticky tags (read by every record). Once the true
//! state at the piece's start is known, [`Handover::holds`] says whether the
//! guess agreed with it on every part read; then the piece was read exactly as
//! one reader over the whole input reads it, and [`Handover::next`] gives the
//! true state at the piece's end. Otherwise the piece must be read again from
//! the true state ([`Guess::exact`]), which cannot fail.
//!
//! The lexical state (inside a `{` comment, a tag pair over several lines) is
//! not guessed: a piece starts where that state is the one at a record's start,
//! and [`Reader::at_rest`] tells whether the piece before it really ended so.

use std::io::Read;
use std::sync::{Arc, Mutex, OnceLock};

use super::{FnvMap, MAX_REMEMBERED_TAGS, Memory, Parser, Reader};
use crate::notation::pbn::Limits;
use crate::notation::pbn::tag::{ALL, KNOWN_TAGS, TagKind};

/// A tag value or name handed from reader to reader: shared, so that the
/// states and guesses of the pieces in flight copy none (a state is cloned and
/// moved on once per piece).
pub(crate) type Bytes = Arc<[u8]>;

/// A remembered tag value and whether `##` made the tag sticky.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Kept {
    pub(crate) value: Bytes,
    pub(crate) sticky: bool,
}

/// What the records of a PBN input hand on to the records after them, at a
/// point between two records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Carried {
    /// The last value of each defined tag, by [`TagKind::index`].
    pub(crate) known: Vec<Option<Kept>>,
    /// The last value of other tags, by name.
    pub(crate) other: FnvMap<Bytes, Kept>,
    /// Whether `% EXPORT` was declared.
    pub(crate) export: bool,
    /// The last `% PBN x.y` declared.
    pub(crate) version: Option<(u8, u8)>,
}

impl Default for Carried {
    /// The state at the start of an input: nothing remembered.
    fn default() -> Carried {
        Carried {
            known: vec![None; KNOWN_TAGS],
            other: FnvMap::default(),
            export: false,
            version: None,
        }
    }
}

impl Carried {
    /// The names of the sticky tags, sorted.
    pub(crate) fn sticky_names(&self) -> Vec<Vec<u8>> {
        let known = (self.known.iter().enumerate())
            .filter(|(_, k)| k.as_ref().is_some_and(|k| k.sticky))
            .map(|(i, _)| known_name(i).to_vec());
        let other = (self.other.iter())
            .filter(|(_, k)| k.sticky)
            .map(|(n, _)| n.to_vec());
        let mut names: Vec<Vec<u8>> = known.chain(other).collect();
        names.sort();
        names
    }

    /// Whether the sticky tags are exactly `names` (distinct, as
    /// [`Carried::sticky_names`] gives them), without making that list.
    fn sticky_are(&self, names: &[Vec<u8>]) -> bool {
        let known = (self.known.iter()).filter(|k| k.as_ref().is_some_and(|k| k.sticky));
        let other = (self.other.values()).filter(|k| k.sticky);
        known.count() + other.count() == names.len()
            && names.iter().all(|n| {
                let kept = match TagKind::of(n).index() {
                    Some(i) => self.known[i].as_ref(),
                    None => self.other.get(&n[..]),
                };
                kept.is_some_and(|k| k.sticky)
            })
    }
}

fn known_name(i: usize) -> &'static [u8] {
    ALL[i].name().unwrap_or_default().as_bytes()
}

/// The state a resumed reader starts from.
#[derive(Clone, Debug)]
pub(crate) struct Guess {
    /// A true state at or before the reader's start: the values of tags that
    /// `before` does not give are taken from it.
    pub(crate) base: Arc<Carried>,
    /// The pieces of the input between `base` and the reader's start, the
    /// nearest first, searched for the last value of an inherited tag (empty:
    /// `base` alone).
    pub(crate) before: Vec<Earlier>,
    /// The export flag, version and sticky tag names (sorted) at the start.
    pub(crate) export: bool,
    pub(crate) version: Option<(u8, u8)>,
    pub(crate) sticky: Arc<[Vec<u8>]>,
}

impl Guess {
    /// No guess: `state` is the true state at the reader's start.
    pub(crate) fn exact(state: Arc<Carried>) -> Guess {
        Guess {
            export: state.export,
            version: state.version,
            sticky: state.sticky_names().into(),
            before: Vec::new(),
            base: state,
        }
    }

    /// The value of tag `name` (the defined tag `known`, if it is one) at the start.
    fn value(&self, name: &[u8], known: Option<usize>) -> Option<Bytes> {
        // The text of an earlier piece not read yet is searched only for the
        // nearest two (searching more costs more than the rare wrong guess).
        let found = (self.before.iter().enumerate()).find_map(|(i, b)| b.value(name, known, i < 2));
        if let Some(v) = found {
            return v;
        }
        match known {
            Some(i) => self.base.known[i].as_ref().map(|k| k.value.clone()),
            None => self.base.other.get(name).map(|k| k.value.clone()),
        }
    }
}

/// A piece of the input before a resumed reader's start: its text, and the
/// values its records gave once a reader has read it.
#[derive(Clone, Debug)]
pub(crate) struct Earlier {
    pub(crate) text: Arc<Vec<u8>>,
    pub(crate) given: Arc<OnceLock<Given>>,
    /// What searches of `text` found, by tag name: each tag is searched for
    /// once, however many guesses ask (a tag the text lacks costs a search of
    /// all of it, and the next pieces' guesses mostly ask for the same tags).
    found: Arc<Mutex<Searched>>,
}

/// What [`last_value`] found.
type Found = Option<Option<Bytes>>;

/// What searches of a text found, by tag name.
type Searched = Vec<(Vec<u8>, Found)>;

impl Earlier {
    /// The piece `text`, its values not given yet.
    pub(crate) fn new(text: Arc<Vec<u8>>) -> Earlier {
        Earlier {
            text,
            given: Arc::new(OnceLock::new()),
            found: Arc::default(),
        }
    }

    /// The last value the piece gives tag `name` (`Some(None)`: a value not
    /// guessed), `None` if it gives none (or, before it is read and unless
    /// `search`, if that is not known).
    fn value(&self, name: &[u8], known: Option<usize>, search: bool) -> Found {
        let Some(given) = self.given.get() else {
            return search.then(|| self.search(name)).flatten();
        };
        let kept = match known {
            Some(i) => given.known.iter().find(|(k, _)| *k == i).map(|(_, v)| v),
            None => given
                .other
                .iter()
                .find(|(n, _)| **n == *name)
                .map(|(_, v)| v),
        };
        kept.map(|k| Some(k.value.clone()))
    }

    /// [`last_value`] of `name` in the text, searched once.
    fn search(&self, name: &[u8]) -> Found {
        // A poisoned lock only means another search panicked: search again.
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = found.iter().find(|(n, _)| n == name) {
            return v.clone();
        }
        let v = last_value(&self.text, name);
        found.push((name.to_vec(), v.clone()));
        v
    }
}

/// The tag values given by the records a reader read (see [`Handover::given`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Given {
    known: Vec<(usize, Kept)>,
    other: Vec<(Bytes, Kept)>,
}

/// The last value given to tag `name` in `text`, as `[Name "value"]`, skipping
/// `#` values; `None` if there is none, `Some(None)` if it is not a plain string.
fn last_value(text: &[u8], name: &[u8]) -> Found {
    // The name is searched without its `[`, checked after: the search then
    // keys on rarer bytes (`[S` starts several tags of every record; on 20 MB
    // of the corpus `Scoring` is searched at 42 GB/s, `[Scoring` at 19).
    let finder = memchr::memmem::Finder::new(name);
    // Backwards, in ever longer stretches each searched forwards (the fast
    // search): the value is mostly in the last records, and a tag the text
    // lacks costs one search of all of it.
    let mut end = text.len();
    let mut stretch = 4096;
    while end > 0 {
        let from = end.saturating_sub(stretch);
        // A match starting before `end` may run past it.
        let hay = &text[from..(end + name.len()).saturating_sub(1).min(text.len())];
        let mut last = None;
        for at in finder.find_iter(hay).map(|at| from + at) {
            if at == 0 || text[at - 1] != b'[' {
                continue;
            }
            let rest = &text[at + name.len()..];
            // `[Name` then blanks and the opening quote.
            let gap = rest
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            if gap == 0 || rest.get(gap) != Some(&b'"') {
                continue;
            }
            let rest = &rest[gap + 1..];
            let Some(end) = memchr::memchr3(b'"', b'\n', b'\\', rest) else {
                continue;
            };
            match (rest[end], &rest[..end]) {
                (b'"', b"#") => {}
                (b'"', v) => last = Some(Some(v.strip_prefix(b"##").unwrap_or(v))),
                _ => last = Some(None),
            }
        }
        if let Some(v) = last {
            return Some(v.map(Bytes::from));
        }
        end = from;
        stretch *= 2;
    }
    None
}

/// What a resumed reader read of its guess.
#[derive(Debug)]
pub(super) struct Guessing {
    guess: Guess,
    /// Defined tags whose guessed value was read (one bit per index), and the values.
    read_known: u128,
    known: Vec<(usize, Option<Bytes>)>,
    /// Other tags whose guessed value was read, and the values.
    other: Vec<(Vec<u8>, Option<Bytes>)>,
    /// Whether the map of other tags was ever full.
    full: bool,
}

impl Guessing {
    /// The defined tags whose guessed value was read, one bit per index.
    #[inline]
    pub(super) fn read_known(&self) -> u128 {
        self.read_known
    }
}

impl Parser {
    /// Starts reading from `guess`.
    fn start_from(&mut self, guess: Guess) {
        self.export = guess.export;
        self.version = guess.version;
        let sticky = Arc::clone(&guess.sticky);
        self.guess = Some(Box::new(Guessing {
            guess,
            read_known: 0,
            known: Vec::new(),
            other: Vec::new(),
            full: false,
        }));
        for name in sticky.iter() {
            self.any_sticky = true;
            self.sticky_dirty = true;
            match TagKind::of(name).index() {
                // Its value is guessed when a record lacks the tag.
                Some(i) => self.known[i].sticky = true,
                None => {
                    self.touch_other(name);
                    let m = self.memory.entry(name.clone()).or_default();
                    m.sticky = true;
                    m.set = true;
                }
            }
        }
    }

    /// Before the remembered value of the defined tag `i` is read: when the
    /// reader started from a guess and no record since gave the tag, takes the
    /// guessed value (once) and notes that it was read.
    #[inline(always)]
    pub(super) fn touch_known(&mut self, i: usize) {
        if self.guess.is_some() && (self.local | self.current) & (1 << i) == 0 {
            self.guess_known(i);
        }
    }

    /// [`Parser::touch_known`] on a resumed reader, for a tag no record gave.
    #[inline(never)]
    fn guess_known(&mut self, i: usize) {
        let Some(g) = &mut self.guess else { return };
        if g.read_known & (1 << i) != 0 {
            return;
        }
        g.read_known |= 1 << i;
        let value = g.guess.value(known_name(i), Some(i));
        let m = &mut self.known[i];
        m.value.clear();
        if let Some(v) = &value {
            m.value.extend_from_slice(v);
        }
        // A sticky tag has a value (the guess is then wrong if there is none).
        m.set = value.is_some() || m.sticky;
        g.known.push((i, value));
    }

    /// [`Parser::touch_known`] for a tag PBN does not define.
    pub(super) fn touch_other(&mut self, name: &[u8]) {
        let Some(g) = &mut self.guess else { return };
        if self.memory.contains_key(name) || g.other.iter().any(|(n, _)| n == name) {
            return;
        }
        let value = g.guess.value(name, None);
        if let Some(v) = &value {
            if self.memory.len() >= MAX_REMEMBERED_TAGS {
                g.full = true;
            } else {
                let m = Memory {
                    value: v.to_vec(),
                    sticky: false,
                    set: true,
                    local: false,
                };
                self.memory.insert(name.to_vec(), m);
            }
        }
        g.other.push((name.to_vec(), value));
    }

    /// [`Parser::touch_known`] or [`Parser::touch_other`] for the tag `name` of `kind`.
    pub(super) fn touch(&mut self, kind: TagKind, name: &[u8]) {
        match kind.index() {
            Some(i) => self.touch_known(i),
            None => self.touch_other(name),
        }
    }

    /// Notes that the map of other tags was full when a tag was remembered.
    pub(super) fn note_full(&mut self) {
        if let Some(g) = &mut self.guess {
            g.full = true;
        }
    }
}

/// Where a resumed reader starts.
#[derive(Clone, Debug)]
pub(crate) struct Resume {
    /// Lines of the input before the reader's start.
    pub(crate) line: u64,
    /// Records of the input before the reader's start.
    pub(crate) records: usize,
    /// Whether the reader starts at the start of the input (a byte order mark
    /// is skipped there only).
    pub(crate) first: bool,
    /// The state between records there.
    pub(crate) guess: Guess,
}

/// What a resumed reader read of its guess and what it hands on.
#[derive(Debug)]
pub(crate) struct Handover {
    export: bool,
    version: Option<(u8, u8)>,
    sticky: Arc<[Vec<u8>]>,
    known: Vec<(usize, Option<Bytes>)>,
    other: Vec<(Vec<u8>, Option<Bytes>)>,
    full: bool,
    /// Tags remembered since the start, and the export flag and version now.
    given: Given,
    export_now: bool,
    version_now: Option<(u8, u8)>,
}

impl Handover {
    /// Whether the guess agreed with `truth`, the true state at the reader's
    /// start, on everything the reader read of it (and the map of other tags
    /// could not have filled up differently).
    pub(crate) fn holds(&self, truth: &Carried) -> bool {
        fn value(k: Option<&Kept>) -> Option<&[u8]> {
            k.map(|k| &k.value[..])
        }
        self.export == truth.export
            && self.version == truth.version
            && truth.sticky_are(&self.sticky)
            && (self.known.iter()).all(|(i, v)| value(truth.known[*i].as_ref()) == v.as_deref())
            && (self.other.iter()).all(|(n, v)| value(truth.other.get(&n[..])) == v.as_deref())
            && !self.full
            && truth.other.len() + self.given.other.len() < MAX_REMEMBERED_TAGS
    }

    /// The tag values given by the records read.
    pub(crate) fn given(&self) -> &Given {
        &self.given
    }

    /// The true state where the reader stopped, given `truth` at its start
    /// (when [`Handover::holds`]).
    pub(crate) fn next(&self, truth: &Carried) -> Carried {
        let mut next = truth.clone();
        for (i, k) in &self.given.known {
            next.known[*i] = Some(k.clone());
        }
        for (n, k) in &self.given.other {
            next.other.insert(n.clone(), k.clone());
        }
        next.export = self.export_now;
        next.version = self.version_now;
        next
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` that starts between two records of an input, at
    /// `at` (see the module documentation).
    pub(crate) fn resume(inner: R, limits: Limits, at: Resume) -> Reader<R> {
        let mut r = Reader::with_limits(inner, limits);
        if !at.first {
            r.lines.start_after(at.line);
        }
        r.records = at.records;
        r.p.start_from(at.guess);
        r
    }

    /// Whether the input ended between records: not inside a `{` comment or a
    /// tag pair. Meaningful once [`Reader::read_record`] has returned `false`.
    pub(crate) fn at_rest(&self) -> bool {
        !self.p.ended_open
    }

    /// What the reader read of its guess and what it hands on (see
    /// [`Handover`]). Meaningful once [`Reader::read_record`] has returned
    /// `false`; for a reader that was not resumed, the guess is the start of
    /// an input.
    pub(crate) fn handover(&mut self) -> Handover {
        // What was read of the guess is handed over, not copied.
        let (export, version, sticky, known, other, full) = match self.p.guess.take() {
            Some(g) => {
                let g = *g;
                (
                    g.guess.export,
                    g.guess.version,
                    g.guess.sticky,
                    g.known,
                    g.other,
                    g.full,
                )
            }
            None => (false, None, Arc::from([]), Vec::new(), Vec::new(), false),
        };
        let p = &self.p;
        let mut local_known = Vec::new();
        let mut bits = p.local;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let k = Kept {
                value: Bytes::from(p.known_value(i)),
                sticky: p.known[i].sticky,
            };
            local_known.push((i, k));
        }
        let local_other = (p.memory.iter())
            .filter(|(_, m)| m.local)
            .map(|(n, m)| {
                let k = Kept {
                    value: Bytes::from(&m.value[..]),
                    sticky: m.sticky,
                };
                (Bytes::from(&n[..]), k)
            })
            .collect();
        Handover {
            export,
            version,
            sticky,
            known,
            other,
            full,
            given: Given {
                known: local_known,
                other: local_other,
            },
            export_now: p.export,
            version_now: p.version,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pbn::RawRecord;

    /// Every record of `text` as its tags (name = value, in order) and findings.
    fn records<R: Read>(reader: &mut Reader<R>) -> Vec<String> {
        let mut rec = RawRecord::default();
        let mut out = Vec::new();
        while reader.read_record(&mut rec).unwrap() {
            let mut s = format!(
                "{} export={} version={:?}:",
                rec.index, rec.export, rec.version
            );
            for t in &rec.tags {
                s += &format!(
                    " {}={}",
                    String::from_utf8_lossy(rec.name(t)),
                    String::from_utf8_lossy(rec.text(t.value))
                );
            }
            for f in &rec.findings {
                s += &format!(" [{} {}:{}]", f.rule, f.pos.line, f.pos.col);
            }
            out.push(s);
        }
        out
    }

    const TEXT: &str = "% PBN 2.1\n[Event \"E1\"]\n[Mine \"m1\"]\n[Site \"##S\"]\n[Board \"1\"]\n\n\
        [Event \"#\"]\n[Board \"2\"]\n\n\
        % EXPORT\n[Event \"#\"]\n[Mine \"#\"]\n[Board \"3\"]\n\n\
        [Event \"E2\"]\n[Board \"4\"]\n\t\n";

    /// Where the third record starts (the escape line before it).
    fn cut() -> usize {
        TEXT.find("% EXPORT").unwrap()
    }

    fn whole() -> (Vec<String>, Carried) {
        let mut r = Reader::new(TEXT.as_bytes());
        let recs = records(&mut r);
        let state = r.handover().next(&Carried::default());
        (recs, state)
    }

    /// Reads the text in two pieces, the second from `guess`; returns the
    /// records, whether the guess held and the state at the end.
    fn in_two(guess: impl FnOnce(&Carried) -> Guess) -> (Vec<String>, bool, Carried) {
        let (head, tail) = TEXT.as_bytes().split_at(cut());
        let mut first = Reader::new(head);
        let mut recs = records(&mut first);
        assert!(first.at_rest());
        let truth = first.handover().next(&Carried::default());
        let at = Resume {
            line: head.iter().filter(|&&b| b == b'\n').count() as u64,
            records: recs.len(),
            first: false,
            guess: guess(&truth),
        };
        let mut second = Reader::resume(tail, Limits::default(), at);
        recs.extend(records(&mut second));
        let h = second.handover();
        (recs, h.holds(&truth), h.next(&truth))
    }

    #[test]
    fn an_exact_state_reads_as_one_reader() {
        let (recs, state) = whole();
        assert_eq!(recs.len(), 4);
        let (two, holds, end) = in_two(|truth| Guess::exact(Arc::new(truth.clone())));
        assert!(holds);
        assert_eq!(two, recs);
        assert_eq!(end, state);
        // What record 3 inherits: Event and Mine by `#`, the sticky Site.
        assert!(
            recs[2].contains("Event=E1 Mine=m1 Board=3 Site=S"),
            "{}",
            recs[2]
        );
        assert_eq!(
            end.known[TagKind::Event.index().unwrap()]
                .as_ref()
                .unwrap()
                .value[..],
            b"E2"[..]
        );
    }

    #[test]
    fn a_guess_from_the_text_before_holds() {
        let (recs, state) = whole();
        let before = Earlier::new(Arc::new(TEXT.as_bytes()[..cut()].to_vec()));
        let (two, holds, end) = in_two(|_| Guess {
            base: Arc::new(Carried::default()),
            before: vec![before],
            export: false,
            version: Some((2, 1)),
            sticky: vec![b"Site".to_vec()].into(),
        });
        assert!(holds);
        assert_eq!((two, end), (recs, state));
    }

    #[test]
    fn a_wrong_guess_is_caught() {
        let (recs, _) = whole();
        let wrong = [
            // A stale value of Event, no value of Mine.
            Guess {
                base: Arc::new(Carried::default()),
                before: vec![Earlier::new(Arc::new(b"[Event \"old\"]\n".to_vec()))],
                export: false,
                version: Some((2, 1)),
                sticky: vec![b"Site".to_vec()].into(),
            },
            // No sticky tag.
            Guess {
                sticky: Vec::new().into(),
                ..Guess::exact(Arc::new(whole_head_state()))
            },
            // The wrong version.
            Guess {
                version: None,
                ..Guess::exact(Arc::new(whole_head_state()))
            },
        ];
        for g in wrong {
            let (two, holds, _) = in_two(|_| g);
            assert!(!holds);
            assert_ne!(two, recs);
        }
    }

    fn whole_head_state() -> Carried {
        let mut r = Reader::new(&TEXT.as_bytes()[..cut()]);
        records(&mut r);
        r.handover().next(&Carried::default())
    }

    #[test]
    fn a_piece_that_ends_in_a_comment_is_not_at_rest() {
        let mut r = Reader::new(&b"[Event \"x\"]\n{ open\n\n"[..]);
        records(&mut r);
        assert!(!r.at_rest());
        let mut r = Reader::new(&b"[Event \"x\"]\n{ closed }\n\n"[..]);
        records(&mut r);
        assert!(r.at_rest());
    }

    #[test]
    fn a_piece_that_ends_with_findings_before_any_record_is_not_at_rest() {
        // The control character's finding belongs to the record after the
        // piece (one reader gives it to `[Event "y"]`'s record).
        let mut r = Reader::new(&b"% \x01PBN 2.1\n\n"[..]);
        assert_eq!(records(&mut r).len(), 1);
        assert!(!r.at_rest());
        let mut r = Reader::new(&b"% PBN 2.1\n\n"[..]);
        records(&mut r);
        assert!(r.at_rest());
    }

    #[test]
    fn last_value_skips_hash_values_and_reads_spaced_tags() {
        let text = b"[Mode \"A\"]\n[Modes \"B\"]\n[Mode    \"##C\"]\n[Mode \"#\"]\n";
        assert_eq!(
            last_value(text, b"Mode"),
            Some(Some(Bytes::from(&b"C"[..])))
        );
        assert_eq!(last_value(b"[Mode \"a\\\"b\"]\n", b"Mode"), Some(None));
        assert_eq!(last_value(text, b"Event"), None);
        // The name must open a tag pair.
        let quoted = b"[Event \"Mode \\\"x\\\"\"]\n{ Mode \"y\" }\n[Site \"Mode\"]\n";
        assert_eq!(last_value(quoted, b"Mode"), None);
        assert_eq!(last_value(&quoted[8..], b"Mode"), None);
        // Far from the end: found by a longer search.
        let mut far = b"[Event \"far\"]\n".to_vec();
        far.extend(b"[Board \"1\"]\n".repeat(10_000));
        assert_eq!(
            last_value(&far, b"Event"),
            Some(Some(Bytes::from(&b"far"[..])))
        );
        // Across the end of the first stretch searched (4096 bytes).
        for pad in 4070..4110 {
            let mut text = b"[Event \"#\"]\n[Event \"v\"]".to_vec();
            text.resize(text.len() + pad, b'\n');
            assert_eq!(
                last_value(&text, b"Event"),
                Some(Some(Bytes::from(&b"v"[..])))
            );
        }
    }
}
