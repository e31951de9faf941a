//! Telling notations apart by content, and handing an input to the right auditor.
//!
//! Portable Preferans Notation and Portable Pinochle Notation share the acronym
//! and the `.ppn` extension, and PBN shares the bracketed tag pairs, so the
//! extension is only a hint. A notation is recognised only on strong evidence in
//! the start of the input ([`sniff`]):
//!
//! * JSON (`{` then `"` or `}`, or `[` then `{` or `]`): PPN JSON;
//! * a `% PPN` header line: pinochle;
//! * a deal line (`[` + number + space) or a preferans tag (Bula, Refe,
//!   Player1-3, Result1-3, Place1-3): preferans;
//! * a pinochle-only tag (Melds, Kitty, Trump, MeldScores ...): pinochle;
//! * a PBN-only tag (Vulnerable, Scoring ...), a `% PBN` line: PBN;
//! * an opening `tag|` pair and two of LIN's board tags (md, mb, pc, qx, ...)
//!   at a tag's place in the head (a teaching file's title page may come
//!   first): LIN; in a `.lin` file, one such tag and its `|` at the start are
//!   enough;
//! * RBN label lines in order (or `% RBN`, `%{RBX}`, an RBX line): RBN/RBX;
//! * any other tag pair (`[Name "value"]`): PBN, or pinochle in a `.ppn` file.
//!
//! Content with none of these is no notation kibitz reads: the audit reports it
//! (`audit.notation.unknown`, a violation) instead of guessing from the name.

use std::io::{self, Read};
use std::path::Path;

use super::rules::{NO_RECORD, UNKNOWN};
use super::{AuditOptions, Notation, Summary, audit_stream};
use crate::{Finding, Pos};

/// Bytes read to decide the notation.
///
/// ```
/// assert!(kibitz::audit::SNIFF_BYTES >= 4096);
/// ```
pub const SNIFF_BYTES: usize = 16 * 1024;

const PREFERANS_TAGS: &[&[u8]] = &[
    b"Bula", b"Refe", b"Player1", b"Player2", b"Player3", b"Result1", b"Result2", b"Result3",
    b"Place1", b"Place2", b"Place3",
];

const PINOCHLE_TAGS: &[&[u8]] = &[
    b"Melds",
    b"MeldScores",
    b"Kitty",
    b"Trump",
    b"GameScores",
    b"HandScores",
    b"PlayScores",
    b"Holding",
    b"Discard",
    b"Hand",
    b"BidSystem1",
    b"BidSystem2",
    b"Language",
];

/// PBN's mandatory tags and sections (PBN 3.4, 3.5): a line that starts with one
/// of them is PBN even when its value is malformed.
const PBN_NAMES: &[&[u8]] = &[
    b"Event",
    b"Site",
    b"Date",
    b"Board",
    b"West",
    b"North",
    b"East",
    b"South",
    b"Dealer",
    b"Vulnerable",
    b"Deal",
    b"Scoring",
    b"Declarer",
    b"Contract",
    b"Result",
    b"Auction",
    b"Play",
];

const PBN_TAGS: &[&[u8]] = &[
    b"Vulnerable",
    b"Scoring",
    b"BidSystemNS",
    b"BidSystemEW",
    b"ScoreIMP",
    b"ScoreMP",
    b"OptimumScore",
    b"OptimumResultTable",
    b"Room",
];

