//! `kibitz.audit` and `kibitz.audit_bytes`: findings streamed from the Rust
//! audit (run on its own threads, the GIL released) and the summary.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use kibitz_core::audit::{self as core, AuditOptions, Event, Summary};
use kibitz_core::{Finding as CoreFinding, Game, Severity};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyDict, PyList, PyString};

use crate::stream::{Consumer, Producer, channel};

/// What the audit thread hands over.
pub enum Item {
    /// A finding in a file.
    Finding(Arc<str>, CoreFinding),
    /// A file or path that could not be read (it is counted as unreadable).
    Error(String, String),
    /// The audit is done: the total summary.
    Done(Box<Summary>),
}

/// One finding: where (file, record, line, col), which game and rule, how
/// serious, and the message with its proof.
#[pyclass(frozen, get_all, module = "kibitz")]
pub struct Finding {
    /// The file (as given, `archive.zip!member` for a zip member).
    pub file: Py<PyString>,
    /// 1-based index of the record in its file (0: the file as a whole).
    pub record: usize,
    /// 1-based line (0: no particular place).
    pub line: u64,
    /// 1-based column in bytes.
    pub col: u32,
    /// `"bridge"`, `"preferans"`, `"pinochle"`, or `None` when not known.
    pub game: Option<Py<PyString>>,
    /// The rule id, such as `"bridge.play.revoke"`.
    pub rule: Py<PyString>,
    /// `"violation"`, `"warning"` or `"notice"`.
    pub severity: Py<PyString>,
    /// The message.
    pub message: Py<PyString>,
}

#[pymethods]
impl Finding {
    /// The finding as a dict with the keys file, record, line, col, game, rule,
    /// severity, message.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("file", &self.file)?;
        d.set_item("record", self.record)?;
        d.set_item("line", self.line)?;
        d.set_item("col", self.col)?;
        d.set_item("game", &self.game)?;
        d.set_item("rule", &self.rule)?;
        d.set_item("severity", &self.severity)?;
        d.set_item("message", &self.message)?;
        Ok(d)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Finding({}:{}:{}: {} {}: {})",
            self.file.bind(py),
            self.line,
            self.col,
            self.severity.bind(py),
            self.rule.bind(py),
            self.message.bind(py)
        )
    }
}

/// Python strings made once per audit: rule ids, file names, severities.
#[derive(Default)]
struct Strings {
    rules: HashMap<&'static str, Py<PyString>>,
    file: Option<(Arc<str>, Py<PyString>)>,
    fixed: HashMap<&'static str, Py<PyString>>,
}

impl Strings {
    fn fixed(&mut self, py: Python<'_>, s: &'static str) -> Py<PyString> {
        self.fixed
            .entry(s)
            .or_insert_with(|| PyString::intern(py, s).unbind())
            .clone_ref(py)
    }

    fn rule(&mut self, py: Python<'_>, s: &'static str) -> Py<PyString> {
        self.rules
            .entry(s)
            .or_insert_with(|| PyString::intern(py, s).unbind())
            .clone_ref(py)
    }

    fn file(&mut self, py: Python<'_>, name: &Arc<str>) -> Py<PyString> {
        match &self.file {
            Some((n, p)) if Arc::ptr_eq(n, name) => p.clone_ref(py),
            _ => {
                let p = PyString::new(py, name).unbind();
                self.file = Some((Arc::clone(name), p.clone_ref(py)));
                p
            }
        }
    }
}

fn game_name(g: Game) -> &'static str {
    match g {
        Game::Bridge => "bridge",
        Game::Preferans => "preferans",
        Game::Pinochle => "pinochle",
    }
}

/// An audit in progress: iterate it for the findings (in input order, as the
/// CLI prints them); `summary` is set once the iteration is done. `finish()`
/// skips the remaining findings and returns the summary.
#[pyclass(module = "kibitz")]
pub struct Audit {
    items: Consumer<Item>,
    quiet: Arc<AtomicBool>,
    summary: Option<Py<PyDict>>,
    errors: Vec<(String, String)>,
    strings: Strings,
}

impl Audit {
    fn next_finding(&mut self, py: Python<'_>) -> PyResult<Option<Finding>> {
        while self.summary.is_none() {
            let Some(item) = self.items.next(py) else {
                // The thread ended without a summary (it panicked): count nothing.
                self.summary = Some(summary_dict(py, &Summary::default())?.unbind());
                break;
            };
            match item {
                Item::Finding(file, f) => {
                    if self.quiet.load(Ordering::Relaxed) {
                        continue;
                    }
                    let s = &mut self.strings;
                    return Ok(Some(Finding {
                        file: s.file(py, &file),
                        record: f.record,
                        line: f.pos.line,
                        col: f.pos.col,
                        game: f.game.map(|g| s.fixed(py, game_name(g))),
                        rule: s.rule(py, f.rule),
                        severity: s.fixed(py, f.severity.as_str()),
                        message: PyString::new(py, &f.message).unbind(),
                    }));
                }
                Item::Error(file, message) => self.errors.push((file, message)),
                Item::Done(summary) => {
                    self.summary = Some(summary_dict(py, &summary)?.unbind());
                }
            }
        }
        Ok(None)
    }
}

