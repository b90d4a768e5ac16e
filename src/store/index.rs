//! `temp/json_output/.hash_index.json`: which content (sha256) lives at which path.
//!
//! The index is a cache of facts the result directory already holds, so it can always be
//! rebuilt from it: every file in `temp/json_output/` (hashed from disk) plus every FileRef
//! (`inputs`/`outputs`) of every saved envelope, applied oldest first so the newest record of
//! a path wins. It holds two maps:
//! - `hashes`: sha256 → every path that has been seen with that content (history kept, so a
//!   hash from an old envelope still names its file; `get_file_by_hash` re-verifies it);
//! - `files`: path → the newest known state (sha256, size, role, when, by which envelope);
//!   `check_file_changes` compares the disk against it.
//!
//! Saving a result must not cost the size of the index (a long-lived `noveler mcp` saves one
//! per call): a save appends one JSON line with its records to `.hash_index.log` under the
//! index lock; the index is the base file with the log replayed in order. When the log passes
//! `COMPACT_BYTES` it is folded into the base (written atomically, then the log removed —
//! replaying a line twice is harmless, so a crash in between loses nothing). A torn last
//! line is skipped. A missing or unreadable base is rebuilt from the directory (and the
//! caller is told so); a save validates the base once per process and again only when its
//! size or mtime changed.

use super::atomic::write_atomic_unsynced;
use super::envelope::{Envelope, OUTPUT_DIR};
use super::{lock, paths, FileRef};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The index file name inside `temp/json_output/`.
pub const INDEX_FILE: &str = ".hash_index.json";
/// The append-only journal of saves since the base was last written.
pub const LOG_FILE: &str = ".hash_index.log";
/// Journal size at which it is folded into the base.
pub const COMPACT_BYTES: u64 = 1 << 20;
const MISSING: &str = "インデックスがありませんでした";
/// Current on-disk format version.
pub const INDEX_VERSION: u32 = 1;

/// The newest known state of one path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct IndexEntry {
    pub sha256: String,
    pub size_bytes: u64,
    pub content_type: String,
    /// `envelope` for a saved result, else the FileRef's role (`manuscript`, `stdout` …).
    pub role: String,
    /// When it was recorded (the recording envelope's `created_at`).
    pub recorded_at: String,
    /// The envelope that recorded it (relative path), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HashIndex {
    pub version: u32,
    /// sha256 → paths, sorted and unique.
    pub hashes: BTreeMap<String, Vec<String>>,
    /// path → newest state.
    pub files: BTreeMap<String, IndexEntry>,
}

/// A loaded index and whether it had to be rebuilt (and why).
#[derive(Clone, Debug)]
pub struct Loaded {
    pub index: HashIndex,
    /// `Some(reason)` when the file was missing or corrupt and has been rebuilt.
    pub rebuilt: Option<String>,
}

/// Absolute path of the index for project `root`.
pub(crate) fn index_path(root: &Path) -> PathBuf {
    root.join(OUTPUT_DIR).join(INDEX_FILE)
}

