//! Helpers shared by integration tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The corpus root (`$KIBITZ_CORPUS` or `../shared/corpus`), or `None` with a
/// message printed when it is absent, so that a fresh clone still passes.
pub fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("KIBITZ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    if root.is_dir() {
        Some(root)
    } else {
        eprintln!(
            "skipped: corpus not found at {} (set KIBITZ_CORPUS)",
            root.display()
        );
        None
    }
}

/// All files under `dir` whose extension is `ext` (any case), sorted.
pub fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case(ext)) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs the `kibitz` binary with `args`, `stdin` (or none) and extra
/// environment variables (`NO_COLOR` removed first), and waits for it.
pub fn run_kibitz(
    args: &[&str],
    stdin: Option<&[u8]>,
    env: &[(&str, &str)],
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kibitz"));
    cmd.args(args)
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd.spawn().unwrap();
    if let Some(s) = stdin {
        let _ = child.stdin.take().unwrap().write_all(s);
    }
    child.wait_with_output().unwrap()
}

/// The standard output of `kibitz args`, which must exit with status 1
/// (violations found).
pub fn kibitz_violations(args: &[&str]) -> Vec<u8> {
    let out = run_kibitz(args, None, &[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Every file with extension `ext` under `corpus()/sub`, read into memory (in
/// name order), or `None` with a message when the folder is absent. Used by the
/// benches.
pub fn corpus_bytes(sub: &str, ext: &str) -> Option<Vec<Vec<u8>>> {
    let dir = corpus()?.join(sub);
    if !dir.is_dir() {
        eprintln!("skipped: no {}", dir.display());
        return None;
    }
    let files = files_with_ext(&dir, ext);
    Some(files.iter().filter_map(|p| std::fs::read(p).ok()).collect())
}

/// Generated game `seed` (board `seed % 32 + 1`, claims allowed), with a
/// planted fault (every kind in turn) when `seed` is a multiple of `every`.
pub fn generated_game(seed: u64, every: u64) -> kibitz::bridge::generate::GeneratedBoard {
    use kibitz::bridge::generate::{Fault, Settings, generate_board};
    use kibitz::choose::{ByteChooser, splitmix_bytes};
    let bytes = splitmix_bytes(seed, 400);
    let fault = seed
        .is_multiple_of(every)
        .then(|| Fault::ALL[(seed / every) as usize % Fault::ALL.len()]);
    generate_board(
        &mut ByteChooser::new(&bytes),
        (seed % 32) as u32 + 1,
        &Settings {
            claims: true,
            fault,
        },
    )
}

/// A fresh folder `kibitz-<prefix>-<pid>-<name>` under the system's temporary
/// folder, removed with what it holds when dropped (also when the test fails).
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(prefix: &str, name: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("kibitz-{prefix}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The findings and summary of `input` (named `name`: its extension is the
/// notation's hint) audited on `jobs` threads in pieces of about
/// `input_piece` bytes, and the error that ended it.
pub fn audit_in_pieces<R: std::io::Read>(
    name: &str,
    input: R,
    jobs: usize,
    input_piece: usize,
) -> (
    Vec<kibitz::Finding>,
    kibitz::audit::Summary,
    Option<std::io::ErrorKind>,
) {
    let opts = kibitz::audit::AuditOptions {
        input_jobs: jobs,
        input_piece,
        ..kibitz::audit::AuditOptions::default()
    };
    let mut findings = Vec::new();
    let mut summary = kibitz::audit::Summary::default();
    let result = kibitz::audit::audit_input(name, input, &opts, &mut summary, &mut |f| {
        findings.push(f.clone())
    });
    (findings, summary, result.err().map(|e| e.kind()))
}

/// Gives its bytes, at most 1,000 at a time, then fails.
pub struct Failing<'a>(pub &'a [u8]);

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("disk gone"));
        }
        let n = buf.len().min(self.0.len()).min(1000);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The inputs of the committed fuzz corpus of `target`, in path order.
pub fn fuzz_corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpora")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the committed fuzz corpus")
        .map(|e| e.expect("a corpus entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let data = std::fs::read(&f).expect("a corpus file");
            (f, data)
        })
        .collect()
}

/// Writes `text` to a file `name` and requires `kibitz audit` with `-j1`,
/// `-j2` and `-j3` to print the same (over 10 KB) and exit 1 (violations).
pub fn assert_same_output_for_jobs(name: &str, text: &[u8]) {
    let dir = TempDir::new("jobs", name);
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let run = |j: &str| run_kibitz(&["audit", j, p], None, &[]);
    let one = run("-j1");
    assert_eq!(one.status.code(), Some(1), "planted faults are violations");
    assert!(one.stdout.len() > 10_000);
    for j in ["-j2", "-j3"] {
        let many = run(j);
        assert_eq!(many.status.code(), Some(1));
        assert!(many.stdout == one.stdout, "{j}");
    }
}

/// Requires the findings and summary of `text` (named `name`) on 2 and 3
/// threads, in pieces of each of `sizes` bytes, to be those of one thread,
/// naming the first finding that differs; returns one thread's.
pub fn assert_same_in_pieces(
    name: &str,
    text: &[u8],
    sizes: &[usize],
) -> (Vec<kibitz::Finding>, kibitz::audit::Summary) {
    let one = audit_in_pieces(name, text, 1, 1 << 20);
    assert_eq!(one.2, None, "{name}: reading memory cannot fail");
    for &size in sizes {
        for jobs in [2, 3] {
            let many = audit_in_pieces(name, text, jobs, size);
            let what = format!("{name}: {jobs} threads, pieces of {size} bytes");
            assert_eq!(one.1, many.1, "summary with {what}");
            for (a, b) in one.0.iter().zip(&many.0) {
                assert_eq!(a, b, "first difference with {what}");
            }
            assert_eq!(one.0.len(), many.0.len(), "findings with {what}");
            assert_eq!(many.2, None);
        }
    }
    (one.0, one.1)
}

/// The first PBN record of `text`, decoded into a board (its decode findings
/// dropped).
pub fn pbn_board(text: &str) -> kibitz::bridge::Board {
    let mut rec = kibitz::pbn::RawRecord::default();
    kibitz::pbn::Reader::new(text.as_bytes())
        .read_record(&mut rec)
        .expect("an in-memory read");
    let mut board = kibitz::bridge::Board::default();
    kibitz::pbn::decode::decode(&rec, &mut board, &mut Vec::new());
    board
}
