//! Opening inputs: compressed streams (gzip, zstd, bzip2, xz) recognised by their
//! magic bytes, and zip archives read member by member.
//!
//! A compressed input is decoded as a stream while it is audited: memory is the
//! decoder's window (gzip 32 KiB, bzip2 at most 3.6 MiB, zstd at most 128 MiB
//! (`2^27`, zstd's default limit), xz at most [`XZ_MEMLIMIT`]), never the file.
//! Concatenated streams (`cat a.gz b.gz`) are read as one. A zip archive is
//! expanded into one [`Input::ZipMember`] per member with a game extension
//! (compressed or not); each member is streamed when its turn comes, one at a
//! time per worker. A corrupt or truncated stream is an I/O error
//! ([`io::ErrorKind::InvalidData`], naming the format): the input is unreadable,
//! and what was read before it is still reported.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::{Input, Notation};

/// The most memory the xz decoder may use (a stream that needs more is refused
/// as unreadable): 128 MiB, twice what `xz -9` needs.
///
/// ```
/// assert_eq!(kibitz::audit::XZ_MEMLIMIT, 128 << 20);
/// ```
pub const XZ_MEMLIMIT: u64 = 128 << 20;

/// Compressed formats kibitz decodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// gzip (RFC 1952), magic `1f 8b`.
    Gzip,
    /// Zstandard, magic `28 b5 2f fd`.
    Zstd,
    /// bzip2, magic `BZh`.
    Bzip2,
    /// xz, magic `fd 37 7a 58 5a 00`.
    Xz,
}

impl Compression {
    /// The format whose magic bytes `head` starts with.
    ///
    /// ```
    /// use kibitz::audit::Compression;
    /// assert_eq!(Compression::of(b"\x1f\x8b\x08\x00"), Some(Compression::Gzip));
    /// assert_eq!(Compression::of(b"\x28\xb5\x2f\xfd"), Some(Compression::Zstd));
    /// assert_eq!(Compression::of(b"BZh9"), Some(Compression::Bzip2));
    /// assert_eq!(Compression::of(b"\xfd7zXZ\x00"), Some(Compression::Xz));
    /// assert_eq!(Compression::of(b"[Event \"x\"]"), None);
    /// ```
    pub fn of(head: &[u8]) -> Option<Compression> {
        if head.starts_with(b"\x1f\x8b") {
            Some(Compression::Gzip)
        } else if head.starts_with(b"\x28\xb5\x2f\xfd") {
            Some(Compression::Zstd)
        } else if head.starts_with(b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b))
        {
            Some(Compression::Bzip2)
        } else if head.starts_with(b"\xfd7zXZ\x00") {
            Some(Compression::Xz)
        } else {
            None
        }
    }

    /// The format's name, as error messages give it.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }
}

/// Magic bytes read to recognise a compressed stream or a zip archive.
const MAGIC: usize = 6;

/// Whether `head` starts like a zip archive (a local file header, or the end
/// record of an empty archive).
///
/// ```
/// assert!(kibitz::audit::is_zip(b"PK\x03\x04\x14\x00"));
/// assert!(!kibitz::audit::is_zip(b"[Event"));
/// ```
pub fn is_zip(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
}

/// `name` without a compression suffix (`.gz`, `.zst`, `.bz2`, `.xz`, any case),
/// so that `x.pbn.gz` names a PBN file.
///
/// ```
/// use kibitz::audit::without_compression_suffix;
/// assert_eq!(without_compression_suffix("a/x.pbn.GZ"), "a/x.pbn");
/// assert_eq!(without_compression_suffix("x.lin.zst"), "x.lin");
/// assert_eq!(without_compression_suffix("x.pbn"), "x.pbn");
/// ```
pub fn without_compression_suffix(name: &str) -> &str {
    for suffix in [".gz", ".zst", ".bz2", ".xz"] {
        let cut = name.len().saturating_sub(suffix.len());
        if name.is_char_boundary(cut) && name[cut..].eq_ignore_ascii_case(suffix) {
            return &name[..cut];
        }
    }
    name
}

fn is_zip_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// The inputs a file stands for: a zip archive (named `.zip` in a directory
/// walk; recognised by content when `named` on the command line) gives its
/// members with a game extension, any other file itself when it is `named` or
/// has a game extension (compressed or not). Files and members left out are
/// counted in `skipped`.
///
/// # Errors
///
/// A zip archive that cannot be opened or whose directory cannot be read.
pub fn file_inputs(path: &Path, named: bool, skipped: &mut u64) -> io::Result<Vec<Input>> {
    let zip = if named {
        let mut head = [0; MAGIC];
        let n = read_head(&mut File::open(path)?, &mut head)?;
        is_zip(&head[..n])
    } else {
        is_zip_name(path)
    };
    if zip {
        return zip_members(path, skipped);
    }
    if named || Notation::from_path(path).is_some() {
        Ok(vec![Input::File(path.to_path_buf())])
    } else {
        *skipped += 1;
        Ok(Vec::new())
    }
}

