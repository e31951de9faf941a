//! The PPN decode rules: every finding the PPN readers and decoders can make.
//!
//! Each constant has an entry with the same id in `rules/preferans.toml`.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A line that is neither a tag pair, a deal, nor blank.
pub const SYNTAX_LINE: Rule = Rule::new("ppn.syntax.line", Violation);
/// A malformed tag pair.
pub const SYNTAX_TAG: Rule = Rule::new("ppn.syntax.tag", Violation);
/// A line too long to read; it was skipped.
pub const LIMIT_LINE: Rule = Rule::new("ppn.limit.line", Violation);
/// More findings in one game than the audit keeps; the rest are counted.
pub const LIMIT_RECORD: Rule = Rule::new("ppn.limit.record", Violation);
/// A required tag (Bula, Refe, Player1-3, Result1-3) missing from a game.
pub const TAG_MISSING: Rule = Rule::new("ppn.tag.missing", Violation);
/// A Bula, Refe, Result or Place value that is not a number of its kind.
pub const TAG_VALUE: Rule = Rule::new("ppn.tag.value", Violation);
/// A tag given twice in one game; the first is kept.
pub const TAG_DUPLICATE: Rule = Rule::new("ppn.tag.duplicate", Warning);
/// A deal with a number of fields other than 14, 13 or 4 (or not closed by `]`).
pub const DEAL_FIELDS: Rule = Rule::new("ppn.deal.fields", Violation);
/// A deal field that is malformed.
pub const DEAL_FIELD: Rule = Rule::new("ppn.deal.field", Violation);
/// A deal of 13 fields: the refa field is absent.
pub const REFA_ABSENT: Rule = Rule::new("ppn.deal.refa-absent", Notice);
/// JSON that is not well formed or not of the PPN shape; reading stops there.
pub const JSON_SYNTAX: Rule = Rule::new("ppn.json.syntax", Violation);
/// JSON deals without an info section: game-level checks are skipped.
pub const JSON_DEALS_ONLY: Rule = Rule::new("ppn.json.deals-only", Notice);

/// Every PPN rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    SYNTAX_LINE,
    SYNTAX_TAG,
    LIMIT_LINE,
    LIMIT_RECORD,
    TAG_MISSING,
    TAG_VALUE,
    TAG_DUPLICATE,
    DEAL_FIELDS,
    DEAL_FIELD,
    REFA_ABSENT,
    JSON_SYNTAX,
    JSON_DEALS_ONLY,
];
