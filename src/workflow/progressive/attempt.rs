//! The session a step runs in and what an attempt renders with: open the session, the prompt
//! and its variables, the stored inputs, the entry points (`execute_step`); the attempt
//! itself is `step_attempt`.

use super::*;

/// Finds or creates the session of `ep` (lock held by the caller: `held`).
pub(super) fn open_session(
    held: &lock::EpisodeLock,
    pc: &ProjectCtx,
    ep: u32,
    session_id: Option<&str>,
    force_new: bool,
    opts: &CheckOptions,
    clock: &Clock,
) -> Result<(Manifest, bool)> {
    let root = pc.root();
    if let Some(id) = session_id {
        let m = load_manifest(root, id)?;
        if m.episode_number != ep {
            return Err(Error::new(
                Code::QC001,
                format!(
                    "セッション {id} は第{}話のものです（指定は第{ep}話）",
                    m.episode_number
                ),
            )
            .hint("話数とセッションIDの組み合わせを確認してください。")
            .details(serde_json::json!({"session_reset_required": false, "session_id": id})));
        }
        if m.status == SessionState::Closed {
            return Err(
                Error::new(Code::QC001, format!("セッション {id} は終了しています"))
                    .hint("新しいセッションを開始してください（`tasks --new`）。")
                    .suggest(format!("noveler check progressive {ep} tasks --new"))
                    .details(serde_json::json!({"session_reset_required": true, "session_id": id})),
            );
        }
        return Ok((m, false));
    }
    if !force_new {
        if let Some(m) = latest_open(root, ep)? {
            return Ok((m, false));
        }
    }
    opts.validate()?;
    let (project, target) = resolve_project(pc, opts)?;
    let manuscript = project.manuscript_path(ep)?;
    let bytes = crate::store::text::read_bytes(&manuscript)?;
    let now = clock.timestamp();
    let existing = session_ids(root, ep);
    let mut seq = existing.len() as u32;
    let mut id = new_session_id(ep, &now, seq);
    while root.join(session_dir(&id)).exists() || existing.last().is_some_and(|l| *l >= id) {
        seq += 1;
        id = new_session_id(ep, &now, seq);
        if seq >= 0xffff {
            break;
        }
    }
    // One open session per episode: a new one supersedes the open ones (readable ones are
    // closed; unreadable ones are left for the author to inspect).
    for old in &existing {
        if let Ok(mut o) = load_manifest(root, old) {
            if o.status == SessionState::Open {
                o.status = SessionState::Closed;
                o.closed_at = Some(now.clone());
                save_manifest(held, root, &mut o, clock)?;
            }
        }
    }
    let settings = &project.settings;
    let mut m = Manifest {
        session_id: id.clone(),
        episode_number: ep,
        state_version: 0,
        status: SessionState::Open,
        created_at: now.clone(),
        updated_at: now,
        closed_at: None,
        manuscript: ManuscriptRef {
            path: project.display(&manuscript),
            sha256: sha256_hex(&bytes),
        },
        current_step: Some(1),
        completed_steps: Vec::new(),
        failed_steps: Vec::new(),
        unavailable_steps: BTreeMap::new(),
        template_version_set: pin_templates(root)?,
        budgets: Budgets {
            time_budget_s: None,
            count: None,
        },
        iteration_policy: None,
        llm_config: serde_json::json!({"model_hint": "auto"}),
        target_length: target.into(),
        options: CheckOptions {
            exclude_dialogue_lines: Some(
                opts.exclude_dialogue_lines
                    .unwrap_or(settings.exclude_dialogue_lines),
            ),
            window_size: Some(opts.window_size.unwrap_or(settings.thresholds.window_size)),
            rule_profile: Some(
                opts.rule_profile
                    .clone()
                    .unwrap_or_else(|| settings.preset.clone()),
            ),
            config_overrides: opts
                .config_overrides
                .clone()
                .filter(|c| c.target_length.is_some()),
            accept_unjudged: None,
        },
        steps: Vec::new(),
    };
    crate::store::confine::guard_write(&root.join(session_dir(&id)))?;
    crate::store::disk::create_dir_all(&root.join(session_dir(&id)))?;
    save_manifest(held, root, &mut m, clock)?;
    Ok((m, true))
}

