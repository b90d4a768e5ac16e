//! The judgment protocol: noveler never calls a model. A step (or a judged evaluation)
//! returns a prompt; the agent sends back an `llm_result` that is validated against the
//! template's `output_schema` (U006 with the JSON path on failure) and folded into the
//! score. Without one, the result says `llm_pending: true` and the score is only what
//! noveler measured. A score is never made up: the judged part is exactly the agent's
//! `metrics.score` (or the template's aspect scores), recorded with the formula used.
//!
//! # Formula
//! `quality_score = round((1 − w) × measured + w × judged, 1)`, where `measured` is the
//! check's score formula (`analysis::score::penalty_score`: per code a penalty by density,
//! capped by severity) over the deterministic issues, `judged` the agent's score (0–100) and `w` the template's
//! `parameters.judgment_weight` (0–1). Without an `llm_result`: `quality_score = measured`.

use super::common::{IssueSource, StepIssue};
use crate::analysis::{sha256_hex, Severity};
use crate::error::{Code, Error, Result};
use crate::workflow::schema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The formula, as reported in `metadata.scoring.formula`.
pub const FORMULA: &str =
    "quality_score = round((1 − w) × measured + w × judged, 1); llm_result なしでは quality_score = measured";

/// How a score was made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Scoring {
    pub formula: String,
    /// `max(0, 100 − Σ penalty)` of the deterministic issues.
    pub measured_score: f64,
    /// The agent's score; none while the judgment is pending.
    pub judged_score: Option<f64>,
    /// `w` of the formula.
    pub judgment_weight: f64,
    pub quality_score: f64,
    pub llm_pending: bool,
}

/// `round((1 − w) × measured + w × judged, 1)`, or `measured` without a judgment.
pub(crate) fn combine(measured: f64, judged: Option<f64>, weight: f64) -> Scoring {
    let w = if weight.is_finite() {
        weight.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let quality = match judged {
        Some(j) => ((1.0 - w) * measured + w * j) * 10.0,
        None => measured * 10.0,
    }
    .round()
        / 10.0;
    Scoring {
        formula: FORMULA.to_string(),
        measured_score: measured,
        judged_score: judged,
        judgment_weight: w,
        quality_score: quality,
        // A step whose judgment counts for nothing (weight 0) awaits none.
        llm_pending: judged.is_none() && w > 0.0,
    }
}

/// Validates `value` against a template's `output_schema`; U006 naming the first failing
/// JSON path, with every violation in `details.violations`.
pub fn validate(schema_value: &Value, value: &Value, template: &str) -> Result<()> {
    let violations = schema::validate(schema_value, value);
    match violations.first() {
        None => Ok(()),
        Some(first) => {
            let path = if first.path.is_empty() {
                "/"
            } else {
                first.path.as_str()
            };
            Err(Error::new(
                Code::U006,
                format!(
                    "llm_result が {template} の形式に合いません: {path}: {}（ほか {} 件）",
                    first.message,
                    violations.len() - 1
                ),
            )
            .hint("テンプレートの output_schema に合わせて llm_result を直し、もう一度送ってください。")
            .details(serde_json::json!({
                "template": template,
                "violations": violations,
            })))
        }
    }
}

/// QC-018 when the result says it judged a different version of the text; U006 when it
/// does not say which text it judged (a judgment is always about one version).
pub(crate) fn check_manuscript_hash(value: &Value, current: &str) -> Result<()> {
    match value.get("manuscript_sha256").and_then(Value::as_str) {
        None => Err(Error::new(
            Code::U006,
            "llm_result に manuscript_sha256 がありません（どの版の原稿を判断したのかが分かりません）",
        )
        .hint(format!(
            "判断した原稿の sha256 を manuscript_sha256 に入れて送り直してください（現在の原稿: {current}）。"
        ))
        .details(serde_json::json!({"path": "/manuscript_sha256", "current_sha256": current}))),
        Some(h) if h != current => Err(Error::new(
            Code::QC018,
            "llm_result は別の版の原稿に対する判断です（manuscript_sha256 が現在の原稿と一致しません）",
        )
        .hint("原稿を読み直して判断し直し、現在の sha256 を manuscript_sha256 に入れて送ってください。")
        .details(serde_json::json!({"llm_result_sha256": h, "current_sha256": current}))),
        _ => Ok(()),
    }
}

/// `low | moderate | medium | high | critical` → severity (moderate = medium, seed 002).
pub(crate) fn severity_of(text: &str) -> Severity {
    match text {
        "critical" => Severity::Critical,
        "high" => Severity::High,
        "medium" | "moderate" => Severity::Medium,
        _ => Severity::Low,
    }
}

/// A validated `llm_result`.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgment {
    pub summary: String,
    pub metrics: BTreeMap<String, f64>,
    pub issues: Vec<StepIssue>,
    pub recommendations: Vec<String>,
    pub raw: Value,
}

