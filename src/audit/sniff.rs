//! Telling notations apart by content, and handing an input to the right auditor.
//!
//! Portable Preferans Notation and Portable Pinochle Notation share the acronym
//! and the `.ppn` extension, and PBN shares the bracketed tag pairs, so the
//! extension is only a hint. [`sniff`] reads the start of the input:
//!
//! * JSON (`{` then `"` or `}`, or `[` then `{` or `]`): PPN JSON;
//! * `% PPN` header or `@` segmental tags: pinochle;
//! * a deal line (`[` + number + space) or a preferans tag (Bula, Refe,
//!   Player1-3, Result1-3, Place1-3): preferans;
//! * a pinochle-only tag (Melds, Kitty, Trump, MeldScores ...): pinochle;
//! * a PBN-only tag (Vulnerable, Scoring ...): PBN;
//! * otherwise the extension: `.ppn` with PBN-style tags is pinochle, `.ppn`
//!   without any tag preferans, anything else PBN.

use std::io::{self, Read};
use std::path::Path;

use super::{AuditOptions, Notation, Summary, audit_stream};
use crate::{Finding, Pos, Rule, Severity};

/// A file in a notation kibitz recognises but does not audit yet.
///
/// ```
/// assert_eq!(kibitz::audit::UNSUPPORTED.id, "audit.notation.unsupported");
/// ```
pub const UNSUPPORTED: Rule = Rule::new("audit.notation.unsupported", Severity::Notice);

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
/// name suggests.
///
/// ```
/// use kibitz::audit::{sniff, Notation};
/// assert_eq!(sniff(b"[Bula 60]\n[Refe 2]\n", None), Notation::Ppn);
/// assert_eq!(sniff(b"% PPN 1.0\n% EXPORT\n[Event \"x\"]\n", Some(Notation::Ppn)), Notation::Pinochle);
/// assert_eq!(sniff(b"[Event \"x\"]\n[Kitty \"SK H9\"]\n", Some(Notation::Ppn)), Notation::Pinochle);
/// assert_eq!(sniff(b"[Event \"x\"]\n[Deal \"N:...\"]\n", Some(Notation::Ppn)), Notation::Pinochle);
/// assert_eq!(sniff(b"[Event \"x\"]\n[Deal \"N:...\"]\n", None), Notation::Pbn);
/// assert_eq!(sniff(b"  {\"id\": 1}", None), Notation::PpnJson);
/// assert_eq!(sniff(b"{ a PBN comment }\n[Event \"x\"]", None), Notation::Pbn);
/// assert_eq!(sniff(b"[1 231 1BDHM27WQK", Some(Notation::Pbn)), Notation::Ppn);
/// ```
pub fn sniff(head: &[u8], hint: Option<Notation>) -> Notation {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut rest = head.iter().copied().skip_while(u8::is_ascii_whitespace);
    match (rest.next(), rest.find(|b| !b.is_ascii_whitespace())) {
        (Some(b'{'), Some(b'"' | b'}')) | (Some(b'['), Some(b'{' | b']')) => {
            return Notation::PpnJson;
        }
        _ => {}
    }
    let mut tags = false;
    for line in head.split(|&b| b == b'\n') {
        let t = line.trim_ascii();
        if t.starts_with(b"% PPN") || t.starts_with(b"%PPN") || t.starts_with(b"@") {
            return Notation::Pinochle;
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
                return Notation::Ppn;
            }
            continue;
        }
        if PREFERANS_TAGS.contains(&name) {
            return Notation::Ppn;
        }
        if PINOCHLE_TAGS.contains(&name) {
            return Notation::Pinochle;
        }
        if PBN_TAGS.contains(&name) {
            return Notation::Pbn;
        }
        tags = true;
    }
    match hint {
        Some(Notation::Ppn) if tags => Notation::Pinochle,
        Some(n) => n,
        None => Notation::Pbn,
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
/// ```
pub fn audit_input<R: Read>(
    name: &str,
    mut input: R,
    opts: &AuditOptions,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    let mut head = vec![0; SNIFF_BYTES];
    let mut n = 0;
    while n < head.len() {
        match input.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                summary.files += 1;
                return Err(e);
            }
        }
    }
    head.truncate(n);
    let notation = sniff(&head, Notation::from_path(Path::new(name)));
    let input = io::Cursor::new(head).chain(input);
    match notation {
        Notation::Pbn => audit_stream(input, opts, summary, emit),
        Notation::Ppn => super::preferans::audit_text(input, opts, summary, emit),
        Notation::PpnJson => super::preferans::audit_json(input, opts, summary, emit),
        Notation::Pinochle => unsupported(input, notation, summary, emit),
    }
}

fn unsupported<R: Read>(
    mut input: R,
    notation: Notation,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Finding),
) -> io::Result<()> {
    summary.files += 1;
    let mut f = Finding::of(
        UNSUPPORTED,
        Pos::new(1, 1),
        format!(
            "this is {} (Portable Pinochle Notation, not Portable Preferans Notation); kibitz does not audit it yet",
            notation.game()
        ),
    );
    f.game = Some(notation.game());
    summary.count(&f);
    emit(&f);
    let bytes = io::copy(&mut input, &mut io::sink())?;
    summary.bytes += bytes;
    Ok(())
}