/// The earlier steps as step 12 sees them; `current` is `sha256:<hex>` of the text step 12
/// checks (a step whose latest attempt checked another text is `stale`).
pub(super) fn earlier_steps(m: &Manifest, current: &str) -> Vec<EarlierStep> {
    STEPS
        .iter()
        .filter(|s| s.number < TOTAL_STEPS)
        .map(|s| {
            let latest = m.latest(s.number);
            let missing = m
                .unavailable_steps
                .get(&s.number.to_string())
                .cloned()
                .unwrap_or_default();
            let status = match latest {
                Some(a) if a.success => EarlierStatus::Passed,
                Some(_) => EarlierStatus::Failed,
                None if !missing.is_empty() => EarlierStatus::Unavailable,
                None => EarlierStatus::NotRun,
            };
            EarlierStep {
                step_id: s.number,
                name: s.name.to_string(),
                status,
                // A pending step's measured score is not its score.
                quality_score: latest.filter(|a| !a.llm_pending).map(|a| a.quality_score),
                llm_pending: latest.is_some_and(|a| a.llm_pending),
                stale: latest.is_some_and(|a| checked_hash(a) != Some(current)),
                attempts: m.attempts_of(s.number),
                missing_files: missing,
            }
        })
        .collect()
}

/// The hash of the text an attempt checked: the passed content's, else the manuscript's.
fn checked_hash(a: &AttemptRecord) -> Option<&str> {
    let of = |kind: &str| {
        a.manuscript_hash_refs
            .iter()
            .find(|r| r.kind == kind)
            .map(|r| r.hash.as_str())
    };
    of("content").or_else(|| of("input"))
}

fn store_artifact(
    root: &Path,
    content: &str,
    source_file: &str,
    kind: &str,
    ep: u32,
    clock: &Clock,
) -> Result<String> {
    let mut tags = BTreeMap::new();
    tags.insert("kind".to_string(), kind.to_string());
    tags.insert("episode".to_string(), ep.to_string());
    let content_type = if source_file.ends_with(".md") {
        "markdown"
    } else if source_file.ends_with(".yaml") || source_file.ends_with(".yml") {
        "yaml"
    } else {
        "text"
    };
    let out = crate::store::artifact::shared(root).store(
        content,
        StoreOptions {
            content_type: Some(content_type.into()),
            source_file: Some(source_file.to_string()),
            description: Some(format!("品質チェック入力（{kind}）")),
            tags,
            source_tool: Some("execute_check_step".into()),
        },
        clock,
    );
    match out {
        Ok(o) => Ok(o.metadata.artifact_id),
        // YAML that the artifact store refuses (it validates content) is referenced by path.
        Err(e) if e.code == Code::U001 || e.code == Code::U006 => Ok(String::new()),
        Err(e) => Err(e),
    }
}

/// Issues as prompt lines (`  - 12行目 [warning] CODE: message`), the first `max`; with
/// `count_rest`, a last line counts the ones left out.
pub(crate) fn issues_summary(issues: &[StepIssue], max: usize, count_rest: bool) -> String {
    if issues.is_empty() {
        return "  - 機械チェックで検出された問題はありません。".into();
    }
    let mut lines: Vec<String> = issues
        .iter()
        .take(max)
        .map(|i| {
            let at = i.line.map(|l| format!("{l}行目 ")).unwrap_or_default();
            format!(
                "  - {at}[{}] {}: {}",
                i.severity.as_str(),
                i.code,
                i.message
            )
        })
        .collect();
    if count_rest && issues.len() > max {
        lines.push(format!(
            "  - ほか {} 件（出力の issues を参照）",
            issues.len() - max
        ));
    }
    lines.join("\n")
}

