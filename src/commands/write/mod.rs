//! `noveler write`: staged writing of an episode for an agent (SPEC §7, seed 000 §3.1,
//! §3.6, §5.4.1, §7.3). noveler never calls a model: each stage returns a prompt (with
//! `artifact:` references) and an output schema; the agent submits the result; noveler
//! validates it, stores it and advances the session. Stage 8's submission is the manuscript,
//! written to `40_原稿/` (with a backup) and checked.
//!
//! One function per verb; the MCP tools `noveler_write`, `write_step_1`…`write_step_10`,
//! `write_stage`, `write_resume`, `write_manuscript_draft`, `write_with_claude` and the
//! `enhanced_*` tools map onto them.

pub mod modes;

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use crate::workflow::recovery::{self, ExecuteOutcome, ResumeFailureOutcome, TasksOutcome};
use crate::workflow::session::{self, SessionStatus};
use crate::workflow::stages::{self, StageDef};
use crate::workflow::submission::{carries_submission, CarriesSubmission, Submission};
use crate::workflow::writing::{
    self, OpenOptions, ResumeOutcome, SessionSummary, StatusOutcome, SubmitOptions, SubmitOutcome,
    WriteOutcome,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The envelope `command` both adapters use: the CLI verb and the `enhanced_get_writing_tasks` tool.
pub const TASKS: &str = "enhanced_get_writing_tasks";
/// The envelope `command` both adapters use: the CLI verb and the `enhanced_resume_from_partial_failure` tool.
pub const RESUME_FAILURE: &str = "enhanced_resume_from_partial_failure";

/// The envelope `command` of `write submit` (CLI and MCP).
pub const SUBMIT: &str = "write_submit";

/// The envelope `command` of `write status` (CLI and MCP).
pub const STATUS: &str = "write_status";

/// The envelope `command` of `write resume` (CLI and MCP).
pub const RESUME: &str = "write_resume";

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "write";

/// The envelope `command` of `write abandon` (CLI and MCP).
pub const ABANDON: &str = "write_abandon";

/// Start or continue writing an episode: shows the prompt of the next stage (or of the
/// stage asked for). With `submission`, first submits it for that stage, then shows the next.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Session to continue (default: the episode's session in progress, else a new one).
    #[serde(default, alias = "resume_session")]
    pub session_id: Option<String>,
    /// Step 1–10 to show (default: the session's current stage).
    #[serde(default, alias = "step_id")]
    pub step: Option<u32>,
    /// Stage name (`plot_data_preparation` … `finalize_manuscript`, or its number); same
    /// as `step`.
    #[serde(default)]
    pub stage: Option<String>,
    /// Start a new session (refused with QC-008 while another is in progress).
    #[serde(default)]
    pub new_session: bool,
    /// Render only: nothing is written (no session, artifacts, logs or result file).
    #[serde(default)]
    pub dry_run: bool,
    /// The agent's output for the stage addressed (`step`/`stage`, else the current one):
    /// a JSON object matching its output schema (stage 8 also takes the manuscript as a
    /// string). Validated, stored, and the session advances.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    /// The author's feedback on the submitted stage (e.g. "approved").
    #[serde(default)]
    pub feedback: Option<String>,
    /// Plot text to use instead of the episode's plot file (new sessions only).
    #[serde(default)]
    pub plot_content: Option<String>,
    /// Target length in characters (default: the middle of the project's target range).
    #[serde(default)]
    pub word_count_target: Option<u32>,
    /// Skip the design stages not done yet and go straight to the manuscript (stage 8).
    #[serde(default)]
    pub draft_only: bool,
    /// Also report the session in the five phases of the seed's A30 five-stage mode
    /// (`five_stage`: 構想 1-2, 設計 3-5, 演出と整合 6-7, 執筆 8, 仕上げ 9-10); stages are
    /// still submitted one by one (`commands::write::modes`).
    #[serde(default)]
    pub five_stage: bool,
    /// Stages 8–10: criteria of the plan to waive (`target_length`, `must_include:N`,
    /// `must_avoid:N`, as the reply's `criteria` lists them). Stage 10 does not end the
    /// session while a criterion is unmet unless it is waived; the waiver is recorded in the
    /// session and `complete` honours it.
    #[serde(default)]
    pub waive: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteReport {
    #[serde(flatten)]
    pub outcome: WriteOutcome,
    /// The submission accepted by this call, if it carried one.
    pub submitted: Option<SubmitOutcome>,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_in: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_out: Vec<FileRef>,
}

impl Report for WriteReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.files_out.clone()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(
            self.submitted
                .as_ref()
                .is_some_and(SubmitOutcome::held_back),
        )
    }
}

