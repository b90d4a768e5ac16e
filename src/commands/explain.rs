//! `noveler explain CODE` and `noveler rules`: the rule documentation; `noveler explain
//! scoring`: how scores are computed (`analysis::score::explain`).

use super::{Ctx, Report};
use crate::analysis::rules::{lookup, registry, RuleMeta};
use crate::analysis::{Applicability, Aspect, Severity};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RuleInfo {
    pub code: String,
    pub aspect: Aspect,
    pub default_severity: Severity,
    pub summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Applicability>,
    /// 何を
    pub what: String,
    /// なぜ
    pub why: String,
    /// 例
    pub example: String,
    /// 修正例
    pub fixed: String,
}

impl From<&RuleMeta> for RuleInfo {
    fn from(m: &RuleMeta) -> Self {
        RuleInfo {
            code: m.code.into(),
            aspect: m.aspect,
            default_severity: m.default_severity,
            summary: m.summary.into(),
            fix: m.fix,
            what: m.doc.what.into(),
            why: m.doc.why.into(),
            example: m.doc.example.into(),
            fixed: m.doc.fixed.into(),
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ExplainRequest {
    /// Rule code, e.g. `CONSECUTIVE_LONG_SENTENCES` (case-insensitive), `scoring` for
    /// the score formula, or `statistics` for the corpus statistics (`ml_optimization`).
    pub code: String,
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ExplainReport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleInfo>,
    /// The score formula and its constants (Japanese), for `scoring`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoring: Option<String>,
    /// The corpus statistics formulas (Japanese), for `statistics`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statistics: Option<String>,
}

impl Report for ExplainReport {}

pub fn explain(_ctx: &Ctx, req: ExplainRequest) -> Result<ExplainReport> {
    let code = req.code.trim().to_ascii_uppercase();
    if code == "SCORING" {
        return Ok(ExplainReport {
            rule: None,
            scoring: Some(crate::analysis::score::explain()),
            statistics: None,
        });
    }
    if code == "STATISTICS" {
        return Ok(ExplainReport {
            rule: None,
            scoring: None,
            statistics: Some(crate::analysis::corpus_stats::explain()),
        });
    }
    let rule = lookup(&code).ok_or_else(|| {
        Error::new(
            Code::U001,
            format!("ルールコード {} はありません", req.code),
        )
        .hint("`noveler rules` で一覧を確認してください。")
        .suggest("noveler rules")
    })?;
    Ok(ExplainReport {
        rule: Some(rule.meta().into()),
        scoring: None,
        statistics: None,
    })
}

#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct RulesRequest {}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesReport {
    pub rules: Vec<RuleInfo>,
}

impl Report for RulesReport {}

pub fn rules(_ctx: &Ctx, _req: RulesRequest) -> Result<RulesReport> {
    Ok(RulesReport {
        rules: registry().iter().map(|r| r.meta().into()).collect(),
    })
}
