//! The manuscript of stages 8–10: normalised, written safely (backing up what it replaces),
//! stored as an artifact and checked, then recorded in the session.

use super::*;

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
/// check are the operations every verb uses, run with the call's `ctx`. The steps: the
/// text (`submitted_text`), the quality stop, the write (`write_manuscript`), the artifact,
/// the check (`checked`), the session's record.
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
    let title = submitted_title(env, s, doc);
    let (text, read_from) = submitted_text(env, s, doc)?;
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
    let path = manuscript_path(env, ep, &title);
    let rel_path = shown_path(root, &path);
    let written = write_manuscript(ctx, env, ep, stage, &path, &content, read_from.as_ref())?;
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
        &ctx.clock,
    )?;
    let record = if check {
        Some(checked(ctx, env, stage, ep, &path)?)
    } else {
        None
    };
    let mut all_backups = s
        .manuscript
        .as_ref()
        .map(|m| m.backups.clone())
        .unwrap_or_default();
    all_backups.extend(written.backups.iter().cloned());
    let sha256 = crate::analysis::sha256_hex(content.as_bytes());
    s.manuscript = Some(ManuscriptState {
        path: rel_path.clone(),
        title: title.clone(),
        sha256: sha256.clone(),
        artifact_id: artifact_id.clone(),
        size_bytes: content.len() as u64,
        check: record.clone(),
        backups: all_backups,
    });
    Ok(ManuscriptResult {
        path: rel_path,
        title,
        backups: written.backups,
        removed: written.removed,
        unchanged: written.unchanged,
        sha256,
        artifact_id,
        body_chars: record
            .as_ref()
            .map(|r| r.body_chars)
            .unwrap_or_else(|| io::body_chars(&content)),
        check: record,
    })
}

/// The title the manuscript is saved under: the stage's, else the session's.
fn submitted_title(env: &Env, s: &Session, doc: &Value) -> String {
    doc.get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| env.title(Some(s)))
}

fn manuscript_path(env: &Env, ep: u32, title: &str) -> PathBuf {
    env.layout()
        .manuscript_dir()
        .join(format!("第{ep:03}話_{}.md", safe_title(title)))
}

/// Every file `apply_manuscript` may write or remove for this submission (the manuscript
/// it saves and the episode's manuscripts now), for the submission's journal.
pub(crate) fn touched_by(env: &Env, s: &Session, doc: &Value) -> Vec<PathBuf> {
    let mut paths = vec![manuscript_path(
        env,
        s.episode,
        &submitted_title(env, s, doc),
    )];
    for p in io::manuscripts_of(&env.layout(), s.episode) {
        if !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths
}

/// The manuscript text the stage submitted or, when it has none (stage 10), the current
/// file's, with the file it was read from and its sha256: that file is replaced (or
/// removed) only if it still has it, so a concurrent `polish` is never lost.
fn submitted_text(
    env: &Env,
    s: &Session,
    doc: &Value,
) -> Result<(String, Option<(PathBuf, String)>)> {
    if let Some(t) = doc.get("manuscript").and_then(Value::as_str) {
        return Ok((t.to_string(), None));
    }
    let ep = s.episode;
    let current = s.manuscript.as_ref().map(|m| env.root.join(&m.path));
    let path = match current.filter(|p| p.is_file()) {
        Some(p) => p,
        None => io::find_manuscript(&env.layout(), ep)?.ok_or_else(|| {
            Error::new(Code::E003, format!("第{ep}話の原稿が見つかりません"))
                .hint("manuscript に本文全体を入れて提出してください。")
        })?,
    };
    let bytes = crate::store::text::read_bytes(&path)?;
    let text = crate::store::text::decode(&path, &bytes)?.text;
    let sha = crate::analysis::sha256_hex(&bytes);
    Ok((text, Some((path, sha))))
}

/// What writing the manuscript did.
struct Written {
    backups: Vec<String>,
    /// Earlier manuscripts of the episode under another title, removed.
    removed: Vec<String>,
    /// The file already held this text: nothing was written.
    unchanged: bool,
}

/// The safe write backs up the file it replaces; an earlier manuscript of the episode under
/// another title is backed up here and then removed, so one file remains.
fn write_manuscript(
    ctx: &Ctx,
    env: &Env,
    ep: u32,
    stage: &StageDef,
    path: &Path,
    content: &str,
    read_from: Option<&(PathBuf, String)>,
) -> Result<Written> {
    let root = env.root.as_path();
    let project = env.layout();
    let mut written = Written {
        backups: Vec::new(),
        removed: Vec::new(),
        unchanged: false,
    };
    let existing = io::manuscripts_of(&project, ep);
    written.unchanged = existing.len() == 1
        && existing[0] == path
        && crate::store::text::read_bytes(path).ok().as_deref() == Some(content.as_bytes());
    if written.unchanged {
        return Ok(written);
    }
    let expected = |p: &Path| {
        read_from
            .filter(|(from, _)| from == p)
            .map(|(_, sha)| sha.as_str())
    };
    let rel_path = shown_path(root, path);
    written.backups.extend(io::write_manuscript(
        ctx,
        root,
        &rel_path,
        content,
        expected(path),
    )?);
    for old in existing.iter().filter(|o| **o != path) {
        let old_rel = shown_path(root, old);
        let id = lock::with_manuscript_locks(root, &[&old_rel], || {
            if let Some(sha) = expected(old) {
                let now = crate::store::text::read_bytes(old)?;
                if crate::analysis::sha256_hex(&now) != sha {
                    return Err(Error::new(
                        Code::QC018,
                        format!(
                            "{old_rel} は読み込んだときから変更されています（削除していません）"
                        ),
                    )
                    .hint("原稿を確認してから、もう一度提出してください。"));
                }
            }
            let id = io::backup_file(root, old, &format!("write {}", stage.stem()), &ctx.clock)?;
            crate::store::disk::remove_existing_file(old)?;
            Ok(id)
        })?;
        written.backups.push(id);
        written.removed.push(old_rel);
    }
    Ok(written)
}

/// The check of the saved manuscript, its result stored as an artifact, as the session
/// records it.
/// The check result as the next stages read it (an artifact they fetch): one line of JSON,
/// each finding where and what (code, severity, line, column, message, excerpt,
/// suggestion) without what only a tool uses (byte offsets, ends, the file named again in
/// every finding, ids) and the hook heuristic's description. `noveler check` has the rest.
fn report_for_stages(result: &Value) -> Value {
    let mut report = result.clone();
    if let Some(Value::Array(findings)) = report.get_mut("findings") {
        for f in findings.iter_mut().filter_map(Value::as_object_mut) {
            for key in [
                "id",
                "file",
                "end_line",
                "end_column",
                "byte_start",
                "byte_end",
            ] {
                f.shift_remove(key);
            }
        }
    }
    if let Some(Value::Object(hook)) = report.pointer_mut("/metrics/hook_assessment") {
        hook.shift_remove("method");
    }
    report
}

fn checked(ctx: &Ctx, env: &Env, stage: &StageDef, ep: u32, path: &Path) -> Result<CheckRecord> {
    let root = env.root.as_path();
    let rel_path = shown_path(root, path);
    let outcome = io::check_manuscript(ctx, &env.layout(), path)?;
    let result_text =
        serde_json::to_string(&report_for_stages(&outcome.result)).unwrap_or_default();
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
        &ctx.clock,
    )?;
    let mut by_severity = BTreeMap::new();
    for f in &outcome.findings {
        crate::analysis::tally_severity(&mut by_severity, f.severity, 1);
    }
    Ok(CheckRecord {
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
}
