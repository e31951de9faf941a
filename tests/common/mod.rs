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
