//! Converting bridge archives between notations: every record is read and
//! decoded into a [`Board`] by its notation, then written by the target's
//! writer. Streaming: one record in memory at a time.
//!
//! Conversion is not repair: a record with violations is written as it was
//! read. A field the target cannot carry ([`Report::uncarried`]), and what
//! the board model does not keep at all ([`Report::not_kept`]: free text, tags
//! no rule reads, values the decoder could not read), is counted and reported
//! once per file, never dropped silently; a record the target cannot
//! write at all (a call that could not be read, a play whose tricks cannot be
//! ordered) is skipped and reported ([`Report::skipped`]).

use std::collections::BTreeMap;
use std::io::{self, Read, Write};

use crate::audit::{Notation, SNIFF_BYTES, sniff};
use crate::bridge::Board;
use crate::notation::{Decode, RecordReader};
use crate::{Finding, Pos};

mod targets;

pub use targets::Target;
use targets::{BoardWriter, writer_for};

/// The name [`Report::not_kept`] gives the values of a record its decoder
/// could not read (each a decode violation that `kibitz audit` shows): they
/// are not on the board, so the record is written without them.
pub const UNREADABLE: &str = "values the decoder could not read (`kibitz audit` names them)";

/// The decode violations that read every value and find a fault between
/// them (a section without the tags it needs, a call after the play began,
/// a record without a deal): nothing of the record is lost to them.
const RELATIONAL: [&str; 3] = [
    crate::pbn::rules::REQUIRES.id,
    crate::notation::lin::rules::ORDER.id,
    crate::notation::lin::rules::NO_DEAL.id,
];

/// What one conversion did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Records read.
    pub records: u64,
    /// Records written.
    pub written: u64,
    /// Records skipped: index, position, why (the first 100; `skipped_count`
    /// counts them all).
    pub skipped: Vec<(usize, Pos, String)>,
    /// Records skipped in all.
    pub skipped_count: u64,
    /// Fields the target cannot carry, with the number of records that had one.
    pub uncarried: BTreeMap<&'static str, u64>,
    /// What the records held that the board model does not keep, so that
    /// no target carries it (free text, tags no rule reads, values the
    /// decoder could not read), with the number of records that had it.
    pub not_kept: BTreeMap<&'static str, u64>,
    /// The input's notation could not be converted (not bridge, or unknown).
    pub unsupported: Option<String>,
}

/// Converts one input (`name` gives the extension hint for sniffing) to
/// `target`, writing to `out`.
///
/// # Errors
///
/// I/O errors of the input or the output.
///
/// ```
/// use kibitz::convert::{convert, Target};
/// let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n";
/// let mut out = Vec::new();
/// let report = convert("a.pbn", pbn.as_bytes(), Target::Pbn, &mut out).unwrap();
/// assert_eq!((report.records, report.written), (1, 1));
/// assert!(String::from_utf8(out).unwrap().contains("[Board \"1\"]\r\n"));
/// ```
pub fn convert<R: Read, W: Write>(
    name: &str,
    mut input: R,
    target: Target,
    mut out: W,
) -> io::Result<Report> {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    (&mut input)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)?;
    let hint = Notation::from_path(std::path::Path::new(name));
    let notation = sniff(&head, hint);
    let input = io::Cursor::new(head).chain(input);
    let mut report = Report::default();
    let mut writer = writer_for(target);
    match notation {
        Some(Notation::Pbn) => {
            let mut reader = crate::pbn::Reader::new(input);
            records(&mut reader, writer.as_mut(), &mut out, &mut report, false)?;
        }
        Some(Notation::Rbn) => {
            let mut reader = crate::notation::rbn::Reader::new(input);
            records(&mut reader, writer.as_mut(), &mut out, &mut report, false)?;
        }
        Some(Notation::Lin) => {
            let mut reader = crate::notation::lin::Reader::new(input);
            let implicit = target != Target::Lin;
            records(
                &mut reader,
                writer.as_mut(),
                &mut out,
                &mut report,
                implicit,
            )?;
        }
        Some(n) => {
            report.unsupported = Some(format!(
                "{} records cannot be converted to a bridge notation",
                n.game()
            ));
        }
        None => report.unsupported = Some("no notation kibitz reads is recognised".into()),
    }
    Ok(report)
}

