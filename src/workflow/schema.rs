//! A validator for the subset of JSON Schema the stage templates use: `type` (one name or a
//! list), `properties`, `required`, `additionalProperties` (bool or schema), `items`,
//! `enum`, `const`, `minLength`/`maxLength` (characters), `minimum`/`maximum`,
//! `minItems`/`maxItems`, `pattern`, plus the annotations `title`, `description`,
//! `examples`, `default`, `$comment`. A template using any other keyword is rejected by
//! [`check_supported`], so a schema can never be silently half-enforced.
//!
//! Violations carry a JSON Pointer (`/scenes/0/purpose`) to the failing value.

use serde::Serialize;
use serde_json::Value;

/// The JSON Schema keywords the validator understands (and `schema_text` can sketch).
pub(crate) const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "minItems",
    "maxItems",
    "pattern",
    "title",
    "description",
    "examples",
    "default",
    "$comment",
];

/// One failed constraint.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Violation {
    /// JSON Pointer to the value ("" for the whole document).
    pub path: String,
    /// Japanese.
    pub message: String,
}

/// At most this many violations are reported.
pub const MAX_VIOLATIONS: usize = 50;

/// Validates `instance` against `schema`; empty when valid.
pub fn validate(schema: &Value, instance: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    walk(schema, instance, "", &mut out);
    out.truncate(MAX_VIOLATIONS);
    out
}

/// Checks that `schema` only uses supported keywords and well-formed values; the error is a
/// pointer into the schema and what is wrong there.
pub(crate) fn check_supported(schema: &Value) -> Result<(), String> {
    check_node(schema, "")
}

