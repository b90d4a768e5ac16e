//! Diagnosis and recovery for writing sessions (seed 000 §3.6, the `enhanced_*` tools).
//!
//! The writes log (`.noveler/writes/<session_id>/`) is the journal: a session's manifest
//! and every accepted submission (`stageNN_<id>.output.json`) are written there before the
//! session file is updated. So a session can be brought back in line with its journal:
//! - a session file that cannot be read (QC-005) is rebuilt from the journal — the damaged
//!   file is kept beside it as `<id>.yaml.corrupt-<stamp>`, never deleted;
//! - outputs logged but not recorded in the session (a crash between the two writes) are
//!   replayed: validated again against the stage's schema and applied;
//! - artifacts the session references but the store has lost are stored again.
//!
//! Every error these tools return carries `execution_method: enhanced_use_case` in its
//! details.

use super::io::{self, ManuscriptOps};
use super::session::{self, Listed, Session, SessionStatus, StageOutput};
use super::stages::{self, StageDef, STAGES};
use super::templates::{self, TemplateSource};
use super::writing::{self, Env, OpenOptions, Payload, Progress, SubmitOptions};
use crate::error::{Code, Error, Result};
use serde::Serialize;
use serde_json::{json, Value};
use std::path::Path;

pub const EXECUTION_METHOD: &str = "enhanced_use_case";

