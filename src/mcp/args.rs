//! Explaining bad tool arguments to the model: which field, what was expected, a valid
//! example call, and the closest valid name for a misspelt key. The facts come from serde
//! (`serde_path_to_error` for the path, `serde_ignored` for unknown keys) and from the
//! tool's input schema; nothing here knows a particular tool.

use super::adapter::ArgError;
use rmcp::model::JsonObject;
use serde_json::{json, Value};

/// The error for arguments that did not deserialise (`err`) or carried keys the Request
/// does not know (`unknown`).
pub fn explain(
    schema: &JsonObject,
    required: &[String],
    given: &JsonObject,
    err: Option<serde_path_to_error::Error<serde_json::Error>>,
    unknown: &[String],
) -> ArgError {
    let names = property_names(schema);
    // A Request with a flattened part refuses unknown keys itself (`deny_unknown_fields`;
    // serde_ignored cannot see past `flatten`): the same answer as for any unknown key.
    let refused = err.as_ref().and_then(|e| {
        let inner = e.inner().to_string();
        let key = inner.strip_prefix("unknown field `")?.split('`').next()?;
        Some(match e.path().to_string().as_str() {
            "." => key.to_string(),
            path => format!("{path}.{key}"),
        })
    });
    // A misspelt key first: it usually explains a "missing field" too.
    if let Some(key) = unknown.first().or(refused.as_ref()) {
        let key = key.as_str();
        let guess = closest(key, &names);
        let message = match guess {
            Some(g) => format!("引数 `{key}` はありません。`{g}` のことですか？"),
            None => format!("引数 `{key}` はありません"),
        };
        return ArgError {
            message,
            field: Some(key.to_string()),
            expected: Some(format!("one of: {}", names.join(", "))),
            example: example(schema, required, guess),
        };
    }
    let Some(err) = err else {
        return ArgError {
            message: "引数が不正です".into(),
            field: None,
            expected: None,
            example: example(schema, required, None),
        };
    };
    let path = err.path().to_string();
    let inner = err.inner().to_string();
    // serde reports a missing field at the struct's own path, naming it in backquotes.
    // Inside a flattened struct serde loses the path: find the argument whose JSON type
    // the schema does not allow.
    let path = if path == "." && !inner.starts_with("missing field") {
        mismatched(schema, given).unwrap_or(path)
    } else {
        path
    };
    let field = if let Some(name) = inner
        .strip_prefix("missing field `")
        .and_then(|r| r.split('`').next())
    {
        if path == "." {
            name.to_string()
        } else {
            format!("{path}.{name}")
        }
    } else {
        path.clone()
    };
    let top = field.split(['.', '[']).next().unwrap_or(&field).to_string();
    let expected = schema
        .get("properties")
        .and_then(|p| p.get(&top))
        .map(|p| expected_of(p, schema));
    let message = if inner.starts_with("missing field") {
        let near = given
            .keys()
            .find(|g| !names.contains(&g.as_str()) && closest(g, &[top.as_str()]).is_some());
        match near {
            Some(g) => {
                format!("必須の引数 `{field}` がありません（`{g}` は `{field}` の綴り違いでは？）")
            }
            None => format!("必須の引数 `{field}` がありません"),
        }
    } else if !inner.is_ascii() {
        // A message of our own (a Request's validation), already in Japanese.
        if field == "." {
            format!("引数が不正です: {inner}")
        } else {
            format!("引数 `{field}` が不正です: {inner}")
        }
    } else if field == "." {
        "引数が不正です（引数は JSON オブジェクトで、各値は入力スキーマの型で渡してください）"
            .into()
    } else {
        // serde's own words are English: say it from the schema instead.
        let shown = value_at(given, &field)
            .map(|v| format!(" {} ", short(v)))
            .unwrap_or_default();
        let want = schema
            .get("properties")
            .and_then(|p| p.get(&top))
            .filter(|_| field == top)
            .map(|p| format!("（{}）", wanted(p, schema)))
            .unwrap_or_default();
        format!("引数 `{field}` の値{shown}は使えません{want}")
    };
    ArgError {
        message,
        field: (field != ".").then_some(field),
        expected,
        example: example(schema, required, Some(top.as_str())),
    }
}

