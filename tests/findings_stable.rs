//! The audit of the real corpus stays byte-identical: every finding and the
//! summary, in text and in JSON, as `kibitz audit -j1 --no-progress .` prints them
//! when run from the corpus root (so the paths do not depend on where the corpus
//! lives).
//!
//! `tests/data/corpus-findings.txt` holds a 64-bit FNV-1a digest of each output
//! (the corpus itself is never stored in the repository) and the summary's counts
//! in readable form, one rule per line, so that a failing run shows which rule
//! moved. The digests were first taken from the output of the release binary of
//! main before the speed work of issue 11 began, and checked against an
//! independent FNV-1a (Python) over the same bytes.
//!
//! When a change of findings is intended (a rule fixed or added), regenerate the
//! file and commit it with the change, saying why in the commit message:
//!
//!     KIBITZ_BLESS=1 KIBITZ_CORPUS=/path/to/corpus cargo test --test findings_stable
//!
//! The test prints a message and passes when the corpus is absent.

use std::path::Path;
use std::process::Command;

mod common;

/// The committed expectation, relative to the crate root.
const EXPECTED: &str = "tests/data/corpus-findings.txt";

/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[test]
fn fnv1a64_matches_the_published_test_vectors() {
    // From the FNV reference (Fowler/Noll/Vo, "FNV test vectors"):
    // "" -> cbf29ce484222325, "a" -> af63dc4c8601ec8c, "foobar" -> 85944171f73967e8.
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
}

/// `kibitz audit -j1 --no-progress [extra] .` run in `root`: its standard output.
fn audit(root: &Path, extra: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .current_dir(root)
        .args(["audit", "-j1", "--no-progress"])
        .args(extra)
        .arg(".")
        .output()
        .expect("kibitz runs");
    // The corpus holds known violations: exit status 1, never 2.
    assert_eq!(
        out.status.code(),
        Some(1),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The expectation file's text for these two outputs.
fn render(text: &[u8], json: &[u8]) -> String {
    let json_text = std::str::from_utf8(json).expect("JSON output is UTF-8");
    let last = json_text.lines().last().expect("a summary line");
    let v: serde_json::Value = serde_json::from_str(last).expect("summary parses");
    let s = &v["summary"];
    let mut out = String::new();
    out.push_str("# Regenerate (only when a change of findings is intended):\n");
    out.push_str("#   KIBITZ_BLESS=1 cargo test --test findings_stable\n");
    out.push_str(&format!(
        "text fnv1a64 {:016x} bytes {}\n",
        fnv1a64(text),
        text.len()
    ));
    out.push_str(&format!(
        "json fnv1a64 {:016x} bytes {}\n",
        fnv1a64(json),
        json.len()
    ));
    for key in [
        "files",
        "bytes",
        "records",
        "records_with_findings",
        "records_with_violations",
        "notices",
    ] {
        out.push_str(&format!("{key} {}\n", s[key]));
    }
    let rules = s["rules"].as_object().expect("summary has rules");
    for (id, r) in rules {
        out.push_str(&format!(
            "rule {id} {} {}\n",
            r["severity"].as_str().unwrap_or("?"),
            r["findings"]
        ));
    }
    out
}

#[test]
fn corpus_findings_and_summary_are_unchanged() {
    let Some(root) = common::corpus() else { return };
    // The one-line form: its bytes are those of the text output before
    // snippets became the default.
    let text = audit(&root, &["--format", "short"]);
    let json = audit(&root, &["--format", "json"]);
    let got = render(&text, &json);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(EXPECTED);
    if std::env::var_os("KIBITZ_BLESS").is_some() {
        std::fs::write(&path, &got).expect("expectation written");
        eprintln!("blessed {}", path.display());
        return;
    }
    let want = std::fs::read_to_string(&path).expect("expectation file reads");
    if got != want {
        let mut diff = String::new();
        let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
        for line in &w {
            if !g.contains(line) {
                diff.push_str(&format!("- {line}\n"));
            }
        }
        for line in &g {
            if !w.contains(line) {
                diff.push_str(&format!("+ {line}\n"));
            }
        }
        panic!("corpus findings changed (- expected, + now):\n{diff}");
    }
}
