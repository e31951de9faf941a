//! Segmental prefixes: `@start-end=` before a tag pair.

use super::values::Reason;

/// The segments of a hand in order: Deal, Auction, Exchange, Meld, Play, Result.
pub const SEGMENTS: &[u8; 6] = b"DAXMPR";

/// A segment reference read: the segment's place in [`SEGMENTS`] and up to two
/// numbers (round and bid, exchange, trick and throw); absent numbers are 0, the
/// earliest occurrence.
///
/// ```
/// use kibitz::notation::pinochle::decode::segment::parse_ref;
/// assert_eq!(parse_ref("P.19.3"), Ok((4, 19, 3)));
/// assert_eq!(parse_ref("M"), Ok((3, 0, 0)));
/// assert!(parse_ref("P.21").is_err());
/// assert!(parse_ref("M.1").is_err());
/// assert!(parse_ref("Q").is_err());
/// ```
pub fn parse_ref(r: &str) -> Result<(usize, u32, u32), Reason> {
    let mut parts = r.split('.');
    let letter = parts.next().unwrap_or("");
    let seg = match letter.as_bytes() {
        [b] => SEGMENTS.iter().position(|s| s == b),
        _ => None,
    }
    .ok_or_else(|| format!("`{r}` does not name a segment (D, A, X, M, P or R)"))?;
    let mut nums = [0u32; 2];
    let mut count = 0;
    for p in parts {
        if count == 2 {
            return Err(format!("`{r}` has more than two numbers"));
        }
        nums[count] = match p.parse::<u32>() {
            Ok(n) if n >= 1 && p.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return Err(format!("`{r}`: `{p}` is not a number from 1")),
        };
        count += 1;
    }
    // Most numbers each segment takes, and the largest value of each.
    let (max_parts, max) = match SEGMENTS[seg] {
        b'A' => (2, [u32::MAX, 4]),
        b'X' => (1, [2, 0]),
        b'P' => (2, [20, 4]),
        _ => (0, [0, 0]),
    };
    if count > max_parts {
        return Err(format!(
            "`{r}`: segment {letter} takes {}",
            match max_parts {
                0 => "no numbers",
                1 => "one number (the exchange)",
                _ => "at most two numbers",
            }
        ));
    }
    if nums[0] > max[0] || nums[1] > max[1] && count == 2 {
        return Err(format!(
            "`{r}`: a number is out of range for segment {letter}"
        ));
    }
    Ok((seg, nums[0], nums[1]))
}

/// Checks a whole prefix: a start reference, the hyphen, an optional end
/// reference not before the start.
///
/// ```
/// use kibitz::notation::pinochle::decode::segment::check_prefix;
/// assert!(check_prefix("P.19.3", "R", true).is_ok());
/// assert!(check_prefix("A.3.2", "M", true).is_ok());
/// assert!(check_prefix("M", "", true).is_ok());
/// assert!(check_prefix("R", "P", true).unwrap_err().contains("before"));
/// assert!(check_prefix("M", "", false).unwrap_err().contains("hyphen"));
/// ```
pub fn check_prefix(start: &str, end: &str, hyphen: bool) -> Result<(), Reason> {
    let s = parse_ref(start)?;
    if !hyphen {
        return Err(format!(
            "`@{start}=`: a hyphen follows the start (`@{start}-=`)"
        ));
    }
    if !end.is_empty() {
        let e = parse_ref(end)?;
        if e < s {
            return Err(format!("the end `{end}` is before the start `{start}`"));
        }
    }
    Ok(())
}

/// Whether a tag may take a segmental prefix: the spec marks Annotator, Chat,
/// Note and the seat and seat-type tags.
///
/// ```
/// use kibitz::notation::pinochle::decode::segment::takes_prefix;
/// assert!(takes_prefix("Chat") && takes_prefix("SouthType") && takes_prefix("Northwest"));
/// assert!(!takes_prefix("Deal"));
/// ```
pub fn takes_prefix(name: &str) -> bool {
    matches!(name, "Annotator" | "Chat" | "Note")
        || super::is_seat_tag(name)
        || name.strip_suffix("Type").is_some_and(super::is_seat_tag)
}