/// The notation of an input that starts with `head`, `hint` being what the file
/// name suggests; `None` when nothing in `head` is strong evidence of any
/// notation (the hint alone never decides).
///
/// ```
/// use kibitz::audit::{sniff, Notation};
/// assert_eq!(sniff(b"[Bula 60]\n[Refe 2]\n", None), Some(Notation::Ppn));
/// assert_eq!(sniff(b"% PPN 1.0\n% EXPORT\n[Event \"x\"]\n", Some(Notation::Ppn)), Some(Notation::Pinochle));
/// assert_eq!(sniff(b"[Event \"x\"]\n[Kitty \"SK H9\"]\n", Some(Notation::Ppn)), Some(Notation::Pinochle));
/// assert_eq!(sniff(b"[Event \"x\"]\n[Deal \"N:...\"]\n", Some(Notation::Ppn)), Some(Notation::Pinochle));
/// assert_eq!(sniff(b"[Event \"x\"]\n[Deal \"N:...\"]\n", None), Some(Notation::Pbn));
/// assert_eq!(sniff(b"  {\"id\": 1}", None), Some(Notation::PpnJson));
/// assert_eq!(sniff(b"{ a PBN comment }\n[Event \"x\"]", None), Some(Notation::Pbn));
/// assert_eq!(sniff(b"[1 231 1BDHM27WQK", Some(Notation::Pbn)), Some(Notation::Ppn));
/// // No evidence: neither the `@` nor the extension makes it a notation.
/// assert_eq!(sniff(b"@x\x01\xff garbage\n", Some(Notation::Pbn)), None);
/// assert_eq!(sniff(b"", Some(Notation::Pbn)), None);
/// // One LIN board tag is evidence only in a file named as LIN.
/// assert_eq!(sniff(b"md|3SAK,SQJ", Some(Notation::Lin)), Some(Notation::Lin));
/// assert_eq!(sniff(b"md|3SAK,SQJ", None), None);
/// ```
pub fn sniff(head: &[u8], hint: Option<Notation>) -> Option<Notation> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut rest = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    match (rest.next(), rest.find(|b| !b.is_ascii_whitespace())) {
        (Some(b'{'), Some(b'"' | b'}')) | (Some(b'['), Some(b'{' | b']')) => {
            return Some(Notation::PpnJson);
        }
        _ => {}
    }
    if crate::notation::pinochle::looks_like_pinochle(head) {
        return Some(Notation::Pinochle);
    }
    if crate::notation::lin::looks_like_lin(head)
        || (hint == Some(Notation::Lin) && crate::notation::lin::starts_with_lin_tag(head))
    {
        return Some(Notation::Lin);
    }
    if crate::notation::rbn::looks_like_rbn(head).is_some() {
        return Some(Notation::Rbn);
    }
    let mut tags = false;
    for line in head.split(|&b| b == b'\n') {
        let t = line.trim_ascii();
        if t.starts_with(b"% PPN") || t.starts_with(b"%PPN") {
            return Some(Notation::Pinochle);
        }
        if t.starts_with(b"% PBN") || t.starts_with(b"%PBN") {
            return Some(Notation::Pbn);
        }
        let Some(inner) = t.strip_prefix(b"[") else {
            continue;
        };
        let name_len = inner
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        let name = &inner[..name_len];
        if name.is_empty() {
            continue;
        }
        if name.iter().all(u8::is_ascii_digit) {
            if inner.get(name_len) == Some(&b' ') {
                return Some(Notation::Ppn);
            }
            continue;
        }
        if PREFERANS_TAGS.contains(&name) {
            return Some(Notation::Ppn);
        }
        // A tag pair: a name that starts with a letter, then a quoted value (or
        // one of PBN's mandatory tag names, however its value is written).
        let after = inner[name_len..].trim_ascii_start();
        if PBN_NAMES.contains(&name) && !after.starts_with(b"\"") {
            return Some(Notation::Pbn);
        }
        if !name[0].is_ascii_alphabetic() || !after.starts_with(b"\"") {
            continue;
        }
        if PINOCHLE_TAGS.contains(&name) {
            return Some(Notation::Pinochle);
        }
        if PBN_TAGS.contains(&name) {
            return Some(Notation::Pbn);
        }
        tags = true;
    }
    match hint {
        _ if !tags => None,
        Some(Notation::Ppn) => Some(Notation::Pinochle),
        _ => Some(Notation::Pbn),
    }
}

/// Audits one input of any notation: reads its start, decides the notation by
/// content ([`sniff`], with `name`'s extension as a hint), and runs the auditor.
///
/// # Errors
///
/// I/O errors of `input`.
///
/// ```
/// use kibitz::audit::{audit_input, AuditOptions, Summary};
/// let mut s = Summary::default();
/// let mut rules = Vec::new();
/// audit_input("x.ppn", &b"[Bula 60]\n"[..], &AuditOptions::default(), &mut s, &mut |f| rules.push(f.rule)).unwrap();
/// assert_eq!(rules, ["ppn.tag.missing"]);
/// // Only bridge: the preferans input is skipped, not audited.
/// let opts = AuditOptions { game: Some(kibitz::Game::Bridge), ..AuditOptions::default() };
/// let mut s = Summary::default();
/// audit_input("x.ppn", &b"[Bula 60]\n"[..], &opts, &mut s, &mut |_| panic!()).unwrap();
/// assert_eq!((s.files, s.skipped, s.records), (0, 1, 0));
/// ```
///
/// A bug that panics while the input is audited is contained: the input's
/// error then says so (`internal error: ...`), and the findings reported
/// before it stand (see `contain.rs`).
pub fn audit_input<R: Read>(
    name: &str,
    input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    super::contain::contained(summary, |summary| {
        audit_uncontained(name, input, opts, summary, emit)
    })
}