fn check_node(schema: &Value, at: &str) -> Result<(), String> {
    let Some(obj) = schema.as_object() else {
        return Err(format!("{at}: スキーマはオブジェクトである必要があります"));
    };
    for (key, value) in obj {
        if !KEYWORDS.contains(&key.as_str()) {
            return Err(format!("{at}/{key}: 未対応のキーワードです"));
        }
        match key.as_str() {
            "type" => {
                let ok = |v: &Value| {
                    matches!(
                        v.as_str(),
                        Some(
                            "object"
                                | "array"
                                | "string"
                                | "integer"
                                | "number"
                                | "boolean"
                                | "null"
                        )
                    )
                };
                let fine = match value {
                    Value::Array(items) => !items.is_empty() && items.iter().all(ok),
                    v => ok(v),
                };
                if !fine {
                    return Err(format!("{at}/type: 不正な型名です"));
                }
            }
            "properties" => {
                let Some(props) = value.as_object() else {
                    return Err(format!("{at}/properties: オブジェクトである必要があります"));
                };
                for (name, sub) in props {
                    check_node(sub, &format!("{at}/properties/{}", escape(name)))?;
                }
            }
            "items" => check_node(value, &format!("{at}/items"))?,
            "additionalProperties" if !value.is_boolean() => {
                check_node(value, &format!("{at}/additionalProperties"))?;
            }
            "required" => {
                let fine = value
                    .as_array()
                    .is_some_and(|a| a.iter().all(Value::is_string));
                if !fine {
                    return Err(format!("{at}/required: 文字列の配列である必要があります"));
                }
            }
            "enum" if value.as_array().is_none_or(|a| a.is_empty()) => {
                return Err(format!("{at}/enum: 空でない配列である必要があります"));
            }
            "minLength" | "maxLength" | "minItems" | "maxItems" if value.as_u64().is_none() => {
                return Err(format!("{at}/{key}: 0以上の整数である必要があります"));
            }
            "minimum" | "maximum" if !value.is_number() => {
                return Err(format!("{at}/{key}: 数値である必要があります"));
            }
            "pattern" => {
                let fine = value.as_str().is_some_and(|p| regex::Regex::new(p).is_ok());
                if !fine {
                    return Err(format!("{at}/pattern: 正規表現として不正です"));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// JSON Pointer escaping of one reference token.
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if is_integer(n) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_integer(n: &serde_json::Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

fn type_matches(want: &str, v: &Value) -> bool {
    match want {
        "number" => v.is_number(),
        "integer" => v.as_number().is_some_and(is_integer),
        other => type_name(v) == other,
    }
}

fn ja_type(t: &str) -> &'static str {
    match t {
        "object" => "オブジェクト",
        "array" => "配列",
        "string" => "文字列",
        "integer" => "整数",
        "number" => "数値",
        "boolean" => "真偽値",
        "null" => "null",
        _ => "不明な型",
    }
}

fn push(out: &mut Vec<Violation>, path: &str, message: String) {
    if out.len() < MAX_VIOLATIONS {
        out.push(Violation {
            path: path.to_string(),
            message,
        });
    }
}

/// Checks `v` against `schema` (the subset `check_node` accepts): the type, `enum` and
/// `const`, then the keywords of the value's kind.
fn walk(schema: &Value, v: &Value, path: &str, out: &mut Vec<Violation>) {
    let Some(s) = schema.as_object() else { return };
    if let Some(t) = s.get("type") {
        let wanted: Vec<&str> = match t {
            Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
            Value::String(one) => vec![one.as_str()],
            _ => Vec::new(),
        };
        if !wanted.is_empty() && !wanted.iter().any(|w| type_matches(w, v)) {
            let names: Vec<&str> = wanted.iter().map(|w| ja_type(w)).collect();
            push(
                out,
                path,
                format!(
                    "{}である必要があります（実際は{}）",
                    names.join("または"),
                    ja_type(type_name(v))
                ),
            );
            return;
        }
    }
    if let Some(Value::Array(options)) = s.get("enum") {
        if !options.contains(v) {
            let shown: Vec<String> = options.iter().map(Value::to_string).collect();
            push(
                out,
                path,
                format!("次のいずれかである必要があります: {}", shown.join(", ")),
            );
        }
    }
    if let Some(c) = s.get("const") {
        if c != v {
            push(out, path, format!("値は {c} である必要があります"));
        }
    }
    match v {
        Value::String(text) => walk_string(s, text, path, out),
        Value::Number(n) => walk_number(s, n, path, out),
        Value::Array(items) => walk_array(s, items, path, out),
        Value::Object(map) => walk_object(s, map, path, out),
        _ => {}
    }
}

type Schema = serde_json::Map<String, Value>;

/// `minLength`, `maxLength`, `pattern`.
fn walk_string(s: &Schema, text: &str, path: &str, out: &mut Vec<Violation>) {
    let len = text.chars().count() as u64;
    if let Some(min) = s.get("minLength").and_then(Value::as_u64) {
        if len < min {
            let msg = if len == 0 {
                "空にできません".to_string()
            } else {
                format!("{min}文字以上必要です（{len}文字）")
            };
            push(out, path, msg);
        }
    }
    if let Some(max) = s.get("maxLength").and_then(Value::as_u64) {
        if len > max {
            push(
                out,
                path,
                format!("{max}文字以内にしてください（{len}文字）"),
            );
        }
    }
    if let Some(p) = s.get("pattern").and_then(Value::as_str) {
        if let Ok(re) = regex::Regex::new(p) {
            if !re.is_match(text) {
                push(out, path, format!("形式が不正です（パターン {p}）"));
            }
        }
    }
}

/// `minimum`, `maximum`.
fn walk_number(s: &Schema, n: &serde_json::Number, path: &str, out: &mut Vec<Violation>) {
    let x = n.as_f64().unwrap_or(0.0);
    if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
        if x < min {
            push(out, path, format!("{min} 以上である必要があります（{n}）"));
        }
    }
    if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
        if x > max {
            push(out, path, format!("{max} 以下である必要があります（{n}）"));
        }
    }
}

/// `minItems`, `maxItems`, `items`.
fn walk_array(s: &Schema, items: &[Value], path: &str, out: &mut Vec<Violation>) {
    let len = items.len() as u64;
    if let Some(min) = s.get("minItems").and_then(Value::as_u64) {
        if len < min {
            push(out, path, format!("{min}件以上必要です（{len}件）"));
        }
    }
    if let Some(max) = s.get("maxItems").and_then(Value::as_u64) {
        if len > max {
            push(out, path, format!("{max}件以内にしてください（{len}件）"));
        }
    }
    if let Some(item_schema) = s.get("items") {
        for (i, item) in items.iter().enumerate() {
            walk(item_schema, item, &format!("{path}/{i}"), out);
        }
    }
}

/// `required`, `properties`, `additionalProperties`.
fn walk_object(s: &Schema, map: &Schema, path: &str, out: &mut Vec<Violation>) {
    if let Some(Value::Array(required)) = s.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !map.contains_key(name) {
                push(
                    out,
                    &format!("{path}/{}", escape(name)),
                    "必須項目がありません".to_string(),
                );
            }
        }
    }
    let props = s.get("properties").and_then(Value::as_object);
    for (name, value) in map {
        let child = format!("{path}/{}", escape(name));
        match props.and_then(|p| p.get(name)) {
            Some(sub) => walk(sub, value, &child, out),
            None => match s.get("additionalProperties") {
                Some(Value::Bool(false)) => {
                    push(out, &child, "定義されていない項目です".to_string())
                }
                Some(sub @ Value::Object(_)) => walk(sub, value, &child, out),
                _ => {}
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "required": ["title", "scenes"],
            "additionalProperties": false,
            "properties": {
                "title": {"type": "string", "minLength": 1, "maxLength": 5},
                "pct": {"type": "integer", "minimum": 40, "maximum": 60},
                "kind": {"enum": ["a", "b"]},
                "opt": {"type": ["string", "null"]},
                "code": {"type": "string", "pattern": "^F[0-9]+$"},
                "scenes": {
                    "type": "array", "minItems": 1,
                    "items": {"type": "object", "required": ["purpose"],
                              "properties": {"purpose": {"type": "string", "minLength": 1}}}
                }
            }
        })
    }

    #[test]
    fn valid_document_passes() {
        let doc = json!({"title": "潮", "pct": 50, "kind": "a", "opt": null, "code": "F1",
                         "scenes": [{"purpose": "導入"}]});
        assert_eq!(validate(&schema(), &doc), vec![]);
        assert!(check_supported(&schema()).is_ok());
    }

    #[test]
    fn violations_have_pointers() {
        let doc = json!({"title": "", "pct": 70, "kind": "c", "code": "X",
                         "scenes": [{"purpose": "ok"}, {}], "extra/x": 1});
        let v = validate(&schema(), &doc);
        let paths: Vec<&str> = v.iter().map(|v| v.path.as_str()).collect();
        assert_eq!(
            paths,
            vec![
                "/title",
                "/pct",
                "/kind",
                "/code",
                "/scenes/1/purpose",
                "/extra~1x"
            ]
        );
        assert_eq!(v[0].message, "空にできません");
    }

    #[test]
    fn type_mismatch_and_missing_root_fields() {
        let v = validate(&schema(), &json!({"pct": 50.5}));
        let paths: Vec<&str> = v.iter().map(|v| v.path.as_str()).collect();
        assert_eq!(paths, vec!["/title", "/scenes", "/pct"]);
        let v = validate(&schema(), &json!([1]));
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].path, "");
        // 50.0 counts as an integer, as in JSON Schema.
        assert!(validate(&json!({"type": "integer"}), &json!(50.0)).is_empty());
    }

    /// The subset is checked against the `jsonschema` crate (a dev-dependency: the binary
    /// keeps this validator, see docs/DECISIONS.md): on every embedded template's schema and
    /// on the schema above, both agree on what is valid, and every violation's pointer is one
    /// jsonschema reports too.
    #[test]
    fn agrees_with_the_jsonschema_crate() {
        let mut schemas = vec![schema()];
        for (name, text) in crate::workflow::templates::EMBEDDED {
            let doc =
                crate::workflow::templates::parse(name, text, std::path::Path::new(name)).unwrap();
            schemas.push(doc.output_schema);
        }
        let docs = [
            json!({}),
            json!([]),
            json!(null),
            json!("x"),
            json!({"title": "潮", "pct": 50, "kind": "a", "opt": null, "code": "F1",
                   "scenes": [{"purpose": "導入"}]}),
            json!({"title": "", "pct": 70.5, "kind": "c", "code": "X",
                   "scenes": [{"purpose": 1}, {}], "extra/x": 1}),
            json!({"title": "長すぎるタイトル", "scenes": []}),
        ];
        for (i, s) in schemas.iter().enumerate() {
            let oracle = jsonschema::validator_for(s).unwrap();
            // Each schema's own minimal documents: every property set to a wrong type.
            let mut local = docs.to_vec();
            if let Some(props) = s.get("properties").and_then(Value::as_object) {
                local.push(Value::Object(
                    props.keys().map(|k| (k.clone(), json!(true))).collect(),
                ));
                local.push(Value::Object(
                    props.keys().map(|k| (k.clone(), json!([]))).collect(),
                ));
            }
            for doc in &local {
                let ours = validate(s, doc);
                let theirs: Vec<String> = oracle
                    .iter_errors(doc)
                    .map(|e| e.instance_path().to_string())
                    .collect();
                assert_eq!(
                    ours.is_empty(),
                    theirs.is_empty(),
                    "schema {i} doc {doc}: {ours:?} vs {theirs:?}"
                );
                for v in &ours {
                    // A missing or undefined field is pointed at itself; jsonschema points at
                    // the object that lacks or holds it.
                    let at = match v.message.as_str() {
                        "必須項目がありません" | "定義されていない項目です" => {
                            v.path.rsplit_once('/').map_or("", |(o, _)| o)
                        }
                        _ => v.path.as_str(),
                    };
                    assert!(
                        theirs.iter().any(|t| t == at),
                        "schema {i} doc {doc}: {at} not in {theirs:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn unsupported_keywords_are_refused() {
        let err = check_supported(&json!({"type": "object", "properties": {
            "a": {"oneOf": []}}}))
        .unwrap_err();
        assert!(err.starts_with("/properties/a/oneOf"), "{err}");
        assert!(check_supported(&json!({"type": "strin"})).is_err());
        assert!(check_supported(&json!({"pattern": "("})).is_err());
    }
}
