//! The calling thread's reading and cutting of one text input read in pieces
//! without a guess of what records hand on (preferans PPN text, where games
//! share nothing) or with one checked afterwards (pinochle): text is read in
//! blocks and handed out in pieces of about a given size, each ending at the
//! first place at or after that size where the notation's cut function
//! allows a piece to end.

use std::io::{self, Read};

use super::AuditOptions;

/// Piece sizes read looking for a place to cut before the rest of the input
/// is read on the calling thread (at least [`MIN_SEARCH`] bytes, at most
/// [`MAX_SEARCH`]).
const SEARCH: usize = 16;
/// The fewest bytes read looking for a place to cut: a line of the longest
/// the reader keeps (64 KiB by default) can be judged, also in small pieces.
const MIN_SEARCH: usize = 128 << 10;
/// The most bytes read looking for a place to cut.
pub(super) const MAX_SEARCH: usize = 4 << 20;
/// Bytes read from the input at a time.
const BLOCK: usize = 64 << 10;

/// Where a piece may end: the first place at or after `from` in `buf` (a
/// line start), the reader's line limit given; `Err` with where to look
/// again once more text is read.
pub(super) type CutAt = fn(buf: &[u8], from: usize, max_line: usize) -> Result<usize, usize>;

/// The calling thread's reading and cutting.
pub(super) struct Feed {
    /// Text read and not yet handed out.
    pub(super) pending: Vec<u8>,
    /// Lines handed out.
    pub(super) line: u64,
    /// About how many bytes a piece holds.
    size: usize,
    /// How many bytes without a cut end the pieces ([`SEARCH`] piece sizes,
    /// from [`MIN_SEARCH`] to [`MAX_SEARCH`]).
    search: usize,
    /// The reader's line limit.
    max_line: usize,
    /// Whether the input has ended.
    ended: bool,
    cut_at: CutAt,
}

impl Feed {
    /// A feed of pieces of about `opts.input_piece` bytes, cut by `cut_at`.
    pub(super) fn new(opts: &AuditOptions, cut_at: CutAt) -> Feed {
        Feed {
            pending: Vec::new(),
            line: 0,
            size: opts.input_piece.max(1),
            search: opts
                .input_piece
                .saturating_mul(SEARCH)
                .clamp(MIN_SEARCH, MAX_SEARCH),
            max_line: opts.limits.max_line,
            ended: false,
            cut_at,
        }
    }

    /// A feed with the given piece size, search bound and line limit (tests).
    #[cfg(test)]
    pub(super) fn with(size: usize, search: usize, max_line: usize, cut_at: CutAt) -> Feed {
        Feed {
            pending: Vec::new(),
            line: 0,
            size,
            search,
            max_line,
            ended: false,
            cut_at,
        }
    }

    /// The next piece and the number of lines before it; `None` once the
    /// input has been handed out; `Err` when the rest is to be read on the
    /// calling thread (`pending`, then the input), with the read error that
    /// stopped it.
    pub(super) fn next<R: Read>(
        &mut self,
        input: &mut R,
    ) -> Result<Option<(Vec<u8>, u64)>, Option<io::Error>> {
        let mut from = self.size;
        loop {
            let cut = match (self.cut_at)(&self.pending, from, self.max_line) {
                Ok(cut) => Some(cut),
                Err(looked) => {
                    from = looked.max(self.size);
                    None
                }
            };
            let end = match cut {
                Some(cut) => cut,
                None if self.ended && self.pending.is_empty() => return Ok(None),
                None if self.ended => self.pending.len(),
                None if self.pending.len() >= self.search => return Err(None),
                None => {
                    match input
                        .by_ref()
                        .take(BLOCK as u64)
                        .read_to_end(&mut self.pending)
                    {
                        Ok(0) => self.ended = true,
                        Ok(_) => {}
                        Err(e) => return Err(Some(e)),
                    }
                    continue;
                }
            };
            let rest = self.pending[end..].to_vec();
            let mut text = std::mem::replace(&mut self.pending, rest);
            text.truncate(end);
            let line = self.line;
            self.line += memchr::memchr_iter(b'\n', &text).count() as u64;
            return Ok(Some((text, line)));
        }
    }
}

/// The first line start at or after `from` in `buf` (`0` is one); `Err`
/// with where to look again once more text is read.
pub(super) fn line_start_from(buf: &[u8], from: usize) -> Result<usize, usize> {
    match from {
        0 => Ok(0),
        _ => match memchr::memchr(b'\n', buf.get(from - 1..).unwrap_or_default()) {
            Some(i) => Ok(from + i),
            None => Err(from),
        },
    }
}
