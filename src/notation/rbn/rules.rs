//! The RBN decode rules: every finding the RBN reader and decoder can make.
//!
//! Each constant has an entry with the same id in `rules/rbn.toml`.

use crate::Rule;
use crate::Severity::{Notice, Violation, Warning};

/// A line that is not a label line (label, space, data), a null label, a note,
/// a `{` text paragraph or a `%` line.
pub const LINE: Rule = Rule::new("rbn.syntax.line", Violation);
/// A text paragraph `{` not closed by `}` at the end of a line before the record ends.
pub const TEXT: Rule = Rule::new("rbn.syntax.text", Violation);
/// An RBX line that is not a sequence of `label{data}` and `{text}` fields.
pub const RBX: Rule = Rule::new("rbn.syntax.rbx", Violation);
/// A label line longer than the label's maximum length.
pub const LENGTH: Rule = Rule::new("rbn.label.length", Warning);
/// A label given twice in one record (the first is kept).
pub const DUPLICATE: Rule = Rule::new("rbn.label.duplicate", Warning);
/// A label after the I label, or a note that follows neither A nor P.
pub const ORDER: Rule = Rule::new("rbn.label.order", Warning);
/// A record larger than RBN's 16,384 bytes.
pub const RECORD_SIZE: Rule = Rule::new("rbn.record.size", Warning);
/// A line too long to read: its end was skipped.
pub const LINE_LIMIT: Rule = Rule::new("rbn.limit.line", Violation);
/// A record too large to keep: its end was skipped.
pub const RECORD_LIMIT: Rule = Rule::new("rbn.limit.record", Violation);
/// A malformed H label.
pub const DEAL: Rule = Rule::new("rbn.value.deal", Violation);
/// A malformed A label: dealer, vulnerability, call or annotation.
pub const AUCTION: Rule = Rule::new("rbn.value.auction", Violation);
/// A malformed C label.
pub const CONTRACT: Rule = Rule::new("rbn.value.contract", Violation);
/// A malformed P label.
pub const PLAY: Rule = Rule::new("rbn.value.play", Violation);
/// A malformed R label.
pub const RESULT: Rule = Rule::new("rbn.value.result", Violation);
/// A descriptive label (D, K, N, M) whose data is not in its form.
pub const FORMAT: Rule = Rule::new("rbn.value.format", Warning);
/// A note reference `^n` with no note line `n` after its label.
pub const NOTE: Rule = Rule::new("rbn.note", Warning);
/// A pseudo card (`x`, `?` in H) or pseudo play (`-`, `+`, `~`, `.`, a suitless
/// trick) that is kept as an unknown card.
pub const PSEUDO: Rule = Rule::new("rbn.pseudo", Notice);
/// A ten written `10` in the H or P label (RBN's ten is `T`): read as the ten.
pub const LENIENT: Rule = Rule::new("rbn.token.lenient", Warning);

/// Every RBN rule, for the rule-book consistency test.
pub const ALL: &[Rule] = &[
    LINE,
    TEXT,
    RBX,
    LENGTH,
    DUPLICATE,
    ORDER,
    RECORD_SIZE,
    LINE_LIMIT,
    RECORD_LIMIT,
    DEAL,
    AUCTION,
    CONTRACT,
    PLAY,
    RESULT,
    FORMAT,
    NOTE,
    PSEUDO,
    LENIENT,
];
