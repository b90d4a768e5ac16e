//! Tasks, status, history, end and artifacts of a session.

use super::*;
use crate::next::NextStep;

// Tasks, status, history, end, artifacts

/// Where a step stands in the task list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    /// Not run yet.
    Pending,
    Passed,
    Failed,
    Unavailable,
    /// Ran, measured part passed, the judgment (llm_result) not given yet.
    JudgmentPending,
}

/// How a session in the history ended (or that it has not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Passed,
    Failed,
    Running,
    Canceled,
}

impl RunStatus {
    /// The JSON word.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Passed => "passed",
            RunStatus::Failed => "failed",
            RunStatus::Running => "running",
            RunStatus::Canceled => "canceled",
        }
    }
}

/// A task (seed 001 §3.1).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Task {
    pub id: u8,
    pub name: String,
    pub phase: String,
    pub description: String,
    pub llm_instruction: String,
    pub estimated_duration: String,
    pub dependencies: Vec<u8>,
    pub status: TaskStatus,
    pub attempts: u32,
    pub quality_score: Option<f64>,
    pub template: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Progress {
    pub completed: usize,
    pub total: usize,
    pub percentage: f64,
}

fn progress_of(m: &Manifest) -> Progress {
    let completed = m.completed_steps.len();
    Progress {
        completed,
        total: usize::from(TOTAL_STEPS),
        percentage: (completed as f64 / f64::from(TOTAL_STEPS) * 1000.0).round() / 10.0,
    }
}

fn tasks_of(m: &Manifest) -> Vec<Task> {
    STEPS
        .iter()
        .map(|s| {
            let latest = m.latest(s.number);
            let status = match latest {
                Some(a) if a.success && a.llm_pending => TaskStatus::JudgmentPending,
                Some(a) if a.success => TaskStatus::Passed,
                Some(_) => TaskStatus::Failed,
                None if m.unavailable_steps.contains_key(&s.number.to_string()) => {
                    TaskStatus::Unavailable
                }
                None => TaskStatus::Pending,
            };
            Task {
                id: s.number,
                name: s.name.to_string(),
                phase: s.phase.to_string(),
                description: s.description.to_string(),
                llm_instruction: format!(
                    "ステップ{}（{}）を execute_check_step で実行し、返る llm_instruction に従って判断して llm_result を送ってください",
                    s.number, s.name
                ),
                estimated_duration: s.estimated_duration.to_string(),
                dependencies: s.dependencies.to_vec(),
                status,
                attempts: m.attempts_of(s.number),
                quality_score: latest.filter(|a| !a.llm_pending).map(|a| a.quality_score),
                template: s.template_name(),
            }
        })
        .collect()
}

/// `get_check_tasks`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TasksReport {
    pub success: bool,
    pub episode_number: u32,
    pub session_id: String,
    pub session_created: bool,
    pub current_step: Option<u8>,
    pub current_task: Option<Task>,
    /// Not yet passed, with their dependencies passed.
    pub executable_tasks: Vec<Task>,
    pub progress: Progress,
    pub llm_instruction: String,
    pub next_action: String,
    pub phase_info: Value,
    pub tasks: Vec<Task>,
    pub target_length: TargetLengthSnapshot,
    pub manifest_path: String,
}

