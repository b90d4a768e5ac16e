//! Submissions: parse, validate, record, apply the manuscript, advance.

use super::*;
use crate::next::NextStep;

// Submissions.

#[derive(Debug, Clone)]
pub struct SubmitOptions {
    pub episode: u32,
    pub session_id: Option<String>,
    /// Defaults to the session's current stage.
    pub stage: Option<&'static StageDef>,
    /// The output and the author's feedback on it.
    pub submission: Submission,
    /// Validate only; nothing is written.
    pub dry_run: bool,
    /// Criteria of the plan the author waives (`criteria::check_waivers` ids), recorded in
    /// the session with this stage.
    pub waive: Vec<String>,
}

/// Turns a payload into the JSON document validated against the stage's schema.
pub(crate) fn parse_payload(
    payload: &Payload,
    stage: &StageDef,
    default_title: &str,
) -> Result<(Value, Vec<String>)> {
    let text = match payload.body() {
        Body::Doc(v) => return Ok((v.clone(), Vec::new())),
        Body::Text(t) => t,
    };
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        if v.is_object() {
            return Ok((v, Vec::new()));
        }
    }
    let looks_json = trimmed.starts_with('{') || trimmed.starts_with('[');
    if !looks_json {
        if let Ok(v) = crate::project::yaml::from_str::<Value>(trimmed) {
            if v.is_object() {
                return Ok((v, Vec::new()));
            }
        }
    }
    if stage.number == 8 && !looks_json && !trimmed.is_empty() {
        return Ok((
            json!({"title": default_title, "manuscript": text}),
            vec![format!(
                "本文のみの提出として受け取りました（タイトル「{default_title}」はプロットから）"
            )],
        ));
    }
    let why = serde_json::from_str::<Value>(trimmed)
        .err()
        .map(|e| format!("JSON: {e}"))
        .unwrap_or_else(|| "オブジェクトではありません".into());
    Err(Error::new(
        Code::U006,
        format!("STEP{} の提出内容を JSON オブジェクトとして読めません（{why}）", stage.number),
    )
    .hint("出力形式（JSON Schema）に合う JSON オブジェクトを一つだけ提出してください。YAML でもかまいません。")
    .details(json!({"violations": [{"path": "", "message": why}], "step": stage.number, "stage": stage.id})))
}

fn violation_error(
    s: &Session,
    stage: &StageDef,
    v: &[Violation],
    rejected_file: Option<&str>,
) -> Error {
    let first = &v[0];
    let at = if first.path.is_empty() {
        "（全体）"
    } else {
        first.path.as_str()
    };
    let more = if v.len() > 1 {
        format!("（ほか{}件）", v.len() - 1)
    } else {
        String::new()
    };
    Error::new(
        Code::U006,
        format!(
            "STEP{}（{}）の提出内容が出力形式に合いません: {at} {}{more}",
            stage.number, stage.title, first.message
        ),
    )
    .hint(format!(
        "details.violations の各 path を直して再提出してください。出力形式は noveler write {} --session {} --step {} で確認できます。",
        s.episode, s.session_id, stage.number
    ))
    .suggest(format!(
        "noveler write submit {} --session {} --stage {} --file <直した出力>",
        s.episode, s.session_id, stage.number
    ))
    .details(json!({
        "violations": v,
        "step": stage.number,
        "stage": stage.id,
        "session_id": s.session_id,
        "rejected_file": rejected_file,
    }))
}

fn scene_numbers(s: &Session, root: &Path) -> Option<Vec<i64>> {
    let o = s.stage_outputs.get("analyze_plot_structure")?;
    let bytes = crate::store::text::read_internal(&root.join(&o.output_file)).ok()??;
    let v: Value = serde_json::from_slice(&bytes).ok()?;
    Some(
        v.get("scenes")?
            .as_array()?
            .iter()
            .filter_map(|sc| sc.get("number").and_then(Value::as_i64))
            .collect(),
    )
}

