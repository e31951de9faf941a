//! kibitz for Python: audit, read and convert recorded card games (bridge,
//! preferans, pinochle) with the kibitz crate, the GIL released while Rust
//! works.
//!
//! The glue only: every function calls the crate's public API
//! (`kibitz::audit`, `kibitz::convert`, `kibitz::rulebook`, the notation
//! readers and decoders). Findings and records are made on Rust threads and
//! handed to Python in batches over bounded channels ([`stream`]).

#![forbid(unsafe_code)]

mod audit;
mod convert;
mod inputs;
mod read;
mod records;
mod rules;
mod stream;
mod value;

use pyo3::prelude::*;

/// kibitz: a legality-checking replay engine for recorded card games.
#[pymodule]
fn kibitz(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<audit::Audit>()?;
    m.add_class::<audit::Finding>()?;
    m.add_class::<read::Records>()?;
    m.add_function(wrap_pyfunction!(audit::audit, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(read::read, m)?)?;
    m.add_function(wrap_pyfunction!(convert::convert, m)?)?;
    m.add_function(wrap_pyfunction!(inputs::inputs, m)?)?;
    m.add_function(wrap_pyfunction!(rules::rules, m)?)?;
    m.add_function(wrap_pyfunction!(rules::explain, m)?)?;
    Ok(())
}
