//! A step after repair, and resuming from a partial failure.

use super::*;

/// What `execute_step` did: `prompt` (the step's prompt was rendered) or `submitted`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExecuteAction {
    Prompt,
    Submitted,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ExecuteOutcome {
    pub execution_method: String,
    pub episode: u32,
    pub step: u8,
    pub session_id: String,
    pub dry_run: bool,
    /// Something was repaired before the step ran.
    pub recovery_applied: bool,
    pub recovery_actions: Vec<RecoveryAction>,
    pub action: ExecuteAction,
    pub stage: Option<writing::StagePrompt>,
    pub submission: Option<writing::SubmitOutcome>,
    pub progress: Progress,
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

/// The two ways a step call ends: its prompt shown, or its output submitted.
enum Ran {
    Shown(writing::WriteOutcome),
    Submitted(writing::SubmitOutcome),
}

impl ExecuteOutcome {
    /// The outcome of `stage` of episode `ep`, after the repairs in `actions`.
    fn new(
        ep: u32,
        stage: &StageDef,
        dry_run: bool,
        actions: Vec<RecoveryAction>,
        ran: Ran,
    ) -> ExecuteOutcome {
        // A submission's progress, next step, suggestions and warnings are repeated at the
        // top level, where a prompt's are.
        let (action, session_id, shown, progress, next, suggested, warnings, submission) = match ran
        {
            Ran::Shown(o) => (
                ExecuteAction::Prompt,
                o.session_id,
                o.stage,
                o.progress,
                o.next_step,
                o.suggested_actions,
                o.warnings,
                None,
            ),
            Ran::Submitted(o) => (
                ExecuteAction::Submitted,
                o.session_id.clone(),
                None,
                o.progress.clone(),
                o.next_step,
                o.suggested_actions.clone(),
                o.warnings.clone(),
                Some(o),
            ),
        };
        ExecuteOutcome {
            execution_method: EXECUTION_METHOD.into(),
            episode: ep,
            step: stage.number,
            session_id,
            dry_run,
            recovery_applied: actions.iter().any(|a| a.applied),
            recovery_actions: actions,
            action,
            stage: shown,
            submission,
            progress,
            next_step: next,
            suggested_actions: suggested,
            warnings,
        }
    }
}

/// What `execute_step` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct StepCall {
    pub episode: u32,
    pub step: u32,
    pub session_id: Option<String>,
    /// The step's output (and the author's feedback on it); without it the step's prompt
    /// is rendered.
    pub submission: Option<Submission>,
    pub dry_run: bool,
}

/// Runs a step after repairing what can be repaired: renders its prompt, or accepts the
/// submission for it.
pub(crate) fn execute_step(
    call: StepCall,
    progress: &dyn Fn(u64, u64, &str),
    ctx: &Ctx,
) -> Result<ExecuteOutcome> {
    let root = &ctx.root;
    let StepCall {
        episode: ep,
        step,
        session_id,
        submission,
        dry_run,
    } = call;
    let session_id = session_id.as_deref();
    let stage = stages::by_number(step).ok_or_else(|| stages::invalid_stage(&step.to_string()))?;
    let (actions, repaired) = if dry_run {
        repair(root, ep, session_id, None, progress, ctx)?
    } else {
        lock::with_episode_lock(root, ep, lock::Scope::Writing, |held| {
            repair(root, ep, session_id, Some(held), progress, ctx)
        })?
    };
    let sid = session_id
        .map(str::to_string)
        .or_else(|| repaired.as_ref().map(|s| s.session_id.clone()));
    let ran = match submission {
        Some(submission) => Ran::Submitted(writing::submit(
            &SubmitOptions {
                episode: ep,
                session_id: sid,
                stage: Some(stage),
                submission,
                dry_run,
                waive: Vec::new(),
            },
            ctx,
        )?),
        None => Ran::Shown(writing::show(
            ctx,
            &OpenOptions {
                episode: ep,
                session_id: sid,
                dry_run,
                ..Default::default()
            },
            Some(stage),
        )?),
    };
    Ok(ExecuteOutcome::new(ep, stage, dry_run, actions, ran))
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ResumeFailureOutcome {
    pub execution_method: String,
    pub episode: u32,
    pub session_id: String,
    pub recovery_point: u32,
    /// Steps replayed from the journal.
    pub resumed_steps: Vec<u8>,
    /// One entry per step from the recovery point on.
    pub results: Vec<StepResult>,
    pub recovery_applied: bool,
    pub recovery_actions: Vec<RecoveryAction>,
    pub status: SessionStatus,
    pub progress: Progress,
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub suggested_actions: Vec<String>,
}

/// Replays the journal of the episode's session from `recovery_point` (0 or 1 = from the
/// start), validating each logged output again and re-applying it; reports each step.
pub(crate) fn resume_from_partial_failure(
    ep: u32,
    recovery_point: u32,
    session_id: Option<&str>,
    progress: &dyn Fn(u64, u64, &str),
    ctx: &Ctx,
) -> Result<ResumeFailureOutcome> {
    let root = &ctx.root;
    if recovery_point > u32::from(STAGES.len() as u8) {
        return Err(stages::invalid_stage(&recovery_point.to_string()));
    }
    lock::with_episode_lock(root, ep, lock::Scope::Writing, |held| {
        let (actions, s) = match target(root, ep, session_id)? {
            Target::Corrupt(_) => {
                let (a, s) = repair(root, ep, session_id, Some(held), progress, ctx)?;
                (a, s)
            }
            Target::Ok(s) => (Vec::new(), Some(*s)),
            Target::None => (Vec::new(), None),
        };
        let mut s = s.ok_or_else(|| {
            Error::new(
                Code::U005,
                format!("第{ep}話に復旧できるセッションがありません"),
            )
            .hint("noveler write EP で新しいセッションを始めてください。")
            .suggest(format!("noveler write {ep}"))
        })?;
        let from = recovery_point.max(1) as u8;
        let results = replay(root, &mut s, from, false, progress, ctx)?;
        s.last_updated = writing::now(&ctx.clock);
        session::save(held, root, &s)?;
        let resumed_steps: Vec<u8> = results
            .iter()
            .filter(|r| r.status == ReplayStatus::Resumed)
            .map(|r| r.step)
            .collect();
        let next = s
            .next_stage()
            .filter(|_| s.status == SessionStatus::InProgress);
        let mut suggested = Vec::new();
        if let Some(n) = next {
            suggested.push(format!(
                "noveler write {ep} --session {} --step {}",
                s.session_id, n.number
            ));
        }
        if results.iter().any(|r| r.status == ReplayStatus::Failed) {
            suggested.push(format!(
                "noveler write status {ep} --session {}",
                s.session_id
            ));
        }
        Ok(ResumeFailureOutcome {
            execution_method: EXECUTION_METHOD.into(),
            episode: ep,
            session_id: s.session_id.clone(),
            recovery_point,
            recovery_applied: !resumed_steps.is_empty() || actions.iter().any(|a| a.applied),
            resumed_steps,
            results,
            recovery_actions: actions,
            status: s.status,
            progress: Progress::of(&s),
            next_step: next.map(|n| n.number),
            next_stage: next.map(|n| n.id.to_string()),
            suggested_actions: suggested,
        })
    })
}
