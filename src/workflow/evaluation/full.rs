//! `noveler_check {full: true}`: the full three-stage check (seed 000 §3.2, §4.3.2,
//! §5.4.2): the check operation (stage 1), the fix operation for `auto_fix`, and the
//! judged evaluations (stages 2 and 3), on one project loaded once.

use super::*;
use crate::operations::check::{CheckReport, CheckRequest, Target};

/// `{"structure": <check_story_structure llm_result>, "expression":
/// <check_writing_expression llm_result>}`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct AnalysisResults {
    #[serde(default)]
    pub structure: Option<Value>,
    #[serde(default)]
    pub expression: Option<Value>,
}

/// The quality check of `noveler_check`. By default exactly `noveler check` (stage 1: the
/// deterministic check of every target). With `full` (or when a judgment is passed back) and
/// a single episode, also stage 2, the 68-item evaluation (A31), and stage 3, the structure
/// and expression analysis: each returns its prompt until the agent's judgment comes back
/// (`a31_result`, `analysis_result`), and is then scored.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FullCheckRequest {
    #[serde(flatten)]
    pub check: CheckRequest,
    /// Run the full three-stage check (basic → 68 items → analysis) for the one episode.
    #[serde(default)]
    pub full: bool,
    /// The agent's 68-item judgment (as check_story_elements' llm_result); implies `full`.
    #[serde(default)]
    pub a31_result: Option<Value>,
    /// The agent's analysis (`{structure, expression}` llm_results); implies `full`.
    #[serde(default, alias = "claude_result")]
    pub analysis_result: Option<AnalysisResults>,
    /// Apply the automatic fixes (level `fix_level`, after a backup) before checking.
    #[serde(default)]
    pub auto_fix: bool,
    #[serde(default)]
    pub fix_level: Option<Applicability>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AnalysisStage {
    pub structure: StoryStructureReport,
    pub expression: WritingExpressionReport,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FullCheckReport {
    /// Stage 1, exactly as `noveler check` (files, summary, errors).
    #[serde(flatten)]
    pub basic: CheckReport,
    /// The three-stage part (seed 000 §5.4.2); absent for a plain check.
    #[serde(flatten)]
    pub stages: Option<ThreeStages>,
}

/// What the full check adds to the deterministic one.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ThreeStages {
    /// `basic`, `a31`, `analysis` — the stages whose result is complete.
    pub check_stages_completed: Vec<String>,
    /// Stages waiting for the agent's judgment (their prompts are in the stage results).
    pub check_stages_pending: Vec<String>,
    /// Mean of the completed stages' scores (basic: lowest file score; a31: overall_score;
    /// analysis: structure and expression overall scores); one decimal.
    pub overall_quality_score: Option<f64>,
    pub overall_formula: String,
    pub basic_check_result: Value,
    pub a31_evaluation_result: Option<StoryElementsReport>,
    /// Stage 3 (seed key `claude_analysis_result`).
    #[serde(rename = "claude_analysis_result")]
    pub analysis_result: Option<AnalysisStage>,
    pub auto_fix_applied: bool,
    pub fixed_issues_count: usize,
    pub auto_fix_results: Option<PolishReport>,
}

/// The single episode a check request addresses, if it addresses exactly one.
fn single_episode(req: &CheckRequest) -> Option<u32> {
    match (req.episode, req.targets.as_slice()) {
        (Some(ep), []) => Some(ep),
        (None, [Target::Episode(ep)]) => Some(*ep),
        (Some(ep), [Target::Episode(e2)]) if ep == *e2 => Some(ep),
        _ => None,
    }
}

/// The basic check with the call's project, unless the request names another config file
/// (then `check` loads that one, as it always has).
fn basic_check(ctx: &Ctx, pc: &ProjectCtx, req: CheckRequest) -> Result<CheckReport> {
    if req.config.is_some() {
        return crate::operations::check::run_loading(ctx, req);
    }
    crate::operations::check::run(ctx, pc.project()?, req)
}

