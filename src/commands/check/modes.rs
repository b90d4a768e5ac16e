//! Check modes the seeds name (issue 18): `check_basic`'s aspects (shared by the MCP tool
//! and `noveler check --basic`, seed 001 §3.5), `verbose` on `noveler_check` (seed 000
//! §4.3.2 "詳細ログ出力"), and the full three-stage check (`workflow::evaluation::full_check`).

use super::{Ctx, Report};
use crate::analysis::Aspect;
use crate::error::Result;
use crate::operations::check::CheckReport;
use crate::operations::fix::PolishReport;
use crate::store::FileRef;
use crate::workflow::evaluation::{FullCheckReport, FullCheckRequest};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The aspects of `check_basic` / `noveler check --basic`: everything deterministic except
/// rhythm (which has `check_rhythm`): length, forbidden expressions, typos and grammar,
/// notation and style, readability.
pub const BASIC_ASPECTS: [Aspect; 5] = [
    Aspect::Length,
    Aspect::Content,
    Aspect::Grammar,
    Aspect::Style,
    Aspect::Readability,
];

/// Arguments of `noveler_check`: the full check's, plus `verbose`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct NovelerCheckRequest {
    #[serde(flatten)]
    pub check: FullCheckRequest,
    /// Add `verbose_log`: one line per file (length against the target, findings by
    /// severity, score, suppressions), the config files read and where the run was recorded.
    #[serde(default)]
    pub verbose: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct NovelerCheckReport {
    #[serde(flatten)]
    pub report: FullCheckReport,
    /// The detailed log (`verbose: true` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verbose_log: Option<Vec<String>>,
}

impl Report for NovelerCheckReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.report.outputs()
    }
    fn all_failed(&self) -> bool {
        self.report.all_failed()
    }
    fn first_error(&self) -> Option<crate::error::Error> {
        self.report.first_error()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        self.report.exit_code()
    }
    fn metadata(&self) -> serde_json::Value {
        self.report.metadata()
    }
}

/// `noveler_check`: the full check, with the detailed log when asked.
pub fn noveler_check(ctx: &Ctx, req: NovelerCheckRequest) -> Result<NovelerCheckReport> {
    let report = crate::workflow::evaluation::full_check(ctx, req.check)?;
    let verbose_log = req.verbose.then(|| verbose_log(ctx, &report.basic));
    Ok(NovelerCheckReport {
        report,
        verbose_log,
    })
}

/// The lines of the detailed log of a check (Japanese, for the author and the agent).
pub fn verbose_log(ctx: &Ctx, r: &CheckReport) -> Vec<String> {
    let mut lines = Vec::new();
    let configs: Vec<&str> = r
        .inputs
        .iter()
        .filter(|f| f.role == "config")
        .map(|f| f.path.as_str())
        .collect();
    lines.push(if configs.is_empty() {
        "設定: 既定値（プロジェクト設定・.novelerrc.yaml なし）".to_string()
    } else {
        format!("設定: {}", configs.join(", "))
    });
    for f in &r.files {
        let ls = &f.metrics.length_stats;
        let mut by_sev = std::collections::BTreeMap::<&str, usize>::new();
        for x in &f.findings {
            *by_sev.entry(x.severity.as_str()).or_default() += 1;
        }
        let sev: Vec<String> = by_sev.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let score = match f.scores.overall {
            Some(s) => format!("総合 {s}"),
            None => format!(
                "採点なし（{}）",
                f.scores.reason.as_deref().unwrap_or("理由不明")
            ),
        };
        let s = &f.suppressed;
        lines.push(format!(
            "{}: 正味 {} 字（目標 {}〜{}、{}）、指摘 {} 件（{}）、{score}、抑制 inline {} / config {} / baseline {}、sha256 {}",
            f.path,
            ls.body_chars,
            ls.target_min,
            ls.target_max,
            if ls.in_range { "範囲内" } else { "範囲外" },
            f.findings.len(),
            if sev.is_empty() { "なし".to_string() } else { sev.join(", ") },
            s.inline,
            s.config,
            s.baseline,
            &f.sha256[..12.min(f.sha256.len())],
        ));
    }
    for e in &r.errors {
        lines.push(format!(
            "{}: チェックできませんでした [{}] {}",
            e.path, e.code, e.message
        ));
    }
    if ctx.save && ctx.root.is_dir() {
        lines.push(format!(
            "記録: 入出力を {} に追記しました",
            crate::store::logs::CHECK_RUNS
        ));
    }
    lines
}

impl Report for FullCheckReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.basic.inputs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.stages
            .as_ref()
            .and_then(|s| s.auto_fix_results.as_ref())
            .map(PolishReport::outputs)
            .unwrap_or_default()
    }
    fn all_failed(&self) -> bool {
        self.basic.all_failed()
    }
    fn first_error(&self) -> Option<crate::error::Error> {
        self.basic.first_error()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        self.basic.exit_code()
    }
    fn metadata(&self) -> Value {
        self.basic.metadata()
    }
}
