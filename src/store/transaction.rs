//! Writing several files as one unit: all of them change, or none does.
//!
//! `Transaction::commit`:
//! 1. resolves every target inside the project root (store path rules, U004 outside);
//! 2. reads each target's current bytes (or notes that it does not exist yet) and takes one
//!    backup snapshot of the existing ones under `.noveler/backups/` (`store::backup`);
//! 3. writes the targets one by one, each atomically (`write_atomic`);
//! 4. on any error — a failed write, or the caller's `hook` failing between two writes —
//!    restores every target written so far to its original bytes (a file that did not exist
//!    is removed again) and returns the error, saying whether the rollback was complete.
//!
//! The writes are journaled (`store::journal`, begun after the backup): a process killed
//! between two writes, or before `Committed::finish`, is rolled back by the next command.
//! `commit` finishes at once; `commit_with` leaves the journal open for the caller's steps
//! after the writes (storing a manifest) and its `finish`.
//!
//! After a successful commit, the `Committed` value can still undo everything with
//! `rollback` (used when a step after the writes, such as storing a manifest, fails).
//! Rollback restores from the bytes kept in memory and checks each restored file's sha256;
//! the backup snapshot stays on disk either way, so nothing is lost even if the process dies
//! between two writes.

use super::backup::{self, BackupRef};
use super::{paths, write_atomic, FileRef};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use std::path::{Path, PathBuf};

/// One file to write.
#[derive(Clone, Debug)]
pub struct PlannedWrite {
    /// Relative to the project root (or absolute inside it).
    pub path: String,
    pub bytes: Vec<u8>,
    /// FileRef role of the written file (`manuscript`, `management`, `publish` …).
    pub role: String,
}

/// Files to write together.
#[derive(Clone, Debug)]
pub struct Transaction {
    root: PathBuf,
    reason: String,
    /// The call's clock (the backup's time).
    clock: super::clock::Clock,
    writes: Vec<PlannedWrite>,
}

/// What a target looked like before the transaction.
#[derive(Clone, Debug)]
struct Original {
    abs: PathBuf,
    rel: String,
    /// None when the file did not exist.
    bytes: Option<Vec<u8>>,
}

/// A committed transaction.
#[derive(Debug)]
pub struct Committed {
    root: PathBuf,
    originals: Vec<Original>,
    /// The snapshot of the files that existed before (None when every target was new).
    pub backup: Option<BackupRef>,
    /// The written files, in write order.
    pub files: Vec<FileRef>,
    /// Relative paths of targets that did not exist before.
    pub created: Vec<String>,
    /// Open until `finish`: dropped open, it rolls the writes back.
    journal: Option<super::journal::Journal>,
}

/// Called before each write with the index of the write about to happen (0-based) and
/// its relative path. An error aborts the transaction (tests inject failures this way).
pub type Hook<'a> = &'a mut dyn FnMut(usize, &str) -> Result<()>;

impl Transaction {
    pub fn new(root: &Path, reason: &str, clock: &super::clock::Clock) -> Transaction {
        Transaction {
            root: root.to_path_buf(),
            reason: reason.to_string(),
            clock: clock.clone(),
            writes: Vec::new(),
        }
    }