fn is_sha256(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl HashIndex {
    fn empty() -> HashIndex {
        HashIndex {
            version: INDEX_VERSION,
            ..Default::default()
        }
    }

    /// Records that `path` now holds `entry`.
    pub fn record(&mut self, path: &str, entry: IndexEntry) {
        if !paths::is_clean_relative(path) || !is_sha256(&entry.sha256) {
            return;
        }
        let list = self.hashes.entry(entry.sha256.clone()).or_default();
        if let Err(pos) = list.binary_search_by(|p| p.as_str().cmp(path)) {
            list.insert(pos, path.to_string());
        }
        self.files.insert(path.to_string(), entry);
    }

    fn record_ref(&mut self, f: &FileRef, recorded_at: &str, source: Option<&str>) {
        self.record(
            &f.path,
            IndexEntry {
                sha256: f.sha256.clone(),
                size_bytes: f.size_bytes,
                content_type: f.content_type.clone(),
                role: f.role.clone(),
                recorded_at: recorded_at.to_string(),
                source: source.map(str::to_string),
            },
        );
    }

    /// Paths recorded with content `sha256` (exact, lower-case).
    pub(crate) fn paths_for(&self, sha256: &str) -> &[String] {
        self.hashes.get(sha256).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Full hashes starting with `prefix`.
    pub(crate) fn hashes_with_prefix(&self, prefix: &str) -> Vec<&str> {
        self.hashes
            .range(prefix.to_string()..)
            .take_while(|(h, _)| h.starts_with(prefix))
            .map(|(h, _)| h.as_str())
            .collect()
    }

    /// Structural sanity of a parsed index (a parse that succeeds on garbage is corrupt too).
    fn check(&self) -> std::result::Result<(), String> {
        if self.version != INDEX_VERSION {
            return Err(format!("未知の形式バージョン {}", self.version));
        }
        for (h, list) in &self.hashes {
            if !is_sha256(h) {
                return Err(format!("不正なハッシュ {h}"));
            }
            if list.iter().any(|p| !paths::is_clean_relative(p)) {
                return Err(format!("不正なパス（{h}）"));
            }
        }
        Ok(())
    }
}

/// What saving an envelope records, in order: its FileRefs, then the envelope file itself
/// (`sha256` and `size_bytes` of the file as written).
fn envelope_records(
    env: &Envelope,
    saved_rel: &str,
    sha256: &str,
    size_bytes: u64,
) -> Vec<(String, IndexEntry)> {
    let mut out = Vec::new();
    for set in [&env.inputs, &env.outputs].into_iter().flatten() {
        for f in &set.files {
            out.push((
                f.path.clone(),
                IndexEntry {
                    sha256: f.sha256.clone(),
                    size_bytes: f.size_bytes,
                    content_type: f.content_type.clone(),
                    role: f.role.clone(),
                    recorded_at: env.created_at.clone(),
                    source: Some(saved_rel.to_string()),
                },
            ));
        }
    }
    out.push((
        saved_rel.to_string(),
        IndexEntry {
            sha256: sha256.to_string(),
            size_bytes,
            content_type: "application/json".into(),
            role: "envelope".into(),
            recorded_at: env.created_at.clone(),
            source: None,
        },
    ));
    out
}

/// One journal line: the records of one save.
#[derive(Serialize, Deserialize)]
struct LogLine {
    records: Vec<(String, IndexEntry)>,
}

fn log_path(root: &Path) -> PathBuf {
    root.join(OUTPUT_DIR).join(LOG_FILE)
}

/// Applies the journal to `index`; unreadable lines (a torn last one) are skipped.
fn replay_log(root: &Path, index: &mut HashIndex) {
    let Ok(Some(bytes)) = super::text::read_internal(&log_path(root)) else {
        return;
    };
    for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        if let Ok(l) = serde_json::from_slice::<LogLine>(line) {
            for (path, entry) in l.records {
                index.record(&path, entry);
            }
        }
    }
}

/// Appends one line to the journal (after a newline if a torn line ends it); returns the
/// journal's size afterwards.
fn append_log(root: &Path, line: &LogLine) -> Result<u64> {
    use std::io::{Read, Seek, SeekFrom, Write};
    let path = paths::inside(root, &format!("{OUTPUT_DIR}/{LOG_FILE}"))?;
    super::confine::guard_write(&path)?;
    let mut body = serde_json::to_vec(line).map_err(|e| {
        Error::new(
            Code::R002,
            format!("インデックスのJSON化に失敗しました: {e}"),
        )
    })?;
    body.push(b'\n');
    let mut file = super::atomic::open_own(
        &path,
        std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true),
    )?;
    let len = file.metadata().map_err(|e| Error::io(&path, &e))?.len();
    if len > 0 {
        let mut last = [0u8; 1];
        file.seek(SeekFrom::End(-1))
            .and_then(|_| file.read_exact(&mut last))
            .map_err(|e| Error::io(&path, &e))?;
        if last[0] != b'\n' {
            body.insert(0, b'\n');
        }
    }
    file.write_all(&body).map_err(|e| Error::io(&path, &e))?;
    Ok(len + body.len() as u64)
}

