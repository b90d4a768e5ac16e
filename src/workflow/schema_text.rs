//! An output schema as a prompt shows it: a type sketch (TypeScript-like) of the JSON Schema
//! subset `schema` validates, at about half the tokens of the same schema in YAML (a stage
//! prompt or a check step shows one each time; issue 33 item 4). It states every constraint
//! the validator enforces — types, required keys, lengths, ranges, counts, enums, patterns —
//! and the descriptions. The schema itself stays in the result (`output_schema`).
//!
//! ```text
//! {
//!   title: string（〜60字）
//!   scenes: [{
//!     purpose: string  // その場面がないと何が伝わらないか
//!     note?: string
//!   }]（1〜12件）
//!   hook: integer（40〜60）| null
//! }
//! ```

use serde_json::{Map, Value};

/// What the sketch's marks mean, said once above it.
pub const LEGEND: &str =
    "`?` のキーは省略可。書かれていないキーは入れない。文字列は空にしない。`//` は説明。";

/// The sketch of `schema`, or None when it uses a keyword outside the subset (the caller
/// then shows the schema as it is).
pub fn sketch(schema: &Value) -> Option<String> {
    let mut out = String::new();
    node(schema, 0, true, &mut out)?;
    Some(out)
}

/// How a prompt shows `schema`: the legend and the sketch, or the schema in YAML when it has
/// no sketch.
pub fn shown(schema: &Value) -> String {
    match sketch(schema) {
        Some(text) => format!("{LEGEND}\n```\n{text}\n```"),
        None => format!(
            "（JSON Schema を YAML で表記）\n```yaml\n{}\n```",
            serde_yaml::to_string(schema).unwrap_or_default().trim_end()
        ),
    }
}

/// Writes the type of `s` at `indent` (objects span lines); `own_note`: the node's
/// description is written inside it (an array item, the root), not on its key's line.
fn node(s: &Value, indent: usize, own_note: bool, out: &mut String) -> Option<()> {
    let m = s.as_object()?;
    for key in m.keys() {
        if !super::schema::KEYWORDS.contains(&key.as_str()) {
            return None;
        }
    }
    let types = types_of(m);
    if let Some(values) = m.get("enum").and_then(Value::as_array) {
        let shown: Vec<String> = values.iter().map(Value::to_string).collect();
        out.push_str(&shown.join(" | "));
    } else if let Some(v) = m.get("const") {
        out.push_str(&v.to_string());
    } else if types.iter().any(|t| t == "object") || m.contains_key("properties") {
        object(m, indent, own_note, out)?;
        for t in types.iter().filter(|t| *t != "object") {
            out.push_str(&format!(" | {t}"));
        }
    } else if types.iter().any(|t| t == "array") || m.contains_key("items") {
        out.push('[');
        match m.get("items") {
            Some(items) => node(items, indent, true, out)?,
            None => out.push_str("任意"),
        }
        out.push(']');
        out.push_str(&range(m, "minItems", "maxItems", "件"));
        for t in types.iter().filter(|t| *t != "array") {
            out.push_str(&format!(" | {t}"));
        }
    } else if types.is_empty() {
        out.push_str("任意");
    } else {
        out.push_str(&types.join(" | "));
        if types.iter().any(|t| t == "string") {
            let min = m.get("minLength").and_then(Value::as_u64);
            if min.is_some_and(|n| n > 1) || m.contains_key("maxLength") {
                out.push_str(&range(m, "minLength", "maxLength", "字"));
            }
            if let Some(p) = m.get("pattern").and_then(Value::as_str) {
                out.push_str(&format!(" /{p}/"));
            }
        }
        if types.iter().any(|t| t == "integer" || t == "number") {
            out.push_str(&range(m, "minimum", "maximum", ""));
        }
    }
    if let Some(d) = m.get("default") {
        out.push_str(&format!("（既定 {d}）"));
    }
    Some(())
}