/// [`audit_input`] without the guard: a panic goes on up (for the fuzz
/// targets, which must fail on one).
pub(crate) fn audit_uncontained<R: Read>(
    name: &str,
    mut input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    // Read without zeroing a buffer first (this runs once per file).
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    // An error inside the head (a truncated compressed stream) comes after the
    // bytes read before it, as it would later in the input: those are audited.
    // (`read_to_end` keeps what it read before an error, and retries on
    // `Interrupted`.)
    let error = input
        .by_ref()
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .err();
    let n = head.len();
    if n == 0
        && let Some(e) = error
    {
        summary.files += 1;
        return Err(e);
    }
    let limit = if error.is_some() { 0 } else { u64::MAX };
    let input = FailAfter(error).chain(input.take(limit));
    let notation = sniff(&head, Notation::from_path(Path::new(name)));
    let blank = head.iter().all(u8::is_ascii_whitespace);
    if let (Some(want), Some(n)) = (opts.game, notation)
        && n.game() != want
    {
        // Another game's input: skipped, as a file that is no game file is.
        summary.skipped += 1;
        return Ok(());
    }
    let (files, records) = (summary.files, summary.records);
    let input = io::Cursor::new(head).chain(input);
    let result = match notation {
        Some(Notation::Pbn) => audit_stream(input, opts, summary, emit),
        Some(Notation::Ppn) if opts.input_jobs > 1 => {
            super::preferans::pieces::audit_text_shared(input, opts, summary, emit)
        }
        Some(Notation::Ppn) => super::preferans::audit_text(input, opts, summary, emit),
        Some(Notation::PpnJson) => super::preferans::audit_json(input, opts, summary, emit),
        Some(Notation::Lin) if opts.input_jobs > 1 => {
            super::pieces::audit_shared::<super::pieces::Lin, _>(input, opts, summary, emit)
        }
        Some(Notation::Lin) => bridge_records(
            crate::notation::lin::Reader::with_limits(
                input,
                crate::notation::lin::Limits::from_audit(&opts.limits),
            ),
            opts,
            summary,
            emit,
        ),
        Some(Notation::Rbn) => bridge_records(
            crate::notation::rbn::Reader::with_limits(
                input,
                crate::notation::rbn::Limits::from_audit(&opts.limits),
            ),
            opts,
            summary,
            emit,
        ),
        Some(Notation::Pinochle) if opts.input_jobs > 1 => {
            super::pinochle::audit_shared(input, opts, summary, emit)
        }
        Some(Notation::Pinochle) => super::audit_notation(
            crate::notation::pinochle::Reader::with_limits(input, opts.limits),
            &super::PinochleRules(opts.pinochle),
            opts,
            summary,
            emit,
        ),
        // An empty or blank input: nothing to read, nothing wrong.
        None if blank => return unreadable(input, None, summary, emit),
        None => {
            let f = Finding::of(
                UNKNOWN,
                Pos::new(1, 1),
                "no notation kibitz reads (PBN, RBN/RBX, LIN, preferans PPN text or JSON, pinochle PPN) is recognised in this input; it is not audited".to_string(),
            );
            return unreadable(input, Some(f), summary, emit);
        }
    };
    debug_assert_eq!(summary.files, files + 1);
    if result.is_ok() && summary.records == records && !blank {
        let f = Finding::of(
            NO_RECORD,
            Pos::new(1, 1),
            "no record could be read from this input (only headers, comments or text outside any record)"
                .to_string(),
        );
        summary.count(&f);
        emit(&f);
    }
    result
}

/// Audits the records of a bridge notation's `reader`: on the calling thread,
/// or with [`AuditOptions::input_jobs`] above 1 decoded and checked on that
/// many threads (`split.rs`), reported the same either way.
fn bridge_records<R>(
    reader: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()>
where
    R: crate::notation::RecordReader,
    R::Raw: crate::notation::Decode<crate::bridge::Board> + Send,
{
    if opts.input_jobs > 1 {
        super::split::audit_bridge(reader, opts, summary, emit)
    } else {
        super::audit_notation(reader, &super::BridgeRules, opts, summary, emit)
    }
}

/// Reads an input kibitz cannot audit to its end (so that its bytes are
/// counted) and reports `finding`, if any, as a finding about the whole input.
fn unreadable<R: Read>(
    mut input: R,
    finding: Option<Finding>,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    summary.files += 1;
    if let Some(f) = finding {
        summary.count(&f);
        emit(&f);
    }
    let bytes = io::copy(&mut input, &mut io::sink())?;
    summary.bytes += bytes;
    Ok(())
}

/// Reads nothing and fails with its error, once (then reads as the end of input
/// would): placed after the head when reading the head failed.
pub(super) struct FailAfter(pub(super) Option<io::Error>);

impl Read for FailAfter {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}