/// Soft checks beyond the schema: reported as warnings, never blocking.
pub(crate) fn stage_warnings(env: &Env, s: &Session, stage: &StageDef, doc: &Value) -> Vec<String> {
    let mut w = Vec::new();
    let scenes_known = if stage.number == 2 {
        doc.get("scenes").and_then(Value::as_array).map(|a| {
            a.iter()
                .filter_map(|sc| sc.get("number").and_then(Value::as_i64))
                .collect::<Vec<_>>()
        })
    } else {
        scene_numbers(s, &env.root)
    };
    if stage.number == 2 {
        let total: i64 = doc
            .get("scenes")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|sc| sc.get("target_chars").and_then(Value::as_i64))
                    .sum()
            })
            .unwrap_or(0);
        let (min, max) = (env.info.target_min as i64, env.info.target_max as i64);
        if total < min || total > max {
            w.push(format!(
                "場面の字数の合計 {total} 字が目標 {min}〜{max} 字から外れています"
            ));
        }
    }
    if let Some(known) = scenes_known.filter(|k| !k.is_empty()) {
        let mut refs: Vec<(String, i64)> = Vec::new();
        collect_scene_refs(doc, "", &mut refs);
        for (path, n) in refs {
            if !known.contains(&n) {
                w.push(format!("{path}: 場面 {n} は STEP2 の場面にありません"));
            }
        }
    }
    w
}

