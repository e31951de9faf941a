//! The rule book: every check's id, statement, source and examples.
//!
//! The book is the TOML files under `rules/`, compiled into the binary. Each entry
//! has a legal and an illegal example record; `tests/rulebook.rs` audits both and
//! asserts the verdict, and checks that the book and the rule constants in the code
//! name the same ids with the same severities.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::Severity;

/// One entry of the rule book.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable id, such as `bridge.play.revoke`.
    pub id: String,
    /// Severity of its findings.
    pub severity: Severity,
    /// One-line statement of the rule.
    pub statement: String,
    /// Where the rule comes from (law, spec section, reference page).
    pub source: String,
    /// A record that keeps the rule.
    pub legal: String,
    /// A record that breaks it.
    pub illegal: String,
    /// Notation of the examples (default `pbn`).
    #[serde(default = "default_notation")]
    pub notation: String,
    /// Reader limits for the examples, where the rule is about a limit.
    #[serde(default)]
    pub limits: Option<ExampleLimits>,
    /// Preferans rule options for the examples (`name` or `name=value`, see
    /// [`crate::preferans::Options`]), where the rule is an option.
    #[serde(default)]
    pub options: Vec<String>,
}

/// Smaller reader limits for a rule-book example.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleLimits {
    /// Longest line kept.
    pub max_line: Option<usize>,
    /// Most section tokens per record.
    pub max_tokens: Option<usize>,
    /// Most findings kept per record.
    pub max_findings: Option<usize>,
}

fn default_notation() -> String {
    "pbn".to_string()
}

#[derive(Deserialize)]
struct File {
    rule: Vec<Entry>,
}

/// The rule-book sources compiled in, by file name.
pub const SOURCES: &[(&str, &str)] = &[
    ("rules/audit.toml", include_str!("../rules/audit.toml")),
    ("rules/lin.toml", include_str!("../rules/lin.toml")),
    ("rules/pbn.toml", include_str!("../rules/pbn.toml")),
    ("rules/bridge.toml", include_str!("../rules/bridge.toml")),
    (
        "rules/preferans.toml",
        include_str!("../rules/preferans.toml"),
    ),
    (
        "rules/pinochle.toml",
        include_str!("../rules/pinochle.toml"),
    ),
    (
        "rules/pinochle-notation.toml",
        include_str!("../rules/pinochle-notation.toml"),
    ),
    ("rules/rbn.toml", include_str!("../rules/rbn.toml")),
];

/// All entries, in book order. Panics only if a compiled-in book file is not valid
/// TOML, which `tests/rulebook.rs` rules out.
pub fn entries() -> &'static [Entry] {
    static BOOK: OnceLock<Vec<Entry>> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut all = Vec::new();
        for (name, text) in SOURCES {
            match toml::from_str::<File>(text) {
                Ok(f) => all.extend(f.rule),
                Err(e) => panic!("rule book {name} is not valid: {e}"),
            }
        }
        all
    })
}

/// The entry with `id`.
///
/// ```
/// let e = kibitz::rulebook::find("pbn.syntax.tag").unwrap();
/// assert_eq!(e.severity, kibitz::Severity::Violation);
/// ```
pub fn find(id: &str) -> Option<&'static Entry> {
    entries().iter().find(|e| e.id == id)
}

/// Every rule the code can report.
pub fn code_rules() -> Vec<crate::Rule> {
    let mut rules = crate::pbn::rules::ALL.to_vec();
    rules.extend_from_slice(crate::bridge::rules::ALL);
    rules.extend_from_slice(crate::ppn::rules::ALL);
    rules.extend_from_slice(crate::preferans::rules::ALL);
    rules.extend_from_slice(crate::pinochle::rules::ALL);
    rules.extend_from_slice(crate::notation::pinochle::rules::ALL);
    rules.extend_from_slice(crate::notation::lin::rules::ALL);
    rules.extend_from_slice(crate::notation::rbn::rules::ALL);
    rules.extend_from_slice(crate::audit::rules::ALL);
    rules
}
