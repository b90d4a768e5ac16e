//! One attempt of one step, as a sequence of named steps in the order the manifest records
//! it: load what the step reads (`prepared`), measure (`measured`), judge (`judged`),
//! decide (`decided`), render the prompt (`llm_instruction`) and what next (`next_moves`),
//! write the input and output files (`write_files`), record the attempt (`record_attempt`,
//! the manifest last: an interruption before it leaves the session as it was).

use super::*;
use crate::next::NextStep;

/// Runs one attempt of `step` in the open session `m` (the episode's checks lock held).
pub(super) fn run_attempt(
    held: &lock::EpisodeLock,
    pc: &ProjectCtx,
    m: &mut Manifest,
    step: &'static StepDef,
    input: &StepInput,
    created: bool,
    clock: &Clock,
) -> Result<StepResult> {
    let root = pc.root();
    let stopwatch = Instant::now();
    let executed_at = clock.timestamp();
    let prep = prepared(held, pc, m, step, input, clock)?;
    let ms = measured(m, step, input, &prep)?;
    let (template, l, analysis, measured) = (&prep.template, &prep.l, &ms.analysis, &ms.measured);
    let judgment = judged(step, input, template, l).map_err(|e| resend_hint(e, m, step, l))?;
    let d = decided(step, &prep, analysis, measured, judgment.as_ref())?;

    // Files and artifacts.
    let (artifact, ref_ids) = store_inputs(root, m.episode_number, l, clock)?;
    let attempt = m.attempts_of(step.number) + 1;
    let stem = format!("step{:02}_attempt{:02}", step.number, attempt);
    let dir = session_dir(&m.session_id);
    let files = StepFiles {
        input_file: format!("{dir}/{stem}_input.json"),
        output_file: format!("{dir}/{stem}_output.json"),
    };
    let mut issues = measured.issues.clone();
    if let Some(j) = &judgment {
        issues.extend(j.issues.iter().cloned());
    }
    let details = Value::Object(measured.details.clone());
    let llm_instruction = llm_instruction(
        m, step, &prep, &artifact, analysis, &ref_ids, &d, measured, &details,
    )?;
    let (next_step, next_action, guidance) = next_moves(m, step, &d, &issues, l);
    let metadata = step_metadata(&prep, &ms, input, &d, judgment.as_ref());
    let manuscript = ManuscriptInfo {
        path: l.manuscript_rel.clone(),
        sha256: l.sha256.clone(),
        artifact_id: artifact.clone(),
        origin: l.text_origin.to_string(),
        body_chars: analysis.metrics.length_stats.body_chars,
    };
    let mut result = StepResult {
        success: true,
        session_id: m.session_id.clone(),
        episode_number: m.episode_number,
        step_id: step.number,
        step_name: step.name.to_string(),
        phase: step.phase.to_string(),
        attempt,
        status: d.status,
        passed: d.passed,
        measured_passed: d.measured_passed,
        quality_score: (!d.scoring.llm_pending).then_some(d.scoring.quality_score),
        measured_score: d.measured_score,
        issues_found: issues.len(),
        llm_pending: d.scoring.llm_pending,
        issues,
        corrections: measured.corrections.clone(),
        details,
        judgment: judgment.as_ref().map(|j| JudgmentOut {
            summary: j.summary.clone(),
            metrics: j.metrics.clone(),
            recommendations: j.recommendations.clone(),
        }),
        acceptance: Acceptance {
            pass_score: d.pass_score,
            blocking_severity: d.blocking,
            criteria: template.doc.acceptance_criteria.clone(),
            reasons: d.shown_reasons.clone(),
            passed: d.passed,
        },
        llm_instruction,
        llm_result_schema: template.doc.output_schema.clone(),
        files,
        manuscript,
        next_step,
        next_action,
        guidance,
        warnings: crate::workflow::embed::unwritten_warning(
            &crate::store::artifact::shared(root),
            std::iter::once(artifact.as_str()).chain(ref_ids.iter().map(|(_, _, id)| id.as_str())),
        )
        .into_iter()
        .collect(),
        session_created: created,
        metadata,
        input_refs: Vec::new(),
        output_refs: Vec::new(),
    };

    // Write input, then output, then the manifest (last: an interruption before it leaves
    // the session as it was).
    let written = write_files(root, m, step, input, &prep, &artifact, &ref_ids, &result)?;
    let mut accepted_unjudged = measured.accepted_unjudged.clone();
    if d.own_accepted {
        accepted_unjudged.push(TOTAL_STEPS);
    }
    let tools = crate::workflow::tool_choice::select(
        result.issues.iter().filter(|i| i.fixable.is_some()).count(),
        result.llm_pending,
        d.measured_passed,
        ref_ids.len(),
    );
    m.steps.push(AttemptRecord {
        step_id: step.number,
        step_name: step.name.to_string(),
        attempt,
        executed_at,
        execution_time: (stopwatch.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        success: d.measured_passed,
        quality_score: d.scoring.quality_score,
        measured_score: d.measured_score,
        judged_score: d.judged,
        llm_pending: d.scoring.llm_pending,
        accepted_unjudged,
        issues_found: result.issues_found,
        input_file: result.files.input_file.clone(),
        output_file: result.files.output_file.clone(),
        manuscript_hash_refs: hash_refs(l),
        trigger: input.trigger.to_string(),
        available_tools: tools.0,
        tool_selection_status: tools.1,
    });
    save_manifest(held, root, m, clock)?;
    file_refs(root, m, l, &written, &mut result);
    Ok(result)
}

/// What the step reads, loaded under the session's options.
struct Prepared {
    template: Template,
    opts: CheckOptions,
    target: TargetLength,
    l: Loaded,
}

/// The step's template, the options (the call's over the session's), the target length and
/// the manuscript with what the step reads; a step whose files are missing is recorded as
/// unavailable (QC-002) and not run.
fn prepared(
    held: &lock::EpisodeLock,
    pc: &ProjectCtx,
    m: &mut Manifest,
    step: &'static StepDef,
    input: &StepInput,
    clock: &Clock,
) -> Result<Prepared> {
    let root = pc.root();
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
        save_manifest(held, root, m, clock)?;
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
    Ok(Prepared {
        template,
        opts,
        target,
        l,
    })
}

/// The deterministic part of the step and what it was measured with.
struct Measurement<'a> {
    settings: Settings,
    analysis: FileAnalysis,
    doc: Document<'a>,
    measured: steps::common::Measured,
}