fn zip_error(path: &Path, e: zip::result::ZipError) -> io::Error {
    match e {
        zip::result::ZipError::Io(e) => e,
        e => io::Error::new(
            io::ErrorKind::InvalidData,
            format!("zip archive {}: {e}", path.display()),
        ),
    }
}

fn zip_members(path: &Path, skipped: &mut u64) -> io::Result<Vec<Input>> {
    let archive = zip::ZipArchive::new(File::open(path)?).map_err(|e| zip_error(path, e))?;
    let mut members = Vec::new();
    for index in 0..archive.len() {
        let Some(name) = archive.name_for_index(index) else {
            continue;
        };
        let name = name.map_err(|e| zip_error(path, e))?;
        if name.ends_with('/') {
            continue;
        }
        if Notation::from_path(Path::new(&*name)).is_some() {
            members.push(Input::ZipMember {
                archive: path.to_path_buf(),
                index,
                member: name.into_owned(),
            });
        } else {
            *skipped += 1;
        }
    }
    // In the order a directory walk gives the same files.
    members.sort_by(|a, b| match (a, b) {
        (Input::ZipMember { member: a, .. }, Input::ZipMember { member: b, .. }) => {
            Path::new(a).cmp(Path::new(b))
        }
        _ => std::cmp::Ordering::Equal,
    });
    Ok(members)
}

/// Reads up to `head.len()` bytes (fewer only at the end of the input).
fn read_head(input: &mut impl Read, head: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < head.len() {
        match input.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// A decoder whose errors name the format: "gzip stream is corrupt or
/// truncated: ...".
struct Named<R> {
    inner: R,
    format: Compression,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} stream is corrupt or truncated: {e}", self.format.name()),
            )
        })
    }
}

/// `input` decoded: its magic bytes decide whether it is a compressed stream
/// (then read through the streaming decoder) or plain (then read as is).
///
/// # Errors
///
/// Reading the magic bytes; a zip archive (which cannot be read from a stream:
/// its directory is at its end); a decoder that cannot be set up.
///
/// ```
/// use std::io::{Read, Write};
/// let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
/// gz.write_all(b"[Event \"x\"]\n").unwrap();
/// let gz = gz.finish().unwrap();
/// let mut text = String::new();
/// kibitz::audit::decoded(&gz[..]).unwrap().read_to_string(&mut text).unwrap();
/// assert_eq!(text, "[Event \"x\"]\n");
/// let mut plain = String::new();
/// kibitz::audit::decoded(&b"[Board \"1\"]"[..]).unwrap().read_to_string(&mut plain).unwrap();
/// assert_eq!(plain, "[Board \"1\"]");
/// ```
pub fn decoded<'a, R: Read + 'a>(mut input: R) -> io::Result<Box<dyn Read + 'a>> {
    let mut head = [0; MAGIC];
    let n = read_head(&mut input, &mut head)?;
    if is_zip(&head[..n]) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a zip archive can only be read from a file (its directory is at its end), not from a stream or inside another archive",
        ));
    }
    let format = Compression::of(&head[..n]);
    let input = io::Cursor::new(head).take(n as u64).chain(input);
    let Some(format) = format else {
        return Ok(Box::new(input));
    };
    let inner: Box<dyn Read + 'a> = match format {
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(input)),
        Compression::Zstd => Box::new(zstd::Decoder::new(input)?),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(input)),
        Compression::Xz => {
            let stream = liblzma::stream::Stream::new_stream_decoder(
                XZ_MEMLIMIT,
                liblzma::stream::CONCATENATED,
            )
            .map_err(io::Error::other)?;
            Box::new(liblzma::read::XzDecoder::new_stream(input, stream))
        }
    };
    Ok(Box::new(Named { inner, format }))
}

/// Opens `input`, decodes it ([`decoded`]) and hands the reader to `f`.
///
/// # Errors
///
/// Opening the file or the zip member, [`decoded`]'s errors, and `f`'s.
pub fn with_input<T>(
    input: &Input,
    f: impl FnOnce(&mut dyn Read) -> io::Result<T>,
) -> io::Result<T> {
    match input {
        Input::Stdin => f(&mut decoded(io::stdin().lock())?),
        Input::File(path) => f(&mut decoded(File::open(path)?)?),
        Input::ZipMember { archive, index, .. } => {
            let mut zip =
                zip::ZipArchive::new(File::open(archive)?).map_err(|e| zip_error(archive, e))?;
            let member = zip.by_index(*index).map_err(|e| zip_error(archive, e))?;
            f(&mut decoded(member)?)
        }
    }
}
