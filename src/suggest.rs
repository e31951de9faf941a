//! Suggesting the names nearest a mistyped one (rule ids for `kibitz explain`).

/// How many suggestions [`nearest`] gives at most.
pub const MAX_SUGGESTIONS: usize = 5;

/// The Levenshtein distance between `a` and `b` (insertions, deletions and
/// substitutions of one character each cost 1).
///
/// ```
/// use kibitz::suggest::edit_distance;
/// assert_eq!(edit_distance("revok", "revoke"), 1);
/// assert_eq!(edit_distance("kitten", "sitting"), 3);
/// assert_eq!(edit_distance("", "abc"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The candidates nearest `wanted`, best first, at most [`MAX_SUGGESTIONS`]:
/// those within an edit distance of `max(2, len / 5)` (`len` being `wanted`'s
/// length), and those `wanted` is a prefix of (`bridge.play` names every
/// `bridge.play.*` id). Ties are broken by name.
///
/// ```
/// use kibitz::suggest::nearest;
/// let ids = ["bridge.play.revoke", "bridge.play.not-held", "pbn.tag.value"];
/// assert_eq!(nearest("bridge.play.revok", ids), ["bridge.play.revoke"]);
/// assert_eq!(nearest("bridge.play", ids), ["bridge.play.revoke", "bridge.play.not-held"]);
/// assert!(nearest("preferans.kontra", ids).is_empty());
/// ```
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let bound = (wanted.chars().count() / 5).max(2);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let d = edit_distance(wanted, c);
            (d <= bound || c.starts_with(wanted)).then_some((d, c))
        })
        .collect();
    scored.sort_unstable();
    scored.dedup();
    scored
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, c)| c)
        .collect()
}