/// Analyses the text under the attempt's settings (learned thresholds, when given, with
/// the session's window) and measures the step; the analyser's fixes for the step's codes
/// become its corrections.
fn measured<'a>(
    m: &Manifest,
    step: &'static StepDef,
    input: &StepInput,
    prep: &'a Prepared,
) -> Result<Measurement<'a>> {
    let (template, opts, l) = (&prep.template, &prep.opts, &prep.l);
    let mut settings = settings_for(l, opts, prep.target);
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
    Ok(Measurement {
        settings,
        analysis,
        doc,
        measured,
    })
}

/// The call that sends this step's judgment, `llm_result` a placeholder naming the sha256 of
/// the text to judge (what the agent writes there).
fn judgment_call(m: &Manifest, step: u8, sha256: &str) -> NextStep {
    NextStep::new("execute_check_step")
        .arg("episode", m.episode_number)
        .arg("step_id", step)
        .arg("session_id", m.session_id.as_str())
        .arg(
            "llm_result",
            format!("<判断（llm_instruction の返却形式の JSON。manuscript_sha256 は {sha256}）>"),
        )
}

/// A judgment refused (no or another sha256, a quote that is not in the text, the schema):
/// the call that sends it again, complete (issue 33 item 1), unless the error names one.
fn resend_hint(e: Error, m: &Manifest, step: &StepDef, l: &Loaded) -> Error {
    if e.suggested_action.is_some() {
        return e;
    }
    let call = judgment_call(m, step.number, &l.sha256).why("llm_result を直して送り直す");
    e.suggest(call.to_wire())
}

/// The judgment part, when the call sends one: it must name the text it judged, quote it
/// where it points, and fit the template's schema.
fn judged(
    step: &StepDef,
    input: &StepInput,
    template: &Template,
    l: &Loaded,
) -> Result<Option<Judgment>> {
    let Some(v) = &input.llm_result else {
        return Ok(None);
    };
    judgment::check_manuscript_hash(v, &l.sha256)?;
    crate::workflow::text_fetch::check_alignment(v, l.source.text.as_str())?;
    judgment::validate(&template.doc.output_schema, v, &template.name)?;
    Ok(Some(judgment::parse(v, &format!("J{:02}", step.number))))
}

