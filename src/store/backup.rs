//! Snapshots of project files under `.noveler/backups/<id>/` (seed 000 `backup_management`).
//!
//! A backup is a directory `<YYYYMMDD_HHMMSS>_<8 hex>/` holding `files/<relative path>` (a
//! byte copy of each file) and `manifest.json` (`backup_id, created_at, reason,
//! noveler_version, files[{path, sha256, size_bytes, stored_as}], total_files,
//! total_size_bytes`), written last: a directory without a manifest is an unfinished backup
//! and is never restored from. Restoring verifies every stored copy against its sha256 before
//! writing anything (A006), backs up the current files it will overwrite, and writes each
//! file atomically. `backup_file` is what every manuscript-changing command calls before it
//! writes.

use super::clock::Clock;
use super::envelope::timestamp;
use super::{paths, write_atomic};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

/// Where backups live, relative to the project root.
pub const BACKUP_DIR: &str = ".noveler/backups";
/// Paths under here are artifact files (restored under the artifact lock).
const ARTIFACTS_PREFIX: &str = ".noveler/artifacts/";
/// The manifest file inside a backup.
pub const MANIFEST: &str = "manifest.json";

/// One file in a backup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BackupEntry {
    /// The original path, relative to the project root.
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    /// The copy, relative to the backup directory (`files/<path>`).
    pub stored_as: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Manifest {
    pub backup_id: String,
    /// RFC 3339 UTC.
    pub created_at: String,
    /// Why the backup was taken (`manual`, `before restore …`, `artifact gc` …).
    pub reason: String,
    pub noveler_version: String,
    pub files: Vec<BackupEntry>,
    pub total_files: usize,
    pub total_size_bytes: u64,
}

/// A reference to a backup just taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BackupRef {
    pub backup_id: String,
    /// The manifest, relative to the project root.
    pub manifest: String,
    /// Original paths of the files backed up.
    pub files: Vec<String>,
}

/// A backup that cannot be used, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BrokenBackup {
    pub backup_id: String,
    pub path: String,
    pub reason: String,
}

/// What a restore does to one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RestoreAction {
    /// The current file differs from the backup: it is replaced.
    Restore,
    /// The file is missing now: it is created.
    Create,
    /// The file already has the backed-up content.
    Unchanged,
}

/// What restoring one file does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RestoreFile {
    pub path: String,
    /// `restore` (current differs), `create` (file missing now) or `unchanged`.
    pub action: RestoreAction,
    /// The backed-up content's sha256 (what the file has after the restore).
    pub sha256: String,
    /// The file's sha256 before the restore; null when it did not exist.
    pub current_sha256: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RestoreOutcome {
    pub backup_id: String,
    pub dry_run: bool,
    pub files: Vec<RestoreFile>,
    /// The backup of the files overwritten by this restore.
    pub pre_restore_backup: Option<BackupRef>,
}

/// Whether `id` has the form of a backup id (`YYYYMMDD_HHMMSS_<8 hex>`).
pub(crate) fn is_valid_id(id: &str) -> bool {
    let b = id.as_bytes();
    b.len() == 24
        && b[..8].iter().all(u8::is_ascii_digit)
        && b[8] == b'_'
        && b[9..15].iter().all(u8::is_ascii_digit)
        && b[15] == b'_'
        && b[16..]
            .iter()
            .all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
}