fn stage_of(step: Option<u32>, stage: Option<&str>) -> Result<Option<&'static StageDef>> {
    match (step, stage) {
        (Some(n), Some(s)) => {
            let a = stages::by_number(n).ok_or_else(|| stages::invalid_stage(&n.to_string()))?;
            let b = stages::parse(s)?;
            if a.number != b.number {
                return Err(Error::new(
                    Code::U001,
                    format!("step {n} と stage {s} が食い違っています"),
                )
                .hint("どちらか一方だけを指定してください。"));
            }
            Ok(Some(a))
        }
        (Some(n), None) => Ok(Some(
            stages::by_number(n).ok_or_else(|| stages::invalid_stage(&n.to_string()))?,
        )),
        (None, Some(s)) => Ok(Some(stages::parse(s)?)),
        (None, None) => Ok(None),
    }
}

fn check_episode(ep: u32) -> Result<()> {
    if ep == 0 {
        return Err(
            Error::new(Code::E001, "話数は 1 以上で指定してください").hint("例: noveler write 4")
        );
    }
    Ok(())
}

/// FileRefs of the project files a writing call read (auto-artifact sources): the
/// references the workflow took when it read them (`read`), else read now.
fn source_refs(root: &Path, artifacts: &[session::ArtifactRef], read: &[FileRef]) -> Vec<FileRef> {
    artifacts
        .iter()
        .filter_map(|a| {
            let src = a.source_file.as_ref()?;
            match read.iter().find(|r| &r.path == src && r.role == a.key) {
                Some(r) => Some(r.clone()),
                None => FileRef::from_path(root, &root.join(src), &a.key).ok(),
            }
        })
        .collect()
}

fn out_ref(root: &Path, rel: &str, role: &str) -> Option<FileRef> {
    FileRef::from_path(root, &root.join(rel), role).ok()
}

/// The reference of `rel` from what the call wrote (`written`), else read now.
fn written_ref(root: &Path, written: &[FileRef], rel: &str, role: &str) -> Option<FileRef> {
    match written.iter().find(|r| r.path == rel && r.role == role) {
        Some(r) => Some(r.clone()),
        None => out_ref(root, rel, role),
    }
}

fn submit_refs(root: &Path, s: &SubmitOutcome) -> Vec<FileRef> {
    let mut out = Vec::new();
    out.extend(
        s.output_file
            .as_deref()
            .and_then(|f| written_ref(root, &s.written, f, "stage_output")),
    );
    if let Some(m) = &s.manuscript {
        out.extend(out_ref(root, &m.path, "manuscript"));
    }
    out
}

/// The MCP exclusivity key of a writing call: one call per episode at a time.
pub(crate) fn exclusive_key(args: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let ep = args
        .get("episode")
        .or_else(|| args.get("episode_number"))?
        .as_u64()?;
    Some(format!("episode:{ep}"))
}

carries_submission!(
    WriteRequest { submission, feedback };
    StepRequest { submission, feedback };
    StageRequest { submission, feedback };
    DraftRequest { submission };
    WriteSubmitRequest { submission, content, file, feedback };
    EnhancedExecuteRequest { submission, feedback };
);

/// `noveler write EP` / `noveler_write`.
pub fn run(ctx: &Ctx, mut req: WriteRequest) -> Result<WriteReport> {
    let submission = req.take_submission().parse(&ctx.root)?;
    run_with(ctx, req, submission)
}

