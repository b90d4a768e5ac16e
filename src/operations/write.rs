//! The safe file write of REQ-OPS-WRITE-001 (seed 000 §8), which the MCP `write` tool and
//! the writing flow's stages 8–10 run. The path is
//! resolved by the store's one rule (`store::paths::resolve`: relative to the project root,
//! or absolute inside it; `..` out of the root and symlinks pointing outside are refused);
//! `.noveler/` and `.git/` are off limits; an existing file is backed up
//! (`store::backup`) before it is replaced; the write is atomic and holds a lock per episode
//! (or per file) so two writers never interleave (QC-008). The result names
//! `absolute_path`, `relative_path`, `project_root` and `content_length` so the caller can
//! verify it.

use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::next::NextStep;
use crate::operations::Ctx;
use crate::store::backup::BackupRef;
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Top-level directories a write may not touch (noveler's own state, version control).
const FORBIDDEN_TOP: &[&str] = &[".noveler", ".git"];

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteFileRequest {
    /// File to write, relative to the project root, e.g. `40_原稿/第004話_嵐の朝.md` (an
    /// absolute path inside the root is accepted). `..` out of the root, `.noveler/` and
    /// `.git/` are refused.
    pub path: String,
    /// The complete new content of the file (UTF-8 text; it replaces the whole file).
    pub content: String,
    /// sha256 the file must still have (from `status`, `get_file_reference_info` or a check
    /// result); the write is refused with QC-018 when the file changed since. Omit to write
    /// unconditionally.
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WriteFileReport {
    /// Absolute path of the written file.
    pub absolute_path: String,
    /// Path relative to the project root (`/`-separated).
    pub relative_path: String,
    /// The project root the path was resolved in.
    pub project_root: String,
    /// Characters (Unicode scalar values) of the content written.
    pub content_length: usize,
    pub size_bytes: u64,
    pub sha256: String,
    /// The file did not exist before.
    pub created: bool,
    /// false when the file already had exactly this content (nothing written, no backup).
    pub changed: bool,
    /// The backup of the previous content, when a file was replaced (restore it with
    /// `backup_management`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backup: Option<BackupRef>,
    /// What an agent may do next.
    pub next_actions: Vec<String>,
    #[serde(skip)]
    refs: Vec<FileRef>,
}

impl WriteFileReport {
    /// The file written and the backup's manifest.
    pub fn outputs(&self) -> Vec<FileRef> {
        self.refs.clone()
    }
}

fn refuse(path: &str, why: &str) -> Error {
    Error::new(Code::U004, format!("{path} には書き込めません: {why}"))
        .hint("プロジェクトルートからの相対パス（例: 40_原稿/第004話_タイトル.md）を指定してください。")
        .details(serde_json::json!({"path": path}))
}

/// Resolves the requested path inside the root and vets it for writing: returns the
/// absolute path and the `/`-separated relative path.
pub fn target(root: &Path, path: &str) -> Result<paths::InRoot> {
    if path.trim().is_empty() {
        return Err(refuse(path, "パスが空です"));
    }
    if path.contains('\0') {
        return Err(refuse(path, "パスに NUL 文字が含まれています"));
    }
    let resolved = paths::resolve(root, Path::new(path))?;
    let top = resolved.rel.split('/').next().unwrap_or("");
    if resolved.rel.is_empty() {
        return Err(refuse(path, "ファイル名がありません"));
    }
    if FORBIDDEN_TOP.contains(&top) {
        return Err(refuse(path, "noveler の管理領域（.noveler/, .git/）です"));
    }
    if resolved.abs.is_dir() {
        return Err(refuse(path, "ディレクトリです"));
    }
    Ok(resolved)
}

/// The exclusivity key of a write: one writer per episode (`第NNN話…` files) or per file.
pub fn key_for(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    match crate::project::layout::episode_of(name) {
        Some((n, _)) => format!("episode:{n}"),
        None => format!("file:{rel}"),
    }
}

/// Writes `req.content` to `req.path` the safe way: resolved inside `ctx.root`, the
/// manuscript lock held, `expected_sha256` re-checked, the old content backed up, the new
/// written atomically.
pub fn run(ctx: &Ctx, req: WriteFileRequest) -> Result<WriteFileReport> {
    let croot = paths::canonical_root(&ctx.root);
    let resolved = target(&ctx.root, &req.path)?;
    let rel = resolved.rel.clone();
    let abs = resolved.abs.clone();
    // The manuscript lock every rewriter of the file takes (`store::lock`), so the old
    // content read below is exactly what is backed up and replaced.
    crate::store::lock::with_manuscript_locks(&croot, &[&rel], || {
        write_locked(ctx, &croot, &rel, &abs, &req)
    })
}

fn write_locked(
    ctx: &Ctx,
    croot: &Path,
    rel: &str,
    abs: &Path,
    req: &WriteFileRequest,
) -> Result<WriteFileReport> {
    let new_bytes = req.content.as_bytes();
    let old = crate::store::text::read_bytes_if_exists(abs)?;
    if let Some(expected) = req.expected_sha256.as_deref().filter(|s| !s.is_empty()) {
        let actual = old.as_deref().map(sha256_hex);
        if actual.as_deref() != Some(&expected.to_ascii_lowercase()) {
            return Err(Error::new(
                Code::QC018,
                format!("{rel} は指定の sha256 から変更されています"),
            )
            .hint("最新の内容を読み直してから（get_file_reference_info / status）、書き込み内容を作り直してください。")
            .details(serde_json::json!({"expected": expected, "actual": actual}))
            .suggest("get_file_reference_info"));
        }
    }
    ctx.check_cancelled()?;
    let changed = old.as_deref() != Some(new_bytes);
    let mut backup = None;
    let mut refs = Vec::new();
    if changed {
        if old.is_some() {
            let b = crate::store::backup::backup_file(
                croot,
                abs,
                &format!("before write {rel}"),
                &ctx.clock,
            )?;
            if let Ok(r) = FileRef::from_path(croot, &croot.join(&b.manifest), "backup") {
                refs.push(r);
            }
            backup = Some(b);
        }
        crate::store::write_atomic(abs, new_bytes)?;
    }
    refs.insert(0, FileRef::from_bytes(croot, abs, new_bytes, "written"));
    let mut next_actions = Vec::new();
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if let Some((n, _)) = crate::project::layout::episode_of(name) {
        next_actions.push(
            NextStep::new("check_basic")
                .arg("episode", n)
                .why("書いた話を確認する")
                .to_wire(),
        );
    }
    if let Some(b) = &backup {
        next_actions.push(
            NextStep::new("backup_management")
                .arg("action", "restore")
                .arg("backup_id", b.backup_id.as_str())
                .arg("dry_run", true)
                .why("この書き込みを取り消すときの確認（dry_run を外すと戻します）")
                .to_wire(),
        );
    }
    Ok(WriteFileReport {
        absolute_path: abs.display().to_string(),
        relative_path: rel.to_string(),
        project_root: croot.display().to_string(),
        content_length: req.content.chars().count(),
        size_bytes: new_bytes.len() as u64,
        sha256: sha256_hex(new_bytes),
        created: old.is_none(),
        changed,
        backup,
        next_actions,
        refs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(path: &str, content: &str) -> WriteFileRequest {
        WriteFileRequest {
            path: path.into(),
            content: content.into(),
            expected_sha256: None,
        }
    }

    #[test]
    fn refuses_escapes_and_private_dirs() {
        let dir = tempfile::tempdir().unwrap();
        for bad in [
            "",
            "/etc/passwd",
            "../x.md",
            "a/../../x",
            ".noveler/x",
            ".git/config",
        ] {
            let code = target(dir.path(), bad).unwrap_err().code;
            assert!(matches!(code, Code::U004 | Code::U001), "{bad}: {code:?}");
        }
        assert_eq!(
            target(dir.path(), "./40_原稿//a.md").unwrap().rel,
            "40_原稿/a.md"
        );
        std::fs::create_dir(dir.path().join("d")).unwrap();
        assert_eq!(target(dir.path(), "d").unwrap_err().code, Code::U004);
    }

    #[test]
    fn writes_backs_up_and_reports() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().into());
        let first = run(&ctx, req("40_原稿/第004話_嵐.md", "一行目\n")).unwrap();
        assert!(first.created && first.changed && first.backup.is_none());
        assert_eq!(first.content_length, 4);
        assert_eq!(first.relative_path, "40_原稿/第004話_嵐.md");
        assert!(Path::new(&first.absolute_path).is_file());

        let same = run(&ctx, req("40_原稿/第004話_嵐.md", "一行目\n")).unwrap();
        assert!(!same.changed && same.backup.is_none());

        let second = run(&ctx, req("40_原稿/第004話_嵐.md", "二行目\n")).unwrap();
        let backup = second.backup.clone().unwrap();
        assert_eq!(backup.files, vec!["40_原稿/第004話_嵐.md".to_string()]);
        let manifest =
            crate::store::backup::read_manifest(Path::new(&second.project_root), &backup.backup_id)
                .unwrap();
        assert_eq!(manifest.files[0].sha256, sha256_hex("一行目\n".as_bytes()));
        assert_eq!(
            std::fs::read_to_string(&second.absolute_path).unwrap(),
            "二行目\n"
        );
        assert_eq!(second.outputs().len(), 2);
    }

    #[test]
    fn stale_expected_hash_is_qc018() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().into());
        run(&ctx, req("a.md", "x")).unwrap();
        let mut r = req("a.md", "y");
        r.expected_sha256 = Some("0".repeat(64));
        assert_eq!(run(&ctx, r).unwrap_err().code, Code::QC018);
        let mut r = req("a.md", "y");
        r.expected_sha256 = Some(sha256_hex(b"x"));
        assert!(run(&ctx, r).unwrap().changed);
    }

    #[cfg(unix)]
    #[test]
    fn symlink_out_of_the_root_is_refused() {
        let outside = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).unwrap();
        let ctx = Ctx::new(dir.path().into());
        let err = run(&ctx, req("link/x.md", "x")).unwrap_err();
        assert_eq!(err.code, Code::U004);
        assert!(!outside.path().join("x.md").exists());
    }

    #[test]
    fn a_held_episode_lock_is_qc008() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().into());
        let root = paths::canonical_root(dir.path());
        let lock = crate::store::lock::manuscript_lock(&root, "40_原稿/第004話_別題.md");
        let err = crate::store::lock::try_lock(&lock, || {
            Ok(run(&ctx, req("40_原稿/第004話_嵐.md", "x")).unwrap_err())
        })
        .unwrap();
        assert_eq!(err.code, Code::QC008);
        assert!(run(&ctx, req("40_原稿/第004話_嵐.md", "x")).is_ok());
    }
}