fn check_id(id: &str) -> Result<()> {
    if is_valid_id(id) {
        Ok(())
    } else {
        let shown: String = id.chars().take(80).collect();
        Err(Error::new(Code::U001, format!("バックアップID「{shown}」は不正です"))
            .hint("`noveler backup list` に表示される YYYYMMDD_HHMMSS_xxxxxxxx 形式のIDを指定してください。")
            .suggest("noveler backup list"))
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Creates a fresh, uniquely named backup directory; returns (id, absolute dir).
fn new_backup_dir(root: &Path, now: SystemTime, reason: &str) -> Result<(String, PathBuf)> {
    let base = paths::inside(root, BACKUP_DIR)?;
    std::fs::create_dir_all(&base).map_err(|e| Error::io(&base, &e))?;
    let stamp = super::envelope::file_stamp(&timestamp(now));
    let nanos = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    for attempt in 0..100u32 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let seed = format!("{}:{nanos}:{n}:{attempt}:{reason}", std::process::id());
        let id = format!("{stamp}_{}", &sha256_hex(seed.as_bytes())[..8]);
        let dir = base.join(&id);
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok((id, dir)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(Error::io(&dir, &e)),
        }
    }
    Err(Error::new(
        Code::U007,
        "バックアップ用のディレクトリを作成できませんでした",
    )
    .hint("しばらくしてから再実行してください。"))
}

/// Backs up the files `rels` (relative to `root`; each must exist inside the root) into one
/// new snapshot.
pub(crate) fn backup_files(
    root: &Path,
    rels: &[String],
    reason: &str,
    clock: &Clock,
) -> Result<BackupRef> {
    let mut wanted: Vec<String> = Vec::new();
    for rel in rels {
        let r = paths::resolve_file(root, Path::new(rel))?;
        if !wanted.contains(&r.rel) {
            wanted.push(r.rel);
        }
    }
    if wanted.is_empty() {
        return Err(
            Error::new(Code::U005, "バックアップするファイルがありません")
                .hint("ファイル、話数、または --all を指定してください。"),
        );
    }
    let now = clock.now();
    let created_at = timestamp(now);
    let (id, dir) = new_backup_dir(root, now, reason)?;
    let croot = paths::canonical_root(root);
    let mut entries = Vec::new();
    for rel in &wanted {
        let src = croot.join(rel);
        let bytes = super::text::read_bytes(&src)?;
        let stored_as = format!("files/{rel}");
        write_atomic(&dir.join(&stored_as), &bytes)?;
        entries.push(BackupEntry {
            path: rel.clone(),
            sha256: sha256_hex(&bytes),
            size_bytes: bytes.len() as u64,
            stored_as,
        });
    }
    let manifest = Manifest {
        backup_id: id.clone(),
        created_at,
        reason: reason.to_string(),
        noveler_version: crate::VERSION.to_string(),
        total_files: entries.len(),
        total_size_bytes: entries.iter().map(|e| e.size_bytes).sum(),
        files: entries,
    };
    let body = serde_json::to_vec_pretty(&manifest).map_err(|e| {
        Error::new(
            Code::R002,
            format!("マニフェストのJSON化に失敗しました: {e}"),
        )
    })?;
    write_atomic(&dir.join(MANIFEST), &body)?;
    Ok(BackupRef {
        manifest: format!("{BACKUP_DIR}/{id}/{MANIFEST}"),
        backup_id: id,
        files: wanted,
    })
}

/// Backs up one file (absolute, or relative to `root`) before a command changes it.
pub(crate) fn backup_file(
    root: &Path,
    path: &Path,
    reason: &str,
    clock: &Clock,
) -> Result<BackupRef> {
    let r = paths::resolve_file(root, path)?;
    backup_files(root, &[r.rel], reason, clock)
}

/// Reads and vets the manifest of backup `id`.
pub fn read_manifest(root: &Path, id: &str) -> Result<Manifest> {
    check_id(id)?;
    let dir = paths::inside(root, &format!("{BACKUP_DIR}/{id}"))?;
    let path = dir.join(MANIFEST);
    let rel = format!("{BACKUP_DIR}/{id}/{MANIFEST}");
    let bytes = match super::text::read_internal(&path) {
        Ok(Some(b)) => b,
        Ok(None) => {
            let msg = if dir.is_dir() {
                format!("バックアップ {id} は未完了です（manifest.json がありません）")
            } else {
                format!("バックアップ {id} が見つかりません")
            };
            return Err(Error::new(Code::A007, msg)
                .hint("`noveler backup list` で利用できるバックアップを確認してください。")
                .suggest("noveler backup list"));
        }
        Err(e) => return Err(e),
    };
    let broken = |reason: String| {
        Error::new(
            Code::A008,
            format!("バックアップ {id} のマニフェストが壊れています: {reason}"),
        )
        .at(&path, None)
        .hint("別のバックアップを指定してください（`noveler backup list`）。")
        .details(serde_json::json!({"path": rel, "reason": reason}))
    };
    let m: Manifest = serde_json::from_slice(&bytes).map_err(|e| broken(e.to_string()))?;
    if m.backup_id != id {
        return Err(broken(format!("IDが一致しません（{}）", m.backup_id)));
    }
    for f in &m.files {
        if !paths::is_clean_relative(&f.path) || f.stored_as != format!("files/{}", f.path) {
            return Err(broken(format!("不正なパス {}", f.path)));
        }
    }
    Ok(m)
}

/// Every backup, newest first, and the ones that cannot be used.
pub fn list(root: &Path) -> Result<(Vec<Manifest>, Vec<BrokenBackup>)> {
    let base = paths::inside(root, BACKUP_DIR)?;
    let rd = match std::fs::read_dir(&base) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
        Err(e) => return Err(Error::io(&base, &e)),
    };
    let mut ids: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().map(|t| t.is_dir()).unwrap_or(false))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_valid_id(n))
        .collect();
    ids.sort();
    let mut good = Vec::new();
    let mut broken = Vec::new();
    for id in ids {
        match read_manifest(root, &id) {
            Ok(m) => good.push(m),
            Err(e) => broken.push(BrokenBackup {
                path: format!("{BACKUP_DIR}/{id}"),
                backup_id: id,
                reason: e.message,
            }),
        }
    }
    good.sort_by(|a, b| (&b.created_at, &b.backup_id).cmp(&(&a.created_at, &a.backup_id)));
    Ok((good, broken))
}

