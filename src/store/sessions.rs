//! One store for noveler's sessions (issue 17 item 2): the writing sessions
//! (`.noveler/sessions/<id>.yaml`) and the progressive check sessions
//! (`.noveler/checks/<id>/manifest.json`) are two kinds of the same thing — a file per id
//! under a directory of `.noveler/` — and are read, written and listed here: the guarded
//! read of noveler's own state (`text::read_internal`), the atomic write, the listing in id
//! order, and an id checked before any path is built from it.
//!
//! Each kind keeps its own id scheme (`session_YYYYMMDD_HHMMSS_xxxxxx`,
//! `QC_EP003_YYYYMMDD_HHMMSS_0000`) and file format; this store adds, under both, the
//! refusal of anything that could leave the directory (separators, `..`, NUL, an empty or
//! overlong id), so a scheme that one day allows more characters still cannot name a path
//! outside it.

use super::lock::{EpisodeLock, Scope};
use crate::error::Result;
use std::path::{Path, PathBuf};

/// Where a session's file is, under the kind's directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `<dir>/<id>.<ext>`
    File { ext: &'static str },
    /// `<dir>/<id>/<file>` (the session's own directory holds its other files too)
    Dir { file: &'static str },
}

/// One kind of session.
#[derive(Clone, Copy, Debug)]
pub struct SessionStore {
    /// The directory, relative to the project root.
    pub dir: &'static str,
    pub layout: Layout,
    /// The kind's own id scheme.
    pub valid_id: fn(&str) -> bool,
    /// The episode lock a write of this kind is made under (`Writing`, `Checks`).
    pub scope: Scope,
}

/// Longest id accepted (the schemes' ids are 30-odd characters).
const MAX_ID: usize = 128;

/// Whether `id` can only name an entry directly inside a directory: ASCII letters, digits,
/// `_` and `-`, not empty, at most 128 characters (so no separator, `.`/`..`, NUL or
/// drive prefix).
pub(crate) fn safe_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl SessionStore {
    /// Whether `id` is a valid id of this kind (and safe as a path component).
    pub(crate) fn is_id(&self, id: &str) -> bool {
        safe_id(id) && (self.valid_id)(id)
    }

    /// The directory of the sessions.
    pub(crate) fn dir_of(&self, root: &Path) -> PathBuf {
        root.join(self.dir)
    }

    /// The session's file, for an id already known to be valid (one read from the store,
    /// or checked with `is_id`).
    pub(crate) fn path_of(&self, root: &Path, id: &str) -> PathBuf {
        match self.layout {
            Layout::File { ext } => self.dir_of(root).join(format!("{id}.{ext}")),
            Layout::Dir { file } => self.dir_of(root).join(id).join(file),
        }
    }

    /// The session's file, or none when `id` is not a valid id of this kind: checked before
    /// the path is built.
    pub(crate) fn checked_path(&self, root: &Path, id: &str) -> Option<PathBuf> {
        self.is_id(id).then(|| self.path_of(root, id))
    }

    /// The session's bytes through the guarded reader of noveler's own state (regular
    /// file, size limit, inside the project); none when there is no such session (or the
    /// id is not one of this kind).
    pub fn read(&self, root: &Path, id: &str) -> Result<Option<Vec<u8>>> {
        match self.checked_path(root, id) {
            Some(path) => super::text::read_internal(&path),
            None => Ok(None),
        }
    }

    /// R002 unless `held` is the lock of this kind (its scope) of episode `ep`: the one
    /// check of the witness, made by every write and removal before anything is touched.
    pub(crate) fn covers(&self, held: &EpisodeLock, ep: u32) -> Result<()> {
        held.covers(ep, self.scope)
    }

    /// Writes the bytes of session `id` of episode `ep` atomically, under that episode's
    /// lock `held` (its witness: an unlocked write does not compile; another episode's or
    /// another kind's lock is refused with R002). An id that is not one of this kind is
    /// refused (U001) rather than written anywhere.
    pub fn write(
        &self,
        held: &EpisodeLock,
        root: &Path,
        ep: u32,
        id: &str,
        bytes: &[u8],
    ) -> Result<()> {
        self.covers(held, ep)?;
        let path = self.checked_path(root, id).ok_or_else(|| {
            crate::error::Error::new(
                crate::Code::U001,
                format!("セッションIDの形式が不正です: {}", shown(id)),
            )
        })?;
        super::write_atomic(&path, bytes)
    }

    /// What one session occupies: its file (`Layout::File`) or its own directory
    /// (`Layout::Dir`); none when `id` is not a valid id of this kind.
    pub(crate) fn entry_of(&self, root: &Path, id: &str) -> Option<PathBuf> {
        self.is_id(id).then(|| match self.layout {
            Layout::File { ext } => self.dir_of(root).join(format!("{id}.{ext}")),
            Layout::Dir { .. } => self.dir_of(root).join(id),
        })
    }

    /// Removes session `id` of episode `ep` whole (its file, or its directory and
    /// everything in it), under that episode's lock `held` (R002 otherwise, as `write`).
    /// None there, or an id not of this kind: nothing to do.
    pub fn remove(&self, held: &EpisodeLock, root: &Path, ep: u32, id: &str) -> Result<()> {
        self.covers(held, ep)?;
        let Some(entry) = self.entry_of(root, id) else {
            return Ok(());
        };
        match self.layout {
            Layout::File { .. } if entry.is_file() => super::disk::remove_existing_file(&entry),
            Layout::Dir { .. } if entry.is_dir() => super::disk::remove_dir_all(&entry),
            _ => Ok(()),
        }
    }

    /// The ids of the sessions on disk, sorted (the schemes sort in creation order). Only
    /// entries of the layout's kind (files with the extension, or directories) whose name
    /// is a valid id of this kind are listed.
    pub fn ids(&self, root: &Path) -> Vec<String> {
        let Ok(rd) = std::fs::read_dir(self.dir_of(root)) else {
            return Vec::new();
        };
        let mut ids: Vec<String> = rd
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().to_str()?.to_string();
                match self.layout {
                    Layout::File { ext } => {
                        name.strip_suffix(&format!(".{ext}")).map(str::to_string)
                    }
                    Layout::Dir { .. } => e.path().is_dir().then_some(name),
                }
            })
            .filter(|id| self.is_id(id))
            .collect();
        ids.sort();
        ids
    }
}