fn object(m: &Map<String, Value>, indent: usize, own_note: bool, out: &mut String) -> Option<()> {
    let pad = "  ".repeat(indent + 1);
    let required: Vec<&str> = m
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    out.push_str("{\n");
    if own_note {
        if let Some(n) = note(m) {
            out.push_str(&format!("{pad}// {n}\n"));
        }
    }
    let empty = Map::new();
    let props = m
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    for (key, p) in props {
        out.push_str(&pad);
        out.push_str(key);
        if !required.contains(&key.as_str()) {
            out.push('?');
        }
        out.push_str(": ");
        node(p, indent + 1, false, out)?;
        if let Some(n) = p.as_object().and_then(note) {
            out.push_str(&format!("  // {n}"));
        }
        out.push('\n');
    }
    // A key `required` names without describing it.
    for key in required.iter().filter(|k| !props.contains_key(**k)) {
        out.push_str(&format!("{pad}{key}: 任意\n"));
    }
    match m.get("additionalProperties") {
        Some(Value::Bool(false)) => {}
        Some(Value::Object(_)) => {
            out.push_str(&format!("{pad}[ほかのキー]: "));
            node(&m["additionalProperties"], indent + 1, false, out)?;
            out.push('\n');
        }
        _ => out.push_str(&format!("{pad}[ほかのキー]: 任意\n")),
    }
    out.push_str(&"  ".repeat(indent));
    out.push('}');
    Some(())
}

/// `type` as a list of names.
fn types_of(m: &Map<String, Value>) -> Vec<String> {
    match m.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect(),
        _ => Vec::new(),
    }
}

/// `（a〜b<unit>）`, `（a<unit>以上）`, `（〜b<unit>）`, or nothing.
fn range(m: &Map<String, Value>, lo: &str, hi: &str, unit: &str) -> String {
    let num = |k: &str| m.get(k).filter(|v| v.is_number()).map(Value::to_string);
    match (num(lo), num(hi)) {
        (Some(a), Some(b)) => format!("（{a}〜{b}{unit}）"),
        (Some(a), None) => format!("（{a}{unit}以上）"),
        (None, Some(b)) => format!("（〜{b}{unit}）"),
        (None, None) => String::new(),
    }
}

/// The title, description and examples of a node, on one line.
fn note(m: &Map<String, Value>) -> Option<String> {
    let mut parts = Vec::new();
    for key in ["title", "description"] {
        if let Some(t) = m.get(key).and_then(Value::as_str) {
            parts.push(t.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    if let Some(Value::Array(ex)) = m.get("examples") {
        let shown: Vec<String> = ex.iter().map(Value::to_string).collect();
        parts.push(format!("例: {}", shown.join("、")));
    }
    (!parts.is_empty()).then(|| parts.join("。"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sketch_says_every_constraint() {
        let schema = json!({
            "type": "object",
            "required": ["title", "scenes", "hook"],
            "additionalProperties": false,
            "properties": {
                "title": {"type": "string", "minLength": 1, "maxLength": 60},
                "scenes": {"type": "array", "minItems": 1, "maxItems": 12, "items": {
                    "type": "object", "required": ["purpose"], "additionalProperties": false,
                    "properties": {
                        "purpose": {"type": "string", "minLength": 1, "description": "場面の目的"},
                        "note": {"type": "string"}
                    }
                }},
                "hook": {"type": ["integer", "null"], "minimum": 40, "maximum": 60},
                "severity": {"enum": ["low", "high"]},
                "sha": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                "metrics": {"type": "object", "required": ["score"],
                    "additionalProperties": {"type": "number"},
                    "properties": {"score": {"type": "number", "minimum": 0, "maximum": 100}}}
            }
        });
        let text = sketch(&schema).unwrap();
        assert_eq!(
            text,
            "{\n  title: string（1〜60字）\n  scenes: [{\n    purpose: string  // 場面の目的\n    note?: string\n  }]（1〜12件）\n  hook: integer | null（40〜60）\n  severity?: \"low\" | \"high\"\n  sha?: string /^[0-9a-f]{64}$/\n  metrics?: {\n    score: number（0〜100）\n    [ほかのキー]: number\n  }\n}"
        );
    }

    #[test]
    fn a_keyword_outside_the_subset_gives_no_sketch() {
        assert_eq!(sketch(&json!({"type": "object", "oneOf": []})), None);
        assert_eq!(
            sketch(&json!({"type": "object"})).unwrap(),
            "{\n  [ほかのキー]: 任意\n}"
        );
    }

    #[test]
    fn every_embedded_template_schema_has_a_sketch() {
        use crate::workflow::templates::{parse, EMBEDDED};
        for (name, text) in EMBEDDED {
            let doc = parse(name, text, std::path::Path::new(name)).unwrap();
            let schema = &doc.output_schema;
            let text = sketch(schema).unwrap_or_else(|| panic!("{name}"));
            let yaml = serde_yaml::to_string(schema).unwrap();
            assert!(text.len() < yaml.len(), "{name}: {text}\n{yaml}");
        }
    }
}
