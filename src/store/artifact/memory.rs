//! Artifacts held in memory when their file cannot be written (seed 003 NFR-002-001), and
//! the one store per project a process shares so that they can be found again.

use super::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Why an artifact's file could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteFailure {
    /// The directory to make writable (the artifacts directory, or the nearest existing
    /// directory above it when it could not be created).
    pub dir: PathBuf,
    /// The error as reported (the path and the OS error).
    pub message: String,
    /// Permission denied (rather than a full disk, a read-only file system …).
    pub permission: bool,
}

impl WriteFailure {
    /// What the author can do about it (Japanese).
    pub fn remedy(&self) -> String {
        if self.permission {
            format!(
                "`chmod u+w {}` で書き込めるようにしてください",
                self.dir.display()
            )
        } else {
            format!(
                "ディスクの空き容量と {} の書き込み権限を確認してください（読み取り専用のファイルシステムなら、書き込める場所にプロジェクトを移してください）",
                self.dir.display()
            )
        }
    }

    /// The warning a store that held an artifact in memory gives (Japanese).
    pub fn warning(&self) -> String {
        let kept = if memory_outlives_call() {
            "このサーバーが動いている間はメモリに保持します（fetch_artifact で取得できますが、サーバーを終了すると失われます）"
        } else {
            "このコマンドの実行中だけメモリに保持します（終了すると失われます）"
        };
        format!(
            "アーティファクトを {} に保存できませんでした（{}）。{kept}。{}。",
            self.dir.display(),
            self.message,
            self.remedy()
        )
    }
}

/// An artifact held in memory, with why its file could not be written.
pub(super) struct Held {
    pub(super) artifact: Arc<StoredArtifact>,
    pub(super) failure: WriteFailure,
}

/// The memory-held artifacts of one store, by 12 hex. Not bounded and never evicted: they
/// cannot be read back from disk, and each came in through a call bounded by its own limits.
#[derive(Default)]
pub(super) struct HeldSet(pub(super) HashMap<String, Held>);

impl ArtifactStore {
    fn held(&self) -> std::sync::MutexGuard<'_, HeldSet> {
        self.memory.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The memory-held artifact `hex`, if any.
    pub(super) fn held_artifact(&self, hex: &str) -> Option<Arc<StoredArtifact>> {
        self.held().0.get(hex).map(|h| h.artifact.clone())
    }

    /// Holds `artifact` in memory because writing its file failed with `error`.
    pub(super) fn hold(&self, mut artifact: StoredArtifact, error: &Error) -> StoredArtifact {
        artifact.metadata.memory_only = true;
        let failure = WriteFailure {
            dir: self.dir_to_fix(),
            message: error.message.clone(),
            permission: error.code == Code::P003,
        };
        let hex = artifact.metadata.artifact_id.trim_start_matches(ID_PREFIX);
        self.held().0.insert(
            hex.to_string(),
            Held {
                artifact: Arc::new(artifact.clone()),
                failure,
            },
        );
        artifact
    }

    /// Forgets the memory-held artifact `hex` (its file was written or deleted).
    pub(super) fn release(&self, hex: &str) {
        self.held().0.remove(hex);
    }

    /// Why artifact `id` is held in memory only; `None` when it is not (stored on disk,
    /// unknown, or not a valid id).
    pub fn memory_only(&self, id: &str) -> Option<WriteFailure> {
        let hex = parse_id(id).ok()?;
        self.held().0.get(&hex).map(|h| h.failure.clone())
    }

    /// Whether any artifact is held in memory only.
    pub fn holds_memory_only(&self) -> bool {
        !self.held().0.is_empty()
    }

    /// The metadata of every memory-held artifact whose tags contain all of `tags`.
    pub(super) fn held_metadata(&self, tags: &BTreeMap<String, String>) -> Vec<ArtifactMetadata> {
        self.held()
            .0
            .values()
            .map(|h| &h.artifact.metadata)
            .filter(|m| tags.iter().all(|(k, v)| m.tags.get(k) == Some(v)))
            .cloned()
            .collect()
    }

