//! Advisory file locks (fd-lock: `flock` on Unix, `LockFileEx` on Windows) that keep two
//! processes — or two threads of `noveler mcp` — from interleaving read-modify-write cycles
//! on the same file (the hash index, an artifact, a session).
//!
//! A lock is a separate file (`<name>.lock`) next to what it guards; the file stays on disk,
//! the lock itself lives in the open file handle, so it is released when the closure returns,
//! when it panics, or when the process dies — a lock never outlives its process, and a
//! leftover `.lock` file is harmless. Locks are not re-entrant: never nest two locks on the
//! same path in one call chain.
//!
//! Locks of the project's own state (episodes, the ledger) all live in `.noveler/locks/`,
//! under one naming scheme (`episode_lock`, `manuscript_lock`, `named_lock`), so no lock
//! file is ever left next to the author's files.

use crate::error::{Code, Error, Result};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long `with_lock` waits before giving up with QC-008.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(30);

/// Where the project's own locks live, relative to the project root.
pub const LOCK_DIR: &str = ".noveler/locks";

/// What a per-episode lock serialises. Each has its own lock file, so a writing session may
/// hold its episode's `Writing` lock while it rewrites the manuscript under `Manuscript`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Any replacement of the episode's manuscript file(s): `write` (stages 8–10, the MCP
    /// `write` tool), `polish --apply` / `check_fix`, `backup restore`, `complete`.
    Manuscript,
    /// The episode's writing session (`.noveler/sessions/`).
    Writing,
    /// The episode's progressive check sessions (`.noveler/checks/`).
    Checks,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Scope::Manuscript => "manuscript",
            Scope::Writing => "writing",
            Scope::Checks => "checks",
        }
    }
}

/// The episode number of a file stem `第NNN話…` (any number of digits, full-width digits
/// too); `None` for other names. Locks are keyed by it, so it lives in this lowest layer
/// (`project` re-exports it).
pub fn episode_number_of(stem: &str) -> Option<u32> {
    let rest = stem.strip_prefix('第')?;
    let end = rest.find('話')?;
    let digits = &rest[..end];
    if digits.is_empty() {
        return None;
    }
    let mut n: u32 = 0;
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => return None,
        };
        n = n.checked_mul(10)?.checked_add(d)?;
    }
    Some(n)
}

/// What guards `scope` of episode `ep`: `.noveler/locks/episode_NNN.<scope>` (its lock file
/// is that plus `.lock`).
pub fn episode_lock(root: &Path, ep: u32, scope: Scope) -> PathBuf {
    root.join(LOCK_DIR)
        .join(format!("episode_{ep:03}.{}", scope.as_str()))
}

/// What guards the replacement of the file at `rel` (relative to the root): the episode's
/// `Manuscript` lock for a `第NNN話…` file — so two files of one episode (a retitled draft
/// and the old one) share it — else a lock of that one file.
pub fn manuscript_lock(root: &Path, rel: &str) -> PathBuf {
    let name = rel.rsplit(['/', '\\']).next().unwrap_or(rel);
    match episode_number_of(name) {
        Some(ep) => episode_lock(root, ep, Scope::Manuscript),
        None => {
            let hash = crate::analysis::sha256_hex(rel.as_bytes());
            root.join(LOCK_DIR).join(format!("file_{}", &hash[..16]))
        }
    }
}

/// What guards a piece of project state that is not an episode (e.g. `ledger`).
pub(crate) fn named_lock(root: &Path, name: &str) -> PathBuf {
    root.join(LOCK_DIR).join(name)
}

/// Runs `f` holding the manuscript locks of every file in `rels` (relative to the root),
/// taken in one sorted order so two callers can never wait on each other in a cycle; QC-008
/// naming the file when one is busy. The caller re-reads (and compares the sha256 of) what
/// it is about to replace inside `f`.
pub(crate) fn with_manuscript_locks<T>(
    root: &Path,
    rels: &[&str],
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let mut targets: Vec<(PathBuf, &str)> = rels
        .iter()
        .map(|r| (manuscript_lock(root, r), *r))
        .collect();
    targets.sort();
    targets.dedup_by(|a, b| a.0 == b.0);
    hold_all(&targets, f)
}