/// How the attempt ended: the scores, every reason it failed, and its state.
struct Decision {
    scoring: Scoring,
    measured_score: f64,
    judged: Option<f64>,
    pass_score: f64,
    blocking: Severity,
    reasons: Vec<String>,
    /// `reasons`, with the note that the judgment is awaited.
    shown_reasons: Vec<String>,
    /// The session moves on when the measured part passes.
    measured_passed: bool,
    /// Step 12 with `accept_unjudged` accepts its own judgment unjudged too (recorded).
    own_accepted: bool,
    pending: bool,
    /// The step itself has passed only once its judgment is in too.
    passed: bool,
    status: Verdict,
}

fn decided(
    step: &'static StepDef,
    prep: &Prepared,
    analysis: &FileAnalysis,
    measured: &steps::common::Measured,
    judgment: Option<&Judgment>,
) -> Result<Decision> {
    let (template, opts) = (&prep.template, &prep.opts);
    let measured_score =
        steps::common::penalty_score(&measured.issues, analysis.metrics.length_stats.body_chars);
    let judged = judgment.and_then(|j| j.metrics.get("score").copied());
    if judgment.is_some() && judged.is_none() {
        return Err(
            Error::new(Code::U006, "llm_result の /metrics/score がありません")
                .hint("metrics.score に 0〜100 の点数を入れてください。"),
        );
    }
    let weight = param_f64(template, "judgment_weight", 0.5);
    let scoring = judgment::combine(measured_score, judged, weight);
    let pass_score = param_f64(template, "pass_score", 80.0);
    let blocking = blocking_severity(template);
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
    if let Some(j) = judgment {
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
    let measured_passed = reasons.is_empty();
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
    Ok(Decision {
        scoring,
        measured_score,
        judged,
        pass_score,
        blocking,
        reasons,
        shown_reasons,
        measured_passed,
        own_accepted,
        pending,
        passed,
        status,
    })
}

/// The prompt for the judgment part, rendered from the step's template, with how to send
/// the judgment back and the embedded inputs.
#[allow(clippy::too_many_arguments)]
fn llm_instruction(
    m: &Manifest,
    step: &'static StepDef,
    prep: &Prepared,
    artifact: &str,
    analysis: &FileAnalysis,
    ref_ids: &RefIds,
    d: &Decision,
    measured: &steps::common::Measured,
    details: &Value,
) -> Result<String> {
    let (template, l) = (&prep.template, &prep.l);
    let title = episode_title(l);
    let mut vars = base_vars(m.episode_number, &title, l, artifact, analysis, ref_ids);
    vars.insert("measured_score".into(), format!("{}", d.measured_score));
    vars.insert(
        "findings_summary".into(),
        issues_summary(&measured.issues, 30, true),
    );
    vars.insert(
        "details_summary".into(),
        details_summary(details, 4000, "\n  …（省略。出力の details を参照）"),
    );
    vars.insert("session_id".into(), m.session_id.clone());
    vars.insert("step_id".into(), step.number.to_string());
    let submit = format!(
        "- CLI: 上の形の JSON をファイルに保存し `noveler check progressive {ep} step {n} --llm-result <ファイル>`\n- MCP: execute_check_step に {{\"episode\": {ep}, \"step_id\": {n}, \"session_id\": \"{sid}\", \"llm_result\": {{…}}}}",
        ep = m.episode_number,
        n = step.number,
        sid = m.session_id
    );
    let mut llm_instruction = render_prompt(template, &vars, &submit)?;
    if let Some(docs) = embedded_inputs(l, &llm_instruction) {
        llm_instruction.push_str(&docs);
    }
    Ok(llm_instruction)
}

/// The next step, the next call (the judgment awaited, the next step, the fix, or the
/// rerun) and, after a failure, guidance. Refreshes the manifest's step lists first.
fn next_moves(
    m: &mut Manifest,
    step: &'static StepDef,
    d: &Decision,
    issues: &[StepIssue],
    l: &Loaded,
) -> (Option<u8>, String, Option<String>) {
    m.refresh();
    let completed_after: Vec<u8> = {
        let mut c = m.completed_steps.clone();
        c.retain(|&s| s != step.number);
        if d.measured_passed {
            c.push(step.number);
        }
        c
    };
    let next_step = STEPS
        .iter()
        .map(|s| s.number)
        .find(|n| !completed_after.contains(n) && *n != step.number)
        .or((!d.measured_passed).then_some(step.number));
    let ep = m.episode_number;
    let step_call = |n: u8| {
        NextStep::new("execute_check_step")
            .arg("episode", ep)
            .arg("step_id", n)
            .arg("session_id", m.session_id.as_str())
    };
    let fixable = issues.iter().any(|i| i.fixable.is_some());
    let next_action = if d.pending {
        judgment_call(m, step.number, &l.sha256).why(
            "llm_instruction に従って判断し、llm_result を送る（判断を省くなら次のステップへ）",
        )
    } else if d.measured_passed {
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
    let guidance = (!d.measured_passed).then(|| {
        let fixable = issues.iter().filter(|i| i.fixable.is_some()).count();
        let mut g = format!("不合格の理由: {}。", d.reasons.join("／"));
        if fixable > 0 {
            g.push_str(&format!(
                "自動修正できる問題が {fixable} 件あります（`noveler polish {} --diff` で確認）。",
                m.episode_number
            ));
        }
        g
    });
    (next_step, next_action, guidance)
}

/// What the attempt ran with and measured besides its findings: the configuration, the
/// rhythm and dialogue figures, the scoring, the template, the judgment as sent.
fn step_metadata(
    prep: &Prepared,
    ms: &Measurement<'_>,
    input: &StepInput,
    d: &Decision,
    judgment: Option<&Judgment>,
) -> StepMetadata {
    let (template, settings, doc) = (&prep.template, &ms.settings, &ms.doc);
    let metrics = &ms.analysis.metrics;
    StepMetadata {
        config_snapshot: ConfigSnapshot {
            target_length: prep.target.into(),
            exclude_dialogue_lines: settings.exclude_dialogue_lines,
            window_size: settings.thresholds.window_size,
            rule_profile: prep
                .opts
                .rule_profile
                .clone()
                .unwrap_or_else(|| settings.preset.clone()),
            thresholds: input.thresholds.as_ref().map(|_| "learned".to_string()),
        },
        rhythm_metrics: rhythm_block(doc, settings, metrics),
        dialogue_warnings: dialogue_warnings(doc, settings, &template.doc.parameters),
        hook_assessment: metrics.hook_assessment.clone(),
        length_stats: metrics.length_stats.clone(),
        scoring: d.scoring.clone(),
        template: template.info(),
        structured_output: judgment.map(|j| j.raw.clone()),
        ml_enhancements: None,
    }
}

/// The bytes of the input and output files as written.
struct Written {
    input: Vec<u8>,
    output: Vec<u8>,
}

/// The attempt's input file (what it was run with), then its output file (the result).
#[allow(clippy::too_many_arguments)]
fn write_files(
    root: &Path,
    m: &Manifest,
    step: &'static StepDef,
    input: &StepInput,
    prep: &Prepared,
    artifact: &str,
    ref_ids: &RefIds,
    result: &StepResult,
) -> Result<Written> {
    let (template, opts, l) = (&prep.template, &prep.opts, &prep.l);
    let mut input_doc = serde_json::json!({
        "session_id": m.session_id,
        "step_id": step.number,
        "attempt": result.attempt,
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
    write_atomic(&root.join(&result.files.input_file), &input_bytes)?;
    let output_bytes = serde_json::to_vec_pretty(result).unwrap_or_default();
    write_atomic(&root.join(&result.files.output_file), &output_bytes)?;
    Ok(Written {
        input: input_bytes,
        output: output_bytes,
    })
}

/// The hashes of the text the attempt checked: the manuscript's, and the passed content's.
fn hash_refs(l: &Loaded) -> Vec<HashRef> {
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
    hash_refs
}

/// The files the attempt read and wrote, for the call's envelope.
fn file_refs(root: &Path, m: &Manifest, l: &Loaded, written: &Written, result: &mut StepResult) {
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
        FileRef::from_bytes(
            root,
            &root.join(&result.files.input_file),
            &written.input,
            "step_input",
        ),
        FileRef::from_bytes(
            root,
            &root.join(&result.files.output_file),
            &written.output,
            "step_output",
        ),
        FileRef::from_bytes(
            root,
            &manifest_path(root, &m.session_id),
            &manifest_bytes,
            "manifest",
        ),
    ];
}
