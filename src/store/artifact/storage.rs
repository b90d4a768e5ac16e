//! The artifact store: store, fetch, list, prune under the project's artifacts dir.

use super::*;
use crate::store::clock::Clock;

// The store

/// Artifacts of one project, with an in-memory cache and the artifacts whose file could not
/// be written (see the module doc). Cheap to create; a process shares one per project
/// (`shared`).
pub struct ArtifactStore {
    pub(super) root: PathBuf,
    cache: Mutex<Lru>,
    pub(super) memory: Mutex<HeldSet>,
}

pub(super) fn corrupt(path: &Path, rel: &str, reason: &str) -> Error {
    Error::new(
        Code::A003,
        format!("アーティファクトファイル {rel} が壊れています: {reason}"),
    )
    .at(path, None)
    .hint("同じ内容を `noveler artifact store` で保存し直すと修復されます。バックアップは `noveler backup list` で確認できます。")
    .details(serde_json::json!({"path": rel, "reason": reason}))
}

impl ArtifactStore {
    /// A store for project `root` with the default 50 MB cache.
    pub fn new(root: &Path) -> ArtifactStore {
        ArtifactStore::with_cache_limit(root, MAX_CACHE_BYTES)
    }

    pub(crate) fn with_cache_limit(root: &Path, max_bytes: usize) -> ArtifactStore {
        ArtifactStore {
            root: root.to_path_buf(),
            cache: Mutex::new(Lru::new(max_bytes)),
            memory: Mutex::new(HeldSet::default()),
        }
    }

    /// Project root this store serves.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Relative path of the file for validated `hex`.
    pub(crate) fn rel_path(hex: &str) -> String {
        format!("{ARTIFACT_DIR}/{hex}.json")
    }

    /// The artifact directory, refused (U004) when a symlink leads it out of the project.
    fn dir(&self) -> Result<PathBuf> {
        paths::inside(&self.root, ARTIFACT_DIR)
    }

    /// The file of validated `hex`, resolved inside the project.
    fn file(&self, hex: &str) -> Result<PathBuf> {
        paths::inside(&self.root, &Self::rel_path(hex))
    }

