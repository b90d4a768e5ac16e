//! The automatic record of a progressive step run with `ml_optimization` (seed 001 §8.2.3),
//! appended through `operations::records`.

use super::Ctx;
use crate::operations::check::stats::MlOptimization;
use crate::operations::records::append_auto;
use crate::store::logs;
use crate::workflow::progressive::{self, AttemptRecord, StepResult};
use serde_json::{json, Value};

/// Most remaining issues listed in one automatic record (the rest are counted).
const MAX_REMAINING: usize = 50;

/// The attempt recorded just before `result`'s in its session: the step run before this one
/// (seed: 前ステップのスコア).
fn previous_attempt(ctx: &Ctx, result: &StepResult) -> Option<AttemptRecord> {
    let m = progressive::load_manifest(&ctx.root, &result.session_id).ok()?;
    let at = m
        .steps
        .iter()
        .position(|a| a.step_id == result.step_id && a.attempt == result.attempt)?;
    at.checked_sub(1).map(|i| m.steps[i].clone())
}

/// The automatic record of a progressive step: the previous step's scores, this step's,
/// the fixes it applied (none: a step measures, it never edits the text) and the issues
/// it left. Statistics of the run, not a judgment.
pub(crate) fn step_record(
    previous: Option<&AttemptRecord>,
    result: &StepResult,
    ml: &MlOptimization,
    now: std::time::SystemTime,
) -> Value {
    let before = previous.map_or_else(
        || json!({}),
        |p| {
            json!({
                "from": "previous_step",
                "step_id": p.step_id,
                "step_name": p.step_name,
                "attempt": p.attempt,
                // No score while its judgment was pending: the measured one is beside it.
                "quality_score": (!p.llm_pending).then_some(p.quality_score),
                "measured_score": p.measured_score,
            })
        },
    );
    let scoring = &result.metadata.scoring;
    let remaining: Vec<Value> = result
        .issues
        .iter()
        .take(MAX_REMAINING)
        .map(|i| json!({"code": i.code, "severity": i.severity.as_str(), "line": i.line}))
        .collect();
    json!({
        "timestamp": logs::stamp(now),
        "kind": "statistics",
        "source": "execute_check_step",
        "episode": result.episode_number,
        "session_id": result.session_id,
        "step_id": result.step_id,
        "step_name": result.step_name,
        "attempt": result.attempt,
        "manuscript_sha256": result.manuscript.sha256,
        "before_scores": before,
        "after_scores": {
            "quality_score": result.quality_score,
            "measured_score": scoring.measured_score,
            "judged_score": scoring.judged_score,
        },
        "applied_fixes": [],
        "fixes_offered": result.corrections.len(),
        "remaining_issues": remaining,
        "remaining_issues_total": result.issues.len(),
        "thresholds": result.metadata.config_snapshot.thresholds.as_deref().unwrap_or("standard"),
        "corpus_model_id": ml.corpus_model_id,
    })
}

/// Records a finished progressive step run with `ml_optimization` (seed 001 §8.2.3);
/// returns `ml_enhancements.auto_feedback`.
pub(crate) fn after_step(ctx: &Ctx, result: &StepResult, ml: &MlOptimization) -> Value {
    let previous = previous_attempt(ctx, result);
    let record = step_record(previous.as_ref(), result, ml, ctx.clock.now());
    append_auto(ctx, &record)
}
