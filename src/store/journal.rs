//! The journal of a change of several files (issue 28 item 6): what a command is about to
//! change is written down before it changes anything, so that a command killed half-way is
//! rolled back by the next command of any kind (`recover`, run by `commands::execute`).
//!
//! `Journal::begin` makes `.noveler/journal/<pid>-<random>/` (under a hidden name until it
//! holds the lock, so no other process's `recover` takes it for abandoned), takes an
//! exclusive lock on its `lock` file (held for as long as the journal is open; the system drops it when the
//! process dies), copies the current bytes of every target that exists into it, and writes
//! `intent.json` last: the command, and for each target its path and whether (and as which
//! copy) it existed. Then the command writes its targets. `finish` removes the directory.
//!
//! `recover` looks at every journal directory whose lock it can take (its writer is gone):
//! - without `intent.json` the writer died while copying, before any target was written:
//!   the directory is removed;
//! - with it, every target is put back: an existing one gets its copied bytes back (checked
//!   against their sha256), one that did not exist is removed. Then the directory goes.
//!   What `recover` is about to replace or remove is first backed up (`store::backup`,
//!   named in `Recovered::backup`): the author may have edited a target between the kill
//!   and this command (an editor keeps working), and that edit must not be lost.
//!
//! A journal dropped without `finish` (an error returned half-way in a live process) rolls
//! back the same way at once.

use super::{disk, paths, text, write_atomic};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where journals live, relative to the project root.
pub const JOURNAL_DIR: &str = ".noveler/journal";
const INTENT: &str = "intent.json";
const LOCK: &str = "lock";

#[derive(Debug, Serialize, Deserialize)]
struct Intent {
    command: String,
    targets: Vec<Entry>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    /// Relative to the project root.
    path: String,
    /// The copy of the original in the journal directory (`<n>.orig`) and its sha256; none
    /// when the target did not exist.
    original: Option<String>,
    sha256: Option<String>,
}

/// An open journal: its targets may be half-written until `finish`.
#[derive(Debug)]
pub struct Journal {
    root: PathBuf,
    dir: PathBuf,
    /// Held for the life of the journal (the lock `recover` tests).
    _lock: std::fs::File,
    open: bool,
    /// The call's clock, for the backup a rollback takes.
    clock: super::clock::Clock,
}

/// What `recover` put back after a command that did not finish.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Recovered {
    /// The command that was interrupted.
    pub command: String,
    /// Targets restored or removed (relative paths); empty when it died before writing.
    pub rolled_back: Vec<String>,
    /// The backup of what those targets held just before the rollback (`noveler backup
    /// restore ID` brings it back); none when nothing existing was replaced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backup: Option<super::backup::BackupRef>,
}

impl Journal {
    /// Records the targets (relative to `root`, inside it) of the change `command` is about
    /// to make, with a copy of each one's current bytes.
    pub fn begin(
        root: &Path,
        command: &str,
        targets: &[String],
        clock: &super::clock::Clock,
    ) -> Result<Journal> {
        let base = paths::inside(root, JOURNAL_DIR)?;
        disk::create_dir_all(&base)?;
        // Made under a hidden name and shown only once its lock is held: a `recover` of
        // another process must never find this journal unlocked and take it for abandoned.
        let hidden = new_dir(&base)?;
        let lock = lock_file(&hidden.join(LOCK))?;
        let dir = visible(&hidden);
        std::fs::rename(&hidden, &dir).map_err(|e| Error::io(&dir, &e))?;
        let mut journal = Journal {
            root: root.to_path_buf(),
            dir,
            _lock: lock,
            open: true,
            clock: clock.clone(),
        };
        let mut entries = Vec::with_capacity(targets.len());
        for (i, rel) in targets.iter().enumerate() {
            let r = paths::resolve(root, Path::new(rel))?;
            let (original, sha256) = match text::read_bytes_if_exists(&r.abs)? {
                Some(bytes) => {
                    let name = format!("{i}.orig");
                    write_atomic(&journal.dir.join(&name), &bytes)?;
                    (Some(name), Some(sha256_hex(&bytes)))
                }
                None => (None, None),
            };
            entries.push(Entry {
                path: r.rel,
                original,
                sha256,
            });
        }
        let intent = Intent {
            command: command.to_string(),
            targets: entries,
        };
        let body = serde_json::to_vec_pretty(&intent)
            .map_err(|e| Error::new(Code::R002, format!("ジャーナルを書き出せません: {e}")))?;
        write_atomic(&journal.dir.join(INTENT), &body).inspect_err(|_| {
            // Nothing was written to a target yet: the copies are of no use.
            journal.open = false;
            let _ = std::fs::remove_dir_all(&journal.dir);
        })?;
        Ok(journal)
    }

