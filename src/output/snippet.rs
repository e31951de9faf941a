//! rustc-style findings: a header `severity[rule-id]: message`, ` --> file:line:col`,
//! the source line and a caret under the column (rendered by `annotate-snippets`,
//! which expands tabs in the line and under it alike and shortens long lines
//! around the column with `...`).
//!
//! Source lines are read again from the input as its findings are printed
//! ([`SourceLines`]): forward with a buffered reader, reopening the input when
//! a finding points back before the last line read, so memory is one reader and
//! one line (at most [`MAX_LINE`] bytes kept) whatever the input's size.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};
use kibitz::audit::Input;
use kibitz::{Finding, Severity};

/// Most bytes of a source line kept; a finding whose column lies beyond them is
/// shown without its line.
pub const MAX_LINE: usize = 16 * 1024;

/// Width the rendered line is shortened to, around the column.
const WIDTH: usize = 120;

/// Reads the lines of one input at a time, forward, for the findings of that
/// input.
#[derive(Default)]
pub struct SourceLines {
    /// The input being read (its index among the inputs), if any.
    open: Option<usize>,
    /// The input could not be opened again (or is not a plain file): no lines.
    none: bool,
    reader: Option<BufReader<Box<dyn Read>>>,
    /// Number of the next line to read.
    next: u64,
    /// The last line read: number, the bytes kept, whether it was cut.
    line_no: u64,
    line: Vec<u8>,
    cut: bool,
}

impl SourceLines {
    /// Line `n` (1-based) of input `index` (`input`), without its line end: the
    /// bytes kept and whether the line was longer. `None` for stdin, zip
    /// members, an input that cannot be opened again, or a line past its end.
    pub fn line(&mut self, index: usize, input: &Input, n: u64) -> Option<(&[u8], bool)> {
        if n == 0 {
            return None;
        }
        if self.open != Some(index) || (n < self.next && n != self.line_no) {
            self.reopen(index, input);
        }
        if self.none {
            return None;
        }
        while self.next <= n {
            let reader = self.reader.as_mut()?;
            match read_line(reader, &mut self.line, MAX_LINE) {
                Ok(Some(cut)) => {
                    self.cut = cut;
                    self.line_no = self.next;
                    self.next += 1;
                }
                Ok(None) | Err(_) => {
                    // The end (or a read error): nothing more from this input.
                    self.none = true;
                    return None;
                }
            }
        }
        (self.line_no == n).then_some((&self.line[..], self.cut))
    }

    fn reopen(&mut self, index: usize, input: &Input) {
        self.open = Some(index);
        self.next = 1;
        self.line_no = 0;
        self.line.clear();
        self.reader = match input {
            Input::File(path) => File::open(path)
                .and_then(kibitz::audit::decoded)
                .ok()
                .map(BufReader::new),
            // Stdin cannot be read again; a zip member is not worth reopening
            // the archive for.
            Input::Stdin | Input::ZipMember { .. } => None,
        };
        self.none = self.reader.is_none();
    }
}

/// Reads one line into `line` (without `\n` or `\r\n`), keeping at most `max`
/// bytes and skipping the rest. `Some(cut)` when a line was read, `None` at the
/// end of the input.
fn read_line(r: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Option<bool>> {
    line.clear();
    let mut any = false;
    let mut cut = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = max - line.len();
        if part.len() > room {
            cut = true;
        }
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        r.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if !cut && line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(cut))
}

/// The rendering of findings: with colours or plain.
pub struct Snippets {
    renderer: Renderer,
}

impl Snippets {
    /// Colours (ANSI escapes) or none.
    pub fn new(color: bool) -> Snippets {
        let r = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Snippets {
            renderer: r.term_width(WIDTH),
        }
    }

    /// Writes `finding` of `file` with its source line `source` (as
    /// [`SourceLines::line`] gives it), one line end after it.
    pub fn write(
        &self,
        out: &mut impl Write,
        file: &str,
        finding: &Finding,
        source: Option<(&[u8], bool)>,
    ) -> io::Result<()> {
        let level = match finding.severity {
            Severity::Violation => Level::ERROR.with_name("violation"),
            Severity::Warning => Level::WARNING.with_name("warning"),
            Severity::Notice => Level::NOTE.with_name("notice"),
        };
        let title = level
            .primary_title(finding.message.as_str())
            .id(finding.rule);
        let pos = finding.pos;
        let text = source.and_then(|(bytes, cut)| line_and_span(bytes, cut, pos.col));
        let group = match &text {
            Some((line, span)) => title.element(
                Snippet::source(line.as_str())
                    .path(file)
                    .line_start(pos.line as usize)
                    .annotation(AnnotationKind::Primary.span(span.clone())),
            ),
            None if pos.line == 0 => title.element(Origin::path(file)),
            None => title.element(
                Origin::path(file)
                    .line(pos.line as usize)
                    .char_column(pos.col as usize),
            ),
        };
        writeln!(out, "{}", self.renderer.render(&[group]))
    }
}

