//! The workflow's window on the disk: project facts (config, plots, manuscripts, settings
//! files), artifacts, backups, the per-episode writer lock and the manuscript check.
//! Everything the engine needs from other layers goes through these few functions, so the
//! engine itself stays logic.

use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::store::write_atomic;
use std::path::{Path, PathBuf};

/// Facts from `プロジェクト設定.yaml` the prompts use.
#[derive(Debug, Clone, PartialEq)]
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
    /// The config file, when there is one.
    pub config_path: Option<PathBuf>,
}

fn yaml_str(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.trim().to_string()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads the project config (absent → defaults; unreadable → P002; bad target → QC-010).
pub fn project_info(root: &Path) -> Result<ProjectInfo> {
    let path = root.join(crate::project::PROJECT_CONFIG);
    let mut info = ProjectInfo {
        name: root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        genre: String::new(),
        sub_genres: Vec::new(),
        viewpoint: String::new(),
        platform: String::new(),
        target_min: 6000,
        target_max: 10000,
        target_source: "default".into(),
        config_path: None,
    };
    if !path.is_file() {
        return Ok(info);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| Error::io(&path, &e))?;
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).map_err(|e| {
        Error::new(Code::P002, format!("プロジェクト設定を読み込めません: {e}"))
            .at(&path, e.location().map(|l| l.line()))
            .hint("YAML の書式を確認してください。")
    })?;
    info.config_path = Some(path.clone());
    if let Some(s) = doc.get("プロジェクト名").and_then(yaml_str) {
        info.name = s;
    }
    if let Some(g) = doc.get("ジャンル") {
        if let Some(s) = g.get("メイン").and_then(yaml_str).or_else(|| yaml_str(g)) {
            info.genre = s;
        }
        if let Some(serde_yaml::Value::Sequence(items)) = g.get("サブ") {
            info.sub_genres = items.iter().filter_map(yaml_str).collect();
        }
    }
    if let Some(s) = doc.get("視点").and_then(yaml_str) {
        info.viewpoint = s;
    }
    if let Some(s) = doc.get("掲載予定").and_then(yaml_str) {
        info.platform = s;
    }
    let target = doc
        .get("writing")
        .and_then(|w| w.get("episode"))
        .and_then(|e| e.get("target_length"));
    if let Some(t) = target {
        let min = t.get("min").and_then(serde_yaml::Value::as_u64);
        let max = t.get("max").and_then(serde_yaml::Value::as_u64);
        match (min, max) {
            (Some(min), Some(max)) if min < max => {
                info.target_min = min as usize;
                info.target_max = max as usize;
                info.target_source = "project_config".into();
            }
            _ => {
                return Err(Error::new(
                    Code::QC010,
                    "writing.episode.target_length の min / max が不正です",
                )
                .at(&path, None)
                .hint("min と max を整数で、min < max になるように指定してください。"))
            }
        }
    }
    Ok(info)
}

/// A directory from `directory_structure` in the project config, or its default.
fn project_dir(root: &Path, key: &str, default: &str) -> PathBuf {
    let path = root.join(crate::project::PROJECT_CONFIG);
    let custom = std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
        .and_then(|d| {
            d.get("directory_structure")
                .and_then(|s| s.get(key))
                .and_then(yaml_str)
        })
        .filter(|s| !s.is_empty() && !s.contains(".."));
    root.join(custom.unwrap_or_else(|| default.to_string()))
}

pub fn manuscript_dir(root: &Path) -> PathBuf {
    project_dir(root, "manuscript_dir", crate::project::MANUSCRIPT_DIR)
}

pub fn plot_dir(root: &Path) -> PathBuf {
    project_dir(root, "plot_dir", "20_プロット")
}

pub fn settings_dir(root: &Path) -> PathBuf {
    project_dir(root, "settings_dir", "30_設定集")
}

/// Where episode plots are written.
pub fn episode_plot_dir(root: &Path) -> PathBuf {
    plot_dir(root).join("話別プロット")
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

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn has_ext(p: &Path, exts: &[&str]) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.contains(&e))
}

