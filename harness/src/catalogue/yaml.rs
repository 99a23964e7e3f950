//! The one door to the YAML parser. `serde_yaml` is archived by its author: every read,
//! conversion and error of YAML in the harness goes through this module, so that a
//! maintained fork with the same API replaces it here alone, its errors (which carry the
//! line and column the catalogue's and interface files' messages show) included.

pub use serde_yaml::{Error, Mapping, Value};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Parses YAML text into `T`; the error names the line and column.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    serde_yaml::from_str(text)
}

/// Converts a parsed value into `T`.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    serde_yaml::from_value(value)
}

/// Converts `T` into a YAML value.
pub fn to_value<T: Serialize>(value: T) -> Result<Value, Error> {
    serde_yaml::to_value(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_its_line() {
        let e = from_str::<Value>("a: 1\nb: [\n").unwrap_err().to_string();
        assert!(e.contains("line"), "{e}");
    }

    #[test]
    fn a_value_round_trips() {
        let v: Value = from_str("k: [1, two]").unwrap();
        let m: Mapping = from_value(v.clone()).unwrap();
        assert_eq!(to_value(&m).unwrap(), v);
    }
}
