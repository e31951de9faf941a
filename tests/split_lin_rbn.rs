//! One LIN or RBN input on several threads (`--jobs N` on a single file): a
//! LIN input is read in pieces, each by a reader of its own resumed from a
//! guess of the vugraph header in effect (`audit/pieces`); an RBN input's
//! records are read in order on the calling thread, and decoded and checked
//! on the workers (`audit/split.rs`). The findings, their order, record
//! indexes, line numbers and the summary must be exactly those of one
//! thread: on generated files with planted faults (LIN in both its forms, RBN
//! and RBX), on LIN files whose vugraph headers the records after them
//! inherit and whose pieces may end where no record does, in pieces of many
//! sizes, on the real LIN corpus, on the LIN fuzzer's saved inputs, through a
//! read error, and on the command line.

mod common;

use std::io::{self, Read};

use kibitz::Finding;
use kibitz::audit::{AuditOptions, Summary};
use kibitz::bridge::generate::Fault;
use kibitz::bridge::{Board, Room};
use kibitz::notation::{lin, rbn};

/// `n` generated boards: every third with a planted fault (all kinds in turn),
/// every tenth played at both tables (Open, then Closed), a few with claims.
fn boards(n: u64) -> Vec<Board> {
    let mut out = Vec::new();
    for i in 0..n {
        let mut g = common::generated_game(i, 3);
        if i % 10 == 5 {
            g.board.room = Some(Room::Open);
            out.push(g.board.clone());
            g.board.room = Some(Room::Closed);
        }
        out.push(g.board);
    }
    out
}

fn lin_text(boards: &[Board], vugraph: bool) -> Vec<u8> {
    let mut w = if vugraph {
        lin::writer::Writer::vugraph(Vec::new())
    } else {
        lin::writer::Writer::new(Vec::new())
    };
    for b in boards {
        w.write_board(b).expect("writing to memory");
    }
    w.into_inner()
}

fn rbn_text(boards: &[Board], form: rbn::writer::Form) -> Vec<u8> {
    let mut w = rbn::writer::Writer::new(Vec::new(), form);
    for b in boards {
        w.write_board(b).expect("writing to memory");
    }
    w.into_inner()
}

/// The findings and summary of `input` (named `name`: its extension is the
/// notation's hint) on `jobs` threads, and the error that ended it.
fn audit<R: Read>(
    name: &str,
    input: R,
    jobs: usize,
) -> (Vec<Finding>, Summary, Option<io::ErrorKind>) {
    common::audit_in_pieces(name, input, jobs, AuditOptions::default().input_piece)
}

/// One thread's findings and summary, checked equal to those of two and three.
fn assert_same(name: &str, text: &[u8]) -> (Vec<Finding>, Summary) {
    common::assert_same_in_pieces(name, text, &[AuditOptions::default().input_piece])
}

/// The planted faults that LIN and RBN both carry (auction and play) are found.
fn assert_planted(name: &str, findings: &[Finding]) {
    for fault in [
        Fault::Revoke,
        Fault::CardNotHeld,
        Fault::InsufficientBid,
        Fault::IllegalDouble,
    ] {
        let rule = fault.rule().id;
        assert!(findings.iter().any(|f| f.rule == rule), "{name}: no {rule}");
    }
}

#[test]
fn generated_lin_audits_the_same_on_one_two_and_three_threads() {
    let boards = boards(2000);
    for (name, vugraph) in [("generated.lin", false), ("vugraph.lin", true)] {
        let text = lin_text(&boards, vugraph);
        let (findings, summary) =
            common::assert_same_in_pieces(name, &text, &[256 * 1024, 30_000, 3_000]);
        assert_planted(name, &findings);
        // Far more records than one batch (32) holds.
        assert!(summary.records >= 2000, "{name}: {}", summary.records);
        assert_eq!(summary.bytes, text.len() as u64, "{name}");
    }
}

#[test]
fn generated_rbn_and_rbx_audit_the_same_on_one_two_and_three_threads() {
    let boards = boards(2000);
    for (name, form) in [
        ("generated.rbn", rbn::writer::Form::Rbn),
        ("generated.rbx", rbn::writer::Form::Rbx),
    ] {
        let text = rbn_text(&boards, form);
        let (findings, summary) = assert_same(name, &text);
        assert_planted(name, &findings);
        assert!(summary.records >= 2000, "{name}: {}", summary.records);
        assert_eq!(summary.bytes, text.len() as u64, "{name}");
    }
}

