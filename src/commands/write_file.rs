//! `write` (MCP): the safe file write of REQ-OPS-WRITE-001 (seed 000 §8). The path is
//! relative to the project root and may not leave it (absolute paths, `..`, and symlinks
//! pointing outside are refused); `.noveler/` and `.git/` are off limits; an existing file is
//! backed up under `.noveler/backups/` before it is replaced; the write is atomic. The result
//! names `absolute_path`, `relative_path`, `project_root` and `content_length` so the caller
//! can verify it.

use super::{Ctx, Report};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};

/// Top-level directories a write may not touch (noveler's own state, version control).
const FORBIDDEN_TOP: &[&str] = &[".noveler", ".git"];

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteFileRequest {
    /// File to write, relative to the project root, e.g. `40_原稿/第004話_嵐の朝.md`.
    /// Absolute paths, `..`, `.noveler/` and `.git/` are refused.
    pub path: String,
    /// The complete new content of the file (UTF-8 text; it replaces the whole file).
    pub content: String,
    /// sha256 the file must still have (from `status`, `get_file_reference_info` or a check
    /// result); the write is refused with QC-018 when the file changed since. Omit to write
    /// unconditionally.
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

/// A file reference in a write result.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WrittenRef {
    /// Relative to the project root.
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
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
    /// The backup of the previous content, when a file was replaced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backup: Option<WrittenRef>,
    /// What an agent may do next.
    pub next_actions: Vec<String>,
}

impl Report for WriteFileReport {
    fn outputs(&self) -> Vec<FileRef> {
        let mut out = vec![FileRef {
            path: self.relative_path.clone(),
            sha256: self.sha256.clone(),
            size_bytes: self.size_bytes,
            content_type: crate::store::fileref::content_type_of(Path::new(&self.relative_path))
                .to_string(),
            role: "written".into(),
        }];
        if let Some(b) = &self.backup {
            out.push(FileRef {
                path: b.path.clone(),
                sha256: b.sha256.clone(),
                size_bytes: b.size_bytes,
                content_type: crate::store::fileref::content_type_of(Path::new(&b.path))
                    .to_string(),
                role: "backup".into(),
            });
        }
        out
    }
}

fn refuse(path: &str, why: &str) -> Error {
    Error::new(
        Code::U004,
        format!("{path} には書き込めません: {why}"),
    )
    .hint("プロジェクトルートからの相対パス（例: 40_原稿/第004話_タイトル.md）を指定してください。")
    .details(serde_json::json!({"path": path}))
}

/// Normalises a caller-given relative path: `/`-separated, no `.`/`..`, not absolute, not
/// empty, not under `.noveler/` or `.git/`.
pub fn normalize_relative(path: &str) -> Result<String> {
    if path.trim().is_empty() {
        return Err(refuse(path, "パスが空です"));
    }
    if path.contains('\0') {
        return Err(refuse(path, "パスに NUL 文字が含まれています"));
    }
    let p = Path::new(path);
    if p.is_absolute() || path.starts_with('/') || path.starts_with('\\') {
        return Err(refuse(path, "絶対パスは指定できません"));
    }
    let mut parts = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                return Err(refuse(
                    path,
                    "`..` でプロジェクトの外に出ることはできません",
                ))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(refuse(path, "絶対パスは指定できません"))
            }
        }
    }
    if parts.is_empty() {
        return Err(refuse(path, "ファイル名がありません"));
    }
    if FORBIDDEN_TOP.contains(&parts[0].as_str()) {
        return Err(refuse(path, "noveler の管理領域（.noveler/, .git/）です"));
    }
    Ok(parts.join("/"))
}

