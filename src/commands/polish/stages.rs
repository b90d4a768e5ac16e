//! Stage 2 / 3 prompts and submissions.

use super::*;
use crate::analysis::{self, Source};
use crate::operations::fix::Target;

// Stage 2 / 3 prompts and submissions

/// The content-polish (2) or reader-experience (3) prompt for an agent.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StageRequest {
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    #[serde(default)]
    pub file: Option<String>,
    /// 2 (content) or 3 (reader experience).
    #[schemars(range(min = 2, max = 3))]
    pub stage: u8,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StageReport {
    pub success: bool,
    pub stage: u8,
    pub file: String,
    pub sha256: String,
    pub artifact_id: String,
    pub prompt: String,
    pub output_schema: Value,
    pub template: TemplateInfo,
    pub next_action: String,
    #[serde(skip)]
    pub(crate) files_in: Vec<FileRef>,
}

impl Report for StageReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
}

fn stage_template(stage: u8) -> Result<&'static str> {
    match stage {
        2 => Ok("quality/polish_stage2_content.yaml"),
        3 => Ok("quality/polish_stage3_reader.yaml"),
        _ => Err(
            Error::new(Code::U001, format!("--stage は 2 か 3 です（{stage}）"))
                .hint("2: 内容推敲、3: 読者体験の仕上げ")
                .details(serde_json::json!({"valid_stages": [2, 3]})),
        ),
    }
}

fn episode_for(t: &Target, episode: Option<u32>) -> u32 {
    episode.unwrap_or_else(|| {
        t.path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(crate::project::episode_number_of)
            .unwrap_or(0)
    })
}

pub fn stage(ctx: &Ctx, req: StageRequest) -> Result<StageReport> {
    let name = stage_template(req.stage)?;
    let which = EpisodeOrFile::of(req.episode, req.file.clone())?;
    let t = target(&ProjectCtx::new(&ctx.root), &which)?;
    let ep = episode_for(&t, which.episode());
    let template = templates::load(&ctx.root, name)?;
    let settings = &t.project.settings;
    let analysis = crate::store::dictionary::analyze(&t.source.text, &t.rel, settings)?;
    // The settings documents and plot, when the file is an episode of the project.
    let loaded = if ep > 0 {
        progressive::load(t.project.clone(), ep, None).ok()
    } else {
        None
    };
    let (artifact, refs, title) = match &loaded {
        Some(l) => {
            let (a, r) = progressive::store_inputs(&ctx.root, ep, l, &ctx.clock)?;
            (a, r, progressive::episode_title(l))
        }
        None => (String::new(), Vec::new(), t.rel.clone()),
    };
    let mut vars = crate::workflow::render::Vars::new();
    vars.insert("episode".into(), ep.to_string());
    vars.insert("episode_title".into(), title);
    vars.insert("manuscript_path".into(), t.rel.clone());
    vars.insert("manuscript_sha256".into(), t.sha256.clone());
    vars.insert(
        "manuscript_artifact".into(),
        if artifact.is_empty() {
            "参照IDなし".into()
        } else {
            artifact.clone()
        },
    );
    let ls = &analysis.metrics.length_stats;
    vars.insert("body_chars".into(), ls.body_chars.to_string());
    vars.insert("target_min".into(), ls.target_min.to_string());
    vars.insert("target_max".into(), ls.target_max.to_string());
    let findings: Vec<String> = analysis
        .findings
        .iter()
        .take(30)
        .map(|f| {
            format!(
                "  - {}行目 [{}] {}: {}",
                f.line,
                f.severity.as_str(),
                f.code,
                f.message
            )
        })
        .collect();
    vars.insert(
        "findings_summary".into(),
        if findings.is_empty() {
            "  - 機械チェックで検出された問題はありません。".into()
        } else {
            findings.join("\n")
        },
    );
    vars.insert(
        "reference_files".into(),
        if refs.is_empty() {
            "  - （設定資料はありません）".into()
        } else {
            refs.iter()
                .map(|(label, rel, id)| format!("  - {label}: {rel}（{id}）"))
                .collect::<Vec<_>>()
                .join("\n")
        },
    );
    let target_arg = which
        .episode()
        .map(|e| e.to_string())
        .unwrap_or_else(|| t.rel.clone());
    let submit = format!(
        "- CLI: 上の形の JSON をファイルに保存し `noveler polish submit {target_arg} --stage {} --result <ファイル>`（--diff で書き込まずに差分だけ確認）\n- MCP: polish_submit に {{\"episode_number\": {ep}, \"stage\": {}, \"result\": {{…}}}}",
        req.stage, req.stage
    );
    let prompt = progressive::render_prompt(&template, &vars, &submit)?;
    Ok(StageReport {
        success: true,
        stage: req.stage,
        file: t.rel.clone(),
        sha256: t.sha256.clone(),
        artifact_id: artifact,
        prompt,
        output_schema: template.doc.output_schema.clone(),
        template: template.info(),
        next_action: "prompt に従って改稿し、結果を polish submit で送ってください".into(),
        files_in: vec![FileRef::from_bytes(
            &ctx.root,
            &t.path,
            &t.bytes,
            "manuscript",
        )],
    })
}

