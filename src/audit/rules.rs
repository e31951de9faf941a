//! The findings of the audit layer itself: about an input as a whole, not about
//! a record of a game. Their entries are in `rules/audit.toml`.

use crate::Rule;
use crate::Severity::Violation;

/// Content in which no notation kibitz reads is recognised.
///
/// ```
/// assert_eq!(kibitz::audit::rules::UNKNOWN.id, "audit.notation.unknown");
/// ```
pub const UNKNOWN: Rule = Rule::new("audit.notation.unknown", Violation);

/// A non-empty input of a recognised notation from which no record was read.
pub const NO_RECORD: Rule = Rule::new("audit.input.no-record", Violation);

/// Every rule of the audit layer.
pub const ALL: &[Rule] = &[UNKNOWN, NO_RECORD];