/// Vugraph headers (`vg|...|pn|...|`) every few records, a header no record
/// uses, text where a tag should be, and a value longer than kept: what the
/// records take from the reader's state, read in order on one thread.
#[test]
fn lin_headers_and_syntax_faults_audit_the_same_on_several_threads() {
    let boards = boards(400);
    let mut text = Vec::new();
    for (i, chunk) in boards.chunks(7).enumerate() {
        text.extend_from_slice(format!("vg|Match {i},Segment 1,I,1,7,A,0,B,0|\n").as_bytes());
        text.extend_from_slice(b"pn|n1,e1,s1,w1,n2,e2,s2,w2|\n");
        let body = lin_text(chunk, true);
        // The writer's own header is replaced by the one above.
        let start = body
            .windows(3)
            .position(|w| w == b"qx|")
            .expect("a vugraph record starts with qx");
        text.extend_from_slice(&body[start..]);
        match i % 5 {
            1 => text.extend_from_slice(b"vg|Unused header,,I,1,1,A,0,B,0|\n"),
            2 => text.extend_from_slice(b"xyz|not a tag|\n"),
            3 => {
                text.extend_from_slice(b"nt|");
                text.extend_from_slice(&vec![b'x'; 70_000]);
                text.extend_from_slice(b"|\n");
            }
            _ => {}
        }
    }
    let sizes = [256 * 1024, 20_000, 2_000, 300];
    let (findings, summary) = common::assert_same_in_pieces("headers.lin", &text, &sizes);
    assert_planted("headers.lin", &findings);
    for rule in ["lin.syntax.tag", "lin.limit.value"] {
        assert!(findings.iter().any(|f| f.rule == rule), "no {rule}");
    }
    assert!(summary.records >= 400, "{}", summary.records);
}

#[test]
fn lin_corpus_audits_the_same_on_one_two_and_three_threads() {
    let Some(root) = common::corpus() else {
        return;
    };
    let mut text = Vec::new();
    for f in common::files_with_ext(&root.join("bridge"), "lin") {
        text.extend(std::fs::read(&f).unwrap());
        text.push(b'\n');
    }
    let (_, summary) =
        common::assert_same_in_pieces("corpus.lin", &text, &[256 * 1024, 10_000, 1_000]);
    assert!(summary.records > 100, "{}", summary.records);
}

/// A LIN file whose pieces may end where no record of the whole input does,
/// or start with a wrong guess of the header: both forms one after the other
/// (a `pn` line after a `qx` record belongs to it), headers whose `pn` line
/// opens a line (a place to cut inside a header), a header no record uses, a
/// value over several lines whose lines open with `pn|` and `qx|`, a `vg|`
/// inside a value (the header guessed from it is wrong), text where a tag
/// should be, line ends `\r\n`, blank lines and a value that the input ends
/// in. Read in pieces down to one byte: every place to cut is taken.
#[test]
fn lin_pieces_that_end_where_no_record_does_audit_the_same() {
    let boards = boards(160);
    let mut text = Vec::new();
    for (i, chunk) in boards.chunks(4).enumerate() {
        let mut part = match i % 4 {
            0 | 2 => lin_text(chunk, false),
            1 => {
                let mut h =
                    format!("vg|Match {i},Segment 1,I,1,4,A,0,B,0|\nrs|3NN=,4SS-1|\n").into_bytes();
                h.extend_from_slice(b"pn|n1,e1,s1,w1,n2,e2,s2,w2|\n");
                let body = lin_text(chunk, true);
                let start = body.windows(3).position(|w| w == b"qx|").unwrap();
                h.extend_from_slice(&body[start..]);
                h
            }
            _ => lin_text(chunk, true),
        };
        match i % 9 {
            1 => part.extend_from_slice(b"vg|Unused header,,I,1,1,A,0,B,0|\n"),
            2 => part.extend_from_slice(b"nt|a note over\npn|three lines,\nqx|o9 and more|\n"),
            3 => part.extend_from_slice(b"xyz|not a tag|\n"),
            4 => {
                part = String::from_utf8(part)
                    .unwrap()
                    .replace('\n', "\r\n")
                    .into_bytes()
            }
            5 => part.extend_from_slice(b"nt|see vg|\npn|a,b,c,d|\n"),
            6 => part.extend_from_slice(b"\n\n   \n"),
            _ => {}
        }
        if i == 0 {
            // A teaching file's title page, tags that carry no board, before
            // a `qx` record: they join it (a piece that ends before the
            // `qx` is not at rest) rather than make a record of their own.
            text.extend_from_slice(b"cr|3255|cg|30 |cb|30 |\nbt||mn|Ten problems|at|Level 1|\n");
            let body = lin_text(&chunk[..1], true);
            let start = body.windows(3).position(|w| w == b"qx|").unwrap();
            text.extend_from_slice(&body[start..]);
        }
        text.extend_from_slice(&part);
    }
    text.extend_from_slice(b"pn|a,b,c,d|md|3SA,SK,SQ,|nt|the input ends here");
    let sizes = [256 * 1024, 5_000, 1_000, 200, 1];
    let (findings, summary) = common::assert_same_in_pieces("leaning.lin", &text, &sizes);
    assert!(summary.records >= 100, "{}", summary.records);
    assert_planted("leaning.lin", &findings);
    for rule in ["lin.syntax.tag", "lin.syntax.unterminated"] {
        assert!(findings.iter().any(|f| f.rule == rule), "no {rule}");
    }
}

