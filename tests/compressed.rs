//! Compressed inputs and zip archives through the binary: the same findings and
//! summary as the plain files; corrupt streams are unreadable (exit 2) after what
//! was read before them is reported.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

fn kibitz(args: &[&str], stdin: Option<&[u8]>) -> Output {
    // One line per finding: a zip member's source line is not shown in the
    // snippet form, a plain file's is.
    let mut all = args.to_vec();
    all.extend(["--no-progress", "--format", "short"]);
    common::run_kibitz(&all, stdin, &[])
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn tempdir(name: &str) -> common::TempDir {
    common::TempDir::new("zip", name)
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 3).unwrap()
}

/// The sample files: the shipped examples, and real corpus files when present
/// (a championship folder with violations, a vugraph LIN file).
fn samples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![
        root.join("examples/club-night.pbn"),
        root.join("examples/club-night.ppn"),
    ];
    if let Some(corpus) = common::corpus() {
        let folder = corpus.join("bridge/pbn/championships/1996-10th_World_Bridge_Team_Olympiad");
        files.extend(common::files_with_ext(&folder, "pbn").into_iter().take(6));
        files.push(corpus.join("bridge/lin/usbf_sf_14502.lin"));
        files.push(corpus.join("bridge/pbn/bbo/BBO Forums Sunday Daylong Daylong.pbn"));
    }
    files
}

/// Output lines with each file name replaced by its base name (so that
/// `a.zip!x.pbn`, `dir/x.pbn.gz` and `other/x.pbn` compare equal).
fn normalised(out: &str, names: &[(String, String)]) -> Vec<String> {
    out.lines()
        .map(|l| {
            for (from, to) in names {
                if let Some(rest) = l.strip_prefix(from.as_str())
                    && rest.starts_with(':')
                {
                    return format!("{to}{rest}");
                }
            }
            l.to_string()
        })
        .collect()
}

#[test]
fn gz_zst_and_zip_give_the_findings_and_summary_of_the_plain_files() {
    let d = tempdir("same");
    let (plain, gz, zst) = (d.join("plain"), d.join("gz"), d.join("zst"));
    for dir in [&plain, &gz, &zst] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let zip_path = d.join("all.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut names = Vec::new();
    let files = samples();
    for (i, f) in files.iter().enumerate() {
        let data = std::fs::read(f).unwrap();
        // Numbered so that every listing keeps the same order.
        let base = format!("{i:02}-{}", f.file_name().unwrap().to_str().unwrap());
        std::fs::write(plain.join(&base), &data).unwrap();
        std::fs::write(gz.join(format!("{base}.gz")), gzip(&data)).unwrap();
        std::fs::write(zst.join(format!("{base}.zst")), zstd(&data)).unwrap();
        zip.start_file(format!("games/{base}"), deflated).unwrap();
        zip.write_all(&data).unwrap();
        for (dir, suffix) in [(&plain, ""), (&gz, ".gz"), (&zst, ".zst")] {
            let name = dir.join(format!("{base}{suffix}"));
            names.push((name.display().to_string(), base.clone()));
        }
        names.push((format!("{}!games/{base}", zip_path.display()), base.clone()));
    }
    // A member that is no game file is skipped, like a file in a folder.
    zip.start_file("games/readme.txt", deflated).unwrap();
    zip.write_all(b"not a game").unwrap();
    zip.finish().unwrap();
    std::fs::write(plain.join("readme.txt"), b"not a game").unwrap();

    let want = kibitz(&["audit", plain.to_str().unwrap()], None);
    let want_lines = normalised(&stdout(&want), &names);
    assert!(want.status.code() == Some(1), "{}", stdout(&want));
    let n = files.len();
    assert!(
        stdout(&want).contains(&format!("files: {n} audited, 0 unreadable, 1 skipped")),
        "{}",
        stdout(&want)
    );
    for path in [&gz, &zst, &zip_path] {
        let got = kibitz(&["audit", path.to_str().unwrap()], None);
        assert_eq!(got.status.code(), want.status.code(), "{}", path.display());
        let mut got_lines = normalised(&stdout(&got), &names);
        if path == &gz || path == &zst {
            // The folders hold no readme: nothing skipped.
            for l in &mut got_lines {
                *l = l.replace("0 unreadable, 0 skipped", "0 unreadable, 1 skipped");
            }
        }
        assert_eq!(got_lines, want_lines, "{}", path.display());
    }
    // The zip's findings are named `archive.zip!member`.
    let got = stdout(&kibitz(&["audit", zip_path.to_str().unwrap()], None));
    assert!(
        got.contains(&format!("{}!games/00-club-night.pbn:", zip_path.display())),
        "{got}"
    );
}

#[test]
fn stdin_is_decompressed_by_magic_bytes_and_names_do_not_matter() {
    let pbn = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night.pbn"))
        .unwrap();
    let want = stdout(&kibitz(&["audit", "-"], Some(&pbn)));
    assert!(want.contains("records: "), "{want}");
    for packed in [gzip(&pbn), zstd(&pbn)] {
        assert_eq!(stdout(&kibitz(&["audit", "-"], Some(&packed))), want);
    }
    // A gzip file named `.pbn` on the command line is still decompressed.
    let d = tempdir("named");
    let f = d.join("looks-plain.pbn");
    std::fs::write(&f, gzip(&pbn)).unwrap();
    let got = stdout(&kibitz(&["audit", f.to_str().unwrap()], None));
    assert_eq!(
        got.lines().filter(|l| l.contains(": violation ")).count(),
        want.lines().filter(|l| l.contains(": violation ")).count()
    );
    // In a folder, a compressed file counts only with a game extension under the
    // compression extension.
    std::fs::write(d.join("notes.txt.gz"), gzip(b"hello")).unwrap();
    let got = stdout(&kibitz(&["audit", d.to_str().unwrap()], None));
    assert!(
        got.contains("files: 1 audited, 0 unreadable, 1 skipped"),
        "{got}"
    );
}

#[test]
fn a_truncated_stream_is_unreadable_after_the_records_before_it() {
    // 400 records of which the 3rd has a faulty Dealer: the stream is cut in the
    // middle, long after that record.
    let mut text = String::new();
    for i in 1..=400 {
        let dealer = if i == 3 { "Q" } else { "N" };
        text.push_str(&format!(
            "[Event \"cut\"]\n[Board \"{i}\"]\n[Dealer \"{dealer}\"]\n{{ padding {} }}\n\n",
            "x".repeat(200)
        ));
    }
    let gz = gzip(text.as_bytes());
    let cut = &gz[..gz.len() / 2];
    let o = kibitz(&["audit", "-"], Some(cut));
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>: gzip stream is corrupt or truncated"),
        "{err}"
    );
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:13:9: violation pbn.tag.value"),
        "{out}"
    );
    assert!(out.contains("0 audited, 1 unreadable"), "{out}");
    let read: u64 = out
        .split("records: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert!(read > 3 && read < 400, "{read} records read");

    // A zip member whose data is damaged fails its checksum: exit 2, named.
    let d = tempdir("corrupt");
    let zip_path = d.join("bad.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("a.pbn", stored).unwrap();
    zip.write_all(b"[Event \"x\"]\n[Board \"1\"]\n").unwrap();
    zip.finish().unwrap();
    let mut bytes = std::fs::read(&zip_path).unwrap();
    let at = bytes.windows(5).position(|w| w == b"Board").unwrap();
    bytes[at] = b'b';
    std::fs::write(&zip_path, &bytes).unwrap();
    let o = kibitz(&["audit", zip_path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.zip!a.pbn: "), "{err}");
}
