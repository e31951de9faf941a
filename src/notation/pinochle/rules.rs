//! The Portable Pinochle Notation rules: every finding the reader and the decoder
//! can make. They are about the notation only; whether the hand obeys the laws of
//! pinochle is [`crate::pinochle`]'s business.
//!
//! Each constant has an entry with the same id in `rules/pinochle-notation.toml`.
//! Ids use the prefixes `pinochle.syntax`, `pinochle.limit`, `pinochle.record`,
//! `pinochle.tag`, `pinochle.section` and `pinochle.export` (Portable Preferans
//! Notation, which shares the acronym, uses `ppn.*`).

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A tag pair that is not `[`, a name, a quoted value and `]` on one line.
pub const SYNTAX_TAG: Rule = Rule::new("pinochle.syntax.tag", Violation);
/// A segmental prefix that is malformed, names no segment, ends before it starts,
/// or stands before a tag that may not take one.
pub const SYNTAX_SEGMENT: Rule = Rule::new("pinochle.syntax.segment", Violation);
/// A character or token that is not allowed where it stands.
pub const SYNTAX_TOKEN: Rule = Rule::new("pinochle.syntax.token", Violation);
/// A `{` comment that is never closed.
pub const SYNTAX_COMMENT: Rule = Rule::new("pinochle.syntax.comment", Violation);
/// A control character, or a tab inside a tag value.
pub const SYNTAX_CHARACTER: Rule = Rule::new("pinochle.syntax.character", Warning);
/// A header line or tag pair longer than 255 characters.
pub const SYNTAX_LENGTH: Rule = Rule::new("pinochle.syntax.length", Warning);
/// A line too long to read: its end was skipped.
pub const LIMIT_LINE: Rule = Rule::new("pinochle.limit.line", Violation);
/// A record too large to keep: its end was skipped.
pub const LIMIT_RECORD: Rule = Rule::new("pinochle.limit.record", Violation);
/// A hand that begins without the blank line that must separate it.
pub const MISSING_BLANK_LINE: Rule = Rule::new("pinochle.record.missing-blank-line", Notice);
/// A tag given twice in one hand (other than Chat, Note and segmental tags).
pub const TAG_DUPLICATE: Rule = Rule::new("pinochle.tag.duplicate", Warning);
/// A `#` value with no earlier value of the same tag to take.
pub const TAG_INHERITANCE: Rule = Rule::new("pinochle.tag.inheritance", Violation);
/// A tag name the spec does not define.
pub const TAG_UNKNOWN: Rule = Rule::new("pinochle.tag.unknown", Notice);
/// A game tag (Hand, Dealer, Declarer, Contract, Trump, Result, scores, Auction,
/// Play, Termination, Victor...) whose value is not in its defined form.
pub const TAG_VALUE: Rule = Rule::new("pinochle.tag.value", Violation);
/// A card list (Deal, Holding, Melds, Kitty, Discard, Passed) that cannot be read.
pub const TAG_CARDS: Rule = Rule::new("pinochle.tag.cards", Violation);
/// A value whose meaning is clear but whose form the spec prescribes otherwise
/// (Date, Room, seat types, Chat, ranks out of order in a card list).
pub const TAG_FORMAT: Rule = Rule::new("pinochle.tag.format", Warning);
/// A token of the auction section that is not a bid, `Pass`, `-`, `?` or `*`.
pub const SECTION_BID: Rule = Rule::new("pinochle.section.bid", Violation);
/// A token of the play section that is not a card, `-`, `?` or `*`.
pub const SECTION_CARD: Rule = Rule::new("pinochle.section.card", Violation);
/// A trick of the play section that is not four throws and a `(winner points)`
/// group, or whose group is malformed.
pub const SECTION_TRICK: Rule = Rule::new("pinochle.section.trick", Violation);
/// Section data after a tag that has none.
pub const SECTION_UNEXPECTED: Rule = Rule::new("pinochle.section.unexpected", Warning);
/// A mandatory tag missing from a hand in a file declared `% EXPORT`.
pub const EXPORT_MISSING: Rule = Rule::new("pinochle.export.missing", Warning);
/// Mandatory tags out of the order the spec lists, in a `% EXPORT` file.
pub const EXPORT_ORDER: Rule = Rule::new("pinochle.export.order", Warning);
/// A breach of the export layout: headers, one tag per line, one round or trick
/// per line, the Melds from North.
pub const EXPORT_LAYOUT: Rule = Rule::new("pinochle.export.layout", Warning);

/// Every rule of the notation, for the rule-book consistency test.
///
/// ```
/// assert_eq!(kibitz::notation::pinochle::rules::ALL.len(), 22);
/// ```
pub const ALL: &[Rule] = &[
    SYNTAX_TAG,
    SYNTAX_SEGMENT,
    SYNTAX_TOKEN,
    SYNTAX_COMMENT,
    SYNTAX_CHARACTER,
    SYNTAX_LENGTH,
    LIMIT_LINE,
    LIMIT_RECORD,
    MISSING_BLANK_LINE,
    TAG_DUPLICATE,
    TAG_INHERITANCE,
    TAG_UNKNOWN,
    TAG_VALUE,
    TAG_CARDS,
    TAG_FORMAT,
    SECTION_BID,
    SECTION_CARD,
    SECTION_TRICK,
    SECTION_UNEXPECTED,
    EXPORT_MISSING,
    EXPORT_ORDER,
    EXPORT_LAYOUT,
];