fn collect_scene_refs(v: &Value, path: &str, out: &mut Vec<(String, i64)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{path}/{}", schema::escape(k));
                if k == "scene" {
                    if let Some(n) = x.as_i64() {
                        out.push((p.clone(), n));
                    }
                }
                collect_scene_refs(x, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                collect_scene_refs(x, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Which stages may take a submission now: the current one, any already completed (a
/// redo), or a later one whose predecessors are all done or skipped.
fn check_order(s: &Session, stage: &StageDef) -> Result<()> {
    if s.status == SessionStatus::Completed {
        return Err(Error::new(
            Code::QC001,
            format!("セッション {} は完了しています", s.session_id),
        )
        .hint(format!(
            "原稿は確定済みです。書き直すときは新しいセッションを始めてください: noveler write {} --new",
            s.episode
        ))
        .suggest(format!("noveler write {} --new", s.episode)));
    }
    if s.status == SessionStatus::Abandoned {
        return Err(Error::new(
            Code::QC001,
            format!("セッション {} は中止されています", s.session_id),
        )
        .suggest(format!(
            "noveler write resume {} --session {}",
            s.episode, s.session_id
        )));
    }
    let missing: Vec<&StageDef> = STAGES[..usize::from(stage.number) - 1]
        .iter()
        .filter(|p| !s.is_completed(p) && !s.is_skipped(p))
        .collect();
    if let Some(first) = missing.first() {
        return Err(Error::new(
            Code::QC003,
            format!(
                "STEP{}（{}）はまだ提出できません。先に STEP{}（{}）を完了してください",
                stage.number, stage.title, first.number, first.title
            ),
        )
        .hint("段階は順に進みます。noveler write status で現在の段階を確認できます。")
        .suggest(format!(
            "noveler write {} --session {} --step {}",
            s.episode, s.session_id, first.number
        ))
        .details(json!({
            "current_stage": s.current_stage,
            "missing_stages": missing.iter().map(|m| m.id).collect::<Vec<_>>(),
        })));
    }
    Ok(())
}

/// Accepts a submission for a stage; the manuscript of stages 8–10 is written and checked
/// with the call's `ctx` (`operations::write`, `operations::check`).
pub fn submit(opts: &SubmitOptions, ctx: &Ctx) -> Result<SubmitOutcome> {
    let root = &ctx.root;
    // The project is loaded (once) where the submission first needs it.
    let pc = ProjectCtx::new(root);
    if opts.dry_run {
        return submit_locked(None, &pc, &mut Sessions::new(root), opts, ctx, &mut None);
    }
    lock::with_episode_lock(root, opts.episode, lock::Scope::Writing, |held| {
        submit_locked(
            Some(held),
            &pc,
            &mut Sessions::new(root),
            opts,
            ctx,
            &mut None,
        )
    })
}

fn session_for_submit(sessions: &Sessions, opts: &SubmitOptions) -> Result<Session> {
    match &opts.session_id {
        Some(id) => {
            let s = sessions.load(id)?;
            if s.episode != opts.episode {
                return Err(wrong_episode(&s, opts.episode));
            }
            if s.status == SessionStatus::InProgress {
                if let Some(active) = sessions.find_active(opts.episode)? {
                    if active.session_id != s.session_id {
                        return Err(second_writer(opts.episode, &active));
                    }
                }
            }
            Ok(s)
        }
        None => sessions.find_active(opts.episode)?.ok_or_else(|| {
            Error::new(
                Code::U005,
                format!("第{}話に進行中の執筆セッションがありません", opts.episode),
            )
            .hint("noveler write EP でセッションを始め、表示された session_id を --session に渡してください。")
            .suggest(format!("noveler write {}", opts.episode))
        }),
    }
}

/// `env` receives the episode context the submission built, for a show after it. `held`:
/// the writer lock (none in a dry run, which writes nothing). The steps, in the order the
/// module doc lists: the stage and its template (`stage_to_submit`), validate
/// (`Submitting::validated`), log (`journal`), manuscript + check for stages 8–10
/// (`apply_manuscript`, `criteria::for_submission`), advance (`record_output`); each
/// step reads the session read inside the lock.
pub(super) fn submit_locked(
    held: Option<&lock::EpisodeLock>,
    pc: &ProjectCtx,
    sessions: &mut Sessions,
    opts: &SubmitOptions,
    ctx: &Ctx,
    env: &mut Option<Env>,
) -> Result<SubmitOutcome> {
    // The witness is the lock of this episode (its session, logs and manuscript), checked
    // before anything is read or written.
    if let Some(held) = held {
        held.covers(opts.episode, lock::Scope::Writing)?;
    }
    let root = pc.root();
    let mut s = session_for_submit(sessions, opts)?;
    let stage = stage_to_submit(&s, opts)?;
    check_order(&s, stage)?;
    let env: &Env = env.insert(Env::for_session(pc, sessions, &s)?);
    let plan = criteria::plan_of(root, &s);
    let band = (env.info.target_min, env.info.target_max);
    criteria::check_waivers(&plan, band, &opts.waive)?;
    let title = env.title(Some(&s));
    let submitting = Submitting {
        writer: held.filter(|_| !opts.dry_run),
        root,
        stage,
        template: templates::load(root, &stage.template_name())?,
        dir: session::writes_dir(&s.session_id),
        clock: &ctx.clock,
    };
    let attempts = s.stage_outputs.get(stage.id).map_or(0, |o| o.attempts)
        + s.prompts.get(stage.id).map_or(0, |p| p.rejected)
        + 1;
    let (doc, mut warnings) = submitting.validated(sessions, &mut s, opts, &title)?;
    warnings.extend(stage_warnings(env, &s, stage, &doc));
    if let Some(p) = s.prompts.get(stage.id) {
        let t = &submitting.template;
        if p.template.sha256 != t.sha256 {
            warnings.push(format!(
                "プロンプト発行後にテンプレートが変わりました（{} → {}）。現在のテンプレートで検証しました",
                p.template.version, t.doc.version
            ));
        }
    }
    let output_file = format!("{}/{}.output.json", submitting.dir, stage.stem());
    let body = serde_json::to_string_pretty(&doc).unwrap_or_default();
    let accepted = Accepted {
        artifact_id: io::artifact_id(&body),
        execution_time: s
            .prompts
            .get(stage.id)
            .and_then(|p| seconds_since(&ctx.clock, &p.issued_at)),
        attempts,
    };
    let Some(held) = submitting.writer else {
        return Ok(preview(&s, stage, accepted, warnings));
    };
    // The stage's log, the episode's manuscripts and the session change together: they
    // are journaled (`store::journal`), so a kill before the session is saved is rolled
    // back by the next command, and an error half-way (a full disk) rolls back at once.
    let change = change_journal(env, &s, stage, &doc, &output_file, &ctx.clock)?;
    // Journal first: a crash after this line is recoverable from the log.
    let written = journal(root, &s, stage, &output_file, &body, &ctx.clock)?;
    let manuscript = if stage.writes_manuscript() {
        Some(apply_manuscript(env, &mut s, stage, &doc, true, ctx)?)
    } else {
        None
    };
    // The plan's promises, measured on the manuscript as saved; stage 10 does not end the
    // session while one is unmet and not waived.
    let criteria = match &manuscript {
        Some(m) => {
            criteria::record_waivers(&mut s, &plan, band, &opts.waive, stage, &ctx.clock);
            Some(criteria::for_submission(root, &mut s, &plan, band, m)?)
        }
        None => None,
    };
    let blocked = stage.number == 10 && criteria.as_ref().is_some_and(|c| !c.unmet.is_empty());
    if let Some(c) = &criteria {
        warnings.extend(c.lines());
    }
    // (The length is the plan's first criterion, reported above.)
    warnings.extend(score_drop(&s, stage, manuscript.as_ref()));
    // Artifacts held in memory (an unwritable `.noveler/artifacts/`): the flow goes on.
    let manuscript_ids = manuscript.iter().flat_map(|m| {
        std::iter::once(m.artifact_id.as_str())
            .chain(m.check.iter().map(|c| c.artifact_id.as_str()))
    });
    warnings.extend(crate::workflow::embed::unwritten_warning(
        &crate::store::artifact::shared(root),
        std::iter::once(accepted.artifact_id.as_str()).chain(manuscript_ids),
    ));
    if stage.number == 10 && !blocked {
        store_handoff(root, &s, &doc)?;
    }
    let quality_score = manuscript
        .as_ref()
        .and_then(|m| m.check.as_ref())
        .and_then(|c| c.score);
    let output = StageOutput {
        output_file: output_file.clone(),
        artifact_id: accepted.artifact_id.clone(),
        size_bytes: body.len() as u64,
        execution_time: accepted.execution_time,
        quality_score,
        submitted_at: now(&ctx.clock),
        template: submitting.template.info(),
        attempts,
        warnings: warnings.clone(),
    };
    record_output(&mut s, stage, opts, output, blocked, &ctx.clock);
    sessions.save(held, &s)?;
    change.finish()?;
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress);
    let suggested_actions = after_accept(&s, next, blocked, criteria.as_ref());
    Ok(SubmitOutcome {
        session_id: s.session_id.clone(),
        episode: s.episode,
        dry_run: false,
        step: stage.number,
        stage: stage.id.into(),
        accepted: true,
        output_file: Some(output_file),
        artifact_id: accepted.artifact_id,
        execution_time: accepted.execution_time,
        quality_score,
        attempts,
        manuscript,
        status: s.status,
        progress: Progress::of(&s),
        next_step: next.map(|n| n.number),
        next_stage: next.map(|n| n.id.to_string()),
        suggested_actions,
        warnings,
        criteria,
        written,
    })
}

/// What to do after an accepted submission: what the plan still asks when it blocks the
/// end, else the next stage's prompt, else what a finished session offers.
fn after_accept(
    s: &Session,
    next: Option<&StageDef>,
    blocked: bool,
    criteria: Option<&criteria::CriteriaReport>,
) -> Vec<String> {
    match next {
        Some(_) if blocked => criteria
            .map(|c| criteria::blocked_actions(s, c))
            .unwrap_or_default(),
        Some(n) => vec![NextStep::new("write_stage")
            .arg("episode", s.episode)
            .arg("stage", n.number)
            .arg("session_id", s.session_id.as_str())
            .why("次の段階のプロンプトを取得する")
            .to_wire()],
        None => suggestions(s, None),
    }
}

/// The stage the submission is for: the one named, else the session's current one.
fn stage_to_submit(s: &Session, opts: &SubmitOptions) -> Result<&'static StageDef> {
    match opts.stage {
        Some(st) => Ok(st),
        None => s.next_stage().ok_or_else(|| {
            Error::new(
                Code::QC001,
                format!("セッション {} は完了しています", s.session_id),
            )
        }),
    }
}

/// One stage's submission, as the validation step shares it.
struct Submitting<'a> {
    /// The writer lock; none in a dry run, which records nothing.
    writer: Option<&'a lock::EpisodeLock>,
    root: &'a Path,
    stage: &'static StageDef,
    template: Template,
    /// The session's writes directory (relative to the root).
    dir: String,
    /// The call's clock (a rejection's time).
    clock: &'a Clock,
}

impl Submitting<'_> {
    /// The submitted document, parsed and valid against the stage's schema, with the
    /// parse's notes. A rejected one is logged and counted in the session (not in a dry
    /// run) before the error is returned.
    fn validated(
        &self,
        sessions: &mut Sessions,
        s: &mut Session,
        opts: &SubmitOptions,
        title: &str,
    ) -> Result<(Value, Vec<String>)> {
        let (stage, t) = (self.stage, &self.template);
        let (doc, warnings) = match parse_payload(&opts.submission.payload, stage, title) {
            Ok(x) => x,
            Err(e) => {
                if let Some(held) = self.writer {
                    record_rejection(
                        held,
                        self.root,
                        sessions,
                        s,
                        stage,
                        t,
                        &self.dir,
                        &Value::Null,
                        &e,
                        self.clock,
                    )?;
                }
                return Err(e);
            }
        };
        let violations = schema::validate(&t.doc.output_schema, &doc);
        if violations.is_empty() {
            return Ok((doc, warnings));
        }
        let rejected_file = match self.writer {
            None => None,
            Some(held) => {
                let err = violation_error(s, stage, &violations, None);
                Some(record_rejection(
                    held, self.root, sessions, s, stage, t, &self.dir, &doc, &err, self.clock,
                )?)
            }
        };
        Err(violation_error(
            s,
            stage,
            &violations,
            rejected_file.as_deref(),
        ))
    }
}