/// The LIN fuzzer's saved inputs (the odd shapes it found), in pieces of 1,
/// 64 and 700 bytes on two or three threads: the findings and summary of one.
#[test]
fn lin_fuzz_inputs_audit_the_same_in_pieces() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpora/lin_decode");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in &files {
        let text = std::fs::read(f).unwrap();
        let one = audit("fuzz.lin", &text[..], 1);
        for (size, jobs) in [(1, 2), (64, 3), (700, 2)] {
            let many = common::audit_in_pieces("fuzz.lin", &text[..], jobs, size);
            assert!(
                one == many,
                "{} in pieces of {size}, {jobs} threads",
                f.display()
            );
        }
    }
    assert!(files.len() > 50, "{} inputs", files.len());
}

/// Bytes of `data` up to `fail_at`, then a read error.
struct Failing<'a> {
    data: &'a [u8],
    at: usize,
    fail_at: usize,
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.fail_at {
            return Err(io::Error::other("disk gone"));
        }
        let n = buf.len().min(self.fail_at - self.at).min(4096);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A read error in the middle of the input is returned after the records read
/// before it, reported as one thread reports them.
#[test]
fn a_read_error_is_returned_after_the_records_before_it() {
    let boards = boards(600);
    for (name, text) in [
        ("failing.lin", lin_text(&boards, false)),
        ("failing.rbn", rbn_text(&boards, rbn::writer::Form::Rbn)),
    ] {
        let fail_at = text.len() / 2;
        let input = || Failing {
            data: &text,
            at: 0,
            fail_at,
        };
        let one = audit(name, input(), 1);
        assert_eq!(one.2, Some(io::ErrorKind::Other), "{name}");
        assert!(one.1.records > 100, "{name}: {}", one.1.records);
        for jobs in [2, 3] {
            let many = audit(name, input(), jobs);
            assert_eq!(one.0, many.0, "{name}: findings on {jobs} threads");
            assert_eq!(one.1, many.1, "{name}: summary on {jobs} threads");
            assert_eq!(many.2, Some(io::ErrorKind::Other), "{name}");
        }
    }
}

#[test]
fn command_line_output_is_byte_identical_for_jobs_1_2_3() {
    let dir = std::env::temp_dir().join(format!("kibitz-split-lin-rbn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let boards = boards(1000);
    for (file, text) in [
        ("generated.lin", lin_text(&boards, false)),
        ("generated.rbn", rbn_text(&boards, rbn::writer::Form::Rbn)),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let f = path.to_str().unwrap();
        for format in ["text", "json"] {
            let one = common::kibitz_violations(&["audit", "--format", format, "-j1", f]);
            assert!(one.len() > 20_000, "{file}: {} bytes of output", one.len());
            for j in ["-j2", "-j3"] {
                assert!(
                    one == common::kibitz_violations(&["audit", "--format", format, j, f]),
                    "{file} {format} {j}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Records with a hundred findings each or more: a piece's findings soon
/// outgrow its share of what the pieces in flight may hold, and from that
/// piece on the rest of the input is read by one reader and its records
/// shared out (`audit/pieces`): the findings and summary of one thread, with
/// pieces too small to outgrow their share and large enough to.
#[test]
fn records_with_many_findings_audit_the_same_in_pieces() {
    let boards = boards(400);
    let mut text = Vec::new();
    for (i, line) in lin_text(&boards, false)
        .split_inclusive(|&b| b == b'\n')
        .enumerate()
    {
        let body = line.strip_suffix(b"\n").unwrap_or(line);
        text.extend_from_slice(body);
        // Unknown tags after the first records: a notice each.
        if i >= 40 {
            text.extend_from_slice(&b"zz|1|".repeat(150));
        }
        text.push(b'\n');
    }
    let sizes = [256 * 1024, 10_000];
    let (findings, summary) = common::assert_same_in_pieces("findings.lin", &text, &sizes);
    assert!(summary.records >= 400, "{}", summary.records);
    let unknown = findings
        .iter()
        .filter(|f| f.rule == "lin.tag.unknown")
        .count();
    assert!(unknown > 100 * 300, "{unknown} unknown tags");
}