    /// The artifacts directory if it exists, else the nearest existing directory above it.
    fn dir_to_fix(&self) -> PathBuf {
        let dir = self.root.join(ARTIFACT_DIR);
        dir.ancestors()
            .find(|d| d.is_dir())
            .map_or(dir.clone(), Path::to_path_buf)
    }
}

/// Whether a failed write should leave the artifact in memory instead of failing the store:
/// any I/O error (permission, read-only, full disk), not a refusal (a path out of the project).
pub(super) fn is_write_failure(e: &Error) -> bool {
    e.code.kind() == crate::error::ErrorKind::Io
}

static STORES: OnceLock<Mutex<HashMap<PathBuf, Arc<ArtifactStore>>>> = OnceLock::new();
static OUTLIVES_CALL: AtomicBool = AtomicBool::new(false);

/// The artifact store of project `root` for this whole process (keyed by the canonical
/// root): every caller gets the same one, so an artifact held in memory is found again.
pub fn shared(root: &Path) -> Arc<ArtifactStore> {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let stores = STORES.get_or_init(Default::default);
    let mut map = stores.lock().unwrap_or_else(|p| p.into_inner());
    map.entry(root.clone())
        .or_insert_with(|| Arc::new(ArtifactStore::new(&root)))
        .clone()
}

/// Declares this process long-lived (`noveler mcp`): a memory-held artifact's id may be
/// handed to a later call, which `shared` will serve it to. Once per process.
pub fn keep_memory_across_calls() {
    OUTLIVES_CALL.store(true, Ordering::Relaxed);
}