/// What an accepted submission is known by before anything is written.
struct Accepted {
    artifact_id: String,
    execution_time: Option<f64>,
    attempts: u32,
}

/// A dry run's outcome: the submission is valid; nothing was written.
fn preview(
    s: &Session,
    stage: &'static StageDef,
    accepted: Accepted,
    warnings: Vec<String>,
) -> SubmitOutcome {
    let mut preview = s.clone();
    preview.complete(stage);
    let next = preview
        .next_stage()
        .filter(|_| preview.status == SessionStatus::InProgress);
    SubmitOutcome {
        session_id: s.session_id.clone(),
        episode: s.episode,
        dry_run: true,
        step: stage.number,
        stage: stage.id.into(),
        accepted: true,
        output_file: None,
        artifact_id: accepted.artifact_id,
        execution_time: accepted.execution_time,
        quality_score: None,
        attempts: accepted.attempts,
        manuscript: None,
        status: s.status,
        progress: Progress::of(s),
        next_step: next.map(|n| n.number),
        next_stage: next.map(|n| n.id.to_string()),
        suggested_actions: vec![opts_cli_submit(s, stage)],
        warnings,
        criteria: None,
        written: Vec::new(),
    }
}

/// The journal of an accepted submission's writes: its output in the log, the session
/// file and, for a stage that writes the manuscript, every manuscript file of the episode.
fn change_journal(
    env: &Env,
    s: &Session,
    stage: &StageDef,
    doc: &Value,
    output_file: &str,
    clock: &crate::store::clock::Clock,
) -> Result<crate::store::journal::Journal> {
    let root = env.root.as_path();
    let mut targets = vec![
        output_file.to_string(),
        crate::store::fileref::shown_path(root, &session::path_of(root, &s.session_id)),
    ];
    if stage.writes_manuscript() {
        targets.extend(
            super::manuscript::touched_by(env, s, doc)
                .iter()
                .map(|p| crate::store::fileref::shown_path(root, p)),
        );
    }
    crate::store::journal::Journal::begin(
        root,
        &format!("write submit {}", stage.stem()),
        &targets,
        clock,
    )
}