    /// Every target is written: the journal goes. When it cannot be removed, the change is
    /// rolled back (as on any error half-way) and the error returned.
    pub fn finish(mut self) -> Result<()> {
        disk::remove_dir_all(&self.dir)?;
        self.open = false;
        Ok(())
    }
}

impl Drop for Journal {
    /// Dropped while open (an error returned half-way): the targets are put back now. A
    /// rollback that fails leaves the directory for the next command's `recover`.
    fn drop(&mut self) {
        if self.open {
            // The writer's own error half-way. Another process may have written a target in
            // between (a polish racing a write submit is why this one failed): what the
            // rollback replaces is backed up as in `recover`.
            if let Ok(Some(_)) = roll_back(&self.root, &self.dir, &self.clock) {
                let _ = std::fs::remove_dir_all(&self.dir);
            }
        }
    }
}

/// Rolls back every journal of `root` whose writer is gone (see the module doc).
pub fn recover(root: &Path, clock: &super::clock::Clock) -> Result<Vec<Recovered>> {
    let base = root.join(JOURNAL_DIR);
    let Ok(entries) = std::fs::read_dir(&base) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for e in entries.flatten() {
        // A hidden directory is a journal being made (its writer not yet holding the lock).
        if !e.file_type().is_ok_and(|t| t.is_dir())
            || e.file_name().to_string_lossy().starts_with('.')
        {
            continue;
        }
        let dir = e.path();
        let Some(_held) = take_if_abandoned(&dir.join(LOCK)) else {
            continue;
        };
        let done = roll_back(root, &dir, clock).map_err(|err| {
            Error::new(
                err.code,
                format!(
                    "中断された処理の後始末（{} の巻き戻し）ができませんでした: {}",
                    dir.display(),
                    err.message
                ),
            )
            .at(&dir, None)
            .hint("ディスクの空きと書き込み権限を確認してから、もう一度実行してください。巻き戻しに必要な元のファイルはこのフォルダに残っています。")
        })?;
        disk::remove_dir_all(&dir)?;
        if let Some(r) = done {
            out.push(r);
        }
    }
    Ok(out)
}