/// `run` once the request's submission is parsed (its own submission fields are not read).
fn run_with(ctx: &Ctx, req: WriteRequest, submission: Option<Submission>) -> Result<WriteReport> {
    check_episode(req.episode)?;
    let stage = stage_of(req.step, req.stage.as_deref())?;
    let open = |session_id: Option<String>, submitted: bool| OpenOptions {
        episode: req.episode,
        session_id,
        new_session: req.new_session && !submitted,
        dry_run: req.dry_run,
        plot_content: req.plot_content.clone(),
        word_count_target: req.word_count_target,
        draft_only: req.draft_only,
    };
    let phases = if submission.is_some() { 2 } else { 1 };
    let (submitted, outcome) = match submission {
        // Submit, then show the next stage: one transaction under one writer lock.
        Some(submission) => {
            ctx.report_progress(0, phases, "submit");
            let (out, outcome) = writing::submit_and_show(
                &SubmitOptions {
                    episode: req.episode,
                    session_id: req.session_id.clone(),
                    stage,
                    submission,
                    dry_run: req.dry_run,
                    waive: req.waive.clone(),
                },
                ctx,
                |out| {
                    ctx.check_cancelled()?;
                    ctx.report_progress(phases - 1, phases, "render");
                    Ok(open(Some(out.session_id.clone()), true))
                },
            )?;
            // The reply carries the next stage's prompt: no hint to fetch it again (a held
            // stage 10's hints submit it again, and stay).
            let mut out = out;
            if outcome.stage.is_some() {
                out.suggested_actions.retain(|a| {
                    crate::next::NextStep::parse(a).is_none_or(|s| {
                        s.tool != "write_stage" || s.arguments.contains_key("submission")
                    })
                });
            }
            (Some(out), outcome)
        }
        None => {
            ctx.check_cancelled()?;
            ctx.report_progress(phases - 1, phases, "render");
            let outcome = writing::show(ctx, &open(req.session_id.clone(), false), stage)?;
            (None, outcome)
        }
    };
    ctx.report_progress(phases, phases, "done");
    let mut files_out = Vec::new();
    if let Some(s) = &submitted {
        files_out.extend(submit_refs(&ctx.root, s));
    }
    if !outcome.dry_run {
        let written = &outcome.written;
        files_out.extend(written_ref(
            &ctx.root,
            written,
            &outcome.session_file,
            "session",
        ));
        if let Some(f) = outcome
            .stage
            .as_ref()
            .and_then(|s| s.prompt_file.as_deref())
        {
            files_out.extend(written_ref(&ctx.root, written, f, "prompt"));
        }
    }
    Ok(WriteReport {
        files_in: source_refs(&ctx.root, &outcome.artifacts, &outcome.sources),
        files_out,
        outcome,
        submitted,
    })
}

/// `write_step_N`: the prompt of step `n`, or (with `submission`) submit step `n` and show
/// the next.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StepRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The session from the previous step (required from step 2 on unless the episode has
    /// exactly one session in progress).
    #[serde(default)]
    pub session_id: Option<String>,
    /// This step's output (a JSON object matching the schema the step's prompt gave).
    /// Without it, the call returns the step's prompt.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    /// The author's feedback on this step (e.g. "approved").
    #[serde(default)]
    pub feedback: Option<String>,
    /// Render or validate only: nothing is written.
    #[serde(default)]
    pub dry_run: bool,
}

/// Step `n` through `run`.
pub fn step(ctx: &Ctx, n: u32, mut req: StepRequest) -> Result<WriteReport> {
    let submission = req.take_submission().parse(&ctx.root)?;
    run_with(
        ctx,
        WriteRequest {
            episode: req.episode,
            session_id: req.session_id,
            step: Some(n),
            dry_run: req.dry_run,
            ..Default::default()
        },
        submission,
    )
}

/// `write_stage`: one stage by name.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StageRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The stage: plot_data_preparation, analyze_plot_structure, design_emotional_flow,
    /// design_humor_elements, design_character_dialogue, design_scene_atmosphere,
    /// adjust_logic_consistency, write_manuscript_draft, refine_manuscript_quality,
    /// finalize_manuscript (the write_stage names of seed 000, e.g. plot_structure_analysis,
    /// are accepted too), or its number.
    pub stage: String,
    /// The session to continue.
    #[serde(default, alias = "resume_session")]
    pub session_id: Option<String>,
    /// The stage's output; without it the stage's prompt is returned.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    #[serde(default)]
    pub feedback: Option<String>,
    #[serde(default)]
    pub dry_run: bool,
}

/// One stage by name through `run`.
pub fn stage(ctx: &Ctx, mut req: StageRequest) -> Result<WriteReport> {
    let submission = req.take_submission().parse(&ctx.root)?;
    run_with(
        ctx,
        WriteRequest {
            episode: req.episode,
            session_id: req.session_id,
            stage: Some(req.stage),
            dry_run: req.dry_run,
            ..Default::default()
        },
        submission,
    )
}

/// `write_manuscript_draft` / `write_with_claude`: stage 8 directly.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct DraftRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    #[serde(default)]
    pub session_id: Option<String>,
    /// Plot text to use instead of the plot file (new sessions only).
    #[serde(default)]
    pub plot_content: Option<String>,
    /// Target length in characters (default: the middle of the project's target range).
    #[serde(default)]
    pub word_count_target: Option<u32>,
    /// The manuscript (`{"title", "manuscript"}` or the text itself). Without it, the call
    /// returns the writing prompt.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    #[serde(default)]
    pub dry_run: bool,
}

