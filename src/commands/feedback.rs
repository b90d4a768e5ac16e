//! `record_improvement_feedback` (seed 001 §8.2.3) and `noveler feedback record|summary`:
//! the author's (or agent's) before/after scores, applied fixes, remaining issues and
//! accept/reject per finding id, stored one record per file under `.noveler/feedback/`.
//! The decisions feed `weight_optimization` (`analysis::corpus_stats::optimize_weights`); a
//! rule the author keeps rejecting is reported with a suggested `.novelerrc.yaml` change.
//!
//! Automatic records (seed 001 §8.2.3): a progressive step run with `ml_optimization`
//! enabled, and every fix → re-check loop that is not a dry run, append one line to
//! `.noveler/feedback/auto_records.ndjson` (`store::logs`: rotated at 1 MiB, three old files
//! kept) — before/after scores, applied fixes, remaining issues, labelled `statistics`.
//! They hold no accept/reject decision, so they never change the rule weights; `feedback
//! summary` counts them and averages their score change per source.

use super::{Ctx, Report};
use crate::analysis::corpus_stats::{self, Decision, WeightOptimization};
use crate::error::{Code, Error, Result};
use crate::operations::check::{self, CheckRequest};
use crate::store::corpus_baseline::{self as store, FeedbackRecord};
use crate::store::{logs, FileRef};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The envelope `command` both adapters use: the CLI verb and the `record_improvement_feedback` tool.
pub const RECORD: &str = "record_improvement_feedback";

/// accept or reject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Accept,
    Reject,
}

/// The author's decision on one finding.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DecisionIn {
    /// The finding's `id` from a check.
    pub finding_id: String,
    /// Its rule code; looked up in the episode's current check when omitted.
    #[serde(default)]
    pub code: Option<String>,
    pub decision: Verdict,
}

