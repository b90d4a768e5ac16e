//! `noveler check progressive EP <verb>`: the 12-step progressive check (seed 001/002,
//! SPEC §7). One function per verb; the MCP tools `get_check_tasks`, `execute_check_step`,
//! `get_check_status`, `get_check_history` and `progressive_check_*` map onto them.
//! The engine (sessions, steps, judgment) is `workflow::progressive`.

mod auto_record;
pub mod modes;

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::operations::check::stats::{self, MlOptimization};
use crate::project::ProjectCtx;
use crate::store::FileRef;
use crate::workflow::progressive::{
    self, ArtifactsReport, CheckOptions, ConfigOverrides, EndReport, HistoryReport,
    IterationPolicy, RepeatOutcome, StatusReport, StepInput, StepResult, TasksReport,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The envelope `command` both adapters use: the CLI verb and the `get_check_tasks` tool.
pub const TASKS: &str = "progressive_tasks";
/// The envelope `command` both adapters use: the CLI verb and the `execute_check_step` tool.
pub const STEP: &str = "progressive_step";
/// The envelope `command` both adapters use: the CLI verb and the `progressive_check_repeat_step` tool.
pub const REPEAT: &str = "progressive_repeat";
/// The envelope `command` both adapters use: the CLI verb and the `get_check_status` tool.
pub const STATUS: &str = "progressive_status";
/// The envelope `command` both adapters use: the CLI verb and the `get_check_history` tool.
pub const HISTORY: &str = "progressive_history";
/// The envelope `command` both adapters use: the CLI verb and the `progressive_check_end_session` tool.
pub const END: &str = "progressive_end";
/// The envelope `command` both adapters use: the CLI verb and the `progressive_check_list_artifacts` tool.
pub const ARTIFACTS: &str = "progressive_artifacts";

/// Options every verb that may start a session accepts (seed 001 §3.1).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct OptionArgs {
    /// Exclude dialogue lines from the sentence-length (rhythm) figures (default true).
    #[serde(default)]
    pub exclude_dialogue_lines: Option<bool>,
    /// Moving-average window over narration sentence lengths (default 5).
    #[serde(default)]
    pub window_size: Option<usize>,
    /// Rule profile (only `narou` so far).
    #[serde(default)]
    pub rule_profile: Option<String>,
    /// Per-call config overrides, e.g. `{"target_length": {"min": 2000, "max": 6000}}`. They
    /// let the check run when the project config is missing or its target length is
    /// invalid.
    #[serde(default)]
    pub config_overrides: Option<ConfigOverrides>,
    /// Step 12: approve with judgments still pending. Recorded as accepted_unjudged_steps;
    /// by default pending judgments block the approval.
    #[serde(default)]
    pub accept_unjudged: Option<bool>,
}

impl OptionArgs {
    fn options(&self) -> CheckOptions {
        CheckOptions {
            exclude_dialogue_lines: self.exclude_dialogue_lines,
            window_size: self.window_size,
            rule_profile: self.rule_profile.clone(),
            config_overrides: self.config_overrides.clone(),
            accept_unjudged: self.accept_unjudged,
        }
    }
}

/// The episode of a request: `episode`, else the one encoded in `session_id`.
fn episode_of(episode: Option<u32>, session_id: Option<&str>) -> Result<u32> {
    if let Some(ep) = episode {
        if ep == 0 {
            return Err(Error::new(Code::E001, "話数は 1 以上で指定してください"));
        }
        if let Some(id) = session_id {
            if progressive::valid_session_id(id) && progressive::episode_of_session(id) != Some(ep)
            {
                return Err(Error::new(
                    Code::QC001,
                    format!("セッション {id} は第{ep}話のものではありません"),
                )
                .hint("話数とセッションIDの組み合わせを確認してください。")
                .details(serde_json::json!({"session_reset_required": false})));
            }
        }
        return Ok(ep);
    }
    match session_id {
        Some(id) => progressive::episode_of_session(id).ok_or_else(|| {
            Error::new(Code::U001, format!("セッションID「{id}」の形式が不正です"))
                .hint("get_check_tasks が返した session_id を指定してください。")
        }),
        None => Err(Error::new(
            Code::U001,
            "episode_number か session_id を指定してください",
        )
        .hint("例: {\"episode_number\": 1}")),
    }
}

// ---------------------------------------------------------------------------------------
// tasks

