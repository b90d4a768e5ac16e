//! Which project a document belongs to and what it is there: a manuscript (checked as an
//! episode), another Markdown/text file (a snippet: no whole-episode rules), one of the
//! project's config files (validated), or nothing the server checks.

use crate::project::{self, Project};
use std::path::{Path, PathBuf};

/// The config files whose change reloads a project, by file name.
pub(crate) const CONFIG_FILES: &[&str] = &[
    project::TOOL_CONFIG,
    project::PROJECT_CONFIG,
    project::QUALITY_RULES,
    "スタイルガイド.yaml",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Text checked under the project at `root` as file `rel` (relative, `/`-separated).
    Text {
        root: PathBuf,
        rel: String,
        snippet: bool,
    },
    /// A config file of the project at `root`.
    Config { root: PathBuf, path: PathBuf },
    /// Not checked.
    Skip,
}

/// The root of the project holding `path`: the nearest ancestor directory with
/// `プロジェクト設定.yaml` or `40_原稿/` (as the CLI finds it), else the innermost workspace
/// folder holding it, else `fallback` when it holds it, else the file's directory.
pub(crate) fn root_of(path: &Path, workspace: &[PathBuf], fallback: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(path);
    if let Some(found) = dir.ancestors().find(|d| {
        d.join(project::PROJECT_CONFIG).is_file() || d.join(project::MANUSCRIPT_DIR).is_dir()
    }) {
        return found.to_path_buf();
    }
    workspace
        .iter()
        .filter(|w| path.starts_with(w))
        .max_by_key(|w| w.components().count())
        .cloned()
        .or_else(|| path.starts_with(fallback).then(|| fallback.to_path_buf()))
        .unwrap_or_else(|| dir.to_path_buf())
}

/// `path` relative to `root`, `/`-separated (its file name when outside).
pub(crate) fn relative(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(rel) => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// Whether a document is text noveler reads: a `.md`/`.txt` file, or an editor buffer of
/// such a language without a file.
pub(crate) fn is_text(path: Option<&Path>, language: &str) -> bool {
    match path {
        Some(p) => project::is_manuscript_file(p),
        None => matches!(language, "markdown" | "plaintext" | "text" | "noveler"),
    }
}

/// What the document at `path` (`rel` in the project at `root`) is for `project`.
pub(crate) fn classify(
    project: &Project,
    root: &Path,
    path: &Path,
    rel: String,
    only_manuscripts: bool,
) -> Target {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if CONFIG_FILES.contains(&name) {
        return Target::Config {
            root: root.to_path_buf(),
            path: path.to_path_buf(),
        };
    }
    if !project::is_manuscript_file(path) || project.is_ignored(&rel) {
        return Target::Skip;
    }
    let manuscript = crate::operations::check::names_manuscript(project, &rel);
    if only_manuscripts && !manuscript {
        return Target::Skip;
    }
    Target::Text {
        root: root.to_path_buf(),
        rel,
        snippet: !manuscript,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_are_classified_as_check_would() {
        let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project");
        let ep = sample.join("40_原稿/第001話_潮墨の見習い.md");
        let root = root_of(&ep, &[], Path::new("/"));
        assert_eq!(root, sample);
        let project = Project::load(&root).unwrap();
        let rel = relative(&root, &ep);
        assert_eq!(rel, "40_原稿/第001話_潮墨の見習い.md");
        assert!(matches!(
            classify(&project, &root, &ep, rel, false),
            Target::Text { snippet: false, .. }
        ));
        let notes = sample.join("10_企画/企画書.md");
        let rel = relative(&root, &notes);
        assert!(matches!(
            classify(&project, &root, &notes, rel.clone(), false),
            Target::Text { snippet: true, .. }
        ));
        assert_eq!(classify(&project, &root, &notes, rel, true), Target::Skip);
        let config = sample.join("プロジェクト設定.yaml");
        assert!(matches!(
            classify(
                &project,
                &root,
                &config,
                "プロジェクト設定.yaml".into(),
                false
            ),
            Target::Config { .. }
        ));
        let other = sample.join("30_設定集/キャラクター.yaml");
        assert_eq!(
            classify(&project, &root, &other, "x".into(), false),
            Target::Skip
        );
    }
}
