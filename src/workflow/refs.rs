//! Auto-artifacts (seed 003 §2.4): the inputs a writing or plot prompt refers to — the
//! episode plot, `キャラクター.yaml`, `世界観.yaml`, `用語集.yaml`, style files, quality rules,
//! the chapter plot, the previous episode's manuscript — plus a generated brief (tagged
//! `summary`) that is always listed first. Prompts carry `artifact:` ids, never the content;
//! `prompt_reduction_pct` says how much that saves.

use super::io::{self, ProjectInfo};
use super::session::ArtifactRef;
use crate::error::{Code, Error, Result};
use crate::project::Project;
use crate::store::clock::Clock;
use crate::store::fileref::shown_path;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One input, read and ready to be stored.
#[derive(Debug, Clone)]
pub struct SourceDoc {
    pub key: String,
    pub label: String,
    /// Relative to the project root (none for generated content).
    pub source_file: Option<String>,
    pub content: String,
    pub content_type: &'static str,
    pub summary: bool,
    /// The project file as read (sha256 of its bytes; role = `key`), so the envelope's
    /// inputs need not read it again. None for generated content.
    pub file_ref: Option<crate::store::FileRef>,
}

impl SourceDoc {
    pub fn artifact_id(&self) -> String {
        io::artifact_id(&self.content)
    }

    pub(crate) fn to_ref(&self) -> ArtifactRef {
        ArtifactRef {
            key: self.key.clone(),
            label: self.label.clone(),
            artifact_id: self.artifact_id(),
            source_file: self.source_file.clone(),
            size_bytes: self.content.len() as u64,
            content_type: self.content_type.to_string(),
            summary: self.summary,
        }
    }

    /// Stores it (unless `dry_run`; `clock`: the call's) and returns its reference.
    pub fn store(&self, root: &Path, ep: u32, dry_run: bool, clock: &Clock) -> Result<ArtifactRef> {
        let mut refs = store_docs(std::slice::from_ref(self), root, ep, dry_run, clock)?;
        Ok(refs.remove(0))
    }
}

/// Stores `docs` (unless `dry_run`) under one hold of the artifact lock and returns their
/// references, in order.
pub(crate) fn store_docs(
    docs: &[SourceDoc],
    root: &Path,
    ep: u32,
    dry_run: bool,
    clock: &Clock,
) -> Result<Vec<ArtifactRef>> {
    if !dry_run {
        let meta: Vec<(String, [(&str, String); 3])> = docs
            .iter()
            .map(|d| {
                (
                    format!("第{ep:03}話 {}", d.label),
                    [
                        ("episode", format!("{ep:03}")),
                        ("type", d.key.clone()),
                        ("summary", d.summary.to_string()),
                    ],
                )
            })
            .collect();
        let items: Vec<io::ArtifactItem<'_>> = docs
            .iter()
            .zip(&meta)
            .map(|(d, (description, tags))| io::ArtifactItem {
                content: &d.content,
                content_type: d.content_type,
                source_file: d.source_file.as_deref(),
                description,
                tags,
            })
            .collect();
        io::store_artifacts(root, &items, clock)?;
    }
    Ok(docs.iter().map(SourceDoc::to_ref).collect())
}

fn content_type_of(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("yaml") | Some("yml") => "yaml",
        Some("md") => "markdown",
        Some("json") => "json",
        _ => "text",
    }
}

/// Reads a project file as text (UTF-8 required).
pub(crate) fn read_text(path: &Path) -> Result<String> {
    let bytes = crate::store::text::read_bytes(path)?;
    crate::store::text::decode(path, &bytes).map(|s| s.text)
}

/// Reads a project file as text, from the copy the project load kept when it read that
/// file (the config, the quality rules, the style guide), else from the disk.
/// Returns the text and the file's reference (role `key`).
fn project_text(
    project: &Project,
    path: &Path,
    key: &str,
    read_before: Option<&[u8]>,
) -> Result<(String, crate::store::FileRef)> {
    let read;
    let bytes = match read_before.or_else(|| project.bytes_of(path)) {
        Some(bytes) => bytes,
        None => {
            read = crate::store::text::read_bytes(path)?;
            &read[..]
        }
    };
    let text = crate::store::text::decode(path, bytes)?.text;
    let file_ref = crate::store::FileRef::from_bytes(&project.root, path, bytes, key);
    Ok((text, file_ref))
}