pub fn tasks(
    ctx: &Ctx,
    ep: u32,
    session_id: Option<&str>,
    new_session: bool,
    opts: &CheckOptions,
) -> Result<TasksReport> {
    let root = &ctx.root;
    opts.validate()?;
    lock::with_episode_lock(root, ep, lock::Scope::Checks, |held| {
        let (m, created) = open_session(
            held,
            &ProjectCtx::new(root),
            ep,
            session_id,
            new_session,
            opts,
            &ctx.clock,
        )?;
        let tasks = tasks_of(&m);
        let done = |n: &u8| m.completed_steps.contains(n);
        let executable: Vec<Task> = tasks
            .iter()
            .filter(|t| !done(&t.id) && t.dependencies.iter().all(done))
            .cloned()
            .collect();
        let current = m
            .current_step
            .and_then(|n| tasks.iter().find(|t| t.id == n).cloned());
        let phase = current
            .as_ref()
            .map(|t| t.phase.clone())
            .unwrap_or_else(|| "completed".into());
        let llm_instruction = match &current {
            Some(t) => format!(
                "ステップ{}（{}）を実行し、結果を要約してください。execute_check_step に session_id \"{}\" と step_id {} を渡します",
                t.id, t.name, m.session_id, t.id
            ),
            None => "全ステップが合格しています。next_action でセッションを終了してください".into(),
        };
        let next_action = match m.current_step {
            Some(n) => NextStep::new("execute_check_step")
                .arg("episode", ep)
                .arg("step_id", n)
                .arg("session_id", m.session_id.as_str())
                .why(format!("ステップ{n}を実行する")),
            None => NextStep::new("progressive_check_end_session")
                .arg("episode", ep)
                .arg("session_id", m.session_id.as_str())
                .why("全ステップ合格。セッションを終える"),
        };
        Ok(TasksReport {
            success: true,
            episode_number: ep,
            session_id: m.session_id.clone(),
            session_created: created,
            current_step: m.current_step,
            current_task: current,
            executable_tasks: executable,
            progress: progress_of(&m),
            llm_instruction,
            next_action: next_action.to_wire(),
            phase_info: serde_json::json!({
                "phase": phase,
                "phases": steps::PHASES,
            }),
            tasks,
            target_length: m.target_length.clone(),
            manifest_path: format!("{}/{MANIFEST}", session_dir(&m.session_id)),
        })
    })
}

/// Resolves the session to read: by id, else the latest open one, else the latest one.
fn session_for_reading(root: &Path, ep: u32, session_id: Option<&str>) -> Result<Manifest> {
    if let Some(id) = session_id {
        return load_manifest(root, id);
    }
    if let Some(m) = latest_open(root, ep)? {
        return Ok(m);
    }
    match session_ids(root, ep).into_iter().rev().find(|id| manifest_path(root, id).is_file()) {
        Some(id) => load_manifest(root, &id),
        None => Err(Error::new(
            Code::QC001,
            format!("第{ep}話の品質チェックセッションがありません"),
        )
        .hint("get_check_tasks（`noveler check progressive <話数> tasks`）でセッションを開始してください。")
        .suggest(format!("noveler check progressive {ep} tasks"))
        .details(serde_json::json!({"session_reset_required": true}))),
    }
}

/// `get_check_status`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StatusReport {
    pub success: bool,
    pub episode_number: u32,
    pub session_id: String,
    pub status: SessionState,
    pub total_steps: u8,
    pub completed_steps: Vec<u8>,
    pub completed_count: usize,
    pub failed_steps: Vec<u8>,
    pub unavailable_steps: Vec<u8>,
    pub progress: Progress,
    pub progress_percentage: f64,
    pub current_step: Option<u8>,
    pub current_phase: String,
    pub current_task: Option<Task>,
    pub last_completed_step: Option<u8>,
    pub next_step: Option<u8>,
    /// Sum of the estimated durations of the steps not passed (seed's ranges).
    pub estimated_remaining_time: String,
    pub last_updated: String,
    pub manifest: Manifest,
    pub message: String,
}

fn remaining_time(m: &Manifest) -> String {
    let (mut lo, mut hi) = (0u32, 0u32);
    for s in &STEPS {
        if m.completed_steps.contains(&s.number) {
            continue;
        }
        let range = s.estimated_duration.trim_end_matches('分');
        let mut parts = range.split('-').filter_map(|x| x.parse::<u32>().ok());
        if let (Some(a), Some(b)) = (parts.next(), parts.next()) {
            lo += a;
            hi += b;
        }
    }
    if hi == 0 {
        "0分".into()
    } else {
        format!("{lo}-{hi}分")
    }
}