/// Restores backup `id` (see the module doc); with `dry_run` only reports what would change.
pub fn restore(root: &Path, id: &str, dry_run: bool, clock: &Clock) -> Result<RestoreOutcome> {
    let manifest = read_manifest(root, id)?;
    let stored = verified_copies(root, id, &manifest)?;
    let plan = plan(root, &manifest, stored)?;
    let mut out = RestoreOutcome {
        backup_id: id.to_string(),
        dry_run,
        files: Vec::new(),
        pre_restore_backup: None,
    };
    if !dry_run {
        out.pre_restore_backup = write_plan(root, id, &plan, clock)?;
    }
    out.files = plan.into_iter().map(|(_, _, r)| r).collect();
    Ok(out)
}

/// Where a restored file goes, its stored bytes, and what the restore does with it.
type Planned = (paths::InRoot, Vec<u8>, RestoreFile);

/// 1. The stored copies of backup `id`; every one must match its hash before anything is
///    written (A006 otherwise).
fn verified_copies(root: &Path, id: &str, manifest: &Manifest) -> Result<Vec<Vec<u8>>> {
    let dir = paths::inside(root, &format!("{BACKUP_DIR}/{id}"))?;
    let mut stored = Vec::new();
    let mut bad = Vec::new();
    for f in &manifest.files {
        let p = dir.join(&f.stored_as);
        match super::text::read_internal(&p) {
            Ok(Some(bytes)) if sha256_hex(&bytes) == f.sha256 => stored.push(bytes),
            Ok(Some(_)) => {
                bad.push(serde_json::json!({"path": f.path, "reason": "sha256 mismatch"}))
            }
            Ok(None) => bad.push(serde_json::json!({"path": f.path, "reason": "missing"})),
            Err(e) => bad.push(serde_json::json!({"path": f.path, "reason": e.message})),
        }
    }
    if !bad.is_empty() {
        return Err(Error::new(
            Code::A006,
            format!(
                "バックアップ {id} の保存内容がマニフェストのハッシュと一致しません（{} 件）。何も復元していません",
                bad.len()
            ),
        )
        .hint("このバックアップは使えません。`noveler backup list` で別のバックアップを選んでください。")
        .details(serde_json::json!({ "files": bad })));
    }
    Ok(stored)
}