/// Adds `execution_method: enhanced_use_case` to an error's details.
pub fn enhanced(mut e: Error) -> Error {
    let mut details = match e.details.take() {
        Some(Value::Object(m)) => m,
        Some(other) => {
            let mut m = serde_json::Map::new();
            m.insert("original_details".into(), other);
            m
        }
        None => serde_json::Map::new(),
    };
    details.insert("execution_method".into(), EXECUTION_METHOD.into());
    e.details = Some(Value::Object(details));
    e
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Diagnostic {
    /// An error code (`QC-005`, `E002` …) or a short name (`journal_ahead`,
    /// `missing_artifact`, `template_override` …).
    pub code: String,
    /// `error`, `warning` or `info`.
    pub level: String,
    pub message: String,
    /// `enhanced_execute_writing_step` can repair it.
    pub recoverable: bool,
    pub session_id: Option<String>,
    pub path: Option<String>,
}

fn diag(code: &str, level: &str, message: String, recoverable: bool) -> Diagnostic {
    Diagnostic {
        code: code.into(),
        level: level.into(),
        message,
        recoverable,
        session_id: None,
        path: None,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Task {
    pub step: u8,
    pub stage: String,
    pub title: String,
    /// `completed`, `current`, `pending` or `skipped`.
    pub status: String,
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

fn output_rel(id: &str, stage: &StageDef) -> String {
    format!("{}/{}.output.json", session::writes_dir(id), stage.stem())
}

/// Stages whose output is in the journal but not recorded in the session.
fn journal_ahead(root: &Path, s: &Session) -> Vec<&'static StageDef> {
    STAGES
        .iter()
        .filter(|st| root.join(output_rel(&s.session_id, st)).is_file())
        .filter(|st| {
            let recorded = s.stage_outputs.get(st.id);
            match recorded {
                None => true,
                Some(o) => {
                    let body = read_text(&root.join(&o.output_file)).unwrap_or_default();
                    !s.is_completed(st) || io::artifact_id(&body) != o.artifact_id
                }
            }
        })
        .collect()
}

/// Artifact ids the session references that the store does not have.
fn missing_artifacts(root: &Path, s: &Session) -> Vec<String> {
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

fn has_manifest(root: &Path, id: &str) -> bool {
    root.join(format!("{}/manifest.json", session::writes_dir(id)))
        .is_file()
}

/// Tasks, progress and diagnostics for episode `ep` (read-only).
// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
pub fn tasks(root: &Path, ep: u32) -> Result<TasksOutcome> {
    let mut diagnostics = Vec::new();
    let info = io::project_info(root);
    if let Err(e) = &info {
        diagnostics.push(diag(e.code.as_str(), "error", e.message.clone(), false));
    }
    if io::find_plot(root, ep).is_none() {
        diagnostics.push(diag(
            "E002",
            "error",
            format!("第{ep}話のプロットがありません。先に noveler plot {ep} で作ってください"),
            false,
        ));
    }
    let files = io::settings_files(root);
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
    }
    if io::lock_held(root, ep) {
        diagnostics.push(diag(
            "QC-008",
            "warning",
            format!("第{ep}話はいま別の処理が書き込み中です"),
            false,
        ));
    }
    for st in &STAGES {
        if let Ok(t) = templates::load(root, &st.template_name()) {
            if t.source == TemplateSource::Project {
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
    if current.is_none() {
        if let Ok(Some(p)) = io::find_manuscript(root, ep) {
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
    let blank = Session::new(String::new(), ep, "");
    // Nothing in progress: show the last session of the episode (e.g. a completed one).
    let shown = current.clone().or(latest);
    let s = shown.as_ref().unwrap_or(&blank);
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress || s.session_id.is_empty());
    let tasks = STAGES
        .iter()
        .map(|st| {
            let status = if s.is_completed(st) {
                "completed"
            } else if s.is_skipped(st) {
                "skipped"
            } else if Some(st.number) == next.map(|n| n.number) {
                "current"
            } else {
                "pending"
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
                status: status.into(),
                expected_turns: st.expected_turns,
                llm_instruction: format!(
                    "enhanced_execute_writing_step（step_id: {n}）か write_step_{n} で STEP{n}「{}」のプロンプトを取得し、参照アーティファクトを fetch_artifact で読んでから、出力形式に合う JSON を submission として同じツールに渡してください（想定 {} ターン）。",
                    st.title, st.expected_turns, n = st.number
                ),
                tool: format!("write_step_{}", st.number),
                command: format!("noveler write {ep}{sid} --step {}", st.number),
            }
        })
        .collect();
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

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RecoveryAction {
    /// `session_rebuilt`, `outputs_replayed`, `artifacts_restored`.
    pub kind: String,
    pub message: String,
    pub session_id: String,
    /// False in a dry run: what would be done.
    pub applied: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepResult {
    pub step: u8,
    pub stage: String,
    /// `resumed` (replayed from the journal), `already_completed`, `pending` (no output
    /// yet: the agent's turn), `failed` (the logged output no longer validates),
    /// `not_attempted` (after a failure or a gap).
    pub status: String,
    pub message: String,
    pub quality_score: Option<f64>,
}

/// Replays the journal of `s` for stages numbered `from` and up. With `only_unrecorded`,
/// stages the session already records identically are left alone.
// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
fn replay(
    root: &Path,
    s: &mut Session,
    from: u8,
    only_unrecorded: bool,
    progress: &dyn Fn(u64, u64, &str),
    ops: &dyn ManuscriptOps,
) -> Result<Vec<StepResult>> {
    let env = Env::for_session(root, s)?;
    let targets: Vec<&'static StageDef> = STAGES.iter().filter(|st| st.number >= from).collect();
    let total = targets.len() as u64;
    let last_manuscript = targets
        .iter()
        .filter(|st| st.writes_manuscript() && root.join(output_rel(&s.session_id, st)).is_file())
        .map(|st| st.number)
        .max();
    let mut results = Vec::new();
    let mut stop: Option<String> = None;
    for (i, st) in targets.iter().enumerate() {
        progress(i as u64, total, st.id);
        let result = |status: &str, message: String, q: Option<f64>| StepResult {
            step: st.number,
            stage: st.id.into(),
            status: status.into(),
            message,
            quality_score: q,
        };
        if let Some(why) = &stop {
            results.push(result("not_attempted", why.clone(), None));
            continue;
        }
        let rel = output_rel(&s.session_id, st);
        let path = root.join(&rel);
        if !path.is_file() {
            if s.is_completed(st) {
                results.push(result(
                    "already_completed",
                    "記録ファイルはありませんがセッションでは完了しています".into(),
                    s.stage_outputs.get(st.id).and_then(|o| o.quality_score),
                ));
            } else if s.is_skipped(st) {
                results.push(result(
                    "already_completed",
                    "省略された段階です".into(),
                    None,
                ));
            } else {
                results.push(result("pending", "提出がまだありません".into(), None));
                stop = Some(format!("STEP{} が未提出のため", st.number));
            }
            continue;
        }
        let body = crate::store::text::read_internal(&path)?
            .ok_or_else(|| Error::io(&path, &std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        let body = String::from_utf8_lossy(&body).into_owned();
        let id = io::artifact_id(&body);
        let recorded = s
            .stage_outputs
            .get(st.id)
            .is_some_and(|o| o.artifact_id == id);
        if only_unrecorded && recorded && s.is_completed(st) {
            results.push(result(
                "already_completed",
                "セッションの記録と一致しています".into(),
                s.stage_outputs.get(st.id).and_then(|o| o.quality_score),
            ));
            continue;
        }
        let doc: Value = match serde_json::from_str(&body) {
            Ok(v) => v,
            Err(e) => {
                results.push(result(
                    "failed",
                    format!("記録が JSON として読めません: {e}"),
                    None,
                ));
                stop = Some(format!("STEP{} の記録が壊れているため", st.number));
                continue;
            }
        };
        let t = templates::load(root, &st.template_name())?;
        let violations = super::schema::validate(&t.doc.output_schema, &doc);
        if let Some(v) = violations.first() {
            results.push(result(
                "failed",
                format!("記録が現在の出力形式に合いません: {} {}", v.path, v.message),
                None,
            ));
            stop = Some(format!("STEP{} の記録が出力形式に合わないため", st.number));
            continue;
        }
        io::store_artifact(
            root,
            &body,
            "json",
            Some(&rel),
            &format!("第{:03}話 STEP{} {}", s.episode, st.number, st.title),
            &[
                ("episode", format!("{:03}", s.episode)),
                ("session", s.session_id.clone()),
                ("stage", st.id.to_string()),
            ],
        )?;
        let mut warnings = Vec::new();
        let mut quality = None;
        if st.writes_manuscript() {
            if Some(st.number) == last_manuscript {
                let m = writing::apply_manuscript(&env, s, st, &doc, true, ops)?;
                quality = m.check.as_ref().and_then(|c| c.score);
            } else {
                warnings.push(
                    "後の段階の原稿で置き換えられるため、この段階の原稿は再チェックしていません"
                        .to_string(),
                );
            }
        }
        let previous = s.stage_outputs.get(st.id).cloned();
        s.stage_outputs.insert(
            st.id.to_string(),
            StageOutput {
                output_file: rel.clone(),
                artifact_id: id,
                size_bytes: body.len() as u64,
                execution_time: previous.as_ref().and_then(|p| p.execution_time),
                quality_score: quality.or_else(|| {
                    previous
                        .as_ref()
                        .filter(|_| !st.writes_manuscript() || recorded)
                        .and_then(|p| p.quality_score)
                }),
                submitted_at: previous
                    .as_ref()
                    .map(|p| p.submitted_at.clone())
                    .unwrap_or_else(writing::now),
                template: t.info(),
                attempts: previous.as_ref().map_or(1, |p| p.attempts),
                warnings: warnings.clone(),
            },
        );
        s.complete(st);
        let message = if warnings.is_empty() {
            "記録から再適用しました".to_string()
        } else {
            format!("記録から再適用しました（{}）", warnings.join("、"))
        };
        results.push(result("resumed", message, quality));
    }
    progress(total, total, "done");
    Ok(results)
}

/// Restores artifacts the session references but the store lost; returns how many.
fn restore_artifacts(root: &Path, s: &mut Session, ops: &dyn ManuscriptOps) -> Result<usize> {
    let missing = missing_artifacts(root, s);
    if missing.is_empty() {
        return Ok(0);
    }
    let env = Env::for_session(root, s)?;
    let mut restored = 0;
    for d in &env.docs {
        if missing.contains(&d.artifact_id()) {
            d.store(root, s.episode, false)?;
            restored += 1;
        }
    }
    let outputs: Vec<(String, String)> = s
        .stage_outputs
        .values()
        .map(|o| (o.artifact_id.clone(), o.output_file.clone()))
        .collect();
    for (id, file) in outputs {
        if missing.contains(&id) {
            if let Some(body) = read_text(&root.join(&file)) {
                if io::artifact_id(&body) == id {
                    io::store_artifact(
                        root,
                        &body,
                        "json",
                        Some(&file),
                        "執筆段階の成果物（復旧）",
                        &[],
                    )?;
                    restored += 1;
                }
            }
        }
    }
    if let Some(m) = s.manuscript.clone() {
        if missing.contains(&m.artifact_id) {
            let manuscript = crate::store::text::read_bytes(&root.join(&m.path)).ok();
            if let Some(text) = manuscript.and_then(|b| String::from_utf8(b).ok()) {
                if io::artifact_id(&text) == m.artifact_id {
                    io::store_artifact(
                        root,
                        &text,
                        "markdown",
                        Some(&m.path),
                        "原稿（復旧）",
                        &[],
                    )?;
                    restored += 1;
                }
            }
        }
        let lost_check = m
            .check
            .as_ref()
            .is_some_and(|c| missing.contains(&c.artifact_id));
        if lost_check {
            // The check report is derived data: check the manuscript again.
            let stage = stages::by_name(
                &m.check
                    .as_ref()
                    .map(|c| c.stage.clone())
                    .unwrap_or_default(),
            )
            .unwrap_or(&STAGES[7]);
            let doc = json!({"title": m.title});
            writing::apply_manuscript(&env, s, stage, &doc, true, ops)?;
            restored += 1;
        }
    }
    Ok(restored)
}

/// Rebuilds session `id` from its journal, keeping the damaged file beside it.
fn rebuild(
    root: &Path,
    id: &str,
    progress: &dyn Fn(u64, u64, &str),
    ops: &dyn ManuscriptOps,
) -> Result<(Session, Vec<StepResult>)> {
    let manifest_path = root.join(format!("{}/manifest.json", session::writes_dir(id)));
    let text = read_text(&manifest_path).ok_or_else(|| {
        Error::new(
            Code::QC005,
            format!("セッション {id} を再構築できません: 記録（manifest.json）がありません"),
        )
        .at(&manifest_path, None)
        .hint("セッションファイルを手で直すか、退避して noveler write EP --new で始め直してください。")
    })?;
    let m: Value = serde_json::from_str(&text).map_err(|e| {
        Error::new(Code::QC005, format!("記録 manifest.json が読めません: {e}"))
            .at(&manifest_path, None)
    })?;
    let ep = m.get("episode").and_then(Value::as_u64).unwrap_or(0) as u32;
    let created = m
        .get("created_at")
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(writing::now);
    let mut s = Session::new(id.to_string(), ep, &created);
    if let Some(o) = m.get("options") {
        if let Ok(opts) = serde_json::from_value(o.clone()) {
            s.options = opts;
        }
    }
    let env = Env::for_session(root, &s)?;
    for d in &env.docs {
        s.artifacts.push(d.store(root, ep, false)?);
    }
    let results = replay(root, &mut s, 1, false, progress, ops)?;
    let damaged = session::path_of(root, id);
    if damaged.is_file() {
        let stamp = writing::now_digits();
        let aside = damaged.with_file_name(format!("{id}.yaml.corrupt-{stamp}"));
        std::fs::rename(&damaged, &aside).map_err(|e| Error::io(&damaged, &e))?;
    }
    s.last_updated = writing::now();
    session::save(root, &s)?;
    Ok((s, results))
}

/// The session recovery works on: `id`, else the episode's damaged or in-progress session
/// (the newest).
enum Target {
    Ok(Box<Session>),
    Corrupt(String),
    None,
}

fn target(root: &Path, ep: u32, id: Option<&str>) -> Result<Target> {
    if let Some(id) = id {
        return match session::load(root, id) {
            Ok(s) if s.episode != ep => Err(Error::new(
                Code::U001,
                format!("セッション {id} は第{}話のものです", s.episode),
            )),
            Ok(s) => Ok(Target::Ok(Box::new(s))),
            Err(e) if e.code == Code::QC005 => Ok(Target::Corrupt(id.to_string())),
            Err(e) => Err(e),
        };
    }
    let mut found = Target::None;
    let mut latest = None;
    for l in session::list(root) {
        match l {
            Listed::Corrupt { id, episode, .. } if episode == Some(ep) => {
                found = Target::Corrupt(id)
            }
            Listed::Ok(s)
                if s.episode == ep
                    && s.status == SessionStatus::InProgress
                    && !matches!(found, Target::Corrupt(_)) =>
            {
                found = Target::Ok(s)
            }
            Listed::Ok(s) if s.episode == ep => latest = Some(s),
            _ => {}
        }
    }
    // Nothing in progress or damaged: the episode's latest session (e.g. a completed one).
    match (found, latest) {
        (Target::None, Some(s)) => Ok(Target::Ok(s)),
        (found, _) => Ok(found),
    }
}

/// Repairs what can be repaired for episode `ep` (rebuild, replay, restore). In a dry run
/// nothing is written and the actions say what would be done.
pub fn repair(
    root: &Path,
    ep: u32,
    id: Option<&str>,
    dry_run: bool,
    progress: &dyn Fn(u64, u64, &str),
    ops: &dyn ManuscriptOps,
) -> Result<(Vec<RecoveryAction>, Option<Session>)> {
    let mut actions = Vec::new();
    match target(root, ep, id)? {
        Target::None => Ok((actions, None)),
        Target::Corrupt(sid) => {
            if dry_run || !has_manifest(root, &sid) {
                if !has_manifest(root, &sid) {
                    return Err(session::load(root, &sid).err().unwrap_or_else(|| {
                        Error::new(Code::QC005, format!("セッション {sid} が壊れています"))
                    }));
                }
                actions.push(RecoveryAction {
                    kind: "session_rebuilt".into(),
                    message: format!("壊れたセッションファイル {sid}.yaml を記録から再構築します"),
                    session_id: sid,
                    applied: false,
                });
                return Ok((actions, None));
            }
            let (s, results) = rebuild(root, &sid, progress, ops)?;
            let replayed = results.iter().filter(|r| r.status == "resumed").count();
            actions.push(RecoveryAction {
                kind: "session_rebuilt".into(),
                message: format!(
                    "壊れたセッションファイルを {sid}.yaml.corrupt-* として残し、記録から再構築しました（{replayed}段階を再適用。フィードバック履歴は復元できません）"
                ),
                session_id: sid,
                applied: true,
            });
            Ok((actions, Some(s)))
        }
        Target::Ok(s) => {
            let mut s = *s;
            let ahead = journal_ahead(root, &s);
            let missing = missing_artifacts(root, &s);
            if dry_run {
                if !ahead.is_empty() {
                    actions.push(RecoveryAction {
                        kind: "outputs_replayed".into(),
                        message: format!(
                            "記録にあってセッションにない提出（STEP{}）を再適用します",
                            ahead
                                .iter()
                                .map(|a| a.number.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        session_id: s.session_id.clone(),
                        applied: false,
                    });
                }
                if !missing.is_empty() {
                    actions.push(RecoveryAction {
                        kind: "artifacts_restored".into(),
                        message: format!(
                            "失われたアーティファクト {} 件を保存し直します",
                            missing.len()
                        ),
                        session_id: s.session_id.clone(),
                        applied: false,
                    });
                }
                return Ok((actions, Some(s)));
            }
            if !ahead.is_empty() {
                let from = ahead.iter().map(|a| a.number).min().unwrap_or(1);
                let results = replay(root, &mut s, from, true, progress, ops)?;
                let resumed: Vec<String> = results
                    .iter()
                    .filter(|r| r.status == "resumed")
                    .map(|r| r.step.to_string())
                    .collect();
                if !resumed.is_empty() {
                    actions.push(RecoveryAction {
                        kind: "outputs_replayed".into(),
                        message: format!(
                            "記録にあってセッションになかった提出（STEP{}）を再適用しました",
                            resumed.join(", ")
                        ),
                        session_id: s.session_id.clone(),
                        applied: true,
                    });
                }
            }
            let restored = restore_artifacts(root, &mut s, ops)?;
            if restored > 0 {
                actions.push(RecoveryAction {
                    kind: "artifacts_restored".into(),
                    message: format!("失われたアーティファクト {restored} 件を保存し直しました"),
                    session_id: s.session_id.clone(),
                    applied: true,
                });
            }
            if !actions.is_empty() {
                s.last_updated = writing::now();
                session::save(root, &s)?;
            }
            Ok((actions, Some(s)))
        }
    }
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
    /// `prompt` (the step's prompt was rendered) or `submitted`.
    pub action: String,
    pub stage: Option<writing::StagePrompt>,
    pub submission: Option<writing::SubmitOutcome>,
    pub progress: Progress,
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

/// What `execute_step` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct StepCall {
    pub episode: u32,
    pub step: u32,
    pub session_id: Option<String>,
    /// The step's output; without it the step's prompt is rendered.
    pub submission: Option<Payload>,
    pub feedback: Option<String>,
    pub dry_run: bool,
}

/// Runs a step after repairing what can be repaired: renders its prompt, or accepts the
/// submission for it.
pub fn execute_step(
    root: &Path,
    call: StepCall,
    progress: &dyn Fn(u64, u64, &str),
    ops: &dyn ManuscriptOps,
) -> Result<ExecuteOutcome> {
    let StepCall {
        episode: ep,
        step,
        session_id,
        submission,
        feedback,
        dry_run,
    } = call;
    let session_id = session_id.as_deref();
    let stage = stages::by_number(step).ok_or_else(|| stages::invalid_stage(&step.to_string()))?;
    let (actions, repaired) = if dry_run {
        repair(root, ep, session_id, true, progress, ops)?
    } else {
        io::with_episode_lock(root, ep, || {
            repair(root, ep, session_id, false, progress, ops)
        })?
    };
    let sid = session_id
        .map(str::to_string)
        .or_else(|| repaired.as_ref().map(|s| s.session_id.clone()));
    let recovery_applied = actions.iter().any(|a| a.applied);
    match submission {
        Some(payload) => {
            let out = writing::submit(
                root,
                &SubmitOptions {
                    episode: ep,
                    session_id: sid,
                    stage: Some(stage),
                    payload,
                    source: None,
                    feedback,
                    dry_run,
                },
                ops,
            )?;
            Ok(ExecuteOutcome {
                execution_method: EXECUTION_METHOD.into(),
                episode: ep,
                step: stage.number,
                session_id: out.session_id.clone(),
                dry_run,
                recovery_applied,
                recovery_actions: actions,
                action: "submitted".into(),
                stage: None,
                progress: out.progress.clone(),
                next_step: out.next_step,
                suggested_actions: out.suggested_actions.clone(),
                warnings: out.warnings.clone(),
                submission: Some(out),
            })
        }
        None => {
            let out = writing::show(
                root,
                &OpenOptions {
                    episode: ep,
                    session_id: sid,
                    dry_run,
                    ..Default::default()
                },
                Some(stage),
            )?;
            Ok(ExecuteOutcome {
                execution_method: EXECUTION_METHOD.into(),
                episode: ep,
                step: stage.number,
                session_id: out.session_id.clone(),
                dry_run,
                recovery_applied,
                recovery_actions: actions,
                action: "prompt".into(),
                stage: out.stage,
                submission: None,
                progress: out.progress,
                next_step: out.next_step,
                suggested_actions: out.suggested_actions,
                warnings: out.warnings,
            })
        }
    }
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
pub fn resume_from_partial_failure(
    root: &Path,
    ep: u32,
    recovery_point: u32,
    session_id: Option<&str>,
    progress: &dyn Fn(u64, u64, &str),
    ops: &dyn ManuscriptOps,
) -> Result<ResumeFailureOutcome> {
    if recovery_point > u32::from(STAGES.len() as u8) {
        return Err(stages::invalid_stage(&recovery_point.to_string()));
    }
    io::with_episode_lock(root, ep, || {
        let (actions, s) = match target(root, ep, session_id)? {
            Target::Corrupt(_) => {
                let (a, s) = repair(root, ep, session_id, false, progress, ops)?;
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
        let results = replay(root, &mut s, from, false, progress, ops)?;
        s.last_updated = writing::now();
        session::save(root, &s)?;
        let resumed_steps: Vec<u8> = results
            .iter()
            .filter(|r| r.status == "resumed")
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
        if results.iter().any(|r| r.status == "failed") {
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

/// A recorded file of noveler's own state as UTF-8 text (`store::text::read_internal`);
/// `None` when it is missing, refused or not UTF-8.
fn read_text(path: &Path) -> Option<String> {
    let bytes = crate::store::text::read_internal(path).ok()??;
    String::from_utf8(bytes).ok()
}