pub fn status(root: &Path, ep: u32, session_id: Option<&str>) -> Result<StatusReport> {
    let m = session_for_reading(root, ep, session_id)?;
    let tasks = tasks_of(&m);
    let current_task = m
        .current_step
        .and_then(|n| tasks.iter().find(|t| t.id == n).cloned());
    let last_completed = m
        .steps
        .iter()
        .rev()
        .find(|a| a.success && m.completed_steps.contains(&a.step_id))
        .map(|a| a.step_id);
    let p = progress_of(&m);
    Ok(StatusReport {
        success: true,
        episode_number: m.episode_number,
        session_id: m.session_id.clone(),
        status: m.status,
        total_steps: TOTAL_STEPS,
        completed_count: m.completed_steps.len(),
        completed_steps: m.completed_steps.clone(),
        failed_steps: m.failed_steps.clone(),
        unavailable_steps: m
            .unavailable_steps
            .keys()
            .filter_map(|k| k.parse().ok())
            .collect(),
        progress_percentage: p.percentage,
        progress: p,
        current_step: m.current_step,
        current_phase: current_task
            .as_ref()
            .map(|t| t.phase.clone())
            .unwrap_or_else(|| "completed".into()),
        current_task,
        last_completed_step: last_completed,
        next_step: m.current_step,
        estimated_remaining_time: remaining_time(&m),
        last_updated: m.updated_at.clone(),
        message: "品質チェック進捗状況確認完了".into(),
        manifest: m,
    })
}

/// One attempt in the history (seed 001 §3.4).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct HistoryEntry {
    pub session_id: String,
    pub step_id: u8,
    pub step_name: String,
    pub attempt: u32,
    pub executed_at: String,
    pub execution_time: f64,
    /// Passed, judgment included (false while the judgment is pending).
    pub success: bool,
    /// `passed`, `failed`, `pending` (judgment awaited) or `passed_unjudged` (step 12
    /// approved with earlier steps' judgments pending).
    pub status: AttemptStatus,
    /// None while the judgment is pending.
    pub quality_score: Option<f64>,
    pub measured_score: f64,
    pub judged_score: Option<f64>,
    pub llm_pending: bool,
    /// Step 12: the earlier steps its approval accepted unjudged.
    pub accepted_unjudged_steps: Vec<u8>,
    pub issues_found: usize,
    pub output_file: String,
}

/// How one attempt ended, as the history tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttemptStatus {
    Passed,
    Failed,
    Pending,
    PassedUnjudged,
}

impl AttemptStatus {
    fn of(a: &AttemptRecord) -> AttemptStatus {
        match a {
            a if a.passed() && !a.accepted_unjudged.is_empty() => AttemptStatus::PassedUnjudged,
            a if a.passed() => AttemptStatus::Passed,
            a if a.success => AttemptStatus::Pending,
            _ => AttemptStatus::Failed,
        }
    }
}

/// One session in the history (seed 002 §8.3).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RunEntry {
    pub run_id: String,
    /// `passed` (step 12 passed), `failed` (a step failed), `running` (open), `canceled`
    /// (closed without passing).
    pub status: RunStatus,
    pub duration_ms: u64,
    pub failed_steps: Vec<u8>,
    pub completed_steps: Vec<u8>,
    /// Steps step 12 approved with their judgment pending (`accept_unjudged`).
    pub accepted_unjudged_steps: Vec<u8>,
    pub created_at: String,
}

/// The order of a history listing: `desc` (newest first), the only one there is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HistoryOrder {
    Desc,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct HistoryReport {
    pub success: bool,
    pub episode_number: u32,
    /// Newest first.
    pub history: Vec<HistoryEntry>,
    pub runs: Vec<RunEntry>,
    pub order: HistoryOrder,
    pub total: usize,
    /// Pass as `cursor` for the next page; none on the last page.
    pub next_cursor: Option<String>,
    /// Sessions whose manifest could not be read (skipped).
    pub unreadable_sessions: Vec<Value>,
}