/// The stage's output in the session's log, and as an artifact.
fn journal(
    root: &Path,
    s: &Session,
    stage: &StageDef,
    output_file: &str,
    body: &str,
    clock: &Clock,
) -> Result<Vec<crate::store::FileRef>> {
    let output_path = root.join(output_file);
    write_atomic(&output_path, body.as_bytes())?;
    let written = vec![crate::store::FileRef::from_bytes(
        root,
        &output_path,
        body.as_bytes(),
        "stage_output",
    )];
    io::store_artifact(
        root,
        body,
        "json",
        Some(output_file),
        &format!("第{:03}話 STEP{} {}", s.episode, stage.number, stage.title),
        &[
            ("episode", format!("{:03}", s.episode)),
            ("session", s.session_id.clone()),
            ("stage", stage.id.to_string()),
        ],
        clock,
    )?;
    Ok(written)
}

/// A warning when the manuscript's score fell below the last stage's that had one.
fn score_drop(
    s: &Session,
    stage: &StageDef,
    manuscript: Option<&ManuscriptResult>,
) -> Option<String> {
    let c = manuscript?.check.as_ref()?;
    let previous = STAGES[..usize::from(stage.number) - 1]
        .iter()
        .rev()
        .find_map(|p| s.stage_outputs.get(p.id).and_then(|o| o.quality_score));
    match (previous, c.score) {
        (Some(prev), Some(score)) if score < prev => Some(format!(
            "品質スコアが {prev:.1} → {score:.1} に下がりました"
        )),
        _ => None,
    }
}

