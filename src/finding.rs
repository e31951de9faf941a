//! Findings: what the decoders and the rule modules report.

use std::fmt;

use serde::Serialize;

/// How serious a finding is.
///
/// * `Violation`: the record breaks a rule of the game or of the notation in a way
///   that makes it wrong or unreadable (a revoke, a wrong score, a malformed deal).
/// * `Warning`: the record breaks the notation's letter without changing its meaning
///   (a tab in a string, an over-long line, a duplicate tag that is ignored).
/// * `Notice`: worth knowing but not wrong (an irregularity the record marks as
///   accepted, a board whose dealer is off the standard cycle).
///
/// ```
/// use kibitz::Severity;
/// assert!(Severity::Violation > Severity::Warning);
/// assert_eq!(Severity::Notice.to_string(), "notice");
/// assert_eq!("warning".parse::<Severity>(), Ok(Severity::Warning));
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational.
    Notice,
    /// Breaks the notation's letter, meaning intact.
    Warning,
    /// Breaks a rule; the record is wrong.
    Violation,
}

impl Severity {
    /// The lower-case name used in output and in the rule book.
    ///
    /// ```
    /// use kibitz::Severity;
    /// assert_eq!(Severity::Violation.as_str(), "violation");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Notice => "notice",
            Severity::Warning => "warning",
            Severity::Violation => "violation",
        }
    }
}

impl std::str::FromStr for Severity {
    type Err = String;
    fn from_str(s: &str) -> Result<Severity, String> {
        match s {
            "notice" => Ok(Severity::Notice),
            "warning" => Ok(Severity::Warning),
            "violation" => Ok(Severity::Violation),
            _ => Err(format!("unknown severity {s:?}")),
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game the engine knows.
///
/// ```
/// use kibitz::Game;
/// assert_eq!(Game::Bridge.to_string(), "bridge");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub enum Game {
    /// Contract bridge.
    Bridge,
    /// 3-player Serbian preferans.
    Preferans,
    /// Double-deck four-handed pinochle.
    Pinochle,
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Game::Bridge => "bridge",
            Game::Preferans => "preferans",
            Game::Pinochle => "pinochle",
        })
    }
}

/// A position in a file: 1-based line and 1-based column (in bytes). Line 0 means
/// "no particular place" (a finding about the whole record or file).
///
/// ```
/// use kibitz::Pos;
/// let p = Pos::new(3, 7);
/// assert_eq!(p.to_string(), "3:7");
/// assert!(Pos::new(2, 9) < p);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub struct Pos {
    /// Line number, from 1.
    pub line: u64,
    /// Column number in bytes, from 1.
    pub col: u32,
}

impl Pos {
    /// The position at `line`, `col`.
    ///
    /// ```
    /// use kibitz::Pos;
    /// assert_eq!(Pos::new(1, 1).line, 1);
    /// ```
    pub const fn new(line: u64, col: u32) -> Pos {
        Pos { line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A check the engine makes: a stable id and the severity of what it finds.
///
/// Every rule is declared once as a constant in the module that checks it and has
/// an entry in the rule book (`rules/*.toml`); a test keeps the two in step.
///
/// ```
/// use kibitz::{Rule, Severity};
/// const R: Rule = Rule::new("bridge.play.revoke", Severity::Violation);
/// assert_eq!(R.id, "bridge.play.revoke");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Stable id, such as `bridge.play.revoke`.
    pub id: &'static str,
    /// Severity of every finding of this rule.
    pub severity: Severity,
}

impl Rule {
    /// Declares a rule.
    ///
    /// ```
    /// use kibitz::{Rule, Severity};
    /// assert_eq!(Rule::new("x.y", Severity::Notice).severity, Severity::Notice);
    /// ```
    pub const fn new(id: &'static str, severity: Severity) -> Rule {
        Rule { id, severity }
    }
}

/// One thing reported about one record: which rule, where, how serious, and a
/// message that shows the proof.
///
/// The file name is not stored here: the audit layer knows which file it reads.
///
/// ```
/// use kibitz::{Finding, Pos, Rule, Severity};
/// const REVOKE: Rule = Rule::new("bridge.play.revoke", Severity::Violation);
/// let f = Finding::of(REVOKE, Pos::new(40, 5), "trick 5 ...");
/// assert_eq!(f.rule, "bridge.play.revoke");
/// assert_eq!(f.severity, Severity::Violation);
/// assert_eq!(f.record, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// Stable rule id from the rule book, such as `bridge.play.revoke`.
    pub rule: &'static str,
    /// Severity of the rule.
    pub severity: Severity,
    /// 1-based index of the record in its file (0 = the file as a whole).
    pub record: usize,
    /// Where in the file.
    pub pos: Pos,
    /// The game the record is of, when known.
    pub game: Option<Game>,
    /// Human-readable message with the proof.
    pub message: String,
}

impl Finding {
    /// A finding of `rule` with `record` 0 and no game; the reader or the audit
    /// layer fills those in. Control characters quoted in the message are shown
    /// escaped (`\x1A`), never raw.
    ///
    /// ```
    /// use kibitz::{Finding, Pos, Rule, Severity};
    /// let f = Finding::of(Rule::new("a.b", Severity::Warning), Pos::new(1, 1), "x");
    /// assert_eq!(f.game, None);
    /// let f = Finding::of(Rule::new("a.b", Severity::Warning), Pos::new(1, 1), "`\u{1a}`");
    /// assert_eq!(f.message, "`\\x1A`");
    /// // Beyond ASCII only the control characters are escaped.
    /// let f = Finding::of(Rule::new("a.b", Severity::Warning), Pos::new(1, 1), "é\u{85}~\u{7f}");
    /// assert_eq!(f.message, "é\\x85~\\x7F");
    /// ```
    pub fn of(rule: Rule, pos: Pos, message: impl Into<String>) -> Finding {
        Finding {
            rule: rule.id,
            severity: rule.severity,
            record: 0,
            pos,
            game: None,
            message: escape_controls(message.into()),
        }
    }
}

/// `message` with its control characters escaped; most messages are printable
/// ASCII, seen as such in one pass over the bytes without decoding characters.
/// Not inlined: [`Finding::of`] stays small in the readers' hot functions.
#[inline(never)]
fn escape_controls(message: String) -> String {
    // No early exit: the compiler checks many bytes at once.
    let odd = message
        .bytes()
        .fold(false, |any, b| any | (b.wrapping_sub(0x20) >= 0x5f));
    if odd {
        crate::text::escape_controls(message)
    } else {
        message
    }
}
