//! Running one attempt of a step: open the session, render, check, record.

use super::*;
use crate::next::NextStep;

/// Finds or creates the session of `ep` (lock held by the caller: `held`).
pub(super) fn open_session(
    held: &lock::EpisodeLock,
    pc: &ProjectCtx,
    ep: u32,
    session_id: Option<&str>,
    force_new: bool,
    opts: &CheckOptions,
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
    let now = timestamp(SystemTime::now());
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
                save_manifest(held, root, &mut o)?;
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
    save_manifest(held, root, &mut m)?;
    Ok((m, true))
}

/// The earlier steps as step 12 sees them; `current` is `sha256:<hex>` of the text step 12
/// checks (a step whose latest attempt checked another text is `stale`).
fn earlier_steps(m: &Manifest, current: &str) -> Vec<EarlierStep> {
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

/// Step 12's approval: the earlier steps it accepted with their judgment still pending.
/// `own`: step 12's own judgment was accepted unjudged as well.
fn accepted_unjudged(step: u8, details: &serde_json::Map<String, Value>, own: bool) -> Vec<u8> {
    if step != TOTAL_STEPS {
        return Vec::new();
    }
    let mut steps: Vec<u8> = details
        .get("accepted_unjudged_steps")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_u64)
                .filter_map(|n| u8::try_from(n).ok())
                .collect()
        })
        .unwrap_or_default();
    if own {
        steps.push(TOTAL_STEPS);
    }
    steps
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
    let out = ArtifactStore::new(root).store(
        content,
        StoreOptions {
            content_type: Some(content_type.into()),
            source_file: Some(source_file.to_string()),
            description: Some(format!("品質チェック入力（{kind}）")),
            tags,
            source_tool: Some("execute_check_step".into()),
        },
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
    let schema = serde_json::to_string_pretty(&t.doc.output_schema).unwrap_or_default();
    Ok(format!(
        "# {}\n\n## 目的\n{}\n{}\n## 受け入れ基準\n{}\n\n## 返却形式（JSON、このスキーマに合うこと）\n```json\n{}\n```\n\n## 送り方\n{}\n",
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
    let embedded = crate::workflow::embed::artifacts_disabled();
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

/// With artifact references switched off (`NOVELER_DISABLE_ARTIFACTS`), the manuscript and
/// settings a check prompt names, as a section to append to it; `None` otherwise.
pub(crate) fn embedded_inputs(l: &Loaded) -> Option<String> {
    let mut docs = vec![("原稿", l.manuscript_rel.as_str(), l.source.text.as_str())];
    docs.extend(
        l.refs
            .iter()
            .map(|r| (r.label, r.rel.as_str(), r.text.as_str())),
    );
    crate::workflow::embed::documents(&docs)
}

/// Stores the manuscript and settings as artifacts; returns the manuscript's id and
/// (label, path, id) of each reference.
pub(crate) fn store_inputs(root: &Path, ep: u32, l: &Loaded) -> Result<(String, RefIds)> {
    let manuscript_id = store_artifact(root, &l.source.text, &l.manuscript_rel, "manuscript", ep)?;
    let mut refs = Vec::new();
    for r in &l.refs {
        let id = store_artifact(root, &r.text, &r.rel, r.key, ep)?;
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
pub(crate) fn execute_step(root: &Path, input: StepInput) -> Result<StepResult> {
    execute_step_in(&ProjectCtx::new(root), input)
}

/// `execute_step` with the project of the calling verb (loaded at most once per call).
pub(crate) fn execute_step_in(pc: &ProjectCtx, input: StepInput) -> Result<StepResult> {
    lock::with_episode_lock(pc.root(), input.episode, lock::Scope::Checks, |held| {
        execute_step_locked(held, pc, input)
    })
}

/// `execute_step` for a caller that already holds the episode's lock (`dry_run`).
pub(crate) fn execute_step_held(
    held: &lock::EpisodeLock,
    root: &Path,
    input: StepInput,
) -> Result<StepResult> {
    execute_step_locked(held, &ProjectCtx::new(root), input)
}

fn execute_step_locked(
    held: &lock::EpisodeLock,
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
    )?;
    run_attempt(held, pc, &mut m, step, &input, created)
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

// Long on purpose: one attempt of a step in the order the manifest records it (render,
// check, judge, store the input/output files, record the attempt); the steps share the
// manifest being built, and the order is the crash-safety argument (manifest written last).
pub(super) fn run_attempt(
    held: &lock::EpisodeLock,
    pc: &ProjectCtx,
    m: &mut Manifest,
    step: &'static StepDef,
    input: &StepInput,
    created: bool,
) -> Result<StepResult> {
    let root = pc.root();
    let clock = Instant::now();
    let executed_at = timestamp(SystemTime::now());
    let template = step_template(root, m, step)?;
    let opts = input.options.or(&m.options);
    opts.validate()?;
    let target = opts
        .override_length()
        .unwrap_or_else(|| m.target_length.target());
    let project = project_with_length(pc, target)?;
    let l = load(
        project,
        m.episode_number,
        input.manuscript_content.as_deref(),
    )?;
    let missing = missing_for(step, &l, m.episode_number);
    if !missing.is_empty() {
        m.unavailable_steps
            .insert(step.number.to_string(), missing.clone());
        save_manifest(held, root, m)?;
        return Err(Error::new(
            Code::QC002,
            format!(
                "ステップ {}（{}）に必要なファイルがありません: {}",
                step.number,
                step.name,
                missing.join(", ")
            ),
        )
        .hint("ファイルを作成してから再実行してください。このステップを飛ばしても、総合品質認定（ステップ12）は未実行扱いにしません。")
        .suggest(format!("noveler check progressive {} step {}", m.episode_number, step.number + 1))
        .details(serde_json::json!({"missing_files": missing, "step_id": step.number})));
    }
    m.unavailable_steps.remove(&step.number.to_string());
    let mut settings = settings_for(&l, &opts, target);
    if let Some(learned) = &input.thresholds {
        let window = settings.thresholds.window_size;
        settings.thresholds = learned.clone();
        settings.thresholds.window_size = window;
    }
    let text = l.source.text.as_str();
    let analysis = crate::store::dictionary::analyze(text, &l.manuscript_rel, &settings)?;
    let doc = Document::parse(text);
    let heading = heading_of(text);
    let earlier = if step.number == TOTAL_STEPS {
        let current = if l.text_origin == "manuscript_content" {
            sha256_hex(l.source.text.as_bytes())
        } else {
            l.sha256.clone()
        };
        earlier_steps(m, &format!("sha256:{current}"))
    } else {
        Vec::new()
    };
    let cx = StepContext {
        episode: m.episode_number,
        file: &l.manuscript_rel,
        text,
        doc: &doc,
        analysis: &analysis,
        settings: &settings,
        heading: heading.as_deref(),
        characters: l.characters.as_deref(),
        glossary: l.glossary.as_deref(),
        plot: l.plot.as_ref(),
        foreshadowing: &l.foreshadowing,
        earlier: &earlier,
        accept_unjudged: opts.accept_unjudged.unwrap_or(false),
        params: &template.doc.parameters,
    };
    let mut measured = steps::measure(step, &cx);
    for f in analysis
        .findings
        .iter()
        .filter(|f| step.codes.contains(&f.code.as_str()))
    {
        if let Some(fix) = &f.fix {
            measured
                .corrections
                .push(format!("{}行目: {}", f.line, fix.description));
        }
    }

    // The judgment part.
    let judgment: Option<Judgment> = match &input.llm_result {
        Some(v) => {
            judgment::check_manuscript_hash(v, &l.sha256)?;
            crate::workflow::text_fetch::check_alignment(v, text)?;
            judgment::validate(&template.doc.output_schema, v, &template.name)?;
            Some(judgment::parse(v, &format!("J{:02}", step.number)))
        }
        None => None,
    };
    let measured_score =
        steps::common::penalty_score(&measured.issues, analysis.metrics.length_stats.body_chars);
    let judged = judgment
        .as_ref()
        .and_then(|j| j.metrics.get("score").copied());
    if judgment.is_some() && judged.is_none() {
        return Err(
            Error::new(Code::U006, "llm_result の /metrics/score がありません")
                .hint("metrics.score に 0〜100 の点数を入れてください。"),
        );
    }
    let weight = param_f64(&template, "judgment_weight", 0.5);
    let scoring = judgment::combine(measured_score, judged, weight);
    let pass_score = param_f64(&template, "pass_score", 80.0);
    let blocking = blocking_severity(&template);
    let mut reasons = Vec::new();
    if scoring.quality_score < pass_score {
        reasons.push(format!(
            "quality_score {} が合格点 {pass_score} に届きません",
            scoring.quality_score
        ));
    }
    let blocking_issues = measured
        .issues
        .iter()
        .filter(|i| i.severity >= blocking)
        .count();
    if blocking_issues > 0 {
        reasons.push(format!(
            "重大度 {} 以上の問題が {blocking_issues} 件残っています",
            blocking.as_str()
        ));
    }
    if let Some(j) = &judgment {
        let critical = j
            .issues
            .iter()
            .filter(|i| i.severity == Severity::Critical)
            .count();
        if critical > 0 {
            reasons.push(format!("判断で critical の問題が {critical} 件あります"));
        }
    }
    reasons.extend(measured.blockers.iter().cloned());
    // The session moves on when the measured part passes; the step itself has passed only
    // once its judgment is in too.
    let measured_passed = reasons.is_empty();
    // Step 12 with `accept_unjudged` accepts its own judgment unjudged too (recorded).
    let own_accepted = step.number == TOTAL_STEPS
        && opts.accept_unjudged == Some(true)
        && scoring.llm_pending
        && measured_passed;
    let pending = scoring.llm_pending && measured_passed && !own_accepted;
    let passed = measured_passed && !pending;
    let status = if !measured_passed {
        Verdict::Failed
    } else if pending {
        Verdict::Pending
    } else {
        Verdict::Passed
    };
    let mut shown_reasons = reasons.clone();
    if pending {
        shown_reasons.push("判断（llm_result）待ちです: 測定の部分は合格しています".into());
    }

    // Files and artifacts.
    let (artifact, ref_ids) = store_inputs(root, m.episode_number, &l)?;
    let title = episode_title(&l);
    let attempt = m.attempts_of(step.number) + 1;
    let stem = format!("step{:02}_attempt{:02}", step.number, attempt);
    let dir = session_dir(&m.session_id);
    let input_rel = format!("{dir}/{stem}_input.json");
    let output_rel = format!("{dir}/{stem}_output.json");

    let mut issues = measured.issues.clone();
    if let Some(j) = &judgment {
        issues.extend(j.issues.iter().cloned());
    }
    let details = Value::Object(measured.details.clone());
    let mut vars = base_vars(m.episode_number, &title, &l, &artifact, &analysis, &ref_ids);
    vars.insert("measured_score".into(), format!("{measured_score}"));
    vars.insert(
        "findings_summary".into(),
        issues_summary(&measured.issues, 30, true),
    );
    vars.insert(
        "details_summary".into(),
        details_summary(&details, 4000, "\n  …（省略。出力の details を参照）"),
    );
    vars.insert("session_id".into(), m.session_id.clone());
    vars.insert("step_id".into(), step.number.to_string());
    let submit = format!(
        "- CLI: 上の形の JSON をファイルに保存し `noveler check progressive {ep} step {n} --llm-result <ファイル>`\n- MCP: execute_check_step に {{\"episode\": {ep}, \"step_id\": {n}, \"session_id\": \"{sid}\", \"llm_result\": {{…}}}}",
        ep = m.episode_number,
        n = step.number,
        sid = m.session_id
    );
    let mut llm_instruction = render_prompt(&template, &vars, &submit)?;
    if let Some(docs) = embedded_inputs(&l) {
        llm_instruction.push_str(&docs);
    }

    m.refresh();
    let completed_after: Vec<u8> = {
        let mut c = m.completed_steps.clone();
        c.retain(|&s| s != step.number);
        if measured_passed {
            c.push(step.number);
        }
        c
    };
    let next_step = STEPS
        .iter()
        .map(|s| s.number)
        .find(|n| !completed_after.contains(n) && *n != step.number)
        .or((!measured_passed).then_some(step.number));
    let ep = m.episode_number;
    let step_call = |n: u8| {
        NextStep::new("execute_check_step")
            .arg("episode", ep)
            .arg("step_id", n)
            .arg("session_id", m.session_id.as_str())
    };
    let fixable = issues.iter().any(|i| i.fixable.is_some());
    let next_action = if pending {
        step_call(step.number)
            .arg(
                "llm_result",
                format!(
                    "<判断（llm_instruction の返却形式の JSON。manuscript_sha256 は {}）>",
                    l.sha256
                ),
            )
            .why(
                "llm_instruction に従って判断し、llm_result を送る（判断を省くなら次のステップへ）",
            )
    } else if measured_passed {
        match next_step {
            Some(n) => step_call(n).why(format!("ステップ{n}を実行する")),
            None => NextStep::new("noveler_complete")
                .arg("episode", ep)
                .why("全ステップ合格。完了処理をする"),
        }
    } else if fixable {
        NextStep::new("check_fix")
            .arg("episode", ep)
            .why("自動修正できる問題を直してから、このステップを再実行する")
    } else {
        step_call(step.number).why("原稿の問題を直してから、このステップを再実行する")
    }
    .to_wire();
    let guidance = (!measured_passed).then(|| {
        let fixable = issues.iter().filter(|i| i.fixable.is_some()).count();
        let mut g = format!("不合格の理由: {}。", reasons.join("／"));
        if fixable > 0 {
            g.push_str(&format!(
                "自動修正できる問題が {fixable} 件あります（`noveler polish {} --diff` で確認）。",
                m.episode_number
            ));
        }
        g
    });

    let metrics = &analysis.metrics;
    let metadata = StepMetadata {
        config_snapshot: ConfigSnapshot {
            target_length: target.into(),
            exclude_dialogue_lines: settings.exclude_dialogue_lines,
            window_size: settings.thresholds.window_size,
            rule_profile: opts
                .rule_profile
                .clone()
                .unwrap_or_else(|| settings.preset.clone()),
            thresholds: input.thresholds.as_ref().map(|_| "learned".to_string()),
        },
        rhythm_metrics: rhythm_block(&doc, &settings, metrics),
        dialogue_warnings: dialogue_warnings(&doc, &settings, &template.doc.parameters),
        hook_assessment: metrics.hook_assessment.clone(),
        length_stats: metrics.length_stats.clone(),
        scoring: scoring.clone(),
        template: template.info(),
        structured_output: judgment.as_ref().map(|j| j.raw.clone()),
        ml_enhancements: None,
    };
    let manuscript_info = ManuscriptInfo {
        path: l.manuscript_rel.clone(),
        sha256: l.sha256.clone(),
        artifact_id: artifact.clone(),
        origin: l.text_origin.to_string(),
        body_chars: metrics.length_stats.body_chars,
    };
    let mut result = StepResult {
        success: true,
        session_id: m.session_id.clone(),
        episode_number: m.episode_number,
        step_id: step.number,
        step_name: step.name.to_string(),
        phase: step.phase.to_string(),
        attempt,
        status,
        passed,
        measured_passed,
        quality_score: (!scoring.llm_pending).then_some(scoring.quality_score),
        measured_score,
        issues_found: issues.len(),
        llm_pending: scoring.llm_pending,
        issues,
        corrections: measured.corrections.clone(),
        details,
        judgment: judgment.as_ref().map(|j| JudgmentOut {
            summary: j.summary.clone(),
            metrics: j.metrics.clone(),
            recommendations: j.recommendations.clone(),
        }),
        acceptance: Acceptance {
            pass_score,
            blocking_severity: blocking,
            criteria: template.doc.acceptance_criteria.clone(),
            reasons: shown_reasons,
            passed,
        },
        llm_instruction,
        llm_result_schema: template.doc.output_schema.clone(),
        files: StepFiles {
            input_file: input_rel.clone(),
            output_file: output_rel.clone(),
        },
        manuscript: manuscript_info,
        next_step,
        next_action,
        guidance,
        session_created: created,
        metadata,
        input_refs: Vec::new(),
        output_refs: Vec::new(),
    };

    // Write input, then output, then the manifest (last: an interruption before it leaves
    // the session as it was).
    let mut input_doc = serde_json::json!({
        "session_id": m.session_id,
        "step_id": step.number,
        "attempt": attempt,
        "trigger": input.trigger,
        "template": template.info(),
        "template_source": match template.source { TemplateSource::Project => "project", TemplateSource::Embedded => "embedded" },
        "manuscript": {"path": l.manuscript_rel, "sha256": l.sha256, "artifact_id": artifact, "origin": l.text_origin},
        "references": ref_ids.iter().map(|(label, rel, id)| serde_json::json!({"label": label, "path": rel, "artifact_id": id})).collect::<Vec<_>>(),
        "options": opts,
        "config_snapshot": result.metadata.config_snapshot,
        "llm_result": input.llm_result,
    });
    if let Some(t) = &input.thresholds {
        input_doc["learned_thresholds"] = serde_json::json!(t);
    }
    let input_bytes = serde_json::to_vec_pretty(&input_doc).unwrap_or_default();
    write_atomic(&root.join(&input_rel), &input_bytes)?;
    let output_bytes = serde_json::to_vec_pretty(&result).unwrap_or_default();
    write_atomic(&root.join(&output_rel), &output_bytes)?;

    let tools = crate::workflow::tool_choice::select(
        result.issues.iter().filter(|i| i.fixable.is_some()).count(),
        result.llm_pending,
        measured_passed,
        ref_ids.len(),
    );
    let mut hash_refs = vec![HashRef {
        kind: "input".into(),
        hash: format!("sha256:{}", l.sha256),
    }];
    if l.text_origin == "manuscript_content" {
        hash_refs.push(HashRef {
            kind: "content".into(),
            hash: format!("sha256:{}", sha256_hex(l.source.text.as_bytes())),
        });
    }
    m.steps.push(AttemptRecord {
        step_id: step.number,
        step_name: step.name.to_string(),
        attempt,
        executed_at,
        execution_time: (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        success: measured_passed,
        quality_score: scoring.quality_score,
        measured_score,
        judged_score: judged,
        llm_pending: scoring.llm_pending,
        accepted_unjudged: accepted_unjudged(step.number, &measured.details, own_accepted),
        issues_found: result.issues_found,
        input_file: input_rel.clone(),
        output_file: output_rel.clone(),
        manuscript_hash_refs: hash_refs,
        trigger: input.trigger.to_string(),
        available_tools: tools.0,
        tool_selection_status: tools.1,
    });
    save_manifest(held, root, m)?;

    let mut inputs = vec![FileRef {
        path: l.manuscript_rel.clone(),
        sha256: l.sha256.clone(),
        size_bytes: l.raw_len,
        content_type: crate::store::fileref::content_type_of(&l.manuscript_path).to_string(),
        role: "manuscript".into(),
    }];
    for r in &l.refs {
        inputs.push(FileRef::from_bytes(root, &r.path, r.text.as_bytes(), r.key));
    }
    result.input_refs = inputs;
    let manifest_bytes = crate::store::text::read_internal(&manifest_path(root, &m.session_id))
        .ok()
        .flatten()
        .unwrap_or_default();
    result.output_refs = vec![
        FileRef::from_bytes(root, &root.join(&input_rel), &input_bytes, "step_input"),
        FileRef::from_bytes(root, &root.join(&output_rel), &output_bytes, "step_output"),
        FileRef::from_bytes(
            root,
            &manifest_path(root, &m.session_id),
            &manifest_bytes,
            "manifest",
        ),
    ];
    Ok(result)
}
