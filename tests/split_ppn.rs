//! One preferans PPN text input on several threads (`--jobs N` on a single
//! file): the text is cut where games start and the pieces are audited by
//! workers (`audit/preferans/pieces.rs`). The findings, their order, record
//! indexes, line numbers and the summary must be exactly those of one thread:
//! on generated games with planted faults and dirty lines, in pieces of many
//! sizes (down to one byte: a cut at every game), through a game longer than
//! the search for a cut, through a read error, on the fuzzer's saved inputs
//! and on the command line.

mod common;

use std::io::{self, Read};

use kibitz::Finding;
use kibitz::audit::Summary;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::ppn::write_game;
use kibitz::preferans::generate::{Fault, Settings, generate_game};

/// `n` generated games of 1 to 12 deals, every second with a planted fault
/// (all kinds in turn), and between them what real files hold besides games:
/// blank lines, CRLF line ends, stray text, a tag line with no game after it,
/// a game of tags alone, indented lines; and once each, late in the text, a
/// tag line over the line limit (64 KiB) after a game, and a game whose only
/// deal line is over it.
fn games(n: u64) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..n {
        let settings = Settings {
            deals: 1 + (i as usize * 7) % 12,
            fault: (i % 2 == 1).then(|| Fault::ALL[(i as usize / 2) % Fault::ALL.len()]),
            ..Settings::default()
        };
        let bytes = splitmix_bytes(500 + i, 12 * 160);
        let g = generate_game(&mut ByteChooser::new(&bytes), &settings);
        let mut game = String::new();
        write_game(&g.tags, &g.deals, &mut game);
        match i % 9 {
            _ if i + 10 == n => text.push_str(&format!("[Note \"{}\"]\n", "x".repeat(70_000))),
            _ if i + 7 == n => text.push_str(&format!("[Bula 60]\n[9 1 {}]\n", "x".repeat(70_000))),
            1 => game = game.replace('\n', "\r\n"),
            2 => text.push_str("stray text between games\n"),
            3 => text.push_str("[Bula 60]\n[Refe 2]\n\n"),
            4 => game = game.replacen("\n[", "\n   [", 3),
            6 => text.push_str("\n\n  \t\n"),
            _ => {}
        }
        text.push_str(&game);
        text.push('\n');
    }
    text.into_bytes()
}

/// The findings and summary of `input` on `jobs` threads in pieces of about
/// `piece` bytes, and the error that ended it.
fn audit<R: Read>(
    input: R,
    jobs: usize,
    piece: usize,
) -> (Vec<Finding>, Summary, Option<io::ErrorKind>) {
    common::audit_in_pieces("x.ppn", input, jobs, piece)
}

#[test]
fn generated_games_audit_the_same_in_pieces_of_any_size() {
    let text = games(60);
    let (findings, summary) =
        common::assert_same_in_pieces("x.ppn", &text, &[1, 2, 100, 777, 5000, 1 << 13, 1 << 18]);
    // The planted faults and the dirty lines are found, in many records.
    assert_eq!(summary.files, 1);
    assert_eq!(summary.bytes, text.len() as u64);
    assert!(summary.records >= 60, "{} records", summary.records);
    assert!(summary.records_with_violations >= 25, "{summary:?}");
    let lines: Vec<u64> = findings.iter().map(|f| f.pos.line).collect();
    assert!(lines.is_sorted(), "findings out of line order");
    let records: Vec<usize> = findings.iter().map(|f| f.record).collect();
    assert!(
        records.is_sorted() && records.last() > Some(&50),
        "{records:?}"
    );
}

#[test]
fn text_longer_than_the_search_for_a_cut_is_read_on_one_thread() {
    // Pieces look for a cut over at least 128 KiB (more when a read of 64 KiB
    // brings one in): 5,000 lines of stray text (250 KB) have none, and the
    // rest of the input is read by the calling thread; the games after them
    // are the same.
    let mut text = games(20);
    let stray = "not a tag pair, not a deal: forty-nine bytes here\n".repeat(5000);
    text.extend_from_slice(stray.as_bytes());
    text.extend_from_slice(&games(20));
    common::assert_same_in_pieces("x.ppn", &text, &[1, 5000]);
}

#[test]
fn a_read_error_comes_after_the_games_before_it() {
    let text = games(30);
    let one = audit(common::Failing(&text), 1, 1 << 20);
    assert_eq!(one.2, Some(io::ErrorKind::Other));
    assert!(one.1.records >= 30);
    for size in [1, 300, 4000] {
        assert!(
            one == audit(common::Failing(&text), 2, size),
            "pieces of {size}"
        );
    }
}

#[test]
fn fuzz_corpus_audits_the_same_in_pieces() {
    let mut inputs = 0;
    for (f, data) in common::fuzz_corpus("ppn_decode") {
        // The first byte chooses the form: even, PPN text (the rest).
        let Some((_, text)) = data.split_first().filter(|(k, _)| *k % 2 == 0) else {
            continue;
        };
        let one = audit(text, 1, 1 << 20);
        for (size, jobs) in [(1, 2), (50, 3), (400, 2)] {
            assert!(
                one == audit(text, jobs, size),
                "{} in pieces of {size}",
                f.display()
            );
        }
        inputs += 1;
    }
    assert!(inputs > 300, "{inputs} inputs");
}

#[test]
fn command_line_output_is_byte_identical_for_jobs_1_2_3() {
    common::assert_same_output_for_jobs("games.ppn", &games(200));
}