/// Stage 8 without the design stages still open (they are recorded as skipped).
pub fn draft(ctx: &Ctx, mut req: DraftRequest) -> Result<WriteReport> {
    if let Some(t) = req.word_count_target {
        if !(1000..=20000).contains(&t) {
            return Err(Error::new(
                Code::U001,
                format!("word_count_target は 1000〜20000 で指定してください（{t}）"),
            ));
        }
    }
    let submission = req.take_submission().parse(&ctx.root)?;
    let shown = run_with(
        ctx,
        WriteRequest {
            episode: req.episode,
            session_id: req.session_id,
            step: Some(8),
            dry_run: req.dry_run,
            plot_content: req.plot_content,
            word_count_target: req.word_count_target,
            draft_only: true,
            ..Default::default()
        },
        None,
    )?;
    let Some(submission) = submission else {
        return Ok(shown);
    };
    // The session exists and has skipped to stage 8: submit the manuscript to it.
    run_with(
        ctx,
        WriteRequest {
            episode: req.episode,
            session_id: Some(shown.outcome.session_id),
            step: Some(8),
            dry_run: req.dry_run,
            ..Default::default()
        },
        Some(submission),
    )
}

/// `noveler write submit EP --session ID --stage N --file F`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteSubmitRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The session (default: the episode's session in progress).
    #[serde(default)]
    pub session_id: Option<String>,
    /// The stage submitted: its number or name (default: the session's current stage).
    #[serde(default, alias = "step")]
    pub stage: Option<String>,
    /// The output as JSON.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    /// The output as text (JSON, YAML, or for stage 8 the manuscript itself).
    #[serde(default)]
    pub content: Option<String>,
    /// A file holding the output (relative to the project root, or absolute).
    #[serde(default)]
    pub file: Option<String>,
    /// The author's feedback on this stage.
    #[serde(default)]
    pub feedback: Option<String>,
    /// Stages 8–10: criteria of the plan to waive (`target_length`, `must_include:N`,
    /// `must_avoid:N`, as the reply's `criteria` lists them). Stage 10 does not end the
    /// session while a criterion is unmet unless it is waived; the waiver is recorded in the
    /// session and `complete` honours it.
    #[serde(default)]
    pub waive: Vec<String>,
    /// Validate only: nothing is written.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteSubmitReport {
    #[serde(flatten)]
    pub outcome: SubmitOutcome,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_in: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_out: Vec<FileRef>,
}

impl Report for WriteSubmitReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.files_out.clone()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(self.outcome.held_back())
    }
}

/// `noveler write submit`.
pub fn submit(ctx: &Ctx, mut req: WriteSubmitRequest) -> Result<WriteSubmitReport> {
    check_episode(req.episode)?;
    let stage = match &req.stage {
        Some(s) => Some(stages::parse(s)?),
        None => None,
    };
    let submission = req.take_submission().parse(&ctx.root)?.ok_or_else(|| {
        Error::new(Code::U001, "提出内容がありません")
            .hint("--file F（標準入力なら --file -）で出力を渡してください。")
    })?;
    let files_in = submission.input.clone().into_iter().collect();
    let outcome = writing::submit(
        &SubmitOptions {
            episode: req.episode,
            session_id: req.session_id,
            stage,
            submission,
            dry_run: req.dry_run,
            waive: req.waive,
        },
        ctx,
    )?;
    let mut files_out = submit_refs(&ctx.root, &outcome);
    if !outcome.dry_run {
        let sf = format!("{}/{}.yaml", session::SESSIONS_DIR, outcome.session_id);
        files_out.extend(out_ref(&ctx.root, &sf, "session"));
    }
    Ok(WriteSubmitReport {
        outcome,
        files_in,
        files_out,
    })
}

/// `noveler write resume EP --session ID` / `write_resume`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteResumeRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The session to resume; empty: the episode's only session.
    pub session_id: String,
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteResumeReport {
    #[serde(flatten)]
    pub outcome: ResumeOutcome,
}

impl Report for WriteResumeReport {}

pub fn resume(ctx: &Ctx, req: WriteResumeRequest) -> Result<WriteResumeReport> {
    check_episode(req.episode)?;
    let id = match req.session_id.trim() {
        "" => writing::only_session(&ctx.root, req.episode)?,
        id => id.to_string(),
    };
    Ok(WriteResumeReport {
        outcome: writing::resume(ctx, req.episode, &id, req.dry_run)?,
    })
}

