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
//! Not checked: the CRLF line end of PBN 2.3 (file transfers change line ends
//! on the way; a reader cannot tell who wrote which).

use std::cmp::Ordering;

use crate::Pos;
use crate::bridge::{Board, DeclarerTag};
use crate::notation::pbn::tag::ALL;
use crate::pbn::rules;
use crate::pbn::{Inherit, RawRecord, RawTag, RawToken, Span, TagKind, TokenKind};
use crate::text::decode_short;

use super::Sink;
use super::sections;

/// What the export layout check needs, gathered while the tags are decoded.
#[derive(Default)]
pub(super) struct Layout {
    /// The first tag that does not stand alone at the start of its line.
    tag: Option<Pos>,
    /// The line of the last tag written in the record (not inherited).
    line: u64,
    /// Whether an Auction tag, a Play tag was seen.
    pub(super) seen: [bool; 2],
    /// For the first Auction and Play tag, when its section was decoded: the
    /// fifth call or card on a line, if any ([`sections::fifth_on_a_line`]).
    pub(super) fifth: [Option<Option<Pos>>; 2],
}

impl Layout {
    /// Notes where `tag` breaks "each tag pair stands alone at the start of its line".
    #[inline]
    pub(super) fn tag(&mut self, tag: &RawTag) {
        if self.tag.is_none() && tag.inherit != Inherit::Sticky {
            let before = std::mem::replace(&mut self.line, tag.pos.line);
            if tag.pos.col != 1 || tag.pos.line == before {
                self.tag = Some(tag.pos);
            }
        }
    }
}

