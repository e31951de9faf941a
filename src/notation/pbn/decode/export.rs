//! The export format (PBN 2.1 §2.1): what a file that declares `% EXPORT`
//! keeps beyond the import format's syntax, checked once the record is
//! decoded. Warnings, each kind at most once per record:
//! - `pbn.export`, the layout: each tag pair alone at the start of its line,
//!   at most four calls or cards a line, the first of a section at the start
//!   of a new line, one space between a line's elements, NAGs instead of
//!   suffixes, a note reference before the NAGs and NAGs in increasing order
//!   (PBN 3.3, 3.5, 3.6; tabs and the blank line between games are the
//!   reader's);
//! - `pbn.export.tags`: the 15 tags of the mandatory tag set, and the tags in
//!   export order (PBN 3.1, 3.4);
//! - `pbn.export.values`: the values export format prescribes (PBN 3.4.10,
//!   3.4.11, 3.4.14, 3.5, 3.6, 3.11).
//!
//! The record's tags are walked once ([`Walk`]): half the records of the
//! real corpus are in export files, and a walk per check cost more than the
//! checks (the read + decode bench: 4.1 ms of 29.5 ms a pass for all of them).
//!
//! Not checked: the CRLF line end of PBN 2.3 (file transfers change line ends
//! on the way; a reader cannot tell who wrote which).

use std::cmp::Ordering;

use crate::bridge::{Board, DeclarerTag};
use crate::notation::pbn::tag::{ALL, KNOWN_TAGS};
use crate::pbn::rules;
use crate::pbn::{Inherit, RawRecord, RawTag, RawToken, Span, TagKind, TokenKind};
use crate::text::decode_short;
use crate::{Pos, Seat};

use super::Sink;
use super::sections;

/// What the export layout check needs, gathered while the sections are decoded.
#[derive(Default)]
pub(super) struct Layout {
    /// Whether an Auction tag, a Play tag was seen.
    pub(super) seen: [bool; 2],
    /// For the first Auction and Play tag, when its section was decoded: the
    /// fifth call or card on a line, if any ([`sections::fifth_on_a_line`]).
    pub(super) fifth: [Option<Option<Pos>>; 2],
}

/// The checks of the export format on a record of a file that declares
/// `% EXPORT`; `layout` holds what the decoding found. A section not decoded
/// (its tag's value is `?`) is looked at here.
pub(super) fn check(rec: &RawRecord, board: &Board, layout: &Layout, sink: &mut Sink) {
    let w = Walk::run(rec, board);
    if let Some(pos) = w.tag_at {
        sink.add(
            rules::EXPORT,
            pos,
            "in export format each tag pair stands alone at the start of its line (PBN 3.3)".into(),
        );
    }
    for (i, kind, message) in [
        (
            0,
            TagKind::Auction,
            "in export format a line holds at most four calls (PBN 3.5, 3.6)",
        ),
        (
            1,
            TagKind::Play,
            "in export format a line holds at most four cards (PBN 3.5, 3.6)",
        ),
    ] {
        let fifth = match layout.fifth[i] {
            Some(fifth) => fifth,
            None => match rec.find_kind(kind) {
                Some(tag) => sections::fifth_on_a_line(rec.section(tag), 0),
                None => None,
            },
        };
        if let Some(pos) = fifth {
            sink.add(rules::EXPORT, pos, message.into());
        }
    }
    w.lines.report(rec, sink);
    tags(rec, &w, sink);
    values(rec, board, &w, sink);
}

/// What one walk over a record's tags finds.
struct Walk<'r> {
    /// The first tag that does not stand alone at the start of its line.
    tag_at: Option<Pos>,
    /// The mandatory tags given: bits of [`MTS`].
    given: u16,
    /// The first tag out of export order, and the tag it comes after.
    out_of_order: Option<(&'r RawTag, &'r RawTag)>,
    /// The first written value not in its export form.
    value: Option<(&'r RawTag, ValueFault)>,
    /// The auction and play lines.
    lines: Lines<'r>,
}