    /// Adds a file to write (later writes to the same path replace earlier ones).
    pub fn write(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>, role: &str) {
        let path = path.into();
        self.writes.retain(|w| w.path != path);
        self.writes.push(PlannedWrite {
            path,
            bytes: bytes.into(),
            role: role.to_string(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.writes.is_empty()
    }

    /// Relative paths of the planned writes.
    pub fn paths(&self) -> Vec<String> {
        self.writes.iter().map(|w| w.path.clone()).collect()
    }

    /// Applies every write, or none (see the module doc).
    pub fn commit(self) -> Result<Committed> {
        let mut committed = self.commit_with(&mut |_, _| Ok(()))?;
        committed.finish()?;
        Ok(committed)
    }

    /// `commit` with a hook run before each write; the journal stays open until
    /// `Committed::finish`.
    pub(crate) fn commit_with(self, hook: Hook<'_>) -> Result<Committed> {
        let mut originals = Vec::with_capacity(self.writes.len());
        for w in &self.writes {
            let r = paths::resolve(&self.root, Path::new(&w.path))?;
            if r.abs.is_dir() {
                return Err(Error::new(
                    Code::U001,
                    format!("{} はディレクトリなので書き込めません", r.rel),
                )
                .at(&r.abs, None));
            }
            let bytes = super::text::read_bytes_if_exists(&r.abs)?;
            originals.push(Original {
                abs: r.abs,
                rel: r.rel,
                bytes,
            });
        }
        let existing: Vec<String> = originals
            .iter()
            .filter(|o| o.bytes.is_some())
            .map(|o| o.rel.clone())
            .collect();
        let backup = if existing.is_empty() {
            None
        } else {
            Some(backup::backup_files(
                &self.root,
                &existing,
                &self.reason,
                &self.clock,
            )?)
        };
        let rels: Vec<String> = originals.iter().map(|o| o.rel.clone()).collect();
        let journal = super::journal::Journal::begin(&self.root, &self.reason, &rels, &self.clock)?;
        let mut committed = Committed {
            root: self.root.clone(),
            originals: Vec::new(),
            backup,
            files: Vec::new(),
            created: Vec::new(),
            journal: Some(journal),
        };
        for (i, (w, o)) in self.writes.iter().zip(originals).enumerate() {
            let step = hook(i, &o.rel).and_then(|()| write_atomic(&o.abs, &w.bytes));
            // Recorded before checking the result: a failed atomic write leaves the old file,
            // and restoring it again is harmless.
            let rel = o.rel.clone();
            let abs = o.abs.clone();
            let new = o.bytes.is_none();
            committed.originals.push(o);
            if let Err(err) = step {
                let restored = committed.rollback();
                return Err(with_rollback(err, restored));
            }
            if new {
                committed.created.push(rel);
            }
            committed
                .files
                .push(FileRef::from_bytes(&self.root, &abs, &w.bytes, &w.role));
        }
        Ok(committed)
    }
}

impl Committed {
    /// The caller's steps after the writes are done too: the change stands (the journal
    /// goes). On an error the writes are rolled back.
    pub fn finish(&mut self) -> Result<()> {
        match self.journal.take() {
            Some(j) => j.finish(),
            None => Ok(()),
        }
    }

    /// Puts every target back to its original bytes (removing files that were created).
    /// Returns the paths that could not be restored (empty on a complete rollback).
    pub fn rollback(&self) -> Vec<String> {
        let mut failed = Vec::new();
        for o in self.originals.iter().rev() {
            let ok = match &o.bytes {
                Some(bytes) => {
                    write_atomic(&o.abs, bytes).is_ok()
                        && super::text::read_bytes(&o.abs)
                            .map(|now| sha256_hex(&now) == sha256_hex(bytes))
                            .unwrap_or(false)
                }
                None => match std::fs::remove_file(&o.abs) {
                    Ok(()) => true,
                    Err(e) => e.kind() == std::io::ErrorKind::NotFound,
                },
            };
            if !ok {
                failed.push(o.rel.clone());
            }
        }
        failed
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
}

/// `err` with what the rollback did added to its hint and details.
fn with_rollback(err: Error, failed: Vec<String>) -> Error {
    let mut details = err.details.clone().unwrap_or_else(|| serde_json::json!({}));
    if let Some(map) = details.as_object_mut() {
        map.insert("rolled_back".into(), serde_json::json!(failed.is_empty()));
        if !failed.is_empty() {
            map.insert("not_restored".into(), serde_json::json!(failed));
        }
    }
    let note = if failed.is_empty() {
        "変更はすべて元に戻しました。".to_string()
    } else {
        format!(
            "次のファイルを元に戻せませんでした: {}。.noveler/backups/ のバックアップから `noveler backup restore` で戻してください。",
            failed.join(", ")
        )
    };
    let hint = if err.hint.is_empty() {
        note
    } else {
        format!("{}（{note}）", err.hint)
    };
    let mut err = err.details(details);
    err.hint = hint;
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha(path: &Path) -> Option<String> {
        std::fs::read(path).ok().map(|b| sha256_hex(&b))
    }

    #[test]
    fn commits_all_and_backs_up_existing() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "old").unwrap();
        let mut t = Transaction::new(root, "test", &crate::store::clock::Clock::system());
        t.write("a.txt", "new", "x");
        t.write("sub/b.txt", "fresh", "y");
        let c = t.commit().unwrap();
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "new");
        assert_eq!(
            std::fs::read_to_string(root.join("sub/b.txt")).unwrap(),
            "fresh"
        );
        assert_eq!(c.created, vec!["sub/b.txt".to_string()]);
        assert_eq!(c.backup.as_ref().unwrap().files, vec!["a.txt".to_string()]);
        assert_eq!(c.files.len(), 2);
        assert!(c.rollback().is_empty());
        assert_eq!(std::fs::read_to_string(root.join("a.txt")).unwrap(), "old");
        assert!(!root.join("sub/b.txt").exists());
    }

    #[test]
    fn failure_between_writes_restores_every_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("a.txt"), "one").unwrap();
        std::fs::write(root.join("b.txt"), "two").unwrap();
        let before = [sha(&root.join("a.txt")), sha(&root.join("b.txt"))];
        for fail_at in 1..=3 {
            let mut t = Transaction::new(root, "test", &crate::store::clock::Clock::system());
            t.write("a.txt", "ONE", "x");
            t.write("new.txt", "NEW", "x");
            t.write("b.txt", "TWO", "x");
            let err = t
                .commit_with(&mut |i, _| {
                    if i == fail_at {
                        Err(Error::new(Code::R002, "injected"))
                    } else {
                        Ok(())
                    }
                })
                .err();
            if fail_at == 3 {
                assert!(err.is_none(), "no write with index 3");
                continue;
            }
            let err = err.unwrap();
            assert_eq!(err.details.unwrap()["rolled_back"], true);
            assert_eq!(
                [sha(&root.join("a.txt")), sha(&root.join("b.txt"))],
                before,
                "fail at {fail_at}"
            );
            assert!(!root.join("new.txt").exists());
        }
    }

    #[test]
    fn outside_the_root_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = Transaction::new(dir.path(), "test", &crate::store::clock::Clock::system());
        t.write("a.txt", "x", "x");
        t.write("../escape.txt", "x", "x");
        assert_eq!(t.commit().unwrap_err().code, Code::U004);
        assert!(!dir.path().join("a.txt").exists());
    }
}
