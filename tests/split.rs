//! One input on several threads (`--jobs N` on a single file): the findings,
//! their order, line numbers, record indexes and the summary are exactly those
//! of one thread, on a generated file full of planted faults and of what makes
//! PBN records depend on each other (`#` inheritance, comments spanning blank
//! lines, records without a blank line before them, ScoreIMP across tables),
//! and on the real corpus.

mod common;

use std::path::Path;

use kibitz::Finding;
use kibitz::audit::{AuditOptions, Summary, audit_stream};
use kibitz::bridge::Room;
use kibitz::bridge::generate::{Fault, Settings, generate_board};
use kibitz::choose::{ByteChooser, splitmix_bytes};

/// A PBN file of `n` generated games: every third one with a planted fault
/// (all kinds in turn), pairs of Open and Closed tables of one board far apart
/// with a wrong ScoreIMP, `#` values, comments over blank lines, a comment that
/// is never closed, records without a blank line before them, and a record
/// with more findings than are kept.
fn generated(n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let mut twins: Vec<Vec<u8>> = Vec::new();
    for i in 0..n {
        let mut g = common::generated_game(i, 3);
        let twin = i % 10 == 5;
        if twin {
            g.board.room = Some(Room::Open);
        }
        let mut text = kibitz::fuzzing::write_pbn(&g);
        if twin {
            g.board.room = Some(Room::Closed);
            let closed = kibitz::fuzzing::write_pbn(&g);
            // The same play at both tables is 0 IMPs: 3 is wrong.
            twins.push(replace(
                &closed,
                "[Room \"Closed\"]",
                "[Room \"Closed\"]\n[ScoreIMP \"NS 3\"]",
            ));
        }
        if i % 7 == 1 {
            text = replace(&text, "[Event \"kibitz generated\"]", "[Event \"#\"]");
        }
        if i % 11 == 2 {
            text = replace(
                &text,
                "[Date ",
                "{ a comment\n\nover a blank line }\n[Date ",
            );
        }
        out.extend_from_slice(&text);
        match i % 13 {
            // No blank line: the next Event tag starts a record.
            3 => {}
            6 => out.extend_from_slice(b"\n{ a comment never closed\n\n"),
            9 => {
                out.extend_from_slice(b"\n[Event \"many\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n");
                out.extend_from_slice("1C ".repeat(300).as_bytes());
                out.extend_from_slice(b"\n\n");
            }
            _ => out.push(b'\n'),
        }
        // The other table comes 50 records later (in another batch).
        if i % 10 == 5 && twins.len() > 4 {
            out.extend_from_slice(&twins.remove(0));
            out.push(b'\n');
        }
    }
    for t in twins {
        out.extend_from_slice(&t);
        out.push(b'\n');
    }
    out
}

fn replace(text: &[u8], from: &str, to: &str) -> Vec<u8> {
    let s = String::from_utf8(text.to_vec()).expect("generated PBN is UTF-8");
    assert!(s.contains(from), "{from:?} not in\n{s}");
    s.replacen(from, to, 1).into_bytes()
}

fn audit(text: &[u8], input_jobs: usize) -> (Vec<Finding>, Summary) {
    audit_in_pieces(text, input_jobs, AuditOptions::default().input_piece)
}

fn audit_in_pieces(text: &[u8], input_jobs: usize, input_piece: usize) -> (Vec<Finding>, Summary) {
    let opts = AuditOptions {
        input_jobs,
        input_piece,
        ..AuditOptions::default()
    };
    let mut findings = Vec::new();
    let mut summary = Summary::default();
    audit_stream(text, &opts, &mut summary, &mut |f| findings.push(f.clone()))
        .expect("reading memory cannot fail");
    (findings, summary)
}

/// One thread's findings and summary, checked equal to those of two and three
/// threads reading the input in pieces of each of the `sizes`.
fn assert_same_in_pieces(text: &[u8], sizes: &[usize]) -> (Vec<Finding>, Summary) {
    let one = audit(text, 1);
    for &size in sizes {
        for jobs in [2, 3] {
            let many = audit_in_pieces(text, jobs, size);
            let what = format!("{jobs} threads, pieces of {size} bytes");
            assert_eq!(one.1, many.1, "summary with {what}");
            for (a, b) in one.0.iter().zip(&many.0) {
                assert_eq!(a, b, "first difference with {what}");
            }
            assert_eq!(one.0.len(), many.0.len(), "findings with {what}");
        }
    }
    one
}