impl<'r> Walk<'r> {
    /// Walks the tags of `rec`, decoded into `board`. About a dozen
    /// instructions a tag: what a kind asks for is one lookup in [`PLACES`],
    /// and the tags' layout is looked at only where the reader did not read
    /// every tag line by itself ([`RawRecord::tags_alone`]).
    fn run(rec: &'r RawRecord, board: &Board) -> Walk<'r> {
        let scoring = rec.version.is_some_and(|(major, _)| major >= 2);
        let places = &PLACES[usize::from(scoring)];
        let dealer = board.dealer.map(|d| d.value);
        let mut given = 0u32;
        let mut out_of_order = None;
        let mut value = None;
        let mut lines = Lines::default();
        // The last tag placed in the export order, and its key.
        let mut last: Option<&RawTag> = None;
        let mut last_key = 0;
        for tag in &rec.tags {
            let place = places[tag.kind as usize];
            given |= place;
            if place & LOOK != 0 {
                look(rec, tag, board, dealer, &mut lines, &mut value);
            }
            // A tag carried over from `##` is not written here.
            if tag.inherit == Inherit::Sticky {
                continue;
            }
            let key = place as u16;
            if (key | last_key) & BY_NAME == BY_NAME || key < last_key {
                // A Note, a tag of no defined name, or out of order.
                let Some(key) = key_of(tag, key) else {
                    continue;
                };
                if let Some(prev) = last
                    && order(rec, (key, tag), (last_key, prev)) == Ordering::Less
                {
                    // The first is reported; the order starts again after it.
                    out_of_order = out_of_order.or(Some((tag, prev)));
                    (last, last_key) = (None, 0);
                    continue;
                }
                last_key = key;
            } else {
                last_key = key;
            }
            last = Some(tag);
        }
        Walk {
            tag_at: if rec.tags_alone {
                None
            } else {
                tag_layout(rec)
            },
            given: (given >> 16) as u16,
            out_of_order,
            value,
            lines,
        }
    }
}

/// What a tag of a kind marked [`LOOK`] asks for: its section's lines
/// (`lines`), its value's export form (the first fault in `value`).
#[inline(always)]
fn look<'r>(
    rec: &'r RawRecord,
    tag: &'r RawTag,
    board: &Board,
    dealer: Option<Seat>,
    lines: &mut Lines<'r>,
    value: &mut Option<(&'r RawTag, ValueFault)>,
) {
    let kind = tag.kind;
    if matches!(kind, TagKind::Auction | TagKind::Play) {
        lines.section(rec, tag, kind == TagKind::Auction);
    }
    // Inherited values were checked where they were written.
    if value.is_none()
        && tag.inherit == Inherit::Written
        && let Some(fault) = value_fault(rec.value(tag), kind, board, dealer)
    {
        *value = Some((tag, fault));
    }
}

/// The first tag that does not stand alone at the start of its line (PBN
/// 3.3), where the reader did not see it: its line's first column, and no
/// other tag written on its line.
#[cold]
fn tag_layout(rec: &RawRecord) -> Option<Pos> {
    // The line of the last tag written in the record (not inherited).
    let mut line = 0;
    rec.tags
        .iter()
        .filter(|tag| tag.inherit != Inherit::Sticky)
        .find(|tag| {
            let before = std::mem::replace(&mut line, tag.pos.line);
            tag.pos.col != 1 || tag.pos.line == before
        })
        .map(|tag| tag.pos)
}

/// The 15 tags of the mandatory tag set, in their export order (PBN 3.4):
/// the first kinds of [`TagKind`].
const MTS: &[TagKind] = ALL.split_at(15).0;

/// The bit of `kind` in a set of [`MTS`] (its place there), or 0.
const fn mts_bit(kind: TagKind) -> u16 {
    let i = kind as usize;
    if i < MTS.len() { 1 << i } else { 0 }
}

/// The mandatory tag set of the PBN version a record's file declares: PBN 2.0
/// added Scoring to the 14 tags of PBN 1.0, which a file declaring no version
/// (or an earlier one) is held to; its Scoring tag is one of the others.
fn mts(rec: &RawRecord) -> impl Iterator<Item = TagKind> + Clone {
    let with_scoring = rec.version.is_some_and(|(major, _)| major >= 2);
    MTS.iter()
        .copied()
        .filter(move |&k| with_scoring || k != TagKind::Scoring)
}

/// What the walk needs of each kind of tag (indexed by kind, [`TagKind::Other`]
/// last), without Scoring among the mandatory tags and with it: the kind's
/// place in the export order in the low 16 bits ([`order_keys`]), its bit of
/// [`MTS`] in the next 16, and [`LOOK`].
static PLACES: [[u32; KNOWN_TAGS + 1]; 2] = [places(false), places(true)];

/// A kind whose section or value the walk looks at ([`look`]).
const LOOK: u32 = 1 << 31;

/// [`PLACES`] with Scoring among the mandatory tags (`scoring`) or not.
const fn places(scoring: bool) -> [u32; KNOWN_TAGS + 1] {
    let keys = order_keys(scoring);
    let mut t = [BY_NAME as u32; KNOWN_TAGS + 1];
    let mut i = 0;
    while i < KNOWN_TAGS {
        let kind = ALL[i];
        let look = match kind {
            TagKind::Auction
            | TagKind::Play
            | TagKind::Vulnerable
            | TagKind::Dealer
            | TagKind::Declarer
            | TagKind::Contract
            | TagKind::Deal
            | TagKind::Result => LOOK,
            _ => 0,
        };
        t[i] = keys[i] as u32 | (mts_bit(kind) as u32) << 16 | look;
        i += 1;
    }
    t
}

/// A tag's place in the export order (PBN 3.1, 3.4) as one number: its group
/// in the high byte (0 the mandatory tags, 1 the other tags of the
/// identification section, 2 the auction, 3 the play, 4 the supplemental
/// sections) and its place in the group in the low byte: a mandatory tag's
/// place in [`MTS`], else the rank of its name among PBN's names (the "others"
/// come in the order of their names). [`BY_NAME`] there for a tag whose name
/// PBN does not define, whose place is found by comparing names; [`NOTE_KEY`]
/// for a Note tag, which stands in the section it explains. Indexed by kind;
/// `scoring`: whether Scoring is one of the mandatory tags.
const fn order_keys(scoring: bool) -> [u16; KNOWN_TAGS] {
    let mut keys = [0; KNOWN_TAGS];
    let mut i = 0;
    while i < KNOWN_TAGS {
        let kind = ALL[i];
        keys[i] = match kind {
            TagKind::Note => NOTE_KEY,
            TagKind::Auction => 2 << 8,
            TagKind::Play => 3 << 8,
            TagKind::Scoring if !scoring => 1 << 8 | name_rank(i),
            _ if kind.is_table() => 4 << 8 | name_rank(i),
            _ if i < MTS.len() => i as u16,
            _ => 1 << 8 | name_rank(i),
        };
        i += 1;
    }
    keys
}

/// The low byte of an order key whose tag is placed by its name as written.
const BY_NAME: u16 = 0xff;
/// The order key of a Note tag, which has no place of its own.
const NOTE_KEY: u16 = u16::MAX;

/// How many of PBN's tag names sort before the name of `ALL[i]` (byte by byte).
const fn name_rank(i: usize) -> u16 {
    let name = match ALL[i].name() {
        Some(name) => name.as_bytes(),
        None => b"",
    };
    let mut rank = 0;
    let mut j = 0;
    while j < KNOWN_TAGS {
        let other = match ALL[j].name() {
            Some(other) => other.as_bytes(),
            None => b"",
        };
        // Whether `other` < `name`.
        let mut k = 0;
        while k < other.len() && k < name.len() && other[k] == name[k] {
            k += 1;
        }
        if k < name.len() && (k == other.len() || other[k] < name[k]) {
            rank += 1;
        }
        j += 1;
    }
    rank
}

/// The order key of `tag` whose kind's key is `key`: `None` for a Note tag; a
/// tag PBN does not define is among the supplemental sections when it has
/// section data, else among the other identification tags.
#[cold]
fn key_of(tag: &RawTag, key: u16) -> Option<u16> {
    match tag.kind {
        TagKind::Note => None,
        TagKind::Other if tag.tokens.is_empty() => Some(1 << 8 | BY_NAME),
        TagKind::Other => Some(4 << 8 | BY_NAME),
        _ => Some(key),
    }
}

/// How tag `a` compares with tag `b` in the export order, each with its key.
fn order(rec: &RawRecord, a: (u16, &RawTag), b: (u16, &RawTag)) -> Ordering {
    if (a.0 | b.0) & BY_NAME != BY_NAME {
        return a.0.cmp(&b.0);
    }
    // A tag of no defined name: the groups, then the names (in groups 1 and 4).
    let group = a.0 >> 8;
    group.cmp(&(b.0 >> 8)).then_with(|| {
        if matches!(group, 1 | 4) {
            rec.name(a.1).cmp(rec.name(b.1))
        } else {
            Ordering::Equal
        }
    })
}

/// The mandatory tags all given, and the tags written in export order.
fn tags(rec: &RawRecord, w: &Walk, sink: &mut Sink) {
    let scoring = rec.version.is_some_and(|(major, _)| major >= 2);
    let all = (1 << MTS.len()) - 1;
    let need = if scoring {
        all
    } else {
        all & !mts_bit(TagKind::Scoring)
    };
    if w.given & need != need {
        missing(rec, w.given, sink);
    }
    if let Some((tag, prev)) = w.out_of_order {
        sink.add(
            rules::EXPORT_TAGS,
            tag.pos,
            // Built, not formatted: files out of order repeat this in every record.
            [
                "in export format the tags come in order: the mandatory tags Event to \
                 Result, the other tags by name, Auction, Play, then the other sections \
                 by name (PBN 3.1, 3.4); ",
                &tag_name(rec, tag),
                " is written after ",
                &tag_name(rec, prev),
                ", which that order puts later",
                // A mandatory tag after Scoring, in a file held to PBN 1.0's
                // set: the order is Scoring's fault.
                if !scoring && prev.kind == TagKind::Scoring && mts_bit(tag.kind) != 0 {
                    " (in PBN 1.0, which this file is held to as it declares no later \
                     version, Scoring is not a mandatory tag: it comes after Result, with the \
                     other tags by name)"
                } else {
                    ""
                },
            ]
            .concat(),
        );
    }
}

/// Reports the mandatory tags not `given` (bits of [`MTS`]).
#[cold]
fn missing(rec: &RawRecord, given: u16, sink: &mut Sink) {
    let missing: Vec<&str> = mts(rec)
        .filter(|&k| given & mts_bit(k) == 0)
        .filter_map(TagKind::name)
        .collect();
    let at = rec.tags.first().map_or(rec.start, |t| t.pos);
    sink.add(
        rules::EXPORT_TAGS,
        at,
        format!(
            "in export format the {} tags of the mandatory tag set are given (`?` when \
             unknown, empty when not applicable; PBN 3.4); missing: {}",
            mts(rec).count(),
            missing.join(", ")
        ),
    );
}

/// A tag's name for a message: PBN's spelling of a defined one, else the
/// name as written, shortened.
fn tag_name<'a>(rec: &RawRecord, tag: &RawTag) -> std::borrow::Cow<'a, str> {
    match tag.kind.name() {
        Some(name) => name.into(),
        None => decode_short(rec.name(tag), 40).into(),
    }
}

/// The columns an auction or play token takes as written, when known.
fn written_len(tok: &RawToken) -> Option<u32> {
    let text = tok.text.end - tok.text.start;
    Some(match tok.kind {
        TokenKind::Word | TokenKind::Suffix => text,
        // `=n=` and `$n`: the text is the digits.
        TokenKind::Note => text + 2,
        TokenKind::Nag => text + 1,
        TokenKind::Star | TokenKind::Plus => 1,
        TokenKind::Irregularity => 2,
        TokenKind::Str | TokenKind::Element => return None,
    })
}

/// The auction and play lines in export layout: the section's first element
/// at the start of a new line, one space between the elements of a line, no
/// suffix, and each call's or card's note reference before its NAGs, the NAGs
/// in increasing order (PBN 3.5, 3.5.2, 3.6, 5.1); the calls and cards in
/// upper case (PBN 3.11).
#[derive(Default)]
struct Lines<'r> {
    /// The first breach of each kind, in the order reported.
    found: [Option<(Pos, &'static str)>; 4],
    /// The first call or card not in its upper-case form.
    lower: Option<&'r RawToken>,
}

impl<'r> Lines<'r> {
    /// Looks at the section of `tag`, an Auction (`auction`) or Play tag.
    fn section(&mut self, rec: &'r RawRecord, tag: &RawTag, auction: bool) {
        let found = &mut self.found;
        let tokens = rec.section(tag);
        let Some(first) = tokens.first() else {
            return;
        };
        if found[0].is_none() && (first.pos.col != 1 || first.pos.line == tag.pos.line) {
            found[0] = Some((
                first.pos,
                "in export format a section's first call or card starts a new line at its \
                 first column (PBN 3.5, 3.6)",
            ));
        }
        // Lines the reader read as calls or cards and blanks only: it noted
        // their spacing (`section_gap`), and they hold no annotation or comment.
        if !rec.plain_sections {
            annotated_lines(rec, tag, tokens, found);
        }
        if self.lower.is_none() {
            self.lower = lower_case(rec, tokens, auction);
        }
    }

    /// Reports what was found.
    fn report(&self, rec: &RawRecord, sink: &mut Sink) {
        let mut found = self.found;
        if rec.plain_sections
            && let Some(at) = rec.section_gap
        {
            found[1] = Some((at, SPACING));
        }
        for (pos, message) in found.into_iter().flatten() {
            sink.add(rules::EXPORT, pos, message.into());
        }
        if let Some(tok) = self.lower {
            sink.add(
                rules::EXPORT_VALUES,
                tok.pos,
                format!(
                    "in export format only upper-case suits, ranks and calls (and `Pass`) are \
                     written (PBN 3.11); `{}` is written",
                    decode_short(rec.text(tok.text), 20)
                ),
            );
        }
    }
}

/// The message of a gap between a line's elements that is not one space.
const SPACING: &str = "in export format the elements of a line are separated by a single space, \
                       and one space stands before a comment on their line (PBN 3.8, 5.1)";

/// The spacing and annotations of a section's tokens (`tokens`, of `tag`)
/// where the reader did not read every line as calls or cards and blanks.
#[cold]
fn annotated_lines(
    rec: &RawRecord,
    tag: &RawTag,
    tokens: &[RawToken],
    found: &mut [Option<(Pos, &'static str)>; 4],
) {
    // Comments are in the order read: the number of tokens read before
    // the next one after the section's start.
    let comments = &rec.comments;
    let mut c = comments.partition_point(|c| c.after_token < tag.tokens.start);
    let mut next_comment = comments.get(c).map_or(u32::MAX, |x| x.after_token);
    // The last NAG of the call or card being annotated.
    let mut nag: Option<u32> = None;
    // The line of the last element and the column after it (no line
    // when its written length is not known).
    let (mut end_line, mut end_col) = (u64::MAX, 0);
    for (g, tok) in (tag.tokens.start..).zip(tokens) {
        let mut at = tok.pos;
        if g >= next_comment {
            (at, c, next_comment) = comment_at(rec, c, g, at);
        }
        // A suffix follows its call or card at once (PBN 3.5.3, 3.6.3): no gap.
        let attached = tok.kind == TokenKind::Suffix && at.col == end_col;
        if at.line == end_line && at.col != end_col + 1 && !attached && found[1].is_none() {
            found[1] = Some((at, SPACING));
        }
        let len = tok.text.end - tok.text.start;
        if tok.kind == TokenKind::Word {
            (end_line, end_col) = (tok.pos.line, tok.pos.col + len);
            nag = None;
            continue;
        }
        match written_len(tok) {
            Some(len) => (end_line, end_col) = (tok.pos.line, tok.pos.col + len),
            None => end_line = u64::MAX,
        }
        annotation(rec, tok, &mut nag, found);
    }
}

/// The first call or card of a section (`tokens`) not in upper case (PBN
/// 3.11). A section's calls or cards lie in one stretch of the record's text;
/// looked at token by token only when it has lower-case letters beyond the
/// three of each `Pass` written so (in an auction): a count of the letters
/// and of those `Pass`es says exactly whether any other has one.
fn lower_case<'a>(rec: &RawRecord, tokens: &'a [RawToken], auction: bool) -> Option<&'a RawToken> {
    let (first, last) = (tokens.first()?, tokens.last()?);
    let stretch = rec.text(Span {
        start: first.text.start.min(last.text.start),
        end: last.text.end.max(first.text.end),
    });
    let lower = count_lower(stretch);
    let pass = |tok: &RawToken| rec.text(tok.text) == b"Pass";
    if lower == 0 || auction && lower == 3 * tokens.iter().filter(|t| pass(t)).count() {
        return None;
    }
    first_lower(rec, tokens, auction)
}

/// The first call or card of `tokens` with a lower-case letter, `Pass` as
/// PBN writes it aside. A token that is no call or card in any case has its
/// own finding (`pbn.auction.call`, `pbn.play.card`): its case is not the
/// fault. Out of line: rare, and the common path stays small.
#[cold]
#[inline(never)]
fn first_lower<'a>(rec: &RawRecord, tokens: &'a [RawToken], auction: bool) -> Option<&'a RawToken> {
    let known = |t: &[u8]| match auction {
        true => crate::Call::from_ascii(t).is_some() || t.eq_ignore_ascii_case(b"AP"),
        false => crate::Card::from_ascii(t).is_some(),
    };
    tokens.iter().find(|tok| {
        let t = rec.text(tok.text);
        tok.kind == TokenKind::Word
            && !(auction && t == b"Pass")
            && t.iter().any(u8::is_ascii_lowercase)
            && known(t)
    })
}

