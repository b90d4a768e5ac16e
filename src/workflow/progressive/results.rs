//! What a step returns: results, acceptance, files, judgment.

use super::*;

// Results

/// `metadata.config_snapshot`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConfigSnapshot {
    pub target_length: TargetLengthSnapshot,
    pub exclude_dialogue_lines: bool,
    pub window_size: usize,
    pub rule_profile: String,
    /// `learned` when the attempt used thresholds learned from a corpus baseline
    /// (`ml_optimization.use_dynamic_thresholds`; values in
    /// `ml_enhancements.dynamic_thresholds_applied`); absent for the standard ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thresholds: Option<String>,
}

/// `metadata` of a step result (seed 001 §3.2).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepMetadata {
    pub config_snapshot: ConfigSnapshot,
    pub rhythm_metrics: RhythmBlock,
    pub dialogue_warnings: DialogueWarnings,
    pub hook_assessment: HookAssessment,
    pub length_stats: LengthStats,
    pub scoring: Scoring,
    pub template: TemplateInfo,
    /// The validated llm_result, when one was given.
    pub structured_output: Option<Value>,
    /// Corpus statistics (`ml_optimization`, `commands::check::stats`), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ml_enhancements: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Acceptance {
    pub pass_score: f64,
    /// Deterministic issues at or above this severity fail the step.
    pub blocking_severity: Severity,
    pub criteria: Vec<String>,
    /// Why the step failed (empty when it passed).
    pub reasons: Vec<String>,
    pub passed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepFiles {
    pub input_file: String,
    pub output_file: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ManuscriptInfo {
    pub path: String,
    pub sha256: String,
    pub artifact_id: String,
    /// `file` or `manuscript_content`.
    pub origin: String,
    pub body_chars: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct JudgmentOut {
    pub summary: String,
    pub metrics: BTreeMap<String, f64>,
    pub recommendations: Vec<String>,
}

/// Whether one attempt of a step passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Passed,
    Failed,
    /// The measured part passed; the agent's judgment has not been given yet.
    Pending,
}

impl Verdict {
    pub fn of(passed: bool) -> Verdict {
        if passed {
            Verdict::Passed
        } else {
            Verdict::Failed
        }
    }
}

/// The result of one attempt of a step.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepResult {
    pub success: bool,
    pub session_id: String,
    pub episode_number: u32,
    pub step_id: u8,
    pub step_name: String,
    pub phase: String,
    pub attempt: u32,
    /// `pending` while the judgment is awaited (the measured part passed).
    pub status: Verdict,
    /// Measured part and judgment both passed; false while the judgment is pending.
    pub passed: bool,
    /// The measured part alone passed (the session moves on; step 12 still asks for the
    /// judgment or `accept_unjudged`).
    pub measured_passed: bool,
    /// None while the judgment is pending: the measured score alone is not the step's score.
    pub quality_score: Option<f64>,
    /// `max(0, 100 − Σ penalty)` of the deterministic issues.
    pub measured_score: f64,
    pub issues_found: usize,
    /// True until an llm_result for this step is sent.
    pub llm_pending: bool,
    pub issues: Vec<StepIssue>,
    pub corrections: Vec<String>,
    /// Step-specific figures.
    pub details: Value,
    pub judgment: Option<JudgmentOut>,
    pub acceptance: Acceptance,
    /// The prompt for the judgment part (rendered from the step's template).
    pub llm_instruction: String,
    /// The schema an llm_result must satisfy.
    pub llm_result_schema: Value,
    pub files: StepFiles,
    pub manuscript: ManuscriptInfo,
    pub next_step: Option<u8>,
    pub next_action: String,
    pub guidance: Option<String>,
    /// What did not go as usual but did not stop the step (an artifact held in memory
    /// because `.noveler/artifacts/` could not be written).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    pub session_created: bool,
    pub metadata: StepMetadata,
    #[serde(skip)]
    pub(crate) input_refs: Vec<FileRef>,
    #[serde(skip)]
    pub(crate) output_refs: Vec<FileRef>,
}

impl StepResult {
    pub(crate) fn input_refs(&self) -> Vec<FileRef> {
        self.input_refs.clone()
    }
    pub(crate) fn output_refs(&self) -> Vec<FileRef> {
        self.output_refs.clone()
    }
}

/// What a step is asked to do.
#[derive(Debug, Clone, Default)]
pub struct StepInput {
    pub episode: u32,
    pub step: u32,
    pub session_id: Option<String>,
    pub llm_result: Option<Value>,
    pub manuscript_content: Option<String>,
    pub options: CheckOptions,
    /// `step` or `repeat`.
    pub trigger: &'static str,
    /// Thresholds learned from a corpus baseline (`ml_optimization.use_dynamic_thresholds`)
    /// to check this attempt with instead of the project's; the session's window_size
    /// still applies.
    pub thresholds: Option<crate::analysis::settings::Thresholds>,
}
