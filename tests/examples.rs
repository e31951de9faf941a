//! The runnable examples `examples/audit_{bridge,preferans,pinochle}.rs`: their
//! functions (the files are included as modules) print the planted faults of
//! the sample files and nothing else, and the [`Auditor`] finds the same
//! findings when called directly.
//!
//! The faults, read off the files by hand:
//! * `club-night.pbn`, board 2 (line 54, `[Score "NS 100"]`): 1NT by East, not
//!   vulnerable, 4 tricks is three down, 150 to North-South; board 3 (line 87,
//!   `[Result "8"]`): replaying the 13 tricks (no trump, the highest card of the
//!   suit led wins) gives South's side 7.
//! * `club-night.ppn`, deal 5 (line 17, throws field at column 66): trick `D93`
//!   is the jack of diamonds (led by player 2, who starts) and the seven of
//!   diamonds; the jack wins, the record names player 3.
//! * `pinochle-sample.ppn`, hand 1, trick 3 (line 36, `(S3)` at column 13):
//!   `HQ HK HA ST` led by North, spades trump, so West's ten of spades wins,
//!   not South's ace of hearts.

#[allow(dead_code)]
#[path = "../examples/audit_bridge.rs"]
mod audit_bridge;
#[allow(dead_code)]
#[path = "../examples/audit_pinochle.rs"]
mod audit_pinochle;
#[allow(dead_code)]
#[path = "../examples/audit_preferans.rs"]
mod audit_preferans;

use kibitz::{Auditor, Pos};

fn sample(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// (rule, line, column, record) of each finding of `path`, from the Auditor.
fn findings(auditor: &Auditor, path: &str) -> Vec<(&'static str, u64, u32, usize)> {
    auditor
        .audit_path(path)
        .map(|f| {
            assert_eq!(f.file, path);
            let f = f.finding;
            (f.rule, f.pos.line, f.pos.col, f.record)
        })
        .collect()
}

#[test]
fn bridge_example_prints_the_two_planted_faults() {
    let path = sample("club-night.pbn");
    let mut out = Vec::new();
    let totals = audit_bridge::audit_bridge(std::slice::from_ref(&path), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with(&format!(
            "{path}:54:8: violation bridge.score.points: Score NS 100"
        )),
        "{out}"
    );
    assert!(lines[0].contains("NS 150"), "{out}");
    assert!(
        lines[1].starts_with(&format!("{path}:87:9: violation bridge.result.tricks:")),
        "{out}"
    );
    assert!(
        lines[1].contains('8') && lines[1].contains("won 7"),
        "{out}"
    );
    assert_eq!(
        lines[2],
        "3 records in 1 files: 2 violations, 0 warnings, 0 notices"
    );
    assert_eq!(totals.exit_code(), 1);

    assert_eq!(
        findings(&Auditor::new(), &path),
        [
            ("bridge.score.points", 54, 8, 2),
            ("bridge.result.tricks", 87, 9, 3)
        ]
    );
}

#[test]
fn preferans_example_prints_the_planted_fault() {
    let path = sample("club-night.ppn");
    let mut out = Vec::new();
    let totals = audit_preferans::audit_preferans(std::slice::from_ref(&path), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with(&format!(
            "{path}:17:66: game 1: violation preferans.play.winner: deal 5: trick 1:"
        )),
        "{out}"
    );
    assert_eq!(lines[1], "1 games in 1 files, 1 with violations");
    assert_eq!(lines[2], "  preferans.play.winner: 1");
    assert_eq!(totals.exit_code(), 1);

    let auditor = Auditor::new().preferans_options(audit_preferans::rules());
    assert_eq!(
        findings(&auditor, &path),
        [("preferans.play.winner", 17, 66, 1)]
    );
    // The example's rules are the defaults.
    assert_eq!(
        audit_preferans::rules(),
        kibitz::preferans::Options::default()
    );
}

#[test]
fn pinochle_example_prints_the_planted_fault() {
    let path = sample("pinochle-sample.ppn");
    let mut out = Vec::new();
    let totals = audit_pinochle::audit_pinochle(std::slice::from_ref(&path), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        format!(
            "{path}:36:13: hand 1: violation pinochle.play.winner: trick 3 is written won by South; West's ST wins it"
        )
    );
    assert_eq!(lines[1], "3 hands, 1 with violations; 0 notices not shown");
    assert_eq!(totals.exit_code(), 1);

    let mut auditor = Auditor::new();
    for rule in audit_pinochle::RULES {
        auditor = auditor.pinochle_option(rule).unwrap();
    }
    assert_eq!(
        auditor.options().pinochle,
        kibitz::pinochle::Options::default(),
        "the example's rules are the defaults"
    );
    assert_eq!(
        findings(&auditor, &path),
        [("pinochle.play.winner", 36, 13, 1)]
    );
}

/// The three samples as one folder: findings in file order (name order), the
/// summary adds up, and a bound of one finding per record changes nothing
/// (no record has two).
#[test]
fn the_samples_folder() {
    let dir = sample("");
    let auditor = Auditor::new().jobs(2).max_findings_per_record(1);
    let mut audit = auditor.audit_path(&dir);
    let places: Vec<(String, Pos)> = audit
        .by_ref()
        .map(|f| {
            let name = f.file.rsplit('/').next().unwrap().to_string();
            (name, f.finding.pos)
        })
        .collect();
    assert_eq!(
        places,
        [
            ("club-night.pbn".to_string(), Pos::new(54, 8)),
            ("club-night.pbn".to_string(), Pos::new(87, 9)),
            ("club-night.ppn".to_string(), Pos::new(17, 66)),
            ("pinochle-sample.ppn".to_string(), Pos::new(36, 13)),
        ]
    );
    let totals = audit.finish();
    // 3 bridge boards + 1 preferans game + 3 pinochle hands; the .rs files
    // are skipped.
    assert_eq!(totals.summary.records, 7);
    assert_eq!(totals.summary.files, 3);
    assert!(totals.summary.skipped >= 5, "{:?}", totals.summary);
    assert_eq!(totals.summary.violations, 4);
    assert!(totals.errors.is_empty());
}