/// `noveler write status EP`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteStatusRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Show this session in detail (default: the one in progress).
    #[serde(default)]
    pub session_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteStatusReport {
    #[serde(flatten)]
    pub outcome: StatusOutcome,
}

impl Report for WriteStatusReport {}

pub fn status(ctx: &Ctx, req: WriteStatusRequest) -> Result<WriteStatusReport> {
    check_episode(req.episode)?;
    Ok(WriteStatusReport {
        outcome: writing::status(&ctx.root, req.episode, req.session_id.as_deref())?,
    })
}

/// `noveler write abandon EP --session ID`: stop a session and free the episode.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteAbandonRequest {
    #[serde(alias = "episode_number")]
    pub episode: u32,
    pub session_id: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteAbandonReport {
    pub session_id: String,
    pub status: SessionStatus,
    pub session: SessionSummary,
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
}

impl Report for WriteAbandonReport {}

pub fn abandon(ctx: &Ctx, req: WriteAbandonRequest) -> Result<WriteAbandonReport> {
    check_episode(req.episode)?;
    let s = writing::abandon(ctx, req.episode, &req.session_id)?;
    Ok(WriteAbandonReport {
        session_id: s.session_id.clone(),
        status: s.status,
        session: s,
        next_step: Some(1),
        suggested_actions: vec![
            format!("noveler write {} --new", req.episode),
            format!(
                "noveler write resume {} --session {}",
                req.episode, req.session_id
            ),
        ],
    })
}

// ---------------------------------------------------------------------------------------
// Enhanced (seed 000 §3.6)

/// `enhanced_get_writing_tasks` / `noveler write tasks EP`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct EnhancedTasksRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EnhancedTasksReport {
    #[serde(flatten)]
    pub outcome: TasksOutcome,
}

impl Report for EnhancedTasksReport {}

pub(crate) fn enhanced_tasks(ctx: &Ctx, req: EnhancedTasksRequest) -> Result<EnhancedTasksReport> {
    check_episode(req.episode).map_err(recovery::enhanced)?;
    recovery::tasks(&ctx.root, req.episode)
        .map(|outcome| EnhancedTasksReport { outcome })
        .map_err(recovery::enhanced)
}

/// `enhanced_execute_writing_step`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct EnhancedExecuteRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Step 1–10.
    #[serde(alias = "step")]
    pub step_id: u32,
    #[serde(default)]
    pub session_id: Option<String>,
    /// The step's output; without it the step's prompt is returned.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    #[serde(default)]
    pub feedback: Option<String>,
    /// Diagnose and render only; nothing is repaired or written.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EnhancedExecuteReport {
    #[serde(flatten)]
    pub outcome: ExecuteOutcome,
}

impl Report for EnhancedExecuteReport {}

pub fn enhanced_execute(
    ctx: &Ctx,
    mut req: EnhancedExecuteRequest,
) -> Result<EnhancedExecuteReport> {
    check_episode(req.episode).map_err(recovery::enhanced)?;
    let submission = req
        .take_submission()
        .parse(&ctx.root)
        .map_err(recovery::enhanced)?;
    let progress = |d: u64, t: u64, what: &str| ctx.report_progress(d, t, what);
    recovery::execute_step(
        recovery::StepCall {
            episode: req.episode,
            step: req.step_id,
            session_id: req.session_id,
            submission,
            dry_run: req.dry_run,
        },
        &progress,
        ctx,
    )
    .map(|outcome| EnhancedExecuteReport { outcome })
    .map_err(recovery::enhanced)
}

/// `enhanced_resume_from_partial_failure` / `noveler write recover EP`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct EnhancedResumeRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// First step to replay from the writes log (0 or 1 = from the start).
    #[serde(default)]
    pub recovery_point: u32,
    #[serde(default)]
    pub session_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EnhancedResumeReport {
    #[serde(flatten)]
    pub outcome: ResumeFailureOutcome,
}

impl Report for EnhancedResumeReport {}

pub fn enhanced_resume(ctx: &Ctx, req: EnhancedResumeRequest) -> Result<EnhancedResumeReport> {
    check_episode(req.episode).map_err(recovery::enhanced)?;
    let progress = |d: u64, t: u64, what: &str| ctx.report_progress(d, t, what);
    recovery::resume_from_partial_failure(
        req.episode,
        req.recovery_point,
        req.session_id.as_deref(),
        &progress,
        ctx,
    )
    .map(|outcome| EnhancedResumeReport { outcome })
    .map_err(recovery::enhanced)
}
