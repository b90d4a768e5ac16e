//! `format_type` of `fetch_artifact` (seed 003 FR-002-001: text, json, yaml): the content
//! (or section) converted for real — YAML ↔ JSON through one parsed value — not relabelled.
//! Prose (text, markdown) has no structure to convert and is refused with the way out.

use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};

/// What `format_type` asks the content to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContentFormat {
    /// As stored.
    Text,
    /// Pretty JSON (from a JSON or YAML artifact).
    Json,
    /// YAML (from a JSON or YAML artifact).
    Yaml,
}

fn parsed(content: &str, content_type: &str) -> Option<serde_json::Value> {
    match content_type {
        "json" => serde_json::from_str(content).ok(),
        "yaml" => crate::project::yaml::from_str::<serde_yaml::Value>(content)
            .ok()
            .and_then(|v| serde_json::to_value(v).ok()),
        _ => None,
    }
}

/// `content` (of an artifact of `content_type`) in format `to`.
pub fn convert(content: &str, content_type: &str, to: ContentFormat) -> Result<String> {
    if to == ContentFormat::Text {
        return Ok(content.to_string());
    }
    // A JSON/YAML section may itself be a scalar written as JSON/YAML: parse it either way.
    let value = parsed(content, content_type)
        .or_else(|| match content_type {
            "json" | "yaml" => parsed(content, "yaml"),
            _ => None,
        })
        .ok_or_else(|| {
            Error::new(
                Code::U001,
                format!("content_type {content_type} の内容は構造を持たないため {} に変換できません", match to {
                    ContentFormat::Json => "json",
                    _ => "yaml",
                }),
            )
            .hint("format_type: text で取得してください（json / yaml への変換は JSON・YAML のアーティファクトだけです）。")
        })?;
    Ok(match to {
        ContentFormat::Json => serde_json::to_string_pretty(&value).unwrap_or_default(),
        _ => serde_yaml::to_string(&value).unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_and_json_convert_both_ways_and_prose_is_refused() {
        let yaml = "name: 小鞠\nage: 15\ntags: [a, b]\n";
        let json = convert(yaml, "yaml", ContentFormat::Json).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["name"], "小鞠");
        assert_eq!(v["tags"][1], "b");
        let back = convert(&json, "json", ContentFormat::Yaml).unwrap();
        let y: serde_yaml::Value = serde_yaml::from_str(&back).unwrap();
        assert_eq!(y["age"], serde_yaml::Value::from(15));
        assert_eq!(convert(yaml, "yaml", ContentFormat::Text).unwrap(), yaml);
        let err = convert("# 見出し\n本文", "markdown", ContentFormat::Json).unwrap_err();
        assert_eq!(err.code, Code::U001);
    }
}
