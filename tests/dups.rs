//! `kibitz dups` through the binary: planted duplicates (same deal on two
//! boards, a rotated deal, across files and notations) are all found; the open
//! and closed rooms of one board are not reported; partial deals are not
//! compared.

mod common;

use std::process::{Command, Output};

fn kibitz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .output()
        .unwrap()
}

fn tempdir(name: &str) -> common::TempDir {
    common::TempDir::new("dups", name)
}

/// Each seat holds one suit.
const D1: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
/// D1 turned: North holds East's hearts, ..., West holds North's spades.
const D1_ROTATED: &str = "N:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...";
const D2: &str = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432";
/// D2 with the spade jack and ten exchanged between North and East.
const D3: &str = "N:AKQT.AKQ.AKQ.AKQ J98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432";
const D4: &str = "N:AKQ9.AKQ.AKQ.AKQ JT8.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432";
/// D2's North hand only.
const PARTIAL: &str = "N:AKQJ.AKQ.AKQ.AKQ - - -";

fn record(event: &str, board: u32, deal: &str, room: Option<&str>) -> String {
    let room = room.map_or(String::new(), |r| format!("[Room \"{r}\"]\n"));
    format!(
        "[Event \"{event}\"]\n[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n{room}\n"
    )
}

#[test]
fn planted_duplicates_are_all_found_and_tables_of_one_board_are_not() {
    let d = tempdir("planted");
    std::fs::create_dir_all(d.join("lin")).unwrap();
    let a = [
        record("Cup", 1, D1, Some("Open")),
        record("Cup", 1, D1, Some("Closed")),
        record("Cup", 2, D2, None),
        record("Cup", 5, D2, None),
        record("Cup", 7, PARTIAL, None),
        record("Cup", 8, D4, Some("Open")),
    ]
    .concat();
    std::fs::write(d.join("a.pbn"), a).unwrap();
    let b = [
        record("Plate", 3, D1_ROTATED, None),
        record("Plate", 4, D3, None),
    ]
    .concat();
    std::fs::write(d.join("b.pbn"), b).unwrap();
    // The closed room of board 8 in another file: a table of the same board.
    std::fs::write(d.join("e.pbn"), record("Cup", 8, D4, Some("Closed"))).unwrap();
    // D3 in LIN (hands South, West, North, East; dealer 3 = North).
    std::fs::write(
        d.join("lin/c.lin"),
        "st||md|3S765H765D8765C876,S432H432D432C5432,SAKQTHAKQDAKQCAKQ,SJ98HJT98DJT9CJT9|rh||ah|Board 9|sv|o|\n",
    )
    .unwrap();
    let o = kibitz(&["dups", d.to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(1), "{out}");
    let p = |f: &str| d.join(f).display().to_string();
    // Lines 5 (record 1), 12, 18, 24 ... : each record is 6 or 7 lines.
    let want = format!(
        "duplicate deal (same deal, rotated), 3 records:
  {a}:5: record 1, board 1, event \"Cup\", open room
  {a}:12: record 2, board 1, event \"Cup\", closed room (another table of a board above)
  {b}:5: record 1, board 3, event \"Plate\" (rotated: the first record's North hand is West's here)
duplicate deal (same deal), 2 records:
  {a}:19: record 3, board 2, event \"Cup\"
  {a}:25: record 4, board 5, event \"Cup\"
duplicate deal (same deal), 2 records:
  {b}:11: record 2, board 4, event \"Plate\"
  {c}:1: record 1, board 9, event \"\"

files: 4 read, 0 not bridge, 0 skipped (not game files)
records: 10 read, 9 compared, 1 with a partial or broken deal not compared
duplicates: 3 groups (2 same seats, 1 rotated)
",
        a = p("a.pbn"),
        b = p("b.pbn"),
        c = p("lin/c.lin"),
    );
    assert_eq!(out, want);
}

#[test]
fn no_duplicate_exits_0_and_stdin_is_refused() {
    let d = tempdir("clean");
    let text = [
        record("Cup", 1, D2, Some("Open")),
        record("Cup", 1, D2, Some("Closed")),
        record("Cup", 2, D3, None),
    ]
    .concat();
    std::fs::write(d.join("x.pbn"), text).unwrap();
    let o = kibitz(&["dups", d.to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.ends_with("duplicates: 0 groups (0 same seats, 0 rotated)\n"),
        "{out}"
    );
    let o = kibitz(&["dups", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("standard input cannot be read twice"));
}