/// Details as indented YAML, cut at `max` characters (`cut_note` follows a cut).
pub(crate) fn details_summary(details: &Value, max: usize, cut_note: &str) -> String {
    let yaml = serde_yaml::to_string(details).unwrap_or_default();
    let mut out: String = yaml
        .lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n");
    if out.chars().count() > max {
        out = out.chars().take(max).collect();
        out.push_str(cut_note);
    }
    out
}

/// Renders a template's purpose and instructions into the prompt an agent reads.
pub(crate) fn render_prompt(
    t: &Template,
    vars: &crate::workflow::render::Vars,
    submit: &str,
) -> Result<String> {
    let render = |what: &str, text: &str| {
        crate::workflow::render::render(text, vars).map_err(|e| {
            Error::new(
                Code::U002,
                format!("テンプレート {} の {what} を展開できません: {e}", t.name),
            )
            .hint("テンプレートのプレースホルダー名を確認してください。")
        })
    };
    let purpose = render("purpose", &t.doc.purpose)?;
    let instructions = render("instructions", &t.doc.instructions)?;
    let criteria: Vec<String> = t
        .doc
        .acceptance_criteria
        .iter()
        .map(|c| format!("- {c}"))
        .collect();
    // A sketch, as the writing stages show theirs (the instruction comes with each of
    // twelve steps; indented JSON cost twice the tokens).
    let schema = crate::workflow::schema_text::shown(&t.doc.output_schema);
    Ok(format!(
        "# {}\n\n## 目的\n{}\n{}\n## 受け入れ基準\n{}\n\n## 返却形式（JSON、次の形）\n{}\n\n## 送り方\n{}\n",
        t.doc.title,
        purpose,
        instructions,
        criteria.join("\n"),
        schema,
        submit
    ))
}

/// (label, relative path, artifact id) of a settings document referenced in a prompt.
pub type RefId = (String, String, String);
/// The references of a prompt.
pub type RefIds = Vec<RefId>;

