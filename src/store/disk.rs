//! The disk operations other than an atomic write of a whole file: making directories,
//! removing and renaming files, creating a file only when it is new, and a blocking lock on
//! a lock file of the caller's choosing. Every layer above `store` changes the disk only
//! through these functions, `write_atomic` and the other `store` modules
//! (tests/architecture.rs checks it), so there is one place to confine, journal or count
//! writes.
//!
//! The functions keep the checks their callers made before they moved here: an atomic
//! write checks the path (`confine::guard_write`) itself; these do only what their doc says.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;

/// Creates `dir` and its missing parents (nothing when it exists), after the same check as
/// every write (`confine::guard_write`): under `noveler mcp` no folder appears outside the
/// allowed roots, not even when the write that follows would be refused.
pub fn create_dir_all(dir: &Path) -> Result<()> {
    super::confine::guard_write(dir)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))
}

/// Removes the file `path`; `false` when it was not there.
pub fn remove_file(path: &Path) -> Result<bool> {
    remove_file_or(path, io_error)
}

fn io_error(path: &Path, err: &std::io::Error) -> Error {
    Error::io(path, err)
}

/// Removes the file `path`, mapping an I/O error with `on_error`; `false` when it was not
/// there.
pub(crate) fn remove_file_or(
    path: &Path,
    on_error: impl FnOnce(&Path, &std::io::Error) -> Error,
) -> Result<bool> {
    super::failpoint::hit(path)?;
    match std::fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(on_error(path, &e)),
    }
}

/// Removes the file `path`, which must exist.
pub(crate) fn remove_existing_file(path: &Path) -> Result<()> {
    super::failpoint::hit(path)?;
    std::fs::remove_file(path).map_err(|e| Error::io(path, &e))
}

/// Removes the directory `dir` and everything in it.
pub fn remove_dir_all(dir: &Path) -> Result<()> {
    super::failpoint::hit(dir)?;
    std::fs::remove_dir_all(dir).map_err(|e| Error::io(dir, &e))
}

/// Renames `from` to `to` (same file system; replaces `to`).
pub fn rename(from: &Path, to: &Path) -> Result<()> {
    super::failpoint::hit(to)?;
    std::fs::rename(from, to).map_err(|e| Error::io(from, &e))
}

/// Writes `bytes` to `path` atomically (fsynced), only if `path` does not exist yet,
/// creating its directory. Returns false (and writes nothing) when it exists.
pub(crate) fn write_new(path: &Path, bytes: &[u8]) -> Result<bool> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    create_dir_all(dir)?;
    if path.symlink_metadata().is_ok() {
        return Ok(false);
    }
    super::failpoint::hit(path)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".noveler-tmp-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, &e))?;
    tmp.write_all(bytes).map_err(|e| Error::io(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path, &e))?;
    match tmp.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(Error::io(path, &e.error)),
    }
}

/// Runs `f` holding the exclusive lock on the file `lock` itself (created with its
/// directory when missing), waiting for it as long as it takes; I/O errors are mapped with
/// `on_error`. For a lock file whose name a format fixes (`.todo/.lock`); the project's own
/// locks use `store::lock`.
pub(crate) fn with_lock_file<T>(
    lock: &Path,
    on_error: impl Fn(&Path, &std::io::Error) -> Error,
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    if let Some(dir) = lock.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| on_error(dir, &e))?;
    }
    let file = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock)
        .map_err(|e| on_error(lock, &e))?;
    let mut rw = fd_lock::RwLock::new(file);
    let _guard = rw.write().map_err(|e| on_error(lock, &e))?;
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_new_never_replaces_and_remove_reports_absence() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b.txt");
        assert!(write_new(&p, b"one").unwrap());
        assert!(!write_new(&p, b"two").unwrap());
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        let q = dir.path().join("a/c.txt");
        rename(&p, &q).unwrap();
        assert!(remove_file(&q).unwrap());
        assert!(!remove_file(&q).unwrap());
        assert!(remove_existing_file(&q).is_err());
        remove_dir_all(&dir.path().join("a")).unwrap();
        assert!(!dir.path().join("a").exists());
    }
}