fn run_status(m: &Manifest) -> RunStatus {
    // Approved: step 12 passed, its own judgment given or accepted unjudged.
    let approved = m.latest(TOTAL_STEPS).is_some_and(AttemptRecord::passed);
    if approved {
        RunStatus::Passed
    } else if m.status == SessionState::Open && m.failed_steps.is_empty() {
        RunStatus::Running
    } else if m.status == SessionState::Closed && m.failed_steps.is_empty() {
        RunStatus::Canceled
    } else {
        RunStatus::Failed
    }
}

fn ms_between(a: &str, b: &str) -> u64 {
    match (humantime::parse_rfc3339(a), humantime::parse_rfc3339(b)) {
        (Ok(x), Ok(y)) => y
            .duration_since(x)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0),
        _ => 0,
    }
}

pub fn history(
    root: &Path,
    ep: u32,
    session_id: Option<&str>,
    limit: usize,
    cursor: Option<&str>,
) -> Result<HistoryReport> {
    if !(1..=100).contains(&limit) {
        return Err(Error::new(
            Code::U001,
            format!("limit は 1〜100 で指定してください（{limit}）"),
        ));
    }
    let offset = match cursor {
        None => 0,
        Some(c) => c
            .strip_prefix("offset:")
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| {
                Error::new(Code::U001, format!("cursor「{c}」が不正です"))
                    .hint("前回の next_cursor をそのまま渡してください。")
            })?,
    };
    let ids = match session_id {
        Some(id) => {
            load_manifest(root, id)?;
            vec![id.to_string()]
        }
        None => session_ids(root, ep),
    };
    let mut all = Vec::new();
    let mut runs = Vec::new();
    let mut unreadable = Vec::new();
    for id in ids.iter().rev() {
        if !manifest_path(root, id).is_file() {
            continue;
        }
        let m = match load_manifest(root, id) {
            Ok(m) => m,
            Err(e) => {
                unreadable.push(serde_json::json!({"session_id": id, "error": e.to_json()}));
                continue;
            }
        };
        runs.push(RunEntry {
            run_id: m.session_id.clone(),
            status: run_status(&m),
            duration_ms: ms_between(&m.created_at, &m.updated_at),
            failed_steps: m.failed_steps.clone(),
            completed_steps: m.completed_steps.clone(),
            accepted_unjudged_steps: accepted_unjudged_of(&m),
            created_at: m.created_at.clone(),
        });
        for a in m.steps.iter().rev() {
            all.push(HistoryEntry {
                session_id: m.session_id.clone(),
                step_id: a.step_id,
                step_name: a.step_name.clone(),
                attempt: a.attempt,
                executed_at: a.executed_at.clone(),
                execution_time: a.execution_time,
                success: a.passed(),
                status: AttemptStatus::of(a),
                quality_score: (!a.llm_pending).then_some(a.quality_score),
                measured_score: a.measured_score,
                judged_score: a.judged_score,
                llm_pending: a.llm_pending,
                accepted_unjudged_steps: a.accepted_unjudged.clone(),
                issues_found: a.issues_found,
                output_file: a.output_file.clone(),
            });
        }
    }
    let total = all.len();
    let page: Vec<HistoryEntry> = all.into_iter().skip(offset).take(limit).collect();
    let next = (offset + page.len() < total).then(|| format!("offset:{}", offset + page.len()));
    Ok(HistoryReport {
        success: true,
        episode_number: ep,
        history: page,
        runs,
        order: HistoryOrder::Desc,
        total,
        next_cursor: next,
        unreadable_sessions: unreadable,
    })
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct EndReport {
    pub success: bool,
    pub closed: bool,
    pub session_id: String,
    pub episode_number: u32,
    /// As in the history's runs (`running` when the session is left open).
    pub result: RunStatus,
    pub completed_steps: Vec<u8>,
    pub failed_steps: Vec<u8>,
    /// Steps the approval accepted with their judgment pending (`accept_unjudged`): the
    /// session passed without those judgments.
    pub accepted_unjudged_steps: Vec<u8>,
    pub manifest_path: String,
}