/// Common prompt variables for a manuscript.
pub(crate) fn base_vars(
    ep: u32,
    title: &str,
    l: &Loaded,
    artifact: &str,
    analysis: &FileAnalysis,
    ref_ids: &[RefId],
) -> crate::workflow::render::Vars {
    let ls = &analysis.metrics.length_stats;
    let mut v = crate::workflow::render::Vars::new();
    v.insert("episode".into(), ep.to_string());
    v.insert("episode_title".into(), title.to_string());
    v.insert("manuscript_path".into(), l.manuscript_rel.clone());
    v.insert("manuscript_sha256".into(), l.sha256.clone());
    let store = crate::store::artifact::shared(&l.project.root);
    let embedded = crate::workflow::embed::embed_reason(&store).is_some();
    v.insert(
        "manuscript_artifact".into(),
        if embedded {
            "本文は末尾の「資料」にあります".into()
        } else if artifact.is_empty() {
            "参照IDなし".into()
        } else {
            artifact.to_string()
        },
    );
    v.insert("target_min".into(), ls.target_min.to_string());
    v.insert("target_max".into(), ls.target_max.to_string());
    v.insert("body_chars".into(), ls.body_chars.to_string());
    v.insert(
        "genre".into(),
        l.project
            .config
            .genre
            .clone()
            .unwrap_or_else(|| "未設定".into()),
    );
    let refs = if ref_ids.is_empty() {
        "  - （設定資料はありません）".to_string()
    } else {
        ref_ids
            .iter()
            .map(|(label, rel, id)| {
                if id.is_empty() || embedded {
                    format!("  - {label}: {rel}")
                } else {
                    format!("  - {label}: {rel}（{id}）")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    v.insert("reference_files".into(), refs);
    v
}

/// With artifact references switched off (`NOVELER_DISABLE_ARTIFACTS`, or an artifact the
/// CLI could not write: `embed::embed_reason`), the manuscript and settings a check prompt
/// names, as a section to append to it; `None` otherwise.
pub(crate) fn embedded_inputs(l: &Loaded, prompt: &str) -> Option<String> {
    let store = crate::store::artifact::shared(&l.project.root);
    let reason = crate::workflow::embed::embed_reason(&store)?;
    let mut docs = vec![("原稿", l.manuscript_rel.as_str(), l.source.text.as_str())];
    // The settings the prompt names (by path), as by reference it names their ids: a step
    // that reads only the text gets only the text (under the reply budget).
    docs.extend(
        l.refs
            .iter()
            .filter(|r| prompt.contains(r.rel.as_str()))
            .map(|r| (r.label, r.rel.as_str(), r.text.as_str())),
    );
    Some(crate::workflow::embed::documents(&reason, &docs))
}

/// Stores the manuscript and settings as artifacts; returns the manuscript's id and
/// (label, path, id) of each reference.
/// `clock`: the call's (a new artifact's time).
pub(crate) fn store_inputs(
    root: &Path,
    ep: u32,
    l: &Loaded,
    clock: &Clock,
) -> Result<(String, RefIds)> {
    let manuscript_id = store_artifact(
        root,
        &l.source.text,
        &l.manuscript_rel,
        "manuscript",
        ep,
        clock,
    )?;
    let mut refs = Vec::new();
    for r in &l.refs {
        let id = store_artifact(root, &r.text, &r.rel, r.key, ep, clock)?;
        refs.push((r.label.to_string(), r.rel.clone(), id));
    }
    Ok((manuscript_id, refs))
}

/// Title of the episode: the plot's, else the manuscript heading, else the file stem.
pub(crate) fn episode_title(l: &Loaded) -> String {
    l.plot
        .as_ref()
        .and_then(|p| p.title.clone())
        .or_else(|| heading_of(&l.source.text))
        .unwrap_or_else(|| {
            l.manuscript_path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string()
        })
}

/// The analysis settings of a loaded project under `opts` and target `t`.
pub(crate) fn settings_for(l: &Loaded, opts: &CheckOptions, t: TargetLength) -> Settings {
    let mut s = l.project.settings.clone();
    s.target_length = t;
    opts.apply(&mut s);
    s
}

/// Runs one attempt of a step (takes the episode lock).
pub(crate) fn execute_step(ctx: &Ctx, input: StepInput) -> Result<StepResult> {
    execute_step_in(ctx, &ProjectCtx::new(&ctx.root), input)
}

/// `execute_step` with the project of the calling verb (loaded at most once per call).
pub(crate) fn execute_step_in(ctx: &Ctx, pc: &ProjectCtx, input: StepInput) -> Result<StepResult> {
    lock::with_episode_lock(pc.root(), input.episode, lock::Scope::Checks, |held| {
        execute_step_locked(held, ctx, pc, input)
    })
}

/// `execute_step` for a caller that already holds the episode's lock (`dry_run`), with the
/// project it loaded.
pub(crate) fn execute_step_held(
    held: &lock::EpisodeLock,
    ctx: &Ctx,
    pc: &ProjectCtx,
    input: StepInput,
) -> Result<StepResult> {
    execute_step_locked(held, ctx, pc, input)
}

fn execute_step_locked(
    held: &lock::EpisodeLock,
    ctx: &Ctx,
    pc: &ProjectCtx,
    input: StepInput,
) -> Result<StepResult> {
    // The witness is this episode's checks lock (its session and step files).
    held.covers(input.episode, lock::Scope::Checks)?;
    let step = steps::by_number(input.step).ok_or_else(|| invalid_step(input.step as i64))?;
    let (mut m, created) = open_session(
        held,
        pc,
        input.episode,
        input.session_id.as_deref(),
        false,
        &input.options,
        &ctx.clock,
    )?;
    run_attempt(held, pc, &mut m, step, &input, created, &ctx.clock)
}

/// QC-003 listing the valid steps.
pub(crate) fn invalid_step(given: i64) -> Error {
    Error::new(
        Code::QC003,
        format!("ステップ {given} は存在しません（1〜{TOTAL_STEPS}）"),
    )
    .hint("有効なステップ番号を指定してください。")
    .details(serde_json::json!({
        "valid_steps": steps::valid_steps(),
        "steps": STEPS.iter().map(|s| serde_json::json!({"id": s.number, "name": s.name})).collect::<Vec<_>>(),
    }))
}
