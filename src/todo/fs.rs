//! Where the task memory lives on disk and how it is read and written: paths under
//! `<project>/.todo/`, reads that say which file failed and why (seed 004 §6.1 codes),
//! atomic writes, and the lock every change is made under.

use crate::error::{Code, Error, Result};
use std::path::{Path, PathBuf};

/// The task memory's directory, relative to the project root.
pub const TODO_DIR: &str = ".todo";
/// The lock file every change is made under.
pub const LOCK_FILE: &str = ".lock";

/// Paths of the task memory of one project.
#[derive(Clone, Debug)]
pub struct TodoPaths {
    root: PathBuf,
}

impl TodoPaths {
    pub fn new(project_root: &Path) -> TodoPaths {
        TodoPaths {
            root: project_root.to_path_buf(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn dir(&self) -> PathBuf {
        self.root.join(TODO_DIR)
    }

    pub(crate) fn task_md(&self) -> PathBuf {
        self.dir().join("task.md")
    }

    pub(crate) fn index_md(&self) -> PathBuf {
        self.dir().join("index.md")
    }

    pub(crate) fn adr_dir(&self) -> PathBuf {
        self.dir().join("adr")
    }

    pub(crate) fn context_dir(&self) -> PathBuf {
        self.dir().join("context")
    }

    /// `.todo/context/T001.md`.
    pub fn context(&self, id: u16) -> PathBuf {
        self.context_dir()
            .join(format!("{}.md", super::tasks::format_id(id)))
    }

    pub fn lock(&self) -> PathBuf {
        self.dir().join(LOCK_FILE)
    }

    /// `path` relative to the project root, `/`-separated (`.todo/task.md`).
    pub fn rel(&self, path: &Path) -> String {
        crate::store::fileref::relative_to(&self.root, path)
            .unwrap_or_else(|_| path.display().to_string())
    }
}

/// Reads a UTF-8 file of `.todo/` (`store::text::read_internal`: a regular file inside the
/// project, judged on its handle); `None` when it does not exist.
pub(crate) fn read_text(path: &Path) -> Result<Option<String>> {
    match crate::store::text::read_internal(path) {
        Ok(Some(bytes)) => match String::from_utf8(bytes) {
            Ok(text) => Ok(Some(text)),
            Err(e) => Err(Error::new(
                Code::FileReadError,
                format!(
                    "{} は UTF-8 ではないため読めません（{} バイト目）",
                    path.display(),
                    e.utf8_error().valid_up_to()
                ),
            )
            .at(path, None)
            .hint("UTF-8 で保存し直してください。")),
        },
        Ok(None) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The seed's code for a failed read.
pub(crate) fn read_error(path: &Path, err: &std::io::Error) -> Error {
    let code = if err.kind() == std::io::ErrorKind::PermissionDenied {
        Code::PermissionDenied
    } else {
        Code::FileReadError
    };
    Error::new(
        code,
        format!("{} を読み込めませんでした: {err}", path.display()),
    )
    .at(path, None)
    .hint("ファイルの場所とアクセス権限を確認してください。")
}

/// The seed's code for a failed write.
pub(crate) fn write_error(path: &Path, err: &std::io::Error) -> Error {
    let code = if err.kind() == std::io::ErrorKind::PermissionDenied {
        Code::PermissionDenied
    } else {
        Code::FileWriteError
    };
    Error::new(
        code,
        format!("{} に書き込めませんでした: {err}", path.display()),
    )
    .at(path, None)
    .hint(".todo/ ディレクトリの場所とアクセス権限を確認してください。")
}

/// Writes `text` to `path` atomically (temp file + rename), creating directories.
pub(crate) fn write_text(path: &Path, text: &str) -> Result<()> {
    crate::store::write_atomic(path, text.as_bytes()).map_err(|e| {
        let code = if e.code == Code::P003 {
            Code::PermissionDenied
        } else {
            Code::FileWriteError
        };
        Error {
            code,
            message: format!("{} に書き込めませんでした: {}", path.display(), e.message),
            ..e
        }
        .hint(".todo/ ディレクトリの場所とアクセス権限を確認してください。")
    })
}

/// Removes a file; `false` when it was not there.
pub fn remove_file(path: &Path) -> Result<bool> {
    crate::store::disk::remove_file_or(path, write_error)
}

/// Runs `f` holding the exclusive lock `.todo/.lock` (across threads and processes). `f`
/// must read the files it changes itself, after the lock is taken.
pub(crate) fn with_lock<T>(paths: &TodoPaths, f: impl FnOnce() -> Result<T>) -> Result<T> {
    crate::store::confine::guard_write(&paths.lock())?;
    crate::store::disk::with_lock_file(&paths.lock(), write_error, f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_get_seed_codes() {
        let p = Path::new("x.md");
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let other = std::io::Error::other("disk full");
        assert_eq!(read_error(p, &denied).code, Code::PermissionDenied);
        assert_eq!(read_error(p, &other).code, Code::FileReadError);
        assert_eq!(write_error(p, &denied).code, Code::PermissionDenied);
        assert_eq!(write_error(p, &other).code, Code::FileWriteError);
    }

    #[test]
    fn read_missing_is_none_and_bad_utf8_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read_text(&dir.path().join("none.md")).unwrap(), None);
        let bad = dir.path().join("bad.md");
        std::fs::write(&bad, b"\x82\xa0").unwrap();
        assert_eq!(read_text(&bad).unwrap_err().code, Code::FileReadError);
    }

    #[test]
    fn write_into_a_file_posing_as_a_directory_fails_with_write_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("context"), "").unwrap();
        let err = write_text(&dir.path().join("context/T001.md"), "x").unwrap_err();
        assert_eq!(err.code, Code::FileWriteError);
    }
}
