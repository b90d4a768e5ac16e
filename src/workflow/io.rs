//! The workflow's window on the disk: project facts (config, plots, manuscripts, settings
//! files), artifacts, backups, the per-episode writer lock, and the manuscript's safe write
//! and check (the operations every verb runs, with the call's `Ctx`).
//! Everything the engine needs from other layers goes through these few functions, so the
//! engine itself stays logic.

use crate::analysis::settings::LengthSource;
use crate::error::{Code, Error, Result};
use crate::operations::Ctx;
use crate::project::Project;
use crate::store::artifact::{self, ArtifactStore, StoreOptions};
use crate::store::backup;
use crate::store::clock::Clock;
use std::path::{Path, PathBuf};

/// Facts from `プロジェクト設定.yaml` the prompts use, with the loaded project.
#[derive(Debug, Clone)]
pub struct ProjectInfo {
    pub name: String,
    pub genre: String,
    pub sub_genres: Vec<String>,
    pub viewpoint: String,
    pub platform: String,
    pub target_min: usize,
    pub target_max: usize,
    /// `project_config | default` (or `override` once a caller overrides it).
    pub target_source: String,
    /// The project (config, layout, analysis settings); none only in placeholder listings.
    pub project: Option<Box<Project>>,
}

impl ProjectInfo {
    /// The facts prompts use, from the project the call loaded.
    pub fn of(project: &Project) -> ProjectInfo {
        let root = &project.root;
        let raw = &project.config.raw;
        let name = project.config.name.clone().unwrap_or_else(|| {
            root.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        });
        let sub_genres = match raw.get("ジャンル").and_then(|g| g.get("サブ")) {
            Some(serde_yaml::Value::Sequence(items)) => items
                .iter()
                .filter_map(crate::project::yaml::trimmed_scalar)
                .collect(),
            Some(v) => crate::project::yaml::trimmed_scalar(v)
                .into_iter()
                .collect(),
            None => Vec::new(),
        };
        let t = project.config.target_length;
        ProjectInfo {
            name,
            genre: project.config.genre.clone().unwrap_or_default(),
            sub_genres,
            viewpoint: raw
                .get("視点")
                .and_then(crate::project::yaml::trimmed_scalar)
                .unwrap_or_default(),
            platform: raw
                .get("掲載予定")
                .and_then(crate::project::yaml::trimmed_scalar)
                .unwrap_or_default(),
            target_min: t.min,
            target_max: t.max,
            target_source: match t.source {
                LengthSource::ProjectConfig => "project_config",
                LengthSource::Override => "override",
                LengthSource::Default => "default",
            }
            .into(),
            project: Some(Box::new(project.clone())),
        }
    }
}

/// Loads the project (P002 broken config, QC-010 bad target length) and the facts prompts
/// use: for a caller that asks nothing else of the project (the engines take a
/// `ProjectCtx` and `ProjectInfo::of`).
#[cfg(test)]
pub(crate) fn project_info(root: &Path) -> Result<ProjectInfo> {
    Ok(ProjectInfo::of(&Project::load(root)?))
}

/// Where episode plots are written.
pub(crate) fn episode_plot_dir(project: &Project) -> PathBuf {
    project.plot_dir().join("話別プロット")
}

fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn has_ext(p: &Path, exts: &[&str]) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.contains(&e))
}

/// The episode number a `第NNN話…` file name starts with.
pub fn episode_of(name: &str) -> Option<u32> {
    crate::project::episode_number_of(name)
}

/// Manuscripts of episode `ep` (`40_原稿/第NNN話*.md|txt`), sorted.
pub(crate) fn manuscripts_of(project: &Project, ep: u32) -> Vec<PathBuf> {
    project
        .episodes()
        .into_iter()
        .filter(|e| e.number == ep)
        .map(|e| e.path)
        .collect()
}

/// The one manuscript of episode `ep` (none when there is none); several are E004.
pub(crate) fn find_manuscript(project: &Project, ep: u32) -> Result<Option<PathBuf>> {
    match project.manuscript_path(ep) {
        Ok(p) => Ok(Some(p)),
        Err(e) if e.code == Code::E003 => Ok(None),
        Err(e) => Err(e),
    }
}