/// Where the element read after `g` tokens starts for the spacing check: at
/// the comment before it, if one was read just before it (one space stands
/// before a comment, PBN 3.8; after it, the element starts where it may), else
/// at `at`. Also the comments' cursor moved to `g`, and the number of tokens
/// read before the next comment after it.
#[cold]
fn comment_at(rec: &RawRecord, mut c: usize, g: u32, at: Pos) -> (Pos, usize, u32) {
    let comments = &rec.comments;
    while comments.get(c).is_some_and(|x| x.after_token < g) {
        c += 1;
    }
    let at = comments
        .get(c)
        .filter(|x| x.after_token == g)
        .map_or(at, |x| x.pos);
    let mut k = c;
    while comments.get(k).is_some_and(|x| x.after_token <= g) {
        k += 1;
    }
    (at, c, comments.get(k).map_or(u32::MAX, |x| x.after_token))
}

/// The export rules of a token that is no call or card: no suffix (its NAG
/// instead), a note reference before the NAGs, NAGs in increasing order
/// (PBN 3.5.2, 3.6.2). `nag` is the last NAG of the call or card annotated.
#[cold]
fn annotation(
    rec: &RawRecord,
    tok: &RawToken,
    nag: &mut Option<u32>,
    found: &mut [Option<(Pos, &'static str)>; 4],
) {
    match tok.kind {
        TokenKind::Suffix if found[2].is_none() => {
            found[2] = Some((
                tok.pos,
                "in export format a suffix is written as its NAG ($1 to $6 for calls, $7 \
                 to $12 for cards; PBN 3.5.2, 3.6.2)",
            ));
        }
        TokenKind::Nag => {
            let n = std::str::from_utf8(rec.text(tok.text))
                .ok()
                .and_then(|t| t.parse::<u32>().ok());
            if found[3].is_none() && nag.zip(n).is_some_and(|(before, n)| n < before) {
                found[3] = Some((
                    tok.pos,
                    "in export format a call's or card's NAGs come in increasing order \
                     (PBN 3.5.2, 3.6.2)",
                ));
            }
            *nag = n.or(*nag);
        }
        TokenKind::Note if found[3].is_none() && nag.is_some() => {
            found[3] = Some((
                tok.pos,
                "in export format the note reference comes before the NAGs (PBN 3.5.2, \
                 3.6.2)",
            ));
        }
        TokenKind::Suffix | TokenKind::Note => {}
        _ => *nag = None,
    }
}

/// The bytes `a` to `z` in `text`, counted eight at a time (a byte below
/// 0x80 is lower case when adding 0x80 - 0x61 carries into its high bit and
/// adding 0x80 - 0x7B does not), then one at a time. The eight lanes count on
/// their own and are summed at the end (or every 255 words, before a lane could
/// overflow): without a population count instruction in the baseline x86-64,
/// `count_ones` on each word took about twelve instructions.
fn count_lower(text: &[u8]) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = LOW * 0x80;
    /// The sum of a word's eight byte lanes.
    fn lanes(w: u64) -> usize {
        const PAIRS: u64 = 0x00ff_00ff_00ff_00ff;
        let pairs = (w & PAIRS) + (w >> 8 & PAIRS);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    }
    let mut chunks = text.chunks_exact(8);
    let (mut n, mut lanes_n, mut words) = (0, 0u64, 0);
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let x = w & !HIGH;
        let ge_a = x + LOW * (0x80 - 0x61);
        let gt_z = x + LOW * (0x80 - 0x7b);
        lanes_n += (ge_a & !gt_z & !w & HIGH) >> 7;
        words += 1;
        if words == 255 {
            (n, lanes_n, words) = (n + lanes(lanes_n), 0, 0);
        }
    }
    n + lanes(lanes_n)
        + chunks
            .remainder()
            .iter()
            .filter(|b| b.is_ascii_lowercase())
            .count()
}

