//! End-to-end audits of small hand-made records through `kibitz::audit`.

use kibitz::Severity;
use kibitz::audit::{AuditOptions, Report, audit_reader};

fn audit(text: &str) -> Report {
    audit_reader("t.pbn", text.as_bytes(), &AuditOptions::default()).unwrap()
}

const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

fn table(room: &str, contract: &str, score: i32, imp: Option<&str>) -> String {
    let imp = imp.map_or(String::new(), |i| format!("[ScoreIMP \"{i}\"]\n"));
    format!(
        "[Board \"1\"]\n[Room \"{room}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
         [Declarer \"N\"]\n[Contract \"{contract}\"]\n[Result \"13\"]\n[Score \"NS {score}\"]\n{imp}\n"
    )
}

#[test]
fn a_late_imp_finding_names_and_counts_the_earlier_record() {
    // 6NT+1 (1020) in the Open room, 7NT= (1520) in the Closed room: 500 to the
    // Closed room's NS, 11 IMPs; the Open record's "NS 11" should be NS -11.
    let text = table("Open", "6NT", 1020, Some("NS 11")) + &table("Closed", "7NT", 1520, None);
    let r = audit(&text);
    let imp: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.rule == "bridge.score.imp")
        .collect();
    assert_eq!(imp.len(), 1);
    assert_eq!(imp[0].record, 1);
    assert_eq!(imp[0].pos.line, 10);
    assert_eq!(r.summary.records, 2);
    assert_eq!(r.summary.records_with_violations, 1);
}

#[test]
fn rooms_of_different_deals_do_not_pair() {
    let text = table("Open", "6NT", 1020, Some("NS 11")).replace(DEAL, "N:AKQJ.AKQ.AKQ.AKQ - - -")
        + &table("Closed", "7NT", 1520, None);
    assert!(
        audit(&text)
            .findings
            .iter()
            .all(|f| f.rule != "bridge.score.imp")
    );
}

#[test]
fn bbo_passed_out_convention_is_only_a_warning() {
    // BBO writes a passed-out board with Declarer "S" and Result "0".
    let text = "[Dealer \"N\"]\n[Declarer \"S\"]\n[Contract \"Pass\"]\n[Result \"0\"]\n[Score \"NS 0\"]\n\
                [Auction \"N\"]\nPass Pass Pass Pass\n";
    let r = audit(text);
    assert_eq!(r.summary.violations, 0, "{:?}", r.findings);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].rule, "bridge.board.passed-out-tags");
    assert_eq!(r.findings[0].severity, Severity::Warning);
}

#[test]
fn unreadable_card_is_an_unknown_card() {
    // `XX` is no card: it holds East's place as an unknown card, so the replay
    // stops at trick 1 and reports nothing more (no shifted columns).
    let text = format!(
        "[Deal \"{DEAL}\"]\n[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n[Play \"E\"]\n\
         XX S6 S2 SA\nS9 S5 H2 SK\n*\n"
    );
    let r = audit(&text);
    let rules: Vec<&str> = r.findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, ["pbn.play.card"]);
}

/// With the strain unknown (no Contract), the winner of trick 1 and so the
/// leader of trick 2 are unknown; the cards after trick 1 are still checked
/// for being played once and, in seat columns, held by their seat, and a
/// notice says what was not checked. The same play in LIN order (no auction:
/// no strain either) finds the card played twice by its holder.
#[test]
fn cards_after_a_trick_of_unknown_winner_are_still_checked() {
    let deal = "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    // East leads ST; at trick 2 South (column 2) plays ST again.
    let r = audit(&format!("{deal}[Play \"E\"]\nST S6 S2 SA\nHT ST H2 HA\n"));
    let found: Vec<(&str, String)> = r
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("bridge.play"))
        .map(|f| (f.rule, f.message.clone()))
        .collect();
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(found[0].0, "bridge.play.not-audited");
    assert!(
        found[0].1.starts_with(
            "the 4 cards after trick 1 were checked only for being held by their seat"
        ),
        "{}",
        found[0].1
    );
    assert_eq!(
        found[1],
        (
            "bridge.play.played-twice",
            "trick 2: South plays ST, which was already played at trick 1".to_string()
        )
    );
    // A card of another seat's hand in its column is found too.
    let r = audit(&format!("{deal}[Play \"E\"]\nST S6 S2 SA\nHT H8 HA H2\n"));
    assert!(
        r.findings
            .iter()
            .any(|f| f.rule == "bridge.play.not-held"
                && f.message.starts_with("trick 2: West plays HA")),
        "{:#?}",
        r.findings
    );
    let lin = "qx|o1|md|1S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,S6543H876D876C876|sv|o|\
               pc|ST|pc|SA|pc|S6|pc|S2|pc|HJ|pc|ST|\n";
    let r = audit_reader("t.lin", lin.as_bytes(), &AuditOptions::default()).unwrap();
    assert!(
        r.findings
            .iter()
            .any(|f| f.rule == "bridge.play.played-twice"
                && f.message == "trick 2: West plays ST, which was already played at trick 1"),
        "{:#?}",
        r.findings
    );
}

/// A Score written by side (`NS 1020`) gives North-South's score without a
/// Declarer tag: the IMPs are checked all the same (here "NS 11" for 500 to
/// the Closed room's NS should be NS -11); a Score in declarer's form
/// (`1020`) needs the declarer, and then no IMPs are checked.
#[test]
fn imps_are_checked_from_a_score_by_side_without_a_declarer() {
    let text = (table("Open", "6NT", 1020, Some("NS 11")) + &table("Closed", "7NT", 1520, None))
        .replace("[Declarer \"N\"]\n", "");
    let imp: Vec<_> = audit(&text)
        .findings
        .into_iter()
        .filter(|f| f.rule == "bridge.score.imp")
        .collect();
    assert_eq!(imp.len(), 1, "{imp:#?}");
    assert_eq!((imp[0].record, imp[0].pos.line), (1, 9));
    let by_declarer = text.replace("[Score \"NS ", "[Score \"");
    assert!(
        !audit(&by_declarer)
            .findings
            .iter()
            .any(|f| f.rule == "bridge.score.imp")
    );
}
