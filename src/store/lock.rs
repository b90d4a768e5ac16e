//! Advisory file locks (fd-lock: `flock` on Unix, `LockFileEx` on Windows) that keep two
//! processes — or two threads of `noveler mcp` — from interleaving read-modify-write cycles
//! on the same file (the hash index, an artifact, a session).
//!
//! A lock is a separate file (`<name>.lock`) next to what it guards; the file stays on disk,
//! the lock itself lives in the open file handle, so it is released when the closure returns,
//! when it panics, or when the process dies — a lock never outlives its process, and a
//! leftover `.lock` file is harmless. Locks are not re-entrant: never nest two locks on the
//! same path in one call chain.

use crate::error::{Code, Error, Result};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long `with_lock` waits before giving up with QC-008.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(30);

/// The lock file guarding `path`: `path` with `.lock` appended to its file name.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".lock");
    path.with_file_name(name)
}

fn busy(lock: &Path, waited: Option<Duration>) -> Error {
    let message = match waited {
        Some(w) => format!(
            "{} は他の処理が使用中です（{:.1} 秒待ちましたが解放されませんでした）",
            lock.display(),
            w.as_secs_f64()
        ),
        None => format!("{} は他の処理が使用中です", lock.display()),
    };
    Error::new(Code::QC008, message)
        .at(lock, None)
        .hint("同じプロジェクトで動いている noveler の処理が終わってから再実行してください。")
}

fn open(lock: &Path) -> Result<std::fs::File> {
    super::confine::guard_write(lock)?;
    if let Some(dir) = lock.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    }
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock)
        .map_err(|e| Error::io(lock, &e))
}

/// Runs `f` holding the exclusive lock for `path`, waiting at most `DEFAULT_WAIT` for it.
pub fn with_lock<T>(path: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    with_lock_timeout(path, DEFAULT_WAIT, f)
}

/// Runs `f` holding the exclusive lock for `path`, waiting at most `wait` (QC-008 after).
pub fn with_lock_timeout<T>(
    path: &Path,
    wait: Duration,
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let lock = lock_path(path);
    let mut rw = fd_lock::RwLock::new(open(&lock)?);
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    let _guard = loop {
        match rw.try_write() {
            Ok(guard) => break guard,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                let waited = start.elapsed();
                if waited >= wait {
                    return Err(busy(&lock, Some(waited)));
                }
                std::thread::sleep(pause.min(wait.saturating_sub(waited)));
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            Err(e) => return Err(Error::io(&lock, &e)),
        }
    };
    f()
}

/// Runs `f` holding the exclusive lock for `path` if it is free right now; QC-008 if another
/// process or thread holds it.
pub fn try_lock<T>(path: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    let lock = lock_path(path);
    let mut rw = fd_lock::RwLock::new(open(&lock)?);
    let _guard = match rw.try_write() {
        Ok(guard) => guard,
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Err(busy(&lock, None)),
        Err(e) => return Err(Error::io(&lock, &e)),
    };
    f()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn lock_path_appends_suffix() {
        assert_eq!(
            lock_path(Path::new("a/.hash_index.json")),
            Path::new("a/.hash_index.json.lock")
        );
    }

    #[test]
    fn try_lock_reports_busy_and_lock_is_released() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("x.json");
        let (held_tx, held_rx) = mpsc::channel();
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let t = {
            let target = target.clone();
            std::thread::spawn(move || {
                with_lock(&target, || {
                    held_tx.send(()).unwrap();
                    done_rx.recv().unwrap();
                    Ok(())
                })
                .unwrap();
            })
        };
        held_rx.recv().unwrap();
        let err = try_lock(&target, || Ok(())).unwrap_err();
        assert_eq!(err.code, Code::QC008);
        let err = with_lock_timeout(&target, Duration::ZERO, || Ok(())).unwrap_err();
        assert_eq!(err.code, Code::QC008);
        done_tx.send(()).unwrap();
        t.join().unwrap();
        assert_eq!(try_lock(&target, || Ok(7)).unwrap(), 7);
    }

    #[test]
    fn released_after_error() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("y");
        let r: Result<()> = with_lock(&target, || Err(Error::new(Code::U001, "x")));
        assert!(r.is_err());
        assert!(try_lock(&target, || Ok(())).is_ok());
    }
}
