//! `kibitz rules` (prefix filter, table and Markdown) and `kibitz explain`'s
//! suggestions, through the binary.

use std::process::{Command, Output};

fn kibitz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn explain_suggests_the_nearest_ids_and_exits_2() {
    let o = kibitz(&["explain", "bridge.play.revok"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = text(&o.stderr);
    // One edit away, then the id it is a prefix of.
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "kibitz: no rule \"bridge.play.revok\"; did you mean one of these?",
            "    bridge.play.revoke",
            "    bridge.play.revoke-marked",
        ]
    );
    let o = kibitz(&["explain", "pbn.tag.valeu"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "kibitz: no rule \"pbn.tag.valeu\"; did you mean pbn.tag.value?\n"
    );
    // A prefix of many ids: five shown, and where to find the rest (ten
    // bridge.play.* ids in rules/bridge.toml).
    let err = text(&kibitz(&["explain", "bridge.play"]).stderr);
    assert_eq!(
        err.lines()
            .filter(|l| l.starts_with("    bridge.play."))
            .count(),
        5
    );
    assert!(
        err.contains("`kibitz rules bridge.play` lists all 10 ids under it"),
        "{err}"
    );
    let o = kibitz(&["explain", "zzz"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "kibitz: no rule \"zzz\"; `kibitz rules` lists them\n"
    );
}

#[test]
fn rules_filters_by_prefix_as_a_table() {
    let o = kibitz(&["rules", "bridge.play.re"]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let ids: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(ids, ["bridge.play.revoke", "bridge.play.revoke-marked"]);
    // Columns aligned: the severity starts at the same place on each line.
    let at: Vec<usize> = out
        .lines()
        .map(|l| l.find("violation").or(l.find("notice")).unwrap())
        .collect();
    assert_eq!(at, [27, 27]);
    assert!(out.starts_with("bridge.play.revoke         violation  A player who holds a card of the suit led follows suit."));
    let o = kibitz(&["rules", "no.such."]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("no rule id starts with \"no.such.\""));
}

#[test]
fn rules_as_markdown_escapes_pipes_and_keeps_one_row_per_rule() {
    let o = kibitz(&["rules", "lin.syntax.", "--format", "md"]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "| id | severity | statement | source |");
    assert_eq!(lines[1], "| --- | --- | --- | --- |");
    // rules/lin.toml: `|` inside a statement is escaped so the row keeps 4 cells.
    assert!(
        out.contains("| `lin.syntax.unterminated` | violation | Every tag and value is closed by `\\|`; the input may not end inside one. |"),
        "{out}"
    );
    for row in &lines[2..] {
        let unescaped = row.replace("\\|", "");
        assert_eq!(unescaped.matches('|').count(), 5, "{row}");
        assert!(row.starts_with("| `lin.syntax."), "{row}");
    }
    // Every rule of the book, one row each.
    let all = text(&kibitz(&["rules", "--format", "md"]).stdout);
    let table = text(&kibitz(&["rules"]).stdout);
    assert_eq!(all.lines().count(), table.lines().count() + 2);
}
