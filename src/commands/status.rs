//! `status`: a minimal project summary — the project's name and every episode manuscript
//! with its file reference and 正味文字数 (SPEC §2.3). Later issues grow it (quality
//! history, writing sessions, progress).

use super::{Ctx, Report};
use crate::analysis::Document;
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct StatusRequest {}

/// One manuscript file of the project.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EpisodeStatus {
    /// Episode number (from the file name `第NNN話…`).
    pub episode: u32,
    /// Title part of the file name (after `第NNN話_`), empty when there is none.
    pub title: String,
    /// Path relative to the project root.
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    /// 正味文字数: characters of the body without ruby readings, markup and whitespace.
    /// Absent when the file could not be read (see `error`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_chars: Option<usize>,
    /// Why the file could not be read (e.g. not UTF-8), in Japanese.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StatusReport {
    /// `プロジェクト名` of プロジェクト設定.yaml; absent without a project config.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_name: Option<String>,
    /// プロジェクト設定.yaml exists at the root.
    pub has_project_config: bool,
    /// The manuscript directory, relative to the root.
    pub manuscript_dir: String,
    /// Manuscripts by episode number, then path.
    pub episodes: Vec<EpisodeStatus>,
    /// Number of distinct episode numbers.
    pub total_episodes: usize,
    /// Sum of body_chars over readable manuscripts.
    pub total_body_chars: usize,
    /// Episode numbers with more than one manuscript file (ambiguous for `episode` lookups).
    pub ambiguous_episodes: Vec<u32>,
    /// What an agent may do next.
    pub next_actions: Vec<String>,
    #[serde(skip)]
    refs: Vec<FileRef>,
}

impl Report for StatusReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.refs.clone()
    }
}

/// The episode number of a manuscript file name `第NNN話…` (`.md` / `.txt`).
pub fn episode_of(file_name: &str) -> Option<(u32, String)> {
    let stem = file_name
        .strip_suffix(".md")
        .or_else(|| file_name.strip_suffix(".txt"))?;
    let rest = stem.strip_prefix('第')?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let after = rest[digits.len()..].strip_prefix('話')?;
    let number: u32 = digits.parse().ok()?;
    let title = after.strip_prefix('_').unwrap_or(after).to_string();
    Some((number, title))
}

fn read_config(root: &Path) -> Result<Option<serde_yaml::Value>> {
    let path = root.join(crate::project::PROJECT_CONFIG);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(&path, &e)),
    };
    serde_yaml::from_str(&text).map(Some).map_err(|e| {
        let line = e.location().map(|l| l.line());
        Error::new(
            Code::P002,
            format!("{} を読み込めません: {e}", crate::project::PROJECT_CONFIG),
        )
        .at(&path, line)
        .hint("YAML の書式（インデント、コロンの後の空白）を確認してください。")
    })
}

fn manuscript_dir(config: Option<&serde_yaml::Value>) -> String {
    config
        .and_then(|c| c.get("directory_structure"))
        .and_then(|d| d.get("manuscript_dir"))
        .and_then(|v| v.as_str())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(crate::project::MANUSCRIPT_DIR)
        .to_string()
}

pub fn run(ctx: &Ctx, _req: StatusRequest) -> Result<StatusReport> {
    let root = &ctx.root;
    if !root.is_dir() {
        return Err(Error::new(
            Code::P001,
            format!(
                "プロジェクトディレクトリ {} が見つかりません",
                root.display()
            ),
        )
        .hint("project_root（または --project-root）に存在するディレクトリを指定してください。"));
    }
    let config = read_config(root)?;
    let mut refs = Vec::new();
    if config.is_some() {
        if let Ok(r) =
            FileRef::from_path(root, &root.join(crate::project::PROJECT_CONFIG), "config")
        {
            refs.push(r);
        }
    }
    let project_name = config
        .as_ref()
        .and_then(|c| c.get("プロジェクト名"))
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let dir_name = manuscript_dir(config.as_ref());
    let dir = root.join(&dir_name);
    let mut files: Vec<(u32, String, PathBuf)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_file() {
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some((number, title)) = episode_of(&name) {
                files.push((number, title, path));
            }
        }
    }
    files.sort_by(|a, b| (a.0, &a.2).cmp(&(b.0, &b.2)));

    let mut episodes = Vec::with_capacity(files.len());
    for (i, (number, title, path)) in files.iter().enumerate() {
        ctx.check_cancelled()?;
        ctx.report_progress(i as u64, files.len() as u64, &title.to_string());
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
        let fref = FileRef::from_bytes(root, path, &bytes, "manuscript");
        let (body_chars, error) = match crate::store::text::decode(path, &bytes) {
            Ok(source) => (Some(Document::parse(&source.text).body_chars), None),
            Err(e) => (None, Some(e.message)),
        };
        episodes.push(EpisodeStatus {
            episode: *number,
            title: title.clone(),
            path: fref.path.clone(),
            sha256: fref.sha256.clone(),
            size_bytes: fref.size_bytes,
            body_chars,
            error,
        });
        refs.push(fref);
    }
    let mut numbers: Vec<u32> = episodes.iter().map(|e| e.episode).collect();
    numbers.dedup();
    let ambiguous_episodes: Vec<u32> = numbers
        .iter()
        .copied()
        .filter(|n| episodes.iter().filter(|e| e.episode == *n).count() > 1)
        .collect();
    let total_body_chars = episodes.iter().filter_map(|e| e.body_chars).sum();
    let mut next_actions = Vec::new();
    if let Some(last) = numbers.last() {
        next_actions.push(format!("check_basic {{\"episode\": {last}}}"));
    } else {
        next_actions.push(format!(
            "write {{\"path\": \"{dir_name}/第001話_<タイトル>.md\", \"content\": …}}"
        ));
    }
    Ok(StatusReport {
        project_name,
        has_project_config: config.is_some(),
        manuscript_dir: dir_name,
        total_episodes: numbers.len(),
        episodes,
        total_body_chars,
        ambiguous_episodes,
        next_actions,
        refs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn episode_numbers_from_file_names() {
        assert_eq!(
            episode_of("第001話_潮墨の見習い.md"),
            Some((1, "潮墨の見習い".into()))
        );
        assert_eq!(episode_of("第12話.txt"), Some((12, String::new())));
        assert_eq!(episode_of("第001話_x.yaml"), None);
        assert_eq!(episode_of("メモ.md"), None);
        assert_eq!(episode_of("第話.md"), None);
    }

    #[test]
    fn missing_root_is_p001() {
        let ctx = Ctx::new(PathBuf::from("/nonexistent/noveler/root"));
        let err = run(&ctx, StatusRequest {}).unwrap_err();
        assert_eq!(err.code, Code::P001);
    }

    #[test]
    fn broken_config_is_p002_with_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(crate::project::PROJECT_CONFIG),
            "プロジェクト名: a\n  : [\n",
        )
        .unwrap();
        let err = run(&Ctx::new(dir.path().into()), StatusRequest {}).unwrap_err();
        assert_eq!(err.code, Code::P002);
        assert!(err.line.is_some());
    }

    #[test]
    fn empty_project_suggests_writing_episode_one() {
        let dir = tempfile::tempdir().unwrap();
        let report = run(&Ctx::new(dir.path().into()), StatusRequest {}).unwrap();
        assert_eq!(report.total_episodes, 0);
        assert!(report.project_name.is_none());
        assert!(report.next_actions[0].starts_with("write"));
    }
}