/// Whether a memory-held artifact outlives the call that stored it (see
/// `keep_memory_across_calls`). False in the CLI, where the process ends with the command.
pub fn memory_outlives_call() -> bool {
    OUTLIVES_CALL.load(Ordering::Relaxed)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn clk() -> crate::store::clock::Clock {
        crate::store::clock::Clock::system()
    }

    fn set_mode(dir: &Path, mode: u32) {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    /// Makes `dir` read-only (0555); false (with the reason printed) when that does not stop
    /// this process from writing there: root ignores modes.
    fn read_only(dir: &Path) -> bool {
        std::fs::create_dir_all(dir).unwrap();
        set_mode(dir, 0o555);
        let probe = dir.join("probe");
        if std::fs::write(&probe, b"x").is_ok() {
            let _ = std::fs::remove_file(&probe);
            set_mode(dir, 0o755);
            // A test that cannot run says so (the store's no-printing rule is for the code).
            #[allow(clippy::print_stdout)]
            {
                println!("skipped: running as root (a 0555 directory stays writable)");
            }
            return false;
        }
        true
    }

    #[test]
    fn an_unwritable_artifacts_dir_keeps_artifacts_in_memory_until_it_is_writable() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join(ARTIFACT_DIR);
        if !read_only(&dir) {
            return;
        }
        // A tiny cache: memory-held artifacts are not the cache's to evict.
        let s = ArtifactStore::with_cache_limit(d.path(), 300);
        let texts: Vec<String> = (0..5).map(|i| format!("{i}{}", "潮".repeat(100))).collect();
        let outs: Vec<StoreOutcome> = texts
            .iter()
            .map(|t| s.store(t, StoreOptions::default(), &clk()).unwrap())
            .collect();
        for (t, o) in texts.iter().zip(&outs) {
            assert!(!o.persisted);
            assert!(o.metadata.memory_only);
            assert_eq!(o.metadata.artifact_id, id_for(t));
            let w = o.warning.as_deref().unwrap();
            assert!(w.contains(&dir.display().to_string()), "{w}");
            assert!(w.contains("chmod u+w"), "{w}");
            assert!(w.contains("Permission denied"), "{w}");
            assert!(!d.path().join(&o.path).exists());
            let f = s.fetch(&o.metadata.artifact_id).unwrap();
            assert_eq!(&f.content, t);
        }
        let failure = s.memory_only(&outs[0].metadata.artifact_id).unwrap();
        assert!(failure.permission);
        assert_eq!(failure.dir, dir);
        let l = s.list(&BTreeMap::new()).unwrap();
        assert_eq!(l.artifacts.len(), 5);
        assert!(l.artifacts.iter().all(|m| m.memory_only));
        assert!(l.corrupt.is_empty());
        // A record that must be on disk gets the failure as an error.
        let e = s
            .store("記録", StoreOptions::default(), &clk())
            .unwrap()
            .require_persisted()
            .unwrap_err();
        assert_eq!(e.code, Code::P003);
        // gc has no file to remove for them.
        let gc = s.gc(false, Duration::ZERO, &clk()).unwrap();
        assert!(gc.removed.is_empty());
        assert!(s.fetch(&outs[0].metadata.artifact_id).is_ok());
        // Writable again: storing the same content writes the file and releases the memory.
        set_mode(&dir, 0o755);
        let again = s.store(&texts[0], StoreOptions::default(), &clk()).unwrap();
        assert!(again.persisted && again.warning.is_none());
        assert!(!again.metadata.memory_only);
        assert!(!again.created);
        assert_eq!(again.metadata.created_at, outs[0].metadata.created_at);
        assert!(d.path().join(&again.path).is_file());
        assert!(s.memory_only(&again.metadata.artifact_id).is_none());
        let other = ArtifactStore::new(d.path());
        assert_eq!(
            other.fetch(&again.metadata.artifact_id).unwrap().content,
            texts[0]
        );
        assert!(
            !other
                .fetch(&again.metadata.artifact_id)
                .unwrap()
                .metadata
                .memory_only
        );
        // The others are still served from memory; another store never saw them.
        assert_eq!(
            s.fetch(&outs[1].metadata.artifact_id).unwrap().content,
            texts[1]
        );
        assert_eq!(
            other.fetch(&outs[1].metadata.artifact_id).unwrap_err().code,
            Code::A002
        );
    }

    #[test]
    fn an_unwritable_noveler_dir_fails_the_lock_and_still_keeps_the_artifact() {
        let d = tempfile::tempdir().unwrap();
        let noveler = d.path().join(".noveler");
        if !read_only(&noveler) {
            return;
        }
        let s = ArtifactStore::new(d.path());
        let o = s.store("本文", StoreOptions::default(), &clk()).unwrap();
        set_mode(&noveler, 0o755);
        assert!(!o.persisted);
        // No artifacts dir to make writable: the directory named is the one above it.
        assert_eq!(s.memory_only(&o.metadata.artifact_id).unwrap().dir, noveler);
        assert_eq!(s.fetch(&o.metadata.artifact_id).unwrap().content, "本文");
    }

    /// Root included: a regular file where the artifacts directory should be fails every
    /// write (ENOTDIR / EEXIST), whoever runs the test.
    #[test]
    fn a_file_in_place_of_the_artifacts_dir_keeps_artifacts_in_memory() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join(ARTIFACT_DIR);
        std::fs::create_dir_all(dir.parent().unwrap()).unwrap();
        std::fs::write(&dir, b"not a directory").unwrap();
        let s = ArtifactStore::new(d.path());
        let o = s.store("本文", StoreOptions::default(), &clk()).unwrap();
        assert!(!o.persisted);
        let failure = s.memory_only(&o.metadata.artifact_id).unwrap();
        assert!(!failure.permission);
        let w = o.warning.unwrap();
        assert!(w.contains("空き容量"), "{w}");
        assert_eq!(s.fetch(&o.metadata.artifact_id).unwrap().content, "本文");
        let l = s.list(&BTreeMap::new()).unwrap();
        assert_eq!(l.artifacts.len(), 1);
        assert!(l.artifacts[0].memory_only);
        assert_eq!(l.corrupt.len(), 1, "{l:?}");
        // A refusal that is not an I/O failure still fails the store.
        let bad = StoreOptions {
            content_type: Some("json".into()),
            ..Default::default()
        };
        assert_eq!(s.store("{", bad, &clk()).unwrap_err().code, Code::U006);
    }

    #[test]
    fn shared_gives_one_store_per_project() {
        let d = tempfile::tempdir().unwrap();
        let a = shared(d.path());
        let b = shared(&d.path().join("."));
        assert!(Arc::ptr_eq(&a, &b));
        let e = tempfile::tempdir().unwrap();
        assert!(!Arc::ptr_eq(&a, &shared(e.path())));
    }
}