/// The episode number a `第NNN話…` file name starts with.
pub fn episode_of(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('第')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || !rest[digits.len()..].starts_with('話') {
        return None;
    }
    digits.parse().ok()
}

/// Manuscripts of episode `ep` (`40_原稿/第NNN話*.md|txt`), sorted.
pub fn manuscripts_of(root: &Path, ep: u32) -> Vec<PathBuf> {
    sorted_files(&manuscript_dir(root))
        .into_iter()
        .filter(|p| has_ext(p, &["md", "txt"]) && episode_of(&file_name(p)) == Some(ep))
        .collect()
}

/// The one manuscript of episode `ep`; several are an E004 listing them.
pub fn find_manuscript(root: &Path, ep: u32) -> Result<Option<PathBuf>> {
    let found = manuscripts_of(root, ep);
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.into_iter().next()),
        _ => {
            let names: Vec<String> = found.iter().map(|p| file_name(p)).collect();
            Err(Error::new(
                Code::E004,
                format!("第{ep}話の原稿が複数あります: {}", names.join(", ")),
            )
            .hint("使わない方を移動するか名前を変えてください。")
            .details(serde_json::json!({ "candidates": names })))
        }
    }
}

/// Plot files of episode `ep` (SPEC §1 lookup order), first match wins.
pub fn find_plot(root: &Path, ep: u32) -> Option<PathBuf> {
    let exts = ["yaml", "yml", "md"];
    for dir in [episode_plot_dir(root), plot_dir(root)] {
        let files = sorted_files(&dir);
        let hit = files.iter().find(|p| {
            let name = file_name(p);
            has_ext(p, &exts) && episode_of(&name) == Some(ep)
        });
        if let Some(p) = hit {
            return Some(p.clone());
        }
        let ep_prefix = format!("ep{ep:03}");
        if let Some(p) = files
            .iter()
            .find(|p| has_ext(p, &["yaml"]) && file_name(p).starts_with(&ep_prefix))
        {
            return Some(p.clone());
        }
    }
    None
}

/// Every episode plot under `20_プロット/話別プロット/`, by episode.
pub fn episode_plots(root: &Path) -> Vec<(u32, PathBuf)> {
    let mut out: Vec<(u32, PathBuf)> = sorted_files(&episode_plot_dir(root))
        .into_iter()
        .filter(|p| has_ext(p, &["yaml", "yml", "md"]))
        .filter_map(|p| episode_of(&file_name(&p)).map(|n| (n, p)))
        .collect();
    out.sort();
    out
}

/// The chapter plot (`20_プロット/章別プロット/*.yaml`) whose `episodes` lists `ep`, with
/// its parsed content.
pub fn find_chapter_plot(root: &Path, ep: u32) -> Option<(PathBuf, serde_yaml::Value)> {
    for path in sorted_files(&plot_dir(root).join("章別プロット")) {
        if !has_ext(&path, &["yaml", "yml"]) {
            continue;
        }
        let Some(doc) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_yaml::from_str::<serde_yaml::Value>(&t).ok())
        else {
            continue;
        };
        let listed = doc
            .get("episodes")
            .and_then(|e| e.as_sequence())
            .is_some_and(|s| s.iter().any(|v| v.as_u64() == Some(u64::from(ep))));
        if listed {
            return Some((path, doc));
        }
    }
    None
}

/// Style files: `30_設定集/文体/*.yaml|yml|md`, sorted.
pub fn style_files(root: &Path) -> Vec<PathBuf> {
    sorted_files(&settings_dir(root).join("文体"))
        .into_iter()
        .filter(|p| has_ext(p, &["yaml", "yml", "md"]))
        .collect()
}

/// Proposal documents: `10_企画/*.md|yaml`.
pub fn proposal_files(root: &Path) -> Vec<PathBuf> {
    sorted_files(&root.join("10_企画"))
        .into_iter()
        .filter(|p| has_ext(p, &["md", "yaml", "yml", "txt"]))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Artifacts (SPEC §6): `.noveler/artifacts/<12 hex>.json`.

/// `artifact:<first 12 hex of sha256(content)>`.
pub fn artifact_id(content: &str) -> String {
    format!("artifact:{}", &sha256_hex(content.as_bytes())[..12])
}

fn artifact_path(root: &Path, id: &str) -> Option<PathBuf> {
    let hex = id.strip_prefix("artifact:")?;
    if hex.len() == 12 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        Some(root.join(".noveler/artifacts").join(format!("{hex}.json")))
    } else {
        None
    }
}