/// The accepted output in the session: the stage's record, its rejections reset, the
/// author's feedback, and the stage completed unless the plan blocks it.
fn record_output(
    s: &mut Session,
    stage: &StageDef,
    opts: &SubmitOptions,
    output: StageOutput,
    blocked: bool,
    clock: &Clock,
) {
    s.stage_outputs.insert(stage.id.to_string(), output);
    if let Some(p) = s.prompts.get_mut(stage.id) {
        p.rejected = 0;
    }
    if let Some(f) = opts
        .submission
        .feedback
        .as_ref()
        .filter(|f| !f.trim().is_empty())
    {
        s.user_feedback.push(Feedback {
            stage: stage.id.to_string(),
            feedback: f.trim().to_string(),
            timestamp: now(clock),
        });
    }
    if !blocked {
        s.complete(stage);
    }
    s.last_updated = now(clock);
}

fn opts_cli_submit(s: &Session, stage: &StageDef) -> String {
    super::sessions::submit_step(s, stage).to_wire()
}

/// Logs a rejected submission and counts it; returns the log file.
#[allow(clippy::too_many_arguments)]
fn record_rejection(
    held: &lock::EpisodeLock,
    root: &Path,
    sessions: &mut Sessions,
    s: &mut Session,
    stage: &StageDef,
    t: &Template,
    dir: &str,
    doc: &Value,
    err: &Error,
    clock: &Clock,
) -> Result<String> {
    let n = s.prompts.get(stage.id).map_or(0, |p| p.rejected) + 1;
    let file = format!("{dir}/{}.rejected_{n:02}.json", stage.stem());
    write_json(
        root,
        &file,
        &json!({"submitted_at": now(clock), "submission": doc, "error": err.to_json()}),
    )?;
    let entry = s
        .prompts
        .entry(stage.id.to_string())
        .or_insert_with(|| PromptRecord {
            issued_at: now(clock),
            prompt_file: String::new(),
            template: t.info(),
            rejected: 0,
        });
    entry.rejected = n;
    s.last_updated = now(clock);
    sessions.save(held, s)?;
    Ok(file)
}

fn store_handoff(root: &Path, s: &Session, doc: &Value) -> Result<()> {
    let handoff = json!({
        "episode": s.episode,
        "session_id": s.session_id,
        "title": doc.get("title"),
        "episode_summary": doc.get("episode_summary"),
        "next_episode_handoff": doc.get("next_episode_handoff"),
    });
    write_json(
        root,
        &format!("{}/handoff.json", session::writes_dir(&s.session_id)),
        &handoff,
    )
}