    /// What the artifact lock guards (`.noveler/artifacts.lock` is its lock file).
    fn lock_target(&self) -> Result<PathBuf> {
        self.dir()
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Lru> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Bytes currently held by the cache.
    #[cfg(test)]
    pub(crate) fn cached_bytes(&self) -> usize {
        self.cache().bytes
    }

    /// Parses an artifact file's bytes, checking the content against the id.
    pub(super) fn parse(
        &self,
        hex: &str,
        bytes: &[u8],
    ) -> std::result::Result<StoredArtifact, String> {
        let a: StoredArtifact =
            serde_json::from_slice(bytes).map_err(|e| format!("JSONとして読めません（{e}）"))?;
        if a.metadata.artifact_id != full_id(hex) {
            return Err(format!(
                "メタデータのID {} がファイル名と一致しません",
                a.metadata.artifact_id
            ));
        }
        let sha = sha256_hex(a.content.as_bytes());
        if !sha.starts_with(hex) {
            return Err("内容のハッシュがIDと一致しません（内容が書き換えられています）".into());
        }
        Ok(a)
    }

    fn encode(a: &StoredArtifact) -> Result<Vec<u8>> {
        serde_json::to_vec_pretty(a).map_err(|e| {
            Error::new(
                Code::R002,
                format!("アーティファクトのJSON化に失敗しました: {e}"),
            )
        })
    }

    /// Stores `content`; see the module doc for how a re-store merges.
    /// `clock`: the call's (a new artifact's `created_at`).
    pub fn store(&self, content: &str, opts: StoreOptions, clock: &Clock) -> Result<StoreOutcome> {
        let mut out = self.store_all(vec![(content, opts)], clock)?;
        Ok(out.remove(0))
    }

    /// Stores each `(content, options)` in order, under one hold of the artifact lock (one
    /// lock-file open for a batch, e.g. the auto-artifacts of a writing prompt); stops at
    /// the first error, keeping what was stored before it.
    pub(crate) fn store_all(
        &self,
        items: Vec<(&str, StoreOptions)>,
        clock: &Clock,
    ) -> Result<Vec<StoreOutcome>> {
        let mut checked = Vec::with_capacity(items.len());
        for (content, opts) in items {
            let content_type = opts.content_type.clone().unwrap_or_else(|| "text".into());
            validate_content(content, &content_type)?;
            if let Some(k) = opts.tags.keys().find(|k| k.trim().is_empty()) {
                return Err(Error::new(Code::U001, format!("タグのキー「{k}」が空です"))
                    .hint("--tag key=value の形で指定してください。"));
            }
            let sha = sha256_hex(content.as_bytes());
            let hex = sha[..12].to_string();
            let path = self.file(&hex)?;
            checked.push((content, opts, content_type, sha, hex, path));
        }
        if checked.is_empty() {
            return Ok(Vec::new());
        }
        let store_each = || {
            checked
                .iter()
                .map(|(content, opts, content_type, sha, _, path)| {
                    self.store_locked(content, opts, content_type, sha, path, clock)
                })
                .collect::<Result<Vec<_>>>()
        };
        // A lock file that cannot be made (an unwritable `.noveler/`) is the same failure as
        // an unwritable artifact file: the items go on without it (each write then fails
        // into memory, or succeeds atomically).
        let mut locked = false;
        let outcomes = match lock::with_lock(&self.lock_target()?, || {
            locked = true;
            store_each()
        }) {
            Err(e) if !locked && is_write_failure(&e) => store_each(),
            other => other,
        }?;
        let mut cache = self.cache();
        for (_, _, _, _, hex, _) in &checked {
            cache.remove(hex);
        }
        Ok(outcomes)
    }

    /// One store, under the artifact lock held by the caller.
    fn store_locked(
        &self,
        content: &str,
        opts: &StoreOptions,
        content_type: &str,
        sha: &str,
        path: &Path,
        clock: &Clock,
    ) -> Result<StoreOutcome> {
        let hex = &sha[..12]; // the id, as `store_all` took it
        let rel = Self::rel_path(hex);
        let on_disk = match crate::store::text::read_internal(path) {
            Ok(bytes) => bytes.map(|bytes| self.parse(hex, &bytes)),
            Err(e) if is_write_failure(&e) => None,
            Err(e) => return Err(e),
        };
        // Held in memory: merged like a file, and written now if the directory allows.
        let held = on_disk.is_none().then(|| self.held_artifact(hex)).flatten();
        let retry = held.is_some();
        let existing = on_disk.or(held.map(|a| Ok((*a).clone())));
        let (mut artifact, created, repaired, changed) = match existing {
            Some(Ok(mut a)) => {
                if a.content != content {
                    return Err(Error::new(
                        Code::A006,
                        format!(
                            "ID {} は別の内容に使われています（ハッシュ衝突）",
                            full_id(hex)
                        ),
                    )
                    .at(path, None)
                    .hint("内容をわずかに変えて保存してください。"));
                }
                let before = a.metadata.clone();
                let m = &mut a.metadata;
                if let Some(t) = &opts.content_type {
                    m.content_type = t.clone();
                }
                if opts.source_file.is_some() {
                    m.source_file = opts.source_file.clone();
                }
                if opts.description.is_some() {
                    m.description = opts.description.clone();
                }
                m.tags.extend(opts.tags.clone());
                m.sha256 = sha.to_string();
                if m.source_tool.is_none() {
                    m.source_tool = opts.source_tool.clone();
                }
                let changed = *m != before || retry;
                (a, false, false, changed)
            }
            other => {
                let repaired = matches!(other, Some(Err(_)));
                let a = StoredArtifact {
                    content: content.to_string(),
                    metadata: ArtifactMetadata {
                        artifact_id: full_id(hex),
                        content_type: content_type.to_string(),
                        created_at: clock.timestamp(),
                        size_bytes: content.len() as u64,
                        source_file: opts.source_file.clone(),
                        description: opts.description.clone(),
                        tags: opts.tags.clone(),
                        sha256: sha.to_string(),
                        source_tool: opts.source_tool.clone(),
                        memory_only: false,
                    },
                };
                (a, !repaired, repaired, true)
            }
        };
        artifact.metadata.memory_only = false;
        let bytes = Self::encode(&artifact)?;
        let written = if changed {
            write_atomic(path, &bytes)
        } else {
            Ok(())
        };
        let (artifact, unwritten) = match written {
            Ok(()) => {
                self.release(hex);
                (artifact, None)
            }
            Err(e) if is_write_failure(&e) => (self.hold(artifact, &e), self.memory_only(hex)),
            Err(e) => return Err(e),
        };
        Ok(StoreOutcome {
            persisted: unwritten.is_none(),
            warning: unwritten.as_ref().map(WriteFailure::warning),
            unwritten,
            metadata: artifact.metadata,
            created,
            repaired,
            path: rel,
            file_bytes: bytes,
        })
    }

    /// Fetches the artifact `id` (validated first).
    pub fn fetch(&self, id: &str) -> Result<Arc<StoredArtifact>> {
        let hex = parse_id(id)?;
        if let Some(a) = self.held_artifact(&hex) {
            return Ok(a);
        }
        let path = self.file(&hex)?;
        let rel = Self::rel_path(&hex);
        let Some(stamp) = stamp_of(&path) else {
            self.cache().remove(&hex);
            return Err(Error::new(
                Code::A002,
                format!("アーティファクト {} が見つかりません", full_id(&hex)),
            )
            .hint("`noveler artifact list` で保存済みのIDを確認してください。")
            .suggest("noveler artifact list"));
        };
        if let Some(a) = self.cache().get(&hex, stamp) {
            return Ok(a);
        }
        let bytes = crate::store::text::read_internal(&path)?
            .ok_or_else(|| Error::io(&path, &std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        let artifact = Arc::new(
            self.parse(&hex, &bytes)
                .map_err(|reason| corrupt(&path, &rel, &reason))?,
        );
        self.cache().put(&hex, artifact.clone(), stamp);
        Ok(artifact)
    }

    /// Every readable artifact's metadata (sorted by `created_at`, then id) whose tags
    /// contain all of `tags`, the memory-held ones included (`memory_only`); unreadable
    /// files are reported in `corrupt`, never fatal.
    pub fn list(&self, tags: &BTreeMap<String, String>) -> Result<Listing> {
        let mut listing = match self.list_files(tags) {
            Ok(l) => l,
            // A directory that cannot be read beside artifacts held in memory: those are
            // listed, the directory reported like an unreadable file.
            Err(e) if is_write_failure(&e) && self.holds_memory_only() => Listing {
                corrupt: vec![CorruptEntry {
                    path: ARTIFACT_DIR.to_string(),
                    reason: format!("読み込めません（{}）", e.message),
                }],
                ..Listing::default()
            },
            Err(e) => return Err(e),
        };
        let on_disk: BTreeSet<String> = listing
            .artifacts
            .iter()
            .map(|m| m.artifact_id.clone())
            .collect();
        listing.artifacts.extend(
            self.held_metadata(tags)
                .into_iter()
                .filter(|m| !on_disk.contains(&m.artifact_id)),
        );
        listing
            .artifacts
            .sort_by(|a, b| (&a.created_at, &a.artifact_id).cmp(&(&b.created_at, &b.artifact_id)));
        Ok(listing)
    }

    /// `list` of the files only.
    fn list_files(&self, tags: &BTreeMap<String, String>) -> Result<Listing> {
        #[derive(Deserialize)]
        struct MetaOnly {
            #[allow(dead_code)]
            content: serde::de::IgnoredAny,
            metadata: ArtifactMetadata,
        }
        let mut listing = Listing::default();
        let dir = self.dir()?;
        let rd = match std::fs::read_dir(&dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(listing),
            Err(e) => return Err(Error::io(&dir, &e)),
        };
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            // Regular files only: a symlink (possibly leading out of the project) is skipped.
            .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .filter(|stem| parse_id(stem).is_ok())
            .collect();
        names.sort();
        for hex in names {
            let path = dir.join(format!("{hex}.json"));
            let rel = Self::rel_path(&hex);
            let bytes = match crate::store::text::read_internal(&path) {
                Ok(Some(b)) => b,
                Ok(None) => continue,
                Err(e) => {
                    listing.corrupt.push(CorruptEntry {
                        path: rel,
                        reason: format!("読み込めません（{}）", e.message),
                    });
                    continue;
                }
            };
            match serde_json::from_slice::<MetaOnly>(&bytes) {
                Ok(m) if m.metadata.artifact_id == full_id(&hex) => {
                    if tags.iter().all(|(k, v)| m.metadata.tags.get(k) == Some(v)) {
                        listing.artifacts.push(m.metadata);
                    }
                }
                Ok(m) => listing.corrupt.push(CorruptEntry {
                    path: rel,
                    reason: format!(
                        "メタデータのID {} がファイル名と一致しません",
                        m.metadata.artifact_id
                    ),
                }),
                Err(e) => listing.corrupt.push(CorruptEntry {
                    path: rel,
                    reason: format!("JSONとして読めません（{e}）"),
                }),
            }
        }
        listing
            .artifacts
            .sort_by(|a, b| (&a.created_at, &a.artifact_id).cmp(&(&b.created_at, &b.artifact_id)));
        Ok(listing)
    }

    /// Deletes artifact `id` after backing its file up. A corrupt file can be deleted too.
    /// `clock`: the call's (the backup's time).
    pub fn delete(&self, id: &str, clock: &Clock) -> Result<(Option<ArtifactMetadata>, BackupRef)> {
        let hex = parse_id(id)?;
        let path = self.file(&hex)?;
        let rel = Self::rel_path(&hex);
        let out = lock::with_lock(&self.lock_target()?, || {
            let bytes = match crate::store::text::read_internal(&path) {
                Ok(Some(b)) => b,
                Ok(None) => {
                    return Err(Error::new(
                        Code::A002,
                        format!("アーティファクト {} が見つかりません", full_id(&hex)),
                    )
                    .hint("`noveler artifact list` で保存済みのIDを確認してください。")
                    .suggest("noveler artifact list"))
                }
                Err(e) => return Err(e),
            };
            let meta = self.parse(&hex, &bytes).ok().map(|a| a.metadata);
            let backup = backup::backup_files(
                &self.root,
                std::slice::from_ref(&rel),
                &format!("artifact delete {}", full_id(&hex)),
                clock,
            )?;
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, &e))?;
            Ok((meta, backup))
        })?;
        self.cache().remove(&hex);
        self.release(&hex);
        Ok(out)
    }

    /// Ids referenced from files under `.noveler/` (see the module doc), and how many files
    /// were scanned.
    pub(crate) fn referenced_ids(&self) -> Result<(BTreeSet<String>, usize)> {
        let base = paths::inside(&self.root, ".noveler")?;
        let mut ids = BTreeSet::new();
        let mut scanned = 0;
        if !base.is_dir() {
            return Ok((ids, 0));
        }
        let walker = walkdir::WalkDir::new(&base)
            .follow_links(false)
            .into_iter()
            .filter_entry(|e| {
                !(e.depth() == 1
                    && e.file_type().is_dir()
                    && matches!(
                        e.file_name().to_str(),
                        Some("artifacts") | Some("backups") | Some("cache")
                    ))
            });
        for entry in walker.filter_map(|e| e.ok()) {
            let is_lock = entry.file_name().to_string_lossy().ends_with(".lock");
            if !entry.file_type().is_file() || is_lock {
                continue;
            }
            let Ok(Some(bytes)) = crate::store::text::read_internal(entry.path()) else {
                continue;
            };
            scanned += 1;
            find_ids(&bytes, &mut ids);
        }
        Ok((ids, scanned))
    }

    /// Removes unreferenced artifacts older than `min_age` (see the module doc).
    /// `clock`: the call's (what is recent; the backup's time).
    pub fn gc(&self, dry_run: bool, min_age: Duration, clock: &Clock) -> Result<GcOutcome> {
        lock::with_lock(&self.lock_target()?, || {
            let (referenced, scanned) = self.referenced_ids()?;
            // Files only: a memory-held artifact has no file to remove.
            let listing = self.list_files(&BTreeMap::new())?;
            let now = clock.now();
            let mut out = GcOutcome {
                scanned_files: scanned,
                corrupt: listing.corrupt,
                ..Default::default()
            };
            let mut doomed = Vec::new();
            for m in listing.artifacts {
                let id = m.artifact_id.clone();
                if referenced.contains(&id) {
                    out.kept_referenced.push(id);
                } else if m.tags.get("keep").map(String::as_str) == Some("true") {
                    out.kept_pinned.push(id);
                } else if is_recent(&m.created_at, now, min_age) {
                    out.kept_recent.push(id);
                } else {
                    doomed.push(id);
                }
            }
            if !dry_run && !doomed.is_empty() {
                let rels: Vec<String> = doomed
                    .iter()
                    .map(|id| Self::rel_path(id.trim_start_matches(ID_PREFIX)))
                    .collect();
                out.backup = Some(backup::backup_files(
                    &self.root,
                    &rels,
                    "artifact gc",
                    clock,
                )?);
                for rel in &rels {
                    let p = paths::inside(&self.root, rel)?;
                    std::fs::remove_file(&p).map_err(|e| Error::io(&p, &e))?;
                }
                let mut cache = self.cache();
                for id in &doomed {
                    cache.remove(id.trim_start_matches(ID_PREFIX));
                }
            }
            out.removed = doomed;
            Ok(out)
        })
    }
}

fn is_recent(created_at: &str, now: SystemTime, min_age: Duration) -> bool {
    if min_age.is_zero() {
        return false;
    }
    match humantime::parse_rfc3339_weak(created_at) {
        Ok(t) => now
            .duration_since(t)
            .map(|age| age < min_age)
            .unwrap_or(true),
        // An unparsable date is treated as recent: never delete what we cannot date.
        Err(_) => true,
    }
}

/// Adds every `artifact:<12 hex>` found in `bytes` to `ids`.
pub(crate) fn find_ids(bytes: &[u8], ids: &mut BTreeSet<String>) {
    let needle = ID_PREFIX.as_bytes();
    let mut i = 0;
    while i + needle.len() + 12 <= bytes.len() {
        if &bytes[i..i + needle.len()] == needle {
            let hex = &bytes[i + needle.len()..i + needle.len() + 12];
            let after = bytes.get(i + needle.len() + 12).copied();
            if hex.iter().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                && !after.is_some_and(|b| b.is_ascii_hexdigit())
            {
                ids.insert(format!("{ID_PREFIX}{}", String::from_utf8_lossy(hex)));
            }
            i += needle.len();
        } else {
            i += 1;
        }
    }
}
