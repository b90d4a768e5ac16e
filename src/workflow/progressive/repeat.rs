//! Repeating a step.

use super::*;

// Repeat

/// Why a repeat stopped.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RepeatOutcome {
    pub success: bool,
    pub session_id: String,
    pub step_id: u8,
    pub attempts: u32,
    /// `passed` (until_pass met), `no_improvement` (below min_improvement),
    /// `count_exhausted` or `time_budget_exceeded` (QC-007), `completed` (count reached
    /// without until_pass).
    pub stopped_reason: String,
    /// QC-007 when a budget stopped the repeat before the step passed.
    pub budget_error: Option<Value>,
    /// Said when every attempt measured the same text without a new judgment: a repeat
    /// re-measures, it does not revise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub scores: Vec<f64>,
    pub policy: IterationPolicy,
    pub final_result: StepResult,
}

/// Runs a step up to `policy.count` times (each attempt recorded), stopping early on pass
/// (`until_pass`), on an improvement below `min_improvement`, or on the time budget.
/// The text is re-read for every attempt, so an agent (or the author) may revise it in
/// between; an unchanged text gives the same score again (and stops on `min_improvement`).
pub(crate) fn repeat_step(
    ctx: &Ctx,
    input: StepInput,
    policy: IterationPolicy,
) -> Result<RepeatOutcome> {
    let root = &ctx.root;
    let step = steps::by_number(input.step).ok_or_else(|| invalid_step(input.step as i64))?;
    if policy.count == 0 {
        return Err(Error::new(Code::U001, "count は 1 以上にしてください"));
    }
    if !policy.min_improvement.is_finite() || policy.min_improvement < 0.0 {
        return Err(Error::new(
            Code::U001,
            "min_improvement は 0 以上の数にしてください",
        ));
    }
    // The project is loaded at most once for all the attempts.
    let pc = ProjectCtx::new(root);
    lock::with_episode_lock(root, input.episode, lock::Scope::Checks, |held| {
        let (mut m, created) = open_session(
            held,
            &pc,
            input.episode,
            input.session_id.as_deref(),
            false,
            &input.options,
            &ctx.clock,
        )?;
        m.iteration_policy = Some(policy.clone());
        m.budgets = Budgets {
            time_budget_s: policy.time_budget_s,
            count: Some(policy.count),
        };
        let clock = Instant::now();
        let mut scores = Vec::new();
        let mut last: Option<StepResult> = None;
        let mut reason = "completed".to_string();
        let judged = input.llm_result.is_some();
        let mut texts = std::collections::BTreeSet::new();
        let mut input = input.clone();
        input.trigger = "repeat";
        for i in 0..policy.count {
            if let Some(budget) = policy.time_budget_s {
                if i > 0 && clock.elapsed().as_secs() >= budget {
                    reason = "time_budget_exceeded".into();
                    break;
                }
            }
            let r = run_attempt(
                held,
                &pc,
                &mut m,
                step,
                &input,
                created && i == 0,
                &ctx.clock,
            )?;
            texts.insert(r.manuscript.sha256.clone());
            // An llm_result judges one text: use it for the first attempt only.
            input.llm_result = None;
            // After the first attempt the judgment is pending: the series is measured.
            let score = r.quality_score.unwrap_or(r.measured_score);
            let improved = scores.last().map(|prev: &f64| score - prev);
            scores.push(score);
            let passed = r.measured_passed;
            last = Some(r);
            if policy.until_pass && passed {
                reason = "passed".into();
                break;
            }
            if let Some(d) = improved {
                if policy.min_improvement > 0.0 && d < policy.min_improvement {
                    reason = "no_improvement".into();
                    break;
                }
            }
            if i + 1 == policy.count {
                reason = if policy.until_pass {
                    "count_exhausted".into()
                } else {
                    "completed".into()
                };
            }
        }
        save_manifest(held, root, &mut m, &ctx.clock)?;
        let Some(final_result) = last else {
            return Err(Error::new(
                Code::QC007,
                "時間予算内に一度も実行できませんでした",
            ));
        };
        let budget_error = matches!(reason.as_str(), "count_exhausted" | "time_budget_exceeded")
            .then(|| {
                Error::new(
                    Code::QC007,
                    format!("反復ポリシーの予算（{reason}）に達したため停止しました"),
                )
                .hint("原稿を直してから再実行するか、count / time_budget_s を増やしてください。")
                .to_json()
            });
        let note = (scores.len() > 1 && texts.len() == 1).then(|| {
            format!(
                "{} 回とも同じ本文を測りました{}。新しい本文か判断（llm_result）がなければ、繰り返しても同じ結果です。本文を直してから繰り返すか、improve_quality_until（noveler polish N --until）を使ってください。",
                scores.len(),
                if judged { "（判断は最初の回だけに使われます）" } else { "" }
            )
        });
        Ok(RepeatOutcome {
            success: true,
            session_id: m.session_id.clone(),
            step_id: step.number,
            attempts: scores.len() as u32,
            stopped_reason: reason,
            budget_error,
            note,
            scores,
            policy: policy.clone(),
            final_result,
        })
    })
}
