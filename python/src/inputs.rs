//! `kibitz.inputs`: the files an audit of some paths reads, for splitting the
//! work (a Dask bag of files, one partition per group).

use kibitz_core::audit::{Input, collect_inputs, file_inputs};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The files `audit(path_or_paths)` reads, as a dict: `files`, the paths of
/// the game files and zip archives found (each archive once, in walk order),
/// so that `audit` of any grouping of them reads the same records; `skipped`,
/// the files in folders that are not game files (zip members that are not are
/// counted again by the `audit` of their archive, so they are left out here);
/// `errors`, (path, why) pairs for paths that cannot be read (each is one
/// `unreadable` in the CLI's summary). The sums of the summaries of `audit`
/// over groups of `files`, plus `skipped` and `len(errors)`, are the summary of
/// `audit(path_or_paths)`.
#[pyfunction]
pub fn inputs<'py>(
    py: Python<'py>,
    path_or_paths: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let paths = crate::audit::paths_of(path_or_paths)?;
    let (files, skipped, errors) = py.detach(|| {
        let mut skipped = 0u64;
        let (inputs, bad) = collect_inputs(&paths, &mut skipped);
        let mut files: Vec<String> = Vec::new();
        let mut last_archive = None;
        for input in inputs {
            match input {
                Input::Stdin => files.push("-".to_string()),
                Input::File(p) => files.push(p.display().to_string()),
                Input::ZipMember { archive, .. } => {
                    if last_archive.as_ref() != Some(&archive) {
                        // The archive's own skipped members are counted by its audit.
                        let mut in_archive = 0;
                        if file_inputs(&archive, true, &mut in_archive).is_ok() {
                            skipped = skipped.saturating_sub(in_archive);
                        }
                        files.push(archive.display().to_string());
                        last_archive = Some(archive);
                    }
                }
            }
        }
        let errors: Vec<(String, String)> =
            bad.into_iter().map(|(p, e)| (p, e.to_string())).collect();
        (files, skipped, errors)
    });
    let d = PyDict::new(py);
    d.set_item("files", files)?;
    d.set_item("skipped", skipped)?;
    d.set_item("errors", errors)?;
    Ok(d)
}
