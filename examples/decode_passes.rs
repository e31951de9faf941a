//! Runs the decode bench's loop (`benches/decode.rs`: PBN reader, or reader and
//! decoder, over every PBN file of the corpus read into memory) a given number
//! of times and prints the throughput: a program small enough to run under
//! callgrind for one pass, or to time two builds against each other in
//! alternating runs.
//!
//! ```text
//! cargo run --release --example decode_passes -- read|decode|rules PASSES [FOLDER]
//! valgrind --tool=callgrind --toggle-collect='decode_passes::passes' \
//!     target/release/examples/decode_passes decode 1
//! ```
//!
//! FOLDER defaults to `$KIBITZ_CORPUS/bridge/pbn`, else
//! `../shared/corpus/bridge/pbn`. `rules` decodes as the audit does
//! (`decode_for_rules`: no texts the rules do not read). Prints bytes, passes,
//! what the loop counted (records read, or decode findings) and MiB/s on
//! stderr.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use kibitz::bridge::Board;
use kibitz::pbn::{RawRecord, Reader, decode::decode, decode::decode_for_rules};

/// What each pass does with a record.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Read,
    Decode,
    Rules,
}

/// Every `.pbn` file (any case) under `dir`, in path order.
fn pbn_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            pbn_files(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pbn"))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads (and with `decode`, decodes) every file once per pass; returns the
/// records read, or the decode findings, over all passes. Not inlined, so
/// that callgrind can collect this function alone.
#[inline(never)]
fn passes(files: &[Vec<u8>], mode: Mode, passes: usize) -> std::io::Result<usize> {
    let (mut rec, mut board, mut findings) = (RawRecord::default(), Board::default(), Vec::new());
    let mut counted = 0;
    for _ in 0..passes {
        for f in files {
            let mut reader = Reader::new(&f[..]);
            while reader.read_record(&mut rec)? {
                match mode {
                    Mode::Read => counted += 1,
                    Mode::Decode | Mode::Rules => {
                        findings.clear();
                        if mode == Mode::Decode {
                            decode(&rec, &mut board, &mut findings);
                        } else {
                            decode_for_rules(&rec, &mut board, &mut findings);
                        }
                        counted += findings.len();
                    }
                }
            }
        }
    }
    Ok(counted)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, n) = match (args.first().map(String::as_str), args.get(1)) {
        (Some(mode @ ("read" | "decode" | "rules")), Some(n)) if n.parse::<usize>().is_ok() => {
            let mode = match mode {
                "read" => Mode::Read,
                "decode" => Mode::Decode,
                _ => Mode::Rules,
            };
            (mode, n.parse::<usize>().unwrap_or(1))
        }
        _ => {
            eprintln!("usage: decode_passes read|decode|rules PASSES [FOLDER]");
            return ExitCode::from(2);
        }
    };
    let folder = args.get(2).map(PathBuf::from).unwrap_or_else(|| {
        std::env::var_os("KIBITZ_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
            .join("bridge/pbn")
    });
    let mut paths = Vec::new();
    if let Err(e) = pbn_files(&folder, &mut paths) {
        eprintln!("{}: {e}", folder.display());
        return ExitCode::from(2);
    }
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let start = Instant::now();
    let counted = match passes(&files, mode, n) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("read error: {e}");
            return ExitCode::from(2);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{bytes} bytes x{n}: {counted} {}, {:.1} MiB/s",
        if mode == Mode::Read {
            "records"
        } else {
            "findings"
        },
        (bytes * n) as f64 / secs / 1048576.0
    );
    ExitCode::SUCCESS
}