/// Hands freed heap back to the OS. A compaction briefly holds the whole index (megabytes
/// after thousands of saves) on whichever worker thread ran it; glibc keeps such peaks in
/// per-thread arenas, so a long-lived `noveler mcp` would otherwise grow by each new peak.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's arenas to the OS.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// (size, mtime) of base files this process has parsed and found sound.
static KNOWN_GOOD: std::sync::Mutex<BTreeMap<PathBuf, (u64, std::time::SystemTime)>> =
    std::sync::Mutex::new(BTreeMap::new());

fn stamp(path: &Path) -> Option<(u64, std::time::SystemTime)> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// Whether the base is sound, parsing it only when this process has not seen it as it is.
fn base_is_sound(root: &Path) -> bool {
    let path = index_path(root);
    let Some(now) = stamp(&path) else {
        return false;
    };
    let known = KNOWN_GOOD
        .lock()
        .map(|k| k.get(&path) == Some(&now))
        .unwrap_or(false);
    known || read_base(root).is_ok()
}

fn remember(root: &Path) {
    let path = index_path(root);
    if let (Some(now), Ok(mut known)) = (stamp(&path), KNOWN_GOOD.lock()) {
        if known.len() > 64 {
            known.clear(); // a handful of projects per process; never grows without bound
        }
        known.insert(path, now);
    }
}

