//! Sections of an artifact: a key path in JSON/YAML or a heading in text/Markdown.

use super::*;

// Sections

/// Extracts `section` from `content`: a key path in JSON or YAML (`a.b.0`; a key containing
/// dots is tried whole first), or for text/Markdown the section under the heading whose text
/// is `section` (leading `#`s in the query are ignored), from the heading line up to the next
/// heading of the same or a higher level. A004 lists what is available when it is missing.
pub(crate) fn extract_section(content: &str, content_type: &str, section: &str) -> Result<String> {
    let wanted = section.trim();
    match content_type {
        "json" => match serde_json::from_str::<serde_json::Value>(content) {
            Ok(v) => json_section(&v, wanted),
            Err(_) => markdown_section(content, wanted),
        },
        "yaml" => match crate::store::yaml::from_str::<serde_yaml::Value>(content) {
            Ok(v) => yaml_section(&v, wanted),
            Err(_) => markdown_section(content, wanted),
        },
        _ => markdown_section(content, wanted),
    }
}

fn missing_section(section: &str, available: Vec<String>) -> Error {
    let listed = if available.is_empty() {
        "（セクションがありません）".to_string()
    } else {
        available.join(", ")
    };
    Error::new(
        Code::A004,
        format!("セクション「{section}」が見つかりません。利用できるセクション: {listed}"),
    )
    .hint("利用できるセクション名のどれかを指定するか、--section を省いて全文を取得してください。")
    .details(serde_json::json!({ "section": section, "available_sections": available }))
}

fn json_section(root: &serde_json::Value, wanted: &str) -> Result<String> {
    fn render(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::String(s) => s.clone(),
            other => serde_json::to_string_pretty(other).unwrap_or_default(),
        }
    }
    fn keys(v: &serde_json::Value) -> Vec<String> {
        match v {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            serde_json::Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
            _ => Vec::new(),
        }
    }
    if let Some(v) = root.as_object().and_then(|m| m.get(wanted)) {
        return Ok(render(v));
    }
    let mut cur = root;
    for part in wanted.split('.') {
        let next = match cur {
            serde_json::Value::Object(m) => m.get(part),
            serde_json::Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        };
        match next {
            Some(n) => cur = n,
            None => return Err(missing_section(wanted, keys(cur))),
        }
    }
    Ok(render(cur))
}

fn yaml_key_text(k: &serde_yaml::Value) -> Option<String> {
    match k {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn yaml_section(root: &serde_yaml::Value, wanted: &str) -> Result<String> {
    fn render(v: &serde_yaml::Value) -> String {
        match v {
            serde_yaml::Value::String(s) => s.clone(),
            other => serde_yaml::to_string(other).unwrap_or_default(),
        }
    }
    fn get<'a>(v: &'a serde_yaml::Value, key: &str) -> Option<&'a serde_yaml::Value> {
        match v {
            serde_yaml::Value::Mapping(m) => m
                .iter()
                .find(|(k, _)| yaml_key_text(k).as_deref() == Some(key))
                .map(|(_, v)| v),
            serde_yaml::Value::Sequence(s) => key.parse::<usize>().ok().and_then(|i| s.get(i)),
            serde_yaml::Value::Tagged(t) => get(&t.value, key),
            _ => None,
        }
    }
    fn keys(v: &serde_yaml::Value) -> Vec<String> {
        match v {
            serde_yaml::Value::Mapping(m) => m.keys().filter_map(yaml_key_text).collect(),
            serde_yaml::Value::Sequence(s) => (0..s.len()).map(|i| i.to_string()).collect(),
            _ => Vec::new(),
        }
    }
    if let Some(v) = get(root, wanted) {
        return Ok(render(v));
    }
    let mut cur = root;
    for part in wanted.split('.') {
        match get(cur, part) {
            Some(n) => cur = n,
            None => return Err(missing_section(wanted, keys(cur))),
        }
    }
    Ok(render(cur))
}

/// Markdown headings outside fenced code: (byte offset of the line, level, text).
pub(crate) fn markdown_headings(content: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut offset = 0;
    for line in content.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let t = line.trim_end_matches(['\n', '\r']);
        if t.trim_start().starts_with("```") || t.trim_start().starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let level = t.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&level) {
            let rest = &t[level..];
            if rest.is_empty() || rest.starts_with([' ', '\t', '\u{3000}']) {
                let text = rest
                    .trim_matches(|c: char| c.is_whitespace())
                    .trim_end_matches('#')
                    .trim_matches(|c: char| c.is_whitespace())
                    .to_string();
                out.push((start, level, text));
            }
        }
    }
    out
}

fn markdown_section(content: &str, wanted: &str) -> Result<String> {
    let query = wanted
        .trim_start_matches('#')
        .trim_matches(|c: char| c.is_whitespace());
    let heads = markdown_headings(content);
    let Some(pos) = heads.iter().position(|(_, _, t)| t == query) else {
        return Err(missing_section(
            wanted,
            heads.into_iter().map(|(_, _, t)| t).collect(),
        ));
    };
    let (start, level, _) = heads[pos];
    let end = heads[pos + 1..]
        .iter()
        .find(|(_, l, _)| *l <= level)
        .map(|(s, _, _)| *s)
        .unwrap_or(content.len());
    Ok(content[start..end].to_string())
}
