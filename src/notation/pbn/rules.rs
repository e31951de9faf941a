//! The PBN decode rules: every finding the PBN reader and decoder can make.
//!
//! Each constant has an entry with the same id in `rules/pbn.toml`.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A tag pair that is not `[`, name, quoted string, `]`.
pub const TAG: Rule = Rule::new("pbn.syntax.tag", Violation);
/// A string token without its closing quote.
pub const STRING: Rule = Rule::new("pbn.syntax.string", Violation);
/// A character or token that is not allowed where it stands.
pub const TOKEN: Rule = Rule::new("pbn.syntax.token", Violation);
/// A `{` comment that is never closed.
pub const UNTERMINATED_COMMENT: Rule = Rule::new("pbn.syntax.comment", Violation);
/// A control character, or a tab inside a string.
pub const CHARACTER: Rule = Rule::new("pbn.syntax.character", Warning);
/// A line longer than PBN's 255 characters.
pub const LINE_LENGTH: Rule = Rule::new("pbn.syntax.line-length", Warning);
/// A line too long to read: its end was skipped.
pub const LINE_LIMIT: Rule = Rule::new("pbn.limit.line", Violation);
/// A record too large to keep: its end was skipped.
pub const RECORD_LIMIT: Rule = Rule::new("pbn.limit.record", Violation);
/// A record that begins without the blank line that must separate it.
pub const MISSING_BLANK_LINE: Rule = Rule::new("pbn.record.missing-blank-line", Notice);
/// A tag given twice in one record.
pub const DUPLICATE_TAG: Rule = Rule::new("pbn.tag.duplicate", Warning);
/// `#` or `##` on a tag that may not inherit.
pub const INHERITANCE: Rule = Rule::new("pbn.tag.inheritance", Warning);
/// Calls or cards in the record that are not audited (a repeated section tag
/// whose section is skipped).
pub const NOT_AUDITED: Rule = Rule::new("pbn.section.not-audited", Notice);
/// An Auction or Play tag with an empty value and no section data.
pub const EMPTY_SECTION: Rule = Rule::new("pbn.section.empty", Warning);
/// Section data after a tag that has none.
pub const UNEXPECTED_DATA: Rule = Rule::new("pbn.section.unexpected", Warning);
/// A breach of the export format in a file that declares `% EXPORT`.
pub const EXPORT: Rule = Rule::new("pbn.export", Warning);
/// A record of a `% EXPORT` file without the mandatory tag set, or with its
/// tags out of the export order.
pub const EXPORT_TAGS: Rule = Rule::new("pbn.export.tags", Warning);
/// A value of a `% EXPORT` file in a form only the import format allows.
pub const EXPORT_VALUES: Rule = Rule::new("pbn.export.values", Warning);
/// A malformed Deal tag.
pub const DEAL: Rule = Rule::new("pbn.tag.deal", Violation);
/// A game tag (Dealer, Vulnerable, Declarer, Contract, Result, Score...) whose value
/// is not in its defined form.
pub const VALUE: Rule = Rule::new("pbn.tag.value", Violation);
/// A descriptive tag (Date, Time, Round, Board...) whose value is not in its form.
pub const FORMAT: Rule = Rule::new("pbn.tag.format", Warning);
/// A token in the auction section that is not a call.
pub const CALL: Rule = Rule::new("pbn.auction.call", Violation);
/// A call or Contract value in a lenient form real files use (`P`, `R`, `1N`),
/// read by its meaning: reported once per record.
pub const LENIENT: Rule = Rule::new("pbn.token.lenient", Warning);
/// A token in the play section that is not a card.
pub const CARD: Rule = Rule::new("pbn.play.card", Violation);
/// An annotation (suffix, note reference, NAG) that breaks PBN 3.5.2, 3.6.2 or 3.7.
pub const ANNOTATION: Rule = Rule::new("pbn.annotation", Warning);
/// An irregularity marker (`^I ^S ^R ^L`) where it cannot stand.
pub const IRREGULARITY: Rule = Rule::new("pbn.irregularity", Violation);
/// A note reference with no Note tag, or a malformed Note tag.
pub const NOTE: Rule = Rule::new("pbn.note", Warning);
/// A Note tag that no call or card refers to.
pub const NOTE_UNUSED: Rule = Rule::new("pbn.note.unused", Notice);
/// An auction or play section without the tags it needs (PBN 3.1).
pub const REQUIRES: Rule = Rule::new("pbn.section.requires", Violation);
/// A `+` continuation marker followed by more calls or cards, or given twice.
pub const CONTINUATION: Rule = Rule::new("pbn.continuation", Violation);
/// A tag name PBN does not define (PBN 4.9: skipped, with a notice).
pub const UNKNOWN_TAG: Rule = Rule::new("pbn.tag.unknown", Notice);
/// A defined tag's name in another case (`AUCTION`): read as that tag.
pub const TAG_CASE: Rule = Rule::new("pbn.tag.case", Warning);
/// A supplemental table whose column specification or rows are malformed.
pub const TABLE: Rule = Rule::new("pbn.table", Violation);

/// Every PBN rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    TAG,
    STRING,
    TOKEN,
    UNTERMINATED_COMMENT,
    CHARACTER,
    LINE_LENGTH,
    LINE_LIMIT,
    RECORD_LIMIT,
    MISSING_BLANK_LINE,
    DUPLICATE_TAG,
    INHERITANCE,
    UNEXPECTED_DATA,
    NOT_AUDITED,
    EMPTY_SECTION,
    EXPORT,
    EXPORT_TAGS,
    EXPORT_VALUES,
    DEAL,
    VALUE,
    FORMAT,
    CALL,
    LENIENT,
    CARD,
    ANNOTATION,
    IRREGULARITY,
    NOTE,
    NOTE_UNUSED,
    REQUIRES,
    TABLE,
    CONTINUATION,
    UNKNOWN_TAG,
    TAG_CASE,
];