fn shown(id: &str) -> String {
    id.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held() -> EpisodeLock {
        EpisodeLock::unheld_for_test(1, Scope::Writing)
    }

    fn any(_: &str) -> bool {
        true
    }

    const FILES: SessionStore = SessionStore {
        dir: ".noveler/sessions",
        layout: Layout::File { ext: "yaml" },
        valid_id: any,
        scope: Scope::Writing,
    };
    const DIRS: SessionStore = SessionStore {
        dir: ".noveler/checks",
        layout: Layout::Dir {
            file: "manifest.json",
        },
        valid_id: any,
        scope: Scope::Writing,
    };

    #[test]
    fn path_tricks_are_refused_even_by_a_scheme_that_allows_them() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for bad in [
            "",
            "..",
            "../x",
            "a/b",
            "a\\b",
            "a\0b",
            "/etc/passwd",
            "c:x",
            "a.b",
        ] {
            assert!(FILES.checked_path(root, bad).is_none(), "{bad:?}");
            assert!(DIRS.read(root, bad).unwrap().is_none(), "{bad:?}");
            assert_eq!(
                FILES.write(&held(), root, 1, bad, b"x").unwrap_err().code,
                crate::Code::U001
            );
        }
        assert!(FILES.checked_path(root, &"a".repeat(129)).is_none());
        assert!(!root.join(".noveler").exists(), "nothing was written");
    }

    #[test]
    fn writes_reads_and_lists_both_layouts() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        FILES.write(&held(), root, 1, "s_2", b"two").unwrap();
        FILES.write(&held(), root, 1, "s_1", b"one").unwrap();
        std::fs::write(root.join(".noveler/sessions/notes.txt"), "x").unwrap();
        assert_eq!(FILES.ids(root), ["s_1", "s_2"]);
        assert_eq!(FILES.read(root, "s_1").unwrap().unwrap(), b"one");
        assert_eq!(FILES.read(root, "s_9").unwrap(), None);

        assert!(DIRS.ids(root).is_empty());
        DIRS.write(&held(), root, 1, "QC_1", b"{}").unwrap();
        std::fs::write(root.join(".noveler/checks/stray"), "x").unwrap();
        assert_eq!(DIRS.ids(root), ["QC_1"]);
        assert!(root.join(".noveler/checks/QC_1/manifest.json").is_file());
        assert_eq!(DIRS.read(root, "QC_1").unwrap().unwrap(), b"{}");
        assert_eq!(
            DIRS.entry_of(root, "QC_1").unwrap(),
            root.join(".noveler/checks/QC_1")
        );
        DIRS.remove(&held(), root, 1, "QC_1").unwrap();
        assert!(DIRS.ids(root).is_empty());
        FILES.remove(&held(), root, 1, "s_1").unwrap();
        FILES.remove(&held(), root, 1, "../x").unwrap();
        assert_eq!(FILES.ids(root), ["s_2"]);
    }

    #[test]
    fn a_witness_for_episode_2_cannot_write_or_remove_episode_3s_session() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let two = EpisodeLock::unheld_for_test(2, Scope::Writing);
        let err = FILES.write(&two, root, 3, "s_3", b"three").unwrap_err();
        assert_eq!(err.code, crate::Code::R002);
        assert!(err.message.contains("第3話"), "{}", err.message);
        assert!(!root.join(".noveler").exists(), "nothing was written");
        // The other kind's lock of the right episode is refused too.
        let checks = EpisodeLock::unheld_for_test(3, Scope::Checks);
        assert_eq!(
            FILES
                .write(&checks, root, 3, "s_3", b"three")
                .unwrap_err()
                .code,
            crate::Code::R002
        );
        let three = EpisodeLock::unheld_for_test(3, Scope::Writing);
        FILES.write(&three, root, 3, "s_3", b"three").unwrap();
        assert_eq!(
            FILES.remove(&two, root, 3, "s_3").unwrap_err().code,
            crate::Code::R002
        );
        assert_eq!(FILES.ids(root), ["s_3"], "still there");
        FILES.remove(&three, root, 3, "s_3").unwrap();
        assert!(FILES.ids(root).is_empty());
    }

    #[test]
    fn the_scheme_of_the_kind_is_applied_too() {
        let only_s = SessionStore {
            valid_id: |id| id.starts_with("s_"),
            ..FILES
        };
        let dir = tempfile::tempdir().unwrap();
        assert!(only_s.checked_path(dir.path(), "t_1").is_none());
        assert!(only_s.checked_path(dir.path(), "s_1").is_some());
    }
}