/// Whether the artifact is stored.
pub fn artifact_exists(root: &Path, id: &str) -> bool {
    artifact_path(root, id).is_some_and(|p| p.is_file())
}

/// Stores `content` as an artifact (same content → same id; an existing file is kept).
pub fn store_artifact(
    root: &Path,
    content: &str,
    content_type: &str,
    source_file: Option<&str>,
    description: &str,
    tags: &[(&str, String)],
) -> Result<String> {
    let id = artifact_id(content);
    let Some(path) = artifact_path(root, &id) else {
        return Err(Error::new(Code::A001, format!("不正なアーティファクトID: {id}")));
    };
    if path.is_file() {
        return Ok(id);
    }
    let tags: serde_json::Map<String, serde_json::Value> = tags
        .iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::String(v.clone())))
        .collect();
    let doc = serde_json::json!({
        "content": content,
        "metadata": {
            "artifact_id": id,
            "content_type": content_type,
            "created_at": crate::store::envelope::timestamp(std::time::SystemTime::now()),
            "size_bytes": content.len(),
            "source_file": source_file,
            "description": description,
            "tags": tags,
        }
    });
    let bytes = serde_json::to_vec_pretty(&doc)
        .map_err(|e| Error::new(Code::R002, format!("アーティファクトのJSON化に失敗: {e}")))?;
    write_atomic(&path, &bytes)?;
    Ok(id)
}

// ---------------------------------------------------------------------------------------
// Backups: `.noveler/backups/<stamp>/<relative path>`.

/// Copies `path` (inside `root`) to a new backup; returns the backup's relative path.
pub fn backup_file(root: &Path, path: &Path, reason: &str) -> Result<String> {
    let rel = crate::store::fileref::relative_to(root, path)?;
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
    let stamp: String = crate::store::envelope::timestamp(std::time::SystemTime::now())
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let short = &sha256_hex(&bytes)[..8];
    let dir = format!(".noveler/backups/{stamp}_{short}_{reason}");
    let target = format!("{dir}/{rel}");
    write_atomic(&root.join(&target), &bytes)?;
    Ok(target)
}

// ---------------------------------------------------------------------------------------
// The writer lock: one mutating workflow call per episode at a time.

/// Runs `f` holding the exclusive writer lock of episode `ep`; QC-008 when another
/// process (or another handle in this one) holds it.
pub fn with_episode_lock<T>(root: &Path, ep: u32, f: impl FnOnce() -> Result<T>) -> Result<T> {
    let dir = root.join(".noveler/sessions");
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, &e))?;
    let path = lock_path(root, ep);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| Error::io(&path, &e))?;
    let mut lock = fd_lock::RwLock::new(file);
    let guard = lock.try_write().map_err(|_| busy(root, ep))?;
    let out = f();
    drop(guard);
    out
}

/// The lock file of episode `ep`.
pub fn lock_path(root: &Path, ep: u32) -> PathBuf {
    root.join(format!(".noveler/sessions/episode_{ep:03}.lock"))
}

/// Whether the writer lock of `ep` is held right now (by anyone).
pub fn lock_held(root: &Path, ep: u32) -> bool {
    let path = lock_path(root, ep);
    let Ok(file) = std::fs::OpenOptions::new().read(true).write(true).open(&path) else {
        return false;
    };
    let mut lock = fd_lock::RwLock::new(file);
    let held = lock.try_write().is_err();
    held
}

fn busy(_root: &Path, ep: u32) -> Error {
    Error::new(
        Code::QC008,
        format!("第{ep}話は別の執筆処理が実行中です"),
    )
    .hint("実行中の処理が終わってからやり直してください。")
    .suggest(format!("noveler write status {ep}"))
}

// ---------------------------------------------------------------------------------------
// The manuscript check.

