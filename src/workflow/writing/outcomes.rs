//! Clock helpers and what the writing flow returns.

use super::*;

/// Now by the call's clock, as the RFC 3339 string sessions store.
pub fn now(clock: &Clock) -> String {
    clock.timestamp()
}

/// Now as `YYYYMMDDHHMMSS`, for file names.
pub(crate) fn now_digits(clock: &Clock) -> String {
    now(clock)
        .chars()
        .filter(char::is_ascii_digit)
        .take(14)
        .collect()
}

pub(super) fn seconds_since(clock: &Clock, issued_at: &str) -> Option<f64> {
    let then = humantime::parse_rfc3339(issued_at).ok()?;
    let secs = clock.now().duration_since(then).ok()?.as_secs_f64();
    Some((secs * 10.0).round() / 10.0)
}

/// How a call wants its session.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    pub episode: u32,
    /// Use this session (else the episode's session in progress, else a new one).
    pub session_id: Option<String>,
    /// Start a new session; refused (QC-008) while another is in progress.
    pub new_session: bool,
    /// Render only: nothing is written.
    pub dry_run: bool,
    /// Plot text supplied by the caller instead of the plot file (`write_with_claude`).
    pub plot_content: Option<String>,
    /// Target length asked for (characters).
    pub word_count_target: Option<u32>,
    /// Pass over the design stages not done yet and go to the manuscript (stage 8).
    pub draft_only: bool,
}

/// Why a stage lists an input: `input` (this stage reads it) or `reference` (listed for
/// completeness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InputRole {
    Input,
    Reference,
}

/// Whether an input is there: `available`, `pending` (an earlier stage not done),
/// `skipped` (its stage was passed over), `missing` (no such file in the project).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InputStatus {
    Available,
    Pending,
    Skipped,
    Missing,
}

/// One reference in a prompt.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct InputRef {
    pub key: String,
    pub label: String,
    /// `artifact:<12 hex>`; none when the input is not available.
    pub artifact_id: Option<String>,
    pub required: bool,
    pub role: InputRole,
    pub status: InputStatus,
    #[serde(rename = "use")]
    pub purpose: String,
    pub source_file: Option<String>,
    pub size_bytes: u64,
    /// The manuscript the agent submitted itself (stages 9–10): its sha256, so the prompt
    /// names it by path and sha instead of asking for a fetch of what the agent has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// Where and how to hand the result back.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SubmitHint {
    pub cli: String,
    pub mcp_tool: String,
    pub mcp_arguments: Value,
}

/// A rendered stage: the prompt, what it references, and what it expects back.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StagePrompt {
    pub step: u8,
    pub stage: String,
    pub title: String,
    pub expected_turns: u8,
    pub prompt: String,
    /// JSON Schema of the expected submission.
    pub output_schema: Value,
    pub acceptance_criteria: Vec<String>,
    pub inputs: Vec<InputRef>,
    pub template: TemplateInfo,
    pub prompt_stats: PromptStats,
    pub submit: SubmitHint,
    /// Where the prompt was logged (none in a dry run).
    pub prompt_file: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Progress {
    pub completed: usize,
    pub skipped: usize,
    pub total: u8,
    pub percentage: f64,
    pub completed_stages: Vec<String>,
    pub current_stage: String,
}

impl Progress {
    pub fn of(s: &Session) -> Progress {
        let done = s.completed_stages.len();
        Progress {
            completed: done,
            skipped: s.skipped_stages.len(),
            total: TOTAL_STAGES,
            percentage: ((done + s.skipped_stages.len()) as f64 * 1000.0 / f64::from(TOTAL_STAGES))
                .round()
                / 10.0,
            completed_stages: s.completed_stages.clone(),
            current_stage: s.current_stage.clone(),
        }
    }
}

/// The result of showing (and, on first use, starting) a stage.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct WriteOutcome {
    pub session_id: String,
    pub episode: u32,
    pub dry_run: bool,
    /// This call created the session.
    pub new_session: bool,
    pub status: SessionStatus,
    pub progress: Progress,
    /// The stage prompt (none once the session is completed).
    pub stage: Option<StagePrompt>,
    /// The stage to do next (number), none when completed.
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub artifacts: Vec<ArtifactRef>,
    pub session_file: String,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
    /// The project files this call read for the artifacts, as read (for the envelope's
    /// inputs; not part of the result).
    #[serde(skip)]
    #[schemars(skip)]
    pub sources: Vec<crate::store::FileRef>,
    /// The files this call wrote (session, prompt), referenced from the bytes written, so
    /// the envelope's outputs need not read them back (not part of the result).
    #[serde(skip)]
    #[schemars(skip)]
    pub written: Vec<crate::store::FileRef>,
}

/// Manuscript written by a stage, and its check.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ManuscriptResult {
    pub path: String,
    pub title: String,
    /// Backups made before overwriting (or renaming) earlier versions.
    pub backups: Vec<String>,
    /// An earlier manuscript of the episode under another title, moved away (backed up).
    pub removed: Vec<String>,
    pub unchanged: bool,
    /// The saved text's sha256 and artifact: later stages name the manuscript by these
    /// (the agent has the text it sent).
    pub sha256: String,
    pub artifact_id: String,
    pub body_chars: usize,
    pub check: Option<CheckRecord>,
}

/// The result of a submission.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SubmitOutcome {
    pub session_id: String,
    pub episode: u32,
    pub dry_run: bool,
    pub step: u8,
    pub stage: String,
    pub accepted: bool,
    pub output_file: Option<String>,
    pub artifact_id: String,
    pub execution_time: Option<f64>,
    pub quality_score: Option<f64>,
    pub attempts: u32,
    pub manuscript: Option<ManuscriptResult>,
    pub status: SessionStatus,
    pub progress: Progress,
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
    /// Stages 8–10: the plan's criteria measured on the manuscript (target length, STEP7's
    /// must_include / must_avoid). At stage 10 an unmet one (`unmet`) keeps the session at
    /// stage 10 until the manuscript meets it or the author waives it (`waive`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub criteria: Option<super::criteria::CriteriaReport>,
    /// The stage output this submission wrote, referenced from the bytes written (for the
    /// envelope's outputs; not part of the result).
    #[serde(skip)]
    #[schemars(skip)]
    pub written: Vec<crate::store::FileRef>,
}

impl SubmitOutcome {
    /// Stage 10 was recorded but did not end the session: a criterion of the plan is unmet
    /// and not waived.
    pub fn held_back(&self) -> bool {
        !self.dry_run
            && self.step == 10
            && self.criteria.as_ref().is_some_and(|c| !c.unmet.is_empty())
    }
}