/// A Deal's bytes for [`deal_fault`]: each rank's place in a hand, A first (1
/// to 13); `LOWER` for `a` to `z`; 0 for other bytes (the dots, the spaces,
/// `-`).
static DEAL_BYTE: [u8; 256] = {
    let mut t = [0; 256];
    let ranks = b"AKQJT98765432";
    let mut i = 0;
    while i < ranks.len() {
        t[ranks[i] as usize] = i as u8 + 1;
        i += 1;
    }
    let mut b = b'a';
    while b <= b'z' {
        t[b as usize] = LOWER;
        b += 1;
    }
    t
};
/// [`DEAL_BYTE`] of a lower-case letter.
const LOWER: u8 = 0x80;

/// A written value not in its export form (PBN 3.4.10, 3.4.11, 3.4.14, 3.11).
#[derive(Clone, Copy)]
enum ValueFault {
    /// Vulnerable is not None, NS, EW or All.
    Vulnerable,
    /// A seat, call or card in lower case.
    Lower,
    /// A Deal with lower-case letters.
    DealLower,
    /// A Deal's ranks not in descending order.
    DealOrder,
    /// A Deal that starts with another hand than the dealer's: that one, the dealer.
    DealFirst(Seat, Seat),
    /// A Result that is not declarer's tricks.
    Result,
}

