//! The bridge rules on the real archives in `../shared/corpus` (or the folder in
//! `KIBITZ_CORPUS`). Each test prints a message and passes when the corpus is not
//! there, so a fresh clone still passes its tests.
//!
//! Every expected value here was worked out by hand from the record, or taken
//! from the PBN verifier's own comments in its test files: none is a copy of
//! kibitz output.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use kibitz::audit::{AuditOptions, Report, audit_reader};
use kibitz::{Finding, Severity};

mod common;

/// The PBN part of the corpus, or `None` (with a message) when it is absent.
fn corpus() -> Option<PathBuf> {
    let dir = common::corpus()?.join("bridge/pbn");
    if !dir.is_dir() {
        eprintln!("skipped: no {}", dir.display());
        return None;
    }
    Some(dir)
}

fn audit(path: &std::path::Path) -> Report {
    let file = std::fs::File::open(path).expect("corpus file opens");
    audit_reader(&path.display().to_string(), file, &AuditOptions::default())
        .expect("corpus file reads")
}

/// A corpus file as text (they are Latin-1: other bytes become U+FFFD, which
/// keeps every line where it is).
fn read_text(path: &std::path::Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("corpus file reads")).into_owned()
}

fn show(fs: &[&Finding]) -> String {
    fs.iter()
        .map(|f| format!("  {} {} {}: {}\n", f.pos, f.severity, f.rule, f.message))
        .collect()
}

#[test]
fn final2_board_4_revoke_is_reported_with_its_proof() {
    let Some(dir) = corpus() else { return };
    let path = dir.join("championships/1998-World_Bridge_Championships/FINAL2.PBN");
    let report = audit(&path);
    // shared/reference/bridge.md: at trick 5 North discards a heart on a spade
    // lead while holding the spade nine, played at trick 10. Replayed by hand
    // (4H by West, North leads): trick 5 is the row "H3 HA S5 SK" (columns N E S
    // W), West leads SK and North plays H3; North's S9 is in the row of trick 10.
    let revokes: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.rule == "bridge.play.revoke")
        .collect();
    assert_eq!(revokes.len(), 1, "\n{}", show(&revokes));
    let f = revokes[0];
    assert_eq!(
        f.message,
        "trick 5: North played H3 on a spade lead while holding S9 (played at trick 10)"
    );
    let text = read_text(&path);
    let row = text
        .lines()
        .position(|l| l.trim() == "H3 HA S5 SK")
        .unwrap()
        + 1;
    assert_eq!(f.pos.line, row as u64);
}

#[test]
fn correct_verifier_files_have_no_violation() {
    let Some(dir) = corpus() else { return };
    for name in ["correct_10.pbn", "correct_20.pbn", "correct_21.pbn"] {
        let report = audit(&dir.join("verifier-tests").join(name));
        let bad: Vec<&Finding> = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Violation)
            .collect();
        assert!(bad.is_empty(), "{name}:\n{}", show(&bad));
    }
}

/// The lines of each `% ==== game N ====` section of a verifier test file.
fn games(text: &str) -> Vec<(u32, RangeInclusive<u64>)> {
    let mut starts: Vec<(u32, u64)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let n = l.strip_prefix("% ==================== game ")?;
            Some((n.split(' ').next()?.parse().ok()?, i as u64 + 1))
        })
        .collect();
    starts.push((0, text.lines().count() as u64 + 1));
    starts
        .windows(2)
        .map(|w| (w[0].0, w[0].1..=w[1].1 - 1))
        .collect()
}

