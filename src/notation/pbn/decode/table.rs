//! Supplemental tables (PBN 2.0/2.1 chapter 5): column specifications and rows.

use smallvec::SmallVec;

use crate::pbn::{RawRecord, RawTag, RawToken};

/// Tags PBN defines as tables.
pub const TABLE_TAGS: &[&str] = &[
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

/// Sort order marked on a column (`+` descending, `-` ascending).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `+`: highest value in the first row.
    Descending,
    /// `-`: lowest value in the first row.
    Ascending,
}

/// Alignment after a minimum width (`\8L`, `\8R`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    /// `L`.
    Left,
    /// `R`.
    Right,
}

/// One column of a table's specification, e.g. `-Rank\3R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column<'a> {
    /// The column name.
    pub name: &'a str,
    /// Sort order, if marked.
    pub order: Option<Order>,
    /// Minimum width and optional alignment.
    pub width: Option<(u16, Option<Align>)>,
}

/// Parses a column specification (a table tag's value).
///
/// ```
/// use kibitz::pbn::decode::table::{parse_columns, Align, Order};
/// let cols = parse_columns("-Rank\\3R;Call;Percentage\\4").unwrap();
/// assert_eq!(cols.len(), 3);
/// assert_eq!(cols[0].order, Some(Order::Ascending));
/// assert_eq!(cols[0].width, Some((3, Some(Align::Right))));
/// assert!(parse_columns("Rank;Call\\L").is_err());
/// ```
pub fn parse_columns(spec: &str) -> Result<SmallVec<[Column<'_>; 8]>, String> {
    let mut out = SmallVec::new();
    for col in spec.split(';') {
        let (order, rest) = match col.as_bytes().first() {
            Some(b'+') => (Some(Order::Descending), &col[1..]),
            Some(b'-') => (Some(Order::Ascending), &col[1..]),
            _ => (None, col),
        };
        let (name, width) = match rest.split_once('\\') {
            None => (rest, None),
            Some((name, w)) => {
                let (digits, align) = match w.as_bytes().last() {
                    Some(b'L') => (&w[..w.len() - 1], Some(Align::Left)),
                    Some(b'R') => (&w[..w.len() - 1], Some(Align::Right)),
                    _ => (w, None),
                };
                match digits.parse::<u16>() {
                    Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => (name, Some((n, align))),
                    _ => {
                        return Err(format!(
                            "column `{col}`: `\\` must be followed by a width (digits), \
                             optionally L or R"
                        ));
                    }
                }
            }
        };
        out.push(Column { name, order, width });
    }
    Ok(out)
}

/// A table as read: its columns and its elements, row by row.
#[derive(Clone, Debug)]
pub struct TableView<'a> {
    /// The columns.
    pub columns: SmallVec<[Column<'a>; 8]>,
    /// All elements in order; row `r`, column `c` is `cells[r * columns.len() + c]`.
    pub cells: &'a [RawToken],
}

impl<'a> TableView<'a> {
    /// Reads the table opened by `tag` in `rec`; `Err` says why it is malformed.
    pub fn new(rec: &'a RawRecord, tag: &RawTag) -> Result<TableView<'a>, String> {
        let spec = std::str::from_utf8(rec.value(tag))
            .map_err(|_| "column names are not text".to_string())?;
        let columns = parse_columns(spec)?;
        Ok(TableView {
            columns,
            cells: rec.section(tag),
        })
    }

    /// The rows, each a slice of `columns.len()` elements (a last, short row if the
    /// elements do not fill it).
    pub fn rows(&self) -> impl Iterator<Item = &'a [RawToken]> + use<'a> {
        self.cells.chunks(self.columns.len().max(1))
    }

    /// Index of the column named `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }
}