/// What is wrong with the value `raw` of a tag of `kind` in export format,
/// if anything; `board` is the decoded record, `dealer` its dealer.
#[inline]
fn value_fault(
    raw: &[u8],
    kind: TagKind,
    board: &Board,
    dealer: Option<Seat>,
) -> Option<ValueFault> {
    let lower = || raw.iter().any(u8::is_ascii_lowercase);
    match kind {
        TagKind::Vulnerable
            if board.vulnerability.is_some()
                && !matches!(raw, b"None" | b"NS" | b"EW" | b"All") =>
        {
            Some(ValueFault::Vulnerable)
        }
        // `Pass` is a passed-out Contract's value (PBN 3.4.13).
        TagKind::Dealer
        | TagKind::Declarer
        | TagKind::Contract
        | TagKind::Auction
        | TagKind::Play
            if lower() && raw != b"Pass" =>
        {
            Some(ValueFault::Lower)
        }
        TagKind::Deal if board.deal.is_some() => deal_fault(raw, dealer),
        TagKind::Result if raw.windows(2).any(|w| w == b"NS" || w == b"EW") => {
            Some(ValueFault::Result)
        }
        _ => None,
    }
}

/// What is wrong with a Deal value (one the decoder read) in export format:
/// lower-case letters, a suit's ranks not in descending order (PBN 3.4.11), a
/// first hand not the dealer's. One look at each byte.
fn deal_fault(raw: &[u8], dealer: Option<Seat>) -> Option<ValueFault> {
    let (head, hands) = raw.split_at(raw.len().min(2));
    // The place of the last rank in the suit being read (0 at a suit's start,
    // which the dot, the space or the `-` before it gives); whether a rank
    // came at or above it; the bytes' places or-ed, which holds `LOWER` if any
    // byte is a lower-case letter.
    let (mut last, mut unordered, mut all) = (0u8, false, 0u8);
    for &b in hands {
        let r = DEAL_BYTE[b as usize];
        // `r - 1 < last` for a rank (`r >= 1`) at or above the last one; a
        // byte of place 0 wraps to 255 and starts the next suit.
        unordered |= r.wrapping_sub(1) < last;
        all |= r;
        last = r;
    }
    if all & LOWER != 0 || head.iter().any(u8::is_ascii_lowercase) {
        return Some(ValueFault::DealLower);
    }
    if unordered {
        return Some(ValueFault::DealOrder);
    }
    let first = raw.first().and_then(|&c| Seat::from_char(c as char));
    match (first, dealer) {
        (Some(first), Some(d)) if first != d => Some(ValueFault::DealFirst(first, d)),
        _ => None,
    }
}

/// The values export format prescribes: None and All for no and both sides
/// vulnerable, upper-case seats, suits and ranks, a Deal's ranks in
/// descending order from the dealer's hand, a Result as declarer's tricks
/// (the first such value, found by [`Walk`]); an auction from the dealer, a
/// play from declarer's left-hand opponent.
fn values(rec: &RawRecord, board: &Board, w: &Walk, sink: &mut Sink) {
    let dealer = board.dealer.map(|d| d.value);
    // Each message starts "in export format".
    let mut report = |tag: &RawTag, message: String| {
        sink.add(rules::EXPORT_VALUES, tag.value_pos, message);
    };
    if let Some((tag, fault)) = w.value {
        return report(tag, value_message(rec, tag, fault));
    }
    if let (Some(auction), Some(d)) = (&board.auction, dealer)
        && let Some(first) = auction.first
        && first != d
        && let Some(tag) = rec.find_kind(TagKind::Auction)
    {
        return report(
            tag,
            format!(
                "in export format the auction starts with the dealer (PBN 3.5); it starts with {first}, the dealer is {d}"
            ),
        );
    }
    let declarer = match board.declarer.map(|d| d.value) {
        Some(DeclarerTag::Seat {
            seat,
            swapped: false,
        }) => Some(seat),
        _ => None,
    };
    if let (Some(play), Some(declarer)) = (&board.play, declarer)
        && let Some(first) = play.first
        && first != declarer.lho()
        && let Some(tag) = rec.find_kind(TagKind::Play)
    {
        report(
            tag,
            format!(
                "in export format the play starts with the opening leader, declarer's left-hand opponent \
                 (PBN 3.6); it starts with {first}, declarer is {declarer}"
            ),
        );
    }
}

