//! YAML helpers shared by every layer that reads or writes the project's YAML: errors that
//! name the file and the line, and the one way to read and to write a scalar. Parsing is
//! `store::yaml::from_str` (behind the nesting guard), re-exported here.

use crate::error::{Code, Error};
use std::path::Path;

pub(crate) use crate::store::yaml::{from_str, YamlError};

/// The 1-based line of the first `key:` entry in `text` (comments ignored). For messages
/// about values that parsed but are invalid; serde_yaml's own errors carry their location.
pub(crate) fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let t = line.trim_start().trim_start_matches("- ");
            if t.starts_with('#') {
                return false;
            }
            [key.to_string(), format!("\"{key}\""), format!("'{key}'")]
                .iter()
                .any(|k| {
                    t.strip_prefix(k.as_str())
                        .is_some_and(|rest| rest.trim_start().starts_with(':'))
                })
        })
        .map(|i| i + 1)
}

/// Turns a YAML error into an `Error` of `code` located at its line, with the offending key
/// (for unknown fields) in `details.key`.
pub(crate) fn yaml_error(code: Code, path: &Path, err: &YamlError, what: &str) -> Error {
    let line = err.line();
    let column = err.column();
    let full = err.to_string();
    // serde_yaml appends " at line L column C"; the location is reported separately.
    let reason = match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    };
    let key = unknown_field(&reason);
    let message = match &key {
        Some(k) => format!("{what}: 不明なキー `{k}` があります（{reason}）"),
        None => format!("{what}: {reason}"),
    };
    let mut error = Error::new(code, message).at(path, line);
    error = error.details(serde_json::json!({
        "key": key,
        "line": line,
        "column": column,
    }));
    error
}

/// The field name of a serde "unknown field `x`" / "unknown variant `x`" message.
fn unknown_field(reason: &str) -> Option<String> {
    for marker in ["unknown field `", "unknown variant `"] {
        if let Some(i) = reason.find(marker) {
            let rest = &reason[i + marker.len()..];
            return rest.find('`').map(|j| rest[..j].to_string());
        }
    }
    None
}

/// A YAML scalar for `value`: plain when it reads back as the same string, else quoted.
pub fn quote_scalar(value: &str) -> String {
    let plain_ok = !value.is_empty()
        && !value.contains(['\n', '\r', '#', ':', '"', '\''])
        && value.trim() == value
        && from_str::<serde_yaml::Value>(&format!("k: {value}\n"))
            .ok()
            .and_then(|v| v.get("k").and_then(|s| s.as_str().map(str::to_string)))
            .as_deref()
            == Some(value);
    if plain_ok {
        value.to_string()
    } else {
        // A JSON string is a valid YAML double-quoted scalar.
        serde_json::to_string(value).unwrap_or_else(|_| "\"\"".into())
    }
}

/// A YAML string or number as text (a number as written, a string as is); none for
/// anything else (null, bool, list, mapping).
pub(crate) fn scalar(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `scalar`, trimmed.
pub(crate) fn trimmed_scalar(v: &serde_yaml::Value) -> Option<String> {
    scalar(v).map(|s| s.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_key_lines() {
        let text = "# target_length: no\na:\n  target_length:\n    min: 1\n";
        assert_eq!(key_line(text, "target_length"), Some(3));
        assert_eq!(key_line(text, "min"), Some(4));
        assert_eq!(key_line(text, "max"), None);
        assert_eq!(key_line("\"quoted\": 1\n", "quoted"), Some(1));
        assert_eq!(key_line("minute: 1\n", "min"), None);
    }

    #[test]
    fn unknown_field_is_extracted() {
        assert_eq!(
            unknown_field("thresholds: unknown field `foo`, expected one of `a`").as_deref(),
            Some("foo")
        );
        assert_eq!(unknown_field("invalid type"), None);
    }
}
