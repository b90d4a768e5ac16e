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
pub fn submit(root: &Path, opts: &SubmitOptions, ctx: &Ctx) -> Result<SubmitOutcome> {
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

// Long on purpose: the whole submission under the episode lock, in the order the module
// doc lists (validate, log, artifact, manuscript + check for stages 8-10, advance); the
// steps share the session read inside the lock.
/// `env` receives the episode context the submission built, for a show after it. `held`:
/// the writer lock (none in a dry run, which writes nothing).
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
    let stage = match opts.stage {
        Some(st) => st,
        None => s.next_stage().ok_or_else(|| {
            Error::new(
                Code::QC001,
                format!("セッション {} は完了しています", s.session_id),
            )
        })?,
    };
    check_order(&s, stage)?;
    let env: &Env = env.insert(Env::for_session(pc, sessions, &s)?);
    let plan = criteria::plan_of(root, &s);
    let band = (env.info.target_min, env.info.target_max);
    criteria::check_waivers(&plan, band, &opts.waive)?;
    let title = env.title(Some(&s));
    let t = templates::load(root, &stage.template_name())?;
    let dir = session::writes_dir(&s.session_id);
    let attempts = s.stage_outputs.get(stage.id).map_or(0, |o| o.attempts)
        + s.prompts.get(stage.id).map_or(0, |p| p.rejected)
        + 1;
    let parsed = parse_payload(&opts.submission.payload, stage, &title);
    let (doc, mut warnings) = match parsed {
        Ok(x) => x,
        Err(e) => {
            if let Some(held) = held.filter(|_| !opts.dry_run) {
                record_rejection(
                    held,
                    root,
                    sessions,
                    &mut s,
                    stage,
                    &t,
                    &dir,
                    &Value::Null,
                    &e,
                )?;
            }
            return Err(e);
        }
    };
    let violations = schema::validate(&t.doc.output_schema, &doc);
    if !violations.is_empty() {
        let rejected_file = match held.filter(|_| !opts.dry_run) {
            None => None,
            Some(held) => {
                let err = violation_error(&s, stage, &violations, None);
                Some(record_rejection(
                    held, root, sessions, &mut s, stage, &t, &dir, &doc, &err,
                )?)
            }
        };
        return Err(violation_error(
            &s,
            stage,
            &violations,
            rejected_file.as_deref(),
        ));
    }
    warnings.extend(stage_warnings(env, &s, stage, &doc));
    if let Some(p) = s.prompts.get(stage.id) {
        if p.template.sha256 != t.sha256 {
            warnings.push(format!(
                "プロンプト発行後にテンプレートが変わりました（{} → {}）。現在のテンプレートで検証しました",
                p.template.version, t.doc.version
            ));
        }
    }
    let output_file = format!("{dir}/{}.output.json", stage.stem());
    let body = serde_json::to_string_pretty(&doc).unwrap_or_default();
    let artifact_id = io::artifact_id(&body);
    let execution_time = s
        .prompts
        .get(stage.id)
        .and_then(|p| seconds_since(&p.issued_at));
    let Some(held) = held.filter(|_| !opts.dry_run) else {
        let mut preview = s.clone();
        preview.complete(stage);
        let next = preview
            .next_stage()
            .filter(|_| preview.status == SessionStatus::InProgress);
        return Ok(SubmitOutcome {
            session_id: s.session_id.clone(),
            episode: s.episode,
            dry_run: true,
            step: stage.number,
            stage: stage.id.into(),
            accepted: true,
            output_file: None,
            artifact_id,
            execution_time,
            quality_score: None,
            attempts,
            manuscript: None,
            status: s.status,
            progress: Progress::of(&s),
            next_step: next.map(|n| n.number),
            next_stage: next.map(|n| n.id.to_string()),
            suggested_actions: vec![opts_cli_submit(&s, stage)],
            warnings,
            criteria: None,
            written: Vec::new(),
        });
    };
    // Journal first: a crash after this line is recoverable from the log.
    let output_path = root.join(&output_file);
    write_atomic(&output_path, body.as_bytes())?;
    let written = vec![crate::store::FileRef::from_bytes(
        root,
        &output_path,
        body.as_bytes(),
        "stage_output",
    )];
    io::store_artifact(
        root,
        &body,
        "json",
        Some(&output_file),
        &format!("第{:03}話 STEP{} {}", s.episode, stage.number, stage.title),
        &[
            ("episode", format!("{:03}", s.episode)),
            ("session", s.session_id.clone()),
            ("stage", stage.id.to_string()),
        ],
    )?;
    let manuscript = if stage.writes_manuscript() {
        Some(apply_manuscript(env, &mut s, stage, &doc, true, ctx)?)
    } else {
        None
    };
    // The plan's promises, measured on the manuscript as saved; stage 10 does not end the
    // session while one is unmet and not waived.
    let criteria = match &manuscript {
        Some(m) => Some(criteria::for_submission(
            root,
            &mut s,
            stage,
            &plan,
            band,
            &opts.waive,
            m,
        )?),
        None => None,
    };
    let blocked = stage.number == 10 && criteria.as_ref().is_some_and(|c| !c.unmet.is_empty());
    if let Some(c) = &criteria {
        warnings.extend(c.lines());
    }
    if let Some(m) = &manuscript {
        // (The length is the plan's first criterion, reported above.)
        if let Some(c) = &m.check {
            let previous = STAGES[..usize::from(stage.number) - 1]
                .iter()
                .rev()
                .find_map(|p| s.stage_outputs.get(p.id).and_then(|o| o.quality_score));
            if let (Some(prev), Some(score)) = (previous, c.score) {
                if score < prev {
                    warnings.push(format!(
                        "品質スコアが {prev:.1} → {score:.1} に下がりました"
                    ));
                }
            }
        }
    }
    if stage.number == 10 && !blocked {
        store_handoff(root, &s, &doc)?;
    }
    let quality_score = manuscript
        .as_ref()
        .and_then(|m| m.check.as_ref())
        .and_then(|c| c.score);
    s.stage_outputs.insert(
        stage.id.to_string(),
        StageOutput {
            output_file: output_file.clone(),
            artifact_id: artifact_id.clone(),
            size_bytes: body.len() as u64,
            execution_time,
            quality_score,
            submitted_at: now(),
            template: t.info(),
            attempts,
            warnings: warnings.clone(),
        },
    );
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
            timestamp: now(),
        });
    }
    if !blocked {
        s.complete(stage);
    }
    s.last_updated = now();
    sessions.save(held, &s)?;
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress);
    let suggested_actions = match next {
        Some(_) if blocked => criteria
            .as_ref()
            .map(|c| criteria::blocked_actions(&s, c))
            .unwrap_or_default(),
        Some(n) => vec![NextStep::new("write_stage")
            .arg("episode", s.episode)
            .arg("stage", n.number)
            .arg("session_id", s.session_id.as_str())
            .why("次の段階のプロンプトを取得する")
            .to_wire()],
        None => suggestions(&s, None),
    };
    Ok(SubmitOutcome {
        session_id: s.session_id.clone(),
        episode: s.episode,
        dry_run: false,
        step: stage.number,
        stage: stage.id.into(),
        accepted: true,
        output_file: Some(output_file),
        artifact_id,
        execution_time,
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
) -> Result<String> {
    let n = s.prompts.get(stage.id).map_or(0, |p| p.rejected) + 1;
    let file = format!("{dir}/{}.rejected_{n:02}.json", stage.stem());
    write_json(
        root,
        &file,
        &json!({"submitted_at": now(), "submission": doc, "error": err.to_json()}),
    )?;
    let entry = s
        .prompts
        .entry(stage.id.to_string())
        .or_insert_with(|| PromptRecord {
            issued_at: now(),
            prompt_file: String::new(),
            template: t.info(),
            rejected: 0,
        });
    entry.rejected = n;
    s.last_updated = now();
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

/// The manuscript text as saved: a heading when the submission has none, and the
/// `文字数:` trailer of the episode template refreshed.
pub(crate) fn normalize_manuscript(text: &str, ep: u32, title: &str) -> String {
    let mut body = crate::analysis::Source::new(text).text;
    // Drop an old trailer (`---` followed only by `key: value` lines).
    let lines: Vec<&str> = body.lines().collect();
    if let Some(pos) = lines.iter().rposition(|l| l.trim() == "---") {
        let tail = &lines[pos + 1..];
        let meta = tail.iter().all(|l| {
            let l = l.trim();
            l.is_empty() || l.contains(':') || l.contains('：')
        });
        if meta && tail.iter().any(|l| l.contains("文字数")) {
            body = lines[..pos].join("\n");
        }
    }
    let body = body.trim_matches('\n').to_string();
    let has_heading = body
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with('#'));
    let mut out = String::new();
    if !has_heading {
        out.push_str(&format!("# 第{}話　{}\n\n", kanji_number(ep), title));
    }
    out.push_str(&body);
    out.push('\n');
    let n = io::body_chars(&out);
    out.push_str(&format!("\n---\n文字数: {n}\n"));
    out
}

/// Writes the manuscript a stage submitted (stage 10 may omit it: the current one is kept
/// and re-checked), backing up what it replaces, then checks it: the safe write and the
/// check are the operations every verb uses, run with the call's `ctx`.
// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
pub(crate) fn apply_manuscript(
    env: &Env,
    s: &mut Session,
    stage: &StageDef,
    doc: &Value,
    check: bool,
    ctx: &Ctx,
) -> Result<ManuscriptResult> {
    let root = env.root.as_path();
    let ep = s.episode;
    let title = doc
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| env.title(Some(s)));
    // The file the text was read from (stage 10 without a manuscript) and its sha256: it is
    // replaced (or removed) only if it still has it, so a concurrent `polish` is never lost.
    let mut read_from: Option<(PathBuf, String)> = None;
    let text = match doc.get("manuscript").and_then(Value::as_str) {
        Some(t) => t.to_string(),
        None => {
            let current = s.manuscript.as_ref().map(|m| root.join(&m.path));
            let path = match current.filter(|p| p.is_file()) {
                Some(p) => p,
                None => io::find_manuscript(&env.layout(), ep)?.ok_or_else(|| {
                    Error::new(Code::E003, format!("第{ep}話の原稿が見つかりません"))
                        .hint("manuscript に本文全体を入れて提出してください。")
                })?,
            };
            let bytes = crate::store::text::read_bytes(&path)?;
            let text = crate::store::text::decode(&path, &bytes)?.text;
            read_from = Some((path, crate::analysis::sha256_hex(&bytes)));
            text
        }
    };
    let content = normalize_manuscript(&text, ep, &title);
    // The quality stop (issue 18): refused before anything is written, so the session
    // stays at stage 8.
    if stage.number == 8 {
        let chars = io::body_chars(&content);
        crate::workflow::quality_stop::check_draft(
            ep,
            chars,
            env.info.target_min,
            env.word_count_target,
        )?;
    }
    let project = env.layout();
    let path = project
        .manuscript_dir()
        .join(format!("第{ep:03}話_{}.md", safe_title(&title)));
    let mut backups = Vec::new();
    let mut removed = Vec::new();
    let existing = io::manuscripts_of(&project, ep);
    let unchanged = existing.len() == 1
        && existing[0] == path
        && crate::store::text::read_bytes(&path).ok().as_deref() == Some(content.as_bytes());
    let rel_path = shown_path(root, &path);
    if !unchanged {
        // The safe write backs up the file it replaces; an earlier manuscript of the episode
        // under another title is backed up here and then removed, so one file remains.
        let expected = |p: &Path| {
            read_from
                .as_ref()
                .filter(|(from, _)| from == p)
                .map(|(_, sha)| sha.as_str())
        };
        backups.extend(io::write_manuscript(
            ctx,
            root,
            &rel_path,
            &content,
            expected(&path),
        )?);
        for old in existing.iter().filter(|o| **o != path) {
            let old_rel = shown_path(root, old);
            let id = lock::with_manuscript_locks(root, &[&old_rel], || {
                if let Some(sha) = expected(old) {
                    let now = crate::store::text::read_bytes(old)?;
                    if crate::analysis::sha256_hex(&now) != sha {
                        return Err(Error::new(
                            Code::QC018,
                            format!("{old_rel} は読み込んだときから変更されています（削除していません）"),
                        )
                        .hint("原稿を確認してから、もう一度提出してください。"));
                    }
                }
                let id = io::backup_file(root, old, &format!("write {}", stage.stem()))?;
                crate::store::disk::remove_existing_file(old)?;
                Ok(id)
            })?;
            backups.push(id);
            removed.push(old_rel);
        }
    }
    let artifact_id = io::store_artifact(
        root,
        &content,
        "markdown",
        Some(&rel_path),
        &format!("第{ep:03}話 原稿（STEP{}）", stage.number),
        &[
            ("episode", format!("{ep:03}")),
            ("type", "manuscript".into()),
            ("stage", stage.id.to_string()),
        ],
    )?;
    let record = if check {
        let outcome = io::check_manuscript(ctx, &project, &path)?;
        let result_text = serde_json::to_string_pretty(&outcome.result).unwrap_or_default();
        let check_id = io::store_artifact(
            root,
            &result_text,
            "json",
            Some(&rel_path),
            &format!("第{ep:03}話 品質チェック結果（STEP{}）", stage.number),
            &[
                ("episode", format!("{ep:03}")),
                ("type", "check_report".into()),
                ("stage", stage.id.to_string()),
            ],
        )?;
        let mut by_severity = BTreeMap::new();
        for f in &outcome.findings {
            crate::analysis::tally_severity(&mut by_severity, f.severity, 1);
        }
        Some(CheckRecord {
            stage: stage.id.to_string(),
            score: outcome.score,
            body_chars: outcome.body_chars,
            target_min: outcome.target_min,
            target_max: outcome.target_max,
            in_range: outcome.in_range,
            findings: outcome.findings.len(),
            by_severity,
            artifact_id: check_id,
            size_bytes: result_text.len() as u64,
        })
    } else {
        None
    };
    let mut all_backups = s
        .manuscript
        .as_ref()
        .map(|m| m.backups.clone())
        .unwrap_or_default();
    all_backups.extend(backups.iter().cloned());
    s.manuscript = Some(ManuscriptState {
        path: rel_path.clone(),
        title: title.clone(),
        sha256: crate::analysis::sha256_hex(content.as_bytes()),
        artifact_id,
        size_bytes: content.len() as u64,
        check: record.clone(),
        backups: all_backups,
    });
    Ok(ManuscriptResult {
        path: rel_path,
        title,
        backups,
        removed,
        unchanged,
        body_chars: record
            .as_ref()
            .map(|r| r.body_chars)
            .unwrap_or_else(|| io::body_chars(&content)),
        check: record,
    })
}