/// 2. Where each file goes, and what is there now.
fn plan(root: &Path, manifest: &Manifest, stored: Vec<Vec<u8>>) -> Result<Vec<Planned>> {
    let mut plan = Vec::new();
    for (f, bytes) in manifest.files.iter().zip(stored) {
        let target = paths::resolve(root, Path::new(&f.path))?;
        let current = super::text::read_bytes_if_exists(&target.abs)?.map(|b| sha256_hex(&b));
        let action = match &current {
            None => RestoreAction::Create,
            Some(h) if *h == f.sha256 => RestoreAction::Unchanged,
            Some(_) => RestoreAction::Restore,
        };
        plan.push((
            target,
            bytes,
            RestoreFile {
                path: f.path.clone(),
                action,
                sha256: f.sha256.clone(),
                current_sha256: current,
            },
        ));
    }
    Ok(plan)
}

/// 3. Back up what is about to be overwritten, then write; returns the pre-restore backup.
fn write_plan(root: &Path, id: &str, plan: &[Planned], clock: &Clock) -> Result<Option<BackupRef>> {
    // Artifact files are written under the artifact lock, so a concurrent `artifact store`
    // cannot interleave.
    let touches_artifacts = plan.iter().any(|(t, _, r)| {
        r.action != RestoreAction::Unchanged && t.rel.starts_with(ARTIFACTS_PREFIX)
    });
    let write_all = || -> Result<Option<BackupRef>> {
        let overwritten: Vec<String> = plan
            .iter()
            .filter(|(_, _, r)| r.action == RestoreAction::Restore)
            .map(|(t, _, _)| t.rel.clone())
            .collect();
        let pre = if overwritten.is_empty() {
            None
        } else {
            Some(backup_files(
                root,
                &overwritten,
                &format!("before restore {id}"),
                clock,
            )?)
        };
        // Journaled: a restore killed half-way is rolled back by the next command.
        let changing: Vec<String> = plan
            .iter()
            .filter(|(_, _, r)| r.action != RestoreAction::Unchanged)
            .map(|(t, _, _)| t.rel.clone())
            .collect();
        let journal = super::journal::Journal::begin(
            root,
            &format!("backup restore {id}"),
            &changing,
            clock,
        )?;
        for (target, bytes, r) in plan {
            if r.action != RestoreAction::Unchanged {
                write_atomic(&target.abs, bytes)?;
            }
        }
        journal.finish()?;
        Ok(pre)
    };
    // Every other file is replaced under its manuscript lock (the one `write`, `polish`
    // and `complete` take), and only if it still has the sha256 the plan was made from:
    // a file changed since is QC-018 and nothing is written.
    let write_all = || -> Result<Option<BackupRef>> {
        for (target, _, r) in plan
            .iter()
            .filter(|(_, _, r)| r.action != RestoreAction::Unchanged)
        {
            let now = super::text::read_bytes_if_exists(&target.abs)?.map(|b| sha256_hex(&b));
            if now != r.current_sha256 {
                return Err(Error::new(
                    Code::QC018,
                    format!(
                        "{} は復元の準備中に変更されました（sha256 が一致しません）。何も復元していません",
                        r.path
                    ),
                )
                .hint("もう一度 noveler backup restore を実行してください（変更後の内容も復元前にバックアップされます）。")
                .details(serde_json::json!({
                    "path": r.path,
                    "expected_sha256": r.current_sha256,
                    "actual_sha256": now,
                })));
            }
        }
        write_all()
    };
    let locked: Vec<&str> = plan
        .iter()
        .filter(|(t, _, r)| {
            r.action != RestoreAction::Unchanged && !t.rel.starts_with(ARTIFACTS_PREFIX)
        })
        .map(|(t, _, _)| t.rel.as_str())
        .collect();
    super::lock::with_manuscript_locks(root, &locked, || {
        if touches_artifacts {
            let dir = paths::inside(root, super::artifact::ARTIFACT_DIR)?;
            super::lock::with_lock(&dir, write_all)
        } else {
            write_all()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("40_原稿")).unwrap();
        std::fs::write(d.path().join("40_原稿/第001話_a.md"), "元の本文\n").unwrap();
        d
    }

    #[test]
    fn backup_modify_restore_round_trip() {
        let d = project();
        let root = d.path();
        let file = root.join("40_原稿/第001話_a.md");
        let original = sha256_hex(&std::fs::read(&file).unwrap());
        let b = backup_file(
            root,
            Path::new("40_原稿/第001話_a.md"),
            "manual",
            &Clock::system(),
        )
        .unwrap();
        assert!(is_valid_id(&b.backup_id));
        std::fs::write(&file, "書き換えた本文\n").unwrap();
        let dry = restore(root, &b.backup_id, true, &Clock::system()).unwrap();
        assert_eq!(dry.files[0].action, RestoreAction::Restore);
        assert_ne!(sha256_hex(&std::fs::read(&file).unwrap()), original);
        let done = restore(root, &b.backup_id, false, &Clock::system()).unwrap();
        assert_eq!(sha256_hex(&std::fs::read(&file).unwrap()), original);
        // The overwritten text was itself backed up.
        let pre = done.pre_restore_backup.unwrap();
        let m = read_manifest(root, &pre.backup_id).unwrap();
        assert_eq!(m.files[0].sha256, sha256_hex("書き換えた本文\n".as_bytes()));
        let again = restore(root, &b.backup_id, false, &Clock::system()).unwrap();
        assert_eq!(again.files[0].action, RestoreAction::Unchanged);
        assert!(again.pre_restore_backup.is_none());
        let (all, broken) = list(root).unwrap();
        assert_eq!(all.len(), 2);
        assert!(broken.is_empty());
    }

    #[test]
    fn tampered_copy_is_a006_and_nothing_written() {
        let d = project();
        let root = d.path();
        let b = backup_file(
            root,
            Path::new("40_原稿/第001話_a.md"),
            "manual",
            &Clock::system(),
        )
        .unwrap();
        std::fs::write(root.join("40_原稿/第001話_a.md"), "新しい\n").unwrap();
        let copy = root
            .join(BACKUP_DIR)
            .join(&b.backup_id)
            .join("files/40_原稿/第001話_a.md");
        std::fs::write(copy, "改ざん\n").unwrap();
        let e = restore(root, &b.backup_id, false, &Clock::system()).unwrap_err();
        assert_eq!(e.code, Code::A006);
        assert_eq!(
            std::fs::read_to_string(root.join("40_原稿/第001話_a.md")).unwrap(),
            "新しい\n"
        );
    }

    #[test]
    fn bad_ids_and_manifests() {
        let d = project();
        let root = d.path();
        assert_eq!(
            restore(root, "../../etc", true, &Clock::system())
                .unwrap_err()
                .code,
            Code::U001
        );
        assert_eq!(
            restore(root, "20250101_000000_deadbeef", true, &Clock::system())
                .unwrap_err()
                .code,
            Code::A007
        );
        let b = backup_file(
            root,
            Path::new("40_原稿/第001話_a.md"),
            "manual",
            &Clock::system(),
        )
        .unwrap();
        let mpath = root.join(&b.manifest);
        let text = std::fs::read_to_string(&mpath)
            .unwrap()
            .replace("\"path\": \"40_原稿", "\"path\": \"../40_原稿");
        std::fs::write(&mpath, text).unwrap();
        assert_eq!(
            restore(root, &b.backup_id, true, &Clock::system())
                .unwrap_err()
                .code,
            Code::A008
        );
        let (good, broken) = list(root).unwrap();
        assert!(good.is_empty());
        assert_eq!(broken.len(), 1);
    }

    #[test]
    fn outside_paths_refused() {
        let d = project();
        let e = backup_file(d.path(), Path::new("../x"), "manual", &Clock::system()).unwrap_err();
        assert_eq!(e.code, Code::U004);
        let e = backup_files(d.path(), &[], "manual", &Clock::system()).unwrap_err();
        assert_eq!(e.code, Code::U005);
    }
}