/// List the 12 check steps of an episode and start (or resume) its check session.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TasksRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Session to resume (default: the episode's latest open session, else a new one).
    #[serde(default)]
    pub session_id: Option<String>,
    /// Start a new session even if one is open.
    #[serde(default)]
    pub new_session: bool,
    #[serde(flatten)]
    pub options: OptionArgs,
}

impl Report for TasksReport {}

pub fn tasks(ctx: &Ctx, req: TasksRequest) -> Result<TasksReport> {
    let ep = episode_of(req.episode, req.session_id.as_deref())?;
    progressive::tasks(
        ctx,
        ep,
        req.session_id.as_deref(),
        req.new_session,
        &req.options.options(),
    )
}

// ---------------------------------------------------------------------------------------
// step

/// Run one step: deterministic findings and metrics now, plus the prompt for the judgment
/// part; with `llm_result`, the agent's judgment is validated and folded into the score.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Step 1–12.
    #[serde(alias = "step")]
    pub step_id: i64,
    /// Session (default: the episode's latest open session, else a new one).
    #[serde(default)]
    pub session_id: Option<String>,
    /// The agent's judgment for this step: `{summary, metrics: {score, …}, issues,
    /// recommendations}` as in the step's `llm_result_schema`.
    #[serde(default)]
    pub llm_result: Option<Value>,
    /// Check this text instead of the manuscript file (nothing is written to the
    /// manuscript).
    #[serde(default)]
    pub manuscript_content: Option<String>,
    /// The step's focus (typo_detection / grammar / readability …); one that is not this
    /// step's is refused, naming the step that has it.
    #[serde(default)]
    pub check_focus: Option<String>,
    /// Percentiles against earlier episodes or `corpus_model_id` (metadata.ml_enhancements).
    /// Seed 001 §8 as statistics; `noveler explain statistics`.
    #[serde(default)]
    pub ml_optimization: Option<MlOptimization>,
    #[serde(flatten)]
    pub options: OptionArgs,
}

impl Report for StepResult {
    fn inputs(&self) -> Vec<FileRef> {
        self.input_refs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.output_refs()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        // A judgment still to come is not a finding: only a measured failure exits 1.
        crate::ExitStatus::findings_if(!self.measured_passed)
    }
}

fn step_number(n: i64) -> Result<u32> {
    u32::try_from(n)
        .ok()
        .filter(|&n| crate::workflow::steps::by_number(n).is_some())
        .ok_or_else(|| progressive::invalid_step(n))
}

/// The input of a step request: the step number is checked first, then the episode (given,
/// or the session's); the agent's result and a manuscript text are left for the caller.
pub(crate) fn step_input(
    step_id: i64,
    episode: Option<u32>,
    session_id: Option<String>,
    options: &OptionArgs,
    trigger: &'static str,
) -> Result<StepInput> {
    let step = step_number(step_id)?;
    let episode = episode_of(episode, session_id.as_deref())?;
    Ok(StepInput {
        episode,
        step,
        session_id,
        llm_result: None,
        manuscript_content: None,
        options: options.options(),
        trigger,
        thresholds: None,
    })
}

/// With `ml_optimization` enabled: the thresholds the step checks with (learned ones when
/// `use_dynamic_thresholds` asks and the baseline is usable).
pub(crate) fn ml_thresholds(
    ctx: &Ctx,
    pc: &ProjectCtx,
    episode: u32,
    ml: Option<&MlOptimization>,
) -> Result<Option<crate::analysis::settings::Thresholds>> {
    match ml {
        Some(ml) => stats::learned_for_step(ctx, || pc.project(), episode, ml),
        None => Ok(None),
    }
}

/// Adds `metadata.ml_enhancements` to a finished step and, unless it was a dry run, the
/// automatic feedback record (seed 001 §8.2.3) and where it went.
pub(crate) fn attach_ml(
    ctx: &Ctx,
    pc: &ProjectCtx,
    result: &mut StepResult,
    ml: MlOptimization,
    dry_run: bool,
) -> Result<()> {
    // A dry run keeps nothing: its statistics check saves no envelope and logs no run.
    let quiet = Ctx {
        save: false,
        ..ctx.clone()
    };
    let mut v = stats::for_step(
        if dry_run { &quiet } else { ctx },
        pc.project()?,
        result.episode_number,
        ml.clone(),
    )?;
    v["auto_feedback"] = if dry_run {
        serde_json::json!({"recorded": false, "reason": "dry_run"})
    } else {
        auto_record::after_step(ctx, result, &ml)
    };
    result.metadata.ml_enhancements = Some(v);
    Ok(())
}