/// Resolves `rel` (already normalised) under `root`, following symlinks of the existing part
/// of the path: the result must stay inside the canonical root.
pub fn resolve_inside(root: &Path, rel: &str) -> Result<(PathBuf, PathBuf)> {
    let canon_root = std::fs::canonicalize(root).map_err(|e| Error::io(root, &e))?;
    let target = canon_root.join(rel);
    // The deepest existing ancestor (or the target itself) decides where the write lands.
    let mut existing = target.as_path();
    while !existing.exists() {
        match existing.parent() {
            Some(parent) => existing = parent,
            None => break,
        }
    }
    let real = std::fs::canonicalize(existing).map_err(|e| Error::io(existing, &e))?;
    if !real.starts_with(&canon_root) {
        return Err(refuse(
            rel,
            "シンボリックリンクがプロジェクトの外を指しています",
        ));
    }
    let resolved = real.join(target.strip_prefix(existing).unwrap_or(Path::new("")));
    if resolved.is_dir() {
        return Err(refuse(rel, "ディレクトリです"));
    }
    Ok((canon_root, resolved))
}

/// The exclusivity key of a write: one writer per episode (`第NNN話…` files) or per file.
pub fn exclusive_key(args: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let path = args.get("path")?.as_str()?;
    let rel = normalize_relative(path).ok()?;
    let name = rel.rsplit('/').next().unwrap_or(&rel);
    match super::status::episode_of(name) {
        Some((n, _)) => Some(format!("episode:{n}")),
        None => Some(format!("file:{rel}")),
    }
}

fn timestamp_compact() -> String {
    let now = crate::store::envelope::timestamp(std::time::SystemTime::now());
    now.chars()
        .filter(|c| c.is_ascii_digit())
        .take(17)
        .collect()
}

pub fn run(ctx: &Ctx, req: WriteFileRequest) -> Result<WriteFileReport> {
    let rel = normalize_relative(&req.path)?;
    let (canon_root, abs) = resolve_inside(&ctx.root, &rel)?;
    let new_bytes = req.content.as_bytes();
    let new_hash = sha256_hex(new_bytes);
    let old = match std::fs::read(&abs) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io(&abs, &e)),
    };
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
    if changed {
        if let Some(old_bytes) = &old {
            let old_hash = sha256_hex(old_bytes);
            let backup_rel = format!(
                ".noveler/backups/write/{}_{}/{}",
                timestamp_compact(),
                &old_hash[..8],
                rel
            );
            crate::store::write_atomic(&canon_root.join(&backup_rel), old_bytes)?;
            backup = Some(WrittenRef {
                path: backup_rel,
                sha256: old_hash,
                size_bytes: old_bytes.len() as u64,
            });
        }
        crate::store::write_atomic(&abs, new_bytes)?;
    }
    let mut next_actions = Vec::new();
    let name = rel.rsplit('/').next().unwrap_or(&rel);
    if let Some((n, _)) = super::status::episode_of(name) {
        next_actions.push(format!("check_basic {{\"episode\": {n}}}"));
    }
    if let Some(b) = &backup {
        next_actions.push(format!("backup of the previous content: {}", b.path));
    }
    Ok(WriteFileReport {
        absolute_path: abs.display().to_string(),
        relative_path: rel,
        project_root: canon_root.display().to_string(),
        content_length: req.content.chars().count(),
        size_bytes: new_bytes.len() as u64,
        sha256: new_hash,
        created: old.is_none(),
        changed,
        backup,
        next_actions,
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
        for bad in [
            "",
            "/etc/passwd",
            "../x.md",
            "a/../../x",
            ".noveler/x",
            ".git/config",
        ] {
            assert_eq!(
                normalize_relative(bad).unwrap_err().code,
                Code::U004,
                "{bad}"
            );
        }
        assert_eq!(
            normalize_relative("./40_原稿//a.md").unwrap(),
            "40_原稿/a.md"
        );
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
        let saved = std::fs::read_to_string(Path::new(&second.project_root).join(&backup.path));
        assert_eq!(saved.unwrap(), "一行目\n");
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
    fn keys_by_episode_or_file() {
        let args = |p: &str| serde_json::json!({"path": p}).as_object().cloned().unwrap();
        assert_eq!(
            exclusive_key(&args("40_原稿/第004話_嵐.md")).as_deref(),
            Some("episode:4")
        );
        assert_eq!(
            exclusive_key(&args("memo.md")).as_deref(),
            Some("file:memo.md")
        );
    }
}