/// Record what a revision changed and which findings the author accepted or rejected.
#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
// Unknown keys are refused by the adapters (serde_ignored), as for every unflattened Request.
#[serde(default)]
pub struct FeedbackRequest {
    /// Episode number (the finding codes are looked up in its check when not given).
    #[serde(alias = "episode_number")]
    pub episode: Option<u32>,
    /// Scores before the revision, e.g. {"overall": 72.5, "style": 80}.
    pub before_scores: Map<String, Value>,
    /// Scores after the revision.
    pub after_scores: Map<String, Value>,
    /// Fixes applied (e.g. the fixes_applied of check_fix), any JSON.
    pub applied_fixes: Vec<Value>,
    /// Findings still open after the revision, any JSON.
    pub remaining_issues: Vec<Value>,
    /// Accept/reject per finding id.
    pub decisions: Vec<DecisionIn>,
    /// A note (kept in the record).
    pub note: Option<String>,
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct FeedbackReport {
    pub record_id: String,
    /// Relative to the project root.
    pub saved_to: String,
    pub decisions_recorded: usize,
    /// Over every record so far: rule weights and config suggestions.
    pub weight_optimization: WeightOptimization,
    pub next_action: String,
    #[serde(skip)]
    #[schemars(skip)]
    outputs: Vec<FileRef>,
}

impl Report for FeedbackReport {
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

/// Codes of the decisions that lack one, from the episode's current check.
fn resolve_codes(ctx: &Ctx, req: &FeedbackRequest) -> Result<Vec<Decision>> {
    let missing: Vec<&DecisionIn> = req.decisions.iter().filter(|d| d.code.is_none()).collect();
    let mut found = BTreeMap::new();
    if !missing.is_empty() {
        let Some(ep) = req.episode else {
            return Err(Error::new(
                Code::U001,
                "code のない判断があります。episode を指定するか、各判断に code を入れてください",
            )
            .hint("例: {\"finding_id\": \"0123456789ab\", \"code\": \"TYPO\", \"decision\": \"reject\"}"));
        };
        let r = check::run(
            ctx,
            &crate::project::Project::load(&ctx.root)?,
            CheckRequest {
                episode: Some(ep),
                ..Default::default()
            },
        )?;
        for f in r.files.iter().flat_map(|f| &f.findings) {
            found.insert(f.id.clone(), f.code.clone());
        }
    }
    req.decisions
        .iter()
        .map(|d| {
            let code = match &d.code {
                Some(c) => c.trim().to_string(),
                None => found.get(&d.finding_id).cloned().ok_or_else(|| {
                    Error::new(
                        Code::U001,
                        format!(
                            "指摘 {} が今の原稿の確認結果にありません（code を指定してください）",
                            d.finding_id
                        ),
                    )
                    .hint("指摘の id は原稿が変わると変わります。判断を記録するときは code も渡してください。")
                })?,
            };
            if crate::analysis::rules::lookup(&code).is_none() {
                return Err(Error::new(Code::U001, format!("不明なルールコードです: {code}"))
                    .suggest("noveler rules"));
            }
            Ok(Decision {
                finding_id: d.finding_id.clone(),
                code,
                accepted: d.decision == Verdict::Accept,
            })
        })
        .collect()
}

pub fn record(ctx: &Ctx, req: FeedbackRequest) -> Result<FeedbackReport> {
    if req.decisions.is_empty()
        && req.before_scores.is_empty()
        && req.after_scores.is_empty()
        && req.applied_fixes.is_empty()
        && req.remaining_issues.is_empty()
    {
        return Err(Error::new(Code::U001, "記録する内容がありません")
            .hint("decisions（指摘ごとの accept / reject）か before_scores / after_scores を渡してください。"));
    }
    let decisions = resolve_codes(ctx, &req)?;
    let n = decisions.len();
    let (rec, path) = store::record(
        &ctx.root,
        FeedbackRecord {
            record_id: String::new(),
            created_at: String::new(),
            episode: req.episode,
            file: None,
            before_scores: req.before_scores,
            after_scores: req.after_scores,
            applied_fixes: req.applied_fixes,
            remaining_issues: req.remaining_issues,
            decisions,
            note: req.note,
        },
        ctx.clock.now(),
    )?;
    let weight_optimization = corpus_stats::optimize_weights(&store::decisions(&ctx.root));
    let next_action = if weight_optimization.suggestions.is_empty() {
        "記録しました。`noveler check N --optimize-weights` で重みを反映した点数を確認できます"
            .into()
    } else {
        format!(
            "退け続けているルールがあります（{}）。suggestions の .novelerrc.yaml の変更を検討してください",
            weight_optimization
                .suggestions
                .iter()
                .map(|s| s.code.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Ok(FeedbackReport {
        record_id: rec.record_id,
        saved_to: path
            .strip_prefix(&ctx.root)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned(),
        decisions_recorded: n,
        weight_optimization,
        next_action,
        outputs: FileRef::from_path(&ctx.root, &path, "feedback")
            .into_iter()
            .collect(),
    })
}

/// The weights and suggestions from every feedback record so far.
#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeedbackSummaryRequest {}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct FeedbackSummaryReport {
    pub records: usize,
    /// Unreadable record files (left out).
    pub unreadable: Vec<String>,
    pub weight_optimization: WeightOptimization,
    /// The automatic records of steps and fix loops (seed 001 §8.2.3).
    pub automatic: AutoSummary,
}

impl Report for FeedbackSummaryReport {}

pub fn summary(ctx: &Ctx, _req: FeedbackSummaryRequest) -> Result<FeedbackSummaryReport> {
    let (records, unreadable) = store::feedback(&ctx.root);
    let decisions: Vec<Decision> = records.iter().flat_map(|r| r.decisions.clone()).collect();
    Ok(FeedbackSummaryReport {
        records: records.len(),
        unreadable,
        weight_optimization: corpus_stats::optimize_weights(&decisions),
        automatic: auto_summary(ctx),
    })
}

/// Text of the weights and suggestions.
pub(crate) fn weights_text(w: &WeightOptimization) -> String {
    let mut s = format!("判断 {} 件（統計。モデルではありません）\n", w.decisions);
    for (code, r) in &w.rules {
        s.push_str(&format!(
            "  {code:<28} 採用 {:>3} / 却下 {:>3}  重み {:.2}\n",
            r.accepted, r.rejected, r.optimized_weight
        ));
    }
    for sug in &w.suggestions {
        s.push_str(&format!("提案: {}\n{}", sug.reason, sug.novelerrc_yaml));
    }
    s
}

// ---------------------------------------------------------------------------------------
// automatic records (seed 001 §8.2.3 フィードバック自動記録)

/// The automatic records so far, per source: how many, and the mean score change (after −
/// before, where both are known). Statistics, not a model.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
pub struct AutoSummary {
    pub kind: String,
    pub log: String,
    pub records: usize,
    /// Lines that could not be read.
    pub unreadable: usize,
    pub by_source: BTreeMap<String, AutoSource>,
}

#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
pub struct AutoSource {
    pub records: usize,
    /// Records with both a before and an after score.
    pub compared: usize,
    pub mean_score_change: Option<f64>,
}

/// The score a record compares: `quality_score` for a step, `overall` for a loop.
fn score_of(v: &Value) -> Option<f64> {
    v["quality_score"]
        .as_f64()
        .or_else(|| v["overall"].as_f64())
}

pub(crate) fn auto_summary(ctx: &Ctx) -> AutoSummary {
    let (lines, unreadable) = logs::read(&ctx.root, logs::AUTO_FEEDBACK, logs::DEFAULT_ROTATION);
    let mut by_source: BTreeMap<String, (usize, Vec<f64>)> = BTreeMap::new();
    for l in &lines {
        let e = by_source
            .entry(l["source"].as_str().unwrap_or("unknown").to_string())
            .or_default();
        e.0 += 1;
        if let (Some(b), Some(a)) = (score_of(&l["before_scores"]), score_of(&l["after_scores"])) {
            e.1.push(a - b);
        }
    }
    AutoSummary {
        kind: "statistics".into(),
        log: logs::AUTO_FEEDBACK.into(),
        records: lines.len(),
        unreadable,
        by_source: by_source
            .into_iter()
            .map(|(k, (n, d))| {
                let mean = (!d.is_empty())
                    .then(|| (d.iter().sum::<f64>() / d.len() as f64 * 10.0).round() / 10.0);
                (
                    k,
                    AutoSource {
                        records: n,
                        compared: d.len(),
                        mean_score_change: mean,
                    },
                )
            })
            .collect(),
    }
}

/// Text of the automatic records: per source, how many and the mean score change.
pub(crate) fn auto_text(a: &AutoSummary) -> String {
    if a.records == 0 {
        return format!("自動記録 0 件（{}）\n", a.log);
    }
    let mut s = format!("自動記録 {} 件（統計。{}）\n", a.records, a.log);
    for (source, x) in &a.by_source {
        let change = x
            .mean_score_change
            .map_or("-".to_string(), |c| format!("{c:+.1}"));
        s.push_str(&format!(
            "  {source:<24} {:>4} 件  点数の変化の平均 {change}（{} 件で比較）\n",
            x.records, x.compared
        ));
    }
    s
}
