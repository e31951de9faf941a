//! What `kibitz audit` prints and writes besides the audit itself: source
//! snippets under each finding ([`snippet`]), the rule selection and the counts
//! it changes ([`select`]), the failing records written out ([`failing`]) and
//! the line per file of `--summary files` ([`files`]).

pub mod failing;
pub mod files;
pub mod select;
pub mod snippet;
