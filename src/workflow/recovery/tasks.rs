//! The read-only diagnosis: tasks, progress and what is wrong.

use super::*;

/// Where a stage of the writing session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StageStatus {
    Completed,
    Current,
    Pending,
    Skipped,
}

impl StageStatus {
    /// The JSON word.
    pub fn as_str(self) -> &'static str {
        match self {
            StageStatus::Completed => "completed",
            StageStatus::Current => "current",
            StageStatus::Pending => "pending",
            StageStatus::Skipped => "skipped",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Task {
    pub step: u8,
    pub stage: String,
    pub title: String,
    pub status: StageStatus,
    pub expected_turns: u8,
    pub llm_instruction: String,
    pub tool: String,
    pub command: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TasksOutcome {
    pub execution_method: String,
    pub episode: u32,
    pub session_id: Option<String>,
    pub tasks: Vec<Task>,
    pub progress: Progress,
    pub diagnostics: Vec<Diagnostic>,
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
}

pub(super) fn output_rel(id: &str, stage: &StageDef) -> String {
    format!("{}/{}.output.json", session::writes_dir(id), stage.stem())
}

/// Stages whose output is in the journal but not recorded in the session.
pub(super) fn journal_ahead(root: &Path, s: &Session) -> Vec<&'static StageDef> {
    STAGES
        .iter()
        .filter(|st| root.join(output_rel(&s.session_id, st)).is_file())
        .filter(|st| {
            let recorded = s.stage_outputs.get(st.id);
            match recorded {
                None => true,
                Some(o) => {
                    let body = super::read_text(&root.join(&o.output_file)).unwrap_or_default();
                    !s.is_completed(st) || io::artifact_id(&body) != o.artifact_id
                }
            }
        })
        .collect()
}

/// Artifact ids the session references that the store does not have.
pub(super) fn missing_artifacts(root: &Path, s: &Session) -> Vec<String> {
    let mut ids: Vec<String> = s.artifacts.iter().map(|a| a.artifact_id.clone()).collect();
    ids.extend(s.stage_outputs.values().map(|o| o.artifact_id.clone()));
    if let Some(m) = &s.manuscript {
        ids.push(m.artifact_id.clone());
        ids.extend(m.check.iter().map(|c| c.artifact_id.clone()));
    }
    ids.sort();
    ids.dedup();
    ids.into_iter()
        .filter(|id| !io::artifact_exists(root, id))
        .collect()
}

pub(super) fn has_manifest(root: &Path, id: &str) -> bool {
    root.join(format!("{}/manifest.json", session::writes_dir(id)))
        .is_file()
}

/// What is missing before episode `ep` can be written: a loadable project, its plot, the
/// settings documents prompts refer to.
fn project_diagnostics(pc: &ProjectCtx, ep: u32) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    if let Err(e) = pc.project() {
        diagnostics.push(diag(e.code.as_str(), "error", e.message.clone(), false));
    }
    // The listings below work in a project whose config is broken (default layout).
    let project = pc.layout();
    if io::find_plot(project, ep).is_none() {
        diagnostics.push(diag(
            "E002",
            "error",
            format!("第{ep}話のプロットがありません。先に noveler plot {ep} で作ってください"),
            false,
        ));
    }
    let files = io::settings_files(project);
    for (name, present) in [
        ("キャラクター.yaml", files.characters.is_some()),
        ("世界観.yaml", files.world.is_some()),
        ("用語集.yaml", files.glossary.is_some()),
        ("文体/", !files.style.is_empty()),
    ] {
        if !present {
            diagnostics.push(diag(
                "settings_missing",
                "warning",
                format!("設定資料 {name} がありません（プロンプトで参照できません）"),
                false,
            ));
        }
    }
    diagnostics
}

/// Tasks, progress and diagnostics for episode `ep` (read-only): the episode's sessions
/// (`sessions_of`), what the one in progress left behind (`session_diagnostics`), its
/// surroundings (`environment_diagnostics`), then the task list and the suggestions.
pub fn tasks(root: &Path, ep: u32) -> Result<TasksOutcome> {
    // The project is loaded once for the whole call.
    let pc = ProjectCtx::new(root);
    let mut diagnostics = project_diagnostics(&pc, ep);
    let (active, latest) = sessions_of(root, ep, &mut diagnostics);
    if active.len() > 1 {
        diagnostics.push(diag(
            "QC-001",
            "error",
            format!(
                "第{ep}話に進行中のセッションが複数あります: {}",
                active
                    .iter()
                    .map(|s| s.session_id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            false,
        ));
    }
    let current = active.last().cloned();
    if let Some(s) = &current {
        diagnostics.extend(session_diagnostics(root, s));
    }
    diagnostics.extend(environment_diagnostics(&pc, ep, current.is_none()));
    let blank = Session::new(String::new(), ep, "");
    // Nothing in progress: show the last session of the episode (e.g. a completed one).
    let shown = current.clone().or(latest);
    let s = shown.as_ref().unwrap_or(&blank);
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress || s.session_id.is_empty());
    let tasks = task_list(s, next, ep);
    let mut suggested = Vec::new();
    if diagnostics.iter().any(|d| d.recoverable) {
        suggested.push(format!("noveler write recover {ep}"));
    }
    if let Some(n) = next {
        suggested.push(format!("noveler write {ep} --step {}", n.number));
    }
    Ok(TasksOutcome {
        execution_method: EXECUTION_METHOD.into(),
        episode: ep,
        session_id: shown.as_ref().map(|s| s.session_id.clone()),
        tasks,
        progress: Progress::of(s),
        diagnostics,
        next_step: next.map(|n| n.number),
        suggested_actions: suggested,
    })
}

/// The episode's sessions in progress and its latest other one; an unreadable session of
/// the episode is a diagnostic (rebuildable when its records are there).
fn sessions_of(
    root: &Path,
    ep: u32,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Session>, Option<Session>) {
    let mut active: Vec<Session> = Vec::new();
    let mut latest: Option<Session> = None;
    for l in session::list(root) {
        match l {
            Listed::Ok(s) if s.episode == ep && s.status == SessionStatus::InProgress => {
                active.push(*s)
            }
            Listed::Ok(s) if s.episode == ep => latest = Some(*s),
            Listed::Corrupt { id, episode, error } if episode.is_none_or(|e| e == ep) => {
                let rebuildable = has_manifest(root, &id);
                let mut d = diag(
                    "QC-005",
                    "error",
                    format!(
                        "{}{}",
                        error.message,
                        if rebuildable {
                            "（記録から再構築できます）"
                        } else {
                            "（再構築に必要な記録がありません）"
                        }
                    ),
                    rebuildable,
                );
                d.path = Some(format!("{}/{id}.yaml", session::SESSIONS_DIR));
                d.session_id = Some(id);
                diagnostics.push(d);
            }
            _ => {}
        }
    }
    (active, latest)
}

/// What the session in progress left behind: submissions the journal has and the session
/// does not, artifacts it refers to that are gone.
fn session_diagnostics(root: &Path, s: &Session) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for st in journal_ahead(root, s) {
        let mut d = diag(
            "journal_ahead",
            "warning",
            format!(
                "STEP{} の提出は記録にありますがセッションに反映されていません",
                st.number
            ),
            true,
        );
        d.session_id = Some(s.session_id.clone());
        d.path = Some(output_rel(&s.session_id, st));
        diagnostics.push(d);
    }
    for id in missing_artifacts(root, s) {
        let mut d = diag(
            "missing_artifact",
            "warning",
            format!("参照中のアーティファクト {id} が保存先にありません"),
            true,
        );
        d.session_id = Some(s.session_id.clone());
        diagnostics.push(d);
    }
    diagnostics
}

/// The episode's surroundings: a writer busy on it, project templates in use or broken, a
/// manuscript already there when nothing is in progress.
fn environment_diagnostics(pc: &ProjectCtx, ep: u32, idle: bool) -> Vec<Diagnostic> {
    let root = pc.root();
    let mut diagnostics = Vec::new();
    if lock::episode_lock_held(root, ep, lock::Scope::Writing) {
        diagnostics.push(diag(
            "QC-008",
            "warning",
            format!("第{ep}話はいま別の処理が書き込み中です"),
            false,
        ));
    }
    for st in &STAGES {
        if let Ok(t) = templates::load(root, &st.template_name()) {
            if let Some(w) = &t.warning {
                diagnostics.push(diag("template_fallback", "warning", w.clone(), true));
            } else if t.source == TemplateSource::Project {
                diagnostics.push(diag(
                    "template_override",
                    "info",
                    format!(
                        "STEP{} はプロジェクトのテンプレート（{}、version {}）を使います",
                        st.number, t.name, t.doc.version
                    ),
                    false,
                ));
            }
        } else if let Err(e) = templates::load(root, &st.template_name()) {
            diagnostics.push(diag(e.code.as_str(), "error", e.message, false));
        }
    }
    if idle {
        if let Ok(Some(p)) = io::find_manuscript(pc.layout(), ep) {
            let mut d = diag(
                "manuscript_exists",
                "info",
                "この話の原稿はすでにあります。STEP8 で提出した原稿は、今の原稿をバックアップしてから置き換えます".into(),
                false,
            );
            d.path = crate::store::fileref::relative_to(root, &p).ok();
            diagnostics.push(d);
        }
    }
    diagnostics
}

/// The ten stages as tasks of session `s`, `next` the current one.
fn task_list(s: &Session, next: Option<&StageDef>, ep: u32) -> Vec<Task> {
    STAGES
        .iter()
        .map(|st| {
            let status = if s.is_completed(st) {
                StageStatus::Completed
            } else if s.is_skipped(st) {
                StageStatus::Skipped
            } else if Some(st.number) == next.map(|n| n.number) {
                StageStatus::Current
            } else {
                StageStatus::Pending
            };
            let sid = if s.session_id.is_empty() {
                String::new()
            } else {
                format!(" --session {}", s.session_id)
            };
            Task {
                step: st.number,
                stage: st.id.into(),
                title: st.title.into(),
                status,
                expected_turns: st.expected_turns,
                llm_instruction: format!(
                    "enhanced_execute_writing_step（step_id: {n}）か write_step_{n} で STEP{n}「{}」のプロンプトを取得し、参照アーティファクトを fetch_artifact で読んでから、出力形式に合う JSON を submission として同じツールに渡してください（想定 {} ターン）。",
                    st.title, st.expected_turns, n = st.number
                ),
                tool: format!("write_step_{}", st.number),
                command: format!("noveler write {ep}{sid} --step {}", st.number),
            }
        })
        .collect()
}
