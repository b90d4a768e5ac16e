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
//! On Unix the directory is opened once (`O_DIRECTORY|O_NOFOLLOW`, by its canonical path)
//! and judged on the handle itself (`confine::verify_opened_internal`); the temp file is
//! created, and renamed over the target, relative to that handle (`openat`, `renameat`).
//! A directory swapped for a symlink after the check can therefore not redirect the write:
//! the handle still names the directory that was checked. A synced write also fsyncs the
//! directory, so the rename itself survives a power loss. Elsewhere the temp file is
//! checked after it is created and renamed by path.
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
    write(path, true, |w| w.write_all(bytes)).map(|_| ())
}

/// Like `write_atomic` without the fsync: see the module doc for when that is acceptable.
pub(crate) fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> Result<()> {
    write(path, false, |w| w.write_all(bytes)).map(|_| ())
}

/// Like `write_atomic_unsynced`, with the content written by `fill` into a buffered writer
/// as it is produced (a large result is never held whole in memory). Returns what `fill`
/// returns and the written file, open for reading from its start.
pub(crate) fn write_atomic_streamed<T>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
) -> Result<(T, std::fs::File)> {
    write(path, false, fill)
}

fn write<T>(
    path: &Path,
    sync: bool,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
) -> Result<(T, std::fs::File)> {
    super::confine::guard_write(path)?;
    super::failpoint::hit(path)?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let Some(name) = path.file_name() else {
        return Err(Error::io(
            path,
            &std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"),
        ));
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    let (value, mut file) = platform::write_in(dir, name, path, sync, fill)?;
    use std::io::Seek;
    file.rewind().map_err(|e| Error::io(path, &e))?;
    Ok((value, file))
}

/// Opens a file of noveler's own state in place (a lock, a log or journal it appends to)
/// with `opts` plus: no blocking (a FIFO put there never hangs the process), no final
/// symlink, and the opened file must be a regular file judged on its handle by
/// `confine::verify_opened_internal`.
pub(crate) fn open_own(path: &Path, opts: &mut std::fs::OpenOptions) -> Result<std::fs::File> {
    super::confine::guard_write(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    let file = opts.open(path).map_err(|e| Error::io(path, &e))?;
    super::confine::verify_opened_internal(&file, path)?;
    let meta = file.metadata().map_err(|e| Error::io(path, &e))?;
    if !meta.is_file() {
        return Err(super::text::not_regular(path, &meta));
    }
    Ok(file)
}

/// Fills `file` through a buffer, then syncs it when asked.
fn fill_file<T>(
    file: &std::fs::File,
    path: &Path,
    sync: bool,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
) -> Result<T> {
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, file);
    let value = fill(&mut out).map_err(|e| Error::io(path, &e))?;
    out.flush().map_err(|e| Error::io(path, &e))?;
    drop(out);
    if sync {
        file.sync_all().map_err(|e| Error::io(path, &e))?;
    }
    Ok(value)
}

#[cfg(unix)]
mod platform {
    use super::{fill_file, sweep_once, TMP_PREFIX};
    use crate::error::{Error, Result};
    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    use std::ffi::{OsStr, OsString};
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::Path;

    /// The directory handle, the temp file and the rename: see the module doc.
    pub(super) fn write_in<T>(
        dir: &Path,
        name: &OsStr,
        path: &Path,
        sync: bool,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
    ) -> Result<(T, std::fs::File)> {
        // The canonical directory, opened without following a final symlink: a component
        // swapped since `canonicalize` makes the open fail, or shows in the check below.
        let canon = std::fs::canonicalize(dir).map_err(|e| Error::io(dir, &e))?;
        let dirfile = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&canon)
            .map_err(|e| Error::io(dir, &e))?;
        crate::store::confine::verify_opened_internal(&dirfile, dir)?;
        sweep_once(&canon);
        let existing_mode = rustix::fs::statat(&dirfile, name, AtFlags::SYMLINK_NOFOLLOW)
            .ok()
            .filter(|st| FileType::from_raw_mode(st.st_mode) == FileType::RegularFile)
            .map(|st| Mode::from_raw_mode(st.st_mode & 0o7777));
        // A file nobody may write (0444), or this process may not, is not replaced: the
        // rename would bypass the permission the author set (git refuses the same way).
        if let Some(mode) = existing_mode {
            let writable = mode.bits() & 0o222 != 0
                && rustix::fs::accessat(
                    &dirfile,
                    name,
                    rustix::fs::Access::WRITE_OK,
                    AtFlags::EACCESS,
                )
                .is_ok();
            if !writable {
                return Err(super::read_only(path));
            }
        }
        let (tmp_name, fd) = create_temp(&dirfile, dir)?;
        let file = std::fs::File::from(fd);
        let written = (|| {
            if let Some(mode) = existing_mode {
                rustix::fs::fchmod(&file, mode).map_err(|e| Error::io(path, &e.into()))?;
            }
            let value = fill_file(&file, path, sync, fill)?;
            rustix::fs::renameat(&dirfile, &tmp_name, &dirfile, name)
                .map_err(|e| Error::io(path, &e.into()))?;
            Ok(value)
        })();
        match written {
            Ok(value) => {
                if sync {
                    // The rename is a change of the directory: make it durable too.
                    rustix::fs::fsync(&dirfile).map_err(|e| Error::io(dir, &e.into()))?;
                }
                Ok((value, file))
            }
            Err(e) => {
                let _ = rustix::fs::unlinkat(&dirfile, &tmp_name, AtFlags::empty());
                Err(e)
            }
        }
    }

    /// Creates `.noveler-tmp-<pid>-<random>` in the directory (never an existing file, never
    /// through a symlink), readable and writable, mode 0666 minus the umask.
    fn create_temp(
        dirfile: &std::fs::File,
        dir: &Path,
    ) -> Result<(OsString, std::os::fd::OwnedFd)> {
        let flags =
            OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let mut last = None;
        for _ in 0..16 {
            let name = OsString::from(format!(
                "{TMP_PREFIX}{}-{:016x}",
                std::process::id(),
                random()
            ));
            match rustix::fs::openat(dirfile, &name, flags, Mode::from_raw_mode(0o666)) {
                Ok(fd) => return Ok((name, fd)),
                Err(e) if e == rustix::io::Errno::EXIST => last = Some(e),
                Err(e) => return Err(Error::io(dir, &e.into())),
            }
        }
        let e = last.unwrap_or(rustix::io::Errno::EXIST);
        Err(Error::io(dir, &e.into()))
    }

    /// 64 random bits: std's per-process random hash keys, advanced per call.
    fn random() -> u64 {
        use std::hash::{BuildHasher, Hasher};
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(COUNT.fetch_add(1, Ordering::Relaxed));
        h.finish()
    }
}