pub fn full_check(ctx: &Ctx, req: FullCheckRequest) -> Result<FullCheckReport> {
    // One project for the whole call: the fixes, the check and the judged stages.
    let pc = ProjectCtx::new(&ctx.root);
    let full = req.full || req.a31_result.is_some() || req.analysis_result.is_some();
    if !full && !req.auto_fix {
        return Ok(FullCheckReport {
            basic: basic_check(ctx, &pc, req.check)?,
            stages: None,
        });
    }
    let episode = single_episode(&req.check);
    if full && episode.is_none() {
        return Err(Error::new(
            Code::U001,
            "三段階チェック（full）は一話を指定したときだけ使えます",
        )
        .hint("episode に話数を一つ指定してください。"));
    }
    let mut auto_fix_results = None;
    if req.auto_fix {
        let Some(ep) = episode else {
            return Err(
                Error::new(Code::U001, "auto_fix は一話を指定したときだけ使えます")
                    .hint("episode に話数を一つ指定してください。"),
            );
        };
        auto_fix_results = Some(
            crate::operations::fix::run(
                ctx,
                &pc,
                PolishRequest {
                    episode: Some(ep),
                    level: req.fix_level,
                    apply: true,
                    ..Default::default()
                },
            )
            .map_err(auto_fix_failed)?,
        );
    }
    let basic = basic_check(ctx, &pc, req.check.clone())?;
    let mut completed = vec!["basic".to_string()];
    let mut pending = Vec::new();
    let mut scores: Vec<f64> = basic.summary.score_min.into_iter().collect();
    let basic_check_result = json!({
        "score": basic.summary.score_min,
        "findings": basic.summary.findings,
        "by_severity": basic.summary.by_severity,
        "files": basic.summary.files,
    });
    let (mut a31, mut analysis) = (None, None);
    if let (Some(ep), true) = (episode, full) {
        let se = story_elements_in(
            ctx,
            &pc,
            StoryElementsRequest {
                episode: ep,
                llm_result: req.a31_result.clone(),
                auto_fix: false,
                fix_level: Applicability::Safe,
            },
        )?;
        match se.overall_score {
            Some(s) if !se.llm_pending => {
                completed.push("a31".into());
                scores.push(s);
            }
            _ => pending.push("a31".into()),
        }
        a31 = Some(se);
        let results = req.analysis_result.clone().unwrap_or_default();
        let structure = story_structure_in(
            ctx,
            &pc,
            JudgedRequest {
                episode: ep,
                llm_result: results.structure,
            },
        )?;
        let expression = writing_expression_in(
            ctx,
            &pc,
            JudgedRequest {
                episode: ep,
                llm_result: results.expression,
            },
        )?;
        if !structure.report.llm_pending && !expression.report.llm_pending {
            completed.push("analysis".into());
            scores.extend(structure.overall_structure_score);
            scores.extend(expression.report.overall_score);
        } else {
            pending.push("analysis".into());
        }
        analysis = Some(AnalysisStage {
            structure,
            expression,
        });
    }
    let overall = (!scores.is_empty())
        .then(|| (scores.iter().sum::<f64>() / scores.len() as f64 * 10.0).round() / 10.0);
    let fixed = auto_fix_results
        .as_ref()
        .map(|p| p.fixes_applied.len())
        .unwrap_or(0);
    Ok(FullCheckReport {
        basic,
        stages: Some(ThreeStages {
        check_stages_completed: completed,
        check_stages_pending: pending,
        overall_quality_score: overall,
        overall_formula: "完了した段階の点数の平均（basic: ファイルの最低スコア、a31: 68項目の overall_score、analysis: 構成と表現の総合点）。判断待ちの段階は含めない".into(),
        basic_check_result,
        a31_evaluation_result: a31,
        analysis_result: analysis,
        auto_fix_applied: auto_fix_results.as_ref().is_some_and(|p| p.written),
        fixed_issues_count: fixed,
        auto_fix_results,
        }),
    })
}

/// An automatic fix that could not be applied, as Q003 (the cause kept in `details`); a
/// busy manuscript stays QC-008, which tells the agent to retry.
pub(crate) fn auto_fix_failed(e: Error) -> Error {
    if e.code == Code::QC008 {
        return e;
    }
    Error::new(
        Code::Q003,
        format!("自動修正を適用できませんでした: {}", e.message),
    )
    .hint(if e.hint.is_empty() {
        "auto_fix なしでチェックし、指摘を手で直してください。".to_string()
    } else {
        e.hint.clone()
    })
    .details(serde_json::json!({
        "cause": {"code": e.code.as_str(), "message": e.message, "details": e.details},
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Code;

    #[test]
    fn auto_fix_failures_are_q003_except_busy() {
        let e = auto_fix_failed(Error::new(Code::QC018, "changed"));
        assert_eq!(e.code, Code::Q003);
        assert_eq!(e.details.unwrap()["cause"]["code"], "QC-018");
        assert_eq!(
            auto_fix_failed(Error::new(Code::QC008, "busy")).code,
            Code::QC008
        );
    }
}
