//! The LIN decode rules: every finding the LIN reader and decoder can make.
//!
//! Each constant has an entry with the same id in `rules/lin.toml`.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// Text in a tag's place that is not two ASCII letters; reading resumes at the
/// next known tag.
pub const TAG: Rule = Rule::new("lin.syntax.tag", Violation);
/// A line that opens with `%` where a tag should stand: not LIN, read as a
/// comment (PbnToLin opens its files with such a line).
pub const COMMENT: Rule = Rule::new("lin.syntax.comment", Warning);
/// The input ends inside a tag or a value (no closing `|`).
pub const UNTERMINATED: Rule = Rule::new("lin.syntax.unterminated", Violation);
/// A value longer than the reader keeps: its end was skipped.
pub const VALUE_LIMIT: Rule = Rule::new("lin.limit.value", Violation);
/// A record with more tags or bytes than the reader keeps: its end was skipped.
pub const RECORD_LIMIT: Rule = Rule::new("lin.limit.record", Violation);
/// A two-letter tag no LIN reader knows: kept in the raw record, not decoded.
pub const UNKNOWN_TAG: Rule = Rule::new("lin.tag.unknown", Notice);
/// A tag that may appear once per record given again; the first is used.
pub const DUPLICATE: Rule = Rule::new("lin.tag.duplicate", Warning);
/// A malformed `md`: dealer digit, number of hands, suit letters, ranks.
pub const DEAL: Rule = Rule::new("lin.md", Violation);
/// A record without `md`: no deal to check the auction and play against.
pub const NO_DEAL: Rule = Rule::new("lin.md.missing", Violation);
/// An `sv` value that is not `o`, `0`, `-`, `n`, `e` or `b`.
pub const VULNERABILITY: Rule = Rule::new("lin.sv", Violation);
/// No `sv`: vulnerability taken from the board number's place in the cycle.
pub const NO_VULNERABILITY: Rule = Rule::new("lin.sv.missing", Notice);
/// An `mb` value that is not a call.
pub const CALL: Rule = Rule::new("lin.mb", Violation);
/// An `an` explanation that follows no call.
pub const ANNOTATION: Rule = Rule::new("lin.an", Warning);
/// A `pc` value that is not a card.
pub const CARD: Rule = Rule::new("lin.pc", Violation);
/// An `mc` value that is not a trick count 0-13.
pub const CLAIM: Rule = Rule::new("lin.mc", Violation);
/// A call (`mb`) after the play began.
pub const ORDER: Rule = Rule::new("lin.order", Violation);
/// A `qx` value that is not `o` or `c` and a board number.
pub const TABLE: Rule = Rule::new("lin.qx", Warning);
/// A `vg` title without its nine comma-separated fields, or a `pn` with a
/// number of names other than 4 or 8.
pub const HEADER: Rule = Rule::new("lin.header", Warning);
/// A deal with no auction (`md` and no `mb`): the record is incomplete.
pub const NO_AUCTION: Rule = Rule::new("lin.record.no-auction", Notice);
/// A record with no deal, vulnerability, call, card or claim (a lone
/// `qx||pg||`): nothing to audit.
pub const EMPTY: Rule = Rule::new("lin.record.empty", Notice);
/// A play that stops before 52 cards with no `mc` claim: the result is unknown.
pub const UNFINISHED: Rule = Rule::new("lin.record.unfinished", Notice);
/// An `rs` entry that is no contract code, or an `rs` list with no `vg`
/// first board to count its entries from: not compared with the tables.
pub const RESULTS: Rule = Rule::new("lin.rs", Warning);
/// A ten written `10` in `md` or `pc` (LIN's ten is `T`): read as the ten.
pub const LENIENT: Rule = Rule::new("lin.token.lenient", Warning);

/// Every LIN rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    TAG,
    COMMENT,
    UNTERMINATED,
    VALUE_LIMIT,
    RECORD_LIMIT,
    UNKNOWN_TAG,
    DUPLICATE,
    DEAL,
    NO_DEAL,
    VULNERABILITY,
    NO_VULNERABILITY,
    CALL,
    ANNOTATION,
    CARD,
    CLAIM,
    ORDER,
    TABLE,
    HEADER,
    NO_AUCTION,
    EMPTY,
    UNFINISHED,
    RESULTS,
    LENIENT,
];
