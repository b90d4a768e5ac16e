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
        (_, Some(said)) => format!("{what}: {said}"),
        (Some(k), None) => {
            let guess = reason
                .split_once(", expected ")
                .and_then(|(_, expected)| nearest(k, &quoted(expected)))
                .map(|g| format!("`{g}` のことですか？"))
                .unwrap_or_default();
            format!("{what}: 不明なキー `{k}` があります。{guess}（{reason}）")
        }
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
/// value expected, with a guess at what was meant ("40字" → 40, "yes" → true); an unknown
/// value of a closed set lists the allowed ones and names the nearest.
fn in_japanese(reason: &str) -> Option<String> {
    if let Some(said) = unknown_value(reason) {
        return Some(said);
    }
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
    let guess = meant(found, expected)
        .map(|g| format!("（{g} のことですか？）"))
        .unwrap_or_default();
    Some(format!(
        "{key}{} は使えません。{}を書いてください{guess}",
        found_in_japanese(found),
        expected_in_japanese(expected)
    ))
}

/// `key: unknown variant `x`, expected `a` or `b`` (a value outside a closed set, such as
/// `preset: narow`) in Japanese, naming the allowed values and the nearest one.
fn unknown_value(reason: &str) -> Option<String> {
    let (key, rest) = reason.split_once(": unknown variant `")?;
    let (value, expected) = rest.split_once("`, expected ")?;
    let allowed = quoted(expected);
    let guess = nearest(value, &allowed)
        .map(|g| format!("`{g}` のことですか？"))
        .unwrap_or_default();
    Some(format!(
        "{key} の値 `{value}` は使えません。{guess}使える値: {}",
        allowed.join(", ")
    ))
}

/// The names serde quotes in an `expected` list (`a`, `a` or `b`, one of `a`, `b`, …).
fn quoted(expected: &str) -> Vec<&str> {
    expected.split('`').skip(1).step_by(2).collect()
}

/// The allowed name nearest to `written` (any case; Jaro–Winkler ≥ 0.8, as for MCP
/// arguments and rule codes).
fn nearest<'a>(written: &str, allowed: &[&'a str]) -> Option<&'a str> {
    let lower = written.to_lowercase();
    allowed
        .iter()
        .map(|a| (strsim::jaro_winkler(&lower, &a.to_lowercase()), *a))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// What a string written where a number or a boolean belongs probably meant: its leading
/// digits (full-width ones too: "４０字" → 40), or yes/no, on/off, はい/いいえ.
fn meant(found: &str, expected: &str) -> Option<String> {
    let written = found.strip_prefix("string ")?.trim_matches('"');
    let number = matches!(
        expected,
        "usize"
            | "u8"
            | "u16"
            | "u32"
            | "u64"
            | "isize"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "f32"
            | "f64"
    );
    if number {
        let ascii: String = written
            .trim()
            .chars()
            .map(|c| match c {
                '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
                '．' => '.',
                other => other,
            })
            .collect();
        let digits: String = ascii
            .chars()
            .take_while(|c| c.is_ascii_digit() || (*c == '.' && expected.starts_with('f')))
            .collect();
        return (!digits.is_empty() && digits.parse::<f64>().is_ok()).then_some(digits);
    }
    if expected == "a boolean" {
        return match written.trim().to_lowercase().as_str() {
            "yes" | "y" | "on" | "はい" | "真" => Some("true".into()),
            "no" | "n" | "off" | "いいえ" | "偽" => Some("false".into()),
            _ => None,
        };
    }
    None
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
        assert!(!e.message.contains("のことですか"), "{}", e.message);
    }

    fn rc_error(text: &str) -> String {
        let err = from_str::<crate::project::rc::RcConfig>(text).unwrap_err();
        yaml_error(Code::U002, Path::new(".novelerrc.yaml"), &err, "設定").message
    }

    #[test]
    fn a_wrong_value_names_what_was_probably_meant() {
        let m = rc_error("thresholds:\n  long_sentence_length: ４０字\n");
        assert!(
            m.contains("0 以上の整数（例: 40）を書いてください（40 のことですか？）"),
            "{m}"
        );
        let m = rc_error("exclude_dialogue_lines: yes\n");
        assert!(
            m.contains("true か false を書いてください（true のことですか？）"),
            "{m}"
        );
        let m = rc_error("preset: narow\n");
        assert!(
            m.contains(
                "preset の値 `narow` は使えません。`narou` のことですか？使える値: narou, literary"
            ),
            "{m}"
        );
        assert!(!m.contains("不明なキー"), "{m}");
        let m = rc_error("thresholds:\n  long_sentence_lenght: 40\n");
        assert!(
            m.contains("不明なキー `long_sentence_lenght` があります。`long_sentence_length` のことですか？"),
            "{m}"
        );
        // Nothing near: no guess.
        let m = rc_error("preset: zzz\n");
        assert!(!m.contains("のことですか"), "{m}");
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
