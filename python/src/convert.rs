//! `kibitz.convert`: bridge archives between notations, as `kibitz convert`.

use kibitz_core::convert::{self as core, Target};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// What one input's conversion did, or why it could not be done.
struct Done {
    file: String,
    output: Option<String>,
    report: Result<core::Report, String>,
}

/// Converts bridge archives (PBN, RBN/RBX, LIN; compressed or in zip archives)
/// to `to` (`"pbn"`, `"rbn"`, `"rbx"` or `"lin"`) as `kibitz convert --to TO -o
/// OUT` does: `out` is a file for one input (`"-"`: standard output), else a
/// folder where each file keeps its relative path with the target's extension.
/// Returns one dict per input: file, output, records, written, skipped (a list
/// of (record, line, col, why)), skipped_count, uncarried (field -> records),
/// and error (why the input was not converted, else None). The GIL is released
/// while converting.
#[pyfunction]
pub fn convert<'py>(
    py: Python<'py>,
    path_or_paths: &Bound<'py, PyAny>,
    to: &str,
    out: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let paths = crate::audit::paths_of(path_or_paths)?;
    let target = Target::parse(to).ok_or_else(|| {
        PyValueError::new_err(format!(
            "cannot convert to {to:?}: the targets are pbn, rbn, rbx, lin"
        ))
    })?;
    let output = crate::audit::paths_of(out)?;
    let [output] = <[String; 1]>::try_from(output)
        .map_err(|_| PyValueError::new_err("out must be one path"))?;
    let done: Vec<Done> = py.detach(|| {
        let mut skipped = 0;
        let (jobs, bad) = core::plan(&paths, &output, target, &mut skipped);
        let mut done: Vec<Done> = bad
            .into_iter()
            .map(|(file, e)| Done {
                file,
                output: None,
                report: Err(e.to_string()),
            })
            .collect();
        for job in &jobs {
            done.push(Done {
                file: job.input.name(),
                output: job.output.as_ref().map(|p| p.display().to_string()),
                report: core::run_job(job, target).map_err(|e| e.to_string()),
            });
        }
        done
    });
    done.into_iter()
        .map(|d| {
            let r = PyDict::new(py);
            r.set_item("file", d.file)?;
            r.set_item("output", d.output)?;
            match d.report {
                Ok(rep) => {
                    r.set_item("records", rep.records)?;
                    r.set_item("written", rep.written)?;
                    let skipped: Vec<(usize, u64, u32, String)> = rep
                        .skipped
                        .into_iter()
                        .map(|(i, pos, why)| (i, pos.line, pos.col, why))
                        .collect();
                    r.set_item("skipped", skipped)?;
                    r.set_item("skipped_count", rep.skipped_count)?;
                    r.set_item(
                        "uncarried",
                        rep.uncarried
                            .into_iter()
                            .collect::<Vec<_>>()
                            .into_iter()
                            .collect::<std::collections::BTreeMap<_, _>>(),
                    )?;
                    r.set_item("error", rep.unsupported)?;
                }
                Err(e) => {
                    r.set_item("records", 0)?;
                    r.set_item("written", 0)?;
                    r.set_item("skipped", Vec::<(usize, u64, u32, String)>::new())?;
                    r.set_item("skipped_count", 0)?;
                    r.set_item("uncarried", PyDict::new(py))?;
                    r.set_item("error", e)?;
                }
            }
            Ok(r)
        })
        .collect()
}
