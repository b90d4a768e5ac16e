//! Atomic writes: write a temp file in the same directory, fsync, rename over the target.
//! A reader never sees a half-written file; a crash leaves the old file or the new one.
//!
//! `write_atomic_unsynced` skips the fsync (about 10 ms per file on an ordinary disk). It is
//! still atomic for every reader, but after a power loss the newest version may be missing
//! or empty. It is only for files that can be regenerated and whose readers recover from
//! that: the hash index (rebuilt from the result directory), the result envelopes (a log
//! of runs; rerunning the command recreates one) and check cache entries (an unreadable one
//! is a miss). Manuscripts, artifacts, backups and
//! sessions always use `write_atomic`.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically, creating parent directories. A file that is
/// replaced keeps its permissions; a new file gets the usual ones (0666 minus the umask), not
/// the temp file's private 0600.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write(path, bytes, true)
}

/// Like `write_atomic` without the fsync: see the module doc for when that is acceptable.
pub fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> Result<()> {
    write(path, bytes, false)
}

fn write(path: &Path, bytes: &[u8], sync: bool) -> Result<()> {
    super::confine::guard_write(path)?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".noveler-tmp-");
    let existing = std::fs::metadata(path).ok().map(|m| m.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, &e))?;
    if let Some(perm) = existing {
        tmp.as_file()
            .set_permissions(perm)
            .map_err(|e| Error::io(path, &e))?;
    }
    tmp.write_all(bytes).map_err(|e| Error::io(path, &e))?;
    if sync {
        tmp.as_file().sync_all().map_err(|e| Error::io(path, &e))?;
    }
    tmp.persist(path).map_err(|e| Error::io(path, &e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b.json");
        super::write_atomic(&path, b"one").unwrap();
        super::write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1, "no temp files left behind");
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_of_replaced_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.md");
        std::fs::write(&path, "a").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        super::write_atomic(&path, b"b").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let fresh = dir.path().join("n.md");
        super::write_atomic(&fresh, b"c").unwrap();
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "d").unwrap();
        let usual = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, usual, "new files get the same mode as any new file");
    }
}