pub fn step(ctx: &Ctx, req: StepRequest) -> Result<StepResult> {
    step_in(ctx, &ProjectCtx::new(&ctx.root), req)
}

/// `step` with the project of the calling verb (loaded at most once per call).
pub(crate) fn step_in(ctx: &Ctx, pc: &ProjectCtx, req: StepRequest) -> Result<StepResult> {
    let input = step_input(
        req.step_id,
        req.episode,
        req.session_id,
        &req.options,
        "step",
    )?;
    let ml = req.ml_optimization.filter(|m| m.enabled);
    let thresholds = ml_thresholds(ctx, pc, input.episode, ml.as_ref())?;
    let mut result = progressive::execute_step_in(
        ctx,
        pc,
        StepInput {
            llm_result: req.llm_result,
            manuscript_content: req.manuscript_content,
            thresholds,
            ..input
        },
    )?;
    if let Some(ml) = ml {
        attach_ml(ctx, pc, &mut result, ml, false)?;
    }
    Ok(result)
}

/// `progressive_check_execute_step` (seed 001 §6.1): `input_data` carries what
/// `execute_check_step` takes at the top level.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ExecuteStepRequest {
    /// Session from progressive_check_get_tasks.
    #[serde(default)]
    pub session_id: Option<String>,
    /// Or the episode (its latest open session, else a new one).
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Step 1–12.
    #[serde(alias = "step")]
    pub step_id: i64,
    /// `{llm_result?, manuscript_content?, config_overrides?, exclude_dialogue_lines?,
    /// window_size?}`.
    #[serde(default)]
    pub input_data: Option<InputData>,
    /// When given, the step is repeated under this policy (see repeat_step).
    #[serde(default)]
    pub iteration_policy: Option<IterationPolicy>,
    /// Accepted for compatibility; noveler never calls a model.
    #[serde(default)]
    pub llm_overrides: Option<Value>,
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InputData {
    #[serde(default)]
    pub llm_result: Option<Value>,
    #[serde(default)]
    pub manuscript_content: Option<String>,
    #[serde(flatten)]
    pub options: OptionArgs,
}

/// Result of `progressive_check_execute_step`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ExecuteStepReport {
    pub success: bool,
    pub execution_result: StepResult,
    /// Files written by the step.
    pub artifacts: Vec<FileRef>,
    pub passed: bool,
    pub next_step: Option<u8>,
    /// Present when an iteration_policy was given.
    pub repeat: Option<RepeatSummary>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RepeatSummary {
    pub attempts: u32,
    pub stopped_reason: String,
    pub scores: Vec<f64>,
}

impl Report for ExecuteStepReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.execution_result.input_refs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.artifacts.clone()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(!self.execution_result.measured_passed)
    }
}

pub(crate) fn execute_step(ctx: &Ctx, req: ExecuteStepRequest) -> Result<ExecuteStepReport> {
    let data = req.input_data.unwrap_or_default();
    let input = step_input(
        req.step_id,
        req.episode,
        req.session_id,
        &data.options,
        "step",
    )?;
    let input = StepInput {
        llm_result: data.llm_result,
        manuscript_content: data.manuscript_content,
        ..input
    };
    let (result, repeat) = match req.iteration_policy {
        Some(policy) => {
            let r = progressive::repeat_step(ctx, input, policy)?;
            let summary = RepeatSummary {
                attempts: r.attempts,
                stopped_reason: r.stopped_reason,
                scores: r.scores,
            };
            (r.final_result, Some(summary))
        }
        None => (progressive::execute_step(ctx, input)?, None),
    };
    Ok(ExecuteStepReport {
        success: true,
        artifacts: result.output_refs(),
        passed: result.passed,
        next_step: result.next_step,
        execution_result: result,
        repeat,
    })
}

// ---------------------------------------------------------------------------------------
// repeat

/// Run a step several times under an IterationPolicy (each attempt recorded in history).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepeatRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    #[serde(default)]
    pub session_id: Option<String>,
    /// Step 1–12.
    #[serde(alias = "step")]
    pub step_id: i64,
    /// `{count, until_pass, min_improvement, time_budget_s}`.
    #[serde(default)]
    pub iteration_policy: Option<IterationPolicy>,
    /// The agent's judgment for the first attempt.
    #[serde(default)]
    pub llm_result: Option<Value>,
    #[serde(flatten)]
    pub options: OptionArgs,
}