/// The first argument whose JSON type (or enum value) its property schema does not allow.
fn mismatched(schema: &JsonObject, given: &JsonObject) -> Option<String> {
    let props = schema.get("properties")?.as_object()?;
    given
        .iter()
        .find(|(name, value)| {
            let Some(prop) = props.get(*name) else {
                return false;
            };
            let resolved = resolve_ref(prop, schema);
            let values = enum_values(resolved);
            if !values.is_empty() {
                return !values.contains(value);
            }
            let kinds: Vec<&str> = match resolved.get("type") {
                Some(Value::String(t)) => vec![t.as_str()],
                Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
                _ => return false,
            };
            let actual = match value {
                Value::Null => "null",
                Value::Bool(_) => "boolean",
                Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
                Value::Number(_) => "number",
                Value::String(_) => "string",
                Value::Array(_) => "array",
                Value::Object(_) => "object",
            };
            !(kinds.contains(&actual)
                || (actual == "integer" && kinds.contains(&"number"))
                || actual == "null")
        })
        .map(|(name, _)| name.clone())
}

fn property_names(schema: &JsonObject) -> Vec<&str> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// `prop` itself, or the `$defs` entry its `$ref` points to.
fn resolve_ref<'a>(prop: &'a Value, schema: &'a JsonObject) -> &'a Value {
    prop.get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| schema.get("$defs")?.get(name))
        .unwrap_or(prop)
}

/// The valid name nearest to `key`, when it is near enough to be a typo.
pub(crate) fn closest<'a>(key: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|n| (strsim::jaro_winkler(key, n), *n))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

/// What a property accepts, in a few words: its type or enum values and the first
/// sentence of its description.
fn expected_of(prop: &Value, schema: &JsonObject) -> String {
    let resolved = resolve_ref(prop, schema);
    let values = enum_values(resolved);
    let kind = if !values.is_empty() {
        format!(
            "one of {}",
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        match resolved.get("type") {
            Some(Value::String(t)) => t.clone(),
            Some(Value::Array(ts)) => ts
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" or "),
            _ if resolved.get("anyOf").is_some() => "integer or string".into(),
            _ => "a JSON value".into(),
        }
    };
    let range = match (resolved.get("minimum"), resolved.get("maximum")) {
        (Some(a), Some(b)) => format!(" {a}..={b}"),
        _ => String::new(),
    };
    let desc = prop
        .get("description")
        .or_else(|| resolved.get("description"))
        .and_then(Value::as_str)
        .and_then(|d| d.split(['.', '。']).next())
        .filter(|d| !d.is_empty())
        .map(|d| format!(" ({})", d.trim()))
        .unwrap_or_default();
    format!("{kind}{range}{desc}")
}