/// Puts every target of the journal in `dir` back; `None` when it has no intent yet. What is
/// about to be replaced or removed is backed up first (`clock`: the backup's time).
fn roll_back(root: &Path, dir: &Path, clock: &super::clock::Clock) -> Result<Option<Recovered>> {
    let Some(body) = text::read_internal(&dir.join(INTENT))? else {
        return Ok(None);
    };
    let intent: Intent = serde_json::from_slice(&body).map_err(|e| {
        Error::new(
            Code::A003,
            format!("ジャーナル {} が壊れています: {e}", dir.display()),
        )
        .at(dir.join(INTENT), None)
    })?;
    // What each target should hold again (None: it did not exist), for those that differ.
    let mut changes: Vec<(paths::InRoot, bool, Option<Vec<u8>>)> = Vec::new();
    for t in intent.targets.iter().rev() {
        let r = paths::resolve(root, Path::new(&t.path))?;
        let now = text::read_bytes_if_exists(&r.abs)?;
        let want = match (&t.original, &t.sha256) {
            (Some(copy), Some(sha)) => {
                let bytes = text::read_internal(&dir.join(copy))?.unwrap_or_default();
                if sha256_hex(&bytes) != *sha {
                    return Err(Error::new(
                        Code::A006,
                        format!("{} の控え（{copy}）がハッシュと一致しません", t.path),
                    ));
                }
                Some(bytes)
            }
            _ => None,
        };
        if now != want {
            changes.push((r, now.is_some(), want));
        }
    }
    let existing: Vec<String> = changes
        .iter()
        .filter(|(_, exists, _)| *exists)
        .map(|(r, _, _)| r.rel.clone())
        .collect();
    let backup = if !existing.is_empty() {
        let reason = format!("中断された {} の巻き戻し前", intent.command);
        Some(super::backup::backup_files(
            root, &existing, &reason, clock,
        )?)
    } else {
        None
    };
    let mut rolled_back = Vec::new();
    for (r, _, want) in changes {
        match want {
            Some(bytes) => write_atomic(&r.abs, &bytes)?,
            None => {
                disk::remove_file(&r.abs)?;
            }
        }
        rolled_back.push(r.rel);
    }
    Ok(Some(Recovered {
        command: intent.command,
        rolled_back,
        backup,
    }))
}

/// A new journal directory named after this process.
fn new_dir(base: &Path) -> Result<PathBuf> {
    use std::hash::{BuildHasher, Hasher};
    let mut last = None;
    for attempt in 0..16u64 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(attempt);
        let dir = base.join(format!(".{}-{:016x}", std::process::id(), h.finish()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(Error::io(&dir, &e)),
        }
    }
    let e = last.unwrap_or_else(|| std::io::Error::other("no name"));
    Err(Error::io(base, &e))
}

/// The name a journal directory is shown under: its hidden name without the dot.
fn visible(hidden: &Path) -> PathBuf {
    let name = hidden
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    hidden.with_file_name(name.trim_start_matches('.'))
}

/// Creates and locks the journal's lock file.
fn lock_file(path: &Path) -> Result<std::fs::File> {
    let file = super::atomic::open_own(
        path,
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )?;
    #[cfg(unix)]
    rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)
        .map_err(|e| Error::io(path, &e.into()))?;
    Ok(file)
}