/// Converts every record of `reader`; `implicit`: the source states the
/// contract, declarer and result only by its auction and play (LIN), which
/// the target writes as fields of their own ([`implicit_fields`]).
fn records<R: RecordReader, W: Write>(
    reader: &mut R,
    writer: &mut dyn BoardWriter,
    out: &mut W,
    report: &mut Report,
    implicit: bool,
) -> io::Result<()>
where
    R::Raw: Decode<Board>,
{
    let mut raw = R::Raw::default();
    let mut board = Board::default();
    let mut findings: Vec<Finding> = Vec::new();
    let mut buf = Vec::new();
    writer.start(&mut buf)?;
    out.write_all(&buf)?;
    while reader.read_record(&mut raw)? {
        use crate::notation::RawRecord;
        report.records += 1;
        findings.clear();
        raw.take_findings(&mut findings);
        raw.decode(&mut board, &mut findings);
        // A value the decoder could not read (a decode violation, but those
        // that find a fault between values it read) is not on the board, so
        // no writer can carry it.
        let unreadable = findings
            .iter()
            .any(|f| f.severity == crate::Severity::Violation && !RELATIONAL.contains(&f.rule));
        if implicit {
            implicit_fields(&mut board, &mut findings);
        }
        buf.clear();
        let mut fields: smallvec::SmallVec<[&'static str; 4]> = smallvec::SmallVec::new();
        let mut lost: smallvec::SmallVec<[&'static str; 4]> = smallvec::SmallVec::new();
        if unreadable {
            lost.push(UNREADABLE);
        }
        raw.not_kept(&mut |name| {
            if !lost.contains(&name) {
                lost.push(name);
            }
        });
        match writer.board(report.written, &board, &mut buf, &mut |f| fields.push(f)) {
            Ok(()) => {
                out.write_all(&buf)?;
                report.written += 1;
                for field in fields {
                    *report.uncarried.entry(field).or_default() += 1;
                }
                for field in lost {
                    *report.not_kept.entry(field).or_default() += 1;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
                report.skipped_count += 1;
                if report.skipped.len() < 100 {
                    report
                        .skipped
                        .push((raw.index(), raw.start(), e.to_string()));
                }
            }
            Err(e) => return Err(e),
        }
    }
    out.flush()
}

/// The Contract, Declarer and Result of a board whose notation states them by
/// its auction and play only (LIN: `mc` gives a claim's tricks, nothing else
/// these), for targets that write them as tags (PBN) or lines (RBN): the
/// contract and declarer where the auction ends as the rules replay it, the
/// result where the play runs to its thirteenth trick without a revoke (after
/// one, Law 64 may move tricks the play does not show). Nothing is derived
/// from an auction or play the replay cannot finish, and nothing the record
/// states is changed: conversion is not repair. `scratch` takes the rules'
/// findings, which the conversion does not report.
fn implicit_fields(board: &mut Board, scratch: &mut Vec<Finding>) {
    use crate::bridge::auction::AuctionEnd;
    use crate::bridge::{At, ContractTag, DeclarerTag, ResultTag};
    let Some(pos) = board.auction.as_ref().map(|a| a.pos) else {
        return;
    };
    if board.contract.is_some() || board.declarer.is_some() {
        return;
    }
    scratch.clear();
    let outcome = crate::bridge::check_board(board, scratch);
    scratch.clear();
    let (contract, declarer) = match outcome.auction {
        Some(AuctionEnd::Ended(Some((contract, seat)))) => (
            ContractTag::Contract(contract),
            DeclarerTag::Seat {
                seat,
                swapped: false,
            },
        ),
        Some(AuctionEnd::Ended(None)) => (ContractTag::Pass, DeclarerTag::PassedOut),
        _ => return,
    };
    board.contract = Some(At::new(contract, pos));
    board.declarer = Some(At::new(declarer, pos));
    if board.result.is_none() && contract == ContractTag::Pass {
        // No tricks: the Result does not apply (PBN's empty value).
        board.result = Some(At::new(None, pos));
    } else if board.result.is_none()
        && let Some(play) = outcome.play
        && play.finished
        && play.revokes == 0
    {
        let result = ResultTag {
            declarer: Some(play.declarer_tricks),
            ..ResultTag::default()
        };
        board.result = Some(At::new(Some(result), pos));
    }
}

/// One input to convert and where its output goes (`None`: standard output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The input.
    pub input: crate::audit::Input,
    /// The output file, or `None` for standard output.
    pub output: Option<std::path::PathBuf>,
}

/// Plans the conversion of `paths` into `output`: one input and `output` a file
/// or `-` (stdout); otherwise `output` is a directory, and each input keeps its
/// path relative to the directory given (a file given by name keeps its name),
/// with `target`'s extension. Paths that cannot be read are returned with their
/// error; files of other kinds in directories are counted in `skipped`.
///
/// ```
/// use kibitz::convert::{plan, Target};
/// let (jobs, bad) = plan(&["a/b.pbn".into()], "-", Target::Pbn, &mut 0);
/// assert!(jobs.is_empty() && bad.len() == 1); // a/b.pbn does not exist
/// ```
pub fn plan(
    paths: &[String],
    output: &str,
    target: Target,
    skipped: &mut u64,
) -> (Vec<Job>, Vec<(String, io::Error)>) {
    use crate::audit::{Input, collect_inputs};
    use std::path::{Path, PathBuf};
    let mut jobs = Vec::new();
    let mut bad = Vec::new();
    let single = paths.len() == 1 && !Path::new(&paths[0]).is_dir();
    for p in paths {
        let (inputs, errors) = collect_inputs(std::slice::from_ref(p), skipped);
        bad.extend(errors);
        let base = Path::new(p);
        for input in inputs {
            let out = match (&input, single) {
                (_, true) if output == "-" => None,
                (_, true) => Some(PathBuf::from(output)),
                (Input::Stdin, false) => {
                    Some(Path::new(output).join(format!("stdin.{}", target.extension())))
                }
                (Input::File(f), false) => {
                    let rel = if base.is_dir() {
                        f.strip_prefix(base).unwrap_or(f).to_path_buf()
                    } else {
                        PathBuf::from(f.file_name().unwrap_or_default())
                    };
                    Some(Path::new(output).join(with_extension(&rel, target)))
                }
                (Input::ZipMember { member, .. }, false) => {
                    Some(Path::new(output).join(with_extension(Path::new(member), target)))
                }
            };
            jobs.push(Job { input, output: out });
        }
    }
    (jobs, bad)
}

/// `rel` with `target`'s extension in place of its own (and of a compression
/// suffix: `x.pbn.gz` becomes `x.lin`).
fn with_extension(rel: &std::path::Path, target: Target) -> std::path::PathBuf {
    let name = rel.to_string_lossy();
    std::path::Path::new(crate::audit::without_compression_suffix(&name))
        .with_extension(target.extension())
}

/// Runs one [`Job`]: opens its input and output (creating the output's folder)
/// and converts. An input that is no bridge archive leaves no output file.
///
/// # Errors
///
/// I/O errors of input or output.
pub fn run_job(job: &Job, target: Target) -> io::Result<Report> {
    let name = job.input.name();
    crate::audit::with_input(&job.input, |input| match &job.output {
        None => convert(
            &name,
            input,
            target,
            io::BufWriter::new(io::stdout().lock()),
        ),
        Some(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            let file = std::fs::File::create(path)?;
            let report = convert(&name, input, target, io::BufWriter::new(file))?;
            if report.unsupported.is_some() && report.written == 0 {
                // Nothing was converted: no empty file is left that would
                // pass for the input's conversion.
                std::fs::remove_file(path)?;
            }
            Ok(report)
        }
    })
}
