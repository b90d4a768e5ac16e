//! Finding the manuscripts under a directory the author named (`noveler check 40_原稿/`,
//! `noveler polish 下書き/`): the `ignore` crate's walker, so what the project's `.gitignore`
//! (and `.ignore`) leave out is left out here too, plus noveler's own excludes.

use std::path::{Path, PathBuf};

/// Directories never searched for manuscripts: noveler's own state and output, build and
/// package directories. Hidden directories are skipped as well.
pub const TOOL_DIRS: &[&str] = &[".noveler", "temp", "target", "node_modules"];

/// `.md`/`.txt` files under `dir`, sorted by path, skipping hidden files and directories,
/// [`TOOL_DIRS`], and what `.gitignore` / `.ignore` files exclude. The ignore files count
/// whether or not the project is a git repository (an author's project often is not yet
/// one); the user's global git excludes do not, so two machines find the same files.
pub fn manuscripts(dir: &Path) -> Vec<PathBuf> {
    ignore::WalkBuilder::new(dir)
        .hidden(true)
        .git_global(false)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(|e| {
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            e.depth() == 0
                || !is_dir
                || !TOOL_DIRS.contains(&e.file_name().to_string_lossy().as_ref())
        })
        .build()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_type().is_some_and(|t| t.is_file()) && super::is_manuscript_file(e.path())
        })
        .map(ignore::DirEntry::into_path)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_hidden_tool_and_gitignored_paths() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "b.md",
            "a.txt",
            "sub/c.md",
            "note.yaml",
            ".hidden/x.md",
            "temp/y.md",
            ".noveler/z.md",
            "target/t.md",
            ".dot.md",
            "没/d.md",
            "sub/e.bak.md",
        ] {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        std::fs::write(dir.path().join(".gitignore"), "没/\n*.bak.md\n").unwrap();
        let names: Vec<String> = manuscripts(dir.path())
            .iter()
            .map(|p| {
                let rel = p.strip_prefix(dir.path()).unwrap();
                rel.to_string_lossy().into_owned()
            })
            .collect();
        assert_eq!(names, vec!["a.txt", "b.md", "sub/c.md"]);
    }
}