/// Apply an agent's Stage 2/3 revision: validated against the stage's schema, refused
/// (QC-018) unless `base_sha256` is the file's current sha256, backed up, written.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct SubmitRequest {
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    #[serde(default)]
    pub file: Option<String>,
    /// 2 or 3.
    #[schemars(range(min = 2, max = 3))]
    pub stage: u8,
    /// `{base_sha256, revised_manuscript, changes, summary}`.
    pub result: Value,
    /// Only show the diff; write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

pub fn submit(ctx: &Ctx, req: SubmitRequest) -> Result<PolishReport> {
    let name = stage_template(req.stage)?;
    let t = target(
        &ProjectCtx::new(&ctx.root),
        &EpisodeOrFile::of(req.episode, req.file.clone())?,
    )?;
    let template = templates::load(&ctx.root, name)?;
    judgment::validate(&template.doc.output_schema, &req.result, &template.name)?;
    let base = req
        .result
        .get("base_sha256")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if base != t.sha256 {
        return Err(stale(&t.rel, base, &t.sha256));
    }
    let revised_raw = req
        .result
        .get("revised_manuscript")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let revised = Source::new(revised_raw).text;
    // The agent's text is analysed too: the same memory guard as the manuscript's.
    crate::store::text::ensure_analysable(
        &format!("{} の revised_manuscript", t.rel),
        &t.path,
        &revised,
    )?;
    let settings = &t.project.settings;
    let lexicon = crate::store::dictionary::for_settings(settings)?;
    let before = analysis::analyze_with(&t.source.text, &t.rel, settings, lexicon);
    let after = analysis::analyze_with(&revised, &t.rel, settings, lexicon);
    let changed = revised != t.source.text;
    let diff = unified_diff(&t.rel, &t.source.text, &revised);
    let (mut written, mut backup_ref, mut files_out) = (false, None, Vec::new());
    let mut sha_after = sha256_hex(t.source.denormalise(&revised).as_bytes());
    if changed && !req.dry_run {
        let w = write_back(
            ctx,
            &t,
            &t.sha256,
            &revised,
            &format!("polish stage{}", req.stage),
            None,
        )?;
        sha_after = w.sha256;
        files_out.push(w.file);
        backup_ref = Some(w.backup);
        written = true;
    }
    let (_, unfixable) = skipped_of(&after, Applicability::Safe, &[], true);
    Ok(PolishReport {
        success: true,
        file: t.rel.clone(),
        mode: if req.dry_run { "diff" } else { "apply" }.into(),
        level: Applicability::Aggressive,
        sha256_before: t.sha256.clone(),
        sha256_after: sha_after,
        changed,
        written,
        fixes_applied: Vec::new(),
        fixes_skipped: Vec::new(),
        unfixable,
        quality_improvement: improvement(&before, &after),
        diff,
        next_action: if written {
            "改稿を適用しました。`noveler check` で再チェックしてください".into()
        } else if changed {
            "差分を確認し、よければ --diff なしで送り直してください".into()
        } else {
            "改稿版は現在の原稿と同じです".into()
        },
        backup: backup_ref,
        submission: Some(serde_json::json!({
            "stage": req.stage,
            "changes": req.result.get("changes"),
            "summary": req.result.get("summary"),
        })),
        files_in: vec![FileRef::from_bytes(
            &ctx.root,
            &t.path,
            &t.bytes,
            "manuscript",
        )],
        files_out,
    })
}