/// The files of the result directory noveler may index: regular, non-hidden files.
pub(crate) fn output_files(root: &Path) -> Result<Vec<(String, PathBuf)>> {
    let dir = paths::inside(root, OUTPUT_DIR)?;
    let rd = match std::fs::read_dir(&dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(&dir, &e)),
    };
    let mut out = Vec::new();
    for entry in rd {
        let entry = entry.map_err(|e| Error::io(&dir, &e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        match entry.file_type() {
            Ok(t) if t.is_file() => {}
            _ => continue,
        }
        out.push((format!("{OUTPUT_DIR}/{name}"), entry.path()));
    }
    out.sort();
    Ok(out)
}

/// Builds the index from the result directory alone (see the module doc).
pub(crate) fn rebuild(root: &Path) -> Result<HashIndex> {
    let mut index = HashIndex::empty();
    let files = output_files(root)?;
    let mut envelopes: Vec<(String, String, Envelope)> = Vec::new();
    let mut disk: Vec<(String, Vec<u8>, Option<String>)> = Vec::new();
    for (rel, abs) in files {
        let bytes = match super::text::read_internal(&abs) {
            Ok(Some(b)) => b,
            _ => continue, // removed meanwhile (or not a file of this project)
        };
        let mtime = std::fs::metadata(&abs)
            .and_then(|m| m.modified())
            .map(super::envelope::timestamp)
            .ok();
        if rel.ends_with(".json") {
            if let Ok(env) = serde_json::from_slice::<Envelope>(&bytes) {
                envelopes.push((env.created_at.clone(), rel.clone(), env));
            }
        }
        disk.push((rel, bytes, mtime));
    }
    envelopes.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    for (created, rel, env) in &envelopes {
        for set in [&env.inputs, &env.outputs].into_iter().flatten() {
            for f in &set.files {
                index.record_ref(f, created, Some(rel));
            }
        }
    }
    let by_rel: BTreeMap<&str, &Envelope> =
        envelopes.iter().map(|(_, r, e)| (r.as_str(), e)).collect();
    for (rel, bytes, mtime) in &disk {
        let previous = index.files.get(rel).cloned();
        let (role, recorded_at, source, content_type) = match (by_rel.get(rel.as_str()), previous) {
            (Some(env), _) => (
                "envelope".to_string(),
                env.created_at.clone(),
                None,
                "application/json".to_string(),
            ),
            (None, Some(p)) => (p.role, p.recorded_at, p.source, p.content_type),
            (None, None) => (
                "output".to_string(),
                mtime.clone().unwrap_or_default(),
                None,
                super::fileref::content_type_of(Path::new(rel)).to_string(),
            ),
        };
        index.record(
            rel,
            IndexEntry {
                sha256: sha256_hex(bytes),
                size_bytes: bytes.len() as u64,
                content_type,
                role,
                recorded_at,
                source,
            },
        );
    }
    Ok(index)
}

/// The index: the base with the journal replayed; `Err(reason)` when the base is missing or
/// unusable.
fn read(root: &Path) -> std::result::Result<HashIndex, String> {
    let mut index = read_base(root)?;
    replay_log(root, &mut index);
    Ok(index)
}

/// Parses the base file; `Err(reason)` when it is missing or unusable.
fn read_base(root: &Path) -> std::result::Result<HashIndex, String> {
    let path = index_path(root);
    let bytes = match super::text::read_internal(&path) {
        Ok(Some(b)) => b,
        Ok(None) => return Err(MISSING.into()),
        Err(e) => return Err(format!("読み込めませんでした: {}", e.message)),
    };
    let index: HashIndex =
        serde_json::from_slice(&bytes).map_err(|e| format!("インデックスが壊れていました: {e}"))?;
    index
        .check()
        .map_err(|e| format!("インデックスが壊れていました: {e}"))?;
    remember(root);
    Ok(index)
}

/// The index path, refused when the result directory leads out of the project.
fn checked_index_path(root: &Path) -> Result<PathBuf> {
    paths::inside(root, &format!("{OUTPUT_DIR}/{INDEX_FILE}"))
}

fn write(root: &Path, index: &HashIndex) -> Result<()> {
    let body = serde_json::to_vec_pretty(index).map_err(|e| {
        Error::new(
            Code::R002,
            format!("インデックスのJSON化に失敗しました: {e}"),
        )
    })?;
    write_atomic_unsynced(&checked_index_path(root)?, &body)?;
    remember(root);
    // The base now holds everything the journal did.
    match std::fs::remove_file(log_path(root)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::io(log_path(root), &e)),
        _ => Ok(()),
    }
}

/// Runs `f` on the index under its lock and writes the result back. A missing or corrupt
/// index is rebuilt from the directory first; the reason is returned alongside.
pub fn update<T>(root: &Path, f: impl FnOnce(&mut HashIndex) -> T) -> Result<(T, Option<String>)> {
    let path = checked_index_path(root)?;
    lock::with_lock(&path, || {
        let (mut index, rebuilt) = match read(root) {
            Ok(i) => (i, None),
            Err(reason) => (rebuild(root)?, Some(reason)),
        };
        let out = f(&mut index);
        write(root, &index)?;
        Ok((out, rebuilt))
    })
}

/// Records a just-saved envelope: one journal line (see the module doc), or a rebuild when
/// the base is missing or corrupt.
pub(crate) fn record_envelope(
    root: &Path,
    env: &Envelope,
    saved_rel: &str,
    sha256: &str,
    size_bytes: u64,
) -> Result<()> {
    record_with(root, env, saved_rel, (sha256, size_bytes), COMPACT_BYTES)
}

fn record_with(
    root: &Path,
    env: &Envelope,
    saved_rel: &str,
    (sha256, size_bytes): (&str, u64),
    compact_at: u64,
) -> Result<()> {
    let path = checked_index_path(root)?;
    lock::with_lock(&path, || {
        if !base_is_sound(root) {
            // The envelope is already on disk, so the rebuild includes it.
            let index = rebuild(root)?;
            return write(root, &index);
        }
        let size = append_log(
            root,
            &LogLine {
                records: envelope_records(env, saved_rel, sha256, size_bytes),
            },
        )?;
        if size > compact_at {
            let index = match read(root) {
                Ok(index) => index,
                Err(_) => rebuild(root)?,
            };
            write(root, &index)?;
            drop(index);
            release_free_memory();
        }
        Ok(())
    })
}