fn file_doc(project: &Project, key: &str, label: String, path: &Path) -> Result<SourceDoc> {
    file_doc_read(project, key, label, path, None)
}

/// `file_doc` of a file this call has read already (`read_before`: its bytes then).
fn file_doc_read(
    project: &Project,
    key: &str,
    label: String,
    path: &Path,
    read_before: Option<&[u8]>,
) -> Result<SourceDoc> {
    let (content, file_ref) = project_text(project, path, key, read_before)?;
    Ok(SourceDoc {
        key: key.to_string(),
        label,
        source_file: Some(shown_path(&project.root, path)),
        content,
        content_type: content_type_of(path),
        summary: false,
        file_ref: Some(file_ref),
    })
}

fn stem_label(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// What the prompts need to know about the episode, gathered from the plot, the chapter
/// plot and the previous episode.
#[derive(Debug, Clone, Default)]
pub struct EpisodeFacts {
    pub episode: u32,
    pub plot_path: Option<PathBuf>,
    /// The plot as JSON (YAML plots are converted; a Markdown plot is a string).
    pub plot: serde_json::Value,
    pub title: Option<String>,
    pub hook_minor_peak_pct: Option<i64>,
    pub hook_mini_hook_pct: Option<i64>,
    pub hook_main: Option<String>,
    pub plot_viewpoint: Option<String>,
    pub chapter_role: Option<String>,
    pub previous: Option<(u32, String, PathBuf)>,
    /// The plot file's bytes as read for these facts (the plot's auto-artifact is made
    /// from them: the file is read once per call).
    pub plot_bytes: Option<Vec<u8>>,
    /// The chapter plot that lists the episode and its bytes as read.
    pub chapter_plot: Option<(PathBuf, Vec<u8>)>,
}

/// Parses plot text (YAML, or anything else kept as a string).
pub(crate) fn plot_value(text: &str) -> serde_json::Value {
    crate::project::yaml::from_str::<serde_json::Value>(text)
        .ok()
        .filter(|v| v.is_object())
        .unwrap_or_else(|| serde_json::Value::String(text.to_string()))
}

/// The title of a `第NNN話_<title>.*` file (`project::layout::episode_of_stem`); none when
/// empty.
pub(crate) fn title_from_name(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_string_lossy();
    crate::project::layout::episode_of_stem(&stem)
        .map(|(_, title)| title)
        .filter(|t| !t.is_empty())
}

/// Facts for episode `ep`; `plot_text` replaces the plot file when given.
pub(crate) fn episode_facts(
    project: &Project,
    ep: u32,
    plot_text: Option<&str>,
) -> Result<EpisodeFacts> {
    let mut facts = EpisodeFacts {
        episode: ep,
        ..Default::default()
    };
    let text = match plot_text {
        Some(t) => Some(t.to_string()),
        None => match io::find_plot(project, ep) {
            Some(p) => {
                let bytes = crate::store::text::read_bytes(&p)?;
                let t = crate::store::text::decode(&p, &bytes)?.text;
                facts.plot_path = Some(p);
                facts.plot_bytes = Some(bytes);
                Some(t)
            }
            None => None,
        },
    };
    if let Some(text) = text {
        facts.plot = plot_value(&text);
        let s = |k: &str| {
            facts
                .plot
                .get(k)
                .and_then(|v| v.as_str())
                .map(str::trim)
                // `title: ""` is the plot template's blank, not a title.
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        facts.title = s("title");
        facts.plot_viewpoint = s("viewpoint");
        if let Some(h) = facts.plot.get("hook_plan") {
            facts.hook_minor_peak_pct = h.get("minor_peak_pct").and_then(|v| v.as_i64());
            facts.hook_mini_hook_pct = h.get("mini_hook_pct").and_then(|v| v.as_i64());
            facts.hook_main = h
                .get("main_hook")
                .and_then(|v| v.as_str())
                .map(str::to_string);
        }
    }
    if facts.title.is_none() {
        facts.title = facts.plot_path.as_deref().and_then(title_from_name);
    }
    if facts.title.is_none() {
        // The manuscript's file name (`第001話_はじまり.md`), as `status` shows it.
        facts.title = io::manuscripts_of(project, ep)
            .iter()
            .find_map(|p| title_from_name(p));
    }
    if let Some((path, chapter, bytes)) = io::find_chapter_plot_read(project, ep) {
        let number = chapter
            .get("chapter")
            .and_then(|v| v.as_u64())
            .map(|n| format!("第{n}章"))
            .unwrap_or_else(|| stem_label(&path));
        let title = chapter
            .get("title")
            .and_then(|v| v.as_str())
            .map(|t| format!("「{t}」"))
            .unwrap_or_default();
        let episodes: Vec<u64> = chapter
            .get("episodes")
            .and_then(|e| e.as_sequence())
            .map(|s| s.iter().filter_map(|v| v.as_u64()).collect())
            .unwrap_or_default();
        let pos = episodes
            .iter()
            .position(|&n| n == u64::from(ep))
            .unwrap_or(0)
            + 1;
        facts.chapter_role = Some(format!(
            "{number}{title}（全{}話）の{pos}話目",
            episodes.len()
        ));
        facts.chapter_plot = Some((path, bytes));
    }
    if ep > 1 {
        if let Some(prev) = io::find_manuscript(project, ep - 1)? {
            let title = title_from_name(&prev).unwrap_or_default();
            facts.previous = Some((ep - 1, title, prev));
        }
    }
    Ok(facts)
}

/// The generated brief: small, deterministic (no timestamps), listed first.
pub fn brief(info: &ProjectInfo, facts: &EpisodeFacts, docs: &[SourceDoc]) -> SourceDoc {
    let ep = facts.episode;
    let mut out = format!("# 第{ep:03}話 執筆ブリーフ（noveler 自動生成）\n\n");
    let genre = if info.sub_genres.is_empty() {
        info.genre.clone()
    } else {
        format!("{}（{}）", info.genre, info.sub_genres.join("・"))
    };
    let line = |out: &mut String, k: &str, v: &str| {
        if !v.is_empty() {
            out.push_str(&format!("- {k}: {v}\n"));
        }
    };
    line(&mut out, "作品", &info.name);
    line(&mut out, "ジャンル", &genre);
    line(&mut out, "掲載先", &info.platform);
    line(&mut out, "視点", &info.viewpoint);
    line(
        &mut out,
        "目標文字数",
        &format!("{}〜{}字", info.target_min, info.target_max),
    );
    line(
        &mut out,
        "この話のタイトル",
        facts.title.as_deref().unwrap_or(""),
    );
    if let Some(s) = facts.plot.get("summary").and_then(|v| v.as_str()) {
        line(&mut out, "あらすじ", s.trim());
    }
    line(
        &mut out,
        "この話の視点",
        facts.plot_viewpoint.as_deref().unwrap_or(""),
    );
    for key in ["conflict", "resolution", "tone"] {
        if let Some(s) = facts.plot.get(key).and_then(|v| v.as_str()) {
            let k = match key {
                "conflict" => "葛藤",
                "resolution" => "決着",
                _ => "トーン",
            };
            line(&mut out, k, s.trim());
        }
    }
    if facts.hook_minor_peak_pct.is_some() || facts.hook_main.is_some() {
        line(
            &mut out,
            "引き",
            &format!(
                "小さな山場 {}% / 小さな引き {}% / 最後: {}",
                facts
                    .hook_minor_peak_pct
                    .map_or("未設定".into(), |v| v.to_string()),
                facts
                    .hook_mini_hook_pct
                    .map_or("未設定".into(), |v| v.to_string()),
                facts.hook_main.as_deref().unwrap_or("未設定")
            ),
        );
    }
    line(&mut out, "章", facts.chapter_role.as_deref().unwrap_or(""));
    if let Some((n, title, _)) = &facts.previous {
        line(&mut out, "前話", &format!("第{n:03}話「{title}」"));
    }
    out.push_str("\n## 参照資料（fetch_artifact で取得）\n");
    for d in docs {
        out.push_str(&format!(
            "- {}: {} — {}（{}バイト）\n",
            d.label,
            d.artifact_id(),
            d.source_file.as_deref().unwrap_or("生成"),
            d.content.len()
        ));
    }
    SourceDoc {
        key: "summary".into(),
        label: "執筆ブリーフ（要約）".into(),
        source_file: None,
        content: out,
        content_type: "markdown",
        summary: true,
        file_ref: None,
    }
}

/// The handoff notes (`handoff.json`, written by stage 10) of the latest completed writing
/// session of episode `ep`.
pub(crate) fn handoff_of(root: &Path, ep: u32) -> Option<PathBuf> {
    handoff_in(root, &super::session::list(root), ep)
}

/// `handoff_of` among sessions the caller has listed already.
pub(crate) fn handoff_in(
    root: &Path,
    listed: &[super::session::Listed],
    ep: u32,
) -> Option<PathBuf> {
    listed.iter().rev().find_map(|l| match l {
        super::session::Listed::Ok(s)
            if s.episode == ep && s.status == super::session::SessionStatus::Completed =>
        {
            let p = root
                .join(super::session::writes_dir(&s.session_id))
                .join("handoff.json");
            p.is_file().then_some(p)
        }
        _ => None,
    })
}

/// The writing inputs of episode `ep`, the brief first. A missing plot is E002 unless
/// `plot_text` supplies it. `handoff`: the previous episode's handoff memo
/// (`handoff_of(root, ep - 1)`), looked up by the caller, which holds the session listing.
pub(crate) fn writing_sources(
    project: &Project,
    info: &ProjectInfo,
    facts: &EpisodeFacts,
    plot_text: Option<&str>,
    handoff: Option<PathBuf>,
) -> Result<Vec<SourceDoc>> {
    let ep = facts.episode;
    let mut docs = Vec::new();
    match (&facts.plot_path, plot_text) {
        (_, Some(text)) => docs.push(SourceDoc {
            key: "plot".into(),
            label: "話別プロット（指定内容）".into(),
            source_file: None,
            content: text.to_string(),
            content_type: "text",
            summary: false,
            file_ref: None,
        }),
        (Some(p), None) => docs.push(file_doc_read(
            project,
            "plot",
            "話別プロット".into(),
            p,
            facts.plot_bytes.as_deref(),
        )?),
        (None, None) => {
            return Err(Error::new(
                Code::E002,
                format!("第{ep}話のプロットファイルがありません"),
            )
            .hint(format!(
                "先にプロットを作ってください（noveler plot {ep}）。20_プロット/話別プロット/第{ep:03}話_<タイトル>.yaml に置けば読み込みます。"
            ))
            .suggest(format!("noveler plot {ep}"))
            .alternative(format!("noveler write {ep} --plot-file <プロット>")))
        }
    }
    docs.extend(chapter_plot_doc(project, facts)?);
    let files = io::settings_files(project);
    docs.extend(character_world_glossary_docs(project, &files)?);
    for path in &files.style {
        docs.push(file_doc(
            project,
            "style",
            format!("文体（{}）", stem_label(path)),
            path,
        )?);
    }
    if let Some(rules) = &files.quality_rules {
        docs.push(file_doc(
            project,
            "quality_rules",
            "執筆品質ルール".into(),
            rules,
        )?);
    }
    docs.extend(previous_episode_docs(project, facts, handoff)?);
    let summary = brief(info, facts, &docs);
    docs.insert(0, summary);
    Ok(docs)
}

/// The chapter plot that lists the episode, if any (from the bytes the facts read).
fn chapter_plot_doc(project: &Project, facts: &EpisodeFacts) -> Result<Option<SourceDoc>> {
    match &facts.chapter_plot {
        Some((path, bytes)) => Ok(Some(file_doc_read(
            project,
            "chapter_plot",
            format!("章別プロット（{}）", stem_label(path)),
            path,
            Some(bytes),
        )?)),
        None => Ok(None),
    }
}

/// The character, world and glossary settings, where they exist.
fn character_world_glossary_docs(
    project: &Project,
    files: &crate::project::SettingsFiles,
) -> Result<Vec<SourceDoc>> {
    let mut docs = Vec::new();
    for (key, path, label) in [
        ("characters", &files.characters, "キャラクター設定"),
        ("world", &files.world, "世界観"),
        ("glossary", &files.glossary, "用語集"),
    ] {
        if let Some(path) = path {
            docs.push(file_doc(project, key, label.into(), path)?);
        }
    }
    Ok(docs)
}

/// The most of the previous episode's last scene a prompt's `previous_ending` holds
/// (正味文字数, from the end, whole paragraphs).
const PREVIOUS_ENDING_CHARS: usize = 1_500;

/// The previous episode's ending, manuscript and handoff memo, where they exist.
fn previous_episode_docs(
    project: &Project,
    facts: &EpisodeFacts,
    handoff: Option<PathBuf>,
) -> Result<Vec<SourceDoc>> {
    let ep = facts.episode;
    let mut docs = Vec::new();
    if let Some((n, _, path)) = &facts.previous {
        let whole = file_doc(
            project,
            "previous_manuscript",
            format!("前話原稿（第{n:03}話）"),
            path,
        )?;
        // What a stage reads of the previous episode is how it ends (the last scene and its
        // hook); the whole text stays a reference for when a stage wants more.
        if let Some(ending) = io::last_scene(&whole.content, PREVIOUS_ENDING_CHARS) {
            docs.push(SourceDoc {
                key: "previous_ending".into(),
                label: format!("前話の結び（第{n:03}話の最後の場面）"),
                source_file: None,
                content: ending,
                content_type: "markdown",
                summary: false,
                file_ref: None,
            });
        }
        docs.push(whole);
    }
    if let Some(path) = handoff {
        docs.push(file_doc(
            project,
            "previous_handoff",
            format!("前話の引き継ぎメモ（第{:03}話）", ep - 1),
            &path,
        )?);
    }
    Ok(docs)
}

/// The plot prompt's inputs: project config, proposal, chapter plot, earlier plots (the
/// last one whole, up to nine before it as a digest), the previous episode's ending and
/// manuscript, settings, and the current plot when regenerating.
pub(crate) fn plot_sources(
    project: &Project,
    facts: &EpisodeFacts,
    regenerate: bool,
) -> Result<Vec<SourceDoc>> {
    let root = &project.root;
    let ep = facts.episode;
    let mut docs = Vec::new();
    let config = root.join(crate::project::PROJECT_CONFIG);
    if config.is_file() {
        docs.push(file_doc(
            project,
            "project_config",
            "プロジェクト設定".into(),
            &config,
        )?);
    }
    for path in io::proposal_files(root) {
        docs.push(file_doc(
            project,
            "proposal",
            format!("企画書（{}）", stem_label(&path)),
            &path,
        )?);
    }
    docs.extend(chapter_plot_doc(project, facts)?);
    let earlier: Vec<(u32, PathBuf)> = io::episode_plots(project)
        .into_iter()
        .filter(|(n, _)| *n < ep)
        .collect();
    // The last plot whole (the format to follow, the episode to continue); the ones before
    // it as a digest (what happened, the foreshadowing and its ids, the hook), so the
    // prompt does not grow a whole plot per episode.
    if let Some(((n, path), before)) = earlier.split_last() {
        let before = &before[before.len().saturating_sub(PLOT_DIGEST_EPISODES)..];
        if !before.is_empty() {
            docs.push(plot_digest(before)?);
        }
        docs.push(file_doc(
            project,
            "previous_plots",
            format!("話別プロット（第{n:03}話）"),
            path,
        )?);
    }
    let handoff = ep.checked_sub(1).and_then(|p| handoff_of(root, p));
    docs.extend(previous_episode_docs(project, facts, handoff)?);
    let files = io::settings_files(project);
    docs.extend(character_world_glossary_docs(project, &files)?);
    if regenerate {
        if let Some(path) = &facts.plot_path {
            docs.push(file_doc_read(
                project,
                "current_plot",
                "現行プロット（作り直す前）".into(),
                path,
                facts.plot_bytes.as_deref(),
            )?);
        }
    }
    Ok(docs)
}

/// Earlier plots a plot prompt's digest covers, before the last one (shown whole).
const PLOT_DIGEST_EPISODES: usize = 9;

/// The digest of earlier plots: per episode its title, summary, conflict and resolution,
/// foreshadowing (id, item, planted → recovered) and last hook.
fn plot_digest(plots: &[(u32, PathBuf)]) -> Result<SourceDoc> {
    let text = |v: &serde_json::Value, key: &str| {
        v.get(key)
            .and_then(|s| s.as_str())
            .map(|s| s.split_whitespace().collect::<Vec<_>>().join(""))
    };
    let mut out = String::from("# これまでの話の流れ（話別プロットの要約）\n");
    for (n, path) in plots {
        let v = plot_value(&read_text(path)?);
        let title = text(&v, "title").or_else(|| title_from_name(path));
        out.push_str(&format!(
            "\n## 第{n:03}話「{}」\n",
            title.unwrap_or_default()
        ));
        if v.is_string() {
            // A plot that is not YAML: its opening.
            let body: String = v.as_str().unwrap_or("").chars().take(300).collect();
            out.push_str(&format!("{}\n", body.trim()));
            continue;
        }
        for (key, label) in [
            ("summary", "あらすじ"),
            ("conflict", "葛藤"),
            ("resolution", "決着"),
        ] {
            if let Some(t) = text(&v, key) {
                out.push_str(&format!("- {label}: {t}\n"));
            }
        }
        let planted: Vec<String> = v
            .get("foreshadowing")
            .and_then(|f| f.as_array())
            .into_iter()
            .flatten()
            .map(|f| {
                let at = |k: &str| f.get(k).and_then(|x| x.as_u64()).map(|x| x.to_string());
                format!(
                    "{} {}（{}→{}）",
                    text(f, "id").unwrap_or_default(),
                    text(f, "item").unwrap_or_default(),
                    at("planted_in").unwrap_or_else(|| "?".into()),
                    at("recovered_in").unwrap_or_else(|| "未定".into()),
                )
            })
            .collect();
        if !planted.is_empty() {
            out.push_str(&format!("- 伏線: {}\n", planted.join("、")));
        }
        if let Some(hook) = v.pointer("/hook_plan/main_hook").and_then(|h| h.as_str()) {
            out.push_str(&format!("- 引き: {hook}\n"));
        }
    }
    let (first, last) = (plots[0].0, plots[plots.len() - 1].0);
    Ok(SourceDoc {
        key: "previous_plots".into(),
        label: format!("これまでの話の流れ（第{first:03}〜{last:03}話の要約と伏線）"),
        source_file: None,
        content: out,
        content_type: "markdown",
        summary: false,
        file_ref: None,
    })
}

/// How much passing by reference saves for one prompt.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PromptStats {
    /// Bytes of the prompt as rendered (with `artifact:` ids).
    pub referenced_bytes: u64,
    /// Bytes the prompt would have with every referenced artifact pasted in place of its id.
    pub pasted_bytes: u64,
    /// `(1 − referenced / pasted) × 100`, one decimal: the whole prompt.
    pub prompt_reduction_pct: f64,
    /// The referenced material alone: `(1 − id bytes / content bytes) × 100` (seed 003
    /// NFR-001-001's measure).
    pub references_reduction_pct: f64,
    pub artifacts_referenced: usize,
}

impl PromptStats {
    /// Stats for `prompt`, which references artifacts of these sizes (each id appears in
    /// the prompt and would be replaced by the content).
    pub fn compute(prompt: &str, referenced_sizes: &[u64]) -> PromptStats {
        let referenced = prompt.len() as u64;
        let id_len = "artifact:000000000000".len() as u64;
        let pasted = referenced + referenced_sizes.iter().sum::<u64>()
            - (referenced_sizes.len() as u64 * id_len).min(referenced);
        let pct = if pasted == 0 {
            0.0
        } else {
            ((1.0 - referenced as f64 / pasted as f64) * 1000.0).round() / 10.0
        };
        let content: u64 = referenced_sizes.iter().sum();
        PromptStats {
            referenced_bytes: referenced,
            pasted_bytes: pasted,
            prompt_reduction_pct: pct.max(0.0),
            references_reduction_pct: crate::store::artifact::prompt_reduction_pct(
                content as usize,
                (referenced_sizes.len() as u64 * id_len) as usize,
            ),
            artifacts_referenced: referenced_sizes.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project")
    }

    #[test]
    fn a_blank_plot_title_falls_back_to_the_manuscript_file_name() {
        // `noveler init`'s plot template says `title: ""`; the title is in the file name.
        let dir = tempfile::tempdir().unwrap();
        let plots = dir.path().join("20_プロット/話別プロット");
        std::fs::create_dir_all(&plots).unwrap();
        std::fs::write(plots.join("第001話.yaml"), "episode: 1\ntitle: \"\"\n").unwrap();
        std::fs::create_dir_all(dir.path().join("40_原稿")).unwrap();
        std::fs::write(dir.path().join("40_原稿/第001話_はじまり.md"), "本文。\n").unwrap();
        let project = Project::load(dir.path()).unwrap();
        let facts = episode_facts(&project, 1, None).unwrap();
        assert_eq!(facts.title.as_deref(), Some("はじまり"));
        let given = episode_facts(&project, 1, Some("title: \"  \"\n")).unwrap();
        assert_eq!(given.title.as_deref(), Some("はじまり"));
    }

    #[test]
    fn episode_three_sources() {
        let root = sample();
        let project = Project::load(&root).unwrap();
        let info = ProjectInfo::of(&project);
        let facts = episode_facts(&project, 3, None).unwrap();
        assert_eq!(facts.title.as_deref(), Some("迷い潮の夜"));
        assert_eq!(facts.hook_minor_peak_pct, Some(50));
        assert_eq!(
            facts.chapter_role.as_deref(),
            Some("第1章「迷い潮の夜」（全3話）の3話目")
        );
        assert_eq!(facts.previous.as_ref().unwrap().0, 2);
        let docs = writing_sources(
            &project,
            &info,
            &facts,
            None,
            handoff_of(&project.root, facts.episode - 1),
        )
        .unwrap();
        let keys: Vec<&str> = docs.iter().map(|d| d.key.as_str()).collect();
        assert_eq!(
            keys,
            vec![
                "summary",
                "plot",
                "chapter_plot",
                "characters",
                "world",
                "glossary",
                "style",
                "quality_rules",
                "previous_ending",
                "previous_manuscript"
            ]
        );
        // The ending is the previous episode's last scene, whole paragraphs, from the file.
        let ending = &docs[8].content;
        assert!(ending.len() < docs[9].content.len() / 2, "{ending}");
        assert!(docs[9].content.contains(ending.as_str()));
        assert!(
            ending.starts_with('　') || ending.starts_with('「'),
            "{ending}"
        );
        // The quality rules the project load read are quoted from that read, as on disk.
        let rules = project.settings_dir().join(crate::project::QUALITY_RULES);
        assert!(project.bytes_of(&rules).is_some());
        assert_eq!(docs[7].content, read_text(&rules).unwrap());
        let r = docs[7].file_ref.as_ref().unwrap();
        let bytes = std::fs::read(&rules).unwrap();
        assert_eq!(r.sha256, crate::analysis::sha256_hex(&bytes));
        assert_eq!(
            (r.role.as_str(), r.size_bytes),
            ("quality_rules", bytes.len() as u64)
        );
        assert!(docs[0].file_ref.is_none());
        assert!(docs[0].summary);
        assert!(docs[0].content.contains(&docs[1].artifact_id()));
        // Deterministic: same inputs, same brief, same id.
        let again = writing_sources(
            &project,
            &info,
            &facts,
            None,
            handoff_of(&project.root, facts.episode - 1),
        )
        .unwrap();
        assert_eq!(again[0].artifact_id(), docs[0].artifact_id());
    }

    #[test]
    fn missing_plot_is_e002_with_the_plot_command() {
        let root = sample();
        let project = Project::load(&root).unwrap();
        let info = ProjectInfo::of(&project);
        let facts = episode_facts(&project, 9, None).unwrap();
        let err = writing_sources(
            &project,
            &info,
            &facts,
            None,
            handoff_of(&project.root, facts.episode - 1),
        )
        .unwrap_err();
        assert_eq!(err.code, Code::E002);
        assert_eq!(err.suggested_action.as_deref(), Some("noveler plot 9"));
    }

    #[test]
    fn reduction_is_relative_to_the_pasted_prompt() {
        let prompt = "x".repeat(1000);
        let s = PromptStats::compute(&prompt, &[9000 + 21]);
        assert_eq!(s.pasted_bytes, 10000);
        assert_eq!(s.prompt_reduction_pct, 90.0);
        assert_eq!(s.references_reduction_pct, 99.8);
        assert_eq!(PromptStats::compute("", &[]).prompt_reduction_pct, 0.0);
    }
}
