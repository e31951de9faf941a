//! The notations `kibitz convert` writes, each behind one [`BoardWriter`].

use std::io;

use crate::bridge::Board;
use crate::notation::{lin, rbn};

/// A notation archives can be converted to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Portable Bridge Notation, export form.
    Pbn,
    /// Pavlicek's RBN 3.2, one line per label.
    Rbn,
    /// RBX, RBN's one-line-per-record form.
    Rbx,
    /// Bridge Base Online's LIN, vugraph form (a `vg` header, `qx` records).
    Lin,
}

impl Target {
    /// Every target, in the order `kibitz convert --help` names them.
    pub const ALL: [Target; 4] = [Target::Pbn, Target::Rbn, Target::Rbx, Target::Lin];

    /// The file extension of the target (without the dot).
    ///
    /// ```
    /// use kibitz::convert::Target;
    /// assert_eq!(Target::Pbn.extension(), "pbn");
    /// assert_eq!(Target::Rbx.extension(), "rbx");
    /// ```
    pub fn extension(self) -> &'static str {
        match self {
            Target::Pbn => "pbn",
            Target::Rbn => "rbn",
            Target::Rbx => "rbx",
            Target::Lin => "lin",
        }
    }

    /// The target named `s` (`pbn`, `rbn`, `rbx`, `lin`, any case).
    ///
    /// ```
    /// use kibitz::convert::Target;
    /// assert_eq!(Target::parse("PBN"), Some(Target::Pbn));
    /// assert_eq!(Target::parse("rbx"), Some(Target::Rbx));
    /// assert_eq!(Target::parse("xml"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL
            .into_iter()
            .find(|t| t.extension().eq_ignore_ascii_case(s))
    }
}

/// A writer of one target notation, record by record.
pub(super) trait BoardWriter {
    /// Writes what comes before the first record (nothing by default).
    fn start(&mut self, _out: &mut Vec<u8>) -> io::Result<()> {
        Ok(())
    }
    /// Writes one board (index `n`, 0-based, of the output) into `out`, naming
    /// each field of it that the target cannot carry. `InvalidInput` when the
    /// target cannot write the board at all.
    fn board(
        &mut self,
        n: u64,
        board: &Board,
        out: &mut Vec<u8>,
        uncarried: &mut dyn FnMut(&'static str),
    ) -> io::Result<()>;
}

struct PbnTarget;

impl BoardWriter for PbnTarget {
    fn start(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        // The header only: each board is written by a fresh writer (below).
        out.extend_from_slice(PBN_HEADER);
        Ok(())
    }
    fn board(
        &mut self,
        n: u64,
        board: &Board,
        out: &mut Vec<u8>,
        uncarried: &mut dyn FnMut(&'static str),
    ) -> io::Result<()> {
        crate::pbn::writer::uncarried(board).for_each(uncarried);
        let mut w = crate::pbn::writer::Writer::new(Vec::new())?;
        w.write_game(board)?;
        let text = w.into_inner();
        if n > 0 {
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(text.strip_prefix(PBN_HEADER).unwrap_or(&text));
        Ok(())
    }
}

const PBN_HEADER: &[u8] = b"% PBN 2.1\r\n% EXPORT\r\n";

/// RBN, RBX and LIN: one writer for the whole file, drained after each board.
/// RBN leaves out repeating labels while their value is unchanged. LIN is
/// written in the vugraph form: a `vg` header (event, scoring; again only when
/// they change) and one `qx` record per board, so that records need no deal or
/// names to be told apart and the event and room are carried.
enum Streaming {
    Rbn(rbn::writer::Writer<Vec<u8>>),
    Lin(lin::writer::Writer<Vec<u8>>),
}

impl BoardWriter for Streaming {
    fn board(
        &mut self,
        _n: u64,
        board: &Board,
        out: &mut Vec<u8>,
        uncarried: &mut dyn FnMut(&'static str),
    ) -> io::Result<()> {
        match self {
            Streaming::Rbn(w) => {
                let flags = w.write_board(board)?;
                out.append(w.get_mut());
                flags.names().for_each(uncarried);
            }
            Streaming::Lin(w) => {
                w.write_board(board)?;
                out.append(w.get_mut());
                lin::writer::uncarried(board, lin::writer::Form::Vugraph).for_each(uncarried);
            }
        }
        Ok(())
    }
}

/// The writer of `target`.
pub(super) fn writer_for(target: Target) -> Box<dyn BoardWriter> {
    match target {
        Target::Pbn => Box::new(PbnTarget),
        Target::Rbn => Box::new(Streaming::Rbn(rbn::writer::Writer::new(
            Vec::new(),
            rbn::writer::Form::Rbn,
        ))),
        Target::Rbx => Box::new(Streaming::Rbn(rbn::writer::Writer::new(
            Vec::new(),
            rbn::writer::Form::Rbx,
        ))),
        Target::Lin => Box::new(Streaming::Lin(lin::writer::Writer::vugraph(Vec::new()))),
    }
}
