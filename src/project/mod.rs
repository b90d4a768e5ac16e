//! The author's project on disk (SPEC §1): root discovery, `プロジェクト設定.yaml`,
//! `.novelerrc.yaml`, episode ↔ manuscript resolution, plot and settings lookup.
//! One function answers each question; every command uses it.

use std::path::{Path, PathBuf};

/// The project config file name.
pub const PROJECT_CONFIG: &str = "プロジェクト設定.yaml";
/// The tool config file name.
pub const TOOL_CONFIG: &str = ".novelerrc.yaml";
/// Default manuscript directory.
pub const MANUSCRIPT_DIR: &str = "40_原稿";

/// Resolves the project root: `explicit` (`--project-root` or `PROJECT_ROOT`, already
/// merged by the adapter), else the nearest ancestor of `cwd` holding `プロジェクト設定.yaml`
/// or `40_原稿/`, else `cwd` itself.
pub fn discover_root(explicit: Option<&Path>, cwd: &Path) -> PathBuf {
    if let Some(root) = explicit {
        return if root.is_absolute() {
            root.to_path_buf()
        } else {
            cwd.join(root)
        };
    }
    cwd.ancestors()
        .find(|dir| dir.join(PROJECT_CONFIG).is_file() || dir.join(MANUSCRIPT_DIR).is_dir())
        .unwrap_or(cwd)
        .to_path_buf()
}