fn hold_all<T>(targets: &[(PathBuf, &str)], f: impl FnOnce() -> Result<T>) -> Result<T> {
    let Some(((target, rel), rest)) = targets.split_first() else {
        return f();
    };
    // The outer result is this lock's own; the inner one (`f` and the locks after this one)
    // passes through unchanged.
    let inner = try_lock(target, || Ok(hold_all(rest, f))).map_err(|e| {
        if e.code == Code::QC008 {
            Error::new(
                Code::QC008,
                format!("{rel} は別の処理が書き換え中です（何も書き込んでいません）"),
            )
            .at(lock_path(target), None)
            .hint("実行中の noveler の処理（write / polish / backup restore / complete）が終わってから、原稿を読み直して再実行してください。")
            .details(serde_json::json!({"busy": rel}))
        } else {
            e
        }
    })?;
    inner
}

/// The lock file guarding `path`: `path` with `.lock` appended to its file name.
pub(crate) fn lock_path(path: &Path) -> PathBuf {
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
    super::atomic::open_own(
        lock,
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )
}

/// Runs `f` holding the exclusive lock for `path`, waiting at most `DEFAULT_WAIT` for it.
pub(crate) fn with_lock<T>(path: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    with_lock_timeout(path, DEFAULT_WAIT, f)
}

