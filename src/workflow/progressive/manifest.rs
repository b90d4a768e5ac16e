//! The session manifest (seed 001 §6.4): pinned templates, attempts, budgets.

use super::*;

// Manifest

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Open,
    Closed,
}

/// A template pinned by the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PinnedTemplate {
    pub version: String,
    /// sha256 of the template file.
    pub hash: String,
    /// `templates/quality/checks/…` (project override or embedded).
    pub path: String,
    pub template_source: TemplateSource,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TargetLengthSnapshot {
    pub min: usize,
    pub max: usize,
    pub source: LengthSource,
}

impl From<TargetLength> for TargetLengthSnapshot {
    fn from(t: TargetLength) -> Self {
        TargetLengthSnapshot {
            min: t.min,
            max: t.max,
            source: t.source,
        }
    }
}

impl TargetLengthSnapshot {
    pub fn target(&self) -> TargetLength {
        TargetLength {
            min: self.min,
            max: self.max,
            source: self.source,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HashRef {
    #[serde(rename = "type")]
    pub kind: String,
    pub hash: String,
}

/// One attempt of one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AttemptRecord {
    pub step_id: u8,
    pub step_name: String,
    pub attempt: u32,
    /// RFC 3339 UTC.
    pub executed_at: String,
    /// Seconds.
    pub execution_time: f64,
    /// Passed its acceptance criteria.
    pub success: bool,
    pub quality_score: f64,
    pub measured_score: f64,
    pub judged_score: Option<f64>,
    pub llm_pending: bool,
    /// Step 12: earlier steps approved with their judgment still pending (`accept_unjudged`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted_unjudged: Vec<u8>,
    pub issues_found: usize,
    pub input_file: String,
    pub output_file: String,
    pub manuscript_hash_refs: Vec<HashRef>,
    /// `step` or `repeat`.
    pub trigger: String,
    /// Tools the attempt's result points to (seed 001 §4; `tool_choice`).
    #[serde(default)]
    pub available_tools: Vec<String>,
    #[serde(default)]
    pub tool_selection_status: crate::workflow::tool_choice::ToolSelection,
}

impl AttemptRecord {
    /// The attempt passed: its criteria met and its judgment given — or, for step 12's
    /// approval, accepted unjudged (`accept_unjudged`). The one reading of "approved" the
    /// history, the runs and `end` share.
    pub fn passed(&self) -> bool {
        self.success && (!self.llm_pending || !self.accepted_unjudged.is_empty())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ManuscriptRef {
    pub path: String,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Budgets {
    pub time_budget_s: Option<u64>,
    pub count: Option<u32>,
}

/// `.noveler/checks/<session_id>/manifest.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Manifest {
    pub session_id: String,
    pub episode_number: u32,
    /// Incremented on every save.
    pub state_version: u64,
    pub status: SessionState,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default)]
    pub closed_at: Option<String>,
    /// The manuscript at session start.
    pub manuscript: ManuscriptRef,
    /// The next step to run (the first not completed); none when all are completed.
    pub current_step: Option<u8>,
    pub completed_steps: Vec<u8>,
    pub failed_steps: Vec<u8>,
    /// Steps that could not run because files they need are missing (QC-002), with them.
    #[serde(default)]
    pub unavailable_steps: BTreeMap<String, Vec<String>>,
    /// Step number → the template pinned at session start.
    pub template_version_set: BTreeMap<String, PinnedTemplate>,
    pub budgets: Budgets,
    #[serde(default)]
    pub iteration_policy: Option<IterationPolicy>,
    pub llm_config: Value,
    pub target_length: TargetLengthSnapshot,
    pub options: CheckOptions,
    /// Every attempt, in order.
    pub steps: Vec<AttemptRecord>,
}

impl Manifest {
    pub(super) fn latest(&self, step: u8) -> Option<&AttemptRecord> {
        self.steps.iter().rev().find(|a| a.step_id == step)
    }

    /// Attempts recorded for `step`.
    pub fn attempts_of(&self, step: u8) -> u32 {
        self.steps.iter().filter(|a| a.step_id == step).count() as u32
    }

    /// Recomputes completed/failed/current from the attempts.
    pub(super) fn refresh(&mut self) {
        self.completed_steps.clear();
        self.failed_steps.clear();
        for s in &STEPS {
            match self.latest(s.number) {
                Some(a) if a.success => self.completed_steps.push(s.number),
                Some(_) => self.failed_steps.push(s.number),
                None => {}
            }
        }
        self.current_step = STEPS
            .iter()
            .map(|s| s.number)
            .find(|n| !self.completed_steps.contains(n));
    }

    /// QC-001 when the manifest contradicts itself or its place.
    pub(super) fn check_consistent(&self, id: &str, path: &Path) -> Result<()> {
        let mut why = Vec::new();
        if self.session_id != id {
            why.push(format!("session_id が {} です", self.session_id));
        }
        if Some(self.episode_number) != episode_of_session(id) {
            why.push(format!(
                "episode_number {} がセッションIDと合いません",
                self.episode_number
            ));
        }
        let valid = |n: &u8| (1..=TOTAL_STEPS).contains(n);
        if !self.completed_steps.iter().all(valid) || !self.failed_steps.iter().all(valid) {
            why.push("completed_steps / failed_steps に存在しないステップがあります".into());
        }
        if self
            .completed_steps
            .iter()
            .any(|s| self.failed_steps.contains(s))
        {
            why.push("同じステップが completed_steps と failed_steps の両方にあります".into());
        }
        if !self.steps.iter().all(|a| valid(&a.step_id)) {
            why.push("steps に存在しないステップの記録があります".into());
        }
        if why.is_empty() {
            return Ok(());
        }
        Err(Error::new(
            Code::QC001,
            format!("セッション {id} のマニフェストが不整合です: {}", why.join("、")),
        )
        .at(path, None)
        .hint("新しいセッションを開始してください（`--new`、MCP では get_check_tasks の new_session: true）。")
        .suggest(format!(
            "noveler check progressive {} tasks --new",
            self.episode_number
        ))
        .details(serde_json::json!({"session_reset_required": true, "session_id": id, "problems": why})))
    }
}
