//! `execute_check_step`'s `dry_run` and per-call `options` (seed 002 §2.2 and §10: `{
//! "episode_number", "step_id", "dry_run", "options" }`). `options` carries the same
//! settings the tool takes at the top level (exclude_dialogue_lines, window_size,
//! rule_profile, config_overrides, accept_unjudged); a top-level value wins. Unknown option
//! names are refused like any unknown argument (the seed's reference schemas allowed extra
//! keys; silently ignoring one would hide a typo). `dry_run` runs the step and then takes
//! back everything it wrote (`workflow::dry_run`).

use super::{Ctx, Report};
use crate::commands::progressive::{OptionArgs, StepRequest};
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use crate::workflow::progressive::{StepInput, StepResult};
use crate::workflow::text_fetch;
use serde::{Deserialize, Serialize};

/// Arguments of `execute_check_step`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct CheckStepRequest {
    #[serde(flatten)]
    pub step: StepRequest,
    /// Write nothing. The step's result is reported; no session, attempt, step files or
    /// artifacts are kept.
    #[serde(default)]
    pub dry_run: bool,
    /// Settings for this call, as at the top level: {exclude_dialogue_lines, window_size,
    /// rule_profile, config_overrides, accept_unjudged}.
    #[serde(default)]
    pub options: Option<OptionArgs>,
    /// Check the text of this artifact (`artifact:<12 hex>`) instead of the manuscript file
    /// (QC-015 when it cannot be fetched).
    #[serde(default)]
    pub manuscript_artifact_id: Option<String>,
    /// Check the episode's manuscript as this backup (`backup_id`) holds it (QC-016 when it
    /// cannot be read).
    #[serde(default)]
    pub manuscript_snapshot: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CheckStepReport {
    #[serde(flatten)]
    pub result: StepResult,
    /// True when nothing was kept (`files` name what a real run would write).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dry_run: bool,
}

impl Report for CheckStepReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.result.inputs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        if self.dry_run {
            Vec::new()
        } else {
            self.result.outputs()
        }
    }
    fn exit_code(&self) -> crate::ExitStatus {
        self.result.exit_code()
    }
}

/// `options` fill in what the top-level arguments leave out.
fn merged(top: OptionArgs, options: Option<OptionArgs>) -> OptionArgs {
    let Some(o) = options else { return top };
    OptionArgs {
        exclude_dialogue_lines: top.exclude_dialogue_lines.or(o.exclude_dialogue_lines),
        window_size: top.window_size.or(o.window_size),
        rule_profile: top.rule_profile.or(o.rule_profile),
        config_overrides: top.config_overrides.or(o.config_overrides),
        accept_unjudged: top.accept_unjudged.or(o.accept_unjudged),
    }
}

/// `check_focus` (seed 001 §3.2: typo_detection / grammar / structure …) names the step's
/// focus; each step has one, so a focus that is not this step's is refused with the step
/// that has it (it used to be accepted and ignored).
fn check_focus(step_id: i64, focus: Option<&str>) -> Result<()> {
    let Some(focus) = focus.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok(());
    };
    let Some(def) = u32::try_from(step_id)
        .ok()
        .and_then(crate::workflow::steps::by_number)
    else {
        return Ok(()); // QC-003 follows
    };
    if def.check_focus == focus {
        return Ok(());
    }
    let owner = crate::workflow::steps::STEPS
        .iter()
        .find(|s| s.check_focus == focus);
    let foci: Vec<serde_json::Value> = crate::workflow::steps::STEPS
        .iter()
        .map(|s| serde_json::json!({"step_id": s.number, "check_focus": s.check_focus}))
        .collect();
    let message = match owner {
        Some(o) => format!(
            "check_focus「{focus}」はステップ {}（{}）のものです。ステップ {step_id} の焦点は {} です",
            o.number, o.name, def.check_focus
        ),
        None => format!(
            "check_focus「{focus}」はありません。ステップ {step_id} の焦点は {} です",
            def.check_focus
        ),
    };
    Err(Error::new(Code::U001, message)
        .hint("check_focus は省くか、step_id に合うものを指定してください（各ステップの焦点は details.steps）。")
        .details(serde_json::json!({"steps": foci})))
}

/// `execute_check_step` (and `noveler check progressive EP step N [--dry-run]`).
pub fn step(ctx: &Ctx, req: CheckStepRequest) -> Result<CheckStepReport> {
    check_focus(req.step.step_id, req.step.check_focus.as_deref())?;
    let mut step = req.step;
    step.options = merged(step.options, req.options);
    let sources = [
        step.manuscript_content.is_some(),
        req.manuscript_artifact_id.is_some(),
        req.manuscript_snapshot.is_some(),
    ];
    if sources.iter().filter(|x| **x).count() > 1 {
        return Err(Error::new(
            Code::U001,
            "manuscript_content / manuscript_artifact_id / manuscript_snapshot はどれか一つだけ指定してください",
        ));
    }
    if let Some(id) = &req.manuscript_artifact_id {
        step.manuscript_content = Some(text_fetch::from_artifact(&ctx.root, id)?);
    }
    if let (Some(backup_id), Some(ep)) = (&req.manuscript_snapshot, step.episode) {
        step.manuscript_content = Some(text_fetch::from_snapshot(&ctx.root, ep, backup_id)?);
    }
    // One project load for the pre-check and the step.
    let pc = crate::project::ProjectCtx::new(&ctx.root);
    if let (None, Some(ep)) = (&step.manuscript_content, step.episode) {
        text_fetch::require_manuscript(&pc, ep)?;
    }
    if !req.dry_run {
        return Ok(CheckStepReport {
            result: crate::commands::progressive::step_in(ctx, &pc, step)?,
            dry_run: false,
        });
    }
    let input = crate::commands::progressive::step_input(
        step.step_id,
        step.episode,
        step.session_id,
        &step.options,
        "step",
    )?;
    let ml = step.ml_optimization.filter(|m| m.enabled);
    let quiet = Ctx {
        save: false,
        ..ctx.clone()
    };
    let thresholds = super::ml_thresholds(&quiet, &pc, input.episode, ml.as_ref())?;
    let mut result = crate::workflow::dry_run::execute_step_dry(
        ctx,
        &pc,
        StepInput {
            llm_result: step.llm_result,
            manuscript_content: step.manuscript_content,
            thresholds,
            ..input
        },
    )?;
    if let Some(ml) = ml {
        super::attach_ml(ctx, &pc, &mut result, ml, true)?;
    }
    Ok(CheckStepReport {
        result,
        dry_run: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_focus_must_be_the_steps() {
        assert!(check_focus(3, None).is_ok());
        assert!(check_focus(3, Some("readability")).is_ok());
        assert!(
            check_focus(99, Some("grammar")).is_ok(),
            "QC-003 is raised later"
        );
        let e = check_focus(3, Some("grammar")).unwrap_err();
        assert_eq!(e.code, Code::U001);
        assert!(e.message.contains("ステップ 2"), "{}", e.message);
        let e = check_focus(3, Some("typo")).unwrap_err();
        assert!(e.message.contains("readability"), "{}", e.message);
    }
}