/// What the workflow records of a check.
#[derive(Debug, Clone)]
pub struct CheckOutcome {
    pub score: f64,
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
    pub findings: Vec<crate::analysis::Finding>,
    /// The whole check result (metrics, findings, scores) as JSON, for the check artifact.
    pub result: serde_json::Value,
}

/// Checks the manuscript at `path` with the project's target length.
pub fn check_manuscript(root: &Path, path: &Path, info: &ProjectInfo) -> Result<CheckOutcome> {
    let source = crate::store::text::read_manuscript(path)?;
    let mut settings = crate::analysis::Settings::default();
    settings.target_length.min = info.target_min;
    settings.target_length.max = info.target_max;
    settings.target_length.source = match info.target_source.as_str() {
        "project_config" => crate::analysis::settings::LengthSource::ProjectConfig,
        "override" => crate::analysis::settings::LengthSource::Override,
        _ => crate::analysis::settings::LengthSource::Default,
    };
    let rel = crate::store::fileref::relative_to(root, path)
        .unwrap_or_else(|_| path.display().to_string());
    let analysis = crate::analysis::analyze(&source.text, &rel, &settings);
    let ls = &analysis.metrics.length_stats;
    Ok(CheckOutcome {
        score: analysis.scores.overall,
        body_chars: ls.body_chars,
        target_min: ls.target_min,
        target_max: ls.target_max,
        in_range: ls.in_range,
        findings: analysis.findings.clone(),
        result: serde_json::json!({
            "path": rel,
            "sha256": sha256_hex(source.text.as_bytes()),
            "metrics": analysis.metrics,
            "findings": analysis.findings,
            "scores": analysis.scores,
        }),
    })
}

/// Body characters of `text` (SPEC §2.3), for the `文字数:` trailer.
pub fn body_chars(text: &str) -> usize {
    let doc = crate::analysis::Document::parse(text);
    crate::analysis::metrics::compute(&doc, &crate::analysis::Settings::default())
        .length_stats
        .body_chars
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project")
    }

    #[test]
    fn reads_the_sample_project() {
        let root = sample();
        let info = project_info(&root).unwrap();
        assert_eq!(info.name, "潮墨の地図師");
        assert_eq!(info.genre, "ファンタジー");
        assert_eq!((info.target_min, info.target_max), (3000, 8000));
        assert_eq!(info.target_source, "project_config");
        assert!(find_plot(&root, 2).unwrap().ends_with("第002話_測量局の客.yaml"));
        assert!(find_plot(&root, 9).is_none());
        assert!(find_manuscript(&root, 3).unwrap().is_some());
        assert!(find_manuscript(&root, 4).unwrap().is_none());
        assert_eq!(find_chapter_plot(&root, 2).unwrap().1["chapter"], 1);
        assert_eq!(style_files(&root).len(), 1);
        assert_eq!(episode_plots(&root).len(), 3);
    }

    #[test]
    fn episode_numbers_from_names() {
        assert_eq!(episode_of("第012話_題.md"), Some(12));
        assert_eq!(episode_of("第3話.md"), Some(3));
        assert_eq!(episode_of("第十話.md"), None);
        assert_eq!(episode_of("メモ.md"), None);
    }

    #[test]
    fn artifact_ids_are_content_addressed() {
        let dir = tempfile::tempdir().unwrap();
        let a = store_artifact(dir.path(), "潮", "text", None, "t", &[]).unwrap();
        let b = store_artifact(dir.path(), "潮", "text", None, "t", &[]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, artifact_id("潮"));
        assert!(artifact_exists(dir.path(), &a));
        assert!(!artifact_exists(dir.path(), "artifact:../../etc"));
    }

    #[test]
    fn lock_is_exclusive() {
        let dir = tempfile::tempdir().unwrap();
        let inner = with_episode_lock(dir.path(), 4, || {
            assert!(lock_held(dir.path(), 4));
            Ok(with_episode_lock(dir.path(), 4, || Ok(())))
        })
        .unwrap();
        assert_eq!(inner.unwrap_err().code, Code::QC008);
        assert!(!lock_held(dir.path(), 4));
        assert!(with_episode_lock(dir.path(), 4, || Ok(1)).is_ok());
    }
}
