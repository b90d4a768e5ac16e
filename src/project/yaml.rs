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
    let message = match (&key, in_japanese(&reason)) {
        (Some(k), _) => format!("{what}: 不明なキー `{k}` があります（{reason}）"),
        (None, Some(said)) => format!("{what}: {said}"),
        (None, None) => format!("{what}: {reason}"),
    };
    let mut error = Error::new(code, message).at(path, line);
    error = error.details(serde_json::json!({
        "key": key,
        "line": line,
        "column": column,
    }));
    error
}

/// A serde "invalid type/value" message (`thresholds.long_sentence_length: invalid type:
/// string "forty", expected usize`) in Japanese: the key, what was written and the kind of
/// value expected; an unknown value of a closed set names the nearest allowed one.
fn in_japanese(reason: &str) -> Option<String> {
    let (key, rest) = match reason.split_once(": invalid ") {
        Some((key, rest)) => (key, rest),
        None => ("", reason.strip_prefix("invalid ")?),
    };
    let rest = rest
        .strip_prefix("type: ")
        .or_else(|| rest.strip_prefix("value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    let key = if key.is_empty() {
        String::new()
    } else {
        format!("{key} の値 ")
    };
    Some(format!(
        "{key}{} は使えません。{}を書いてください",
        found_in_japanese(found),
        expected_in_japanese(expected)
    ))
}

/// serde's `Unexpected` description in Japanese.
fn found_in_japanese(found: &str) -> String {
    let value = |prefix: &str| found.strip_prefix(prefix).map(|v| v.trim_matches('`'));
    if let Some(v) = value("string ") {
        format!("文字列 {v}")
    } else if let Some(v) = value("integer ") {
        format!("整数 {v}")
    } else if let Some(v) = value("floating point ") {
        format!("小数 {v}")
    } else if let Some(v) = value("boolean ") {
        format!("真偽値 {v}")
    } else {
        match found {
            "sequence" => "リスト".into(),
            "map" => "キーと値の組".into(),
            "unit value" => "空の値".into(),
            other => other.to_string(),
        }
    }
}

/// serde's `expected` description in Japanese (the kind of value to write).
fn expected_in_japanese(expected: &str) -> String {
    match expected {
        "usize" | "u8" | "u16" | "u32" | "u64" => "0 以上の整数（例: 40）".into(),
        "isize" | "i8" | "i16" | "i32" | "i64" => "整数（例: 40）".into(),
        "f32" | "f64" => "数（例: 0.5）".into(),
        "a boolean" => "true か false ".into(),
        "a string" => "文字列".into(),
        "a sequence" => "リスト（例: [a, b]）".into(),
        "a map" => "キーと値の組（例: {a: 1}）".into(),
        other if other.starts_with("struct ") => "キーと値の組（例: {a: 1}）".into(),
        other => format!("{other} "),
    }
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
    fn a_value_of_the_wrong_type_is_said_in_japanese_with_its_key() {
        let text = "thresholds:\n  long_sentence_length: forty\n";
        let err = from_str::<crate::project::rc::RcConfig>(text).unwrap_err();
        let e = yaml_error(
            Code::U002,
            Path::new(".novelerrc.yaml"),
            &err,
            "設定ファイルが不正です",
        );
        assert!(
            e.message
                .contains("long_sentence_length の値 文字列 \"forty\" は使えません。0 以上の整数"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("invalid type"), "{}", e.message);
    }

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
