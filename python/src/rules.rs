//! `kibitz.rules` and `kibitz.explain`: the rule book.

use kibitz_core::rulebook::{self, Entry};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn entry_dict<'py>(py: Python<'py>, e: &Entry, full: bool) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("id", &e.id)?;
    d.set_item("severity", e.severity.as_str())?;
    d.set_item("statement", &e.statement)?;
    d.set_item("source", &e.source)?;
    if full {
        d.set_item("legal", &e.legal)?;
        d.set_item("illegal", &e.illegal)?;
        d.set_item("notation", &e.notation)?;
    }
    Ok(d)
}

/// The rule book, as `kibitz rules`: one dict per rule (id, severity,
/// statement, source), in book order; only ids starting with `prefix` when
/// given (an empty list when none does).
#[pyfunction]
#[pyo3(signature = (prefix=None))]
pub fn rules<'py>(py: Python<'py>, prefix: Option<&str>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    rulebook::entries()
        .iter()
        .filter(|e| prefix.is_none_or(|p| e.id.starts_with(p)))
        .map(|e| entry_dict(py, e, false))
        .collect()
}

/// One rule-book entry, as `kibitz explain`: id, severity, statement, source,
/// legal and illegal example records and their notation. An unknown id raises
/// ValueError naming the nearest ids.
#[pyfunction]
pub fn explain<'py>(py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyDict>> {
    match rulebook::find(id) {
        Some(e) => entry_dict(py, e, true),
        None => {
            let near = kibitz_core::suggest::nearest(
                id,
                rulebook::entries().iter().map(|e| e.id.as_str()),
            );
            let hint = match near.as_slice() {
                [] => "; kibitz.rules() lists them".to_string(),
                more => format!("; did you mean {}?", more.join(", ")),
            };
            Err(PyValueError::new_err(format!("no rule {id:?}{hint}")))
        }
    }
}