/// The plot file of episode `ep` (SPEC §1 lookup order).
pub(crate) fn find_plot(project: &Project, ep: u32) -> Option<PathBuf> {
    project.plot_path(ep).ok()
}

/// Every episode plot under `20_プロット/話別プロット/`, by episode.
pub(crate) fn episode_plots(project: &Project) -> Vec<(u32, PathBuf)> {
    let mut out: Vec<(u32, PathBuf)> = sorted_files(&episode_plot_dir(project))
        .into_iter()
        .filter(|p| has_ext(p, &["yaml", "yml", "md"]))
        .filter_map(|p| {
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            episode_of(&stem).map(|n| (n, p))
        })
        .collect();
    out.sort();
    out
}

/// The chapter plot (`20_プロット/章別プロット/*.yaml`) whose `episodes` lists `ep`, with
/// its parsed content.
#[cfg(test)]
pub(crate) fn find_chapter_plot(
    project: &Project,
    ep: u32,
) -> Option<(PathBuf, serde_yaml::Value)> {
    find_chapter_plot_read(project, ep).map(|(path, doc, _)| (path, doc))
}

/// `find_chapter_plot`, also returning the file's bytes as read, so a caller that passes
/// the file on (an auto-artifact) does not read it again.
pub(crate) fn find_chapter_plot_read(
    project: &Project,
    ep: u32,
) -> Option<(PathBuf, serde_yaml::Value, Vec<u8>)> {
    for path in sorted_files(&project.plot_dir().join("章別プロット")) {
        if !has_ext(&path, &["yaml", "yml"]) {
            continue;
        }
        let Ok(bytes) = crate::store::text::read_bytes(&path) else {
            continue;
        };
        let Some(doc) = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|t| crate::project::yaml::from_str::<serde_yaml::Value>(t).ok())
        else {
            continue;
        };
        let listed = doc
            .get("episodes")
            .and_then(|e| e.as_sequence())
            .is_some_and(|s| s.iter().any(|v| v.as_u64() == Some(u64::from(ep))));
        if listed {
            return Some((path, doc, bytes));
        }
    }
    None
}

/// The settings documents (キャラクター, 世界観, 用語集, 文体/, 執筆品質ルール).
pub(crate) fn settings_files(project: &Project) -> crate::project::SettingsFiles {
    project.settings_files()
}

/// Proposal documents: `10_企画/*.md|yaml`.
pub(crate) fn proposal_files(root: &Path) -> Vec<PathBuf> {
    sorted_files(&root.join("10_企画"))
        .into_iter()
        .filter(|p| has_ext(p, &["md", "yaml", "yml", "txt"]))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Artifacts (SPEC §6): `.noveler/artifacts/<12 hex>.json`.

/// `artifact:<first 12 hex of sha256(content)>`.
pub fn artifact_id(content: &str) -> String {
    artifact::id_for(content)
}

/// Whether the artifact is stored (a readable file with this id, or held in this process's
/// memory because its file could not be written).
pub fn artifact_exists(root: &Path, id: &str) -> bool {
    artifact::parse_id(id)
        .map(|hex| root.join(ArtifactStore::rel_path(&hex)).is_file())
        .unwrap_or(false)
        || artifact::shared(root).memory_only(id).is_some()
}

/// The tool an artifact of the writing flow comes from: plots from `noveler_plot`.
fn source_tool_of(tags: &[(&str, String)]) -> &'static str {
    if tags.iter().any(|(k, v)| *k == "type" && v == "plot") {
        "noveler_plot"
    } else {
        "noveler_write"
    }
}

/// Stores `content` as an artifact (same content → same id). YAML that does not parse is
/// stored as text rather than refused: the prompt still references it.
pub fn store_artifact(
    root: &Path,
    content: &str,
    content_type: &str,
    source_file: Option<&str>,
    description: &str,
    tags: &[(&str, String)],
    clock: &Clock,
) -> Result<String> {
    let item = ArtifactItem {
        content,
        content_type,
        source_file,
        description,
        tags,
    };
    let mut ids = store_artifacts(root, &[item], clock)?;
    Ok(ids.remove(0))
}