#[pymethods]
impl Audit {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Finding>> {
        self.next_finding(py)
    }

    /// The summary (the CLI's JSON summary object) once every finding has been
    /// iterated, else `None`.
    #[getter]
    fn summary(&self, py: Python<'_>) -> Option<Py<PyDict>> {
        self.summary.as_ref().map(|s| s.clone_ref(py))
    }

    /// Inputs that could not be read: (file, why) pairs, as the CLI prints them
    /// on stderr. Each is counted in the summary's `unreadable`.
    #[getter]
    fn errors(&self) -> Vec<(String, String)> {
        self.errors.clone()
    }

    /// Runs the audit to its end without handing out the remaining findings
    /// (they are still counted) and returns the summary.
    fn finish(&mut self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        self.quiet.store(true, Ordering::Relaxed);
        while self.next_finding(py)?.is_some() {}
        Ok(self.summary(py).expect("set at the end"))
    }
}

/// The summary as the CLI's JSON prints it.
pub fn summary_dict<'py>(py: Python<'py>, s: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("files", s.files)?;
    d.set_item("unreadable", s.unreadable)?;
    d.set_item("skipped", s.skipped)?;
    d.set_item("bytes", s.bytes)?;
    d.set_item("records", s.records)?;
    d.set_item("records_with_findings", s.records_with_findings)?;
    d.set_item("records_with_violations", s.records_with_violations)?;
    d.set_item("violations", s.violations)?;
    d.set_item("warnings", s.warnings)?;
    d.set_item("notices", s.notices)?;
    let rules = PyDict::new(py);
    for (id, c) in &s.rules {
        let r = PyDict::new(py);
        r.set_item("severity", c.severity.map(Severity::as_str))?;
        r.set_item("findings", c.findings)?;
        rules.set_item(id, r)?;
    }
    d.set_item("rules", rules)?;
    Ok(d)
}

/// Paths from a str, an os.PathLike, or an iterable of those.
pub fn paths_of(arg: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    fn one(p: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        if let Ok(s) = p.cast::<PyString>() {
            return Ok(Some(s.extract::<String>()?));
        }
        if p.hasattr("__fspath__")? {
            let s = p.call_method0("__fspath__")?;
            return match s.cast::<PyString>() {
                Ok(s) => Ok(Some(s.extract::<String>()?)),
                Err(_) => Err(PyTypeError::new_err("only str paths are supported")),
            };
        }
        Ok(None)
    }
    if let Some(p) = one(arg)? {
        return Ok(vec![p]);
    }
    let iter = arg.try_iter().map_err(|_| {
        PyTypeError::new_err("expected a path (str or os.PathLike) or an iterable of paths")
    })?;
    let mut out = Vec::new();
    for p in iter {
        match one(&p?)? {
            Some(p) => out.push(p),
            None => {
                return Err(PyTypeError::new_err(
                    "every path must be a str or an os.PathLike",
                ));
            }
        }
    }
    Ok(out)
}

/// Rule options as `NAME[=VALUE]` strings: a list of them, or a dict
/// name -> True / False / value.
fn option_specs(v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(d) = v.cast::<PyDict>() {
        let mut out = Vec::new();
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| PyTypeError::new_err("option names must be str"))?;
            let spec = if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
                format!("{k}={}", if b.is_true() { "on" } else { "off" })
            } else {
                format!("{k}={}", v.str()?)
            };
            out.push(spec);
        }
        return Ok(out);
    }
    if v.is_instance_of::<PyString>() {
        return Ok(vec![v.extract()?]);
    }
    if let Ok(l) = v.cast::<PyList>() {
        return l
            .iter()
            .map(|s| {
                s.extract::<String>()
                    .map_err(|_| PyTypeError::new_err("rule options must be str"))
            })
            .collect();
    }
    Err(PyTypeError::new_err(
        "rule options must be a list of \"NAME[=VALUE]\" strings or a dict",
    ))
}