impl Report for RepeatOutcome {
    fn inputs(&self) -> Vec<FileRef> {
        self.final_result.input_refs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.final_result.output_refs()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(!self.final_result.measured_passed)
    }
}

pub fn repeat(ctx: &Ctx, req: RepeatRequest) -> Result<RepeatOutcome> {
    let input = step_input(
        req.step_id,
        req.episode,
        req.session_id,
        &req.options,
        "repeat",
    )?;
    progressive::repeat_step(
        ctx,
        StepInput {
            llm_result: req.llm_result,
            ..input
        },
        req.iteration_policy.unwrap_or_default(),
    )
}

// ---------------------------------------------------------------------------------------
// status, history, end, artifacts, start_session

/// Progress of an episode's check session.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StatusRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Default: the latest open session of the episode (else its latest session).
    #[serde(default)]
    pub session_id: Option<String>,
}

impl Report for StatusReport {}

pub fn status(ctx: &Ctx, req: StatusRequest) -> Result<StatusReport> {
    let ep = episode_of(req.episode, req.session_id.as_deref())?;
    progressive::status(&ctx.root, ep, req.session_id.as_deref())
}

fn default_limit() -> usize {
    20
}

/// Past attempts of an episode's check steps, newest first.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct HistoryRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Only this session (default: every session of the episode).
    #[serde(default)]
    pub session_id: Option<String>,
    /// Entries per page, 1–100 (default 20).
    #[serde(default = "default_limit")]
    pub limit: usize,
    /// `next_cursor` of the previous page.
    #[serde(default)]
    pub cursor: Option<String>,
}

impl Default for HistoryRequest {
    fn default() -> Self {
        HistoryRequest {
            episode: None,
            session_id: None,
            limit: default_limit(),
            cursor: None,
        }
    }
}

impl Report for HistoryReport {}

pub fn history(ctx: &Ctx, req: HistoryRequest) -> Result<HistoryReport> {
    let ep = episode_of(req.episode, req.session_id.as_deref())?;
    progressive::history(
        &ctx.root,
        ep,
        req.session_id.as_deref(),
        req.limit,
        req.cursor.as_deref(),
    )
}

fn yes() -> bool {
    true
}

/// Close an episode's check session.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct EndRequest {
    /// Episode number. May be omitted when `session_id` is given.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Default: the episode's latest open session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// Close the session (default true); false only reports its result.
    #[serde(default = "yes")]
    pub finalize: bool,
}

impl Report for EndReport {}

pub fn end(ctx: &Ctx, req: EndRequest) -> Result<EndReport> {
    let ep = episode_of(req.episode, req.session_id.as_deref())?;
    progressive::end(ctx, ep, req.session_id.as_deref(), req.finalize)
}

/// Files and artifacts of a check session.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactsRequest {
    /// Session from get_check_tasks.
    #[serde(default)]
    pub session_id: Option<String>,
    /// With no session_id: the episode's latest session.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
}

impl Report for ArtifactsReport {}

pub fn artifacts(ctx: &Ctx, req: ArtifactsRequest) -> Result<ArtifactsReport> {
    let id = match req.session_id {
        Some(id) => id,
        None => {
            let ep = episode_of(req.episode, None)?;
            progressive::status(&ctx.root, ep, None)?.session_id
        }
    };
    progressive::list_artifacts(&ctx.root, &id)
}

/// Deprecated `progressive_check.start_session`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StartSessionRequest {
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    #[serde(default)]
    pub session_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StartSessionReport {
    pub success: bool,
    pub deprecated: bool,
    pub message: String,
    pub guidance: String,
    pub suggested_tool: String,
    pub suggested_arguments: Value,
}

impl Report for StartSessionReport {}

pub fn start_session(_ctx: &Ctx, req: StartSessionRequest) -> Result<StartSessionReport> {
    Ok(StartSessionReport {
        success: true,
        deprecated: true,
        message: "use progressive_check.get_tasks to initialise a session".into(),
        guidance: "progressive_check.start_session は廃止されました。progressive_check_get_tasks（または get_check_tasks）を呼ぶとセッションが開始され、session_id が返ります。以降の操作は session_id で行ってください。".into(),
        suggested_tool: "progressive_check_get_tasks".into(),
        suggested_arguments: serde_json::json!({
            "episode_number": req.episode.or_else(|| req.session_id.as_deref().and_then(progressive::episode_of_session)),
        }),
    })
}