#[cfg(not(unix))]
mod platform {
    use super::{fill_file, sweep_once, TMP_PREFIX};
    use crate::error::{Error, Result};
    use std::ffi::OsStr;
    use std::io::Write;
    use std::path::Path;

    /// A temp file checked after it is created, renamed by path (no directory handles).
    pub(super) fn write_in<T>(
        dir: &Path,
        _name: &OsStr,
        path: &Path,
        sync: bool,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
    ) -> Result<(T, std::fs::File)> {
        sweep_once(dir);
        let prefix = format!("{TMP_PREFIX}{}-", std::process::id());
        let existing = std::fs::metadata(path).ok().map(|m| m.permissions());
        if existing.as_ref().is_some_and(|p| p.readonly()) {
            return Err(super::read_only(path));
        }
        let tmp = tempfile::Builder::new()
            .prefix(&prefix)
            .tempfile_in(dir)
            .map_err(|e| Error::io(dir, &e))?;
        crate::store::confine::verify_opened_internal(tmp.as_file(), path)?;
        if let Some(perm) = existing {
            tmp.as_file()
                .set_permissions(perm)
                .map_err(|e| Error::io(path, &e))?;
        }
        let value = fill_file(tmp.as_file(), path, sync, fill)?;
        let file = tmp.persist(path).map_err(|e| Error::io(path, &e.error))?;
        Ok((value, file))
    }
}

/// P003 for a file that exists read-only: noveler never replaces it.
fn read_only(path: &Path) -> Error {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Error::new(
        crate::error::Code::P003,
        format!("{name} は読み取り専用です（書き込み権限がありません）。上書きしません"),
    )
    .at(path, None)
    .hint(format!(
        "書き換えてよいファイルなら、書き込みを許可してから（例: chmod u+w '{}'）もう一度実行してください。このファイルには何も書き込んでいません。",
        path.display()
    ))
    .details(serde_json::json!({"read_only": true}))
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

    /// The directory is judged on its handle, after the path check: a project's own folder
    /// swapped for a symlink out of the project between `guard_write` and the write is
    /// refused by the handle check, and nothing is written through it.
    #[cfg(unix)]
    #[test]
    fn the_directory_is_judged_on_its_handle() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        std::fs::create_dir_all(root.join(".noveler")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let sessions = root.join(".noveler/sessions");
        let target = sessions.join("s.yaml");
        // The path check passes while the folder is real…
        crate::store::confine::guard_write(&target).unwrap();
        // …then the folder becomes a symlink out, before the directory is opened.
        std::os::unix::fs::symlink(&outside, &sessions).unwrap();
        let err = super::platform::write_in(
            &sessions,
            std::ffi::OsStr::new("s.yaml"),
            &target,
            true,
            |w| w.write_all(b"x"),
        )
        .unwrap_err();
        assert_eq!(err.code, crate::Code::U004, "{err}");
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
        // A real folder inside the project is written through its handle.
        std::fs::remove_file(&sessions).unwrap();
        super::write_atomic(&target, b"y").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"y");
    }

    /// Issue 28 item 6: a read-only (0444) file is refused, as root too, and stays as it was.
    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("第001話.md");
        std::fs::write(&path, "元の原稿").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = super::write_atomic(&path, b"new").unwrap_err();
        assert_eq!(err.code, crate::Code::P003, "{err}");
        assert!(
            err.message.contains("第001話.md は読み取り専用です"),
            "{err}"
        );
        assert!(err.hint.contains("chmod u+w"), "{}", err.hint);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "元の原稿");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp file left"
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        super::write_atomic(&path, b"new").unwrap();
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
