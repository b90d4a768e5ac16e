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
//!
//! Temp files are named `.noveler-tmp-<pid>-<random>`. A process killed mid-write leaves
//! one behind; the first write of a later process into the same directory removes those
//! whose process is gone (and unnamed ones from before this scheme, once an hour old). A
//! live writer's temp file is never touched.

use crate::error::{Error, Result};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

const TMP_PREFIX: &str = ".noveler-tmp-";
/// Age after which a temp file without a pid in its name is taken as abandoned.
const LEGACY_TMP_AGE: Duration = Duration::from_secs(3600);

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
    sweep_once(dir);
    let prefix = format!("{TMP_PREFIX}{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    let existing = std::fs::metadata(path).ok().map(|m| m.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, &e))?;
    // The directory checked above may have been swapped for a symlink since: judge where the
    // temp file really is before anything is written to it (it is removed when refused).
    super::confine::verify_opened(tmp.as_file(), path)?;
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

/// Removes abandoned temp files from `dir`, once per directory per process (a write must
/// not list a large directory each time). Best effort: a failure only leaves a file behind.
fn sweep_once(dir: &Path) {
    static SWEPT: OnceLock<Mutex<HashSet<PathBuf>>> = OnceLock::new();
    let first = SWEPT
        .get_or_init(Default::default)
        .lock()
        .map(|mut seen| seen.insert(dir.to_path_buf()))
        .unwrap_or(false);
    if first {
        sweep(dir);
    }
}

/// Removes the temp files of `dir` that no live process is writing; returns how many.
fn sweep(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TMP_PREFIX)) else {
            continue;
        };
        let abandoned = match rest
            .split_once('-')
            .and_then(|(p, _)| p.parse::<u32>().ok())
        {
            Some(pid) => pid != std::process::id() && !process_alive(pid),
            None => e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| SystemTime::now().duration_since(t).ok())
                .is_some_and(|age| age > LEGACY_TMP_AGE),
        };
        let is_file = e.file_type().is_ok_and(|t| t.is_file());
        if abandoned && is_file && std::fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    // Without a cheap liveness check, never remove a named temp file.
    true
}

#[cfg(test)]
mod tests {
    #[cfg(unix)]
    #[test]
    fn temp_files_of_dead_processes_are_removed_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = dir.path().join(format!(".noveler-tmp-{dead}-abc123"));
        let mine = dir
            .path()
            .join(format!(".noveler-tmp-{}-def456", std::process::id()));
        let fresh_legacy = dir.path().join(".noveler-tmp-XyZ123");
        for p in [&stale, &mine, &fresh_legacy] {
            std::fs::write(p, "half").unwrap();
        }
        super::write_atomic(&dir.path().join("a.md"), b"x").unwrap();
        assert!(!stale.exists(), "a dead writer's temp file is removed");
        assert!(mine.exists() && fresh_legacy.exists());
        assert_eq!(super::sweep(dir.path()), 0);
    }

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