/// [`AuditOptions`] from the `options` dict: `jobs`, `preferans`, `pinochle`.
pub fn audit_options(options: Option<&Bound<'_, PyAny>>) -> PyResult<AuditOptions> {
    let mut opts = AuditOptions::default();
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(opts);
    };
    let d = options
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("options must be a dict or None"))?;
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("option keys must be str"))?;
        match key.as_str() {
            "jobs" => {
                let j: usize = v
                    .extract()
                    .map_err(|_| PyTypeError::new_err("jobs must be a positive int"))?;
                opts.jobs = j.max(1);
            }
            "preferans" => {
                for spec in option_specs(&v)? {
                    opts.preferans
                        .set(&spec)
                        .map_err(|e| PyValueError::new_err(e.to_string()))?;
                }
            }
            "pinochle" => {
                for spec in option_specs(&v)? {
                    opts.pinochle.set(&spec).map_err(|e| {
                        PyValueError::new_err(format!("pinochle option {spec}: {e}"))
                    })?;
                }
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown option {other:?} (known: jobs, preferans, pinochle)"
                )));
            }
        }
    }
    Ok(opts)
}

/// Audits `paths` on a thread as the CLI's `kibitz audit` does, handing each
/// finding to `out` and the total summary last.
fn audit_paths(
    paths: Vec<String>,
    opts: AuditOptions,
    quiet: Arc<AtomicBool>,
    mut out: Producer<Item>,
) {
    let mut skipped = 0;
    let (inputs, bad) = core::collect_inputs(&paths, &mut skipped);
    for (p, e) in &bad {
        out.push(Item::Error(p.clone(), e.to_string()));
    }
    let mut name: Option<Arc<str>> = None;
    let mut total = core::run(&inputs, &opts, &mut |ev| match ev {
        Event::Finding { file, finding, .. } => {
            if out.closed || quiet.load(Ordering::Relaxed) {
                return;
            }
            let n = match &name {
                Some(n) if **n == *file => Arc::clone(n),
                _ => {
                    let n: Arc<str> = Arc::from(file);
                    name = Some(Arc::clone(&n));
                    n
                }
            };
            out.push(Item::Finding(n, finding.clone()));
        }
        Event::Done {
            file,
            error: Some(e),
            ..
        } => out.push(Item::Error(file.to_string(), e.to_string())),
        Event::Done { .. } => {}
        Event::BadPath { path, error } => {
            out.push(Item::Error(path.to_string(), error.to_string()))
        }
    });
    total.skipped += skipped;
    total.unreadable += bad.len() as u64;
    out.push(Item::Done(Box::new(total)));
}

fn start(work: impl FnOnce(Arc<AtomicBool>, Producer<Item>) + Send + 'static) -> Audit {
    let (tx, rx) = channel();
    let quiet = Arc::new(AtomicBool::new(false));
    let q = Arc::clone(&quiet);
    std::thread::spawn(move || work(q, tx));
    Audit {
        items: rx,
        quiet,
        summary: None,
        errors: Vec::new(),
        strings: Strings::default(),
    }
}

/// Audits files, folders (recursively: game files and zip archives, compressed
/// or not) like `kibitz audit`. Returns an `Audit`: iterate it for the findings
/// in input order; its `summary` is set at the end (the CLI's JSON summary).
/// Bad input raises nothing: it is reported as findings, or counted as
/// unreadable (see `Audit.errors`). `options` is a dict with `jobs` (worker
/// threads), `preferans` and `pinochle` (rule options, a list of
/// `"NAME[=VALUE]"` strings or a dict name -> value).
#[pyfunction]
#[pyo3(signature = (path_or_paths, options=None))]
pub fn audit(
    path_or_paths: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Audit> {
    let paths = paths_of(path_or_paths)?;
    let opts = audit_options(options)?;
    Ok(start(move |quiet, out| {
        audit_paths(paths, opts, quiet, out)
    }))
}

/// Audits one input held in memory (`bytes` or `bytearray`; gzip, zstd, bzip2
/// and xz are decoded), `name` being what findings name it (its extension is
/// a hint for the notation). Returns an `Audit` as `audit` does.
#[pyfunction]
#[pyo3(signature = (data, name="<bytes>".to_string(), options=None))]
pub fn audit_bytes(
    data: &Bound<'_, PyAny>,
    name: String,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Audit> {
    if data.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("data must be bytes, not str"));
    }
    let data: PyBackedBytes = data
        .extract()
        .map_err(|_| PyTypeError::new_err("data must be bytes or bytearray"))?;
    let opts = audit_options(options)?;
    Ok(start(move |quiet, mut out| {
        let mut summary = Summary::default();
        let file: Arc<str> = Arc::from(name.as_str());
        let result = core::decoded(Cursor::new(&data[..])).and_then(|mut r| {
            core::audit_input(&name, &mut r, &opts, &mut summary, &mut |f| {
                if !quiet.load(Ordering::Relaxed) {
                    out.push(Item::Finding(Arc::clone(&file), f.clone()));
                }
            })
        });
        if let Err(e) = result {
            summary.unreadable += 1;
            out.push(Item::Error(name.clone(), e.to_string()));
        }
        out.push(Item::Done(Box::new(summary)));
    }))
}