/// The line as text (UTF-8 when valid, else Latin-1) and the byte span in it of
/// the character at 1-based byte column `col` (empty at the line's end); `None`
/// when the column lies in the part of a cut line that was not kept.
fn line_and_span(bytes: &[u8], cut: bool, col: u32) -> Option<(String, std::ops::Range<usize>)> {
    let at = (col.max(1) - 1) as usize;
    if cut && at >= bytes.len() {
        return None;
    }
    let (text, start) = match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), floor_boundary(s, at.min(s.len()))),
        // A cut line may end inside a character: drop the part.
        Err(e) if cut && e.error_len().is_none() => {
            let s = std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?;
            (s.to_string(), floor_boundary(s, at.min(s.len())))
        }
        Err(_) => {
            // Latin-1: one character per byte.
            let s: String = bytes.iter().map(|&b| b as char).collect();
            let start = s.char_indices().nth(at).map_or(s.len(), |(i, _)| i);
            (s, start)
        }
    };
    let end = text[start..]
        .chars()
        .next()
        .map_or(start, |c| start + c.len_utf8());
    Some((text, start..end))
}

/// The largest character boundary of `s` at or before `i`.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz::{Pos, Rule};

    fn render(line: &[u8], col: u32) -> String {
        let f = Finding::of(Rule::new("x.y", Severity::Warning), Pos::new(7, col), "msg");
        let mut out = Vec::new();
        Snippets::new(false)
            .write(&mut out, "f.pbn", &f, Some((line, false)))
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn caret_under_the_column() {
        // Expected by hand: the gutter is "7 | ", the caret under `[`.
        let s = render(b"ab[c", 3);
        assert_eq!(
            s,
            "warning[x.y]: msg\n --> f.pbn:7:3\n  |\n7 | ab[c\n  |   ^\n"
        );
    }

    #[test]
    fn latin1_line_and_column_at_the_end() {
        // `caf\xe9` is Latin-1; column 5 is past the last byte.
        let s = render(b"caf\xe9", 5);
        assert!(s.contains("7 | caf\u{e9}\n  |     ^\n"), "{s}");
    }

    #[test]
    fn utf8_column_counts_bytes() {
        // `é` is two bytes: byte column 4 is `x`.
        let s = render("\u{e9}ax".as_bytes(), 4);
        assert!(s.contains("7 | \u{e9}ax\n  |   ^\n"), "{s}");
    }

    #[test]
    fn lines_forward_and_back() {
        let dir = std::env::temp_dir().join(format!("kibitz-snippet-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.pbn");
        std::fs::write(&p, "one\r\ntwo\nthree").unwrap();
        let input = Input::File(p);
        let mut s = SourceLines::default();
        assert_eq!(s.line(0, &input, 2), Some((&b"two"[..], false)));
        assert_eq!(s.line(0, &input, 2), Some((&b"two"[..], false)));
        assert_eq!(s.line(0, &input, 1), Some((&b"one"[..], false)));
        assert_eq!(s.line(0, &input, 3), Some((&b"three"[..], false)));
        assert_eq!(s.line(0, &input, 4), None);
        assert_eq!(s.line(0, &input, 0), None);
        assert_eq!(s.line(1, &Input::Stdin, 1), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_lines_are_cut() {
        let mut r = &b"abcdef\nxy"[..];
        let mut line = Vec::new();
        assert_eq!(read_line(&mut r, &mut line, 3).unwrap(), Some(true));
        assert_eq!(line, b"abc");
        assert_eq!(read_line(&mut r, &mut line, 3).unwrap(), Some(false));
        assert_eq!(line, b"xy");
        assert_eq!(read_line(&mut r, &mut line, 3).unwrap(), None);
        assert_eq!(line_and_span(b"abc", true, 5), None);
    }
}
