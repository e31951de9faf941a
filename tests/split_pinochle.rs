//! One pinochle PPN input on several threads (`--jobs N` on a single file):
//! the text is cut where games start, workers read the pieces from a guess
//! of the reader's state and check them with a checker that knows no earlier
//! hand, and the calling thread checks the guess before it reports a piece
//! (`audit/pinochle.rs`). The findings, their order, record indexes, line
//! numbers and the summary must be exactly those of one thread: on generated
//! games with planted faults and what dirty files hold (values inherited
//! with `#` and `##` across games, `%` lines midway, comments left open over
//! a blank line, hands run together, games without hand numbers), in pieces
//! of many sizes, through text with no place to cut, through a read error,
//! on the fuzzer's saved inputs and on the command line.

mod common;

use std::io::{self, Read};

use kibitz::Finding;
use kibitz::audit::Summary;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::notation::pinochle::writer::{Identification, Writer};
use kibitz::pinochle::generate::{Mutation, Settings, generate_game};

/// The header the writer puts before its first hand.
const HEADER: &str = "% PPN 1.0\n% EXPORT\n%\n";

/// `n` generated games of 1 to 8 hands, every second with a planted fault
/// (all kinds in turn), the Site changing every third game, and in turn
/// (by the game's number modulo 13):
/// 0. a `% IMPORT` line inside a comment before the game (read as no header);
/// 1. CRLF line ends, and two tags on one line in the first hand (a
///    finding in EXPORT format only);
/// 2. Site and East written `#` after the game's first hand, and in its
///    first hand too in every second such game (a value from the game
///    before, across a place to cut); North written `##` in the first hand
///    and left out after it;
/// 3. North left out (the `##` value of the game before fills it in);
/// 4. a `{` comment left open over the blank line before the game;
/// 5. no blank line between the first two hands;
/// 6. a `% IMPORT` line and a blank line before the game;
/// 7. no Hand tags;
/// 8. hands numbered from 0 (hand 1 goes on with hand 0);
/// 9. a `{}` comment line, a blank line with a form feed and stray text
///    before the game;
/// 10. a `{` comment left open over a line with no brace and a blank line
///     before the game, and a Date that is no date in every hand (a finding
///     that names it);
/// 11. Date written `#` in the first hand, which takes game 10's Date
///     across a place to cut: in pieces of one game, the guess there is the
///     truth of a few pieces before, whose Date is another (here, on two
///     threads, the default `????.??.??`), and only the true value gives
///     the finding; a hand whose second Hand tag, `1`, starts a new hand (a
///     place to cut before a hand that goes on with the game);
/// 12. `% EXPORT` before the game.
///
/// Once, late in the text, a tag line over the line limit (64 KiB).
fn games(n: u64) -> Vec<u8> {
    let mut text = String::from(HEADER);
    for i in 0..n {
        let settings = Settings {
            max_hands: 1 + (i as usize * 5) % 8,
            mutation: (i % 2 == 1).then(|| Mutation::ALL[(i as usize / 2) % Mutation::ALL.len()]),
            ..Settings::default()
        };
        let g = generate_game(
            &mut ByteChooser::new(&splitmix_bytes(900 + i, 60_000)),
            &settings,
        );
        let mut id = Identification {
            site: format!("Club {}", i / 3),
            ..Identification::default()
        };
        if i % 13 == 10 {
            id.date = format!("2024.13.{:02}", i % 100);
        }
        let mut game = String::new();
        for (k, h) in g.hands.iter().enumerate() {
            let mut w = Writer::new(Vec::new());
            w.write_hand(&id, h).unwrap();
            let out = String::from_utf8(w.into_inner()).unwrap();
            let mut hand = out.strip_prefix(HEADER).unwrap().to_string();
            match i % 13 {
                1 if k == 0 => hand = hand.replacen("\n[Date ", " [Date ", 1),
                2 => {
                    if k > 0 || i % 2 == 0 {
                        hand = hand
                            .replace(&format!("[Site \"Club {}\"]", i / 3), "[Site \"#\"]")
                            .replace("[East \"East\"]", "[East \"#\"]");
                    }
                    let north = if k == 0 { "[North \"##Ann\"]\n" } else { "" };
                    hand = hand.replace("[North \"North\"]\n", north);
                }
                3 => hand = hand.replace("[North \"North\"]\n", ""),
                5 if k == 1 => {
                    // Run together with the hand before.
                    while game.ends_with('\n') {
                        game.pop();
                    }
                    game.push('\n');
                }
                7 => {
                    hand = hand
                        .lines()
                        .filter(|l| !l.starts_with("[Hand "))
                        .map(|l| format!("{l}\n"))
                        .collect()
                }
                8 => {
                    let n = format!("[Hand \"{}\"]", k + 1);
                    hand = hand.replace(&n, &format!("[Hand \"{k}\"]"));
                }
                11 if k == 0 => hand = hand.replace("[Date \"????.??.??\"]", "[Date \"#\"]"),
                11 if k == 1 => {
                    // A Deal tag and a second Hand tag start a new hand: the
                    // hand before (number 2, going on with the game) still
                    // holds a line `[Hand "1"]` before its blank line.
                    hand = hand.replacen(
                        "[Dealer ",
                        "[Deal \"N:- - - -\"]\n[Hand \"1\"]\n[Dealer ",
                        1,
                    );
                }
                _ => {}
            }
            game.push_str(&hand);
            game.push('\n');
        }
        match i % 13 {
            0 if i > 0 => text.push_str("{ an old header:\n% IMPORT\n}\n\n"),
            1 => game = game.replace('\n', "\r\n"),
            4 => text.push_str("{ a comment never closed\n\n"),
            6 => text.push_str("% IMPORT\n\n"),
            9 => text.push_str("{ a comment }\n\n \x0c \nstray text\n\n"),
            10 => text.push_str("{ a comment\nthat goes on\n\n"),
            12 => text.push_str("% EXPORT\n"),
            _ => {}
        }
        if i + 5 == n {
            text.push_str(&format!("[Note \"{}\"]\n", "x".repeat(70_000)));
        }
        text.push_str(&game);
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
    let text = games(80);
    let (findings, summary) = common::assert_same_in_pieces(
        "x.ppn",
        &text,
        &[1, 2, 100, 777, 5000, 1 << 13, 1 << 15, 1 << 18],
    );
    // The planted faults and the dirty lines are found, in many records.
    assert_eq!(summary.files, 1);
    assert_eq!(summary.bytes, text.len() as u64);
    assert!(summary.records >= 250, "{} records", summary.records);
    assert!(summary.records_with_violations >= 40, "{summary:?}");
    for rule in [
        "pinochle.syntax.comment",
        "pinochle.record.missing-blank-line",
        "pinochle.limit.line",
        "pinochle.score.game",
    ] {
        assert!(summary.rules.contains_key(rule), "{rule}: {summary:?}");
    }
    let records: Vec<usize> = findings.iter().map(|f| f.record).collect();
    assert!(
        records.is_sorted() && records.last() > Some(&250),
        "{records:?}"
    );
}

#[test]
fn text_longer_than_the_search_for_a_cut_is_read_on_one_thread() {
    // Pieces look for a cut over at least 128 KiB: 60 games with no Hand
    // tags (no `[Hand "1"]` line) have none, and the rest of the input is
    // read by the calling thread; the games after them are the same.
    let mut text = games(20);
    let plain = String::from_utf8(games(60)).unwrap();
    let unnumbered: String = plain
        .lines()
        .filter(|l| !l.starts_with("[Hand "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(unnumbered.len() > 128 << 10, "{}", unnumbered.len());
    text.extend_from_slice(unnumbered.as_bytes());
    text.extend_from_slice(&games(20));
    common::assert_same_in_pieces("x.ppn", &text, &[1, 5000]);
}

#[test]
fn pieces_heavy_with_findings_end_the_pieces_and_audit_the_same() {
    // 200 findings a hand (a byte the auction does not allow, 200 times):
    // a piece of 256 KiB holds about 200 hands, over its share of the
    // findings in flight (at most 1 MiB), so the calling thread reads the
    // rest itself. The same findings either way.
    let text = String::from_utf8(games(120)).unwrap();
    let bad = format!("\n{}\n", "!".repeat(200));
    let heavy = text.replace("\n[Play ", &format!("{bad}[Play "));
    let (_, summary) =
        common::assert_same_in_pieces("x.ppn", heavy.as_bytes(), &[1 << 18, 1 << 20]);
    let token = &summary.rules["pinochle.syntax.token"];
    assert!(token.findings > 60_000, "{summary:?}");
}

#[test]
fn a_read_error_comes_after_the_hands_before_it() {
    let text = games(30);
    let one = audit(common::Failing(&text), 1, 1 << 20);
    assert_eq!(one.2, Some(io::ErrorKind::Other));
    assert!(one.1.records >= 80, "{}", one.1.records);
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
    for (f, text) in common::fuzz_corpus("pinochle_decode") {
        let one = audit(&text[..], 1, 1 << 20);
        for (size, jobs) in [(1, 2), (50, 3), (400, 2)] {
            assert!(
                one == audit(&text[..], jobs, size),
                "{} in pieces of {size}",
                f.display()
            );
        }
        inputs += 1;
    }
    assert!(inputs > 150, "{inputs} inputs");
}

#[test]
fn command_line_output_is_byte_identical_for_jobs_1_2_3() {
    common::assert_same_output_for_jobs("hands.ppn", &games(200));
}