/// Runs `f` holding the exclusive lock for `path`, waiting at most `wait` (QC-008 after).
pub(crate) fn with_lock_timeout<T>(
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

/// The witness of a held episode lock, lent to the closure of `with_episode_lock` (the only
/// place one is made, so one exists only while its lock is held). Every function that
/// writes a session or other episode state under the lock (`SessionStore::write`, and so
/// the writing session's and the progressive check's saves) takes `&EpisodeLock`: a write
/// outside the lock does not compile.
#[derive(Debug)]
pub struct EpisodeLock {
    episode: u32,
    scope: Scope,
}

impl EpisodeLock {
    /// The episode whose lock is held.
    pub fn episode(&self) -> u32 {
        self.episode
    }

    /// What the held lock serialises.
    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// A witness without a lock, for unit tests of the writers alone.
    #[cfg(test)]
    pub(crate) fn unheld_for_test(episode: u32, scope: Scope) -> EpisodeLock {
        EpisodeLock { episode, scope }
    }

    /// R002 unless this is the lock `scope` of episode `ep`: a save of another episode's
    /// state under this lock is a bug, refused before anything is written.
    pub fn covers(&self, ep: u32, scope: Scope) -> Result<()> {
        if self.episode == ep && self.scope == scope {
            return Ok(());
        }
        Err(Error::new(
            Code::R002,
            format!(
                "内部エラー: 第{ep}話の{}を第{}話の{}ロックで書こうとしました（書き込んでいません）",
                scope.as_str(),
                self.episode,
                self.scope.as_str()
            ),
        ))
    }
}

/// Runs `f` holding the exclusive lock `scope` of episode `ep` if it is free right now: the
/// one episode lock every workflow takes (the writing session, the progressive checks).
/// `f` gets the lock's witness (`EpisodeLock`), which the episode's writes ask for.
/// QC-008 saying which work holds the episode when it is busy; what `f` returns, its own
/// QC-008s included, passes through unchanged.
pub fn with_episode_lock<T>(
    root: &Path,
    ep: u32,
    scope: Scope,
    f: impl FnOnce(&EpisodeLock) -> Result<T>,
) -> Result<T> {
    let target = episode_lock(root, ep, scope);
    let held = EpisodeLock { episode: ep, scope };
    // The outer result is the lock's own; the inner one is `f`'s, returned as it is.
    try_lock(&target, || Ok(f(&held))).map_err(|e| {
        if e.code == Code::QC008 {
            episode_busy(root, ep, scope)
        } else {
            e
        }
    })?
}

/// The QC-008 of a busy episode lock.
fn episode_busy(root: &Path, ep: u32, scope: Scope) -> Error {
    let lock = lock_path(&episode_lock(root, ep, scope));
    match scope {
        Scope::Writing => Error::new(Code::QC008, format!("第{ep}話は別の執筆処理が実行中です"))
            .at(lock, None)
            .hint("実行中の処理が終わってからやり直してください。")
            .suggest(format!("noveler write status {ep}")),
        Scope::Checks => {
            let shown = super::fileref::shown_path(root, &lock);
            Error::new(
                Code::QC008,
                format!("第{ep}話の品質チェックは別の処理が実行中です"),
            )
            .hint("実行中のステップが終わってから再試行してください。")
            .suggest(format!("noveler check progressive {ep} status"))
            .details(serde_json::json!({"episode": ep, "lock": shown}))
        }
        Scope::Manuscript => busy(&lock, None),
    }
}

/// Whether the lock `scope` of episode `ep` is held right now (by anyone). Never creates
/// files.
pub(crate) fn episode_lock_held(root: &Path, ep: u32, scope: Scope) -> bool {
    let path = lock_path(&episode_lock(root, ep, scope));
    let Ok(file) = OpenOptions::new().read(true).write(true).open(&path) else {
        return false;
    };
    let mut lock = fd_lock::RwLock::new(file);
    let held = lock.try_write().is_err();
    held
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn episode_lock_is_exclusive_per_scope_and_says_who_holds_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let inner = with_episode_lock(root, 4, Scope::Writing, |held| {
            assert!(episode_lock_held(root, 4, Scope::Writing));
            assert!(!episode_lock_held(root, 4, Scope::Checks));
            assert!(held.covers(4, Scope::Writing).is_ok());
            assert_eq!(held.covers(5, Scope::Writing).unwrap_err().code, Code::R002);
            assert_eq!(held.covers(4, Scope::Checks).unwrap_err().code, Code::R002);
            // Another scope of the same episode is free; the same scope is busy.
            with_episode_lock(root, 4, Scope::Checks, |_| Ok(()))?;
            Ok(with_episode_lock(root, 4, Scope::Writing, |_| Ok(())))
        })
        .unwrap();
        let err = inner.unwrap_err();
        assert_eq!(err.code, Code::QC008);
        assert!(err.message.contains("執筆処理"), "{}", err.message);
        assert!(!episode_lock_held(root, 4, Scope::Writing));
        assert_eq!(
            with_episode_lock(root, 4, Scope::Writing, |_| Ok(1)).unwrap(),
            1
        );
        // `f`'s own QC-008 passes through as it is.
        let own = with_episode_lock(root, 4, Scope::Checks, |_| -> Result<()> {
            Err(Error::new(Code::QC008, "内側"))
        })
        .unwrap_err();
        assert_eq!(own.message, "内側");
    }

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
    fn one_scheme_under_noveler_locks() {
        let root = Path::new("/p");
        let a = manuscript_lock(root, "40_原稿/第004話_嵐.md");
        assert_eq!(a, Path::new("/p/.noveler/locks/episode_004.manuscript"));
        // Another title of the same episode, or full-width digits: the same lock.
        assert_eq!(manuscript_lock(root, "40_原稿/第４話_改題.txt"), a);
        assert_eq!(episode_lock(root, 4, Scope::Manuscript), a);
        assert_ne!(episode_lock(root, 4, Scope::Writing), a);
        let memo = manuscript_lock(root, "memo.md");
        assert!(memo.starts_with("/p/.noveler/locks/"));
        assert_ne!(memo, manuscript_lock(root, "memo2.md"));
        assert_eq!(
            named_lock(root, "ledger"),
            Path::new("/p/.noveler/locks/ledger")
        );
    }

    #[test]
    fn several_manuscript_locks_all_held_and_busy_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let rels = [
            "40_原稿/第002話_b.md",
            "40_原稿/第001話_a.md",
            "40_原稿/第001話_z.md",
        ];
        let err = with_manuscript_locks(root, &rels, || {
            for r in rels {
                let e = with_manuscript_locks(root, &[r], || Ok(())).unwrap_err();
                assert_eq!(e.code, Code::QC008);
                assert!(e.message.contains(r), "{}", e.message);
            }
            // An error of `f` itself passes through as it is.
            Err::<(), _>(Error::new(Code::QC008, "inner"))
        })
        .unwrap_err();
        assert_eq!(err.message, "inner");
        assert!(with_manuscript_locks(root, &rels, || Ok(())).is_ok());
    }

    #[test]
    fn episode_numbers_of_names() {
        assert_eq!(episode_number_of("第001話_潮墨"), Some(1));
        assert_eq!(episode_number_of("第１２話"), Some(12));
        assert_eq!(episode_number_of("第一話"), None);
        assert_eq!(episode_number_of("第99999999999話"), None);
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