/// The message of a value's fault ([`value_fault`]).
#[cold]
fn value_message(rec: &RawRecord, tag: &RawTag, fault: ValueFault) -> String {
    let shown = || decode_short(rec.value(tag), 40);
    match fault {
        ValueFault::Vulnerable => format!(
            "in export format Vulnerable is None, NS, EW or All (PBN 3.4.10); `{}` is written",
            shown()
        ),
        ValueFault::Lower => format!(
            "in export format only upper-case seats, suits and ranks are written (PBN 3.11); \
             {} is `{}`",
            tag.kind.name().unwrap_or_default(),
            shown()
        ),
        ValueFault::DealLower => "in export format only upper-case seats, suits and ranks are \
                                  written (PBN 3.11); the Deal has lower-case letters"
            .into(),
        ValueFault::DealOrder => {
            "in export format a Deal gives each suit's ranks in descending order (PBN 3.4.11)"
                .into()
        }
        ValueFault::DealFirst(first, d) => [
            "in export format a Deal starts with the dealer's hand (PBN 3.4.11); it starts \
             with ",
            first.name(),
            "'s, the dealer is ",
            d.name(),
        ]
        .concat(),
        ValueFault::Result => format!(
            "in export format Result is the number of tricks won by declarer (PBN 3.4.14); `{}` \
             is written",
            shown()
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::Finding;
    use crate::bridge::Board;
    use crate::pbn::{RawRecord, Reader};

    /// A record in export format, as PBN 2.1's example game (§1.2) with its
    /// layout: every export check passes on it.
    const GAME: &str = "% PBN 2.1\n% EXPORT\n[Event \"Cup\"]\n[Site \"Home\"]\n[Date \"1995.06.10\"]\n\
        [Board \"1\"]\n[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n\
        [Vulnerable \"None\"]\n\
        [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
        [Scoring \"IMP\"]\n[Declarer \"S\"]\n[Contract \"5HX\"]\n[Result \"9\"]\n[Room \"Open\"]\n\
        [Auction \"N\"]\n1D 1S 3H =1= 4S\n4NT =2= $3 $25 X Pass Pass\n5C X 5H X\nPass Pass Pass\n\
        [Note \"1:non-forcing\"]\n[Note \"2:two colours\"]\n[Play \"W\"]\nSK {the lead} H3 S4 S3\n*\n\
        [OptimumResultTable \"Declarer;Denomination\\\\2R;Result\\\\2R\"]\nN NT 6\n";

    /// The export findings (`pbn.export*`) of the one record of `text`:
    /// rule, line, column, message.
    fn export_findings(text: &str) -> Vec<(&'static str, u64, u32, String)> {
        let mut rec = RawRecord::default();
        assert!(Reader::new(text.as_bytes()).read_record(&mut rec).unwrap());
        let mut out: Vec<Finding> = rec.findings.clone();
        super::super::decode(&rec, &mut Board::default(), &mut out);
        out.into_iter()
            .filter(|f| f.rule.starts_with("pbn.export"))
            .map(|f| (f.rule, f.pos.line, f.pos.col, f.message))
            .collect()
    }

    /// `GAME` with `from` replaced by `to` (which must be there).
    fn with(from: &str, to: &str) -> String {
        assert!(GAME.contains(from), "{from}");
        GAME.replacen(from, to, 1)
    }

    #[test]
    fn count_lower_agrees_with_the_byte_by_byte_count() {
        // Every byte at every place of a word and of the remainder after it.
        for b in 0..=255u8 {
            for at in 0..11 {
                let mut text = *b"ABCDEFGHIJK";
                text[at] = b;
                assert_eq!(
                    super::count_lower(&text),
                    usize::from(b.is_ascii_lowercase()),
                    "byte {b:#04x} at {at}"
                );
                let mut twice = text;
                twice[(at + 5) % 11] = b;
                let want = twice.iter().filter(|c| c.is_ascii_lowercase()).count();
                assert_eq!(super::count_lower(&twice), want, "byte {b:#04x} at {at}");
            }
        }
        // Long texts, every byte lower case or a mixture: past the 255 words
        // after which the lanes are summed, and past 255 in every lane.
        let mut rng = crate::xorshift::Xorshift(7);
        for len in [2040, 2041, 2047, 4100, 9000] {
            let all = vec![b'q'; len];
            assert_eq!(super::count_lower(&all), len);
            let mixed: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let want = mixed.iter().filter(|c| c.is_ascii_lowercase()).count();
            assert_eq!(super::count_lower(&mixed), want, "{len}");
        }
    }

    #[test]
    fn order_keys_sort_as_the_groups_and_names_do() {
        // The export order spelled out (PBN 3.1, 3.4): each kind's group, then
        // within the groups of "others" the names, compared as strings.
        use crate::notation::pbn::tag::ALL;
        use crate::pbn::TagKind;
        let group = |k: TagKind, scoring: bool| match k {
            TagKind::Auction => 2,
            TagKind::Play => 3,
            TagKind::Scoring => u8::from(!scoring),
            k if k.is_table() => 4,
            k if (k as usize) < 15 => 0,
            _ => 1,
        };
        for scoring in [false, true] {
            let keys = super::order_keys(scoring);
            for &a in ALL.iter().filter(|&&k| k != TagKind::Note) {
                for &b in ALL.iter().filter(|&&k| k != TagKind::Note) {
                    let (ga, gb) = (group(a, scoring), group(b, scoring));
                    let want = ga.cmp(&gb).then_with(|| match ga {
                        0 => (a as usize).cmp(&(b as usize)),
                        1 | 4 => a.name().cmp(&b.name()),
                        _ => std::cmp::Ordering::Equal,
                    });
                    assert_eq!(
                        keys[a as usize].cmp(&keys[b as usize]),
                        want,
                        "{a:?} {b:?} {scoring}"
                    );
                }
            }
            assert_eq!(keys[TagKind::Note as usize], super::NOTE_KEY);
        }
    }

    #[test]
    fn a_tag_not_alone_on_its_line_is_found_by_every_path() {
        // The fast path for tag lines reads every tag of `GAME` but its table
        // (whose value has backslashes) alone on its line: the reader says so,
        // and the check does not look again.
        let table = &GAME[GAME.find("[OptimumResultTable").unwrap()..];
        for (text, alone) in [(GAME.replace(table, ""), true), (GAME.into(), false)] {
            let mut rec = RawRecord::default();
            assert!(Reader::new(text.as_bytes()).read_record(&mut rec).unwrap());
            assert_eq!(rec.tags_alone, alone);
            assert_eq!(export_findings(&text), []);
        }
        // A tag after another on its line, a tag not at its line's start, a
        // tag whose line the fast path does not take (a tab in the value, a
        // comment after it): found, or rightly not, by the walk over the tags.
        for (from, to, want) in [
            ("[Site \"Home\"]\n", "[Site \"Home\"] ", Some((4, 15))),
            ("[Site \"Home\"]\n", "[Site \"Home\"]\n ", Some((5, 2))),
            ("[Site \"Home\"]", "[Site \"Ho\\\"me\"]", None),
            ("[Site \"Home\"]", "[Site \"Home\"] {at home}", None),
        ] {
            let text = with(from, to);
            let mut rec = RawRecord::default();
            assert!(Reader::new(text.as_bytes()).read_record(&mut rec).unwrap());
            assert!(!rec.tags_alone, "{to}");
            let f: Vec<_> = export_findings(&text)
                .into_iter()
                .filter(|f| f.3.contains("stands alone"))
                .map(|f| (f.1, f.2))
                .collect();
            assert_eq!(f, want.into_iter().collect::<Vec<_>>(), "{to}");
        }
    }

    #[test]
    fn lower_case_calls_are_found_whatever_the_passes_spell() {
        // Two passes in capitals and six lower-case letters elsewhere: as many
        // as the three of each `Pass` those two passes would have, so that a
        // count of the letters against the passes read would see nothing.
        let text = with(
            "Pass Pass Pass\n",
            "PASS PASS 1c 1d\n1h 1s xx Pass\nPass Pass\n",
        );
        let f: Vec<_> = export_findings(&text)
            .into_iter()
            .filter(|f| f.0 == "pbn.export.values" && f.3.contains("upper-case"))
            .collect();
        assert_eq!(f.len(), 1, "{f:#?}");
        assert!(f[0].3.ends_with("`1c` is written"), "{}", f[0].3);
        // `Pass` as PBN writes it has three lower-case letters, and is upper case.
        assert_eq!(export_findings(GAME), []);
        // A word that is no call in any case (`or`, a note's text put in the
        // auction) has its own finding, not this one; `1c` after it has.
        let text = with("Pass Pass Pass\n", "or 1C Pass Pass\nPass\n");
        let f: Vec<_> = export_findings(&text)
            .into_iter()
            .filter(|f| f.0 == "pbn.export.values")
            .collect();
        assert_eq!(f, [], "{f:#?}");
        let text = with("Pass Pass Pass\n", "or 1c Pass Pass\nPass\n");
        let f: Vec<_> = export_findings(&text)
            .into_iter()
            .filter(|f| f.0 == "pbn.export.values")
            .collect();
        assert_eq!(f.len(), 1, "{f:#?}");
        assert!(f[0].3.ends_with("`1c` is written"), "{}", f[0].3);
    }

    #[test]
    fn the_example_game_keeps_every_export_rule() {
        assert_eq!(export_findings(GAME), []);
        // Without `% EXPORT` nothing of this is checked.
        let import = with("% EXPORT\n", "").replace("Love", "None");
        assert_eq!(export_findings(&import.replace("5C X", "5C  X")), []);
    }

    #[test]
    fn layout_single_spaces_suffixes_and_annotation_order() {
        // Columns counted by hand: line 21 is `4NT =2= $3 $25 X Pass Pass`.
        let f = export_findings(&with("4NT =2= $3 $25 X", "4NT =2= $3 $25  X"));
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!((f[0].0, f[0].1, f[0].2), ("pbn.export", 21, 17));
        assert!(f[0].3.contains("single space"), "{}", f[0].3);
        // The NAGs before the note reference, then out of order.
        let f = export_findings(&with("4NT =2= $3 $25", "4NT $3 =2= $25"));
        assert_eq!((f[0].1, f[0].2), (21, 8), "{f:#?}");
        assert!(f[0].3.contains("note reference comes before"), "{}", f[0].3);
        let f = export_findings(&with("4NT =2= $3 $25", "4NT =2= $25 $3"));
        assert_eq!((f[0].1, f[0].2), (21, 13), "{f:#?}");
        assert!(f[0].3.contains("increasing order"), "{}", f[0].3);
        // A suffix instead of its NAG; attached to its call, as PBN writes
        // a suffix, it is no gap.
        let f = export_findings(&with("4NT =2= $3 $25", "4NT =2= ! $25"));
        assert_eq!((f[0].1, f[0].2), (21, 9), "{f:#?}");
        assert!(f[0].3.contains("suffix"), "{}", f[0].3);
        let f = export_findings(&with("4NT =2= $3 $25", "4NT! =2="));
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!((f[0].1, f[0].2), (21, 4), "{f:#?}");
        assert!(f[0].3.contains("suffix"), "{}", f[0].3);
        // A comment on the line: one space before it, none required after.
        assert_eq!(export_findings(&with("{the lead} H3", "{the lead}H3")), []);
        let f = export_findings(&with("SK {the lead}", "SK  {the lead}"));
        assert_eq!((f[0].1, f[0].2), (27, 5), "{f:#?}");
        // The first call on the Auction tag's line, and not in column 1.
        let f = export_findings(&with("[Auction \"N\"]\n1D", "[Auction \"N\"]\n 1D"));
        assert_eq!((f[0].1, f[0].2), (20, 2), "{f:#?}");
        assert!(f[0].3.contains("starts a new line"), "{}", f[0].3);
        // A blank line of spaces between games (the reader's check).
        let two = format!("{GAME}  \n{}", &GAME[GAME.find("[Event").unwrap()..]);
        let f = export_findings(&two);
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!((f[0].1, f[0].2), (31, 1));
        assert!(f[0].3.contains("empty line"), "{}", f[0].3);
    }

    #[test]
    fn spacing_of_plain_section_lines_is_noted_by_the_reader() {
        // Without annotations and comments every section line is read as
        // calls or cards and blanks only, whose gaps the reader notes.
        let plain = with(
            "1D 1S 3H =1= 4S\n4NT =2= $3 $25 X Pass Pass",
            "1D 1S 3H 4S\n4NT X Pass Pass",
        )
        .replace("[Note \"1:non-forcing\"]\n[Note \"2:two colours\"]\n", "")
        .replace("SK {the lead} H3", "SK H3");
        for (text, want) in [
            (plain.clone(), None),
            // Line 22 `5C X 5H X`: two spaces before the X at column 5, or
            // a tab before the 5H at column 6; line 25, the play's first:
            // three spaces before the S3 at column 12.
            (plain.replace("5C X 5H X", "5C  X 5H X"), Some((22, 5))),
            (plain.replace("5C X 5H X", "5C X\t5H X"), Some((22, 6))),
            (
                plain.replace("SK H3 S4 S3", "SK H3 S4   S3"),
                Some((25, 12)),
            ),
        ] {
            for trickle in [false, true] {
                let mut rec = RawRecord::default();
                let read = if trickle {
                    // One byte a read: no line is whole in the line reader's
                    // buffer, so the reader's other paths read the section lines.
                    Reader::new(crate::lines::tests::Trickle(text.as_bytes(), 1))
                        .read_record(&mut rec)
                } else {
                    Reader::new(text.as_bytes()).read_record(&mut rec)
                };
                assert!(read.unwrap());
                assert!(rec.plain_sections, "{trickle} {text}");
                let mut out = rec.findings.clone();
                super::super::decode(&rec, &mut Board::default(), &mut out);
                let spacing: Vec<_> = out
                    .iter()
                    .filter(|f| f.message.contains("single space"))
                    .map(|f| (f.pos.line, f.pos.col))
                    .collect();
                assert_eq!(spacing, want.into_iter().collect::<Vec<_>>(), "{trickle}");
            }
        }
        // An annotated line: the decoder looks at every token itself.
        let mut rec = RawRecord::default();
        assert!(Reader::new(GAME.as_bytes()).read_record(&mut rec).unwrap());
        assert!(!rec.plain_sections);
    }

    #[test]
    fn mandatory_tags_by_version_and_export_order() {
        let f = export_findings(&with("[Site \"Home\"]\n", ""));
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!(f[0].0, "pbn.export.tags");
        assert!(f[0].3.ends_with("the 15 tags of the mandatory tag set are given (`?` when unknown, empty when not applicable; PBN 3.4); missing: Site"), "{}", f[0].3);
        // PBN 1.0's set has no Scoring: a file declaring no later version may
        // leave it out, or write it among the other tags by name.
        let v1 = with("% PBN 2.1\n", "");
        assert_eq!(export_findings(&v1.replace("[Scoring \"IMP\"]\n", "")), []);
        let late = v1
            .replace("[Scoring \"IMP\"]\n", "")
            .replace("[Room \"Open\"]\n", "[Room \"Open\"]\n[Scoring \"IMP\"]\n");
        assert_eq!(export_findings(&late), []);
        // Scoring in PBN 2.0's place, before Declarer, is then out of order,
        // and the message says why (it once read as if the order were right).
        let f = export_findings(&v1);
        assert_eq!(f.len(), 1, "{f:#?}");
        assert!(
            f[0].3.ends_with(
                "Declarer is written after Scoring, which that order puts later (in PBN 1.0, \
                 which this file is held to as it declares no later version, Scoring is not a \
                 mandatory tag: it comes after Result, with the other tags by name)"
            ),
            "{}",
            f[0].3
        );
        // Under PBN 2.1 that Scoring tag is out of place.
        let f = export_findings(
            &with("[Scoring \"IMP\"]\n", "")
                .replace("[Room \"Open\"]\n", "[Room \"Open\"]\n[Scoring \"IMP\"]\n"),
        );
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!((f[0].0, f[0].1), ("pbn.export.tags", 18));
        assert!(
            f[0].3
                .ends_with("Scoring is written after Room, which that order puts later"),
            "{}",
            f[0].3
        );
        // Another tag before the mandatory ones end; a section before the auction.
        let f = export_findings(&with("[Board \"1\"]\n", "[Room \"Open\"]\n[Board \"1\"]\n"));
        assert!(
            f[0].3
                .ends_with("Board is written after Room, which that order puts later"),
            "{f:#?}"
        );
        let moved = with(
            "[OptimumResultTable",
            "[Play \"W\"]\n*\n[OptimumResultTable",
        );
        let f =
            export_findings(&moved.replacen("[Play \"W\"]\nSK {the lead} H3 S4 S3\n*\n", "", 1));
        assert!(f.is_empty(), "{f:#?}");
        let f = export_findings(
            &with("[Room \"Open\"]\n", "")
                .replace("[Auction", "[Room \"Open\"]\n[Auction")
                .replace(
                    "[Note \"2:two colours\"]\n",
                    "[Note \"2:two colours\"]\n[Generator \"x\"]\n",
                ),
        );
        assert_eq!(f.len(), 1, "{f:#?}");
        assert!(
            f[0].3
                .ends_with("Generator is written after Auction, which that order puts later"),
            "{}",
            f[0].3
        );
    }

    #[test]
    fn values_in_their_export_forms() {
        for (from, to, line, says) in [
            (
                "[Vulnerable \"None\"]",
                "[Vulnerable \"Love\"]",
                12,
                "`Love` is written",
            ),
            ("[Dealer \"N\"]", "[Dealer \"n\"]", 11, "Dealer is `n`"),
            ("A9732 A8654", "A9723 A8654", 13, "descending order"),
            (
                "[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]",
                "[Deal \"W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4\"]",
                13,
                "starts with West's, the dealer is North",
            ),
            (
                "[Result \"9\"]",
                "[Result \"NS 9 EW 4\"]",
                17,
                "`NS 9 EW 4` is written",
            ),
            (
                "[Play \"W\"]\nSK",
                "[Play \"W\"]\nsK",
                27,
                "`sK` is written",
            ),
            (
                "[Auction \"N\"]\n1D",
                "[Auction \"N\"]\n1d",
                20,
                "`1d` is written",
            ),
        ] {
            let f = export_findings(&with(from, to));
            assert_eq!(f.len(), 1, "{to}: {f:#?}");
            assert_eq!((f[0].0, f[0].1), ("pbn.export.values", line), "{to}");
            assert!(f[0].3.contains(says), "{to}: {}", f[0].3);
        }
        // A passed-out Contract is `Pass`, which is no lower-case seat.
        assert_eq!(
            export_findings(&with("[Contract \"5HX\"]", "[Contract \"Pass\"]"))
                .iter()
                .filter(|f| f.0 == "pbn.export.values")
                .count(),
            0
        );
        // The play from declarer's partner, not from the left-hand opponent.
        let f = export_findings(&with("[Play \"W\"]", "[Play \"N\"]"));
        assert!(
            f.iter()
                .any(|f| f.3.contains("it starts with North, declarer is South")),
            "{f:#?}"
        );
    }
}