/// One artifact to store (`store_artifact`'s arguments).
pub struct ArtifactItem<'a> {
    pub content: &'a str,
    pub content_type: &'a str,
    pub source_file: Option<&'a str>,
    pub description: &'a str,
    pub tags: &'a [(&'a str, String)],
}

/// Stores several artifacts under one hold of the artifact lock; their ids, in order.
/// An artifact whose file cannot be written is held in memory (`embed::unwritten_warning`
/// says so in the reply). `clock`: the call's (a new artifact's `created_at`).
pub(crate) fn store_artifacts(
    root: &Path,
    items: &[ArtifactItem<'_>],
    clock: &Clock,
) -> Result<Vec<String>> {
    let batch = items
        .iter()
        .map(|it| {
            let ctype = if artifact::validate_content(it.content, it.content_type).is_ok() {
                it.content_type
            } else {
                "text"
            };
            let opts = StoreOptions {
                content_type: Some(ctype.to_string()),
                source_file: it.source_file.map(str::to_string),
                description: Some(it.description.to_string()),
                tags: it
                    .tags
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect(),
                source_tool: Some(source_tool_of(it.tags).to_string()),
            };
            (it.content, opts)
        })
        .collect();
    Ok(artifact::shared(root)
        .store_all(batch, clock)?
        .into_iter()
        .map(|o| o.metadata.artifact_id)
        .collect())
}

// ---------------------------------------------------------------------------------------
// Backups (`store::backup`).

/// Backs up `path` (inside `root`); returns the backup id (`noveler backup restore ID`).
pub(crate) fn backup_file(root: &Path, path: &Path, reason: &str, clock: &Clock) -> Result<String> {
    Ok(backup::backup_file(root, path, reason, clock)?.backup_id)
}

// ---------------------------------------------------------------------------------------
// The manuscript check.

/// What the workflow records of a check.
#[derive(Debug, Clone)]
pub struct CheckOutcome {
    /// The overall score; none for a text too short to judge (SPEC §4).
    pub score: Option<f64>,
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
    pub findings: Vec<crate::analysis::Finding>,
    /// The whole check result (metrics, findings, scores) as JSON, for the check artifact.
    pub result: serde_json::Value,
}

/// Writes `content` to `rel` (relative to `root`) the safe way of REQ-OPS-WRITE-001
/// (`operations::write`: path resolved inside the root, `.noveler/` and `.git/` off limits,
/// the old content backed up, an atomic write under the manuscript lock). With
/// `expected_sha256`, the file must still have that sha256 under the lock (QC-018, nothing
/// written, otherwise). Returns the backup id of the content it replaced, if any.
pub(crate) fn write_manuscript(
    ctx: &Ctx,
    root: &Path,
    rel: &str,
    content: &str,
    expected_sha256: Option<&str>,
) -> Result<Option<String>> {
    let report = crate::operations::write::run(
        &ctx.nested(root),
        crate::operations::write::WriteFileRequest {
            path: rel.to_string(),
            content: content.to_string(),
            expected_sha256: expected_sha256.map(str::to_string),
        },
    )?;
    Ok(report.backup.map(|b| b.backup_id))
}

/// Checks the manuscript at `path` as `noveler check` does (the project's settings, target
/// length, 執筆品質ルール and `.novelerrc.yaml`), without the gate; `project` is the call's
/// loaded project (not read again).
pub(crate) fn check_manuscript(ctx: &Ctx, project: &Project, path: &Path) -> Result<CheckOutcome> {
    use crate::operations::check::{self, CheckRequest, Target};
    let rel = crate::store::fileref::shown_path(&project.root, path);
    let report = check::run(
        &ctx.nested(&project.root),
        project,
        CheckRequest {
            targets: vec![Target::Path(rel.clone())],
            exit_zero: true,
            ..Default::default()
        },
    )?;
    if let Some(e) = report.errors.first() {
        return Err(Error::new(
            Code::parse(&e.code).unwrap_or(Code::Q002),
            format!("原稿をチェックできません: {}", e.message),
        )
        .at(path, None));
    }
    let file = report.files.into_iter().next().ok_or_else(|| {
        Error::new(Code::Q002, format!("{rel} をチェックできませんでした")).at(path, None)
    })?;
    let ls = &file.metrics.length_stats;
    Ok(CheckOutcome {
        score: file.scores.overall,
        body_chars: ls.body_chars,
        target_min: ls.target_min,
        target_max: ls.target_max,
        in_range: ls.in_range,
        findings: file.findings.clone(),
        result: serde_json::to_value(&file).unwrap_or_default(),
    })
}

/// Body characters of `text` (SPEC §2.3), for the `文字数:` trailer.
pub fn body_chars(text: &str) -> usize {
    let doc = crate::analysis::Document::parse(text);
    crate::analysis::metrics::compute(&doc, &crate::analysis::Settings::default())
        .length_stats
        .body_chars
}

/// The ending of a manuscript: its last scene (the paragraphs after its last scene break or
/// heading), cut at a paragraph start to at most `max_chars` 正味文字数 counted from the end
/// (the last paragraph always). None for text without paragraphs.
pub fn last_scene(text: &str, max_chars: usize) -> Option<String> {
    let text = crate::analysis::Source::new(text).text;
    let doc = crate::analysis::Document::parse(&text);
    let section = doc.sections.last()?;
    let paragraphs = doc.paragraphs.get(section.paragraphs.clone())?;
    let last = paragraphs.last()?;
    let mut start = paragraphs.len() - 1;
    let mut chars = last.chars;
    while start > 0 && chars + paragraphs[start - 1].chars <= max_chars {
        start -= 1;
        chars += paragraphs[start].chars;
    }
    text.get(paragraphs[start].span.start..last.span.end)
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_scene_is_what_follows_the_last_break() {
        let text =
            "# 第一話\n\n　朝だった。\n\n◇\n\n　夜になった。\n「帰ろう」\n\n---\n文字数: 12\n";
        assert_eq!(
            last_scene(text, 100).as_deref(),
            Some("　夜になった。\n「帰ろう」")
        );
        // Cut from the end at a paragraph start; the last paragraph always stays.
        assert_eq!(last_scene(text, 4).as_deref(), Some("「帰ろう」"));
        assert_eq!(last_scene("", 100), None);
    }

    fn sample() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project")
    }

    #[test]
    fn reads_the_sample_project() {
        let root = sample();
        let info = project_info(&root).unwrap();
        let project = info.project.as_deref().unwrap();
        assert_eq!(info.name, "潮墨の地図師");
        assert_eq!(info.genre, "ファンタジー");
        assert_eq!((info.target_min, info.target_max), (3000, 8000));
        assert_eq!(info.target_source, "project_config");
        assert!(find_plot(project, 2)
            .unwrap()
            .ends_with("第002話_測量局の客.yaml"));
        assert!(find_plot(project, 9).is_none());
        assert!(find_manuscript(project, 3).unwrap().is_some());
        assert!(find_manuscript(project, 4).unwrap().is_none());
        assert_eq!(find_chapter_plot(project, 2).unwrap().1["chapter"], 1);
        assert_eq!(settings_files(project).style.len(), 1);
        assert_eq!(episode_plots(project).len(), 3);
    }

    #[test]
    fn episode_numbers_from_names() {
        assert_eq!(episode_of("第012話_題"), Some(12));
        assert_eq!(episode_of("第3話"), Some(3));
        assert_eq!(episode_of("第十話"), None);
        assert_eq!(episode_of("メモ"), None);
    }

    #[test]
    fn artifact_ids_are_content_addressed() {
        let dir = tempfile::tempdir().unwrap();
        let a = store_artifact(dir.path(), "潮", "text", None, "t", &[], &Clock::system()).unwrap();
        let b = store_artifact(dir.path(), "潮", "text", None, "t", &[], &Clock::system()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, artifact_id("潮"));
        assert!(artifact_exists(dir.path(), &a));
        assert!(!artifact_exists(dir.path(), "artifact:../../etc"));
    }
}