/// Loads the index for reading; a missing or corrupt one is rebuilt (and saved) first.
/// `rebuilt` is set when something had to be recovered (a corrupt index, or a missing one
/// while results exist), not for the first use in a fresh project.
pub fn load(root: &Path) -> Result<Loaded> {
    if let Ok(index) = read(root) {
        return Ok(Loaded {
            index,
            rebuilt: None,
        });
    }
    let path = checked_index_path(root)?;
    lock::with_lock(&path, || match read(root) {
        // Another process repaired it while we waited.
        Ok(index) => Ok(Loaded {
            index,
            rebuilt: None,
        }),
        Err(reason) => {
            let index = rebuild(root)?;
            write(root, &index)?;
            let rebuilt = if reason == MISSING && index.files.is_empty() {
                None
            } else {
                Some(format!("{reason}（結果ファイルから再構築しました）"))
            };
            Ok(Loaded { index, rebuilt })
        }
    })
}

/// The index as stored, or rebuilt in memory when missing/corrupt; writes nothing and takes
/// no lock (safe while the caller holds the index lock).
pub fn peek(root: &Path) -> Result<HashIndex> {
    match read(root) {
        Ok(index) => Ok(index),
        Err(_) => rebuild(root),
    }
}

/// Runs `f` with the index lock held (callers that delete result files use it so no save
/// interleaves with their rebuild).
pub(crate) fn with_index_lock<T>(root: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    lock::with_lock(&checked_index_path(root)?, f)
}

