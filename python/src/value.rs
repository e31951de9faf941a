//! A record as plain data, built without the GIL on the reading thread and
//! turned into Python dicts, lists, ints and strings on the caller's thread.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A plain value: what a record dict holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An int.
    Int(i64),
    /// A str.
    Str(String),
    /// A list.
    List(Vec<Value>),
    /// A dict with string keys, in this order.
    Dict(Vec<(&'static str, Value)>),
    /// A dict with keys read from the input.
    Map(Vec<(String, Value)>),
}

impl Value {
    /// `Str` of anything displayable.
    pub fn text(v: impl std::fmt::Display) -> Value {
        Value::Str(v.to_string())
    }

    /// `v` mapped with `f`, or `None`.
    pub fn opt<T>(v: Option<T>, f: impl FnOnce(T) -> Value) -> Value {
        v.map_or(Value::None, f)
    }

    /// The Python object for this value.
    pub fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        Ok(match self {
            Value::None => py.None().into_bound(py),
            Value::Bool(b) => pyo3::types::PyBool::new(py, b).to_owned().into_any(),
            Value::Int(i) => i.into_pyobject(py)?.into_any(),
            Value::Str(s) => s.into_pyobject(py)?.into_any(),
            Value::List(items) => {
                let list = PyList::empty(py);
                for v in items {
                    list.append(v.into_py(py)?)?;
                }
                list.into_any()
            }
            Value::Dict(fields) => {
                let dict = PyDict::new(py);
                for (k, v) in fields {
                    dict.set_item(k, v.into_py(py)?)?;
                }
                dict.into_any()
            }
            Value::Map(fields) => {
                let dict = PyDict::new(py);
                for (k, v) in fields {
                    dict.set_item(k, v.into_py(py)?)?;
                }
                dict.into_any()
            }
        })
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<u32> for Value {
    fn from(i: u32) -> Value {
        Value::Int(i64::from(i))
    }
}

impl From<u8> for Value {
    fn from(i: u8) -> Value {
        Value::Int(i64::from(i))
    }
}

impl From<i32> for Value {
    fn from(i: i32) -> Value {
        Value::Int(i64::from(i))
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(s)
    }
}
