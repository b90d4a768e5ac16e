//! Repair: replay the journal, rebuild a damaged session, restore lost artifacts.

use super::*;

/// What a recovery did (or, in a dry run, would do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecoveryKind {
    /// A damaged session file rebuilt from the journal.
    SessionRebuilt,
    /// Submissions in the journal but not in the session applied again.
    OutputsReplayed,
    /// Lost artifacts stored again.
    ArtifactsRestored,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RecoveryAction {
    /// `session_rebuilt`, `outputs_replayed`, `artifacts_restored`.
    pub kind: RecoveryKind,
    pub message: String,
    pub session_id: String,
    /// False in a dry run: what would be done.
    pub applied: bool,
}

/// What replaying one stage did: `resumed` (replayed from the journal),
/// `already_completed`, `pending` (no output yet: the agent's turn), `failed` (the logged
/// output no longer validates), `not_attempted` (after a failure or a gap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReplayStatus {
    Resumed,
    AlreadyCompleted,
    Pending,
    Failed,
    NotAttempted,
}

impl ReplayStatus {
    /// The JSON word.
    pub fn as_str(self) -> &'static str {
        match self {
            ReplayStatus::Resumed => "resumed",
            ReplayStatus::AlreadyCompleted => "already_completed",
            ReplayStatus::Pending => "pending",
            ReplayStatus::Failed => "failed",
            ReplayStatus::NotAttempted => "not_attempted",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepResult {
    pub step: u8,
    pub stage: String,
    pub status: ReplayStatus,
    pub message: String,
    pub quality_score: Option<f64>,
}

/// Replays the journal of `s` for stages numbered `from` and up. With `only_unrecorded`,
/// stages the session already records identically are left alone.
pub(super) fn replay(
    root: &Path,
    s: &mut Session,
    from: u8,
    only_unrecorded: bool,
    progress: &dyn Fn(u64, u64, &str),
    ctx: &Ctx,
) -> Result<Vec<StepResult>> {
    let env = Env::for_session(&ProjectCtx::new(root), &writing::Sessions::new(root), s)?;
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
        if let Some(why) = &stop {
            results.push(result(st, ReplayStatus::NotAttempted, why.clone(), None));
            continue;
        }
        let (done, stopped) =
            replay_stage(root, &env, s, st, only_unrecorded, last_manuscript, ctx)?;
        results.push(done);
        if stopped.is_some() {
            stop = stopped;
        }
    }
    progress(total, total, "done");
    Ok(results)
}

fn result(st: &StageDef, status: ReplayStatus, message: String, q: Option<f64>) -> StepResult {
    StepResult {
        step: st.number,
        stage: st.id.into(),
        status,
        message,
        quality_score: q,
    }
}

/// One stage replayed from its record: validated against the stage's output format, stored,
/// its manuscript applied (only the last stage's, checked) and recorded in the session.
/// With the result, why the stages after it are not attempted, when they are not.
fn replay_stage(
    root: &Path,
    env: &Env,
    s: &mut Session,
    st: &'static StageDef,
    only_unrecorded: bool,
    last_manuscript: Option<u8>,
    ctx: &Ctx,
) -> Result<(StepResult, Option<String>)> {
    let result = |status, message, q| result(st, status, message, q);
    let rel = output_rel(&s.session_id, st);
    let path = root.join(&rel);
    if !path.is_file() {
        return Ok(unrecorded(s, st));
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
        let q = s.stage_outputs.get(st.id).and_then(|o| o.quality_score);
        let done = "セッションの記録と一致しています".into();
        return Ok((result(ReplayStatus::AlreadyCompleted, done, q), None));
    }
    let doc: Value = match serde_json::from_str(&body) {
        Ok(v) => v,
        Err(e) => {
            let failed = result(
                ReplayStatus::Failed,
                format!("記録が JSON として読めません: {e}"),
                None,
            );
            let stop = format!("STEP{} の記録が壊れているため", st.number);
            return Ok((failed, Some(stop)));
        }
    };
    let t = templates::load(root, &st.template_name())?;
    let violations = crate::workflow::schema::validate(&t.doc.output_schema, &doc);
    if let Some(v) = violations.first() {
        let failed = result(
            ReplayStatus::Failed,
            format!("記録が現在の出力形式に合いません: {} {}", v.path, v.message),
            None,
        );
        let stop = format!("STEP{} の記録が出力形式に合わないため", st.number);
        return Ok((failed, Some(stop)));
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
        &ctx.clock,
    )?;
    let mut warnings = Vec::new();
    let mut quality = None;
    if st.writes_manuscript() {
        if Some(st.number) == last_manuscript {
            let m = writing::apply_manuscript(env, s, st, &doc, true, ctx)?;
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
                .unwrap_or_else(|| writing::now(&ctx.clock)),
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
    Ok((result(ReplayStatus::Resumed, message, quality), None))
}

/// A stage without a record: completed or skipped in the session, else pending (and the
/// stages after it are not attempted).
fn unrecorded(s: &Session, st: &StageDef) -> (StepResult, Option<String>) {
    if s.is_completed(st) {
        let q = s.stage_outputs.get(st.id).and_then(|o| o.quality_score);
        let done = "記録ファイルはありませんがセッションでは完了しています".into();
        (result(st, ReplayStatus::AlreadyCompleted, done, q), None)
    } else if s.is_skipped(st) {
        let done = "省略された段階です".into();
        (result(st, ReplayStatus::AlreadyCompleted, done, None), None)
    } else {
        let pending = result(
            st,
            ReplayStatus::Pending,
            "提出がまだありません".into(),
            None,
        );
        (pending, Some(format!("STEP{} が未提出のため", st.number)))
    }
}

/// Restores artifacts the session references but the store lost; returns how many.
pub(super) fn restore_artifacts(root: &Path, s: &mut Session, ctx: &Ctx) -> Result<usize> {
    let missing = missing_artifacts(root, s);
    if missing.is_empty() {
        return Ok(0);
    }
    let env = Env::for_session(&ProjectCtx::new(root), &writing::Sessions::new(root), s)?;
    let mut restored = 0;
    for d in &env.docs {
        if missing.contains(&d.artifact_id()) {
            d.store(root, s.episode, false, &ctx.clock)?;
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
            if let Some(body) = super::read_text(&root.join(&file)) {
                if io::artifact_id(&body) == id {
                    io::store_artifact(
                        root,
                        &body,
                        "json",
                        Some(&file),
                        "執筆段階の成果物（復旧）",
                        &[],
                        &ctx.clock,
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
                        &ctx.clock,
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
            writing::apply_manuscript(&env, s, stage, &doc, true, ctx)?;
            restored += 1;
        }
    }
    Ok(restored)
}

/// Rebuilds session `id` from its journal, keeping the damaged file beside it.
pub(super) fn rebuild(
    held: &lock::EpisodeLock,
    root: &Path,
    id: &str,
    progress: &dyn Fn(u64, u64, &str),
    ctx: &Ctx,
) -> Result<(Session, Vec<StepResult>)> {
    let manifest_path = root.join(format!("{}/manifest.json", session::writes_dir(id)));
    let text = super::read_text(&manifest_path).ok_or_else(|| {
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
        .unwrap_or_else(|| writing::now(&ctx.clock));
    let mut s = Session::new(id.to_string(), ep, &created);
    if let Some(o) = m.get("options") {
        if let Ok(opts) = serde_json::from_value(o.clone()) {
            s.options = opts;
        }
    }
    let env = Env::for_session(&ProjectCtx::new(root), &writing::Sessions::new(root), &s)?;
    for d in &env.docs {
        s.artifacts.push(d.store(root, ep, false, &ctx.clock)?);
    }
    let results = replay(root, &mut s, 1, false, progress, ctx)?;
    let damaged = session::path_of(root, id);
    if damaged.is_file() {
        let stamp = writing::now_digits(&ctx.clock);
        let aside = damaged.with_file_name(format!("{id}.yaml.corrupt-{stamp}"));
        crate::store::disk::rename(&damaged, &aside)?;
    }
    s.last_updated = writing::now(&ctx.clock);
    session::save(held, root, &s)?;
    Ok((s, results))
}

/// The session recovery works on: `id`, else the episode's damaged or in-progress session
/// (the newest).
pub(super) enum Target {
    Ok(Box<Session>),
    Corrupt(String),
    None,
}

pub(super) fn target(root: &Path, ep: u32, id: Option<&str>) -> Result<Target> {
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

/// Repairs what can be repaired for episode `ep` (rebuild, replay, restore), under the
/// episode's writer lock (`held`). In a dry run (`held` is none) nothing is written and the
/// actions say what would be done.
pub fn repair(
    root: &Path,
    ep: u32,
    id: Option<&str>,
    held: Option<&lock::EpisodeLock>,
    progress: &dyn Fn(u64, u64, &str),
    ctx: &Ctx,
) -> Result<(Vec<RecoveryAction>, Option<Session>)> {
    let mut actions = Vec::new();
    match target(root, ep, id)? {
        Target::None => Ok((actions, None)),
        Target::Corrupt(sid) => {
            let held = match held {
                Some(held) if has_manifest(root, &sid) => held,
                _ => {
                    if !has_manifest(root, &sid) {
                        return Err(session::load(root, &sid).err().unwrap_or_else(|| {
                            Error::new(Code::QC005, format!("セッション {sid} が壊れています"))
                        }));
                    }
                    actions.push(RecoveryAction {
                        kind: RecoveryKind::SessionRebuilt,
                        message: format!(
                            "壊れたセッションファイル {sid}.yaml を記録から再構築します"
                        ),
                        session_id: sid,
                        applied: false,
                    });
                    return Ok((actions, None));
                }
            };
            let (s, results) = rebuild(held, root, &sid, progress, ctx)?;
            let replayed = results
                .iter()
                .filter(|r| r.status == ReplayStatus::Resumed)
                .count();
            actions.push(RecoveryAction {
                kind: RecoveryKind::SessionRebuilt,
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
            let Some(held) = held else {
                if !ahead.is_empty() {
                    actions.push(RecoveryAction {
                        kind: RecoveryKind::OutputsReplayed,
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
                        kind: RecoveryKind::ArtifactsRestored,
                        message: format!(
                            "失われたアーティファクト {} 件を保存し直します",
                            missing.len()
                        ),
                        session_id: s.session_id.clone(),
                        applied: false,
                    });
                }
                return Ok((actions, Some(s)));
            };
            if !ahead.is_empty() {
                let from = ahead.iter().map(|a| a.number).min().unwrap_or(1);
                let results = replay(root, &mut s, from, true, progress, ctx)?;
                let resumed: Vec<String> = results
                    .iter()
                    .filter(|r| r.status == ReplayStatus::Resumed)
                    .map(|r| r.step.to_string())
                    .collect();
                if !resumed.is_empty() {
                    actions.push(RecoveryAction {
                        kind: RecoveryKind::OutputsReplayed,
                        message: format!(
                            "記録にあってセッションになかった提出（STEP{}）を再適用しました",
                            resumed.join(", ")
                        ),
                        session_id: s.session_id.clone(),
                        applied: true,
                    });
                }
            }
            let restored = restore_artifacts(root, &mut s, ctx)?;
            if restored > 0 {
                actions.push(RecoveryAction {
                    kind: RecoveryKind::ArtifactsRestored,
                    message: format!("失われたアーティファクト {restored} 件を保存し直しました"),
                    session_id: s.session_id.clone(),
                    applied: true,
                });
            }
            if !actions.is_empty() {
                s.last_updated = writing::now(&ctx.clock);
                session::save(held, root, &s)?;
            }
            Ok((actions, Some(s)))
        }
    }
}