/// The steps the latest approval (step 12) accepted unjudged.
fn accepted_unjudged_of(m: &Manifest) -> Vec<u8> {
    m.latest(TOTAL_STEPS)
        .filter(|a| a.passed())
        .map(|a| a.accepted_unjudged.clone())
        .unwrap_or_default()
}

pub fn end(ctx: &Ctx, ep: u32, session_id: Option<&str>, finalize: bool) -> Result<EndReport> {
    let root = &ctx.root;
    lock::with_episode_lock(root, ep, lock::Scope::Checks, |held| {
        let mut m = match session_id {
            Some(id) => load_manifest(root, id)?,
            None => latest_open(root, ep)?.ok_or_else(|| {
                Error::new(
                    Code::QC001,
                    format!("第{ep}話に開いている品質チェックセッションがありません"),
                )
                .hint("終了するセッションがありません。")
                .details(serde_json::json!({"session_reset_required": false}))
            })?,
        };
        let was_open = m.status == SessionState::Open;
        if was_open && finalize {
            m.status = SessionState::Closed;
            m.closed_at = Some(ctx.clock.timestamp());
            save_manifest(held, root, &mut m, &ctx.clock)?;
        }
        Ok(EndReport {
            success: true,
            closed: m.status == SessionState::Closed,
            session_id: m.session_id.clone(),
            episode_number: m.episode_number,
            result: run_status(&m),
            completed_steps: m.completed_steps.clone(),
            failed_steps: m.failed_steps.clone(),
            accepted_unjudged_steps: accepted_unjudged_of(&m),
            manifest_path: format!("{}/{MANIFEST}", session_dir(&m.session_id)),
        })
    })
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ArtifactEntry {
    /// Relative to the project root (or an `artifact:` id for stored inputs).
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    pub content_type: Option<String>,
    /// `manifest`, `step_input`, `step_output`, `manuscript`, `characters` …
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ArtifactsReport {
    pub success: bool,
    pub session_id: String,
    pub artifacts: Vec<ArtifactEntry>,
}

/// Files of a session plus the artifacts its steps referenced.
pub fn list_artifacts(root: &Path, session_id: &str) -> Result<ArtifactsReport> {
    let m = load_manifest(root, session_id)?;
    let dir = root.join(session_dir(session_id));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| Error::io(&dir, &e))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for p in files {
        let Some(bytes) = crate::store::text::read_internal(&p)? else {
            continue; // removed meanwhile
        };
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let kind = if name == MANIFEST {
            "manifest"
        } else if name.ends_with("_input.json") {
            "step_input"
        } else if name.ends_with("_output.json") {
            "step_output"
        } else {
            "other"
        };
        if kind == "step_input" {
            crate::store::artifact::find_ids(&bytes, &mut ids);
        }
        out.push(ArtifactEntry {
            path: format!("{}/{name}", session_dir(session_id)),
            sha256: sha256_hex(&bytes),
            size_bytes: bytes.len() as u64,
            content_type: Some("application/json".into()),
            kind: kind.into(),
        });
    }
    let store = crate::store::artifact::shared(root);
    for id in ids {
        if let Ok(a) = store.fetch(&id) {
            out.push(ArtifactEntry {
                path: a.metadata.artifact_id.clone(),
                sha256: a.metadata.sha256.clone(),
                size_bytes: a.metadata.size_bytes,
                content_type: Some(a.metadata.content_type.clone()),
                kind: a
                    .metadata
                    .tags
                    .get("kind")
                    .cloned()
                    .unwrap_or_else(|| "artifact".into()),
            });
        }
    }
    let _ = m;
    Ok(ArtifactsReport {
        success: true,
        session_id: session_id.to_string(),
        artifacts: out,
    })
}
