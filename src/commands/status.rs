//! `status`: a minimal project summary — the project's name and every episode manuscript
//! with its file reference and 正味文字数 (SPEC §2.3). Later issues grow it (quality
//! history, writing sessions, progress).

use super::{Ctx, Report};
use crate::analysis::Document;
use crate::error::{Code, Error, Result};
use crate::project::Project;
use crate::store::FileRef;
use serde::{Deserialize, Serialize};

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

/// The episode number and title of a manuscript file name `第NNN話[_title].md|txt`
/// (the number as `project::episode_number_of` reads it).
pub fn episode_of(file_name: &str) -> Option<(u32, String)> {
    let path = std::path::Path::new(file_name);
    if !crate::project::is_manuscript_file(path) {
        return None;
    }
    let stem = path.file_stem()?.to_str()?;
    let number = crate::project::episode_number_of(stem)?;
    let after = &stem[stem.find('話')? + '話'.len_utf8()..];
    let title = after.strip_prefix('_').unwrap_or(after).to_string();
    Some((number, title))
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
    let project = Project::load(root)?;
    let mut refs: Vec<FileRef> = project
        .config_files
        .iter()
        .filter_map(|p| FileRef::from_path(root, p, "config").ok())
        .collect();
    let found = project.episodes();
    let mut episodes = Vec::with_capacity(found.len());
    for (i, ep) in found.iter().enumerate() {
        ctx.check_cancelled()?;
        let name = ep
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        ctx.report_progress(i as u64 + 1, found.len() as u64, &name);
        let title = episode_of(&name).map(|(_, t)| t).unwrap_or_default();
        let bytes = std::fs::read(&ep.path).map_err(|e| Error::io(&ep.path, &e))?;
        let fref = FileRef::from_bytes(root, &ep.path, &bytes, "manuscript");
        let (body_chars, error) = match crate::store::text::decode(&ep.path, &bytes) {
            Ok(source) => (Some(Document::parse(&source.text).body_chars), None),
            Err(e) => (None, Some(e.message)),
        };
        episodes.push(EpisodeStatus {
            episode: ep.number,
            title,
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
    let dir_name = project.dirs.manuscript.clone();
    let mut next_actions = Vec::new();
    match numbers.last() {
        Some(last) => next_actions.push(format!("check_basic {{\"episode\": {last}}}")),
        None => next_actions.push(format!(
            "write {{\"path\": \"{dir_name}/第001話_<タイトル>.md\", \"content\": …}}"
        )),
    }
    Ok(StatusReport {
        project_name: project.config.name.clone(),
        has_project_config: project.has_config,
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
        assert_eq!(episode_of("第１２話_全角.md"), Some((12, "全角".into())));
        assert_eq!(episode_of("メモ.md"), None);
        assert_eq!(episode_of("第話.md"), None);
    }

    #[test]
    fn missing_root_is_p001() {
        let ctx = Ctx::new(std::path::PathBuf::from("/nonexistent/noveler/root"));
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
    fn sample_project_lists_its_three_episodes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project");
        let mut ctx = Ctx::new(root);
        ctx.save = false;
        let report = run(&ctx, StatusRequest {}).unwrap();
        assert_eq!(report.project_name.as_deref(), Some("潮墨の地図師"));
        assert_eq!(report.total_episodes, 3);
        assert_eq!(report.episodes[0].title, "潮墨の見習い");
        assert_eq!(report.episodes[0].path, "40_原稿/第001話_潮墨の見習い.md");
        assert!(report.episodes.iter().all(|e| e.body_chars.unwrap() > 3000));
        assert_eq!(
            report.total_body_chars,
            report
                .episodes
                .iter()
                .map(|e| e.body_chars.unwrap())
                .sum::<usize>()
        );
        // プロジェクト設定.yaml, 執筆品質ルール.yaml and the 3 manuscripts.
        let roles: Vec<String> = report.inputs().into_iter().map(|f| f.role).collect();
        assert_eq!(
            roles,
            ["config", "config", "manuscript", "manuscript", "manuscript"]
        );
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