#[test]
fn verifier_bridge_errors_are_found() {
    let Some(dir) = corpus() else { return };
    let path = dir.join("verifier-tests/errors_10.pbn");
    let text = read_text(&path);
    let report = audit(&path);
    // Game number and the rule its comment (or, for game 74, a hand replay)
    // says is broken.
    let expected: &[(u32, &str)] = &[
        (12, "bridge.deal.duplicate-card"), // Double SK
        (13, "bridge.deal.hand-size"),      // West has 14 cards
        (14, "bridge.deal.hand-size"),      // West 12, others 13
        (15, "bridge.deal.hand-size"),      // West 12, East 13
        (17, "bridge.deal.hand-size"),      // West has 14 cards
        (18, "bridge.deal.no-hand"),        // No cards
        (28, "bridge.auction.rotation"),    // Dealer north must bid first
        (29, "bridge.auction.rotation"),
        (32, "bridge.auction.insufficient"), // Bad call: 1C over 1D
        (33, "bridge.auction.double"),       // Bad call: X of partner's bid
        (34, "bridge.auction.redouble"),     // Bad call: XX of partner's double
        (36, "bridge.auction.declarer"),
        (37, "bridge.auction.declarer"),
        (38, "bridge.auction.declarer"),
        (39, "bridge.auction.contract"),
        (40, "bridge.auction.contract"),
        (41, "bridge.auction.contract"),
        (42, "bridge.auction.contract"),  // Bad risk
        (43, "bridge.auction.contract"),  // Bad risk
        (44, "bridge.play.revoke"),       // Revoke: CA
        (47, "bridge.play.played-twice"), // Bad card: DA again
        (49, "bridge.play.wrong-marker"), // Bad revokes
        (50, "bridge.play.wrong-marker"), // Bad lead
        (51, "bridge.play.wrong-marker"), // Bad revoke
        (52, "bridge.play.wrong-marker"),
        (53, "bridge.play.wrong-marker"),
        (54, "bridge.result.passed-out"),
        (55, "bridge.result.passed-out"),
        (58, "bridge.auction.wrong-marker"), // Sufficient bid marked ^I
        (58, "bridge.result.agreed-marked"), // Result ^9
        (59, "bridge.result.total"),         // NS 9 EW 2
        (60, "bridge.result.claim"),         // Result 4 after 6 tricks won
        // 3NT by South: North-South win tricks 3-6 and 8-13 (10); Result 9.
        (74, "bridge.result.tricks"),
    ];
    let mut missing = check_games(&text, &report, expected);
    // errors_20.pbn game 8, "Card after '+'": in trick 4 North leads SA, East
    // plays S3 and South's card is `+`, but West's S7 is written.
    let path = dir.join("verifier-tests/errors_20.pbn");
    let text = read_text(&path);
    missing += &check_games(&text, &audit(&path), &[(8, "bridge.play.after-next")]);
    assert!(missing.is_empty(), "\n{missing}");
}

/// For each (game, rule), a finding of the rule in that game's lines; returns
/// what is missing.
fn check_games(text: &str, report: &Report, expected: &[(u32, &str)]) -> String {
    let games = games(text);
    let mut missing = String::new();
    for &(game, rule) in expected {
        let lines = &games.iter().find(|(n, _)| *n == game).unwrap().1;
        if !report
            .findings
            .iter()
            .any(|f| f.rule == rule && lines.contains(&f.pos.line))
        {
            missing += &format!("game {game}: no {rule}\n");
        }
    }
    missing
}

#[test]
fn teams_files_imps_are_checked_against_both_rooms() {
    let Some(dir) = corpus() else { return };
    let spingold = dir.join(
        "championships/1998-CHICAGO_SUMMER_NA_Bridge_Championships_-_Spingold_Knockout_Teams",
    );
    // 98SPINF1: boards 4-7 checked by hand (e.g. board 4: NS 200 in the Closed
    // room against NS 640 in the Open room, 440 to EW, EW 10): all consistent.
    let report = audit(&spingold.join("98SPINF1.PBN"));
    let imps: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.rule == "bridge.score.imp")
        .collect();
    assert!(imps.is_empty(), "\n{}", show(&imps));
    // 98SPINF4 board 51: NS -150 (Open) and NS 130 (Closed) is 280 to NS in the
    // Closed room, 7 IMPs; the Closed record writes ScoreIMP "EW 7".
    let report = audit(&spingold.join("98SPINF4.PBN"));
    let text = read_text(&spingold.join("98SPINF4.PBN"));
    let closed_51 = text
        .lines()
        .position(|l| l.starts_with("[Board \"51\"]"))
        .unwrap();
    let tag = text
        .lines()
        .enumerate()
        .skip(closed_51 + 1)
        .find(|(_, l)| l.starts_with("[ScoreIMP"))
        .unwrap();
    assert_eq!(tag.1, "[ScoreIMP \"EW 7\"]");
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.rule == "bridge.score.imp" && f.pos.line == tag.0 as u64 + 1),
        "no bridge.score.imp at line {}",
        tag.0 + 1
    );
}

#[test]
fn whole_corpus_is_audited_and_every_bridge_rule_is_known() {
    let Some(dir) = corpus() else { return };
    let mut skipped = 0;
    let (inputs, bad) = kibitz::audit::collect_inputs(&[dir.display().to_string()], &mut skipped);
    assert!(bad.is_empty());
    let total = kibitz::audit::run(&inputs, &AuditOptions::default(), &mut |_| {});
    assert_eq!(total.unreadable, 0);
    assert_eq!(total.files, inputs.len() as u64);
    let known: Vec<&str> = kibitz::rulebook::code_rules()
        .iter()
        .map(|r| r.id)
        .collect();
    for id in total.rules.keys() {
        assert!(known.contains(&id.as_str()), "unknown rule {id}");
    }
    // A revoke, a wrong opening lead and a card held twice exist in the corpus
    // (FINAL2.PBN board 4; WTC97F8.PBN board 113 where South leads 3NT by West;
    // 1996 Dutch Teams ROUND3.PBN, whose East hand repeats cards of the others).
    for id in [
        "bridge.play.revoke",
        "bridge.play.leader",
        "bridge.deal.duplicate-card",
    ] {
        assert!(
            total.rules.get(id).is_some_and(|c| c.findings > 0),
            "{id} never fires"
        );
    }
}