/// Rebuilds and writes the index; the caller must hold the index lock.
pub(crate) fn rebuild_locked(root: &Path) -> Result<HashIndex> {
    let index = rebuild(root)?;
    write(root, &index)?;
    Ok(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn env(root: &Path, name: &str) -> Envelope {
        let run = super::super::envelope::RunInfo {
            command: name.to_string(),
            project_root: root.to_path_buf(),
            started: SystemTime::now(),
            elapsed_ms: 0.0,
        };
        Envelope::success(
            &run,
            vec![FileRef::from_bytes(
                root,
                &root.join("40_原稿/a.md"),
                b"abc",
                "manuscript",
            )],
            vec![],
            serde_json::json!({}),
            serde_json::json!({}),
        )
    }

    #[test]
    fn save_records_and_rebuild_agrees() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let mut e = env(root, "check");
        let saved = e.save(root).unwrap();
        let loaded = load(root).unwrap();
        assert!(loaded.rebuilt.is_none());
        let rel = e.saved_to.clone().unwrap();
        assert!(saved.ends_with(&rel));
        let index = loaded.index;
        assert_eq!(index.files["40_原稿/a.md"].sha256, sha256_hex(b"abc"));
        assert_eq!(index.files[&rel].role, "envelope");
        assert_eq!(index.paths_for(&sha256_hex(b"abc")), ["40_原稿/a.md"]);
        let rebuilt = rebuild(root).unwrap();
        assert_eq!(rebuilt, index);
    }

    #[test]
    fn corrupt_index_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        env(root, "check").save(root).unwrap();
        let good = load(root).unwrap().index;
        std::fs::write(index_path(root), b"{\"version\":1,\"hashes\":{\"zz").unwrap();
        let loaded = load(root).unwrap();
        assert!(loaded.rebuilt.unwrap().contains("壊れて"));
        assert_eq!(loaded.index, good);
        // Parses but is nonsense.
        std::fs::write(
            index_path(root),
            br#"{"version":1,"hashes":{"nothex":["../x"]},"files":{}}"#,
        )
        .unwrap();
        assert!(load(root).unwrap().rebuilt.is_some());
        // And a save after corruption also repairs it.
        std::fs::write(index_path(root), b"garbage").unwrap();
        env(root, "check").save(root).unwrap();
        let index = load(root).unwrap();
        assert!(index.rebuilt.is_none());
        assert_eq!(index.index.files.len(), 3);
    }

    #[test]
    fn fresh_project_is_not_a_recovery() {
        let dir = tempfile::tempdir().unwrap();
        assert!(load(dir.path()).unwrap().rebuilt.is_none());
        // Results but no index: that is a recovery worth reporting.
        let dir = tempfile::tempdir().unwrap();
        env(dir.path(), "check").save(dir.path()).unwrap();
        std::fs::remove_file(index_path(dir.path())).unwrap();
        let loaded = load(dir.path()).unwrap();
        assert!(loaded.rebuilt.unwrap().contains("再構築"));
        assert_eq!(loaded.index.files.len(), 2);
    }

    #[test]
    fn prefix_lookup() {
        let mut i = HashIndex::empty();
        let h = sha256_hex(b"x");
        i.record(
            "a/b",
            IndexEntry {
                sha256: h.clone(),
                size_bytes: 1,
                content_type: "text/plain".into(),
                role: "r".into(),
                recorded_at: String::new(),
                source: None,
            },
        );
        assert_eq!(i.hashes_with_prefix(&h[..8]), [h.as_str()]);
        assert!(i.hashes_with_prefix("zz").is_empty());
        // Unclean paths are never recorded.
        i.record("../x", i.files["a/b"].clone());
        assert!(!i.files.contains_key("../x"));
    }

    /// Same content per path (which envelope recorded a path first is ambiguous when two
    /// saves share a millisecond, so `source`/`recorded_at` are not compared).
    fn assert_same(a: &HashIndex, b: &HashIndex) {
        assert_eq!(a.hashes, b.hashes);
        let shas = |i: &HashIndex| {
            i.files
                .iter()
                .map(|(p, e)| (p.clone(), e.sha256.clone(), e.role.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(shas(a), shas(b));
    }

    #[test]
    fn saves_append_to_the_journal_and_compaction_folds_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        env(root, "check").save(root).unwrap(); // creates the base
        let base = std::fs::read(index_path(root)).unwrap();
        for _ in 0..5 {
            env(root, "check").save(root).unwrap();
        }
        // The base was not rewritten; the journal holds one line per save.
        assert_eq!(std::fs::read(index_path(root)).unwrap(), base);
        let log = std::fs::read_to_string(log_path(root)).unwrap();
        assert_eq!(log.lines().count(), 5);
        let loaded = load(root).unwrap();
        assert!(loaded.rebuilt.is_none());
        assert_same(&loaded.index, &rebuild(root).unwrap());
        assert_eq!(loaded.index.files.len(), 7);

        // A torn last line (a crash mid-append) is skipped, and the next line still counts.
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(log_path(root))
            .unwrap();
        std::io::Write::write_all(&mut f, b"{\"records\":[[\"temp/json_o").unwrap();
        env(root, "check").save(root).unwrap();
        let loaded = load(root).unwrap();
        assert_same(&loaded.index, &rebuild(root).unwrap());

        // Past the threshold the journal is folded into the base and removed.
        let mut e = env(root, "check");
        let rel = "temp/json_output/extra.json";
        e.saved_to = Some(rel.into());
        let body = serde_json::to_vec_pretty(&e).unwrap();
        std::fs::write(root.join(rel), &body).unwrap();
        let sha = sha256_hex(&body);
        record_with(root, &e, rel, (&sha, body.len() as u64), 10).unwrap();
        assert!(!log_path(root).exists());
        let base = read_base(root).unwrap();
        assert_same(&base, &rebuild(root).unwrap());
        assert!(base.files.contains_key(rel));
    }
}