/// The lock of an abandoned journal, taken (held while the returned file lives); `None`
/// when its writer still holds it (or, off Unix, always: no journal is judged abandoned).
fn take_if_abandoned(path: &Path) -> Option<std::fs::File> {
    #[cfg(unix)]
    {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .ok()?;
        lock_if_abandoned(file, path)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// `file`, opened at `path`, locked when its writer is gone. The writer may have finished
/// between that open and this lock: it removes its whole directory before it lets go of the
/// lock, so a lock file no longer at its path (or another one there) is a journal that is
/// done, not abandoned — rolling it back would undo a finished change.
#[cfg(unix)]
fn lock_if_abandoned(file: std::fs::File, path: &Path) -> Option<std::fs::File> {
    rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive).ok()?;
    let held = rustix::fs::fstat(&file).ok()?;
    let now = rustix::fs::stat(path).ok()?;
    (held.st_dev == now.st_dev && held.st_ino == now.st_ino).then_some(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> crate::store::clock::Clock {
        crate::store::clock::Clock::system()
    }

    #[test]
    fn an_open_journal_is_left_alone_and_an_abandoned_one_rolled_back() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        let j =
            Journal::begin(root, "test", &["a.txt".into(), "new.txt".into()], &clock()).unwrap();
        write_atomic(&root.join("a.txt"), b"half").unwrap();
        write_atomic(&root.join("new.txt"), b"fresh").unwrap();
        // Its writer (this process, holding the lock) is alive: nothing is touched.
        assert!(recover(root, &crate::store::clock::Clock::system())
            .unwrap()
            .is_empty());
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "half");
        // The writer dies: its lock goes with it, the directory stays (here: dropped as
        // if it had not been open, which closes the lock file and rolls nothing back).
        let mut j = j;
        j.open = false;
        let jdir = j.dir.clone();
        drop(j);
        let got = recover(root, &crate::store::clock::Clock::system()).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].command, "test");
        assert_eq!(got[0].rolled_back, vec!["new.txt", "a.txt"]);
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old");
        assert!(!root.join("new.txt").exists());
        assert!(!jdir.exists());
        // What the rollback replaced is kept: the backup gives it back.
        let backup = got[0]
            .backup
            .as_ref()
            .expect("a backup of the replaced files");
        assert_eq!(backup.files, vec!["new.txt", "a.txt"]);
        crate::store::backup::restore(
            root,
            &backup.backup_id,
            false,
            &crate::store::clock::Clock::system(),
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "half");
        assert_eq!(
            std::fs::read_to_string(root.join("new.txt")).unwrap(),
            "fresh"
        );
    }

    #[test]
    #[cfg(unix)]
    fn a_journal_finished_between_open_and_lock_is_not_taken_for_abandoned() {
        // The race of two processes: recover opens a journal's lock file, the writer
        // finishes (its directory removed, its lock let go), then recover's lock succeeds
        // on the unlinked file. It failed with U005 (the directory gone) in a CI run.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        let j = Journal::begin(root, "test", &["a.txt".into()], &clock()).unwrap();
        let lock = j.dir.join(LOCK);
        let opened = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&lock)
            .unwrap();
        std::fs::write(root.join("a.txt"), "new").unwrap();
        j.finish().unwrap();
        assert!(lock_if_abandoned(opened, &lock).is_none());
        assert!(recover(root, &clock()).unwrap().is_empty());
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "new");
    }

    #[test]
    fn an_edit_made_after_the_kill_survives_the_rollback_in_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        std::fs::write(root.join("b.txt"), "keep").unwrap();
        let mut j =
            Journal::begin(root, "test", &["a.txt".into(), "b.txt".into()], &clock()).unwrap();
        write_atomic(&root.join("a.txt"), b"half").unwrap();
        // Killed here; then the author goes on editing in their editor.
        j.open = false;
        drop(j);
        std::fs::write(root.join("a.txt"), "an hour of the author's work").unwrap();
        let got = recover(root, &crate::store::clock::Clock::system()).unwrap();
        // b.txt never changed: neither rolled back nor backed up.
        assert_eq!(got[0].rolled_back, vec!["a.txt"]);
        let backup = got[0].backup.as_ref().unwrap();
        assert_eq!(backup.files, vec!["a.txt"]);
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old");
        crate::store::backup::restore(
            root,
            &backup.backup_id,
            false,
            &crate::store::clock::Clock::system(),
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("a.txt")).unwrap(),
            "an hour of the author's work"
        );
    }

    #[test]
    fn a_write_racing_a_failed_journaled_change_is_kept_in_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        let j = Journal::begin(root, "test", &["a.txt".into()], &clock()).unwrap();
        // Another process (a polish) writes the target; this change then fails and drops
        // its journal open: the rollback must not make that write vanish.
        std::fs::write(root.join("a.txt"), "polished").unwrap();
        drop(j);
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old");
        let (backups, _) = crate::store::backup::list(root).unwrap();
        assert_eq!(backups.len(), 1, "the replaced bytes are backed up");
        crate::store::backup::restore(root, &backups[0].backup_id, false, &clock()).unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("a.txt")).unwrap(),
            "polished"
        );
    }

    #[test]
    fn a_journal_dropped_open_rolls_back_and_finish_keeps_the_writes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        let j = Journal::begin(root, "test", &["a.txt".into()], &clock()).unwrap();
        write_atomic(&root.join("a.txt"), b"new").unwrap();
        drop(j);
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old");
        let j = Journal::begin(root, "test", &["a.txt".into()], &clock()).unwrap();
        write_atomic(&root.join("a.txt"), b"new").unwrap();
        j.finish().unwrap();
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "new");
        assert_eq!(
            std::fs::read_dir(root.join(JOURNAL_DIR)).unwrap().count(),
            0
        );
    }
}