/// The checks of the export format on a record of a file that declares
/// `% EXPORT`; `layout` holds what the decoding found. A section not decoded
/// (its tag's value is `?`) is looked at here.
pub(super) fn check(rec: &RawRecord, board: &Board, layout: &Layout, sink: &mut Sink) {
    if let Some(pos) = layout.tag {
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
    section_lines(rec, board, sink);
    tags(rec, sink);
    values(rec, board, sink);
}

/// The 15 tags of the mandatory tag set, in their export order (PBN 3.4):
/// the first kinds of [`TagKind`].
const MTS: &[TagKind] = ALL.split_at(15).0;

/// The mandatory tag set of the PBN version a record's file declares: PBN 2.0
/// added Scoring to the 14 tags of PBN 1.0, which a file declaring no version
/// (or an earlier one) is held to; its Scoring tag is one of the others.
fn mts(rec: &RawRecord) -> impl Iterator<Item = TagKind> + Clone {
    let with_scoring = rec.version.is_some_and(|(major, _)| major >= 2);
    MTS.iter()
        .copied()
        .filter(move |&k| with_scoring || k != TagKind::Scoring)
}

/// The place of `kind` in [`MTS`]: the mandatory tags are the first kinds of
/// [`TagKind`], in their order.
fn mts_index(kind: TagKind) -> Option<usize> {
    let i = kind as usize;
    (i < MTS.len()).then_some(i)
}

/// A tag's place in the export order (PBN 3.1, 3.4): the mandatory tags in
/// their order, the other tags of the identification section, the auction,
/// the play, the supplemental sections; the tags of the two groups of
/// "others" come in the order of their names. `None` for a Note tag, which
/// stands in the section it explains. `scoring`: whether Scoring is one of
/// the mandatory tags.
fn group(tag: &RawTag, scoring: bool) -> Option<(u8, usize)> {
    Some(match tag.kind {
        TagKind::Note => return None,
        TagKind::Auction => (2, 0),
        TagKind::Play => (3, 0),
        TagKind::Scoring if !scoring => (1, 0),
        k if k.is_table() || (k == TagKind::Other && !tag.tokens.is_empty()) => (4, 0),
        k => match mts_index(k) {
            Some(i) => (0, i),
            None => (1, 0),
        },
    })
}

/// The mandatory tags all given, and the tags written in export order.
fn tags(rec: &RawRecord, sink: &mut Sink) {
    let scoring = rec.version.is_some_and(|(major, _)| major >= 2);
    // Bits of `MTS`.
    let mut given = 0u16;
    // The last tag placed in the order: its group and index, and the tag.
    let mut last: Option<((u8, usize), &RawTag)> = None;
    let mut out_of_order: Option<(&RawTag, &RawTag)> = None;
    for tag in &rec.tags {
        if let Some(i) = mts_index(tag.kind) {
            given |= 1 << i;
        }
        // A tag carried over from `##` is not written here.
        if tag.inherit == Inherit::Sticky || out_of_order.is_some() {
            continue;
        }
        let Some(key) = group(tag, scoring) else {
            continue;
        };
        if let Some((before, prev)) = last {
            let order = key.cmp(&before).then_with(|| {
                if matches!(key.0, 1 | 4) {
                    rec.name(tag).cmp(rec.name(prev))
                } else {
                    Ordering::Equal
                }
            });
            if order == Ordering::Less {
                out_of_order = Some((tag, prev));
                continue;
            }
        }
        last = Some((key, tag));
    }
    let missing = || mts(rec).filter(|&k| mts_index(k).is_some_and(|i| given & (1 << i) == 0));
    if missing().next().is_some() {
        let missing: Vec<&str> = missing().filter_map(TagKind::name).collect();
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
    if let Some((tag, prev)) = out_of_order {
        sink.add(
            rules::EXPORT_TAGS,
            tag.pos,
            // Built, not formatted: files out of order repeat this in every record.
            [
                "in export format the tags come in order: the mandatory tags Event to \
                 Result, the other tags by name, Auction, Play, then the other sections \
                 by name (PBN 3.1, 3.4); ",
                &tag_name(rec, tag),
                " comes after ",
                &tag_name(rec, prev),
            ]
            .concat(),
        );
    }
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
/// in increasing order (PBN 3.5, 3.5.2, 3.6, 5.1).
#[inline(never)]
fn section_lines(rec: &RawRecord, board: &Board, sink: &mut Sink) {
    let mut found = [None::<(Pos, &str)>; 4];
    // The passes of the decoded auction (its first section): `Pass` has three
    // lower-case letters.
    let passes = board.auction.as_ref().map_or(0, |a| {
        a.items
            .iter()
            .filter(|i| i.call == crate::bridge::AuctionCall::Call(crate::Call::Pass))
            .count()
    });
    // The first call or card not in its upper-case form (PBN 3.11).
    let mut lower: Option<&RawToken> = None;
    for tag in &rec.tags {
        let auction = match tag.kind {
            TagKind::Auction => true,
            TagKind::Play => false,
            _ => continue,
        };
        let tokens = rec.section(tag);
        let Some(first) = tokens.first() else {
            continue;
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
        if rec.plain_sections {
            lower = lower.or_else(|| lower_case(rec, tokens, auction, passes));
            continue;
        }
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
            if at.line == end_line && at.col != end_col + 1 && found[1].is_none() {
                found[1] = Some((
                    at,
                    "in export format the elements of a line are separated by a single \
                     space, and one space stands before a comment on their line (PBN \
                     3.8, 5.1)",
                ));
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
            annotation(rec, tok, &mut nag, &mut found);
        }
        lower = lower.or_else(|| lower_case(rec, tokens, auction, passes));
    }
    if rec.plain_sections
        && let Some(at) = rec.section_gap
    {
        found[1] = Some((
            at,
            "in export format the elements of a line are separated by a single space, and \
             one space stands before a comment on their line (PBN 3.8, 5.1)",
        ));
    }
    for (pos, message) in found.into_iter().flatten() {
        sink.add(rules::EXPORT, pos, message.into());
    }
    if let Some(tok) = lower {
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

/// The first call or card of a section (`tokens`) not in upper case (PBN
/// 3.11). A section's calls or cards lie in one stretch of the record's text;
/// looked at token by token only when it has more lower-case letters than the
/// three of each `Pass` the decoder read (`passes`, in an auction).
fn lower_case<'a>(
    rec: &RawRecord,
    tokens: &'a [RawToken],
    auction: bool,
    passes: usize,
) -> Option<&'a RawToken> {
    let (first, last) = (tokens.first()?, tokens.last()?);
    let stretch = rec.text(Span {
        start: first.text.start.min(last.text.start),
        end: last.text.end.max(first.text.end),
    });
    let expected = if auction { 3 * passes } else { 0 };
    if count_lower(stretch) == expected {
        return None;
    }
    tokens.iter().find(|tok| {
        let text = rec.text(tok.text);
        tok.kind == TokenKind::Word
            && !(auction && text == b"Pass")
            && text.iter().any(u8::is_ascii_lowercase)
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
    found: &mut [Option<(Pos, &str)>; 4],
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
/// adding 0x80 - 0x7B does not), then one at a time.
fn count_lower(text: &[u8]) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = LOW * 0x80;
    let mut chunks = text.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let x = w & !HIGH;
        let ge_a = x + LOW * (0x80 - 0x61);
        let gt_z = x + LOW * (0x80 - 0x7b);
        n += (ge_a & !gt_z & !w & HIGH).count_ones() as usize;
    }
    n + chunks
        .remainder()
        .iter()
        .filter(|b| b.is_ascii_lowercase())
        .count()
}

/// Each rank's place in a Deal's hand, A first (1 to 13); 0 for other bytes.
static RANK_ORDER: [u8; 256] = {
    let mut t = [0; 256];
    let ranks = b"AKQJT98765432";
    let mut i = 0;
    while i < ranks.len() {
        t[ranks[i] as usize] = i as u8 + 1;
        i += 1;
    }
    t
};

/// The first problem of a Deal value in export format (ranks in descending
/// order, PBN 3.4.11), if any: a value the decoder read at all.
fn deal_ranks(raw: &[u8]) -> bool {
    // The place of the last rank in the suit being read (0 at a suit's start).
    let mut last = 0;
    for &b in raw.get(2..).unwrap_or_default() {
        let r = RANK_ORDER[b as usize];
        if r == 0 {
            // A dot, a space or `-`: the next suit.
            last = 0;
        } else if r <= last {
            return false;
        } else {
            last = r;
        }
    }
    true
}

/// The values export format prescribes: None and All for no and both sides
/// vulnerable, upper-case seats, suits and ranks, a Deal's ranks in
/// descending order from the dealer's hand, an auction from the dealer, a
/// play from declarer's left-hand opponent, a Result as declarer's tricks.
fn values(rec: &RawRecord, board: &Board, sink: &mut Sink) {
    let dealer = board.dealer.map(|d| d.value);
    // Each message starts "in export format".
    let mut report = |tag: &RawTag, message: String| {
        sink.add(rules::EXPORT_VALUES, tag.value_pos, message);
    };
    for tag in &rec.tags {
        // Inherited values were checked where they were written.
        if tag.inherit != Inherit::Written {
            continue;
        }
        let raw = rec.value(tag);
        let shown = || decode_short(raw, 40);
        let lower = || raw.iter().any(u8::is_ascii_lowercase);
        match tag.kind {
            TagKind::Vulnerable
                if board.vulnerability.is_some()
                    && !matches!(raw, b"None" | b"NS" | b"EW" | b"All") =>
            {
                return report(
                    tag,
                    format!(
                        "in export format Vulnerable is None, NS, EW or All (PBN 3.4.10); `{}` is written",
                        shown()
                    ),
                );
            }
            // `Pass` is a passed-out Contract's value (PBN 3.4.13).
            TagKind::Dealer
            | TagKind::Declarer
            | TagKind::Contract
            | TagKind::Auction
            | TagKind::Play
                if lower() && raw != b"Pass" =>
            {
                return report(
                    tag,
                    format!(
                        "in export format only upper-case seats, suits and ranks are written (PBN 3.11); \
                         {} is `{}`",
                        tag.kind.name().unwrap_or_default(),
                        shown()
                    ),
                );
            }
            TagKind::Deal if board.deal.is_some() => {
                if lower() {
                    return report(
                        tag,
                        "in export format only upper-case seats, suits and ranks are written (PBN 3.11); \
                         the Deal has lower-case letters"
                            .into(),
                    );
                }
                if !deal_ranks(raw) {
                    return report(
                        tag,
                        "in export format a Deal gives each suit's ranks in descending order (PBN 3.4.11)".into(),
                    );
                }
                let first = raw.first().and_then(|&c| crate::Seat::from_char(c as char));
                if let (Some(first), Some(d)) = (first, dealer)
                    && first != d
                {
                    return report(
                        tag,
                        [
                            "in export format a Deal starts with the dealer's hand (PBN \
                             3.4.11); it starts with ",
                            first.name(),
                            "'s, the dealer is ",
                            d.name(),
                        ]
                        .concat(),
                    );
                }
            }
            TagKind::Result if raw.windows(2).any(|w| w == b"NS" || w == b"EW") => {
                return report(
                    tag,
                    format!(
                        "in export format Result is the number of tricks won by declarer (PBN 3.4.14); `{}` \
                         is written",
                        shown()
                    ),
                );
            }
            _ => {}
        }
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
        // A suffix instead of its NAG.
        let f = export_findings(&with("4NT =2= $3 $25", "4NT =2= ! $25"));
        assert_eq!((f[0].1, f[0].2), (21, 9), "{f:#?}");
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
        // Under PBN 2.1 that Scoring tag is out of place.
        let f = export_findings(
            &with("[Scoring \"IMP\"]\n", "")
                .replace("[Room \"Open\"]\n", "[Room \"Open\"]\n[Scoring \"IMP\"]\n"),
        );
        assert_eq!(f.len(), 1, "{f:#?}");
        assert_eq!((f[0].0, f[0].1), ("pbn.export.tags", 18));
        assert!(f[0].3.ends_with("Scoring comes after Room"), "{}", f[0].3);
        // Another tag before the mandatory ones end; a section before the auction.
        let f = export_findings(&with("[Board \"1\"]\n", "[Room \"Open\"]\n[Board \"1\"]\n"));
        assert!(f[0].3.ends_with("Board comes after Room"), "{f:#?}");
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
            f[0].3.ends_with("Generator comes after Auction"),
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
