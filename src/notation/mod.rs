//! The notations kibitz reads and writes, side by side: one folder each.
//!
//! A notation knows syntax only. Each has a streaming reader of raw records (as
//! written, with their positions), a decoder into its game's model, and a writer.
//!
//! * [`pbn`]: Portable Bridge Notation (bridge);
//! * [`ppn`]: Portable Preferans Notation, text and JSON (preferans).
//!
//! [`lines`] and [`text`] are the helpers they share: a bounded line splitter and
//! Latin-1/UTF-8 text decoding.

pub mod lines;
pub mod pbn;
pub mod ppn;
pub mod rbn;
pub mod text;