#[test]
fn generated_file_audits_the_same_on_one_two_and_three_threads() {
    let text = generated(3000);
    let (findings, summary) = assert_same_in_pieces(&text, &[256 * 1024, 20_000, 3000]);
    // Not vacuous: the planted faults and the hazards are there and found.
    for fault in Fault::ALL {
        let rule = fault.rule().id;
        assert!(findings.iter().any(|f| f.rule == rule), "no {rule}");
    }
    for rule in [
        "bridge.score.imp",
        "pbn.syntax.comment",
        "pbn.record.missing-blank-line",
        "bridge.auction.insufficient",
        "bridge.limit.findings",
    ] {
        assert!(findings.iter().any(|f| f.rule == rule), "no {rule}");
    }
    // 3000 games, 3000 / 13 records with many findings, a record split off at
    // each missing blank line; far more than one batch of records.
    assert!(summary.records > 3000 + 3000 / 13, "{}", summary.records);
    let imp = findings
        .iter()
        .filter(|f| f.rule == "bridge.score.imp")
        .count();
    assert!(imp >= 100, "only {imp} ScoreIMP findings");
}

#[test]
fn command_line_output_is_byte_identical_for_jobs_1_2_3() {
    let dir = std::env::temp_dir().join(format!("kibitz-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("generated.pbn");
    std::fs::write(&file, generated(1500)).unwrap();
    let f = file.to_str().unwrap();
    for format in ["text", "json"] {
        let one = common::kibitz_violations(&["audit", "--format", format, "-j1", f]);
        assert!(one.len() > 100_000, "{} bytes of output", one.len());
        for j in ["-j2", "-j3"] {
            assert!(
                one == common::kibitz_violations(&["audit", "--format", format, j, f]),
                "{format} {j}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corpus_audits_the_same_on_one_two_and_three_threads() {
    let Some(root) = common::corpus() else {
        return;
    };
    // Every PBN file of the corpus, one after the other in one input.
    let mut text = Vec::new();
    for f in common::files_with_ext(&root, "pbn") {
        text.extend(std::fs::read(&f).unwrap());
    }
    // Pieces of the default size, and small ones: a cut in every file.
    let (_, summary) = assert_same_in_pieces(&text, &[256 * 1024, 10_000]);
    assert!(summary.records > 20_000, "{}", summary.records);
    // The folder on the command line: inputs in order whatever the threads.
    let dir = root.join("bridge");
    let d = dir.to_str().unwrap();
    let one = common::kibitz_violations(&["audit", "-j1", d]);
    for j in ["-j2", "-j3"] {
        assert!(
            one == common::kibitz_violations(&["audit", j, d]),
            "{j} on {}",
            Path::new(d).display()
        );
    }
}

/// A file whose records lean on the records before them in every way PBN
/// allows (`#` for defined and other tags, `##` sticky tags, `% EXPORT` and
/// `% PBN` declared midway, tabs that matter only in export files, comments
/// over blank lines, records without a blank line before them), and no
/// comment left open: read in pieces of every size, each piece guesses that
/// state and is read again where the guess was wrong.
fn leaning(n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        let bytes = splitmix_bytes(i + 7_000, 400);
        let g = generate_board(
            &mut ByteChooser::new(&bytes),
            (i % 32) as u32 + 1,
            &Settings {
                claims: true,
                fault: (i % 5 == 0).then(|| Fault::ALL[(i / 5) as usize % Fault::ALL.len()]),
            },
        );
        let mut text = String::from_utf8(kibitz::fuzzing::write_pbn(&g)).unwrap();
        let event = match i % 9 {
            0 => format!("[Event \"event {}\"]", i / 9),
            4 => format!("[Event \"##sticky {}\"]", i / 9),
            _ => "[Event \"#\"]".to_string(),
        };
        text = text.replacen("[Event \"kibitz generated\"]", &event, 1);
        let own = match i % 6 {
            0 => format!("[MyTag \"mine {i}\"]\n"),
            3 => "[MyTag \"#\"]\n".to_string(),
            5 if i % 4 == 1 => format!("[OurTag \"##ours {i}\"]\n"),
            _ => String::new(),
        };
        text = text.replacen("[Site ", &format!("{own}[Site "), 1);
        if i % 8 == 2 {
            text = text.replacen("[Site ", "[Site \"#\"]\n[Dummy ", 1);
        }
        if i % 10 == 7 {
            // Only records with the sticky Event or Date lack it.
            text = text
                .lines()
                .filter(|l| !l.starts_with("[Date ") && !l.starts_with("[Event "))
                .map(|l| format!("{l}\n"))
                .collect();
        }
        if i % 11 == 3 {
            text = text.replacen("[Date ", "[Date \"##2026.11.24\"]\n[Dummy2 ", 1);
        }
        if i % 13 == 5 {
            text = text.replacen("[Deal ", "{ a comment\n\nover a blank line }\n[Deal ", 1);
        }
        if i == n / 2 {
            // A record longer than 64 pieces of small sizes and no place to
            // cut in it: the rest is read by one reader.
            text = text.replacen(
                "[Deal ",
                &format!("{{{}}}\n[Deal ", "long comment\n".repeat(700)),
                1,
            );
        }
        if i == n - 40 {
            // Where a piece may end inside the comment: the rest is read by
            // one reader.
            text = text.replacen("[Deal ", "{ a comment\n\n[over a blank line] }\n[Deal ", 1);
        }
        if i % 17 == 9 {
            text = text.replacen("[Deal ", "\t[Deal ", 1);
        }
        match i % 97 {
            20 => out.extend_from_slice(b"% PBN 2.1\n"),
            50 => out.extend_from_slice(b"% EXPORT\n"),
            70 => out.extend_from_slice(b"% PBN 1.0\n"),
            _ => {}
        }
        out.extend_from_slice(text.as_bytes());
        if i % 19 != 4 {
            // Else no blank line: the next Event tag starts a record.
            out.push(b'\n');
        }
    }
    out
}

#[test]
fn records_leaning_on_earlier_ones_audit_the_same_in_pieces_of_any_size() {
    let text = leaning(1500);
    let (findings, summary) = assert_same_in_pieces(&text, &[256 * 1024, 30_000, 4_000, 700, 1]);
    assert!(summary.records >= 1500, "{}", summary.records);
    let tabs = findings.iter().filter(|f| f.rule == "pbn.export").count();
    assert!(tabs > 10, "{tabs} tabs in export files");
    assert!(
        findings
            .iter()
            .any(|f| f.rule == "pbn.record.missing-blank-line")
    );
}

/// The fuzzers' saved inputs for the PBN reader (the odd shapes they found:
/// broken tags, comments, escapes, control bytes): in pieces of 1, 64 and 700
/// bytes on two or three threads, the findings and summary of one.
#[test]
fn fuzz_corpora_audit_the_same_in_pieces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpora");
    let mut inputs = 0;
    for target in ["pbn_decode", "pbn_chunks"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(target))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let data = std::fs::read(&f).unwrap();
            // pbn_chunks inputs start with their chunk sizes: the rest is PBN.
            let text = if target == "pbn_chunks" {
                let n = data.first().map_or(0, |&n| usize::from(n % 16) + 1);
                &data[n.min(data.len())..]
            } else {
                &data[..]
            };
            let one = audit(text, 1);
            for (size, jobs) in [(1, 2), (64, 3), (700, 2)] {
                let many = audit_in_pieces(text, jobs, size);
                assert!(
                    one == many,
                    "{} in pieces of {size}, {jobs} threads",
                    f.display()
                );
            }
            inputs += 1;
        }
    }
    assert!(inputs > 500, "{inputs} inputs");
}

/// Findings made before a record's first tag belong to that record, also when
/// a piece ends between them and the record (a fuzzer found it: the piece's
/// reader made a record of them alone).
#[test]
fn findings_before_a_record_stay_with_it_in_pieces() {
    let text = b"% \x00PBN 2.1\n\n[Event \"e\"]\n[Board \"1\"]\n\n% \x01x\n\n[Event \"f\"]\n";
    let (findings, summary) = assert_same_in_pieces(text, &[1, 16, 30]);
    assert_eq!(summary.records, 2);
    let chars: Vec<usize> = (findings.iter())
        .filter(|f| f.rule == "pbn.syntax.character")
        .map(|f| f.record)
        .collect();
    assert_eq!(chars, [1, 2]);
}

/// Bytes of `data` up to `fail_at`, then a read error, then nothing (as a
/// decoder that gave up).
struct Failing<'a> {
    data: &'a [u8],
    pos: usize,
    fail_at: usize,
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.pos > self.fail_at {
            return Ok(0);
        }
        if self.pos == self.fail_at {
            self.pos += 1;
            return Err(std::io::Error::other("the disk failed"));
        }
        let n = out.len().min(self.fail_at - self.pos).min(100);
        out[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// A read error in the middle of the input, also right after a piece that
/// ends inside a comment: the error is returned, after the records read
/// before it (as with one thread, the record being read is lost).
#[test]
fn a_read_error_is_returned_after_the_records_before_it() {
    let mut text = leaning(60);
    let open = text.len();
    text.extend_from_slice(b"{ open\n\n[Event \"e\"]\n[Board \"1\"]\n\n");
    text.extend_from_slice(&leaning(60));
    for fail_at in [open / 2, open + 20, text.len() - 10] {
        for (jobs, piece) in [(1, 0), (2, 700), (3, 64)] {
            let opts = AuditOptions {
                input_jobs: jobs,
                input_piece: piece.max(1),
                ..AuditOptions::default()
            };
            let mut summary = Summary::default();
            let input = Failing {
                data: &text,
                pos: 0,
                fail_at,
            };
            let result = audit_stream(input, &opts, &mut summary, &mut |_| {});
            let e = result.expect_err("the read error is returned");
            assert_eq!(e.to_string(), "the disk failed");
            assert!(summary.records > 0, "{jobs} jobs, failing at {fail_at}");
        }
    }
}

/// A deal of `seed`, as a PBN Deal value: the pack dealt by a shuffle of its
/// own (xorshift), 13 cards a hand.
fn shuffled_deal(seed: u64) -> String {
    let mut cards: Vec<(usize, usize)> =
        (0..4).flat_map(|s| (0..13).map(move |r| (s, r))).collect();
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..52).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let hand = |h: &[(usize, usize)]| {
        (0..4)
            .map(|s| {
                let mut ranks: Vec<usize> = h.iter().filter(|c| c.0 == s).map(|c| c.1).collect();
                ranks.sort_unstable();
                ranks
                    .iter()
                    .map(|&r| "AKQJT98765432".as_bytes()[r] as char)
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    let hands: Vec<String> = cards.chunks(13).map(hand).collect();
    format!("N:{}", hands.join(" "))
}

/// Three matches (Rounds 1-3) of `boards` boards, each written one room's
/// boards first, then the other's; in each match one board's closed-room
/// deal has East's and West's hands swapped. Returns the text and the
/// records (1-based) of those closed tables.
fn rooms_one_after_the_other(boards: u64) -> (Vec<u8>, Vec<usize>) {
    let mut text = String::new();
    let mut faulty = Vec::new();
    let mut record = 0;
    for round in 1..=3u64 {
        for room in ["Open", "Closed"] {
            for board in 1..=boards {
                record += 1;
                let mut deal = shuffled_deal(board * 31 + round);
                if room == "Closed" && board == round * 5 {
                    let mut hands: Vec<&str> = deal[2..].split(' ').collect();
                    hands.swap(1, 3);
                    deal = format!("N:{}", hands.join(" "));
                    faulty.push(record);
                }
                text += &format!(
                    "[Event \"Teams\"]\n[Round \"{round}\"]\n[Board \"{board}\"]\n\
                     [Room \"{room}\"]\n[Deal \"{deal}\"]\n\n"
                );
            }
        }
    }
    (text.into_bytes(), faulty)
}

#[test]
fn the_rooms_deals_are_compared_when_one_room_is_written_after_the_other() {
    // 3 x 2 x 30 tables: a table leaves the ring of 64 unpaired during the
    // next match (Round 2, 3) or stays to the file's end. Every planted fault
    // is found once, at the closed table, whatever the threads and pieces;
    // no table is compared with another round's.
    let (text, faulty) = rooms_one_after_the_other(30);
    let (findings, summary) = assert_same_in_pieces(&text, &[1 << 10, 4 << 10, 1 << 16]);
    assert_eq!(summary.records, 180);
    let rooms: Vec<usize> = findings
        .iter()
        .filter(|f| f.rule == "bridge.board.rooms")
        .map(|f| f.record)
        .collect();
    assert_eq!(rooms, faulty, "{findings:#?}");
    assert_eq!(faulty.len(), 3);
}