/// The value at a serde path (`a.b`, `a[0].b`) of the arguments.
fn value_at<'a>(given: &'a JsonObject, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut at = given.get(parts.next()?.split('[').next()?)?;
    for part in parts {
        let (key, index) = match part.split_once('[') {
            Some((k, i)) => (k, i.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        at = at.get(key)?;
        if let Some(i) = index {
            at = at.get(i)?;
        }
    }
    Some(at)
}

/// A value as a message quotes it: short JSON.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// What a property accepts, in Japanese: `1〜9999 の整数が必要です`.
fn wanted(prop: &Value, schema: &JsonObject) -> String {
    let resolved = resolve_ref(prop, schema);
    let values = enum_values(resolved);
    if !values.is_empty() {
        let list: Vec<String> = values.iter().map(Value::to_string).collect();
        return format!("{} のいずれかです", list.join(", "));
    }
    let ja = |t: &str| match t {
        "integer" => "整数",
        "number" => "数値",
        "string" => "文字列",
        "boolean" => "true か false",
        "array" => "配列",
        "object" => "JSON オブジェクト",
        "null" => "null",
        _ => "JSON の値",
    };
    let kinds: Vec<&str> = match resolved.get("type") {
        Some(Value::String(t)) => vec![ja(t)],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .filter(|t| *t != "null")
            .map(ja)
            .collect(),
        _ if resolved.get("anyOf").is_some() => vec!["整数", "文字列"],
        _ => vec!["JSON の値"],
    };
    let range = match (resolved.get("minimum"), resolved.get("maximum")) {
        (Some(a), Some(b)) => format!("{a}〜{b} の"),
        (Some(a), None) => format!("{a} 以上の"),
        _ => String::new(),
    };
    format!("{range}{}が必要です", kinds.join("か"))
}

/// `enum` values, or the `const`s of a `oneOf` (schemars' documented enums).
fn enum_values(s: &Value) -> Vec<Value> {
    if let Some(Value::Array(v)) = s.get("enum") {
        return v.clone();
    }
    s.get("oneOf")
        .and_then(Value::as_array)
        .map(|alts| {
            alts.iter()
                .filter_map(|a| {
                    a.get("const")
                        .cloned()
                        .or_else(|| a.get("enum")?.get(0).cloned())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A minimal valid call: the required arguments (plus `also`) with sample values.
pub fn example(schema: &JsonObject, required: &[String], also: Option<&str>) -> Value {
    let props = schema.get("properties").and_then(Value::as_object);
    let mut out = serde_json::Map::new();
    let wanted = required.iter().map(String::as_str).chain(also);
    for name in wanted {
        if out.contains_key(name) {
            continue;
        }
        let Some(prop) = props.and_then(|p| p.get(name)) else {
            continue;
        };
        out.insert(name.to_string(), sample(prop, schema));
    }
    Value::Object(out)
}

fn sample(prop: &Value, schema: &JsonObject) -> Value {
    let resolved = resolve_ref(prop, schema);
    if let Some(v) = enum_values(resolved).into_iter().next() {
        return v;
    }
    // `anyOf` (an integer or a name, …): a sample of its first alternative.
    if let Some(first) = resolved
        .get("anyOf")
        .and_then(Value::as_array)
        .and_then(|alts| alts.first())
    {
        return sample(first, schema);
    }
    let kind = match resolved.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or(""),
        _ => "",
    };
    match kind {
        "integer" | "number" => resolved.get("minimum").cloned().unwrap_or(json!(1)),
        "boolean" => json!(true),
        "string" => json!("…"),
        "array" => json!([]),
        _ => json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> JsonObject {
        json!({"type": "object", "properties": {
            "episode": {"type": "integer", "minimum": 1, "maximum": 9999, "description": "Episode number. Required."},
            "level": {"enum": ["low", "high"]},
            "submission": {}
        }})
        .as_object()
        .cloned()
        .unwrap()
    }

    #[test]
    fn typos_get_the_nearest_name() {
        let given = json!({"submision": 1}).as_object().cloned().unwrap();
        let e = explain(
            &schema(),
            &["episode".into()],
            &given,
            None,
            &["submision".into()],
        );
        assert_eq!(e.field.as_deref(), Some("submision"));
        assert!(e.message.contains("`submission`"), "{}", e.message);
        assert_eq!(e.example, json!({"episode": 1, "submission": {}}));
        let given = json!({"zzz": 1}).as_object().cloned().unwrap();
        let e = explain(&schema(), &[], &given, None, &["zzz".into()]);
        assert!(!e.message.contains("ですか"), "{}", e.message);
        let given = json!({"episode": "x", "level": "low"})
            .as_object()
            .cloned()
            .unwrap();
        assert_eq!(mismatched(&schema(), &given).as_deref(), Some("episode"));
        let given = json!({"episode": 2, "level": "urgent"})
            .as_object()
            .cloned()
            .unwrap();
        assert_eq!(mismatched(&schema(), &given).as_deref(), Some("level"));
    }

    #[test]
    fn expected_values_read_plainly() {
        let s = schema();
        assert_eq!(
            expected_of(&s["properties"]["episode"], &s),
            "integer 1..=9999 (Episode number)"
        );
        assert_eq!(
            expected_of(&s["properties"]["level"], &s),
            "one of \"low\", \"high\""
        );
        assert_eq!(example(&s, &[], Some("level")), json!({"level": "low"}));
        let s = json!({"type": "object", "properties": {
            "stage": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string"}]}
        }});
        let s = s.as_object().unwrap();
        assert_eq!(example(s, &["stage".into()], None), json!({"stage": 1}));
    }

    #[test]
    fn type_errors_are_told_in_japanese() {
        let given = json!({"episode": "one"}).as_object().cloned().unwrap();
        let err = serde_path_to_error::deserialize::<_, Episode>(Value::Object(given.clone()))
            .unwrap_err();
        let e = explain(&schema(), &[], &given, Some(err), &[]);
        assert_eq!(e.field.as_deref(), Some("episode"));
        assert_eq!(
            e.message,
            "引数 `episode` の値 \"one\" は使えません（1〜9999 の整数が必要です）"
        );
        assert!(!e.message.contains("invalid type"), "{}", e.message);
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Episode {
        episode: u32,
    }
}
