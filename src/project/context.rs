//! One call's view of the project (issue 17 item 2, "load once"): the root and the project
//! (config, layout, analysis settings) loaded at most once per call and passed down, so the
//! path helpers of `io`, the prompts' sources (`refs`) and the engines read
//! `プロジェクト設定.yaml` and `執筆品質ルール.yaml` once, not once per question.
//!
//! The load is lazy: it happens where the first question is asked, which is where the old
//! per-helper loads happened first, so a broken config fails at the same point (after the
//! same session and lock checks) with the same error as before.

use crate::error::Result;
use crate::project::Project;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The project of one call.
#[derive(Debug)]
pub struct ProjectCtx {
    root: PathBuf,
    project: OnceLock<Project>,
    /// The layout when the project does not load (defaults), for the listings that have
    /// always worked in a broken project (recovery).
    fallback: OnceLock<Project>,
}

impl ProjectCtx {
    /// The project at `root`, not read yet.
    pub fn new(root: &Path) -> ProjectCtx {
        ProjectCtx {
            root: root.to_path_buf(),
            project: OnceLock::new(),
            fallback: OnceLock::new(),
        }
    }

    /// A project a verb has already loaded.
    pub fn loaded(project: Project) -> ProjectCtx {
        let ctx = ProjectCtx::new(&project.root);
        let _ = ctx.project.set(project);
        ctx
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The project, loaded on first use (P001, P002, QC-010 … as `Project::load`). A failed
    /// load is not kept: asking again reads again and fails the same way.
    pub fn project(&self) -> Result<&Project> {
        if let Some(p) = self.project.get() {
            return Ok(p);
        }
        let loaded = Project::load(&self.root)?;
        Ok(self.project.get_or_init(|| loaded))
    }

    /// The project, or its default layout when it does not load (the listings of recovery
    /// work in a project whose config is broken).
    pub(crate) fn layout(&self) -> &Project {
        match self.project() {
            Ok(p) => p,
            Err(_) => self.fallback.get_or_init(|| Project::defaults(&self.root)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_once_and_keeps_no_failure() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join(crate::project::PROJECT_CONFIG), "title: [\n").unwrap();
        let ctx = ProjectCtx::new(root);
        assert_eq!(ctx.project().unwrap_err().code, crate::Code::P002);
        assert_eq!(ctx.layout().dirs.manuscript, "40_原稿");
        std::fs::write(root.join(crate::project::PROJECT_CONFIG), "title: 潮\n").unwrap();
        let first: *const Project = ctx.project().unwrap();
        // A second question is answered from the same load, even after the file changed.
        std::fs::write(root.join(crate::project::PROJECT_CONFIG), "title: [\n").unwrap();
        assert!(std::ptr::eq(first, ctx.project().unwrap()));
    }
}