/// Reads a validated result; `prefix` names judged issues without an id
/// (`J04-01` …, with a hash suffix so ids stay unique across attempts).
pub fn parse(value: &Value, prefix: &str) -> Judgment {
    let metrics = value
        .get("metrics")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_f64()?)))
                .collect()
        })
        .unwrap_or_default();
    let issues = value
        .get("issues")
        .and_then(Value::as_array)
        .map(|xs| {
            xs.iter()
                .enumerate()
                .map(|(i, x)| {
                    let message = x
                        .get("message")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    let id = x
                        .get("id")
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .unwrap_or_else(|| {
                            format!(
                                "{prefix}-{:02}-{}",
                                i + 1,
                                &sha256_hex(message.as_bytes())[..6]
                            )
                        });
                    let suggestions: Vec<String> = strings(x.get("suggestions"));
                    StepIssue {
                        id,
                        code: x
                            .get("aspect")
                            .and_then(Value::as_str)
                            .map(|a| format!("JUDGED:{a}"))
                            .unwrap_or_else(|| "JUDGED".to_string()),
                        severity: severity_of(
                            x.get("severity").and_then(Value::as_str).unwrap_or("low"),
                        ),
                        message,
                        line: None,
                        column: None,
                        excerpt: x
                            .get("location")
                            .and_then(Value::as_str)
                            .map(str::to_string),
                        suggestion: (!suggestions.is_empty()).then(|| suggestions.join(" / ")),
                        source: IssueSource::Judged,
                        fixable: None,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    Judgment {
        summary: value
            .get("summary")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        metrics,
        issues,
        recommendations: strings(value.get("recommendations")),
        raw: value.clone(),
    }
}

/// The strings of a JSON array (other items skipped); empty when there is no array.
pub fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_follows_the_formula() {
        let s = combine(90.0, Some(70.0), 0.5);
        assert_eq!(s.quality_score, 80.0);
        assert!(!s.llm_pending);
        let s = combine(88.0, None, 0.5);
        assert_eq!(s.quality_score, 88.0);
        assert!(s.llm_pending);
        assert_eq!(combine(100.0, Some(0.0), 0.3).quality_score, 70.0);
    }

    #[test]
    fn validation_names_the_path() {
        let schema = serde_json::json!({
            "type": "object", "required": ["summary", "metrics"],
            "properties": {"summary": {"type": "string", "minLength": 1},
                           "metrics": {"type": "object", "required": ["score"],
                                       "properties": {"score": {"type": "number", "maximum": 100}}}}
        });
        let err = validate(
            &schema,
            &serde_json::json!({"summary": "x", "metrics": {"score": 120}}),
            "t",
        )
        .unwrap_err();
        assert_eq!(err.code, Code::U006);
        assert!(err.message.contains("/metrics/score"), "{}", err.message);
        assert!(validate(
            &schema,
            &serde_json::json!({"summary": "x", "metrics": {"score": 80}}),
            "t"
        )
        .is_ok());
    }

    #[test]
    fn moderate_is_medium() {
        assert_eq!(severity_of("moderate"), Severity::Medium);
        assert_eq!(severity_of("critical"), Severity::Critical);
    }
}
